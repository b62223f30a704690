//! The fast chain simulation: a step looks only at what the previous step changed.
//!
//! # Representation
//! The field stays settled, so each column is a stack: `cells[x * h .. x * h + heights[x]]`
//! are its puyos from the floor up and the rest of the column is `Empty`. A fall is then a
//! `copy_within` inside one column's slice.
//!
//! # Which cells a step examines
//! Step 1 flood-fills every cell. Afterwards, a group that pops must contain two
//! same-coloured cells that are side by side now but were not before the last fall: if all of
//! its adjacencies were old, the same cells were already connected (positions only change by
//! falling) and would already have popped. So after a fall the solver lists the *new*
//! adjacencies and keeps one cell of each same-coloured one as a candidate:
//! - in a column, a cell that landed on a cell it was not on before (one per run of popped
//!   cells);
//! - between neighbouring columns, level `y` where the two columns moved by different amounts
//!   ("shifts") below `y`. Each column that lost puyos records its shift as a few segments
//!   (one per run of popped cells), so the levels to compare are found by merging those
//!   segments, without looking at levels whose relative position did not change.
//!
//! Each candidate's group is flood-filled (iteratively, with a per-step stamp instead of a
//! cleared visited array); groups of at least [`MIN_GROUP`] pop, all at once.
//!
//! # Complexity
//! O(h·w) for reading the field and step 1. Then a step costs O(P + M + E + T log T): P popped
//! cells, M cells moved by the fall (found as runs and moved by `copy_within`, a memmove), E
//! new adjacencies compared (E <= 2M + P: a level where two columns' shifts differ has a
//! moved cell), and T <= P columns that fell (sorted to pair neighbours). A flood fill is
//! either a group that pops, paid by P, or a group of at most three. Nothing is proportional
//! to h·w after step 1: the 1000 x 1000 wells of `gen` (199 999 steps, every step moving
//! about 800 puyos) take about 0.2 s, where rescanning would take hours.
//! Memory: the cells (one byte each), a `u32` stamp per cell, two words per column, buffers
//! of size O(P + E).

use super::field::{Cell, Field, Pos, MIN_GROUP};

/// The number of chain steps from `field` until nothing pops, simulated incrementally as the
/// module docs of `chain.rs` describe: a step examines only the puyos whose neighbours
/// changed.
///
/// # Complexity
/// See the module docs: O(h·w) plus, per step, the cells popped, moved and newly adjacent.
///
/// # Examples
/// ```
/// let field = boj_11559::parse(b"R.\nRR\nRG\n").unwrap();
/// assert_eq!(boj_11559::solve(field), 1);
/// ```
pub fn solve(field: Field) -> u64 {
    simulate::<true>(field)
}

/// The simulation; `HORIZONTAL = false` is the deliberately wrong variant that ignores new
/// side-by-side contacts (the stress tests must catch it).
fn simulate<const HORIZONTAL: bool>(field: Field) -> u64 {
    let mut chain = Chain::new(field);
    let mut steps = 0;
    if chain.pop_groups(true) {
        loop {
            steps += 1;
            chain.fall();
            chain.collect_candidates(HORIZONTAL);
            if !chain.pop_groups(false) {
                break;
            }
        }
    }
    steps
}

/// Where a column's shift changes: from level `start` (after the fall) upward, the column's
/// puyos fell by `shift`, until the next segment or the column's top.
#[derive(Debug, Clone, Copy)]
struct Segment {
    start: usize,
    shift: usize,
}

/// A column that lost puyos in the current step, and its shift segments.
#[derive(Debug, Clone, Copy)]
struct Fallen {
    x: usize,
    /// `segments[first..end]` of the simulation, in increasing `start`.
    first: usize,
    end: usize,
}

