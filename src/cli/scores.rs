//! `lianliankan scores`: prints the high-score tables as aligned text.

use std::fmt::Write as _;

use std::process::ExitCode;

use clap::Args;

use crate::cli::show_loaded;
use crate::core::gravity::Gravity;
use crate::game::Mode;
use crate::game::daily::Day;
use crate::game::limits;
use crate::persist::scores::{BoardKey, Entry, Scores, table_text};
use crate::persist::storage::data_dir;
use crate::solve::difficulty::Difficulty;

/// Command-line arguments of `scores`: an optional filter on the tables.
#[derive(Debug, Clone, Args)]
pub struct ScoresArgs {
    /// Only tables of boards with this many rows (no more than a game may have).
    #[arg(long, value_parser = crate::cli::rows_arg())]
    pub rows: Option<u16>,
    /// Only tables of boards with this many columns (no more than a game may have).
    #[arg(long, value_parser = crate::cli::cols_arg())]
    pub cols: Option<u16>,
    /// Only tables of this gravity key: levels (a run of levels), a variant (none, down, up,
    /// left, right, center-h, center-v), or daily-YYYY-MM-DD (that day's daily deal).
    #[arg(long, value_parser = parse_gravity)]
    pub gravity: Option<String>,
    /// Only tables of this difficulty: easy, normal or hard (tables from
    /// before difficulties are easy).
    #[arg(long, value_parser = crate::cli::difficulty_arg())]
    pub difficulty: Option<Difficulty>,
    /// Only tables of timed games (their scores count the time left).
    #[arg(long, conflicts_with = "untimed")]
    pub timed: bool,
    /// Only tables of untimed games (and tables written before timed games had their own).
    #[arg(long)]
    pub untimed: bool,
}

/// A `--gravity` filter: `levels`, a variant's name or a daily deal's
/// `daily-YYYY-MM-DD`, the keys tables are made under. Any other name (a
/// typo) is refused, as a wrong `--difficulty` is, rather than taken as a
/// filter that no table can match.
fn parse_gravity(name: &str) -> Result<String, String> {
    let known = name.parse::<Mode>().is_ok()
        || name
            .strip_prefix("daily-")
            .is_some_and(|date| date.parse::<Day>().is_ok());
    if known {
        Ok(name.to_string())
    } else {
        let variants: Vec<&str> = Gravity::LEVELS.iter().map(|g| g.name()).collect();
        Err(format!(
            "\"{}\" is no table's key: levels, a variant ({}) or daily-YYYY-MM-DD",
            name.escape_debug(),
            variants.join(", ")
        ))
    }
}

impl ScoresArgs {
    fn matches(&self, key: &BoardKey) -> bool {
        self.rows.is_none_or(|r| r == key.rows())
            && self.cols.is_none_or(|c| c == key.cols())
            && self.gravity.as_deref().is_none_or(|g| g == key.gravity())
            && self.difficulty.is_none_or(|d| d.name() == key.difficulty())
            && !(self.timed && !key.timed() || self.untimed && key.timed())
    }

    /// Refuses a size given whole that no game can have, in the game's
    /// own words ([`limits::check_board`]): a board of 3 x 3 has an odd
    /// number of cells. Each side alone was checked as it was read.
    fn check(&self) -> Result<(), String> {
        match (self.rows, self.cols) {
            // One kind, which every board of pairs takes: the size is judged.
            (Some(rows), Some(cols)) => limits::check_board(rows.into(), cols.into(), 1),
            _ => Ok(()),
        }
    }

    /// The single table asked for, when rows, columns, gravity and
    /// difficulty are all given (an untimed one unless `--timed`).
    fn exact_key(&self) -> Option<BoardKey> {
        let (rows, cols, gravity) = (self.rows?, self.cols?, self.gravity.as_deref()?);
        let key = BoardKey::new(rows, cols, gravity, self.difficulty?).ok()?;
        Some(key.with_clock(self.timed))
    }
}

/// Runs `scores` as the command line asked and returns the exit status: 0
/// when the tables were shown (a bad file is kept aside with a warning on
/// stderr), 2 when the size asked for is no game's, the data directory
/// cannot be read or the file is from a newer version.
pub fn run_scores(args: &ScoresArgs) -> ExitCode {
    if let Err(message) = args.check() {
        complain!("lianliankan scores: {message}");
        return ExitCode::from(2);
    }
    let loaded = data_dir().and_then(|dir| Scores::load(&dir));
    show_loaded(loaded, "scores", "the tables", |scores| {
        report(scores, args)
    })
}

