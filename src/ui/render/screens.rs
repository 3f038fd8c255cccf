//! The screens over the board: help (written from the key table), the menus
//! and the level card.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::centred;
use crate::core::gravity::Gravity;
use crate::game::Mode;
use crate::ui::app::keys::{BOARD_KEYS, MOUSE_HELP};
use crate::ui::app::screen::{Menu, Screen};
use crate::ui::app::{App, MENU_KEYS};
use crate::ui::layout::MenuLayout;
use crate::ui::theme::Paint;

/// The rules in a few lines, under the keys when there is room.
const RULES: [&str; 5] = [
    " Join two equal tiles by a line with at most two turns through",
    " empty cells, also round the outside. Every deal can be won;",
    " the title line warns when a move makes that impossible. Quick",
    " matches score more; undo or a hint marks the game assisted.",
    " On some levels tiles slide: the status line names the variant.",
];

/// What a gravity variant does, in a few words, for the level card.
pub(super) fn describe(gravity: Gravity) -> &'static str {
    match gravity {
        Gravity::None => "nothing moves",
        Gravity::Down => "tiles fall",
        Gravity::Up => "tiles rise",
        Gravity::Left => "tiles slide left",
        Gravity::Right => "tiles slide right",
        Gravity::CenterH => "rows close towards the middle",
        Gravity::CenterV => "columns close towards the middle",
    }
}

/// A picture of how the tiles of a gravity variant move, in plain
/// characters (arrows from the Unicode blocks are of ambiguous width).
pub(super) fn picture(gravity: Gravity) -> &'static [&'static str] {
    match gravity {
        Gravity::None => &[" [] [] [] ", " [] [] [] "],
        Gravity::Down => &[" |  |  | ", " v  v  v "],
        Gravity::Up => &[" ^  ^  ^ ", " |  |  | "],
        Gravity::Left => &[" <------ ", " <------ "],
        Gravity::Right => &[" ------> ", " ------> "],
        Gravity::CenterH => &[" --> <-- ", " --> <-- "],
        Gravity::CenterV => &[" |  |  | ", " v  v  v ", " ^  ^  ^ ", " |  |  | "],
    }
}

impl App {
    /// Draws the screen on top of the stack, if any.
    pub(super) fn render_screen(&self, area: Rect, buf: &mut Buffer) {
        match self.screens.last() {
            Some(Screen::Help) => self.render_help(area, buf),
            Some(Screen::LevelCard { from }) if self.now >= *from => {
                self.render_level_card(area, buf)
            }
            Some(Screen::LevelCard { .. }) | None => {}
            Some(Screen::Menu(_)) => {
                if let Some((menu, layout)) = self.menu_layout(area) {
                    render_menu(menu, &layout, buf);
                }
            }
        }
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let rows = BOARD_KEYS
            .iter()
            .map(|b| (b.label, b.help))
            .chain(MOUSE_HELP)
            .collect::<Vec<_>>();
        // On a short screen the rules go, so the keys and the seed still show.
        let rules = if usize::from(area.height) < rows.len() + RULES.len() + 4 {
            &RULES[..0]
        } else {
            &RULES[..]
        };
        let lines: Vec<Line> = rows
            .iter()
            .map(|(k, what)| Line::raw(format!(" {k:<16} {what}")))
            .chain(rules.iter().map(|r| Line::raw(*r)))
            .chain([
                Line::raw(""),
                Line::raw(format!(
                    " Replay this deal with --seed {}",
                    self.game.config().seed
                )),
            ])
            .collect();
        let width = lines.iter().map(Line::width).max().unwrap_or(0) + 3;
        let rect = centred(area, width as u16, lines.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .title(" Help ")
                    .title_bottom(Line::raw(" Esc or ? closes ").alignment(Alignment::Center)),
            )
            .render(rect, buf);
    }

    fn render_level_card(&self, area: Rect, buf: &mut Buffer) {
        let level = self.game.level();
        let levels = self.game.config().mode.levels();
        let heading = match self.game.config().mode {
            Mode::Levels => format!("Level {} of {levels}", level.number + 1),
            Mode::Single(_) => "Next board".to_string(),
        };
        let centre = |text: String| Line::raw(text).alignment(Alignment::Center);
        let mut lines = vec![
            Line::raw(""),
            Line::styled(heading, Style::new().add_modifier(Modifier::BOLD))
                .alignment(Alignment::Center),
            centre(format!(
                "{}: {}",
                level.gravity.name(),
                describe(level.gravity)
            )),
            Line::raw(""),
        ];
        let arrows = self.colours(Paint::Line, Paint::Table);
        lines.extend(
            picture(level.gravity)
                .iter()
                .map(|row| Line::styled(*row, arrows).alignment(Alignment::Center)),
        );
        // The time left on the level just cleared, which the score gained.
        if let Some(r) = self.game.last_match().filter(|r| r.cleared && r.bonus > 0) {
            lines.extend([Line::raw(""), centre(format!("+{} time", r.bonus))]);
        }
        lines.extend([Line::raw(""), centre("any key goes on".to_string())]);
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 6;
        let rect = centred(area, width, lines.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(Block::bordered().border_set(border::DOUBLE))
            .render(rect, buf);
    }
}

/// Draws `menu` where `layout` puts it: title, subtitle, items with their
/// hotkey letter underlined and the highlighted one reversed, the key line.
fn render_menu(menu: &Menu, layout: &MenuLayout, buf: &mut Buffer) {
    Clear.render(layout.outer, buf);
    Block::bordered()
        .border_set(border::ROUNDED)
        .title(format!(" {} ", menu.title()))
        .title_alignment(Alignment::Center)
        .render(layout.outer, buf);
    if let Some(sub) = menu.subtitle() {
        Line::raw(sub)
            .alignment(Alignment::Center)
            .render(layout.header, buf);
    }
    for (i, (item, rect)) in menu.items.iter().zip(&layout.items).enumerate() {
        let base = if i == menu.selected {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::new()
        };
        let hot = base.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        let at = item.label.to_lowercase().find(item.hotkey);
        let mut spans = vec![Span::styled(
            if i == menu.selected { " > " } else { "   " },
            base,
        )];
        match at {
            Some(k) => {
                let (before, rest) = item.label.split_at(k);
                let (letter, after) = rest.split_at(1);
                spans.extend([
                    Span::styled(before, base),
                    Span::styled(letter, hot),
                    Span::styled(after, base),
                ]);
            }
            None => spans.push(Span::styled(item.label, base)),
        }
        buf.set_style(*rect, base);
        Line::from(spans).render(*rect, buf);
    }
    Line::styled(MENU_KEYS, Style::new().add_modifier(Modifier::DIM))
        .alignment(Alignment::Center)
        .render(layout.keys, buf);
}
