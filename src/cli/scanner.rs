//! A byte tokenizer for the batch formats. It reads its source through a
//! fixed window, so memory does not grow with the input and reading stops at
//! the first bad line; numbers are parsed in place, line numbers are kept for
//! error messages, and nothing is allocated per line.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};

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

/// Bytes of input a reader-backed scanner holds at once. A line longer than
/// this is still read, only through the slower byte-by-byte path.
const WINDOW: usize = 64 * 1024;

/// Said of an error on a line where carriage returns are: lines that end in
/// a lone CR (old Mac files) read as one long line.
const LONE_CR: &str = " (its lines seem to end in a lone CR: they must end in LF or CR LF)";

/// Said of every error in an input that starts with a UTF-16 byte order
/// mark: such a file (what Windows PowerShell 5's `>` writes) reads as
/// bytes that are no number.
const UTF16: &str =
    " (the input is UTF-16, as Windows PowerShell's `>` writes: it must be ASCII or UTF-8)";

/// How many bytes of a bad word an error message quotes.
const WORD: usize = 20;

/// A cursor over the input bytes that knows which line it is on.
pub struct Scanner<'a> {
    /// The window; bytes `pos..end` are read but not yet consumed.
    buf: Cow<'a, [u8]>,
    pos: usize,
    end: usize,
    /// Where more input comes from; `None` once it is exhausted or failed
    /// (or from the start, for a scanner over a slice).
    source: Option<Box<dyn Read + 'a>>,
    /// Why the source stopped early, if it failed.
    read_error: Option<io::Error>,
    line: usize,
    /// Whether the input starts with a UTF-16 byte order mark (see [`UTF16`]).
    utf16: bool,
}

impl<'a> Scanner<'a> {
    /// A scanner over the whole input in memory.
    pub fn new(input: &'a [u8]) -> Self {
        Scanner {
            buf: Cow::Borrowed(input),
            pos: 0,
            end: input.len(),
            source: None,
            read_error: None,
            line: 1,
            utf16: false,
        }
        .past_byte_order_mark()
    }

    /// A scanner that reads `source` as it goes, holding at most a window of
    /// it in memory: a run stops at the first bad line without reading on.
    pub fn from_reader(source: impl Read + 'a) -> Self {
        Scanner {
            buf: Cow::Owned(vec![0; WINDOW]),
            pos: 0,
            end: 0,
            source: Some(Box::new(source)),
            read_error: None,
            line: 1,
            utf16: false,
        }
        .past_byte_order_mark()
    }

    /// Skips the UTF-8 byte order mark that starts a file some Windows
    /// editors save (Notepad did by default), which would otherwise be
    /// refused as the first number; notes a UTF-16 one, which its errors
    /// then name.
    fn past_byte_order_mark(mut self) -> Self {
        const MARK: &[u8] = b"\xef\xbb\xbf";
        while self.end - self.pos < MARK.len() && self.fill() {}
        let start = &self.buf[self.pos..self.end];
        if start.starts_with(MARK) {
            self.pos += MARK.len();
        }
        self.utf16 = start.starts_with(b"\xff\xfe") || start.starts_with(b"\xfe\xff");
        self
    }

    /// The error that stopped reading the source early, if any. After one,
    /// the scanner sees the input as ended there.
    pub fn take_read_error(&mut self) -> Option<io::Error> {
        self.read_error.take()
    }

