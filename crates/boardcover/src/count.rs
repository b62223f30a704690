//! The exact count: a broken-profile (transfer-matrix) DP over the cells in row-major order,
//! [`BLOCK`] cells per pass.
//!
//! Its state is the set of already covered cells among the next `w + 1` cells, stored as a key
//! ([`encode`]) that puts the bits the next moves test on top: a layer is a sorted array of keys,
//! the states one move applies to are whole runs of it ([`Plan`]), and each move shifts the rest
//! of the key in order. A pass builds the next layer one key range ("region") at a time, adding
//! counts into a small dense array and reading it back in key order ([`advance`]): no hash, no
//! merge, no state looked at by a move it cannot take. The counts are exact [`U320`] integers,
//! stored packed in as few 64-bit limbs as the largest count needs ([`limbs_needed`]). States
//! that leave a cell uncovered that no later piece can reach are dropped as soon as that is
//! so ([`doomed_cells`]), not carried to the row where they die.
//!
//! The DP can also stop at a row boundary and hand over its frontier
//! ([`BlockDp::run_rows`]): `meet.rs` counts a large board as two such halves joined at the
//! middle row.

use super::bignum::{self, U320};
use super::board::{Board, Cell, MAX_SIDE, PIECE_CELLS};

/// The most white cells [`solve`](super::solve) takes: 159 pieces, 4^159 = 2^318 < 2^320 (a
/// 20 x 20 board has 400 cells).
pub const MAX_WHITE: usize = 479;

/// What one run of the DP did, for benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// The most frontier states alive at once.
    pub max_states: usize,
    /// The number of (state, move) pairs processed; a move crosses up to two cells.
    pub transitions: u64,
    /// The width of the frontier: the board's as given for [`count_row_major`]; for
    /// [`solve`](super::solve), the widest among its groups (each the narrower side of its
    /// bounding box).
    pub width: usize,
}

/// The number of tilings, with the frontier along the board's rows as given (no transposing,
/// no splitting): the block DP alone.
///
/// # Panics
/// If the board is wider than [`MAX_SIDE`] or has more than [`MAX_WHITE`] white cells.
pub fn count_row_major(board: &Board) -> (U320, Stats) {
    BlockDp::default().count(board)
}

/// The block DP's two layers and scratch space, kept from board to board: solving many boards
/// with one `BlockDp` allocates them once, so the memory peak is the largest board's, not a
/// fragmented sum.
#[derive(Debug, Default)]
pub struct BlockDp {
    cur: Layer,
    next: Layer,
    work: Work,
}

/// The pieces the DP can place at its current cell `p`: a piece whose first cell in row-major
/// order is `p` covers `p` and two of the cells `p + 1` (right), `p + w - 1` (below left),
/// `p + w` (below) and `p + w + 1` (below right). Offsets are listed as `(dy, dx)`.
const SHAPES: [[(usize, isize); 2]; 4] = [
    // ##
    // #.
    [(0, 1), (1, 0)],
    // ##
    // .#
    [(0, 1), (1, 1)],
    // #.
    // ##
    [(1, 0), (1, 1)],
    // .#
    // ##
    [(1, -1), (1, 0)],
];

/// One layer of the DP: the frontier states, by increasing key (see [`encode`]), and their
/// counts.
///
/// State bit `i` set means cell `p + i` (row-major index, `p` the layer's cell) is already
/// covered by a piece, for `i` in `0..=w`. Cell `p + w + 1` can never be covered yet: a piece
/// placed at an earlier cell `q < p` reaches at most `q + w + 1 <= p + w`.
///
/// The states are `keys[..len]`; the vectors past that are room kept from pass to pass, so a
/// pass writes over old states instead of zero-filling fresh ones.
#[derive(Debug, Default)]
struct Layer {
    keys: Vec<u32>,
    /// The count of state `keys[i]` is `vals[i * limbs..(i + 1) * limbs]`, little-endian.
    vals: Vec<u64>,
    len: usize,
    limbs: usize,
    /// Where `chunks_valid`: `chunk_starts[c]` is the index of the first state whose key is at
    /// least `c << CHUNK_BITS`, for every `c` up to one past the last key. [`advance`] reads its
    /// block boundaries there; searching the keys for them took 6% of a 20 x 20 board's time
    /// (a thousand binary searches a pass, each missing the cache).
    chunk_starts: Vec<usize>,
    chunks_valid: bool,
}

/// The keys of [`Layer::chunk_starts`] come in chunks of `2^CHUNK_BITS`: the region read-back
/// of [`advance`] visits them 64 at a time.
const CHUNK_BITS: usize = 6;

impl Layer {
    fn len(&self) -> usize {
        self.len
    }

    fn count(&self, i: usize) -> &[u64] {
        &self.vals[i * self.limbs..(i + 1) * self.limbs]
    }

    /// Keeps only the states whose key has every bit of `key_bits` set, in order.
    fn keep_covering(&mut self, key_bits: u32) {
        let limbs = self.limbs;
        let mut kept = 0;
        for i in 0..self.len {
            if self.keys[i] & key_bits == key_bits {
                self.keys[kept] = self.keys[i];
                self.vals.copy_within(i * limbs..(i + 1) * limbs, kept * limbs);
                kept += 1;
            }
        }
        self.len = kept;
        self.chunks_valid = false;
    }

