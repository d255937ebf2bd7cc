//! Instruction-family tests of the functional emulator: short programs assembled by
//! llvm-mc-15 (the encoding oracle) run on one wavefront; results are checked against
//! values worked out from the GCN3 ISA definitions.

use sim_core::config::PlatformConfig;
use sim_core::driver::{Buffer, Driver};
use sim_core::emu::buffer::BufferResource;
use sim_core::emu::memory::{Tlb, TlbEntries};
use sim_core::emu::program::Env;
use sim_core::emu::{FaultKind, Program, WaveStatus, Wavefront};
use std::process::Command;
use std::sync::Arc;

const BASE: u64 = 0x10_0000;

/// Machine code of `asm` (gfx803), followed by `s_endpgm`: assembled to an object by
/// llvm-mc-15 (labels resolved) and its `.text` extracted by llvm-objcopy-15.
fn assemble(asm: &str) -> Vec<u8> {
    let dir =
        std::env::temp_dir().join(format!("gcnsim-emu-{}-{:x}", std::process::id(), hash(asm)));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, obj, bin) = (dir.join("t.s"), dir.join("t.o"), dir.join("t.bin"));
    std::fs::write(&src, format!("{asm}\ns_endpgm\n")).unwrap();
    let mc = Command::new("llvm-mc-15")
        .args(["-arch=amdgcn", "-mcpu=gfx803", "-filetype=obj", "-o"])
        .arg(&obj)
        .arg(&src)
        .output()
        .expect("llvm-mc-15 is installed");
    assert!(
        mc.status.success(),
        "{}",
        String::from_utf8_lossy(&mc.stderr)
    );
    let copy = Command::new("llvm-objcopy-15")
        .args(["-O", "binary", "--only-section=.text"])
        .arg(&obj)
        .arg(&bin)
        .output()
        .expect("llvm-objcopy-15 is installed");
    assert!(
        copy.status.success(),
        "{}",
        String::from_utf8_lossy(&copy.stderr)
    );
    let bytes = std::fs::read(&bin).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

struct Machine {
    driver: Arc<Driver>,
    lds: Vec<u8>,
}

impl Machine {
    fn new() -> Machine {
        Machine {
            driver: Driver::new(&PlatformConfig::default_platform()),
            lds: vec![0; 2048],
        }
    }

    fn buffer(&self, words: &[u32]) -> Arc<Buffer> {
        let b = self.driver.create_buffer(4 * words.len() as u64).unwrap();
        b.make_resident(0).unwrap();
        b.write(
            0,
            0,
            &words
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect::<Vec<_>>(),
        )
        .unwrap();
        b
    }

