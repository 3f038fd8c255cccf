//! Tests of undo and redo, the assisted flag and the kind highlight, on
//! hand-built boards and random play.

use proptest::prelude::*;

use super::test_support::{at, cfg};
use super::*;

fn game(rows: &[[Tile; 4]], now: Instant) -> Game {
    Game::from_board(Board::from_rows(rows).unwrap(), cfg(), now)
}

/// `s` but for the hinted pair it keeps as paid and the help of seeing it:
/// a hint taken back by undo leaves its pair paid for and the next match
/// earning as after a hint, and `t` shows a paid pair again free, as no
/// move (found by a long exploration: `t`, `u`, a match, `u`, `t` left it
/// on show at the start), so undoing everything gives the start back but
/// for that.
fn unpaid(s: Snapshot) -> Snapshot {
    let seen = s.dismissed.is_some() || s.hint.is_some();
    Snapshot {
        hint: None,
        dismissed: None,
        score: crate::game::Score {
            helped: s.score.helped && !seen,
            ..s.score
        },
        ..s
    }
}

fn pair(g: &mut Game, a: Point, b: Point, now: Instant) {
    g.apply(Action::Click(a), now);
    g.apply(Action::Click(b), now);
}

#[test]
fn undo_puts_the_pair_and_the_score_back_and_redo_takes_them_again() {
    let t = Instant::now();
    let s = Duration::from_secs;
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    let start = g.clone();
    pair(&mut g, at(0, 0), at(0, 1), t + s(1));
    pair(&mut g, at(0, 2), at(0, 3), t + s(2));
    assert_eq!((g.score(), g.streak()), (25, 1));
    let end = g.snapshot();
    assert!(!g.assisted());

    g.apply(Action::Undo, t + s(3));
    assert_eq!(g.board().get(at(0, 2)), 2);
    assert_eq!(g.board().get(at(0, 3)), 2);
    assert_eq!((g.score(), g.streak()), (10, 0));
    assert_eq!(g.notice(t + s(3)), Some(Notice::Undone));
    assert!(g.assisted());
    // The line of the undone match is not drawn over the tiles put back.
    assert!(g.removal(t + s(3)).is_none());
    g.apply(Action::Undo, t + s(3));
    assert_eq!(g.snapshot(), start.snapshot());
    g.apply(Action::Undo, t + s(3));
    assert_eq!(g.notice(t + s(3)), Some(Notice::NothingToUndo));
    // Time is not undone.
    assert_eq!(g.elapsed(t + s(3)), s(3));

    g.apply(Action::Redo, t + s(4));
    g.apply(Action::Redo, t + s(4));
    assert_eq!(g.snapshot(), end);
    g.apply(Action::Redo, t + s(4));
    assert_eq!(g.notice(t + s(4)), Some(Notice::NothingToRedo));
    // The streak state came back too: a quick third match extends it.
    pair(&mut g, at(1, 0), at(1, 1), t + s(5));
    assert_eq!(g.score(), 25 + 20);
}

/// Found by the play-test: the states kept for undo and redo timed their
/// last match in wall time, so after a pause (or a quit and resume) a
/// redone match came too late for its streak, though no playing time had
/// gone by.
#[test]
fn a_pause_stops_the_streak_window_of_the_states_undo_and_redo_go_to() {
    let t = Instant::now();
    let s = Duration::from_secs;
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    pair(&mut g, at(0, 0), at(0, 1), t + s(1));
    pair(&mut g, at(0, 2), at(0, 3), t + s(2));
    g.apply(Action::Undo, t + s(3));
    // A pause far longer than the streak window, then redo.
    g.apply(Action::TogglePause, t + s(3));
    g.apply(Action::TogglePause, t + s(600));
    g.apply(Action::Redo, t + s(600));
    assert_eq!((g.score(), g.streak()), (25, 1));
    // A quick third match extends the streak, as without the pause.
    pair(&mut g, at(1, 0), at(1, 1), t + s(601));
    assert_eq!((g.score(), g.streak()), (25 + 20, 2));
    // The same for undo: the state before the third match.
    g.apply(Action::TogglePause, t + s(601));
    g.apply(Action::TogglePause, t + s(1200));
    g.apply(Action::Undo, t + s(1200));
    pair(&mut g, at(1, 0), at(1, 1), t + s(1201));
    assert_eq!((g.score(), g.streak()), (25 + 20, 2));
}

