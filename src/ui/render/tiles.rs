//! One tile, as real Shisen-Sho tiles look: a light face with the picture in
//! its colour, a darker edge below (and on the right where tiles touch), on
//! the green table. The marks colour the face (selection gold, hint green,
//! highlight blue, a failed pair red), the cursor frames the tile in blue, and
//! every mark also has its own characters beside the symbol, so each stays
//! distinct without colour (where boxed tiles get a border of its own style).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::widgets::Widget;

use crate::core::grid::Tile;
use crate::ui::app::App;
use crate::ui::layout::TileSize;
use crate::ui::theme::Paint;

/// How a tile is marked; several marks may meet on one tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Marks {
    /// One of the hinted pair.
    pub hint: bool,
    /// Whether a hinted tile is in the bright phase of its pulse.
    pub lit: bool,
    /// Of the highlighted kind.
    pub highlight: bool,
    /// Under the keyboard cursor.
    pub cursor: bool,
    /// Selected, waiting for its partner.
    pub selected: bool,
    /// One of the pair just matched, while its line shows.
    pub removed: bool,
    /// One of a pair just picked that does not match.
    pub failed: bool,
}

impl Marks {
    /// The characters left and right of the symbol: one mark's, in order of
    /// precedence. A failed pair's flash goes over the cursor, which stands
    /// on the tile picked second: without colours its `!` is all that says
    /// that tile failed too.
    fn brackets(self) -> (&'static str, &'static str) {
        if self.failed {
            ("!", "!")
        } else if self.cursor {
            ("[", "]")
        } else if self.removed {
            ("*", "*")
        } else if self.hint && self.lit {
            ("<", ">")
        } else if self.hint {
            (">", "<")
        } else if self.highlight {
            ("{", "}")
        } else {
            (" ", " ")
        }
    }

    /// The colour of the face.
    fn face(self) -> Paint {
        if self.failed {
            Paint::Warning
        } else if self.removed {
            Paint::Removed
        } else if self.selected {
            Paint::Selected
        } else if self.hint && self.lit {
            Paint::Hint
        } else if self.highlight {
            Paint::Highlight
        } else {
            Paint::Face
        }
    }
}

impl App {
    /// The colour of `paint` on this terminal, or `None` without colours.
    pub(super) fn paint(&self, paint: Paint) -> Option<Color> {
        self.color.then(|| paint.ink().color(self.depth))
    }

    /// A style with the foreground `fg` and background `bg`, each when
    /// colours are on.
    pub(super) fn colours(&self, fg: Paint, bg: Paint) -> Style {
        let mut style = Style::new();
        if let Some(c) = self.paint(fg) {
            style = style.fg(c);
        }
        if let Some(c) = self.paint(bg) {
            style = style.bg(c);
        }
        style
    }

