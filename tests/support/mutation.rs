//! Random damage to valid inputs, shared by the hostile-input property tests:
//! flipped bits, inserted and deleted bytes, cut-off ends, copied spans, and
//! numbers far out of range dropped in.

use proptest::prelude::*;

/// Numbers that overflow or underflow the types readers use.
const HOSTILE_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "65536",
    "1000000",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1e309",
    "-0",
    "1000000 1000000",
];

/// One change to a byte string; positions are taken modulo its length.
#[derive(Debug, Clone)]
pub enum Mutation {
    Flip { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize, len: usize },
    Truncate { at: usize },
    Duplicate { from: usize, len: usize, at: usize },
    Number { at: usize, which: usize },
}

fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        any::<u8>(),
        prop::sample::select(&b"\n \t\r0123456789.-\"{}[],:\x1b\x00\xff"[..]),
    ]
}

/// Any one mutation.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        (at, 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (at, interesting_byte()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        (at, 1usize..8).prop_map(|(at, len)| Mutation::Delete { at, len }),
        at.prop_map(|at| Mutation::Truncate { at }),
        (at, 1usize..40, any::<usize>()).prop_map(|(from, len, at)| Mutation::Duplicate {
            from,
            len,
            at
        }),
        (at, 0..HOSTILE_NUMBERS.len()).prop_map(|(at, which)| Mutation::Number { at, which }),
    ]
}

/// Applies `m` to `bytes`.
pub fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len();
    let pos = |at: usize| if len == 0 { 0 } else { at % (len + 1) };
    match *m {
        Mutation::Flip { at, bit } => {
            if len > 0 {
                bytes[at % len] ^= 1 << bit;
            }
        }
        Mutation::Insert { at, byte } => bytes.insert(pos(at), byte),
        Mutation::Delete { at, len: n } => {
            let start = pos(at);
            bytes.drain(start..(start + n).min(len));
        }
        Mutation::Truncate { at } => bytes.truncate(pos(at)),
        Mutation::Duplicate { from, len: n, at } => {
            let start = pos(from);
            let span = bytes[start..(start + n).min(len)].to_vec();
            let at = pos(at);
            bytes.splice(at..at, span);
        }
        Mutation::Number { at, which } => {
            let at = pos(at);
            bytes.splice(at..at, HOSTILE_NUMBERS[which].bytes());
        }
    }
}

/// A valid input damaged by one to four mutations.
pub fn mutated(valid: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(mutation(), 1..=4).prop_map(move |ms| {
        let mut bytes = valid.clone();
        for m in &ms {
            apply(&mut bytes, m);
        }
        bytes
    })
}
