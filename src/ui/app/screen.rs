//! The screens over the board: help, the level card, the menus and forms,
//! the high scores and the statistics. The app keeps them on a stack; the
//! top one takes every key and click, and any of them hides the board and
//! stops the clock.
//!
//! Menus and forms are lists: each gives its [`ListView`] (what to draw, the
//! same rows a click is matched against) and says what choosing a row does.

use std::time::{Duration, Instant};

use unicode_width::UnicodeWidthStr;

use crate::core::gravity::Gravity;
use crate::game::limits::MAX_KINDS;
use crate::game::limits::{MAX_COLS, MAX_ROWS};
use crate::game::{Difficulty, Mode, show_time};
use crate::persist::scores::{BoardKey, Entry};
use crate::persist::settings::{Animation, GameChoice, PRESETS, Settings, modes};
use crate::persist::stats::Page;
use crate::ui::app::keys::Command;
use crate::ui::app::pages::BoxSize;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::{Charset, Theme};

/// How long the level card shows before it goes by itself.
pub const LEVEL_CARD_TIME: Duration = Duration::from_secs(2);

/// How long the level card, the message box and the win box show before a
/// key or click may act on them (see [`crate::ui::app::App::top`]): a key
/// held down from the last match (it repeats every 30 ms or so) took them
/// one frame after they showed, unread.
pub const LEAST_SHOWN: Duration = Duration::from_millis(400);

/// A screen on top of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    /// The keys and the rules; on a screen too small for them all, scrolled
    /// down by `top` lines.
    Help {
        /// The first line shown.
        top: usize,
    },
    /// "Level 3 of 7": between two boards of a run, from the moment the
    /// line of the last match has shown (`from`) until a key, a click or
    /// [`LEVEL_CARD_TIME`] later.
    LevelCard {
        /// When the card appears (the cleared board and its line show until then).
        from: Instant,
    },
    /// A list of choices.
    Menu(Menu),
    /// The choices of a new game.
    NewGame(NewGameForm),
    /// The settings.
    Settings(SettingsForm),
    /// The high-score tables, one at a time.
    Scores(ScoresView),
    /// The statistics, one page (all games, or one difficulty) at a time.
    Stats(StatsView),
}

/// One row of a list as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListRow {
    /// The words on the left.
    pub label: String,
    /// The value of a form's field, shown `< value >` on the right.
    pub value: Option<String>,
    /// The letter that chooses the row at once (highlighted in the label);
    /// on a form never h, j, k or l, which move and change the fields.
    pub hotkey: Option<char>,
    /// Shown on the right: why a choice does not fit or has nothing to act
    /// on (the row is then dimmed), or, with `lit`, what is worth knowing
    /// before choosing it.
    pub note: Option<String>,
    /// Whether the row stays lit beside its note: the choice still acts
    /// (Daily deal "played today" plays it again, as a replay).
    pub lit: bool,
}

impl ListRow {
    fn item(label: &str, hotkey: char) -> Self {
        ListRow {
            label: label.to_string(),
            value: None,
            hotkey: Some(hotkey),
            note: None,
            lit: false,
        }
    }

    fn field(label: &str, hotkey: char, value: String) -> Self {
        ListRow {
            value: Some(value),
            ..ListRow::item(label, hotkey)
        }
    }

    /// What is drawn at the right of a row `width` columns wide: the note,
    /// then `< value >` at the right edge, so that a note coming and going
    /// does not move the `<` (see [`ListRow::value_text`]). On a row too
    /// narrow for it all beside the label, the note goes first, then the
    /// padding that keeps the `<` in one column as the value steps, so the label
    /// stays whole (at 32 columns the New game form drew `Mod<` and the
    /// board's note over `Board`). `labels` is the widest label of the
    /// list's fields (see [`ListView::labels`]).
    pub fn right_text(&self, width: usize, labels: usize) -> String {
        let value = self.value_text(width, labels).unwrap_or_default();
        match &self.note {
            Some(note) if self.room(width) >= note.width() + 1 + value.width() => {
                format!("{note} {value}")
            }
            _ => value,
        }
    }

    /// `< value >` as drawn at the right edge of a row `width` columns
    /// wide (see [`ListRow::right_text`]): clicks read it too (its `<`
    /// steps a field back).
    pub fn value_text(&self, width: usize, labels: usize) -> Option<String> {
        let value = self.value.as_ref()?;
        let full = format!("< {value} > ");
        // Short of room, every field keeps to the room the list's widest
        // field label (`labels` columns) leaves, so their `<` stand in one
        // column (found by the play-test, pt46: at 40 columns Difficulty's
        // stood apart), and the value keeps what padding fits, down to
        // none inside its arrows, so that its `<` stays put as it steps
        // while its words fit (at 40 columns `< normal >` and `<  easy  >`,
        // and `<one board, no gravity>`).
        let room = width.saturating_sub(labels.max(self.label_width()) + 1);
        if full.width() <= room {
            return Some(full);
        }
        let words = value.trim();
        let fits = room.saturating_sub("<> ".len());
        Some(if words.width() <= fits {
            format!("<{words:^fits$}> ")
        } else {
            format!("< {words} > ")
        })
    }

    /// The columns a row `width` wide leaves right of its label (see
    /// [`ListRow::label_width`]) and a space.
    fn room(&self, width: usize) -> usize {
        width.saturating_sub(self.label_width() + 1)
    }

    /// The columns up to the end of the label: the three of the selection
    /// mark, the label, and its key after it (` (?)`) when the key is no
    /// letter of it.
    fn label_width(&self) -> usize {
        let key = if self.key_after_label().is_some() {
            4
        } else {
            0
        };
        3 + self.label.width() + key
    }

