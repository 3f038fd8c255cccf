//! The game state: the board, selection, score, clock, hints, reshuffles,
//! undo history and the highlighted kind.
//!
//! Nothing here knows about the terminal. Input arrives as [`Action`]s, time as
//! an `Instant` argument, so every rule can be tested step by step.
//!
//! - `dealing`: deals, reshuffles and the search for a matchable pair.
//! - `assist`: the hint, the check that the board can still be cleared, the
//!   demo's next move.
//! - `level`: the run of levels and their time limits.
//! - `score`: the scoring rule. `clock`: the pausable game clock.
//! - `history`: undo and redo.
//! - [`cursor`]: where the keyboard cursor goes. [`daily`]: the daily deal.
//!   [`limits`]: the limits every layer checks a game against.

mod assist;
mod clock;
pub mod cursor;
pub mod daily;
mod dealing;
mod history;
mod level;
pub mod limits;
mod score;

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::core::engine::{Path, find_path};
use crate::core::gravity::{Gravity, Slide, remove_pair};
use crate::core::grid::{Board, EMPTY, Point, Tile};

pub use crate::solve::difficulty::Difficulty;
pub use assist::{CHECK_BUDGET, HINT_BUDGET};
pub use clock::{Clock, show_time};
pub use dealing::{
    DEALS, DealError, Deals, RULES, can_match, check_size, deal, find_match, reshuffle,
};
pub use history::History;
pub use level::{LEVEL_COUNT, Level, Mode, TimeUp, seconds_begun, time_limit};
pub use score::{STREAK_WINDOW, Score};

/// The size and contents of a deal, and how much help a game grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Number of tile kinds.
    pub kinds: usize,
    /// Seed of the first deal; later deals and reshuffles follow from it.
    pub seed: u64,
    /// Hints per game.
    pub hints: u32,
    /// Requested reshuffles per game.
    pub reshuffles: u32,
    /// A run of levels through every gravity variant, or one board of one.
    pub mode: Mode,
    /// Whether each level has a time limit.
    pub timed: bool,
    /// The day whose daily deal this is (its seed and settings come from
    /// the date), or `None` for an ordinary game.
    pub daily: Option<daily::Day>,
    /// How hard the deals and reshuffles are.
    pub difficulty: Difficulty,
}

impl Config {
    /// The default board: 8 x 16 tiles of 32 kinds, four of each, which fits an
    /// 80 x 24 terminal with the outer ring and the status line; one board
    /// without gravity, untimed (the command line plays levels by default).
    pub const DEFAULT: Config = Config {
        rows: 8,
        cols: 16,
        kinds: 32,
        seed: 0,
        hints: 3,
        reshuffles: 2,
        mode: Mode::Single(Gravity::None),
        timed: false,
        daily: None,
        difficulty: Difficulty::Normal,
    };

    /// The name of the high-score table a game of these settings goes in:
    /// the mode's name (`levels`, `down`), or `daily-YYYY-MM-DD`.
    pub fn table_name(&self) -> String {
        match self.daily {
            Some(day) => format!("daily-{day}"),
            None => self.mode.name().to_string(),
        }
    }

    /// The command-line options that deal this game again: every deal
    /// option, since those left out come from the last new game's choices
    /// (`--daily DATE` for a daily deal, whose date sets the rest).
    pub fn replay_options(&self) -> String {
        if let Some(day) = self.daily {
            return format!("--daily {day}");
        }
        let mut options = format!(
            "--rows {} --cols {} --kinds {}",
            self.rows, self.cols, self.kinds
        );
        // The mode and the clock too when they are the defaults: the last
        // new game may have chosen otherwise.
        let clock = if self.timed { "--timed" } else { "--untimed" };
        options.push_str(&format!(
            " --gravity {} {clock} --difficulty {} --seed {}",
            self.mode.name(),
            self.difficulty.name(),
            self.seed
        ));
        options
    }
}

/// A direction for the keyboard cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

/// Everything a player can do to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move the keyboard cursor one cell, wrapping round at the edges
    /// ([`cursor::step`]).
    Move(Direction),
    /// Move the keyboard cursor to the next tile that way in its row or
    /// column, wrapping round ([`cursor::jump`]).
    Jump(Direction),
    /// Select (or match, or deselect) the tile under the cursor.
    Select,
    /// A click on a cell: moves the cursor there and selects as
    /// [`Action::Select`]; on an empty cell (or off the board) it drops the
    /// selection, as [`Action::Deselect`].
    Click(Point),
    /// Drop the selection, as a click that takes no tile does; the hint and
    /// the highlight stay.
    Deselect,
    /// Show one matchable pair, if hints are left.
    Hint,
    /// Reshuffle the kinds on request, if reshuffles are left, or at any
    /// time while the board is proved lost.
    Reshuffle,
    /// Deal a new game.
    NewGame,
    /// Deal this game's first board again, from its seed.
    Restart,
    /// Drop what is on show: the selection, the hint's marks and the highlight.
    Cancel,
    /// Pause or resume: the clock stops and the board is hidden.
    TogglePause,
    /// Take back the last match, reshuffle or hint (the clock keeps running,
    /// and a hint or reshuffle stays spent).
    Undo,
    /// Play the last undone move again.
    Redo,
    /// Highlight every tile of the kind at this cell; the same kind again,
    /// an empty cell or a point off the board clears the highlight.
    Highlight(Point),
    /// Clear the highlight.
    ClearHighlight,
}

