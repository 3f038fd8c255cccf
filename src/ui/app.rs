//! The application: the game plus what only the screen needs (theme, help,
//! colour), and the mapping from terminal events to game actions.
//! `app/persist.rs` adds saving, the win screen's name prompt and recording.

mod demo;
mod persist;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::game::{Action, Direction, Game};
use crate::persist::session::Session;
use crate::ui::layout::{BoardLayout, Screen};
use crate::ui::theme::Theme;
use crate::ui::win_screen::WinScreen;

pub use demo::{DEMO_NOTE, DEMO_STEP, Demo};

/// How often the screen is redrawn while a line grows or tiles slide.
pub const FRAME_TIME: Duration = Duration::from_millis(16);

/// Everything the renderer reads and the event loop changes.
#[derive(Debug, Clone)]
pub struct App {
    /// The game being played.
    pub game: Game,
    /// How tiles look.
    pub theme: Theme,
    /// False when `NO_COLOR` asks for no colours: marks and borders only.
    pub color: bool,
    /// Whether the help overlay is open.
    pub help: bool,
    /// The moment the next frame shows (the renderer reads the clock from here).
    pub now: Instant,
    /// Set when the player asked to quit.
    pub quit: bool,
    /// Where the game is saved; `None` plays without saving.
    pub session: Option<Session>,
    /// The high-score table and name prompt, while a win is on show.
    pub win_screen: Option<WinScreen>,
    /// A message shown in a box until the next key or click (a file kept
    /// aside, a save that failed); already safe for the terminal.
    pub warning: Option<String>,
    /// A word for the title line until the first key or click ("Resumed").
    pub note: Option<&'static str>,
    /// The demo, while the solver plays (`--demo`).
    pub demo: Option<Demo>,
}

impl App {
    /// An app showing `game` in `theme`.
    pub fn new(game: Game, theme: Theme, color: bool, now: Instant) -> Self {
        App {
            game,
            theme,
            color,
            help: false,
            now,
            quit: false,
            session: None,
            win_screen: None,
            warning: None,
            note: None,
            demo: None,
        }
    }

    /// Where the board sits on a screen of `area`, or `None` if it is too small.
    /// The renderer and the mouse both use this.
    pub fn board_layout(&self, area: Rect) -> Option<BoardLayout> {
        let board = self.game.board();
        BoardLayout::fit(Screen::new(area).middle, board.rows(), board.cols())
    }

