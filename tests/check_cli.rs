//! `lianliankan check` driven as a user would: the real binary, stdin or a file.

#[path = "support/binary.rs"]
mod binary;
#[path = "support/bounded.rs"]
mod bounded;

use std::process::Output;

/// Runs `lianliankan check` with `args` on `stdin`.
fn check(args: &[&str], stdin: &[u8]) -> Output {
    binary::run(&[&["check"], args].concat(), stdin)
}

const SAMPLE: &str = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n4\n1 1 3 4\n1 1 2 4\n1 1 3 3\n2 1 2 4\n\
                      3 4\n0 1 4 3\n0 2 4 1\n0 0 0 0\n2\n1 1 2 4\n1 3 2 3\n0 0\n";

#[test]
fn hdu_sample_from_stdin() {
    let out = check(&[], SAMPLE.as_bytes());
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "YES\nNO\nNO\nNO\nNO\nYES\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn grid_format_from_a_file() {
    let dir = std::env::temp_dir().join(format!("llk-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("moves.txt");
    std::fs::write(&file, "2 4\nAB.B\nA..C\n3\n1 1 2 1\n1 2 1 4\n2 4 1 1\n").unwrap();
    let out = check(&["--format", "grid", file.to_str().unwrap()], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "YES\nYES\nNO\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A gravity asked for with the HDU format, whose queries remove nothing,
/// is refused rather than ignored; with the grid format it is taken.
#[test]
fn gravity_is_refused_where_nothing_slides() {
    let out = check(&["--gravity", "down"], SAMPLE.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--gravity applies to --format grid only"),
        "{err}"
    );
    let grid = "2 4\nAB.B\nA..C\n3\n1 1 2 1\n1 2 1 4\n2 4 1 1\n";
    let out = check(&["--format", "grid", "--gravity", "down"], grid.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Input saved on Windows ends its lines with CR LF: read as with LF alone,
/// in both formats.
#[test]
fn windows_line_endings_read_as_unix_ones() {
    let grid = "2 4\nAB.B\nA..C\n3\n1 1 2 1\n1 2 1 4\n2 4 1 1\n";
    for (args, input) in [(&[][..], SAMPLE), (&["--format", "grid"][..], grid)] {
        let unix = check(args, input.as_bytes());
        let windows = check(args, input.replace('\n', "\r\n").as_bytes());
        assert!(unix.status.success() && unix.stderr.is_empty(), "{args:?}");
        assert_eq!(windows.status.code(), Some(0), "{args:?}");
        assert!(windows.stderr.is_empty(), "{args:?}");
        assert_eq!(windows.stdout, unix.stdout, "{args:?}");
        // Notepad's UTF-8 files start with a byte order mark (the
        // play-test: refused as found "\xef\xbb\xbf2").
        let marked = check(
            args,
            [b"\xef\xbb\xbf", input.as_bytes()].concat().as_slice(),
        );
        assert_eq!(marked.status.code(), Some(0), "{args:?}");
        assert_eq!(marked.stdout, unix.stdout, "{args:?}");
    }
}

#[test]
fn bad_input_keeps_answers_and_exits_2() {
    let out = check(&[], b"1 2\n7 7\n2\n1 1 1 2\n1 1 9 9\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "YES\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 5") && err.contains("outside"), "{err}");
}

#[test]
fn missing_file_and_bad_flags_are_clear_errors() {
    let out = check(&["/nonexistent/input.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/input.txt"));
    // A directory opens but cannot be read: the message says so, by name.
    let dir = std::env::temp_dir();
    let out = check(&[dir.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("lianliankan check: cannot read {}", dir.display())),
        "{err}"
    );
    let out = check(&["--border", "sideways"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sideways"));
}

#[test]
fn a_1000_by_1000_case_agrees_with_the_reference() {
    use lianliankan::core::engine::Rules;
    use lianliankan::core::grid::{Board, Point};
    use lianliankan::solve::reference::min_turns;
    use lianliankan::solve::sample_boards::hdu_input;

    let input = hdu_input(1, 1000, 1000, 12, 11).unwrap();
    let out = check(&[], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();

    // Read the same case back and answer it with the plain reference search.
    let text = String::from_utf8(input).unwrap();
    let mut lines = text.lines().skip(1);
    let rows: Vec<Vec<u32>> = (0..1000)
        .map(|_| {
            lines
                .next()
                .unwrap()
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect();
    let board = Board::from_rows(&rows).unwrap();
    assert_eq!(lines.next(), Some("12"));
    let expected: Vec<&str> = lines
        .take(12)
        .map(|q| {
            let n: Vec<i32> = q.split(' ').map(|n| n.parse().unwrap()).collect();
            let (a, b) = (
                Point::new(n[0] - 1, n[1] - 1),
                Point::new(n[2] - 1, n[3] - 1),
            );
            let same = a != b && board.get(a) != 0 && board.get(a) == board.get(b);
            if same && min_turns(&board, a, b, Rules::JUDGE).is_some() {
                "YES"
            } else {
                "NO"
            }
        })
        .collect();
    assert_eq!(answers, expected);
    assert!(answers.iter().any(|a| a == "YES"), "some queries connect");
}

#[test]
fn format_characters_in_a_file_name_are_escaped() {
    let out = check(&["/nonexistent/\u{202e}txt.exe"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/\\u{202e}txt.exe"), "{err}");
    assert!(!err.chars().any(lianliankan::escape::is_format), "{err:?}");
}

#[test]
fn messages_quote_the_input_as_it_is() {
    let cases: [(&[&str], &[u8], &str); 7] = [
        // The whole bad token, not what is left after its first digit.
        (
            &[],
            b"1 2\n5 0x5\n",
            "input line 2: expected a tile of the board (a non-negative whole number), found \"0x5\"",
        ),
        (&[], b"1x 2\n", "found \"1x\""),
        // A byte that is not UTF-8 is shown once, as a byte.
        (
            &["--format", "grid"],
            b"1 2\nA\xff\n",
            "input line 2: column 2 holds the byte \\xff, which is not UTF-8",
        ),
        // Columns are counted in characters, not bytes.
        (
            &["--format", "grid"],
            "1 3\n连\n".as_bytes(),
            "row 1 has 1 character, expected 3",
        ),
        (
            &["--format", "grid"],
            "1 2\nA连\n".as_bytes(),
            "column 2 holds \"连\"; expected '.' or a printable ASCII character",
        ),
        (
            &["--format", "grid"],
            "1 2\n\u{202e}A\n".as_bytes(),
            "column 1 holds \"\\u{202e}\"",
        ),
        // A file whose lines end in a lone CR (old Mac) is one long line
        // (hostile13: the message named only a "1" where the line should end).
        (
            &[],
            b"1 2\r1 1\r1\r1 1 1 2\r",
            "input line 1: expected the end of the size line, found \"1\" (its lines seem to end in a lone CR",
        ),
    ];
    for (args, input, expected) in cases {
        let out = check(args, input);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{input:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn endless_bad_input_is_refused_at_its_first_line() {
    // `yes x | lianliankan check`: line 1 is wrong, so the input is not read on.
    for args in [&[][..], &["--format", "grid"]] {
        let (out, written) = bounded::run_endless(&[&["check"], args].concat(), b"x\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("lianliankan check: input line 1:"), "{err}");
        assert!(
            written < bounded::ENDLESS_CAP / 4,
            "{args:?}: {written} bytes read"
        );
    }
    // A valid case, then endless garbage in place of the next header.
    let mut start = b"1 2\n5 5\n1\n1 1 1 2\n".to_vec();
    start.extend(b"x\n".repeat(10));
    let (out, written) = bounded::run_endless(&["check"], &start);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "YES\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("input line 5"));
    assert!(written < bounded::ENDLESS_CAP / 4, "{written} bytes read");
}

/// Found by the hostile run: a number that never ends, `0` after `0` (its
/// value stays in range), was read for ever in constant memory, by `check`
/// in either format and by `solve` (`tr '\0' 0 < /dev/zero | lianliankan
/// check`), where a line that never ends stops at once. A number of more
/// digits than the input window holds is refused.
#[test]
fn a_number_that_never_ends_is_refused() {
    let cases: [(&[&str], &[u8]); 4] = [
        (&["check"], b""),
        (&["check"], b"1 2\n5 5\n"),
        (&["check", "--format", "grid"], b"1 2\nAA\n"),
        (&["solve"], b"2 "),
    ];
    for (args, head) in cases {
        assert_endless_refused(args, head, b"0", "more than 65536 digits");
    }
}

/// Runs `args` on `head`, then `body` repeated for ever, and checks that
/// the run stops soon with exit 2 and one line of error saying `message`.
fn assert_endless_refused(args: &[&str], head: &[u8], body: &[u8], message: &str) {
    let (out, written) = bounded::run_endless_after(args, head, body);
    assert_eq!(out.status.code(), Some(2), "{args:?} {head:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(message), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        written < bounded::ENDLESS_CAP / 4,
        "{args:?} {head:?}: {written} bytes read"
    );
}

/// Blanks that never end on a line, after a number or in place of one
/// (`(printf '1 2\n1 1'; tr '\0' ' ' < /dev/zero) | lianliankan check`),
/// were skipped for ever in constant memory, as the number that never ends
/// above was read. A run of more blanks than the input window holds is
/// refused.
#[test]
fn blanks_that_never_end_on_a_line_are_refused() {
    let cases: [(&[&str], &[u8]); 7] = [
        (&["check"], b"1"),
        (&["check"], b"1 2\n1 1"),
        (&["check"], b"1 2\n1 1\n"),
        (&["check"], b"1 2\n1 1\n1\n1 1 1 2"),
        (&["check", "--format", "grid"], b"2 2\nAA\nBB\n1\n1 1 1 2"),
        (&["check", "--format", "grid"], b"2 2\nAA\nBB\n"),
        (&["solve"], b"1 2\nAA\n"),
    ];
    for (args, head) in cases {
        assert_endless_refused(args, head, b" ", "more than 65536 blanks");
    }
}

#[test]
fn a_tall_board_slides_in_proportion() {
    // 65535 x 61 with gravity down: each removal slides a whole column.
    // Column 1 is all A, its top cell B; column 2 is all C but a B at row
    // 2k + 1. After k removals from the bottom of column 1 its B has slid
    // down beside the other.
    let (rows, cols, k) = (65_535, 61, 20);
    let mut input = format!("{rows} {cols}\n").into_bytes();
    for r in 1..=rows {
        input.push(if r == 1 { b'B' } else { b'A' });
        input.push(if r == 2 * k + 1 { b'B' } else { b'C' });
        input.extend(std::iter::repeat_n(b'D', cols - 2));
        input.push(b'\n');
    }
    input.extend(format!("{}\n", k + 2).bytes());
    input.extend(format!("1 1 {} 2\n", 2 * k + 1).bytes());
    for _ in 0..k {
        input.extend(format!("{} 1 {} 1\n", rows - 1, rows).bytes());
    }
    input.extend(format!("{0} 1 {0} 2\n", 2 * k + 1).bytes());
    let out = bounded::run_guarded(
        &["check", "--format", "grid", "--gravity", "down"],
        input,
        std::time::Duration::from_secs(300),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = format!("NO\n{}YES\n", "YES\n".repeat(k));
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}
