//! The solver: a sequence of moves that clears a board, a proof that none
//! exists, or "unknown" when the time budget runs out.
//!
//! It searches depth first over positions. Tiles keep their order along each
//! line they slide in, so a position is fully told by which tiles of the
//! starting board are left, whatever the gravity and whatever the order of
//! the moves that led there. The search remembers the positions it proved
//! lost by those sets themselves (see `solver/memory.rs`), so a remembered position
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
//! The search runs in rounds that restart (keeping what was proved lost),
//! every other round with its moves by ids instead of ranked, which tames
//! the long tail of unlucky early choices. A board the first round does not
//! decide gets a second search on another core, whose rounds take the two
//! orders the other way round: the two share the memory of lost positions,
//! so each skips what the other proved, and the first answer ends both.
//! Boards decided in the first round (most, and every small one) are
//! decided by one search, the same way every time.
//! It keeps its own stack, so boards with many tiles cannot overflow the
//! thread's stack. A position lists its moves when it is entered, but for
//! the kinds with many copies left (a big board's): their pairs, hundreds a
//! kind, are looked for one at a time when the position needs its next
//! move, in the order they would have been listed, so a search that goes
//! straight down asks a few joins a position, not every pair's.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::core::engine::{Border, Rules, connects};
use crate::core::gravity::{Gravity, settle};
use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::core::masks::EmptyMasks;
use crate::core::rules::{kind_groups, matchable_pairs};

mod memory;

use memory::SharedMemory;

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
    /// Rounds begun: the first, and one more at each restart (of every
    /// search of the solve).
    pub rounds: u64,
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
    let memory = SharedMemory::new(board.tile_count().div_ceil(64), MEMORY_BUDGET);
    let answered = Answered::default();
    let mut search = Search::new(board, config, &memory, &answered);
    // Most boards are decided in the first round, by one search and so the
    // same way every time.
    if let Some(outcome) = search.round() {
        return search.finish(outcome);
    }
    if !helper_core() {
        return search.run();
    }
    // A second search on another core, in the other order of moves at each
    // round, proves positions lost for both through the shared memory;
    // whichever answers first ends the other. It starts as the first goes
    // on, at the start of its second round (a copy costs less than building
    // it again, which the first would wait for if it answered meanwhile).
    let mut helper = search.clone();
    helper.ranked_rounds = 1 - search.ranked_rounds;
    helper.stats = SearchStats::default();
    let second = helper.round;
    std::thread::scope(|scope| {
        let helper = std::thread::Builder::new().spawn_scoped(scope, || {
            let helped = helper.run();
            if helped.0 != Outcome::Unknown {
                answered.0.store(true, Ordering::Relaxed);
            }
            helped
        });
        let (outcome, mut stats) = search.run();
        answered.0.store(true, Ordering::Relaxed);
        // Without a second thread (the system refused one), one search.
        let Ok(helper) = helper else {
            return (outcome, stats);
        };
        let (helped, more) = helper
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        stats.positions += more.positions;
        stats.path_queries += more.path_queries;
        stats.rounds += more.rounds + 1 - second;
        match outcome {
            Outcome::Unknown => (helped, stats),
            outcome => (outcome, stats),
        }
    })
}

/// Set when a search of a solve has answered, so that the other stops: on a
/// cache line of its own, which the other search reads at every step
/// without waiting on the lines the first keeps writing.
#[derive(Default)]
#[repr(align(128))]
struct Answered(AtomicBool);

/// Whether another core can take a second search of a solve: on a machine of
/// one, the two would share it and each go at half speed.
fn helper_core() -> bool {
    static CORES: OnceLock<bool> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1))
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

/// What the solver suggests to the player (see [`hint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The first move of a solution when the solver found one in time,
    /// otherwise any legal move; `None` when no pair can be joined at all.
    pub mv: Option<Move>,
    /// Whether the search proved the position lost: then no move keeps it
    /// winnable, and the game says so rather than show one.
    pub lost: bool,
}

/// A move to suggest to the player, and whether the search proved the
/// position lost on the way (see [`Hint`]).
pub fn hint(board: &Board, config: &SolveConfig) -> Hint {
    let outcome = solve(board, config);
    let mv = match &outcome {
        Outcome::Solved(moves) => moves.first().copied(),
        Outcome::NoSolution | Outcome::Unknown => {
            available_moves(board, config.rules).into_iter().next()
        }
    };
    Hint {
        mv,
        lost: outcome == Outcome::NoSolution,
    }
}

/// Every pair of tiles of the same kind that can be joined now, for deadlock
/// detection and hints: an empty list on a non-empty board means deadlock.
pub fn available_moves(board: &Board, rules: Rules) -> Vec<Move> {
    matchable_pairs(board, rules)
        .map(|(a, b)| Move { a, b })
        .collect()
}

/// Whether every kind appears an even number of times (otherwise no solution).
fn kinds_pair_up(board: &Board) -> bool {
    kind_groups(board).iter().all(|g| g.len() % 2 == 0)
}

/// The hash contribution of tile `id` (SplitMix64): a position's hash is the
/// exclusive or over its tiles, updated as tiles leave and come back.
fn tile_key(id: u32) -> u64 {
    let mut z = u64::from(id).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most memory the positions proved lost may take; beyond it each new one
/// takes the place of the one remembered longest ago, which costs time but
/// never correctness.
const MEMORY_BUDGET: usize = 128 << 20;

/// The least unit of the round limits: round `k` may enter `unit *
/// luby(k)` positions, where the unit is this or the board's tile count,
/// whichever is more (see [`round_unit`]).
const ROUND_UNIT: u64 = 256;

/// The unit of the round limits for a board of `tiles` tiles. A solution
/// enters a position a move, up to half the tiles, so a round that may
/// enter fewer than that is cut short before it could win: on a dealt
/// 40 x 60 board (1,200 moves) rounds of a fixed 256 took fifteen rounds and
/// 7,285 positions to win, against one round and 1,127 positions. The tile
/// count leaves every round room for a dive and as much again to back up
/// in; boards of at most 256 tiles keep the unit of 256.
fn round_unit(tiles: usize) -> u64 {
    ROUND_UNIT.max(tiles as u64)
}

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

/// How many path queries and positions go by between two looks at the clock.
const CLOCK_EVERY: u32 = 512;

/// The cells of board a join the engine answers counts one tick for, beyond
/// the tick of every query (see `Search::board_query_ticks`).
const BOARD_QUERY_CELLS: usize = 1024;

/// The id of a tile: its place in row-major order on the starting board.
type Id = u32;

/// No tile in the cell.
const NO_TILE: Id = Id::MAX;

/// A cell, as its row-major index.
type Cell = u32;

/// No cell: past the end of a line.
const NO_CELL: Cell = Cell::MAX;

/// A line of tiles in the memory's key. Tiles keep their order along a line,
/// so the board shows along it the kinds of the line's tiles still present,
/// in order. The key marks the leftmost tiles of the line that show the same
/// kinds: two tile sets that leave the same board get the same marks, and
/// the marks tell the board.
#[derive(Clone)]
struct KeyLine {
    /// Where the line's marks start in the key.
    offset: u32,
    /// For each place in the line, the places holding a tile of the same kind.
    same_kind: Vec<u64>,
    /// The places whose tiles are still present, and the marks.
    present: u64,
    marks: u64,
}

impl KeyLine {
    /// The marks for the places `present`: each present tile in turn takes
    /// the first place of its kind after the place the one before took.
    fn marks_for(&self, present: u64) -> u64 {
        let (mut rest, mut marks, mut from) = (present, 0u64, 0u32);
        while rest != 0 {
            let place = rest.trailing_zeros();
            rest &= rest - 1;
            let at = (self.same_kind[place as usize] & (u64::MAX << from)).trailing_zeros();
            marks |= 1 << at;
            from = at + 1;
        }
        marks
    }
}

/// The most pairs of same-kind tiles for which the search keeps a list with
/// a value per pair; boards with more (a kind with thousands of copies) keep
/// only the pairs that differ from the default, so memory follows the work.
const DENSE_PAIRS: usize = 1 << 20;

/// A value per pair of same-kind tiles (see [`Search::pair_index`]).
#[derive(Clone)]
enum PairMap<T> {
    /// Every pair's value.
    Dense(Vec<T>),
    /// The values that differ from the default, which comes second.
    Sparse(HashMap<usize, T>, T),
}

impl<T: Copy + PartialEq> PairMap<T> {
    fn new(pairs: usize, default: T) -> Self {
        if pairs <= DENSE_PAIRS {
            PairMap::Dense(vec![default; pairs])
        } else {
            PairMap::Sparse(HashMap::new(), default)
        }
    }

    fn get(&self, pair: usize) -> T {
        match self {
            PairMap::Dense(values) => values[pair],
            PairMap::Sparse(values, default) => values.get(&pair).copied().unwrap_or(*default),
        }
    }

    fn set(&mut self, pair: usize, value: T) {
        match self {
            PairMap::Dense(values) => values[pair] = value,
            PairMap::Sparse(values, default) if value == *default => {
                values.remove(&pair);
            }
            PairMap::Sparse(values, _) => {
                values.insert(pair, value);
            }
        }
    }
}

/// A move by the ids of its two tiles, the smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair(Id, Id);

impl Pair {
    fn new(a: Id, b: Id) -> Self {
        Pair(a.min(b), a.max(b))
    }
}

/// A move played during the search, with what is needed to take it back.
#[derive(Clone)]
struct Played {
    pair: Pair,
    /// The cells of the two tiles when the move was played.
    at: (Cell, Cell),
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
    /// Where this position's moves of many-copy kinds stand (see
    /// [`Search::next_move`]).
    lazy: Lazy,
}

/// The moves of the kinds with more than [`RANKED_COPIES`] copies left,
/// which a position finds one at a time, when it needs the next: such kinds
/// have hundreds of pairs on a big board, and a search that goes straight
/// down tries one move a position. They come in the order of their tiles'
/// ids, (a, b) with a the smaller, as the listed moves of rank 0 do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lazy {
    /// None looked for yet.
    Start,
    /// Found and not yet tried.
    Next(Pair),
    /// The next comes after this one, which was tried.
    After(Pair),
    /// No more (or no such kind in the position).
    Done,
}