#[test]
fn a_new_move_after_undo_ends_the_redo() {
    let t = Instant::now();
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    pair(&mut g, at(0, 0), at(0, 1), t);
    g.apply(Action::Undo, t);
    assert_eq!(g.history().redo_len(), 1);
    // A failed match or a selection is not a move: the redo survives it.
    pair(&mut g, at(0, 0), at(1, 0), t);
    assert_eq!(g.selected(), Some(at(1, 0)));
    assert_eq!(g.history().redo_len(), 1);
    g.apply(Action::Click(at(1, 1)), t);
    assert_eq!(g.history().redo_len(), 0);
    assert_eq!(g.history().undo_len(), 1);
    g.apply(Action::Redo, t);
    assert_eq!(g.notice(t), Some(Notice::NothingToRedo));
    assert_eq!(g.board().get(at(0, 0)), 1);
}

#[test]
fn undo_takes_back_hints_and_reshuffles_but_not_what_they_cost() {
    let t = Instant::now();
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    let start = g.snapshot();
    g.apply(Action::Hint, t);
    assert!(g.assisted());
    g.apply(Action::Reshuffle, t);
    assert_eq!((g.hints_left(), g.reshuffles_left()), (2, 1));
    g.apply(Action::Undo, t);
    // The hint is on show again, as it was before the reshuffle.
    assert!(g.hint_pair().is_some());
    g.apply(Action::Undo, t);
    assert_eq!(unpaid(g.snapshot()), start);
    assert_eq!(g.hint_pair(), None);
    // The help stays spent, and the game stays assisted.
    assert_eq!((g.hints_left(), g.reshuffles_left()), (2, 1));
    assert!(g.assisted());
    // Redo plays them again without spending anything more.
    g.apply(Action::Redo, t);
    g.apply(Action::Redo, t);
    assert_eq!((g.hints_left(), g.reshuffles_left()), (2, 1));
    // Hint, undo, hint...: a hint taken back shows again free, as one
    // dropped with Esc does, however often it is taken back.
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    g.apply(Action::Hint, t);
    let pair = g.hint_pair();
    assert!(pair.is_some());
    for _ in 0..4 {
        g.apply(Action::Undo, t);
        assert_eq!(g.hint_pair(), None);
        g.apply(Action::Hint, t);
        assert_eq!((g.hint_pair(), g.hints_left()), (pair, 2));
    }
    // A pair dropped with Esc and shown again is one step for undo.
    g.apply(Action::Cancel, t);
    g.apply(Action::Hint, t);
    assert_eq!((g.hint_pair(), g.hints_left()), (pair, 2));
    let undos = g.history().undo_len();
    g.apply(Action::Undo, t);
    assert_eq!((g.hint_pair(), g.history().undo_len()), (None, undos - 1));
    g.apply(Action::Hint, t);
    assert_eq!((g.hint_pair(), g.hints_left()), (pair, 2));
    // Dropped with Esc, then taken back by undo, or undone and redone, or
    // with a failed pick between (the hostile run, hostile44): still free.
    let orders: [&[Action]; 3] = [
        &[Action::Cancel, Action::Undo],
        &[Action::Cancel, Action::Undo, Action::Redo],
        &[
            Action::Cancel,
            Action::Click(at(0, 0)),
            Action::Click(at(0, 2)),
            Action::Undo,
        ],
    ];
    for order in orders {
        let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
        g.apply(Action::Hint, t);
        let pair = g.hint_pair();
        for &action in order {
            g.apply(action, t);
        }
        assert_eq!(g.hint_pair(), None, "{order:?}");
        g.apply(Action::Hint, t);
        assert_eq!((g.hint_pair(), g.hints_left()), (pair, 2), "{order:?}");
    }
    // Dropped with Esc, then another move made and taken back, or the
    // hint taken after a reshuffle and both undone and the reshuffle
    // redone (the check run, check45): the pair is still paid for.
    let other = |g: &Game| {
        let kind = g.board().get(g.hint_pair().expect("a hint on show").0);
        let row = if g.board().get(at(0, 0)) == kind {
            1
        } else {
            0
        };
        [Action::Click(at(row, 0)), Action::Click(at(row, 1))]
    };
    for order in 0..3 {
        let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
        if order == 2 {
            g.apply(Action::Reshuffle, t);
        }
        g.apply(Action::Hint, t);
        let pair = g.hint_pair();
        let moves: Vec<Action> = match order {
            0 => vec![Action::Cancel, Action::Reshuffle, Action::Undo],
            1 => [&[Action::Cancel][..], &other(&g), &[Action::Undo]].concat(),
            _ => vec![Action::Undo, Action::Undo, Action::Redo],
        };
        for &action in &moves {
            g.apply(action, t);
        }
        assert_eq!(g.hint_pair(), None, "{moves:?}");
        g.apply(Action::Hint, t);
        assert_eq!(g.hint_pair(), pair, "{moves:?}");
        assert_eq!(g.hints_left(), 2, "{moves:?}");
    }
    // Once the board changes, a hint costs again: three, then none left.
    for left in [1, 0] {
        let (a, b) = g.hint_pair().expect("a hint on show");
        g.apply(Action::Click(a), t);
        g.apply(Action::Click(b), t);
        g.apply(Action::Hint, t);
        assert_eq!(g.hints_left(), left);
    }
    let (a, b) = g.hint_pair().expect("a hint on show");
    g.apply(Action::Click(a), t);
    g.apply(Action::Click(b), t);
    g.apply(Action::Hint, t);
    assert_eq!(g.notice(t), Some(Notice::NoHintsLeft));
}

