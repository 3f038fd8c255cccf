//! Colours for three kinds of terminal: the 16 basic colours, the 256-colour
//! palette and 24-bit colour. Every colour is written once as `#rrggbb` plus
//! the basic colour nearest in spirit; the 256-colour index is worked out.
//!
//! The look is that of the real game: tiles with a light ivory face and a
//! darker edge on a green table, pictures in strong colours on the face, and
//! the marks (cursor, selection, hint, highlight, a failed match) as colours
//! of the face that cannot be taken for one another.

use ratatui::style::Color;

/// How many colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorDepth {
    /// The 16 basic colours, whose exact shades the terminal's scheme picks.
    Basic,
    /// The 256-colour palette (`TERM=*-256color`).
    #[default]
    Indexed,
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    Rgb,
}

impl ColorDepth {
    /// Every depth, for tests that look at each.
    pub const ALL: [ColorDepth; 3] = [ColorDepth::Basic, ColorDepth::Indexed, ColorDepth::Rgb];

    /// The depth of the terminal the game runs in (see [`ColorDepth::detect`]).
    pub fn from_env() -> Self {
        Self::detect(|key| std::env::var(key).ok())
    }

    /// The depth an environment read through `var` announces: 24-bit when
    /// `COLORTERM` says `truecolor` or `24bit`, or in Windows Terminal
    /// (`WT_SESSION`), which draws 24-bit colour but sets neither `COLORTERM`
    /// nor `TERM` (microsoft/terminal#11057); 256 colours when `TERM` names
    /// a 256-colour terminal or `COLORTERM` is set at all, else the 16 basic
    /// colours (the old Windows console window among them).
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> Self {
        let colorterm = var("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        let term = var("TERM").unwrap_or_default();
        let windows_terminal = var("WT_SESSION").is_some_and(|v| !v.is_empty());
        if colorterm == "truecolor" || colorterm == "24bit" || windows_terminal {
            ColorDepth::Rgb
        } else if term.contains("256color") || !colorterm.is_empty() {
            ColorDepth::Indexed
        } else {
            ColorDepth::Basic
        }
    }
}

/// One colour, as each kind of terminal shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    rgb: [u8; 3],
    index: u8,
    basic: Color,
}

impl Ink {
    /// The colour `rgb`, shown as the nearest of the 256 colours on such a
    /// terminal and as `basic` on a terminal of 16 colours.
    pub const fn new(rgb: [u8; 3], basic: Color) -> Self {
        Ink {
            rgb,
            index: nearest_256(rgb),
            basic,
        }
    }

    /// The colour `rgb`, shown as `index` of the 256 colours (where the
    /// nearest one would lose its hue: the cube is coarse for dark and pale
    /// colours) and as `basic` on 16 colours.
    const fn with_index(rgb: [u8; 3], index: u8, basic: Color) -> Self {
        Ink { rgb, index, basic }
    }

    /// The colour to send to a terminal of `depth`.
    pub fn color(self, depth: ColorDepth) -> Color {
        let [r, g, b] = self.rgb;
        match depth {
            ColorDepth::Basic => self.basic,
            ColorDepth::Indexed => Color::Indexed(self.index),
            ColorDepth::Rgb => Color::Rgb(r, g, b),
        }
    }

    /// The colour `t` (0 to 1) of the way from `self` to `to`; on 16 colours
    /// it jumps half-way.
    pub fn towards(self, to: Ink, t: f32) -> Ink {
        let t = t.clamp(0.0, 1.0);
        let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        let rgb = [
            mix(self.rgb[0], to.rgb[0]),
            mix(self.rgb[1], to.rgb[1]),
            mix(self.rgb[2], to.rgb[2]),
        ];
        let basic = if t < 0.5 { self.basic } else { to.basic };
        if t <= 0.0 {
            self
        } else if t >= 1.0 {
            to
        } else {
            Ink::new(rgb, basic)
        }
    }
}

