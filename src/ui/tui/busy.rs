//! The "dealing…" note: a hard deal can take a good part of a second, and
//! the event loop is busy meanwhile. A watcher thread writes the note on the
//! status line (the bottom row) when the loop has been busy with an event for
//! [`DELAY`] while a deal is being made, so the screen never just freezes.
//! The loop then redraws the whole screen, as ratatui no longer knows what
//! is on it.

use std::io::Write;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use ratatui::crossterm::cursor::MoveTo;
use ratatui::crossterm::queue;
use ratatui::crossterm::style::{Attribute, Print, SetAttribute};
use ratatui::crossterm::terminal::{Clear, ClearType};

/// How long the loop may be busy before the note shows.
pub const DELAY: Duration = Duration::from_millis(100);

/// How often the watcher looks whether a deal has begun, once the loop has
/// been busy for [`DELAY`].
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// The note.
pub const NOTE: &str = " dealing...";

/// What the loop tells the watcher.
enum Busy {
    /// The loop starts on an event; the screen has this many rows.
    Start(u16),
    /// The loop is done with it.
    Stop,
}

/// The loop's end of the watcher.
pub struct Watcher {
    tell: Sender<Busy>,
    /// Whether the note was written, after each [`Busy::Stop`].
    drawn: Receiver<bool>,
}

impl Watcher {
    /// Starts the watcher thread: it writes the note with `out` when a
    /// deal is under way (as `dealing` says) after [`DELAY`] of one event.
    pub fn spawn<W, D>(mut out: W, dealing: D) -> Self
    where
        W: Write + Send + 'static,
        D: Fn() -> bool + Send + 'static,
    {
        let (tell, told) = mpsc::channel();
        let (answer, drawn) = mpsc::channel();
        thread::spawn(move || {
            while let Ok(message) = told.recv() {
                let Busy::Start(rows) = message else {
                    let _ = answer.send(false);
                    continue;
                };
                let mut wait = DELAY;
                let mut shown = false;
                loop {
                    match told.recv_timeout(wait) {
                        Ok(_) => break,
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                    wait = LOOK_EVERY;
                    if !shown && dealing() {
                        shown = write_note(&mut out, rows).is_ok();
                    }
                }
                if answer.send(shown).is_err() {
                    return;
                }
            }
        });
        Watcher { tell, drawn }
    }

    /// Runs `work` (the loop's handling of one event on a screen of `rows`
    /// rows) under watch; its result, and whether the note was written
    /// meanwhile (then the whole screen must be drawn again).
    pub fn watch<T>(&self, rows: u16, work: impl FnOnce() -> T) -> (T, bool) {
        let watched = self.tell.send(Busy::Start(rows)).is_ok();
        let result = work();
        let drawn =
            watched && self.tell.send(Busy::Stop).is_ok() && self.drawn.recv().unwrap_or(false);
        (result, drawn)
    }
}

/// Writes the note over the bottom row of a screen of `rows` rows.
fn write_note(out: &mut impl Write, rows: u16) -> std::io::Result<()> {
    queue!(
        out,
        MoveTo(0, rows.saturating_sub(1)),
        SetAttribute(Attribute::Reverse),
        Clear(ClearType::CurrentLine),
        Print(NOTE),
        SetAttribute(Attribute::Reset)
    )?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps what is written to it.
    #[derive(Clone, Default)]
    struct Screen(Arc<Mutex<Vec<u8>>>);

    impl Write for Screen {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Screen {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    #[test]
    fn a_long_deal_shows_the_note_and_quick_work_shows_nothing() {
        let screen = Screen::default();
        let dealing = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&dealing);
        let watcher = Watcher::spawn(screen.clone(), move || flag.load(Ordering::SeqCst));
        // Quick work: done before the delay, nothing written.
        let (value, drawn) = watcher.watch(24, || 7);
        assert_eq!((value, drawn), (7, false));
        assert_eq!(screen.text(), "");
        // A slow event that is not a deal (a long hint): nothing either.
        let (_, drawn) = watcher.watch(24, || thread::sleep(DELAY * 2));
        assert!(!drawn);
        assert_eq!(screen.text(), "");
        // A deal under way: the note comes, on the bottom row, and the
        // loop learns it must draw everything again.
        let (_, drawn) = watcher.watch(24, || {
            dealing.store(true, Ordering::SeqCst);
            while !screen.text().contains(NOTE) {
                thread::sleep(Duration::from_millis(5));
            }
            dealing.store(false, Ordering::SeqCst);
        });
        assert!(drawn);
        assert!(
            screen.text().contains("\u{1b}[24;1H"),
            "{:?}",
            screen.text()
        );
        // The next quick event writes nothing more.
        let before = screen.text();
        assert!(!watcher.watch(24, || ()).1);
        assert_eq!(screen.text(), before);
    }
}
