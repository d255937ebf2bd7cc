//! Conversions between f16/f32/f64 and integers, and the packing conversions. Float to
//! integer truncates (v_cvt_flr floors, v_cvt_rpi rounds half up), saturates to the
//! destination range and turns NaN into 0.

use super::fp::{f64_to_f16, F16, F32, F64};
use super::lane::Lane;
use super::{wave, ValuFn};

/// `x` already rounded to an integer value, saturated into [lo, hi]; NaN gives 0.
fn saturate(x: f64, lo: i64, hi: i64) -> i64 {
    if x.is_nan() {
        0
    } else {
        x.clamp(lo as f64, hi as f64) as i64
    }
}

/// Truncating, saturating conversion into [lo, hi] as destination bits.
fn to_int(x: f64, lo: i64, hi: i64) -> u64 {
    saturate(x.trunc(), lo, hi) as u64
}

/// i32 result bits (low half).
fn i32_bits(v: u64) -> u64 {
    v as u32 as u64
}

/// An f32 converted to an unsigned byte (truncating, saturating) for the packing ops.
fn to_u8(x: f64) -> u32 {
    to_int(x, 0, 255) as u32
}

/// v_cvt_pk_u8_f32: byte S1[1:0] of S2 replaced by S0 as an unsigned byte.
fn pk_u8(l: &Lane, into: u32) -> u64 {
    let shift = (l.u32(1) & 3) * 8;
    ((into & !(0xff << shift)) | to_u8(l.f::<F32>(0)) << shift) as u64
}

/// The packing of two 16-bit halves: `lo` in bits 15:0, `hi` in bits 31:16.
fn pack(lo: u64, hi: u64) -> u64 {
    (lo & 0xffff) | (hi & 0xffff) << 16
}

