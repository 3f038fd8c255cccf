//! The path engine: the line with the fewest turns between two cells.
//!
//! Everything that asks "can these two tiles be joined?" comes here: the game,
//! the hint, the deadlock check, the solver and the batch modes. The engine does
//! not compare tile kinds; callers decide what may match.
//!
//! For up to two turns ([`find_path`] with `max_turns <= 2`) the work per query
//! grows with rows + cols: the free runs of both endpoints are walked along their
//! rows and columns, and each candidate connecting segment is tested in O(1) with
//! the board's prefix counts. More turns, when no line of two turns exists,
//! use a turn-layered ray search ([`find_path_layered`]) that touches each free
//! segment at most once per axis: up to every free cell of the board.

use std::cell::RefCell;

use crate::core::grid::{Board, Point};
use crate::core::named::by_name;

/// Whether the line may leave the board through the ring of empty cells around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Border {
    /// The line may use the empty ring one cell outside the board (the classic game rule).
    Open,
    /// The line stays on the board (the HDU 1175 judge rule).
    Closed,
}

impl Border {
    /// Both borders, open first.
    pub const ALL: [Border; 2] = [Border::Open, Border::Closed];
}

by_name! {
    Border, "border rule",
    /// The name of the border rule on the command line.
    {
        Open => "open",
        Closed => "closed",
    }
}

/// The connection rules of a game or a batch run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How many times the line may turn (2 in the classic game).
    pub max_turns: u32,
    /// Whether the line may use the outer ring.
    pub border: Border,
}

impl Rules {
    /// The rules of the classic game: two turns, open border.
    pub const CLASSIC: Rules = Rules {
        max_turns: 2,
        border: Border::Open,
    };
    /// The rules of the HDU 1175 judge problem: two turns, closed border.
    pub const JUDGE: Rules = Rules {
        max_turns: 2,
        border: Border::Closed,
    };
}

/// A line joining two cells, as its corner points from the first cell to the
/// second, endpoints included (2 to `max_turns + 2` points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The first cell, every corner in order, then the second cell.
    pub corners: Vec<Point>,
}

impl Path {
    /// How many times the line turns.
    pub fn turns(&self) -> usize {
        self.corners.len().saturating_sub(2)
    }

    /// The two cells it joins, first and second (`None` only for a path
    /// without points, which no search returns).
    pub fn ends(&self) -> Option<(Point, Point)> {
        Some((*self.corners.first()?, *self.corners.last()?))
    }
}

/// The path with the fewest turns from `a` to `b` under `rules`, or `None`.
///
/// Both `a` and `b` must lie on the board; their contents are ignored, every
/// other cell the line passes must be empty. The same cell twice gives `None`.
/// Among two-turn paths the shortest is returned, so the drawn line looks natural.
pub fn find_path(board: &Board, a: Point, b: Point, rules: Rules) -> Option<Path> {
    if a == b || !board.contains(a) || !board.contains(b) {
        return None;
    }
    if rules.max_turns > 2 {
        // A line of two turns or fewer is found in O(rows + cols); only
        // without one does the search spread over the board.
        let two = Rules {
            max_turns: 2,
            ..rules
        };
        return find_path(board, a, b, two).or_else(|| find_path_layered(board, a, b, rules));
    }
    let corners = if straight(board, a, b) {
        vec![a, b]
    } else if let Some(c) = (rules.max_turns >= 1)
        .then(|| one_turn(board, a, b))
        .flatten()
    {
        vec![a, c, b]
    } else if rules.max_turns >= 2 {
        let mut best: Option<(u32, [Point; 4])> = None;
        two_turns(board, a, b, rules.border, |corners| {
            let len = line_length(&corners);
            if best.is_none_or(|(l, _)| len < l) {
                best = Some((len, corners));
            }
            false
        });
        best?.1.to_vec()
    } else {
        return None;
    };
    Some(Path { corners })
}