/// Found by the play-test (pt45): a paid pair shown again after an undo
/// was a new move, so `t`, Esc, `r`, `u`, `t`, `o` said "nothing to redo"
/// and the reshuffle could not be redone (likewise a match undone); and
/// undo took back the help with the hint, so `t`, `u` and the pair matched
/// earned the 10 points of a match without help, not 5.
#[test]
fn a_paid_pair_shown_again_keeps_the_redo_and_its_help() {
    use crate::game::score::{AFTER_HELP, BASE};
    let t = Instant::now();
    let rows = [[1, 1, 2, 2], [3, 3, 4, 4]];
    let orders: [&[Action]; 2] = [
        &[Action::Cancel, Action::Reshuffle, Action::Undo],
        &[
            Action::Click(at(0, 0)),
            Action::Click(at(0, 1)),
            Action::Undo,
            Action::Cancel,
        ],
    ];
    for order in orders {
        let mut g = game(&rows, t);
        g.apply(Action::Hint, t);
        let pair = g.hint_pair();
        for &action in order {
            g.apply(action, t);
        }
        let board = g.board().clone();
        g.apply(Action::Hint, t);
        assert_eq!((g.hint_pair(), g.hints_left()), (pair, 2), "{order:?}");
        g.apply(Action::Redo, t);
        assert_eq!(g.notice(t), Some(Notice::Redone), "{order:?}");
        assert_ne!(g.board(), &board, "{order:?}");
    }
    // Matched after the hint, after it was undone, and after it was shown
    // again: each earns as after a hint; without one, in full.
    let helps: [&[Action]; 4] = [
        &[Action::Hint],
        &[Action::Hint, Action::Undo],
        &[Action::Hint, Action::Undo, Action::Hint],
        &[],
    ];
    for help in helps {
        let mut g = game(&rows, t);
        for &action in help {
            g.apply(action, t);
        }
        pair(&mut g, at(0, 0), at(0, 1), t);
        let earned = if help.is_empty() { BASE } else { AFTER_HELP };
        assert_eq!(g.score(), earned, "{help:?}");
    }
}

/// Found by the re-test (rt45): a pair paid for on a board that new moves,
/// not undo or redo, led back to was charged again: `t`, the pair matched,
/// `t`, `u`, `u`, the same match made again (nothing left to redo), `t`
/// spent a second hint on the same pair. It shows free, with a hint's help.
#[test]
fn a_board_new_moves_lead_back_to_shows_its_paid_pair_free() {
    use crate::game::score::AFTER_HELP;
    let t = Instant::now();
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    g.apply(Action::Hint, t);
    let (a, b) = g.hint_pair().expect("a hint");
    pair(&mut g, a, b, t);
    g.apply(Action::Hint, t);
    let (second, left) = (g.hint_pair(), g.hints_left());
    assert_eq!(left, 1);
    g.apply(Action::Undo, t);
    g.apply(Action::Undo, t);
    pair(&mut g, a, b, t);
    assert_eq!(g.history().redo_len(), 0);
    let points = g.score();
    g.apply(Action::Hint, t);
    assert_eq!((g.hint_pair(), g.hints_left()), (second, left));
    let (c, d) = second.expect("the pair paid for");
    pair(&mut g, c, d, t);
    assert_eq!(g.score(), points + AFTER_HELP);
}