/// A short message for the player about the last action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// The two tiles are of the same kind but no line joins them.
    NoPath,
    /// The two tiles are of different kinds.
    DifferentTiles,
    /// The board was in deadlock and was reshuffled.
    Deadlock,
    /// The player asked for a reshuffle and got one.
    Reshuffled,
    /// No hints are left.
    NoHintsLeft,
    /// No reshuffles are left.
    NoReshufflesLeft,
    /// The board was cleared and the next level dealt.
    NextLevel,
    /// The last move was taken back.
    Undone,
    /// An undone move was played again.
    Redone,
    /// Undo with nothing to take back.
    NothingToUndo,
    /// Redo with nothing undone.
    NothingToRedo,
    /// No winnable arrangement of the tiles left was found (not expected
    /// under the classic rules; the board stays as it was).
    NoReshuffle,
    /// A tile was picked while the line of the match that cleared a board
    /// still showed on that empty board, before the next board is drawn:
    /// the line was ended and the pick ignored, so it never lands on a tile
    /// that was not on show.
    StillMoving,
    /// A hint was asked for on a board proved lost: no pair can keep it
    /// winnable, so none is shown (and no hint spent).
    HintLost,
}

impl Notice {
    /// The text shown to the player.
    pub fn text(self) -> &'static str {
        match self {
            Notice::NoPath => "no path",
            Notice::DifferentTiles => "different tiles",
            Notice::Deadlock => "no moves left: reshuffled",
            Notice::Reshuffled => "reshuffled",
            Notice::NoHintsLeft => "no hints left",
            Notice::NoReshufflesLeft => "no reshuffles left",
            Notice::NextLevel => "level cleared: next level",
            Notice::Undone => "undone",
            Notice::Redone => "redone",
            Notice::NothingToUndo => "nothing to undo",
            Notice::NothingToRedo => "nothing to redo",
            Notice::NoReshuffle => "no winnable reshuffle found",
            Notice::StillMoving => "tiles were moving: pick again",
            Notice::HintLost => "no hint: this board cannot be won now",
        }
    }
}

/// How long a notice stays on screen.
pub const NOTICE_TIME: Duration = Duration::from_millis(1500);

/// The last pair removed, kept so the renderer can draw its line and fade it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    /// The kind of both tiles.
    pub kind: Tile,
    /// The line from the first tile to the second, corners included.
    pub path: Path,
    /// When the pair was matched.
    pub at: Instant,
    /// The points the match earned.
    pub points: u32,
    /// The tiles that slid after the pair vanished (none without gravity).
    pub slides: Vec<Slide>,
    /// Whether this match cleared the board: the line is then drawn on an
    /// empty board, whatever the next level dealt.
    pub cleared: bool,
    /// The time bonus this match earned by clearing a timed level (0 otherwise).
    pub bonus: u32,
    /// The level the pair was matched on: while the line of a match that
    /// cleared it shows, the screen tells of that level, not of the next
    /// one already dealt.
    pub level: Level,
}

/// A pair picked that does not match, kept so the screen can flash it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mismatch {
    /// The tile picked first.
    pub first: Point,
    /// The tile picked second (now the selected one).
    pub second: Point,
    /// Why they do not match: [`Notice::NoPath`] or [`Notice::DifferentTiles`].
    pub reason: Notice,
    /// When the second was picked.
    pub at: Instant,
}

/// When the marks on show appeared, for the screen to animate them, and
/// the hinted pair Esc dropped; only that pair is saved (see
/// [`OnShow::resumed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct OnShow {
    /// When the hint on show was given.
    hint_at: Option<Instant>,
    /// The last failed pick of a pair, until the board changes.
    mismatch: Option<Mismatch>,
    /// The hinted pair Esc took off the board, until the board changes:
    /// asked for again, it shows again, with no second hint spent.
    dismissed: Option<(Point, Point)>,
}

impl OnShow {
    /// What a resumed game, or a state undo or redo put back, has on show:
    /// no mark's time, and the hinted pair Esc dropped, which was paid for.
    pub(crate) fn resumed(dismissed: Option<(Point, Point)>) -> Self {
        OnShow {
            dismissed,
            ..OnShow::default()
        }
    }
}

/// How long the line of a match is shown before the tiles vanish.
pub const REMOVAL_TIME: Duration = Duration::from_millis(330);

/// How long the tiles take to slide once the pair has vanished.
pub const SLIDE_TIME: Duration = Duration::from_millis(200);

/// How long the line of a match shows and how long tiles take to slide:
/// a setting of the player's, so not saved with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// How long the line shows before the tiles vanish.
    pub line: Duration,
    /// How long the tiles take to slide after that.
    pub slide: Duration,
}

impl Pace {
    /// The line and the slide as designed.
    pub const NORMAL: Pace = Pace {
        line: REMOVAL_TIME,
        slide: SLIDE_TIME,
    };
    /// Both in half the time.
    pub const FAST: Pace = Pace {
        line: Duration::from_millis(REMOVAL_TIME.as_millis() as u64 / 2),
        slide: Duration::from_millis(SLIDE_TIME.as_millis() as u64 / 2),
    };
    /// No line and no slide.
    pub const OFF: Pace = Pace {
        line: Duration::ZERO,
        slide: Duration::ZERO,
    };

