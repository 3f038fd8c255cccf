//! Gravity variants: how the remaining tiles slide after a pair is removed.
//!
//! Tiles keep their order along each line; only empty cells move. A line is a
//! column (for `down`, `up`, `center-v`) or a row (for `left`, `right`,
//! `center-h`); the centre variants split each line into two halves that pack
//! towards the middle. The path rules do not change, only the board after a move.

use crate::core::grid::{Board, EMPTY, Point};

/// Which way tiles slide after each removal. Levels of the game walk through
/// [`Gravity::LEVELS`] in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum Gravity {
    /// Nothing moves (the classic game).
    #[default]
    None,
    /// In every column the tiles pack to the bottom.
    Down,
    /// In every column the tiles pack to the top.
    Up,
    /// In every row the tiles pack to the left.
    Left,
    /// In every row the tiles pack to the right.
    Right,
    /// In every row the left half packs rightwards and the right half leftwards.
    CenterH,
    /// In every column the top half packs down and the bottom half packs up.
    CenterV,
}

/// One tile sliding from one cell to another, so the game can animate it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// Where the tile was before the slide.
    pub from: Point,
    /// Where the tile is after the slide.
    pub to: Point,
}

impl Gravity {
    /// Every variant in the order the game's levels use them.
    pub const LEVELS: [Gravity; 7] = [
        Gravity::None,
        Gravity::Down,
        Gravity::Up,
        Gravity::Left,
        Gravity::Right,
        Gravity::CenterH,
        Gravity::CenterV,
    ];

    /// The variant of level `level` (0-based), cycling through [`Gravity::LEVELS`].
    pub fn for_level(level: usize) -> Gravity {
        Self::LEVELS[level % Self::LEVELS.len()]
    }

    /// The line through `p` on a `rows` x `cols` board that packs, from the
    /// end the tiles pack towards; `None` when nothing moves.
    pub fn line(self, rows: usize, cols: usize, p: Point) -> Option<Line> {
        let (rows, cols) = (rows as i32, cols as i32);
        let (half_rows, half_cols) = (rows / 2, cols / 2);
        let line = |row, col, step, len: i32| Line {
            start: Point::new(row, col),
            step,
            len: len as usize,
        };
        Some(match self {
            Gravity::None => return None,
            Gravity::Down => line(rows - 1, p.col, (-1, 0), rows),
            Gravity::Up => line(0, p.col, (1, 0), rows),
            Gravity::Left => line(p.row, 0, (0, 1), cols),
            Gravity::Right => line(p.row, cols - 1, (0, -1), cols),
            Gravity::CenterH if p.col < half_cols => line(p.row, half_cols - 1, (0, -1), half_cols),
            Gravity::CenterH => line(p.row, half_cols, (0, 1), cols - half_cols),
            Gravity::CenterV if p.row < half_rows => line(half_rows - 1, p.col, (-1, 0), half_rows),
            Gravity::CenterV => line(half_rows, p.col, (1, 0), rows - half_rows),
        })
    }
}

/// A line of cells whose tiles pack towards its first cell: a column, a row,
/// or half of one for the centre variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The cell the tiles pack towards.
    pub start: Point,
    /// The step (rows, columns) from one cell of the line to the next.
    pub step: (i32, i32),
    /// How many cells the line has.
    pub len: usize,
}

impl Line {
    /// The `k`-th cell of the line, counted from its start.
    pub fn cell(&self, k: usize) -> Point {
        let k = k as i32;
        Point::new(
            self.start.row + k * self.step.0,
            self.start.col + k * self.step.1,
        )
    }

    /// Where `p`, a cell of the line, stands in it, counted from its start.
    pub fn position(&self, p: Point) -> usize {
        ((p.row - self.start.row) * self.step.0 + (p.col - self.start.col) * self.step.1) as usize
    }
}

