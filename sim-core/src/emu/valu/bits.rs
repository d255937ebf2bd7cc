//! Bit manipulation and byte-wise ops: logic, bit-field extract/insert/mask, funnel shifts,
//! bit counts (including v_mbcnt, which counts the mask bits of lower lanes), find first
//! bit, byte permute, and the sum-of-absolute-differences family.

use super::lane::Lane;
use super::{wave, ValuFn};

/// Byte `i` of `v`.
fn byte(v: u64, i: u32) -> u32 {
    (v >> (8 * i)) as u32 & 0xff
}

/// Sum of absolute differences of the four bytes of `a` and `b`, skipping bytes where
/// `b` is zero if `masked` (v_msad), plus `acc`.
fn sad_u8(a: u64, b: u64, acc: u32, masked: bool) -> u32 {
    (0..4)
        .filter(|&i| !masked || byte(b, i) != 0)
        .fold(acc, |sum, i| {
            sum.wrapping_add(byte(a, i).abs_diff(byte(b, i)))
        })
}

/// v_qsad_pk_u16_u8 / v_mqsad_pk_u16_u8: four 16-bit SADs of S1 against S0's byte windows
/// starting at bytes 0..3, each accumulated onto a 16-bit field of S2.
fn quad_sad(l: &Lane, masked: bool) -> u64 {
    (0..4).fold(0, |d, i| {
        let window = l.u64(0) >> (8 * i);
        let acc = (l.u64(2) >> (16 * i)) as u32 & 0xffff;
        d | ((sad_u8(window, l.u64(1), acc, masked) & 0xffff) as u64) << (16 * i)
    })
}

/// Byte `sel` of the 8-byte value {S0, S1} as v_perm_b32 selects it: 0–7 bytes (0 = S1's
/// lowest), 8–11 the sign bit of bytes 1, 3, 5, 7 replicated, 12 zero, 13+ 0xff.
fn perm_byte(pair: u64, sel: u32) -> u32 {
    match sel {
        0..=7 => byte(pair, sel),
        8..=11 => {
            if pair >> (16 * (sel - 8) + 15) & 1 != 0 {
                0xff
            } else {
                0
            }
        }
        12 => 0,
        _ => 0xff,
    }
}

/// Count leading zeros, all ones (−1) for zero.
fn ffbh(v: u32) -> u32 {
    if v == 0 {
        u32::MAX
    } else {
        v.leading_zeros()
    }
}

/// Lanes below `lane` among the 32 lanes starting at `first` as a 32-bit mask.
fn lanes_below(lane: u32, first: u32) -> u32 {
    match lane.saturating_sub(first) {
        0 => 0,
        n if n >= 32 => u32::MAX,
        n => (1 << n) - 1,
    }
}

