//! Screen geometry: where the title and status lines, the side panel, the
//! board, each tile and the outer ring sit, where a menu and its items sit,
//! and how a box is centred over the board.
//!
//! One [`BoardLayout`] (or [`MenuLayout`]) value serves both the renderer
//! and mouse hit-testing, so what is drawn and what is clicked cannot
//! disagree.

use ratatui::layout::Rect;

use crate::core::grid::Point;

/// The size of one tile and the step from one tile to the next, in terminal
/// cells, for symbols `glyph` columns wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileSize {
    /// Tile width.
    pub width: u16,
    /// Tile height.
    pub height: u16,
    /// Columns from one tile's left edge to the next one's.
    pub pitch_x: u16,
    /// Rows from one tile's top edge to the next one's.
    pub pitch_y: u16,
    /// The width of the symbol in the middle (1, or 2 for pictures).
    pub glyph: u16,
}

impl TileSize {
    const fn new(width: u16, height: u16, pitch_x: u16, pitch_y: u16) -> Self {
        TileSize {
            width,
            height,
            pitch_x,
            pitch_y,
            glyph: 1,
        }
    }

    /// The same size made wider for a symbol of `glyph` columns.
    fn for_glyph(self, glyph: u16) -> Self {
        let extra = glyph.saturating_sub(1);
        TileSize {
            width: self.width + extra,
            pitch_x: self.pitch_x + extra,
            glyph: glyph.max(1),
            ..self
        }
    }

    /// Whether the tile is tall and wide enough to get a drawn border.
    pub fn boxed(&self) -> bool {
        self.height >= 3 && self.width >= self.glyph + 4
    }

    /// Where the symbol sits in the tile: columns from the tile's left edge
    /// and rows from its top (the middle; above it when the middle is two rows).
    pub fn glyph_at(&self) -> (u16, u16) {
        (
            self.width.saturating_sub(self.glyph) / 2,
            self.height.saturating_sub(1) / 2,
        )
    }

    /// Whether neighbouring tiles in a row touch (no column of table between them).
    pub fn touching(&self) -> bool {
        self.pitch_x == self.width
    }
}

/// The tile sizes tried for one-column symbols, largest first; the last is
/// the smallest useful one. Two-column symbols get each one column wider.
const TILE_SIZES: [TileSize; 10] = [
    TileSize::new(9, 6, 10, 6),
    TileSize::new(9, 5, 10, 5),
    TileSize::new(7, 4, 8, 4),
    TileSize::new(7, 3, 8, 3),
    TileSize::new(5, 4, 6, 4),
    TileSize::new(5, 3, 6, 3),
    TileSize::new(3, 1, 4, 2),
    TileSize::new(3, 1, 3, 2),
    TileSize::new(3, 1, 4, 1),
    TileSize::new(3, 1, 3, 1),
];

/// The tile sizes tried for symbols `glyph` columns wide, largest first.
pub fn tile_sizes(glyph: u16) -> impl Iterator<Item = TileSize> {
    TILE_SIZES.into_iter().map(move |t| t.for_glyph(glyph))
}

/// The width of the side panel (score, time, level, keys), border included.
pub const PANEL_WIDTH: u16 = 23;
/// The columns between the board's ring and the side panel.
const PANEL_GAP: u16 = 0;
/// The fewest rows the side panel is drawn in.
pub const PANEL_HEIGHT: u16 = 18;
/// The fewest screen rows with a side panel: below, the status line does
/// (an 80 x 24 terminal keeps it).
const PANEL_SCREEN_HEIGHT: u16 = 30;

/// The screen split into the title line, the board space and either the
/// status line or, where there is room, a side panel right of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The top line: title and notices.
    pub title: Rect,
    /// The board space, between the title and the status line (or the
    /// bottom of the screen, up to a side panel).
    pub middle: Rect,
    /// The bottom line: score, time, counts (empty when the panel shows them).
    pub status: Rect,
    /// The side panel, when the screen has room for it.
    pub panel: Option<Rect>,
}

