//! Deals of a chosen difficulty, measured by simulated players, each with
//! the moves that win it as proof.
//!
//! Like the plain dealer of [`crate::solve::deal`], this one plays a game
//! forward on tiles that have no kind yet and only then hands out the kinds,
//! two tiles removed together getting the same kind; so the moves played win
//! the board whatever kinds the pairs get. Two things set the difficulty:
//!
//! - the forward game's taste in pairs. Easy deals favour two tiles side by
//!   side along the line gravity packs (any neighbours without gravity): the
//!   pair goes without disturbing the rest, and a wrong pairing is rarely
//!   fatal. Normal and hard deals favour pairs that start far apart, so
//!   copies of a kind end up in different corners of the board and are
//!   easily paired the wrong way.
//! - which pairs share a kind. Each kind covers two (or more) pairs of the
//!   forward game; swapping the kinds of two pairs keeps the proof and
//!   changes the board. The dealer swaps, keeping a swap when the
//!   [random player](crate::solve::playout::Player::Random) clears the board
//!   no more often (hard, or normal above its band) or no less often (normal
//!   below its band), until the share of games it clears falls in the band
//!   of the difficulty or the dealer's work budget is spent.
//!
//! Everything follows from the generator given, so a seed replays a deal.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};

use crate::core::engine::Rules;
use crate::core::gravity::Gravity;
use crate::core::grid::{Board, EMPTY, Point, Tile};
use crate::core::named::by_name;
use crate::solve::deal::{
    DealError, Dealt, EXHAUSTIVE_TILES, Tiles, deal_winnable, every_tile, joins_to, named_by_start,
    pair_kinds, partners, reshuffle_winnable, tiles_to_try,
};
use crate::solve::playout::{Player, play_within};
use crate::solve::solver::Move;

/// How hard a deal is for a player who does not think ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Difficulty {
    /// A random player clears nearly every deal.
    Easy,
    /// A random player clears about half the deals, like a random shuffle
    /// that happens to be winnable.
    #[default]
    Normal,
    /// A random player rarely clears a deal; it takes planning.
    Hard,
}

impl Difficulty {
    /// Every difficulty, the easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The share of games, in hundredths, the random player should clear:
    /// the band the dealer aims for.
    pub fn band(self) -> (u32, u32) {
        match self {
            Difficulty::Easy => (90, 100),
            Difficulty::Normal => (35, 75),
            Difficulty::Hard => (0, 15),
        }
    }
}

by_name! {
    Difficulty, "difficulty",
    /// The name on the command line, in the save file and the score tables.
    {
        Easy => "easy",
        Normal => "normal",
        Hard => "hard",
    }
}

/// The boards whose deals are measured and steered, by their tiles. Above,
/// a playout costs more than a deal may take; below, too few kinds are
/// left for a trap a random player falls into often. Outside the range the
/// forward game's taste alone decides.
pub const MEASURED_TILES: std::ops::RangeInclusive<usize> = 20..=512;

/// Boards with more tiles than this (beyond any game's board) are dealt by
/// the plain dealer of [`crate::solve::deal`], whatever the difficulty:
/// it is built to stay fast on boards of any size.
pub const TASTED_TILES: usize = 2400;

/// How many forward games (each steered or not) a deal may try.
const ATTEMPTS: usize = 200;

/// After this many steered forward games in a row come no closer to the
/// band than the closest so far, the closest is dealt.
const STALE: u32 = 3;

/// After this many forward games in a row end in a dead end, the plain
/// dealer takes over (the rules leave too few joins for a taste).
const DEAD_ENDS: usize = 4;

/// Tiles whose partners each step of the forward game looks at (the
/// partners themselves as the plain dealer picks them: [`partners`]).
const SAMPLED_TILES: usize = 12;

/// What the forward game favours: a pair's weight is `along` for two tiles
/// side by side on the line gravity packs, else its starting distance
/// (in steps) raised to `far`.
#[derive(Debug, Clone, Copy)]
struct Taste {
    along: u64,
    far: u32,
}

