//! Tests of the vector ALU semantics against oracles: Rust's correctly rounded IEEE f32/f64
//! arithmetic, exact mathematical values, the IEEE binary16 encoding, LLVM's division
//! expansion (whose result must equal IEEE division), and the GCN3 manual's definitions.

use super::*;
use crate::isa::table::flag;
use crate::isa::{Category, Format, OPCODES};

/// Denormals kept for every format (the IEEE reference behaviour).
const IEEE: FloatMode = FloatMode {
    round_f32: 0,
    round_f64_f16: 0,
    denorm_f32: 3,
    denorm_f64_f16: 3,
};
/// f32 denormals flushed, f64/f16 kept (clang's gfx803 OpenCL default).
const FLUSH_F32: FloatMode = FloatMode {
    round_f32: 0,
    round_f64_f16: 0,
    denorm_f32: 0,
    denorm_f64_f16: 3,
};

fn op(name: &str) -> ValuFn {
    let info = OPCODES
        .iter()
        .find(|i| i.mnemonic == name)
        .unwrap_or_else(|| panic!("{name} not in table"));
    semantics(info).unwrap_or_else(|| panic!("{name} has no semantics"))
}

/// Runs `name` on one lane (lane 0 of a wave with only lane 0 active).
fn run_with(
    name: &str,
    src: [u64; 3],
    mods: VopModifiers,
    mode: FloatMode,
    mask_in: bool,
) -> (u64, bool) {
    let s = src.map(|v| [v; 64]);
    let mut dst = [0xdead_beef; 64];
    let mut mask_out = 0;
    let mut args = ValuArgs {
        src: [&s[0], &s[1], &s[2]],
        exec: 1,
        mask_in: mask_in as u64,
        modifiers: mods,
        mode,
        dst: &mut dst,
        mask_out: &mut mask_out,
    };
    op(name)(&mut args);
    assert_eq!(dst[1], 0xdead_beef, "{name} wrote an inactive lane");
    assert_eq!(mask_out & !1, 0, "{name} set mask bits of inactive lanes");
    (dst[0], mask_out & 1 != 0)
}

fn run(name: &str, src: [u64; 3]) -> u64 {
    run_with(name, src, VopModifiers::default(), IEEE, false).0
}

fn f32s(name: &str, a: f32, b: f32, c: f32) -> f32 {
    f32::from_bits(run(
        name,
        [a.to_bits() as u64, b.to_bits() as u64, c.to_bits() as u64],
    ) as u32)
}

fn f64s(name: &str, a: f64, b: f64, c: f64) -> f64 {
    f64::from_bits(run(name, [a.to_bits(), b.to_bits(), c.to_bits()]))
}

fn mask(name: &str, a: u64, b: u64) -> bool {
    run_with(name, [a, b, 0], VopModifiers::default(), IEEE, false).1
}

/// A deterministic stream of f32 bit patterns: specials first, then pseudo-random bits.
fn f32_samples() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        3.0,
        1e-40,
        -1e-45,
        f32::MIN_POSITIVE,
        f32::MAX,
        -f32::MAX,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0e30,
        1.0e-30,
        0.1,
        16777217.0,
    ];
    let mut x = 0x1234_5678_9abc_def1u64;
    for _ in 0..400 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.push(f32::from_bits(x as u32));
    }
    v
}

fn same_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn same_f64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

#[test]
fn every_gfx8_valu_opcode_has_semantics_except_cross_lane() {
    let cross_lane = [
        "v_readfirstlane_b32",
        "v_readlane_b32",
        "v_writelane_b32",
        "v_movreld_b32",
        "v_movrels_b32",
        "v_movrelsd_b32",
        // 128-bit destination and src2: not representable in ValuArgs's 64-bit lanes.
        "v_mqsad_u32_u8",
    ];
    let rows: Vec<_> = OPCODES
        .iter()
        .filter(|i| i.category == Category::Valu)
        .filter(|i| {
            matches!(
                i.format,
                Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3
            )
        })
        .collect();
    let mut missing: Vec<_> = rows
        .iter()
        .filter(|i| semantics(i).is_none())
        .map(|i| i.mnemonic)
        .collect();
    missing.sort_unstable();
    let mut cross_lane = cross_lane.to_vec();
    cross_lane.sort_unstable();
    println!(
        "vector ALU opcodes: {}, with semantics: {}, without: {missing:?}",
        rows.len(),
        rows.len() - missing.len()
    );
    assert_eq!(missing, cross_lane);
}

#[test]
fn f32_arithmetic_is_correctly_rounded() {
    let xs = f32_samples();
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        let c = xs[(i * 13 + 5) % xs.len()];
        assert!(
            same_f32(f32s("v_add_f32", a, b, 0.0), a + b),
            "{a:e} + {b:e}"
        );
        assert!(
            same_f32(f32s("v_sub_f32", a, b, 0.0), a - b),
            "{a:e} - {b:e}"
        );
        assert!(
            same_f32(f32s("v_subrev_f32", a, b, 0.0), b - a),
            "{b:e} - {a:e}"
        );
        assert!(
            same_f32(f32s("v_mul_f32", a, b, 0.0), a * b),
            "{a:e} * {b:e}"
        );
        assert!(
            same_f32(f32s("v_fma_f32", a, b, c), a.mul_add(b, c)),
            "fma {a:e} {b:e} {c:e}"
        );
        assert!(
            same_f32(f32s("v_mad_f32", a, b, c), a * b + c),
            "mad {a:e} {b:e} {c:e}"
        );
        assert!(
            same_f32(f32s("v_mac_f32", a, b, c), a * b + c),
            "mac {a:e} {b:e} {c:e}"
        );
        // The transcendental unit flushes f32 denormals on input and output.
        let ftz = |x: f32| {
            if x.is_subnormal() {
                0.0f32.copysign(x)
            } else {
                x
            }
        };
        let sqrt = f32s("v_sqrt_f32", a, 0.0, 0.0);
        assert!(same_f32(sqrt, ftz(ftz(a).sqrt())), "sqrt {a:e}");
        let rcp = f32s("v_rcp_f32", a, 0.0, 0.0);
        assert!(same_f32(rcp, ftz(1.0 / ftz(a))), "rcp {a:e}");
        assert!(
            same_f32(f32s("v_floor_f32", a, 0.0, 0.0), a.floor()),
            "floor {a:e}"
        );
        assert!(
            same_f32(f32s("v_ceil_f32", a, 0.0, 0.0), a.ceil()),
            "ceil {a:e}"
        );
        assert!(
            same_f32(f32s("v_trunc_f32", a, 0.0, 0.0), a.trunc()),
            "trunc {a:e}"
        );
        assert!(
            same_f32(f32s("v_rndne_f32", a, 0.0, 0.0), a.round_ties_even()),
            "rndne {a:e}"
        );
        let d = f64::from_bits(run("v_cvt_f64_f32", [a.to_bits() as u64, 0, 0]));
        assert!(same_f64(d, a as f64), "cvt_f64_f32 {a:e}");
    }
}