impl Areas {
    /// Splits `area` into the title line, the board space and the status line.
    pub fn new(area: Rect) -> Self {
        let line = |y| Rect::new(area.x, y, area.width, area.height.min(1));
        let middle_height = area.height.saturating_sub(2);
        Areas {
            title: line(area.y),
            middle: Rect::new(area.x, area.y + 1, area.width, middle_height),
            status: line(area.y + area.height.saturating_sub(1)),
            panel: None,
        }
    }

    /// The areas of the screen for a board of `rows` x `cols` tiles with
    /// symbols `glyph` columns wide, and where the board goes (`None` when it
    /// does not fit).
    /// The status moves to a side panel right of the board when the screen
    /// has room for one without making the tiles smaller; the board and the
    /// panel are centred together.
    pub fn for_board(
        area: Rect,
        rows: usize,
        cols: usize,
        glyph: u16,
    ) -> (Areas, Option<BoardLayout>) {
        let plain = Areas::new(area);
        let alone = BoardLayout::fit(plain.middle, rows, cols, glyph);
        let rank = |l: &BoardLayout| tile_sizes(glyph).position(|t| t == l.tile);
        let beside = area
            .width
            .checked_sub(PANEL_WIDTH + PANEL_GAP)
            .filter(|_| area.height >= PANEL_SCREEN_HEIGHT);
        let Some(width) = beside else {
            return (plain, alone);
        };
        let space = Rect::new(area.x, area.y + 1, width, area.height - 1);
        let Some(board) = BoardLayout::fit(space, rows, cols, glyph) else {
            return (plain, alone);
        };
        if alone.is_some_and(|a| rank(&a) < rank(&board)) {
            return (plain, alone);
        }
        // Board and panel centred together.
        let group = board.outer.width + PANEL_GAP + PANEL_WIDTH;
        let board = BoardLayout {
            outer: Rect {
                x: area.x + (area.width - group) / 2,
                ..board.outer
            },
            ..board
        };
        let height = board.outer.height.max(PANEL_HEIGHT).min(space.height);
        let panel = Rect::new(
            board.outer.right() + PANEL_GAP,
            space.y + (space.height - height) / 2,
            PANEL_WIDTH,
            height,
        );
        // The board space ends where the panel begins: text kept in it (the
        // points of a match) stays off the panel.
        let middle = Rect {
            width: panel.x - space.x,
            ..space
        };
        let areas = Areas {
            title: plain.title,
            middle,
            status: Rect::new(area.x, area.bottom(), area.width, 0),
            panel: Some(panel),
        };
        (areas, Some(board))
    }
}

/// Where a board of `rows` x `cols` is drawn: its outer-ring rectangle and tile size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLayout {
    /// The board with its one-cell ring.
    pub outer: Rect,
    /// The tile size in use.
    pub tile: TileSize,
    rows: u16,
    cols: u16,
}

impl BoardLayout {
    /// The layout with the largest tiles for symbols `glyph` columns wide
    /// that fit in `space`, centred there; `None` when even the smallest
    /// tiles do not fit.
    pub fn fit(space: Rect, rows: usize, cols: usize, glyph: u16) -> Option<Self> {
        let rows = u16::try_from(rows).ok()?;
        let cols = u16::try_from(cols).ok()?;
        tile_sizes(glyph).find_map(|tile| {
            let (w, h) = Self::outer_size(tile, rows, cols)?;
            (w <= space.width && h <= space.height).then(|| BoardLayout {
                outer: Rect::new(
                    space.x + (space.width - w) / 2,
                    space.y + (space.height - h) / 2,
                    w,
                    h,
                ),
                tile,
                rows,
                cols,
            })
        })
    }

    /// The screen size the smallest tiles need for a board, title and status line included.
    pub fn min_screen(rows: usize, cols: usize, glyph: u16) -> (usize, usize) {
        let tile = TILE_SIZES[TILE_SIZES.len() - 1].for_glyph(glyph);
        let w = 2 + cols.saturating_sub(1) * tile.pitch_x as usize + tile.width as usize;
        let h = 2 + rows.saturating_sub(1) * tile.pitch_y as usize + tile.height as usize;
        (w, h + 2)
    }

