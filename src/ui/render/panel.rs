//! The side panel, right of the board when the screen has room: the level
//! and its variant, the difficulty, score, time, the combo of quick matches
//! while it lasts, tiles, hints and reshuffles left, and the keys. It
//! replaces the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::level::{time_bar, time_paint};
use super::{clock, level};
use crate::game::Mode;
use crate::ui::app::App;
use crate::ui::app::keys::{self, Command};
use crate::ui::app::pages::{variant, wrap};
use crate::ui::theme::Paint;

/// The keys the panel lists, with a word each, most needed first (a short
/// panel drops them from the end).
const KEYS: [(Command, &str); 10] = [
    (Command::Help, "help"),
    (Command::Hint, "hint"),
    (Command::Reshuffle, "shuffle"),
    (Command::Undo, "undo"),
    (Command::Redo, "redo"),
    (Command::Highlight, "show kind"),
    (Command::Pause, "pause"),
    (Command::Back, "menu"),
    (Command::NewGame, "new game"),
    (Command::Quit, "quit"),
];

/// The panel's styles and the columns inside its border, which every part
/// of it shares.
struct Look {
    /// Values.
    text: Style,
    /// Labels and the gravity line.
    dim: Style,
    /// The heading, the score, the time and the keys.
    bold: Style,
    /// The columns between the border and the space inside it on each side.
    inner: usize,
}

impl Look {
    /// A label on the left, its value on the right.
    fn row(&self, label: &str, value: String, style: Style) -> Line<'static> {
        let pad = self
            .inner
            .saturating_sub(label.chars().count() + value.chars().count());
        Line::from(vec![
            Span::styled(format!(" {label}"), self.dim),
            Span::styled(format!("{}{value}", " ".repeat(pad)), style),
        ])
    }
}

impl App {
    /// Draws the side panel in `area`.
    pub(super) fn render_panel(&self, area: Rect, buf: &mut Buffer) {
        let text = self.colours(Paint::PanelText, Paint::Table);
        let look = Look {
            text,
            dim: self.colours(Paint::PanelDim, Paint::Table),
            bold: text.add_modifier(Modifier::BOLD),
            inner: usize::from(area.width.saturating_sub(4)),
        };
        let mut lines = self.panel_heading(&look);
        lines.push(Line::raw(""));
        lines.extend(self.panel_figures(&look));
        lines.push(Line::raw(""));
        lines.push(Line::styled(" click equal pairs", look.dim));
        // The status line it replaces says a click there opens the menu.
        lines.push(Line::styled(" click title: menu", look.dim));
        // A short panel cuts the keys from the end.
        lines.extend(self.panel_keys(&look));
        Paragraph::new(lines)
            .style(look.text)
            .wrap(Wrap { trim: false })
            .block(
                self.frame(border::ROUNDED)
                    .border_style(look.dim)
                    .title(Line::styled(" lianliankan ", look.bold).alignment(Alignment::Center)),
            )
            .render(area, buf);
    }

    /// What is played: the level (or the daily or single board, and
    /// whether the daily is a replay), then its gravity and what that does.
    fn panel_heading(&self, look: &Look) -> Vec<Line<'static>> {
        let g = &self.game;
        let level = g.level_on_show(self.now);
        let heading = match (g.config().mode, g.config().daily) {
            (Mode::Levels, _) => level::level_of(g, level),
            (Mode::Single(_), Some(day)) => format!("Daily {day}"),
            (Mode::Single(_), None) => "This board".to_string(),
        };
        let mut lines = vec![Line::styled(format!(" {heading}"), look.bold)];
        if self.replay {
            lines.push(Line::styled(" a replay", look.bold));
        }
        // Wrapped here, each line between spaces as the others are: the
        // paragraph's own wrap put "middle" against the border. `wrap`'s
        // width counts the leading space, so the text gets `inner` columns.
        let gravity = variant(level.gravity);
        let room = look.inner + 1;
        lines.extend(
            wrap(" ", &gravity, room)
                .into_iter()
                .map(|l| Line::styled(l, look.dim)),
        );
        lines
    }

    /// The game's figures, a label and a value a row: difficulty, score,
    /// time (with its bar when timed), combo, tiles, hints and reshuffles.
    fn panel_figures(&self, look: &Look) -> Vec<Line<'static>> {
        let g = &self.game;
        let (text, dim, bold) = (look.text, look.dim, look.bold);
        let mut lines = vec![
            look.row("Difficulty", g.config().difficulty.to_string(), text),
            look.row("Score", g.score().to_string(), bold),
        ];
        match (g.time_limit(), g.remaining_on_show(self.now)) {
            (Some(limit), Some(left)) => {
                let style = match self.paint(time_paint(left, limit)) {
                    Some(c) => bold.fg(c),
                    None => bold,
                };
                lines.push(look.row("Time left", level::shown_left(left), style));
                let bar = time_bar(look.inner.saturating_sub(2) as u16, left, limit);
                lines.push(Line::styled(format!(" {bar}"), style));
            }
            _ => lines.push(look.row("Time", clock(g.elapsed(self.now)), bold)),
        }
        lines.push(match g.combo(self.now) {
            Some(n) => {
                let combo = self.colours(Paint::Combo, Paint::Table);
                look.row("Combo", format!("x{n}"), combo.add_modifier(Modifier::BOLD))
            }
            None => look.row("Combo", "-".to_string(), dim),
        });
        lines.extend([
            look.row("Tiles", self.tiles_on_show().to_string(), text),
            look.row(
                "Hints",
                match self.settings.hints {
                    true => format!("{} left  {}", g.hints_left(), keys::label(Command::Hint)),
                    false => "off".to_string(),
                },
                text,
            ),
            look.row(
                "Shuffles",
                format!(
                    "{} left  {}",
                    g.reshuffles_left(),
                    keys::label(Command::Reshuffle)
                ),
                text,
            ),
        ]);
        lines
    }

    /// The keys of [`KEYS`] on offer (no hint key when hints are off), a
    /// key and its word a line.
    fn panel_keys(&self, look: &Look) -> impl Iterator<Item = Line<'static>> {
        let (bold, dim) = (look.bold, look.dim);
        KEYS.iter()
            .filter(|&&(c, _)| c != Command::Hint || self.settings.hints)
            .map(move |&(c, what)| {
                let key = keys::label(c);
                Line::from(vec![
                    Span::styled(format!(" {key:<9}"), bold),
                    Span::styled(format!(" {what}"), dim),
                ])
            })
    }
}
