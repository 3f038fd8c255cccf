//! Drawing: `impl Widget for &App`. Reads the state, never changes it.
//!
//! The table first, then the title line and the status line (the level,
//! the time bar and the time-up box are in `render/level.rs`), then the
//! board or the paused box: the tiles
//! (`render/tiles.rs`), tiles gliding after a match (`render/slide.rs`), the
//! line of the last match straight into the buffer (`render/line.rs`) and the
//! feedback on the board (`render/feedback.rs`). Over it all the win box
//! (`render/win.rs`) or the time-up box, the screen on top (`render/screens.rs`:
//! help, menus, forms, the level card, high scores, statistics) and the
//! message box; last the side panel (`render/panel.rs`) in place of the
//! status line, unless one of those boxes reaches over it. Where boxes and
//! pages sit comes from [`crate::ui::layout`] and
//! [`crate::ui::app`], which the clicks use too.

mod boxes;
mod feedback;
mod level;
mod line;
mod panel;
mod screens;
mod slide;
mod tiles;
mod win;

use std::time::Duration;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::core::grid::{EMPTY, Point, Tile};
use crate::game::{Removal, show_time};
use crate::ui::app::keys::{self, Command};
use crate::ui::app::screen::Screen;
use crate::ui::app::{App, DEMO_NOTE, INTRO};
use crate::ui::layout::{BoardLayout, centred};
use crate::ui::theme::Paint;
use tiles::Marks;

/// The warning on the title line while the board is proved lost, until undo
/// or a reshuffle. It names the keys, so it belongs to the terminal game,
/// not to the game state that knows the board is lost.
const LOST_WARNING: &str = "cannot be won now: u undo, r reshuffle";

/// What the status line says of itself where there is room: a click on it
/// opens the menu, as the first screen's title line says ([`INTRO`]).
const MENU_HERE: &str = "Esc or click here: menu";

/// [`LOST_WARNING`] for a narrow title line that also holds a timed level's
/// time left: both matter when the board is lost against the clock.
const LOST_SHORT: &str = "cannot win: u or r";

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (areas, layout) = self.screen_layout(area);
        let Some(layout) = layout else {
            // Menus and notes need no board: they show instead of the
            // request for room, so no key goes to them unseen (the
            // request's words round a box read as stray letters).
            if self.screens.is_empty() && self.warning.is_none() {
                self.render_too_small(area, buf);
            }
            self.render_on_top(area, buf);
            return;
        };
        // The table under everything but the title and status lines.
        let table = Rect::new(
            area.x,
            areas.title.bottom(),
            area.width,
            areas.status.y.saturating_sub(areas.title.bottom()),
        );
        buf.set_style(table, self.colours(Paint::PanelText, Paint::Table));
        // The bare table, to tell whether a box was drawn where the panel goes.
        let bare = areas.panel.map(|p| (p, buf[(p.x, p.y)].clone()));
        self.render_title(areas.title, buf);
        if areas.panel.is_none() {
            self.render_status(areas.status, buf);
        }
        let covered = !self.screens.is_empty() && !self.card_waits();
        if covered {
            // Help, the menus and the level card hide the board: the clock
            // stands meanwhile, and nobody studies a hidden board.
        } else if self.game.is_paused() {
            // Centred on the board space, not the board: a small board is
            // narrower than the text.
            let text = "Paused. Press p or click to resume.";
            let rect = centred(areas.middle, 4 + text.len() as u16, 3);
            Clear.render(rect, buf);
            self.frame(border::PLAIN).render(rect, buf);
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .render(centred(areas.middle, text.len() as u16, 1), buf);
        } else {
            self.render_board(&layout, areas.middle, buf);
        }
        // The win and time-up boxes go with the board: round a menu or a
        // page over them their words and keys read as the screen's own.
        if let Some(win) = self.game.win().filter(|_| !covered) {
            self.render_win(area, win, buf);
        }
        if let Some(loss) = self.game.time_up().filter(|_| !covered) {
            self.render_loss(area, loss, buf);
        }
        self.render_on_top(area, buf);
        // The panel goes last, where nothing else was drawn: a box centred
        // on the screen that reaches it (the win box, a menu, the help
        // beside a small board) shows alone, not with the panel's words
        // cut round it.
        if let Some((panel, bare)) = bare
            && panel.positions().all(|p| buf[p] == bare)
        {
            self.render_panel(panel, buf);
        }
    }
}

