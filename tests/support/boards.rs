//! Random boards for the property tests.

use lianliankan::core::grid::{Board, EMPTY};
use proptest::prelude::*;

/// A random board of 1x1 to `side` x `side` at a random density, tiles of
/// kinds `1..=kinds`.
pub fn board(side: usize, kinds: u32) -> impl Strategy<Value = Board> {
    sized_board(1..=side, 1..=side, kinds)
}

/// A random board of `rows` x `cols` drawn from their strategies, at a
/// random density, tiles of kinds `1..=kinds`.
pub fn sized_board(
    rows: impl Strategy<Value = usize>,
    cols: impl Strategy<Value = usize>,
    kinds: u32,
) -> impl Strategy<Value = Board> {
    (rows, cols, 0u32..=100).prop_flat_map(move |(rows, cols, density)| {
        proptest::collection::vec((0u32..100, 1..=kinds), rows * cols).prop_map(move |cells| {
            let tiles = cells
                .into_iter()
                .map(|(roll, kind)| if roll < density { kind } else { EMPTY })
                .collect();
            Board::from_tiles(rows, cols, tiles).unwrap()
        })
    })
}