    fn words(&self, b: &Buffer) -> Vec<u32> {
        let mut out = vec![0u8; b.size() as usize];
        b.read(0, 0, &mut out).unwrap();
        out.chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// Runs `asm` on a wavefront prepared by `init` (v0 = lane id, EXEC all ones).
    fn run(
        &mut self,
        asm: &str,
        init: impl FnOnce(&mut Wavefront),
    ) -> Result<Wavefront, (FaultKind, u64)> {
        let program = Program::new(&assemble(asm), BASE);
        let mut w = Wavefront::new(16);
        w.pc = BASE;
        w.set_exec(u64::MAX);
        w.sgprs[124] = u32::MAX; // M0: LDS limit
        for l in 0..64 {
            w.vgprs[0][l] = l as u32;
        }
        init(&mut w);
        let mut translations = TlbEntries::default();
        let mut env = Env {
            tlb: Tlb::new(self.driver.gpu(0).unwrap(), &mut translations),
            lds: &mut self.lds,
        };
        while w.status == WaveStatus::Running {
            if w.executed > 10_000 {
                return Err((FaultKind::InstructionLimit(10_000), w.pc));
            }
            program.execute(&mut w, &mut env).map_err(|k| (k, w.pc))?;
        }
        Ok(w)
    }
}

#[test]
fn scalar_carry_chains_and_scc() {
    let mut m = Machine::new();
    let w = m
        .run(
            "s_add_u32 s0, s2, s4\ns_addc_u32 s1, s3, s5\ns_cselect_b32 s10, 1, 2\n\
             s_sub_u32 s6, s2, s4\ns_subb_u32 s7, s3, s5\ns_cselect_b32 s11, 1, 2\n\
             s_add_i32 s12, s13, s13\ns_cselect_b32 s14, 1, 2",
            |w| {
                w.set_pair(2, 0xffff_ffff_ffff_fff0);
                w.set_pair(4, 0x0000_0001_0000_0020);
                w.sgprs[13] = 0x4000_0000;
            },
        )
        .unwrap();
    let (a, b) = (0xffff_ffff_ffff_fff0u64, 0x0000_0001_0000_0020u64);
    assert_eq!(w.pair(0), a.wrapping_add(b));
    assert_eq!(w.sgprs[10], 1, "carry out of the high half");
    assert_eq!(w.pair(6), a.wrapping_sub(b));
    assert_eq!(w.sgprs[11], 2, "no borrow out of the high half");
    assert_eq!(w.sgprs[12], 0x8000_0000);
    assert_eq!(w.sgprs[14], 1, "signed overflow sets SCC");
}

#[test]
fn scalar_64_bit_shifts_bit_fields_and_scans() {
    let mut m = Machine::new();
    let w = m
        .run(
            "s_lshl_b64 s[0:1], s[2:3], 40\ns_lshr_b64 s[4:5], s[2:3], 36\ns_ashr_i64 s[6:7], s[2:3], 60\n\
             s_bfe_i32 s8, s9, 0x40008\ns_bfe_u64 s[10:11], s[2:3], 0x100020\ns_ff1_i32_b64 s12, s[2:3]\n\
             s_brev_b32 s13, s9\ns_bcnt1_i32_b64 s14, s[2:3]\ns_flbit_i32_b32 s15, s9\ns_bitset1_b32 s16, 5\n\
             s_not_b32 s17, -1\ns_cselect_b32 s18, 1, 2",
            |w| {
                w.set_pair(2, 0x8123_4567_89ab_cd00);
                w.sgprs[9] = 0x0000_0b00;
                w.sgprs[16] = 1;
            },
        )
        .unwrap();
    let v = 0x8123_4567_89ab_cd00u64;
    assert_eq!(w.pair(0), v << 40);
    assert_eq!(w.pair(4), v >> 36);
    assert_eq!(w.pair(6), ((v as i64) >> 60) as u64);
    assert_eq!(w.sgprs[8], 0xffff_fffb, "bits 11:8 = 0b1011 sign-extended");
    assert_eq!(w.pair(10), 0x4567);
    assert_eq!(w.sgprs[12], 8);
    assert_eq!(w.sgprs[13], 0x00d0_0000);
    assert_eq!(w.sgprs[14], v.count_ones());
    assert_eq!(w.sgprs[15], 20);
    assert_eq!(w.sgprs[16], 0x21);
    assert_eq!(w.sgprs[18], 2, "s_not of -1 is zero: SCC clear");
}

#[test]
fn scalar_branches_loops_and_exec_masking() {
    let mut m = Machine::new();
    let w = m
        .run(
            "s_mov_b32 s0, 0\ns_mov_b32 s1, 0\nloop:\ns_add_u32 s1, s1, s0\ns_add_u32 s0, s0, 1\n\
             s_cmp_lt_u32 s0, 10\ns_cbranch_scc1 loop\n\
             s_mov_b64 exec, 0\ns_cbranch_execz skip\ns_mov_b32 s2, 99\nskip:\ns_mov_b64 exec, -1\n\
             s_mov_b64 vcc, 0\ns_cbranch_vccnz bad\ns_mov_b32 s3, 7\nbad:\n\
             s_movk_i32 s4, 0x8000\ns_cmpk_lt_i32 s4, 0\ns_cselect_b32 s5, 1, 2",
            |_| {},
        )
        .unwrap();
    assert_eq!(w.sgprs[1], 45);
    assert_eq!(w.sgprs[2], 0, "execz branch taken");
    assert_eq!(w.sgprs[3], 7, "vccnz branch not taken");
    assert_eq!(w.sgprs[4], 0xffff_8000, "s_movk sign-extends");
    assert_eq!(w.sgprs[5], 1);
}

#[test]
fn saveexec_calls_and_getpc() {
    let mut m = Machine::new();
    let w = m
        .run(
            "s_mov_b64 s[2:3], 0xff\ns_and_saveexec_b64 s[4:5], s[2:3]\ns_cselect_b32 s10, 1, 2\ns_getpc_b64 s[6:7]\n\
             s_add_u32 s6, s6, func-.\ns_addc_u32 s7, s7, 0\ns_swappc_b64 s[30:31], s[6:7]\n\
             s_mov_b32 s9, 5\ns_endpgm\nfunc:\ns_mov_b32 s8, 42\ns_setpc_b64 s[30:31]",
            |_| {},
        )
        .unwrap();
    assert_eq!(w.pair(4), u64::MAX, "old EXEC saved");
    assert_eq!(w.exec(), 0xff);
    assert_eq!(w.sgprs[10], 1, "SCC: EXEC is not zero");
    assert_eq!((w.sgprs[8], w.sgprs[9]), (42, 5), "called and returned");
}

#[test]
fn setreg_and_getreg_of_mode() {
    let mut m = Machine::new();
    let w = m.run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf\ns_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 8)", |w| w.mode = 0x2).unwrap();
    assert_eq!(w.sgprs[0], 0xf2);
    assert_eq!(w.float_mode().denorm_f32, 3);
}

