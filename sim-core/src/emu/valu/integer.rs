//! Integer arithmetic: 16/32/64-bit adds and subtracts with carry (gfx8's v_add_u32 writes
//! VCC), 24- and 32-bit multiplies, multiply-adds, shifts, min/max/med3, and the moves
//! (v_mov, v_cndmask). The clamp bit saturates unsigned adds/subtracts and the 16-bit
//! multiply-adds; other integer ops ignore it.

use super::fp::F32;
use super::lane::{Lane, WithMask};
use super::{wave, ValuArgs, ValuFn};

/// `a + b + carry_in` in `bits` bits with the carry-out; saturated when clamping.
fn add(l: &Lane, a: u64, b: u64, carry_in: bool, bits: u32) -> WithMask {
    let max = (1u64 << bits) - 1;
    let sum = a + b + carry_in as u64;
    let carry = sum > max;
    WithMask(
        if carry && l.mods.clamp {
            max
        } else {
            sum & max
        },
        carry,
    )
}

/// `a − b − borrow_in` in `bits` bits with the borrow-out; saturated at 0 when clamping.
fn sub(l: &Lane, a: u64, b: u64, borrow_in: bool, bits: u32) -> WithMask {
    let max = (1u64 << bits) - 1;
    let diff = a as i64 - b as i64 - borrow_in as i64;
    let borrow = diff < 0;
    WithMask(
        if borrow && l.mods.clamp {
            0
        } else {
            diff as u64 & max
        },
        borrow,
    )
}

/// The low 24 bits sign-extended.
fn i24(v: u32) -> i64 {
    ((v << 8) as i32 >> 8) as i64
}

/// The low 24 bits.
fn u24(v: u32) -> u64 {
    (v & 0xff_ffff) as u64
}

/// `v` saturated into `[lo, hi]` when clamping, else wrapped to 16 bits.
fn mad16(l: &Lane, v: i64, lo: i64, hi: i64) -> u64 {
    (if l.mods.clamp { v.clamp(lo, hi) } else { v }) as u64 & 0xffff
}

/// The median of three ordered values.
fn med3<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    a.max(b).min(a.min(b).max(c))
}

wave!(add_u32(l) => add(l, l.u32(0) as u64, l.u32(1) as u64, false, 32));
wave!(sub_u32(l) => sub(l, l.u32(0) as u64, l.u32(1) as u64, false, 32));
wave!(subrev_u32(l) => sub(l, l.u32(1) as u64, l.u32(0) as u64, false, 32));
wave!(addc_u32(l) => add(l, l.u32(0) as u64, l.u32(1) as u64, l.mask_in, 32));
wave!(subb_u32(l) => sub(l, l.u32(0) as u64, l.u32(1) as u64, l.mask_in, 32));
wave!(subbrev_u32(l) => sub(l, l.u32(1) as u64, l.u32(0) as u64, l.mask_in, 32));
wave!(add_u16(l) => add(l, l.u16(0) as u64, l.u16(1) as u64, false, 16).0);
wave!(sub_u16(l) => sub(l, l.u16(0) as u64, l.u16(1) as u64, false, 16).0);
wave!(subrev_u16(l) => sub(l, l.u16(1) as u64, l.u16(0) as u64, false, 16).0);
wave!(mul_lo_u16(l) => l.u16(0).wrapping_mul(l.u16(1)) as u64);
wave!(mul_i32_i24(l) => (i24(l.u32(0)) * i24(l.u32(1))) as u32 as u64);
wave!(mul_hi_i32_i24(l) => ((i24(l.u32(0)) * i24(l.u32(1))) >> 32) as u32 as u64);
wave!(mul_u32_u24(l) => (u24(l.u32(0)) * u24(l.u32(1))) as u32 as u64);
wave!(mul_hi_u32_u24(l) => (u24(l.u32(0)) * u24(l.u32(1))) >> 32);
wave!(mad_i32_i24(l) => (i24(l.u32(0)) * i24(l.u32(1)) + l.i32(2) as i64) as u32 as u64);
wave!(mad_u32_u24(l) => (u24(l.u32(0)) * u24(l.u32(1)) + l.u32(2) as u64) as u32 as u64);
wave!(mul_lo_u32(l) => l.u32(0).wrapping_mul(l.u32(1)) as u64);
wave!(mul_hi_u32(l) => (l.u32(0) as u64 * l.u32(1) as u64) >> 32);
wave!(mul_hi_i32(l) => ((l.i32(0) as i64 * l.i32(1) as i64) >> 32) as u32 as u64);
wave!(
    /// 64-bit S0 × S1 + S2 with the unsigned carry-out.
    mad_u64_u32(l) => {
        let (v, carry) = (l.u32(0) as u64 * l.u32(1) as u64).overflowing_add(l.u64(2));
        WithMask(v, carry)
    }
);
wave!(
    /// 64-bit signed S0 × S1 + S2 with the signed overflow as carry-out.
    mad_i64_i32(l) => {
        let (v, overflow) = (l.i32(0) as i64 * l.i32(1) as i64).overflowing_add(l.u64(2) as i64);
        WithMask(v as u64, overflow)
    }
);
wave!(mad_u16(l) => mad16(
    l, l.u16(0) as i64 * l.u16(1) as i64 + l.u16(2) as i64, 0, u16::MAX as i64
));
wave!(mad_i16(l) => mad16(
    l, l.i16(0) as i64 * l.i16(1) as i64 + l.i16(2) as i64, i16::MIN as i64, i16::MAX as i64
));
wave!(min_i32(l) => l.i32(0).min(l.i32(1)) as u32 as u64);
wave!(max_i32(l) => l.i32(0).max(l.i32(1)) as u32 as u64);
wave!(min_u32(l) => l.u32(0).min(l.u32(1)) as u64);
wave!(max_u32(l) => l.u32(0).max(l.u32(1)) as u64);
wave!(min_i16(l) => l.i16(0).min(l.i16(1)) as u16 as u64);
wave!(max_i16(l) => l.i16(0).max(l.i16(1)) as u16 as u64);
wave!(min_u16(l) => l.u16(0).min(l.u16(1)) as u64);
wave!(max_u16(l) => l.u16(0).max(l.u16(1)) as u64);
wave!(min3_i32(l) => l.i32(0).min(l.i32(1)).min(l.i32(2)) as u32 as u64);
wave!(max3_i32(l) => l.i32(0).max(l.i32(1)).max(l.i32(2)) as u32 as u64);
wave!(med3_i32(l) => med3(l.i32(0), l.i32(1), l.i32(2)) as u32 as u64);
wave!(min3_u32(l) => l.u32(0).min(l.u32(1)).min(l.u32(2)) as u64);
wave!(max3_u32(l) => l.u32(0).max(l.u32(1)).max(l.u32(2)) as u64);
wave!(med3_u32(l) => med3(l.u32(0), l.u32(1), l.u32(2)) as u64);
wave!(lshlrev_b32(l) => (l.u32(1) << (l.u32(0) & 31)) as u64);
wave!(lshrrev_b32(l) => (l.u32(1) >> (l.u32(0) & 31)) as u64);
wave!(ashrrev_i32(l) => (l.i32(1) >> (l.u32(0) & 31)) as u32 as u64);
wave!(lshlrev_b16(l) => (l.u16(1) << (l.u32(0) & 15)) as u64);
wave!(lshrrev_b16(l) => (l.u16(1) >> (l.u32(0) & 15)) as u64);
wave!(ashrrev_i16(l) => (l.i16(1) >> (l.u32(0) & 15)) as u16 as u64);
wave!(lshlrev_b64(l) => l.u64(1) << (l.u32(0) & 63));
wave!(lshrrev_b64(l) => l.u64(1) >> (l.u32(0) & 63));
wave!(ashrrev_i64(l) => ((l.u64(1) as i64) >> (l.u32(0) & 63)) as u64);
wave!(mov_b32(l) => l.u32(0) as u64);
wave!(
    /// S1 where the mask input is set, else S0; VOP3 abs/neg act on the sign bit.
    cndmask_b32(l) => if l.mask_in { l.raw::<F32>(1) } else { l.raw::<F32>(0) }
);

