//! The end-of-game boxes over the board (the win box and the time-up box):
//! their lines, each with how soon it goes on a short screen, and their
//! keys, wrapped on a narrow one, so that what the box says last (which
//! keys lead on) is never the part cut off.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::ui::app::App;
use crate::ui::app::keys::{self, Command};

/// The gap between two keys on a box's key line.
const KEY_GAP: &str = "   ";

/// A line of a box and how soon it goes when the screen is short: the
/// highest first, the last of equals first; 0 never goes.
pub(super) type Ranked<'a> = (u8, Line<'a>);

/// The keys of a finished game's box, each named as the key table names
/// it (see [`keys::names`]), so that the box and the keys cannot drift
/// apart: `n  new game`, `u  undo` when `undo` is offered, `Esc or click
/// menu` and `q  quit`.
pub(super) fn end_keys(undo: bool) -> Vec<String> {
    let first = |command| keys::names(command).next().unwrap_or_default();
    let mut line = vec![format!("{}  new game", first(Command::NewGame))];
    if undo {
        line.push(format!("{}  undo", first(Command::Undo)));
    }
    line.push(format!("{} or click  menu", first(Command::Back)));
    line.push(format!("{}  quit", first(Command::Quit)));
    line
}

/// The keys of the win box's name prompt: Enter records the name typed,
/// the key table's Control key for undo undoes (the prompt types the
/// other letters), Esc or a click opens the menu.
pub(super) fn prompt_keys() -> Vec<String> {
    let ctrl = |command| keys::names(command).find(|k| k.starts_with("Ctrl-"));
    let esc = keys::names(Command::Back).next().unwrap_or_default();
    let mut line = vec!["Enter record".to_string()];
    line.extend(ctrl(Command::Undo).map(|key| format!("{key} undo")));
    line.push(format!("{esc} or click menu"));
    line
}

/// A line centred in its box.
pub(super) fn centre(text: String) -> Line<'static> {
    Line::raw(text).alignment(Alignment::Center)
}

impl App {
    /// Draws a box titled `title` holding `lines` and then `keys` (each
    /// `"n  new game"` and the like), centred in `area`: at least `least`
    /// columns wide, as wide as its widest line where the screen allows,
    /// the keys on as many lines as the width needs, and the least needed
    /// lines dropped until it fits the screen's height.
    pub(super) fn render_end_box(
        &self,
        area: Rect,
        title: &str,
        mut lines: Vec<Ranked<'_>>,
        keys: &[String],
        least: u16,
        buf: &mut Buffer,
    ) {
        let one_line = keys.join(KEY_GAP);
        let widest = lines
            .iter()
            .map(|(_, l)| l.width())
            .chain([one_line.len()])
            .max()
            .unwrap_or(0);
        let width = u16::try_from(widest + 4)
            .unwrap_or(u16::MAX)
            .max(least)
            .min(area.width);
        let keys = key_lines(keys, usize::from(width.saturating_sub(2)));
        // The keys stay whole: the other lines make room for them.
        let room = usize::from(area.height.saturating_sub(2)).saturating_sub(keys.len());
        drop_to_fit(&mut lines, room);
        let mut shown: Vec<Line> = lines.into_iter().map(|(_, l)| l).collect();
        shown.extend(keys);
        let rect = self.centred_box(area, width, shown.len() as u16 + 2);
        Clear.render(rect, buf);
        Paragraph::new(shown)
            .block(self.frame(border::DOUBLE).title(title))
            .render(rect, buf);
    }
}

/// What [`drop_to_fit`] keeps or drops whole: a line, or lines that go
/// together (a text wrapped, a picture).
pub(super) trait Rows {
    /// The rows it takes.
    fn rows(&self) -> usize;
}

impl Rows for Line<'_> {
    fn rows(&self) -> usize {
        1
    }
}

impl Rows for Vec<Line<'_>> {
    fn rows(&self) -> usize {
        self.len()
    }
}

/// Drops the least needed of `lines` (the highest rank, the last of equals
/// first) until they take at most `room` rows or only lines of rank 0
/// remain.
pub(super) fn drop_to_fit<T: Rows>(lines: &mut Vec<(u8, T)>, room: usize) {
    while lines.iter().map(|(_, l)| l.rows()).sum::<usize>() > room {
        // `max_by_key` gives the last of equals.
        let Some(worst) = (0..lines.len()).max_by_key(|&i| lines[i].0) else {
            break;
        };
        if lines[worst].0 == 0 {
            break;
        }
        lines.remove(worst);
    }
}

/// `keys` on centred lines of at most `width` columns, as few as they fit
/// on, a key never split between two lines (one wider than `width` has a
/// line of its own, cut where it is drawn).
fn key_lines(keys: &[impl AsRef<str>], width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<String> = Vec::new();
    for key in keys.iter().map(AsRef::as_ref) {
        match lines.last_mut() {
            Some(line) if line.len() + KEY_GAP.len() + key.len() <= width => {
                line.push_str(KEY_GAP);
                line.push_str(key);
            }
            _ => lines.push(key.to_string()),
        }
    }
    lines.into_iter().map(centre).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn keys_share_a_line_while_they_fit_and_wrap_whole_beyond() {
        let keys = ["n  new game", "u  undo", "Esc  menu", "q  quit"];
        assert_eq!(
            texts(&key_lines(&keys, 80)),
            ["n  new game   u  undo   Esc  menu   q  quit"]
        );
        assert_eq!(
            texts(&key_lines(&keys, 28)),
            ["n  new game   u  undo", "Esc  menu   q  quit"]
        );
        assert_eq!(texts(&key_lines(&keys, 5)), keys);
    }

    #[test]
    fn the_least_needed_lines_go_first_and_rank_0_stays() {
        let mut lines: Vec<Ranked> = [(9, "a"), (2, "b"), (9, "c"), (0, "d")]
            .map(|(rank, text)| (rank, Line::raw(text)))
            .to_vec();
        drop_to_fit(&mut lines, 2);
        assert_eq!(
            texts(&lines.iter().map(|l| l.1.clone()).collect::<Vec<_>>()),
            ["b", "d"]
        );
        drop_to_fit(&mut lines, 0);
        assert_eq!(lines.len(), 1, "rank 0 stays");
        // Found by the review: of equals the first went, not the last
        // (`max_by_key` gives the last of equals, and the indices ran
        // backwards); the lines above could not tell, as both 9s went.
        let mut lines: Vec<Ranked> = [(9, "a"), (9, "b"), (0, "c")]
            .map(|(rank, text)| (rank, Line::raw(text)))
            .to_vec();
        drop_to_fit(&mut lines, 2);
        assert_eq!(
            texts(&lines.iter().map(|l| l.1.clone()).collect::<Vec<_>>()),
            ["a", "c"],
            "the last of equals goes first"
        );
    }
}
