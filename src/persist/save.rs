//! The saved form of a game in progress: what `game.json` in the data
//! directory holds, so that quitting (or a closed terminal) loses nothing.
//!
//! `Instant`s cannot be stored, so times are kept as durations of playing
//! time: the time so far, and for the streak how long before the save the
//! last match was. A resumed game runs its clock on from the saved playing
//! time (standing while it is paused), every instant shifted alike, so it
//! plays on exactly as the game that was saved.
//!
//! The current board is stored as rows of text, one character a tile: `0`
//! for an empty cell, then base-62 digits `1`-`9`, `A`-`Z`, `a`-`z` for
//! kinds 1 to 61. Each undo and redo state is stored as the cells where it
//! differs from its neighbour toward the current state (a match changes two
//! cells, a slide under gravity a few more), or whole where that is shorter
//! (a reshuffle). The game saves after every move, so a save must grow by a
//! move's changes, not by a board: a game of the largest board (40 x 60)
//! played to its last match saves 0.2 to 0.4 MB (4 MB when every state was
//! whole). The longest save (as many states as a save may hold, each a
//! reshuffle) is about 8 MB, half the size the storage layer reads back.
//!
//! A file is checked whole by [`Document::validate`] before anything is
//! built from it, so a hand-edited or damaged file is refused, never a panic
//! later: sizes, kinds and their even counts, counters, points on the board,
//! and that the undo and redo states line up as one game. A state marked
//! lost (the solver proved it cannot be cleared) only shows the warning and
//! allows a reshuffle, so the mark is taken on trust, but never on an empty
//! board.

use std::collections::HashSet;
use std::fmt::Write;
use std::time::{Duration, Instant, SystemTime};

use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::core::engine::connects;
use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::game::daily::Day;
use crate::game::limits::{MAX_HELP, MAX_KINDS, MAX_SCORE, MAX_SECONDS, check_board};
use crate::game::{
    Clock, Config, Difficulty, Game, History, Level, Mode, OnShow, PaidHint, RULES, Revision,
    Score, Snapshot,
};
use crate::persist::document::Document;

/// The longest playing time a save holds, in milliseconds.
const MAX_MILLIS: u64 = MAX_SECONDS as u64 * 1000;

/// The tile digits: index 0 is an empty cell, index `k` is kind `k`.
const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const _: () = assert!(DIGITS.len() - 1 == MAX_KINDS, "a digit for every kind");

/// A game in progress as it is stored. Build it with [`SavedGame::new`],
/// turn it back into a game with [`SavedGame::restore`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Which game this is (version 3 on; a file before it gives its game a
    /// new id as it is read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
    rows: usize,
    cols: usize,
    kinds: usize,
    seed: u64,
    hints: u32,
    reshuffles: u32,
    /// Hints left in the game (version 2 on: undo does not give them back).
    /// Version 1 kept them in each state; see [`SavedGame::help_left`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hints_left: Option<u32>,
    /// Reshuffles left in the game, as `hints_left`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reshuffles_left: Option<u32>,
    /// Of the hints spent, those a restart of the deal carried over from
    /// the game before it (version 8 on: a file before it reads as none).
    #[serde(default, skip_serializing_if = "is_zero")]
    hints_carried: u32,
    /// `levels` for a run of levels, else the name of the one variant
    /// (files from before gravity hold none: a classic board).
    #[serde(default = "classic")]
    gravity: String,
    /// Whether each level has a time limit.
    #[serde(default)]
    timed: bool,
    /// The date of a daily deal (`YYYY-MM-DD`); none for an ordinary game.
    #[serde(default)]
    daily: Option<String>,
    /// `easy`, `normal` or `hard` (files from before difficulties hold
    /// none: their boards came from the dealer that is now `easy`).
    #[serde(default = "before_difficulty")]
    difficulty: String,
    /// The level being played, 0 for the first.
    #[serde(default)]
    level: usize,
    /// The playing time when the level began, in milliseconds.
    #[serde(default)]
    level_started_ms: u64,
    /// Playing time so far, in milliseconds.
    elapsed_ms: u64,
    /// Written until the streak window was timed in playing time, which
    /// stands with the clock: how long the clock had stood. Read, so those
    /// files load, and not used.
    #[serde(default, skip_serializing)]
    stood_ms: Option<u64>,
    paused: bool,
    assisted: bool,
    /// How many moves undo took back (version 5 on: a file before it kept
    /// no count, and reads as none).
    #[serde(default)]
    undos: u32,
    /// Whether the solver played the deal for the player, a demo (version 5
    /// on: a file before it reads as not, its restart then unassisted).
    #[serde(default)]
    watched: bool,
    cursor: [u16; 2],
    selected: Option<[u16; 2]>,
    /// Version 6 only: the hinted pair Esc took off the current board,
    /// which `t` shows again without spending a hint. Version 7 keeps it in
    /// each state (`SavedState::dismissed`); read, so version 6 files keep
    /// it, and not written.
    #[serde(default, skip_serializing)]
    dismissed_hint: Option<[[u16; 2]; 2]>,
    /// The kind whose tiles are highlighted (`f`), one on the current
    /// board (version 6 on: a file before it kept none, and reads as none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    highlight: Option<Tile>,
    current: SavedState,
    /// The states undo goes back to, oldest first.
    undo: Vec<SavedState>,
    /// The states redo goes forward to, the furthest first.
    redo: Vec<SavedState>,
    /// Each pair a hint was paid for in this game, with its board (version
    /// 8 on: a file before it kept them only in its states, read as these).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    paid: Vec<SavedPaid>,
}

/// A pair a hint was paid for, with the board it was shown on, which `t`
/// on that board shows again free. The board is stored as a state's is:
/// whole, or by how it differs from the board before it in the list (the
/// first one's from the current board): the boards of one level differ
/// by the pairs matched between them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedPaid {
    /// The board, a string of digits a row; `None` when `changes` gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tiles: Option<Vec<String>>,
    /// The cells where the board differs from the one before it (the
    /// current one for the first), as a state's `changes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    changes: Option<String>,
    /// The pair.
    pair: [[u16; 2]; 2],
}

/// One [`Snapshot`] as it is stored.
///
/// The current state is stored whole. From version 4 on, an undo or redo
/// state may instead say how it differs from its neighbour toward the
/// current state (the state after it for undo's, the one before it for
/// redo's): `changes` for its board, and no `rng` when the generator is
/// the neighbour's. A move changes a few cells, so a save grows by a few
/// bytes a move rather than by a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedState {
    /// The board, a string of digits a row; `None` when `changes` gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tiles: Option<Vec<String>>,
    /// Version 4 on: the cells where the board differs from its
    /// neighbour's, each as `ROW,COLUMN,DIGIT` (the digit as in `tiles`),
    /// separated by spaces: `"7,3,0 7,9,0"` (two cells emptied).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    changes: Option<String>,
    /// The generator; `None` (version 4 on) when it is the neighbour's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rng: Option<Xoshiro256PlusPlus>,
    points: u32,
    streak: u32,
    /// How long before the save the last match was, in milliseconds of
    /// playing time (files from before it was so counted the time paused too).
    last_match_ago_ms: Option<u64>,
    helped: bool,
    /// Version 1 only: the hints left in this state (undo gave them back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hints_left: Option<u32>,
    /// Version 1 only: the reshuffles left in this state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reshuffles_left: Option<u32>,
    hint: Option<[[u16; 2]; 2]>,
    /// The hinted pair Esc had dropped in this state, which `t` shows again
    /// without spending a hint (version 7 on: a file before it kept only the
    /// current state's, as `dismissed_hint`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dismissed: Option<[[u16; 2]; 2]>,
    /// The solver proved this board lost (files from before it was kept
    /// read as not lost).
    #[serde(default)]
    lost: bool,
}

