//! The demo: the solver plays the deal to the end, one move every
//! [`DEMO_STEP`], with the usual line animation. Any key or click stops it
//! and the game plays on by hand from there.
//!
//! A demo never touches the player's saved game or the high scores: the app
//! runs it without a session, so nothing is saved, and the win screen of a
//! demo's win shows the table without the name prompt.

use std::time::{Duration, Instant};

use super::App;
use crate::game::Action;

/// The time between two moves of the demo.
pub const DEMO_STEP: Duration = Duration::from_millis(600);

/// The word on the title line while the demo plays.
pub const DEMO_NOTE: &str = "demo: any key stops it";

/// A demo in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Demo {
    /// When the next move is played.
    pub next: Instant,
}

impl App {
    /// Lets the solver play this game, the first move one step after `now`.
    /// The game is not saved from now on.
    pub fn with_demo(mut self, now: Instant) -> Self {
        self.session = None;
        self.demo = Some(Demo {
            next: now + DEMO_STEP,
        });
        self
    }

    /// Plays the demo's move if it is due at `now`; returns whether the
    /// screen changed. The demo ends with the win.
    pub fn tick(&mut self, now: Instant) -> bool {
        let Some(demo) = self.demo else {
            return false;
        };
        if now < demo.next {
            return false;
        }
        self.now = now;
        if let Some((a, b)) = self.game.suggest() {
            self.game.apply(Action::Click(a), now);
            self.game.apply(Action::Click(b), now);
        }
        self.demo = Some(Demo {
            next: now + DEMO_STEP,
        });
        self.after_event(now);
        if self.game.win().is_some() {
            self.demo = None;
            if let Some(screen) = self.win_screen.as_mut() {
                // Nothing to record: the table shows without the prompt.
                screen.recorded = true;
            }
        }
        true
    }

    /// Stops the demo; returns whether one was playing.
    pub(super) fn stop_demo(&mut self) -> bool {
        self.demo.take().is_some()
    }
}
