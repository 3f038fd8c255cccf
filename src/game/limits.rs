//! The limits of a game in one place: the command line, the save file, the
//! score tables and the menus all check against these, so a game one of them
//! accepts is never refused by another.

/// The most rows a board may have (40 rows of one-row tiles still fit a
/// large terminal).
pub const MAX_ROWS: usize = 40;
/// The most columns a board may have.
pub const MAX_COLS: usize = 60;
/// The most kinds of tile a board may have: the save writes a tile as one
/// base-62 digit, 0 for an empty cell.
pub const MAX_KINDS: usize = 61;
/// The most hints or reshuffles a game may grant.
pub const MAX_HELP: u32 = 1000;
/// The highest score a table or a saved game holds (far above what any
/// board can earn).
pub const MAX_SCORE: u32 = 100_000_000;
/// The longest playing time a table or a saved game holds: a year.
pub const MAX_SECONDS: u32 = 366 * 24 * 3600;

/// Checks the rows of a board: 1 to [`MAX_ROWS`]. The command line's
/// `--rows` (of the game and of `scores`) and [`check_board`] ask this.
pub fn check_rows(rows: usize) -> Result<(), String> {
    check_side(rows, MAX_ROWS, "rows")
}

/// Checks the columns of a board: 1 to [`MAX_COLS`], as [`check_rows`].
pub fn check_cols(cols: usize) -> Result<(), String> {
    check_side(cols, MAX_COLS, "columns")
}

fn check_side(side: usize, most: usize, what: &str) -> Result<(), String> {
    if (1..=most).contains(&side) {
        Ok(())
    } else {
        Err(format!("a board has 1 to {most} {what}, not {side}"))
    }
}

/// Checks a board of `rows` x `cols` with `kinds` kinds against these
/// limits and the dealer's: each side in range, an even number of cells,
/// and 1 to [`MAX_KINDS`] kinds, no more than the board's pairs. One rule
/// for every game: the saved game's, the settings', and the one a start
/// deals from the command line, so that a board one of them holds the
/// others take.
pub fn check_board(rows: usize, cols: usize, kinds: usize) -> Result<(), String> {
    check_rows(rows)?;
    check_cols(cols)?;
    let pairs = rows * cols / 2;
    if (rows * cols).is_multiple_of(2) && (kinds == 0 || kinds > pairs.min(MAX_KINDS)) {
        let most = pairs.min(MAX_KINDS);
        return Err(format!(
            "{kinds} kinds on {pairs} pairs is out of range (1 to {most})"
        ));
    }
    super::check_size(rows, cols, kinds).map_err(|e| e.to_string())
}
