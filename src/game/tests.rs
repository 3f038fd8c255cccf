//! Unit tests of the game rules, on hand-built boards and a stepped clock.

use super::test_support::{at, cfg};
use super::*;

/// 3 x 4: the two 1s see each other straight along row 0 once the 5 between
/// them is gone; 2s are walled apart; 3s differ from their neighbours.
fn small(now: Instant) -> Game {
    let board = Board::from_rows(&[[1, 5, 1, 2], [3, 4, 4, 3], [2, 5, 6, 6]]).unwrap();
    Game::from_board(board, cfg(), now)
}

#[test]
fn first_click_selects_second_click_on_it_deselects() {
    let t = Instant::now();
    let mut g = small(t);
    g.apply(Action::Click(at(0, 0)), t);
    assert_eq!(g.selected(), Some(at(0, 0)));
    assert_eq!(g.cursor(), at(0, 0));
    g.apply(Action::Click(at(0, 0)), t);
    assert_eq!(g.selected(), None);
}

#[test]
fn different_kinds_move_the_selection_and_say_why() {
    let t = Instant::now();
    let mut g = small(t);
    g.apply(Action::Click(at(0, 0)), t);
    g.apply(Action::Click(at(0, 1)), t);
    assert_eq!(g.selected(), Some(at(0, 1)));
    assert_eq!(g.notice(t), Some(Notice::DifferentTiles));
    assert_eq!(g.board().tile_count(), 12);
    assert_eq!(g.notice(t + NOTICE_TIME), None);
}

#[test]
fn no_path_moves_the_selection_and_says_why() {
    let t = Instant::now();
    let mut g = small(t);
    // The 5s at (0,1) and (2,1) are walled apart by the 4 at (1,1)... and the
    // ring route needs three turns.
    g.apply(Action::Click(at(0, 1)), t);
    g.apply(Action::Click(at(2, 1)), t);
    assert_eq!(g.notice(t), Some(Notice::NoPath));
    assert_eq!(g.selected(), Some(at(2, 1)));
    assert_eq!(g.score(), 0);
}

#[test]
fn a_match_removes_both_scores_and_keeps_the_line() {
    let t = Instant::now();
    let mut g = small(t);
    g.apply(Action::Click(at(1, 1)), t);
    g.apply(Action::Click(at(1, 2)), t);
    assert_eq!(g.board().get(at(1, 1)), EMPTY);
    assert_eq!(g.board().get(at(1, 2)), EMPTY);
    assert_eq!(g.selected(), None);
    assert_eq!(g.score(), score::BASE);
    let r = g.removal(t).unwrap();
    assert_eq!(r.kind, 4);
    assert_eq!(r.path.corners, vec![at(1, 1), at(1, 2)]);
    assert!(g.removal(t + REMOVAL_TIME).is_none());
    assert_eq!(g.next_change(t), Some(t + REMOVAL_TIME));
}

#[test]
fn keyboard_selects_too_and_cursor_wraps_round_the_edges() {
    let t = Instant::now();
    let mut g = small(t);
    // Up from the top row goes to the bottom, Left from the first column
    // to the last, in the same column and row.
    g.apply(Action::Move(Direction::Up), t);
    assert_eq!(g.cursor(), at(2, 0));
    g.apply(Action::Move(Direction::Left), t);
    assert_eq!(g.cursor(), at(2, 3));
    g.apply(Action::Select, t);
    g.apply(Action::Move(Direction::Left), t);
    g.apply(Action::Select, t);
    assert_eq!(g.board().get(at(2, 2)), EMPTY);
    assert_eq!(g.board().get(at(2, 3)), EMPTY);
    // Round again: four steps Right and three Down come back to the start.
    for _ in 0..4 {
        g.apply(Action::Move(Direction::Right), t);
    }
    for _ in 0..3 {
        g.apply(Action::Move(Direction::Down), t);
    }
    assert_eq!(g.cursor(), at(2, 2));
}

