//! The core of the game: the board, the path engine and gravity.
//!
//! - [`grid`]: the tile grid with occupancy counts.
//! - [`engine`]: the fewest-turn path between two cells.
//! - [`gravity`]: how tiles slide after each removal.
//! - [`masks`]: empty-cell bit masks that answer two-turn joins in a few word operations.
//! - [`rules`]: which two tiles may be removed together, and which pairs can go now.
//! - `named`: the one table of names behind an enum's `name`, `FromStr` and `Display`.

pub mod engine;
pub mod gravity;
pub mod grid;
pub mod masks;
pub(crate) mod named;
pub mod rules;
