//! Conversions: saturation, NaN handling and packing.

use super::*;

#[test]
fn float_to_int_conversions_saturate_and_zero_nan() {
    let f = |v: f32| v.to_bits() as u64;
    let i = |v: i32| v as u32 as u64;
    assert_eq!(run("v_cvt_i32_f32", [f(-2.7), 0, 0]), i(-2));
    assert_eq!(run("v_cvt_i32_f32", [f(3e9), 0, 0]), i(i32::MAX));
    assert_eq!(run("v_cvt_i32_f32", [f(-3e9), 0, 0]), i(i32::MIN));
    assert_eq!(run("v_cvt_i32_f32", [f(f32::NAN), 0, 0]), 0);
    assert_eq!(run("v_cvt_u32_f32", [f(-1.0), 0, 0]), 0);
    assert_eq!(run("v_cvt_u32_f32", [f(f32::INFINITY), 0, 0]), 0xffff_ffff);
    assert_eq!(run("v_cvt_u32_f32", [f(4294967040.0), 0, 0]), 4294967040);
    assert_eq!(run("v_cvt_flr_i32_f32", [f(-2.5), 0, 0]), i(-3));
    assert_eq!(run("v_cvt_rpi_i32_f32", [f(-2.5), 0, 0]), i(-2));
    assert_eq!(run("v_cvt_rpi_i32_f32", [f(2.5), 0, 0]), 3);
    assert_eq!(
        run("v_cvt_i32_f64", [(-1e300f64).to_bits(), 0, 0]),
        i(i32::MIN)
    );
    assert_eq!(
        run("v_cvt_u32_f64", [4294967295.9f64.to_bits(), 0, 0]),
        0xffff_ffff
    );
    assert_eq!(
        run("v_cvt_i16_f16", [0xfc00, 0, 0]),
        0x8000,
        "-inf saturates to i16::MIN"
    );
    assert_eq!(run("v_cvt_u16_f16", [0x7e00, 0, 0]), 0, "NaN gives 0");
    assert_eq!(run("v_cvt_u16_f16", [0x7bff, 0, 0]), 65504);
    assert_eq!(
        f32::from_bits(run("v_cvt_f32_i32", [i(16777217), 0, 0]) as u32),
        16777216.0
    );
    assert_eq!(
        f32::from_bits(run("v_cvt_f32_u32", [0xffff_ffff, 0, 0]) as u32),
        4294967296.0
    );
    assert_eq!(
        f64::from_bits(run("v_cvt_f64_i32", [i(i32::MIN), 0, 0])),
        -2147483648.0
    );
    assert_eq!(
        f32::from_bits(run("v_cvt_f32_ubyte2", [0x00ab_0000, 0, 0]) as u32),
        171.0
    );
    assert_eq!(
        f32::from_bits(run("v_cvt_off_f32_i4", [0x8, 0, 0]) as u32),
        -0.5
    );
    assert_eq!(
        f32::from_bits(run("v_cvt_off_f32_i4", [0x7, 0, 0]) as u32),
        0.4375
    );
}

#[test]
fn packing_conversions() {
    let f = |v: f32| v.to_bits() as u64;
    assert_eq!(
        run("v_cvt_pkrtz_f16_f32", [f(1.0), f(-2.0), 0]),
        0xc000_3c00
    );
    // 1 + 2^-11 + 2^-12 rounds up to nearest but toward zero gives 1.0.
    assert_eq!(
        run(
            "v_cvt_pkrtz_f16_f32",
            [f(1.0 + 3.0 / 4096.0), f(65536.0), 0]
        ),
        0x7bff_3c00
    );
    assert_eq!(run("v_cvt_f16_f32", [f(1.0 + 3.0 / 4096.0), 0, 0]), 0x3c01);
    assert_eq!(
        run("v_cvt_pknorm_i16_f32", [f(-2.0), f(0.5), 0]),
        0x4000_8001
    );
    assert_eq!(
        run("v_cvt_pknorm_u16_f32", [f(2.0), f(0.5), 0]),
        0x8000_ffff
    );
    assert_eq!(run("v_cvt_pk_u16_u32", [70000, 5, 0]), 0x0005_ffff);
    assert_eq!(
        run("v_cvt_pk_i16_i32", [(-70000i32) as u32 as u64, 70000, 0]),
        0x7fff_8000
    );
    assert_eq!(
        run("v_cvt_pk_u8_f32", [f(300.0), 2, 0x1122_3344]),
        0x11ff_3344
    );
    assert_eq!(
        run("v_cvt_pkaccum_u8_f32", [f(7.9), 1, 0x1122_3344]),
        0x1122_0744
    );
}