/// What entering a position found.
enum Entered {
    Won,
    Lost,
    Open(Frame),
}

/// What one look over every kind of the position found.
enum Scan {
    /// It played this many forced moves: look again.
    Forced(usize),
    /// The position is lost.
    Lost,
    /// The moves to try are in [`Search::scored`].
    Moves,
}

/// Why a search stopped before an answer.
enum Stop {
    /// The budget ran out, or another search of the same solve answered:
    /// this one's answer is unknown.
    OutOfTime,
    /// This round's position limit was reached: start the next round (see
    /// [`Search::run`]).
    Restart,
}

/// The most copies of a kind left for which the search ranks the kind's
/// moves (see [`Search::scan_kind`]); the moves of kinds with more are
/// found one at a time (see [`Lazy`]).
const RANKED_COPIES: usize = 8;

/// The first bit set in `bits` (bit `i` in word `i / 64`) from bit `from`
/// on.
fn first_set(bits: &[u64], from: usize) -> Option<usize> {
    let mut word = from / 64;
    let mut rest = bits.get(word)? & (u64::MAX << (from % 64));
    while rest == 0 {
        word += 1;
        rest = *bits.get(word)?;
    }
    Some(word * 64 + rest.trailing_zeros() as usize)
}

/// The three ways to pair four copies, by their places in the list of copies.
const PAIRINGS: [[usize; 4]; 3] = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];

/// Where the answer for the copies `i < j` of at most four is kept in a
/// kind's list of six; beyond the list for other copies.
fn pair_slot(i: usize, j: usize) -> usize {
    match (i, j) {
        (0, 1) => 0,
        (0, 2) => 1,
        (0, 3) => 2,
        (1, 2) => 3,
        (1, 3) => 4,
        (2, 3) => 5,
        _ => usize::MAX,
    }
}

/// The tiles of a board by id: the id in each cell, the cell and kind of
/// each id, and the ids of each kind (kinds in order). Ids run from the
/// cells farthest from where tiles pack, layer by layer across the lines
/// (reading order within a layer; reading order without gravity), since
/// moves are tried by ids wherever ranks tie or are dropped: taking the
/// deepest layer first slides nothing and keeps the lines even. Reading
/// order does that only for `down`; on mid-game 40 x 60 positions under row
/// gravity it left the hint unanswered within 100 ms two times in three.
struct TileIds {
    id_at: Vec<Id>,
    cell_of: Vec<Cell>,
    kind_of: Vec<Tile>,
    kinds: Vec<Vec<Id>>,
}