    /// The line and the slide together.
    pub fn total(&self) -> Duration {
        self.line + self.slide
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Win {
    /// The final score.
    pub score: u32,
    /// The playing time.
    pub time: Duration,
    /// What the time left on the last board added to the score (0 when
    /// untimed), which the win box tells.
    pub bonus: u32,
    /// Whether undo or a hint was used on the way.
    pub assisted: bool,
    /// Which game was won (its id, kept in its save): the high scores
    /// take its win once.
    pub game: u64,
}

/// The part of the game a move changes, as it stands between two moves: what
/// undo and redo put back. The clock is not in it (time is not undone), nor
/// the hints and reshuffles left (undo takes back the move, not the help:
/// what was spent stays spent), the cursor, the selection or what is on show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The tiles as they stood.
    pub(crate) board: Board,
    /// The generator as it stood, so a redone reshuffle deals the same kinds.
    pub(crate) rng: Xoshiro256PlusPlus,
    /// The points and the streak as they stood.
    pub(crate) score: Score,
    /// The hinted pair on show then, if any.
    pub(crate) hint: Option<(Point, Point)>,
    /// The hinted pair Esc had dropped then, which was paid for: a state
    /// undo or redo brings back shows it again free on `t`, however many
    /// moves were made and taken back since (found by the check run,
    /// check45: `t`, Esc, a reshuffle, undo, `t` spent a second hint).
    pub(crate) dismissed: Option<(Point, Point)>,
    /// Whether the board was proved lost then.
    pub(crate) unwinnable: bool,
}

impl Snapshot {
    /// The hinted pair paid for in this state, on show or dropped with Esc.
    pub(crate) fn paid_pair(&self) -> Option<(Point, Point)> {
        self.hint.or(self.dismissed)
    }
}

/// A pair a hint was paid for, with the board it was shown on.
pub(crate) type PaidHint = (Board, (Point, Point));

/// Which state of its game a save would keep: every change a save keeps
/// (a match, a hint, a reshuffle, undo, redo, a pause) takes a new one, and
/// no two states ever share one, however their counts of moves, tiles and
/// points agree. The cursor, the selection and the clock do not count: a
/// move saves them with it, as quitting does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Revision(u64);

impl Revision {
    /// A revision no game in this process has had.
    pub(crate) fn fresh() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Revision(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// One game of lianliankan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Which game this is, drawn at random when it is dealt and kept in its
    /// save: a win recorded once is known again when a start resumes its
    /// save (a kill between recording and removing the save left it).
    pub(crate) id: u64,
    /// The settings, with the size of the board in play.
    pub(crate) config: Config,
    /// The generator later deals and reshuffles draw from; seeded from
    /// [`Config::seed`], so a game replays from its seed.
    pub(crate) rng: Xoshiro256PlusPlus,
    /// The tiles in play (matched tiles are already gone).
    pub(crate) board: Board,
    /// The keyboard cursor.
    pub(crate) cursor: Point,
    /// The tile picked first, waiting for its partner.
    pub(crate) selected: Option<Point>,
    /// The points, the streak and whether help was just used.
    pub(crate) score: Score,
    /// The playing time, standing while paused, covered, won or timed out.
    pub(crate) clock: Clock,
    /// Whether the player paused the game (the board is hidden).
    pub(crate) paused: bool,
    /// Hints the player may still ask for.
    pub(crate) hints_left: u32,
    /// The hints a restart of this deal carried over as spent: the game
    /// that spent them counts them in the statistics, not this one.
    pub(crate) hints_carried: u32,
    /// Reshuffles the player may still ask for.
    pub(crate) reshuffles_left: u32,
    /// The pair the last hint showed, until it is played or the board changes.
    pub(crate) hint: Option<(Point, Point)>,
    /// The last match, for its line, its slides and its points on screen.
    pub(crate) removal: Option<Removal>,
    /// The last notice for the player and when it was given (it shows
    /// for [`NOTICE_TIME`]).
    pub(crate) notice: Option<(Notice, Instant)>,
    /// The result, once the board is cleared: the game is over.
    pub(crate) win: Option<Win>,
    /// The states before each move and after each undone one, for undo
    /// and redo.
    pub(crate) history: History<Snapshot>,
    /// Whether undo or a hint was used, or the demo's solver played (the
    /// win and the high scores say so).
    pub(crate) assisted: bool,
    /// How many moves undo took back (a daily deal's share line says so).
    pub(crate) undos: u32,
    /// Whether the solver played this deal for the player (a demo): a
    /// restart of it is assisted too, its way through seen.
    pub(crate) watched: bool,
    /// The kind whose tiles are all highlighted, if any.
    pub(crate) highlight: Option<Tile>,
    /// The level being played, with its gravity variant.
    pub(crate) level: Level,
    /// Set when a timed level ran out: the game is over.
    pub(crate) time_up: Option<TimeUp>,
    /// Something hides the board (help, a menu, a screen too small): the
    /// clock stands as in a pause. Set by the screen, never saved.
    pub(crate) covered: bool,
    /// How long lines and slides play (a setting, never saved).
    pub(crate) pace: Pace,
    /// The solver proved the board can no longer be cleared (checked after
    /// each match; kept in the snapshots, so undo and redo need no search).
    pub(crate) unwinnable: bool,
    /// When the hint and the last failed pick appeared (for the screen).
    pub(crate) on_show: OnShow,
    /// Each pair a hint was paid for in this game, with the board it was
    /// shown on (at most one a board): `t` on that board again shows it
    /// free, however the board came back (undo, redo, a restart of the
    /// deal or of the run of levels, or new moves that lead to it again).
    pub(crate) paid_hints: Vec<PaidHint>,
    /// The state a save would keep, as of the last change to it.
    pub(crate) revision: Revision,
}

impl Game {
    /// A new game dealt from `config` (its seed included), starting at `now`.
    pub fn new(config: Config, now: Instant) -> Result<Self, DealError> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        let board = deal(&config, &mut rng)?.board;
        Ok(Self::with_board(board, config, rng, now, Some(false)))
    }

