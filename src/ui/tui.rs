//! The terminal: raw mode, alternate screen, mouse capture and bracketed
//! paste on the way in, all of it undone on the way out (panics and a closed
//! terminal included), and the event loop.
//!
//! Terminal input and signals reach the loop through one channel: a thread
//! reads the terminal (see [`input`] for why not through crossterm's
//! reader), another waits in `signal-hook`'s signal iterator. So the loop
//! sleeps until either comes (or the screen must change by itself), and a
//! SIGTERM, SIGHUP (the terminal window closed), SIGINT or SIGQUIT is handled
//! at once: the game is saved, the terminal restored, and the process exits.
//!
//! A closed terminal fails every read and write with an error and may kill
//! the process with SIGHUP at any moment; either way the game ends as on
//! SIGHUP. Giving the terminal back then must neither print nor panic
//! (`ratatui::restore` reports failures with `eprintln!`, which panics when
//! standard error is the closed terminal too, and a second panic in the
//! panic hook aborts), so [`restore`] ignores every error.

mod input;

use std::fs::{File, OpenOptions};
use std::io::{self, IsTerminal, Read, Stdout, Write, stdout};
use std::os::fd::{AsFd, AsRawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use filedescriptor::{POLLIN, poll, pollfd};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    self, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGWINCH};
use signal_hook::iterator::Signals;

use crate::ui::app::App;
use input::Decoder;

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
    /// The terminal is gone (its input ended or failed as a closed one does).
    Closed,
    Failed(io::Error),
}

/// The longest the loop sleeps when nothing at all is scheduled.
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// The terminal the game draws on.
type Screen = Terminal<CrosstermBackend<Output>>;

/// Whether [`restore`] gave the terminal back: from then on [`Output`]
/// writes nothing.
static GIVEN_BACK: AtomicBool = AtomicBool::new(false);

/// Standard output for the frames, silent once the terminal is given back
/// (on every way out, panics included): ratatui's `Terminal` shows the
/// cursor again when dropped and reports a failure with `eprintln!`, which
/// would panic on a closed terminal.
struct Output(Stdout);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if GIVEN_BACK.load(Ordering::SeqCst) {
            return Ok(buf.len());
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        if GIVEN_BACK.load(Ordering::SeqCst) {
            return Ok(());
        }
        self.0.flush()
    }
}

/// Undoes the terminal set-up when dropped, on every way out of [`run`].
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: cooked mode, mouse capture and bracketed paste
/// off, the main screen, the cursor. Each step is tried whatever the others
/// did, and nothing is printed: on a closed terminal every one fails.
fn restore() {
    GIVEN_BACK.store(true, Ordering::SeqCst);
    let _ = disable_raw_mode();
    let mut out = stdout();
    let _ = execute!(out, DisableBracketedPaste);
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
}

/// Takes over the terminal, plays `app` until the player quits or a signal
/// ends it, closes the app (saving the game, see [`App::close`]) and gives
/// the terminal back as it was.
pub fn run(app: &mut App) -> io::Result<Ended> {
    install_panic_hook();
    let signals = Signals::new(EXIT_SIGNALS.iter().chain(&[SIGWINCH]))?;
    let tty = open_tty()?;
    // Made first, so a set-up that fails half-way is undone too.
    let restore = Restore;
    GIVEN_BACK.store(false, Ordering::SeqCst);
    enable_raw_mode()?;
    execute!(
        stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )?;
    let mut screen = Terminal::new(CrosstermBackend::new(Output(stdout())))?;
    let inputs = spawn_inputs(tty, signals);
    let result = event_loop(&mut screen, app, &inputs);
    // Saved before the terminal is touched again: a closed terminal may
    // fail those writes.
    let messages = app.close(Instant::now());
    drop(restore);
    result.map(|signal| Ended { signal, messages })
}

/// The terminal to read keys from: standard input when it is one, else the
/// process's terminal (as crossterm does, so raw mode applies to it).
fn open_tty() -> io::Result<File> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        Ok(File::from(stdin.as_fd().try_clone_to_owned()?))
    } else {
        OpenOptions::new().read(true).open("/dev/tty")
    }
}

