//! Deals of every difficulty, checked against independent code: every move
//! list is replayed by `replay` (the engine, the plain rule checker and a
//! naive gravity); and the random player's share of cleared games on a
//! fixed sample of default boards stays inside each difficulty's band.

use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, Tile};
use lianliankan::solve::deal::{Dealt, pair_kinds};
use lianliankan::solve::difficulty::{Difficulty, deal_seeded_at, reshuffle_at};
use lianliankan::solve::playout::{Player, clears};
use lianliankan::solve::replay::replay;
use rand::{RngExt, SeedableRng};

fn rng(seed: u64) -> rand::rngs::Xoshiro256PlusPlus {
    rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn assert_clears(dealt: &Dealt, rules: Rules, g: Gravity) {
    let board = &dealt.board;
    let left = replay(board, &dealt.solution, rules, g)
        .unwrap_or_else(|e| panic!("{e} on {board:?} ({rules:?}, {g:?})"));
    assert_eq!(left.tile_count(), 0, "{board:?} not cleared");
}

/// The kinds on a board, each as often as it appears, sorted.
fn census(board: &Board) -> Vec<Tile> {
    board.sorted_tiles()
}

/// Small boards (rows, columns, kinds): two dealt by taste alone (below
/// the measured sizes), one measured and steered, four copies a kind.
const SIZES: [(usize, usize, usize); 3] = [(2, 4, 2), (4, 4, 4), (4, 6, 6)];

#[test]
fn every_difficulty_deals_and_reshuffles_boards_its_proof_clears() {
    for difficulty in Difficulty::ALL {
        for gravity in Gravity::LEVELS {
            for border in Border::ALL {
                let rules = Rules {
                    max_turns: 2,
                    border,
                };
                for (rows, cols, kinds) in SIZES {
                    // Hard deals search longest (on boards too small to get
                    // hard, until they give up): fewer keep the test short.
                    let seeds = match (difficulty, rows * cols) {
                        (Difficulty::Hard, 20..) => 1,
                        (Difficulty::Hard, _) => 2,
                        _ => 3,
                    };
                    for seed in 0..seeds {
                        let what =
                            format!("{difficulty} {gravity} {border} {rows}x{cols} seed {seed}");
                        let dealt =
                            deal_seeded_at(rows, cols, kinds, rules, gravity, difficulty, seed)
                                .unwrap_or_else(|e| panic!("{what}: {e}"));
                        let mut expected: Vec<Tile> = pair_kinds(rows, cols, kinds)
                            .unwrap()
                            .into_iter()
                            .flat_map(|k| [k, k])
                            .collect();
                        expected.sort_unstable();
                        assert_eq!(census(&dealt.board), expected, "{what}");
                        assert_clears(&dealt, rules, gravity);
                        // Part of the game played, then the rest reshuffled.
                        let mut r = rng(seed);
                        let played = r.random_range(0..dealt.solution.len());
                        let mid = replay(&dealt.board, &dealt.solution[..played], rules, gravity)
                            .unwrap();
                        let again = reshuffle_at(&mid, rules, gravity, difficulty, &mut r)
                            .unwrap_or_else(|| panic!("{what}: no reshuffle"));
                        for p in mid.points() {
                            assert_eq!(mid.is_empty_at(p), again.board.is_empty_at(p), "{what}");
                        }
                        assert_eq!(census(&mid), census(&again.board), "{what}");
                        assert_clears(&again, rules, gravity);
                    }
                }
            }
        }
    }
}

#[test]
fn deals_follow_the_turn_limit_and_refuse_bad_sizes() {
    for difficulty in [Difficulty::Easy, Difficulty::Normal] {
        for gravity in [Gravity::None, Gravity::Down] {
            for max_turns in [0, 1, 3] {
                let rules = Rules {
                    max_turns,
                    border: Border::Open,
                };
                let dealt = deal_seeded_at(4, 6, 5, rules, gravity, difficulty, 1).unwrap();
                assert_clears(&dealt, rules, gravity);
            }
        }
    }
    let rules = Rules::CLASSIC;
    assert!(deal_seeded_at(3, 3, 2, rules, Gravity::None, Difficulty::Hard, 0).is_err());
    assert!(deal_seeded_at(2, 2, 3, rules, Gravity::None, Difficulty::Hard, 0).is_err());
    let odd = Board::from_rows(&[[1, 1, 1, 0]]).unwrap();
    assert_eq!(
        reshuffle_at(&odd, rules, Gravity::None, Difficulty::Hard, &mut rng(0)),
        None
    );
}

#[test]
fn a_seed_gives_the_same_deal_and_difficulties_differ() {
    let rules = Rules::CLASSIC;
    let deal = |d, seed| deal_seeded_at(6, 8, 12, rules, Gravity::Down, d, seed).unwrap();
    for d in Difficulty::ALL {
        assert_eq!(deal(d, 7), deal(d, 7), "{d}");
        assert_ne!(deal(d, 7).board, deal(d, 8).board, "{d}");
    }
    assert_ne!(
        deal(Difficulty::Easy, 7).board,
        deal(Difficulty::Hard, 7).board
    );
}

/// The share of games, in percent, the random player clears on `deals`
/// default boards (8 x 16, 32 kinds, open border) of `difficulty`,
/// `games` playouts each.
fn random_share(difficulty: Difficulty, gravity: Gravity, deals: u64, games: u32) -> f64 {
    let rules = Rules::CLASSIC;
    let won: u32 = (0..deals)
        .map(|seed| {
            let dealt = deal_seeded_at(8, 16, 32, rules, gravity, difficulty, 100 + seed).unwrap();
            clears(
                &dealt.board,
                rules,
                gravity,
                Player::Random,
                games,
                seed << 16,
            )
        })
        .sum();
    100.0 * f64::from(won) / (deals as f64 * f64::from(games))
}

/// The bands of the issue, on a fixed sample: deterministic, and the
/// figures measured on it (noted in the messages) sit well inside each band,
/// so a small change to the dealer does not tip the test.
#[test]
fn the_random_player_clears_each_difficulty_within_its_band() {
    for gravity in [Gravity::None, Gravity::Down] {
        let easy = random_share(Difficulty::Easy, gravity, 4, 40);
        let normal = random_share(Difficulty::Normal, gravity, 4, 40);
        let hard = random_share(Difficulty::Hard, gravity, 3, 40);
        let shares = format!("{gravity}: easy {easy:.1}%, normal {normal:.1}%, hard {hard:.1}%");
        for (d, share) in Difficulty::ALL.into_iter().zip([easy, normal, hard]) {
            let (lo, hi) = d.band();
            assert!(
                (f64::from(lo)..=f64::from(hi)).contains(&share),
                "{d} outside {lo}-{hi}%: {shares}"
            );
        }
    }
}
