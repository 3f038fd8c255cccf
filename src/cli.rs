//! The batch commands, run without the terminal game.
//!
//! - [`check`] and [`scanner`]: the `check` command (HDU 1175 and grid
//!   formats) and its input reader.
//! - [`solve`](mod@solve): the `solve` and `deal` commands.
//! - [`scores`]: the `scores` command.
//! - [`shell`]: the `completions` and `man` commands.

pub mod check;
pub mod scanner;
pub mod scores;
pub mod shell;
pub mod solve;