    /// The columns the row wants drawn whole: its label and a space, then
    /// `< value >` and the note beside it, each with a column to spare.
    /// A list's box is as wide as its widest row wants.
    pub fn wanted_width(&self) -> usize {
        let value = self.value.as_ref().map_or(0, |v| v.width() + 6);
        let note = self.note.as_ref().map_or(0, |n| n.width() + 3);
        self.label_width() + 1 + value + note
    }

    /// The row's key when it is no letter of its label (Help's `?`): drawn
    /// after the label, ` (?)`, so every item says its key.
    pub fn key_after_label(&self) -> Option<char> {
        self.hotkey
            .filter(|&k| !self.label.to_lowercase().contains(k))
    }
}

/// What a list screen shows: its title, a line under it, the rows and the
/// highlighted one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListView {
    /// The title of the box.
    pub title: String,
    /// A line under the title, if any (or lines, parted by `\n`).
    pub subtitle: Option<String>,
    /// The rows, top to bottom.
    pub rows: Vec<ListRow>,
    /// The index of the highlighted row.
    pub selected: usize,
    /// The least width of the box inside its border: room for every note
    /// its rows can show, so that the box keeps its size, and its fields'
    /// `<` their column, as a note comes and goes (the New game form's
    /// `needs 82x14`).
    pub least_width: usize,
    /// What Esc does, as the key line under the list says it (`Esc back`):
    /// "back" but on the start menu, which has nothing to go back to and
    /// plays the game behind it.
    pub esc: &'static str,
}

impl ListView {
    /// The columns the widest of its fields' labels takes (see
    /// [`ListRow::value_text`]); none in a list of no fields.
    pub fn labels(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| r.value.is_some())
            .map(ListRow::label_width)
            .max()
            .unwrap_or(0)
    }

    /// The row whose hotkey is `c` (either case), if any.
    pub fn hotkey(&self, c: char) -> Option<usize> {
        let c = c.to_ascii_lowercase();
        self.rows.iter().position(|r| r.hotkey == Some(c))
    }
}

/// What choosing a menu item does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuAction {
    /// Close the menu and play on.
    Resume,
    /// Open the new-game choices.
    NewGame,
    /// Deal today's daily deal.
    Daily,
    /// Deal a new game of the last new game's choices for the solver to play.
    Demo,
    /// Deal this game's first board again, from its seed.
    Restart,
    /// Open the settings.
    Settings,
    /// Open the high scores.
    Scores,
    /// Open the statistics.
    Stats,
    /// Open the help.
    Help,
    /// Quit, saving the game.
    Quit,
    /// Throw the game in progress away and do what was asked.
    Abandon(Abandon),
    /// Keep the game in progress (close the question).
    Keep,
    /// Close the menu and do what this board key does (hint, undo,
    /// reshuffle): the mouse's way to the keys that have no tile to click.
    Board(Command),
    /// Record the finished game's score under the name typed so far.
    Record,
}

/// What abandoning the game in progress is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Abandon {
    /// A new deal of the same settings (after a daily deal, of the New
    /// game form's).
    ForNewGame,
    /// The first board of this game again.
    ForRestart,
    /// A game of these choices.
    ForChoice(GameChoice),
    /// Today's daily deal.
    ForDaily,
    /// A demo of a new deal.
    ForDemo,
}

/// Which menu, for its title and its items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuKind {
    /// The first screen of a start that asked for no particular game.
    Start,
    /// The menu in the game: the board is hidden and the clock stands.
    Pause {
        /// Whether the game is a run of levels, which Restart deals again
        /// from its first board (see `restart_item`).
        run: bool,
    },
    /// "Abandon this game?" before something throws the game away.
    Confirm(Abandon),
    /// What a click on a won or lost game offers: its score to record (when
    /// it ranks and is not recorded yet) and undo (when still allowed),
    /// then the other menus' items that do not play the board, so that the
    /// mouse alone reaches the settings, help and a demo from a finished game.
    Finished {
        /// Whether the game was won (else its time ran out): the title
        /// says so, as the box under the menu did.
        won: bool,
        /// Whether "Record my score" is offered.
        record: bool,
        /// Whether undo is offered.
        undo: bool,
        /// Whether the game is a run of levels (see `restart_item`).
        run: bool,
    },
}

/// A menu on screen: its items and the one under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    /// Which menu this is.
    pub kind: MenuKind,
    /// The choices, top to bottom, with their hotkeys.
    pub items: Vec<MenuItem>,
    /// The index of the highlighted item.
    pub selected: usize,
}