#[test]
fn a_jump_skips_the_cells_a_match_emptied_and_wraps() {
    let t = Instant::now();
    let mut g = small(t);
    for p in [at(2, 2), at(2, 3)] {
        g.apply(Action::Click(p), t);
    }
    assert_eq!(g.cursor(), at(2, 3));
    // Row 2 is now 2 5 . . : Right wraps to its first tile, Left from
    // there wraps over the empty cells to the 5.
    g.apply(Action::Jump(Direction::Right), t);
    assert_eq!(g.cursor(), at(2, 0));
    g.apply(Action::Jump(Direction::Left), t);
    assert_eq!(g.cursor(), at(2, 1));
    g.apply(Action::Jump(Direction::Up), t);
    assert_eq!(g.cursor(), at(1, 1));
    // Column 3 is 2 3 . : Down from the 3 wraps over the gap to the 2.
    g.apply(Action::Click(at(1, 3)), t);
    g.apply(Action::Jump(Direction::Down), t);
    assert_eq!(g.cursor(), at(0, 3));
    // The keys move the cursor only: the 3 stays selected.
    assert_eq!(g.selected(), Some(at(1, 3)));
}

/// Under gravity the cursor jumps to where the tiles came to rest, not to
/// where they were.
#[test]
fn a_jump_finds_tiles_where_gravity_moved_them() {
    let t = Instant::now();
    let rows = [[5, 6], [1, 1], [6, 5]];
    // Without gravity the 5 stays on top and Down from it goes past the gap
    // to the 6; falling, the 5 lands in the gap, and Down from the emptied
    // top cell finds it there.
    for (gravity, below) in [(Gravity::None, at(2, 0)), (Gravity::Down, at(1, 0))] {
        let config = Config {
            mode: Mode::Single(gravity),
            ..cfg()
        };
        let mut g = Game::from_board(Board::from_rows(&rows).unwrap(), config, t);
        g.apply(Action::Click(at(1, 0)), t);
        g.apply(Action::Click(at(1, 1)), t);
        assert_eq!(g.board().tile_count(), 4, "{gravity:?}");
        g.apply(Action::Move(Direction::Up), t);
        g.apply(Action::Move(Direction::Left), t);
        assert_eq!(g.cursor(), at(0, 0), "{gravity:?}");
        g.apply(Action::Jump(Direction::Down), t);
        assert_eq!(g.cursor(), below, "{gravity:?}");
    }
}

#[test]
fn clicks_off_the_board_or_on_empty_cells_are_harmless() {
    let t = Instant::now();
    let mut g = small(t);
    g.apply(Action::Click(at(1, 1)), t);
    g.apply(Action::Click(at(1, 2)), t);
    g.apply(Action::Click(at(0, 0)), t);
    // They take no tile: the selection goes (as in KShisen), nothing else.
    for p in [at(-1, 0), at(3, 0), at(0, 4), at(99, -7), at(1, 1)] {
        g.apply(Action::Click(at(0, 0)), t);
        g.apply(Action::Click(p), t);
        assert_eq!(g.selected(), None, "{p:?}");
    }
    assert_eq!(g.board().tile_count(), 10);
    assert_eq!(g.notice(t), None);
}

#[test]
fn quick_matches_score_more() {
    let t = Instant::now();
    let mut g = small(t);
    g.apply(Action::Click(at(1, 1)), t);
    g.apply(Action::Click(at(1, 2)), t);
    let t2 = t + Duration::from_secs(1);
    g.apply(Action::Click(at(2, 2)), t2);
    g.apply(Action::Click(at(2, 3)), t2);
    assert_eq!(g.score(), score::BASE * 2 + score::STREAK_BONUS);
    assert_eq!(g.streak(), 1);
}

#[test]
fn hint_shows_a_matchable_pair_costs_and_runs_out() {
    let t = Instant::now();
    let mut g = small(t);
    let hints = g.hints_left();
    g.apply(Action::Hint, t);
    let (a, b) = g.hint_pair().unwrap();
    assert!(can_match(g.board(), a, b));
    assert_eq!(g.hints_left(), hints - 1);
    // Asking again while it shows costs nothing.
    g.apply(Action::Hint, t);
    assert_eq!(g.hints_left(), hints - 1);
    g.apply(Action::Click(a), t);
    g.apply(Action::Click(b), t);
    assert_eq!(g.hint_pair(), None);
    assert_eq!(g.score(), score::AFTER_HELP);
    for _ in 0..hints {
        g.apply(Action::Hint, t);
        if let Some((a, b)) = g.hint_pair() {
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
        }
    }
    assert_eq!(g.hints_left(), 0);
    g.apply(Action::Hint, t);
    assert_eq!(g.notice(t), Some(Notice::NoHintsLeft));
}

