//! The integer compares (`v_cmp_*` and `v_cmpx_*` on i32, u32, i64 and u64, all eight
//! predicates) in their plain forms (no VOP3 modifiers, SDWA or DPP): one lane loop over
//! the operands' 32-bit halves that the compiler vectorises and a mask, without
//! [`super::vector`]'s per-lane call or its 64-bit staging of the operands. The
//! results are those of the general path (the tests compare both on random operands).

use super::fault::FaultKind;
#[cfg(target_arch = "x86_64")]
use super::operands::lane_bits_avx2;
use super::operands::{pack_mask, write_scalar};
use super::program::{Env, Semantic, SemanticFn, Step};
use super::vector_int::{source_ref, wide_source_ref};
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Extra, Instruction, Operand, VopModifiers};
use std::mem::MaybeUninit;

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
    // A 32-bit compare's sources are single registers (read as such below).
    let narrow = |op: &Operand| match *op {
        Operand::Vector { count, .. } | Operand::Scalar { count, .. } => count <= 1,
        _ => true,
    };
    if t < 2 && !inst.src[..2].iter().all(narrow) {
        return None;
    }
    Some(match t {
        0 => row::<0>()[c],
        1 => row::<1>()[c],
        2 => row::<2>()[c],
        _ => row::<3>()[c],
    })
}

/// The compares of type `T` by predicate, in the form fastest on this host.
fn row<const T: u8>() -> [Semantic; 8] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        let row: [AvxSemanticFn; 8] = [
            compare_avx2::<T, 0>,
            compare_avx2::<T, 1>,
            compare_avx2::<T, 2>,
            compare_avx2::<T, 3>,
            compare_avx2::<T, 4>,
            compare_avx2::<T, 5>,
            compare_avx2::<T, 6>,
            compare_avx2::<T, 7>,
        ];
        // SAFETY: the host has AVX2 (checked above), all they were compiled for.
        return row.map(|f| unsafe { Semantic::for_host(f) });
    }
    let row: [SemanticFn; 8] = [
        compare::<T, 0>,
        compare::<T, 1>,
        compare::<T, 2>,
        compare::<T, 3>,
        compare::<T, 4>,
        compare::<T, 5>,
        compare::<T, 6>,
        compare::<T, 7>,
    ];
    row.map(Semantic::new)
}

/// A semantic function compiled for AVX2.
#[cfg(target_arch = "x86_64")]
type AvxSemanticFn = unsafe fn(&mut Wavefront, &mut Env, &Step) -> Result<(), FaultKind>;

/// Predicate `C` on type-`T` operands (see [`PREDICATES`], [`TYPES`]).
fn compare<const T: u8, const C: u8>(
    w: &mut Wavefront,
    _: &mut Env,
    s: &Step,
) -> Result<(), FaultKind> {
    let mut scratch = [MaybeUninit::uninit(); 4];
    let mask = mask_lanes::<T, C>(&halves::<T>(w, s, &mut scratch)?);
    write_mask(w, s, mask)
}

/// [`compare`] compiled with AVX2, its lanes compared by [`mask_avx2`] (chosen when
/// the code is decoded on a host with AVX2, and called directly).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn compare_avx2<const T: u8, const C: u8>(
    w: &mut Wavefront,
    _: &mut Env,
    s: &Step,
) -> Result<(), FaultKind> {
    let mut scratch = [MaybeUninit::uninit(); 4];
    let mask = mask_avx2::<T, C>(&halves::<T>(w, s, &mut scratch)?);
    write_mask(w, s, mask)
}

/// The two operands' lanes as 32-bit halves: `[a low, a high, b low, b high]` (the high
/// halves only for 64-bit types).
type Halves<'a> = [&'a [u32; LANES]; 4];

/// The operands of `s` as [`Halves`]: registers read where they are, other sources
/// written into `scratch`.
#[inline(always)]
fn halves<'a, const T: u8>(
    w: &'a Wavefront,
    s: &Step,
    scratch: &'a mut [MaybeUninit<[u32; LANES]>; 4],
) -> Result<Halves<'a>, FaultKind> {
    let [a_lo, a_hi, b_lo, b_hi] = scratch;
    if T < 2 {
        let a = source_ref(w, s, 0, a_lo)?;
        let b = source_ref(w, s, 1, b_lo)?;
        return Ok([a, a, b, b]);
    }
    let (al, ah) = wide_source_ref(w, s, 0, a_lo, a_hi)?;
    let (bl, bh) = wide_source_ref(w, s, 1, b_lo, b_hi)?;
    Ok([al, ah, bl, bh])
}

/// Writes the compare's result `mask` (of the active lanes) to its scalar destination
/// and, for `v_cmpx_*`, to EXEC.
#[inline(always)]
fn write_mask(w: &mut Wavefront, s: &Step, mask: u64) -> Result<(), FaultKind> {
    if s.inst.sdst != Operand::None {
        let mask = mask & w.exec();
        write_scalar(w, s.inst.sdst, mask);
        if s.writes_exec {
            w.set_exec(mask);
        }
    }
    Ok(())
}