/// An item of a menu: its label, its hotkey, what it does.
pub type MenuItem = (&'static str, char, MenuAction);

/// The item that deals the game's first board again. In a run of levels
/// that is the run's first level, not the board on show, so it says so: a
/// player who ran out of time on level 4 was offered "Restart this deal"
/// and found themselves on level 1.
fn restart_item(run: bool) -> MenuItem {
    let label = if run {
        "Restart the run"
    } else {
        "Restart this deal"
    };
    (label, 'a', MenuAction::Restart)
}

/// The items every menu beside the board ends with, in one order, so that
/// an item found in one menu stands in the same place in the next.
fn closing_items() -> [MenuItem; 6] {
    use MenuAction as A;
    [
        ("Watch a demo", 'w', A::Demo),
        ("Settings", 'e', A::Settings),
        ("High scores", 'h', A::Scores),
        ("Statistics", 's', A::Stats),
        ("Help", '?', A::Help),
        ("Quit", 'q', A::Quit),
    ]
}

impl Menu {
    /// The menu of `kind` with its first item highlighted.
    pub fn new(kind: MenuKind) -> Self {
        use MenuAction as A;
        let mut items: Vec<MenuItem> = match &kind {
            MenuKind::Start => vec![
                ("Play", 'p', A::Resume),
                ("New game", 'n', A::NewGame),
                ("Daily deal", 'd', A::Daily),
            ],
            // Each letter the board's key for the same action (p pauses
            // and goes on), and the other menus' for the same item.
            &MenuKind::Pause { run } => vec![
                ("Resume play", 'p', A::Resume),
                ("Hint", 't', A::Board(Command::Hint)),
                ("Undo", 'u', A::Board(Command::Undo)),
                ("Redo", 'o', A::Board(Command::Redo)),
                ("Reshuffle", 'r', A::Board(Command::Reshuffle)),
                ("New game", 'n', A::NewGame),
                ("Daily deal", 'd', A::Daily),
                restart_item(run),
            ],
            MenuKind::Confirm(why) => vec![
                ("No, keep playing", 'n', A::Keep),
                ("Yes, abandon it", 'y', A::Abandon(why.clone())),
            ],
            &MenuKind::Finished {
                record, undo, run, ..
            } => {
                let mut items = Vec::new();
                if record {
                    items.push(("Record my score", 'r', A::Record));
                }
                // The deal again, as the pause menu offers it: the way to
                // retry a board the time ran out on.
                items.extend([
                    ("New game", 'n', A::NewGame),
                    ("Daily deal", 'd', A::Daily),
                    restart_item(run),
                ]);
                if undo {
                    items.push(("Undo the last match", 'u', A::Board(Command::Undo)));
                }
                items
            }
        };
        if !matches!(kind, MenuKind::Confirm(_)) {
            items.extend(closing_items());
        }
        Menu {
            kind,
            items,
            selected: 0,
        }
    }

    /// The pause menu of a game that is a run of levels or not (`run`),
    /// with its Hint item only when hints are on.
    pub fn pause(hints: bool, run: bool) -> Self {
        let mut menu = Menu::new(MenuKind::Pause { run });
        menu.set_hints(hints);
        menu
    }

    /// Offers the Hint item or not, keeping the highlighted item where it
    /// is: the settings can turn hints off under an open pause menu.
    pub fn set_hints(&mut self, hints: bool) {
        let hint = MenuAction::Board(Command::Hint);
        let chosen = self.items.get(self.selected).map(|item| item.2.clone());
        *self = Menu::new(self.kind.clone());
        if !hints {
            self.items.retain(|item| item.2 != hint);
        }
        self.selected = chosen
            .and_then(|c| self.items.iter().position(|item| item.2 == c))
            .unwrap_or(0);
    }

    /// What the menu shows; the game's Chinese name only where the
    /// terminal takes Unicode.
    pub fn view(&self, charset: Charset) -> ListView {
        let (title, subtitle) = match self.kind {
            MenuKind::Start if charset == Charset::Unicode => {
                ("lianliankan", Some("连连看: clear the board in pairs"))
            }
            MenuKind::Start => ("lianliankan", Some("Clear the board in pairs")),
            MenuKind::Pause { .. } => ("Paused", None),
            MenuKind::Finished { won: true, .. } => ("You won", None),
            MenuKind::Finished { won: false, .. } => ("Game over", None),
            MenuKind::Confirm(_) => (
                "Abandon this game?",
                Some("Its moves and score will be lost."),
            ),
        };
        ListView {
            title: title.to_string(),
            subtitle: subtitle.map(str::to_string),
            rows: self
                .items
                .iter()
                .map(|&(label, key, _)| ListRow::item(label, key))
                .collect(),
            selected: self.selected,
            least_width: 0,
            esc: if self.kind == MenuKind::Start {
                "play"
            } else {
                "back"
            },
        }
    }

    /// What Esc does here: the start menu and the pause menu play on, a
    /// question keeps the game.
    pub fn back(&self) -> MenuAction {
        match self.kind {
            MenuKind::Start | MenuKind::Pause { .. } | MenuKind::Finished { .. } => {
                MenuAction::Resume
            }
            MenuKind::Confirm(_) => MenuAction::Keep,
        }
    }
}

/// The rows of the new-game form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewGameRow {
    /// The board size: a preset or custom.
    Board,
    /// Rows of a custom board.
    Rows,
    /// Columns of a custom board.
    Cols,
    /// Kinds of a custom board.
    Kinds,
    /// A run of levels or one variant.
    Mode,
    /// Timed or not.
    Timed,
    /// Easy, normal or hard deals.
    Difficulty,
    /// Deal it.
    Start,
}

/// The new-game form: the choices, starting from the last ones made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameForm {
    /// The choices so far.
    pub choice: GameChoice,
    /// Whether the board is a custom size (its rows, columns and kinds show).
    pub custom: bool,
    /// The highlighted row.
    pub selected: usize,
}

impl NewGameForm {
    /// The form, starting from `choice`, with Start (its last row)
    /// highlighted.
    pub fn new(choice: GameChoice) -> Self {
        let custom = choice.preset().is_none();
        let mut form = NewGameForm {
            choice,
            custom,
            selected: 0,
        };
        form.selected = form.rows().len() - 1;
        form
    }

    /// The most rows the form shows: with a custom board's rows, columns
    /// and kinds, which come and go as the Board field steps.
    pub fn most_rows(&self) -> usize {
        NewGameForm {
            custom: true,
            ..self.clone()
        }
        .rows()
        .len()
    }

