//! The batch commands, run without the terminal game.
//!
//! - [`check`] and [`scanner`]: the `check` command (HDU 1175 and grid
//!   formats) and its input reader.
//! - [`solve`](mod@solve): the `solve` and `deal` commands.
//! - [`scores`]: the `scores` command.
//! - [`stats`]: the `stats` command.
//! - [`shell`]: the `completions` and `man` commands.
//!
//! Here: what the commands share: the named `--gravity`, `--difficulty` and
//! `--border` values, opening the input, writing the output, and showing a
//! file of the data directory.

/// Prints one line to standard error as `eprintln!` does, but lets a failed
/// write go: `eprintln!` panics when standard error is a closed pipe
/// (`lianliankan check big 2>&1 | head -1`), and a message nobody can read
/// is no reason to end in a panic rather than with the command's status.
macro_rules! complain {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod check;
pub mod scanner;
pub mod scores;
pub mod shell;
pub mod solve;
pub mod stats;

use std::io::{self, Read, Write as _};
use std::path::Path;
use std::process::ExitCode;
use std::str::FromStr;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::core::engine::Border;
use crate::core::gravity::Gravity;
use crate::escape::escape_controls;
use crate::game::Mode;
use crate::game::limits;
use crate::persist::storage::StorageError;
use crate::solve::difficulty::Difficulty;

/// A clap parser for a value known by name (`FromStr`): `--help` lists the
/// names, and a wrong one is refused with that list. Keeps clap out of the
/// types below the command line.
fn named<T>(names: impl IntoIterator<Item = &'static str>) -> impl TypedValueParser<Value = T>
where
    T: FromStr<Err = String> + Clone + Send + Sync + 'static,
{
    PossibleValuesParser::new(names).try_map(|name: String| name.parse::<T>())
}

/// The `--gravity` values: every variant by name.
pub fn gravity_arg() -> impl TypedValueParser<Value = Gravity> {
    named(Gravity::LEVELS.map(Gravity::name))
}

/// The game's `--gravity` values: `levels` (the run of levels) and every
/// variant by name, so that a game of one variant chosen last time can be
/// left from the command line as well as from the New game form.
pub fn mode_arg() -> impl TypedValueParser<Value = Mode> {
    named(
        [Mode::Levels.name()]
            .into_iter()
            .chain(Gravity::LEVELS.map(Gravity::name)),
    )
}

/// The `--difficulty` values: `easy`, `normal` and `hard`.
pub fn difficulty_arg() -> impl TypedValueParser<Value = Difficulty> {
    named(Difficulty::ALL.map(Difficulty::name))
}

/// The `--rows` values of the game and of `scores`: the rows a board may
/// have ([`limits::check_rows`]).
pub fn rows_arg() -> impl TypedValueParser<Value = u16> {
    side(limits::check_rows)
}

/// The `--cols` values of the game and of `scores`: the columns a board
/// may have ([`limits::check_cols`]).
pub fn cols_arg() -> impl TypedValueParser<Value = u16> {
    side(limits::check_cols)
}

/// A clap parser for one side of a board, as `check` allows it.
fn side(check: fn(usize) -> Result<(), String>) -> impl TypedValueParser<Value = u16> {
    clap::value_parser!(u64).try_map(move |n| {
        check(usize::try_from(n).unwrap_or(usize::MAX))?;
        u16::try_from(n).map_err(|e| e.to_string())
    })
}

/// The `--border` values: `open` and `closed`.
pub fn border_arg() -> impl TypedValueParser<Value = Border> {
    named(Border::ALL.map(Border::name))
}

/// The file a batch input names: none (standard input) when absent or
/// `-`, as `cat`, `sort` and `diff` take it.
fn named_file(file: Option<&Path>) -> Option<&Path> {
    file.filter(|path| *path != Path::new("-"))
}

/// Opens a batch input, the named file or standard input (see
/// [`named_file`]), for a [`scanner::Scanner`] to read as it goes: `check`
/// and `solve` read their input through it.
fn open_input(file: Option<&Path>) -> Result<Box<dyn Read>, String> {
    let file = named_file(file);
    match file {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Ok(Box::new(f)),
            Err(e) => Err(read_failure(file, &e)),
        },
        None => Ok(Box::new(io::stdin().lock())),
    }
}

/// The message for a batch input that cannot be read, escaped for the terminal.
fn read_failure(file: Option<&Path>, e: &io::Error) -> String {
    match named_file(file) {
        Some(path) => escape_controls(&format!("cannot read {}: {e}", path.display())),
        None => escape_controls(&format!("cannot read standard input: {e}")),
    }
}

/// Shows what a command read from the data directory: the load's warning
/// (a bad file kept aside) on standard error, then `text` of what was
/// loaded, as [`write_out`] does; exit 2 with the error when the directory
/// or the file cannot be read. `scores` and `stats` report their files
/// the same way through it.
fn show_loaded<T>(
    loaded: Result<(T, Option<String>), StorageError>,
    command: &str,
    what: &str,
    text: impl FnOnce(&T) -> String,
) -> ExitCode {
    match loaded {
        Ok((value, warning)) => {
            if let Some(warning) = warning {
                complain!("lianliankan {command}: {warning}");
            }
            write_out(text(&value), command, what)
        }
        Err(e) => {
            complain!("lianliankan {command}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes a command's whole output to standard output, ending as
/// [`ended_writing`] says.
fn write_out(text: impl AsRef<[u8]>, command: &str, what: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    let written = out.write_all(text.as_ref()).and_then(|()| out.flush());
    ended_writing(written, Some(command), what)
}

/// The exit status of a command once its output, `what`, was written as
/// `written` says: 0, or 2 with `lianliankan COMMAND: cannot write WHAT:
/// ...` on standard error when the write failed (a closed pipe, a full
/// disk). Every command that writes (the batch commands, `man`,
/// `completions`, the help and the version, which name no `command`)
/// reports a lost output so.
pub fn ended_writing(written: io::Result<()>, command: Option<&str>, what: &str) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let who = command.map_or(String::new(), |c| format!(" {c}"));
            complain!("lianliankan{who}: cannot write {what}: {e}");
            ExitCode::from(2)
        }
    }
}
