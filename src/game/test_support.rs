//! Helpers shared by the game's unit tests.

use super::{Config, Point};

/// The cell at `row`, `col`: short for [`Point::new`] on hand-built boards.
pub(super) fn at(row: i32, col: i32) -> Point {
    Point::new(row, col)
}

/// The default config with a fixed seed, so deals and reshuffles repeat.
pub(super) fn cfg() -> Config {
    Config {
        seed: 42,
        ..Config::DEFAULT
    }
}
