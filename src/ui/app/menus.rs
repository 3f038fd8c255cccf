//! The menus and forms: keys and clicks on a list screen, and what its rows
//! do (open another screen, change a setting, start a game).

use std::time::{Instant, SystemTime};

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use ratatui::layout::{Position, Rect};
use unicode_width::UnicodeWidthStr;

use super::App;
use super::keys::Command;
use super::pages::BoxSize;
use super::records::Counted;
use super::screen::{
    Abandon, ListRow, ListView, Menu, MenuAction, MenuKind, NewGameForm, NewGameRow, ScoresView,
    Screen, SettingsForm, SettingsRow, StatsView,
};
use crate::game::daily::Day;
use crate::game::{Action, Game, Notice};
use crate::persist::document;
use crate::persist::scores::{BoardKey, Scores};
use crate::persist::settings::{GameChoice, Settings};
use crate::persist::stats::Stats;
use crate::ui::layout::{MenuLayout, centred};
use crate::ui::theme::Theme;

/// The title line's note when *Daily deal* is chosen while it is played.
const PLAYING_DAILY: &str = "this is today's daily deal";

/// Under "Abandon this game?" over the first game of a day's daily deal:
/// thrown away, it plays the day (see [`App::daily_replay`]).
const MAKES_A_REPLAY: &str = "Played again, this deal is a replay, not recorded.";

/// Under "Abandon this game?" over a win whose score could not be written.
const WIN_NOT_RECORDED: &str = "Its score is not recorded yet.";

/// The No of "Abandon this game?" over a win whose score could not be
/// written, in place of "No, keep playing".
const KEEP_THE_WIN: &str = "No, keep the win";

/// Beside the menu's Hint and Reshuffle once the game has none left.
const NONE_LEFT: &str = "none left";

/// Beside the menu's Hint while the board is proved lost.
const BOARD_LOST: &str = "board lost";

/// The key line under every list, but for what Esc does
/// ([`ListView::esc`], four letters).
pub const LIST_KEYS: &str = "arrows, letter or click; Enter; Esc ";

/// The key line where [`LIST_KEYS`] does not fit.
pub const SHORT_LIST_KEYS: &str = "Enter chooses; Esc ";

/// Under the statistics opened over a won game not recorded yet.
const WIN_NOT_COUNTED: &str = "The win on show counts here once it is recorded.";

impl App {
    /// What the list screen on top shows, if the top screen is a list.
    pub fn list_view(&self) -> Option<ListView> {
        match self.screens.last()? {
            Screen::Menu(menu) => {
                let mut view = menu.view(self.charset);
                // An item with nothing to act on says so, dimmed (chosen,
                // the title line says it again); one that still acts keeps
                // its note lit.
                for (row, (_, _, action)) in view.rows.iter_mut().zip(&menu.items) {
                    row.note = match action {
                        MenuAction::Board(command) => self.idle(*command).map(|notice| {
                            match notice {
                                Notice::NoHintsLeft | Notice::NoReshufflesLeft => NONE_LEFT,
                                Notice::HintLost => BOARD_LOST,
                                notice => notice.text(),
                            }
                            .to_string()
                        }),
                        MenuAction::Daily if self.playing_todays_daily() => {
                            Some("playing it".to_string())
                        }
                        MenuAction::Daily => {
                            // Played today, it still deals the day again.
                            row.lit = true;
                            self.daily_note.clone()
                        }
                        _ => None,
                    };
                }
                // A finished game is asked about only when it is a win not
                // recorded yet (see `ask_abandon`): No keeps that win, as
                // there is no play to go back to.
                if matches!(menu.kind, MenuKind::Confirm(_)) && self.game_over() {
                    view.subtitle = Some(WIN_NOT_RECORDED.to_string());
                    for (row, (_, _, action)) in view.rows.iter_mut().zip(&menu.items) {
                        if *action == MenuAction::Keep {
                            row.label = KEEP_THE_WIN.to_string();
                        }
                    }
                }
                // Thrown away, the first game of a day's deal plays the day.
                let first_daily = self.game.config().daily.is_some() && !self.replay;
                if matches!(menu.kind, MenuKind::Confirm(_))
                    && first_daily
                    && let Some(subtitle) = view.subtitle.as_mut()
                {
                    *subtitle = format!("{subtitle}\n{MAKES_A_REPLAY}");
                }
                Some(view)
            }
            Screen::NewGame(form) => {
                let screen = (self.area.width, self.area.height);
                Some(form.view(screen, self.theme.width()))
            }
            Screen::Settings(form) => Some(form.view(
                self.theme.name,
                Theme::default_for_env(),
                self.game.config().kinds,
                !self.color_allowed,
            )),
            _ => None,
        }
    }

