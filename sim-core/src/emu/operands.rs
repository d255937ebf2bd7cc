//! Operand access: scalar sources and destinations, and vector sources broadcast or read
//! per lane.

use super::fault::FaultKind;
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Operand, ValueType};

/// The value of a scalar-readable source; `wide` for 64-bit operands.
#[inline]
pub fn read_scalar(w: &Wavefront, op: Operand, wide: bool) -> u64 {
    match op {
        Operand::Scalar { code, count } => {
            if count >= 2 || wide {
                w.pair(code)
            } else {
                u64::from(w.sgprs[code as usize & 127])
            }
        }
        Operand::Inline(code) => {
            if wide {
                Operand::inline_value64(code)
            } else {
                u64::from(Operand::inline_value32(code, ValueType::B32))
            }
        }
        Operand::Literal(v) => u64::from(v),
        Operand::Vccz => u64::from(w.vccz()),
        Operand::Execz => u64::from(w.execz()),
        Operand::Scc => u64::from(w.scc),
        Operand::None | Operand::Vector { .. } | Operand::LdsDirect => 0,
    }
}

/// Writes a scalar destination (1 or 2 dwords by the operand's count).
#[inline]
pub fn write_scalar(w: &mut Wavefront, op: Operand, v: u64) {
    if let Operand::Scalar { code, count } = op {
        if count >= 2 {
            w.set_pair(code, v);
        } else {
            w.sgprs[code as usize & 127] = v as u32;
        }
    }
}

/// Checks that VGPRs `index..index + count` exist.
#[inline]
pub fn check_vgprs(w: &Wavefront, index: u32, count: u32) -> Result<(), FaultKind> {
    if index.saturating_add(count) as usize > w.vgprs.len() {
        return Err(FaultKind::RegisterOutOfRange(index));
    }
    Ok(())
}

/// The first VGPR of a vector operand, checked to exist with `count` registers.
#[inline]
pub fn vgpr(w: &Wavefront, op: Operand, count: u32) -> Result<usize, FaultKind> {
    match op {
        Operand::Vector { index, .. } => {
            check_vgprs(w, u32::from(index), count)?;
            Ok(index as usize)
        }
        _ => Err(FaultKind::Unsupported(
            "a vector operand that is not a VGPR",
        )),
    }
}

/// Reads a VGPR dword of every lane.
#[inline]
pub fn lanes(w: &Wavefront, reg: usize) -> &[u32; LANES] {
    &w.vgprs[reg]
}

/// Writes the lanes of `values` active in `exec` into `reg`.
#[inline]
pub fn write_active(reg: &mut [u32; LANES], values: &[u32; LANES], exec: u64) {
    if exec == u64::MAX {
        *reg = *values;
    } else {
        for l in active(exec) {
            reg[l] = values[l];
        }
    }
}

/// Iterates the set bits of `mask` (active lanes) in ascending order.
#[inline]
pub fn active(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}
