//! High scores: a top-10 table per board size, gravity key and difficulty,
//! kept in `scores.json` in the data directory.
//!
//! Files from before difficulties have no difficulty in their keys: their
//! games were dealt by the dealer that is now `easy` (a random player
//! cleared nearly all of them), so they read as easy tables.
//!
//! Every value is checked when it is made ([`BoardKey::new`], [`Entry::new`])
//! and when it is read back, so a table in memory is always valid: names are
//! printable and short, numbers are in range, entries are in rank order.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Deserializer, Serialize};
use unicode_width::UnicodeWidthChar;

use crate::core::grid::Board;
use crate::escape::is_format;
use crate::game::daily::Day;
use crate::game::limits::{MAX_SCORE, MAX_SECONDS};
use crate::game::show_time;
use crate::game::{Config, Difficulty, Mode};
use crate::persist::document::{self, Document};
use crate::persist::storage::StorageError;

/// How many entries a table keeps.
pub const TABLE_SIZE: usize = 10;
/// The widest name, in terminal columns.
pub const MAX_NAME_WIDTH: usize = 16;
/// The most characters a name keeps (bounds names of zero-width marks).
const MAX_NAME_CHARS: usize = 32;
/// The longest gravity variant name.
const MAX_GRAVITY_LEN: usize = 16;
/// The last second of 9999-12-31: dates must print as four-digit years.
const MAX_DATE: u64 = 253_402_300_799;

/// Which table a game belongs to: the board size, the gravity key (the
/// table's name from [`Config::table_name`]: `levels` for a run of levels,
/// the variant's name such as `down` or `center-h` for one board,
/// `daily-YYYY-MM-DD` for a daily deal), the difficulty (a hard win is not
/// an easy one) and the clock (a timed game scores its time left too).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardKey {
    rows: u16,
    cols: u16,
    gravity: String,
    /// `easy`, `normal` or `hard`; keys from before difficulties are easy.
    #[serde(default = "before_difficulty")]
    difficulty: String,
    /// Whether the games had a time limit (version 3 on); keys from before
    /// are untimed, though timed games were recorded in them too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    timed: bool,
}

/// The difficulty of a key written before difficulties (see the module
/// documentation).
fn before_difficulty() -> String {
    Difficulty::Easy.name().to_string()
}

impl BoardKey {
    /// The key of a `rows` x `cols` board with the gravity key `gravity` at
    /// `difficulty`; an error says what is out of range.
    pub fn new(
        rows: u16,
        cols: u16,
        gravity: &str,
        difficulty: Difficulty,
    ) -> Result<Self, String> {
        let key = BoardKey {
            rows,
            cols,
            gravity: gravity.to_string(),
            difficulty: difficulty.name().to_string(),
            timed: false,
        };
        key.check()?;
        Ok(key)
    }

    /// The key of the table a game of `config` goes in: its size, its
    /// table's name (the mode, or the daily deal's date) and its difficulty.
    pub fn of(config: &Config) -> Result<Self, String> {
        let side = |n: usize| u16::try_from(n).map_err(|_| format!("a side of {n} is too long"));
        let key = Self::new(
            side(config.rows)?,
            side(config.cols)?,
            &config.table_name(),
            config.difficulty,
        )?;
        Ok(key.with_clock(config.timed))
    }

    /// This key for games with a time limit (`timed`) or without.
    pub fn with_clock(self, timed: bool) -> Self {
        BoardKey { timed, ..self }
    }

    fn check(&self) -> Result<(), String> {
        // In u64: two u16s multiply past a 32-bit usize.
        let cells = u64::from(self.rows) * u64::from(self.cols);
        if self.rows == 0 || self.cols == 0 || cells > Board::MAX_CELLS as u64 {
            return Err(format!(
                "a board of {} x {} is out of range",
                self.rows, self.cols
            ));
        }
        if !self.has_pairs() {
            return Err(format!(
                "a board of {} x {} has an odd number of cells ({cells}); tiles come in pairs",
                self.rows, self.cols
            ));
        }
        check_gravity(&self.gravity)?;
        self.difficulty.parse::<Difficulty>().map(|_| ())
    }

    /// Whether the board has an even number of cells, as every board a
    /// game deals has (tiles come in pairs).
    fn has_pairs(&self) -> bool {
        (u64::from(self.rows) * u64::from(self.cols)).is_multiple_of(2)
    }

    /// Rows of the board.
    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u16 {
        self.cols
    }

    /// The gravity key: `levels`, a variant's name or `daily-YYYY-MM-DD`.
    pub fn gravity(&self) -> &str {
        &self.gravity
    }

