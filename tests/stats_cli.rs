//! `lianliankan stats` driven as a user would: the real binary, with the data
//! directory set through the environment of the child process only.

#[path = "support/data_dir.rs"]
mod data_dir;

use std::path::Path;
use std::process::Output;

use data_dir::{run_in, text};
use lianliankan::game::Difficulty;
use lianliankan::persist::stats::{Outcome, Stats};

fn stats(data_dir: &Path, args: &[&str]) -> Output {
    run_in(data_dir, &[&["stats"], args].concat())
}

/// Counts a game of `difficulty` on `board`, as the game does when it ends.
fn play(dir: &Path, difficulty: Difficulty, board: &str, outcome: Outcome, seconds: u32) {
    Stats::update(dir, |s| {
        s.start(difficulty);
        s.finish(difficulty, board, outcome, seconds, 1);
    })
    .unwrap();
}

/// The headings of the pages printed, in order.
fn headings(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            *l == "All difficulties" || (l.starts_with("Difficulty ") && !l.contains("Started"))
        })
        .collect()
}

#[test]
fn every_page_then_one_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let out = stats(&dir.path().join("not-yet-created"), &[]);
    assert_eq!(out.status.code(), Some(0));
    let empty = text(&out.stdout);
    assert_eq!(
        headings(&empty),
        [
            "All difficulties",
            "Difficulty easy",
            "Difficulty normal",
            "Difficulty hard"
        ]
    );
    assert!(empty.contains("Games started       0"), "{empty}");
    play(
        dir.path(),
        Difficulty::Hard,
        "8x16 levels",
        Outcome::Won,
        300,
    );
    play(
        dir.path(),
        Difficulty::Hard,
        "8x16 levels",
        Outcome::Won,
        421,
    );
    play(
        dir.path(),
        Difficulty::Easy,
        "6x10 none",
        Outcome::Abandoned,
        20,
    );
    let out = stats(dir.path(), &["--difficulty", "hard"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    // The median of 5:00 and 7:01 is their mean, 6:00.5, shown 6:01.
    assert_eq!(
        text(&out.stdout),
        "\
Difficulty hard
Games started       2
Games won           2   win rate 100%
Games lost          0   (0 out of time, 0 abandoned)
Winning streak      2   longest 2
Hints used          2

Board         Won    Best  Median
8x16 levels     2    5:00    6:01
"
    );
    let out = stats(dir.path(), &["--difficulty", "easy"]);
    let easy = text(&out.stdout);
    assert_eq!(headings(&easy), ["Difficulty easy"]);
    assert!(easy.contains("(0 out of time, 1 abandoned)"), "{easy}");
    assert!(!easy.contains("8x16 levels"), "{easy}");
    let all = text(&stats(dir.path(), &[]).stdout);
    assert!(all.contains("Games started       3"), "{all}");
    assert!(all.contains("Winning streak      0   longest 2"), "{all}");
}

#[test]
fn the_boards_are_listed_by_size() {
    // A player who won on each of the New game form's boards, and a daily
    // deal, in an order of their own.
    let dir = tempfile::tempdir().unwrap();
    for board in [
        "12x24 levels",
        "6x10 none",
        "10x20 levels",
        "8x16 levels",
        "8x16 daily-2026-11-30",
        "40x60 up",
        "6x10 levels",
    ] {
        play(dir.path(), Difficulty::Normal, board, Outcome::Won, 90);
    }
    let out = text(&stats(dir.path(), &["--difficulty", "normal"]).stdout);
    let boards: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Board"))
        .skip(1)
        .map(|l| l.split("  ").next().unwrap())
        .collect();
    // Smallest first, as the high-score tables go, not 10x20 before 6x10.
    assert_eq!(
        boards,
        [
            "6x10 levels",
            "6x10 none",
            "8x16 daily-2026-11-30",
            "8x16 levels",
            "10x20 levels",
            "12x24 levels",
            "40x60 up",
        ],
        "{out}"
    );
}

#[test]
fn a_version_1_file_shows_whole_as_games_of_no_recorded_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stats.json");
    let v1 = r#"{"version": 1, "data": {"started": 4, "won": 3, "abandoned": 1,
        "hints": 2, "streak": 0, "best_streak": 2,
        "boards": {"8x16 levels": {"won": 3, "best": 100, "times": [100, 140, 120]}},
        "daily": []}}"#;
    std::fs::write(&file, v1).unwrap();
    let out = stats(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let all = text(&out.stdout);
    assert_eq!(headings(&all).last(), Some(&"Difficulty not recorded"));
    assert!(
        all.contains("Games won           3   win rate 75%"),
        "{all}"
    );
    assert!(all.contains("8x16 levels     3    1:40    2:00"));
    // In none of the difficulties.
    let normal = text(&stats(dir.path(), &["--difficulty", "normal"]).stdout);
    assert!(normal.contains("Games started       0"), "{normal}");
    // Printing does not write: the file stays version 1 for an older
    // lianliankan until a game is counted.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), v1);
}

#[test]
fn bad_files_and_filters() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stats.json");
    std::fs::write(&file, b"{\"version\": 2, \"data\": {\"streak\": 5}}").unwrap();
    let out = stats(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("stats.json.corrupt-"), "{err}");
    assert!(text(&out.stdout).contains("Games started       0"));
    assert!(!file.exists(), "kept aside");
    let newer = b"{\"version\": 3, \"data\": {}}\n";
    std::fs::write(&file, newer).unwrap();
    let out = stats(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("format version 3"));
    assert_eq!(std::fs::read(&file).unwrap(), newer);
    let out = stats(dir.path(), &["--difficulty", "expert\x1b"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("easy, normal, hard"), "{err}");
    assert!(!err.contains('\x1b'), "{err:?}");
}
