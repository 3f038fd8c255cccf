//! The `lianliankan` command: plays the game, or runs a batch mode.
//!
//! The command line is parsed and checked here, before the terminal is
//! touched; everything else lives in the library.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use lianliankan::core::gravity::Gravity;
use lianliankan::game::limits::{MAX_COLS, MAX_ROWS};
use lianliankan::game::{Config, Game, Mode};
use lianliankan::persist::session::{Session, Wanted};
use lianliankan::persist::storage;
use lianliankan::ui::app::App;
use lianliankan::ui::theme::{ColorDepth, Theme};

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
    Check(lianliankan::cli::check::CheckArgs),
    /// Show the high-score tables (all, or those of one board size and gravity variant).
    Scores(lianliankan::cli::scores::ScoresArgs),
    /// Solve a board read from a file or stdin (grid format): print a winning move list.
    Solve(lianliankan::cli::solve::SolveArgs),
    /// Print a winnable full board in the grid format, the same for the same arguments.
    Deal(lianliankan::cli::solve::DealArgs),
}

/// The options of the game (used when no subcommand is given).
#[derive(Args)]
struct PlayArgs {
    /// Board rows.
    #[arg(long, default_value_t = Config::DEFAULT.rows as u16, value_parser = clap::value_parser!(u16).range(1..=MAX_ROWS as i64))]
    rows: u16,
    /// Board columns (rows x cols must be even).
    #[arg(long, default_value_t = Config::DEFAULT.cols as u16, value_parser = clap::value_parser!(u16).range(1..=MAX_COLS as i64))]
    cols: u16,
    /// Number of tile kinds (at most the theme's symbols and half the cells).
    #[arg(long, default_value_t = Config::DEFAULT.kinds as u16, value_parser = clap::value_parser!(u16).range(1..))]
    kinds: u16,
    /// Seed of the deal, to replay a game; random when left out.
    #[arg(long)]
    seed: Option<u64>,
    /// Tile theme: emoji (pictures), symbols (Unicode, one column) or ascii
    /// (letters and digits, any terminal). Default: emoji in a UTF-8 locale,
    /// else ascii.
    #[arg(long)]
    theme: Option<String>,
    /// Start a new game instead of resuming the saved one (which is removed).
    #[arg(long)]
    new: bool,
    /// Play one board of this gravity variant instead of the run of levels
    /// (none, down, up, left, right, center-h, center-v).
    #[arg(long, value_parser = lianliankan::cli::gravity_arg())]
    gravity: Option<Gravity>,
    /// Give each level a time limit (30 s plus 2 s a cell); time left is
    /// added to the score.
    #[arg(long)]
    timed: bool,
    /// Watch the solver play a new deal to the end; any key stops it and you
    /// play on. A demo is never saved and never recorded (your saved game stays).
    #[arg(long, conflicts_with = "new")]
    demo: bool,
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Check(args)) => lianliankan::cli::check::run_check(&args),
        Some(Command::Scores(args)) => lianliankan::cli::scores::run_scores(&args),
        Some(Command::Solve(args)) => lianliankan::cli::solve::run_solve(&args),
        Some(Command::Deal(args)) => lianliankan::cli::solve::run_deal(&args),
        None => play(cli.play, &matches),
    }
}

fn play(args: PlayArgs, matches: &ArgMatches) -> ExitCode {
    let ended = setup(args, matches).and_then(|mut app| {
        lianliankan::ui::tui::run(&mut app).map_err(|e| format!("terminal error: {e}"))
    });
    // Written with errors ignored: after SIGHUP the terminal may be gone.
    let mut stderr = std::io::stderr();
    match ended {
        Ok(ended) => {
            for message in ended.messages {
                let _ = writeln!(stderr, "lianliankan: {message}");
            }
            match ended.signal {
                // The shell's convention for a process ended by a signal.
                Some(signal) => ExitCode::from(128u8.saturating_add(signal as u8)),
                None => ExitCode::SUCCESS,
            }
        }
        Err(message) => {
            let _ = writeln!(stderr, "lianliankan: {message}");
            ExitCode::from(2)
        }
    }
}

/// The deal options given on the command line (not left at their defaults).
fn wanted(args: &PlayArgs, matches: &ArgMatches) -> Wanted {
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    Wanted {
        rows: given("rows").then_some(usize::from(args.rows)),
        cols: given("cols").then_some(usize::from(args.cols)),
        kinds: given("kinds").then_some(usize::from(args.kinds)),
        seed: args.seed,
        mode: args.gravity.map(Mode::Single),
        timed: args.timed,
    }
}

/// Checks the options and deals the first game, or resumes the saved one;
/// any error here comes before the terminal is taken over.
fn setup(args: PlayArgs, matches: &ArgMatches) -> Result<App, String> {
    let theme = match &args.theme {
        Some(name) => Theme::builtin(name)?,
        None => Theme::default_for_env(),
    };
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
        mode: args.gravity.map_or(Mode::Levels, Mode::Single),
        timed: args.timed,
        ..Config::DEFAULT
    };
    let now = Instant::now();
    // Checked first, so bad options fail the same way with or without a save.
    let game = Game::new(config, now).map_err(|e| e.to_string())?;
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let app = |game| {
        let mut app = App::new(game, theme.clone(), color, now);
        app.depth = ColorDepth::from_env();
        app
    };
    if args.demo {
        return Ok(app(game).with_demo(now));
    }
    let dir = match storage::data_dir() {
        Ok(dir) => dir,
        Err(e) => {
            let message = format!("{e}. This game will not be saved.");
            return Ok(app(game).with_intro().with_message(message));
        }
    };
    let max_kinds = theme.kinds();
    let start = Session::start(
        dir,
        args.new,
        wanted(&args, matches),
        config,
        max_kinds,
        now,
    )
    .map_err(|e| e.to_string())?;
    Ok(app(start.game)
        .with_session(start.session, start.resumed, start.message)
        .with_intro())
}
