//! Hostile saved games: random, truncated and mutated `game.json` files, and
//! real saves with numbers replaced by values out of range, must never
//! panic: not when loaded, not when resumed, not in the play that follows.
//! A file is resumed as a valid game, kept aside with a warning, or (newer
//! version) refused and left as it was.

#[path = "support/aside.rs"]
mod aside;
#[path = "support/mutation.rs"]
mod mutation;
#[path = "support/prop_config.rs"]
mod prop_config;

use std::fs;
use std::time::{Duration, Instant};

use aside::aside_contents;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{EMPTY, Point};
use lianliankan::core::rules::matchable_pairs;
use lianliankan::game::{Action, Config, Difficulty, Direction, Game, Mode, RULES, find_match};
use lianliankan::persist::document::{self, Document};
use lianliankan::persist::save::SavedGame;
use lianliankan::persist::storage::StorageError;
use proptest::prelude::*;
use serde_json::Value;

/// Cases per property: enough to reach deep into the format, few enough to
/// keep `cargo test` fast in debug builds.
const CASES: u32 = 256;

/// A few random actions, by number (a bounded list, so cases shrink well).
fn action(n: u8, rows: i32, cols: i32) -> Action {
    let p = Point::new(
        i32::from(n) % (rows + 2) - 1,
        i32::from(n / 7) % (cols + 2) - 1,
    );
    match n % 12 {
        0 => Action::Hint,
        1 => Action::Reshuffle,
        2 => Action::Undo,
        3 => Action::Redo,
        4 => Action::Select,
        5 => Action::Move(Direction::Right),
        6 => Action::Move(Direction::Down),
        7 => Action::TogglePause,
        8 => Action::Highlight(p),
        9 => Action::NewGame,
        _ => Action::Click(p),
    }
}

/// Plays `moves` pairs and the numbered `actions` on a small board.
fn played(seed: u64, size: (usize, usize), moves: usize, actions: &[u8]) -> (Game, Instant) {
    let t = Instant::now();
    let config = Config {
        rows: size.0,
        cols: size.1,
        kinds: (size.0 * size.1 / 4).max(1),
        seed,
        // Easy deals are dealt by taste alone, as fast as the plain
        // dealer; a save records any difficulty alike (persist::save's
        // tests), and normal deals take a second each in a debug build.
        difficulty: Difficulty::Easy,
        ..Config::DEFAULT
    };
    let mut g = Game::new(config, t).unwrap();
    let mut now = t;
    for i in 0..moves {
        now += Duration::from_millis(700);
        if let Some((a, b)) = find_match(g.board()) {
            g.apply(Action::Click(a), now);
            g.apply(Action::Click(b), now);
        }
        if i % 3 == 2 {
            g.apply(Action::Undo, now);
        }
    }
    let (rows, cols) = (size.0 as i32, size.1 as i32);
    for &n in actions {
        if n % 12 != 9 {
            g.apply(action(n, rows, cols), now);
        }
    }
    (g, now)
}

fn game() -> impl Strategy<Value = (Game, Instant)> {
    (
        any::<u64>(),
        prop::sample::select(vec![(2, 2), (2, 3), (4, 4), (4, 6), (8, 16)]),
        0usize..20,
        prop::collection::vec(any::<u8>(), 0..12),
    )
        .prop_map(|(seed, size, moves, actions)| played(seed, size, moves, &actions))
}

fn save_file() -> impl Strategy<Value = Vec<u8>> {
    game().prop_map(|(g, now)| {
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &SavedGame::new(&g, now)).unwrap();
        fs::read(dir.path().join("game.json")).unwrap()
    })
}

