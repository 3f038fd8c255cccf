//! The one key table of the board: which keys do what, and the words the
//! help screen, the status line and the README use for them. Input handling
//! and every text about keys read this table, so they cannot drift apart.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Direction;

/// What a key on the board asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor one cell, wrapping round at the edges.
    Move(Direction),
    /// Move the cursor to the next tile that way, wrapping round.
    Jump(Direction),
    /// Select (or match, or drop) the tile under the cursor.
    Select,
    /// Highlight every tile of the kind under the cursor.
    Highlight,
    /// Show a pair that keeps the game winnable.
    Hint,
    /// Reshuffle the tiles.
    Reshuffle,
    /// Take back the last move.
    Undo,
    /// Play the last undone move again.
    Redo,
    /// Pause: hide the board and stop the clock.
    Pause,
    /// Drop what is on show (selection, hint, highlight); with nothing to
    /// drop, open the menu.
    Back,
    /// Open the menu.
    Menu,
    /// Start a new game (asking first if this one has moves).
    NewGame,
    /// Open the help.
    Help,
    /// Quit, saving the game.
    Quit,
}

/// A key as the table names it: a key code, with or without Control, and
/// for a key that is not a character (an arrow) with or without Shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    code: KeyCode,
    ctrl: bool,
    shift: bool,
}

impl Key {
    const fn plain(code: KeyCode) -> Self {
        Key {
            code,
            ctrl: false,
            shift: false,
        }
    }

    const fn shift(code: KeyCode) -> Self {
        Key {
            code,
            ctrl: false,
            shift: true,
        }
    }

    const fn char(c: char) -> Self {
        Key::plain(KeyCode::Char(c))
    }

    const fn ctrl(c: char) -> Self {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
            shift: false,
        }
    }

    /// Whether a key press is this key. On a character Shift is part of the
    /// character: terminals send `H` (crossterm adds Shift), and a terminal
    /// speaking the kitty keyboard protocol may send `h` with Shift. A
    /// character held with Alt (or Super, Hyper, Meta) is no key of the
    /// table: Alt-q is not `q` (see [`is_shortcut`]).
    fn matches(&self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        let (code, ctrl, shift) = match key.code {
            // Terminals send Ctrl-R as either case.
            KeyCode::Char(c) if key.modifiers - KeyModifiers::SHIFT == KeyModifiers::CONTROL => {
                (KeyCode::Char(c.to_ascii_lowercase()), true, false)
            }
            KeyCode::Char(_) if is_shortcut(key) => return false,
            KeyCode::Char(c) if shift => (KeyCode::Char(c.to_ascii_uppercase()), false, false),
            KeyCode::Char(c) => (KeyCode::Char(c), false, false),
            code => (code, ctrl, shift),
        };
        self.ctrl == ctrl && self.shift == shift && self.code == code
    }
}

/// One line of the table: the keys as the help writes them, what they do,
/// and the commands they send.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The keys as shown to the player (`u`, `arrows, h j k l`).
    pub label: &'static str,
    /// What they do, in a few words.
    pub help: &'static str,
    /// Each key and the command it sends.
    pub keys: &'static [(Key, Command)],
}

use Command as C;
use Direction as D;

