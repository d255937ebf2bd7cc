//! The architectural state of one wavefront: scalar and vector registers, SCC, the program
//! counter, the MODE register and whether the wavefront runs, waits or has ended.

use super::valu::FloatMode;
use crate::isa::operand::{EXEC_LO, M0, VCC_LO};

/// Scalar operand code of `flat_scratch_hi`.
pub const FLAT_SCRATCH_HI: u8 = crate::isa::operand::FLAT_SCRATCH_LO + 1;

/// Lanes of a wavefront.
pub const LANES: usize = 64;

/// Where a wavefront is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaveStatus {
    /// Executing instructions.
    Running,
    /// Arrived at `s_barrier`, waiting for the rest of its work-group.
    AtBarrier,
    /// Executed `s_endpgm`.
    Ended,
    /// Stopped by a fault (its PC is the faulting instruction's).
    Faulted,
}

/// One wavefront's registers.
///
/// Scalar registers are stored by their operand code (0..=127): SGPRs 0..=101, then
/// FLAT_SCRATCH, XNACK_MASK, VCC, TBA, TMA, TTMP0..11, M0 and EXEC, so operand fetch is an
/// index. Vector registers are stored register-major (`vgprs[r][lane]`) for tight lane loops.
#[derive(Debug, Clone)]
pub struct Wavefront {
    /// Scalar registers by operand code.
    pub sgprs: [u32; 128],
    /// Vector registers: `vgprs[r][lane]`.
    pub vgprs: Vec<[u32; LANES]>,
    /// The scalar condition code.
    pub scc: bool,
    /// Address of the instruction being (or next to be) executed.
    pub pc: u64,
    /// Address execution continues at after the current instruction (branches set it).
    pub next_pc: u64,
    /// The MODE hardware register (round and denorm modes in bits 7:0).
    pub mode: u32,
    /// Running, at a barrier, or ended.
    pub status: WaveStatus,
    /// Instructions executed so far.
    pub executed: u64,
    /// Base address of the dispatch's scratch memory (what the private aperture and
    /// FLAT_SCRATCH offsets are relative to).
    pub scratch_base: u64,
    /// How far `executed` may go in the instructions being run now, set by the
    /// emulator's instruction loop: an instruction fused with the next one
    /// ([`super::wide_sum`]) runs both at once only within it (0: never).
    pub run_end: u64,
    /// Instructions executed as the second of a fused pair since the instruction loop
    /// last counted them (they are vector ALU instructions).
    pub fused_seconds: u64,
}

impl Wavefront {
    /// A wavefront with `vgpr_count` zeroed vector registers and everything else zero.
    pub fn new(vgpr_count: usize) -> Self {
        Wavefront {
            sgprs: [0; 128],
            vgprs: vec![[0; LANES]; vgpr_count],
            scc: false,
            pc: 0,
            next_pc: 0,
            mode: 0,
            status: WaveStatus::Running,
            executed: 0,
            scratch_base: 0,
            run_end: 0,
            fused_seconds: 0,
        }
    }

    /// Makes this wavefront what [`new`](Self::new)`(vgpr_count)` would, but with the
    /// scalar registers `initial_sgprs`, keeping the vector registers' storage (running
    /// many work-groups then allocates nothing).
    pub fn reset(&mut self, vgpr_count: usize, initial_sgprs: &[u32; 128]) {
        // Field by field, without building a whole wavefront to copy; every field is
        // named, so a new one cannot be missed.
        let Wavefront {
            sgprs,
            vgprs,
            scc,
            pc,
            next_pc,
            mode,
            status,
            executed,
            scratch_base,
            run_end,
            fused_seconds,
        } = self;
        *sgprs = *initial_sgprs;
        vgprs.clear();
        vgprs.resize(vgpr_count, [0; LANES]);
        *scc = false;
        *pc = 0;
        *next_pc = 0;
        *mode = 0;
        *status = WaveStatus::Running;
        *executed = 0;
        *scratch_base = 0;
        *run_end = 0;
        *fused_seconds = 0;
    }

    /// The EXEC mask.
    #[inline]
    pub fn exec(&self) -> u64 {
        self.pair(EXEC_LO)
    }

    /// Sets the EXEC mask.
    #[inline]
    pub fn set_exec(&mut self, v: u64) {
        self.set_pair(EXEC_LO, v)
    }

    /// VCC.
    #[inline]
    pub fn vcc(&self) -> u64 {
        self.pair(VCC_LO)
    }

    /// Sets VCC.
    #[inline]
    pub fn set_vcc(&mut self, v: u64) {
        self.set_pair(VCC_LO, v)
    }

    /// M0.
    #[inline]
    pub fn m0(&self) -> u32 {
        self.sgprs[M0 as usize]
    }

    /// VCCZ: VCC is zero.
    pub fn vccz(&self) -> bool {
        self.vcc() == 0
    }

    /// EXECZ: EXEC is zero.
    pub fn execz(&self) -> bool {
        self.exec() == 0
    }

    /// The 64-bit value of the scalar register pair starting at operand code `code`.
    #[inline]
    pub fn pair(&self, code: u8) -> u64 {
        let c = code as usize & 127;
        u64::from(self.sgprs[c]) | u64::from(self.sgprs[(c + 1) & 127]) << 32
    }

    /// Writes the scalar register pair starting at operand code `code`.
    #[inline]
    pub fn set_pair(&mut self, code: u8, v: u64) {
        let c = code as usize & 127;
        self.sgprs[c] = v as u32;
        self.sgprs[(c + 1) & 127] = (v >> 32) as u32;
    }

    /// The float mode the vector ALU applies (MODE bits 7:0).
    pub fn float_mode(&self) -> FloatMode {
        FloatMode {
            round_f32: (self.mode & 3) as u8,
            round_f64_f16: ((self.mode >> 2) & 3) as u8,
            denorm_f32: ((self.mode >> 4) & 3) as u8,
            denorm_f64_f16: ((self.mode >> 6) & 3) as u8,
        }
    }
}
