//! `lianliankan check`: answers connection queries in batch, with the same
//! engine the game uses.
//!
//! Two input formats:
//! - `hdu`, exactly the judge problem HDU 1175: cases of `n m`, `n` rows of `m`
//!   integers (0 empty), `q`, then `q` queries `x1 y1 x2 y2` (1-based). Queries
//!   do not change the board. Input ends with `0 0` or at its end.
//! - `grid`, the stateful variant: `rows cols`, `rows` lines of characters (`.`
//!   empty, any other printable ASCII character a tile kind), a count, then moves
//!   `x1 y1 x2 y2`; a `YES` removes the pair, so later moves see the new board.
//!   With `--gravity` the remaining tiles then slide as in the game.
//!
//! Each query prints `YES` or `NO`. On bad input the answers so far stay
//! printed, one line on stderr names the input line, and the exit status is 2.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::cli::scanner::{InputError, Scanner};
use crate::cli::{open_input, read_failure};
use crate::core::engine::{Border, Rules};
use crate::core::gravity::{Gravity, remove_pair, remove_pair_settled};
use crate::core::grid::{Board, BoardBuilder, EMPTY, Point, Tile};
use crate::core::rules::can_match;
use crate::escape::escape_controls;

/// The input format of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// HDU 1175: integer boards, independent queries.
    Hdu,
    /// Character boards, moves that remove matched pairs.
    Grid,
}

/// Command-line arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = Format::Hdu)]
    pub format: Format,
    /// Whether the line may run through the empty ring outside the board.
    #[arg(long, value_parser = crate::cli::border_arg(), default_value_t = Border::Closed)]
    pub border: Border,
    /// How many turns the line may take. Above 2, a query that no line of
    /// two turns answers searches the free cells of the board, up to the
    /// board's size per query.
    #[arg(long, default_value_t = 2)]
    pub max_turns: u32,
    /// How tiles slide after each removed pair (grid format only; HDU
    /// queries remove nothing).
    #[arg(long, value_parser = crate::cli::gravity_arg(), default_value_t = Gravity::None)]
    pub gravity: Gravity,
}

/// Why a batch run stopped early.
#[derive(Debug)]
pub enum BatchError {
    /// The input is malformed.
    Input(InputError),
    /// Reading the input failed part of the way (for example, a directory
    /// given as the file).
    Read(io::Error),
    /// Writing the answers failed (for example, a closed pipe).
    Io(io::Error),
}

impl From<InputError> for BatchError {
    fn from(e: InputError) -> Self {
        BatchError::Input(e)
    }
}

impl From<io::Error> for BatchError {
    fn from(e: io::Error) -> Self {
        BatchError::Io(e)
    }
}

/// Runs `check` as the command line asked and returns the exit status.
pub fn run_check(args: &CheckArgs) -> ExitCode {
    // HDU queries remove nothing, so nothing would slide: a gravity asked
    // for there would be ignored without a word.
    if matches!(args.format, Format::Hdu) && args.gravity != Gravity::None {
        complain!(
            "lianliankan check: --gravity applies to --format grid only (HDU queries remove nothing)"
        );
        return ExitCode::from(2);
    }
    let file = args.file.as_deref();
    let input = match open_input(file) {
        Ok(input) => input,
        Err(message) => {
            complain!("lianliankan check: {message}");
            return ExitCode::from(2);
        }
    };
    let rules = Rules {
        max_turns: args.max_turns,
        border: args.border,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut s = Scanner::from_reader(input);
    let result = check_from(&mut s, args.format, rules, args.gravity, &mut out);
    let flushed = out.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(BatchError::Input(e)), _) => {
            complain!("lianliankan check: {e}");
            ExitCode::from(2)
        }
        (Err(BatchError::Read(e)), _) => {
            complain!("lianliankan check: {}", read_failure(file, &e));
            ExitCode::from(2)
        }
        (Err(BatchError::Io(e)), _) | (_, Err(e)) => {
            crate::cli::ended_writing(Err(e), Some("check"), "the answers")
        }
    }
}

/// Answers every query of `input`, writing one `YES`/`NO` line each to `out`.
/// In the grid format the tiles slide under `gravity` after each removed pair.
pub fn check(
    input: &[u8],
    format: Format,
    rules: Rules,
    gravity: Gravity,
    out: &mut impl Write,
) -> Result<(), BatchError> {
    check_from(&mut Scanner::new(input), format, rules, gravity, out)
}