/// The keys of the board, in the order the help lists them.
pub const BOARD_KEYS: &[Binding] = &[
    Binding {
        label: "arrows, h j k l",
        help: "move the cursor",
        keys: &[
            (Key::plain(KeyCode::Up), C::Move(D::Up)),
            (Key::plain(KeyCode::Down), C::Move(D::Down)),
            (Key::plain(KeyCode::Left), C::Move(D::Left)),
            (Key::plain(KeyCode::Right), C::Move(D::Right)),
            (Key::char('k'), C::Move(D::Up)),
            (Key::char('j'), C::Move(D::Down)),
            (Key::char('h'), C::Move(D::Left)),
            (Key::char('l'), C::Move(D::Right)),
        ],
    },
    Binding {
        label: "Shift-arrows, H J K L",
        help: "jump to the next tile that way",
        keys: &[
            (Key::shift(KeyCode::Up), C::Jump(D::Up)),
            (Key::shift(KeyCode::Down), C::Jump(D::Down)),
            (Key::shift(KeyCode::Left), C::Jump(D::Left)),
            (Key::shift(KeyCode::Right), C::Jump(D::Right)),
            (Key::char('K'), C::Jump(D::Up)),
            (Key::char('J'), C::Jump(D::Down)),
            (Key::char('H'), C::Jump(D::Left)),
            (Key::char('L'), C::Jump(D::Right)),
        ],
    },
    Binding {
        label: "Space, Enter",
        help: "select the tile under the cursor (again: drop it)",
        keys: &[
            (Key::char(' '), C::Select),
            (Key::plain(KeyCode::Enter), C::Select),
        ],
    },
    Binding {
        label: "f",
        help: "highlight every tile of that kind (again: clear it)",
        keys: &[(Key::char('f'), C::Highlight)],
    },
    Binding {
        label: "t",
        help: "hint: a pair that keeps the game winnable",
        keys: &[(Key::char('t'), C::Hint)],
    },
    Binding {
        label: "r",
        help: "reshuffle (even with none left when it cannot be won)",
        keys: &[(Key::char('r'), C::Reshuffle)],
    },
    Binding {
        label: "u, Ctrl-Z",
        help: "undo a match, a reshuffle or a hint",
        keys: &[(Key::char('u'), C::Undo), (Key::ctrl('z'), C::Undo)],
    },
    Binding {
        label: "o, Ctrl-R",
        help: "redo what was undone",
        keys: &[(Key::char('o'), C::Redo), (Key::ctrl('r'), C::Redo)],
    },
    Binding {
        label: "p",
        help: "pause: hide the board, stop the clock",
        keys: &[(Key::char('p'), C::Pause)],
    },
    Binding {
        label: "Esc, m",
        help: "menu (Esc first drops a selection, hint or highlight)",
        keys: &[
            (Key::plain(KeyCode::Esc), C::Back),
            (Key::char('m'), C::Menu),
        ],
    },
    Binding {
        label: "n",
        help: "new game (asks before dropping this one)",
        keys: &[(Key::char('n'), C::NewGame)],
    },
    Binding {
        label: "?",
        help: "this help",
        keys: &[(Key::char('?'), C::Help)],
    },
    Binding {
        label: "q, Ctrl-C",
        help: "quit (the game is saved for next time)",
        keys: &[(Key::char('q'), C::Quit), (Key::ctrl('c'), C::Quit)],
    },
];

/// What the mouse does on the board, for the help (not keys, so not in the
/// table that dispatches keys).
pub const MOUSE_HELP: [(&str, &str); 2] = [
    (
        "left click",
        "select a tile, else drop it; top or bottom line: menu",
    ),
    ("right click", "highlight its kind (off the tiles: clear)"),
];

/// The command a key press on the board sends, if any. A shifted key the
/// table does not name (Shift-Enter, Shift-Esc) does what the key does,
/// and a capital letter it does not name (`U`, `Q`, as Caps Lock sends
/// them) what its lower case does.
pub fn command(key: &KeyEvent) -> Option<Command> {
    let unshifted = KeyEvent::new(key.code, key.modifiers - KeyModifiers::SHIFT);
    [key, &unshifted, &lower_case(key)]
        .into_iter()
        .find_map(|key| {
            BOARD_KEYS
                .iter()
                .flat_map(|b| b.keys.iter())
                .find(|(k, _)| k.matches(key))
                .map(|&(_, c)| c)
        })
}

/// The keys that send `command`, as the help writes them (`t`).
pub fn label(command: Command) -> &'static str {
    BOARD_KEYS
        .iter()
        .find(|b| b.keys.iter().any(|&(_, c)| c == command))
        .map_or("", |b| b.label)
}

/// The keys that send `command` one at a time, as [`label`] writes them
/// (`u` and `Ctrl-Z` of `u, Ctrl-Z`), for a short line of keys that names
/// one of them.
pub fn names(command: Command) -> impl Iterator<Item = &'static str> {
    label(command).split(", ")
}

/// A key press with a capital letter as its lower case, without Shift (a
/// key that is no capital as it is): what the screens over the board, whose
/// keys are all lower case, take, so that Caps Lock changes nothing there.
pub fn lower_case(key: &KeyEvent) -> KeyEvent {
    match key.code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyEvent {
            code: KeyCode::Char(c.to_ascii_lowercase()),
            modifiers: key.modifiers - KeyModifiers::SHIFT,
            ..*key
        },
        _ => *key,
    }
}

