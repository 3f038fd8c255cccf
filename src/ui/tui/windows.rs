//! The Windows inputs of the event loop: crossterm's console events, and a
//! console control handler for closing the window, Ctrl-Break, log-off and
//! shut-down (Ctrl-C is a key in raw mode, as on Unix).
//!
//! Log-off and shut-down are handled should they come, but for a game they
//! do not: Windows ends interactive programs at log-off and shut-down, and
//! sends those events to services only ("HandlerRoutine callback function",
//! learn.microsoft.com). The save after every move is what keeps the game
//! then.
//!
//! Windows ends the process as soon as the handler of a close, log-off or
//! shut-down event returns, so the handler does not return: it hands the
//! event to the loop and waits while the game is saved and the console
//! restored, and the process ends from `main` (or Windows ends it after its
//! own time limit, about 5 s). The `ctrlc` crate returns at once, which
//! lets Windows end the process before the save is written.

use std::io;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event;
use windows_sys::Win32::System::Console::{
    CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT, SetConsoleCtrlHandler,
};
use windows_sys::core::BOOL;

use super::Input;

/// Where the console control handler sends its events: the running loop's
/// channel, or nothing between games.
static CONTROL_EVENTS: Mutex<Option<Sender<Input>>> = Mutex::new(None);

/// How long the handler of a close, log-off or shut-down waits for the
/// process to end by itself; Windows ends it sooner.
const CLOSE_WAIT: Duration = Duration::from_secs(30);

/// Starts the thread that reads console events and registers the console
/// control handler; both feed the returned channel.
pub fn spawn_inputs() -> io::Result<Receiver<Input>> {
    let (tx, rx) = mpsc::channel();
    let events = tx.clone();
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
    *CONTROL_EVENTS.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx);
    #[allow(
        unsafe_code,
        reason = "the one call into the Windows API; windows-sys has no safe wrapper"
    )]
    // SAFETY: `on_control_event` has the signature Windows expects and lives
    // as long as the program; adding a handler twice only calls it twice.
    let added = unsafe { SetConsoleCtrlHandler(Some(on_control_event), 1) };
    if added == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(rx)
}

/// No Windows error counts as a closed console: closing the window comes as
/// a control event.
pub fn hung_up(_e: &io::Error) -> Option<i32> {
    None
}

/// Runs on a thread of its own when a control event comes: hands it to the
/// loop, and for the events after which Windows ends the process, waits for
/// the game to save and exit first. Returns whether the event was handled.
extern "system" fn on_control_event(event: u32) -> BOOL {
    let sent = CONTROL_EVENTS
        .lock()
        .ok()
        .and_then(|events| {
            events
                .as_ref()
                .map(|tx| tx.send(Input::Signal(event as i32)))
        })
        .is_some_and(|sent| sent.is_ok());
    if !sent {
        // No game running: Windows's own handling (the process ends).
        return 0;
    }
    if matches!(
        event,
        CTRL_CLOSE_EVENT | CTRL_LOGOFF_EVENT | CTRL_SHUTDOWN_EVENT
    ) {
        thread::sleep(CLOSE_WAIT);
    }
    1
}
