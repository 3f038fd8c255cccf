//! Saving and resuming: which game a start begins with, and keeping
//! `game.json` in the data directory up to date while it is played.
//!
//! - A start resumes the saved game unless `--new` is given, or a deal option
//!   given on the command line (`--rows`, `--cols`, `--kinds`, `--seed`,
//!   `--gravity`, `--timed`, `--difficulty`, `--daily`: see [`Wanted`])
//!   differs from the saved game, or the theme has too few symbols for it. A
//!   new game begun for such a difference leaves the saved game in place
//!   until the new game's first move replaces it.
//! - The game is saved after every move (match, reshuffle, hint, undo, redo,
//!   pause), every [`CLOCK_SAVE`] while a timed level's clock runs between
//!   moves, and on quit. A game without a single move is not saved: there is
//!   nothing to lose, and a new game (`n`) removes the old save.
//! - A save that fails is told once; play goes on. On the way out it is
//!   told again, since the game is then lost.
//! - A file written by a newer lianliankan is refused, never overwritten nor
//!   removed (not even by `--new`): the game plays on without saving and
//!   says so.
//! - One game at a time owns the saved game: a session holds the lock of
//!   `game.json` (see [`crate::persist::storage::Lock`]) while it runs. A
//!   second game started on the same data directory says that the save is
//!   in use, deals a new game and plays it without saving: it never writes
//!   or removes the first game's save. A lock that cannot be had at all
//!   blocks nothing: the saved game is resumed and saved unguarded, and the
//!   player is told.
//! - A game taken over from a demo is saved like any other, but only from
//!   the player's first move on: until then the saved game on disk, another
//!   game's, stays as it is ([`Session::hold_until_changed`]).
//! - A saved game a start does not resume (`--new`, options that ask for
//!   another deal, or `--demo`) ends once this session removes it or saves
//!   over it; [`Session::take_displaced`] then hands it over once, for the
//!   statistics to count as abandoned.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::daily::Day;
use crate::game::{Config, DealError, Difficulty, Game, Mode, Revision};
use crate::persist::document::{self, Document};
use crate::persist::save::SavedGame;
use crate::persist::stats::Stats;
use crate::persist::storage::{Lock, Locking, StorageError, held_by};

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
    /// `--gravity`: one variant, or the run of levels.
    pub mode: Option<Mode>,
    /// `--timed` (true) or `--untimed` (false).
    pub timed: Option<bool>,
    /// `--difficulty`.
    pub difficulty: Option<Difficulty>,
    /// `--daily`: the deal of this day.
    pub daily: Option<crate::game::daily::Day>,
}

impl Wanted {
    /// The first option given that a game of `config` does not have, as
    /// the player reads it (`--seed 2, where it has 1`); `None` when such
    /// a game is what was asked for.
    pub fn difference(&self, config: &Config) -> Option<String> {
        fn differs<T: PartialEq + std::fmt::Display>(
            option: &str,
            wanted: Option<T>,
            has: T,
        ) -> Option<String> {
            wanted
                .filter(|w| *w != has)
                .map(|w| format!("{option} {w}, where it has {has}"))
        }
        let clock = |timed: bool| if timed { "timed" } else { "untimed" };
        differs("--rows", self.rows, config.rows)
            .or_else(|| differs("--cols", self.cols, config.cols))
            .or_else(|| differs("--kinds", self.kinds, config.kinds))
            .or_else(|| differs("--seed", self.seed, config.seed))
            .or_else(|| differs("--gravity", self.mode.map(Mode::name), config.mode.name()))
            .or_else(|| {
                let wanted = self.timed.filter(|&t| t != config.timed)?;
                Some(format!(
                    "--{}, where it is {}",
                    clock(wanted),
                    clock(config.timed)
                ))
            })
            .or_else(|| differs("--difficulty", self.difficulty, config.difficulty))
            .or_else(|| {
                let day = self.daily.filter(|&d| config.daily != Some(d))?;
                Some(match config.daily {
                    Some(its) => format!("--daily {day}, where it is the deal of {its}"),
                    None => format!("--daily {day}, where it is no daily deal"),
                })
            })
    }
}

