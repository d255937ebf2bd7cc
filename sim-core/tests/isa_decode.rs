//! Unit tests of tricky decodes. Every encoding/text pair below was produced by
//! `llvm-mc-15 -arch=amdgcn -mcpu=gfx803 -show-encoding` or `llvm-objdump-15`.

use sim_core::isa::operand::{EXEC_LO, VCC_LO};
use sim_core::isa::{
    branch_target, decode, decode_all, Category, Dpp, Extra, Format, Operand, SdwaSel, ValueType,
};

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn text(words: &[u32]) -> String {
    decode(&bytes(words)).expect("decodes").to_string()
}

#[test]
fn literal_and_inline_constants() {
    // s_mov_b32 s0, 1.0 (inline 242) and the same value as a literal.
    let inline = decode(&bytes(&[0xBE8000F2])).unwrap();
    assert_eq!((inline.size, inline.src[0]), (4, Operand::Inline(242)));
    let literal = decode(&bytes(&[0xBE8000FF, 0x3F800000])).unwrap();
    assert_eq!(
        (literal.size, literal.src[0]),
        (8, Operand::Literal(0x3F80_0000))
    );
    assert_eq!(literal.to_string(), "s_mov_b32 s0, 1.0");
    assert_eq!(text(&[0xBE8000FF, 0x00000041]), "s_mov_b32 s0, 0x41");
    assert_eq!(text(&[0xBE8000FF, 0xFFFFFFEF]), "s_mov_b32 s0, 0xffffffef");
    assert_eq!(text(&[0xBE8000D0]), "s_mov_b32 s0, -16");
    assert_eq!(text(&[0xBE8000F8]), "s_mov_b32 s0, 0.15915494");
    // 64-bit operands: 1/(2π) in double precision, literals are printed as the 32 bits.
    assert_eq!(text(&[0xBE8001F8]), "s_mov_b64 s[0:1], 0.15915494309189532");
    assert_eq!(
        text(&[0xBE8001FF, 0x3FF00000]),
        "s_mov_b64 s[0:1], 0x3ff00000"
    );
    // 16-bit integer operands print float inline constants as their bit pattern.
    assert_eq!(text(&[0x4C0002F2]), "v_add_u16_e32 v0, 0x3c00, v1");
    assert_eq!(text(&[0x3E0002F2]), "v_add_f16_e32 v0, 1.0, v1");
    assert_eq!(Operand::inline_value32(242, ValueType::F16), 0x3C00);
    assert_eq!(Operand::inline_value32(248, ValueType::B32), 0x3E22_F983);
    assert_eq!(
        Operand::inline_value32(208, ValueType::B32),
        (-16i32) as u32
    );
    assert_eq!(Operand::inline_value64(242), 0x3FF0_0000_0000_0000);
}

#[test]
fn literal_missing_is_an_error_not_a_panic() {
    let err = decode(&bytes(&[0xBE8000FF])).unwrap_err();
    assert_eq!((err.format, err.opcode), (Some(Format::Sop1), 0));
    assert!(err.to_string().contains("truncated"), "{err}");
    assert!(decode(&[0x01, 0x02]).is_err());
}

#[test]
fn sdwa_fields() {
    // v_add_f32_sdwa v0, -|v1|, v2 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
    let words = [0x020004F9, 0x06352401];
    let i = decode(&bytes(&words)).unwrap();
    let Extra::Sdwa(s, m) = i.extra else {
        panic!("not SDWA: {:?}", i.extra)
    };
    assert_eq!(
        (s.dst_sel, s.src0_sel, s.src1_sel),
        (SdwaSel::Word0, SdwaSel::Word1, SdwaSel::Dword)
    );
    assert!(m.clamp && m.neg == 1 && m.abs == 1);
    assert_eq!(i.src[0], Operand::Vector { index: 1, count: 1 });
    assert_eq!(
        i.to_string(),
        "v_add_f32_sdwa v0, -|v1|, v2 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD"
    );
}

#[test]
fn dpp_fields() {
    // v_mov_b32_dpp v0, v1 row_shr:15 row_mask:0xf bank_mask:0xf bound_ctrl:1
    let i = decode(&bytes(&[0x7E0002FA, 0xFF091F01])).unwrap();
    let Extra::Dpp(d, _) = i.extra else {
        panic!("not DPP")
    };
    assert_eq!(
        d,
        Dpp {
            ctrl: 0x11F,
            bound_ctrl: true,
            row_mask: 0xF,
            bank_mask: 0xF
        }
    );
    assert_eq!(
        i.to_string(),
        "v_mov_b32_dpp v0, v1 row_shr:15 row_mask:0xf bank_mask:0xf bound_ctrl:1"
    );
}