/// [`check`] on the input a scanner reads, as far as it goes: a bad line
/// ends the run there, without reading the rest.
fn check_from(
    s: &mut Scanner,
    format: Format,
    rules: Rules,
    gravity: Gravity,
    out: &mut impl Write,
) -> Result<(), BatchError> {
    let result = match format {
        Format::Hdu => check_hdu(s, rules, out),
        Format::Grid => check_grid(s, rules, gravity, out),
    };
    // Input that stopped because reading failed is a read error, whatever
    // the reader made of its end.
    match (result, s.take_read_error()) {
        (Err(BatchError::Io(e)), _) => Err(BatchError::Io(e)),
        (_, Some(e)) => Err(BatchError::Read(e)),
        (result, None) => result,
    }
}

/// Reads a `rows cols` header line. `None` at the end of the input or on `0 0`.
fn read_size(s: &mut Scanner) -> Result<Option<(usize, usize)>, InputError> {
    if s.at_end() {
        return Ok(None);
    }
    let line = s.line();
    let rows = s.number("the number of rows")?;
    let cols = s.number_on_line("the number of columns")?;
    s.end_line("the size line")?;
    if rows == 0 && cols == 0 {
        return Ok(None);
    }
    let side = 1..=Board::MAX_SIDE as u64;
    let fits = side.contains(&rows)
        && side.contains(&cols)
        && rows.saturating_mul(cols) <= Board::MAX_CELLS as u64;
    if !fits {
        return Err(InputError {
            line,
            message: format!(
                "a board of {rows} x {cols} is out of range (each side 1 to {}, at most {} cells)",
                Board::MAX_SIDE,
                Board::MAX_CELLS
            ),
        });
    }
    Ok(Some((rows as usize, cols as usize)))
}

/// Reads one query or move, `x1 y1 x2 y2` (1-based row, column), and checks it
/// lies on the board; returns the two 0-based points.
fn read_query(s: &mut Scanner, board: &Board) -> Result<(Point, Point), InputError> {
    s.skip_space();
    let line = s.line();
    let x1 = s.number("a query x1 y1 x2 y2")?;
    let y1 = s.number_on_line("y1 of the query")?;
    let x2 = s.number_on_line("x2 of the query")?;
    let y2 = s.number_on_line("y2 of the query")?;
    s.end_line("the query")?;
    let point = |x: u64, y: u64| -> Result<Point, InputError> {
        let on_board =
            (1..=board.rows() as u64).contains(&x) && (1..=board.cols() as u64).contains(&y);
        if on_board {
            Ok(Point::new(x as i32 - 1, y as i32 - 1))
        } else {
            Err(InputError {
                line,
                message: format!(
                    "cell ({x}, {y}) is outside the {} x {} board",
                    board.rows(),
                    board.cols()
                ),
            })
        }
    };
    Ok((point(x1, y1)?, point(x2, y2)?))
}

fn answer(out: &mut impl Write, yes: bool) -> io::Result<()> {
    out.write_all(if yes { b"YES\n" } else { b"NO\n" })
}

fn check_hdu(s: &mut Scanner, rules: Rules, out: &mut impl Write) -> Result<(), BatchError> {
    let mut spare: Option<Board> = None;
    let mut row_tiles: Vec<Tile> = Vec::new();
    while let Some((rows, cols)) = read_size(s)? {
        let mut builder =
            BoardBuilder::new(rows, cols, spare.take()).expect("size checked by read_size");
        row_tiles.resize(cols, EMPTY);
        for row in 1..=rows {
            s.skip_space();
            if !s.numbers_of_line(&mut row_tiles) {
                read_row_slowly(s, row, &mut row_tiles)?;
            }
            builder.push_row(&row_tiles);
        }
        let board = builder.finish().expect("every row was pushed");
        let queries = s.number("the number of queries q")?;
        s.end_line("the query count line")?;
        for _ in 0..queries {
            let (a, b) = read_query(s, &board)?;
            answer(out, can_match(&board, a, b, rules))?;
        }
        spare = Some(board);
    }
    Ok(())
}

/// Reads row `row` of an HDU board number by number, for the lines the fast
/// path of [`Scanner::numbers_of_line`] leaves: odd spacing, leading zeros,
/// or something wrong, which the error then names.
fn read_row_slowly(s: &mut Scanner, row: usize, tiles: &mut [Tile]) -> Result<(), InputError> {
    let cols = tiles.len();
    let line = s.line();
    for (col, tile) in (1..).zip(tiles.iter_mut()) {
        if col > 1 && s.at_line_end() {
            return Err(s.error(format!(
                "row {row} has {} numbers, expected {cols}",
                col - 1
            )));
        }
        let value = s.number("a tile of the board")?;
        *tile = Tile::try_from(value).map_err(|_| InputError {
            line,
            message: format!("tile {value} is too large (at most {})", Tile::MAX),
        })?;
    }
    s.end_line("the row (it has more than the declared number of columns)")
}

