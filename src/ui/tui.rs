//! The terminal: raw mode, alternate screen, mouse capture (and on Unix
//! bracketed paste) on the way in, all of it undone on the way out (panics
//! and a closed terminal included), and the event loop.
//!
//! Terminal input and the requests to end reach the loop through one
//! channel, fed by threads: on Unix (`tui/unix.rs`) one reads the terminal (see
//! `tui/input.rs` for why not through crossterm's reader) and one waits for
//! signals; on Windows (`tui/windows.rs`) one reads crossterm's console events
//! and a console control handler reports closing the window, Ctrl-Break and
//! log-off. So the loop sleeps until something comes (or the screen must
//! change by itself), and a request to end is handled at once: the game is
//! saved, the terminal restored, and the process exits.
//!
//! On Unix a request to stop (SIGTSTP) pauses the game and gives the
//! terminal back before the process stops; once continued (SIGCONT, also
//! after a SIGSTOP it never saw) the game takes the terminal again and draws
//! it whole.
//!
//! A closed Unix terminal fails every read and write and sends SIGHUP; the
//! game ends as on SIGHUP whichever comes first. Giving the terminal back
//! then must neither print nor panic (`ratatui::restore` reports failures
//! with `eprintln!`, which panics when standard error is the closed terminal
//! too, and a second panic in the panic hook aborts), so `restore` ignores
//! every error.

mod busy;
mod clamped;
#[cfg(unix)]
mod input;
#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

use std::io::{self, IsTerminal, Stdout, Write, stdout};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
#[cfg(unix)]
use ratatui::crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use crate::ui::app::App;
use clamped::Clamped;
#[cfg(unix)]
use unix::{hung_up, spawn_inputs, stop, wait_for_foreground};
#[cfg(windows)]
use windows::{hung_up, spawn_inputs};

/// Lets a write over the file-size limit (`ulimit -f`) fail with an error
/// instead of ending the process, so that a save that cannot be written is
/// told as on a full disk. Called before the start writes anything (the
/// lock's pid, a save). Windows has no such signal.
pub fn survive_file_size_limit() {
    #[cfg(unix)]
    unix::survive_file_size_limit();
}

/// Why the game cannot play here, if it cannot: it draws on standard
/// output, which must be a terminal, and on Unix reads keys from a terminal
/// (standard input, else the process's own). Checked as the options are,
/// before the saved game is touched: without a terminal (a script, a cron
/// job, `lianliankan --new > file`) the game would otherwise remove or
/// replace the save and only then fail, or play blind into the file.
pub fn unusable() -> Option<String> {
    if !stdout().is_terminal() {
        return Some(
            "standard output is not a terminal, and the game is drawn there \
             (check, solve, deal, scores and stats print to any output)"
                .to_string(),
        );
    }
    #[cfg(unix)]
    if let Err(e) = unix::open_tty() {
        return Some(format!("no terminal to read keys from: {e}"));
    }
    None
}

/// How a game ended.
#[derive(Debug)]
pub struct Ended {
    /// The signal that ended it (on Windows the console control event:
    /// Ctrl-Break 1, the window closed 2, log-off 5, shut-down 6), or `None`
    /// when the player quit.
    pub signal: Option<i32>,
    /// What the player should still be told (a save that failed on the way
    /// out), for after the terminal is back.
    pub messages: Vec<String>,
}

/// What the event loop waits for.
enum Input {
    /// A key, click or resize.
    Event(Event),
    /// A request to end: a signal, or a console control event on Windows.
    Signal(i32),
    /// Reading the terminal failed.
    Failed(io::Error),
    /// A request to stop (SIGTSTP, as `kill -TSTP` sends): the game pauses,
    /// gives the terminal back, stops, and takes the terminal again when it
    /// is continued.
    #[cfg(unix)]
    Suspend,
    /// The process was continued (SIGCONT): the shell may have reset the
    /// terminal meanwhile, so it is taken again and drawn whole.
    #[cfg(unix)]
    Continued,
}

/// The longest the loop sleeps when nothing at all is scheduled.
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// The terminal the game draws on.
type Screen = Terminal<Clamped<CrosstermBackend<Output>>>;

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

/// Gives the terminal back: mouse capture and bracketed paste off, cooked
/// mode, the main screen, the cursor. Each step is tried whatever the others
/// did, and nothing is printed: on a closed terminal every one fails.
///
/// Mouse capture goes off before raw mode: on Windows `DisableMouseCapture`
/// sets the console input mode back to the one crossterm saw at the first
/// `EnableMouseCapture`, which came after raw mode was on, so done after
/// `disable_raw_mode` it would leave the console raw (no echo, no line
/// editing) for the shell (crossterm's `event/sys/windows.rs`; the same bug
/// fixed in arxanas/scm-record#31 and AMythicDev/minus#136).
fn restore() {
    // Given back already (a game stopped, then continued in the
    // background): nothing to undo, and the terminal is the shell's.
    if GIVEN_BACK.swap(true, Ordering::SeqCst) {
        return;
    }
    let mut out = stdout();
    #[cfg(unix)]
    let _ = execute!(out, DisableBracketedPaste);
    let _ = execute!(out, DisableMouseCapture);
    let _ = disable_raw_mode();
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
}