impl TileIds {
    fn of(board: &Board, gravity: Gravity) -> Self {
        let mut id_at = vec![NO_TILE; board.rows() * board.cols()];
        let mut cell_of = Vec::new();
        let mut kind_of = Vec::new();
        let mut by_kind: Vec<(Tile, Id)> = Vec::new();
        let (rows, cols) = (board.rows(), board.cols());
        let points: Vec<Point> = board.points().collect();
        let mut order: Vec<usize> = (0..points.len()).collect();
        order.sort_by_key(|&cell| {
            (
                std::cmp::Reverse(gravity.depth(rows, cols, points[cell])),
                cell,
            )
        });
        for cell in order {
            let tile = board.tiles()[cell];
            if tile != EMPTY {
                let id = cell_of.len() as Id;
                id_at[cell] = id;
                cell_of.push(cell as Cell);
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
        TileIds {
            id_at,
            cell_of,
            kind_of,
            kinds,
        }
    }
}

/// The lines that pack under a gravity (none without): each line's cells
/// from the end tiles pack towards, the line of each cell (`u32::MAX` for
/// none) and the next cell of each cell's line away from that end.
struct Lines {
    lines: Vec<Vec<Cell>>,
    line_of: Vec<u32>,
    next_cell: Vec<Cell>,
}

impl Lines {
    fn of(rows: usize, cols: usize, gravity: Gravity) -> Self {
        let mut lines: Vec<Vec<Cell>> = Vec::new();
        let mut line_of = vec![u32::MAX; rows * cols];
        let mut next_cell = vec![NO_CELL; rows * cols];
        let index = |p: Point| p.row as usize * cols + p.col as usize;
        for row in 0..rows {
            for col in 0..cols {
                let p = Point::new(row as i32, col as i32);
                if line_of[index(p)] != u32::MAX {
                    continue;
                }
                if let Some(line) = gravity.line_through(rows, cols, p) {
                    let cells: Vec<Cell> =
                        (0..line.len).map(|i| index(line.at(i)) as Cell).collect();
                    for (k, &cell) in cells.iter().enumerate() {
                        line_of[cell as usize] = lines.len() as u32;
                        next_cell[cell as usize] = cells.get(k + 1).copied().unwrap_or(NO_CELL);
                    }
                    lines.push(cells);
                }
            }
        }
        Lines {
            lines,
            line_of,
            next_cell,
        }
    }
}

/// Where each tile's pairs sit in the per-pair lists: the pairs of each
/// kind in turn, each kind's in the order (0, 1), (0, 2), ..., (1, 2), ...,
/// so pair (i, j) of a kind of n copies is at start + i (2n - i - 1) / 2 +
/// j - i - 1. Also each tile's place among its kind's copies and its kind's
/// place, and how many pairs there are.
struct PairRows {
    copy_index: Vec<u32>,
    pair_row: Vec<usize>,
    kind_index: Vec<u32>,
    pairs: usize,
}

impl PairRows {
    fn of(kinds: &[Vec<Id>], tiles: usize) -> Self {
        let mut copy_index = vec![0; tiles];
        let mut pair_row = vec![0; tiles];
        let mut kind_index = vec![0; tiles];
        let mut pairs = 0usize;
        for (k, ids) in kinds.iter().enumerate() {
            let n = ids.len();
            for (i, &id) in ids.iter().enumerate() {
                copy_index[id as usize] = i as u32;
                kind_index[id as usize] = k as u32;
                pair_row[id as usize] = (pairs + i * (2 * n - i - 1) / 2).wrapping_sub(i + 1);
            }
            pairs += n * (n - 1) / 2;
        }
        PairRows {
            copy_index,
            pair_row,
            kind_index,
            pairs,
        }
    }
}

/// The key lines of a position's memory key (see [`KeyLine`]): each line's
/// tiles in the order they pack, and the line and place of each tile; no
/// lines (the key is then the tile set) when a line holds more than 64.
fn key_lines(
    lines: &[Vec<Cell>],
    id_at: &[Id],
    kind_of: &[Tile],
) -> (Vec<KeyLine>, Vec<(u32, u32)>) {
    let line_tiles: Vec<Vec<Id>> = lines
        .iter()
        .map(|cells| {
            cells
                .iter()
                .map(|&cell| id_at[cell as usize])
                .filter(|&id| id != NO_TILE)
                .collect()
        })
        .collect();
    let mut tile_line = vec![(0, 0); kind_of.len()];
    let mut key_lines = Vec::new();
    if line_tiles.iter().any(|ids| ids.len() > 64) {
        return (key_lines, tile_line);
    }
    let mut offset = 0;
    for (l, ids) in line_tiles.iter().enumerate() {
        let same_kind = ids
            .iter()
            .map(|&a| {
                ids.iter()
                    .enumerate()
                    .filter(|&(_, &b)| kind_of[b as usize] == kind_of[a as usize])
                    .fold(0u64, |mask, (k, _)| mask | 1 << k)
            })
            .collect();
        for (k, &id) in ids.iter().enumerate() {
            tile_line[id as usize] = (l as u32, k as u32);
        }
        let all = if ids.is_empty() {
            0
        } else {
            u64::MAX >> (64 - ids.len())
        };
        key_lines.push(KeyLine {
            offset,
            same_kind,
            present: all,
            marks: all,
        });
        offset += ids.len() as u32;
    }
    (key_lines, tile_line)
}

#[derive(Clone)]
struct Search<'a> {
    config: &'a SolveConfig,
    /// `None` when the budget reaches beyond what the clock can represent.
    deadline: Option<Instant>,
    /// Set when a search of the same solve has answered: this one stops.
    answered: &'a Answered,
    /// Whether odd rounds (1) or even rounds (0) rank the moves; the
    /// others take them by ids (see [`Search::enter`]).
    ranked_rounds: u64,
    ticks: u32,
    /// The ticks a join the engine answers on the board counts for: such a
    /// search may cover the whole board, so on a big one (no masks) the
    /// clock is looked at every few of them, not every [`CLOCK_EVERY`].
    board_query_ticks: u32,
    /// Positions entered this round, the round (from 1), the unit of the
    /// rounds' limits (see [`round_unit`]) and this round's limit.
    entered: u64,
    round: u64,
    round_unit: u64,
    round_limit: u64,
    /// Work done over every round.
    stats: SearchStats,
    /// The point of each cell.
    points: Vec<Point>,
    /// The board's empty cells as bit masks, for fast joins; `None` when the
    /// board is too big for them or the rules allow more than three turns.
    masks: Option<EmptyMasks>,
    /// The board itself, kept in step only when there are no masks: the
    /// engine then answers the joins.
    board: Option<Board>,
    /// The tile in each cell, or [`NO_TILE`].
    id_at: Vec<Id>,
    /// The cell of each tile while it is on the board.
    cell_of: Vec<Cell>,
    /// The kind of each tile, as the board writes it.
    kind_of: Vec<Tile>,
    /// The tiles of each kind, in id order.
    kinds: Vec<Vec<Id>>,
    /// Every line that packs, as its cells from the end tiles pack towards
    /// (none without gravity), and the line of each cell.
    lines: Vec<Vec<Cell>>,
    line_of: Vec<u32>,
    /// The next cell of each cell's line away from where tiles pack, or
    /// [`NO_CELL`].
    next_cell: Vec<Cell>,
    /// Whether the starting board has not settled under the gravity (a board
    /// built by hand): its first move then settles every line.
    unsettled: bool,
    /// The position: one bit per tile still on the board.
    present: Vec<u64>,
    /// One bit per word of `present` that has a tile still on the board.
    occupied: Vec<u64>,
    /// The position as the memory knows it: with gravity, line by line, the
    /// first tiles of the line that show the kinds the board shows along it
    /// (see [`KeyLine`]), so tile sets that leave the same board share one
    /// key; otherwise the tiles still on the board (a bit per tile).
    key: Vec<u64>,
    /// The hash of `key` (see [`tile_key`]).
    hash: u64,
    /// The lines the key is made of; empty when the key is the tile set
    /// (no gravity, or a line of more than 64 tiles).
    key_lines: Vec<KeyLine>,
    /// The line of each tile in `key_lines`, and its place there.
    tile_line: Vec<(u32, u32)>,
    tiles: usize,
    lost: &'a SharedMemory,
    played: Vec<Played>,
    /// The slides (from, to) of every move played, in order.
    slides: Vec<(Cell, Cell)>,
    /// The moves of every position on the stack, each position's in a run,
    /// with their ranks (see [`Search::scan_kind`]).
    moves: Vec<(i32, Pair)>,
    /// Pairs known to be in no solution of the current position (see
    /// [`Search::exclude_if_independent`]), as a stack and as a count per
    /// pair (see [`Search::pair_index`]).
    excluded: Vec<(usize, u32)>,
    excluded_count: PairMap<u32>,
    /// Each tile's place among its kind's tiles, and where the pairs it
    /// makes with the later tiles of its kind would start in the per-pair
    /// lists (see [`Search::pair_index`]).
    copy_index: Vec<u32>,
    pair_row: Vec<usize>,
    /// The kind of each tile, as its place in `kinds`, and how many
    /// exclusions each kind has.
    kind_index: Vec<u32>,
    kind_excluded: Vec<u32>,
    /// Without gravity a pair that can be joined stays so while both tiles
    /// remain: for each pair the number of moves played when it was found
    /// joined (`u32::MAX` when not known), and those findings in order.
    joined_at: PairMap<u32>,
    joined: Vec<usize>,
    /// How many tiles of each kind (by its place in `kinds`) are left.
    kind_left: Vec<u32>,
    /// Whether the last scan saw a kind of more than [`RANKED_COPIES`]
    /// copies left, whose moves it did not list.
    many: bool,
    /// Scratch lists, kept to save allocations.
    copies: Vec<Id>,
    scored: Vec<(i32, Pair)>,
}

impl<'a> Search<'a> {
    fn new(
        board: &Board,
        config: &'a SolveConfig,
        lost: &'a SharedMemory,
        answered: &'a Answered,
    ) -> Self {
        let (rows, cols) = (board.rows(), board.cols());
        let TileIds {
            id_at,
            cell_of,
            kind_of,
            kinds,
        } = TileIds::of(board, config.gravity);
        let Lines {
            lines,
            line_of,
            next_cell,
        } = Lines::of(rows, cols, config.gravity);
        let PairRows {
            copy_index,
            pair_row,
            kind_index,
            pairs,
        } = PairRows::of(&kinds, cell_of.len());
        let (key_lines, tile_line) = key_lines(&lines, &id_at, &kind_of);
        let tiles = cell_of.len();
        let words = tiles.div_ceil(64);
        let mut present = vec![0u64; words];
        for id in 0..tiles {
            present[id / 64] |= 1 << (id % 64);
        }
        let mut occupied = vec![0u64; words.div_ceil(64)];
        for word in 0..words {
            occupied[word / 64] |= 1 << (word % 64);
        }
        let hash = (0..tiles as Id).fold(0, |h, id| h ^ tile_key(id));
        let masks = (config.rules.max_turns <= EmptyMasks::MAX_TURNS)
            .then(|| EmptyMasks::new(board, config.rules.border))
            .flatten();
        Search {
            config,
            deadline: Instant::now().checked_add(config.budget),
            answered,
            ranked_rounds: 1,
            ticks: 0,
            board_query_ticks: u32::try_from(board.rows() * board.cols() / BOARD_QUERY_CELLS)
                .unwrap_or(u32::MAX),
            entered: 0,
            round: 1,
            round_unit: round_unit(tiles),
            round_limit: round_unit(tiles),
            stats: SearchStats::default(),
            points: board.points().collect(),
            board: masks.is_none().then(|| board.clone()),
            masks,
            id_at,
            cell_of,
            kind_of,
            kind_excluded: vec![0; kinds.len()],
            kind_left: kinds.iter().map(|ids| ids.len() as u32).collect(),
            many: false,
            kinds,
            lines,
            line_of,
            next_cell,
            key_lines,
            tile_line,
            unsettled: !settle(&mut board.clone(), config.gravity).is_empty(),
            key: present.clone(),
            occupied,
            present,
            hash,
            tiles,
            lost,
            played: Vec::new(),
            slides: Vec::new(),
            moves: Vec::new(),
            excluded: Vec::new(),
            excluded_count: PairMap::new(pairs, 0),
            copy_index,
            pair_row,
            kind_index,
            joined_at: PairMap::new(pairs, u32::MAX),
            joined: Vec::new(),
            copies: Vec::new(),
            scored: Vec::new(),
        }
    }