/// The forward game's tastes from the hardest deals to the easiest: the
/// random player clears more deals on each rung than on the one before,
/// under every gravity variant, though how many depends on the variant.
const LADDER: [Taste; 6] = [
    Taste { along: 1, far: 3 },
    Taste { along: 1, far: 1 },
    Taste { along: 1, far: 0 },
    Taste { along: 10, far: 0 },
    Taste { along: 100, far: 0 },
    Taste {
        along: 1000,
        far: 0,
    },
];

/// How the dealer measures and steers a deal of one difficulty.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// The rung of [`LADDER`] the first forward game is played on.
    rung: usize,
    /// Playouts per measure.
    games: u32,
    /// Hand-outs of kinds measured on each forward game before the closest
    /// to the band is steered.
    screen: u32,
    /// The band, in games cleared out of `games`, the dealer aims for.
    lo: u32,
    hi: u32,
    /// Below this count the next forward game is played a rung easier
    /// rather than steered up.
    climb_below: u32,
    /// Swaps tried in a row without a gain before the dealer starts over
    /// from a new forward game.
    patience: u32,
    /// Path tests and candidate pairs the playouts may cost in all, per tile
    /// of the board.
    work_per_tile: u64,
}

impl Plan {
    /// The plan for `difficulty` under `gravity` on a board of `rows` x
    /// `cols`. The first rungs come from the example `difficulty_table` on
    /// 8 x 16 boards: the rung whose deals come closest to the band, so
    /// little steering is left to do. A tall board is a wide one turned a
    /// quarter: `down` there plays like `left` on a wide one.
    fn of(difficulty: Difficulty, gravity: Gravity, rows: usize, cols: usize) -> Plan {
        use Gravity::*;
        let turned = match (rows > cols, gravity) {
            (false, g) => g,
            (true, Down) => Left,
            (true, Up) => Right,
            (true, Left) => Down,
            (true, Right) => Up,
            (true, CenterH) => CenterV,
            (true, CenterV) => CenterH,
            (true, None) => None,
        };
        match difficulty {
            // Easy deals are not measured: their taste alone makes them
            // easy enough (see the README's table), and they stay as fast
            // as the plain dealer's.
            Difficulty::Easy => Plan {
                rung: if turned == None { 2 } else { 4 },
                games: 0,
                screen: 0,
                lo: 0,
                hi: 0,
                climb_below: 0,
                patience: 0,
                work_per_tile: 0,
            },
            Difficulty::Normal => Plan {
                rung: match turned {
                    None | CenterV => 0,
                    Down | Up => 1,
                    Left | Right | CenterH => 2,
                },
                games: 20,
                screen: 4,
                lo: 9,
                hi: 13,
                climb_below: 5,
                patience: 40,
                work_per_tile: 40_000,
            },
            Difficulty::Hard => Plan {
                rung: 0,
                games: 40,
                screen: 8,
                lo: 0,
                hi: 3,
                climb_below: 0,
                patience: 60,
                work_per_tile: 400_000,
            },
        }
    }
}

/// Deals a full `rows` x `cols` board of kinds `1..=kinds` of the given
/// `difficulty` that can be cleared under `rules` and `gravity`, with the
/// winning moves. `rng` decides everything.
pub fn deal_at<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    kinds: usize,
    rules: Rules,
    gravity: Gravity,
    difficulty: Difficulty,
    rng: &mut R,
) -> Result<Dealt, DealError> {
    let pairs = pair_kinds(rows, cols, kinds)?;
    let full = Board::from_tiles(rows, cols, vec![1; rows * cols])
        .map_err(|_| DealError::BadSize { rows, cols })?;
    match arrange(&full, pairs, rules, gravity, difficulty, rng) {
        Some(dealt) => Ok(dealt),
        None => deal_winnable(rows, cols, kinds, rules, gravity, rng),
    }
}

