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
        // The newest lines are the likeliest.
        self.buffer.iter().rev().any(|&l| l == line)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn slot() -> WaveSlot {
        WaveSlot {
            state: Wavefront::new(3),
            workgroup: 0,
            index: 0,
            simd: 0,
            ready_at: 0,
            buffer: VecDeque::new(),
            fetching: None,
            vm_outstanding: 0,
            lgkm_outstanding: 0,
        }
    }

    #[test]
    fn waitcnt_reads_vmcnt_and_lgkmcnt_fields() {
        let mut w = slot();
        w.vm_outstanding = 2;
        w.lgkm_outstanding = 1;
        // s_waitcnt vmcnt(0) lgkmcnt(0) = 0x0070; vmcnt(2) = 0x0f72; lgkmcnt(1) = 0x017f.
        assert!(!w.waitcnt_satisfied(0x0070));
        assert!(w.waitcnt_satisfied(0x0f72));
        assert!(!w.waitcnt_satisfied(0x0f71));
        assert!(w.waitcnt_satisfied(0x017f));
        assert!(!w.waitcnt_satisfied(0x007f));
    }

    #[test]
    fn the_instruction_buffer_drops_its_oldest_line() {
        let mut w = slot();
        w.fetching = Some(0);
        for line in 0..=INSTRUCTION_BUFFER_LINES as u64 {
            w.fill(line);
        }
        assert_eq!(w.fetching, None);
        assert!(!w.has_line(0));
        assert!(w.has_line(1) && w.has_line(INSTRUCTION_BUFFER_LINES as u64));
    }
}
