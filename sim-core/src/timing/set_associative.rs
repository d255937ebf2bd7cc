//! Set-associative storage with least-recently-used replacement: the tag arrays of caches
//! and TLBs.

/// Entries of type `V` keyed by a number (a line or page number): `key / stride` modulo
/// the number of sets picks the set, and within a set the least recently used entry makes
/// room for a new one. (A stride above 1 serves one bank of an interleaved cache, which
/// sees only every `stride`-th line.)
///
/// The entries lie in flat arrays by set, then way, so a lookup goes straight to its
/// set's keys (a scan of a few host cache lines), with no list per set to reach first.
/// The arrays start zeroed, so the operating system backs the pages of a large, sparsely
/// used one (the L2 TLB's 16,384 sets of 64 ways) only as sets are used. The entry
/// found or stored last is tried first: consecutive lookups mostly want the same one (a
/// wavefront's accesses to one page), which a wide set's scan would find last.
#[derive(Debug)]
pub(crate) struct SetAssociative<V> {
    /// By set, then way: each entry's key + 1 (0 in a way not filled, so a key is found
    /// only where its entry is).
    keys: Vec<u64>,
    /// By set, then way: when each entry was last used (a count of uses).
    last_use: Vec<u64>,
    /// By set, then way: the entries.
    values: Vec<V>,
    /// Per set: how many of its ways are filled (ways fill in order and empty together).
    filled: Vec<u32>,
    sets: usize,
    ways: usize,
    stride: u64,
    /// Counts uses, to order them.
    uses: u64,
    /// Where the entry found or stored last lies (its key may have moved on since).
    recent: usize,
    /// A bit per set: the sets [`note`](Self::note)d since they were last taken.
    noted: Vec<u64>,
}

