//! Measures the game in a real pseudo-terminal: time to the first frame,
//! idle CPU and wake-ups (clock showing, paused, in the menu), key press to
//! first byte written, bytes per cursor move, and resize to redraw. Run with
//! `cargo bench --bench terminal`; it prints a table rather than timing a
//! closure, so it has its own `main`.
//!
//! Goals: first frame within 50 ms, idle at most 0.3% of a core (waking at
//! most once a second with a clock showing, never without one), key-to-screen
//! median at most 5 ms.

#[cfg(unix)]
#[path = "terminal/unix.rs"]
mod unix;

fn main() {
    #[cfg(unix)]
    unix::main();
    #[cfg(not(unix))]
    eprintln!("the terminal benchmark drives a Unix pseudo-terminal; nothing to measure here");
}
