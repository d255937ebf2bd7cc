//! The disassembler: prints an [`Instruction`] exactly as `llvm-objdump-15 --mcpu=gfx803`.

use super::instruction::*;
use super::operand::{Operand, ValueType, INLINE_F16, INLINE_F32};
use super::special::{dpp_ctrl, hwreg, sendmsg, swizzle, waitcnt};
use super::table::{flag::*, Format, DS_SWIZZLE_B32, MUBUF_STORE_LDS_DWORD};
use std::fmt::{self, Write};

/// The disassembly text of `inst` (without address or encoding).
pub fn disassemble(inst: &Instruction) -> String {
    inst.to_string()
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut p = Printer {
            out: String::new(),
            first: true,
        };
        p.out.push_str(&full_mnemonic(self));
        p.instruction(self);
        f.write_str(&p.out)
    }
}

/// Mnemonic plus the encoding suffix llvm prints.
pub fn full_mnemonic(inst: &Instruction) -> String {
    let info = inst.info;
    let name = info.mnemonic;
    let vop_base = matches!(info.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
    if !vop_base || info.flags & BARE != 0 {
        return name.to_string();
    }
    match inst.extra {
        Extra::Sdwa(..) if info.format == Format::Vopc => name.to_string(),
        Extra::Sdwa(..) => format!("{name}_sdwa"),
        Extra::Dpp(..) => format!("{name}_dpp"),
        _ if inst.encoding == Format::Vop3 => format!("{name}_e64"),
        _ => format!("{name}_e32"),
    }
}

/// The spelling of a scalar register (tuple) by operand code.
fn scalar_name(code: u8, count: u8) -> String {
    let named = |base: &str| -> String {
        match count {
            1 => format!(
                "{base}_{}",
                if code.is_multiple_of(2) { "lo" } else { "hi" }
            ),
            _ => base.to_string(),
        }
    };
    match code {
        0..=101 if count == 1 => format!("s{code}"),
        0..=101 => format!("s[{}:{}]", code, code as u32 + count as u32 - 1),
        102 | 103 => named("flat_scratch"),
        104 | 105 => named("xnack_mask"),
        106 | 107 => named("vcc"),
        108 | 109 => named("tba"),
        110 | 111 => named("tma"),
        112..=123 if count == 1 => format!("ttmp{}", code - 112),
        112..=123 => format!(
            "ttmp[{}:{}]",
            code - 112,
            code as u32 - 112 + count as u32 - 1
        ),
        124 => "m0".to_string(),
        126 | 127 => named("exec"),
        _ => format!("invalid_{code}"),
    }
}

fn float_text(index: usize, ty: ValueType) -> &'static str {
    const TEXT: [&str; 9] = [
        "0.5",
        "-0.5",
        "1.0",
        "-1.0",
        "2.0",
        "-2.0",
        "4.0",
        "-4.0",
        "0.15915494",
    ];
    if ty == ValueType::B64 && index == 8 {
        "0.15915494309189532"
    } else {
        TEXT[index]
    }
}

/// Spelling of a literal: llvm prints literals that equal an inline constant as that constant.
fn literal_text(value: u32, ty: ValueType) -> String {
    match ty {
        ValueType::B64 => {
            if value <= 64 {
                format!("{value}")
            } else {
                format!("{value:#x}")
            }
        }
        ValueType::B32 => {
            let s = value as i32;
            if (-16..=64).contains(&s) {
                format!("{s}")
            } else if let Some(k) = INLINE_F32.iter().position(|&x| x == value) {
                float_text(k, ty).to_string()
            } else {
                format!("{value:#x}")
            }
        }
        ValueType::F16 | ValueType::I16 => {
            let v = value as u16;
            let s = v as i16;
            if (-16..=64).contains(&s) {
                format!("{s}")
            } else if let (ValueType::F16, Some(k)) = (ty, INLINE_F16.iter().position(|&x| x == v))
            {
                float_text(k, ty).to_string()
            } else {
                format!("{v:#x}")
            }
        }
    }
}

fn operand_text(op: Operand, ty: ValueType) -> String {
    match op {
        Operand::None => String::new(),
        Operand::Scalar { code, count } => scalar_name(code, count),
        Operand::Vector {
            index,
            count: 0 | 1,
        } => format!("v{index}"),
        Operand::Vector { index, count } => {
            format!("v[{}:{}]", index, index as u32 + count as u32 - 1)
        }
        Operand::Inline(code @ 128..=192) => format!("{}", code - 128),
        Operand::Inline(code @ 193..=208) => format!("-{}", code - 192),
        Operand::Inline(code) => {
            let k = (code - 240) as usize;
            if ty == ValueType::I16 {
                format!("{:#x}", INLINE_F16[k])
            } else {
                float_text(k, ty).to_string()
            }
        }
        Operand::Literal(v) => literal_text(v, ty),
        Operand::Vccz => "src_vccz".into(),
        Operand::Execz => "src_execz".into(),
        Operand::Scc => "src_scc".into(),
        Operand::LdsDirect => "src_lds_direct".into(),
    }
}

