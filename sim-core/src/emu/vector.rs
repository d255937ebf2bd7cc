//! The vector ALU path: operand fetch (VGPRs, SGPRs, typed inline constants, literals,
//! 64-bit operands), SDWA selection and DPP lane permutation, the call into the per-opcode
//! semantics of [`super::valu`], and write-back of results and masks. Also the instructions
//! that need the whole wavefront: `v_readlane`, `v_writelane`, `v_readfirstlane`,
//! `v_movrel*` and `v_nop`.

use std::cell::RefCell;

use super::fault::FaultKind;
use super::lanes::{dpp_permute, sdwa_merge, sdwa_select};
use super::operands::{active, check_vgprs, read_scalar, vgpr, write_scalar};
use super::program::{Env, Semantic, Step};
use super::valu::ValuArgs;
use super::wavefront::{Wavefront, LANES};
use crate::isa::{
    table::flag, Extra, Format, Instruction, OpInfo, Operand, ValueType, VopModifiers,
};

/// Per-lane values of one operand.
type LaneValues = [u64; LANES];

/// How an opcode's constants are typed.
fn value_type(info: &OpInfo) -> ValueType {
    if info.mnemonic.contains("f16") {
        ValueType::F16
    } else if info.flags & flag::I16 != 0 {
        ValueType::I16
    } else {
        ValueType::B32
    }
}

/// The value of source operand `i` of `inst` when it is a constant (inline or literal), as
/// every lane reads it; None for registers. Decoding computes it once per instruction.
pub fn source_constant(inst: &Instruction, i: usize) -> Option<u64> {
    let info = inst.info;
    let width = info.widths.get(i + 1).copied().unwrap_or(1);
    match inst.src[i] {
        Operand::Inline(code) => Some(if width == 2 {
            Operand::inline_value64(code)
        } else {
            u64::from(Operand::inline_value32(code, value_type(info)))
        }),
        // A 32-bit literal of a 64-bit float operand gives the high half.
        Operand::Literal(v) => Some(if width == 2 && info.mnemonic.contains("f64") {
            u64::from(v) << 32
        } else {
            u64::from(v)
        }),
        _ => None,
    }
}

/// Fills `out` with source operand `i` of `inst`, whose constant value (if it is one) is
/// `constant`.
#[inline(always)]
pub(super) fn fetch(
    w: &Wavefront,
    inst: &Instruction,
    i: usize,
    constant: Option<u64>,
    out: &mut LaneValues,
) -> Result<(), FaultKind> {
    if let Some(v) = constant {
        out.fill(v);
        return Ok(());
    }
    let width = inst.info.widths.get(i + 1).copied().unwrap_or(1);
    match inst.src[i] {
        Operand::None => out.fill(0),
        Operand::Vector { index, count } => {
            let count = count.max(1) as u32;
            check_vgprs(w, u32::from(index), count)?;
            let lo = &w.vgprs[index as usize];
            if count >= 2 {
                let hi = &w.vgprs[index as usize + 1];
                for l in 0..LANES {
                    out[l] = u64::from(lo[l]) | u64::from(hi[l]) << 32;
                }
            } else {
                for l in 0..LANES {
                    out[l] = u64::from(lo[l]);
                }
            }
        }
        Operand::LdsDirect => return Err(FaultKind::Unsupported("lds_direct operand")),
        other => {
            let wide = width == 2 || matches!(other, Operand::Scalar { count: 2.., .. });
            out.fill(read_scalar(w, other, wide));
        }
    }
    Ok(())
}

/// The per-lane source and result values of one vector ALU instruction.
struct LaneBuffers {
    srcs: [[u64; LANES]; 3],
    dst: [u64; LANES],
}

thread_local! {
    /// Each host thread's [`LaneBuffers`]: every instruction overwrites the sources it
    /// passes and the results it writes back, so none has to clear 2 KiB first.
    static LANE_BUFFERS: RefCell<Box<LaneBuffers>> = RefCell::new(Box::new(LaneBuffers {
        srcs: [[0; LANES]; 3],
        dst: [0; LANES],
    }));
}

/// Executes a vector ALU instruction through its `valu` semantics.
pub fn valu(w: &mut Wavefront, _e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    LANE_BUFFERS.with(|b| {
        let b = &mut **b.borrow_mut();
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the host has AVX2 (checked above).
            return unsafe { valu_in_avx2(w, s, &mut b.srcs, &mut b.dst) };
        }
        valu_in(w, s, &mut b.srcs, &mut b.dst)
    })
}

/// [`valu_in`] compiled with AVX2 (operand fetch and write-back loops four lanes at a time).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn valu_in_avx2(
    w: &mut Wavefront,
    s: &Step,
    srcs: &mut [[u64; LANES]; 3],
    dst: &mut [u64; LANES],
) -> Result<(), FaultKind> {
    valu_in(w, s, srcs, dst)
}