#[test]
fn f64_arithmetic_is_correctly_rounded() {
    let xs: Vec<f64> = f32_samples()
        .iter()
        .map(|&x| x as f64 * std::f64::consts::PI)
        .collect();
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        let c = xs[(i * 11 + 1) % xs.len()];
        assert!(same_f64(f64s("v_add_f64", a, b, 0.0), a + b));
        assert!(same_f64(f64s("v_mul_f64", a, b, 0.0), a * b));
        assert!(same_f64(f64s("v_fma_f64", a, b, c), a.mul_add(b, c)));
        assert!(same_f64(f64s("v_sqrt_f64", a, 0.0, 0.0), a.sqrt()));
        let below_one = 1.0 - f64::EPSILON / 2.0;
        let fract = if a.is_finite() {
            (a - a.floor()).min(below_one)
        } else {
            f64::NAN
        };
        assert!(
            same_f64(f64s("v_fract_f64", a, 0.0, 0.0), fract),
            "fract {a:e}"
        );
        let f = f32::from_bits(run("v_cvt_f32_f64", [a.to_bits(), 0, 0]) as u32);
        assert!(same_f32(f, a as f32), "cvt_f32_f64 {a:e}");
    }
}

#[test]
fn min_max_return_the_non_nan_operand_and_order_zeros() {
    assert_eq!(f32s("v_min_f32", f32::NAN, 2.0, 0.0), 2.0);
    assert_eq!(f32s("v_max_f32", 2.0, f32::NAN, 0.0), 2.0);
    assert!(f32s("v_max_f32", f32::NAN, f32::NAN, 0.0).is_nan());
    assert!(f32s("v_min_f32", 0.0, -0.0, 0.0).is_sign_negative());
    assert!(f32s("v_max_f32", -0.0, 0.0, 0.0).is_sign_positive());
    assert_eq!(f64s("v_min_f64", f64::NAN, -3.0, 0.0), -3.0);
    assert_eq!(f32s("v_med3_f32", 5.0, 1.0, 3.0), 3.0);
    assert_eq!(f32s("v_med3_f32", 1.0, f32::NAN, 3.0), 1.0);
    assert_eq!(f32s("v_med3_f32", f32::NAN, 4.0, 3.0), 3.0);
    assert_eq!(f32s("v_med3_f32", 1.0, 3.0, f32::NAN), 3.0);
    assert_eq!(f32s("v_min3_f32", 4.0, f32::NAN, -1.0), -1.0);
    assert_eq!(f32s("v_max3_f32", 4.0, 9.0, -1.0), 9.0);
    // IEEE mode: a signaling NaN is not ignored but gives a quiet NaN.
    let snan = f32::from_bits(0x7f80_0001);
    assert!(f32s("v_min_f32", snan, 2.0, 0.0).is_nan());
    assert!(f32s("v_max3_f32", 1.0, 2.0, snan).is_nan());
    assert_eq!(run("v_max_f16", [0x7c01, 0x3c00, 0]) & 0x7e00, 0x7e00);
    assert_eq!(run("v_max_f16", [0x7e01, 0x3c00, 0]), 0x3c00);
}

#[test]
fn legacy_multiply_treats_zero_as_absorbing() {
    assert_eq!(f32s("v_mul_legacy_f32", 0.0, f32::INFINITY, 0.0), 0.0);
    assert_eq!(f32s("v_mul_legacy_f32", f32::NAN, 0.0, 0.0), 0.0);
    assert_eq!(f32s("v_mad_legacy_f32", 0.0, f32::NAN, 2.5), 2.5);
    assert!(f32s("v_mul_f32", 0.0, f32::INFINITY, 0.0).is_nan());
}

#[test]
fn input_and_output_modifiers() {
    let bits = |v: f32| v.to_bits() as u64;
    let with = |name: &str, a: f32, b: f32, mods: VopModifiers| {
        f32::from_bits(run_with(name, [bits(a), bits(b), 0], mods, IEEE, false).0 as u32)
    };
    let m = |neg, abs, clamp, omod| VopModifiers {
        neg,
        abs,
        sext: 0,
        clamp,
        omod,
    };
    // abs first, then neg: -|−3| + 1 = −2.
    assert_eq!(with("v_add_f32", -3.0, 1.0, m(1, 1, false, 0)), -2.0);
    assert_eq!(with("v_add_f32", -3.0, 1.0, m(2, 0, false, 0)), -4.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 1)), 6.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 2)), 12.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 3)), 1.5);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, true, 0)), 1.0);
    assert_eq!(with("v_mul_f32", -3.0, 1.0, m(0, 0, true, 0)), 0.0);
    assert_eq!(with("v_mul_f32", 0.25, 1.0, m(0, 0, true, 1)), 0.5);
    assert_eq!(with("v_add_f32", f32::NAN, 1.0, m(0, 0, true, 0)), 0.0);
    assert!(with("v_mul_f32", -0.0, 1.0, m(0, 0, true, 0)).is_sign_positive());
    // f64 and f16 flip their own sign bits.
    let neg0 = VopModifiers {
        neg: 1,
        ..Default::default()
    };
    let d = run_with("v_add_f64", [2.0f64.to_bits(), 0, 0], neg0, IEEE, false).0;
    assert_eq!(f64::from_bits(d), -2.0);
    let h = run_with("v_add_f16", [0x3c00, 0x3c00, 0], neg0, IEEE, false).0;
    assert_eq!(h, 0x0000, "-1 + 1 in f16");
    // Integer ops ignore neg; v_cndmask applies it to the sign bit.
    assert_eq!(run_with("v_add_u32", [5, 7, 0], neg0, IEEE, false).0, 12);
    let abs1 = VopModifiers {
        abs: 2,
        ..Default::default()
    };
    assert_eq!(
        run_with("v_cndmask_b32", [1, bits(-2.0), 0], abs1, IEEE, true).0,
        bits(2.0)
    );
    assert_eq!(
        run_with("v_cndmask_b32", [1, bits(-2.0), 0], abs1, IEEE, false).0,
        1
    );
}

#[test]
fn f32_denormals_follow_the_mode() {
    let tiny = f32::from_bits(0x0000_0100);
    let run_mode = |name: &str, a: f32, b: f32, mode| {
        f32::from_bits(
            run_with(
                name,
                [a.to_bits() as u64, b.to_bits() as u64, 0],
                Default::default(),
                mode,
                false,
            )
            .0 as u32,
        )
    };
    assert_eq!(run_mode("v_add_f32", tiny, 0.0, IEEE), tiny);
    assert_eq!(run_mode("v_add_f32", tiny, 0.0, FLUSH_F32), 0.0);
    assert!(run_mode("v_mul_f32", -tiny, 1.0, FLUSH_F32).is_sign_negative());
    // Output flushing: a normal × 0.5^k that lands in the denormal range.
    assert_eq!(
        run_mode("v_mul_f32", f32::MIN_POSITIVE, 0.5, IEEE),
        f32::MIN_POSITIVE / 2.0
    );
    assert_eq!(
        run_mode("v_mul_f32", f32::MIN_POSITIVE, 0.5, FLUSH_F32),
        0.0
    );
    // Moves and class tests see the bits unchanged.
    assert_eq!(
        run_with(
            "v_mov_b32",
            [0x100, 0, 0],
            Default::default(),
            FLUSH_F32,
            false
        )
        .0,
        0x100
    );
    let class = run_with(
        "v_cmp_class_f32",
        [0x100, 1 << 7, 0],
        Default::default(),
        FLUSH_F32,
        false,
    )
    .1;
    assert!(class, "positive denormal is class bit 7 even when flushing");
    // f64 is governed by its own field.
    let d = f64::from_bits(1);
    assert_eq!(
        f64::from_bits(
            run_with(
                "v_add_f64",
                [d.to_bits(), 0, 0],
                Default::default(),
                FLUSH_F32,
                false
            )
            .0
        ),
        d
    );
}

