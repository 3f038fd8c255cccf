//! Lianliankan (Onet, Shisen-Sho) for the terminal: the library behind the binary.
//!
//! The folders follow the layers; imports only point down this list:
//!
//! - [`cli`]: the batch commands (`check`, `solve`, `deal`, `scores`, `stats`,
//!   `completions`, `man`).
//! - [`ui`]: the terminal game: the app and its screens, drawing, layout,
//!   themes, the event loop.
//! - [`persist`]: the data directory, versioned atomic files, the saved game,
//!   the high scores, the settings, the statistics, the session that keeps
//!   the save in step with play.
//! - [`game`]: the game state and its rules, free of terminal code.
//! - [`solve`]: the solver, the winnable dealer, independent replay, the
//!   reference search and sample boards.
//! - [`core`]: the grid, the path engine, gravity and the matching rule.
//! - [`escape`]: outside text made safe to print on a terminal (used by every layer that prints).

// Output goes through `write!` on a locked handle (`cli::write_out`,
// `complain!`), never the print macros: they panic when standard output or
// error is a closed pipe (`lianliankan scores | head -1`).
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod cli;
pub mod core;
pub mod escape;
pub mod game;
pub mod persist;
pub mod solve;
pub mod ui;

/// The property tests' shared proptest set-up (fixed seed unless exploring).
#[cfg(test)]
#[path = "../tests/support/prop_config.rs"]
mod prop_config;
