//! VOPC: the 16 float predicates (f16/f32/f64), the 8 integer predicates (i16/u16/i32/u32/
//! i64/u64) and `v_cmp_class`. The `v_cmpx_*` forms compute the same mask; the caller
//! also writes it to EXEC.

use super::fp::{Float, F16, F32, F64};
use super::lane::{map, MaskBit};
use super::{ValuArgs, ValuFn};
use std::cmp::Ordering;

/// Float predicates in opcode order: f lt eq le gt lg ge o u nge nlg ngt nle neq nlt tru.
const FLOAT_PREDICATES: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru",
];

/// Integer predicates in opcode order.
const INT_PREDICATES: [&str; 8] = ["f", "lt", "eq", "le", "gt", "ne", "ge", "t"];

/// Predicate number `C` of either table applied to an ordering. The encoding is a truth
/// table: bit 0 holds the result for "less", bit 1 "equal", bit 2 "greater", bit 3
/// "unordered" (so `nge` = 9 = less or unordered).
fn predicate<const C: u8>(order: Option<Ordering>) -> bool {
    let bit = match order {
        Some(Ordering::Less) => 0,
        Some(Ordering::Equal) => 1,
        Some(Ordering::Greater) => 2,
        None => 3,
    };
    C >> bit & 1 != 0
}

/// Integer operand types of compares: 0 i16, 1 u16, 2 i32, 3 u32, 4 i64, 5 u64.
const INT_TYPES: [&str; 6] = ["i16", "u16", "i32", "u32", "i64", "u64"];

/// A raw source value read as integer type `T` (index into [`INT_TYPES`]).
fn int_value<const T: u8>(raw: u64) -> i128 {
    match T {
        0 => raw as i16 as i128,
        1 => raw as u16 as i128,
        2 => raw as i32 as i128,
        3 => raw as u32 as i128,
        4 => raw as i64 as i128,
        _ => raw as i128,
    }
}

/// Float compare with predicate `C` on format `P` operands (denormals per the mode).
fn float_cmp<P: Float, const C: u8>(args: &mut ValuArgs) {
    map(args, |l| {
        MaskBit(predicate::<C>(l.f::<P>(0).partial_cmp(&l.f::<P>(1))))
    })
}

/// Integer compare with predicate `C` on type-`T` operands.
fn int_cmp<const T: u8, const C: u8>(args: &mut ValuArgs) {
    map(args, |l| {
        let (a, b) = (int_value::<T>(l.src[0]), int_value::<T>(l.src[1]));
        MaskBit(predicate::<C>(Some(a.cmp(&b))))
    })
}

/// The class of format-`P` bits as the bit number `v_cmp_class` tests: 0 signaling NaN,
/// 1 quiet NaN, 2 −inf, 3 −normal, 4 −denormal, 5 −0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
pub(super) fn class<P: Float>(bits: u64) -> u32 {
    let negative = bits & P::sign_bit() != 0;
    let mant = bits & ((1 << P::MANT) - 1);
    let exp = P::exponent(bits);
    let max_exp = (1 << P::exp_bits()) - 1;
    let signed = |neg: u32, pos: u32| if negative { neg } else { pos };
    if exp == max_exp {
        if mant == 0 {
            signed(2, 9)
        } else if mant >> (P::MANT - 1) & 1 != 0 {
            1
        } else {
            0
        }
    } else if exp == 0 {
        if mant == 0 {
            signed(5, 6)
        } else {
            signed(4, 7)
        }
    } else {
        signed(3, 8)
    }
}

fn class_cmp<P: Float>(args: &mut ValuArgs) {
    map(args, |l| {
        MaskBit(l.u32(1) >> class::<P>(l.raw::<P>(0)) & 1 != 0)
    })
}

/// The compare of float format `P` with predicate `index`.
fn float_table<P: Float>(index: usize) -> ValuFn {
    [
        float_cmp::<P, 0>,
        float_cmp::<P, 1>,
        float_cmp::<P, 2>,
        float_cmp::<P, 3>,
        float_cmp::<P, 4>,
        float_cmp::<P, 5>,
        float_cmp::<P, 6>,
        float_cmp::<P, 7>,
        float_cmp::<P, 8>,
        float_cmp::<P, 9>,
        float_cmp::<P, 10>,
        float_cmp::<P, 11>,
        float_cmp::<P, 12>,
        float_cmp::<P, 13>,
        float_cmp::<P, 14>,
        float_cmp::<P, 15>,
    ][index]
}

/// The compare of integer type `T` with predicate `index`.
fn int_table<const T: u8>(index: usize) -> ValuFn {
    [
        int_cmp::<T, 0>,
        int_cmp::<T, 1>,
        int_cmp::<T, 2>,
        int_cmp::<T, 3>,
        int_cmp::<T, 4>,
        int_cmp::<T, 5>,
        int_cmp::<T, 6>,
        int_cmp::<T, 7>,
    ][index]
}

/// Semantics of `v_cmp_*` and `v_cmpx_*` opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    let rest = name
        .strip_prefix("v_cmpx_")
        .or_else(|| name.strip_prefix("v_cmp_"))?;
    let (predicate, ty) = rest.split_once('_')?;
    if predicate == "class" {
        return match ty {
            "f16" => Some(class_cmp::<F16>),
            "f32" => Some(class_cmp::<F32>),
            "f64" => Some(class_cmp::<F64>),
            _ => None,
        };
    }
    if let Some(index) = FLOAT_PREDICATES.iter().position(|&p| p == predicate) {
        match ty {
            "f16" => return Some(float_table::<F16>(index)),
            "f32" => return Some(float_table::<F32>(index)),
            "f64" => return Some(float_table::<F64>(index)),
            _ => {}
        }
    }
    let index = INT_PREDICATES.iter().position(|&p| p == predicate)?;
    Some(match INT_TYPES.iter().position(|&t| t == ty)? {
        0 => int_table::<0>(index),
        1 => int_table::<1>(index),
        2 => int_table::<2>(index),
        3 => int_table::<3>(index),
        4 => int_table::<4>(index),
        _ => int_table::<5>(index),
    })
}
