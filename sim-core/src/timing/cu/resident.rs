//! The wavefronts resident on a compute unit, each with its [`WaveView`] kept current.
//!
//! Every cycle the compute unit looks at all its wavefronts — tens of them — to choose
//! what to issue and fetch, to count the cycle in its CPI stack and to find its next
//! wake-up. A wavefront's state is large (its registers and instruction buffer); the
//! views are small and lie together, so those scans touch little memory. A view is
//! worked out again whenever the wavefront may have changed: every change goes through
//! [`ResidentWaves::get_mut`], whose guard refreshes the view when dropped.

use super::wavefront::{WaveSlot, WaveView};
use crate::timing::slot_table::SlotTable;
use std::ops::{Deref, DerefMut, Index};

/// The resident wavefronts by key, with their views.
#[derive(Default)]
pub struct ResidentWaves {
    waves: SlotTable<WaveSlot>,
    /// By slot: the key of the wavefront there and its view (`None` for a free slot).
    views: Vec<Option<(usize, WaveView)>>,
    /// A bit per SIMD: a view of one of its wavefronts changed, or one came or went,
    /// since [`take_changed`](Self::take_changed) last looked.
    changed: u64,
}

impl ResidentWaves {
    /// Adds `wave`; returns its key.
    pub fn insert(&mut self, wave: WaveSlot) -> usize {
        let key = self.waves.insert(wave);
        self.refresh(key);
        key
    }

    /// Removes wavefront `key` and returns it, if it was there.
    pub fn remove(&mut self, key: usize) -> Option<WaveSlot> {
        let wave = self.waves.remove(key)?;
        self.views[SlotTable::<WaveSlot>::slot(key)] = None;
        self.changed |= 1 << (wave.simd % 64);
        Some(wave)
    }

    /// Wavefront `key`, if it is still there.
    pub fn get(&self, key: usize) -> Option<&WaveSlot> {
        self.waves.get(key)
    }

    /// Wavefront `key`, if it is still there, to change (its view follows when the guard
    /// is dropped).
    pub fn get_mut(&mut self, key: usize) -> Option<WaveMut<'_>> {
        self.waves.get(key)?;
        Some(WaveMut { waves: self, key })
    }

    /// The view of wavefront `key`, if it is still there.
    pub fn view(&self, key: usize) -> Option<&WaveView> {
        match self.views.get(SlotTable::<WaveSlot>::slot(key))? {
            Some((k, view)) if *k == key => Some(view),
            _ => None,
        }
    }

    /// The views of all resident wavefronts, in no particular order.
    pub fn views(&self) -> impl Iterator<Item = &WaveView> {
        self.views.iter().flatten().map(|(_, view)| view)
    }

    /// Whether a view of a wavefront of SIMD `simd` changed, or one came or went, since
    /// the last call for that SIMD.
    pub fn take_changed(&mut self, simd: usize) -> bool {
        let bit = 1 << (simd % 64);
        let changed = self.changed & bit != 0;
        self.changed &= !bit;
        changed
    }

    /// Whether no wavefront is resident.
    pub fn is_empty(&self) -> bool {
        self.waves.is_empty()
    }

    fn refresh(&mut self, key: usize) {
        let Some(wave) = self.waves.get(key) else {
            return;
        };
        let slot = SlotTable::<WaveSlot>::slot(key);
        if self.views.len() <= slot {
            self.views.resize(slot + 1, None);
        }
        self.views[slot] = Some((key, wave.view()));
        self.changed |= 1 << (wave.simd % 64);
    }
}

impl Index<usize> for ResidentWaves {
    type Output = WaveSlot;

    fn index(&self, key: usize) -> &WaveSlot {
        &self.waves[key]
    }
}

/// A resident wavefront being changed; its view is worked out again when this is dropped.
pub struct WaveMut<'a> {
    waves: &'a mut ResidentWaves,
    key: usize,
}

impl Deref for WaveMut<'_> {
    type Target = WaveSlot;

    fn deref(&self) -> &WaveSlot {
        &self.waves.waves[self.key]
    }
}

impl DerefMut for WaveMut<'_> {
    fn deref_mut(&mut self) -> &mut WaveSlot {
        self.waves
            .waves
            .get_mut(self.key)
            .expect("checked when the guard was made")
    }
}

impl Drop for WaveMut<'_> {
    fn drop(&mut self) {
        self.waves.refresh(self.key);
    }
}
