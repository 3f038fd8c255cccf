//! Scratch: solve random boards of solver_stats one by one with a long budget.
use std::time::{Duration, Instant};

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::solver::{Outcome, SolveConfig, solve_counted};
use rand::SeedableRng;
use rand::seq::SliceRandom;

fn random_board(rows: usize, cols: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut tiles: Vec<u32> = pair_kinds(rows, cols, kinds)
        .unwrap()
        .into_iter()
        .flat_map(|k| [k, k])
        .collect();
    tiles.shuffle(&mut rng);
    Board::from_tiles(rows, cols, tiles).unwrap()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = a[0].parse().unwrap();
    let cols: usize = a[1].parse().unwrap();
    use clap::ValueEnum;
    let gravity = Gravity::from_str(&a[2], true).unwrap();
    let budget = Duration::from_millis(a[3].parse().unwrap());
    for s in &a[4..] {
        let seed: u64 = s.parse().unwrap();
        let board = random_board(rows, cols, 36, seed);
        let config = SolveConfig { rules: Rules::CLASSIC, gravity, budget };
        let cpu0 = cpu();
        let t = Instant::now();
        let (o, st) = solve_counted(&board, &config);
        let v = match o { Outcome::Solved(_) => "solved", Outcome::NoSolution => "impossible", Outcome::Unknown => "unknown" };
        println!("{seed}\t{v}\t{:.3}s wall\t{:.3}s cpu\t{} positions\t{} queries", t.elapsed().as_secs_f64(), cpu() - cpu0, st.positions, st.path_queries);
    }
}

fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    s.split_whitespace().next().unwrap().parse::<f64>().unwrap() / 1e9
}
