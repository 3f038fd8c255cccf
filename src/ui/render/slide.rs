//! The slide after a match under gravity: while the line is on show the
//! tiles that will move stay where they were; then they glide to their new
//! cells over the slide time of the game's [`Pace`](crate::game::Pace). The board already holds
//! them at their new cells, so this only changes where they are drawn.

use ratatui::buffer::Buffer;

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
        for s in slides {
            let kind = self.game.board().get(s.to);
            let rect = layout.slide_rect(s.from, s.to, moved);
            // The marks of the cell the tile is bound for travel with it.
            let marks = self.marks_at(s.to, kind);
            self.render_tile(layout.tile, rect, kind, marks, buf);
        }
    }
}
