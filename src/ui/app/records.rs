//! The app's side of saving, high scores and statistics: the save after
//! each move and on quit, the win screen appearing (and going again on
//! undo), its name prompt, recording the score when the player confirms or
//! leaves, and counting each game in the statistics once as it starts and
//! once as it ends.

use std::time::{Instant, SystemTime};

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::keys::{self, Command};
use super::screen::{Screen, share_line};
use super::{App, Top};
use crate::game::daily::Day;
use crate::game::{Action, Game, Win};
use crate::persist::session::Session;
use crate::persist::stats::{Outcome, Stats, board_key};
use crate::ui::win_screen::WinScreen;

/// The change to the statistics that counts the end of `game` at `now`
/// (and marks a daily deal's day played). A daily deal whose day was
/// played to its end meanwhile (by a game set aside before it, or by a
/// second copy on the data directory) is a replay: it counts nowhere.
fn ending(game: &Game, now: Instant, outcome: Outcome) -> impl FnOnce(&mut Stats) + use<> {
    let c = game.config();
    let key = board_key(c.rows, c.cols, &c.table_name());
    let seconds = u32::try_from(game.elapsed(now).as_secs()).unwrap_or(u32::MAX);
    let hints = game.hints_paid();
    move |s| {
        if c.daily.is_some_and(|day| s.daily_played(day)) {
            return;
        }
        s.finish(c.difficulty, &key, outcome, seconds, hints);
        if let Some(day) = c.daily {
            s.mark_daily(day);
        }
    }
}

/// Where a game stands in the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Counted {
    /// Not counted yet (no move made).
    #[default]
    No,
    /// Counted as started.
    Started,
    /// Counted as ended (won, timed out or abandoned).
    Ended,
}

impl App {
    /// Saves the game in `session` from now on. `resumed` puts "Resumed" on
    /// the title line; `message` is shown once in a box.
    pub fn with_session(
        mut self,
        session: Session,
        resumed: bool,
        message: Option<String>,
    ) -> Self {
        self.session = Some(session);
        self.replay = self.daily_replay();
        self.note = resumed.then_some("Resumed");
        if resumed {
            // Counted when it started, in an earlier run.
            self.counted = Counted::Started;
            // A level whose board is untouched brings its card again: a
            // game quit on the card would go on without it, its gravity
            // untold (and a timed level's clock running).
            let board = self.game.board();
            if board.tile_count() == board.rows() * board.cols() {
                self.seen_level = usize::MAX;
            }
        }
        if let Some(m) = message {
            self.tell(m);
        }
        self.after_event(self.now);
        let card = matches!(self.screens.last(), Some(Screen::LevelCard { .. }));
        if resumed && !card && self.game.time_limit().is_some() && !self.game.is_paused() {
            // A timed game resumes paused: its clock waits for the player,
            // not for the first frame, while they find their place on the
            // board (the paused box says how to go on). A level card that
            // shows again stands the clock itself.
            self.game.apply(Action::TogglePause, self.now);
        }
        if self
            .win_screen
            .as_ref()
            .is_some_and(WinScreen::recorded_before)
        {
            // Killed after its record, before its save went: it is done
            // now (the save goes, the win is counted), and the box says
            // where it is, rather than asking a name it would not take.
            self.record();
        }
        self
    }

    /// Shows `message` once in the message box as play starts (settings
    /// that could not be read, unknown tiles, a game that will not be
    /// saved), after any message already there.
    pub fn with_message(mut self, message: String) -> Self {
        self.tell(message);
        self
    }

    /// Whether the game on show is a daily deal whose day has been played
    /// to its end, as the statistics in the data directory say, or whose
    /// day's game is the saved game it replaces (`--new`, or a start with
    /// other options, see [`Session::displaced_daily`]), which counts as
    /// abandoned once replaced, or that another running copy plays: a replay.
    pub(super) fn daily_replay(&self) -> bool {
        self.game.config().daily.is_some_and(|day| {
            self.session.as_ref().and_then(Session::displaced_daily) == Some(day)
                || self.day_played(day)
        })
    }

    /// Whether the daily deal of `day` has been played to its end, as the
    /// statistics in the data directory say (never, for a game not saved).
    fn day_played(&self, day: Day) -> bool {
        self.session
            .as_ref()
            .and_then(|s| Stats::load(s.dir()).ok())
            .is_some_and(|(stats, _)| stats.daily_played(day))
    }

