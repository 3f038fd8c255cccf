//! Render tests of the look: every symbol of every theme in its tile, wide
//! pictures under boxes and labels, tiles growing on a large terminal, the
//! side panel, the feedback on the board (points, combo, time bonus, a failed
//! pair, the hint's pulse), the time bar's warnings and the first screen's
//! line, in colour and without.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

use super::feedback::POINTS_TIME;
use crate::core::grid::{Board, Point, Tile};
use crate::game::{Action, Config, Game, Mode, NOTICE_TIME, Notice, REMOVAL_TIME, Removal};
use crate::ui::app::screen::Screen;
use crate::ui::app::{App, INTRO};
use crate::ui::test_support::{at, dealt, draw, on_board, rows as text};
use crate::ui::theme::{ColorDepth, Paint, Theme};

/// The colour of `paint` in the tests' palette (256 colours).
fn c(paint: Paint) -> Color {
    paint.ink().color(ColorDepth::Indexed)
}

/// A board holding every kind of `theme` twice, eight tiles a row.
fn every_kind(theme: &Theme) -> Board {
    let kinds: Vec<Tile> = (1..=theme.kinds() as Tile).flat_map(|k| [k, k]).collect();
    let rows: Vec<Vec<Tile>> = kinds
        .chunks(8)
        .map(|r| {
            let mut r = r.to_vec();
            r.resize(8, 0);
            r
        })
        .collect();
    Board::from_rows(&rows).unwrap()
}

/// Every symbol of every theme sits in the middle of its tile, between the
/// tile's marks, and the borders of boxed tiles line up in columns: a wide
/// picture takes its two cells and pushes nothing.
#[test]
fn every_symbol_of_every_theme_lines_up_in_its_tile() {
    let t = Instant::now();
    for name in Theme::names() {
        let theme = Theme::builtin(name).unwrap();
        let board = every_kind(&theme);
        for (w, h, boxed) in [(70, 36, false), (200, 200, true)] {
            let app = on_board(board.clone(), name, false, t);
            let buf = draw(&app, w, h);
            let layout = app.board_layout(buf.area).unwrap();
            assert_eq!(layout.tile.boxed(), boxed, "{name} at {w}x{h}");
            assert_eq!(layout.tile.glyph, theme.width());
            for p in board.points().filter(|&p| board.get(p) != 0) {
                let symbol = &theme.glyph(board.get(p)).unwrap().symbol;
                let (x, y) = layout.centre(p);
                assert_eq!(buf[(x, y)].symbol(), symbol, "{name} {p:?}");
                if theme.width() == 2 {
                    assert_eq!(buf[(x + 1, y)].symbol(), " ", "the hidden half");
                }
                let (left, right) = if p == at(0, 0) {
                    ("[", "]")
                } else {
                    (" ", " ")
                };
                assert_eq!(buf[(x - 1, y)].symbol(), left, "{name} {p:?}");
                assert_eq!(buf[(x + theme.width(), y)].symbol(), right, "{name} {p:?}");
                if boxed && p != at(0, 0) {
                    let r = layout.cell_rect(p);
                    let corners = [
                        ((r.x, r.y), "┌"),
                        ((r.right() - 1, r.y), "┐"),
                        ((r.x, r.bottom() - 1), "└"),
                        ((r.right() - 1, r.bottom() - 1), "┘"),
                    ];
                    for (cell, corner) in corners {
                        assert_eq!(buf[cell].symbol(), corner, "{name} {p:?}");
                    }
                    assert_eq!(buf[(r.x, y)].symbol(), "│");
                    assert_eq!(buf[(r.right() - 1, y)].symbol(), "│");
                    // One picture a tile: nothing else is written on its face.
                    let face = Rect::new(r.x + 1, r.y + 1, r.width - 2, r.height - 2);
                    let pictures = face
                        .positions()
                        .filter(|&c| buf[c].symbol() == symbol)
                        .count();
                    assert_eq!(pictures, 1, "{name} {p:?}");
                }
            }
            // Each text row is exactly as wide as the screen.
            for line in text(&buf) {
                assert_eq!(line.width(), usize::from(w), "{name}: {line}");
            }
        }
    }
}

/// A box over pictures (help, a label) is drawn whole on a real terminal:
/// a picture whose hidden half lies under it is blanked, as ratatui would
/// otherwise skip the cell and the terminal draw the picture over the box.
#[test]
fn boxes_over_pictures_keep_their_borders() {
    let mut app = dealt("emoji", true);
    app.screens.push(Screen::Help { top: 0 });
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = terminal.backend().buffer().clone();
    let screen = text(&buf);
    let top = screen.iter().position(|l| l.contains("┌ Help")).unwrap();
    let bottom = screen.iter().rposition(|l| l.contains('└')).unwrap();
    let left = screen[top].chars().take_while(|&c| c != '┌').count() as u16;
    for y in top + 1..bottom {
        assert_eq!(buf[(left, y as u16)].symbol(), "│", "{}", screen[y]);
    }
    // No wide picture hides a cell that holds anything.
    let drawn = draw(&app, 80, 24);
    for y in 0..24 {
        for x in 0..79 {
            if drawn[(x, y)].symbol().width() == 2 {
                assert_eq!(drawn[(x + 1, y)], ratatui::buffer::Cell::EMPTY, "{x},{y}");
            }
        }
    }
}

