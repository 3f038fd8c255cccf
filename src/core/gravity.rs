//! Gravity variants: how the remaining tiles slide after a pair is removed.
//!
//! Tiles keep their order along each line; only empty cells move. A line is a
//! column (for `down`, `up`, `center-v`) or a row (for `left`, `right`,
//! `center-h`); the centre variants split each line into two halves that pack
//! towards the middle. The path rules do not change, only the board after a move.

use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::core::named::by_name;

/// Which way tiles slide after each removal. Levels of the game walk through
/// [`Gravity::LEVELS`] in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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

by_name! {
    Gravity, "gravity variant",
    /// The name of the variant, as the command line, the save file and the
    /// score tables spell it (`center-h`).
    {
        None => "none",
        Down => "down",
        Up => "up",
        Left => "left",
        Right => "right",
        CenterH => "center-h",
        CenterV => "center-v",
    }
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
    pub fn line_through(self, rows: usize, cols: usize, p: Point) -> Option<Line> {
        let (rows, cols) = (rows as i32, cols as i32);
        let (half_rows, half_cols) = (rows / 2, cols / 2);
        let line = |first: (i32, i32), step: (i32, i32), len: i32| Line {
            first: Point::new(first.0, first.1),
            step,
            len,
        };
        Some(match self {
            Gravity::None => return None,
            Gravity::Down => line((rows - 1, p.col), (-1, 0), rows),
            Gravity::Up => line((0, p.col), (1, 0), rows),
            Gravity::Left => line((p.row, 0), (0, 1), cols),
            Gravity::Right => line((p.row, cols - 1), (0, -1), cols),
            Gravity::CenterH if p.col < half_cols => {
                line((p.row, half_cols - 1), (0, -1), half_cols)
            }
            Gravity::CenterH => line((p.row, half_cols), (0, 1), cols - half_cols),
            Gravity::CenterV if p.row < half_rows => {
                line((half_rows - 1, p.col), (-1, 0), half_rows)
            }
            Gravity::CenterV => line((half_rows, p.col), (1, 0), rows - half_rows),
        })
    }

    /// How far `p` lies from the end of its line that tiles pack towards, on
    /// a `rows` x `cols` board (0 at that end; 0 everywhere under `None`).
    /// Removing a tile moves only tiles deeper than it in its line, so
    /// removals from the deepest up never make anything slide.
    pub fn depth(self, rows: usize, cols: usize, p: Point) -> usize {
        self.line_through(rows, cols, p).map_or(0, |line| {
            let along =
                (p.row - line.first.row) * line.step.0 + (p.col - line.first.col) * line.step.1;
            along as usize
        })
    }

    /// Every line of a `rows` x `cols` board that packs, each once.
    fn lines(self, rows: usize, cols: usize) -> Vec<Line> {
        let (r, c) = (rows as i32, cols as i32);
        // A cell of each line: the ends of every column or row, which lie in
        // its two halves under the centre variants.
        let cells: Vec<Point> = match self {
            Gravity::None => Vec::new(),
            Gravity::Down | Gravity::Up => (0..c).map(|col| Point::new(0, col)).collect(),
            Gravity::Left | Gravity::Right => (0..r).map(|row| Point::new(row, 0)).collect(),
            Gravity::CenterV => (0..c)
                .flat_map(|col| [Point::new(0, col), Point::new(r - 1, col)])
                .collect(),
            Gravity::CenterH => (0..r)
                .flat_map(|row| [Point::new(row, 0), Point::new(row, c - 1)])
                .collect(),
        };
        let mut lines: Vec<Line> = cells
            .into_iter()
            .filter_map(|p| self.line_through(rows, cols, p))
            .collect();
        // A board one cell wide or high has a single half: its two ends
        // name the same line.
        lines.dedup();
        lines
    }
}

/// The cells of one line that packs, in order from the end its tiles pack
/// towards: cell `i` is `first` plus `i` times `step`. A column, a row, or
/// half of one for the centre variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The cell the tiles pack towards.
    pub first: Point,
    /// The step (rows, columns) from one cell of the line to the next.
    pub step: (i32, i32),
    /// How many cells the line has.
    pub len: i32,
}

impl Line {
    /// The `i`-th cell of the line, counted from `first`.
    pub fn at(&self, i: i32) -> Point {
        Point::new(
            self.first.row + self.step.0 * i,
            self.first.col + self.step.1 * i,
        )
    }
}

/// Tiles a pack moves about: a board, whose counts follow each change, or
/// the bare tiles inside [`Board::rewrite`].
trait Cells {
    fn tile(&self, p: Point) -> Tile;
    fn put(&mut self, p: Point, tile: Tile);
}

impl Cells for Board {
    fn tile(&self, p: Point) -> Tile {
        self.get(p)
    }

    fn put(&mut self, p: Point, tile: Tile) {
        self.set(p, tile);
    }
}

/// The tiles of a board in row-major order, without its counts.
struct Bare<'a> {
    tiles: &'a mut [Tile],
    cols: usize,
}