/// A state's board and generator, as stored or built from its neighbour's.
struct Resolved {
    tiles: Vec<Tile>,
    rng: Xoshiro256PlusPlus,
}

impl Document for SavedGame {
    const FILE_NAME: &'static str = "game.json";
    /// 2: the hints and reshuffles left belong to the game, not to each
    /// state (undo no longer gives them back). Version 1 files are read: the
    /// help left is the least any of their states had. 3: the game's id
    /// (`id`), so a win is recorded once; version 2 files read as they are.
    /// 4: undo and redo states may be stored as their changes (see
    /// `SavedState`); files before it hold every state whole, which
    /// version 4 still reads. 5: how many moves undo took back (`undos`)
    /// and whether a demo played the deal (`watched`); files before it read
    /// as none and not. 6: the hinted pair Esc dropped (`dismissed_hint`)
    /// and the highlighted kind (`highlight`); files before it read as none.
    /// 7: each state keeps the hinted pair Esc dropped in it (`dismissed`),
    /// so undo and redo bring it back; version 6's `dismissed_hint` is read
    /// as the current state's. 8: the pairs hints were paid for in the
    /// game, with their boards (`paid`), so a board new moves or a restart
    /// lead back to shows its pair again free (files before it read the
    /// pairs their states keep as those), and the hints a restart carried
    /// over (`hints_carried`, none before it).
    const VERSION: u32 = 8;
    const DESCRIPTION: &'static str = "The saved game";

    fn validate(&self) -> Result<(), String> {
        self.check().map(drop)
    }
}

/// Checks that a saved daily deal of `day`, of settings `config`, is dealt
/// from that day's seed (the re-test, rt46: a save of one day's deal,
/// edited to another date, would have gone into that day's table), and
/// that the day has opened, `today` being the machine's date (found by
/// the play-test, pt46: a save edited to the date 2999-01-01 was played
/// and recorded as that day's deal, which `--daily` refuses until it
/// opens). A day one after today is let be: the clock may be a little
/// off, and the game would be set aside.
fn check_daily(config: &Config, day: Day, today: Day) -> Result<(), String> {
    if day.number() > today.number() + 1 {
        return Err(format!(
            "the daily deal of {day} has not come yet (today is {today})"
        ));
    }
    if config.seed != day.config().seed {
        return Err(format!(
            "the daily deal of {day} is not dealt from its seed"
        ));
    }
    Ok(())
}

/// Whether a count is zero, and left out of the file.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The gravity of a saved game from before gravity.
fn classic() -> String {
    "none".into()
}

