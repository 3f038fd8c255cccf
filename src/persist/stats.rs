//! The player's statistics (`stats.json`): games started, won, lost, the
//! winning streak, hints used, the best and median winning times per board
//! and mode, and which days' daily deals were played.
//!
//! Updated after each game ends, atomically like every other file; a file
//! that cannot be used is kept aside and counting starts afresh.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::game::daily::Day;
use crate::game::limits::MAX_SECONDS;
use crate::game::show_time;
use crate::persist::document::{self, Document};
use crate::persist::storage::StorageError;

/// How many winning times are kept per board for the median.
pub const TIMES_KEPT: usize = 100;
/// How many boards (size and mode) the file keeps apart.
const MAX_BOARDS: usize = 1000;
/// How many days of daily deals the file remembers.
const MAX_DAYS: usize = 10_000;
/// The longest board key (`12x24 daily-2026-11-30 normal`).
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
    /// The median of the kept winning times.
    pub fn median(&self) -> Option<u32> {
        let mut times = self.times.clone();
        times.sort_unstable();
        times.get(times.len().checked_sub(1)? / 2).copied()
    }
}

/// Everything counted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Stats {
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
    /// The days whose daily deal was played to its end (the one attempt
    /// recorded; later games of that day are replays).
    pub daily: BTreeSet<String>,
}

impl Document for Stats {
    const FILE_NAME: &'static str = "stats.json";
    const VERSION: u32 = 1;
    const DESCRIPTION: &'static str = "The statistics";

    fn validate(&self) -> Result<(), String> {
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
        if self.boards.len() > MAX_BOARDS || self.daily.len() > MAX_DAYS {
            return Err("too many boards or days".into());
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
        if let Some(day) = self.daily.iter().find(|d| d.parse::<Day>().is_err()) {
            return Err(format!("{day:?} is not a date"));
        }
        Ok(())
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

    /// Counts a game whose first move was just made.
    pub fn start(&mut self) {
        self.started = self.started.saturating_add(1);
    }

    /// Counts a game that ended as `outcome` on `board` (its size and mode,
    /// see [`board_key`]), after `seconds` of play with `hints` hints taken.
    pub fn finish(&mut self, board: &str, outcome: Outcome, seconds: u32, hints: u32) {
        // A game resumed from before statistics were kept was never counted
        // as started.
        let ended = self.won + self.timed_out + self.abandoned;
        if ended >= self.started {
            self.start();
        }
        self.hints = self.hints.saturating_add(u64::from(hints));
        match outcome {
            Outcome::Won => {
                self.won = self.won.saturating_add(1);
                self.streak = self.streak.saturating_add(1);
                self.best_streak = self.best_streak.max(self.streak);
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

    /// The statistics as lines of text, for the screen and `lianliankan stats`.
    pub fn report(&self) -> Vec<String> {
        let lost = self.timed_out + self.abandoned;
        let ended = self.won + lost;
        // In u128: counts near u64::MAX (a hand-edited file) times 100 fit.
        let rate = (u128::from(self.won) * 100)
            .checked_div(u128::from(ended))
            .map_or("-".to_string(), |r| format!("{r}%"));
        let mut lines = vec![
            format!("Games started  {:>6}", self.started),
            format!("Games won      {:>6}   win rate {rate}", self.won),
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
            lines.push(String::new());
            lines.push(format!(
                "{:<28} {:>5} {:>8} {:>8}",
                "Board", "Won", "Best", "Median"
            ));
            for (key, b) in &self.boards {
                let time = |s: Option<u32>| s.map_or("-".to_string(), |s| show_time(u64::from(s)));
                lines.push(format!(
                    "{key:<28} {:>5} {:>8} {:>8}",
                    b.won,
                    time(b.best),
                    time(b.median())
                ));
            }
        }
        lines
    }
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

    #[test]
    fn games_counted_at_the_same_moment_all_count() {
        let dir = tempfile::tempdir().unwrap();
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let dir = dir.path().to_path_buf();
                std::thread::spawn(move || {
                    for _ in 0..10 {
                        assert_eq!(Stats::update(&dir, Stats::start).unwrap(), None);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(Stats::load(dir.path()).unwrap().0.started, 80);
    }

    #[test]
    fn outcomes_count_streaks_and_times() {
        let mut s = Stats::default();
        let board = board_key(8, 16, "levels");
        for seconds in [300, 200, 250] {
            s.start();
            s.finish(&board, Outcome::Won, seconds, 1);
        }
        s.start();
        s.finish(&board, Outcome::Abandoned, 10, 0);
        s.start();
        s.finish(&board, Outcome::Won, 400, 0);
        s.start();
        s.finish(&board, Outcome::TimedOut, 999, 2);
        assert_eq!((s.started, s.won, s.timed_out, s.abandoned), (6, 4, 1, 1));
        assert_eq!((s.streak, s.best_streak, s.hints), (0, 3, 5));
        let b = &s.boards[&board];
        assert_eq!((b.won, b.best, b.median()), (4, Some(200), Some(250)));
        s.validate().unwrap();
        let text = s.report().join("\n");
        assert!(text.contains("win rate 66%"), "{text}");
        // The largest counts a file may hold still give the right rate.
        let most = Stats {
            started: u64::MAX,
            won: u64::MAX,
            ..Stats::default()
        };
        most.validate().unwrap();
        let all = most.report().join("\n");
        assert!(all.contains("win rate 100%"), "{all}");
        assert!(text.contains("8x16 levels"), "{text}");
        assert!(text.contains("3:20") && text.contains("4:10"), "{text}");
    }

    #[test]
    fn times_are_bounded_and_bad_files_refused() {
        let mut s = Stats::default();
        for i in 0..(TIMES_KEPT as u32 + 50) {
            s.start();
            s.finish("2x2 none", Outcome::Won, i, 0);
        }
        assert_eq!(s.boards["2x2 none"].times.len(), TIMES_KEPT);
        assert_eq!(s.boards["2x2 none"].best, Some(0));
        s.validate().unwrap();
        let spoilt: [fn(&mut Stats); 5] = [
            |s| s.started = 0,
            |s| s.best_streak = s.streak.saturating_sub(1),
            |s| {
                s.boards.insert("\u{1b}[2J".into(), BoardStats::default());
            },
            |s| {
                s.daily.insert("yesterday".into());
            },
            |s| s.boards.get_mut("2x2 none").unwrap().times.push(u32::MAX),
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
            s.start();
            s.finish("8x16 daily-2026-11-30", Outcome::Won, 60, 0);
            s.mark_daily(day);
        })
        .unwrap();
        let (s, warning) = Stats::load(dir.path()).unwrap();
        assert_eq!(warning, None);
        assert_eq!(s.won, 1);
        assert!(s.daily_played(day));
        assert!(!s.daily_played("2026-12-01".parse().unwrap()));
    }
}