    /// Searches in rounds: a round that enters too many positions is abandoned
    /// and the next starts over, with a limit from the Luby sequence and,
    /// every other round, the moves by ids rather than ranked, which cuts the
    /// long tail of unlucky early choices. Positions proved lost stay
    /// remembered across rounds, so no work that proved something is lost,
    /// and the search stays exhaustive.
    fn run(mut self) -> (Outcome, SearchStats) {
        loop {
            if let Some(outcome) = self.round() {
                return self.finish(outcome);
            }
        }
    }

    /// One round: its answer, or `None` when it reached its limit, the
    /// position taken back to the start for the next round.
    fn round(&mut self) -> Option<Outcome> {
        self.entered = 0;
        match self.search() {
            Ok(true) => Some(Outcome::Solved(
                self.played
                    .iter()
                    .map(|p| Move {
                        a: self.point(p.at.0),
                        b: self.point(p.at.1),
                    })
                    .collect(),
            )),
            Ok(false) => Some(Outcome::NoSolution),
            Err(Stop::OutOfTime) => Some(Outcome::Unknown),
            Err(Stop::Restart) => {
                while !self.played.is_empty() {
                    self.undo();
                }
                self.moves.clear();
                while !self.excluded.is_empty() {
                    self.unexclude();
                }
                self.round += 1;
                self.round_limit = self.round_unit.saturating_mul(luby(self.round));
                None
            }
        }
    }

