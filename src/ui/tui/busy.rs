//! The "dealing…" note: a hard deal can take a good part of a second, and
//! the event loop is busy meanwhile. A watcher thread writes the note on the
//! status line (the bottom row) when a deal begun while the loop handles an
//! event is still under way after [`DELAY`], so the screen never just
//! freezes. The loop then redraws the whole screen, as ratatui no longer
//! knows what is on it. The watcher sleeps until a deal begins, so an idle
//! game wakes no more often with it than without.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::crossterm::cursor::MoveTo;
use ratatui::crossterm::queue;
use ratatui::crossterm::style::{Attribute, Print, SetAttribute};
use ratatui::crossterm::terminal::{Clear, ClearType};

use crate::game::Deals;

/// How long a deal may take before the note shows.
pub const DELAY: Duration = Duration::from_millis(100);

/// How often the watcher looks whether the deal has ended, until [`DELAY`].
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// The note.
pub const NOTE: &str = " dealing...";

/// What the loop and the watcher share.
#[derive(Default)]
struct Busy {
    /// Whether the loop is handling an event (only then may the note be
    /// written: otherwise the loop may be drawing).
    busy: bool,
    /// The rows of the screen the event came on.
    rows: u16,
    /// Whether the note was written during this event.
    noted: bool,
}

/// The loop's end of the watcher.
pub struct Watcher {
    shared: Arc<Mutex<Busy>>,
}

impl Watcher {
    /// Starts the watcher thread: it writes the note with `out` when one of
    /// `deals` is under way for [`DELAY`] during one event. The thread sleeps
    /// until a deal begins, and ends at the first deal after the watcher is
    /// dropped.
    pub fn spawn<W: Write + Send + 'static>(mut out: W, deals: &'static Deals) -> Self {
        let shared = Arc::new(Mutex::new(Busy::default()));
        let state: Weak<Mutex<Busy>> = Arc::downgrade(&shared);
        let mut seen = deals.begun();
        thread::spawn(move || {
            loop {
                seen = deals.wait_begun(seen);
                let Some(state) = state.upgrade() else {
                    return;
                };
                let began = Instant::now();
                while deals.under_way() && began.elapsed() < DELAY {
                    thread::sleep(LOOK_EVERY);
                }
                let mut busy = lock(&state);
                if busy.busy && !busy.noted && deals.under_way() {
                    busy.noted = write_note(&mut out, busy.rows).is_ok();
                }
            }
        });
        Watcher { shared }
    }

    /// Runs `work` (the loop's handling of one event on a screen of `rows`
    /// rows) under watch; its result, and whether the note was written
    /// meanwhile (then the whole screen must be drawn again).
    pub fn watch<T>(&self, rows: u16, work: impl FnOnce() -> T) -> (T, bool) {
        *lock(&self.shared) = Busy {
            busy: true,
            rows,
            noted: false,
        };
        let result = work();
        // Waits for a note being written: none comes after this.
        let mut busy = lock(&self.shared);
        busy.busy = false;
        (result, busy.noted)
    }
}

/// The shared state; a panic while it was held left it whole, as each
/// change is a single step.
fn lock(shared: &Mutex<Busy>) -> MutexGuard<'_, Busy> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
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
        static DEALS: Deals = Deals::new();
        let screen = Screen::default();
        let watcher = Watcher::spawn(screen.clone(), &DEALS);
        // Quick work: done before the delay, nothing written.
        let (value, drawn) = watcher.watch(24, || 7);
        assert_eq!((value, drawn), (7, false));
        assert_eq!(screen.text(), "");
        // A slow event that is not a deal (a long hint): nothing either.
        let (_, drawn) = watcher.watch(24, || thread::sleep(DELAY * 2));
        assert!(!drawn);
        assert_eq!(screen.text(), "");
        // A quick deal: nothing.
        let (_, drawn) = watcher.watch(24, || drop(DEALS.begin()));
        assert!(!drawn);
        // A deal under way: the note comes, on the bottom row, and the
        // loop learns it must draw everything again.
        let (_, drawn) = watcher.watch(24, || {
            let _deal = DEALS.begin();
            while !screen.text().contains(NOTE) {
                thread::sleep(Duration::from_millis(5));
            }
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
        // A long deal outside any event (the loop may be drawing): nothing.
        let deal = DEALS.begin();
        thread::sleep(DELAY * 2);
        drop(deal);
        assert_eq!(screen.text(), before);
    }
}
