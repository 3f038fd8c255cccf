//! The terminal: raw mode, alternate screen and mouse capture on the way in,
//! all of it undone on the way out (panics included), and the event loop.

use std::io::{self, stdout};
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use crate::app::App;

/// The longest the loop sleeps when nothing at all is scheduled.
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// Undoes the terminal set-up when dropped, on every way out of [`run`].
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Takes over the terminal, plays `app` until the player quits, and gives the
/// terminal back as it was.
pub fn run(app: &mut App) -> io::Result<()> {
    install_panic_hook();
    // Made first, so a set-up that fails half-way is undone too.
    let _restore = Restore;
    let mut terminal = ratatui::try_init()?;
    execute!(stdout(), EnableMouseCapture)?;
    event_loop(&mut terminal, app)
}

/// Turns mouse capture off before ratatui's own hook restores the rest, so a
/// panic leaves a usable terminal.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    let mut dirty = true;
    loop {
        if dirty {
            app.now = Instant::now();
            terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        }
        // Sleep until input, or until the screen changes by itself.
        let wait = app.timeout(Instant::now()).unwrap_or(IDLE_WAIT);
        if !event::poll(wait)? {
            dirty = true;
            continue;
        }
        // Take every event already waiting before drawing again.
        dirty = false;
        loop {
            let ev = event::read()?;
            let area = terminal.size()?.into();
            dirty |= app.handle_event(&ev, area, Instant::now());
            if app.quit {
                return Ok(());
            }
            if !event::poll(Duration::ZERO)? {
                break;
            }
        }
    }
}
