//! Memory of the batch readers is bounded by the board size the input
//! declares: a header claiming more cells than allowed is an error before any
//! board memory is taken, and a legal header costs at most a few bytes per
//! declared cell even when the rows never come.
//!
//! A counting allocator measures the peak. This file holds a single test so
//! that no other test allocates at the same time.

// A global allocator is an unsafe trait; this one only forwards to `System`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use lianliankan::cli::check::{BatchError, Format, check, read_grid_board};
use lianliankan::cli::scanner::Scanner;
use lianliankan::core::engine::Rules;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::Board;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(now, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes allocated at once while `f` ran, above what was allocated before.
fn peak_during(f: impl FnOnce()) -> usize {
    let before = CURRENT.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    f();
    PEAK.load(Ordering::SeqCst) - before
}

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
}
