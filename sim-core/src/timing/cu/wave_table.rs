//! The resident wavefronts of a compute unit, by key.
//!
//! A key names one wavefront for its whole life and is never given to another, so an
//! answer for a wavefront that has left finds nothing; keys grow with arrival, so they
//! order wavefronts by arrival (the fetch arbiter's round-robin order). A key also
//! holds the wavefront's place in the table, so finding it takes no hashing: it is
//! `(arrival << SLOT_BITS) | slot`.

use super::WaveSlot;
use std::ops::Index;

/// Bits of a key that hold the slot.
const SLOT_BITS: u32 = 16;

/// The resident wavefronts, each in a slot, found by key.
#[derive(Default)]
pub struct WaveTable {
    /// Per slot: the key of its wavefront and the wavefront, if taken.
    slots: Vec<Option<(usize, WaveSlot)>>,
    /// Wavefronts that have arrived so far.
    arrivals: usize,
    /// Slots taken.
    len: usize,
}

impl WaveTable {
    /// Adds `wave` in the first free slot; returns its key.
    pub fn insert(&mut self, wave: WaveSlot) -> usize {
        let slot = match self.slots.iter().position(Option::is_none) {
            Some(slot) => slot,
            None => {
                self.slots.push(None);
                self.slots.len() - 1
            }
        };
        assert!(slot < 1 << SLOT_BITS, "too many resident wavefronts");
        let key = (self.arrivals << SLOT_BITS) | slot;
        self.arrivals += 1;
        self.len += 1;
        self.slots[slot] = Some((key, wave));
        key
    }

    /// The wavefront `key` names, if it is still resident.
    #[inline]
    pub fn get(&self, key: usize) -> Option<&WaveSlot> {
        match self.slots.get(key & ((1 << SLOT_BITS) - 1)) {
            Some(Some((k, wave))) if *k == key => Some(wave),
            _ => None,
        }
    }

    /// The wavefront `key` names, if it is still resident, to change.
    #[inline]
    pub fn get_mut(&mut self, key: usize) -> Option<&mut WaveSlot> {
        match self.slots.get_mut(key & ((1 << SLOT_BITS) - 1)) {
            Some(Some((k, wave))) if *k == key => Some(wave),
            _ => None,
        }
    }

    /// Removes the wavefront `key` names and returns it, if it was resident.
    pub fn remove(&mut self, key: usize) -> Option<WaveSlot> {
        self.get(key)?;
        self.len -= 1;
        self.slots[key & ((1 << SLOT_BITS) - 1)]
            .take()
            .map(|(_, wave)| wave)
    }

    /// Whether no wavefront is resident.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The resident wavefronts, by slot.
    pub fn values(&self) -> impl Iterator<Item = &WaveSlot> {
        self.slots.iter().flatten().map(|(_, wave)| wave)
    }
}

impl Index<usize> for WaveTable {
    type Output = WaveSlot;

    fn index(&self, key: usize) -> &WaveSlot {
        self.get(key).expect("a resident wavefront")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::program::Program;
    use crate::emu::Wavefront;
    use std::sync::Arc;

    fn wave() -> WaveSlot {
        let program = Arc::new(Program::new(&[], 0));
        WaveSlot::new(Wavefront::new(1), (0, 0), 0, (program, 0), 4, 0)
    }

    #[test]
    fn keys_grow_with_arrival_and_are_never_reused() {
        let mut table = WaveTable::default();
        let a = table.insert(wave());
        let b = table.insert(wave());
        assert!(a < b);
        assert!(table.remove(a).is_some());
        let c = table.insert(wave());
        // c took a's slot but not its key.
        assert!(b < c && c != a);
        assert!(table.get(a).is_none() && table.remove(a).is_none());
        assert!(table.get(b).is_some() && table.get(c).is_some());
        assert_eq!(table.values().count(), 2);
        table.remove(b);
        table.remove(c);
        assert!(table.is_empty());
    }
}
