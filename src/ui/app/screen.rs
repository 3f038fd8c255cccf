//! The screens over the board: help, the level card and the menus. The app
//! keeps them on a stack; the top one takes every key and click, and any of
//! them hides the board and stops the clock.

use std::time::{Duration, Instant};

/// How long the level card shows before it goes by itself.
pub const LEVEL_CARD_TIME: Duration = Duration::from_secs(2);

/// A screen on top of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    /// The keys and the rules.
    Help,
    /// "Level 3 of 7": between two boards of a run, from the moment the
    /// line of the last match has shown (`from`) until a key, a click or
    /// [`LEVEL_CARD_TIME`] later.
    LevelCard {
        /// When the card appears (the cleared board and its line show until then).
        from: Instant,
    },
    /// A list of choices.
    Menu(Menu),
}

/// What choosing a menu item does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    /// Close the menu and play on.
    Resume,
    /// Start a new game (asking first if this one has moves).
    NewGame,
    /// Deal this game's first board again, from its seed.
    Restart,
    /// Open the help.
    Help,
    /// Quit, saving the game.
    Quit,
    /// Throw the game in progress away and do what was asked.
    Abandon(Abandon),
    /// Keep the game in progress (close the question).
    Keep,
}

/// What abandoning the game in progress is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandon {
    /// A new deal of the same settings.
    ForNewGame,
    /// The first board of this game again.
    ForRestart,
}

/// One choice of a menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuItem {
    /// The words shown.
    pub label: &'static str,
    /// The letter that chooses it at once (shown highlighted in the label).
    pub hotkey: char,
    /// What choosing it does.
    pub action: MenuAction,
}

/// Which menu, for its title and its items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuKind {
    /// The menu in the game: the board is hidden and the clock stands.
    Pause,
    /// "Abandon this game?" before something throws the game away.
    Confirm(Abandon),
}

/// A menu on screen: its items and the one under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    /// Which menu this is.
    pub kind: MenuKind,
    /// The choices, top to bottom.
    pub items: Vec<MenuItem>,
    /// The index of the highlighted item.
    pub selected: usize,
}

impl Menu {
    /// The menu of `kind` with its first item highlighted.
    pub fn new(kind: MenuKind) -> Self {
        let item = |label, hotkey, action| MenuItem {
            label,
            hotkey,
            action,
        };
        let items = match kind {
            MenuKind::Pause => vec![
                item("Resume", 'r', MenuAction::Resume),
                item("New game", 'n', MenuAction::NewGame),
                item("Restart this deal", 'd', MenuAction::Restart),
                item("Help", 'h', MenuAction::Help),
                item("Quit", 'q', MenuAction::Quit),
            ],
            MenuKind::Confirm(why) => vec![
                item("No, keep playing", 'n', MenuAction::Keep),
                item("Yes, abandon it", 'y', MenuAction::Abandon(why)),
            ],
        };
        Menu {
            kind,
            items,
            selected: 0,
        }
    }

    /// The title of the menu's box.
    pub fn title(&self) -> &'static str {
        match self.kind {
            MenuKind::Pause => "Paused",
            MenuKind::Confirm(_) => "Abandon this game?",
        }
    }

    /// A line under the title saying what the menu is about, if any.
    pub fn subtitle(&self) -> Option<&'static str> {
        match self.kind {
            MenuKind::Pause => None,
            MenuKind::Confirm(_) => Some("Its moves and score will be lost."),
        }
    }

    /// Moves the highlight `by` items, wrapping round.
    pub fn step(&mut self, by: isize) {
        let n = self.items.len().max(1) as isize;
        self.selected = (self.selected as isize + by).rem_euclid(n) as usize;
    }

    /// The action of the item whose hotkey is `c` (either case), if any.
    pub fn hotkey(&self, c: char) -> Option<(usize, MenuAction)> {
        let c = c.to_ascii_lowercase();
        self.items
            .iter()
            .position(|i| i.hotkey == c)
            .map(|i| (i, self.items[i].action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highlight_wraps_and_hotkeys_find_their_item() {
        let mut m = Menu::new(MenuKind::Pause);
        m.step(-1);
        assert_eq!(m.items[m.selected].action, MenuAction::Quit);
        m.step(1);
        assert_eq!(m.selected, 0);
        assert_eq!(m.hotkey('N'), Some((1, MenuAction::NewGame)));
        assert_eq!(m.hotkey('x'), None);
        let hotkeys: Vec<char> = m.items.iter().map(|i| i.hotkey).collect();
        for (i, item) in m.items.iter().enumerate() {
            assert!(!hotkeys[..i].contains(&item.hotkey), "{item:?}");
            assert!(
                item.label.to_lowercase().contains(item.hotkey),
                "{item:?}: the hotkey is a letter of the label"
            );
        }
    }
}
