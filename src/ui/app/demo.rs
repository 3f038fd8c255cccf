//! The demo: the solver plays the deal to the end, one move every
//! [`DEMO_STEP`], with the usual line animation. Any key or click stops it
//! and the game plays on by hand from there.
//!
//! A demo never touches the player's saved game or the high scores: the app
//! runs it without a session, so nothing is saved, and the win screen of a
//! game without a session says it is not recorded and asks for no name.

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
    pub(super) fn play_demo(&mut self, now: Instant) -> bool {
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
        }
        true
    }

    /// Stops the demo; returns whether one was playing.
    pub(super) fn stop_demo(&mut self) -> bool {
        self.demo.take().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Config, Game};
    use crate::ui::theme::Theme;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use ratatui::layout::Rect;

    const AREA: Rect = Rect::new(0, 0, 80, 24);

    /// A demo of a 2 x 4 deal (four pairs), started at `t`.
    fn demo(t: Instant) -> App {
        let config = Config {
            rows: 2,
            cols: 4,
            kinds: 2,
            seed: 8,
            ..Config::DEFAULT
        };
        let game = Game::new(config, t).unwrap();
        App::new(game, Theme::builtin("ascii").unwrap(), true, t).with_demo(t)
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn the_demo_plays_a_small_deal_to_the_win_at_its_pace() {
        let t = Instant::now();
        let mut a = demo(t);
        assert_eq!(a.timeout(t), Some(DEMO_STEP));
        assert!(!a.tick(t + DEMO_STEP / 2), "nothing before the step is due");
        assert_eq!(a.game.board().tile_count(), 8);
        let mut now = t;
        for left in [6, 4, 2, 0] {
            now += DEMO_STEP;
            assert!(a.tick(now));
            assert_eq!(a.game.board().tile_count(), left);
            assert!(a.game.removal(now).is_some(), "each move shows its line");
        }
        assert!(a.game.win().is_some());
        assert!(a.demo.is_none(), "the demo ends with the win");
        let screen = a.win_screen.as_ref().expect("the win screen shows");
        assert!(!screen.prompting(), "a demo's win asks for no name");
        assert_eq!(screen.unrecorded, Some("this game is not saved"));
        assert!(a.session.is_none(), "a demo is never saved");
        assert!(!a.tick(now + DEMO_STEP * 5));
        assert_eq!(a.game.score(), a.game.win().unwrap().score);
    }

    #[test]
    fn any_key_or_click_stops_the_demo_and_play_goes_on() {
        let t = Instant::now();
        let mut a = demo(t);
        assert!(a.tick(t + DEMO_STEP));
        let board = a.game.board().clone();
        let cursor = a.game.cursor();
        a.handle_event(&key(KeyCode::Char('k'), KeyModifiers::NONE), AREA, t);
        assert!(a.demo.is_none());
        assert!(!a.quit);
        assert_eq!(a.game.cursor(), cursor, "the key does nothing else");
        assert!(!a.tick(t + DEMO_STEP * 10));
        assert_eq!(a.game.board(), &board);
        // Once the points of its last match have faded, only the clock
        // wakes the loop.
        assert_eq!(
            a.timeout(t + DEMO_STEP * 4),
            Some(Duration::from_millis(600))
        );
        // The player plays on.
        a.handle_event(&key(KeyCode::Char('k'), KeyModifiers::NONE), AREA, t);
        assert_eq!(
            a.game.cursor(),
            crate::core::grid::Point::new(0, cursor.col)
        );

        let mut b = demo(t);
        let click = Event::Mouse(ratatui::crossterm::event::MouseEvent {
            kind: ratatui::crossterm::event::MouseEventKind::Down(
                ratatui::crossterm::event::MouseButton::Left,
            ),
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        });
        b.handle_event(&click, AREA, t);
        assert!(b.demo.is_none() && !b.quit);
        let mut c = demo(t);
        c.handle_event(&key(KeyCode::Char('c'), KeyModifiers::CONTROL), AREA, t);
        assert!(c.demo.is_none() && c.quit, "Ctrl-C stops and quits");
    }
}