/// The levels of each channel in the 6 x 6 x 6 colour cube of the 256-colour palette.
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The 256-colour palette index nearest to `rgb`: a colour of the cube
/// (16 to 231) or a grey of the ramp (232 to 255).
const fn nearest_256(rgb: [u8; 3]) -> u8 {
    // Written with loops and plain integers, to be a const fn.
    const fn level(v: u8) -> u8 {
        let mut best = 0;
        let mut i = 1;
        while i < 6 {
            if CUBE[i].abs_diff(v) < CUBE[best].abs_diff(v) {
                best = i;
            }
            i += 1;
        }
        best as u8
    }
    const fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
        let r = a[0].abs_diff(b[0]) as u32;
        let g = a[1].abs_diff(b[1]) as u32;
        let b = a[2].abs_diff(b[2]) as u32;
        r * r + g * g + b * b
    }
    let (r, g, b) = (level(rgb[0]), level(rgb[1]), level(rgb[2]));
    let cube = [CUBE[r as usize], CUBE[g as usize], CUBE[b as usize]];
    let mean = (rgb[0] as u32 + rgb[1] as u32 + rgb[2] as u32) / 3;
    let step = mean.saturating_sub(3) / 10;
    let step = if step > 23 { 23 } else { step } as u8;
    let grey = 8 + 10 * step;
    if dist([grey; 3], rgb) < dist(cube, rgb) {
        232 + step
    } else {
        16 + 36 * r + 6 * g + b
    }
}

/// The colours of the parts of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// The table the tiles lie on.
    Table,
    /// The face of a tile.
    Face,
    /// The edge of a tile (its bottom row, or the right column where tiles touch).
    Side,
    /// A picture with no colour of its own.
    Ink,
    /// The cursor's frame.
    Cursor,
    /// Text on the cursor's frame.
    CursorInk,
    /// The face of the selected tile.
    Selected,
    /// The face of a hinted tile.
    Hint,
    /// The face of the highlighted kind's tiles.
    Highlight,
    /// The face of the pair just matched, while its line shows.
    Removed,
    /// The face of a failed pair, and the reason beside it.
    Warning,
    /// Text on [`Paint::Warning`].
    WarningInk,
    /// The line of a match.
    Line,
    /// The points of a match, when they appear.
    Points,
    /// The points as they fade out.
    Faded,
    /// "x4 combo".
    Combo,
    /// "+34 time".
    Bonus,
    /// The time bar with a quarter of the time or more left.
    TimeOk,
    /// The time bar under a quarter of the time.
    TimeLow,
    /// The time bar under a tenth of the time.
    TimeCritical,
    /// Text in the side panel.
    PanelText,
    /// The side panel's quieter words (labels, keys).
    PanelDim,
}

impl Paint {
    /// The colour of this part.
    pub fn ink(self) -> Ink {
        /// Every part's colour, worked out once, when the program is built.
        const INKS: [Ink; Paint::ALL.len()] = {
            let mut inks = [Paint::Table.colour(); Paint::ALL.len()];
            let mut i = 0;
            while i < inks.len() {
                inks[i] = Paint::ALL[i].colour();
                i += 1;
            }
            inks
        };
        INKS[self as usize]
    }

    /// Every part, in the order of the enum.
    const ALL: [Paint; 22] = [
        Paint::Table,
        Paint::Face,
        Paint::Side,
        Paint::Ink,
        Paint::Cursor,
        Paint::CursorInk,
        Paint::Selected,
        Paint::Hint,
        Paint::Highlight,
        Paint::Removed,
        Paint::Warning,
        Paint::WarningInk,
        Paint::Line,
        Paint::Points,
        Paint::Faded,
        Paint::Combo,
        Paint::Bonus,
        Paint::TimeOk,
        Paint::TimeLow,
        Paint::TimeCritical,
        Paint::PanelText,
        Paint::PanelDim,
    ];

