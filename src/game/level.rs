//! Levels and the level clock.
//!
//! A game of [`Mode::Levels`] (the default) is a run of [`LEVEL_COUNT`] levels, one board
//! each, walking through [`Gravity::LEVELS`] (none, down, up, left, right,
//! center-h, center-v); clearing the last one wins the run. A game of
//! [`Mode::Single`] (`--gravity`) is one board of that variant. In a timed game each level has
//! [`time_limit`] of playing time; what is left when the board is cleared is
//! added to the score, one point a whole second.

use std::time::Duration;

use crate::core::gravity::Gravity;

/// How many levels a run has: one per gravity variant.
pub const LEVEL_COUNT: usize = Gravity::LEVELS.len();

/// The playing time a timed level of `rows` x `cols` allows: 30 seconds plus
/// 2 seconds a cell (4:46 for the default 8 x 16 board, 38 s for 2 x 2).
pub fn time_limit(rows: usize, cols: usize) -> Duration {
    let cells = u64::try_from(rows.saturating_mul(cols)).unwrap_or(u64::MAX);
    Duration::from_secs(cells.saturating_mul(2).saturating_add(30))
}

/// The seconds of `left`, a second begun counting whole: the time left the
/// title line shows, and the points a cleared timed level earns for it (they
/// differed by one: 3:54 shown, +233 paid).
pub fn seconds_begun(left: Duration) -> u64 {
    left.as_secs() + u64::from(left.subsec_nanos() > 0)
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
    /// The first level of a game of `mode`: level 0 of a run, or the one
    /// board of a single variant.
    pub fn first(mode: Mode) -> Self {
        Level {
            number: 0,
            gravity: mode.gravity_of(0),
            started: Duration::ZERO,
        }
    }

    /// The level after this one in a game of `mode`, beginning at playing
    /// time `started`; `None` when the game ends here (a single board, or
    /// the last level of a run).
    pub fn next(&self, mode: Mode, started: Duration) -> Option<Self> {
        let number = self.number.saturating_add(1);
        (number < mode.levels()).then(|| Level {
            number,
            gravity: mode.gravity_of(number),
            started,
        })
    }

    /// The time left of `limit` when the game's playing time is `elapsed`.
    pub fn remaining(&self, limit: Duration, elapsed: Duration) -> Duration {
        limit.saturating_sub(elapsed.saturating_sub(self.started))
    }
}

/// What a game plays: a run of levels through every gravity variant, or
/// one board of a single variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A run of [`LEVEL_COUNT`] levels, one board of each variant in the
    /// order of [`Gravity::LEVELS`].
    Levels,
    /// One board of this variant (`--gravity`).
    Single(Gravity),
}

impl Mode {
    /// The name of the mode in the save file and the score tables: `levels`,
    /// or the variant's name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Levels => "levels",
            Mode::Single(g) => g.name(),
        }
    }

    /// How many levels a game of this mode has.
    pub fn levels(self) -> usize {
        match self {
            Mode::Levels => LEVEL_COUNT,
            Mode::Single(_) => 1,
        }
    }

    /// The gravity of level `number` (0-based).
    pub fn gravity_of(self, number: usize) -> Gravity {
        match self {
            Mode::Levels => Gravity::for_level(number),
            Mode::Single(g) => g,
        }
    }
}

impl std::str::FromStr for Mode {
    type Err = String;

    /// The mode called `name` (see [`Mode::name`]).
    fn from_str(name: &str) -> Result<Self, String> {
        if name == Mode::Levels.name() {
            return Ok(Mode::Levels);
        }
        name.parse().map(Mode::Single)
    }
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
        let mut level = Level::first(Mode::Levels);
        let mut seen = vec![level.gravity];
        while let Some(next) = level.next(Mode::Levels, Duration::from_secs(seen.len() as u64)) {
            assert_eq!(next.number, level.number + 1);
            assert_eq!(next.started, Duration::from_secs(seen.len() as u64));
            level = next;
            seen.push(level.gravity);
        }
        assert_eq!(seen, Gravity::LEVELS);
        let fixed = Level::first(Mode::Single(Gravity::Up));
        assert_eq!(fixed.gravity, Gravity::Up);
        assert_eq!(fixed.next(Mode::Single(Gravity::Up), Duration::ZERO), None);
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
    fn mode_names_round_trip() {
        assert_eq!("levels".parse(), Ok(Mode::Levels));
        for g in Gravity::LEVELS {
            assert_eq!(Mode::Single(g).name(), g.name());
            assert_eq!(g.name().parse(), Ok(Mode::Single(g)));
        }
        assert!("sideways".parse::<Mode>().is_err());
    }
}
