//! The `lianliankan` command: plays the game, or runs a batch mode.
//!
//! The command line is parsed and checked here, before the terminal is
//! touched; everything else lives in the library.

// Output goes through `write!` on a locked handle (`cli::write_out`,
// `complain!`), never the print macros: they panic when standard output or
// error is a closed pipe (`lianliankan scores | head -1`).
#![warn(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;
use std::time::{Instant, SystemTime};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use lianliankan::game::Difficulty;
use lianliankan::game::Mode;
use lianliankan::game::daily::Day;
use lianliankan::persist::session::Wanted;
use lianliankan::ui::start::{Options, start};
use lianliankan::ui::theme::{Charset, ColorDepth};

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
    /// Show the high-score tables (all, or those of one board size, gravity variant or difficulty).
    Scores(lianliankan::cli::scores::ScoresArgs),
    /// Solve a board read from a file or stdin (grid format): print a winning move list.
    Solve(lianliankan::cli::solve::SolveArgs),
    /// Print a winnable full board in the grid format, the same for the same arguments.
    Deal(lianliankan::cli::solve::DealArgs),
    /// Show the statistics: games started, won and lost, streaks, best and median times (over all
    /// games and per difficulty, or of one difficulty).
    Stats(lianliankan::cli::stats::StatsArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(lianliankan::cli::shell::CompletionsArgs),
    /// Print the manual page (roff) of the game or of one command: `lianliankan man > lianliankan.1`.
    Man(lianliankan::cli::shell::ManArgs),
}

/// The options of the game (used when no subcommand is given). Those left
/// out come from the New game form's choices (kept in the settings); those
/// given hold for this game only.
#[derive(Args)]
struct PlayArgs {
    /// Board rows [default: 8, or the New game form's].
    #[arg(long, value_parser = lianliankan::cli::rows_arg())]
    rows: Option<u16>,
    /// Board columns; rows x cols must be even [default: 16, or the New game form's].
    #[arg(long, value_parser = lianliankan::cli::cols_arg())]
    cols: Option<u16>,
    /// Number of tile kinds, at most the theme's symbols, half the cells and 61
    /// [default: 32, or the New game form's; fewer when the board has fewer pairs].
    // Any count: the start tells one out of range in the game's words
    // (against the board's pairs and the theme's symbols), not a range of
    // this type.
    #[arg(long)]
    kinds: Option<usize>,
    /// Seed of the deal, to replay a game; random when left out.
    #[arg(long)]
    seed: Option<u64>,
    /// Tile theme: emoji (pictures), symbols (Unicode, one column) or ascii
    /// (letters and digits, any terminal) [default: the settings' choice,
    /// else emoji in a UTF-8 locale or Windows Terminal, else ascii].
    #[arg(long)]
    theme: Option<String>,
    /// Start a new game instead of resuming the saved one (which is removed,
    /// unless a newer lianliankan wrote it).
    #[arg(long)]
    new: bool,
    /// Play one board of this gravity variant, or `levels` for the run of
    /// levels through every variant [default: levels, or the New game form's
    /// mode].
    // No list of the variants here: `--help` adds the possible values.
    #[arg(long, value_parser = lianliankan::cli::mode_arg())]
    gravity: Option<Mode>,
    /// Give each level a time limit (30 s plus 2 s a cell); time left is
    /// added to the score [default: untimed, or the New game form's clock].
    #[arg(long)]
    timed: bool,
    /// Play without a time limit, whatever the New game form chose.
    #[arg(long, conflicts_with = "timed")]
    untimed: bool,
    /// How hard the deals are: easy (a random player nearly always wins),
    /// normal or hard (it takes planning) [default: normal, or the New game
    /// form's].
    #[arg(long, value_parser = lianliankan::cli::difficulty_arg())]
    difficulty: Option<Difficulty>,
    /// Watch the solver play a new deal to the end; any key stops it and you
    /// play on. The demo is never recorded, and your saved game stays until
    /// you make a move after taking over (the game is then saved, marked assisted).
    #[arg(long, conflicts_with_all = ["new", "daily"])]
    demo: bool,
    /// Play the daily deal: the same board for everyone on that day (UTC),
    /// today's when no date is given (YYYY-MM-DD).
    #[arg(long, value_name = "DATE", num_args = 0..=1, default_missing_value = "today",
          value_parser = parse_day,
          conflicts_with_all = ["rows", "cols", "kinds", "seed", "gravity", "timed", "untimed",
                               "difficulty"])]
    daily: Option<Day>,
}

