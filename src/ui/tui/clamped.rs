//! The terminal's size as the game draws it: at most [`MAX_COLS`] x
//! [`MAX_ROWS`], whatever the terminal reports.
//!
//! ratatui keeps two buffers of the whole screen and a full frame is
//! written for every cell, so a terminal (or a pty whose size was set by a
//! program) reporting 10000 x 10000 took 2.8 GB and counting, and 65535 x
//! 65535 ended the game with an allocation failure, its terminal left raw.
//! The board is drawn no larger than about 600 x 250 at its largest tiles,
//! so nothing is lost beyond the limits: the game draws in the top-left
//! part of such a screen.

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// The most columns drawn.
pub const MAX_COLS: u16 = 1000;

/// The most rows drawn.
pub const MAX_ROWS: u16 = 500;

/// `size` within [`MAX_COLS`] x [`MAX_ROWS`].
pub fn clamp(size: Size) -> Size {
    Size::new(size.width.min(MAX_COLS), size.height.min(MAX_ROWS))
}

/// A backend that reports its terminal's size clamped (see [`clamp`]) and
/// passes everything else on.
pub struct Clamped<B>(pub B);

impl<B: Backend> Backend for Clamped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.0.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.0.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.0.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.0.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.0.size().map(clamp)
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        let mut size = self.0.window_size()?;
        size.columns_rows = clamp(size.columns_rows);
        Ok(size)
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    /// A terminal far larger than any screen is drawn at the limits, and
    /// one within them as it is.
    #[test]
    fn a_huge_terminal_is_drawn_at_the_limits() {
        let huge = Clamped(TestBackend::new(u16::MAX, 3));
        assert_eq!(huge.size().unwrap(), Size::new(MAX_COLS, 3));
        assert_eq!(clamp(Size::new(3, u16::MAX)), Size::new(3, MAX_ROWS));
        let mut terminal = Terminal::new(Clamped(TestBackend::new(80, 24))).unwrap();
        assert_eq!(terminal.size().unwrap(), Size::new(80, 24));
        let frame = terminal.draw(|_| {}).unwrap();
        assert_eq!(frame.area.width, 80);
    }
}
