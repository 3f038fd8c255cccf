//! Winnable deals and reshuffles, each with the moves that win it as proof.
//!
//! Both play a game forward on tiles that have no kind yet: pick two tiles that
//! can be joined under the rules, remove them, let the rest slide under the
//! gravity in play, and go on until the board is empty. Only then do the kinds
//! get handed out, the same kind to both tiles of each removed pair. Joining
//! and sliding depend only on which cells are occupied, never on kinds, so the
//! moves played are a winning sequence for the board that results, for every
//! gravity variant. Partners are drawn at random among the tiles that can be
//! joined, avoiding tiles next to each other where possible, so the deal is as
//! mixed as a uniform shuffle.

use std::cell::OnceCell;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};

use crate::core::engine::{Rules, connects, tiles_joined_to};
use crate::core::gravity::{Gravity, remove_pair, remove_pair_settled};
use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::solve::solver::Move;

/// The symbols of kinds 1 to 62 in the grid format, in order: letters, then
/// digits. Deals number their kinds from 1, as the game does; the `deal`
/// command prints them with these symbols.
pub const KIND_SYMBOLS: &[u8; 62] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Why a deal cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealError {
    /// Rows or columns is zero, or the board has more than [`MAX_DEAL_CELLS`].
    BadSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The board has an odd number of cells, so it cannot be filled with pairs.
    OddCells(usize),
    /// Zero kinds, more kinds than pairs, or more than [`KIND_SYMBOLS`] holds.
    BadKinds {
        /// Kinds asked for.
        kinds: usize,
        /// The most this board allows.
        max: usize,
    },
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealError::BadSize { rows, cols } => write!(
                f,
                "a deal of {rows} x {cols} is not allowed (each side at least 1, at most {} cells)",
                MAX_DEAL_CELLS
            ),
            DealError::OddCells(n) => write!(f, "{n} cells cannot be filled with pairs"),
            DealError::BadKinds { kinds, max } => {
                write!(f, "{kinds} kinds asked for; this board takes 1 to {max}")
            }
        }
    }
}

impl std::error::Error for DealError {}

/// A winnable board and the moves that clear it, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dealt {
    /// The board to play.
    pub board: Board,
    /// A winning sequence of moves for `board` under the rules and gravity given.
    pub solution: Vec<Move>,
}

/// The most cells a deal may have: far beyond any game's board, and small
/// enough that a deal takes a fraction of a second (0.2 s at 100 x 100; 1.4 s
/// with no turns allowed, where forward play tries and fails before the
/// domino deal).
pub const MAX_DEAL_CELLS: usize = 10_000;

/// How many times a deal starts over after a dead end before giving up.
const ATTEMPTS: usize = 200;

/// With no turns allowed forward play rarely fills a large board, so it
/// starts over only this often before the domino deal takes over.
const STRAIGHT_ATTEMPTS: usize = 8;

/// Up to this many tiles left, each step of a deal looks at every pair
/// (this dealer's and the difficulty dealer's forward games alike).
pub(super) const EXHAUSTIVE_TILES: usize = 256;

/// Beyond that, each step tries this many tiles (once it has a fallback)...
const SAMPLED_TILES: usize = 32;

/// ...each against its neighbours and this many tiles drawn at random.
const SAMPLED_PARTNERS: usize = 48;

/// The board of `shape` with each tile named by its starting cell's index
/// plus one: a forward game plays on it, and a tile keeps its name as it
/// slides, so the kind handed to a pair lands on the cells it started from.
pub(super) fn named_by_start(shape: &Board) -> Option<Board> {
    let names = shape
        .tiles()
        .iter()
        .enumerate()
        .map(|(i, &t)| if t == EMPTY { EMPTY } else { i as Tile + 1 })
        .collect();
    Board::from_tiles(shape.rows(), shape.cols(), names).ok()
}

/// The tiles left on a forward game's board in a list, so that a step on a
/// big board draws one at random at once: drawing from the board's cells
/// (or listing them every step) made a deal of 100 x 100 take seconds. Kept
/// in step with the board through [`Tiles::remove_pair`].
pub(super) struct Tiles {
    /// Every tile's cell, in no order.
    list: Vec<Point>,
    /// Where each cell (row-major) is in `list`; `usize::MAX` when empty.
    at: Vec<usize>,
    cols: usize,
}