    /// Applies a terminal event on a screen of `area` at `now`. Returns
    /// whether the screen needs drawing again (mouse motion, for one, does not).
    pub fn handle_event(&mut self, event: &Event, area: Rect, now: Instant) -> bool {
        self.now = now;
        let input = matches!(event, Event::Key(k) if k.is_press())
            || matches!(event, Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)));
        if input {
            self.note = None;
        }
        if input && self.warning.take().is_some() {
            // The key or click that closes the message box does nothing else,
            // except Ctrl-C.
            if let Event::Key(key) = event
                && is_ctrl_c(key)
            {
                self.quit = true;
            }
            return true;
        }
        if input && self.stop_demo() {
            // The key or click that stops the demo does nothing else, except Ctrl-C.
            self.quit = matches!(event, Event::Key(key) if is_ctrl_c(key));
            return true;
        }
        match event {
            Event::Key(key) if key.is_press() => self.handle_key(*key, now),
            Event::Mouse(
                mouse @ MouseEvent {
                    kind: MouseEventKind::Down(button @ (MouseButton::Left | MouseButton::Right)),
                    ..
                },
            ) => self.handle_click(*button, *mouse, area, now),
            Event::Resize(..) | Event::FocusGained => {}
            _ => return false,
        }
        self.after_event(now);
        true
    }

    fn handle_key(&mut self, key: KeyEvent, now: Instant) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if is_ctrl_c(&key) {
            self.quit = true;
            return;
        }
        if !self.help && self.prompt_key(key, now) {
            return;
        }
        if ctrl && !self.help && matches!(key.code, KeyCode::Char('r' | 'R')) {
            self.game.apply(Action::Redo, now);
            return;
        }
        if self.help {
            match key.code {
                KeyCode::Char('q') => self.quit = true,
                KeyCode::Char('?') | KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' ') => {
                    self.help = false
                }
                _ => {}
            }
            return;
        }
        let action = match key.code {
            KeyCode::Char('q') | KeyCode::Esc => {
                self.quit = true;
                return;
            }
            KeyCode::Char('?') => {
                self.help = true;
                return;
            }
            KeyCode::Up | KeyCode::Char('k') => Action::Move(Direction::Up),
            KeyCode::Down | KeyCode::Char('j') => Action::Move(Direction::Down),
            KeyCode::Left | KeyCode::Char('h') => Action::Move(Direction::Left),
            KeyCode::Right | KeyCode::Char('l') => Action::Move(Direction::Right),
            KeyCode::Char(' ') | KeyCode::Enter => Action::Select,
            KeyCode::Char('t') => Action::Hint,
            KeyCode::Char('r') => Action::Reshuffle,
            KeyCode::Char('n') => return self.new_game(now),
            KeyCode::Char('p') => Action::TogglePause,
            KeyCode::Char('u') if !self.may_undo() => return,
            KeyCode::Char('u') => Action::Undo,
            KeyCode::Char('U') => Action::Redo,
            KeyCode::Char('f') => Action::Highlight(self.game.cursor()),
            _ => return,
        };
        self.game.apply(action, now);
    }

    /// A left click selects the tile under the pointer; a right click
    /// highlights its kind, or clears the highlight off the tiles.
    fn handle_click(&mut self, button: MouseButton, mouse: MouseEvent, area: Rect, now: Instant) {
        if self.help {
            self.help = false;
            return;
        }
        let cell = self
            .board_layout(area)
            .and_then(|l| l.cell_at(mouse.column, mouse.row));
        let action = match (button, cell) {
            (MouseButton::Right, Some(p)) => Action::Highlight(p),
            (MouseButton::Right, None) => Action::ClearHighlight,
            (_, Some(p)) => Action::Click(p),
            (_, None) => return,
        };
        self.game.apply(action, now);
    }

    /// Lets time act at `now` without input: a timed level that runs out
    /// ends the game (and its save goes with it), and a demo plays its move
    /// when it is due. Returns whether the screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let lost = self.game.time_up().is_some();
        self.game.tick(now);
        let timed_out = !lost && self.game.time_up().is_some();
        if timed_out {
            self.now = now;
            self.after_event(now);
        }
        self.play_demo(now) || timed_out
    }

    /// How long the event loop may sleep before the screen must change by
    /// itself: a frame while a line grows, else the next notice expiry or clock
    /// second; `None` when nothing will change without input.
    pub fn timeout(&self, now: Instant) -> Option<Duration> {
        if self.game.animating(now) {
            return Some(FRAME_TIME);
        }
        let change = self
            .game
            .next_change(now)
            .map(|t| t.saturating_duration_since(now));
        let tick = self.game.until_next_second(now);
        let demo = self
            .demo
            .as_ref()
            .map(|d| d.next.saturating_duration_since(now));
        change.into_iter().chain(tick).chain(demo).min()
    }
}

