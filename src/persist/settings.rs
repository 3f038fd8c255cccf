//! The player's settings (`settings.json`): how the game looks and moves,
//! and the choices of the last new game, which the next one starts from.
//!
//! Kept like the other files: versioned, written atomically, a file that
//! cannot be used is kept aside and the defaults apply. Options given on the
//! command line override a setting for that run only.

use serde::{Deserialize, Serialize};

use crate::core::gravity::Gravity;
use crate::game::limits::check_board;
use crate::game::{Config, Difficulty, Mode};
use crate::persist::document::Document;

/// How fast the line of a match and the slides after it play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animation {
    /// The line and the slide as designed.
    #[default]
    Normal,
    /// Both in half the time.
    Fast,
    /// No line and no slide: tiles vanish and land at once.
    Off,
}

impl Animation {
    /// Every speed, in the order the settings screen offers them.
    pub const ALL: [Animation; 3] = [Animation::Normal, Animation::Fast, Animation::Off];

    /// The word for the speed on screen.
    pub fn name(self) -> &'static str {
        match self {
            Animation::Normal => "normal",
            Animation::Fast => "fast",
            Animation::Off => "off",
        }
    }
}

/// A board size with a name, as the new-game screen offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// The name shown.
    pub name: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Tile kinds (at most 48, so every theme can show them).
    pub kinds: usize,
}

/// The named board sizes, smallest first.
pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "small",
        rows: 6,
        cols: 10,
        kinds: 15,
    },
    Preset {
        name: "medium",
        rows: 8,
        cols: 16,
        kinds: 32,
    },
    Preset {
        name: "large",
        rows: 10,
        cols: 20,
        kinds: 40,
    },
    Preset {
        name: "huge",
        rows: 12,
        cols: 24,
        kinds: 48,
    },
];

/// The choices of a new game: board, mode and clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameChoice {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Tile kinds.
    pub kinds: usize,
    /// `levels`, or the name of one gravity variant.
    pub mode: String,
    /// Whether each level has a time limit.
    pub timed: bool,
    /// `easy`, `normal` or `hard` (settings from before difficulties
    /// hold none: `normal`, the default).
    #[serde(default = "default_difficulty")]
    pub difficulty: String,
}

/// The difficulty of a new game when the settings name none.
fn default_difficulty() -> String {
    Difficulty::default().name().to_string()
}

impl Default for GameChoice {
    fn default() -> Self {
        let medium = PRESETS[1];
        GameChoice {
            rows: medium.rows,
            cols: medium.cols,
            kinds: medium.kinds,
            mode: Mode::Levels.name().to_string(),
            timed: false,
            difficulty: default_difficulty(),
        }
    }
}

impl GameChoice {
    /// The mode chosen (a run of levels if the name is unknown).
    pub fn mode(&self) -> Mode {
        self.mode.parse().unwrap_or(Mode::Levels)
    }

    /// The difficulty chosen (`normal` if the name is unknown).
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty.parse().unwrap_or_default()
    }

    /// The settings of a game of these choices, dealt from `seed`.
    pub fn config(&self, seed: u64) -> Config {
        Config {
            rows: self.rows,
            cols: self.cols,
            kinds: self.kinds,
            seed,
            mode: self.mode(),
            timed: self.timed,
            difficulty: self.difficulty(),
            ..Config::DEFAULT
        }
    }

    /// The choices that would deal a game like `config`.
    pub fn of(config: &Config) -> Self {
        GameChoice {
            rows: config.rows,
            cols: config.cols,
            kinds: config.kinds,
            mode: config.mode.name().to_string(),
            timed: config.timed,
            difficulty: config.difficulty.name().to_string(),
        }
    }

    /// The preset of this size, if it is one.
    pub fn preset(&self) -> Option<Preset> {
        PRESETS
            .into_iter()
            .find(|p| (p.rows, p.cols, p.kinds) == (self.rows, self.cols, self.kinds))
    }
}

/// Everything the settings screen keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The tile theme by name; `None` picks one from the locale.
    pub theme: Option<String>,
    /// Whether tiles and lines are drawn in colour (`NO_COLOR` still wins).
    pub color: bool,
    /// How fast lines and slides play.
    pub animation: Animation,
    /// Whether the hint key works and the hints left are shown.
    pub hints: bool,
    /// The choices the next new game starts from (the last ones made).
    pub new_game: GameChoice,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: None,
            color: true,
            animation: Animation::Normal,
            hints: true,
            new_game: GameChoice::default(),
        }
    }
}

