//! The `solve` and `deal` commands: the solver and the dealer on the command
//! line, reading and writing boards in the grid format.
//!
//! `solve` exits 0 with the winning moves on stdout, 1 when it proves there are
//! none, 3 when its budget runs out, and 2 on bad input. `deal` exits 0 with
//! the board on stdout and 2 on a bad combination of arguments.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::cli::check::read_grid_board;
use crate::cli::scanner::Scanner;
use crate::cli::write_out;
use crate::cli::{open_input, read_failure};
use crate::core::engine::{Border, Rules};
use crate::core::gravity::Gravity;
use crate::core::grid::{Board, EMPTY, Tile};
use crate::solve::deal::KIND_SYMBOLS;
use crate::solve::difficulty::{Difficulty, deal_seeded_at};
use crate::solve::solver::{Outcome, SolveConfig, solve};

/// The rule options `solve` and `deal` share.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Whether the line may run through the empty ring outside the board.
    #[arg(long, value_parser = crate::cli::border_arg(), default_value_t = Border::Open)]
    pub border: Border,
    /// How many turns the line may take. Above 2, a pair that no line of two
    /// turns joins is tested by searching the free cells of the board.
    #[arg(long, default_value_t = 2)]
    pub max_turns: u32,
    /// How tiles slide after each removal.
    #[arg(long, value_parser = crate::cli::gravity_arg(), default_value_t = Gravity::None)]
    pub gravity: Gravity,
}

impl RuleArgs {
    fn rules(&self) -> Rules {
        Rules {
            max_turns: self.max_turns,
            border: self.border,
        }
    }
}

/// Command-line arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board file in the grid format (board part only); standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// The rules to solve or deal under.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Time the solver may take, in milliseconds, before answering "unknown".
    #[arg(long, default_value_t = 5000)]
    pub budget_ms: u64,
}

/// Command-line arguments of `deal`.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// Board rows.
    #[arg(long)]
    pub rows: usize,
    /// Board columns (rows x cols must be even).
    #[arg(long)]
    pub cols: usize,
    /// Number of tile kinds (at most 62 and at most half the cells).
    #[arg(long)]
    pub kinds: usize,
    /// Seed: the same arguments give the same deal on every machine.
    #[arg(long)]
    pub seed: u64,
    /// How hard the deal is for a player who does not plan ahead: easy,
    /// normal or hard (measured by simulated players on boards of 20 to 512
    /// tiles; on other boards up to 2,400 tiles set by the dealer's taste in
    /// pairs alone, and above that not at all).
    #[arg(long, value_parser = crate::cli::difficulty_arg(), default_value_t = Difficulty::Normal)]
    pub difficulty: Difficulty,
    /// The rules to solve or deal under.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `solve` as the command line asked and returns the exit status.
pub fn run_solve(args: &SolveArgs) -> ExitCode {
    let file = args.file.as_deref();
    let board = open_input(file).and_then(|input| {
        let mut s = Scanner::from_reader(input);
        let board = parse_board(&mut s);
        match s.take_read_error() {
            Some(e) => Err(read_failure(file, &e)),
            None => board,
        }
    });
    let board = match board {
        Ok(board) => board,
        Err(message) => {
            complain!("lianliankan solve: {message}");
            return ExitCode::from(2);
        }
    };
    let config = SolveConfig {
        rules: args.rules.rules(),
        gravity: args.rules.gravity,
        budget: Duration::from_millis(args.budget_ms),
    };
    match solve(&board, &config) {
        Outcome::Solved(moves) => {
            let mut text = String::with_capacity(moves.len() * 12);
            for m in moves {
                text.push_str(&format!(
                    "{} {} {} {}\n",
                    m.a.row + 1,
                    m.a.col + 1,
                    m.b.row + 1,
                    m.b.col + 1
                ));
            }
            write_out(&text, "solve", "the output")
        }
        Outcome::NoSolution => {
            complain!("no solution");
            ExitCode::from(1)
        }
        Outcome::Unknown => {
            complain!("unknown");
            ExitCode::from(3)
        }
    }
}

/// Runs `deal` as the command line asked and returns the exit status.
pub fn run_deal(args: &DealArgs) -> ExitCode {
    match deal_seeded_at(
        args.rows,
        args.cols,
        args.kinds,
        args.rules.rules(),
        args.rules.gravity,
        args.difficulty,
        args.seed,
    ) {
        Ok(dealt) => {
            let mut board = dealt.board;
            for p in board.points() {
                let kind = board.get(p) as usize;
                board.set(p, Tile::from(KIND_SYMBOLS[kind - 1]));
            }
            write_out(format_board(&board), "deal", "the output")
        }
        Err(e) => {
            complain!("lianliankan deal: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads a board in the grid format, board part only: anything after the
/// board other than blank space is an error naming its line (reading stops
/// there). A size of `0 0`, which ends `check`'s list of boards, is refused
/// on its own line, as the end of the input is.
fn parse_board(s: &mut Scanner) -> Result<Board, String> {
    let empty = s.at_end();
    let size_line = s.line();
    let board = read_grid_board(s)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            let mut e = s.error(if empty {
                "expected a board (`rows cols`, then the rows), found the end of the input"
            } else {
                "a size of 0 0 ends the input: solve needs a board (`rows cols`, then the rows)"
            });
            e.line = size_line;
            e.to_string()
        })?;
    if !s.at_end() {
        let e = s.too_many_blanks().unwrap_or_else(|| {
            s.error("unexpected input after the board (solve reads the board part only)")
        });
        return Err(e.to_string());
    }
    Ok(board)
}

/// The board in the grid format: `rows cols`, then one line of characters per
/// row, `.` for an empty cell.
fn format_board(board: &Board) -> String {
    let mut text = format!("{} {}\n", board.rows(), board.cols());
    for row in board.tiles().chunks(board.cols()) {
        text.extend(row.iter().map(|&t| symbol(t)));
        text.push('\n');
    }
    text
}

/// The character of a tile in the grid format (`?` for a value no printable
/// ASCII character stands for).
fn symbol(tile: Tile) -> char {
    match u8::try_from(tile) {
        _ if tile == EMPTY => '.',
        Ok(c) if c.is_ascii_graphic() => char::from(c),
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_and_print_in_the_grid_format() {
        let board = parse_board(&mut Scanner::new(b"2 3\nAB.\n.BA\n\n")).unwrap();
        assert_eq!(format_board(&board), "2 3\nAB.\n.BA\n");
    }

    #[test]
    fn bad_boards_name_their_line() {
        for (input, line) in [
            (&b"2 3\nAB.\n.B\n"[..], "line 3"),
            (b"2 3\nAB.\n.BA\n1\n", "line 4"),
            (b"1000000000 1000000000\n", "line 1"),
            (b"", "line 1"),
            (b"\n\n", "line 3"),
            (b"0 0\n", "line 1: a size of 0 0"),
            (b"\n0 0\nAB\n", "line 2: a size of 0 0"),
        ] {
            let message = parse_board(&mut Scanner::new(input)).unwrap_err();
            assert!(message.contains(line), "{message}");
        }
    }
}