/// How often the saved game is saved again while a timed level's clock
/// runs between moves: a game killed outright (`kill -9`, a power cut)
/// gives back at most this much of its level's time.
pub const CLOCK_SAVE: Duration = Duration::from_secs(5);

/// Keeps the saved game in one data directory in step with the game.
#[derive(Debug, Clone)]
pub struct Session {
    dir: PathBuf,
    /// The saved game there belongs to a newer lianliankan, or another
    /// running game holds it: hands off.
    blocked: bool,
    /// A save during play has failed and the player was told (once is
    /// enough while playing on).
    told: bool,
    /// What the file holds now, if this session wrote it.
    last: Option<Revision>,
    /// When this session last tried to save.
    saved_at: Option<Instant>,
    /// The lock on the saved game, held while this session runs (shared by
    /// its clones); `None` when none could be taken.
    lock: Option<Arc<Lock>>,
    /// The game as it was when taken over: the file on disk is another
    /// game's until the game changes from this.
    held: Option<Revision>,
    /// The saved game the start found and did not resume, while its file
    /// is still on disk or until it is taken (see [`Session::take_displaced`]).
    displaced: Option<Game>,
    /// Whether this session has saved or removed the game's file: any
    /// displaced game is gone.
    replaced: bool,
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
        // Told before anything else: another game holds the saved game (this
        // one then leaves it alone), or no lock could be had (this one goes
        // on as if it held it, unguarded).
        let (mut session, opened) = Session::open(dir);
        let message = if session.blocked {
            opened
        } else if fresh {
            session.displace_saved(now);
            both(opened, session.discard())
        } else {
            match session.resume(wanted, max_kinds, now) {
                Ok((game, message)) => {
                    return Ok(Start {
                        game,
                        resumed: true,
                        message: both(opened, message),
                        session,
                    });
                }
                Err(message) => both(opened, message),
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

    /// A session in `dir` that neither resumes nor removes the saved game
    /// there (a demo's, which may become a game). It takes the lock of the
    /// saved game and, holding it, removes temporary files left by a crash.
    /// If another game holds the lock, the session never saves, and the
    /// message says so; if no lock can be had at all (a dangling symlink in
    /// its place, a read-only directory), it saves unguarded, and the
    /// message says that.
    pub fn open(dir: PathBuf) -> (Session, Option<String>) {
        let mut session = Session {
            dir,
            blocked: false,
            told: false,
            last: None,
            saved_at: None,
            lock: None,
            held: None,
            displaced: None,
            replaced: false,
        };
        let message = match Lock::try_take(&session.dir, SavedGame::FILE_NAME) {
            Ok(Locking::Held(lock)) => {
                lock.remove_stale_temps();
                session.lock = Some(Arc::new(lock));
                None
            }
            Ok(Locking::Busy { pid }) => {
                session.blocked = true;
                Some(format!(
                    "The saved game is in use by another lianliankan{} playing from the same \
                     data directory: this game will not be saved, and that one's save is left \
                     as it is.",
                    held_by(pid)
                ))
            }
            // No lock to be had (an unwritable directory, a lock file that
            // is a dangling symlink): saves are tried all the same, and a
            // failure is told then; the player is told they are unguarded.
            Err(e) => Some(format!(
                "The saved game could not be locked ({e}): a second lianliankan on the same \
                 data directory would not know of this one, and could save over its game."
            )),
        };
        (session, message)
    }

    /// Takes note of the saved game on disk (left as it is) as one this
    /// session does not resume: see [`Session::take_displaced`].
    pub fn displace_saved(&mut self, now: Instant) {
        if !self.blocked {
            self.displaced =
                document::peek::<SavedGame>(&self.dir).and_then(|saved| saved.restore(now).ok());
        }
    }

    /// The day of the daily deal whose game is the saved game this session
    /// does not resume (see [`Session::displace_saved`]), until it is
    /// counted (see [`Session::take_displaced`]): a deal of that day played
    /// here replaces it, so it is played again, a replay. So is the day of
    /// the saved game another running lianliankan holds: that game is the
    /// day's, and a deal of that day played here, unsaved, plays it again.
    pub fn displaced_daily(&self) -> Option<Day> {
        match &self.displaced {
            Some(game) => game.config().daily,
            None if self.blocked => document::peek::<SavedGame>(&self.dir)?.config().ok()?.daily,
            None => None,
        }
    }

    /// What the player taking over a demo should know of the saved game
    /// this session left on disk (`--demo`, or a start with other options
    /// whose game has no move yet): it stays until their first move
    /// replaces it. `None` when there is no saved game to lose.
    pub fn displaced_note(&self) -> Option<String> {
        let saved = self.displaced.as_ref()?;
        let note = "The saved game stays until your first move replaces it: quit before \
                    moving to keep it."
            .to_string();
        Some(self.with_replay_note(note, &saved.config()))
    }

    /// `note` on a saved game of `config` about to be replaced, with what
    /// "Abandon this game?" says in the game when it is the first game of a
    /// day's daily deal: replaced, that deal is a replay. A look only at the
    /// statistics: a bad file is the game's to keep aside and tell of.
    fn with_replay_note(&self, note: String, config: &Config) -> String {
        let first_of_day = config.daily.filter(|&day| {
            !document::peek::<Stats>(&self.dir).is_some_and(|stats| stats.daily_played(day))
        });
        match first_of_day {
            Some(day) => format!(
                "{note} It is the first game of the daily deal of {day}: once it is replaced, \
                 that deal is a replay, not recorded."
            ),
            None => note,
        }
    }

    /// Leaves the saved game on disk as it is until `game` changes from how
    /// it stands now (a demo taken over: its moves are not the player's).
    pub fn hold_until_changed(&mut self, game: &Game) {
        self.held = Some(game.revision());
    }

    /// Whether `game` is still as it was taken over (see
    /// [`Session::hold_until_changed`]): not the player's game yet, so it is
    /// neither saved nor counted. A change ends the hold for good.
    pub fn holds(&mut self, game: &Game) -> bool {
        if self.held.is_some_and(|r| r != game.revision()) {
            self.held = None;
        }
        self.held.is_some()
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
            Err(e @ StorageError::NewerVersion { .. }) => return Err(Some(self.block(&e))),
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
        let other = match wanted.difference(&config) {
            Some(why) => Some(format!(
                "The saved game is another deal than the options ask for ({why}): a new \
                 game begins, and the saved one stays until your first move replaces it. \
                 Start without those options to resume it."
            )),
            None => (config.kinds > max_kinds).then(|| {
                format!(
                    "The saved game has {} kinds, more than this theme's {max_kinds} \
                     symbols: a new game begins, and the saved one stays until your first \
                     move replaces it. Start with a theme of {} symbols or more to resume it.",
                    config.kinds, config.kinds
                )
            }),
        };
        if let Some(other) = other {
            self.displaced = saved.restore(now).ok();
            return Err(Some(self.with_replay_note(other, &config)));
        }
        match saved.restore(now) {
            Ok(game) => {
                self.last = Some(game.revision());
                Ok((game, loaded.warning))
            }
            Err(reason) => Err(unresumable(reason)),
        }
    }

    /// Whether this session saves its game: not when another running game
    /// holds the saved game, or a newer lianliankan wrote it.
    pub fn keeps(&self) -> bool {
        !self.blocked
    }

    /// Whether the saved game on disk is `game` as it stands: this session
    /// saved it (or resumed it) since its last change.
    pub fn has_saved(&self, game: &Game) -> bool {
        !self.blocked && self.last == Some(game.revision())
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Saves `game` if a move changed it since the last save. Returns a
    /// message the first time a save fails.
    pub fn sync(&mut self, game: &Game, now: Instant) -> Option<String> {
        if self.last == Some(game.revision()) {
            return None;
        }
        let failed = self.save(game, now)?;
        self.tell(format!("{failed} Play goes on."))
    }

    /// Saves `game` again, as it is now, when it is a timed game whose clock
    /// runs, saved as it stands, and [`CLOCK_SAVE`] has passed since the
    /// last save: its time is kept between moves too. Returns a message the
    /// first time a save fails.
    pub fn keep_clock(&mut self, game: &Game, now: Instant) -> Option<String> {
        let due = self.saved_at.is_none_or(|at| now >= at + CLOCK_SAVE);
        if !due
            || game.time_limit().is_none()
            || !game.clock.is_running()
            || self.last != Some(game.revision())
        {
            return None;
        }
        let failed = self.save(game, now)?;
        self.tell(format!("{failed} Play goes on."))
    }

    /// Saves `game` as it is now (on quit), unless it has no move to keep
    /// (nothing to undo or redo on the first level). Returns a message
    /// whenever the save fails, told before or not: on the way out it is
    /// the player's last word on whether the game is kept.
    pub fn save(&mut self, game: &Game, now: Instant) -> Option<String> {
        if self.blocked || game.is_untouched() || self.holds(game) {
            return None;
        }
        if let Some(taken) = self.relock() {
            return Some(taken);
        }
        self.saved_at = Some(now);
        match document::save(&self.dir, &SavedGame::new(game, now)) {
            Ok(()) => {
                self.last = Some(game.revision());
                self.replaced = true;
                None
            }
            Err(e) => Some(format!("The game could not be saved: {e}.")),
        }
    }

    /// Removes the saved game (a new game, or a win that was recorded),
    /// unless it is another game's (see [`Session::hold_until_changed`]).
    /// Returns a message when this fails (it is rare, and not the failed
    /// save [`Session::sync`] tells once: that one is still told).
    pub fn discard(&mut self) -> Option<String> {
        self.last = None;
        if self.blocked || self.held.is_some() {
            return None;
        }
        if let Some(taken) = self.relock() {
            return Some(taken);
        }
        match document::remove::<SavedGame>(&self.dir) {
            Ok(()) => {
                self.replaced = true;
                None
            }
            Err(e @ StorageError::NewerVersion { .. }) => Some(self.block(&e)),
            Err(e) => Some(format!("The saved game could not be removed: {e}.")),
        }
    }

    /// The saved game the start did not resume (`--new`, options that
    /// asked for another deal, or `--demo`), once: when this session has
    /// removed it or saved another game over it; `None` while it is still
    /// on disk.
    pub fn take_displaced(&mut self) -> Option<Game> {
        self.displaced.take_if(|_| self.replaced)
    }

    /// Takes the lock of the saved game again when its file is no longer
    /// the one held (the data directory was removed under the running game;
    /// found by a hostile run: the next save made the directory again with
    /// no lock in it, and a second game resumed and saved over this one's).
    /// When another game has taken it meanwhile, this one stops saving and
    /// the message says so. A lock that cannot be had is left to the save,
    /// which tells its own failure.
    fn relock(&mut self) -> Option<String> {
        if self.lock.as_ref().is_none_or(|lock| lock.in_place()) {
            return None;
        }
        match Lock::try_take(&self.dir, SavedGame::FILE_NAME) {
            Ok(Locking::Held(lock)) => {
                self.lock = Some(Arc::new(lock));
                None
            }
            Ok(Locking::Busy { pid }) => {
                self.blocked = true;
                Some(format!(
                    "The data directory was removed, and another lianliankan{} now plays from \
                     it: this game will not be saved, and that one's save is left as it is.",
                    held_by(pid)
                ))
            }
            Err(_) => None,
        }
    }

    /// Stops saving because the saved game belongs to a newer lianliankan
    /// (`e`); returns what to tell the player.
    fn block(&mut self, e: &StorageError) -> String {
        self.blocked = true;
        format!("{e}. This game will not be saved, so that file stays as it is.")
    }

    fn tell(&mut self, message: String) -> Option<String> {
        (!std::mem::replace(&mut self.told, true)).then_some(message)
    }
}

/// Two messages for the player as one, a line each: either may be missing.
fn both(first: Option<String>, second: Option<String>) -> Option<String> {
    match (first, second) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b),
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
    fn quick_play_through_levels_is_saved_and_resumed_with_its_streak() {
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
        // Four quick matches clear two levels: the streak (3) carries over,
        // longer than the two pairs of the board now on show.
        let t = t + Duration::from_secs(1);
        for i in 0..4 {
            play_a_pair(&mut s.game, t + Duration::from_secs(i));
        }
        let t = t + Duration::from_secs(4);
        assert_eq!((s.game.level().number, s.game.history().undo_len()), (2, 0));
        assert_eq!(s.game.streak(), 3);
        assert_eq!(s.session.sync(&s.game, t), None);
        assert_eq!(s.session.save(&s.game, t), None);
        drop(s.session);
        let again =
            Session::start(dir.path().into(), false, Wanted::default(), levels, 59, t).unwrap();
        assert_eq!(again.message, None);
        assert!(again.resumed);
        assert_eq!(again.game.level(), s.game.level());
        assert_eq!(
            (again.game.score(), again.game.streak()),
            (s.game.score(), 3)
        );
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
        // One game at a time: each start below follows the end of the last.
        drop(s.session);
        let again = start(dir.path(), false, Wanted::default());
        assert!(again.resumed);
        assert_eq!(again.game.board(), s.game.board());
        assert_eq!(again.game.history(), s.game.history());
        drop(again);
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
        // It says which option, where it said only "another deal than the
        // options ask for (or needs more symbols than this theme has)".
        let why = other.message.unwrap();
        assert!(why.contains("another deal"), "{why}");
        assert!(why.contains("(--seed 2, where it has 1)"), "{why}");
        drop(other.session);
        let timed = Wanted {
            timed: Some(true),
            ..Wanted::default()
        };
        let why = start(dir.path(), false, timed).message.unwrap();
        assert!(why.contains("(--timed, where it is untimed)"), "{why}");
        let few = Session::start(dir.path().into(), false, Wanted::default(), cfg(1), 20, t);
        let few = few.unwrap();
        assert!(!few.resumed);
        let why = few.message.unwrap();
        assert!(
            why.starts_with("The saved game has 32 kinds, more than this theme's 20 symbols"),
            "{why}"
        );
        drop(few.session);
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
        drop(s.session);
        assert!(
            start(dir.path(), false, Wanted::default())
                .message
                .is_none()
        );

        let newer = b"{\"version\": 99, \"data\": {}}";
        fs::write(&file, newer).unwrap();
        // Resumed, or begun with --new: either way it stays untouched.
        for fresh in [false, true] {
            let mut s = start(dir.path(), fresh, Wanted::default());
            assert!(s.message.unwrap().contains("update lianliankan"));
            let t = Instant::now() + Duration::from_secs(1);
            play_a_pair(&mut s.game, t);
            assert_eq!(s.session.sync(&s.game, t), None);
            assert_eq!(s.session.save(&s.game, t), None);
            assert_eq!(s.session.discard(), None);
            assert_eq!(fs::read(&file).unwrap(), newer);
        }
    }

    #[test]
    fn a_second_game_on_the_same_directory_leaves_the_first_ones_save_alone() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let t = Instant::now();
        let mut first = start(dir.path(), false, Wanted::default());
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        let saved = fs::read(&file).unwrap();
        // A second game, resuming or with --new, while the first one runs.
        for fresh in [false, true] {
            let mut second = start(dir.path(), fresh, Wanted::default());
            assert!(!second.resumed);
            let told = second.message.expect("told");
            assert!(told.contains("in use by another lianliankan"), "{told}");
            #[cfg(unix)]
            assert!(
                told.contains(&format!("(pid {})", std::process::id())),
                "{told}"
            );
            assert!(told.contains("will not be saved"), "{told}");
            play_a_pair(&mut second.game, t);
            assert_eq!(second.session.sync(&second.game, t), None);
            assert_eq!(second.session.save(&second.game, t), None);
            assert_eq!(second.session.discard(), None);
            assert_eq!(fs::read(&file).unwrap(), saved);
        }
        // The first plays on and saves as before.
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        assert_ne!(fs::read(&file).unwrap(), saved);
        // Once it has ended (even killed: the system drops its lock), the
        // lock file left behind does not stop the next start.
        drop(first.session);
        assert!(dir.path().join("game.json.lock").exists());
        let third = start(dir.path(), false, Wanted::default());
        assert!(third.resumed && third.message.is_none());
        assert_eq!(third.game.board(), first.game.board());
    }

    /// Found by the hostile run (hostile43): the data directory removed
    /// under a running game was made again by its next save with no lock in
    /// it, so a second game resumed the first one's game and each saved
    /// over the other's moves. The first takes its lock again as it saves.
    #[cfg(unix)]
    #[test]
    fn a_data_directory_removed_under_a_game_is_locked_again_by_its_next_save() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("data");
        let t = Instant::now();
        let mut first = start(&dir, false, Wanted::default());
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        fs::remove_dir_all(&dir).unwrap();
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        let saved = fs::read(dir.join("game.json")).unwrap();
        let second = start(&dir, false, Wanted::default());
        assert!(!second.resumed);
        let told = second.message.expect("told");
        assert!(told.contains("in use by another lianliankan"), "{told}");
        drop(second.session);
        assert_eq!(fs::read(dir.join("game.json")).unwrap(), saved);

        // A second game that starts before the first saves again takes the
        // saved game: the first is told, and saves nothing over it.
        fs::remove_dir_all(&dir).unwrap();
        let mut second = start(&dir, false, Wanted::default());
        assert!(second.message.is_none() && !second.resumed);
        play_a_pair(&mut second.game, t);
        assert_eq!(second.session.sync(&second.game, t), None);
        let seconds = fs::read(dir.join("game.json")).unwrap();
        play_a_pair(&mut first.game, t);
        let told = first.session.sync(&first.game, t).expect("told");
        assert!(told.contains("data directory was removed"), "{told}");
        assert!(told.contains("will not be saved"), "{told}");
        assert_eq!(first.session.save(&first.game, t), None);
        assert_eq!(first.session.discard(), None);
        assert_eq!(fs::read(dir.join("game.json")).unwrap(), seconds);
    }

