//! The batch commands, run without the terminal game.
//!
//! - [`batch`] and [`scanner`]: the `check` batch modes and their input reader.
//! - [`solve_cmd`]: the `solve` and `deal` commands.
//! - [`score_report`]: the `scores` command.

pub mod batch;
pub mod scanner;
pub mod score_report;
pub mod solve_cmd;