#[test]
fn cross_lane_moves() {
    let mut m = Machine::new();
    let w = m
        .run(
            "s_mov_b32 s0, 5\nv_readlane_b32 s1, v0, 37\nv_writelane_b32 v1, s0, 9\nv_readfirstlane_b32 s2, v0\n\
             s_mov_b32 m0, 2\nv_movrels_b32 v3, v0\nv_movreld_b32 v4, v0",
            |w| {
                w.set_exec(!0xf);
                for l in 0..64 {
                    w.vgprs[2][l] = 1000 + l as u32;
                }
            },
        )
        .unwrap();
    assert_eq!(w.sgprs[1], 37);
    assert_eq!(w.vgprs[1][9], 5);
    assert_eq!(w.vgprs[1][8], 0);
    assert_eq!(w.sgprs[2], 4, "first active lane");
    assert_eq!(w.vgprs[3][10], 1010, "v3 = v[0 + m0]");
    assert_eq!(w.vgprs[3][1], 0, "inactive lane untouched");
    assert_eq!(w.vgprs[6][20], 20, "v[4 + m0] = v0");
}

#[test]
fn lds_two_address_forms_bounds_and_atomics_with_return() {
    let mut m = Machine::new();
    let w = m.run(
        "v_lshlrev_b32 v5, 2, v0\nv_add_u32 v6, vcc, 100, v0\n\
             ds_write2_b32 v5, v0, v6 offset0:0 offset1:64\ns_waitcnt lgkmcnt(0)\n\
             ds_read2st64_b32 v[7:8], v5 offset0:0 offset1:1\n\
             v_mov_b32 v9, 0x2000\nds_read_b32 v10, v9\nds_write_b32 v9, v6\n\
             v_mov_b32 v11, 0x300\nv_mov_b32 v12, 1\nds_add_rtn_u32 v13, v11, v12\n\
             ds_read_u16 v14, v11 offset:512\nds_read_i8 v15, v11 offset:513",
        |_| {},
    );
    let w = w.unwrap();
    for l in 0..64 {
        assert_eq!(w.vgprs[7][l], l as u32);
        assert_eq!(
            w.vgprs[8][l],
            100 + l as u32,
            "offset1:64 dwords = 256 bytes = st64 offset 1"
        );
        assert_eq!(
            w.vgprs[10][l], 0,
            "read beyond the LDS allocation returns 0"
        );
        assert_eq!(
            w.vgprs[13][l], l as u32,
            "add with return sees lanes in order"
        );
    }
    assert_eq!(
        u32::from_le_bytes(m.lds[0x300..0x304].try_into().unwrap()),
        64
    );
    assert_eq!(
        w.vgprs[14][0],
        u32::from(u16::from_le_bytes([m.lds[0x500], m.lds[0x501]]))
    );
}

#[test]
fn ds_swizzle_and_bpermute() {
    let mut m = Machine::new();
    let w = m
        .run(
            "ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,1)\nv_lshlrev_b32 v2, 2, v0\nv_xor_b32 v2, 8, v2\n\
             ds_bpermute_b32 v3, v2, v0\nds_swizzle_b32 v4, v0 offset:swizzle(QUAD_PERM,3,2,1,0)",
            |_| {},
        );
    let w = w.unwrap();
    for l in 0..64u32 {
        assert_eq!(w.vgprs[1][l as usize], l ^ 1);
        assert_eq!(w.vgprs[3][l as usize], l ^ 2);
        assert_eq!(w.vgprs[4][l as usize], (l & !3) + 3 - (l & 3));
    }
}

