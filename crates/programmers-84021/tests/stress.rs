//! The solver against the brute-force oracle: every pair of grids in small domains, then
//! seeded random cases from every generator mode (`stress_seeded_random_cases`, what
//! `scripts/stress.sh programmers-84021` runs for longer), and a deliberately wrong key that
//! the comparison must catch and the stress engine must shrink.

use judge_io::Rng;
use judge_test::{RunFn, Stress};
use programmers_84021::gen::{self, Mode, Spec};
use programmers_84021::{naive, parse, run, solve, solve_with, Grid, Keyer, Pos};

/// The grid of `height x width` whose cell `i` (row-major) is bit `i` of `mask`.
fn grid_from_mask(height: usize, width: usize, mask: u32) -> Grid {
    let cells = (0..height * width).map(|i| mask >> i & 1 == 1).collect();
    Grid::new(height, width, cells)
}

/// The input text of a case, for failure messages.
fn shown(board: &Grid, table: &Grid) -> String {
    String::from_utf8(gen::render(board, table)).expect("ASCII")
}

/// Every grid of `height x width`.
fn all_grids(height: usize, width: usize) -> Vec<Grid> {
    (0..1u32 << (height * width)).map(|mask| grid_from_mask(height, width, mask)).collect()
}

/// Compares solver and oracle on every board of `boards` against every table of `tables`;
/// returns the number of pairs checked.
fn compare_all(boards: &[Grid], tables: &[Grid]) -> usize {
    for board in boards {
        for table in tables {
            let expected = naive::solve(board, table);
            let got = solve(board, table).filled;
            assert_eq!(got, expected, "exhaustive case:\n{}", shown(board, table));
        }
    }
    boards.len() * tables.len()
}

/// A grid from rows of `0`/`1` characters.
fn grid(rows: &[&str]) -> Grid {
    let cells = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'1')).collect();
    Grid::new(rows.len(), rows[0].len(), cells)
}

#[test]
fn every_small_pair_of_grids() {
    let mut pairs = 0;
    // 3x3 boards hold every tetromino, chiral ones included, as a hole; 2x3 tables hold them
    // as pieces in two of their four orientations, 3x2 tables in the other two.
    pairs += compare_all(&all_grids(3, 3), &all_grids(2, 3));
    pairs += compare_all(&all_grids(3, 3), &all_grids(3, 2));
    pairs += compare_all(&all_grids(2, 2), &all_grids(3, 3));
    // Every 4x4 table (every tetromino and pentomino in every orientation and place, and
    // larger shapes) against a chiral S hole, a chiral L hole and a straight hole.
    let boards =
        [grid(&["1001", "0011", "1111"]), grid(&["101", "101", "001"]), grid(&["1111", "0000"])];
    pairs += compare_all(&boards, &all_grids(4, 4));
    assert_eq!(pairs, 512 * 64 * 2 + 16 * 512 + 3 * 65536);
}

/// A random spec: any mode, each grid's sides independent, mostly 1 to 14 cells (where
/// small shapes collide often) and one time in eight up to 50 (the judge's sizes); shapes of
/// up to 1 to 12 cells.
fn random_spec(rng: &mut Rng) -> Spec {
    let mode = Mode::ALL[rng.index(Mode::ALL.len())].1;
    let largest = if rng.chance(1, 8) { 50 } else { 14 };
    let mut side = || rng.range(1, largest) as usize;
    let board = (side(), side());
    let table = (side(), side());
    Spec { mode, board, table, max_cells: rng.range(1, 12) as usize }
}

/// One random input (see [`random_spec`]).
fn random_input(rng: &mut Rng) -> Vec<u8> {
    let spec = random_spec(rng);
    let (board, table) = gen::generate(rng.next_u64(), &spec);
    gen::render(&board, &table)
}

#[test]
fn stress_seeded_random_cases() {
    Stress::new("programmers-84021", random_input)
        .solver(run)
        .oracle(naive::run)
        .defaults(84021, 4000)
        .run();
}

/// The wrong variant: a key that also allows flipping a piece over (the smaller of the
/// shape's key and its mirror image's key).
fn solve_allowing_mirrors(board: &Grid, table: &Grid) -> u64 {
    let mut keyer = Keyer::new();
    let mut mirror_key = Vec::new();
    let mut mirror: Vec<Pos> = Vec::new();
    solve_with(board, table, |cells, key| {
        keyer.key(cells, key);
        let right = cells.iter().map(|p| p.x).max().unwrap_or(0);
        mirror.clear();
        mirror.extend(cells.iter().map(|p| Pos { y: p.y, x: right - p.x }));
        keyer.key(&mirror, &mut mirror_key);
        if mirror_key < *key {
            std::mem::swap(key, &mut mirror_key);
        }
    })
    .filled
}

#[test]
fn a_key_that_allows_mirrors_is_caught() {
    let mut caught = 0;
    for seed in 0..50 {
        let spec = Spec { mode: Mode::Mirror, board: (10, 10), table: (10, 10), max_cells: 6 };
        let (board, table) = gen::generate(seed, &spec);
        let expected = naive::solve(&board, &table);
        assert_eq!(solve(&board, &table).filled, expected);
        if solve_allowing_mirrors(&board, &table) != expected {
            caught += 1;
        }
    }
    assert!(caught > 25, "the wrong key was caught on only {} of 50 cases", caught);
}

#[test]
fn a_wrong_key_is_caught_and_shrunk() {
    let wrong: RunFn = |input, out| {
        let (board, table) = parse(input)?;
        out.int(solve_allowing_mirrors(&board, &table)).newline();
        Ok(())
    };
    let failure = Stress::new("programmers-84021-wrong", random_input)
        .solver(wrong)
        .oracle(naive::run)
        .defaults(84021, 4000)
        .find()
        .expect("the mirror-allowing key is caught");
    let shrunk = String::from_utf8_lossy(&failure.shrunk);
    println!(
        "programmers-84021 wrong key: {} bytes shrunk to {}:\n{}",
        failure.input.len(),
        failure.shrunk.len(),
        shrunk
    );
    // A chiral tetromino as a hole and its mirror image as a piece: two 2 x 3 (or 3 x 2) grids.
    assert!(failure.shrunk.len() <= 40, "shrunk only to\n{}", shrunk);
}
