//! A running `lianliankan` in a real pseudo-terminal, with a vt100 screen fed
//! by a reader thread. Shared by the end-to-end test and the terminal benchmark.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::fd::{AsRawFd, RawFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use filedescriptor::{FileDescriptor, POLLIN, poll, pollfd};
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// Everything the reader thread has seen: the screen and the raw bytes with
/// the time each chunk arrived.
#[derive(Default)]
pub struct Seen {
    /// The emulated screen.
    pub parser: Option<vt100::Parser>,
    /// Every byte the game wrote.
    pub bytes: Vec<u8>,
    /// When each read returned, and how many bytes it brought.
    pub chunks: Vec<(Instant, usize)>,
    /// When the status line's last words were first on screen.
    pub first_frame: Option<Instant>,
}

/// The game under test.
pub struct Session {
    /// The terminal side of the pty (resize, termios); `None` once hung up.
    master: Option<Box<dyn MasterPty + Send>>,
    /// The game process.
    pub child: Box<dyn Child + Send + Sync>,
    /// Where typed bytes go; `None` once hung up.
    writer: Option<Box<dyn Write + Send>>,
    /// What the reader thread has seen so far.
    pub seen: Arc<Mutex<Seen>>,
    /// The pty's line discipline flags before the game started (cooked mode).
    pub cooked: Option<String>,
    /// Tells the reader thread to let go of its copy of the terminal side.
    stop: Arc<AtomicBool>,
    /// Tells the reader thread to read nothing for now, as a frozen
    /// terminal does.
    frozen: Arc<AtomicBool>,
    /// The reader thread.
    reader: Option<JoinHandle<()>>,
    /// The game's own data directory, when [`Session::start`] made one.
    _data: Option<tempfile::TempDir>,
}

