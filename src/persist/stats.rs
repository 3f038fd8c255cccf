//! The player's statistics (`stats.json`): per difficulty, games started,
//! won, lost, the winning streak, hints used, and per board and mode the
//! best and median winning times; over every game, the winning streak and
//! which days' daily deals were played.
//!
//! Updated after each game ends, atomically like every other file; a file
//! that cannot be used is kept aside and counting starts afresh.
//!
//! Version 1 kept no difficulty. Its games cannot be put under one: it
//! counted games from before difficulties existed (dealt by the dealer that
//! is now `easy`, which is why the high scores read their old tables as
//! easy) and games after, at whatever difficulty was chosen (`normal` by
//! default). So a version 1 file is kept whole as the games of no recorded
//! difficulty ([`Stats::unrecorded`]): they count in the totals, and in
//! none of easy, normal or hard.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use unicode_width::UnicodeWidthStr;

use crate::game::Difficulty;
use crate::game::daily::Day;
use crate::game::limits::MAX_SECONDS;
use crate::game::show_time;
use crate::persist::document::{self, Document, read_data};
use crate::persist::storage::StorageError;

/// How many winning times are kept per board for the median.
pub const TIMES_KEPT: usize = 100;
/// How many boards (size and mode) a difficulty keeps apart.
const MAX_BOARDS: usize = 1000;
/// How many days of daily deals the file remembers.
const MAX_DAYS: usize = 10_000;
/// The longest board key kept, with room to spare: [`board_key`] writes
/// at most 22 characters (`40x60 daily-2026-11-30`).
const MAX_KEY_LEN: usize = 48;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The board (or the run) was cleared.
    Won,
    /// The time of a timed level ran out.
    TimedOut,
    /// The player started another game instead.
    Abandoned,
}

/// The figures of one board size and mode.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardStats {
    /// Games won.
    pub won: u64,
    /// The fastest win, in seconds.
    pub best: Option<u32>,
    /// The latest winning times, in seconds, oldest first (at most [`TIMES_KEPT`]).
    pub times: Vec<u32>,
}

impl BoardStats {
    /// The median of the kept winning times. Of an even count it is the
    /// mean of the two middle times, a half second rounded up: a median
    /// never shows faster than the wins it comes from.
    pub fn median(&self) -> Option<u32> {
        let mut times = self.times.clone();
        times.sort_unstable();
        let upper = *times.get(times.len() / 2)?;
        let lower = times[(times.len() - 1) / 2];
        Some(lower + (upper - lower).div_ceil(2))
    }
}

/// The figures of one difficulty (or of the games whose difficulty was not
/// recorded): what a page of the statistics shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tally {
    /// Games in which a first move was made.
    pub started: u64,
    /// Games won.
    pub won: u64,
    /// Games lost when the time ran out.
    pub timed_out: u64,
    /// Games left for another one.
    pub abandoned: u64,
    /// Hints taken, over all finished games.
    pub hints: u64,
    /// Wins in a row up to now.
    pub streak: u32,
    /// The longest run of wins in a row.
    pub best_streak: u32,
    /// Per board size and mode (`8x16 levels`).
    pub boards: BTreeMap<String, BoardStats>,
}

impl Tally {
    /// Counts a game whose first move was just made.
    fn start(&mut self) {
        self.started = self.started.saturating_add(1);
    }

    /// Games that ended.
    fn ended(&self) -> u64 {
        self.won
            .saturating_add(self.timed_out)
            .saturating_add(self.abandoned)
    }

    /// Makes room for one more board when the boards are full: the oldest
    /// daily deal's goes (each day's deal is a board of its own, played once
    /// or a few times, so a player of daily deals would fill the boards in
    /// about three years and no new board's times would be kept). With no
    /// daily deal among them the boards stay, and a new one is not kept.
    fn make_room(&mut self) {
        let oldest = self
            .boards
            .keys()
            .filter_map(|key| Some((key.split(' ').find(|w| w.starts_with("daily-"))?, key)))
            .min()
            .map(|(_, key)| key.clone());
        if let Some(key) = oldest {
            self.boards.remove(&key);
        }
    }

