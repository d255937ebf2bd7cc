//! A table of values found by keys it hands out: the resident wavefronts of a compute
//! unit, the requests a component has in flight.
//!
//! A key names one value for its whole life and is never given to another, so an answer
//! for something that has left finds nothing; keys grow in the order values are added,
//! so ordering by key is ordering by addition. A key also holds the value's slot, so
//! finding it takes no hashing: it is `(additions << SLOT_BITS) | slot`.

use std::ops::Index;

/// Bits of a key that hold the slot.
const SLOT_BITS: u32 = 24;
const SLOT_MASK: usize = (1 << SLOT_BITS) - 1;
/// The key of a free slot (no value is ever given it).
const FREE: usize = usize::MAX;

/// Values in slots, found by key.
#[derive(Debug)]
pub(crate) struct SlotTable<V> {
    /// Per slot: the key of its value and the value, side by side, so that finding a
    /// value by key reads the cache line its key lies in (a value's first bytes share it).
    entries: Vec<Entry<V>>,
    /// Free slots, the one freed last on top.
    free: Vec<usize>,
    /// Values added so far.
    additions: usize,
}

/// One slot of a [`SlotTable`].
#[derive(Debug)]
struct Entry<V> {
    /// The key of its value ([`FREE`] when it has none).
    key: usize,
    /// Its value, if taken.
    value: Option<V>,
}

impl<V> Default for SlotTable<V> {
    fn default() -> Self {
        SlotTable {
            entries: Vec::new(),
            free: Vec::new(),
            additions: 0,
        }
    }
}

impl<V> SlotTable<V> {
    /// Adds `value` in a free slot; returns its key.
    pub(crate) fn insert(&mut self, value: V) -> usize {
        let slot = self.free.pop().unwrap_or_else(|| {
            self.entries.push(Entry {
                key: FREE,
                value: None,
            });
            self.entries.len() - 1
        });
        assert!(slot <= SLOT_MASK, "more than 2^24 values in a slot table");
        let key = (self.additions << SLOT_BITS) | slot;
        self.additions += 1;
        self.entries[slot] = Entry {
            key,
            value: Some(value),
        };
        key
    }

    /// The value `key` names, if it is still there.
    #[inline]
    pub(crate) fn get(&self, key: usize) -> Option<&V> {
        match self.entries.get(key & SLOT_MASK) {
            Some(entry) if entry.key == key => entry.value.as_ref(),
            _ => None,
        }
    }

    /// The value `key` names, if it is still there, to change.
    #[inline]
    pub(crate) fn get_mut(&mut self, key: usize) -> Option<&mut V> {
        match self.entries.get_mut(key & SLOT_MASK) {
            Some(entry) if entry.key == key => entry.value.as_mut(),
            _ => None,
        }
    }

    /// Removes the value `key` names and returns it, if it was there.
    pub(crate) fn remove(&mut self, key: usize) -> Option<V> {
        let slot = key & SLOT_MASK;
        let entry = self.entries.get_mut(slot).filter(|e| e.key == key)?;
        entry.key = FREE;
        self.free.push(slot);
        entry.value.take()
    }

    /// The slot `key` names (below the number of slots the table has had), whether or
    /// not its value is still there: for tables kept beside this one, by slot.
    pub(crate) fn slot(key: usize) -> usize {
        key & SLOT_MASK
    }

    /// Whether the table holds no value.
    pub(crate) fn is_empty(&self) -> bool {
        self.free.len() == self.entries.len()
    }
}

impl<V> Index<usize> for SlotTable<V> {
    type Output = V;

    fn index(&self, key: usize) -> &V {
        self.get(key).expect("a key of a value in the table")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_grow_with_addition_and_are_never_reused() {
        let mut table = SlotTable::default();
        let a = table.insert('a');
        let b = table.insert('b');
        assert!(a < b);
        assert_eq!(table.remove(a), Some('a'));
        let c = table.insert('c');
        // c took a's slot but not its key.
        assert!(b < c && c != a);
        assert_eq!(table.get(a), None);
        assert_eq!(table.remove(a), None);
        assert_eq!((table[b], table[c]), ('b', 'c'));
        *table.get_mut(c).unwrap() = 'C';
        assert_eq!((table[b], table[c]), ('b', 'C'));
        assert_eq!(SlotTable::<char>::slot(c), SlotTable::<char>::slot(a));
        table.remove(b);
        table.remove(c);
        assert!(table.is_empty());
    }
}
