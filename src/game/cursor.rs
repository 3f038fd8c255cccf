//! Where the keyboard cursor goes on a key: one cell, or a jump to the next
//! tile, both wrapping round at the edges of the board (a jump carries on into
//! the next line when its own has no other tile). Pure functions of
//! the board, so the game moves its cursor with them and
//! `examples/key_presses.rs` plans the fewest key presses with the same.

use super::Direction;
use crate::core::grid::{Board, Point};

/// The cell one step from `from` towards `d`, wrapping round: Right on the
/// last column goes to the first column of the same row, Down on the last
/// row to the top of the same column.
pub fn step(board: &Board, from: Point, d: Direction) -> Point {
    line(board, from, d).next().unwrap_or(from)
}

/// The next tile from `from` towards `d` in its row (Left, Right) or column
/// (Up, Down), wrapping round at the edge. When that line has no other tile
/// the jump carries on in reading order, so the key never does nothing while
/// another tile is left: Right goes on to the rows below (each left to right),
/// Left to the rows above (each right to left), Down to the columns to the
/// right (each top to bottom), Up to the columns to the left (each bottom to
/// top), round the board. `from` itself when no other tile is left.
pub fn jump(board: &Board, from: Point, d: Direction) -> Point {
    let tile = |p: &Point| !board.is_empty_at(*p);
    line(board, from, d)
        .find(tile)
        .or_else(|| reading_order(board, from, d).find(tile))
        .unwrap_or(from)
}

/// The other cells of the board in the order a cursor reading towards `d`
/// meets them from `from`: row after row for Left and Right, column after
/// column for Up and Down, forwards for Right and Down, backwards for Left
/// and Up, wrapping round from the last cell to the first.
fn reading_order(board: &Board, from: Point, d: Direction) -> impl Iterator<Item = Point> {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let from = on_board(board, from);
    let vertical = matches!(d, Direction::Up | Direction::Down);
    let forward = matches!(d, Direction::Down | Direction::Right);
    let (lines, len) = if vertical { (cols, rows) } else { (rows, cols) };
    let cells = lines * len;
    let at = if vertical {
        from.col * rows + from.row
    } else {
        from.row * cols + from.col
    };
    (1..cells.max(1)).map(move |i| {
        let k = (at + if forward { i } else { cells - i }) % cells;
        let (line, along) = (k / len, k % len);
        if vertical {
            Point::new(along, line)
        } else {
            Point::new(line, along)
        }
    })
}

/// `p` brought onto the board: a cursor left off it (a board that shrank)
/// goes to the nearest cell.
fn on_board(board: &Board, p: Point) -> Point {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    Point::new(
        p.row.clamp(0, (rows - 1).max(0)),
        p.col.clamp(0, (cols - 1).max(0)),
    )
}

