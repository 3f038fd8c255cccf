//! `lianliankan scores` driven as a user would: the real binary, with the data
//! directory set through the environment of the child process only.

#[path = "support/data_dir.rs"]
mod data_dir;

use std::path::Path;
use std::process::Output;
use std::time::{Duration, UNIX_EPOCH};

use data_dir::{run_in, text};

use lianliankan::persist::scores::{BoardKey, Entry, record};

fn scores(data_dir: &Path, args: &[&str]) -> Output {
    run_in(data_dir, &[&["scores"], args].concat())
}

fn add(dir: &Path, rows: u16, cols: u16, gravity: &str, name: &str, score: u32) {
    let key = BoardKey::new(rows, cols, gravity, lianliankan::game::Difficulty::Normal).unwrap();
    let when = UNIX_EPOCH + Duration::from_secs(1_764_460_800);
    let entry = Entry::new(name, score, 125, when, false).unwrap();
    record(dir, &key, entry).unwrap();
}

#[test]
fn empty_and_missing_data_dirs_show_no_scores() {
    let dir = tempfile::tempdir().unwrap();
    let out = scores(&dir.path().join("not-yet-created"), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "No high scores yet.\n");
    assert!(out.stderr.is_empty());
}

/// A daily deal's table is filtered by its key, as `--help` says.
#[test]
fn a_daily_deals_table_is_filtered_by_its_key() {
    let dir = tempfile::tempdir().unwrap();
    add(dir.path(), 8, 16, "daily-2026-11-30", "ann", 500);
    add(dir.path(), 8, 16, "right", "bob", 700);
    let out = scores(dir.path(), &["--gravity", "daily-2026-11-30"]);
    assert_eq!(out.status.code(), Some(0));
    let daily = text(&out.stdout);
    assert!(daily.contains("daily deal 2026-11-30"), "{daily}");
    assert!(daily.contains("ann") && !daily.contains("bob"), "{daily}");
}

/// A `--gravity` no table can have (a typo) is refused, as a wrong
/// `--difficulty` is, instead of reading as a filter that matched nothing.
#[test]
fn a_gravity_key_no_table_can_have_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    add(dir.path(), 9, 16, "down", "ann", 500);
    for typo in ["dwon", "daily-2026-02-30", "daily", "level"] {
        let out = scores(dir.path(), &["--gravity", typo]);
        assert_eq!(out.status.code(), Some(2), "{typo}");
        let err = text(&out.stderr);
        assert!(err.contains("levels, a variant"), "{typo}: {err}");
        assert!(out.stdout.is_empty(), "{typo}");
    }
    for key in ["levels", "center-h", "daily-2026-11-30"] {
        let out = scores(dir.path(), &["--gravity", key]);
        assert_eq!(out.status.code(), Some(0), "{key}");
    }
}