impl<V: Default + Clone> SetAssociative<V> {
    /// Empty storage of `sets` sets (a power of two) of `ways` entries, whose keys are
    /// spaced `stride` apart.
    pub(crate) fn new(sets: usize, ways: usize, stride: u64) -> Self {
        assert!(
            sets.is_power_of_two() && ways > 0 && stride > 0,
            "validated configuration"
        );
        SetAssociative {
            keys: vec![0; sets * ways],
            last_use: vec![0; sets * ways],
            values: vec![V::default(); sets * ways],
            filled: vec![0; sets],
            sets,
            ways,
            stride,
            uses: 0,
            recent: 0,
            noted: vec![0; sets.div_ceil(64)],
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
        (spaced & (self.sets as u64 - 1)) as usize
    }

    /// The entry of `key`, marked as the most recently used.
    pub(crate) fn get(&mut self, key: u64) -> Option<&mut V> {
        self.uses += 1;
        let at = self.position(key)?;
        self.last_use[at] = self.uses;
        Some(&mut self.values[at])
    }

    /// The entry of `key`, not marked as used.
    pub(crate) fn peek(&mut self, key: u64) -> Option<&mut V> {
        let at = self.position(key)?;
        Some(&mut self.values[at])
    }

    /// Where `key`'s entry lies in the flat arrays, if present.
    #[inline]
    fn position(&mut self, key: u64) -> Option<usize> {
        // Keys are unique, and a way not filled holds 0: a match is the entry.
        if self.keys[self.recent] == key + 1 {
            return Some(self.recent);
        }
        let set = self.set(key);
        let first = set * self.ways;
        let filled = self.filled[set] as usize;
        // Newest entries first: the likeliest in a wide set that fills in use order.
        let way = self.keys[first..first + filled]
            .iter()
            .rposition(|&k| k == key + 1)?;
        self.recent = first + way;
        Some(first + way)
    }

    /// Stores `value` for `key` (which must not be present) as the most recently used
    /// entry; returns the entry it replaced when the set was full.
    pub(crate) fn insert(&mut self, key: u64, value: V) -> Option<(u64, V)> {
        self.insert_unless_held(key, value, |_| false)
            .unwrap_or_else(|_| unreachable!("no entry is held"))
    }

    /// Stores `value` for `key` (which must not be present) as the most recently used
    /// entry, replacing the least recently used of the entries whose keys `held` does not
    /// hold when the set is full; returns the entry it replaced, or gives `value` back
    /// when every entry of the full set is held.
    pub(crate) fn insert_unless_held(
        &mut self,
        key: u64,
        value: V,
        held: impl Fn(u64) -> bool,
    ) -> Result<Option<(u64, V)>, V> {
        let set = self.set(key);
        let first = set * self.ways;
        let filled = self.filled[set] as usize;
        if filled < self.ways {
            self.uses += 1;
            self.keys[first + filled] = key + 1;
            self.last_use[first + filled] = self.uses;
            self.values[first + filled] = value;
            self.filled[set] += 1;
            self.recent = first + filled;
            return Ok(None);
        }
        let uses = &self.last_use[first..first + self.ways];
        // Uses are distinct, so the least recently used way is the victim unless it is
        // held; only then are the others asked about (`held` may cost a lookup each).
        let lru = (0..self.ways).min_by_key(|&way| uses[way]);
        let victim = match lru {
            Some(way) if !held(self.keys[first + way] - 1) => Some(way),
            _ => (0..self.ways)
                .filter(|&way| !held(self.keys[first + way] - 1))
                .min_by_key(|&way| uses[way]),
        };
        let Some(victim) = victim else {
            return Err(value);
        };
        self.uses += 1;
        let at = first + victim;
        self.recent = at;
        self.last_use[at] = self.uses;
        let old_key = std::mem::replace(&mut self.keys[at], key + 1) - 1;
        let old = std::mem::replace(&mut self.values[at], value);
        Ok(Some((old_key, old)))
    }

    /// Removes the entry of `key`, if present; the set's last filled way takes its place.
    pub(crate) fn remove(&mut self, key: u64) -> Option<V> {
        let at = self.position(key)?;
        let set = self.set(key);
        let last = set * self.ways + self.filled[set] as usize - 1;
        self.keys.swap(at, last);
        self.last_use.swap(at, last);
        self.values.swap(at, last);
        self.keys[last] = 0;
        self.filled[set] -= 1;
        Some(std::mem::take(&mut self.values[last]))
    }

    /// Notes the set of `key` (e.g. as one that may hold a dirty entry), to be visited by
    /// [`take_noted`](Self::take_noted).
    pub(crate) fn note(&mut self, key: u64) {
        let set = self.set(key);
        self.noted[set / 64] |= 1 << (set % 64);
    }

    /// Calls `visit` with every entry of the sets noted since the last call (or
    /// [`drain`](Self::drain)), by set, then by way (not marked as used), and forgets the
    /// notes: a pass that skips the sets never noted.
    pub(crate) fn take_noted(&mut self, mut visit: impl FnMut(u64, &mut V)) {
        for word in 0..self.noted.len() {
            let mut bits = std::mem::take(&mut self.noted[word]);
            while bits != 0 {
                let set = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let first = set * self.ways;
                for at in first..first + self.filled[set] as usize {
                    visit(self.keys[at] - 1, &mut self.values[at]);
                }
            }
        }
    }

    /// Removes every entry; returns them by set, then by way.
    pub(crate) fn drain(&mut self) -> Vec<(u64, V)> {
        self.noted.fill(0);
        let mut out = Vec::new();
        for (set, filled) in self.filled.iter_mut().enumerate() {
            let first = set * self.ways;
            for at in first..first + std::mem::take(filled) as usize {
                let key = std::mem::take(&mut self.keys[at]) - 1;
                out.push((key, std::mem::take(&mut self.values[at])));
            }
        }
        out
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
    fn a_held_entry_is_never_replaced() {
        let mut s = SetAssociative::new(1, 2, 1);
        assert_eq!(s.insert_unless_held(0, "a", |_| true), Ok(None));
        assert_eq!(s.insert_unless_held(1, "b", |_| true), Ok(None));
        // 0 is the least recently used, but held: 1 makes room.
        assert_eq!(s.insert_unless_held(2, "c", |k| k == 0), Ok(Some((1, "b"))));
        // Peeking does not make 0 recently used: 0 goes next.
        assert_eq!(s.peek(0), Some(&mut "a"));
        assert_eq!(s.insert_unless_held(3, "d", |_| false), Ok(Some((0, "a"))));
        // Every entry held: the value comes back and nothing changes.
        assert_eq!(s.insert_unless_held(4, "e", |_| true), Err("e"));
        assert_eq!(s.peek(2), Some(&mut "c"));
        assert!(s.peek(4).is_none());
        // A removed entry's way is free again: nothing is replaced.
        assert_eq!(s.remove(2), Some("c"));
        assert!(s.remove(2).is_none());
        assert_eq!(s.insert(4, "e"), None);
        assert_eq!(s.insert(5, "f"), Some((3, "d")));
    }

    #[test]
    fn the_entry_found_last_is_never_found_once_gone() {
        let mut s = SetAssociative::new(1, 4, 1);
        for key in 0..3 {
            assert!(s.insert(key, key * 10).is_none());
        }
        assert_eq!(s.get(0), Some(&mut 0));
        // Removing 0 moves 2 into its way: 2 is found there, 0 nowhere.
        assert_eq!(s.remove(0), Some(0));
        assert!(s.get(0).is_none());
        assert_eq!(s.get(2), Some(&mut 20));
        assert_eq!(s.get(2), Some(&mut 20));
        assert_eq!(s.drain().len(), 2);
        assert!(s.get(2).is_none());
        assert!(s.peek(1).is_none());
    }

    #[test]
    fn only_noted_sets_are_visited_in_set_order_once() {
        // 130 sets of one way (three words of notes): keys 0..130, one per set.
        let mut s = SetAssociative::new(256, 1, 1);
        for key in 0..130 {
            assert!(s.insert(key, key).is_none());
        }
        for key in [129, 3, 64, 3] {
            s.note(key);
        }
        let mut seen = Vec::new();
        s.take_noted(|key, value| seen.push((key, *value)));
        assert_eq!(seen, [(3, 3), (64, 64), (129, 129)]);
        s.take_noted(|key, _| panic!("set of {key} visited twice"));
        s.note(5);
        s.drain();
        s.take_noted(|key, _| panic!("set of {key} visited after a drain"));
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
