//! Scratch: print a solution's moves.
use std::time::Duration;
use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::solver::{Outcome, SolveConfig, solve};
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
    use clap::ValueEnum;
    let gravity = Gravity::from_str(&a[2], true).unwrap();
    let b = random_board(a[0].parse().unwrap(), a[1].parse().unwrap(), 36, a[3].parse().unwrap());
    let c = SolveConfig { rules: Rules::CLASSIC, gravity, budget: Duration::from_secs(60) };
    let Outcome::Solved(moves) = solve(&b, &c) else { println!("not solved"); return };
    let mut x = b.clone();
    let show = |x: &Board| { for r in 0..x.rows() { let row: Vec<String> = (0..x.cols()).map(|c| { let t = x.tiles()[r * x.cols() + c]; if t == 0 { " .".into() } else { format!("{t:2}") } }).collect(); println!("  {}", row.join(" ")); } };
    show(&x);
    for (n, m) in moves.iter().enumerate() {
        println!("{n}: {} at ({},{}) ({},{})", x.get(m.a), m.a.row, m.a.col, m.b.row, m.b.col);
        remove_pair(&mut x, m.a, m.b, gravity);
        if n % 12 == 11 { show(&x); }
    }
}