/// Whether `a` and `b` can be joined under `rules`: the answer of
/// [`find_path`]`.is_some()`, without building the line and stopping at the
/// first line found. The solver asks this millions of times per search.
pub fn connects(board: &Board, a: Point, b: Point, rules: Rules) -> bool {
    if a == b || !board.contains(a) || !board.contains(b) {
        return false;
    }
    if rules.max_turns > 2 {
        return find_path_layered(board, a, b, rules).is_some();
    }
    straight(board, a, b)
        || (rules.max_turns >= 1 && one_turn(board, a, b).is_some())
        || (rules.max_turns >= 2 && two_turns(board, a, b, rules.border, |_| true))
}

/// The number of cell steps along a line given by its corners.
fn line_length(corners: &[Point]) -> u32 {
    corners
        .windows(2)
        .map(|w| w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col))
        .sum()
}

/// Whether the cells strictly between `p` and `q` (on one row or column) are empty.
fn clear_between(board: &Board, p: Point, q: Point) -> bool {
    if p.row == q.row {
        let (lo, hi) = (p.col.min(q.col), p.col.max(q.col));
        board.occupied_in_row(p.row, lo + 1, hi - 1) == 0
    } else {
        debug_assert_eq!(p.col, q.col);
        let (lo, hi) = (p.row.min(q.row), p.row.max(q.row));
        board.occupied_in_col(p.col, lo + 1, hi - 1) == 0
    }
}

/// Whether a straight line joins `a` and `b`.
fn straight(board: &Board, a: Point, b: Point) -> bool {
    (a.row == b.row || a.col == b.col) && clear_between(board, a, b)
}

/// The corner of a one-turn line from `a` to `b`, if there is one.
fn one_turn(board: &Board, a: Point, b: Point) -> Option<Point> {
    if a.row == b.row || a.col == b.col {
        return None;
    }
    [Point::new(a.row, b.col), Point::new(b.row, a.col)]
        .into_iter()
        .find(|&c| board.is_empty_at(c) && clear_between(board, a, c) && clear_between(board, c, b))
}

/// The range of free positions around `p` along one axis: how far the line can
/// run from `p` towards lower and higher coordinates through empty cells.
/// `empty(k)` tells whether coordinate `k` on that axis is free; `limit` is the
/// last coordinate on the board (the ring sits at -1 and `limit + 1`).
fn free_run(at: i32, limit: i32, border: Border, empty: impl Fn(i32) -> bool) -> (i32, i32) {
    let (min, max) = match border {
        Border::Open => (-1, limit + 1),
        Border::Closed => (0, limit),
    };
    let mut lo = at;
    while lo > min && empty(lo - 1) {
        lo -= 1;
    }
    let mut hi = at;
    while hi < max && empty(hi + 1) {
        hi += 1;
    }
    (lo, hi)
}

/// Offers every two-turn line from `a` to `b` to `offer`, as its four
/// corners, until `offer` returns `true`; returns whether it did.
fn two_turns(
    board: &Board,
    a: Point,
    b: Point,
    border: Border,
    mut offer: impl FnMut([Point; 4]) -> bool,
) -> bool {
    let last_row = board.rows() as i32 - 1;
    let last_col = board.cols() as i32 - 1;
    // Horizontal first: a -> (a.row, x) -> (b.row, x) -> b.
    if a.row != b.row {
        let run = |p: Point| {
            free_run(p.col, last_col, border, |c| {
                board.is_empty_at(Point::new(p.row, c))
            })
        };
        let (alo, ahi) = run(a);
        let (blo, bhi) = run(b);
        for x in alo.max(blo)..=ahi.min(bhi) {
            if x == a.col || x == b.col {
                continue;
            }
            let (p, q) = (Point::new(a.row, x), Point::new(b.row, x));
            if clear_between(board, p, q) && offer([a, p, q, b]) {
                return true;
            }
        }
    }
    // Vertical first: a -> (y, a.col) -> (y, b.col) -> b.
    if a.col != b.col {
        let run = |p: Point| {
            free_run(p.row, last_row, border, |r| {
                board.is_empty_at(Point::new(r, p.col))
            })
        };
        let (alo, ahi) = run(a);
        let (blo, bhi) = run(b);
        for y in alo.max(blo)..=ahi.min(bhi) {
            if y == a.row || y == b.row {
                continue;
            }
            let (p, q) = (Point::new(y, a.col), Point::new(y, b.col));
            if clear_between(board, p, q) && offer([a, p, q, b]) {
                return true;
            }
        }
    }
    false
}

