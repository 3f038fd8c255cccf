//! Hostile score and save files: random, truncated and mutated contents must
//! never panic; a file is either read as valid data, kept aside with a
//! warning, or (newer version) refused and left as it was.

#[path = "support/aside.rs"]
mod aside;
#[path = "support/mutation.rs"]
mod mutation;
#[path = "support/prop_config.rs"]
mod prop_config;

use std::fs;
use std::time::{Duration, UNIX_EPOCH};

use aside::aside_contents;
use lianliankan::persist::document::{self, Document};
use lianliankan::persist::scores::{BoardKey, Entry, MAX_NAME_WIDTH, Scores, sanitize_name};
use lianliankan::persist::storage::StorageError;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use unicode_width::UnicodeWidthStr;

/// Cases per property: enough to reach deep into the formats, few enough to
/// keep `cargo test` fast in debug builds.
const CASES: u32 = 256;

fn hostile_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,20}",
        any::<String>(),
        prop::collection::vec(
            prop::sample::select(vec![
                'a', ' ', '\t', '\x1b', '\u{202e}', '连', '\u{301}', '\n'
            ]),
            0..40
        )
        .prop_map(|cs| cs.into_iter().collect()),
    ]
}

fn gravity() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "none", "down", "up", "left", "right", "center-h", "center-v",
    ])
}

/// Valid tables built the way the game builds them: entries through `Entry::new`.
fn scores() -> impl Strategy<Value = Scores> {
    let entry = (
        hostile_name(),
        0u32..2_000_000,
        0u32..100_000,
        0u64..4_000_000_000,
        any::<bool>(),
    );
    // Boards of pairs, as every game's: an even number of cells.
    let game = (1u16..30, 1u16..15, gravity(), entry);
    prop::collection::vec(game, 0..40).prop_map(|games| {
        let mut scores = Scores::default();
        for (rows, cols, gravity, (name, score, seconds, date, assisted)) in games {
            let cols = cols * 2 - (1 - rows % 2);
            let key =
                BoardKey::new(rows, cols, gravity, lianliankan::game::Difficulty::Normal).unwrap();
            let when = UNIX_EPOCH + Duration::from_secs(date);
            if let Ok(entry) = Entry::new(&name, score, seconds, when, assisted) {
                scores.insert(&key, entry);
            }
        }
        scores
    })
}

fn scores_file() -> impl Strategy<Value = Vec<u8>> {
    scores().prop_map(|scores| {
        let dir = tempfile::tempdir().unwrap();
        scores.save(dir.path()).unwrap();
        fs::read(dir.path().join("scores.json")).unwrap()
    })
}

/// Loads `bytes` as the scores file and checks the outcome is one of the three allowed.
fn load_scores_from(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scores.json");
    fs::write(&file, bytes).unwrap();
    match Scores::load(dir.path()) {
        Ok((scores, None)) => {
            // Read as valid data: printable names, and it saves back the same.
            for (_, entries) in scores.tables() {
                for e in entries {
                    prop_assert!(!e.name().chars().any(char::is_control));
                    prop_assert!(e.name().width() <= MAX_NAME_WIDTH);
                }
            }
            scores.save(dir.path()).unwrap();
            prop_assert_eq!(Scores::load(dir.path()).unwrap(), (scores, None));
        }
        Ok((scores, Some(warning))) => {
            prop_assert_eq!(scores, Scores::default());
            prop_assert!(!warning.chars().any(char::is_control), "{:?}", warning);
            prop_assert!(!file.exists());
            prop_assert_eq!(aside_contents(dir.path(), "scores.json"), bytes);
        }
        Err(StorageError::NewerVersion { found, .. }) => {
            prop_assert!(found > 1);
            prop_assert_eq!(fs::read(&file).unwrap(), bytes);
        }
        Err(e) => prop_assert!(false, "unexpected error {}", e),
    }
    Ok(())
}