/// The difficulty of a saved game from before difficulties: their deals
/// were as easy as `easy` deals are.
fn before_difficulty() -> String {
    Difficulty::Easy.name().into()
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn point(p: Point) -> [u16; 2] {
    [
        u16::try_from(p.row).unwrap_or(u16::MAX),
        u16::try_from(p.col).unwrap_or(u16::MAX),
    ]
}

fn unpoint([row, col]: [u16; 2]) -> Point {
    Point::new(i32::from(row), i32::from(col))
}

/// A pair of cells, a hinted one, as stored.
fn pair((a, b): (Point, Point)) -> [[u16; 2]; 2] {
    [point(a), point(b)]
}

/// A stored pair of cells, as the game holds it.
fn unpair([a, b]: [[u16; 2]; 2]) -> (Point, Point) {
    (unpoint(a), unpoint(b))
}

fn digit(kind: Tile) -> char {
    DIGITS.get(kind as usize).map_or('?', |&d| char::from(d))
}

fn undigit(c: char) -> Option<Tile> {
    let c = u8::try_from(c).ok()?;
    DIGITS.iter().position(|&d| d == c).map(|k| k as Tile)
}

/// A cell and its tile from one change, `ROW,COLUMN,DIGIT`.
fn read_change(change: &str) -> Option<((usize, usize), Tile)> {
    let mut parts = change.split(',');
    let row = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    let mut digit = parts.next()?.chars();
    let tile = undigit(digit.next()?)?;
    (digit.next().is_none() && parts.next().is_none()).then_some(((row, col), tile))
}

/// `board` as stored: whole (a string of digits a row), or by how it
/// differs from `neighbour`'s where that is shorter.
fn stored_board(board: &Board, neighbour: Option<&Board>) -> (Option<Vec<String>>, Option<String>) {
    let cols = board.cols();
    let tiles = board.tiles();
    let changes: Option<String> = neighbour.and_then(|n| {
        // A change takes about eight bytes, a whole cell one: a board
        // that differs in more than one cell in sixteen is stored whole.
        let most = tiles.len() / 16;
        let (mut cells, mut count) = (String::new(), 0);
        // Row by row, a row alike compared whole, and written into one
        // string: every state is compared on every save, and a move
        // changes a few rows.
        let rows = tiles.chunks(cols).zip(n.tiles().chunks(cols));
        for (row, (mine, theirs)) in rows.enumerate().filter(|(_, (a, b))| a != b) {
            for (col, (&t, _)) in mine
                .iter()
                .zip(theirs)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
            {
                if count == most {
                    return None;
                }
                let space = if count == 0 { "" } else { " " };
                let _ = write!(cells, "{space}{row},{col},{}", digit(t));
                count += 1;
            }
        }
        Some(cells)
    });
    let whole = changes.is_none().then(|| {
        tiles
            .chunks(cols)
            .map(|row| row.iter().map(|&t| digit(t)).collect())
            .collect()
    });
    (whole, changes)
}

/// The tiles of a board of `g`'s size stored as [`stored_board`] writes
/// it, `whole` or as `changes` from the `neighbour`'s tiles.
fn read_board(
    g: &SavedGame,
    whole: Option<&[String]>,
    changes: Option<&str>,
    neighbour: Option<&[Tile]>,
) -> Result<Vec<Tile>, String> {
    match (whole, changes, neighbour) {
        (Some(_), Some(_), _) => Err("a board is given both whole and as changes".into()),
        (Some(rows), None, _) => {
            if rows.len() != g.rows || rows.iter().any(|r| r.chars().count() != g.cols) {
                return Err(format!("a board is not {} x {}", g.rows, g.cols));
            }
            rows.iter()
                .flat_map(|row| row.chars())
                .map(undigit)
                .collect::<Option<_>>()
                .ok_or_else(|| "a board holds a character that is not a tile".into())
        }
        (None, Some(changes), Some(n)) => {
            let mut tiles = n.to_vec();
            for change in changes.split_whitespace() {
                let (at, tile) = read_change(change)
                    .ok_or_else(|| format!("a change {change:?} is not ROW,COLUMN,DIGIT"))?;
                if at.0 >= g.rows || at.1 >= g.cols {
                    return Err(format!("a change at {},{} is off the board", at.0, at.1));
                }
                tiles[at.0 * g.cols + at.1] = tile;
            }
            Ok(tiles)
        }
        (None, Some(_), None) => Err("the current board is given as changes, not whole".into()),
        (None, None, _) => Err("a board is missing".into()),
    }
}

impl SavedState {
    /// `s` as stored, its last match timed back from `played`, the playing
    /// time at the save: whole, or by how it differs from `neighbour` (the
    /// state next to it toward the current one) where that is shorter.
    fn new(s: &Snapshot, played: Duration, neighbour: Option<&Snapshot>) -> Self {
        let (tiles, changes) = stored_board(&s.board, neighbour.map(|n| &n.board));
        SavedState {
            tiles,
            changes,
            rng: neighbour
                .is_none_or(|n| n.rng != s.rng)
                .then(|| s.rng.clone()),
            points: s.score.points,
            streak: s.score.streak,
            last_match_ago_ms: s.score.last_match.map(|t| millis(played.saturating_sub(t))),
            helped: s.score.helped,
            hints_left: None,
            reshuffles_left: None,
            hint: s.hint.map(pair),
            dismissed: s.dismissed.map(pair),
            lost: s.unwinnable,
        }
    }

    /// The board and generator this state stores, given its `neighbour`'s
    /// (none for the current state, which is stored whole).
    fn resolve(&self, g: &SavedGame, neighbour: Option<&Resolved>) -> Result<Resolved, String> {
        let tiles = read_board(
            g,
            self.tiles.as_deref(),
            self.changes.as_deref(),
            neighbour.map(|n| n.tiles.as_slice()),
        )?;
        let rng = self
            .rng
            .as_ref()
            .or(neighbour.map(|n| &n.rng))
            .ok_or("the random generator is missing")?
            .clone();
        Ok(Resolved { tiles, rng })
    }

    /// Checks this state, whose board and generator are `r` (see
    /// [`SavedState::resolve`]), against the game's size and rules.
    fn check(&self, g: &SavedGame, r: &Resolved) -> Result<(), String> {
        let tiles = &r.tiles;
        let mut counts = vec![0usize; g.kinds + 1];
        for &t in tiles {
            *counts
                .get_mut(t as usize)
                .ok_or_else(|| format!("tile kind {t} is above the game's {} kinds", g.kinds))? +=
                1;
        }
        if let Some(kind) = (1..counts.len()).find(|&k| !counts[k].is_multiple_of(2)) {
            return Err(format!("kind {kind} has an odd number of tiles"));
        }
        if self.points > MAX_SCORE {
            return Err(format!("a score of {} is out of range", self.points));
        }
        // The streak counts quick matches in a row, and carries from one
        // level to the next: every earlier level was cleared whole.
        let cells = g.rows * g.cols;
        let left = tiles.iter().filter(|&&t| t != EMPTY).count();
        let matches = g
            .level
            .saturating_mul(cells / 2)
            .saturating_add((cells - left) / 2);
        if self.streak as usize > matches {
            return Err(format!(
                "a streak of {} is longer than the {matches} matches made",
                self.streak
            ));
        }
        if self.hint.is_some_and(|pair| !joinable(g, tiles, pair)) {
            return Err("the hinted pair is not two tiles of one kind a line joins".into());
        }
        if self.dismissed.is_some_and(|pair| !joinable(g, tiles, pair)) {
            return Err("the hinted pair dropped is not two tiles of one kind a line joins".into());
        }
        if self.lost && tiles.iter().all(|&t| t == EMPTY) {
            return Err("an empty board cannot be lost".into());
        }
        if r.rng == zero_rng() {
            return Err("the random generator is stuck at zero".into());
        }
        Ok(())
    }

    /// The state, whose board and generator are `r`, its last match timed
    /// back from `played`, the playing time at the save.
    fn restore(&self, g: &SavedGame, r: Resolved, played: Duration) -> Result<Snapshot, String> {
        let board = Board::from_tiles(g.rows, g.cols, r.tiles).map_err(|e| e.to_string())?;
        Ok(Snapshot {
            board,
            rng: r.rng,
            score: Score {
                points: self.points,
                streak: self.streak,
                last_match: self
                    .last_match_ago_ms
                    .and_then(|ms| played.checked_sub(Duration::from_millis(ms))),
                helped: self.helped,
            },
            hint: self.hint.map(unpair),
            dismissed: self.dismissed.map(unpair),
            unwinnable: self.lost,
        })
    }
}

/// Whether `pair` is two cells of a board of `g`'s size holding `tiles`
/// that hold tiles of one kind a line joins, as a hinted pair does (found
/// by the re-test, rt46: a pair edited in that no line joins was shown as
/// a hint).
fn joinable(g: &SavedGame, tiles: &[Tile], [a, b]: [[u16; 2]; 2]) -> bool {
    let at = |p: [u16; 2]| {
        let (r, c) = (usize::from(p[0]), usize::from(p[1]));
        (r < g.rows && c < g.cols).then(|| tiles[r * g.cols + c])
    };
    let one_kind = matches!((at(a), at(b)), (Some(x), Some(y)) if a != b && x == y && x != EMPTY);
    one_kind
        && Board::from_tiles(g.rows, g.cols, tiles.to_vec())
            .is_ok_and(|board| connects(&board, unpoint(a), unpoint(b), RULES))
}

/// The all-zero state, from which xoshiro only ever yields zeros.
fn zero_rng() -> Xoshiro256PlusPlus {
    serde_json::from_str(r#"{"s":[0,0,0,0]}"#).expect("a literal state")
}

impl SavedGame {
    /// The saved form of `game` at `now`.
    pub fn new(game: &Game, now: Instant) -> Self {
        let (undo, redo) = game.history.stacks();
        let elapsed_ms = millis(game.clock.elapsed(now)).min(MAX_MILLIS);
        let played = Duration::from_millis(elapsed_ms);
        let current = game.snapshot();
        // Each undo or redo state beside its neighbour toward the current one.
        let stack = |states: &[Snapshot]| -> Vec<SavedState> {
            let nearer = states.iter().skip(1).chain([&current]);
            states
                .iter()
                .zip(nearer)
                .map(|(s, n)| SavedState::new(s, played, Some(n)))
                .collect()
        };
        let c = game.config;
        SavedGame {
            id: Some(game.id),
            rows: c.rows,
            cols: c.cols,
            kinds: c.kinds,
            seed: c.seed,
            hints: c.hints,
            reshuffles: c.reshuffles,
            hints_left: Some(game.hints_left),
            hints_carried: game.hints_carried,
            reshuffles_left: Some(game.reshuffles_left),
            gravity: c.mode.name().into(),
            timed: c.timed,
            daily: c.daily.map(|d| d.to_string()),
            difficulty: c.difficulty.name().into(),
            level: game.level.number,
            // Kept within what the check accepts (a year of play), so a
            // save of any game loads.
            level_started_ms: millis(game.level.started).min(elapsed_ms),
            elapsed_ms,
            stood_ms: None,
            paused: game.paused,
            assisted: game.assisted,
            undos: game.undos,
            watched: game.watched,
            cursor: point(game.cursor),
            selected: game.selected.map(point),
            dismissed_hint: None,
            highlight: game.highlight,
            undo: stack(undo),
            redo: stack(redo),
            paid: game
                .paid_hints
                .iter()
                .scan(&current.board, |before, (board, paid)| {
                    let (tiles, changes) = stored_board(board, Some(*before));
                    *before = board;
                    Some(SavedPaid {
                        tiles,
                        changes,
                        pair: pair(*paid),
                    })
                })
                .collect(),
            current: SavedState::new(&current, played, None),
        }
    }

    /// The mode of the saved game, from its `gravity` field.
    fn mode(&self) -> Result<Mode, String> {
        self.gravity.parse()
    }

    /// The settings of the saved game: its size, kinds, seed and mode; an
    /// error if its mode has no name this version knows.
    pub fn config(&self) -> Result<Config, String> {
        Ok(Config {
            rows: self.rows,
            cols: self.cols,
            kinds: self.kinds,
            seed: self.seed,
            hints: self.hints,
            reshuffles: self.reshuffles,
            mode: self.mode()?,
            timed: self.timed,
            daily: self.daily.as_deref().map(str::parse).transpose()?,
            difficulty: self.difficulty.parse()?,
        })
    }

    /// The game again, its clock running on from `now` (standing if it was
    /// paused). A board left in deadlock by a hand-edited file is reshuffled,
    /// and a cleared board is a win, as in play. Errors are those of
    /// [`Document::validate`].
    pub fn restore(&self, now: Instant) -> Result<Game, String> {
        let elapsed = Duration::from_millis(self.elapsed_ms);
        let mut states = self
            .timeline()
            .zip(self.check()?)
            .map(|(s, r)| s.restore(self, r, elapsed))
            .collect::<Result<Vec<_>, String>>()?;
        let mut redo = states.split_off(self.undo.len() + 1);
        redo.reverse();
        let current = states.pop().expect("the timeline holds the current state");
        let (hints_left, reshuffles_left) = self.help_left()?;
        let paid_hints = self.paid_hints(&current, states.iter().chain(&redo))?;
        let history = History::from_stacks(states, redo);
        let mut game = Game {
            id: self.id.unwrap_or_else(rand::random),
            config: self.config()?,
            rng: current.rng.clone(),
            board: current.board.clone(),
            cursor: unpoint(self.cursor),
            selected: self.selected.map(unpoint),
            score: current.score,
            clock: Clock::resumed(elapsed),
            paused: self.paused,
            hints_left,
            hints_carried: self.hints_carried,
            reshuffles_left,
            hint: current.hint,
            removal: None,
            notice: None,
            win: None,
            history,
            assisted: self.assisted,
            undos: self.undos,
            watched: self.watched,
            highlight: self.highlight,
            level: Level {
                number: self.level,
                gravity: self.mode()?.gravity_of(self.level),
                started: Duration::from_millis(self.level_started_ms),
            },
            time_up: None,
            covered: false,
            pace: crate::game::Pace::NORMAL,
            unwinnable: false,
            on_show: OnShow::resumed(current.dismissed.or(self.dismissed_hint.map(unpair))),
            paid_hints,
            revision: Revision::fresh(),
        };
        // A board saved as lost stays so; any other is checked again.
        game.settle(now, current.unwinnable.then_some(true));
        // A timed level whose time had run out is over again; the clock,
        // standing so far, runs unless the game is paused or over.
        game.tick(now);
        game.sync_clock(now);
        Ok(game)
    }

    /// The pairs hints were paid for in this game, each with its board,
    /// given the `current` state and the `others` of the history. A file
    /// before version 8 kept them in its states only (and a version 6 file
    /// the current state's as `dismissed_hint`): those are read as paid,
    /// as many as the hints spent.
    fn paid_hints<'a>(
        &self,
        current: &'a Snapshot,
        others: impl Iterator<Item = &'a Snapshot>,
    ) -> Result<Vec<PaidHint>, String> {
        let mut paid = self.paid(current.board.tiles())?;
        let mut seen: HashSet<&[Tile]> = paid.iter().map(|(b, _)| b.tiles()).collect();
        let v6 = self.dismissed_hint.map(|p| (current, unpair(p)));
        let kept = others
            .chain([current])
            .filter_map(|s| s.paid_pair().map(|p| (s, p)))
            .chain(v6);
        let mut more = Vec::new();
        for (s, pair) in kept {
            if seen.insert(s.board.tiles()) {
                more.push((s.board.clone(), pair));
            }
        }
        paid.extend(more);
        paid.truncate(self.hints_spent()?);
        Ok(paid)
    }

    /// How many hints the game has spent.
    fn hints_spent(&self) -> Result<usize, String> {
        Ok(self.hints.saturating_sub(self.help_left()?.0) as usize)
    }

    /// Each pair a hint was paid for, with its board, the first stored
    /// beside the `current` board's tiles and each other beside the one
    /// before it; an error if there are more than the hints spent, or a
    /// board or pair is not the game's.
    fn paid(&self, current: &[Tile]) -> Result<Vec<PaidHint>, String> {
        if self.paid.len() > self.hints_spent()? {
            return Err("more hinted pairs are paid for than hints were spent".into());
        }
        let mut paid: Vec<PaidHint> = Vec::with_capacity(self.paid.len());
        for p in &self.paid {
            let before = paid.last().map_or(current, |(board, _)| board.tiles());
            let tiles = read_board(self, p.tiles.as_deref(), p.changes.as_deref(), Some(before))?;
            if tiles.iter().any(|&t| t as usize > self.kinds) {
                return Err(format!(
                    "a board a hint was paid on holds a kind above the game's {}",
                    self.kinds
                ));
            }
            if !joinable(self, &tiles, p.pair) {
                return Err(
                    "a pair a hint was paid for is not two tiles of one kind a line joins".into(),
                );
            }
            let board =
                Board::from_tiles(self.rows, self.cols, tiles).map_err(|e| e.to_string())?;
            paid.push((board, unpair(p.pair)));
        }
        Ok(paid)
    }

    /// Every state in the order it was played: undo's, the current one,
    /// then redo's.
    fn timeline(&self) -> impl Iterator<Item = &SavedState> {
        self.undo
            .iter()
            .chain([&self.current])
            .chain(self.redo.iter().rev())
    }

    /// The board and generator of every state, in the order of
    /// [`SavedGame::timeline`]: the current state's as stored, each other
    /// built outward from its neighbour's.
    fn resolve(&self) -> Result<Vec<Resolved>, String> {
        let current = self.current.resolve(self, None)?;
        let outward = |states: &[SavedState]| -> Result<Vec<Resolved>, String> {
            let mut built: Vec<Resolved> = Vec::with_capacity(states.len());
            for state in states.iter().rev() {
                let next = state.resolve(self, Some(built.last().unwrap_or(&current)))?;
                built.push(next);
            }
            Ok(built)
        };
        // Nearest first: undo's reversed, redo's in the order played.
        let mut undo = outward(&self.undo)?;
        let redo = outward(&self.redo)?;
        undo.reverse();
        Ok(undo.into_iter().chain([current]).chain(redo).collect())
    }

    /// The hints and reshuffles left. A version 1 file kept them in each
    /// state, where undo gave them back: what was spent is the most any
    /// state had spent.
    fn help_left(&self) -> Result<(u32, u32), String> {
        let least = |left: fn(&SavedState) -> Option<u32>| self.timeline().filter_map(left).min();
        let hints = self.hints_left.or_else(|| least(|s| s.hints_left));
        let reshuffles = self
            .reshuffles_left
            .or_else(|| least(|s| s.reshuffles_left));
        hints
            .zip(reshuffles)
            .ok_or_else(|| "the hints and reshuffles left are missing".into())
    }

    /// Checks the game's settings: the board's size, the kinds, the help
    /// granted, the time played and the level.
    fn check_settings(&self) -> Result<(), String> {
        check_board(self.rows, self.cols, self.kinds)?;
        if self.hints > MAX_HELP || self.reshuffles > MAX_HELP {
            return Err("more hints or reshuffles than a game grants".into());
        }
        if self.elapsed_ms > MAX_MILLIS {
            return Err(format!(
                "a playing time of {} ms is too long",
                self.elapsed_ms
            ));
        }
        let config = self.config()?;
        if let Some(day) = config.daily {
            check_daily(&config, day, Day::today(SystemTime::now()))?;
        }
        if self.level >= self.mode()?.levels() {
            return Err(format!(
                "level {} is past the last level",
                self.level.saturating_add(1)
            ));
        }
        if self.level_started_ms > self.elapsed_ms {
            return Err("the level began after the time played so far".into());
        }
        Ok(())
    }

    /// Checks the whole save before a game is built from it: the settings,
    /// the cursor and selection, the help left, and the states in the order
    /// they were played. Returns their boards and generators, in that order.
    fn check(&self) -> Result<Vec<Resolved>, String> {
        self.check_settings()?;
        let (rows, cols) = (self.rows, self.cols);
        let pairs = rows * cols / 2;
        let inside = |[r, c]: [u16; 2]| usize::from(r) < rows && usize::from(c) < cols;
        if !inside(self.cursor) {
            return Err("the cursor is off the board".into());
        }
        let (hints_left, reshuffles_left) = self.help_left()?;
        if hints_left > self.hints || reshuffles_left > self.reshuffles {
            return Err("more hints or reshuffles left than the game grants".into());
        }
        if self.hints_carried > self.hints - hints_left {
            return Err("more hints carried over than were spent".into());
        }
        // A move is a match (at most one a pair), a hint or a reshuffle
        // granted from those left, or a reshuffle granted because the board
        // was proved lost (which takes a match since the last reshuffle).
        let moves = self.undo.len() + self.redo.len();
        let most = 2 * pairs + (self.hints + self.reshuffles) as usize;
        if moves > most {
            return Err(format!("{moves} moves are more than the game allows"));
        }
        // The states in the order they were played: undo's, the current one,
        // then redo's. A later state never has more tiles or points fewer.
        let resolved = self.resolve()?;
        let mut before: Option<(usize, &SavedState)> = None;
        for (state, r) in self.timeline().zip(&resolved) {
            state.check(self, r)?;
            let tiles = &r.tiles;
            let count = tiles.iter().filter(|&&t| t != EMPTY).count();
            if let Some((was, prev)) = before
                && (count > was || state.points < prev.points)
            {
                return Err("the undo and redo states do not follow one another".into());
            }
            if std::ptr::eq(state, &self.current) {
                self.check_marks(tiles)?;
                self.paid(tiles)?;
            }
            before = Some((count, state));
        }
        Ok(resolved)
    }

    /// Checks the marks kept on the current board, whose tiles are `tiles`:
    /// the selected tile, the hinted pair Esc dropped and the highlighted
    /// kind must be on it.
    fn check_marks(&self, tiles: &[Tile]) -> Result<(), String> {
        if let Some([r, c]) = self.selected
            && !(usize::from(r) < self.rows
                && usize::from(c) < self.cols
                && tiles[usize::from(r) * self.cols + usize::from(c)] != EMPTY)
        {
            return Err("the selected tile is not on the board".into());
        }
        if self
            .dismissed_hint
            .is_some_and(|pair| !joinable(self, tiles, pair))
        {
            return Err("the hinted pair dropped is not two tiles of one kind a line joins".into());
        }
        if self
            .highlight
            .is_some_and(|kind| kind == EMPTY || !tiles.contains(&kind))
        {
            return Err("the highlighted kind is not on the board".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::limits::{MAX_COLS, MAX_ROWS};
    use crate::game::{Action, find_match};

    fn play(seed: u64, t: Instant) -> Game {
        let s = Duration::from_secs;
        let cfg = Config {
            seed,
            ..Config::DEFAULT
        };
        let mut g = Game::new(cfg, t).unwrap();
        for i in 0..6 {
            let (a, b) = find_match(g.board()).unwrap();
            g.apply(Action::Click(a), t + s(i));
            g.apply(Action::Click(b), t + s(i));
        }
        g.apply(Action::Hint, t + s(7));
        g.apply(Action::Reshuffle, t + s(8));
        g.apply(Action::Undo, t + s(9));
        g.apply(Action::Undo, t + s(9));
        g.apply(Action::Redo, t + s(10));
        g.apply(Action::Move(crate::game::Direction::Down), t + s(10));
        g
    }

    #[test]
    fn a_game_survives_saving_and_restoring() {
        let t = Instant::now();
        let s = Duration::from_secs;
        let g = play(5, t);
        let now = t + s(11);
        let saved = SavedGame::new(&g, now);
        saved.validate().unwrap();
        let json = serde_json::to_string(&saved).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, saved);
        let r = back.restore(now).unwrap();
        assert_eq!(r.board(), g.board());
        assert_eq!(r.config(), g.config());
        assert_eq!((r.score(), r.streak()), (g.score(), g.streak()));
        assert_eq!(r.score, g.score, "streak timing and help carry over");
        assert_eq!(r.history(), g.history());
        assert_eq!(r.rng, g.rng);
        assert_eq!(
            (r.hints_left(), r.reshuffles_left(), r.hint_pair()),
            (g.hints_left(), g.reshuffles_left(), g.hint_pair())
        );
        assert_eq!((r.hints_left(), r.history().redo_len()), (2, 1));
        assert_eq!(r.cursor(), g.cursor());
        assert_eq!(r.elapsed(now), g.elapsed(now));
        assert_eq!((r.assisted(), r.undos()), (g.assisted(), 2));
        // The clock runs on from where it stood.
        assert_eq!(r.elapsed(now + s(2)), g.elapsed(now) + s(2));
        // The hint spent before a restart stays the earlier game's.
        let mut g = g;
        g.apply(Action::Restart, now);
        let r = SavedGame::new(&g, now).restore(now).unwrap();
        assert_eq!((r.hints_left(), r.hints_paid()), (2, 0));
        assert_eq!(r.hints_carried, 1);
    }

    #[test]
    fn the_level_its_gravity_and_its_clock_survive_saving() {
        let t = Instant::now();
        let s = Duration::from_secs;
        let config = Config {
            rows: 2,
            cols: 2,
            kinds: 1,
            mode: Mode::Levels,
            timed: true,
            ..Config::DEFAULT
        };
        let mut g = Game::new(config, t).unwrap();
        for i in 0..2 {
            let (a, b) = find_match(g.board()).unwrap();
            g.apply(Action::Click(a), t + s(5 * i));
            g.apply(Action::Click(b), t + s(5 * i));
        }
        assert_eq!(g.level().number, 1);
        let now = t + s(12);
        let json = serde_json::to_string(&SavedGame::new(&g, now)).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        let r = back.restore(now).unwrap();
        assert_eq!(r.config(), g.config());
        assert_eq!(r.level(), g.level());
        assert_eq!(r.level().gravity, crate::core::gravity::Gravity::Down);
        assert_eq!(r.remaining(now + s(3)), g.remaining(now + s(3)));
        assert_eq!(r.score(), g.score());
        // A file from before gravity is a classic board.
        let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
        for field in ["gravity", "timed", "level", "level_started_ms"] {
            old.as_object_mut().unwrap().remove(field);
        }
        let old: SavedGame = serde_json::from_value(old).unwrap();
        let r = old.restore(now).unwrap();
        assert_eq!(
            (r.config().mode, r.config().timed),
            (Mode::Single(crate::core::gravity::Gravity::None), false)
        );
        assert_eq!(r.level().number, 0);
    }

    #[test]
    fn the_difficulty_survives_saving_and_old_files_are_easy() {
        let t = Instant::now();
        for difficulty in Difficulty::ALL {
            let config = Config {
                seed: 3,
                difficulty,
                ..Config::DEFAULT
            };
            let g = Game::new(config, t).unwrap();
            let json = serde_json::to_string(&SavedGame::new(&g, t)).unwrap();
            let r = serde_json::from_str::<SavedGame>(&json)
                .unwrap()
                .restore(t)
                .unwrap();
            assert_eq!(r.config().difficulty, difficulty);
            assert_eq!(r.board(), g.board());
            // A file from before difficulties: its board came from the
            // dealer that is now the easy one, and it plays on as easy.
            let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
            old.as_object_mut().unwrap().remove("difficulty");
            let old: SavedGame = serde_json::from_value(old).unwrap();
            let r = old.restore(t).unwrap();
            assert_eq!(r.config().difficulty, Difficulty::Easy);
            assert_eq!(r.board(), g.board());
        }
        let mut bad = SavedGame::new(&Game::new(Config::DEFAULT, t).unwrap(), t);
        bad.difficulty = "nightmare".into();
        assert!(bad.validate().is_err());
        assert!(bad.restore(t).is_err());
    }

    #[test]
    fn a_timed_win_resumes_with_its_time_bonus_counted_once() {
        let t = Instant::now();
        let config = Config {
            rows: 2,
            cols: 2,
            kinds: 1,
            timed: true,
            ..Config::DEFAULT
        };
        let mut g = Game::new(config, t).unwrap();
        for _ in 0..2 {
            let (a, b) = find_match(g.board()).unwrap();
            g.apply(Action::Click(a), t + Duration::from_secs(10));
            g.apply(Action::Click(b), t + Duration::from_secs(10));
        }
        let win = g.win().unwrap();
        assert_eq!(win.score, 15 + 10 + 28);
        let now = t + Duration::from_secs(20);
        let r = SavedGame::new(&g, now).restore(now).unwrap();
        assert_eq!(r.win().map(|w| w.score), Some(win.score));
    }

    /// The rows of the current state's board.
    fn rows(g: &mut SavedGame) -> &mut Vec<String> {
        g.current
            .tiles
            .as_mut()
            .expect("the current state is whole")
    }

    /// A pair paid for in `g` (one hint spent for it) on the current board
    /// with `changes`.
    fn paid(g: &mut SavedGame, changes: &str, pair: [[u16; 2]; 2]) -> SavedPaid {
        g.hints_left = Some(g.hints - 1);
        SavedPaid {
            tiles: None,
            changes: Some(changes.into()),
            pair,
        }
    }

    #[test]
    fn out_of_range_values_are_refused() {
        let t = Instant::now();
        let game = play(9, t);
        let good = SavedGame::new(&game, t);
        assert!(
            good.undo[0].changes.is_some(),
            "a match is stored as its changes"
        );
        // Two tiles of one kind no line joins (the re-test, rt46, saw such
        // a pair edited in shown as a hint).
        let board = game.board();
        let cells: Vec<Point> = (0..board.rows() as i32)
            .flat_map(|r| (0..board.cols() as i32).map(move |c| Point::new(r, c)))
            .filter(|&p| board.get(p) != EMPTY)
            .collect();
        let apart = cells
            .iter()
            .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| a != b && board.get(a) == board.get(b) && !connects(board, a, b, RULES))
            .map(pair)
            .expect("a pair no line joins");
        type Spoil = Box<dyn Fn(&mut SavedGame)>;
        let bad: Vec<(&str, Spoil)> = vec![
            ("is not 8 x 15", Box::new(|g| g.cols = 15)),
            (
                "a board has 1 to 40 rows, not 41",
                Box::new(|g| g.rows = 41),
            ),
            ("0 kinds on 64 pairs", Box::new(|g| g.kinds = 0)),
            ("65 kinds on 64 pairs", Box::new(|g| g.kinds = 65)),
            (
                "more hints or reshuffles left",
                Box::new(|g| g.hints_left = Some(4)),
            ),
            (
                "reshuffles left are missing",
                Box::new(|g| g.reshuffles_left = None),
            ),
            ("a streak of 7", Box::new(|g| g.current.streak = 7)),
            ("playing time", Box::new(|g| g.elapsed_ms = u64::MAX)),
            ("cursor is off", Box::new(|g| g.cursor = [8, 0])),
            ("selected tile", Box::new(|g| g.selected = Some([0, 16]))),
            ("is not 8 x 16", Box::new(|g| rows(g)[0].push('1'))),
            (
                "not a tile",
                Box::new(|g| rows(g)[0].replace_range(0..1, "\u{1b}")),
            ),
            (
                "above the game's 32 kinds",
                Box::new(|g| rows(g)[0].replace_range(0..1, "z")),
            ),
            (
                "odd number of tiles",
                Box::new(|g| rows(g)[7].replace_range(0..16, &"1".repeat(16))),
            ),
            ("a score of", Box::new(|g| g.current.points = MAX_SCORE + 1)),
            (
                "hinted pair",
                Box::new(|g| g.current.hint = Some([[0, 0], [0, 0]])),
            ),
            (
                "hinted pair dropped",
                Box::new(|g| g.dismissed_hint = Some([[0, 0], [8, 0]])),
            ),
            (
                "hinted pair dropped",
                Box::new(|g| g.undo[0].dismissed = Some([[0, 0], [0, 0]])),
            ),
            ("highlighted kind", Box::new(|g| g.highlight = Some(33))),
            ("more hints carried over", Box::new(|g| g.hints_carried = 4)),
            (
                "the daily deal of 2999-01-01 has not come yet",
                Box::new(|g| g.daily = Some("2999-01-01".into())),
            ),
            (
                "the daily deal of 2026-11-30 is not dealt from its seed",
                Box::new(|g| g.daily = Some("2026-11-30".into())),
            ),
            (
                "more hinted pairs are paid for than hints",
                Box::new(|g| g.paid = vec![paid(g, "", [[0, 0], [0, 1]]); 2]),
            ),
            (
                "a pair a hint was paid for is not two tiles",
                Box::new(|g| g.paid = vec![paid(g, "", [[0, 0], [0, 0]])]),
            ),
            (
                "a pair a hint was paid for is not two tiles of one kind a line joins",
                Box::new(move |g| g.paid = vec![paid(g, "", apart)]),
            ),
            (
                "the hinted pair is not two tiles of one kind a line joins",
                Box::new(move |g| g.current.hint = Some(apart)),
            ),
            (
                "a change at 0,16 is off the board",
                Box::new(|g| g.paid = vec![paid(g, "0,16,1", [[0, 0], [0, 1]])]),
            ),
            (
                "do not follow one another",
                Box::new(|g| g.undo[0].points = g.current.points + 1),
            ),
            (
                "stuck at zero",
                Box::new(|g| g.current.rng = Some(zero_rng())),
            ),
            ("generator is missing", Box::new(|g| g.current.rng = None)),
            (
                "both whole and as changes",
                Box::new(|g| g.undo[0].tiles = g.current.tiles.clone()),
            ),
            ("a board is missing", Box::new(|g| g.undo[0].changes = None)),
            (
                "the current board is given as changes, not whole",
                Box::new(|g| (g.current.tiles, g.current.changes) = (None, Some("0,0,1".into()))),
            ),
            (
                "a change at 8,0 is off the board",
                Box::new(|g| g.undo[0].changes = Some("8,0,1".into())),
            ),
            (
                "\"0,0,1,2\" is not ROW,COLUMN,DIGIT",
                Box::new(|g| g.undo[0].changes = Some("0,0,1 0,0,1,2".into())),
            ),
            // 64 pairs, 3 hints, 2 reshuffles: at most 2 * 64 + 5 moves.
            (
                "moves are more than",
                Box::new(|g| g.undo = vec![g.undo[0].clone(); 134]),
            ),
            ("\"sideways\"", Box::new(|g| g.gravity = "sideways".into())),
            ("level 2 is past", Box::new(|g| g.level = 1)),
            (
                "level began after",
                Box::new(|g| g.level_started_ms = g.elapsed_ms + 1),
            ),
            (
                "level 8 is past",
                Box::new(|g| {
                    g.gravity = Mode::Levels.name().into();
                    g.level = crate::game::LEVEL_COUNT;
                }),
            ),
        ];
        // Each is refused for its own reason, not for a side effect of the
        // spoiling.
        for (why, spoil) in bad {
            let mut g = good.clone();
            spoil(&mut g);
            let refused = g.validate().expect_err(why);
            assert!(refused.contains(why), "{why}: refused as {refused}");
            let restored = g.restore(t).expect_err(why).to_string();
            assert!(restored.contains(why), "{why}: restore said {restored}");
        }
    }

    #[test]
    fn a_version_1_file_keeps_the_help_its_states_had_spent() {
        use serde_json::Value;
        /// Every state of a saved game as JSON, with its hints left.
        fn states(v: &mut Value) -> Vec<&mut Value> {
            let Value::Object(file) = v else { panic!() };
            let mut all = Vec::new();
            for (key, value) in file.iter_mut() {
                match (key.as_str(), value) {
                    ("current", state) => all.push(state),
                    ("undo" | "redo", Value::Array(list)) => all.extend(list.iter_mut()),
                    _ => {}
                }
            }
            all
        }
        let t = Instant::now();
        let mut v1 = serde_json::to_value(SavedGame::new(&play(5, t), t)).unwrap();
        for field in ["hints_left", "reshuffles_left"] {
            v1.as_object_mut().unwrap().remove(field);
        }
        // Version 1 kept the help left in each state, and undo gave it back:
        // here the redo state had spent a hint, the others had not.
        for state in states(&mut v1) {
            state["hints_left"] = 3.into();
            state["reshuffles_left"] = 2.into();
        }
        v1["redo"][0]["hints_left"] = 2.into();
        let old: SavedGame = serde_json::from_value(v1.clone()).unwrap();
        let r = old.restore(t).unwrap();
        assert_eq!((r.hints_left(), r.reshuffles_left()), (2, 2));
        // A file without the help left anywhere is refused.
        for state in states(&mut v1) {
            state.as_object_mut().unwrap().remove("hints_left");
        }
        let none: SavedGame = serde_json::from_value(v1).unwrap();
        assert!(none.validate().unwrap_err().contains("missing"));
    }

    #[test]
    fn a_streak_paused_at_quitting_goes_on_after_resuming() {
        let t = Instant::now();
        let s = Duration::from_secs;
        let mut g = Game::new(Config::DEFAULT, t).unwrap();
        for i in 0..2 {
            let (a, b) = find_match(g.board()).unwrap();
            g.apply(Action::Click(a), t + s(i));
            g.apply(Action::Click(b), t + s(i));
        }
        assert_eq!(g.streak(), 1);
        g.apply(Action::TogglePause, t + s(2));
        // Quit an hour later, resumed a day later: one second of play had
        // passed since the last match, and one more after the pause.
        let quit = t + s(3600);
        let mut r = SavedGame::new(&g, quit).restore(quit + s(86_400)).unwrap();
        let back = quit + s(86_400);
        r.apply(Action::TogglePause, back);
        let (a, b) = find_match(r.board()).unwrap();
        r.apply(Action::Click(a), back + s(1));
        r.apply(Action::Click(b), back + s(1));
        assert_eq!(r.streak(), 2, "the streak window stood while paused");
    }

    #[test]
    fn reshuffles_granted_on_lost_boards_count_as_moves_a_save_may_hold() {
        use crate::game::{TRAP_WRONG, trap_board};
        let t = Instant::now();
        let none = Config {
            hints: 0,
            reshuffles: 0,
            ..Config::DEFAULT
        };
        let mut g = Game::from_board(trap_board(), none, t);
        g.apply(Action::Click(TRAP_WRONG.0), t);
        g.apply(Action::Click(TRAP_WRONG.1), t);
        while g.win().is_none() {
            if g.is_unwinnable() {
                // Granted though none are left: the board is lost.
                g.apply(Action::Reshuffle, t);
            } else {
                let (a, b) = g.suggest().unwrap();
                g.apply(Action::Click(a), t);
                g.apply(Action::Click(b), t);
            }
        }
        // Six pairs, and more moves than that with no help granted.
        assert!(g.history().undo_len() > 6, "{}", g.history().undo_len());
        let saved = SavedGame::new(&g, t);
        assert_eq!(saved.validate(), Ok(()));
        let r = saved.restore(t).unwrap();
        assert_eq!(SavedGame::new(&r, t), saved);
    }

    /// The module's claim: the longest save of the largest board loads back
    /// (about 8 MB of the 16 MiB the storage layer reads). The most a game
    /// can save: a full 40 x 60 board in every state, each unlike the one
    /// next to it (reshuffles), as many states as a save may hold (a match
    /// or a reshuffle granted on a lost board per pair, and the help).
    #[test]
    fn the_longest_save_of_the_largest_board_loads_back() {
        use crate::persist::document;
        use crate::persist::storage::MAX_FILE_BYTES;
        let t = Instant::now();
        let config = Config {
            rows: MAX_ROWS,
            cols: MAX_COLS,
            kinds: MAX_KINDS,
            ..Config::DEFAULT
        };
        let mut g = Game::new(config, t).unwrap();
        let most = MAX_ROWS * MAX_COLS + (config.hints + config.reshuffles) as usize;
        let dealt = g.snapshot();
        let mut turned = dealt.clone();
        let mut tiles = dealt.board.tiles().to_vec();
        tiles.reverse();
        turned.board = Board::from_tiles(MAX_ROWS, MAX_COLS, tiles).unwrap();
        turned.rng = rand::SeedableRng::seed_from_u64(1);
        let states = (0..most).map(|i| {
            if i % 2 == 0 {
                turned.clone()
            } else {
                dealt.clone()
            }
        });
        g.history = History::from_stacks(states.collect(), Vec::new());
        let saved = SavedGame::new(&g, t);
        assert!(
            saved
                .undo
                .iter()
                .all(|s| s.tiles.is_some() && s.rng.is_some())
        );
        let dir = tempfile::tempdir().unwrap();
        document::save(dir.path(), &saved).unwrap();
        let size = std::fs::metadata(dir.path().join(SavedGame::FILE_NAME))
            .unwrap()
            .len();
        assert!(size < MAX_FILE_BYTES, "{size} bytes");
        let loaded = document::load::<SavedGame>(dir.path()).unwrap();
        assert_eq!(loaded.warning, None);
        let r = loaded.value.unwrap().restore(t).unwrap();
        assert_eq!(r.history().undo_len(), most);
    }

    /// A save grows by a move's changes, not by a board a move: the game
    /// saves after every move, and a whole board a state made the saves of
    /// the largest board 4 MB by its end, 2.4 GB written in all.
    #[test]
    fn a_move_adds_its_changes_to_the_save_not_a_board() {
        use crate::core::gravity::Gravity;
        use crate::persist::document;
        let t = Instant::now();
        for gravity in [Gravity::None, Gravity::Down, Gravity::Right] {
            let config = Config {
                rows: MAX_ROWS,
                cols: MAX_COLS,
                kinds: MAX_KINDS,
                mode: Mode::Single(gravity),
                ..Config::DEFAULT
            };
            // Pairs side by side, every kind: dealt at once.
            let tiles = (0..MAX_ROWS * MAX_COLS)
                .map(|i| (i / 2 % MAX_KINDS + 1) as Tile)
                .collect();
            let board = Board::from_tiles(MAX_ROWS, MAX_COLS, tiles).unwrap();
            let mut g = Game::from_board(board, config, t);
            let dir = tempfile::tempdir().unwrap();
            let size = |g: &Game| {
                document::save(dir.path(), &SavedGame::new(g, t)).unwrap();
                let path = dir.path().join(SavedGame::FILE_NAME);
                std::fs::metadata(path).unwrap().len()
            };
            let moves = 20;
            let first = size(&g);
            for _ in 0..moves {
                let (a, b) = find_match(g.board()).unwrap();
                g.apply(Action::Click(a), t);
                g.apply(Action::Click(b), t);
            }
            let board = (MAX_ROWS * (MAX_COLS + 1)) as u64;
            let per_move = (size(&g) - first) / moves as u64;
            assert!(per_move < board / 4, "{gravity:?}: {per_move} bytes a move");
            // And it all comes back.
            let r = document::load::<SavedGame>(dir.path())
                .unwrap()
                .value
                .unwrap();
            let r = r.restore(t).unwrap();
            assert_eq!(r.history(), g.history(), "{gravity:?}");
        }
    }

    /// Version 3 wrote every state whole, with its generator; such a file
    /// resumes as the game it was.
    #[test]
    fn a_version_3_file_of_whole_states_resumes() {
        use crate::persist::document;
        let t = Instant::now();
        let g = play(5, t);
        let now = t + Duration::from_secs(11);
        let mut saved = SavedGame::new(&g, now);
        let (undo, redo) = g.history().stacks();
        let played = Duration::from_millis(saved.elapsed_ms);
        let whole = |states: &[Snapshot]| -> Vec<SavedState> {
            states
                .iter()
                .map(|s| SavedState::new(s, played, None))
                .collect()
        };
        (saved.undo, saved.redo) = (whole(undo), whole(redo));
        assert!(
            saved
                .undo
                .iter()
                .all(|s| s.changes.is_none() && s.rng.is_some())
        );
        let file = serde_json::json!({ "version": 3, "data": saved });
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(SavedGame::FILE_NAME), file.to_string()).unwrap();
        let loaded = document::load::<SavedGame>(dir.path()).unwrap();
        assert_eq!(loaded.warning, None);
        let r = loaded.value.unwrap().restore(now).unwrap();
        assert_eq!(r.history(), g.history());
        assert_eq!(r.board(), g.board());
    }

    #[test]
    fn a_version_6_file_keeps_the_hinted_pair_esc_dropped() {
        use crate::persist::document;
        let t = Instant::now();
        let mut g = play(5, t);
        g.apply(Action::Hint, t);
        let pair = g.hint_pair().expect("a hint");
        g.apply(Action::Cancel, t);
        let saved = SavedGame::new(&g, t);
        assert_eq!(saved.current.dismissed, Some(super::pair(pair)));
        // Version 6 kept the current state's pair beside the states.
        let mut v6 = serde_json::to_value(&saved).unwrap();
        v6["dismissed_hint"] = v6["current"]["dismissed"].take();
        v6["current"].as_object_mut().unwrap().remove("dismissed");
        let file = serde_json::json!({ "version": 6, "data": v6 });
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(SavedGame::FILE_NAME), file.to_string()).unwrap();
        let loaded = document::load::<SavedGame>(dir.path()).unwrap();
        assert_eq!(loaded.warning, None);
        let mut r = loaded.value.unwrap().restore(t).unwrap();
        assert_eq!(r.paid_hint(), Some(pair));
        let left = r.hints_left();
        r.apply(Action::Hint, t);
        assert_eq!((r.hint_pair(), r.hints_left()), (Some(pair), left));
    }

    /// The pairs hints were paid for stay paid through a quit and resume,
    /// however the board comes back: here by the same match made again
    /// after undo, which leaves nothing to redo, then no state of the game
    /// holds the pair. A version 7 file, which kept them only in its
    /// states, reads those.
    #[test]
    fn a_resumed_game_keeps_the_pairs_its_hints_were_paid_for() {
        use crate::persist::document;
        let t = Instant::now();
        let resume = |g: &Game, version: u32| {
            let mut file = serde_json::to_value(SavedGame::new(g, t)).unwrap();
            if version == 7 {
                file.as_object_mut().unwrap().remove("paid");
            }
            let file = serde_json::json!({ "version": version, "data": file });
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join(SavedGame::FILE_NAME), file.to_string()).unwrap();
            let loaded = document::load::<SavedGame>(dir.path()).unwrap();
            assert_eq!(loaded.warning, None);
            loaded.value.unwrap().restore(t).unwrap()
        };
        // Saved after the match made again (version 8), or before the undo
        // with the pairs in the states (versions 7 and 8).
        for (version, after) in [(8, true), (7, false), (8, false)] {
            let mut g = play(5, t);
            g.apply(Action::Hint, t);
            let (a, b) = g.hint_pair().expect("a hint");
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
            g.apply(Action::Hint, t);
            let (second, left) = (g.hint_pair(), g.hints_left());
            let (c, d) = second.expect("a second hint");
            if !after {
                g.apply(Action::Click(c), t);
                g.apply(Action::Click(d), t);
                g = resume(&g, version);
                g.apply(Action::Undo, t);
            }
            g.apply(Action::Undo, t);
            g.apply(Action::Undo, t);
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
            assert_eq!(g.history().redo_len(), 0);
            if after {
                g = resume(&g, version);
            }
            g.apply(Action::Hint, t);
            let case = format!("version {version}, saved after: {after}");
            assert_eq!((g.hint_pair(), g.hints_left()), (second, left), "{case}");
        }
    }

    /// The pairs paid for on the boards of earlier levels, each board stored
    /// beside the one before it, come back with a resumed run: *Restart
    /// the run* after it shows the first board's pair free (pt46).
    #[test]
    fn a_resumed_run_keeps_the_pairs_paid_for_on_earlier_levels() {
        let t = Instant::now();
        let config = Config {
            rows: 2,
            cols: 4,
            kinds: 4,
            seed: 3,
            mode: Mode::Levels,
            ..Config::DEFAULT
        };
        let mut g = Game::new(config, t).unwrap();
        let first = g.board().clone();
        g.apply(Action::Hint, t);
        let pair = g.hint_pair();
        while g.level().number == 0 {
            let (a, b) = find_match(g.board()).expect("a move");
            g.apply(Action::Click(a), t);
            g.apply(Action::Click(b), t);
        }
        g.apply(Action::Hint, t);
        let saved = SavedGame::new(&g, t);
        assert_eq!(saved.paid.len(), 2);
        let file = serde_json::to_string(&saved).unwrap();
        let mut r = serde_json::from_str::<SavedGame>(&file)
            .unwrap()
            .restore(t)
            .unwrap();
        assert_eq!(r.paid_hints, g.paid_hints);
        let left = r.hints_left();
        r.apply(Action::Restart, t);
        assert_eq!(r.board(), &first);
        r.apply(Action::Hint, t);
        assert_eq!((r.hint_pair(), r.hints_left()), (pair, left));
    }

    #[test]
    fn the_warning_survives_saving_and_resuming_with_its_history() {
        use crate::game::{TRAP_WRONG, trap_board};
        let t = Instant::now();
        let mut g = Game::from_board(trap_board(), Config::DEFAULT, t);
        g.apply(Action::Click(TRAP_WRONG.0), t);
        g.apply(Action::Click(TRAP_WRONG.1), t);
        let mut r = SavedGame::new(&g, t).restore(t).unwrap();
        assert!(r.is_unwinnable());
        r.apply(Action::Undo, t);
        assert!(!r.is_unwinnable());
        r.apply(Action::Redo, t);
        assert!(r.is_unwinnable());
        assert_eq!(r.board(), g.board());
    }
}