    /// The rows shown, top to bottom.
    pub fn rows(&self) -> Vec<NewGameRow> {
        use NewGameRow as R;
        let sizes: &[NewGameRow] = if self.custom {
            &[R::Board, R::Rows, R::Cols, R::Kinds]
        } else {
            &[R::Board]
        };
        sizes
            .iter()
            .copied()
            .chain([R::Mode, R::Timed, R::Difficulty, R::Start])
            .collect()
    }

    /// What the form shows on a terminal of `screen` (`width`, `height`)
    /// with symbols `glyph` columns wide: a preset that does not fit is
    /// dimmed with the size it needs.
    pub fn view(&self, screen: (u16, u16), glyph: u16) -> ListView {
        let c = &self.choice;
        let rows = self
            .rows()
            .into_iter()
            .map(|row| match row {
                NewGameRow::Board => {
                    let value = match (self.custom, c.preset()) {
                        (false, Some(p)) => preset_words(&p),
                        _ => "custom".to_string(),
                    };
                    let value = aligned(
                        value,
                        PRESETS.iter().map(preset_words).chain(["custom".into()]),
                    );
                    let (w, h) = BoardLayout::min_screen(c.rows, c.cols, glyph);
                    let fits = w <= usize::from(screen.0) && h <= usize::from(screen.1);
                    ListRow {
                        note: (!fits).then(|| needs(c.rows, c.cols, glyph)),
                        ..ListRow::field("Board", 'b', value)
                    }
                }
                NewGameRow::Rows => ListRow::field("  Rows", 'r', number(c.rows, MAX_ROWS)),
                NewGameRow::Cols => ListRow::field("  Columns", 'o', number(c.cols, MAX_COLS)),
                NewGameRow::Kinds => ListRow::field("  Kinds", 'i', number(c.kinds, MAX_KINDS)),
                NewGameRow::Mode => ListRow::field(
                    "Mode",
                    'm',
                    aligned(mode_words(c.mode()), modes().map(mode_words)),
                ),
                NewGameRow::Timed => ListRow::field(
                    "Clock",
                    'c',
                    aligned(
                        if c.timed { "timed" } else { "untimed" }.into(),
                        ["untimed".into()],
                    ),
                ),
                NewGameRow::Difficulty => {
                    ListRow::field("Difficulty", 'd', difficulty_words(c.difficulty()))
                }
                NewGameRow::Start => ListRow::item("Start", 's'),
            })
            .collect();
        let rows = lined_up(rows);
        // The Board row with the widest note a preset or this board needs.
        let least_width = PRESETS
            .iter()
            .map(|p| needs(p.rows, p.cols, glyph))
            .chain([needs(c.rows, c.cols, glyph)])
            .map(|note| {
                let board = rows.iter().find(|r| r.label == "Board");
                board.map_or(0, |r| {
                    ListRow {
                        note: Some(note),
                        ..r.clone()
                    }
                    .wanted_width()
                })
            })
            .max()
            .unwrap_or(0);
        ListView {
            title: "New game".to_string(),
            subtitle: Some("left/right change a choice".to_string()),
            rows,
            selected: self.selected,
            least_width,
            esc: "back",
        }
    }

    /// Changes the highlighted field by `step` (left: -1, right: +1); a
    /// theme of `max_kinds` kinds bounds the kinds, and so does the most any
    /// deal (and save) holds, so Start never asks for a game that cannot be
    /// dealt.
    pub fn change(&mut self, step: isize, max_kinds: usize) {
        let max_kinds = max_kinds.min(MAX_KINDS);
        let Some(&row) = self.rows().get(self.selected) else {
            return;
        };
        let c = &mut self.choice;
        match row {
            NewGameRow::Board => {
                // The presets that the theme can show, then custom.
                let presets: Vec<_> = PRESETS.iter().filter(|p| p.kinds <= max_kinds).collect();
                let at = if self.custom {
                    presets.len()
                } else {
                    presets
                        .iter()
                        .position(|p| Some(**p) == c.preset())
                        .unwrap_or(0)
                };
                let next = cycle(at, presets.len() + 1, step);
                match presets.get(next) {
                    Some(p) => {
                        (c.rows, c.cols, c.kinds) = (p.rows, p.cols, p.kinds);
                        self.custom = false;
                    }
                    None => self.custom = true,
                }
            }
            NewGameRow::Rows => c.rows = bounded(c.rows, step, 1, MAX_ROWS),
            NewGameRow::Cols => c.cols = bounded(c.cols, step, 1, MAX_COLS),
            NewGameRow::Kinds => {
                let most = (c.rows * c.cols / 2).clamp(1, max_kinds);
                c.kinds = bounded(c.kinds, step, 1, most);
            }
            NewGameRow::Mode => {
                let all: Vec<Mode> = modes().collect();
                c.mode = stepped(&all, &c.mode(), step).name().to_string();
            }
            NewGameRow::Timed => c.timed = !c.timed,
            NewGameRow::Difficulty => step_difficulty(c, step),
            NewGameRow::Start => {}
        }
        // Keep a custom board dealable: an even number of cells (one more
        // step the way the player went, or back at the edge), kinds that fit.
        if !(c.rows * c.cols).is_multiple_of(2) {
            let (value, most) = match row {
                NewGameRow::Rows => (&mut c.rows, MAX_ROWS),
                _ => (&mut c.cols, MAX_COLS),
            };
            let on = value.saturating_add_signed(step.signum());
            *value = if on != *value && (1..=most).contains(&on) {
                on
            } else {
                value.saturating_add_signed(-step.signum()).max(1)
            };
        }
        c.kinds = c.kinds.clamp(1, (c.rows * c.cols / 2).clamp(1, max_kinds));
    }
}

