//! A game clock that can be paused, driven by the caller's `Instant`s.
//!
//! The clock never reads the system time itself, so tests step it by hand.

use std::time::{Duration, Instant};

/// Elapsed playing time: running spans plus the time banked before the last pause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    banked: Duration,
    running_since: Option<Instant>,
}

impl Clock {
    /// A clock that starts running at `now`.
    pub fn started(now: Instant) -> Self {
        Clock {
            banked: Duration::ZERO,
            running_since: Some(now),
        }
    }

    /// A clock that already shows `elapsed` (a resumed game), standing until
    /// [`Clock::resume`].
    pub fn resumed(elapsed: Duration) -> Self {
        Clock {
            banked: elapsed,
            running_since: None,
        }
    }

    /// Whether the clock is running.
    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// Stops the clock, keeping the time so far.
    pub fn pause(&mut self, now: Instant) {
        if let Some(since) = self.running_since.take() {
            self.banked = self
                .banked
                .saturating_add(now.saturating_duration_since(since));
        }
    }

    /// Starts the clock again after a pause (nothing if it runs).
    pub fn resume(&mut self, now: Instant) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// The playing time up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked.saturating_add(
            self.running_since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since)),
        )
    }

    /// How long from `now` until the shown whole second changes, if the clock runs.
    pub fn until_next_second(&self, now: Instant) -> Option<Duration> {
        self.running_since?;
        let sub = self.elapsed(now).subsec_nanos();
        Some(Duration::from_nanos(u64::from(1_000_000_000 - sub)))
    }
}

/// A playing time as the player reads it: `m:ss`, or `h:mm:ss` from an
/// hour on. The one format of the status line, the boxes, the tables and
/// the statistics.
pub fn show_time(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_show_as_minutes_and_seconds_then_hours() {
        assert_eq!(show_time(0), "0:00");
        assert_eq!(show_time(205), "3:25");
        assert_eq!(show_time(3600 + 62), "1:01:02");
    }

    #[test]
    fn pause_stops_the_time() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut c = Clock::started(t0);
        assert_eq!(c.elapsed(t0 + s(3)), s(3));
        c.pause(t0 + s(3));
        assert!(!c.is_running());
        assert_eq!(c.elapsed(t0 + s(100)), s(3));
        assert_eq!(c.until_next_second(t0 + s(100)), None);
        let mut long = Clock::resumed(Duration::MAX);
        long.resume(t0);
        assert_eq!(long.elapsed(t0 + s(1)), Duration::MAX);
        let mut stood = Clock::resumed(s(3));
        assert!(!stood.is_running());
        assert_eq!(stood.elapsed(t0 + s(10)), s(3));
        stood.resume(t0 + s(12));
        assert_eq!(stood.elapsed(t0 + s(13)), s(4));
        c.resume(t0 + s(100));
        c.resume(t0 + s(101));
        assert_eq!(c.elapsed(t0 + s(102)), s(5), "running already at 101 s");
        assert_eq!(
            c.until_next_second(t0 + s(102) + Duration::from_millis(250)),
            Some(Duration::from_millis(750))
        );
    }
}
