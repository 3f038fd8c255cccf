//! What the game says happens on the tiles, where the eye is: the points of
//! a match over the middle of its line, fading ("+25 x4 combo", and "+34
//! time" for the time left at a clear), a failed pair flashing with the
//! reason beside it, and the hinted pair pulsing before it stays marked.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

use super::line;
use crate::core::grid::Point;
use crate::game::{Mismatch, NOTICE_TIME, Removal};
use crate::ui::app::App;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Paint;

/// How long the points of a match show where it happened.
pub const POINTS_TIME: Duration = Duration::from_millis(1200);
/// The points fade in this many steps (each a redraw).
const FADE_STEPS: u32 = 4;
/// How long a failed pair flashes.
pub const FLASH_TIME: Duration = Duration::from_millis(300);
/// How often a hinted pair changes its look while it pulses.
pub const PULSE: Duration = Duration::from_millis(400);
/// How long a hinted pair pulses before it stays marked.
pub const PULSE_TIME: Duration = Duration::from_secs(2);

/// Time since `at`, at `now` (zero before it).
fn since(now: Instant, at: Instant) -> Duration {
    now.saturating_duration_since(at)
}

/// The first moment after `now` that is a whole number of `step`s after
/// `at`, if it comes before `at + until`.
fn next_step(now: Instant, at: Instant, step: Duration, until: Duration) -> Option<Instant> {
    let gone = since(now, at);
    if gone >= until || step.is_zero() {
        return None;
    }
    let steps = gone.as_nanos() / step.as_nanos() + 1;
    let next = step.checked_mul(u32::try_from(steps).ok()?)?;
    at.checked_add(next.min(until))
}

impl App {
    /// Whether the hinted pair shows in its bright phase: it alternates
    /// every [`PULSE`] for [`PULSE_TIME`], then stays bright.
    pub(super) fn hint_lit(&self) -> bool {
        match self.game.hint_since() {
            Some(at) if since(self.now, at) < PULSE_TIME => {
                (since(self.now, at).as_nanos() / PULSE.as_nanos()).is_multiple_of(2)
            }
            _ => true,
        }
    }

    /// The failed pair, while it flashes.
    pub(super) fn flashing(&self) -> Option<Mismatch> {
        self.game
            .mismatch()
            .filter(|m| since(self.now, m.at) < FLASH_TIME)
    }

    /// The next moment the feedback on the board changes by itself (a fade
    /// step, the end of a flash, a pulse), for the event loop to wake.
    pub fn feedback_change(&self, now: Instant) -> Option<Instant> {
        let step = POINTS_TIME / FADE_STEPS;
        let points = self
            .game
            .last_match()
            .and_then(|r| next_step(now, r.at, step, POINTS_TIME));
        let flash = self
            .game
            .mismatch()
            .and_then(|m| next_step(now, m.at, FLASH_TIME, FLASH_TIME));
        let pulse = self
            .game
            .hint_since()
            .and_then(|at| next_step(now, at, PULSE, PULSE_TIME));
        [points, flash, pulse].into_iter().flatten().min()
    }

    /// Draws the points of the last match and the reason of a failed pick,
    /// within the columns of `space`: the board space, so near its right
    /// edge the text moves in rather than over the side panel.
    pub(super) fn render_feedback(&self, layout: &BoardLayout, space: Rect, buf: &mut Buffer) {
        let area = Rect::new(space.x, buf.area.y, space.width, buf.area.height);
        self.render_points(layout, area, buf);
        self.render_reason(layout, area, buf);
    }

    /// "+25 x4 combo" over the middle of the last match's line, and "+34
    /// time" under it at a clear, fading out over [`POINTS_TIME`]; not
    /// after the winning match, whose box tells the score (the label stuck
    /// out beside it), and for a match that cleared a level only while its
    /// line shows on the empty board, not over the next level's.
    fn render_points(&self, layout: &BoardLayout, area: Rect, buf: &mut Buffer) {
        let on_its_board = |r: &&Removal| !r.cleared || self.game.removal(self.now).is_some();
        let Some(r) = self
            .game
            .last_match()
            .filter(|r| self.game.win().is_none() && on_its_board(r))
        else {
            return;
        };
        let shown = since(self.now, r.at);
        if shown >= POINTS_TIME {
            return;
        }
        let step = (shown.as_nanos() / (POINTS_TIME / FADE_STEPS).as_nanos()) as u32;
        let fade = step as f32 / (FADE_STEPS - 1) as f32;
        let streak = self.game.streak() + 1;
        let mut spans = vec![Span::styled(
            format!(" +{} ", r.points),
            self.fading(Paint::Points, fade, step),
        )];
        if streak > 1 {
            spans.push(Span::styled(
                format!("x{streak} combo "),
                self.fading(Paint::Combo, fade, step),
            ));
        }
        let points = Line::from(spans);
        let cells = line::cells(layout, &r.path.corners);
        let Some((x, row, y)) = self.points_place(layout, area, &cells, points.width() as u16)
        else {
            return;
        };
        put_centred(points, x, row, area, buf);
        if r.bonus > 0 {
            let bonus = format!(" +{} time ", r.bonus);
            let style = self.fading(Paint::Bonus, fade, step);
            let under = if row < y { y + 1 } else { row + 1 };
            put_centred(Line::styled(bonus, style), x, under, area, buf);
        }
    }