impl Tiles {
    /// The tiles of `board`.
    pub(super) fn of(board: &Board) -> Self {
        let cols = board.cols();
        let mut tiles = Tiles {
            list: Vec::with_capacity(board.rows() * cols),
            at: vec![usize::MAX; board.rows() * cols],
            cols,
        };
        for p in board.tile_points() {
            tiles.insert(p);
        }
        tiles
    }

    /// How many tiles are left.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    /// A tile drawn at random; `None` when none is left.
    fn random<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        let n = self.list.len();
        (n > 0).then(|| self.list[rng.random_range(0..n)])
    }

    fn index(&self, p: Point) -> usize {
        p.row as usize * self.cols + p.col as usize
    }

    fn insert(&mut self, p: Point) {
        let i = self.index(p);
        self.at[i] = self.list.len();
        self.list.push(p);
    }

    fn remove(&mut self, p: Point) {
        let i = self.index(p);
        let k = std::mem::replace(&mut self.at[i], usize::MAX);
        self.list.swap_remove(k);
        if let Some(&moved) = self.list.get(k) {
            let j = self.index(moved);
            self.at[j] = k;
        }
    }

    /// Removes the pair at `a` and `b` from `sim` under `gravity` and
    /// follows the tiles that slide. The first removal of a forward game
    /// settles the whole board (a shape handed in may not be settled);
    /// after it only the lines through the pair move.
    pub(super) fn remove_pair(
        &mut self,
        sim: &mut Board,
        a: Point,
        b: Point,
        gravity: Gravity,
        first: bool,
    ) {
        let slides = if first {
            remove_pair(sim, a, b, gravity)
        } else {
            remove_pair_settled(sim, a, b, gravity)
        };
        // Every cell left goes, then every cell arrived at comes: a tile may
        // slide into a cell another one left.
        for p in [a, b].into_iter().chain(slides.iter().map(|s| s.from)) {
            self.remove(p);
        }
        for slide in &slides {
            self.insert(slide.to);
        }
    }
}

/// The tiles a step of a forward game tries first: on a small board (at
/// most [`EXHAUSTIVE_TILES`] tiles) every tile, shuffled; on a big one
/// `sample` tiles drawn at random, so that a step costs its sample and not a
/// pass over the whole board. A step that finds no pair among the sample
/// goes on with [`every_tile`].
pub(super) fn tiles_to_try<R: Rng + ?Sized>(
    sim: &Board,
    tiles: &Tiles,
    sample: usize,
    rng: &mut R,
) -> Vec<Point> {
    if tiles.len() <= EXHAUSTIVE_TILES {
        every_tile(sim, rng)
    } else {
        (0..sample).filter_map(|_| tiles.random(rng)).collect()
    }
}

/// Every tile on `sim` in reading order, shuffled: what a step tries when a
/// sample found nothing, and every step on a small board.
pub(super) fn every_tile<R: Rng + ?Sized>(sim: &Board, rng: &mut R) -> Vec<Point> {
    let mut all: Vec<Point> = sim.tile_points().collect();
    all.shuffle(rng);
    all
}

/// The tiles a step of a forward game tries as partners of `p`: on a small
/// board all of them (`tried`, from [`tiles_to_try`], holds them all then);
/// on a big one [`SAMPLED_PARTNERS`] drawn at random from `tiles` and `p`'s
/// neighbours, so a step stays cheap.
pub(super) fn partners<R: Rng + ?Sized>(
    sim: &Board,
    tried: &[Point],
    tiles: &Tiles,
    p: Point,
    rng: &mut R,
) -> Vec<Point> {
    if tiles.len() <= EXHAUSTIVE_TILES {
        return tried.to_vec();
    }
    let neighbours =
        [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|(dr, dc)| Point::new(p.row + dr, p.col + dc));
    (0..SAMPLED_PARTNERS)
        .filter_map(|_| tiles.random(rng))
        .chain(neighbours.into_iter().filter(|&q| !sim.is_empty_at(q)))
        .collect()
}