#[test]
fn scratch_buffer_swizzle_and_range_check() {
    let mut m = Machine::new();
    let mem = m.buffer(&[0; 1024]);
    let raw = m.buffer(&[7; 16]);
    let scratch = BufferResource::scratch_words(mem.address());
    let w = m
        .run(
            "buffer_store_dword v0, off, s[4:7], s8 offset:4\nbuffer_store_dword v0, off, s[4:7], s8 offset:8\n\
             buffer_load_dword v1, off, s[4:7], s8 offset:4\n\
             v_lshlrev_b32 v2, 2, v0\nbuffer_load_dword v3, v2, s[12:15], 0 offen\n\
             buffer_store_dword v0, v2, s[12:15], 0 offen\n\
             buffer_load_format_x v4, off, s[4:7], s8 offset:8\n\
             tbuffer_load_format_x v5, off, s[4:7], s8 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT] offset:4",
            |w| {
                w.sgprs[4..8].copy_from_slice(&scratch);
                w.sgprs[8] = 256;
                let r = [raw.address() as u32, (raw.address() >> 32) as u32, 40, 0];
                w.sgprs[12..16].copy_from_slice(&r);
            },
        );
    let w = w.unwrap();
    let words = m.words(&mem);
    for l in 0..64 {
        // Wave base 256: dword 1 of lane l at 256 + 1·256 + 4l, dword 2 one row later.
        assert_eq!(words[(512 + 4 * l) / 4], l as u32);
        assert_eq!(words[(768 + 4 * l) / 4], l as u32);
        assert_eq!(w.vgprs[1][l], l as u32);
        assert_eq!(
            (w.vgprs[4][l], w.vgprs[5][l]),
            (l as u32, l as u32),
            "typed 32-bit loads"
        );
        assert_eq!(
            w.vgprs[3][l],
            if l < 10 { 7 } else { 0 },
            "num_records 40 bytes"
        );
    }
    let raw_words = m.words(&raw);
    assert_eq!(&raw_words[..10], &(0..10).collect::<Vec<u32>>()[..]);
    assert_eq!(
        &raw_words[10..],
        &[7; 6],
        "stores beyond num_records are dropped"
    );
}

#[test]
fn flat_atomics_with_return_and_64_bit_cmpswap() {
    let mut m = Machine::new();
    let mem = m.buffer(&[0, 0, 5, 0, 10, 0]);
    let a = mem.address();
    let w = m
        .run(
            "v_mov_b32 v1, s0\nv_mov_b32 v2, s1\nv_mov_b32 v3, 1\nflat_atomic_add v4, v[1:2], v3 glc\n\
             v_mov_b32 v5, s2\nv_mov_b32 v6, s3\nv_mov_b32 v7, 11\nv_mov_b32 v8, 0\nv_mov_b32 v9, 10\nv_mov_b32 v10, 0\n\
             flat_atomic_cmpswap_x2 v[11:12], v[5:6], v[7:10] glc",
            |w| {
                w.set_pair(0, a);
                w.set_pair(2, a + 16);
            },
        );
    let w = w.unwrap();
    let mut seen: Vec<u32> = w.vgprs[4].to_vec();
    seen.sort_unstable();
    assert_eq!(seen, (0..64).collect::<Vec<_>>());
    assert_eq!(w.vgprs[11][0], 10, "first lane sees the compare value");
    assert_eq!(w.vgprs[11][1], 11, "later lanes see the swapped value");
    assert_eq!(m.words(&mem), vec![64, 0, 5, 0, 11, 0]);
}

#[test]
fn scalar_loads_and_buffer_load_range() {
    let mut m = Machine::new();
    let mem = m.buffer(&(100..116).collect::<Vec<u32>>());
    let a = mem.address();
    let w = m
        .run(
            "s_load_dwordx4 s[4:7], s[0:1], 0x8\ns_load_dword s8, s[0:1], s9\n\
             s_buffer_load_dwordx2 s[16:17], s[12:15], 0x10\ns_buffer_store_dword s5, s[12:15], 0x0",
            |w| {
                w.set_pair(0, a);
                w.sgprs[9] = 0x3c;
                w.sgprs[12..16].copy_from_slice(&[a as u32, (a >> 32) as u32, 0x14, 0]);
            },
        )
        .unwrap();
    assert_eq!(&w.sgprs[4..8], &[102, 103, 104, 105]);
    assert_eq!(w.sgprs[8], 115);
    assert_eq!(
        (w.sgprs[16], w.sgprs[17]),
        (104, 0),
        "second dword beyond num_records reads 0"
    );
    assert_eq!(m.words(&mem)[0], 103);
}