    /// Where text `width` columns wide goes by a match line of `cells`:
    /// centred on column `x` of screen row `row`, beside the line's cell on
    /// row `y`. By the line, off the cursor's cell wherever a place is (a
    /// keyboard player lost the cursor under "+40 x32 combo" for the second
    /// it fades), then where that hides the fewest tiles, then the fewest
    /// of the line's corners and upright cells, the nearer its middle the
    /// better, over it before under it before on it (its cells are empty):
    /// the pair and the line stay in sight, and the points hide no tile
    /// while any place by the line is free. `None` for a line of no cells.
    fn points_place(
        &self,
        layout: &BoardLayout,
        area: Rect,
        cells: &[(u16, u16, u8)],
        width: u16,
    ) -> Option<(u16, u16, u16)> {
        let mid = cells.len() / 2;
        let hidden = |x: u16, row: u16| self.tiles_hidden(layout, area, x, row, width);
        let cursor = self.game.cursor();
        let on_cursor = |x: u16, row: u16| {
            text_columns(x, width, area).any(|cx| layout.cell_at(cx, row) == Some(cursor))
        };
        // The line's corners and upright cells the text would stand on:
        // over the middle of an upright part is on the line (play44 saw
        // '+10' cut a line round the left edge in two, and eat its corner);
        // on a stretch across it reads as part of the line.
        let cuts_line = |x: u16, row: u16| {
            let columns = text_columns(x, width, area);
            cells
                .iter()
                .filter(|&&(cx, cy, sides)| {
                    cy == row && columns.contains(&cx) && !line::runs_across(sides)
                })
                .count()
        };
        cells
            .iter()
            .enumerate()
            .flat_map(|(i, &(x, y, _))| {
                let rows = [
                    y.checked_sub(1).filter(|&r| r >= layout.outer.y),
                    Some(y + 1).filter(|&r| r < layout.outer.bottom()),
                    Some(y),
                ];
                rows.into_iter()
                    .enumerate()
                    .filter_map(move |(order, row)| Some((i.abs_diff(mid), order, x, row?, y)))
            })
            .map(|(off, order, x, row, y)| {
                let key = (
                    on_cursor(x, row),
                    hidden(x, row),
                    cuts_line(x, row),
                    off,
                    order,
                );
                (key, x, row, y)
            })
            .min_by_key(|&(key, ..)| key)
            .map(|(_, x, row, y)| (x, row, y))
    }

    /// How many tiles' cells text `width` columns wide, centred on column
    /// `x` of screen row `row`, would be drawn over.
    fn tiles_hidden(
        &self,
        layout: &BoardLayout,
        area: Rect,
        x: u16,
        row: u16,
        width: u16,
    ) -> usize {
        let board = self.game.board();
        let cleared = self.shows_cleared_board();
        let drawn = |p: Point| !cleared && board.get(p) != 0;
        text_columns(x, width, area)
            .filter(|&cx| layout.cell_at(cx, row).is_some_and(drawn))
            .count()
    }