/// Played at 200 x 60 on a center-v board: the panel's line "center-v:
/// columns close towards the middle" wrapped with its later lines against
/// the border ("│close towards the"); on a center-h board the first line
/// ran into the right border ("center-h: rows close│"). Every line keeps a
/// space on both sides, as the rows under it do.
#[test]
fn the_side_panel_wraps_a_long_gravity_line_with_its_margin() {
    use crate::core::gravity::Gravity;
    let t = Instant::now();
    for gravity in [Gravity::CenterV, Gravity::CenterH] {
        let config = Config {
            seed: 1,
            mode: Mode::Single(gravity),
            ..Config::DEFAULT
        };
        let game = Game::new(config, t).expect("a deal");
        let app = App::new(game, Theme::builtin("ascii").unwrap(), false, t);
        let buf = draw(&app, 200, 60);
        let (screen, _) = app.screen_layout(buf.area);
        let panel = screen.panel.expect("a side panel");
        let inside = |y: u16| -> String {
            (panel.x + 1..panel.right() - 1)
                .map(|x| buf[(x, y)].symbol())
                .collect()
        };
        let text: Vec<String> = (panel.y + 1..panel.bottom() - 1).map(inside).collect();
        let joined = text.join("\n");
        assert!(joined.contains(&format!("{}:", gravity.name())), "{joined}");
        assert!(joined.contains("middle"), "{joined}");
        for line in &text {
            assert!(
                line.starts_with(' ') && line.ends_with(' '),
                "a line against the border:\n{joined}"
            );
        }
    }
}

