//! Render tests on plain buffers: the board, marks, every kind of line,
//! the overlays and the too-small message.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

use crate::core::grid::{Board, Point};
use crate::game::{Action, Config, Game, Mode, REMOVAL_TIME};
use crate::ui::app::App;
use crate::ui::app::screen::{Screen, StatsView};
use crate::ui::theme::{Paint, Theme};

fn app_with(board: Board, now: Instant) -> App {
    on_board(board, "ascii", true, now)
}

use crate::ui::test_support::{at, dealt, draw, on_board, rows as text};

/// The board part of the screen: the lines between title and status, trimmed at the right.
fn board_text(buf: &Buffer) -> Vec<String> {
    let t = text(buf);
    t[1..t.len() - 1]
        .iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Matches `a` and `b`, then draws when the line is fully grown: the
/// points show over the middle of the line (on the ring when the middle is
/// there).
fn line_after(board: Board, a: Point, b: Point) -> Vec<String> {
    let t = Instant::now();
    let mut app = app_with(board, t);
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    assert!(
        app.game.removal(t).is_some(),
        "{a:?} and {b:?} did not match"
    );
    app.now = t + REMOVAL_TIME * 9 / 10;
    board_text(&draw(&app, 24, 9))
}

/// The default game, seed 1, in colour, in the ascii theme.
fn default_app() -> App {
    dealt("ascii", true)
}

/// Draws `app` on every screen smaller than `width` x `height`, down to
/// none at all: no size may make drawing panic.
fn draw_every_size_below(app: &App, width: u16, height: u16) {
    for w in 0..width {
        for h in 0..height {
            draw(app, w, h);
        }
    }
}

#[test]
fn board_cursor_and_status_at_80x24() {
    let app = default_app();
    let buf = draw(&app, 80, 24);
    let lines = text(&buf);
    assert_eq!(lines[0].trim_end(), " lianliankan");
    assert_eq!(
        lines[4].trim_end(),
        "        [E]  T   4   J   M   R   Q   N   7   B   6   C   O   Y   A   Y"
    );
    assert_eq!(
        lines[18].trim_end(),
        "         4   U   G   Q   L   2   4   3   T   U   6   5   Q   K   A   M"
    );
    assert_eq!(
        lines[23].trim_end(),
        " Score 0  Time 0:00  Tiles 128  Hints 3 t  Shuffles 2 r  ? help"
    );
    // Each tile is a light face with its symbol in the kind's colour, on
    // the table; the cursor's brackets are on blue.
    let ink = Theme::builtin("ascii")
        .unwrap()
        .glyph(app.game.board().get(at(0, 0)))
        .unwrap()
        .ink
        .unwrap();
    let depth = app.depth;
    assert_eq!(buf[(9, 4)].fg, ink.color(depth));
    assert_eq!(buf[(9, 4)].bg, Paint::Face.ink().color(depth));
    assert_eq!(buf[(8, 4)].bg, Paint::Cursor.ink().color(depth));
    assert_eq!(buf[(8, 4)].bg, buf[(10, 4)].bg);
    assert!(buf[(9, 4)].modifier.contains(Modifier::BOLD));
    assert_eq!(buf[(11, 4)].bg, Paint::Table.ink().color(depth));
    assert_eq!(
        buf[(13, 4)].bg,
        Paint::Face.ink().color(depth),
        "the next tile"
    );
    assert_eq!(buf[(0, 23)].bg, Color::Gray);
}

#[test]
fn status_line_words_itself_to_fit_narrow_terminals() {
    let app = default_app();
    let status = |w| text(&draw(&app, w, 24))[23].trim_end().to_string();
    // No gravity goes unsaid: the status line starts with the score.
    assert_eq!(
        status(63),
        " Score 0  Time 0:00  Tiles 128  Hints 3 t  Shuffles 2 r  ? help"
    );
    assert_eq!(
        status(62),
        " Score 0  Time 0:00  Hints 3 t  Shuffles 2 r  ? help"
    );
    // Narrower than the default board: a small board still shows.
    let small = app_with(Board::from_rows(&[[1, 1]]).unwrap(), Instant::now());
    let status = |w| text(&draw(&small, w, 24))[23].trim_end().to_string();
    assert_eq!(status(43), " 0 pts  0:00  t hint 3  r shuffle 2  ? help");
    assert_eq!(status(42), " 0 0:00 t:3 r:2 ? help");
    assert_eq!(status(22), " 0 0:00 t:3 r:2 ? help");
    assert_eq!(status(21), " 0 0:00 ? help");
}

/// Played in tmux: with hints turned off in the settings, the status line
/// and the side panel still offered "Hints 3 t" (and t did nothing).
#[test]
fn hints_turned_off_are_not_offered_on_the_status_line_or_the_panel() {
    let mut app = default_app();
    app.settings.hints = false;
    let status = |app: &App, w| text(&draw(app, w, 24))[23].trim_end().to_string();
    assert_eq!(
        status(&app, 80),
        " Score 0  Time 0:00  Tiles 128  Hints off  Shuffles 2 r  ? help"
    );
    assert_eq!(
        status(&app, 50),
        " 0 pts  0:00  no hints  r shuffle 2  ? help"
    );
    let mut small = app_with(Board::from_rows(&[[1, 1]]).unwrap(), Instant::now());
    small.settings.hints = false;
    assert_eq!(status(&small, 25), " 0 0:00 r:2 ? help");
    let panel = text(&draw(&app, 200, 60)).join("\n");
    assert!(panel.contains("│ Hints           off │"), "{panel}");
    assert!(!panel.contains("hint "), "{panel}");
    app.settings.hints = true;
    let panel = text(&draw(&app, 200, 60)).join("\n");
    assert!(panel.contains("Hints     3 left  t"), "{panel}");
}

/// The key for help stays on the status line at 80 columns and at the
/// narrowest board, with a long variant name and a score of five digits.
#[test]
fn status_line_keeps_the_help_key_with_long_labels() {
    let t = Instant::now();
    let config = Config {
        seed: 5,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let mut game = Game::new(config, t).unwrap();
    game.score.points = 12_345;
    game.level.number = 6;
    game.level.gravity = crate::core::gravity::Gravity::CenterH;
    let app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    for w in [80, 66, 50] {
        let line = text(&draw(&app, w, 24))[23].trim_end().to_string();
        assert!(line.ends_with("? help"), "{w}: {line}");
        assert!(line.contains("12345"), "{w}: {line}");
    }
}

/// A player with the mouse only learns from the first screen that a click
/// on the top or bottom line opens the menu; after the first move the
/// status line says so where there is room, or the side panel that
/// replaces it, and a click there does it.
#[test]
fn the_status_line_tells_a_mouse_player_where_the_menu_is() {
    assert!(crate::ui::app::INTRO.contains(super::MENU_HERE));
    let t = Instant::now();
    for theme in ["emoji", "ascii"] {
        let game = Game::new(Config::DEFAULT, t).unwrap();
        let mut app = App::new(game, Theme::builtin(theme).unwrap(), true, t);
        let (a, b) = crate::game::find_match(app.game.board()).unwrap();
        app.game.apply(Action::Click(a), t);
        app.game.apply(Action::Click(b), t);
        let area = Rect::new(0, 0, 120, 40);
        app.resize(area, t);
        let shown = text(&draw(&app, 120, 40));
        let status = shown[39].trim_end();
        let panel = app.screen_layout(area).0.panel.is_some();
        if panel {
            assert!(status.is_empty(), "{theme}: {status}");
            assert!(
                shown.iter().any(|r| r.contains("click title: menu")),
                "{theme}: {}",
                shown.join("\n")
            );
            app.handle_event(&crate::ui::test_support::left_click(50, 0), area, t);
        } else {
            assert!(
                status.contains("Esc or click here: menu"),
                "{theme}: {status}"
            );
            assert!(status.ends_with("? help"), "{theme}: {status}");
            app.handle_event(&crate::ui::test_support::left_click(50, 39), area, t);
        }
        assert!(
            !app.screens.is_empty(),
            "{theme}: a click there opens the menu"
        );
    }
    // At 80 columns the status line keeps its figures and the help key.
    let app = dealt("emoji", true);
    for w in [80, 66] {
        let line = text(&draw(&app, w, 40))[39].trim_end().to_string();
        assert!(!line.contains("click here"), "{w}: {line}");
        assert!(line.ends_with("? help"), "{w}: {line}");
    }
}

#[test]
fn selection_hint_and_cursor_are_distinct_without_colour() {
    let t = Instant::now();
    let board = Board::from_rows(&[[1, 2, 3, 1], [4, 2, 3, 4]]).unwrap();
    let mut app = app_with(board, t);
    app.color = false;
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game
        .apply(Action::Move(crate::game::Direction::Right), t);
    app.game.apply(Action::Hint, t);
    let (h1, h2) = app.game.hint_pair().unwrap();
    let buf = draw(&app, 24, 9);
    let layout = app.board_layout(buf.area).unwrap();
    let show = |p: Point| {
        let r = layout.cell_rect(p);
        (r.x..r.right())
            .map(|x| buf[(x, r.y)].symbol().to_string())
            .collect::<String>()
    };
    assert_eq!(show(at(1, 1)), "[B]");
    assert_eq!(show(at(1, 0)), " D ");
    let sel = layout.cell_rect(at(1, 0));
    assert!(
        buf[(sel.x + 1, sel.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    for p in [h1, h2] {
        if p != at(1, 1) {
            assert!(show(p).starts_with('<') && show(p).ends_with('>'), "{p:?}");
        }
    }
    assert!(
        !buf[(
            layout.cell_rect(at(0, 0)).x + 1,
            layout.cell_rect(at(0, 0)).y
        )]
            .modifier
            .contains(Modifier::REVERSED)
    );
    // No colour anywhere.
    for cell in &buf.content {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
}

#[test]
fn straight_line() {
    let board = Board::from_rows(&[[1, 0, 0, 1], [2, 3, 3, 2]]).unwrap();
    let lines = line_after(board, at(0, 0), at(0, 3));
    assert_eq!(
        lines,
        vec![
            "",
            "          +10",
            "    *A*─────────*A*",
            "",
            "     B   C   C   B",
            "",
            "",
        ]
    );
}

#[test]
fn one_turn_line() {
    let board = Board::from_rows(&[[1, 0, 0, 0], [2, 3, 3, 1]]).unwrap();
    let lines = line_after(board, at(0, 0), at(1, 3));
    assert_eq!(
        lines,
        vec![
            "",
            "           +10",
            "    *A*──────────┐",
            "                 │",
            "     B   C   C  *A*",
            "",
            "",
        ]
    );
}

#[test]
fn two_turn_line() {
    let board = Board::from_rows(&[[1, 2, 3, 2], [0, 0, 0, 0], [5, 3, 1, 5]]).unwrap();
    let lines = line_after(board, at(0, 0), at(2, 2));
    assert_eq!(
        lines,
        vec![
            "",
            "    *A*  B   C   B",
            "     │  +10",
            "     └───────┐",
            "             │",
            "     E   C  *A*  E",
            "",
        ]
    );
}

#[test]
fn line_through_the_outer_ring() {
    let board = Board::from_rows(&[[1, 2, 3, 1], [4, 2, 3, 4]]).unwrap();
    let lines = line_after(board, at(0, 0), at(0, 3));
    assert_eq!(
        lines,
        vec![
            "",
            "     ┌─── +10 ───┐",
            "    *A*  B   C  *A*",
            "",
            "     D   B   C   D",
            "",
            "",
        ]
    );
}

#[test]
fn line_grows_from_the_first_tile_then_vanishes() {
    let t = Instant::now();
    let board = Board::from_rows(&[[1, 0, 0, 1], [2, 3, 3, 2]]).unwrap();
    let mut app = app_with(board, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 3)), t);
    let count = |app: &App| -> usize {
        text(&draw(app, 24, 9))
            .iter()
            .map(|l| l.matches('─').count())
            .sum()
    };
    app.now = t + Duration::from_millis(60);
    let early = count(&app);
    app.now = t + Duration::from_millis(300);
    let late = count(&app);
    assert!(0 < early && early < late, "{early} {late}");
    let line = &text(&draw(&app, 24, 9))[3];
    assert!(line.contains("*A*─"));
    app.now = t + REMOVAL_TIME;
    assert_eq!(count(&app), 0);
    assert!(!text(&draw(&app, 24, 9)).concat().contains('A'));
}

/// The help open over a board of one pair.
fn help_on_a_pair() -> App {
    let mut app = app_with(Board::from_rows(&[[1, 1]]).unwrap(), Instant::now());
    app.screens
        .push(crate::ui::app::screen::Screen::Help { top: 0 });
    app
}

#[test]
fn help_on_a_short_screen_drops_the_rules_but_keeps_keys_and_seed() {
    let app = help_on_a_pair();
    let screen = text(&draw(&app, 80, 20)).join("\n");
    for needle in [
        "q, Ctrl-C",
        "Replay this deal: lianliankan",
        "--seed 5",
        "└",
    ] {
        assert!(screen.contains(needle), "help lacks {needle}:\n{screen}");
    }
    assert!(!screen.contains("Join two equal tiles"), "{screen}");
    let full = text(&draw(&app, 80, 24)).join("\n");
    assert!(full.contains("Join two equal tiles"), "{full}");
}

/// The rules under the keys fill the box the keys make: a paragraph of its
/// own width (62 columns) left a quarter of the 80-column box empty beside
/// it, under keys 76 columns wide. No line of the rules could take the next
/// line's first word.
#[test]
fn the_helps_rules_fill_the_width_of_its_keys() {
    let app = help_on_a_pair();
    for (w, h) in [(80, 24), (120, 40), (60, 30)] {
        let rows = text(&draw(&app, w, h));
        let inside = |r: &String| r.trim().trim_matches('│').trim_end().to_string();
        let keys = rows
            .iter()
            .skip_while(|r| !r.contains("┌ Help"))
            .skip(1)
            .take_while(|r| !r.contains("Join two"))
            .map(inside);
        let widest = keys.map(|k| k.chars().count()).max().unwrap();
        let rules: Vec<String> = rows
            .iter()
            .skip_while(|r| !r.contains("Join two"))
            .take_while(|r| !r.contains("Gravity") && r.trim().starts_with('│'))
            .map(inside)
            .collect();
        assert!(rules.len() > 1, "{rows:#?}");
        for pair in rules.windows(2) {
            let next = pair[1].split_whitespace().next().unwrap();
            assert!(
                pair[0].chars().count() + 1 + next.chars().count() > widest,
                "{:?} could take {next:?} ({widest} wide):\n{}",
                pair[0],
                rows.join("\n")
            );
        }
    }
}

/// Found by the hostile run: at 20 columns the help cut the seed of its
/// replay line to the box ('--seed 18446744073709551' of
/// 18446744073709551615), a command that deals another game. A word wider
/// than the box is broken over lines, so every character shows.
#[test]
fn a_narrow_help_shows_the_whole_replay_line() {
    let t = Instant::now();
    let config = Config {
        seed: u64::MAX,
        ..Config::DEFAULT
    };
    let board = Board::from_rows(&[[1, 1]]).unwrap();
    let mut app = App::new(
        Game::from_board(board, config, t),
        Theme::builtin("ascii").unwrap(),
        true,
        t,
    );
    app.screens
        .push(crate::ui::app::screen::Screen::Help { top: 0 });
    let options = app.game.config().replay_options();
    assert!(
        options.ends_with("--seed 18446744073709551615"),
        "{options}"
    );
    let expected = format!("Replay this deal: lianliankan {options}");
    for width in [20, 24, 30] {
        let lines = text(&draw(&app, width, 200));
        let inside: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix('│')?.strip_suffix('│'))
            .map(str::trim)
            .collect();
        let from = inside
            .iter()
            .position(|l| l.starts_with("Replay"))
            .unwrap_or_else(|| panic!("no replay line at {width}:\n{}", lines.join("\n")));
        let shown: String = inside[from..].concat().split_whitespace().collect();
        let whole: String = expected.split_whitespace().collect();
        assert!(
            shown.starts_with(&whole),
            "at {width} columns the help shows {shown:?}"
        );
    }
}

/// Found by the hostile run: at 20 columns the help's bottom border read
/// 'l; Esc closes', the centred title cut at its start. The border says
/// the keys that fit, whole.
#[test]
fn the_helps_bottom_border_says_its_keys_whole() {
    let app = help_on_a_pair();
    for (w, h, keys) in [
        (20, 6, "Esc closes"),
        (24, 8, "Esc, q or ? closes"),
        (30, 12, "arrows scroll; Esc closes"),
        (40, 10, "arrows scroll; Esc or click closes"),
        (80, 24, "Esc, q, ? or click closes"),
    ] {
        let lines = text(&draw(&app, w, h));
        let bottom = lines
            .iter()
            .find_map(|l| l.trim().strip_prefix('└'))
            .unwrap_or_else(|| panic!("no bottom border at {w} x {h}"));
        let title = bottom.trim_end_matches('┘').trim_matches('─').trim();
        assert_eq!(title, keys, "at {w} x {h}: {bottom}");
    }
}

#[test]
fn help_lists_every_key_and_the_mouse() {
    let app = help_on_a_pair();
    let screen = text(&draw(&app, 80, 24)).join("\n");
    for needle in [
        "Help",
        "arrows, h j k l",
        "Space, Enter",
        "left click",
        "hint",
        "reshuffle",
        "pause",
        "new game",
        "q, Ctrl-C",
        "undo",
        "Ctrl-R",
        "right click",
        "highlight",
        "Esc",
        "menu",
        "assisted.",
    ] {
        assert!(screen.contains(needle), "help lacks {needle}:\n{screen}");
    }
    // No line runs into the right border.
    for line in screen.lines().filter(|l| l.contains('│')) {
        assert!(line.trim_end().ends_with(" │"), "{line}");
    }
}

#[test]
fn win_screen_shows_score_time_and_new_game() {
    let t = Instant::now();
    let mut app = app_with(Board::from_rows(&[[1, 1]]).unwrap(), t);
    let later = t + Duration::from_secs(75);
    app.game.apply(Action::Click(at(0, 0)), later);
    app.game.apply(Action::Click(at(0, 1)), later);
    app.now = later + Duration::from_secs(10);
    let screen = text(&draw(&app, 80, 24)).join("\n");
    for needle in ["You won", "Score      10", "Time     1:15", "n  new game"] {
        assert!(
            screen.contains(needle),
            "win screen lacks {needle}:\n{screen}"
        );
    }
}

/// Played in tmux at 100 x 30 with a 2 x 4 board, which the side panel
/// stands beside: the win box, the menu and the help, centred on the
/// screen, reached over the panel, whose cut words stuck out right of them
/// ('moves', 'ormal', 'ft  t', 'enu'), as the request for room's did round
/// a menu. A box that reaches the panel (the help, wider than the room left
/// of it) shows alone; a box clear of it (the menu beside the default board
/// at 160 x 45) leaves it.
#[test]
fn a_box_over_the_board_hides_the_side_panel_it_reaches() {
    let t = Instant::now();
    let panel = |app: &App, w, h| {
        let screen = text(&draw(app, w, h)).join("\n");
        (screen.contains("click title: menu"), screen)
    };
    // The help over a 4 x 4 board, whose panel is as tall as the board.
    let rows = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 3, 4], [5, 6, 7, 8]];
    let mut app = app_with(Board::from_rows(&rows).unwrap(), t);
    assert!(panel(&app, 100, 30).0, "the panel stands beside the board");
    app.screens.push(Screen::Help { top: 0 });
    let (shown, screen) = panel(&app, 100, 30);
    // The help's corners are square: a rounded one is the panel's.
    assert!(!shown && !screen.contains('╰'), "{screen}");
    let mut app = default_app();
    app.screens
        .push(Screen::Menu(crate::ui::app::screen::Menu::pause(
            true, false,
        )));
    let (shown, screen) = panel(&app, 160, 45);
    assert!(shown && screen.contains("Resume"), "{screen}");
}

/// Played in tmux at 100 x 30 beside a small board: the win box, the level
/// card, the high scores and the statistics were centred on the whole
/// screen, so they reached over the side panel, which gave way to them,
/// the score and the time out of sight (the menus and forms had been
/// centred left of the panel since 0e7879a). Each box that fits left of
/// the panel is now centred there and the panel stays; the pages are drawn
/// where their clicks are read.
#[test]
fn the_boxes_that_fit_beside_the_side_panel_leave_it_in_sight() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
    let t = Instant::now();
    let area = Rect::new(0, 0, 100, 30);
    // The box saying `title` on screen left of the panel, which shows: the
    // panel is drawn only where no box reached.
    let beside = |app: &App, title: &str| {
        let lines = text(&draw(app, area.width, area.height));
        let panel = app.screen_layout(area).0.panel.expect("a side panel");
        let screen = lines.join("\n");
        assert!(screen.contains("click title: menu"), "{title}:\n{screen}");
        let left = |line: &String| -> String { line.chars().take(usize::from(panel.x)).collect() };
        assert!(
            lines.iter().any(|l| left(l).contains(title)),
            "{title}:\n{screen}"
        );
    };
    let press = |app: &mut App, c: char| {
        app.handle_event(&Event::Key(KeyEvent::from(KeyCode::Char(c))), area, t);
    };
    // The statistics and the high scores, from the menu, beside a 4 x 4
    // board: drawn where their clicks are read.
    let rows = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 3, 4], [5, 6, 7, 8]];
    let mut app = app_with(Board::from_rows(&rows).unwrap(), t);
    for (c, title) in [('s', " Statistics "), ('h', " High scores ")] {
        press(&mut app, 'm');
        press(&mut app, c);
        beside(&app, title);
        let (rect, _) = app.paged_box(area).expect("a page on top");
        assert_eq!(
            draw(&app, area.width, area.height)[(rect.x, rect.y)].symbol(),
            "╭"
        );
        press(&mut app, 'q');
        press(&mut app, 'p');
    }
    // The win box beside a 2 x 4 board.
    let mut app = app_with(Board::from_rows(&[[1, 2, 2, 1], [3, 3, 4, 4]]).unwrap(), t);
    for (a, b) in [
        ((0, 1), (0, 2)),
        ((1, 0), (1, 1)),
        ((1, 2), (1, 3)),
        ((0, 0), (0, 3)),
    ] {
        app.game.apply(Action::Click(at(a.0, a.1)), t);
        app.game.apply(Action::Click(at(b.0, b.1)), t);
    }
    assert!(app.game.win().is_some());
    app.now = t + Duration::from_secs(10);
    beside(&app, " You won ");
    // The level card after the first board of a run.
    let run = Config {
        rows: 2,
        cols: 2,
        kinds: 1,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let mut app = App::new(
        Game::new(run, t).unwrap(),
        Theme::builtin("ascii").unwrap(),
        false,
        t,
    );
    let layout = app.board_layout(area).expect("the board fits");
    for p in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let r = layout.cell_rect(at(p.0, p.1));
        let click = crate::ui::test_support::left_click(r.x + 1, r.y);
        app.handle_event(&click, area, t);
    }
    app.show_frame(t + REMOVAL_TIME);
    beside(&app, "Level 2 of 7");
}

