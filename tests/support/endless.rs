//! Runs the real `lianliankan` binary on an endless input, as `yes x |
//! lianliankan check` does, to show a command stops reading at a bad line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// How much [`run_endless`] writes at most before it gives up and closes
/// the input: far more than a command that stops at a bad line reads.
pub const ENDLESS_CAP: usize = 256 << 20;

/// Runs the binary with `args` on an endless input: `start`, repeated, as
/// `yes` would write it, until the binary stops reading (or [`ENDLESS_CAP`]
/// bytes are written). Returns its output and how many bytes it took.
pub fn run_endless(args: &[&str], start: &[u8]) -> (Output, usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let chunk = start.repeat((64 << 10) / start.len().max(1) + 1);
    let mut written = 0;
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
