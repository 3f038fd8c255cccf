//! How hard each difficulty's deals are, measured by the simulated players,
//! with how long deals and reshuffles take:
//! `cargo run --release --example difficulty_table -- [deals] [playouts] [gravity...] [--lost-check[=playouts]]`.
//!
//! For every gravity variant (all, or those named) and difficulty it deals
//! `deals` boards of 8 x 16 with 32 kinds (classic rules, open border), plays
//! each `playouts` times with the random and the careful (greedy) player,
//! and prints the share of games each cleared (with the lowest and highest
//! share of a single deal; `ok` when the random player's share is in the
//! difficulty's band), the median, 90th percentile and slowest deal, and
//! the median and 90th percentile reshuffle of a board half played with the
//! random player's share on it.
//!
//! With `--lost-check`, it then replays the random player's lost games on
//! hard deals (the first 20 playouts of each deal, or as many as given)
//! and runs the game's check after every move (the solver with
//! [`CHECK_BUDGET`]): how many of those games it proved lost before the
//! move into the deadlock, and how many moves ahead.

use std::time::{Duration, Instant};

use clap::Parser;

use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::{Gravity, remove_pair};
use lianliankan::game::CHECK_BUDGET;
use lianliankan::solve::difficulty::{Difficulty, deal_seeded_at, reshuffle_at};
use lianliankan::solve::playout::{Player, clears, play};
use lianliankan::solve::replay::replay;
use lianliankan::solve::solver::{SolveConfig, is_winnable};
use rand::SeedableRng;

const ROWS: usize = 8;
const COLS: usize = 16;
const KINDS: usize = 32;

/// How hard each difficulty's deals are, measured by the simulated players.
// A wrong argument is refused, not taken as its default or passed over.
#[derive(Parser)]
struct Options {
    /// Deals per variant and difficulty.
    #[arg(default_value_t = 20)]
    deals: u64,
    /// Playouts per deal and player.
    #[arg(default_value_t = 100)]
    playouts: u32,
    /// The variants to measure (all when none is named).
    #[arg(value_parser = lianliankan::cli::gravity_arg())]
    gravity: Vec<Gravity>,
    /// Then replay the random player's lost games on hard deals: the first
    /// 20 playouts of each deal, or as many as given (`--lost-check=N`).
    #[arg(long, value_name = "PLAYOUTS", num_args = 0..=1, require_equals = true,
          default_missing_value = "20")]
    lost_check: Option<u32>,
}

fn main() {
    let options = Options::parse();
    let (deals, games, check_lost) = (options.deals, options.playouts, options.lost_check);
    let variants = if options.gravity.is_empty() {
        Gravity::LEVELS.to_vec()
    } else {
        options.gravity
    };
    let rules = Rules::CLASSIC;
    println!(
        "{deals} deals of {ROWS} x {COLS}, {KINDS} kinds, classic rules; {games} playouts a deal and player"
    );
    println!(
        "{:<9} {:<7} {:>21} {:>18} {:>9} {:>9} {:>9} {:>11} {:>11} {:>7}",
        "gravity",
        "level",
        "random (min-max)",
        "greedy (min-max)",
        "deal med",
        "deal p90",
        "deal max",
        "reshuf med",
        "reshuf p90",
        "random"
    );
    for &gravity in &variants {
        for difficulty in Difficulty::ALL {
            let mut times = Vec::new();
            let mut reshuffles = Vec::new();
            let mut rates = [(0u32, u32::MAX, 0u32); 2];
            let mut reshuffled = 0u32;
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
                let again =
                    reshuffle_at(&mid, rules, gravity, difficulty, &mut rng).expect("a reshuffle");
                reshuffles.push(start.elapsed());
                let won = clears(
                    &again.board,
                    rules,
                    gravity,
                    Player::Random,
                    games,
                    seed << 20,
                );
                reshuffled += won;
            }
            let pct = |n: u32, of: u64| 100.0 * f64::from(n) / of as f64;
            let share = |(won, lo, hi): (u32, u32, u32)| {
                format!(
                    "{:5.1}% ({:.0}-{:.0})",
                    pct(won, deals * u64::from(games)),
                    pct(lo, games.into()),
                    pct(hi, games.into())
                )
            };
            let (lo, hi) = difficulty.band();
            let random = pct(rates[0].0, deals * u64::from(games));
            let mark = if (f64::from(lo)..=f64::from(hi)).contains(&random) {
                "ok"
            } else {
                "--"
            };
            println!(
                "{:<9} {:<7} {:>18} {mark} {:>18} {:>9} {:>9} {:>9} {:>11} {:>11} {:>6.1}%",
                gravity.name(),
                difficulty.name(),
                share(rates[0]),
                share(rates[1]),
                ms(quantile(&mut times, 50)),
                ms(quantile(&mut times, 90)),
                ms(times.iter().copied().max().unwrap_or_default()),
                ms(quantile(&mut reshuffles, 50)),
                ms(quantile(&mut reshuffles, 90)),
                pct(reshuffled, deals * u64::from(games)),
            );
        }
    }
    if let Some(games) = check_lost {
        lost_check(&variants, deals, games);
    }
}

/// Replays the random player's lost games (of `games` playouts a deal) on
/// hard deals with the game's
/// lost-board check after every move, and prints how many it flagged before
/// the move into the deadlock.
fn lost_check(variants: &[Gravity], deals: u64, games: u32) {
    let rules = Rules::CLASSIC;
    println!();
    println!(
        "the check after each move ({} ms) on the random player's lost games, hard deals",
        CHECK_BUDGET.as_millis()
    );
    println!(
        "{:<9} {:>6} {:>16} {:>14} {:>17}",
        "gravity", "lost", "flagged before", "moves ahead", "undecided checks"
    );
    for &gravity in variants {
        let config = SolveConfig {
            rules,
            gravity,
            budget: CHECK_BUDGET,
        };
        let (mut lost, mut flagged, mut ahead, mut undecided) = (0u32, 0u32, 0usize, 0u32);
        for seed in 0..deals {
            let dealt = deal_seeded_at(ROWS, COLS, KINDS, rules, gravity, Difficulty::Hard, seed)
                .expect("a deal");
            for game in 0..games {
                let mut rng =
                    rand::rngs::Xoshiro256PlusPlus::seed_from_u64((seed << 20) + u64::from(game));
                let out = play(&dealt.board, rules, gravity, Player::Random, &mut rng);
                if out.cleared {
                    continue;
                }
                lost += 1;
                // The board after each move but the last, in order: the
                // first the check proves lost is where the warning shows.
                let mut board = dealt.board.clone();
                let last = out.moves.len().saturating_sub(1);
                for (i, m) in out.moves[..last].iter().enumerate() {
                    remove_pair(&mut board, m.a, m.b, gravity);
                    match is_winnable(&board, &config) {
                        Some(false) => {
                            flagged += 1;
                            ahead += last - i;
                            break;
                        }
                        None => undecided += 1,
                        Some(true) => {}
                    }
                }
            }
        }
        println!(
            "{:<9} {:>6} {:>9} ({:3.0}%) {:>14.1} {:>17}",
            gravity.name(),
            lost,
            flagged,
            100.0 * f64::from(flagged) / f64::from(lost.max(1)),
            ahead as f64 / f64::from(flagged.max(1)),
            undecided
        );
    }
}

/// The time `percent` of `times` take at most (nearest rank).
fn quantile(times: &mut [Duration], percent: usize) -> Duration {
    times.sort();
    let rank = (times.len() * percent).div_ceil(100).max(1);
    times.get(rank - 1).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
