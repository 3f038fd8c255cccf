//! The Unix inputs of the event loop: the terminal, read by [`Decoder`], and
//! the signals that end the game (SIGTERM, SIGHUP, SIGINT, SIGQUIT, and the
//! others whose default action would end it: SIGUSR1, SIGUSR2, SIGALRM,
//! SIGVTALRM, SIGPROF, SIGXCPU, and on Linux SIGPWR, SIGSTKFLT, SIGIO and
//! the real-time signals), resize
//! it (SIGWINCH), or stop and continue it (SIGTSTP, SIGCONT), through
//! `signal-hook`; and SIGXFSZ caught, so a save over a file-size limit fails
//! as a full disk does instead of killing the game.

use std::fs::{File, OpenOptions};
use std::io::{self, IsTerminal, Read};
use std::os::fd::{AsFd, AsRawFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use filedescriptor::{POLLIN, poll, pollfd};
use ratatui::crossterm::event::Event;
use ratatui::crossterm::terminal;
use signal_hook::consts::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGTSTP, SIGTTOU, SIGUSR1,
    SIGUSR2, SIGVTALRM, SIGWINCH, SIGXCPU, SIGXFSZ,
};
use signal_hook::iterator::Signals;

use super::Input;
use super::input::Decoder;

/// The signals that end the game cleanly (saved, terminal restored): those
/// meant to end it, and the others whose default action ends a process
/// (`kill -USR1`, an alarm or a profiler's timer, a CPU-time limit), which
/// left the terminal raw; on Linux also SIGPWR (a UPS daemon's power
/// failure), SIGSTKFLT, SIGIO and the real-time signals, whose default
/// action ends a process there too (on the BSDs and macOS SIGIO's is to
/// ignore it, and the others do not exist).
fn exit_signals() -> Vec<i32> {
    let everywhere = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    ];
    #[cfg(target_os = "linux")]
    let here = [libc::SIGPWR, libc::SIGSTKFLT, libc::SIGIO]
        .into_iter()
        .chain(libc::SIGRTMIN()..=libc::SIGRTMAX());
    #[cfg(not(target_os = "linux"))]
    let here = std::iter::empty();
    everywhere.into_iter().chain(here).collect()
}

/// How many inputs may wait for the event loop: the threads that feed it
/// wait while that many do, so input that comes faster than the game takes
/// it (megabytes pasted by a terminal without bracketed paste, a program
/// writing to the terminal) waits in the terminal, not in memory, and a key
/// after it is read soon after it ends (queued without bound, 9 MB typed
/// held 300 MB and a `q` after them waited over a minute).
const INPUTS_WAITING: usize = 1024;

/// Starts the threads that feed the event loop: terminal input, the
/// signals that end the game, and the others (resize, stop, continue).
/// Fails before the terminal is touched if any cannot be had.
///
/// The signals that end the game have a thread of their own: a thread
/// waits while [`INPUTS_WAITING`] inputs do, and a resize waiting there
/// must not keep a SIGTERM from starting its grace period (a loop held in
/// the write of a frame nobody reads, with keys waiting, never ended).
pub fn spawn_inputs() -> io::Result<Receiver<Input>> {
    let mut ending = Signals::new(exit_signals())?;
    let mut others = Signals::new([SIGWINCH, SIGTSTP, SIGCONT])?;
    let tty = open_tty()?;
    let (tx, rx) = mpsc::sync_channel(INPUTS_WAITING);
    let events: SyncSender<Input> = tx.clone();
    thread::spawn(move || read_terminal(&tty, &events));
    let ends: SyncSender<Input> = tx.clone();
    thread::spawn(move || {
        for signal in ending.forever() {
            end_unless_ended(signal);
            if ends.send(Input::Signal(signal)).is_err() {
                return;
            }
        }
    });
    thread::spawn(move || {
        for signal in others.forever() {
            let input = match signal {
                SIGWINCH => match terminal::size() {
                    Ok((cols, rows)) => Input::Event(Event::Resize(cols, rows)),
                    Err(_) => continue,
                },
                SIGTSTP => Input::Suspend,
                _ => Input::Continued,
            };
            if tx.send(input).is_err() {
                return;
            }
        }
    });
    Ok(rx)
}

/// Whether a signal that ends the game came (see [`end_unless_ended`]).
static ENDING: AtomicBool = AtomicBool::new(false);

/// How long a signal that ends the game leaves the event loop to save
/// and give the terminal back: far longer than that takes (a score waits
/// up to [`crate::persist::storage::LOCK_PATIENCE`] for another game).
const EXIT_GRACE: Duration = Duration::from_secs(10);

