//! Dealing, reshuffling and the search for a matchable pair.
//!
//! These are the board-level rules the game state builds on. The deal is a
//! plain random shuffle for now; a solver-backed deal can replace [`deal`]
//! without touching the rest of the game.

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use crate::engine::{Rules, find_path};
use crate::grid::{Board, BoardError, EMPTY, Point, Tile};

/// The rules of the game: classic two turns through the open outer ring.
pub const RULES: Rules = Rules::CLASSIC;

/// How many random reshuffles are tried before a pair is forced side by side.
const RESHUFFLE_TRIES: u32 = 200;

/// Why a deal could not be made from the requested sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealError {
    /// rows x cols is odd, so the tiles cannot all pair up.
    OddCells { rows: usize, cols: usize },
    /// Zero kinds, or more kinds than there are pairs of tiles.
    BadKinds { kinds: usize, pairs: usize },
    /// The board size itself is not allowed.
    Board(BoardError),
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealError::OddCells { rows, cols } => write!(
                f,
                "a board of {rows} x {cols} has an odd number of cells ({}); tiles come in pairs",
                rows * cols
            ),
            DealError::BadKinds { kinds, pairs } => write!(
                f,
                "{kinds} kinds cannot be dealt on a board of {pairs} pairs (need 1 to {pairs})"
            ),
            DealError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DealError {}

/// A full board of `rows` x `cols` with `kinds` kinds (numbered 1..=kinds), each
/// appearing an even number of times, as evenly spread as possible, in random places.
pub fn deal(
    rows: usize,
    cols: usize,
    kinds: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<Board, DealError> {
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
    let mut tiles: Vec<Tile> = (0..pairs)
        .flat_map(|i| {
            let kind = (i % kinds) as Tile + 1;
            [kind, kind]
        })
        .collect();
    shuffle(&mut tiles, rng);
    Board::from_tiles(rows, cols, tiles).map_err(DealError::Board)
}

/// Fisher-Yates with the game's own generator, so a seed always gives the same deal.
fn shuffle(items: &mut [Tile], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Whether the tiles at `a` and `b` may be removed together: same kind,
/// different cells, and a classic line joins them.
pub fn can_match(board: &Board, a: Point, b: Point) -> bool {
    let kind = board.get(a);
    kind != EMPTY && kind == board.get(b) && find_path(board, a, b, RULES).is_some()
}

/// One matchable pair on the board, or `None` when the board is in deadlock (or empty).
pub fn find_match(board: &Board) -> Option<(Point, Point)> {
    let mut by_kind: Vec<(Tile, Point)> = board
        .points()
        .map(|p| (board.get(p), p))
        .filter(|&(t, _)| t != EMPTY)
        .collect();
    by_kind.sort_unstable();
    let groups = by_kind.chunk_by(|x, y| x.0 == y.0);
    for group in groups {
        for (i, &(_, a)) in group.iter().enumerate() {
            for &(_, b) in &group[i + 1..] {
                if find_path(board, a, b, RULES).is_some() {
                    return Some((a, b));
                }
            }
        }
    }
    None
}

/// Moves the kinds among the occupied cells (the cells stay where they are)
/// until at least one pair can be matched. Returns false when the board has
/// no tiles, so nothing could be matched anyway.
pub fn reshuffle(board: &mut Board, rng: &mut Xoshiro256PlusPlus) -> bool {
    let occupied: Vec<Point> = board.points().filter(|&p| !board.is_empty_at(p)).collect();
    if occupied.is_empty() {
        return false;
    }
    let mut kinds: Vec<Tile> = occupied.iter().map(|&p| board.get(p)).collect();
    for _ in 0..RESHUFFLE_TRIES {
        shuffle(&mut kinds, rng);
        for (&p, &k) in occupied.iter().zip(&kinds) {
            board.set(p, k);
        }
        if find_match(board).is_some() {
            return true;
        }
    }
    force_pair(board, &occupied);
    find_match(board).is_some()
}

/// Last resort after unlucky reshuffles: swap kinds so that two tiles that can
/// see each other (side by side, or both open to the ring) hold the same kind.
fn force_pair(board: &mut Board, occupied: &[Point]) {
    for (i, &a) in occupied.iter().enumerate() {
        for &b in &occupied[i + 1..] {
            if find_path(board, a, b, RULES).is_none() {
                continue;
            }
            // Find another tile of a's kind and swap it into b's place.
            let kind = board.get(a);
            if let Some(&twin) = occupied.iter().find(|&&p| p != a && board.get(p) == kind) {
                let other = board.get(b);
                board.set(b, kind);
                board.set(twin, other);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn rng(seed: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(seed)
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
        let b = deal(8, 16, 30, &mut rng(1)).unwrap();
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
        assert_eq!(deal(4, 6, 5, &mut rng(9)), deal(4, 6, 5, &mut rng(9)));
        assert_ne!(deal(4, 6, 5, &mut rng(9)), deal(4, 6, 5, &mut rng(10)));
    }

    #[test]
    fn impossible_deals_are_errors() {
        assert_eq!(
            deal(3, 5, 2, &mut rng(0)),
            Err(DealError::OddCells { rows: 3, cols: 5 })
        );
        assert_eq!(
            deal(2, 2, 3, &mut rng(0)),
            Err(DealError::BadKinds { kinds: 3, pairs: 2 })
        );
        assert!(matches!(
            deal(2, 2, 0, &mut rng(0)),
            Err(DealError::BadKinds { .. })
        ));
        assert!(matches!(
            deal(0, 2, 1, &mut rng(0)),
            Err(DealError::Board(_))
        ));
        assert!(
            deal(3, 5, 2, &mut rng(0))
                .unwrap_err()
                .to_string()
                .contains("odd")
        );
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
            let mut b = deadlocked();
            let before = b.clone();
            assert!(reshuffle(&mut b, &mut rng(seed)));
            assert!(find_match(&b).is_some());
            assert_eq!(counts(&b), counts(&before));
            for p in b.points() {
                assert_eq!(b.is_empty_at(p), before.is_empty_at(p));
            }
        }
    }

    #[test]
    fn force_pair_makes_a_match() {
        let mut b = deadlocked();
        let occupied: Vec<Point> = b.points().collect();
        force_pair(&mut b, &occupied);
        assert!(find_match(&b).is_some());
        assert_eq!(counts(&b), counts(&deadlocked()));
    }

    #[test]
    fn empty_board_cannot_reshuffle() {
        let mut b = Board::empty(2, 2).unwrap();
        assert!(!reshuffle(&mut b, &mut rng(0)));
    }
}