    /// A game on a board made elsewhere (a solver's deal, a test position).
    /// The size and kinds in `config` are taken from the board (so "new game"
    /// deals the same shape); the seed drives reshuffles and later deals.
    pub fn from_board(board: Board, config: Config, now: Instant) -> Self {
        let mut kinds = board.sorted_tiles();
        kinds.dedup();
        let config = Config {
            kinds: kinds.len().max(1),
            ..config
        };
        let rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        Self::with_board(board, config, rng, now, None)
    }

    /// A game on `board`; `lost` is `Some(false)` for a winnable deal, which
    /// needs no check, and `None` for a board to check.
    fn with_board(
        board: Board,
        config: Config,
        rng: Xoshiro256PlusPlus,
        now: Instant,
        lost: Option<bool>,
    ) -> Self {
        let config = Config {
            rows: board.rows(),
            cols: board.cols(),
            ..config
        };
        let mut game = Game {
            id: rand::random(),
            config,
            rng,
            board,
            cursor: Point::new(0, 0),
            selected: None,
            score: Score::default(),
            clock: Clock::started(now),
            paused: false,
            hints_left: config.hints,
            hints_carried: 0,
            reshuffles_left: config.reshuffles,
            hint: None,
            removal: None,
            notice: None,
            win: None,
            history: History::default(),
            assisted: false,
            undos: 0,
            watched: false,
            highlight: None,
            level: Level::first(config.mode),
            time_up: None,
            covered: false,
            pace: Pace::NORMAL,
            unwinnable: false,
            on_show: OnShow::default(),
            paid_hints: Vec::new(),
            revision: Revision::fresh(),
        };
        game.settle(now, lost);
        game
    }

    /// Applies one player action at time `now`.
    pub fn apply(&mut self, action: Action, now: Instant) {
        self.tick(now);
        match action {
            Action::NewGame => return self.new_game(now),
            Action::Restart => {
                // The settings were valid for the first deal, so they are again.
                if let Ok(mut game) = Game::new(self.config, now) {
                    if self.watched {
                        game.mark_assisted();
                    }
                    // The pairs hints showed on this deal stay seen: the
                    // hints stay spent and the game assisted (else three
                    // hints noted, a restart won it unassisted with three
                    // more, found by the hostile run, hostile44).
                    if self.hints_left < game.hints_left {
                        game.hints_left = self.hints_left;
                        game.hints_carried = game.config.hints - self.hints_left;
                        game.assisted = true;
                        // The pairs hints showed stay paid for: `t` on
                        // their boards shows them again free (found by the
                        // play-tests, pt45: a restarted deal charged a
                        // second hint; pt46: so did the first board of a
                        // run restarted from a later level).
                        game.paid_hints = std::mem::take(&mut self.paid_hints);
                    }
                    self.replace_with(game, now);
                }
                return;
            }
            _ if self.time_up.is_some() => return,
            Action::TogglePause => return self.toggle_pause(now),
            _ if self.paused => return,
            // A finished game can still take its last move back.
            Action::Undo => return self.undo(now),
            _ if self.win.is_some() => return,
            _ => {}
        }
        match action {
            Action::Move(d) => self.cursor = cursor::step(&self.board, self.cursor, d),
            Action::Jump(d) => self.cursor = cursor::jump(&self.board, self.cursor, d),
            Action::Select | Action::Click(_) if self.next_board_hidden(now) => {
                self.finish_animation(now);
                self.notice = Some((Notice::StillMoving, now));
            }
            Action::Select => self.select(self.cursor, now),
            Action::Click(p) if self.board.contains(p) => {
                self.cursor = p;
                if self.board.is_empty_at(p) {
                    self.selected = None;
                } else {
                    self.select(p, now);
                }
            }
            Action::Click(_) | Action::Deselect => self.selected = None,
            Action::Hint => self.hint(now),
            Action::Reshuffle => self.reshuffle_on_request(now),
            Action::Redo => self.redo(now),
            Action::Highlight(p) => self.highlight(p),
            Action::ClearHighlight => self.highlight = None,
            Action::Cancel => {
                if let Some(pair) = self.hint.take() {
                    self.on_show.dismissed = Some(pair);
                    self.changed();
                }
                self.selected = None;
                self.highlight = None;
            }
            Action::NewGame | Action::Restart | Action::TogglePause | Action::Undo => {}
        }
    }

    /// The seed of the next deal this game leads to, from its own
    /// generator: a new game from `n` or from the menus follows from the
    /// first deal's seed, so the same inputs deal the same boards (the
    /// random-input tests stay the same run every time).
    pub fn next_seed(&mut self) -> u64 {
        use rand::RngExt;
        self.rng.random()
    }

    fn new_game(&mut self, now: Instant) {
        let seed = self.next_seed();
        // A new game after a daily deal is an ordinary one.
        let config = Config {
            seed,
            daily: None,
            ..self.config
        };
        // The size was valid for the first deal, so it is valid again.
        if let Ok(game) = Self::new(config, now) {
            self.replace_with(game, now);
        }
    }

    /// Plays `game` from now on, keeping what the screen set (the pace, and
    /// whether the board is hidden, which the new clock follows).
    fn replace_with(&mut self, game: Game, now: Instant) {
        let (pace, covered) = (self.pace, self.covered);
        *self = game;
        self.pace = pace;
        self.covered = covered;
        self.sync_clock(now);
    }

    fn toggle_pause(&mut self, now: Instant) {
        if self.win.is_some() || self.time_up.is_some() {
            return;
        }
        self.paused = !self.paused;
        self.changed();
        self.sync_clock(now);
    }