    /// Shows `message` in the message box (after any already there). The
    /// box covers the board, so the clock stands until it is closed, also
    /// when the message comes after the event's own look at the cover (a
    /// move's save that failed).
    pub(super) fn tell(&mut self, message: String) {
        self.told = self.now;
        self.warning = Some(match self.warning.take() {
            Some(old) => format!("{old}\n{message}"),
            None => message,
        });
        self.sync_cover(self.now);
    }

    /// The share line of `win`, the win of the game on show, when it is a
    /// daily deal's (a `replay`'s says so).
    fn share_of(&self, win: Win, replay: bool) -> Option<String> {
        let config = self.game.config();
        config.daily.map(|day| {
            share_line(
                &day.to_string(),
                replay,
                config.mode,
                win.time.as_secs(),
                win.score,
                config.hints.saturating_sub(self.game.hints_left()),
                self.game.undos(),
            )
        })
    }

    /// After every move: opens or drops the win screen as the game is won or
    /// the win undone, and saves the game if a move changed it.
    pub(super) fn after_move(&mut self, now: Instant) {
        match (self.game.win(), &self.win_screen) {
            (Some(win), None) => {
                let dir = self.session.as_ref().map(|s| s.dir().to_path_buf());
                let config = self.game.config();
                let replay = self.daily_replay();
                let (mut screen, message) = WinScreen::new(win, &config, dir.as_deref(), replay);
                // The demo's game has no session while the solver plays it;
                // the reason a player knows is that it was a demo.
                if self.demo.is_some() {
                    screen.unrecorded = Some("a demo");
                }
                self.win_screen = Some(screen);
                self.won = now;
                if let Some(m) = message {
                    self.tell(m);
                }
                self.share = self.share_of(win, replay);
            }
            (None, Some(_)) => {
                self.win_screen = None;
                self.share = None;
            }
            _ => {}
        }
        // The demo's moves are not the player's: its game counts from the
        // player's first move after taking it over, as any game does.
        if self.counted == Counted::No
            && self.demo.is_none()
            && !self.game.is_untouched()
            && !self.held()
        {
            self.counted = Counted::Started;
            let difficulty = self.game.config().difficulty;
            // A replay of a day's daily deal counts nowhere, as it is not
            // recorded: its start no more than its end.
            if !self.replay {
                self.count(|s| s.start(difficulty));
            }
        }
        if self.win_screen.as_ref().is_some_and(|w| w.recorded) {
            return;
        }
        // A game whose time ran out is over: nothing is left to resume. One
        // without a move counts for nothing and saved nothing: the saved
        // game on disk, if any, is another's, and stays.
        if self.game.time_up().is_some() && self.counted == Counted::Started {
            self.end_game(Outcome::TimedOut);
            if let Some(m) = self.session.as_mut().and_then(Session::discard) {
                self.tell(m);
            }
            return;
        }
        if !self.batching {
            self.save_if_changed(now);
        }
    }

    /// Saves the game if a move changed it since the last save, unless it
    /// is over (recorded, or out of time: nothing is left to resume).
    /// Whether a failed save was told.
    pub(super) fn save_if_changed(&mut self, now: Instant) -> bool {
        let over =
            self.win_screen.as_ref().is_some_and(|w| w.recorded) || self.game.time_up().is_some();
        if over {
            return false;
        }
        let failed = self.session.as_mut().and_then(|s| s.sync(&self.game, now));
        failed.map(|message| self.tell(message)).is_some()
    }

    /// A key while the name prompt is open: typing, Backspace (or Ctrl-H,
    /// see [`keys::is_backspace`]), Enter to
    /// record, Ctrl-Z to undo the winning match, Esc for the game-over menu
    /// (whose first item records), as on every finished game. Returns false
    /// when the prompt is not open.
    pub(super) fn prompt_key(&mut self, key: KeyEvent, now: Instant) -> bool {
        let Some(screen) = self.win_screen.as_mut().filter(|w| w.prompting()) else {
            return false;
        };
        match key.code {
            // As the board's Ctrl-Z: undo's own rule (see `App::may_undo`)
            // decides. No other letter held with Control or Alt types.
            KeyCode::Char(_)
                if keys::command(&key) == Some(Command::Undo) && keys::is_shortcut(&key) =>
            {
                self.command(Command::Undo, now)
            }
            _ if keys::is_backspace(&key) => screen.backspace(),
            KeyCode::Char(_) if keys::is_shortcut(&key) => {}
            KeyCode::Char(c) => screen.type_char(c),
            KeyCode::Enter => self.record(),
            KeyCode::Esc => self.open_finished_menu(),
            _ => {}
        }
        true
    }

