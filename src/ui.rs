//! The terminal game: state that only the screen needs, drawing and input.
//!
//! - [`app`]: the game plus screen-only state; terminal events to actions.
//! - [`render`]: draws an [`app::App`] into a ratatui buffer.
//! - [`layout`]: where the board, its tiles, the menus and the boxes sit on the
//!   screen (drawing and clicks).
//! - [`theme`]: tile symbols and colours, compiled in from `assets/`.
//! - [`win_screen`]: the win screen's table and name prompt; recording the score.
//! - [`start`]: how a start goes: options over settings, resume or deal, the start screen.
//! - [`tui`]: the terminal set-up and the event loop.

pub mod app;
pub mod layout;
pub mod render;
pub mod start;
pub mod theme;
pub mod tui;
pub mod win_screen;

#[cfg(test)]
mod test_support;
