//! A byte tokenizer for the batch formats: whole input in memory, numbers
//! parsed in place, line numbers kept for error messages, no allocation per line.

use std::fmt;

/// What was wrong with the input, and on which line (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The input line the problem was found on.
    pub line: usize,
    /// What was expected there.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "input line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for InputError {}

/// A cursor over the input bytes that knows which line it is on.
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Scanner {
            input,
            pos: 0,
            line: 1,
        }
    }

    /// The line the cursor is on.
    pub fn line(&self) -> usize {
        self.line
    }

    /// An error on the current line.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            message: message.into(),
        }
    }

    /// Skips spaces and tabs (and a carriage return) but not newlines.
    fn skip_blanks(&mut self) {
        while let Some(&c) = self.input.get(self.pos) {
            if c == b' ' || c == b'\t' || c == b'\r' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Skips all white space, newlines included.
    pub fn skip_space(&mut self) {
        while let Some(&c) = self.input.get(self.pos) {
            match c {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// Whether only white space is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.input.len()
    }

    /// Whether the current line has nothing left but blanks.
    pub fn at_line_end(&mut self) -> bool {
        self.skip_blanks();
        matches!(self.input.get(self.pos), None | Some(b'\n'))
    }

    /// The next unsigned number on the current line; `what` names it in errors.
    pub fn number_on_line(&mut self, what: &str) -> Result<u64, InputError> {
        if self.at_line_end() {
            return Err(self.error(format!("expected {what}, found the end of the line")));
        }
        self.digits(what)
    }

    /// The next unsigned number, on this line or a later one.
    pub fn number(&mut self, what: &str) -> Result<u64, InputError> {
        self.skip_space();
        if self.pos >= self.input.len() {
            return Err(self.error(format!("expected {what}, found the end of the input")));
        }
        self.digits(what)
    }

    fn digits(&mut self, what: &str) -> Result<u64, InputError> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(&c) = self.input.get(self.pos) {
            if !c.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .ok_or_else(|| self.error(format!("{what} is too large")))?;
            self.pos += 1;
        }
        let ends_cleanly = self
            .input
            .get(self.pos)
            .is_none_or(|c| c.is_ascii_whitespace());
        if self.pos == start || !ends_cleanly {
            return Err(self.error(format!(
                "expected {what} (a non-negative whole number), found {}",
                self.word()
            )));
        }
        Ok(value)
    }

    /// Requires that nothing but blanks is left on the current line, then moves
    /// to the next line.
    pub fn end_line(&mut self, what: &str) -> Result<(), InputError> {
        self.skip_blanks();
        match self.input.get(self.pos) {
            None => Ok(()),
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                Ok(())
            }
            Some(_) => {
                Err(self.error(format!("expected the end of {what}, found {}", self.word())))
            }
        }
    }

    /// The rest of the current line without its line break (and without a
    /// trailing carriage return), moving the cursor to the next line. `None` at
    /// the end of the input.
    pub fn rest_of_line(&mut self) -> Option<&'a [u8]> {
        if self.pos >= self.input.len() {
            return None;
        }
        let rest = &self.input[self.pos..];
        let len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
        self.pos += len;
        if self.pos < self.input.len() {
            self.pos += 1;
            self.line += 1;
        }
        let line = &rest[..len];
        Some(line.strip_suffix(b"\r").unwrap_or(line))
    }

    /// The word at the cursor, quoted and escaped for an error message.
    fn word(&self) -> String {
        let rest = &self.input[self.pos.min(self.input.len())..];
        let len = rest
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .unwrap_or(rest.len())
            .min(20);
        format!("\"{}\"", rest[..len].escape_ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_lines() {
        let mut s = Scanner::new(b"3 4\n\n  12\t7 \r\nx");
        assert_eq!(s.number("a").unwrap(), 3);
        assert_eq!(s.number_on_line("b").unwrap(), 4);
        assert!(s.number_on_line("c").is_err());
        assert_eq!(s.number("c").unwrap(), 12);
        assert_eq!(s.line(), 3);
        assert_eq!(s.number_on_line("d").unwrap(), 7);
        s.end_line("the row").unwrap();
        let err = s.number("e").unwrap_err();
        assert_eq!(err.line, 4);
        assert!(err.to_string().contains("\"x\""), "{err}");
    }

    #[test]
    fn rejects_garbage_and_overflow() {
        assert!(Scanner::new(b"12a").number("n").is_err());
        assert!(Scanner::new(b"-1").number("n").is_err());
        assert!(
            Scanner::new(b"99999999999999999999999")
                .number("n")
                .is_err()
        );
        assert!(Scanner::new(b"").number("n").is_err());
        let err = Scanner::new(b"\x1b[2J").number("n").unwrap_err();
        assert!(
            !err.to_string().contains('\x1b'),
            "control bytes are escaped"
        );
    }

    #[test]
    fn lines_of_text() {
        let mut s = Scanner::new(b"ab\r\ncd");
        assert_eq!(s.rest_of_line(), Some(&b"ab"[..]));
        assert_eq!(s.rest_of_line(), Some(&b"cd"[..]));
        assert_eq!(s.rest_of_line(), None);
    }
}