    /// Hides the board from the player (help, a menu, a screen too small)
    /// or shows it again: the clock and the streak window stand meanwhile,
    /// as in a pause.
    pub fn set_covered(&mut self, covered: bool, now: Instant) {
        self.tick(now);
        self.covered = covered;
        self.sync_clock(now);
    }

    /// Runs the clock exactly while the board is in play: not paused, not
    /// covered, not won and not timed out. The streak window, timed in
    /// playing time, stands with it.
    pub(crate) fn sync_clock(&mut self, now: Instant) {
        let run = !self.paused && !self.covered && self.win.is_none() && self.time_up.is_none();
        if !run {
            self.clock.pause(now);
        } else if !self.clock.is_running() {
            self.clock.resume(now);
        }
    }

    /// Whether the board a match cleared still shows, empty, over the next
    /// level's tiles, so a pick is not taken. Tiles sliding after a match
    /// are no reason to refuse one: the screen turns a click into the cell
    /// of the tile drawn under the pointer, wherever it is on its way, and
    /// the cursor's marks travel with the tile bound for its cell, so Select
    /// takes the tile they are on.
    fn next_board_hidden(&self, now: Instant) -> bool {
        self.removal(now).is_some_and(|r| r.cleared)
    }

    /// Ends the line and the slide of the last match at once.
    fn finish_animation(&mut self, now: Instant) {
        if let Some(r) = self.removal.as_mut() {
            r.at = now.checked_sub(self.pace.total()).unwrap_or(r.at.min(now));
        }
    }

    fn select(&mut self, p: Point, now: Instant) {
        let kind = self.board.get(p);
        if kind == EMPTY {
            return;
        }
        let Some(first) = self.selected else {
            self.selected = Some(p);
            return;
        };
        if first == p {
            self.selected = None;
            return;
        }
        let path = if self.board.get(first) == kind {
            find_path(&self.board, first, p, RULES).ok_or(Notice::NoPath)
        } else {
            Err(Notice::DifferentTiles)
        };
        match path {
            Ok(path) => {
                self.checkpoint();
                self.remove(path, kind, now);
            }
            Err(reason) => {
                self.selected = Some(p);
                self.notice = Some((reason, now));
                self.on_show.mismatch = Some(Mismatch {
                    first,
                    second: p,
                    reason,
                    at: now,
                });
            }
        }
    }

    fn remove(&mut self, path: Path, kind: Tile, now: Instant) {
        let slides = match path.ends() {
            Some((a, b)) => remove_pair(&mut self.board, a, b, self.level.gravity),
            None => Vec::new(),
        };
        let points = self.score.record_match(self.clock.elapsed(now));
        self.drop_board_marks();
        self.notice = None;
        let cleared = self.board.tile_count() == 0;
        // Time left on a cleared timed level counts, once: here, not in
        // settle(), which a resumed won game passes through again.
        let bonus = match self.remaining(now) {
            Some(left) if cleared => u32::try_from(seconds_begun(left)).unwrap_or(u32::MAX),
            _ => 0,
        };
        self.score.add(bonus);
        self.removal = Some(Removal {
            kind,
            path,
            at: now,
            points,
            slides,
            cleared,
            bonus,
            level: self.level,
        });
        self.drop_gone_highlight();
        // A match on a lost board leaves it lost: no search for that.
        let known = self.unwinnable.then_some(true);
        self.settle(now, known);
    }

    /// After a new board or a match: on a cleared board deal the next level
    /// or declare the win; else end a deadlock by a winnable reshuffle, or
    /// find out whether the board is lost (unless that is `known`). A
    /// deadlock no reshuffle ends is lost: no pair can go.
    pub(crate) fn settle(&mut self, now: Instant, known: Option<bool>) {
        self.unwinnable = false;
        if self.board.tile_count() == 0 {
            if !self.next_level(now) {
                self.declare_win(now);
            }
            return;
        }
        if find_match(&self.board).is_none() {
            let notice = self.shuffle_kinds();
            self.unwinnable = notice == Notice::NoReshuffle;
            self.notice = Some((notice, now));
        } else {
            self.unwinnable = known.unwrap_or_else(|| self.proved_unwinnable());
        }
    }

    /// Replaces the board by a winnable reshuffle of it; the notice to show.
    /// A reshuffle that fails leaves the board as it was, with the
    /// selection and the hint on it.
    fn shuffle_kinds(&mut self) -> Notice {
        match reshuffle(&self.board, &self.level_config(), &mut self.rng) {
            Some(dealt) => {
                self.drop_board_marks();
                self.board = dealt.board;
                self.unwinnable = false;
                Notice::Deadlock
            }
            None => Notice::NoReshuffle,
        }
    }

    /// Ends the game if the board is clear.
    fn declare_win(&mut self, now: Instant) {
        if self.board.tile_count() > 0 {
            return;
        }
        self.clock.pause(now);
        // The winning match is the last move: undo's last state is the
        // one before it, in play, redone or resumed alike.
        let (undo, _) = self.history.stacks();
        let bonus = undo
            .last()
            .map_or(0, |before| self.score.beyond_match(&before.score));
        self.win = Some(Win {
            score: self.score.points,
            time: self.clock.elapsed(now),
            bonus,
            assisted: self.assisted,
            game: self.id,
        });
    }