struct Chain {
    width: usize,
    height: usize,
    /// Column-major, floor-up cells (see the module docs).
    cells: Vec<Cell>,
    /// The number of puyos in each column.
    heights: Vec<usize>,
    /// `stamp[i] == current`: cell `i` was already reached by a flood fill this step.
    stamp: Vec<u32>,
    current: u32,
    /// Cell indices whose groups the next step examines.
    candidates: Vec<usize>,
    /// The flood fill's queue, which is also the group found.
    group: Vec<Pos>,
    /// The lowest level popped in each column this step (`usize::MAX`: none).
    lowest_popped: Vec<usize>,
    /// The columns that lost puyos this step (in increasing `x` once `fall` sorted them).
    touched: Vec<usize>,
    segments: Vec<Segment>,
    /// The columns that fell this step, by increasing `x`, with their segments.
    fallen: Vec<Fallen>,
}

impl Chain {
    fn new(field: Field) -> Chain {
        let (width, height) = (field.width(), field.height());
        let cells = field.into_cells();
        let heights = (0..width)
            .map(|x| {
                let column = &cells[x * height..(x + 1) * height];
                column.iter().position(|&c| c == Cell::Empty).unwrap_or(height)
            })
            .collect();
        Chain {
            width,
            height,
            stamp: vec![0; cells.len()],
            cells,
            heights,
            current: 0,
            candidates: Vec::new(),
            group: Vec::new(),
            lowest_popped: vec![usize::MAX; width],
            touched: Vec::new(),
            segments: Vec::new(),
            fallen: Vec::new(),
        }
    }

    fn index(&self, pos: Pos) -> usize {
        pos.x * self.height + pos.y
    }

    /// Flood-fills the candidates (every cell if `everything`) and empties the groups that
    /// pop; true if any did.
    fn pop_groups(&mut self, everything: bool) -> bool {
        if self.current == u32::MAX {
            self.stamp.fill(0);
            self.current = 0;
        }
        self.current += 1;
        self.touched.clear();
        if everything {
            for x in 0..self.width {
                for y in 0..self.heights[x] {
                    self.examine(Pos { x, y });
                }
            }
        } else {
            let candidates = std::mem::take(&mut self.candidates);
            for &start in &candidates {
                self.examine(Pos { x: start / self.height, y: start % self.height });
            }
            self.candidates = candidates;
        }
        self.candidates.clear();
        !self.touched.is_empty()
    }

    /// Flood-fills the group of the puyo at `start` unless already done this step; a group of
    /// at least [`MIN_GROUP`] pops at once. (Emptying it early cannot change another group of
    /// this step: a same-coloured cell next to it would belong to it.)
    fn examine(&mut self, start: Pos) {
        let start_index = self.index(start);
        let colour = self.cells[start_index];
        if colour == Cell::Empty || self.stamp[start_index] == self.current {
            return;
        }
        self.stamp[start_index] = self.current;
        self.group.clear();
        self.group.push(start);
        let mut next = 0;
        while next < self.group.len() {
            let pos = self.group[next];
            next += 1;
            for neighbor in pos.neighbors(self.width, self.height) {
                let index = self.index(neighbor);
                // Cells above a column's top are Empty, so they never match a colour.
                if self.cells[index] == colour && self.stamp[index] != self.current {
                    self.stamp[index] = self.current;
                    self.group.push(neighbor);
                }
            }
        }
        if self.group.len() >= MIN_GROUP {
            for i in 0..self.group.len() {
                let pos = self.group[i];
                let index = self.index(pos);
                self.cells[index] = Cell::Empty;
                let lowest = &mut self.lowest_popped[pos.x];
                if *lowest == usize::MAX {
                    self.touched.push(pos.x);
                }
                *lowest = (*lowest).min(pos.y);
            }
        }
    }

    /// Closes up every column that lost puyos, from its lowest popped level, and records its
    /// shift segments.
    fn fall(&mut self) {
        self.segments.clear();
        self.fallen.clear();
        self.touched.sort_unstable();
        let h = self.height;
        for &x in &self.touched {
            let column = &mut self.cells[x * h..x * h + self.heights[x]];
            let first = self.segments.len();
            let mut write = self.lowest_popped[x];
            let mut read = write;
            while read < column.len() {
                let run_start = read
                    + column[read..]
                        .iter()
                        .position(|&c| c != Cell::Empty)
                        .unwrap_or(column.len() - read);
                if run_start == column.len() {
                    break;
                }
                let run_end = run_start
                    + column[run_start..]
                        .iter()
                        .position(|&c| c == Cell::Empty)
                        .unwrap_or(column.len() - run_start);
                column.copy_within(run_start..run_end, write);
                self.segments.push(Segment { start: write, shift: run_start - write });
                write += run_end - run_start;
                read = run_end;
            }
            for cell in &mut column[write..] {
                *cell = Cell::Empty;
            }
            self.heights[x] = write;
            self.lowest_popped[x] = usize::MAX;
            self.fallen.push(Fallen { x, first, end: self.segments.len() });
        }
    }

