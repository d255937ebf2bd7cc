//! The commonest integer vector ALU opcodes — the address arithmetic of every kernel
//! (`v_add_u32`, `v_addc_u32`, `v_mov_b32`, `v_lshlrev_b32`, `v_lshrrev_b32`) and the
//! bitwise operations (`v_and_b32`, `v_or_b32`, `v_xor_b32`) — in their plain forms (no
//! VOP3 modifiers, SDWA or DPP), on the 32-bit register lanes directly, without the 64-bit
//! operand staging of [`super::vector`]'s general path. The results are those of the
//! general path (the tests compare both on random operands).

use super::fault::FaultKind;
#[cfg(target_arch = "x86_64")]
use super::operands::lane_bits_avx2;
use super::operands::{
    check_vgprs, pack_mask, read_scalar, unpack_mask, write_active, write_scalar,
};
use super::program::{Env, Semantic, Step};
use super::wavefront::{Wavefront, LANES};
use crate::isa::{table::flag, Extra, Instruction, Operand, VopModifiers};
use std::mem::MaybeUninit;

/// Whether `inst` is in a plain form: no VOP3 modifiers, SDWA or DPP, and 32-bit
/// sources 0 and 1 and destination.
pub(super) fn is_plain(inst: &Instruction) -> bool {
    let plain = match inst.extra {
        Extra::None | Extra::K(_) => true,
        Extra::Vop3(m) => m == VopModifiers::default(),
        _ => false,
    };
    let narrow = |op: &Operand| match *op {
        Operand::Vector { count, .. } | Operand::Scalar { count, .. } => count <= 1,
        _ => true,
    };
    plain && inst.src[..2].iter().all(narrow) && narrow(&inst.dst)
}

/// The semantics of `inst` on 32-bit lanes, if it is one of the opcodes this module
/// implements, in a form without modifiers.
pub fn semantic(inst: &Instruction) -> Option<Semantic> {
    if let Some(f) = wide_shift(inst) {
        return Some(f);
    }
    if !is_plain(inst) {
        return None;
    }
    Some(match inst.info.mnemonic {
        "v_add_u32" => add(),
        "v_addc_u32" => addc(),
        "v_mov_b32" => mov(),
        "v_and_b32" => and(),
        "v_or_b32" => or(),
        "v_xor_b32" => xor(),
        "v_lshlrev_b32" => lshlrev(),
        "v_lshrrev_b32" => lshrrev(),
        _ => return None,
    })
}

/// The semantics of `inst` if it is a 64-bit shift (`v_lshlrev_b64`, `v_lshrrev_b64`,
/// `v_ashrrev_i64`, VOP3 only) without modifiers.
fn wide_shift(inst: &Instruction) -> Option<Semantic> {
    if inst.extra != Extra::Vop3(VopModifiers::default()) {
        return None;
    }
    Some(match inst.info.mnemonic {
        "v_lshlrev_b64" => shift64_left(),
        "v_lshrrev_b64" => shift64_right(),
        "v_ashrrev_i64" => shift64_arithmetic(),
        _ => return None,
    })
}

fn shift64_left() -> Semantic {
    host_semantic!(shift64::<0>)
}

fn shift64_right() -> Semantic {
    host_semantic!(shift64::<1>)
}

fn shift64_arithmetic() -> Semantic {
    host_semantic!(shift64::<2>)
}