/// Blanks every two-column symbol whose hidden right half something was
/// drawn over (a box's border, a label over a picture): the terminal would
/// draw the symbol over it, and ratatui skips the cell a wide symbol hides.
fn mend_wide_symbols(buf: &mut Buffer) {
    let width = usize::from(buf.area.width);
    if width == 0 {
        return;
    }
    for row in buf.content.chunks_mut(width) {
        for x in 0..row.len() - 1 {
            // One byte is one column: most cells are done at the first test.
            let symbol = row[x].symbol();
            if symbol.len() > 1 && symbol.width() == 2 && row[x + 1] != Cell::EMPTY {
                row[x].set_symbol(" ");
            }
        }
    }
}

impl App {
    /// Draws what goes over everything else, with a board on show or not:
    /// the screen on top, then the message box; then mends the wide symbols
    /// something was drawn over.
    fn render_on_top(&self, area: Rect, buf: &mut Buffer) {
        self.render_screen(area, buf);
        if let Some(message) = &self.warning {
            self.render_message(area, message, buf);
        }
        mend_wide_symbols(buf);
    }

    /// Whether the match that cleared a level is on show: its line is drawn
    /// on that empty board, whatever the next level dealt, so no tile of
    /// the board is drawn, nor counted as hidden by what is drawn over it.
    fn shows_cleared_board(&self) -> bool {
        self.game.removal(self.now).is_some_and(|r| r.cleared)
    }

    /// The tiles the board on show holds: none while the line of the match
    /// that cleared a level is drawn, though the next level is dealt.
    fn tiles_on_show(&self) -> usize {
        match self.shows_cleared_board() {
            true => 0,
            false => self.game.board().tile_count(),
        }
    }