/// [`deal_at`] from a seed, with a generator whose sequence is the same on
/// every machine and every release: the `deal` command uses it.
pub fn deal_seeded_at(
    rows: usize,
    cols: usize,
    kinds: usize,
    rules: Rules,
    gravity: Gravity,
    difficulty: Difficulty,
    seed: u64,
) -> Result<Dealt, DealError> {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    deal_at(rows, cols, kinds, rules, gravity, difficulty, &mut rng)
}

/// Moves the kinds among the occupied cells of `board` (the cells stay
/// occupied) so that it can be cleared under `rules` and `gravity` and is of
/// the given `difficulty`, with the winning moves: the game's reshuffle.
/// `None` when some kind has an odd number of tiles or every attempt failed.
pub fn reshuffle_at<R: Rng + ?Sized>(
    board: &Board,
    rules: Rules,
    gravity: Gravity,
    difficulty: Difficulty,
    rng: &mut R,
) -> Option<Dealt> {
    let tiles = board.sorted_tiles();
    if tiles.chunks(2).any(|c| c.len() != 2 || c[0] != c[1]) {
        return None;
    }
    let pairs: Vec<Tile> = tiles.chunks(2).map(|c| c[0]).collect();
    arrange(board, pairs, rules, gravity, difficulty, rng)
        .or_else(|| reshuffle_winnable(board, rules, gravity, rng))
}

/// A forward game: the moves, and for each the two cells (row-major
/// indices) its tiles started in.
struct Forward {
    moves: Vec<Move>,
    starts: Vec<(usize, usize)>,
}

impl Forward {
    /// The board with pair `i` of the game given kind `kinds[i]`.
    fn board(&self, shape: &Board, kinds: &[Tile]) -> Board {
        let mut tiles = vec![EMPTY; shape.rows() * shape.cols()];
        for (&(a, b), &kind) in self.starts.iter().zip(kinds) {
            tiles[a] = kind;
            tiles[b] = kind;
        }
        Board::from_tiles(shape.rows(), shape.cols(), tiles).expect("the shape's size")
    }
}

/// Deals the kinds of `pairs` (one entry per pair) onto the occupied cells
/// of `shape`, as hard as `difficulty` asks; `None` when the board is too
/// big for a taste or the forward games keep ending in dead ends.
fn arrange<R: Rng + ?Sized>(
    shape: &Board,
    pairs: Vec<Tile>,
    rules: Rules,
    gravity: Gravity,
    difficulty: Difficulty,
    rng: &mut R,
) -> Option<Dealt> {
    let plan = Plan::of(difficulty, gravity, shape.rows(), shape.cols());
    let tiles = shape.tile_count();
    if tiles > TASTED_TILES {
        return None;
    }
    let mut search = Search {
        shape,
        rules,
        gravity,
        plan,
        budget: budget(plan, tiles, shape.rows() * shape.cols()),
        // A reshuffle of a board partly played steers two forward games
        // at most: fewer tiles leave fewer traps to find, and a search over
        // more would often spend its budget in vain (its playouts cost more
        // a move, too, on a sparse board); so it stays about as quick as a
        // deal.
        steered: if tiles < shape.rows() * shape.cols() {
            2
        } else {
            ATTEMPTS
        },
        seed: rng.random(),
        best: None,
    };
    if !MEASURED_TILES.contains(&tiles) {
        // The taste of the plan's first rung decides.
        search.budget = 0;
    }
    search.run(pairs, rng)
}

/// The work the playouts of a search may cost on a board of `tiles` tiles
/// in `cells` cells: the plan's share per tile, scaled down by the square
/// of the share of cells occupied. A reshuffle late in a game has few
/// traps left to find, and its path tests look through more empty cells
/// (a unit of work takes longer): the square keeps it about as quick as a
/// deal, and measured by `difficulty_table` it leaves the random player's
/// share on reshuffled boards where the full budget left it.
fn budget(plan: Plan, tiles: usize, cells: usize) -> u64 {
    let full = plan.work_per_tile.saturating_mul(tiles as u64);
    let (tiles, cells) = (tiles as u64, cells.max(1) as u64);
    full.saturating_mul(tiles).saturating_mul(tiles) / cells.saturating_mul(cells)
}

