//! The screens over the board: help (written from the key table), the
//! menus and forms, the level card, the high scores and the statistics. The
//! text pages' lines and boxes come from `app/pages.rs`, which the clicks
//! and the help's scrolling use too.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use super::boxes::drop_to_fit;
use super::level::level_of;
use super::tiles::Marks;
use crate::core::gravity::Gravity;
use crate::game::Mode;
use crate::ui::app::App;
use crate::ui::app::menus::{LIST_KEYS, SHORT_LIST_KEYS};
use crate::ui::app::pages::{variant, wrap};
use crate::ui::app::screen::{ListRow, ListView, Screen};
use crate::ui::layout::{MenuLayout, tile_sizes};
use crate::ui::theme::Paint;

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
            Some(Screen::Help { top }) => self.render_help(*top, area, buf),
            Some(Screen::LevelCard { .. }) if !self.card_waits() => {
                self.render_level_card(area, buf)
            }
            Some(Screen::LevelCard { .. }) | None => {}
            Some(Screen::Menu(_) | Screen::NewGame(_) | Screen::Settings(_)) => {
                if let Some((view, layout)) = self.list_layout(area) {
                    render_list(&view, &layout, self.frame(border::ROUNDED), buf);
                    if let Some(Screen::Settings(_)) = self.screens.last() {
                        self.render_preview(&layout, area, buf);
                    }
                }
            }
            Some(Screen::Scores(view)) => self.render_page(" High scores ", view.top, area, buf),
            Some(Screen::Stats(view)) => self.render_page(" Statistics ", view.top, area, buf),
        }
    }

    /// A few tiles of the theme in use under the settings, as they look on
    /// the board (in colour or not), centred under the form (left of a side
    /// panel the form leaves in sight, see [`App::box_room`]).
    fn render_preview(&self, layout: &MenuLayout, area: Rect, buf: &mut Buffer) {
        let y = layout.outer.bottom();
        if y + 3 > area.bottom() {
            return;
        }
        let Some(tile) = tile_sizes(self.theme.width()).find(|t| t.height == 3) else {
            return;
        };
        let kinds = self.theme.kinds().min(6) as u16;
        let width = tile.pitch_x * kinds;
        let room = self.box_room(area, layout.outer.width);
        let x = room.x + room.width.saturating_sub(width) / 2;
        for k in 0..kinds {
            let rect = Rect::new(x + tile.pitch_x * k, y + 1, tile.width, tile.height);
            self.render_tile(tile, rect, u32::from(k) + 1, Marks::default(), buf);
        }
    }

    fn render_help(&self, top: usize, area: Rect, buf: &mut Buffer) {
        let (lines, rect) = self.help_page(area);
        let most = self.help_max_top(area);
        // A click closes the help too: said where there is room, so a
        // player with the mouse alone knows how to go on.
        let keys = [
            " arrows scroll; Esc or click closes ",
            " arrows scroll; Esc closes ",
            " Esc, q, ? or click closes ",
            " Esc, q or ? closes ",
            " Esc closes ",
        ];
        let keys = first_fitting(&keys[2 * usize::from(most == 0)..], inside(rect));
        Clear.render(rect, buf);
        Paragraph::new(lines.into_iter().map(Line::raw).collect::<Vec<_>>())
            .scroll((u16::try_from(top.min(most)).unwrap_or(u16::MAX), 0))
            .block(
                self.frame(border::PLAIN)
                    .title(" Help ")
                    .title_bottom(Line::raw(keys).alignment(Alignment::Center)),
            )
            .render(rect, buf);
    }

    fn render_level_card(&self, area: Rect, buf: &mut Buffer) {
        let level = self.game.level();
        let heading = match (self.game.config().mode, self.game.config().daily) {
            (Mode::Levels, _) => level_of(&self.game, self.game.level()),
            // The day too: a date picked with `--daily DATE` is not today's.
            (Mode::Single(_), Some(day)) => format!("Daily deal {day}"),
            (Mode::Single(_), None) => "This board".to_string(),
        };
        // Each text wrapped between words to the room inside the borders: a
        // narrow screen cut them at the border ("a key or click goe").
        let room = usize::from(area.width.saturating_sub(2));
        let text = |text: &str, style: Style| -> Vec<Line<'static>> {
            wrap("", text, room)
                .into_iter()
                .map(|line| Line::styled(line, style).alignment(Alignment::Center))
                .collect()
        };
        let blank = || vec![Line::raw("")];
        // Ranked as the end boxes' lines are (see `drop_to_fit`), each text
        // and the picture kept whole or dropped whole: on a short screen the
        // blank lines go first, then the picture, then the time gained and
        // the variant's words; the heading and the way on stay.
        let variant = variant(level.gravity);
        let arrows = self.colours(Paint::Line, Paint::Table);
        let picture = picture(level.gravity)
            .iter()
            .map(|row| Line::styled(*row, arrows).alignment(Alignment::Center))
            .collect();
        let mut lines: Vec<(u8, Vec<Line>)> = vec![
            (4, blank()),
            (0, text(&heading, Style::new().add_modifier(Modifier::BOLD))),
        ];
        // Before its first move, as the status line's "daily replay" does:
        // the player learns it counts nowhere before playing it through.
        if self.replay {
            lines.push((1, text("A replay: not recorded", Style::new())));
        }
        lines.extend([
            (2, text(&variant, Style::new())),
            (4, blank()),
            (3, picture),
        ]);
        // The time left on the level just cleared, which the score gained.
        if let Some(r) = self.game.last_match().filter(|r| r.cleared && r.bonus > 0) {
            lines.extend([
                (4, blank()),
                (1, text(&format!("+{} time", r.bonus), Style::new())),
            ]);
        }
        lines.extend([
            (4, blank()),
            (0, text("a key or click goes on", Style::new())),
        ]);
        drop_to_fit(&mut lines, usize::from(area.height.saturating_sub(2)));
        let lines: Vec<Line> = lines.into_iter().flat_map(|(_, lines)| lines).collect();
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 6;
        let rect = self.centred_box(area, width, lines.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(self.frame(border::DOUBLE))
            .render(rect, buf);
    }

    /// The page on show of a paged screen on top (the high scores, the
    /// statistics), as drawn, in its box (the size of the screen's largest
    /// page, where [`App::page_on_top`] puts it for the clicks too), with
    /// what to press to leave it. A page longer than its box shows from
    /// line `top` and says when more is below.
    fn render_page(&self, title: &str, top: usize, area: Rect, buf: &mut Buffer) {
        let Some((mut text, rect, _)) = self.page_on_top(area) else {
            return;
        };
        let room = usize::from(rect.height.saturating_sub(2));
        let most = text.len().saturating_sub(room);
        let top = top.min(most);
        text.drain(..top);
        text.truncate(room);
        let keys = if top < most {
            first_fitting(&[" down: more; Esc back ", " down: more "], inside(rect))
        } else {
            // A click outside the box goes back too (inside, it turns the
            // page): said where there is room, for the mouse alone.
            first_fitting(
                &[" Esc or click outside: back ", " Esc back "],
                inside(rect),
            )
        };
        let keys = Line::raw(keys).alignment(Alignment::Center);
        Clear.render(rect, buf);
        Paragraph::new(text)
            .block(self.frame(border::ROUNDED).title(title).title_bottom(keys))
            .render(rect, buf);
    }
}