/// Ends the process with 128 + `signal` once [`EXIT_GRACE`] has passed,
/// unless the event loop has ended it by then. A terminal that reads
/// nothing (a frozen window, a stalled ssh link) holds the loop in the
/// write of a frame for as long as it reads nothing, and the loop takes
/// the signal only after it. Raw mode goes off first, which writes
/// nothing; the game stays as saved after its last move.
fn end_unless_ended(signal: i32) {
    if ENDING.swap(true, Ordering::SeqCst) {
        return;
    }
    thread::spawn(move || {
        thread::sleep(EXIT_GRACE);
        let _ = terminal::disable_raw_mode();
        signal_hook::low_level::exit(128 + signal);
    });
}

/// Catches SIGXFSZ (a write over `ulimit -f`), which would end the game at
/// once, its terminal left raw: caught, the write fails with EFBIG instead
/// and the game says it could not save, as on a full disk. The handler only
/// sets a flag nobody reads.
pub fn survive_file_size_limit() {
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
}

/// Stops the process as SIGTSTP would have, once the terminal is given
/// back; returns when it is continued (SIGCONT).
pub fn stop() {
    let _ = signal_hook::low_level::emulate_default_handler(SIGTSTP);
}

/// Waits, for a game continued (SIGCONT) while the terminal is another
/// process group's, until it is in the foreground again: stopped as taking
/// the terminal would stop it (SIGTTOU), until `fg`. `false` when a signal
/// that ends the game came with the SIGCONT instead (`kill %1` sends
/// SIGTERM, then SIGCONT so that a stopped job takes it): the game then
/// ends without the terminal, which is the shell's; taking it, the game
/// was stopped again before it could end.
pub fn wait_for_foreground() -> bool {
    while !in_foreground() {
        // The signals that came with the SIGCONT are taken by the signal
        // threads meanwhile.
        let since = Instant::now();
        while since.elapsed() < SIGNALS_TAKEN {
            if ENDING.load(Ordering::SeqCst) {
                return false;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = signal_hook::low_level::raise(SIGTTOU);
    }
    true
}

/// How long [`wait_for_foreground`] leaves the signal threads to take the
/// signals that came with a SIGCONT: far longer than that takes.
const SIGNALS_TAKEN: Duration = Duration::from_millis(200);

/// Whether the game's process group has the terminal (standard output), or
/// no terminal says otherwise.
fn in_foreground() -> bool {
    #[allow(
        unsafe_code,
        reason = "the two calls into libc on Unix; the crates in use have no safe wrapper"
    )]
    // SAFETY: neither call takes a pointer or touches memory; tcgetpgrp
    // only asks the terminal behind a descriptor for its foreground group
    // (-1 when it is not a terminal).
    let (terminal, own) = unsafe { (libc::tcgetpgrp(libc::STDOUT_FILENO), libc::getpgrp()) };
    terminal == -1 || terminal == own
}

/// The signal a closed terminal counts as, if `e` is how a closed terminal
/// fails a read or write (EIO, ENXIO): SIGHUP, which it sends too.
pub fn hung_up(e: &io::Error) -> Option<i32> {
    matches!(e.raw_os_error(), Some(libc::EIO | libc::ENXIO)).then_some(SIGHUP)
}

/// The terminal to read keys from: standard input when it is one, else the
/// process's terminal (as crossterm does, so raw mode applies to it).
pub fn open_tty() -> io::Result<File> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        Ok(File::from(stdin.as_fd().try_clone_to_owned()?))
    } else {
        OpenOptions::new().read(true).open("/dev/tty")
    }
}

/// Reads `tty` until it closes or the loop stops listening, sending each
/// event as soon as its bytes are in, and dropping an unfinished sequence
/// once the input pauses (see [`Decoder::flush`]). The end of the input
/// counts as a hangup.
fn read_terminal(tty: &File, events: &SyncSender<Input>) {
    let mut decoder = Decoder::default();
    let mut buf = [0u8; 4096];
    loop {
        let decoded = match readable(tty, decoder.wait()) {
            Ok(false) => decoder.flush(),
            Ok(true) => match (&*tty).read(&mut buf) {
                Ok(0) => {
                    let _ = events.send(Input::Signal(SIGHUP));
                    return;
                }
                Ok(n) => decoder.feed(&buf[..n]),
                Err(e) if matches!(e.kind(), io::ErrorKind::Interrupted) => continue,
                Err(e) => {
                    let _ = events.send(match hung_up(&e) {
                        Some(signal) => Input::Signal(signal),
                        None => Input::Failed(e),
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