    fn outer_size(tile: TileSize, rows: u16, cols: u16) -> Option<(u16, u16)> {
        let w = (cols.checked_sub(1)?)
            .checked_mul(tile.pitch_x)?
            .checked_add(tile.width + 2)?;
        let h = (rows.checked_sub(1)?)
            .checked_mul(tile.pitch_y)?
            .checked_add(tile.height + 2)?;
        Some((w, h))
    }

    /// The rectangle of the tile at `p`, which must be on the board.
    pub fn cell_rect(&self, p: Point) -> Rect {
        let col = p.col.clamp(0, i32::from(self.cols) - 1) as u16;
        let row = p.row.clamp(0, i32::from(self.rows) - 1) as u16;
        Rect::new(
            self.outer.x + 1 + col * self.tile.pitch_x,
            self.outer.y + 1 + row * self.tile.pitch_y,
            self.tile.width,
            self.tile.height,
        )
    }

    /// Where a tile gliding from cell `from` to cell `to` is drawn once
    /// `moved` (0 to 1) of the way is done, rounded to whole terminal cells.
    /// The renderer draws it there and a click there picks it.
    pub fn slide_rect(&self, from: Point, to: Point, moved: f32) -> Rect {
        let (from, to) = (self.cell_rect(from), self.cell_rect(to));
        let step = |a: u16, b: u16| {
            let v = f32::from(a) + (f32::from(b) - f32::from(a)) * moved;
            v.round() as u16
        };
        Rect {
            x: step(from.x, to.x),
            y: step(from.y, to.y),
            ..from
        }
    }

    /// The screen cell at the centre of `p`, which may lie on the outer ring:
    /// on the board, the (first) cell of the tile's symbol.
    pub fn centre(&self, p: Point) -> (u16, u16) {
        let (gx, gy) = self.tile.glyph_at();
        let x = match p.col {
            c if c < 0 => self.outer.x,
            c if c >= i32::from(self.cols) => self.outer.right() - 1,
            c => self.cell_rect(Point::new(0, c)).x + gx,
        };
        let y = match p.row {
            r if r < 0 => self.outer.y,
            r if r >= i32::from(self.rows) => self.outer.bottom() - 1,
            r => self.cell_rect(Point::new(r, 0)).y + gy,
        };
        (x, y)
    }

    /// The board cell whose tile is drawn at screen position (`x`, `y`). The
    /// gaps between tiles, the ring and anything outside give `None`, so a
    /// click there cannot pick a tile the pointer is not on.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Point> {
        let rx = x.checked_sub(self.outer.x + 1)?;
        let ry = y.checked_sub(self.outer.y + 1)?;
        let (col, row) = (rx / self.tile.pitch_x, ry / self.tile.pitch_y);
        let on_tile =
            rx % self.tile.pitch_x < self.tile.width && ry % self.tile.pitch_y < self.tile.height;
        (on_tile && col < self.cols && row < self.rows)
            .then(|| Point::new(i32::from(row), i32::from(col)))
    }
}

/// Where a menu box and each of its items sit: one value for drawing the
/// menu and for hit-testing clicks on it, as [`BoardLayout`] is for tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuLayout {
    /// The box, border included.
    pub outer: Rect,
    /// The lines above the items (a subtitle), inside the border.
    pub header: Rect,
    /// One line per item shown, top to bottom: item `first` and those after
    /// it that fit.
    pub items: Vec<Rect>,
    /// The first item shown: later than the first on a screen too short for
    /// them all, so that the selected item is always in sight.
    pub first: usize,
    /// The line under the items that says which keys to press.
    pub keys: Rect,
}

