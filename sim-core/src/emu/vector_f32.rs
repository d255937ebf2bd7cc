//! The commonest f32 vector ALU opcodes — `v_add_f32`, `v_sub_f32`, `v_subrev_f32`,
//! `v_mul_f32` and the multiply-adds `v_mac_f32`, `v_mad_f32`, `v_madak_f32`,
//! `v_madmk_f32` — in their plain forms (no VOP3 modifiers, SDWA or DPP), on 32-bit float
//! lanes directly, when the wavefront's float mode flushes f32 denormals (the mode clang
//! sets for OpenCL kernels; otherwise the general path of [`super::vector`] runs them).
//!
//! The results are those of the general path, which computes in f64 and rounds once: an
//! f32 product or sum rounded to nearest even is the same value, since f64 has more than
//! twice f32's precision plus two bits, so rounding twice cannot differ from rounding
//! once. `v_mac`/`v_mad` round the product before adding, as the general path does. An
//! instruction with a NaN operand takes the general path. The tests compare both on random
//! operands, denormals, infinities and NaNs included.

use super::fault::FaultKind;
use super::program::{Env, Semantic, Step};
use super::vector;
use super::vector_int::{is_plain, source_ref, write_back};
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Extra, Instruction, Operand};
use std::mem::MaybeUninit;

/// The semantics of `inst` on f32 lanes, if it is one of the opcodes this module
/// implements, in a plain form.
pub fn semantic(inst: &Instruction) -> Option<Semantic> {
    if !is_plain(inst) {
        return None;
    }
    Some(match inst.info.mnemonic {
        "v_add_f32" => add(),
        "v_sub_f32" => sub(),
        "v_subrev_f32" => subrev(),
        "v_mul_f32" => mul(),
        "v_mac_f32" => mac(),
        "v_mad_f32" => mad(),
        "v_madak_f32" => madak(),
        "v_madmk_f32" => madmk(),
        _ => return None,
    })
}

/// The value of f32 bits with a denormal flushed to zero of its sign.
#[inline(always)]
fn flushed(bits: u32) -> f32 {
    if bits & 0x7f80_0000 == 0 {
        f32::from_bits(bits & 0x8000_0000)
    } else {
        f32::from_bits(bits)
    }
}

/// The third source of a multiply-add (or none, for two-source opcodes).
#[derive(Clone, Copy)]
enum Third {
    None,
    Source,
    Destination,
    K,
}

/// `f(a, b, c)` per lane on the flushed values of sources 0 and 1 and `third`, the result
/// flushed and written to the active lanes of the destination; the general path when
/// the float mode keeps f32 denormals. The sources are read where they are (a VGPR is
/// not copied).
#[inline(always)]
fn ternary(
    w: &mut Wavefront,
    e: &mut Env,
    s: &Step,
    third: Third,
    f: impl Fn(f32, f32, f32) -> f32,
) -> Result<(), FaultKind> {
    let mut scratch = [MaybeUninit::uninit(); 3];
    let [s0, s1, s2] = &mut scratch;
    let (a, b) = (source_ref(w, s, 0, s0)?, source_ref(w, s, 1, s1)?);
    let sources = [
        a,
        b,
        match third {
            // Source 1 again, which `f` ignores: nothing more to write, read or check
            // for NaNs.
            Third::None => b,
            Third::Source => source_ref(w, s, 2, s2)?,
            Third::Destination => destination(w, s)?,
            Third::K => &*s2.write(constant_k(s)?),
        },
    ];
    // The general path keeps f32 denormals when the float mode does, and decides what
    // NaN operands give (which NaN an operation on two NaNs returns is the host's and
    // the compiler's choice; the general path gives what it always gave).
    if w.float_mode().denorm_f32 != 0 {
        return vector::valu(w, e, s);
    }
    #[cfg(target_arch = "x86_64")]
    let values = if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the host has AVX2 (checked above).
        unsafe { lanes_avx2(&sources, f) }
    } else {
        lanes(&sources, f)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let values = lanes(&sources, f);
    match values {
        Some(values) => write_back(w, s, &values, 0),
        None => vector::valu(w, e, s),
    }
}

