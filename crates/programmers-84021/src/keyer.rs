//! Exact shape keys as sorted cell lists: [`Keyer`] turns a cell set into the smallest of its
//! four rotations' normalised, sorted cell lists.

use super::Pos;

/// The number of quarter turns a piece may make: 0, 90, 180 and 270 degrees.
pub const ROTATIONS: usize = 4;

/// Computes shape keys: two cell sets get the same key iff one is a rotation (by a multiple of
/// 90 degrees) plus a translation of the other. A mirror image gets a different key unless the
/// shape happens to be symmetric.
///
/// The key of one orientation is its cell list translated so the smallest row and column are
/// 0, sorted by `(y, x)` and flattened to `[y0, x0, y1, x1, ...]`; a shape's key is the
/// lexicographically smallest of its four orientations' keys. Keeps its buffers between
/// calls, so keys cost no allocation after the first few.
///
/// Only two sorts are needed, both radix sorts: with the shape in a box of `h x w` and local
/// cells `(y, x)`, the four quarter turns are
/// - 0: `(y, x)` in `(y, x)` order;
/// - 2: `(h-1-y, w-1-x)`, whose order is the reverse of turn 0's;
/// - 1: `(x, h-1-y)`, in order of `x` ascending, then `y` descending;
/// - 3: `(w-1-x, y)`, whose order is the reverse of turn 1's.
#[derive(Debug, Default)]
pub struct Keyer {
    scratch: Vec<u64>,
    by_row: Vec<u64>,
    by_column: Vec<u64>,
    candidate: Vec<u32>,
}

/// The number of bits needed to write `max` (0 for 0).
fn bits(max: u32) -> u32 {
    32 - max.leading_zeros()
}

/// Sorts `values`, each below `2^value_bits`, using `scratch` as room.
///
/// Short lists go to the standard sort; long ones to an LSD radix sort with 8-bit digits,
/// whose 256 buckets stay in cache even when a shape spans thousands of rows (a counting sort
/// with one bucket per row would scatter its writes over the whole list).
///
/// # Complexity
/// O(k * value_bits / 8) for k values, so O(k) as `value_bits <= 64`.
fn radix_sort(values: &mut Vec<u64>, scratch: &mut Vec<u64>, value_bits: u32) {
    const DIGIT_BITS: u32 = 8;
    const DIGITS: usize = 1 << DIGIT_BITS;
    const SHORT: usize = 64;
    if values.len() <= SHORT {
        values.sort_unstable();
        return;
    }
    let mut shift = 0;
    while shift < value_bits {
        let digit = |v: u64| (v >> shift) as usize % DIGITS;
        let mut starts = [0usize; DIGITS + 1];
        for &v in values.iter() {
            starts[digit(v) + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        // starts[d] is now where digit d's values begin; equal digits keep their order.
        scratch.clear();
        scratch.resize(values.len(), 0);
        for &v in values.iter() {
            let slot = &mut starts[digit(v)];
            scratch[*slot] = v;
            *slot += 1;
        }
        std::mem::swap(values, scratch);
        shift += DIGIT_BITS;
    }
}

impl Keyer {
    /// A keyer with empty buffers.
    pub fn new() -> Keyer {
        Keyer::default()
    }

    /// Writes the key of the shape made of `cells` into `key` (replacing its contents).
    ///
    /// # Complexity
    /// O(k) for k cells: two radix sorts of at most 64-bit numbers, and four passes.
    ///
    /// # Panics
    /// If the shape's bounding box is 2^32 or more cells wide or high.
    pub fn key(&mut self, cells: &[Pos], key: &mut Vec<u32>) {
        key.clear();
        if cells.is_empty() {
            return;
        }
        let min_y = cells.iter().map(|p| p.y).min().expect("not empty");
        let min_x = cells.iter().map(|p| p.x).min().expect("not empty");
        let fit = |v: usize| u32::try_from(v).expect("a shape spans fewer than 2^32 rows");
        let h = fit(cells.iter().map(|p| p.y).max().expect("not empty") - min_y + 1);
        let w = fit(cells.iter().map(|p| p.x).max().expect("not empty") - min_x + 1);
        let (y_bits, x_bits) = (bits(h - 1), bits(w - 1));
        // Each local cell (relative to the box's corner) packed into one number whose order
        // is the wanted order: `y` above `x` for turns 0 and 2, `x` above `h-1-y` for 1 and 3.
        self.by_row.clear();
        self.by_column.clear();
        for p in cells {
            let (y, x) = (fit(p.y - min_y) as u64, fit(p.x - min_x) as u64);
            self.by_row.push(y << x_bits | x);
            self.by_column.push(x << y_bits | (h as u64 - 1 - y));
        }
        radix_sort(&mut self.by_row, &mut self.scratch, y_bits + x_bits);
        radix_sort(&mut self.by_column, &mut self.scratch, x_bits + y_bits);
        let low = |v: u64, low_bits: u32| (v & ((1u64 << low_bits) - 1)) as u32;
        let high = |v: u64, low_bits: u32| (v >> low_bits) as u32;
        for turn in 0..ROTATIONS {
            self.candidate.clear();
            let candidate = &mut self.candidate;
            let mut push = |y: u32, x: u32| {
                candidate.push(y);
                candidate.push(x);
            };
            match turn {
                // (y, x)
                0 => self.by_row.iter().for_each(|&v| push(high(v, x_bits), low(v, x_bits))),
                // (x, h-1-y): exactly the packed pair
                1 => self.by_column.iter().for_each(|&v| push(high(v, y_bits), low(v, y_bits))),
                // (h-1-y, w-1-x)
                2 => self
                    .by_row
                    .iter()
                    .rev()
                    .for_each(|&v| push(h - 1 - high(v, x_bits), w - 1 - low(v, x_bits))),
                // (w-1-x, y) where y = h-1-(the low part)
                _ => self
                    .by_column
                    .iter()
                    .rev()
                    .for_each(|&v| push(w - 1 - high(v, y_bits), h - 1 - low(v, y_bits))),
            }
            debug_assert!(
                self.candidate.chunks(2).zip(self.candidate.chunks(2).skip(1)).all(|(a, b)| a < b),
                "turn {} lists its cells in (y, x) order",
                turn
            );
            if turn == 0 || self.candidate < *key {
                std::mem::swap(key, &mut self.candidate);
            }
        }
    }
}
