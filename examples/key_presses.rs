//! Counts the key presses a keyboard player needs per pair when following
//! the dealer's winning moves, per gravity variant, under three cursors: one
//! cell a key that stops at the edges (the game before wrapping), one cell
//! wrapping round ([`cursor::step`]), and wrapping plus the jump to the next
//! tile ([`cursor::jump`]):
//! `cargo run --release --example key_presses -- [deals] [rows] [cols] [kinds]`.
//!
//! For each pair the cheapest key sequence is found by a breadth-first
//! search over the cursor's cells, taking the pair's two tiles in the
//! cheaper order; a press of Select on each tile counts too. Every sequence
//! is played on a real [`Game`], which must end on the planned cell and
//! clear the pair, so the figures are of keys the game takes. Deal `seed`
//! of a size and variant is the same on every run.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, Point};
use lianliankan::game::{Action, Config, Direction, Game, Mode, RULES, cursor};
use lianliankan::solve::deal::deal_seeded;

const DIRECTIONS: [Direction; 4] = [
    Direction::Up,
    Direction::Down,
    Direction::Left,
    Direction::Right,
];

/// The keys a cursor offers and where each goes from a cell.
#[derive(Clone, Copy)]
enum Scheme {
    /// One cell a key, stopping at the edges: the cursor before wrapping.
    Stop,
    /// One cell a key, wrapping round.
    Wrap,
    /// Wrapping steps and jumps to the next tile.
    Jump,
}

impl Scheme {
    const ALL: [Scheme; 3] = [Scheme::Stop, Scheme::Wrap, Scheme::Jump];

    fn name(self) -> &'static str {
        match self {
            Scheme::Stop => "stop at edges",
            Scheme::Wrap => "wrap",
            Scheme::Jump => "wrap + jump",
        }
    }

    /// Each key of the scheme and the cell it takes the cursor to from `p`.
    fn keys(self, board: &Board, p: Point) -> Vec<(Action, Point)> {
        let mut keys = Vec::new();
        for d in DIRECTIONS {
            let to = match self {
                Scheme::Stop => stop_step(board, p, d),
                Scheme::Wrap | Scheme::Jump => cursor::step(board, p, d),
            };
            keys.push((Action::Move(d), to));
            if let Scheme::Jump = self {
                keys.push((Action::Jump(d), cursor::jump(board, p, d)));
            }
        }
        keys
    }
}

/// One cell towards `d`, stopping at the edge, as the cursor moved before
/// it wrapped. A shortest sequence never presses a key that stays put, so
/// its steps are the same on the wrapping game.
fn stop_step(board: &Board, p: Point, d: Direction) -> Point {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    match d {
        Direction::Up => Point::new((p.row - 1).max(0), p.col),
        Direction::Down => Point::new((p.row + 1).min(rows - 1), p.col),
        Direction::Left => Point::new(p.row, (p.col - 1).max(0)),
        Direction::Right => Point::new(p.row, (p.col + 1).min(cols - 1)),
    }
}

/// The fewest keys of `scheme` that take the cursor from `from` to `to`.
fn route(scheme: Scheme, board: &Board, from: Point, to: Point) -> Vec<Action> {
    let cols = board.cols();
    let index = |p: Point| p.row as usize * cols + p.col as usize;
    let mut came: Vec<Option<(Point, Action)>> = vec![None; board.rows() * cols];
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        if p == to {
            break;
        }
        for (action, q) in scheme.keys(board, p) {
            if q != from && came[index(q)].is_none() {
                came[index(q)] = Some((p, action));
                queue.push_back(q);
            }
        }
    }
    let mut keys = Vec::new();
    let mut at = to;
    while at != from {
        let (before, action) = came[index(at)].expect("every cell is reachable");
        keys.push(action);
        at = before;
    }
    keys.reverse();
    keys
}

/// Key presses a pair took, and which pair of the deal it was.
#[derive(Clone)]
struct PairCost {
    presses: usize,
    /// The pair's place in the deal, 0 for the first, 1 for the last.
    progress: f64,
}