    /// The answer with the work done for it.
    fn finish(&mut self, outcome: Outcome) -> (Outcome, SearchStats) {
        self.stats.rounds = self.round;
        (outcome, self.stats)
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
            if let Some(pair) = self.next_move(top)? {
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
                while self.excluded.len() > frame.excluded_before {
                    self.unexclude();
                }
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
        self.tick()?;
        let mut forced = 0;
        let lazy = loop {
            if self.tiles == 0 {
                return Ok(Entered::Won);
            }
            if forced > 0 && self.lost.contains(self.hash, &self.key) {
                break None;
            }
            // A stop leaves moves played; the next round takes back all.
            match self.scan()? {
                Scan::Forced(n) => forced += n,
                Scan::Lost => break None,
                Scan::Moves if !self.many => break Some(Lazy::Done),
                Scan::Moves if !self.scored.is_empty() => break Some(Lazy::Start),
                // Only many-copy kinds are left: open if one of them moves.
                Scan::Moves => match self.next_lazy(None)? {
                    Some(pair) => break Some(Lazy::Next(pair)),
                    None => break None,
                },
            }
        };
        let Some(lazy) = lazy else {
            if forced > 0 {
                self.remember();
            }
            for _ in 0..forced {
                self.undo();
            }
            self.remember();
            return Ok(Entered::Lost);
        };
        // Every other round drops the closeness ranking (the scan ranks
        // every move 0 then), which rescues the boards it misleads (on
        // random deals this cut the slowest solves a hundredfold). The moves
        // are ordered by rank and then by ids, a total order, so a round
        // differs from the one two before it only by what the memory has
        // learnt since.
        self.scored
            .sort_unstable_by_key(|&(score, pair)| (score, pair.0, pair.1));
        let start = self.moves.len();
        self.moves.extend_from_slice(&self.scored);
        Ok(Entered::Open(Frame {
            start,
            next: start,
            end: self.moves.len(),
            forced,
            excluded_before: self.excluded.len(),
            lazy,
        }))
    }

    /// The next move to try from the position of `frame` (the current
    /// position), or `None` when all were tried: the listed moves in their
    /// order, and the moves of many-copy kinds, of rank 0, merged into it
    /// by rank and then by their tiles' ids, as if they had been listed.
    fn next_move(&mut self, frame: &mut Frame) -> Result<Option<Pair>, Stop> {
        let lazy = match frame.lazy {
            Lazy::Start => self.next_lazy(None)?,
            Lazy::After(pair) => self.next_lazy(Some(pair))?,
            Lazy::Next(pair) => Some(pair),
            Lazy::Done => None,
        };
        frame.lazy = lazy.map_or(Lazy::Done, Lazy::Next);
        let listed = (frame.next < frame.end).then(|| self.moves[frame.next]);
        Ok(match (listed, lazy) {
            (Some((rank, listed)), Some(lazy))
                if (0, lazy.0, lazy.1) < (rank, listed.0, listed.1) =>
            {
                frame.lazy = Lazy::After(lazy);
                Some(lazy)
            }
            (Some((_, listed)), _) => {
                frame.next += 1;
                Some(listed)
            }
            (None, Some(lazy)) => {
                frame.lazy = Lazy::After(lazy);
                Some(lazy)
            }
            (None, None) => None,
        })
    }

    /// The first move of a many-copy kind (more than [`RANKED_COPIES`]
    /// copies left) after `after` in the order of [`Lazy`], not excluded
    /// and joined now; from the first when `after` is `None`.
    fn next_lazy(&mut self, after: Option<Pair>) -> Result<Option<Pair>, Stop> {
        let (mut a, mut from) = match after {
            Some(Pair(a, b)) => (a, self.copy_index[b as usize] as usize + 1),
            None => (0, usize::MAX),
        };
        while (a as usize) < self.kind_of.len() {
            let kind = self.kind_index[a as usize] as usize;
            if self.is_present(a) && self.kind_left[kind] as usize > RANKED_COPIES {
                if from == usize::MAX {
                    from = self.copy_index[a as usize] as usize + 1;
                }
                for c in from..self.kinds[kind].len() {
                    let b = self.kinds[kind][c];
                    if self.is_present(b)
                        && !(self.kind_excluded[kind] > 0 && self.is_excluded(a, b))
                        && self.joins(a, b)?
                    {
                        return Ok(Some(Pair(a, b)));
                    }
                }
            }
            a = self.next_present(a + 1);
            from = usize::MAX;
        }
        Ok(None)
    }

    /// One look over every kind: plays the forced moves it finds, or else
    /// gathers in `self.scored` every move possible now and not excluded,
    /// with its rank (see [`Search::scan_kind`]), but for the kinds of more
    /// than [`RANKED_COPIES`] copies left, whose moves are found one at a
    /// time (see [`Lazy`]; `self.many` says whether there are any).
    fn scan(&mut self) -> Result<Scan, Stop> {
        self.scored.clear();
        self.many = false;
        let mut forced = 0;
        let mut g = std::mem::take(&mut self.copies);
        for kind in 0..self.kinds.len() {
            let left = self.kind_left[kind] as usize;
            if left < 2 {
                continue;
            }
            // Such a kind has no forced moves, and its moves are found when
            // they are needed (see [`Lazy`]): its copies need not be gathered.
            if left > RANKED_COPIES {
                self.many = true;
                continue;
            }
            g.clear();
            g.extend(
                self.kinds[kind]
                    .iter()
                    .copied()
                    .filter(|&id| self.is_present(id)),
            );
            let found = self.scan_kind(kind, &g, forced > 0);
            let found = match found {
                Ok(found) => found,
                Err(stop) => {
                    self.copies = g;
                    return Err(stop);
                }
            };
            match found {
                Scan::Forced(n) => forced += n,
                // Report the forced moves played first: the next look
                // finds the loss again.
                Scan::Lost if forced > 0 => break,
                Scan::Lost => {
                    self.copies = g;
                    return Ok(Scan::Lost);
                }
                Scan::Moves => {}
            }
        }
        self.copies = g;
        Ok(if forced > 0 {
            Scan::Forced(forced)
        } else if self.scored.is_empty() && !self.many {
            Scan::Lost
        } else {
            Scan::Moves
        })
    }

    /// Looks at the copies `g` of one kind. When they sit at the ends of
    /// their lines (see [`Search::at_line_ends`]) and can all be joined in
    /// pairs now, one pair after the other, it plays them: that loses
    /// nothing, since other tiles keep their cells and only cells are freed,
    /// so any solution stays one with those pairs dropped from it (only
    /// kinds with two or four copies left are tried). Otherwise, unless
    /// `only_forced`, it adds the kind's moves to `self.scored`, the most
    /// promising first: moves that finish a kind, then moves whose kind's
    /// remaining copies lie close together. `Scan::Lost` when excluded pairs
    /// show the position is lost. [`Search::scan`] asks it of kinds of two
    /// to [`RANKED_COPIES`] copies left only.
    fn scan_kind(&mut self, kind: usize, g: &[Id], only_forced: bool) -> Result<Scan, Stop> {
        let n = g.len();
        debug_assert!((2..=RANKED_COPIES).contains(&n), "{n} copies");
        let any_out = self.kind_excluded[kind] > 0;
        let out = |s: &Self, i: usize, j: usize| any_out && s.is_excluded(g[i], g[j]);
        // With two or four copies left, excluding a pair rules out every
        // way to pair the copies that uses it.
        let mut dead = [false; 3];
        match n {
            2 if out(self, 0, 1) => return Ok(Scan::Lost),
            4 if any_out => {
                for (k, &[x, y, z, w]) in PAIRINGS.iter().enumerate() {
                    dead[k] = out(self, x, y) || out(self, z, w);
                }
                if dead == [true; 3] {
                    return Ok(Scan::Lost);
                }
            }
            _ => {}
        }
        // Which copies a line can leave: with the masks, a copy without an
        // empty neighbour joins only a copy next to it.
        let mut open = [true; RANKED_COPIES];
        if let Some(masks) = &self.masks {
            for (i, &id) in g.iter().enumerate() {
                open[i] = masks.has_empty_neighbour(self.point(self.cell_of[id as usize]));
            }
        }
        // Under gravity with an open border, a copy at the end of its line
        // has the ring or an empty cell after it.
        let may_end = self.config.gravity == Gravity::None
            || self.config.rules.border == Border::Closed
            || open[..n].iter().all(|&o| o);
        // The joins of the copies found so far (when there are at most four).
        let mut known: [Option<bool>; 6] = [None; 6];
        if (n == 2 || n == 4)
            && may_end
            && self.at_line_ends(g)
            && let Some(forced) = self.play_at_line_ends(g, dead, &mut known)?
        {
            return Ok(forced);
        }
        if only_forced {
            return Ok(Scan::Moves);
        }
        for i in 0..n {
            for j in i + 1..n {
                let ruled_out = out(self, i, j)
                    || (n == 4
                        && any_out
                        && PAIRINGS.iter().zip(dead).any(|(&[x, y, z, w], dead)| {
                            dead && ((x, y) == (i, j) || (z, w) == (i, j))
                        }));
                if ruled_out || !(open[i] && open[j] || self.touch(g[i], g[j])) {
                    continue;
                }
                let joined = match known.get(pair_slot(i, j)).copied().flatten() {
                    Some(joined) => joined,
                    None => self.joins(g[i], g[j])?,
                };
                if !joined {
                    continue;
                }
                // A round that takes the moves by ids ranks them all 0 (see
                // [`Search::enter`]): no need to measure the spread.
                let score = if self.ranked() {
                    spread(
                        g.iter()
                            .enumerate()
                            .filter(|&(k, _)| k != i && k != j)
                            .map(|(_, &id)| self.point(self.cell_of[id as usize])),
                    )
                } else {
                    0
                };
                self.scored.push((score, Pair::new(g[i], g[j])));
            }
        }
        Ok(Scan::Moves)
    }

    /// Plays the two or four copies `g` of a kind, all at the ends of their
    /// lines (so taking them slides nothing else), when they can go now:
    /// the last two if they join, four if some pairing not ruled out
    /// (`dead`) joins one pair and then the other. Such moves are never
    /// wrong. Notes in `known` the joins it asked (see [`pair_slot`]).
    fn play_at_line_ends(
        &mut self,
        g: &[Id],
        dead: [bool; 3],
        known: &mut [Option<bool>; 6],
    ) -> Result<Option<Scan>, Stop> {
        if let [a, b] = *g {
            let joined = self.joins(a, b)?;
            known[0] = Some(joined);
            if joined {
                self.play(Pair::new(a, b));
                return Ok(Some(Scan::Forced(1)));
            }
            return Ok(None);
        }
        for (k, &[x, y, z, w]) in PAIRINGS.iter().enumerate() {
            if dead[k] {
                continue;
            }
            let joined = self.joins(g[x], g[y])?;
            known[pair_slot(x, y)] = Some(joined);
            if !joined {
                continue;
            }
            // Taking the first pair may slide the other two.
            self.play(Pair::new(g[x], g[y]));
            if self.joins(g[z], g[w])? {
                self.play(Pair::new(g[z], g[w]));
                return Ok(Some(Scan::Forced(2)));
            }
            self.undo();
        }
        Ok(None)
    }

    /// Whether the tiles `a` and `b` stand next to each other.
    fn touch(&self, a: Id, b: Id) -> bool {
        let (p, q) = (
            self.point(self.cell_of[a as usize]),
            self.point(self.cell_of[b as usize]),
        );
        p.row.abs_diff(q.row) + p.col.abs_diff(q.col) == 1
    }

    /// Whether the tiles `a` and `b` can be joined now; looks at the clock now
    /// and then. Path queries are counted beyond the masks' quick answers.
    fn joins(&mut self, a: Id, b: Id) -> Result<bool, Stop> {
        let (p, q) = (
            self.point(self.cell_of[a as usize]),
            self.point(self.cell_of[b as usize]),
        );
        self.tick()?;
        if let Some(known) = self.masks.as_ref().and_then(|masks| masks.quick(p, q)) {
            return Ok(known);
        }
        let monotone = self.config.gravity == Gravity::None;
        let pair = if monotone { self.pair_index(a, b) } else { 0 };
        if monotone && self.joined_at.get(pair) != u32::MAX {
            return Ok(true);
        }
        self.stats.path_queries += 1;
        let joined = match (&self.masks, &self.board) {
            (Some(masks), _) => masks.connects_apart(p, q, self.config.rules.max_turns),
            (None, Some(board)) => {
                self.ticks = self.ticks.saturating_add(self.board_query_ticks);
                connects(board, p, q, self.config.rules)
            }
            (None, None) => unreachable!("the board is kept when there are no masks"),
        };
        if monotone && joined {
            self.joined_at.set(pair, self.played.len() as u32);
            self.joined.push(pair);
        }
        Ok(joined)
    }

    /// Counts a unit of work and looks at the clock now and then; stops
    /// at once when the other search of the solve has answered (a step on
    /// a big board takes long enough for the first to wait on it).
    fn tick(&mut self) -> Result<(), Stop> {
        if self.answered.0.load(Ordering::Relaxed) {
            return Err(Stop::OutOfTime);
        }
        self.ticks += 1;
        if self.ticks >= CLOCK_EVERY {
            self.ticks = 0;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stop::OutOfTime);
            }
        }
        Ok(())
    }