#[test]
fn add_sub_carry_chains() {
    // (opcode, S0, S1, carry in, result, carry out)
    let cases = [
        ("v_add_u32", 0xffff_ffff, 2, false, 1, true),
        ("v_add_u32", 5, 2, false, 7, false),
        ("v_addc_u32", 0xffff_ffff, 0, true, 0, true),
        ("v_addc_u32", 1, 2, true, 4, false),
        ("v_sub_u32", 1, 2, false, 0xffff_ffff, true),
        ("v_subrev_u32", 1, 2, false, 1, false),
        ("v_subb_u32", 5, 5, true, 0xffff_ffff, true),
        ("v_subbrev_u32", 5, 7, true, 1, false),
    ];
    for (name, a, b, carry_in, result, carry_out) in cases {
        let got = run_with(name, [a, b, 0], Default::default(), IEEE, carry_in);
        assert_eq!(got, (result, carry_out), "{name} {a:#x} {b:#x} {carry_in}");
    }
    // A 64-bit add built from v_add_u32 + v_addc_u32 equals u64 addition.
    for (a, b) in [
        (u64::MAX, 1u64),
        (0x1_ffff_ffff, 0x1),
        (0x8000_0000_0000_0000, 0x8000_0000_0000_0001),
    ] {
        let (lo, carry) = run_with(
            "v_add_u32",
            [a & 0xffff_ffff, b & 0xffff_ffff, 0],
            Default::default(),
            IEEE,
            false,
        );
        let (hi, _) = run_with(
            "v_addc_u32",
            [a >> 32, b >> 32, 0],
            Default::default(),
            IEEE,
            carry,
        );
        assert_eq!(hi << 32 | lo, a.wrapping_add(b));
    }
    let clamp = VopModifiers {
        clamp: true,
        ..Default::default()
    };
    assert_eq!(
        run_with("v_add_u32", [0xffff_fff0, 0x100, 0], clamp, IEEE, false).0,
        0xffff_ffff
    );
    assert_eq!(run_with("v_sub_u32", [1, 2, 0], clamp, IEEE, false).0, 0);
    assert_eq!(
        run_with("v_add_u16", [0xfff0, 0x100, 0], clamp, IEEE, false).0,
        0xffff
    );
    assert_eq!(run("v_add_u16", [0x1_fff0, 0x100, 0]), 0x00f0);
    assert_eq!(run("v_sub_u16", [1, 2, 0]), 0xffff);
    assert_eq!(
        run_with("v_mad_i16", [0x7fff, 2, 0], clamp, IEEE, false).0,
        0x7fff
    );
    assert_eq!(run("v_mad_i16", [0xffff, 3, 1]), 0xfffe);
}

#[test]
fn multiplies() {
    assert_eq!(run("v_mul_lo_u32", [0x8000_0001, 3, 0]), 0x8000_0003);
    assert_eq!(
        run("v_mul_hi_u32", [0xffff_ffff, 0xffff_ffff, 0]),
        0xffff_fffe
    );
    assert_eq!(
        run("v_mul_hi_i32", [(-2i32) as u32 as u64, 0x4000_0000, 0]),
        0xffff_ffff
    );
    assert_eq!(
        run(
            "v_mul_hi_i32",
            [i32::MIN as u32 as u64, i32::MIN as u32 as u64, 0]
        ),
        0x4000_0000
    );
    // 24-bit multiplies ignore the top byte and sign-extend bit 23 for i24.
    assert_eq!(run("v_mul_u32_u24", [0xff00_0003, 0x0100_0005, 0]), 15);
    assert_eq!(
        run("v_mul_i32_i24", [0x00ff_ffff, 5, 0]),
        (-5i32) as u32 as u64
    );
    assert_eq!(run("v_mul_hi_u32_u24", [0xff_ffff, 0xff_ffff, 0]), 0xffff);
    assert_eq!(run("v_mul_hi_i32_i24", [0x80_0000, 0x80_0000, 0]), 0x4000);
    assert_eq!(run("v_mad_u32_u24", [0x100_0002, 3, 4]), 10);
    assert_eq!(run("v_mad_i32_i24", [0xff_ffff, 3, 4]), 1);
    let (v, carry) = run_with(
        "v_mad_u64_u32",
        [0xffff_ffff, 0xffff_ffff, u64::MAX],
        Default::default(),
        IEEE,
        false,
    );
    assert_eq!((v, carry), (0xffff_fffe_0000_0000, true));
    let (v, carry) = run_with(
        "v_mad_i64_i32",
        [(-3i32) as u32 as u64, 7, 100],
        Default::default(),
        IEEE,
        false,
    );
    assert_eq!((v as i64, carry), (79, false));
    assert_eq!(run("v_mul_lo_u16", [0x1_0102, 0x0300, 0]), 0x0600);
}

#[test]
fn shifts_including_64_bit() {
    assert_eq!(
        run("v_lshlrev_b32", [33, 1, 0]),
        2,
        "shift amount uses 5 bits"
    );
    assert_eq!(run("v_lshrrev_b32", [4, 0x8000_0000, 0]), 0x0800_0000);
    assert_eq!(run("v_ashrrev_i32", [4, 0x8000_0000, 0]), 0xf800_0000);
    assert_eq!(
        run("v_lshlrev_b64", [36, 0x0000_0000_8000_0001, 0]),
        0x0000_0010_0000_0000
    );
    assert_eq!(
        run("v_lshlrev_b64", [64 + 4, 1, 0]),
        16,
        "shift amount uses 6 bits"
    );
    assert_eq!(run("v_lshrrev_b64", [63, 0x8000_0000_0000_0000, 0]), 1);
    assert_eq!(
        run("v_ashrrev_i64", [40, 0x8000_0000_0000_0000, 0]),
        0xffff_ffff_ff80_0000
    );
    assert_eq!(run("v_lshlrev_b16", [4, 0x1234, 0]), 0x2340);
    assert_eq!(run("v_ashrrev_i16", [4, 0x8000, 0]), 0xf800);
    assert_eq!(run("v_lshrrev_b16", [17, 0x8000, 0]), 0x4000);
}

#[test]
fn integer_min_max_med3() {
    let m = |v: i32| v as u32 as u64;
    assert_eq!(run("v_min_i32", [m(i32::MIN), m(5), 0]), m(i32::MIN));
    assert_eq!(run("v_max_u32", [m(-1), 5, 0]), 0xffff_ffff);
    assert_eq!(run("v_med3_i32", [m(-5), m(10), m(3)]), 3);
    assert_eq!(run("v_med3_u32", [7, 7, 1]), 7);
    assert_eq!(run("v_min3_u32", [7, 9, 8]), 7);
    assert_eq!(run("v_max3_i32", [m(-7), m(-9), m(-8)]), m(-7));
    assert_eq!(run("v_max_i16", [0x8000, 0x7fff, 0]), 0x7fff);
    assert_eq!(run("v_min_u16", [0x8000, 0x7fff, 0]), 0x7fff);
}

