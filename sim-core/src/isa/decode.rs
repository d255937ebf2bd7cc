//! The decoder: turns instruction bytes into [`Instruction`]s using the opcode table.

use super::instruction::*;
use super::operand::Operand;
use super::table::{flag::*, lookup, Format, OpInfo, MUBUF_STORE_LDS_DWORD};
use std::fmt;

/// Why bytes could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// The encoding format recognised from the top bits (None: unknown encoding).
    pub format: Option<Format>,
    /// The opcode field, when the format is known.
    pub opcode: u16,
    /// The first instruction dword.
    pub word: u32,
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Some(format) => write!(
                f,
                "{} (encoding {:?}, opcode {:#x}, word {:#010x})",
                self.reason, format, self.opcode, self.word
            ),
            None => write!(f, "{} (word {:#010x})", self.reason, self.word),
        }
    }
}

impl std::error::Error for DecodeError {}

/// One instruction of a decoded code range, at its address.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedAt {
    /// Byte address of the instruction.
    pub pc: u64,
    /// The instruction, or why the dword at `pc` is not one (decoding resumes 4 bytes later).
    pub result: Result<Instruction, DecodeError>,
}

/// Decodes every instruction in `code`, which starts at address `base_pc`.
pub fn decode_all(code: &[u8], base_pc: u64) -> Vec<DecodedAt> {
    let mut out = Vec::with_capacity(code.len() / 4);
    let mut at = 0usize;
    while at + 4 <= code.len() {
        let result = decode(&code[at..]);
        let step = match &result {
            Ok(i) => i.size as usize,
            Err(_) => 4,
        };
        out.push(DecodedAt {
            pc: base_pc + at as u64,
            result,
        });
        at += step;
    }
    out
}

