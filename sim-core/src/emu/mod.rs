//! The functional emulator: wavefront state and its initial set-up, a kernel's code
//! decoded once into executable steps, the semantics of every instruction family, and a
//! work-group runner that a compute unit (functional or timing) drives.
//!
//! Per-lane arithmetic of the vector ALU lives in [`valu`]; this module fetches operands,
//! applies SDWA/DPP, calls it and writes results back.

/// The semantics `$body` (a function of the wavefront, the environment and the step) as
/// a [`program::Semantic`] in the form fastest on this host: compiled with AVX2 when the
/// host has it, else as compiled. The host is checked here, once per decoded instruction,
/// not at every execution; with AVX2 its operand fetch, lane loops and write-back move 32
/// bytes at a time (a 32-byte load of a register just written 16 bytes at a time waits
/// until both stores complete).
macro_rules! host_semantic {
    ($body:path) => {{
        use $crate::emu::{fault::FaultKind, program::Env, program::Step, wavefront::Wavefront};
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = "avx2")]
            fn avx2(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
                $body(w, e, s)
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the host has AVX2, all `avx2` was compiled for.
                return unsafe { $crate::emu::program::Semantic::for_host(avx2) };
            }
        }
        fn plain(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
            $body(w, e, s)
        }
        $crate::emu::program::Semantic::new(plain)
    }};
}

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
mod wide_sum;
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
pub use setup::{initialize, LaunchRegisters, WavefrontSetup};
pub use wavefront::{WaveStatus, Wavefront};
pub use workgroup::{run_workgroup, InstructionCounts, KernelCode, RunLimits, WorkGroupRun};