#[test]
fn deadlock_after_a_match_is_reshuffled_and_told() {
    // Removing the 5s (adjacent in column 4) leaves the deadlocked 2 x 4 on the left.
    let board = Board::from_rows(&[[1, 2, 3, 4, 5], [3, 4, 1, 2, 5]]).unwrap();
    let t = Instant::now();
    let mut g = Game::from_board(board, cfg(), t);
    assert_eq!(g.notice(t), None);
    let left: Vec<Tile> = g.board().tiles().to_vec();
    g.apply(Action::Click(at(0, 4)), t);
    g.apply(Action::Click(at(1, 4)), t);
    assert_eq!(g.notice(t), Some(Notice::Deadlock));
    assert!(find_match(g.board()).is_some());
    let mut after: Vec<Tile> = g.board().tiles().to_vec();
    let mut before: Vec<Tile> = left.into_iter().filter(|&k| k != 5).collect();
    after.retain(|&k| k != EMPTY);
    before.sort_unstable();
    after.sort_unstable();
    assert_eq!(before, after);
    assert_eq!(g.board().get(at(0, 4)), EMPTY);
    // An automatic reshuffle is free.
    assert_eq!(g.reshuffles_left(), cfg().reshuffles);
}

#[test]
fn a_deadlocked_start_is_reshuffled() {
    let board = Board::from_rows(&[[1, 2, 3, 4], [3, 4, 1, 2]]).unwrap();
    let t = Instant::now();
    let g = Game::from_board(board, cfg(), t);
    assert!(find_match(g.board()).is_some());
    assert_eq!(g.notice(t), Some(Notice::Deadlock));
}

#[test]
fn reshuffle_on_request_is_limited_and_costs() {
    let t = Instant::now();
    let mut g = Game::new(cfg(), t).unwrap();
    let tiles = g.board().tile_count();
    g.apply(Action::Click(at(0, 0)), t);
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.selected(), None);
    assert_eq!(g.notice(t), Some(Notice::Reshuffled));
    assert_eq!(g.reshuffles_left(), cfg().reshuffles - 1);
    assert_eq!(g.board().tile_count(), tiles);
    g.apply(Action::Reshuffle, t);
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.reshuffles_left(), 0);
    assert_eq!(g.notice(t), Some(Notice::NoReshufflesLeft));
    let (a, b) = find_match(g.board()).unwrap();
    g.apply(Action::Click(a), t);
    g.apply(Action::Click(b), t);
    assert_eq!(g.score(), score::AFTER_HELP);
}

#[test]
fn pause_stops_the_clock_and_ignores_play() {
    let t = Instant::now();
    let s = Duration::from_secs;
    let mut g = small(t);
    g.apply(Action::TogglePause, t + s(2));
    assert!(g.is_paused());
    g.apply(Action::Click(at(1, 1)), t + s(3));
    assert_eq!(g.selected(), None);
    assert_eq!(g.elapsed(t + s(50)), s(2));
    assert_eq!(g.until_next_second(t + s(50)), None);
    g.apply(Action::TogglePause, t + s(50));
    assert_eq!(g.elapsed(t + s(51)), s(3));
}

#[test]
fn clearing_the_board_wins() {
    let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
    let t = Instant::now();
    let s = Duration::from_secs;
    let mut g = Game::from_board(board, cfg(), t);
    g.apply(Action::Click(at(0, 1)), t + s(1));
    g.apply(Action::Click(at(0, 2)), t + s(1));
    assert_eq!(g.win(), None);
    g.apply(Action::Click(at(0, 0)), t + s(2));
    g.apply(Action::Click(at(0, 3)), t + s(2));
    let win = g.win().unwrap();
    assert_eq!(win.score, 10 + 15);
    assert_eq!(win.time, s(2));
    assert_eq!(g.elapsed(t + s(100)), s(2));
    // Play is over, but a new game can start.
    g.apply(Action::TogglePause, t + s(3));
    assert!(!g.is_paused());
    g.apply(Action::NewGame, t + s(3));
    assert_eq!(g.win(), None);
    assert_eq!(g.board().tile_count(), 4);
    assert_eq!(g.score(), 0);
}

