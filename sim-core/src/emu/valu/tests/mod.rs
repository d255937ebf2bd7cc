//! Tests of the vector ALU semantics against oracles: Rust's correctly rounded IEEE f32/f64
//! arithmetic, exact mathematical values, the IEEE binary16 encoding, LLVM's division
//! expansion (whose result must equal IEEE division), and the GCN3 manual's definitions.

mod compare;
mod convert;
mod float;
mod integer;
mod special;
mod transcendental;

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
