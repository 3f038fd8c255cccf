//! Simulated players, to measure how hard a deal is by playing it.
//!
//! A player plays a board to the end: it clears it, or it reaches a
//! deadlock (tiles left and no pair can be taken), which counts as a loss
//! (the game would have to reshuffle). Two players stand in for people:
//!
//! - [`Player::Random`] picks, at each step, uniformly among all pairs that
//!   can be taken now;
//! - [`Player::Greedy`] is a careful beginner: it never makes a move after
//!   which no pair can be taken, if it has another (uniformly among those).
//!
//! Both are deterministic given their generator. The legal pairs are those
//! of [`crate::core::rules::matchable_pairs`]; to save time a player tests
//! them in a random order and takes the first one that can go, which is a
//! uniform pick among them without listing them all.

use rand::{Rng, RngExt, SeedableRng};

use crate::core::engine::{Rules, find_path};
use crate::core::gravity::{Gravity, remove_pair};
use crate::core::grid::{Board, EMPTY, Point};
use crate::solve::solver::Move;

/// A simulated player (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Any pair that can be taken, uniformly.
    Random,
    /// Any pair after which another can be taken (or that clears the board),
    /// uniformly; a random pair only when every pair leaves a deadlock.
    Greedy,
}

impl Player {
    /// Both players, the weaker first.
    pub const ALL: [Player; 2] = [Player::Random, Player::Greedy];

    /// The player's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
        }
    }
}

/// One game played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout {
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// Whether they cleared the board (otherwise they ended in a deadlock).
    pub cleared: bool,
}

/// Every pair of cells holding the same kind on `board`, kind by kind: the
/// candidates among which the legal pairs are. Kinds with one tile give none.
fn candidates(board: &Board, out: &mut Vec<(Point, Point)>, groups: &mut Vec<Vec<Point>>) {
    out.clear();
    for g in groups.iter_mut() {
        g.clear();
    }
    for p in board.points() {
        let kind = board.get(p) as usize;
        if kind == EMPTY as usize {
            continue;
        }
        if groups.len() <= kind {
            groups.resize_with(kind + 1, Vec::new);
        }
        groups[kind].push(p);
    }
    for g in groups.iter() {
        for (i, &a) in g.iter().enumerate() {
            out.extend(g[i + 1..].iter().map(|&b| (a, b)));
        }
    }
}

/// Draws the candidates in a random order (a lazy Fisher-Yates shuffle) and
/// returns the first for which `take` holds: a uniform pick among those it
/// holds for, or `None` if it holds for none.
fn first_in_random_order<R: Rng + ?Sized>(
    pairs: &mut [(Point, Point)],
    rng: &mut R,
    mut take: impl FnMut((Point, Point)) -> bool,
) -> Option<(Point, Point)> {
    for i in 0..pairs.len() {
        let j = rng.random_range(i..pairs.len());
        pairs.swap(i, j);
        if take(pairs[i]) {
            return Some(pairs[i]);
        }
    }
    None
}

/// Whether some pair can be taken on `board` (an empty board has none).
fn any_pair(board: &Board, rules: Rules, scratch: &mut Scratch) -> bool {
    candidates(board, &mut scratch.pairs, &mut scratch.groups);
    scratch
        .pairs
        .iter()
        .any(|&(a, b)| find_path(board, a, b, rules).is_some())
}

/// Buffers reused from step to step.
#[derive(Default)]
struct Scratch {
    pairs: Vec<(Point, Point)>,
    groups: Vec<Vec<Point>>,
}

/// Plays `board` to the end as `player` would, under `rules` and `gravity`.
pub fn play<R: Rng + ?Sized>(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    player: Player,
    rng: &mut R,
) -> Playout {
    let mut board = board.clone();
    let mut moves = Vec::with_capacity(board.tile_count() / 2);
    let mut pairs = Vec::new();
    let mut groups = Vec::new();
    let mut inner = Scratch::default();
    loop {
        if board.tile_count() == 0 {
            return Playout {
                moves,
                cleared: true,
            };
        }
        candidates(&board, &mut pairs, &mut groups);
        let legal = |(a, b): (Point, Point)| find_path(&board, a, b, rules).is_some();
        let chosen = match player {
            Player::Random => first_in_random_order(&mut pairs, rng, legal),
            Player::Greedy => {
                let mut fallback = None;
                let safe = first_in_random_order(&mut pairs, rng, |pair| {
                    if !legal(pair) {
                        return false;
                    }
                    fallback.get_or_insert(pair);
                    let mut after = board.clone();
                    remove_pair(&mut after, pair.0, pair.1, gravity);
                    after.tile_count() == 0 || any_pair(&after, rules, &mut inner)
                });
                safe.or(fallback)
            }
        };
        let Some((a, b)) = chosen else {
            return Playout {
                moves,
                cleared: false,
            };
        };
        remove_pair(&mut board, a, b, gravity);
        moves.push(Move { a, b });
    }
}

