//! The scoring rule: quick successive matches earn more, help costs points.
//!
//! A match scores `BASE + STREAK_BONUS * min(streak, MAX_STREAK)`, where `streak`
//! counts the matches just before it that each came within `STREAK_WINDOW` of the
//! one before. The first match after a hint or a requested reshuffle scores only
//! `AFTER_HELP` and starts a new streak.
//!
//! A resumed game brings its numbers from a file, so the arithmetic
//! saturates: the score stops at [`MAX_SCORE`], far above what play earns.

use std::time::Duration;

use crate::game::limits::MAX_SCORE;

/// Points for any match.
pub const BASE: u32 = 10;
/// Extra points per step of the streak.
pub const STREAK_BONUS: u32 = 5;
/// The streak stops growing here.
pub const MAX_STREAK: u32 = 6;
/// A match within this time of the previous one extends the streak.
pub const STREAK_WINDOW: Duration = Duration::from_secs(4);
/// Points for the first match after a hint or a requested reshuffle.
pub const AFTER_HELP: u32 = 5;

/// The running score and what the next match is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Points so far.
    pub points: u32,
    /// Consecutive quick matches so far.
    pub streak: u32,
    /// When the last match was made, in playing time (the game clock's
    /// reading): the streak's window opens there, and stands while the
    /// clock does. Not a moment of the wall clock, so the states undo and
    /// redo go back to keep their windows through a pause too.
    pub(crate) last_match: Option<Duration>,
    /// Whether a hint or a requested reshuffle came since the last match:
    /// the next match earns [`AFTER_HELP`].
    pub(crate) helped: bool,
}

impl Score {
    /// Records a match at `played` (playing time) and returns the points it
    /// earned.
    pub fn record_match(&mut self, played: Duration) -> u32 {
        let quick = self
            .last_match
            .is_some_and(|t| played.saturating_sub(t) <= STREAK_WINDOW);
        self.streak = match (self.helped, quick) {
            (false, true) => self.streak.saturating_add(1),
            _ => 0,
        };
        let earned = earned(self.helped, self.streak);
        self.helped = false;
        self.last_match = Some(played);
        self.add(earned);
        earned
    }

    /// The points this score holds beyond those of `before` and of the
    /// match that made it from there: the time left that a cleared timed
    /// level added, 0 after any other match. What a won game's box says of
    /// the time left, however the win came back (resumed or redone), with
    /// no match on show to ask.
    pub fn beyond_match(&self, before: &Score) -> u32 {
        let earned = earned(before.helped, self.streak);
        self.points
            .saturating_sub(before.points)
            .saturating_sub(earned)
    }

    /// Adds `points` (a match, or the time left on a cleared level), up to
    /// [`MAX_SCORE`].
    pub fn add(&mut self, points: u32) {
        self.points = self.points.saturating_add(points).min(MAX_SCORE);
    }

    /// When the streak's window closes, in playing time: a match after it
    /// no longer counts as quick. `None` without a streak to extend (no
    /// quick match yet).
    pub fn window_end(&self) -> Option<Duration> {
        let last = self
            .last_match
            .filter(|_| self.streak > 0 && !self.helped)?;
        last.checked_add(STREAK_WINDOW)
    }

    /// Records a hint or a requested reshuffle: the next match earns less.
    pub fn record_help(&mut self) {
        self.helped = true;
        self.streak = 0;
    }
}

/// The points of a match after which the streak is `streak`, or that
/// came after help.
fn earned(helped: bool, streak: u32) -> u32 {
    if helped {
        AFTER_HELP
    } else {
        BASE + STREAK_BONUS * streak.min(MAX_STREAK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_matches_earn_more_and_help_costs() {
        let ms = Duration::from_millis;
        let mut s = Score::default();
        assert_eq!(s.record_match(ms(0)), 10);
        assert_eq!(s.record_match(ms(1000)), 15);
        assert_eq!(s.record_match(ms(2000)), 20);
        // Too slow: the streak starts again.
        assert_eq!(s.record_match(ms(9000)), 10);
        s.record_help();
        assert_eq!(s.record_match(ms(9500)), AFTER_HELP);
        assert_eq!(s.record_match(ms(10000)), 15);
        assert_eq!(s.points, 10 + 15 + 20 + 10 + 5 + 15);
    }

    /// The window's end, in playing time, is what the screen waits for;
    /// help closes it.
    #[test]
    fn the_window_ends_four_seconds_of_play_after_a_quick_match() {
        let s = Duration::from_secs;
        let mut score = Score::default();
        score.record_match(s(0));
        assert_eq!(score.window_end(), None, "no streak yet");
        score.record_match(s(1));
        assert_eq!(score.window_end(), Some(s(1) + STREAK_WINDOW));
        score.record_help();
        assert_eq!(score.window_end(), None, "help ends the streak");
    }

    /// The README's figures, written out: quick play earns 10, 15, 20, ...
    /// up to 40 a pair. (In terms of the constants, a change of them would
    /// pass unseen.)
    #[test]
    fn streak_bonus_is_capped() {
        let mut s = Score::default();
        let points: Vec<u32> = (0..9)
            .map(|i| s.record_match(Duration::from_secs(i)))
            .collect();
        assert_eq!(points, [10, 15, 20, 25, 30, 35, 40, 40, 40]);
    }

    #[test]
    fn numbers_from_a_file_saturate() {
        let t0 = Duration::from_secs(7);
        let mut s = Score {
            points: MAX_SCORE - 1,
            streak: u32::MAX,
            last_match: Some(t0),
            helped: false,
        };
        assert_eq!(s.record_match(t0), BASE + STREAK_BONUS * MAX_STREAK);
        assert_eq!((s.points, s.streak), (MAX_SCORE, u32::MAX));
        s.add(u32::MAX);
        assert_eq!(s.points, MAX_SCORE);
    }
}