#[test]
fn bit_ops() {
    assert_eq!(run("v_bfe_u32", [0xabcd_1234, 8, 12]), 0xd12);
    assert_eq!(run("v_bfe_i32", [0x0000_0f00, 8, 4]), 0xffff_ffff);
    assert_eq!(run("v_bfe_i32", [0x0000_0700, 8, 4]), 7);
    assert_eq!(run("v_bfe_u32", [0xffff_ffff, 4, 0]), 0);
    assert_eq!(
        run("v_bfi_b32", [0xff00_ff00, 0x1234_5678, 0xabcd_ef01]),
        0x12cd_5601
    );
    assert_eq!(run("v_bfm_b32", [4, 8, 0]), 0xf00);
    assert_eq!(
        run("v_alignbit_b32", [0x1234_5678, 0x9abc_def0, 8]),
        0x789a_bcde
    );
    assert_eq!(
        run("v_alignbyte_b32", [0x1234_5678, 0x9abc_def0, 3]),
        0x3456_789a
    );
    assert_eq!(run("v_bcnt_u32_b32", [0xf0f0, 3, 0]), 11);
    assert_eq!(run("v_ffbh_u32", [0x0001_0000, 0, 0]), 15);
    assert_eq!(run("v_ffbh_u32", [0, 0, 0]), 0xffff_ffff);
    assert_eq!(run("v_ffbl_b32", [0x0001_0000, 0, 0]), 16);
    assert_eq!(run("v_ffbl_b32", [0, 0, 0]), 0xffff_ffff);
    assert_eq!(run("v_ffbh_i32", [0x4000_0000, 0, 0]), 1);
    assert_eq!(run("v_ffbh_i32", [0xffff_fffe, 0, 0]), 31);
    assert_eq!(run("v_ffbh_i32", [0xffff_ffff, 0, 0]), 0xffff_ffff);
    assert_eq!(run("v_bfrev_b32", [1, 0, 0]), 0x8000_0000);
    assert_eq!(run("v_not_b32", [0xf0f0_f0f0, 0, 0]), 0x0f0f_0f0f);
    assert_eq!(
        run("v_perm_b32", [0x0011_2233, 0x4455_6677, 0x0c08_0700]),
        0x0000_0077
    );
    assert_eq!(
        run("v_perm_b32", [0x8011_2233, 0x4455_e677, 0x0d0b_0809]),
        0xffff_ff00
    );
    assert_eq!(
        run("v_lerp_u8", [0x00ff_0201, 0x00ff_0403, 0x0000_0001]),
        0x00ff_0302
    );
}

#[test]
fn sums_of_absolute_differences() {
    assert_eq!(
        run("v_sad_u8", [0x0102_0304, 0x0403_0201, 10]),
        10 + 3 + 1 + 1 + 3
    );
    assert_eq!(
        run("v_sad_hi_u8", [0x0102_0304, 0x0403_0201, 10]),
        (8 << 16) + 10
    );
    assert_eq!(run("v_sad_u16", [0x0001_0010, 0x0010_0001, 1]), 1 + 15 + 15);
    assert_eq!(run("v_sad_u32", [3, 10, 1]), 8);
    // The reference (S1) byte 0 masks its difference out.
    assert_eq!(run("v_msad_u8", [0x0102_0304, 0x0403_0200, 0]), 3 + 1 + 1);
    let q = run(
        "v_qsad_pk_u16_u8",
        [0x0706_0504_0302_0100, 0x0302_0100, 0x0004_0003_0002_0001],
    );
    // Window i holds bytes i..i+3, each i above S1's bytes: SAD 4i, plus accumulator i + 1.
    assert_eq!(q, 0x0010_000b_0006_0001);
}

#[test]
fn mbcnt_counts_mask_bits_of_lower_lanes() {
    let ones = [0xffff_ffffu64; 64];
    let zero = [0u64; 64];
    let (lo, _) = run_wave("v_mbcnt_lo_u32_b32", [ones, zero, zero], u64::MAX, 0);
    let (both, _) = run_wave("v_mbcnt_hi_u32_b32", [ones, lo, zero], u64::MAX, 0);
    for (lane, &v) in both.iter().enumerate() {
        assert_eq!(v, lane as u64, "mbcnt of all ones is the lane id");
    }
    let (sparse, _) = run_wave(
        "v_mbcnt_lo_u32_b32",
        [[0x5555_5555; 64], zero, zero],
        u64::MAX,
        0,
    );
    assert_eq!([sparse[0], sparse[1], sparse[5], sparse[40]], [0, 1, 3, 16]);
}

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

#[test]
fn f16_encoding_round_trips_and_rounds_ties_to_even() {
    use super::fp::{f16_to_f64, f64_to_f16};
    for h in 0..=u16::MAX {
        let v = f16_to_f64(h);
        if v.is_nan() {
            assert_eq!(f64_to_f16(v, false) & 0x7e00, 0x7e00);
            continue;
        }
        assert_eq!(f64_to_f16(v, false), h, "round trip of {h:#06x}");
        // The midpoint to the next value up rounds to the even neighbour.
        let next = h.wrapping_add(1);
        if h & 0x7fff < 0x7c00 && next & 0x7fff < 0x7c00 {
            let mid = (v + f16_to_f64(next)) / 2.0;
            let even = if h & 1 == 0 { h } else { next };
            assert_eq!(f64_to_f16(mid, false), even, "midpoint above {h:#06x}");
            assert_eq!(f64_to_f16(mid, true), h, "toward zero above {h:#06x}");
        }
    }
    assert_eq!(f64_to_f16(65520.0, false), 0x7c00, "overflow to inf");
    assert_eq!(
        f64_to_f16(-65520.0, true),
        0xfbff,
        "toward zero stops at the largest finite"
    );
    assert_eq!(
        f64_to_f16(2f64.powi(-25), false),
        0,
        "half the smallest denormal ties to 0"
    );
    assert_eq!(f64_to_f16(3.0 * 2f64.powi(-26), false), 1);
}

#[test]
fn f16_arithmetic() {
    // 1 + 2^-11 (a tie) rounds to even 1.0; 1 + 3·2^-12 rounds up.
    assert_eq!(run("v_add_f16", [0x3c00, 0x1000, 0]), 0x3c00);
    assert_eq!(run("v_mul_f16", [0x4000, 0x4200, 0]), 0x4600, "2 × 3");
    assert_eq!(run("v_mul_f16", [0x7bff, 0x4000, 0]), 0x7c00, "overflow");
    assert_eq!(
        run("v_fma_f16", [0x4000, 0x4200, 0xbc00]),
        0x4500,
        "2 × 3 − 1"
    );
    assert_eq!(
        run("v_mac_f16", [0x4000, 0x4200, 0x3c00]),
        0x4700,
        "2 × 3 + 1"
    );
    assert_eq!(
        run("v_madak_f16", [0x4000, 0x4200, 0x3c00]),
        0x4700,
        "2 × 3 + K"
    );
    assert_eq!(
        run("v_madmk_f16", [0x4000, 0x3c00, 0x4200]),
        0x4700,
        "2 × K + 1"
    );
    assert_eq!(run("v_max_f16", [0x7e00, 0xc000, 0]), 0xc000);
    assert_eq!(
        run("v_ldexp_f16", [0x3c00, (-24i32) as u32 as u64, 0]),
        0x0001
    );
    assert_eq!(
        run("v_cvt_f32_f16", [0x0001, 0, 0]),
        (2f32.powi(-24)).to_bits() as u64
    );
    assert_eq!(
        run("v_cvt_f16_u16", [65535, 0, 0]),
        0x7c00,
        "65535 rounds to inf in f16"
    );
    assert_eq!(run("v_cvt_f16_i16", [0xfffe, 0, 0]), 0xc000);
    assert_eq!(
        run("v_add_f16", [0xffff_3c00, 0x3c00, 0]),
        0x4000,
        "only the low half is read"
    );
}