/// Decodes the instruction at the start of `bytes`.
pub fn decode(bytes: &[u8]) -> Result<Instruction, DecodeError> {
    let word = |i: usize| -> Option<u32> {
        bytes
            .get(i * 4..i * 4 + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let Some(w0) = word(0) else {
        return Err(DecodeError {
            format: None,
            opcode: 0,
            word: 0,
            reason: "fewer than 4 bytes",
        });
    };
    let d = Decoder { w0, w1: word(1) };
    let inst = d.decode()?;
    d.check_operands(&inst)?;
    Ok(inst)
}

/// Which encoding's modifier bits are being checked.
#[derive(Clone, Copy)]
enum ModifierForm {
    Vop3,
    Sdwa,
    Dpp,
}

struct Decoder {
    w0: u32,
    w1: Option<u32>,
}

/// The address registers LLVM names for a MIMG opcode (the encoding does not say how
/// many the resource needs): one coordinate, plus one for each of the compare value
/// (`_c`), LOD bias (`_b`), offset (`_o`) and derivatives (`_d`, `_cd`), which is what
/// `llvm-objdump` prints.
fn mimg_address_count(mnemonic: &str) -> u8 {
    let Some(suffixes) = mnemonic
        .strip_prefix("image_sample")
        .or_else(|| mnemonic.strip_prefix("image_gather4"))
    else {
        return 1;
    };
    let extra = suffixes
        .split('_')
        .filter(|s| matches!(*s, "c" | "b" | "o" | "d" | "cd"))
        .count();
    1 + extra as u8
}

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

impl Decoder {
    fn err(&self, format: Option<Format>, opcode: u32, reason: &'static str) -> DecodeError {
        DecodeError {
            format,
            opcode: opcode as u16,
            word: self.w0,
            reason,
        }
    }

    /// Rejects register tuples the hardware cannot address (past the last SGPR, TTMP or
    /// VGPR; odd or too wide named registers) and `lds_direct` outside vector ALU sources.
    fn check_operands(&self, i: &Instruction) -> Result<(), DecodeError> {
        let valu = matches!(
            i.encoding,
            Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3
        );
        for op in [i.dst, i.sdst, i.src[0], i.src[1], i.src[2]] {
            let valid = match op {
                Operand::Scalar { code, count } => {
                    let last = code as u32 + count as u32 - 1;
                    match code {
                        0..=101 => last <= 101,
                        102..=111 => count == 1 || (count == 2 && code % 2 == 0),
                        112..=123 => last <= 123,
                        124 => count == 1,
                        125 => false,
                        126 | 127 => count == 1 || (count == 2 && code == 126),
                        _ => false,
                    }
                }
                Operand::Vector { index, count } => index as u32 + count as u32 <= 256,
                Operand::LdsDirect => valu,
                _ => true,
            };
            if !valid {
                return Err(self.err(
                    Some(i.encoding),
                    i.info.opcode as u32,
                    "register tuple out of range or misaligned",
                ));
            }
        }
        Ok(())
    }

    fn second(&self, format: Format, opcode: u32) -> Result<u32, DecodeError> {
        self.w1
            .ok_or_else(|| self.err(Some(format), opcode, "truncated instruction"))
    }

    fn row(&self, format: Format, opcode: u32) -> Result<&'static OpInfo, DecodeError> {
        lookup(format, opcode as u16)
            .ok_or_else(|| self.err(Some(format), opcode, "unknown opcode"))
    }

    fn decode(&self) -> Result<Instruction, DecodeError> {
        let w = self.w0;
        if w >> 31 == 0 {
            return match bits(w, 25, 7) {
                0x3f => self.vop1(),
                0x3e => self.vopc(),
                _ => self.vop2(),
            };
        }
        if w >> 30 == 0b10 {
            return match bits(w, 23, 9) {
                0x17d => self.sop1(),
                0x17e => self.sopc(),
                0x17f => self.sopp(),
                _ if bits(w, 28, 4) == 0xb => self.sopk(),
                _ => self.sop2(),
            };
        }
        match bits(w, 26, 6) {
            0x30 => self.smem(),
            0x34 => self.vop3(),
            0x35 => self.vintrp(),
            0x36 => self.ds(),
            0x37 => self.flat(),
            0x38 => self.buffer(Format::Mubuf),
            0x3a => self.buffer(Format::Mtbuf),
            0x3c => self.mimg(),
            0x31 => Err(self.err(
                None,
                0,
                "EXP (export) is a graphics instruction, not supported",
            )),
            _ => Err(self.err(None, 0, "unknown instruction encoding")),
        }
    }

    fn inst(&self, info: &'static OpInfo, encoding: Format) -> Instruction {
        Instruction {
            info,
            encoding,
            size: 4,
            dst: Operand::None,
            sdst: Operand::None,
            src: [Operand::None; 3],
            extra: Extra::None,
        }
    }

    /// A scalar/ALU source operand of width `count`, reading the literal dword if needed.
    fn source(&self, inst: &mut Instruction, code: u32, count: u8) -> Result<Operand, DecodeError> {
        if Operand::is_reserved_source(code as u16) {
            return Err(self.err(
                Some(inst.encoding),
                inst.info.opcode as u32,
                "reserved source operand",
            ));
        }
        if code == 254 && count != 1 {
            return Err(self.err(
                Some(inst.encoding),
                inst.info.opcode as u32,
                "lds_direct as a 64-bit operand",
            ));
        }
        let mut literal = 0;
        if code == 255 {
            literal = self.second(inst.encoding, inst.info.opcode as u32)?;
            inst.size = 8;
        }
        Ok(Operand::from_source(code as u16, count, literal))
    }

    fn sdst(code: u32, count: u8) -> Operand {
        Operand::scalar(code as u8, count)
    }

    /// Fails unless the bits of `word` selected by `mask` (fields the opcode does not use)
    /// are zero — llvm rejects such encodings too.
    fn unused_zero(&self, i: &Instruction, word: u32, mask: u32) -> Result<(), DecodeError> {
        if word & mask == 0 {
            Ok(())
        } else {
            Err(self.err(
                Some(i.encoding),
                i.info.opcode as u32,
                "non-zero field the opcode does not use",
            ))
        }
    }

    fn sop2(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 23, 7);
        let info = self.row(Format::Sop2, op)?;
        let mut i = self.inst(info, Format::Sop2);
        let w = info.widths;
        if w[0] > 0 {
            i.dst = Self::sdst(bits(self.w0, 16, 7), w[0]);
        }
        i.src[0] = self.source(&mut i, bits(self.w0, 0, 8), w[1])?;
        i.src[1] = self.source(&mut i, bits(self.w0, 8, 8), w[2])?;
        Ok(i)
    }

    fn sop1(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 8, 8);
        let info = self.row(Format::Sop1, op)?;
        let mut i = self.inst(info, Format::Sop1);
        if info.widths[0] > 0 {
            i.dst = Self::sdst(bits(self.w0, 16, 7), info.widths[0]);
        }
        if info.widths[1] > 0 {
            let code = bits(self.w0, 0, 8);
            if info.flags & REG_SRC0 != 0 && code > 127 {
                return Err(self.err(Some(Format::Sop1), op, "source 0 must be a register"));
            }
            i.src[0] = self.source(&mut i, code, info.widths[1])?;
        }
        Ok(i)
    }

    fn sopc(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 16, 7);
        let info = self.row(Format::Sopc, op)?;
        let mut i = self.inst(info, Format::Sopc);
        i.src[0] = self.source(&mut i, bits(self.w0, 0, 8), info.widths[1])?;
        i.src[1] = if info.flags & SRC1_IMM != 0 {
            Operand::Literal(bits(self.w0, 8, 8))
        } else {
            self.source(&mut i, bits(self.w0, 8, 8), info.widths[2])?
        };
        Ok(i)
    }

    fn sopk(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 23, 5);
        let info = self.row(Format::Sopk, op)?;
        let mut i = self.inst(info, Format::Sopk);
        let simm16 = bits(self.w0, 0, 16) as u16;
        let sdst = bits(self.w0, 16, 7);
        if info.flags & IMM32 != 0 {
            i.extra = Extra::SetregImm32 {
                simm16,
                imm32: self.second(Format::Sopk, op)?,
            };
            i.size = 8;
        } else {
            i.extra = Extra::Simm16(simm16);
            let count = if info.widths[0] > 0 {
                info.widths[0]
            } else {
                1
            };
            if info.flags & HWREG != 0 && info.mnemonic.starts_with("s_setreg") {
                i.src[0] = Self::sdst(sdst, 1);
            } else {
                i.dst = Self::sdst(sdst, count);
            }
        }
        Ok(i)
    }

    fn sopp(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 16, 7);
        let info = self.row(Format::Sopp, op)?;
        let mut i = self.inst(info, Format::Sopp);
        if info.flags & NO_IMM != 0 {
            self.unused_zero(&i, self.w0, 0xffff)?;
        }
        i.extra = Extra::Simm16(bits(self.w0, 0, 16) as u16);
        Ok(i)
    }

    fn smem(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 18, 8);
        let info = self.row(Format::Smem, op)?;
        let w1 = self.second(Format::Smem, op)?;
        let mut i = self.inst(info, Format::Smem);
        i.size = 8;
        let w = info.widths;
        if w[0] > 0 {
            i.dst = Self::sdst(bits(self.w0, 6, 7), w[0]);
        }
        if w[1] == 0 {
            // Operand-less forms exist only without an immediate offset.
            self.unused_zero(&i, self.w0, 1 << 17)?;
        } else {
            i.src[0] = Self::sdst(bits(self.w0, 0, 6) << 1, w[1]);
            i.src[1] = if bits(self.w0, 17, 1) == 1 {
                Operand::Literal(bits(w1, 0, 20))
            } else {
                Self::sdst(bits(w1, 0, 7), 1)
            };
        }
        i.extra = Extra::Smem {
            glc: bits(self.w0, 16, 1) == 1,
        };
        Ok(i)
    }

    fn vop2(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 25, 6);
        let info = self.row(Format::Vop2, op)?;
        let mut i = self.inst(info, Format::Vop2);
        let w = info.widths;
        i.dst = Operand::Vector {
            index: bits(self.w0, 17, 8) as u8,
            count: w[0],
        };
        i.src[1] = Operand::Vector {
            index: bits(self.w0, 9, 8) as u8,
            count: w[2],
        };
        self.vop_src0(&mut i, 0x3f & op)?;
        if info.flags & (K_MID | K_LAST) != 0 {
            let k = self.second(Format::Vop2, op)?;
            i.size = 8;
            i.extra = Extra::K(k);
        }
        if info.flags & VCC_OUT != 0 {
            i.sdst = Self::sdst(super::operand::VCC_LO as u32, 2);
        }
        if info.flags & VCC_IN != 0 {
            i.src[2] = Self::sdst(super::operand::VCC_LO as u32, 2);
        }
        Ok(i)
    }

    fn vop1(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 9, 8);
        let info = self.row(Format::Vop1, op)?;
        let mut i = self.inst(info, Format::Vop1);
        let w = info.widths;
        let vdst = bits(self.w0, 17, 8);
        if w[0] > 0 {
            i.dst = if info.flags & SDST != 0 {
                Self::sdst(vdst, w[0])
            } else {
                Operand::Vector {
                    index: vdst as u8,
                    count: w[0],
                }
            };
        } else {
            self.unused_zero(&i, self.w0, 0xff << 17)?;
        }
        if w[1] > 0 {
            self.vop_src0(&mut i, op)?;
        } else {
            self.unused_zero(&i, self.w0, 0x1ff)?;
        }
        Ok(i)
    }

    fn vopc(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 17, 8);
        let info = self.row(Format::Vopc, op)?;
        let mut i = self.inst(info, Format::Vopc);
        i.sdst = Self::sdst(super::operand::VCC_LO as u32, 2);
        i.src[1] = Operand::Vector {
            index: bits(self.w0, 9, 8) as u8,
            count: info.widths[2],
        };
        self.vop_src0(&mut i, op)?;
        Ok(i)
    }

    /// Source 0 of VOP1/VOP2/VOPC: a plain operand, or the SDWA/DPP dword.
    fn vop_src0(&self, i: &mut Instruction, op: u32) -> Result<(), DecodeError> {
        let code = bits(self.w0, 0, 9);
        let count = i.info.widths[1];
        match code {
            0xf9 => {
                if i.info.flags & SDWA == 0 {
                    return Err(self.err(Some(i.encoding), op, "opcode has no SDWA form"));
                }
                let s = self.second(i.encoding, op)?;
                i.size = 8;
                i.src[0] = Operand::Vector {
                    index: bits(s, 0, 8) as u8,
                    count,
                };
                let mods = VopModifiers {
                    neg: (bits(s, 20, 1) | bits(s, 28, 1) << 1) as u8,
                    abs: (bits(s, 21, 1) | bits(s, 29, 1) << 1) as u8,
                    sext: (bits(s, 19, 1) | bits(s, 27, 1) << 1) as u8,
                    clamp: bits(s, 13, 1) == 1,
                    omod: 0,
                };
                let sel = |v: u32| -> Result<SdwaSel, DecodeError> {
                    Ok(match v {
                        0 => SdwaSel::Byte0,
                        1 => SdwaSel::Byte1,
                        2 => SdwaSel::Byte2,
                        3 => SdwaSel::Byte3,
                        4 => SdwaSel::Word0,
                        5 => SdwaSel::Word1,
                        6 => SdwaSel::Dword,
                        _ => return Err(self.err(Some(i.encoding), op, "reserved SDWA selector")),
                    })
                };
                let sdwa = Sdwa {
                    dst_sel: sel(bits(s, 8, 3))?,
                    dst_unused: bits(s, 11, 2) as u8,
                    src0_sel: sel(bits(s, 16, 3))?,
                    src1_sel: sel(bits(s, 24, 3))?,
                };
                if sdwa.dst_unused == 3 {
                    return Err(self.err(Some(i.encoding), op, "reserved SDWA dst_unused"));
                }
                let mods = self.typed_modifiers(i, mods, ModifierForm::Sdwa)?;
                i.extra = Extra::Sdwa(sdwa, mods);
            }
            0xfa => {
                if i.info.flags & DPP == 0 {
                    return Err(self.err(Some(i.encoding), op, "opcode has no DPP form"));
                }
                let s = self.second(i.encoding, op)?;
                i.size = 8;
                i.src[0] = Operand::Vector {
                    index: bits(s, 0, 8) as u8,
                    count,
                };
                let ctrl = bits(s, 8, 9) as u16;
                let valid = matches!(ctrl, 0..=0xff | 0x101..=0x10f | 0x111..=0x11f | 0x121..=0x12f | 0x130 | 0x134 | 0x138 | 0x13c | 0x140..=0x143);
                if !valid {
                    return Err(self.err(Some(i.encoding), op, "reserved DPP control"));
                }
                let mods = VopModifiers {
                    neg: (bits(s, 20, 1) | bits(s, 22, 1) << 1) as u8,
                    abs: (bits(s, 21, 1) | bits(s, 23, 1) << 1) as u8,
                    ..Default::default()
                };
                let dpp = Dpp {
                    ctrl,
                    bound_ctrl: bits(s, 19, 1) == 1,
                    bank_mask: bits(s, 24, 4) as u8,
                    row_mask: bits(s, 28, 4) as u8,
                };
                let mods = self.typed_modifiers(i, mods, ModifierForm::Dpp)?;
                i.extra = Extra::Dpp(dpp, mods);
            }
            128..=255 if i.info.flags & REG_SRC0 != 0 => {
                return Err(self.err(Some(i.encoding), op, "source 0 must be a register"));
            }
            _ => i.src[0] = self.source(i, code, count)?,
        }
        Ok(())
    }

    fn vop3(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 16, 10);
        let w1 = self.second(Format::Vop3, op)?;
        let (info, promoted) = match op {
            0..=0xff => (lookup(Format::Vopc, op as u16), true),
            0x100..=0x13f => (lookup(Format::Vop2, (op - 0x100) as u16), true),
            0x140..=0x1bf => (lookup(Format::Vop1, (op - 0x140) as u16), true),
            _ => (lookup(Format::Vop3, op as u16), false),
        };
        let info = match info {
            Some(r) if !promoted || r.flags & E64 != 0 => r,
            None if (0x270..=0x27f).contains(&op) => {
                return Err(self.err(
                    Some(Format::Vop3),
                    op,
                    "VOP3 interpolation is graphics-only, not supported",
                ));
            }
            _ => return Err(self.err(Some(Format::Vop3), op, "unknown opcode")),
        };
        let mut i = self.inst(info, Format::Vop3);
        i.size = 8;
        let f = info.flags;
        let w = info.widths;
        let vdst = bits(self.w0, 0, 8);
        let sdst_field = bits(self.w0, 8, 7);
        let vop3b = f & VOP3B != 0 || (info.format == Format::Vop2 && f & VCC_OUT != 0);
        if info.format == Format::Vopc {
            i.sdst = Self::sdst(vdst, 2);
        } else if w[0] > 0 {
            i.dst = if f & SDST != 0 {
                Self::sdst(vdst, w[0])
            } else {
                Operand::Vector {
                    index: vdst as u8,
                    count: w[0],
                }
            };
        } else {
            self.unused_zero(&i, self.w0, 0xff)?;
        }
        if vop3b {
            i.sdst = Self::sdst(sdst_field, 2);
        }
        let codes = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
        let nsrc = if f & VCC_IN != 0 {
            3
        } else {
            w[1..].iter().filter(|&&x| x > 0).count()
        };
        for s in 0..nsrc {
            let count = if f & VCC_IN != 0 && s == 2 {
                2
            } else {
                w[s + 1]
            };
            if s == 0 && f & REG_SRC0 != 0 && (128..256).contains(&codes[0]) {
                return Err(self.err(Some(Format::Vop3), op, "source 0 must be a register"));
            }
            if codes[s] == 255 {
                return Err(self.err(Some(Format::Vop3), op, "literal constant in VOP3"));
            }
            i.src[s] = self.source(&mut i, codes[s], count)?;
        }
        for (s, code) in codes.iter().enumerate().skip(nsrc) {
            self.unused_zero(&i, *code, 0x1ff)
                .map_err(|e| DecodeError {
                    reason: [
                        "",
                        "unused source 1 is not zero",
                        "unused source 2 is not zero",
                    ][s],
                    ..e
                })?;
        }
        let mods = VopModifiers {
            neg: bits(w1, 29, 3) as u8,
            abs: if vop3b { 0 } else { bits(self.w0, 8, 3) as u8 },
            sext: 0,
            clamp: bits(self.w0, 15, 1) == 1,
            omod: bits(w1, 27, 2) as u8,
        };
        if mods.clamp && f & CLAMP == 0 {
            return Err(self.err(Some(Format::Vop3), op, "clamp on an opcode without clamp"));
        }
        if mods.omod != 0 && f & OMOD == 0 {
            return Err(self.err(
                Some(Format::Vop3),
                op,
                "output modifier on an opcode without one",
            ));
        }
        i.extra = Extra::Vop3(self.typed_modifiers(&i, mods, ModifierForm::Vop3)?);
        Ok(i)
    }

    /// Checks the raw modifier bits against what each source of the opcode accepts
    /// (float: neg/abs; integer: sext) and returns them resolved: in VOP3 an integer
    /// operand's neg bit means sext. Bits an operand does not accept are an error, as in LLVM.
    fn typed_modifiers(
        &self,
        i: &Instruction,
        raw: VopModifiers,
        form: ModifierForm,
    ) -> Result<VopModifiers, DecodeError> {
        let f = i.info.flags;
        let mut out = VopModifiers {
            clamp: raw.clamp,
            omod: raw.omod,
            ..Default::default()
        };
        for s in 0..3 {
            let bit = 1u8 << s;
            let float = f & (MODS0 << s) != 0;
            let sext_flag = if s == 0 { SEXT0 } else { SEXT1 << (s - 1) };
            let (neg, abs, sext) = (raw.neg & bit, raw.abs & bit, raw.sext & bit);
            let ok = match form {
                _ if float => {
                    out.neg |= neg;
                    out.abs |= abs;
                    sext == 0
                }
                // llvm ignores the abs bit of an integer (sext) operand.
                ModifierForm::Vop3 if f & sext_flag != 0 => {
                    out.sext |= neg;
                    true
                }
                ModifierForm::Sdwa => {
                    out.sext |= sext;
                    neg | abs == 0
                }
                _ => neg | abs | sext == 0,
            };
            if !ok {
                return Err(self.err(
                    Some(i.encoding),
                    i.info.opcode as u32,
                    "source modifier not accepted by the opcode",
                ));
            }
        }
        Ok(out)
    }

    fn vintrp(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 16, 2);
        let info = self.row(Format::Vintrp, op)?;
        let mut i = self.inst(info, Format::Vintrp);
        i.dst = Operand::Vector {
            index: bits(self.w0, 18, 8) as u8,
            count: 1,
        };
        i.src[0] = Operand::Vector {
            index: bits(self.w0, 0, 8) as u8,
            count: 1,
        };
        i.extra = Extra::Interp {
            attr: bits(self.w0, 10, 6) as u8,
            chan: bits(self.w0, 8, 2) as u8,
        };
        Ok(i)
    }

    fn ds(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 17, 8);
        let info = self.row(Format::Ds, op)?;
        let w1 = self.second(Format::Ds, op)?;
        let mut i = self.inst(info, Format::Ds);
        i.size = 8;
        let w = info.widths;
        let v = |index: u32, count: u8| {
            if count == 0 {
                Operand::None
            } else {
                Operand::Vector {
                    index: index as u8,
                    count,
                }
            }
        };
        i.dst = v(bits(w1, 24, 8), w[0]);
        i.src[0] = v(bits(w1, 0, 8), w[1]);
        i.src[1] = v(bits(w1, 8, 8), w[2]);
        i.src[2] = v(bits(w1, 16, 8), w[3]);
        for (field, width) in [(24, w[0]), (0, w[1]), (8, w[2]), (16, w[3])] {
            if width == 0 {
                self.unused_zero(&i, w1, 0xff << field)?;
            }
        }
        if info.flags & NO_GDS != 0 {
            self.unused_zero(&i, self.w0, 1 << 16)?;
        }
        i.extra = Extra::Ds {
            offset0: bits(self.w0, 0, 8) as u8,
            offset1: bits(self.w0, 8, 8) as u8,
            gds: bits(self.w0, 16, 1) == 1,
        };
        Ok(i)
    }

    fn buffer(&self, format: Format) -> Result<Instruction, DecodeError> {
        let (op, dfmt, nfmt, slc) = if format == Format::Mubuf {
            (bits(self.w0, 18, 7), 0, 0, bits(self.w0, 17, 1))
        } else {
            (
                bits(self.w0, 15, 4),
                bits(self.w0, 19, 4),
                bits(self.w0, 23, 3),
                0,
            )
        };
        let info = self.row(format, op)?;
        let w1 = self.second(format, op)?;
        let slc = if format == Format::Mubuf {
            slc
        } else {
            bits(w1, 22, 1)
        };
        let mut i = self.inst(info, format);
        i.size = 8;
        let offen = bits(self.w0, 12, 1) == 1;
        let idxen = bits(self.w0, 13, 1) == 1;
        let tfe = bits(w1, 23, 1) == 1;
        let lds = format == Format::Mubuf && bits(self.w0, 16, 1) == 1;
        if tfe && info.flags & ATOMIC != 0 {
            return Err(self.err(Some(format), op, "tfe on a buffer atomic"));
        }
        let store_lds = format == Format::Mubuf && op == MUBUF_STORE_LDS_DWORD as u32;
        if store_lds && (!lds || offen || idxen || tfe) {
            return Err(self.err(
                Some(format),
                op,
                "buffer_store_lds_dword needs lds and no vaddr or tfe",
            ));
        }
        if lds && !store_lds && (tfe || !matches!(op, 0x00 | 0x10..=0x14)) {
            return Err(self.err(
                Some(format),
                op,
                "lds is only valid for dword and sub-dword loads without tfe",
            ));
        }
        if store_lds {
            i.src[1] = Self::sdst(bits(w1, 16, 5) << 2, 4);
            i.src[2] = self.source(&mut i, bits(w1, 24, 8), 1)?;
        } else if info.widths[0] == 0 {
            // buffer_wbinvl1*: no addressing or cache-policy bits.
            self.unused_zero(&i, self.w0, 0x3f << 12)?;
        } else {
            // A load to LDS writes no VGPRs.
            if !lds {
                i.dst = Operand::Vector {
                    index: bits(w1, 8, 8) as u8,
                    count: info.widths[0],
                };
            }
            let vaddr_count = u8::from(offen) + u8::from(idxen);
            if vaddr_count > 0 {
                i.src[0] = Operand::Vector {
                    index: bits(w1, 0, 8) as u8,
                    count: vaddr_count,
                };
            }
            i.src[1] = Self::sdst(bits(w1, 16, 5) << 2, 4);
            i.src[2] = self.source(&mut i, bits(w1, 24, 8), 1)?;
            if let Operand::Literal(_) = i.src[2] {
                return Err(self.err(Some(format), op, "literal soffset"));
            }
        }
        i.extra = Extra::Buffer {
            offset: bits(self.w0, 0, 12) as u16,
            offen,
            idxen,
            cache: CachePolicy {
                glc: bits(self.w0, 14, 1) == 1,
                slc: slc == 1,
            },
            lds,
            tfe,
            dfmt: dfmt as u8,
            nfmt: nfmt as u8,
        };
        Ok(i)
    }

    fn flat(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 18, 7);
        let info = self.row(Format::Flat, op)?;
        let w1 = self.second(Format::Flat, op)?;
        let mut i = self.inst(info, Format::Flat);
        i.size = 8;
        let w = info.widths;
        let glc = bits(self.w0, 16, 1) == 1;
        let tfe = bits(w1, 23, 1) == 1;
        if self.w0 & 0xffff != 0 {
            return Err(self.err(
                Some(Format::Flat),
                op,
                "FLAT bits 15:0 are reserved on gfx8 (gfx9 offset)",
            ));
        }
        let returns = info.flags & STORE == 0 && (info.flags & ATOMIC == 0 || glc);
        if returns {
            i.dst = Operand::Vector {
                index: bits(w1, 24, 8) as u8,
                count: w[0],
            };
        } else {
            self.unused_zero(&i, w1, 0xff << 24)?;
        }
        if w[2] == 0 {
            self.unused_zero(&i, w1, 0xff << 8)?;
        }
        i.src[0] = Operand::Vector {
            index: bits(w1, 0, 8) as u8,
            count: 2,
        };
        if w[2] > 0 {
            i.src[1] = Operand::Vector {
                index: bits(w1, 8, 8) as u8,
                count: w[2],
            };
        }
        i.extra = Extra::Flat {
            cache: CachePolicy {
                glc,
                slc: bits(self.w0, 17, 1) == 1,
            },
            tfe,
        };
        Ok(i)
    }

    fn mimg(&self) -> Result<Instruction, DecodeError> {
        let op = bits(self.w0, 18, 7);
        let info = self.row(Format::Mimg, op)?;
        let w1 = self.second(Format::Mimg, op)?;
        let mut i = self.inst(info, Format::Mimg);
        i.size = 8;
        let dmask = bits(self.w0, 8, 4) as u8;
        let tfe = bits(self.w0, 16, 1);
        // A gather returns one component of four texels whatever the mask.
        let components = if info.mnemonic.starts_with("image_gather4") {
            4
        } else {
            dmask.count_ones().max(1) as u8
        };
        i.dst = Operand::Vector {
            index: bits(w1, 8, 8) as u8,
            count: components + tfe as u8,
        };
        i.src[0] = Operand::Vector {
            index: bits(w1, 0, 8) as u8,
            count: mimg_address_count(info.mnemonic),
        };
        i.src[1] = Self::sdst(bits(w1, 16, 5) << 2, 8);
        // Only samples, gathers and LOD queries read a sampler.
        let m = info.mnemonic;
        if m.starts_with("image_sample") || m.starts_with("image_gather4") || m == "image_get_lod" {
            i.src[2] = Self::sdst(bits(w1, 21, 5) << 2, 4);
        }
        i.extra = Extra::Image {
            dmask,
            cache: CachePolicy {
                glc: bits(self.w0, 13, 1) == 1,
                slc: bits(self.w0, 25, 1) == 1,
            },
            bits: [
                (bits(self.w0, 12, 1), image_bits::UNORM),
                (bits(self.w0, 14, 1), image_bits::DA),
                (bits(self.w0, 15, 1), image_bits::R128),
                (tfe, image_bits::TFE),
                (bits(self.w0, 17, 1), image_bits::LWE),
                (bits(w1, 31, 1), image_bits::D16),
            ]
            .iter()
            .filter(|(set, _)| *set == 1)
            .fold(0, |acc, (_, bit)| acc | bit),
        };
        Ok(i)
    }
}
