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

use crate::core::engine::{Rules, connects};
use crate::core::gravity::{Gravity, remove_pair, remove_pair_settled};
use crate::core::grid::{Board, EMPTY, Point};
use crate::core::masks::EmptyMasks;
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

/// A game being played: the board, and where every tile is, kind by kind,
/// so the candidates for a pair need no scan of the board.
#[derive(Clone)]
struct Sim {
    board: Board,
    /// The board's empty cells as bit masks, which answer a join of up to
    /// three turns in a few word operations; `None` when the board is too
    /// big for them (the engine answers then, and beyond three turns).
    masks: Option<EmptyMasks>,
    /// The cell of each tile, by tile number.
    pos: Vec<Point>,
    /// The tile number in each cell (row-major), [`NONE`] when empty.
    at: Vec<u32>,
    /// The tiles still on the board, by kind (empty for kinds all gone).
    groups: Vec<Vec<u32>>,
    /// Every pair of tiles of one kind, kind after kind, each kind's in the
    /// order of its group: the candidates, kept up to date by each move
    /// (which changes one kind's), and where each kind's start.
    pairs: Vec<(u32, u32)>,
    pairs_from: Vec<usize>,
    /// The kind of each tile, by tile number.
    kind: Vec<u32>,
    /// The tiles that slide in a move, and where to (reused).
    moved: Vec<(u32, Point)>,
    /// Tiles still on the board.
    left: usize,
    /// Whether the board has settled under gravity: after the first move it
    /// has, and a move then only packs the lines through its two cells.
    settled: bool,
}

/// No tile in this cell.
const NONE: u32 = u32::MAX;

impl Sim {
    fn new(board: &Board, rules: Rules) -> Self {
        let mut pos = Vec::new();
        let mut at = vec![NONE; board.tiles().len()];
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let mut kinds = Vec::new();
        for (i, p) in board.points().enumerate() {
            let kind = board.get(p) as usize;
            if kind == EMPTY as usize {
                continue;
            }
            if groups.len() <= kind {
                groups.resize_with(kind + 1, Vec::new);
            }
            at[i] = pos.len() as u32;
            groups[kind].push(pos.len() as u32);
            kinds.push(kind as u32);
            pos.push(p);
        }
        let mut pairs = Vec::new();
        let mut pairs_from = Vec::with_capacity(groups.len());
        for g in &groups {
            pairs_from.push(pairs.len());
            group_pairs(g, &mut pairs);
        }
        Sim {
            board: board.clone(),
            pairs,
            pairs_from,
            masks: EmptyMasks::new(board, rules.border),
            left: pos.len(),
            pos,
            at,
            groups,
            kind: kinds,
            moved: Vec::new(),
            settled: false,
        }
    }

    fn index(&self, p: Point) -> usize {
        p.row as usize * self.board.cols() + p.col as usize
    }

    /// Every pair of tiles of one kind, by tile number: the candidates
    /// among which the legal pairs are.
    fn candidates(&self, out: &mut Vec<(u32, u32)>) {
        out.clear();
        out.extend_from_slice(&self.pairs);
    }

    /// Lists the pairs of kind `kind` again after its group changed.
    fn relist(&mut self, kind: usize) {
        let from = self.pairs_from[kind];
        let to = self
            .pairs_from
            .get(kind + 1)
            .copied()
            .unwrap_or(self.pairs.len());
        let mut fresh = Vec::new();
        group_pairs(&self.groups[kind], &mut fresh);
        let removed = (to - from) - fresh.len();
        self.pairs.splice(from..to, fresh);
        for start in &mut self.pairs_from[kind + 1..] {
            *start -= removed;
        }
    }

    /// Whether tiles `a` and `b` (of one kind) can be joined now.
    fn legal(&self, rules: Rules, (a, b): (u32, u32)) -> bool {
        let (p, q) = (self.pos[a as usize], self.pos[b as usize]);
        match &self.masks {
            Some(masks) if rules.max_turns <= EmptyMasks::MAX_TURNS => {
                masks.connects(p, q, rules.max_turns)
            }
            // Beyond, most pairs that join at all join within three turns:
            // the masks answer those, the engine's search the rest.
            Some(masks) if masks.connects(p, q, EmptyMasks::MAX_TURNS) => true,
            _ => connects(&self.board, p, q, rules),
        }
    }

