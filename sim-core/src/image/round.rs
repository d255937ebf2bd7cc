//! Rounding to the nearest integer, ties to even, without a library call: the texture
//! unit's conversions round every channel and coordinate they touch, and `f32`'s own
//! `round_ties_even` is a call into libm on the baseline x86-64 target.

/// 2^23: from there on every `f32` is an integer.
const INTEGRAL: f32 = 8_388_608.0;

/// `x` rounded to the nearest integer, ties to even: exactly `x.round_ties_even()`
/// (signed zeros, infinities and NaN included).
#[inline]
pub fn round_ties_even(x: f32) -> f32 {
    if x.abs() < INTEGRAL {
        // Adding 2^23 (with x's sign) leaves no fraction bits, so the addition rounds
        // to an integer, ties to even; subtracting it again is exact.
        let m = INTEGRAL.copysign(x);
        ((x + m) - m).copysign(x)
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_library_rounding() {
        let mut cases = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            0.49999997,
            8_388_607.5,
            -8_388_607.5,
            8_388_608.0,
            1e30,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MIN_POSITIVE,
            -1e-45,
        ];
        // A sweep of bit patterns across the whole range, both signs.
        cases.extend((0..1u32 << 16).map(|i| f32::from_bits(i.wrapping_mul(0x9e37_79b9))));
        for x in cases.into_iter().filter(|x| !x.is_nan()) {
            let want = x.round_ties_even();
            assert_eq!(round_ties_even(x).to_bits(), want.to_bits(), "{x:e}");
        }
        assert!(round_ties_even(f32::NAN).is_nan());
    }
}
