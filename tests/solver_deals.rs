//! Deals, reshuffles and the solver, checked against independent code: every
//! move list is replayed by `replay` (the engine, the plain rule checker and a
//! naive gravity), and the solver's verdicts on small boards are compared with
//! an exhaustive search that shares no code with it.

#[path = "support/deals.rs"]
mod deals;

use std::collections::HashSet;
use std::time::Duration;

use deals::{assert_clears, dealt_kinds, rng};
use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, EMPTY, Point, Tile};
use lianliankan::solve::deal::{deal_seeded, deal_winnable, pair_kinds, reshuffle_winnable};
use lianliankan::solve::replay::{play_move, replay};
use lianliankan::solve::solver::{Move, Outcome, SolveConfig, solve};
use rand::RngExt;
use rand::seq::SliceRandom;

fn config(rules: Rules, gravity: Gravity) -> SolveConfig {
    SolveConfig {
        rules,
        gravity,
        budget: Duration::from_secs(60),
    }
}

/// The classic two turns with either border, open then closed.
const TWO_TURN_RULES: [Rules; 2] = [
    Rules {
        max_turns: 2,
        border: Border::Open,
    },
    Rules {
        max_turns: 2,
        border: Border::Closed,
    },
];

const SIZES: [(usize, usize, usize); 6] = [
    (1, 2, 1),
    (2, 3, 2),
    (4, 4, 4),
    (5, 6, 7),
    (6, 6, 9),
    (6, 8, 12),
];

#[test]
fn deals_are_cleared_by_their_proof_and_by_the_solver() {
    for gravity in Gravity::LEVELS {
        for rules in TWO_TURN_RULES {
            for (rows, cols, kinds) in SIZES {
                for seed in 0..40 {
                    let dealt = deal_seeded(rows, cols, kinds, rules, gravity, seed).unwrap();
                    let b = &dealt.board;
                    assert_eq!(b.tile_count(), rows * cols);
                    assert_eq!(b.sorted_tiles(), dealt_kinds(rows, cols, kinds));
                    assert_clears(b, &dealt.solution, rules, gravity);
                    let Outcome::Solved(moves) = solve(b, &config(rules, gravity)) else {
                        panic!("solver failed on a deal: {b:?} {rules:?} {gravity:?}");
                    };
                    assert_clears(b, &moves, rules, gravity);
                }
            }
        }
    }
}

#[test]
fn full_size_deals_are_cleared_by_their_proof() {
    for gravity in Gravity::LEVELS {
        for rules in TWO_TURN_RULES {
            for seed in 0..10 {
                let dealt = deal_seeded(16, 9, 36, rules, gravity, seed).unwrap();
                assert_clears(&dealt.board, &dealt.solution, rules, gravity);
            }
        }
    }
}

#[test]
fn the_largest_game_board_deals() {
    for gravity in [Gravity::None, Gravity::CenterV] {
        let rules = Rules::CLASSIC;
        let dealt = deal_seeded(40, 60, 62, rules, gravity, 3).unwrap();
        assert_clears(&dealt.board, &dealt.solution, rules, gravity);
    }
}