/// Whether predicate `C` holds for operands that are `less` and `equal`.
#[inline(always)]
fn holds<const C: u8>(less: bool, equal: bool) -> u8 {
    u8::from((C & 1 != 0 && less) | (C & 2 != 0 && equal) | (C & 4 != 0 && !less && !equal))
}

/// The lanes where predicate `C` holds, one lane at a time.
#[inline(always)]
fn mask_lanes<const T: u8, const C: u8>(&[al, ah, bl, bh]: &Halves) -> u64 {
    let mut bits = [0u8; LANES];
    for l in 0..LANES {
        let (less, equal) = match T {
            0 => ((al[l] as i32) < (bl[l] as i32), al[l] == bl[l]),
            1 => (al[l] < bl[l], al[l] == bl[l]),
            _ => {
                // The high halves decide (signed for i64) unless they are equal.
                let high_less = if T == 2 {
                    (ah[l] as i32) < (bh[l] as i32)
                } else {
                    ah[l] < bh[l]
                };
                let high_equal = ah[l] == bh[l];
                (
                    high_less | (high_equal & (al[l] < bl[l])),
                    high_equal & (al[l] == bl[l]),
                )
            }
        };
        bits[l] = holds::<C>(less, equal);
    }
    pack_mask(&bits)
}

/// [`mask_lanes`] in AVX2 instructions: eight lanes per compare, the bits gathered 32
/// lanes at a time ([`lane_bits_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn mask_avx2<const T: u8, const C: u8>(&[al, ah, bl, bh]: &Halves) -> u64 {
    use std::arch::x86_64::*;
    // SAFETY (the loads): each chunk is eight u32s, the 32 bytes an unaligned load reads.
    let load = |lanes: &[u32; LANES], i: usize| unsafe {
        _mm256_loadu_si256(lanes[8 * i..].as_ptr().cast())
    };
    let sign = _mm256_set1_epi32(i32::MIN);
    // Signed `a < b` per lane, or unsigned (both sides' sign bits flipped first).
    let less = |a: __m256i, b: __m256i, signed: bool| {
        if signed {
            _mm256_cmpgt_epi32(b, a)
        } else {
            _mm256_cmpgt_epi32(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign))
        }
    };
    let mut mask = 0u64;
    // Half `h` of the lanes, group `i` of all.
    for h in 0..2 {
        let mut held = [_mm256_setzero_si256(); 4];
        for (g, held) in held.iter_mut().enumerate() {
            let i = 4 * h + g;
            let (a, b) = (load(al, i), load(bl, i));
            let (lt, eq) = if T < 2 {
                (less(a, b, T == 0), _mm256_cmpeq_epi32(a, b))
            } else {
                let (a_hi, b_hi) = (load(ah, i), load(bh, i));
                let high_equal = _mm256_cmpeq_epi32(a_hi, b_hi);
                let low_less = _mm256_and_si256(high_equal, less(a, b, false));
                (
                    _mm256_or_si256(less(a_hi, b_hi, T == 2), low_less),
                    _mm256_and_si256(high_equal, _mm256_cmpeq_epi32(a, b)),
                )
            };
            let mut hold = _mm256_setzero_si256();
            if C & 1 != 0 {
                hold = _mm256_or_si256(hold, lt);
            }
            if C & 2 != 0 {
                hold = _mm256_or_si256(hold, eq);
            }
            if C & 4 != 0 {
                let greater = _mm256_andnot_si256(_mm256_or_si256(lt, eq), _mm256_set1_epi32(-1));
                hold = _mm256_or_si256(hold, greater);
            }
            *held = hold;
        }
        mask |= u64::from(lane_bits_avx2(held)) << (32 * h);
    }
    mask
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
        // Every third wavefront with all lanes active (the lane loops' plain case).
        w.set_exec(if seed.is_multiple_of(3) {
            u64::MAX
        } else {
            next()
        });
        w
    }

    #[test]
    fn fast_forms_match_the_general_path() {
        assert_fast_forms_match(&CODE, semantic, wavefront);
    }

    /// The masks of every type and predicate, by the lane loop and by AVX2.
    #[cfg(target_arch = "x86_64")]
    fn both_masks<const T: u8>(h: &Halves) -> [(u64, u64); 8] {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return [(0, 0); 8];
        }
        macro_rules! both {
            ($($c:literal),*) => {
                // SAFETY: the host has AVX2 (checked above).
                [$((mask_lanes::<T, $c>(h), unsafe { mask_avx2::<T, $c>(h) })),*]
            };
        }
        both!(0, 1, 2, 3, 4, 5, 6, 7)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_masks_match_the_lane_loop() {
        for seed in 1..100 {
            let w = wavefront(seed);
            let halves: Halves = [&w.vgprs[0], &w.vgprs[1], &w.vgprs[2], &w.vgprs[3]];
            let all = [
                both_masks::<0>(&halves),
                both_masks::<1>(&halves),
                both_masks::<2>(&halves),
                both_masks::<3>(&halves),
            ];
            for (t, row) in all.iter().enumerate() {
                for (c, (lanes, avx2)) in row.iter().enumerate() {
                    assert_eq!(lanes, avx2, "type {t}, predicate {c}, seed {seed}");
                }
            }
        }
    }
}
