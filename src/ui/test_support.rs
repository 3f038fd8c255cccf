//! Helpers shared by the ui's unit tests: an app saving in a directory,
//! keys typed and clicks made as a player makes them, and the screen as text.

use std::path::Path;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

use crate::core::grid::{Board, Point};
use crate::game::{Config, Game};
use crate::persist::session::{Session, Wanted};
use crate::ui::app::App;
use crate::ui::theme::Theme;

/// The terminal the helpers play on.
pub const AREA: Rect = Rect::new(0, 0, 80, 24);

/// A 2 x 2 board of one kind, no gravity: two matches clear it.
pub fn tiny() -> Config {
    Config {
        rows: 2,
        cols: 2,
        kinds: 1,
        seed: 3,
        ..Config::DEFAULT
    }
}

/// [`tiny`] as the daily deal of `day`, dealt from that day's seed (a
/// saved daily deal of another seed is refused).
pub fn tiny_daily(day: crate::game::daily::Day) -> Config {
    Config {
        daily: Some(day),
        seed: day.config().seed,
        ..tiny()
    }
}

/// The cell at `row`, `col` (from 0), shorter to write than `Point::new`.
pub fn at(row: i32, col: i32) -> Point {
    Point::new(row, col)
}

/// An app saving in `dir`, resuming or dealing `config` as a start does.
pub fn app_in(dir: &Path, config: Config) -> App {
    app_started(dir, false, Wanted::default(), config)
}

/// An app saving in `dir`, started as the command line starts one: `fresh`
/// is `--new`, `wanted` the deal options given, `config` what they deal.
pub fn app_started(dir: &Path, fresh: bool, wanted: Wanted, config: Config) -> App {
    let now = Instant::now();
    let start = Session::start(dir.into(), fresh, wanted, config, 59, now).unwrap();
    App::new(start.game, Theme::builtin("ascii").unwrap(), false, now).with_session(
        start.session,
        start.resumed,
        start.message,
    )
}

/// A press of `code` without modifiers, as the terminal reports it.
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A press of the left mouse button at column `x`, row `y`, as the
/// terminal reports it.
pub fn left_click(x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// A turn of the mouse wheel (`down` or up) at column `x`, row `y`, as the
/// terminal reports it.
pub fn wheel(down: bool, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: if down {
            MouseEventKind::ScrollDown
        } else {
            MouseEventKind::ScrollUp
        },
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// Presses `codes` in turn, at the app's own time.
pub fn press(app: &mut App, codes: &[KeyCode]) {
    for &code in codes {
        app.handle_event(&key(code), AREA, app.now);
    }
}

/// Types `text`, one key a character.
pub fn type_str(app: &mut App, text: &str) {
    let codes: Vec<KeyCode> = text.chars().map(KeyCode::Char).collect();
    press(app, &codes);
}

/// Left-clicks the tile drawn at `p`, as a player does.
pub fn pick(app: &mut App, p: Point) {
    let (column, row) = app.board_layout(AREA).expect("the board fits").centre(p);
    app.handle_event(&left_click(column, row), AREA, app.now);
}

/// Clears the [`tiny`] board by keyboard, and waits while the win box is
/// read (keys before [`read_box`] do not reach it).
pub fn win(app: &mut App) {
    type_str(app, " l j h ");
    assert!(app.game.win().is_some());
    read_box(app);
}

/// Lets the time pass after which the box on show (the win box, a message,
/// "Abandon this game?") takes keys and clicks
/// ([`LEAST_SHOWN`](crate::ui::app::screen::LEAST_SHOWN)), with a frame
/// showing it.
pub fn read_box(app: &mut App) {
    app.now += crate::ui::app::screen::LEAST_SHOWN;
    app.show_frame(app.now);
}

/// The default game of seed 1 in `theme`, with colours or without.
pub fn dealt(theme: &str, color: bool) -> App {
    let t = Instant::now();
    let config = Config {
        seed: 1,
        ..Config::DEFAULT
    };
    let game = Game::new(config, t).expect("a deal");
    App::new(game, Theme::builtin(theme).expect("built in"), color, t)
}

/// A game of seed 5 on `board` in `theme`, with colours or without.
pub fn on_board(board: Board, theme: &str, color: bool, now: Instant) -> App {
    let config = Config {
        seed: 5,
        ..Config::DEFAULT
    };
    let game = Game::from_board(board, config, now);
    App::new(game, Theme::builtin(theme).expect("built in"), color, now)
}

/// The app drawn on a `w` x `h` screen.
pub fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The rows of `buf` as text; a wide symbol stands for its two cells.
pub fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            let mut line = String::new();
            let mut x = 0;
            while x < buf.area.width {
                let s = buf[(x, y)].symbol();
                line.push_str(s);
                x += s.width().max(1) as u16;
            }
            line
        })
        .collect()
}

/// The app drawn on a `w` x `h` screen, one string a row.
pub fn screen_rows(app: &App, w: u16, h: u16) -> Vec<String> {
    rows(&draw(app, w, h))
}

/// Left-clicks at column `x`, row `y` of [`AREA`].
pub fn click_at(app: &mut App, x: u16, y: u16) {
    app.handle_event(&left_click(x, y), AREA, app.now);
}

/// Left-clicks the first place `text` is drawn on [`AREA`], as a player
/// clicks a word on the screen; panics when it is not on show.
pub fn click_text(app: &mut App, text: &str) {
    let buf = draw(app, AREA.width, AREA.height);
    let (x, y) = (0..AREA.height)
        .flat_map(|y| (0..AREA.width).map(move |x| (x, y)))
        .find(|&(x, y)| {
            let mut s = String::new();
            let mut cx = x;
            while cx < AREA.width && s.width() < text.width() {
                s.push_str(buf[(cx, y)].symbol());
                cx += 1;
            }
            s == text
        })
        .unwrap_or_else(|| panic!("{text:?} is not on the screen:\n{}", rows(&buf).join("\n")));
    click_at(app, x, y);
}