/// Source 1 shifted by source 0 (its low six bits) per lane: left (`K` 0), right (1) or
/// right arithmetically (2), into a 64-bit destination; on the registers' 32-bit halves,
/// without widening whole registers to 64-bit lanes and back.
#[inline(always)]
fn shift64<const K: u8>(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    // Only the low six bits of the amount count, which a 32-bit read gives.
    let amounts = source_lanes(w, s, 0)?;
    let shift = |lo: u32, hi: u32, n: u32| {
        let v = u64::from(lo) | u64::from(hi) << 32;
        let n = n & 63;
        let r = match K {
            0 => v << n,
            1 => v >> n,
            _ => ((v as i64) >> n) as u64,
        };
        (r as u32, (r >> 32) as u32)
    };
    // Every lane active and a pair of VGPRs shifted into a pair: straight into the
    // destination, eight lanes at a time, each group read before it is written (the
    // pairs may overlap).
    if let (
        None,
        Operand::Vector {
            index: a,
            count: count_a @ 2..,
        },
        Operand::Vector { index: d, count },
    ) = (s.constants[1], s.inst.src[1], s.inst.dst)
    {
        if count >= 2 && w.exec() == u64::MAX {
            check_vgprs(w, u32::from(a), u32::from(count_a))?;
            check_vgprs(w, u32::from(d), u32::from(count))?;
            let mut splats = [MaybeUninit::uninit(); 2];
            let sources = [amounts, Lanes::Vgpr(a as usize)];
            let (out_lo, [n, lo]) = in_place(w, d as usize, sources, &mut splats);
            for g in (0..LANES).step_by(8) {
                // SAFETY: `a` and `d` were checked to begin two VGPRs each (so `lo + 64`
                // and `out_lo + 64` are their second ones), `n` is 64 lanes; the group
                // is read before it is written.
                unsafe {
                    let group = |p: *const u32| p.add(g).cast::<[u32; 8]>().read_unaligned();
                    let (l, h, k) = (group(lo), group(lo.add(LANES)), group(n));
                    let r: [(u32, u32); 8] = std::array::from_fn(|i| shift(l[i], h[i], k[i]));
                    let out =
                        |p: *mut u32, v: [u32; 8]| p.add(g).cast::<[u32; 8]>().write_unaligned(v);
                    out(out_lo, r.map(|(lo, _)| lo));
                    out(out_lo.add(LANES), r.map(|(_, hi)| hi));
                }
            }
            return Ok(());
        }
    }
    let mut k = MaybeUninit::uninit();
    let amounts = lanes_ref(w, amounts, &mut k);
    let (mut k_lo, mut k_hi) = (MaybeUninit::uninit(), MaybeUninit::uninit());
    let (lo, hi) = wide_source_ref(w, s, 1, &mut k_lo, &mut k_hi)?;
    let (mut out_lo, mut out_hi) = ([0u32; LANES], [0u32; LANES]);
    for l in 0..LANES {
        (out_lo[l], out_hi[l]) = shift(lo[l], hi[l], amounts[l]);
    }
    if let Operand::Vector { index, count } = s.inst.dst {
        let count = u32::from(count.max(1));
        check_vgprs(w, u32::from(index), count)?;
        let (r, exec) = (index as usize, w.exec());
        write_active(&mut w.vgprs[r], &out_lo, exec);
        if count >= 2 {
            write_active(&mut w.vgprs[r + 1], &out_hi, exec);
        }
    }
    Ok(())
}

/// The 64-bit source `i` of `s` as its low and high halves per lane, with the values
/// [`super::vector::fetch`] gives: the VGPRs themselves, or else values written into
/// `lo_splat` and `hi_splat` (left as they are otherwise, so they need not be
/// initialised).
#[inline(always)]
pub(super) fn wide_source_ref<'a>(
    w: &'a Wavefront,
    s: &Step,
    i: usize,
    lo_splat: &'a mut MaybeUninit<[u32; LANES]>,
    hi_splat: &'a mut MaybeUninit<[u32; LANES]>,
) -> Result<(&'a [u32; LANES], &'a [u32; LANES]), FaultKind> {
    let value = match (s.constants[i], s.inst.src[i]) {
        (Some(v), _) => v,
        (None, Operand::Vector { index, count }) => {
            let count = u32::from(count.max(1));
            check_vgprs(w, u32::from(index), count)?;
            let lo = &w.vgprs[index as usize];
            return Ok(match count {
                1 => (lo, hi_splat.write([0; LANES])),
                _ => (lo, &w.vgprs[index as usize + 1]),
            });
        }
        (None, Operand::None) => 0,
        (None, Operand::LdsDirect) => return Err(FaultKind::Unsupported("lds_direct operand")),
        (None, other) => {
            let width = s.inst.info.widths.get(i + 1).copied().unwrap_or(1);
            let wide = width == 2 || matches!(other, Operand::Scalar { count: 2.., .. });
            read_scalar(w, other, wide)
        }
    };
    Ok((
        lo_splat.write([value as u32; LANES]),
        hi_splat.write([(value >> 32) as u32; LANES]),
    ))
}

/// Where the 64 lanes of a 32-bit operand are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lanes {
    /// The VGPR of this index (checked to exist).
    Vgpr(usize),
    /// This value in every lane (a scalar or constant operand).
    Same(u32),
}

