//! The text pages over the board (the help, the high scores, the
//! statistics): their lines as drawn and the box they fill on a screen of a
//! given size. The renderer draws them from here, and the app scrolls the
//! help and hit-tests clicks on the high scores and the statistics with the
//! same values, so what is drawn and what is clicked cannot disagree (as
//! [`App::list_layout`] serves the menus).

use ratatui::layout::Rect;
use ratatui::text::Line;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::keys::{BOARD_KEYS, Command, MOUSE_HELP};
use super::screen::{ScoresView, Screen, StatsView};
use super::{App, HINTS_OFF};
use crate::core::gravity::Gravity;
use crate::escape::escape_controls;
use crate::persist::scores::table_lines;
use crate::ui::layout::centred;

/// The rules in a few words, under the keys when there is room, wrapped to
/// the keys' width. A last line, which says how this board's tiles slide,
/// is added to them by [`App::help_page`].
const RULES: &str = "Join two equal tiles by a line with at most two turns through empty \
    cells, also round the outside. Every deal can be won; the title line warns when a move \
    makes that impossible. Quick matches score more; undo or a hint marks the game assisted.";

/// What a gravity variant does, in a few words, after its name: the level
/// card, the side panel and the help say it alike.
pub(crate) fn variant(gravity: Gravity) -> String {
    let words = match gravity {
        Gravity::None => "nothing moves",
        Gravity::Down => "tiles fall",
        Gravity::Up => "tiles rise",
        Gravity::Left => "tiles slide left",
        Gravity::Right => "tiles slide right",
        Gravity::CenterH => "rows close towards the middle",
        Gravity::CenterV => "columns close towards the middle",
    };
    format!("{}: {words}", gravity.name())
}

impl App {
    /// The help's lines on a screen of `area` and the box they go in: the
    /// keys (a description too wide for the screen wraps under itself), the
    /// rules when there is room, and how to deal this game again.
    pub(crate) fn help_page(&self, area: Rect) -> (Vec<String>, Rect) {
        // With hints off the hint key says so, as pressing it does.
        let rows = BOARD_KEYS
            .iter()
            .map(|b| {
                let off = !self.settings.hints && b.keys.iter().any(|k| k.1 == Command::Hint);
                (b.label, if off { HINTS_OFF } else { b.help })
            })
            .chain(MOUSE_HELP)
            .collect::<Vec<_>>();
        // Inside the border, with a column to spare.
        let room = usize::from(area.width.saturating_sub(3));
        let replay = format!(
            "Replay this deal: lianliankan {}",
            self.game.config().replay_options()
        );
        let replay = wrap(" ", &replay, room);
        // On a short screen the rules go, so the keys and the replay line
        // still show; the blank line over the replay line goes first.
        let height = usize::from(area.height);
        // The descriptions line up after the widest keys where that leaves
        // them room; on a narrow screen a wide label pushes its own text on.
        let widest = rows.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
        let keys = if room >= widest + 42 { widest } else { 16 };
        let mut lines: Vec<String> = rows
            .iter()
            .flat_map(|(k, what)| wrap(&format!(" {k:<keys$} "), what, room))
            .collect();
        // The rules fill the keys' width (a paragraph of its own width left
        // a third of the box empty beside it). The status line names the
        // variant ("daily center-h"), which only the level card and the side
        // panel put in words: at 80 x 24 a board of one variant had no words
        // for it at all.
        let keys_width = lines.iter().map(|l| l.width()).max().unwrap_or(0);
        let gravity = format!("Gravity {}.", variant(self.game.level().gravity));
        let rules = [RULES, &gravity]
            .map(|text| wrap(" ", text, keys_width))
            .concat();
        if rows.len() + rules.len() + replay.len() + 2 <= height {
            lines.extend(rules);
        }
        // A blank line over the replay line where the screen has room for
        // it besides the two borders.
        if lines.len() + replay.len() + 3 <= height {
            lines.push(String::new());
        }
        lines.extend(replay);
        let width = lines.iter().map(|l| l.width()).max().unwrap_or(0) + 3;
        let rect = self.centred_box(area, width as u16, lines.len() as u16 + 2);
        (lines, rect)
    }

