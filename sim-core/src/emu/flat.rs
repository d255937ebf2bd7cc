//! FLAT instructions: generic addresses classified by aperture into global memory, the
//! work-group's LDS, or the work-item's private memory (scratch, interleaved per lane like
//! the scratch buffer, relative to FLAT_SCRATCH).

use super::aperture::{classify, Aperture};
use super::buffer::{swizzled_offset, SCRATCH_ELEMENT_BYTES, SCRATCH_INDEX_STRIDE};
use super::fault::FaultKind;
use super::operands::{active, pack_mask, vgpr};
use super::program::{Env, Semantic, Step};
use super::vmem::{contiguous, execute, one_page, Target, VmemOp};
use super::wavefront::{Wavefront, FLAT_SCRATCH_HI, LANES};
use crate::isa::Instruction;

/// FLAT semantics of `inst`, in the form fastest on this host: for `flat_load_dword` and
/// `flat_store_dword` (most of the FLAT instructions kernels execute) compiled for their
/// opcode, so that the operation is known without a look-up at every execution.
pub fn flat(inst: &Instruction) -> Semantic {
    match inst.info.opcode {
        0x14 => host_semantic!(flat_lanes::<0x14>),
        0x1c => host_semantic!(flat_lanes::<0x1c>),
        _ => host_semantic!(flat_lanes::<ANY_OPCODE>),
    }
}

/// [`flat_lanes`]' `OPCODE` for a body that takes the opcode from the instruction.
const ANY_OPCODE: u16 = u16::MAX;

/// FLAT semantics, for the instruction's opcode `OPCODE` (or any, [`ANY_OPCODE`]).
#[inline(always)]
fn flat_lanes<const OPCODE: u16>(
    w: &mut Wavefront,
    e: &mut Env,
    s: &Step,
) -> Result<(), FaultKind> {
    let inst = &s.inst;
    let opcode = if OPCODE == ANY_OPCODE {
        inst.info.opcode
    } else {
        OPCODE
    };
    let op = VmemOp::from_opcode(opcode).ok_or(FaultKind::Unimplemented)?;
    let a = vgpr(w, inst.src[0], 2)?;
    let wave_scratch = w
        .scratch_base
        .wrapping_add(u64::from(w.sgprs[FLAT_SCRATCH_HI as usize]) << 8);
    let exec = w.exec();
    let (lo, hi) = (&w.vgprs[a], &w.vgprs[a + 1]);
    if let Some(first) = contiguous_run(exec, lo, hi, 4 * op.dwords() as u32) {
        if matches!(classify(first), Aperture::Global(_))
            && contiguous(w, e, op, first, inst.src[1], inst.dst)?
        {
            return Ok(());
        }
    }
    // Every lane's address (inactive lanes' too: a loop without branches) and whether
    // any active lane's is not global.
    let mut addresses = [0u64; LANES];
    let mut not_global = [0u8; LANES];
    let (lo, hi) = (&w.vgprs[a], &w.vgprs[a + 1]);
    for l in 0..LANES {
        let address = u64::from(lo[l]) | u64::from(hi[l]) << 32;
        addresses[l] = address;
        not_global[l] = u8::from(!matches!(classify(address), Aperture::Global(_)));
    }
    let global = pack_mask(&not_global) & exec == 0;
    if global && one_page(w, e, op, &addresses, inst.src[1], inst.dst)? {
        return Ok(());
    }
    let mut targets = [Target::Dropped; LANES];
    for l in active(exec) {
        targets[l] = match classify(addresses[l]) {
            Aperture::Global(g) => Target::Global(g),
            Aperture::Shared(o) => Target::Lds(o),
            Aperture::Private(o) => {
                let at =
                    swizzled_offset(l as u64, o, 0, SCRATCH_ELEMENT_BYTES, SCRATCH_INDEX_STRIDE);
                Target::Strided(
                    wave_scratch.wrapping_add(at),
                    SCRATCH_ELEMENT_BYTES * SCRATCH_INDEX_STRIDE,
                )
            }
        };
    }
    execute(w, e, s, op, &targets, inst.src[1], inst.dst)
}

