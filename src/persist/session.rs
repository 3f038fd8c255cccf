//! Saving and resuming: which game a start begins with, and keeping
//! `game.json` in the data directory up to date while it is played.
//!
//! - A start resumes the saved game unless `--new` is given, or a deal option
//!   given on the command line (`--rows`, `--cols`, `--kinds`, `--seed`)
//!   differs from the saved game, or the theme has too few symbols for it. A
//!   new game begun for such a difference leaves the saved game in place
//!   until the new game's first move replaces it.
//! - The game is saved after every move (match, reshuffle, hint, undo, redo,
//!   pause) and on quit. A game without a single move is not saved: there is
//!   nothing to lose, and a new game (`n`) removes the old save.
//! - A save that fails is told once; play goes on.
//! - A file written by a newer lianliankan is refused, never overwritten nor
//!   removed: the game plays on without saving and says so.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::game::{Config, DealError, Game, Mode};
use crate::persist::document;
use crate::persist::save::SavedGame;
use crate::persist::storage::StorageError;

/// The deal options given on the command line; `None` for those left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wanted {
    /// `--rows`.
    pub rows: Option<usize>,
    /// `--cols`.
    pub cols: Option<usize>,
    /// `--kinds`.
    pub kinds: Option<usize>,
    /// `--seed`.
    pub seed: Option<u64>,
    /// `--gravity`: one variant instead of the run of levels.
    pub mode: Option<Mode>,
    /// `--timed`.
    pub timed: bool,
    /// `--daily`: the deal of this day.
    pub daily: Option<crate::game::daily::Day>,
}

impl Wanted {
    /// Whether a game of `config` is what was asked for.
    pub fn matches(&self, config: &Config) -> bool {
        self.rows.is_none_or(|r| r == config.rows)
            && self.cols.is_none_or(|c| c == config.cols)
            && self.kinds.is_none_or(|k| k == config.kinds)
            && self.seed.is_none_or(|s| s == config.seed)
            && self.mode.is_none_or(|m| m == config.mode)
            && (!self.timed || config.timed)
            && self.daily.is_none_or(|d| config.daily == Some(d))
    }
}

/// The state a move changes, compared to skip saves when nothing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    undo: usize,
    redo: usize,
    tiles: usize,
    points: u32,
    hints: u32,
    reshuffles: u32,
    paused: bool,
    seed: u64,
    level: usize,
}

impl Mark {
    fn of(game: &Game) -> Self {
        Mark {
            undo: game.history().undo_len(),
            redo: game.history().redo_len(),
            tiles: game.board().tile_count(),
            points: game.score(),
            hints: game.hints_left(),
            reshuffles: game.reshuffles_left(),
            paused: game.is_paused(),
            seed: game.config().seed,
            level: game.level().number,
        }
    }
}

/// Keeps the saved game in one data directory in step with the game.
#[derive(Debug, Clone)]
pub struct Session {
    dir: PathBuf,
    /// The saved game there belongs to a newer lianliankan: hands off.
    blocked: bool,
    /// A save has failed and the player was told.
    told: bool,
    /// What the file holds now, if this session wrote it.
    last: Option<Mark>,
}

/// How a start went.
#[derive(Debug)]
pub struct Start {
    /// The game to play.
    pub game: Game,
    /// Whether it is the saved game, resumed.
    pub resumed: bool,
    /// Something to tell the player once (already safe for the terminal).
    pub message: Option<String>,
    /// Where the game is saved.
    pub session: Session,
}