/// The fewest-turn path by a turn-layered ray search, for any `max_turns`.
///
/// Layer `k` holds the cells the line reaches with `k` turns, each with the
/// axis it arrived along; layer `k + 1` scans perpendicular rays from them. A
/// ray keeps going through cells labelled in the same layer and stops at a tile
/// or at a cell already labelled on that axis (its whole free segment was
/// scanned then). A query costs the cells it reaches, up to O(rows x cols)
/// when the free cells are many, so [`find_path`] uses it only beyond two
/// turns and when no line of two turns exists; tests check both agree. The
/// labels live on between queries (as large as the largest board searched).
pub fn find_path_layered(board: &Board, a: Point, b: Point, rules: Rules) -> Option<Path> {
    if a == b || !board.contains(a) || !board.contains(b) {
        return None;
    }
    layered(board, a, Some(b), rules, &mut Vec::new())
}

/// Every tile a line under `rules` joins to the tile at `a`, whatever its
/// kind, in order: what [`find_path`] answers for each tile in turn, from one
/// search over the board. For more than two turns, where a query costs the
/// cells it reaches, this costs one query where asking tile by tile costs one
/// a tile (the dealers try dozens of partners for each tile they pick).
pub fn tiles_joined_to(board: &Board, a: Point, rules: Rules) -> Vec<Point> {
    if !board.contains(a) {
        return Vec::new();
    }
    let mut reached = Vec::new();
    layered(board, a, None, rules, &mut reached);
    reached.sort_unstable();
    reached.dedup();
    reached
}

/// The layered search of [`find_path_layered`] from `a`: to `target`, with
/// the path when it is reached; or, with no target, through every layer,
/// putting each tile a ray stops at into `reached` (in no order, some more
/// than once). Up to the moment it reaches a target the search is the same
/// either way, so a tile is reached exactly when a path to it is found.
fn layered(
    board: &Board,
    a: Point,
    target: Option<Point>,
    rules: Rules,
    reached: &mut Vec<Point>,
) -> Option<Path> {
    let grid = Ringed::of(board, rules.border);
    // A line ends in the target from a free cell next to it, or from `a`
    // itself: a target shut in by tiles is not reached, and finding that
    // out by the search costs every cell `a` reaches.
    if let Some(b) = target
        && !STEPS.iter().flatten().any(|&(dr, dc)| {
            let p = Point::new(b.row + dr, b.col + dc);
            p == a || (grid.inside(p) && board.is_empty_at(p))
        })
    {
        return None;
    }
    LABELS.with_borrow_mut(|labels| {
        for origin in labels.origin.iter_mut() {
            if origin.len() < grid.cells() {
                origin.resize(grid.cells(), NONE);
            }
        }
        labels.labelled.clear();
        labels.labelled.push(grid.index(a));
        let mut layer = 0..1;
        let mut found = None;
        'search: for _turns in 0..=rules.max_turns {
            let next = labels.labelled.len();
            for k in layer {
                let entry = labels.labelled[k];
                let from = grid.point_of(entry & !VERTICAL);
                let arrived = match (k, entry & VERTICAL) {
                    (0, _) => 2,
                    (_, 0) => 0,
                    _ => 1,
                };
                for axis in (0..2).filter(|&axis| axis != arrived) {
                    let vertical = if axis == 1 { VERTICAL } else { 0 };
                    for (dr, dc) in STEPS[axis] {
                        // The ray labels the empty cells it crosses that no
                        // ray labelled along this axis before, and stops at
                        // the target, at a tile, at a cell labelled before
                        // (its whole free segment was scanned then), or just
                        // outside the grid.
                        let mut p = from;
                        loop {
                            p = Point::new(p.row + dr, p.col + dc);
                            if !grid.inside(p) || Some(p) == target {
                                break;
                            }
                            let label = &mut labels.origin[axis][grid.slot(axis, p)];
                            if *label != NONE {
                                break;
                            }
                            if !board.is_empty_at(p) {
                                if target.is_none() && p != a {
                                    reached.push(p);
                                }
                                break;
                            }
                            *label = grid.index(from);
                            labels.labelled.push(grid.index(p) | vertical);
                        }
                        if Some(p) == target {
                            found = Some(grid.rebuild(&labels.origin, from, arrived, a, p));
                            break 'search;
                        }
                    }
                }
            }
            if labels.labelled.len() == next {
                break;
            }
            layer = next..labels.labelled.len();
        }
        grid.clear(labels);
        found
    })
}