#[test]
fn undo_of_a_match_takes_back_the_deadlock_reshuffle_it_caused() {
    let rows = [[1, 2, 3, 4, 5], [3, 4, 1, 2, 5]];
    let t = Instant::now();
    let mut g = Game::from_board(Board::from_rows(&rows).unwrap(), cfg(), t);
    let start = g.snapshot();
    pair(&mut g, at(0, 4), at(1, 4), t);
    assert_eq!(g.notice(t), Some(Notice::Deadlock));
    let reshuffled = g.snapshot();
    g.apply(Action::Undo, t);
    assert_eq!(g.snapshot(), start);
    assert_eq!(g.board(), &Board::from_rows(&rows).unwrap());
    g.apply(Action::Redo, t);
    assert_eq!(g.snapshot(), reshuffled);
}

#[test]
fn a_won_game_can_take_its_last_match_back_and_win_again() {
    let t = Instant::now();
    let s = Duration::from_secs;
    let mut g = Game::from_board(Board::from_rows(&[[1, 1]]).unwrap(), cfg(), t);
    pair(&mut g, at(0, 0), at(0, 1), t + s(2));
    assert_eq!(g.win().map(|w| w.assisted), Some(false));
    g.apply(Action::Redo, t + s(3));
    assert!(g.win().is_some(), "redo is not a way out of a win");
    g.apply(Action::Undo, t + s(5));
    assert_eq!(g.win(), None);
    assert_eq!(g.board().tile_count(), 2);
    // The clock ran on from the win.
    assert_eq!(g.elapsed(t + s(6)), s(3));
    g.apply(Action::Redo, t + s(6));
    let win = g.win().unwrap();
    assert!(win.assisted);
    assert_eq!((win.score, win.time), (10, s(3)));
}

#[test]
fn a_hint_alone_marks_the_game_assisted() {
    let t = Instant::now();
    let mut g = Game::from_board(Board::from_rows(&[[1, 1]]).unwrap(), cfg(), t);
    g.apply(Action::Hint, t);
    pair(&mut g, at(0, 0), at(0, 1), t);
    assert!(g.assisted());
    assert!(g.win().unwrap().assisted);
}

#[test]
fn undo_and_redo_wait_while_paused_and_new_game_forgets_them() {
    let t = Instant::now();
    let mut g = game(&[[1, 1, 2, 2], [3, 3, 4, 4]], t);
    pair(&mut g, at(0, 0), at(0, 1), t);
    g.apply(Action::TogglePause, t);
    g.apply(Action::Undo, t);
    assert_eq!(g.board().tile_count(), 6);
    g.apply(Action::TogglePause, t);
    g.apply(Action::NewGame, t);
    assert_eq!(g.history().undo_len(), 0);
    assert!(!g.assisted());
}

#[test]
fn highlight_toggles_and_clears_when_its_kind_is_gone() {
    let t = Instant::now();
    let mut g = game(&[[1, 2, 1, 2], [3, 0, 0, 3]], t);
    g.apply(Action::Highlight(at(0, 0)), t);
    assert_eq!(g.highlight_kind(), Some(1));
    // Another tile of the same kind clears it; of another kind moves it.
    g.apply(Action::Highlight(at(0, 2)), t);
    assert_eq!(g.highlight_kind(), None);
    g.apply(Action::Highlight(at(0, 2)), t);
    g.apply(Action::Highlight(at(1, 0)), t);
    assert_eq!(g.highlight_kind(), Some(3));
    for p in [at(1, 1), at(-1, 0), at(9, 9)] {
        g.apply(Action::Highlight(at(1, 0)), t);
        g.apply(Action::Highlight(at(1, 0)), t);
        g.apply(Action::Highlight(at(0, 0)), t);
        assert_eq!(g.highlight_kind(), Some(1));
        g.apply(Action::Highlight(p), t);
        assert_eq!(g.highlight_kind(), None, "{p:?}");
    }
    g.apply(Action::Highlight(at(1, 3)), t);
    g.apply(Action::ClearHighlight, t);
    assert_eq!(g.highlight_kind(), None);
    // Matching one kind keeps the highlight of another; its own last pair clears it.
    g.apply(Action::Highlight(at(0, 1)), t);
    pair(&mut g, at(1, 0), at(1, 3), t);
    assert_eq!(g.highlight_kind(), Some(2));
    pair(&mut g, at(0, 1), at(0, 3), t);
    assert_eq!(g.highlight_kind(), None);
    assert!(!g.assisted(), "a highlight is not help");
}

/// One step of random play.
#[derive(Debug, Clone)]
enum Op {
    /// Match the first pair `find_match` offers.
    Match,
    /// A click anywhere (selects, fails, or matches).
    Click(i32, i32),
    Hint,
    Reshuffle,
    Undo,
    Redo,
    Pause,
    /// Esc: drops the selection, the hint and the highlight.
    Cancel,
    NewGame,
}

