//! Making text from outside (files, the environment, input) safe to print on
//! a terminal, where a raw control character could move the cursor, clear
//! the screen or change colours.

/// Replaces control characters with their escapes (`\u{1b}`, `\n`), so text
/// that came from a file or the environment can go to a terminal without
/// moving the cursor or changing colours.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
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
}