#[test]
fn deals_follow_the_turn_limit() {
    for gravity in [Gravity::None, Gravity::Down, Gravity::CenterH] {
        for max_turns in [0, 1, 3] {
            let rules = Rules {
                max_turns,
                border: Border::Open,
            };
            for seed in 0..20 {
                let dealt = deal_seeded(4, 6, 5, rules, gravity, seed).unwrap();
                assert_clears(&dealt.board, &dealt.solution, rules, gravity);
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_deal_every_time() {
    let rules = Rules::CLASSIC;
    let a = deal_seeded(16, 9, 36, rules, Gravity::Down, 7).unwrap();
    let b = deal_seeded(16, 9, 36, rules, Gravity::Down, 7).unwrap();
    let c = deal_seeded(16, 9, 36, rules, Gravity::Down, 8).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.board, c.board);
}

#[test]
fn kinds_are_spread_evenly_and_bad_combinations_refused() {
    let pairs = pair_kinds(16, 9, 36).unwrap();
    assert_eq!(pairs.len(), 72);
    let counts: HashSet<usize> = pairs
        .iter()
        .map(|k| pairs.iter().filter(|&x| x == k).count())
        .collect();
    assert_eq!(counts, HashSet::from([2]));
    // 10 pairs over 4 kinds: two kinds get three pairs, two get two.
    let pairs = pair_kinds(4, 5, 4).unwrap();
    let mut counts: Vec<usize> = (0..4)
        .map(|i| pairs.iter().filter(|&&k| k == pairs[i]).count())
        .collect();
    counts.sort();
    assert_eq!(counts, [2, 2, 3, 3]);
    assert!(pair_kinds(3, 3, 2).is_err());
    assert!(pair_kinds(0, 4, 1).is_err());
    assert!(pair_kinds(2, 2, 3).is_err());
    assert!(pair_kinds(2, 2, 0).is_err());
    assert!(pair_kinds(20, 20, 63).is_err());
    assert!(pair_kinds(20, 20, 62).is_ok());
    assert!(pair_kinds(100_000, 100_000, 4).is_err());
    assert!(pair_kinds(101, 100, 4).is_err());
    assert!(pair_kinds(100, 100, 62).is_ok());
}

/// Pairs of orthogonal neighbours holding the same kind.
fn equal_neighbours(b: &Board) -> usize {
    b.points()
        .flat_map(|p| {
            [
                (p, Point::new(p.row + 1, p.col)),
                (p, Point::new(p.row, p.col + 1)),
            ]
        })
        .filter(|&(p, q)| b.contains(q) && b.get(p) != EMPTY && b.get(p) == b.get(q))
        .count()
}

/// Asserts that `dealt` equal neighbours (summed over the boards of `what`)
/// are at most a quarter more, plus slack, than `uniform` from plain shuffles.
fn assert_as_mixed(dealt: usize, uniform: usize, what: &str) {
    assert!(
        dealt * 4 <= uniform * 5 + 20 * 4,
        "{what}: {dealt} equal neighbours, {uniform} shuffled"
    );
}

#[test]
fn deals_are_as_mixed_as_a_uniform_shuffle() {
    for gravity in Gravity::LEVELS {
        for rules in TWO_TURN_RULES {
            let (mut dealt, mut uniform) = (0, 0);
            for seed in 0..30 {
                let d = deal_seeded(16, 9, 36, rules, gravity, seed).unwrap();
                dealt += equal_neighbours(&d.board);
                let mut tiles = d.board.tiles().to_vec();
                tiles.shuffle(&mut rng(seed));
                uniform += equal_neighbours(&Board::from_tiles(16, 9, tiles).unwrap());
            }
            let what = format!("{gravity:?} {:?} deals", rules.border);
            assert_as_mixed(dealt, uniform, &what);
        }
    }
}

#[test]
fn reshuffles_are_as_mixed_as_a_uniform_shuffle() {
    for gravity in [Gravity::None, Gravity::Down, Gravity::CenterV] {
        for rules in TWO_TURN_RULES {
            let (mut dealt, mut uniform) = (0, 0);
            for seed in 0..30 {
                let mut r = rng(seed);
                let start = deal_winnable(16, 9, 36, rules, gravity, &mut r).unwrap();
                let mid = replay(&start.board, &start.solution[..20], rules, gravity).unwrap();
                let again = reshuffle_winnable(&mid, rules, gravity, &mut r).unwrap();
                dealt += equal_neighbours(&again.board);
                // The same kinds, uniformly permuted over the same cells.
                let cells: Vec<Point> = mid.points().filter(|&p| !mid.is_empty_at(p)).collect();
                let mut kinds: Vec<Tile> = cells.iter().map(|&p| mid.get(p)).collect();
                kinds.shuffle(&mut r);
                let mut shuffled = mid.clone();
                for (&p, &k) in cells.iter().zip(&kinds) {
                    shuffled.set(p, k);
                }
                uniform += equal_neighbours(&shuffled);
            }
            let what = format!("{gravity:?} {:?} reshuffles", rules.border);
            assert_as_mixed(dealt, uniform, &what);
        }
    }
}

#[test]
fn reshuffles_keep_the_cells_and_kinds_and_are_winnable() {
    for gravity in Gravity::LEVELS {
        for rules in TWO_TURN_RULES {
            for seed in 0..30 {
                let mut r = rng(seed);
                let dealt = deal_winnable(8, 10, 16, rules, gravity, &mut r).unwrap();
                // Play part of the game, then reshuffle what is left.
                let played = r.random_range(0..dealt.solution.len());
                let mid = replay(&dealt.board, &dealt.solution[..played], rules, gravity).unwrap();
                let again = reshuffle_winnable(&mid, rules, gravity, &mut r).unwrap();
                for p in mid.points() {
                    assert_eq!(mid.is_empty_at(p), again.board.is_empty_at(p));
                }
                assert_eq!(mid.sorted_tiles(), again.board.sorted_tiles());
                assert_clears(&again.board, &again.solution, rules, gravity);
            }
        }
    }
    let odd = Board::from_rows(&[[1, 1, 1, 0]]).unwrap();
    assert_eq!(
        reshuffle_winnable(&odd, Rules::CLASSIC, Gravity::None, &mut rng(0)),
        None
    );
}

/// Whether the board can be cleared, by trying every legal move with no
/// pruning beyond remembering exact boards already found lost.
fn clearable(b: &Board, rules: Rules, gravity: Gravity, lost: &mut HashSet<Vec<Tile>>) -> bool {
    if b.tile_count() == 0 {
        return true;
    }
    if lost.contains(b.tiles()) {
        return false;
    }
    let tiles: Vec<Point> = b.points().filter(|&p| !b.is_empty_at(p)).collect();
    for (i, &a) in tiles.iter().enumerate() {
        for &c in &tiles[i + 1..] {
            let mut next = b.clone();
            if play_move(&mut next, Move { a, b: c }, rules, gravity).is_ok()
                && clearable(&next, rules, gravity, lost)
            {
                return true;
            }
        }
    }
    lost.insert(b.tiles().to_vec());
    false
}

/// Compares the solver's verdict on `b` with the exhaustive search and
/// replays its solution; returns the verdict.
fn verdict_matches(b: &Board, rules: Rules, gravity: Gravity) -> bool {
    let expected = clearable(b, rules, gravity, &mut HashSet::new());
    match solve(b, &config(rules, gravity)) {
        Outcome::Solved(moves) => {
            assert!(expected, "solver won a lost board {b:?}");
            assert_clears(b, &moves, rules, gravity);
        }
        Outcome::NoSolution => {
            assert!(!expected, "solver gave up on {b:?} {rules:?} {gravity:?}")
        }
        Outcome::Unknown => panic!("unknown on a small board"),
    }
    expected
}

/// A board of `rows` x `cols` with `filled` cells (even) holding pairs of
/// `kinds` kinds, shuffled, the rest empty.
fn random_pairs(
    rows: usize,
    cols: usize,
    filled: usize,
    kinds: u32,
    r: &mut impl rand::Rng,
) -> Board {
    let mut tiles: Vec<Tile> = (0..filled).map(|i| 1 + (i as u32 / 2) % kinds).collect();
    tiles.resize(rows * cols, EMPTY);
    tiles.shuffle(r);
    Board::from_tiles(rows, cols, tiles).unwrap()
}

#[test]
fn solver_verdicts_match_an_exhaustive_search() {
    let mut verdicts = [0; 2];
    for gravity in Gravity::LEVELS {
        for rules in TWO_TURN_RULES {
            for seed in 0..60 {
                let mut r = rng(seed);
                let (rows, cols) = [(3, 4), (4, 3), (2, 5), (3, 3)][seed as usize % 4];
                let kinds = r.random_range(3..=6u32);
                let cells = rows * cols;
                let filled = cells - cells % 2 - 2 * r.random_range(0..2usize);
                let b = random_pairs(rows, cols, filled, kinds, &mut r);
                verdicts[usize::from(verdict_matches(&b, rules, gravity))] += 1;
            }
        }
    }
    // Both answers occur, so the comparison means something.
    assert!(verdicts[0] > 100 && verdicts[1] > 100, "{verdicts:?}");
}

#[test]
fn verdicts_match_for_other_turn_limits_and_wide_boards() {
    // Other turn limits (three through the bit masks too; more, and boards
    // too wide for the masks, through the engine's path queries).
    let mut verdicts = [0; 2];
    for gravity in Gravity::LEVELS {
        for max_turns in [0, 1, 3, 4] {
            let rules = Rules {
                max_turns,
                border: [Border::Open, Border::Closed][max_turns as usize % 2],
            };
            for seed in 0..12 {
                let mut r = rng(seed);
                let (rows, cols) = [(3, 4), (4, 3), (2, 5)][seed as usize % 3];
                let filled = rows * cols - 2 * r.random_range(0..2usize);
                let b = random_pairs(rows, cols, filled, r.random_range(2..=4u32), &mut r);
                verdicts[usize::from(verdict_matches(&b, rules, gravity))] += 1;
            }
        }
        for seed in 0..12 {
            let mut r = rng(seed);
            let b = random_pairs(3, 70, 10, 3, &mut r);
            verdicts[usize::from(verdict_matches(
                &b,
                TWO_TURN_RULES[seed as usize % 2],
                gravity,
            ))] += 1;
        }
    }
    assert!(verdicts[0] > 40 && verdicts[1] > 40, "{verdicts:?}");
}

#[test]
fn verdicts_match_with_many_copies_of_a_kind() {
    // A kind of more than eight copies has its moves found one at a time,
    // not listed: nine to twelve copies of one kind, the other cells full
    // of pairs of others, under lines of up to two turns.
    let mut verdicts = [0; 2];
    for gravity in Gravity::LEVELS {
        for max_turns in 0..=2 {
            for seed in 0..16 {
                let rules = Rules {
                    max_turns,
                    border: [Border::Open, Border::Closed][seed as usize % 2],
                };
                let mut r = rng(seed);
                let (rows, cols, many) =
                    [(4, 4, 10), (3, 6, 12), (6, 3, 10), (2, 9, 12)][seed as usize / 4];
                let mut tiles: Vec<Tile> = vec![1; many];
                let kinds = r.random_range(2..=4u32);
                tiles.extend((0..rows * cols - many).map(|i| 2 + (i as u32 / 2) % kinds));
                tiles.shuffle(&mut r);
                let b = Board::from_tiles(rows, cols, tiles).unwrap();
                verdicts[usize::from(verdict_matches(&b, rules, gravity))] += 1;
            }
        }
    }
    // Both answers occur, so the comparison means something.
    assert!(verdicts[0] > 20 && verdicts[1] > 20, "{verdicts:?}");
}

#[test]
fn deals_with_no_turns_allowed_are_full_and_clear() {
    // Forward play rarely fills these; the domino deal must, under every
    // variant and border, with kinds spread as asked.
    for gravity in Gravity::LEVELS {
        for border in [Border::Open, Border::Closed] {
            let rules = Rules {
                max_turns: 0,
                border,
            };
            for (rows, cols, kinds) in [(32, 32, 20), (7, 8, 9), (8, 7, 5), (5, 2, 3), (1, 10, 2)] {
                let d = deal_seeded(rows, cols, kinds, rules, gravity, 3).unwrap();
                let expected = dealt_kinds(rows, cols, kinds);
                assert_eq!(
                    d.board.sorted_tiles(),
                    expected,
                    "{rows}x{cols} {gravity:?}"
                );
                assert_clears(&d.board, &d.solution, rules, gravity);
            }
        }
    }
}