/// Whether a tile can be joined to `p` on `sim`, for the partners a step of
/// a forward game tries. Each partner is first checked with at most two
/// turns on its own, in O(rows + cols); beyond two turns, where a path query
/// searches the board, a partner that needs more turns is answered by one
/// search from `p` for every partner ([`tiles_joined_to`]), made the first
/// time one needs it: where every partner joins within two turns (a board
/// of one row or column with an open border) no search is made.
pub(super) fn joins_to(sim: &Board, p: Point, rules: Rules) -> impl Fn(Point) -> bool + '_ {
    let two = Rules {
        max_turns: rules.max_turns.min(2),
        ..rules
    };
    let reach = OnceCell::new();
    move |q| {
        connects(sim, p, q, two)
            || (rules.max_turns > 2
                && reach
                    .get_or_init(|| tiles_joined_to(sim, p, rules))
                    .binary_search(&q)
                    .is_ok())
    }
}

/// The kinds of a full board, as one entry per pair: kinds `1..=kinds` spread
/// as evenly as possible over `rows * cols / 2` pairs. Checks the combination.
pub fn pair_kinds(rows: usize, cols: usize, kinds: usize) -> Result<Vec<Tile>, DealError> {
    let pairs = check_deal(rows, cols, kinds)?;
    Ok((0..pairs).map(|i| (i % kinds) as Tile + 1).collect())
}

/// The pairs of a full `rows` x `cols` board, if a deal of it with `kinds`
/// kinds is allowed: the dealer's own check, for callers that must refuse a
/// combination before they deal it (or change anything on its behalf).
pub fn check_deal(rows: usize, cols: usize, kinds: usize) -> Result<usize, DealError> {
    let cells = rows
        .checked_mul(cols)
        .filter(|&n| rows > 0 && cols > 0 && n <= MAX_DEAL_CELLS)
        .ok_or(DealError::BadSize { rows, cols })?;
    if cells % 2 != 0 {
        return Err(DealError::OddCells(cells));
    }
    let pairs = cells / 2;
    let max = pairs.min(KIND_SYMBOLS.len());
    if kinds == 0 || kinds > max {
        return Err(DealError::BadKinds { kinds, max });
    }
    Ok(pairs)
}

/// Deals a full `rows` x `cols` board of kinds `1..=kinds` that can be cleared
/// under `rules` and `gravity`, with the winning moves. For the game's new
/// levels; `rng` decides everything, so a seeded generator replays the deal.
pub fn deal_winnable<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    kinds: usize,
    rules: Rules,
    gravity: Gravity,
    rng: &mut R,
) -> Result<Dealt, DealError> {
    let mut pairs = pair_kinds(rows, cols, kinds)?;
    let full = Board::from_tiles(rows, cols, vec![1; rows * cols])
        .map_err(|_| DealError::BadSize { rows, cols })?;
    let attempts = if rules.max_turns == 0 {
        STRAIGHT_ATTEMPTS
    } else {
        ATTEMPTS
    };
    if let Some(dealt) = arrange(&full, &mut pairs, attempts, rules, gravity, rng) {
        return Ok(dealt);
    }
    Ok(dominoes(rows, cols, &pairs, gravity, rng))
}

