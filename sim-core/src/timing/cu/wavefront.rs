//! A wavefront resident on the timing compute unit: its architectural state (the
//! emulator's [`Wavefront`]), its instruction buffer, when it may issue next and the
//! memory instructions it still waits for.

use crate::emu::Wavefront;
use crate::engine::Time;
use std::collections::VecDeque;

/// Cache lines of code a wavefront's instruction buffer holds.
pub const INSTRUCTION_BUFFER_LINES: usize = 16;

/// One resident wavefront.
pub struct WaveSlot {
    /// Registers, PC and status, as the emulator keeps them.
    pub state: Wavefront,
    /// Its work-group (a key of the compute unit's work-groups).
    pub workgroup: usize,
    /// Its index within the work-group.
    pub index: u32,
    /// The SIMD it runs on.
    pub simd: u32,
    /// The earliest time it may issue its next instruction.
    pub ready_at: Time,
    /// Code lines (line numbers) in its instruction buffer, oldest first.
    pub buffer: VecDeque<u64>,
    /// The line being fetched, if any.
    pub fetching: Option<u64>,
    /// Vector memory instructions issued and not yet complete (vmcnt).
    pub vm_outstanding: u32,
    /// LDS, scalar memory and flat instructions issued and not yet complete (lgkmcnt).
    pub lgkm_outstanding: u32,
}

impl WaveSlot {
    /// Whether line `line` is in the instruction buffer.
    pub fn has_line(&self, line: u64) -> bool {
        self.buffer.contains(&line)
    }

    /// Puts `line` into the instruction buffer, dropping the oldest line when full.
    pub fn fill(&mut self, line: u64) {
        if self.fetching == Some(line) {
            self.fetching = None;
        }
        if !self.has_line(line) {
            if self.buffer.len() == INSTRUCTION_BUFFER_LINES {
                self.buffer.pop_front();
            }
            self.buffer.push_back(line);
        }
    }

    /// Whether `s_waitcnt` with immediate `imm` lets it go on: its outstanding counts are
    /// at most vmcnt (bits 3:0) and lgkmcnt (bits 11:8). Export counts are always 0.
    pub fn waitcnt_satisfied(&self, imm: u16) -> bool {
        let vmcnt = u32::from(imm & 0xf);
        let lgkmcnt = u32::from((imm >> 8) & 0xf);
        self.vm_outstanding <= vmcnt && self.lgkm_outstanding <= lgkmcnt
    }
}
