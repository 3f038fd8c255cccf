//! The solver: a sequence of moves that clears a board, a proof that none
//! exists, or "unknown" when the time budget runs out.
//!
//! It searches depth first over positions, remembering positions already
//! known to be lost by a 64-bit hash of their occupied cells and kinds (two
//! positions sharing a hash could make a proof wrong; at the few million
//! positions a search remembers, the odds are below one in a million).
//!
//! Without gravity, removing tiles only frees cells, so a move stays possible
//! once it is possible. The solver then plays at once, without branching,
//! every kind whose remaining copies can all be joined in pairs right now (for
//! example the last two tiles of a kind), and once a move has led to a lost
//! position it never pairs those two tiles again below that position, so the
//! search runs over the ways to pair the copies rather than over move orders.
//! Under gravity a possible move can become impossible, so every position is
//! searched in full.
//!
//! The search runs in rounds that restart with shuffled move orders (keeping
//! what was proved lost), which tames the long tail of unlucky early choices.
//! It keeps its own stack, so boards with many tiles cannot overflow the
//! thread's stack.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use crate::core::engine::{Rules, find_path};
use crate::core::gravity::{Gravity, Slide, remove_pair};
use crate::core::grid::{Board, EMPTY, Point, Tile};

/// One move: join the tiles at `a` and `b` (same kind) and remove them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The first tile of the pair.
    pub a: Point,
    /// The second tile of the pair.
    pub b: Point,
}

/// What the solver is asked to respect: the connection rules, the gravity that
/// follows each removal, and how long it may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveConfig {
    /// The rules every move must obey.
    pub rules: Rules,
    /// How tiles slide after each removal.
    pub gravity: Gravity,
    /// Wall-clock time the search may use before answering [`Outcome::Unknown`].
    pub budget: Duration,
}

/// The solver's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// These moves, in order, clear the board.
    Solved(Vec<Move>),
    /// No sequence of moves clears the board (the search was exhaustive).
    NoSolution,
    /// The budget ran out before either was found.
    Unknown,
}

/// Searches for a sequence of moves that clears `board` under `config`.
pub fn solve(board: &Board, config: &SolveConfig) -> Outcome {
    solve_counted(board, config).0
}

/// How much work a search did, for measuring the solver's speed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions entered (search nodes), over every round.
    pub positions: u64,
    /// Path queries asked of the engine.
    pub path_queries: u64,
}

/// [`solve`], also telling how much work the search did (for `solver_stats`
/// and benchmarks that report positions per second).
pub fn solve_counted(board: &Board, config: &SolveConfig) -> (Outcome, SearchStats) {
    if !kinds_pair_up(board) {
        return (Outcome::NoSolution, SearchStats::default());
    }
    Search::new(board, config).run()
}

/// Whether the position can still be cleared, for the game's warning:
/// `Some(true)` won, `Some(false)` proved lost, `None` when the budget ran out.
pub fn is_winnable(board: &Board, config: &SolveConfig) -> Option<bool> {
    match solve(board, config) {
        Outcome::Solved(_) => Some(true),
        Outcome::NoSolution => Some(false),
        Outcome::Unknown => None,
    }
}

/// A move to suggest to the player: the first move of a solution when the
/// solver finds one in time, otherwise any legal move (the position may be lost
/// or undecided), and `None` when no pair can be joined at all.
pub fn hint(board: &Board, config: &SolveConfig) -> Option<Move> {
    match solve(board, config) {
        Outcome::Solved(moves) => moves.first().copied(),
        Outcome::NoSolution | Outcome::Unknown => {
            available_moves(board, config.rules).into_iter().next()
        }
    }
}

/// Every pair of tiles of the same kind that can be joined now, for deadlock
/// detection and hints: an empty list on a non-empty board means deadlock.
pub fn available_moves(board: &Board, rules: Rules) -> Vec<Move> {
    let mut moves = Vec::new();
    for group in groups(board) {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                if find_path(board, a, b, rules).is_some() {
                    moves.push(Move { a, b });
                }
            }
        }
    }
    moves
}

/// Whether every kind appears an even number of times (otherwise no solution).
fn kinds_pair_up(board: &Board) -> bool {
    groups(board).iter().all(|g| g.len() % 2 == 0)
}

