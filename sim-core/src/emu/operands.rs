//! Operand access: scalar sources and destinations, and vector sources broadcast or read
//! per lane.

use super::fault::FaultKind;
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Operand, ValueType};

/// The value of a scalar-readable source; `wide` for 64-bit operands.
#[inline(always)]
pub fn read_scalar(w: &Wavefront, op: Operand, wide: bool) -> u64 {
    match op {
        Operand::Scalar { code, count } => {
            if count >= 2 || wide {
                w.pair(code)
            } else {
                u64::from(w.sgprs[code as usize & 127])
            }
        }
        Operand::Inline(code) => {
            if wide {
                Operand::inline_value64(code)
            } else {
                u64::from(Operand::inline_value32(code, ValueType::B32))
            }
        }
        Operand::Literal(v) => u64::from(v),
        Operand::Vccz => u64::from(w.vccz()),
        Operand::Execz => u64::from(w.execz()),
        Operand::Scc => u64::from(w.scc),
        Operand::None | Operand::Vector { .. } | Operand::LdsDirect => 0,
    }
}

/// Writes a scalar destination (1 or 2 dwords by the operand's count).
#[inline]
pub fn write_scalar(w: &mut Wavefront, op: Operand, v: u64) {
    if let Operand::Scalar { code, count } = op {
        if count >= 2 {
            w.set_pair(code, v);
        } else {
            w.sgprs[code as usize & 127] = v as u32;
        }
    }
}

/// Checks that VGPRs `index..index + count` exist.
#[inline]
pub fn check_vgprs(w: &Wavefront, index: u32, count: u32) -> Result<(), FaultKind> {
    if index.saturating_add(count) as usize > w.vgprs.len() {
        return Err(FaultKind::RegisterOutOfRange(index));
    }
    Ok(())
}

/// The first VGPR of a vector operand, checked to exist with `count` registers.
#[inline]
pub fn vgpr(w: &Wavefront, op: Operand, count: u32) -> Result<usize, FaultKind> {
    match op {
        Operand::Vector { index, .. } => {
            check_vgprs(w, u32::from(index), count)?;
            Ok(index as usize)
        }
        _ => Err(FaultKind::Unsupported(
            "a vector operand that is not a VGPR",
        )),
    }
}

/// Reads a VGPR dword of every lane.
#[inline]
pub fn lanes(w: &Wavefront, reg: usize) -> &[u32; LANES] {
    &w.vgprs[reg]
}

/// Writes the lanes of `values` active in `exec` into `reg`.
#[inline]
pub fn write_active(reg: &mut [u32; LANES], values: &[u32; LANES], exec: u64) {
    if exec == u64::MAX {
        *reg = *values;
    } else {
        for l in active(exec) {
            reg[l] = values[l];
        }
    }
}

/// The mask whose bit `l` is `bits[l]` (each 0 or 1), packed eight lanes at a time
/// without a per-lane shift, so that the loops filling `bits` vectorise.
#[inline(always)]
pub fn pack_mask(bits: &[u8; LANES]) -> u64 {
    let mut mask = 0u64;
    for (i, chunk) in bits.chunks_exact(8).enumerate() {
        let bytes = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        // Each byte's low bit moves to bit 56 + its index; the products do not overlap.
        mask |= (bytes.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    mask
}

/// The 32-bit mask whose bit `l` is set where lane `l` of `groups` (lanes `8·i..8·i + 8`
/// in `groups[i]`, each 32-bit lane all ones or zero) is all ones: the lanes narrowed to
/// bytes and gathered with one byte mask move, instead of a mask move and a shift per
/// group of eight (which the compiler turned into byte inserts and a vector reduction, a
/// long chain of dependent instructions).
///
/// # Safety
/// The host has AVX2 (callers compiled for AVX2 call it safely).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub fn lane_bits_avx2(groups: [std::arch::x86_64::__m256i; 4]) -> u32 {
    use std::arch::x86_64::*;
    // Packing works within each 128-bit half, so the bytes come out as dwords in the
    // order of groups 0, 1, 2, 3 (lanes 0-3 of each), then 0, 1, 2, 3 (lanes 4-7): this
    // puts them back in lane order.
    let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    let bytes = _mm256_packs_epi16(
        _mm256_packs_epi32(groups[0], groups[1]),
        _mm256_packs_epi32(groups[2], groups[3]),
    );
    _mm256_movemask_epi8(_mm256_permutevar8x32_epi32(bytes, order)) as u32
}

/// The bits of `mask`, one byte (0 or 1) per lane: the inverse of [`pack_mask`].
#[inline(always)]
pub fn unpack_mask(mask: u64) -> [u8; LANES] {
    let mut bits = [0u8; LANES];
    for (i, chunk) in bits.chunks_exact_mut(8).enumerate() {
        // Byte j of `spread` keeps bit j of the mask's byte i, at its place in the byte;
        // adding 0x7f sets a byte's top bit when its other bits are not all zero.
        let spread =
            ((mask >> (8 * i)) & 0xff).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        let any = ((spread & 0x7f7f_7f7f_7f7f_7f7f) + 0x7f7f_7f7f_7f7f_7f7f) | spread;
        chunk.copy_from_slice(&((any >> 7) & 0x0101_0101_0101_0101).to_le_bytes());
    }
    bits
}

/// Calls `f` for every lane of `exec` in ascending order: a plain loop over all lanes
/// when all are active (the common case, which the compiler can unroll and vectorise).
#[inline(always)]
pub fn for_active(exec: u64, f: impl FnMut(usize)) {
    if exec == u64::MAX {
        (0..LANES).for_each(f);
    } else {
        active(exec).for_each(f);
    }
}

/// Iterates the set bits of `mask` (active lanes) in ascending order.
#[inline]
pub fn active(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_pack_and_unpack_lane_by_lane() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let bits = unpack_mask(x);
            for (l, &b) in bits.iter().enumerate() {
                assert_eq!(u64::from(b), x >> l & 1, "lane {l} of {x:#x}");
            }
            assert_eq!(pack_mask(&bits), x);
        }
        assert_eq!(unpack_mask(0), [0; LANES]);
        assert_eq!(pack_mask(&[1; LANES]), u64::MAX);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn lane_masks_gather_every_lane_in_order() {
        use std::arch::x86_64::__m256i;
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let want = match round {
                0 => 0,
                1 => u64::MAX,
                2 => 1,
                3 => 1 << 63,
                _ => x,
            };
            let lanes: [i32; LANES] = std::array::from_fn(|l| -((want >> l & 1) as i32));
            // SAFETY: a group is eight i32s, the 32 bytes of a 256-bit vector; the host has
            // AVX2 (checked above).
            let half = |h: usize| unsafe {
                let groups: [__m256i; 4] = std::array::from_fn(|g| {
                    let group = lanes[32 * h + 8 * g..].as_ptr();
                    group.cast::<__m256i>().read_unaligned()
                });
                lane_bits_avx2(groups)
            };
            let got = u64::from(half(0)) | u64::from(half(1)) << 32;
            assert_eq!(got, want, "{want:#x}");
        }
    }
}
