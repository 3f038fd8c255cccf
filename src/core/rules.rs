//! The matching rule: which two tiles may be removed together, and which
//! pairs on a board can go now. The game, the dealer, the solver and the
//! batch commands all ask here, so they cannot disagree.

use crate::core::engine::{Rules, connects};
use crate::core::grid::{Board, EMPTY, Point, Tile};

/// Whether the tiles at `a` and `b` may be removed together under `rules`:
/// two different cells holding the same kind, joined by a line.
pub fn can_match(board: &Board, a: Point, b: Point, rules: Rules) -> bool {
    let kind = board.get(a);
    a != b && kind != EMPTY && kind == board.get(b) && connects(board, a, b, rules)
}

/// The occupied cells grouped by kind, kinds in ascending order, each group
/// in row-major order: the candidates for a pair, kind by kind.
pub fn kind_groups(board: &Board) -> Vec<Vec<Point>> {
    let cols = board.cols();
    let mut cells: Vec<(Tile, usize)> = board
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != EMPTY)
        .map(|(i, &t)| (t, i))
        .collect();
    cells.sort_unstable();
    cells
        .chunk_by(|x, y| x.0 == y.0)
        .map(|group| {
            group
                .iter()
                .map(|&(_, i)| Point::new((i / cols) as i32, (i % cols) as i32))
                .collect()
        })
        .collect()
}

/// Every pair that can be removed now under `rules`, kind by kind (in the
/// order of [`kind_groups`]), lazily: an empty sequence on a board with
/// tiles is a deadlock.
pub fn matchable_pairs(board: &Board, rules: Rules) -> impl Iterator<Item = (Point, Point)> + '_ {
    kind_groups(board).into_iter().flat_map(move |group| {
        let n = group.len();
        (0..n)
            .flat_map(move |i| (i + 1..n).map(move |j| (i, j)))
            .map(move |(i, j)| (group[i], group[j]))
            .filter(move |&(a, b)| connects(board, a, b, rules))
    })
}

/// One pair that can be removed now under `rules` (the first of
/// [`matchable_pairs`]), or `None` in deadlock or on an empty board.
pub fn find_match(board: &Board, rules: Rules) -> Option<(Point, Point)> {
    matchable_pairs(board, rules).next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::grid::text_board;

    #[test]
    fn pairs_need_one_kind_two_cells_and_a_line() {
        // The Bs touch; the As and the Cs are split by them, so only the
        // open border (round the outside) joins those.
        let board = text_board(&["ABA", "CBC"]);
        let (closed, open) = (Rules::JUDGE, Rules::CLASSIC);
        let p = Point::new;
        assert!(can_match(&board, p(0, 1), p(1, 1), closed));
        assert!(!can_match(&board, p(0, 1), p(0, 1), closed), "one cell");
        assert!(!can_match(&board, p(0, 0), p(1, 0), open), "two kinds");
        assert!(!can_match(&board, p(0, 0), p(0, 2), closed), "no line");
        assert!(can_match(&board, p(0, 0), p(0, 2), open));
        assert_eq!(
            kind_groups(&board),
            vec![
                vec![p(0, 0), p(0, 2)],
                vec![p(0, 1), p(1, 1)],
                vec![p(1, 0), p(1, 2)]
            ]
        );
        let pairs: Vec<_> = matchable_pairs(&board, closed).collect();
        assert_eq!(pairs, [(p(0, 1), p(1, 1))]);
        assert_eq!(find_match(&board, closed), Some((p(0, 1), p(1, 1))));
        assert_eq!(matchable_pairs(&board, open).count(), 3);
        let stuck = text_board(&["AB", "BA"]);
        assert_eq!(find_match(&stuck, closed), None);
    }
}
