//! The solution: the board, the signature index and the put rule (see the crate docs).

use std::collections::hash_map::Entry;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use judge_io::FxHashMap;

use super::{inner_neighbor, opposite, partner, rotate, Border, Edge, Piece, Solver};

/// A signature side that has no placed neighbour (edge codes are never 0).
const FREE: Edge = 0;

/// `cells[i] & PLACED != 0`: cell i holds a placed piece whose edges (as placed) are
/// `records[cells[i] & !PLACED]`. Otherwise a non-zero `cells[i]` is a waiting cell (empty,
/// inner, with at least one placed neighbour) whose signature is `records[cells[i]]`, and 0 is
/// an empty cell with no placed neighbour (or a corner, which nothing touches).
const PLACED: u32 = 1 << 31;

/// The non-empty sets of touching sides (bit s: side s touches a placed piece), by size.
const SIDE_SETS_BY_SIZE: [&[u8]; 5] = [
    &[],
    &[0b0001, 0b0010, 0b0100, 0b1000],
    &[0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100],
    &[0b0111, 0b1011, 0b1101, 0b1110],
    &[0b1111],
];

/// What a waiting cell needs on each side: the exact code, or [`FREE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Signature(Piece);

impl Hash for Signature {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Two words, no collisions: the key compares all four codes anyway.
        let [a, b, c, d] = self.0;
        state.write_u64(u64::from(a) | u64::from(b) << 32);
        state.write_u64(u64::from(c) | u64::from(d) << 32);
    }
}

/// The sides of a signature that need a code (bit s: side s).
#[inline]
fn shape(signature: &Piece) -> usize {
    signature
        .iter()
        .enumerate()
        .filter(|&(_, &code)| code != FREE)
        .fold(0, |sides, (s, _)| sides | 1 << s)
}

/// Who needs one code: `cells[side][shape]` waiting cells of that shape (see [`shape`]) need
/// it on `side`, and `shapes[side]` has bit `shape` set exactly when that count is non-zero.
#[derive(Debug, Default, Clone)]
struct Demand {
    cells: [[u32; 16]; 4],
    shapes: [u16; 4],
}

/// The waiting cells that share one signature, by row-major index (so in `(y, x)` order).
/// Most signatures belong to one cell, which is kept inline to save an allocation.
#[derive(Debug)]
enum Bucket {
    One(u32),
    Many(BTreeSet<u32>),
}

impl Bucket {
    /// The smallest cell. O(log B).
    fn first(&self) -> Option<u32> {
        match self {
            Bucket::One(cell) => Some(*cell),
            Bucket::Many(cells) => cells.iter().next().copied(),
        }
    }

    fn insert(&mut self, cell: u32) {
        match self {
            Bucket::One(other) => {
                let cells: BTreeSet<u32> = [*other, cell].iter().copied().collect();
                *self = Bucket::Many(cells);
            }
            Bucket::Many(cells) => {
                cells.insert(cell);
            }
        }
    }

    /// Removes `cell`; true if the bucket is now empty.
    fn remove(&mut self, cell: u32) -> bool {
        match self {
            Bucket::One(other) => {
                debug_assert_eq!(*other, cell, "only a member is removed");
                true
            }
            Bucket::Many(cells) => {
                cells.remove(&cell);
                cells.is_empty()
            }
        }
    }
}

/// The puzzle of one test case: placed pieces, waiting cells, and the signature index.
///
/// # Examples
/// ```
/// use ts_big_puzzle::{Border, Puzzle};
/// let ring: Vec<[u32; 4]> = (0..4).map(|i| [111 + i, 222 + i, 333 + i, 444 + i]).collect();
/// let border = Border { up: ring.clone(), right: ring.clone(), bottom: ring.clone(), left: ring };
/// let mut puzzle = Puzzle::new();
/// puzzle.init(4, 3, &border);
/// // up[0]'s bottom edge is 333, whose partner is 777: a piece with a 777 edge fits (1, 1),
/// // and then also needs the partner of left[0]'s right edge 222, which is 888.
/// assert_eq!(puzzle.put([777, 888, 123, 456]), -1);
/// assert_eq!(puzzle.put([777, 123, 456, 888]), 2);
/// ```
#[derive(Debug, Default)]
pub struct Puzzle {
    n: usize,
    width: usize,
    /// Per board cell (row-major, `y * width + x`): see [`PLACED`].
    cells: Vec<u32>,
    /// Placed pieces' edges and waiting cells' signatures; record 0 is unused.
    records: Vec<Piece>,
    /// The cells set non-zero in this test case, cleared by the next `init`.
    touched: Vec<u32>,
    /// Waiting cells by signature; only non-empty buckets are kept.
    index: FxHashMap<Signature, Bucket>,
    /// For a code, which waiting cells (by side and shape) need it.
    demand: FxHashMap<Edge, Demand>,
    /// Signature lookups made by all puts since `new` (for the benchmark's report).
    lookups: u64,
}