#[test]
fn compares_with_nan_and_all_predicates() {
    let f = |v: f32| v.to_bits() as u64;
    let nan = f(f32::NAN);
    let cases = [
        ("f", false, false, false),
        ("lt", true, false, false),
        ("eq", false, true, false),
        ("le", true, true, false),
        ("gt", false, false, false),
        ("lg", true, false, false),
        ("ge", false, true, false),
        ("o", true, true, false),
        ("u", false, false, true),
        ("nge", true, false, true),
        ("nlg", false, true, true),
        ("ngt", true, true, true),
        ("nle", false, false, true),
        ("neq", true, false, true),
        ("nlt", false, true, true),
        ("tru", true, true, true),
    ];
    for (p, lt, eq, unordered) in cases {
        for kind in ["v_cmp", "v_cmpx"] {
            let name = format!("{kind}_{p}_f32");
            assert_eq!(mask(&name, f(1.0), f(2.0)), lt, "{name} 1 2");
            assert_eq!(mask(&name, f(2.0), f(2.0)), eq, "{name} 2 2");
            assert_eq!(mask(&name, f(1.0), nan), unordered, "{name} 1 NaN");
            let name = format!("{kind}_{p}_f64");
            assert_eq!(mask(&name, 1f64.to_bits(), 2f64.to_bits()), lt, "{name}");
            assert_eq!(
                mask(&name, f64::NAN.to_bits(), 2f64.to_bits()),
                unordered,
                "{name}"
            );
            let name = format!("{kind}_{p}_f16");
            assert_eq!(mask(&name, 0x3c00, 0x4000), lt, "{name}");
            assert_eq!(mask(&name, 0x4000, 0x4000), eq, "{name}");
            assert_eq!(mask(&name, 0x7e00, 0x4000), unordered, "{name}");
        }
    }
    assert!(mask("v_cmp_eq_f32", f(0.0), f(-0.0)));
    assert!(!mask("v_cmp_gt_f32", f(0.0), f(-0.0)));
}

#[test]
fn integer_compares_by_type() {
    let minus1 = u64::MAX;
    assert!(mask("v_cmp_lt_i32", minus1 & 0xffff_ffff, 0));
    assert!(!mask("v_cmp_lt_u32", minus1 & 0xffff_ffff, 0));
    assert!(mask("v_cmp_lt_i64", minus1, 0));
    assert!(!mask("v_cmp_lt_u64", minus1, 0));
    assert!(mask("v_cmp_lt_i16", 0xffff, 0));
    assert!(!mask("v_cmp_lt_u16", 0xffff, 0));
    assert!(
        mask("v_cmp_eq_u16", 0x1_0005, 0x5),
        "only the low 16 bits compare"
    );
    assert!(mask("v_cmp_eq_u64", 1 << 40, 1 << 40));
    assert!(
        mask("v_cmp_eq_u32", 1 << 40, 0),
        "32-bit compares ignore the high half"
    );
    assert!(mask("v_cmpx_ne_i32", 1, 2));
    assert!(mask("v_cmp_ge_u32", 2, 2));
    assert!(mask("v_cmp_le_i64", minus1, minus1));
    assert!(mask("v_cmp_t_i32", 0, 0));
    assert!(!mask("v_cmp_f_u64", 0, 0));
}

#[test]
fn compare_writes_only_active_lanes() {
    let a: [u64; 64] = std::array::from_fn(|i| i as u64);
    let (dst, mask) = run_wave(
        "v_cmp_lt_u32",
        [a, [32; 64], [0; 64]],
        0xffff_0000_ffff_0000,
        0,
    );
    assert_eq!(mask, 0x0000_0000_ffff_0000);
    assert_eq!(
        dst, [0xdead_beef; 64],
        "compares leave the vector destination alone"
    );
}

#[test]
fn class_masks() {
    let f = |v: f32| v.to_bits() as u64;
    let classes = [
        (0x7f80_0001u64, 0),
        (f(f32::NAN), 1),
        (f(f32::NEG_INFINITY), 2),
        (f(-1.0), 3),
        (0x8000_0001, 4),
        (f(-0.0), 5),
        (f(0.0), 6),
        (0x0000_0001, 7),
        (f(1.0), 8),
        (f(f32::INFINITY), 9),
    ];
    for (value, class) in classes {
        for bit in 0..10 {
            assert_eq!(
                mask("v_cmp_class_f32", value, 1 << bit),
                bit == class,
                "{value:#x} bit {bit}"
            );
        }
        assert!(mask("v_cmpx_class_f32", value, 0x3ff));
    }
    assert!(mask("v_cmp_class_f64", f64::NEG_INFINITY.to_bits(), 1 << 2));
    assert!(mask("v_cmp_class_f64", 1, 1 << 7));
    assert!(mask("v_cmp_class_f16", 0x8001, 1 << 4));
    assert!(mask("v_cmp_class_f16", 0x7d00, 1 << 0));
    // neg applies before classification.
    let neg = VopModifiers {
        neg: 1,
        ..Default::default()
    };
    assert!(run_with("v_cmp_class_f32", [f(1.0), 1 << 3, 0], neg, IEEE, false).1);
}

#[test]
fn frexp_and_ldexp() {
    let mant = |v: f32| f32s("v_frexp_mant_f32", v, 0.0, 0.0);
    let exp = |v: f32| run("v_frexp_exp_i32_f32", [v.to_bits() as u64, 0, 0]) as u32 as i32;
    assert_eq!((mant(8.0), exp(8.0)), (0.5, 4));
    assert_eq!((mant(-3.0), exp(-3.0)), (-0.75, 2));
    assert_eq!((mant(1e-45), exp(1e-45)), (0.5, -148));
    assert_eq!(exp(0.0), 0);
    assert!(mant(-0.0) == 0.0 && mant(-0.0).is_sign_negative());
    assert_eq!(
        (mant(f32::INFINITY), exp(f32::INFINITY)),
        (f32::INFINITY, 0)
    );
    assert!(mant(f32::NAN).is_nan());
    assert_eq!(exp(f32::NAN), 0);
    assert_eq!(
        run("v_frexp_exp_i32_f64", [1e300f64.to_bits(), 0, 0]) as i32,
        997
    );
    assert_eq!(f64s("v_frexp_mant_f64", f64::from_bits(1), 0.0, 0.0), 0.5);
    assert_eq!(run("v_frexp_exp_i32_f64", [1, 0, 0]) as i32, -1073);
    assert_eq!(
        run("v_frexp_exp_i16_f16", [0x0001, 0, 0]),
        (-23i16) as u16 as u64
    );
    assert_eq!(
        run("v_frexp_mant_f16", [0x4200, 0, 0]),
        0x3a00,
        "3 = 0.75 × 2^2"
    );
    let ldexp = |v: f32, n: i32| {
        f32::from_bits(run("v_ldexp_f32", [v.to_bits() as u64, n as u32 as u64, 0]) as u32)
    };
    assert_eq!(ldexp(1.0, -149), 1e-45);
    assert_eq!(
        ldexp(1.5, -149),
        f32::from_bits(2),
        "1.5 × 2^-149 ties to even 2^-148"
    );
    assert_eq!(
        ldexp(2.5, -149),
        f32::from_bits(2),
        "2.5 × 2^-149 ties to even 2^-148"
    );
    assert_eq!(ldexp(1.0, 128), f32::INFINITY);
    assert_eq!(ldexp(f32::MAX, i32::MIN), 0.0);
    assert_eq!(ldexp(1e-45, i32::MAX), f32::INFINITY);
    let ldexp64 =
        |v: f64, n: i32| f64::from_bits(run("v_ldexp_f64", [v.to_bits(), n as u32 as u64, 0]));
    assert_eq!(ldexp64(1.0, -1074), f64::from_bits(1));
    assert_eq!(ldexp64(f64::from_bits(1), 2097), 2f64.powi(1023));
    assert_eq!(
        ldexp64(f64::MAX, -2098),
        f64::from_bits(1),
        "just under 2^-1074 rounds up"
    );
    assert_eq!(ldexp64(f64::MAX, -2100), 0.0);
}