    /// Re-packs every count into `limbs` limbs (more than now), in place.
    fn widen(&mut self, limbs: usize) {
        let old = self.limbs;
        debug_assert!(limbs > old, "counts only ever widen");
        let n = self.len;
        if self.vals.len() < n * limbs {
            self.vals.resize(n * limbs, 0);
        }
        // From the back, each count moves to a higher offset than any unread one.
        for i in (0..n).rev() {
            for k in (0..limbs).rev() {
                self.vals[i * limbs + k] = if k < old { self.vals[i * old + k] } else { 0 };
            }
        }
        self.limbs = limbs;
    }
}

/// The key of frontier state `s` (bits `0..=w`) on a `w`-wide board: its bits reordered as
/// `s[w - 1], s[w], s[0], s[1], ..., s[w - 2]`, most significant first.
///
/// The moves at the next cells test only the two ends of the frontier: bits `0..=k` (the
/// block's cells and the one after) and bits `w - 1`, `w` (the cells below them). This order
/// puts both ends on top, so the states that agree on them are one run of the sorted layer. And
/// crossing `k` cells shifts the middle bits `s[k]..s[w - 2]` up by `k` in the key, in order:
/// see [`Segment`].
fn encode(s: u32, w: usize) -> u32 {
    let body = w - 1;
    (s >> (w - 1) & 1) << w | (s >> w & 1) << body | reverse_low_bits(s, body)
}

/// The state whose key is `key`: the inverse of [`encode`].
fn decode(key: u32, w: usize) -> u32 {
    let body = w - 1;
    (key >> w & 1) << (w - 1) | (key >> body & 1) << w | reverse_low_bits(key, body)
}

/// Bits `0..bits` of `x` in reverse order (bit `i` to bit `bits - 1 - i`); the other bits clear.
pub(super) fn reverse_low_bits(x: u32, bits: usize) -> u32 {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (32 - bits)
    }
}

/// The number of cells the DP crosses per pass over the frontier. On 20 x 20 boards 4 measured
/// fastest: 2.4x faster than 1, 25% faster than 2 (fewer passes over the layers, so fewer
/// states read and written); 5 tied and 6 was slower (many more transitions per state).
/// Re-measured with the halves of `meet.rs` (instructions for one 20 x 20 board): 3: 2.40 G,
/// 4: 2.08 G, 5: 2.16 G, 6: 3.32 G.
const BLOCK: usize = 4;

/// One way to cross the cells `p..p + k` of a block: the states `s` with `s & check == want`
/// go to `(s | add) >> k`.
///
/// For one cell: skipping a covered cell is `check = 1, want = 1, add = 0` (a black cell:
/// `check = 0`); placing a piece that covers the cells of `mask` is `check = mask`, `want = 0`,
/// `add = mask`. Moves for several cells are composed with [`Move::then`]. Every
/// state that passes has `s & add == 0`, so `s | add = s + add` ascends with `s`. All the
/// passing states also agree on bits `0..k` of `s | add` (a white cell is covered, a black one
/// never is), so the shift loses nothing: a move sends distinct states to distinct targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Move {
    check: u32,
    want: u32,
    add: u32,
}

impl Move {
    /// Crossing no cell.
    const STAY: Move = Move { check: 0, want: 0, add: 0 };

    /// This move (over `k` cells) followed by `second`, a one-cell move written for the frame of
    /// cell `p + k`; `None` if no state can take both.
    fn then(self, second: Move, k: usize) -> Option<Move> {
        let (check, want, add) = (second.check << k, second.want << k, second.add << k);
        // Bits this move already covered read as 1 for the second move.
        if check & self.add & !want != 0 {
            return None;
        }
        let (check, want) = (check & !self.add, want & !self.add);
        let shared = self.check & check;
        if self.want & shared != want & shared {
            return None;
        }
        Some(Move { check: self.check | check, want: self.want | want, add: self.add | add })
    }
}

/// The one-cell moves at cell `p` of an `h` x `w` board (`white` in row-major order).
fn cell_moves(white: &[bool], h: usize, w: usize, p: usize, out: &mut Vec<Move>) {
    out.clear();
    if !white[p] {
        // A black cell is never covered: every state moves on.
        out.push(Move::STAY);
        return;
    }
    out.push(Move { check: 1, want: 1, add: 0 });
    out.extend(piece_masks(white, h, w, p).map(|mask| Move { check: mask, want: 0, add: mask }));
}

/// The pieces that fit at white cell `p` of an `h` x `w` board by the board alone (`white` in
/// row-major order), each as the mask of the cells it covers: bit `i` is cell `p + i`.
pub(super) fn piece_masks<'a>(
    white: &'a [bool],
    h: usize,
    w: usize,
    p: usize,
) -> impl Iterator<Item = u32> + 'a {
    let (y, x) = (p / w, p % w);
    // Every piece reaches the next row.
    let shapes = if y + 1 < h { &SHAPES[..] } else { &SHAPES[..0] };
    shapes.iter().filter_map(move |shape| {
        let mut mask = 1u32;
        for &(dy, dx) in shape.iter() {
            let nx = x as isize + dx;
            if nx < 0 || nx >= w as isize {
                return None;
            }
            let offset = dy * w + nx as usize - x;
            if !white[p + offset] {
                return None;
            }
            mask |= 1 << offset;
        }
        Some(mask)
    })
}