impl Settings {
    /// These settings' changes from `base` laid over `file`: each setting
    /// that differs from `base` (changed by this game) comes from `self`,
    /// every other from `file` (as another running game may have left it).
    /// The board of the next new game (rows, columns and kinds) counts as
    /// one setting, so the result holds a board the two had.
    pub fn changes_over(&self, base: &Settings, file: &Settings) -> Settings {
        fn pick<T: Clone + PartialEq>(ours: &T, base: &T, file: &T) -> T {
            if ours == base { file } else { ours }.clone()
        }
        let board = |g: &GameChoice| (g.rows, g.cols, g.kinds);
        let (ours, was, theirs) = (&self.new_game, &base.new_game, &file.new_game);
        let (rows, cols, kinds) = pick(&board(ours), &board(was), &board(theirs));
        Settings {
            theme: pick(&self.theme, &base.theme, &file.theme),
            color: pick(&self.color, &base.color, &file.color),
            animation: pick(&self.animation, &base.animation, &file.animation),
            hints: pick(&self.hints, &base.hints, &file.hints),
            new_game: GameChoice {
                rows,
                cols,
                kinds,
                mode: pick(&ours.mode, &was.mode, &theirs.mode),
                timed: pick(&ours.timed, &was.timed, &theirs.timed),
                difficulty: pick(&ours.difficulty, &was.difficulty, &theirs.difficulty),
            },
        }
    }
}

impl Document for Settings {
    const FILE_NAME: &'static str = "settings.json";
    const VERSION: u32 = 1;
    const DESCRIPTION: &'static str = "The settings";

    fn validate(&self) -> Result<(), String> {
        let g = &self.new_game;
        check_board(g.rows, g.cols, g.kinds)?;
        if g.mode.parse::<Mode>().is_err() {
            return Err(format!("no mode is called {:?}", g.mode));
        }
        g.difficulty.parse::<Difficulty>()?;
        if let Some(theme) = &self.theme
            && (theme.is_empty()
                || theme.len() > 32
                || !theme.chars().all(|c| c.is_ascii_alphanumeric()))
        {
            return Err(format!("{theme:?} is not a theme name"));
        }
        Ok(())
    }
}

/// The variants a single-board game may have, for the new-game screen.
pub fn modes() -> impl Iterator<Item = Mode> {
    [Mode::Levels]
        .into_iter()
        .chain(Gravity::LEVELS.into_iter().map(Mode::Single))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::document;

    #[test]
    fn settings_round_trip_and_bad_values_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = document::load::<Settings>(dir.path()).unwrap();
        assert_eq!(loaded.value, None, "none yet: the defaults apply");
        let mut s = Settings {
            animation: Animation::Fast,
            ..Settings::default()
        };
        s.new_game.mode = "center-h".into();
        s.new_game.timed = true;
        s.new_game.difficulty = "hard".into();
        document::save(dir.path(), &s).unwrap();
        let back = document::load::<Settings>(dir.path())
            .unwrap()
            .value
            .unwrap();
        assert_eq!(back, s);
        assert_eq!(back.new_game.mode(), Mode::Single(Gravity::CenterH));
        assert_eq!(back.new_game.config(7).difficulty, Difficulty::Hard);
        assert_eq!(GameChoice::of(&back.new_game.config(7)), back.new_game);
        for spoil in [
            |s: &mut Settings| s.new_game.rows = 0,
            |s: &mut Settings| s.new_game.cols = 61,
            |s: &mut Settings| s.new_game.kinds = 1000,
            // Dealt, but a save holds 61 kinds.
            |s: &mut Settings| (s.new_game.rows, s.new_game.cols, s.new_game.kinds) = (40, 60, 62),
            |s: &mut Settings| s.new_game.rows = 3,
            |s: &mut Settings| s.new_game.mode = "sideways".into(),
            |s: &mut Settings| s.new_game.difficulty = "nightmare".into(),
            |s: &mut Settings| s.theme = Some("\u{1b}[2J".into()),
        ] {
            let mut bad = s.clone();
            spoil(&mut bad);
            assert!(bad.validate().is_err(), "{bad:?}");
        }
        // An odd board is told as such, not as too many kinds.
        let mut odd = s.clone();
        (odd.new_game.rows, odd.new_game.cols) = (39, 59);
        let why = odd.validate().unwrap_err();
        assert!(why.contains("odd number of cells"), "{why}");
        // A file with fields left out takes the defaults for them.
        let partial: Settings = serde_json::from_str(r#"{"hints": false}"#).unwrap();
        assert!(!partial.hints && partial.color);
        // A new game chosen before difficulties is a normal one.
        let old =
            r#"{"new_game": {"rows": 8, "cols": 16, "kinds": 32, "mode": "down", "timed": false}}"#;
        let old: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(old.new_game.config(1).difficulty, Difficulty::Normal);
    }

    #[test]
    fn presets_can_be_dealt_and_are_found_by_size() {
        for p in PRESETS {
            let choice = GameChoice {
                rows: p.rows,
                cols: p.cols,
                kinds: p.kinds,
                ..GameChoice::default()
            };
            assert_eq!(choice.preset(), Some(p));
            assert!(crate::game::Game::new(choice.config(1), std::time::Instant::now()).is_ok());
        }
        assert_eq!(modes().count(), 8);
    }
}