/// Source `i` of `s`, one 32-bit value per lane, as the VGPR holding it or the value of
/// every lane.
#[inline(always)]
pub(super) fn source_lanes(w: &Wavefront, s: &Step, i: usize) -> Result<Lanes, FaultKind> {
    Ok(Lanes::Same(match (s.constants[i], s.inst.src[i]) {
        (Some(v), _) => v as u32,
        (None, Operand::Vector { index, .. }) => {
            check_vgprs(w, u32::from(index), 1)?;
            return Ok(Lanes::Vgpr(index as usize));
        }
        (None, Operand::None) => 0,
        (None, Operand::LdsDirect) => return Err(FaultKind::Unsupported("lds_direct operand")),
        (None, other) => read_scalar(w, other, false) as u32,
    }))
}

/// Source `i` of `s`, one 32-bit value per lane, where it is: the VGPR itself, or else
/// its value written into every lane of `splat` (left as it is otherwise, so it need not
/// be initialised).
#[inline(always)]
pub(super) fn source_ref<'a>(
    w: &'a Wavefront,
    s: &Step,
    i: usize,
    splat: &'a mut MaybeUninit<[u32; LANES]>,
) -> Result<&'a [u32; LANES], FaultKind> {
    Ok(lanes_ref(w, source_lanes(w, s, i)?, splat))
}

/// The lanes of `lanes` where they are: the VGPR itself, or else the value written into
/// every lane of `splat` (left as it is otherwise, so it need not be initialised).
#[inline(always)]
fn lanes_ref<'a>(
    w: &'a Wavefront,
    lanes: Lanes,
    splat: &'a mut MaybeUninit<[u32; LANES]>,
) -> &'a [u32; LANES] {
    match lanes {
        Lanes::Vgpr(r) => &w.vgprs[r],
        Lanes::Same(v) => splat.write([v; LANES]),
    }
}

/// The destination VGPR of `s` (checked to exist) when every lane of `w` is active, so
/// that a result may be written straight into it; `None` otherwise.
#[inline(always)]
fn whole_destination(w: &Wavefront, s: &Step) -> Result<Option<usize>, FaultKind> {
    match s.inst.dst {
        Operand::Vector { index, .. } if w.exec() == u64::MAX => {
            check_vgprs(w, u32::from(index), 1)?;
            Ok(Some(index as usize))
        }
        _ => Ok(None),
    }
}

/// The first lane of VGPR `dst` of `w` and of two sources of `w` (VGPRs, which may be
/// `dst`, or values, written into every lane of `splats`), for lane loops that write a
/// group of lanes of the destination only after reading the same lanes of the sources.
#[inline(always)]
fn in_place(
    w: &mut Wavefront,
    dst: usize,
    sources: [Lanes; 2],
    splats: &mut [MaybeUninit<[u32; LANES]>; 2],
) -> (*mut u32, [*const u32; 2]) {
    // Every pointer to a VGPR comes from this one, so writes through the first may alias
    // the others.
    let regs = w.vgprs.as_mut_ptr();
    let [splat_a, splat_b] = splats;
    let first = |lanes: Lanes, splat: &mut MaybeUninit<[u32; LANES]>| match lanes {
        // SAFETY: `r` was checked to be one of `w`'s VGPRs.
        Lanes::Vgpr(r) => unsafe { regs.add(r) }.cast::<u32>().cast_const(),
        Lanes::Same(v) => splat.write([v; LANES]).as_ptr(),
    };
    let [a, b] = sources;
    // SAFETY: `dst` was checked to be one of `w`'s VGPRs.
    let out = unsafe { regs.add(dst) }.cast::<u32>();
    (out, [first(a, splat_a), first(b, splat_b)])
}

/// Writes `values` into the active lanes of the destination VGPR and, when the opcode
/// has one, `carry` (of the active lanes) into its scalar destination.
#[inline(always)]
pub(super) fn write_back(
    w: &mut Wavefront,
    s: &Step,
    values: &[u32; LANES],
    carry: u64,
) -> Result<(), FaultKind> {
    let exec = w.exec();
    if let Operand::Vector { index, .. } = s.inst.dst {
        check_vgprs(w, u32::from(index), 1)?;
        write_active(&mut w.vgprs[index as usize], values, exec);
    }
    if s.inst.sdst != Operand::None {
        write_scalar(w, s.inst.sdst, carry & exec);
    }
    Ok(())
}

/// `a + b + carry_in` per lane, with the carry-out bits.
#[inline(always)]
fn sum(a: &[u32; LANES], b: &[u32; LANES], carry_in: u64) -> ([u32; LANES], u64) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the host has AVX2 (checked above).
        return unsafe { lanes_sum_avx2(a, b, carry_in) };
    }
    lanes_sum(a, b, carry_in)
}