/// The note of a board of `rows` x `cols` that does not fit the terminal,
/// with symbols `glyph` columns wide: the screen it needs.
fn needs(rows: usize, cols: usize, glyph: u16) -> String {
    let (w, h) = BoardLayout::min_screen(rows, cols, glyph);
    format!("needs {w}x{h}")
}

/// The fields of a form `rows` lined up in one column: every value centred
/// in the widest, so that the `<` and `>` of all fields stand one above the
/// other, however short a value (play42: `< untimed >` stood far right of
/// `<    run of 7 levels    >`). Each value is first padded to its own
/// field's widest choice ([`aligned`]), so the column stays put as any
/// field steps.
fn lined_up(rows: Vec<ListRow>) -> Vec<ListRow> {
    let width = rows
        .iter()
        .filter_map(|r| r.value.as_ref().map(|v| v.width()))
        .max()
        .unwrap_or(0);
    rows.into_iter()
        .map(|row| ListRow {
            value: row.value.map(|v| format!("{:^width$}", v.trim())),
            ..row
        })
        .collect()
}

/// `value` centred in the width of the widest of `choices` (the values its
/// field can take), so that the field's `<` stays in one column while a
/// click steps the field: a value of another width moved it under the
/// pointer, and the next click there stepped back instead of on. Centred,
/// the value sits between its arrows as on a spinner: right-aligned, a short
/// one floated far from its `<` (play40: `Mode  <     one board... >`).
fn aligned(value: String, choices: impl IntoIterator<Item = String>) -> String {
    let width = widest(choices);
    format!("{value:^width$}")
}

/// The width of the widest of `choices`, in characters.
fn widest(choices: impl IntoIterator<Item = String>) -> usize {
    choices
        .into_iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(0)
}

/// A number of a field that goes up to `most`, right-aligned as figures are
/// (the `<` stays put all the same).
fn number(value: usize, most: usize) -> String {
    let width = widest([most.to_string()]);
    format!("{value:>width$}")
}

/// A difficulty as a field shows it.
fn difficulty_words(d: Difficulty) -> String {
    aligned(
        d.name().to_string(),
        Difficulty::ALL.iter().map(|d| d.name().to_string()),
    )
}

/// A preset board in the forms' words ("medium 8x16").
fn preset_words(p: &crate::persist::settings::Preset) -> String {
    format!("{} {}x{}", p.name, p.rows, p.cols)
}

/// A mode in the words of the new-game form.
fn mode_words(mode: Mode) -> String {
    match mode {
        Mode::Levels => format!("run of {} levels", Mode::Levels.levels()),
        Mode::Single(Gravity::None) => "one board, no gravity".to_string(),
        Mode::Single(g) => format!("one board, {}", g.name()),
    }
}

/// Moves the difficulty of `c` by `step`, round the three.
fn step_difficulty(c: &mut GameChoice, step: isize) {
    c.difficulty = stepped(&Difficulty::ALL, &c.difficulty(), step)
        .name()
        .to_string();
}

/// `at` moved by `step` through `len` places, wrapping round.
fn cycle(at: usize, len: usize, step: isize) -> usize {
    (at as isize + step).rem_euclid(len.max(1) as isize) as usize
}

/// The choice `step` places from `current` among `all`, wrapping round
/// (counted from the first when `current` is not among them): what left
/// and right do on a field of named choices.
fn stepped<T: PartialEq + Clone>(all: &[T], current: &T, step: isize) -> T {
    let at = all.iter().position(|c| c == current).unwrap_or(0);
    all.get(cycle(at, all.len(), step))
        .cloned()
        .unwrap_or_else(|| current.clone())
}

/// `value` moved by `step`, kept within `low..=high`.
fn bounded(value: usize, step: isize, low: usize, high: usize) -> usize {
    value.saturating_add_signed(step).clamp(low, high.max(low))
}

/// The rows of the settings form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsRow {
    /// The tile theme.
    Theme,
    /// Colours on or off.
    Colors,
    /// Animation speed.
    Animation,
    /// Hints on or off.
    Hints,
    /// The board a new game starts from (a preset).
    Board,
    /// The difficulty a new game starts from.
    Difficulty,
    /// Save and close.
    Done,
}

/// The settings form: changes show at once and are saved on the way out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsForm {
    /// The settings as changed so far.
    pub settings: Settings,
    /// The highlighted row.
    pub selected: usize,
    /// The width the Tiles value is lined up to, fixed as the form opens
    /// (see [`tiles_width`]): a value not in use then (`--theme` chose for
    /// this run) is the widest, and the `<` stays put as the field steps
    /// off it.
    tiles_width: usize,
    /// The custom board (rows, columns, kinds) the settings held as the form
    /// opened, if any: the Board field steps round the presets and it, as
    /// the form has no fields to make one again once stepped past.
    custom: Option<(usize, usize, usize)>,
}

impl SettingsForm {
    /// The form over `settings`, the theme in use being `theme` and auto's
    /// pick `auto`, on a board of `kinds` kinds (see [`SettingsForm::view`]).
    pub fn new(settings: Settings, theme: &str, auto: &str, kinds: usize) -> Self {
        let tiles_width = tiles_width(settings.theme.as_deref(), theme, auto, kinds);
        let c = &settings.new_game;
        let custom = c.preset().is_none().then_some((c.rows, c.cols, c.kinds));
        SettingsForm {
            settings,
            selected: 0,
            tiles_width,
            custom,
        }
    }

