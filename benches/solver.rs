//! Dealer and solver speed on a 16 x 9 board (16 rows, 9 columns) with 36 kinds, for every
//! gravity variant: dealing a winnable board, and solving a dealt board (what
//! the game's "still winnable?" check does after each move); and solving a
//! dealt board of the game's largest size, 40 x 60 with 60 kinds, where each
//! kind has 40 copies and a solution 1,200 moves; and solving big boards
//! of pairs laid side by side (200 x 200 and 400 x 400, no gravity), whose
//! time should grow with the tiles, not faster (the `solve` command takes
//! boards of any size). The solver's
//! record on random, not constructed, boards is printed by
//! `cargo run --release --example solver_stats`.

// criterion_group! defines a public function without a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::deal_seeded;
use lianliankan::solve::solver::{Outcome, SolveConfig, solve};

fn deal_16x9(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal/16x9-36-kinds");
    for gravity in Gravity::LEVELS {
        group.bench_function(BenchmarkId::from_parameter(gravity.name()), |bench| {
            let mut seed = 0;
            bench.iter(|| {
                seed += 1;
                deal_seeded(16, 9, 36, Rules::CLASSIC, gravity, black_box(seed))
                    .expect("16x9 deals")
            })
        });
    }
    group.finish();
}

/// Solving the deals of `seeds` of a `rows` x `cols` board of `kinds` kinds,
/// per variant, all of them each sample: a sample's time over their count
/// is one solve.
fn solve_dealt(
    c: &mut Criterion,
    (rows, cols, kinds): (usize, usize, usize),
    seeds: std::ops::Range<u64>,
    samples: usize,
) {
    let mut group = c.benchmark_group(format!("solve/{rows}x{cols}-dealt"));
    group.sample_size(samples);
    for gravity in Gravity::LEVELS {
        let config = SolveConfig {
            rules: Rules::CLASSIC,
            gravity,
            budget: Duration::from_secs(10),
        };
        let boards: Vec<_> = seeds
            .clone()
            .map(|seed| {
                deal_seeded(rows, cols, kinds, Rules::CLASSIC, gravity, seed)
                    .expect("the benchmarks' sizes deal")
                    .board
            })
            .collect();
        let id = BenchmarkId::new(format!("x{}", boards.len()), gravity.name());
        group.bench_function(id, |bench| {
            bench.iter(|| {
                boards
                    .iter()
                    .filter(|b| matches!(solve(black_box(b), &config), Outcome::Solved(_)))
                    .count()
            })
        });
    }
    group.finish();
}

fn solve_dealt_16x9(c: &mut Criterion) {
    solve_dealt(c, (16, 9, 36), 0..20, 20);
}

fn solve_dealt_40x60(c: &mut Criterion) {
    solve_dealt(c, (40, 60, 60), 1..2, 10);
}

/// An `n` x `n` board (`n` even) of pairs laid side by side along the rows,
/// kinds 1 to 60 in turn: every pair joins at once, so the solve is one
/// long walk down the search, as long as the board is big.
fn side_by_side(n: usize) -> Board {
    let tiles = (0..n * n / 2)
        .flat_map(|k| [k as u32 % 60 + 1; 2])
        .collect();
    Board::from_tiles(n, n, tiles).expect("an even size")
}

fn solve_side_by_side(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve/side-by-side-pairs");
    group.sample_size(10);
    let config = SolveConfig {
        rules: Rules::CLASSIC,
        gravity: Gravity::None,
        budget: Duration::from_secs(60),
    };
    for n in [200, 400] {
        let board = side_by_side(n);
        group.bench_function(BenchmarkId::from_parameter(format!("{n}x{n}")), |bench| {
            bench.iter(|| {
                let outcome = solve(black_box(&board), &config);
                assert!(matches!(outcome, Outcome::Solved(_)), "{n} x {n} solves");
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    deal_16x9,
    solve_dealt_16x9,
    solve_dealt_40x60,
    solve_side_by_side
);
criterion_main!(benches);