/// The lane loop of [`ternary`]: `f` on every lane's flushed sources, flushed; None if
/// a source of any lane is a NaN.
#[inline(always)]
fn lanes(sources: &[&[u32; LANES]; 3], f: impl Fn(f32, f32, f32) -> f32) -> Option<[u32; LANES]> {
    let [a, b, c] = *sources;
    let mut values = [0u32; LANES];
    let mut nan = false;
    let is_nan = |x: u32| x & 0x7fff_ffff > 0x7f80_0000;
    for l in 0..LANES {
        // Bitwise ors, not a search: the loop stays free of branches.
        nan |= is_nan(a[l]) | is_nan(b[l]) | is_nan(c[l]);
        values[l] = flushed(f(flushed(a[l]), flushed(b[l]), flushed(c[l])).to_bits()).to_bits();
    }
    (!nan).then_some(values)
}

/// [`lanes`] compiled with AVX2 (eight lanes per host instruction instead of four; the
/// same IEEE operations, no fused multiply-add).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn lanes_avx2(
    sources: &[&[u32; LANES]; 3],
    f: impl Fn(f32, f32, f32) -> f32,
) -> Option<[u32; LANES]> {
    lanes(sources, f)
}

/// `f(source 0, source 1)` per lane (see [`ternary`]).
#[inline(always)]
fn binary(
    w: &mut Wavefront,
    e: &mut Env,
    s: &Step,
    f: impl Fn(f32, f32) -> f32,
) -> Result<(), FaultKind> {
    ternary(w, e, s, Third::None, |a, b, _| f(a, b))
}

/// The old value of the destination VGPR, per lane (`v_mac` adds to it).
fn destination<'a>(w: &'a Wavefront, s: &Step) -> Result<&'a [u32; LANES], FaultKind> {
    match s.inst.dst {
        Operand::Vector { index, .. } => {
            super::operands::check_vgprs(w, u32::from(index), 1)?;
            Ok(&w.vgprs[index as usize])
        }
        _ => Err(FaultKind::Unsupported(
            "a vector operand that is not a VGPR",
        )),
    }
}

/// The literal constant K of `v_madak`/`v_madmk`, in every lane.
fn constant_k(s: &Step) -> Result<[u32; LANES], FaultKind> {
    match s.inst.extra {
        Extra::K(k) => Ok([k; LANES]),
        _ => Err(FaultKind::Unimplemented),
    }
}

fn add() -> Semantic {
    host_semantic!(add_lanes)
}

#[inline(always)]
fn add_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, e, s, |a, b| a + b)
}

fn sub() -> Semantic {
    host_semantic!(sub_lanes)
}

#[inline(always)]
fn sub_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, e, s, |a, b| a - b)
}

fn subrev() -> Semantic {
    host_semantic!(subrev_lanes)
}

#[inline(always)]
fn subrev_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, e, s, |a, b| b - a)
}

fn mul() -> Semantic {
    host_semantic!(mul_lanes)
}

#[inline(always)]
fn mul_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    binary(w, e, s, |a, b| a * b)
}

fn mac() -> Semantic {
    host_semantic!(mac_lanes)
}

#[inline(always)]
fn mac_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    ternary(w, e, s, Third::Destination, |a, b, c| a * b + c)
}

fn mad() -> Semantic {
    host_semantic!(mad_lanes)
}

#[inline(always)]
fn mad_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    ternary(w, e, s, Third::Source, |a, b, c| a * b + c)
}

fn madak() -> Semantic {
    host_semantic!(madak_lanes)
}

#[inline(always)]
fn madak_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    ternary(w, e, s, Third::K, |a, b, k| a * b + k)
}

fn madmk() -> Semantic {
    host_semantic!(madmk_lanes)
}

