//! Terminal input bytes to key and mouse events, for the Unix event loop.
//!
//! crossterm 0.29 reads Unix terminals with two faults this module avoids.
//! Its reader waits on an edge-triggered epoll but returns as soon as one
//! read gave an event, so the rest of a paste longer than its 1 KB buffer
//! waits for the next key press, which then reads stale input instead of the
//! key. And its parser keeps an unfinished sequence (`ESC [ ?`, `ESC [ <`,
//! `ESC [ 200 ~`) until a byte it expects comes (`u` or `c`, `m` or `M`,
//! the end of a paste), swallowing every key before it.
//!
//! Here [`vte`] (the parser of the Alacritty terminal) splits the bytes by
//! the ECMA-48 grammar, so every sequence ends at its final byte, and
//! [`Decoder::flush`] drops a sequence left unfinished when the input pauses
//! ([`Decoder::wait`] says how long to wait for the rest). A lone `ESC`
//! followed by a pause is the Esc key. Pasted text (the game turns bracketed
//! paste on) never comes as keys: its characters come as one
//! [`Event::Paste`] at its end (at most [`PASTE_KEPT`] bytes of them, its
//! control bytes and escape sequences dropped), which only a text prompt
//! takes. The keys are
//! crossterm's [`Event`]s, mapped as crossterm maps them, so the app does
//! not know which reader made them.

use std::time::Duration;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// How long an unfinished escape sequence (or a lone `ESC`) waits for the
/// rest: terminals send a sequence in one write, so a pause this long means
/// the rest is not coming. Also the delay of the Esc key.
pub const SEQUENCE_WAIT: Duration = Duration::from_millis(50);

/// How long an unfinished paste waits for more: longer, as a large paste
/// may come in several writes over a slow link.
pub const PASTE_WAIT: Duration = Duration::from_millis(500);

/// The most bytes of a paste kept for the event it gives: more than any
/// text prompt takes (a name is at most 32 characters), and the memory a
/// paste of megabytes takes.
pub const PASTE_KEPT: usize = 1024;

const ESC: u8 = 0x1b;

/// Turns terminal input into events; keeps what an unfinished sequence has
/// read so far.
#[derive(Default)]
pub struct Decoder {
    parser: vte::Parser,
    sink: Sink,
    /// Bytes read since the parser was last at rest: more than zero means a
    /// sequence (or a UTF-8 character) is unfinished.
    held: usize,
    /// Whether the only byte held is `ESC`.
    lone_esc: bool,
}

/// What the parser's callbacks report to.
#[derive(Default)]
struct Sink {
    events: Vec<Event>,
    /// Set by the callbacks that end a sequence: the parser is back at rest.
    ended: bool,
    /// Whether the byte being read comes inside a sequence (a control byte
    /// there does not end it).
    inside: bool,
    /// Inside a bracketed paste: no key comes until its end.
    paste: bool,
    /// The printable characters of the paste so far, up to [`PASTE_KEPT`]
    /// bytes.
    pasted: String,
    /// After `ESC O`: the next character names the key (SS3 keys, as
    /// terminals send arrows and F1-F4 in application mode).
    ss3: bool,
    /// After `ESC [ M`: the three bytes of a legacy (X10) mouse report.
    x10: Option<Vec<u8>>,
}

impl Decoder {
    /// Reads `bytes` and returns the events they complete, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        for &byte in bytes {
            if let Some(report) = &mut self.sink.x10 {
                report.push(byte);
                if report.len() == 3 {
                    let event = x10_mouse(report);
                    self.sink.x10 = None;
                    self.sink.events.extend(event);
                }
                continue;
            }
            if byte == ESC {
                if self.lone_esc && !self.sink.paste {
                    // A second Esc: the first one was a key (in a paste,
                    // pasted text like the rest).
                    self.sink.events.push(key(KeyCode::Esc, KeyModifiers::NONE));
                }
                // ESC starts a new sequence wherever the parser was.
                self.held = 0;
                self.sink.ss3 = false;
            }
            self.sink.ended = false;
            self.sink.inside = self.held > 0;
            self.parser.advance(&mut self.sink, &[byte]);
            if self.sink.ended {
                self.held = 0;
                self.lone_esc = false;
            } else {
                self.held += 1;
                self.lone_esc = self.held == 1 && byte == ESC;
            }
        }
        std::mem::take(&mut self.sink.events)
    }

    /// How long to wait for more input before [`Decoder::flush`]: `None`
    /// when nothing is unfinished.
    pub fn wait(&self) -> Option<Duration> {
        if self.sink.paste {
            Some(PASTE_WAIT)
        } else if self.held > 0 || self.sink.ss3 || self.sink.x10.is_some() {
            Some(SEQUENCE_WAIT)
        } else {
            None
        }
    }

    /// The input paused: drops whatever is unfinished (a lone `ESC` is the
    /// Esc key) so the next byte starts afresh.
    pub fn flush(&mut self) -> Vec<Event> {
        let events = if self.lone_esc && !self.sink.paste {
            vec![key(KeyCode::Esc, KeyModifiers::NONE)]
        } else {
            Vec::new()
        };
        self.reset();
        self.sink = Sink::default();
        events
    }

    /// Forgets the sequence being read.
    fn reset(&mut self) {
        self.parser = vte::Parser::new();
        self.held = 0;
        self.lone_esc = false;
        self.sink.ss3 = false;
        self.sink.x10 = None;
    }
}

