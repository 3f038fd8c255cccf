//! The `solve` and `deal` commands end to end, through the real binary: exit
//! codes, messages, and `solve` output replayed by independent code.

#[path = "support/binary.rs"]
mod binary;
#[path = "support/bounded.rs"]
mod bounded;

use binary::run;
use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, EMPTY, Point, Tile};
use lianliankan::solve::replay::replay;
use lianliankan::solve::solver::Move;
use rand::SeedableRng;
use rand::seq::SliceRandom;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A board in the grid format, read by this test's own plain code.
fn read_board(grid: &str) -> Board {
    let mut lines = grid.lines();
    let size: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let tiles: Vec<Tile> = lines
        .take(size[0])
        .flat_map(|l| {
            assert_eq!(l.len(), size[1]);
            l.bytes()
                .map(|c| if c == b'.' { EMPTY } else { Tile::from(c) })
        })
        .collect();
    Board::from_tiles(size[0], size[1], tiles).unwrap()
}

/// Moves printed as 1-based `r1 c1 r2 c2` lines.
fn read_moves(out: &str) -> Vec<Move> {
    out.lines()
        .map(|l| {
            let n: Vec<i32> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            assert_eq!(n.len(), 4, "{l}");
            Move {
                a: Point::new(n[0] - 1, n[1] - 1),
                b: Point::new(n[2] - 1, n[3] - 1),
            }
        })
        .collect()
}

#[test]
fn dealt_boards_are_solved_and_the_moves_replay() {
    let cases = [
        ("none", Gravity::None, "open", Border::Open),
        ("down", Gravity::Down, "closed", Border::Closed),
        ("center-h", Gravity::CenterH, "open", Border::Open),
        ("center-v", Gravity::CenterV, "closed", Border::Closed),
        ("left", Gravity::Left, "open", Border::Open),
    ];
    for (seed, (g, gravity, b, border)) in cases.into_iter().enumerate() {
        let difficulty = ["easy", "normal", "hard"][seed % 3];
        let seed = seed.to_string();
        let rule_args = ["--gravity", g, "--border", b, "--max-turns", "2"];
        let mut args = vec![
            "deal", "--rows", "6", "--cols", "7", "--kinds", "9", "--seed",
        ];
        args.push(&seed);
        args.extend(rule_args);
        args.extend(["--difficulty", difficulty]);
        let dealt = run(&args, "");
        assert!(dealt.status.success(), "{}", text(&dealt.stderr));
        let grid = text(&dealt.stdout);
        assert_eq!(
            grid,
            text(&run(&args, "").stdout),
            "not the same deal twice"
        );
        let board = read_board(&grid);
        assert_eq!(board.tile_count(), 42);

        let mut args = vec!["solve"];
        args.extend(rule_args);
        let solved = run(&args, &grid);
        assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
        let moves = read_moves(&text(&solved.stdout));
        let rules = Rules {
            max_turns: 2,
            border,
        };
        let left = replay(&board, &moves, rules, gravity).unwrap();
        assert_eq!(left.tile_count(), 0);
    }
}

/// For every variant: `deal`, then `solve`, then the moves fed to
/// `check --format grid` with the same gravity answer YES to each and leave
/// the board empty (the last check asks for a pair of empty cells: NO).
#[test]
fn solved_moves_check_yes_with_the_same_gravity() {
    for (seed, gravity) in Gravity::LEVELS.iter().enumerate() {
        let name = gravity.name();
        let seed = seed.to_string();
        let rule_args = ["--gravity", name, "--border", "open"];
        let mut args = vec!["deal", "--rows", "6", "--cols", "8", "--kinds", "10"];
        args.extend(["--seed", &seed]);
        args.extend(rule_args);
        let grid = text(&run(&args, "").stdout);
        let mut args = vec!["solve"];
        args.extend(rule_args);
        let solved = run(&args, &grid);
        assert_eq!(
            solved.status.code(),
            Some(0),
            "{name}: {}",
            text(&solved.stderr)
        );
        let moves = text(&solved.stdout);
        assert_eq!(moves.lines().count(), 24, "{name}");
        // Every cell is empty at the end, so a last query of any two cells is NO.
        let input = format!("{grid}25\n{moves}1 1 1 2\n");
        let mut args = vec!["check", "--format", "grid"];
        args.extend(rule_args);
        let checked = run(&args, &input);
        assert!(
            checked.status.success(),
            "{name}: {}",
            text(&checked.stderr)
        );
        let mut expected = "YES\n".repeat(24);
        expected.push_str("NO\n");
        assert_eq!(text(&checked.stdout), expected, "{name}");
    }
}