wave!(and_b32(l) => (l.u32(0) & l.u32(1)) as u64);
wave!(or_b32(l) => (l.u32(0) | l.u32(1)) as u64);
wave!(xor_b32(l) => (l.u32(0) ^ l.u32(1)) as u64);
wave!(not_b32(l) => !l.u32(0) as u64);
wave!(bfrev_b32(l) => l.u32(0).reverse_bits() as u64);
wave!(ffbh_u32(l) => ffbh(l.u32(0)) as u64);
wave!(ffbl_b32(l) => if l.u32(0) == 0 { u32::MAX as u64 } else { l.u32(0).trailing_zeros() as u64 });
wave!(
    /// First bit (from the MSB) that differs from the sign bit; −1 for 0 and −1.
    ffbh_i32(l) => {
        let v = l.u32(0) ^ (l.i32(0) >> 31) as u32;
        ffbh(v) as u64
    }
);
wave!(
    /// S0 >> S1[4:0], S2[4:0] bits wide.
    bfe_u32(l) => {
        let width = l.u32(2) & 31;
        ((l.u32(0) >> (l.u32(1) & 31)) & ((1u64 << width) - 1) as u32) as u64
    }
);
wave!(
    /// Like v_bfe_u32, sign-extended from the field's top bit; width 0 gives 0.
    bfe_i32(l) => {
        let width = l.u32(2) & 31;
        if width == 0 {
            0
        } else {
            let field = l.i32(0) >> (l.u32(1) & 31);
            ((field << (32 - width)) >> (32 - width)) as u32 as u64
        }
    }
);
wave!(bfi_b32(l) => ((l.u32(0) & l.u32(1)) | (!l.u32(0) & l.u32(2))) as u64);
wave!(bfm_b32(l) => (((1u64 << (l.u32(0) & 31)) - 1) << (l.u32(1) & 31)) as u32 as u64);
wave!(alignbit_b32(l) => ((l.u32(0) as u64) << 32 | l.u32(1) as u64) >> (l.u32(2) & 31) & 0xffff_ffff);
wave!(alignbyte_b32(l) => ((l.u32(0) as u64) << 32 | l.u32(1) as u64) >> (8 * (l.u32(2) & 3)) & 0xffff_ffff);
wave!(bcnt_u32_b32(l) => l.u32(0).count_ones().wrapping_add(l.u32(1)) as u64);
wave!(
    /// Bits of S0 for the lanes below this one among lanes 0–31, plus S1.
    mbcnt_lo_u32_b32(l) => (l.u32(0) & lanes_below(l.index, 0)).count_ones().wrapping_add(l.u32(1)) as u64
);
wave!(
    /// Bits of S0 for the lanes below this one among lanes 32–63, plus S1.
    mbcnt_hi_u32_b32(l) => (l.u32(0) & lanes_below(l.index, 32)).count_ones().wrapping_add(l.u32(1)) as u64
);
wave!(perm_b32(l) => {
    let pair = (l.u32(0) as u64) << 32 | l.u32(1) as u64;
    (0..4).fold(0, |d, i| d | (perm_byte(pair, byte(l.u64(2), i)) as u64) << (8 * i))
});
wave!(
    /// Per byte: (S0 + S1 + (S2 & 1)) / 2.
    lerp_u8(l) => (0..4).fold(0, |d, i| {
        let sum = byte(l.u64(0), i) + byte(l.u64(1), i) + (byte(l.u64(2), i) & 1);
        d | ((sum >> 1) as u64) << (8 * i)
    })
);
wave!(sad_u8_w(l) => sad_u8(l.u64(0), l.u64(1), l.u32(2), false) as u64);
wave!(sad_hi_u8(l) => (sad_u8(l.u64(0), l.u64(1), 0, false) << 16).wrapping_add(l.u32(2)) as u64);
wave!(sad_u16(l) => {
    let half = |v: u32, i: u32| (v >> (16 * i)) & 0xffff;
    let diff = |i| half(l.u32(0), i).abs_diff(half(l.u32(1), i));
    (diff(0) + diff(1)).wrapping_add(l.u32(2)) as u64
});
wave!(sad_u32(l) => l.u32(0).abs_diff(l.u32(1)).wrapping_add(l.u32(2)) as u64);
wave!(msad_u8(l) => sad_u8(l.u64(0), l.u64(1), l.u32(2), true) as u64);
wave!(qsad_pk_u16_u8(l) => quad_sad(l, false));
wave!(mqsad_pk_u16_u8(l) => quad_sad(l, true));

/// Semantics of the bit manipulation and SAD opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_and_b32" => and_b32,
        "v_or_b32" => or_b32,
        "v_xor_b32" => xor_b32,
        "v_not_b32" => not_b32,
        "v_bfrev_b32" => bfrev_b32,
        "v_ffbh_u32" => ffbh_u32,
        "v_ffbl_b32" => ffbl_b32,
        "v_ffbh_i32" => ffbh_i32,
        "v_bfe_u32" => bfe_u32,
        "v_bfe_i32" => bfe_i32,
        "v_bfi_b32" => bfi_b32,
        "v_bfm_b32" => bfm_b32,
        "v_alignbit_b32" => alignbit_b32,
        "v_alignbyte_b32" => alignbyte_b32,
        "v_bcnt_u32_b32" => bcnt_u32_b32,
        "v_mbcnt_lo_u32_b32" => mbcnt_lo_u32_b32,
        "v_mbcnt_hi_u32_b32" => mbcnt_hi_u32_b32,
        "v_perm_b32" => perm_b32,
        "v_lerp_u8" => lerp_u8,
        "v_sad_u8" => sad_u8_w,
        "v_sad_hi_u8" => sad_hi_u8,
        "v_sad_u16" => sad_u16,
        "v_sad_u32" => sad_u32,
        "v_msad_u8" => msad_u8,
        "v_qsad_pk_u16_u8" => qsad_pk_u16_u8,
        "v_mqsad_pk_u16_u8" => mqsad_pk_u16_u8,
        _ => return None,
    })
}