    /// Whether this round ranks the moves (see [`Search::enter`]).
    fn ranked(&self) -> bool {
        self.round % 2 == self.ranked_rounds
    }

    fn point(&self, cell: Cell) -> Point {
        self.points[cell as usize]
    }

    fn is_excluded(&self, a: Id, b: Id) -> bool {
        self.excluded_count.get(self.pair_index(a, b)) > 0
    }

    /// The place of the pair of tiles `a` and `b` (of one kind) in the
    /// per-pair lists.
    fn pair_index(&self, a: Id, b: Id) -> usize {
        let (i, j) = (self.copy_index[a as usize], self.copy_index[b as usize]);
        let (first, later) = if i < j { (a, j) } else { (b, i) };
        self.pair_row[first as usize].wrapping_add(later as usize)
    }

    /// Drops the latest exclusion.
    fn unexclude(&mut self) {
        let (pair, kind) = self.excluded.pop().expect("an exclusion to drop");
        self.excluded_count
            .set(pair, self.excluded_count.get(pair) - 1);
        self.kind_excluded[kind as usize] -= 1;
    }

    fn is_present(&self, id: Id) -> bool {
        self.present[id as usize / 64] & (1 << (id % 64)) != 0
    }

    /// The first tile still on the board from `id` on, in the order of ids,
    /// or the number of tiles when none is: the words of `present` without
    /// a tile are passed 64 at a time through `occupied`, so a search deep
    /// into a big board does not test every tile taken off before it.
    fn next_present(&self, id: Id) -> Id {
        let word = id as usize / 64;
        let in_word = self.present.get(word..=word).unwrap_or_default();
        let found = first_set(in_word, id as usize % 64)
            .map(|bit| word * 64 + bit)
            .or_else(|| {
                first_set(&self.occupied, word + 1)
                    .map(|w| w * 64 + self.present[w].trailing_zeros() as usize)
            });
        found.unwrap_or(self.kind_of.len()) as Id
    }

    /// Whether every tile after each of `ids` along its line, away from where
    /// tiles pack, is one of `ids`: removing them then slides nothing, and
    /// no other tile's place depends on them. Always so without gravity;
    /// never on a starting board that has not settled.
    fn at_line_ends(&self, ids: &[Id]) -> bool {
        if self.unsettled && self.played.is_empty() {
            return false;
        }
        ids.iter().all(|&id| {
            let mut cell = self.next_cell[self.cell_of[id as usize] as usize];
            while cell != NO_CELL {
                let other = self.id_at[cell as usize];
                if other == NO_TILE {
                    break;
                }
                if !ids.contains(&other) {
                    return false;
                }
                cell = self.next_cell[cell as usize];
            }
            true
        })
    }

    /// Whether playing `pair` leads to a position already proved lost.
    fn lost_after(&mut self, pair: Pair) -> bool {
        if self.key_lines.is_empty() {
            self.flip(pair);
            let lost = self.lost.contains(self.hash, &self.key);
            self.flip(pair);
            return lost;
        }
        let lines = self.lines_of(pair);
        let before = lines.map(|l| l.map(|(l, _)| self.key_lines[l].marks));
        for (l, places) in lines.into_iter().flatten() {
            let line = &self.key_lines[l];
            let marks = line.marks_for(line.present & !places);
            self.write_marks(l, marks);
        }
        let lost = self.lost.contains(self.hash, &self.key);
        for (l, marks) in lines
            .into_iter()
            .flatten()
            .zip(before.into_iter().flatten())
        {
            self.write_marks(l.0, marks);
        }
        lost
    }

    /// The key lines of the two tiles of `pair`, each once, with the places
    /// the pair takes in them.
    fn lines_of(&self, Pair(a, b): Pair) -> [Option<(usize, u64)>; 2] {
        let ((la, pa), (lb, pb)) = (self.tile_line[a as usize], self.tile_line[b as usize]);
        if la == lb {
            [Some((la as usize, 1 << pa | 1 << pb)), None]
        } else {
            [Some((la as usize, 1 << pa)), Some((lb as usize, 1 << pb))]
        }
    }

    /// Sets the marks of key line `l`, keeping the key and its hash in step.
    fn write_marks(&mut self, l: usize, marks: u64) {
        let line = &mut self.key_lines[l];
        let mut changed = line.marks ^ marks;
        line.marks = marks;
        let offset = line.offset;
        while changed != 0 {
            let bit = offset + changed.trailing_zeros();
            changed &= changed - 1;
            self.key[bit as usize / 64] ^= 1 << (bit % 64);
            self.hash ^= tile_key(bit);
        }
    }

    /// Takes the two tiles of `pair` off the position, or puts them back,
    /// and updates its key. The board itself is left to the caller.
    fn flip(&mut self, pair: Pair) {
        for id in [pair.0, pair.1] {
            let word = id as usize / 64;
            self.present[word] ^= 1 << (id % 64);
            let bit = 1 << (word % 64);
            if self.present[word] == 0 {
                self.occupied[word / 64] &= !bit;
            } else {
                self.occupied[word / 64] |= bit;
            }
            let present = self.is_present(id);
            let left = &mut self.kind_left[self.kind_index[id as usize] as usize];
            *left = if present { *left + 1 } else { *left - 1 };
            if self.key_lines.is_empty() {
                self.key[id as usize / 64] ^= 1 << (id % 64);
                self.hash ^= tile_key(id);
            }
        }
        for (l, places) in self.lines_of(pair).into_iter().flatten() {
            if let Some(line) = self.key_lines.get_mut(l) {
                line.present ^= places;
                let marks = line.marks_for(line.present);
                self.write_marks(l, marks);
            }
        }
    }

