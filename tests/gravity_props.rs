//! Gravity against the naive slide of `solve::replay` on random boards, in
//! every variant: removals on boards as given (settled or not), the first one
//! settling the whole board and later ones only the lines they touch, and the
//! occupancy counts kept right whether a pack updates them cell by cell or
//! recounts the board.

#[path = "support/boards.rs"]
mod boards;
#[path = "support/prop_config.rs"]
mod prop_config;

use lianliankan::core::gravity::{Gravity, Slide, remove_pair, remove_pair_settled};
use lianliankan::core::grid::{Board, EMPTY, Point};
use lianliankan::solve::replay::fall;
use proptest::prelude::*;

/// The same board built afresh, so its counts are certainly right: a board
/// equals it only if its own counts are right too.
fn recounted(board: &Board) -> Board {
    Board::from_tiles(board.rows(), board.cols(), board.tiles().to_vec()).unwrap()
}

/// Plays `slides` on `before` (the board with the pair removed): every tile
/// moved once, onto an empty cell; the result must be `after`.
fn slides_replay(before: &Board, slides: &[Slide], after: &Board) -> Result<(), TestCaseError> {
    let mut replay = before.clone();
    let moved: Vec<u32> = slides.iter().map(|s| before.get(s.from)).collect();
    for s in slides {
        replay.set(s.from, EMPTY);
    }
    for (s, tile) in slides.iter().zip(moved) {
        prop_assert_ne!(tile, EMPTY);
        prop_assert_eq!(replay.get(s.to), EMPTY, "two tiles slid to {:?}", s.to);
        replay.set(s.to, tile);
    }
    prop_assert_eq!(replay.tiles(), after.tiles());
    Ok(())
}

proptest! {
    #![proptest_config(prop_config::prop_config(1500))]

    #[test]
    fn removals_slide_as_the_naive_gravity_does(
        board in boards::board(14, 5),
        gravity in proptest::sample::select(Gravity::LEVELS.to_vec()),
        picks in proptest::collection::vec((any::<u16>(), any::<u16>()), 1..12),
    ) {
        let mut full = board.clone();
        let mut lazy = board;
        let mut settled = false;
        for (n, (i, j)) in picks.into_iter().enumerate() {
            let tiles: Vec<Point> = full.points().filter(|&p| !full.is_empty_at(p)).collect();
            if tiles.len() < 2 {
                break;
            }
            let a = tiles[i as usize % tiles.len()];
            let b = tiles[j as usize % tiles.len()];
            if a == b {
                continue;
            }
            let mut expected = full.clone();
            expected.set(a, EMPTY);
            expected.set(b, EMPTY);
            let removed = expected.clone();
            fall(&mut expected, gravity);

            let slides = remove_pair(&mut full, a, b, gravity);
            prop_assert_eq!(full.tiles(), expected.tiles(), "{:?} move {}", gravity, n);
            prop_assert_eq!(&full, &recounted(&full));
            slides_replay(&removed, &slides, &full)?;

            // After the first removal the board has settled: later ones need
            // only the lines through the pair.
            let slides = if settled {
                remove_pair_settled(&mut lazy, a, b, gravity)
            } else {
                remove_pair(&mut lazy, a, b, gravity)
            };
            settled = true;
            prop_assert_eq!(lazy.tiles(), expected.tiles(), "{:?} move {} (lines only)", gravity, n);
            prop_assert_eq!(&lazy, &recounted(&lazy));
            slides_replay(&removed, &slides, &lazy)?;
        }
    }
}
