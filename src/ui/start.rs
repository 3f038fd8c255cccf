//! How a start of the game goes: the options of the command line over the
//! saved settings, the saved game resumed or a new one dealt, and the start
//! screen when nothing asked for a particular game.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::escape::escape_controls;
use crate::game::limits::{MAX_KINDS, check_board};
use crate::game::{Config, Game};
use crate::persist::document;
use crate::persist::session::{Session, Wanted};
use crate::persist::settings::Settings;
use crate::persist::storage::{self, StorageError};
use crate::ui::app::App;
use crate::ui::theme::{Charset, ColorDepth, Theme};

/// What the command line asked of a start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The deal options (`--rows`, `--seed`, `--daily` ...), which a saved
    /// game must match to be resumed.
    pub deal: Wanted,
    /// `--theme`.
    pub theme: Option<String>,
    /// `--new`: a new game; the saved one is removed.
    pub new: bool,
    /// `--demo`: the solver plays a new deal.
    pub demo: bool,
    /// Whether `NO_COLOR` asks for no colours.
    pub no_color: bool,
    /// How many colours the terminal shows.
    pub depth: ColorDepth,
    /// Whether the terminal takes box drawing.
    pub charset: Charset,
}

impl Options {
    /// Whether any option asks for a particular game (so no start screen).
    fn asks_for_a_game(&self) -> bool {
        self.deal != Wanted::default() || self.new || self.demo
    }

    /// The game asked for: the day's deal, or the last new game's choices
    /// with the options given on top, dealt from the seed given or a random one.
    fn config(&self, settings: &Settings, max_kinds: usize) -> Config {
        let deal = &self.deal;
        if let Some(day) = deal.daily {
            return day.config();
        }
        let choice = &settings.new_game;
        let rows = deal.rows.unwrap_or(choice.rows);
        let cols = deal.cols.unwrap_or(choice.cols);
        // Kinds not asked for fit the board, as the new-game form keeps them:
        // `--rows 2 --cols 4` deals four kinds, not an error about 32.
        let pairs = rows.saturating_mul(cols) / 2;
        Config {
            rows,
            cols,
            kinds: deal
                .kinds
                .unwrap_or(choice.kinds.min(max_kinds).min(pairs).max(1)),
            seed: deal.seed.unwrap_or_else(rand::random),
            mode: deal.mode.unwrap_or(choice.mode()),
            timed: deal.timed.unwrap_or(choice.timed),
            difficulty: deal.difficulty.unwrap_or(choice.difficulty()),
            ..Config::DEFAULT
        }
    }
}

/// Checks the options and makes the app to play: the saved game resumed, or
/// a new deal, with the start screen over it when nothing asked for a game.
/// Every error comes before the terminal is touched, and before the saved
/// game is: bad options, and no terminal to play on.
pub fn start(options: &Options, now: Instant) -> Result<App, String> {
    let dir = storage::data_dir();
    let (mut settings, settings_warning) = read_settings(dir.as_deref().ok());
    // A theme the settings name but this lianliankan lacks (a newer one's,
    // or a hand edit) plays as auto, which the settings form then shows.
    let unknown = settings.theme.take_if(|name| Theme::builtin(name).is_err());
    let theme_name = options
        .theme
        .clone()
        .or_else(|| settings.theme.clone())
        .unwrap_or_else(|| Theme::default_for_env().to_string());
    let theme = Theme::builtin(&theme_name)?;
    let max_kinds = most_kinds(options, &theme)?;
    let config = options.config(&settings, max_kinds);
    // Checked first, so bad options fail the same way with or without a
    // save, by the rule the saved game and the settings are held to; the
    // board is dealt once, only when no saved game is resumed.
    check_board(config.rows, config.cols, config.kinds)?;
    if let Some(reason) = crate::ui::tui::unusable() {
        return Err(reason);
    }
    let opening = Opening {
        options,
        theme,
        settings,
        settings_warning,
        unknown,
        now,
    };
    match dir {
        Err(e) => opening.unsaved(config, &e),
        Ok(dir) if options.demo => opening.demo(config, dir),
        Ok(dir) => opening.saved(config, dir, max_kinds),
    }
}

/// The saved settings in `dir` (the defaults when there are none or no data
/// directory), with a message to show when they could not be read.
fn read_settings(dir: Option<&Path>) -> (Settings, Option<String>) {
    let Some(dir) = dir else {
        return (Settings::default(), None);
    };
    match document::load::<Settings>(dir) {
        Ok(loaded) => (loaded.value.unwrap_or_default(), loaded.warning),
        Err(e) => (
            Settings::default(),
            Some(format!(
                "The settings could not be read: {e}. The defaults are used."
            )),
        ),
    }
}

/// The most kinds a game in `theme` may have, or why `--kinds` asks for more.
fn most_kinds(options: &Options, theme: &Theme) -> Result<usize, String> {
    // A game of more kinds than a save can write (the dealer's 62) would
    // be dealt, then kept aside as corrupt at the next start.
    let max_kinds = theme.kinds().min(MAX_KINDS);
    match options.deal.kinds {
        Some(kinds) if kinds > max_kinds => Err(if max_kinds < MAX_KINDS {
            format!(
                "theme {} has {} symbols, so --kinds can be at most {}",
                theme.name,
                theme.kinds(),
                max_kinds
            )
        } else {
            format!(
                "theme {} has {} symbols, but a game holds at most {MAX_KINDS} kinds, \
                 so --kinds can be at most {MAX_KINDS}",
                theme.name,
                theme.kinds()
            )
        }),
        _ => Ok(max_kinds),
    }
}