/// The first lane's address when every lane is active and lane `l`'s address (`hi:lo`)
/// is `stride·l` bytes after it, with the same upper half (so a run that crosses a 4 GiB
/// boundary is not one, which [`contiguous`]'s one-page check also rules out).
#[inline(always)]
fn contiguous_run(exec: u64, lo: &[u32; LANES], hi: &[u32; LANES], stride: u32) -> Option<u64> {
    if exec != u64::MAX {
        return None;
    }
    let mut gaps = 0u32;
    let mut expected = lo[0];
    for (&l, &h) in lo.iter().zip(hi) {
        gaps |= (l ^ expected) | (h ^ hi[0]);
        expected = expected.wrapping_add(stride);
    }
    (gaps == 0).then(|| u64::from(lo[0]) | u64::from(hi[0]) << 32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::GpuMemory;
    use crate::emu::memory::{Tlb, TlbEntries};
    use crate::emu::program::Program;
    use crate::emu::vector::fast_form_tests::xorshift;

    /// Encodings (`llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding`) of the dword
    /// loads and stores with a semantics of their own, some with a destination or data
    /// register that is also an address register.
    const CODE: [[u32; 2]; 4] = [
        [0xdc50_0000, 0x0400_0004], // flat_load_dword v4, v[4:5]
        [0xdc50_0000, 0x0200_0000], // flat_load_dword v2, v[0:1]
        [0xdc70_0000, 0x0000_0200], // flat_store_dword v[0:1], v2
        [0xdc70_0000, 0x0000_0000], // flat_store_dword v[0:1], v0
    ];

    /// Where the test's four mapped pages begin.
    const BASE: u64 = 0x10_0000;

    fn memory(seed: u64) -> GpuMemory {
        let memory = GpuMemory::new(0, 1 << 20, 4096);
        memory.map_zeroed(BASE, 4).unwrap();
        let mut next = xorshift(seed);
        let bytes: Vec<u8> = (0..4 * 4096).map(|_| next() as u8).collect();
        memory.write(BASE, &bytes).unwrap();
        memory
    }

    /// Runs `semantic` on a copy of `w` against a copy of `memory`'s contents; returns the
    /// wavefront and the pages after it.
    fn run(semantic: Semantic, step: &Step, w: &Wavefront, seed: u64) -> (Wavefront, Vec<u8>) {
        let (mut w, memory) = (w.clone(), memory(seed));
        let mut entries = TlbEntries::default();
        let mut env = Env {
            tlb: Tlb::new(&memory, &mut entries),
            lds: &mut [],
        };
        semantic.call(&mut w, &mut env, step).unwrap();
        let mut pages = vec![0u8; 4 * 4096];
        memory.read(BASE, &mut pages).unwrap();
        (w, pages)
    }

    /// FLAT's semantics for any opcode, in the form fastest on this host.
    fn general_form() -> Semantic {
        host_semantic!(flat_lanes::<ANY_OPCODE>)
    }

    #[test]
    fn dword_forms_match_the_general_form() {
        let general = general_form();
        for words in CODE {
            let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let program = Program::new(&code, 0);
            let step = &program.steps()[0];
            for seed in 1..200u64 {
                let mut next = xorshift(seed);
                let mut w = Wavefront::new(8);
                for lane in w.vgprs.iter_mut().flat_map(|r| r.iter_mut()) {
                    *lane = next() as u32;
                }
                // Contiguous runs within a page and across one, and scattered dwords;
                // all lanes, or some.
                let first = BASE + 4 * (next() % (3 * 1024));
                for l in 0..LANES {
                    let address = match seed % 3 {
                        0 => first + 4 * l as u64,
                        1 => BASE + 4096 - 128 + 4 * l as u64,
                        _ => BASE + 4 * (next() % (4 * 1024)),
                    };
                    w.vgprs[0][l] = address as u32;
                    w.vgprs[1][l] = (address >> 32) as u32;
                    w.vgprs[4][l] = address as u32;
                    w.vgprs[5][l] = (address >> 32) as u32;
                }
                w.set_exec(if seed % 4 == 0 { next() } else { u64::MAX });
                let fast = run(step.exec, step, &w, seed);
                let slow = run(general, step, &w, seed);
                assert_eq!(fast.0.vgprs, slow.0.vgprs, "{} seed {seed}", step.inst);
                assert_eq!(fast.1, slow.1, "{} seed {seed}", step.inst);
            }
        }
    }
}
