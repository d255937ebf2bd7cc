//! The numeric semantics of every GCN3 (gfx8) vector ALU opcode (VOP1, VOP2, VOPC, VOP3),
//! one wavefront at a time: given the fetched source values of all 64 lanes, compute the
//! destination values and the carry/compare mask bits of the active lanes.
//!
//! The emulator core fetches operands (including SDWA selection and DPP lane movement) and
//! implements the cross-lane opcodes (`v_readlane`, `v_writelane`, `v_readfirstlane`,
//! `v_movrel*`) itself; everything numeric is looked up here with [`semantics`].
//!
//! Operand conventions beyond the hardware source order (the caller must follow them):
//! - `v_mac_f32`, `v_mac_f16` and `v_cvt_pkaccum_u8_f32` read their destination: pass the
//!   old destination value as `src[2]` (see [`reads_destination`]).
//! - `v_madmk_*` and `v_madak_*`: pass the literal constant K as `src[2]`
//!   (`v_madmk`: D = S0 × K + S1; `v_madak`: D = S0 × S1 + K).
//! - SDWA `sext` is applied by the caller while selecting the operand; float `abs`/`neg`,
//!   `clamp` and `omod` are applied here.
//!
//! Floating point follows the wavefront's [`FloatMode`] denormal controls; rounding is
//! always to nearest even (the round-mode fields are not honoured, see [`FloatMode`]).

mod bits;
mod compare;
mod convert;
mod float;
pub(crate) mod fp;
mod integer;
mod lane;
mod special;
mod transcendental;

#[cfg(test)]
mod tests;

use crate::isa::{OpInfo, VopModifiers};

/// Everything one vector ALU opcode's semantics needs for one wavefront.
pub struct ValuArgs<'a> {
    /// Raw source values per lane (already fetched; SDWA-selected/DPP-permuted by the
    /// caller); 32-bit operands in the low half, 64-bit operands whole. Index = source
    /// number.
    pub src: [&'a [u64; 64]; 3],
    /// Active lanes.
    pub exec: u64,
    /// Mask input per lane: VCC or the SGPR pair for v_cndmask/v_addc/v_subb/v_div_fmas.
    pub mask_in: u64,
    /// neg/abs/clamp/omod (all zero for 32-bit encodings); the semantics apply them.
    pub modifiers: VopModifiers,
    /// Float mode: round mode and denorm flags (from MODE).
    pub mode: FloatMode,
    /// Lane index of each lane is its array index; results for active lanes go here.
    pub dst: &'a mut [u64; 64],
    /// Carry-out / compare / div_scale VCC bits for active lanes (caller writes them to
    /// VCC or the SGPR pair). Bits of inactive lanes are zero.
    pub mask_out: &'a mut u64,
}

/// Float mode of a wavefront (MODE register fields): round modes and denorm enables for
/// f32 and f64/f16.
///
/// Round modes (0 nearest even, 1 +inf, 2 −inf, 3 zero) are recorded but every operation
/// rounds to nearest even. Denorm fields: bit 0 set = input denormals kept (else flushed to
/// ±0), bit 1 set = output denormals kept (else flushed to ±0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloatMode {
    /// MODE.FP_ROUND\[1:0\]: round mode of f32 operations.
    pub round_f32: u8,
    /// MODE.FP_ROUND\[3:2\]: round mode of f64 and f16 operations.
    pub round_f64_f16: u8,
    /// MODE.FP_DENORM\[1:0\]: denormal handling of f32 operations.
    pub denorm_f32: u8,
    /// MODE.FP_DENORM\[3:2\]: denormal handling of f64 and f16 operations.
    pub denorm_f64_f16: u8,
}

/// The semantics of one vector ALU opcode for one wavefront.
pub type ValuFn = fn(&mut ValuArgs);

/// The semantics of a VOP1/VOP2/VOP3/VOPC opcode (by its table row), or None if not
/// implemented (cross-lane opcodes, interpolation, `v_mqsad_u32_u8`).
pub fn semantics(info: &OpInfo) -> Option<ValuFn> {
    let name = info.mnemonic;
    compare::lookup(name)
        .or_else(|| float::lookup(name))
        .or_else(|| special::lookup(name))
        .or_else(|| transcendental::lookup(name))
        .or_else(|| convert::lookup(name))
        .or_else(|| integer::lookup(name))
        .or_else(|| bits::lookup(name))
}

/// True for the opcodes whose semantics read the old destination value, which the caller
/// passes as `src[2]`: `v_mac_f32`, `v_mac_f16` and `v_cvt_pkaccum_u8_f32`.
pub fn reads_destination(info: &OpInfo) -> bool {
    matches!(
        info.mnemonic,
        "v_mac_f32" | "v_mac_f16" | "v_cvt_pkaccum_u8_f32"
    )
}

/// Defines a wavefront function from a per-lane expression: the 64-lane loop, the EXEC
/// mask and the mask output live in [`lane::map`], which the expression is inlined into.
///
/// `wave!(name<P: Float>(l) => expr)` defines `fn name<P: Float>(&mut ValuArgs)` where `l`
/// is the lane's [`lane::Lane`] and `expr` a [`lane::LaneOut`] (a `u64` result, a result
/// with a mask bit, or a mask bit alone).
macro_rules! wave {
    ($(#[$meta:meta])* $name:ident $(<$g:ident: $bound:path>)? ($l:ident) => $body:expr) => {
        $(#[$meta])*
        pub(super) fn $name $(<$g: $bound>)? (args: &mut $crate::emu::valu::ValuArgs) {
            $crate::emu::valu::lane::map(args, #[inline(always)] |$l: &$crate::emu::valu::lane::Lane| $body)
        }
    };
}
pub(crate) use wave;