#[test]
fn pause_hides_the_board() {
    let t = Instant::now();
    let mut app = app_with(Board::from_rows(&[[1, 1]]).unwrap(), t);
    app.game.apply(Action::TogglePause, t);
    let screen = text(&draw(&app, 40, 12)).join("\n");
    assert!(
        screen.contains("│ Paused. Press p or click to resume. │"),
        "{screen}"
    );
    assert!(!screen.contains('A'));
}

#[test]
fn too_small_asks_for_more_room_and_never_panics() {
    let app = dealt("symbols", true);
    let screen = text(&draw(&app, 40, 10)).join("\n");
    assert!(screen.contains("larger"), "{screen}");
    assert!(screen.contains("needs 50 x 12; it is 40 x 10"), "{screen}");
    // The way on is told, not only the way out: a new player who chose a
    // board too large for the terminal (the New game form allows it) read
    // "(q quits)" only, where the menu offers a smaller board or tiles.
    assert!(screen.contains("(Esc or click: menu; q quits)"), "{screen}");
    draw_every_size_below(&app, 60, 16);
}

/// Played at 30 x 8: the request wrapped to five lines in a box of three,
/// so it read "This board needs 66 x 12; it" and the keys were cut off.
#[test]
fn too_small_on_a_narrow_terminal_says_it_all() {
    let app = dealt("symbols", true);
    let screen = text(&draw(&app, 30, 8))
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    for needle in ["it is 30 x 8.", "(Esc or click: menu; q quits)"] {
        assert!(screen.contains(needle), "{needle} missing: {screen}");
    }
}