/// The game takes a round of every action without trouble, and the board
/// holds an even count of each kind after each one. A new game, which
/// replaces the game as loaded, comes after the round (in the middle of it,
/// it left only the first nine actions to the loaded game), and the new
/// game of the loaded settings takes each other action once.
fn play_on(mut g: Game, now: Instant) -> Result<(), TestCaseError> {
    let board = g.board();
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let new_game = |n: &u8| n % 12 == 9;
    let round = (0..=255u8)
        .filter(|n| !new_game(n))
        .chain([9])
        .chain((0..12).filter(|n| !new_game(n)));
    for (i, n) in round.enumerate() {
        g.apply(action(n, rows, cols), now + Duration::from_millis(i as u64));
        let mut counts = std::collections::HashMap::new();
        for &t in g.board().tiles().iter().filter(|&&t| t != EMPTY) {
            *counts.entry(t).or_insert(0usize) += 1;
        }
        prop_assert!(counts.values().all(|n| n % 2 == 0));
    }
    Ok(())
}

/// Loads `bytes` as the saved game and checks the outcome is one of the three
/// allowed; a game that loads is resumed and played on.
fn load_from(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    fs::write(&file, bytes).unwrap();
    match document::load::<SavedGame>(dir.path()) {
        Ok(loaded) => match (loaded.value, loaded.warning) {
            (Some(saved), None) => {
                let now = Instant::now();
                let game = saved.restore(now);
                prop_assert!(game.is_ok(), "{:?}", game.err());
                play_on(game.unwrap(), now)?;
            }
            (None, Some(warning)) => {
                prop_assert!(!warning.chars().any(char::is_control), "{:?}", warning);
                prop_assert!(!file.exists());
                prop_assert_eq!(aside_contents(dir.path(), "game.json"), bytes);
            }
            other => prop_assert!(false, "unexpected {:?}", other),
        },
        Err(StorageError::NewerVersion { found, .. }) => {
            prop_assert!(found > 1);
            prop_assert_eq!(fs::read(&file).unwrap(), bytes);
        }
        Err(e) => prop_assert!(false, "unexpected error {}", e),
    }
    Ok(())
}

/// Every number in `v`, as a mutable reference.
fn numbers(v: &mut Value) -> Vec<&mut Value> {
    match v {
        Value::Number(_) => vec![v],
        Value::Array(items) => items.iter_mut().flat_map(numbers).collect(),
        Value::Object(map) => map.values_mut().flat_map(numbers).collect(),
        _ => Vec::new(),
    }
}

fn hostile_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..100).prop_map(Value::from),
        prop::sample::select(vec![
            0u64,
            1,
            2,
            40,
            41,
            60,
            61,
            62,
            65535,
            65536,
            u64::from(u32::MAX),
            u64::from(u32::MAX) + 1,
            u64::MAX
        ])
        .prop_map(Value::from),
    ]
}

/// One step of real play: a move a player can make, after a pause.
#[derive(Debug, Clone)]
enum Step {
    /// The `n`-th pair that can go now (any of them, so some leave the
    /// board lost).
    Match(usize),
    /// A click on a cell (selects, fails, or completes a pair).
    Click(u8, u8),
    Hint,
    Reshuffle,
    Undo,
    Redo,
    Pause,
    /// Help, a menu or a too-small terminal over the board, or gone again
    /// (keys still reach a board hidden by a small terminal).
    Cover(bool),
    Cursor(u8),
    NewGame,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        12 => any::<usize>().prop_map(Step::Match),
        3 => (any::<u8>(), any::<u8>()).prop_map(|(r, c)| Step::Click(r, c)),
        2 => Just(Step::Hint),
        2 => Just(Step::Reshuffle),
        3 => Just(Step::Undo),
        2 => Just(Step::Redo),
        1 => Just(Step::Pause),
        2 => any::<bool>().prop_map(Step::Cover),
        1 => any::<u8>().prop_map(Step::Cursor),
        1 => Just(Step::NewGame),
    ]
}

