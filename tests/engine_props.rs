//! The engine against the plain reference search on many random boards, for
//! every rule combination: same answer, a legal line, and the fewest turns;
//! `connects` and the empty-cell masks give the same yes or no, and the masks
//! follow board edits; the tiles joined to one tile, found in one search,
//! are those the reference joins.

#[path = "support/boards.rs"]
mod boards;
#[path = "support/prop_config.rs"]
mod prop_config;
use lianliankan::core::engine::{
    Border, Rules, connects, find_path, find_path_layered, tiles_joined_to,
};
use lianliankan::core::grid::{Board, Point};
use lianliankan::core::masks::EmptyMasks;
use lianliankan::solve::reference::{check_path, min_turns};
use proptest::prelude::*;

fn all_rules() -> impl Iterator<Item = Rules> {
    [Border::Open, Border::Closed]
        .into_iter()
        .flat_map(|border| (0..=3).map(move |max_turns| Rules { max_turns, border }))
}

proptest! {
    #![proptest_config(prop_config::prop_config(4000))]

    #[test]
    fn engine_agrees_with_reference(board in boards::board(12, 3), picks in proptest::collection::vec((any::<u16>(), any::<u16>()), 6)) {
        let cells: Vec<Point> = board.points().collect();
        for (i, j) in picks {
            let a = cells[i as usize % cells.len()];
            let b = cells[j as usize % cells.len()];
            for rules in all_rules() {
                let expected = min_turns(&board, a, b, rules);
                let fast = find_path(&board, a, b, rules);
                let layered = find_path_layered(&board, a, b, rules);
                prop_assert_eq!(connects(&board, a, b, rules), expected.is_some(),
                    "connects {:?} {:?} -> {:?} on {:?}", rules, a, b, board);
                if rules.max_turns <= EmptyMasks::MAX_TURNS {
                    let masks = EmptyMasks::new(&board, rules.border).unwrap();
                    prop_assert_eq!(masks.connects(a, b, rules.max_turns), expected.is_some(),
                        "masks {:?} {:?} -> {:?} on {:?}", rules, a, b, board);
                }
                for (name, found) in [("find_path", &fast), ("layered", &layered)] {
                    prop_assert_eq!(found.as_ref().map(|p| p.turns() as u32), expected,
                        "{} {:?} {:?} -> {:?} on {:?}", name, rules, a, b, board);
                    if let Some(path) = found {
                        prop_assert!(check_path(&board, &path.corners, a, b, rules).is_ok(),
                            "{} gave a bad line {:?}: {:?} on {:?}", name, path.corners,
                            check_path(&board, &path.corners, a, b, rules), board);
                    }
                }
            }
        }
    }

    #[test]
    fn engine_follows_board_edits(board in boards::board(12, 3), edits in proptest::collection::vec((any::<u16>(), 0u32..=2), 1..20)) {
        let mut board = board;
        let cells: Vec<Point> = board.points().collect();
        let mut masks = EmptyMasks::new(&board, Border::Open).unwrap();
        for (i, kind) in edits {
            let p = cells[i as usize % cells.len()];
            board.set(p, kind);
            masks.set_empty(p, kind == 0);
        }
        let rebuilt = Board::from_tiles(board.rows(), board.cols(), board.tiles().to_vec()).unwrap();
        prop_assert_eq!(&board, &rebuilt);
        prop_assert_eq!(masks, EmptyMasks::new(&rebuilt, Border::Open).unwrap());
    }
}

proptest! {
    // Each case asks the reference about every tile: fewer cases.
    #![proptest_config(prop_config::prop_config(1000))]

    /// The dealers ask which tiles join one tile with one search: it must
    /// list exactly the tiles the reference joins to it, in order.
    #[test]
    fn every_tile_joined_to_one_is_found(board in boards::board(12, 3), pick in any::<u16>()) {
        let cells: Vec<Point> = board.points().collect();
        let a = cells[pick as usize % cells.len()];
        for rules in all_rules().chain([Rules { max_turns: 5, border: Border::Open }]) {
            let expected: Vec<Point> = board
                .tile_points()
                .filter(|&b| b != a && min_turns(&board, a, b, rules).is_some())
                .collect();
            prop_assert_eq!(tiles_joined_to(&board, a, rules), expected,
                "{:?} from {:?} on {:?}", rules, a, board);
        }
    }
}

/// A side of a board the masks take, one of the extremes (1, 2, 61 and 62,
/// where a run or the ring meets a word's end) as often as any other.
fn mask_side() -> impl Strategy<Value = usize> {
    let most = EmptyMasks::MAX_SIDE;
    prop_oneof![
        proptest::sample::select(vec![1, 2, most - 1, most]),
        1..=most
    ]
}

proptest! {
    // Boards of up to the masks' widest side: fewer cases, as each
    // reference search may cover the board.
    #![proptest_config(prop_config::prop_config(300))]

    /// The masks answer as the reference on every shape they take, from one
    /// cell wide to [`EmptyMasks::MAX_SIDE`], where the ring fills the
    /// word's last bit (the tests above stop at 12).
    #[test]
    fn masks_agree_with_reference_up_to_their_widest_side(
        board in boards::sized_board(mask_side(), mask_side(), 1),
        picks in proptest::collection::vec((any::<u16>(), any::<u16>()), 8),
    ) {
        let cells: Vec<Point> = board.points().collect();
        for border in Border::ALL {
            let masks = EmptyMasks::new(&board, border).unwrap();
            for &(i, j) in &picks {
                let a = cells[i as usize % cells.len()];
                let b = cells[j as usize % cells.len()];
                for max_turns in 0..=EmptyMasks::MAX_TURNS {
                    let rules = Rules { max_turns, border };
                    prop_assert_eq!(masks.connects(a, b, max_turns),
                        min_turns(&board, a, b, rules).is_some(),
                        "{:?} {:?} -> {:?} on {:?}", rules, a, b, board);
                }
            }
        }
    }
}

#[test]
fn check_path_rejects_bad_lines() {
    let board = Board::from_rows(&[[1, 0, 1], [0, 2, 0]]).unwrap();
    let (a, b) = (Point::new(0, 0), Point::new(0, 2));
    let ok = [a, b];
    assert!(check_path(&board, &ok, a, b, Rules::JUDGE).is_ok());
    let through_tile = [a, Point::new(1, 0), Point::new(1, 2), b];
    assert!(check_path(&board, &through_tile, a, b, Rules::JUDGE).is_err());
    let diagonal = [a, Point::new(1, 1), b];
    assert!(check_path(&board, &diagonal, a, b, Rules::JUDGE).is_err());
    let ring = [a, Point::new(-1, 0), Point::new(-1, 2), b];
    assert!(check_path(&board, &ring, a, b, Rules::JUDGE).is_err());
    assert!(check_path(&board, &ring, a, b, Rules::CLASSIC).is_ok());
    let no_turn = [a, Point::new(0, 1), b];
    assert!(check_path(&board, &no_turn, a, b, Rules::CLASSIC).is_err());
}