/// A deal being sought: the board's shape and rules, the plan, what is
/// left of the work budget, and the deal closest to the band so far.
struct Search<'a> {
    shape: &'a Board,
    rules: Rules,
    gravity: Gravity,
    plan: Plan,
    budget: u64,
    /// The first playout seed of the current measures.
    seed: u64,
    /// How many forward games may be steered before the closest so far is
    /// dealt.
    steered: usize,
    /// How far outside the band, the forward game and its kinds.
    best: Option<(u32, Forward, Vec<Tile>)>,
}

impl Search<'_> {
    /// How far `count` lies outside the band.
    fn off(&self, count: u32) -> u32 {
        self.plan
            .lo
            .saturating_sub(count)
            .max(count.saturating_sub(self.plan.hi))
    }

    /// Keeps `game` with `kinds` if it is the closest to the band so far;
    /// whether it was.
    fn keep(&mut self, count: u32, game: Forward, kinds: &[Tile]) -> bool {
        let off = self.off(count);
        let closer = self.best.as_ref().is_none_or(|b| off < b.0);
        if closer {
            self.best = Some((off, game, kinds.to_vec()));
        }
        closer
    }

    /// Deals forward games, climbing the ladder while they come out too
    /// hard; tries a few ways of handing out the kinds on each and steers
    /// the closest to the band by swapping kinds, until one lands in the
    /// band or the budget runs out; then the closest one.
    fn run<R: Rng + ?Sized>(&mut self, mut kinds: Vec<Tile>, rng: &mut R) -> Option<Dealt> {
        let mut rung = self.plan.rung;
        let (mut dead_ends, mut stale, mut steered) = (0, 0, 0);
        for _ in 0..ATTEMPTS {
            let Some(game) = forward(self.shape, self.rules, self.gravity, LADDER[rung], rng)
            else {
                dead_ends += 1;
                if dead_ends >= DEAD_ENDS {
                    break;
                }
                continue;
            };
            dead_ends = 0;
            let mut pick: Option<(u32, Vec<Tile>)> = None;
            for _ in 0..self.plan.screen {
                kinds.shuffle(rng);
                // Above the band, a hand-out worse than the pick so far
                // need not be measured to the end.
                let than = pick
                    .as_ref()
                    .filter(|p| p.0 > self.plan.hi)
                    .map(|p| (p.0, true));
                let Some(now) = self.measure(&game, &kinds, than) else {
                    break;
                };
                if pick.as_ref().is_none_or(|p| self.off(now) < self.off(p.0)) {
                    pick = Some((now, kinds.clone()));
                }
                if self.off(now) == 0 {
                    break;
                }
            }
            let Some((now, mut chosen)) = pick else {
                // Nothing measured: the closest deal so far, else one of
                // the taste alone.
                kinds.shuffle(rng);
                return Some(self.closest(game, &kinds));
            };
            if now < self.plan.climb_below && rung + 1 < LADDER.len() {
                // Too hard: the next forward game is played to an easier taste.
                rung += 1;
                self.keep(now, game, &chosen);
                continue;
            }
            let (now, spent) = self.steer(&game, &mut chosen, now, rng);
            if self.off(now) == 0 {
                return Some(deal_of(self.shape, game, &chosen));
            }
            stale = if self.keep(now, game, &chosen) {
                0
            } else {
                stale + 1
            };
            // A board that small or those rules may never reach the band.
            steered += 1;
            if spent || stale >= STALE || steered >= self.steered {
                break;
            }
        }
        let (_, game, kinds) = self.best.take()?;
        Some(deal_of(self.shape, game, &kinds))
    }

    /// The closest deal to the band found so far, or `game` with `kinds`
    /// if none was measured.
    fn closest(&mut self, game: Forward, kinds: &[Tile]) -> Dealt {
        match self.best.take() {
            Some((_, game, kinds)) => deal_of(self.shape, game, &kinds),
            None => deal_of(self.shape, game, kinds),
        }
    }

    /// How many of the plan's playouts the random player clears on the
    /// board of `game` with `kinds`; stops early once the count is known to
    /// be above `than` (`(count, true)`) or below it (`(count, false)`).
    /// `None` when the budget ran out.
    fn measure(
        &mut self,
        game: &Forward,
        kinds: &[Tile],
        than: Option<(u32, bool)>,
    ) -> Option<u32> {
        let n = self.plan.games;
        if n == 0 || self.budget == 0 {
            return None;
        }
        let board = game.board(self.shape, kinds);
        let (mut won, mut lost) = (0, 0);
        for i in 0..n {
            let seed = self.seed.wrapping_add(i.into());
            let mut g = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let (out, work) = play_within(
                &board,
                self.rules,
                self.gravity,
                Player::Random,
                self.budget,
                &mut g,
            );
            self.budget = self.budget.saturating_sub(work);
            if out?.cleared {
                won += 1;
            } else {
                lost += 1;
            }
            match than {
                Some((limit, true)) if won > limit => return Some(won),
                Some((limit, false)) if lost > n - limit => return Some(won),
                _ => {}
            }
        }
        Some(won)
    }

    /// Swaps the kinds of two pairs of `game` at a time, keeping a swap
    /// when the count of cleared playouts (`now`) moves towards the band
    /// or stays, until the count is in the band (and stays there on fresh
    /// playouts) or `patience` swaps in a row gain nothing (a third of that
    /// before the first gain). Returns the
    /// count reached and whether the budget ran out.
    fn steer<R: Rng + ?Sized>(
        &mut self,
        game: &Forward,
        kinds: &mut [Tile],
        mut now: u32,
        rng: &mut R,
    ) -> (u32, bool) {
        let (mut idle, mut gained) = (0, false);
        loop {
            if self.off(now) == 0 {
                // Fresh playouts, so the band is not reached by luck alone.
                self.seed = self.seed.wrapping_add(self.plan.games.into());
                match self.measure(game, kinds, None) {
                    Some(fresh) if self.off(fresh) == 0 => return (fresh, false),
                    Some(fresh) => now = fresh,
                    None => return (now, true),
                }
            }
            // A deal that no swap has moved yet gets a third of the
            // patience: on a small board no swap may ever move it.
            if idle >= self.plan.patience || (!gained && idle >= self.plan.patience / 3) {
                return (now, false);
            }
            idle += 1;
            let i = rng.random_range(0..kinds.len());
            let j = rng.random_range(0..kinds.len());
            if kinds[i] == kinds[j] {
                continue;
            }
            let down = now > self.plan.hi;
            kinds.swap(i, j);
            let Some(then) = self.measure(game, kinds, Some((now, down))) else {
                kinds.swap(i, j);
                return (now, true);
            };
            let gain = if down { then < now } else { then > now };
            if gain {
                (idle, gained) = (0, true);
            }
            if gain || then == now {
                now = then;
            } else {
                kinds.swap(i, j);
            }
        }
    }
}

