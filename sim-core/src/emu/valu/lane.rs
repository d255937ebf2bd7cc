//! One lane's view of an instruction: its source values with the input modifiers applied
//! per operand type, the output modifiers, and the wavefront loop that runs a per-lane
//! expression over all 64 lanes under EXEC.

use super::fp::Float;
use super::{FloatMode, ValuArgs};
use crate::isa::VopModifiers;

/// The operands of one lane and the instruction-wide controls its result depends on.
#[derive(Clone, Copy)]
pub(super) struct Lane {
    /// Raw source values.
    pub src: [u64; 3],
    /// Lane number (0..64).
    pub index: u32,
    /// This lane's bit of the mask input (VCC or an SGPR pair).
    pub mask_in: bool,
    /// Input and output modifiers.
    pub mods: VopModifiers,
    /// Float mode.
    pub mode: FloatMode,
}

impl Lane {
    /// Source `i` as an unsigned 32-bit integer.
    pub fn u32(&self, i: usize) -> u32 {
        self.src[i] as u32
    }
    /// Source `i` as a signed 32-bit integer.
    pub fn i32(&self, i: usize) -> i32 {
        self.src[i] as i32
    }
    /// Source `i` as an unsigned 16-bit integer (the low half).
    pub fn u16(&self, i: usize) -> u16 {
        self.src[i] as u16
    }
    /// Source `i` as a signed 16-bit integer (the low half).
    pub fn i16(&self, i: usize) -> i16 {
        self.src[i] as i16
    }
    /// Source `i` as a 64-bit value.
    pub fn u64(&self, i: usize) -> u64 {
        self.src[i]
    }

    /// Source `i` as format-`P` bits with abs then neg applied (no denormal flushing).
    pub fn raw<P: Float>(&self, i: usize) -> u64 {
        let mut bits = P::bits(self.src[i]);
        if self.mods.abs >> i & 1 != 0 {
            bits &= !P::sign_bit();
        }
        if self.mods.neg >> i & 1 != 0 {
            bits ^= P::sign_bit();
        }
        bits
    }

    /// Source `i` as a format-`P` float: abs, neg, then input denormals flushed to ±0
    /// unless the mode keeps them.
    pub fn f<P: Float>(&self, i: usize) -> f64 {
        let bits = self.raw::<P>(i);
        if P::denorm_mode(self.mode) & 1 == 0 && P::is_denormal(bits) {
            return P::decode(bits & P::sign_bit());
        }
        P::decode(bits)
    }

    /// A float result: omod, clamp to [0, 1] (NaN and −0 → +0), rounding into format `P`, then
    /// output denormals flushed to ±0 unless the mode keeps them.
    pub fn out<P: Float>(&self, v: f64) -> u64 {
        let v = match self.mods.omod {
            1 => v * 2.0,
            2 => v * 4.0,
            3 => v * 0.5,
            _ => v,
        };
        // Clamp with DX10 semantics (NaN → +0); −0 clamps to +0.
        let v = match self.mods.clamp {
            true if v.is_nan() || v <= 0.0 => 0.0,
            true => v.min(1.0),
            false => v,
        };
        self.flush_out::<P>(P::encode(v))
    }

    /// Format-`P` result bits with output denormals flushed unless the mode keeps them.
    pub fn flush_out<P: Float>(&self, bits: u64) -> u64 {
        if P::denorm_mode(self.mode) & 2 == 0 && P::is_denormal(bits) {
            bits & P::sign_bit()
        } else {
            bits
        }
    }
}

/// What a per-lane expression produces: a destination value and/or a mask bit.
pub(super) trait LaneOut {
    /// The lane's destination value, given the value it had (kept by mask-only results).
    fn value(&self, old: u64) -> u64;
    /// The lane's mask bit (carry-out, compare result).
    fn bit(&self) -> bool;
}

impl LaneOut for u64 {
    #[inline(always)]
    fn value(&self, _: u64) -> u64 {
        *self
    }
    #[inline(always)]
    fn bit(&self) -> bool {
        false
    }
}

/// A destination value with a mask bit (carry-out, div_scale's VCC).
pub(super) struct WithMask(pub u64, pub bool);

impl LaneOut for WithMask {
    #[inline(always)]
    fn value(&self, _: u64) -> u64 {
        self.0
    }
    #[inline(always)]
    fn bit(&self) -> bool {
        self.1
    }
}

/// A mask bit alone (compares).
pub(super) struct MaskBit(pub bool);

impl LaneOut for MaskBit {
    #[inline(always)]
    fn value(&self, old: u64) -> u64 {
        old
    }
    #[inline(always)]
    fn bit(&self) -> bool {
        self.0
    }
}

/// Runs `f` on every lane and stores the results of the active lanes; the mask output
/// gets the mask bits of the active lanes (zero elsewhere).
#[inline(always)]
pub(super) fn map<R: LaneOut>(args: &mut ValuArgs, f: impl Fn(&Lane) -> R) {
    // Most instructions carry no modifiers: a loop in which they are the constant zero lets
    // the compiler drop the per-lane abs/neg/omod/clamp code (a third of a float op).
    // Likewise for the float mode OpenCL kernels run in.
    if args.modifiers != VopModifiers::default() {
        map_with(args, args.modifiers, args.mode, f)
    } else if args.mode == OPENCL_MODE {
        map_with(args, VopModifiers::default(), OPENCL_MODE, f)
    } else {
        map_with(args, VopModifiers::default(), args.mode, f)
    }
}

/// The float mode clang sets for gfx8 OpenCL kernels: round to nearest even, f32
/// denormals flushed, f64/f16 denormals kept.
const OPENCL_MODE: FloatMode = FloatMode {
    round_f32: 0,
    round_f64_f16: 0,
    denorm_f32: 0,
    denorm_f64_f16: 3,
};

/// [`map`] with the modifiers `mods`: the lane loop compiled for AVX2 when the host has it
/// (four 64-bit lanes per instruction instead of two), else for the baseline x86-64.
/// Both compute the same IEEE results: no fused multiply-add is enabled.
#[inline(always)]
fn map_with<R: LaneOut>(
    args: &mut ValuArgs,
    mods: VopModifiers,
    mode: FloatMode,
    f: impl Fn(&Lane) -> R,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the host has AVX2 (checked above).
        unsafe { lanes_avx2(args, mods, mode, f) };
        return;
    }
    lanes(args, mods, mode, f)
}

/// [`lanes`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn lanes_avx2<R: LaneOut>(
    args: &mut ValuArgs,
    mods: VopModifiers,
    mode: FloatMode,
    f: impl Fn(&Lane) -> R,
) {
    lanes(args, mods, mode, f)
}

/// The lane loop: every lane computes and inactive lanes keep their old value, without
/// branches, so that the compiler can vectorise it.
#[inline(always)]
fn lanes<R: LaneOut>(
    args: &mut ValuArgs,
    mods: VopModifiers,
    mode: FloatMode,
    f: impl Fn(&Lane) -> R,
) {
    let mut mask = 0u64;
    for i in 0..64 {
        let lane = Lane {
            src: [args.src[0][i], args.src[1][i], args.src[2][i]],
            index: i as u32,
            mask_in: args.mask_in >> i & 1 != 0,
            mods,
            mode,
        };
        let result = f(&lane);
        let old = args.dst[i];
        let new = result.value(old);
        args.dst[i] = if args.exec >> i & 1 != 0 { new } else { old };
        mask |= u64::from(result.bit()) << i;
    }
    *args.mask_out = mask & args.exec;
}