impl vte::Perform for Sink {
    fn print(&mut self, c: char) {
        self.ended = true;
        if self.paste {
            if c != '\x7f' && self.pasted.len() + c.len_utf8() <= PASTE_KEPT {
                self.pasted.push(c);
            }
            return;
        }
        if std::mem::take(&mut self.ss3) {
            self.events.extend(ss3_key(c));
            return;
        }
        let event = match c {
            '\x7f' => key(KeyCode::Backspace, KeyModifiers::NONE),
            c => char_key(c, KeyModifiers::NONE),
        };
        self.events.push(event);
    }

    fn execute(&mut self, byte: u8) {
        // Terminals act on a control byte inside a sequence and go on
        // reading the sequence; so does vte.
        self.ended |= !self.inside;
        self.ss3 = false;
        if self.paste {
            return;
        }
        // As crossterm maps control bytes.
        let (code, modifiers) = match byte {
            b'\r' => (KeyCode::Enter, KeyModifiers::NONE),
            b'\t' => (KeyCode::Tab, KeyModifiers::NONE),
            0x00 => (KeyCode::Char(' '), KeyModifiers::CONTROL),
            0x01..=0x1a => (
                KeyCode::Char((byte - 1 + b'a') as char),
                KeyModifiers::CONTROL,
            ),
            0x1c..=0x1f => (
                KeyCode::Char((byte - 0x1c + b'4') as char),
                KeyModifiers::CONTROL,
            ),
            // C1 controls: nothing a key sends.
            _ => return,
        };
        self.events.push(key(code, modifiers));
    }

    fn csi_dispatch(&mut self, params: &vte::Params, intermediates: &[u8], ignore: bool, c: char) {
        self.ended = true;
        self.ss3 = false;
        let params: Vec<u16> = params
            .iter()
            .map(|p| p.first().copied().unwrap_or(0))
            .collect();
        let first = params.first().copied().unwrap_or(0);
        if c == '~' && intermediates.is_empty() && matches!(first, 200 | 201) {
            let text = std::mem::take(&mut self.pasted);
            if first == 201 && self.paste && !text.is_empty() {
                self.events.push(Event::Paste(text));
            }
            self.paste = first == 200;
            return;
        }
        if self.paste || ignore {
            return;
        }
        let event = match intermediates {
            [] if c == 'M' && params == [0] => {
                self.x10 = Some(Vec::with_capacity(3));
                None
            }
            [] => csi_key(c, &params),
            [b'<'] if matches!(c, 'M' | 'm') => sgr_mouse(&params, c == 'm'),
            // Reports the game never asks for (`ESC [ ? ... u`, device
            // attributes, ...).
            _ => None,
        };
        self.events.extend(event);
    }

    fn esc_dispatch(&mut self, intermediates: &[u8], _ignore: bool, byte: u8) {
        self.ended = true;
        // `ESC \` ends a string sequence; it is no key.
        if self.paste || !intermediates.is_empty() || byte == b'\\' {
            return;
        }
        if byte == b'O' {
            self.ss3 = true;
        } else {
            // ESC then a key: the key with Alt, as crossterm reads it.
            self.events
                .push(char_key(char::from(byte), KeyModifiers::ALT));
        }
    }

    fn osc_dispatch(&mut self, _params: &[&[u8]], _bell_terminated: bool) {
        self.ended = true;
    }

    fn unhook(&mut self) {
        self.ended = true;
    }
}

/// A key press.
fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new_with_kind(
        code,
        modifiers,
        KeyEventKind::Press,
    ))
}

/// A character key; an upper-case letter carries Shift, as in crossterm.
fn char_key(c: char, modifiers: KeyModifiers) -> Event {
    let shift = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers | shift)
}