#[test]
fn faults_name_the_cause() {
    let mut m = Machine::new();
    assert!(matches!(m.run("s_trap 2", |_| {}), Err((FaultKind::Trap(2), pc)) if pc == BASE));
    assert!(matches!(
        m.run("s_sethalt 1", |_| {}),
        Err((FaultKind::Halt, _))
    ));
    assert!(matches!(
        m.run("s_load_dword s0, s[2:3], 0x0", |w| w
            .set_pair(2, 0x7_0000_0000)),
        Err((FaultKind::UnmappedAddress(0x7_0000_0000), _))
    ));
    assert!(matches!(
        m.run("s_branch 200", |_| {}),
        Err((FaultKind::PcOutOfCode, _))
    ));
    assert!(matches!(
        m.run(
            "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1",
            |_| {}
        ),
        Err((FaultKind::Unsupported(_), _))
    ));
    // A resource of zeros is no image type gcnsim knows.
    assert!(matches!(
        m.run(
            "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf",
            |_| {}
        ),
        Err((FaultKind::Unsupported(_), _))
    ));
    let mut undecodable = assemble("s_nop 0");
    undecodable.splice(0..0, [0xff, 0xff, 0xff, 0xff]);
    let program = Program::new(&undecodable, BASE);
    let mut w = Wavefront::new(4);
    w.pc = BASE;
    let mut lds = [0u8; 4];
    let mut translations = TlbEntries::default();
    let mut env = Env {
        tlb: Tlb::new(m.driver.gpu(0).unwrap(), &mut translations),
        lds: &mut lds,
    };
    assert!(matches!(
        program.execute(&mut w, &mut env),
        Err(FaultKind::Undecodable(_))
    ));
}

#[test]
fn vector_dpp_sdwa_compares_and_carries() {
    let mut m = Machine::new();
    let w = m
        .run(
            "v_mov_b32 v1, -1\nv_mov_b32_dpp v1, v0 row_shr:1 row_mask:0xf bank_mask:0xf\n\
             v_mov_b32 v2, -1\nv_mov_b32_dpp v2, v0 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0\n\
             v_mov_b32 v3, -1\nv_mov_b32_dpp v3, v0 row_bcast:15 row_mask:0xa bank_mask:0xf\n\
             v_mov_b32 v4, 0x12345678\nv_mov_b32 v5, 0xabcd80ff\n\
             v_mov_b32_sdwa v4, v5 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1\n\
             v_add_u32_sdwa v6, vcc, sext(v5), v5 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_1\n\
             v_cmp_gt_u32_e64 s[10:11], v0, 40\nv_cndmask_b32_e64 v7, 1, 2, s[10:11]\n\
             v_mov_b32 v8, -1\nv_add_u32 v9, vcc, v0, v8\nv_addc_u32 v10, vcc, 0, 0, vcc\n\
             v_cmpx_lt_u32 vcc, v0, 20\nv_mov_b32 v11, 7",
            |_| {},
        )
        .unwrap();
    for l in 0..64usize {
        let lu = l as u32;
        assert_eq!(
            w.vgprs[1][l],
            if l % 16 == 0 { u32::MAX } else { lu - 1 },
            "row_shr:1 lane {l}"
        );
        assert_eq!(
            w.vgprs[2][l],
            if l % 16 == 15 { 0 } else { lu + 1 },
            "row_shl:1 bound_ctrl lane {l}"
        );
        let bcast = match l / 16 {
            1 => 15,
            3 => 47,
            _ => u32::MAX,
        };
        assert_eq!(w.vgprs[3][l], bcast, "row_bcast:15 lane {l}");
        assert_eq!(w.vgprs[4][l], 0x0080_5678);
        assert_eq!(
            w.vgprs[6][l],
            0xffff_ffff_u32.wrapping_add(0xabcd),
            "sext(byte0 0xff) + word1"
        );
        assert_eq!(w.vgprs[7][l], if l > 40 { 2 } else { 1 });
        assert_eq!(w.vgprs[9][l], lu.wrapping_sub(1));
        assert_eq!(
            w.vgprs[10][l],
            u32::from(l > 0),
            "carry of lane + 0xffffffff"
        );
        assert_eq!(
            w.vgprs[11][l],
            if l < 20 { 7 } else { 0 },
            "v_cmpx narrowed EXEC"
        );
    }
    assert_eq!(w.pair(10), !0u64 << 41);
    assert_eq!(w.exec(), (1 << 20) - 1);
}