    /// The screen on top that is browsed a page at a time (the high
    /// scores, the statistics) on a screen of `area`: its page on show as
    /// drawn, its box (see [`App::box_room`]), and how many pages it has.
    /// The one place that picks the page for drawing, the clicks and the
    /// scrolling.
    pub(crate) fn page_on_top(&self, area: Rect) -> Option<(Vec<Line<'static>>, Rect, usize)> {
        let ((text, rect), pages) = match self.screens.last()? {
            Screen::Scores(view) => (scores_box(view, area), view.tables.len()),
            Screen::Stats(view) => (stats_box(view, area), view.pages.len()),
            _ => return None,
        };
        Some((text, self.centred_box(area, rect.width, rect.height), pages))
    }

    /// The box of the screen on top that is browsed a page at a time (the
    /// high scores, the statistics) on a screen of `area`, and how many
    /// pages it has.
    pub(crate) fn paged_box(&self, area: Rect) -> Option<(Rect, usize)> {
        self.page_on_top(area).map(|(_, rect, pages)| (rect, pages))
    }

    /// Works out the size of the paged box on top for the screen's area,
    /// once per area, so drawing it only reads the size (see [`BoxSize`]).
    pub(super) fn fit_paged_box(&mut self) {
        let area = self.area;
        match self.screens.last_mut() {
            Some(Screen::Scores(view)) if !view.size.is_for(area) => {
                view.size = BoxSize(Some((area, scores_size(view, area))));
            }
            Some(Screen::Stats(view)) if !view.size.is_for(area) => {
                view.size = BoxSize(Some((area, stats_size(view, area))));
            }
            _ => {}
        }
    }

    /// Shows the next (`step` 1) or previous (-1) page of the paged screen
    /// on top: both turn on the same keys and clicks.
    pub(super) fn step_pages(&mut self, step: isize) {
        match self.screens.last_mut() {
            Some(Screen::Scores(view)) => view.step(step),
            Some(Screen::Stats(view)) => view.step(step),
            _ => {}
        }
    }

    /// Up or Down (`by` -1 or 1), Page Up or Page Down (a box's height) on
    /// the high scores or the statistics: a page longer than its box
    /// scrolls, and with `turn` (the arrows, not the wheel or the page keys)
    /// a page whose top or end is in sight turns to the one before or
    /// after, so the arrows still go through short pages.
    pub(super) fn scroll_page(&mut self, by: isize, turn: bool) {
        let Some((most, room)) = self.page_scroll(self.area) else {
            return;
        };
        let by = if by.abs() > 1 {
            by.signum() * isize::try_from(room.max(1)).unwrap_or(1)
        } else {
            by
        };
        let top = match self.screens.last_mut() {
            Some(Screen::Scores(view)) => &mut view.top,
            Some(Screen::Stats(view)) => &mut view.top,
            _ => return,
        };
        let from = (*top).min(most);
        let at_edge = if by > 0 { from >= most } else { from == 0 };
        if turn && at_edge {
            self.step_pages(by.signum());
        } else {
            *top = from.saturating_add_signed(by).min(most);
        }
    }

    /// How far the page on show of the paged screen on top scrolls on a
    /// screen of `area`, and how many of its lines the box shows.
    fn page_scroll(&self, area: Rect) -> Option<(usize, usize)> {
        let (text, rect, _) = self.page_on_top(area)?;
        let room = usize::from(rect.height.saturating_sub(2));
        Some((text.len().saturating_sub(room), room))
    }

    /// How many lines the help can scroll on a screen of `area`.
    pub(crate) fn help_max_top(&self, area: Rect) -> usize {
        let (lines, rect) = self.help_page(area);
        lines
            .len()
            .saturating_sub(usize::from(rect.height.saturating_sub(2)))
    }