/// v_nop, v_clrexcp: no register changes (gcnsim keeps no exception state).
fn nop(args: &mut ValuArgs) {
    *args.mask_out = 0;
}

/// Semantics of the integer arithmetic and move opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_add_u32" => add_u32,
        "v_sub_u32" => sub_u32,
        "v_subrev_u32" => subrev_u32,
        "v_addc_u32" => addc_u32,
        "v_subb_u32" => subb_u32,
        "v_subbrev_u32" => subbrev_u32,
        "v_add_u16" => add_u16,
        "v_sub_u16" => sub_u16,
        "v_subrev_u16" => subrev_u16,
        "v_mul_lo_u16" => mul_lo_u16,
        "v_mul_i32_i24" => mul_i32_i24,
        "v_mul_hi_i32_i24" => mul_hi_i32_i24,
        "v_mul_u32_u24" => mul_u32_u24,
        "v_mul_hi_u32_u24" => mul_hi_u32_u24,
        "v_mad_i32_i24" => mad_i32_i24,
        "v_mad_u32_u24" => mad_u32_u24,
        "v_mul_lo_u32" => mul_lo_u32,
        "v_mul_hi_u32" => mul_hi_u32,
        "v_mul_hi_i32" => mul_hi_i32,
        "v_mad_u64_u32" => mad_u64_u32,
        "v_mad_i64_i32" => mad_i64_i32,
        "v_mad_u16" => mad_u16,
        "v_mad_i16" => mad_i16,
        "v_min_i32" => min_i32,
        "v_max_i32" => max_i32,
        "v_min_u32" => min_u32,
        "v_max_u32" => max_u32,
        "v_min_i16" => min_i16,
        "v_max_i16" => max_i16,
        "v_min_u16" => min_u16,
        "v_max_u16" => max_u16,
        "v_min3_i32" => min3_i32,
        "v_max3_i32" => max3_i32,
        "v_med3_i32" => med3_i32,
        "v_min3_u32" => min3_u32,
        "v_max3_u32" => max3_u32,
        "v_med3_u32" => med3_u32,
        "v_lshlrev_b32" => lshlrev_b32,
        "v_lshrrev_b32" => lshrrev_b32,
        "v_ashrrev_i32" => ashrrev_i32,
        "v_lshlrev_b16" => lshlrev_b16,
        "v_lshrrev_b16" => lshrrev_b16,
        "v_ashrrev_i16" => ashrrev_i16,
        "v_lshlrev_b64" => lshlrev_b64,
        "v_lshrrev_b64" => lshrrev_b64,
        "v_ashrrev_i64" => ashrrev_i64,
        "v_mov_b32" => mov_b32,
        "v_cndmask_b32" => cndmask_b32,
        "v_nop" | "v_clrexcp" => nop,
        _ => return None,
    })
}