impl MenuLayout {
    /// A box centred in `area`, `width` columns inside its border, with
    /// `header` lines, then `items` lines, a blank line and the key line.
    /// On a short screen the header goes first, then items, scrolled so
    /// that item `selected` shows; the key line always stays.
    pub fn new(area: Rect, width: u16, header: u16, items: usize, selected: usize) -> Self {
        let count = items;
        let items = u16::try_from(items).unwrap_or(u16::MAX);
        let room = area.height.saturating_sub(2);
        // The key line, then as many items as fit, then the header and the gaps.
        let shown = items.min(room.saturating_sub(1));
        let header = header.min(room.saturating_sub(shown + 1));
        let gap = u16::from(room > shown + header + 1);
        let inner_h = header + shown + gap + 1;
        let outer = centred(area, Self::outer_width(width), inner_h + 2);
        let inner = Rect::new(
            outer.x + 1,
            outer.y + 1,
            outer.width.saturating_sub(2),
            outer.height.saturating_sub(2),
        );
        let line = |dy: u16| Rect::new(inner.x, inner.y + dy, inner.width, 1).intersection(inner);
        MenuLayout {
            outer,
            header: Rect::new(inner.x, inner.y, inner.width, header).intersection(inner),
            items: (0..shown).map(|i| line(header + i)).collect(),
            first: selected
                .min(count.saturating_sub(1))
                .saturating_sub(usize::from(shown).saturating_sub(1)),
            keys: line(header + shown + gap),
        }
    }

    /// The same box moved up or down so that its top border is on row `y`,
    /// as long as it stays whole in `area`: a list whose rows come and go
    /// keeps its top where its tallest self has it.
    pub fn top_at(self, y: u16, area: Rect) -> Self {
        let y = y.max(area.y);
        if y.saturating_add(self.outer.height) > area.bottom() {
            return self;
        }
        // Every part lies within the box, at or below its top.
        let moved = |r: Rect| Rect {
            y: r.y.saturating_sub(self.outer.y) + y,
            ..r
        };
        MenuLayout {
            outer: moved(self.outer),
            header: moved(self.header),
            items: self.items.iter().copied().map(moved).collect(),
            first: self.first,
            keys: moved(self.keys),
        }
    }

    /// The columns of a box `width` columns inside its border: the border
    /// and a column of room each side.
    pub fn outer_width(width: u16) -> u16 {
        width.saturating_add(4)
    }

    /// The item drawn at screen position (`x`, `y`), if any.
    pub fn item_at(&self, x: u16, y: u16) -> Option<usize> {
        self.items
            .iter()
            .position(|r| r.contains(ratatui::layout::Position::new(x, y)))
            .map(|k| self.first + k)
    }

    /// Where item `item` is drawn, when it is in sight.
    pub fn rect_of(&self, item: usize) -> Option<Rect> {
        self.items.get(item.checked_sub(self.first)?).copied()
    }

    /// Whether items are hidden above the first shown, and below the last.
    pub fn hidden(&self, items: usize) -> (bool, bool) {
        (self.first > 0, self.first + self.items.len() < items)
    }
}

