//! Dealing, reshuffling and the search for a matchable pair.
//!
//! These are the board-level rules the game state builds on. Deals and
//! reshuffles come from the winnable dealer of [`crate::solve::deal`], under the
//! rules and gravity of [`Config::solve_config`], so every board the game
//! hands out can be cleared.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rand::rngs::Xoshiro256PlusPlus;

use super::Config;
use crate::core::engine::Rules;
use crate::core::grid::{Board, BoardError, Point};
use crate::core::rules;
use crate::solve::deal::{DealError as DealerError, Dealt, check_deal};
use crate::solve::difficulty::{deal_at, reshuffle_at};

/// Deals and reshuffles under way, in any thread. A hard deal can take a
/// good part of a second; the terminal shows "dealing..." meanwhile, and
/// sleeps until a deal begins rather than looking at every event (see
/// [`Deals::wait_begun`]). The game itself never reads it.
pub struct Deals {
    /// Deals under way, and how many have begun in all.
    counts: Mutex<(usize, u64)>,
    begun: Condvar,
}

impl Deals {
    /// No deal under way or begun.
    pub const fn new() -> Self {
        Deals {
            counts: Mutex::new((0, 0)),
            begun: Condvar::new(),
        }
    }

    /// Counts a deal as under way while the guard lives, and wakes whoever
    /// waits for one.
    pub fn begin(&self) -> DealGuard<'_> {
        let mut counts = self.lock();
        counts.0 += 1;
        counts.1 += 1;
        self.begun.notify_all();
        DealGuard(self)
    }

    /// Whether a deal or a reshuffle is being made right now.
    pub fn under_way(&self) -> bool {
        self.lock().0 > 0
    }

    /// How many deals have begun so far.
    pub fn begun(&self) -> u64 {
        self.lock().1
    }

    /// Sleeps until more than `seen` deals have begun; how many have.
    pub fn wait_begun(&self, seen: u64) -> u64 {
        let counts = self
            .begun
            .wait_while(self.lock(), |counts| counts.1 <= seen)
            .unwrap_or_else(PoisonError::into_inner);
        counts.1
    }

    /// The counts; a thread that panicked holding them left them whole, as
    /// each change is a single step.
    fn lock(&self) -> MutexGuard<'_, (usize, u64)> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Default for Deals {
    fn default() -> Self {
        Deals::new()
    }
}

/// A deal under way in [`Deals`]: it ends when the guard is dropped.
pub struct DealGuard<'a>(&'a Deals);

impl Drop for DealGuard<'_> {
    fn drop(&mut self) {
        self.0.lock().0 -= 1;
    }
}

/// The game's deals and reshuffles.
pub static DEALS: Deals = Deals::new();

/// The rules of the game: classic two turns through the open outer ring.
pub const RULES: Rules = Rules::CLASSIC;