impl Puzzle {
    /// An empty puzzle; call [`Puzzle::init`] before `put`.
    pub fn new() -> Puzzle {
        Puzzle::default()
    }

    /// Starts a test case, reusing the memory of the previous one.
    ///
    /// # Complexity
    /// O(n) plus the cells the previous test case touched.
    pub fn init(&mut self, n: usize, _m: usize, border: &Border) {
        debug_assert!(
            [&border.up, &border.right, &border.bottom, &border.left].iter().all(|s| s.len() == n),
            "the border has n pieces per side"
        );
        for &cell in &self.touched {
            self.cells[cell as usize] = 0;
        }
        self.touched.clear();
        self.records.clear();
        self.records.push([FREE; 4]);
        self.index.clear();
        self.demand.clear();
        self.n = n;
        self.width = n + 2;
        if self.cells.len() < self.width * self.width {
            self.cells.resize(self.width * self.width, 0);
        }
        let last = n + 1;
        for i in 0..n {
            // (x, y) of up[i], right[i], bottom[i], left[i].
            let places = [
                (i + 1, 0, border.up[i]),
                (last, i + 1, border.right[i]),
                (i + 1, last, border.bottom[i]),
                (0, i + 1, border.left[i]),
            ];
            for &(x, y, piece) in places.iter() {
                self.place_border(self.cell(x, y), piece);
            }
        }
        for i in 0..n {
            let places = [(i + 1, 0), (last, i + 1), (i + 1, last), (0, i + 1)];
            for &(x, y) in places.iter() {
                self.announce(self.cell(x, y));
            }
        }
    }

    /// Places `piece` by the rules; returns x + y of its cell or -1 (then nothing changes).
    ///
    /// # Complexity
    /// At most 64 hash lookups and O(log B) per bucket of B cells; see the crate docs.
    pub fn put(&mut self, piece: Piece) -> i32 {
        // wanted_by[j][s] bit S: some waiting cell of shape S needs piece[j] on side s. A
        // signature of shape S can only exist if this holds on every side of S, which rules out
        // most of the 60 lookups before hashing anything.
        let mut wanted_by = [[0u16; 4]; 4];
        for (shapes, edge) in wanted_by.iter_mut().zip(piece.iter()) {
            if let Some(demand) = self.demand.get(edge) {
                *shapes = demand.shapes;
            }
        }
        // usable[k] bit s: rotated by k, the piece shows on side s a code some cell needs there.
        let mut usable = [0u8; 4];
        for (k, mask) in usable.iter_mut().enumerate() {
            for side in 0..4 {
                if wanted_by[(side + 4 - k) % 4][side] != 0 {
                    *mask |= 1 << side;
                }
            }
        }
        for size in (1..=4).rev() {
            // The smallest (y, x) cell among all fits that touch `size` placed pieces.
            let mut best: Option<(u32, usize)> = None;
            for (k, &mask) in usable.iter().enumerate() {
                if mask.count_ones() < size as u32 {
                    continue;
                }
                let shown = rotate(piece, k);
                for &sides in SIDE_SETS_BY_SIZE[size] {
                    if sides & !mask != 0 {
                        continue;
                    }
                    let possible = (0..4).all(|side| {
                        sides & (1 << side) == 0
                            || wanted_by[(side + 4 - k) % 4][side] & (1 << sides) != 0
                    });
                    if !possible {
                        continue;
                    }
                    let mut wanted = [FREE; 4];
                    for side in 0..4 {
                        if sides & (1 << side) != 0 {
                            wanted[side] = shown[side];
                        }
                    }
                    self.lookups += 1;
                    if let Some(bucket) = self.index.get(&Signature(wanted)) {
                        let cell = bucket.first().expect("only non-empty buckets are kept");
                        if best.map_or(true, |(b, _)| cell < b) {
                            best = Some((cell, k));
                        }
                    }
                }
            }
            if let Some((cell, k)) = best {
                let cell = cell as usize;
                self.place(cell, rotate(piece, k));
                return (cell % self.width + cell / self.width) as i32;
            }
        }
        -1
    }