fn is_ctrl_c(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::grid::Point;
    use crate::game::Config;
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState};

    fn app() -> (App, Instant) {
        let t = Instant::now();
        let game = Game::new(
            Config {
                seed: 3,
                ..Config::DEFAULT
            },
            t,
        )
        .unwrap();
        (App::new(game, Theme::builtin("ascii").unwrap(), true, t), t)
    }

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn click(x: u16, y: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    }

    const AREA: Rect = Rect::new(0, 0, 80, 24);

    #[test]
    fn keys_drive_the_game() {
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char('l')), AREA, t);
        a.handle_event(&key(KeyCode::Down), AREA, t);
        assert_eq!(a.game.cursor(), Point::new(1, 1));
        a.handle_event(&key(KeyCode::Char(' ')), AREA, t);
        assert_eq!(a.game.selected(), Some(Point::new(1, 1)));
        a.handle_event(&key(KeyCode::Char('t')), AREA, t);
        assert!(a.game.hint_pair().is_some());
        a.handle_event(&key(KeyCode::Char('p')), AREA, t);
        assert!(a.game.is_paused());
        // Releases are ignored.
        let release = Event::Key(KeyEvent {
            code: KeyCode::Char('p'),
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        });
        a.handle_event(&release, AREA, t);
        assert!(a.game.is_paused());
        assert!(!a.quit);
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(a.quit);
    }

    #[test]
    fn help_opens_closes_and_swallows_keys() {
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char('?')), AREA, t);
        assert!(a.help);
        a.handle_event(&key(KeyCode::Char('l')), AREA, t);
        assert_eq!(a.game.cursor(), Point::new(0, 0));
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(!a.help && !a.quit);
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        a.handle_event(&ctrl_c, AREA, t);
        assert!(a.quit);
    }

    #[test]
    fn clicks_hit_the_tile_drawn_there_and_nothing_else() {
        let (mut a, t) = app();
        let layout = a.board_layout(AREA).unwrap();
        let rect = layout.cell_rect(Point::new(2, 5));
        a.handle_event(&click(rect.x + 2, rect.y), AREA, t);
        assert_eq!(a.game.selected(), Some(Point::new(2, 5)));
        // The gaps right of and below the tile are no tile: the selection stays.
        assert!(layout.tile.pitch_x > rect.width && layout.tile.pitch_y > rect.height);
        for (x, y) in [(rect.right(), rect.y), (rect.x + 1, rect.bottom())] {
            a.handle_event(&click(x, y), AREA, t);
            assert_eq!(a.game.selected(), Some(Point::new(2, 5)), "{x},{y}");
        }
        for y in 0..AREA.height + 3 {
            for x in [0, 1, layout.outer.x, layout.outer.right(), 79, 200] {
                a.handle_event(&click(x, y), AREA, t);
            }
        }
        assert_eq!(a.game.selected(), Some(Point::new(2, 5)));
        // On a screen too small for the board, clicks do nothing.
        a.handle_event(&click(3, 3), Rect::new(0, 0, 10, 5), t);
        assert_eq!(a.game.selected(), Some(Point::new(2, 5)));
    }

    fn right_click(x: u16, y: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Right),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn right_click_and_f_highlight_a_kind_and_clear_it() {
        let (mut a, t) = app();
        let layout = a.board_layout(AREA).unwrap();
        let p = Point::new(2, 5);
        let kind = a.game.board().get(p);
        let rect = layout.cell_rect(p);
        a.handle_event(&right_click(rect.x + 1, rect.y), AREA, t);
        assert_eq!(a.game.highlight_kind(), Some(kind));
        // A right click selects nothing.
        assert_eq!(a.game.selected(), None);
        assert_eq!(a.game.cursor(), Point::new(0, 0));
        a.handle_event(&right_click(rect.x + 1, rect.y), AREA, t);
        assert_eq!(a.game.highlight_kind(), None);
        a.handle_event(&right_click(rect.x + 1, rect.y), AREA, t);
        a.handle_event(&right_click(0, 0), AREA, t);
        assert_eq!(a.game.highlight_kind(), None, "outside the board clears");
        a.handle_event(&key(KeyCode::Char('f')), AREA, t);
        assert_eq!(
            a.game.highlight_kind(),
            Some(a.game.board().get(Point::new(0, 0)))
        );
        a.handle_event(&key(KeyCode::Char('f')), AREA, t);
        assert_eq!(a.game.highlight_kind(), None);
    }

    #[test]
    fn u_undoes_and_shift_u_or_ctrl_r_redo() {
        let (mut a, t) = app();
        let (p, q) = crate::game::find_match(a.game.board()).unwrap();
        a.game.apply(Action::Click(p), t);
        a.game.apply(Action::Click(q), t);
        let after = a.game.board().clone();
        a.handle_event(&key(KeyCode::Char('u')), AREA, t);
        assert_eq!(a.game.board().tile_count(), 128);
        a.handle_event(&key(KeyCode::Char('U')), AREA, t);
        assert_eq!(a.game.board(), &after);
        a.handle_event(&key(KeyCode::Char('u')), AREA, t);
        let shuffles = a.game.reshuffles_left();
        let ctrl_r = Event::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
        a.handle_event(&ctrl_r, AREA, t);
        assert_eq!(a.game.board(), &after);
        assert_eq!(a.game.reshuffles_left(), shuffles, "Ctrl-R is not r");
        assert!(a.game.assisted());
    }

    #[test]
    fn only_events_that_change_something_redraw() {
        let (mut a, t) = app();
        assert!(a.handle_event(&key(KeyCode::Char('l')), AREA, t));
        assert!(a.handle_event(&click(0, 0), AREA, t));
        assert!(a.handle_event(&Event::Resize(100, 30), AREA, t));
        let moved = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Moved,
            column: 5,
            row: 5,
            modifiers: KeyModifiers::NONE,
        });
        assert!(!a.handle_event(&moved, AREA, t));
        assert!(!a.handle_event(&Event::FocusLost, AREA, t));
    }

    #[test]
    fn sleeps_until_the_next_second_when_idle() {
        let (mut a, t) = app();
        let wait = a.timeout(t + Duration::from_millis(300)).unwrap();
        assert_eq!(wait, Duration::from_millis(700));
        a.handle_event(&key(KeyCode::Char('p')), AREA, t);
        assert_eq!(a.timeout(t + Duration::from_secs(5)), None);
    }
}
