//! VOPC predicates, integer compare types and class masks.

use super::*;

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
