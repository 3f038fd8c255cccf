//! Tile themes: a symbol and a colour per tile kind, compiled in from `assets/`,
//! the colours of everything else on screen (`theme/palette.rs`) and the
//! characters of the frame (`theme/charset.rs`).
//!
//! A theme file holds one kind a line, `SYMBOL [#RRGGBB BASIC]`, with `#`
//! comments: the colour of the picture on the tile's light face, for 256-colour
//! and truecolor terminals, and the nearest of the 16 basic colours. Pictures
//! that bring their own colours (emoji) have none. Every symbol of a theme is
//! one code point of one known width (1 or 2 columns, the same in CJK
//! terminals), so rows never shift.

mod charset;
mod palette;

use std::str::FromStr;

use ratatui::style::Color;
use unicode_width::UnicodeWidthChar;

use crate::core::grid::Tile;

pub use charset::{Charset, utf8_locale};
pub use palette::{ColorDepth, Ink, Paint};

/// The themes built into the binary, by name.
const BUILTIN: [(&str, &str); 3] = [
    ("ascii", include_str!("../../assets/ascii.theme")),
    ("symbols", include_str!("../../assets/symbols.theme")),
    ("emoji", include_str!("../../assets/emoji.theme")),
];

/// How one tile kind looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    /// The symbol in the middle of the tile.
    pub symbol: String,
    /// The colour of the symbol, or `None` for a picture in its own colours.
    pub ink: Option<Ink>,
}

/// A named set of glyphs, one per tile kind (kind 1 is the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// The name used with `--theme`.
    pub name: &'static str,
    glyphs: Vec<Glyph>,
    width: u16,
}

impl Theme {
    /// The names of the built-in themes.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// The built-in theme called `name`.
    pub fn builtin(name: &str) -> Result<Theme, String> {
        let (name, text) = BUILTIN.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let known: Vec<&str> = Self::names().collect();
            format!(
                "unknown theme '{}' (known: {})",
                crate::escape::escape_controls(name),
                known.join(", ")
            )
        })?;
        Self::parse(name, text)
    }

    /// The name of the theme to use when none is asked for: `emoji` in a
    /// UTF-8 locale or a Windows terminal that draws pictures, `ascii`
    /// elsewhere (see [`default_name`]). The command line's `--theme` and the
    /// saved setting go before it.
    pub fn default_for_env() -> &'static str {
        default_name(|key| std::env::var(key).ok(), cfg!(windows))
    }

    /// A theme from the text of a theme file.
    pub fn parse(name: &'static str, text: &str) -> Result<Theme, String> {
        let mut glyphs: Vec<Glyph> = Vec::new();
        let mut width = None;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |what: String| format!("theme {name}, line {}: {what}", n + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            let (symbol, ink) = match words[..] {
                [symbol] => (symbol, None),
                [symbol, rgb, basic] => (symbol, Some(Ink::parse(rgb, basic).map_err(at)?)),
                _ => return Err(at("expected SYMBOL or SYMBOL #RRGGBB COLOUR".to_string())),
            };
            let w = symbol_width(symbol).map_err(at)?;
            if *width.get_or_insert(w) != w {
                return Err(at(format!("{symbol} is not as wide as the symbols before")));
            }
            if glyphs.iter().any(|g| g.symbol == symbol) {
                return Err(at(format!("{symbol} twice")));
            }
            glyphs.push(Glyph {
                symbol: symbol.to_string(),
                ink,
            });
        }
        match width {
            Some(width) => Ok(Theme {
                name,
                glyphs,
                width,
            }),
            None => Err(format!("theme {name} has no glyphs")),
        }
    }

    /// How many kinds the theme can tell apart: the most `--kinds` it allows.
    pub fn kinds(&self) -> usize {
        self.glyphs.len()
    }

    /// How many columns each symbol takes (1 or 2).
    pub fn width(&self) -> u16 {
        self.width
    }

    /// The glyph of `kind`, or `None` for the empty tile or a kind the theme lacks.
    pub fn glyph(&self, kind: Tile) -> Option<&Glyph> {
        (kind as usize)
            .checked_sub(1)
            .and_then(|i| self.glyphs.get(i))
    }
}

/// The width of a theme symbol: one code point (no variation selector,
/// joiner or skin tone, whose width terminals disagree on), printable, and
/// as wide in a CJK terminal (East Asian ambiguous width taken as wide) as
/// anywhere else.
fn symbol_width(symbol: &str) -> Result<u16, String> {
    let mut chars = symbol.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(format!("{symbol} is not one character"));
    };
    match (c.width(), c.width_cjk()) {
        (Some(w @ (1 | 2)), Some(cjk)) if w == cjk => Ok(w as u16),
        (Some(w), Some(cjk)) if w != cjk => Err(format!(
            "{symbol} (U+{:04X}) is of ambiguous width: {w} column(s), {cjk} in CJK terminals",
            c as u32
        )),
        _ => Err(format!("{symbol} (U+{:04X}) is not printable", c as u32)),
    }
}

