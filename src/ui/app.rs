//! The application: the game plus what only the screen needs (theme, the
//! screens over the board, colour, settings), and the one place that routes
//! terminal events: what is in front ([`App::top`]: the message box, the
//! demo, the screen on top, the too-small notice, the win, time-up and
//! paused boxes, the board) takes them.
//! `app/records.rs` adds saving, the win screen's name prompt and recording;
//! `app/screen.rs` the screens; `app/menus.rs` the menus and forms;
//! `app/keys.rs` the key table; `app/pages.rs` the text pages' lines and
//! boxes; `app/demo.rs` the solver playing a demo.

mod demo;
pub mod keys;
pub mod menus;
pub(crate) mod pages;
mod records;
pub mod screen;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

use crate::core::gravity::Slide;
use crate::core::grid::Point;
use crate::game::{Action, Game, Pace};
use crate::persist::session::Session;
use crate::persist::settings::{Animation, Settings};
use crate::ui::layout::{Areas, BoardLayout};
use crate::ui::theme::{Charset, ColorDepth, Theme};
use crate::ui::win_screen::WinScreen;

pub use demo::{DEMO_NOTE, DEMO_STEP, Demo};
use keys::Command;
use screen::{Abandon, LEAST_SHOWN, LEVEL_CARD_TIME, Menu, MenuKind, Screen};

/// How often the screen is redrawn while a line grows or tiles slide.
pub const FRAME_TIME: Duration = Duration::from_millis(16);

/// Everything the renderer reads and the event loop changes.
#[derive(Debug, Clone)]
pub struct App {
    /// The game being played.
    pub game: Game,
    /// How tiles look.
    pub theme: Theme,
    /// Whether tiles and lines are drawn in colour: the setting, unless
    /// `NO_COLOR` asks for none.
    pub color: bool,
    /// How many colours the terminal shows, when `color` is on.
    pub depth: ColorDepth,
    /// The characters of borders, match lines and titles.
    pub charset: Charset,
    /// False when `NO_COLOR` asks for no colours, whatever the setting.
    color_allowed: bool,
    /// The player's settings (saved in the data directory when changed).
    pub settings: Settings,
    /// The settings as this game last read or wrote them: a field of
    /// `settings` that differs is a change made here, the only kind saving
    /// writes (another running game may have changed the others).
    settings_saved: Settings,
    /// The screens over the board, the top one last; empty while the board
    /// is played.
    pub screens: Vec<Screen>,
    /// The terminal's size, as last seen.
    pub area: Rect,
    /// The moment the next frame shows (the renderer reads the clock from here).
    pub now: Instant,
    /// The frame on screen: a click is tested against where it drew the
    /// tiles, which is what the player aimed at, not where sliding tiles
    /// have got to by the time the click is handled.
    shown: Shown,
    /// Set when the player asked to quit.
    pub quit: bool,
    /// Where the game is saved; `None` plays without saving.
    pub session: Option<Session>,
    /// The high-score table and name prompt, while a win is on show.
    pub win_screen: Option<WinScreen>,
    /// A message shown in a box until the next key or click (a file kept
    /// aside, a save that failed); already safe for the terminal.
    pub warning: Option<String>,
    /// When the message box last got a message: it takes no key or click
    /// before it has shown for [`LEAST_SHOWN`].
    told: Instant,
    /// When the time-up box came: like the win box, it takes no click
    /// before it has shown for [`LEAST_SHOWN`].
    timed_out: Option<Instant>,
    /// When "Abandon this game?" last came: it takes no key or click before
    /// it has shown for [`LEAST_SHOWN`], so no key sent with the one that
    /// asked (a paste whose end came late, keys typed ahead) answers it unseen.
    asked: Instant,
    /// A word for the title line until the next key or click ("Resumed").
    pub note: Option<&'static str>,
    /// Whether the title line says what to do ([`INTRO`]) while the game
    /// has no move yet: a game that was dealt, not resumed.
    pub intro: bool,
    /// The demo, while the solver plays (`--demo`, or the menus' Watch a demo).
    pub demo: Option<Demo>,
    /// The one-line result of a finished daily deal, shown on the win
    /// screen and printed when the game ends.
    pub share: Option<String>,
    /// The level the last level card was for, to notice the next level.
    seen_level: usize,
    /// Where this game stands in the statistics.
    counted: records::Counted,
    /// Whether this game is a daily deal whose day was played to its end
    /// before it began: a replay, which is not recorded, and says so.
    pub(crate) replay: bool,
    /// Whether the event loop is taking a batch of inputs that were
    /// waiting: a move's save then waits for [`App::end_batch`], so keys
    /// that come faster than a big board saves (a held-down undo) are
    /// saved once a batch, not once each.
    batching: bool,
}

