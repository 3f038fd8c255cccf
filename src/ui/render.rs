//! Drawing: `impl Widget for &App`. Reads the state, never changes it.
//!
//! Tiles are drawn first, then the line of the last match straight into the
//! buffer, then the status lines and any overlay (help, win, pause).

mod level;
mod line;
mod slide;
mod win;

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::core::grid::{EMPTY, Tile};
use crate::game::LOST_WARNING;
use crate::ui::app::{App, DEMO_NOTE};
use crate::ui::layout::{BoardLayout, Screen};

/// How a tile is marked; several marks may meet on one tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Marks {
    hint: bool,
    highlight: bool,
    cursor: bool,
    selected: bool,
    removed: bool,
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let screen = Screen::new(area);
        let Some(layout) = self.board_layout(area) else {
            self.render_too_small(area, buf);
            return;
        };
        self.render_title(screen.title, buf);
        self.render_status(screen.status, buf);
        if self.game.is_paused() {
            // Centred on the board space, not the board: a small board is
            // narrower than the text.
            let text = "Paused. Press p to resume.";
            centred_box(screen.middle, 4 + text.len() as u16, 3, buf);
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .render(centred(screen.middle, text.len() as u16, 1), buf);
        } else {
            self.render_board(&layout, buf);
        }
        if let Some(win) = self.game.win() {
            self.render_win(area, win, buf);
        }
        if let Some(loss) = self.game.time_up() {
            self.render_loss(area, loss, buf);
        }
        if self.help {
            self.render_help(area, buf);
        }
        if let Some(message) = &self.warning {
            self.render_message(area, message, buf);
        }
    }
}

impl App {
    fn render_board(&self, layout: &BoardLayout, buf: &mut Buffer) {
        let game = &self.game;
        let board = game.board();
        let hint = game.hint_pair();
        let highlight = game.highlight_kind();
        let sliding = self.sliding_to();
        for p in board.points() {
            let kind = board.get(p);
            if kind == EMPTY || sliding.contains(&p) {
                continue;
            }
            let marks = Marks {
                hint: hint.is_some_and(|(a, b)| a == p || b == p),
                highlight: highlight == Some(kind),
                cursor: game.cursor() == p,
                selected: game.selected() == Some(p),
                removed: false,
            };
            self.render_tile(layout.cell_rect(p), kind, marks, buf);
        }
        // A cursor on an empty cell is still shown, as brackets.
        let cursor = game.cursor();
        if board.get(cursor) == EMPTY && game.win().is_none() {
            let rect = layout.cell_rect(cursor);
            let (_, cy) = layout.centre(cursor);
            let style = Style::new().add_modifier(Modifier::BOLD);
            buf.set_string(rect.x, cy, "[", style);
            buf.set_string(rect.right() - 1, cy, "]", style);
        }
        self.render_slides(layout, buf);
        if let Some(removal) = game.removal(self.now) {
            let corners = &removal.path.corners;
            let ends = [corners.first(), corners.last()];
            for &p in ends.into_iter().flatten() {
                let marks = Marks {
                    removed: true,
                    ..Marks::default()
                };
                self.render_tile(layout.cell_rect(p), removal.kind, marks, buf);
            }
            let shown = self.now.saturating_duration_since(removal.at);
            let style = self.line_style();
            line::draw(layout, corners, grown(shown), style, buf);
        }
    }

    fn line_style(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.color {
            style.fg(Color::LightYellow)
        } else {
            style
        }
    }