/// The name of the theme for an environment read through `var`: `emoji`
/// when the locale (the first set of `LC_ALL`, `LC_CTYPE`, `LANG`, as POSIX
/// looks them up) is UTF-8, on any terminal but the Linux console (whose font
/// has no pictures); else `ascii`, which every terminal shows. Emoji rather
/// than `symbols`: pictures are what the game is played with elsewhere, they
/// are two columns in every modern terminal, CJK ones included, and colour
/// fonts for them ship with every desktop, while the one-column symbols
/// depend on fonts that often lack them.
///
/// On Windows (`windows`) the locale variables are seldom set, so there a
/// terminal that names itself counts too: Windows Terminal (`WT_SESSION`)
/// and those that set `TERM_PROGRAM` (VS Code, WezTerm, mintty) draw colour
/// emoji two columns wide; the old console window, which sets neither and
/// has no pictures in its fonts, gets `ascii`.
pub fn default_name(var: impl Fn(&str) -> Option<String>, windows: bool) -> &'static str {
    let utf8 = utf8_locale(&var);
    let console = var("TERM").is_some_and(|t| t == "linux");
    let named = |key| var(key).is_some_and(|v| !v.is_empty());
    let pictures = windows && (named("WT_SESSION") || named("TERM_PROGRAM"));
    if (utf8 && !console) || pictures {
        "emoji"
    } else {
        "ascii"
    }
}

impl Ink {
    /// An ink from a theme file's `#RRGGBB` and basic colour name.
    fn parse(rgb: &str, basic: &str) -> Result<Ink, String> {
        let bad_rgb = || format!("expected a colour #RRGGBB, found {rgb}");
        let hex = rgb
            .strip_prefix('#')
            .filter(|h| h.len() == 6)
            .ok_or_else(bad_rgb)?;
        let channel = |i: usize| {
            hex.get(i..i + 2)
                .and_then(|c| u8::from_str_radix(c, 16).ok())
                .ok_or_else(bad_rgb)
        };
        let rgb = [channel(0)?, channel(2)?, channel(4)?];
        let basic = match Color::from_str(basic) {
            Ok(
                c @ (Color::Black
                | Color::Red
                | Color::Green
                | Color::Yellow
                | Color::Blue
                | Color::Magenta
                | Color::Cyan
                | Color::DarkGray),
            ) => c,
            _ => {
                return Err(format!(
                    "{basic} is not one of black red green yellow blue magenta cyan darkgray"
                ));
            }
        };
        Ok(Ink::new(rgb, basic))
    }
}