    /// Counts a game that ended (see [`Stats::finish`]).
    fn finish(&mut self, board: &str, outcome: Outcome, seconds: u32, hints: u32) {
        // A game resumed from before statistics were kept was never counted
        // as started.
        if self.ended() >= self.started {
            self.start();
        }
        self.hints = self.hints.saturating_add(u64::from(hints));
        match outcome {
            Outcome::Won => {
                self.won = self.won.saturating_add(1);
                self.streak = self.streak.saturating_add(1);
                self.best_streak = self.best_streak.max(self.streak);
                if !self.boards.contains_key(board) && self.boards.len() >= MAX_BOARDS {
                    self.make_room();
                }
                if self.boards.len() < MAX_BOARDS || self.boards.contains_key(board) {
                    let b = self.boards.entry(board.to_string()).or_default();
                    b.won = b.won.saturating_add(1);
                    let seconds = seconds.min(MAX_SECONDS);
                    b.best = Some(b.best.map_or(seconds, |best| best.min(seconds)));
                    b.times.push(seconds);
                    if b.times.len() > TIMES_KEPT {
                        b.times.remove(0);
                    }
                }
            }
            Outcome::TimedOut => {
                self.timed_out = self.timed_out.saturating_add(1);
                self.streak = 0;
            }
            Outcome::Abandoned => {
                self.abandoned = self.abandoned.saturating_add(1);
                self.streak = 0;
            }
        }
    }

    /// Adds the counts of `other` (not its streaks or boards): for the totals.
    fn add(&mut self, other: &Tally) {
        self.started = self.started.saturating_add(other.started);
        self.won = self.won.saturating_add(other.won);
        self.timed_out = self.timed_out.saturating_add(other.timed_out);
        self.abandoned = self.abandoned.saturating_add(other.abandoned);
        self.hints = self.hints.saturating_add(other.hints);
    }

    /// Checks what serde cannot: the counts add up, the boards and times
    /// are in range.
    fn check(&self) -> Result<(), String> {
        let finished = self
            .won
            .checked_add(self.timed_out)
            .and_then(|n| n.checked_add(self.abandoned));
        if finished.is_none_or(|f| f > self.started) {
            return Err("more games ended than were started".into());
        }
        if self.streak > self.best_streak || u64::from(self.best_streak) > self.won {
            return Err("the winning streaks do not add up".into());
        }
        if self.boards.len() > MAX_BOARDS {
            return Err("too many boards".into());
        }
        for (key, b) in &self.boards {
            let fine = key.len() <= MAX_KEY_LEN
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-');
            if !fine {
                return Err(format!("{key:?} is not a board"));
            }
            let in_range = |s: &u32| *s <= MAX_SECONDS;
            if b.times.len() > TIMES_KEPT
                || !b.times.iter().all(in_range)
                || !b.best.iter().all(in_range)
                || b.won > self.won
            {
                return Err(format!("the times of {key} are out of range"));
            }
        }
        Ok(())
    }

    /// The share of ended games won, as `66%`, or `-` with none ended.
    fn rate(&self) -> String {
        // In u128: counts near u64::MAX (a hand-edited file) times 100 fit.
        (u128::from(self.won) * 100)
            .checked_div(u128::from(self.ended()))
            .map_or("-".to_string(), |r| format!("{r}%"))
    }

    /// The figures as lines of text: the counts, then a line per board.
    fn lines(&self) -> Vec<String> {
        let lost = self.timed_out.saturating_add(self.abandoned);
        let mut lines = vec![
            format!("Games started  {:>6}", self.started),
            format!("Games won      {:>6}   win rate {}", self.won, self.rate()),
            format!(
                "Games lost     {:>6}   ({} out of time, {} abandoned)",
                lost, self.timed_out, self.abandoned
            ),
            format!(
                "Winning streak {:>6}   longest {}",
                self.streak, self.best_streak
            ),
            format!("Hints used     {:>6}", self.hints),
        ];
        if !self.boards.is_empty() {
            // The boards' column as wide as their widest name, so the table
            // of the usual boards fits a 40-column box.
            let w = self.boards.keys().map(|k| k.width()).fold(5, usize::max);
            let pad = |key: &str| format!("{key}{}", " ".repeat(w - key.width()));
            lines.push(String::new());
            lines.push(format!(
                "{} {:>5} {:>7} {:>7}",
                pad("Board"),
                "Won",
                "Best",
                "Median"
            ));
            let mut boards: Vec<_> = self.boards.iter().collect();
            boards.sort_by_key(|(key, _)| listing_order(key));
            for (key, b) in boards {
                let time = |s: Option<u32>| s.map_or("-".to_string(), |s| show_time(u64::from(s)));
                lines.push(format!(
                    "{} {:>5} {:>7} {:>7}",
                    pad(key),
                    b.won,
                    time(b.best),
                    time(b.median())
                ));
            }
        }
        lines
    }
}

