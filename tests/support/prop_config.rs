//! One proptest set-up for every property test, unit and integration alike.
//!
//! By default the cases come from a fixed seed, so `cargo test` (and CI) runs
//! the same cases every time and cannot flip on a commit that changed
//! nothing. `LIANLIANKAN_EXPLORE=N` runs N times as many cases from a fresh
//! random seed, for a long exploration by hand (see the README's Testing
//! section). Failures found either way are kept beside the test's source file
//! (`<file>.proptest-regressions`) and run first next time.

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// The seed of the fixed cases.
const SEED: u64 = 0x6c69_616e_6c69_616e;

/// The environment variable that asks for an exploration run.
const EXPLORE: &str = "LIANLIANKAN_EXPLORE";

/// The proptest configuration of a property test that runs `cases` cases in
/// an ordinary run.
pub fn prop_config(cases: u32) -> Config {
    let factor = std::env::var(EXPLORE)
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|&n| n > 0);
    Config {
        cases: factor.map_or(cases, |n| cases.saturating_mul(n)),
        rng_seed: match factor {
            Some(_) => RngSeed::Random,
            None => RngSeed::Fixed(SEED),
        },
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