#[test]
fn new_games_follow_from_the_seed() {
    let t = Instant::now();
    let mut a = Game::new(cfg(), t).unwrap();
    let mut b = Game::new(cfg(), t).unwrap();
    assert_eq!(a.board(), b.board());
    a.apply(Action::NewGame, t);
    b.apply(Action::NewGame, t);
    assert_eq!(a.board(), b.board());
    assert_ne!(a.board(), Game::new(cfg(), t).unwrap().board());
}

#[test]
fn bad_configs_are_errors() {
    let t = Instant::now();
    let odd = Config {
        rows: 3,
        cols: 3,
        ..cfg()
    };
    assert!(matches!(Game::new(odd, t), Err(DealError::OddCells { .. })));
    let many = Config {
        rows: 2,
        cols: 2,
        kinds: 3,
        ..cfg()
    };
    assert!(matches!(
        Game::new(many, t),
        Err(DealError::BadKinds { .. })
    ));
}

#[test]
fn a_whole_default_game_can_be_played_to_the_win() {
    for seed in 0..5 {
        let t = Instant::now();
        let mut g = Game::new(Config { seed, ..cfg() }, t).unwrap();
        let mut moves = 0;
        while g.win().is_none() {
            let (a, b) = find_match(g.board()).expect("never left in deadlock");
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
            moves += 1;
            assert!(moves <= 64, "seed {seed}: too many moves");
        }
        assert_eq!(moves, 64);
        assert_eq!(g.board().tile_count(), 0);
    }
}

/// The replay options name every deal option, the mode and the clock even
/// at their defaults, since options left out come from the last new game.
#[test]
fn the_replay_options_name_the_mode_and_clock_too() {
    let config = Config {
        seed: 7,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    assert_eq!(
        config.replay_options(),
        "--rows 8 --cols 16 --kinds 32 --gravity levels --untimed --difficulty normal --seed 7"
    );
}

/// Kinds 3 and 4 have one tile each, so no reshuffle can pair them; the
/// 1s and the 2s can go.
fn unpairable(now: Instant) -> Game {
    let board = Board::from_rows(&[[1, 1, 2, 2], [3, 5, 5, 4]]).unwrap();
    Game::from_board(board, cfg(), now)
}

/// A reshuffle that fails leaves the board as it was and says so; it
/// dropped the selection and the hint on show with it, unsaid.
#[test]
fn a_failed_reshuffle_keeps_the_selection_and_the_hint_and_says_so() {
    let t = Instant::now();
    let mut g = unpairable(t);
    g.apply(Action::Click(at(0, 0)), t);
    // No hint can be had on this board (it is lost): one put on show.
    g.hint = Some((at(0, 2), at(0, 3)));
    let before = g.board().clone();
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.notice(t), Some(Notice::NoReshuffle));
    assert_eq!(g.board(), &before);
    assert_eq!(g.selected(), Some(at(0, 0)));
    assert_eq!(g.hint_pair(), Some((at(0, 2), at(0, 3))));
    assert_eq!(g.reshuffles_left(), cfg().reshuffles, "none spent");
}

/// A deadlock that cannot be reshuffled said so for the notice's 1.5 s,
/// then nothing: no pair could go, no warning showed, and with no
/// reshuffles left r answered "no reshuffles left". No pair can go, so the
/// board is lost: the warning stays, and a reshuffle may be tried for free.
#[test]
fn a_deadlock_that_cannot_be_reshuffled_is_lost() {
    // Kinds 3 and 5 have one tile each; no pair can go.
    let board = Board::from_rows(&[[1, 2, 3, 4], [5, 1, 4, 2]]).unwrap();
    let t = Instant::now();
    let config = Config {
        reshuffles: 0,
        ..cfg()
    };
    let mut g = Game::from_board(board, config, t);
    assert_eq!(find_match(g.board()), None);
    assert_eq!(g.notice(t), Some(Notice::NoReshuffle));
    assert!(g.is_unwinnable());
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.notice(t), Some(Notice::NoReshuffle), "tried again");
}