/// The occupied cells grouped by kind, each group in row-major order.
fn groups(board: &Board) -> Vec<Vec<Point>> {
    let cols = board.cols();
    let mut cells: Vec<(Tile, usize)> = board
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != EMPTY)
        .map(|(i, &t)| (t, i))
        .collect();
    cells.sort_unstable();
    let mut out: Vec<Vec<Point>> = Vec::new();
    let mut last = EMPTY;
    for (tile, i) in cells {
        if tile != last || out.is_empty() {
            out.push(Vec::new());
            last = tile;
        }
        let p = Point::new((i / cols) as i32, (i % cols) as i32);
        out.last_mut().expect("pushed above").push(p);
    }
    out
}

/// The hash contribution of `tile` standing at cell index `index` (SplitMix64).
fn cell_key(index: usize, tile: Tile) -> u64 {
    let mut z = ((index as u64) << 32 | u64::from(tile)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most positions remembered; beyond it the search goes on without
/// remembering more, which costs time but never correctness.
const MEMORY_LIMIT: usize = 4_000_000;

/// The unit of the round limits: round `k` may enter `ROUND_UNIT * luby(k)`
/// positions.
const ROUND_UNIT: u64 = 256;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (`k` from 1): restart
/// limits that are within a constant factor of the best fixed limit.
fn luby(mut k: u64) -> u64 {
    loop {
        let mut size = 1;
        while size < k {
            size = 2 * size + 1;
        }
        // `size` is 2^m - 1 >= k, the smallest such.
        if size == k {
            return size.div_ceil(2);
        }
        k -= size / 2;
    }
}

/// How many path queries run between two looks at the clock.
const CLOCK_EVERY: u32 = 512;

/// A move played during the search, with what is needed to take it back.
struct Played {
    mv: Move,
    kinds: (Tile, Tile),
    slides: Vec<Slide>,
}

/// One position on the search stack: the moves still to try from it.
struct Frame {
    moves: Vec<Move>,
    next: usize,
    /// Forced moves played on entering the position, taken back on leaving.
    forced: usize,
    /// The hash of the position before the forced moves.
    entry: u64,
    /// How many excluded pairs there were on entering the position.
    excluded_before: usize,
}

/// What entering a position found.
enum Entered {
    Won,
    Lost,
    Open(Frame),
}

/// Why a search stopped before an answer.
enum Stop {
    /// The budget ran out: the answer is unknown.
    OutOfTime,
    /// This round's position limit was reached: restart, differently ordered.
    Restart,
}

struct Search<'a> {
    board: Board,
    config: &'a SolveConfig,
    /// `None` when the budget reaches beyond what the clock can represent.
    deadline: Option<Instant>,
    ticks: u32,
    /// Positions entered this round, the round (from 1) and its limit.
    entered: u64,
    /// Work done over every round.
    stats: SearchStats,
    round: u64,
    round_limit: u64,
    /// Shuffles the order of moves after the first round.
    rng: Xoshiro256PlusPlus,
    tiles: usize,
    hash: u64,
    lost: HashSet<u64>,
    played: Vec<Played>,
    /// Without gravity: pairs known to be in no solution of the current
    /// position (see [`Search::fail`]).
    excluded: Vec<Move>,
}

impl<'a> Search<'a> {
    fn new(board: &Board, config: &'a SolveConfig) -> Self {
        let hash = board
            .tiles()
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != EMPTY)
            .fold(0, |h, (i, &t)| h ^ cell_key(i, t));
        Search {
            board: board.clone(),
            config,
            deadline: Instant::now().checked_add(config.budget),
            ticks: 0,
            entered: 0,
            stats: SearchStats::default(),
            round: 1,
            round_limit: ROUND_UNIT,
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            tiles: board.tile_count(),
            hash,
            lost: HashSet::new(),
            played: Vec::new(),
            excluded: Vec::new(),
        }
    }

    /// Searches in rounds: a round that enters too many positions is abandoned
    /// and the next starts over, with a limit from the Luby sequence and the
    /// moves in a shuffled order, which cuts the long tail of unlucky early
    /// choices. Positions proved lost stay remembered across rounds, so no work
    /// that proved something is lost, and the search stays exhaustive.
    fn run(mut self) -> (Outcome, SearchStats) {
        loop {
            self.entered = 0;
            let outcome = match self.search() {
                Ok(true) => Outcome::Solved(self.played.iter().map(|p| p.mv).collect()),
                Ok(false) => Outcome::NoSolution,
                Err(Stop::OutOfTime) => Outcome::Unknown,
                Err(Stop::Restart) => {
                    while !self.played.is_empty() {
                        self.undo();
                    }
                    self.excluded.clear();
                    self.round += 1;
                    self.round_limit = ROUND_UNIT.saturating_mul(luby(self.round));
                    continue;
                }
            };
            return (outcome, self.stats);
        }
    }

    /// Depth-first search with an explicit stack; `Ok(true)` leaves the
    /// winning moves in `self.played`.
    fn search(&mut self) -> Result<bool, Stop> {
        let mut stack = match self.enter()? {
            Entered::Won => return Ok(true),
            Entered::Lost => return Ok(false),
            Entered::Open(frame) => vec![frame],
        };
        while let Some(top) = stack.last_mut() {
            if top.next < top.moves.len() {
                let mv = top.moves[top.next];
                top.next += 1;
                self.play(mv);
                match self.enter()? {
                    Entered::Won => return Ok(true),
                    Entered::Lost => self.fail(),
                    Entered::Open(frame) => stack.push(frame),
                }
            } else {
                let frame = stack.pop().expect("the loop saw it");
                self.excluded.truncate(frame.excluded_before);
                for _ in 0..frame.forced {
                    self.undo();
                }
                self.remember(frame.entry);
                if !stack.is_empty() {
                    self.fail();
                }
            }
        }
        Ok(false)
    }

    /// Looks at the position reached: plays its forced moves, then lists the
    /// moves to try. A lost position is left as it was found.
    fn enter(&mut self) -> Result<Entered, Stop> {
        self.entered += 1;
        self.stats.positions += 1;
        if self.entered > self.round_limit {
            return Err(Stop::Restart);
        }
        let entry = self.hash;
        if self.lost.contains(&entry) {
            return Ok(Entered::Lost);
        }
        let mut forced = 0;
        if self.config.gravity == Gravity::None {
            loop {
                let safe = self.safe_moves()?;
                if safe.is_empty() {
                    break;
                }
                for mv in safe {
                    self.play(mv);
                    forced += 1;
                }
            }
        }
        if self.tiles == 0 {
            return Ok(Entered::Won);
        }
        let moves = if forced > 0 && self.lost.contains(&self.hash) {
            Vec::new()
        } else {
            self.branch_moves()?
        };
        if moves.is_empty() {
            if forced > 0 {
                self.remember(self.hash);
            }
            for _ in 0..forced {
                self.undo();
            }
            self.remember(entry);
            return Ok(Entered::Lost);
        }
        Ok(Entered::Open(Frame {
            moves,
            next: 0,
            forced,
            entry,
            excluded_before: self.excluded.len(),
        }))
    }

    /// Whether `a` and `b` can be joined now; looks at the clock now and then.
    fn joins(&mut self, a: Point, b: Point) -> Result<bool, Stop> {
        self.ticks += 1;
        self.stats.path_queries += 1;
        if self.ticks >= CLOCK_EVERY {
            self.ticks = 0;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stop::OutOfTime);
            }
        }
        Ok(find_path(&self.board, a, b, self.config.rules).is_some())
    }

    /// Without gravity: for every kind whose copies can all be joined in pairs
    /// on the board as it is, those pairs. Playing them loses nothing, since
    /// removing tiles only frees cells: any solution stays one with these
    /// pairs dropped from it. Only kinds with two or four copies are tried.
    fn safe_moves(&mut self) -> Result<Vec<Move>, Stop> {
        let mut safe = Vec::new();
        for g in groups(&self.board) {
            match g.len() {
                2 if self.joins(g[0], g[1])? => safe.push(Move { a: g[0], b: g[1] }),
                4 => {
                    for (x, y, z, w) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
                        if self.joins(g[x], g[y])? && self.joins(g[z], g[w])? {
                            safe.push(Move { a: g[x], b: g[y] });
                            safe.push(Move { a: g[z], b: g[w] });
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(safe)
    }

    /// Every move possible now and not excluded, the most promising first:
    /// moves that finish a kind, then moves whose kind's remaining copies lie
    /// close together. Empty when an excluded pair shows the position is lost.
    fn branch_moves(&mut self) -> Result<Vec<Move>, Stop> {
        let mut scored = Vec::new();
        for g in groups(&self.board) {
            // The group is in row-major order, so its cells are sorted.
            let excluded: Vec<(usize, usize)> = self
                .excluded
                .iter()
                .filter_map(|m| Some((g.binary_search(&m.a).ok()?, g.binary_search(&m.b).ok()?)))
                .collect();
            let out = |i: usize, j: usize| excluded.contains(&(i, j));
            // With two or four copies left, excluding a pair rules out every
            // way to pair the copies that uses it.
            let dead: Vec<[usize; 4]> = match g.len() {
                2 if out(0, 1) => return Ok(Vec::new()),
                4 => {
                    let dead: Vec<[usize; 4]> = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]]
                        .into_iter()
                        .filter(|&[x, y, z, w]| out(x, y) || out(z, w))
                        .collect();
                    if dead.len() == 3 {
                        return Ok(Vec::new());
                    }
                    dead
                }
                _ => Vec::new(),
            };
            for i in 0..g.len() {
                for j in i + 1..g.len() {
                    let ruled_out = out(i, j)
                        || dead
                            .iter()
                            .any(|&[x, y, z, w]| (x, y) == (i, j) || (z, w) == (i, j));
                    if ruled_out || !self.joins(g[i], g[j])? {
                        continue;
                    }
                    // Copies are ranked by how close the rest lie only for
                    // the few copies a deal has; big batches of one kind are
                    // taken as they come.
                    let score = if g.len() <= 8 {
                        let rest: Vec<Point> = g
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| k != i && k != j)
                            .map(|(_, &p)| p)
                            .collect();
                        spread(&rest)
                    } else {
                        0
                    };
                    scored.push((score, Move { a: g[i], b: g[j] }));
                }
            }
        }
        // Later rounds shuffle the moves; every other round drops the
        // closeness ranking too, which rescues the boards it misleads (on
        // random deals this cut the slowest solves a hundredfold).
        if self.round > 1 {
            scored.shuffle(&mut self.rng);
            if self.round.is_multiple_of(2) {
                scored.iter_mut().for_each(|(score, _)| *score = 0);
            }
        }
        scored.sort_by_key(|&(score, _)| score);
        Ok(scored.into_iter().map(|(_, mv)| mv).collect())
    }

    fn play(&mut self, mv: Move) {
        let kinds = (self.board.get(mv.a), self.board.get(mv.b));
        let cols = self.board.cols();
        let index = |p: Point| p.row as usize * cols + p.col as usize;
        self.hash ^= cell_key(index(mv.a), kinds.0) ^ cell_key(index(mv.b), kinds.1);
        let slides = remove_pair(&mut self.board, mv.a, mv.b, self.config.gravity);
        for s in &slides {
            let t = self.board.get(s.to);
            self.hash ^= cell_key(index(s.from), t) ^ cell_key(index(s.to), t);
        }
        self.tiles -= 2;
        self.played.push(Played { mv, kinds, slides });
    }

    /// Takes back the last move, which led to a lost position. Without gravity
    /// that pair is then in no solution of this position, nor of any position
    /// reached from it while both tiles remain: were it in one, it could be
    /// played first (a possible move stays possible), and the position after it
    /// would not be lost. So the rest of this position's search skips it.
    fn fail(&mut self) {
        let mv = self.played.last().expect("a move to take back").mv;
        self.undo();
        if self.config.gravity == Gravity::None {
            self.excluded.push(mv);
        }
    }

    fn undo(&mut self) {
        let Played { mv, kinds, slides } = self.played.pop().expect("a move to undo");
        let cols = self.board.cols();
        let index = |p: Point| p.row as usize * cols + p.col as usize;
        for s in slides.iter().rev() {
            let t = self.board.get(s.to);
            self.board.set(s.to, EMPTY);
            self.board.set(s.from, t);
            self.hash ^= cell_key(index(s.from), t) ^ cell_key(index(s.to), t);
        }
        self.board.set(mv.a, kinds.0);
        self.board.set(mv.b, kinds.1);
        self.hash ^= cell_key(index(mv.a), kinds.0) ^ cell_key(index(mv.b), kinds.1);
        self.tiles += 2;
    }

    fn remember(&mut self, hash: u64) {
        if self.lost.len() < MEMORY_LIMIT {
            self.lost.insert(hash);
        }
    }
}