/// The steps along each axis: horizontal (0) and vertical (1).
const STEPS: [[(i32, i32); 2]; 2] = [[(0, -1), (0, 1)], [(-1, 0), (1, 0)]];

/// The mark of a labelled cell reached along the vertical axis, in the top
/// bit of its entry in [`Labels::labelled`].
const VERTICAL: u32 = 1 << 31;

/// The board with the ring round it (the layered search's grid): a
/// `h` x `w` grid whose cell (0, 0) is the board's (-`pad`, -`pad`).
struct Ringed {
    pad: i32,
    h: i32,
    w: i32,
}

impl Ringed {
    fn of(board: &Board, border: Border) -> Self {
        let pad = match border {
            Border::Open => 1,
            Border::Closed => 0,
        };
        Ringed {
            pad,
            h: board.rows() as i32 + 2 * pad,
            w: board.cols() as i32 + 2 * pad,
        }
    }

    fn cells(&self) -> usize {
        (self.h * self.w) as usize
    }

    /// The row-major index of `p`: what a label holds.
    fn index(&self, p: Point) -> u32 {
        ((p.row + self.pad) * self.w + (p.col + self.pad)) as u32
    }

    fn point_of(&self, i: u32) -> Point {
        Point::new(i as i32 / self.w - self.pad, i as i32 % self.w - self.pad)
    }

    /// Where the label of `p` on `axis` is kept: row by row for the
    /// horizontal axis, column by column for the vertical one, so that every
    /// ray walks its labels in order.
    fn slot(&self, axis: usize, p: Point) -> usize {
        match axis {
            0 => ((p.row + self.pad) * self.w + (p.col + self.pad)) as usize,
            _ => ((p.col + self.pad) * self.h + (p.row + self.pad)) as usize,
        }
    }

    fn inside(&self, p: Point) -> bool {
        (-self.pad..self.h - self.pad).contains(&p.row)
            && (-self.pad..self.w - self.pad).contains(&p.col)
    }

    /// Walks the origin labels back from the last corner to `a`.
    fn rebuild(
        &self,
        origin: &[Vec<u32>],
        last: Point,
        arrived: usize,
        a: Point,
        b: Point,
    ) -> Path {
        let mut corners = vec![b];
        let (mut p, mut axis) = (last, arrived);
        while p != a {
            corners.push(p);
            p = self.point_of(origin[axis][self.slot(axis, p)]);
            axis = 1 - axis;
        }
        corners.push(a);
        corners.reverse();
        Path { corners }
    }

    /// Clears what a query labelled, so the next starts clean: cell by
    /// cell, or in one sweep when it labelled much of the grid.
    fn clear(&self, labels: &mut Labels) {
        let Labels { origin, labelled } = labels;
        if labelled.len() > self.cells() / 16 {
            origin.iter_mut().for_each(|o| o[..self.cells()].fill(NONE));
        } else {
            for &e in &labelled[1..] {
                let axis = usize::from(e & VERTICAL != 0);
                origin[axis][self.slot(axis, self.point_of(e & !VERTICAL))] = NONE;
            }
        }
    }
}

/// An origin label not set.
const NONE: u32 = u32::MAX;

/// The working memory of [`find_path_layered`], kept between queries.
struct Labels {
    /// `[axis][slot]`: the corner the ray that first reached a cell along
    /// `axis` (0 horizontal, 1 vertical) started from, or [`NONE`]. Cleared
    /// after each query, so a query costs what it reaches rather than the
    /// board's size.
    origin: [Vec<u32>; 2],
    /// The cells the current query labelled.
    labelled: Vec<u32>,
}