    fn render_tile(&self, rect: Rect, kind: Tile, marks: Marks, buf: &mut Buffer) {
        let glyph = self.theme.glyph(kind);
        let symbol = glyph.map_or("?", |g| g.symbol.as_str());
        let mut style = Style::new();
        if self.color {
            let bg = glyph.map_or(Color::White, |g| g.color);
            style = style.fg(Color::Black).bg(bg);
        }
        if marks.selected || marks.removed {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        if marks.cursor {
            style = style.add_modifier(Modifier::BOLD);
        }
        if marks.hint {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if marks.highlight {
            style = style.add_modifier(Modifier::ITALIC);
        }
        buf.set_style(rect, style);
        let cy = rect.y + rect.height / 2;
        let cx = rect.x + rect.width / 2;
        if rect.width >= 5 && rect.height >= 3 {
            let set = if marks.selected || marks.removed {
                border::DOUBLE
            } else if marks.cursor {
                border::THICK
            } else if marks.hint {
                border::ROUNDED
            } else if marks.highlight {
                border::LIGHT_DOUBLE_DASHED
            } else {
                border::PLAIN
            };
            Block::bordered()
                .border_set(set)
                .border_style(style)
                .render(rect, buf);
        }
        let (left, right) = if marks.cursor {
            ("[", "]")
        } else if marks.removed {
            ("*", "*")
        } else if marks.hint {
            ("<", ">")
        } else if marks.highlight {
            ("{", "}")
        } else {
            (" ", " ")
        };
        if rect.width >= 3 {
            buf.set_string(cx - 1, cy, left, style);
            buf.set_string(cx + 1, cy, right, style);
        }
        buf.set_string(cx, cy, symbol, style);
    }

    fn render_title(&self, area: Rect, buf: &mut Buffer) {
        const TITLE: &str = " lianliankan";
        let now = self.now;
        let message = match self.game.notice(now) {
            Some(n) => n.text().to_string(),
            None if self.demo.is_some() => DEMO_NOTE.to_string(),
            None if self.game.is_unwinnable() => LOST_WARNING.to_string(),
            None => match self.game.removal(now) {
                Some(r) if self.game.streak() > 0 => {
                    format!("+{}  streak x{}", r.points, self.game.streak() + 1)
                }
                Some(r) => format!("+{}", r.points),
                None => self.note.unwrap_or_default().to_string(),
            },
        };
        let style = if self.color {
            Style::new()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        let message = format!("{message} ");
        let room = message.chars().count() as u16 + 1;
        // On a narrow screen the message goes before the title, not over it.
        if usize::from(room) + TITLE.len() <= usize::from(area.width) {
            let title = Style::new().add_modifier(Modifier::BOLD);
            Line::styled(TITLE, title).render(area, buf);
            self.render_time_bar(area, room, buf);
        }
        Line::styled(message, style)
            .alignment(Alignment::Right)
            .render(area, buf);
    }

    fn render_status(&self, area: Rect, buf: &mut Buffer) {
        let style = if self.color {
            Style::new().fg(Color::Black).bg(Color::Gray)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        };
        buf.set_style(area, style);
        Line::raw(self.status_text(area.width)).render(area, buf);
    }

    /// The status line, in the most explicit wording that fits `width`
    /// columns: key reminders go first, then the long labels.
    fn status_text(&self, width: u16) -> String {
        let g = &self.game;
        let (label, score, time) = (level::label(g), g.score(), clock(g.elapsed(self.now)));
        let (tiles, hints, shuffles) =
            (g.board().tile_count(), g.hints_left(), g.reshuffles_left());
        let full = format!(
            " {label}  Score {score}  Time {time}  Tiles {tiles}  Hints {hints} t  Shuffles {shuffles} r  ? help"
        );
        let plain = format!(
            " {label}  Score {score}  Time {time}  Tiles {tiles}  Hints {hints}  Shuffles {shuffles}  ?"
        );
        let compact =
            format!(" {label} Score {score} {time} Tiles {tiles} Hints {hints} Shuf {shuffles}");
        [full, plain]
            .into_iter()
            .find(|text| text.chars().count() <= usize::from(width))
            .unwrap_or(compact)
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        const KEYS: [(&str, &str); 13] = [
            ("arrows, h j k l", "move the cursor"),
            ("Space, Enter", "select the tile under the cursor"),
            ("left click", "select the tile under the pointer"),
            ("", "select the same tile again to drop it"),
            ("f, right click", "highlight every tile of that kind"),
            ("t", "hint: a pair that keeps the game winnable"),
            ("r", "reshuffle (free once the game is lost)"),
            ("u; U, Ctrl-R", "undo; redo (matches, reshuffles, hints)"),
            ("p", "pause and hide the board"),
            ("n", "new game"),
            ("?", "this help (Esc closes it)"),
            ("q, Esc, Ctrl-C", "quit"),
            ("", ""),
        ];
        const RULES: [&str; 6] = [
            " Join two equal tiles by a line with at most two turns",
            " through empty cells, also round the outside. Every deal",
            " can be won; the title line warns when a move makes that",
            " impossible. Quick matches score more, help makes the next",
            " score less; undo or a hint marks the game assisted.",
            " Then tiles may slide (the variant is on the status line).",
        ];
        // On a short screen the rules go, so the keys and the seed still show.
        let rules = if usize::from(area.height) < KEYS.len() + RULES.len() + 4 {
            &RULES[..0]
        } else {
            &RULES[..]
        };
        let lines: Vec<Line> = KEYS
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
        let rect = centred(area, 62, lines.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(Block::bordered().title(" Help "))
            .render(rect, buf);
    }

    fn render_too_small(&self, area: Rect, buf: &mut Buffer) {
        let board = self.game.board();
        let (w, h) = BoardLayout::min_screen(board.rows(), board.cols());
        let lines = vec![
            Line::raw("Please make the terminal larger."),
            Line::raw(format!(
                "This board needs {w} x {h}; it is {} x {}.",
                area.width, area.height
            )),
            Line::raw("(q quits)"),
        ];
        let rect = Rect::new(
            area.x,
            area.y + area.height.saturating_sub(3) / 2,
            area.width,
            3,
        );
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(rect.intersection(area), buf);
    }
}

/// How much of a match line is drawn `shown` after the match: it grows over
/// the first two thirds of its time on screen, then stays whole.
fn grown(shown: Duration) -> f32 {
    let grow = crate::game::REMOVAL_TIME.as_secs_f32() * 2.0 / 3.0;
    (shown.as_secs_f32() / grow).clamp(0.0, 1.0)
}

/// `m:ss`, or `h:mm:ss` after an hour.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A rectangle of at most `w` x `h` centred in `area`.
fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Clears a bordered box of `w` x `h` in the middle of `area`.
fn centred_box(area: Rect, w: u16, h: u16, buf: &mut Buffer) {
    let rect = centred(area, w, h);
    Clear.render(rect, buf);
    Block::bordered().render(rect, buf);
}

#[cfg(test)]
mod level_tests;
#[cfg(test)]
mod tests;