    /// Reads more of the source into the window; whether any byte arrived.
    fn fill(&mut self) -> bool {
        let Some(source) = self.source.as_mut() else {
            return false;
        };
        let buf = self.buf.to_mut();
        if self.pos > 0 {
            buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end == buf.len() {
            return false;
        }
        loop {
            match source.read(&mut buf[self.end..]) {
                Ok(0) => {
                    self.source = None;
                    return false;
                }
                Ok(n) => {
                    self.end += n;
                    return true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.read_error = Some(e);
                    self.source = None;
                    return false;
                }
            }
        }
    }

    /// The byte at the cursor, reading more input if needed.
    fn peek(&mut self) -> Option<u8> {
        if self.pos == self.end && !self.fill() {
            return None;
        }
        Some(self.buf[self.pos])
    }

    /// The byte `k` places after the cursor (`k` below [`WORD`] or the
    /// window), reading more input if needed.
    fn peek_at(&mut self, k: usize) -> Option<u8> {
        while self.end - self.pos <= k {
            if !self.fill() {
                return None;
            }
        }
        Some(self.buf[self.pos + k])
    }

    /// The line the cursor is on.
    pub fn line(&self) -> usize {
        self.line
    }

    /// An error on the current line (saying so when the input is UTF-16).
    pub fn error(&self, message: impl Into<String>) -> InputError {
        let mut message = message.into();
        if self.utf16 {
            message.push_str(UTF16);
        }
        InputError {
            line: self.line,
            message,
        }
    }

    /// Skips spaces and tabs (and a carriage return) but not newlines;
    /// whether a carriage return was among them. A run of more than
    /// [`WINDOW`] of them stops there, a blank left at the cursor: blanks
    /// that never end would be read for ever, so what comes next refuses
    /// them ([`Scanner::too_many_blanks`]).
    fn skip_blanks(&mut self) -> bool {
        let (mut run, mut cr) = (0, false);
        while let Some(c @ (b' ' | b'\t' | b'\r')) = self.peek() {
            if run == WINDOW {
                return cr;
            }
            run += 1;
            cr |= c == b'\r';
            self.pos += 1;
        }
        cr
    }

    /// Skips all white space, newlines included; a line's run of blanks
    /// stops as in `Scanner::skip_blanks`.
    pub fn skip_space(&mut self) {
        let mut run = 0;
        while let Some(c) = self.peek() {
            match c {
                b'\n' => {
                    self.line += 1;
                    run = 0;
                }
                b' ' | b'\t' | b'\r' if run < WINDOW => run += 1,
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The error for a blank at the cursor where a skip stopped: a run of
    /// more than `WINDOW` blanks on the line. `None` at anything else.
    pub fn too_many_blanks(&mut self) -> Option<InputError> {
        let at = self.peek();
        matches!(at, Some(b' ' | b'\t' | b'\r')).then(|| {
            // A run of carriage returns: lines that end in a lone CR.
            let hint = if at == Some(b'\r') { LONE_CR } else { "" };
            self.error(format!(
                "found more than {WINDOW} blanks in a row on the line{hint}"
            ))
        })
    }

    /// Whether only white space is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.peek().is_none()
    }

    /// Whether the input has ended (white space left counts as input).
    pub fn at_input_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Whether the current line has nothing left but blanks.
    pub fn at_line_end(&mut self) -> bool {
        let _ = self.skip_blanks();
        matches!(self.peek(), None | Some(b'\n'))
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
        if self.peek().is_none() {
            return Err(self.error(format!("expected {what}, found the end of the input")));
        }
        self.digits(what)
    }

    fn digits(&mut self, what: &str) -> Result<u64, InputError> {
        // The digits consumed so far, kept so that an error quotes the whole word.
        let mut taken = [0u8; WORD];
        let mut count = 0;
        let mut value: u64 = 0;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            // Zeros keep the value in range: a number that never ends would
            // be read for ever.
            if count == WINDOW {
                return Err(self.error(format!(
                    "expected {what}, found a number of more than {WINDOW} digits"
                )));
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .ok_or_else(|| self.error(format!("{what} is too large")))?;
            if let Some(slot) = taken.get_mut(count) {
                *slot = c;
            }
            count += 1;
            self.pos += 1;
        }
        let ends_cleanly = self.peek().is_none_or(|c| c.is_ascii_whitespace());
        if count == 0
            && let Some(e) = self.too_many_blanks()
        {
            return Err(e);
        }
        if count == 0 || !ends_cleanly {
            let mut word = taken[..count.min(WORD)].to_vec();
            word.extend(self.word(WORD - word.len()));
            return Err(self.error(format!(
                "expected {what} (a non-negative whole number), found \"{}\"",
                word.escape_ascii()
            )));
        }
        Ok(value)
    }

    /// Reads exactly `row.len()` numbers, each at most `u32::MAX`, that make
    /// up the rest of the current line, and moves to the next line. This is
    /// the fast path for rows of a board: when the line is anything else (or
    /// longer than the window) it returns `false` and consumes nothing, so the
    /// caller can read the line number by number and report what is wrong.
    pub fn numbers_of_line(&mut self, row: &mut [u32]) -> bool {
        let newline = loop {
            let window = &self.buf[self.pos..self.end];
            if let Some(at) = memchr::memchr(b'\n', window) {
                break Some(at);
            }
            if self.source.is_none() {
                break None;
            }
            if self.pos == 0 && self.end == WINDOW {
                return false;
            }
            self.fill();
        };
        let window = &self.buf[self.pos..self.end];
        if !parse_row(&window[..newline.unwrap_or(window.len())], row) {
            return false;
        }
        match newline {
            Some(at) => {
                self.pos += at + 1;
                self.line += 1;
            }
            None => self.pos = self.end,
        }
        true
    }

    /// Requires that nothing but blanks is left on the current line, then moves
    /// to the next line.
    pub fn end_line(&mut self, what: &str) -> Result<(), InputError> {
        let cr = self.skip_blanks();
        if let Some(e) = self.too_many_blanks() {
            return Err(e);
        }
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                Ok(())
            }
            Some(_) => {
                let word = self.word(WORD);
                // A carriage return inside a line: lines that end in a
                // lone CR (old Mac files) read as one long line.
                let hint = if cr { LONE_CR } else { "" };
                Err(self.error(format!(
                    "expected the end of {what}, found \"{}\"{hint}",
                    word.escape_ascii()
                )))
            }
        }
    }

    /// The next character of the current line, consumed: `Err` with the byte
    /// when the input is not UTF-8 there. `None` at the end of the line (the
    /// line break is left for [`Scanner::end_line`]) or of the input.
    pub fn char_on_line(&mut self) -> Option<Result<char, u8>> {
        let lead = self.peek().filter(|&c| c != b'\n')?;
        let width = match lead {
            0x00..=0x7f => 1,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => 0,
        };
        let decoded = (width > 0 && self.peek_at(width - 1).is_some())
            .then(|| std::str::from_utf8(&self.buf[self.pos..self.pos + width]).ok())
            .flatten()
            .and_then(|s| s.chars().next());
        match decoded {
            Some(c) => {
                self.pos += width;
                Some(Ok(c))
            }
            None => {
                self.pos += 1;
                Some(Err(lead))
            }
        }
    }

    /// Up to `limit` bytes of the word at the cursor (up to the next white
    /// space), not consumed, for an error message.
    fn word(&mut self, limit: usize) -> Vec<u8> {
        let mut word = Vec::new();
        while let Some(c) = self
            .peek_at(word.len())
            .filter(|c| !c.is_ascii_whitespace())
        {
            if word.len() == limit {
                break;
            }
            word.push(c);
        }
        word
    }
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\r'
}

/// Parses `line` as exactly `row.len()` numbers of at most `u32::MAX`,
/// separated by blanks; `false` if it is anything else.
fn parse_row(line: &[u8], row: &mut [u32]) -> bool {
    let mut i = 0;
    let mut k = 0;
    while k < row.len() {
        // Most boards have one-digit tiles: four of them with their spaces
        // are tested and read as one 8-byte word.
        if let (Some(bytes), Some(four)) = (line.get(i..i + 8), row.get_mut(k..k + 4)) {
            let word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
            if four_spaced_digits(word) {
                for (j, slot) in four.iter_mut().enumerate() {
                    *slot = (word >> (16 * j)) as u32 & 0x0f;
                }
                i += 8;
                k += 4;
                continue;
            }
        }
        while line.get(i).is_some_and(|&c| is_blank(c)) {
            i += 1;
        }
        let start = i;
        let mut value: u64 = 0;
        while let Some(&c) = line.get(i).filter(|c| c.is_ascii_digit()) {
            value = value * 10 + u64::from(c - b'0');
            i += 1;
            if i - start > 10 {
                return false;
            }
        }
        let ends_cleanly = line.get(i).is_none_or(|&c| is_blank(c));
        match u32::try_from(value) {
            Ok(value) if i > start && ends_cleanly => row[k] = value,
            _ => return false,
        }
        k += 1;
        // Past one space, so the next number can start a word.
        if line.get(i) == Some(&b' ') {
            i += 1;
        }
    }
    line[i..].iter().all(|&c| is_blank(c))
}

/// Whether the 8 bytes of `word` (little-endian) are four `digit space` pairs.
fn four_spaced_digits(word: u64) -> bool {
    const EVEN: u64 = 0x00f0_00f0_00f0_00f0;
    const DIGITS: u64 = 0x0030_0030_0030_0030;
    const SPACES: u64 = 0x2000_2000_2000_2000;
    // Each even byte is 0x30..=0x39: high nibble 3, and adding 6 keeps it 3.
    word & 0xff00_ff00_ff00_ff00 == SPACES
        && word & EVEN == DIGITS
        && word.wrapping_add(0x0006_0006_0006_0006) & EVEN == DIGITS
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
    fn a_bad_number_is_quoted_whole() {
        // A byte order mark opens a file, nowhere else, and counts no line.
        let mut s = Scanner::new(b"\xef\xbb\xbf7 8");
        assert_eq!(s.number("n").unwrap(), 7);
        let reading = Scanner::from_reader(&b"\xef\xbb\xbf7 8"[..]).number("n");
        assert_eq!(reading.unwrap(), 7);
        let mut s = Scanner::new(b"7 \xef\xbb\xbf8");
        assert_eq!(s.number("n").unwrap(), 7);
        assert!(s.number("n").is_err(), "a mark inside is refused");
        assert!(Scanner::new(b"\xef\xbb").number("n").is_err());
        let err = Scanner::new(b"0x5 1").number("n").unwrap_err();
        assert!(err.message.ends_with("found \"0x5\""), "{err}");
        let long = Scanner::new(b"123456789012345678901234x").number("n");
        assert!(long.unwrap_err().message.contains("is too large"));
        let err = Scanner::new(b"1234567890123456789x")
            .number("n")
            .unwrap_err();
        assert!(
            err.message.ends_with("found \"1234567890123456789x\""),
            "{err}"
        );
    }

    /// A reader that hands out its bytes a few at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_reader_gives_the_same_tokens_as_a_slice() {
        let input = b"2 3\n1 2 3\n  4 5 6 \r\n7 x\n";
        for mut s in [Scanner::new(input), Scanner::from_reader(Trickle(input))] {
            assert_eq!(s.number("rows").unwrap(), 2);
            assert_eq!(s.number_on_line("cols").unwrap(), 3);
            s.end_line("size").unwrap();
            let mut row = [0; 3];
            assert!(s.numbers_of_line(&mut row));
            assert_eq!(row, [1, 2, 3]);
            s.skip_space();
            assert!(s.numbers_of_line(&mut row));
            assert_eq!(row, [4, 5, 6]);
            assert_eq!(s.line(), 4);
            assert!(!s.numbers_of_line(&mut row[..2]), "x is not a number");
            assert_eq!(s.number("a").unwrap(), 7);
            assert!(s.number("b").unwrap_err().message.contains("\"x\""));
        }
    }

