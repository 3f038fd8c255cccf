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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => lianliankan::batch::run_check(&args),
        None => {
            println!("The game is not playable yet. Try: lianliankan check --help");
            ExitCode::SUCCESS
        }
    }
}
