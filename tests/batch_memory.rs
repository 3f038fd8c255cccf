//! Memory of the batch readers is bounded by the board size the input
//! declares: a header claiming more cells than allowed is an error before any
//! board memory is taken, and a legal header costs at most a few bytes per
//! declared cell even when the rows never come. Queries allowed more than two
//! turns do not each allocate memory the size of the board.
//!
//! A counting allocator measures the peak and the total. This file holds a single test so
//! that no other test allocates at the same time.

// A global allocator is an unsafe trait; this one only forwards to `System`.
#![allow(unsafe_code)]

use lianliankan::cli::check::{BatchError, Format, check, read_grid_board};
use lianliankan::cli::scanner::Scanner;
use lianliankan::core::engine::{Border, Rules};
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;

#[path = "support/counting.rs"]
mod counting;

use counting::{allocated_during, peak_during};

fn run(input: &[u8], format: Format) -> Result<(), BatchError> {
    check(input, format, Rules::JUDGE, Gravity::None, &mut Vec::new())
}

#[test]
fn memory_is_bounded_by_the_declared_board() {
    // Headers beyond the limits: errors, with next to no memory.
    for header in [
        "1000000 1000000\n",
        "1000000000 1\n",
        "65536 2\n",
        "2001 2000\n",
        "1 4000000\n",
    ] {
        for format in [Format::Hdu, Format::Grid] {
            let peak = peak_during(|| {
                let err = run(header.as_bytes(), format).unwrap_err();
                assert!(matches!(err, BatchError::Input(_)), "{header:?}");
            });
            assert!(peak < 4096, "{header:?} in {format:?}: {peak} bytes");
        }
        let peak = peak_during(|| {
            assert!(read_grid_board(&mut Scanner::new(header.as_bytes())).is_err());
        });
        assert!(peak < 4096, "{header:?}: {peak} bytes");
    }

    // The largest legal boards, declared but never delivered: an error, and
    // memory within a fixed number of bytes per declared cell (tiles are 4
    // bytes, the prefix counts 2 + 2; the grid reader holds its tiles once
    // more while the board is built).
    let per_cell = 16;
    for header in ["2000 2000\n1 2 3\n", "64 62500\n", "62500 64\n"] {
        for format in [Format::Hdu, Format::Grid] {
            let peak = peak_during(|| {
                let err = run(header.as_bytes(), format).unwrap_err();
                assert!(matches!(err, BatchError::Input(_)), "{header:?}");
            });
            assert!(
                peak <= per_cell * Board::MAX_CELLS + 4096,
                "{header:?} in {format:?}: {peak} bytes"
            );
        }
    }

    // A small board costs little, whatever else the input holds.
    let mut input = b"2 2\n1 1\n2 2\n1\n1 1 1 2\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 100_000));
    let peak = peak_during(|| {
        let _ = run(&input, Format::Hdu);
    });
    assert!(peak < 4096, "{peak} bytes");

    // Beyond two turns, a query that no line of two turns answers searches
    // the board; its working memory is kept from one query to the next, so
    // 200 queries allocate about one board's worth, not one each.
    let board = lianliankan::solve::sample_boards::random_board(700, 700, 0.3, 4, 9);
    let mut input = b"700 700\n".to_vec();
    for row in board.tiles().chunks(700) {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        input.extend(row.join(" ").bytes());
        input.push(b'\n');
    }
    let queries = lianliankan::solve::sample_boards::random_queries(&board, 200, 10);
    input.extend(format!("{}\n", queries.len()).bytes());
    for (a, b) in &queries {
        let (a, b) = ((a.row + 1, a.col + 1), (b.row + 1, b.col + 1));
        input.extend(format!("{} {} {} {}\n", a.0, a.1, b.0, b.1).bytes());
    }
    let three = Rules {
        max_turns: 3,
        border: Border::Open,
    };
    let mut out = Vec::new();
    let total = allocated_during(|| {
        check(&input, Format::Hdu, three, Gravity::None, &mut out).unwrap();
    });
    let cells = 702 * 702;
    // The board (8 bytes a cell), the labels (8), the cells labelled (4 each
    // time the list grows).
    assert!(total < 48 * cells, "{total} bytes for 200 queries");
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 200);
}