    /// A bordered block drawn with `set`, or its ASCII stand-in where the
    /// terminal takes no box drawing.
    fn frame(&self, set: border::Set<'static>) -> Block<'static> {
        Block::bordered().border_set(self.charset.border(set))
    }

    /// Draws the board where `layout` puts it: every tile with its marks,
    /// the cursor on an empty cell, sliding tiles, the pair just matched
    /// with its line, and the feedback over them, kept within the columns
    /// of `space` (the board space, not the side panel beside it).
    fn render_board(&self, layout: &BoardLayout, space: Rect, buf: &mut Buffer) {
        let game = &self.game;
        let board = game.board();
        let sliding = self.sliding_to();
        let cleared = self.shows_cleared_board();
        for p in board.points() {
            let kind = board.get(p);
            if cleared || kind == EMPTY || sliding.contains(&p) {
                continue;
            }
            let marks = self.marks_at(p, kind);
            self.render_tile(layout.tile, layout.cell_rect(p), kind, marks, buf);
        }
        if board.get(game.cursor()) == EMPTY && game.win().is_none() && !cleared {
            self.render_empty_cursor(layout, buf);
        }
        self.render_slides(layout, buf);
        if let Some(removal) = game.removal(self.now) {
            self.render_removal(layout, removal, buf);
        }
        self.render_feedback(layout, space, buf);
    }

    /// The marks of the tile of `kind` in cell `p` (or on its way there:
    /// a sliding tile wears its new cell's): hint, highlight, cursor,
    /// selection, a failed pick.
    fn marks_at(&self, p: Point, kind: Tile) -> Marks {
        let game = &self.game;
        Marks {
            hint: game.hint_pair().is_some_and(|(a, b)| a == p || b == p),
            lit: self.hint_lit(),
            highlight: game.highlight_kind() == Some(kind),
            cursor: game.cursor() == p,
            selected: game.selected() == Some(p),
            removed: false,
            failed: self
                .flashing()
                .is_some_and(|m| m.first == p || m.second == p),
        }
    }

    /// Whether the screen on top is a level card that has not come yet:
    /// the cleared board and its line show until then, and the card is
    /// not drawn.
    fn card_waits(&self) -> bool {
        matches!(self.screens.last(), Some(&Screen::LevelCard { from }) if self.now < from)
    }

    /// A cursor on an empty cell is still shown, as brackets.
    fn render_empty_cursor(&self, layout: &BoardLayout, buf: &mut Buffer) {
        let cursor = self.game.cursor();
        let rect = layout.cell_rect(cursor);
        let (cx, cy) = layout.centre(cursor);
        let style = self
            .colours(Paint::CursorInk, Paint::Cursor)
            .add_modifier(Modifier::BOLD);
        buf.set_string(cx.saturating_sub(1).max(rect.x), cy, "[", style);
        let right = (cx + layout.tile.glyph).min(rect.right() - 1);
        buf.set_string(right, cy, "]", style);
    }

    /// The pair just matched, still drawn in its cells, and the line that
    /// joined them growing from the first.
    fn render_removal(&self, layout: &BoardLayout, removal: &Removal, buf: &mut Buffer) {
        for p in removal.path.ends().into_iter().flat_map(|(a, b)| [a, b]) {
            let marks = Marks {
                removed: true,
                ..Marks::default()
            };
            self.render_tile(layout.tile, layout.cell_rect(p), removal.kind, marks, buf);
        }
        let shown = self.now.saturating_duration_since(removal.at);
        line::draw(
            layout,
            &removal.path.corners,
            grown(shown, self.game.pace().line),
            self.line_style(),
            self.charset,
            buf,
        );
    }

    fn line_style(&self) -> Style {
        self.colours(Paint::Line, Paint::Table)
            .add_modifier(Modifier::BOLD)
    }

    fn render_title(&self, area: Rect, buf: &mut Buffer) {
        const TITLE: &str = " lianliankan";
        let now = self.now;
        let message = match self.game.notice(now) {
            Some(n) => n.text().to_string(),
            None if self.demo.is_some() => DEMO_NOTE.to_string(),
            None if self.game.is_unwinnable() => self.lost_warning(area.width).to_string(),
            // The points of a match show on the board (render/feedback.rs).
            None => match self.note {
                Some(note) => note.to_string(),
                None if self.intro
                    && self.game.is_untouched()
                    && self.screens.is_empty()
                    && self.game.time_up().is_none() =>
                {
                    self.intro(area.width).to_string()
                }
                None => String::new(),
            },
        };
        let style = if self.color {
            Style::new()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        let whole = shorten(&message, usize::from(area.width).saturating_sub(1));
        // A timed level's time left keeps its place before the message,
        // which gives up its last clauses for it (found by the play-test,
        // pt45: "no hint: this board cannot be won now" hid the time at 39
        // to 43 columns); a message of one clause is left whole.
        let beside_time = self
            .time_left_width()
            .map(|time| usize::from(area.width).saturating_sub(time + 3));
        let message = match beside_time {
            Some(room) if whole.width() > room => {
                cut_at(&message, room, &["; ", ": ", " ("]).unwrap_or(whole)
            }
            _ => whole,
        };
        let room = level::message_room(message);
        // On a narrow screen the message goes before the title, not over it,
        // and a timed level's time left wins over the title: it takes the
        // title's place where both do not fit (found by the check run,
        // check45: at 33 columns and under, each notice hid the time).
        let titled = usize::from(room) + TITLE.len() <= usize::from(area.width)
            && self.time_left_fits(area.width, message);
        let message = format!("{message} ");
        if titled {
            let title = Style::new().add_modifier(Modifier::BOLD);
            Line::styled(TITLE, title).render(area, buf);
        }
        self.render_time_bar(area, titled, room, buf);
        // A styled span, not a styled line: a line's style would cover the
        // whole title line, the time bar's colours with it. A message wider
        // than the screen keeps its start (its end is cut, not its first
        // words).
        let align = if message.width() <= usize::from(area.width) {
            Alignment::Right
        } else {
            Alignment::Left
        };
        Line::from(Span::styled(message, style))
            .alignment(align)
            .render(area, buf);
    }

    /// The intro, as many of its clauses as fit a title line `width` wide
    /// and leave a timed level's time left room in the fullest form the
    /// line has room for (the time, which only the title line shows, wins
    /// over the intro, so nothing on the line goes as the screen widens:
    /// the re-test, rt45, saw the bar at 73 columns, not at 74 where a
    /// second clause took its room, and again at 80): never cut inside a
    /// clause, but its first clause, cut by words, where no clause fits the
    /// width.
    fn intro(&self, width: u16) -> &'static str {
        let clauses = std::iter::once(INTRO.len())
            .chain(INTRO.rmatch_indices("; ").map(|(end, _)| end))
            .map(|end| &INTRO[..end]);
        let time = self.time_forms().map_or(0, |forms| {
            let fits = |&columns: &usize| level::time_fits(width, "", columns);
            forms.into_iter().find(fits).unwrap_or(forms[2])
        });
        let beside_time: Vec<&str> = clauses
            .filter(|intro| level::time_fits(width, intro, time))
            .collect();
        beside_time
            .iter()
            .find(|intro| intro.width() < usize::from(width))
            .or(beside_time.last())
            .copied()
            .unwrap_or("")
    }

    /// The warning that the board cannot be won, in [`LOST_SHORT`] where
    /// the whole is wider than a title line `width` wide or would push a
    /// timed level's time left off it, and the short one leaves it room.
    fn lost_warning(&self, width: u16) -> &'static str {
        let whole =
            LOST_WARNING.width() < usize::from(width) && self.time_left_fits(width, LOST_WARNING);
        if !whole && self.time_left_fits(width, LOST_SHORT) {
            LOST_SHORT
        } else {
            LOST_WARNING
        }
    }

