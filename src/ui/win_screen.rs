//! The win screen's own state: the high-score table of the board, the place
//! the new score would take, and the player's name being typed.
//!
//! Nothing is written when the win appears (the winning match can still be
//! undone): the score is recorded when the player confirms the name, or
//! leaves the win screen by a new game or quitting.

use std::path::Path;
use std::time::SystemTime;

use crate::escape::escape_controls;
use crate::game::{Config, Win};
use crate::persist::scores::{self, BoardKey, Entry, Scores, default_player_name, sanitize_name};
use unicode_width::UnicodeWidthChar;

/// The marks of no width the name prompt takes on one character (a
/// Vietnamese letter carries two).
const MARKS_ON_A_CHARACTER: usize = 2;

/// One line of the high-score table on the win screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The player's name (printable, at most 16 columns).
    pub name: String,
    /// The score.
    pub score: u32,
    /// The playing time in seconds.
    pub seconds: u32,
    /// Whether undo, hints or the solver helped.
    pub assisted: bool,
    /// Whether this is the game just won.
    pub mine: bool,
}

/// A won game waiting to be recorded, and what the win screen shows of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinScreen {
    key: Option<BoardKey>,
    win: Win,
    /// The name as typed so far.
    pub name: String,
    /// The place the score takes in the table (0 is first), if it enters it.
    pub rank: Option<usize>,
    /// The table as it was read, without this game.
    pub table: Vec<Entry>,
    /// Whether the score was recorded (the name is then final).
    pub recorded: bool,
    /// Why nothing is recorded, when it is not: without a data directory
    /// (a demo, or none could be found), or a replay of a day's daily deal
    /// already played. No prompt then, and the screen says why.
    pub unrecorded: Option<&'static str>,
}

impl WinScreen {
    /// The win screen for `win` in a game of `config`, with the table read
    /// from `dir` (none without a data directory); a `replay` of a daily
    /// deal is not recorded. Returns a message for the player if the scores
    /// file could not be used.
    pub fn new(
        win: Win,
        config: &Config,
        dir: Option<&Path>,
        replay: bool,
    ) -> (Self, Option<String>) {
        let key = BoardKey::of(config).ok();
        let (scores, message) = match dir.map(Scores::load) {
            Some(Ok((scores, warning))) => (scores, warning),
            Some(Err(e)) => (Scores::default(), Some(e.to_string())),
            None => (Scores::default(), None),
        };
        let seconds = seconds(&win);
        let (rank, table) = match &key {
            Some(k) => (
                scores.rank_of(k, win.score, seconds),
                scores.table(k).to_vec(),
            ),
            None => (None, Vec::new()),
        };
        let unrecorded = if dir.is_none() {
            Some("this game is not saved")
        } else if replay {
            Some("a replay of this day's deal")
        } else {
            None
        };
        let rank = rank.filter(|_| unrecorded.is_none());
        let screen = WinScreen {
            key,
            win,
            name: scores
                .last_name()
                .map_or_else(default_player_name, str::to_string),
            rank,
            table,
            recorded: false,
            unrecorded,
        };
        (screen, message)
    }

    /// Whether the table as read holds this win already: its score was
    /// recorded, and its save left behind (a kill before it went).
    pub fn recorded_before(&self) -> bool {
        self.table.iter().any(|e| e.game() == Some(self.win.game))
    }

    /// Whether the name prompt is open: the score enters the table and is not
    /// recorded yet.
    pub fn prompting(&self) -> bool {
        self.rank.is_some() && !self.recorded
    }

    /// Adds a typed character to the name if the name stays one that
    /// [`sanitize_name`] keeps as it is (printable, one space between words,
    /// at most 16 columns), and a mark of no width only on a character
    /// before it, two at most: a pasted name began with a combining mark,
    /// drawn on the table's '>' before it, or stacked 26 of them out of
    /// its line (found by the hostile run, hostile44).
    pub fn type_char(&mut self, c: char) {
        if c != ' ' && c.is_whitespace() || self.name.is_empty() && c == ' ' {
            return;
        }
        let no_width = |c: char| c.width() == Some(0);
        if no_width(c) {
            let marks = self.name.chars().rev().take_while(|&c| no_width(c)).count();
            let base = self.name.chars().rev().nth(marks);
            if base.is_none_or(|b| b == ' ') || marks >= MARKS_ON_A_CHARACTER {
                return;
            }
        }
        let candidate = format!("{}{c}", self.name);
        if candidate.contains("  ") {
            return;
        }
        if sanitize_name(&candidate).as_deref() == Some(candidate.trim_end()) {
            self.name = candidate;
        }
    }

    /// Deletes the last character of the name.
    pub fn backspace(&mut self) {
        self.name.pop();
    }

