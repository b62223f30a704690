//! A small seeded random source (SplitMix64): for randomized algorithms in a submission, and
//! for the problems' generators and tests, which need the same bytes from the same seed on
//! every machine.

/// A small, fast, seeded generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes generated tests reproducible.
///
/// ```
/// let mut rng = judge_io::Rng::new(7);
/// let die = rng.range(1, 6);
/// assert!((1..=6).contains(&die));
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

/// SplitMix64's state advances by this constant on every draw.
const STEP: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(STEP);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Skips the next `draws` values in O(1), as if `next_u64` had been called that often:
    /// draw `i` of a sequence is reachable without the `i` before it.
    pub fn skip(&mut self, draws: u64) {
        self.state = self.state.wrapping_add(STEP.wrapping_mul(draws));
    }

    /// A uniform value in `0..bound`.
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below needs a positive bound");
        // Multiply-shift keeps the bias below 2^-64 * bound, far beneath what tests can see.
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }

    /// A uniform value in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range needs lo <= hi");
        if hi - lo == u64::MAX {
            return self.next_u64();
        }
        lo + self.below(hi - lo + 1)
    }

    /// A uniform index in `0..len`, as `usize`.
    ///
    /// # Panics
    /// If `len` is 0.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `num / den`.
    ///
    /// # Panics
    /// If `den` is 0.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_sequence_and_ranges_hold() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let v = a.range(3, 8);
            assert!((3..=8).contains(&v));
            b.range(3, 8);
        }
        let mut seen = [false; 6];
        for _ in 0..1000 {
            seen[a.index(6)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value in 0..6 appears in 1000 draws");
    }

    #[test]
    fn skip_lands_where_the_draws_would() {
        for &draws in [0u64, 1, 2, 17, 1000].iter() {
            let mut walked = Rng::new(3);
            for _ in 0..draws {
                walked.next_u64();
            }
            let mut skipped = Rng::new(3);
            skipped.skip(draws);
            assert_eq!(skipped.next_u64(), walked.next_u64(), "after {} draws", draws);
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..100).collect();
        Rng::new(1).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