impl Cells for Bare<'_> {
    fn tile(&self, p: Point) -> Tile {
        self.tiles[p.row as usize * self.cols + p.col as usize]
    }

    fn put(&mut self, p: Point, tile: Tile) {
        self.tiles[p.row as usize * self.cols + p.col as usize] = tile;
    }
}

/// How many cells of `line` go from empty to occupied or back when it packs:
/// each empty cell before its last tile fills, and as many cells at its end empty.
fn flips(board: &Board, line: Line) -> usize {
    let (mut tiles, mut last) = (0, 0);
    for i in 0..line.len {
        if !board.is_empty_at(line.at(i)) {
            tiles += 1;
            last = i + 1;
        }
    }
    2 * (last - tiles) as usize
}

/// Packs the tiles of `line` towards its first cell, keeping their order, and
/// appends each tile that moved to `slides`. A cell is written once, and
/// emptied only if nothing fills it, so on a board only the cells that change
/// between empty and occupied update the counts.
fn pack(cells: &mut impl Cells, line: Line, slides: &mut Vec<Slide>) {
    let mut write = 0;
    for read in 0..line.len {
        let from = line.at(read);
        let tile = cells.tile(from);
        if tile == EMPTY {
            continue;
        }
        if read != write {
            // `to` is empty, or holds a tile that has already moved on.
            let to = line.at(write);
            cells.put(to, tile);
            slides.push(Slide { from, to });
        }
        write += 1;
    }
    for i in write..line.len {
        cells.put(line.at(i), EMPTY);
    }
}

/// Packs every line of `lines`: cell by cell when few cells change between
/// empty and occupied (O(rows + cols) each), else all at once with one recount
/// of the board (O(cells)), whichever costs less.
fn pack_lines(board: &mut Board, lines: &[Line], slides: &mut Vec<Slide>) {
    let flips: usize = lines.iter().map(|&line| flips(board, line)).sum();
    let (rows, cols) = (board.rows(), board.cols());
    if flips.saturating_mul(rows + cols) <= 4 * rows * cols {
        lines.iter().for_each(|&line| pack(board, line, slides));
    } else {
        board.rewrite(|tiles| {
            let mut bare = Bare { tiles, cols };
            lines.iter().for_each(|&line| pack(&mut bare, line, slides));
        });
    }
}

/// Removes the pair at `a` and `b` (both at once), then lets the tiles slide
/// under `gravity` until the board settles. Returns every tile that moved, each
/// once, from its cell before the removal to its cell after, for animation.
/// The caller checks that the move is legal. Costs O(cells); on a board that
/// is known to be settled, [`remove_pair_settled`] does the same for less.
pub fn remove_pair(board: &mut Board, a: Point, b: Point, gravity: Gravity) -> Vec<Slide> {
    board.set(a, EMPTY);
    board.set(b, EMPTY);
    settle(board, gravity)
}

/// [`remove_pair`] on a board that was settled under `gravity` (a full deal,
/// or any board after a [`remove_pair`] or [`settle`]): only the lines through
/// `a` and `b` can move, so only they are packed, at a cost of O(rows + cols).
pub fn remove_pair_settled(board: &mut Board, a: Point, b: Point, gravity: Gravity) -> Vec<Slide> {
    board.set(a, EMPTY);
    board.set(b, EMPTY);
    let (rows, cols) = (board.rows(), board.cols());
    let mut lines = [a, b].map(|p| gravity.line_through(rows, cols, p));
    if lines[0] == lines[1] {
        lines[1] = None;
    }
    let lines: Vec<Line> = lines.into_iter().flatten().collect();
    let mut slides = Vec::new();
    pack_lines(board, &lines, &mut slides);
    slides
}

/// Lets every line of the board settle under `gravity`, for boards built or
/// edited by hand and after each removal; returns the tiles that moved.
/// Costs O(cells) whatever the board.
pub fn settle(board: &mut Board, gravity: Gravity) -> Vec<Slide> {
    let mut slides = Vec::new();
    pack_lines(
        board,
        &gravity.lines(board.rows(), board.cols()),
        &mut slides,
    );
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
            let line = g.line_through(4, 5, p).unwrap();
            let cells: Vec<Point> = (0..line.len).map(|i| line.at(i)).collect();
            for (i, &c) in cells.iter().enumerate() {
                assert_eq!(g.depth(4, 5, c), i);
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
        assert_eq!(Gravity::None.line_through(4, 5, p), None);
    }

    #[test]
    fn levels_cycle_through_every_variant() {
        assert_eq!(Gravity::for_level(0), Gravity::None);
        assert_eq!(Gravity::for_level(7), Gravity::None);
        let all: std::collections::HashSet<Gravity> = Gravity::LEVELS.into_iter().collect();
        assert_eq!(all.len(), 7);
        let names: Vec<&str> = Gravity::LEVELS.iter().map(|g| g.name()).collect();
        assert_eq!(
            names,
            [
                "none", "down", "up", "left", "right", "center-h", "center-v"
            ]
        );
        for g in Gravity::LEVELS {
            assert_eq!(g.name().parse(), Ok(g));
            assert_eq!(g.to_string(), g.name());
        }
        assert!("levels".parse::<Gravity>().is_err());
        assert!("Down".parse::<Gravity>().is_err());
    }
}
