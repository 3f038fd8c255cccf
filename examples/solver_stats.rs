//! Prints how the solver fares on random (not constructed) full boards, per
//! orientation (9 rows x 16 columns and 16 x 9) and gravity variant: how many
//! it decides (solves or proves impossible) within the budget, the median and
//! 90th-percentile time, and the positions it searches per second. Every
//! solution is replayed by [`replay`] (untimed) and must clear its board:
//! `cargo run --release --example solver_stats -- [boards] [budget_ms] [detail.tsv] [filter]`.
//!
//! Board `seed` of a size is the same on every run (36 kinds x 4, shuffled by
//! a seeded generator), so two versions of the solver can be compared board by
//! board: the optional third argument (`-` for none) writes one line per board
//! (orientation, variant, seed, verdict, microseconds, positions). The
//! optional fourth keeps only the cells whose orientation or variant it
//! names, for example `16x9`, `down` or `16x9:down`, to rerun or profile one.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use clap::Parser;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::pair_kinds;
use lianliankan::solve::replay::replay;
use lianliankan::solve::solver::{Outcome, SolveConfig, solve_counted};
use rand::SeedableRng;
use rand::seq::SliceRandom;

/// A full `rows` x `cols` board with `kinds` kinds, shuffled by `seed`.
fn random_board(rows: usize, cols: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut tiles: Vec<u32> = pair_kinds(rows, cols, kinds)
        .expect("valid size")
        .into_iter()
        .flat_map(|k| [k, k])
        .collect();
    tiles.shuffle(&mut rng);
    Board::from_tiles(rows, cols, tiles).expect("valid size")
}

/// How the solver fares on random full boards.
// A wrong argument is refused, not taken as its default or passed over.
#[derive(Parser)]
struct Options {
    /// Boards per orientation and variant.
    #[arg(default_value_t = 100)]
    boards: u64,
    /// The solver's budget per board, in milliseconds.
    #[arg(default_value_t = 1000)]
    budget_ms: u64,
    /// A file to write one line per board into (`-` for none).
    #[arg(default_value = "-")]
    detail: String,
    /// Only the cells of this orientation and/or variant (`16x9`, `down`,
    /// `16x9:down`).
    #[arg(default_value = "")]
    filter: String,
}

fn main() {
    let Options {
        boards,
        budget_ms,
        detail,
        filter,
    } = Options::parse();
    let detail_path = (detail != "-").then_some(detail);
    let wanted = |size: &str, gravity: Gravity| {
        filter
            .split(':')
            .all(|part| part.is_empty() || part == size || part == gravity.name())
    };
    let mut detail = String::new();
    let kinds = 36;
    println!(
        "{boards} random full boards per cell, {kinds} kinds x 4, classic rules (two turns, open border), budget {budget_ms} ms"
    );
    for (rows, cols) in [(9, 16), (16, 9)] {
        let size = format!("{rows}x{cols}");
        if !Gravity::LEVELS.iter().any(|&g| wanted(&size, g)) {
            continue;
        }
        println!();
        println!("{rows} rows x {cols} cols");
        println!(
            "{:<9} {:>8} {:>7} {:>10} {:>8} {:>10} {:>10} {:>12}",
            "variant", "decided", "solved", "impossible", "unknown", "median", "p90", "positions/s"
        );
        for gravity in Gravity::LEVELS {
            if !wanted(&size, gravity) {
                continue;
            }
            let config = SolveConfig {
                rules: Rules::CLASSIC,
                gravity,
                budget: Duration::from_millis(budget_ms),
            };
            let (mut solved, mut none, mut unknown) = (0u64, 0u64, 0u64);
            let (mut positions, mut total) = (0u64, Duration::ZERO);
            let mut times = Vec::new();
            for seed in 0..boards {
                let board = random_board(rows, cols, kinds, seed);
                let start = Instant::now();
                let (outcome, stats) = solve_counted(&board, &config);
                let took = start.elapsed();
                let verdict = match outcome {
                    Outcome::Solved(moves) => {
                        // Every solution is replayed by the independent
                        // rule code, outside the timed part.
                        let left = replay(&board, &moves, config.rules, gravity)
                            .expect("the solver's moves are legal");
                        assert_eq!(left.tile_count(), 0, "seed {seed} not cleared");
                        solved += 1;
                        "solved"
                    }
                    Outcome::NoSolution => {
                        none += 1;
                        "impossible"
                    }
                    Outcome::Unknown => {
                        unknown += 1;
                        "unknown"
                    }
                };
                positions += stats.positions;
                total += took;
                times.push(took);
                let _ = writeln!(
                    detail,
                    "{rows}x{cols}\t{}\t{seed}\t{verdict}\t{}\t{}",
                    gravity.name(),
                    took.as_micros(),
                    stats.positions
                );
            }
            times.sort();
            let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
            println!(
                "{:<9} {:>7.1}% {:>7} {:>10} {:>8} {:>10.1?} {:>10.1?} {:>12.0}",
                gravity.name(),
                100.0 * (solved + none) as f64 / boards as f64,
                solved,
                none,
                unknown,
                at(0.5),
                at(0.9),
                positions as f64 / total.as_secs_f64()
            );
        }
    }
    if let Some(path) = detail_path {
        std::fs::write(&path, detail).expect("write the detail file");
    }
}
