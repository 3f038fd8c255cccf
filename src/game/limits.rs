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

/// Checks a board of `rows` x `cols` with `kinds` kinds read from a file
/// (the saved game, the settings) against these limits and the dealer's:
/// each side in range, an even number of cells, and 1 to [`MAX_KINDS`]
/// kinds, no more than the board's pairs. One rule for both files, so that
/// a board one of them holds the other takes.
pub fn check_board(rows: usize, cols: usize, kinds: usize) -> Result<(), String> {
    if !(1..=MAX_ROWS).contains(&rows) || !(1..=MAX_COLS).contains(&cols) {
        return Err(format!("a board of {rows} x {cols} is out of range"));
    }
    let pairs = rows * cols / 2;
    if (rows * cols).is_multiple_of(2) && (kinds == 0 || kinds > pairs.min(MAX_KINDS)) {
        let most = pairs.min(MAX_KINDS);
        return Err(format!(
            "{kinds} kinds on {pairs} pairs is out of range (1 to {most})"
        ));
    }
    super::check_size(rows, cols, kinds).map_err(|e| e.to_string())
}