    /// Every row, top to bottom.
    pub const ROWS: [SettingsRow; 7] = [
        SettingsRow::Theme,
        SettingsRow::Colors,
        SettingsRow::Animation,
        SettingsRow::Hints,
        SettingsRow::Board,
        SettingsRow::Difficulty,
        SettingsRow::Done,
    ];

    /// What the form shows; the theme in use is `theme` and auto's pick
    /// here is `auto` (`--theme` may have chosen another for this run), on a
    /// board of `kinds` kinds (to say why a theme chosen is not in use), and
    /// colours are drawn unless `no_color` (`NO_COLOR`, to say why colours
    /// chosen do not show).
    pub fn view(&self, theme: &str, auto: &str, kinds: usize, no_color: bool) -> ListView {
        let s = &self.settings;
        let on = |b: bool| aligned(if b { "on" } else { "off" }.into(), ["off".into()]);
        let colors = if no_color {
            let value = if s.color { "on (NO_COLOR)" } else { "off" };
            aligned(value.into(), ["on (NO_COLOR)".into()])
        } else {
            on(s.color)
        };
        let rows = Self::ROWS
            .iter()
            .map(|row| match row {
                SettingsRow::Theme => {
                    let words = tiles_words(s.theme.as_deref(), theme, auto, kinds);
                    let width = self.tiles_width;
                    ListRow::field("Tiles", 't', format!("{words:^width$}"))
                }
                SettingsRow::Colors => ListRow::field("Colours", 'c', colors.clone()),
                SettingsRow::Animation => {
                    let names = Animation::ALL.iter().map(|a| a.name().to_string());
                    ListRow::field("Animation", 'a', aligned(s.animation.name().into(), names))
                }
                SettingsRow::Hints => ListRow::field("Hints", 'i', on(s.hints)),
                SettingsRow::Board => {
                    let c = &s.new_game;
                    let custom = |rows, cols| format!("custom {rows}x{cols}");
                    let board = c
                        .preset()
                        .map_or_else(|| custom(c.rows, c.cols), |p| preset_words(&p));
                    let widest = PRESETS
                        .iter()
                        .map(preset_words)
                        .chain([custom(MAX_ROWS, MAX_COLS)]);
                    ListRow::field("New board", 'b', aligned(board, widest))
                }
                SettingsRow::Difficulty => {
                    ListRow::field("Difficulty", 'd', difficulty_words(s.new_game.difficulty()))
                }
                SettingsRow::Done => ListRow::item("Done", 'o'),
            })
            .collect();
        let rows = lined_up(rows);
        ListView {
            title: "Settings".to_string(),
            subtitle: Some("left/right change; kept for next time".to_string()),
            rows,
            selected: self.selected,
            least_width: 0,
            esc: "back",
        }
    }

    /// Changes the highlighted setting by `step`.
    pub fn change(&mut self, step: isize) {
        let s = &mut self.settings;
        match Self::ROWS.get(self.selected) {
            Some(SettingsRow::Theme) => {
                let names: Vec<Option<String>> = [None]
                    .into_iter()
                    .chain(Theme::names().map(|n| Some(n.to_string())))
                    .collect();
                s.theme = stepped(&names, &s.theme, step);
            }
            Some(SettingsRow::Colors) => s.color = !s.color,
            Some(SettingsRow::Animation) => {
                s.animation = stepped(&Animation::ALL, &s.animation, step);
            }
            Some(SettingsRow::Hints) => s.hints = !s.hints,
            Some(SettingsRow::Board) => {
                let c = &mut s.new_game;
                let boards: Vec<_> = PRESETS
                    .iter()
                    .map(|p| (p.rows, p.cols, p.kinds))
                    .chain(self.custom)
                    .collect();
                let now = (c.rows, c.cols, c.kinds);
                // From a board not among them, the first step lands on an end.
                let at = boards
                    .iter()
                    .position(|&b| b == now)
                    .unwrap_or(if step > 0 { boards.len() - 1 } else { 0 });
                (c.rows, c.cols, c.kinds) = boards[cycle(at, boards.len(), step)];
            }
            Some(SettingsRow::Difficulty) => step_difficulty(&mut s.new_game, step),
            Some(SettingsRow::Done) | None => {}
        }
    }
}

/// The Tiles field's words: the tiles `chosen` in the settings (`None`:
/// auto, which picks `auto` here, from the next start when `--theme` chose
/// another for this run), and why they are not the theme `in_use` when they
/// are not, on a board of `kinds` kinds.
fn tiles_words(chosen: Option<&str>, in_use: &str, auto: &str, kinds: usize) -> String {
    match chosen {
        None if auto == in_use => format!("auto ({auto})"),
        None => format!("auto ({auto}, next start)"),
        Some(name) if name == in_use => name.to_string(),
        Some(name) if too_few(name, kinds) => format!("{name} {TOO_FEW}"),
        Some(name) => format!("{name} {NEXT_START}"),
    }
}

/// Whether the theme `name` has fewer symbols than a board of `kinds` kinds
/// needs (it is then not put in use).
fn too_few(name: &str, kinds: usize) -> bool {
    Theme::builtin(name).is_ok_and(|t| t.kinds() < kinds)
}

/// The width the Tiles field is lined up to, so that its `<` stays put as
/// it steps: its words as the form opens with the tiles `chosen`, and the
/// words of every choice once chosen, each of which goes in use at once
/// (one with too few symbols for `kinds` excepted).
fn tiles_width(chosen: Option<&str>, in_use: &str, auto: &str, kinds: usize) -> usize {
    let each = [None].into_iter().chain(Theme::names().map(Some)).map(|c| {
        let now_in_use = match c {
            None => auto,
            Some(name) if !too_few(name, kinds) => name,
            Some(_) => in_use,
        };
        tiles_words(c, now_in_use, auto, kinds)
    });
    widest(each.chain([tiles_words(chosen, in_use, auto, kinds)]))
}

