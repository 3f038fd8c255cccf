//! The solver: a sequence of moves that clears a board, a proof that none
//! exists, or "unknown" when the time budget runs out.
//!
//! It searches depth first over positions. Tiles keep their order along each
//! line they slide in, so a position is fully told by which tiles of the
//! starting board are left, whatever the gravity and whatever the order of
//! the moves that led there. The search remembers the positions it proved
//! lost by those sets themselves (see [`memory`]), so a remembered position
//! can never be mistaken for another, and it looks a move's result up in that
//! memory before playing it.
//!
//! A kind whose remaining copies can all be joined in pairs right now (for
//! example the last two tiles of a kind) is played at once, without
//! branching, when nothing else can depend on those copies: always without
//! gravity, and under gravity when every tile after them along their lines
//! (towards the end away from where tiles pack) is a copy too, so removing
//! them slides nothing. Then any solution stays one with those pairs dropped
//! from it. The same reasoning shows that a move of such tiles that led to a
//! lost position is in no solution of any position reached from there while
//! both tiles remain, so the rest of the search never tries that pair again:
//! the search runs over the ways to pair the copies rather than over move
//! orders.
//!
//! The search runs in rounds that restart with shuffled move orders (keeping
//! what was proved lost), which tames the long tail of unlucky early choices.
//! It keeps its own stack, so boards with many tiles cannot overflow the
//! thread's stack.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use crate::core::engine::{Rules, connects};
use crate::core::gravity::{Gravity, Slide, remove_pair, remove_pair_settled, settle};
use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::core::masks::EmptyMasks;

mod memory;

use memory::LostMemory;

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

/// How much work a search did, for measuring the solver's speed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions entered (search nodes), over every round.
    pub positions: u64,
    /// Path queries asked of the engine.
    pub path_queries: u64,
}

