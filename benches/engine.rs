//! Engine and `check` speed: the engine next to the plain reference search on
//! the same queries, and `check` next to merely reading its input. The floor
//! of any reader of that input, a C program that only sums its numbers, is
//! `benches/sum_numbers.c`; the README shows how to time the two side by side.

// criterion_group! defines a public function without a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lianliankan::cli::check::{Format, check};
use lianliankan::cli::scanner::Scanner;
use lianliankan::core::engine::{Rules, find_path};
use lianliankan::core::grid::{Board, Point};
use lianliankan::solve::reference::min_turns;
use lianliankan::solve::sample_boards::{hdu_input, maze_board, random_board, random_queries};

/// How many of `queries` the search `joins` connects.
fn connected(queries: &[(Point, Point)], joins: impl Fn(Point, Point) -> bool) -> usize {
    queries
        .iter()
        .filter(|&&(a, b)| joins(black_box(a), black_box(b)))
        .count()
}

fn queries_bench(c: &mut Criterion, name: &str, board: &Board, queries: &[(Point, Point)]) {
    let mut group = c.benchmark_group(format!("query/{name}"));
    group.sample_size(10);
    for rules in [Rules::CLASSIC, Rules::JUDGE] {
        let border = format!("{:?}", rules.border).to_lowercase();
        group.bench_function(BenchmarkId::new("engine", &border), |bench| {
            bench.iter(|| connected(queries, |a, b| find_path(board, a, b, rules).is_some()))
        });
        group.bench_function(BenchmarkId::new("reference", &border), |bench| {
            bench.iter(|| connected(queries, |a, b| min_turns(board, a, b, rules).is_some()))
        });
    }
    group.finish();
}

fn engine_queries(c: &mut Criterion) {
    // Each sample times a batch of queries; divide by the count for one query.
    let game = random_board(9, 16, 0.6, 36, 1);
    queries_bench(c, "9x16-x100", &game, &random_queries(&game, 100, 2));
    let random = random_board(1000, 1000, 0.3, 4, 3);
    queries_bench(
        c,
        "1000x1000-random-x20",
        &random,
        &random_queries(&random, 20, 4),
    );
    // Nearly empty: free runs span the board, so the engine scans long runs.
    let sparse = random_board(1000, 1000, 0.002, 2, 5);
    queries_bench(
        c,
        "1000x1000-sparse-x5",
        &sparse,
        &random_queries(&sparse, 5, 6),
    );
    let maze = maze_board(1000, 1000);
    // Tiles on both sides of a corridor, far apart: the line runs along it.
    let queries: Vec<(Point, Point)> = (0..20)
        .map(|i| {
            let corridor = 1 + 2 * (i * 23 % 499);
            (
                Point::new(corridor - 1, 3 + i),
                Point::new(corridor + 1, 990 - i),
            )
        })
        .collect();
    queries_bench(c, "1000x1000-maze-x20", &maze, &queries);
}

/// Reads every number of the input and nothing more: the floor for `check`.
fn parse_only(input: &[u8]) -> u64 {
    let mut s = Scanner::new(input);
    let mut sum = 0;
    while !s.at_end() {
        sum += s.number("n").expect("generated input is well formed");
    }
    sum
}

fn check_big_input(c: &mut Criterion) {
    let input = hdu_input(3, 1000, 999, 49, 1175).expect("a legal size");
    let mut group = c.benchmark_group("check/3x1000x999x49");
    group.sample_size(10);
    group.bench_function("parse-only", |b| b.iter(|| parse_only(black_box(&input))));
    group.bench_function("check", |b| {
        b.iter(|| {
            check(
                black_box(&input),
                Format::Hdu,
                Rules::JUDGE,
                lianliankan::core::gravity::Gravity::None,
                &mut std::io::sink(),
            )
            .is_ok()
        })
    });
    group.finish();
}

criterion_group!(benches, engine_queries, check_big_input);
criterion_main!(benches);