    /// Puts tile `id` (or no tile) in `cell`, keeping the masks or the board
    /// in step.
    fn put(&mut self, cell: Cell, id: Id) {
        self.id_at[cell as usize] = id;
        let p = self.point(cell);
        if let Some(masks) = &mut self.masks {
            masks.set_empty(p, id == NO_TILE);
        }
        if let Some(board) = &mut self.board {
            board.set(
                p,
                if id == NO_TILE {
                    EMPTY
                } else {
                    self.kind_of[id as usize]
                },
            );
        }
        if id != NO_TILE {
            self.cell_of[id as usize] = cell;
        }
    }

    /// Packs line `line` towards its start, recording the slides.
    fn pack(&mut self, line: usize) {
        let mut write = 0;
        for read in 0..self.lines[line].len() {
            let from = self.lines[line][read];
            let id = self.id_at[from as usize];
            if id == NO_TILE {
                continue;
            }
            if read != write {
                let to = self.lines[line][write];
                self.put(from, NO_TILE);
                self.put(to, id);
                self.slides.push((from, to));
            }
            write += 1;
        }
    }

    fn play(&mut self, pair: Pair) {
        let at = (self.cell_of[pair.0 as usize], self.cell_of[pair.1 as usize]);
        self.flip(pair);
        self.put(at.0, NO_TILE);
        self.put(at.1, NO_TILE);
        let first = self.slides.len();
        if self.unsettled && self.played.is_empty() {
            for line in 0..self.lines.len() {
                self.pack(line);
            }
        } else if !self.lines.is_empty() {
            let (first_line, second_line) =
                (self.line_of[at.0 as usize], self.line_of[at.1 as usize]);
            self.pack(first_line as usize);
            if second_line != first_line {
                self.pack(second_line as usize);
            }
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
            let index = self.pair_index(pair.0, pair.1);
            let kind = self.kind_index[pair.0 as usize];
            self.excluded.push((index, kind));
            self.excluded_count
                .set(index, self.excluded_count.get(index) + 1);
            self.kind_excluded[kind as usize] += 1;
        }
    }

    fn undo(&mut self) {
        let Played { pair, at, slides } = self.played.pop().expect("a move to undo");
        while self.slides.len() > slides {
            let (from, to) = self.slides.pop().expect("counted");
            let id = self.id_at[to as usize];
            self.put(to, NO_TILE);
            self.put(from, id);
        }
        self.put(at.0, pair.0);
        self.put(at.1, pair.1);
        self.flip(pair);
        self.tiles += 2;
        let depth = self.played.len() as u32;
        while let Some(&found) = self.joined.last() {
            if self.joined_at.get(found) <= depth {
                break;
            }
            self.joined_at.set(found, u32::MAX);
            self.joined.pop();
        }
    }