/// Draws a list where `layout` puts it: title, subtitle, rows with their
/// hotkey letter underlined, a field's value as `< value >`, a row that does
/// not fit dimmed with why, the highlighted row reversed, the key line.
fn render_list(view: &ListView, layout: &MenuLayout, frame: Block, buf: &mut Buffer) {
    Clear.render(layout.outer, buf);
    frame
        .title(format!(" {} ", view.title))
        .title_alignment(Alignment::Center)
        .render(layout.outer, buf);
    // Too wide for the box, the lines under the title wrap into the blank
    // line kept under them.
    match &view.subtitle {
        Some(sub)
            if sub
                .lines()
                .any(|l| l.width() > usize::from(layout.header.width)) =>
        {
            Paragraph::new(sub.as_str())
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .render(layout.header, buf);
        }
        Some(sub) => {
            for (line, row) in sub.lines().zip(layout.header.rows()) {
                Line::raw(line)
                    .alignment(Alignment::Center)
                    .render(row, buf);
            }
        }
        None => {}
    }
    // Rows scrolled out of sight are told by an arrow on the border.
    let (above, below) = layout.hidden(view.rows.len());
    for (rect, arrow, hidden) in [
        (layout.items.first(), "^", above),
        (layout.items.last(), "v", below),
    ] {
        let x = layout.outer.right().saturating_sub(1);
        if let Some(rect) = rect.filter(|r| hidden && buf.area.contains((x, r.y).into())) {
            buf.set_string(x, rect.y, arrow, Style::new());
        }
    }
    let shown = view.rows.iter().enumerate().skip(layout.first);
    let labels = view.labels();
    for ((i, row), rect) in shown.zip(&layout.items) {
        render_list_row(row, i == view.selected, *rect, labels, buf);
    }
    let lines = [LIST_KEYS, SHORT_LIST_KEYS, "Esc "].map(|keys| format!("{keys}{}", view.esc));
    let keys = first_fitting(
        &lines.each_ref().map(String::as_str),
        usize::from(layout.keys.width),
    );
    Line::styled(keys, Style::new().add_modifier(Modifier::DIM))
        .alignment(Alignment::Center)
        .render(layout.keys, buf);
}

