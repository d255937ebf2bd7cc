//! Work-groups and wavefronts as the dispatcher hands them to compute units.

use super::KernelLaunch;
use std::sync::Arc;

/// Work-items per wavefront on GCN3.
pub const WAVEFRONT_SIZE: u32 = 64;

/// Most wavefronts a work-group can have (1024 work-items, the largest GCN3 work-group).
pub const MAX_WAVEFRONTS_PER_WORKGROUP: usize = 16;

/// One work-group mapped onto a compute unit: which one it is, its actual size, and where
/// its wavefronts and LDS were placed.
///
/// Work-groups are numbered in dispatch order: x fastest, then y, then z.
#[derive(Debug, Clone)]
pub struct WorkGroup {
    /// The `id` of the launch it belongs to.
    pub launch: u64,
    /// The kernel.
    pub kernel: Arc<KernelLaunch>,
    /// Position in dispatch order (`x + nx·(y + ny·z)`).
    pub index: u64,
    /// Work-group id in each dimension (the kernel's `s_workgroup_id_x/y/z`).
    pub id: [u32; 3],
    /// Work-items in each dimension; smaller than the launch's work-group size only for
    /// a partial work-group at the grid's upper edge.
    pub size: [u32; 3],
    /// Bytes of LDS reserved for it (the kernel's need rounded up to the allocation
    /// granule).
    pub lds_bytes: u32,
    /// The compute unit it was mapped to.
    pub compute_unit: u32,
    pub(crate) placement: WavePlacement,
}

/// Where a work-group's wavefronts sit: SIMD and wavefront slot of each, in order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct WavePlacement {
    pub(crate) simds: [u8; MAX_WAVEFRONTS_PER_WORKGROUP],
    pub(crate) slots: [u8; MAX_WAVEFRONTS_PER_WORKGROUP],
}

impl WorkGroup {
    /// Work-items in this work-group.
    pub fn work_items(&self) -> u32 {
        self.size.iter().product()
    }

    /// Wavefronts in this work-group.
    pub fn wavefront_count(&self) -> u32 {
        self.work_items().div_ceil(WAVEFRONT_SIZE)
    }

    /// The SIMD each wavefront was placed on, in wavefront order.
    pub fn simds(&self) -> &[u8] {
        &self.placement.simds[..self.wavefront_count() as usize]
    }

    /// Its wavefronts, in order.
    pub fn wavefronts(&self) -> impl Iterator<Item = Wavefront> + '_ {
        let items = self.work_items();
        let placed = self.simds().iter().zip(&self.placement.slots);
        placed.enumerate().map(move |(i, (&simd, &slot))| {
            let first = i as u32 * WAVEFRONT_SIZE;
            Wavefront {
                workgroup_id: self.id,
                workgroup_size: self.size,
                index: i as u32,
                compute_unit: self.compute_unit,
                simd: u32::from(simd),
                slot: u32::from(slot),
                first_work_item: first,
                work_items: (items - first).min(WAVEFRONT_SIZE),
            }
        })
    }
}

/// Identity of one wavefront: everything needed to set up its registers besides the
/// kernel's own settings.
///
/// Lane `l` of the wavefront is the work-item whose flattened local id is
/// `first_work_item + l`, where a local id `(x, y, z)` flattens to
/// `x + size_x·(y + size_y·z)` with the work-group's actual `size` (so in a partial
/// work-group the local ids stay dense). Lanes at and beyond `work_items` are inactive
/// (cleared in the initial EXEC mask). The global id of a work-item is
/// `workgroup_id·launch.workgroup_size + local id` in each dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wavefront {
    /// Its work-group's id (the SGPRs `workgroup_id_x/y/z`).
    pub workgroup_id: [u32; 3],
    /// Its work-group's actual size.
    pub workgroup_size: [u32; 3],
    /// Position within the work-group (0 for the first 64 work-items).
    pub index: u32,
    /// The compute unit it runs on.
    pub compute_unit: u32,
    /// The SIMD it was placed on.
    pub simd: u32,
    /// Its wavefront slot on that SIMD (no other resident wavefront has the same
    /// compute unit, SIMD and slot).
    pub slot: u32,
    /// Flattened local id of lane 0.
    pub first_work_item: u32,
    /// Active lanes (1 to 64).
    pub work_items: u32,
}

impl Wavefront {
    /// The initial EXEC mask: one bit per active lane.
    pub fn exec_mask(&self) -> u64 {
        if self.work_items >= 64 {
            u64::MAX
        } else {
            (1u64 << self.work_items) - 1
        }
    }

    /// Position of its wavefront slot among all of the GPU's, unique among the resident
    /// wavefronts: `(compute_unit · simds_per_cu + simd) · slots_per_simd + slot`. A
    /// scratch (private segment) area per slot gives each wavefront its own.
    pub fn resident_index(&self, simds_per_cu: u32, slots_per_simd: u32) -> u32 {
        (self.compute_unit * simds_per_cu + self.simd) * slots_per_simd + self.slot
    }

    /// Local id (x, y, z) of lane `lane` — the initial values of v0, v1, v2.
    pub fn work_item_id(&self, lane: u32) -> [u32; 3] {
        let flat = self.first_work_item + lane;
        let [sx, sy, _] = self.workgroup_size;
        [flat % sx, (flat / sx) % sy, flat / (sx * sy)]
    }
}

/// Walks a launch's work-groups in dispatch order.
#[derive(Debug, Clone)]
pub(crate) struct WorkGroupGrid {
    counts: [u32; 3],
    next: u64,
    /// The next work-group's id (`next` unflattened, kept in step with it).
    id: [u32; 3],
    total: u64,
}

impl WorkGroupGrid {
    /// The work-groups of `kernel` whose flattened ids are in `range`.
    pub(crate) fn new(kernel: &KernelLaunch, range: std::ops::Range<u64>) -> Self {
        let counts = kernel.workgroup_counts();
        let [nx, ny, _] = counts.map(u64::from);
        let index = range.start;
        WorkGroupGrid {
            counts,
            next: index,
            id: [index % nx, (index / nx) % ny, index / (nx * ny)].map(|v| v as u32),
            total: range.end.min(kernel.workgroup_count()),
        }
    }

    /// The next work-group's (index, id, size), without moving past it.
    pub(crate) fn peek(&self, kernel: &KernelLaunch) -> Option<(u64, [u32; 3], [u32; 3])> {
        if self.next >= self.total {
            return None;
        }
        let id = self.id;
        let size = std::array::from_fn(|d| {
            let start = id[d] * kernel.workgroup_size[d];
            (kernel.grid_size[d] - start).min(kernel.workgroup_size[d])
        });
        Some((self.next, id, size))
    }

    /// Moves past the next work-group.
    pub(crate) fn advance(&mut self) {
        self.next += 1;
        self.id[0] += 1;
        if self.id[0] == self.counts[0] {
            self.id[0] = 0;
            self.id[1] += 1;
            if self.id[1] == self.counts[1] {
                self.id[1] = 0;
                self.id[2] += 1;
            }
        }
    }

    /// Whether every work-group has been handed out.
    pub(crate) fn is_done(&self) -> bool {
        self.next >= self.total
    }
}