    /// The name to record: the typed one, or the default when it is empty.
    pub fn final_name(&self) -> String {
        sanitize_name(&self.name).unwrap_or_else(default_player_name)
    }

    /// Records the score in `dir` (once); returns a message for the player if
    /// that failed or a bad scores file was kept aside. A write that failed
    /// (a full disk, a newer scores file) leaves the score unrecorded, to be
    /// tried again.
    pub fn record(&mut self, dir: Option<&Path>, ended: SystemTime) -> Option<String> {
        if self.recorded {
            return None;
        }
        self.recorded = true;
        self.name = self.final_name();
        // A win shown as not recorded (a demo's) stays so, even once the
        // game taken over from the demo has a data directory.
        let (Some(dir), Some(key), None) = (dir, &self.key, self.unrecorded) else {
            return None;
        };
        let entry = Entry::new(
            &self.name,
            self.win.score,
            seconds(&self.win),
            ended,
            self.win.assisted,
        );
        let entry = match entry {
            Ok(entry) => entry.of_game(self.win.game),
            Err(reason) => return Some(escape_controls(&format!("Score not recorded: {reason}"))),
        };
        match scores::record(dir, key, entry) {
            Ok(recorded) => {
                self.rank = recorded.rank;
                if let Ok((scores, _)) = Scores::load(dir) {
                    // Shown with the recorded entry in place from now on.
                    self.table = scores.table(key).to_vec();
                }
                recorded.warning
            }
            Err(e) => {
                self.recorded = false;
                Some(format!("The score could not be recorded: {e}."))
            }
        }
    }

    /// The rows of the table to show, best first, at most ten.
    pub fn rows(&self) -> Vec<Row> {
        let row = |e: &Entry| Row {
            name: e.name().to_string(),
            score: e.score(),
            seconds: e.seconds(),
            assisted: e.assisted(),
            mine: false,
        };
        let mut rows: Vec<_> = self.table.iter().map(row).collect();
        match (self.rank, self.recorded) {
            (Some(rank), true) => {
                if let Some(r) = rows.get_mut(rank) {
                    r.mine = true;
                }
            }
            (Some(rank), false) => {
                let mine = Row {
                    name: self.name.clone(),
                    score: self.win.score,
                    seconds: seconds(&self.win),
                    assisted: self.win.assisted,
                    mine: true,
                };
                rows.insert(rank.min(rows.len()), mine);
            }
            (None, _) => {}
        }
        rows.truncate(scores::TABLE_SIZE);
        rows
    }
}

fn seconds(win: &Win) -> u32 {
    u32::try_from(win.time.as_secs()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;

    fn win(score: u32) -> Win {
        Win {
            score,
            time: Duration::from_secs(30),
            bonus: 0,
            assisted: false,
            game: u64::from(score),
        }
    }

    #[test]
    fn names_take_only_what_sanitize_name_keeps() {
        let dir = tempfile::tempdir().unwrap();
        let (mut w, _) = WinScreen::new(win(100), &Config::DEFAULT, Some(dir.path()), false);
        assert_eq!(w.rank, Some(0));
        assert!(w.prompting());
        w.name.clear();
        for c in " a\x1b\t\u{202e} b  c".chars() {
            w.type_char(c);
        }
        assert_eq!(w.name, "a b c");
        for _ in 0..30 {
            w.type_char('x');
        }
        assert_eq!(w.name.len(), 16);
        for _ in 0..20 {
            w.backspace();
        }
        assert_eq!(w.final_name(), default_player_name());
        w.type_char('z');
        w.type_char(' ');
        assert_eq!(w.final_name(), "z");
    }

    #[test]
    fn recording_puts_the_entry_in_the_table_once() {
        let dir = tempfile::tempdir().unwrap();
        let ended = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        for (i, score) in [300, 200, 50].into_iter().enumerate() {
            let (mut w, _) = WinScreen::new(win(score), &Config::DEFAULT, Some(dir.path()), false);
            w.name = format!("p{i}");
            assert_eq!(w.record(Some(dir.path()), ended), None);
            assert!(w.recorded && !w.prompting());
            assert_eq!(w.record(Some(dir.path()), ended), None);
        }
        let (w, _) = WinScreen::new(win(250), &Config::DEFAULT, Some(dir.path()), false);
        assert_eq!(w.rank, Some(1));
        let rows = w.rows();
        let marked: Vec<bool> = rows.iter().map(|r| r.mine).collect();
        assert_eq!(marked, [false, true, false, false]);
        let (scores, _) = Scores::load(dir.path()).unwrap();
        let key = BoardKey::new(8, 16, "none", crate::game::Difficulty::Normal).unwrap();
        assert_eq!(scores.table(&key).len(), 3);
    }
}