/// The constant type of source `s` of `inst`.
fn source_type(inst: &Instruction, s: usize) -> ValueType {
    let f = inst.info.flags;
    let width = match inst.src[s] {
        Operand::Scalar { count, .. } | Operand::Vector { count, .. } => count,
        _ => inst.info.widths.get(s + 1).copied().unwrap_or(1),
    };
    if width >= 2 {
        ValueType::B64
    } else if f & I16 != 0 {
        ValueType::I16
    } else if f & F16 != 0 && (s == 0 || inst.encoding == Format::Vop3) {
        ValueType::F16
    } else {
        ValueType::B32
    }
}

struct Printer {
    out: String,
    first: bool,
}

impl Printer {
    fn arg(&mut self, text: &str) {
        self.out.push_str(if self.first { " " } else { ", " });
        self.first = false;
        self.out.push_str(text);
    }

    fn word(&mut self, text: &str) {
        self.out.push(' ');
        self.out.push_str(text);
    }

    fn op(&mut self, op: Operand) {
        let t = operand_text(op, ValueType::B32);
        self.arg(&t);
    }

    fn source(&mut self, inst: &Instruction, s: usize, mods: Option<&VopModifiers>) {
        let mut t = operand_text(inst.src[s], source_type(inst, s));
        if let Some(m) = mods {
            let bit = 1u8 << s;
            if m.sext & bit != 0 {
                t = format!("sext({t})");
            }
            let constant = matches!(inst.src[s], Operand::Inline(_) | Operand::Literal(_));
            if m.abs & bit != 0 {
                t = format!("|{t}|");
            }
            if m.neg & bit != 0 {
                // llvm spells a negated constant without abs as neg(..).
                t = if constant && m.abs & bit == 0 {
                    format!("neg({t})")
                } else {
                    format!("-{t}")
                };
            }
        }
        self.arg(&t);
    }

    fn instruction(&mut self, inst: &Instruction) {
        match inst.encoding {
            Format::Sop2 | Format::Sop1 | Format::Sopc => self.salu(inst),
            Format::Sopk => self.sopk(inst),
            Format::Sopp => self.sopp(inst),
            Format::Smem => self.smem(inst),
            Format::Vop1 | Format::Vop2 | Format::Vopc => self.vop(inst),
            Format::Vop3 => self.vop3(inst),
            Format::Vintrp => self.vintrp(inst),
            Format::Ds => self.ds(inst),
            Format::Mubuf | Format::Mtbuf => self.buffer(inst),
            Format::Flat => self.flat(inst),
            Format::Mimg => self.mimg(inst),
        }
    }

    fn salu(&mut self, inst: &Instruction) {
        if inst.dst != Operand::None {
            self.op(inst.dst);
        }
        for s in 0..2 {
            if inst.src[s] == Operand::None {
                continue;
            }
            if s == 1 && inst.info.flags & SRC1_IMM != 0 {
                if let Operand::Literal(v) = inst.src[1] {
                    let text = if v <= 15 {
                        super::special::gpr_idx(v as u16)
                    } else {
                        format!("{v:#x}")
                    };
                    self.arg(&text);
                }
                continue;
            }
            self.source(inst, s, None);
        }
    }

    fn sopk(&mut self, inst: &Instruction) {
        let f = inst.info.flags;
        match inst.extra {
            Extra::SetregImm32 { simm16, imm32 } => {
                self.arg(&hwreg(simm16));
                self.arg(&literal_text(imm32, ValueType::B32));
            }
            Extra::Simm16(simm) if f & HWREG != 0 => {
                if inst.dst != Operand::None {
                    self.op(inst.dst);
                    self.arg(&hwreg(simm));
                } else {
                    self.arg(&hwreg(simm));
                    self.op(inst.src[0]);
                }
            }
            Extra::Simm16(simm) => {
                self.op(inst.dst);
                if f & BRANCH != 0 {
                    self.arg(&format!("{simm}"));
                } else {
                    self.arg(&format!("{simm:#x}"));
                }
            }
            _ => {}
        }
    }