#[test]
fn fract_stays_below_one() {
    assert_eq!(f32s("v_fract_f32", 2.75, 0.0, 0.0), 0.75);
    assert_eq!(f32s("v_fract_f32", -0.25, 0.0, 0.0), 0.75);
    assert_eq!(
        f32s("v_fract_f32", -1e-30, 0.0, 0.0),
        f32::from_bits(0x3f7f_ffff)
    );
    assert!(f32s("v_fract_f32", f32::INFINITY, 0.0, 0.0).is_nan());
    assert_eq!(
        run("v_fract_f16", [0xb400, 0, 0]),
        0x3a00,
        "fract(-0.25) = 0.75"
    );
}

#[test]
fn transcendental_conventions() {
    let one = |name: &str, x: f32| f32s(name, x, 0.0, 0.0);
    // Angles are in revolutions: sin(2π·x).
    assert_eq!(one("v_sin_f32", 0.25), 1.0);
    assert_eq!(one("v_sin_f32", -0.25), -1.0);
    assert_eq!(one("v_cos_f32", 0.5), -1.0);
    assert_eq!(one("v_cos_f32", 1000.0), 1.0);
    assert!((one("v_sin_f32", 1.0 / 12.0) - 0.5).abs() <= f32::EPSILON / 2.0);
    assert!(one("v_sin_f32", f32::INFINITY).is_nan());
    // Base 2.
    assert_eq!(one("v_exp_f32", 3.0), 8.0);
    assert_eq!(one("v_exp_f32", -126.0), f32::MIN_POSITIVE);
    assert_eq!(one("v_exp_f32", f32::NEG_INFINITY), 0.0);
    assert_eq!(one("v_log_f32", 1024.0), 10.0);
    assert_eq!(one("v_log_f32", 0.0), f32::NEG_INFINITY);
    assert_eq!(one("v_log_f32", -0.0), f32::NEG_INFINITY);
    assert!(one("v_log_f32", -1.0).is_nan());
    assert_eq!(one("v_rsq_f32", 16.0), 0.25);
    assert_eq!(one("v_rsq_f32", 0.0), f32::INFINITY);
    assert!(one("v_rsq_f32", -1.0).is_nan());
    assert_eq!(one("v_rcp_f32", -0.0), f32::NEG_INFINITY);
    assert_eq!(one("v_rcp_iflag_f32", 4.0), 0.25);
    // The f32 unit ignores denormals even when the mode keeps them.
    let denormal = f32::from_bits(0x0000_1000);
    assert_eq!(one("v_log_f32", denormal), f32::NEG_INFINITY);
    assert_eq!(one("v_exp_f32", denormal), 1.0);
    assert_eq!(one("v_rcp_f32", denormal), f32::INFINITY);
    assert_eq!(
        one("v_rcp_f32", f32::MAX),
        0.0,
        "a denormal reciprocal is flushed"
    );
    assert_eq!(one("v_exp_f32", -130.0), 0.0);
    assert_eq!(
        f64s("v_rcp_f64", f64::MAX, 0.0, 0.0),
        1.0 / f64::MAX,
        "f64 keeps denormals"
    );
    assert_eq!(f64s("v_rsq_f64", 0.25, 0.0, 0.0), 2.0);
    assert_eq!(f64s("v_rcp_f64", 8.0, 0.0, 0.0), 0.125);
    assert_eq!(run("v_sin_f16", [0x3400, 0, 0]), 0x3c00, "sin(2π·0.25) = 1");
    assert_eq!(run("v_exp_f16", [0x4200, 0, 0]), 0x4800, "2^3 = 8");
    assert_eq!(run("v_log_f16", [0x4800, 0, 0]), 0x4200, "log2 8 = 3");
    assert_eq!(run("v_rcp_f16", [0x4000, 0, 0]), 0x3800);
    assert_eq!(run("v_sqrt_f16", [0x4400, 0, 0]), 0x4000);
    assert_eq!(run("v_rsq_f16", [0x4400, 0, 0]), 0x3800);
}

/// Runs `name` on 64 lanes of per-lane sources under `exec`; returns destinations and mask.
fn run_wave(name: &str, src: [[u64; 64]; 3], exec: u64, mask_in: u64) -> ([u64; 64], u64) {
    let mut dst = [0xdead_beef; 64];
    let mut mask_out = 0;
    op(name)(&mut ValuArgs {
        src: [&src[0], &src[1], &src[2]],
        exec,
        mask_in,
        modifiers: Default::default(),
        mode: IEEE,
        dst: &mut dst,
        mask_out: &mut mask_out,
    });
    (dst, mask_out)
}

/// LLVM's division expansion (denormals enabled) for 64 lanes of f32 (`sign` = 1 << 31)
/// or f64 (`sign` = 1 << 63) bit patterns, run on these semantics.
fn divide(a: [u64; 64], b: [u64; 64], sign: u64) -> [u64; 64] {
    let ty = if sign == 1 << 31 { "f32" } else { "f64" };
    let one = if ty == "f32" {
        1f32.to_bits() as u64
    } else {
        1f64.to_bits()
    };
    let call = |op: &str, s: [[u64; 64]; 3], mask_in: u64| {
        run_wave(&format!("v_{op}_{ty}"), s, u64::MAX, mask_in)
    };
    let fma = |x, y, z| call("fma", [x, y, z], 0).0;
    let neg = |x: [u64; 64]| x.map(|v| v ^ sign);
    let ones = [one; 64];
    let zeros = [0; 64];
    let (den, _) = call("div_scale", [b, b, a], 0);
    let (num, vcc) = call("div_scale", [a, b, a], 0);
    let rcp = call("rcp", [den, zeros, zeros], 0).0;
    let (r, q) = if ty == "f32" {
        let r = fma(fma(neg(den), rcp, ones), rcp, rcp);
        let q = call("mul", [num, r, zeros], 0).0;
        let q = fma(fma(neg(den), q, num), r, q);
        (r, q)
    } else {
        let r = fma(rcp, fma(neg(den), rcp, ones), rcp);
        let r = fma(r, fma(neg(den), r, ones), r);
        (r, call("mul", [num, r, zeros], 0).0)
    };
    let rem = fma(neg(den), q, num);
    let q = call("div_fmas", [rem, r, q], vcc).0;
    call("div_fixup", [q, b, a], 0).0
}