#[test]
fn vop3b_scalar_destination_and_tuples() {
    // v_add_u32_e64 v13, s[0:1], v4, v10
    let i = decode(&bytes(&[0xD119000D, 0x00021504])).unwrap();
    assert_eq!((i.encoding, i.info.format), (Format::Vop3, Format::Vop2));
    assert_eq!(
        i.dst,
        Operand::Vector {
            index: 13,
            count: 1
        }
    );
    assert_eq!(i.sdst, Operand::Scalar { code: 0, count: 2 });
    assert_eq!(i.to_string(), "v_add_u32_e64 v13, s[0:1], v4, v10");
    // v_mad_u64_u32 v[6:7], s[0:1], v12, s0, v[4:5]
    let i = decode(&bytes(&[0xD1E80006, 0x0410010C])).unwrap();
    assert_eq!(i.dst, Operand::Vector { index: 6, count: 2 });
    assert_eq!(i.src[2], Operand::Vector { index: 4, count: 2 });
    assert_eq!(
        i.to_string(),
        "v_mad_u64_u32 v[6:7], s[0:1], v12, s0, v[4:5]"
    );
    // VOPC e32 writes vcc; s_and_saveexec_b64 s[0:1], vcc reads the vcc pair.
    let i = decode(&bytes(&[0x7D88020A])).unwrap();
    assert_eq!(
        i.sdst,
        Operand::Scalar {
            code: VCC_LO,
            count: 2
        }
    );
    let i = decode(&bytes(&[0xBE80206A])).unwrap();
    assert_eq!(
        i.src[0],
        Operand::Scalar {
            code: VCC_LO,
            count: 2
        }
    );
    assert_eq!(text(&[0x8888027E]), "s_xor_b64 s[8:9], exec, s[2:3]");
    assert_eq!(
        decode(&bytes(&[0x8888027E])).unwrap().src[0],
        Operand::Scalar {
            code: EXEC_LO,
            count: 2
        }
    );
    // s_load_dwordx4 s[12:15], s[6:7], 0x0 and a 128-bit buffer resource.
    let i = decode(&bytes(&[0xC00A0303, 0x00000000])).unwrap();
    assert_eq!(
        (i.dst, i.src[0]),
        (
            Operand::Scalar { code: 12, count: 4 },
            Operand::Scalar { code: 6, count: 2 }
        )
    );
    assert_eq!(i.info.category, Category::ScalarMemory);
}

#[test]
fn undecodable_words_name_encoding_and_opcode() {
    // VOP1 opcode 0x7f does not exist on gfx8.
    let err = decode(&bytes(&[0x7E00FE00])).unwrap_err();
    assert_eq!((err.format, err.opcode), (Some(Format::Vop1), 0x7F));
    // VOP3 cannot take a literal on gfx8.
    let err = decode(&bytes(&[0xD1010000, 0x000202FF])).unwrap_err();
    assert_eq!(err.format, Some(Format::Vop3));
    // EXP is a graphics encoding.
    assert!(decode(&bytes(&[0xC4000000, 0])).is_err());
    // Image instructions decode (so the emulator can name them) with category Image.
    let i = decode(&bytes(&[0xF1000100, 0x00620004])).unwrap();
    assert_eq!(
        (i.info.mnemonic, i.info.category),
        ("image_gather4", Category::Image)
    );
}

#[test]
fn decode_all_resumes_after_errors_and_computes_branch_targets() {
    // s_waitcnt lgkmcnt(0); <invalid>; s_cbranch_execz 283; s_endpgm
    let code = bytes(&[0xBF8C007F, 0x7E00FE00, 0xBF88011B, 0xBF810000]);
    let all = decode_all(&code, 0x100);
    let pcs: Vec<u64> = all.iter().map(|d| d.pc).collect();
    assert_eq!(pcs, [0x100, 0x104, 0x108, 0x10C]);
    assert!(all[1].result.is_err());
    let wait = all[0].result.as_ref().unwrap();
    assert_eq!(
        (wait.info.category, wait.to_string().as_str()),
        (Category::Waitcnt, "s_waitcnt lgkmcnt(0)")
    );
    let branch = all[2].result.as_ref().unwrap();
    assert_eq!(branch_target(branch, 0x108), Some(0x108 + 4 + 283 * 4));
    assert_eq!(
        all[3].result.as_ref().unwrap().info.category,
        Category::EndProgram
    );
}

#[test]
fn modifiers_are_resolved_and_checked_like_llvm() {
    // llvm-mc rejects both: neg on an integer VOP3b source, clamp on v_and_b32_e64.
    assert!(decode(&bytes(&[0xD1190000, 0x20020501])).is_err());
    assert!(decode(&bytes(&[0xD1138000, 0x00020501])).is_err());
    assert_eq!(text(&[0xD1130000, 0x00020501]), "v_and_b32_e64 v0, v1, v2");
    assert_eq!(
        text(&[0xD1010000, 0x08020501]),
        "v_add_f32_e64 v0, v1, v2 mul:2"
    );
    // v_ldexp_f32 v10, -|s20|, sext(v30): the integer operand's neg bit means sext.
    let i = decode(&bytes(&[0xD288010A, 0x60023C14])).unwrap();
    let Extra::Vop3(m) = i.extra else {
        panic!("not VOP3")
    };
    assert_eq!((m.neg, m.abs, m.sext), (1, 1, 2));
    assert_eq!(i.to_string(), "v_ldexp_f32 v10, -|s20|, sext(v30)");
}

#[test]
fn decoded_code_finds_instructions_by_pc() {
    // s_mov_b32 s0, 0x41 (8 bytes); <invalid>; s_endpgm
    let code = sim_core::isa::DecodedCode::new(
        &bytes(&[0xBE8000FF, 0x41, 0x7E00FE00, 0xBF810000]),
        0x1000,
    );
    assert_eq!(
        code.at(0x1000).unwrap().unwrap().to_string(),
        "s_mov_b32 s0, 0x41"
    );
    assert!(code.at(0x1004).is_none(), "middle of an instruction");
    assert!(code.at(0x1008).unwrap().is_err());
    assert_eq!(
        code.at(0x100C).unwrap().unwrap().info.category,
        Category::EndProgram
    );
    assert!(code.at(0x1010).is_none() && code.at(0xFFC).is_none() && code.at(0x1002).is_none());
    assert!(
        std::mem::size_of::<sim_core::isa::Instruction>() <= 64,
        "keep instructions compact"
    );
}