/// [`valu`] with `srcs` and `dst` to work in (their contents are overwritten).
#[inline(always)]
fn valu_in(
    w: &mut Wavefront,
    s: &Step,
    srcs: &mut [[u64; LANES]; 3],
    dst: &mut [u64; LANES],
) -> Result<(), FaultKind> {
    let f = s.valu.ok_or(FaultKind::Unimplemented)?;
    let inst = &s.inst;
    let info = inst.info;
    for (i, src) in srcs.iter_mut().enumerate() {
        fetch(w, inst, i, s.constants[i], src)?;
    }
    if s.reads_dst {
        let d = Instruction {
            src: [inst.dst, Operand::None, Operand::None],
            ..*inst
        };
        fetch(w, &d, 0, None, &mut srcs[2])?;
    }
    let mut exec = w.exec();
    let mut modifiers = VopModifiers::default();
    let mut sdwa = None;
    match inst.extra {
        Extra::Vop3(m) => modifiers = m,
        Extra::K(k) => srcs[2].fill(u64::from(k)),
        Extra::Sdwa(sd, m) => {
            for (i, sel) in [sd.src0_sel, sd.src1_sel].into_iter().enumerate() {
                if matches!(inst.src[i], Operand::Vector { .. }) {
                    let sext = m.sext & (1 << i) != 0;
                    for v in srcs[i].iter_mut() {
                        *v = u64::from(sdwa_select(*v as u32, sel, sext));
                    }
                }
            }
            modifiers = VopModifiers { sext: 0, ..m };
            sdwa = Some(sd);
        }
        Extra::Dpp(d, m) => {
            let src0 = srcs[0];
            exec = dpp_permute(&d, exec, &src0, &mut srcs[0]);
            modifiers = m;
        }
        _ => {}
    }
    let mask_in = if info.flags & flag::VCC_IN != 0 {
        read_scalar(w, inst.src[2], true)
    } else {
        w.vcc()
    };
    let mut mask_out = 0u64;
    f(&mut ValuArgs {
        src: [&srcs[0], &srcs[1], &srcs[2]],
        exec,
        mask_in,
        modifiers,
        mode: w.float_mode(),
        dst,
        mask_out: &mut mask_out,
    });
    if let Operand::Vector { index, count } = inst.dst {
        let count = u32::from(count.max(1));
        check_vgprs(w, u32::from(index), count)?;
        let r = index as usize;
        match sdwa {
            Some(sd) => {
                for l in active(exec) {
                    let old = w.vgprs[r][l];
                    w.vgprs[r][l] = sdwa_merge(old, dst[l] as u32, sd.dst_sel, sd.dst_unused);
                }
            }
            None => {
                write_lanes(&mut w.vgprs[r], dst, exec, 0);
                if count >= 2 {
                    write_lanes(&mut w.vgprs[r + 1], dst, exec, 32);
                }
            }
        }
    }
    if inst.sdst != Operand::None {
        let m = mask_out & exec;
        write_scalar(w, inst.sdst, m);
        if s.writes_exec {
            w.set_exec(m);
        }
    }
    Ok(())
}

/// Writes bits `shift..shift + 32` of `values` into the lanes of `reg` active in `exec`.
#[inline]
pub(super) fn write_lanes(reg: &mut [u32; LANES], values: &LaneValues, exec: u64, shift: u32) {
    if exec == u64::MAX {
        for (r, v) in reg.iter_mut().zip(values) {
            *r = (v >> shift) as u32;
        }
    } else {
        for l in active(exec) {
            reg[l] = (values[l] >> shift) as u32;
        }
    }
}

/// The wavefront-level semantics of the VALU opcodes that are not per-lane arithmetic.
pub fn cross_lane(info: &OpInfo) -> Option<Semantic> {
    Some(Semantic::new(match (info.format, info.opcode) {
        (Format::Vop1, 0x00) => nop,
        (Format::Vop1, 0x02) => readfirstlane,
        (Format::Vop1, 0x36) => movreld,
        (Format::Vop1, 0x37) => movrels,
        (Format::Vop1, 0x38) => movrelsd,
        (Format::Vop3, 0x289) => readlane,
        (Format::Vop3, 0x28a) => writelane,
        _ => return None,
    }))
}

fn nop(_: &mut Wavefront, _: &mut Env, _: &Step) -> Result<(), FaultKind> {
    Ok(())
}

/// The value of lane `lane` of a source that may be a VGPR or a scalar/constant.
fn lane_value(w: &Wavefront, op: Operand, lane: usize) -> Result<u32, FaultKind> {
    match op {
        Operand::Vector { index, .. } => {
            check_vgprs(w, u32::from(index), 1)?;
            Ok(w.vgprs[index as usize][lane])
        }
        Operand::Inline(code) => Ok(Operand::inline_value32(code, ValueType::B32)),
        other => Ok(read_scalar(w, other, false) as u32),
    }
}

