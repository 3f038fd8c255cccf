//! Scratch: does a monotone relaxation prove boards lost at the root?
use std::time::Instant;

use lianliankan::core::engine::Border;
use lianliankan::core::gravity::Gravity;
use lianliankan::core::grid::{Board, EMPTY, Point};
use lianliankan::core::masks::EmptyMasks;
use lianliankan::solve::deal::pair_kinds;
use rand::SeedableRng;
use rand::seq::SliceRandom;

fn random_board(rows: usize, cols: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut tiles: Vec<u32> = pair_kinds(rows, cols, kinds).unwrap().into_iter().flat_map(|k| [k, k]).collect();
    tiles.shuffle(&mut rng);
    Board::from_tiles(rows, cols, tiles).unwrap()
}

/// Returns how many tiles are never removable in the relaxation.
fn relax(board: &Board, gravity: Gravity) -> usize {
    let (rows, cols) = (board.rows(), board.cols());
    // tiles: (cell, kind); lines of tile indices in pack order with line cells.
    let mut tiles: Vec<(Point, u32)> = Vec::new();
    let mut tile_at = vec![usize::MAX; rows * cols];
    for p in board.points() {
        if !board.is_empty_at(p) {
            tile_at[p.row as usize * cols + p.col as usize] = tiles.len();
            tiles.push((p, board.get(p)));
        }
    }
    let n = tiles.len();
    // line membership
    let mut lines: Vec<(Vec<Point>, Vec<usize>)> = Vec::new(); // cells, tiles in order
    let mut line_of = vec![(usize::MAX, 0usize); n];
    let mut seen = vec![false; rows * cols];
    for p in board.points() {
        let i = p.row as usize * cols + p.col as usize;
        if seen[i] { continue; }
        if let Some(line) = gravity.line(rows, cols, p) {
            let cells: Vec<Point> = (0..line.len).map(|k| line.cell(k)).collect();
            let mut ts = Vec::new();
            for &c in &cells {
                seen[c.row as usize * cols + c.col as usize] = true;
                let t = tile_at[c.row as usize * cols + c.col as usize];
                if t != usize::MAX { line_of[t] = (lines.len(), ts.len()); ts.push(t); }
            }
            lines.push((cells, ts));
        }
    }
    let mut removed = vec![false; n];
    loop {
        // possibly-empty board
        let mut m = Board::empty(rows, cols).unwrap();
        for (t, &(p, _)) in tiles.iter().enumerate() {
            if gravity == Gravity::None && !removed[t] { m.set(p, 1); }
        }
        if gravity != Gravity::None {
            for (cells, ts) in &lines {
                let h = ts.iter().filter(|&&t| !removed[t]).count();
                for k in 0..h { m.set(cells[k], 1); }
            }
        }
        let masks = EmptyMasks::new(&m, Border::Open).unwrap();
        let snapshot = removed.clone();
        let positions = |t: usize| -> Vec<Point> {
            if gravity == Gravity::None { return vec![tiles[t].0]; }
            let (l, k) = line_of[t];
            let lo = lines[l].1[..k].iter().filter(|&&u| !snapshot[u]).count();
            (lo..=k).map(|j| lines[l].0[j]).collect()
        };
        let mut changed = false;
        for x in 0..n {
            for y in x + 1..n {
                if tiles[x].1 != tiles[y].1 || (removed[x] && removed[y]) { continue; }
                let (px, py) = (positions(x), positions(y));
                let ok = px.iter().any(|&a| py.iter().any(|&b| masks.connects(a, b, 2)));
                if ok { removed[x] = true; removed[y] = true; changed = true; }
            }
        }
        if !changed { break; }
    }
    removed.iter().filter(|&&r| !r).count()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = a[0].parse().unwrap();
    let cols: usize = a[1].parse().unwrap();
    use clap::ValueEnum;
    let gravity = Gravity::from_str(&a[2], true).unwrap();
    for s in &a[3..] {
        let seed: u64 = s.parse().unwrap();
        let b = random_board(rows, cols, 36, seed);
        let t = Instant::now();
        let stuck = relax(&b, gravity);
        println!("{seed}: {stuck} never removable ({:?})", t.elapsed());
    }
    let _ = EMPTY;
}
