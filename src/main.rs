//! The `lianliankan` command: plays the game, or runs a batch mode.
//!
//! The command line is parsed here; everything else lives in the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Lianliankan (Onet, Shisen-Sho) in the terminal.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Answer connection queries read from a file or stdin (HDU 1175 or grid format).
    Check(lianliankan::batch::CheckArgs),
    /// Show the high-score tables (all, or those of one board size and gravity variant).
    Scores(lianliankan::score_report::ScoresArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => lianliankan::batch::run_check(&args),
        Some(Command::Scores(args)) => lianliankan::score_report::run_scores(&args),
        None => {
            println!("The game is not playable yet. Try: lianliankan check --help");
            ExitCode::SUCCESS
        }
    }
}
