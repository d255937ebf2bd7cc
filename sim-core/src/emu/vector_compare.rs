//! The integer compares (`v_cmp_*` and `v_cmpx_*` on i32, u32, i64 and u64, all eight
//! predicates) in their plain forms (no VOP3 modifiers, SDWA or DPP): one lane loop that
//! the compiler vectorises and a mask, without [`super::vector`]'s per-lane call. The
//! results are those of the general path (the tests compare both on random operands).

use super::fault::FaultKind;
use super::operands::{pack_mask, write_scalar};
use super::program::{Env, Semantic, Step};
use super::vector::fetch;
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Extra, Instruction, Operand, VopModifiers};

/// Integer predicates in opcode order; predicate `C`'s bit 0 holds its result for "less",
/// bit 1 for "equal", bit 2 for "greater".
const PREDICATES: [&str; 8] = ["f", "lt", "eq", "le", "gt", "ne", "ge", "t"];

/// Operand types, in the order of [`compare`]'s `T`.
const TYPES: [&str; 4] = ["i32", "u32", "i64", "u64"];

/// The semantics of `inst` if it is an integer compare in a plain form.
pub fn semantic(inst: &Instruction) -> Option<Semantic> {
    let plain = match inst.extra {
        Extra::None => true,
        Extra::Vop3(m) => m == VopModifiers::default(),
        _ => false,
    };
    if !plain || matches!(inst.dst, Operand::Vector { .. }) {
        return None;
    }
    let m = inst.info.mnemonic;
    let rest = m
        .strip_prefix("v_cmpx_")
        .or_else(|| m.strip_prefix("v_cmp_"))?;
    let (predicate, ty) = rest.split_once('_')?;
    let c = PREDICATES.iter().position(|&p| p == predicate)?;
    let t = TYPES.iter().position(|&x| x == ty)?;
    Some(match t {
        0 => row::<0>()[c],
        1 => row::<1>()[c],
        2 => row::<2>()[c],
        _ => row::<3>()[c],
    })
}

/// The compares of type `T` by predicate.
fn row<const T: u8>() -> [Semantic; 8] {
    [
        compare::<T, 0>,
        compare::<T, 1>,
        compare::<T, 2>,
        compare::<T, 3>,
        compare::<T, 4>,
        compare::<T, 5>,
        compare::<T, 6>,
        compare::<T, 7>,
    ]
}

/// Predicate `C` on type-`T` operands (see [`PREDICATES`], [`TYPES`]).
fn compare<const T: u8, const C: u8>(
    w: &mut Wavefront,
    _: &mut Env,
    s: &Step,
) -> Result<(), FaultKind> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the host has AVX2 (checked above).
        return unsafe { compare_avx2::<T, C>(w, s) };
    }
    compare_lanes::<T, C>(w, s)
}

/// [`compare_lanes`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn compare_avx2<const T: u8, const C: u8>(w: &mut Wavefront, s: &Step) -> Result<(), FaultKind> {
    compare_lanes::<T, C>(w, s)
}

/// Whether `a` is less than and equal to `b` as type-`T` values of the raw operands.
#[inline(always)]
fn order<const T: u8>(a: u64, b: u64) -> (bool, bool) {
    match T {
        0 => ((a as i32) < (b as i32), a as u32 == b as u32),
        1 => ((a as u32) < (b as u32), a as u32 == b as u32),
        2 => ((a as i64) < (b as i64), a == b),
        _ => (a < b, a == b),
    }
}

#[inline(always)]
fn compare_lanes<const T: u8, const C: u8>(w: &mut Wavefront, s: &Step) -> Result<(), FaultKind> {
    let (mut a, mut b) = ([0u64; LANES], [0u64; LANES]);
    fetch(w, &s.inst, 0, s.constants[0], &mut a)?;
    fetch(w, &s.inst, 1, s.constants[1], &mut b)?;
    let mut bits = [0u8; LANES];
    for ((bit, &a), &b) in bits.iter_mut().zip(&a).zip(&b) {
        let (less, equal) = order::<T>(a, b);
        let holds = (C & 1 != 0 && less) | (C & 2 != 0 && equal) | (C & 4 != 0 && !less && !equal);
        *bit = u8::from(holds);
    }
    if s.inst.sdst != Operand::None {
        let mask = pack_mask(&bits) & w.exec();
        write_scalar(w, s.inst.sdst, mask);
        if s.writes_exec {
            w.set_exec(mask);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::vector::fast_form_tests::{assert_fast_forms_match, xorshift};

    /// Encodings (`llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding`) of plain
    /// compares with VGPR, SGPR, inline and literal operands.
    const CODE: [&[u32]; 12] = [
        &[0x7dd8_0000],              // v_cmp_gt_u64_e32 vcc, s[0:1], v[0:1]
        &[0x7d82_0501],              // v_cmp_lt_i32_e32 vcc, v1, v2
        &[0x7d94_0685],              // v_cmp_eq_u32_e32 vcc, 5, v3
        &[0xd0cd_000a, 0x0000_1301], // v_cmp_ne_u32_e64 s[10:11], v1, s9
        &[0x7db8_0208],              // v_cmpx_gt_u32_e32 vcc, s8, v1
        &[0xd0e6_0004, 0x0002_0902], // v_cmp_ge_i64_e64 s[4:5], v[2:3], v[4:5]
        &[0x7dd6_04c1],              // v_cmp_le_u64_e32 vcc, -1, v[2:3]
        &[0x7dc2_04ff, 0x1234_5678], // v_cmp_lt_i64_e32 vcc, 0x12345678, v[2:3]
        &[0xd0f5_0006, 0x0000_1102], // v_cmpx_ne_i64_e64 s[6:7], v[2:3], s[8:9]
        &[0x7d90_0501],              // v_cmp_f_u32_e32 vcc, v1, v2
        &[0x7dce_0701],              // v_cmp_t_i64_e32 vcc, v[1:2], v[3:4]
        &[0xd0c3_0002, 0x0002_0ac7], // v_cmp_le_i32_e64 s[2:3], -7, v5
    ];

    fn wavefront(seed: u64) -> Wavefront {
        let mut w = Wavefront::new(8);
        let mut next = xorshift(seed);
        for r in w.vgprs.iter_mut() {
            for v in r.iter_mut() {
                // Few distinct values, so that equal operands happen.
                *v = match next() % 4 {
                    0 => next() as u32 % 3,
                    1 => u32::MAX - next() as u32 % 3,
                    _ => next() as u32,
                };
            }
        }
        for s in w.sgprs.iter_mut() {
            *s = next() as u32 % 5;
        }
        w.set_exec(next());
        w
    }

    #[test]
    fn fast_forms_match_the_general_path() {
        assert_fast_forms_match(&CODE, semantic, wavefront);
    }
}