/// The deal of `game` with pair `i` given kind `kinds[i]`.
fn deal_of(shape: &Board, game: Forward, kinds: &[Tile]) -> Dealt {
    Dealt {
        board: game.board(shape, kinds),
        solution: game.moves,
    }
}

/// One forward game on the occupied cells of `shape`, picking pairs to the
/// `taste`; `None` on a dead end.
fn forward<R: Rng + ?Sized>(
    shape: &Board,
    rules: Rules,
    gravity: Gravity,
    taste: Taste,
    rng: &mut R,
) -> Option<Forward> {
    let cols = shape.cols();
    let mut sim = named_by_start(shape)?;
    let pairs = shape.tile_count() / 2;
    let mut moves = Vec::with_capacity(pairs);
    let mut starts = Vec::with_capacity(pairs);
    let start_of = |name: Tile| name as usize - 1;
    let mut offers: Vec<(Point, Point, u64)> = Vec::new();
    let mut tiles = Tiles::of(&sim);
    for _ in 0..pairs {
        offers.clear();
        // A sample of the tiles on a big board (see `tiles_to_try`), then
        // every tile if it offered no pair.
        let small = tiles.len() <= EXHAUSTIVE_TILES;
        let mut tried = tiles_to_try(&sim, &tiles, SAMPLED_TILES, rng);
        for sampled in [!small, false] {
            for (count, &p) in tried.iter().enumerate() {
                if count >= SAMPLED_TILES && !offers.is_empty() {
                    break;
                }
                let from = start_of(sim.get(p));
                let joins = joins_to(&sim, p, rules);
                for q in partners(&sim, &tried, &tiles, p, rng) {
                    if q == p || !joins(q) {
                        continue;
                    }
                    let to = start_of(sim.get(q));
                    let weight = if along(gravity, p, q) {
                        taste.along
                    } else {
                        // Along the board's shorter side: pairs from its two
                        // ends leave kinds split across the long middle.
                        let steps = if shape.rows() <= cols {
                            (from / cols).abs_diff(to / cols)
                        } else {
                            (from % cols).abs_diff(to % cols)
                        };
                        let steps = steps + 1;
                        (steps as u64).saturating_pow(taste.far).max(1)
                    };
                    offers.push((p, q, weight));
                }
            }
            if !sampled || !offers.is_empty() {
                break;
            }
            tried = every_tile(&sim, rng);
        }
        let total: u64 = offers.iter().map(|o| o.2).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        let &(a, b, _) = offers.iter().find(|o| {
            if pick < o.2 {
                return true;
            }
            pick -= o.2;
            false
        })?;
        starts.push((start_of(sim.get(a)), start_of(sim.get(b))));
        tiles.remove_pair(&mut sim, a, b, gravity, moves.is_empty());
        moves.push(Move { a, b });
    }
    Some(Forward { moves, starts })
}

