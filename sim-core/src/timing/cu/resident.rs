//! The wavefronts resident on a compute unit, each with its [`WaveView`] kept current.
//!
//! Every cycle the compute unit looks at all its wavefronts — tens of them — to choose
//! what to issue and fetch, to count the cycle in its CPI stack and to find its next
//! wake-up. A wavefront's state is large (its registers and instruction buffer); the
//! views are small and lie together, so those scans touch little memory. A view is
//! worked out again whenever the wavefront may have changed: every change goes through
//! [`ResidentWaves::get_mut`], whose guard refreshes the view when dropped. It also
//! keeps count of the views by what they wait for, so that what the wavefront closest
//! to issuing waits for needs no scan, and each SIMD's wavefronts in arrival order with
//! when they are ready, side by side, for the issue arbiter.

use super::cpi::IssueState;
use super::wavefront::{Ready, WaveSlot, WaveView};
use crate::timing::slot_table::SlotTable;
use std::ops::{Deref, DerefMut, Index};

/// The resident wavefronts by key, with their views.
#[derive(Default)]
pub struct ResidentWaves {
    waves: SlotTable<WaveSlot>,
    /// By slot: the key of the wavefront there and its view (`None` for a free slot).
    views: Vec<ViewSlot>,
    /// A bit per SIMD: when one of its wavefronts is ready changed, or one came or went,
    /// since [`take_changed`](Self::take_changed) last looked.
    changed: u64,
    /// How many views are ready at some time ([`WaveView::ready`]), and how many of the
    /// others wait for each [`IssueState`] (by its index).
    ready: u32,
    blocked: [u32; IssueState::ALL],
    /// The keys of the wavefronts, SIMD after SIMD, each SIMD's in arrival order (so in
    /// increasing order), each with its view's [`ready`](WaveView::ready): one array, so
    /// the scans over the SIMDs read consecutive memory.
    by_simd: Vec<(usize, Ready)>,
    /// Per SIMD: where its wavefronts end in `by_simd` (they start where the previous
    /// SIMD's end).
    simd_ends: Vec<usize>,
}

/// A slot's entry in [`ResidentWaves::views`]: the key of the wavefront there and its
/// view (`None` for a free slot), alone in its cache line (56 bytes unaligned would
/// straddle two lines most of the time).
#[derive(Clone, Copy)]
#[repr(align(64))]
struct ViewSlot(Option<(usize, WaveView)>);

const _: () = assert!(
    std::mem::size_of::<ViewSlot>() == 64,
    "a view fills one cache line"
);

impl ResidentWaves {
    /// Adds `wave`; returns its key.
    pub fn insert(&mut self, wave: WaveSlot) -> usize {
        let simd = wave.simd as usize;
        let key = self.waves.insert(wave);
        if self.simd_ends.len() <= simd {
            self.simd_ends.resize(simd + 1, self.by_simd.len());
        }
        self.by_simd.insert(self.simd_ends[simd], (key, None));
        for end in &mut self.simd_ends[simd..] {
            *end += 1;
        }
        self.refresh(key);
        key
    }

    /// Removes wavefront `key` and returns it, if it was there.
    pub fn remove(&mut self, key: usize) -> Option<WaveSlot> {
        let wave = self.waves.remove(key)?;
        if let Some((_, view)) = self.views[SlotTable::<WaveSlot>::slot(key)].0.take() {
            self.count(&view, false);
        }
        let simd = wave.simd as usize;
        if let Some(i) = self.place(simd, key) {
            self.by_simd.remove(i);
            for end in &mut self.simd_ends[simd..] {
                *end -= 1;
            }
        }
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
        match &self.views.get(SlotTable::<WaveSlot>::slot(key))?.0 {
            Some((k, view)) if *k == key => Some(view),
            _ => None,
        }
    }

    /// The views of all resident wavefronts, in no particular order.
    pub fn views(&self) -> impl Iterator<Item = &WaveView> {
        self.views
            .iter()
            .filter_map(|v| v.0.as_ref())
            .map(|(_, view)| view)
    }

    /// The wavefronts of SIMD `simd` in arrival order, each with its view's
    /// [`ready`](WaveView::ready).
    pub fn on_simd(&self, simd: usize) -> &[(usize, Ready)] {
        &self.by_simd[self.simd_range(simd)]
    }

    /// Where the wavefronts of SIMD `simd` lie in `by_simd`.
    fn simd_range(&self, simd: usize) -> std::ops::Range<usize> {
        match self.simd_ends.get(simd) {
            Some(&end) => simd.checked_sub(1).map_or(0, |s| self.simd_ends[s])..end,
            None => 0..0,
        }
    }

    /// Where wavefront `key` of SIMD `simd` lies in `by_simd`, if it is there.
    fn place(&self, simd: usize, key: usize) -> Option<usize> {
        let range = self.simd_range(simd);
        let start = range.start;
        let i = self.by_simd[range]
            .binary_search_by_key(&key, |e| e.0)
            .ok()?;
        Some(start + i)
    }

    /// The view's [`ready`](WaveView::ready) of wavefront `key` of SIMD `simd`, if it is
    /// still there; `at` is where it is likeliest in [`on_simd`](Self::on_simd).
    pub fn ready_on_simd(&self, simd: usize, key: usize, at: usize) -> Option<Ready> {
        let list = self.on_simd(simd);
        match list.get(at) {
            Some(&(k, ready)) if k == key => Some(ready),
            _ => {
                let i = list.binary_search_by_key(&key, |e| e.0).ok()?;
                Some(list[i].1)
            }
        }
    }

    /// Whether when a wavefront of SIMD `simd` is ready changed, or one came or went,
    /// since [`take_changed`](Self::take_changed) last looked at that SIMD.
    pub fn changed(&self, simd: usize) -> bool {
        self.changed & (1 << (simd % 64)) != 0
    }

    /// Whether when a wavefront of SIMD `simd` is ready changed, or one came or went,
    /// since the last call for that SIMD.
    pub fn take_changed(&mut self, simd: usize) -> bool {
        let bit = 1 << (simd % 64);
        let changed = self.changed & bit != 0;
        self.changed &= !bit;
        changed
    }

    /// Whether some wavefront is ready to issue at some time ([`WaveView::ready`]).
    pub fn any_ready(&self) -> bool {
        self.ready > 0
    }

    /// What the wavefront closest to issuing among those not ready waits for
    /// ([`IssueState::Empty`] when there is none).
    pub fn closest_blocked(&self) -> IssueState {
        IssueState::BLOCKED
            .into_iter()
            .find(|&s| self.blocked[s as usize] > 0)
            .unwrap_or(IssueState::Empty)
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
            self.views.resize(slot + 1, ViewSlot(None));
        }
        let (view, simd) = (wave.view(), wave.simd as usize);
        let old = self.views[slot].0.replace((key, view)).map(|(_, old)| old);
        if let Some(old) = &old {
            self.count(old, false);
        }
        self.count(&view, true);
        // The issue arbiter looks only at when wavefronts are ready.
        if old.map(|old| old.ready) != Some(view.ready) {
            if let Some(i) = self.place(simd, key) {
                self.by_simd[i].1 = view.ready;
            }
            self.changed |= 1 << (simd % 64);
        }
    }

    /// Counts `view` in (`add`) or out of the counts by what views wait for.
    fn count(&mut self, view: &WaveView, add: bool) {
        let n = match view.ready {
            Some(_) => &mut self.ready,
            None => &mut self.blocked[view.blocked() as usize],
        };
        if add {
            *n += 1;
        } else {
            *n -= 1;
        }
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
