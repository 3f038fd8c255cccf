//! The line of a match, drawn with box-drawing characters (or ASCII, see
//! [`Charset`]) through the centres of the cells it crosses, corners and
//! outer ring included.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use crate::core::grid::Point;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Charset;

const UP: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

/// The character joining the given sides of a cell, in `charset`.
fn glyph(sides: u8, charset: Charset) -> &'static str {
    let corner = match sides {
        s if s == DOWN | RIGHT => Some("┌"),
        s if s == DOWN | LEFT => Some("┐"),
        s if s == UP | RIGHT => Some("└"),
        s if s == UP | LEFT => Some("┘"),
        _ => None,
    };
    charset.line(
        corner,
        sides & (UP | DOWN) != 0 && sides & (LEFT | RIGHT) == 0,
    )
}

/// Whether a cell of [`cells`] joining `sides` is a plain stretch of a
/// line across: text over it reads as part of the line (`── +10 ──`), where
/// over a corner or an upright part it cuts the line.
pub fn runs_across(sides: u8) -> bool {
    sides == LEFT | RIGHT
}

/// The screen cells of the line through `corners`, in order from the first
/// tile to the second, each with the sides it joins.
pub fn cells(layout: &BoardLayout, corners: &[Point]) -> Vec<(u16, u16, u8)> {
    let mut out: Vec<(u16, u16, u8)> = Vec::new();
    for pair in corners.windows(2) {
        let (mut x, mut y) = layout.centre(pair[0]);
        let (tx, ty) = layout.centre(pair[1]);
        if out.is_empty() {
            out.push((x, y, 0));
        }
        while (x, y) != (tx, ty) {
            let (out_side, in_side) = if x < tx {
                x += 1;
                (RIGHT, LEFT)
            } else if x > tx {
                x -= 1;
                (LEFT, RIGHT)
            } else if y < ty {
                y += 1;
                (DOWN, UP)
            } else {
                y -= 1;
                (UP, DOWN)
            };
            if let Some(last) = out.last_mut() {
                last.2 |= out_side;
            }
            out.push((x, y, in_side));
        }
    }
    out
}

/// Draws the first `fraction` (0 to 1) of the line, leaving the two end tiles alone.
pub fn draw(
    layout: &BoardLayout,
    corners: &[Point],
    fraction: f32,
    style: Style,
    charset: Charset,
    buf: &mut Buffer,
) {
    let (Some(&first), Some(&last)) = (corners.first(), corners.last()) else {
        return;
    };
    let ends = [layout.cell_rect(first), layout.cell_rect(last)];
    let all = cells(layout, corners);
    let shown = (all.len() as f32 * fraction).ceil() as usize;
    for &(x, y, sides) in all.iter().take(shown) {
        let inside_end = ends
            .iter()
            .any(|r| x >= r.left() && x < r.right() && y >= r.top() && y < r.bottom());
        if !inside_end && buf.area.contains((x, y).into()) {
            buf.set_string(x, y, glyph(sides, charset), style);
        }
    }
}