/// One page of the statistics, as the Statistics screen shows it and
/// `lianliankan stats` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// `All difficulties`, `Difficulty hard`, `Difficulty not recorded`.
    pub heading: String,
    /// The difficulty whose games the page counts; `None` for all games
    /// and for those of no recorded difficulty.
    pub difficulty: Option<Difficulty>,
    /// The lines under the heading.
    pub lines: Vec<String>,
}

/// Everything counted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Stats {
    /// Wins in a row up to now, whatever their difficulty.
    pub streak: u32,
    /// The longest run of wins in a row, whatever their difficulty.
    pub best_streak: u32,
    /// Per difficulty, by name (`easy`, `normal`, `hard`).
    pub difficulties: BTreeMap<String, Tally>,
    /// The games a version 1 file counted, which kept no difficulty (see
    /// the module documentation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unrecorded: Option<Tally>,
    /// The days whose daily deal was played to its end (the one attempt
    /// recorded; later games of that day are replays).
    pub daily: BTreeSet<String>,
}

/// The layout of version 1: one tally for every game, without difficulty.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Version1 {
    started: u64,
    won: u64,
    timed_out: u64,
    abandoned: u64,
    hints: u64,
    streak: u32,
    best_streak: u32,
    boards: BTreeMap<String, BoardStats>,
    daily: BTreeSet<String>,
}

impl From<Version1> for Stats {
    /// Every figure of version 1 kept: its tally as the games of no
    /// recorded difficulty, its streaks as the overall ones, its days.
    fn from(old: Version1) -> Stats {
        let tally = Tally {
            started: old.started,
            won: old.won,
            timed_out: old.timed_out,
            abandoned: old.abandoned,
            hints: old.hints,
            streak: old.streak,
            best_streak: old.best_streak,
            boards: old.boards,
        };
        Stats {
            streak: old.streak,
            best_streak: old.best_streak,
            difficulties: BTreeMap::new(),
            unrecorded: (tally != Tally::default()).then_some(tally),
            daily: old.daily,
        }
    }
}

impl Document for Stats {
    const FILE_NAME: &'static str = "stats.json";
    /// 2: figures per difficulty. A version 1 file (one tally for every
    /// game) is read whole as the games of no recorded difficulty; an older
    /// lianliankan refuses a version 2 file as newer and leaves it alone.
    const VERSION: u32 = 2;
    const DESCRIPTION: &'static str = "The statistics";

    fn validate(&self) -> Result<(), String> {
        for (name, tally) in &self.difficulties {
            let difficulty = name.parse::<Difficulty>()?;
            tally.check().map_err(|e| format!("{difficulty}: {e}"))?;
        }
        if let Some(tally) = &self.unrecorded {
            tally.check()?;
        }
        if self.streak > self.best_streak || u64::from(self.best_streak) > self.total().won {
            return Err("the winning streaks do not add up".into());
        }
        if self.daily.len() > MAX_DAYS {
            return Err("too many days".into());
        }
        if let Some(day) = self.daily.iter().find(|d| d.parse::<Day>().is_err()) {
            return Err(format!("{day:?} is not a date"));
        }
        Ok(())
    }

    fn upgrade(version: u64, file: &[u8]) -> Result<Stats, String> {
        match version {
            1 => read_data::<Version1>(file).map(Stats::from),
            _ => read_data(file),
        }
    }
}