/// Reads the board part of the grid format: `rows cols`, then the rows of
/// characters. `None` at the end of the input (or on `0 0`). Shared by `check
/// --format grid` and every command that reads a board from text.
pub fn read_grid_board(s: &mut Scanner) -> Result<Option<Board>, InputError> {
    let Some((rows, cols)) = read_size(s)? else {
        return Ok(None);
    };
    let mut builder = BoardBuilder::new(rows, cols, None).expect("size checked by read_size");
    let mut tiles: Vec<Tile> = Vec::with_capacity(cols);
    for row in 1..=rows {
        read_grid_row(s, row, cols, &mut tiles)?;
        builder.push_row(&tiles);
    }
    Ok(Some(builder.finish().expect("every row was pushed")))
}

/// How many characters past its board's columns a grid row is read, to
/// count a row too long in the message: a line longer still, up to one that
/// never ends, is bad whatever follows (blanks at its end too), and the rest
/// is not read.
const LONG_ROW: usize = 64 << 10;

/// Reads row `row` of a grid board, `cols` characters and trailing blanks,
/// into `tiles`. Columns are counted in characters; a line too long is read
/// on (for the count in the message) without being kept, up to [`LONG_ROW`]
/// characters past the board.
fn read_grid_row(
    s: &mut Scanner,
    row: usize,
    cols: usize,
    tiles: &mut Vec<Tile>,
) -> Result<(), InputError> {
    let line = s.line();
    let error = |message: String| InputError { line, message };
    if s.at_input_end() {
        return Err(error(format!(
            "expected row {row} of the board, found the end of the input"
        )));
    }
    tiles.clear();
    // Characters so far; up to the last one that is not white space; the
    // first white space after it (trailing, unless more follows); the first
    // character that cannot be a cell.
    let (mut count, mut kept) = (0, 0);
    let mut blank = None;
    let mut bad = None;
    while let Some(c) = s.char_on_line() {
        if count >= cols + LONG_ROW {
            return Err(error(format!(
                "row {row} has more than {count} characters, expected {cols}"
            )));
        }
        count += 1;
        if let Ok(w) = c
            && w.is_ascii_whitespace()
        {
            blank.get_or_insert((count, c));
            continue;
        }
        if let Some(inside) = blank.take() {
            bad.get_or_insert(inside);
        }
        kept = count;
        let tile = match c {
            Ok('.') => EMPTY,
            Ok(c) if c.is_ascii_graphic() => Tile::from(c),
            _ => {
                bad.get_or_insert((count, c));
                EMPTY
            }
        };
        if count <= cols {
            tiles.push(tile);
        }
    }
    s.end_line("the row")?;
    if kept != cols {
        let plural = if kept == 1 { "" } else { "s" };
        return Err(error(format!(
            "row {row} has {kept} character{plural}, expected {cols}"
        )));
    }
    match bad {
        None => Ok(()),
        Some((col, c)) => {
            let what = match c {
                Ok(c) => format!("\"{}\"", escape_controls(&c.to_string())),
                Err(byte) => format!("the byte \\x{byte:02x}, which is not UTF-8"),
            };
            Err(error(format!(
                "column {col} holds {what}; expected '.' or a printable ASCII character"
            )))
        }
    }
}