    fn sopp(&mut self, inst: &Instruction) {
        let f = inst.info.flags;
        let Extra::Simm16(simm) = inst.extra else {
            return;
        };
        if f & NO_IMM != 0 || (f & OPT_IMM != 0 && simm == 0) {
            return;
        }
        let text = if f & WAITCNT != 0 {
            waitcnt(simm)
        } else if f & SENDMSG != 0 {
            sendmsg(simm)
        } else if f & GPR_IDX != 0 && simm <= 15 {
            super::special::gpr_idx(simm)
        } else if f & (BRANCH | OPT_IMM) != 0 {
            format!("{simm}")
        } else {
            small_decimal_else_hex(simm as u32)
        };
        self.arg(&text);
    }

    fn smem(&mut self, inst: &Instruction) {
        let f = inst.info.flags;
        if inst.dst != Operand::None {
            if f & SDATA_IMM != 0 {
                if let Operand::Scalar { code, .. } = inst.dst {
                    self.arg(&small_decimal_else_hex(code as u32));
                }
            } else {
                self.op(inst.dst);
            }
        }
        if inst.src[0] != Operand::None {
            self.op(inst.src[0]);
            match inst.src[1] {
                Operand::Literal(v) => self.arg(&format!("{v:#x}")),
                other => self.op(other),
            }
        }
        let data_access = f & SDATA_IMM == 0 && inst.info.widths[0] > 0 && inst.info.widths[1] > 0;
        if let (Extra::Smem { glc: true }, true) = (inst.extra, data_access) {
            self.word("glc");
        }
    }

    /// VOP1/VOP2/VOPC in their 32-bit, SDWA and DPP forms.
    fn vop(&mut self, inst: &Instruction) {
        let f = inst.info.flags;
        let mods = match &inst.extra {
            Extra::Sdwa(_, m) | Extra::Dpp(_, m) => Some(*m),
            _ => None,
        };
        if inst.encoding == Format::Vopc {
            self.arg("vcc");
        } else if inst.dst != Operand::None {
            self.op(inst.dst);
        }
        if inst.encoding == Format::Vop2 && f & VCC_OUT != 0 {
            self.arg("vcc");
        }
        if inst.src[0] != Operand::None {
            self.source(inst, 0, mods.as_ref());
        }
        if let Extra::K(k) = inst.extra {
            if f & K_MID != 0 {
                self.arg(&format!("{k:#x}"));
                self.source(inst, 1, None);
                return;
            }
            self.source(inst, 1, None);
            self.arg(&format!("{k:#x}"));
            return;
        }
        if inst.encoding != Format::Vop1 && inst.src[1] != Operand::None {
            self.source(inst, 1, mods.as_ref());
        }
        if f & VCC_IN != 0 {
            self.arg("vcc");
        }
        match inst.extra {
            Extra::Sdwa(s, m) => {
                if m.clamp {
                    self.word("clamp");
                }
                if inst.encoding != Format::Vopc {
                    self.word(&format!("dst_sel:{}", sel_name(s.dst_sel)));
                    let unused =
                        ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"][s.dst_unused as usize];
                    self.word(&format!("dst_unused:{unused}"));
                }
                self.word(&format!("src0_sel:{}", sel_name(s.src0_sel)));
                if inst.encoding != Format::Vop1 {
                    self.word(&format!("src1_sel:{}", sel_name(s.src1_sel)));
                }
            }
            Extra::Dpp(d, _) => {
                self.word(&dpp_ctrl(d.ctrl));
                self.word(&format!("row_mask:{:#x}", d.row_mask));
                self.word(&format!("bank_mask:{:#x}", d.bank_mask));
                if d.bound_ctrl {
                    self.word("bound_ctrl:1");
                }
            }
            _ => {}
        }
    }

    fn vop3(&mut self, inst: &Instruction) {
        let Extra::Vop3(mods) = inst.extra else {
            return;
        };
        if inst.dst != Operand::None {
            self.op(inst.dst);
        }
        if inst.sdst != Operand::None {
            self.op(inst.sdst);
        }
        for s in 0..3 {
            if inst.src[s] != Operand::None {
                self.source(inst, s, Some(&mods));
            }
        }
        if mods.clamp {
            self.word("clamp");
        }
        match mods.omod {
            1 => self.word("mul:2"),
            2 => self.word("mul:4"),
            3 => self.word("div:2"),
            _ => {}
        }
    }

    fn vintrp(&mut self, inst: &Instruction) {
        let Extra::Interp { attr, chan } = inst.extra else {
            return;
        };
        self.out.push_str("_e32");
        self.op(inst.dst);
        if inst.info.opcode == 2 {
            let Operand::Vector { index, .. } = inst.src[0] else {
                return;
            };
            let p = ["p10", "p20", "p0"].get(index as usize).copied();
            self.arg(&p.map_or(format!("invalid_param_{index}"), str::to_string));
        } else {
            self.op(inst.src[0]);
        }
        self.arg(&format!(
            "attr{attr}.{}",
            ["x", "y", "z", "w"][chan as usize]
        ));
    }