/// The modifiers of a key sequence's second parameter (1 + a bit mask of
/// Shift 1, Alt 2, Control 4).
fn modifiers(param: Option<&u16>) -> KeyModifiers {
    modifier_bits(param.map_or(0, |p| p.saturating_sub(1)), [1, 2, 4])
}

/// The modifiers whose bits (Shift, Alt, Control, in that order) are set in
/// `mask`.
fn modifier_bits(mask: u16, bits: [u16; 3]) -> KeyModifiers {
    let modifiers = [
        KeyModifiers::SHIFT,
        KeyModifiers::ALT,
        KeyModifiers::CONTROL,
    ];
    bits.into_iter()
        .zip(modifiers)
        .filter(|&(bit, _)| mask & bit != 0)
        .fold(KeyModifiers::NONE, |m, (_, modifier)| m | modifier)
}

/// The key a cursor or F1-F4 sequence (`ESC O <c>` or `ESC [ <c>`) ends in.
fn cursor_key(c: char) -> Option<KeyCode> {
    Some(match c {
        'A' => KeyCode::Up,
        'B' => KeyCode::Down,
        'C' => KeyCode::Right,
        'D' => KeyCode::Left,
        'H' => KeyCode::Home,
        'F' => KeyCode::End,
        'P'..='S' => KeyCode::F(1 + (c as u8 - b'P')),
        _ => return None,
    })
}

/// The key of `ESC O <c>`.
fn ss3_key(c: char) -> Option<Event> {
    cursor_key(c).map(|code| key(code, KeyModifiers::NONE))
}

/// The key of `ESC [ <params> <c>`.
fn csi_key(c: char, params: &[u16]) -> Option<Event> {
    let code = match c {
        'Z' => return Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        // rxvt's Shift-arrows (`ESC [ a` to `d`), the board's jump keys.
        'a'..='d' if matches!(params, [] | [0]) => {
            let arrow = cursor_key(c.to_ascii_uppercase())?;
            return Some(key(arrow, KeyModifiers::SHIFT));
        }
        'I' => return Some(Event::FocusGained),
        'O' => return Some(Event::FocusLost),
        '~' => match params.first()? {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            &n @ 11..=15 => KeyCode::F((n - 10) as u8),
            &n @ 17..=21 => KeyCode::F((n - 11) as u8),
            &n @ 23..=24 => KeyCode::F((n - 12) as u8),
            _ => return None,
        },
        c => cursor_key(c)?,
    };
    Some(key(code, modifiers(params.get(1))))
}

/// The button, motion and modifiers of a mouse report's first number.
fn mouse_kind(cb: u16, release: bool) -> Option<(MouseEventKind, KeyModifiers)> {
    let button = match cb & 0b11 {
        0 => Some(MouseButton::Left),
        1 => Some(MouseButton::Middle),
        2 => Some(MouseButton::Right),
        _ => None,
    };
    let kind = match (cb & 0b1100_0000, cb & 0b10_0000 != 0, button) {
        (0b0100_0000, _, _) => match cb & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        },
        (0, true, Some(b)) => MouseEventKind::Drag(b),
        (0, true, None) => MouseEventKind::Moved,
        (0, false, Some(b)) if release => MouseEventKind::Up(b),
        (0, false, Some(b)) => MouseEventKind::Down(b),
        // X10's release names no button.
        (0, false, None) => MouseEventKind::Up(MouseButton::Left),
        _ => return None,
    };
    Some((kind, modifier_bits(cb, [4, 8, 16])))
}

/// A mouse event at 1-based `x`, `y` (0 for a position past the encoding's
/// reach).
fn mouse(kind: MouseEventKind, modifiers: KeyModifiers, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: x.saturating_sub(1),
        row: y.saturating_sub(1),
        modifiers,
    })
}

/// An SGR mouse report: `ESC [ < button ; x ; y` then `M` (press) or `m`
/// (release).
fn sgr_mouse(params: &[u16], release: bool) -> Option<Event> {
    let &[cb, x, y] = params else {
        return None;
    };
    let (kind, modifiers) = mouse_kind(cb, release)?;
    Some(mouse(kind, modifiers, x, y))
}