impl Stats {
    /// Loads the statistics of `dir` (empty if there are none yet), with a
    /// warning for the player if a bad file was kept aside.
    pub fn load(dir: &Path) -> Result<(Stats, Option<String>), StorageError> {
        let loaded = document::load::<Stats>(dir)?;
        Ok((loaded.value.unwrap_or_default(), loaded.warning))
    }

    /// Applies `change` to the statistics in `dir` and writes them back
    /// atomically, under the file's lock (see [`document::update`]), so
    /// that two games counting at once both count; returns a warning if a
    /// bad file was kept aside.
    pub fn update(
        dir: &Path,
        change: impl FnOnce(&mut Stats),
    ) -> Result<Option<String>, StorageError> {
        let updated = document::update(dir, |stats: &mut Stats| {
            change(stats);
            Some(())
        })?;
        Ok(updated.warning)
    }

    /// The figures of `difficulty` (empty if none of its games was counted).
    pub fn tally(&self, difficulty: Difficulty) -> Tally {
        self.difficulties
            .get(difficulty.name())
            .cloned()
            .unwrap_or_default()
    }

    fn tally_mut(&mut self, difficulty: Difficulty) -> &mut Tally {
        self.difficulties
            .entry(difficulty.name().to_string())
            .or_default()
    }

    /// The counts over every game, with the overall streaks (no boards).
    pub fn total(&self) -> Tally {
        let mut total = Tally {
            streak: self.streak,
            best_streak: self.best_streak,
            ..Tally::default()
        };
        for tally in self.difficulties.values().chain(&self.unrecorded) {
            total.add(tally);
        }
        total
    }

    /// Counts a game of `difficulty` whose first move was just made.
    pub fn start(&mut self, difficulty: Difficulty) {
        self.tally_mut(difficulty).start();
    }

