//! Time to draw one frame of a 9 x 16 board (rows x columns) on ratatui's `TestBackend`
//! (80 x 24), with and without a match line on show, in pictures at 80 x 24
//! and with grown tiles and the side panel at 200 x 60.

// criterion_group! defines a public function without a doc comment.
#![allow(missing_docs)]

use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use lianliankan::game::{Action, Config, Game, find_match};
use lianliankan::ui::app::App;
use lianliankan::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app(theme: &str) -> App {
    let now = Instant::now();
    let config = Config {
        rows: 9,
        cols: 16,
        kinds: 36,
        seed: 1,
        ..Config::DEFAULT
    };
    let game = Game::new(config, now).expect("a valid deal");
    App::new(game, Theme::builtin(theme).expect("built in"), true, now)
}

/// Benchmarks drawing `app` whole on `terminal` as `name`.
fn bench_full_frame(
    c: &mut Criterion,
    name: &str,
    terminal: &mut Terminal<TestBackend>,
    app: &App,
) {
    c.bench_function(name, |b| {
        b.iter(|| {
            // Clearing makes every draw a full frame, not an empty diff.
            terminal.clear().expect("clear");
            terminal
                .draw(|f| f.render_widget(app, f.area()))
                .expect("draw");
        })
    });
}

fn frame(c: &mut Criterion) {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    let pictures = app("emoji");
    let mut app = app("symbols");
    bench_full_frame(c, "frame 9x16 board, 80x24", &mut terminal, &app);
    bench_full_frame(
        c,
        "frame 9x16 board, emoji, 80x24",
        &mut terminal,
        &pictures,
    );
    let mut large = Terminal::new(TestBackend::new(200, 60)).expect("test backend");
    bench_full_frame(c, "frame 9x16 board, side panel, 200x60", &mut large, &app);
    let (a, z) = find_match(app.game.board()).expect("a match");
    let now = Instant::now();
    app.game.apply(Action::Click(a), now);
    app.game.apply(Action::Click(z), now);
    app.now = now;
    bench_full_frame(
        c,
        "frame 9x16 board with a match line, 80x24",
        &mut terminal,
        &app,
    );
}

criterion_group!(benches, frame);
criterion_main!(benches);