/// Takes over the terminal, plays `app` until the player quits or a signal
/// ends it, closes the app (saving the game, see [`App::close`]) and gives
/// the terminal back as it was.
pub fn run(app: &mut App) -> io::Result<Ended> {
    install_panic_hook();
    // Made first, so a set-up that fails half-way is undone too.
    let restore = Restore;
    let asked = Instant::now();
    take_terminal()?;
    app.stood(asked, Instant::now());
    let mut screen = Terminal::new(Clamped(CrosstermBackend::new(Output(stdout()))))?;
    let inputs = spawn_inputs()?;
    let result = event_loop(&mut screen, app, &inputs);
    // Saved before the terminal is touched again: a closed terminal may
    // fail those writes.
    let messages = app.close(Instant::now());
    drop(restore);
    result.map(|signal| Ended { signal, messages })
}

/// Takes the terminal over: raw mode, the alternate screen, mouse capture
/// and bracketed paste. Raw mode is set afresh from the terminal's modes now,
/// which a shell may have changed while the game was stopped.
fn take_terminal() -> io::Result<()> {
    GIVEN_BACK.store(false, Ordering::SeqCst);
    disable_raw_mode()?;
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    // Not on Windows: crossterm reads console input records there, which
    // would hand the paste markers over as keys (Esc among them).
    #[cfg(unix)]
    execute!(stdout(), EnableBracketedPaste)?;
    Ok(())
}

/// Takes the terminal again for a game continued (SIGCONT), and draws it
/// whole, once the game is in the foreground (see [`wait_for_foreground`]);
/// not when a signal that ends it came meanwhile (`kill %1` on a stopped
/// game): the loop takes that signal next.
#[cfg(unix)]
fn take_again(screen: &mut Screen) -> io::Result<()> {
    if !wait_for_foreground() {
        return Ok(());
    }
    take_terminal()?;
    forget_screen(screen)
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
        Err(e) => hung_up(&e).map(Some).ok_or(e),
        ended => ended,
    }
}

/// Clears the terminal and makes the next draw write every cell, after the
/// "dealing…" note was written behind ratatui's back. Not `Terminal::clear`:
/// that asks the terminal where its cursor is and waits for the answer,
/// which the input thread takes first (the game would stop with "the cursor
/// position could not be read"). A resize to the same size clears without
/// asking.
fn forget_screen(screen: &mut Screen) -> io::Result<()> {
    let area = screen.size()?.into();
    screen.resize(area)
}

/// The loop of [`event_loop`].
fn play(screen: &mut Screen, app: &mut App, inputs: &Receiver<Input>) -> io::Result<Option<i32>> {
    let mut dirty = true;
    app.resize(screen.size()?.into(), Instant::now());
    // Deals happen while the loop handles an event or a tick: a long one
    // gets a note on the status line, then everything is drawn again.
    let watcher = busy::Watcher::spawn(Output(stdout()), &crate::game::DEALS);
    loop {
        let rows = screen.size()?.height;
        let (changed, noted) = watcher.watch(rows, || app.tick(Instant::now()));
        if noted {
            forget_screen(screen)?;
        }
        dirty |= changed || noted;
        if dirty {
            app.show_frame(Instant::now());
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
        // Take every input already waiting before drawing again, and save
        // once after them.
        dirty = false;
        app.begin_batch();
        while let Some(input) = next {
            match take_input(screen, app, &watcher, input)? {
                ControlFlow::Break(ended) => return Ok(ended),
                ControlFlow::Continue(changed) => dirty |= changed,
            }
            next = inputs.try_recv().ok();
        }
        dirty |= app.end_batch(Instant::now());
    }
}

/// Takes one input in the loop of [`play`]: `Break` when the game ends
/// there (the player quit: `None`; a signal came: `Some(signal)`), else
/// `Continue` with whether the screen must be drawn again.
fn take_input(
    screen: &mut Screen,
    app: &mut App,
    watcher: &busy::Watcher,
    input: Input,
) -> io::Result<ControlFlow<Option<i32>, bool>> {
    match input {
        Input::Event(ev) => {
            let area: ratatui::layout::Rect = screen.size()?.into();
            let (changed, noted) =
                watcher.watch(area.height, || app.handle_event(&ev, area, Instant::now()));
            if noted {
                forget_screen(screen)?;
            }
            if app.quit {
                return Ok(ControlFlow::Break(None));
            }
            Ok(ControlFlow::Continue(changed || noted))
        }
        Input::Signal(signal) => Ok(ControlFlow::Break(Some(signal))),
        Input::Failed(e) => Err(e),
        #[cfg(unix)]
        Input::Suspend => {
            app.suspend(Instant::now());
            restore();
            let stopped = Instant::now();
            stop();
            take_again(screen)?;
            // Nothing was on screen meanwhile: a level card on show stands
            // through the stop, as the clock does.
            app.stood(stopped, Instant::now());
            Ok(ControlFlow::Continue(true))
        }
        #[cfg(unix)]
        Input::Continued => {
            take_again(screen)?;
            Ok(ControlFlow::Continue(true))
        }
    }
}
