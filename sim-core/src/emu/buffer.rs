//! Buffer instructions (MUBUF, and MTBUF where the format is plain 32-bit data) through a
//! buffer resource descriptor (V#): base, stride, num_records, and the swizzled layout of
//! scratch memory (ADD_TID_ENABLE, SWIZZLE_ENABLE, ELEMENT_SIZE, INDEX_STRIDE). MUBUF
//! format accesses of narrower channels convert them ([`super::texel_buffer`]).
//!
//! Range checking follows the GCN3 ISA: a raw buffer (stride 0) drops lanes whose
//! `offset` (VGPR offset plus instruction offset, without SGPR offset) does not fit the
//! access below `num_records` bytes; a structured buffer drops lanes whose index is not
//! below `num_records`. Dropped loads read 0, dropped stores and atomics do nothing. (The
//! hardware checks each dword; a lane whose access straddles the end is dropped whole.)

use super::fault::FaultKind;
use super::operands::{active, read_scalar, vgpr};
use super::program::{Env, Step};
use super::texel_buffer::{access, TexelFormat};
use super::vmem::{execute, Target, VmemOp};
use super::wavefront::{Wavefront, LANES};
use crate::isa::{Extra, Format, Operand};

/// Element size of the scratch layout gcnsim sets up (bytes).
pub const SCRATCH_ELEMENT_BYTES: u64 = 4;
/// Index stride of the scratch layout gcnsim sets up (lanes).
pub const SCRATCH_INDEX_STRIDE: u64 = 64;

/// A decoded buffer resource descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferResource {
    /// Base address (48 bits).
    pub base: u64,
    /// Bytes between records (0: raw buffer).
    pub stride: u64,
    /// Records (structured) or bytes (raw) in range.
    pub num_records: u64,
    /// Swizzled (interleaved) layout.
    pub swizzle: bool,
    /// Add the lane number to the index.
    pub add_tid: bool,
    /// Swizzle element size in bytes (2, 4, 8 or 16).
    pub element_bytes: u64,
    /// Swizzle index stride in lanes (8, 16, 32 or 64).
    pub index_stride: u64,
    /// DATA_FORMAT (for `buffer_*_format_*`).
    pub data_format: u8,
    /// NUM_FORMAT (for `buffer_*_format_*`).
    pub num_format: u8,
    /// DST_SEL_X/Y/Z/W (for `buffer_*_format_*`).
    pub dst_sel: [u32; 4],
}

impl BufferResource {
    /// Decodes the four V# dwords.
    pub fn from_words(v: [u32; 4]) -> Self {
        BufferResource {
            base: u64::from(v[0]) | u64::from(v[1] & 0xffff) << 32,
            stride: u64::from((v[1] >> 16) & 0x3fff),
            num_records: u64::from(v[2]),
            swizzle: v[1] >> 31 == 1,
            add_tid: (v[3] >> 23) & 1 == 1,
            element_bytes: 2 << ((v[3] >> 19) & 3),
            index_stride: 8 << ((v[3] >> 21) & 3),
            data_format: ((v[3] >> 15) & 0xf) as u8,
            num_format: ((v[3] >> 12) & 0x7) as u8,
            dst_sel: [0, 3, 6, 9].map(|s| (v[3] >> s) & 7),
        }
    }

    /// The four V# dwords of a swizzled scratch resource at `base` (what gcnsim puts in the
    /// private segment buffer SGPRs): stride 0, element size 4, index stride 64, thread id
    /// added to the index, and no range limit.
    pub fn scratch_words(base: u64) -> [u32; 4] {
        let word3 = 1 << 19 /* element 4 bytes */ | 3 << 21 /* index stride 64 */ | 1 << 23 /* add tid */
            | 4 << 15 /* data format 32 */ | 4 << 12 /* num format uint */;
        [
            base as u32,
            ((base >> 32) as u32 & 0xffff) | 1 << 31,
            u32::MAX,
            word3,
        ]
    }
}

/// The byte offset of (`index`, `offset`) in a swizzled buffer.
pub fn swizzled_offset(
    index: u64,
    offset: u64,
    stride: u64,
    element_bytes: u64,
    index_stride: u64,
) -> u64 {
    let (index_msb, index_lsb) = (index / index_stride, index % index_stride);
    let (offset_msb, offset_lsb) = (offset / element_bytes, offset % element_bytes);
    (index_msb * stride + offset_msb * element_bytes) * index_stride
        + index_lsb * element_bytes
        + offset_lsb
}

