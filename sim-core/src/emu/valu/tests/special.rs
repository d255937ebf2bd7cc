//! frexp/ldexp, the division helpers (checked by running LLVM's division expansion),
//! trig_preop and cube-map ops.

use super::*;

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

/// Denormal f64 quotients (found by test-apps/difftest's div_d1 against PoCL): v_div_fmas_f64
/// scales the fused sum down by 2^128 with a single rounding.
#[test]
fn division_rounds_denormal_f64_quotients_once() {
    let cases = [
        (f64::MIN_POSITIVE, f64::from_bits(0xbff641fb95b8faf0)),
        (f64::MIN_POSITIVE, f64::from_bits(0x3ffcee10fae617c8)),
        (
            f64::from_bits(0xbe239ce53c2cb7cc),
            f64::from_bits(0xfe37e43c8800759c),
        ),
    ];
    let a = std::array::from_fn(|l| cases[l % cases.len()].0.to_bits());
    let b = std::array::from_fn(|l| cases[l % cases.len()].1.to_bits());
    let q = divide(a, b, 1 << 63);
    for (l, &(a, b)) in cases.iter().enumerate() {
        assert!(same_f64(f64::from_bits(q[l]), a / b), "{a:e} / {b:e}");
    }
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
fn cube_map_faces() {
    let c = |name: &str, x: f32, y: f32, z: f32| f32s(name, x, y, z);
    assert_eq!(c("v_cubeid_f32", 0.1, 0.2, -0.9), 5.0);
    assert_eq!(c("v_cubeid_f32", 0.9, 0.2, 0.1), 0.0);
    assert_eq!(c("v_cubeid_f32", 0.1, -0.9, 0.2), 3.0);
    assert_eq!(c("v_cubema_f32", 0.1, 0.2, -0.9), -1.8);
    assert_eq!(c("v_cubesc_f32", 0.1, 0.2, -0.9), -0.1);
    assert_eq!(c("v_cubetc_f32", 0.1, 0.2, -0.9), -0.2);
}