/// A box of at most `w` x `h` centred in `area` (cut to fit it): where the
/// menus, the text pages, the win box and the other boxes over the board sit.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_fits_80x24_and_grows_with_the_screen() {
        let fit = |w, h, glyph| Areas::for_board(Rect::new(0, 0, w, h), 8, 16, glyph);
        let (screen, small) = fit(80, 24, 1);
        let small = small.unwrap();
        assert_eq!(
            (small.tile.width, small.tile.pitch_x, small.tile.pitch_y),
            (3, 4, 2)
        );
        assert_eq!(small.outer.width, 65);
        assert_eq!(screen.panel, None, "no room for the panel at 80 x 24");
        // Pictures: one column wider each, touching, still at 80 x 24.
        let pictures = fit(80, 24, 2).1.unwrap();
        assert_eq!((pictures.tile.width, pictures.tile.pitch_x), (4, 4));
        assert!(pictures.tile.touching());
        for glyph in [1, 2] {
            let (w, h) = BoardLayout::min_screen(8, 16, glyph);
            let (w, h) = (w as u16, h as u16);
            let last = tile_sizes(glyph).last().unwrap();
            assert_eq!(fit(w, h, glyph).1.unwrap().tile, last);
            assert_eq!(fit(w - 1, h, glyph).1, None);
            assert_eq!(fit(w, h - 1, glyph).1, None);
            assert_eq!(fit(0, 0, glyph).1, None);
        }
    }

    /// On a large terminal the board fills at least 60% of the width and of
    /// the height, in both symbol widths, and the side panel sits beside it.
    #[test]
    fn a_large_terminal_is_filled_and_gets_the_side_panel() {
        let area = Rect::new(0, 0, 200, 60);
        for glyph in [1, 2] {
            let (screen, board) = Areas::for_board(area, 8, 16, glyph);
            let board = board.unwrap();
            assert!(board.tile.boxed(), "{glyph}");
            assert!(
                board.outer.width * 10 >= area.width * 6,
                "{glyph}: {board:?}"
            );
            assert!(
                board.outer.height * 10 >= area.height * 6,
                "{glyph}: {board:?}"
            );
            let panel = screen.panel.expect("a side panel");
            assert!(panel.x >= board.outer.right(), "{panel:?} {board:?}");
            assert!(area.contains(panel.into()) && panel.right() <= area.right());
            assert!(panel.height >= PANEL_HEIGHT && panel.bottom() <= area.bottom());
            assert_eq!(screen.status.height, 0);
            assert!(screen.middle.contains(board.outer.into()));
            assert!(board.outer.bottom() <= area.bottom() && board.outer.y >= 1);
            // Centred together: the margins differ by at most one column.
            let left = board.outer.x;
            let right = area.right() - panel.right();
            assert!(left.abs_diff(right) <= 1, "{left} {right}");
        }
        // 120 x 40: the letters keep their size and get the panel; the
        // pictures' wider board keeps the status line.
        let (screen, board) = Areas::for_board(Rect::new(0, 0, 120, 40), 8, 16, 1);
        assert!(screen.panel.is_some() && board.unwrap().tile.height >= 4);
        let (screen, board) = Areas::for_board(Rect::new(0, 0, 120, 40), 8, 16, 2);
        assert_eq!(screen.panel, None);
        assert!(board.unwrap().tile.boxed());
        // The panel never costs the board a tile size.
        for (w, h) in [
            (80, 24),
            (100, 30),
            (120, 40),
            (160, 50),
            (200, 60),
            (250, 70),
        ] {
            let area = Rect::new(0, 0, w, h);
            for glyph in [1, 2] {
                let (_, with) = Areas::for_board(area, 8, 16, glyph);
                let alone = BoardLayout::fit(Areas::new(area).middle, 8, 16, glyph);
                let size = |l: Option<BoardLayout>| l.map(|l| l.tile.width * l.tile.height);
                assert!(size(with) >= size(alone), "{w}x{h} {glyph}");
            }
        }
    }

    /// The README's "from 30 rows": with room beside the board, the side
    /// panel comes on a screen of 30 rows, and the status line on one of 29.
    #[test]
    fn the_side_panel_comes_from_30_rows() {
        let panel = |h| Areas::for_board(Rect::new(0, 0, 160, h), 4, 6, 1).0.panel;
        assert!(panel(30).is_some());
        assert_eq!(panel(29), None);
    }

    /// The board inside its ring.
    fn inside(l: BoardLayout) -> Rect {
        Rect::new(
            l.outer.x + 1,
            l.outer.y + 1,
            l.outer.width - 2,
            l.outer.height - 2,
        )
    }

    #[test]
    fn hit_testing_inverts_drawing_for_every_size() {
        for tile in tile_sizes(1).chain(tile_sizes(2)) {
            let (w, h) = BoardLayout::outer_size(tile, 4, 5).unwrap();
            let l = BoardLayout {
                outer: Rect::new(3, 2, w, h),
                tile,
                rows: 4,
                cols: 5,
            };
            for r in 0..4 {
                for c in 0..5 {
                    let p = Point::new(r, c);
                    let rect = l.cell_rect(p);
                    for y in rect.top()..rect.bottom() {
                        for x in rect.left()..rect.right() {
                            assert_eq!(l.cell_at(x, y), Some(p), "{tile:?} {x},{y}");
                        }
                    }
                    let (cx, cy) = l.centre(p);
                    assert_eq!(l.cell_at(cx, cy), Some(p));
                    // The whole symbol and a mark on either side lie on the tile.
                    assert_eq!(l.cell_at(cx - 1, cy), Some(p), "{tile:?}");
                    assert_eq!(l.cell_at(cx + tile.glyph, cy), Some(p), "{tile:?}");
                }
            }
            // Every screen cell of the inside is a tile's or a gap, which is no cell.
            let drawn: Vec<Rect> = (0..4)
                .flat_map(|r| (0..5).map(move |c| Point::new(r, c)))
                .map(|p| l.cell_rect(p))
                .collect();
            for y in inside(l).top()..inside(l).bottom() {
                for x in inside(l).left()..inside(l).right() {
                    let on = drawn.iter().any(|r| r.contains((x, y).into()));
                    assert_eq!(l.cell_at(x, y).is_some(), on, "{tile:?} {x},{y}");
                }
            }
            // The ring and beyond are not cells.
            let o = l.outer;
            for x in o.left()..o.right() {
                assert_eq!(l.cell_at(x, o.top()), None);
                assert_eq!(l.cell_at(x, o.bottom() - 1), None);
            }
            for y in o.top()..o.bottom() {
                assert_eq!(l.cell_at(o.left(), y), None);
                assert_eq!(l.cell_at(o.right() - 1, y), None);
            }
            assert_eq!(l.cell_at(0, 0), None);
            assert_eq!(l.cell_at(u16::MAX, u16::MAX), None);
            assert_eq!(l.centre(Point::new(-1, 5)), (o.right() - 1, o.top()));
        }
    }

    #[test]
    fn a_sliding_tile_runs_from_one_cell_to_the_other() {
        let l = BoardLayout::fit(Rect::new(0, 0, 80, 22), 8, 16, 1).unwrap();
        let (a, b) = (Point::new(0, 3), Point::new(5, 3));
        let (ra, rb) = (l.cell_rect(a), l.cell_rect(b));
        assert_eq!(l.slide_rect(a, b, 0.0), ra);
        assert_eq!(l.slide_rect(a, b, 1.0), rb);
        let half = Rect {
            y: (ra.y + rb.y) / 2,
            ..ra
        };
        assert_eq!(l.slide_rect(a, b, 0.5), half);
        assert_eq!(l.slide_rect(b, a, 0.5), half);
        let (c, d) = (Point::new(2, 0), Point::new(2, 15));
        let mid = l.slide_rect(c, d, 0.5);
        assert_eq!(mid.y, l.cell_rect(c).y);
        assert_eq!(mid.x, (l.cell_rect(c).x + l.cell_rect(d).x) / 2);
    }

    #[test]
    fn a_menu_keeps_its_key_line_and_clicks_find_the_item_drawn() {
        let area = Rect::new(0, 0, 80, 24);
        let m = MenuLayout::new(area, 20, 2, 5, 0);
        assert_eq!(m.items.len(), 5);
        assert_eq!(m.header.height, 2);
        for (i, r) in m.items.iter().enumerate() {
            assert_eq!(m.item_at(r.x, r.y), Some(i));
            assert_eq!(m.item_at(r.right() - 1, r.y), Some(i));
        }
        assert_eq!(m.item_at(m.keys.x, m.keys.y), None);
        assert_eq!(m.item_at(0, 0), None);
        assert!(m.keys.y > m.items[4].y && m.keys.bottom() < m.outer.bottom());
        assert_eq!(m.hidden(5), (false, false));
        // On a tiny screen the header and some items go, the key line stays,
        // and the selected item is in sight where any item is.
        for (h, selected) in (0..12).flat_map(|h| (0..5).map(move |s| (h, s))) {
            let small = MenuLayout::new(Rect::new(0, 0, 10, h), 20, 2, 5, selected);
            if let Some(r) = small.rect_of(selected) {
                assert_eq!(small.item_at(r.x, r.y), Some(selected), "{h}");
            } else {
                assert!(small.items.is_empty(), "{h}: {selected} hidden");
            }
            let (above, below) = small.hidden(5);
            assert_eq!(above, small.first > 0);
            assert_eq!(below, small.first + small.items.len() < 5, "{h}");
            assert!(small.outer.height <= h && small.outer.width <= 10, "{h}");
            if h >= 3 {
                assert_eq!(small.keys.height, 1, "{h}: {small:?}");
                assert!(small.keys.bottom() < small.outer.bottom(), "{h}");
            }
            for r in &small.items {
                assert!(r.y < small.keys.y, "{h}");
            }
        }
    }
}