    /// The difficulty's name.
    pub fn difficulty(&self) -> &str {
        &self.difficulty
    }

    /// Whether the table's games had a time limit.
    pub fn timed(&self) -> bool {
        self.timed
    }

    /// The table's heading, naming its mode as the New game form does:
    /// `8 x 16 board, run of 7 levels, hard`, `8 x 16 board, gravity down,
    /// timed, normal` or `8 x 16 board, daily deal 2026-11-30, normal`.
    pub fn title(&self) -> String {
        let levels = Mode::Levels;
        let mode = match self.gravity.strip_prefix("daily-") {
            Some(day) => format!("daily deal {day}"),
            None if self.gravity == levels.name() => {
                format!("run of {} levels", levels.levels())
            }
            None => format!("gravity {}", self.gravity),
        };
        let clock = if self.timed { ", timed" } else { "" };
        format!(
            "{} x {} board, {mode}{clock}, {}",
            self.rows, self.cols, self.difficulty
        )
    }
}

/// A table as aligned lines of text, best first (or a line saying it is
/// empty): what `lianliankan scores` prints.
pub fn table_text(entries: &[Entry]) -> String {
    table_lines(entries, usize::MAX)
        .into_iter()
        .map(|line| line + "\n")
        .collect()
}

/// The lines of [`table_text`] in at most `width` columns where the rank,
/// name and score fit: the columns on the right (whether assisted, then the
/// date, then the time) are left out in turn, for the scores screen on a
/// narrow terminal.
pub fn table_lines(entries: &[Entry], width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    if entries.is_empty() {
        return vec!["  No scores yet.".to_string()];
    }
    let name_width = entries
        .iter()
        .map(|e| e.name().width())
        .chain([4])
        .max()
        .unwrap_or(4);
    let pad = |name: &str| format!("{name}{}", " ".repeat(name_width - name.width()));
    /// A column after the name: its heading, width, side it aligns to, cells.
    struct Column {
        heading: &'static str,
        width: usize,
        right: bool,
        cells: Vec<String>,
    }
    // At least `width` wide, wider for a cell that is (a hand-edited time
    // of 8784:00:00 pushed the columns after it out of line).
    let column = |heading, width: usize, right, cell: &dyn Fn(&Entry) -> String| {
        let cells: Vec<String> = entries.iter().map(cell).collect();
        Column {
            heading,
            width: cells.iter().map(|c| c.width()).fold(width, usize::max),
            right,
            cells,
        }
    };
    let columns = [
        column("Score", 9, true, &|e| e.score().to_string()),
        column("Time", 8, true, &|e| show_time(u64::from(e.seconds()))),
        column("Date", 10, false, &|e| Day::from_unix(e.date()).to_string()),
        column("Assisted", 8, false, &|e| {
            (if e.assisted() { "yes" } else { "no" }).to_string()
        }),
    ];
    let wide =
        |kept: usize| 6 + name_width + columns[..kept].iter().map(|c| 2 + c.width).sum::<usize>();
    let mut kept = columns.len();
    while kept > 1 && wide(kept) > width {
        kept -= 1;
    }
    // The heading row is row `None`, entries are `Some(rank)`.
    let line = |row: Option<usize>| {
        let mut line = match row {
            None => format!("   #  {}", pad("Name")),
            Some(rank) => format!("  {:>2}  {}", rank + 1, pad(entries[rank].name())),
        };
        for c in &columns[..kept] {
            let text = row.map_or(c.heading, |rank| c.cells[rank].as_str());
            let width = c.width;
            line += &if c.right {
                format!("  {text:>width$}")
            } else {
                format!("  {text:<width$}")
            };
        }
        line.trim_end().to_string()
    };
    let mut lines = vec![line(None)];
    lines.extend((0..entries.len()).map(|rank| line(Some(rank))));
    lines
}

/// Checks a gravity key (`levels`, a variant's name, `daily-YYYY-MM-DD`):
/// 1 to 16 characters of lower-case ASCII letters, digits and `-`, starting
/// with a letter; a daily deal's names a day of the calendar (a hand-edited
/// `daily-9999-99-99` showed as "daily deal 9999-99-99").
fn check_gravity(name: &str) -> Result<(), String> {
    let well_formed = name.len() <= MAX_GRAVITY_LEN
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if let (true, Some(day)) = (well_formed, name.strip_prefix("daily-")) {
        day.parse::<crate::game::daily::Day>()
            .map(|_| ())
            .map_err(|e| format!("daily deal key \"{name}\": {e}"))
    } else if well_formed {
        Ok(())
    } else {
        Err(format!(
            "gravity variant \"{}\" is not a name like none, down or center-h",
            name.escape_debug()
        ))
    }
}

