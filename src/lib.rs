//! Lianliankan (Onet, Shisen-Sho) for the terminal: the library behind the binary.
//!
//! - [`grid`]: the tile grid with occupancy counts.
//! - [`engine`]: the fewest-turn path between two cells.
//! - [`batch`] and [`scanner`]: the `check` batch modes and their input reader.
//! - [`sample_boards`]: seeded boards and inputs for benchmarks and stress tests.
//! - [`reference`](crate::reference): a plain search used to check the engine in tests and benchmarks.
//! - [`game`]: the game state and its rules, free of terminal code.
//! - [`theme`]: tile symbols and colours, compiled in from `assets/`.
//! - [`layout`]: where the board and its tiles sit on the screen.
//! - [`app`]: the game plus screen-only state; terminal events to actions.
//! - [`render`]: draws an [`app::App`] into a ratatui buffer.
//! - [`tui`]: the terminal set-up and the event loop.

pub mod app;
pub mod batch;
pub mod engine;
pub mod game;
pub mod grid;
pub mod layout;
pub mod reference;
pub mod render;
pub mod sample_boards;
pub mod scanner;
pub mod theme;
pub mod tui;
