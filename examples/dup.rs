//! Scratch: distinct boards vs distinct tile sets over every reachable position.
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
    // ids board: tile value = id + 1
    let ids = Board::from_tiles(rows, cols, (1..=(rows * cols) as u32).collect()).unwrap();
    let mut seen_sets: HashSet<Vec<u32>> = HashSet::new();
    let mut seen_boards: HashSet<Vec<u32>> = HashSet::new();
    let mut stack = vec![(board.clone(), ids)];
    while let Some((b, i)) = stack.pop() {
        let mut set: Vec<u32> = i.tiles().iter().copied().filter(|&t| t != 0).collect();
        set.sort_unstable();
        if !seen_sets.insert(set) { continue; }
        seen_boards.insert(b.tiles().to_vec());
        if seen_sets.len() > limit { println!("limit"); break; }
        for m in available_moves(&b, Rules::CLASSIC) {
            let (mut c, mut j) = (b.clone(), i.clone());
            remove_pair(&mut c, m.a, m.b, gravity);
            remove_pair(&mut j, m.a, m.b, gravity);
            stack.push((c, j));
        }
    }
    println!("tile sets {} boards {}", seen_sets.len(), seen_boards.len());
}
