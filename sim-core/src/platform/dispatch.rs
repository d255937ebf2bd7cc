//! One kernel dispatch as the driver prepares it: the kernarg segment (explicit arguments
//! from the API plus the hidden ones the runtime owes the kernel), the AQL dispatch packet,
//! and what the run reports back.

use crate::emu::{
    InstructionCounts, GROUP_APERTURE_HI_OFFSET, PRIVATE_APERTURE_BASE, PRIVATE_APERTURE_HI_OFFSET,
    SHARED_APERTURE_BASE,
};
use crate::engine::{EngineLoad, PS_PER_NS};
use crate::gpu::{KernelRun, LaunchError};
use crate::loader::{ArgKind, Kernel};
use crate::metrics::{LinkSpan, WorkGroupSpan};
use crate::timing::Metric;
use std::fmt;

/// The shape of an NDRange: dimensions, offsets and sizes in work-items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NdRange {
    /// Number of dimensions used (1 to 3).
    pub dimensions: u32,
    /// Global work offset per dimension.
    pub global_offset: [u64; 3],
    /// Global work size per dimension (1 for unused dimensions).
    pub global_size: [u32; 3],
    /// Work-group size per dimension (1 for unused dimensions).
    pub local_size: [u32; 3],
}

/// What a finished kernel reports.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelReport {
    /// Simulated start time on its GPU, in nanoseconds.
    pub start_ns: u64,
    /// Simulated end time on its GPU, in nanoseconds.
    pub end_ns: u64,
    /// Work-groups executed.
    pub workgroups: u64,
    /// Wavefronts executed.
    pub wavefronts: u64,
    /// Wavefront instructions executed, by category.
    pub instructions: InstructionCounts,
    /// Where and when the first work-groups ran (empty unless tracing; see
    /// [`WORKGROUPS_PER_KERNEL`](crate::metrics::WORKGROUPS_PER_KERNEL)).
    pub workgroup_spans: Vec<WorkGroupSpan>,
    /// When the links between a unified device's GPUs were busy (timing mode).
    pub link_spans: Vec<LinkSpan>,
    /// The memory hierarchy's metrics for this kernel (timing mode; empty otherwise),
    /// including the L2 flush after it.
    pub metrics: Vec<Metric>,
    /// What the kernel's printf calls printed, in the order they reserved their records
    /// (for the host's stdout).
    pub printf_output: Vec<u8>,
    /// The work of its GPU's engine while the kernel ran (host times vary run to run:
    /// for the summary line, never for the report).
    pub engine: EngineLoad,
}

impl KernelReport {
    pub(super) fn new(
        run: &KernelRun,
        instructions: InstructionCounts,
        workgroup_spans: Vec<WorkGroupSpan>,
    ) -> Self {
        Self {
            start_ns: run.start / PS_PER_NS,
            end_ns: run.end / PS_PER_NS,
            workgroups: run.workgroups,
            wavefronts: run.wavefronts,
            instructions,
            workgroup_spans,
            link_spans: Vec::new(),
            metrics: Vec::new(),
            printf_output: Vec::new(),
            engine: EngineLoad::default(),
        }
    }
}

/// Why a kernel did not run to completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KernelError {
    /// The code object has no kernel of this name.
    NoSuchKernel(String),
    /// The launch could not be set up (memory for kernargs, scratch or code).
    Setup(String),
    /// The GPU refused or aborted the launch (resources, or a fault while executing).
    Launch {
        /// The kernel's name.
        kernel: String,
        /// What happened.
        error: LaunchError,
    },
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSuchKernel(name) => write!(f, "no kernel named {name}"),
            Self::Setup(message) => f.write_str(message),
            // An execution fault's message already names kernel, work-group, wavefront,
            // PC, instruction and address.
            Self::Launch {
                error: LaunchError::Execution(fault),
                ..
            } => f.write_str(&fault.message),
            Self::Launch { kernel, error } => write!(f, "kernel {kernel}: {error}"),
        }
    }
}

impl std::error::Error for KernelError {}

/// Runtime-provided values of the hidden kernel arguments.
#[derive(Debug, Clone, Copy)]
pub(super) struct HiddenValues {
    /// Address of the launch's printf buffer (0 if the kernel calls no printf).
    pub printf_buffer: u64,
    /// Address of the `amd_queue_t` object.
    pub queue_address: u64,
    /// Bytes of LDS allocated to `__local` pointer arguments.
    pub dynamic_lds_bytes: u32,
}

/// The whole kernarg segment: `explicit` (the API's bytes for the explicit arguments, of
/// the metadata's kernarg size) with every hidden argument filled in as a runtime would.
pub(super) fn kernarg_segment(
    kernel: &Kernel,
    explicit: &[u8],
    range: &NdRange,
    hidden: HiddenValues,
) -> Vec<u8> {
    let size = (kernel.metadata.kernarg_segment_size as usize).max(explicit.len());
    let mut bytes = vec![0u8; size.max(8)];
    bytes[..explicit.len()].copy_from_slice(explicit);
    for arg in kernel.args() {
        let value: u64 = match arg.kind {
            ArgKind::HiddenGlobalOffset(d) => range.global_offset[usize::from(d)],
            // The full work-groups: the device libraries' get_local_size gives work-group
            // `id` the remainder when `id` is not below this count (code object v5).
            ArgKind::HiddenBlockCount(d) => {
                let d = usize::from(d);
                (range.global_size[d] / range.local_size[d].max(1)).into()
            }
            ArgKind::HiddenGroupSize(d) => range.local_size[usize::from(d)].into(),
            ArgKind::HiddenRemainder(d) => {
                let d = usize::from(d);
                (range.global_size[d] % range.local_size[d].max(1)).into()
            }
            ArgKind::HiddenGridDims => range.dimensions.into(),
            ArgKind::HiddenPrivateBase => PRIVATE_APERTURE_BASE >> 32,
            ArgKind::HiddenSharedBase => SHARED_APERTURE_BASE >> 32,
            ArgKind::HiddenQueuePtr => hidden.queue_address,
            ArgKind::HiddenPrintfBuffer => hidden.printf_buffer,
            ArgKind::HiddenDynamicLdsSize => hidden.dynamic_lds_bytes.into(),
            // Explicit arguments come from the API; hostcall, device-side enqueue and heap
            // pointers are features gcnsim does not offer: left zero (NULL).
            _ => continue,
        };
        let at = arg.offset as usize;
        let len = (arg.size as usize).min(8);
        if let Some(field) = bytes.get_mut(at..at + len) {
            field.copy_from_slice(&value.to_le_bytes()[..len]);
        }
    }
    bytes
}

/// Bytes of the `amd_queue_t` object kernels may read.
const QUEUE_OBJECT_BYTES: usize = 256;

/// The `amd_queue_t` object of a GPU's queue, as far as kernels read it: the high halves
/// of the group (LDS) and private apertures, which code object v2–v4 kernels load to
/// turn generic pointers into LDS or scratch addresses.
pub(super) fn queue_object() -> Vec<u8> {
    let mut queue = vec![0u8; QUEUE_OBJECT_BYTES];
    for (offset, base) in [
        (GROUP_APERTURE_HI_OFFSET, SHARED_APERTURE_BASE),
        (PRIVATE_APERTURE_HI_OFFSET, PRIVATE_APERTURE_BASE),
    ] {
        queue[offset as usize..offset as usize + 4]
            .copy_from_slice(&((base >> 32) as u32).to_le_bytes());
    }
    queue
}