/// The time before a step: mostly quick (streaks grow, and carry from level
/// to level), sometimes slow, now and then past a timed level's limit.
fn pause() -> impl Strategy<Value = Duration> {
    prop_oneof![
        8 => (0u64..3_000).prop_map(Duration::from_millis),
        2 => (3_000u64..20_000).prop_map(Duration::from_millis),
        1 => (20_000u64..120_000).prop_map(Duration::from_millis),
    ]
}

/// A small game of any mode: a run of levels or one variant, timed or not.
fn config() -> impl Strategy<Value = Config> {
    (
        prop::sample::select(vec![(2, 2), (2, 4), (4, 4), (3, 4), (4, 6)]),
        any::<prop::sample::Index>(),
        any::<u64>(),
        prop::option::of(prop::sample::select(Gravity::LEVELS.to_vec())),
        any::<bool>(),
    )
        .prop_map(|((rows, cols), kinds, seed, gravity, timed)| Config {
            rows,
            cols,
            kinds: 1 + kinds.index(rows * cols / 2),
            seed,
            mode: gravity.map_or(Mode::Levels, Mode::Single),
            timed,
            // See `played`.
            difficulty: Difficulty::Easy,
            ..Config::DEFAULT
        })
}

/// Plays `step` on `g` at `now`; `covered` says whether the board is
/// hidden once it is played (the app hides a new game's board again if the
/// terminal is still too small for it).
fn take(g: &mut Game, step: &Step, now: Instant, covered: bool) {
    let (rows, cols) = (g.board().rows(), g.board().cols());
    let action = match *step {
        Step::Match(n) => {
            let pairs: Vec<_> = matchable_pairs(g.board(), RULES).collect();
            let Some(&(a, b)) = pairs.get(n % pairs.len().max(1)) else {
                return;
            };
            g.apply(Action::Click(a), now);
            Action::Click(b)
        }
        Step::Click(r, c) => Action::Click(Point::new(
            i32::from(r) % rows as i32,
            i32::from(c) % cols as i32,
        )),
        Step::Hint => Action::Hint,
        Step::Reshuffle => Action::Reshuffle,
        Step::Undo => Action::Undo,
        Step::Redo => Action::Redo,
        Step::Pause => Action::TogglePause,
        Step::Cover(covered) => return g.set_covered(covered, now),
        Step::Cursor(d) => Action::Move(
            [
                Direction::Up,
                Direction::Down,
                Direction::Left,
                Direction::Right,
            ][usize::from(d % 4)],
        ),
        Step::NewGame => Action::NewGame,
    };
    g.apply(action, now);
    if covered {
        g.set_covered(true, now);
    }
}

/// Saves `g` at `now` as the game does (through the JSON text), loads it,
/// and requires the game resumed from it to be the same game: it saves to
/// the same file, and it is won, lost or over alike. Returns the resumed
/// game, `covered` as `g` is (what covers the board is not saved).
/// A saved game as JSON without its id, which a new game draws anew.
fn but_id(saved: &SavedGame) -> Value {
    let mut value = serde_json::to_value(saved).unwrap();
    if let Some(fields) = value.as_object_mut() {
        fields.remove("id");
    }
    value
}

fn resumes_equal(g: &Game, now: Instant, covered: bool) -> Result<Game, TestCaseError> {
    let saved = SavedGame::new(g, now);
    let text = serde_json::to_string(&saved).unwrap();
    let back: SavedGame = serde_json::from_str(&text).unwrap();
    let checked = back.validate();
    prop_assert!(checked.is_ok(), "refused: {:?}\n{}", checked, text);
    let r = back.restore(now);
    prop_assert!(r.is_ok(), "not resumed: {:?}", r.err());
    let mut r = r.unwrap();
    // What covers the board is not saved: the resumed game's clock runs,
    // and it is compared once both play on.
    if !covered {
        prop_assert_eq!(&SavedGame::new(&r, now), &saved);
    }
    prop_assert_eq!(r.win(), g.win());
    prop_assert_eq!(r.is_unwinnable(), g.is_unwinnable());
    prop_assert_eq!(r.level(), g.level());
    prop_assert_eq!(r.remaining(now), g.remaining(now));
    r.set_covered(covered, now);
    Ok(r)
}

