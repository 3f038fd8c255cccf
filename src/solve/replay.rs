//! Independent replay of move lists, to check the solver and the dealer.
//!
//! Each move is checked with the path engine and then with the plain rule code
//! of [`crate::solve::reference::check_path`]; tiles then slide by a deliberately
//! naive gravity (one cell at a time until nothing moves) that shares no code
//! with [`crate::core::gravity`].

use crate::core::engine::{Rules, find_path};
use crate::core::gravity::Gravity;
use crate::core::grid::{Board, EMPTY, Point};
use crate::solve::reference::check_path;
use crate::solve::solver::Move;

/// Plays `moves` on a copy of `board` and returns the board left, or the first
/// illegal move with the reason. Clearing the board is the caller's check.
pub fn replay(
    board: &Board,
    moves: &[Move],
    rules: Rules,
    gravity: Gravity,
) -> Result<Board, String> {
    let mut board = board.clone();
    for (n, &mv) in moves.iter().enumerate() {
        play_move(&mut board, mv, rules, gravity)
            .map_err(|why| format!("move {} ({:?} - {:?}): {why}", n + 1, mv.a, mv.b))?;
    }
    Ok(board)
}

/// Checks one move on `board` and plays it (removal, then the naive slide);
/// on an illegal move the board is left unchanged and the reason returned.
pub fn play_move(
    board: &mut Board,
    mv: Move,
    rules: Rules,
    gravity: Gravity,
) -> Result<(), String> {
    let Move { a, b } = mv;
    if !board.contains(a) || !board.contains(b) || a == b {
        return Err("not two cells of the board".into());
    }
    let kind = board.get(a);
    if kind == EMPTY || board.get(b) != kind {
        return Err("not two tiles of one kind".into());
    }
    let path = find_path(board, a, b, rules).ok_or("no path")?;
    check_path(board, &path.corners, a, b, rules)?;
    board.set(a, EMPTY);
    board.set(b, EMPTY);
    fall(board, gravity);
    Ok(())
}

/// The cell a tile at `p` slides into next under `gravity`, if any.
fn next_cell(board: &Board, p: Point, gravity: Gravity) -> Option<Point> {
    let (half_rows, half_cols) = (board.rows() as i32 / 2, board.cols() as i32 / 2);
    let (r, c) = (p.row, p.col);
    let (q, same_half) = match gravity {
        Gravity::None => return None,
        Gravity::Down => (Point::new(r + 1, c), true),
        Gravity::Up => (Point::new(r - 1, c), true),
        Gravity::Left => (Point::new(r, c - 1), true),
        Gravity::Right => (Point::new(r, c + 1), true),
        Gravity::CenterH if c < half_cols => (Point::new(r, c + 1), c + 1 < half_cols),
        Gravity::CenterH => (Point::new(r, c - 1), c > half_cols),
        Gravity::CenterV if r < half_rows => (Point::new(r + 1, c), r + 1 < half_rows),
        Gravity::CenterV => (Point::new(r - 1, c), r > half_rows),
    };
    (same_half && board.contains(q)).then_some(q)
}

/// Moves tiles one cell at a time towards their side until none can move:
/// the naive slide, for tests of [`crate::core::gravity`] as well.
pub fn fall(board: &mut Board, gravity: Gravity) {
    let cells: Vec<Point> = board.points().collect();
    let mut moved = true;
    while moved {
        moved = false;
        for &p in &cells {
            let tile = board.get(p);
            if tile == EMPTY {
                continue;
            }
            if let Some(q) = next_cell(board, p, gravity)
                && board.is_empty_at(q)
            {
                board.set(q, tile);
                board.set(p, EMPTY);
                moved = true;
            }
        }
    }
}
