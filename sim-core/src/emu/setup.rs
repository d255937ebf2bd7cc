//! The initial register state of a wavefront, as the command processor and SPI set it up
//! for an HSA kernel on gfx8 (LLVM AMDGPUUsage, "Initial Kernel Execution State", code
//! object v2–v5). Both the functional and the timing compute units use [`initialize`].

use super::buffer::BufferResource;
use super::wavefront::{Wavefront, FLAT_SCRATCH_HI, LANES};
use crate::isa::operand::FLAT_SCRATCH_LO;
use crate::loader::{KernelDescriptor, SgprValue};

/// Everything about a wavefront's dispatch that its initial registers depend on, besides
/// the kernel descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WavefrontSetup {
    /// Address of the AQL dispatch packet (dispatch ptr).
    pub dispatch_packet_address: u64,
    /// Address of the `amd_queue_t` (queue ptr).
    pub queue_address: u64,
    /// Address of the kernarg segment.
    pub kernarg_address: u64,
    /// The dispatch id.
    pub dispatch_id: u64,
    /// Base address of the dispatch's scratch memory (the private segment buffer's base).
    pub scratch_base: u64,
    /// Byte offset of this wavefront's scratch from `scratch_base` (a multiple of 256).
    pub scratch_wave_offset: u32,
    /// Private bytes per work-item (the dispatch packet's private segment size).
    pub private_segment_size: u32,
    /// Work-group id in each dimension.
    pub workgroup_id: [u32; 3],
    /// The work-group's actual size in each dimension (smaller at a partial edge).
    pub workgroup_size: [u32; 3],
    /// Work-groups in the grid in each dimension (code object v2's optional SGPRs).
    pub grid_workgroup_count: [u32; 3],
    /// The wavefront's index within its work-group.
    pub wave_index: u32,
}

impl WavefrontSetup {
    /// Work-items in the work-group.
    pub fn work_items(&self) -> u32 {
        self.workgroup_size.iter().product()
    }

    /// The wavefront's initial EXEC: its work-items (all 64 except in the last wavefront of
    /// a work-group whose size is not a multiple of 64).
    pub fn exec_mask(&self) -> u64 {
        let first = self.wave_index * LANES as u32;
        let n = self.work_items().saturating_sub(first).min(LANES as u32);
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }
}

/// The private-aperture-relative setting gcnsim uses for FLAT_SCRATCH_INIT: the dispatch's
/// scratch base stands for SH_HIDDEN_PRIVATE_BASE_VIMID, so the queue's offset from it is 0.
const FLAT_SCRATCH_QUEUE_OFFSET: u32 = 0;

/// Sets `w`'s registers for the start of kernel `kd` at `entry_pc`: user SGPRs in order as
/// the kernel code properties enable them, system SGPRs from USER_SGPR_COUNT, FLAT_SCRATCH,
/// work-item ids in v0–v2, EXEC, MODE from COMPUTE_PGM_RSRC1, and the PC.
pub fn initialize(w: &mut Wavefront, kd: &KernelDescriptor, setup: &WavefrontSetup, entry_pc: u64) {
    LaunchRegisters::new(kd, setup, entry_pc).apply(w, setup);
}

/// What [`initialize`] sets that is the same for every wavefront of one launch — the
/// SGPRs from the launch-wide fields of a [`WavefrontSetup`] (all but the work-group id
/// and size, the wavefront's index and its scratch offset), MODE and the PC — worked out
/// once, and where the per-wavefront SGPRs go.
#[derive(Debug, Clone)]
pub struct LaunchRegisters {
    /// The SGPRs (by operand code) as every wavefront of the launch starts, before its
    /// own values are written.
    sgprs: [u32; 128],
    /// The SGPRs each wavefront sets from its own setup, in order: the register, its
    /// value and which word of the value.
    per_wave: Vec<(usize, SgprValue, usize)>,
    /// How many of v0–v2 hold work-item ids.
    workitem_id_vgprs: usize,
    mode: u32,
    entry_pc: u64,
}