/// What is in front ([`App::top`]): it takes the next key or click, and
/// nothing is drawn over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Top<'a> {
    /// The message box ([`App::warning`]): any key or click closes it, and
    /// does nothing else (Ctrl-C still quits).
    Message(&'a str),
    /// The solver playing a demo ([`App::demo`]): any key or click stops it,
    /// and the player takes the game over.
    Demo,
    /// The screen on top of [`App::screens`]: help, the level card, a menu
    /// or form, the high scores, the statistics.
    Screen(&'a Screen),
    /// "Please make the terminal larger": the board does not fit, and
    /// neither the win, time-up nor paused box is drawn; keys that play the
    /// board (moves, picks, hints, undo) are not taken, as no click reaches
    /// it, nor is a name typed at a win box not on screen; the menu, help,
    /// pause, a new game and `q` still answer.
    Cramped,
    /// A won game's box ([`App::win_screen`]), with its name prompt until
    /// the score is recorded; a click offers what a finished game offers.
    Won,
    /// The box of a game whose time ran out; a click offers what a finished
    /// game offers.
    TimeUp,
    /// The paused board's box: `p` or a click resumes.
    Paused,
    /// The board in play.
    Board,
}

/// The frame on screen, as [`App::show_frame`] recorded it before drawing.
#[derive(Debug, Clone)]
struct Shown {
    /// The moment it shows.
    at: Instant,
    /// The tiles it drew sliding.
    slides: Vec<Slide>,
    /// How far they had got (0 to 1).
    moved: f32,
    /// When the match that moved them was made (`None`: no match yet), to
    /// follow a tile drawn there through a match made since.
    made: Option<Instant>,
}

impl App {
    /// An app showing `game` in `theme`, in colour unless `color` is false
    /// (`NO_COLOR`), with the default settings.
    pub fn new(game: Game, theme: Theme, color: bool, now: Instant) -> Self {
        let seen_level = game.level().number;
        App {
            game,
            theme,
            color,
            depth: ColorDepth::default(),
            charset: Charset::default(),
            color_allowed: color,
            settings: Settings::default(),
            settings_saved: Settings::default(),
            screens: Vec::new(),
            area: Rect::new(0, 0, 80, 24),
            now,
            shown: Shown {
                at: now,
                slides: Vec::new(),
                moved: 0.0,
                made: None,
            },
            quit: false,
            session: None,
            win_screen: None,
            warning: None,
            told: now,
            timed_out: None,
            asked: now,
            note: None,
            intro: false,
            demo: None,
            share: None,
            seen_level,
            counted: records::Counted::No,
            replay: false,
            batching: false,
        }
    }

    /// The event loop begins a batch of the inputs waiting: saves wait for
    /// [`App::end_batch`].
    pub fn begin_batch(&mut self) {
        self.batching = true;
    }

    /// The batch of inputs is taken: the game is saved if they changed it.
    /// Whether the screen must be drawn again (a save that failed is told).
    pub fn end_batch(&mut self, now: Instant) -> bool {
        self.batching = false;
        self.save_if_changed(now)
    }

    /// Says on the title line what to do, on a game that was dealt for
    /// this start, until its first move.
    pub fn with_intro(mut self) -> Self {
        self.intro = true;
        self
    }

    /// Plays with `settings`: colours, animation speed and hints follow them.
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings_saved = settings.clone();
        self.apply_settings(settings);
        self
    }

    /// Makes `settings` the ones in force: colours (unless `NO_COLOR`),
    /// the pace of lines and slides, and the theme when it names one.
    fn apply_settings(&mut self, settings: Settings) {
        self.color = self.color_allowed && settings.color;
        self.game.set_pace(match settings.animation {
            Animation::Normal => Pace::NORMAL,
            Animation::Fast => Pace::FAST,
            Animation::Off => Pace::OFF,
        });
        if let Some(theme) = settings
            .theme
            .as_deref()
            .and_then(|n| Theme::builtin(n).ok())
        {
            self.use_theme(theme);
        }
        // A pause menu under the settings offers Hint as they say now.
        for screen in &mut self.screens {
            if let Screen::Menu(menu) = screen
                && menu.kind == MenuKind::Pause
            {
                menu.set_hints(settings.hints);
            }
        }
        self.settings = settings;
    }

    /// Draws the tiles with `theme` when it has a symbol for every kind of
    /// this game (else the tiles stay as they are).
    fn use_theme(&mut self, theme: Theme) {
        if theme.kinds() >= self.game.config().kinds {
            self.theme = theme;
        }
    }

    /// Where the board sits on a screen of `area`, or `None` if it is too small.
    /// The renderer and the mouse both use this.
    pub fn board_layout(&self, area: Rect) -> Option<BoardLayout> {
        self.screen_layout(area).1
    }

    /// The parts of a screen of `area` (with the side panel when there is
    /// room) and where the board sits.
    pub fn screen_layout(&self, area: Rect) -> (Areas, Option<BoardLayout>) {
        let board = self.game.board();
        Areas::for_board(area, board.rows(), board.cols(), self.theme.width())
    }

    /// The terminal now has the size `area`: a board that no longer fits
    /// is hidden behind a message, and its clock stands meanwhile.
    pub fn resize(&mut self, area: Rect, now: Instant) {
        self.area = area;
        self.sync_cover(now);
        self.fit_paged_box();
    }

    /// Whether anything hides the board: a screen over it, the message box,
    /// or a terminal too small to draw it.
    pub fn board_hidden(&self) -> bool {
        !self.screens.is_empty() || self.warning.is_some() || self.board_layout(self.area).is_none()
    }

    /// Stops the game's clock while the board is hidden, and runs it again
    /// once it shows.
    fn sync_cover(&mut self, now: Instant) {
        let hidden = self.board_hidden();
        self.game.set_covered(hidden, now);
    }

    /// Applies a terminal event on a screen of `area` at `now`. Returns
    /// whether the screen needs drawing again (mouse motion, for one, does not).
    pub fn handle_event(&mut self, event: &Event, area: Rect, now: Instant) -> bool {
        self.now = now;
        self.area = area;
        let input = matches!(event, Event::Key(k) if k.is_press())
            || matches!(event, Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)));
        if input {
            self.note = None;
        }
        let ctrl_c = matches!(event, Event::Key(key) if key.is_press() && keys::is_ctrl_c(key));
        // The key or click that closes the message box or stops the demo
        // does nothing else, except Ctrl-C. The box takes none before it
        // has shown for LEAST_SHOWN: a message that comes with a move
        // (a file kept aside, a save that failed) went with the player's
        // next key, unread.
        let closed = input
            && match self.top() {
                Top::Message(_) if !self.read(self.told, now) => true,
                Top::Message(_) => {
                    self.warning = None;
                    self.sync_cover(now);
                    true
                }
                Top::Demo => self.stop_demo(),
                _ => false,
            };
        if closed {
            self.quit = ctrl_c;
            self.fit_paged_box();
            return true;
        }
        match event {
            Event::Key(key) if key.is_press() => self.handle_key(*key, now),
            Event::Mouse(
                mouse @ MouseEvent {
                    kind: MouseEventKind::Down(button @ (MouseButton::Left | MouseButton::Right)),
                    ..
                },
            ) => self.handle_click(*button, *mouse, now),
            Event::Mouse(MouseEvent {
                kind: kind @ (MouseEventKind::ScrollUp | MouseEventKind::ScrollDown),
                ..
            }) if matches!(self.top(), Top::Screen(_)) => {
                self.list_wheel(*kind == MouseEventKind::ScrollDown, now)
            }
            Event::Resize(..) | Event::FocusGained => {}
            _ => return false,
        }
        self.after_event(now);
        true
    }

    /// What is in front: the one thing that takes the next key or click,
    /// drawn over everything else. Each part of the state behind it keeps
    /// its own life (the message box until a key once it is read, the demo until
    /// the player takes over, the screens on their stack, the win box while
    /// the game stays won, so an undo takes it away); this is the one place
    /// that says which of them is in front.
    pub fn top(&self) -> Top<'_> {
        if let Some(message) = &self.warning {
            Top::Message(message)
        } else if self.demo.is_some() {
            Top::Demo
        } else if let Some(screen) = self.screens.last() {
            Top::Screen(screen)
        } else if self.board_layout(self.area).is_none() {
            Top::Cramped
        } else if self.game.win().is_some() {
            Top::Won
        } else if self.game.time_up().is_some() {
            Top::TimeUp
        } else if self.game.is_paused() {
            Top::Paused
        } else {
            Top::Board
        }
    }

    /// The one place a key goes: Ctrl-C quits from anywhere; else what is
    /// in front takes it: the screen on top, the win box's name prompt, or
    /// the board's key table (which a paused or finished game answers too,
    /// and a board too large for the terminal all but its moves).
    fn handle_key(&mut self, key: KeyEvent, now: Instant) {
        if keys::is_ctrl_c(&key) {
            self.quit = true;
            return;
        }
        let top = self.top();
        let (screen, won, cramped) = (
            matches!(top, Top::Screen(_)),
            top == Top::Won,
            top == Top::Cramped,
        );
        if screen {
            self.screen_key(key, now);
        } else if won && self.prompt_key(key, now) {
            // Typed at the name prompt.
        } else if let Some(command) = keys::command(&key)
            && !(cramped && plays_the_board(command))
        {
            self.command(command, now);
        }
    }

    /// Whether a key or click at `now` may act on a box that appears at
    /// `from` (the level card, the message box, the win and time-up boxes):
    /// a frame has shown it (the cleared board's last line is on screen
    /// until the card comes), and for [`LEAST_SHOWN`], so that no key skips
    /// it unseen or unread.
    pub(super) fn read(&self, from: Instant, now: Instant) -> bool {
        self.shows(from) && now >= from + LEAST_SHOWN
    }

    /// Whether "Abandon this game?" is on top and not read yet (see
    /// [`App::read`]): its keys and clicks wait, as the message box's do.
    fn unread_question(&self, now: Instant) -> bool {
        let asking = matches!(self.screens.last(),
            Some(Screen::Menu(m)) if matches!(m.kind, MenuKind::Confirm(_)));
        asking && !self.read(self.asked, now)
    }

    /// A key on the screen on top. Every page (help, high scores,
    /// statistics) closes on Esc, Enter, Space and `q`, as pagers do; the
    /// level card goes on to the next board on any key, and `q` there quits
    /// the game.
    fn screen_key(&mut self, key: KeyEvent, now: Instant) {
        if self.unread_question(now) {
            return;
        }
        match self.screens.last_mut() {
            Some(Screen::Help { .. }) => match key.code {
                KeyCode::Char('?' | 'q' | ' ') | KeyCode::Esc | KeyCode::Enter => {
                    self.screens.pop();
                }
                KeyCode::Down | KeyCode::Char('j') => self.scroll_help(1),
                KeyCode::Up | KeyCode::Char('k') => self.scroll_help(-1),
                KeyCode::PageDown => self.scroll_help(self.help_lines_shown(self.area)),
                KeyCode::PageUp => self.scroll_help(-self.help_lines_shown(self.area)),
                _ => {}
            },
            Some(&mut Screen::LevelCard { from }) => {
                self.quit = key.code == KeyCode::Char('q');
                if self.quit || self.read(from, now) {
                    self.screens.pop();
                }
            }
            Some(Screen::Scores(_) | Screen::Stats(_))
                if matches!(
                    key.code,
                    KeyCode::Up
                        | KeyCode::Down
                        | KeyCode::Char('j' | 'k')
                        | KeyCode::PageUp
                        | KeyCode::PageDown
                ) =>
            {
                match key.code {
                    KeyCode::Up | KeyCode::Char('k') => self.scroll_page(-1, true),
                    KeyCode::Down | KeyCode::Char('j') => self.scroll_page(1, true),
                    KeyCode::PageUp => self.scroll_page(-2, false),
                    _ => self.scroll_page(2, false),
                }
            }
            // Up and Down (and j, k) were taken above: they turn the page
            // at its top or end.
            Some(Screen::Scores(_) | Screen::Stats(_)) => match key.code {
                KeyCode::Left | KeyCode::Char('h') | KeyCode::BackTab => self.step_pages(-1),
                KeyCode::Right | KeyCode::Char('l') | KeyCode::Tab => self.step_pages(1),
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q' | ' ') => {
                    self.screens.pop();
                }
                _ => {}
            },
            Some(Screen::Menu(_) | Screen::NewGame(_) | Screen::Settings(_)) => {
                self.list_key(key, now)
            }
            None => {}
        }
    }

    /// Scrolls the help on top by `by` lines, as far as it goes on this
    /// screen.
    pub(super) fn scroll_help(&mut self, by: isize) {
        let most = self.help_max_top(self.area);
        if let Some(Screen::Help { top }) = self.screens.last_mut() {
            *top = top.saturating_add_signed(by).min(most);
        }
    }

    /// Pauses a game in play as `p` does (the clock stops, the game is
    /// saved): the process is about to be stopped (SIGTSTP), maybe for long.
    pub fn suspend(&mut self, now: Instant) {
        // Saved before the stop, which may last (the screen is drawn
        // again after it in any case).
        self.end_batch(now);
        if self.screens.is_empty()
            && self.demo.is_none()
            && !self.game_over()
            && !self.game.is_paused()
        {
            self.command(Command::Pause, now);
            self.after_event(now);
        }
    }

    /// Whether the game on show has ended: won, or out of time.
    fn game_over(&self) -> bool {
        self.game.win().is_some() || self.game.time_up().is_some()
    }

    /// What a board key does.
    pub(super) fn command(&mut self, command: Command, now: Instant) {
        let over = self.game_over();
        let action = match command {
            Command::Move(d) => Action::Move(d),
            Command::Jump(d) => Action::Jump(d),
            Command::Select => match self.cursor_tile() {
                p if p == self.game.cursor() => Action::Select,
                // The tile in the brackets is on its way elsewhere: Space
                // takes it as a click there would, and the cursor goes with it.
                p => Action::Click(p),
            },
            Command::Highlight => Action::Highlight(self.cursor_tile()),
            Command::Hint if !self.settings.hints => {
                // Said, not ignored: the help lists t whatever the settings.
                self.note = Some(HINTS_OFF);
                return;
            }
            Command::Hint => Action::Hint,
            Command::Reshuffle => Action::Reshuffle,
            Command::Undo if !self.may_undo() => return,
            Command::Undo => Action::Undo,
            Command::Redo => Action::Redo,
            Command::Pause => Action::TogglePause,
            // A finished game's box has no board to play: Esc and m open
            // what a click on it opens, as its key line says.
            Command::Back | Command::Menu if over => return self.open_finished_menu(),
            Command::Back if self.game.has_marks() => Action::Cancel,
            Command::Back | Command::Menu => {
                return self
                    .screens
                    .push(Screen::Menu(Menu::pause(self.settings.hints)));
            }
            Command::NewGame => return self.ask_abandon(Abandon::ForNewGame, now),
            Command::Help => return self.screens.push(Screen::Help { top: 0 }),
            Command::Quit => return self.quit = true,
        };
        self.game.apply(action, now);
    }

    /// Opens the menu of a won or lost game: its score to record, undo while
    /// allowed, a new game, the tables, quit.
    fn open_finished_menu(&mut self) {
        let record = self.win_screen.as_ref().is_some_and(|w| w.prompting());
        let undo = self.may_undo();
        let kind = MenuKind::Finished { record, undo };
        self.screens.push(Screen::Menu(Menu::new(kind)));
    }

    /// Throws the game away for `why`, asking first when it has moves to lose.
    fn ask_abandon(&mut self, why: Abandon, now: Instant) {
        let finished = self.game_over();
        if finished || self.game.is_untouched() {
            self.abandon(why, now);
        } else {
            self.asked = now;
            self.screens
                .push(Screen::Menu(Menu::new(MenuKind::Confirm(why))));
        }
    }

    /// A left click selects the tile under the pointer, or chooses the menu
    /// item under it; a right click highlights a tile's kind, or clears the
    /// highlight off the tiles. Help, the level card and the statistics
    /// close on a click, the high scores and the lists on a click outside
    /// their box. So that the mouse alone plays every part of the game, a left
    /// click on the title or status line opens the menu, and on a finished
    /// game anywhere opens what it offers (record, new game, undo, quit);
    /// on a paused board it resumes, on a board too large for the terminal
    /// it opens the menu.
    fn handle_click(&mut self, button: MouseButton, mouse: MouseEvent, now: Instant) {
        let left = button == MouseButton::Left;
        let edge = mouse.row == self.area.y || mouse.row.saturating_add(1) == self.area.bottom();
        match self.top() {
            Top::Screen(_) => return self.screen_click(button, mouse, now),
            // The second click of a double click on the last pair: the box
            // stays in sight.
            Top::Won if !self.win_box_read(now) => return,
            // The click that was to take a tile as the time ran out: the
            // box stays in sight, and the next click cannot choose from a
            // menu over it unread.
            Top::TimeUp if self.timed_out.is_some_and(|at| !self.read(at, now)) => return,
            Top::Won | Top::TimeUp if left => return self.open_finished_menu(),
            _ if left && edge => return self.command(Command::Menu, now),
            // The paused box says a click resumes: the mouse alone can go on.
            Top::Paused if left => return self.game.apply(Action::TogglePause, now),
            // The request for room says a click opens the menu, which offers
            // a smaller board: the mouse alone goes on from there.
            Top::Cramped if left => return self.command(Command::Menu, now),
            Top::Cramped => return,
            _ => {}
        }
        let cell = self
            .board_layout(self.area)
            .and_then(|l| self.tile_at(&l, mouse.column, mouse.row));
        let action = match (button, cell) {
            (MouseButton::Right, Some(p)) => Action::Highlight(p),
            (MouseButton::Right, None) => Action::ClearHighlight,
            (_, Some(p)) => Action::Click(p),
            (_, None) => return,
        };
        self.game.apply(action, now);
    }

    /// A click on the screen on top: see [`App::handle_click`].
    fn screen_click(&mut self, button: MouseButton, mouse: MouseEvent, now: Instant) {
        if self.unread_question(now) {
            return;
        }
        match self.screens.last() {
            Some(&Screen::LevelCard { from }) if !self.read(from, now) => {}
            Some(Screen::Help { .. } | Screen::LevelCard { .. }) => {
                self.screens.pop();
            }
            Some(Screen::Scores(_) | Screen::Stats(_)) => {
                // Inside the box the right half shows the next page, the
                // left half the one before; outside it (or with no other
                // page to show) a click goes back, as Esc does.
                let (rect, pages) = self.paged_box(self.area).unwrap_or_default();
                let inside = rect.contains(Position::new(mouse.column, mouse.row));
                if !inside || pages < 2 {
                    self.screens.pop();
                } else {
                    self.step_pages(if mouse.column >= rect.x + rect.width / 2 {
                        1
                    } else {
                        -1
                    });
                }
            }
            Some(Screen::Menu(_) | Screen::NewGame(_) | Screen::Settings(_))
                if button == MouseButton::Left =>
            {
                self.list_click(mouse, now);
            }
            Some(Screen::Menu(_) | Screen::NewGame(_) | Screen::Settings(_)) | None => {}
        }
    }

    /// The board cell of the tile drawn at screen position (`x`, `y`) on
    /// `layout`, so that a click takes what is under the pointer even while
    /// tiles slide after a match: a tile on its way is found where the frame
    /// on screen drew it (see [`App::show_frame`]) and answers for the cell
    /// it is bound for, and a cell it has not reached yet holds no tile on
    /// screen. A match made since that frame is followed: a tile it moved
    /// answers for its new cell, one it removed for none.
    fn tile_at(&self, layout: &BoardLayout, x: u16, y: u16) -> Option<Point> {
        let Shown {
            slides,
            moved,
            made,
            ..
        } = &self.shown;
        let pointer = Position::new(x, y);
        // Drawn last, so on top: the last slide that covers the pointer.
        let drawn = match slides
            .iter()
            .rev()
            .find(|s| layout.slide_rect(s.from, s.to, *moved).contains(pointer))
        {
            Some(s) => s.to,
            None => {
                let p = layout.cell_at(x, y)?;
                if slides.iter().any(|s| s.to == p) {
                    return None;
                }
                p
            }
        };
        // A match made since that frame (events waiting are taken before
        // the next one is drawn): the tile drawn there is gone, or has moved
        // on to a new cell; a cell it slides into showed no tile.
        let Some(r) = self.game.last_match().filter(|r| Some(r.at) != *made) else {
            return Some(drawn);
        };
        if r.path.ends().is_some_and(|(a, b)| drawn == a || drawn == b) {
            return None;
        }
        match r.slides.iter().find(|s| s.from == drawn) {
            Some(s) => Some(s.to),
            None => (!r.slides.iter().any(|s| s.to == drawn)).then_some(drawn),
        }
    }

    /// The frame about to be drawn shows the game at `now`: the renderer
    /// reads this clock, and the clicks that come before the next frame are
    /// tested against this one.
    pub fn show_frame(&mut self, now: Instant) {
        self.now = now;
        let (slides, moved) = self.game.slides(now).unwrap_or_default();
        self.shown = Shown {
            at: now,
            slides: slides.to_vec(),
            moved,
            made: self.game.last_match().map(|r| r.at),
        };
    }

    /// Whether the frame on screen shows the game as it is at `at` or
    /// later: what came before it (a level card, a win box) has been seen.
    pub(super) fn shows(&self, at: Instant) -> bool {
        self.shown.at >= at
    }

    /// The cell of the tile the cursor's brackets show: its own tile (drawn
    /// in it, or on its way to it wearing the brackets), else, on a cell a
    /// tile is sliding out of, that tile while the frame on screen still
    /// draws it there (the brackets of an empty cell stay put, so the tile
    /// leaving shows inside them until it has slid out). Before, Space on
    /// such a cell took nothing though a tile showed in the brackets, and a
    /// click on it took that tile.
    fn cursor_tile(&self) -> Point {
        let cursor = self.game.cursor();
        if !self.game.board().is_empty_at(cursor) {
            return cursor;
        }
        self.board_layout(self.area)
            .and_then(|l| {
                let (x, y) = l.centre(cursor);
                self.tile_at(&l, x, y)
            })
            .unwrap_or(cursor)
    }

    /// Lets time act at `now` without input: a timed level that runs out
    /// ends the game (and its save goes with it), the level card goes after
    /// its time, and a demo plays its move when it is due. Returns whether
    /// the screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let lost = self.game.time_up().is_some();
        self.game.tick(now);
        let timed_out = !lost && self.game.time_up().is_some();
        let card_gone = matches!(self.screens.last(), Some(&Screen::LevelCard { from }) if now >= from + LEVEL_CARD_TIME);
        if card_gone {
            self.screens.pop();
        }
        if timed_out || card_gone {
            self.now = now;
            self.after_event(now);
        }
        self.play_demo(now) || timed_out || card_gone
    }

    /// After every event: a new level brings its card, the clock follows
    /// what hides the board, then the win screen, the statistics and the
    /// save (see `app/records.rs`).
    fn after_event(&mut self, now: Instant) {
        self.timed_out = self.game.time_up().map(|_| self.timed_out.unwrap_or(now));
        let level = self.game.level().number;
        if level != self.seen_level {
            self.seen_level = level;
            if level > 0 && self.demo.is_none() && self.game.win().is_none() {
                let from = self
                    .game
                    .removal(now)
                    .map_or(now, |r| r.at + self.game.pace().line);
                self.screens.push(Screen::LevelCard { from });
            }
        }
        self.sync_cover(now);
        self.after_move(now);
        self.end_displaced();
        self.fit_paged_box();
    }

    /// How long the event loop may sleep before the screen must change by
    /// itself: a frame while a line grows, else the next notice expiry, clock
    /// second, level card or demo move; `None` when nothing will change
    /// without input.
    pub fn timeout(&self, now: Instant) -> Option<Duration> {
        if self.game.animating(now) {
            return Some(FRAME_TIME);
        }
        let change = self
            .game
            .next_change(now)
            .map(|t| t.saturating_duration_since(now));
        let feedback = self
            .feedback_change(now)
            .map(|t| t.saturating_duration_since(now));
        let tick = self.game.until_next_second(now);
        let demo = self
            .demo
            .as_ref()
            .map(|d| d.next.saturating_duration_since(now));
        let card = match self.screens.last() {
            Some(&Screen::LevelCard { from }) => {
                Some((from + LEVEL_CARD_TIME).saturating_duration_since(now))
            }
            _ => None,
        };
        [change, feedback, tick, demo, card]
            .into_iter()
            .flatten()
            .min()
    }
}