/// Starts the two threads that feed the event loop: terminal input and signals.
fn spawn_inputs(tty: File, mut signals: Signals) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    let events: Sender<Input> = tx.clone();
    thread::spawn(move || read_terminal(&tty, &events));
    thread::spawn(move || {
        for signal in signals.forever() {
            let input = if signal == SIGWINCH {
                match terminal::size() {
                    Ok((cols, rows)) => Input::Event(Event::Resize(cols, rows)),
                    Err(_) => continue,
                }
            } else {
                Input::Signal(signal)
            };
            if tx.send(input).is_err() {
                return;
            }
        }
    });
    rx
}

/// Reads `tty` until it closes or the loop stops listening, sending each
/// event as soon as its bytes are in, and dropping an unfinished sequence
/// once the input pauses (see [`Decoder::flush`]).
fn read_terminal(tty: &File, events: &Sender<Input>) {
    let mut decoder = Decoder::default();
    let mut buf = [0u8; 4096];
    loop {
        let decoded = match readable(tty, decoder.wait()) {
            Ok(false) => decoder.flush(),
            Ok(true) => match (&*tty).read(&mut buf) {
                Ok(0) => {
                    let _ = events.send(Input::Closed);
                    return;
                }
                Ok(n) => decoder.feed(&buf[..n]),
                Err(e) if matches!(e.kind(), io::ErrorKind::Interrupted) => continue,
                Err(e) => {
                    let _ = events.send(if closed(&e) {
                        Input::Closed
                    } else {
                        Input::Failed(e)
                    });
                    return;
                }
            },
            Err(e) => {
                let _ = events.send(Input::Failed(e));
                return;
            }
        };
        for event in decoded {
            if events.send(Input::Event(event)).is_err() {
                return;
            }
        }
    }
}

/// Waits until `tty` has input (or has closed), up to `wait` (forever when
/// `None`); `false` when the time ran out. Level-triggered, so input left
/// unread is seen at once; `filedescriptor::poll` uses `select` on macOS,
/// where `poll` refuses terminals.
fn readable(tty: &File, wait: Option<Duration>) -> io::Result<bool> {
    let mut fds = [pollfd {
        fd: tty.as_raw_fd(),
        events: POLLIN,
        revents: 0,
    }];
    loop {
        match poll(&mut fds, wait) {
            Ok(n) => return Ok(n > 0),
            Err(filedescriptor::Error::Poll(e)) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io::Error::other(e)),
        }
    }
}

/// Whether `e` is how a closed terminal fails a read or write.
fn closed(e: &io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::EIO | libc::ENXIO))
}

/// Gives the terminal back before the previous hook prints the panic, so a
/// panic leaves a usable terminal; safe on a closed terminal (see [`restore`]).
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// Plays until the player quits (`None`) or a signal comes (`Some(signal)`);
/// a closed terminal ends it as SIGHUP does.
fn event_loop(
    screen: &mut Screen,
    app: &mut App,
    inputs: &Receiver<Input>,
) -> io::Result<Option<i32>> {
    match play(screen, app, inputs) {
        Err(e) if closed(&e) => Ok(Some(SIGHUP)),
        ended => ended,
    }
}

/// The loop of [`event_loop`].
fn play(screen: &mut Screen, app: &mut App, inputs: &Receiver<Input>) -> io::Result<Option<i32>> {
    let mut dirty = true;
    loop {
        dirty |= app.tick(Instant::now());
        if dirty {
            app.now = Instant::now();
            screen.draw(|frame| frame.render_widget(&*app, frame.area()))?;
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
                    let area = screen.size()?.into();
                    dirty |= app.handle_event(&ev, area, Instant::now());
                    if app.quit {
                        return Ok(None);
                    }
                }
                Input::Signal(signal) => return Ok(Some(signal)),
                Input::Closed => return Ok(Some(SIGHUP)),
                Input::Failed(e) => return Err(e),
            }
            next = inputs.try_recv().ok();
        }
    }
}