/// A full board any rules can clear: the pairs lie as dominoes, two cells
/// side by side (in 2 x 2 blocks turned at random where they fit), and are
/// removed from the deepest (see [`Gravity::depth`]) up, so nothing ever
/// slides and each pair stays side by side until its turn: a straight line
/// of no turns joins it. For the boards forward play does not fill, such as
/// large ones with no turns allowed.
fn dominoes<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    pairs: &[Tile],
    gravity: Gravity,
    rng: &mut R,
) -> Dealt {
    let cell = |r: usize, c: usize| Point::new(r as i32, c as i32);
    let (even_rows, even_cols) = (rows - rows % 2, cols - cols % 2);
    let mut moves = Vec::with_capacity(pairs.len());
    for r in (0..even_rows).step_by(2) {
        for c in (0..even_cols).step_by(2) {
            let [a, b, d, e] = [
                cell(r, c),
                cell(r, c + 1),
                cell(r + 1, c),
                cell(r + 1, c + 1),
            ];
            if rng.random() {
                moves.extend([Move { a, b }, Move { a: d, b: e }]);
            } else {
                moves.extend([Move { a, b: d }, Move { a: b, b: e }]);
            }
        }
    }
    // An odd side leaves one row (or column) over, itself of even length.
    for c in (0..cols).step_by(2).filter(|_| rows % 2 == 1) {
        moves.push(Move {
            a: cell(rows - 1, c),
            b: cell(rows - 1, c + 1),
        });
    }
    for r in (0..rows).step_by(2).filter(|_| cols % 2 == 1) {
        moves.push(Move {
            a: cell(r, cols - 1),
            b: cell(r + 1, cols - 1),
        });
    }
    moves.shuffle(rng);
    let depth = |m: &Move| {
        [m.a, m.b]
            .map(|p| gravity.depth(rows, cols, p))
            .into_iter()
            .max()
    };
    moves.sort_by_key(|m| std::cmp::Reverse(depth(m)));
    let mut kinds = vec![EMPTY; rows * cols];
    for (m, &kind) in moves.iter().zip(pairs) {
        for p in [m.a, m.b] {
            kinds[p.row as usize * cols + p.col as usize] = kind;
        }
    }
    let board = Board::from_tiles(rows, cols, kinds).expect("size checked by pair_kinds");
    Dealt {
        board,
        solution: moves,
    }
}

/// [`deal_winnable`] from a seed, with a generator whose sequence is the same
/// on every machine and every release: benchmarks, examples and tests deal
/// the same boards with it (the `deal` command uses the difficulty dealer's
/// [`deal_seeded_at`](crate::solve::difficulty::deal_seeded_at)).
pub fn deal_seeded(
    rows: usize,
    cols: usize,
    kinds: usize,
    rules: Rules,
    gravity: Gravity,
    seed: u64,
) -> Result<Dealt, DealError> {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    deal_winnable(rows, cols, kinds, rules, gravity, &mut rng)
}

/// Shuffles the kinds among the occupied cells of `board` (the cells stay
/// occupied, only kinds move) so that it can be cleared under `rules` and
/// `gravity`, with the winning moves. For the game's reshuffle on deadlock.
/// `None` when some kind has an odd number of tiles or every attempt failed.
pub fn reshuffle_winnable<R: Rng + ?Sized>(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    rng: &mut R,
) -> Option<Dealt> {
    let tiles = board.sorted_tiles();
    let pairs: Vec<Tile> = tiles.chunks(2).map(|c| c[0]).collect();
    if tiles.chunks(2).any(|c| c.len() != 2 || c[0] != c[1]) {
        return None;
    }
    arrange(board, &mut { pairs }, ATTEMPTS, rules, gravity, rng)
}

/// Hands out the kinds of `pairs` (one entry per pair) to the occupied cells of
/// `shape` by playing a game forward on kindless tiles; retries on dead ends.
fn arrange<R: Rng + ?Sized>(
    shape: &Board,
    pairs: &mut [Tile],
    attempts: usize,
    rules: Rules,
    gravity: Gravity,
    rng: &mut R,
) -> Option<Dealt> {
    for _ in 0..attempts {
        pairs.shuffle(rng);
        if let Some(found) = play_forward(shape, pairs, rules, gravity, rng) {
            return Some(found);
        }
    }
    None
}

