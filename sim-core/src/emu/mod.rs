//! The functional emulator: wavefront state and its initial set-up, a kernel's code
//! decoded once into executable steps, the semantics of every instruction family, and a
//! work-group runner that a compute unit (functional or timing) drives.
//!
//! Per-lane arithmetic of the vector ALU lives in [`valu`]; this module fetches operands,
//! applies SDWA/DPP, calls it and writes results back.

pub mod aperture;
pub mod atomic;
mod budget;
pub mod buffer;
pub mod control;
pub mod cu;
pub mod fault;
pub mod flat;
pub mod image;
pub mod lanes;
pub mod lds;
pub mod memory;
pub mod operands;
pub mod program;
pub mod scalar;
pub mod setup;
pub mod smem;
pub mod texel_buffer;
pub mod valu;
pub mod vector;
pub mod vector_compare;
pub mod vector_f32;
pub mod vector_int;
pub mod vmem;
pub mod wavefront;
pub mod workgroup;

pub use aperture::{
    Aperture, APERTURE_BYTES, GROUP_APERTURE_HI_OFFSET, PRIVATE_APERTURE_BASE,
    PRIVATE_APERTURE_HI_OFFSET, SHARED_APERTURE_BASE,
};
pub use budget::InstructionBudget;
pub use cu::{
    scratch_bytes_per_wave, wavefront_setups, DispatchResources, DispatchTable, WorkGroupEmulator,
    MAX_SCRATCH_BYTES_PER_WAVE,
};
pub use fault::{Fault, FaultKind};
pub use program::Program;
pub use setup::{initialize, WavefrontSetup};
pub use wavefront::{WaveStatus, Wavefront};
pub use workgroup::{run_workgroup, InstructionCounts, KernelCode, RunLimits, WorkGroupRun};