    /// Deals the next level of a run on a cleared board, the score carried
    /// over; undo starts afresh there. Returns false when the game ends here.
    fn next_level(&mut self, now: Instant) -> bool {
        use rand::RngExt;
        let elapsed = self.clock.elapsed(now);
        let Some(next) = self.level.next(self.config.mode, elapsed) else {
            return false;
        };
        let c = self.config;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.rng.random::<u64>());
        // The size was valid for the first deal, so it is valid again.
        let next_config = Config {
            mode: Mode::Single(next.gravity),
            ..c
        };
        let Ok(dealt) = deal(&next_config, &mut rng) else {
            return false;
        };
        self.board = dealt.board;
        self.rng = rng;
        self.level = next;
        self.history = History::default();
        // The removal stays: its line is drawn over the new board (the
        // last pair cleared the old one, so nothing slides).
        self.highlight = None;
        self.drop_board_marks();
        self.notice = Some((Notice::NextLevel, now));
        // A winnable deal: no search needed.
        self.settle(now, Some(false));
        true
    }

    /// Ends a timed game whose level time has run out by `now`.
    pub fn tick(&mut self, now: Instant) {
        if self.time_up.is_some()
            || self.win.is_some()
            || self.remaining(now) != Some(Duration::ZERO)
        {
            return;
        }
        self.clock.pause(now);
        self.paused = false;
        self.selected = None;
        self.changed();
        self.time_up = Some(TimeUp {
            score: self.score.points,
            level: self.level.number,
        });
    }

    /// Drops what marks tiles of the board as it was (the selection, the
    /// hint, what is on show), after a match or a board dealt anew.
    fn drop_board_marks(&mut self) {
        self.selected = None;
        self.hint = None;
        self.on_show = OnShow::default();
    }

    fn hint(&mut self, now: Instant) {
        if self.hint.is_some() {
            return;
        }
        // A pair paid for on this very board, dropped with Esc or shown
        // before the board came back by other moves (found by the re-test,
        // rt45: `t`, a match, `t`, `u`, `u`, the same match, `t` spent a
        // second hint). Shown again it is no new move, so what redo holds
        // stays (a step here forgot it, found by the play-test, pt45: `t`,
        // Esc, `r`, `u`, `t`, `o` said nothing to redo): the hint undo took
        // back comes back as redo brings it, so undo takes it back again;
        // any other shows with its help, as a hint's, the next match
        // earning as after one.
        let paid = self.on_show.dismissed.take();
        if let Some(pair) = paid.or_else(|| self.paid_pair_on(&self.board)) {
            let redone = if self.undone_here().is_some_and(|u| u.hint == Some(pair)) {
                self.history.redo(self.snapshot())
            } else {
                None
            };
            match redone {
                Some(after) => self.restore(after),
                None => {
                    self.score.record_help();
                    self.hint = Some(pair);
                }
            }
            self.changed();
            self.on_show.hint_at = Some(now);
            return;
        }
        if self.hints_left == 0 {
            self.notice = Some((Notice::NoHintsLeft, now));
            return;
        }
        // No pair keeps a lost board winnable: a hint spent on one would
        // only show any move. The hint's search, with four times the time of
        // the check after the last match, may prove the loss that one could
        // not.
        let found = self.smart_hint();
        if found.lost {
            self.unwinnable = true;
            self.changed();
            self.notice = Some((Notice::HintLost, now));
            return;
        }
        // settle() ends every deadlock, so a move exists whenever tiles are left.
        if let Some(pair) = found.mv.map(|m| (m.a, m.b)) {
            self.checkpoint();
            self.assisted = true;
            self.hints_left -= 1;
            self.hint = Some(pair);
            self.paid_hints.push((self.board.clone(), pair));
            self.on_show.hint_at = Some(now);
            self.score.record_help();
        }
    }

    /// A reshuffle the player asked for. While the board is proved lost it
    /// is granted even with no reshuffles left (one is used if any are).
    fn reshuffle_on_request(&mut self, now: Instant) {
        if self.reshuffles_left == 0 && !self.unwinnable {
            self.notice = Some((Notice::NoReshufflesLeft, now));
            return;
        }
        let before = self.snapshot();
        // Tried or not, the generator moved on: a change to keep.
        self.changed();
        if self.shuffle_kinds() != Notice::Deadlock {
            self.notice = Some((Notice::NoReshuffle, now));
            return;
        }
        self.history.record(before);
        self.reshuffles_left = self.reshuffles_left.saturating_sub(1);
        self.score.record_help();
        self.notice = Some((Notice::Reshuffled, now));
    }

    /// The pair a hint of this game showed on `board`, which was paid for.
    fn paid_pair_on(&self, board: &Board) -> Option<(Point, Point)> {
        self.paid_hints
            .iter()
            .find(|(b, _)| b == board)
            .map(|&(_, pair)| pair)
    }

    /// The state undo last took back (redo's next), where it stood on this
    /// very board: a hint undo took back, on show or dropped with Esc.
    fn undone_here(&self) -> Option<&Snapshot> {
        self.history
            .stacks()
            .1
            .last()
            .filter(|u| u.board == self.board)
    }

