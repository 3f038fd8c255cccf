//! Levels and the level clock.
//!
//! Without `--gravity` a game is a run of [`LEVEL_COUNT`] levels, one board
//! each, walking through [`Gravity::LEVELS`] (none, down, up, left, right,
//! center-h, center-v); clearing the last one wins the run. With `--gravity` a
//! game is one board of that variant. In a timed game each level has
//! [`time_limit`] of playing time; what is left when the board is cleared is
//! added to the score, one point a whole second.

use std::time::Duration;

use crate::core::gravity::Gravity;

/// How many levels a run has: one per gravity variant.
pub const LEVEL_COUNT: usize = Gravity::LEVELS.len();

/// The playing time a timed level of `rows` x `cols` allows: 30 seconds plus
/// 2 seconds a cell (4:46 for the default 8 x 16 board, 38 s for 2 x 2).
pub fn time_limit(rows: usize, cols: usize) -> Duration {
    let cells = u64::try_from(rows * cols).unwrap_or(u64::MAX / 4);
    Duration::from_secs(30 + 2 * cells)
}

/// The level being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// The level's number, 0 for the first.
    pub number: usize,
    /// How tiles slide on this level.
    pub gravity: Gravity,
    /// The playing time of the game when this level began.
    pub started: Duration,
}

impl Level {
    /// The first level of a game: level 0 of a run (`fixed` is `None`), or
    /// the one board of the `fixed` variant.
    pub fn first(fixed: Option<Gravity>) -> Self {
        Level {
            number: 0,
            gravity: fixed.unwrap_or(Gravity::for_level(0)),
            started: Duration::ZERO,
        }
    }

    /// The level after this one, beginning at playing time `started`; `None`
    /// when the game ends here (a fixed variant, or the last level of a run).
    pub fn next(&self, fixed: Option<Gravity>, started: Duration) -> Option<Self> {
        let number = self.number + 1;
        (fixed.is_none() && number < LEVEL_COUNT).then(|| Level {
            number,
            gravity: Gravity::for_level(number),
            started,
        })
    }

    /// The time left of `limit` when the game's playing time is `elapsed`.
    pub fn remaining(&self, limit: Duration, elapsed: Duration) -> Duration {
        limit.saturating_sub(elapsed.saturating_sub(self.started))
    }
}

/// The name of a variant as on the command line (`center-h`).
pub fn gravity_name(gravity: Gravity) -> &'static str {
    match gravity {
        Gravity::None => "none",
        Gravity::Down => "down",
        Gravity::Up => "up",
        Gravity::Left => "left",
        Gravity::Right => "right",
        Gravity::CenterH => "center-h",
        Gravity::CenterV => "center-v",
    }
}

/// The variant named `name` as on the command line.
pub fn parse_gravity(name: &str) -> Option<Gravity> {
    Gravity::LEVELS
        .into_iter()
        .find(|&g| gravity_name(g) == name)
}

/// The end of a timed game whose time ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeUp {
    /// The score when the time ran out.
    pub score: u32,
    /// The level being played (0 for the first).
    pub level: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_walks_every_variant_then_ends_and_a_fixed_game_is_one_board() {
        let mut level = Level::first(None);
        let mut seen = vec![level.gravity];
        while let Some(next) = level.next(None, Duration::from_secs(seen.len() as u64)) {
            assert_eq!(next.number, level.number + 1);
            assert_eq!(next.started, Duration::from_secs(seen.len() as u64));
            level = next;
            seen.push(level.gravity);
        }
        assert_eq!(seen, Gravity::LEVELS);
        let fixed = Level::first(Some(Gravity::Up));
        assert_eq!(fixed.gravity, Gravity::Up);
        assert_eq!(fixed.next(Some(Gravity::Up), Duration::ZERO), None);
    }

    #[test]
    fn the_limit_grows_with_the_board_and_counts_from_the_level_start() {
        assert_eq!(time_limit(8, 16), Duration::from_secs(286));
        assert_eq!(time_limit(2, 2), Duration::from_secs(38));
        let level = Level {
            number: 1,
            gravity: Gravity::Down,
            started: Duration::from_secs(100),
        };
        let limit = Duration::from_secs(38);
        assert_eq!(
            level.remaining(limit, Duration::from_secs(110)),
            Duration::from_secs(28)
        );
        assert_eq!(
            level.remaining(limit, Duration::from_secs(500)),
            Duration::ZERO
        );
    }

    #[test]
    fn names_round_trip() {
        use clap::ValueEnum;
        for g in Gravity::LEVELS {
            assert_eq!(parse_gravity(gravity_name(g)), Some(g));
            assert_eq!(g.to_possible_value().unwrap().get_name(), gravity_name(g));
        }
        assert_eq!(parse_gravity("levels"), None);
    }
}
