//! The demo: the solver plays the deal to the end, one move every
//! [`DEMO_STEP`], with the usual line animation. Any key or click stops it
//! and the game plays on by hand from there.
//!
//! The demo's moves never touch the player's saved game or the high
//! scores: the session waits in [`Demo`] while the solver plays, so nothing
//! is saved, and the demo's win screen says it is not recorded and asks for
//! no name. Once the player takes over (a key, or the demo's end) the game
//! is saved like any other, marked assisted, but only from the player's
//! first move on: until then the saved game on disk stays as it was.

use std::time::{Duration, Instant};

use super::App;
use super::screen::LEAST_SHOWN;
use crate::game::Action;
use crate::persist::session::Session;

/// The time between two moves of the demo.
pub const DEMO_STEP: Duration = Duration::from_millis(600);

/// The word on the title line while the demo plays.
pub const DEMO_NOTE: &str = "demo: a key or click stops it";

/// The word on the title line once a key or click stopped the demo: the
/// game on show is the player's from there, and the key did nothing else.
pub const TAKEN_OVER: &str = "demo stopped: the game is yours now";

/// A demo in progress.
#[derive(Debug, Clone)]
pub struct Demo {
    /// When the next move is played.
    pub next: Instant,
    /// When the demo began: until [`LEAST_SHOWN`] after it, a key or
    /// click does not stop it (see [`App::demo_unseen`]).
    began: Instant,
    /// Where the game is saved once the player takes over (`None`: never).
    session: Option<Session>,
}

impl App {
    /// Lets the solver play this game, the first move one step after `now`.
    /// The game is marked assisted from that move; `session` saves it once
    /// the player has taken over and made a move (`None`: never saved).
    pub fn with_demo(mut self, session: Option<Session>, now: Instant) -> Self {
        if session.is_some() {
            self.session = session;
        }
        self.start_demo(now);
        self
    }

    /// Lets the solver play this game from one step after `now` (the
    /// menus' *Watch a demo*); this app's session waits in the demo and
    /// saves the game once the player has taken over and made a move. The
    /// game is marked assisted at the demo's first move: one stopped
    /// before it (a held key, a double click) showed nothing solved.
    pub(super) fn start_demo(&mut self, now: Instant) {
        self.demo = Some(Demo {
            next: now + DEMO_STEP,
            began: now,
            session: self.session.take(),
        });
    }

    /// Plays the demo's move if it is due at `now`; returns whether the
    /// screen changed. The demo ends with the win. It holds while the board
    /// is hidden (a terminal too small for it): moves nobody sees, up to a
    /// win nobody saw, show nothing.
    pub(super) fn play_demo(&mut self, now: Instant) -> bool {
        if self.demo.as_ref().is_none_or(|demo| now < demo.next) {
            return false;
        }
        let hidden = self.board_hidden();
        if let Some(demo) = self.demo.as_mut() {
            demo.next = now + DEMO_STEP;
        }
        if hidden {
            return false;
        }
        self.now = now;
        self.game.mark_assisted();
        if let Some((a, b)) = self.game.suggest() {
            self.game.apply(Action::Click(a), now);
            self.game.apply(Action::Click(b), now);
        }
        self.after_event(now);
        if self.game.win().is_some() {
            self.stop_demo();
        }
        true
    }

    /// Whether the demo began less than [`LEAST_SHOWN`] before `now`: the
    /// second click of a double click on *Watch a demo*, or the repeat of
    /// a `w` held a moment, stopped it before it had shown anything, and
    /// the player was left on a board they had not asked to play.
    pub(super) fn demo_unseen(&self, now: Instant) -> bool {
        self.demo
            .as_ref()
            .is_some_and(|demo| now < demo.began + LEAST_SHOWN)
    }

    /// The player's key or click stops the demo and takes the game over
    /// ([`App::stop_demo`]); a saved game the session left on disk (see
    /// [`Session::displaced_note`]) stays until their first move, which
    /// they are told, since that move replaces it. Returns whether a demo
    /// was playing.
    pub(super) fn take_over_demo(&mut self) -> bool {
        if !self.stop_demo() {
            return false;
        }
        // The key that stopped it does nothing else: say what it did.
        self.note = Some(TAKEN_OVER);
        if let Some(note) = self.session.as_ref().and_then(Session::displaced_note) {
            self.tell(note);
        }
        true
    }