#[test]
fn solve_reads_a_file() {
    let path = std::env::temp_dir().join(format!("lianliankan-solve-{}.txt", std::process::id()));
    std::fs::write(&path, "2 2\nAB\nAB\n").unwrap();
    let out = run(&["solve", "--border", "closed", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(0));
    let moves = read_moves(&text(&out.stdout));
    assert_eq!(moves.len(), 2);
}

/// A board saved on Windows (CR LF line ends) solves as the same board.
#[test]
fn a_board_with_windows_line_endings_solves_the_same() {
    let board = "2 4\nABBA\nCDDC\n";
    let unix = run(&["solve"], board);
    let windows = run(&["solve"], board.replace('\n', "\r\n"));
    assert_eq!(unix.status.code(), Some(0), "{}", text(&unix.stderr));
    assert_eq!(windows.status.code(), Some(0), "{}", text(&windows.stderr));
    assert_eq!(read_moves(&text(&windows.stdout)).len(), 4);
    assert_eq!(windows.stdout, unix.stdout);
    // Notepad's UTF-8 files start with a byte order mark.
    let marked = run(&["solve"], [b"\xef\xbb\xbf", board.as_bytes()].concat());
    assert_eq!(marked.status.code(), Some(0), "{}", text(&marked.stderr));
    assert_eq!(marked.stdout, unix.stdout);
}

/// A board saved as UTF-16 (`lianliankan deal ... > board.txt` in Windows
/// PowerShell 5, whose `>` writes UTF-16 with a byte order mark) is refused
/// with a message that says so, by `solve` and by `check`, instead of one
/// that quotes only its first bytes ("\xff\xfe2\x00").
#[test]
fn a_utf16_board_is_told_as_such() {
    let board = "2 4\r\nABBA\r\nCDDC\r\n";
    let queries = "1 2\r\n1 1\r\n1\r\n1 1 1 2\r\n";
    let little = |text: &str| -> Vec<u8> {
        let units = text.encode_utf16().flat_map(u16::to_le_bytes);
        b"\xff\xfe".iter().copied().chain(units).collect()
    };
    let big = |text: &str| -> Vec<u8> {
        let units = text.encode_utf16().flat_map(u16::to_be_bytes);
        b"\xfe\xff".iter().copied().chain(units).collect()
    };
    for (args, input) in [
        (&["solve"][..], little(board)),
        (&["solve"], big(board)),
        (&["check", "--format", "grid"], little(board)),
        (&["check"], little(queries)),
    ] {
        let out = run(args, &input);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("input line 1: ") && err.contains("the input is UTF-16"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn proved_impossible_is_exit_1() {
    // C-C can be joined, then nothing: "no solution", not "unknown".
    let out = run(&["solve", "--border", "closed"], "1 6\nABABCC\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no solution"));
    assert!(out.stdout.is_empty());
}

#[test]
fn budget_spent_is_exit_3() {
    let mut tiles: Vec<u8> = (0..144).map(|i| b'A' + (i / 4) as u8).collect();
    tiles.shuffle(&mut rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1));
    let mut grid = String::from("16 9\n");
    for row in tiles.chunks(9) {
        grid.push_str(std::str::from_utf8(row).unwrap());
        grid.push('\n');
    }
    let out = run(&["solve", "--gravity", "down", "--budget-ms", "0"], &grid);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("unknown"));
}

#[test]
fn bad_input_is_exit_2_with_the_line() {
    for (input, line) in [
        ("2 3\nAB.\n", "line 3"),
        ("2 3\nAB.\nA\u{7}.\n", "line 3"),
        ("1000000000 1000000000\n", "line 1"),
        ("x y\n", "line 1"),
        ("", "line 1"),
        ("1 2\nAA\nextra\n", "line 3"),
    ] {
        let out = run(&["solve"], input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
        assert!(err.contains(line), "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = run(&["solve", "--gravity", "sideways"], "1 2\nAA\n");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["solve", "/nonexistent/board.txt"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn endless_input_stops_at_its_first_bad_line() {
    // `yes x | lianliankan solve`, and a board followed by endless junk.
    for start in [&b"x\n"[..], b"1 2\nAA\nx\n"] {
        let (out, written) = bounded::run_endless(&["solve"], start);
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(err.contains("line 1") || err.contains("line 3"), "{err}");
        assert!(written < bounded::ENDLESS_CAP / 4, "{written} bytes read");
    }
    // A row that never ends (no newline): it is too long once it holds more
    // characters than the board has columns, whatever follows. Found by the
    // play-test: it was read to its end for the count in the message, so
    // `solve` (and `check --format grid`) read on for ever.
    for args in [&["solve"][..], &["check", "--format", "grid"]] {
        let (out, written) = bounded::run_endless_after(args, b"1 2\n", b"A");
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(err.contains("line 2: row 1 has more than"), "{err}");
        assert!(written < bounded::ENDLESS_CAP / 4, "{written} bytes read");
    }
    // A row that never ends in blanks, after as many characters as the
    // board has columns or fewer: blanks at the end of a row are allowed,
    // and were read on for ever, as a row that was not yet too long.
    for args in [&["solve"][..], &["check", "--format", "grid"]] {
        for head in [&b"1 2\nAA"[..], b"1 2\nA", b"1 2\n"] {
            let (out, written) = bounded::run_endless_after(args, head, b" ");
            assert_eq!(out.status.code(), Some(2), "{args:?} {head:?}");
            let err = text(&out.stderr);
            assert!(err.contains("line 2: row 1 has more than"), "{err}");
            assert!(written < bounded::ENDLESS_CAP / 4, "{written} bytes read");
        }
    }
}

#[test]
fn long_column_deals_and_straight_line_deals_finish() {
    let guard = std::time::Duration::from_secs(300);
    // 6,000 cells in one column: every removal slides the column, which took
    // minutes when a slide rewrote the counts once per moved tile.
    let args = [
        "deal", "--rows", "6000", "--cols", "1", "--kinds", "62", "--seed", "1",
    ];
    let out = bounded::run_guarded(
        &[&args[..], &["--gravity", "down"]].concat(),
        Vec::new(),
        guard,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let board = read_board(&text(&out.stdout));
    assert_eq!((board.rows(), board.cols()), (6_000, 1));
    // No turns allowed: a plainly winnable 32 x 32 board is dealt.
    let args = [
        "deal", "--rows", "32", "--cols", "32", "--kinds", "20", "--seed", "1",
    ];
    let out = bounded::run_guarded(
        &[&args[..], &["--max-turns", "0"]].concat(),
        Vec::new(),
        guard,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(read_board(&text(&out.stdout)).tile_count(), 1024);
}

#[test]
fn bad_deals_are_exit_2() {
    for (rows, cols, kinds, why) in [
        ("3", "3", "2", "pairs"),
        ("4", "4", "9", "kinds"),
        ("20", "20", "63", "kinds"),
        ("0", "4", "1", "not allowed"),
        ("4", "4", "0", "kinds"),
        ("100000", "100000", "4", "not allowed"),
    ] {
        let out = run(
            &[
                "deal", "--rows", rows, "--cols", cols, "--kinds", kinds, "--seed", "1",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{rows}x{cols} {kinds}");
        assert!(text(&out.stderr).contains(why), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
    let args = [
        "deal",
        "--rows",
        "4",
        "--cols",
        "4",
        "--kinds",
        "4",
        "--seed",
        "1",
        "--difficulty",
        "x",
    ];
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("easy, normal, hard"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn deals_use_letters_then_digits() {
    let out = run(
        &[
            "deal", "--rows", "12", "--cols", "11", "--kinds", "62", "--seed", "5",
        ],
        "",
    );
    assert!(out.status.success());
    let board = read_board(&text(&out.stdout));
    let mut kinds: Vec<Tile> = board.tiles().to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    let expected: Vec<Tile> = (b'0'..=b'9')
        .chain(b'A'..=b'Z')
        .chain(b'a'..=b'z')
        .map(Tile::from)
        .collect();
    assert_eq!(kinds, expected);
    let other = run(
        &[
            "deal", "--rows", "12", "--cols", "11", "--kinds", "62", "--seed", "6",
        ],
        "",
    );
    assert_ne!(out.stdout, other.stdout);
}

/// Every shell example of the README (a line `$ COMMAND` in a code block,
/// the lines under it its output) prints what the README says, run through
/// the real binary: the `deal | solve` example went stale when `deal`
/// became the difficulty dealer and nothing noticed.
#[cfg(unix)]
#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let readme = include_str!("../README.md");
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_lianliankan"),
        bin.path().join("lianliankan"),
    )
    .unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let data = tempfile::tempdir().unwrap();
    let mut examples = 0;
    for block in readme.split("```").skip(1).step_by(2) {
        let mut lines = block.lines().skip(1).peekable();
        while let Some(line) = lines.next() {
            let Some(command) = line.strip_prefix("$ ") else {
                continue;
            };
            let mut expected = String::new();
            while let Some(out) = lines.next_if(|l| !l.starts_with("$ ")) {
                expected.push_str(out);
                expected.push('\n');
            }
            let command = command.replace("cargo run --release -- ", "lianliankan ");
            let out = std::process::Command::new("sh")
                .args(["-c", &command])
                .env("PATH", &path)
                .env("LIANLIANKAN_DATA_DIR", data.path())
                .output()
                .unwrap();
            assert_eq!(text(&out.stdout), expected, "$ {command}");
            examples += 1;
        }
    }
    assert!(examples >= 2, "found {examples} examples in the README");
}

/// Found by the batch run (batch37): `lianliankan check -`, as `cat`,
/// `sort` or `diff` take `-`, looked for a file named `-` ("cannot read
/// -: No such file or directory"). A `-` is standard input.
#[test]
fn a_dash_reads_standard_input() {
    let board = "2 4\nABBA\nCDDC\n";
    let solved = run(&["solve", "-"], board);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout).lines().count(), 4);
    let queries = "1 2\n1 1\n1\n1 1 1 2\n";
    let checked = run(&["check", "-"], queries);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert_eq!(text(&checked.stdout), "YES\n");
}