    fn render_status(&self, area: Rect, buf: &mut Buffer) {
        let style = if self.color {
            Style::new().fg(Color::Black).bg(Color::Gray)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        };
        buf.set_style(area, style);
        Line::raw(self.status_text(area.width)).render(area, buf);
    }

    /// The status line, in the most explicit wording that fits `width`
    /// columns. Every wording ends with the key for help, so what to press
    /// next always shows; where there is room it says, as the first screen
    /// did, that a click on it opens the menu (a player with the mouse only
    /// is told nowhere else once the first move has taken that away); the
    /// tile count goes first, then the long words.
    fn status_text(&self, width: u16) -> String {
        let g = &self.game;
        let (label, score, time) = (
            level::label(g, g.level_on_show(self.now), self.replay),
            g.score(),
            clock(g.elapsed(self.now)),
        );
        let (tiles, hints, shuffles) = (self.tiles_on_show(), g.hints_left(), g.reshuffles_left());
        let (t, r, help) = (
            keys::label(Command::Hint),
            keys::label(Command::Reshuffle),
            keys::label(Command::Help),
        );
        // Hints turned off in the settings are not offered.
        let (hints_long, hints_mid, hints_short) = if self.settings.hints {
            (
                format!("Hints {hints} {t}"),
                format!("{t} hint {hints}"),
                format!(" {t}:{hints}"),
            )
        } else {
            (
                "Hints off".to_string(),
                "no hints".to_string(),
                String::new(),
            )
        };
        // A game with no label (no gravity, normal difficulty) starts
        // with its score.
        let (head, short_head) = if label.is_empty() {
            (" ".to_string(), " ".to_string())
        } else {
            (format!(" {label}  "), format!(" {label} "))
        };
        let wordings = [
            format!(
                "{head}Score {score}  Time {time}  Tiles {tiles}  {hints_long}  Shuffles {shuffles} {r}  {MENU_HERE}  {help} help"
            ),
            format!(
                "{head}Score {score}  Time {time}  Tiles {tiles}  {hints_long}  Shuffles {shuffles} {r}  {help} help"
            ),
            format!(
                "{head}Score {score}  Time {time}  {hints_long}  Shuffles {shuffles} {r}  {help} help"
            ),
            format!("{head}{score} pts  {time}  {hints_mid}  {r} shuffle {shuffles}  {help} help"),
            format!("{short_head}{score} {time}{hints_short} {r}:{shuffles} {help} help"),
            format!(" {score} {time}{hints_short} {r}:{shuffles} {help} help"),
            format!(" {score} {time} {help} help"),
        ];
        let fits = |text: &String| text.chars().count() <= usize::from(width);
        let last = wordings.last().cloned().unwrap_or_default();
        wordings.into_iter().find(fits).unwrap_or(last)
    }

