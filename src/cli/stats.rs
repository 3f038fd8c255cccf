//! `lianliankan stats`: prints the statistics kept by the game, every page
//! of the Statistics screen or one difficulty's.

use std::process::ExitCode;

use clap::Args;

use crate::cli::show_loaded;
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
    let loaded = data_dir().and_then(|dir| Stats::load(&dir));
    show_loaded(loaded, "stats", "the statistics", |stats| {
        report(stats, args)
    })
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