    /// How many lines of the help show at once on a screen of `area`
    /// (inside its border): a page for Page Up and Page Down.
    pub(super) fn help_lines_shown(&self, area: Rect) -> isize {
        let (_, rect) = self.help_page(area);
        isize::try_from(rect.height.saturating_sub(2)).map_or(1, |n| n.max(1))
    }
}

/// `text` after `head` in lines of at most `width` columns, word by word:
/// the lines after the first start under the text, not under `head`. With
/// fewer than [`LEAST_ROOM`] columns beside `head`, the text starts on the
/// line below it, two columns in from the head's own start.
pub(crate) fn wrap(head: &str, text: &str, width: usize) -> Vec<String> {
    let indent = head.width();
    let margin = indent - head.trim_start().width();
    if indent + LEAST_ROOM > width && margin + 2 < indent {
        // The head wraps too: a key's label may be wider than the screen.
        let mut lines = wrap(&" ".repeat(margin), head.trim(), width);
        lines.extend(wrap(&" ".repeat(margin + 2), text, width));
        return lines;
    }
    // A screen too narrow even for that still gets a few words a line.
    let room = width.saturating_sub(indent).max(LEAST_ROOM);
    let mut lines = vec![String::new()];
    for word in text.split_whitespace().flat_map(|w| pieces(w, room)) {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.width() + 1 + word.width() > room {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| match i {
            0 => format!("{head}{l}"),
            _ => format!("{}{l}", " ".repeat(indent)),
        })
        .collect()
}

/// `word` in pieces of at most `room` columns: a word wider than the line
/// (a seed of 20 digits on a narrow screen) is broken rather than cut off
/// by the box.
fn pieces(word: &str, room: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut start, mut width) = (0, 0);
    for (at, c) in word.char_indices() {
        let w = c.width().unwrap_or(0);
        if width + w > room && width > 0 {
            pieces.push(&word[start..at]);
            (start, width) = (at, 0);
        }
        width += w;
    }
    pieces.push(&word[start..]);
    pieces
}

/// The fewest columns [`wrap`] leaves a text beside its head.
const LEAST_ROOM: usize = 12;

/// How wide a line of a page on a screen of `area` may be: inside the
/// border, with a column of room on each side.
fn page_room(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(4))
}

/// `line` in lines of at most `width` columns. A row of a table (a label,
/// then three or more figures set apart by wide gaps) keeps its figures'
/// spacing and sets them to the right edge, after the label when there is
/// room and on the next line when not, so every row's figures stay in the
/// heading's columns. Any other line too wide wraps word by word, its later
/// lines under the text after its label (the words before the first wide
/// gap) when the label leaves room ([`LEAST_ROOM`]), so the figures after
/// the labels stay in one column.
fn fit(line: &str, width: usize) -> Vec<String> {
    if line.width() <= width {
        return vec![line.to_string()];
    }
    let text = line.trim_start();
    let indent = &line[..line.len() - text.len()];
    let Some(gap) = text.find("  ") else {
        return wrap(indent, text, width);
    };
    let (head, figures) = (&text[..gap], text[gap..].trim());
    let columns = figures.split("  ").filter(|f| !f.trim().is_empty());
    if columns.count() >= 3 && figures.width() <= width {
        let head = format!("{indent}{head}");
        let pad = |used: usize| " ".repeat(width - used - figures.width());
        if head.width() < width - figures.width() {
            return vec![format!("{head}{}{figures}", pad(head.width()))];
        }
        let mut lines = wrap(indent, &text[..gap], width);
        lines.push(format!("{}{figures}", pad(0)));
        return lines;
    }
    let label = line.len() - text[gap..].trim_start().len();
    if line[..label].width() + LEAST_ROOM <= width {
        wrap(&line[..label], &line[label..], width)
    } else {
        wrap(indent, text, width)
    }
}

/// `lines` as drawn in a page box on a screen `room` columns wide (each
/// wrapped, see [`fit`]), with a blank line under them.
fn drawn(lines: &[String], room: usize) -> Vec<Line<'static>> {
    let mut text: Vec<Line<'static>> = lines
        .iter()
        .flat_map(|l| fit(l, room))
        .map(|l| Line::raw(format!(" {l}")))
        .collect();
    text.push(Line::raw(""));
    text
}

