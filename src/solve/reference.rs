//! A plain, obviously correct fewest-turn search, kept as the yardstick for the
//! engine: property tests compare answers with it and benchmarks compare speed.
//!
//! It is a 0-1 breadth-first search over (cell, direction): stepping on in the
//! same direction costs nothing, turning costs one. No cleverness, no shortcuts.

use std::collections::VecDeque;

use crate::core::engine::{Border, Rules};
use crate::core::grid::{Board, Point};

const DIRS: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The fewest turns of any line from `a` to `b` through empty cells, if that is
/// at most `rules.max_turns`; `None` when no such line exists or `a == b`.
pub fn min_turns(board: &Board, a: Point, b: Point, rules: Rules) -> Option<u32> {
    if a == b || !board.contains(a) || !board.contains(b) {
        return None;
    }
    let pad = i32::from(rules.border == Border::Open);
    let (h, w) = (board.rows() as i32, board.cols() as i32);
    let inside = |p: Point| p.row >= -pad && p.col >= -pad && p.row < h + pad && p.col < w + pad;
    let slot =
        |p: Point, d: usize| (((p.row + pad) * (w + 2 * pad) + p.col + pad) * 4) as usize + d;
    let mut best = vec![u32::MAX; ((h + 2 * pad) * (w + 2 * pad) * 4) as usize];
    let mut queue = VecDeque::new();
    // A state is "standing on cell p, having arrived moving in direction d".
    // The line may enter `b` but never leave it, and never re-enter `a`.
    let enterable = |p: Point| p == b || (p != a && inside(p) && board.is_empty_at(p));
    for (d, (dr, dc)) in DIRS.iter().enumerate() {
        let p = Point::new(a.row + dr, a.col + dc);
        if enterable(p) {
            best[slot(p, d)] = 0;
            queue.push_back((p, d, 0));
        }
    }
    while let Some((p, d, turns)) = queue.pop_front() {
        if turns > best[slot(p, d)] || p == b {
            continue;
        }
        for (nd, (dr, dc)) in DIRS.iter().enumerate() {
            let cost = turns + u32::from(nd != d);
            let q = Point::new(p.row + dr, p.col + dc);
            if cost <= rules.max_turns && enterable(q) && cost < best[slot(q, nd)] {
                best[slot(q, nd)] = cost;
                if nd == d {
                    queue.push_front((q, nd, cost));
                } else {
                    queue.push_back((q, nd, cost));
                }
            }
        }
    }
    (0..4)
        .map(|d| best[slot(b, d)])
        .min()
        .filter(|&t| t != u32::MAX)
}

/// Checks that `corners` is a legal line from `a` to `b` under `rules`, by plain
/// rule code: it starts at `a` and ends at `b`, every leg is straight and turns
/// at each corner, it turns at most `rules.max_turns` times, and every cell it
/// passes between its ends is empty and on the board (or on the outer ring when
/// the border is open). Used to replay paths and moves independently of the engine.
pub fn check_path(
    board: &Board,
    corners: &[Point],
    a: Point,
    b: Point,
    rules: Rules,
) -> Result<(), String> {
    if corners.len() < 2 || corners[0] != a || corners[corners.len() - 1] != b {
        return Err(format!(
            "the line must run from {a:?} to {b:?}: {corners:?}"
        ));
    }
    if corners.len() - 2 > rules.max_turns as usize {
        return Err(format!(
            "{} turns, at most {} allowed",
            corners.len() - 2,
            rules.max_turns
        ));
    }
    let pad = i32::from(rules.border == Border::Open);
    let (h, w) = (board.rows() as i32, board.cols() as i32);
    let mut previous_axis = None;
    for leg in corners.windows(2) {
        let (p, q) = (leg[0], leg[1]);
        let axis = match (p.row == q.row, p.col == q.col) {
            (true, false) => 0,
            (false, true) => 1,
            _ => return Err(format!("leg {p:?} -> {q:?} is not a straight move")),
        };
        if previous_axis == Some(axis) {
            return Err(format!("no turn at {p:?}"));
        }
        previous_axis = Some(axis);
        let (dr, dc) = ((q.row - p.row).signum(), (q.col - p.col).signum());
        let mut cell = p;
        loop {
            cell = Point::new(cell.row + dr, cell.col + dc);
            if cell == q && q == b {
                break;
            }
            let inside =
                cell.row >= -pad && cell.col >= -pad && cell.row < h + pad && cell.col < w + pad;
            if !inside || !board.is_empty_at(cell) || cell == a || cell == b {
                return Err(format!("the line is blocked at {cell:?}"));
            }
            if cell == q {
                break;
            }
        }
    }
    Ok(())
}