/// The frontier bits at cell `p` (bit `i`: cell `p + i`) of white cells that no piece placed
/// from `p` on can cover: a state that leaves one of them uncovered has no tiling. Such cells
/// appear in the last two rows (no piece starts in the last row) and beside black cells;
/// dropping those states early spares the passes that would carry them to where they die.
fn doomed_cells(white: &[bool], h: usize, w: usize, p: usize) -> u32 {
    let n = h * w;
    let mut doomed = 0;
    for i in 0..=w {
        let cell = p + i;
        if cell >= n || !white[cell] {
            continue;
        }
        // A piece covering `cell` starts at most w + 1 cells before it.
        let first_anchor = p.max(cell.saturating_sub(w + 1));
        let coverable = (first_anchor..=cell).any(|anchor| {
            white[anchor]
                && piece_masks(white, h, w, anchor).any(|mask| mask >> (cell - anchor) & 1 == 1)
        });
        if !coverable {
            doomed |= 1 << i;
        }
    }
    doomed
}

/// The target keys of one region of the next layer span at most `2^SPAN_BITS` values: the
/// region's counts are summed in a dense array of that many entries. 1-limb counts use all 15
/// bits (256 KiB); wider ones fewer ([`span_bits`]): on a core with 512 KiB of L2 cache, 15 bits
/// of 2-limb counts (512 KiB) ran about 5% slower over a 20 x 20 board than 14 bits.
const SPAN_BITS: usize = 15;
/// `2^SPAN_BITS`.
const SPAN: usize = 1 << SPAN_BITS;
/// The bytes a region's sums may take: half of this machine's 512 KiB L2 cache per core, so
/// that the sums, the hit bytes and the layers streaming through share it without evicting
/// each other.
const REGION_BYTES: usize = 256 << 10;

/// The key bits a region of `limbs`-limb counts spans: [`SPAN_BITS`], fewer for wide counts so
/// the region's sums stay within [`REGION_BYTES`].
fn span_bits(limbs: usize) -> usize {
    let mut bits = SPAN_BITS;
    while bits > 10 && (8 * limbs) << bits > REGION_BYTES {
        bits -= 1;
    }
    bits
}

/// How a pass over `k` cells of a `w`-wide board cuts the keys of both layers.
///
/// A *block* of the current layer is the run of states sharing the top bits of their key: the
/// frontier's two end bits `w - 1`, `w` and the bits `0..prefix`, enough to decide every move
/// (a move tests bits `0..=k` and `w - 1..=w + k`, and bits above `w` are always clear; see
/// [`encode`]). A *region* of the next layer is the run of keys sharing their top
/// `2 + prefix - k` bits, which come from bits the block fixes or from the move: each (block,
/// move) pair lands in a single region, at most `2^SPAN_BITS` keys wide.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// The block of key `key` is `key >> block_shift`.
    block_shift: usize,
    /// The region of key `key` is `key >> region_shift`.
    region_shift: usize,
    /// The state bits a block fixes.
    fixed: u32,
}

impl Plan {
    fn new(w: usize, k: usize, limbs: usize) -> Plan {
        // At least one bit past the `k` cells (bit `k` is tested), more to keep regions within
        // the span; all of them on narrow boards.
        let extra = (w + 1).saturating_sub(2 + span_bits(limbs)).max(1);
        let prefix = (k + extra).min(w - 1);
        Plan {
            block_shift: w + 1 - (2 + prefix),
            region_shift: w + 1 - (2 + prefix.saturating_sub(k)),
            fixed: ((1 << prefix) - 1) | 1 << (w - 1) | 1 << w,
        }
    }
}

/// The states `lo..hi` of the current layer (one block) that all take one [`Move`]. As the move
/// tests only bits the block fixes, they all take it; state key `key` goes to key
/// `(key << k) & body | add` (`body` the key's `w - 1` low bits), so the targets ascend with the
/// sources, and all lie in region `region` of the next layer.
#[derive(Debug, Clone, Copy)]
struct Segment {
    region: u32,
    lo: usize,
    hi: usize,
    add: u32,
}

/// The scratch space of [`advance`], kept from pass to pass.
#[derive(Debug, Default)]
struct Work {
    /// Block `b` of the current layer is `starts[b]..starts[b + 1]`.
    starts: Vec<usize>,
    /// The pass's segments, by region and, within a region, by block.
    segments: Vec<Segment>,
    /// The pass's segments by block, as they are found, and where each region's start in
    /// `segments` (a counting sort, which keeps the block order within a region).
    by_block: Vec<Segment>,
    region_starts: Vec<usize>,
    /// The counts of the region being built, `L` limbs for each offset in it (`SPAN` offsets,
    /// room for 5 limbs); all zero between regions.
    sums: Vec<u64>,
    /// Byte `o` is 1 if offset `o` of the region has a count; all zero between regions.
    hit: Vec<u8>,
}