/// One forward game on the occupied cells of `shape`; `None` on a dead end.
fn play_forward<R: Rng + ?Sized>(
    shape: &Board,
    pairs: &[Tile],
    rules: Rules,
    gravity: Gravity,
    rng: &mut R,
) -> Option<Dealt> {
    let cols = shape.cols();
    let mut sim = named_by_start(shape)?;
    let mut kinds = vec![EMPTY; shape.rows() * cols];
    let mut solution = Vec::with_capacity(pairs.len());
    let start_of = |name: Tile| {
        let i = name as usize - 1;
        Point::new((i / cols) as i32, (i % cols) as i32)
    };
    let adjacent = |p: Point, q: Point| p.row.abs_diff(q.row) + p.col.abs_diff(q.col) == 1;
    let mut tiles = Tiles::of(&sim);
    for &kind in pairs {
        let mut chosen = None;
        let mut fallback = None;
        // Tiles are tried for a partner that did not start next to them before
        // a neighbour is accepted: with a closed border, neighbours are often
        // the only partners, and taking them would leave blocks of equal
        // tiles. Small boards try every tile and every partner; big ones a
        // sample, so a deal stays fast, and every tile only when the sample
        // found no pair.
        let small = tiles.len() <= EXHAUSTIVE_TILES;
        let mut tried = tiles_to_try(&sim, &tiles, SAMPLED_TILES, rng);
        for sampled in [!small, false] {
            for (count, &p) in tried.iter().enumerate() {
                if !small && count >= SAMPLED_TILES && fallback.is_some() {
                    break;
                }
                let candidates = partners(&sim, &tried, &tiles, p, rng);
                let from = start_of(sim.get(p));
                let joins = joins_to(&sim, p, rules);
                let (far, near): (Vec<Point>, Vec<Point>) = candidates
                    .into_iter()
                    .filter(|&q| q != p && joins(q))
                    .partition(|&q| !adjacent(from, start_of(sim.get(q))));
                if !far.is_empty() {
                    chosen = Some((p, far[rng.random_range(0..far.len())]));
                    break;
                }
                if fallback.is_none() && !near.is_empty() {
                    fallback = Some((p, near[rng.random_range(0..near.len())]));
                }
            }
            if !sampled || chosen.is_some() || fallback.is_some() {
                break;
            }
            tried = every_tile(&sim, rng);
        }
        let (a, b) = chosen.or(fallback)?;
        for p in [a, b] {
            let start = start_of(sim.get(p));
            kinds[start.row as usize * cols + start.col as usize] = kind;
        }
        solution.push(Move { a, b });
        tiles.remove_pair(&mut sim, a, b, gravity, solution.len() == 1);
    }
    let board = Board::from_tiles(shape.rows(), cols, kinds).ok()?;
    Some(Dealt { board, solution })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use crate::core::engine::Border;

    /// On one row with an open border every pair joins through the ring
    /// with two turns, so more turns deal the same board: the partners
    /// joined within two turns are taken as such beyond two (no search of
    /// the board for them: 1 x 10000 in release, 5 s before, 0.02 s after;
    /// a speed measured by running `deal`, not asserted here).
    #[test]
    fn one_row_deals_the_same_with_more_turns() {
        let deal = |max_turns| {
            let rules = Rules {
                max_turns,
                border: Border::Open,
            };
            deal_seeded(1, 400, 62, rules, Gravity::None, 1)
                .unwrap()
                .board
        };
        let two = deal(2);
        assert_eq!(deal(3), two);
        assert_eq!(deal(10), two);
    }

    /// The list a big board's steps draw from stays the board's tiles as
    /// pairs go and the rest slide, under every gravity, from a shape that
    /// is not settled yet (holes in it) as from a full board.
    #[test]
    fn the_tile_list_follows_every_removal_and_slide() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for gravity in Gravity::LEVELS {
            for holes in [0, 40] {
                let (rows, cols) = (12, 25);
                let mut cells = vec![1; rows * cols];
                for _ in 0..holes {
                    cells[rng.random_range(0..rows * cols)] = EMPTY;
                }
                let mut sim = Board::from_tiles(rows, cols, cells).unwrap();
                if sim.tile_count() % 2 == 1 {
                    let last = sim.tile_points().next().unwrap();
                    sim.set(last, EMPTY);
                }
                let mut tiles = Tiles::of(&sim);
                let mut first = true;
                while tiles.len() > 0 {
                    let a = tiles.random(&mut rng).unwrap();
                    let b = loop {
                        let b = tiles.random(&mut rng).unwrap();
                        if b != a {
                            break b;
                        }
                    };
                    tiles.remove_pair(&mut sim, a, b, gravity, first);
                    first = false;
                    let mut listed = tiles.list.clone();
                    listed.sort();
                    let occupied: Vec<Point> = sim.tile_points().collect();
                    assert_eq!(listed, occupied, "{gravity:?}, {holes} holes");
                }
                assert_eq!(tiles.random(&mut rng), None);
            }
        }
    }
}
