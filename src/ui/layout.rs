//! Screen geometry: where the board, each tile and the outer ring sit.
//!
//! One [`BoardLayout`] value serves both the renderer and mouse hit-testing,
//! so what is drawn and what is clicked cannot disagree.

use ratatui::layout::Rect;

use crate::core::grid::Point;

/// The size of one tile and the step from one tile to the next, in terminal cells.
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
}

impl TileSize {
    const fn new(width: u16, height: u16, pitch_x: u16, pitch_y: u16) -> Self {
        TileSize {
            width,
            height,
            pitch_x,
            pitch_y,
        }
    }

    /// Whether the tile is tall and wide enough to get a drawn border.
    pub fn boxed(&self) -> bool {
        self.width >= 5 && self.height >= 3
    }
}

/// The tile sizes tried, largest first; the last is the smallest useful one.
pub const TILE_SIZES: [TileSize; 5] = [
    TileSize::new(7, 3, 8, 3),
    TileSize::new(5, 3, 6, 3),
    TileSize::new(3, 1, 4, 2),
    TileSize::new(3, 1, 4, 1),
    TileSize::new(3, 1, 3, 1),
];

/// The screen split into the title line, the board space and the status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    /// The top line: title and notices.
    pub title: Rect,
    /// Everything between the two lines.
    pub middle: Rect,
    /// The bottom line: score, time, counts.
    pub status: Rect,
}

impl Screen {
    /// Splits `area` into its three parts.
    pub fn new(area: Rect) -> Self {
        let line = |y| Rect::new(area.x, y, area.width, area.height.min(1));
        let middle_height = area.height.saturating_sub(2);
        Screen {
            title: line(area.y),
            middle: Rect::new(area.x, area.y + 1, area.width, middle_height),
            status: line(area.y + area.height.saturating_sub(1)),
        }
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
    /// The layout with the largest tiles that fit in `space`, centred there;
    /// `None` when even the smallest tiles do not fit.
    pub fn fit(space: Rect, rows: usize, cols: usize) -> Option<Self> {
        let rows = u16::try_from(rows).ok()?;
        let cols = u16::try_from(cols).ok()?;
        TILE_SIZES.iter().find_map(|&tile| {
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
    pub fn min_screen(rows: usize, cols: usize) -> (usize, usize) {
        let tile = TILE_SIZES[TILE_SIZES.len() - 1];
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

    /// The screen cell at the centre of `p`, which may lie on the outer ring.
    pub fn centre(&self, p: Point) -> (u16, u16) {
        let x = match p.col {
            c if c < 0 => self.outer.x,
            c if c >= i32::from(self.cols) => self.outer.right() - 1,
            c => self.cell_rect(Point::new(0, c)).x + self.tile.width / 2,
        };
        let y = match p.row {
            r if r < 0 => self.outer.y,
            r if r >= i32::from(self.rows) => self.outer.bottom() - 1,
            r => self.cell_rect(Point::new(r, 0)).y + self.tile.height / 2,
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
    /// One line per item, top to bottom (those that fit).
    pub items: Vec<Rect>,
    /// The line under the items that says which keys to press.
    pub keys: Rect,
}

impl MenuLayout {
    /// A box centred in `area`, `width` columns inside its border, with
    /// `header` lines, then `items` lines, a blank line and the key line.
    /// On a short screen the header goes first, then items from the end;
    /// the key line always stays.
    pub fn new(area: Rect, width: u16, header: u16, items: usize) -> Self {
        let items = u16::try_from(items).unwrap_or(u16::MAX);
        let room = area.height.saturating_sub(2);
        // The key line, then as many items as fit, then the header and the gaps.
        let shown = items.min(room.saturating_sub(1));
        let header = header.min(room.saturating_sub(shown + 1));
        let gap = u16::from(room > shown + header + 1);
        let inner_h = header + shown + gap + 1;
        let outer_w = width.saturating_add(4).min(area.width);
        let outer_h = (inner_h + 2).min(area.height);
        let outer = Rect::new(
            area.x + (area.width - outer_w) / 2,
            area.y + (area.height - outer_h) / 2,
            outer_w,
            outer_h,
        );
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
            keys: line(header + shown + gap),
        }
    }

    /// The item drawn at screen position (`x`, `y`), if any.
    pub fn item_at(&self, x: u16, y: u16) -> Option<usize> {
        self.items
            .iter()
            .position(|r| r.contains(ratatui::layout::Position::new(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_fits_80x24_and_grows_with_the_screen() {
        let small = BoardLayout::fit(Screen::new(Rect::new(0, 0, 80, 24)).middle, 8, 16).unwrap();
        assert_eq!(small.tile, TILE_SIZES[2]);
        assert_eq!(small.outer.width, 65);
        let big = BoardLayout::fit(Screen::new(Rect::new(0, 0, 140, 40)).middle, 8, 16).unwrap();
        assert_eq!(big.tile, TILE_SIZES[0]);
        let (w, h) = BoardLayout::min_screen(8, 16);
        let min = Screen::new(Rect::new(0, 0, w as u16, h as u16)).middle;
        assert_eq!(BoardLayout::fit(min, 8, 16).unwrap().tile, TILE_SIZES[4]);
        let less = Screen::new(Rect::new(0, 0, w as u16 - 1, h as u16)).middle;
        assert_eq!(BoardLayout::fit(less, 8, 16), None);
        assert_eq!(BoardLayout::fit(Rect::new(0, 0, 0, 0), 8, 16), None);
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
        for tile in TILE_SIZES {
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
    fn a_menu_keeps_its_key_line_and_clicks_find_the_item_drawn() {
        let area = Rect::new(0, 0, 80, 24);
        let m = MenuLayout::new(area, 20, 2, 5);
        assert_eq!(m.items.len(), 5);
        assert_eq!(m.header.height, 2);
        for (i, r) in m.items.iter().enumerate() {
            assert_eq!(m.item_at(r.x, r.y), Some(i));
            assert_eq!(m.item_at(r.right() - 1, r.y), Some(i));
        }
        assert_eq!(m.item_at(m.keys.x, m.keys.y), None);
        assert_eq!(m.item_at(0, 0), None);
        assert!(m.keys.y > m.items[4].y && m.keys.bottom() < m.outer.bottom());
        // On a tiny screen the header and the last items go, the key line stays.
        for h in 0..12 {
            let small = MenuLayout::new(Rect::new(0, 0, 10, h), 20, 2, 5);
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