/// MUBUF/MTBUF semantics.
pub fn buffer(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let inst = &s.inst;
    let Extra::Buffer {
        offset: inst_offset,
        offen,
        idxen,
        cache,
        lds,
        tfe,
        dfmt,
        ..
    } = inst.extra
    else {
        return Err(FaultKind::Unimplemented);
    };
    if lds || tfe {
        return Err(FaultKind::Unsupported("buffer load to LDS or with TFE"));
    }
    let opcode = inst.info.opcode;
    if inst.info.format == Format::Mubuf && matches!(opcode, 0x3e | 0x3f) {
        return Ok(());
    }
    let Operand::Scalar { code, .. } = inst.src[1] else {
        return Err(FaultKind::Unimplemented);
    };
    let c = code as usize;
    let v = BufferResource::from_words([c, c + 1, c + 2, c + 3].map(|i| w.sgprs[i & 127]));
    let typed = inst.info.format == Format::Mtbuf || opcode < 0x08;
    let comps = (opcode & 3) as usize + 1;
    let (op, texel) = if typed {
        // Typed access (format from the instruction for MTBUF, from the V# for MUBUF).
        let format = if inst.info.format == Format::Mtbuf {
            dfmt
        } else {
            v.data_format
        };
        // BUF_DATA_FORMAT_32, _32_32, _32_32_32, _32_32_32_32 are plain dword moves;
        // MUBUF accesses of narrower channels are converted.
        let texel = if opcode < 0x08 && format == [4, 11, 13, 14][comps - 1] {
            None
        } else if inst.info.format == Format::Mubuf && opcode < 0x08 && !v.swizzle {
            Some(TexelFormat::of(&v)?)
        } else {
            return Err(FaultKind::Unsupported("formatted buffer access"));
        };
        let op = if opcode & 4 == 0 {
            VmemOp::Load {
                bytes: 4,
                signed: false,
                dwords: comps,
            }
        } else {
            VmemOp::Store {
                bytes: 4,
                dwords: comps,
            }
        };
        (op, texel)
    } else {
        let op = VmemOp::from_opcode(opcode).ok_or(FaultKind::Unimplemented)?;
        (op, None)
    };
    let soffset = read_scalar(w, inst.src[2], false);
    let vaddr = if offen || idxen {
        Some(vgpr(w, inst.src[0], u32::from(offen) + u32::from(idxen))?)
    } else {
        None
    };
    let size = 4 * op.dwords() as u64;
    let mut targets = [Target::Dropped; LANES];
    for l in active(w.exec()) {
        let mut index = if idxen {
            u64::from(w.vgprs[vaddr.unwrap_or(0)][l])
        } else {
            0
        };
        if v.add_tid {
            index += l as u64;
        }
        let voff = if offen {
            u64::from(w.vgprs[vaddr.unwrap_or(0) + usize::from(idxen)][l])
        } else {
            0
        };
        let offset = u64::from((voff as u32).wrapping_add(u32::from(inst_offset)));
        let in_range = if v.stride == 0 {
            offset + size.min(4) <= v.num_records
        } else {
            index < v.num_records
        };
        if !in_range {
            continue;
        }
        let base = v.base.wrapping_add(soffset);
        targets[l] = if v.swizzle {
            let at = base.wrapping_add(swizzled_offset(
                index,
                offset,
                v.stride,
                v.element_bytes,
                v.index_stride,
            ));
            if v.element_bytes == 4 {
                Target::Strided(at, 4 * v.index_stride)
            } else if offset % v.element_bytes + size <= v.element_bytes {
                Target::Global(at)
            } else {
                return Err(FaultKind::Unsupported(
                    "swizzled access crossing a swizzle element",
                ));
            }
        } else {
            Target::Global(base.wrapping_add(index * v.stride + offset))
        };
    }
    if let Some(format) = texel {
        let store = matches!(op, VmemOp::Store { .. });
        return access(w, e, &format, store, comps, inst.dst, &targets);
    }
    let is_atomic = matches!(op, VmemOp::Atomic { .. });
    let dst = if matches!(op, VmemOp::Store { .. }) || (is_atomic && !cache.glc) {
        Operand::None
    } else {
        inst.dst
    };
    execute(w, e, s, op, &targets, inst.dst, dst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_layout_interleaves_dwords_across_lanes() {
        // Lane 5's dword 0 sits at 5·4, its dword 1 one index-stride row further.
        assert_eq!(swizzled_offset(5, 0, 0, 4, 64), 20);
        assert_eq!(swizzled_offset(5, 4, 0, 4, 64), 256 + 20);
        assert_eq!(swizzled_offset(5, 6, 0, 4, 64), 256 + 22);
        // Structured: index 70 with stride 16 and element 16, index stride 64.
        assert_eq!(swizzled_offset(70, 8, 16, 16, 64), (16) * 64 + 6 * 16 + 8);
        let v = BufferResource::from_words(BufferResource::scratch_words(0x1_2345_6780));
        assert_eq!(v.base, 0x1_2345_6780);
        assert!(v.swizzle && v.add_tid);
        assert_eq!((v.element_bytes, v.index_stride, v.stride), (4, 64, 0));
    }
}