    #[test]
    fn a_run_of_carriage_returns_is_named() {
        // hostile14: an endless run of CRs (a file of lone-CR line ends,
        // each line empty) was called blanks, without the lone-CR hint.
        let input = [&b"1 2\n1"[..], &vec![b'\r'; WINDOW + 1], b"\n"].concat();
        let mut s = Scanner::from_reader(&input[..]);
        assert_eq!(s.number("a").unwrap(), 1);
        assert_eq!(s.number_on_line("b").unwrap(), 2);
        s.end_line("the line").unwrap();
        assert_eq!(s.number("c").unwrap(), 1);
        let e = s.end_line("the line").unwrap_err();
        assert!(e.message.contains("blanks in a row"), "{}", e.message);
        assert!(e.message.ends_with(LONE_CR), "{}", e.message);
    }

    #[test]
    fn a_run_of_blanks_is_read_up_to_a_window() {
        let line = |blanks: usize| [&b"1"[..], &vec![b' '; blanks], b"2 \n"].concat();
        let fine = line(WINDOW);
        let mut s = Scanner::from_reader(&fine[..]);
        assert_eq!(s.number("a").unwrap(), 1);
        assert_eq!(s.number_on_line("b").unwrap(), 2);
        assert!(s.end_line("the line").is_ok() && s.at_end());
        let long = line(WINDOW + 1);
        let mut s = Scanner::from_reader(&long[..]);
        assert_eq!(s.number("a").unwrap(), 1);
        let e = s.number_on_line("b").unwrap_err();
        assert_eq!(
            e.message,
            "found more than 65536 blanks in a row on the line"
        );
    }