/// Why the Tiles setting is not the theme in use: too few symbols for
/// this board.
const TOO_FEW: &str = "(too few here)";

/// Why the Tiles setting is not the theme in use: `--theme` chose another
/// for this run.
const NEXT_START: &str = "(next start)";

/// The high-score tables, browsed one at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoresView {
    /// Every table, in key order.
    pub tables: Vec<(BoardKey, Vec<Entry>)>,
    /// The one on show.
    pub index: usize,
    /// Its first line in sight: a table longer than the screen scrolls.
    pub top: usize,
    /// The size of its box, the largest table's.
    pub size: BoxSize,
    /// Why there are no tables to show, where that is not that no win was
    /// recorded yet: the file could not be read, or nothing is saved.
    pub unread: Option<String>,
}

impl ScoresView {
    /// The tables, showing the one at `index`.
    pub fn new(tables: Vec<(BoardKey, Vec<Entry>)>, index: usize) -> Self {
        ScoresView {
            tables,
            index,
            top: 0,
            size: BoxSize::default(),
            unread: None,
        }
    }

    /// No tables, for the reason `why` (the scores could not be read).
    pub fn unread(why: String) -> Self {
        ScoresView {
            unread: Some(why),
            ..ScoresView::new(Vec::new(), 0)
        }
    }

    /// Shows the next (`step` 1) or previous (-1) table from its top,
    /// wrapping round.
    pub fn step(&mut self, step: isize) {
        self.index = cycle(self.index, self.tables.len(), step);
        self.top = 0;
    }
}

/// The statistics, browsed a page at a time as the high-score tables are:
/// every game, then each difficulty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsView {
    /// Every page, in order (see [`Stats::pages`](crate::persist::stats::Stats::pages)).
    pub pages: Vec<Page>,
    /// The one on show.
    pub index: usize,
    /// Its first line in sight: a page longer than the screen scrolls.
    pub top: usize,
    /// The size of its box, the largest page's.
    pub size: BoxSize,
}

impl StatsView {
    /// A view of one page of `lines` under no heading: what to show when
    /// there are no statistics to read.
    pub fn note(lines: Vec<String>) -> Self {
        let page = Page {
            heading: String::new(),
            difficulty: None,
            lines,
        };
        StatsView {
            pages: vec![page],
            index: 0,
            top: 0,
            size: BoxSize::default(),
        }
    }

    /// Shows the next (`step` 1) or previous (-1) page from its top,
    /// wrapping round.
    pub fn step(&mut self, step: isize) {
        self.index = cycle(self.index, self.pages.len(), step);
        self.top = 0;
    }
}