/// Played in tmux: on a terminal too small for the board, Esc opened the
/// menu unseen (keys then went to it blind), and a note (a settings file
/// kept aside) took the first key unseen, so "(q quits)" did not quit.
/// Menus and notes need no board: they show over the request for room.
#[test]
fn menus_and_notes_show_on_a_terminal_too_small_for_the_board() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let mut app =
        dealt("symbols", false).with_message("The settings could not be used.".to_string());
    let t = app.now;
    let area = Rect::new(0, 0, 48, 20);
    assert!(app.board_layout(area).is_none());
    let screen = text(&draw(&app, 48, 20)).join("\n");
    assert!(
        screen.contains("The settings could not be used."),
        "{screen}"
    );
    // Alone: the request's words round the box read as stray letters (the
    // play-test saw "T" and "0." beside the high scores at 40 x 10).
    assert!(!screen.contains("larger"), "{screen}");
    let esc = Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    let t = t + crate::ui::app::screen::LEAST_SHOWN;
    app.handle_event(&esc, area, t);
    assert!(app.warning.is_none(), "the note took the key");
    app.handle_event(&esc, area, t);
    let screen = text(&draw(&app, 48, 20)).join("\n");
    assert!(screen.contains("Paused"), "{screen}");
    assert!(screen.contains("Resume"), "{screen}");
    let stray = |screen: &str| ["larger", "needs", "quits)"].map(|w| screen.contains(w));
    assert_eq!(stray(&screen), [false; 3], "{screen}");
    // A box narrower than the request (the statistics at 40 x 10) has
    // nothing round it: no row but the box's own, from border to border.
    let mut small_box = app.clone();
    small_box.screens = vec![Screen::Stats(StatsView::note(vec![
        "No games yet.".to_string(),
    ]))];
    for (w, h) in [(40, 10), (40, 12), (30, 8)] {
        let screen = text(&draw(&small_box, w, h));
        for row in screen.iter().map(|row| row.trim()) {
            let boxed = row.starts_with(['│', '╭', '╰']) && row.ends_with(['│', '╮', '╯']);
            assert!(row.is_empty() || boxed, "{w} x {h}: {screen:#?}");
        }
    }
    // Closed, the request for room is back.
    app.handle_event(&esc, area, t);
    let screen = text(&draw(&app, 48, 20)).join("\n");
    assert_eq!(stray(&screen), [true; 3], "{screen}");
    draw_every_size_below(&app, 60, 22);
}

