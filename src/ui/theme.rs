//! Tile themes: a symbol and a colour per tile kind, compiled in from `assets/`.
//!
//! A theme file holds one kind a line, `SYMBOL COLOUR`, with `#` comments.
//! Every symbol is one terminal column wide, so rows never shift.

use std::str::FromStr;

use ratatui::style::Color;

use crate::core::grid::Tile;

/// The themes built into the binary, by name; the first is the default.
const BUILTIN: [(&str, &str); 2] = [
    ("ascii", include_str!("../../assets/ascii.theme")),
    ("symbols", include_str!("../../assets/symbols.theme")),
];

/// How one tile kind looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    /// The symbol in the middle of the tile.
    pub symbol: String,
    /// The colour of the tile's box.
    pub color: Color,
}

/// A named set of glyphs, one per tile kind (kind 1 is the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// The name used with `--theme`.
    pub name: &'static str,
    glyphs: Vec<Glyph>,
}

impl Theme {
    /// The names of the built-in themes, default first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// The built-in theme called `name`.
    pub fn builtin(name: &str) -> Result<Theme, String> {
        let (name, text) = BUILTIN.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let known: Vec<&str> = Self::names().collect();
            format!("unknown theme '{name}' (known: {})", known.join(", "))
        })?;
        Self::parse(name, text)
    }

    /// A theme from the text of a theme file.
    pub fn parse(name: &'static str, text: &str) -> Result<Theme, String> {
        let mut glyphs = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let (Some(symbol), Some(color), None) = (words.next(), words.next(), words.next())
            else {
                return Err(format!(
                    "theme {name}, line {}: expected SYMBOL COLOUR",
                    n + 1
                ));
            };
            let color = Color::from_str(color)
                .map_err(|_| format!("theme {name}, line {}: unknown colour {color}", n + 1))?;
            glyphs.push(Glyph {
                symbol: symbol.to_string(),
                color,
            });
        }
        if glyphs.is_empty() {
            return Err(format!("theme {name} has no glyphs"));
        }
        Ok(Theme { name, glyphs })
    }

    /// How many kinds the theme can tell apart: the most `--kinds` it allows.
    pub fn kinds(&self) -> usize {
        self.glyphs.len()
    }

    /// The glyph of `kind`, or `None` for the empty tile or a kind the theme lacks.
    pub fn glyph(&self, kind: Tile) -> Option<&Glyph> {
        (kind as usize)
            .checked_sub(1)
            .and_then(|i| self.glyphs.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn builtin_themes_parse_with_distinct_one_column_symbols() {
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            assert!(
                theme.kinds() >= 32,
                "{name} has only {} kinds",
                theme.kinds()
            );
            let mut seen = HashSet::new();
            for kind in 1..=theme.kinds() as Tile {
                let g = theme.glyph(kind).unwrap();
                assert_eq!(
                    g.symbol.width(),
                    1,
                    "{name}: {} is not one column",
                    g.symbol
                );
                assert_eq!(g.symbol.chars().count(), 1);
                assert!(seen.insert(g.symbol.clone()), "{name}: {} twice", g.symbol);
            }
            assert_eq!(theme.glyph(0), None);
            assert_eq!(theme.glyph(theme.kinds() as Tile + 1), None);
        }
    }

    #[test]
    fn ascii_theme_is_plain_ascii() {
        let theme = Theme::builtin("ascii").unwrap();
        for kind in 1..=theme.kinds() as Tile {
            assert!(
                theme
                    .glyph(kind)
                    .unwrap()
                    .symbol
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric())
            );
        }
    }

    #[test]
    fn bad_themes_are_errors() {
        assert!(Theme::builtin("nope").unwrap_err().contains("ascii"));
        assert!(Theme::parse("t", "A red extra").is_err());
        assert!(Theme::parse("t", "A nocolour").is_err());
        assert!(Theme::parse("t", "# only a comment").is_err());
        assert_eq!(Theme::parse("t", "A red\n\nB blue").unwrap().kinds(), 2);
    }
}
