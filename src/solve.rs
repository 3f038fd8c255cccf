//! Solving and dealing: searches over whole games, built on [`crate::core`].
//!
//! - [`solver`]: a winning move list, a proof there is none, or "unknown".
//! - [`deal`]: winnable deals and reshuffles with their winning moves.
//! - [`difficulty`]: deals of a chosen difficulty, steered by simulated players.
//! - [`playout`]: simulated players, to measure how hard a deal is.
//! - [`replay`]: independent replay of move lists, to check the solver and the dealer.
//! - [`reference`](mod@reference): a plain search used to check the engine in tests and benchmarks.
//! - [`sample_boards`]: seeded boards and inputs for benchmarks and stress tests.

pub mod deal;
pub mod difficulty;
pub mod playout;
pub mod reference;
pub mod replay;
pub mod sample_boards;
pub mod solver;