/// Plays `op` on `g` at `now`.
fn play(g: &mut Game, op: &Op, now: Instant) {
    let action = match *op {
        Op::Match => match find_match(g.board()) {
            Some((a, b)) => {
                g.apply(Action::Click(a), now);
                Action::Click(b)
            }
            None => return,
        },
        Op::Click(r, c) => Action::Click(at(r, c)),
        Op::Hint => Action::Hint,
        Op::Reshuffle => Action::Reshuffle,
        Op::Undo => Action::Undo,
        Op::Redo => Action::Redo,
        Op::Pause => Action::TogglePause,
        Op::Cancel => Action::Cancel,
        Op::NewGame => Action::NewGame,
    };
    g.apply(action, now);
}

/// What a save keeps of `g`: everything but the clock, the cursor, the
/// selection and what only shows on screen.
fn kept(g: &Game) -> impl PartialEq + std::fmt::Debug + use<> {
    let help = (g.hints_left, g.reshuffles_left, g.hint, g.assisted);
    let state = (g.board.clone(), g.rng.clone(), g.score, g.unwinnable);
    let over = (g.win, g.time_up, g.paused, g.level);
    (g.id, g.config, help, state, over, g.history.clone())
}

/// Any step: the moves of [`op`], pauses, Esc and new games.
fn any_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => op(),
        1 => Just(Op::Pause),
        1 => Just(Op::Cancel),
        1 => Just(Op::NewGame),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => Just(Op::Match),
        3 => (0..4, 0..4).prop_map(|(r, c)| Op::Click(r, c)),
        1 => Just(Op::Hint),
        1 => Just(Op::Reshuffle),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

proptest! {
    #![proptest_config(crate::prop_config::prop_config(64))]

    /// Whatever was played, undoing everything gives the start back exactly
    /// (the clock and a paid hinted pair aside), each undo on the way is retraced by redo, and
    /// redoing everything gives the furthest state again.
    #[test]
    fn undo_all_then_redo_all_round_trips(
        seed in 0u64..1000,
        kinds in 1usize..=8,
        ops in prop::collection::vec((op(), 0u64..6000), 0..40),
    ) {
        let t0 = Instant::now();
        let config = Config { rows: 4, cols: 4, kinds, seed, hints: 3, reshuffles: 2, ..Config::DEFAULT };
        let mut g = Game::new(config, t0).unwrap();
        let start = g.snapshot();
        let mut now = t0;
        for (op, ms) in ops {
            now += Duration::from_millis(ms);
            play(&mut g, &op, now);
        }
        while g.history().redo_len() > 0 {
            g.apply(Action::Redo, now);
        }
        let tip = g.snapshot();
        let tip_won = g.win().map(|w| w.score);
        let moves = g.history().undo_len();
        let mut down = vec![g.snapshot()];
        for _ in 0..moves {
            g.apply(Action::Undo, now);
            down.push(g.snapshot());
        }
        prop_assert_eq!(unpaid(g.snapshot()), start);
        prop_assert_eq!(g.win(), None);
        prop_assert_eq!(g.history().redo_len(), moves);
        prop_assert_eq!(moves > 0, g.assisted() || g.history().redo_len() > 0);
        down.pop();
        while let Some(expected) = down.pop() {
            g.apply(Action::Redo, now);
            prop_assert_eq!(g.snapshot(), expected);
        }
        prop_assert_eq!(g.snapshot(), tip);
        prop_assert_eq!(g.win().map(|w| w.score), tip_won);
    }

    /// Whatever was played, timed levels running out included, every
    /// change to what a save keeps gives the game a new revision: a session
    /// that saves on a new revision never leaves a move unsaved.
    #[test]
    fn every_change_a_save_keeps_is_a_new_revision(
        seed in 0u64..1000,
        timed in any::<bool>(),
        ops in prop::collection::vec((any_op(), 0u64..6000), 0..40),
    ) {
        let t0 = Instant::now();
        let config = Config { rows: 4, cols: 4, kinds: 4, seed, timed, difficulty: Difficulty::Easy, ..Config::DEFAULT };
        let mut g = Game::new(config, t0).unwrap();
        let mut now = t0;
        for (op, ms) in ops {
            now += Duration::from_millis(ms);
            let (before, revision) = (kept(&g), g.revision());
            play(&mut g, &op, now);
            if kept(&g) != before {
                prop_assert_ne!(g.revision(), revision, "{:?}", op);
            }
        }
    }
}