    /// The list on top and where it sits on a screen of `area`: the one
    /// geometry for drawing it and for clicks on it.
    pub fn list_layout(&self, area: Rect) -> Option<(ListView, MenuLayout)> {
        let view = self.list_view()?;
        let widest = view
            .rows
            .iter()
            .map(ListRow::wanted_width)
            .chain([
                view.title.width() + 4,
                LIST_KEYS.width() + view.esc.width(),
                view.least_width,
            ])
            .chain(
                view.subtitle
                    .iter()
                    .flat_map(|s| s.lines())
                    .map(|l| l.width()),
            )
            .max()
            .unwrap_or(0);
        // The subtitle's lines and a blank line.
        let header = view.subtitle.as_ref().map_or(0, |s| {
            u16::try_from(s.lines().count() + 1).unwrap_or(u16::MAX)
        });
        let width = u16::try_from(widest).unwrap_or(u16::MAX);
        let room = self.box_room(area, MenuLayout::outer_width(width));
        let layout = MenuLayout::new(room, width, header, view.rows.len(), view.selected);
        // The New game form keeps its top where its tallest self has it, so
        // that the custom board's rows coming and going move no row above
        // them under the pointer (play41: clicks on Board's `<` went on to
        // step Rows).
        let layout = match self.screens.last() {
            Some(Screen::NewGame(form)) if form.most_rows() > view.rows.len() => {
                let tallest = MenuLayout::new(room, width, header, form.most_rows(), 0);
                layout.top_at(tallest.outer.y, room)
            }
            _ => layout,
        };
        Some((view, layout))
    }

    /// Where a box over the board `width` columns wide (its border
    /// included) is centred on a screen of `area`: beside a side panel,
    /// left of it where it fits there, so that the score and the time stay
    /// in sight; else the screen, the panel giving way to it. Every box
    /// goes by it: the menus and forms, the help, the high scores, the
    /// statistics, the level card, the win and time-up boxes and the
    /// message box.
    pub(crate) fn box_room(&self, area: Rect, width: u16) -> Rect {
        self.screen_layout(area)
            .0
            .panel
            .map(|panel| Rect {
                width: panel.x - area.x,
                ..area
            })
            .filter(|left| left.width >= width)
            .unwrap_or(area)
    }

    /// A box of `width` x `height` over the board on a screen of `area`,
    /// centred in the room [`App::box_room`] gives it.
    pub(crate) fn centred_box(&self, area: Rect, width: u16, height: u16) -> Rect {
        centred(self.box_room(area, width), width, height)
    }

