//! What the deal and reshuffle tests check of every deal: the kinds it
//! holds, and that its move list clears it when replayed by independent
//! code (`replay`: the engine, the plain rule checker and a naive gravity).

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, Tile};
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::replay::replay;
use lianliankan::solve::solver::Move;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The generator the dealers are tested with, from `seed`.
pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// Fails unless `moves`, replayed on `board` under `rules` and `gravity`,
/// are legal and clear it.
pub fn assert_clears(board: &Board, moves: &[Move], rules: Rules, gravity: Gravity) {
    let left = replay(board, moves, rules, gravity)
        .unwrap_or_else(|e| panic!("{e} on {board:?} ({rules:?}, {gravity:?})"));
    assert_eq!(left.tile_count(), 0, "{board:?} not cleared");
}

/// The kinds a full deal of `rows` x `cols` with `kinds` kinds holds, each
/// as often as [`pair_kinds`] hands it out, sorted as
/// [`Board::sorted_tiles`] gives them.
pub fn dealt_kinds(rows: usize, cols: usize, kinds: usize) -> Vec<Tile> {
    let mut all: Vec<Tile> = pair_kinds(rows, cols, kinds)
        .unwrap()
        .into_iter()
        .flat_map(|k| [k, k])
        .collect();
    all.sort_unstable();
    all
}
