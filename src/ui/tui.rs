//! The terminal: raw mode, alternate screen and mouse capture on the way in,
//! all of it undone on the way out (panics included), and the event loop.
//!
//! Terminal events and signals reach the loop through one channel: a thread
//! blocks in crossterm's `read`, another in `signal-hook`'s signal iterator.
//! So the loop sleeps until either comes (or the screen must change by
//! itself), and a SIGTERM, SIGHUP (the terminal window closed), SIGINT or
//! SIGQUIT is handled at once: the game is saved, the terminal restored, and
//! the process exits.

use std::io::{self, stdout};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::ui::app::App;

/// The signals that end the game cleanly (saved, terminal restored).
pub const EXIT_SIGNALS: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

/// How a game ended.
#[derive(Debug)]
pub struct Ended {
    /// The signal that ended it, or `None` when the player quit.
    pub signal: Option<i32>,
    /// What the player should still be told (a save that failed on the way
    /// out), for after the terminal is back.
    pub messages: Vec<String>,
}

/// What the event loop waits for.
enum Input {
    Event(Event),
    Signal(i32),
    Failed(io::Error),
}

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

/// Takes over the terminal, plays `app` until the player quits or a signal
/// ends it, closes the app (saving the game, see [`App::close`]) and gives
/// the terminal back as it was.
pub fn run(app: &mut App) -> io::Result<Ended> {
    install_panic_hook();
    let signals = Signals::new(EXIT_SIGNALS)?;
    // Made first, so a set-up that fails half-way is undone too.
    let restore = Restore;
    let mut terminal = ratatui::try_init()?;
    execute!(stdout(), EnableMouseCapture)?;
    let inputs = spawn_inputs(signals);
    let result = event_loop(&mut terminal, app, &inputs);
    // Saved before the terminal is touched again: a closed terminal may
    // fail those writes.
    let messages = app.close(Instant::now());
    drop(restore);
    result.map(|signal| Ended { signal, messages })
}

/// Starts the two threads that feed the event loop: terminal events and signals.
fn spawn_inputs(mut signals: Signals) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    let events: Sender<Input> = tx.clone();
    thread::spawn(move || {
        loop {
            let input = match event::read() {
                Ok(ev) => Input::Event(ev),
                Err(e) => Input::Failed(e),
            };
            let failed = matches!(input, Input::Failed(_));
            if events.send(input).is_err() || failed {
                return;
            }
        }
    });
    thread::spawn(move || {
        for signal in signals.forever() {
            if tx.send(Input::Signal(signal)).is_err() {
                return;
            }
        }
    });
    rx
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

/// Plays until the player quits (`None`) or a signal comes (`Some(signal)`).
fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    inputs: &Receiver<Input>,
) -> io::Result<Option<i32>> {
    let mut dirty = true;
    app.resize(terminal.size()?.into(), Instant::now());
    loop {
        dirty |= app.tick(Instant::now());
        if dirty {
            app.now = Instant::now();
            terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        }
        // Sleep until input or a signal, or until the screen changes by itself.
        let wait = app.timeout(Instant::now()).unwrap_or(IDLE_WAIT);
        let mut next = match inputs.recv_timeout(wait) {
            Ok(input) => Some(input),
            Err(RecvTimeoutError::Timeout) => {
                dirty = true;
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(io::Error::other("the input threads ended"));
            }
        };
        // Take every input already waiting before drawing again.
        dirty = false;
        while let Some(input) = next {
            match input {
                Input::Event(ev) => {
                    let area = terminal.size()?.into();
                    dirty |= app.handle_event(&ev, area, Instant::now());
                    if app.quit {
                        return Ok(None);
                    }
                }
                Input::Signal(signal) => return Ok(Some(signal)),
                Input::Failed(e) => return Err(e),
            }
            next = inputs.try_recv().ok();
        }
    }
}