#[test]
fn mac_reads_its_destination_and_madak_takes_k() {
    let mut m = Machine::new();
    let w = m
        .run(
            "v_cvt_f32_u32 v1, v0\nv_mov_b32 v2, 1.0\nv_mac_f32 v2, v1, v1\nv_madak_f32 v3, v1, v1, 0x40000000\n\
             v_madmk_f32 v4, v1, 0x40400000, v1",
            |_| {},
        )
        .unwrap();
    for l in 0..64usize {
        let x = l as f32;
        assert_eq!(f32::from_bits(w.vgprs[2][l]), x * x + 1.0);
        assert_eq!(f32::from_bits(w.vgprs[3][l]), x * x + 2.0);
        assert_eq!(f32::from_bits(w.vgprs[4][l]), x * 3.0 + x);
    }
}

/// Random instruction words on random register contents: every outcome is a result or a
/// fault, never a panic. `SEED=<n>` explores other streams.
#[test]
fn random_instruction_streams_never_panic() {
    let mut m = Machine::new();
    let mut seed = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x2545_f491_4f6c_dd1du64);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let prefixes: [u32; 10] = [
        0x8000_0000,
        0xbe80_0000,
        0xbf00_0000,
        0xb000_0000,
        0xc000_0000,
        0xd000_0000,
        0xd800_0000,
        0xdc00_0000,
        0xe000_0000,
        0x7e00_0000,
    ];
    let mut ok = 0;
    for _ in 0..8000 {
        let mut code = Vec::new();
        while code.len() < 64 {
            // Words biased towards real encodings, kept when they decode (1 in 16 kept
            // whatever it is, to reach the undecodable path too).
            let r = next();
            let w = (r as u32 & 0x03ff_ffff) | prefixes[(r >> 40) as usize % prefixes.len()];
            let word = [w.to_le_bytes(), (next() as u32).to_le_bytes()].concat();
            match sim_core::isa::decode(&word) {
                Ok(i) => code.extend_from_slice(&word[..i.size as usize]),
                Err(_) if r >> 60 == 0 => code.extend_from_slice(&word[..4]),
                Err(_) => {}
            }
        }
        let program = Program::new(&code, BASE);
        let mut w = Wavefront::new(256);
        w.pc = BASE;
        for s in w.sgprs.iter_mut() {
            *s = next() as u32;
        }
        for v in w.vgprs.iter_mut().flat_map(|r| r.iter_mut()) {
            *v = next() as u32 % 4096;
        }
        let mut translations = TlbEntries::default();
        let mut env = Env {
            tlb: Tlb::new(m.driver.gpu(0).unwrap(), &mut translations),
            lds: &mut m.lds,
        };
        for _ in 0..24 {
            if w.status == WaveStatus::Ended {
                break;
            }
            // Past a fault or a barrier, carry on with the next word.
            w.status = WaveStatus::Running;
            match program.execute(&mut w, &mut env) {
                Ok(_) => ok += 1,
                Err(_) => w.pc = w.pc.wrapping_add(4),
            }
        }
    }
    assert!(ok > 40_000, "only {ok} instructions executed");
}