/// The text `scores` prints: each table that matches `filter`, or a line
/// saying there is none.
pub fn report(scores: &Scores, filter: &ScoresArgs) -> String {
    let mut out = String::new();
    let tables: Vec<(&BoardKey, &[Entry])> = scores
        .tables()
        .filter(|(key, _)| filter.matches(key))
        .collect();
    if tables.is_empty() {
        match filter.exact_key() {
            Some(key) => {
                let _ = writeln!(out, "{}", key.title());
                out.push_str(&table_text(&[]));
            }
            None if scores.tables().next().is_none() => out.push_str("No high scores yet.\n"),
            None => out.push_str("No high scores yet for the boards asked.\n"),
        }
    }
    for (i, (key, entries)) in tables.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", key.title());
        out.push_str(&table_text(entries));
    }
    out
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;
    use unicode_width::UnicodeWidthStr;

    fn no_filter() -> ScoresArgs {
        ScoresArgs {
            rows: None,
            cols: None,
            gravity: None,
            difficulty: None,
            timed: false,
            untimed: false,
        }
    }

    #[test]
    fn tables_print_in_aligned_columns() {
        let mut scores = Scores::default();
        let key = BoardKey::new(9, 16, "none", Difficulty::Normal).unwrap();
        let when = UNIX_EPOCH + Duration::from_secs(1_709_251_200);
        for (name, score, assisted) in [("连连看", 1200, false), ("bob", 900, true)] {
            let entry = Entry::new(name, score, 205, when, assisted).unwrap();
            scores.insert(&key, entry);
        }
        let text = report(&scores, &no_filter());
        let expected = "\
9 x 16 board, gravity none, normal
   #  Name        Score      Time  Date        Assisted
   1  连连看       1200      3:25  2024-03-01  no
   2  bob           900      3:25  2024-03-01  yes
";
        assert_eq!(text, expected);
        // Every column but the last (Assisted) ends at the same terminal column.
        let widths: Vec<usize> = text
            .lines()
            .skip(1)
            .map(|l| l.trim_end_matches(char::is_alphabetic).width())
            .collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
    }

    #[test]
    fn filters_and_empty_tables() {
        assert_eq!(
            report(&Scores::default(), &no_filter()),
            "No high scores yet.\n"
        );
        let mut scores = Scores::default();
        let when = UNIX_EPOCH;
        for gravity in ["none", "down"] {
            let key = BoardKey::new(9, 16, gravity, Difficulty::Normal).unwrap();
            scores.insert(&key, Entry::new("ann", 1, 1, when, false).unwrap());
        }
        let all = report(&scores, &no_filter());
        assert!(all.contains("gravity none") && all.contains("gravity down"));
        let down = ScoresArgs {
            gravity: Some("down".into()),
            ..no_filter()
        };
        let text = report(&scores, &down);
        assert!(text.contains("gravity down") && !text.contains("gravity none"));
        let exact = ScoresArgs {
            rows: Some(4),
            cols: Some(4),
            gravity: Some("up".into()),
            difficulty: Some(Difficulty::Hard),
            ..no_filter()
        };
        assert_eq!(
            report(&scores, &exact),
            "4 x 4 board, gravity up, hard\n  No scores yet.\n"
        );
        // A hard win has its own table, apart from the normal ones.
        let hard = BoardKey::new(9, 16, "down", Difficulty::Hard).unwrap();
        scores.insert(&hard, Entry::new("bo", 2, 1, when, false).unwrap());
        let only_hard = ScoresArgs {
            difficulty: Some(Difficulty::Hard),
            ..no_filter()
        };
        let text = report(&scores, &only_hard);
        assert_eq!(text.matches("board, gravity").count(), 1, "{text}");
        assert!(text.contains("gravity down, hard") && text.contains("bo"));
        assert_eq!(
            report(&scores, &no_filter())
                .matches("gravity down")
                .count(),
            2
        );
        let partial = ScoresArgs {
            rows: Some(4),
            ..no_filter()
        };
        assert_eq!(
            report(&scores, &partial),
            "No high scores yet for the boards asked.\n"
        );
        // A timed game's table stands apart from the untimed one of its
        // board, and each clock filters the other out.
        let timed = BoardKey::new(9, 16, "down", Difficulty::Hard)
            .unwrap()
            .with_clock(true);
        scores.insert(&timed, Entry::new("cy", 3, 1, when, false).unwrap());
        let text = report(&scores, &only_hard);
        assert!(
            text.contains("gravity down, timed, hard") && text.contains("cy"),
            "{text}"
        );
        assert!(
            text.contains("gravity down, hard\n") && text.contains("bo"),
            "{text}"
        );
        let clock = |timed| ScoresArgs {
            timed,
            untimed: !timed,
            ..only_hard.clone()
        };
        let text = report(&scores, &clock(true));
        assert!(text.contains("  cy ") && !text.contains("  bo "), "{text}");
        let text = report(&scores, &clock(false));
        assert!(!text.contains("  cy ") && text.contains("  bo "), "{text}");
    }
}