    /// Lists one cell of every new same-coloured adjacency (see the module docs).
    fn collect_candidates(&mut self, horizontal: bool) {
        let h = self.height;
        for f in 0..self.fallen.len() {
            let Fallen { x, first, end } = self.fallen[f];
            for segment in &self.segments[first..end] {
                let index = x * h + segment.start;
                if segment.start > 0 && self.cells[index - 1] == self.cells[index] {
                    self.candidates.push(index);
                }
            }
            if !horizontal {
                continue;
            }
            // Each pair of columns once: the left pair only if the left column did not fall
            // (otherwise it was its right pair).
            let left_fell = f > 0 && self.fallen[f - 1].x + 1 == x;
            if x > 0 && !left_fell {
                self.compare_columns(x - 1, None, Some(f));
            }
            if x + 1 < self.width {
                let right = self.fallen.get(f + 1).filter(|r| r.x == x + 1).map(|_| f + 1);
                self.compare_columns(x, Some(f), right);
            }
        }
    }

    /// Compares columns `left` and `left + 1` at the levels where their shifts differ; the
    /// `Option`s index `fallen` for a column that fell (no segments otherwise).
    fn compare_columns(
        &mut self,
        left: usize,
        left_fallen: Option<usize>,
        right_fallen: Option<usize>,
    ) {
        let h = self.height;
        let Chain { cells, heights, segments, fallen, candidates, .. } = self;
        let segments_of = |f: Option<usize>| match f {
            Some(f) => &segments[fallen[f].first..fallen[f].end],
            None => &[][..],
        };
        let (a, b) = (segments_of(left_fallen), segments_of(right_fallen));
        let top = heights[left].min(heights[left + 1]);
        let (mut ia, mut ib) = (0, 0);
        let (mut shift_a, mut shift_b) = (0, 0);
        let mut level = 0;
        while level < top {
            let next_a = a.get(ia).map_or(usize::MAX, |s| s.start);
            let next_b = b.get(ib).map_or(usize::MAX, |s| s.start);
            let boundary = next_a.min(next_b).min(top);
            if shift_a != shift_b {
                let lefts = &cells[left * h + level..left * h + boundary];
                let rights = &cells[(left + 1) * h + level..(left + 1) * h + boundary];
                for (offset, (l, r)) in lefts.iter().zip(rights).enumerate() {
                    if l == r {
                        candidates.push(left * h + level + offset);
                    }
                }
            }
            if next_a == boundary {
                shift_a = a[ia].shift;
                ia += 1;
            }
            if next_b == boundary {
                shift_b = b[ib].shift;
                ib += 1;
            }
            level = boundary;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::simulate;
    use crate::{gen, naive};
    use judge_io::Rng;

    /// The stress comparison can fail: a variant blind to new side-by-side contacts disagrees
    /// with the oracle on the exhaustive small fields and on the constructed chains.
    #[test]
    fn a_solver_blind_to_sideways_contacts_is_caught() {
        let mut mismatches = 0;
        gen::every_field(3, 3, 2, |field| {
            if simulate::<false>(field.clone()) != naive::solve(field) {
                mismatches += 1;
            }
        });
        assert!(mismatches > 0, "the exhaustive 3x3 fields catch the wrong variant");
        let (field, steps) = gen::stairs(&mut Rng::new(1), 8, 10);
        assert_eq!(naive::solve(&field), steps);
        assert_eq!(simulate::<false>(field.clone()), 1);
        assert_eq!(simulate::<true>(field), steps);
    }
}