/// A start past its checks: what its app wears whichever game it plays
/// (the theme, the settings and the messages about them), and the three
/// ways it opens a game ([`Opening::unsaved`], [`Opening::demo`],
/// [`Opening::saved`]).
struct Opening<'a> {
    /// The command line.
    options: &'a Options,
    /// The theme `--theme`, the settings or the terminal chose.
    theme: Theme,
    /// The saved settings (their unknown theme taken out).
    settings: Settings,
    /// Why the settings could not be read, if they could not.
    settings_warning: Option<String>,
    /// The theme the settings named that this lianliankan lacks.
    unknown: Option<String>,
    /// The moment of the start.
    now: Instant,
}

impl Opening<'_> {
    /// The app playing `game`, dressed in the theme, the settings and the
    /// messages about them.
    fn app(self, game: Game) -> App {
        let options = self.options;
        let mut app = App::new(game, self.theme.clone(), !options.no_color, self.now)
            .with_settings(self.settings);
        if options.theme.is_some() {
            // The settings' tiles apply unless --theme names others.
            app.theme = self.theme;
        }
        app.depth = options.depth;
        app.charset = options.charset;
        if let Some(warning) = self.settings_warning {
            app = app.with_message(warning);
        }
        if let Some(name) = self.unknown {
            let message = format!(
                "The settings name tiles \"{}\" that this lianliankan does not have; \
                 the tiles chosen for this terminal are used ({}).",
                escape_controls(&name),
                app.theme.name
            );
            app = app.with_message(message);
        }
        app
    }

    /// A new deal of `config`, dressed.
    fn new_game(self, config: Config) -> Result<App, String> {
        let now = self.now;
        Ok(self.app(Game::new(config, now).map_err(|e| e.to_string())?))
    }

    /// With no data directory (`why`): a new deal, or its demo, that is not
    /// saved, and says so.
    fn unsaved(self, config: Config, why: &StorageError) -> Result<App, String> {
        let (demo, now) = (self.options.demo, self.now);
        let app = self.new_game(config)?;
        let app = if demo { app.with_demo(None, now) } else { app };
        Ok(app.with_message(format!("{why}. This game will not be saved.")))
    }

    /// The demo of a new deal, saving in `dir` from the time the player has
    /// taken over and moved.
    fn demo(self, config: Config, dir: PathBuf) -> Result<App, String> {
        let now = self.now;
        let (mut session, message) = Session::open(dir);
        session.displace_saved(now);
        let app = self.new_game(config)?.with_demo(Some(session), now);
        Ok(match message {
            Some(message) => app.with_message(message),
            None => app,
        })
    }

    /// The game saved in `dir` resumed, or a new deal of `config` saved
    /// there from now on: a fresh one opens with the intro, under the start
    /// menu when the command line asked for no particular game.
    fn saved(self, config: Config, dir: PathBuf, max_kinds: usize) -> Result<App, String> {
        let (options, now) = (self.options, self.now);
        let start = Session::start(dir, options.new, options.deal, config, max_kinds, now)
            .map_err(|e| e.to_string())?;
        let fresh = !start.resumed;
        let mut app =
            self.app(start.game)
                .with_session(start.session, start.resumed, start.message);
        if fresh {
            app = app.with_intro();
        }
        if fresh && !options.asks_for_a_game() {
            app = app.with_start_menu();
        }
        Ok(app)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gravity::Gravity;
    use crate::game::Mode;

    /// Options left out come from the last new game's choices, the mode and
    /// the clock as much as the board: `--help` and the README say so.
    #[test]
    fn options_left_out_come_from_the_last_new_game() {
        let options = Options {
            deal: Wanted {
                rows: Some(4),
                cols: Some(4),
                ..Wanted::default()
            },
            ..Options::default()
        };
        let fresh = options.config(&Settings::default(), 59);
        assert_eq!((fresh.mode, fresh.timed), (Mode::Levels, false));
        let mut settings = Settings::default();
        settings.new_game.mode = "down".into();
        settings.new_game.timed = true;
        let config = options.config(&settings, 59);
        assert_eq!((config.rows, config.cols, config.kinds), (4, 4, 8));
        assert_eq!(
            (config.mode, config.timed),
            (Mode::Single(Gravity::Down), true)
        );
        // `--gravity levels --untimed` leave those choices.
        let back = Options {
            deal: Wanted {
                mode: Some(Mode::Levels),
                timed: Some(false),
                ..options.deal
            },
            ..Options::default()
        };
        let config = back.config(&settings, 59);
        assert_eq!((config.mode, config.timed), (Mode::Levels, false));
        assert!(back.deal.difference(&config).is_none());
        let timed = Config {
            timed: true,
            ..config
        };
        assert!(
            back.deal.difference(&timed).is_some(),
            "a timed save is not resumed"
        );
    }
}
