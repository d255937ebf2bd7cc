//! What a kernel launch asks of the GPU, and what comes back.

use crate::engine::{Time, PS_PER_NS};
use std::fmt;
use std::sync::Arc;

/// One kernel dispatch: the fields of the AQL kernel dispatch packet the driver wrote,
/// plus the kernel's per-wavefront register needs (from its code object), as plain
/// numbers.
///
/// The kernel's LDS need per work-group is `group_segment_size` and its scratch need per
/// work-item is `private_segment_size`, exactly as in the packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelLaunch {
    /// The kernel's name (for reports and traces).
    pub name: String,
    /// Dimensions in use, 1 to 3 (AQL `setup`; what `get_work_dim()` returns).
    pub dimensions: u32,
    /// Work-items in each dimension (AQL `grid_size_x/y/z`); unused dimensions are 1.
    pub grid_size: [u32; 3],
    /// Work-items per work-group in each dimension (AQL `workgroup_size_x/y/z`).
    pub workgroup_size: [u32; 3],
    /// Bytes of private (scratch) memory per work-item (AQL `private_segment_size`).
    pub private_segment_size: u32,
    /// Bytes of LDS per work-group, static plus dynamic (AQL `group_segment_size`).
    pub group_segment_size: u32,
    /// Address of the kernel descriptor (AQL `kernel_object`).
    pub kernel_object: u64,
    /// Address of the kernel's first instruction.
    pub code_entry: u64,
    /// The 64-byte kernel descriptor found at `kernel_object` (register set-up bits).
    pub kernel_descriptor: [u8; 64],
    /// Address of the kernel argument segment (AQL `kernarg_address`).
    pub kernarg_address: u64,
    /// Address of the AQL packet itself (the kernel's dispatch pointer).
    pub dispatch_packet_address: u64,
    /// Address of the completion signal (AQL `completion_signal`), 0 for none.
    pub completion_signal: u64,
    /// Address of the `amd_queue_t` of the queue (the kernel's queue pointer).
    pub queue_address: u64,
    /// Vector registers each wavefront needs.
    pub vgprs_per_wavefront: u32,
    /// Scalar registers each wavefront needs (including VCC, FLAT_SCRATCH, XNACK_MASK).
    pub sgprs_per_wavefront: u32,
}

/// AQL packet header of a kernel dispatch: type KERNEL_DISPATCH (2) in bits 0–7, the
/// barrier bit (8), and system-scope (2) acquire (bits 9–10) and release (bits 11–12)
/// fences (HSA Platform System Architecture Specification, 2.9).
pub const KERNEL_DISPATCH_HEADER: u16 = 2 | 1 << 8 | 2 << 9 | 2 << 11;

impl KernelLaunch {
    /// The 64-byte AQL kernel dispatch packet describing this launch, as the driver writes
    /// it to memory (and kernels read it through their dispatch pointer). Work-group
    /// sizes above 65,535 — which no GPU accepts — are written as 65,535.
    pub fn dispatch_packet(&self) -> [u8; 64] {
        let mut packet = [0u8; 64];
        let mut put = |offset: usize, bytes: &[u8]| {
            packet[offset..offset + bytes.len()].copy_from_slice(bytes);
        };
        put(0, &KERNEL_DISPATCH_HEADER.to_le_bytes());
        put(2, &(self.dimensions as u16).to_le_bytes());
        for d in 0..3 {
            let size = u16::try_from(self.workgroup_size[d]).unwrap_or(u16::MAX);
            put(4 + 2 * d, &size.to_le_bytes());
            put(12 + 4 * d, &self.grid_size[d].to_le_bytes());
        }
        put(24, &self.private_segment_size.to_le_bytes());
        put(28, &self.group_segment_size.to_le_bytes());
        put(32, &self.kernel_object.to_le_bytes());
        put(40, &self.kernarg_address.to_le_bytes());
        put(56, &self.completion_signal.to_le_bytes());
        packet
    }

    /// Work-groups in each dimension (a partial work-group at an edge counts as one).
    pub fn workgroup_counts(&self) -> [u32; 3] {
        std::array::from_fn(|d| self.grid_size[d].div_ceil(self.workgroup_size[d].max(1)))
    }

    /// Total number of work-groups (saturating at `u64::MAX`).
    pub fn workgroup_count(&self) -> u64 {
        self.workgroup_counts()
            .iter()
            .fold(1u64, |total, &n| total.saturating_mul(n.into()))
    }

    /// Work-items in a full work-group.
    pub fn workgroup_items(&self) -> u32 {
        self.workgroup_size.iter().product()
    }
}