impl LaunchRegisters {
    /// The registers of the launch of kernel `kd` at `entry_pc` that `setup` (any of its
    /// wavefronts') belongs to.
    pub fn new(kd: &KernelDescriptor, setup: &WavefrontSetup, entry_pc: u64) -> Self {
        let mut sgprs = [0u32; 128];
        let mut per_wave: Vec<(usize, SgprValue, usize)> = Vec::new();
        for init in kd.initial_sgprs() {
            let own = matches!(
                init.value,
                SgprValue::WorkgroupId(_)
                    | SgprValue::WorkgroupInfo
                    | SgprValue::PrivateSegmentWaveOffset
            );
            let values = sgpr_values(init.value, setup);
            for (k, &v) in values.iter().enumerate().take(init.count as usize) {
                let r = init.first as usize + k;
                if r < 102 {
                    // A later range written over an earlier one wins, as in order.
                    per_wave.retain(|&(reg, _, _)| reg != r);
                    if own {
                        per_wave.push((r, init.value, k));
                    }
                    sgprs[r] = v;
                }
            }
        }
        // The FLAT_SCRATCH register as the gfx8 prologue would set it (lo: per-lane
        // size; hi, per wavefront: wave base >> 8), so flat private accesses work without
        // the prologue too.
        sgprs[FLAT_SCRATCH_LO as usize] = setup.private_segment_size;
        let rsrc1 = kd.compute_pgm_rsrc1;
        LaunchRegisters {
            sgprs,
            per_wave,
            workitem_id_vgprs: kd.workitem_id_vgprs() as usize,
            mode: (rsrc1.0 >> 12) & 0xff
                | u32::from(rsrc1.dx10_clamp()) << 8
                | u32::from(rsrc1.ieee_mode()) << 9,
            entry_pc,
        }
    }

    /// Sets the registers of `w`, a wavefront of this launch described by `setup`, for
    /// its start (all its SGPRs; of its VGPRs, only the work-item ids).
    pub fn apply(&self, w: &mut Wavefront, setup: &WavefrontSetup) {
        w.sgprs = self.sgprs;
        self.apply_own(w, setup);
    }

    /// Makes `w` what a new wavefront of `vgpr_count` VGPRs would be after
    /// [`apply`](Self::apply) with `setup`, keeping its storage; the launch-wide SGPRs
    /// are written once, not zeroed first.
    pub fn start(&self, w: &mut Wavefront, vgpr_count: usize, setup: &WavefrontSetup) {
        w.reset(vgpr_count, &self.sgprs);
        self.apply_own(w, setup);
    }

    /// What [`apply`](Self::apply) sets besides the launch-wide SGPRs.
    fn apply_own(&self, w: &mut Wavefront, setup: &WavefrontSetup) {
        for &(r, value, k) in &self.per_wave {
            w.sgprs[r] = sgpr_values(value, setup)[k];
        }
        w.sgprs[FLAT_SCRATCH_HI as usize] =
            (FLAT_SCRATCH_QUEUE_OFFSET + setup.scratch_wave_offset) >> 8;
        w.scratch_base = setup.scratch_base;
        let ids = self.workitem_id_vgprs.min(w.vgprs.len());
        write_workitem_ids(&mut w.vgprs[..ids], setup.wave_index, setup.workgroup_size);
        w.set_exec(setup.exec_mask());
        w.mode = self.mode;
        w.pc = self.entry_pc;
        w.next_pc = self.entry_pc;
    }
}

