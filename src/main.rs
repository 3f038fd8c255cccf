//! The `lianliankan` command: plays the game, or runs a batch mode.
//!
//! The command line is parsed and checked here, before the terminal is
//! touched; everything else lives in the library.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use lianliankan::app::App;
use lianliankan::game::{Config, Game};
use lianliankan::theme::Theme;

/// Lianliankan (Onet, Shisen-Sho) in the terminal.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Answer connection queries read from a file or stdin (HDU 1175 or grid format).
    Check(lianliankan::batch::CheckArgs),
    /// Show the high-score tables (all, or those of one board size and gravity variant).
    Scores(lianliankan::score_report::ScoresArgs),
    /// Solve a board read from a file or stdin (grid format): print a winning move list.
    Solve(lianliankan::solve_cmd::SolveArgs),
    /// Print a winnable full board in the grid format, the same for the same arguments.
    Deal(lianliankan::solve_cmd::DealArgs),
}

/// The options of the game (used when no subcommand is given).
#[derive(Args)]
struct PlayArgs {
    /// Board rows.
    #[arg(long, default_value_t = Config::DEFAULT.rows as u16, value_parser = clap::value_parser!(u16).range(1..=40))]
    rows: u16,
    /// Board columns (rows x cols must be even).
    #[arg(long, default_value_t = Config::DEFAULT.cols as u16, value_parser = clap::value_parser!(u16).range(1..=60))]
    cols: u16,
    /// Number of tile kinds (at most the theme's symbols and half the cells).
    #[arg(long, default_value_t = Config::DEFAULT.kinds as u16, value_parser = clap::value_parser!(u16).range(1..))]
    kinds: u16,
    /// Seed of the deal, to replay a game; random when left out.
    #[arg(long)]
    seed: Option<u64>,
    /// Tile theme: ascii (letters and digits) or symbols (Unicode).
    #[arg(long, default_value = "ascii")]
    theme: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => lianliankan::batch::run_check(&args),
        Some(Command::Scores(args)) => lianliankan::score_report::run_scores(&args),
        Some(Command::Solve(args)) => lianliankan::solve_cmd::run_solve(&args),
        Some(Command::Deal(args)) => lianliankan::solve_cmd::run_deal(&args),
        None => play(cli.play),
    }
}

fn play(args: PlayArgs) -> ExitCode {
    match setup(args).and_then(|mut app| {
        lianliankan::tui::run(&mut app).map_err(|e| format!("terminal error: {e}"))
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lianliankan: {message}");
            ExitCode::from(2)
        }
    }
}

/// Checks the options and deals the first game; any error here comes before
/// the terminal is taken over.
fn setup(args: PlayArgs) -> Result<App, String> {
    let theme = Theme::builtin(&args.theme)?;
    let kinds = usize::from(args.kinds);
    if kinds > theme.kinds() {
        return Err(format!(
            "theme {} has {} symbols, so --kinds can be at most {}",
            theme.name,
            theme.kinds(),
            theme.kinds()
        ));
    }
    let config = Config {
        rows: usize::from(args.rows),
        cols: usize::from(args.cols),
        kinds,
        seed: args.seed.unwrap_or_else(rand::random),
        ..Config::DEFAULT
    };
    let now = Instant::now();
    let game = Game::new(config, now).map_err(|e| e.to_string())?;
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    Ok(App::new(game, theme, color, now))
}
