//! Prints how often the game's solver-backed helpers answer within their
//! budgets on mid-game positions, per gravity variant: the smart hint
//! ([`HINT_BUDGET`]) and the check after each match that the board can still
//! be cleared ([`CHECK_BUDGET`]):
//! `cargo run --release --example assist_stats -- [positions] [rows] [cols] [kinds]`.
//!
//! Each position is a winnable deal of the game's default size (8 x 16, 32
//! kinds) after a random number of random legal moves, as a player who does
//! not look ahead might make them, so some positions are lost already. The
//! same arguments give the same positions on every run.

use std::time::{Duration, Instant};

use clap::Parser;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::core::grid::Board;
use lianliankan::game::{CHECK_BUDGET, HINT_BUDGET};
use lianliankan::solve::deal::deal_seeded;
use lianliankan::solve::solver::{Outcome, SolveConfig, available_moves, solve};
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// The deal of `seed` after between a tenth and two thirds of its pairs
/// were played at random.
fn mid_game(rows: usize, cols: usize, kinds: usize, gravity: Gravity, seed: u64) -> Board {
    let mut board = deal_seeded(rows, cols, kinds, Rules::CLASSIC, gravity, seed)
        .expect("the game's sizes deal")
        .board;
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let pairs = rows * cols / 2;
    let played = rng.random_range(pairs / 10..=pairs * 2 / 3);
    for _ in 0..played {
        let moves = available_moves(&board, Rules::CLASSIC);
        let Some(&m) = moves.choose(&mut rng) else {
            break;
        };
        remove_pair(&mut board, m.a, m.b, gravity);
    }
    board
}

/// How often a search with `budget` answers, and the median time it takes.
struct Tally {
    answered: u32,
    lost: u32,
    times: Vec<Duration>,
}

impl Tally {
    fn new() -> Self {
        Tally {
            answered: 0,
            lost: 0,
            times: Vec::new(),
        }
    }

    fn run(&mut self, board: &Board, gravity: Gravity, budget: Duration) {
        let config = SolveConfig {
            rules: Rules::CLASSIC,
            gravity,
            budget,
        };
        let start = Instant::now();
        match solve(board, &config) {
            Outcome::Solved(_) => self.answered += 1,
            Outcome::NoSolution => {
                self.answered += 1;
                self.lost += 1;
            }
            Outcome::Unknown => {}
        }
        self.times.push(start.elapsed());
    }

    fn median(&mut self) -> Duration {
        self.times.sort();
        self.times[self.times.len() / 2]
    }
}

/// How often the hint and the lost-board check answer within their budgets.
// A wrong argument is refused, not taken as its default or passed over.
#[derive(Parser)]
struct Options {
    /// Positions per variant.
    #[arg(default_value_t = 100)]
    positions: u64,
    /// Board rows.
    #[arg(default_value_t = 8)]
    rows: usize,
    /// Board columns.
    #[arg(default_value_t = 16)]
    cols: usize,
    /// Tile kinds.
    #[arg(default_value_t = 32)]
    kinds: usize,
}

fn main() {
    let Options {
        positions,
        rows,
        cols,
        kinds,
    } = Options::parse();
    println!(
        "{positions} mid-game positions per variant, {rows} x {cols}, {kinds} kinds; hint budget {HINT_BUDGET:?}, lost-check budget {CHECK_BUDGET:?}"
    );
    println!(
        "{:<9} {:>14} {:>12} {:>14} {:>12} {:>6}",
        "variant", "hint answers", "hint median", "check answers", "check median", "lost"
    );
    for gravity in Gravity::LEVELS {
        let (mut hint, mut check) = (Tally::new(), Tally::new());
        for seed in 0..positions {
            let board = mid_game(rows, cols, kinds, gravity, seed);
            hint.run(&board, gravity, HINT_BUDGET);
            check.run(&board, gravity, CHECK_BUDGET);
        }
        let share = |n: u32| 100.0 * f64::from(n) / positions as f64;
        println!(
            "{:<9} {:>13.1}% {:>12.1?} {:>13.1}% {:>12.1?} {:>6}",
            gravity.name(),
            share(hint.answered),
            hint.median(),
            share(check.answered),
            check.median(),
            check.lost
        );
    }
}