#[test]
fn division_sequence_matches_ieee_division() {
    let xs = f32_samples();
    let pairs: Vec<(f32, f32)> = (0..xs.len())
        .flat_map(|i| xs.iter().skip(i % 5).step_by(7).map(move |&b| (i, b)))
        .map(|(i, b)| (xs[i], b))
        .collect();
    for chunk in pairs.chunks(64) {
        let lane = |f: fn(&(f32, f32)) -> f32| {
            std::array::from_fn(|l| f(&chunk[l % chunk.len()]).to_bits() as u64)
        };
        let q = divide(lane(|p| p.0), lane(|p| p.1), 1 << 31);
        for (l, &(a, b)) in chunk.iter().enumerate() {
            let q = f32::from_bits(q[l] as u32);
            assert!(
                same_f32(q, a / b),
                "{a:e} / {b:e}: got {q:e}, want {:e}",
                a / b
            );
        }
    }
    let extremes = [
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        1e300,
        1e-300,
        3.0,
        -7.0,
        0.0,
        f64::INFINITY,
        f64::NAN,
    ];
    let mut pairs: Vec<(f64, f64)> = extremes
        .iter()
        .flat_map(|&a| extremes.iter().map(move |&b| (a, b)))
        .collect();
    pairs.extend(
        xs.iter()
            .enumerate()
            .map(|(i, &a)| (a as f64 * 1.1, xs[(i * 3 + 1) % xs.len()] as f64 * 0.7)),
    );
    for chunk in pairs.chunks(64) {
        let lane = |f: fn(&(f64, f64)) -> f64| {
            std::array::from_fn(|l| f(&chunk[l % chunk.len()]).to_bits())
        };
        let q = divide(lane(|p| p.0), lane(|p| p.1), 1 << 63);
        for (l, &(a, b)) in chunk.iter().enumerate() {
            let q = f64::from_bits(q[l]);
            assert!(
                same_f64(q, a / b),
                "{a:e} / {b:e}: got {q:e}, want {:e}",
                a / b
            );
        }
    }
}

#[test]
fn div_scale_sets_vcc_for_extreme_quotients() {
    let call = |s: [f32; 3]| {
        run_with(
            "v_div_scale_f32",
            s.map(|v| v.to_bits() as u64),
            Default::default(),
            IEEE,
            false,
        )
    };
    // Ordinary operands pass through with VCC clear.
    assert_eq!(call([2.0, 2.0, 3.0]), (2f32.to_bits() as u64, false));
    // Numerator far above the denominator: the denominator is scaled up, VCC set.
    let (d, vcc) = call([1e-30, 1e-30, 1e30]);
    assert!(vcc);
    assert_eq!(f32::from_bits(d as u32), 1e-30 * 2f32.powi(64));
    let (n, vcc) = call([1e30, 1e-30, 1e30]);
    assert!(vcc);
    assert_eq!(f32::from_bits(n as u32), 1e30);
    // A zero operand gives NaN (v_div_fixup supplies the real answer).
    assert!(f32::from_bits(call([0.0, 1.0, 0.0]).0 as u32).is_nan());
}

#[test]
fn div_fixup_special_cases() {
    let fix = |q: f32, den: f32, num: f32| f32s("v_div_fixup_f32", q, den, num);
    assert!(fix(1.0, 0.0, 0.0).is_nan());
    assert!(fix(1.0, f32::INFINITY, f32::NEG_INFINITY).is_nan());
    assert_eq!(fix(1.0, -0.0, 3.0), f32::NEG_INFINITY);
    assert_eq!(fix(1.0, 2.0, f32::INFINITY), f32::INFINITY);
    assert_eq!(fix(1.0, f32::INFINITY, -2.0), -0.0);
    assert!(fix(1.0, f32::INFINITY, -2.0).is_sign_negative());
    assert_eq!(fix(1.0, 2.0, 0.0), 0.0);
    assert_eq!(
        fix(0.25, -4.0, 1.0),
        -0.25,
        "the quotient gets the sign of num/den"
    );
    let nan_payload = f32::from_bits(0x7f80_0123);
    assert_eq!(
        run(
            "v_div_fixup_f32",
            [0, 0x3f80_0000, nan_payload.to_bits() as u64]
        ),
        0x7fc0_0123,
        "quieted numerator NaN"
    );
    assert_eq!(
        run("v_div_fixup_f16", [0x3c00, 0x8000, 0x4000]),
        0xfc00,
        "2 / -0 in f16"
    );
}

#[test]
fn trig_preop_gives_consecutive_53_bit_pieces_of_2_over_pi() {
    let piece = |x: f64, i: u64| f64::from_bits(run("v_trig_preop_f64", [x.to_bits(), i, 0]));
    let p0 = piece(1.0, 0);
    // The first piece is 2/π truncated to 53 bits: within one ulp of the rounded constant.
    assert!((p0 - std::f64::consts::FRAC_2_PI).abs() <= f64::EPSILON * 0.5);
    assert!(p0 <= std::f64::consts::FRAC_2_PI);
    // The pieces do not overlap: each is below the previous one's last bit.
    let p1 = piece(1.0, 1);
    let p2 = piece(1.0, 2);
    assert!(p1 > 0.0 && p1 < p0 * f64::EPSILON);
    assert!(p2 > 0.0 && p2 < p1 * f64::EPSILON);
    assert_eq!(
        p0.to_bits() >> 52,
        (0.5f64).to_bits() >> 52,
        "2/π is in [0.5, 1)"
    );
    // A large argument skips bits so that x × piece stays representable.
    let big = 2f64.powi(100);
    assert!(piece(big, 0) < p0 * 2f64.powi(-40));
}

#[test]
fn cube_map_faces() {
    let c = |name: &str, x: f32, y: f32, z: f32| f32s(name, x, y, z);
    assert_eq!(c("v_cubeid_f32", 0.1, 0.2, -0.9), 5.0);
    assert_eq!(c("v_cubeid_f32", 0.9, 0.2, 0.1), 0.0);
    assert_eq!(c("v_cubeid_f32", 0.1, -0.9, 0.2), 3.0);
    assert_eq!(c("v_cubema_f32", 0.1, 0.2, -0.9), -1.8);
    assert_eq!(c("v_cubesc_f32", 0.1, 0.2, -0.9), -0.1);
    assert_eq!(c("v_cubetc_f32", 0.1, 0.2, -0.9), -0.2);
}

/// Within one ulp, or 2^-24 absolute near zero (where sin/cos have an absolute error).
fn close_f32(got: f32, want: f32) -> bool {
    let ulps = (got.to_bits() as i64 - want.to_bits() as i64).abs();
    ulps <= 1 || (got - want).abs() <= 2f32.powi(-24)
}

#[test]
fn transcendentals_match_glibc_long_double_references() {
    // Produced by a C program built with clang-15 against glibc: for each f32 x, the f32
    // bits of sinl(2π·x), cosl(2π·x), exp2l(x) and log2l(|x|) evaluated in long double.
    let references: [(u32, u32, u32, u32, u32); 7] = [
        (0x3dcccccd, 0x3f167918, 0x3f4f1bbd, 0x3f892fdf, 0xc0549a78),
        (0x3e99999a, 0x3f737870, 0xbe9e377c, 0x3f9d9624, 0xbfde54e3),
        (0xbf333333, 0x3f737870, 0xbe9e377c, 0x3f1d9624, 0xbf03bb12),
        (0x3dfcd680, 0x3f334136, 0x3f36c454, 0x3f8b6f89, 0xc04125c9),
        (0x40700000, 0xbf800000, 0x21878604, 0x415744fd, 0x3ff414fe),
        (0x42c8051f, 0x3d809f57, 0x3f7f7ea0, 0x7180e3f8, 0x40d49ba7),
        (0x3a83126f, 0x3bcde2d6, 0x3f7ffeb5, 0x3f8016b9, 0xc11f73da),
    ];
    for (x, sin, cos, exp, log) in references {
        let one = |name: &str, v: u32| f32::from_bits(run(name, [v as u64, 0, 0]) as u32);
        let abs_x = x & 0x7fff_ffff;
        for (name, input, want) in [
            ("v_sin_f32", x, sin),
            ("v_cos_f32", x, cos),
            ("v_exp_f32", x, exp),
            ("v_log_f32", abs_x, log),
        ] {
            let got = one(name, input);
            let want = f32::from_bits(want);
            assert!(
                close_f32(got, want),
                "{name}({:e}) = {got:e}, want {want:e}",
                f32::from_bits(input)
            );
        }
    }
}