/// At 200 x 60 the default board fills at least 60% of the width and the
/// height in every theme, with the status in a side panel beside it.
#[test]
fn a_large_terminal_grows_the_tiles_and_shows_the_side_panel() {
    for name in Theme::names() {
        let app = dealt(name, true);
        let buf = draw(&app, 200, 60);
        let (screen, layout) = app.screen_layout(buf.area);
        let layout = layout.unwrap();
        assert!(
            layout.outer.width >= 120 && layout.outer.height >= 36,
            "{name}: {layout:?}"
        );
        let panel = screen.panel.expect("a side panel");
        let lines = text(&buf);
        let joined: String = (panel.y..panel.bottom())
            .map(|y| {
                let row: String = (panel.x..panel.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect();
                row + "\n"
            })
            .collect();
        for needle in [
            "This board",
            "none: nothing moves",
            "Difficulty",
            "normal",
            "Score",
            "Time",
            "0:00",
            "Combo",
            "Tiles",
            "128",
            "3 left  t",
            "2 left  r",
            "? ",
            "help",
            "hint",
            "shuffle",
            "undo",
            "pause",
            "Esc, m",
            "q, Ctrl-C",
        ] {
            assert!(
                joined.contains(needle),
                "{name}: panel lacks {needle}:\n{joined}"
            );
        }
        assert!(
            !lines[59].contains("Score"),
            "no status line: {}",
            lines[59]
        );
        // The panel sits on the table, beside the board, inside the screen.
        assert!(panel.x >= layout.outer.right() && panel.right() <= 200);
        assert_eq!(buf[(panel.x + 2, panel.y + 3)].bg, c(Paint::Table));
    }
}

/// Played at 160 x 45: the side panel's keys named undo (`u, Ctrl-Z`) but
/// not redo, which the help and the menu offer beside it. Redo comes under
/// undo, in the table's words.
#[test]
fn the_side_panel_lists_redo_under_undo() {
    let app = dealt("ascii", false);
    let lines = text(&draw(&app, 160, 45));
    let undo = lines
        .iter()
        .position(|l| l.contains("│ u, Ctrl-Z undo"))
        .expect("undo in the panel");
    assert!(
        lines[undo + 1].contains("│ o, Ctrl-R redo"),
        "{}",
        lines.join("\n")
    );
}

/// Tiles look like tiles: a light face, a darker edge below, on the table;
/// the symbol in its kind's colour; the cursor frames its tile in blue.
#[test]
fn tiles_have_a_light_face_an_edge_and_sit_on_the_table() {
    let app = dealt("symbols", true);
    let buf = draw(&app, 160, 45);
    let layout = app.board_layout(buf.area).unwrap();
    assert!(layout.tile.boxed());
    let p = at(2, 3);
    let r = layout.cell_rect(p);
    let (x, y) = layout.centre(p);
    let ink = app
        .theme
        .glyph(app.game.board().get(p))
        .unwrap()
        .ink
        .unwrap();
    assert_eq!(buf[(x, y)].fg, ink.color(ColorDepth::Indexed));
    assert_eq!(buf[(x, y)].bg, c(Paint::Face));
    assert_eq!(buf[(r.x, r.y)].bg, c(Paint::Face));
    assert_eq!(buf[(r.x, r.bottom() - 1)].bg, c(Paint::Side));
    assert_eq!(buf[(r.right(), r.y)].bg, c(Paint::Table), "the gap");
    let cursor = layout.cell_rect(at(0, 0));
    for cell in [
        (cursor.x, cursor.y),
        (cursor.right() - 1, cursor.bottom() - 1),
    ] {
        assert_eq!(buf[cell].bg, c(Paint::Cursor));
    }
    // On 16 colours the face is grey on the terminal's own background.
    let mut basic = dealt("symbols", true);
    basic.depth = ColorDepth::Basic;
    let buf = draw(&basic, 160, 45);
    assert_eq!(buf[(x, y)].bg, Color::Gray);
    assert_eq!(buf[(r.right(), r.y)].bg, Color::Reset);
    // Where tiles touch (pictures at 80 x 24) the right column is the edge.
    let emoji = dealt("emoji", true);
    let buf = draw(&emoji, 80, 24);
    let layout = emoji.board_layout(buf.area).unwrap();
    assert!(layout.tile.touching());
    let r = layout.cell_rect(at(1, 1));
    assert_eq!(buf[(r.right() - 1, r.y)].bg, c(Paint::Side));
    assert_eq!(buf[(r.x, r.y)].bg, c(Paint::Face));
}

/// The selection, the hint, the highlight and the cursor each colour the
/// face their own way, and keep their own characters without colour.
#[test]
fn marks_differ_in_colour_and_without() {
    let t = Instant::now();
    // A winnable board (a hint on a lost one shows nothing) whose
    // solution starts with the 1s, so the hint is theirs.
    let board = Board::from_rows(&[[1, 0, 0, 1], [2, 3, 4, 2], [5, 4, 5, 3]]).unwrap();
    for color in [true, false] {
        let mut app = on_board(board.clone(), "ascii", color, t);
        app.game.apply(Action::Click(at(1, 1)), t);
        app.game.apply(Action::Highlight(at(1, 2)), t);
        app.game.apply(Action::Hint, t);
        let hinted = app.game.hint_pair().unwrap();
        assert_eq!(hinted, (at(0, 0), at(0, 3)));
        let buf = draw(&app, 40, 12);
        let layout = app.board_layout(buf.area).unwrap();
        let look = |p: Point| {
            let (x, y) = layout.centre(p);
            let s: String = (x - 1..x + 2).map(|x| buf[(x, y)].symbol()).collect();
            (s, buf[(x, y)].bg, buf[(x, y)].modifier)
        };
        // The cursor is on the selected tile.
        let (selected, sel_bg, sel_mod) = look(at(1, 1));
        assert_eq!(selected, "[C]");
        let (high, high_bg, high_mod) = look(at(2, 1));
        assert_eq!(high, "{D}");
        let (hint, hint_bg, _) = look(hinted.0);
        assert!(hint.starts_with('<') && hint.ends_with('>'), "{hint}");
        if color {
            assert_eq!(sel_bg, c(Paint::Selected));
            assert_eq!(high_bg, c(Paint::Highlight));
            assert_eq!(hint_bg, c(Paint::Hint));
        } else {
            assert!(sel_mod.contains(Modifier::REVERSED));
            assert!(high_mod.contains(Modifier::ITALIC));
            assert!(
                buf.content
                    .iter()
                    .all(|c| c.bg == Color::Reset && c.fg == Color::Reset)
            );
        }
    }
}

/// On 16 colours a picture keeps showing on a marked face. Played in tmux
/// at 80 x 24 with TERM=xterm (as on the Linux console, where `ascii` is
/// the default): a tile of the yellow kinds, once selected, was a blank
/// yellow block (`5` and `⬢`: yellow on the selection's yellow), and so
/// were the green kinds hinted and the cyan kinds highlighted with `f`,
/// every copy of them. Each mark is made as a player makes it: a click
/// selects, `f` highlights, `t` hints.
#[test]
fn on_16_colours_every_picture_shows_on_every_mark() {
    use crate::ui::test_support::left_click;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let press = |app: &mut App, c: char, area: Rect| {
        let key = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        app.handle_event(&key, area, app.now);
    };
    // The picture's cell of the tile at `p`: its colours differ.
    let shows = |app: &App, area: Rect, p: Point, mark: &str| {
        let buf = draw(app, area.width, area.height);
        let (x, y) = app.board_layout(area).unwrap().centre(p);
        let cell = &buf[(x, y)];
        assert_ne!(cell.symbol(), " ", "{mark} {p:?}");
        assert_ne!(
            cell.fg,
            cell.bg,
            "{mark} {p:?}: {:?} on its face",
            cell.symbol()
        );
    };
    let t = Instant::now();
    let area = Rect::new(0, 0, 120, 50);
    for name in Theme::names() {
        let theme = Theme::builtin(name).unwrap();
        let board = every_kind(&theme);
        let mut app = on_board(board.clone(), name, true, t);
        app.depth = ColorDepth::Basic;
        let layout = app.board_layout(area).expect("the board fits");
        for p in board.points().filter(|&p| board.get(p) != 0) {
            let (x, y) = layout.centre(p);
            app.handle_event(&left_click(x, y), area, t);
            assert_eq!(app.game.selected(), Some(p));
            shows(&app, area, p, &format!("{name} selected"));
            press(&mut app, ' ', area);
            press(&mut app, 'f', area);
            assert!(app.game.highlight_kind().is_some());
            shows(&app, area, p, &format!("{name} highlighted"));
            press(&mut app, 'f', area);
        }
        // Each kind hinted: the only pair of a board of two.
        for kind in 1..=theme.kinds() as Tile {
            let pair = Board::from_rows(&[[kind, kind]]).unwrap();
            let mut app = on_board(pair, name, true, t);
            app.depth = ColorDepth::Basic;
            press(&mut app, 't', area);
            assert_eq!(app.game.hint_pair(), Some((at(0, 0), at(0, 1))));
            shows(&app, area, at(0, 1), &format!("{name} hinted"));
        }
    }
}

/// `rows` rows of sixteen tiles, no two neighbours alike and no kind 1
/// (left for the pair a test places).
fn all_different(rows: usize) -> Vec<Vec<Tile>> {
    (0..rows)
        .map(|r| (0..16).map(|c| ((r * 16 + c) % 47 + 2) as Tile).collect())
        .collect()
}

/// An ascii app on `rows`, drawn 0.1 s after its second match, `a` with
/// `b`, a second after a first match of the top left pair (set here), so
/// the points show with a combo; and that second match.
fn second_match(mut rows: Vec<Vec<Tile>>, a: Point, b: Point) -> (App, Removal) {
    let t = Instant::now();
    rows[0][0] = 49;
    rows[0][1] = 49;
    let board = Board::from_rows(&rows).unwrap();
    let mut app = on_board(board, "ascii", false, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    let second = t + Duration::from_secs(1);
    app.game.apply(Action::Click(a), second);
    app.game.apply(Action::Click(b), second);
    let r = app.game.last_match().unwrap().clone();
    app.now = second + Duration::from_millis(100);
    (app, r)
}

/// Finds `label` on screen and checks that it hides no tile of the board.
fn assert_hides_no_tile(app: &App, buf: &Buffer, label: &str) {
    let layout = app.board_layout(buf.area).unwrap();
    let (y, line) = text(buf)
        .into_iter()
        .enumerate()
        .find(|(_, l)| l.contains(label))
        .expect("the points on show");
    let x = line.find(label).unwrap() as u16;
    // With the space either side of it.
    for cx in x.saturating_sub(1)..x + label.len() as u16 + 1 {
        let under = layout.cell_at(cx, y as u16);
        assert!(
            under.is_none_or(|p| app.game.board().get(p) == 0),
            "the points hide the tile at {under:?}:\n{}",
            text(buf).join("\n")
        );
    }
}

/// Two quick matches: the points show over the middle of the second line
/// with the streak, then fade and go; the panel shows the streak while its
/// window lasts, and the event loop wakes when it closes.
/// Played at 80 x 24: a line along the ring under the last row put its
/// points on that row, over three tiles. They go where they hide none.
#[test]
fn the_points_hide_no_tile_when_a_row_by_the_line_is_free() {
    let t = Instant::now();
    // Eight rows of sixteen, all different but for the pair at the bottom
    // left, which only the ring under the board joins.
    let mut rows = all_different(8);
    rows[7][0] = 1;
    rows[7][2] = 1;
    let board = Board::from_rows(&rows).unwrap();
    let mut app = on_board(board, "ascii", false, t);
    app.game.apply(Action::Click(at(7, 0)), t);
    app.game.apply(Action::Click(at(7, 2)), t);
    let r = app.game.last_match().unwrap().clone();
    assert_eq!(r.path.corners.len(), 4, "down, across the ring, up");
    app.now = t + Duration::from_millis(100);
    let buf = draw(&app, 80, 24);
    let layout = app.board_layout(buf.area).unwrap();
    assert_eq!(layout.tile.height, 1, "one-row tiles, as at 80 x 24");
    assert_hides_no_tile(&app, &buf, &format!("+{}", r.points));
}

/// A straight line down an empty column between full ones, on a board with
/// no row between its tiles: the points and
/// the combo are wider than the column, every row by the line's middle has
/// tiles within their reach, and they hid two of them for more than a
/// second. They go along the line to a free place (here the ring above or
/// below the board) and hide none.
#[test]
fn the_points_move_along_the_line_to_hide_no_tile() {
    let mut rows = all_different(16);
    for row in &mut rows[1..15] {
        row[5] = 0;
    }
    rows[0][5] = 1;
    rows[15][5] = 1;
    let (app, r) = second_match(rows, at(0, 5), at(15, 5));
    assert_eq!(r.path.corners.len(), 2, "straight down the column");
    let buf = draw(&app, 80, 24);
    let layout = app.board_layout(buf.area).unwrap();
    let label = format!("+{} x2 combo", r.points);
    let width = label.len() as u16 + 2;
    // Every row by the middle of the line has a tile within the label's reach.
    assert_eq!(
        layout.tile.pitch_y, 1,
        "no row between tiles, as with 16 rows at 80 x 24"
    );
    let (mx, my) = layout.centre(at(8, 5));
    let reach = mx - width / 2..mx + width / 2;
    for row in [my - 1, my, my + 1] {
        let covered = reach.clone().any(|cx| {
            layout
                .cell_at(cx, row)
                .is_some_and(|p| app.game.board().get(p) != 0)
        });
        assert!(covered, "row {row} by the middle is free");
    }
    assert_hides_no_tile(&app, &buf, &label);
}

/// Played at 120 x 40: a match down the last column, joined through the
/// ring on the right, put "+35 x6 combo" half over the side panel's border
/// and text ("+35 x6 combo iculty"). The points stay in the board space.
/// Played again (a demo of a 4 x 6 board at 120 x 40): a board narrower
/// than the screen's board space is centred with the panel, so the panel
/// began inside that space and "+40 x21 combo" covered its border; the
/// board space now ends where the panel begins.
#[test]
fn the_points_of_a_match_by_the_side_panel_stay_off_it() {
    let narrow: Vec<Vec<Tile>> = all_different(4).iter().map(|r| r[..6].to_vec()).collect();
    for (mut rows, last) in [(all_different(8), 15), (narrow, 5)] {
        let bottom = rows.len() - 1;
        rows[0][last] = 1;
        rows[bottom][last] = 1;
        let (a, b) = (at(0, last as i32), at(bottom as i32, last as i32));
        points_stay_off_the_panel(second_match(rows, a, b));
    }
}

fn points_stay_off_the_panel((app, r): (App, Removal)) {
    assert_eq!(r.path.corners.len(), 4, "out to the ring, down, back in");
    let buf = draw(&app, 120, 40);
    let (screen, _) = app.screen_layout(buf.area);
    let panel = screen.panel.expect("a side panel at 120 x 40");
    let label = format!("+{} x2 combo", r.points);
    let lines = text(&buf);
    let (y, line) = lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.contains(&label))
        .expect("the points on show");
    let x = line[..line.find(&label).unwrap()].width() as u16;
    assert!(
        x + (label.len() as u16) < panel.x,
        "the points run into the panel ({x}, {}) on row {y}:\n{}",
        panel.x,
        lines.join("\n")
    );
    for y in panel.y..panel.bottom() {
        assert_ne!(
            buf[(panel.x, y)].symbol(),
            " ",
            "the panel's border, row {y}"
        );
    }
}

#[test]
fn points_and_the_combo_show_at_the_match_then_fade() {
    let t = Instant::now();
    let board =
        Board::from_rows(&[[1, 0, 1, 2], [3, 3, 4, 2], [5, 5, 4, 6], [6, 7, 8, 7]]).unwrap();
    let mut app = on_board(board, "ascii", true, t);
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game.apply(Action::Click(at(1, 1)), t);
    let second = t + Duration::from_secs(1);
    app.game.apply(Action::Click(at(0, 0)), second);
    app.game.apply(Action::Click(at(0, 2)), second);
    let r = app.game.last_match().unwrap().clone();
    assert_eq!(r.points, 15);
    let (w, h) = (120, 40);
    let find = |buf: &Buffer, needle: &str| {
        text(buf)
            .iter()
            .enumerate()
            .find_map(|(y, l)| l.find(needle).map(|x| (l[..x].width() as u16, y as u16)))
    };
    app.now = second + Duration::from_millis(100);
    let buf = draw(&app, w, h);
    let layout = app.board_layout(buf.area).unwrap();
    let cells = super::line::cells(&layout, &r.path.corners);
    let (mx, my, _) = cells[cells.len() / 2];
    let (x, y) = find(&buf, "+15 x2 combo").expect("the points and the streak");
    assert_eq!(y + 1, my, "one row over the middle of the line");
    assert!(x <= mx && mx < x + 12, "centred over it: {x} {mx}");
    assert_eq!(buf[(x, y)].fg, c(Paint::Points));
    assert_eq!(buf[(x + 4, y)].fg, c(Paint::Combo));
    assert!(buf[(x, y)].modifier.contains(Modifier::BOLD));
    let combo = |buf: &Buffer| {
        let row = text(buf).into_iter().find(|r| r.contains("Combo"));
        row.map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    assert!(
        combo(&buf).contains("Combo x2"),
        "{}",
        text(&buf).join("\n")
    );
    // Fading, then gone.
    app.now = second + POINTS_TIME * 7 / 8;
    let buf = draw(&app, w, h);
    let (x, y) = find(&buf, "+15").expect("still there, faded");
    assert_ne!(buf[(x, y)].fg, c(Paint::Points));
    app.now = second + POINTS_TIME;
    assert!(find(&draw(&app, w, h), "+15").is_none());
    // The loop wakes for each fade step, then when the streak's window closes.
    let step = app.timeout(second + Duration::from_millis(100)).unwrap();
    assert!(step <= POINTS_TIME / 4, "{step:?}");
    let window = crate::game::STREAK_WINDOW;
    app.now = second + window - Duration::from_millis(1);
    assert!(combo(&draw(&app, w, h)).contains("Combo x2"));
    assert_eq!(
        app.timeout(second + window - Duration::from_millis(10)),
        Some(Duration::from_millis(10))
    );
    app.now = second + window;
    assert!(!text(&draw(&app, w, h)).join("\n").contains("combo"));
    assert!(combo(&draw(&app, w, h)).contains("Combo -"));
    // Without colour: reversed, then plain, then dim.
    app.color = false;
    app.now = second;
    let buf = draw(&app, w, h);
    let (x, y) = find(&buf, "+15").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
    app.now = second + POINTS_TIME * 7 / 8;
    let buf = draw(&app, w, h);
    let (x, y) = find(&buf, "+15").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::DIM));
}