fn check_grid(
    s: &mut Scanner,
    rules: Rules,
    gravity: Gravity,
    out: &mut impl Write,
) -> Result<(), BatchError> {
    while let Some(mut board) = read_grid_board(s)? {
        let moves = s.number("the number of moves")?;
        s.end_line("the move count line")?;
        // The board as given may not have settled: the first removal settles
        // all of it, later ones only move the lines they touch.
        let mut settled = false;
        for _ in 0..moves {
            let (a, b) = read_query(s, &board)?;
            let yes = can_match(&board, a, b, rules);
            if yes && settled {
                remove_pair_settled(&mut board, a, b, gravity);
            } else if yes {
                remove_pair(&mut board, a, b, gravity);
                settled = true;
            }
            answer(out, yes)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, format: Format, rules: Rules) -> (String, Option<InputError>) {
        let mut out = Vec::new();
        let err = match check(input.as_bytes(), format, rules, Gravity::None, &mut out) {
            Ok(()) => None,
            Err(BatchError::Input(e)) => Some(e),
            Err(BatchError::Io(e) | BatchError::Read(e)) => panic!("{e}"),
        };
        (String::from_utf8(out).unwrap(), err)
    }

    const HDU_SAMPLE: &str = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n4\n1 1 3 4\n1 1 2 4\n1 1 3 3\n2 1 2 4\n\
                              3 4\n0 1 4 3\n0 2 4 1\n0 0 0 0\n2\n1 1 2 4\n1 3 2 3\n0 0\n";

    #[test]
    fn hdu_sample() {
        let (out, err) = run(HDU_SAMPLE, Format::Hdu, Rules::JUDGE);
        assert_eq!(err, None);
        assert_eq!(out, "YES\nNO\nNO\nNO\nNO\nYES\n");
    }

    #[test]
    fn border_and_turn_flags_change_answers() {
        // The two 1s are joined only over the top of the board.
        let input = "2 3\n1 2 1\n3 3 3\n1\n1 1 1 3\n";
        assert_eq!(run(input, Format::Hdu, Rules::JUDGE).0, "NO\n");
        assert_eq!(run(input, Format::Hdu, Rules::CLASSIC).0, "YES\n");
        let one_turn = Rules {
            max_turns: 1,
            border: Border::Open,
        };
        assert_eq!(run(input, Format::Hdu, one_turn).0, "NO\n");
    }

    #[test]
    fn hdu_ends_at_end_of_input_without_0_0() {
        let (out, err) = run("1 2\n5 5\n1\n1 1 1 2\n", Format::Hdu, Rules::JUDGE);
        assert_eq!((out.as_str(), err), ("YES\n", None));
    }

    #[test]
    fn hdu_bad_inputs_keep_earlier_answers() {
        let cases = [
            ("1 2\n5 5\n2\n1 1 1 2\n1 1 1 x\n", 5, "y2"),
            ("1 2\n5 5\n2\n1 1 1 2\n1 1 3 2\n", 5, "outside"),
            ("1 2\n5 5\n2\n1 1 1 2\n", 5, "end of the input"),
            ("1 3\n5 5\n", 2, "row 1 has 2 numbers, expected 3"),
            ("1 2\n5 5 5\n", 2, "more than"),
            ("0 5\n", 1, "out of range"),
            ("100000 100000\n", 1, "out of range"),
            ("65536 1\n", 1, "out of range"),
            ("1 2\n5 5\n0\n1000000 1000000", 4, "out of range"),
            ("1\n", 1, "columns"),
            ("1 2\n5 99999999999\n", 2, "too large"),
        ];
        for (input, line, needle) in cases {
            let (out, err) = run(input, Format::Hdu, Rules::JUDGE);
            let err = err.unwrap_or_else(|| panic!("no error for {input:?}"));
            assert_eq!(err.line, line, "{input:?}: {err}");
            assert!(err.message.contains(needle), "{input:?}: {err}");
            if line == 5 {
                assert_eq!(out, "YES\n");
            }
        }
    }

    #[test]
    fn grid_moves_change_the_board() {
        // The two B tiles only connect once the A pair between them is gone.
        let input = "1 4\nBAAB\n3\n1 1 1 4\n1 2 1 3\n1 1 1 4\n";
        let (out, err) = run(input, Format::Grid, Rules::JUDGE);
        assert_eq!(err, None);
        assert_eq!(out, "NO\nYES\nYES\n");
    }

    #[test]
    fn grid_moves_slide_under_gravity() {
        // One column A B B A: after the B pair goes, the top A falls under `down`.
        let input = "4 1\nA\nB\nB\nA\n3\n2 1 3 1\n1 1 4 1\n3 1 4 1\n";
        let answers = |gravity| {
            let mut out = Vec::new();
            check(
                input.as_bytes(),
                Format::Grid,
                Rules::JUDGE,
                gravity,
                &mut out,
            )
            .unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(answers(Gravity::None), "YES\nYES\nNO\n");
        assert_eq!(answers(Gravity::Down), "YES\nNO\nYES\n");
    }

    #[test]
    fn grid_rejects_bad_rows() {
        let (_, err) = run("2 3\nab.\nab\n", Format::Grid, Rules::JUDGE);
        let err = err.unwrap();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("row 2 has 2 characters"), "{err}");
        let (_, err) = run("1 2\na\x07\n", Format::Grid, Rules::JUDGE);
        assert!(err.unwrap().message.contains("\\u{7}"));
        let (_, err) = run("2 2\nab\n", Format::Grid, Rules::JUDGE);
        assert!(err.unwrap().message.contains("row 2"));
    }
}
