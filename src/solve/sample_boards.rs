//! Boards and batch inputs made from a seed, for benchmarks, stress tests and
//! the `gen_hdu` example. Nothing here is used by the game itself.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::core::grid::{Board, BoardError, EMPTY, Point, Tile};

/// A board where each cell holds a tile with probability `density`, of kinds
/// `1..=kinds`.
pub fn random_board(rows: usize, cols: usize, density: f64, kinds: Tile, seed: u64) -> Board {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let tiles = (0..rows * cols)
        .map(|_| {
            if rng.random_bool(density) {
                rng.random_range(1..=kinds)
            } else {
                EMPTY
            }
        })
        .collect();
    Board::from_tiles(rows, cols, tiles).expect("caller passes a legal size")
}

/// A comb of long empty corridors between full rows of tiles: every second row
/// is empty, so two tiles across a corridor join only by a long U-shaped
/// detour along it, and a plain search must explore whole corridors.
pub fn maze_board(rows: usize, cols: usize) -> Board {
    let tiles = (0..rows * cols)
        .map(|i| if (i / cols) % 2 == 1 { EMPTY } else { 1 })
        .collect();
    Board::from_tiles(rows, cols, tiles).expect("caller passes a legal size")
}

/// `count` random queries on `board`: the first cell always occupied, the
/// second every other time anywhere on the board and otherwise close by (so
/// that a good share of queries connect).
pub fn random_queries(board: &Board, count: usize, seed: u64) -> Vec<(Point, Point)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let occupied: Vec<Point> = board.tile_points().collect();
    if occupied.is_empty() {
        return Vec::new();
    }
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    (0..count)
        .map(|i| {
            let a = occupied[rng.random_range(0..occupied.len())];
            let b = if i % 2 == 0 {
                occupied[rng.random_range(0..occupied.len())]
            } else {
                let row = (a.row + rng.random_range(-3..=3)).clamp(0, rows - 1);
                let col = (a.col + rng.random_range(-3..=3)).clamp(0, cols - 1);
                Point::new(row, col)
            };
            (a, b)
        })
        .collect()
}

/// An HDU 1175 input of `cases` random boards of `rows` x `cols` (density
/// 0.5, four kinds so that many queries hold equal kinds), each with `queries`
/// random queries on occupied cells, ending with `0 0`; an error for a size
/// no board may have (the sizes come from `gen_hdu`'s command line).
pub fn hdu_input(
    cases: usize,
    rows: usize,
    cols: usize,
    queries: usize,
    seed: u64,
) -> Result<Vec<u8>, BoardError> {
    use std::fmt::Write;
    Board::check_size(rows, cols)?;
    // Room for one case: a count of cases from the command line may be any.
    let mut text = String::with_capacity(rows * cols * 2 + 64);
    for case in 0..cases as u64 {
        let board = random_board(rows, cols, 0.5, 4, seed.wrapping_add(case));
        writeln!(text, "{rows} {cols}").unwrap();
        for row in board.tiles().chunks(cols) {
            for (i, t) in row.iter().enumerate() {
                text.push_str(if i == 0 { "" } else { " " });
                write!(text, "{t}").unwrap();
            }
            text.push('\n');
        }
        writeln!(text, "{queries}").unwrap();
        for (a, b) in random_queries(&board, queries, seed ^ case) {
            writeln!(
                text,
                "{} {} {} {}",
                a.row + 1,
                a.col + 1,
                b.row + 1,
                b.col + 1
            )
            .unwrap();
        }
    }
    text.push_str("0 0\n");
    Ok(text.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `gen_hdu --cols 70000` panicked here: a side longer than a board
    /// may have, though the cells were few enough.
    #[test]
    fn an_input_of_a_size_no_board_may_have_is_an_error() {
        for (rows, cols) in [(1, 70_000), (0, 5), (3000, 3000)] {
            assert_eq!(
                hdu_input(1, rows, cols, 1, 0),
                Err(BoardError::BadSize { rows, cols })
            );
        }
        let input = hdu_input(2, 2, 3, 1, 0).unwrap();
        assert!(input.starts_with(b"2 3\n") && input.ends_with(b"0 0\n"));
    }
}