#[inline(always)]
fn madmk_lanes(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    ternary(w, e, s, Third::K, |a, b, k| a * k + b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::program::Program;
    use crate::emu::vector::fast_form_tests::{assert_same_as_general_path, xorshift};

    /// Encodings (`llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding`) of plain forms
    /// with VGPR, SGPR, inline and literal operands, and one with a modifier (which takes
    /// the general path).
    const CODE: [&[u8]; 14] = [
        &[0x01, 0x07, 0x04, 0x02], // v_add_f32_e32 v2, v1, v3
        &[0x08, 0x06, 0x04, 0x02], // v_add_f32_e32 v2, s8, v3
        &[0xf2, 0x06, 0x04, 0x02], // v_add_f32_e32 v2, 1.0, v3
        &[0x01, 0x07, 0x04, 0x04], // v_sub_f32_e32 v2, v1, v3
        &[0x01, 0x07, 0x04, 0x06], // v_subrev_f32_e32 v2, v1, v3
        &[0xff, 0x06, 0x04, 0x0a, 0x00, 0x00, 0x20, 0x41], // v_mul_f32_e32 v2, 0x41200000, v3
        &[0x02, 0x00, 0x05, 0xd1, 0x01, 0x13, 0x00, 0x00], // v_mul_f32_e64 v2, v1, s9
        &[0x01, 0x07, 0x04, 0x2c], // v_mac_f32_e32 v2, v1, v3
        &[0x08, 0x06, 0x04, 0x2c], // v_mac_f32_e32 v2, s8, v3
        &[0x02, 0x00, 0xc1, 0xd1, 0x01, 0x07, 0x12, 0x04], // v_mad_f32 v2, v1, v3, v4
        &[0x02, 0x00, 0xc1, 0xd1, 0x01, 0x11, 0xc0, 0x03], // v_mad_f32 v2, v1, s8, 0.5
        &[0x01, 0x07, 0x04, 0x30, 0x00, 0x00, 0x20, 0x41], // v_madak_f32 v2, v1, v3, 0x41200000
        &[0x01, 0x07, 0x04, 0x2e, 0x00, 0x00, 0x20, 0x41], // v_madmk_f32 v2, v1, 0x41200000, v3
        &[0x02, 0x00, 0x01, 0xd1, 0x01, 0x07, 0x02, 0x20], // v_add_f32_e64 v2, -v1, v3
    ];

    /// An f32 operand: mostly ordinary values, often denormals, zeros and infinities, and
    /// when `nans`, NaNs with payloads.
    fn operand(x: u64, nans: bool) -> u32 {
        let sign = (x as u32 >> 8) << 31;
        let payload = (x >> 30) as u32 & (0x007f_ffff * u32::from(nans && x % 16 > 8));
        match x % 8 {
            0 => sign | (x >> 20) as u32 & 0x007f_ffff,
            1 => sign,
            2 => sign | 0x7f80_0000 | payload,
            _ => sign | (0x3c00_0000 + (x >> 17) as u32 % 0x0600_0000),
        }
    }

    /// A wavefront of random f32 operands (NaNs among them for every fourth seed) in
    /// float mode `mode`.
    fn wavefront(seed: u64, mode: u32) -> Wavefront {
        let mut w = Wavefront::new(8);
        let mut next = xorshift(seed);
        let nans = seed.is_multiple_of(4);
        for v in w.vgprs.iter_mut().flat_map(|r| r.iter_mut()) {
            *v = operand(next(), nans);
        }
        for s in w.sgprs.iter_mut() {
            *s = operand(next(), nans);
        }
        // Every third wavefront with all lanes active (the lane loops' plain case).
        w.set_exec(if seed.is_multiple_of(3) {
            u64::MAX
        } else {
            next()
        });
        w.mode = mode;
        w
    }

    #[test]
    fn fast_forms_match_the_general_path() {
        // The OpenCL mode (f32 denormals flushed), and one that keeps them.
        for mode in [0xc0, 0xf0] {
            for bytes in CODE {
                let program = Program::new(bytes, 0);
                let step = &program.steps()[0];
                for seed in 1..200 {
                    assert_same_as_general_path(step, &wavefront(seed, mode), seed);
                }
            }
        }
        // Without NaNs the f32 lanes give the result; with them, the general path.
        let add = |a: f32, b: f32, _| a + b;
        let w = wavefront(1, 0xc0);
        assert!(lanes(&[&w.vgprs[1], &w.vgprs[3], &w.vgprs[4]], add).is_some());
        let w = wavefront(4, 0xc0);
        assert!(lanes(&[&w.vgprs[1], &w.vgprs[3], &w.vgprs[4]], add).is_none());
        // The plain forms take this module's path.
        let program = Program::new(CODE[7], 0);
        assert!(semantic(&program.steps()[0].inst).is_some());
        assert!(semantic(&Program::new(CODE[13], 0).steps()[0].inst).is_none());
    }
}