/// Searches for a sequence of moves that clears `board` under `config`.
pub fn solve(board: &Board, config: &SolveConfig) -> Outcome {
    solve_counted(board, config).0
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
                if connects(board, a, b, rules) {
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

/// The hash contribution of tile `id` (SplitMix64): a position's hash is the
/// exclusive or over its tiles, updated as tiles leave and come back.
fn tile_key(id: u32) -> u64 {
    let mut z = u64::from(id).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most memory the positions proved lost may take; beyond it the search
/// goes on without remembering more, which costs time but never correctness.
const MEMORY_BUDGET: usize = 128 << 20;

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

/// The id of a tile: its place in row-major order on the starting board.
type Id = u32;

/// No tile in the cell.
const NO_TILE: Id = Id::MAX;

/// A move by the ids of its two tiles, the smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair(Id, Id);

impl Pair {
    fn new(a: Id, b: Id) -> Self {
        Pair(a.min(b), a.max(b))
    }
}

/// A move played during the search, with what is needed to take it back.
struct Played {
    pair: Pair,
    /// The cells of the two tiles when the move was played.
    at: Move,
    /// Where this move's slides start in [`Search::slides`].
    slides: usize,
}

/// One position on the search stack: the moves still to try from it.
struct Frame {
    /// Where this position's moves start in [`Search::moves`], the next one
    /// to try and where they end.
    start: usize,
    next: usize,
    end: usize,
    /// Forced moves played on entering the position, taken back on leaving.
    forced: usize,
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
    /// The board's empty cells as bit masks, for fast joins; `None` when the
    /// board is too big for them or the rules allow more than two turns.
    masks: Option<EmptyMasks>,
    config: &'a SolveConfig,
    /// `None` when the budget reaches beyond what the clock can represent.
    deadline: Option<Instant>,
    ticks: u32,
    /// Positions entered this round, the round (from 1) and its limit.
    entered: u64,
    round: u64,
    round_limit: u64,
    /// Work done over every round.
    stats: SearchStats,
    /// Shuffles the order of moves after the first round.
    rng: Xoshiro256PlusPlus,
    /// The tile in each cell (row-major), or [`NO_TILE`].
    id_at: Vec<Id>,
    /// The cell of each tile while it is on the board.
    cell_of: Vec<Point>,
    /// The kind of each tile, as the board writes it.
    kind_of: Vec<Tile>,
    /// The tiles of each kind, in id order.
    kinds: Vec<Vec<Id>>,
    /// Whether the starting board has not settled under the gravity (a board
    /// built by hand): its first move then settles every line.
    unsettled: bool,
    /// The position: one bit per tile still on the board.
    present: Vec<u64>,
    /// The hash of `present` (see [`tile_key`]).
    hash: u64,
    tiles: usize,
    lost: LostMemory,
    played: Vec<Played>,
    /// The slides of every move played, in order.
    slides: Vec<Slide>,
    /// The moves of every position on the stack, each position's in a run.
    moves: Vec<Pair>,
    /// Pairs known to be in no solution of the current position (see
    /// [`Search::fail`]).
    excluded: Vec<Pair>,
    /// Scratch lists, kept to save allocations.
    copies: Vec<Id>,
    scored: Vec<(i32, Pair)>,
}

impl<'a> Search<'a> {
    fn new(board: &Board, config: &'a SolveConfig) -> Self {
        let mut id_at = vec![NO_TILE; board.tiles().len()];
        let mut cell_of = Vec::new();
        let mut kind_of = Vec::new();
        let mut by_kind: Vec<(Tile, Id)> = Vec::new();
        for (cell, p) in board.points().enumerate() {
            let tile = board.get(p);
            if tile != EMPTY {
                let id = cell_of.len() as Id;
                id_at[cell] = id;
                cell_of.push(p);
                kind_of.push(tile);
                by_kind.push((tile, id));
            }
        }
        by_kind.sort_unstable();
        let mut kinds: Vec<Vec<Id>> = Vec::new();
        for (i, &(tile, id)) in by_kind.iter().enumerate() {
            if i == 0 || by_kind[i - 1].0 != tile {
                kinds.push(Vec::new());
            }
            kinds.last_mut().expect("pushed above").push(id);
        }
        let tiles = cell_of.len();
        let words = tiles.div_ceil(64);
        let mut present = vec![0u64; words];
        for id in 0..tiles {
            present[id / 64] |= 1 << (id % 64);
        }
        let hash = (0..tiles as Id).fold(0, |h, id| h ^ tile_key(id));
        let unsettled = !settle(&mut board.clone(), config.gravity).is_empty();
        let masks = (config.rules.max_turns <= 2)
            .then(|| EmptyMasks::new(board, config.rules.border))
            .flatten();
        Search {
            board: board.clone(),
            masks,
            unsettled,
            config,
            deadline: Instant::now().checked_add(config.budget),
            ticks: 0,
            entered: 0,
            round: 1,
            round_limit: ROUND_UNIT,
            stats: SearchStats::default(),
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            id_at,
            cell_of,
            kind_of,
            kinds,
            present,
            hash,
            tiles,
            lost: LostMemory::new(words, MEMORY_BUDGET),
            played: Vec::new(),
            slides: Vec::new(),
            moves: Vec::new(),
            excluded: Vec::new(),
            copies: Vec::new(),
            scored: Vec::new(),
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
                Ok(true) => Outcome::Solved(self.played.iter().map(|p| p.at).collect()),
                Ok(false) => Outcome::NoSolution,
                Err(Stop::OutOfTime) => Outcome::Unknown,
                Err(Stop::Restart) => {
                    while !self.played.is_empty() {
                        self.undo();
                    }
                    self.moves.clear();
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
            if top.next < top.end {
                let pair = self.moves[top.next];
                top.next += 1;
                if self.lost_after(pair) {
                    // Known lost: as if played and taken back.
                    self.exclude_if_independent(pair);
                    continue;
                }
                self.play(pair);
                match self.enter()? {
                    Entered::Won => return Ok(true),
                    Entered::Lost => self.fail(),
                    Entered::Open(frame) => stack.push(frame),
                }
            } else {
                let frame = stack.pop().expect("the loop saw it");
                self.moves.truncate(frame.start);
                self.excluded.truncate(frame.excluded_before);
                // Lost after its forced moves, so lost before them too.
                if frame.forced > 0 {
                    self.remember();
                }
                for _ in 0..frame.forced {
                    self.undo();
                }
                self.remember();
                if !stack.is_empty() {
                    self.fail();
                }
            }
        }
        Ok(false)
    }

    /// Looks at the position reached: plays its forced moves, then lists the
    /// moves to try. A lost position is left as it was found, and remembered.
    fn enter(&mut self) -> Result<Entered, Stop> {
        self.entered += 1;
        self.stats.positions += 1;
        if self.entered > self.round_limit {
            return Err(Stop::Restart);
        }
        let mut forced = 0;
        loop {
            let played = self.play_safe_moves()?;
            if played == 0 {
                break;
            }
            forced += played;
        }
        if self.tiles == 0 {
            return Ok(Entered::Won);
        }
        let open = !(forced > 0 && self.lost.contains(self.hash, &self.present))
            && self.branch_moves()?;
        if !open {
            if forced > 0 {
                self.remember();
            }
            for _ in 0..forced {
                self.undo();
            }
            self.remember();
            return Ok(Entered::Lost);
        }
        let end = self.moves.len();
        let start = end - self.scored.len();
        Ok(Entered::Open(Frame {
            start,
            next: start,
            end,
            forced,
            excluded_before: self.excluded.len(),
        }))
    }

    /// Whether the tiles `a` and `b` can be joined now; looks at the clock now
    /// and then.
    fn joins(&mut self, a: Id, b: Id) -> Result<bool, Stop> {
        self.ticks += 1;
        self.stats.path_queries += 1;
        if self.ticks >= CLOCK_EVERY {
            self.ticks = 0;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stop::OutOfTime);
            }
        }
        let (a, b) = (self.cell_of[a as usize], self.cell_of[b as usize]);
        Ok(match &self.masks {
            Some(masks) => masks.connects(a, b, self.config.rules.max_turns),
            None => connects(&self.board, a, b, self.config.rules),
        })
    }

    fn is_present(&self, id: Id) -> bool {
        self.present[id as usize / 64] & (1 << (id % 64)) != 0
    }

    /// Fills `self.copies` with the tiles of kind `kind` still on the board.
    fn collect_copies(&mut self, kind: usize) {
        let mut copies = std::mem::take(&mut self.copies);
        copies.clear();
        copies.extend(
            self.kinds[kind]
                .iter()
                .copied()
                .filter(|&id| self.is_present(id)),
        );
        self.copies = copies;
    }

    /// Whether every tile after each of `ids` along its line, away from where
    /// tiles pack, is one of `ids`: removing them then slides nothing, and
    /// no other tile's place depends on them. Always so without gravity;
    /// never on a starting board that has not settled.
    fn at_line_ends(&self, ids: &[Id]) -> bool {
        if self.unsettled && self.played.is_empty() {
            return false;
        }
        let (rows, cols) = (self.board.rows(), self.board.cols());
        ids.iter().all(|&id| {
            let p = self.cell_of[id as usize];
            let Some(line) = self.config.gravity.line(rows, cols, p) else {
                return true;
            };
            (line.position(p) + 1..line.len)
                .map(|k| line.cell(k))
                .take_while(|&q| !self.board.is_empty_at(q))
                .all(|q| ids.contains(&self.id_at[q.row as usize * cols + q.col as usize]))
        })
    }

    /// Plays at once every kind whose remaining copies sit at the ends of
    /// their lines (see [`Search::at_line_ends`]) and can all be joined in
    /// pairs now, one pair after the other; returns how many moves it played.
    /// Playing them loses nothing: other tiles keep their cells, and only
    /// cells are freed, so any solution stays one with those pairs dropped
    /// from it. Only kinds with two or four copies left are tried.
    fn play_safe_moves(&mut self) -> Result<usize, Stop> {
        let mut played = 0;
        for kind in 0..self.kinds.len() {
            self.collect_copies(kind);
            let g = std::mem::take(&mut self.copies);
            let found = match g.len() {
                2 | 4 if self.at_line_ends(&g) => self.play_pairing(&g),
                _ => Ok(0),
            };
            self.copies = g;
            played += found?;
        }
        Ok(played)
    }

    /// Plays the two or four copies `g` in pairs if some pairing can be
    /// played now, one pair after the other (the first pair's removal may
    /// slide the other two); returns how many moves it played.
    fn play_pairing(&mut self, g: &[Id]) -> Result<usize, Stop> {
        if g.len() == 2 {
            if self.joins(g[0], g[1])? {
                self.play(Pair::new(g[0], g[1]));
                return Ok(1);
            }
            return Ok(0);
        }
        for [x, y, z, w] in [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]] {
            if !self.joins(g[x], g[y])? {
                continue;
            }
            self.play(Pair::new(g[x], g[y]));
            match self.joins(g[z], g[w]) {
                Ok(true) => {
                    self.play(Pair::new(g[z], g[w]));
                    return Ok(2);
                }
                Ok(false) => self.undo(),
                Err(stop) => {
                    self.undo();
                    return Err(stop);
                }
            }
        }
        Ok(0)
    }

    /// Pushes onto `self.moves` every move possible now and not excluded, the
    /// most promising first: moves that finish a kind, then moves whose kind's
    /// remaining copies lie close together. Returns `false`, pushing nothing,
    /// when the position is lost: no move, or an excluded pair shows it.
    fn branch_moves(&mut self) -> Result<bool, Stop> {
        self.scored.clear();
        for kind in 0..self.kinds.len() {
            self.collect_copies(kind);
            let g = std::mem::take(&mut self.copies);
            let found = self.score_kind(&g);
            self.copies = g;
            if !found? {
                self.scored.clear();
                return Ok(false);
            }
        }
        // Later rounds shuffle the moves; every other round drops the
        // closeness ranking too, which rescues the boards it misleads (on
        // random deals this cut the slowest solves a hundredfold).
        if self.round > 1 {
            self.scored.shuffle(&mut self.rng);
            if self.round.is_multiple_of(2) {
                self.scored.iter_mut().for_each(|(score, _)| *score = 0);
            }
        }
        self.scored.sort_by_key(|&(score, _)| score);
        self.moves.extend(self.scored.iter().map(|&(_, pair)| pair));
        Ok(!self.scored.is_empty())
    }

    /// Adds to `self.scored` the moves of the copies `g` of one kind; `false`
    /// when excluded pairs show the position is lost.
    fn score_kind(&mut self, g: &[Id]) -> Result<bool, Stop> {
        if g.len() < 2 {
            return Ok(true);
        }
        let out = |i: usize, j: usize| self.excluded.contains(&Pair::new(g[i], g[j]));
        // With two or four copies left, excluding a pair rules out every
        // way to pair the copies that uses it.
        let mut dead: [[usize; 4]; 3] = [[usize::MAX; 4]; 3];
        match g.len() {
            2 if out(0, 1) => return Ok(false),
            4 => {
                let mut n = 0;
                for [x, y, z, w] in [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]] {
                    if out(x, y) || out(z, w) {
                        dead[n] = [x, y, z, w];
                        n += 1;
                    }
                }
                if n == 3 {
                    return Ok(false);
                }
            }
            _ => {}
        }
        for i in 0..g.len() {
            for j in i + 1..g.len() {
                let ruled_out = self.excluded.contains(&Pair::new(g[i], g[j]))
                    || dead
                        .iter()
                        .any(|&[x, y, z, w]| (x, y) == (i, j) || (z, w) == (i, j));
                if ruled_out || !self.joins(g[i], g[j])? {
                    continue;
                }
                // Copies are ranked by how close the rest lie only for the
                // few copies a deal has; big batches of one kind are taken
                // as they come.
                let score = if g.len() <= 8 {
                    spread(
                        g.iter()
                            .enumerate()
                            .filter(|&(k, _)| k != i && k != j)
                            .map(|(_, &id)| self.cell_of[id as usize]),
                    )
                } else {
                    0
                };
                self.scored.push((score, Pair::new(g[i], g[j])));
            }
        }
        Ok(true)
    }

    /// Whether playing `pair` leads to a position already proved lost.
    fn lost_after(&mut self, pair: Pair) -> bool {
        self.flip(pair);
        let lost = self.lost.contains(self.hash, &self.present);
        self.flip(pair);
        lost
    }

    /// Takes the two tiles of `pair` off the position's bits and hash, or
    /// puts them back.
    fn flip(&mut self, Pair(a, b): Pair) {
        for id in [a, b] {
            self.present[id as usize / 64] ^= 1 << (id % 64);
            self.hash ^= tile_key(id);
        }
    }

    fn cell_index(&self, p: Point) -> usize {
        p.row as usize * self.board.cols() + p.col as usize
    }

    fn play(&mut self, pair: Pair) {
        let at = Move {
            a: self.cell_of[pair.0 as usize],
            b: self.cell_of[pair.1 as usize],
        };
        self.flip(pair);
        let first = self.slides.len();
        for p in [at.a, at.b] {
            let i = self.cell_index(p);
            self.id_at[i] = NO_TILE;
        }
        if self.unsettled && self.played.is_empty() {
            let slides = remove_pair(&mut self.board, at.a, at.b, self.config.gravity);
            self.slides.extend(slides);
        } else {
            remove_pair_settled(
                &mut self.board,
                at.a,
                at.b,
                self.config.gravity,
                &mut self.slides,
            );
        }
        if let Some(masks) = &mut self.masks {
            masks.set_empty(at.a, true);
            masks.set_empty(at.b, true);
        }
        for k in first..self.slides.len() {
            let Slide { from, to } = self.slides[k];
            if let Some(masks) = &mut self.masks {
                masks.set_empty(from, true);
                masks.set_empty(to, false);
            }
            let (i, j) = (self.cell_index(from), self.cell_index(to));
            let id = std::mem::replace(&mut self.id_at[i], NO_TILE);
            self.id_at[j] = id;
            self.cell_of[id as usize] = to;
        }
        self.tiles -= 2;
        self.played.push(Played {
            pair,
            at,
            slides: first,
        });
    }

    /// Takes back the last move, which led to a lost position, and excludes
    /// it below this position when that is sound (see
    /// [`Search::exclude_if_independent`]).
    fn fail(&mut self) {
        let pair = self.played.last().expect("a move to take back").pair;
        self.undo();
        self.exclude_if_independent(pair);
    }

    /// After `pair` led to a lost position: when its tiles sit at the ends of
    /// their lines (always without gravity), that pair is in no solution of
    /// this position, nor of any position reached from it while both tiles
    /// remain. Were it in one, it could be played first (removing it slides
    /// nothing and only frees cells, so the other moves stay possible and
    /// end in the same positions), and the position after it would not be
    /// lost. So the rest of this position's search skips it.
    fn exclude_if_independent(&mut self, pair: Pair) {
        if self.at_line_ends(&[pair.0, pair.1]) {
            self.excluded.push(pair);
        }
    }

    fn undo(&mut self) {
        let Played { pair, at, slides } = self.played.pop().expect("a move to undo");
        while self.slides.len() > slides {
            let Slide { from, to } = self.slides.pop().expect("counted");
            let tile = self.board.get(to);
            self.board.set(to, EMPTY);
            self.board.set(from, tile);
            if let Some(masks) = &mut self.masks {
                masks.set_empty(to, true);
                masks.set_empty(from, false);
            }
            let (i, j) = (self.cell_index(from), self.cell_index(to));
            let id = std::mem::replace(&mut self.id_at[j], NO_TILE);
            self.id_at[i] = id;
            self.cell_of[id as usize] = from;
        }
        for (id, p) in [(pair.0, at.a), (pair.1, at.b)] {
            self.board.set(p, self.kind_of[id as usize]);
            if let Some(masks) = &mut self.masks {
                masks.set_empty(p, false);
            }
            let i = self.cell_index(p);
            self.id_at[i] = id;
        }
        self.flip(pair);
        self.tiles += 2;
    }

    /// Remembers the current position as lost.
    fn remember(&mut self) {
        self.lost.insert(self.hash, &self.present);
    }
}

/// How far apart the cells are: the sum of row and column extents (0 when
/// fewer than two), used to try first the moves leaving a kind's copies close.
fn spread(cells: impl Iterator<Item = Point>) -> i32 {
    let mut bounds: Option<(i32, i32, i32, i32)> = None;
    for p in cells {
        let (top, bottom, left, right) = bounds.unwrap_or((p.row, p.row, p.col, p.col));
        bounds = Some((
            top.min(p.row),
            bottom.max(p.row),
            left.min(p.col),
            right.max(p.col),
        ));
    }
    bounds.map_or(0, |(top, bottom, left, right)| bottom - top + right - left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::engine::Border;
    use crate::core::gravity::remove_pair;
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