    /// A style for feedback text `fade` (0 to 1) of the way out, at fade
    /// step `step`: the colour goes towards the table's; without colour,
    /// bold, then plain, then dim.
    fn fading(&self, paint: Paint, fade: f32, step: u32) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD);
        if self.color {
            let ink = paint.ink().towards(Paint::Faded.ink(), fade);
            let bg = Paint::Table.ink().color(self.depth);
            style.fg(ink.color(self.depth)).bg(bg)
        } else {
            match step {
                0 | 1 => style.add_modifier(Modifier::REVERSED),
                2 => style,
                _ => Style::new().add_modifier(Modifier::DIM),
            }
        }
    }

    /// " no path " under the tile just picked, or over it where that hides
    /// fewer tiles (under, the first row of a board of boxed tiles drew over
    /// the borders of the row below), while the notice lasts; nowhere where
    /// both would cover tiles' faces, as on a board drawn without gaps
    /// between its rows (found by the play-test, pt46: at 40 x 10 it hid a
    /// row of tiles for a second): the title line says it, and the pair
    /// flashes.
    fn render_reason(&self, layout: &BoardLayout, area: Rect, buf: &mut Buffer) {
        let Some(m) = self.game.mismatch() else {
            return;
        };
        if self.game.notice(self.now) != Some(m.reason) || since(self.now, m.at) >= NOTICE_TIME {
            return;
        }
        let rect = layout.cell_rect(m.second);
        let (x, _) = layout.centre(m.second);
        let text = format!(" {} ", m.reason.text());
        let width = u16::try_from(text.width()).unwrap_or(u16::MAX);
        let under = Some(rect.bottom()).filter(|&y| y < layout.outer.bottom());
        let over = rect.y.checked_sub(1).filter(|&y| y >= layout.outer.y);
        // The tiles whose face (the row their symbol is drawn on) it would
        // cover, then those whose cell it would.
        let faces = |y: u16| {
            let board = self.game.board();
            text_columns(x, width, area)
                .filter_map(|cx| layout.cell_at(cx, y))
                .filter(|&p| board.get(p) != 0 && layout.centre(p).1 == y)
                .count()
        };
        let Some(y) = [under, over]
            .into_iter()
            .flatten()
            .map(|y| ((faces(y), self.tiles_hidden(layout, area, x, y, width)), y))
            .min_by_key(|&(key, _)| key)
            .filter(|&((faces, _), _)| faces == 0)
            .map(|(_, y)| y)
        else {
            return;
        };
        let style = if self.color {
            self.colours(Paint::WarningInk, Paint::Warning)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        };
        put_centred(Line::styled(text, style), x, y, area, buf);
    }
}

/// Writes `line` on row `y`, centred on column `x` and moved in to stay on
/// `area` (within the buffer).
fn put_centred(line: Line, x: u16, y: u16, area: Rect, buf: &mut Buffer) {
    let width = line.width() as u16;
    let area = area.intersection(buf.area);
    let Some(left) = centred_left(x, width, area).filter(|_| y >= area.y && y < area.bottom())
    else {
        return;
    };
    line.render(Rect::new(left, y, width, 1), buf);
}

/// The first column of text `width` columns wide centred on column `x`,
/// moved in to stay on `area`; `None` when it is wider than `area`. Where
/// the points are drawn and where they are counted as hiding tiles.
fn centred_left(x: u16, width: u16, area: Rect) -> Option<u16> {
    (width <= area.width).then(|| {
        x.saturating_sub(width / 2)
            .clamp(area.x, area.right() - width)
    })
}

/// The screen columns text `width` columns wide centred on column `x`
/// stands over (from `x` on when it is wider than `area`), as the places
/// for a match's points weigh them.
fn text_columns(x: u16, width: u16, area: Rect) -> std::ops::Range<u16> {
    let left = centred_left(x, width, area).unwrap_or(x);
    left..left.saturating_add(width)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text near the right edge is moved in to stay on screen, and the
    /// columns it is counted over are those it is drawn over.
    #[test]
    fn text_centred_near_an_edge_moves_in() {
        let area = Rect::new(0, 0, 80, 24);
        assert_eq!(centred_left(40, 12, area), Some(34));
        assert_eq!(centred_left(78, 12, area), Some(68));
        assert_eq!(centred_left(2, 12, area), Some(0));
        assert_eq!(centred_left(40, 81, area), None);
        let mut buf = Buffer::empty(area);
        put_centred(Line::raw("+25 x4 combo"), 78, 3, area, &mut buf);
        let row: String = (0..80).map(|x| buf[(x, 3)].symbol()).collect();
        assert_eq!(row.find('+'), Some(68));
    }

    #[test]
    fn steps_come_on_whole_steps_and_stop_at_the_end() {
        let t = Instant::now();
        let ms = Duration::from_millis;
        assert_eq!(next_step(t, t, ms(400), ms(2000)), Some(t + ms(400)));
        assert_eq!(
            next_step(t + ms(399), t, ms(400), ms(2000)),
            Some(t + ms(400))
        );
        assert_eq!(
            next_step(t + ms(400), t, ms(400), ms(2000)),
            Some(t + ms(800))
        );
        assert_eq!(
            next_step(t + ms(1900), t, ms(400), ms(2000)),
            Some(t + ms(2000))
        );
        assert_eq!(next_step(t + ms(2000), t, ms(400), ms(2000)), None);
        assert_eq!(next_step(t, t, ms(300), ms(300)), Some(t + ms(300)));
    }
}
