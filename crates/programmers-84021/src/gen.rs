//! The seeded generator: random holes and pieces (polyominoes kept one cell apart), chiral
//! traps, repeated shapes, unequal counts, noise grids and packed max-size grids.
//!
//! `generate(seed, spec)` is deterministic: the same seed and spec give the same grids.

use judge_io::Rng;

use super::Grid;

/// What kind of test to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Random holes; the table has turned copies of about two thirds of them plus strangers.
    Random,
    /// The table holds only mirror images (turned) of the holes: chiral holes stay empty.
    Mirror,
    /// One shape only: many holes and many pieces of it, in every rotation.
    Same,
    /// Every hole's shape on the table, plus many extra pieces.
    MorePieces,
    /// Only a third of the holes' shapes on the table.
    MoreHoles,
    /// Independent random cells: components of any size and shape, touching allowed.
    Noise,
    /// Holes and pieces packed as densely as the one-cell gap allows (benchmarks).
    Packed,
    /// One giant hole filling about 64% of the board (a comb: full even rows, a spine down
    /// the first column, and 29% of the odd rows' other cells); the table's one piece is
    /// that hole turned, when the table's size allows, else a comb of its own (benchmarks).
    Giant,
}

impl Mode {
    /// Every mode with its command-line name.
    pub const ALL: [(&'static str, Mode); 8] = [
        ("random", Mode::Random),
        ("mirror", Mode::Mirror),
        ("same", Mode::Same),
        ("more-pieces", Mode::MorePieces),
        ("more-holes", Mode::MoreHoles),
        ("noise", Mode::Noise),
        ("packed", Mode::Packed),
        ("giant", Mode::Giant),
    ];

    /// The mode called `name` on the command line.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.iter().find(|m| m.0 == name).map(|m| m.1)
    }
}

/// What to generate: the mode, each grid's `(height, width)`, the largest shape size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The kind of test.
    pub mode: Mode,
    /// `game_board`'s `(height, width)`.
    pub board: (usize, usize),
    /// `table`'s `(height, width)`.
    pub table: (usize, usize),
    /// Shapes have 1 to `max_cells` cells (the judge's limit is 6).
    pub max_cells: usize,
}

/// A shape: its cells as `(y, x)`, normalised so the smallest row and column are 0.
type Shape = Vec<(i64, i64)>;

/// `shape` moved so its smallest row and column are 0, cells sorted.
fn normalised(mut shape: Shape) -> Shape {
    let min_y = shape.iter().map(|c| c.0).min().unwrap_or(0);
    let min_x = shape.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut shape {
        cell.0 -= min_y;
        cell.1 -= min_x;
    }
    shape.sort_unstable();
    shape
}

/// `shape` turned by `turns` quarter turns.
fn turned(shape: &[(i64, i64)], turns: u64) -> Shape {
    let mut cells = shape.to_vec();
    for _ in 0..turns % 4 {
        cells = cells.iter().map(|&(y, x)| (x, -y)).collect();
    }
    normalised(cells)
}

/// `shape` mirrored left to right.
fn mirrored(shape: &[(i64, i64)]) -> Shape {
    normalised(shape.iter().map(|&(y, x)| (y, -x)).collect())
}