    #[test]
    fn the_fast_row_path_leaves_odd_lines_to_the_slow_one() {
        for line in [
            &b"1 2\n"[..],
            b"1 2 3 4\n",
            b"1 2 99999999999\n",
            b"1 2 4294967296\n",
            b"1 2 00000000003\n",
            b"1 2 3x\n",
            b"1 2 3 #\n",
        ] {
            let mut s = Scanner::new(line);
            assert!(!s.numbers_of_line(&mut [0; 3]), "{line:?}");
            assert_eq!(s.number("n").unwrap(), 1, "nothing was consumed");
        }
        let mut s = Scanner::new(b"4294967295 0 7");
        let mut row = [1; 3];
        assert!(s.numbers_of_line(&mut row));
        assert_eq!(row, [u32::MAX, 0, 7]);
        assert!(s.at_end());
    }

    #[test]
    fn rows_parse_in_words_and_singly_alike() {
        let mut row = [0; 9];
        assert!(parse_row(b"1 2 3 4 5 6 7 8 9", &mut row));
        assert_eq!(row, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert!(parse_row(b" 0 1 2 3\t10 0 0 9 9 \r", &mut row));
        assert_eq!(row, [0, 1, 2, 3, 10, 0, 0, 9, 9]);
        assert!(parse_row(b"12 3 4 5 6 7 8 9  4294967295", &mut row));
        assert_eq!(row[8], u32::MAX);
        for bad in [
            &b"1 2 3 4 5 6 7 8"[..],
            b"1 2 3 4 5 6 7 8 9 1",
            b"1 2 3 : 5 6 7 8 9",
            b"1 2 3 4 5 6 7 8 9x",
            b"1 2 3 4/5 6 7 8 9",
            b"1 2 3 4 5 6 7 8 4294967296",
        ] {
            assert!(!parse_row(bad, &mut row), "{bad:?}");
        }
        assert!(four_spaced_digits(u64::from_le_bytes(*b"0 9 5 1 ")));
        for word in [
            b"0 9 5 1\t",
            b"0 9 5 : ",
            b"0 9 5 / ",
            b"0 9 51  ",
            b" 0 9 5 1",
        ] {
            assert!(!four_spaced_digits(u64::from_le_bytes(*word)), "{word:?}");
        }
    }

    #[test]
    fn a_failed_read_is_kept_for_the_message() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut s = Scanner::from_reader(Broken);
        assert!(s.number("n").is_err());
        assert_eq!(s.take_read_error().unwrap().to_string(), "disk on fire");
    }

    #[test]
    fn characters_of_a_line() {
        let mut s = Scanner::from_reader(Trickle("a连\u{202e}\n".as_bytes()));
        assert_eq!(s.char_on_line(), Some(Ok('a')));
        assert_eq!(s.char_on_line(), Some(Ok('连')));
        assert_eq!(s.char_on_line(), Some(Ok('\u{202e}')));
        assert_eq!(s.char_on_line(), None);
        s.end_line("the row").unwrap();
        let mut s = Scanner::new(b"\xff\xe8\xbf");
        assert_eq!(s.char_on_line(), Some(Err(0xff)));
        assert_eq!(s.char_on_line(), Some(Err(0xe8)));
        assert_eq!(s.char_on_line(), Some(Err(0xbf)));
        assert_eq!(s.char_on_line(), None);
    }
}