impl Session {
    /// Starts in `dir`: resumes the saved game there, or deals `config` (see
    /// the module notes for when). `fresh` is `--new`; `max_kinds` is how many
    /// kinds the theme can show. Errors only when `config` cannot be dealt.
    pub fn start(
        dir: PathBuf,
        fresh: bool,
        wanted: Wanted,
        config: Config,
        max_kinds: usize,
        now: Instant,
    ) -> Result<Start, DealError> {
        let mut session = Session {
            dir,
            blocked: false,
            told: false,
            last: None,
        };
        let message = if fresh {
            session.discard()
        } else {
            match session.resume(wanted, max_kinds, now) {
                Ok((game, message)) => {
                    return Ok(Start {
                        game,
                        resumed: true,
                        message,
                        session,
                    });
                }
                Err(message) => message,
            }
        };
        let game = Game::new(config, now)?;
        Ok(Start {
            game,
            resumed: false,
            message,
            session,
        })
    }

    /// The saved game and a warning, or what to tell the player instead.
    fn resume(
        &mut self,
        wanted: Wanted,
        max_kinds: usize,
        now: Instant,
    ) -> Result<(Game, Option<String>), Option<String>> {
        let loaded = match document::load::<SavedGame>(&self.dir) {
            Ok(loaded) => loaded,
            Err(e @ StorageError::NewerVersion { .. }) => {
                self.blocked = true;
                return Err(Some(format!(
                    "{e}. This game will not be saved, so that file stays as it is."
                )));
            }
            Err(e) => return Err(Some(format!("The saved game could not be read: {e}."))),
        };
        let Some(saved) = loaded.value else {
            return Err(loaded.warning);
        };
        let unresumable = |reason: String| {
            Some(crate::escape::escape_controls(&format!(
                "The saved game could not be resumed ({reason}); a new game begins."
            )))
        };
        let config = saved.config().map_err(unresumable)?;
        if !wanted.matches(&config) || config.kinds > max_kinds {
            return Err(Some(
                "The saved game is another deal than the options ask for (or needs more \
                 symbols than this theme has): a new game begins, and the saved one stays \
                 until your first move replaces it. Start without options to resume it."
                    .into(),
            ));
        }
        match saved.restore(now) {
            Ok(game) => {
                self.last = Some(Mark::of(&game));
                Ok((game, loaded.warning))
            }
            Err(reason) => Err(unresumable(reason)),
        }
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Saves `game` if a move changed it since the last save. Returns a
    /// message the first time a save fails.
    pub fn sync(&mut self, game: &Game, now: Instant) -> Option<String> {
        if self.last == Some(Mark::of(game)) {
            return None;
        }
        self.save(game, now)
    }

    /// Saves `game` as it is now (on quit), unless it has no move to keep
    /// (nothing to undo or redo on the first level). Returns a message the
    /// first time a save fails.
    pub fn save(&mut self, game: &Game, now: Instant) -> Option<String> {
        if self.blocked || game.is_untouched() {
            return None;
        }
        match document::save(&self.dir, &SavedGame::new(game, now)) {
            Ok(()) => {
                self.last = Some(Mark::of(game));
                None
            }
            Err(e) => self.tell(format!("The game could not be saved: {e}. Play goes on.")),
        }
    }

    /// Removes the saved game (a new game, or a win that was recorded).
    /// Returns a message the first time this fails.
    pub fn discard(&mut self) -> Option<String> {
        self.last = None;
        if self.blocked {
            return None;
        }
        match document::remove::<SavedGame>(&self.dir) {
            Ok(()) => None,
            Err(e) => self.tell(format!("The saved game could not be removed: {e}.")),
        }
    }

    fn tell(&mut self, message: String) -> Option<String> {
        (!std::mem::replace(&mut self.told, true)).then_some(message)
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::time::Duration;

    use super::*;
    use crate::game::{Action, find_match};

    fn cfg(seed: u64) -> Config {
        Config {
            seed,
            ..Config::DEFAULT
        }
    }

    fn start(dir: &Path, fresh: bool, wanted: Wanted) -> Start {
        Session::start(dir.into(), fresh, wanted, cfg(1), 59, Instant::now()).unwrap()
    }

    fn play_a_pair(game: &mut Game, now: Instant) {
        let (a, b) = find_match(game.board()).unwrap();
        game.apply(Action::Click(a), now);
        game.apply(Action::Click(b), now);
    }

    #[test]
    fn a_new_level_is_saved_though_undo_starts_afresh_there() {
        let dir = tempfile::tempdir().unwrap();
        let levels = Config {
            rows: 2,
            cols: 2,
            kinds: 1,
            mode: Mode::Levels,
            ..cfg(1)
        };
        let t = Instant::now();
        let mut s =
            Session::start(dir.path().into(), false, Wanted::default(), levels, 59, t).unwrap();
        play_a_pair(&mut s.game, t);
        play_a_pair(&mut s.game, t);
        assert_eq!((s.game.level().number, s.game.history().undo_len()), (1, 0));
        assert_eq!(s.session.sync(&s.game, t), None);
        let again =
            Session::start(dir.path().into(), false, Wanted::default(), levels, 59, t).unwrap();
        assert!(again.resumed);
        assert_eq!(again.game.level(), s.game.level());
        assert_eq!(again.game.score(), s.game.score());
    }

    #[test]
    fn a_game_is_saved_after_a_move_and_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = start(dir.path(), false, Wanted::default());
        assert!(!s.resumed && s.message.is_none());
        let t = Instant::now();
        // No move yet: nothing to save.
        assert_eq!(s.session.sync(&s.game, t), None);
        assert!(!dir.path().join("game.json").exists());
        play_a_pair(&mut s.game, t);
        s.game.apply(Action::Undo, t);
        s.game.apply(Action::Redo, t);
        assert_eq!(s.session.sync(&s.game, t), None);
        assert!(dir.path().join("game.json").exists());
        let again = start(dir.path(), false, Wanted::default());
        assert!(again.resumed);
        assert_eq!(again.game.board(), s.game.board());
        assert_eq!(again.game.history(), s.game.history());
        // Matching options resume; others begin a new game and keep the file.
        let same = Wanted {
            seed: Some(1),
            rows: Some(8),
            ..Wanted::default()
        };
        assert!(start(dir.path(), false, same).resumed);
        let other = start(
            dir.path(),
            false,
            Wanted {
                seed: Some(2),
                ..Wanted::default()
            },
        );
        assert!(!other.resumed);
        assert!(other.message.unwrap().contains("another deal"));
        assert!(start(dir.path(), false, Wanted::default()).resumed);
        // --new removes it.
        let fresh = start(dir.path(), true, Wanted::default());
        assert!(!fresh.resumed && fresh.message.is_none());
        assert!(!dir.path().join("game.json").exists());
    }

    #[test]
    fn a_corrupt_save_is_told_once_and_a_newer_one_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        fs::write(&file, b"{\"version\": 1, \"data\": {\"rows\": 1e9}}").unwrap();
        let s = start(dir.path(), false, Wanted::default());
        assert!(!s.resumed);
        assert!(s.message.unwrap().contains(".corrupt-"));
        assert!(
            start(dir.path(), false, Wanted::default())
                .message
                .is_none()
        );

        let newer = b"{\"version\": 99, \"data\": {}}";
        fs::write(&file, newer).unwrap();
        let mut s = start(dir.path(), false, Wanted::default());
        assert!(s.message.unwrap().contains("update lianliankan"));
        let t = Instant::now() + Duration::from_secs(1);
        play_a_pair(&mut s.game, t);
        assert_eq!(s.session.sync(&s.game, t), None);
        assert_eq!(s.session.discard(), None);
        assert_eq!(fs::read(&file).unwrap(), newer);
    }

    #[test]
    fn a_failed_save_is_told_once() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        fs::write(&blocker, b"").unwrap();
        let mut s = start(&blocker, false, Wanted::default());
        let t = Instant::now();
        play_a_pair(&mut s.game, t);
        let told = s.session.sync(&s.game, t).expect("told");
        assert!(told.contains("could not be saved"), "{told}");
        play_a_pair(&mut s.game, t);
        assert_eq!(s.session.sync(&s.game, t), None);
    }
}