    /// Whether some pair can be joined now.
    fn any_legal(&self, rules: Rules) -> bool {
        self.groups.iter().any(|g| {
            g.iter()
                .enumerate()
                .any(|(i, &a)| g[i + 1..].iter().any(|&b| self.legal(rules, (a, b))))
        })
    }

    /// Removes tiles `a` and `b` and lets the rest slide; returns the move.
    fn take(&mut self, (a, b): (u32, u32), gravity: Gravity) -> Move {
        let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
        for id in [a, b] {
            let cell = self.index(self.pos[id as usize]);
            self.at[cell] = NONE;
        }
        for id in [a, b] {
            let group = &mut self.groups[self.kind[id as usize] as usize];
            if let Some(i) = group.iter().position(|&t| t == id) {
                group.swap_remove(i);
            }
        }
        self.relist(self.kind[a as usize] as usize);
        self.left -= 2;
        let slides = if self.settled {
            remove_pair_settled(&mut self.board, pa, pb, gravity)
        } else {
            self.settled = true;
            remove_pair(&mut self.board, pa, pb, gravity)
        };
        let mut moved = std::mem::take(&mut self.moved);
        moved.clear();
        moved.extend(slides.iter().map(|s| (self.at[self.index(s.from)], s.to)));
        for s in &slides {
            let cell = self.index(s.from);
            self.at[cell] = NONE;
        }
        for &(id, to) in &moved {
            let cell = self.index(to);
            self.at[cell] = id;
            self.pos[id as usize] = to;
        }
        if let Some(masks) = &mut self.masks {
            for p in [pa, pb].into_iter().chain(slides.iter().map(|s| s.from)) {
                masks.set_empty(p, true);
            }
            for s in &slides {
                masks.set_empty(s.to, false);
            }
        }
        self.moved = moved;
        Move { a: pa, b: pb }
    }
}

/// Adds the pairs of the tiles `group` (of one kind) to `out`, in the
/// group's order: (0, 1), (0, 2), ..., (1, 2), ...
fn group_pairs(group: &[u32], out: &mut Vec<(u32, u32)>) {
    for (i, &a) in group.iter().enumerate() {
        out.extend(group[i + 1..].iter().map(|&b| (a, b)));
    }
}

/// Draws the candidates in a random order (a lazy Fisher-Yates shuffle) and
/// returns the first for which `take` holds: a uniform pick among those it
/// holds for, or `None` if it holds for none.
fn first_in_random_order<T: Copy, R: Rng + ?Sized>(
    items: &mut [T],
    rng: &mut R,
    mut take: impl FnMut(T) -> bool,
) -> Option<T> {
    for i in 0..items.len() {
        let j = rng.random_range(i..items.len());
        items.swap(i, j);
        if take(items[i]) {
            return Some(items[i]);
        }
    }
    None
}

/// Plays `board` to the end as `player` would, under `rules` and `gravity`.
pub fn play<R: Rng + ?Sized>(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    player: Player,
    rng: &mut R,
) -> Playout {
    let (out, _) = play_within(board, rules, gravity, player, u64::MAX, rng);
    out.expect("an unlimited budget")
}

