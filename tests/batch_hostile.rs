//! Hostile input to the batch modes: random bytes and damaged valid inputs
//! must give answers or a clean `BatchError::Input`, never a panic; and the
//! real binary answers hostile input with exit status 2 and one clean line.

#[path = "support/binary.rs"]
mod binary;
#[path = "support/mutation.rs"]
mod mutation;
#[path = "support/prop_config.rs"]
mod prop_config;

use lianliankan::cli::check::{BatchError, Format, check, read_grid_board};
use lianliankan::cli::scanner::Scanner;
use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use proptest::prelude::*;

/// Cases per property, each a whole input; a few seconds in a debug build.
const CASES: u32 = 2048;

fn rules() -> impl Strategy<Value = Rules> {
    (0u32..=4, any::<bool>()).prop_map(|(max_turns, open)| Rules {
        max_turns,
        border: if open { Border::Open } else { Border::Closed },
    })
}

/// Checks one run: answers or an input error whose message is one printable
/// line naming a line of the input.
fn run(input: &[u8], format: Format, rules: Rules) -> Result<(), TestCaseError> {
    let mut out = Vec::new();
    match check(input, format, rules, Gravity::None, &mut out) {
        Ok(()) => {}
        Err(BatchError::Input(e)) => {
            let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
            prop_assert!(
                (1..=lines).contains(&e.line),
                "line {} of {}",
                e.line,
                lines
            );
            let text = e.to_string();
            prop_assert!(!text.chars().any(char::is_control), "{:?}", text);
        }
        Err(BatchError::Io(e) | BatchError::Read(e)) => {
            prop_assert!(false, "reading or writing memory failed: {}", e)
        }
    }
    for answer in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        prop_assert!(answer == b"YES" || answer == b"NO");
    }
    Ok(())
}

/// Random valid board sizes and cells for the generators below.
fn cells(max_kind: u32) -> impl Strategy<Value = (usize, usize, Vec<u32>)> {
    (1usize..=7, 1usize..=7).prop_flat_map(move |(rows, cols)| {
        prop::collection::vec(0..=max_kind, rows * cols).prop_map(move |cells| (rows, cols, cells))
    })
}

fn queries(rows: usize, cols: usize) -> impl Strategy<Value = Vec<[usize; 4]>> {
    prop::collection::vec(
        (1..=rows, 1..=cols, 1..=rows, 1..=cols).prop_map(|(a, b, c, d)| [a, b, c, d]),
        0..6,
    )
}

fn write_queries(text: &mut String, queries: &[[usize; 4]]) {
    text.push_str(&format!("{}\n", queries.len()));
    for [a, b, c, d] in queries {
        text.push_str(&format!("{a} {b} {c} {d}\n"));
    }
}

/// A valid HDU 1175 input of one or two cases, and how many queries it holds.
fn hdu_input_and_count() -> impl Strategy<Value = (Vec<u8>, usize)> {
    let case = cells(6).prop_flat_map(|(rows, cols, cells)| {
        queries(rows, cols).prop_map(move |queries| {
            let mut text = format!("{rows} {cols}\n");
            for row in cells.chunks(cols) {
                let row: Vec<String> = row.iter().map(u32::to_string).collect();
                text.push_str(&row.join(" "));
                text.push('\n');
            }
            write_queries(&mut text, &queries);
            (text, queries.len())
        })
    });
    prop::collection::vec(case, 1..=2).prop_map(|cases| {
        let count = cases.iter().map(|(_, n)| n).sum();
        let text: String = cases.into_iter().map(|(t, _)| t).collect();
        ((text + "0 0\n").into_bytes(), count)
    })
}

/// A valid HDU 1175 input.
fn hdu_input() -> impl Strategy<Value = Vec<u8>> {
    hdu_input_and_count().prop_map(|(input, _)| input)
}

/// A valid grid-format input of one or two boards.
fn grid_input() -> impl Strategy<Value = Vec<u8>> {
    let case = cells(3).prop_flat_map(|(rows, cols, cells)| {
        queries(rows, cols).prop_map(move |queries| {
            let mut text = format!("{rows} {cols}\n");
            for row in cells.chunks(cols) {
                text.extend(row.iter().map(|&t| {
                    if t == 0 {
                        '.'
                    } else {
                        "ABC".as_bytes()[t as usize - 1] as char
                    }
                }));
                text.push('\n');
            }
            write_queries(&mut text, &queries);
            text
        })
    });
    prop::collection::vec(case, 1..=2).prop_map(|cases| cases.concat().into_bytes())
}

fn random_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        // Mostly digits and separators, so the reader gets past the first number.
        prop::collection::vec(
            prop::sample::select(&b"0123456789 \n\n\t\r.AB-\x1b"[..]),
            0..300
        ),
    ]
}

