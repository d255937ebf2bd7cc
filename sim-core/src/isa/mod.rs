//! The GCN3 (gfx8) instruction set: one opcode table ([`table`]) drives a decoder that
//! turns code bytes into compact [`Instruction`]s for the emulator, and a disassembler whose
//! text is identical to `llvm-objdump-15 -d --mcpu=gfx803`.

pub mod decode;
pub mod disasm;
pub mod instruction;
pub mod listing;
pub mod operand;
pub mod program;
pub mod special;
pub mod table;

pub use decode::{decode, decode_all, DecodeError, DecodedAt};
pub use disasm::disassemble;
pub use instruction::{CachePolicy, Dpp, Extra, Instruction, Sdwa, SdwaSel, VopModifiers};
pub use operand::{Operand, ValueType};
pub use program::DecodedCode;
pub use table::{lookup, Category, Format, OpInfo, OPCODES};

/// The address a SOPP branch at `pc` jumps to when taken (None for other instructions).
pub fn branch_target(inst: &Instruction, pc: u64) -> Option<u64> {
    if inst.encoding != Format::Sopp || inst.info.category != Category::Branch {
        return None;
    }
    let Extra::Simm16(simm) = inst.extra else {
        return None;
    };
    Some(
        pc.wrapping_add(4)
            .wrapping_add((simm as i16 as i64 * 4) as u64),
    )
}