/// [`play`], giving up (`None`) once it has cost more than `budget`, with
/// what it cost: one unit per candidate pair listed and per path tested.
/// For the dealer, which must bound its time on any board.
pub(crate) fn play_within<R: Rng + ?Sized>(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    player: Player,
    budget: u64,
    rng: &mut R,
) -> (Option<Playout>, u64) {
    let mut sim = Sim::new(board, rules);
    let mut moves = Vec::with_capacity(sim.left / 2);
    let mut pairs = Vec::new();
    let mut work = 0u64;
    loop {
        if sim.left == 0 {
            let out = Playout {
                moves,
                cleared: true,
            };
            return (Some(out), work);
        }
        sim.candidates(&mut pairs);
        work += pairs.len() as u64;
        let mut tests = 0u64;
        let chosen = match player {
            Player::Random => first_in_random_order(&mut pairs, rng, |pair| {
                tests += 1;
                sim.legal(rules, pair)
            }),
            Player::Greedy => {
                let mut fallback = None;
                let safe = first_in_random_order(&mut pairs, rng, |pair| {
                    tests += 1;
                    if !sim.legal(rules, pair) {
                        return false;
                    }
                    fallback.get_or_insert(pair);
                    let mut after = sim.clone();
                    after.take(pair, gravity);
                    after.left == 0 || after.any_legal(rules)
                });
                safe.or(fallback)
            }
        };
        work += tests;
        if work > budget {
            return (None, work);
        }
        let Some(pair) = chosen else {
            let out = Playout {
                moves,
                cleared: false,
            };
            return (Some(out), work);
        };
        moves.push(sim.take(pair, gravity));
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
            let mut rng =
                rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i.into()));
            play(board, rules, gravity, player, &mut rng).cleared
        })
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rules::{can_match, kind_groups, matchable_pairs};
    use crate::solve::sample_boards::random_board;
    use std::collections::HashSet;

    fn rng(seed: u64) -> rand::rngs::Xoshiro256PlusPlus {
        rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed)
    }

    #[test]
    fn candidates_that_can_go_are_the_matchable_pairs() {
        let mut pairs = Vec::new();
        for seed in 0..60 {
            let board = random_board(6, 9, 0.3 + 0.01 * seed as f64, 7, seed);
            for rules in [Rules::CLASSIC, Rules::JUDGE] {
                let sim = Sim::new(&board, rules);
                sim.candidates(&mut pairs);
                let cells = |(a, b): (u32, u32)| (sim.pos[a as usize], sim.pos[b as usize]);
                let ours: HashSet<(Point, Point)> = pairs
                    .iter()
                    .copied()
                    .filter(|&pair| sim.legal(rules, pair))
                    .map(cells)
                    .collect();
                let theirs: HashSet<(Point, Point)> = matchable_pairs(&board, rules).collect();
                assert_eq!(ours, theirs, "seed {seed}");
                assert_eq!(sim.any_legal(rules), !theirs.is_empty());
                // A pick is one of them, and there is one exactly when some exist.
                let pick =
                    first_in_random_order(&mut pairs, &mut rng(seed), |p| sim.legal(rules, p));
                assert_eq!(pick.is_some(), !theirs.is_empty());
                if let Some((a, b)) = pick.map(cells) {
                    assert!(can_match(&board, a, b, rules));
                }
            }
        }
    }

    #[test]
    fn the_tiles_are_followed_as_they_slide() {
        for seed in 0..30 {
            let board = random_board(5, 7, 0.8, 5, seed);
            for gravity in Gravity::LEVELS {
                let mut sim = Sim::new(&board, Rules::CLASSIC);
                let mut pairs = Vec::new();
                let mut r = rng(seed);
                loop {
                    sim.candidates(&mut pairs);
                    let Some(pair) = first_in_random_order(&mut pairs, &mut r, |_| true) else {
                        break;
                    };
                    sim.take(pair, gravity);
                    for (id, &p) in sim.pos.iter().enumerate() {
                        let live = sim.groups.iter().any(|g| g.contains(&(id as u32)));
                        if live {
                            assert_eq!(sim.at[sim.index(p)], id as u32);
                            assert_ne!(sim.board.get(p), EMPTY);
                        }
                    }
                    assert_eq!(
                        sim.masks,
                        EmptyMasks::new(&sim.board, Rules::CLASSIC.border)
                    );
                    // The candidates kept up to date are those listed afresh.
                    let mut fresh = Vec::new();
                    for g in &sim.groups {
                        group_pairs(g, &mut fresh);
                    }
                    assert_eq!(sim.pairs, fresh, "seed {seed} {gravity:?}");
                    let kinds: Vec<Vec<Point>> = kind_groups(&sim.board)
                        .into_iter()
                        .filter(|g| g.len() >= 2)
                        .collect();
                    let mut ours: Vec<Vec<Point>> = sim
                        .groups
                        .iter()
                        .filter(|g| g.len() >= 2)
                        .map(|g| {
                            let mut cells: Vec<Point> =
                                g.iter().map(|&t| sim.pos[t as usize]).collect();
                            cells.sort();
                            cells
                        })
                        .collect();
                    ours.sort();
                    let mut theirs = kinds;
                    theirs.sort();
                    assert_eq!(ours, theirs, "seed {seed} {gravity:?}");
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