#[test]
fn tables_are_shown_and_filtered() {
    let dir = tempfile::tempdir().unwrap();
    add(dir.path(), 9, 16, "none", "ann", 500);
    add(dir.path(), 9, 16, "none", "bob", 700);
    add(dir.path(), 9, 16, "down", "cat", 300);
    let out = scores(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    let all = text(&out.stdout);
    assert!(
        all.contains("9 x 16 board, gravity down") && all.contains("9 x 16 board, gravity none"),
        "{all}"
    );
    assert!(
        all.contains("   1  bob         700      2:05  2025-11-30  no"),
        "{all}"
    );
    let out = scores(
        dir.path(),
        &["--rows", "9", "--cols", "16", "--gravity", "down"],
    );
    let one = text(&out.stdout);
    assert!(one.contains("cat") && !one.contains("bob"), "{one}");
    let out = scores(
        dir.path(),
        &["--rows", "4", "--cols", "4", "--gravity", "none"],
    );
    // Three tables (one per difficulty) fit that filter, none with scores.
    assert_eq!(
        text(&out.stdout),
        "No high scores yet for the boards asked.\n"
    );
    let out = scores(
        dir.path(),
        &[
            "--rows",
            "4",
            "--cols",
            "4",
            "--gravity",
            "none",
            "--difficulty",
            "hard",
        ],
    );
    assert_eq!(
        text(&out.stdout),
        "4 x 4 board, gravity none, hard\n  No scores yet.\n"
    );
}

#[test]
fn a_corrupt_file_is_kept_aside_with_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scores.json");
    let bad = "{\"version\": 1, \"data\": {\"tables\": [{\"board\": {\"rows\": 9, \"cols\": 16, \
               \"gravity\": \"none\"}, \"entries\": [{\"name\": \"\\u001b[2J\", \"score\": 1, \
               \"seconds\": 1, \"date\": 1, \"assisted\": false}]}]}}";
    std::fs::write(&file, bad).unwrap();
    let out = scores(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "No high scores yet.\n");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("kept as") && err.contains("scores.json.corrupt-"),
        "{err}"
    );
    assert!(!err.trim_end().chars().any(char::is_control), "{err:?}");
    assert!(!file.exists());
    // Told once: the next run is quiet.
    let out = scores(dir.path(), &[]);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn a_newer_file_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scores.json");
    let newer = b"{\"version\": 4, \"data\": {\"leagues\": []}}\n";
    std::fs::write(&file, newer).unwrap();
    let out = scores(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("format version 4"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), newer);
}

#[test]
fn an_unreadable_data_dir_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, b"").unwrap();
    let out = scores(&not_a_dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("lianliankan scores: cannot open"), "{err}");
}

#[test]
fn bad_filters_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--rows", "0"][..],
        &["--gravity", "Down\x1b"],
        &["--cols", "-3"],
    ] {
        let out = scores(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!text(&out.stderr).contains('\x1b'));
    }
}

