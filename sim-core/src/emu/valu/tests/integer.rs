//! Integer arithmetic, carries, shifts and bit operations against the manual's definitions.

use super::*;

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