/// A random polyomino of `size` cells, grown one random neighbour at a time.
fn polyomino(rng: &mut Rng, size: usize) -> Shape {
    let mut cells: Shape = vec![(0, 0)];
    while cells.len() < size {
        let (y, x) = cells[rng.index(cells.len())];
        let next = match rng.below(4) {
            0 => (y - 1, x),
            1 => (y + 1, x),
            2 => (y, x - 1),
            _ => (y, x + 1),
        };
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    normalised(cells)
}

/// A grid being filled with shapes that never touch (no two shapes 4-adjacent).
struct Canvas {
    height: usize,
    width: usize,
    taken: Vec<bool>,
}

impl Canvas {
    fn new((height, width): (usize, usize)) -> Canvas {
        Canvas { height, width, taken: vec![false; height * width] }
    }

    /// Whether `(y, x)` is inside and taken.
    fn is_taken(&self, y: i64, x: i64) -> bool {
        y >= 0
            && x >= 0
            && (y as usize) < self.height
            && (x as usize) < self.width
            && self.taken[y as usize * self.width + x as usize]
    }

    /// Puts `shape` with its corner at `(top, left)` if it fits inside, on free cells none of
    /// which touches a taken cell; true if placed.
    fn place(&mut self, shape: &[(i64, i64)], top: usize, left: usize) -> bool {
        let (top, left) = (top as i64, left as i64);
        let fits = shape.iter().all(|&(dy, dx)| {
            let (y, x) = (top + dy, left + dx);
            y < self.height as i64
                && x < self.width as i64
                && !self.is_taken(y, x)
                && !self.is_taken(y - 1, x)
                && !self.is_taken(y + 1, x)
                && !self.is_taken(y, x - 1)
                && !self.is_taken(y, x + 1)
        });
        if fits {
            for &(dy, dx) in shape {
                self.taken[(top + dy) as usize * self.width + (left + dx) as usize] = true;
            }
        }
        fits
    }

    /// Tries `shape` at up to `tries` random corners; true if placed.
    fn place_somewhere(&mut self, rng: &mut Rng, shape: &[(i64, i64)], tries: usize) -> bool {
        if self.height == 0 || self.width == 0 {
            return false;
        }
        (0..tries).any(|_| {
            let top = rng.index(self.height);
            let left = rng.index(self.width);
            self.place(shape, top, left)
        })
    }

    /// The taken cells as a grid: 1 where taken if `taken_is_one`, else 0 there.
    fn into_grid(self, taken_is_one: bool) -> Grid {
        let cells = self.taken.iter().map(|&t| t == taken_is_one).collect();
        Grid::new(self.height, self.width, cells)
    }
}

/// A random polyomino of 1 to `max_cells` cells.
fn random_shape(rng: &mut Rng, max_cells: usize) -> Shape {
    let size = rng.range(1, max_cells.max(1) as u64) as usize;
    polyomino(rng, size)
}

/// A grid of independent cells, each a 1 with probability `percent / 100`.
fn noise(rng: &mut Rng, (height, width): (usize, usize), percent: u64) -> Grid {
    let cells = (0..height * width).map(|_| rng.chance(percent, 100)).collect();
    Grid::new(height, width, cells)
}

/// The cells of a comb in a `height x width` box, row-major: every even row, the first
/// column, and each other cell of an odd row with probability `percent / 100`. One
/// 4-connected component.
fn comb(rng: &mut Rng, (height, width): (usize, usize), percent: u64) -> Vec<bool> {
    let mut cells = Vec::with_capacity(height * width);
    for y in 0..height {
        for x in 0..width {
            cells.push(y % 2 == 0 || x == 0 || rng.chance(percent, 100));
        }
    }
    cells
}

/// The percentage of an odd row's cells in a giant comb: about 64% of the box in all.
const GIANT_ODD_ROW_PERCENT: u64 = 29;

/// Fills `canvas` densely: a shape from `next_shape` tried at every corner in row-major order.
fn pack<F: FnMut(&mut Rng) -> Shape>(rng: &mut Rng, canvas: &mut Canvas, mut next_shape: F) {
    let mut shape = next_shape(rng);
    for top in 0..canvas.height {
        for left in 0..canvas.width {
            if canvas.place(&shape, top, left) {
                shape = next_shape(rng);
            }
        }
    }
}

/// Generates `(game_board, table)` for `spec` from `seed`.
pub fn generate(seed: u64, spec: &Spec) -> (Grid, Grid) {
    let mut rng = Rng::new(seed);
    let max_cells = spec.max_cells.max(1);
    if spec.mode == Mode::Noise {
        let board_percent = rng.range(20, 80);
        let table_percent = rng.range(20, 80);
        let board = noise(&mut rng, spec.board, board_percent);
        let table = noise(&mut rng, spec.table, table_percent);
        return (board, table);
    }
    if spec.mode == Mode::Giant {
        let hole = comb(&mut rng, spec.board, GIANT_ODD_ROW_PERCENT);
        let (h, w) = spec.board;
        // A random number of quarter turns, one more if that makes the table's size.
        let mut turns = rng.below(4);
        let turned_size = |turns: u64| if turns % 2 == 0 { (h, w) } else { (w, h) };
        if turned_size(turns) != spec.table {
            turns += 1;
        }
        let piece = if turned_size(turns) == spec.table {
            // Local cell (y, x) turned a quarter clockwise goes to (x, h - 1 - y).
            let mut cells = hole.clone();
            let (mut th, mut tw) = (h, w);
            for _ in 0..turns {
                let mut next = vec![false; th * tw];
                for y in 0..th {
                    for x in 0..tw {
                        next[x * th + (th - 1 - y)] = cells[y * tw + x];
                    }
                }
                cells = next;
                std::mem::swap(&mut th, &mut tw);
            }
            cells
        } else {
            comb(&mut rng, spec.table, GIANT_ODD_ROW_PERCENT)
        };
        let board = Grid::new(h, w, hole.iter().map(|&c| !c).collect());
        return (board, Grid::new(spec.table.0, spec.table.1, piece));
    }
    let mut board = Canvas::new(spec.board);
    let mut table = Canvas::new(spec.table);
    if spec.mode == Mode::Packed {
        let mut holes: Vec<Shape> = Vec::new();
        pack(&mut rng, &mut board, |rng| {
            let shape = random_shape(rng, max_cells);
            holes.push(shape.clone());
            shape
        });
        // Mostly turned copies of holes, so the answer is large; some strangers.
        pack(&mut rng, &mut table, |rng| {
            if !holes.is_empty() && rng.chance(4, 5) {
                let turns = rng.below(4);
                turned(&holes[rng.index(holes.len())], turns)
            } else {
                random_shape(rng, max_cells)
            }
        });
        return (board.into_grid(false), table.into_grid(true));
    }
    let area = spec.board.0 * spec.board.1;
    let common = random_shape(&mut rng, max_cells);
    let mut holes: Vec<Shape> = Vec::new();
    // Roughly one attempt per eight cells leaves a board neither empty nor full.
    for _ in 0..area / 8 + 1 {
        let shape = if spec.mode == Mode::Same {
            turned(&common, rng.below(4))
        } else {
            random_shape(&mut rng, max_cells)
        };
        if board.place_somewhere(&mut rng, &shape, 4) {
            holes.push(shape);
        }
    }
    let mut pieces: Vec<Shape> = Vec::new();
    let extra = |rng: &mut Rng, pieces: &mut Vec<Shape>, count: usize| {
        for _ in 0..count {
            pieces.push(random_shape(rng, max_cells));
        }
    };
    match spec.mode {
        Mode::Random => {
            for hole in &holes {
                if rng.chance(2, 3) {
                    pieces.push(hole.clone());
                }
            }
            extra(&mut rng, &mut pieces, holes.len() / 3 + 1);
        }
        Mode::Mirror => pieces.extend(holes.iter().map(|hole| mirrored(hole))),
        Mode::Same => {
            let count = rng.range(0, 2 * holes.len() as u64 + 2);
            pieces.extend((0..count).map(|_| common.clone()));
        }
        Mode::MorePieces => {
            pieces.extend(holes.iter().cloned());
            pieces.extend(holes.iter().cloned());
            extra(&mut rng, &mut pieces, holes.len() + 1);
        }
        Mode::MoreHoles => {
            pieces.extend(holes.iter().filter(|_| rng.chance(1, 3)).cloned());
        }
        Mode::Noise | Mode::Packed | Mode::Giant => unreachable!("handled above"),
    }
    rng.shuffle(&mut pieces);
    for piece in &pieces {
        let turns = rng.below(4);
        table.place_somewhere(&mut rng, &turned(piece, turns), 8);
    }
    (board.into_grid(false), table.into_grid(true))
}

/// The input file for `(game_board, table)`: the two literals, one per line.
pub fn render(game_board: &Grid, table: &Grid) -> Vec<u8> {
    let mut out = Vec::new();
    game_board.write_literal(&mut out);
    out.push(b'\n');
    table.write_literal(&mut out);
    out.push(b'\n');
    out
}

/// The usage line of the generator program.
pub const USAGE: &str =
    "usage: programmers-84021-gen SEED MODE [--size N | --board HxW --table HxW] \
     [--max-cells K]  (MODE: random, mirror, same, more-pieces, more-holes, noise, packed, giant)";

/// Reads `SEED MODE [options]` (the program's arguments without its name).
///
/// Without sizes, both grids are N x N with N from the seed in 3..=50 (the judge's range);
/// `packed` and `giant` default to 3000 x 3000. `--max-cells` defaults to 6.
///
/// # Errors
/// A message naming the bad argument.
pub fn parse_args(args: &[String]) -> Result<(u64, Spec), String> {
    if args.len() < 2 {
        return Err(String::from(USAGE));
    }
    let seed: u64 = args[0]
        .parse()
        .map_err(|_| format!("SEED must be a non-negative integer, got {:?}", args[0]))?;
    let mode = Mode::from_name(&args[1])
        .ok_or_else(|| format!("unknown MODE {:?}; {}", args[1], USAGE))?;
    let default_side = if mode == Mode::Packed || mode == Mode::Giant {
        3000
    } else {
        Rng::new(seed ^ 0x5eed).range(3, 50) as usize
    };
    let mut spec = Spec {
        mode,
        board: (default_side, default_side),
        table: (default_side, default_side),
        max_cells: 6,
    };
    let number = |text: &str, what: &str| -> Result<usize, String> {
        match text.parse::<usize>() {
            Ok(n) if (1..=100_000).contains(&n) => Ok(n),
            _ => Err(format!("{} must be in 1..=100000, got {:?}", what, text)),
        }
    };
    let dims = |text: &str, what: &str| -> Result<(usize, usize), String> {
        match text.split_once('x') {
            Some((h, w)) => Ok((number(h, what)?, number(w, what)?)),
            None => Err(format!("{} must look like HxW, got {:?}", what, text)),
        }
    };
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{} needs a value", flag))?;
        match flag.as_str() {
            "--size" => {
                let n = number(value, "--size")?;
                spec.board = (n, n);
                spec.table = (n, n);
            }
            "--board" => spec.board = dims(value, "--board")?,
            "--table" => spec.table = dims(value, "--table")?,
            "--max-cells" => spec.max_cells = number(value, "--max-cells")?,
            _ => return Err(format!("unknown option {:?}; {}", flag, USAGE)),
        }
    }
    let cells = |(h, w): (usize, usize)| h * w;
    if cells(spec.board) > 25_000_000 || cells(spec.table) > 25_000_000 {
        return Err(String::from("a grid may have at most 25,000,000 cells"));
    }
    Ok((seed, spec))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn same_args_same_grids_and_sizes_hold() {
        let (seed, spec) = parse_args(&args("7 random --board 5x9 --table 12x3")).expect("ok");
        let a = generate(seed, &spec);
        assert_eq!(a, generate(seed, &spec));
        assert_eq!((a.0.height(), a.0.width()), (5, 9));
        assert_eq!((a.1.height(), a.1.width()), (12, 3));
        let (_, judge) = parse_args(&args("3 mirror")).expect("ok");
        assert!((3..=50).contains(&judge.board.0));
        assert_eq!(judge.board, judge.table);
    }

    #[test]
    fn bad_args_are_named() {
        assert!(parse_args(&args("x random")).is_err());
        assert!(parse_args(&args("1 sideways")).unwrap_err().contains("sideways"));
        assert!(parse_args(&args("1 random --size")).is_err());
        assert!(parse_args(&args("1 random --board 3")).is_err());
        assert!(parse_args(&args("1 random --size 0")).is_err());
        assert!(parse_args(&args("1")).is_err());
    }

    #[test]
    fn shapes_never_touch() {
        let spec = Spec { mode: Mode::Packed, board: (40, 40), table: (30, 50), max_cells: 6 };
        let (board, table) = generate(5, &spec);
        let mut sizes = Vec::new();
        crate::for_each_component(&board, false, |c| sizes.push(c.len()));
        crate::for_each_component(&table, true, |c| sizes.push(c.len()));
        assert!(sizes.len() > 100);
        assert!(sizes.iter().all(|&s| (1..=6).contains(&s)), "{:?}", sizes);
    }

    #[test]
    fn giant_is_one_component_and_its_piece_fits() {
        for (seed, board, table) in
            [(1, (40, 30), (30, 40)), (2, (25, 25), (25, 25)), (3, (9, 7), (5, 5))]
        {
            let spec = Spec { mode: Mode::Giant, board, table, max_cells: 6 };
            let (board, table) = generate(seed, &spec);
            let (mut holes, mut pieces) = (Vec::new(), Vec::new());
            crate::for_each_component(&board, false, |c| holes.push(c.len()));
            crate::for_each_component(&table, true, |c| pieces.push(c.len()));
            assert_eq!((holes.len(), pieces.len()), (1, 1));
            let cells = board.height() * board.width();
            assert!(holes[0] * 100 > cells * 50 && holes[0] * 100 < cells * 85, "{:?}", holes);
            let fits = spec.board == spec.table || spec.board == (spec.table.1, spec.table.0);
            let filled = crate::solve(&board, &table).filled;
            assert_eq!(filled, if fits { holes[0] as u64 } else { 0 });
        }
    }

    #[test]
    fn mirror_is_chiral_and_turns_are_rotations() {
        let s: Shape = vec![(0, 1), (0, 2), (1, 0), (1, 1)];
        assert_eq!(turned(&s, 4), s);
        assert_ne!(mirrored(&s), s);
        assert!((0..4).all(|t| turned(&mirrored(&s), t) != s));
    }
}