/// One finished game in a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    name: String,
    score: u32,
    seconds: u32,
    date: u64,
    assisted: bool,
    /// The game won (version 2 on): a second record of it, from a save
    /// left by a kill between the record and the save's removal, is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<u64>,
}

impl Entry {
    /// An entry for `name` (passed through [`sanitize_name`]), with the
    /// score, the playing time, when the game ended, and whether hints or the
    /// solver helped. An error says what is out of range.
    pub fn new(
        name: &str,
        score: u32,
        seconds: u32,
        ended: SystemTime,
        assisted: bool,
    ) -> Result<Self, String> {
        let name = sanitize_name(name).ok_or("the name has no printable characters")?;
        let date = ended
            .duration_since(UNIX_EPOCH)
            .map_err(|_| "the date is before 1970")?
            .as_secs();
        let entry = Entry {
            name,
            score,
            seconds,
            date,
            assisted,
            game: None,
        };
        entry.check()?;
        Ok(entry)
    }

    fn check(&self) -> Result<(), String> {
        if sanitize_name(&self.name).as_deref() != Some(self.name.as_str()) {
            return Err(format!(
                "name \"{}\" is empty, too long or not printable",
                self.name.escape_debug()
            ));
        }
        if self.score > MAX_SCORE {
            return Err(format!(
                "score {} is above the largest possible, {MAX_SCORE}",
                self.score
            ));
        }
        if self.seconds > MAX_SECONDS {
            return Err(format!("a time of {} seconds is too long", self.seconds));
        }
        if self.date > MAX_DATE {
            return Err(format!("date {} is after the year 9999", self.date));
        }
        Ok(())
    }

    /// The entry as the record of the win of game `id`, which the tables
    /// then take once ([`Scores::insert`]).
    pub fn of_game(self, id: u64) -> Self {
        Entry {
            game: Some(id),
            ..self
        }
    }

    /// The player's name: printable, at most [`MAX_NAME_WIDTH`] columns.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The score.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// Playing time in seconds.
    pub fn seconds(&self) -> u32 {
        self.seconds
    }

    /// When the game ended, in seconds since the Unix epoch.
    pub fn date(&self) -> u64 {
        self.date
    }

    /// Whether hints or the solver were used.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// The id of the game won, for entries that name it (version 2 on).
    pub fn game(&self) -> Option<u64> {
        self.game
    }

    /// Whether this entry ranks after a game of `score` in `seconds`: higher
    /// scores first, then shorter times; on a tie the earlier entry stays ahead.
    fn ranks_after(&self, score: u32, seconds: u32) -> bool {
        (self.score, std::cmp::Reverse(self.seconds)) < (score, std::cmp::Reverse(seconds))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    board: BoardKey,
    entries: Vec<Entry>,
}

/// Every high-score table, ordered by board size then gravity name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    #[serde(deserialize_with = "tables_of_pairs")]
    tables: Vec<Table>,
}

/// The tables a file holds, less those of a board of an odd number of
/// cells, which no game can have (a hand-edited file): they are left out
/// as the file is read, keeping every other table (a file with any other
/// bad value is kept aside whole, see [`Document::validate`]), and go from
/// the file with the next score recorded.
fn tables_of_pairs<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Table>, D::Error> {
    let mut tables = Vec::<Table>::deserialize(d)?;
    tables.retain(|t| t.board.has_pairs());
    Ok(tables)
}

impl Document for Scores {
    const FILE_NAME: &'static str = "scores.json";
    /// 2: an entry may name the game it records (`game`); 3: a key may say
    /// its games were timed (`timed`), which an older lianliankan would take
    /// for a bad file. Files of versions 1 and 2 read as they are.
    const VERSION: u32 = 3;
    const DESCRIPTION: &'static str = "The high scores";

    fn validate(&self) -> Result<(), String> {
        for (i, table) in self.tables.iter().enumerate() {
            table.board.check()?;
            if i > 0 && self.tables[i - 1].board >= table.board {
                return Err("the tables are out of order or repeated".into());
            }
            if table.entries.len() > TABLE_SIZE {
                return Err(format!("a table has more than {TABLE_SIZE} entries"));
            }
            for (j, entry) in table.entries.iter().enumerate() {
                entry.check()?;
                if j > 0 && table.entries[j - 1].ranks_after(entry.score, entry.seconds) {
                    return Err("the entries of a table are out of rank order".into());
                }
            }
        }
        Ok(())
    }
}

/// The outcome of [`record`].
#[derive(Debug)]
pub struct Recorded {
    /// The place the entry took (0 is first), or `None` if it did not make the table.
    pub rank: Option<usize>,
    /// A message to show the player once: a bad scores file was kept aside.
    pub warning: Option<String>,
}

