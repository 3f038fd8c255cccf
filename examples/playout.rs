//! Scratch: random playouts to see whether hard boards are solvable.
use std::time::Instant;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::solver::available_moves;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};

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
    let tries: usize = a[3].parse().unwrap();
    for s in &a[4..] {
        let seed: u64 = s.parse().unwrap();
        let board = random_board(rows, cols, 36, seed);
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(99);
        let t = Instant::now();
        let mut best = usize::MAX;
        let mut won = None;
        for k in 0..tries {
            let mut b = board.clone();
            loop {
                let moves = available_moves(&b, Rules::CLASSIC);
                if moves.is_empty() { break; }
                let m = if rng.random_range(0..8) == 0 { *moves.choose(&mut rng).unwrap() } else {
                    // most mobility after the move, ties at random
                    let mut best_m = Vec::new(); let mut best_v = -1i64;
                    for &m in &moves {
                        let mut c = b.clone();
                        remove_pair(&mut c, m.a, m.b, gravity);
                        let v = available_moves(&c, Rules::CLASSIC).len() as i64 * 4 + rng.random_range(0..4);
                        if v > best_v { best_v = v; best_m = vec![m]; } else if v == best_v { best_m.push(m); }
                    }
                    *best_m.choose(&mut rng).unwrap()
                };
                remove_pair(&mut b, m.a, m.b, gravity);
            }
            best = best.min(b.tile_count());
            if b.tile_count() == 0 { won = Some(k); break; }
        }
        println!("{seed}: best {best} won at {won:?} ({:?})", t.elapsed());
    }
}