/// The width and height of a box that holds every page of `book` on a
/// screen of `area`: the paged boxes take the size of their largest page,
/// so they stay put while the pages turn.
fn book_size(book: impl Iterator<Item = Vec<String>>, area: Rect) -> (u16, u16) {
    let room = page_room(area);
    book.map(|page| drawn(&page, room))
        .fold((30, 0), |(width, height), text| {
            let widest = text.iter().map(Line::width).max().unwrap_or(0);
            (
                width.max(u16::try_from(widest + 3).unwrap_or(u16::MAX)),
                height.max(u16::try_from(text.len() + 2).unwrap_or(u16::MAX)),
            )
        })
}

/// The size of a paged box on a screen of a given area, worked out once
/// per area by the app (see [`App::fit_paged_box`]) rather than each time
/// it is drawn: sizing the box by its largest page formats every page,
/// which a scores file of thousands of tables would make slow for every
/// key. The renderer only reads it.
#[derive(Debug, Clone, Default)]
pub struct BoxSize(Option<(Rect, (u16, u16))>);

impl BoxSize {
    /// The size on a screen of `area`: the one kept for that area, else
    /// worked out by `size` (and not kept: the app keeps it).
    fn on(&self, area: Rect, size: impl FnOnce() -> (u16, u16)) -> (u16, u16) {
        match self.0 {
            Some((known, size)) if known == area => size,
            _ => size(),
        }
    }

    /// Whether it holds the size on a screen of `area`.
    fn is_for(&self, area: Rect) -> bool {
        matches!(self.0, Some((known, _)) if known == area)
    }
}