    /// Text pasted while the name prompt is in front and read: its
    /// characters are typed in turn, as keys type them, so only what a name
    /// may hold goes in (no control, escape or bidirectional character),
    /// up to the name's length. Returns whether the name changed.
    pub(super) fn prompt_paste(&mut self, text: &str, now: Instant) -> bool {
        if self.top() != Top::Won || self.front_unread(now) {
            return false;
        }
        let Some(screen) = self.win_screen.as_mut().filter(|w| w.prompting()) else {
            return false;
        };
        let before = screen.name.len();
        for c in text.chars() {
            screen.type_char(c);
        }
        screen.name.len() != before
    }

    /// Records the score of the win on show, once, and removes the saved
    /// game. A score that could not be written keeps its won game saved, so
    /// that Enter, or a later start, records it.
    pub(super) fn record(&mut self) {
        if self.record_score() == Some(false) {
            // Tried again first: the save of the winning match may have
            // failed (a full disk that has room now).
            self.save_if_changed(self.now);
            let kept = self
                .session
                .as_ref()
                .is_some_and(|s| s.has_saved(&self.game));
            self.tell(if kept {
                "The won game stays saved, to record its score later.".to_string()
            } else {
                "The won game is not saved either: it is lost, its score unrecorded, once you \
                 leave this screen."
                    .to_string()
            });
        }
    }

    /// Records the score of a win on show that is not recorded yet: `true`
    /// when it was (the saved game then goes and the win is counted),
    /// `false` when the write failed, `None` with nothing to record.
    pub(super) fn record_score(&mut self) -> Option<bool> {
        let dir = self.session.as_ref().map(|s| s.dir().to_path_buf());
        // Another game of this day's daily deal (a second copy on the data
        // directory) ended after this one began: this one is a replay now.
        let late = !self.replay
            && self.win_screen.as_ref().is_some_and(|s| !s.recorded)
            && self.daily_replay();
        if late {
            self.share = self.game.win().and_then(|win| self.share_of(win, true));
        }
        let screen = self.win_screen.as_mut().filter(|s| !s.recorded)?;
        if late {
            self.replay = true;
            screen.unrecorded = Some("the day was played meanwhile");
            screen.rank = None;
        }
        let message = screen.record(dir.as_deref(), SystemTime::now());
        let recorded = screen.recorded;
        if let Some(m) = message {
            self.tell(m);
        }
        if recorded {
            if let Some(m) = self.session.as_mut().and_then(Session::discard) {
                self.tell(m);
            }
            self.end_game(Outcome::Won);
        }
        Some(recorded)
    }

    /// Counts this game's end in the statistics, once (a daily deal's day is
    /// then played: later games of that day are replays, which count
    /// nowhere).
    fn end_game(&mut self, outcome: Outcome) {
        if self.counted == Counted::Ended {
            return;
        }
        self.counted = Counted::Ended;
        if !self.replay {
            self.count(ending(&self.game, self.now, outcome));
        }
    }

    /// Counts the saved game this start did not resume once the session
    /// has removed it or saved over it (see [`Session::take_displaced`]):
    /// it was left for another game, as a new game from the menu leaves
    /// one. A win whose score was never recorded (killed on its win
    /// screen) is recorded first, under the name its win screen starts
    /// with, as leaving that screen records it, and counts as a win.
    pub(super) fn end_displaced(&mut self) {
        let Some(old) = self.session.as_mut().and_then(Session::take_displaced) else {
            return;
        };
        let outcome = match old.win() {
            Some(win) => {
                self.record_left_win(&old, win);
                Outcome::Won
            }
            None => Outcome::Abandoned,
        };
        // A daily deal of a day already played was a replay when it began
        // (a day is marked as its first game ends): `ending` counts it nowhere.
        self.count(ending(&old, self.now, outcome));
    }

    /// Records the score of `win`, the win of `old`, a saved game left
    /// unrecorded, as its win screen would on leaving (a replay of a day's
    /// daily deal is not recorded, as there), telling the player what went
    /// wrong, if anything did.
    fn record_left_win(&mut self, old: &Game, win: Win) {
        let Some(dir) = self.session.as_ref().map(|s| s.dir().to_path_buf()) else {
            return;
        };
        // Not `daily_replay`: this game is the displaced one, a day's first
        // game included.
        let replay = old.config().daily.is_some_and(|day| self.day_played(day));
        let (mut screen, message) = WinScreen::new(win, &old.config(), Some(&dir), replay);
        let recorded = screen.record(Some(&dir), SystemTime::now());
        match recorded {
            // Told with the game it was, as this start gives that game up;
            // the failed write says what the table's read would say again.
            Some(failed) if !screen.recorded => self.tell(format!(
                "The saved game was won ({} points), and this game replaces it. {failed}",
                win.score
            )),
            recorded => {
                for m in [message, recorded].into_iter().flatten() {
                    self.tell(m);
                }
            }
        }
    }

