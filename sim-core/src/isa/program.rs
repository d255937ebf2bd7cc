//! A code range decoded once, with constant-time lookup of the instruction at a PC — what an
//! emulator fetches from while executing.

use super::decode::{decode_all, DecodeError, DecodedAt};
use super::instruction::Instruction;

/// Marks a dword that is not the start of an instruction.
const NOT_AN_INSTRUCTION: u32 = u32::MAX;

/// The decoded instructions of one code range (e.g. a code object's `.text`).
#[derive(Debug, Clone)]
pub struct DecodedCode {
    base_pc: u64,
    entries: Vec<DecodedAt>,
    /// For each dword of the range: the index of the instruction starting there.
    start_of: Vec<u32>,
}

impl DecodedCode {
    /// Decodes `code`, which is loaded at address `base_pc`.
    pub fn new(code: &[u8], base_pc: u64) -> DecodedCode {
        let entries = decode_all(code, base_pc);
        let mut start_of = vec![NOT_AN_INSTRUCTION; code.len() / 4];
        for (n, e) in entries.iter().enumerate() {
            start_of[((e.pc - base_pc) / 4) as usize] = n as u32;
        }
        DecodedCode {
            base_pc,
            entries,
            start_of,
        }
    }

    /// The instruction starting at `pc`: None if `pc` is outside the range, unaligned or in
    /// the middle of an instruction; `Some(Err)` if the dword there does not decode.
    pub fn at(&self, pc: u64) -> Option<Result<&Instruction, &DecodeError>> {
        let offset = pc.checked_sub(self.base_pc)?;
        if offset % 4 != 0 {
            return None;
        }
        let n = *self.start_of.get((offset / 4) as usize)?;
        let entry = self.entries.get(n as usize)?;
        Some(entry.result.as_ref())
    }

    /// All instructions in address order.
    pub fn entries(&self) -> &[DecodedAt] {
        &self.entries
    }

    /// Address of the first byte.
    pub fn base_pc(&self) -> u64 {
        self.base_pc
    }
}