/// [`lanes_sum`] in AVX2 instructions ([`sum_into_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lanes_sum_avx2(a: &[u32; LANES], b: &[u32; LANES], carry_in: u64) -> ([u32; LANES], u64) {
    let mut out = [0u32; LANES];
    // SAFETY: the host has AVX2; `out` holds 64 lanes and is neither source.
    let carries = unsafe { sum_into_avx2(a.as_ptr(), b.as_ptr(), carry_in, out.as_mut_ptr()) };
    (out, carries)
}

/// `a + b + carry_in` per lane into the 64 lanes at `out`, eight lanes per instruction,
/// the carries gathered 32 lanes at a time ([`lane_bits_avx2`]); returns
/// the carry-out bits. A group of `out` is written after the same lanes of `a` and `b`
/// are read, so `out` may be either.
///
/// # Safety
/// `a` and `b` are 64 readable lanes, `out` 64 writable ones.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn sum_into_avx2(a: *const u32, b: *const u32, carry_in: u64, out: *mut u32) -> u64 {
    use std::arch::x86_64::*;
    // The carry-in's halves in every lane: group `i` takes its bits from half `i / 4`,
    // shifted by `8·(i % 4)` plus the lane's index.
    let halves = [carry_in as u32, (carry_in >> 32) as u32].map(|h| _mm256_set1_epi32(h as i32));
    let lane_bit = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let one = _mm256_set1_epi32(1);
    let mut carries = 0u64;
    // Half `h` of the lanes, so that only four groups' results are live at once; group
    // `i` of all.
    for (h, half) in halves.into_iter().enumerate() {
        let mut kept = [_mm256_setzero_si256(); 4];
        for (g, kept) in kept.iter_mut().enumerate() {
            let i = 4 * h + g;
            // SAFETY: group `i` is eight u32s of each, the 32 bytes an unaligned load or
            // store of a 256-bit vector touches.
            let (x, y) = unsafe {
                (
                    _mm256_loadu_si256(a.add(8 * i).cast()),
                    _mm256_loadu_si256(b.add(8 * i).cast()),
                )
            };
            let shifts = _mm256_add_epi32(lane_bit, _mm256_set1_epi32(8 * g as i32));
            let carry = _mm256_and_si256(_mm256_srlv_epi32(half, shifts), one);
            let partial = _mm256_add_epi32(x, y);
            let total = _mm256_add_epi32(partial, carry);
            // No carry out of a lane: partial >= x and total >= partial (unsigned).
            *kept = _mm256_and_si256(
                _mm256_cmpeq_epi32(_mm256_max_epu32(partial, x), partial),
                _mm256_cmpeq_epi32(_mm256_max_epu32(total, partial), total),
            );
            // SAFETY: as for the loads.
            unsafe { _mm256_storeu_si256(out.add(8 * i).cast(), total) };
        }
        carries |= u64::from(!lane_bits_avx2(kept)) << (32 * h);
    }
    carries
}

/// The lane loop of [`sum`].
#[inline(always)]
fn lanes_sum(a: &[u32; LANES], b: &[u32; LANES], carry_in: u64) -> ([u32; LANES], u64) {
    let mut out = [0u32; LANES];
    let mut carries = [0u8; LANES];
    let carry_in = unpack_mask(carry_in);
    for l in 0..LANES {
        // On 32-bit lanes, so that four or eight lanes go per host instruction.
        let (s, c1) = a[l].overflowing_add(b[l]);
        let (s, c2) = s.overflowing_add(u32::from(carry_in[l]));
        out[l] = s;
        carries[l] = u8::from(c1 | c2);
    }
    (out, pack_mask(&carries))
}

fn add() -> Semantic {
    host_semantic!(add_lanes)
}

#[inline(always)]
pub(super) fn add_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    sum_lanes::<false>(w, s, 0)
}

fn addc() -> Semantic {
    host_semantic!(addc_lanes)
}

#[inline(always)]
fn addc_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let carry_in = if s.inst.info.flags & flag::VCC_IN != 0 {
        read_scalar(w, s.inst.src[2], true)
    } else {
        w.vcc()
    };
    sum_lanes::<true>(w, s, carry_in)
}

