//! Runs a command of the real binary that reads the data directory
//! (`scores`, `stats`), as a user would, with the directory set through the
//! environment of the child process only.

use std::path::Path;
use std::process::{Command, Output};

/// Runs the binary with `args` on the data directory `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .args(args)
        .env("LIANLIANKAN_DATA_DIR", dir)
        .output()
        .expect("the binary starts")
}

/// What a stream held, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
