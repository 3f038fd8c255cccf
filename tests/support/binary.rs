//! Runs the real `lianliankan` binary as a user would, shared by the tests
//! that drive its commands through arguments and stdin.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs the binary with `args`, writes `stdin` to it and waits for its output.
///
/// The binary may exit without reading all of `stdin` (a usage error, a bad
/// header): a broken pipe while writing is then expected, and the exit status
/// tells the story.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = spawn(args);
    let _ = child.stdin.take().unwrap().write_all(stdin.as_ref());
    child.wait_with_output().unwrap()
}

/// Starts the binary with `args`, its three streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}