/// Clearing a timed level shows the time left it earned as "+N time" on
/// the board, under the points.
#[test]
fn a_cleared_timed_level_shows_its_time_bonus() {
    let t = Instant::now();
    let config = Config {
        seed: 3,
        timed: true,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let game = Game::from_board(Board::from_rows(&[[1, 1]]).unwrap(), config, t);
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    let limit = app.game.time_limit().unwrap();
    let then = t + Duration::from_secs(10);
    app.game.apply(Action::Click(at(0, 0)), then);
    app.game.apply(Action::Click(at(0, 1)), then);
    let bonus = app.game.last_match().unwrap().bonus;
    assert_eq!(
        u64::from(bonus),
        (limit - Duration::from_secs(10)).as_secs()
    );
    app.now = then + REMOVAL_TIME / 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains(&format!("+{bonus} time")), "{screen}");
    assert!(screen.contains("+10"), "{screen}");
    // The time bar tells what was left of the level cleared, not the next
    // level's whole time (which starts only when its board shows).
    let mm_ss = |d: Duration| format!("] {}:{:02}", d.as_secs() / 60, d.as_secs() % 60);
    let title = &text(&draw(&app, 80, 24))[0];
    assert!(
        title.contains(&mm_ss(limit - Duration::from_secs(10))),
        "{title}"
    );
    assert!(!title.contains(&mm_ss(limit)), "{title}");
    // The card between the levels says it again.
    app.screens.push(Screen::LevelCard {
        from: then + REMOVAL_TIME,
    });
    app.now = then + REMOVAL_TIME;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains("Level 2 of 7"), "{screen}");
    assert!(screen.contains(&format!("+{bonus} time")), "{screen}");
}

