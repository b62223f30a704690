//! A fast hasher for maps keyed by small integers or short integer lists.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher in the style of FxHash: a few cycles per word where std's SipHash
/// takes tens.
///
/// It does not resist keys crafted to collide. A judge's tests are not written against this
/// hasher, and a collision costs time, never a wrong answer: keys are still compared in full.
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(b as u64);
        }
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiplications leave the best-mixed bits on top, and the map takes its slot from
        // the low bits: fold the top half down.
        self.hash ^ (self.hash >> 32)
    }
}

/// A `HashMap` with [`FxHasher`]; make one with `FxHashMap::default()`.
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::FxHashMap;

    #[test]
    fn a_map_of_vectors_and_integers_works() {
        let mut map: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        for i in 0..1000u32 {
            *map.entry(vec![i % 37, i % 11, 7]).or_insert(0) += 1;
        }
        assert_eq!(map.len(), 37 * 11);
        assert_eq!(map.values().sum::<u32>(), 1000);
        let mut ints: FxHashMap<u64, u64> = FxHashMap::default();
        ints.extend((0..10_000u64).map(|i| (i << 32, i)));
        assert!((0..10_000u64).all(|i| ints[&(i << 32)] == i));
    }
}