impl Session {
    /// Starts the binary with `args` in a pty of `cols` x `rows`, with a
    /// fresh data directory of its own (no saved game, no high scores).
    pub fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        let data = tempfile::tempdir().expect("a data directory");
        let mut s = Session::start_in(data.path(), args, cols, rows);
        s._data = Some(data);
        s
    }

    /// Starts the binary with `args` in a pty of `cols` x `rows`, keeping its
    /// saved game and high scores in `data`.
    pub fn start_in(data: &Path, args: &[&str], cols: u16, rows: u16) -> Session {
        Session::start_under(None, data, args, cols, rows)
    }

    /// As [`Session::start_in`], the binary started by `sh -c` after
    /// `shell` (`ulimit -f 1`, say): limits the game then runs under.
    #[allow(
        dead_code,
        reason = "the terminal benchmark shares this file and sets no limits"
    )]
    pub fn start_limited(shell: &str, data: &Path, args: &[&str], cols: u16, rows: u16) -> Session {
        Session::start_under(Some(shell), data, args, cols, rows)
    }

    fn start_under(
        shell: Option<&str>,
        data: &Path,
        args: &[&str],
        cols: u16,
        rows: u16,
    ) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let binary = env!("CARGO_BIN_EXE_lianliankan");
        let mut cmd = match shell {
            None => CommandBuilder::new(binary),
            Some(shell) => {
                let mut cmd = CommandBuilder::new("sh");
                cmd.args(["-c", &format!("{shell}; exec \"$0\" \"$@\""), binary]);
                cmd
            }
        };
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("COLORTERM");
        // A locale without UTF-8, so the default theme is ascii whatever the
        // machine's locale (a test that wants pictures asks for them).
        cmd.env_remove("LC_ALL");
        cmd.env_remove("LC_CTYPE");
        cmd.env("LANG", "C");
        cmd.env("LIANLIANKAN_DATA_DIR", data);
        let cooked = local_flags(pty.master.as_ref());
        let child = pty.slave.spawn_command(cmd).expect("spawn the game");
        drop(pty.slave);
        // The reader owns a copy of the terminal side and polls it, so that
        // it can let go of it on request: the pty hangs up only once every
        // copy is closed.
        let fd = pty.master.as_raw_fd().expect("the pty's descriptor");
        let reader = FileDescriptor::dup(&Raw(fd)).expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let seen = Arc::new(Mutex::new(Seen {
            parser: Some(vt100::Parser::new(
                NonZeroU16::new(rows).expect("rows > 0"),
                NonZeroU16::new(cols).expect("cols > 0"),
                0,
            )),
            ..Seen::default()
        }));
        let sink = Arc::clone(&seen);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let frozen = Arc::new(AtomicBool::new(false));
        let still = Arc::clone(&frozen);
        let reader = thread::spawn(move || {
            let mut reader = reader;
            let mut buf = [0u8; 65536];
            while !stopped.load(Ordering::SeqCst) {
                if still.load(Ordering::SeqCst) {
                    thread::sleep(Duration::from_millis(5));
                    continue;
                }
                if !readable(&reader) {
                    continue;
                }
                let n = match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                let mut s = sink.lock().expect("lock");
                s.chunks.push((Instant::now(), n));

                s.bytes.extend_from_slice(&buf[..n]);
                let now = Instant::now();
                let waiting = s.first_frame.is_none();
                if let Some(p) = s.parser.as_mut() {
                    p.process(&buf[..n]);
                    if waiting && p.screen().contents().contains("? help") {
                        s.first_frame = Some(now);
                    }
                }
            }
        });
        Session {
            master: Some(pty.master),
            child,
            writer: Some(writer),
            seen,
            cooked,
            stop,
            frozen,
            reader: Some(reader),
            _data: None,
        }
    }

    /// The terminal side of the pty.
    pub fn master(&self) -> &(dyn MasterPty + Send) {
        self.master.as_deref().expect("the pty was hung up")
    }

    /// Closes the terminal side of the pty, as closing a terminal window
    /// does: the game gets SIGHUP and its terminal is gone.
    #[allow(
        dead_code,
        reason = "the terminal benchmark shares this file and never hangs up"
    )]
    pub fn hang_up(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the reader thread");
        }
        self.writer = None;
        self.master = None;
    }

    /// Stops reading the game's output (`true`), as a frozen terminal
    /// window or a stalled link does: once the pty is full the game's
    /// writes wait; `false` reads on.
    #[allow(
        dead_code,
        reason = "the terminal benchmark shares this file and always reads"
    )]
    pub fn freeze(&self, frozen: bool) {
        self.frozen.store(frozen, Ordering::SeqCst);
    }

    /// The pty's line discipline flags now, to compare with [`Session::cooked`].
    pub fn local_flags(&self) -> Option<String> {
        local_flags(self.master())
    }

    /// Sends raw bytes as if typed.
    pub fn send(&mut self, bytes: &[u8]) {
        let writer = self.writer.as_mut().expect("the pty was hung up");
        writer.write_all(bytes).expect("write to pty");
        writer.flush().expect("flush pty");
    }

    /// The screen text now.
    pub fn screen(&self) -> String {
        let s = self.seen.lock().expect("lock");
        s.parser
            .as_ref()
            .map(|p| p.screen().contents())
            .unwrap_or_default()
    }

    /// Waits (up to `limit`) until `ok` holds for the screen text; panics with
    /// the screen if it never does.
    pub fn wait_for(&self, what: &str, limit: Duration, ok: impl Fn(&str) -> bool) {
        let end = Instant::now() + limit;
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {what}; screen:\n{screen}");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits (up to `limit`) until `ok` holds for the output written since
    /// byte `from`, as text; panics with that output if it never does. The
    /// reader thread may take the last bytes a moment after the game has
    /// stopped or exited, so tests wait for them rather than sleep.
    pub fn wait_output(&self, from: usize, what: &str, limit: Duration, ok: impl Fn(&str) -> bool) {
        let end = Instant::now() + limit;
        loop {
            let out = {
                let seen = self.seen.lock().expect("lock");
                String::from_utf8_lossy(&seen.bytes[from.min(seen.bytes.len())..]).into_owned()
            };
            if ok(&out) {
                return;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {what}; output since byte {from}:\n{out:?}");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits for the process to end, killing it after `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<portable_pty::ExitStatus> {
        let end = Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// A descriptor number, to copy the pty's own descriptor with
/// [`FileDescriptor::dup`] while the pty is open.
struct Raw(RawFd);

impl AsRawFd for Raw {
    fn as_raw_fd(&self) -> RawFd {
        self.0
    }
}

/// Whether `fd` has something to read (or has hung up), waiting a little:
/// the reader thread looks at its stop flag between waits.
fn readable(fd: &FileDescriptor) -> bool {
    let mut fds = [pollfd {
        fd: fd.as_raw_fd(),
        events: POLLIN,
        revents: 0,
    }];
    !matches!(poll(&mut fds, Some(Duration::from_millis(20))), Ok(0))
}

/// The local (line discipline) flags of the pty, printed: raw mode clears
/// ICANON and ECHO among them.
fn local_flags(master: &(dyn MasterPty + Send)) -> Option<String> {
    master.get_termios().map(|t| format!("{:?}", t.local_flags))
}