/// The first of `choices` (what to press, longest first) no wider than
/// `room` columns, else the last: a centred line too wide for its place
/// loses its start ('l; Esc closes' on a help box 20 columns wide).
fn first_fitting<'a>(choices: &[&'a str], room: usize) -> &'a str {
    choices
        .iter()
        .find(|c| c.width() <= room)
        .or(choices.last())
        .copied()
        .unwrap_or_default()
}

/// The columns of a box's border between its corners, where its titles go.
fn inside(rect: Rect) -> usize {
    usize::from(rect.width.saturating_sub(2))
}

/// One row of a list in `rect`: reversed when `selected`, dimmed when it
/// does not fit or has nothing to act on (a note not `lit`), its label with the hotkey marked and its value or why on
/// the right.
fn render_list_row(row: &ListRow, selected: bool, rect: Rect, labels: usize, buf: &mut Buffer) {
    let mut base = if selected {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    } else {
        Style::new()
    };
    if row.note.is_some() && !row.lit {
        base = base.add_modifier(Modifier::DIM);
    }
    let mut spans = vec![Span::styled(if selected { " > " } else { "   " }, base)];
    spans.extend(hotkey_label(row, base));
    buf.set_style(rect, base);
    // The label gives way to the value on a row too narrow for both, with a
    // column between them (at 32 columns it ran into the `<`: `M<`).
    let right = row.right_text(usize::from(rect.width), labels);
    let taken = u16::try_from(right.width()).map_or(rect.width, |w| w.saturating_add(1));
    let label = Rect {
        width: rect.width.saturating_sub(taken).max(3),
        ..rect
    };
    Line::from(spans).render(label, buf);
    Line::styled(right, base)
        .alignment(Alignment::Right)
        .render(rect, buf);
}

/// A row's label in `base`, its hotkey letter underlined and bold; a key
/// that is no letter of the label (Help's `?`) is shown after it, so every
/// item says its key.
fn hotkey_label(row: &ListRow, base: Style) -> Vec<Span<'_>> {
    let hot = base.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
    let at = row
        .hotkey
        .and_then(|k| row.label.to_lowercase().find(k).map(|at| (at, k)));
    match at {
        Some((k, c)) if row.label.is_char_boundary(k + c.len_utf8()) => {
            let (before, rest) = row.label.split_at(k);
            let (letter, after) = rest.split_at(c.len_utf8());
            vec![
                Span::styled(before, base),
                Span::styled(letter, hot),
                Span::styled(after, base),
            ]
        }
        _ => {
            let mut spans = vec![Span::styled(row.label.as_str(), base)];
            if let Some(k) = row.key_after_label() {
                spans.extend([
                    Span::styled(" (", base),
                    Span::styled(k.to_string(), hot),
                    Span::styled(")", base),
                ]);
            }
            spans
        }
    }
}
