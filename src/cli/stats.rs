//! `lianliankan stats`: prints the statistics kept by the game, every page
//! of the Statistics screen or one difficulty's.

use std::process::ExitCode;

use clap::Args;

use crate::cli::write_out;
use crate::escape::escape_controls;
use crate::persist::stats::Stats;
use crate::persist::storage::data_dir;
use crate::solve::difficulty::Difficulty;

/// Command-line arguments of `stats`: an optional filter on the pages.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only the games of this difficulty: easy, normal or hard (games
    /// counted before the statistics kept difficulties are in none).
    #[arg(long, value_parser = crate::cli::difficulty_arg())]
    pub difficulty: Option<Difficulty>,
}

/// Runs `stats` and returns the exit status: 0 when the statistics were
/// shown (a bad file is kept aside with a warning on stderr), 2 when the
/// data directory cannot be read or the file is from a newer version.
pub fn run_stats(args: &StatsArgs) -> ExitCode {
    match data_dir().and_then(|dir| Stats::load(&dir)) {
        Ok((stats, warning)) => {
            if let Some(warning) = warning {
                complain!("lianliankan stats: {warning}");
            }
            write_out(&report(&stats, args), "stats", "the statistics")
        }
        Err(e) => {
            complain!("lianliankan stats: {e}");
            ExitCode::from(2)
        }
    }
}

/// The text `stats` prints: each page that `filter` asks for (every game,
/// then each difficulty; or one difficulty), its heading over its lines, a
/// blank line between pages.
pub fn report(stats: &Stats, filter: &StatsArgs) -> String {
    let pages = stats
        .pages()
        .into_iter()
        .filter(|page| filter.difficulty.is_none_or(|d| page.difficulty == Some(d)));
    let mut out = String::new();
    for (i, page) in pages.enumerate() {
        if i > 0 {
            out.push('\n');
        }
        // The lines hold file contents: escaped, though validation keeps them plain.
        for line in [&page.heading].into_iter().chain(&page.lines) {
            out.push_str(&escape_controls(line));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::stats::{Outcome, board_key};

    #[test]
    fn every_page_or_one_difficulty() {
        let mut stats = Stats::default();
        let board = board_key(8, 16, "levels");
        for (difficulty, seconds) in [(Difficulty::Hard, 400), (Difficulty::Easy, 90)] {
            stats.start(difficulty);
            stats.finish(difficulty, &board, Outcome::Won, seconds, 0);
        }
        let all = report(&stats, &StatsArgs { difficulty: None });
        let heading = |l: &&str| {
            *l == "All difficulties" || (l.starts_with("Difficulty ") && !l.contains("Started"))
        };
        let headings: Vec<&str> = all.lines().filter(heading).collect();
        assert_eq!(
            headings,
            [
                "All difficulties",
                "Difficulty easy",
                "Difficulty normal",
                "Difficulty hard"
            ],
            "{all}"
        );
        assert!(all.contains("Games won           2"), "{all}");
        let hard = report(
            &stats,
            &StatsArgs {
                difficulty: Some(Difficulty::Hard),
            },
        );
        let expected = "\
Difficulty hard
Games started       1
Games won           1   win rate 100%
Games lost          0   (0 out of time, 0 abandoned)
Winning streak      1   longest 1
Hints used          0

Board                          Won     Best   Median
8x16 levels                      1     6:40     6:40
";
        assert_eq!(hard, expected);
    }
}
