//! Making text from outside (files, paths, the environment, input) safe to
//! print on a terminal, where a raw control character could move the cursor,
//! clear the screen or change colours, and a format character (a
//! bidirectional override, a zero-width joiner) could reorder or hide text.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `c` is a format character (Unicode general category Cf): invisible,
/// yet able to reorder the text around it (U+202E, U+2066..U+2069, U+061C) or
/// hide in it (U+200B, U+FEFF). The crate's table follows each Unicode release.
pub fn is_format(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

/// Replaces control and format characters with their escapes (`\u{1b}`, `\n`,
/// `\u{202e}`), so text that came from a file or the environment can go to a
/// terminal without moving the cursor, changing colours or reordering what
/// follows it.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || is_format(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(escape_controls("a\x1b[2Jb\n连"), "a\\u{1b}[2Jb\\n连");
        assert_eq!(escape_controls("\u{9b}31m"), "\\u{9b}31m");
    }

    #[test]
    fn format_characters_are_escaped() {
        let bidi = "evil\u{202e}txt.exe\u{200e}\u{2066}\u{2069}\u{61c}";
        assert_eq!(
            escape_controls(bidi),
            "evil\\u{202e}txt.exe\\u{200e}\\u{2066}\\u{2069}\\u{61c}"
        );
        for c in [
            '\u{ad}',
            '\u{600}',
            '\u{6dd}',
            '\u{200b}',
            '\u{2064}',
            '\u{feff}',
            '\u{110bd}',
            '\u{13430}',
            '\u{1d173}',
            '\u{e0001}',
            '\u{e007f}',
        ] {
            assert!(is_format(c), "{:?}", c);
            assert_eq!(
                escape_controls(&c.to_string()),
                c.escape_default().to_string()
            );
        }
        // Visible text, combining marks and emoji stay as they are.
        for text in ["连连看", "é", "e\u{301}", "🐼", "ab c"] {
            assert_eq!(escape_controls(text), text);
        }
    }
}