    fn ds(&mut self, inst: &Instruction) {
        for op in [inst.dst, inst.src[0], inst.src[1], inst.src[2]] {
            if op != Operand::None {
                self.op(op);
            }
        }
        let Extra::Ds {
            offset0,
            offset1,
            gds,
        } = inst.extra
        else {
            return;
        };
        if inst.info.flags & OFFSET2 != 0 {
            if offset0 != 0 {
                self.word(&format!("offset0:{offset0}"));
            }
            if offset1 != 0 {
                self.word(&format!("offset1:{offset1}"));
            }
        } else {
            let offset = offset0 as u16 | (offset1 as u16) << 8;
            if inst.info.opcode == DS_SWIZZLE_B32 && offset != 0 {
                self.word(&format!("offset:{}", swizzle(offset)));
            } else if offset != 0 {
                self.word(&format!("offset:{offset}"));
            }
        }
        if gds {
            self.word("gds");
        }
    }

    fn buffer(&mut self, inst: &Instruction) {
        let Extra::Buffer {
            offset,
            offen,
            idxen,
            cache,
            lds,
            tfe,
            dfmt,
            nfmt,
        } = inst.extra
        else {
            return;
        };
        if inst.src[1] == Operand::None {
            return;
        }
        if inst.info.opcode == MUBUF_STORE_LDS_DWORD && inst.encoding == Format::Mubuf {
            self.op(inst.src[1]);
            self.op(inst.src[2]);
            if offset != 0 {
                self.word(&format!("offset:{offset}"));
            }
            self.word("lds");
            self.cache_policy(cache);
            return;
        }
        if inst.dst != Operand::None {
            self.op(inst.dst);
        }
        if inst.src[0] == Operand::None {
            self.arg("off");
        } else {
            self.op(inst.src[0]);
        }
        self.op(inst.src[1]);
        self.op(inst.src[2]);
        if inst.encoding == Format::Mtbuf {
            if let Some(text) = super::special::buffer_format(dfmt, nfmt) {
                self.word(&text);
            }
        }
        if idxen {
            self.word("idxen");
        }
        if offen {
            self.word("offen");
        }
        if offset != 0 {
            self.word(&format!("offset:{offset}"));
        }
        self.cache_policy(cache);
        if lds {
            self.word("lds");
        }
        if tfe {
            self.word("tfe");
        }
    }

    fn cache_policy(&mut self, cache: CachePolicy) {
        if cache.glc {
            self.word("glc");
        }
        if cache.slc {
            self.word("slc");
        }
    }

    fn flat(&mut self, inst: &Instruction) {
        for op in [inst.dst, inst.src[0], inst.src[1]] {
            if op != Operand::None {
                self.op(op);
            }
        }
        let Extra::Flat { cache, tfe } = inst.extra else {
            return;
        };
        self.cache_policy(cache);
        if tfe {
            self.word("tfe");
        }
    }

    fn mimg(&mut self, inst: &Instruction) {
        for op in [inst.dst, inst.src[0], inst.src[1], inst.src[2]] {
            if op != Operand::None {
                self.op(op);
            }
        }
        let Extra::Image { dmask, cache, bits } = inst.extra else {
            return;
        };
        let _ = write!(self.out, " dmask:{dmask:#x}");
        if bits & image_bits::UNORM != 0 {
            self.word("unorm");
        }
        self.cache_policy(cache);
        for (bit, name) in [
            (image_bits::R128, "r128"),
            (image_bits::TFE, "tfe"),
            (image_bits::LWE, "lwe"),
            (image_bits::DA, "da"),
            (image_bits::D16, "d16"),
        ] {
            if bits & bit != 0 {
                self.word(name);
            }
        }
    }
}

/// Immediates llvm prints in decimal up to 64 and in hex above.
fn small_decimal_else_hex(value: u32) -> String {
    if value <= 64 {
        value.to_string()
    } else {
        format!("{value:#x}")
    }
}

fn sel_name(sel: SdwaSel) -> &'static str {
    match sel {
        SdwaSel::Byte0 => "BYTE_0",
        SdwaSel::Byte1 => "BYTE_1",
        SdwaSel::Byte2 => "BYTE_2",
        SdwaSel::Byte3 => "BYTE_3",
        SdwaSel::Word0 => "WORD_0",
        SdwaSel::Word1 => "WORD_1",
        SdwaSel::Dword => "DWORD",
    }
}