/// How far apart the cells are: the sum of row and column extents (0 when
/// fewer than two), used to try first the moves leaving a kind's copies close.
fn spread(cells: &[Point]) -> i32 {
    let Some(first) = cells.first() else {
        return 0;
    };
    let (mut top, mut bottom, mut left, mut right) = (first.row, first.row, first.col, first.col);
    for p in cells {
        top = top.min(p.row);
        bottom = bottom.max(p.row);
        left = left.min(p.col);
        right = right.max(p.col);
    }
    bottom - top + right - left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::engine::Border;
    use crate::core::grid::text_board as board;
    use crate::solve::replay::replay;

    fn config(border: Border, gravity: Gravity) -> SolveConfig {
        SolveConfig {
            rules: Rules {
                max_turns: 2,
                border,
            },
            gravity,
            budget: Duration::from_secs(30),
        }
    }

    fn solved(b: &Board, config: &SolveConfig) -> Vec<Move> {
        let Outcome::Solved(moves) = solve(b, config) else {
            panic!("not solved: {b:?}");
        };
        let left = replay(b, &moves, config.rules, config.gravity).unwrap();
        assert_eq!(left.tile_count(), 0);
        moves
    }

    #[test]
    fn four_copies_need_the_right_pairing() {
        // Of the three ways to pair the four A, only top-row and bottom-row wins,
        // though the left column pair (0,0)-(2,0) can be joined at once.
        let b = board(&["ACAB", ".DBC", "A.AD"]);
        let c = config(Border::Closed, Gravity::None);
        let left_column = Move {
            a: Point::new(0, 0),
            b: Point::new(2, 0),
        };
        assert!(available_moves(&b, c.rules).contains(&left_column));
        let moves = solved(&b, &c);
        let a_pairs: Vec<(Point, Point)> = moves
            .iter()
            .filter(|m| b.get(m.a) == Tile::from(b'A'))
            .map(|m| (m.a.min(m.b), m.a.max(m.b)))
            .collect();
        assert_eq!(a_pairs.len(), 2);
        for (p, q) in a_pairs {
            assert_eq!(p.row, q.row, "A paired across rows: {moves:?}");
        }
    }

    #[test]
    fn moves_now_but_no_solution() {
        let b = board(&["ABABCC"]);
        let c = config(Border::Closed, Gravity::None);
        assert!(!available_moves(&b, c.rules).is_empty());
        assert_eq!(solve(&b, &c), Outcome::NoSolution);
        assert_eq!(is_winnable(&b, &c), Some(false));
        // The hint still offers the one legal move.
        assert_eq!(
            hint(&b, &c),
            Some(Move {
                a: Point::new(0, 4),
                b: Point::new(0, 5)
            })
        );
    }

    #[test]
    fn odd_kind_counts_have_no_solution() {
        let b = board(&["AAA."]);
        assert_eq!(
            solve(&b, &config(Border::Open, Gravity::None)),
            Outcome::NoSolution
        );
    }

    #[test]
    fn last_pair_of_a_kind_is_not_safe_under_gravity() {
        // Joining the two E at once loses under gravity down; the solver must
        // not play it as a forced move.
        let b = board(&[".AC", ".DA", "BDE", "BCE"]);
        let c = config(Border::Closed, Gravity::Down);
        let trap = Move {
            a: Point::new(2, 2),
            b: Point::new(3, 2),
        };
        let mut after = b.clone();
        remove_pair(&mut after, trap.a, trap.b, c.gravity);
        assert_eq!(solve(&after, &c), Outcome::NoSolution);
        let moves = solved(&b, &c);
        assert_ne!(moves[0], trap);
        assert_eq!(hint(&b, &c), Some(moves[0]));
    }

    #[test]
    fn empty_board_is_won_and_deadlock_has_no_hint() {
        let c = config(Border::Closed, Gravity::None);
        assert_eq!(solve(&board(&["..", ".."]), &c), Outcome::Solved(vec![]));
        let stuck = board(&["AB", "BA"]);
        assert!(available_moves(&stuck, c.rules).is_empty());
        assert_eq!(hint(&stuck, &c), None);
        assert_eq!(is_winnable(&stuck, &c), Some(false));
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn an_endless_budget_is_no_overflow() {
        let mut c = config(Border::Open, Gravity::None);
        c.budget = Duration::MAX;
        assert_eq!(
            solve(&board(&["A..A"]), &c),
            Outcome::Solved(vec![Move {
                a: Point::new(0, 0),
                b: Point::new(0, 3)
            }])
        );
    }

    #[test]
    fn no_budget_gives_unknown() {
        // A full 16 x 9 board, 36 kinds shuffled: far more work than one look
        // at the clock allows.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut tiles: Vec<Tile> = (0..144).map(|i| 1 + i / 4).collect();
        tiles.shuffle(&mut rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1));
        let b = Board::from_tiles(16, 9, tiles).unwrap();
        let mut c = config(Border::Open, Gravity::Down);
        c.budget = Duration::ZERO;
        assert_eq!(solve(&b, &c), Outcome::Unknown);
        assert_eq!(is_winnable(&b, &c), None);
    }
}