    /// How many signatures all puts since [`Puzzle::new`] have looked up: at most 60 per put
    /// whatever the input, which is the point of the index.
    pub fn lookups(&self) -> u64 {
        self.lookups
    }

    /// The row-major index of (x, y).
    #[inline]
    fn cell(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// Records a border piece (its neighbours are told by [`Puzzle::announce`] afterwards).
    fn place_border(&mut self, cell: usize, piece: Piece) {
        self.records.push(piece);
        self.cells[cell] = PLACED | (self.records.len() - 1) as u32;
        self.touched.push(cell as u32);
    }

    /// Tells the empty inner neighbours of the placed `cell` what they now need from it.
    fn announce(&mut self, cell: usize) {
        let edges = self.records[(self.cells[cell] & !PLACED) as usize];
        for (side, &edge) in edges.iter().enumerate() {
            if let Some(next) = inner_neighbor(self.n, cell, side) {
                if self.cells[next] & PLACED == 0 {
                    self.require(next, opposite(side), partner(edge));
                }
            }
        }
    }

    /// Waiting cell `cell` now needs `code` on `side`: move it to its new signature.
    fn require(&mut self, cell: usize, side: usize, code: Edge) {
        let record = match self.cells[cell] {
            0 => {
                self.records.push([FREE; 4]);
                self.touched.push(cell as u32);
                let record = self.records.len() - 1;
                self.cells[cell] = record as u32;
                record
            }
            record => {
                let record = record as usize;
                self.unindex(cell, record);
                record
            }
        };
        debug_assert_eq!(self.records[record][side], FREE, "a side is required once");
        self.records[record][side] = code;
        let signature = self.records[record];
        match self.index.entry(Signature(signature)) {
            Entry::Occupied(mut bucket) => bucket.get_mut().insert(cell as u32),
            Entry::Vacant(slot) => {
                slot.insert(Bucket::One(cell as u32));
            }
        }
        let cell_shape = shape(&signature);
        for (side, &code) in signature.iter().enumerate() {
            if code != FREE {
                let demand = self.demand.entry(code).or_default();
                demand.cells[side][cell_shape] += 1;
                demand.shapes[side] |= 1 << cell_shape;
            }
        }
    }

    /// Takes waiting `cell` (signature `records[record]`) out of the index.
    fn unindex(&mut self, cell: usize, record: usize) {
        let signature = self.records[record];
        let key = Signature(signature);
        let bucket =
            self.index.get_mut(&key).expect("a waiting cell is indexed under its signature");
        if bucket.remove(cell as u32) {
            self.index.remove(&key);
        }
        let cell_shape = shape(&signature);
        for (side, &code) in signature.iter().enumerate() {
            if code != FREE {
                let demand = self.demand.get_mut(&code).expect("a needed code is counted");
                demand.cells[side][cell_shape] -= 1;
                if demand.cells[side][cell_shape] == 0 {
                    demand.shapes[side] &= !(1 << cell_shape);
                }
            }
        }
    }

    /// Places `edges` (already rotated) on the waiting `cell`.
    fn place(&mut self, cell: usize, edges: Piece) {
        let record = self.cells[cell] as usize;
        debug_assert!(record != 0 && record < PLACED as usize, "only waiting cells take pieces");
        self.unindex(cell, record);
        self.records[record] = edges;
        self.cells[cell] = PLACED | record as u32;
        self.announce(cell);
    }
}

impl Solver for Puzzle {
    fn init(&mut self, n: usize, m: usize, border: &Border) {
        Puzzle::init(self, n, m, border);
    }

    fn put(&mut self, piece: Piece) -> i32 {
        Puzzle::put(self, piece)
    }
}
