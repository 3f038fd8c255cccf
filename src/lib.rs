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
//! - [`escape`]: outside text made safe to print on a terminal.
//! - [`storage`]: the data directory, atomic writes, keeping unreadable files aside.
//! - [`document`]: versioned JSON files (high scores, the saved game) on top of `storage`.
//! - [`scores`]: the high-score tables and player names; [`score_report`]: the `scores` command.
//! - [`session`]: which game a start resumes, and saving it as it is played.
//! - [`win_screen`]: the win screen's table and name prompt; recording the score.
//! - [`gravity`]: how tiles slide after each removal.
//! - [`solver`]: a winning move list, a proof there is none, or "unknown".
//! - [`deal`]: winnable deals and reshuffles with their winning moves.
//! - [`replay`]: independent replay of move lists, to check the solver and the dealer.
//! - [`solve_cmd`]: the `solve` and `deal` commands.

pub mod app;
pub mod batch;
pub mod deal;
pub mod document;
pub mod engine;
pub mod escape;
pub mod game;
pub mod gravity;
pub mod grid;
pub mod layout;
pub mod reference;
pub mod render;
pub mod replay;
pub mod sample_boards;
pub mod scanner;
pub mod score_report;
pub mod scores;
pub mod session;
pub mod solve_cmd;
pub mod solver;
pub mod storage;
pub mod theme;
pub mod tui;
pub mod win_screen;
