//! Scratch: beam search to see whether hard boards are solvable.
use std::collections::HashSet;
use std::time::Instant;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::core::grid::{Board, Point};
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

fn exposed(b: &Board) -> i64 {
    b.points().filter(|&p| !b.is_empty_at(p) && [(0,1),(0,-1),(1,0),(-1,0)].iter().any(|&(dr,dc)| b.is_empty_at(Point::new(p.row+dr, p.col+dc)))).count() as i64
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = a[0].parse().unwrap();
    let cols: usize = a[1].parse().unwrap();
    use clap::ValueEnum;
    let gravity = Gravity::from_str(&a[2], true).unwrap();
    let width: usize = a[3].parse().unwrap();
    let mode: usize = a[4].parse().unwrap();
    for s in &a[5..] {
        let seed: u64 = s.parse().unwrap();
        let board = random_board(rows, cols, 36, seed);
        let t = Instant::now();
        let mut layer = vec![board.clone()];
        let mut depth = 0;
        let mut result = "stuck";
        while !layer.is_empty() {
            if layer.iter().any(|b| b.tile_count() == 0) { result = "WON"; break; }
            let mut next: Vec<(i64, Board)> = Vec::new();
            let mut seen = HashSet::new();
            for b in &layer {
                for m in available_moves(b, Rules::CLASSIC) {
                    let mut c = b.clone();
                    remove_pair(&mut c, m.a, m.b, gravity);
                    if !seen.insert(c.tiles().to_vec()) { continue; }
                    let mv = available_moves(&c, Rules::CLASSIC).len() as i64;
                    if mv == 0 && c.tile_count() > 0 { continue; }
                    let score = match mode { 0 => mv, 1 => exposed(&c), _ => exposed(&c) * 4 + mv };
                    next.push((score, c));
                }
            }
            next.sort_by_key(|(s, _)| -s);
            next.truncate(width);
            layer = next.into_iter().map(|(_, b)| b).collect();
            depth += 1;
        }
        println!("{seed}: {result} depth {depth} ({:?})", t.elapsed());
    }
}