/// Why a deal could not be made from the requested sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealError {
    /// rows x cols is odd, so the tiles cannot all pair up.
    OddCells {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// Zero kinds, or more kinds than there are pairs of tiles.
    BadKinds {
        /// The kinds asked for.
        kinds: usize,
        /// The pairs of tiles the board holds.
        pairs: usize,
    },
    /// The board size itself is not allowed.
    Board(BoardError),
    /// The dealer refused the size or kinds, or found no winnable deal.
    Dealer(DealerError),
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealError::OddCells { rows, cols } => write!(
                f,
                "a board of {rows} x {cols} has an odd number of cells ({}); tiles come in pairs",
                rows * cols
            ),
            DealError::BadKinds { kinds, pairs: 1 } => write!(
                f,
                "{kinds} kinds cannot be dealt on a board of one pair (need 1)"
            ),
            DealError::BadKinds { kinds, pairs } => write!(
                f,
                "{kinds} kinds cannot be dealt on a board of {pairs} pairs (need 1 to {pairs})"
            ),
            DealError::Board(e) => e.fmt(f),
            DealError::Dealer(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DealError {}

/// Whether a board of `rows` x `cols` with `kinds` kinds can be dealt at
/// all, saying why not as a deal would: for choices read from a file, or
/// options checked before a start changes anything (a `--new` removes the
/// saved game), before any deal is tried. The dealer's own limits (at most
/// 62 kinds, however many symbols the theme has) are checked too.
pub fn check_size(rows: usize, cols: usize, kinds: usize) -> Result<(), DealError> {
    let cells = rows
        .checked_mul(cols)
        .ok_or(DealError::Board(BoardError::BadSize { rows, cols }))?;
    Board::empty(rows, cols).map_err(DealError::Board)?;
    if cells % 2 != 0 {
        return Err(DealError::OddCells { rows, cols });
    }
    let pairs = cells / 2;
    if kinds == 0 || kinds > pairs {
        return Err(DealError::BadKinds { kinds, pairs });
    }
    check_deal(rows, cols, kinds).map_err(DealError::Dealer)?;
    Ok(())
}

/// A full board of `config.rows` x `config.cols` with `config.kinds` kinds
/// (numbered 1..=kinds), each appearing an even number of times, as evenly
/// spread as possible, that can be cleared under the rules in play and is
/// as hard as `config.difficulty` asks: the dealer plays a game forward and
/// hands out the kinds pair by pair (see [`crate::solve::difficulty`]).
/// The moves that clear it come with it.
pub fn deal(config: &Config, rng: &mut Xoshiro256PlusPlus) -> Result<Dealt, DealError> {
    let Config {
        rows, cols, kinds, ..
    } = *config;
    check_size(rows, cols, kinds)?;
    let play = config.solve_config(Duration::ZERO);
    let _dealing = DEALS.begin();
    // The dealer numbers kinds from 1, as the game does.
    deal_at(
        rows,
        cols,
        kinds,
        play.rules,
        play.gravity,
        config.difficulty,
        rng,
    )
    .map_err(DealError::Dealer)
}

/// The board with its kinds moved among the occupied cells (the cells stay
/// where they are) so that it can be cleared under the rules in play, as
/// hard as `config.difficulty` asks; `None`
/// when the board is empty or no arrangement was found. The moves that clear
/// it come with it.
pub fn reshuffle(board: &Board, config: &Config, rng: &mut Xoshiro256PlusPlus) -> Option<Dealt> {
    if board.tile_count() == 0 {
        return None;
    }
    let play = config.solve_config(Duration::ZERO);
    let _dealing = DEALS.begin();
    reshuffle_at(board, play.rules, play.gravity, config.difficulty, rng)
}

/// Whether the tiles at `a` and `b` may be removed together under the
/// game's [`RULES`] (see [`rules::can_match`]).
pub fn can_match(board: &Board, a: Point, b: Point) -> bool {
    rules::can_match(board, a, b, RULES)
}

/// One pair that can be removed now under the game's [`RULES`], or `None`
/// when the board is in deadlock (or empty).
pub fn find_match(board: &Board) -> Option<(Point, Point)> {
    rules::find_match(board, RULES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gravity::Gravity;
    use crate::solve::replay::replay;
    use rand::SeedableRng;

    fn rng(seed: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(seed)
    }

    fn size(rows: usize, cols: usize, kinds: usize) -> Config {
        Config {
            rows,
            cols,
            kinds,
            ..Config::DEFAULT
        }
    }

    fn counts(board: &Board) -> Vec<usize> {
        let max = board.tiles().iter().copied().max().unwrap_or(0) as usize;
        let mut c = vec![0; max + 1];
        for &t in board.tiles() {
            c[t as usize] += 1;
        }
        c
    }

    #[test]
    fn deal_is_full_even_and_balanced() {
        let b = deal(&size(8, 16, 30), &mut rng(1)).unwrap().board;
        assert_eq!(b.tile_count(), 128);
        let c = counts(&b);
        assert_eq!(c[0], 0);
        assert_eq!(c.len(), 31);
        for &n in &c[1..] {
            assert_eq!(n % 2, 0);
            assert!(n == 4 || n == 6, "{n}");
        }
    }

    #[test]
    fn same_seed_same_deal() {
        let c = size(4, 6, 5);
        assert_eq!(deal(&c, &mut rng(9)), deal(&c, &mut rng(9)));
        assert_ne!(deal(&c, &mut rng(9)), deal(&c, &mut rng(10)));
    }

    /// The solution a deal comes with clears it (the dealer's own check;
    /// `tests/difficulty.rs` replays many more deals of every size).
    #[test]
    fn a_deal_comes_with_a_solution_that_clears_it() {
        let c = size(4, 6, 5);
        for seed in 0..10 {
            let Dealt { board, solution } = deal(&c, &mut rng(seed)).unwrap();
            let left = replay(&board, &solution, RULES, Gravity::None).unwrap();
            assert_eq!(left.tile_count(), 0, "seed {seed}");
        }
    }

    #[test]
    fn impossible_deals_are_errors() {
        assert_eq!(
            deal(&size(3, 5, 2), &mut rng(0)),
            Err(DealError::OddCells { rows: 3, cols: 5 })
        );
        assert_eq!(
            deal(&size(2, 2, 3), &mut rng(0)),
            Err(DealError::BadKinds { kinds: 3, pairs: 2 })
        );
        assert!(matches!(
            deal(&size(2, 2, 0), &mut rng(0)),
            Err(DealError::BadKinds { .. })
        ));
        // The hostile run read "a board of 1 pairs".
        let one = deal(&size(1, 2, 2), &mut rng(0)).unwrap_err().to_string();
        assert_eq!(
            one,
            "2 kinds cannot be dealt on a board of one pair (need 1)"
        );
        assert!(matches!(
            deal(&size(0, 2, 1), &mut rng(0)),
            Err(DealError::Board(_))
        ));
        assert!(matches!(
            deal(&size(10, 20, 63), &mut rng(0)),
            Err(DealError::Dealer(_))
        ));
        assert!(
            deal(&size(3, 5, 2), &mut rng(0))
                .unwrap_err()
                .to_string()
                .contains("odd")
        );
        // check_size refuses what deal refuses, with the same error: the
        // dealer's limits (62 kinds, 10,000 cells) as well as the board's.
        for (rows, cols, kinds) in [(3, 5, 2), (2, 2, 3), (0, 2, 1), (10, 20, 63), (101, 100, 2)] {
            assert_eq!(
                check_size(rows, cols, kinds).err(),
                deal(&size(rows, cols, kinds), &mut rng(0)).err(),
                "{rows} x {cols}, {kinds} kinds"
            );
        }
    }

    /// A full 2 x 4 board in deadlock: no two tiles of a kind sit side by side
    /// or on the same edge, and any way round through the ring takes three turns.
    fn deadlocked() -> Board {
        Board::from_rows(&[[1, 2, 3, 4], [3, 4, 1, 2]]).unwrap()
    }

    #[test]
    fn deadlock_is_detected() {
        let b = deadlocked();
        assert_eq!(find_match(&b), None);
        let open = Board::from_rows(&[[1, 2], [2, 1], [1, 0]]).unwrap();
        let (a, c) = find_match(&open).unwrap();
        assert!(can_match(&open, a, c));
    }

    #[test]
    fn reshuffle_keeps_places_and_kinds_and_ends_the_deadlock() {
        for seed in 0..20 {
            let before = deadlocked();
            let Dealt { board: b, solution } =
                reshuffle(&before, &Config::DEFAULT, &mut rng(seed)).unwrap();
            let left = replay(&b, &solution, RULES, Gravity::None).unwrap();
            assert_eq!(left.tile_count(), 0, "the moves given clear it");
            assert_eq!(counts(&b), counts(&before));
            for p in b.points() {
                assert_eq!(b.is_empty_at(p), before.is_empty_at(p));
            }
        }
    }

    #[test]
    fn empty_board_cannot_reshuffle() {
        let b = Board::empty(2, 2).unwrap();
        assert_eq!(reshuffle(&b, &Config::DEFAULT, &mut rng(0)), None);
    }

    #[test]
    fn the_largest_board_deals() {
        let Dealt { board: b, solution } = deal(&size(40, 60, 60), &mut rng(4)).unwrap();
        assert_eq!(b.tile_count(), 2400);
        let left = replay(&b, &solution, RULES, Gravity::None).unwrap();
        assert_eq!(left.tile_count(), 0);
        assert_eq!(counts(&b).len(), 61);
    }
}
