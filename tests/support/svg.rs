//! A ratatui buffer as an SVG picture, with its colours: how the README's
//! screenshots are made from the real renderer (`examples/screenshots.rs`
//! writes them, `tests/screenshots.rs` checks they are still what it draws).

use std::fmt::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// The width of one terminal cell in the picture.
const CELL_W: u32 = 10;
/// The height of one terminal cell in the picture.
const CELL_H: u32 = 20;
/// The terminal's own colours, for `Color::Reset`.
const DEFAULT_FG: &str = "#d8d8d8";
const DEFAULT_BG: &str = "#161a1d";

/// The 16 basic colours, as xterm shows them.
const BASIC: [(u8, u8, u8); 16] = [
    (0x00, 0x00, 0x00),
    (0xcd, 0x00, 0x00),
    (0x00, 0xcd, 0x00),
    (0xcd, 0xcd, 0x00),
    (0x00, 0x00, 0xee),
    (0xcd, 0x00, 0xcd),
    (0x00, 0xcd, 0xcd),
    (0xe5, 0xe5, 0xe5),
    (0x7f, 0x7f, 0x7f),
    (0xff, 0x00, 0x00),
    (0x00, 0xff, 0x00),
    (0xff, 0xff, 0x00),
    (0x5c, 0x5c, 0xff),
    (0xff, 0x00, 0xff),
    (0x00, 0xff, 0xff),
    (0xff, 0xff, 0xff),
];

/// `#rrggbb` for a colour, or `None` for the terminal's default.
fn hex(color: Color) -> Option<String> {
    let basic = |i: usize| BASIC[i];
    let (r, g, b) = match color {
        Color::Reset => return None,
        Color::Black => basic(0),
        Color::Red => basic(1),
        Color::Green => basic(2),
        Color::Yellow => basic(3),
        Color::Blue => basic(4),
        Color::Magenta => basic(5),
        Color::Cyan => basic(6),
        Color::Gray => basic(7),
        Color::DarkGray => basic(8),
        Color::LightRed => basic(9),
        Color::LightGreen => basic(10),
        Color::LightYellow => basic(11),
        Color::LightBlue => basic(12),
        Color::LightMagenta => basic(13),
        Color::LightCyan => basic(14),
        Color::White => basic(15),
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => match i {
            0..=15 => basic(usize::from(i)),
            16..=231 => {
                let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
                let i = i - 16;
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            _ => {
                let v = 8 + 10 * (i - 232);
                (v, v, v)
            }
        },
    };
    Some(format!("#{r:02x}{g:02x}{b:02x}"))
}

/// The foreground and background a cell shows, reverse video applied.
fn colours(cell: &Cell) -> (String, String) {
    let fg = hex(cell.fg).unwrap_or_else(|| DEFAULT_FG.to_string());
    let bg = hex(cell.bg).unwrap_or_else(|| DEFAULT_BG.to_string());
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The picture of `buf`: one rectangle per run of a background colour, one
/// text element per symbol, wide symbols across two cells.
pub fn to_svg(buf: &Buffer) -> String {
    let (w, h) = (u32::from(buf.area.width), u32::from(buf.area.height));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="16">"#,
        w * CELL_W,
        h * CELL_H,
        w * CELL_W,
        h * CELL_H
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>"#
    );
    for y in 0..buf.area.height {
        // The cells of the row with their widths (a wide symbol hides the next cell).
        let mut cells = Vec::new();
        let mut x = 0;
        while x < buf.area.width {
            let cell = &buf[(buf.area.x + x, buf.area.y + y)];
            let width = cell.symbol().width().clamp(1, 2) as u16;
            cells.push((x, width.min(buf.area.width - x), cell));
            x += width;
        }
        // Backgrounds, a run of one colour at a time.
        let mut run: Option<(u16, u16, String)> = None;
        for &(x, width, cell) in &cells {
            let (_, bg) = colours(cell);
            match &mut run {
                Some((_, len, colour)) if *colour == bg => *len += width,
                _ => {
                    if let Some((start, len, colour)) = run.take() {
                        rect(&mut out, start, y, len, &colour);
                    }
                    run = Some((x, width, bg));
                }
            }
        }
        if let Some((start, len, colour)) = run {
            rect(&mut out, start, y, len, &colour);
        }
        for &(x, _, cell) in &cells {
            let symbol = cell.symbol();
            if symbol.trim().is_empty() {
                continue;
            }
            let (fg, _) = colours(cell);
            let m = cell.modifier;
            let mut attrs = format!(r#" fill="{fg}""#);
            if m.contains(Modifier::BOLD) {
                attrs.push_str(r#" font-weight="bold""#);
            }
            if m.contains(Modifier::ITALIC) {
                attrs.push_str(r#" font-style="italic""#);
            }
            if m.contains(Modifier::UNDERLINED) {
                attrs.push_str(r#" text-decoration="underline""#);
            }
            if m.contains(Modifier::DIM) {
                attrs.push_str(r#" opacity="0.6""#);
            }
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}"{attrs}>{}</text>"#,
                u32::from(x) * CELL_W,
                u32::from(y) * CELL_H + CELL_H * 3 / 4,
                escape(symbol)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// One background rectangle of `len` cells from (`x`, `y`).
fn rect(out: &mut String, x: u16, y: u16, len: u16, colour: &str) {
    if colour == DEFAULT_BG {
        return;
    }
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{CELL_H}" fill="{colour}"/>"#,
        u32::from(x) * CELL_W,
        u32::from(y) * CELL_H,
        u32::from(len) * CELL_W,
    );
}
