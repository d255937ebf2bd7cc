//! Set-associative storage with least-recently-used replacement: the tag arrays of caches
//! and TLBs.

/// Entries of type `V` keyed by a number (a line or page number): the key's low bits pick
/// the set, and within a set the least recently used entry makes room for a new one.
#[derive(Debug)]
pub(crate) struct SetAssociative<V> {
    sets: Vec<Vec<Way<V>>>,
    ways: usize,
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
    /// Empty storage of `sets` sets (a power of two) of `ways` entries.
    pub(crate) fn new(sets: usize, ways: usize) -> Self {
        assert!(
            sets.is_power_of_two() && ways > 0,
            "validated configuration"
        );
        SetAssociative {
            sets: (0..sets).map(|_| Vec::with_capacity(ways)).collect(),
            ways,
            uses: 0,
        }
    }

    fn set(&self, key: u64) -> usize {
        (key % self.sets.len() as u64) as usize
    }

    /// The entry of `key`, marked as the most recently used.
    pub(crate) fn get(&mut self, key: u64) -> Option<&mut V> {
        self.uses += 1;
        let uses = self.uses;
        let set = self.set(key);
        let way = self.sets[set].iter_mut().find(|w| w.key == key)?;
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
        let mut s = SetAssociative::new(2, 2);
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
}