/// A stand-in for the game's saved state, with nesting, options and enums.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct SavedGame {
    tiles: Vec<Vec<u32>>,
    cursor: Option<(u16, u16)>,
    history: Vec<Move>,
    seconds: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Move {
    Pair { a: (u16, u16), b: (u16, u16) },
    Shuffle,
}

impl Document for SavedGame {
    const FILE_NAME: &'static str = "game.json";
    const VERSION: u32 = 1;
    const DESCRIPTION: &'static str = "The saved game";

    fn validate(&self) -> Result<(), String> {
        if self
            .tiles
            .iter()
            .any(|row| row.len() != self.tiles[0].len())
        {
            return Err("rows of different lengths".into());
        }
        Ok(())
    }
}

fn saved_game() -> impl Strategy<Value = SavedGame> {
    let a_move = prop_oneof![
        (any::<(u16, u16)>(), any::<(u16, u16)>()).prop_map(|(a, b)| Move::Pair { a, b }),
        Just(Move::Shuffle),
    ];
    (1usize..6, 1usize..6)
        .prop_flat_map(move |(rows, cols)| {
            (
                prop::collection::vec(prop::collection::vec(0u32..40, cols), rows),
                any::<Option<(u16, u16)>>(),
                prop::collection::vec(a_move.clone(), 0..10),
                any::<u32>(),
            )
        })
        .prop_map(|(tiles, cursor, history, seconds)| SavedGame {
            tiles,
            cursor,
            history,
            seconds,
        })
}

fn game_file() -> impl Strategy<Value = Vec<u8>> {
    saved_game().prop_map(|game| {
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &game).unwrap();
        fs::read(dir.path().join("game.json")).unwrap()
    })
}

proptest! {
    #![proptest_config(prop_config::prop_config(CASES))]

    #[test]
    fn random_bytes_as_scores(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        load_scores_from(&bytes)?;
    }

    #[test]
    fn mutated_scores_files(bytes in scores_file().prop_flat_map(mutation::mutated)) {
        load_scores_from(&bytes)?;
    }

    #[test]
    fn truncated_scores_files(file in scores_file(), cut in any::<prop::sample::Index>()) {
        let cut = cut.index(file.len());
        load_scores_from(&file[..cut])?;
    }

    #[test]
    fn scores_survive_save_and_load(scores in scores()) {
        let dir = tempfile::tempdir().unwrap();
        scores.save(dir.path()).unwrap();
        prop_assert_eq!(Scores::load(dir.path()).unwrap(), (scores, None));
    }

    #[test]
    fn saved_games_survive_save_and_load(game in saved_game()) {
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &game).unwrap();
        let loaded = document::load::<SavedGame>(dir.path()).unwrap();
        prop_assert_eq!(loaded.value, Some(game));
        document::remove::<SavedGame>(dir.path()).unwrap();
        prop_assert!(document::load::<SavedGame>(dir.path()).unwrap().value.is_none());
    }

    #[test]
    fn mutated_saved_games(bytes in game_file().prop_flat_map(mutation::mutated)) {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("game.json"), &bytes).unwrap();
        match document::load::<SavedGame>(dir.path()) {
            Ok(loaded) => match (loaded.value, loaded.warning) {
                (Some(game), None) => prop_assert!(game.validate().is_ok()),
                (None, Some(warning)) => {
                    prop_assert!(!warning.chars().any(char::is_control));
                    prop_assert!(!dir.path().join("game.json").exists());
                }
                other => prop_assert!(false, "unexpected {:?}", other),
            },
            Err(StorageError::NewerVersion { .. }) => {
                prop_assert_eq!(fs::read(dir.path().join("game.json")).unwrap(), bytes);
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
    }

    #[test]
    fn sanitized_names_are_printable_short_and_stable(raw in hostile_name()) {
        if let Some(name) = sanitize_name(&raw) {
            prop_assert!(!name.chars().any(char::is_control), "{:?}", name);
            prop_assert!(name.width() <= MAX_NAME_WIDTH);
            prop_assert_eq!(name.trim(), name.as_str());
            prop_assert_eq!(sanitize_name(&name), Some(name.clone()));
        }
    }
}