    /// Remembers the current position as lost.
    fn remember(&mut self) {
        self.lost.insert(self.hash, &self.key);
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

    /// A search of `b` under `c` with a memory of its own, to look at its
    /// steps.
    fn search_of<'a>(b: &Board, c: &'a SolveConfig) -> Search<'a> {
        let memory = SharedMemory::new(b.tile_count().div_ceil(64), MEMORY_BUDGET);
        let answered = Answered::default();
        Search::new(
            b,
            c,
            Box::leak(Box::new(memory)),
            Box::leak(Box::new(answered)),
        )
    }

    fn solved(b: &Board, config: &SolveConfig) -> Vec<Move> {
        let Outcome::Solved(moves) = solve(b, config) else {
            panic!("not solved: {b:?}");
        };
        let left = replay(b, &moves, config.rules, config.gravity).unwrap();
        assert_eq!(left.tile_count(), 0);
        moves
    }

    /// Boards that the first round does not decide, so that a second search
    /// joins the first (on a machine of more than one core): the two answer
    /// as one search does, and a solution, whichever found it, clears the
    /// board.
    #[test]
    fn two_searches_answer_as_one() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let cases = [
            (8, 8, 16, Gravity::Down, 161, false),
            (8, 8, 16, Gravity::None, 246, false),
            (8, 8, 16, Gravity::Up, 625, false),
            (6, 8, 12, Gravity::Left, 705, false),
            (6, 6, 9, Gravity::CenterH, 289, true),
            (6, 6, 9, Gravity::Right, 228, true),
        ];
        for (rows, cols, kinds, gravity, seed, winnable) in cases {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut tiles: Vec<Tile> = (0..rows * cols)
                .map(|i| 1 + (i as Tile / 2) % kinds)
                .collect();
            tiles.shuffle(&mut rng);
            let b = Board::from_tiles(rows, cols, tiles).unwrap();
            let c = config(Border::Open, gravity);
            let (alone, one) = search_of(&b, &c).run();
            assert!(
                one.rounds > 1,
                "{gravity:?} {seed}: decided in the first round"
            );
            let (both, stats) = solve_counted(&b, &c);
            assert!(stats.rounds > 1);
            match (alone, both) {
                (Outcome::NoSolution, Outcome::NoSolution) => assert!(!winnable),
                (Outcome::Solved(_), Outcome::Solved(moves)) => {
                    assert!(winnable);
                    let left = replay(&b, &moves, c.rules, gravity).unwrap();
                    assert_eq!(left.tile_count(), 0, "{gravity:?} {seed}");
                }
                (alone, both) => panic!("{gravity:?} {seed}: alone {alone:?}, both {both:?}"),
            }
        }
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
        // The hint still offers the one legal move, and says the board is
        // lost.
        assert_eq!(
            hint(&b, &c),
            Hint {
                mv: Some(Move {
                    a: Point::new(0, 4),
                    b: Point::new(0, 5)
                }),
                lost: true,
            }
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
        assert_eq!(
            hint(&b, &c),
            Hint {
                mv: Some(moves[0]),
                lost: false
            }
        );
    }

    #[test]
    fn empty_board_is_won_and_deadlock_has_no_hint() {
        let c = config(Border::Closed, Gravity::None);
        assert_eq!(solve(&board(&["..", ".."]), &c), Outcome::Solved(vec![]));
        let stuck = board(&["AB", "BA"]);
        assert!(available_moves(&stuck, c.rules).is_empty());
        assert_eq!(hint(&stuck, &c).mv, None);
        assert_eq!(is_winnable(&stuck, &c), Some(false));
    }

    #[test]
    fn a_position_tries_every_move_of_a_kind_of_many_copies_once() {
        // Fourteen A (found one at a time) and eight B (listed, ranked): the
        // position's moves, asked for one by one with each played and taken
        // back in between as the search does, are every pair that joins,
        // each once: the A by their ids, merged with the B by rank and then
        // ids. In the second round every rank is 0, so the two kinds' moves
        // interleave by ids alone.
        let b = board(&["AABABA", "BAA.BA", "AB.ABA", "AAABBA"]);
        for gravity in [Gravity::None, Gravity::Down, Gravity::CenterH] {
            for round in [1, 2] {
                let c = config(Border::Open, gravity);
                let mut search = search_of(&b, &c);
                search.round = round;
                let Ok(Entered::Open(mut frame)) = search.enter() else {
                    panic!("{gravity:?}: the position is open");
                };
                assert_eq!(search.played.len(), 0, "no forced moves");
                let mut tried = Vec::new();
                while let Some(pair) = search
                    .next_move(&mut frame)
                    .unwrap_or_else(|_| panic!("out of time"))
                {
                    search.play(pair);
                    search.undo();
                    tried.push(pair);
                }
                let at = |id: Id| search.point(search.cell_of[id as usize]);
                let mut found: Vec<(Point, Point)> = tried
                    .iter()
                    .map(|&Pair(x, y)| (at(x).min(at(y)), at(x).max(at(y))))
                    .collect();
                let mut expected: Vec<(Point, Point)> = available_moves(&b, c.rules)
                    .into_iter()
                    .map(|m| (m.a.min(m.b), m.a.max(m.b)))
                    .collect();
                found.sort_unstable();
                expected.sort_unstable();
                assert_eq!(found, expected, "{gravity:?}, round {round}");
                assert!(expected.len() > 20, "{gravity:?}: {}", expected.len());
                let by_ids = |moves: &[Pair]| {
                    moves
                        .windows(2)
                        .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1))
                };
                let a = search.kind_of[0];
                let a_moves: Vec<Pair> = tried
                    .iter()
                    .copied()
                    .filter(|&Pair(x, _)| search.kind_of[x as usize] == a)
                    .collect();
                assert!(by_ids(&a_moves), "{gravity:?}, round {round}");
                if round == 2 {
                    assert!(by_ids(&tried), "{gravity:?}: {tried:?}");
                }
            }
        }
    }

    #[test]
    fn tile_ids_run_from_where_nothing_slides_layer_by_layer() {
        let (rows, cols) = (5, 6);
        let tiles: Vec<u32> = (0..rows * cols).map(|i| 1 + i as u32 % 7).collect();
        let mut board = Board::from_tiles(rows, cols, tiles).unwrap();
        board.set(Point::new(4, 3), EMPTY);
        for gravity in Gravity::LEVELS {
            let mut left = board.clone();
            settle(&mut left, gravity);
            let ids = TileIds::of(&left, gravity);
            let points: Vec<Point> = left.points().collect();
            let depth = |cell: Cell| gravity.depth(rows, cols, points[cell as usize]);
            // Layer by layer: the farthest from where tiles pack first.
            for w in ids.cell_of.windows(2) {
                assert!(depth(w[0]) >= depth(w[1]), "{gravity:?}: {w:?}");
            }
            // So taking the tiles away in that order never slides one.
            for &cell in &ids.cell_of {
                let p = points[cell as usize];
                left.set(p, EMPTY);
                assert!(settle(&mut left, gravity).is_empty(), "{gravity:?}: {p:?}");
            }
        }
    }

    #[test]
    fn boards_left_alike_share_one_key() {
        // Under gravity down, taking the top A or the A below it with the A
        // of the other column leaves the same board; taking the two A of
        // the first column leaves another.
        let b = board(&["AB", "AB", "CA"]);
        let c = config(Border::Open, Gravity::Down);
        let mut search = search_of(&b, &c);
        // Remembers the position after `pair` as lost; returns its key and
        // whether it was remembered already.
        let mut remember_after = |pair: Pair| {
            let known = search.lost_after(pair);
            search.play(pair);
            let key = (search.key.clone(), search.hash);
            search.remember();
            search.undo();
            assert!(search.lost_after(pair), "the memory finds what it was told");
            (key, known)
        };
        // Ids go in row-major order: A at 0 and 2, the other A at 5.
        let (top, _) = remember_after(Pair::new(0, 5));
        let (below, known) = remember_after(Pair::new(2, 5));
        assert_eq!(top, below);
        assert!(known, "the same board is one position");
        let (column, known) = remember_after(Pair::new(0, 2));
        assert_ne!(top.0, column.0);
        assert!(!known);
        // The board after either is the same, and after the third differs.
        let mut boards = [(0, 5), (2, 5), (0, 2)].map(|_| b.clone());
        let cells = [(0, 0), (1, 0), (2, 1)].map(|(r, c)| Point::new(r, c));
        remove_pair(&mut boards[0], cells[0], cells[2], Gravity::Down);
        remove_pair(&mut boards[1], cells[1], cells[2], Gravity::Down);
        remove_pair(&mut boards[2], cells[0], cells[1], Gravity::Down);
        assert_eq!(boards[0], boards[1]);
        assert_ne!(boards[0], boards[2]);
    }

    #[test]
    fn a_pair_at_the_line_ends_is_forced_under_gravity() {
        // The two C sit on top of their columns and join over the top: the
        // search plays them without branching. The B under them do not sit
        // at the ends of their columns.
        let b = board(&["C..C", "BAAB", "ABBA"]);
        let c = config(Border::Open, Gravity::Down);
        let mut search = search_of(&b, &c);
        // Ids go in row-major order: the C are 0 and 1, the upper B 2 and 5.
        assert!(search.at_line_ends(&[0, 1]));
        assert!(!search.at_line_ends(&[2, 5]));
        let Ok(Scan::Forced(1)) = search.scan() else {
            panic!("the C were not played at once");
        };
        assert_eq!(search.tiles, 8);
        assert_eq!(solved(&b, &c).len(), 5);
    }

    #[test]
    fn kinds_of_thousands_of_copies_get_no_list_per_pair() {
        // 200 x 200 tiles of two kinds, one kind per column: 20 000 copies
        // each, far more pairs than the search keeps a list for (a list
        // would take gigabytes). The board can be cleared column by column,
        // so the only wrong answer is "no solution".
        let tiles = (0..40_000).map(|i| 1 + i % 2).collect();
        let b = Board::from_tiles(200, 200, tiles).unwrap();
        for gravity in [Gravity::None, Gravity::Down] {
            let mut c = config(Border::Open, gravity);
            c.budget = Duration::from_millis(20);
            match solve(&b, &c) {
                Outcome::NoSolution => panic!("a clearable board called lost ({gravity:?})"),
                Outcome::Solved(moves) => {
                    let left = replay(&b, &moves, c.rules, gravity).unwrap();
                    assert_eq!(left.tile_count(), 0);
                }
                Outcome::Unknown => {}
            }
        }
    }

    #[test]
    fn a_big_dealt_board_is_won_in_the_first_round() {
        // 600 tiles, so a solution enters 300 positions: rounds of 256
        // were abandoned before any could win.
        let rules = Rules::CLASSIC;
        for gravity in [Gravity::None, Gravity::Down] {
            let dealt = crate::solve::deal::deal_seeded(20, 30, 36, rules, gravity, 7).unwrap();
            let config = SolveConfig {
                rules,
                gravity,
                budget: Duration::from_secs(60),
            };
            let (outcome, stats) = solve_counted(&dealt.board, &config);
            let Outcome::Solved(moves) = outcome else {
                panic!("{gravity:?}: not solved");
            };
            let left = replay(&dealt.board, &moves, rules, gravity).unwrap();
            assert_eq!(left.tile_count(), 0);
            assert_eq!(stats.rounds, 1, "{gravity:?}: {stats:?}");
        }
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

    /// A join the engine answers on a big board may search all of it: the
    /// clock is looked at after a few such joins, not after 512. Found by a
    /// hostile run: `solve --budget-ms 200 --max-turns 3` on a 1000 x 1000
    /// board of a tile at each end of every row took 4.5 s (26 s on 2000 x
    /// 2000 with a 1 s budget), all of it before the first look.
    #[test]
    fn joins_on_a_big_board_look_at_the_clock_often() {
        let row = format!("A{}A", ".".repeat(126));
        let b = board(&vec![row.as_str(); 128]);
        let mut c = config(Border::Open, Gravity::None);
        // More turns than the masks answer: every join goes to the engine.
        c.rules.max_turns = EmptyMasks::MAX_TURNS + 1;
        c.budget = Duration::ZERO;
        let (outcome, stats) = solve_counted(&b, &c);
        assert_eq!(outcome, Outcome::Unknown);
        assert!(stats.path_queries < 64, "{} joins", stats.path_queries);
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
