//! The daily deal: one deal per calendar day (UTC), the same for every
//! player on every machine, and the calendar days it needs.
//!
//! A day's deal is a medium board (8 x 16, 32 kinds) of one gravity variant
//! chosen by the date, untimed and of normal difficulty, dealt from a seed
//! made from the date alone.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::core::gravity::Gravity;
use crate::game::{Config, Difficulty, Mode};

/// A calendar day (UTC), counted from 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(i64);

impl Day {
    /// The first day a daily deal may have.
    const FIRST: Day = Day(0);
    /// The last day a date of four digits can name (9999-12-31).
    const LAST: Day = Day(2_932_896);

    /// The day a Unix time falls on (UTC).
    pub fn from_unix(seconds: u64) -> Day {
        Day(i64::try_from(seconds / 86_400)
            .unwrap_or(i64::MAX)
            .min(Self::LAST.0))
    }

    /// Today (UTC) by the system clock.
    pub fn today(now: SystemTime) -> Day {
        Day::from_unix(now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
    }

    /// The day's number, 0 for 1970-01-01.
    pub fn number(self) -> i64 {
        self.0
    }

    /// The day `number` days after 1970-01-01, if a daily deal may have it.
    fn from_number(number: i64) -> Option<Day> {
        (Self::FIRST.0..=Self::LAST.0)
            .contains(&number)
            .then_some(Day(number))
    }

    /// Year, month (1-12) and day (1-31): Howard Hinnant's civil-from-days.
    fn ymd(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        (yoe + era * 400 + i64::from(month <= 2), month, day)
    }

    /// The day of a date, if the date exists: days-from-civil, the inverse of [`Day::ymd`].
    fn from_ymd(year: i64, month: u32, day: u32) -> Option<Day> {
        let days = days_in_month(year, month)?;
        if !(1..=days).contains(&day) || !(1970..=9999).contains(&year) {
            return None;
        }
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = i64::from((month + 9) % 12);
        let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Day::from_number(era * 146_097 + doe - 719_468)
    }

    /// The settings of this day's deal: the same on every machine.
    pub fn config(self) -> Config {
        let variants = Gravity::LEVELS.len() as i64;
        Config {
            // The board and the difficulty are named, not taken from the
            // default: the day's deal stays the same if the default changes.
            rows: 8,
            cols: 16,
            kinds: 32,
            seed: self.seed(),
            mode: Mode::Single(Gravity::LEVELS[self.0.rem_euclid(variants) as usize]),
            timed: false,
            difficulty: Difficulty::Normal,
            daily: Some(self),
            ..Config::DEFAULT
        }
    }

    /// The seed of the day's deal, from the date alone (SplitMix64 of the
    /// day number, so neighbouring days deal nothing alike).
    fn seed(self) -> u64 {
        let mut z = (self.0 as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The days in `month` (1-12) of `year` (Gregorian); `None` for no month.
fn days_in_month(year: i64, month: u32) -> Option<u32> {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        4 | 6 | 9 | 11 => Some(30),
        2 if leap => Some(29),
        2 => Some(28),
        _ => None,
    }
}

impl fmt::Display for Day {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl FromStr for Day {
    type Err = String;

    /// A date written `YYYY-MM-DD`, from 1970-01-01 to 9999-12-31.
    fn from_str(text: &str) -> Result<Day, String> {
        let bad = || format!("{:?} is not a date like 2026-11-30", text);
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
            return Err(bad());
        }
        let (y, m, d) = (
            y.parse().map_err(|_| bad())?,
            m.parse().map_err(|_| bad())?,
            d.parse().map_err(|_| bad())?,
        );
        if y < 1970 && days_in_month(y, m).is_some_and(|days| (1..=days).contains(&d)) {
            return Err(format!(
                "{text} is before {}, the first daily deal",
                Day::FIRST
            ));
        }
        Day::from_ymd(y, m, d).ok_or_else(|| format!("{text} is not a day of the calendar"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn dates_print_parse_and_round_trip() {
        assert_eq!(Day::from_unix(0).to_string(), "1970-01-01");
        assert_eq!(Day::from_unix(951_782_400).to_string(), "2000-02-29");
        assert_eq!(Day::from_unix(1_709_251_199).to_string(), "2024-02-29");
        assert_eq!(Day::from_unix(1_709_251_200).to_string(), "2024-03-01");
        assert_eq!(Day::from_unix(253_402_300_799).to_string(), "9999-12-31");
        assert_eq!(Day::from_unix(u64::MAX), Day::LAST);
        for n in (0..=Day::LAST.0).step_by(997).chain([Day::LAST.0]) {
            let day = Day(n);
            assert_eq!(day.to_string().parse(), Ok(day), "{day}");
        }
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "1969-12-31",
            "2026-1-01",
            "２０２６-11-30",
            "2026-11-30x",
            "",
            "10000-01-01",
        ] {
            assert!(bad.parse::<Day>().is_err(), "{bad}");
        }
        assert_eq!("2024-02-29".parse::<Day>().unwrap().number(), 19_782);
        // A real date before the first day is told apart from one that
        // does not exist.
        assert_eq!(
            "1969-12-31".parse::<Day>(),
            Err("1969-12-31 is before 1970-01-01, the first daily deal".to_string())
        );
        for missing in ["2026-02-29", "1900-02-29", "1969-13-01"] {
            assert_eq!(
                missing.parse::<Day>(),
                Err(format!("{missing} is not a day of the calendar"))
            );
        }
        assert!("1968-02-29".parse::<Day>().unwrap_err().contains("before"));
    }

    /// The deal of a date is pinned: the same board on every machine and
    /// every build, and another board on another day.
    #[test]
    fn a_date_always_deals_the_same_board() {
        let day: Day = "2026-11-30".parse().unwrap();
        let config = day.config();
        assert_eq!(config.seed, 0x6747_2ff8_3810_8bcd, "the seed of 2026-11-30");
        assert_eq!(config.mode, Mode::Single(Gravity::Right));
        assert_eq!((config.rows, config.cols, config.kinds), (8, 16, 32));
        assert_eq!(config.daily, Some(day), "marked as that day's deal");
        assert_eq!(config.table_name(), "daily-2026-11-30");
        // The help's replay line: the seed alone would deal no daily deal.
        assert_eq!(config.replay_options(), "--daily 2026-11-30");
        let t = std::time::Instant::now();
        let board = Game::new(config, t).unwrap().board().clone();
        let first_row: Vec<u32> = board.tiles()[..16].to_vec();
        // Pinned: a change to the dealer or to the seed changes every
        // player's daily deal, so it must be deliberate. Re-pinned when
        // deals got difficulties: the daily deal is normal.
        assert_eq!(config.difficulty, Difficulty::Normal);
        assert_eq!(
            first_row,
            [21, 26, 32, 30, 24, 27, 11, 27, 24, 7, 3, 21, 21, 30, 32, 11]
        );
        let next = "2026-12-01".parse::<Day>().unwrap().config();
        assert_ne!(Game::new(next, t).unwrap().board(), &board);
    }
}