/// Source 0 + source 1 + `carry_in` (0 unless `CARRY_IN`) per lane, the carries into the
/// scalar destination; straight into the destination VGPR when every lane is active and
/// the host has AVX2.
#[inline(always)]
fn sum_lanes<const CARRY_IN: bool>(
    w: &mut Wavefront,
    s: &Step,
    carry_in: u64,
) -> Result<(), FaultKind> {
    let sources = [source_lanes(w, s, 0)?, source_lanes(w, s, 1)?];
    let mut splats = [MaybeUninit::uninit(); 2];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        if let Some(dst) = whole_destination(w, s)? {
            let (out, [a, b]) = in_place(w, dst, sources, &mut splats);
            // SAFETY: the host has AVX2 (checked above); `in_place` gives 64 lanes each.
            let carry = unsafe { sum_into_avx2(a, b, carry_in, out) };
            // With a carry-in, the compiler otherwise moves the carries' computation
            // after the stores, into the branch below, keeping every group's sums (in
            // memory) until then; without one it does not, and the barrier costs more.
            let carry = if CARRY_IN {
                std::hint::black_box(carry)
            } else {
                carry
            };
            if s.inst.sdst != Operand::None {
                write_scalar(w, s.inst.sdst, carry);
            }
            return Ok(());
        }
    }
    let [k0, k1] = &mut splats;
    let (a, b) = (lanes_ref(w, sources[0], k0), lanes_ref(w, sources[1], k1));
    let (values, carry) = sum(a, b, carry_in);
    write_back(w, s, &values, carry)
}

fn mov() -> Semantic {
    host_semantic!(mov_lanes)
}

#[inline(always)]
fn mov_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let source = source_lanes(w, s, 0)?;
    if let Some(dst) = whole_destination(w, s)? {
        w.vgprs[dst] = match source {
            Lanes::Vgpr(r) => w.vgprs[r],
            Lanes::Same(v) => [v; LANES],
        };
        return Ok(());
    }
    // Copied out of the register file (a plain array: a `Result` holding it would put
    // it four bytes off the stores that wrote a splat, which then cannot be forwarded).
    let a = *lanes_ref(w, source, &mut MaybeUninit::uninit());
    write_back(w, s, &a, 0)
}

/// `f(source 0, source 1)` per lane: straight into the destination VGPR, eight lanes at
/// a time, when every lane is active.
#[inline(always)]
fn binary(w: &mut Wavefront, s: &Step, f: impl Fn(u32, u32) -> u32) -> Result<(), FaultKind> {
    let sources = [source_lanes(w, s, 0)?, source_lanes(w, s, 1)?];
    if let Some(dst) = whole_destination(w, s)? {
        let mut splats = [MaybeUninit::uninit(); 2];
        let (out, [a, b]) = in_place(w, dst, sources, &mut splats);
        for g in (0..LANES).step_by(8) {
            // SAFETY: `in_place` gives 64 lanes each; a group is read before it is
            // written.
            unsafe {
                let x = a.add(g).cast::<[u32; 8]>().read_unaligned();
                let y = b.add(g).cast::<[u32; 8]>().read_unaligned();
                let r: [u32; 8] = std::array::from_fn(|l| f(x[l], y[l]));
                out.add(g).cast::<[u32; 8]>().write_unaligned(r);
            }
        }
        return Ok(());
    }
    let (mut k0, mut k1) = (MaybeUninit::uninit(), MaybeUninit::uninit());
    let (a, b) = (
        lanes_ref(w, sources[0], &mut k0),
        lanes_ref(w, sources[1], &mut k1),
    );
    let mut values = [0u32; LANES];
    for l in 0..LANES {
        values[l] = f(a[l], b[l]);
    }
    write_back(w, s, &values, 0)
}

fn and() -> Semantic {
    host_semantic!(and_lanes)
}

#[inline(always)]
fn and_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, s, |a, b| a & b)
}

fn or() -> Semantic {
    host_semantic!(or_lanes)
}

#[inline(always)]
fn or_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, s, |a, b| a | b)
}

fn xor() -> Semantic {
    host_semantic!(xor_lanes)
}

#[inline(always)]
fn xor_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, s, |a, b| a ^ b)
}

fn lshlrev() -> Semantic {
    host_semantic!(lshlrev_lanes)
}

#[inline(always)]
fn lshlrev_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, s, |shift, v| v << (shift & 31))
}

fn lshrrev() -> Semantic {
    host_semantic!(lshrrev_lanes)
}