    /// Draws the tile of `kind` whose top-left corner is at `rect` (a tile
    /// of size `tile`; what lies outside `buf` is left out).
    pub(super) fn render_tile(
        &self,
        tile: TileSize,
        rect: Rect,
        kind: Tile,
        marks: Marks,
        buf: &mut Buffer,
    ) {
        let rect = Rect::new(rect.x, rect.y, tile.width, tile.height);
        let shown = rect.intersection(buf.area);
        if shown.is_empty() {
            return;
        }
        let glyph = self.theme.glyph(kind);
        let symbol = glyph.map_or("?", |g| g.symbol.as_str());
        let (gx, gy) = tile.glyph_at();
        let (gx, gy) = (rect.x + gx, rect.y + gy);
        let mut style = if self.color {
            self.colour_tile(tile, rect, shown, marks, buf)
        } else {
            self.plain_tile(tile, shown, marks, buf)
        };
        let (left, right) = marks.brackets();
        // `shown` lies within the buffer.
        let put = |buf: &mut Buffer, x: u16, s: &str, style: Style| {
            if shown.contains((x, gy).into()) {
                buf.set_string(x, gy, s, style);
            }
        };
        // The marks keep the cell's background (an edge where tiles touch),
        // except the cursor's on a small tile.
        let mut side = match self.paint(Paint::Ink) {
            Some(ink) if !marks.failed => Style::new().fg(ink),
            Some(_) => Style::new().fg(style.fg.unwrap_or(Color::Reset)),
            None => style,
        }
        .add_modifier(Modifier::BOLD);
        if marks.cursor && !marks.failed && self.color && !tile.boxed() {
            side = side.patch(self.colours(Paint::CursorInk, Paint::Cursor));
        }
        // An unmarked tile's sides are the blanks already there.
        if (left, right) != (" ", " ") || marks.cursor {
            if gx > rect.x {
                put(buf, gx - 1, left, side);
            }
            if gx + tile.glyph < rect.right() {
                put(buf, gx + tile.glyph, right, side);
            }
        }
        if self.color && !marks.failed {
            let ink = glyph.and_then(|g| g.ink).unwrap_or(Paint::Ink.ink());
            let mut fg = ink.color(self.depth);
            // On 16 colours a mark's face may be the picture's own colour
            // (a yellow symbol selected, a green one hinted, a cyan one
            // highlighted): it is drawn then in the ink of pictures without
            // a colour, rather than vanish into its face.
            if style.bg == Some(fg) {
                fg = Paint::Ink.ink().color(self.depth);
            }
            style = style.fg(fg);
        }
        // One picture a tile, whatever its size: in a terminal every copy
        // would be as large as the first, and three in a row read as clutter.
        // A wide symbol is written whole or not at all.
        if gx + tile.glyph <= shown.right() && shown.contains((gx, gy).into()) {
            buf.set_string(gx, gy, symbol, style.add_modifier(Modifier::BOLD));
        }
    }

    /// Paints a tile in colour: face, edge, cursor frame. Returns the style
    /// of the symbol's row.
    fn colour_tile(
        &self,
        tile: TileSize,
        rect: Rect,
        shown: Rect,
        marks: Marks,
        buf: &mut Buffer,
    ) -> Style {
        let ink = if marks.failed {
            Paint::WarningInk
        } else {
            Paint::Ink
        };
        let face = self.colours(ink, marks.face());
        buf.set_style(shown, face);
        let edge = self.colours(ink, Paint::Side);
        if tile.height >= 2 {
            let bottom = Rect::new(rect.x, rect.bottom() - 1, rect.width, 1);
            buf.set_style(bottom.intersection(shown), edge);
        }
        if tile.touching() {
            let right = Rect::new(rect.right() - 1, rect.y, 1, rect.height);
            buf.set_style(right.intersection(shown), edge);
        }
        if marks.cursor && tile.boxed() {
            let frame = self.colours(Paint::CursorInk, Paint::Cursor);
            let sides = [
                Rect::new(rect.x, rect.y, rect.width, 1),
                Rect::new(rect.x, rect.bottom() - 1, rect.width, 1),
                Rect::new(rect.x, rect.y, 1, rect.height),
                Rect::new(rect.right() - 1, rect.y, 1, rect.height),
            ];
            for side in sides {
                buf.set_style(side.intersection(shown), frame);
            }
        }
        let mut style = face;
        if marks.selected || marks.removed || marks.failed {
            style = style.add_modifier(Modifier::BOLD);
        }
        style
    }

    /// Draws a tile without colour: modifiers, and on boxed tiles a border
    /// whose style says the mark. Returns the style of the symbol's row.
    fn plain_tile(&self, tile: TileSize, shown: Rect, marks: Marks, buf: &mut Buffer) -> Style {
        let mut style = Style::new();
        if marks.selected || marks.removed {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        if marks.cursor || marks.failed {
            style = style.add_modifier(Modifier::BOLD);
        }
        if marks.hint {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if marks.highlight {
            style = style.add_modifier(Modifier::ITALIC);
        }
        buf.set_style(shown, style);
        if tile.boxed() {
            let set = if marks.selected || marks.removed {
                border::DOUBLE
            } else if marks.cursor {
                border::THICK
            } else if marks.hint && marks.lit {
                border::ROUNDED
            } else if marks.highlight {
                border::LIGHT_DOUBLE_DASHED
            } else {
                border::PLAIN
            };
            self.frame(set).border_style(style).render(shown, buf);
        }
        style
    }
}