/// A `--daily` date, or today; never a day still to come, whose deal
/// would otherwise be played, and recorded, before it opens.
fn parse_day(text: &str) -> Result<Day, String> {
    let today = Day::today(SystemTime::now());
    match text {
        "today" => Ok(today),
        date => {
            let day: Day = date.parse()?;
            if day.number() > today.number() {
                return Err(format!(
                    "{date} has not come yet: a daily deal opens on its day (UTC), and today is {today}"
                ));
            }
            Ok(day)
        }
    }
}

impl PlayArgs {
    /// The options as the start of the game takes them.
    fn options(&self) -> Options {
        Options {
            deal: Wanted {
                rows: self.rows.map(usize::from),
                cols: self.cols.map(usize::from),
                kinds: self.kinds,
                seed: self.seed,
                mode: self.gravity,
                timed: (self.timed || self.untimed).then_some(self.timed),
                difficulty: self.difficulty,
                daily: self.daily,
            },
            theme: self.theme.clone(),
            new: self.new,
            demo: self.demo,
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            depth: ColorDepth::from_env(),
            charset: Charset::from_env(),
        }
    }
}

fn main() -> ExitCode {
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        // A usage error, told on standard error with status 2.
        Err(e) if e.use_stderr() => e.exit(),
        // The help or the version, on standard output: clap's own exit
        // lets a failed write go (`--help > /dev/full` ended with 0).
        Err(e) => {
            let written = e.print().and_then(|()| std::io::stdout().flush());
            let what = match e.kind() {
                clap::error::ErrorKind::DisplayVersion => "the version",
                _ => "the help",
            };
            return lianliankan::cli::ended_writing(written, None, what);
        }
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Check(args)) => lianliankan::cli::check::run_check(&args),
        Some(Command::Scores(args)) => lianliankan::cli::scores::run_scores(&args),
        Some(Command::Solve(args)) => lianliankan::cli::solve::run_solve(&args),
        Some(Command::Deal(args)) => lianliankan::cli::solve::run_deal(&args),
        Some(Command::Stats(args)) => lianliankan::cli::stats::run_stats(&args),
        Some(Command::Completions(args)) => {
            lianliankan::cli::shell::run_completions(&args, &mut Cli::command())
        }
        Some(Command::Man(args)) => lianliankan::cli::shell::run_man(&args, Cli::command()),
        None => play(cli.play),
    }
}

fn play(args: PlayArgs) -> ExitCode {
    let mut stderr = std::io::stderr();
    lianliankan::ui::tui::survive_file_size_limit();
    let mut app = match start(&args.options(), Instant::now()) {
        Ok(app) => app,
        Err(message) => {
            let _ = writeln!(stderr, "lianliankan: {message}");
            return ExitCode::from(2);
        }
    };
    let ended = lianliankan::ui::tui::run(&mut app).map_err(|e| format!("terminal error: {e}"));
    // Written with errors ignored: after SIGHUP the terminal may be gone.
    if let Some(share) = &app.share {
        let _ = writeln!(std::io::stdout(), "{share}");
    }
    match ended {
        Ok(ended) => {
            for message in &ended.messages {
                let _ = writeln!(stderr, "lianliankan: {message}");
            }
            match ended.signal {
                // The shell's convention for a process ended by a signal.
                Some(signal) => ExitCode::from(128u8.saturating_add(signal as u8)),
                // Something went wrong on the way out (a file that could
                // not be written, or one kept aside): a script should know.
                None if !ended.messages.is_empty() => ExitCode::FAILURE,
                None => ExitCode::SUCCESS,
            }
        }
        Err(message) => {
            let _ = writeln!(stderr, "lianliankan: {message}");
            ExitCode::from(2)
        }
    }
}