#[test]
fn destination_readers_are_the_accumulating_opcodes() {
    let readers: Vec<_> = OPCODES
        .iter()
        .filter(|i| reads_destination(i))
        .map(|i| i.mnemonic)
        .collect();
    assert_eq!(readers, ["v_mac_f32", "v_mac_f16", "v_cvt_pkaccum_u8_f32"]);
}

#[test]
fn f16_fma_is_fused_and_correctly_rounded() {
    use super::fp::{f16_to_f64, f64_to_f16};
    // Reference: a·b + c as an exact integer in units of 2^-48 (every f16 is a multiple of
    // 2^-24), rounded to nearest even into f16 with integer arithmetic.
    let units = |h: u16| (f16_to_f64(h) * 2f64.powi(24)) as i128;
    let round_to_f16 = |sum: i128| -> u64 {
        let mag = sum.unsigned_abs();
        if mag == 0 {
            return 0;
        }
        let binade = 127 - mag.leading_zeros() as i32 - 48;
        let shift = (binade.max(-14) - 10 + 48) as u32;
        let (quotient, rest) = (mag >> shift, mag & ((1 << shift) - 1));
        let half = 1u128 << (shift - 1);
        let m = quotient + (rest > half || (rest == half && quotient & 1 == 1)) as u128;
        let value = m as f64 * 2f64.powi(shift as i32 - 48);
        f64_to_f16(if sum < 0 { -value } else { value }, false) as u64
    };
    let mut checked = 0;
    for a in (0x0001u16..0x7c00).step_by(0x1f3) {
        for b in (0x0001u16..0x7c00).step_by(0x2b7) {
            for c in [
                0x0001u16, 0x8001, 0x3c00, 0xbc01, 0x1400, 0x9400, 0x7bff, 0xfbff,
            ] {
                let want = round_to_f16(units(a) * units(b) + units(c) * (1 << 24));
                let got = run("v_fma_f16", [a as u64, b as u64, c as u64]);
                assert_eq!(got, want, "fma {a:#06x} {b:#06x} {c:#06x}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn scaled_fma_of_div_fmas_rounds_once() {
    // (1 + 2^-12)² = 1 + 2^-11 + 2^-24 is an f32 midpoint; + 2^-60 lies just above it, so
    // the fused result rounds up, while rounding to f64 first would land on the midpoint
    // and tie to even (down). The oracle is the host's fused f32 multiply-add.
    let a = 1.0 + 2f32.powi(-12);
    let c = 2f32.powi(-60);
    let want = a.mul_add(a, c);
    assert_eq!(want, 1.0 + 2f32.powi(-11) + 2f32.powi(-23));
    let bits = |v: f32| v.to_bits() as u64;
    let (plain, _) = run_with(
        "v_div_fmas_f32",
        [bits(a), bits(a), bits(c)],
        Default::default(),
        IEEE,
        false,
    );
    assert_eq!(f32::from_bits(plain as u32), want);
    // With the mask bit set and |S2| < 2 the result is scaled by 2^-64 before rounding.
    let (scaled, _) = run_with(
        "v_div_fmas_f32",
        [bits(a), bits(a), bits(c)],
        Default::default(),
        IEEE,
        true,
    );
    assert_eq!(f32::from_bits(scaled as u32), want * 2f32.powi(-64));
    let (up, _) = run_with(
        "v_div_fmas_f32",
        [bits(1.0), bits(1.0), bits(3.0)],
        Default::default(),
        IEEE,
        true,
    );
    assert_eq!(f32::from_bits(up as u32), 4.0 * 2f32.powi(64));
}

#[test]
fn round_to_odd_fma_then_f32_rounding_equals_fused_f32() {
    use super::fp::{fma_round_to_odd, Float, F32};
    let xs = f32_samples();
    let finite: Vec<f32> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    for (i, &a) in finite.iter().enumerate() {
        for &b in finite.iter().skip(i % 3).step_by(5) {
            for c in [
                finite[(i * 7) % finite.len()],
                -a * b * (1.0 + f32::EPSILON),
                2f32.powi(-60),
                -2f32.powi(-70),
            ] {
                let got = F32::round(fma_round_to_odd(a as f64, b as f64, c as f64)) as f32;
                assert!(same_f32(got, a.mul_add(b, c)), "fma {a:e} {b:e} {c:e}");
            }
        }
    }
}

#[test]
fn trig_preop_segments_match_bc_digits_of_2_over_pi() {
    // floor(2/π · 2^k) mod 2^53 computed with `bc -l` (scale=700): the 53 bits of 2/π
    // ending at fraction bit k.
    let piece = |x: f64, i: u64| f64::from_bits(run("v_trig_preop_f64", [x.to_bits(), i, 0]));
    let bits = |v: u64, k: i32| v as f64 * 2f64.powi(-k);
    assert_eq!(
        piece(1.0, 2),
        bits(7440259586542284, 159),
        "segment 2 = bits 106..159"
    );
    // Large arguments skip exponent − 1077 further bits.
    assert_eq!(piece(2f64.powi(100), 0), bits(186160546233999, 99));
    // Beyond exponent 1968 the result is scaled up by 2^128 to stay normal.
    assert_eq!(
        piece(2f64.powi(1000), 0),
        bits(5935965111411701, 999) * 2f64.powi(128)
    );
    // The hardware table holds 1201 bits: segments beyond it are zero.
    assert_eq!(piece(1.0, 31), 0.0);
}

#[test]
fn every_opcode_survives_arbitrary_operands_and_respects_exec() {
    // Pseudo-random sources, modifiers and modes: no panic (debug builds check integer
    // overflow), no writes to inactive lanes, no mask bits for inactive lanes.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for info in OPCODES.iter().filter(|i| i.category == Category::Valu) {
        let Some(f) = semantics(info) else { continue };
        for _ in 0..4 {
            let src: [[u64; 64]; 3] = std::array::from_fn(|_| std::array::from_fn(|_| next()));
            let exec = next();
            let r = next();
            let modifiers = VopModifiers {
                neg: r as u8 & 7,
                abs: (r >> 8) as u8 & 7,
                sext: 0,
                clamp: r >> 16 & 1 != 0,
                omod: (r >> 17) as u8 & 3,
            };
            let mode = FloatMode {
                round_f32: 0,
                round_f64_f16: 0,
                denorm_f32: (r >> 20) as u8 & 3,
                denorm_f64_f16: (r >> 22) as u8 & 3,
            };
            let mut dst = [0x5a5a_5a5a_5a5a_5a5a; 64];
            let mut mask_out = 0;
            f(&mut ValuArgs {
                src: [&src[0], &src[1], &src[2]],
                exec,
                mask_in: next(),
                modifiers,
                mode,
                dst: &mut dst,
                mask_out: &mut mask_out,
            });
            assert_eq!(
                mask_out & !exec,
                0,
                "{}: mask bits of inactive lanes",
                info.mnemonic
            );
            for (lane, &v) in dst.iter().enumerate() {
                if exec >> lane & 1 != 0 && info.widths[0] == 1 && info.flags & flag::SDST == 0 {
                    assert_eq!(
                        v >> 32,
                        0,
                        "{}: 32-bit result with high bits",
                        info.mnemonic
                    );
                }
                if exec >> lane & 1 == 0 {
                    assert_eq!(
                        v, 0x5a5a_5a5a_5a5a_5a5a,
                        "{}: wrote inactive lane {lane}",
                        info.mnemonic
                    );
                }
            }
        }
    }
}
