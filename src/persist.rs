//! What outlives a run: the data directory and its files.
//!
//! - [`storage`]: the data directory, atomic writes, keeping unreadable files aside.
//! - [`document`]: versioned JSON files on top of `storage`.
//! - [`save`]: the saved form of a game in progress (`game.json`).
//! - [`scores`]: the high-score tables and player names (`scores.json`).
//! - [`settings`]: the player's settings and last new-game choices (`settings.json`).
//! - [`stats`]: games started, won and lost, streaks and times (`stats.json`).
//! - [`session`]: which game a start resumes, and saving it as it is played.

pub mod document;
pub mod save;
pub mod scores;
pub mod session;
pub mod settings;
pub mod stats;
pub mod storage;
