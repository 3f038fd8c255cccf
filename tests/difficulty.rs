//! Deals of every difficulty, checked against independent code: every move
//! list is replayed by `replay` (the engine, the plain rule checker and a
//! naive gravity); and the random player's share of cleared games on a
//! fixed sample of default boards stays inside each difficulty's band.

#[path = "support/deals.rs"]
mod deals;

use deals::{assert_clears, dealt_kinds, rng};
use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;
use lianliankan::solve::deal::Dealt;
use lianliankan::solve::difficulty::{Difficulty, MEASURED_TILES, deal_seeded_at, reshuffle_at};
use lianliankan::solve::playout::{Player, clears};
use lianliankan::solve::replay::replay;
use rand::RngExt;

/// Checks that `dealt` holds the kinds `pair_kinds` gives a board of
/// `rows` x `cols` with `kinds` kinds, that its proof clears it, and that a
/// reshuffle of it part played (at a point `seed` picks) keeps the occupied
/// cells and the kinds and is cleared by its own proof too.
fn check_deal_and_reshuffle(
    dealt: &Dealt,
    (rows, cols, kinds): (usize, usize, usize),
    rules: Rules,
    gravity: Gravity,
    difficulty: Difficulty,
    seed: u64,
) {
    let what = format!(
        "{difficulty} {gravity} {} {rows}x{cols} seed {seed}",
        rules.border
    );
    let expected = dealt_kinds(rows, cols, kinds);
    assert_eq!(dealt.board.sorted_tiles(), expected, "{what}");
    assert_clears(&dealt.board, &dealt.solution, rules, gravity);
    // Part of the game played, then the rest reshuffled.
    let mut r = rng(seed);
    let played = r.random_range(0..dealt.solution.len());
    let mid = replay(&dealt.board, &dealt.solution[..played], rules, gravity).unwrap();
    let again = reshuffle_at(&mid, rules, gravity, difficulty, &mut r)
        .unwrap_or_else(|| panic!("{what}: no reshuffle"));
    for p in mid.points() {
        assert_eq!(mid.is_empty_at(p), again.board.is_empty_at(p), "{what}");
    }
    assert_eq!(mid.sorted_tiles(), again.board.sorted_tiles(), "{what}");
    assert_clears(&again.board, &again.solution, rules, gravity);
}

/// Every difficulty in every gravity variant (the border open or closed in
/// turn): small boards dealt by taste alone (below [`MEASURED_TILES`]), and
/// the smallest measured board, whose deals are steered by playouts.
/// A hard deal there searches longest (the band is out of reach on so few
/// tiles, so it gives up only when its patience runs out), about 2 s in a
/// debug build: one seed of it. Default boards of every difficulty are
/// checked the same way in the band test below.
#[test]
fn every_difficulty_deals_and_reshuffles_boards_its_proof_clears() {
    let measured = (4, 5, 5);
    assert!(MEASURED_TILES.contains(&20) && !MEASURED_TILES.contains(&16));
    for difficulty in Difficulty::ALL {
        for (i, gravity) in Gravity::LEVELS.into_iter().enumerate() {
            let rules = Rules {
                max_turns: 2,
                border: Border::ALL[i % 2],
            };
            for size in [(2, 4, 2), (4, 4, 4), measured] {
                let seeds = if size == measured { 1 } else { 3 };
                for seed in 0..seeds {
                    let (rows, cols, kinds) = size;
                    let dealt = deal_seeded_at(rows, cols, kinds, rules, gravity, difficulty, seed)
                        .unwrap_or_else(|e| panic!("{difficulty} {gravity}: {e}"));
                    check_deal_and_reshuffle(&dealt, size, rules, gravity, difficulty, seed);
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
                assert_clears(&dealt.board, &dealt.solution, rules, gravity);
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
/// `games` playouts each; each deal and a reshuffle of it part played are
/// checked as in the test above.
fn random_share(difficulty: Difficulty, gravity: Gravity, deals: u64, games: u32) -> f64 {
    let rules = Rules::CLASSIC;
    let won: u32 = (0..deals)
        .map(|seed| {
            let dealt = deal_seeded_at(8, 16, 32, rules, gravity, difficulty, 100 + seed).unwrap();
            check_deal_and_reshuffle(&dealt, (8, 16, 32), rules, gravity, difficulty, seed);
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

/// The bands of the issue, on a fixed sample (3 deals, 30 playouts each):
/// deterministic, and held 5 points inside each edge a share can cross, so
/// the test fails before the dealer drifts out of a band, not after. On
/// this sample: easy 100% (down and none), normal 56.7% (down) and 51.1%
/// (none), hard 8.9% (down). `down` for every
/// difficulty, and no gravity for easy and normal: a hard deal without
/// gravity takes some 15 s in a debug build (0.3 s in release), too long
/// for the suite; `difficulty_table` measures every variant.
#[test]
fn the_random_player_clears_each_difficulty_within_its_band() {
    let (deals, games) = (3, 30);
    let mut shares = Vec::new();
    for (gravity, levels) in [
        (Gravity::Down, &Difficulty::ALL[..]),
        (Gravity::None, &Difficulty::ALL[..2]),
    ] {
        for &d in levels {
            shares.push((d, gravity, random_share(d, gravity, deals, games)));
        }
    }
    let all = format!("{shares:?}");
    for (d, gravity, share) in shares {
        let (lo, hi) = d.band();
        let (lo, hi) = (f64::from(lo), f64::from(hi));
        // A margin on the edges a share can cross (not 0% or 100%).
        let lo = if lo > 0.0 { lo + 5.0 } else { lo };
        let hi = if hi < 100.0 { hi - 5.0 } else { hi };
        assert!(
            (lo..=hi).contains(&share),
            "{d} {gravity}: {share:.1}% outside {lo}-{hi}%: {all}"
        );
    }
}
