//! A fast hasher for the simulator's internal maps, whose keys are small numbers the
//! simulation itself makes (so resisting crafted keys, std's reason to be slow, is moot).

use std::hash::{BuildHasherDefault, Hasher};

/// Multiplicative hashing of whole words (bytes are folded in one at a time).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

/// Builds [`FastHasher`]s: the `S` parameter of a `HashMap` or `HashSet`.
pub(crate) type FastHash = BuildHasherDefault<FastHasher>;

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn distinct_small_keys_spread_over_buckets() {
        let hashes: HashSet<u64> = (0..10_000u64)
            .map(|k| {
                let mut h = FastHasher::default();
                h.write_u64(k);
                h.write_u32(7);
                h.finish() >> 54
            })
            .collect();
        // The top 10 bits (what a table of 1024 buckets uses) take many values.
        assert!(hashes.len() > 900, "{} distinct", hashes.len());
    }
}