/// Winning a timed board says what the time left added to the score: the
/// label on the board gives way to the win box, which says it instead.
#[test]
fn a_timed_win_shows_its_time_bonus_in_the_win_box() {
    let t = Instant::now();
    let config = Config {
        timed: true,
        mode: Mode::Single(crate::core::gravity::Gravity::None),
        ..Config::DEFAULT
    };
    let game = Game::from_board(Board::from_rows(&[[1, 1]]).unwrap(), config, t);
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    // Half a second into a second: the bonus pays what the title line
    // shows, the second begun counting (found by the play-test, play43: 3:54
    // shown, +233 paid).
    let then = t + Duration::from_millis(10_500);
    app.game.apply(Action::Click(at(0, 0)), then);
    app.game.apply(Action::Click(at(0, 1)), then);
    let bonus = app.game.last_match().unwrap().bonus;
    assert!(bonus > 0, "a timed board won early earns time");
    app.now = then + REMOVAL_TIME * 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains("You won"), "{screen}");
    let shown = format!("] {}:{:02}", bonus / 60, bonus % 60);
    assert!(
        screen.lines().next().unwrap().contains(&shown),
        "{shown}: {screen}"
    );
    assert!(
        screen.contains(&format!("(+{bonus} for the time left)")),
        "{screen}"
    );
    // Untimed, no such line.
    let config = Config {
        timed: false,
        ..config
    };
    let untimed = Game::from_board(Board::from_rows(&[[1, 1]]).unwrap(), config, t);
    let mut app = App::new(untimed, Theme::builtin("ascii").unwrap(), true, t);
    app.game.apply(Action::Click(at(0, 0)), then);
    app.game.apply(Action::Click(at(0, 1)), then);
    app.now = then + REMOVAL_TIME * 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(
        screen.contains("You won") && !screen.contains("time left"),
        "{screen}"
    );
}

