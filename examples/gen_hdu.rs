//! Writes an HDU 1175 input of random boards to stdout, for timing `check`:
//! `cargo run --release --example gen_hdu -- --cases 3 --rows 1000 --cols 999 --queries 49 > big.txt`

use std::io::Write;

use clap::Parser;

/// Generator options.
#[derive(Parser)]
struct Options {
    /// How many boards (cases) the input holds.
    #[arg(long, default_value_t = 3)]
    cases: usize,
    /// Rows of each board.
    #[arg(long, default_value_t = 1000)]
    rows: usize,
    /// Columns of each board.
    #[arg(long, default_value_t = 999)]
    cols: usize,
    /// Queries after each board.
    #[arg(long, default_value_t = 49)]
    queries: usize,
    /// Seed of the boards and queries: the same seed writes the same input.
    #[arg(long, default_value_t = 1175)]
    seed: u64,
}

fn main() -> std::io::Result<()> {
    let o = Options::parse();
    match lianliankan::solve::sample_boards::hdu_input(o.cases, o.rows, o.cols, o.queries, o.seed) {
        Ok(input) => std::io::stdout().lock().write_all(&input),
        Err(e) => {
            eprintln!("gen_hdu: {e}");
            std::process::exit(2);
        }
    }
}
