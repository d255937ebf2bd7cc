//! Scalar memory (SMEM): loads and stores of 1–16 dwords through a 64-bit address or a
//! buffer resource, and cache maintenance (no functional effect).

use super::fault::FaultKind;
use super::operands::{read_scalar, write_scalar};
use super::program::{Env, Semantic, Step};
use super::wavefront::Wavefront;
use crate::isa::{table::flag, Instruction, Operand};
use std::sync::atomic::Ordering;

/// The semantics of SMEM instruction `inst`: [`load`] for `s_load_dword*` (an address in
/// an SGPR pair, no buffer resource; compiled for its number of dwords when that is 1, 2
/// or 4), [`smem`] for the others.
pub fn semantic(inst: &Instruction) -> Semantic {
    let plain_load = inst.info.opcode <= 0x04 && matches!(inst.src[0], Operand::Scalar { .. });
    Semantic::new(match inst.dst {
        Operand::Scalar { count: 1, .. } if plain_load => load::<1>,
        Operand::Scalar { count: 2, .. } if plain_load => load::<2>,
        Operand::Scalar { count: 4, .. } if plain_load => load::<4>,
        Operand::Scalar { .. } if plain_load => load::<ANY_COUNT>,
        _ => smem,
    })
}

/// [`load`]'s `DWORDS` for a body that takes the count from the destination.
const ANY_COUNT: usize = 0;

/// `s_load_dword*` ([`smem`]'s semantics) of `DWORDS` dwords (the destination's count; any
/// for [`ANY_COUNT`]): the dwords of one or two mapped pages copied straight into the
/// destination SGPRs (when they do not wrap past the last), the rest by [`smem`].
fn load<const DWORDS: usize>(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let (Operand::Scalar { code: base, .. }, Operand::Scalar { code, count }) =
        (s.inst.src[0], s.inst.dst)
    else {
        return smem(w, e, s);
    };
    let count = if DWORDS == ANY_COUNT {
        count
    } else {
        DWORDS as u8
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::GpuMemory;
    use crate::emu::memory::{Tlb, TlbEntries};
    use crate::emu::program::Program;
    use crate::emu::vector::fast_form_tests::xorshift;

    /// Encodings (`llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding`) of scalar loads
    /// with an address in an SGPR pair, of each size with a form of its own and one
    /// without, some loading over their own address.
    const CODE: [[u32; 2]; 6] = [
        [0xc002_0102, 0x0000_0004], // s_load_dword s4, s[4:5], 0x4
        [0xc002_0003, 0x0000_0018], // s_load_dword s0, s[6:7], 0x18
        [0xc006_0083, 0x0000_0020], // s_load_dwordx2 s[2:3], s[6:7], 0x20
        [0xc006_0003, 0x0000_0ffc], // s_load_dwordx2 s[0:1], s[6:7], 0xffc
        [0xc00a_0003, 0x0000_0000], // s_load_dwordx4 s[0:3], s[6:7], 0x0
        [0xc00e_0203, 0x0000_0ff0], // s_load_dwordx8 s[8:15], s[6:7], 0xff0
    ];

    /// Where the test's two mapped pages begin.
    const BASE: u64 = 0x10_0000;

    /// Runs `f` on a copy of `w` against two pages of words from `seed`: the registers
    /// after it, and whether it faulted.
    fn run(f: Semantic, step: &Step, w: &Wavefront, seed: u64) -> (Wavefront, bool) {
        let memory = GpuMemory::new(0, 1 << 20, 4096);
        memory.map_zeroed(BASE, 2).unwrap();
        let mut next = xorshift(seed);
        let bytes: Vec<u8> = (0..2 * 4096).map(|_| next() as u8).collect();
        memory.write(BASE, &bytes).unwrap();
        let mut entries = TlbEntries::default();
        let mut env = Env {
            tlb: Tlb::new(&memory, &mut entries),
            lds: &mut [],
        };
        let mut w = w.clone();
        let faulted = f.call(&mut w, &mut env, step).is_err();
        (w, faulted)
    }

    #[test]
    fn loads_match_the_general_path() {
        for words in CODE {
            let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let program = Program::new(&code, 0);
            let step = &program.steps()[0];
            for seed in 1..100u64 {
                let mut next = xorshift(seed);
                let mut w = Wavefront::new(1);
                for r in w.sgprs.iter_mut() {
                    *r = next() as u32;
                }
                // An address in the first page, near its end, or (rarely) unmapped.
                let address = match seed % 5 {
                    0 => BASE + 4096 - 8,
                    4 => 0x20_0000,
                    _ => BASE + (next() % 4096),
                };
                for pair in [4, 6] {
                    w.sgprs[pair] = address as u32;
                    w.sgprs[pair + 1] = (address >> 32) as u32;
                }
                let fast = run(semantic(&step.inst), step, &w, seed);
                let general = run(Semantic::new(smem), step, &w, seed);
                assert_eq!(fast.0.sgprs, general.0.sgprs, "{} seed {seed}", step.inst);
                assert_eq!(fast.1, general.1, "{} seed {seed}", step.inst);
            }
        }
    }
}
