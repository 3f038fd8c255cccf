//! How hard each difficulty's deals are, measured by the simulated players,
//! with how long deals and reshuffles take:
//! `cargo run --release --example difficulty_table -- [deals] [playouts] [gravity...]`.
//!
//! For every gravity variant (all, or those named) and difficulty it deals
//! `deals` boards of 8 x 16 with 32 kinds (classic rules, open border), plays
//! each `playouts` times with the random and the careful (greedy) player,
//! and prints the share of games each cleared (with the lowest and highest
//! share of a single deal), the median and slowest deal, and the median
//! reshuffle of a board half played.

use std::time::{Duration, Instant};

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::solve::difficulty::{Difficulty, deal_seeded_at, reshuffle_at};
use lianliankan::solve::playout::{Player, clears};
use lianliankan::solve::replay::replay;
use rand::SeedableRng;

const ROWS: usize = 8;
const COLS: usize = 16;
const KINDS: usize = 32;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let named: Vec<Gravity> = args.filter_map(|a| a.parse().ok()).collect();
    let variants = if named.is_empty() {
        Gravity::LEVELS.to_vec()
    } else {
        named
    };
    let rules = Rules::CLASSIC;
    println!(
        "{deals} deals of {ROWS} x {COLS}, {KINDS} kinds, classic rules; {games} playouts a deal and player"
    );
    println!(
        "{:<9} {:<7} {:>18} {:>18} {:>9} {:>9} {:>11}",
        "gravity", "level", "random (min-max)", "greedy (min-max)", "deal med", "deal max", "reshuf med"
    );
    for &gravity in &variants {
        for difficulty in Difficulty::ALL {
            let mut times = Vec::new();
            let mut reshuffles = Vec::new();
            let mut rates = [(0u32, u32::MAX, 0u32); 2];
            for seed in 0..deals {
                let start = Instant::now();
                let dealt = deal_seeded_at(ROWS, COLS, KINDS, rules, gravity, difficulty, seed)
                    .expect("a deal");
                times.push(start.elapsed());
                for (player, rate) in Player::ALL.into_iter().zip(rates.iter_mut()) {
                    let won = clears(&dealt.board, rules, gravity, player, games, seed << 20);
                    rate.0 += won;
                    rate.1 = rate.1.min(won);
                    rate.2 = rate.2.max(won);
                }
                let half = &dealt.solution[..dealt.solution.len() / 2];
                let mid = replay(&dealt.board, half, rules, gravity).expect("the proof replays");
                let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
                let start = Instant::now();
                reshuffle_at(&mid, rules, gravity, difficulty, &mut rng).expect("a reshuffle");
                reshuffles.push(start.elapsed());
            }
            let share = |(won, lo, hi): (u32, u32, u32)| {
                let pct = |n: u32, of: u64| 100.0 * f64::from(n) / of as f64;
                format!(
                    "{:5.1}% ({:.0}-{:.0})",
                    pct(won, deals * u64::from(games)),
                    pct(lo, games.into()),
                    pct(hi, games.into())
                )
            };
            println!(
                "{:<9} {:<7} {:>18} {:>18} {:>9} {:>9} {:>11}",
                gravity.name(),
                difficulty.name(),
                share(rates[0]),
                share(rates[1]),
                ms(median(&mut times)),
                ms(times.iter().copied().max().unwrap_or_default()),
                ms(median(&mut reshuffles)),
            );
        }
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
