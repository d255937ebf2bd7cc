//! Instruction operands: scalar and vector registers (and their tuples), inline constants
//! and literals, as the hardware's 9-bit source-operand code names them.

/// Scalar operand code of `flat_scratch_lo` (the first named scalar register).
pub const FLAT_SCRATCH_LO: u8 = 102;
/// Scalar operand code of `xnack_mask_lo`.
pub const XNACK_MASK_LO: u8 = 104;
/// Scalar operand code of `vcc_lo`.
pub const VCC_LO: u8 = 106;
/// Scalar operand code of `tba_lo`.
pub const TBA_LO: u8 = 108;
/// Scalar operand code of `tma_lo`.
pub const TMA_LO: u8 = 110;
/// Scalar operand code of `ttmp0`.
pub const TTMP0: u8 = 112;
/// Scalar operand code of `m0`.
pub const M0: u8 = 124;
/// Scalar operand code of `exec_lo`.
pub const EXEC_LO: u8 = 126;

/// One operand of a decoded instruction, with the register-tuple size already resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Operand {
    /// No operand in this slot.
    #[default]
    None,
    /// `count` consecutive scalar registers starting at operand code `code` (0..=127:
    /// SGPRs 0..=101, then flat_scratch, xnack_mask, vcc, tba, tma, ttmp0..11, m0, exec).
    Scalar {
        /// Operand code of the first register.
        code: u8,
        /// Number of dwords.
        count: u8,
    },
    /// `count` consecutive vector registers starting at `index`.
    Vector {
        /// First VGPR.
        index: u8,
        /// Number of dwords.
        count: u8,
    },
    /// An inline constant, by its operand code (128..=208 integers, 240..=248 floats).
    Inline(u8),
    /// A 32-bit literal constant that followed the instruction word.
    Literal(u32),
    /// The `vccz` condition bit.
    Vccz,
    /// The `execz` condition bit.
    Execz,
    /// The `scc` condition bit.
    Scc,
    /// `lds_direct`.
    LdsDirect,
}

/// How a source operand's constant is interpreted (affects values and spelling).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueType {
    /// 32-bit integer or float.
    B32,
    /// 64-bit integer or float.
    B64,
    /// 16-bit float.
    F16,
    /// 16-bit integer.
    I16,
}

impl Operand {
    /// Decodes a source-operand code (8- or 9-bit) of a `count`-dword operand; code 255
    /// takes `literal`.
    pub fn from_source(code: u16, count: u8, literal: u32) -> Operand {
        match code {
            0..=127 => Operand::Scalar {
                code: code as u8,
                count,
            },
            128..=208 | 240..=248 => Operand::Inline(code as u8),
            251 => Operand::Vccz,
            252 => Operand::Execz,
            253 => Operand::Scc,
            254 => Operand::LdsDirect,
            255 => Operand::Literal(literal),
            256..=511 => Operand::Vector {
                index: (code - 256) as u8,
                count,
            },
            _ => Operand::Inline(code as u8),
        }
    }

    /// True for source codes that are not valid operands (209..=239, 249, 250).
    pub fn is_reserved_source(code: u16) -> bool {
        matches!(code, 209..=239 | 249 | 250)
    }

    /// The value of an inline constant as a 32-bit (or 16-bit float in the low half) operand.
    pub fn inline_value32(code: u8, ty: ValueType) -> u32 {
        match code {
            128..=192 => (code - 128) as u32,
            193..=208 => (-((code - 192) as i32)) as u32,
            _ if ty == ValueType::F16 || ty == ValueType::I16 => {
                INLINE_F16[(code - 240) as usize] as u32
            }
            _ => INLINE_F32[(code - 240) as usize],
        }
    }

    /// The value of an inline constant as a 64-bit operand.
    pub fn inline_value64(code: u8) -> u64 {
        match code {
            128..=192 => (code - 128) as u64,
            193..=208 => (-((code - 192) as i64)) as u64,
            _ => INLINE_F64[(code - 240) as usize],
        }
    }
}

/// Bit patterns of the float inline constants 0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2π).
pub const INLINE_F32: [u32; 9] = [
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983,
];
/// The float inline constants as IEEE half precision.
pub const INLINE_F16: [u16; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];
/// The float inline constants as IEEE double precision.
pub const INLINE_F64: [u64; 9] = [
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xc000_0000_0000_0000,
    0x4010_0000_0000_0000,
    0xc010_0000_0000_0000,
    0x3fc4_5f30_6dc9_c882,
];
