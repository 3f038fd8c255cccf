//! Prints how the solver fares on random (not constructed) full boards, and
//! how long winnable deals take, per gravity variant:
//! `cargo run --release --example solver_stats -- [boards] [budget_ms]`.

use std::time::{Duration, Instant};

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::{deal_seeded, pair_kinds};
use lianliankan::solve::solver::{Outcome, SolveConfig, solve};
use rand::SeedableRng;
use rand::seq::SliceRandom;

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let budget_ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let (rows, cols, kinds) = (16, 9, 36);
    println!(
        "{boards} random full {rows}x{cols} boards, {kinds} kinds, classic rules, budget {budget_ms} ms"
    );
    for gravity in Gravity::LEVELS {
        let config = SolveConfig {
            rules: Rules::CLASSIC,
            gravity,
            budget: Duration::from_millis(budget_ms),
        };
        let (mut solved, mut none, mut unknown) = (0, 0, 0);
        let mut times = Vec::new();
        for seed in 0..boards {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut tiles: Vec<u32> = pair_kinds(rows, cols, kinds)
                .expect("valid size")
                .into_iter()
                .flat_map(|k| [k, k])
                .collect();
            tiles.shuffle(&mut rng);
            let board = Board::from_tiles(rows, cols, tiles).expect("valid size");
            let start = Instant::now();
            match solve(&board, &config) {
                Outcome::Solved(_) => solved += 1,
                Outcome::NoSolution => none += 1,
                Outcome::Unknown => unknown += 1,
            }
            times.push(start.elapsed());
        }
        times.sort();
        let deal_start = Instant::now();
        let deals = 50;
        for seed in 0..deals {
            deal_seeded(rows, cols, kinds, Rules::CLASSIC, gravity, seed).expect("deal");
        }
        println!(
            "{gravity:?}: solved {solved}, no solution {none}, unknown {unknown}; median solve {:?}; mean deal {:?}",
            times[times.len() / 2],
            deal_start.elapsed() / deals as u32
        );
    }
}