/// Whether `command` acts on the tiles (or the cursor among them), which a
/// player cannot do on a board not on screen ([`Top::Cramped`]).
fn plays_the_board(command: Command) -> bool {
    matches!(
        command,
        Command::Move(_)
            | Command::Jump(_)
            | Command::Select
            | Command::Highlight
            | Command::Hint
            | Command::Reshuffle
            | Command::Undo
            | Command::Redo
    )
}

/// The lines a page key scrolls on a screen of `area`: its height.
/// What to do, in one line, on the first screen of a new game.
pub const INTRO: &str = "click two equal tiles; Esc or a click here opens the menu; ? help";

/// What the title line says to `t` while the settings have hints off.
const HINTS_OFF: &str = "hints are off (menu, Settings)";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Config;
    use crate::ui::test_support::{AREA, key, left_click as click, wheel};
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState, KeyModifiers};
    use screen::MenuKind;

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

    /// On a terminal too small for the board, "Please make the terminal
    /// larger" is in front: keys that play the board are not taken (found
    /// by the play-test: Space, l, Space made a match unseen, with the clock
    /// stopped as the board is hidden). The menu, help, pause and q still
    /// answer; grown again, the board takes keys.
    #[test]
    fn a_board_too_large_for_the_terminal_takes_no_moves() {
        let (mut a, t) = app();
        let small = Rect::new(0, 0, 14, 4);
        a.resize(small, t);
        assert!(a.board_layout(small).is_none());
        assert_eq!(a.top(), Top::Cramped);
        let before = (a.game.board().clone(), a.game.cursor());
        for code in [
            KeyCode::Char(' '),
            KeyCode::Char('l'),
            KeyCode::Char('L'),
            KeyCode::Enter,
            KeyCode::Down,
            KeyCode::Char('f'),
            KeyCode::Char('t'),
            KeyCode::Char('r'),
            KeyCode::Char('u'),
            KeyCode::Char(' '),
        ] {
            a.handle_event(&key(code), small, t);
        }
        a.handle_event(&click(7, 2), small, t);
        assert_eq!((a.game.board().clone(), a.game.cursor()), before);
        assert_eq!(a.game.selected(), None);
        assert_eq!(a.game.hints_left(), 3, "no hint taken blind");
        // What does not play the board still answers.
        a.handle_event(&key(KeyCode::Char('?')), small, t);
        assert!(matches!(a.top(), Top::Screen(Screen::Help { .. })));
        a.handle_event(&key(KeyCode::Char('q')), small, t);
        a.handle_event(&key(KeyCode::Char('m')), small, t);
        assert!(matches!(a.top(), Top::Screen(Screen::Menu(_))));
        a.handle_event(&key(KeyCode::Esc), small, t);
        assert_eq!(a.top(), Top::Cramped);
        // Grown again, the board plays.
        a.handle_event(&Event::Resize(80, 24), AREA, t);
        assert_eq!(a.top(), Top::Board);
        a.handle_event(&key(KeyCode::Char('l')), AREA, t);
        assert_ne!(a.game.cursor(), before.1);
        a.handle_event(&key(KeyCode::Char('q')), small, t);
        assert!(a.quit, "q quits from the message");
    }

    /// Played by mouse alone at 40 x 10: "Please make the terminal
    /// larger ... (Esc: menu; q quits)" named keys only, and a click on it
    /// did nothing (only the unmarked top and bottom lines opened the menu),
    /// so a mouse player could not reach the smaller boards the menu offers.
    #[test]
    fn a_click_on_the_request_for_room_opens_the_menu() {
        let (mut a, t) = app();
        let small = Rect::new(0, 0, 40, 10);
        a.resize(small, t);
        assert_eq!(a.top(), Top::Cramped);
        let screen = crate::ui::test_support::screen_rows(&a, 40, 10).join(" ");
        assert!(screen.contains("(Esc or click: menu; q quits)"), "{screen}");
        a.handle_event(&click(20, 5), small, t);
        assert!(
            matches!(a.top(), Top::Screen(Screen::Menu(_))),
            "{:?}",
            a.screens
        );
        a.handle_event(&key(KeyCode::Esc), small, t);
        assert_eq!(a.top(), Top::Cramped);
    }

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
        a.handle_event(&key(KeyCode::Char('q')), AREA, t);
        assert!(a.quit);
    }

    #[test]
    fn help_opens_closes_and_swallows_keys() {
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char('?')), AREA, t);
        assert_eq!(a.screens, [Screen::Help { top: 0 }]);
        a.handle_event(&key(KeyCode::Char('l')), AREA, t);
        assert_eq!(a.game.cursor(), Point::new(0, 0));
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(a.screens.is_empty() && !a.quit);
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

    /// Ctrl-Z undoes on the board as on the win screen's name prompt (and
    /// in KShisen): before, the board ignored it without a word, though the
    /// win box offers 'Ctrl-Z undo'.
    #[test]
    fn ctrl_z_undoes_a_match_on_the_board() {
        let (mut a, t) = app();
        matched(&mut a, t);
        assert_eq!(a.game.board().tile_count(), 126);
        let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        a.handle_event(&ctrl_z, AREA, t);
        assert_eq!(a.game.board().tile_count(), 128);
        assert!(!a.quit);
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

    fn matched(a: &mut App, t: Instant) {
        let (p, q) = crate::game::find_match(a.game.board()).unwrap();
        a.game.apply(Action::Click(p), t);
        a.game.apply(Action::Click(q), t);
    }

    /// Esc drops what is on show first and never quits: with nothing to
    /// drop it opens the menu, whose Esc plays on.
    #[test]
    fn esc_drops_the_selection_then_opens_the_menu_and_never_quits() {
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char(' ')), AREA, t);
        a.handle_event(&key(KeyCode::Char('f')), AREA, t);
        assert!(a.game.selected().is_some() && a.game.highlight_kind().is_some());
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert_eq!(a.game.selected(), None);
        assert_eq!(a.game.highlight_kind(), None);
        assert!(a.screens.is_empty() && !a.quit);
        a.handle_event(&key(KeyCode::Char('t')), AREA, t);
        assert!(a.game.hint_pair().is_some());
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert_eq!(a.game.hint_pair(), None, "the hint marks go");
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(matches!(a.screens.last(), Some(Screen::Menu(m)) if m.kind == MenuKind::Pause));
        assert!(a.board_hidden() && !a.quit);
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(a.screens.is_empty() && !a.quit);
        // m opens it too; its q quits.
        a.handle_event(&key(KeyCode::Char('m')), AREA, t);
        a.handle_event(&key(KeyCode::Char('q')), AREA, t);
        assert!(a.quit);
    }

    /// `n` on a game with a move asks first; only a yes throws it away.
    #[test]
    fn n_asks_before_abandoning_a_game_with_moves() {
        let (mut a, t) = app();
        // A game without moves goes at once.
        let seed = a.game.config().seed;
        a.handle_event(&key(KeyCode::Char('n')), AREA, t);
        assert!(a.screens.is_empty());
        assert_ne!(a.game.config().seed, seed, "a new deal");
        matched(&mut a, t);
        let board = a.game.board().clone();
        a.handle_event(&key(KeyCode::Char('n')), AREA, t);
        assert!(
            matches!(a.screens.last(), Some(Screen::Menu(m)) if m.kind == MenuKind::Confirm(Abandon::ForNewGame))
        );
        // Answered once the question has shown for a while.
        a.show_frame(t);
        let read = t + LEAST_SHOWN;
        // n (no), Esc and Enter on the first item keep the game.
        for k in [KeyCode::Char('n'), KeyCode::Esc, KeyCode::Enter] {
            if a.screens.is_empty() {
                a.handle_event(&key(KeyCode::Char('n')), AREA, t);
            }
            a.handle_event(&key(k), AREA, read);
            assert!(a.screens.is_empty(), "{k:?}");
            assert_eq!(a.game.board(), &board, "{k:?} keeps the game");
        }
        a.handle_event(&key(KeyCode::Char('n')), AREA, t);
        a.handle_event(&key(KeyCode::Char('y')), AREA, read);
        assert!(a.screens.is_empty());
        assert_eq!(a.game.score(), 0);
        assert_eq!(a.game.board().tile_count(), 128);
    }

    /// Found by the hostile run (in tmux): a paste whose end marker came
    /// more than half a second late had its letters taken as keys, and its
    /// "ny" asked "Abandon this game?" and answered yes before the question
    /// was ever drawn: the game and its save were gone. The question takes
    /// no key or click until it has shown for LEAST_SHOWN, as the message
    /// box does.
    #[test]
    fn a_question_takes_no_answer_before_it_is_read() {
        let (mut a, t) = app();
        matched(&mut a, t);
        let board = a.game.board().clone();
        let asking = |a: &App| {
            matches!(a.screens.last(),
                Some(Screen::Menu(m)) if m.kind == MenuKind::Confirm(Abandon::ForNewGame))
        };
        // n and y in one go, then a click on "Yes", before a frame.
        let t = t + Duration::from_secs(1);
        a.handle_event(&key(KeyCode::Char('n')), AREA, t);
        a.handle_event(&key(KeyCode::Char('y')), AREA, t);
        let (view, layout) = a.list_layout(AREA).unwrap();
        let yes = view.rows.iter().position(|r| r.label.starts_with("Yes"));
        let r = layout.rect_of(yes.unwrap()).unwrap();
        a.handle_event(&click(r.x + 2, r.y), AREA, t + LEAST_SHOWN);
        assert!(asking(&a) && a.game.board() == &board);
        // Drawn, but not for long enough.
        a.show_frame(t);
        a.handle_event(&key(KeyCode::Char('y')), AREA, t + LEAST_SHOWN / 2);
        assert!(asking(&a) && a.game.board() == &board);
        a.handle_event(&key(KeyCode::Char('y')), AREA, t + LEAST_SHOWN);
        assert!(a.screens.is_empty());
        assert_ne!(a.game.board(), &board, "a new game");
    }

    /// A paused board goes on when the player chooses Resume in the menu
    /// (by key or click) or clicks the board; Esc on the menu goes back to
    /// the paused board.
    #[test]
    fn resume_and_a_click_end_a_pause_and_esc_keeps_it() {
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char('p')), AREA, t);
        assert!(a.game.is_paused());
        a.handle_event(&key(KeyCode::Char('m')), AREA, t);
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        assert!(a.screens.is_empty());
        assert!(a.game.is_paused(), "Esc goes back to the paused board");
        a.handle_event(&key(KeyCode::Char('m')), AREA, t);
        a.handle_event(&key(KeyCode::Enter), AREA, t);
        assert!(a.screens.is_empty());
        assert!(!a.game.is_paused(), "Resume resumes");
        // By mouse alone: the top line opens the menu, Resume resumes.
        a.handle_event(&key(KeyCode::Char('p')), AREA, t);
        a.handle_event(&click(40, 0), AREA, t);
        let (view, layout) = a.list_layout(AREA).unwrap();
        assert_eq!(view.rows[0].label, "Resume");
        let r = layout.rect_of(0).unwrap();
        a.handle_event(&click(r.x + 3, r.y), AREA, t);
        assert!(!a.game.is_paused(), "a click on Resume resumes");
        // A click on the paused box resumes too.
        a.handle_event(&key(KeyCode::Char('p')), AREA, t);
        a.handle_event(&click(40, 12), AREA, t);
        assert!(a.screens.is_empty());
        assert!(!a.game.is_paused(), "a click on the board resumes");
    }

    /// The new-game form's custom kinds stop at the most a deal holds, even
    /// with a theme of more symbols, so the largest game it offers is dealt.
    #[test]
    fn the_largest_custom_game_the_form_offers_is_dealt() {
        use crate::persist::save::MAX_KINDS;
        let (a, t) = app();
        let mut a = App::new(a.game, Theme::builtin("emoji").unwrap(), true, t);
        assert!(a.theme.kinds() > MAX_KINDS);
        let press = |a: &mut App, code: KeyCode, times: usize| {
            for _ in 0..times {
                a.handle_event(&key(code), AREA, t);
            }
        };
        press(&mut a, KeyCode::Char('m'), 1);
        press(&mut a, KeyCode::Char('n'), 1);
        // From Start up to Board, then round the presets to custom.
        press(&mut a, KeyCode::Up, 4);
        press(&mut a, KeyCode::Left, 2);
        for _ in 0..3 {
            press(&mut a, KeyCode::Down, 1);
            press(&mut a, KeyCode::Right, 100);
        }
        let Some(Screen::NewGame(f)) = a.screens.last() else {
            panic!("the form: {:?}", a.screens);
        };
        assert_eq!((f.choice.rows, f.choice.cols), (40, 60));
        assert_eq!(f.choice.kinds, MAX_KINDS);
        press(&mut a, KeyCode::Down, 4);
        press(&mut a, KeyCode::Enter, 1);
        assert!(a.screens.is_empty(), "{:?}", a.screens);
        assert_eq!(a.warning, None);
        let c = a.game.config();
        assert_eq!((c.rows, c.cols, c.kinds), (40, 60, MAX_KINDS));
    }

    /// On a terminal too short for the whole menu, the mouse wheel moves
    /// the highlight (and so scrolls the list), and a click chooses the item
    /// drawn under it: the mouse alone reaches the last items.
    #[test]
    fn the_wheel_scrolls_a_short_menu_and_a_click_chooses() {
        use crate::ui::test_support::{draw, screen_rows};
        let small = Rect::new(0, 0, 40, 10);
        let (mut a, t) = app();
        a.handle_event(&click(20, 0), small, t);
        let shown = |a: &App| screen_rows(a, small.width, small.height).join("\n");
        assert!(
            !shown(&a).contains("Quit"),
            "too short for all: {}",
            shown(&a)
        );
        // The last item is this many turns of the wheel away.
        let last = a.list_view().unwrap().rows.len() - 1;
        for _ in 0..last {
            a.handle_event(&wheel(true, 20, 5), small, t);
        }
        assert!(shown(&a).contains("> Quit"), "{}", shown(&a));
        for _ in 0..last {
            a.handle_event(&wheel(false, 20, 5), small, t);
        }
        assert!(shown(&a).contains("> Resume"), "{}", shown(&a));
        for _ in 0..last {
            a.handle_event(&wheel(true, 20, 5), small, t);
        }
        let buf = draw(&a, small.width, small.height);
        let (x, y) = (0..small.height)
            .flat_map(|y| (0..small.width - 4).map(move |x| (x, y)))
            .find(|&(x, y)| (0..4).map(|i| buf[(x + i, y)].symbol()).collect::<String>() == "Quit")
            .unwrap();
        a.handle_event(&click(x, y), small, t);
        assert!(a.quit, "the click on Quit quits");
    }

    /// The help, the high scores, the statistics and the level card take
    /// the keys the README names for them, and `q` quits only where it says.
    #[test]
    fn the_pages_take_the_keys_the_readme_names() {
        use crate::persist::scores::{BoardKey, Entry};
        use screen::ScoresView;
        let small = Rect::new(0, 0, 40, 10);
        let (mut a, t) = app();
        let press = |a: &mut App, code| a.handle_event(&key(code), small, t);
        let help_top = |a: &App| match a.screens.last() {
            Some(Screen::Help { top }) => Some(*top),
            _ => None,
        };
        // The help scrolls by j and k and a page at a time; Esc, ?, q,
        // Enter and Space close it, as they close every page.
        let most = a.help_max_top(small);
        // A page is what the box shows inside its border.
        let page = usize::from(small.height) - 2;
        assert!(most > page, "the help must scroll more than a page here");
        for close in [
            KeyCode::Esc,
            KeyCode::Char('?'),
            KeyCode::Char('q'),
            KeyCode::Enter,
            KeyCode::Char(' '),
        ] {
            press(&mut a, KeyCode::Char('?'));
            for (code, top) in [
                (KeyCode::Char('j'), 1),
                (KeyCode::Char('j'), 2),
                (KeyCode::Char('k'), 1),
                (KeyCode::PageDown, 1 + page),
                (KeyCode::PageUp, 1),
            ] {
                press(&mut a, code);
                assert_eq!(help_top(&a), Some(top), "{code:?}");
            }
            press(&mut a, close);
            assert!(a.screens.is_empty(), "{close:?} closes the help");
            assert!(!a.quit);
        }
        // The high scores step through three tables both ways by the arrows,
        // h j k l and Tab; Esc, Enter, Space and q go back.
        let table = |rows| {
            let key = BoardKey::of(&Config {
                rows,
                cols: 4,
                kinds: 2,
                ..Config::DEFAULT
            })
            .unwrap();
            let entry = Entry::new("ann", 10, 5, std::time::SystemTime::now(), false).unwrap();
            (key, vec![entry])
        };
        let index = |a: &App| match a.screens.last() {
            Some(Screen::Scores(view)) => Some(view.index),
            _ => None,
        };
        for close in [
            KeyCode::Esc,
            KeyCode::Enter,
            KeyCode::Char(' '),
            KeyCode::Char('q'),
        ] {
            a.screens.push(Screen::Scores(ScoresView::new(
                vec![table(2), table(4), table(6)],
                0,
            )));
            for (code, at) in [
                (KeyCode::Right, 1),
                (KeyCode::Left, 0),
                (KeyCode::Left, 2),
                (KeyCode::Char('l'), 0),
                (KeyCode::Char('h'), 2),
                (KeyCode::Down, 0),
                (KeyCode::Up, 2),
                (KeyCode::Char('j'), 0),
                (KeyCode::Char('k'), 2),
                (KeyCode::Tab, 0),
                (KeyCode::BackTab, 2),
            ] {
                press(&mut a, code);
                assert_eq!(index(&a), Some(at), "{code:?}");
            }
            press(&mut a, close);
            assert!(a.screens.is_empty(), "{close:?} leaves the high scores");
            assert!(!a.quit, "{close:?} does not quit");
        }
        // The statistics close on the same keys.
        for close in [
            KeyCode::Esc,
            KeyCode::Enter,
            KeyCode::Char(' '),
            KeyCode::Char('q'),
        ] {
            let note = screen::StatsView::note(vec!["Games won: 0".to_string()]);
            a.screens.push(Screen::Stats(note));
            press(&mut a, KeyCode::Char('x'));
            assert!(matches!(a.screens.last(), Some(Screen::Stats(_))));
            press(&mut a, close);
            assert!(a.screens.is_empty(), "{close:?} closes the statistics");
            assert!(!a.quit, "{close:?} does not quit");
        }
        // Any key takes the level card away once read; q there quits.
        a.screens.push(Screen::LevelCard { from: t });
        press(&mut a, KeyCode::Char('x'));
        assert!(!a.screens.is_empty(), "not before LEAST_SHOWN");
        let read = t + screen::LEAST_SHOWN;
        a.show_frame(read);
        a.handle_event(&key(KeyCode::Char('x')), small, read);
        assert!(a.screens.is_empty() && !a.quit);
        a.screens.push(Screen::LevelCard { from: t });
        press(&mut a, KeyCode::Char('q'));
        assert!(a.quit, "q on the level card quits");
    }

    /// The menus and forms take Tab and Shift-Tab as down and up, Space as
    /// Enter, and on a form's field h and l as left and right, as the README
    /// says.
    #[test]
    fn lists_take_tab_space_and_h_l() {
        let (mut a, t) = app();
        let press = |a: &mut App, code| a.handle_event(&key(code), AREA, t);
        let selected = |a: &App| a.list_view().unwrap().selected;
        press(&mut a, KeyCode::Char('m'));
        for (code, at) in [
            (KeyCode::Tab, 1),
            (KeyCode::BackTab, 0),
            (KeyCode::Char('j'), 1),
            (KeyCode::Char('k'), 0),
        ] {
            press(&mut a, code);
            assert_eq!(selected(&a), at, "{code:?}");
        }
        press(&mut a, KeyCode::Char(' '));
        assert!(a.screens.is_empty(), "Space chose Resume");
        // The menu's New game opens its form on Start; the row above is the
        // difficulty.
        press(&mut a, KeyCode::Char('m'));
        press(&mut a, KeyCode::Char('n'));
        assert!(matches!(a.screens.last(), Some(Screen::NewGame(_))));
        press(&mut a, KeyCode::Char('k'));
        let view = a.list_view().unwrap();
        assert_eq!(view.rows[view.selected].label.trim(), "Difficulty");
        let value = |a: &App| {
            let view = a.list_view().unwrap();
            view.rows[view.selected].value.clone().unwrap()
        };
        let before = value(&a);
        press(&mut a, KeyCode::Char('l'));
        assert_ne!(value(&a), before, "l steps the field");
        press(&mut a, KeyCode::Char('h'));
        assert_eq!(value(&a), before, "h steps it back");
    }

    /// On a screen too small for the help, its descriptions wrap and it
    /// scrolls, by keys and by the wheel: every key and the seed can be read.
    #[test]
    fn the_help_wraps_and_scrolls_on_a_small_terminal() {
        use crate::ui::app::keys::BOARD_KEYS;
        use crate::ui::test_support::screen_rows;
        let small = Rect::new(0, 0, 40, 10);
        let (mut a, t) = app();
        a.handle_event(&key(KeyCode::Char('?')), small, t);
        let shown = |a: &App| screen_rows(a, small.width, small.height).join("\n");
        assert!(shown(&a).contains("arrows scroll"), "{}", shown(&a));
        // Read it all by the arrow key, a line at a time.
        let mut seen = shown(&a);
        for _ in 0..40 {
            a.handle_event(&key(KeyCode::Down), small, t);
            seen.push_str(&shown(&a));
        }
        for k in BOARD_KEYS {
            let last = k.help.split_whitespace().last().unwrap();
            assert!(seen.contains(k.label), "{}: {seen}", k.label);
            assert!(seen.contains(last), "{last}: {seen}");
        }
        assert!(shown(&a).contains("--seed 3"), "at the end: {}", shown(&a));
        // The wheel goes back to the top.
        for _ in 0..40 {
            a.handle_event(&wheel(false, 20, 5), small, t);
        }
        assert!(shown(&a).contains("move the cursor"), "{}", shown(&a));
        a.handle_event(&key(KeyCode::Esc), small, t);
        assert!(a.screens.is_empty());
    }

    /// Page Down turns the help a box at a time and Page Up back: no line is
    /// passed over. Found by the play-test: a page was the screen's height,
    /// two lines more than the box shows inside its border, so at 40 x 10
    /// every Page Down skipped two lines of the help unseen.
    #[test]
    fn page_down_reads_every_line_of_the_help() {
        use crate::ui::test_support::screen_rows;
        for small in [Rect::new(0, 0, 40, 10), Rect::new(0, 0, 50, 13)] {
            let (mut a, t) = app();
            a.handle_event(&key(KeyCode::Char('?')), small, t);
            let shown = |a: &App| screen_rows(a, small.width, small.height).join("\n");
            let mut pages = vec![shown(&a)];
            for _ in 0..20 {
                a.handle_event(&key(KeyCode::PageDown), small, t);
                pages.push(shown(&a));
            }
            let (lines, _) = a.help_page(small);
            for line in lines.iter().filter(|l| !l.trim().is_empty()) {
                assert!(
                    pages.iter().any(|p| p.contains(line.as_str())),
                    "{line:?} never shown at {}x{}",
                    small.width,
                    small.height
                );
            }
            for _ in 0..20 {
                a.handle_event(&key(KeyCode::PageUp), small, t);
            }
            assert_eq!(shown(&a), pages[0], "Page Up goes back to the top");
        }
    }

    /// Narrower than 40 columns (a small board still plays at 30 x 8), a
    /// description with too little room beside its keys goes under them:
    /// found by the play-test, it was laid out 12 columns wide past the
    /// box's edge, so "jump to the next tile that way" read "jump", "next",
    /// "that" and "(again: drop it)" read "(again: dr"; the line with the
    /// seed to replay the deal wraps too.
    #[test]
    fn on_a_narrow_terminal_every_word_of_the_help_shows() {
        use crate::ui::app::keys::BOARD_KEYS;
        use crate::ui::test_support::screen_rows;
        for small in [Rect::new(0, 0, 30, 8), Rect::new(0, 0, 24, 8)] {
            let (mut a, t) = app();
            a.handle_event(&key(KeyCode::Char('?')), small, t);
            let words = |a: &App| {
                screen_rows(a, small.width, small.height)
                    .join(" ")
                    .split(|c: char| c.is_whitespace() || "│┌┐└┘─".contains(c))
                    .filter(|w| !w.is_empty())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            let mut seen = words(&a);
            for _ in 0..80 {
                a.handle_event(&key(KeyCode::Down), small, t);
                seen.extend(words(&a));
            }
            for k in BOARD_KEYS {
                for word in k.help.split_whitespace() {
                    assert!(
                        seen.iter().any(|w| w == word),
                        "{word:?} of {:?} at {}: {seen:?}",
                        k.help,
                        small.width
                    );
                }
            }
            let seed = ["--seed".to_string(), "3".to_string()];
            assert!(
                seen.windows(2).any(|w| w == seed),
                "the seed at {}: {seen:?}",
                small.width
            );
        }
    }

    /// The menu answers clicks on its items, through the same layout it is
    /// drawn with.
    #[test]
    fn menu_items_answer_clicks_and_restart_asks_first() {
        let (mut a, t) = app();
        matched(&mut a, t);
        let first = Game::new(a.game.config(), t).unwrap();
        a.handle_event(&key(KeyCode::Char('m')), AREA, t);
        let click_at = |a: &mut App, label: &str, at: Instant| {
            let (view, layout) = a.list_layout(AREA).unwrap();
            let i = view
                .rows
                .iter()
                .position(|r| r.label.starts_with(label))
                .unwrap();
            let r = layout.rect_of(i).unwrap();
            a.handle_event(&click(r.x + 2, r.y), AREA, at);
        };
        let click_on = |a: &mut App, label: &str| click_at(a, label, t);
        click_on(&mut a, "Restart");
        // "Abandon this game?" takes clicks once it has shown for a while.
        a.show_frame(t);
        click_at(&mut a, "Yes", t + LEAST_SHOWN);
        assert!(a.screens.is_empty());
        assert_eq!(a.game.board(), first.board(), "the first board again");
        a.handle_event(&key(KeyCode::Char('m')), AREA, t);
        click_on(&mut a, "Help");
        assert_eq!(a.screens.last(), Some(&Screen::Help { top: 0 }));
        a.handle_event(&key(KeyCode::Esc), AREA, t);
        click_on(&mut a, "Quit");
        assert!(a.quit);
    }

    /// Help, the menu and a terminal too small for the board stop the clock
    /// of a timed level and the streak window, as a pause does.
    #[test]
    fn screens_that_hide_the_board_stop_the_clock() {
        let (mut a, t) = app();
        a.game = Game::new(
            Config {
                timed: true,
                ..a.game.config()
            },
            t,
        )
        .unwrap();
        let s = Duration::from_secs;
        let left = a.game.remaining(t).unwrap();
        a.handle_event(&key(KeyCode::Char('?')), AREA, t);
        assert_eq!(a.game.remaining(t + s(60)), Some(left), "help stops it");
        assert_eq!(a.timeout(t + s(60)), None, "no wake-ups while it stands");
        a.handle_event(&key(KeyCode::Esc), AREA, t + s(60));
        assert_eq!(a.game.remaining(t + s(61)), Some(left - s(1)));
        let tiny = Rect::new(0, 0, 20, 6);
        a.handle_event(&Event::Resize(20, 6), tiny, t + s(61));
        assert!(a.board_hidden());
        assert_eq!(
            a.game.remaining(t + s(200)),
            Some(left - s(1)),
            "too small stops it"
        );
        a.handle_event(&Event::Resize(80, 24), AREA, t + s(200));
        assert_eq!(a.game.remaining(t + s(201)), Some(left - s(2)));
        // The streak: a match, the menu for a minute, a match a second later.
        matched(&mut a, t + s(201));
        a.handle_event(&key(KeyCode::Char('m')), AREA, t + s(201));
        a.handle_event(&key(KeyCode::Esc), AREA, t + s(261));
        matched(&mut a, t + s(262));
        assert_eq!(a.game.streak(), 1, "the minute in the menu did not count");
    }

    /// A fast player keeps clicking while tiles slide after a match: a
    /// click takes the tile drawn under the pointer at that instant (still
    /// in its old cell during the line, then on its way), never a tile that
    /// was not there, and Space takes the tile the cursor's marks are on.
    /// Before, every such pick was refused ("tiles were moving"): in the
    /// play-test a bot clicking each pair where it was drawn, a pair every
    /// 0.2 s, lost its way on gravity down boards (90 and 72 tiles left).
    #[test]
    fn a_click_during_a_slide_picks_the_tile_drawn_under_the_pointer() {
        let t = Instant::now();
        // With gravity down, the 2 and the 3 above the matched 1s fall into row 1.
        let board = crate::core::grid::Board::from_rows(&[[2, 3], [1, 1], [4, 4], [3, 2]]).unwrap();
        let config = Config {
            mode: crate::game::Mode::Single(crate::core::gravity::Gravity::Down),
            ..Config::DEFAULT
        };
        let start = |t| {
            let game = Game::from_board(board.clone(), config, t);
            let mut a = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
            let layout = a.board_layout(AREA).unwrap();
            for p in [Point::new(1, 0), Point::new(1, 1)] {
                let r = layout.cell_rect(p);
                a.handle_event(&click(r.x + 1, r.y), AREA, t);
            }
            assert_eq!(a.game.board().get(Point::new(1, 0)), 2);
            (a, layout)
        };
        let (mut a, layout) = start(t);
        let pace = a.game.pace();
        // During the line the 2 is still drawn in row 0: a click there takes
        // it (now in row 1), and the slide goes on.
        let soon = t + Duration::from_millis(80);
        a.show_frame(soon);
        let r = layout.cell_rect(Point::new(0, 0));
        a.handle_event(&click(r.x + 1, r.y), AREA, soon);
        assert_eq!(a.game.selected(), Some(Point::new(1, 0)));
        assert_eq!(a.game.notice(soon), None);
        assert!(a.game.slides(soon).is_some(), "the slide goes on");
        // Row 1 shows no tile yet: a click there changes nothing.
        let r = layout.cell_rect(Point::new(1, 1));
        a.handle_event(&click(r.x + 1, r.y), AREA, soon);
        assert_eq!(a.game.selected(), Some(Point::new(1, 0)));
        // Half way down, the 3 is picked where it is drawn.
        let half = t + pace.line + pace.slide / 2;
        let r = layout.slide_rect(Point::new(0, 1), Point::new(1, 1), 0.5);
        assert_ne!(r, layout.cell_rect(Point::new(0, 1)));
        assert_ne!(r, layout.cell_rect(Point::new(1, 1)));
        a.show_frame(half);
        a.handle_event(&click(r.x + 1, r.y), AREA, half);
        assert_eq!(
            a.game.selected(),
            Some(Point::new(1, 1)),
            "the 3 on its way"
        );
        // A cell no tile slides through is picked as usual.
        let r = layout.cell_rect(Point::new(2, 0));
        a.handle_event(&click(r.x + 1, r.y), AREA, half);
        assert_eq!(a.game.selected(), Some(Point::new(2, 0)));
        // By keyboard: the cursor stayed on the second 1's cell, and its
        // marks are on the 3 falling into it; Space takes that 3.
        let (mut a, _) = start(t);
        assert_eq!(a.game.cursor(), Point::new(1, 1));
        a.handle_event(&key(KeyCode::Char(' ')), AREA, soon);
        assert_eq!(a.game.selected(), Some(Point::new(1, 1)));
        assert_eq!(a.game.board().get(Point::new(1, 1)), 3);
    }

    /// A 2x6 board under gravity left, before any move: once the 1s are
    /// matched, the 2, the 3 and the 5s right of them slide two cells left.
    fn sliding_left(t: Instant) -> App {
        let board =
            crate::core::grid::Board::from_rows(&[[1, 1, 2, 3, 5, 5], [2, 3, 6, 6, 7, 7]]).unwrap();
        let config = Config {
            mode: crate::game::Mode::Single(crate::core::gravity::Gravity::Left),
            ..Config::DEFAULT
        };
        let game = Game::from_board(board, config, t);
        App::new(game, Theme::builtin("ascii").unwrap(), true, t)
    }

    /// A fast player matches a pair while tiles still glide from the match
    /// before, and clicks one of them before the next frame is drawn (the
    /// loop takes every event waiting, and the match's own checks keep it up
    /// to 25 ms): the frame on screen drew that tile on its way, so the
    /// click takes it. Before, the new match had ended the old slide, and
    /// the click took the tile that had landed in the cell under the pointer.
    #[test]
    fn a_click_after_a_second_match_takes_the_tile_drawn_gliding_from_the_first() {
        let t = Instant::now();
        // Then the 7s slide into the 6s' cells.
        let mut a = sliding_left(t);
        let layout = a.board_layout(AREA).unwrap();
        let at = |p: Point| {
            let r = layout.cell_rect(p);
            click(r.x + 1, r.y)
        };
        a.handle_event(&at(Point::new(0, 0)), AREA, t);
        a.handle_event(&at(Point::new(0, 1)), AREA, t);
        let pace = a.game.pace();
        let half = t + pace.line + pace.slide / 2;
        a.show_frame(half);
        // On that frame the 3 glides from column 3 to column 1, half way.
        let three = layout.slide_rect(Point::new(0, 3), Point::new(0, 1), 0.5);
        assert_eq!(
            three,
            layout.cell_rect(Point::new(0, 2)),
            "over the 5's cell"
        );
        // Before the next frame: the 6s, then the 3 where it was drawn.
        a.handle_event(&at(Point::new(1, 2)), AREA, half);
        a.handle_event(&at(Point::new(1, 3)), AREA, half);
        assert_eq!(a.game.board().tile_count(), 8, "the 6s matched");
        a.handle_event(&click(three.x + 1, three.y), AREA, half);
        assert_eq!(a.game.selected(), Some(Point::new(0, 1)), "the 3");
        // A tile the second match removed was drawn, but is gone: nothing.
        let mut b = a.clone();
        b.handle_event(&at(Point::new(1, 2)), AREA, half);
        assert_eq!(b.game.selected(), Some(Point::new(0, 1)), "the 6 is gone");
        // One the second match moved is found in its new cell.
        a.handle_event(&at(Point::new(1, 1)), AREA, half);
        assert_eq!(a.game.selected(), None, "the 3s matched");
        assert_eq!(a.game.board().tile_count(), 6);
    }

    /// The screen shows a frame, then a click comes, up to a frame later
    /// (the event loop draws every `FRAME_TIME` while tiles slide, and sooner
    /// if the loop was busy): the click must be tested against the frame the
    /// player saw, not against where the tiles have got to since. Before, it
    /// was tested at the moment it was handled: on a fast horizontal slide a
    /// click on the edge of a tile missed it, or took the tile behind it,
    /// which had moved under the pointer meanwhile.
    #[test]
    fn a_click_takes_the_tile_of_the_frame_on_screen_not_where_it_has_got_to_since() {
        let t = Instant::now();
        for pace in [Pace::NORMAL, Pace::FAST] {
            let mut a = sliding_left(t);
            a.game.set_pace(pace);
            let layout = a.board_layout(AREA).unwrap();
            for p in [Point::new(0, 0), Point::new(0, 1)] {
                let r = layout.cell_rect(p);
                a.handle_event(&click(r.x + 1, r.y), AREA, t);
            }
            let slides = a.game.slides(t).unwrap().0.to_vec();
            assert_eq!(slides.len(), 4);
            let (mut missed, mut wrong) = (0, 0);
            let mut ms = 0;
            while let Some((_, moved)) = a.game.slides(t + Duration::from_millis(ms)) {
                let drawn = t + Duration::from_millis(ms);
                // Every column of every tile drawn on this frame.
                for s in &slides {
                    let r = layout.slide_rect(s.from, s.to, moved);
                    for x in r.left()..r.right() {
                        let mut b = a.clone();
                        b.show_frame(drawn);
                        b.handle_event(&click(x, r.y), AREA, drawn + FRAME_TIME);
                        match b.game.selected() {
                            Some(p) if p == s.to => {}
                            Some(_) => wrong += 1,
                            None => missed += 1,
                        }
                    }
                }
                ms += 1;
            }
            assert_eq!(
                (missed, wrong),
                (0, 0),
                "clicks missed, wrong tiles ({pace:?})"
            );
        }
    }
}