impl Scores {
    /// Reads the tables from `dir`. No file gives empty tables; so does a bad
    /// file, which is kept aside and described in the returned warning. A
    /// file from a newer version, or a directory that cannot be read, is an error.
    pub fn load(dir: &Path) -> Result<(Scores, Option<String>), StorageError> {
        let loaded = document::load::<Scores>(dir)?;
        Ok((loaded.value.unwrap_or_default(), loaded.warning))
    }

    /// Writes the tables to `dir` atomically.
    pub fn save(&self, dir: &Path) -> Result<(), StorageError> {
        document::save(dir, self)
    }

    /// The entries of one table, best first; empty if nobody has played it.
    pub fn table(&self, key: &BoardKey) -> &[Entry] {
        match self.find(key) {
            Ok(i) => &self.tables[i].entries,
            Err(_) => &[],
        }
    }

    /// Every table with its key, ordered by board size then gravity name.
    pub fn tables(&self) -> impl Iterator<Item = (&BoardKey, &[Entry])> {
        self.tables
            .iter()
            .map(|table| (&table.board, table.entries.as_slice()))
    }

    /// The name of the newest entry of any table: the name the player typed
    /// last, which the win screen offers again rather than the login name.
    pub fn last_name(&self) -> Option<&str> {
        self.tables
            .iter()
            .flat_map(|table| &table.entries)
            .max_by_key(|entry| entry.date)
            .map(Entry::name)
    }

    fn find(&self, key: &BoardKey) -> Result<usize, usize> {
        self.tables.binary_search_by(|table| table.board.cmp(key))
    }

    /// The place (0 is first) a game of `score` in `seconds` would take, if it
    /// would enter the top [`TABLE_SIZE`]: whether to ask for a name on the
    /// win screen.
    pub fn rank_of(&self, key: &BoardKey, score: u32, seconds: u32) -> Option<usize> {
        let rank = self
            .table(key)
            .partition_point(|e| !e.ranks_after(score, seconds));
        (rank < TABLE_SIZE).then_some(rank)
    }

    /// Puts `entry` in its table if it makes the top [`TABLE_SIZE`], dropping
    /// the entry that falls off; returns the place it took. The win of a
    /// game already in the table is not put in again: its place is returned.
    pub fn insert(&mut self, key: &BoardKey, entry: Entry) -> Option<usize> {
        let table = self.table(key);
        if let Some(rank) = entry
            .game
            .and_then(|id| table.iter().position(|e| e.game == Some(id)))
        {
            return Some(rank);
        }
        let rank = self.rank_of(key, entry.score, entry.seconds)?;
        let i = self.find(key).unwrap_or_else(|i| {
            self.tables.insert(
                i,
                Table {
                    board: key.clone(),
                    entries: Vec::new(),
                },
            );
            i
        });
        let entries = &mut self.tables[i].entries;
        entries.insert(rank, entry);
        entries.truncate(TABLE_SIZE);
        Some(rank)
    }
}

/// Adds `entry` to the tables in `dir` with [`document::update`]: under the
/// file's lock, reads the file afresh (so entries another running game
/// wrote, even at the same moment, are kept), inserts, and saves if the
/// entry made the table. This is what the win screen calls.
pub fn record(dir: &Path, key: &BoardKey, entry: Entry) -> Result<Recorded, StorageError> {
    let updated = document::update(dir, |scores: &mut Scores| scores.insert(key, entry))?;
    Ok(Recorded {
        rank: updated.result,
        warning: updated.warning,
    })
}

/// Makes a player's name safe to store and print: control and invisible
/// formatting characters (bidirectional overrides, zero-width spaces) are
/// dropped, runs of white space become one space, the ends are trimmed, and
/// the name is cut to [`MAX_NAME_WIDTH`] terminal columns. `None` if nothing
/// printable is left. Use it on `$USER` and on what the player types.
pub fn sanitize_name(raw: &str) -> Option<String> {
    let mut name = String::new();
    let (mut width, mut chars) = (0, 0);
    for c in raw.chars() {
        if c.is_whitespace() {
            if !name.is_empty() && !name.ends_with(' ') {
                name.push(' ');
                width += 1;
                chars += 1;
            }
            continue;
        }
        if c.is_control() || is_invisible_format(c) {
            continue;
        }
        let w = c.width().unwrap_or(0);
        if width + w > MAX_NAME_WIDTH || chars >= MAX_NAME_CHARS {
            break;
        }
        name.push(c);
        width += w;
        chars += 1;
    }
    let name = name.trim_end();
    (!name.is_empty()).then(|| name.to_string())
}

