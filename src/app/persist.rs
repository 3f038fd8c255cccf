//! The app's side of saving and high scores: the save after each move and
//! on quit, the win screen appearing (and going again on undo), its name
//! prompt, and recording the score when the player confirms or leaves.

use std::time::{Instant, SystemTime};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::App;
use crate::game::Action;
use crate::session::Session;
use crate::win_screen::WinScreen;

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
        self.note = resumed.then_some("Resumed");
        if let Some(m) = message {
            self.tell(m);
        }
        self.after_event(self.now);
        self
    }

    /// Shows `message` once in a box (the app plays without saving).
    pub fn with_message(mut self, message: String) -> Self {
        self.tell(message);
        self
    }

    /// Shows `message` in the message box (after any already there).
    fn tell(&mut self, message: String) {
        self.warning = Some(match self.warning.take() {
            Some(old) => format!("{old}\n{message}"),
            None => message,
        });
    }

    /// After every event: opens or drops the win screen as the game is won or
    /// the win undone, and saves the game if a move changed it.
    pub(super) fn after_event(&mut self, now: Instant) {
        match (self.game.win(), &self.win_screen) {
            (Some(win), None) => {
                let dir = self.session.as_ref().map(|s| s.dir().to_path_buf());
                let (screen, message) = WinScreen::new(win, &self.game.config(), dir.as_deref());
                self.win_screen = Some(screen);
                if let Some(m) = message {
                    self.tell(m);
                }
            }
            (None, Some(_)) => self.win_screen = None,
            _ => {}
        }
        if self.win_screen.as_ref().is_some_and(|w| w.recorded) {
            return;
        }
        if let Some(message) = self.session.as_mut().and_then(|s| s.sync(&self.game, now)) {
            self.tell(message);
        }
    }

    /// A key while the name prompt is open: typing, Backspace, Enter to
    /// record, Ctrl-Z to undo the winning match, Esc to quit. Returns false
    /// when the prompt is not open.
    pub(super) fn prompt_key(&mut self, key: KeyEvent, now: Instant) -> bool {
        let Some(screen) = self.win_screen.as_mut().filter(|w| w.prompting()) else {
            return false;
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('z' | 'Z') if ctrl => self.game.apply(Action::Undo, now),
            KeyCode::Char(_) if ctrl => {}
            KeyCode::Char(c) => screen.type_char(c),
            KeyCode::Backspace => screen.backspace(),
            KeyCode::Enter => self.record(),
            KeyCode::Esc => self.quit = true,
            _ => {}
        }
        true
    }

    /// Records the score of the win on show, once, and removes the saved game.
    fn record(&mut self) {
        let dir = self.session.as_ref().map(|s| s.dir().to_path_buf());
        let Some(screen) = self.win_screen.as_mut() else {
            return;
        };
        if screen.recorded {
            return;
        }
        let message = screen.record(dir.as_deref(), SystemTime::now());
        let removed = self.session.as_mut().and_then(Session::discard);
        for m in message.into_iter().chain(removed) {
            self.tell(m);
        }
    }

    /// Whether undo may still take the win back (not once it is recorded).
    pub(super) fn may_undo(&self) -> bool {
        self.win_screen.as_ref().is_none_or(|w| !w.recorded)
    }

    /// A new game: a win on show is recorded first, and the saved game goes.
    pub(super) fn new_game(&mut self, now: Instant) {
        self.record();
        if let Some(m) = self.session.as_mut().and_then(Session::discard) {
            self.tell(m);
        }
        self.game.apply(Action::NewGame, now);
        self.win_screen = None;
    }

    /// On the way out (quit, or a signal): records a win on show, or saves
    /// the game in progress. Returns what the player should still be told,
    /// for after the terminal is restored.
    pub fn close(&mut self, now: Instant) -> Vec<String> {
        self.warning = None;
        if self.game.win().is_some() {
            self.after_event(now);
            self.record();
        } else if let Some(m) = self.session.as_mut().and_then(|s| s.save(&self.game, now)) {
            self.tell(m);
        }
        self.warning
            .take()
            .map(|w| w.lines().map(str::to_string).collect())
            .unwrap_or_default()
    }
}
