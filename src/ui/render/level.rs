//! What the levels add to the screen: the level and its gravity variant on
//! the status line, the shrinking time bar of a timed level on the title
//! line, and the box shown when the time has run out.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;

use super::boxes::{centre, end_keys};
use super::clock;
use crate::core::gravity::Gravity;
use crate::game::{Difficulty, Game, LEVEL_COUNT, Level, Mode, TimeUp, seconds_begun};
use crate::ui::app::App;
use crate::ui::theme::Paint;

/// Where the time bar starts on the title line (after " lianliankan").
const BAR_X: u16 = 14;
/// The most cells the inside of the time bar takes.
const BAR_WIDTH: u16 = 20;
/// The fewest: with less room the time left shows without its bar.
const MIN_BAR_WIDTH: u16 = 5;
/// The level, variant and difficulty for the status line: `Lv 2/7 down
/// hard` in a run of levels, just the variant and difficulty (`down hard`)
/// in a game of one variant, `daily down` for the day's deal (`daily replay
/// down` for a `replay` of a day played). The defaults go unsaid: normal
/// difficulty (as an untimed game), so the default status line keeps its
/// tile count at 80 columns, and no gravity, whose name "none" told a new
/// player nothing there (the side panel and the level card say "none:
/// nothing moves"). So a game of neither has no label at all. `level` is
/// the level on show ([`Game::level_on_show`]).
pub(super) fn label(game: &Game, level: Level, replay: bool) -> String {
    let lead = match game.config().mode {
        Mode::Single(_) if game.config().daily.is_some() => {
            Some(if replay { "daily replay" } else { "daily" }.to_string())
        }
        Mode::Single(_) => None,
        Mode::Levels => Some(format!("Lv {}/{LEVEL_COUNT}", level.number + 1)),
    };
    let gravity = (level.gravity != Gravity::None).then(|| level.gravity.name().to_string());
    let difficulty = match game.config().difficulty {
        Difficulty::Normal => None,
        other => Some(other.to_string()),
    };
    [lead, gravity, difficulty]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where a run of levels stands at `level`, as the level card and the side
/// panel head it: "Level 3 of 7".
pub(super) fn level_of(game: &Game, level: Level) -> String {
    let levels = game.config().mode.levels();
    format!("Level {} of {levels}", level.number + 1)
}

/// How many of `width` cells stand for `left` of `limit` (rounded up, so the
/// bar empties only when the time is up).
fn filled(width: u16, left: f32, limit: f32) -> u16 {
    if limit <= 0.0 {
        return 0;
    }
    let cells = (f32::from(width) * (left / limit).clamp(0.0, 1.0)).ceil();
    cells as u16
}

/// The time bar `[=====     ]` with `width` cells inside, filled for `left`
/// of `limit`: the title line and the side panel draw the same bar.
pub(super) fn time_bar(width: u16, left: Duration, limit: Duration) -> String {
    let full = filled(width, left.as_secs_f32(), limit.as_secs_f32());
    format!(
        "[{}{}]",
        "=".repeat(usize::from(full)),
        " ".repeat(usize::from(width - full))
    )
}

/// The colour of the time left: amber under a quarter of the limit, red
/// under a tenth.
pub(super) fn time_paint(left: Duration, limit: Duration) -> Paint {
    if left * 10 < limit {
        Paint::TimeCritical
    } else if left * 4 < limit {
        Paint::TimeLow
    } else {
        Paint::TimeOk
    }
}

/// The columns of a title line `width` wide left for the time bar, right of
/// the title and left of a message `room` columns wide.
fn time_room(width: u16, room: u16) -> u16 {
    width.saturating_sub(BAR_X + room)
}

/// Whether a title line `width` columns wide, `message` on its right, has
/// `columns` free for the time left (see [`App::time_forms`]).
pub(super) fn time_fits(width: u16, message: &str, columns: usize) -> bool {
    usize::from(time_room(width, message_room(message))) >= columns
}

/// The columns `message` takes at the right end of the title line, with a
/// space either side.
pub(super) fn message_room(message: &str) -> u16 {
    u16::try_from(message.width())
        .unwrap_or(u16::MAX)
        .saturating_add(2)
}

/// The time left in whole seconds rounded up: 0:00 only when the time is up.
pub(super) fn shown_left(left: Duration) -> String {
    clock(Duration::from_secs(seconds_begun(left)))
}

impl App {
    /// The time bar of a timed level, `[=====     ] 1:23`, on the title line,
    /// after the title if `titled` (else from the line's start), leaving the
    /// `room` columns at its right end free (for the message there and a
    /// space before it): narrower when needed, then just the time.
    pub(super) fn render_time_bar(&self, area: Rect, titled: bool, room: u16, buf: &mut Buffer) {
        let (Some(limit), Some(left)) = (
            self.game.time_limit(),
            self.game.remaining_on_show(self.now),
        ) else {
            return;
        };
        let shown = shown_left(left);
        let x = if titled { BAR_X } else { 1 };
        let free = area.width.saturating_sub(x + room);
        // Said to be the time left where it fits, with its bar or without
        // it (found by the play-tests: play44 read two unnamed clocks going
        // opposite ways, the status line's Time counting up; pt45 saw
        // "4:41" alone where "4:41 left" fitted). Right before a message it
        // ends in a semicolon, as the intro's clauses do: "4:45 left click
        // two equal tiles" read as a left click (the check run, check45).
        let message = room > message_room("");
        let labelled = format!("{shown} left{}", if message { ";" } else { "" });
        let bar_width = |text: &str| free.saturating_sub(text.len() as u16 + 3).min(BAR_WIDTH);
        let fits = |text: &str| free >= text.len() as u16;
        let (mut text, width) = match (bar_width(&labelled), bar_width(&shown)) {
            (width, _) if width >= MIN_BAR_WIDTH => (labelled, width),
            _ if fits(&labelled) => (labelled, 0),
            (_, width) if width >= MIN_BAR_WIDTH => (shown, width),
            _ if fits(&shown) => (shown, 0),
            _ => return,
        };
        let used = text.len() as u16 + if width > 0 { width + 3 } else { 0 };
        // Three spaces or more part it from the message as well.
        if free > used {
            text = text.trim_end_matches(';').to_string();
        }
        let bar = if width > 0 {
            format!("{} {text}", time_bar(width, left, limit))
        } else {
            text
        };
        // Without colour: underlined under a quarter, reversed under a tenth.
        let paint = time_paint(left, limit);
        let style = match (self.paint(paint), paint) {
            (Some(c), _) => Style::new().fg(c),
            (None, Paint::TimeCritical) => Style::new().add_modifier(Modifier::REVERSED),
            (None, Paint::TimeLow) => Style::new().add_modifier(Modifier::UNDERLINED),
            (None, _) => Style::new(),
        }
        .add_modifier(Modifier::BOLD);
        buf.set_string(area.x + x, area.y, bar, style);
    }

    /// The columns a timed level's time left takes at the least (`1:23`),
    /// none on an untimed level.
    pub(super) fn time_left_width(&self) -> Option<usize> {
        self.game.time_limit()?;
        Some(shown_left(self.game.remaining_on_show(self.now)?).len())
    }

    /// Whether a title line `width` columns wide, `message` on its right,
    /// has room for the time left (see [`App::render_time_bar`]); an
    /// untimed level has none to show.
    pub(super) fn time_left_fits(&self, width: u16, message: &str) -> bool {
        let room = time_room(width, message_room(message));
        self.game
            .remaining_on_show(self.now)
            .is_none_or(|left| usize::from(room) >= shown_left(left).len())
    }

    /// The columns a timed level's time left takes on the title line in
    /// each of its forms, the fullest first: with its bar and named
    /// (`[=====] 1:23 left;`), named, and bare (`1:23`); none on an untimed
    /// level.
    pub(super) fn time_forms(&self) -> Option<[usize; 3]> {
        let shown = self.time_left_width()?;
        let named = shown + " left;".len();
        Some([named + 3 + usize::from(MIN_BAR_WIDTH), named, shown])
    }

    /// The box shown when a timed level has run out.
    pub(super) fn render_loss(&self, area: Rect, loss: TimeUp, buf: &mut Buffer) {
        let mut lines = vec![
            (9, Line::raw("")),
            (1, centre("Time is up!".to_string())),
            (9, Line::raw("")),
        ];
        // One board has no levels to name: only a run says which it reached.
        if self.game.config().mode == Mode::Levels {
            lines.push((3, centre(format!("Level {:>7}", loss.level + 1))));
        }
        lines.extend([
            (2, centre(format!("Score {:>7}", loss.score))),
            (9, Line::raw("")),
        ]);
        self.render_end_box(area, " Game over ", lines, &end_keys(false), 40, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_shrinks_with_the_time_and_empties_only_at_the_end() {
        assert_eq!(filled(20, 100.0, 100.0), 20);
        assert_eq!(filled(20, 50.0, 100.0), 10);
        assert_eq!(filled(20, 0.1, 100.0), 1);
        assert_eq!(filled(20, 0.0, 100.0), 0);
        assert_eq!(filled(20, 5.0, 0.0), 0);
    }

    #[test]
    fn the_time_turns_amber_under_a_quarter_and_red_under_a_tenth() {
        let s = Duration::from_secs;
        assert_eq!(time_paint(s(100), s(100)), Paint::TimeOk);
        assert_eq!(time_paint(s(25), s(100)), Paint::TimeOk);
        assert_eq!(time_paint(s(24), s(100)), Paint::TimeLow);
        assert_eq!(time_paint(s(10), s(100)), Paint::TimeLow);
        assert_eq!(time_paint(s(9), s(100)), Paint::TimeCritical);
        assert_eq!(time_paint(s(0), s(100)), Paint::TimeCritical);
        assert_eq!(shown_left(Duration::from_millis(100)), "0:01");
        assert_eq!(shown_left(s(0)), "0:00");
    }
}