    /// The colour of this part, worked out (see [`Paint::ink`]).
    const fn colour(self) -> Ink {
        use Color as C;
        // The table, the face and its edge keep their hue on 256 colours.
        let index = match self {
            Paint::Table => Some(22),
            Paint::Face => Some(230),
            Paint::Side => Some(180),
            Paint::PanelText => Some(230),
            Paint::PanelDim => Some(151),
            Paint::Faded => Some(65),
            _ => None,
        };
        let (rgb, basic) = match self {
            Paint::Table => ([0x1b, 0x4d, 0x32], C::Reset),
            Paint::Face => ([0xf5, 0xef, 0xdc], C::Gray),
            Paint::Side => ([0xc4, 0xac, 0x84], C::DarkGray),
            Paint::Ink => ([0x21, 0x21, 0x21], C::Black),
            Paint::Cursor => ([0x1e, 0x88, 0xe5], C::Blue),
            Paint::CursorInk => ([0xff, 0xff, 0xff], C::White),
            Paint::Selected => ([0xff, 0xd5, 0x4f], C::Yellow),
            Paint::Hint => ([0x69, 0xf0, 0xae], C::Green),
            Paint::Highlight => ([0x90, 0xca, 0xf9], C::Cyan),
            Paint::Removed => ([0xff, 0xb7, 0x4d], C::LightYellow),
            Paint::Warning => ([0xe5, 0x39, 0x35], C::Red),
            Paint::WarningInk => ([0xff, 0xff, 0xff], C::White),
            Paint::Line => ([0xff, 0xeb, 0x3b], C::LightYellow),
            Paint::Points => ([0xff, 0xf1, 0x76], C::LightYellow),
            Paint::Faded => ([0x4f, 0x7a, 0x5e], C::DarkGray),
            Paint::Combo => ([0xff, 0x80, 0xab], C::LightMagenta),
            Paint::Bonus => ([0x80, 0xde, 0xea], C::LightCyan),
            Paint::TimeOk => ([0x66, 0xbb, 0x6a], C::LightGreen),
            Paint::TimeLow => ([0xff, 0xb3, 0x00], C::Yellow),
            Paint::TimeCritical => ([0xef, 0x53, 0x50], C::LightRed),
            Paint::PanelText => ([0xf5, 0xef, 0xdc], C::Reset),
            Paint::PanelDim => ([0xa5, 0xc4, 0xad], C::DarkGray),
        };
        match index {
            Some(index) => Ink::with_index(rgb, index, basic),
            None => Ink::new(rgb, basic),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_follows_colorterm_and_term() {
        use super::super::env;
        use ColorDepth::*;
        assert_eq!(ColorDepth::detect(env(&[("COLORTERM", "truecolor")])), Rgb);
        assert_eq!(ColorDepth::detect(env(&[("COLORTERM", "24bit")])), Rgb);
        assert_eq!(
            ColorDepth::detect(env(&[("TERM", "xterm-256color")])),
            Indexed
        );
        assert_eq!(
            ColorDepth::detect(env(&[("TERM", "tmux-256color")])),
            Indexed
        );
        assert_eq!(
            ColorDepth::detect(env(&[("TERM", "xterm"), ("COLORTERM", "yes")])),
            Indexed
        );
        assert_eq!(ColorDepth::detect(env(&[("TERM", "xterm")])), Basic);
        assert_eq!(ColorDepth::detect(env(&[("TERM", "linux")])), Basic);
        assert_eq!(ColorDepth::detect(env(&[])), Basic);
        // Windows Terminal sets neither COLORTERM nor TERM, only WT_SESSION.
        let wt = env(&[("WT_SESSION", "0b4c8a52-5f1e-4a8e-9f0e-1c2d3e4f5a6b")]);
        assert_eq!(ColorDepth::detect(wt), Rgb);
        assert_eq!(ColorDepth::detect(env(&[("WT_SESSION", "")])), Basic);
    }

    #[test]
    fn the_256_colour_index_is_the_nearest_cube_colour_or_grey() {
        assert_eq!(nearest_256([0, 0, 0]), 16);
        assert_eq!(nearest_256([255, 255, 255]), 231);
        assert_eq!(nearest_256([255, 0, 0]), 196);
        assert_eq!(nearest_256([0x80, 0x80, 0x80]), 244);
        assert_eq!(nearest_256([0x08, 0x08, 0x08]), 232);
        assert_eq!(nearest_256([0xee, 0xee, 0xee]), 255);
        assert_eq!(nearest_256([0x5f, 0x87, 0xaf]), 67);
    }

    #[test]
    fn every_part_has_its_own_colour_in_the_table() {
        for (i, p) in Paint::ALL.iter().enumerate() {
            assert_eq!(*p as usize, i, "{p:?} out of order");
            assert_eq!(p.ink(), p.colour());
        }
    }

    #[test]
    fn inks_fade_and_show_on_every_depth() {
        let a = Paint::Points.ink();
        let b = Paint::Faded.ink();
        assert_eq!(a.towards(b, 0.0), a);
        assert_eq!(a.towards(b, 1.0), b);
        assert_eq!(
            a.towards(b, 0.4).color(ColorDepth::Basic),
            Color::LightYellow
        );
        assert_eq!(a.towards(b, 0.6).color(ColorDepth::Basic), Color::DarkGray);
        assert_eq!(
            Paint::Warning.ink().color(ColorDepth::Rgb),
            Color::Rgb(0xe5, 0x39, 0x35)
        );
        // The face marks differ from each other and from the face on every depth.
        let faces = [
            Paint::Face,
            Paint::Cursor,
            Paint::Selected,
            Paint::Hint,
            Paint::Highlight,
            Paint::Removed,
            Paint::Warning,
        ];
        for depth in ColorDepth::ALL {
            for (i, a) in faces.iter().enumerate() {
                for b in &faces[..i] {
                    assert_ne!(
                        a.ink().color(depth),
                        b.ink().color(depth),
                        "{a:?} {b:?} {depth:?}"
                    );
                }
            }
        }
    }
}
