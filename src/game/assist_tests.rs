//! Tests of the solver in the game: every deal and reshuffle is checked by
//! replaying the dealer's moves with [`crate::solve::replay`] (not the solver), the
//! smart hint never walks into a lost board, and the warning after a wrong
//! pairing comes and goes with undo, redo and a reshuffle.

use proptest::prelude::*;
use rand::RngExt;

use super::dealing::reshuffle;
use super::test_support::at;
use super::*;
use crate::core::gravity::Gravity;
use crate::solve::deal::Dealt;
use crate::solve::replay::replay;
use crate::solve::solver::{available_moves, is_winnable};

/// Asserts that `solution` clears `board` when replayed independently,
/// under the gravity of the level `g` is on.
fn assert_clears(board: &Board, solution: &[crate::solve::solver::Move], g: &Game, what: &str) {
    let gravity = g.level().gravity;
    let left = replay(board, solution, RULES, gravity).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(left.tile_count(), 0, "{what}: the moves leave tiles");
}

/// The kinds of `board` counted, and which cells are occupied.
fn shape(board: &Board) -> (Vec<Tile>, Vec<bool>) {
    let mut kinds: Vec<Tile> = board.tiles().to_vec();
    kinds.sort_unstable();
    let occupied = board.points().map(|p| !board.is_empty_at(p)).collect();
    (kinds, occupied)
}

/// The game of `seed`, of each difficulty in turn, on the default board:
/// hard ones under gravity `down`, where they take a twentieth of the time
/// they take without gravity (seconds in a debug build).
fn config_of(seed: u64) -> Config {
    let difficulty = crate::game::Difficulty::ALL[seed as usize % 3];
    let mode = match difficulty {
        crate::game::Difficulty::Hard => Mode::Single(Gravity::Down),
        _ => Config::DEFAULT.mode,
    };
    Config {
        seed,
        mode,
        difficulty,
        ..Config::DEFAULT
    }
}

#[test]
fn every_deal_of_the_game_is_the_winnable_deal_of_its_seed() {
    for seed in 0..6 {
        let config = config_of(seed);
        let mut g = Game::new(config, Instant::now()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let Dealt { board, solution } = deal(&config, &mut rng).unwrap();
        assert_eq!(g.board(), &board, "seed {seed}");
        assert_clears(&board, &solution, &g, &format!("seed {seed}"));
        assert!(!g.is_unwinnable());
        // A new game deals from its own seed the same way.
        g.apply(Action::NewGame, Instant::now());
        let next = g.config();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(next.seed);
        let Dealt { board, solution } = deal(&next, &mut rng).unwrap();
        assert_eq!(g.board(), &board);
        assert_clears(
            &board,
            &solution,
            &g,
            &format!("new game after seed {seed}"),
        );
    }
}

#[test]
fn requested_reshuffles_are_winnable_and_move_only_kinds() {
    let t = Instant::now();
    for seed in 0..9 {
        let config = config_of(seed);
        let mut g = Game::new(config, t).unwrap();
        // A few moves first, so the reshuffle works on a board with holes.
        for _ in 0..seed % 7 {
            let (a, b) = find_match(g.board()).unwrap();
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
        }
        let before = g.board().clone();
        let mut rng = g.rng.clone();
        g.apply(Action::Reshuffle, t);
        assert_eq!(g.notice(t), Some(Notice::Reshuffled));
        let Dealt { board, solution } = reshuffle(&before, &g.config(), &mut rng).unwrap();
        assert_eq!(g.board(), &board, "seed {seed}");
        assert_clears(&board, &solution, &g, &format!("seed {seed}"));
        assert_eq!(shape(&board), shape(&before));
        assert_ne!(board, before, "seed {seed}: the kinds moved");
    }
}

#[test]
fn the_reshuffle_after_a_deadlock_is_winnable() {
    // Removing the 5s leaves the deadlocked 2 x 4 on the left.
    let board = Board::from_rows(&[[1, 2, 3, 4, 5], [3, 4, 1, 2, 5]]).unwrap();
    for seed in 0..20 {
        let t = Instant::now();
        let mut g = Game::from_board(
            board.clone(),
            Config {
                seed,
                ..Config::DEFAULT
            },
            t,
        );
        g.apply(Action::Click(at(0, 4)), t);
        let mut rng = g.rng.clone();
        let mut before = board.clone();
        before.set(at(0, 4), EMPTY);
        before.set(at(1, 4), EMPTY);
        g.apply(Action::Click(at(1, 4)), t);
        assert_eq!(g.notice(t), Some(Notice::Deadlock));
        let Dealt {
            board: after,
            solution,
        } = reshuffle(&before, &g.config(), &mut rng).unwrap();
        assert_eq!(g.board(), &after);
        assert_clears(&after, &solution, &g, &format!("seed {seed}"));
        assert_eq!(shape(&after), shape(&before));
    }
}

/// A winnable 3 x 4 board with four 1s: joining the two at (1,1) and (2,1)
/// leaves moves on the board but no way to clear it (found by a search with
/// the solver, and checked again below).
pub(crate) fn trap() -> Board {
    Board::from_rows(&[[4, 3, 1, 5], [2, 1, 5, 1], [4, 1, 3, 2]]).unwrap()
}

/// The wrong pairing on [`trap`].
pub(crate) const WRONG: (Point, Point) = (Point::new(1, 1), Point::new(2, 1));

#[test]
fn a_wrong_pairing_warns_and_undo_clears_the_warning() {
    let t = Instant::now();
    let config = Config {
        reshuffles: 0,
        ..Config::DEFAULT
    };
    let mut g = Game::from_board(trap(), config, t);
    assert!(!g.is_unwinnable());
    g.apply(Action::Click(WRONG.0), t);
    g.apply(Action::Click(WRONG.1), t);
    assert_eq!(g.board().tile_count(), 10);
    assert!(
        !available_moves(g.board(), RULES).is_empty(),
        "not a deadlock"
    );
    assert!(g.is_unwinnable(), "the warning shows at once");
    g.apply(Action::Undo, t);
    assert!(!g.is_unwinnable());
    assert_eq!(g.board(), &trap());
    g.apply(Action::Redo, t);
    assert!(
        g.is_unwinnable(),
        "redo brings the lost board and its warning back"
    );
    // With no reshuffles left, a lost board may still be reshuffled.
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.notice(t), Some(Notice::Reshuffled));
    assert!(!g.is_unwinnable());
    assert_eq!(g.reshuffles_left(), 0);
    let budget = g.config().solve_config(Duration::from_secs(5));
    assert_eq!(is_winnable(g.board(), &budget), Some(true));
    // Undo takes the reshuffle back, warning and all.
    g.apply(Action::Undo, t);
    assert!(g.is_unwinnable());
    // Once the board is winnable again, no free reshuffle.
    g.apply(Action::Undo, t);
    g.apply(Action::Reshuffle, t);
    assert_eq!(g.notice(t), Some(Notice::NoReshufflesLeft));
    assert_eq!(g.board(), &trap());
}

