//! Hostile settings and statistics files: random, truncated and mutated
//! contents never panic; a file is read as valid data, kept aside with a
//! warning (the defaults apply), or (newer version) refused and left as it
//! was. Valid values survive a save and a load unchanged, and the counting
//! functions never break what validation demands.

#[path = "support/mutation.rs"]
mod mutation;
#[path = "support/prop_config.rs"]
mod prop_config;

use std::fs;

use lianliankan::game::Difficulty;
use lianliankan::persist::document::{self, Document};
use lianliankan::persist::settings::{Animation, GameChoice, PRESETS, Settings, modes};
use lianliankan::persist::stats::{Outcome, Stats, Tally, board_key};
use lianliankan::persist::storage::StorageError;
use proptest::prelude::*;

/// Cases per property.
const CASES: u32 = 256;

/// Settings as the settings and new-game screens can make them.
fn settings() -> impl Strategy<Value = Settings> {
    let theme = prop::option::of(prop::sample::select(vec!["ascii", "symbols"]));
    let preset = prop::sample::select(PRESETS.to_vec());
    let mode = prop::sample::select(modes().collect::<Vec<_>>());
    let animation = prop::sample::select(Animation::ALL.to_vec());
    let difficulty = prop::sample::select(Difficulty::ALL.to_vec());
    (
        theme,
        any::<bool>(),
        animation,
        any::<bool>(),
        preset,
        mode,
        any::<bool>(),
        difficulty,
    )
        .prop_map(
            |(theme, color, animation, hints, p, mode, timed, difficulty)| Settings {
                theme: theme.map(str::to_string),
                color,
                animation,
                hints,
                new_game: GameChoice {
                    rows: p.rows,
                    cols: p.cols,
                    kinds: p.kinds,
                    mode: mode.name().to_string(),
                    timed,
                    difficulty: difficulty.name().to_string(),
                },
            },
        )
}

/// Statistics as play makes them: a sequence of games and how each ended.
fn stats() -> impl Strategy<Value = Stats> {
    let game = (0u8..3, 0u32..20_000, 0u32..5, 0usize..6, 0usize..3);
    prop::collection::vec(game, 0..60).prop_map(|games| {
        let boards = [
            "8x16 levels",
            "6x10 none",
            "2x2 down",
            "8x16 daily-2026-11-30",
        ];
        let mut stats = Stats::default();
        for (outcome, seconds, hints, board, difficulty) in games {
            let difficulty = Difficulty::ALL[difficulty];
            stats.start(difficulty);
            let outcome =
                [Outcome::Won, Outcome::TimedOut, Outcome::Abandoned][usize::from(outcome)];
            let key = boards
                .get(board)
                .map_or_else(|| board_key(12, 24, "center-h"), |b| b.to_string());
            stats.finish(difficulty, &key, outcome, seconds, hints);
            if board == 3 {
                stats.mark_daily("2026-11-30".parse().unwrap());
            }
        }
        stats
    })
}

/// A `stats.json` as version 1 wrote it (one tally, no difficulty), of
/// the normal games of `s` and its days, with that tally.
fn version_1(s: &Stats) -> (Tally, Vec<u8>) {
    let tally = s.tally(Difficulty::Normal);
    let mut data = serde_json::to_value(&tally).unwrap();
    data["daily"] = serde_json::to_value(&s.daily).unwrap();
    let file = serde_json::json!({"version": 1, "data": data});
    (tally, serde_json::to_vec_pretty(&file).unwrap())
}

fn file_of<D: Document>(value: &D) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    document::save(dir.path(), value).unwrap();
    fs::read(dir.path().join(D::FILE_NAME)).unwrap()
}

/// Loads `bytes` as the file of `D`: valid data, a warning with the file
/// kept aside, or a newer version left alone; never a panic.
fn load_from<D: Document + std::fmt::Debug>(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(D::FILE_NAME);
    fs::write(&path, bytes).unwrap();
    match document::load::<D>(dir.path()) {
        Ok(loaded) => match (loaded.value, loaded.warning) {
            (Some(value), None) => prop_assert!(value.validate().is_ok(), "{:?}", value),
            (None, Some(warning)) => {
                prop_assert!(!warning.chars().any(char::is_control));
                prop_assert!(!path.exists(), "kept aside");
            }
            other => prop_assert!(false, "unexpected {:?}", other),
        },
        Err(StorageError::NewerVersion { .. }) => {
            prop_assert_eq!(
                fs::read(&path).unwrap(),
                bytes,
                "a newer file is left alone"
            );
        }
        Err(e) => prop_assert!(false, "unexpected error {}", e),
    }
    Ok(())
}

proptest! {
    #![proptest_config(prop_config::prop_config(CASES))]

    #[test]
    fn settings_survive_save_and_load(s in settings()) {
        prop_assert!(s.validate().is_ok(), "{:?}", s);
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &s).unwrap();
        prop_assert_eq!(document::load::<Settings>(dir.path()).unwrap().value, Some(s));
    }

    #[test]
    fn stats_survive_save_and_load(s in stats()) {
        prop_assert!(s.validate().is_ok(), "{:?}", s);
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &s).unwrap();
        prop_assert_eq!(Stats::load(dir.path()).unwrap(), (s, None));
    }

    #[test]
    fn a_version_1_file_loses_nothing(s in stats()) {
        let (tally, bytes) = version_1(&s);
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("stats.json"), bytes).unwrap();
        let (loaded, warning) = Stats::load(dir.path()).unwrap();
        prop_assert_eq!(warning, None);
        prop_assert!(loaded.difficulties.is_empty());
        prop_assert_eq!((loaded.streak, loaded.best_streak), (tally.streak, tally.best_streak));
        prop_assert_eq!(&loaded.daily, &s.daily);
        let total = loaded.total();
        prop_assert_eq!((total.started, total.won, total.hints), (tally.started, tally.won, tally.hints));
        let kept = loaded.unrecorded.unwrap_or_default();
        prop_assert_eq!(kept, tally);
    }

    #[test]
    fn mutated_version_1_stats(bytes in stats().prop_map(|s| version_1(&s).1).prop_flat_map(mutation::mutated)) {
        load_from::<Stats>(&bytes)?;
    }

    #[test]
    fn random_bytes_as_settings_or_stats(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        load_from::<Settings>(&bytes)?;
        load_from::<Stats>(&bytes)?;
    }

    #[test]
    fn mutated_settings(bytes in settings().prop_map(|s| file_of(&s)).prop_flat_map(mutation::mutated)) {
        load_from::<Settings>(&bytes)?;
    }

    #[test]
    fn mutated_stats(bytes in stats().prop_map(|s| file_of(&s)).prop_flat_map(mutation::mutated)) {
        load_from::<Stats>(&bytes)?;
    }

    #[test]
    fn an_update_over_a_damaged_file_starts_afresh_and_says_so(
        bytes in stats().prop_map(|s| file_of(&s)).prop_flat_map(mutation::mutated)
    ) {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("stats.json"), &bytes).unwrap();
        match Stats::update(dir.path(), |s| s.start(Difficulty::Normal)) {
            Ok(_) => {
                let (after, warning) = Stats::load(dir.path()).unwrap();
                prop_assert_eq!(warning, None);
                prop_assert!(after.validate().is_ok());
                prop_assert!(after.total().started >= 1);
            }
            Err(StorageError::NewerVersion { .. }) => {
                prop_assert_eq!(fs::read(dir.path().join("stats.json")).unwrap(), bytes);
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
    }
}
