//! The issue side of a timing compute unit: which decoder or unit takes an issued
//! instruction when, and when its wavefront may issue again, after MGPUSim v3.0.0's CU
//! (`timing/cu`: `DecodeUnit`, `SIMDUnit`, `ScalarUnit`, `BranchUnit`, `LDSUnit`,
//! `VectorMemoryUnit`). All figures are cycles of the GPU clock; the numbers come from
//! [`CuConfig`].
//!
//! A wavefront has one instruction in flight: it may issue again when the unit lets
//! it go ([`Issued::ready`]). With `d` = `decode_cycles` and `s` = `unit_stages`, an
//! instruction issued in cycle `t`:
//! - **VALU** waits in the VALU decoder until `p = max(t + d, SIMD free)`, then keeps its
//!   SIMD for its occupancy (4 or 16 cycles); the decoder takes the next instruction in
//!   cycle `p`. MGPUSim has one VALU decoder for the four SIMDs, so a VALU instruction
//!   for a busy SIMD holds up the others' ([`IssueArbiter::Sticky`]); GCN3 issues VALU
//!   instructions per SIMD ([`IssueArbiter::RoundRobin`] gives each SIMD its own).
//! - **scalar** (ALU and memory): the scalar unit takes one instruction per cycle from
//!   its decoder, in cycle `p = t + d` at the earliest; it reads, executes and writes in
//!   `s` stages: an ALU instruction's wavefront is ready at `p + s`; a memory
//!   instruction's at `p + s − 1`, when its requests are made, and they leave in cycle
//!   `p + s`.
//! - **branch**: no decoder; the branch unit takes one per cycle and lets the wavefront
//!   go after its `s` stages, `t + s` (emptying its instruction buffer if configured).
//! - **LDS**: as scalar, `p + s` for the wavefront, the data at `p + lds_latency_cycles`.
//! - **vector memory**: the unit takes one instruction per cycle in cycle `p`; it is
//!   executed `vector_memory_instruction_cycles` later, but not before the previous
//!   instruction's requests have all entered the request pipeline, one per cycle; the
//!   wavefront is ready then (`e`), and request `k` leaves in cycle
//!   `e + 1 + k + vector_memory_request_cycles`.
//! - **special** (`s_waitcnt`, `s_barrier`, `s_endpgm`, `s_nop`, …): executed by the
//!   scheduler in the next cycle, `t + 1` (an `s_waitcnt` issues once its counters allow).

use super::units::Unit;
use crate::config::{CuConfig, IssueArbiter};

/// When an issued instruction lets its wavefront go and when its effects happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Issued {
    /// The cycle from which its wavefront may issue again.
    pub ready: u64,
    /// The cycle its first memory request leaves; request `k` leaves `k` cycles later.
    pub first_request: u64,
    /// The cycle an LDS instruction's data is there.
    pub lds_done: u64,
    /// The cycle the vector memory unit executes a vector memory instruction (hands it
    /// to the texture path, for image instructions).
    pub executed: u64,
}

/// The decoders and units of one compute unit, as the cycles from which each takes its
/// next instruction.
#[derive(Debug, Clone)]
pub struct Pipeline {
    config: CuConfig,
    /// Per unit kind: the first cycle its decoder takes a new instruction.
    decoder_free: [u64; Unit::COUNT],
    /// The VALU decoders' first free cycles: one shared by all SIMDs, or one per SIMD.
    valu_decoder_free: Vec<u64>,
    /// Per SIMD: the first cycle it takes a new VALU instruction.
    simd_free: Vec<u64>,
    /// Per unit kind: the first cycle its unit takes a new instruction.
    unit_free: [u64; Unit::COUNT],
    /// The first cycle the vector memory unit may execute its next instruction.
    vector_memory_execute_free: u64,
}

impl Pipeline {
    /// An idle pipeline with `simds` SIMDs, built as `config` says.
    pub fn new(config: &CuConfig, simds: usize) -> Self {
        let valu_decoders = match config.issue_arbiter {
            IssueArbiter::Sticky => 1,
            IssueArbiter::RoundRobin => simds,
        };
        Pipeline {
            config: config.clone(),
            decoder_free: [0; Unit::COUNT],
            valu_decoder_free: vec![0; valu_decoders],
            simd_free: vec![0; simds],
            unit_free: [0; Unit::COUNT],
            vector_memory_execute_free: 0,
        }
    }

    /// The arbiter this pipeline is built for.
    pub fn arbiter(&self) -> IssueArbiter {
        self.config.issue_arbiter
    }

    fn valu_decoder(&self, simd: usize) -> usize {
        simd.min(self.valu_decoder_free.len() - 1)
    }

    /// The first cycle an instruction for `unit` from a wavefront of SIMD `simd` may be
    /// issued (its decoder, or the branch unit, takes it).
    pub fn accepts_from(&self, unit: Unit, simd: usize) -> u64 {
        match unit {
            Unit::Simd => self.valu_decoder_free[self.valu_decoder(simd)],
            Unit::Branch => self.unit_free[Unit::Branch.index()],
            Unit::Special => 0,
            _ => self.decoder_free[unit.index()],
        }
    }