/// `scores --rows 99` said "No high scores yet" where no game can have
/// 99 rows, so no table can either: a side the game refuses is refused as
/// a filter too, in the game's own words, and the sides it takes are
/// taken.
#[test]
fn a_side_the_game_refuses_is_refused_as_a_filter() {
    let dir = tempfile::tempdir().unwrap();
    add(dir.path(), 9, 16, "none", "ann", 500);
    for (args, words) in [
        (&["--rows", "99"][..], "a board has 1 to 40 rows, not 99"),
        (
            &["--rows", "41", "--cols", "16"],
            "a board has 1 to 40 rows, not 41",
        ),
        (&["--cols", "61"], "a board has 1 to 60 columns, not 61"),
        (&["--rows", "0"], "a board has 1 to 40 rows, not 0"),
        (
            &["--cols", "70000"],
            "a board has 1 to 60 columns, not 70000",
        ),
    ] {
        let out = scores(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        let game = run_in(dir.path(), args);
        assert_eq!(game.status.code(), Some(2), "{args:?}");
        let err = text(&game.stderr);
        assert!(err.contains(words), "the game, {args:?}: {err}");
    }
    for (rows, cols) in [("1", "2"), ("40", "60")] {
        let out = scores(dir.path(), &["--rows", rows, "--cols", cols]);
        assert_eq!(out.status.code(), Some(0), "{rows} x {cols}");
        let shown = text(&out.stdout);
        assert_eq!(shown, "No high scores yet for the boards asked.\n");
    }
}

/// `scores --rows 3 --cols 3` said "No high scores yet" where no game
/// can have a board of 9 cells (tiles come in pairs), as the game says of
/// `--rows 3 --cols 3`: a size given whole is refused as the game refuses
/// it, in its words. Either side alone filters as before.
#[test]
fn a_board_of_an_odd_number_of_cells_is_refused_as_a_filter() {
    let dir = tempfile::tempdir().unwrap();
    add(dir.path(), 9, 16, "none", "ann", 500);
    for (args, words) in [
        (
            &["--rows", "3", "--cols", "3"][..],
            "a board of 3 x 3 has an odd number of cells (9); tiles come in pairs",
        ),
        (
            &["--rows", "1", "--cols", "1"],
            "a board of 1 x 1 has an odd number of cells (1); tiles come in pairs",
        ),
    ] {
        let out = scores(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err, format!("lianliankan scores: {words}\n"), "{args:?}");
        let game = run_in(dir.path(), args);
        assert_eq!(game.status.code(), Some(2), "{args:?}");
        let err = text(&game.stderr);
        assert!(err.contains(words), "the game, {args:?}: {err}");
    }
    let out = scores(
        dir.path(),
        &["--rows", "9", "--cols", "15", "--gravity", "none"],
    );
    assert_eq!(out.status.code(), Some(2), "with the other filters too");
    let out = scores(dir.path(), &["--rows", "9"]);
    assert_eq!(out.status.code(), Some(0), "an odd side alone");
    assert!(text(&out.stdout).contains("ann"), "an odd side alone");
    let out = scores(dir.path(), &["--cols", "15"]);
    assert_eq!(out.status.code(), Some(0), "an odd side alone");
}

/// The platform's own folder, redirected through HOME (and XDG_DATA_HOME on
/// Linux and the other Unixes). Windows takes its folder from the system,
/// not the environment, so there no test can point it away from the
/// player's own.
#[cfg(unix)]
#[test]
fn without_the_variable_the_per_user_data_dir_is_used() {
    let home = tempfile::tempdir().unwrap();
    let xdg = home.path().join("share");
    let own = if cfg!(target_os = "macos") {
        home.path().join("Library/Application Support/lianliankan")
    } else {
        xdg.join("lianliankan")
    };
    add(&own, 9, 16, "none", "xdg", 1);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .arg("scores")
        .env_remove("LIANLIANKAN_DATA_DIR")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", &xdg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("xdg"), "{}", text(&out.stdout));
}

/// Format characters (Unicode category Cf) reorder or hide text on a
/// terminal; none may reach it raw.
fn has_raw_format(text: &str) -> bool {
    text.chars().any(lianliankan::escape::is_format)
}

#[test]
fn format_characters_in_the_data_dir_path_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    // A right-to-left override in the path would print the rest of the
    // warning backwards.
    let data = dir.path().join("evil\u{202e}txt.\u{2066}exe");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("scores.json"), b"not json").unwrap();
    let out = scores(&data, &[]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("kept as"), "{err}");
    assert!(!has_raw_format(&err), "{err:?}");
    assert!(err.contains("evil\\u{202e}txt.\\u{2066}exe"), "{err}");

    let not_a_dir = dir.path().join("file\u{200f}\u{61c}");
    std::fs::write(&not_a_dir, b"").unwrap();
    let out = scores(&not_a_dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("file\\u{200f}\\u{61c}"), "{err}");
    assert!(!has_raw_format(&err), "{err:?}");
}

#[test]
fn a_name_with_any_format_character_never_reaches_the_table() {
    let dir = tempfile::tempdir().unwrap();
    // U+0600 and U+110BD are format characters outside the bidirectional
    // ranges; a file written by hand may carry them in a name.
    for name in ["ann\\u0600", "bob\\ud804\\udcbd"] {
        let file = format!(
            "{{\"version\": 1, \"data\": {{\"tables\": [{{\"board\": {{\"rows\": 9, \"cols\": 16, \
             \"gravity\": \"none\"}}, \"entries\": [{{\"name\": \"{name}\", \"score\": 1, \
             \"seconds\": 1, \"date\": 1, \"assisted\": false}}]}}]}}}}"
        );
        std::fs::write(dir.path().join("scores.json"), file).unwrap();
        let out = scores(dir.path(), &[]);
        assert_eq!(out.status.code(), Some(0));
        let shown = text(&out.stdout) + &text(&out.stderr);
        assert!(!has_raw_format(&shown), "{name}: {shown:?}");
    }
}