    /// The state a move changes, as it stands now.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            rng: self.rng.clone(),
            score: self.score,
            hint: self.hint,
            dismissed: self.on_show.dismissed,
            unwinnable: self.unwinnable,
        }
    }

    /// Puts `s` back; what was on show of the replaced state goes, but for
    /// the hinted pair `s` had dropped with Esc, which `t` shows again free.
    fn restore(&mut self, s: Snapshot) {
        let Snapshot {
            board,
            rng,
            score,
            hint,
            dismissed,
            unwinnable,
        } = s;
        let paid = dismissed.filter(|_| hint.is_none());
        self.board = board;
        self.rng = rng;
        self.score = score;
        self.hint = hint;
        self.selected = None;
        self.removal = None;
        self.on_show = OnShow::resumed(paid);
        self.drop_gone_highlight();
        self.unwinnable = unwinnable;
    }

    /// Records the state before a move, for undo.
    fn checkpoint(&mut self) {
        let before = self.snapshot();
        self.history.record(before);
        self.changed();
    }

    /// Takes note that the state a save keeps has changed.
    fn changed(&mut self) {
        self.revision = Revision::fresh();
    }

    fn undo(&mut self, now: Instant) {
        let Some(before) = self.history.undo(self.snapshot()) else {
            self.notice = Some((Notice::NothingToUndo, now));
            return;
        };
        self.restore(before);
        // A hint taken back, or dropped with Esc and then taken back, leaves
        // its pair paid for: `t` shows it again free on the board it was
        // paid on (the state undone, now redo's, was on this very board).
        // Undo takes back the move, not the help: the next match earns as
        // after a hint (found by the play-test, pt45: `t`, `u` and the
        // pair matched earned 10 points, 5 after the hint).
        if let Some(pair) = self.undone_here().and_then(Snapshot::paid_pair) {
            self.score.record_help();
            if self.hint.is_none() && self.on_show.dismissed.is_none() {
                self.on_show.dismissed = Some(pair);
            }
        }
        self.changed();
        self.assisted = true;
        self.undos = self.undos.saturating_add(1);
        self.win = None;
        self.sync_clock(now);
        self.notice = Some((Notice::Undone, now));
    }

    fn redo(&mut self, now: Instant) {
        let Some(after) = self.history.redo(self.snapshot()) else {
            self.notice = Some((Notice::NothingToRedo, now));
            return;
        };
        self.restore(after);
        self.changed();
        self.notice = Some((Notice::Redone, now));
        // A redone last match wins again; any deadlock after it was already
        // reshuffled in the snapshot.
        self.declare_win(now);
    }

    fn highlight(&mut self, p: Point) {
        let kind = if self.board.contains(p) {
            self.board.get(p)
        } else {
            EMPTY
        };
        self.highlight = (kind != EMPTY && self.highlight != Some(kind)).then_some(kind);
    }

    /// Clears the highlight once no tile of its kind is left.
    fn drop_gone_highlight(&mut self) {
        if let Some(kind) = self.highlight
            && !self.board.tiles().contains(&kind)
        {
            self.highlight = None;
        }
    }

    /// How long lines and slides play.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// Sets how long lines and slides play (the player's setting).
    pub fn set_pace(&mut self, pace: Pace) {
        self.pace = pace;
    }

    /// Whether anything is marked on the board that Esc drops: a selected
    /// tile, a hinted pair or a highlighted kind.
    pub fn has_marks(&self) -> bool {
        self.selected.is_some() || self.hint.is_some() || self.highlight.is_some()
    }

    /// Whether the game has no move to lose: nothing to undo or redo on its
    /// first level. Such a game is not saved, and can be left without asking.
    pub fn is_untouched(&self) -> bool {
        self.history.undo_len() + self.history.redo_len() == 0 && self.level.number == 0
    }

    /// The board as it stands (matched tiles are already gone).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The settings of this game, with the size of its board.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The selected tile, waiting for its partner.
    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// The pair shown by the last hint, until it is used or the board changes.
    pub fn hint_pair(&self) -> Option<(Point, Point)> {
        self.hint
    }

    /// A pair a hint was paid for on the board as it stands, not on show:
    /// `t` shows it without spending a hint.
    pub(crate) fn paid_hint(&self) -> Option<(Point, Point)> {
        self.on_show
            .dismissed
            .or_else(|| self.paid_pair_on(&self.board))
            .filter(|_| self.hint.is_none())
    }

    /// When the hint on show was given, if it was given in this session
    /// (a hint put back by undo or a resume has no time).
    pub fn hint_since(&self) -> Option<Instant> {
        self.hint.and(self.on_show.hint_at)
    }

    /// The last pair picked that did not match, until the board changes.
    pub fn mismatch(&self) -> Option<Mismatch> {
        self.on_show.mismatch
    }

    /// The last match, however long ago, until undo or redo puts another
    /// state back or another game begins; a reshuffle and the next level's
    /// deal keep it (for the points shown where it happened).
    pub fn last_match(&self) -> Option<&Removal> {
        self.removal.as_ref()
    }

    /// The size of the streak a match at `now` would extend ("x3 combo":
    /// the last match was the third quick one in a row), while the clock
    /// runs and the streak's window is open.
    pub fn combo(&self, now: Instant) -> Option<u32> {
        let end = self.score.window_end()?;
        (self.clock.is_running() && self.clock.elapsed(now) < end).then_some(self.score.streak + 1)
    }

    /// The score so far.
    pub fn score(&self) -> u32 {
        self.score.points
    }

    /// The current streak of quick matches.
    pub fn streak(&self) -> u32 {
        self.score.streak
    }

    /// Playing time up to `now` (paused time excluded).
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// How long until the shown time changes, or `None` while the clock stands.
    pub fn until_next_second(&self, now: Instant) -> Option<Duration> {
        self.clock.until_next_second(now)
    }

    /// Whether the game is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Hints left in this game.
    pub fn hints_left(&self) -> u32 {
        self.hints_left
    }

    /// The hints this game paid for itself, not those a restart carried
    /// over from the game before it: what the statistics count (found by
    /// the play-test, pt46: one hint, a win, a restart and a second win
    /// counted two).
    pub fn hints_paid(&self) -> u32 {
        self.config
            .hints
            .saturating_sub(self.hints_left)
            .saturating_sub(self.hints_carried)
    }

    /// Requested reshuffles left in this game.
    pub fn reshuffles_left(&self) -> u32 {
        self.reshuffles_left
    }

    /// The last removed pair while its line is still on show at `now`.
    pub fn removal(&self, now: Instant) -> Option<&Removal> {
        self.removal
            .as_ref()
            .filter(|r| now.saturating_duration_since(r.at) < self.pace.line)
    }

    /// The notice for the player, while it is fresh at `now`.
    pub fn notice(&self, now: Instant) -> Option<Notice> {
        self.notice
            .filter(|&(_, at)| now.saturating_duration_since(at) < NOTICE_TIME)
            .map(|(n, _)| n)
    }

    /// The next moment something on screen changes by itself: a line, a
    /// slide or a notice ends, or a timed level runs out. `None` when nothing
    /// is pending.
    pub fn next_change(&self, now: Instant) -> Option<Instant> {
        let removal = self.removal(now).map(|r| r.at + self.pace.line);
        let slide = self
            .slides(now)
            .and(self.removal.as_ref())
            .map(|r| r.at + self.pace.total());
        let notice = self
            .notice
            .filter(|_| self.notice(now).is_some())
            .map(|(_, at)| at + NOTICE_TIME);
        // The time left shows in whole seconds, rounded up: it changes at
        // each whole second left, and the game is lost at zero.
        let deadline = self
            .remaining(now)
            .filter(|_| self.clock.is_running() && self.time_up.is_none())
            .map(|left| match left.subsec_nanos() {
                0 => now + left.min(Duration::from_secs(1)),
                sub => now + Duration::from_nanos(u64::from(sub)),
            });
        // The clock runs while the window is open: it closes as far ahead.
        let combo = self
            .score
            .window_end()
            .filter(|_| self.combo(now).is_some())
            .map(|end| now + end.saturating_sub(self.clock.elapsed(now)));
        [removal, slide, notice, deadline, combo]
            .into_iter()
            .flatten()
            .min()
    }

    /// The result, once the board is empty.
    pub fn win(&self) -> Option<Win> {
        self.win
    }

    /// Whether undo or a hint has been used in this game, or the solver
    /// played it (a demo): for the win screen and the high scores.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// How many moves undo has taken back in this game (redone or not).
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Whether the demo played this deal (this game or the one it
    /// restarted), which the win box names among what helped.
    pub fn watched(&self) -> bool {
        self.watched
    }

    /// Marks this game assisted: the solver plays it (a demo), so it never
    /// enters the high scores as the player's own, nor does its deal
    /// restarted ([`Action::Restart`]). A new game is not.
    pub fn mark_assisted(&mut self) {
        if !self.assisted || !self.watched {
            self.assisted = true;
            self.watched = true;
            self.changed();
        }
    }

    /// The state a save would keep, as of its last change: equal
    /// revisions are the same saved game (see [`Revision`]).
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The moves that can be undone and redone.
    pub fn history(&self) -> &History<Snapshot> {
        &self.history
    }

    /// Whether the solver proved that the board can no longer be cleared
    /// (the player paired copies of a kind the wrong way): undo or a
    /// reshuffle gets out of it.
    pub fn is_unwinnable(&self) -> bool {
        self.unwinnable
    }

    /// The kind whose tiles are all highlighted, if any.
    pub fn highlight_kind(&self) -> Option<Tile> {
        self.highlight
    }

    /// The level being played and its gravity variant.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The level whose board is on show at `now`: the one just cleared
    /// while the line of its last match is drawn on its empty board (the
    /// next level is dealt already), else the level in play.
    pub fn level_on_show(&self, now: Instant) -> Level {
        self.removal(now).map_or(self.level, |r| r.level)
    }

    /// The time left at `now` of the level on show (see
    /// [`Game::level_on_show`]): while a cleared level's last line shows,
    /// what was left of it when it was cleared (the next level's clock
    /// started then), else [`Game::remaining`].
    pub fn remaining_on_show(&self, now: Instant) -> Option<Duration> {
        let limit = self.time_limit()?;
        match self.removal(now) {
            Some(r) if r.level != self.level => Some(r.level.remaining(limit, self.level.started)),
            _ => self.remaining(now),
        }
    }

    /// The time limit of each level, in a timed game.
    pub fn time_limit(&self) -> Option<Duration> {
        self.config
            .timed
            .then(|| time_limit(self.config.rows, self.config.cols))
    }

    /// The time left on this level at `now`, in a timed game.
    pub fn remaining(&self, now: Instant) -> Option<Duration> {
        let limit = self.time_limit()?;
        Some(self.level.remaining(limit, self.clock.elapsed(now)))
    }

    /// The end of a timed game whose time ran out.
    pub fn time_up(&self) -> Option<TimeUp> {
        self.time_up
    }

    /// The tiles of the last match sliding at `now`, with how far they have
    /// got (0 while the line is on show, then up to 1 over the pace's slide).
    pub fn slides(&self, now: Instant) -> Option<(&[Slide], f32)> {
        let r = self.removal.as_ref().filter(|r| !r.slides.is_empty())?;
        let shown = now.saturating_duration_since(r.at);
        if shown >= self.pace.total() {
            return None;
        }
        let moved = shown.saturating_sub(self.pace.line).as_secs_f32()
            / self.pace.slide.as_secs_f32().max(1e-6);
        Some((&r.slides, moved.min(1.0)))
    }

    /// Whether something moves at `now` (a line grows or tiles slide), so the
    /// screen is drawn every frame.
    pub fn animating(&self, now: Instant) -> bool {
        self.removal(now).is_some() || self.slides(now).is_some()
    }
}

#[cfg(test)]
mod assist_tests;
#[cfg(test)]
mod level_tests;
#[cfg(test)]
pub(crate) use assist_tests::{WRONG as TRAP_WRONG, trap as trap_board};
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod undo_tests;
