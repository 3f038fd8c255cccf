//! The solver in the game: the rules and gravity every search and deal
//! respects, the smart hint, the check after each match that the board can
//! still be cleared, and the next move of a demo.
//!
//! Every search has a short time budget so the screen never waits long; when
//! the solver does not answer in time the hint falls back to any legal move
//! and the check says nothing.

use std::time::Duration;

use super::{Config, Game, Mode, RULES};
use crate::core::grid::Point;
use crate::solve::solver::{self, SolveConfig};

/// How long the smart hint (and each demo move) may search.
pub const HINT_BUDGET: Duration = Duration::from_millis(100);

/// How long the check after each match may search before it gives up silently.
pub const CHECK_BUDGET: Duration = Duration::from_millis(25);

impl Config {
    /// What the solver and the dealer must respect in a game of these
    /// settings, searching for at most `budget`: classic rules (two turns,
    /// open border) and the fixed gravity variant, or for a run of levels
    /// the first level's.
    pub fn solve_config(&self, budget: Duration) -> SolveConfig {
        SolveConfig {
            rules: RULES,
            gravity: self.mode.gravity_of(0),
            budget,
        }
    }
}

impl Game {
    /// These settings with the gravity of the level being played fixed: what
    /// deals and reshuffles on this level respect.
    pub(super) fn level_config(&self) -> Config {
        Config {
            mode: Mode::Single(self.level.gravity),
            ..self.config
        }
    }

    /// What the solver must respect on the level being played, searching
    /// for at most `budget`: the rules and the level's gravity variant.
    pub fn solve_config(&self, budget: Duration) -> SolveConfig {
        self.level_config().solve_config(budget)
    }

    /// The solver's hint within [`HINT_BUDGET`]; on a board proved lost
    /// already, any legal move, with no search.
    pub(super) fn smart_hint(&self) -> solver::Hint {
        let config = self.solve_config(HINT_BUDGET);
        if self.unwinnable {
            return solver::Hint {
                mv: solver::available_moves(&self.board, config.rules)
                    .first()
                    .copied(),
                lost: true,
            };
        }
        solver::hint(&self.board, &config)
    }

    /// A move that keeps the board winnable (the first move of a solution),
    /// or any legal move when the solver does not answer within
    /// [`HINT_BUDGET`] or the board is lost; `None` in deadlock.
    pub fn suggest(&self) -> Option<(Point, Point)> {
        self.smart_hint().mv.map(|m| (m.a, m.b))
    }

    /// Whether the solver proves, within [`CHECK_BUDGET`], that the board can
    /// no longer be cleared. An empty board or an undecided search is not lost.
    pub(super) fn proved_unwinnable(&self) -> bool {
        self.board.tile_count() > 0
            && solver::is_winnable(&self.board, &self.solve_config(CHECK_BUDGET)) == Some(false)
    }
}
