//! The decoded instruction: compact, with operands resolved and literals inlined, ready for
//! an emulator to execute without looking at the encoding again.

use super::operand::Operand;
use super::table::{Format, OpInfo};

/// A decoded GCN3 instruction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Instruction {
    /// The opcode's table row (mnemonic, category, operand widths and traits).
    pub info: &'static OpInfo,
    /// The encoding actually used: differs from `info.format` for VOP1/VOP2/VOPC opcodes
    /// in their VOP3 (`_e64`) form.
    pub encoding: Format,
    /// Size in bytes (4 or 8).
    pub size: u8,
    /// Destination (vector or scalar); for memory loads the data registers.
    pub dst: Operand,
    /// Second (scalar) destination: VOP3b carry-out / compare mask, or VOPC's `vcc`.
    pub sdst: Operand,
    /// Sources in hardware order. For DS: addr, data0, data1; buffers: vaddr, srsrc,
    /// soffset; flat: addr, data; SMEM: sbase, soffset (or Literal for an immediate offset).
    pub src: [Operand; 3],
    /// Encoding-specific fields.
    pub extra: Extra,
}

/// Input and output modifiers of VOP3, SDWA and DPP instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VopModifiers {
    /// Bit i: negate source i.
    pub neg: u8,
    /// Bit i: absolute value of source i.
    pub abs: u8,
    /// Bit i: sign-extend source i (SDWA integer operands).
    pub sext: u8,
    /// Clamp the result.
    pub clamp: bool,
    /// Output modifier: 0 none, 1 ×2, 2 ×4, 3 ÷2.
    pub omod: u8,
}

/// SDWA operand selection: which bytes/words of a dword an operand uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SdwaSel {
    /// Bits 7:0.
    Byte0,
    /// Bits 15:8.
    Byte1,
    /// Bits 23:16.
    Byte2,
    /// Bits 31:24.
    Byte3,
    /// Bits 15:0.
    Word0,
    /// Bits 31:16.
    Word1,
    /// All 32 bits.
    Dword,
}

/// The sub-dword addressing of an SDWA instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sdwa {
    /// Destination selection.
    pub dst_sel: SdwaSel,
    /// What happens to destination bits outside `dst_sel`: 0 pad with zeros,
    /// 1 sign-extend, 2 preserve.
    pub dst_unused: u8,
    /// Source 0 selection.
    pub src0_sel: SdwaSel,
    /// Source 1 selection.
    pub src1_sel: SdwaSel,
}

/// The lane shuffle of a DPP instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dpp {
    /// The 9-bit DPP control (quad_perm, row shifts, wave shifts, mirrors, broadcasts).
    pub ctrl: u16,
    /// Lanes whose source is out of range read 0 instead of keeping the old value.
    pub bound_ctrl: bool,
    /// Rows (of 16 lanes) that write.
    pub row_mask: u8,
    /// Banks (of 4 lanes within a row) that write.
    pub bank_mask: u8,
}

/// Cache policy bits of memory instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CachePolicy {
    /// Globally coherent (atomics: return the old value).
    pub glc: bool,
    /// System level coherent (streaming).
    pub slc: bool,
}

/// Encoding-specific fields of a decoded instruction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Extra {
    /// Nothing beyond the operands.
    None,
    /// SOPK/SOPP 16-bit immediate (branch offset in dwords, wait counts, …).
    Simm16(u16),
    /// `s_setreg_imm32_b32`: hardware-register selector and the 32-bit value.
    SetregImm32 {
        /// The hwreg selector.
        simm16: u16,
        /// The value written.
        imm32: u32,
    },
    /// VOP2 `v_madmk`/`v_madak` 32-bit constant K.
    K(u32),
    /// VOP3 modifiers.
    Vop3(VopModifiers),
    /// SDWA form.
    Sdwa(Sdwa, VopModifiers),
    /// DPP form.
    Dpp(Dpp, VopModifiers),
    /// Scalar memory.
    Smem {
        /// Globally coherent.
        glc: bool,
    },
    /// LDS/GDS access.
    Ds {
        /// Byte offset (or first offset for two-address forms).
        offset0: u8,
        /// Second offset (high byte of the 16-bit offset for one-address forms).
        offset1: u8,
        /// Access GDS instead of LDS.
        gds: bool,
    },
    /// Buffer access (MUBUF, and MTBUF with its formats).
    Buffer {
        /// Immediate byte offset.
        offset: u16,
        /// vaddr holds an offset.
        offen: bool,
        /// vaddr holds an index.
        idxen: bool,
        /// Cache policy.
        cache: CachePolicy,
        /// Load into LDS.
        lds: bool,
        /// Texture-fail enable.
        tfe: bool,
        /// MTBUF data format (0 for MUBUF).
        dfmt: u8,
        /// MTBUF number format (0 for MUBUF).
        nfmt: u8,
    },
    /// Flat access.
    Flat {
        /// Cache policy.
        cache: CachePolicy,
        /// Texture-fail enable.
        tfe: bool,
    },
    /// Interpolation.
    Interp {
        /// Attribute number.
        attr: u8,
        /// Attribute channel (0..=3 = x, y, z, w).
        chan: u8,
    },
    /// Image access (decoded only).
    Image {
        /// Component mask.
        dmask: u8,
        /// Cache policy.
        cache: CachePolicy,
        /// Flag bits, as [`image_bits`] names them.
        bits: u8,
    },
}

/// The flag bits of [`Extra::Image`].
pub mod image_bits {
    /// Unnormalised (texel) coordinates.
    pub const UNORM: u8 = 1;
    /// The resource is an array (declare array).
    pub const DA: u8 = 1 << 1;
    /// 128-bit resource descriptor.
    pub const R128: u8 = 1 << 2;
    /// Texture-fail enable: one more destination register.
    pub const TFE: u8 = 1 << 3;
    /// LOD-warning enable.
    pub const LWE: u8 = 1 << 4;
    /// 16-bit data (unpacked on gfx8: one component per register).
    pub const D16: u8 = 1 << 5;
}

impl Instruction {
    /// The resolved source/output modifiers of a VOP3, SDWA or DPP instruction (none otherwise).
    pub fn modifiers(&self) -> VopModifiers {
        match self.extra {
            Extra::Vop3(m) | Extra::Sdwa(_, m) | Extra::Dpp(_, m) => m,
            _ => VopModifiers::default(),
        }
    }

    /// The mnemonic including the encoding suffix llvm-objdump prints (`_e32`, `_e64`,
    /// `_sdwa`, `_dpp`).
    pub fn mnemonic_with_suffix(&self) -> String {
        super::disasm::full_mnemonic(self)
    }
}
