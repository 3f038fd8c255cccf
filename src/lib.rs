//! Lianliankan (Onet, Shisen-Sho) for the terminal: the library behind the binary.
//!
//! - [`grid`]: the tile grid with occupancy counts.
//! - [`engine`]: the fewest-turn path between two cells.
//! - [`reference`]: a plain search used to check the engine in tests and benchmarks.

pub mod deal;
pub mod engine;
pub mod gravity;
pub mod grid;
pub mod reference;
pub mod replay;
pub mod solver;
