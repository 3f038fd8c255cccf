//! Bit masks of the empty cells of a board, for boards up to 62 x 62, that
//! answer "can these two cells be joined with at most two turns?" in a few
//! word operations, and with three in a few per row and column. The solver asks that hundreds of times per position; the
//! engine's [`connects`](crate::core::engine::connects) answers the same for
//! boards of any size and more turns.
//!
//! The masks cover the board with the ring of cells around it (row and column
//! -1 up to `rows` and `cols`). With an open border the ring is empty, with a
//! closed one it is a wall, so one test serves both.

use crate::core::engine::Border;
use crate::core::grid::{Board, Point};

/// For each row of the ringed board a mask of its empty cells by column, and
/// for each column a mask of its empty cells by row (bit `k` is coordinate
/// `k - 1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmptyMasks {
    rows: Vec<u64>,
    cols: Vec<u64>,
}

/// The run of set bits next to bit `at` on either side, `at` left out
/// (`at` from 1 to 62).
fn run(mask: u64, at: u32) -> u64 {
    let up = (!(mask >> (at + 1))).trailing_zeros();
    let down = (!(mask << (64 - at))).leading_zeros();
    (((1u64 << up) - 1) << (at + 1)) | (((1u64 << down) - 1) << (at - down))
}

/// The bits strictly between `a` and `b`.
fn between(a: u32, b: u32) -> u64 {
    let (lo, hi) = (a.min(b), a.max(b));
    ((1u64 << hi) - 1) & !((2u64 << lo) - 1)
}

impl EmptyMasks {
    /// The longest side a board may have: with its ring it fills a 64-bit word.
    pub const MAX_SIDE: usize = 62;

    /// The most turns the masks answer for; the engine's layered search
    /// answers for more.
    pub const MAX_TURNS: u32 = 3;

    /// The masks of `board` under `border`, or `None` when a side is longer
    /// than [`EmptyMasks::MAX_SIDE`].
    pub fn new(board: &Board, border: Border) -> Option<Self> {
        let (rows, cols) = (board.rows(), board.cols());
        if rows > Self::MAX_SIDE || cols > Self::MAX_SIDE {
            return None;
        }
        let ring = border == Border::Open;
        let mut masks = EmptyMasks {
            rows: vec![0; rows + 2],
            cols: vec![0; cols + 2],
        };
        for r in -1..=rows as i32 {
            for c in -1..=cols as i32 {
                let p = Point::new(r, c);
                let empty = if board.contains(p) {
                    board.is_empty_at(p)
                } else {
                    ring
                };
                masks.set_empty(p, empty);
            }
        }
        Some(masks)
    }

    /// Marks the cell `p` (on the board) empty or occupied.
    pub fn set_empty(&mut self, p: Point, empty: bool) {
        let (r, c) = ((p.row + 1) as usize, (p.col + 1) as usize);
        if empty {
            self.rows[r] |= 1 << c;
            self.cols[c] |= 1 << r;
        } else {
            self.rows[r] &= !(1 << c);
            self.cols[c] &= !(1 << r);
        }
    }

    /// Whether the cell `p` (on the board) has an empty neighbour.
    #[inline]
    pub fn has_empty_neighbour(&self, p: Point) -> bool {
        let (r, c) = (p.row as u32 + 1, p.col as u32 + 1);
        (self.rows[r as usize] >> (c - 1)) & 0b101 != 0
            || (self.cols[c as usize] >> (r - 1)) & 0b101 != 0
    }

    /// Whether a line with at most `max_turns` (0 to 3) turns joins the
    /// cells `a` and `b` (both on the board) through empty cells: the answer
    /// of the engine's `connects`.
    #[inline]
    pub fn connects(&self, a: Point, b: Point, max_turns: u32) -> bool {
        self.quick(a, b)
            .unwrap_or_else(|| self.connects_apart(a, b, max_turns))
    }

    /// The cheap part of [`EmptyMasks::connects`]: the answer when `a` and
    /// `b` are neighbours (joined) or one of them has no empty neighbour
    /// (no line can leave it), else `None`. Most tiles of a full board have
    /// no empty neighbour.
    #[inline]
    pub fn quick(&self, a: Point, b: Point) -> Option<bool> {
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1 {
            return Some(true);
        }
        (a == b || !self.has_empty_neighbour(a) || !self.has_empty_neighbour(b)).then_some(false)
    }