    /// Issues, in cycle `t`, an instruction for `unit` from SIMD `simd`: a VALU
    /// instruction keeping its SIMD `occupancy` cycles, a scalar one that reads memory
    /// (`scalar_memory`), or a vector memory one making `requests` requests. The caller
    /// has checked [`Pipeline::accepts_from`].
    pub fn issue(
        &mut self,
        unit: Unit,
        simd: usize,
        t: u64,
        occupancy: u64,
        scalar_memory: bool,
        requests: usize,
    ) -> Issued {
        let decode = u64::from(self.config.decode_cycles);
        let stages = u64::from(self.config.unit_stages);
        let mut issued = Issued {
            ready: t + 1,
            first_request: t + 1,
            lds_done: t + 1,
            executed: t + 1,
        };
        match unit {
            Unit::Simd => {
                let p = (t + decode).max(self.simd_free[simd]);
                let decoder = self.valu_decoder(simd);
                self.valu_decoder_free[decoder] = p;
                self.simd_free[simd] = p + occupancy;
                issued.ready = p + occupancy;
            }
            Unit::Scalar | Unit::Lds => {
                let p = self.enter(unit, t + decode);
                issued.ready = p + stages;
                if scalar_memory {
                    issued.ready = p + stages - 1;
                    issued.first_request = p + stages;
                }
                issued.lds_done = p + u64::from(self.config.lds_latency_cycles);
            }
            Unit::Branch => {
                self.unit_free[unit.index()] = t + 1;
                issued.ready = t + stages;
            }
            Unit::VectorMemory => {
                let p = self.enter(unit, t + decode);
                let e = (p + u64::from(self.config.vector_memory_instruction_cycles))
                    .max(self.vector_memory_execute_free);
                self.vector_memory_execute_free = e + 1 + requests as u64;
                issued.ready = e;
                issued.executed = e;
                issued.first_request = e + 1 + u64::from(self.config.vector_memory_request_cycles);
            }
            Unit::Special => {}
        }
        issued
    }

    /// `unit` (taking one instruction a cycle from its decoder) takes an instruction that
    /// reaches it in cycle `earliest`; returns the cycle it does.
    fn enter(&mut self, unit: Unit, earliest: u64) -> u64 {
        let p = earliest.max(self.unit_free[unit.index()]);
        self.decoder_free[unit.index()] = p;
        self.unit_free[unit.index()] = p + 1;
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(issue_arbiter: IssueArbiter) -> CuConfig {
        CuConfig {
            issue_arbiter,
            decode_cycles: 1,
            unit_stages: 3,
            lds_latency_cycles: 3,
            vector_memory_instruction_cycles: 7,
            vector_memory_request_cycles: 60,
            instruction_buffer_lines: 4,
            branch_flushes_instruction_buffer: true,
            quarter_rate_valu_cycles: 16,
            ..CuConfig::default()
        }
    }

    #[test]
    fn a_valu_instruction_takes_decode_and_its_simd() {
        let mut p = Pipeline::new(&config(IssueArbiter::Sticky), 4);
        let i = p.issue(Unit::Simd, 0, 10, 4, false, 0);
        assert_eq!(i.ready, 15);
        // The shared decoder holds the next VALU instruction for SIMD 0 until cycle 15,
        // and one for SIMD 1 behind it.
        assert_eq!(p.accepts_from(Unit::Simd, 1), 11);
        let j = p.issue(Unit::Simd, 0, 11, 4, false, 0);
        assert_eq!(j.ready, 19);
        assert_eq!(p.accepts_from(Unit::Simd, 1), 15);
    }

    #[test]
    fn round_robin_simds_decode_their_own_valu_instructions() {
        let mut p = Pipeline::new(&config(IssueArbiter::RoundRobin), 4);
        p.issue(Unit::Simd, 0, 10, 4, false, 0);
        p.issue(Unit::Simd, 0, 11, 4, false, 0);
        assert_eq!(p.accepts_from(Unit::Simd, 0), 15);
        assert_eq!(p.accepts_from(Unit::Simd, 1), 0);
    }

    #[test]
    fn scalar_and_branch_units_are_pipelined() {
        let mut p = Pipeline::new(&config(IssueArbiter::Sticky), 4);
        assert_eq!(p.issue(Unit::Scalar, 0, 10, 1, false, 0).ready, 14);
        assert_eq!(p.accepts_from(Unit::Scalar, 1), 11);
        let load = p.issue(Unit::Scalar, 1, 11, 1, true, 1);
        assert_eq!((load.ready, load.first_request), (14, 15));
        assert_eq!(p.issue(Unit::Branch, 2, 11, 1, false, 0).ready, 14);
        assert_eq!(p.accepts_from(Unit::Branch, 0), 12);
    }

    #[test]
    fn vector_memory_requests_leave_one_per_cycle_after_the_pipeline() {
        let mut p = Pipeline::new(&config(IssueArbiter::Sticky), 4);
        let a = p.issue(Unit::VectorMemory, 0, 10, 1, false, 4);
        assert_eq!((a.ready, a.first_request), (18, 79));
        // The next instruction executes once the 4 requests entered the request pipeline.
        let b = p.issue(Unit::VectorMemory, 1, 11, 1, false, 4);
        assert_eq!((b.ready, b.first_request), (23, 84));
    }
}