/// A legacy mouse report: `ESC [ M` then three bytes, each 32 more than its
/// number.
fn x10_mouse(report: &[u8]) -> Option<Event> {
    let &[cb, x, y] = report else {
        return None;
    };
    let n = |b: u8| u16::from(b.saturating_sub(32));
    let (kind, modifiers) = mouse_kind(n(cb), false)?;
    Some(mouse(kind, modifiers, n(x), n(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(events: &[Event]) -> Vec<KeyCode> {
        events
            .iter()
            .map(|e| match e {
                Event::Key(k) => k.code,
                other => panic!("not a key: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn letters_controls_and_arrows_are_keys() {
        let mut d = Decoder::default();
        let events = d.feed(b"tq\r\x7f\x1b[A\x1bOB\x1b[1;5C\x1b[3~");
        assert_eq!(
            keys(&events),
            [
                KeyCode::Char('t'),
                KeyCode::Char('q'),
                KeyCode::Enter,
                KeyCode::Backspace,
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Right,
                KeyCode::Delete,
            ]
        );
        let Event::Key(ctrl_right) = events[6] else {
            unreachable!()
        };
        assert_eq!(ctrl_right.modifiers, KeyModifiers::CONTROL);
        assert_eq!(d.wait(), None, "nothing left unfinished");
        assert_eq!(
            d.feed(b"\x03U"),
            [
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                key(KeyCode::Char('U'), KeyModifiers::SHIFT)
            ]
        );
        // 0x08, Backspace on some terminals, reads as Ctrl-H, as crossterm
        // reads it; the name prompt takes it as Backspace.
        let events = d.feed(b"\x08");
        assert_eq!(events, [key(KeyCode::Char('h'), KeyModifiers::CONTROL)]);
        let Event::Key(byte) = events[0] else {
            unreachable!()
        };
        assert!(crate::ui::app::keys::is_backspace(&byte));
    }

    /// Shift-arrows (xterm's `ESC [ 1 ; 2 A`, rxvt's `ESC [ a`) and
    /// capitals reach the board with Shift, as crossterm reports them, for
    /// its jump keys.
    #[test]
    fn shift_arrows_and_capitals_carry_shift() {
        let mut d = Decoder::default();
        let shift = KeyModifiers::SHIFT;
        let arrows = [KeyCode::Up, KeyCode::Down, KeyCode::Right, KeyCode::Left];
        assert_eq!(
            d.feed(b"\x1b[a\x1b[b\x1b[c\x1b[d"),
            arrows.map(|code| key(code, shift))
        );
        assert_eq!(
            d.feed(b"\x1b[1;2A\x1b[1;2B\x1b[1;2C\x1b[1;2DHJKL"),
            [
                key(KeyCode::Up, shift),
                key(KeyCode::Down, shift),
                key(KeyCode::Right, shift),
                key(KeyCode::Left, shift),
                key(KeyCode::Char('H'), shift),
                key(KeyCode::Char('J'), shift),
                key(KeyCode::Char('K'), shift),
                key(KeyCode::Char('L'), shift),
            ]
        );
    }

    #[test]
    fn multibyte_characters_may_come_in_pieces() {
        let mut d = Decoder::default();
        let bytes = "é".as_bytes();
        assert!(d.feed(&bytes[..1]).is_empty());
        // The README's pause: 50 ms.
        assert_eq!(d.wait(), Some(Duration::from_millis(50)));
        assert_eq!(keys(&d.feed(&bytes[1..])), [KeyCode::Char('é')]);
    }

    #[test]
    fn sgr_and_legacy_clicks_are_mouse_events() {
        let mut d = Decoder::default();
        let events = d.feed(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<2;1;1M\x1b[M\x20\x2a\x25");
        assert_eq!(
            events,
            [
                mouse(
                    MouseEventKind::Down(MouseButton::Left),
                    KeyModifiers::NONE,
                    10,
                    5
                ),
                mouse(
                    MouseEventKind::Up(MouseButton::Left),
                    KeyModifiers::NONE,
                    10,
                    5
                ),
                mouse(
                    MouseEventKind::Down(MouseButton::Right),
                    KeyModifiers::NONE,
                    1,
                    1
                ),
                mouse(
                    MouseEventKind::Down(MouseButton::Left),
                    KeyModifiers::NONE,
                    10,
                    5
                ),
            ]
        );
        // A report with the wrong count of numbers is dropped whole; one too
        // large for its type lands far off the board.
        assert!(d.feed(b"\x1b[<0;5M").is_empty());
        assert_eq!(
            d.feed(b"\x1b[<0;99999999;5M"),
            [mouse(
                MouseEventKind::Down(MouseButton::Left),
                KeyModifiers::NONE,
                u16::MAX,
                5
            )]
        );
        assert_eq!(keys(&d.feed(b"q")), [KeyCode::Char('q')]);
    }

    #[test]
    fn a_whole_sequence_ends_at_its_final_byte_even_when_unknown() {
        let mut d = Decoder::default();
        // A DEC private report and a keyboard-protocol report crossterm's
        // parser would wait on: both end at their final byte.
        assert_eq!(
            keys(&d.feed(b"\x1b[?2026;2$yq\x1b[?1uq")),
            [KeyCode::Char('q'); 2]
        );
    }

    #[test]
    fn an_unfinished_sequence_is_dropped_after_a_pause() {
        for stray in [
            &b"\x1b[?"[..],
            b"\x1b[<",
            b"\x1b[<0;3",
            b"\x1b[1;",
            b"\x1bO",
            b"\x1b[M!",
            b"\x1bP",
        ] {
            let mut d = Decoder::default();
            assert!(d.feed(stray).is_empty(), "{stray:?}");
            assert_eq!(d.wait(), Some(SEQUENCE_WAIT), "{stray:?}");
            assert!(d.flush().is_empty(), "{stray:?}");
            assert_eq!(d.wait(), None);
            assert_eq!(keys(&d.feed(b"q")), [KeyCode::Char('q')], "{stray:?}");
        }
        // A control byte inside acts, and the sequence stays unfinished.
        let mut d = Decoder::default();
        assert_eq!(keys(&d.feed(b"\x1b[?\r")), [KeyCode::Enter]);
        assert_eq!(d.wait(), Some(SEQUENCE_WAIT));
        assert!(d.flush().is_empty());
        assert_eq!(keys(&d.feed(b"q")), [KeyCode::Char('q')]);
    }

    #[test]
    fn a_lone_escape_is_the_esc_key() {
        let mut d = Decoder::default();
        assert!(d.feed(b"\x1b").is_empty());
        assert_eq!(keys(&d.flush()), [KeyCode::Esc]);
        // Two presses read together are two keys; Esc then a letter read
        // together is Alt and the letter, as in crossterm.
        assert_eq!(keys(&d.feed(b"\x1b\x1b")), [KeyCode::Esc]);
        assert_eq!(keys(&d.flush()), [KeyCode::Esc]);
        assert_eq!(
            d.feed(b"\x1bq"),
            [key(KeyCode::Char('q'), KeyModifiers::ALT)]
        );
    }

    #[test]
    fn pasted_text_is_no_keys_and_an_unfinished_paste_ends_after_a_pause() {
        let mut d = Decoder::default();
        let paste = |text: &str| Event::Paste(text.to_string());
        // Its printable characters, without its controls and sequences.
        assert_eq!(
            d.feed(b"\x1b[200~quit\rnow\x1b[A\x07\x7f\x1b[201~t"),
            [
                paste("quitnow"),
                key(KeyCode::Char('t'), KeyModifiers::NONE)
            ]
        );
        // An ESC pasted last, or twice, is text too (tmux passes it on),
        // and dropped as a control.
        assert_eq!(d.feed(b"\x1b[200~quit\x1b\x1b[201~"), [paste("quit")]);
        assert_eq!(d.feed(b"\x1b[200~\x1b\x1bquit\x1b[201~"), [paste("uit")]);
        // At most PASTE_KEPT bytes of it, whole characters.
        let mut long = b"\x1b[200~".to_vec();
        long.extend("é".repeat(PASTE_KEPT).as_bytes());
        long.extend(b"\x1b[201~");
        assert_eq!(d.feed(&long), [paste(&"é".repeat(PASTE_KEPT / 2))]);
        assert!(d.feed(b"\x1b[200~\x1b[201~\x1b[201~").is_empty());
        assert!(d.feed(b"\x1b[200~quit").is_empty());
        assert_eq!(d.wait(), Some(PASTE_WAIT));
        assert!(d.flush().is_empty());
        assert_eq!(keys(&d.feed(b"q")), [KeyCode::Char('q')]);
    }

    #[test]
    fn any_bytes_give_events_without_panic_and_leave_nothing_after_a_flush() {
        // Every pair of bytes after each prefix that opens a sequence.
        for prefix in [
            &b""[..],
            b"\x1b",
            b"\x1b[",
            b"\x1b[<",
            b"\x1b[M",
            b"\x1bO",
            b"\x1b]",
        ] {
            for a in 0..=255u8 {
                for b in [0u8, 0x1b, b'[', b'M', b'q', 0x80, 0xc3, 0xff] {
                    let mut d = Decoder::default();
                    d.feed(prefix);
                    d.feed(&[a, b]);
                    d.flush();
                    assert_eq!(d.wait(), None);
                    assert_eq!(
                        keys(&d.feed(b"q")),
                        [KeyCode::Char('q')],
                        "{prefix:?} {a} {b}"
                    );
                }
            }
        }
    }
}