fn readfirstlane(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let exec = w.exec();
    let lane = if exec == 0 {
        0
    } else {
        exec.trailing_zeros() as usize
    };
    let v = lane_value(w, s.inst.src[0], lane)?;
    write_scalar(w, s.inst.dst, u64::from(v));
    Ok(())
}

fn readlane(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let lane = (read_scalar(w, s.inst.src[1], false) & 63) as usize;
    let v = lane_value(w, s.inst.src[0], lane)?;
    write_scalar(w, s.inst.dst, u64::from(v));
    Ok(())
}

fn writelane(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let lane = (read_scalar(w, s.inst.src[1], false) & 63) as usize;
    let v = read_scalar(w, s.inst.src[0], false) as u32;
    let r = vgpr(w, s.inst.dst, 1)?;
    w.vgprs[r][lane] = v;
    Ok(())
}

/// The VGPR `op` names, moved by M0.
fn relative(w: &Wavefront, op: Operand) -> Result<usize, FaultKind> {
    match op {
        Operand::Vector { index, .. } => {
            let r = u32::from(index).saturating_add(w.m0());
            check_vgprs(w, r, 1)?;
            Ok(r as usize)
        }
        _ => Err(FaultKind::Unsupported("v_movrel with a non-VGPR operand")),
    }
}

fn movrels(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let from = relative(w, s.inst.src[0])?;
    let to = vgpr(w, s.inst.dst, 1)?;
    for l in active(w.exec()) {
        w.vgprs[to][l] = w.vgprs[from][l];
    }
    Ok(())
}

fn movreld(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let to = relative(w, s.inst.dst)?;
    for l in active(w.exec()) {
        let v = lane_value(w, s.inst.src[0], l)?;
        w.vgprs[to][l] = v;
    }
    Ok(())
}

fn movrelsd(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let from = relative(w, s.inst.src[0])?;
    let to = relative(w, s.inst.dst)?;
    for l in active(w.exec()) {
        w.vgprs[to][l] = w.vgprs[from][l];
    }
    Ok(())
}

/// What the tests of the fast forms ([`super::vector_int`], [`super::vector_f32`],
/// [`super::vector_compare`]) share.
#[cfg(test)]
pub(super) mod fast_form_tests {
    use super::*;
    use crate::emu::memory::{Tlb, TlbEntries};

    /// A xorshift generator of test values, from a non-zero seed.
    pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// A wavefront of 8 VGPRs with random registers from `seed`, many lane values near
    /// the top so that carries happen, and `exec` as its active lanes.
    pub fn carry_wavefront(seed: u64, exec: u64) -> Wavefront {
        let mut w = Wavefront::new(8);
        let mut next = xorshift(seed);
        for r in w.vgprs.iter_mut() {
            for v in r.iter_mut() {
                *v = if next().is_multiple_of(3) {
                    u32::MAX - next() as u32 % 4
                } else {
                    next() as u32
                };
            }
        }
        for s in w.sgprs.iter_mut() {
            *s = next() as u32;
        }
        w.set_exec(exec);
        w
    }

    /// Executes `step` with its own semantics and with the general path [`valu`] on
    /// copies of `w`, and checks that both leave the same registers.
    pub fn assert_same_as_general_path(step: &Step, w: &Wavefront, seed: u64) {
        let (mut fast, mut general) = (w.clone(), w.clone());
        let memory = crate::driver::GpuMemory::new(0, 1 << 20, 4096);
        let mut entries = TlbEntries::default();
        let mut env = Env {
            tlb: Tlb::new(&memory, &mut entries),
            lds: &mut [],
        };
        step.exec.call(&mut fast, &mut env, step).unwrap();
        valu(&mut general, &mut env, step).unwrap();
        assert_eq!(fast.vgprs, general.vgprs, "{} seed {seed}", step.inst);
        assert_eq!(fast.sgprs, general.sgprs, "{} seed {seed}", step.inst);
    }

    /// Checks that each instruction of `code` (its words) has a fast form by `semantic`
    /// and that the form leaves the registers as the general path does, on the
    /// wavefronts `wavefront` makes from seeds 1 to 49.
    pub fn assert_fast_forms_match(
        code: &[&[u32]],
        semantic: fn(&crate::isa::Instruction) -> Option<Semantic>,
        wavefront: fn(u64) -> Wavefront,
    ) {
        for words in code {
            let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let program = crate::emu::program::Program::new(&code, 0);
            let step = &program.steps()[0];
            assert!(
                semantic(&step.inst).is_some(),
                "{} has a fast form",
                step.inst
            );
            for seed in 1..50 {
                assert_same_as_general_path(step, &wavefront(seed), seed);
            }
        }
    }
}