    /// A key on a list screen: arrows move, left and right change a field,
    /// Enter or the row's letter chooses (a field's letter moves to it
    /// first), Esc goes back.
    pub(super) fn list_key(&mut self, key: KeyEvent, now: Instant) {
        let Some(view) = self.list_view() else {
            return;
        };
        let n = view.rows.len().max(1);
        let step = |by: isize| (view.selected as isize + by).rem_euclid(n as isize) as usize;
        match key.code {
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => self.select_row(step(-1)),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.select_row(step(1)),
            KeyCode::Home | KeyCode::PageUp => self.select_row(0),
            KeyCode::End | KeyCode::PageDown => self.select_row(n - 1),
            KeyCode::Left | KeyCode::Char('h') if view.rows[view.selected].value.is_some() => {
                self.change(-1)
            }
            KeyCode::Right | KeyCode::Char('l') if view.rows[view.selected].value.is_some() => {
                self.change(1)
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.activate(view.selected, now),
            KeyCode::Esc => self.back(now),
            // A field's letter moves to it, and only there again steps it
            // on, as a click on it does (found by the play-test, pt46: `c`
            // to reach the clock made the game timed, and `b` then Left
            // left the board as it was).
            KeyCode::Char(c) => match view.hotkey(c) {
                Some(i) if view.rows[i].value.is_some() && i != view.selected => {
                    self.select_row(i);
                }
                Some(i) => {
                    self.select_row(i);
                    self.activate(i, now);
                }
                None => {}
            },
            _ => {}
        }
    }

    /// The mouse wheel on a list screen moves the highlight as the arrows
    /// do, so the mouse alone reaches the items a short screen scrolls away;
    /// on the help it scrolls.
    pub(super) fn list_wheel(&mut self, down: bool, now: Instant) {
        if let Some(Screen::Help { .. }) = self.screens.last() {
            self.scroll_help(if down { 1 } else { -1 });
        } else if let Some(Screen::Scores(_) | Screen::Stats(_)) = self.screens.last() {
            self.scroll_page(if down { 1 } else { -1 }, false);
        } else if matches!(
            self.screens.last(),
            Some(Screen::Menu(_) | Screen::NewGame(_) | Screen::Settings(_))
        ) {
            let code = if down { KeyCode::Down } else { KeyCode::Up };
            self.list_key(KeyEvent::from(code), now);
        }
    }

    /// A left click on a list screen chooses the row under the pointer; on
    /// the `<` of a form's field it steps the field back instead. A click
    /// outside the box goes back, as Esc does, so that the mouse alone
    /// leaves a form without using it.
    pub(super) fn list_click(&mut self, mouse: MouseEvent, now: Instant) {
        let outside = self
            .list_layout(self.area)
            .is_some_and(|(_, l)| !l.outer.contains(Position::new(mouse.column, mouse.row)));
        if outside {
            self.back(now);
            return;
        }
        let hit = self.list_layout(self.area).and_then(|(view, l)| {
            let i = l.item_at(mouse.column, mouse.row)?;
            let row = view.rows.get(i)?;
            let rect = l.rect_of(i)?;
            // The value is drawn at the right edge, `<` first.
            let value = row
                .value_text(usize::from(rect.width), view.labels())
                .unwrap_or_default();
            let width = u16::try_from(value.width()).unwrap_or(u16::MAX);
            let arrow = rect.right().saturating_sub(width);
            let back = row.value.is_some() && (arrow..arrow + 2).contains(&mouse.column);
            Some((i, back))
        });
        match hit {
            Some((i, true)) => {
                self.select_row(i);
                self.change(-1);
            }
            Some((i, false)) => {
                self.select_row(i);
                self.activate(i, now);
            }
            None => {}
        }
    }

    fn select_row(&mut self, i: usize) {
        match self.screens.last_mut() {
            Some(Screen::Menu(m)) => m.selected = i,
            Some(Screen::NewGame(f)) => f.selected = i,
            Some(Screen::Settings(f)) => f.selected = i,
            _ => {}
        }
    }

    /// Changes the highlighted field of a form by `step`.
    fn change(&mut self, step: isize) {
        let kinds = self.theme.kinds();
        match self.screens.last_mut() {
            Some(Screen::NewGame(f)) => f.change(step, kinds),
            Some(Screen::Settings(f)) => {
                let tiles = SettingsForm::ROWS.get(f.selected) == Some(&SettingsRow::Theme);
                f.change(step);
                // Seen at once, behind the form: auto too, as the tiles it
                // picks for this terminal.
                let settings = f.settings.clone();
                let auto = tiles && settings.theme.is_none();
                self.apply_settings(settings);
                if auto && let Ok(theme) = Theme::builtin(Theme::default_for_env()) {
                    self.use_theme(theme);
                }
            }
            _ => {}
        }
    }

    /// Chooses row `i` of the list on top: a menu item acts, a form field
    /// changes to its next value, a form's last row confirms it.
    fn activate(&mut self, i: usize, now: Instant) {
        match self.screens.last() {
            Some(Screen::Menu(m)) => {
                if let Some((_, _, action)) = m.items.get(i).cloned() {
                    self.choose(action, now);
                }
            }
            Some(Screen::NewGame(f)) => match f.rows().get(i) {
                Some(NewGameRow::Start) => {
                    let choice = f.choice.clone();
                    self.ask_abandon(Abandon::ForChoice(choice), now);
                }
                Some(_) => self.change(1),
                None => {}
            },
            Some(Screen::Settings(_)) => match SettingsForm::ROWS.get(i) {
                Some(SettingsRow::Done) => self.back(now),
                Some(_) => self.change(1),
                None => {}
            },
            _ => {}
        }
    }

    /// Esc on a list: a menu does what its Esc means, a form closes (the
    /// settings are saved on the way out). Esc on the pause menu goes back
    /// to where the player was, a paused board included.
    fn back(&mut self, now: Instant) {
        match self.screens.last() {
            Some(Screen::Menu(m)) => match m.back() {
                MenuAction::Resume => {
                    self.screens.pop();
                }
                action => self.choose(action, now),
            },
            Some(Screen::Settings(_)) => {
                self.screens.pop();
                self.save_settings();
            }
            _ => {
                self.screens.pop();
            }
        }
    }

    /// Does what a menu item says.
    fn choose(&mut self, action: MenuAction, now: Instant) {
        match action {
            MenuAction::Resume => {
                self.screens.pop();
                // Resume (or Play) chosen means play: a paused board goes on.
                if self.screens.is_empty() && self.game.is_paused() {
                    self.game.apply(Action::TogglePause, now);
                }
            }
            MenuAction::Keep => {
                self.screens.pop();
            }
            MenuAction::NewGame => {
                let choice = self.own_choice();
                self.screens.push(Screen::NewGame(NewGameForm::new(choice)));
            }
            // Today's deal is the game on show: dealt again, it would be
            // a replay, the game abandoned having played the day.
            MenuAction::Daily if self.playing_todays_daily() => {
                self.choose(MenuAction::Resume, now);
                self.note = Some(PLAYING_DAILY);
            }
            MenuAction::Daily => self.ask_abandon(Abandon::ForDaily, now),
            MenuAction::Demo => self.ask_abandon(Abandon::ForDemo, now),
            MenuAction::Restart => self.ask_abandon(Abandon::ForRestart, now),
            MenuAction::Settings => self.screens.push(Screen::Settings(SettingsForm::new(
                self.settings.clone(),
                self.theme.name,
                Theme::default_for_env(),
                self.game.config().kinds,
            ))),
            MenuAction::Scores => {
                let view = self.scores_view();
                self.screens.push(Screen::Scores(view));
            }
            MenuAction::Stats => {
                let view = self.stats_view();
                self.screens.push(Screen::Stats(view));
            }
            MenuAction::Help => self.screens.push(Screen::Help { top: 0 }),
            MenuAction::Quit => self.quit = true,
            MenuAction::Abandon(why) => self.abandon(why, now),
            MenuAction::Board(command) => {
                self.screens.pop();
                // Chosen from the menu of a board paused with `p`, a move
                // means play, as Resume play does: it ended silently in the
                // pause before, the hint or undo not made. One dimmed, with
                // nothing to act on, says so and leaves the pause as it was
                // (found by the check run, check45: Undo with nothing to
                // undo started the clock).
                if self.screens.is_empty() && self.game.is_paused() {
                    if let Some(notice) = self.idle(command) {
                        self.note = Some(notice.text());
                        return;
                    }
                    self.game.apply(Action::TogglePause, now);
                }
                self.command(command, now);
            }
            MenuAction::Record => {
                self.screens.pop();
                self.record();
            }
        }
    }

    /// Why the menu item standing for `command` has nothing to act on, if
    /// it has not (the row is dimmed with it): nothing to undo or redo, no
    /// hint or reshuffle left, no hint on a board proved lost. A pair paid
    /// for on this board shows again free, and a board proved lost is
    /// reshuffled for free.
    fn idle(&self, command: Command) -> Option<Notice> {
        let history = self.game.history();
        match command {
            Command::Undo if history.undo_len() == 0 => Some(Notice::NothingToUndo),
            Command::Redo if history.redo_len() == 0 => Some(Notice::NothingToRedo),
            Command::Hint if self.game.paid_hint().is_some() => None,
            Command::Hint if self.game.hints_left() == 0 => Some(Notice::NoHintsLeft),
            // No pair keeps a lost board winnable (found by the play-test,
            // pt45: chosen there, it ended the pause and showed nothing).
            Command::Hint if self.game.is_unwinnable() => Some(Notice::HintLost),
            Command::Reshuffle
                if self.game.reshuffles_left() == 0 && !self.game.is_unwinnable() =>
            {
                Some(Notice::NoReshufflesLeft)
            }
            _ => None,
        }
    }

    /// Opens `menu`, a menu that offers *Daily deal*: what it says beside
    /// it about today's deal is read now ([`App::daily_note`]).
    pub(super) fn open_menu(&mut self, menu: Menu) {
        self.daily_note = self.todays_daily_note();
        self.screens.push(Screen::Menu(menu));
    }

    /// `played today`, with the day's best score when its deal was won and
    /// recorded, once today's daily deal was played to its end (none
    /// without a data directory). A bad file kept aside is told.
    fn todays_daily_note(&mut self) -> Option<String> {
        let dir = self.session.as_ref()?.dir().to_path_buf();
        let today = Day::today(SystemTime::now());
        let (stats, warning) = Stats::load(&dir).ok()?;
        if let Some(w) = warning {
            self.tell(w);
        }
        if !stats.daily_played(today) {
            return None;
        }
        let best = match (BoardKey::of(&today.config()), Scores::load(&dir)) {
            (Ok(key), Ok((scores, warning))) => {
                if let Some(w) = warning {
                    self.tell(w);
                }
                scores.table(&key).first().map(|e| e.score())
            }
            _ => None,
        };
        Some(match best {
            Some(points) => format!("played today: {points} pts"),
            None => "played today".to_string(),
        })
    }

    /// Whether the game on show is today's daily deal, not over yet.
    fn playing_todays_daily(&self) -> bool {
        !self.game_over() && self.game.config().daily == Some(Day::today(SystemTime::now()))
    }

    /// The New game form's last choices, within the tiles on show: kinds
    /// chosen with other tiles (61 emoji, then the 59 letters) would deal
    /// kinds drawn alike.
    fn own_choice(&self) -> GameChoice {
        let mut choice = self.settings.new_game.clone();
        choice.kinds = choice.kinds.min(self.theme.kinds());
        choice
    }

    /// Leaves every screen and starts over as `why` says; the saved game goes.
    pub(super) fn abandon(&mut self, why: Abandon, now: Instant) {
        self.screens.clear();
        match why {
            // After a daily deal, whose options are the day's, the
            // player's own game.
            Abandon::ForNewGame if self.game.config().daily.is_some() => {
                let seed = self.game.next_seed();
                self.start_config(self.own_choice().config(seed), now);
            }
            Abandon::ForNewGame => self.start_over(Action::NewGame, now),
            Abandon::ForRestart => self.start_over(Action::Restart, now),
            Abandon::ForChoice(choice) => {
                let config = choice.config(self.game.next_seed());
                self.settings.new_game = choice;
                self.save_settings();
                self.start_config(config, now);
            }
            Abandon::ForDaily => {
                self.start_config(Day::today(SystemTime::now()).config(), now);
            }
            Abandon::ForDemo => {
                // The deal `--demo` makes without options.
                let seed = self.game.next_seed();
                if self.start_config(self.own_choice().config(seed), now) {
                    self.start_demo(now);
                }
            }
        }
    }

    /// Leaves this game for a new one of `config` (which the forms keep
    /// dealable; a failed deal keeps the game). Returns whether it was dealt.
    fn start_config(&mut self, config: crate::game::Config, now: Instant) -> bool {
        match Game::new(config, now) {
            Ok(game) => {
                self.start_over_with(game, now);
                true
            }
            Err(e) => {
                self.tell(format!("That game cannot be dealt: {e}"));
                false
            }
        }
    }

    /// Writes the settings changed here to the data directory, over what
    /// is there now (another game's changes stay), telling the player if
    /// that fails (play goes on with them).
    pub(super) fn save_settings(&mut self) {
        let Some(dir) = self.session.as_ref().map(|s| s.dir().to_path_buf()) else {
            return;
        };
        let (ours, base) = (&self.settings, &self.settings_saved);
        let updated = document::update(&dir, |file: &mut Settings| {
            *file = ours.changes_over(base, file);
            Some(())
        });
        match updated {
            Ok(updated) => {
                self.settings_saved = self.settings.clone();
                if let Some(warning) = updated.warning {
                    self.tell(warning);
                }
            }
            Err(e) => self.tell(format!("The settings could not be saved: {e}.")),
        }
    }

    /// The high-score tables from the data directory, or why there are
    /// none to show, as the statistics tell it.
    fn scores_view(&mut self) -> ScoresView {
        let Some(dir) = self.session.as_ref().map(|s| s.dir().to_path_buf()) else {
            return ScoresView::unread("No high scores: this game is not saved.".to_string());
        };
        let scores = match Scores::load(&dir) {
            Ok((scores, warning)) => {
                if let Some(w) = warning {
                    self.tell(w);
                }
                scores
            }
            Err(e) => return ScoresView::unread(e.to_string()),
        };
        let key = crate::persist::scores::BoardKey::of(&self.game.config()).ok();
        let tables: Vec<_> = scores
            .tables()
            .map(|(k, entries)| (k.clone(), entries.to_vec()))
            .collect();
        // Open on this game's table when it has one.
        let index = key
            .and_then(|k| tables.iter().position(|(t, _)| *t == k))
            .unwrap_or(0);
        ScoresView::new(tables, index)
    }

    /// The statistics from the data directory, open on this game's
    /// difficulty when it has games (as the high scores open on this
    /// game's table when it has one), else on every game's page.
    fn stats_view(&mut self) -> StatsView {
        let Some(dir) = self.session.as_ref().map(|s| s.dir().to_path_buf()) else {
            return StatsView::note(vec!["No statistics: this game is not saved.".to_string()]);
        };
        match Stats::load(&dir) {
            Ok((stats, warning)) => {
                if let Some(w) = warning {
                    self.tell(w);
                }
                let mut pages = stats.pages();
                // A win on show is counted once it is recorded (until then
                // undo may take it back): said, not left to look missing.
                if self.game.win().is_some() && self.counted == Counted::Started && !self.replay {
                    for page in &mut pages {
                        page.lines
                            .extend([String::new(), WIN_NOT_COUNTED.to_string()]);
                    }
                }
                let difficulty = self.game.config().difficulty;
                let index = pages
                    .iter()
                    .position(|p| p.difficulty == Some(difficulty))
                    .filter(|_| stats.tally(difficulty).started > 0)
                    .unwrap_or(0);
                StatsView {
                    pages,
                    index,
                    top: 0,
                    size: BoxSize::default(),
                }
            }
            Err(e) => StatsView::note(vec![e.to_string()]),
        }
    }

    /// The start menu, for a start that asked for no particular game. The
    /// first board's card, if it has one, waits for the menu to close.
    pub fn with_start_menu(mut self) -> Self {
        if matches!(self.screens.last(), Some(Screen::LevelCard { .. })) {
            self.screens.pop();
            self.seen_level = usize::MAX;
        }
        self.open_menu(Menu::new(MenuKind::Start));
        self
    }
}

#[cfg(test)]
mod tests;