/// Two views are alike whatever either has worked out of its box's size.
impl PartialEq for BoxSize {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for BoxSize {}

/// The page on show as drawn and the box it goes in on a screen of
/// `area`, the size of the largest page: the one geometry for drawing a
/// page and for the clicks on it.
fn page_text(
    page: &[String],
    (width, height): (u16, u16),
    area: Rect,
) -> (Vec<Line<'static>>, Rect) {
    (drawn(page, page_room(area)), centred(area, width, height))
}

/// The size of the high scores' box on a screen of `area`: the largest
/// table's.
fn scores_size(view: &ScoresView, area: Rect) -> (u16, u16) {
    let count = view.tables.len().max(1);
    book_size((0..count).map(|i| scores_page(view, i, area)), area)
}

/// The size of the statistics' box on a screen of `area`: the largest
/// page's.
fn stats_size(view: &StatsView, area: Rect) -> (u16, u16) {
    book_size((0..view.pages.len()).map(|i| stats_page(view, i)), area)
}

/// The high-score table on show as drawn, and its box on a screen of `area`.
fn scores_box(view: &ScoresView, area: Rect) -> (Vec<Line<'static>>, Rect) {
    let size = view.size.on(area, || scores_size(view, area));
    page_text(&scores_page(view, view.index, area), size, area)
}

/// The statistics page on show as drawn, and its box on a screen of `area`.
fn stats_box(view: &StatsView, area: Rect) -> (Vec<Line<'static>>, Rect) {
    let size = view.size.on(area, || stats_size(view, area));
    page_text(&stats_page(view, view.index), size, area)
}

/// The lines of statistics page `index`, under its heading and which of
/// how many it is (none past the last).
fn stats_page(view: &StatsView, index: usize) -> Vec<String> {
    let Some(page) = view.pages.get(index) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if !page.heading.is_empty() {
        lines.push(format!(
            "{}   (page {} of {}: left/right)",
            page.heading,
            index + 1,
            view.pages.len()
        ));
        lines.push(String::new());
    }
    // The lines hold file contents: escaped, though validation keeps them plain.
    lines.extend(page.lines.iter().map(|l| escape_controls(l)));
    lines
}

/// The lines of high-score table `index`, with which of how many it is
/// (a line saying there are none yet when there are none).
fn scores_page(view: &ScoresView, index: usize, area: Rect) -> Vec<String> {
    let Some((key, entries)) = view.tables.get(index) else {
        // Why they could not be read, as the statistics say (found by the
        // play-test, pt46: a newer file's tables said none yet); else
        // said on the win's own menu too, before its score is recorded.
        return match &view.unread {
            Some(why) => vec![escape_controls(why)],
            None => vec!["No high scores yet: record a win to make the first.".to_string()],
        };
    };
    // Left and right turn the tables: said only where there is another.
    let turn = if view.tables.len() > 1 {
        ": left/right"
    } else {
        ""
    };
    let mut lines = vec![
        format!(
            "{}   (table {} of {}{turn})",
            key.title(),
            index + 1,
            view.tables.len()
        ),
        String::new(),
    ];
    lines.extend(
        table_lines(entries, page_room(area))
            .iter()
            .map(|l| escape_controls(l)),
    );
    lines.retain(|l| l.chars().count() < 200);
    lines
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use super::*;
    use crate::game::Config;
    use crate::persist::scores::{BoardKey, Entry};
    use crate::ui::test_support::{AREA, dealt, tiny};

    /// A row of a table too wide for the screen keeps its figures in the
    /// heading's columns: beside its label when there is room, under it when
    /// not; other lines wrap word by word.
    #[test]
    fn a_table_row_too_wide_keeps_its_columns() {
        let row = |label: &str, figures: [&str; 3]| {
            format!(
                "{label:<28} {:>5} {:>8} {:>8}",
                figures[0], figures[1], figures[2]
            )
        };
        let heading = fit(&row("Board", ["Won", "Best", "Median"]), 36);
        let short = fit(&row("8x16 down", ["3", "1:41", "12:05"]), 36);
        let long = fit(&row("8x16 daily-2026-10-01", ["1", "1:41", "1:41"]), 36);
        assert_eq!(heading, ["Board          Won     Best   Median"]);
        assert_eq!(short, ["8x16 down        3     1:41    12:05"]);
        assert_eq!(
            long,
            [
                "8x16 daily-2026-10-01",
                "                 1     1:41     1:41"
            ]
        );
        // Not a table: a label, a figure and words, under the label.
        let line = format!(
            "{:<14} {:>6}   (0 out of time, 0 abandoned)",
            "Games lost", 0
        );
        assert_eq!(
            fit(&line, 36),
            [
                "Games lost          0 (0 out of",
                "                    time, 0",
                "                    abandoned)"
            ]
        );
    }

    /// The box's size is worked out by the app once for a screen size, not
    /// at every key and frame (which formats every table), and again when
    /// the screen changes size; drawing only reads it.
    #[test]
    fn a_paged_box_is_sized_once_per_screen_size() {
        let key = |rows| BoardKey::of(&Config { rows, ..tiny() }).unwrap();
        let entry = |name: &str| Entry::new(name, 10, 5, SystemTime::now(), false).unwrap();
        let mut app = dealt("ascii", false);
        let view = ScoresView::new(vec![(key(2), vec![entry("ann")])], 0);
        app.screens.push(Screen::Scores(view));
        app.resize(AREA, app.now);
        let rect = |app: &App, area| app.paged_box(area).unwrap().0;
        let before = rect(&app, AREA);
        // A table wider than any before: the size worked out stands...
        let Some(Screen::Scores(view)) = app.screens.last_mut() else {
            unreachable!("pushed above");
        };
        view.tables.push((key(4), vec![entry(&"w".repeat(40))]));
        assert_eq!(rect(&app, AREA), before);
        // ...until the screen changes size, when it takes the new table in.
        let wider = Rect::new(0, 0, 100, 24);
        app.resize(wider, app.now);
        let after = rect(&app, wider);
        assert!(after.width > before.width, "{before:?} then {after:?}");
        app.resize(AREA, app.now);
        assert_eq!(rect(&app, AREA).width, after.width);
    }
}