proptest! {
    #![proptest_config(prop_config::prop_config(CASES))]

    /// Random real play, levels and timed games included, with streaks
    /// carried across levels, hints, reshuffles, undo and redo, pauses and
    /// time running out: every save along the way is accepted and resumes
    /// to the same game.
    #[test]
    fn every_save_of_real_play_resumes_the_same_game(
        config in config(),
        steps in prop::collection::vec((pause(), step()), 1..80),
    ) {
        let t = Instant::now();
        let mut g = Game::new(config, t).unwrap();
        let (mut now, mut covered) = (t, false);
        let mut resumed: Option<Game> = None;
        for (wait, step) in &steps {
            now += *wait;
            // The game resumed from the last save plays the same step the
            // same way (unless the last match was still drawn: a resumed
            // game has no animation, so a pick is not ignored there; and
            // compared once the board is not covered, see `resumes_equal`).
            let drawn = g.animating(now);
            if let Step::Cover(c) = step {
                covered = *c;
            }
            take(&mut g, step, now, covered);
            if let Some(mut r) = resumed.take().filter(|_| !drawn && !covered) {
                take(&mut r, step, now, covered);
                // A new game is a new game: its id is drawn anew, the rest
                // is the same.
                prop_assert_eq!(but_id(&SavedGame::new(&r, now)), but_id(&SavedGame::new(&g, now)), "{:?}", step);
                let win = |g: &Game| g.win().map(|w| (w.score, w.time, w.assisted));
                prop_assert_eq!((win(&r), r.time_up()), (win(&g), g.time_up()));
            }
            resumed = Some(resumes_equal(&g, now, covered)?);
        }
    }

    #[test]
    fn random_bytes_as_a_saved_game(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        load_from(&bytes)?;
    }

    #[test]
    fn mutated_saved_games(bytes in save_file().prop_flat_map(mutation::mutated)) {
        load_from(&bytes)?;
    }

    #[test]
    fn truncated_saved_games(file in save_file(), cut in any::<prop::sample::Index>()) {
        let cut = cut.index(file.len());
        load_from(&file[..cut])?;
    }

    #[test]
    fn numbers_out_of_range_are_refused_or_harmless(
        file in save_file(),
        picks in prop::collection::vec((any::<prop::sample::Index>(), hostile_number()), 1..4),
    ) {
        let mut value: Value = serde_json::from_slice(&file).unwrap();
        for (at, number) in picks {
            let mut leaves = numbers(&mut value);
            let i = at.index(leaves.len());
            *leaves[i] = number;
        }
        load_from(&serde_json::to_vec(&value).unwrap())?;
    }

    #[test]
    fn played_games_survive_saving_and_resuming((g, now) in game()) {
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &SavedGame::new(&g, now)).unwrap();
        let loaded = document::load::<SavedGame>(dir.path()).unwrap();
        prop_assert!(loaded.warning.is_none());
        let r = loaded.value.unwrap().restore(now).unwrap();
        prop_assert_eq!(r.board(), g.board());
        prop_assert_eq!(r.history(), g.history());
        prop_assert_eq!((r.score(), r.streak()), (g.score(), g.streak()));
        prop_assert_eq!((r.hints_left(), r.reshuffles_left()), (g.hints_left(), g.reshuffles_left()));
        prop_assert_eq!((r.cursor(), r.selected(), r.hint_pair()), (g.cursor(), g.selected(), g.hint_pair()));
        prop_assert_eq!((r.is_paused(), r.assisted()), (g.is_paused(), g.assisted()));
        prop_assert_eq!(r.win(), g.win());
        // Milliseconds are kept: the clock is within one of where it was.
        prop_assert!(g.elapsed(now) - r.elapsed(now) < Duration::from_millis(1));
    }
}