/// Packs the tiles of `line` towards its first cell, keeping their order, and
/// appends each tile that moved to `slides`.
fn pack(board: &mut Board, line: Line, slides: &mut Vec<Slide>) {
    let mut write = 0;
    for read in 0..line.len {
        let from = line.cell(read);
        let tile = board.get(from);
        if tile == EMPTY {
            continue;
        }
        if read != write {
            let to = line.cell(write);
            board.set(to, tile);
            board.set(from, EMPTY);
            slides.push(Slide { from, to });
        }
        write += 1;
    }
}

/// Removes the pair at `a` and `b` (both at once), then lets the tiles slide
/// under `gravity` until the board settles. Returns every tile that moved, each
/// once, from its cell before the removal to its cell after, for animation.
/// The caller checks that the move is legal.
pub fn remove_pair(board: &mut Board, a: Point, b: Point, gravity: Gravity) -> Vec<Slide> {
    board.set(a, EMPTY);
    board.set(b, EMPTY);
    settle(board, gravity)
}

/// Lets every line of the board settle under `gravity`, for boards built or
/// edited by hand and after each removal; returns the tiles that moved.
pub fn settle(board: &mut Board, gravity: Gravity) -> Vec<Slide> {
    let mut slides = Vec::new();
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let mut starts: Vec<Point> = match gravity {
        Gravity::None => Vec::new(),
        Gravity::Down | Gravity::Up => (0..cols).map(|c| Point::new(0, c)).collect(),
        Gravity::Left | Gravity::Right => (0..rows).map(|r| Point::new(r, 0)).collect(),
        Gravity::CenterH => (0..rows)
            .flat_map(|r| [Point::new(r, 0), Point::new(r, cols - 1)])
            .collect(),
        Gravity::CenterV => (0..cols)
            .flat_map(|c| [Point::new(0, c), Point::new(rows - 1, c)])
            .collect(),
    };
    // A board one cell wide or high has a single half: its two starts coincide.
    starts.dedup();
    for p in starts {
        if let Some(line) = gravity.line(board.rows(), board.cols(), p) {
            pack(board, line, &mut slides);
        }
    }
    slides
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::grid::text_board as board;

    fn text(b: &Board) -> Vec<String> {
        b.tiles()
            .chunks(b.cols())
            .map(|row| {
                row.iter()
                    .map(|&t| if t == EMPTY { '.' } else { t as u8 as char })
                    .collect()
            })
            .collect()
    }

    /// Removes the two `x` tiles of `before` and compares with `after`, then
    /// checks the slides replay the change on the board without the pair.
    fn check(gravity: Gravity, before: &[&str], after: &[&str]) {
        let mut b = board(before);
        let xs: Vec<Point> = b
            .points()
            .filter(|&p| b.get(p) == u32::from(b'x'))
            .collect();
        assert_eq!(xs.len(), 2);
        let mut replay = b.clone();
        replay.set(xs[0], EMPTY);
        replay.set(xs[1], EMPTY);
        let slides = remove_pair(&mut b, xs[0], xs[1], gravity);
        assert_eq!(text(&b), after, "{gravity:?}");
        let moved: Vec<u32> = slides.iter().map(|s| replay.get(s.from)).collect();
        for s in &slides {
            replay.set(s.from, EMPTY);
        }
        for (s, t) in slides.iter().zip(moved) {
            assert_eq!(replay.get(s.to), EMPTY, "two tiles slid to {:?}", s.to);
            replay.set(s.to, t);
        }
        assert_eq!(text(&replay), after, "slides of {gravity:?}");
    }

    #[test]
    fn none_moves_nothing() {
        check(Gravity::None, &["ax", "xb"], &["a.", ".b"]);
    }

    #[test]
    fn down_and_up_pack_columns_keeping_order() {
        check(
            Gravity::Down,
            &["...", "a.x", "xbc", "def"],
            &["...", "...", "abc", "def"],
        );
        check(
            Gravity::Up,
            &["def", "xbc", "a.x", "..."],
            &["def", "abc", "...", "..."],
        );
        // A hole in the middle of a column, with tiles above and below it.
        check(
            Gravity::Down,
            &["a", "b", "x", "c", "x", "d"],
            &[".", ".", "a", "b", "c", "d"],
        );
    }

    #[test]
    fn left_and_right_pack_rows_keeping_order() {
        let before = ["axb.c", "x.d.."];
        check(Gravity::Left, &before, &["abc..", "d...."]);
        check(Gravity::Right, &before, &["..abc", "....d"]);
    }

    #[test]
    fn center_h_packs_each_half_to_the_middle() {
        // Even width: halves are columns 0..3 and 3..6.
        check(Gravity::CenterH, &["axb.cx"], &[".abc.."]);
        check(Gravity::CenterH, &["a.x.bx"], &["..ab.."]);
        // Odd width 5: left half columns 0..2, right half 2..5 (holds the middle).
        check(Gravity::CenterH, &["ax.xb", "cdef."], &[".ab..", "cdef."]);
        check(Gravity::CenterH, &["xab..", "ax..."], &[".ab..", ".a..."]);
    }

    #[test]
    fn center_v_packs_each_half_to_the_middle() {
        // Odd height 5: top half rows 0..2, bottom half rows 2..5.
        check(
            Gravity::CenterV,
            &["a", "x", ".", "x", "b"],
            &[".", "a", "b", ".", "."],
        );
        // Even height 4, two columns: holes in the middle of both.
        check(
            Gravity::CenterV,
            &["a.", "xb", "cx", ".d"],
            &["..", "ab", "cd", ".."],
        );
    }

    #[test]
    fn one_cell_wide_boards_settle_once() {
        check(Gravity::CenterH, &["a", "x", "x"], &["a", ".", "."]);
        check(Gravity::CenterV, &["axbx"], &["a.b."]);
        check(Gravity::CenterV, &["x", "a", "x"], &[".", "a", "."]);
    }

    #[test]
    fn settle_packs_a_whole_board() {
        let mut b = board(&["a.b", "...", ".c."]);
        let slides = settle(&mut b, Gravity::Down);
        assert_eq!(text(&b), ["...", "...", "acb"]);
        assert_eq!(slides.len(), 2);
        assert!(settle(&mut b, Gravity::Down).is_empty());
    }

    #[test]
    fn lines_list_their_cells_from_the_packing_end() {
        let cells = |g: Gravity, p: Point| {
            let line = g.line(4, 5, p).unwrap();
            let cells: Vec<Point> = (0..line.len).map(|k| line.cell(k)).collect();
            for (k, &c) in cells.iter().enumerate() {
                assert_eq!(line.position(c), k);
            }
            cells
        };
        let p = Point::new(1, 3);
        assert_eq!(cells(Gravity::Down, p)[0], Point::new(3, 3));
        assert_eq!(cells(Gravity::Up, p).len(), 4);
        assert_eq!(cells(Gravity::Right, p)[0], Point::new(1, 4));
        assert_eq!(
            cells(Gravity::CenterH, p),
            [Point::new(1, 2), Point::new(1, 3), Point::new(1, 4)]
        );
        assert_eq!(
            cells(Gravity::CenterV, p),
            [Point::new(1, 3), Point::new(0, 3)]
        );
        assert_eq!(Gravity::None.line(4, 5, p), None);
    }

    #[test]
    fn levels_cycle_through_every_variant() {
        assert_eq!(Gravity::for_level(0), Gravity::None);
        assert_eq!(Gravity::for_level(7), Gravity::None);
        let all: std::collections::HashSet<Gravity> = Gravity::LEVELS.into_iter().collect();
        assert_eq!(all.len(), 7);
        use clap::ValueEnum;
        let names: Vec<String> = Gravity::value_variants()
            .iter()
            .map(|g| g.to_possible_value().unwrap().get_name().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "none", "down", "up", "left", "right", "center-h", "center-v"
            ]
        );
    }
}