/// Sends every state of `cur` through `moves` (each over `k` cells) into `next`, replacing
/// its states.
///
/// The (block, move) pairs are grouped by the region they land in; the regions are built in
/// increasing order, each by adding its segments' counts into a dense array indexed by the key's
/// low bits, then reading the keys that were hit back out in order. So no state is looked at by
/// a move it cannot take, every read and write of a layer is sequential, and no hash, sort of
/// states or merge is needed.
///
/// Returns the number of transitions and a bound on the top limbs (limb `L - 1`) of the new
/// counts, from which [`limbs_needed`] bounds the counts of the layer after `next`: their bitwise
/// OR, at least the largest and below twice it (one OR a state costs less than a compare and a
/// select: 2% fewer instructions on a 20 x 20 board).
#[inline(never)]
fn advance<const L: usize>(
    cur: &Layer,
    next: &mut Layer,
    work: &mut Work,
    moves: &[Move],
    w: usize,
    k: usize,
) -> (u64, u64) {
    debug_assert!(cur.limbs == L && next.limbs == L, "both layers hold L limbs");
    let plan = Plan::new(w, k, L);
    let blocks = 1usize << (w + 1 - plan.block_shift);
    // The first state of block `block` or a later one, found by searching the keys.
    let search = |block: usize| {
        cur.keys[..cur.len].partition_point(|&key| ((key >> plan.block_shift) as usize) < block)
    };
    work.starts.clear();
    if cur.chunks_valid && plan.block_shift >= CHUNK_BITS {
        let step = plan.block_shift - CHUNK_BITS;
        work.starts.extend((0..=blocks).map(|block| cur.chunk_starts[block << step]));
        debug_assert!(work.starts.iter().enumerate().all(|(block, &start)| start == search(block)));
    } else {
        work.starts.extend((0..=blocks).map(search));
    }
    let ends = 1u32 << (w - 1) | 1 << w;
    let body = (1u32 << (w - 1)) - 1;
    work.by_block.clear();
    for block in 0..blocks {
        let (lo, hi) = (work.starts[block], work.starts[block + 1]);
        if lo == hi {
            continue;
        }
        let first = (block as u32) << plan.block_shift;
        let state = decode(first, w);
        for step in moves.iter() {
            debug_assert!(step.check & !plan.fixed & ((2 << w) - 1) == 0, "the block decides");
            if state & step.check != step.want {
                continue;
            }
            let add = encode(((state & ends) | step.add) >> k, w);
            let region = ((first << k) & body | add) >> plan.region_shift;
            debug_assert!([lo, hi - 1].iter().all(|&i| {
                let key = cur.keys[i];
                let target = encode((decode(key, w) | step.add) >> k, w);
                target == (key << k) & body | add && target >> plan.region_shift == region
            }));
            work.by_block.push(Segment { region, lo, hi, add });
        }
    }
    // By region, then by block: a block's segments in one region are adjacent.
    let regions = 1usize << (w + 1 - plan.region_shift);
    let starts = &mut work.region_starts;
    starts.clear();
    starts.resize(regions + 1, 0);
    for segment in work.by_block.iter() {
        starts[segment.region as usize + 1] += 1;
    }
    for region in 0..regions {
        starts[region + 1] += starts[region];
    }
    let unset = Segment { region: 0, lo: 0, hi: 0, add: 0 };
    work.segments.clear();
    work.segments.resize(work.by_block.len(), unset);
    for segment in work.by_block.iter() {
        let slot = &mut starts[segment.region as usize];
        work.segments[*slot] = *segment;
        *slot += 1;
    }

    debug_assert!(plan.region_shift <= span_bits(L), "a region fits the scratch arrays");
    let low = (1u32 << plan.region_shift) - 1;
    // Slices of constant length: an offset below SPAN indexes them without bounds checks.
    let sums = &mut work.sums[..SPAN * L];
    let hit = &mut work.hit[..SPAN];
    let mut transitions = 0;
    let mut top_bound = 0;
    let mut at = 0;
    // The states written so far. `next` still holds the layer of two passes ago: it is
    // overwritten in place, so only growth is ever zero-filled.
    let mut written = 0;
    // Chunk starts are recorded where regions are whole chunks; `filled` chunks have theirs.
    let track = plan.region_shift >= CHUNK_BITS;
    let chunks = (1usize << (w + 1)) >> CHUNK_BITS;
    if track && next.chunk_starts.len() < chunks + 1 {
        next.chunk_starts.resize(chunks + 1, 0);
    }
    let mut filled = 0;
    while at < work.segments.len() {
        let region = work.segments[at].region;
        while at < work.segments.len() && work.segments[at].region == region {
            // The block's segments in this region, up to 4 of them, are swept together: each
            // state's count is read once and added to all its targets, which share their cache
            // lines. (Two moves of a block that land in one region differ only in cells of
            // the row below that become the key's bits below `k`: the others are region bits.)
            // Measured: about 10% faster on 20 x 20 boards than a sweep per segment; a loop
            // over any number of segments was 30% slower.
            let Segment { lo, hi, .. } = work.segments[at];
            let mut end = at + 1;
            while end < work.segments.len()
                && end < at + 4
                && work.segments[end].region == region
                && work.segments[end].lo == lo
            {
                end += 1;
            }
            let segments = &work.segments;
            let adds = |i: usize| segments[at + i].add;
            let (keys, counts) = (&cur.keys[lo..hi], &cur.vals[lo * L..hi * L]);
            match end - at {
                1 => sweep::<L, 1>(keys, counts, [adds(0)], k, low, sums, hit),
                2 => sweep::<L, 2>(keys, counts, [adds(0), adds(1)], k, low, sums, hit),
                3 => sweep::<L, 3>(keys, counts, [adds(0), adds(1), adds(2)], k, low, sums, hit),
                _ => sweep::<L, 4>(
                    keys,
                    counts,
                    [adds(0), adds(1), adds(2), adds(3)],
                    k,
                    low,
                    sums,
                    hit,
                ),
            }
            transitions += ((hi - lo) * (end - at)) as u64;
            at = end;
        }
        // Read the region out in key order, leaving `sums` and `hit` zero again: 64 hit bytes
        // at a time are packed into a bit mask whose set bits are then visited, so the loop
        // branches once per 64 offsets rather than once per 8.
        let base = region << plan.region_shift;
        let span = (low as usize + 64) & !63;
        if next.keys.len() < written + span {
            next.keys.resize(written + span, 0);
        }
        if next.vals.len() < (written + span) * L {
            next.vals.resize((written + span) * L, 0);
        }
        let keys_out = &mut next.keys[written..written + span];
        let vals_out = &mut next.vals[written * L..(written + span) * L];
        let first_chunk = (base >> CHUNK_BITS) as usize;
        if track {
            next.chunk_starts[filled..first_chunk].fill(written);
            filled = first_chunk + (span >> CHUNK_BITS);
        }
        let mut j = 0;
        for (group, bytes) in hit[..span].chunks_exact_mut(64).enumerate() {
            if track {
                next.chunk_starts[first_chunk + group] = written + j;
            }
            let mut bits = 0u64;
            for (index, eight) in bytes.chunks_exact_mut(8).enumerate() {
                let word = u64::from_le_bytes([
                    eight[0], eight[1], eight[2], eight[3], eight[4], eight[5], eight[6], eight[7],
                ]);
                bits |= pack_bytes(word) << (8 * index);
                for byte in eight.iter_mut() {
                    *byte = 0;
                }
            }
            while bits != 0 {
                let offset = group * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let sum = &mut sums[offset * L..offset * L + L];
                keys_out[j] = base | offset as u32;
                vals_out[j * L..j * L + L].copy_from_slice(sum);
                j += 1;
                top_bound |= sum[L - 1];
                for limb in sum.iter_mut() {
                    *limb = 0;
                }
            }
        }
        written += j;
    }
    next.len = written;
    if track {
        next.chunk_starts[filled..=chunks].fill(written);
    }
    next.chunks_valid = track;
    (transitions, top_bound)
}