#[inline(always)]
fn lshrrev_lanes(w: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, s, |shift, v| v >> (shift & 31))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::vector::fast_form_tests::{assert_fast_forms_match, carry_wavefront, xorshift};

    /// Encodings (`llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding`) of the plain
    /// forms, with VGPR, SGPR, inline and literal operands.
    const CODE: [&[u32]; 31] = [
        &[0xd28f_0000, 0x0002_0082], // v_lshlrev_b64 v[0:1], 2, v[0:1]
        &[0xd28f_0002, 0x0002_0901], // v_lshlrev_b64 v[2:3], v1, v[4:5]
        &[0xd290_0002, 0x0002_0809], // v_lshrrev_b64 v[2:3], s9, v[4:5]
        &[0xd291_0002, 0x0002_08a1], // v_ashrrev_i64 v[2:3], 33, v[4:5]
        // Pairs that overlap the amount or each other (written in place when every lane
        // is active).
        &[0xd28f_0002, 0x0002_0502], // v_lshlrev_b64 v[2:3], v2, v[2:3]
        &[0xd290_0003, 0x0002_0485], // v_lshrrev_b64 v[3:4], 5, v[2:3]
        &[0xd291_0001, 0x0002_0409], // v_ashrrev_i64 v[1:2], s9, v[2:3]
        &[0xd28f_0000, 0x0002_0302], // v_lshlrev_b64 v[0:1], v2, v[1:2]
        &[0x3204_0701],              // v_add_u32_e32 v2, vcc, v1, v3
        &[0x3208_0a08],              // v_add_u32_e32 v4, vcc, s8, v5
        &[0x3208_0aff, 0x1234_5678], // v_add_u32_e32 v4, vcc, 0x12345678, v5
        &[0x3804_0701],              // v_addc_u32_e32 v2, vcc, v1, v3, vcc
        &[0x3808_0ad0],              // v_addc_u32_e32 v4, vcc, -16, v5, vcc
        &[0xd11c_0a02, 0x0022_0701], // v_addc_u32_e64 v2, s[10:11], v1, v3, s[8:9]
        &[0xd119_0a02, 0x0002_0701], // v_add_u32_e64 v2, s[10:11], v1, v3
        &[0x7e06_0301],              // v_mov_b32_e32 v3, v1
        &[0x7e06_02c4],              // v_mov_b32_e32 v3, -4
        &[0x7e06_0209],              // v_mov_b32_e32 v3, s9
        &[0x2a04_0701],              // v_xor_b32_e32 v2, v1, v3
        &[0x2608_0a08],              // v_and_b32_e32 v4, s8, v5
        &[0x2608_0aff, 0x00ff_00ff], // v_and_b32_e32 v4, 0xff00ff, v5
        &[0xd114_0002, 0x0000_1301], // v_or_b32_e64 v2, v1, s9
        &[0x2404_0701],              // v_lshlrev_b32_e32 v2, v1, v3
        &[0x2004_0684],              // v_lshrrev_b32_e32 v2, 4, v3
        // A destination that is also a source (written in place when every lane is
        // active).
        &[0x3206_0608], // v_add_u32_e32 v3, vcc, s8, v3
        &[0x3202_0301], // v_add_u32_e32 v1, vcc, v1, v1
        &[0x3806_0303], // v_addc_u32_e32 v3, vcc, v3, v1, vcc
        &[0x3802_0280], // v_addc_u32_e32 v1, vcc, 0, v1, vcc
        &[0x7e06_0303], // v_mov_b32_e32 v3, v3
        &[0x2a04_0702], // v_xor_b32_e32 v2, v2, v3
        &[0x2406_0682], // v_lshlrev_b32_e32 v3, 2, v3
    ];

    /// Every third wavefront with all lanes active (the lane loops' plain case).
    fn wavefront(seed: u64) -> Wavefront {
        let exec = if seed.is_multiple_of(3) {
            u64::MAX
        } else {
            xorshift(seed ^ 0x9e37_79b9)()
        };
        carry_wavefront(seed, exec)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_sums_match_the_lane_loop() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        for seed in 1..200 {
            let w = wavefront(seed);
            let carry_in = w.vcc();
            let (a, b) = (&w.vgprs[0], &w.vgprs[1]);
            // SAFETY: the host has AVX2 (checked above).
            let fast = unsafe { lanes_sum_avx2(a, b, carry_in) };
            assert_eq!(fast, lanes_sum(a, b, carry_in), "seed {seed}");
        }
    }

    #[test]
    fn fast_forms_match_the_general_path() {
        assert_fast_forms_match(&CODE, semantic, wavefront);
    }
}