/// Whether `p` and `q` are neighbours on a line `gravity` packs (any
/// neighbours without gravity): removing them leaves the rest of the line
/// in order, side by side.
fn along(gravity: Gravity, p: Point, q: Point) -> bool {
    let (dr, dc) = (p.row.abs_diff(q.row), p.col.abs_diff(q.col));
    match gravity {
        Gravity::None => dr + dc == 1,
        Gravity::Down | Gravity::Up | Gravity::CenterV => dc == 0 && dr == 1,
        Gravity::Left | Gravity::Right | Gravity::CenterH => dr == 0 && dc == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bands_rise_with_ease() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse(), Ok(d));
            assert_eq!(d.to_string(), d.name());
        }
        assert_eq!(
            "Hard".parse::<Difficulty>(),
            Err("no difficulty is called \"Hard\"".to_string())
        );
        assert_eq!(Difficulty::default(), Difficulty::Normal);
        let bands = Difficulty::ALL.map(Difficulty::band);
        assert!(bands.windows(2).all(|w| w[0].0 > w[1].0 && w[0].1 > w[1].1));
    }

    #[test]
    fn pairs_along_a_packing_line_are_neighbours_on_it() {
        let p = Point::new;
        assert!(along(Gravity::None, p(1, 1), p(1, 2)));
        assert!(along(Gravity::None, p(1, 1), p(2, 1)));
        assert!(!along(Gravity::None, p(1, 1), p(2, 2)));
        assert!(along(Gravity::Down, p(1, 1), p(2, 1)));
        assert!(!along(Gravity::Down, p(1, 1), p(1, 2)));
        assert!(along(Gravity::CenterH, p(0, 3), p(0, 4)));
        assert!(!along(Gravity::Left, p(0, 3), p(0, 5)));
    }

    /// The plan of a tall board is that of the wide board turned a quarter.
    #[test]
    fn a_tall_board_plans_like_a_turned_wide_one() {
        let rung = |g, rows, cols| Plan::of(Difficulty::Normal, g, rows, cols).rung;
        assert_eq!(rung(Gravity::Down, 16, 8), rung(Gravity::Left, 8, 16));
        assert_eq!(rung(Gravity::CenterH, 16, 8), rung(Gravity::CenterV, 8, 16));
        assert_ne!(rung(Gravity::Down, 8, 16), rung(Gravity::Left, 8, 16));
    }
}
