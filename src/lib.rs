//! Lianliankan (Onet, Shisen-Sho) for the terminal: the library behind the binary.
//!
//! - [`grid`]: the tile grid with occupancy counts.
//! - [`engine`]: the fewest-turn path between two cells.
//! - [`batch`] and [`scanner`]: the `check` batch modes and their input reader.
//! - [`sample_boards`]: seeded boards and inputs for benchmarks and stress tests.
//! - [`reference`]: a plain search used to check the engine in tests and benchmarks.
//! - [`escape`]: outside text made safe to print on a terminal.
//! - [`storage`]: the data directory, atomic writes, keeping unreadable files aside.
//! - [`document`]: versioned JSON files (high scores, the saved game) on top of `storage`.
//! - [`scores`]: the high-score tables and player names; [`score_report`]: the `scores` command.

pub mod batch;
pub mod document;
pub mod engine;
pub mod escape;
pub mod grid;
pub mod reference;
pub mod sample_boards;
pub mod scanner;
pub mod score_report;
pub mod scores;
pub mod storage;