    /// [`EmptyMasks::connects`] for cells that [`EmptyMasks::quick`] leaves
    /// open.
    #[inline(never)]
    pub fn connects_apart(&self, a: Point, b: Point, max_turns: u32) -> bool {
        debug_assert!(max_turns <= Self::MAX_TURNS);
        let (r1, c1) = ((a.row + 1) as u32, (a.col + 1) as u32);
        let (r2, c2) = ((b.row + 1) as u32, (b.col + 1) as u32);
        if r1 == r2 {
            let gap = between(c1, c2);
            if self.rows[r1 as usize] & gap == gap {
                return true;
            }
        } else if c1 == c2 {
            let gap = between(r1, r2);
            if self.cols[c1 as usize] & gap == gap {
                return true;
            }
        }
        if max_turns == 0 {
            return false;
        }
        let (across_a, across_b) = (
            run(self.rows[r1 as usize], c1),
            run(self.rows[r2 as usize], c2),
        );
        let (down_a, down_b) = (
            run(self.cols[c1 as usize], r1),
            run(self.cols[c2 as usize], r2),
        );
        // One turn, at (r1, c2) or at (r2, c1).
        if r1 != r2
            && c1 != c2
            && ((across_a >> c2 & down_b >> r1 & 1) != 0
                || (across_b >> c1 & down_a >> r2 & 1) != 0)
        {
            return true;
        }
        if max_turns == 1 {
            return false;
        }
        // Two turns: along both rows to a column that is empty between
        // them, or along both columns to a row that is empty between them.
        if r1 != r2 {
            let gap = between(r1, r2);
            let mut meet = across_a & across_b;
            while meet != 0 {
                let x = meet.trailing_zeros();
                if self.cols[x as usize] & gap == gap {
                    return true;
                }
                meet &= meet - 1;
            }
        }
        if c1 != c2 {
            let gap = between(c1, c2);
            let mut meet = down_a & down_b;
            while meet != 0 {
                let y = meet.trailing_zeros();
                if self.rows[y as usize] & gap == gap {
                    return true;
                }
                meet &= meet - 1;
            }
        }
        max_turns == 3
            && (three_turns(&self.rows, r1, c2, across_a, down_b)
                || three_turns(&self.cols, c1, r2, down_a, across_b))
    }
}

/// Whether a line of three turns leaves a cell in row `r1` along the row
/// (its run `from_a`, by column) and enters a cell in column `c2` along the
/// column (its run `to_b`, by row), with `lines` the row masks; with the
/// column masks and rows and columns swapped, the lines that leave along a
/// column and enter along a row. The middle segment runs along a row `y`
/// of `to_b` from a column of `from_a` to `c2`. Going out from `r1` a row at
/// a time, the columns of `from_a` still empty all the way to the row are a
/// running intersection, so each row costs a few word operations.
fn three_turns(lines: &[u64], r1: u32, c2: u32, from_a: u64, to_b: u64) -> bool {
    [-1i32, 1].into_iter().any(|step| {
        let mut open = from_a;
        let mut y = r1 as i32 + step;
        while open != 0 && (0..lines.len() as i32).contains(&y) {
            let row = lines[y as usize];
            open &= row;
            if to_b >> y & 1 != 0 && open & run(row, c2) != 0 {
                return true;
            }
            y += step;
        }
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_gaps() {
        assert_eq!(run(0b1110_1110, 4), 0b1110_1110);
        assert_eq!(run(0b0000_0110, 1), 0b100);
        assert_eq!(run(u64::MAX, 62), !(1 << 62));
        assert_eq!(between(2, 5), 0b1_1000);
        assert_eq!(between(5, 2), 0b1_1000);
        assert_eq!(between(3, 4), 0);
    }

    /// On the widest board a line of three turns may run along the ring
    /// row below it, the word's last bit: out of a tile on the left edge,
    /// down the ring column, along the ring row and up into a tile on the
    /// bottom row, every other cell a tile.
    #[test]
    fn three_turns_run_along_the_ring_of_the_widest_board() {
        let side = EmptyMasks::MAX_SIDE;
        let board = Board::from_tiles(side, side, vec![1; side * side]).unwrap();
        let (open, closed) = (
            EmptyMasks::new(&board, Border::Open).unwrap(),
            EmptyMasks::new(&board, Border::Closed).unwrap(),
        );
        let (a, b) = (Point::new(60, 0), Point::new(61, 40));
        for (from, to) in [(a, b), (b, a)] {
            assert!(!open.connects(from, to, 2), "{from:?} -> {to:?}");
            assert!(open.connects(from, to, 3), "{from:?} -> {to:?}");
            assert!(!closed.connects(from, to, 3), "{from:?} -> {to:?}");
        }
    }

    #[test]
    fn too_big_boards_have_no_masks() {
        let wide = Board::empty(1, EmptyMasks::MAX_SIDE + 1).unwrap();
        assert_eq!(EmptyMasks::new(&wide, Border::Open), None);
        let widest = Board::empty(EmptyMasks::MAX_SIDE, EmptyMasks::MAX_SIDE).unwrap();
        let masks = EmptyMasks::new(&widest, Border::Open).unwrap();
        let far = Point::new(61, 61);
        assert!(masks.connects(Point::new(0, 0), far, 1));
    }
}
