//! Program control (SOPP): branches, barriers, the end of the program, waits and traps.

use super::fault::FaultKind;
use super::program::{Env, Step};
use super::wavefront::{WaveStatus, Wavefront};
use crate::isa::{branch_target, Extra};

/// SOPP semantics. Waits, sleeps, priorities and messages have no functional effect.
pub fn sopp(w: &mut Wavefront, _e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let imm = match s.inst.extra {
        Extra::Simm16(v) => v,
        _ => 0,
    };
    let taken = match s.inst.info.opcode {
        0x01 | 0x1b => {
            w.status = WaveStatus::Ended;
            return Ok(());
        }
        0x02 => true,
        0x04 => !w.scc,
        0x05 => w.scc,
        0x06 => w.vccz(),
        0x07 => !w.vccz(),
        0x08 => w.execz(),
        0x09 => !w.execz(),
        // Debugger branches: no debugger is attached.
        0x17..=0x1a => false,
        0x0a => {
            w.status = WaveStatus::AtBarrier;
            return Ok(());
        }
        0x0d => {
            if imm & 1 != 0 {
                return Err(FaultKind::Halt);
            }
            return Ok(());
        }
        0x12 => return Err(FaultKind::Trap(imm & 0xff)),
        0x1c => return Ok(()),
        0x1d => {
            return Err(FaultKind::Unsupported(
                "VGPR index mode (s_set_gpr_idx_mode)",
            ))
        }
        0x00 | 0x03 | 0x0b | 0x0c | 0x0e | 0x0f | 0x10 | 0x11 | 0x13..=0x16 => return Ok(()),
        _ => return Err(FaultKind::Unimplemented),
    };
    if taken {
        if let Some(target) = branch_target(&s.inst, s.pc) {
            w.next_pc = target;
        }
    }
    Ok(())
}