/// The trap after its wrong pairing, which loses it.
fn wrongly_paired(t: Instant) -> Game {
    let mut g = Game::from_board(trap(), Config::DEFAULT, t);
    g.apply(Action::Click(WRONG.0), t);
    g.apply(Action::Click(WRONG.1), t);
    g
}

/// Asks for a hint on a lost board: none is shown, the title line says
/// why, and neither a hint is spent nor the game marked assisted.
fn assert_no_hint_on_a_lost_board(g: &mut Game, t: Instant) {
    let hints = g.hints_left();
    g.apply(Action::Hint, t);
    assert_eq!(g.hint_pair(), None);
    assert_eq!(g.notice(t), Some(Notice::HintLost));
    assert_eq!(g.hints_left(), hints, "no hint spent");
    assert!(!g.assisted());
}

/// Played in tmux (8 x 16, left, hard): after a wrong pairing the title
/// line said "cannot be won now: u undo, r reshuffle", and t then spent a
/// hint (3 left, then 2) on a pair that could not keep the board winnable,
/// as the help promises a hint does. On a board proved lost the hint says
/// so, and neither spends a hint nor marks the game assisted.
#[test]
fn a_hint_on_a_board_proved_lost_says_so_and_costs_nothing() {
    let t = Instant::now();
    let mut g = wrongly_paired(t);
    assert!(g.is_unwinnable());
    let hints = g.hints_left();
    assert_no_hint_on_a_lost_board(&mut g, t);
    // Undone, the board can be won again: the hint shows the way.
    g.apply(Action::Undo, t);
    g.apply(Action::Hint, t);
    assert!(g.hint_pair().is_some());
    assert_eq!(g.hints_left(), hints - 1);
}

#[test]
fn a_hint_whose_search_proves_the_board_lost_says_so() {
    // The check after the wrong pairing did not answer in time (as it may
    // not in 25 ms on a big board): the hint's own search proves the loss,
    // says so, keeps the hint and warns from then on.
    let t = Instant::now();
    let mut g = wrongly_paired(t);
    g.unwinnable = false;
    assert_no_hint_on_a_lost_board(&mut g, t);
    assert!(g.is_unwinnable());
}

#[test]
fn the_hint_on_the_trap_avoids_the_wrong_pairing() {
    let t = Instant::now();
    let mut g = Game::from_board(trap(), Config::DEFAULT, t);
    g.apply(Action::Hint, t);
    let (a, b) = g.hint_pair().unwrap();
    g.apply(Action::Click(a), t);
    g.apply(Action::Click(b), t);
    assert!(!g.is_unwinnable());
    let budget = g.config().solve_config(Duration::from_secs(5));
    assert_eq!(is_winnable(g.board(), &budget), Some(true));
}

proptest! {
    #![proptest_config(crate::prop_config::prop_config(48))]

    /// Random play on small deals (four copies of each kind, so wrong
    /// pairings happen): from any board not proved lost, the suggested move
    /// never leads to a board the solver proves lost.
    #[test]
    fn the_hint_never_leads_into_a_lost_board(seed in any::<u64>()) {
        let t = Instant::now();
        let config = Config { rows: 4, cols: 6, kinds: 3, seed, ..Config::DEFAULT };
        let mut g = Game::new(config, t).unwrap();
        let mut choose = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        let long = config.solve_config(Duration::from_secs(5));
        while g.win().is_none() {
            let winnable = is_winnable(g.board(), &long);
            prop_assert_eq!(winnable == Some(false), g.is_unwinnable());
            if winnable == Some(true) {
                let (a, b) = g.suggest().unwrap();
                let mut next = g.board().clone();
                next.set(a, EMPTY);
                next.set(b, EMPTY);
                prop_assert!(can_match(g.board(), a, b));
                prop_assert_ne!(is_winnable(&next, &long), Some(false));
            }
            let moves = available_moves(g.board(), RULES);
            let m = moves[choose.random_range(0..moves.len())];
            g.apply(Action::Click(m.a), t);
            g.apply(Action::Click(m.b), t);
            if g.is_unwinnable() {
                g.apply(Action::Undo, t);
            }
        }
    }
}