/// Whether a key press is a character held with a key that makes it a
/// shortcut rather than the character: Control, Alt (Esc then the key, as
/// most terminals send it), Super, Hyper or Meta. Such a press is only what
/// the table binds it to (Ctrl-Z, Ctrl-R, Ctrl-C) and never the plain
/// letter: Ctrl-U on the pause menu undid as its `u` did, and Alt-q quit
/// from the board. Shift is part of the character, and Control with Alt
/// together is AltGr as Windows reports it (crossterm's `event/sys/
/// windows/parse.rs`), which types @, €, ł and ż on many keyboards.
pub fn is_shortcut(key: &KeyEvent) -> bool {
    let held = key.modifiers - KeyModifiers::SHIFT;
    matches!(key.code, KeyCode::Char(_))
        && !held.is_empty()
        && held != KeyModifiers::CONTROL | KeyModifiers::ALT
}

/// Whether a key press deletes the character before it at a text prompt:
/// Backspace, or Ctrl-H, which is how the byte 0x08 reads, and that byte
/// is what some terminals send for Backspace (and for Ctrl-Backspace).
pub fn is_backspace(key: &KeyEvent) -> bool {
    key.code == KeyCode::Backspace || Key::ctrl('h').matches(key)
}

/// Whether a key press is Ctrl-C, which quits from every screen.
pub fn is_ctrl_c(key: &KeyEvent) -> bool {
    Key::ctrl('c').matches(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn every_key_sends_one_command_and_ctrl_is_not_plain() {
        let mut seen = Vec::new();
        for (key, _) in BOARD_KEYS.iter().flat_map(|b| b.keys.iter()) {
            assert!(!seen.contains(key), "{key:?} bound twice");
            seen.push(*key);
        }
        let r = press(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(command(&r), Some(Command::Reshuffle));
        let ctrl_r = press(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(command(&ctrl_r), Some(Command::Redo));
        let ctrl_shift_r = press(KeyCode::Char('R'), KeyModifiers::CONTROL);
        assert_eq!(command(&ctrl_shift_r), Some(Command::Redo));
        let shift_u = press(KeyCode::Char('U'), KeyModifiers::SHIFT);
        assert_eq!(
            command(&shift_u),
            Some(Command::Undo),
            "as u, for Caps Lock"
        );
        assert_eq!(
            command(&press(KeyCode::Char('x'), KeyModifiers::NONE)),
            None
        );
        assert!(is_ctrl_c(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(!is_ctrl_c(&press(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert_eq!(label(Command::Hint), "t");
        // Ctrl-Z undoes, as it does on the win screen's name prompt and in
        // KShisen; Ctrl-Shift-Z reads as Ctrl-Z too.
        let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(command(&ctrl_z), Some(Command::Undo));
        let ctrl_shift_z = press(
            KeyCode::Char('Z'),
            KeyModifiers::CONTROL | KeyModifiers::SHIFT,
        );
        assert_eq!(command(&ctrl_shift_z), Some(Command::Undo));
        assert_eq!(
            command(&press(KeyCode::Char('z'), KeyModifiers::NONE)),
            None
        );
        assert_eq!(label(Command::Move(Direction::Left)), "arrows, h j k l");
    }

    /// Shift-arrows come as the arrow with Shift (`ESC [ 1 ; 2 A`), capitals
    /// as the upper-case letter with Shift, or from a terminal speaking the
    /// kitty protocol as the lower-case letter with Shift: each jumps, and
    /// the plain keys still move one cell.
    #[test]
    fn shift_arrows_and_capitals_jump() {
        let shift = KeyModifiers::SHIFT;
        let cases = [
            (KeyCode::Up, shift, Command::Jump(Direction::Up)),
            (KeyCode::Down, shift, Command::Jump(Direction::Down)),
            (KeyCode::Left, shift, Command::Jump(Direction::Left)),
            (KeyCode::Right, shift, Command::Jump(Direction::Right)),
            (KeyCode::Char('K'), shift, Command::Jump(Direction::Up)),
            (KeyCode::Char('J'), shift, Command::Jump(Direction::Down)),
            (
                KeyCode::Char('H'),
                KeyModifiers::NONE,
                Command::Jump(Direction::Left),
            ),
            (KeyCode::Char('l'), shift, Command::Jump(Direction::Right)),
            (
                KeyCode::Up,
                KeyModifiers::NONE,
                Command::Move(Direction::Up),
            ),
            (
                KeyCode::Char('l'),
                KeyModifiers::NONE,
                Command::Move(Direction::Right),
            ),
            // Shift on a key the table names only plain does what the key does.
            (KeyCode::Enter, shift, Command::Select),
            (KeyCode::Esc, shift, Command::Back),
            (KeyCode::Char('u'), shift, Command::Undo),
        ];
        for (code, modifiers, want) in cases {
            assert_eq!(
                command(&press(code, modifiers)),
                Some(want),
                "{code:?} {modifiers:?}"
            );
        }
        let ctrl_shift_up = press(KeyCode::Up, KeyModifiers::CONTROL | shift);
        assert_eq!(command(&ctrl_shift_up), None);
        assert_eq!(label(Command::Jump(Direction::Up)), "Shift-arrows, H J K L");
    }

    /// A player clears a sparse board by keyboard alone, with the keys as
    /// crossterm reports them: wrapping steps, Shift-arrows and capitals.
    #[test]
    fn a_sparse_board_is_cleared_with_a_few_jumps() {
        use crate::core::grid::{Board, Point};
        use crate::game::{Config, Game};
        use crate::ui::app::App;
        use crate::ui::test_support::AREA;
        use crate::ui::theme::Theme;
        use ratatui::crossterm::event::Event;
        use std::time::Instant;

        let t = Instant::now();
        let board = Board::from_rows(&[[1, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 1]])
            .unwrap();
        let game = Game::from_board(board, Config::DEFAULT, t);
        let mut app = App::new(game, Theme::builtin("ascii").unwrap(), false, t);
        // Presses `keys` in turn; where the cursor is then.
        fn keys(app: &mut App, t: Instant, keys: &[(KeyCode, KeyModifiers)]) -> Point {
            for &(code, modifiers) in keys {
                app.handle_event(&Event::Key(press(code, modifiers)), AREA, t);
            }
            app.game.cursor()
        }
        let (none, shift) = (KeyModifiers::NONE, KeyModifiers::SHIFT);
        let space = (KeyCode::Char(' '), none);
        // Select the 1, Up wraps to the bottom row, Shift+Left wraps over
        // the empty cells to the other 1.
        assert_eq!(
            keys(&mut app, t, &[space, (KeyCode::Up, none)]),
            Point::new(2, 0)
        );
        assert_eq!(
            keys(&mut app, t, &[(KeyCode::Left, shift)]),
            Point::new(2, 5)
        );
        keys(&mut app, t, &[space]);
        assert_eq!(app.game.board().tile_count(), 2);
        // H (with Shift, as crossterm reports it) jumps to the 2.
        assert_eq!(
            keys(&mut app, t, &[(KeyCode::Char('H'), shift)]),
            Point::new(2, 1)
        );
        keys(&mut app, t, &[space]);
        // No other tile in its column: Shift+Up carries on through the
        // columns to the left, round the board, to the other 2.
        assert_eq!(keys(&mut app, t, &[(KeyCode::Up, shift)]), Point::new(0, 4));
        // Down one, K jumps back up to it.
        let at = keys(
            &mut app,
            t,
            &[(KeyCode::Char('j'), none), (KeyCode::Char('K'), shift)],
        );
        assert_eq!(at, Point::new(0, 4));
        keys(&mut app, t, &[space]);
        assert!(app.game.win().is_some());
    }

    /// Played: `t` then `u` took the hint back (the title line said
    /// "undone" and the marked pair went), where the help said `u` undoes
    /// "a match or a reshuffle" only.
    #[test]
    fn the_help_says_undo_takes_back_a_hint_too() {
        use crate::ui::test_support::{on_board, press};
        let board = crate::core::grid::Board::from_rows(&[[1, 1, 2, 2]]).unwrap();
        let mut app = on_board(board, "ascii", false, std::time::Instant::now());
        press(&mut app, &[KeyCode::Char('t')]);
        assert!(app.game.hint_pair().is_some());
        press(&mut app, &[KeyCode::Char('u')]);
        assert!(app.game.hint_pair().is_none(), "u took the hint back");
        let undo = BOARD_KEYS
            .iter()
            .find(|b| b.keys.iter().any(|&(_, c)| c == Command::Undo))
            .unwrap();
        assert!(undo.help.contains("hint"), "{}", undo.help);
    }

    /// The README's Controls table lists every line of the key table, word
    /// for word, so the two cannot drift.
    #[test]
    fn the_readme_lists_every_key_as_the_help_does() {
        let readme = include_str!("../../../README.md");
        let rows: Vec<String> = BOARD_KEYS
            .iter()
            .map(|b| (b.label, b.help))
            .chain(MOUSE_HELP)
            .map(|(label, help)| {
                let keys: Vec<String> = label.split(", ").map(|k| format!("`{k}`")).collect();
                format!("| {} | {help} |", keys.join(", "))
            })
            .collect();
        for row in rows {
            assert!(readme.contains(&row), "README lacks the row {row}");
        }
    }
}