/// How many of `games` playouts of `board` by `player` clear it; the
/// playouts use generators seeded `seed`, `seed + 1`, ..., so the count is
/// the same on every run.
pub fn clears(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    player: Player,
    games: u32,
    seed: u64,
) -> u32 {
    (0..games)
        .filter(|&i| {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i.into()));
            play(board, rules, gravity, player, &mut rng).cleared
        })
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rules::{can_match, matchable_pairs};
    use crate::solve::sample_boards::random_board;
    use std::collections::HashSet;

    fn rng(seed: u64) -> rand::rngs::Xoshiro256PlusPlus {
        rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed)
    }

    #[test]
    fn candidates_that_can_go_are_the_matchable_pairs() {
        let (mut pairs, mut groups) = (Vec::new(), Vec::new());
        for seed in 0..60 {
            let board = random_board(6, 9, 0.3 + 0.01 * seed as f64, 7, seed);
            for rules in [Rules::CLASSIC, Rules::JUDGE] {
                candidates(&board, &mut pairs, &mut groups);
                let ours: HashSet<(Point, Point)> = pairs
                    .iter()
                    .copied()
                    .filter(|&(a, b)| find_path(&board, a, b, rules).is_some())
                    .collect();
                let theirs: HashSet<(Point, Point)> = matchable_pairs(&board, rules).collect();
                assert_eq!(ours, theirs, "seed {seed}");
                // A pick is one of them, and there is one exactly when some exist.
                let pick = first_in_random_order(&mut pairs, &mut rng(seed), |(a, b)| {
                    find_path(&board, a, b, rules).is_some()
                });
                assert_eq!(pick.is_some(), !theirs.is_empty());
                if let Some((a, b)) = pick {
                    assert!(can_match(&board, a, b, rules));
                }
            }
        }
    }

    #[test]
    fn the_random_pick_is_uniform_among_the_legal_pairs() {
        // Ten candidates, four of which may be taken: each of the four
        // should come first about a quarter of the time.
        let p = |i| (Point::new(0, i), Point::new(1, i));
        let allowed = [1, 4, 5, 8];
        let mut seen = [0u32; 10];
        let mut r = rng(7);
        for _ in 0..4000 {
            let mut pairs: Vec<_> = (0..10).map(p).collect();
            let (a, _) =
                first_in_random_order(&mut pairs, &mut r, |(a, _)| allowed.contains(&a.col))
                    .unwrap();
            seen[a.col as usize] += 1;
        }
        for (col, &n) in seen.iter().enumerate() {
            if allowed.contains(&(col as i32)) {
                assert!((850..1150).contains(&n), "column {col}: {n}");
            } else {
                assert_eq!(n, 0);
            }
        }
    }

    #[test]
    fn playouts_play_legal_moves_to_a_clear_board_or_a_deadlock() {
        use crate::solve::replay::replay;
        for seed in 0..20 {
            let board = random_board(4, 6, 1.0, 4, seed);
            let mut tiles = board.tiles().to_vec();
            // Make every kind's count even, so the board can be cleared.
            let mut count = [0usize; 5];
            for &t in &tiles {
                count[t as usize] += 1;
            }
            for t in tiles.iter_mut() {
                if count[*t as usize] % 2 == 1 {
                    count[*t as usize] -= 1;
                    *t = EMPTY;
                }
            }
            let board = Board::from_tiles(4, 6, tiles).unwrap();
            for gravity in [Gravity::None, Gravity::Down, Gravity::CenterH] {
                for player in Player::ALL {
                    let out = play(&board, Rules::CLASSIC, gravity, player, &mut rng(seed));
                    let left = replay(&board, &out.moves, Rules::CLASSIC, gravity).unwrap();
                    assert_eq!(out.cleared, left.tile_count() == 0);
                    if !out.cleared {
                        assert_eq!(matchable_pairs(&left, Rules::CLASSIC).count(), 0);
                    }
                    let again = play(&board, Rules::CLASSIC, gravity, player, &mut rng(seed));
                    assert_eq!(again, out, "deterministic");
                }
            }
        }
    }

    /// A board the random player often loses and the careful one never:
    /// taking the two `A`s of the top row first leaves the `B`s crossed with
    /// the other `A`s in a square no line can solve.
    #[test]
    fn the_careful_player_avoids_a_move_into_deadlock() {
        let board = crate::core::grid::text_board(&["A.A", "AB.", "BA."]);
        let random = clears(&board, Rules::JUDGE, Gravity::None, Player::Random, 200, 0);
        let greedy = clears(&board, Rules::JUDGE, Gravity::None, Player::Greedy, 200, 0);
        assert!(random < 180, "random cleared {random} of 200");
        assert_eq!(greedy, 200);
    }
}