/// Adds the count of each state `keys[i]` (`counts[i * L..]`) to the region's sums at the
/// targets of `M` moves, `(key << k | add) & low`, marking them hit.
///
/// Kept out of line: the loop then has the registers to itself (inlined into [`advance`], the
/// 4-target loop reloaded spilled values for every state; 5% faster on 20 x 20 boards).
#[inline(never)]
fn sweep<const L: usize, const M: usize>(
    keys: &[u32],
    counts: &[u64],
    adds: [u32; M],
    k: usize,
    low: u32,
    sums: &mut [u64],
    hit: &mut [u8],
) {
    let sums = &mut sums[..SPAN * L];
    let hit = &mut hit[..SPAN];
    for (&key, count) in keys.iter().zip(counts.chunks_exact(L)) {
        for &add in adds.iter() {
            let offset = ((key << k | add) & low) as usize % SPAN;
            bignum::add_fixed::<L>(&mut sums[offset * L..offset * L + L], count);
            // A plain store (no read-modify-write of a bitmap word).
            hit[offset] = 1;
        }
    }
}

/// The 8 bytes of `word`, each 0 or 1, as 8 bits: byte `i` (little-endian) becomes bit `i`.
///
/// The multiplier has bit `7 j + 7` set for `j` in `0..8`, so byte `i` lands on bit
/// `8 i + 7 j + 7`, which is `56 + i` exactly when `j = 7 - i`; the other products land on
/// distinct bits below 56 or beyond 63, so nothing carries into the top byte.
#[inline]
fn pack_bytes(word: u64) -> u64 {
    word.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The most states that `moves` (over `k` cells of a `w`-wide board) send to one target: each
/// move sends at most one state to a given target, so this is the most moves that can reach one.
///
/// Move `m` reaches target `t` (bits `0..=w`, in the frame of cell `p + k`) from exactly one
/// state `s`, if any: for state bits `i >= k`, where `m` covers cell `p + i`, `s` has the bit
/// clear and `t` set; where `m` tests it without covering it, `t` has the tested value; past bit
/// `w` (cells not yet in the frontier), `t` has what `m` covers; elsewhere `t` copies `s`. Bits
/// below `k` of `s` are decided by the move. So each move fixes a few bits of `t`, all among
/// the `k + 3` bits next to the block, and the answer is the most moves that agree with one
/// setting of those bits, found by trying each. Far below `moves.len()` (98 moves, at most 10 to
/// one target, on a 20 x 20 board), it lets counts grow 10 times larger before they take
/// another limb.
fn max_in_degree(moves: &[Move], w: usize, k: usize) -> usize {
    let beyond = ((1u32 << k) - 1) << (w + 1);
    let fixed: Vec<(u32, u32)> = moves
        .iter()
        .map(|step| {
            let mask = ((step.check | beyond) & !((1 << k) - 1)) >> k;
            let value = ((step.want & !step.add & !beyond) | step.add) >> k;
            (mask | (step.add >> k), value)
        })
        .collect();
    let bits = fixed.iter().fold(0, |bits, &(mask, _)| bits | mask);
    // Every setting of `bits`, in increasing order, from 0 to `bits`.
    let mut setting = 0u32;
    let mut most = 0;
    loop {
        let agree = fixed.iter().filter(|&&(mask, value)| setting & mask == value).count();
        most = most.max(agree);
        if setting == bits {
            return most;
        }
        setting = setting.wrapping_sub(bits) & bits;
    }
}

/// The number of limbs that hold every count of the layer after the next one, given the next
/// one's limbs, a bound on the top limbs of its counts, and the most states one target of the
/// pass between them gathers ([`max_in_degree`]).
///
/// A count of the layer after is a sum of at most `in_degree` counts of the next layer, each
/// below `(top_bound + 1) * 2^(64 (limbs - 1))`. And no count ever exceeds the number of partial
/// tilings, at most `4^(pieces) <= 2^318` (see [`MAX_WHITE`]): 5 limbs always suffice.
fn limbs_needed(limbs: usize, top_bound: u64, in_degree: usize) -> usize {
    let spill = (top_bound as u128 + 1) * in_degree as u128;
    let wanted = if spill >> 64 == 0 { limbs } else { limbs + 1 };
    wanted.min(bignum::LIMBS)
}

/// A copy of the frontier after the cells of a board's first rows (see [`BlockDp::frontier`]).
#[derive(Debug, Default)]
pub(super) struct Frontier {
    /// State `i` has covered the cells of `masks[i]` in the next row (bit `x`: column `x`).
    pub masks: Vec<u32>,
    /// The count of state `i` is `counts[i * limbs..(i + 1) * limbs]`, little-endian.
    pub counts: Vec<u64>,
    pub limbs: usize,
}

impl Frontier {
    /// The count of state `i`.
    pub fn count(&self, i: usize) -> &[u64] {
        &self.counts[i * self.limbs..(i + 1) * self.limbs]
    }

    /// Copies the frontier `dp` holds (see [`BlockDp::frontier`]), replacing this one's.
    pub fn copy_from(&mut self, dp: &BlockDp, w: usize) {
        self.masks.clear();
        self.counts.clear();
        for (mask, count) in dp.frontier(w) {
            self.masks.push(mask);
            self.counts.extend_from_slice(count);
        }
        self.limbs = dp.frontier_limbs();
    }
}

impl BlockDp {
    /// [`count_row_major`], reusing this memory.
    pub fn count(&mut self, board: &Board) -> (U320, Stats) {
        let whites = board.white_count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 320 bits", whites);
        if whites % PIECE_CELLS != 0 {
            return (U320::zero(), Stats { max_states: 1, transitions: 0, width: board.width() });
        }
        let stats = self.run(board, board.height() * board.width());
        let cur = &self.cur;
        if cur.len() == 0 {
            return (U320::zero(), stats);
        }
        // Past the last cell nothing can be covered, so the only state left is the empty one.
        debug_assert!(
            cur.keys[..cur.len] == [encode(0, board.width())],
            "only the empty frontier survives the last cell"
        );
        (U320::from_limbs(cur.count(0)), stats)
    }

    /// Runs the DP over the first `rows` rows of `board`, for [`BlockDp::frontier`]: the
    /// partial tilings that cover every white cell there with pieces that start there, by the
    /// cells they cover in row `rows`.
    ///
    /// # Panics
    /// If `rows` is not below the board's height, or as [`count_row_major`].
    pub(super) fn run_rows(&mut self, board: &Board, rows: usize) -> Stats {
        assert!(rows < board.height(), "row {} is past the board", rows);
        self.run(board, rows * board.width())
    }

    /// The states [`BlockDp::run_rows`] left on a `w`-wide board, in key order: the set of
    /// cells each covers in the next row (bit `x`: column `x`) and its count, of
    /// [`BlockDp::frontier_limbs`] limbs.
    pub(super) fn frontier(&self, w: usize) -> impl Iterator<Item = (u32, &[u64])> + '_ {
        let cur = &self.cur;
        let counts = cur.vals[..cur.len * cur.limbs].chunks_exact(cur.limbs);
        cur.keys[..cur.len].iter().zip(counts).map(move |(&key, count)| {
            let state = decode(key, w);
            // Pieces span two rows: none that starts above the next row reaches past it.
            debug_assert!(state >> w == 0, "the next row's second cell is never covered yet");
            (state, count)
        })
    }

    /// The limbs of the counts of [`BlockDp::frontier`].
    pub(super) fn frontier_limbs(&self) -> usize {
        self.cur.limbs
    }

    /// Runs the DP over cells `0..stop` of `board`, leaving the layer at cell `stop` (empty if
    /// no partial tiling gets there) in `self.cur`.
    fn run(&mut self, board: &Board, stop: usize) -> Stats {
        let (cur, next, work) = (&mut self.cur, &mut self.next, &mut self.work);
        let (h, w) = (board.height(), board.width());
        assert!(w <= MAX_SIDE, "the frontier holds one row: width {} > {}", w, MAX_SIDE);
        let mut stats = Stats { max_states: 1, transitions: 0, width: w };
        let white: Vec<bool> = board.cells().iter().map(|&c| c == Cell::White).collect();
        let whites = white.iter().filter(|&&is_white| is_white).count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 320 bits", whites);

        // The empty frontier, count 1, written over the old first state: the room past it stays
        // (see `Layer`), so it is not zero-filled again.
        if cur.keys.is_empty() {
            cur.keys.push(0);
            cur.vals.push(0);
        }
        cur.keys[0] = encode(0, w);
        cur.vals[0] = 1;
        cur.limbs = 1;
        cur.len = 1;
        cur.chunks_valid = false;
        if work.sums.is_empty() {
            // Zeroed pages from the allocator: a small board touches few of them. Each pass
            // leaves them zero again.
            work.sums = vec![0; SPAN * bignum::LIMBS];
            work.hit = vec![0; SPAN];
        }
        // A bound on the top limbs of `cur`'s counts: its one count, 1.
        let mut top_bound = 1;
        let mut moves: Vec<Move> = Vec::new();
        let mut composed: Vec<Move> = Vec::new();
        let mut one_cell: Vec<Move> = Vec::with_capacity(1 + SHAPES.len());
        let mut p = 0;
        while p < stop {
            let k = BLOCK.min(stop - p);
            moves.clear();
            moves.push(Move::STAY);
            for j in 0..k {
                cell_moves(&white, h, w, p + j, &mut one_cell);
                composed.clear();
                for first in moves.iter() {
                    composed.extend(one_cell.iter().filter_map(|&second| first.then(second, j)));
                }
                std::mem::swap(&mut moves, &mut composed);
            }
            let limbs = limbs_needed(cur.limbs, top_bound, max_in_degree(&moves, w, k));
            if limbs > cur.limbs {
                cur.widen(limbs);
            }
            // `next` keeps its old states: `advance` overwrites them.
            next.limbs = limbs;
            // The next layer is about as large as this one: reserving exactly (plus an eighth,
            // plus a region of slack) keeps the doubling of a growing Vec from inflating the
            // peak memory.
            let expected = cur.len() + cur.len() / 8 + SPAN;
            next.keys.reserve_exact(expected.saturating_sub(next.keys.len()));
            next.vals.reserve_exact((expected * limbs).saturating_sub(next.vals.len()));
            let (transitions, top) = match limbs {
                1 => advance::<1>(cur, next, work, &moves, w, k),
                2 => advance::<2>(cur, next, work, &moves, w, k),
                3 => advance::<3>(cur, next, work, &moves, w, k),
                4 => advance::<4>(cur, next, work, &moves, w, k),
                _ => advance::<{ bignum::LIMBS }>(cur, next, work, &moves, w, k),
            };
            stats.transitions += transitions;
            top_bound = top;
            std::mem::swap(cur, next);
            p += k;
            // (`top_bound` stays a bound: dropping states never raises the largest count.)
            let doomed = doomed_cells(&white, h, w, p);
            if doomed != 0 {
                cur.keep_covering(encode(doomed, w));
            }
            stats.max_states = stats.max_states.max(cur.len());
            if cur.len() == 0 {
                break;
            }
        }
        stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_compose_over_a_block() {
        let skip = Move { check: 1, want: 1, add: 0 };
        assert_eq!(skip.then(skip, 1), Some(Move { check: 3, want: 3, add: 0 }));
        // On a 4-wide board, the piece covering p, p + 1 and p + 4 covers the next cell too.
        let piece = Move { check: 0b10011, want: 0, add: 0b10011 };
        assert_eq!(piece.then(skip, 1), Some(piece));
        assert_eq!(piece.then(piece, 1), None, "cell p + 1 is taken");
        assert_eq!(skip.then(piece, 1), Some(Move { check: 0b100111, want: 1, add: 0b100110 }));
        assert_eq!(Move::STAY.then(skip, 0), Some(skip));
    }

    #[test]
    fn pack_bytes_gathers_one_bit_per_byte() {
        for bits in 0u64..256 {
            let bytes: Vec<u8> = (0..8).map(|i| (bits >> i & 1) as u8).collect();
            let mut eight = [0u8; 8];
            eight.copy_from_slice(&bytes);
            assert_eq!(pack_bytes(u64::from_le_bytes(eight)), bits, "{:08b}", bits);
        }
    }

    #[test]
    fn cells_no_later_piece_reaches_are_doomed() {
        let white = vec![true; 9];
        // 3 x 3 at cell 5 (row 1, column 2): cell 6 (row 2, column 0) is left of every piece
        // that can still start, and no piece starts in the last row.
        assert_eq!(doomed_cells(&white, 3, 3, 5), 0b10);
        assert_eq!(doomed_cells(&white, 3, 3, 3), 0, "cell 3 can still cover cell 6");
        // A single row: no piece fits anywhere.
        assert_eq!(doomed_cells(&[true, true, false], 1, 3, 0), 0b11);
        let keys = vec![0b001, 0b011, 0b110, 0b111];
        let mut layer = Layer { keys, len: 4, limbs: 2, ..Layer::default() };
        layer.vals = vec![1, 10, 2, 20, 3, 30, 4, 40];
        layer.keep_covering(0b010);
        assert_eq!(layer.keys[..layer.len], [0b011, 0b110, 0b111]);
        assert_eq!(layer.vals[..2 * layer.len], [2, 20, 3, 30, 4, 40]);
    }

    #[test]
    fn in_degrees_are_the_most_states_sent_to_one_target() {
        // Against every state of small boards' frontiers: each pass of each board.
        let mut rng = judge_io::Rng::new(0xDE6);
        for case in 0..40 {
            let (h, w) = (2 + rng.index(4), 1 + rng.index(6));
            let white: Vec<bool> = (0..h * w).map(|_| !rng.chance(1, 6)).collect();
            let mut p = 0;
            while p < h * w {
                let k = BLOCK.min(h * w - p);
                let mut moves = vec![Move::STAY];
                let mut one_cell = Vec::new();
                for j in 0..k {
                    cell_moves(&white, h, w, p + j, &mut one_cell);
                    let composed: Vec<Move> = moves
                        .iter()
                        .flat_map(|a| one_cell.iter().filter_map(move |&b| a.then(b, j)))
                        .collect();
                    moves = composed;
                }
                let mut gathered = std::collections::HashMap::new();
                // The states a layer can hold: no black cell (or cell past the end) covered.
                let black = (0..=w)
                    .filter(|&i| p + i >= h * w || !white[p + i])
                    .fold(0u32, |bits, i| bits | 1 << i);
                for s in (0..1u32 << (w + 1)).filter(|s| s & black == 0) {
                    for step in moves.iter().filter(|step| s & step.check == step.want) {
                        *gathered.entry((s | step.add) >> k).or_insert(0) += 1;
                    }
                }
                let most = gathered.values().copied().max().unwrap_or(0);
                let bound = max_in_degree(&moves, w, k);
                assert!(bound >= most, "case {} at {}: {} < {}", case, p, bound, most);
                assert!(bound <= moves.len());
                p += k;
            }
        }
        // On a full 20 x 20 board's widest pass: 98 moves, far fewer to one target.
        let white = vec![true; 400];
        let mut moves = vec![Move::STAY];
        let mut one_cell = Vec::new();
        for j in 0..4 {
            cell_moves(&white, 20, 20, 44 + j, &mut one_cell);
            let composed: Vec<Move> = moves
                .iter()
                .flat_map(|a| one_cell.iter().filter_map(move |&b| a.then(b, j)))
                .collect();
            moves = composed;
        }
        assert_eq!(moves.len(), 98);
        assert!(max_in_degree(&moves, 20, 4) <= 16, "{}", max_in_degree(&moves, 20, 4));
    }

    #[test]
    fn blocks_found_from_chunk_starts_agree_with_the_sparse_dp() {
        // 12 and 13 wide: blocks of 64 keys or more, whose starts come from the chunk starts
        // (checked against a search of the keys in debug builds), and at most 95 white cells
        // for the sparse DP, an independent count.
        let mut rng = judge_io::Rng::new(0xC4);
        let mut sparse = super::super::sparse::Sparse::default();
        for _ in 0..20 {
            let w = 12 + rng.index(2);
            let h = 7;
            let mut black = rng.index(6) + (h * w).saturating_sub(95);
            black += (h * w - black) % 3;
            let board = super::super::gen::board_with_black(&mut rng, h, w, black);
            let (want, _) = sparse.count(&board);
            assert_eq!(count_row_major(&board).0, U320::from_u128(want as u128), "\n{}", board);
        }
    }

    #[test]
    fn limb_budget_follows_the_largest_count() {
        assert_eq!(limbs_needed(1, 1, 1), 1);
        assert_eq!(limbs_needed(1, u64::MAX - 1, 1), 1);
        assert_eq!(limbs_needed(1, u64::MAX, 1), 2, "the top limb may be all ones");
        assert_eq!(limbs_needed(1, 1 << 62, 4), 2, "4 moves can quadruple a count");
        assert_eq!(limbs_needed(1, (1 << 62) - 2, 4), 1);
        assert_eq!(limbs_needed(4, 1 << 60, 25), 5);
        assert_eq!(limbs_needed(5, 1 << 60, 25), 5, "never more than 320 bits");
        let (count, stats) = count_row_major(&Board::new(2, 20, vec![Cell::White; 40]));
        assert_eq!(count, U320::zero(), "40 cells are not a multiple of 3");
        assert_eq!(stats.width, 20);
    }
}
