//! Scalar memory (SMEM): loads and stores of 1–16 dwords through a 64-bit address or a
//! buffer resource, and cache maintenance (no functional effect).

use super::fault::FaultKind;
use super::operands::{read_scalar, write_scalar};
use super::program::{Env, Semantic, Step};
use super::wavefront::Wavefront;
use crate::isa::{table::flag, Instruction, Operand};
use std::sync::atomic::Ordering;

/// The semantics of SMEM instruction `inst`: [`load`] for `s_load_dword*` (an address in
/// an SGPR pair, no buffer resource), [`smem`] for the others.
pub fn semantic(inst: &Instruction) -> Semantic {
    let plain_load = inst.info.opcode <= 0x04
        && matches!(inst.src[0], Operand::Scalar { .. })
        && matches!(inst.dst, Operand::Scalar { .. });
    Semantic::new(if plain_load { load } else { smem })
}

/// `s_load_dword*` ([`smem`]'s semantics): the dwords of one or two mapped pages copied
/// straight into the destination SGPRs (when they do not wrap past the last), the
/// rest by [`smem`].
fn load(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let (Operand::Scalar { code: base, .. }, Operand::Scalar { code, count }) =
        (s.inst.src[0], s.inst.dst)
    else {
        return smem(w, e, s);
    };
    let offset = match s.inst.src[1] {
        Operand::Literal(v) => u64::from(v),
        other => read_scalar(w, other, false),
    };
    let address = (w.pair(base) & 0xffff_ffff_ffff).wrapping_add(offset) & !3;
    let (first, count) = (usize::from(code), usize::from(count));
    if first + count <= w.sgprs.len() {
        // One page (the common case), then the general run of one or two.
        if let Some(words) = e.tlb.in_page(address, count) {
            for (register, word) in w.sgprs[first..first + count].iter_mut().zip(words) {
                *register = word.load(Ordering::Relaxed);
            }
            e.tlb.record_run(address, count);
            return Ok(());
        }
        if let Some(run) = e.tlb.run(address, count) {
            let registers = &mut w.sgprs[first..first + count];
            let (head, tail) = registers.split_at_mut(run.head.len());
            for (register, word) in head.iter_mut().zip(run.head) {
                *register = word.load(Ordering::Relaxed);
            }
            for (register, word) in tail.iter_mut().zip(run.tail) {
                *register = word.load(Ordering::Relaxed);
            }
            run.record();
            return Ok(());
        }
    }
    smem(w, e, s)
}

/// SMEM semantics. Addresses are dword aligned (the low two bits are ignored, as in
/// hardware); `s_buffer_*` accesses beyond `num_records` read 0 and are not written.
pub fn smem(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let info = s.inst.info;
    let op = info.opcode;
    match op {
        0x20..=0x23 => return Ok(()),
        0x24 | 0x25 => {
            write_scalar(w, s.inst.dst, w.executed);
            return Ok(());
        }
        0x00..=0x1a => {}
        _ => return Err(FaultKind::Unimplemented),
    }
    let offset = match s.inst.src[1] {
        Operand::Literal(v) => u64::from(v),
        other => read_scalar(w, other, false),
    };
    let buffer = op & 0x08 != 0;
    let (base, limit) = if buffer {
        let Operand::Scalar { code, .. } = s.inst.src[0] else {
            return Err(FaultKind::Unimplemented);
        };
        let lo = w.pair(code);
        let num_records = u64::from(w.sgprs[(code as usize + 2) & 127]);
        (lo & 0xffff_ffff_ffff, Some(num_records))
    } else {
        (read_scalar(w, s.inst.src[0], true) & 0xffff_ffff_ffff, None)
    };
    let Operand::Scalar { code, count } = s.inst.dst else {
        return Err(FaultKind::Unimplemented);
    };
    let in_range = |i: u64| limit.is_none_or(|n| (offset & !3) + 4 * i + 4 <= n);
    let address = base.wrapping_add(offset) & !3;
    if info.flags & flag::STORE != 0 {
        for i in 0..count as u64 {
            if in_range(i) {
                e.tlb.check(address.wrapping_add(4 * i), 4)?;
            }
        }
        for i in 0..count as u64 {
            if in_range(i) {
                let v = w.sgprs[(code as usize + i as usize) & 127];
                e.tlb.store(address.wrapping_add(4 * i), v, 4)?;
            }
        }
    } else {
        // A load of one or two mapped pages (the common case): one translation per page.
        if limit.is_none() {
            if let Some(run) = e.tlb.run(address, count as usize) {
                let tail_first = code as usize + run.head.len();
                for (k, word) in run.head.iter().enumerate() {
                    w.sgprs[(code as usize + k) & 127] = word.load(Ordering::Relaxed);
                }
                for (k, word) in run.tail.iter().enumerate() {
                    w.sgprs[(tail_first + k) & 127] = word.load(Ordering::Relaxed);
                }
                run.record();
                return Ok(());
            }
        }
        let mut data = [0u32; 16];
        for (i, d) in data.iter_mut().enumerate().take(count as usize) {
            if in_range(i as u64) {
                *d = e.tlb.load_u32(address.wrapping_add(4 * i as u64))?;
            }
        }
        for (i, d) in data.iter().enumerate().take(count as usize) {
            w.sgprs[(code as usize + i) & 127] = *d;
        }
    }
    Ok(())
}
