//! The dispatcher's account of each compute unit's free resources: wavefront slots,
//! VGPRs and SGPRs per SIMD, and LDS per compute unit.

use super::workgroup::{WavePlacement, WAVEFRONT_SIZE};
use super::{KernelLaunch, LaunchError, WorkGroup};
use crate::config::GpuConfig;

/// VGPRs are allocated to a wavefront in blocks of 4 on GFX8 (LLVM `getVGPRAllocGranule`).
pub const VGPR_GRANULE: u32 = 4;
/// SGPRs are allocated to a wavefront in blocks of 16 on GFX8 (LLVM `getSGPRAllocGranule`).
pub const SGPR_GRANULE: u32 = 16;
/// LDS is allocated to a work-group in blocks of 128 dwords on GFX7–GFX10 (AMDGPUUsage,
/// `compute_pgm_rsrc2.GRANULATED_LDS_SIZE`).
pub const LDS_GRANULE: u32 = 512;

/// What one work-group takes from a compute unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WorkGroupNeeds {
    pub(crate) wavefronts: u32,
    pub(crate) vgprs: u32,
    pub(crate) sgprs: u32,
    pub(crate) lds_bytes: u32,
}

impl WorkGroupNeeds {
    /// The needs of a work-group of `work_items` work-items of `kernel`.
    pub(crate) fn new(kernel: &KernelLaunch, work_items: u32) -> Self {
        WorkGroupNeeds {
            wavefronts: work_items.div_ceil(WAVEFRONT_SIZE),
            vgprs: kernel
                .vgprs_per_wavefront
                .max(1)
                .next_multiple_of(VGPR_GRANULE),
            sgprs: kernel
                .sgprs_per_wavefront
                .max(1)
                .next_multiple_of(SGPR_GRANULE),
            lds_bytes: kernel.group_segment_size.next_multiple_of(LDS_GRANULE),
        }
    }

    /// The needs of a work-group already placed.
    pub(crate) fn of(workgroup: &WorkGroup) -> Self {
        Self::new(&workgroup.kernel, workgroup.work_items())
    }
}

/// Free resources of one SIMD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Simd {
    /// Bit `i` set: wavefront slot `i` is free.
    free_slots: u64,
    vgprs: u32,
    sgprs: u32,
}

/// Most wavefront slots per SIMD the dispatcher tracks (GCN3 has 10).
pub const MAX_WAVEFRONT_SLOTS_PER_SIMD: u32 = 64;

/// Free resources of one compute unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CuResources {
    simds: Vec<Simd>,
    lds_bytes: u64,
    /// The SIMD the next work-group's first wavefront tries first (round robin).
    next_simd: usize,
}

impl CuResources {
    /// An empty compute unit of `config`.
    pub(crate) fn new(config: &GpuConfig) -> Self {
        let slots = config
            .wavefront_slots_per_simd
            .min(MAX_WAVEFRONT_SLOTS_PER_SIMD);
        let simd = Simd {
            free_slots: u64::MAX >> (64 - slots),
            vgprs: config.vgprs_per_simd,
            sgprs: config.sgprs_per_simd,
        };
        CuResources {
            simds: vec![simd; config.simds_per_cu as usize],
            lds_bytes: config.lds_bytes,
            next_simd: 0,
        }
    }

    /// Checks that a work-group with `needs` fits on an empty compute unit of `config`;
    /// otherwise names the first resource that is short.
    pub(crate) fn check_fits_empty(
        config: &GpuConfig,
        needs: &WorkGroupNeeds,
    ) -> Result<(), LaunchError> {
        let short = |resource, needed: u64, available: u64| {
            if needed > available {
                Err(LaunchError::WorkGroupDoesNotFit {
                    resource,
                    needed,
                    available,
                })
            } else {
                Ok(())
            }
        };
        short(
            "wavefront slots",
            needs.wavefronts.into(),
            config.wavefront_slots_per_cu().into(),
        )?;
        short(
            "VGPRs per SIMD",
            needs.vgprs.into(),
            config.vgprs_per_simd.into(),
        )?;
        short(
            "SGPRs per SIMD",
            needs.sgprs.into(),
            config.sgprs_per_simd.into(),
        )?;
        short("bytes of LDS", needs.lds_bytes.into(), config.lds_bytes)?;
        // Each SIMD holds as many of the work-group's wavefronts as its slots and
        // registers allow; together they must hold all of them.
        let per_simd = config
            .wavefront_slots_per_simd
            .min(config.vgprs_per_simd / needs.vgprs)
            .min(config.sgprs_per_simd / needs.sgprs);
        short(
            "wavefronts the SIMDs' registers can hold",
            needs.wavefronts.into(),
            u64::from(per_simd) * u64::from(config.simds_per_cu),
        )
    }

    /// Reserves room for a work-group, placing its wavefronts on SIMDs round robin
    /// (skipping full SIMDs), each in the SIMD's lowest free slot; returns where each
    /// wavefront went, or `None` (and changes nothing) if it does not fit now.
    pub(crate) fn reserve(&mut self, needs: &WorkGroupNeeds) -> Option<WavePlacement> {
        let n = self.simds.len();
        if u64::from(needs.lds_bytes) > self.lds_bytes || n == 0 {
            return None;
        }
        let mut placement = WavePlacement::default();
        let mut cursor = self.next_simd;
        let takes = |simd: &Simd| {
            simd.free_slots != 0 && simd.vgprs >= needs.vgprs && simd.sgprs >= needs.sgprs
        };
        for w in 0..needs.wavefronts as usize {
            // From the cursor round the ring.
            let mut s = cursor;
            let found = loop {
                if takes(&self.simds[s]) {
                    break Some(s);
                }
                s = if s + 1 == n { 0 } else { s + 1 };
                if s == cursor {
                    break None;
                }
            };
            let Some(found) = found else {
                // Undo the wavefronts placed so far.
                let lds = WorkGroupNeeds {
                    lds_bytes: 0,
                    ..*needs
                };
                self.release(&lds, &placement, w);
                return None;
            };
            let simd = &mut self.simds[found];
            let slot = simd.free_slots.trailing_zeros();
            simd.free_slots &= !(1 << slot);
            simd.vgprs -= needs.vgprs;
            simd.sgprs -= needs.sgprs;
            placement.simds[w] = found as u8;
            placement.slots[w] = slot as u8;
            cursor = if found + 1 == n { 0 } else { found + 1 };
        }
        self.lds_bytes -= u64::from(needs.lds_bytes);
        self.next_simd = cursor;
        Some(placement)
    }

    /// Gives back what the first `wavefronts` wavefronts of a work-group held (and its
    /// LDS).
    pub(crate) fn release(
        &mut self,
        needs: &WorkGroupNeeds,
        placement: &WavePlacement,
        wavefronts: usize,
    ) {
        let placed = placement.simds.iter().zip(&placement.slots);
        for (&s, &slot) in placed.take(wavefronts) {
            let simd = &mut self.simds[s as usize];
            simd.free_slots |= 1 << slot;
            simd.vgprs += needs.vgprs;
            simd.sgprs += needs.sgprs;
        }
        self.lds_bytes += u64::from(needs.lds_bytes);
    }
}
