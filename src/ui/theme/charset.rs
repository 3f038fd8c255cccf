//! The characters the frame is drawn with besides the tiles: box drawing in
//! a UTF-8 locale, plain ASCII where box drawing would come out as garbage
//! (a C or POSIX locale, a terminal set to a Latin-1 code page).

use ratatui::symbols::border;

/// Which characters borders, match lines and titles are drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Charset {
    /// Box drawing and the game's Chinese name.
    #[default]
    Unicode,
    /// ASCII only.
    Ascii,
}

/// A border of ASCII characters: one for the corners, the sides and the
/// top and bottom.
const fn ascii(
    corner: &'static str,
    side: &'static str,
    edge: &'static str,
) -> border::Set<'static> {
    border::Set {
        top_left: corner,
        top_right: corner,
        bottom_left: corner,
        bottom_right: corner,
        vertical_left: side,
        vertical_right: side,
        horizontal_top: edge,
        horizontal_bottom: edge,
    }
}

/// Each box-drawing border the game uses and its ASCII stand-in, kept as
/// distinct as the originals (boxed tiles tell their marks by their border
/// when there is no colour).
const ASCII_BORDERS: [(border::Set<'static>, border::Set<'static>); 5] = [
    (border::PLAIN, ascii("+", "|", "-")),
    (
        border::ROUNDED,
        border::Set {
            top_left: ".",
            top_right: ".",
            bottom_left: "'",
            bottom_right: "'",
            ..ascii("+", "|", "-")
        },
    ),
    (border::DOUBLE, ascii("#", "#", "=")),
    (border::THICK, ascii("*", "*", "*")),
    (border::LIGHT_DOUBLE_DASHED, ascii("+", ":", ".")),
];

/// Whether the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`; empty ones
/// do not count) read through `var` is UTF-8.
pub fn utf8_locale(var: impl Fn(&str) -> Option<String>) -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .into_iter()
        .filter_map(var)
        .find(|v| !v.is_empty())
        .unwrap_or_default()
        .to_ascii_lowercase();
    locale.contains("utf-8") || locale.contains("utf8")
}

impl Charset {
    /// The characters for the terminal the game runs in (see [`Charset::detect`]).
    pub fn from_env() -> Self {
        Self::detect(|key| std::env::var(key).ok(), cfg!(windows))
    }

    /// ASCII when the locale read through `var` is not UTF-8, except on
    /// Windows, whose console takes Unicode whatever the locale variables
    /// say (they are seldom set there).
    pub fn detect(var: impl Fn(&str) -> Option<String>, windows: bool) -> Self {
        if windows || utf8_locale(var) {
            Charset::Unicode
        } else {
            Charset::Ascii
        }
    }

    /// The border to draw for the box-drawing border `set`.
    pub fn border(self, set: border::Set<'static>) -> border::Set<'static> {
        match self {
            Charset::Unicode => set,
            Charset::Ascii => ASCII_BORDERS
                .iter()
                .find(|(unicode, _)| *unicode == set)
                .map_or(ASCII_BORDERS[0].1, |&(_, ascii)| ascii),
        }
    }

    /// The character of a match line that turns or runs straight: `corner`
    /// is one of `┌┐└┘`, else the line runs `vertical` or not.
    pub fn line(self, corner: Option<&'static str>, vertical: bool) -> &'static str {
        match (self, corner, vertical) {
            (Charset::Unicode, Some(corner), _) => corner,
            (Charset::Ascii, Some(_), _) => "+",
            (Charset::Unicode, None, true) => "│",
            (Charset::Unicode, None, false) => "─",
            (Charset::Ascii, None, true) => "|",
            (Charset::Ascii, None, false) => "-",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::env;
    use super::*;

    #[test]
    fn ascii_outside_a_utf8_locale_except_on_windows() {
        assert_eq!(
            Charset::detect(env(&[("LANG", "en_US.UTF-8")]), false),
            Charset::Unicode
        );
        assert_eq!(
            Charset::detect(env(&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")]), false),
            Charset::Ascii
        );
        assert_eq!(
            Charset::detect(env(&[("LANG", "POSIX")]), false),
            Charset::Ascii
        );
        assert_eq!(Charset::detect(env(&[]), false), Charset::Ascii);
        assert_eq!(Charset::detect(env(&[]), true), Charset::Unicode);
    }

    #[test]
    fn ascii_borders_are_ascii_and_tell_the_marks_apart() {
        let sets: Vec<border::Set> = ASCII_BORDERS
            .iter()
            .map(|&(unicode, _)| Charset::Ascii.border(unicode))
            .collect();
        for (i, set) in sets.iter().enumerate() {
            let all = [
                set.top_left,
                set.top_right,
                set.bottom_left,
                set.bottom_right,
                set.vertical_left,
                set.vertical_right,
                set.horizontal_top,
                set.horizontal_bottom,
            ];
            assert!(all.iter().all(|s| s.len() == 1 && s.is_ascii()), "{set:?}");
            assert!(sets[..i].iter().all(|other| other != set), "{set:?} twice");
        }
        assert_eq!(Charset::Unicode.border(border::DOUBLE), border::DOUBLE);
    }
}