    fn render_too_small(&self, area: Rect, buf: &mut Buffer) {
        let board = self.game.board();
        let (w, h) = BoardLayout::min_screen(board.rows(), board.cols(), self.theme.width());
        let lines = vec![
            Line::raw("Please make the terminal larger."),
            Line::raw(format!(
                "This board needs {w} x {h}; it is {} x {}.",
                area.width, area.height
            )),
            // A key or click stops a demo, and does nothing else.
            Line::raw(if self.demo.is_some() {
                format!("({DEMO_NOTE})")
            } else {
                "(Esc or click: menu; q quits)".to_string()
            }),
        ];
        let text = Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true });
        // As tall as the words wrap to on a narrow terminal, where three
        // rows cut off the size it has and the keys.
        let height = u16::try_from(text.line_count(area.width)).unwrap_or(u16::MAX);
        text.render(centred(area, area.width, height), buf);
    }
}

/// `message` cut to `width` columns where it is wider: at the end of its
/// last clause that fits ("cannot be won now" of "cannot be won now: u
/// undo, r reshuffle"), else after its last whole word that fits, so that
/// no word is cut in the middle ("? for h").
/// A first word wider than `width` is left whole, for the title line to cut.
fn shorten(message: &str, width: usize) -> &str {
    if message.width() <= width {
        return message;
    }
    cut_at(message, width, &["; ", ": ", " ("])
        .or_else(|| cut_at(message, width, &[" "]))
        .unwrap_or(message)
}

/// `message` up to the last of `seps` it holds within `width` columns, if
/// any, without the punctuation that ended the part kept.
fn cut_at<'a>(message: &'a str, width: usize, seps: &[&str]) -> Option<&'a str> {
    seps.iter()
        .flat_map(|sep| message.match_indices(sep).map(|(i, _)| i))
        .filter(|&end| end > 0 && message[..end].width() <= width)
        .max()
        .map(|end| message[..end].trim_end_matches([',', ';', ':']))
}

/// How much of a match line is drawn `shown` after the match, of a `line`
/// time on screen: it grows over the first two thirds, then stays whole.
fn grown(shown: Duration, line: Duration) -> f32 {
    let grow = line.as_secs_f32() * 2.0 / 3.0;
    (shown.as_secs_f32() / grow).clamp(0.0, 1.0)
}

/// A playing time as the player reads it (see [`show_time`]).
fn clock(d: Duration) -> String {
    show_time(d.as_secs())
}

#[cfg(test)]
mod level_tests;
#[cfg(test)]
mod looks_tests;
#[cfg(test)]
mod tests;
