//! The GPU front end: the path of a kernel launch from the driver through the command
//! processor and the dispatcher to the compute units, on the simulation
//! [`engine`](crate::engine).
//!
//! [`Gpu`] assembles a command processor, a dispatcher and the compute units (supplied by
//! the caller, speaking the [compute-unit protocol](compute_unit)) and runs kernels with
//! [`Gpu::run_kernel`] (or [`Gpu::run_kernel_watched`], which also reports the kernel's
//! [`KernelProgress`] as it goes). All of them exchange [`Message`]s.

mod builder;
mod command_processor;
pub mod compute_unit;
mod dispatcher;
mod launch;
mod progress;
mod refusals;
mod resources;
mod workgroup;

use crate::timing::{CarriesMemory, MemoryMessage};
pub use builder::{CuSite, Gpu, GpuBuilder, GpuParts};
pub use command_processor::CommandProcessor;
pub use compute_unit::{FunctionalCu, WorkGroupDone, WorkGroupExecutor};
pub use dispatcher::{DispatchPace, Dispatcher};
pub use launch::{
    ExecutionError, KernelLaunch, KernelRun, LaunchError, LaunchOutcome, LaunchRequest,
    KERNEL_DISPATCH_HEADER,
};
pub use progress::KernelProgress;
pub use resources::{LDS_GRANULE, SGPR_GRANULE, VGPR_GRANULE};
pub use workgroup::{Wavefront, WorkGroup, MAX_WAVEFRONTS_PER_WORKGROUP, WAVEFRONT_SIZE};

/// Everything the GPU's components say to one another.
#[derive(Debug, Clone)]
pub enum Message {
    /// Run a kernel: driver → command processor → dispatcher.
    Launch(LaunchRequest),
    /// A kernel finished or failed: dispatcher → command processor → driver.
    LaunchDone(LaunchOutcome),
    /// Execute a work-group: dispatcher → compute unit.
    MapWorkGroup(Box<WorkGroup>),
    /// A work-group finished or failed: compute unit → dispatcher.
    WorkGroupDone(WorkGroupDone),
    /// A request or answer of the memory hierarchy (compute unit ↔ caches, TLBs, DRAM),
    /// so the front end, the compute units and the hierarchy share one engine.
    Memory(MemoryMessage),
}

impl From<MemoryMessage> for Message {
    fn from(msg: MemoryMessage) -> Self {
        Message::Memory(msg)
    }
}

impl CarriesMemory for Message {
    fn into_memory(self) -> Result<MemoryMessage, Self> {
        match self {
            Message::Memory(msg) => Ok(msg),
            other => Err(other),
        }
    }

    fn as_memory(&self) -> Option<&MemoryMessage> {
        match self {
            Message::Memory(msg) => Some(msg),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
