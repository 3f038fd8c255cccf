//! The win screen (score, time, the high-score table with this game marked,
//! the name prompt) and the message box.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Padding, Paragraph, Widget, Wrap};

use super::boxes::{Ranked, centre, end_keys, prompt_keys};
use super::clock;
use crate::escape::escape_controls;
use crate::game::{LEVEL_COUNT, Mode, Win};
use crate::persist::scores::{MAX_NAME_WIDTH, TABLE_SIZE};
use crate::ui::app::App;
use crate::ui::app::screen::counted;
use crate::ui::win_screen::WinScreen;

impl App {
    /// What helped win this game, for the win box: the demo, the hints
    /// spent, the moves undo took back ("the demo, 1 hint, 2 undos"). A
    /// game saved before undos were counted may have been helped by none of
    /// what it knows: it then says what may have.
    fn assistance(&self) -> String {
        let game = &self.game;
        let hints = game.config().hints.saturating_sub(game.hints_left());
        let count = |n: u32, what: &str| (n > 0).then(|| counted(n, what));
        let helps: Vec<String> = [
            game.watched().then(|| "the demo".to_string()),
            count(hints, "hint"),
            count(game.undos(), "undo"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if helps.is_empty() {
            "undo, hint or demo".to_string()
        } else {
            helps.join(", ")
        }
    }

    /// Draws the win box over the board: what was cleared, the score and
    /// time (with what a timed game's last time left added), the share line
    /// of a daily deal, the high-score table with the name prompt, and the
    /// keys that apply.
    pub(super) fn render_win(&self, area: Rect, win: Win, buf: &mut Buffer) {
        // Each line with how soon it goes on a short screen (see
        // `Ranked`); the keys always stay.
        let mut lines: Vec<Ranked> = vec![
            (9, Line::raw("")),
            (
                3,
                centre(match self.game.config().mode {
                    Mode::Single(_) => "Board cleared!".to_string(),
                    Mode::Levels => format!("All {LEVEL_COUNT} levels cleared!"),
                }),
            ),
            (9, Line::raw("")),
            (2, centre(format!("Score {:>7}", win.score))),
            (5, centre(format!("Time  {:>7}", clock(win.time)))),
        ];
        // On a timed game the time left on the last board, which the score
        // took in (the label on the board gives way to this box).
        if win.bonus > 0 {
            lines.push((7, centre(format!("(+{} for the time left)", win.bonus))));
        }
        if win.assisted {
            lines.push((8, centre(format!("(assisted: {})", self.assistance()))));
        }
        // A daily deal's line to share, which is also printed on the way out.
        if let Some(share) = &self.share {
            lines.push((9, Line::raw("")));
            lines.push((6, centre(share.clone())));
        }
        let keys = match &self.win_screen {
            Some(screen) => {
                lines.push((9, Line::raw("")));
                lines.extend(table_lines(screen, area.width));
                if screen.prompting() {
                    prompt_keys()
                } else {
                    end_keys(!screen.recorded)
                }
            }
            None => end_keys(true),
        };
        lines.push((9, Line::raw("")));
        self.render_end_box(area, " You won ", lines, &keys, 46, buf);
    }

    /// The message box, over everything else, until a key or click.
    pub(super) fn render_message(&self, area: Rect, message: &str, buf: &mut Buffer) {
        let width = area.width.min(70);
        // A column of room each side of the text, where there is room.
        let pad = u16::from(width >= 20);
        let inner = width.saturating_sub(2 + 2 * pad).max(1);
        let lines: Vec<Line> = message
            .lines()
            .map(|l| Line::raw(escape_controls(l)))
            .collect();
        let note = Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            self.frame(border::PLAIN)
                .padding(Padding::horizontal(pad))
                .title(" Note ")
                .title_bottom(Line::raw(" a key or click ").alignment(Alignment::Center)),
        );
        // As tall as the wrapped text and the borders, counted by the
        // wrapping that draws it: an estimate left blank lines under short
        // notes and could cut long ones whose words wrap early.
        let height = u16::try_from(note.line_count(inner)).unwrap_or(u16::MAX);
        let rect = self.centred_box(area, width, height);
        Clear.render(rect, buf);
        note.render(rect, buf);
    }
}

/// The name prompt's label.
const NAME_LABEL: &str = " Your name:";

/// The place line, the name prompt and the table, this game's row marked,
/// each with how soon it goes on a short screen (see [`Ranked`]), in a box
/// at most `width` columns wide.
fn table_lines(screen: &WinScreen, width: u16) -> Vec<Ranked<'static>> {
    let mut lines = Vec::new();
    let place = screen.rank.map(|r| r + 1);
    let heading = match (place, screen.recorded) {
        _ if let Some(why) = screen.unrecorded => format!(" Not recorded: {why}"),
        (Some(p), false) => format!(" A high score: place {p} of {TABLE_SIZE}"),
        (Some(p), true) => format!(" Recorded in place {p}"),
        (None, _) => format!(" Not in the top {TABLE_SIZE} of this board"),
    };
    lines.push((4, Line::raw(heading)));
    if screen.prompting() {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let name = vec![
            Span::raw(" "),
            Span::styled(escape_controls(&screen.name), bold),
            Span::styled("_", bold.add_modifier(Modifier::SLOW_BLINK)),
        ];
        // The label and the longest name with its cursor, inside the
        // borders: where they do not fit, the name has a line of its own,
        // the last to go, so what is typed shows.
        if usize::from(width) >= NAME_LABEL.len() + MAX_NAME_WIDTH + 4 {
            let mut line = vec![Span::raw(NAME_LABEL)];
            line.extend(name);
            lines.push((1, Line::from(line)));
        } else {
            lines.push((2, Line::raw(NAME_LABEL)));
            lines.push((1, Line::from(name)));
        }
    }
    let rows = screen.rows();
    if rows.is_empty() {
        return lines;
    }
    lines.push((9, Line::raw("")));
    // The figures' columns as wide as their widest cell: a hand-edited
    // file holds scores of 9 digits and times of 10 characters.
    let scores: Vec<String> = rows.iter().map(|r| r.score.to_string()).collect();
    let times: Vec<String> = rows
        .iter()
        .map(|r| clock(std::time::Duration::from_secs(u64::from(r.seconds))))
        .collect();
    let widest =
        |cells: &[String], least: usize| cells.iter().map(String::len).fold(least, usize::max);
    let (score_width, time_width) = (widest(&scores, SCORE_WIDTH), widest(&times, TIME_WIDTH));
    // In a box narrower than the rows, the names give way (to at least
    // LEAST_NAME columns), then the time column: the scores stay whole.
    let inside = usize::from(width.saturating_sub(2));
    let room = |figures: usize| inside.saturating_sub(ROW_HEAD + figures);
    // Each column with the space before it, the score's with the mark after.
    let (score_cols, time_cols) = (score_width + 3, time_width + 1);
    let with_time = room(score_cols + time_cols) >= LEAST_NAME;
    let name_width = if with_time {
        room(score_cols + time_cols)
    } else {
        room(score_cols)
    }
    .clamp(1, MAX_NAME_WIDTH);
    let mut assisted = false;
    for (i, row) in rows.iter().enumerate() {
        assisted |= row.assisted;
        let mark = if row.mine { ">" } else { " " };
        let time = if with_time {
            format!(" {:>time_width$}", times[i])
        } else {
            String::new()
        };
        let text = format!(
            " {:>2}{mark} {} {:>score_width$}{time} {}",
            i + 1,
            // Names are sanitized when made and when read; escaped again here
            // so nothing from a file reaches the terminal raw.
            pad(&escape_controls(&row.name), name_width),
            scores[i],
            if row.assisted { "*" } else { "" },
        );
        let style = if row.mine {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::new()
        };
        lines.push((if row.mine { 6 } else { 7 }, Line::styled(text, style)));
    }
    if assisted {
        // What marks a game, as the line over the table says (a demo taken
        // over is marked too); where that is too wide, the mark alone.
        let legend = " * assisted (undo, hint or demo)";
        let legend = if legend.len() <= inside {
            legend
        } else {
            " * assisted"
        };
        lines.push((8, Line::raw(legend)));
    }
    lines
}

/// A table row's columns before the name: " 12> ".
const ROW_HEAD: usize = 5;
/// The fewest columns of a table row's score: 1234567.
const SCORE_WIDTH: usize = 7;
/// The fewest columns of a table row's time: 12:34:56.
const TIME_WIDTH: usize = 8;
/// The fewest columns a name keeps before the time column goes.
const LEAST_NAME: usize = 4;

/// `name` cut or padded to `width` terminal columns (at most
/// [`MAX_NAME_WIDTH`], the widest a stored name is).
fn pad(name: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let width = width.min(MAX_NAME_WIDTH);
    let mut out = String::new();
    let mut used = 0;
    for c in name.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push_str(&" ".repeat(width - used));
    out
}
