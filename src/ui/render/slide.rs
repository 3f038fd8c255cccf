//! The slide after a match under gravity: while the line is on show the
//! tiles that will move stay where they were; then they glide to their new
//! cells over the slide time of the game's [`Pace`](crate::game::Pace). The board already holds
//! them at their new cells, so this only changes where they are drawn.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::tiles::Marks;
use crate::core::grid::Point;
use crate::ui::app::App;
use crate::ui::layout::BoardLayout;

impl App {
    /// The cells whose tile is drawn by [`App::render_slides`] instead of in
    /// place, while tiles slide.
    pub(super) fn sliding_to(&self) -> Vec<Point> {
        self.game
            .slides(self.now)
            .map(|(slides, _)| slides.iter().map(|s| s.to).collect())
            .unwrap_or_default()
    }

    /// Draws each sliding tile on its way from its old cell to its new one.
    pub(super) fn render_slides(&self, layout: &BoardLayout, buf: &mut Buffer) {
        let Some((slides, moved)) = self.game.slides(self.now) else {
            return;
        };
        let game = &self.game;
        let highlight = game.highlight_kind();
        let hint = game.hint_pair();
        for s in slides {
            let kind = game.board().get(s.to);
            let rect = between(layout.cell_rect(s.from), layout.cell_rect(s.to), moved);
            // The marks of the cell the tile is bound for travel with it.
            let marks = Marks {
                hint: hint.is_some_and(|(a, b)| a == s.to || b == s.to),
                lit: self.hint_lit(),
                highlight: highlight == Some(kind),
                cursor: game.cursor() == s.to,
                selected: game.selected() == Some(s.to),
                ..Marks::default()
            };
            self.render_tile(layout.tile, rect, kind, marks, buf);
        }
    }
}

/// The rectangle `moved` (0 to 1) of the way from `from` to `to`, rounded to
/// whole cells of the terminal.
fn between(from: Rect, to: Rect, moved: f32) -> Rect {
    let step = |a: u16, b: u16| {
        let v = f32::from(a) + (f32::from(b) - f32::from(a)) * moved;
        v.round() as u16
    };
    Rect::new(
        step(from.x, to.x),
        step(from.y, to.y),
        from.width,
        from.height,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_runs_from_one_cell_to_the_other() {
        let (a, b) = (Rect::new(10, 2, 5, 3), Rect::new(10, 12, 5, 3));
        assert_eq!(between(a, b, 0.0), a);
        assert_eq!(between(a, b, 1.0), b);
        assert_eq!(between(a, b, 0.5), Rect::new(10, 7, 5, 3));
        assert_eq!(between(b, a, 0.5), Rect::new(10, 7, 5, 3));
    }
}