    /// Counts a game of `difficulty` that ended as `outcome` on `board` (its
    /// size and mode, see [`board_key`]), after `seconds` of play with
    /// `hints` hints taken.
    pub fn finish(
        &mut self,
        difficulty: Difficulty,
        board: &str,
        outcome: Outcome,
        seconds: u32,
        hints: u32,
    ) {
        // A game left in progress by a version 1 file was counted as
        // started there: its start goes with it to its difficulty, or the
        // total would count it twice.
        let tally = self.tally_mut(difficulty);
        if tally.ended() >= tally.started
            && let Some(old) = self.unrecorded.as_mut().filter(|t| t.started > t.ended())
        {
            old.started -= 1;
        }
        self.tally_mut(difficulty)
            .finish(board, outcome, seconds, hints);
        if outcome == Outcome::Won {
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// Whether the daily deal of `day` was already played to its end.
    pub fn daily_played(&self, day: Day) -> bool {
        self.daily.contains(&day.to_string())
    }

    /// Marks the daily deal of `day` as played.
    pub fn mark_daily(&mut self, day: Day) {
        if self.daily.len() < MAX_DAYS {
            self.daily.insert(day.to_string());
        }
    }

    /// The pages of the statistics, for the screen and `lianliankan stats`:
    /// every game (with a line per difficulty), then each difficulty, the
    /// easiest first, then the games of no recorded difficulty if a
    /// version 1 file counted any.
    pub fn pages(&self) -> Vec<Page> {
        let summary = |name: &str, t: &Tally| {
            format!("{name:<12} {:>7} {:>5}  {:>8}", t.started, t.won, t.rate())
        };
        let mut all = self.total().lines();
        all.push(String::new());
        all.push(format!(
            "{:<12} {:>7} {:>5}  {:>8}",
            "Difficulty", "Started", "Won", "Win rate"
        ));
        all.extend(
            Difficulty::ALL
                .iter()
                .map(|&d| summary(d.name(), &self.tally(d))),
        );
        all.extend(self.unrecorded.iter().map(|t| summary("not recorded", t)));
        let mut pages = vec![Page {
            heading: "All difficulties".to_string(),
            difficulty: None,
            lines: all,
        }];
        pages.extend(Difficulty::ALL.map(|d| Page {
            heading: format!("Difficulty {d}"),
            difficulty: Some(d),
            lines: self.tally(d).lines(),
        }));
        pages.extend(self.unrecorded.iter().map(|t| {
            // The figures first: a short screen cuts the end of a page.
            let mut lines = t.lines();
            lines.extend([
                String::new(),
                // A clause a line: on a narrow screen each wraps on its own.
                "Counted before the statistics kept difficulties:".to_string(),
                "as easy deals if played before difficulties came,".to_string(),
                "at the difficulty chosen if played after.".to_string(),
            ]);
            Page {
                heading: "Difficulty not recorded".to_string(),
                difficulty: None,
                lines,
            }
        }));
        pages
    }
}

/// Where the board of `key` comes in a page's table: by size (rows, then
/// columns), as the high-score tables go, so 6x10 comes before 10x20 (the
/// keys' own order puts it after), then by the table's name. A key that
/// names no size (a hand-edited file's) comes last.
fn listing_order(key: &str) -> (u64, u64, &str) {
    let size = key
        .split(' ')
        .next()
        .and_then(|size| size.split_once('x'))
        .and_then(|(rows, cols)| Some((rows.parse().ok()?, cols.parse().ok()?)));
    let (rows, cols) = size.unwrap_or((u64::MAX, u64::MAX));
    (rows, cols, key)
}

/// The key of a board in the statistics: its size and its table's name
/// (`8x16 levels`, `8x16 daily-2026-11-30`).
pub fn board_key(rows: usize, cols: usize, table: &str) -> String {
    let mut key = format!("{rows}x{cols} {table}");
    key.truncate(MAX_KEY_LEN);
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::storage::file_names;

    const NORMAL: Difficulty = Difficulty::Normal;

    #[test]
    fn games_counted_at_the_same_moment_all_count() {
        let dir = tempfile::tempdir().unwrap();
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let dir = dir.path().to_path_buf();
                std::thread::spawn(move || {
                    for _ in 0..10 {
                        let start = |s: &mut Stats| s.start(NORMAL);
                        assert_eq!(Stats::update(&dir, start).unwrap(), None);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(Stats::load(dir.path()).unwrap().0.total().started, 80);
    }

    /// Each daily deal won is a board of its own: when the boards are full
    /// the oldest daily deal's makes room (the hostile run: after about 1000
    /// daily deals no new board's times were kept). Without a daily deal
    /// among them a new board's win still counts, its times are not kept.
    #[test]
    fn full_boards_make_room_by_the_oldest_daily_deal() {
        // The README's figure: at most 1000 boards a difficulty.
        let most = 1000;
        let mut s = Stats::default();
        let win = |s: &mut Stats, board: &str| {
            s.start(NORMAL);
            s.finish(NORMAL, board, Outcome::Won, 60, 0);
        };
        for i in 0..most - 2 {
            win(&mut s, &board_key(2, i + 1, "none"));
        }
        win(&mut s, &board_key(12, 24, "daily-2026-01-02"));
        win(&mut s, &board_key(12, 24, "daily-2025-12-31"));
        assert_eq!(s.tally(NORMAL).boards.len(), most);
        let new = board_key(8, 16, "levels");
        win(&mut s, &new);
        let boards = &s.tally(NORMAL).boards;
        assert_eq!(boards.len(), most);
        assert_eq!(boards[&new].times, [60], "the new board is kept");
        assert!(!boards.contains_key(&board_key(12, 24, "daily-2025-12-31")));
        assert!(boards.contains_key(&board_key(12, 24, "daily-2026-01-02")));
        // No daily deal left to go: the next new board's win counts, its
        // times are not kept.
        win(&mut s, &board_key(8, 16, "down"));
        let boards = &s.tally(NORMAL).boards;
        assert!(!boards.contains_key(&board_key(12, 24, "daily-2026-01-02")));
        win(&mut s, &board_key(8, 16, "up"));
        let t = s.tally(NORMAL);
        assert_eq!((t.boards.len(), t.won), (most, most as u64 + 3));
        assert!(!t.boards.contains_key(&board_key(8, 16, "up")));
    }

    #[test]
    fn outcomes_count_streaks_and_times() {
        let mut s = Stats::default();
        let board = board_key(8, 16, "levels");
        for seconds in [300, 200, 250] {
            s.start(NORMAL);
            s.finish(NORMAL, &board, Outcome::Won, seconds, 1);
        }
        s.start(NORMAL);
        s.finish(NORMAL, &board, Outcome::Abandoned, 10, 0);
        s.start(NORMAL);
        s.finish(NORMAL, &board, Outcome::Won, 400, 0);
        s.start(NORMAL);
        s.finish(NORMAL, &board, Outcome::TimedOut, 999, 2);
        let t = s.tally(NORMAL);
        assert_eq!((t.started, t.won, t.timed_out, t.abandoned), (6, 4, 1, 1));
        assert_eq!((t.streak, t.best_streak, t.hints), (0, 3, 5));
        assert_eq!(
            s.total(),
            Tally {
                boards: BTreeMap::new(),
                ..t.clone()
            }
        );
        let b = &t.boards[&board];
        // 200 250 300 400: the mean of 250 and 300.
        assert_eq!((b.won, b.best, b.median()), (4, Some(200), Some(275)));
        s.validate().unwrap();
        let text = t.lines().join("\n");
        assert!(text.contains("win rate 66%"), "{text}");
        assert!(text.contains("8x16 levels"), "{text}");
        assert!(text.contains("3:20") && text.contains("4:35"), "{text}");
        // The largest counts a file may hold still give the right rate.
        let most = Tally {
            started: u64::MAX,
            won: u64::MAX,
            ..Tally::default()
        };
        most.check().unwrap();
        let all = most.lines().join("\n");
        assert!(all.contains("win rate 100%"), "{all}");
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let median = |times: &[u32]| {
            BoardStats {
                times: times.to_vec(),
                ..BoardStats::default()
            }
            .median()
        };
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[90]), Some(90));
        assert_eq!(median(&[300, 100, 200]), Some(200));
        assert_eq!(median(&[100, 200]), Some(150));
        // Half a second rounds up: a median is never faster than its wins.
        assert_eq!(median(&[200, 251]), Some(226));
        assert_eq!(median(&[7, 1, 8, 2]), Some(5));
        assert_eq!(median(&[MAX_SECONDS, MAX_SECONDS - 1]), Some(MAX_SECONDS));
    }

    #[test]
    fn each_difficulty_counts_apart_and_the_totals_hold_them_all() {
        let mut s = Stats::default();
        let board = board_key(8, 16, "none");
        s.start(Difficulty::Easy);
        s.finish(Difficulty::Easy, &board, Outcome::Won, 100, 0);
        s.start(Difficulty::Hard);
        s.finish(Difficulty::Hard, &board, Outcome::Won, 400, 2);
        s.start(Difficulty::Hard);
        s.finish(Difficulty::Hard, &board, Outcome::TimedOut, 500, 1);
        s.start(Difficulty::Easy);
        s.finish(Difficulty::Easy, &board, Outcome::Won, 80, 0);
        s.validate().unwrap();
        let (easy, hard) = (s.tally(Difficulty::Easy), s.tally(Difficulty::Hard));
        assert_eq!((easy.won, easy.streak, easy.best_streak), (2, 2, 2));
        assert_eq!((hard.won, hard.streak, hard.best_streak), (1, 0, 1));
        assert_eq!(easy.boards[&board].best, Some(80));
        assert_eq!(hard.boards[&board].best, Some(400));
        assert_eq!(s.tally(NORMAL), Tally::default());
        // Over every game: 4 started, 3 won, a streak of 1 since the loss.
        let total = s.total();
        assert_eq!((total.started, total.won, total.hints), (4, 3, 3));
        assert_eq!((s.streak, s.best_streak), (1, 2));
        let pages = s.pages();
        let headings: Vec<&str> = pages.iter().map(|p| p.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "All difficulties",
                "Difficulty easy",
                "Difficulty normal",
                "Difficulty hard"
            ]
        );
        let all = pages[0].lines.join("\n");
        assert!(
            all.contains("Games won           3   win rate 75%"),
            "{all}"
        );
        assert!(all.contains("Winning streak      1   longest 2"), "{all}");
        assert!(
            all.contains("easy               2     2      100%"),
            "{all}"
        );
        assert!(
            all.contains("hard               2     1       50%"),
            "{all}"
        );
        assert!(
            all.contains("normal             0     0         -"),
            "{all}"
        );
        let hard = pages[3].lines.join("\n");
        assert_eq!(pages[3].difficulty, Some(Difficulty::Hard));
        assert!(
            hard.contains("Games lost          1   (1 out of time"),
            "{hard}"
        );
        assert!(hard.contains("6:40") && !hard.contains("1:20"), "{hard}");
    }

    #[test]
    fn times_are_bounded_and_bad_files_refused() {
        // The README's figure: the median is of the last 100 wins.
        let kept = 100;
        let mut s = Stats::default();
        for i in 0..(kept as u32 + 50) {
            s.start(NORMAL);
            s.finish(NORMAL, "2x2 none", Outcome::Won, i, 0);
        }
        let normal = &s.difficulties["normal"];
        assert_eq!(normal.boards["2x2 none"].times.len(), kept);
        assert_eq!(normal.boards["2x2 none"].best, Some(0));
        s.validate().unwrap();
        fn tally(s: &mut Stats) -> &mut Tally {
            s.difficulties.get_mut("normal").unwrap()
        }
        let spoilt: [fn(&mut Stats); 8] = [
            |s| tally(s).started = 0,
            |s| tally(s).best_streak = tally(s).streak.saturating_sub(1),
            |s| {
                tally(s)
                    .boards
                    .insert("\u{1b}[2J".into(), BoardStats::default());
            },
            |s| {
                s.daily.insert("yesterday".into());
            },
            |s| {
                let board = tally(s).boards.get_mut("2x2 none").unwrap();
                board.times.push(u32::MAX);
            },
            |s| s.best_streak = u32::MAX,
            |s| {
                let normal = s.difficulties.remove("normal").unwrap();
                s.difficulties.insert("expert".into(), normal);
            },
            |s| {
                s.unrecorded = Some(Tally {
                    won: 1,
                    ..Tally::default()
                })
            },
        ];
        for spoil in spoilt {
            let mut bad = s.clone();
            spoil(&mut bad);
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn updates_reach_the_file_and_days_are_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let day: Day = "2026-11-30".parse().unwrap();
        Stats::update(dir.path(), |s| {
            s.start(NORMAL);
            s.finish(NORMAL, "8x16 daily-2026-11-30", Outcome::Won, 60, 0);
            s.mark_daily(day);
        })
        .unwrap();
        let (s, warning) = Stats::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        assert_eq!(s.tally(NORMAL).won, 1);
        assert!(s.daily_played(day));
        assert!(!s.daily_played("2026-12-01".parse().unwrap()));
        let text = std::fs::read_to_string(dir.path().join("stats.json")).unwrap();
        assert!(text.contains("\"version\": 2"), "{text}");
    }

    /// A `stats.json` as version 1 wrote it: one tally, no difficulty.
    const VERSION_1: &str = r#"{
  "version": 1,
  "data": {
    "started": 9,
    "won": 5,
    "timed_out": 1,
    "abandoned": 2,
    "hints": 7,
    "streak": 2,
    "best_streak": 3,
    "boards": {
      "8x16 levels": { "won": 3, "best": 200, "times": [300, 200, 250] },
      "8x16 daily-2026-11-30": { "won": 2, "best": 95, "times": [95, 130] }
    },
    "daily": ["2026-11-30"]
  }
}
"#;

    /// A game in progress when the file was version 1 was counted as
    /// started there; when it ends it is started under its difficulty, and
    /// its start leaves the old games, so the total counts it once.
    #[test]
    fn a_game_in_progress_from_version_1_is_started_once_in_the_total() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("stats.json"), VERSION_1).unwrap();
        // Nine started, eight ended: one in progress.
        Stats::update(dir.path(), |s| {
            s.finish(NORMAL, "8x16 levels", Outcome::Won, 100, 0);
        })
        .unwrap();
        let (s, _) = Stats::load(dir.path()).unwrap();
        assert_eq!(s.total().started, 9);
        assert_eq!(s.tally(NORMAL).started, 1);
        assert_eq!(s.unrecorded.as_ref().unwrap().started, 8);
        // A second game resumed from older than statistics is started
        // under its difficulty only: the old games have none in progress.
        Stats::update(dir.path(), |s| {
            s.finish(NORMAL, "8x16 levels", Outcome::Abandoned, 100, 0);
        })
        .unwrap();
        let (s, _) = Stats::load(dir.path()).unwrap();
        assert_eq!((s.total().started, s.tally(NORMAL).started), (10, 2));
        assert_eq!(s.unrecorded.as_ref().unwrap().started, 8);
    }