proptest! {
    #![proptest_config(prop_config::prop_config(CASES))]

    #[test]
    fn valid_inputs_answer_every_query((input, count) in hdu_input_and_count(), rules in rules()) {
        let mut out = Vec::new();
        let answered = check(&input, Format::Hdu, rules, Gravity::None, &mut out);
        prop_assert!(answered.is_ok(), "{:?}", answered);
        prop_assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), count);
    }

    #[test]
    fn random_bytes_hdu(input in random_bytes(), rules in rules()) {
        run(&input, Format::Hdu, rules)?;
    }

    #[test]
    fn random_bytes_grid(input in random_bytes(), rules in rules()) {
        run(&input, Format::Grid, rules)?;
    }

    #[test]
    fn mutated_hdu(input in hdu_input().prop_flat_map(mutation::mutated), rules in rules()) {
        run(&input, Format::Hdu, rules)?;
    }

    #[test]
    fn mutated_grid(input in grid_input().prop_flat_map(mutation::mutated), rules in rules()) {
        run(&input, Format::Grid, rules)?;
    }

    #[test]
    fn read_grid_board_is_bounded_by_its_header(
        input in prop_oneof![grid_input().prop_flat_map(mutation::mutated), random_bytes()]
    ) {
        let mut s = Scanner::new(&input);
        if let Ok(Some(board)) = read_grid_board(&mut s) {
            // A board is only built from a header and as many rows as it declares.
            let text = String::from_utf8_lossy(&input);
            let header: Vec<usize> = text
                .split_ascii_whitespace()
                .take(2)
                .map(|n| n.parse().unwrap())
                .collect();
            prop_assert_eq!(header, vec![board.rows(), board.cols()]);
            prop_assert!(input.len() >= board.rows() * board.cols());
        }
    }
}

#[test]
fn absurd_headers_are_errors_at_once() {
    for header in [
        "1000000 1000000\n",
        "4294967296 4294967296\n",
        "99999999999999999999999 1\n",
        "2001 2000\n",
        "1 4000001\n",
        "65536 1\n",
    ] {
        for format in [Format::Hdu, Format::Grid] {
            let err = check(
                header.as_bytes(),
                format,
                Rules::JUDGE,
                Gravity::None,
                &mut Vec::new(),
            )
            .unwrap_err();
            let BatchError::Input(e) = err else {
                panic!("{header:?}: {err:?}")
            };
            // Refused on its first line; that no board memory is taken
            // first is the counting allocator's test (batch_memory.rs).
            assert_eq!(e.line, 1, "{header:?}: {e}");
        }
        let err = read_grid_board(&mut Scanner::new(header.as_bytes())).unwrap_err();
        assert_eq!(err.line, 1);
    }
}

/// Runs the real binary on `input` and returns (status, stdout, stderr).
fn run_binary(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out = binary::run(&[&["check"], args].concat(), input);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_binary_answers_hostile_input_with_one_clean_line() {
    let cases: [(&[&str], &[u8]); 9] = [
        (&[], b"1000000 1000000\n"),
        (&["--format", "grid"], b"1000000 1000000\n"),
        (&[], b"\x1b[2J\x1b]0;owned\x07 3\n"),
        (&[], b"2 2\n1 1\n1 \x1b[31m1\n"),
        (&[], b"\xff\xfe\x00\x00"),
        (&[], b"1 2\n5 5\n1\n1 1 1 99999999999999999999999\n"),
        (&["--format", "grid"], b"1 3\nA\x1b[B\n"),
        (&["--format", "grid"], b"1 2\n\xe8\xbf\x9e\n"),
        (&["--format", "grid"], b"2 2\nAA\n"),
    ];
    for (args, input) in cases {
        let (status, _, stderr) = run_binary(args, input);
        assert_eq!(status, Some(2), "{input:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr:?}");
        assert!(
            stderr.starts_with("lianliankan check: input line"),
            "{stderr:?}"
        );
        let line = stderr.strip_suffix('\n').expect("ends with a newline");
        assert!(!line.chars().any(char::is_control), "{input:?}: {line:?}");
    }
}

#[test]
fn a_hostile_file_name_is_escaped() {
    let (status, _, stderr) = run_binary(&["/nonexistent/\x1b[2Jinput"], b"");
    assert_eq!(status, Some(2));
    let line = stderr.strip_suffix('\n').expect("one line");
    assert!(!line.chars().any(char::is_control), "{line:?}");
}

/// A reader that went away with both outputs (`lianliankan check big 2>&1 |
/// head -1`): the answers and the message about them meet a closed pipe,
/// and each command ends with the status of a failed write (`man` and
/// `completions` too, which ended with 0), not a panic.
#[test]
fn a_closed_pipe_on_stdout_and_stderr_is_no_panic() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut queries = String::from("2 2\n1 1\n1 1\n50000\n");
    queries.push_str(&"1 1 1 2\n".repeat(50_000));
    let board = "2 2\nAA\nBB\n";
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["check"], &queries),
        (&["man"], ""),
        (&["completions", "bash"], ""),
        (&["solve"], board),
        (
            &["deal", "--rows", "20", "--cols", "20", "--kinds", "9"],
            "",
        ),
        (&["scores"], ""),
        (&["stats"], ""),
    ];
    for (args, input) in cases {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .args(args)
            .env("LIANLIANKAN_DATA_DIR", dir.path())
            .stdin(Stdio::piped())
            .stdout(writer.try_clone().unwrap())
            .stderr(writer)
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}: {status}");
    }
}

/// Every batch command ends a lost output on a full disk alike (as `man`
/// and `completions` do): status 2 and one line that names the command
/// and what it could not write.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_on_stdout_is_told_by_each_command() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str, &str); 5] = [
        (
            &["check"],
            "2 2\n1 1\n1 1\n1\n1 1 1 2\n",
            "check: cannot write the answers",
        ),
        (
            &["solve"],
            "2 2\nAA\nBB\n",
            "solve: cannot write the output",
        ),
        (
            &[
                "deal", "--rows", "2", "--cols", "2", "--kinds", "1", "--seed", "1",
            ],
            "",
            "deal: cannot write the output",
        ),
        (&["scores"], "", "scores: cannot write the tables"),
        (&["stats"], "", "stats: cannot write the statistics"),
    ];
    for (args, input, told) in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .args(args)
            .env("LIANLIANKAN_DATA_DIR", dir.path())
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create("/dev/full").expect("Linux has /dev/full"))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("lianliankan {told}: ")) && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
}