/// Characters that are invisible but can reorder or hide text in a terminal:
/// every format character (general category Cf, see [`is_format`]), and the
/// invisible marks outside it (the combining grapheme joiner, the Mongolian
/// vowel separator, variation selectors).
fn is_invisible_format(c: char) -> bool {
    is_format(c)
        || matches!(c,
            '\u{34f}' | '\u{180e}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{e0100}'..='\u{e01ef}')
}

/// The name to offer by default: `$USER` (or `%USERNAME%`) made safe by
/// [`sanitize_name`], or `player` if there is none.
pub fn default_player_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(std::env::var_os)
        .find_map(|raw| sanitize_name(&raw.to_string_lossy()))
        .unwrap_or_else(|| "player".to_string())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn at(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    fn entry(name: &str, score: u32, seconds: u32) -> Entry {
        Entry::new(name, score, seconds, at(1_700_000_000), false).unwrap()
    }

    fn key() -> BoardKey {
        BoardKey::new(9, 16, "none", Difficulty::Normal).unwrap()
    }

    /// Played in tmux on a hand-edited scores.json: a time of 8784:00:00
    /// (the longest a file may hold, 366 days) pushed that row's Date and
    /// Assisted two columns right of the heading's and the other rows', on
    /// the High scores screen and in `lianliankan scores`, and the width
    /// reckoned for a narrow terminal fell short by as much. Each column is
    /// as wide as its widest cell, at every width.
    #[test]
    fn the_columns_stay_aligned_for_the_widest_values_a_file_holds() {
        use unicode_width::UnicodeWidthStr;
        let entries = [
            Entry::new("ann", MAX_SCORE, 5, at(1_700_000_000), false).unwrap(),
            Entry::new("bob", 20, MAX_SECONDS, at(MAX_DATE), true).unwrap(),
            Entry::new("cy", 10, 3599, at(0), false).unwrap(),
        ];
        let cells = [
            ["Score", "Time", "Date", "Assisted"],
            ["100000000", "0:05", "2023-11-14", "no"],
            ["20", "8784:00:00", "9999-12-31", "yes"],
            ["10", "59:59", "1970-01-01", "no"],
        ];
        for width in (21..=60).chain([usize::MAX]) {
            let lines = table_lines(&entries, width);
            assert_eq!(lines.len(), 4);
            // Where each cell starts and ends in its line, after the name.
            let spans = |i: usize| {
                let line: &str = &lines[i];
                let mut from = 12;
                cells[i].map(|cell| {
                    let at = line[from..].find(cell).map(|at| at + from);
                    from = at.map_or(from, |at| at + cell.len());
                    at.map(|at| (at, at + cell.len()))
                })
            };
            let heading = spans(0);
            for i in 1..4 {
                let row = spans(i);
                // Score and Time to the right, Date and Assisted to the left.
                for c in 0..4 {
                    let side =
                        |s: Option<(usize, usize)>| s.map(|(a, b)| if c < 2 { b } else { a });
                    assert_eq!(
                        side(row[c]),
                        side(heading[c]),
                        "{width}:\n{}",
                        lines.join("\n")
                    );
                }
            }
            assert!(
                lines.iter().all(|l| l.width() <= width),
                "{width}:\n{}",
                lines.join("\n")
            );
        }
    }

    /// The in-game high scores showed "8 x 16 board, gravity
    /// daily-2026-12-01, normal" over a daily deal played under gravity
    /// center-h, and "gravity levels" over a run of levels (play-test): a
    /// heading names the mode as the New game form does.
    #[test]
    fn a_heading_names_the_mode_in_words() {
        let title = |gravity: &str| {
            BoardKey::new(8, 16, gravity, Difficulty::Normal)
                .unwrap()
                .title()
        };
        assert_eq!(title("levels"), "8 x 16 board, run of 7 levels, normal");
        assert_eq!(title("down"), "8 x 16 board, gravity down, normal");
        assert_eq!(
            title("daily-2026-11-30"),
            "8 x 16 board, daily deal 2026-11-30, normal"
        );
    }

    /// Hostile run: a hand-edited `daily-9999-99-99` key was taken, and
    /// its table headed "daily deal 9999-99-99".
    #[test]
    fn a_daily_key_names_a_day_of_the_calendar() {
        let key = |gravity: &str| BoardKey::new(8, 16, gravity, Difficulty::Normal);
        assert!(key("daily-2026-12-01").is_ok());
        assert!(key("daily-2024-02-29").is_ok());
        for bad in [
            "daily-9999-99-99",
            "daily-2026-02-29",
            "daily-2026-1-01",
            "daily-",
        ] {
            let e = key(bad).expect_err(bad);
            assert!(e.contains(bad), "{e}");
        }
    }

    #[test]
    fn ranking_orders_by_score_then_time_and_keeps_ten() {
        let mut scores = Scores::default();
        assert_eq!(scores.insert(&key(), entry("a", 100, 60)), Some(0));
        assert_eq!(scores.insert(&key(), entry("b", 200, 90)), Some(0));
        assert_eq!(scores.insert(&key(), entry("c", 100, 30)), Some(1));
        // An equal game goes after the one already there.
        assert_eq!(scores.insert(&key(), entry("d", 100, 30)), Some(2));
        let names: Vec<&str> = scores.table(&key()).iter().map(Entry::name).collect();
        assert_eq!(names, ["b", "c", "d", "a"]);
        for i in 0..6 {
            scores.insert(&key(), entry("e", 50 + i, 10));
        }
        assert_eq!(scores.table(&key()).len(), 10);
        // The last place is 50 points: 50 in more time does not enter, 51 does.
        assert_eq!(scores.rank_of(&key(), 50, 10), None);
        assert_eq!(scores.rank_of(&key(), 50, 9), Some(9));
        assert_eq!(scores.insert(&key(), entry("late", 50, 11)), None);
        assert_eq!(scores.insert(&key(), entry("f", 51, 10)), Some(9));
        assert_eq!(scores.table(&key()).len(), 10);
        assert_eq!(scores.table(&key())[9].name(), "f");
        assert!(scores.validate().is_ok());
    }

    /// A game's win is taken once, at the place it took; entries of no
    /// game (files before version 2) are never taken for it.
    #[test]
    fn a_game_is_recorded_once() {
        let mut scores = Scores::default();
        assert_eq!(scores.insert(&key(), entry("a", 100, 60)), Some(0));
        assert_eq!(
            scores.insert(&key(), entry("b", 90, 60).of_game(7)),
            Some(1)
        );
        assert_eq!(
            scores.insert(&key(), entry("b", 90, 60).of_game(7)),
            Some(1)
        );
        assert_eq!(
            scores.insert(&key(), entry("c", 90, 60).of_game(8)),
            Some(2)
        );
        assert_eq!(scores.insert(&key(), entry("a", 100, 60)), Some(1));
        let names: Vec<&str> = scores.table(&key()).iter().map(Entry::name).collect();
        assert_eq!(names, ["a", "a", "b", "c"]);
        let text = serde_json::to_string(&scores).unwrap();
        assert_eq!(text.matches("\"game\":7").count(), 1, "{text}");
        let back: Scores = serde_json::from_str(&text).unwrap();
        assert_eq!(back, scores);
    }

    #[test]
    fn tables_are_separate_and_ordered() {
        let mut scores = Scores::default();
        let down = BoardKey::new(9, 16, "down", Difficulty::Normal).unwrap();
        let small = BoardKey::new(4, 4, "none", Difficulty::Normal).unwrap();
        scores.insert(&key(), entry("a", 1, 1));
        scores.insert(&down, entry("b", 2, 2));
        scores.insert(&small, entry("c", 3, 3));
        let keys: Vec<&BoardKey> = scores.tables().map(|(k, _)| k).collect();
        assert_eq!(keys, [&small, &down, &key()]);
        assert_eq!(scores.table(&down)[0].name(), "b");
        assert!(
            scores
                .table(&BoardKey::new(9, 16, "up", Difficulty::Normal).unwrap())
                .is_empty()
        );
        assert!(scores.validate().is_ok());
    }

    #[test]
    fn a_hard_win_has_its_own_table_and_old_files_are_easy() {
        let mut scores = Scores::default();
        let keys = Difficulty::ALL.map(|d| BoardKey::new(9, 16, "down", d).unwrap());
        for (i, key) in keys.iter().enumerate() {
            scores.insert(key, entry("p", 10 + i as u32, 5));
        }
        assert_eq!(scores.tables().count(), 3);
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(scores.table(key).len(), 1);
            assert_eq!(scores.table(key)[0].score(), 10 + i as u32);
        }
        assert!(scores.validate().is_ok());
        // A file written before difficulties: its tables are easy ones.
        let old = r#"{"tables":[{"board":{"rows":9,"cols":16,"gravity":"down"},"entries":[{"name":"ann","score":10,"seconds":5,"date":0,"assisted":false}]}]}"#;
        let old = parse(old).unwrap();
        assert_eq!(old.table(&keys[0])[0].name(), "ann");
        assert!(old.table(&keys[1]).is_empty());
        let bad = r#"{"tables":[{"board":{"rows":9,"cols":16,"gravity":"down","difficulty":"brutal"},"entries":[]}]}"#;
        assert!(parse(bad).is_err());
    }

    #[test]
    fn out_of_range_values_are_refused() {
        assert!(BoardKey::new(0, 5, "none", Difficulty::Normal).is_err());
        assert!(BoardKey::new(5, 0, "none", Difficulty::Normal).is_err());
        assert!(BoardKey::new(60000, 60000, "none", Difficulty::Normal).is_err());
        for bad in ["", "Down", "1up", "a b", "down\x1b", "abcdefghijklmnopq"] {
            assert!(
                BoardKey::new(9, 16, bad, Difficulty::Normal).is_err(),
                "{bad:?}"
            );
        }
        assert!(BoardKey::new(9, 16, "center-h", Difficulty::Normal).is_ok());
        let now = at(1_700_000_000);
        assert!(Entry::new("a", MAX_SCORE + 1, 1, now, false).is_err());
        assert!(Entry::new("a", 1, MAX_SECONDS + 1, now, false).is_err());
        assert!(Entry::new("\x1b\x07", 1, 1, now, false).is_err());
        assert!(Entry::new("a", 1, 1, at(MAX_DATE + 1), false).is_err());
        assert!(Entry::new("a", 1, 1, UNIX_EPOCH - Duration::from_secs(1), false).is_err());
    }

    fn parse(json: &str) -> Result<Scores, String> {
        let scores: Scores = serde_json::from_str(json).map_err(|e| e.to_string())?;
        scores.validate().map(|()| scores)
    }

    #[test]
    fn files_with_bad_values_are_rejected() {
        let good_entry = r#"{"name":"ann","score":10,"seconds":5,"date":0,"assisted":false}"#;
        let table =
            |board: &str, entries: &str| format!(r#"{{"board":{board},"entries":[{entries}]}}"#);
        let file = |tables: &[String]| format!(r#"{{"tables":[{}]}}"#, tables.join(","));
        let board = r#"{"rows":9,"cols":16,"gravity":"none"}"#;
        assert!(parse(&file(&[table(board, good_entry)])).is_ok());
        let bad_entries = [
            good_entry.replace("\"seconds\":5", "\"seconds\":-5"),
            good_entry.replace("\"score\":10", "\"score\":4000000000"),
            good_entry.replace("\"score\":10", "\"score\":1e3"),
            good_entry.replace("ann", "a\\u001b[2Jb"),
            good_entry.replace("ann", "  ann"),
            good_entry.replace("ann", &"x".repeat(17)),
            good_entry.replace("\"date\":0", "\"date\":99999999999999"),
            good_entry.replace(",\"assisted\":false", ""),
            good_entry.replace("false", "false,\"extra\":1"),
            // Out of rank order.
            format!(
                "{},{good_entry}",
                good_entry.replace("\"score\":10", "\"score\":9")
            ),
            // Eleven entries.
            [good_entry; 11].join(","),
        ];
        for entries in bad_entries {
            let json = file(&[table(board, &entries)]);
            assert!(parse(&json).is_err(), "accepted {json}");
        }
        for bad_board in [
            r#"{"rows":0,"cols":16,"gravity":"none"}"#,
            r#"{"rows":9,"cols":-16,"gravity":"none"}"#,
            r#"{"rows":9,"cols":16,"gravity":"NONE"}"#,
            r#"{"rows":70000,"cols":16,"gravity":"none"}"#,
        ] {
            let json = file(&[table(bad_board, good_entry)]);
            assert!(parse(&json).is_err(), "accepted {json}");
        }
        let repeated = file(&[table(board, good_entry), table(board, good_entry)]);
        assert!(parse(&repeated).is_err());
    }

    /// Played on a hand-edited scores.json: a table of a 3 x 3 board, which
    /// no game can deal (tiles come in pairs), was taken and listed by the
    /// High scores screen and `lianliankan scores`. Such a table is left out
    /// as the file is read, every other table kept (the file is not kept
    /// aside), and it goes from the file with the next score recorded; no
    /// key of such a board is made.
    #[test]
    fn a_table_of_an_odd_number_of_cells_is_left_out_and_the_rest_kept() {
        let dir = tempfile::tempdir().unwrap();
        let good = r#"{"name":"ann","score":10,"seconds":5,"date":0,"assisted":false}"#;
        let table = |rows: u16, cols: u16| {
            format!(
                r#"{{"board":{{"rows":{rows},"cols":{cols},"gravity":"none","difficulty":"normal"}},"entries":[{good}]}}"#
            )
        };
        let tables = [table(2, 2), table(3, 3), table(3, 5), table(9, 16)].join(",");
        let file = format!(r#"{{"version":2,"data":{{"tables":[{tables}]}}}}"#);
        std::fs::write(dir.path().join("scores.json"), file).unwrap();
        let (scores, warning) = Scores::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        let sizes: Vec<(u16, u16)> = scores.tables().map(|(k, _)| (k.rows(), k.cols())).collect();
        assert_eq!(sizes, [(2, 2), (9, 16)]);
        assert!(
            scores
                .tables()
                .all(|(_, e)| e.len() == 1 && e[0].name() == "ann")
        );
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "nothing kept aside"
        );
        record(dir.path(), &key(), entry("bob", 20, 5)).unwrap();
        let text = std::fs::read_to_string(dir.path().join("scores.json")).unwrap();
        assert!(!text.contains("\"rows\": 3"), "{text}");
        let e = BoardKey::new(3, 3, "none", Difficulty::Normal).unwrap_err();
        assert!(e.contains("odd number of cells (9)"), "{e}");
    }

    #[test]
    fn record_loads_inserts_and_saves() {
        let dir = tempfile::tempdir().unwrap();
        let first = record(dir.path(), &key(), entry("ann", 10, 5)).unwrap();
        assert_eq!((first.rank, first.warning), (Some(0), None));
        // Another game saved meanwhile: record reads the file again.
        let (mut other, _) = Scores::load(dir.path()).unwrap();
        other.insert(&key(), entry("bob", 20, 5));
        other.save(dir.path()).unwrap();
        let second = record(dir.path(), &key(), entry("cat", 15, 5)).unwrap();
        assert_eq!(second.rank, Some(1));
        let (scores, warning) = Scores::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        let names: Vec<&str> = scores.table(&key()).iter().map(Entry::name).collect();
        assert_eq!(names, ["bob", "cat", "ann"]);
        std::fs::write(dir.path().join("scores.json"), b"{").unwrap();
        let third = record(dir.path(), &key(), entry("dan", 1, 1)).unwrap();
        assert_eq!(third.rank, Some(0));
        assert!(third.warning.unwrap().contains("The high scores"));
    }

    #[test]
    fn records_at_the_same_moment_all_land() {
        let dir = tempfile::tempdir().unwrap();
        // Games of eight board sizes win at once, five times each.
        let threads: Vec<_> = (1..=8u16)
            .map(|rows| {
                let dir = dir.path().to_path_buf();
                std::thread::spawn(move || {
                    let key = BoardKey::new(rows, 2, "none", Difficulty::Normal).unwrap();
                    for score in 1..=5 {
                        let recorded = record(&dir, &key, entry("ann", score, 5)).unwrap();
                        assert_eq!(recorded.rank, Some(0));
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let (scores, warning) = Scores::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        assert_eq!(scores.tables().count(), 8);
        for (_, entries) in scores.tables() {
            let points: Vec<u32> = entries.iter().map(Entry::score).collect();
            assert_eq!(points, [5, 4, 3, 2, 1]);
        }
    }

    #[test]
    fn names_are_made_printable_and_short() {
        assert_eq!(sanitize_name("ann").as_deref(), Some("ann"));
        assert_eq!(sanitize_name("  a \t\n b  ").as_deref(), Some("a b"));
        assert_eq!(sanitize_name("\x1b[31mred\x07").as_deref(), Some("[31mred"));
        assert_eq!(sanitize_name("evil\u{202e}txt").as_deref(), Some("eviltxt"));
        // Every format character goes, not only the bidirectional ones.
        let formats = "a\u{600}\u{2066}b\u{110bd}\u{e0041}\u{fe0f}c\u{1d173}";
        assert_eq!(sanitize_name(formats).as_deref(), Some("abc"));
        assert_eq!(sanitize_name("\u{200b}\r\n"), None);
        assert_eq!(sanitize_name(""), None);
        assert_eq!(
            sanitize_name(&"x".repeat(40)).as_deref(),
            Some("x".repeat(16).as_str())
        );
        // Wide characters count two columns each.
        assert_eq!(
            sanitize_name("连连看连连看连连看").as_deref(),
            Some("连连看连连看连连")
        );
        let default = default_player_name();
        assert_eq!(sanitize_name(&default), Some(default));
        let marks = format!("a{}", "\u{301}".repeat(100));
        assert_eq!(sanitize_name(&marks).unwrap().chars().count(), 32);
        // A space after the 32nd character took the count past the bound,
        // and the marks after it were kept, however many.
        let spaced = format!("a{} {}", "\u{301}".repeat(31), "\u{301}".repeat(100));
        assert_eq!(sanitize_name(&spaced).unwrap().chars().count(), 32);
    }
}