    #[test]
    fn a_version_1_file_keeps_every_figure_as_games_of_no_recorded_difficulty() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("stats.json"), VERSION_1).unwrap();
        let (s, warning) = Stats::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        let old = s.unrecorded.clone().expect("the old games are kept");
        assert_eq!(
            (
                old.started,
                old.won,
                old.timed_out,
                old.abandoned,
                old.hints
            ),
            (9, 5, 1, 2, 7)
        );
        assert_eq!((old.streak, old.best_streak), (2, 3));
        assert_eq!((s.streak, s.best_streak), (2, 3));
        let levels = &old.boards["8x16 levels"];
        assert_eq!((levels.won, levels.best), (3, Some(200)));
        assert_eq!(levels.times, [300, 200, 250]);
        let daily = &old.boards["8x16 daily-2026-11-30"];
        assert_eq!(
            (daily.won, daily.best, daily.median()),
            (2, Some(95), Some(113))
        );
        assert!(s.daily_played("2026-11-30".parse().unwrap()));
        // In none of the difficulties, in the totals.
        assert!(s.difficulties.is_empty());
        let total = s.total();
        assert_eq!((total.started, total.won, total.hints), (9, 5, 7));
        let pages = s.pages();
        let last = pages.last().unwrap();
        assert_eq!(last.heading, "Difficulty not recorded");
        let text = last.lines.join("\n");
        assert!(text.contains("Games started       9"), "{text}");
        assert!(text.contains("8x16 levels"), "{text}");
        assert!(pages[0].lines.iter().any(|l| l.starts_with("not recorded")));
        // The next game counts on top, and the file becomes version 2
        // with nothing of the old one lost.
        Stats::update(dir.path(), |s| {
            s.start(NORMAL);
            s.finish(NORMAL, "8x16 levels", Outcome::Won, 100, 0);
        })
        .unwrap();
        let (after, _) = Stats::load(dir.path()).unwrap();
        assert_eq!(after.unrecorded, Some(old));
        assert_eq!((after.streak, after.best_streak), (3, 3));
        assert_eq!(after.total().won, 6);
        let text = std::fs::read_to_string(dir.path().join("stats.json")).unwrap();
        assert!(text.contains("\"version\": 2"), "{text}");
    }

    #[test]
    fn a_spoilt_file_of_either_version_is_kept_aside_with_a_message() {
        let spoilt = [
            VERSION_1.replace("\"won\": 5", "\"won\": 50"),
            VERSION_1.replace("\"hints\"", "\"hint\""),
            VERSION_1.replace("\"version\": 1", "\"version\": 2"),
            VERSION_1[..100].to_string(),
            r#"{"version": 2, "data": {"difficulties": {"hard": {"won": 1}}}}"#.to_string(),
        ];
        for bytes in spoilt {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("stats.json"), &bytes).unwrap();
            let (s, warning) = Stats::load(dir.path()).unwrap();
            assert_eq!(s, Stats::default());
            let warning = warning.expect("a warning");
            assert!(warning.starts_with("The statistics in "), "{warning}");
            assert!(warning.contains("kept as"), "{warning}");
            let names = file_names(dir.path());
            assert_eq!(names.len(), 1, "{names:?}");
            assert!(names[0].starts_with("stats.json.corrupt-"), "{names:?}");
            let aside = std::fs::read_to_string(dir.path().join(&names[0])).unwrap();
            assert_eq!(aside, bytes, "kept byte for byte");
        }
    }
}