/// Played in tmux: the winning match's "+10" stuck out beside the win box
/// for a second. The box tells the score; the label is left out.
#[test]
fn the_winning_match_leaves_its_points_to_the_win_box() {
    let t = Instant::now();
    let config = Config {
        mode: Mode::Single(crate::core::gravity::Gravity::None),
        ..Config::DEFAULT
    };
    // Two pairs down the sides of a wide board: the label of each sits
    // by its line, far left and far right of the middle the box covers.
    let mut rows = vec![[0; 16]; 8];
    (rows[0][0], rows[7][0], rows[0][15], rows[7][15]) = (1, 1, 2, 2);
    let game = Game::from_board(Board::from_rows(&rows).unwrap(), config, t);
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(7, 0)), t);
    app.now = t + REMOVAL_TIME / 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains("+10"), "a match before the last: {screen}");
    let then = t + Duration::from_secs(1);
    app.game.apply(Action::Click(at(0, 15)), then);
    app.game.apply(Action::Click(at(7, 15)), then);
    assert!(app.game.win().is_some());
    app.now = then + REMOVAL_TIME / 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(screen.contains("Board cleared!"), "{screen}");
    assert!(
        !screen.contains("+15") && !screen.contains("combo"),
        "{screen}"
    );
}

/// Found by the play-test: the match that cleared a level left its points
/// over the next level's board when the level card was closed at once.
#[test]
fn a_cleared_levels_points_stay_off_the_next_board() {
    let t = Instant::now();
    let config = Config {
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let game = Game::from_board(Board::from_rows(&[[1, 1], [2, 2]]).unwrap(), config, t);
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game.apply(Action::Click(at(1, 1)), t);
    assert_eq!(app.game.level().number, 1, "the next level is dealt");
    app.now = t + REMOVAL_TIME / 2;
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(
        screen.contains("+15 x2 combo"),
        "on the cleared board: {screen}"
    );
    app.now = t + REMOVAL_TIME + Duration::from_millis(10);
    assert!(app.now < t + POINTS_TIME);
    let screen = text(&draw(&app, 80, 24)).join("\n");
    assert!(
        !screen.contains("+15") && !screen.contains("combo"),
        "{screen}"
    );
}

/// Played in tmux (play37): the points of the match that cleared a level
/// stood at one end of its line, off the board's edge, not over its middle:
/// the next level's tiles, not drawn while the line shows on the cleared
/// board, counted as tiles the points would hide.
#[test]
fn a_cleared_levels_points_stand_over_the_middle_of_its_line() {
    let t = Instant::now();
    let config = Config {
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let game = Game::from_board(
        Board::from_rows(&[[2, 0, 0, 2], [1, 0, 0, 1]]).unwrap(),
        config,
        t,
    );
    let mut app = App::new(game, Theme::builtin("ascii").unwrap(), true, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 3)), t);
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game.apply(Action::Click(at(1, 3)), t);
    assert_eq!(app.game.level().number, 1, "the next level is dealt");
    app.now = t + REMOVAL_TIME / 2;
    let buf = draw(&app, 80, 24);
    let layout = app.board_layout(buf.area).unwrap();
    let screen = text(&buf);
    let (y, row) = (screen.iter().enumerate())
        .find(|(_, r)| r.contains("+15 x2 combo"))
        .expect("the points");
    let label = row.find("+15 x2 combo").unwrap() as u16 + 6;
    let middle = (layout.centre(at(1, 0)).0 + layout.centre(at(1, 3)).0) / 2;
    assert!(
        label.abs_diff(middle) <= layout.tile.width / 2,
        "the points at column {label} of row {y}, the line's middle at {middle}:\n{}",
        screen.join("\n")
    );
}

/// Found by the play-test (play43): a keyboard player lost the cursor under
/// "+40 x32 combo", which stood over its empty cell for the second the
/// points fade. The points keep off the cursor's cell wherever they can
/// stand by the line.
#[test]
fn a_matchs_points_keep_off_the_cursor() {
    use crate::game::Direction;
    let t = Instant::now();
    let config = Config {
        mode: Mode::Single(crate::core::gravity::Gravity::None),
        ..Config::DEFAULT
    };
    // Two quick matches down the sides: "+15 x2 combo" by the second line.
    let board =
        Board::from_rows(&[[1, 0, 0, 2], [0, 0, 0, 0], [1, 0, 0, 2], [3, 0, 0, 3]]).unwrap();
    for (w, h) in [(60, 16), (40, 8)] {
        let mut app = App::new(
            Game::from_board(board.clone(), config, t),
            Theme::builtin("ascii").unwrap(),
            true,
            t,
        );
        for p in [at(0, 3), at(2, 3), at(0, 0), at(2, 0)] {
            app.game.apply(Action::Click(p), t);
        }
        for _ in 0..2 {
            app.game.apply(Action::Move(Direction::Up), t);
        }
        app.now = t + REMOVAL_TIME / 2;
        for _ in 0..3 {
            app.game.apply(Action::Move(Direction::Right), t);
            let screen = text(&draw(&app, w, h));
            assert!(
                screen.iter().any(|r| r.contains("x2 combo")),
                "{}",
                screen.join("\n")
            );
            assert!(
                screen.iter().any(|r| r.contains("[ ]")),
                "the points over the cursor at {:?}:\n{}",
                app.game.cursor(),
                screen.join("\n")
            );
        }
    }
}