/// The words an SGPR range of `value` starts with for the wavefront of `setup`.
fn sgpr_values(value: SgprValue, setup: &WavefrontSetup) -> [u32; 4] {
    match value {
        SgprValue::PrivateSegmentBuffer => BufferResource::scratch_words(setup.scratch_base),
        SgprValue::DispatchPtr => split(setup.dispatch_packet_address),
        SgprValue::QueuePtr => split(setup.queue_address),
        SgprValue::KernargSegmentPtr => split(setup.kernarg_address),
        SgprValue::DispatchId => split(setup.dispatch_id),
        SgprValue::FlatScratchInit => [FLAT_SCRATCH_QUEUE_OFFSET, setup.private_segment_size, 0, 0],
        SgprValue::PrivateSegmentSize => [setup.private_segment_size, 0, 0, 0],
        SgprValue::GridWorkgroupCount(d) => [setup.grid_workgroup_count[d as usize], 0, 0, 0],
        SgprValue::WorkgroupId(d) => [setup.workgroup_id[d as usize], 0, 0, 0],
        // {first_wavefront, 14 bits 0, ordered_append_term[10:0], wavefronts[5:0]}.
        SgprValue::WorkgroupInfo => {
            let wave_count = setup.work_items().div_ceil(LANES as u32);
            [
                u32::from(setup.wave_index == 0) << 31 | (wave_count & 0x3f),
                0,
                0,
                0,
            ]
        }
        SgprValue::PrivateSegmentWaveOffset => [setup.scratch_wave_offset, 0, 0, 0],
    }
}

/// Writes the work-item ids (x into `vgprs[0]`, y and z into the next, as many as there
/// are) of the lanes of wavefront `wave_index` of a work-group of `size`: without a
/// per-lane step when the wavefront lies in one row of the work-group (the common case).
fn write_workitem_ids(vgprs: &mut [[u32; LANES]], wave_index: u32, size: [u32; 3]) {
    let [sx, sy, _] = size.map(|v| v.max(1));
    let flat = wave_index * LANES as u32;
    // Within the first row (every wavefront of a one-dimensional work-group) the id is
    // the flat index: no division.
    let first = if flat < sx {
        [flat, 0, 0]
    } else {
        [flat % sx, (flat / sx) % sy, flat / (sx * sy)]
    };
    if first[0] + LANES as u32 <= sx {
        for (d, (reg, start)) in vgprs.iter_mut().zip(first).enumerate() {
            for (lane, v) in reg.iter_mut().enumerate() {
                *v = start + if d == 0 { lane as u32 } else { 0 };
            }
        }
        return;
    }
    for (lane, id) in workitem_ids(wave_index, size).iter().enumerate() {
        for (reg, &v) in vgprs.iter_mut().zip(id) {
            reg[lane] = v;
        }
    }
}

/// The work-item ids (x, y, z) in a work-group of `size` of the lanes of its wavefront
/// `wave_index`: those of the wavefront's first work-item, then counted up lane by lane
/// (x, then y, then z), with no division per lane.
fn workitem_ids(wave_index: u32, size: [u32; 3]) -> [[u32; 3]; LANES] {
    let [sx, sy, _] = size.map(|v| v.max(1));
    let flat = wave_index * LANES as u32;
    let mut id = [flat % sx, (flat / sx) % sy, flat / (sx * sy)];
    let mut ids = [[0u32; 3]; LANES];
    for lane_id in ids.iter_mut() {
        *lane_id = id;
        id[0] += 1;
        if id[0] == sx {
            id[0] = 0;
            id[1] += 1;
            if id[1] == sy {
                id[1] = 0;
                id[2] += 1;
            }
        }
    }
    ids
}

fn split(v: u64) -> [u32; 4] {
    [v as u32, (v >> 32) as u32, 0, 0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workitem_ids_follow_the_flat_index() {
        for size in [
            [1u32, 1, 1],
            [3, 1, 1],
            [5, 7, 1],
            [16, 16, 1],
            [1, 256, 1],
            [3, 5, 7],
            [256, 1, 1],
            [128, 2, 1],
            [96, 3, 2],
        ] {
            let [sx, sy, sz] = size;
            for wave in 0..(sx * sy * sz).div_ceil(LANES as u32) {
                let ids = workitem_ids(wave, size);
                let mut written = [[u32::MAX; LANES]; 3];
                write_workitem_ids(&mut written, wave, size);
                for (lane, id) in ids.iter().enumerate() {
                    let flat = wave * LANES as u32 + lane as u32;
                    let want = [flat % sx, (flat / sx) % sy, flat / (sx * sy)];
                    assert_eq!(*id, want);
                    assert_eq!(written.map(|r| r[lane]), want, "{size:?} lane {lane}");
                }
            }
        }
    }
}