/// `n` of `what`, in words: "1 hint", "2 undos" (the share line and the
/// win box count what helped alike).
pub(crate) fn counted(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The share line of a finished daily deal, with the hints it took and
/// the moves undo took back:
/// `lianliankan daily 2026-11-30  right  4:12  1840 pts  no hints  no undos`;
/// a `replay` of a day played says `daily replay`, as its status line does,
/// so that a second try is not shared as the day's game.
pub fn share_line(
    day: &str,
    replay: bool,
    mode: Mode,
    seconds: u64,
    score: u32,
    hints: u32,
    undos: u32,
) -> String {
    let count = |n: u32, what: &str| match n {
        0 => format!("no {what}s"),
        n => counted(n, what),
    };
    format!(
        "lianliankan daily {}{day}  {}  {}  {score} pts  {}  {}",
        if replay { "replay " } else { "" },
        mode.name(),
        show_time(seconds),
        count(hints, "hint"),
        count(undos, "undo")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menus_have_distinct_hotkeys_that_are_letters_of_their_labels() {
        for kind in [
            MenuKind::Start,
            MenuKind::Pause { run: false },
            MenuKind::Pause { run: true },
            MenuKind::Confirm(Abandon::ForNewGame),
            MenuKind::Finished {
                won: true,
                record: true,
                undo: true,
                run: false,
            },
            MenuKind::Finished {
                won: true,
                record: true,
                undo: true,
                run: true,
            },
        ] {
            let view = Menu::new(kind).view(Charset::Unicode);
            for (i, row) in view.rows.iter().enumerate() {
                let key = row.hotkey.unwrap();
                assert_eq!(view.hotkey(key), Some(i), "{row:?}");
                assert!(
                    key == '?' || row.label.to_lowercase().contains(key),
                    "{row:?}: the hotkey is a letter of the label"
                );
            }
        }
    }

    /// Played by the new-player run: the start menu listed High scores,
    /// Statistics, then Settings, the pause and finished menus Settings
    /// first, so the hand that found an item in one menu missed it in the
    /// next. The items the menus share come in one order everywhere.
    #[test]
    fn the_menus_list_the_items_they_share_in_one_order() {
        use MenuAction as A;
        let order = [
            A::NewGame,
            A::Daily,
            A::Restart,
            A::Demo,
            A::Settings,
            A::Scores,
            A::Stats,
            A::Help,
            A::Quit,
        ];
        for kind in [
            MenuKind::Start,
            MenuKind::Pause { run: true },
            MenuKind::Finished {
                won: false,
                record: false,
                undo: false,
                run: false,
            },
        ] {
            let places: Vec<usize> = Menu::new(kind.clone())
                .items
                .iter()
                .filter_map(|(_, _, action)| order.iter().position(|a| a == action))
                .collect();
            assert!(places.len() >= 7, "{kind:?}: {places:?}");
            assert!(places.is_sorted(), "{kind:?}: {places:?}");
        }
    }

    #[test]
    fn a_theme_chosen_but_not_in_use_says_why() {
        let mut f = SettingsForm::new(Settings::default(), "emoji", "emoji", 32);
        let tiles = |f: &SettingsForm, in_use: &str, kinds: usize| {
            f.view(in_use, "emoji", kinds, false).rows[0]
                .value
                .clone()
                .unwrap()
                .trim()
                .to_string()
        };
        assert_eq!(tiles(&f, "emoji", 32), "auto (emoji)");
        // Found by the review: `--theme ascii` where auto is emoji said
        // "auto (ascii)"; then "auto (emoji)" over ascii tiles.
        assert_eq!(tiles(&f, "ascii", 32), "auto (emoji, next start)");
        f.settings.theme = Some("symbols".to_string());
        assert_eq!(tiles(&f, "symbols", 32), "symbols");
        // The board needs more kinds than `symbols` has: emoji stays.
        let most = Theme::builtin("symbols").unwrap().kinds();
        assert_eq!(tiles(&f, "emoji", most + 1), "symbols (too few here)");
        // `--theme ascii` chose for this run.
        assert_eq!(tiles(&f, "ascii", 32), "symbols (next start)");
    }

    #[test]
    fn a_field_of_named_choices_steps_round_both_ways() {
        let all = [Animation::Normal, Animation::Fast, Animation::Off];
        assert_eq!(stepped(&all, &Animation::Normal, 1), Animation::Fast);
        assert_eq!(stepped(&all, &Animation::Off, 1), Animation::Normal);
        assert_eq!(stepped(&all, &Animation::Normal, -1), Animation::Off);
        let names = [None, Some("ascii")];
        assert_eq!(
            stepped(&names, &Some("emoji"), 1),
            Some("ascii"),
            "from the first"
        );
        assert_eq!(stepped(&[] as &[u8], &7, 1), 7, "nothing to step to");
    }

    #[test]
    fn the_new_game_form_cycles_presets_and_keeps_custom_boards_dealable() {
        let mut f = NewGameForm::new(GameChoice::default());
        assert_eq!(f.rows()[f.selected], NewGameRow::Start);
        // A custom board shows three more rows, and opens on Start too.
        let custom = NewGameForm::new(GameChoice {
            rows: 2,
            cols: 2,
            ..GameChoice::default()
        });
        assert!(custom.custom);
        assert_eq!(custom.rows()[custom.selected], NewGameRow::Start);
        f.selected = 0;
        f.change(1, 59);
        assert_eq!(f.choice.preset().unwrap().name, "large");
        f.change(1, 59);
        f.change(1, 59);
        assert!(f.custom, "after the last preset comes custom");
        assert_eq!(f.rows().len(), 8);
        f.selected = 1;
        f.change(1, 59);
        assert_eq!((f.choice.rows, f.choice.cols), (13, 24));
        f.selected = 2;
        for _ in 0..100 {
            f.change(-1, 59);
        }
        assert_eq!(f.choice.cols, 2, "even cells: 13 rows need an even width");
        f.selected = 3;
        for _ in 0..100 {
            f.change(1, 59);
        }
        assert_eq!(f.choice.kinds, 13, "at most half the cells");
        assert!(
            crate::game::Game::new(f.choice.config(1), Instant::now()).is_ok(),
            "{:?}",
            f.choice
        );
        f.change(1, 59);
        f.selected = 4;
        f.change(1, 59);
        assert_eq!(
            f.choice.mode(),
            Mode::Single(crate::core::gravity::Gravity::None)
        );
        f.change(-1, 59);
        assert_eq!(f.choice.mode(), Mode::Levels);
        // The difficulty goes round easy, normal, hard, and into the deal.
        f.selected = 6;
        assert_eq!(f.rows()[6], NewGameRow::Difficulty);
        assert_eq!(f.choice.difficulty(), Difficulty::Normal);
        f.change(1, 59);
        assert_eq!(f.choice.config(1).difficulty, Difficulty::Hard);
        f.change(1, 59);
        assert_eq!(f.choice.difficulty(), Difficulty::Easy);
        assert_eq!(
            f.view((80, 24), 1).rows[6].value.as_deref().map(str::trim),
            Some("easy"),
            "the form shows the choice"
        );
        // A preset that does not fit the terminal is dimmed with what it needs.
        f.selected = 0;
        f.change(1, 59);
        let view = f.view((80, 24), 1);
        assert_eq!(
            view.rows[0].value.as_deref().map(str::trim),
            Some("small 6x10")
        );
        assert_eq!(view.rows[0].note, None);
        f.change(-1, 59);
        f.change(-1, 59);
        let view = f.view((40, 10), 1);
        assert_eq!(
            view.rows[0].value.as_deref().map(str::trim),
            Some("huge 12x24")
        );
        assert_eq!(view.rows[0].note.as_deref(), Some("needs 74x16"));
    }

    #[test]
    fn the_share_line_says_the_day_the_time_and_the_help() {
        let line = share_line(
            "2026-11-30",
            false,
            Mode::Single(crate::core::gravity::Gravity::Right),
            252,
            1840,
            0,
            0,
        );
        assert_eq!(
            line,
            "lianliankan daily 2026-11-30  right  4:12  1840 pts  no hints  no undos"
        );
        let helped = share_line("2026-11-30", true, Mode::Levels, 61, 90, 1, 2);
        assert!(helped.ends_with("90 pts  1 hint  2 undos"), "{helped}");
        assert!(
            helped.starts_with("lianliankan daily replay 2026-11-30  levels"),
            "{helped}"
        );
    }
}