/// Plays the winning moves of deal `seed` on a game with `scheme`'s keys;
/// the presses each pair took.
fn play(scheme: Scheme, config: Config, board: &Board, moves: &[(Point, Point)]) -> Vec<PairCost> {
    let mut now = Instant::now();
    let mut game = Game::from_board(board.clone(), config, now);
    let mut costs = Vec::new();
    for (i, &(a, b)) in moves.iter().enumerate() {
        let start = game.cursor();
        let plan = |first, second| {
            let mut keys = route(scheme, game.board(), start, first);
            keys.push(Action::Select);
            keys.extend(route(scheme, game.board(), first, second));
            keys.push(Action::Select);
            keys
        };
        let (ab, ba) = (plan(a, b), plan(b, a));
        let keys = if ba.len() < ab.len() { ba } else { ab };
        let tiles = game.board().tile_count();
        for &key in &keys {
            game.apply(key, now);
        }
        assert_eq!(game.board().tile_count() + 2, tiles, "pair {i} not cleared");
        costs.push(PairCost {
            presses: keys.len(),
            progress: i as f64 / (moves.len() - 1).max(1) as f64,
        });
        // Past the line and the slide, as a player waits for them.
        now += Duration::from_secs(5);
        game.tick(now);
    }
    assert!(game.win().is_some(), "the deal was not won");
    costs
}

/// The mean of `presses` over the pairs `keep` keeps.
fn mean(costs: &[PairCost], keep: impl Fn(f64) -> bool) -> f64 {
    let kept: Vec<usize> = costs
        .iter()
        .filter(|c| keep(c.progress))
        .map(|c| c.presses)
        .collect();
    kept.iter().sum::<usize>() as f64 / kept.len().max(1) as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut next = |default: usize| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let deals = next(50) as u64;
    let rows = next(Config::DEFAULT.rows);
    let cols = next(Config::DEFAULT.cols);
    let kinds = next(Config::DEFAULT.kinds);
    println!(
        "{deals} deals per variant, {rows} x {cols}, {kinds} kinds; key presses per pair \
         (moves plus two Selects), following the dealer's winning moves"
    );
    println!(
        "{:<8} {:<14} {:>9} {:>11} {:>10}",
        "gravity", "cursor", "all pairs", "first half", "last 25%"
    );
    let mut total = vec![Vec::new(); Scheme::ALL.len()];
    for gravity in Gravity::LEVELS {
        let mut costs = vec![Vec::new(); Scheme::ALL.len()];
        for seed in 0..deals {
            let dealt =
                deal_seeded(rows, cols, kinds, RULES, gravity, seed).expect("the sizes deal");
            let moves: Vec<(Point, Point)> = dealt.solution.iter().map(|m| (m.a, m.b)).collect();
            let config = Config {
                rows,
                cols,
                kinds,
                seed,
                mode: Mode::Single(gravity),
                ..Config::DEFAULT
            };
            for (i, scheme) in Scheme::ALL.into_iter().enumerate() {
                costs[i].extend(play(scheme, config, &dealt.board, &moves));
            }
        }
        for (i, scheme) in Scheme::ALL.into_iter().enumerate() {
            println!(
                "{:<8} {:<14} {:>9.2} {:>11.2} {:>10.2}",
                gravity.name(),
                scheme.name(),
                mean(&costs[i], |_| true),
                mean(&costs[i], |p| p < 0.5),
                mean(&costs[i], |p| p >= 0.75),
            );
        }
        for (t, c) in total.iter_mut().zip(costs) {
            t.extend(c);
        }
    }
    for (i, scheme) in Scheme::ALL.into_iter().enumerate() {
        println!(
            "{:<8} {:<14} {:>9.2} {:>11.2} {:>10.2}",
            "all",
            scheme.name(),
            mean(&total[i], |_| true),
            mean(&total[i], |p| p < 0.5),
            mean(&total[i], |p| p >= 0.75),
        );
    }
}
