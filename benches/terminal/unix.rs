//! The terminal benchmark (see `benches/terminal.rs`): Unix only, as it
//! drives the game through a Unix pseudo-terminal and reads `/proc`.

#[path = "../../tests/support/pty.rs"]
mod pty;

use std::fs;
use std::thread;
use std::time::{Duration, Instant};

use lianliankan::core::grid::Point;
use lianliankan::ui::layout::Areas;
use portable_pty::PtySize;
use pty::Session;
use ratatui::layout::Rect;

const WAIT: Duration = Duration::from_secs(10);
const IDLE: Duration = Duration::from_secs(10);
const PRESSES: usize = 200;

/// CPU time (ns) and voluntary context switches of every thread of `pid`.
fn cpu_and_wakeups(pid: u32) -> (u64, u64) {
    let mut ns = 0;
    let mut switches = 0;
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return (0, 0);
    };
    for task in tasks.flatten() {
        let path = task.path();
        if let Ok(stat) = fs::read_to_string(path.join("schedstat")) {
            ns += stat
                .split_whitespace()
                .next()
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0);
        }
        if let Ok(status) = fs::read_to_string(path.join("status")) {
            switches += status
                .lines()
                .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    (ns, switches)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Sends `bytes` and returns the delay to the first output byte and the bytes
/// written until the output has been quiet for 20 ms.
fn respond(s: &mut Session, bytes: &[u8]) -> (Duration, usize) {
    let before = s.seen.lock().expect("lock").chunks.len();
    let sent = Instant::now();
    s.send(bytes);
    let end = sent + WAIT;
    loop {
        let seen = s.seen.lock().expect("lock");
        let new = &seen.chunks[before..];
        if let Some(&(first, _)) = new.first() {
            let (last, _) = *new.last().expect("non-empty");
            if last.elapsed() > Duration::from_millis(20) {
                let total = new.iter().map(|&(_, n)| n).sum();
                return (first.saturating_duration_since(sent), total);
            }
        }
        drop(seen);
        if Instant::now() > end {
            panic!("no answer to {bytes:?}");
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// Idle for `IDLE` after a second's rest: the span (s), the share of a core
/// used (%) and the wake-ups per second of `pid`.
fn idle(pid: u32) -> (f64, f64, f64) {
    thread::sleep(Duration::from_secs(1));
    let (cpu0, sw0) = cpu_and_wakeups(pid);
    let t0 = Instant::now();
    thread::sleep(IDLE);
    let (cpu1, sw1) = cpu_and_wakeups(pid);
    let span = t0.elapsed().as_secs_f64();
    let pct = cpu1.saturating_sub(cpu0) as f64 / 1e9 / span * 100.0;
    (span, pct, sw1.saturating_sub(sw0) as f64 / span)
}

/// Runs the measurements and prints the table.
pub fn main() {
    // `cargo bench` passes --bench; this harness takes no options.
    let started = Instant::now();
    let mut s = Session::start(&["--seed", "1"], 80, 24);
    s.wait_for("the first frame", WAIT, |t| t.contains("? help"));
    let first = s
        .seen
        .lock()
        .expect("lock")
        .first_frame
        .expect("first frame seen");
    let first_ms = first.duration_since(started).as_secs_f64() * 1e3;

    let pid = s.child.process_id().expect("pid");
    let (span, idle_pct, wakeups) = idle(pid);

    let mut latencies = Vec::new();
    let mut sizes = Vec::new();
    for i in 0..PRESSES {
        let key: &[u8] = if i % 2 == 0 { b"l" } else { b"h" };
        let (delay, bytes) = respond(&mut s, key);
        latencies.push(delay.as_secs_f64() * 1e3);
        sizes.push(bytes as f64);
    }

    // A screen without a running clock: paused, then the pause menu.
    s.send(b"p");
    s.wait_for("the pause screen", WAIT, |t| t.contains("Paused. Press p"));
    let (_, paused_pct, paused_wakeups) = idle(pid);
    s.send(b"p");
    s.wait_for("the board again", WAIT, |t| t.contains("? help"));
    s.send(b"\x1b");
    s.wait_for("the menu", WAIT, |t| t.contains("Restart this deal"));
    let (_, menu_pct, menu_wakeups) = idle(pid);
    s.send(b"\x1b");
    s.wait_for("the board again", WAIT, |t| t.contains("? help"));

    let resize = Instant::now();
    if let Some(parser) = s.seen.lock().expect("lock").parser.as_mut() {
        let n = |v: u16| std::num::NonZeroU16::new(v).expect("not zero");
        parser.set_size(n(40), n(140));
    }
    s.master()
        .resize(PtySize {
            rows: 40,
            cols: 140,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("resize");
    // The cursor's tile (back at the top left) where the larger layout puts it.
    let (x, y) = Areas::for_board(Rect::new(0, 0, 140, 40), 8, 16, 1)
        .1
        .expect("the board fits")
        .centre(Point::new(0, 0));
    s.wait_for("the bigger board", WAIT, |t| {
        t.lines()
            .nth(usize::from(y))
            .and_then(|l| l.chars().nth(usize::from(x) - 1))
            == Some('[')
    });
    let resize_ms = resize.elapsed().as_secs_f64() * 1e3;

    let from = s.seen.lock().expect("lock").bytes.len();
    s.send(b"q");
    let status = s.wait_exit(WAIT);
    // Back to cooked mode, and the main screen left as it was.
    s.wait_output(from, "the alternate screen left", WAIT, |out| {
        out.contains("\x1b[?1049l")
    });
    let restored = s.local_flags() == s.cooked;

    println!("lianliankan in a pseudo-terminal (80x24, release build, --seed 1)");
    println!("  first frame                 {first_ms:8.1} ms   (goal <= 50 ms)");
    println!(
        "  idle CPU over {:>4.1} s        {idle_pct:8.3} %    (goal <= 0.3 %)",
        span
    );
    println!("  idle wake-ups               {wakeups:8.2} /s   (goal <= 1 /s)");
    println!(
        "  paused: CPU, wake-ups        {paused_pct:7.3} %, {paused_wakeups:5.2} /s (goal: none)"
    );
    println!("  pause menu: CPU, wake-ups    {menu_pct:7.3} %, {menu_wakeups:5.2} /s (goal: none)");
    println!(
        "  key to first byte, median   {:8.3} ms   (goal <= 5 ms, {PRESSES} presses)",
        median(latencies.clone())
    );
    println!(
        "  key to first byte, max      {:8.3} ms",
        latencies.iter().copied().fold(0.0, f64::max)
    );
    println!("  bytes per cursor move, med. {:8.0}", median(sizes));
    println!("  resize to redrawn (140x40)  {resize_ms:8.1} ms   (includes 5 ms polling)");
    println!("  exit status                 {status:?}");
    println!("  terminal back in cooked mode {restored}");
}
