//! Sub-dword and cross-lane operand forms of the vector ALU: SDWA selections and DPP lane
//! permutations (GCN3 ISA 6.2.x / LLVM AMDGPU DPP and SDWA semantics).

use super::wavefront::LANES;
use crate::isa::{Dpp, SdwaSel};

/// Bit offset and width of an SDWA selection.
fn sel_bits(sel: SdwaSel) -> (u32, u32) {
    match sel {
        SdwaSel::Byte0 => (0, 8),
        SdwaSel::Byte1 => (8, 8),
        SdwaSel::Byte2 => (16, 8),
        SdwaSel::Byte3 => (24, 8),
        SdwaSel::Word0 => (0, 16),
        SdwaSel::Word1 => (16, 16),
        SdwaSel::Dword => (0, 32),
    }
}

/// The selected bytes/word of `v`, moved to bit 0 and zero- or sign-extended.
pub fn sdwa_select(v: u32, sel: SdwaSel, sext: bool) -> u32 {
    let (shift, width) = sel_bits(sel);
    if width == 32 {
        return v;
    }
    let field = (v >> shift) & ((1 << width) - 1);
    if sext {
        ((field << (32 - width)) as i32 >> (32 - width)) as u32
    } else {
        field
    }
}

/// The destination dword after an SDWA write of `result` into `dst_sel` of `old`:
/// `unused` 0 pads the other bits with zeros, 1 sign-extends the field upwards (lower bits
/// zero), 2 keeps the old bits.
pub fn sdwa_merge(old: u32, result: u32, dst_sel: SdwaSel, unused: u8) -> u32 {
    let (shift, width) = sel_bits(dst_sel);
    if width == 32 {
        return result;
    }
    let mask = ((1u32 << width) - 1) << shift;
    let field = (result << shift) & mask;
    match unused {
        2 => (old & !mask) | field,
        1 => {
            let top = (result >> (width - 1)) & 1;
            let end = shift + width;
            if top == 1 && end < 32 {
                field | !((1u32 << end) - 1)
            } else {
                field
            }
        }
        _ => field,
    }
}

/// The lane lane `l` reads under DPP control `ctrl`, or None if it is out of range.
fn dpp_source(ctrl: u16, l: usize) -> Option<usize> {
    let row = l & !15;
    let i = l & 15;
    match ctrl {
        0x000..=0x0ff => Some((l & !3) + ((ctrl as usize >> (2 * (l & 3))) & 3)),
        0x101..=0x10f => {
            let n = (ctrl & 0xf) as usize;
            (i + n < 16).then_some(l + n)
        }
        0x111..=0x11f => {
            let n = (ctrl & 0xf) as usize;
            (i >= n).then(|| l - n)
        }
        0x121..=0x12f => {
            let n = (ctrl & 0xf) as usize;
            Some(row + ((i + 16 - n) & 15))
        }
        0x130 => (l < 63).then_some(l + 1),
        0x134 => Some((l + 1) & 63),
        0x138 => (l > 0).then(|| l - 1),
        0x13c => Some((l + 63) & 63),
        0x140 => Some(row + 15 - i),
        0x141 => Some((l & !7) + 7 - (l & 7)),
        0x142 => (row > 0).then(|| row - 1),
        0x143 => (l >= 32).then_some(31),
        _ => None,
    }
}

/// Permutes `src` into `out` by the DPP control and returns the lanes that write: active
/// lanes in enabled rows and banks whose source lane is valid and active, plus (with
/// `bound_ctrl`) those whose source is invalid, which read 0.
pub fn dpp_permute(dpp: &Dpp, exec: u64, src: &[u64; LANES], out: &mut [u64; LANES]) -> u64 {
    let mut writes = 0u64;
    for (l, o) in out.iter_mut().enumerate() {
        if exec >> l & 1 == 0
            || dpp.row_mask >> (l / 16) & 1 == 0
            || dpp.bank_mask >> ((l / 4) & 3) & 1 == 0
        {
            continue;
        }
        match dpp_source(dpp.ctrl, l) {
            Some(s) if exec >> s & 1 == 1 => {
                *o = src[s];
                writes |= 1 << l;
            }
            _ if dpp.bound_ctrl => {
                *o = 0;
                writes |= 1 << l;
            }
            _ => {}
        }
    }
    writes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn permute(ctrl: u16, bound_ctrl: bool) -> ([u64; LANES], u64) {
        let src: [u64; LANES] = std::array::from_fn(|l| 100 + l as u64);
        let mut out = [0u64; LANES];
        let dpp = Dpp {
            ctrl,
            bound_ctrl,
            row_mask: 0xf,
            bank_mask: 0xf,
        };
        let w = dpp_permute(&dpp, u64::MAX, &src, &mut out);
        (out, w)
    }

    #[test]
    fn row_shifts_stay_inside_rows() {
        let (out, w) = permute(0x111, false); // row_shr:1
        assert_eq!(out[1], 100);
        assert_eq!(out[17], 116);
        assert_eq!(w & 1, 0, "lane 0 has no source and keeps its value");
        assert_eq!(w >> 16 & 1, 0);
        let (out, w) = permute(0x10f, true); // row_shl:15 with bound_ctrl
        assert_eq!(out[0], 115);
        assert_eq!(out[1], 0);
        assert!(w >> 1 & 1 == 1);
        let (out, _) = permute(0x124, false); // row_ror:4
        assert_eq!(out[0], 112);
        assert_eq!(out[20], 116);
    }

    #[test]
    fn quad_perm_mirrors_and_broadcasts() {
        let (out, _) = permute(0x1b, false); // quad_perm:[3,2,1,0]
        assert_eq!(&out[..4], &[103, 102, 101, 100]);
        let (out, _) = permute(0x140, false);
        assert_eq!(out[16], 131);
        let (out, _) = permute(0x141, false);
        assert_eq!(out[8], 115);
        let (out, w) = permute(0x142, false); // row_bcast:15
        assert_eq!(out[16], 115);
        assert_eq!(out[63], 147);
        assert_eq!(w & 0xffff, 0);
        let (out, w) = permute(0x143, false); // row_bcast:31
        assert_eq!(out[40], 131);
        assert_eq!(w, 0xffff_ffff_0000_0000);
        let (out, w) = permute(0x138, false); // wave_shr:1
        assert_eq!(out[5], 104);
        assert_eq!(w & 1, 0);
        let (out, _) = permute(0x13c, false); // wave_ror:1
        assert_eq!(out[0], 163);
    }

    #[test]
    fn sdwa_selects_and_merges() {
        assert_eq!(sdwa_select(0x1234_80ff, SdwaSel::Byte1, true), 0xffff_ff80);
        assert_eq!(sdwa_select(0x1234_80ff, SdwaSel::Word1, false), 0x1234);
        assert_eq!(
            sdwa_merge(0xaaaa_bbbb, 0x1234, SdwaSel::Word1, 2),
            0x1234_bbbb
        );
        assert_eq!(
            sdwa_merge(0xaaaa_bbbb, 0x80, SdwaSel::Byte1, 1),
            0xffff_8000
        );
        assert_eq!(
            sdwa_merge(0xaaaa_bbbb, 0x80, SdwaSel::Byte1, 0),
            0x0000_8000
        );
    }
}
