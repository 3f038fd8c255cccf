//! Runs the real `lianliankan` binary where an unbounded command would never
//! end: on an endless input (as `yes x | lianliankan check`), or on a large
//! input under a generous time guard. The guard only keeps a hang from
//! blocking the suite; no test asserts how fast anything is. A test file
//! that includes this includes `binary.rs` as `binary` too.

use std::io::Write;
use std::process::Output;
use std::time::{Duration, Instant};

/// How much [`run_endless`] writes at most before it gives up and closes
/// the input: far more than a command that stops at a bad line reads.
pub const ENDLESS_CAP: usize = 256 << 20;

/// Runs the binary with `args` on an endless input: `start`, repeated, as
/// `yes` would write it, until the binary stops reading (or [`ENDLESS_CAP`]
/// bytes are written). Returns its output and how many bytes it took.
pub fn run_endless(args: &[&str], start: &[u8]) -> (Output, usize) {
    run_endless_after(args, b"", start)
}

/// As [`run_endless`], with `head` written once before the endless `body`
/// (a header, then a line that never ends, say).
pub fn run_endless_after(args: &[&str], head: &[u8], body: &[u8]) -> (Output, usize) {
    let mut child = super::binary::spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let chunk = body.repeat((64 << 10) / body.len().max(1) + 1);
    let mut written = match stdin.write_all(head) {
        Ok(()) => head.len(),
        Err(_) => ENDLESS_CAP,
    };
    while written < ENDLESS_CAP {
        match stdin.write(&chunk) {
            Ok(n) => written += n,
            // The binary closed its input: it has stopped reading.
            Err(_) => break,
        }
    }
    drop(stdin);
    (child.wait_with_output().unwrap(), written)
}

/// Runs the binary with `args` on `stdin` and returns its output, or fails
/// the test if it has not finished after `guard` (it is then killed). The
/// guard is minutes where the command takes seconds: it catches only a cost
/// that grows out of all proportion to the input.
pub fn run_guarded(args: &[&str], stdin: Vec<u8>, guard: Duration) -> Output {
    let mut child = super::binary::spawn(args);
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let read_out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut bytes);
        bytes
    });
    let read_err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut bytes);
        bytes
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > guard {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still ran after {guard:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    writer.join().unwrap();
    Output {
        status,
        stdout: read_out.join().unwrap(),
        stderr: read_err.join().unwrap(),
    }
}