    /// Stops the demo, and the player takes the game over: its session
    /// saves it from the player's first move on. Returns whether a demo was
    /// playing.
    pub(super) fn stop_demo(&mut self) -> bool {
        let Some(demo) = self.demo.take() else {
            return false;
        };
        if let Some(mut session) = demo.session {
            session.hold_until_changed(&self.game);
            self.session = Some(session);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Config, Game, LEVEL_COUNT, Mode};
    use crate::ui::app::screen::LEAST_SHOWN;
    use crate::ui::test_support::{AREA, left_click};
    use crate::ui::theme::Theme;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    /// A demo of a 2 x 4 deal (four pairs), started at `t`.
    fn demo(t: Instant) -> App {
        demo_of(Config::DEFAULT.mode, t)
    }

    /// A demo of 2 x 4 deals (four pairs) in `mode`, started at `t`.
    fn demo_of(mode: Mode, t: Instant) -> App {
        let config = Config {
            rows: 2,
            cols: 4,
            kinds: 2,
            seed: 8,
            mode,
            ..Config::DEFAULT
        };
        let game = Game::new(config, t).unwrap();
        App::new(game, Theme::builtin("ascii").unwrap(), true, t).with_demo(None, t)
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    /// Played in tmux: after the demo of a deal, the menu's "Restart this
    /// deal" dealt it again unassisted, so the player who had just watched
    /// the solver clear it could win it into the high scores as their own.
    /// A deal the demo played restarts assisted, also once saved and
    /// resumed; a new game is the player's own.
    #[test]
    fn a_deal_the_demo_played_restarts_assisted() {
        let t = Instant::now();
        let mut a = demo(t);
        let now = t + DEMO_STEP;
        assert!(a.tick(now));
        let plain = |c| key(KeyCode::Char(c), KeyModifiers::NONE);
        a.handle_event(&plain('k'), AREA, now);
        assert!(a.demo.is_none());
        for c in ['m', 'a'] {
            a.handle_event(&plain(c), AREA, now);
        }
        crate::ui::test_support::read_box(&mut a);
        let now = a.now;
        a.handle_event(&plain('y'), AREA, now);
        assert!(a.screens.is_empty(), "{:?}", a.screens);
        assert_eq!(a.game.board().tile_count(), 8, "dealt again");
        assert!(a.game.assisted(), "seen solved");
        // Saved with a move and resumed, it restarts assisted again.
        a.handle_event(&plain('t'), AREA, now);
        let saved = crate::persist::save::SavedGame::new(&a.game, now);
        let mut back = saved.restore(now).unwrap();
        back.apply(Action::Restart, now);
        assert!(back.assisted() && back.is_untouched());
        a.handle_event(&plain('n'), AREA, now);
        crate::ui::test_support::read_box(&mut a);
        a.handle_event(&plain('y'), AREA, a.now);
        assert!(!a.game.assisted(), "a new deal is the player's own");
    }

    /// Found by a hostile run: at 40 x 10 the demo made 7 matches in 2 s
    /// that nobody saw, and could reach its win unseen. It waits for room.
    #[test]
    fn the_demo_holds_while_its_board_does_not_fit() {
        let t = Instant::now();
        let mut a = demo(t);
        a.resize(ratatui::layout::Rect::new(0, 0, 12, 4), t);
        let mut now = t;
        for _ in 0..5 {
            now += DEMO_STEP;
            assert!(!a.tick(now));
        }
        assert_eq!(a.game.board().tile_count(), 8, "no move unseen");
        assert!(a.demo.is_some(), "still playing");
        a.resize(AREA, now);
        now += DEMO_STEP;
        assert!(a.tick(now));
        assert_eq!(a.game.board().tile_count(), 6, "on again with room");
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
        // It said "Not recorded: this game is not saved" (the play-test),
        // true of a demo but not why: the player had not asked to save.
        assert_eq!(screen.unrecorded, Some("a demo"));
        let shown = crate::ui::test_support::screen_rows(&a, 80, 24).join("\n");
        assert!(shown.contains("Not recorded: a demo"), "{shown}");
        assert!(a.session.is_none(), "a demo is never saved");
        assert!(!a.tick(now + DEMO_STEP * 5));
        assert_eq!(a.game.score(), a.game.win().unwrap().score);
    }

    /// Played in tmux (hostile21): `--demo --rows 2 --cols 2 --kinds 1`
    /// and a key at once, then the board won by hand: the win box said
    /// "(assisted: the demo)" and the table marked it `*`, though the
    /// solver had not made a move. A demo stopped before its first move
    /// leaves the deal the player's.
    #[test]
    fn a_demo_stopped_before_its_first_move_leaves_the_game_unassisted() {
        let t = Instant::now();
        let mut a = demo(t);
        a.handle_event(
            &key(KeyCode::Char('w'), KeyModifiers::NONE),
            AREA,
            t + LEAST_SHOWN,
        );
        assert!(a.demo.is_none(), "taken over");
        assert!(a.game.is_untouched());
        assert!(
            !a.game.assisted() && !a.game.watched(),
            "nothing seen solved"
        );
        // A demo that made its move marks the game.
        let mut a = demo(t);
        assert!(a.tick(t + DEMO_STEP));
        a.handle_event(
            &key(KeyCode::Char('w'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert!(a.game.assisted() && a.game.watched());
    }

    /// Played in tmux (hostile21): a double click on the menus' *Watch a
    /// demo*, or a `w` held a moment, started the demo and stopped it at
    /// once: the board stood still, the player's, with nothing shown. A
    /// demo takes no key or click (but Ctrl-C) for its first
    /// [`LEAST_SHOWN`], as the boxes that come with a move do.
    #[test]
    fn a_double_click_on_watch_a_demo_leaves_it_playing() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = crate::ui::test_support::app_in(dir.path(), crate::ui::test_support::tiny());
        a.handle_event(&key(KeyCode::Esc, KeyModifiers::NONE), AREA, a.now);
        let shown = crate::ui::test_support::screen_rows(&a, AREA.width, AREA.height);
        let (y, row) = shown
            .iter()
            .enumerate()
            .find(|(_, r)| r.contains("Watch a demo"))
            .unwrap();
        let x = row.find("Watch a demo").unwrap() as u16;
        let t = a.now;
        a.handle_event(&left_click(x, y as u16), AREA, t);
        assert!(a.demo.is_some(), "the first click starts it");
        let second = t + Duration::from_millis(200);
        a.handle_event(&left_click(x, y as u16), AREA, second);
        assert!(a.demo.is_some(), "the second click leaves it playing");
        let repeat = t + Duration::from_millis(350);
        a.handle_event(&key(KeyCode::Char('w'), KeyModifiers::NONE), AREA, repeat);
        assert!(a.demo.is_some(), "so does a held key's repeat");
        assert!(a.tick(t + DEMO_STEP), "it plays its first move");
        a.handle_event(&left_click(x, y as u16), AREA, t + DEMO_STEP);
        assert!(a.demo.is_none(), "a click after it stops it");
    }

    #[test]
    fn any_key_or_click_stops_the_demo_and_play_goes_on() {
        let t = Instant::now();
        let mut a = demo(t);
        assert!(a.tick(t + DEMO_STEP));
        let board = a.game.board().clone();
        let cursor = a.game.cursor();
        a.handle_event(
            &key(KeyCode::Char('k'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert!(a.demo.is_none());
        assert!(!a.quit);
        assert_eq!(a.game.cursor(), cursor, "the key does nothing else");
        // But the title line says the game is the player's now (play42:
        // the demo's note went and nothing said what the key had done).
        a.now = t + DEMO_STEP;
        let title = &crate::ui::test_support::screen_rows(&a, 80, 24)[0];
        assert!(title.contains(TAKEN_OVER), "{title}");
        assert!(!a.tick(t + DEMO_STEP * 10));
        assert_eq!(a.game.board(), &board);
        // Once the points of its last match have faded, only the clock
        // wakes the loop.
        assert_eq!(
            a.timeout(t + DEMO_STEP * 4),
            Some(Duration::from_millis(600))
        );
        // The player plays on.
        a.handle_event(
            &key(KeyCode::Char('k'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert_eq!(
            a.game.cursor(),
            crate::core::grid::Point::new(0, cursor.col)
        );

        let mut b = demo(t);
        b.handle_event(&left_click(0, 0), AREA, t + LEAST_SHOWN);
        assert!(b.demo.is_none() && !b.quit);
        let mut c = demo(t);
        c.handle_event(&key(KeyCode::Char('c'), KeyModifiers::CONTROL), AREA, t);
        assert!(c.demo.is_none() && c.quit, "Ctrl-C stops and quits");
    }

    /// A data directory holding the player's saved game; its bytes.
    fn saved_game(dir: &std::path::Path, t: Instant) -> Vec<u8> {
        saved_game_of(
            dir,
            Config {
                seed: 1,
                ..Config::DEFAULT
            },
            t,
        )
    }

    /// [`saved_game`] of a game of `config`.
    fn saved_game_of(dir: &std::path::Path, config: Config, t: Instant) -> Vec<u8> {
        use crate::persist::session::Wanted;
        let mut start =
            Session::start(dir.into(), false, Wanted::default(), config, 59, t).unwrap();
        let (a, b) = crate::game::find_match(start.game.board()).unwrap();
        start.game.apply(Action::Click(a), t);
        start.game.apply(Action::Click(b), t);
        assert_eq!(start.session.sync(&start.game, t), None);
        std::fs::read(dir.join("game.json")).unwrap()
    }

    /// A demo of the 2 x 4 deal that saves, once taken over, in `dir`, as
    /// `--demo` starts one.
    fn demo_in(dir: &std::path::Path, t: Instant) -> App {
        demo_of_in(Config::DEFAULT.mode, dir, t)
    }

    /// [`demo_in`] in `mode`.
    fn demo_of_in(mode: Mode, dir: &std::path::Path, t: Instant) -> App {
        let (mut session, message) = Session::open(dir.into());
        assert_eq!(message, None);
        session.displace_saved(t);
        let game = demo_of(mode, t).game;
        App::new(game, Theme::builtin("ascii").unwrap(), true, t).with_demo(Some(session), t)
    }

    /// Found by the hostile run (hostile20, tmux at 80 x 24):
    /// `lianliankan --daily`, a hint, q, then `lianliankan --demo`, a key to
    /// take over and `t`: the day's saved first game was replaced and the
    /// day counted as played, so `--daily` dealt a replay, never recorded,
    /// and nothing said so at any point (the menus' "Watch a demo" asks
    /// first). Taking over now says that the saved game stays until the
    /// first move, and what that move makes of a day's daily deal.
    #[test]
    fn taking_over_a_demo_says_what_the_first_move_replaces() {
        let t = Instant::now();
        let take_over = |dir: &std::path::Path| {
            let mut a = demo_in(dir, t);
            a.handle_event(
                &key(KeyCode::Char('k'), KeyModifiers::NONE),
                AREA,
                t + LEAST_SHOWN,
            );
            assert!(a.demo.is_none());
            a.warning
        };
        let none = tempfile::tempdir().unwrap();
        assert_eq!(
            take_over(none.path()),
            None,
            "no saved game, nothing to say"
        );
        let plain = tempfile::tempdir().unwrap();
        saved_game(plain.path(), t);
        let said = take_over(plain.path()).unwrap_or_default();
        assert!(
            said.contains("The saved game stays until your first move replaces it"),
            "{said}"
        );
        assert!(!said.contains("daily"), "{said}");
        let daily = tempfile::tempdir().unwrap();
        let day: crate::game::daily::Day = "2026-11-30".parse().unwrap();
        let config = Config {
            daily: Some(day),
            seed: day.config().seed,
            ..Config::DEFAULT
        };
        saved_game_of(daily.path(), config, t);
        let said = take_over(daily.path()).unwrap_or_default();
        assert!(
            said.contains("stays until your first move")
                && said.contains(
                    "the first game of the daily deal of 2026-11-30: once it is replaced, \
                     that deal is a replay, not recorded"
                ),
            "{said}"
        );
    }

    #[test]
    fn a_demo_taken_over_is_saved_from_the_players_first_move_on() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let t = Instant::now();
        let saved = saved_game(dir.path(), t);
        let mut a = demo_in(dir.path(), t);
        assert!(a.tick(t + DEMO_STEP));
        assert_eq!(
            std::fs::read(&file).unwrap(),
            saved,
            "the demo's move is not saved"
        );
        // A key takes over; moving the cursor and quitting is not a move.
        a.handle_event(
            &key(KeyCode::Char('k'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        a.handle_event(
            &key(KeyCode::Char('l'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert!(a.close(t).is_empty());
        assert_eq!(std::fs::read(&file).unwrap(), saved, "no move, no save");
        assert!(!dir.path().join("stats.json").exists(), "nor a count");
        // The player's first move: this game, marked assisted, is saved,
        // and the one it replaces counts as abandoned.
        a.handle_event(
            &key(KeyCode::Char('t'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert_ne!(std::fs::read(&file).unwrap(), saved);
        let (stats, _) = crate::persist::stats::Stats::load(dir.path()).unwrap();
        assert_eq!(stats.total().abandoned, 1);
        let board = a.game.board().clone();
        drop(a);
        let again = Session::start(
            dir.path().into(),
            false,
            crate::persist::session::Wanted::default(),
            Config::DEFAULT,
            59,
            t,
        )
        .unwrap();
        assert!(again.resumed);
        assert_eq!(again.game.board(), &board);
        assert!(again.game.assisted(), "never the player's own high score");
    }

    /// Played in tmux (playtest12): a demo taken over and won enters the
    /// table marked `*`, and the box said '(assisted: undo, hint or demo)'
    /// over a legend of '* assisted (undo, hint)'. The legend names the
    /// demo too, and the box now says the demo helped.
    #[test]
    fn the_legend_of_a_demo_taken_over_and_won_names_the_demo() {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        let mut a = demo_of_in(
            Mode::Single(crate::core::gravity::Gravity::None),
            dir.path(),
            t,
        );
        assert!(a.tick(t + DEMO_STEP));
        a.handle_event(
            &key(KeyCode::Char('k'), KeyModifiers::NONE),
            AREA,
            t + DEMO_STEP,
        );
        assert!(a.demo.is_none());
        while let Some((p, q)) = crate::game::find_match(a.game.board()) {
            a.now += Duration::from_secs(1);
            crate::ui::test_support::pick(&mut a, p);
            crate::ui::test_support::pick(&mut a, q);
        }
        assert!(a.game.win().is_some());
        crate::ui::test_support::read_box(&mut a);
        let shown = crate::ui::test_support::screen_rows(&a, 80, 24).join("\n");
        assert!(shown.contains("(assisted: the demo)"), "{shown}");
        assert!(shown.contains("* assisted (undo, hint or demo)"), "{shown}");
        // Where it does not fit, the mark alone, never cut at the border.
        let narrow = crate::ui::test_support::screen_rows(&a, 30, 24).join("\n");
        assert!(narrow.contains("* assisted "), "{narrow}");
        assert!(!narrow.contains("(undo, hint or"), "{narrow}");
    }

    /// A run of levels, as `--demo` deals without options: the demo plays
    /// through all seven, with no level card between them, and saves nothing
    /// on the way.
    #[test]
    fn a_demo_played_to_the_win_is_not_recorded_and_leaves_the_save_until_a_move() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let t = Instant::now();
        let saved = saved_game(dir.path(), t);
        let mut a = demo_of_in(Mode::Levels, dir.path(), t);
        let mut now = t;
        for _ in 0..4 * LEVEL_COUNT {
            now += DEMO_STEP;
            assert!(a.tick(now), "a move every step");
            assert!(a.screens.is_empty(), "no level card in a demo");
            assert_eq!(std::fs::read(&file).unwrap(), saved, "nothing saved");
        }
        assert!(a.demo.is_none(), "the demo ends with the win");
        assert_eq!(a.warning, None, "a win is no take-over: no note");
        assert_eq!(a.game.level().number, LEVEL_COUNT - 1, "every level");
        assert!(
            a.win_screen
                .as_ref()
                .is_some_and(|w| w.unrecorded.is_some())
        );
        // Quitting on the demo's win records nothing and keeps the save.
        assert!(a.close(now).is_empty());
        assert!(!dir.path().join("scores.json").exists());
        assert!(!dir.path().join("stats.json").exists(), "not counted");
        assert_eq!(std::fs::read(&file).unwrap(), saved);
        // A new game from there keeps it too, until its first move.
        crate::ui::test_support::read_box(&mut a);
        let now = a.now;
        a.handle_event(&key(KeyCode::Char('n'), KeyModifiers::NONE), AREA, now);
        assert!(a.game.win().is_none());
        assert!(!dir.path().join("scores.json").exists());
        assert_eq!(std::fs::read(&file).unwrap(), saved);
        assert!(!a.game.assisted(), "the new game is the player's own");
        a.handle_event(&key(KeyCode::Char('t'), KeyModifiers::NONE), AREA, now);
        assert_ne!(std::fs::read(&file).unwrap(), saved);
        let (stats, _) = crate::persist::stats::Stats::load(dir.path()).unwrap();
        let total = stats.total();
        assert_eq!((total.started, total.won), (1, 0), "the new game counts");
        assert_eq!(total.abandoned, 1, "and the saved game it replaced");
    }
}