/// f32 to a signed normalized 16-bit integer (round to nearest even).
fn snorm16(x: f64) -> u64 {
    saturate(
        (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even(),
        -32767,
        32767,
    ) as u64
}

/// f32 to an unsigned normalized 16-bit integer (round to nearest even).
fn unorm16(x: f64) -> u64 {
    saturate((x.clamp(0.0, 1.0) * 65535.0).round_ties_even(), 0, 65535) as u64
}

/// f32 source `i` to f16 bits rounded toward zero, output denormals per the f16 mode.
fn f16_rtz(l: &Lane, i: usize) -> u64 {
    l.flush_out::<F16>(f64_to_f16(l.f::<F32>(i), true) as u64)
}

wave!(cvt_i32_f32(l) => i32_bits(to_int(l.f::<F32>(0), i32::MIN as i64, i32::MAX as i64)));
wave!(cvt_u32_f32(l) => to_int(l.f::<F32>(0), 0, u32::MAX as i64));
wave!(cvt_i32_f64(l) => i32_bits(to_int(l.f::<F64>(0), i32::MIN as i64, i32::MAX as i64)));
wave!(cvt_u32_f64(l) => to_int(l.f::<F64>(0), 0, u32::MAX as i64));
wave!(cvt_flr_i32_f32(l) => i32_bits(
    saturate(l.f::<F32>(0).floor(), i32::MIN as i64, i32::MAX as i64) as u64
));
wave!(cvt_rpi_i32_f32(l) => i32_bits(
    saturate((l.f::<F32>(0) + 0.5).floor(), i32::MIN as i64, i32::MAX as i64) as u64
));
wave!(cvt_u16_f16(l) => to_int(l.f::<F16>(0), 0, u16::MAX as i64));
wave!(cvt_i16_f16(l) => to_int(l.f::<F16>(0), i16::MIN as i64, i16::MAX as i64) & 0xffff);
wave!(cvt_f32_i32(l) => l.out::<F32>(l.i32(0) as f64));
wave!(cvt_f32_u32(l) => l.out::<F32>(l.u32(0) as f64));
wave!(cvt_f64_i32(l) => l.out::<F64>(l.i32(0) as f64));
wave!(cvt_f64_u32(l) => l.out::<F64>(l.u32(0) as f64));
wave!(cvt_f16_i16(l) => l.out::<F16>(l.i16(0) as f64));
wave!(cvt_f16_u16(l) => l.out::<F16>(l.u16(0) as f64));
wave!(cvt_f32_f16(l) => l.out::<F32>(l.f::<F16>(0)));
wave!(cvt_f16_f32(l) => l.out::<F16>(l.f::<F32>(0)));
wave!(cvt_f32_f64(l) => l.out::<F32>(l.f::<F64>(0)));
wave!(cvt_f64_f32(l) => l.out::<F64>(l.f::<F32>(0)));
wave!(
    /// Signed 4-bit S0[3:0] divided by 16.
    cvt_off_f32_i4(l) => l.out::<F32>(((l.u32(0) << 28) as i32 >> 28) as f64 / 16.0)
);
wave!(cvt_f32_ubyte0(l) => l.out::<F32>((l.u32(0) & 0xff) as f64));
wave!(cvt_f32_ubyte1(l) => l.out::<F32>((l.u32(0) >> 8 & 0xff) as f64));
wave!(cvt_f32_ubyte2(l) => l.out::<F32>((l.u32(0) >> 16 & 0xff) as f64));
wave!(cvt_f32_ubyte3(l) => l.out::<F32>((l.u32(0) >> 24) as f64));
wave!(
    /// Also v_cvt_pkaccum_u8_f32, whose src2 is the old destination.
    cvt_pk_u8_f32(l) => pk_u8(l, l.u32(2))
);
wave!(cvt_pknorm_i16_f32(l) => pack(snorm16(l.f::<F32>(0)), snorm16(l.f::<F32>(1))));
wave!(cvt_pknorm_u16_f32(l) => pack(unorm16(l.f::<F32>(0)), unorm16(l.f::<F32>(1))));
wave!(cvt_pkrtz_f16_f32(l) => pack(f16_rtz(l, 0), f16_rtz(l, 1)));
wave!(cvt_pk_u16_u32(l) => pack(l.u32(0).min(0xffff) as u64, l.u32(1).min(0xffff) as u64));
wave!(cvt_pk_i16_i32(l) => pack(
    l.i32(0).clamp(-32768, 32767) as u64,
    l.i32(1).clamp(-32768, 32767) as u64
));

/// Semantics of the conversion opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_cvt_i32_f32" => cvt_i32_f32,
        "v_cvt_u32_f32" => cvt_u32_f32,
        "v_cvt_i32_f64" => cvt_i32_f64,
        "v_cvt_u32_f64" => cvt_u32_f64,
        "v_cvt_flr_i32_f32" => cvt_flr_i32_f32,
        "v_cvt_rpi_i32_f32" => cvt_rpi_i32_f32,
        "v_cvt_u16_f16" => cvt_u16_f16,
        "v_cvt_i16_f16" => cvt_i16_f16,
        "v_cvt_f32_i32" => cvt_f32_i32,
        "v_cvt_f32_u32" => cvt_f32_u32,
        "v_cvt_f64_i32" => cvt_f64_i32,
        "v_cvt_f64_u32" => cvt_f64_u32,
        "v_cvt_f16_i16" => cvt_f16_i16,
        "v_cvt_f16_u16" => cvt_f16_u16,
        "v_cvt_f32_f16" => cvt_f32_f16,
        "v_cvt_f16_f32" => cvt_f16_f32,
        "v_cvt_f32_f64" => cvt_f32_f64,
        "v_cvt_f64_f32" => cvt_f64_f32,
        "v_cvt_off_f32_i4" => cvt_off_f32_i4,
        "v_cvt_f32_ubyte0" => cvt_f32_ubyte0,
        "v_cvt_f32_ubyte1" => cvt_f32_ubyte1,
        "v_cvt_f32_ubyte2" => cvt_f32_ubyte2,
        "v_cvt_f32_ubyte3" => cvt_f32_ubyte3,
        "v_cvt_pk_u8_f32" | "v_cvt_pkaccum_u8_f32" => cvt_pk_u8_f32,
        "v_cvt_pknorm_i16_f32" => cvt_pknorm_i16_f32,
        "v_cvt_pknorm_u16_f32" => cvt_pknorm_u16_f32,
        "v_cvt_pkrtz_f16_f32" => cvt_pkrtz_f16_f32,
        "v_cvt_pk_u16_u32" => cvt_pk_u16_u32,
        "v_cvt_pk_i16_i32" => cvt_pk_i16_i32,
        _ => return None,
    })
}
