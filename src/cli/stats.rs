//! `lianliankan stats`: prints the statistics kept by the game.

use crate::cli::write_out;
use std::process::ExitCode;

use crate::escape::escape_controls;
use crate::persist::stats::Stats;
use crate::persist::storage::data_dir;

/// Runs `stats` and returns the exit status: 0 when the statistics were
/// shown (a bad file is kept aside with a warning on stderr), 2 when the
/// data directory cannot be read or the file is from a newer version.
pub fn run_stats() -> ExitCode {
    match data_dir().and_then(|dir| Stats::load(&dir)) {
        Ok((stats, warning)) => {
            if let Some(warning) = warning {
                complain!("lianliankan stats: {warning}");
            }
            // The lines hold file contents: escaped, though validation keeps them plain.
            let text: String = stats
                .report()
                .iter()
                .map(|line| escape_controls(line) + "\n")
                .collect();
            write_out(&text, "stats", "the statistics")
        }
        Err(e) => {
            complain!("lianliankan stats: {e}");
            ExitCode::from(2)
        }
    }
}
