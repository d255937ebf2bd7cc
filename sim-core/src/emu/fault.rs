//! Why a wavefront stopped abnormally, and where.

use crate::isa::DecodeError;
use std::fmt;

/// What went wrong while executing one instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    /// A memory access to an address no page of the GPU maps.
    UnmappedAddress(u64),
    /// The instruction decodes but gcnsim has no semantics for it.
    Unimplemented,
    /// A form of a known instruction gcnsim does not support (named).
    Unsupported(&'static str),
    /// The words at the PC are not an instruction.
    Undecodable(DecodeError),
    /// `s_trap` with its trap id.
    Trap(u16),
    /// `s_sethalt` halted the wavefront.
    Halt,
    /// The PC left the kernel's code.
    PcOutOfCode,
    /// A register index (e.g. M0-relative) beyond the wavefront's registers.
    RegisterOutOfRange(u32),
    /// The wavefront executed more instructions than allowed.
    InstructionLimit(u64),
    /// The launch's wavefronts together executed more instructions than allowed.
    LaunchInstructionLimit(u64),
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnmappedAddress(a) => write!(f, "access to unmapped address {a:#x}"),
            Self::Unimplemented => write!(f, "instruction not implemented"),
            Self::Unsupported(what) => write!(f, "unsupported: {what}"),
            Self::Undecodable(e) => write!(f, "undecodable instruction: {e}"),
            Self::Trap(id) => write!(f, "s_trap {id}"),
            Self::Halt => write!(f, "s_sethalt halted the wavefront"),
            Self::PcOutOfCode => write!(f, "program counter outside the kernel code"),
            Self::RegisterOutOfRange(r) => write!(f, "register index {r} out of range"),
            Self::InstructionLimit(n) => write!(f, "instruction limit of {n} exceeded"),
            Self::LaunchInstructionLimit(n) => write!(
                f,
                "the launch's budget of {n} wavefront instructions is spent \
                 (platform.max_launch_instructions)"
            ),
        }
    }
}

/// A wavefront fault with its full context: which kernel, work-group, wavefront, PC and
/// instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The kernel's name.
    pub kernel: String,
    /// The work-group id.
    pub workgroup: [u32; 3],
    /// The wavefront's index within the work-group.
    pub wavefront: u32,
    /// Address of the faulting instruction.
    pub pc: u64,
    /// The faulting instruction's disassembly (empty if it could not be decoded).
    pub instruction: String,
    /// What went wrong.
    pub kind: FaultKind,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "kernel {} work-group {:?} wavefront {} pc {:#x}",
            self.kernel, self.workgroup, self.wavefront, self.pc
        )?;
        if !self.instruction.is_empty() {
            write!(f, " `{}`", self.instruction)?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for Fault {}