#[test]
fn flat_runs_of_dwords_within_and_across_pages() {
    // Lane l of a dword, dwordx2 or dwordx3 access at `base + l·size`: runs that cross a
    // page boundary (also in the middle of a lane's dwords) and one that does not.
    let mut m = Machine::new();
    let page = m.driver.gpu(0).unwrap().page_bytes();
    let words: Vec<u32> = (0..4 * page as u32 / 4).map(|i| i * 7 + 3).collect();
    let mem = m.buffer(&words);
    let a = mem.address();
    assert_eq!(a % page, 0, "buffers start on a page");
    let (o1, o2, o3, o4) = (page - 100, 2 * page - 252, page - 596, 3 * page - 200);
    // Dword runs within one page (a load and a store) and a dword store across a page.
    let (o5, o6, o7) = (page + 64, 2 * page + 1024, 2 * page - 128);
    let w = m
        .run(
            "v_lshlrev_b32 v1, 2, v0\nv_add_u32 v1, vcc, s0, v1\nv_mov_b32 v2, s1\n\
             v_addc_u32 v2, vcc, 0, v2, vcc\nflat_load_dword v3, v[1:2]\n\
             v_lshlrev_b32 v4, 3, v0\nv_add_u32 v4, vcc, s2, v4\nv_mov_b32 v5, s3\n\
             v_addc_u32 v5, vcc, 0, v5, vcc\nflat_load_dwordx2 v[6:7], v[4:5]\n\
             v_mul_u32_u24 v8, 12, v0\nv_add_u32 v8, vcc, s4, v8\nv_mov_b32 v9, s5\n\
             v_addc_u32 v9, vcc, 0, v9, vcc\nflat_load_dwordx3 v[10:12], v[8:9]\n\
             s_waitcnt vmcnt(0)\n\
             v_lshlrev_b32 v4, 3, v0\nv_add_u32 v4, vcc, s6, v4\nv_mov_b32 v5, s7\n\
             v_addc_u32 v5, vcc, 0, v5, vcc\nflat_store_dwordx2 v[4:5], v[6:7]\n\
             v_lshlrev_b32 v13, 2, v0\nv_add_u32 v13, vcc, s8, v13\nv_mov_b32 v14, s9\n\
             v_addc_u32 v14, vcc, 0, v14, vcc\nflat_load_dword v15, v[13:14]\n\
             v_lshlrev_b32 v13, 2, v0\nv_add_u32 v13, vcc, s10, v13\nv_mov_b32 v14, s11\n\
             v_addc_u32 v14, vcc, 0, v14, vcc\ns_waitcnt vmcnt(0)\n\
             flat_store_dword v[13:14], v15\n\
             v_lshlrev_b32 v13, 2, v0\nv_add_u32 v13, vcc, s12, v13\nv_mov_b32 v14, s13\n\
             v_addc_u32 v14, vcc, 0, v14, vcc\nflat_store_dword v[13:14], v3",
            |w| {
                w.set_pair(0, a + o1);
                w.set_pair(2, a + o2);
                w.set_pair(4, a + o3);
                w.set_pair(6, a + o4);
                w.set_pair(8, a + o5);
                w.set_pair(10, a + o6);
                w.set_pair(12, a + o7);
            },
        )
        .unwrap();
    let at = |offset: u64, k: usize| words[offset as usize / 4 + k];
    for l in 0..64 {
        assert_eq!(w.vgprs[3][l], at(o1, l), "dword, lane {l}");
        for k in 0..2 {
            assert_eq!(w.vgprs[6 + k][l], at(o2, 2 * l + k), "dwordx2, lane {l}");
        }
        for k in 0..3 {
            assert_eq!(w.vgprs[10 + k][l], at(o3, 3 * l + k), "dwordx3, lane {l}");
        }
    }
    let stored = m.words(&mem);
    for l in 0..64 {
        for k in 0..2 {
            assert_eq!(
                stored[o4 as usize / 4 + 2 * l + k],
                at(o2, 2 * l + k),
                "store, lane {l}"
            );
        }
    }
    for l in 0..64 {
        assert_eq!(w.vgprs[15][l], at(o5, l), "dword in a page, lane {l}");
        assert_eq!(
            stored[o6 as usize / 4 + l],
            at(o5, l),
            "store in a page, lane {l}"
        );
        assert_eq!(
            stored[o7 as usize / 4 + l],
            at(o1, l),
            "store across pages, lane {l}"
        );
    }
    for o in [o6, o7] {
        assert_eq!(stored[o as usize / 4 - 1], words[o as usize / 4 - 1]);
        assert_eq!(stored[o as usize / 4 + 64], words[o as usize / 4 + 64]);
    }
    assert_eq!(stored[o4 as usize / 4 - 1], words[o4 as usize / 4 - 1]);
    assert_eq!(stored[o4 as usize / 4 + 128], words[o4 as usize / 4 + 128]);
}
