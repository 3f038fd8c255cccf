//! The scenes of the README's screenshots: games played from a fixed seed
//! along the dealer's own winning moves (so no board is ever lost and no
//! solver runs against a clock), shown at a fixed moment.

use std::time::{Duration, Instant};

use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Point;
use lianliankan::game::{Action, Config, Game, Mode, REMOVAL_TIME, SLIDE_TIME, deal};
use lianliankan::solve::solver::Move;
use lianliankan::ui::app::App;
use lianliankan::ui::theme::{ColorDepth, Theme};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// One screenshot: a name (the file is `assets/NAME.svg`), a terminal size
/// and the game on it.
pub struct Scene {
    /// The file name, without `.svg`.
    pub name: &'static str,
    /// Terminal columns.
    pub width: u16,
    /// Terminal rows.
    pub height: u16,
    /// The game at the moment shown.
    pub app: App,
}

impl Scene {
    /// What the renderer draws for the scene.
    pub fn render(&self) -> Buffer {
        let area = Rect::new(0, 0, self.width, self.height);
        let mut buf = Buffer::empty(area);
        (&self.app).render(area, &mut buf);
        buf
    }
}

/// A game of `config` in `theme` at `t0`, and the winning moves of its deal.
fn start(config: Config, theme: &str, t0: Instant) -> (App, Vec<Move>) {
    let game = Game::new(config, t0).expect("a valid deal");
    let dealt = deal(&config, &mut Xoshiro256PlusPlus::seed_from_u64(config.seed)).expect("a deal");
    let mut app = App::new(game, Theme::builtin(theme).expect("built in"), true, t0);
    app.depth = ColorDepth::Indexed;
    (app, dealt.solution)
}

/// Clicks the pair of `m` at `at`.
fn play(app: &mut App, m: &Move, at: Instant) {
    app.game.apply(Action::Click(m.a), at);
    app.game.apply(Action::Click(m.b), at);
    assert!(app.game.removal(at).is_some(), "{m:?} should match");
}

/// Every scene, in the order the README shows them.
pub fn scenes() -> Vec<Scene> {
    let s = Duration::from_secs;
    let ms = Duration::from_millis;
    let t0 = Instant::now();
    let mut out = Vec::new();

    // The top of the README: pictures, four quick matches, the last one's
    // line and points on show.
    let levels = Config {
        seed: 2024,
        mode: Mode::Levels,
        ..Config::DEFAULT
    };
    let (mut app, moves) = start(levels, "emoji", t0);
    for (i, m) in moves.iter().take(4).enumerate() {
        play(&mut app, m, t0 + s(20) + s(i as u64));
    }
    app.now = t0 + s(23) + ms(250);
    out.push(Scene {
        name: "screenshot",
        width: 120,
        height: 40,
        app,
    });

    // A line with two turns, letters at 80 x 24.
    let (mut app, moves) = start(Config { seed: 7, ..levels }, "ascii", t0);
    let mut at = t0 + s(5);
    let mut shown = None;
    for m in &moves {
        at += s(5);
        play(&mut app, m, at);
        let corners = app.game.removal(at).map_or(0, |r| r.path.corners.len());
        if corners == 4 && app.game.board().tile_count() < 110 {
            shown = Some(at);
            break;
        }
    }
    app.now = shown.expect("a move with two turns") + ms(250);
    out.push(Scene {
        name: "line",
        width: 80,
        height: 24,
        app,
    });

    // Gravity: tiles gliding down after a match.
    let down = Config {
        seed: 11,
        mode: Mode::Single(Gravity::Down),
        ..Config::DEFAULT
    };
    let (mut app, moves) = start(down, "symbols", t0);
    let mut at = t0;
    for m in &moves {
        at += s(5);
        play(&mut app, m, at);
        let slid = app.game.removal(at).map_or(0, |r| r.slides.len());
        if slid >= 3 && app.game.board().tile_count() < 100 {
            break;
        }
    }
    app.now = at + REMOVAL_TIME + SLIDE_TIME / 2;
    out.push(Scene {
        name: "gravity",
        width: 100,
        height: 30,
        app,
    });

    // A large terminal: tiles grow, the side panel, a timed level with
    // little time left, and a failed pick flashing with its reason.
    let timed = Config {
        seed: 5,
        timed: true,
        ..levels
    };
    let (mut app, moves) = start(timed, "symbols", t0);
    for (i, m) in moves.iter().take(6).enumerate() {
        play(&mut app, m, t0 + s(200) + s(3 * i as u64));
    }
    let board = app.game.board().clone();
    let a = board.points().find(|&p| board.get(p) != 0).expect("a tile");
    let b = board
        .points()
        .find(|&p| board.get(p) != 0 && board.get(p) != board.get(a) && p.row == a.row + 1)
        .unwrap_or(Point::new(a.row + 1, a.col));
    let failed = t0 + s(221);
    app.game.apply(Action::Click(a), failed);
    app.game.apply(Action::Click(b), failed);
    app.now = failed + ms(100);
    out.push(Scene {
        name: "large",
        width: 160,
        height: 45,
        app,
    });

    // The start screen of a first game, over the hidden board.
    let (app, _) = start(Config::DEFAULT, "emoji", t0);
    let mut app = app.with_start_menu();
    app.now = t0;
    out.push(Scene {
        name: "menu",
        width: 80,
        height: 24,
        app,
    });

    // The end: a small board won.
    let small = Config {
        rows: 4,
        cols: 6,
        kinds: 6,
        seed: 3,
        ..Config::DEFAULT
    };
    let (mut app, moves) = start(small, "emoji", t0);
    let mut at = t0;
    for m in &moves {
        at += s(4);
        play(&mut app, m, at);
    }
    assert!(app.game.win().is_some());
    app.now = at + s(1);
    out.push(Scene {
        name: "win",
        width: 80,
        height: 24,
        app,
    });
    out
}
