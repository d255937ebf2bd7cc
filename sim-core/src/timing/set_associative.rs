//! Set-associative storage with least-recently-used replacement: the tag arrays of caches
//! and TLBs.

/// Entries of type `V` keyed by a number (a line or page number): `key / stride` modulo
/// the number of sets picks the set, and within a set the least recently used entry makes
/// room for a new one. (A stride above 1 serves one bank of an interleaved cache, which
/// sees only every `stride`-th line.)
#[derive(Debug)]
pub(crate) struct SetAssociative<V> {
    sets: Vec<Vec<Way<V>>>,
    ways: usize,
    stride: u64,
    /// Counts uses, to order them.
    uses: u64,
}

#[derive(Debug)]
struct Way<V> {
    key: u64,
    value: V,
    last_use: u64,
}

impl<V> SetAssociative<V> {
    /// Empty storage of `sets` sets (a power of two) of `ways` entries, whose keys are
    /// spaced `stride` apart.
    pub(crate) fn new(sets: usize, ways: usize, stride: u64) -> Self {
        assert!(
            sets.is_power_of_two() && ways > 0 && stride > 0,
            "validated configuration"
        );
        SetAssociative {
            // Sets grow as they fill: a large TLB (16,384 sets of 64 ways) would otherwise
            // take megabytes before its first entry.
            sets: (0..sets).map(|_| Vec::new()).collect(),
            ways,
            stride,
            uses: 0,
        }
    }

    fn set(&self, key: u64) -> usize {
        // Shifts and masks where they do (sets always, strides usually are powers of
        // two): this runs for every lookup.
        let spaced = if self.stride.is_power_of_two() {
            key >> self.stride.trailing_zeros()
        } else {
            key / self.stride
        };
        (spaced & (self.sets.len() as u64 - 1)) as usize
    }

    /// The entry of `key`, marked as the most recently used.
    pub(crate) fn get(&mut self, key: u64) -> Option<&mut V> {
        self.uses += 1;
        let uses = self.uses;
        let set = self.set(key);
        // Newest entries first: the likeliest in a wide set that fills in use order.
        let way = self.sets[set].iter_mut().rev().find(|w| w.key == key)?;
        way.last_use = uses;
        Some(&mut way.value)
    }

    /// Stores `value` for `key` (which must not be present) as the most recently used
    /// entry; returns the entry it replaced when the set was full.
    pub(crate) fn insert(&mut self, key: u64, value: V) -> Option<(u64, V)> {
        self.uses += 1;
        let way = Way {
            key,
            value,
            last_use: self.uses,
        };
        let set = self.set(key);
        let ways = &mut self.sets[set];
        debug_assert!(ways.iter().all(|w| w.key != key), "key already stored");
        if ways.len() < self.ways {
            ways.push(way);
            return None;
        }
        let victim = ways
            .iter_mut()
            .min_by_key(|w| w.last_use)
            .expect("a full set has ways");
        let old = std::mem::replace(victim, way);
        Some((old.key, old.value))
    }

    /// Every entry, by set, then by way (not marked as used).
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (u64, &mut V)> {
        self.sets
            .iter_mut()
            .flat_map(|set| set.iter_mut().map(|w| (w.key, &mut w.value)))
    }

    /// Removes every entry; returns them by set, then by way.
    pub(crate) fn drain(&mut self) -> Vec<(u64, V)> {
        self.sets
            .iter_mut()
            .flat_map(|set| set.drain(..).map(|w| (w.key, w.value)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_recently_used_entry_is_replaced() {
        let mut s = SetAssociative::new(2, 2, 1);
        // Keys 0, 2, 4 share set 0.
        assert!(s.insert(0, "a").is_none());
        assert!(s.insert(2, "b").is_none());
        assert!(s.insert(1, "other set").is_none());
        assert_eq!(s.get(0), Some(&mut "a"));
        assert_eq!(s.insert(4, "c"), Some((2, "b")));
        assert_eq!(s.insert(6, "d"), Some((0, "a")));
        assert!(s.get(2).is_none());
        assert_eq!(s.get(1), Some(&mut "other set"));
        assert_eq!(s.drain().len(), 3);
        assert!(s.get(4).is_none());
    }

    #[test]
    fn stride_spreads_a_banks_keys_over_all_sets() {
        // A bank of two sees keys 0, 2, 4, 6: they fill both sets of one way.
        let mut s = SetAssociative::new(2, 1, 2);
        for key in [0, 2] {
            assert!(s.insert(key, ()).is_none());
        }
        assert_eq!(s.insert(4, ()), Some((0, ())));
    }
}