/// The other cells of `from`'s row or column in the order a cursor moving
/// towards `d` meets them, wrapping round at the edge. A cursor off the
/// board (a board that shrank) is brought onto it first.
fn line(board: &Board, from: Point, d: Direction) -> impl Iterator<Item = Point> {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let Point { row, col } = on_board(board, from);
    let (len, at, forward) = match d {
        Direction::Up => (rows, row, false),
        Direction::Down => (rows, row, true),
        Direction::Left => (cols, col, false),
        Direction::Right => (cols, col, true),
    };
    let vertical = matches!(d, Direction::Up | Direction::Down);
    (1..len.max(1)).map(move |i| {
        let i = if forward { i } else { len - i };
        let k = (at + i) % len;
        if vertical {
            Point::new(k, col)
        } else {
            Point::new(row, k)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::grid::EMPTY;
    use crate::game::test_support::at;
    use Direction::{Down, Left, Right, Up};

    /// `rows` as text: a digit is a tile of that kind, `.` an empty cell.
    fn board(rows: &[&str]) -> Board {
        let cols = rows[0].len();
        let tiles = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| c.to_digit(10).unwrap_or(EMPTY))
            .collect();
        Board::from_tiles(rows.len(), cols, tiles).unwrap()
    }

    #[test]
    fn a_step_wraps_round_every_edge_and_stays_in_its_line() {
        let b = board(&["123", "4.5", "612"]);
        assert_eq!(step(&b, at(0, 2), Right), at(0, 0));
        assert_eq!(step(&b, at(1, 0), Left), at(1, 2));
        assert_eq!(step(&b, at(0, 1), Up), at(2, 1));
        assert_eq!(step(&b, at(2, 1), Down), at(0, 1));
        // Inside the board a step is one cell, onto an empty cell too.
        assert_eq!(step(&b, at(1, 0), Right), at(1, 1));
        assert_eq!(step(&b, at(0, 1), Down), at(1, 1));
        // Going round a line comes back to the start.
        let mut p = at(1, 1);
        for _ in 0..3 {
            p = step(&b, p, Right);
        }
        assert_eq!(p, at(1, 1));
    }

    #[test]
    fn a_jump_goes_to_the_next_tile_over_empty_cells_and_wraps() {
        let b = board(&["1..2.", ".....", "3...4", "....."]);
        assert_eq!(jump(&b, at(0, 0), Right), at(0, 3));
        // Past the last tile of the row it wraps to the first.
        assert_eq!(jump(&b, at(0, 3), Right), at(0, 0));
        assert_eq!(jump(&b, at(0, 0), Left), at(0, 3));
        assert_eq!(jump(&b, at(0, 4), Right), at(0, 0));
        assert_eq!(jump(&b, at(0, 0), Down), at(2, 0));
        assert_eq!(jump(&b, at(2, 0), Down), at(0, 0));
        assert_eq!(jump(&b, at(0, 0), Up), at(2, 0));
        // From an empty cell it finds the tile, however far.
        assert_eq!(jump(&b, at(1, 4), Down), at(2, 4));
        assert_eq!(jump(&b, at(3, 4), Down), at(2, 4));
        assert_eq!(jump(&b, at(3, 3), Up), at(0, 3));
        // A line with no other tile: the jump carries on in reading order,
        // from a tile or not. Down goes on to the next column, top first;
        assert_eq!(jump(&b, at(0, 3), Down), at(2, 4));
        // Left to the rows above, right end first;
        assert_eq!(jump(&b, at(1, 2), Left), at(0, 3));
        // Up to the columns to the left, bottom first;
        assert_eq!(jump(&b, at(3, 1), Up), at(2, 0));
        // Right to the rows below, left end first.
        assert_eq!(jump(&b, at(1, 2), Right), at(2, 0));
    }

    #[test]
    fn a_jump_from_a_lone_line_goes_round_the_board_and_stays_only_when_alone() {
        let b = board(&["..1", "...", "2.."]);
        // From the last row Right carries on round to the first row; from
        // the first row Left carries on round to the last.
        assert_eq!(jump(&b, at(2, 0), Right), at(0, 2));
        assert_eq!(jump(&b, at(0, 2), Left), at(2, 0));
        // Likewise Down from the last column and Up from the first.
        assert_eq!(jump(&b, at(0, 2), Down), at(2, 0));
        assert_eq!(jump(&b, at(2, 0), Up), at(0, 2));
        // The only tile on the board: every jump stays on it.
        let alone = board(&["...", ".1.", "..."]);
        for d in [Up, Down, Left, Right] {
            assert_eq!(jump(&alone, at(1, 1), d), at(1, 1));
        }
        // From an empty cell the only tile is found whichever way.
        for d in [Up, Down, Left, Right] {
            assert_eq!(jump(&alone, at(0, 0), d), at(1, 1));
        }
    }

    #[test]
    fn one_column_one_row_and_empty_boards() {
        let column = board(&["1", ".", "1"]);
        for d in [Left, Right] {
            assert_eq!(step(&column, at(1, 0), d), at(1, 0));
            // Its row has no other tile: on to the other 1.
            assert_eq!(jump(&column, at(0, 0), d), at(2, 0));
        }
        assert_eq!(step(&column, at(2, 0), Down), at(0, 0));
        assert_eq!(jump(&column, at(0, 0), Down), at(2, 0));
        assert_eq!(jump(&column, at(0, 0), Up), at(2, 0));
        let row = board(&["1.1"]);
        assert_eq!(step(&row, at(0, 1), Up), at(0, 1));
        assert_eq!(jump(&row, at(0, 2), Right), at(0, 0));
        let empty = board(&["..", ".."]);
        for d in [Up, Down, Left, Right] {
            assert_eq!(jump(&empty, at(1, 1), d), at(1, 1));
            assert_ne!(step(&empty, at(1, 1), d), at(1, 1));
        }
        // A cursor left off the board comes back onto it.
        assert_eq!(step(&row, at(5, 9), Left), at(0, 1));
    }
}
