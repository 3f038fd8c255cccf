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
use lianliankan::core::grid::{EMPTY, Point};
use lianliankan::game::{Action, Config, Direction, Game, find_match};
use lianliankan::persist::document;
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

/// Every cell of the board holds an even count of each kind, and the game
/// takes a round of every action without trouble.
fn play_on(mut g: Game, now: Instant) -> Result<(), TestCaseError> {
    let board = g.board();
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    for n in 0..=255u8 {
        g.apply(
            action(n, rows, cols),
            now + Duration::from_millis(u64::from(n)),
        );
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

proptest! {
    #![proptest_config(prop_config::prop_config(CASES))]

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