#[test]
fn large_terminal_gets_boxed_tiles() {
    let app = dealt("symbols", false);
    let buf = draw(&app, 140, 40);
    let layout = app.board_layout(buf.area).unwrap();
    assert!(layout.tile.boxed());
    let r = layout.cell_rect(at(0, 0));
    // The cursor tile has a thick border, the next one a plain border.
    assert_eq!(buf[(r.x, r.y)].symbol(), "┏");
    let r2 = layout.cell_rect(at(0, 1));
    assert_eq!(buf[(r2.x, r2.y)].symbol(), "┌");
}

#[test]
fn cursor_on_the_selected_tile_shows_both() {
    let t = Instant::now();
    let board = Board::from_rows(&[[1, 2, 3, 1], [4, 2, 3, 4]]).unwrap();
    let mut app = app_with(board, t);
    app.color = false;
    app.game.apply(Action::Click(at(0, 1)), t);
    let buf = draw(&app, 24, 9);
    let r = app.board_layout(buf.area).unwrap().cell_rect(at(0, 1));
    let shown: String = (r.x..r.right()).map(|x| buf[(x, r.y)].symbol()).collect();
    assert_eq!(shown, "[B]");
    assert!(buf[(r.x + 1, r.y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn highlighted_kind_is_marked_apart_from_cursor_selection_and_hint() {
    let t = Instant::now();
    // Kind 2 (B) at (0,1), (1,1), (0,4), (1,4).
    let board = Board::from_rows(&[[1, 2, 3, 1, 2], [4, 2, 3, 4, 2]]).unwrap();
    let mut app = app_with(board, t);
    app.color = false;
    app.game.apply(Action::Click(at(1, 1)), t);
    app.game.apply(Action::Highlight(at(0, 4)), t);
    let buf = draw(&app, 24, 9);
    let layout = app.board_layout(buf.area).unwrap();
    let show = |p: Point| {
        let r = layout.cell_rect(p);
        (r.x..r.right())
            .map(|x| buf[(x, r.y)].symbol().to_string())
            .collect::<String>()
    };
    let italic = |p: Point| {
        let r = layout.cell_rect(p);
        buf[(r.x + 1, r.y)].modifier.contains(Modifier::ITALIC)
    };
    for p in [at(0, 1), at(0, 4), at(1, 4)] {
        assert_eq!(show(p), "{B}", "{p:?}");
        assert!(italic(p), "{p:?}");
    }
    // The selected (cursor) B keeps its own marks and still shows the highlight.
    assert_eq!(show(at(1, 1)), "[B]");
    assert!(italic(at(1, 1)));
    for p in [at(0, 0), at(0, 2), at(1, 0), at(1, 3)] {
        assert!(!show(p).contains('{') && !italic(p), "{p:?}");
    }
    // Right click again: gone.
    app.game.apply(Action::Highlight(at(0, 4)), t);
    let buf = draw(&app, 24, 9);
    assert!(!text(&buf).concat().contains('{'));
}

#[test]
fn boxed_highlighted_tiles_get_a_dashed_border() {
    let mut app = dealt("ascii", false);
    let t = app.now;
    let p = at(3, 7);
    app.game.apply(Action::Highlight(p), t);
    let kind = app.game.board().get(p);
    let buf = draw(&app, 140, 40);
    let layout = app.board_layout(buf.area).unwrap();
    assert!(layout.tile.boxed());
    let board = app.game.board();
    for q in board.points().filter(|&q| q != at(0, 0)) {
        let r = layout.cell_rect(q);
        let dashed = buf[(r.x + 1, r.y)].symbol() == "╌";
        assert_eq!(dashed, board.get(q) == kind, "{q:?}");
    }
}

#[test]
fn win_screen_says_assisted_after_undo_and_offers_undo() {
    let t = Instant::now();
    let mut app = app_with(Board::from_rows(&[[1, 1], [2, 2]]).unwrap(), t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    app.game.apply(Action::Undo, t);
    app.game.apply(Action::Redo, t);
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game.apply(Action::Click(at(1, 1)), t);
    app.now = t + Duration::from_secs(1);
    let screen = text(&draw(&app, 80, 24)).join("\n");
    for needle in ["You won", "assisted", "u  undo"] {
        assert!(
            screen.contains(needle),
            "win screen lacks {needle}:\n{screen}"
        );
    }
    // Unassisted wins do not say so.
    let mut app = app_with(Board::from_rows(&[[1, 1]]).unwrap(), t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains("You won") && !screen.contains("assisted"));
}

#[test]
fn the_title_line_warns_of_a_lost_board_until_undo() {
    let t = Instant::now();
    let mut app = app_with(crate::game::trap_board(), t);
    let (a, b) = crate::game::TRAP_WRONG;
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    let title = text(&draw(&app, 80, 24))[0].clone();
    assert!(title.trim_end().ends_with(super::LOST_WARNING), "{title}");
    app.game.apply(Action::Undo, t);
    app.now = t + crate::game::NOTICE_TIME;
    let title = text(&draw(&app, 80, 24))[0].clone();
    assert_eq!(title.trim_end(), " lianliankan");
}

#[test]
fn the_title_line_says_how_to_stop_a_demo() {
    let t = Instant::now();
    let app = app_with(Board::from_rows(&[[1, 1]]).unwrap(), t).with_demo(None, t);
    let title = text(&draw(&app, 80, 24))[0].clone();
    assert!(title.contains("demo: a key or click stops it"), "{title}");
}

/// Found by the hostile run: a demo on a terminal too small for its board
/// showed the request for room, "(Esc or click: menu; q quits)", but a key
/// or a click only stops a demo (q did not quit, Esc opened no menu): the
/// request says what they do while a demo plays.
#[test]
fn a_cramped_demo_says_a_key_stops_it() {
    use crate::ui::test_support::key;
    use ratatui::crossterm::event::KeyCode::Char;
    let t = Instant::now();
    let mut app = dealt("ascii", false).with_demo(None, t);
    let area = Rect::new(0, 0, 40, 10);
    assert!(app.board_layout(area).is_none());
    let screen = text(&draw(&app, 40, 10)).join(" ");
    assert!(
        screen.contains("(demo: a key or click stops it)"),
        "{screen}"
    );
    assert!(!screen.contains("quits"), "{screen}");
    // As it says: q stops the demo, and the game goes on.
    let later = t + crate::ui::app::screen::LEAST_SHOWN;
    app.handle_event(&key(Char('q')), area, later);
    assert!(!app.quit);
    let screen = text(&draw(&app, 40, 10)).join(" ");
    assert!(screen.contains("(Esc or click: menu; q quits)"), "{screen}");
}

#[test]
fn the_lost_warning_leaves_the_time_bar_whole() {
    let t = Instant::now();
    let config = Config {
        seed: 5,
        timed: true,
        ..Config::DEFAULT
    };
    let game = Game::from_board(crate::game::trap_board(), config, t);
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    let (a, b) = crate::game::TRAP_WRONG;
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    app.now = t + crate::game::NOTICE_TIME;
    for width in [70, 80, 100] {
        let title = text(&draw(&app, width, 24))[0].clone();
        // The time left, with its bar or its word, whole before it.
        let time_end = title.find(" 0:").map(|i| i + " 0:00".len());
        let warning = title.find(super::LOST_WARNING);
        assert!(
            matches!((time_end, warning), (Some(e), Some(w)) if e < w),
            "{title}"
        );
    }
    // The title line at `width` columns, with the time left on it.
    let timed_title = |app: &App, width: u16| {
        let title = text(&draw(app, width, 24))[0].clone();
        let clock = |w: &str| w.len() == 4 && w.as_bytes()[1] == b':';
        assert!(
            title.split_whitespace().any(clock),
            "the time left at {width}: {title}"
        );
        title
    };
    // Narrower, the warning took the time's place (the play-test, under
    // about 55 columns); a short warning leaves the time left on show.
    for width in [40, 50, 56] {
        let title = timed_title(&app, width);
        assert!(title.contains("cannot"), "the warning at {width}: {title}");
    }
    // A notice gives up its last clauses for the time left (found by the
    // play-test, pt45: at 39 to 43 columns "no hint: this board cannot be
    // won now" hid it).
    app.game.apply(Action::Hint, app.now);
    for width in [24, 40, 43] {
        let title = timed_title(&app, width);
        assert!(title.contains("no hint"), "the notice at {width}: {title}");
    }
}

/// The lost-board warnings name the keys that get out of it in words of
/// their own: each letter they name is bound to undo or reshuffle, in that
/// order ("u undo, r reshuffle", "u or r"), so a key rebound in the key
/// table fails here until the warnings follow.
#[test]
fn the_lost_warnings_name_the_keys_of_undo_and_reshuffle() {
    use crate::ui::app::keys::{Command, command};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    for warning in [super::LOST_WARNING, super::LOST_SHORT] {
        let letters: Vec<char> = warning
            .split([' ', ','])
            .filter(|w| w.chars().count() == 1)
            .filter_map(|w| w.chars().next())
            .collect();
        let commands: Vec<_> = letters
            .iter()
            .map(|&c| command(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)))
            .collect();
        assert_eq!(
            commands,
            [Some(Command::Undo), Some(Command::Reshuffle)],
            "{warning}: {letters:?}"
        );
    }
}

#[test]
fn a_long_message_on_a_narrow_screen_replaces_the_title_rather_than_cutting_it() {
    let t = Instant::now();
    let mut app = app_with(crate::game::trap_board(), t);
    let (a, b) = crate::game::TRAP_WRONG;
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    app.now = t + crate::game::NOTICE_TIME;
    let warning = super::LOST_WARNING;
    let title = text(&draw(&app, 45, 24))[0].clone();
    assert_eq!(title.trim(), warning, "{title}");
    let title = text(&draw(&app, 52, 24))[0].clone();
    assert!(title.starts_with(" lianliankan cannot"), "{title}");
}

/// Played at 30 x 8: a title-line message wider than the screen was cut in
/// the middle of a word, the first screen reading "click two equal tiles;
/// ? for h" and a board that could no longer be won "cannot be won now: u
/// undo, r r". The intro keeps its first clause, the warning its short form.
#[test]
fn a_message_wider_than_the_title_line_is_cut_between_words() {
    let t = Instant::now();
    let app = App::new(
        Game::new(crate::ui::test_support::tiny(), t).unwrap(),
        Theme::builtin("ascii").unwrap(),
        true,
        t,
    )
    .with_intro();
    assert_eq!(text(&draw(&app, 30, 8))[0].trim(), "click two equal tiles");
    let mut app = app_with(crate::game::trap_board(), t);
    let (a, b) = crate::game::TRAP_WRONG;
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    app.now = t + crate::game::NOTICE_TIME;
    for width in [30, 38] {
        let title = text(&draw(&app, width, 24))[0].clone();
        assert!(
            title.trim_end().ends_with(" cannot win: u or r"),
            "at {width}: {title}"
        );
    }
}

/// On a terminal without box drawing (a C locale, see `Charset`) every
/// screen a player reaches by keys and clicks is drawn in ASCII only: the
/// start menu and what it opens, boxed tiles with their marks, the match
/// line, the pause menu, a note and the win screen, small and large.
#[test]
fn a_terminal_without_unicode_gets_ascii_on_every_screen() {
    use crate::ui::test_support::{pick, press};
    use ratatui::crossterm::event::KeyCode::{Char, Esc};
    let t = Instant::now();
    let board = Board::from_rows(&[[1, 2, 3, 2], [0, 0, 0, 0], [5, 3, 1, 5]]).unwrap();
    let mut app = app_with(board, t).with_start_menu();
    app.charset = crate::ui::theme::Charset::Ascii;
    let mut screens = 0;
    let mut ascii_only = |app: &App, what: &str| {
        screens += 1;
        for (w, h) in [(24, 9), (80, 24), (200, 60)] {
            let buf = draw(app, w, h);
            assert!(
                buf.content().iter().all(|c| c.symbol().is_ascii()),
                "{what} at {w}x{h}:\n{}",
                text(&buf).join("\n")
            );
        }
    };
    ascii_only(&app, "start menu");
    for (key, what) in [
        ('e', "settings"),
        ('n', "new game form"),
        ('h', "high scores"),
        ('s', "statistics"),
        ('?', "help"),
    ] {
        press(&mut app, &[Char(key)]);
        assert!(app.screens.len() > 1, "{what} did not open");
        ascii_only(&app, what);
        press(&mut app, &[Esc]);
    }
    press(&mut app, &[Char('p')]);
    assert!(app.screens.is_empty(), "the board is not on show");
    pick(&mut app, at(0, 0));
    ascii_only(&app, "a selected tile");
    pick(&mut app, at(2, 2));
    assert!(app.game.removal(app.now).is_some(), "no match");
    let matched = app.now;
    app.now = matched + REMOVAL_TIME * 9 / 10;
    ascii_only(&app, "the match line");
    // The line turns twice in ASCII: corners and both directions.
    let line = text(&draw(&app, 24, 9)).join("\n");
    assert!(
        line.contains('+') && line.contains('|') && line.contains('-'),
        "{line}"
    );
    app.now = matched + REMOVAL_TIME * 2;
    press(&mut app, &[Esc]);
    ascii_only(&app, "pause menu");
    press(&mut app, &[Esc]);
    assert!(app.screens.is_empty(), "the pause menu stayed");
    let note = app
        .clone()
        .with_message("A note over the board.".to_string());
    ascii_only(&note, "a note");
    for (a, b) in [
        (at(0, 1), at(0, 3)),
        (at(0, 2), at(2, 1)),
        (at(2, 0), at(2, 3)),
    ] {
        pick(&mut app, a);
        pick(&mut app, b);
        app.now += REMOVAL_TIME * 2;
    }
    assert!(app.game.win().is_some(), "the board is not cleared");
    app.now += Duration::from_secs(5);
    ascii_only(&app, "the win screen");
    assert!(text(&draw(&app, 80, 24)).join("\n").contains("You won"));
    assert_eq!(screens, 11);
}

/// On a screen too short for the pause menu the list scrolls with the
/// highlight, arrows on the border say rows are out of sight, and a click
/// on a scrolled row chooses that row.
#[test]
fn a_menu_taller_than_the_screen_scrolls_to_the_highlight() {
    use ratatui::crossterm::event::{
        Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };
    let t = Instant::now();
    let mut app = default_app();
    let area = Rect::new(0, 0, 40, 10);
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    app.handle_event(&key(KeyCode::Esc), area, t);
    let screen = text(&draw(&app, 40, 10));
    assert!(screen.join("\n").contains("> Resume"), "{screen:#?}");
    assert!(
        screen.join("\n").contains("Enter chooses; Esc back"),
        "{screen:#?}"
    );
    assert!(!screen.join("\n").contains("Quit"), "{screen:#?}");
    assert!(
        screen.iter().any(|l| l.ends_with('v')),
        "no arrow down: {screen:#?}"
    );
    // Up from the first row goes round to the last, Quit.
    app.handle_event(&key(KeyCode::Up), area, t);
    let screen = text(&draw(&app, 40, 10));
    assert!(screen.join("\n").contains("> Quit"), "{screen:#?}");
    assert!(
        screen.iter().any(|l| l.ends_with('^')),
        "no arrow up: {screen:#?}"
    );
    assert!(!screen.iter().any(|l| l.ends_with('v')), "{screen:#?}");
    app.handle_event(&key(KeyCode::Up), area, t);
    let (view, layout) = app.list_layout(area).unwrap();
    assert_eq!(view.rows[view.selected].label, "Help");
    let help = layout.rect_of(view.selected).unwrap();
    let click = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: help.x + 3,
            row: help.y,
            modifiers: KeyModifiers::NONE,
        })
    };
    app.handle_event(&click(MouseEventKind::Down(MouseButton::Left)), area, t);
    app.handle_event(&click(MouseEventKind::Up(MouseButton::Left)), area, t);
    assert_eq!(
        app.screens.last(),
        Some(&crate::ui::app::screen::Screen::Help { top: 0 })
    );
}

/// A note keeps a column of room between its text and its border.
#[test]
fn a_note_keeps_its_text_off_the_border() {
    let app = default_app().with_message("Lorem ipsum dolor sit amet. ".repeat(8));
    let screen = text(&draw(&app, 80, 24));
    let rows: Vec<&String> = screen.iter().filter(|r| r.contains("ipsum")).collect();
    assert!(rows.len() >= 3, "{screen:#?}");
    for row in rows {
        let inside = row.trim().trim_matches('│');
        assert!(
            inside.starts_with(' ') && inside.ends_with(' '),
            "text touches the border: {row:?}"
        );
    }
}

/// A note is as tall as its wrapped words: the box was sized by counting
/// characters, which left blank lines under a short note and cut the end of
/// one whose long words (paths) wrap early.
#[test]
fn a_note_is_as_tall_as_its_wrapped_text() {
    // Each 33 columns, two to a line of 64 only without the space: a line each.
    let words: Vec<String> = (0..8).map(|i| format!("/{i}{}", "x".repeat(31))).collect();
    let app = default_app().with_message(words.join(" "));
    let screen = text(&draw(&app, 80, 24));
    for word in &words {
        assert!(
            screen.iter().any(|r| r.contains(word.as_str())),
            "{word} cut: {screen:#?}"
        );
    }
    let bottom = screen
        .iter()
        .position(|r| r.contains("a key or click"))
        .unwrap();
    let last = screen[bottom - 1].trim().trim_matches('│').trim();
    assert!(!last.is_empty(), "a blank line under the text: {screen:#?}");
}