/// A launch as sent to the command processor: the kernel and a number the sender chose to
/// recognise the reply.
#[derive(Debug, Clone)]
pub struct LaunchRequest {
    /// Chosen by the sender; the reply carries it back.
    pub id: u64,
    /// What to run.
    pub kernel: Arc<KernelLaunch>,
    /// The work-groups to run, by flattened id in dispatch order (x fastest): all of
    /// them, or this GPU's share of a launch spread over several GPUs.
    pub workgroups: std::ops::Range<u64>,
}

impl LaunchRequest {
    /// A request to run all of `kernel`'s work-groups.
    pub fn whole(id: u64, kernel: Arc<KernelLaunch>) -> Self {
        let workgroups = 0..kernel.workgroup_count();
        LaunchRequest {
            id,
            kernel,
            workgroups,
        }
    }
}

/// The reply to a [`LaunchRequest`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchOutcome {
    /// The request's `id`.
    pub id: u64,
    /// How it went.
    pub result: Result<KernelRun, LaunchError>,
}

/// A completed kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelRun {
    /// When the command processor began the launch (simulated picoseconds).
    pub start: Time,
    /// When the command processor saw its last work-group complete.
    pub end: Time,
    /// Work-groups executed.
    pub workgroups: u64,
    /// Wavefronts executed.
    pub wavefronts: u64,
}

impl KernelRun {
    /// `start` in nanoseconds (OpenCL profiling units).
    pub fn start_ns(&self) -> u64 {
        self.start / PS_PER_NS
    }

    /// `end` in nanoseconds (OpenCL profiling units).
    pub fn end_ns(&self) -> u64 {
        self.end / PS_PER_NS
    }
}

/// A failure reported by a compute unit while executing a work-group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecutionError {
    /// The work-group's id.
    pub workgroup: [u32; 3],
    /// The wavefront within it, if one was at fault.
    pub wavefront: Option<u32>,
    /// Program counter of the faulting instruction, if known.
    pub pc: Option<u64>,
    /// What went wrong, e.g. an unimplemented instruction or an unmapped address.
    pub message: String,
}

/// Why a kernel launch failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchError {
    /// A grid or work-group dimension is 0.
    EmptyGeometry {
        /// The grid size asked for.
        grid_size: [u32; 3],
        /// The work-group size asked for.
        workgroup_size: [u32; 3],
    },
    /// A work-group has more work-items than the GPU allows.
    WorkGroupTooLarge {
        /// Work-items asked for.
        work_items: u32,
        /// The GPU's maximum.
        max: u32,
    },
    /// One work-group needs more of a resource than an empty compute unit has.
    WorkGroupDoesNotFit {
        /// The resource, e.g. `"VGPRs per SIMD"`.
        resource: &'static str,
        /// How much one work-group needs (after allocation granularity).
        needed: u64,
        /// How much an empty compute unit has.
        available: u64,
    },
    /// The kernel needs more private (scratch) memory per work-item than a wavefront can
    /// have.
    PrivateSegmentTooLarge {
        /// Bytes per work-item the kernel descriptor asks for.
        bytes_per_work_item: u64,
        /// Bytes per wavefront the hardware allows.
        max_bytes_per_wavefront: u64,
    },
    /// A compute unit failed to execute a work-group.
    Execution(Box<ExecutionError>),
    /// The simulation ran out of events before the kernel completed (a component that
    /// never answered).
    Stalled,
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptyGeometry {
                grid_size,
                workgroup_size,
            } => write!(
                f,
                "empty launch: grid {grid_size:?}, work-group {workgroup_size:?}"
            ),
            Self::WorkGroupTooLarge { work_items, max } => write!(
                f,
                "a work-group of {work_items} work-items exceeds the maximum of {max}"
            ),
            Self::WorkGroupDoesNotFit {
                resource,
                needed,
                available,
            } => write!(
                f,
                "one work-group needs {needed} {resource} but a compute unit has {available}"
            ),
            Self::PrivateSegmentTooLarge {
                bytes_per_work_item,
                max_bytes_per_wavefront,
            } => write!(
                f,
                "{bytes_per_work_item} bytes of private memory per work-item exceed the \
                 {max_bytes_per_wavefront} bytes of scratch a wavefront of 64 can have"
            ),
            Self::Execution(e) => {
                write!(f, "work-group {:?}", e.workgroup)?;
                if let Some(w) = e.wavefront {
                    write!(f, " wavefront {w}")?;
                }
                if let Some(pc) = e.pc {
                    write!(f, " at pc {pc:#x}")?;
                }
                write!(f, ": {}", e.message)
            }
            Self::Stalled => write!(f, "the simulation stalled before the kernel completed"),
        }
    }
}

impl std::error::Error for LaunchError {}