/// Found by the play-test (play44): "+10" stood over the middle of a line
/// down a column, cutting it in two for the 330 ms it shows. The points
/// keep off the line's cells where a place by it hides no tile.
#[test]
fn a_matchs_points_keep_off_its_line() {
    let t = Instant::now();
    let board =
        Board::from_rows(&[[1, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 2]]).unwrap();
    for (w, h) in [(60, 16), (80, 24)] {
        let mut app = on_board(board.clone(), "ascii", true, t);
        app.game.apply(Action::Click(at(0, 0)), t);
        app.game.apply(Action::Click(at(3, 0)), t);
        app.now = t + REMOVAL_TIME / 2;
        let buf = draw(&app, w, h);
        let layout = app.board_layout(buf.area).unwrap();
        let (x, top) = layout.centre(at(0, 0));
        let (_, bottom) = layout.centre(at(3, 0));
        let screen = text(&buf).join("\n");
        assert!(screen.contains("+10"), "{screen}");
        for y in top + 1..bottom {
            let glyph = buf[(x, y)].symbol();
            assert!(
                !"+0123456789".contains(glyph),
                "({x}, {y}) {glyph:?}:\n{screen}"
            );
        }
    }
}

/// A pair that does not match flashes in the warning colour for 0.3 s (the
/// README's figure), with the reason under the tile just picked for as long
/// as the notice.
#[test]
fn a_failed_pair_flashes_and_says_why_beside_it() {
    let t = Instant::now();
    let flash = Duration::from_millis(300);
    // The 1s at (1,1) and (1,3) are walled in: no path.
    let board = Board::from_rows(&[[2, 3, 2, 3], [4, 1, 5, 1], [6, 7, 6, 7]]).unwrap();
    for color in [true, false] {
        let mut app = on_board(board.clone(), "ascii", color, t);
        app.game.apply(Action::Click(at(1, 1)), t);
        app.game.apply(Action::Click(at(1, 3)), t);
        assert_eq!(app.game.notice(t), Some(Notice::NoPath));
        app.now = t + flash - Duration::from_millis(10);
        let buf = draw(&app, 60, 16);
        let layout = app.board_layout(buf.area).unwrap();
        let lines = text(&buf);
        let (fx, fy) = layout.centre(at(1, 1));
        let (sx, sy) = layout.centre(at(1, 3));
        assert_eq!(buf[(fx - 1, fy)].symbol(), "!", "the first flashes");
        // The click put the cursor on the second; the flash shows over it
        // (play40: `[1]` there said nothing of the failure without colour).
        assert_eq!(app.game.cursor(), at(1, 3));
        assert_eq!(buf[(sx - 1, sy)].symbol(), "!", "the second flashes");
        assert_eq!(buf[(sx + 1, sy)].symbol(), "!", "the second flashes");
        let under = layout.cell_rect(at(1, 3)).bottom();
        assert!(
            lines[usize::from(under)].contains(" no path "),
            "{lines:#?}"
        );
        if color {
            assert_eq!(buf[(fx, fy)].bg, c(Paint::Warning));
            assert_eq!(buf[(sx, sy)].bg, c(Paint::Warning));
            let label = lines[usize::from(under)].find("no path").unwrap() as u16;
            assert_eq!(buf[(label, under)].bg, c(Paint::Warning));
        } else {
            assert!(buf[(fx, fy)].modifier.contains(Modifier::BOLD));
        }
        // The flash ends; the second tile stays selected, the reason stays.
        app.now = t + flash;
        let buf = draw(&app, 60, 16);
        assert_eq!(buf[(fx - 1, fy)].symbol(), " ");
        assert_eq!(buf[(sx - 1, sy)].symbol(), "[", "the cursor is back");
        if color {
            assert_eq!(buf[(fx, fy)].bg, c(Paint::Face));
            assert_eq!(buf[(sx, sy)].bg, c(Paint::Selected));
        }
        assert!(text(&buf)[usize::from(under)].contains("no path"));
        assert!(app.timeout(t + flash / 2).unwrap() <= flash / 2);
        app.now = t + NOTICE_TIME;
        assert!(!text(&draw(&app, 60, 16)).join("").contains("no path"));
    }
    // Different kinds say so.
    let mut app = on_board(board, "ascii", true, t);
    app.game.apply(Action::Click(at(0, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    assert!(
        text(&draw(&app, 60, 16))
            .join("\n")
            .contains(" different tiles ")
    );
}

/// Found by the play-test (play41): on a 2 x 2 board of boxed tiles under
/// NO_COLOR, a failed pick on the top row put " different tiles " under
/// the tile, over the top borders of the row below. The reason goes over
/// the tile where that hides fewer tiles.
#[test]
fn the_reason_of_a_failed_pick_hides_no_tile_where_it_can() {
    let t = Instant::now();
    let board = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
    let mut app = on_board(board, "ascii", false, t);
    app.game.apply(Action::Click(at(1, 0)), t);
    app.game.apply(Action::Click(at(0, 1)), t);
    assert_eq!(app.game.notice(t), Some(Notice::DifferentTiles));
    let buf = draw(&app, 80, 24);
    let layout = app.board_layout(buf.area).unwrap();
    let lines = text(&buf);
    let rect = layout.cell_rect(at(0, 1));
    let (x, _) = layout.centre(at(0, 1));
    // The row under the tile is the next row's tiles: it would hide them.
    assert!(layout.cell_at(x, rect.bottom()).is_some(), "{lines:#?}");
    let said = |y: u16| lines[usize::from(y)].contains("different tiles");
    assert!(!said(rect.bottom()), "{lines:#?}");
    assert!(said(rect.y - 1), "{lines:#?}");
}

/// Found by the play-test (pt46): at 40 x 10 a 6 x 10 board is drawn with
/// no gap between its rows, and a failed pick's reason covered a row of
/// tiles for a second. Where both places by the tile would cover tiles'
/// faces, the title line alone says it; every tile stays in sight.
#[test]
fn the_reason_of_a_failed_pick_covers_no_tile_on_a_board_without_gaps() {
    let t = Instant::now();
    // Pairs side by side, a kind a pair: (2, 1) and (2, 2) differ.
    let rows: Vec<[u32; 10]> = (0..6)
        .map(|r| std::array::from_fn(|c| (r * 5 + c / 2 + 1) as u32))
        .collect();
    let board = Board::from_rows(&rows).unwrap();
    let mut app = on_board(board, "ascii", false, t);
    let before = text(&draw(&app, 40, 10));
    app.game.apply(Action::Click(at(2, 1)), t);
    app.game.apply(Action::Click(at(2, 2)), t);
    assert_eq!(app.game.notice(t), Some(Notice::DifferentTiles));
    app.now = t + Duration::from_millis(400);
    let after = text(&draw(&app, 40, 10));
    assert!(after[0].contains("different tiles"), "{after:#?}");
    // The board's lines keep every letter they had (the cursor's brackets
    // aside).
    let letters = |line: &String| line.replace(['[', ']'], " ");
    for (was, is) in before.iter().zip(&after).skip(1) {
        assert_eq!(letters(was), letters(is), "{after:#?}");
    }
}

/// The hinted pair changes its look every 0.4 s for 2 s (the README's
/// figures; colour and marks), then stays marked; the loop wakes for each
/// change only.
#[test]
fn the_hint_pulses_then_stays_marked() {
    let t = Instant::now();
    let (pulse, pulse_time) = (Duration::from_millis(400), Duration::from_secs(2));
    let board = Board::from_rows(&[[1, 2, 2, 1], [3, 4, 4, 3]]).unwrap();
    for color in [true, false] {
        let mut app = on_board(board.clone(), "ascii", color, t);
        app.game.apply(Action::Hint, t);
        let (a, b) = app.game.hint_pair().unwrap();
        // The one the cursor is not on (the cursor's brackets go first).
        let a = if a == app.game.cursor() { b } else { a };
        let look = |app: &App| {
            let buf = draw(app, 40, 12);
            let layout = app.board_layout(buf.area).unwrap();
            let (x, y) = layout.centre(a);
            let marks: String = [x - 1, x + 1]
                .iter()
                .map(|&x| buf[(x, y)].symbol())
                .collect();
            (marks, buf[(x, y)].bg)
        };
        let mut seen = Vec::new();
        for k in 0..5 {
            app.now = t + pulse * k + pulse / 2;
            seen.push(look(&app));
        }
        for (k, (marks, bg)) in seen.iter().enumerate() {
            let lit = k % 2 == 0;
            assert_eq!(marks, if lit { "<>" } else { "><" }, "{k}");
            if color {
                assert_eq!(*bg, c(if lit { Paint::Hint } else { Paint::Face }), "{k}");
            }
        }
        app.now = t + pulse_time + pulse / 2;
        assert_eq!(look(&app).0, "<>", "stays marked after the pulse");
        app.now = t + pulse * 3 + pulse / 2;
        assert_eq!(look(&app).0, "><", "odd steps are unlit");
        assert_eq!(app.timeout(t + pulse / 2), Some(pulse / 2));
        // After the pulse only the clock wakes the loop.
        let later = t + pulse_time + Duration::from_millis(300);
        assert_eq!(app.timeout(later), Some(Duration::from_millis(700)));
    }
}

/// The time bar of a timed level is green, amber under a quarter of the
/// limit and red under a tenth; without colour, underlined then reversed.
#[test]
fn the_time_bar_turns_amber_then_red() {
    let t = Instant::now();
    let config = Config {
        seed: 3,
        timed: true,
        ..Config::DEFAULT
    };
    let game = Game::new(config, t).unwrap();
    let limit = game.time_limit().unwrap();
    for color in [true, false] {
        let mut app = App::new(game.clone(), Theme::builtin("ascii").unwrap(), color, t);
        let bar = |app: &App| {
            let buf = draw(app, 80, 24);
            let x = text(&buf)[0].find('[').unwrap() as u16;
            (buf[(x, 0)].fg, buf[(x, 0)].modifier)
        };
        let mut seen = Vec::new();
        for (left, paint) in [
            (50, Paint::TimeOk),
            (20, Paint::TimeLow),
            (5, Paint::TimeCritical),
        ] {
            app.now = t + limit - limit * left / 100;
            let (fg, modifier) = bar(&app);
            if color {
                assert_eq!(fg, c(paint), "{left}%");
            } else {
                seen.push(modifier);
            }
        }
        if !color {
            assert!(!seen[0].intersects(Modifier::UNDERLINED | Modifier::REVERSED));
            assert!(seen[1].contains(Modifier::UNDERLINED));
            assert!(seen[2].contains(Modifier::REVERSED));
        }
    }
}

/// The first screen of a new game says in one line what to do, until its
/// first move, and not while a screen hides the board.
#[test]
fn the_first_screen_says_what_to_do() {
    let t = Instant::now();
    let mut app = dealt("ascii", true).with_intro();
    assert!(INTRO.contains(crate::ui::app::keys::label(
        crate::ui::app::keys::Command::Help
    )));
    let title = |app: &App| text(&draw(app, 80, 24))[0].trim_end().to_string();
    assert!(title(&app).ends_with(INTRO), "{}", title(&app));
    // Played at 30 x 8 on a 2 x 2 board: narrower than the line, it lost
    // its first words ("k two equal tiles; ? for help"); it keeps them.
    let board = Board::from_rows(&[vec![1, 1], vec![1, 1]]).unwrap();
    let small = on_board(board, "ascii", true, t).with_intro();
    let narrow = text(&draw(&small, 30, 8))[0].clone();
    assert!(narrow.trim_start().starts_with("click two"), "{narrow}");
    app.screens.push(Screen::Help { top: 0 });
    assert!(!title(&app).contains(INTRO));
    app.screens.clear();
    app.game
        .apply(Action::Move(crate::game::Direction::Right), t);
    assert!(title(&app).ends_with(INTRO), "a cursor move is no move");
    let (a, b) = crate::game::find_match(app.game.board()).unwrap();
    app.game.apply(Action::Click(a), t);
    app.game.apply(Action::Click(b), t);
    app.now = t + Duration::from_secs(5);
    assert_eq!(title(&app), " lianliankan");
    // Without the intro (a resumed game) the title says nothing of it.
    assert_eq!(title(&dealt("ascii", true)), " lianliankan");
}