    /// Found by the hostile run (in tmux): with a directory in place of
    /// `game.json.lock`, a second game resumed the first one's game, and
    /// whichever quit last saved over the other's moves, untold.
    #[cfg(unix)]
    #[test]
    fn a_directory_in_place_of_the_lock_file_keeps_a_second_game_off_the_save() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("game.json.lock")).unwrap();
        let t = Instant::now();
        let mut first = start(dir.path(), false, Wanted::default());
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        let saved = fs::read(dir.path().join("game.json")).unwrap();
        let mut second = start(dir.path(), false, Wanted::default());
        assert!(!second.resumed);
        let told = second.message.expect("told");
        assert!(told.contains("in use by another lianliankan"), "{told}");
        play_a_pair(&mut second.game, t);
        assert_eq!(second.session.save(&second.game, t), None);
        assert_eq!(fs::read(dir.path().join("game.json")).unwrap(), saved);
    }

    /// Left alone by a hostile run: a lock file that is a dangling
    /// symlink (into a directory that does not exist) took no lock, and
    /// the game saved unguarded, untold. It still saves, and says so.
    #[cfg(unix)]
    #[test]
    fn a_lock_that_cannot_be_taken_is_told() {
        let dir = tempfile::tempdir().unwrap();
        let lock = dir.path().join("game.json.lock");
        std::os::unix::fs::symlink(dir.path().join("gone/lock"), &lock).unwrap();
        let t = Instant::now();
        let mut first = start(dir.path(), false, Wanted::default());
        let told = first.message.expect("told");
        assert!(told.contains("could not be locked"), "{told}");
        assert!(told.contains("game.json.lock"), "names the file: {told}");
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None, "still saves");
        assert!(dir.path().join("game.json").exists());
    }

    /// A lock that cannot be taken left the saved game unresumed: the
    /// start took the lock's warning for "in use by another game", dealt a
    /// new game and, at its first move, saved it over the game in progress
    /// (hostile15, tmux: a 2 x 4 game quit after a match, the lock made a
    /// dangling symlink; the next start showed the start menu over a new 8 x
    /// 16 deal, whose hint replaced the saved game). It resumes, and says
    /// the lock could not be had.
    #[cfg(unix)]
    #[test]
    fn a_saved_game_whose_lock_cannot_be_taken_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        let mut first = start(dir.path(), false, Wanted::default());
        play_a_pair(&mut first.game, t);
        assert_eq!(first.session.sync(&first.game, t), None);
        drop(first.session);
        let lock = dir.path().join("game.json.lock");
        fs::remove_file(&lock).unwrap();
        std::os::unix::fs::symlink(dir.path().join("gone/lock"), &lock).unwrap();
        let again = start(dir.path(), false, Wanted::default());
        assert!(again.resumed, "{:?}", again.message);
        assert_eq!(again.game.board(), first.game.board());
        let told = again.message.as_deref().expect("told");
        assert!(told.contains("could not be locked"), "{told}");
        // With options it does not match, it stays for the first move, as
        // with a lock; a corrupt one is still kept aside and told.
        drop(again);
        let other = Wanted {
            seed: Some(2),
            ..Wanted::default()
        };
        let told = start(dir.path(), false, other).message.expect("told");
        assert!(told.contains("could not be locked"), "{told}");
        assert!(told.contains("another deal"), "{told}");
        fs::write(dir.path().join("game.json"), b"{").unwrap();
        let told = start(dir.path(), false, Wanted::default())
            .message
            .expect("told");
        assert!(told.contains(".corrupt-"), "{told}");
    }

    #[test]
    fn a_start_removes_the_temporary_files_a_killed_save_left() {
        let dir = tempfile::tempdir().unwrap();
        let leftover = dir.path().join(".game.json.4000000000-0.tmp");
        fs::write(&leftover, b"{\"version\": 2, \"da").unwrap();
        let first = start(dir.path(), false, Wanted::default());
        assert!(!leftover.exists());
        // A game that does not hold the lock leaves them to the holder.
        fs::write(&leftover, b"").unwrap();
        let second = start(dir.path(), false, Wanted::default());
        assert!(second.message.is_some());
        assert!(leftover.exists());
        drop((first, second));
    }

    #[test]
    fn a_game_taken_over_is_saved_from_its_first_move_on() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let t = Instant::now();
        let mut mine = start(dir.path(), false, Wanted::default());
        play_a_pair(&mut mine.game, t);
        assert_eq!(mine.session.sync(&mine.game, t), None);
        drop(mine.session);
        let saved = fs::read(&file).unwrap();
        // Another game (a demo) with moves that are not the player's.
        let (mut session, message) = Session::open(dir.path().into());
        assert_eq!(message, None);
        let mut game = Game::new(cfg(5), t).unwrap();
        play_a_pair(&mut game, t);
        session.hold_until_changed(&game);
        game.apply(Action::Move(crate::game::Direction::Down), t);
        assert_eq!(session.sync(&game, t), None);
        assert_eq!(session.save(&game, t), None);
        assert_eq!(fs::read(&file).unwrap(), saved, "no move yet");
        // A new game from there leaves it too, until its own first move.
        assert_eq!(session.discard(), None);
        assert_eq!(fs::read(&file).unwrap(), saved);
        // The player's first move: from now on this game is the saved one.
        play_a_pair(&mut game, t);
        assert_eq!(session.sync(&game, t), None);
        drop(session);
        let again = start(dir.path(), false, Wanted::default());
        assert!(again.resumed);
        assert_eq!(again.game.board(), game.board());
    }

    /// A start whose data directory is a file (in `dir`): nothing can be
    /// written or removed there.
    fn start_on_a_file(dir: &Path) -> Start {
        let blocker = dir.join("file");
        fs::write(&blocker, b"").unwrap();
        start(&blocker, false, Wanted::default())
    }

    #[test]
    fn a_failed_save_is_told_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = start_on_a_file(dir.path());
        let t = Instant::now();
        play_a_pair(&mut s.game, t);
        let told = s.session.sync(&s.game, t).expect("told");
        assert!(told.contains("could not be saved"), "{told}");
        play_a_pair(&mut s.game, t);
        assert_eq!(s.session.sync(&s.game, t), None);
        // On the way out the failure is told again: the game is not kept.
        let last = s.session.save(&s.game, t).expect("told on quit");
        assert!(last.contains("could not be saved"), "{last}");
    }

    #[test]
    fn a_failed_removal_does_not_hide_that_saves_fail() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = start_on_a_file(dir.path());
        let t = Instant::now();
        // A new game: the old save cannot be removed (nor anything written).
        let removal = s.session.discard().expect("told");
        assert!(removal.contains("could not be removed"), "{removal}");
        play_a_pair(&mut s.game, t);
        let told = s
            .session
            .sync(&s.game, t)
            .expect("the failed save told too");
        assert!(told.contains("could not be saved"), "{told}");
    }
}