/// An environment of `pairs` to look variables up in, for tests.
#[cfg(test)]
fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Symbols that are easy to take for one another at a glance. Inside a
    /// theme, two of a group must differ in colour in every palette; pictures
    /// without a colour of their own may not meet at all.
    const LOOK_ALIKES: &[&[&str]] = &[
        // Letters and digits.
        &["c", "C"],
        &["o", "O", "Q", "0"],
        &["s", "S", "5"],
        &["u", "U"],
        &["v", "V"],
        &["w", "W"],
        &["x", "X"],
        &["z", "Z", "2"],
        &["k", "K"],
        &["p", "P"],
        &["y", "Y"],
        &["j", "J"],
        &["i", "I", "1", "l"],
        &["b", "6"],
        &["g", "9", "q"],
        &["8", "B"],
        &["m", "n", "h"],
        &["f", "F", "E"],
        &["t", "T"],
        &["P", "R"],
        &["M", "N"],
        &["D", "O"],
        &["C", "G"],
        // Symbols.
        &["♣", "☘"],
        &["♦", "◆", "◊", "♢"],
        &["♪", "♫", "♮"],
        &["★", "✦", "✪", "✱", "⍟", "✿", "❖", "⚘"],
        &["♚", "♛", "♝", "♔", "♕"],
        &["♜", "♞", "♖", "♘"],
        &["◒", "◉", "⌬", "☼", "☻"],
        &["⬢", "⬟", "▰", "◩", "◭"],
        &["✚", "✠", "☥", "☤", "♁"],
        &["♃", "♄", "♅", "♆", "♇", "☿"],
        &["☾", "☽"],
        &["⌘", "⌖", "⎈"],
        &["✎", "✄"],
        &["⚐", "⚑"],
        // Pictures.
        &["🐶", "🐺", "🐻"],
        &["🐱", "🐯", "🦁"],
        &["🐭", "🐹"],
        &["🐴", "🦄", "🐎"],
        &["🐔", "🐓", "🐤", "🐥", "🐣", "🦆"],
        &["🐟", "🐠", "🐡"],
        &["🐬", "🐳", "🐋", "🦈"],
        &["🐊", "🦎", "🐉", "🐲", "🦖", "🦕"],
        &["🐛", "🐍"],
        &["🐙", "🦑"],
        &["🦀", "🦞", "🦐", "🍤"],
        &["🐘", "🦏", "🦛"],
        &["🐪", "🐫"],
        &["🍎", "🍏", "🍅", "🎈"],
        &["🍊", "🍑", "🏀", "🎃"],
        &["🍐", "🥑", "🥝", "🍈"],
        &["🍇", "🫐"],
        &["🥦", "🌲", "🌳"],
        &["🥐", "🍞", "🥖"],
        &["🎂", "🍰", "🧁"],
        &["🍦", "🍧", "🍨"],
        &["☕", "🍵"],
        &["🍷", "🍸", "🍹", "🥂"],
        &["⚽", "⚾", "🏐"],
        &["🌙", "🍌"],
        &["🔔", "🔒", "🔓"],
        &["📱", "💻", "📺"],
        &["⌚", "⏰"],
        &["🚗", "🚕", "🚙", "🚒", "🚓", "🚑"],
        &["🌹", "🌷", "🥀"],
        &["🌻", "🌼"],
        &["🍀", "☘"],
        &["🍁", "🍂"],
        &["🌍", "🌎", "🌏"],
        &["☔", "🌂"],
    ];

    /// The most kinds a default board needs: the largest preset, 12 x 24
    /// tiles, four of each kind.
    const LARGEST_DEFAULT_KINDS: usize = 12 * 24 / 4;

    fn all() -> Vec<Theme> {
        Theme::names().map(|n| Theme::builtin(n).unwrap()).collect()
    }

    #[test]
    fn builtin_themes_parse_with_distinct_symbols_of_one_width() {
        for theme in all() {
            assert!(theme.kinds() >= 48, "{} has {}", theme.name, theme.kinds());
            for kind in 1..=theme.kinds() as Tile {
                let g = theme.glyph(kind).unwrap();
                assert_eq!(symbol_width(&g.symbol), Ok(theme.width()), "{g:?}");
            }
            assert_eq!(theme.glyph(0), None);
            assert_eq!(theme.glyph(theme.kinds() as Tile + 1), None);
        }
        let emoji = Theme::builtin("emoji").unwrap();
        assert_eq!(emoji.width(), 2);
        assert!(emoji.kinds() >= LARGEST_DEFAULT_KINDS, "{}", emoji.kinds());
        assert_eq!(Theme::builtin("ascii").unwrap().width(), 1);
        assert_eq!(Theme::builtin("symbols").unwrap().width(), 1);
    }

    /// The README counts each theme's symbols; a theme that gains or loses
    /// one changes the count there too (the text is joined across its line
    /// breaks).
    #[test]
    fn the_readme_counts_each_themes_symbols() {
        let readme = include_str!("../../README.md").split_whitespace();
        let readme = readme.collect::<Vec<_>>().join(" ");
        let kinds = |name| Theme::builtin(name).unwrap().kinds();
        for claim in [
            format!("`emoji` has {} pictures", kinds("emoji")),
            format!("`symbols` has {} one-column", kinds("symbols")),
            format!("`ascii` {} letters and digits", kinds("ascii")),
        ] {
            assert!(readme.contains(&claim), "the README lacks {claim:?}");
        }
    }

    /// No symbol of any theme is East Asian ambiguous width, which a CJK
    /// terminal draws two columns wide: each is as wide under
    /// `unicode-width`'s CJK rules as under its ordinary ones.
    #[test]
    fn no_theme_has_an_ambiguous_width_symbol() {
        for theme in all() {
            for kind in 1..=theme.kinds() as Tile {
                let c = theme.glyph(kind).unwrap().symbol.chars().next().unwrap();
                assert_eq!(c.width(), c.width_cjk(), "{}: {c}", theme.name);
            }
        }
        // The ones the symbols theme used to have are refused.
        for old in ["∞", "■", "▲", "▼", "◆", "●", "♠", "♣", "♥", "★", "♪", "☎"]
        {
            let err = Theme::parse("t", &format!("{old} #000000 black")).unwrap_err();
            assert!(err.contains("ambiguous"), "{old}: {err}");
        }
        // So are sequences: a variation selector, a joined family.
        assert!(
            Theme::parse("t", "☀\u{fe0f}")
                .unwrap_err()
                .contains("one character")
        );
        assert!(Theme::parse("t", "👨\u{200d}👩").is_err());
    }

    #[test]
    fn look_alikes_never_share_a_colour_in_any_palette() {
        for theme in all() {
            let inks: HashMap<&str, Option<Ink>> = (1..=theme.kinds() as Tile)
                .map(|k| theme.glyph(k).unwrap())
                .map(|g| (g.symbol.as_str(), g.ink))
                .collect();
            for group in LOOK_ALIKES {
                let present: Vec<(&str, Option<Ink>)> = group
                    .iter()
                    .filter_map(|s| inks.get(s).map(|ink| (*s, *ink)))
                    .collect();
                for (i, (a, ia)) in present.iter().enumerate() {
                    for (b, ib) in &present[..i] {
                        let apart = match (ia, ib) {
                            (Some(x), Some(y)) => {
                                ColorDepth::ALL.iter().all(|&d| x.color(d) != y.color(d))
                            }
                            _ => false,
                        };
                        assert!(apart, "{}: {a} and {b} look alike", theme.name);
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_theme_is_plain_ascii_and_symbols_have_colours() {
        let theme = Theme::builtin("ascii").unwrap();
        for kind in 1..=theme.kinds() as Tile {
            let g = theme.glyph(kind).unwrap();
            assert!(g.symbol.chars().all(|c| c.is_ascii_alphanumeric()));
            assert!(g.ink.is_some());
        }
        let symbols = Theme::builtin("symbols").unwrap();
        assert!((1..=symbols.kinds() as Tile).all(|k| symbols.glyph(k).unwrap().ink.is_some()));
    }

    #[test]
    fn the_default_theme_follows_the_locale() {
        assert_eq!(
            default_name(env(&[("LANG", "en_GB.UTF-8")]), false),
            "emoji"
        );
        assert_eq!(default_name(env(&[("LANG", "zh_CN.utf8")]), false), "emoji");
        assert_eq!(default_name(env(&[("LANG", "C")]), false), "ascii");
        assert_eq!(default_name(env(&[]), false), "ascii");
        // LC_ALL goes first, then LC_CTYPE, then LANG; empty ones do not count.
        assert_eq!(
            default_name(env(&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")]), false),
            "ascii"
        );
        assert_eq!(
            default_name(
                env(&[("LC_ALL", ""), ("LC_CTYPE", "C.UTF-8"), ("LANG", "C")]),
                false
            ),
            "emoji"
        );
        // The Linux console's font has no pictures.
        assert_eq!(
            default_name(env(&[("LANG", "de_DE.UTF-8"), ("TERM", "linux")]), false),
            "ascii"
        );
    }

    /// Windows sets no locale variables: Windows Terminal and terminals
    /// that name themselves get pictures, the old console window letters.
    /// Elsewhere those variables alone change nothing.
    #[test]
    fn the_default_theme_on_windows_follows_the_terminal() {
        assert_eq!(default_name(env(&[]), true), "ascii");
        let wt = env(&[("WT_SESSION", "0b4c8a52-5f1e-4a8e-9f0e-1c2d3e4f5a6b")]);
        assert_eq!(default_name(wt, true), "emoji");
        assert_eq!(
            default_name(env(&[("TERM_PROGRAM", "vscode")]), true),
            "emoji"
        );
        assert_eq!(default_name(env(&[("WT_SESSION", "")]), true), "ascii");
        assert_eq!(default_name(env(&[("LANG", "en_US.UTF-8")]), true), "emoji");
        assert_eq!(
            default_name(env(&[("TERM_PROGRAM", "vscode")]), false),
            "ascii"
        );
    }

    #[test]
    fn bad_themes_are_errors() {
        assert!(Theme::builtin("nope").unwrap_err().contains("emoji"));
        assert!(Theme::parse("t", "A #ff0000").is_err());
        assert!(Theme::parse("t", "A #ff0000 red extra").is_err());
        assert!(
            Theme::parse("t", "A red red")
                .unwrap_err()
                .contains("#RRGGBB")
        );
        assert!(Theme::parse("t", "A #ff00 red").is_err());
        assert!(
            Theme::parse("t", "A #ff0000 lightred")
                .unwrap_err()
                .contains("darkgray")
        );
        assert!(Theme::parse("t", "# only a comment").is_err());
        assert!(Theme::parse("t", "A\nA").unwrap_err().contains("twice"));
        assert!(Theme::parse("t", "A\n🐼").unwrap_err().contains("as wide"));
        assert!(
            Theme::parse("t", "\u{7}")
                .unwrap_err()
                .contains("printable")
        );
        assert_eq!(Theme::parse("t", "A\n\nB #0000ff blue").unwrap().kinds(), 2);
    }
}
