//! Scratch: explore every reachable position of a board (no pruning) and report.
use std::collections::HashSet;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::solver::available_moves;
use rand::SeedableRng;
use rand::seq::SliceRandom;

fn random_board(rows: usize, cols: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut tiles: Vec<u32> = pair_kinds(rows, cols, kinds).unwrap().into_iter().flat_map(|k| [k, k]).collect();
    tiles.shuffle(&mut rng);
    Board::from_tiles(rows, cols, tiles).unwrap()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = a[0].parse().unwrap();
    let cols: usize = a[1].parse().unwrap();
    use clap::ValueEnum;
    let gravity = Gravity::from_str(&a[2], true).unwrap();
    let seed: u64 = a[3].parse().unwrap();
    let limit: usize = a[4].parse().unwrap();
    let board = random_board(rows, cols, 36, seed);
    println!("{board:?}");
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut stack = vec![board.clone()];
    let mut min_left = vec![usize::MAX; 37];
    let mut best = board.tile_count();
    let mut best_board = board.clone();
    while let Some(b) = stack.pop() {
        if !seen.insert(b.tiles().to_vec()) { continue; }
        if seen.len() > limit { println!("limit"); break; }
        let mut count = vec![0usize; 37];
        for &t in b.tiles() { count[t as usize] += 1; }
        for k in 1..37 { min_left[k] = min_left[k].min(count[k]); }
        if b.tile_count() < best { best = b.tile_count(); best_board = b.clone(); }
        if b.tile_count() == 0 { println!("WON"); break; }
        for m in available_moves(&b, Rules::CLASSIC) {
            let mut c = b.clone();
            remove_pair(&mut c, m.a, m.b, gravity);
            stack.push(c);
        }
    }
    println!("positions {}", seen.len());
    println!("fewest tiles left {best}: {best_board:?}");
    for k in 1..37 { if min_left[k] > 0 { println!("kind {k} never below {}", min_left[k]); } }
}