thread_local! {
    static LABELS: RefCell<Labels> = const {
        RefCell::new(Labels {
            origin: [Vec::new(), Vec::new()],
            labelled: Vec::new(),
        })
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three 7x7 boards of seed 000 (the empty border is part of the board).
    fn seed_board(middle: [u32; 7], bottom: [u32; 7]) -> Board {
        Board::from_rows(&[
            [0, 0, 0, 0, 0, 0, 0],
            [1, 1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            middle,
            [0, 0, 0, 0, 0, 0, 0],
            bottom,
            [0, 0, 0, 0, 0, 0, 0],
        ])
        .unwrap()
    }

    #[test]
    fn seed_000_boards() {
        let (a, b) = (Point::new(1, 1), Point::new(5, 5));
        let boards = [
            (
                seed_board([0, 1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 1, 1]),
                false,
            ),
            (
                seed_board([0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 0, 0, 1, 1]),
                true,
            ),
            (
                seed_board([0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1, 1]),
                false,
            ),
        ];
        for (board, expected) in &boards {
            for rules in [Rules::JUDGE, Rules::CLASSIC] {
                let found = find_path(board, a, b, rules);
                assert_eq!(found.is_some(), *expected, "{board:?} {rules:?}");
                assert_eq!(find_path_layered(board, a, b, rules).is_some(), *expected);
            }
        }
        let path = find_path(&boards[1].0, a, b, Rules::JUDGE).unwrap();
        assert_eq!(path.corners, vec![a, Point::new(1, 3), Point::new(5, 3), b]);
    }

    #[test]
    fn adjacent_and_same_cell() {
        let board = Board::from_rows(&[[1, 1], [2, 2]]).unwrap();
        let p = find_path(&board, Point::new(0, 0), Point::new(0, 1), Rules::JUDGE).unwrap();
        assert_eq!(p.corners, vec![Point::new(0, 0), Point::new(0, 1)]);
        assert_eq!(
            find_path(&board, Point::new(0, 0), Point::new(0, 0), Rules::CLASSIC),
            None
        );
        assert_eq!(
            find_path_layered(&board, Point::new(0, 0), Point::new(0, 0), Rules::CLASSIC),
            None
        );
    }

    #[test]
    fn outer_ring_only_when_open() {
        // Two tiles on the top row with a wall between them: only the ring joins them.
        let board = Board::from_rows(&[[1, 2, 1], [3, 4, 5]]).unwrap();
        let (a, b) = (Point::new(0, 0), Point::new(0, 2));
        assert_eq!(find_path(&board, a, b, Rules::JUDGE), None);
        let path = find_path(&board, a, b, Rules::CLASSIC).unwrap();
        assert_eq!(
            path.corners,
            vec![a, Point::new(-1, 0), Point::new(-1, 2), b]
        );
        let layered = find_path_layered(&board, a, b, Rules::CLASSIC).unwrap();
        assert_eq!(layered.turns(), 2);
    }

    #[test]
    fn more_turns_when_allowed() {
        // a must go down, right, up, right, down: four turns.
        let board = Board::from_rows(&[
            [1, 9, 0, 0, 0],
            [0, 9, 0, 9, 0],
            [0, 0, 0, 9, 1],
            [9, 9, 9, 9, 9],
        ])
        .unwrap();
        let (a, b) = (Point::new(0, 0), Point::new(2, 4));
        let closed = |t| Rules {
            max_turns: t,
            border: Border::Closed,
        };
        assert_eq!(find_path(&board, a, b, closed(2)), None);
        let path = find_path(&board, a, b, closed(4)).unwrap();
        assert_eq!(path.turns(), 4);
        assert_eq!(find_path(&board, a, b, closed(3)), None);
        // A huge turn limit ends as soon as nothing new is reached.
        assert_eq!(
            find_path(&board, a, b, closed(u32::MAX)).unwrap().turns(),
            4
        );
        let walled = Board::from_rows(&[[1, 9, 1]]).unwrap();
        let far = Point::new(0, 2);
        assert_eq!(
            find_path(&walled, Point::new(0, 0), far, closed(u32::MAX)),
            None
        );
    }
}