    /// Applies `change` to the statistics in the data directory (none for a
    /// game that is not saved, such as a demo), telling the player if a bad
    /// file was kept aside or the write failed.
    fn count(&mut self, change: impl FnOnce(&mut Stats)) {
        if self.demo.is_some() || self.held() {
            return;
        }
        let Some(dir) = self.session.as_ref().map(|s| s.dir().to_path_buf()) else {
            return;
        };
        match Stats::update(&dir, change) {
            Ok(None) => {}
            Ok(Some(warning)) => self.tell(warning),
            Err(e) => self.tell(format!("The statistics could not be kept: {e}.")),
        }
    }

    /// Whether the game is one taken over from a demo without a move of the
    /// player's yet: not the player's game, so neither saved nor counted.
    fn held(&mut self) -> bool {
        let game = &self.game;
        self.session.as_mut().is_some_and(|s| s.holds(game))
    }

    /// Whether undo may still act: it may take the win back until the win
    /// is recorded, and nothing once the time is up (the game ignores it).
    pub(super) fn may_undo(&self) -> bool {
        self.game.time_up().is_none() && self.win_screen.as_ref().is_none_or(|w| !w.recorded)
    }

    /// Leaves this game for `action` (a new deal, or its first board again):
    /// see [`App::leave_game`].
    pub(super) fn start_over(&mut self, action: Action, now: Instant) {
        self.leave_game();
        self.game.apply(action, now);
        self.begin_game(now);
    }

    /// Leaves this game for `game`: see [`App::leave_game`].
    pub(super) fn start_over_with(&mut self, game: Game, now: Instant) {
        self.leave_game();
        self.game = game;
        self.apply_settings(self.settings.clone());
        self.begin_game(now);
    }

    /// Before another game: a win on show is recorded, a game with moves
    /// counts as abandoned, and its saved game goes. A game without a move
    /// saved nothing: the saved game on disk, if any, is another's, which
    /// stays until a first move replaces it.
    fn leave_game(&mut self) {
        // The player moves on: a score that cannot be written is lost (and
        // told), as the new game's first move would replace the save anyway.
        self.record_score();
        if self.counted == Counted::Started {
            // A win whose score could not be recorded is still a win.
            let won = self.game.win().is_some();
            self.end_game(if won {
                Outcome::Won
            } else {
                Outcome::Abandoned
            });
        }
        if self.counted == Counted::No {
            return;
        }
        if let Some(m) = self.session.as_mut().and_then(Session::discard) {
            self.tell(m);
        }
    }

    /// A new game has begun: nothing of the last one stays on show.
    fn begin_game(&mut self, now: Instant) {
        self.dealt_unseen = true;
        self.win_screen = None;
        self.share = None;
        self.counted = Counted::No;
        self.replay = self.daily_replay();
        // Its first board brings its card if it has one (see `App::card_due`).
        self.seen_level = usize::MAX;
        self.sync_cover(now);
    }

    /// On the way out (quit, or a signal): saves the settings on show,
    /// records a win on show, or saves the game in progress. Returns what the player should still be told,
    /// for after the terminal is restored.
    pub fn close(&mut self, now: Instant) -> Vec<String> {
        self.warning = None;
        // Settings on show are in force already: keep them as their Esc would.
        if self
            .screens
            .iter()
            .any(|s| matches!(s, Screen::Settings(_)))
        {
            self.save_settings();
        }
        self.game.tick(now);
        if self.game.win().is_some() {
            self.after_event(now);
            self.record();
        } else if self.game.time_up().is_some() {
            self.after_event(now);
        } else if let Some(m) = self.session.as_mut().and_then(|s| s.save(&self.game, now)) {
            self.tell(m);
        } else if self.session.as_ref().is_some_and(|s| !s.keeps())
            && self.counted == Counted::Started
        {
            // Never saved (another game holds the saved game), it ends here.
            self.end_game(Outcome::Abandoned);
        }
        self.end_displaced();
        self.warning
            .take()
            .map(|w| w.lines().map(str::to_string).collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
