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

use crate::core::gravity::{Gravity, Slide};
use crate::core::grid::Point;
use crate::game::{Action, Game, Mode, Pace};
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
    /// When the time-up box came (or came back, as the win box does): like
    /// the win box, it takes no key or click before it has shown for
    /// [`LEAST_SHOWN`].
    timed_out: Option<Instant>,
    /// When the win box came: with the winning match, as the start that
    /// resumed a won game (keys typed ahead of it wait, as the box's do),
    /// or with the first frame after a terminal too small for it (see
    /// [`App::show_frame`]).
    won: Instant,
    /// Whether the last frame hid a finished game's box behind "Please make
    /// the terminal larger", or showed a level card over a board that does
    /// not fit (cut, at worst to "Level"). The box is not read until a frame
    /// has shown it; the card's time stands meanwhile and starts anew with
    /// the first frame that shows its board (a key still closes the card
    /// cut, as it closes it whole).
    box_hidden: bool,
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
    /// What the menus say beside *Daily deal* when today's deal was played
    /// to its end (with its score, if it was won and recorded), as the data
    /// directory said when the menu on show opened.
    pub(crate) daily_note: Option<String>,
    /// Whether the event loop is taking a batch of inputs that were
    /// waiting: a move's save then waits for [`App::end_batch`], so keys
    /// that come faster than a big board saves (a held-down undo) are
    /// saved once a batch, not once each.
    batching: bool,
    /// Whether a game was dealt since the last frame: `n` deals no board
    /// over one nobody has seen (see [`App::command`]).
    dealt_unseen: bool,
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
            won: now,
            box_hidden: false,
            asked: now,
            note: None,
            intro: false,
            demo: None,
            share: None,
            seen_level,
            counted: records::Counted::No,
            replay: false,
            daily_note: None,
            batching: false,
            dealt_unseen: false,
        }
    }

    /// The event loop begins a batch of the inputs waiting: saves wait for
    /// [`App::end_batch`].
    pub fn begin_batch(&mut self) {
        self.batching = true;
    }

    /// The batch of inputs is taken: the game is saved if they changed it,
    /// and a saved game that save replaced is counted as it ends (not at
    /// the next input: a win in the batch would be counted before it).
    /// Whether the screen must be drawn again (a save that failed is told).
    pub fn end_batch(&mut self, now: Instant) -> bool {
        self.batching = false;
        let told = self.save_if_changed(now);
        self.end_displaced();
        told
    }

    /// Says on the title line what to do, on a game that was dealt for
    /// this start, until its first move.
    pub fn with_intro(mut self) -> Self {
        self.intro = true;
        // A fresh board whose tiles slide brings its card.
        self.seen_level = usize::MAX;
        self.after_event(self.now);
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
                && matches!(menu.kind, MenuKind::Pause { .. })
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

    /// Lets the time from `from` to `to` go by as if the board were hidden:
    /// a game started in the background stands stopped (SIGTTOU) while it
    /// takes the terminal, until `fg`, and a game stopped later on
    /// (SIGTSTP) until it is continued; its clock stands meanwhile, and so
    /// does a level card's (it went by unseen before), and the boxes on
    /// show are not read yet at `to`.
    pub fn stood(&mut self, from: Instant, to: Instant) {
        self.game.set_covered(true, from);
        // Nothing was on screen meanwhile: a level card keeps its time, and
        // the boxes that came with the start are read from then on.
        let gone = to.saturating_duration_since(from);
        for screen in &mut self.screens {
            if let Screen::LevelCard { from } = screen {
                *from += gone;
            }
        }
        self.told += gone;
        self.won += gone;
        self.asked += gone;
        self.timed_out = self.timed_out.map(|at| at + gone);
        self.sync_cover(to);
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
        let q = matches!(event, Event::Key(key)
            if key.is_press() && !keys::is_shortcut(key)
                && keys::lower_case(key).code == KeyCode::Char('q'));
        // A box in front that the player has not had time to read takes no
        // key or click but Ctrl-C, and `q` on the level card, which quits
        // there as it does from the board (see [`App::front_unread`]); the
        // key or click that closes the message box or stops the demo does
        // nothing else, except Ctrl-C.
        let closed = input
            && match self.top() {
                Top::Screen(Screen::LevelCard { .. }) if q => false,
                _ if self.front_unread(now) => true,
                Top::Message(_) => {
                    self.warning = None;
                    self.uncover(now);
                    self.sync_cover(now);
                    true
                }
                Top::Demo => (self.demo_unseen(now) && !ctrl_c) || self.take_over_demo(),
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
            // Pasted text types into the name prompt; anywhere else it is
            // ignored, so its letters never act as keys.
            Event::Paste(text) => {
                if !self.prompt_paste(text, now) {
                    return false;
                }
            }
            Event::Resize(..) | Event::FocusGained => {}
            // Any other press (the middle button) does nothing, but the
            // title line's note it cleared must go from the screen too.
            _ => return input,
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
        if matches!(top, Top::Screen(_)) {
            // The screens over the board bind no letter held with Control
            // or Alt.
            if !keys::is_shortcut(&key) {
                self.screen_key(keys::lower_case(&key), now);
            }
        } else if top == Top::Won && self.prompt_key(key, now) {
            // Typed at the name prompt.
        } else if let Some(command) = keys::command(&key) {
            self.command(command, now);
        }
    }

    /// When the box in front came, for the boxes that come unasked, with a
    /// move or with time, and tell or ask something: the message box, the
    /// level card, "Abandon this game?", the win and time-up boxes. `None`
    /// for what the player opened, or plays, themselves.
    fn front_came(&self) -> Option<Instant> {
        match self.top() {
            Top::Message(_) => Some(self.told),
            Top::Screen(&Screen::LevelCard { from }) => Some(from),
            Top::Screen(Screen::Menu(m)) if matches!(m.kind, MenuKind::Confirm(_)) => {
                Some(self.asked)
            }
            Top::Won => Some(self.won),
            Top::TimeUp => self.timed_out,
            _ => None,
        }
    }

    /// When the level card in front came, while it is in front and its
    /// board fits the terminal: under the message box, or on a terminal too
    /// small for the board, its time stands, as the clock does (it went by
    /// unseen, and the key that closed the message, or the terminal grown
    /// again, showed the board).
    fn card_from(&self) -> Option<Instant> {
        match self.top() {
            Top::Screen(&Screen::LevelCard { from }) if !self.box_hidden => Some(from),
            _ => None,
        }
    }

    /// The message box went at `now`: the level card, the win box, the
    /// time-up box or "Abandon this game?" it covered comes again, and is
    /// not read yet (see [`App::front_unread`]). An Enter held down over
    /// the last match waited for a message that came with it, closed it,
    /// and its next repeat recorded the default name in a box never seen
    /// alone; the card, its time run out under a message, was gone.
    fn uncover(&mut self, now: Instant) {
        if let Some(Screen::LevelCard { from }) = self.screens.last_mut() {
            *from = (*from).max(now);
        }
        match self.top() {
            Top::Won => self.won = now,
            Top::TimeUp => self.timed_out = Some(now),
            Top::Screen(Screen::Menu(m)) if matches!(m.kind, MenuKind::Confirm(_)) => {
                self.asked = now;
            }
            _ => {}
        }
    }

    /// Whether the box in front ([`App::front_came`]) is not read yet at
    /// `now`: no frame has shown it (the loop takes every event waiting
    /// before it draws, and the cleared board's last line is on screen until
    /// the level card comes), or it has shown for less than [`LEAST_SHOWN`].
    /// It then takes no key or click but Ctrl-C, so that nothing sent with
    /// the move that brought it answers it unseen: an Enter held down over
    /// the last match (repeating every 30 ms) recorded the default name, the
    /// second click of a double click on the last tile opened the finished
    /// game's menu, a paste whose end came late answered "Abandon?", a
    /// message that came with a move went with the next key, unread. One
    /// rule for every such box.
    fn front_unread(&self, now: Instant) -> bool {
        let hidden = self.box_hidden && matches!(self.top(), Top::Won | Top::TimeUp);
        hidden
            || self
                .front_came()
                .is_some_and(|from| !(self.shows(from) && now >= from + LEAST_SHOWN))
    }

    /// A key on the screen on top. Every page (help, high scores,
    /// statistics) closes on Esc, Enter, Space and `q`, as pagers do; the
    /// level card goes on to the next board on any key, and `q` there quits
    /// the game.
    fn screen_key(&mut self, key: KeyEvent, now: Instant) {
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
            Some(Screen::LevelCard { .. }) => {
                self.quit = key.code == KeyCode::Char('q');
                self.screens.pop();
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

    /// Scrolls the help on top by `by` lines from the line drawn first
    /// (a screen grown since shows less scrolled than the help was), as
    /// far as it goes on this screen.
    pub(super) fn scroll_help(&mut self, by: isize) {
        let most = self.help_max_top(self.area);
        if let Some(Screen::Help { top }) = self.screens.last_mut() {
            *top = (*top).min(most).saturating_add_signed(by).min(most);
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

    /// Whether `command` would leave a finished game whose box the player
    /// has not seen: `n` on a won game records it under the name in the
    /// box and deals anew. On a terminal too small for the board
    /// ([`Top::Cramped`]) it waits for the box to show (the menu, which
    /// the request for room offers, says what it does).
    fn ends_unseen(&self, command: Command) -> bool {
        command == Command::NewGame && self.game_over()
    }

    /// What a board key, or the menu item that stands for it, does. On a
    /// terminal too small for the board ([`Top::Cramped`]) the commands
    /// that play it are not taken, whichever way they came (before, the
    /// menu's Hint and Undo acted on a board nobody saw). `n` on a game
    /// dealt since the last frame, without a move, does nothing: held
    /// down, it would deal board after board nobody saw, each taking up
    /// to a few tenths of a second, long after the key was let go.
    pub(super) fn command(&mut self, command: Command, now: Instant) {
        if self.top() == Top::Cramped && (plays_the_board(command) || self.ends_unseen(command)) {
            return;
        }
        if command == Command::NewGame && self.dealt_unseen && self.game.is_untouched() {
            return;
        }
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
            // Only marks on show are dropped: over a paused board or one
            // too large for the terminal Esc opens the menu at once.
            Command::Back if self.top() == Top::Board && self.game.has_marks() => Action::Cancel,
            Command::Back | Command::Menu => {
                return self.open_menu(Menu::pause(self.settings.hints, self.in_a_run()));
            }
            Command::NewGame => return self.ask_abandon(Abandon::ForNewGame, now),
            Command::Help => return self.screens.push(Screen::Help { top: 0 }),
            Command::Quit => return self.quit = true,
        };
        self.game.apply(action, now);
    }

    /// Opens the menu of a won or lost game: its score to record, undo while
    /// allowed, a new game, the same deal again, a demo, the settings, the
    /// tables, help, quit.
    fn open_finished_menu(&mut self) {
        let record = self.win_screen.as_ref().is_some_and(|w| w.prompting());
        let undo = self.may_undo();
        let won = self.game.win().is_some();
        let run = self.in_a_run();
        let kind = MenuKind::Finished {
            won,
            record,
            undo,
            run,
        };
        self.open_menu(Menu::new(kind));
    }

    /// Whether the game is a run of levels, whose menus restart the run.
    fn in_a_run(&self) -> bool {
        self.game.config().mode == Mode::Levels
    }

    /// Throws the game away for `why`, asking first when it has moves to lose
    /// or is a win whose score could not be written.
    fn ask_abandon(&mut self, why: Abandon, now: Instant) {
        // A win whose score cannot be written (a newer scores file, a full
        // disk) stays saved to be recorded later, which leaving would undo:
        // that is asked as for a game in progress. The write is tried
        // first, as leaving tries it.
        let finished = self.game_over() && self.record_score() != Some(false);
        if finished || self.game.is_untouched() {
            self.abandon(why, now);
        } else {
            self.asked = now;
            self.screens
                .push(Screen::Menu(Menu::new(MenuKind::Confirm(why))));
        }
    }

    /// A left click selects the tile under the pointer (one on no tile
    /// drops the selection), or chooses the menu item under it; a right click highlights a tile's kind, or clears the
    /// highlight off the tiles. Help, the level card and the statistics
    /// close on a click, the high scores and the lists on a click outside
    /// their box. So that the mouse alone plays every part of the game, a left
    /// click on the title or status line (or the side panel's title, which
    /// the panel's "click title: menu" stands under) opens the menu, and on
    /// a finished game anywhere opens what it offers (record, new game,
    /// undo, quit); on a paused board it resumes, on a board too large for
    /// the terminal it opens the menu.
    fn handle_click(&mut self, button: MouseButton, mouse: MouseEvent, now: Instant) {
        let left = button == MouseButton::Left;
        let panel_title = self
            .screen_layout(self.area)
            .0
            .panel
            .is_some_and(|p| mouse.row == p.y && (p.x..p.right()).contains(&mouse.column));
        let edge = mouse.row == self.area.y
            || mouse.row.saturating_add(1) == self.area.bottom()
            || panel_title;
        match self.top() {
            Top::Screen(_) => return self.screen_click(button, mouse, now),
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
            // A click on no tile drops the selection, as in KShisen.
            (_, None) => Action::Deselect,
        };
        self.game.apply(action, now);
    }

    /// A click on the screen on top: see [`App::handle_click`].
    fn screen_click(&mut self, button: MouseButton, mouse: MouseEvent, now: Instant) {
        match self.screens.last() {
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
        self.dealt_unseen = false;
        // A finished game's box that a terminal too small for the board
        // hides is not seen, nor is a level card there (cut to fit, its
        // gravity dropped first): it comes anew with the first frame that
        // shows it with its board, and is read from then on (see
        // [`App::front_unread`]).
        let top = self.top();
        let card = matches!(top, Top::Screen(Screen::LevelCard { .. }));
        if top == Top::Cramped {
            self.box_hidden = self.game_over();
        } else if card && self.board_layout(self.area).is_none() {
            self.box_hidden = true;
        } else if std::mem::take(&mut self.box_hidden) {
            self.won = now;
            self.timed_out = self.timed_out.map(|_| now);
            if let (true, Some(Screen::LevelCard { from })) = (card, self.screens.last_mut()) {
                *from = now;
            }
        }
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
    fn shows(&self, at: Instant) -> bool {
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
    /// ends the game (and its save goes with it), a running timed clock is
    /// saved every few seconds (see [`Session::keep_clock`]), the level card
    /// goes after its time, and a demo plays its move when it is due.
    /// Returns whether the screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let lost = self.game.time_up().is_some();
        self.game.tick(now);
        let timed_out = !lost && self.game.time_up().is_some();
        let failed = self
            .session
            .as_mut()
            .and_then(|s| s.keep_clock(&self.game, now));
        let told = failed.map(|m| self.tell(m)).is_some();
        let card_gone = self
            .card_from()
            .is_some_and(|from| now >= from + LEVEL_CARD_TIME);
        if card_gone {
            self.screens.pop();
        }
        if timed_out || card_gone {
            self.now = now;
            self.after_event(now);
        }
        self.play_demo(now) || timed_out || card_gone || told
    }

    /// After every event: a new level brings its card, the clock follows
    /// what hides the board, then the win screen, the statistics and the
    /// save (see `app/records.rs`).
    fn after_event(&mut self, now: Instant) {
        self.timed_out = self.game.time_up().map(|_| self.timed_out.unwrap_or(now));
        let level = self.game.level().number;
        // A board's card comes as the board would show: under the start
        // menu it waits for the menu to close.
        if level != self.seen_level && self.screens.is_empty() {
            self.seen_level = level;
            if self.card_due() {
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

    /// Whether the board in play brings a level card as it begins: a
    /// level after the first of a run, or one board whose tiles slide (a
    /// daily deal of `center-h` said nowhere what moves, but in the help).
    /// A game over (won, or a level resumed out of time) has no level to
    /// play on, and the demo tells its own.
    fn card_due(&self) -> bool {
        let level = self.game.level();
        (level.number > 0 || level.gravity != Gravity::None)
            && self.demo.is_none()
            && !self.game_over()
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
        let card = self
            .card_from()
            .map(|from| (from + LEVEL_CARD_TIME).saturating_duration_since(now));
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

/// What to do, in one line, on the first screen of a new game.
pub const INTRO: &str = "click two equal tiles; Esc or click here: menu; ? help";

/// What the title line says to `t` while the settings have hints off.
const HINTS_OFF: &str = "hints are off (menu, Settings)";

#[cfg(test)]
mod tests;
