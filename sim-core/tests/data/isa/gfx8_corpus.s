// gcnsim ISA test corpus: one or more lines per gfx8 opcode plus operand and modifier
// variety. Assembled at test time with llvm-mc-15 -mcpu=gfx803 and compared with llvm-objdump-15.
// Not included: the VOP3 forms of the graphics-only interpolation opcodes (not decoded).
s_mov_b32 s0, 0
s_mov_b32 s0, 64
s_mov_b32 s0, -16
s_mov_b32 s0, 65
s_mov_b32 s0, -17
s_mov_b32 s0, 0.5
s_mov_b32 s0, -0.5
s_mov_b32 s0, 1.0
s_mov_b32 s0, -1.0
s_mov_b32 s0, 2.0
s_mov_b32 s0, -2.0
s_mov_b32 s0, 4.0
s_mov_b32 s0, -4.0
s_mov_b32 s0, 0.15915494
s_mov_b32 s0, 0x3e22f983
s_mov_b32 s0, 0x12345678
s_mov_b32 s0, 0xffffffff
s_mov_b32 s0, 0x80000000
s_mov_b64 s[0:1], -1
s_mov_b64 s[0:1], 0x12345678
s_mov_b64 s[0:1], 1.0
s_mov_b64 s[2:3], exec
s_mov_b64 exec, s[2:3]
s_mov_b64 vcc, s[4:5]
s_mov_b64 s[4:5], flat_scratch
s_mov_b64 s[4:5], tba
s_mov_b64 s[4:5], tma
s_mov_b64 ttmp[2:3], s[4:5]
s_mov_b32 ttmp11, s4
s_mov_b32 m0, s4
s_mov_b32 s4, m0
s_mov_b32 flat_scratch_lo, s4
s_mov_b32 flat_scratch_hi, s5
s_mov_b32 s4, vcc_lo
s_mov_b32 s4, vcc_hi
s_mov_b32 s4, exec_lo
s_mov_b32 s4, exec_hi
s_mov_b32 s4, tba_lo
s_mov_b32 s4, tma_hi
s_mov_b32 s101, s100
s_mov_b32 s4, vccz
s_mov_b32 s4, execz
s_mov_b32 s4, scc
s_add_u32 s0, s1, 0x1234
s_add_u32 s0, 0x1234, s1
s_and_b64 s[0:1], s[2:3], 0xffff0000
s_lshl_b64 s[0:1], s[2:3], 3
s_load_dwordx16 s[16:31], s[4:5], 0xfffff
s_load_dwordx8 s[16:23], s[4:5], s8
s_load_dword s1, s[4:5], 0x4 glc
s_buffer_load_dwordx4 s[16:19], s[8:11], 0x40
s_buffer_load_dword s16, s[8:11], m0
s_store_dword s1, s[4:5], 0x8 glc
s_memtime s[0:1]
s_memrealtime s[2:3]
s_dcache_wb
s_dcache_inv
s_movk_i32 s0, 0x1
s_movk_i32 s0, 0xffff
s_movk_i32 s0, 0x8000
s_addk_i32 s0, 0x10
s_mulk_i32 s0, 0xfffe
s_cmpk_lt_u32 s0, 0x7
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_getreg_b32 s0, hwreg(HW_REG_STATUS, 0, 16)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID, 8, 4)
s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s2
s_setreg_b32 hwreg(HW_REG_TRAPSTS), s2
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xc0
s_waitcnt vmcnt(0)
s_waitcnt expcnt(0)
s_waitcnt lgkmcnt(0)
s_waitcnt vmcnt(0) lgkmcnt(0)
s_waitcnt vmcnt(3) expcnt(2) lgkmcnt(1)
s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)
s_waitcnt lgkmcnt(14)
s_waitcnt 0
s_nop 7
s_sleep 2
s_setprio 3
s_trap 2
s_endpgm
s_barrier
s_icache_inv
s_branch 0
s_branch 65535
s_branch 32767
s_branch 32768
s_cbranch_scc0 12
s_cbranch_vccnz 65530
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
s_set_gpr_idx_mode gpr_idx(SRC0,DST)
s_set_gpr_idx_on s2, gpr_idx(SRC0,SRC1)
s_set_gpr_idx_off
s_getpc_b64 s[4:5]
s_setpc_b64 s[4:5]
s_swappc_b64 s[30:31], s[4:5]
s_bitset1_b32 s0, 7
s_cselect_b64 s[0:1], -1, 0
s_cmp_eq_u64 s[0:1], 0
s_bfe_u32 s0, s1, 0x80008
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v0, 64
v_mov_b32_e32 v0, -16
v_mov_b32_e32 v0, 0x41
v_mov_b32_e32 v0, 0.5
v_mov_b32_e32 v0, -4.0
v_mov_b32_e32 v0, 0.15915494
v_mov_b32_e32 v0, 0x3e22f983
v_mov_b32_e32 v0, 0x7fffffff
v_mov_b32_e32 v255, v254
v_mov_b32_e32 v0, m0
v_mov_b32_e32 v0, vcc_lo
v_mov_b32_e32 v0, exec_hi
v_mov_b32_e32 v0, src_lds_direct
v_mov_b32_e32 v0, scc
v_mov_b32_e32 v0, ttmp0
v_add_f32_e32 v0, 0x3f800000, v1
v_add_f32_e32 v0, 0x40490fdb, v1
v_add_f64 v[0:1], 0.5, v[2:3]
v_add_f64 v[0:1], -4.0, v[2:3]
v_add_f64 v[0:1], 0.15915494309189532, v[2:3]
v_add_f64 v[0:1], s[4:5], -v[2:3]
v_add_f64 v[0:1], |s[4:5]|, v[2:3] clamp
v_add_f64 v[0:1], v[4:5], v[2:3] mul:2
v_add_f64 v[0:1], v[4:5], v[2:3] div:2
v_fma_f64 v[0:1], v[4:5], v[2:3], 1.0
v_cvt_f32_f64_e32 v0, 0x40490fdb
v_cvt_f64_f32_e32 v[0:1], 0x40490fdb
v_rcp_f64_e32 v[0:1], 0x3ff00000
v_rcp_f64_e32 v[0:1], 1.0
v_add_f16_e32 v0, 0x3c00, v1
v_add_f16_e32 v0, 0x1234, v1
v_add_f16_e32 v0, 0x3118, v1
v_add_f16_e32 v0, -2.0, v1
v_add_f16_e32 v0, 0.15915494, v1
v_add_f16_e64 v0, -v1, |v2| clamp
v_add_u16_e32 v0, 0x3c00, v1
v_add_u16_e32 v0, 1.0, v1
v_add_u16_e32 v0, 0xffff, v1
v_add_u16_e32 v0, 0x1234, v1
v_add_u16_e32 v0, -16, v1
v_mad_u16 v0, v1, 2, v3
v_mad_f16 v0, v1, 2.0, v3
v_cvt_f16_f32_e32 v0, 0x3c00
v_cvt_f32_f16_e32 v0, 0x3c00
v_madmk_f32 v0, v1, 0x3f800000, v2
v_madak_f32 v0, v1, v2, 0x1
v_madak_f32 v0, 0x41200000, v2, 0x41200000
v_madmk_f16 v0, v1, 0x3c00, v2
v_madak_f16 v0, v1, v2, 0x4900
v_add_u32_e32 v0, vcc, 0x1000, v1
v_add_u32_e64 v0, s[4:5], v1, v2
v_add_u32_e64 v0, s[4:5], v1, v2 clamp
v_addc_u32_e32 v0, vcc, 0, v1, vcc
v_addc_u32_e64 v0, s[4:5], v1, v2, s[6:7]
v_addc_u32_e64 v0, s[4:5], v1, v2, vcc
v_cndmask_b32_e32 v0, 0, v1, vcc
v_cndmask_b32_e64 v0, 0, v1, s[4:5]
v_cndmask_b32_e64 v0, 1.0, -1.0, s[4:5]
v_cndmask_b32_e64 v0, -v1, |v2|, s[4:5]
v_cmp_eq_u32_e32 vcc, 0x1234, v1
v_cmp_eq_u32_e64 s[4:5], v1, 7
v_cmp_lt_f32_e64 s[4:5], -|v1|, 0.5
v_cmp_lt_f32_e64 vcc, v1, v2
v_cmp_lt_f32_e64 s[4:5], v1, v2 clamp
v_cmpx_gt_u64_e64 s[4:5], v[1:2], v[2:3]
v_cmp_class_f32_e64 s[4:5], v1, 3
v_cmp_class_f64_e32 vcc, v[0:1], v2
v_cmpx_lt_f32_e32 vcc, 0, v2
v_mul_f32_e64 v0, v1, v2 mul:4
v_mul_f32_e64 v0, -v1, -v2 clamp div:2
v_mul_f32_e64 v0, |v1|, -|v2| mul:2
v_mad_f32 v0, v1, -v2, |v3|
v_fma_f32 v0, -|v1|, v2, 0.5 clamp
v_div_scale_f32 v0, vcc, v1, v2, v1
v_div_scale_f32 v0, s[4:5], -v1, v2, 1.0
v_div_scale_f64 v[0:1], vcc, v[2:3], v[4:5], v[2:3]
v_div_fmas_f32 v0, v1, v2, v3
v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_div_fixup_f32 v0, v1, v2, v3
v_mad_u64_u32 v[0:1], s[4:5], v1, v2, 0
v_mad_i64_i32 v[0:1], vcc, v1, s2, v[2:3]
v_readlane_b32 s0, v1, 5
v_readlane_b32 s0, v1, s2
v_writelane_b32 v0, s1, 5
v_readfirstlane_b32 s0, v1
v_readfirstlane_b32 m0, v1
v_mbcnt_lo_u32_b32 v0, -1, 0
v_mbcnt_hi_u32_b32 v0, -1, v0
v_lshlrev_b64 v[0:1], 3, v[2:3]
v_ashrrev_i64 v[0:1], 31, v[0:1]
v_ldexp_f32 v0, v1, v2
v_ldexp_f64 v[0:1], v[2:3], 4
v_trig_preop_f64 v[0:1], v[2:3], v4
v_frexp_exp_i32_f64_e32 v0, v[2:3]
v_bfe_u32 v0, v1, 8, 8
v_bfi_b32 v0, v1, v2, v3
v_alignbit_b32 v0, v1, v2, 16
v_cvt_pkrtz_f16_f32 v0, v1, v2
v_mov_b32_sdwa v0, v1 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:WORD_1
v_mov_b32_sdwa v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_3
v_mov_b32_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_SEXT src0_sel:BYTE_2
v_cvt_f32_f16_sdwa v0, -v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_cvt_f32_i32_sdwa v0, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_add_f32_sdwa v0, v1, |v2| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0
v_add_f32_sdwa v0, -|v1|, v2 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
v_add_u32_sdwa v0, vcc, v1, sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:BYTE_2
v_and_b32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0
v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_1
v_lshlrev_b16_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:WORD_1
v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0
v_cmp_eq_i32_sdwa vcc, sext(v1), v2 src0_sel:BYTE_1 src1_sel:DWORD
v_cmpx_lt_f16_sdwa vcc, -v1, |v2| src0_sel:WORD_1 src1_sel:WORD_0
v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0x1 bank_mask:0x3
v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_shr:15 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_mov_b32_dpp v0, v1 row_ror:7 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_rol:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_ror:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
v_add_f32_dpp v0, -v1, |v2| row_shr:1 row_mask:0xf bank_mask:0xf
v_add_u32_dpp v0, vcc, v1, v2 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_max_i32_dpp v0, v1, v2 row_bcast:15 row_mask:0xa bank_mask:0xf
v_add_f16_dpp v0, v1, v2 quad_perm:[1,1,1,1] row_mask:0xf bank_mask:0xf
v_interp_p1_f32_e32 v0, v1, attr0.x
v_interp_p2_f32_e32 v0, v1, attr31.w
v_interp_mov_f32_e32 v0, p10, attr1.z
v_interp_mov_f32_e32 v0, p0, attr1.y
ds_write_b32 v1, v2
ds_write_b32 v1, v2 offset:65535
ds_write_b32 v1, v2 gds
ds_write2_b32 v1, v2, v3 offset1:1
ds_write2_b32 v1, v2, v3 offset0:4 offset1:255
ds_write2_b64 v1, v[2:3], v[4:5] offset0:1
ds_read2st64_b32 v[0:1], v2 offset1:1
ds_read_b128 v[0:3], v4 offset:16
ds_read_b96 v[0:2], v4
ds_add_rtn_u32 v0, v1, v2 offset:8
ds_cmpst_rtn_b32 v0, v1, v2, v3
ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,0,0,0,0)
ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)
ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,4,1)
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01pip")
ds_swizzle_b32 v0, v1
ds_bpermute_b32 v0, v1, v2
ds_permute_b32 v0, v1, v2 offset:4
ds_append v0
ds_consume v0 offset:4
buffer_load_dword v0, off, s[0:3], 0
buffer_load_dword v0, off, s[0:3], s4 offset:4095
buffer_load_dword v0, v1, s[0:3], s4 idxen
buffer_load_dword v0, v[1:2], s[0:3], s4 idxen offen
buffer_load_dword v0, v1, s[0:3], 0 offen offset:8 glc slc
buffer_load_dwordx2 v[0:1], v1, s[0:3], m0 offen tfe
buffer_load_dwordx4 v[0:3], v1, s[0:3], 64 offen
buffer_store_dword v0, v1, s[0:3], s4 offen offset:12
buffer_store_dwordx3 v[0:2], off, s[0:3], s4
buffer_store_byte v0, off, s[8:11], s4 offset:3 glc
buffer_atomic_add v0, v1, s[0:3], 0 offen glc
buffer_atomic_cmpswap v[0:1], v2, s[0:3], 0 offen glc
buffer_atomic_cmpswap_x2 v[0:3], off, s[0:3], 0
buffer_wbinvl1_vol
buffer_wbinvl1
tbuffer_load_format_x v0, off, s[0:3], 0 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM]
tbuffer_store_format_xyzw v[0:3], v4, s[0:3], s5 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] offen offset:16
flat_load_dword v0, v[1:2]
flat_load_dword v0, v[1:2] glc
flat_load_dword v0, v[1:2] glc slc
flat_load_dwordx4 v[0:3], v[4:5] slc
flat_store_dword v[1:2], v0 glc
flat_store_dwordx2 v[1:2], v[3:4] slc
flat_atomic_add v[1:2], v0
flat_atomic_add v0, v[1:2], v3 glc
flat_atomic_cmpswap v0, v[1:2], v[3:4] glc
flat_atomic_cmpswap_x2 v[0:1], v[1:2], v[3:6] glc
flat_atomic_swap_x2 v[0:1], v[1:2], v[3:4] glc slc
s_add_u32 s10, s20, s30
s_sub_u32 s10, s20, s30
s_add_i32 s10, s20, s30
s_sub_i32 s10, s20, s30
s_addc_u32 s10, s20, s30
s_subb_u32 s10, s20, s30
s_min_i32 s10, s20, s30
s_min_u32 s10, s20, s30
s_max_i32 s10, s20, s30
s_max_u32 s10, s20, s30
s_cselect_b32 s10, s20, s30
s_cselect_b64 s[10:11], s[20:21], s[30:31]
s_and_b32 s10, s20, s30
s_and_b64 s[10:11], s[20:21], s[30:31]
s_or_b32 s10, s20, s30
s_or_b64 s[10:11], s[20:21], s[30:31]
s_xor_b32 s10, s20, s30
s_xor_b64 s[10:11], s[20:21], s[30:31]
s_andn2_b32 s10, s20, s30
s_andn2_b64 s[10:11], s[20:21], s[30:31]
s_orn2_b32 s10, s20, s30
s_orn2_b64 s[10:11], s[20:21], s[30:31]
s_nand_b32 s10, s20, s30
s_nand_b64 s[10:11], s[20:21], s[30:31]
s_nor_b32 s10, s20, s30
s_nor_b64 s[10:11], s[20:21], s[30:31]
s_xnor_b32 s10, s20, s30
s_xnor_b64 s[10:11], s[20:21], s[30:31]
s_lshl_b32 s10, s20, s30
s_lshl_b64 s[10:11], s[20:21], s30
s_lshr_b32 s10, s20, s30
s_lshr_b64 s[10:11], s[20:21], s30
s_ashr_i32 s10, s20, s30
s_ashr_i64 s[10:11], s[20:21], s30
s_bfm_b32 s10, s20, s30
s_bfm_b64 s[10:11], s20, s30
s_mul_i32 s10, s20, s30
s_bfe_u32 s10, s20, s30
s_bfe_i32 s10, s20, s30
s_bfe_u64 s[10:11], s[20:21], s30
s_bfe_i64 s[10:11], s[20:21], s30
s_cbranch_g_fork s[20:21], s[30:31]
s_absdiff_i32 s10, s20, s30
s_rfe_restore_b64 s[20:21], s30
s_movk_i32 s10, 0x1234
s_cmovk_i32 s10, 0x1234
s_cmpk_eq_i32 s10, 0x1234
s_cmpk_lg_i32 s10, 0x1234
s_cmpk_gt_i32 s10, 0x1234
s_cmpk_ge_i32 s10, 0x1234
s_cmpk_lt_i32 s10, 0x1234
s_cmpk_le_i32 s10, 0x1234
s_cmpk_eq_u32 s10, 0x1234
s_cmpk_lg_u32 s10, 0x1234
s_cmpk_gt_u32 s10, 0x1234
s_cmpk_ge_u32 s10, 0x1234
s_cmpk_lt_u32 s10, 0x1234
s_cmpk_le_u32 s10, 0x1234
s_addk_i32 s10, 0x1234
s_mulk_i32 s10, 0x1234
s_cbranch_i_fork s[10:11], 4660
s_getreg_b32 s10, hwreg(52, 8, 3)
s_setreg_b32 hwreg(52, 8, 3), s10
s_setreg_imm32_b32 hwreg(52, 8, 3), 0x5678
s_flbit_i32_b32 s10, s52
s_cmp_lt_u32 s52, s18
s_mov_b32 s10, s20
s_mov_b64 s[10:11], s[20:21]
s_cmov_b32 s10, s20
s_cmov_b64 s[10:11], s[20:21]
s_not_b32 s10, s20
s_not_b64 s[10:11], s[20:21]
s_wqm_b32 s10, s20
s_wqm_b64 s[10:11], s[20:21]
s_brev_b32 s10, s20
s_brev_b64 s[10:11], s[20:21]
s_bcnt0_i32_b32 s10, s20
s_bcnt0_i32_b64 s10, s[20:21]
s_bcnt1_i32_b32 s10, s20
s_bcnt1_i32_b64 s10, s[20:21]
s_ff0_i32_b32 s10, s20
s_ff0_i32_b64 s10, s[20:21]
s_ff1_i32_b32 s10, s20
s_ff1_i32_b64 s10, s[20:21]
s_flbit_i32_b32 s10, s20
s_flbit_i32_b64 s10, s[20:21]
s_flbit_i32 s10, s20
s_flbit_i32_i64 s10, s[20:21]
s_sext_i32_i8 s10, s20
s_sext_i32_i16 s10, s20
s_bitset0_b32 s10, s20
s_bitset0_b64 s[10:11], s20
s_bitset1_b32 s10, s20
s_bitset1_b64 s[10:11], s20
s_getpc_b64 s[10:11]
s_setpc_b64 s[20:21]
s_swappc_b64 s[10:11], s[20:21]
s_rfe_b64 s[20:21]
s_and_saveexec_b64 s[10:11], s[20:21]
s_or_saveexec_b64 s[10:11], s[20:21]
s_xor_saveexec_b64 s[10:11], s[20:21]
s_andn2_saveexec_b64 s[10:11], s[20:21]
s_orn2_saveexec_b64 s[10:11], s[20:21]
s_nand_saveexec_b64 s[10:11], s[20:21]
s_nor_saveexec_b64 s[10:11], s[20:21]
s_xnor_saveexec_b64 s[10:11], s[20:21]
s_quadmask_b32 s10, s20
s_quadmask_b64 s[10:11], s[20:21]
s_movrels_b32 s10, s20
s_movrels_b64 s[10:11], s[20:21]
s_movreld_b32 s10, s20
s_movreld_b64 s[10:11], s[20:21]
s_cbranch_join s20
s_abs_i32 s10, s20
s_set_gpr_idx_idx s20
s_cmp_eq_i32 s20, s30
s_cmp_lg_i32 s20, s30
s_cmp_gt_i32 s20, s30
s_cmp_ge_i32 s20, s30
s_cmp_lt_i32 s20, s30
s_cmp_le_i32 s20, s30
s_cmp_eq_u32 s20, s30
s_cmp_lg_u32 s20, s30
s_cmp_gt_u32 s20, s30
s_cmp_ge_u32 s20, s30
s_cmp_lt_u32 s20, s30
s_cmp_le_u32 s20, s30
s_bitcmp0_b32 s20, s30
s_bitcmp1_b32 s20, s30
s_bitcmp0_b64 s[20:21], s30
s_bitcmp1_b64 s[20:21], s30
s_setvskip s20, s30
s_cmp_eq_u64 s[20:21], s[30:31]
s_cmp_lg_u64 s[20:21], s[30:31]
s_nop 3
s_endpgm 3
s_branch 3
s_cbranch_scc0 3
s_cbranch_scc1 3
s_cbranch_vccz 3
s_cbranch_vccnz 3
s_cbranch_execz 3
s_cbranch_execnz 3
s_setkill 3
s_waitcnt vmcnt(3) expcnt(0) lgkmcnt(0)
s_sethalt 3
s_sleep 3
s_setprio 3
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_sendmsghalt sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_trap 3
s_incperflevel 3
s_decperflevel 3
s_cbranch_cdbgsys 3
s_cbranch_cdbguser 3
s_cbranch_cdbgsys_or_user 3
s_cbranch_cdbgsys_and_user 3
s_set_gpr_idx_mode gpr_idx(SRC0,SRC1)
s_load_dword s20, s[10:11], 0x10
s_load_dwordx2 s[20:21], s[10:11], 0x10
s_load_dwordx4 s[20:23], s[10:11], 0x10
s_load_dwordx8 s[20:27], s[10:11], 0x10
s_load_dwordx16 s[20:35], s[10:11], 0x10
s_buffer_load_dword s20, s[8:11], 0x10
s_buffer_load_dwordx2 s[20:21], s[8:11], 0x10
s_buffer_load_dwordx4 s[20:23], s[8:11], 0x10
s_buffer_load_dwordx8 s[20:27], s[8:11], 0x10
s_buffer_load_dwordx16 s[20:35], s[8:11], 0x10
s_store_dword s20, s[10:11], 0x10
s_store_dwordx2 s[20:21], s[10:11], 0x10
s_store_dwordx4 s[20:23], s[10:11], 0x10
s_buffer_store_dword s20, s[8:11], 0x10
s_buffer_store_dwordx2 s[20:21], s[8:11], 0x10
s_buffer_store_dwordx4 s[20:23], s[8:11], 0x10
s_atc_probe 20, s[10:11], 0x10
s_atc_probe_buffer 20, s[8:11], 0x10
v_add_f32_e32 v10, s20, v30
v_sub_f32_e32 v10, s20, v30
v_subrev_f32_e32 v10, s20, v30
v_mul_legacy_f32_e32 v10, s20, v30
v_mul_f32_e32 v10, s20, v30
v_mul_i32_i24_e32 v10, s20, v30
v_mul_hi_i32_i24_e32 v10, s20, v30
v_mul_u32_u24_e32 v10, s20, v30
v_mul_hi_u32_u24_e32 v10, s20, v30
v_min_f32_e32 v10, s20, v30
v_max_f32_e32 v10, s20, v30
v_min_i32_e32 v10, s20, v30
v_max_i32_e32 v10, s20, v30
v_min_u32_e32 v10, s20, v30
v_max_u32_e32 v10, s20, v30
v_lshrrev_b32_e32 v10, s20, v30
v_ashrrev_i32_e32 v10, s20, v30
v_lshlrev_b32_e32 v10, s20, v30
v_and_b32_e32 v10, s20, v30
v_or_b32_e32 v10, s20, v30
v_xor_b32_e32 v10, s20, v30
v_mac_f32_e32 v10, s20, v30
v_add_u32_e32 v10, vcc, s20, v30
v_sub_u32_e32 v10, vcc, s20, v30
v_subrev_u32_e32 v10, vcc, s20, v30
v_add_f16_e32 v10, s20, v30
v_sub_f16_e32 v10, s20, v30
v_subrev_f16_e32 v10, s20, v30
v_mul_f16_e32 v10, s20, v30
v_mac_f16_e32 v10, s20, v30
v_add_u16_e32 v10, s20, v30
v_sub_u16_e32 v10, s20, v30
v_subrev_u16_e32 v10, s20, v30
v_mul_lo_u16_e32 v10, s20, v30
v_lshlrev_b16_e32 v10, s20, v30
v_lshrrev_b16_e32 v10, s20, v30
v_ashrrev_i16_e32 v10, s20, v30
v_max_f16_e32 v10, s20, v30
v_min_f16_e32 v10, s20, v30
v_max_u16_e32 v10, s20, v30
v_max_i16_e32 v10, s20, v30
v_min_u16_e32 v10, s20, v30
v_min_i16_e32 v10, s20, v30
v_ldexp_f16_e32 v10, s20, v30
v_rndne_f32_e32 v10, s20
v_cndmask_b32_e32 v10, 1.0, v30, vcc
v_add_f32_e32 v10, 1.0, v30
v_sub_f32_e32 v10, 1.0, v30
v_subrev_f32_e32 v10, 1.0, v30
v_mul_legacy_f32_e32 v10, 1.0, v30
v_mul_f32_e32 v10, 1.0, v30
v_mul_i32_i24_e32 v10, 1.0, v30
v_mul_hi_i32_i24_e32 v10, 1.0, v30
v_mul_u32_u24_e32 v10, 1.0, v30
v_mul_hi_u32_u24_e32 v10, 1.0, v30
v_min_f32_e32 v10, 1.0, v30
v_max_f32_e32 v10, 1.0, v30
v_min_i32_e32 v10, 1.0, v30
v_max_i32_e32 v10, 1.0, v30
v_min_u32_e32 v10, 1.0, v30
v_max_u32_e32 v10, 1.0, v30
v_lshrrev_b32_e32 v10, 1.0, v30
v_ashrrev_i32_e32 v10, 1.0, v30
v_lshlrev_b32_e32 v10, 1.0, v30
v_and_b32_e32 v10, 1.0, v30
v_or_b32_e32 v10, 1.0, v30
v_xor_b32_e32 v10, 1.0, v30
v_mac_f32_e32 v10, 1.0, v30
v_madmk_f32 v10, 1.0, 0x11223344, v30
v_madak_f32 v10, 1.0, v30, 0x11223344
v_add_u32_e32 v10, vcc, 1.0, v30
v_sub_u32_e32 v10, vcc, 1.0, v30
v_subrev_u32_e32 v10, vcc, 1.0, v30
v_addc_u32_e32 v10, vcc, 1.0, v30, vcc
v_subb_u32_e32 v10, vcc, 1.0, v30, vcc
v_subbrev_u32_e32 v10, vcc, 1.0, v30, vcc
v_add_f16_e32 v10, 1.0, v30
v_sub_f16_e32 v10, 1.0, v30
v_subrev_f16_e32 v10, 1.0, v30
v_mul_f16_e32 v10, 1.0, v30
v_mac_f16_e32 v10, 1.0, v30
v_add_u16_e32 v10, 0x3c00, v30
v_sub_u16_e32 v10, 0x3c00, v30
v_subrev_u16_e32 v10, 0x3c00, v30
v_mul_lo_u16_e32 v10, 0x3c00, v30
v_lshlrev_b16_e32 v10, 0x3c00, v30
v_lshrrev_b16_e32 v10, 0x3c00, v30
v_ashrrev_i16_e32 v10, 0x3c00, v30
v_max_f16_e32 v10, 1.0, v30
v_min_f16_e32 v10, 1.0, v30
v_max_u16_e32 v10, 0x3c00, v30
v_max_i16_e32 v10, 0x3c00, v30
v_min_u16_e32 v10, 0x3c00, v30
v_min_i16_e32 v10, 0x3c00, v30
v_ldexp_f16_e32 v10, 1.0, v30
v_rndne_f32_e32 v10, 1.0
v_cndmask_b32_sdwa v10, v20, v30, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_sub_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subrev_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_legacy_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_i32_i24_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_hi_i32_i24_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_u32_u24_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_hi_u32_u24_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_i32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_i32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_u32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_u32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_lshrrev_b32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_ashrrev_i32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_lshlrev_b32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_and_b32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_or_b32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_xor_b32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mac_f32_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_u32_sdwa v10, vcc, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_sub_u32_sdwa v10, vcc, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subrev_u32_sdwa v10, vcc, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_addc_u32_sdwa v10, vcc, v20, v30, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subb_u32_sdwa v10, vcc, v20, v30, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subbrev_u32_sdwa v10, vcc, v20, v30, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_sub_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subrev_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mac_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_sub_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_subrev_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mul_lo_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_lshlrev_b16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_lshrrev_b16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_ashrrev_i16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_max_i16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_u16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_min_i16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_ldexp_f16_sdwa v10, v20, v30 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_cndmask_b32_dpp v10, v20, v30, vcc quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_add_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sub_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subrev_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_legacy_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_i32_i24_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_hi_i32_i24_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_u32_u24_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_hi_u32_u24_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_i32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_i32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_u32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_u32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_lshrrev_b32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ashrrev_i32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_lshlrev_b32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_and_b32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_or_b32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_xor_b32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mac_f32_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_add_u32_dpp v10, vcc, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sub_u32_dpp v10, vcc, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subrev_u32_dpp v10, vcc, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_addc_u32_dpp v10, vcc, v20, v30, vcc quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subb_u32_dpp v10, vcc, v20, v30, vcc quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subbrev_u32_dpp v10, vcc, v20, v30, vcc quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_add_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sub_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subrev_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mac_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_add_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sub_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_subrev_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mul_lo_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_lshlrev_b16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_lshrrev_b16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ashrrev_i16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_max_i16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_u16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_min_i16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ldexp_f16_dpp v10, v20, v30 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rndne_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_mov_b32_e32 v10, s20
v_cvt_i32_f64_e32 v10, s[20:21]
v_cvt_f64_i32_e32 v[10:11], s20
v_cvt_f32_i32_e32 v10, s20
v_cvt_f32_u32_e32 v10, s20
v_cvt_u32_f32_e32 v10, s20
v_cvt_i32_f32_e32 v10, s20
v_cvt_f16_f32_e32 v10, s20
v_cvt_f32_f16_e32 v10, s20
v_cvt_rpi_i32_f32_e32 v10, s20
v_cvt_flr_i32_f32_e32 v10, s20
v_cvt_off_f32_i4_e32 v10, s20
v_cvt_f32_f64_e32 v10, s[20:21]
v_cvt_f64_f32_e32 v[10:11], s20
v_cvt_f32_ubyte0_e32 v10, s20
v_cvt_f32_ubyte1_e32 v10, s20
v_cvt_f32_ubyte2_e32 v10, s20
v_cvt_f32_ubyte3_e32 v10, s20
v_cvt_u32_f64_e32 v10, s[20:21]
v_cvt_f64_u32_e32 v[10:11], s20
v_trunc_f64_e32 v[10:11], s[20:21]
v_ceil_f64_e32 v[10:11], s[20:21]
v_rndne_f64_e32 v[10:11], s[20:21]
v_floor_f64_e32 v[10:11], s[20:21]
v_fract_f32_e32 v10, s20
v_trunc_f32_e32 v10, s20
v_ceil_f32_e32 v10, s20
v_floor_f32_e32 v10, s20
v_exp_f32_e32 v10, s20
v_log_f32_e32 v10, s20
v_rcp_f32_e32 v10, s20
v_rcp_iflag_f32_e32 v10, s20
v_rsq_f32_e32 v10, s20
v_rcp_f64_e32 v[10:11], s[20:21]
v_rsq_f64_e32 v[10:11], s[20:21]
v_sqrt_f32_e32 v10, s20
v_sqrt_f64_e32 v[10:11], s[20:21]
v_sin_f32_e32 v10, s20
v_cos_f32_e32 v10, s20
v_not_b32_e32 v10, s20
v_bfrev_b32_e32 v10, s20
v_ffbh_u32_e32 v10, s20
v_ffbl_b32_e32 v10, s20
v_ffbh_i32_e32 v10, s20
v_frexp_exp_i32_f64_e32 v10, s[20:21]
v_frexp_mant_f64_e32 v[10:11], s[20:21]
v_fract_f64_e32 v[10:11], s[20:21]
v_frexp_exp_i32_f32_e32 v10, s20
v_frexp_mant_f32_e32 v10, s20
v_cvt_f16_u16_e32 v10, s20
v_cvt_f16_i16_e32 v10, s20
v_cvt_u16_f16_e32 v10, s20
v_cvt_i16_f16_e32 v10, s20
v_rcp_f16_e32 v10, s20
v_sqrt_f16_e32 v10, s20
v_rsq_f16_e32 v10, s20
v_log_f16_e32 v10, s20
v_exp_f16_e32 v10, s20
v_frexp_mant_f16_e32 v10, s20
v_frexp_exp_i16_f16_e32 v10, s20
v_floor_f16_e32 v10, s20
v_ceil_f16_e32 v10, s20
v_trunc_f16_e32 v10, s20
v_rndne_f16_e32 v10, s20
v_fract_f16_e32 v10, s20
v_sin_f16_e32 v10, s20
v_cos_f16_e32 v10, s20
v_exp_legacy_f32_e32 v10, s20
v_log_legacy_f32_e32 v10, s20
v_nop
v_clrexcp
v_mov_b32_e32 v10, 1.0
v_cvt_i32_f64_e32 v10, 1.0
v_cvt_f64_i32_e32 v[10:11], 1.0
v_cvt_f32_i32_e32 v10, 1.0
v_cvt_f32_u32_e32 v10, 1.0
v_cvt_u32_f32_e32 v10, 1.0
v_cvt_i32_f32_e32 v10, 1.0
v_cvt_f16_f32_e32 v10, 1.0
v_cvt_f32_f16_e32 v10, 1.0
v_cvt_rpi_i32_f32_e32 v10, 1.0
v_cvt_flr_i32_f32_e32 v10, 1.0
v_cvt_off_f32_i4_e32 v10, 1.0
v_cvt_f32_f64_e32 v10, 1.0
v_cvt_f64_f32_e32 v[10:11], 1.0
v_cvt_f32_ubyte0_e32 v10, 1.0
v_cvt_f32_ubyte1_e32 v10, 1.0
v_cvt_f32_ubyte2_e32 v10, 1.0
v_cvt_f32_ubyte3_e32 v10, 1.0
v_cvt_u32_f64_e32 v10, 1.0
v_cvt_f64_u32_e32 v[10:11], 1.0
v_trunc_f64_e32 v[10:11], 1.0
v_ceil_f64_e32 v[10:11], 1.0
v_rndne_f64_e32 v[10:11], 1.0
v_floor_f64_e32 v[10:11], 1.0
v_fract_f32_e32 v10, 1.0
v_trunc_f32_e32 v10, 1.0
v_ceil_f32_e32 v10, 1.0
v_floor_f32_e32 v10, 1.0
v_exp_f32_e32 v10, 1.0
v_log_f32_e32 v10, 1.0
v_rcp_f32_e32 v10, 1.0
v_rcp_iflag_f32_e32 v10, 1.0
v_rsq_f32_e32 v10, 1.0
v_rcp_f64_e32 v[10:11], 1.0
v_rsq_f64_e32 v[10:11], 1.0
v_sqrt_f32_e32 v10, 1.0
v_sqrt_f64_e32 v[10:11], 1.0
v_sin_f32_e32 v10, 1.0
v_cos_f32_e32 v10, 1.0
v_not_b32_e32 v10, 1.0
v_bfrev_b32_e32 v10, 1.0
v_ffbh_u32_e32 v10, 1.0
v_ffbl_b32_e32 v10, 1.0
v_ffbh_i32_e32 v10, 1.0
v_frexp_exp_i32_f64_e32 v10, 1.0
v_frexp_mant_f64_e32 v[10:11], 1.0
v_fract_f64_e32 v[10:11], 1.0
v_frexp_exp_i32_f32_e32 v10, 1.0
v_frexp_mant_f32_e32 v10, 1.0
v_movreld_b32_e32 v10, 1.0
v_cvt_f16_u16_e32 v10, 0x3c00
v_cvt_f16_i16_e32 v10, 0x3c00
v_cvt_u16_f16_e32 v10, 1.0
v_cvt_i16_f16_e32 v10, 1.0
v_rcp_f16_e32 v10, 1.0
v_sqrt_f16_e32 v10, 1.0
v_rsq_f16_e32 v10, 1.0
v_log_f16_e32 v10, 1.0
v_exp_f16_e32 v10, 1.0
v_frexp_mant_f16_e32 v10, 1.0
v_frexp_exp_i16_f16_e32 v10, 1.0
v_floor_f16_e32 v10, 1.0
v_ceil_f16_e32 v10, 1.0
v_trunc_f16_e32 v10, 1.0
v_rndne_f16_e32 v10, 1.0
v_fract_f16_e32 v10, 1.0
v_sin_f16_e32 v10, 1.0
v_cos_f16_e32 v10, 1.0
v_exp_legacy_f32_e32 v10, 1.0
v_log_legacy_f32_e32 v10, 1.0
v_mov_b32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_i32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_u32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_u32_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_i32_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f16_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_rpi_i32_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_flr_i32_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_off_f32_i4_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_ubyte0_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_ubyte1_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_ubyte2_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_ubyte3_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_fract_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_trunc_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_ceil_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rndne_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_floor_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_exp_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_log_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rcp_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rcp_iflag_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rsq_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_sqrt_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_sin_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cos_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_not_b32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_bfrev_b32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_ffbh_u32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_ffbl_b32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_ffbh_i32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_frexp_exp_i32_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_frexp_mant_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f16_u16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f16_i16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_u16_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_i16_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rcp_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_sqrt_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rsq_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_log_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_exp_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_frexp_mant_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_frexp_exp_i16_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_floor_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_ceil_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_trunc_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_rndne_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_fract_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_sin_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cos_f16_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_exp_legacy_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_log_legacy_f32_sdwa v10, v20 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_mov_b32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_i32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_u32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_u32_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_i32_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f16_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_rpi_i32_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_flr_i32_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_off_f32_i4_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_ubyte0_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_ubyte1_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_ubyte2_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_ubyte3_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_fract_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_trunc_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ceil_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_floor_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_exp_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_log_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rcp_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rcp_iflag_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rsq_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sqrt_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sin_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cos_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_not_b32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_bfrev_b32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ffbh_u32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ffbl_b32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ffbh_i32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_frexp_exp_i32_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_frexp_mant_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f16_u16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f16_i16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_u16_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_i16_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rcp_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sqrt_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rsq_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_log_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_exp_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_frexp_mant_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_frexp_exp_i16_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_floor_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_ceil_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_trunc_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_rndne_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_fract_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_sin_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cos_f16_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_exp_legacy_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_log_legacy_f32_dpp v10, v20 quad_perm:[1,0,0,0] row_mask:0xf bank_mask:0xf
v_cmp_class_f32_e32 vcc, s20, v30
v_cmpx_class_f32_e32 vcc, s20, v30
v_cmp_class_f64_e32 vcc, s[20:21], v30
v_cmpx_class_f64_e32 vcc, s[20:21], v30
v_cmp_class_f16_e32 vcc, s20, v30
v_cmpx_class_f16_e32 vcc, s20, v30
v_cmp_f_f16_e32 vcc, s20, v30
v_cmp_lt_f16_e32 vcc, s20, v30
v_cmp_eq_f16_e32 vcc, s20, v30
v_cmp_le_f16_e32 vcc, s20, v30
v_cmp_gt_f16_e32 vcc, s20, v30
v_cmp_lg_f16_e32 vcc, s20, v30
v_cmp_ge_f16_e32 vcc, s20, v30
v_cmp_o_f16_e32 vcc, s20, v30
v_cmp_u_f16_e32 vcc, s20, v30
v_cmp_nge_f16_e32 vcc, s20, v30
v_cmp_nlg_f16_e32 vcc, s20, v30
v_cmp_ngt_f16_e32 vcc, s20, v30
v_cmp_nle_f16_e32 vcc, s20, v30
v_cmp_neq_f16_e32 vcc, s20, v30
v_cmp_nlt_f16_e32 vcc, s20, v30
v_cmp_tru_f16_e32 vcc, s20, v30
v_cmpx_f_f16_e32 vcc, s20, v30
v_cmpx_lt_f16_e32 vcc, s20, v30
v_cmpx_eq_f16_e32 vcc, s20, v30
v_cmpx_le_f16_e32 vcc, s20, v30
v_cmpx_gt_f16_e32 vcc, s20, v30
v_cmpx_lg_f16_e32 vcc, s20, v30
v_cmpx_ge_f16_e32 vcc, s20, v30
v_cmpx_o_f16_e32 vcc, s20, v30
v_cmpx_u_f16_e32 vcc, s20, v30
v_cmpx_nge_f16_e32 vcc, s20, v30
v_cmpx_nlg_f16_e32 vcc, s20, v30
v_cmpx_ngt_f16_e32 vcc, s20, v30
v_cmpx_nle_f16_e32 vcc, s20, v30
v_cmpx_neq_f16_e32 vcc, s20, v30
v_cmpx_nlt_f16_e32 vcc, s20, v30
v_cmpx_tru_f16_e32 vcc, s20, v30
v_cmp_f_f32_e32 vcc, s20, v30
v_cmp_lt_f32_e32 vcc, s20, v30
v_cmp_eq_f32_e32 vcc, s20, v30
v_cmp_le_f32_e32 vcc, s20, v30
v_cmp_gt_f32_e32 vcc, s20, v30
v_cmp_lg_f32_e32 vcc, s20, v30
v_cmp_ge_f32_e32 vcc, s20, v30
v_cmp_o_f32_e32 vcc, s20, v30
v_cmp_u_f32_e32 vcc, s20, v30
v_cmp_nge_f32_e32 vcc, s20, v30
v_cmp_nlg_f32_e32 vcc, s20, v30
v_cmp_ngt_f32_e32 vcc, s20, v30
v_cmp_nle_f32_e32 vcc, s20, v30
v_cmp_neq_f32_e32 vcc, s20, v30
v_cmp_nlt_f32_e32 vcc, s20, v30
v_cmp_tru_f32_e32 vcc, s20, v30
v_cmpx_f_f32_e32 vcc, s20, v30
v_cmpx_lt_f32_e32 vcc, s20, v30
v_cmpx_eq_f32_e32 vcc, s20, v30
v_cmpx_le_f32_e32 vcc, s20, v30
v_cmpx_gt_f32_e32 vcc, s20, v30
v_cmpx_lg_f32_e32 vcc, s20, v30
v_cmpx_ge_f32_e32 vcc, s20, v30
v_cmpx_o_f32_e32 vcc, s20, v30
v_cmpx_u_f32_e32 vcc, s20, v30
v_cmpx_nge_f32_e32 vcc, s20, v30
v_cmpx_nlg_f32_e32 vcc, s20, v30
v_cmpx_ngt_f32_e32 vcc, s20, v30
v_cmpx_nle_f32_e32 vcc, s20, v30
v_cmpx_neq_f32_e32 vcc, s20, v30
v_cmpx_nlt_f32_e32 vcc, s20, v30
v_cmpx_tru_f32_e32 vcc, s20, v30
v_cmp_f_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_lt_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_eq_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_le_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_gt_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_lg_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_ge_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_o_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_u_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_nge_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_nlg_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_ngt_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_nle_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_neq_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_nlt_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_tru_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_f_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_lt_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_eq_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_le_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_gt_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_lg_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ge_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_o_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_u_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_nge_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_nlg_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ngt_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_nle_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_neq_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_nlt_f64_e32 vcc, s[20:21], v[30:31]
v_cmpx_tru_f64_e32 vcc, s[20:21], v[30:31]
v_cmp_f_i16_e32 vcc, s20, v30
v_cmp_lt_i16_e32 vcc, s20, v30
v_cmp_eq_i16_e32 vcc, s20, v30
v_cmp_le_i16_e32 vcc, s20, v30
v_cmp_gt_i16_e32 vcc, s20, v30
v_cmp_ne_i16_e32 vcc, s20, v30
v_cmp_ge_i16_e32 vcc, s20, v30
v_cmp_t_i16_e32 vcc, s20, v30
v_cmp_f_u16_e32 vcc, s20, v30
v_cmp_lt_u16_e32 vcc, s20, v30
v_cmp_eq_u16_e32 vcc, s20, v30
v_cmp_le_u16_e32 vcc, s20, v30
v_cmp_gt_u16_e32 vcc, s20, v30
v_cmp_ne_u16_e32 vcc, s20, v30
v_cmp_ge_u16_e32 vcc, s20, v30
v_cmp_t_u16_e32 vcc, s20, v30
v_cmpx_f_i16_e32 vcc, s20, v30
v_cmpx_lt_i16_e32 vcc, s20, v30
v_cmpx_eq_i16_e32 vcc, s20, v30
v_cmpx_le_i16_e32 vcc, s20, v30
v_cmpx_gt_i16_e32 vcc, s20, v30
v_cmpx_ne_i16_e32 vcc, s20, v30
v_cmpx_ge_i16_e32 vcc, s20, v30
v_cmpx_t_i16_e32 vcc, s20, v30
v_cmpx_f_u16_e32 vcc, s20, v30
v_cmpx_lt_u16_e32 vcc, s20, v30
v_cmpx_eq_u16_e32 vcc, s20, v30
v_cmpx_le_u16_e32 vcc, s20, v30
v_cmpx_gt_u16_e32 vcc, s20, v30
v_cmpx_ne_u16_e32 vcc, s20, v30
v_cmpx_ge_u16_e32 vcc, s20, v30
v_cmpx_t_u16_e32 vcc, s20, v30
v_cmp_f_i32_e32 vcc, s20, v30
v_cmp_lt_i32_e32 vcc, s20, v30
v_cmp_eq_i32_e32 vcc, s20, v30
v_cmp_le_i32_e32 vcc, s20, v30
v_cmp_gt_i32_e32 vcc, s20, v30
v_cmp_ne_i32_e32 vcc, s20, v30
v_cmp_ge_i32_e32 vcc, s20, v30
v_cmp_t_i32_e32 vcc, s20, v30
v_cmp_f_u32_e32 vcc, s20, v30
v_cmp_lt_u32_e32 vcc, s20, v30
v_cmp_eq_u32_e32 vcc, s20, v30
v_cmp_le_u32_e32 vcc, s20, v30
v_cmp_gt_u32_e32 vcc, s20, v30
v_cmp_ne_u32_e32 vcc, s20, v30
v_cmp_ge_u32_e32 vcc, s20, v30
v_cmp_t_u32_e32 vcc, s20, v30
v_cmpx_f_i32_e32 vcc, s20, v30
v_cmpx_lt_i32_e32 vcc, s20, v30
v_cmpx_eq_i32_e32 vcc, s20, v30
v_cmpx_le_i32_e32 vcc, s20, v30
v_cmpx_gt_i32_e32 vcc, s20, v30
v_cmpx_ne_i32_e32 vcc, s20, v30
v_cmpx_ge_i32_e32 vcc, s20, v30
v_cmpx_t_i32_e32 vcc, s20, v30
v_cmpx_f_u32_e32 vcc, s20, v30
v_cmpx_lt_u32_e32 vcc, s20, v30
v_cmpx_eq_u32_e32 vcc, s20, v30
v_cmpx_le_u32_e32 vcc, s20, v30
v_cmpx_gt_u32_e32 vcc, s20, v30
v_cmpx_ne_u32_e32 vcc, s20, v30
v_cmpx_ge_u32_e32 vcc, s20, v30
v_cmpx_t_u32_e32 vcc, s20, v30
v_cmp_f_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_lt_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_eq_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_le_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_gt_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_ne_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_ge_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_t_i64_e32 vcc, s[20:21], v[30:31]
v_cmp_f_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_lt_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_eq_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_le_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_gt_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_ne_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_ge_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_t_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_f_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_lt_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_eq_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_le_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_gt_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ne_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ge_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_t_i64_e32 vcc, s[20:21], v[30:31]
v_cmpx_f_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_lt_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_eq_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_le_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_gt_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ne_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_ge_u64_e32 vcc, s[20:21], v[30:31]
v_cmpx_t_u64_e32 vcc, s[20:21], v[30:31]
v_cmp_class_f32_e32 vcc, 1.0, v30
v_cmpx_class_f32_e32 vcc, 1.0, v30
v_cmp_class_f64_e32 vcc, 1.0, v30
v_cmpx_class_f64_e32 vcc, 1.0, v30
v_cmp_class_f16_e32 vcc, 1.0, v30
v_cmpx_class_f16_e32 vcc, 1.0, v30
v_cmp_f_f16_e32 vcc, 1.0, v30
v_cmp_lt_f16_e32 vcc, 1.0, v30
v_cmp_eq_f16_e32 vcc, 1.0, v30
v_cmp_le_f16_e32 vcc, 1.0, v30
v_cmp_gt_f16_e32 vcc, 1.0, v30
v_cmp_lg_f16_e32 vcc, 1.0, v30
v_cmp_ge_f16_e32 vcc, 1.0, v30
v_cmp_o_f16_e32 vcc, 1.0, v30
v_cmp_u_f16_e32 vcc, 1.0, v30
v_cmp_nge_f16_e32 vcc, 1.0, v30
v_cmp_nlg_f16_e32 vcc, 1.0, v30
v_cmp_ngt_f16_e32 vcc, 1.0, v30
v_cmp_nle_f16_e32 vcc, 1.0, v30
v_cmp_neq_f16_e32 vcc, 1.0, v30
v_cmp_nlt_f16_e32 vcc, 1.0, v30
v_cmp_tru_f16_e32 vcc, 1.0, v30
v_cmpx_f_f16_e32 vcc, 1.0, v30
v_cmpx_lt_f16_e32 vcc, 1.0, v30
v_cmpx_eq_f16_e32 vcc, 1.0, v30
v_cmpx_le_f16_e32 vcc, 1.0, v30
v_cmpx_gt_f16_e32 vcc, 1.0, v30
v_cmpx_lg_f16_e32 vcc, 1.0, v30
v_cmpx_ge_f16_e32 vcc, 1.0, v30
v_cmpx_o_f16_e32 vcc, 1.0, v30
v_cmpx_u_f16_e32 vcc, 1.0, v30
v_cmpx_nge_f16_e32 vcc, 1.0, v30
v_cmpx_nlg_f16_e32 vcc, 1.0, v30
v_cmpx_ngt_f16_e32 vcc, 1.0, v30
v_cmpx_nle_f16_e32 vcc, 1.0, v30
v_cmpx_neq_f16_e32 vcc, 1.0, v30
v_cmpx_nlt_f16_e32 vcc, 1.0, v30
v_cmpx_tru_f16_e32 vcc, 1.0, v30
v_cmp_f_f32_e32 vcc, 1.0, v30
v_cmp_lt_f32_e32 vcc, 1.0, v30
v_cmp_eq_f32_e32 vcc, 1.0, v30
v_cmp_le_f32_e32 vcc, 1.0, v30
v_cmp_gt_f32_e32 vcc, 1.0, v30
v_cmp_lg_f32_e32 vcc, 1.0, v30
v_cmp_ge_f32_e32 vcc, 1.0, v30
v_cmp_o_f32_e32 vcc, 1.0, v30
v_cmp_u_f32_e32 vcc, 1.0, v30
v_cmp_nge_f32_e32 vcc, 1.0, v30
v_cmp_nlg_f32_e32 vcc, 1.0, v30
v_cmp_ngt_f32_e32 vcc, 1.0, v30
v_cmp_nle_f32_e32 vcc, 1.0, v30
v_cmp_neq_f32_e32 vcc, 1.0, v30
v_cmp_nlt_f32_e32 vcc, 1.0, v30
v_cmp_tru_f32_e32 vcc, 1.0, v30
v_cmpx_f_f32_e32 vcc, 1.0, v30
v_cmpx_lt_f32_e32 vcc, 1.0, v30
v_cmpx_eq_f32_e32 vcc, 1.0, v30
v_cmpx_le_f32_e32 vcc, 1.0, v30
v_cmpx_gt_f32_e32 vcc, 1.0, v30
v_cmpx_lg_f32_e32 vcc, 1.0, v30
v_cmpx_ge_f32_e32 vcc, 1.0, v30
v_cmpx_o_f32_e32 vcc, 1.0, v30
v_cmpx_u_f32_e32 vcc, 1.0, v30
v_cmpx_nge_f32_e32 vcc, 1.0, v30
v_cmpx_nlg_f32_e32 vcc, 1.0, v30
v_cmpx_ngt_f32_e32 vcc, 1.0, v30
v_cmpx_nle_f32_e32 vcc, 1.0, v30
v_cmpx_neq_f32_e32 vcc, 1.0, v30
v_cmpx_nlt_f32_e32 vcc, 1.0, v30
v_cmpx_tru_f32_e32 vcc, 1.0, v30
v_cmp_f_f64_e32 vcc, 1.0, v[30:31]
v_cmp_lt_f64_e32 vcc, 1.0, v[30:31]
v_cmp_eq_f64_e32 vcc, 1.0, v[30:31]
v_cmp_le_f64_e32 vcc, 1.0, v[30:31]
v_cmp_gt_f64_e32 vcc, 1.0, v[30:31]
v_cmp_lg_f64_e32 vcc, 1.0, v[30:31]
v_cmp_ge_f64_e32 vcc, 1.0, v[30:31]
v_cmp_o_f64_e32 vcc, 1.0, v[30:31]
v_cmp_u_f64_e32 vcc, 1.0, v[30:31]
v_cmp_nge_f64_e32 vcc, 1.0, v[30:31]
v_cmp_nlg_f64_e32 vcc, 1.0, v[30:31]
v_cmp_ngt_f64_e32 vcc, 1.0, v[30:31]
v_cmp_nle_f64_e32 vcc, 1.0, v[30:31]
v_cmp_neq_f64_e32 vcc, 1.0, v[30:31]
v_cmp_nlt_f64_e32 vcc, 1.0, v[30:31]
v_cmp_tru_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_f_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_lt_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_eq_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_le_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_gt_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_lg_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_ge_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_o_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_u_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_nge_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_nlg_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_ngt_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_nle_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_neq_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_nlt_f64_e32 vcc, 1.0, v[30:31]
v_cmpx_tru_f64_e32 vcc, 1.0, v[30:31]
v_cmp_f_i16_e32 vcc, 0x3c00, v30
v_cmp_lt_i16_e32 vcc, 0x3c00, v30
v_cmp_eq_i16_e32 vcc, 0x3c00, v30
v_cmp_le_i16_e32 vcc, 0x3c00, v30
v_cmp_gt_i16_e32 vcc, 0x3c00, v30
v_cmp_ne_i16_e32 vcc, 0x3c00, v30
v_cmp_ge_i16_e32 vcc, 0x3c00, v30
v_cmp_t_i16_e32 vcc, 0x3c00, v30
v_cmp_f_u16_e32 vcc, 0x3c00, v30
v_cmp_lt_u16_e32 vcc, 0x3c00, v30
v_cmp_eq_u16_e32 vcc, 0x3c00, v30
v_cmp_le_u16_e32 vcc, 0x3c00, v30
v_cmp_gt_u16_e32 vcc, 0x3c00, v30
v_cmp_ne_u16_e32 vcc, 0x3c00, v30
v_cmp_ge_u16_e32 vcc, 0x3c00, v30
v_cmp_t_u16_e32 vcc, 0x3c00, v30
v_cmpx_f_i16_e32 vcc, 0x3c00, v30
v_cmpx_lt_i16_e32 vcc, 0x3c00, v30
v_cmpx_eq_i16_e32 vcc, 0x3c00, v30
v_cmpx_le_i16_e32 vcc, 0x3c00, v30
v_cmpx_gt_i16_e32 vcc, 0x3c00, v30
v_cmpx_ne_i16_e32 vcc, 0x3c00, v30
v_cmpx_ge_i16_e32 vcc, 0x3c00, v30
v_cmpx_t_i16_e32 vcc, 0x3c00, v30
v_cmpx_f_u16_e32 vcc, 0x3c00, v30
v_cmpx_lt_u16_e32 vcc, 0x3c00, v30
v_cmpx_eq_u16_e32 vcc, 0x3c00, v30
v_cmpx_le_u16_e32 vcc, 0x3c00, v30
v_cmpx_gt_u16_e32 vcc, 0x3c00, v30
v_cmpx_ne_u16_e32 vcc, 0x3c00, v30
v_cmpx_ge_u16_e32 vcc, 0x3c00, v30
v_cmpx_t_u16_e32 vcc, 0x3c00, v30
v_cmp_f_i32_e32 vcc, 1.0, v30
v_cmp_lt_i32_e32 vcc, 1.0, v30
v_cmp_eq_i32_e32 vcc, 1.0, v30
v_cmp_le_i32_e32 vcc, 1.0, v30
v_cmp_gt_i32_e32 vcc, 1.0, v30
v_cmp_ne_i32_e32 vcc, 1.0, v30
v_cmp_ge_i32_e32 vcc, 1.0, v30
v_cmp_t_i32_e32 vcc, 1.0, v30
v_cmp_f_u32_e32 vcc, 1.0, v30
v_cmp_lt_u32_e32 vcc, 1.0, v30
v_cmp_eq_u32_e32 vcc, 1.0, v30
v_cmp_le_u32_e32 vcc, 1.0, v30
v_cmp_gt_u32_e32 vcc, 1.0, v30
v_cmp_ne_u32_e32 vcc, 1.0, v30
v_cmp_ge_u32_e32 vcc, 1.0, v30
v_cmp_t_u32_e32 vcc, 1.0, v30
v_cmpx_f_i32_e32 vcc, 1.0, v30
v_cmpx_lt_i32_e32 vcc, 1.0, v30
v_cmpx_eq_i32_e32 vcc, 1.0, v30
v_cmpx_le_i32_e32 vcc, 1.0, v30
v_cmpx_gt_i32_e32 vcc, 1.0, v30
v_cmpx_ne_i32_e32 vcc, 1.0, v30
v_cmpx_ge_i32_e32 vcc, 1.0, v30
v_cmpx_t_i32_e32 vcc, 1.0, v30
v_cmpx_f_u32_e32 vcc, 1.0, v30
v_cmpx_lt_u32_e32 vcc, 1.0, v30
v_cmpx_eq_u32_e32 vcc, 1.0, v30
v_cmpx_le_u32_e32 vcc, 1.0, v30
v_cmpx_gt_u32_e32 vcc, 1.0, v30
v_cmpx_ne_u32_e32 vcc, 1.0, v30
v_cmpx_ge_u32_e32 vcc, 1.0, v30
v_cmpx_t_u32_e32 vcc, 1.0, v30
v_cmp_f_i64_e32 vcc, 1.0, v[30:31]
v_cmp_lt_i64_e32 vcc, 1.0, v[30:31]
v_cmp_eq_i64_e32 vcc, 1.0, v[30:31]
v_cmp_le_i64_e32 vcc, 1.0, v[30:31]
v_cmp_gt_i64_e32 vcc, 1.0, v[30:31]
v_cmp_ne_i64_e32 vcc, 1.0, v[30:31]
v_cmp_ge_i64_e32 vcc, 1.0, v[30:31]
v_cmp_t_i64_e32 vcc, 1.0, v[30:31]
v_cmp_f_u64_e32 vcc, 1.0, v[30:31]
v_cmp_lt_u64_e32 vcc, 1.0, v[30:31]
v_cmp_eq_u64_e32 vcc, 1.0, v[30:31]
v_cmp_le_u64_e32 vcc, 1.0, v[30:31]
v_cmp_gt_u64_e32 vcc, 1.0, v[30:31]
v_cmp_ne_u64_e32 vcc, 1.0, v[30:31]
v_cmp_ge_u64_e32 vcc, 1.0, v[30:31]
v_cmp_t_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_f_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_lt_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_eq_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_le_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_gt_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_ne_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_ge_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_t_i64_e32 vcc, 1.0, v[30:31]
v_cmpx_f_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_lt_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_eq_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_le_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_gt_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_ne_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_ge_u64_e32 vcc, 1.0, v[30:31]
v_cmpx_t_u64_e32 vcc, 1.0, v[30:31]
v_cmp_class_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_class_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_class_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_class_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lg_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_o_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_u_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nge_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nlg_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ngt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nle_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_neq_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nlt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_tru_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lg_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_o_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_u_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nge_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nlg_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ngt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nle_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_neq_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nlt_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_tru_f16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lg_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_o_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_u_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nge_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nlg_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ngt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nle_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_neq_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_nlt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_tru_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lg_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_o_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_u_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nge_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nlg_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ngt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nle_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_neq_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_nlt_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_tru_f32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ne_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_t_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ne_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_t_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ne_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_t_i16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ne_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_t_u16 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ne_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_t_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_f_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_lt_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_eq_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_le_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_gt_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ne_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_ge_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmp_t_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ne_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_t_i32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_f_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_lt_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_eq_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_le_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_gt_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ne_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_ge_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_cmpx_t_u32 vcc, v20, v30 src0_sel:DWORD src1_sel:BYTE_0
v_mad_legacy_f32 v10, s20, v30, v40
v_mad_f32 v10, s20, v30, v40
v_mad_i32_i24 v10, s20, v30, v40
v_mad_u32_u24 v10, s20, v30, v40
v_cubeid_f32 v10, s20, v30, v40
v_cubesc_f32 v10, s20, v30, v40
v_cubetc_f32 v10, s20, v30, v40
v_cubema_f32 v10, s20, v30, v40
v_bfe_u32 v10, s20, v30, v40
v_bfe_i32 v10, s20, v30, v40
v_bfi_b32 v10, s20, v30, v40
v_fma_f32 v10, s20, v30, v40
v_fma_f64 v[10:11], s[20:21], v[30:31], v[40:41]
v_lerp_u8 v10, s20, v30, v40
v_alignbit_b32 v10, s20, v30, v40
v_alignbyte_b32 v10, s20, v30, v40
v_min3_f32 v10, s20, v30, v40
v_min3_i32 v10, s20, v30, v40
v_min3_u32 v10, s20, v30, v40
v_max3_f32 v10, s20, v30, v40
v_max3_i32 v10, s20, v30, v40
v_max3_u32 v10, s20, v30, v40
v_med3_f32 v10, s20, v30, v40
v_med3_i32 v10, s20, v30, v40
v_med3_u32 v10, s20, v30, v40
v_sad_u8 v10, s20, v30, v40
v_sad_hi_u8 v10, s20, v30, v40
v_sad_u16 v10, s20, v30, v40
v_sad_u32 v10, s20, v30, v40
v_cvt_pk_u8_f32 v10, s20, v30, v40
v_div_fixup_f32 v10, s20, v30, v40
v_div_fixup_f64 v[10:11], s[20:21], v[30:31], v[40:41]
v_div_scale_f32 v10, s[0:1], s20, v30, v40
v_div_scale_f64 v[10:11], s[0:1], s[20:21], v[30:31], v[40:41]
v_msad_u8 v10, s20, v30, v40
v_qsad_pk_u16_u8 v[10:11], s[20:21], v30, v[40:41]
v_mqsad_pk_u16_u8 v[10:11], s[20:21], v30, v[40:41]
v_mqsad_u32_u8 v[10:13], s[20:21], v30, v[40:43]
v_mad_u64_u32 v[10:11], s[0:1], s20, v30, v[40:41]
v_mad_i64_i32 v[10:11], s[0:1], s20, v30, v[40:41]
v_mad_f16 v10, s20, v30, v40
v_mad_u16 v10, s20, v30, v40
v_mad_i16 v10, s20, v30, v40
v_perm_b32 v10, s20, v30, v40
v_fma_f16 v10, s20, v30, v40
v_div_fixup_f16 v10, s20, v30, v40
v_cmp_class_f32_e64 s[10:11], s20, v30
v_cmpx_class_f32_e64 s[10:11], s20, v30
v_cmp_class_f64_e64 s[10:11], s[20:21], v30
v_cmpx_class_f64_e64 s[10:11], s[20:21], v30
v_cmp_class_f16_e64 s[10:11], s20, v30
v_cmpx_class_f16_e64 s[10:11], s20, v30
v_cmp_f_f16_e64 s[10:11], s20, v30
v_cmp_lt_f16_e64 s[10:11], s20, v30
v_cmp_eq_f16_e64 s[10:11], s20, v30
v_cmp_le_f16_e64 s[10:11], s20, v30
v_cmp_gt_f16_e64 s[10:11], s20, v30
v_cmp_lg_f16_e64 s[10:11], s20, v30
v_cmp_ge_f16_e64 s[10:11], s20, v30
v_cmp_o_f16_e64 s[10:11], s20, v30
v_cmp_u_f16_e64 s[10:11], s20, v30
v_cmp_nge_f16_e64 s[10:11], s20, v30
v_cmp_nlg_f16_e64 s[10:11], s20, v30
v_cmp_ngt_f16_e64 s[10:11], s20, v30
v_cmp_nle_f16_e64 s[10:11], s20, v30
v_cmp_neq_f16_e64 s[10:11], s20, v30
v_cmp_nlt_f16_e64 s[10:11], s20, v30
v_cmp_tru_f16_e64 s[10:11], s20, v30
v_cmpx_f_f16_e64 s[10:11], s20, v30
v_cmpx_lt_f16_e64 s[10:11], s20, v30
v_cmpx_eq_f16_e64 s[10:11], s20, v30
v_cmpx_le_f16_e64 s[10:11], s20, v30
v_cmpx_gt_f16_e64 s[10:11], s20, v30
v_cmpx_lg_f16_e64 s[10:11], s20, v30
v_cmpx_ge_f16_e64 s[10:11], s20, v30
v_cmpx_o_f16_e64 s[10:11], s20, v30
v_cmpx_u_f16_e64 s[10:11], s20, v30
v_cmpx_nge_f16_e64 s[10:11], s20, v30
v_cmpx_nlg_f16_e64 s[10:11], s20, v30
v_cmpx_ngt_f16_e64 s[10:11], s20, v30
v_cmpx_nle_f16_e64 s[10:11], s20, v30
v_cmpx_neq_f16_e64 s[10:11], s20, v30
v_cmpx_nlt_f16_e64 s[10:11], s20, v30
v_cmpx_tru_f16_e64 s[10:11], s20, v30
v_cmp_f_f32_e64 s[10:11], s20, v30
v_cmp_lt_f32_e64 s[10:11], s20, v30
v_cmp_eq_f32_e64 s[10:11], s20, v30
v_cmp_le_f32_e64 s[10:11], s20, v30
v_cmp_gt_f32_e64 s[10:11], s20, v30
v_cmp_lg_f32_e64 s[10:11], s20, v30
v_cmp_ge_f32_e64 s[10:11], s20, v30
v_cmp_o_f32_e64 s[10:11], s20, v30
v_cmp_u_f32_e64 s[10:11], s20, v30
v_cmp_nge_f32_e64 s[10:11], s20, v30
v_cmp_nlg_f32_e64 s[10:11], s20, v30
v_cmp_ngt_f32_e64 s[10:11], s20, v30
v_cmp_nle_f32_e64 s[10:11], s20, v30
v_cmp_neq_f32_e64 s[10:11], s20, v30
v_cmp_nlt_f32_e64 s[10:11], s20, v30
v_cmp_tru_f32_e64 s[10:11], s20, v30
v_cmpx_f_f32_e64 s[10:11], s20, v30
v_cmpx_lt_f32_e64 s[10:11], s20, v30
v_cmpx_eq_f32_e64 s[10:11], s20, v30
v_cmpx_le_f32_e64 s[10:11], s20, v30
v_cmpx_gt_f32_e64 s[10:11], s20, v30
v_cmpx_lg_f32_e64 s[10:11], s20, v30
v_cmpx_ge_f32_e64 s[10:11], s20, v30
v_cmpx_o_f32_e64 s[10:11], s20, v30
v_cmpx_u_f32_e64 s[10:11], s20, v30
v_cmpx_nge_f32_e64 s[10:11], s20, v30
v_cmpx_nlg_f32_e64 s[10:11], s20, v30
v_cmpx_ngt_f32_e64 s[10:11], s20, v30
v_cmpx_nle_f32_e64 s[10:11], s20, v30
v_cmpx_neq_f32_e64 s[10:11], s20, v30
v_cmpx_nlt_f32_e64 s[10:11], s20, v30
v_cmpx_tru_f32_e64 s[10:11], s20, v30
v_cmp_f_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_lt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_eq_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_le_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_gt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_lg_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ge_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_o_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_u_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_nge_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_nlg_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ngt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_nle_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_neq_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_nlt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_tru_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_f_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_lt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_eq_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_le_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_gt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_lg_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ge_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_o_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_u_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_nge_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_nlg_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ngt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_nle_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_neq_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_nlt_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_tru_f64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_f_i16_e64 s[10:11], s20, v30
v_cmp_lt_i16_e64 s[10:11], s20, v30
v_cmp_eq_i16_e64 s[10:11], s20, v30
v_cmp_le_i16_e64 s[10:11], s20, v30
v_cmp_gt_i16_e64 s[10:11], s20, v30
v_cmp_ne_i16_e64 s[10:11], s20, v30
v_cmp_ge_i16_e64 s[10:11], s20, v30
v_cmp_t_i16_e64 s[10:11], s20, v30
v_cmp_f_u16_e64 s[10:11], s20, v30
v_cmp_lt_u16_e64 s[10:11], s20, v30
v_cmp_eq_u16_e64 s[10:11], s20, v30
v_cmp_le_u16_e64 s[10:11], s20, v30
v_cmp_gt_u16_e64 s[10:11], s20, v30
v_cmp_ne_u16_e64 s[10:11], s20, v30
v_cmp_ge_u16_e64 s[10:11], s20, v30
v_cmp_t_u16_e64 s[10:11], s20, v30
v_cmpx_f_i16_e64 s[10:11], s20, v30
v_cmpx_lt_i16_e64 s[10:11], s20, v30
v_cmpx_eq_i16_e64 s[10:11], s20, v30
v_cmpx_le_i16_e64 s[10:11], s20, v30
v_cmpx_gt_i16_e64 s[10:11], s20, v30
v_cmpx_ne_i16_e64 s[10:11], s20, v30
v_cmpx_ge_i16_e64 s[10:11], s20, v30
v_cmpx_t_i16_e64 s[10:11], s20, v30
v_cmpx_f_u16_e64 s[10:11], s20, v30
v_cmpx_lt_u16_e64 s[10:11], s20, v30
v_cmpx_eq_u16_e64 s[10:11], s20, v30
v_cmpx_le_u16_e64 s[10:11], s20, v30
v_cmpx_gt_u16_e64 s[10:11], s20, v30
v_cmpx_ne_u16_e64 s[10:11], s20, v30
v_cmpx_ge_u16_e64 s[10:11], s20, v30
v_cmpx_t_u16_e64 s[10:11], s20, v30
v_cmp_f_i32_e64 s[10:11], s20, v30
v_cmp_lt_i32_e64 s[10:11], s20, v30
v_cmp_eq_i32_e64 s[10:11], s20, v30
v_cmp_le_i32_e64 s[10:11], s20, v30
v_cmp_gt_i32_e64 s[10:11], s20, v30
v_cmp_ne_i32_e64 s[10:11], s20, v30
v_cmp_ge_i32_e64 s[10:11], s20, v30
v_cmp_t_i32_e64 s[10:11], s20, v30
v_cmp_f_u32_e64 s[10:11], s20, v30
v_cmp_lt_u32_e64 s[10:11], s20, v30
v_cmp_eq_u32_e64 s[10:11], s20, v30
v_cmp_le_u32_e64 s[10:11], s20, v30
v_cmp_gt_u32_e64 s[10:11], s20, v30
v_cmp_ne_u32_e64 s[10:11], s20, v30
v_cmp_ge_u32_e64 s[10:11], s20, v30
v_cmp_t_u32_e64 s[10:11], s20, v30
v_cmpx_f_i32_e64 s[10:11], s20, v30
v_cmpx_lt_i32_e64 s[10:11], s20, v30
v_cmpx_eq_i32_e64 s[10:11], s20, v30
v_cmpx_le_i32_e64 s[10:11], s20, v30
v_cmpx_gt_i32_e64 s[10:11], s20, v30
v_cmpx_ne_i32_e64 s[10:11], s20, v30
v_cmpx_ge_i32_e64 s[10:11], s20, v30
v_cmpx_t_i32_e64 s[10:11], s20, v30
v_cmpx_f_u32_e64 s[10:11], s20, v30
v_cmpx_lt_u32_e64 s[10:11], s20, v30
v_cmpx_eq_u32_e64 s[10:11], s20, v30
v_cmpx_le_u32_e64 s[10:11], s20, v30
v_cmpx_gt_u32_e64 s[10:11], s20, v30
v_cmpx_ne_u32_e64 s[10:11], s20, v30
v_cmpx_ge_u32_e64 s[10:11], s20, v30
v_cmpx_t_u32_e64 s[10:11], s20, v30
v_cmp_f_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_lt_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_eq_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_le_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_gt_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ne_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ge_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_t_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_f_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_lt_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_eq_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_le_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_gt_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ne_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_ge_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmp_t_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_f_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_lt_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_eq_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_le_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_gt_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ne_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ge_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_t_i64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_f_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_lt_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_eq_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_le_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_gt_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ne_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_ge_u64_e64 s[10:11], s[20:21], v[30:31]
v_cmpx_t_u64_e64 s[10:11], s[20:21], v[30:31]
v_add_f32_e64 v10, s20, v30
v_sub_f32_e64 v10, s20, v30
v_subrev_f32_e64 v10, s20, v30
v_mul_legacy_f32_e64 v10, s20, v30
v_mul_f32_e64 v10, s20, v30
v_mul_i32_i24_e64 v10, s20, v30
v_mul_hi_i32_i24_e64 v10, s20, v30
v_mul_u32_u24_e64 v10, s20, v30
v_mul_hi_u32_u24_e64 v10, s20, v30
v_min_f32_e64 v10, s20, v30
v_max_f32_e64 v10, s20, v30
v_min_i32_e64 v10, s20, v30
v_max_i32_e64 v10, s20, v30
v_min_u32_e64 v10, s20, v30
v_max_u32_e64 v10, s20, v30
v_lshrrev_b32_e64 v10, s20, v30
v_ashrrev_i32_e64 v10, s20, v30
v_lshlrev_b32_e64 v10, s20, v30
v_and_b32_e64 v10, s20, v30
v_or_b32_e64 v10, s20, v30
v_xor_b32_e64 v10, s20, v30
v_mac_f32_e64 v10, s20, v30
v_add_u32_e64 v10, s[0:1], s20, v30
v_sub_u32_e64 v10, s[0:1], s20, v30
v_subrev_u32_e64 v10, s[0:1], s20, v30
v_add_f16_e64 v10, s20, v30
v_sub_f16_e64 v10, s20, v30
v_subrev_f16_e64 v10, s20, v30
v_mul_f16_e64 v10, s20, v30
v_mac_f16_e64 v10, s20, v30
v_add_u16_e64 v10, s20, v30
v_sub_u16_e64 v10, s20, v30
v_subrev_u16_e64 v10, s20, v30
v_mul_lo_u16_e64 v10, s20, v30
v_lshlrev_b16_e64 v10, s20, v30
v_lshrrev_b16_e64 v10, s20, v30
v_ashrrev_i16_e64 v10, s20, v30
v_max_f16_e64 v10, s20, v30
v_min_f16_e64 v10, s20, v30
v_max_u16_e64 v10, s20, v30
v_max_i16_e64 v10, s20, v30
v_min_u16_e64 v10, s20, v30
v_min_i16_e64 v10, s20, v30
v_ldexp_f16_e64 v10, s20, v30
v_cvt_pkaccum_u8_f32 v10, s20, v30
v_add_f64 v[10:11], s[20:21], v[30:31]
v_mul_f64 v[10:11], s[20:21], v[30:31]
v_min_f64 v[10:11], s[20:21], v[30:31]
v_max_f64 v[10:11], s[20:21], v[30:31]
v_ldexp_f64 v[10:11], s[20:21], v30
v_mul_lo_u32 v10, s20, v30
v_mul_hi_u32 v10, s20, v30
v_mul_hi_i32 v10, s20, v30
v_ldexp_f32 v10, s20, v30
v_bcnt_u32_b32 v10, s20, v30
v_mbcnt_lo_u32_b32 v10, s20, v30
v_mbcnt_hi_u32_b32 v10, s20, v30
v_lshlrev_b64 v[10:11], s20, v[30:31]
v_lshrrev_b64 v[10:11], s20, v[30:31]
v_ashrrev_i64 v[10:11], s20, v[30:31]
v_trig_preop_f64 v[10:11], s[20:21], v30
v_bfm_b32 v10, s20, v30
v_cvt_pknorm_i16_f32 v10, s20, v30
v_cvt_pknorm_u16_f32 v10, s20, v30
v_cvt_pkrtz_f16_f32 v10, s20, v30
v_cvt_pk_u16_u32 v10, s20, v30
v_cvt_pk_i16_i32 v10, s20, v30
v_mov_b32_e64 v10, s20
v_cvt_i32_f64_e64 v10, s[20:21]
v_cvt_f64_i32_e64 v[10:11], s20
v_cvt_f32_i32_e64 v10, s20
v_cvt_f32_u32_e64 v10, s20
v_cvt_u32_f32_e64 v10, s20
v_cvt_i32_f32_e64 v10, s20
v_cvt_f16_f32_e64 v10, s20
v_cvt_f32_f16_e64 v10, s20
v_cvt_rpi_i32_f32_e64 v10, s20
v_cvt_flr_i32_f32_e64 v10, s20
v_cvt_off_f32_i4_e64 v10, s20
v_cvt_f32_f64_e64 v10, s[20:21]
v_cvt_f64_f32_e64 v[10:11], s20
v_cvt_f32_ubyte0_e64 v10, s20
v_cvt_f32_ubyte1_e64 v10, s20
v_cvt_f32_ubyte2_e64 v10, s20
v_cvt_f32_ubyte3_e64 v10, s20
v_cvt_u32_f64_e64 v10, s[20:21]
v_cvt_f64_u32_e64 v[10:11], s20
v_trunc_f64_e64 v[10:11], s[20:21]
v_ceil_f64_e64 v[10:11], s[20:21]
v_rndne_f64_e64 v[10:11], s[20:21]
v_floor_f64_e64 v[10:11], s[20:21]
v_fract_f32_e64 v10, s20
v_trunc_f32_e64 v10, s20
v_ceil_f32_e64 v10, s20
v_rndne_f32_e64 v10, s20
v_floor_f32_e64 v10, s20
v_exp_f32_e64 v10, s20
v_log_f32_e64 v10, s20
v_rcp_f32_e64 v10, s20
v_rcp_iflag_f32_e64 v10, s20
v_rsq_f32_e64 v10, s20
v_rcp_f64_e64 v[10:11], s[20:21]
v_rsq_f64_e64 v[10:11], s[20:21]
v_sqrt_f32_e64 v10, s20
v_sqrt_f64_e64 v[10:11], s[20:21]
v_sin_f32_e64 v10, s20
v_cos_f32_e64 v10, s20
v_not_b32_e64 v10, s20
v_bfrev_b32_e64 v10, s20
v_ffbh_u32_e64 v10, s20
v_ffbl_b32_e64 v10, s20
v_ffbh_i32_e64 v10, s20
v_frexp_exp_i32_f64_e64 v10, s[20:21]
v_frexp_mant_f64_e64 v[10:11], s[20:21]
v_fract_f64_e64 v[10:11], s[20:21]
v_frexp_exp_i32_f32_e64 v10, s20
v_frexp_mant_f32_e64 v10, s20
v_cvt_f16_u16_e64 v10, s20
v_cvt_f16_i16_e64 v10, s20
v_cvt_u16_f16_e64 v10, s20
v_cvt_i16_f16_e64 v10, s20
v_rcp_f16_e64 v10, s20
v_sqrt_f16_e64 v10, s20
v_rsq_f16_e64 v10, s20
v_log_f16_e64 v10, s20
v_exp_f16_e64 v10, s20
v_frexp_mant_f16_e64 v10, s20
v_frexp_exp_i16_f16_e64 v10, s20
v_floor_f16_e64 v10, s20
v_ceil_f16_e64 v10, s20
v_trunc_f16_e64 v10, s20
v_rndne_f16_e64 v10, s20
v_fract_f16_e64 v10, s20
v_sin_f16_e64 v10, s20
v_cos_f16_e64 v10, s20
v_exp_legacy_f32_e64 v10, s20
v_log_legacy_f32_e64 v10, s20
v_mad_legacy_f32 v10, -|s20|, -|v30|, -|v40|
v_mad_f32 v10, -|s20|, -|v30|, -|v40|
v_cubeid_f32 v10, -|s20|, -|v30|, -|v40|
v_cubesc_f32 v10, -|s20|, -|v30|, -|v40|
v_cubetc_f32 v10, -|s20|, -|v30|, -|v40|
v_cubema_f32 v10, -|s20|, -|v30|, -|v40|
v_fma_f32 v10, -|s20|, -|v30|, -|v40|
v_fma_f64 v[10:11], -|s[20:21]|, -|v[30:31]|, -|v[40:41]|
v_min3_f32 v10, -|s20|, -|v30|, -|v40|
v_max3_f32 v10, -|s20|, -|v30|, -|v40|
v_med3_f32 v10, -|s20|, -|v30|, -|v40|
v_cvt_pk_u8_f32 v10, -|s20|, sext(v30), sext(v40)
v_div_fixup_f32 v10, -|s20|, -|v30|, -|v40|
v_div_fixup_f64 v[10:11], -|s[20:21]|, -|v[30:31]|, -|v[40:41]|
v_div_scale_f32 v10, s[6:7], -s20, -v30, -v40
v_div_scale_f64 v[10:11], s[6:7], -s[20:21], -v[30:31], -v[40:41]
v_mad_f16 v10, -|s20|, -|v30|, -|v40|
v_fma_f16 v10, -|s20|, -|v30|, -|v40|
v_div_fixup_f16 v10, -|s20|, -|v30|, -|v40|
v_cmp_f_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_lt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_eq_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_le_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_gt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_lg_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_ge_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_o_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_u_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_nge_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_nlg_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_ngt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_nle_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_neq_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_nlt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_tru_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_f_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_lt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_eq_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_le_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_gt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_lg_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_ge_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_o_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_u_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nge_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nlg_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_ngt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nle_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_neq_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nlt_f16_e64 s[10:11], -|s20|, -|v30|
v_cmpx_tru_f16_e64 s[10:11], -|s20|, -|v30|
v_cmp_f_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_lt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_eq_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_le_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_gt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_lg_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_ge_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_o_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_u_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_nge_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_nlg_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_ngt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_nle_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_neq_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_nlt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_tru_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_f_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_lt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_eq_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_le_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_gt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_lg_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_ge_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_o_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_u_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nge_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nlg_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_ngt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nle_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_neq_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_nlt_f32_e64 s[10:11], -|s20|, -|v30|
v_cmpx_tru_f32_e64 s[10:11], -|s20|, -|v30|
v_cmp_f_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_lt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_eq_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_le_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_gt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_lg_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_ge_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_o_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_u_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_nge_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_nlg_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_ngt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_nle_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_neq_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_nlt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmp_tru_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_f_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_lt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_eq_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_le_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_gt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_lg_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_ge_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_o_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_u_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_nge_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_nlg_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_ngt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_nle_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_neq_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_nlt_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_cmpx_tru_f64_e64 s[10:11], -|s[20:21]|, -|v[30:31]|
v_add_f32_e64 v10, -|s20|, -|v30|
v_sub_f32_e64 v10, -|s20|, -|v30|
v_subrev_f32_e64 v10, -|s20|, -|v30|
v_mul_legacy_f32_e64 v10, -|s20|, -|v30|
v_mul_f32_e64 v10, -|s20|, -|v30|
v_min_f32_e64 v10, -|s20|, -|v30|
v_max_f32_e64 v10, -|s20|, -|v30|
v_mac_f32_e64 v10, -|s20|, -|v30|
v_add_f16_e64 v10, -|s20|, -|v30|
v_sub_f16_e64 v10, -|s20|, -|v30|
v_subrev_f16_e64 v10, -|s20|, -|v30|
v_mul_f16_e64 v10, -|s20|, -|v30|
v_mac_f16_e64 v10, -|s20|, -|v30|
v_max_f16_e64 v10, -|s20|, -|v30|
v_min_f16_e64 v10, -|s20|, -|v30|
v_ldexp_f16_e64 v10, -|s20|, sext(v30)
v_cvt_pkaccum_u8_f32 v10, -|s20|, sext(v30)
v_add_f64 v[10:11], -|s[20:21]|, -|v[30:31]|
v_mul_f64 v[10:11], -|s[20:21]|, -|v[30:31]|
v_min_f64 v[10:11], -|s[20:21]|, -|v[30:31]|
v_max_f64 v[10:11], -|s[20:21]|, -|v[30:31]|
v_ldexp_f64 v[10:11], -|s[20:21]|, sext(v30)
v_ldexp_f32 v10, -|s20|, sext(v30)
v_trig_preop_f64 v[10:11], -|s[20:21]|, sext(v30)
v_cvt_pknorm_i16_f32 v10, -|s20|, -|v30|
v_cvt_pknorm_u16_f32 v10, -|s20|, -|v30|
v_cvt_pkrtz_f16_f32 v10, -|s20|, -|v30|
v_cvt_i32_f64_e64 v10, -|s[20:21]|
v_cvt_u32_f32_e64 v10, -|s20|
v_cvt_i32_f32_e64 v10, -|s20|
v_cvt_f16_f32_e64 v10, -|s20|
v_cvt_f32_f16_e64 v10, -|s20|
v_cvt_rpi_i32_f32_e64 v10, -|s20|
v_cvt_flr_i32_f32_e64 v10, -|s20|
v_cvt_f32_f64_e64 v10, -|s[20:21]|
v_cvt_f64_f32_e64 v[10:11], -|s20|
v_cvt_u32_f64_e64 v10, -|s[20:21]|
v_trunc_f64_e64 v[10:11], -|s[20:21]|
v_ceil_f64_e64 v[10:11], -|s[20:21]|
v_rndne_f64_e64 v[10:11], -|s[20:21]|
v_floor_f64_e64 v[10:11], -|s[20:21]|
v_fract_f32_e64 v10, -|s20|
v_trunc_f32_e64 v10, -|s20|
v_ceil_f32_e64 v10, -|s20|
v_rndne_f32_e64 v10, -|s20|
v_floor_f32_e64 v10, -|s20|
v_exp_f32_e64 v10, -|s20|
v_log_f32_e64 v10, -|s20|
v_rcp_f32_e64 v10, -|s20|
v_rcp_iflag_f32_e64 v10, -|s20|
v_rsq_f32_e64 v10, -|s20|
v_rcp_f64_e64 v[10:11], -|s[20:21]|
v_rsq_f64_e64 v[10:11], -|s[20:21]|
v_sqrt_f32_e64 v10, -|s20|
v_sqrt_f64_e64 v[10:11], -|s[20:21]|
v_sin_f32_e64 v10, -|s20|
v_cos_f32_e64 v10, -|s20|
v_frexp_exp_i32_f64_e64 v10, -|s[20:21]|
v_frexp_mant_f64_e64 v[10:11], -|s[20:21]|
v_fract_f64_e64 v[10:11], -|s[20:21]|
v_frexp_exp_i32_f32_e64 v10, -|s20|
v_frexp_mant_f32_e64 v10, -|s20|
v_cvt_u16_f16_e64 v10, -|s20|
v_cvt_i16_f16_e64 v10, -|s20|
v_rcp_f16_e64 v10, -|s20|
v_sqrt_f16_e64 v10, -|s20|
v_rsq_f16_e64 v10, -|s20|
v_log_f16_e64 v10, -|s20|
v_exp_f16_e64 v10, -|s20|
v_frexp_mant_f16_e64 v10, -|s20|
v_frexp_exp_i16_f16_e64 v10, -|s20|
v_floor_f16_e64 v10, -|s20|
v_ceil_f16_e64 v10, -|s20|
v_trunc_f16_e64 v10, -|s20|
v_rndne_f16_e64 v10, -|s20|
v_fract_f16_e64 v10, -|s20|
v_sin_f16_e64 v10, -|s20|
v_cos_f16_e64 v10, -|s20|
v_exp_legacy_f32_e64 v10, -|s20|
v_log_legacy_f32_e64 v10, -|s20|
v_mad_legacy_f32 v10, 1.0, 1.0, 1.0
v_mad_f32 v10, 1.0, 1.0, 1.0
v_mad_i32_i24 v10, 1.0, 1.0, 1.0
v_mad_u32_u24 v10, 1.0, 1.0, 1.0
v_cubeid_f32 v10, 1.0, 1.0, 1.0
v_cubesc_f32 v10, 1.0, 1.0, 1.0
v_cubetc_f32 v10, 1.0, 1.0, 1.0
v_cubema_f32 v10, 1.0, 1.0, 1.0
v_bfe_u32 v10, 1.0, 1.0, 1.0
v_bfe_i32 v10, 1.0, 1.0, 1.0
v_bfi_b32 v10, 1.0, 1.0, 1.0
v_fma_f32 v10, 1.0, 1.0, 1.0
v_fma_f64 v[10:11], 1.0, 1.0, 1.0
v_lerp_u8 v10, 1.0, 1.0, 1.0
v_alignbit_b32 v10, 1.0, 1.0, 1.0
v_alignbyte_b32 v10, 1.0, 1.0, 1.0
v_min3_f32 v10, 1.0, 1.0, 1.0
v_min3_i32 v10, 1.0, 1.0, 1.0
v_min3_u32 v10, 1.0, 1.0, 1.0
v_max3_f32 v10, 1.0, 1.0, 1.0
v_max3_i32 v10, 1.0, 1.0, 1.0
v_max3_u32 v10, 1.0, 1.0, 1.0
v_med3_f32 v10, 1.0, 1.0, 1.0
v_med3_i32 v10, 1.0, 1.0, 1.0
v_med3_u32 v10, 1.0, 1.0, 1.0
v_sad_u8 v10, 1.0, 1.0, 1.0
v_sad_hi_u8 v10, 1.0, 1.0, 1.0
v_sad_u16 v10, 1.0, 1.0, 1.0
v_sad_u32 v10, 1.0, 1.0, 1.0
v_cvt_pk_u8_f32 v10, 1.0, 1.0, 1.0
v_div_fixup_f32 v10, 1.0, 1.0, 1.0
v_div_fixup_f64 v[10:11], 1.0, 1.0, 1.0
v_div_scale_f32 v10, s[0:1], 1.0, 1.0, 1.0
v_div_scale_f64 v[10:11], s[0:1], 1.0, 1.0, 1.0
v_div_fmas_f32 v10, 1.0, 1.0, 1.0
v_div_fmas_f64 v[10:11], 1.0, 1.0, 1.0
v_msad_u8 v10, 1.0, 1.0, 1.0
v_qsad_pk_u16_u8 v[10:11], 1.0, 1.0, 1.0
v_mqsad_pk_u16_u8 v[10:11], 1.0, 1.0, 1.0
v_mad_u64_u32 v[10:11], s[0:1], 1.0, 1.0, 1.0
v_mad_i64_i32 v[10:11], s[0:1], 1.0, 1.0, 1.0
v_mad_f16 v10, 1.0, 1.0, 1.0
v_perm_b32 v10, 1.0, 1.0, 1.0
v_fma_f16 v10, 1.0, 1.0, 1.0
v_div_fixup_f16 v10, 1.0, 1.0, 1.0
v_cmp_class_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_class_f32_e64 s[10:11], 1.0, 1.0
v_cmp_class_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_class_f64_e64 s[10:11], 1.0, 1.0
v_cmp_class_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_class_f16_e64 s[10:11], 1.0, 1.0
v_cmp_f_f16_e64 s[10:11], 1.0, 1.0
v_cmp_lt_f16_e64 s[10:11], 1.0, 1.0
v_cmp_eq_f16_e64 s[10:11], 1.0, 1.0
v_cmp_le_f16_e64 s[10:11], 1.0, 1.0
v_cmp_gt_f16_e64 s[10:11], 1.0, 1.0
v_cmp_lg_f16_e64 s[10:11], 1.0, 1.0
v_cmp_ge_f16_e64 s[10:11], 1.0, 1.0
v_cmp_o_f16_e64 s[10:11], 1.0, 1.0
v_cmp_u_f16_e64 s[10:11], 1.0, 1.0
v_cmp_nge_f16_e64 s[10:11], 1.0, 1.0
v_cmp_nlg_f16_e64 s[10:11], 1.0, 1.0
v_cmp_ngt_f16_e64 s[10:11], 1.0, 1.0
v_cmp_nle_f16_e64 s[10:11], 1.0, 1.0
v_cmp_neq_f16_e64 s[10:11], 1.0, 1.0
v_cmp_nlt_f16_e64 s[10:11], 1.0, 1.0
v_cmp_tru_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_f_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_le_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_lg_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_o_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_u_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_nge_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_nlg_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_ngt_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_nle_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_neq_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_nlt_f16_e64 s[10:11], 1.0, 1.0
v_cmpx_tru_f16_e64 s[10:11], 1.0, 1.0
v_cmp_f_f32_e64 s[10:11], 1.0, 1.0
v_cmp_lt_f32_e64 s[10:11], 1.0, 1.0
v_cmp_eq_f32_e64 s[10:11], 1.0, 1.0
v_cmp_le_f32_e64 s[10:11], 1.0, 1.0
v_cmp_gt_f32_e64 s[10:11], 1.0, 1.0
v_cmp_lg_f32_e64 s[10:11], 1.0, 1.0
v_cmp_ge_f32_e64 s[10:11], 1.0, 1.0
v_cmp_o_f32_e64 s[10:11], 1.0, 1.0
v_cmp_u_f32_e64 s[10:11], 1.0, 1.0
v_cmp_nge_f32_e64 s[10:11], 1.0, 1.0
v_cmp_nlg_f32_e64 s[10:11], 1.0, 1.0
v_cmp_ngt_f32_e64 s[10:11], 1.0, 1.0
v_cmp_nle_f32_e64 s[10:11], 1.0, 1.0
v_cmp_neq_f32_e64 s[10:11], 1.0, 1.0
v_cmp_nlt_f32_e64 s[10:11], 1.0, 1.0
v_cmp_tru_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_f_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_le_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_lg_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_o_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_u_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_nge_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_nlg_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_ngt_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_nle_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_neq_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_nlt_f32_e64 s[10:11], 1.0, 1.0
v_cmpx_tru_f32_e64 s[10:11], 1.0, 1.0
v_cmp_f_f64_e64 s[10:11], 1.0, 1.0
v_cmp_lt_f64_e64 s[10:11], 1.0, 1.0
v_cmp_eq_f64_e64 s[10:11], 1.0, 1.0
v_cmp_le_f64_e64 s[10:11], 1.0, 1.0
v_cmp_gt_f64_e64 s[10:11], 1.0, 1.0
v_cmp_lg_f64_e64 s[10:11], 1.0, 1.0
v_cmp_ge_f64_e64 s[10:11], 1.0, 1.0
v_cmp_o_f64_e64 s[10:11], 1.0, 1.0
v_cmp_u_f64_e64 s[10:11], 1.0, 1.0
v_cmp_nge_f64_e64 s[10:11], 1.0, 1.0
v_cmp_nlg_f64_e64 s[10:11], 1.0, 1.0
v_cmp_ngt_f64_e64 s[10:11], 1.0, 1.0
v_cmp_nle_f64_e64 s[10:11], 1.0, 1.0
v_cmp_neq_f64_e64 s[10:11], 1.0, 1.0
v_cmp_nlt_f64_e64 s[10:11], 1.0, 1.0
v_cmp_tru_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_f_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_le_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_lg_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_o_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_u_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_nge_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_nlg_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_ngt_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_nle_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_neq_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_nlt_f64_e64 s[10:11], 1.0, 1.0
v_cmpx_tru_f64_e64 s[10:11], 1.0, 1.0
v_cmp_f_i32_e64 s[10:11], 1.0, 1.0
v_cmp_lt_i32_e64 s[10:11], 1.0, 1.0
v_cmp_eq_i32_e64 s[10:11], 1.0, 1.0
v_cmp_le_i32_e64 s[10:11], 1.0, 1.0
v_cmp_gt_i32_e64 s[10:11], 1.0, 1.0
v_cmp_ne_i32_e64 s[10:11], 1.0, 1.0
v_cmp_ge_i32_e64 s[10:11], 1.0, 1.0
v_cmp_t_i32_e64 s[10:11], 1.0, 1.0
v_cmp_f_u32_e64 s[10:11], 1.0, 1.0
v_cmp_lt_u32_e64 s[10:11], 1.0, 1.0
v_cmp_eq_u32_e64 s[10:11], 1.0, 1.0
v_cmp_le_u32_e64 s[10:11], 1.0, 1.0
v_cmp_gt_u32_e64 s[10:11], 1.0, 1.0
v_cmp_ne_u32_e64 s[10:11], 1.0, 1.0
v_cmp_ge_u32_e64 s[10:11], 1.0, 1.0
v_cmp_t_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_f_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_le_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_ne_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_t_i32_e64 s[10:11], 1.0, 1.0
v_cmpx_f_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_le_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_ne_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_u32_e64 s[10:11], 1.0, 1.0
v_cmpx_t_u32_e64 s[10:11], 1.0, 1.0
v_cmp_f_i64_e64 s[10:11], 1.0, 1.0
v_cmp_lt_i64_e64 s[10:11], 1.0, 1.0
v_cmp_eq_i64_e64 s[10:11], 1.0, 1.0
v_cmp_le_i64_e64 s[10:11], 1.0, 1.0
v_cmp_gt_i64_e64 s[10:11], 1.0, 1.0
v_cmp_ne_i64_e64 s[10:11], 1.0, 1.0
v_cmp_ge_i64_e64 s[10:11], 1.0, 1.0
v_cmp_t_i64_e64 s[10:11], 1.0, 1.0
v_cmp_f_u64_e64 s[10:11], 1.0, 1.0
v_cmp_lt_u64_e64 s[10:11], 1.0, 1.0
v_cmp_eq_u64_e64 s[10:11], 1.0, 1.0
v_cmp_le_u64_e64 s[10:11], 1.0, 1.0
v_cmp_gt_u64_e64 s[10:11], 1.0, 1.0
v_cmp_ne_u64_e64 s[10:11], 1.0, 1.0
v_cmp_ge_u64_e64 s[10:11], 1.0, 1.0
v_cmp_t_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_f_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_le_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_ne_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_t_i64_e64 s[10:11], 1.0, 1.0
v_cmpx_f_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_lt_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_eq_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_le_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_gt_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_ne_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_ge_u64_e64 s[10:11], 1.0, 1.0
v_cmpx_t_u64_e64 s[10:11], 1.0, 1.0
v_add_f32_e64 v10, 1.0, 1.0
v_sub_f32_e64 v10, 1.0, 1.0
v_subrev_f32_e64 v10, 1.0, 1.0
v_mul_legacy_f32_e64 v10, 1.0, 1.0
v_mul_f32_e64 v10, 1.0, 1.0
v_mul_i32_i24_e64 v10, 1.0, 1.0
v_mul_hi_i32_i24_e64 v10, 1.0, 1.0
v_mul_u32_u24_e64 v10, 1.0, 1.0
v_mul_hi_u32_u24_e64 v10, 1.0, 1.0
v_min_f32_e64 v10, 1.0, 1.0
v_max_f32_e64 v10, 1.0, 1.0
v_min_i32_e64 v10, 1.0, 1.0
v_max_i32_e64 v10, 1.0, 1.0
v_min_u32_e64 v10, 1.0, 1.0
v_max_u32_e64 v10, 1.0, 1.0
v_lshrrev_b32_e64 v10, 1.0, 1.0
v_ashrrev_i32_e64 v10, 1.0, 1.0
v_lshlrev_b32_e64 v10, 1.0, 1.0
v_and_b32_e64 v10, 1.0, 1.0
v_or_b32_e64 v10, 1.0, 1.0
v_xor_b32_e64 v10, 1.0, 1.0
v_mac_f32_e64 v10, 1.0, 1.0
v_add_u32_e64 v10, s[0:1], 1.0, 1.0
v_sub_u32_e64 v10, s[0:1], 1.0, 1.0
v_subrev_u32_e64 v10, s[0:1], 1.0, 1.0
v_add_f16_e64 v10, 1.0, 1.0
v_sub_f16_e64 v10, 1.0, 1.0
v_subrev_f16_e64 v10, 1.0, 1.0
v_mul_f16_e64 v10, 1.0, 1.0
v_mac_f16_e64 v10, 1.0, 1.0
v_max_f16_e64 v10, 1.0, 1.0
v_min_f16_e64 v10, 1.0, 1.0
v_ldexp_f16_e64 v10, 1.0, 1.0
v_cvt_pkaccum_u8_f32 v10, 1.0, 1.0
v_add_f64 v[10:11], 1.0, 1.0
v_mul_f64 v[10:11], 1.0, 1.0
v_min_f64 v[10:11], 1.0, 1.0
v_max_f64 v[10:11], 1.0, 1.0
v_ldexp_f64 v[10:11], 1.0, 1.0
v_mul_lo_u32 v10, 1.0, 1.0
v_mul_hi_u32 v10, 1.0, 1.0
v_mul_hi_i32 v10, 1.0, 1.0
v_ldexp_f32 v10, 1.0, 1.0
v_writelane_b32 v10, 1.0, 1.0
v_bcnt_u32_b32 v10, 1.0, 1.0
v_mbcnt_lo_u32_b32 v10, 1.0, 1.0
v_mbcnt_hi_u32_b32 v10, 1.0, 1.0
v_lshlrev_b64 v[10:11], 1.0, 1.0
v_lshrrev_b64 v[10:11], 1.0, 1.0
v_ashrrev_i64 v[10:11], 1.0, 1.0
v_trig_preop_f64 v[10:11], 1.0, 1.0
v_bfm_b32 v10, 1.0, 1.0
v_cvt_pknorm_i16_f32 v10, 1.0, 1.0
v_cvt_pknorm_u16_f32 v10, 1.0, 1.0
v_cvt_pkrtz_f16_f32 v10, 1.0, 1.0
v_cvt_pk_u16_u32 v10, 1.0, 1.0
v_cvt_pk_i16_i32 v10, 1.0, 1.0
v_mov_b32_e64 v10, 1.0
v_cvt_i32_f64_e64 v10, 1.0
v_cvt_f64_i32_e64 v[10:11], 1.0
v_cvt_f32_i32_e64 v10, 1.0
v_cvt_f32_u32_e64 v10, 1.0
v_cvt_u32_f32_e64 v10, 1.0
v_cvt_i32_f32_e64 v10, 1.0
v_cvt_f16_f32_e64 v10, 1.0
v_cvt_f32_f16_e64 v10, 1.0
v_cvt_rpi_i32_f32_e64 v10, 1.0
v_cvt_flr_i32_f32_e64 v10, 1.0
v_cvt_off_f32_i4_e64 v10, 1.0
v_cvt_f32_f64_e64 v10, 1.0
v_cvt_f64_f32_e64 v[10:11], 1.0
v_cvt_f32_ubyte0_e64 v10, 1.0
v_cvt_f32_ubyte1_e64 v10, 1.0
v_cvt_f32_ubyte2_e64 v10, 1.0
v_cvt_f32_ubyte3_e64 v10, 1.0
v_cvt_u32_f64_e64 v10, 1.0
v_cvt_f64_u32_e64 v[10:11], 1.0
v_trunc_f64_e64 v[10:11], 1.0
v_ceil_f64_e64 v[10:11], 1.0
v_rndne_f64_e64 v[10:11], 1.0
v_floor_f64_e64 v[10:11], 1.0
v_fract_f32_e64 v10, 1.0
v_trunc_f32_e64 v10, 1.0
v_ceil_f32_e64 v10, 1.0
v_rndne_f32_e64 v10, 1.0
v_floor_f32_e64 v10, 1.0
v_exp_f32_e64 v10, 1.0
v_log_f32_e64 v10, 1.0
v_rcp_f32_e64 v10, 1.0
v_rcp_iflag_f32_e64 v10, 1.0
v_rsq_f32_e64 v10, 1.0
v_rcp_f64_e64 v[10:11], 1.0
v_rsq_f64_e64 v[10:11], 1.0
v_sqrt_f32_e64 v10, 1.0
v_sqrt_f64_e64 v[10:11], 1.0
v_sin_f32_e64 v10, 1.0
v_cos_f32_e64 v10, 1.0
v_not_b32_e64 v10, 1.0
v_bfrev_b32_e64 v10, 1.0
v_ffbh_u32_e64 v10, 1.0
v_ffbl_b32_e64 v10, 1.0
v_ffbh_i32_e64 v10, 1.0
v_frexp_exp_i32_f64_e64 v10, 1.0
v_frexp_mant_f64_e64 v[10:11], 1.0
v_fract_f64_e64 v[10:11], 1.0
v_frexp_exp_i32_f32_e64 v10, 1.0
v_frexp_mant_f32_e64 v10, 1.0
v_movreld_b32_e64 v10, 1.0
v_cvt_u16_f16_e64 v10, 1.0
v_cvt_i16_f16_e64 v10, 1.0
v_rcp_f16_e64 v10, 1.0
v_sqrt_f16_e64 v10, 1.0
v_rsq_f16_e64 v10, 1.0
v_log_f16_e64 v10, 1.0
v_exp_f16_e64 v10, 1.0
v_frexp_mant_f16_e64 v10, 1.0
v_frexp_exp_i16_f16_e64 v10, 1.0
v_floor_f16_e64 v10, 1.0
v_ceil_f16_e64 v10, 1.0
v_trunc_f16_e64 v10, 1.0
v_rndne_f16_e64 v10, 1.0
v_fract_f16_e64 v10, 1.0
v_sin_f16_e64 v10, 1.0
v_cos_f16_e64 v10, 1.0
v_exp_legacy_f32_e64 v10, 1.0
v_log_legacy_f32_e64 v10, 1.0
v_mad_legacy_f32 v10, s20, |v30|, v40
v_mad_f32 v10, s20, |v30|, v40
v_cubeid_f32 v10, s20, |v30|, v40
v_cubesc_f32 v10, s20, |v30|, v40
v_cubetc_f32 v10, s20, |v30|, v40
v_cubema_f32 v10, s20, |v30|, v40
v_fma_f32 v10, s20, |v30|, v40
v_fma_f64 v[10:11], s[20:21], |v[30:31]|, v[40:41]
v_min3_f32 v10, s20, |v30|, v40
v_max3_f32 v10, s20, |v30|, v40
v_med3_f32 v10, s20, |v30|, v40
v_div_fixup_f32 v10, s20, |v30|, v40
v_div_fixup_f64 v[10:11], s[20:21], |v[30:31]|, v[40:41]
v_div_scale_f32 v10, s[50:51], s20, v30, v40
v_div_scale_f64 v[10:11], s[50:51], s[20:21], v[30:31], v[40:41]
v_mad_u64_u32 v[10:11], s[50:51], s20, v30, v[40:41]
v_mad_i64_i32 v[10:11], s[50:51], s20, v30, v[40:41]
v_mad_f16 v10, s20, |v30|, v40
v_fma_f16 v10, s20, |v30|, v40
v_div_fixup_f16 v10, s20, |v30|, v40
v_cmp_f_f16_e64 s[10:11], s20, |v30|
v_cmp_lt_f16_e64 s[10:11], s20, |v30|
v_cmp_eq_f16_e64 s[10:11], s20, |v30|
v_cmp_le_f16_e64 s[10:11], s20, |v30|
v_cmp_gt_f16_e64 s[10:11], s20, |v30|
v_cmp_lg_f16_e64 s[10:11], s20, |v30|
v_cmp_ge_f16_e64 s[10:11], s20, |v30|
v_cmp_o_f16_e64 s[10:11], s20, |v30|
v_cmp_u_f16_e64 s[10:11], s20, |v30|
v_cmp_nge_f16_e64 s[10:11], s20, |v30|
v_cmp_nlg_f16_e64 s[10:11], s20, |v30|
v_cmp_ngt_f16_e64 s[10:11], s20, |v30|
v_cmp_nle_f16_e64 s[10:11], s20, |v30|
v_cmp_neq_f16_e64 s[10:11], s20, |v30|
v_cmp_nlt_f16_e64 s[10:11], s20, |v30|
v_cmp_tru_f16_e64 s[10:11], s20, |v30|
v_cmpx_f_f16_e64 s[10:11], s20, |v30|
v_cmpx_lt_f16_e64 s[10:11], s20, |v30|
v_cmpx_eq_f16_e64 s[10:11], s20, |v30|
v_cmpx_le_f16_e64 s[10:11], s20, |v30|
v_cmpx_gt_f16_e64 s[10:11], s20, |v30|
v_cmpx_lg_f16_e64 s[10:11], s20, |v30|
v_cmpx_ge_f16_e64 s[10:11], s20, |v30|
v_cmpx_o_f16_e64 s[10:11], s20, |v30|
v_cmpx_u_f16_e64 s[10:11], s20, |v30|
v_cmpx_nge_f16_e64 s[10:11], s20, |v30|
v_cmpx_nlg_f16_e64 s[10:11], s20, |v30|
v_cmpx_ngt_f16_e64 s[10:11], s20, |v30|
v_cmpx_nle_f16_e64 s[10:11], s20, |v30|
v_cmpx_neq_f16_e64 s[10:11], s20, |v30|
v_cmpx_nlt_f16_e64 s[10:11], s20, |v30|
v_cmpx_tru_f16_e64 s[10:11], s20, |v30|
v_cmp_f_f32_e64 s[10:11], s20, |v30|
v_cmp_lt_f32_e64 s[10:11], s20, |v30|
v_cmp_eq_f32_e64 s[10:11], s20, |v30|
v_cmp_le_f32_e64 s[10:11], s20, |v30|
v_cmp_gt_f32_e64 s[10:11], s20, |v30|
v_cmp_lg_f32_e64 s[10:11], s20, |v30|
v_cmp_ge_f32_e64 s[10:11], s20, |v30|
v_cmp_o_f32_e64 s[10:11], s20, |v30|
v_cmp_u_f32_e64 s[10:11], s20, |v30|
v_cmp_nge_f32_e64 s[10:11], s20, |v30|
v_cmp_nlg_f32_e64 s[10:11], s20, |v30|
v_cmp_ngt_f32_e64 s[10:11], s20, |v30|
v_cmp_nle_f32_e64 s[10:11], s20, |v30|
v_cmp_neq_f32_e64 s[10:11], s20, |v30|
v_cmp_nlt_f32_e64 s[10:11], s20, |v30|
v_cmp_tru_f32_e64 s[10:11], s20, |v30|
v_cmpx_f_f32_e64 s[10:11], s20, |v30|
v_cmpx_lt_f32_e64 s[10:11], s20, |v30|
v_cmpx_eq_f32_e64 s[10:11], s20, |v30|
v_cmpx_le_f32_e64 s[10:11], s20, |v30|
v_cmpx_gt_f32_e64 s[10:11], s20, |v30|
v_cmpx_lg_f32_e64 s[10:11], s20, |v30|
v_cmpx_ge_f32_e64 s[10:11], s20, |v30|
v_cmpx_o_f32_e64 s[10:11], s20, |v30|
v_cmpx_u_f32_e64 s[10:11], s20, |v30|
v_cmpx_nge_f32_e64 s[10:11], s20, |v30|
v_cmpx_nlg_f32_e64 s[10:11], s20, |v30|
v_cmpx_ngt_f32_e64 s[10:11], s20, |v30|
v_cmpx_nle_f32_e64 s[10:11], s20, |v30|
v_cmpx_neq_f32_e64 s[10:11], s20, |v30|
v_cmpx_nlt_f32_e64 s[10:11], s20, |v30|
v_cmpx_tru_f32_e64 s[10:11], s20, |v30|
v_cmp_f_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_lt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_eq_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_le_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_gt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_lg_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_ge_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_o_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_u_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_nge_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_nlg_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_ngt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_nle_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_neq_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_nlt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmp_tru_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_f_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_lt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_eq_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_le_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_gt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_lg_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_ge_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_o_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_u_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_nge_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_nlg_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_ngt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_nle_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_neq_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_nlt_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_cmpx_tru_f64_e64 s[10:11], s[20:21], |v[30:31]|
v_add_f32_e64 v10, s20, |v30|
v_sub_f32_e64 v10, s20, |v30|
v_subrev_f32_e64 v10, s20, |v30|
v_mul_legacy_f32_e64 v10, s20, |v30|
v_mul_f32_e64 v10, s20, |v30|
v_min_f32_e64 v10, s20, |v30|
v_max_f32_e64 v10, s20, |v30|
v_mac_f32_e64 v10, s20, |v30|
v_add_u32_e64 v10, s[50:51], s20, v30
v_sub_u32_e64 v10, s[50:51], s20, v30
v_subrev_u32_e64 v10, s[50:51], s20, v30
v_add_f16_e64 v10, s20, |v30|
v_sub_f16_e64 v10, s20, |v30|
v_subrev_f16_e64 v10, s20, |v30|
v_mul_f16_e64 v10, s20, |v30|
v_mac_f16_e64 v10, s20, |v30|
v_max_f16_e64 v10, s20, |v30|
v_min_f16_e64 v10, s20, |v30|
v_add_f64 v[10:11], s[20:21], |v[30:31]|
v_mul_f64 v[10:11], s[20:21], |v[30:31]|
v_min_f64 v[10:11], s[20:21], |v[30:31]|
v_max_f64 v[10:11], s[20:21], |v[30:31]|
v_cvt_pknorm_i16_f32 v10, s20, |v30|
v_cvt_pknorm_u16_f32 v10, s20, |v30|
v_cvt_pkrtz_f16_f32 v10, s20, |v30|
v_interp_p1_f32_e32 v10, v20, attr3.y
v_interp_p2_f32_e32 v10, v20, attr3.y
ds_mskor_rtn_b32 v40, v10, v20, v30 offset:513
ds_wrxchg2_rtn_b32 v[40:41], v10, v20, v30 offset0:1 offset1:2
ds_wrxchg2st64_rtn_b32 v[40:41], v10, v20, v30 offset0:1 offset1:2
ds_cmpst_rtn_b32 v40, v10, v20, v30 offset:513
ds_cmpst_rtn_f32 v40, v10, v20, v30 offset:513
ds_wrap_rtn_b32 v40, v10, v20, v30 offset:513
ds_mskor_rtn_b64 v[40:41], v10, v[20:21], v[30:31] offset:513
ds_wrxchg2_rtn_b64 v[40:43], v10, v[20:21], v[30:31] offset0:1 offset1:2
ds_wrxchg2st64_rtn_b64 v[40:43], v10, v[20:21], v[30:31] offset0:1 offset1:2
ds_cmpst_rtn_b64 v[40:41], v10, v[20:21], v[30:31] offset:513
ds_cmpst_rtn_f64 v[40:41], v10, v[20:21], v[30:31] offset:513
ds_mskor_b32 v10, v20, v30 offset:513
ds_write2_b32 v10, v20, v30 offset0:1 offset1:2
ds_write2st64_b32 v10, v20, v30 offset0:1 offset1:2
ds_cmpst_b32 v10, v20, v30 offset:513
ds_cmpst_f32 v10, v20, v30 offset:513
ds_mskor_b64 v10, v[20:21], v[30:31] offset:513
ds_write2_b64 v10, v[20:21], v[30:31] offset0:1 offset1:2
ds_write2st64_b64 v10, v[20:21], v[30:31] offset0:1 offset1:2
ds_cmpst_b64 v10, v[20:21], v[30:31] offset:513
ds_cmpst_f64 v10, v[20:21], v[30:31] offset:513
ds_add_rtn_u32 v40, v10, v20 offset:513
ds_sub_rtn_u32 v40, v10, v20 offset:513
ds_rsub_rtn_u32 v40, v10, v20 offset:513
ds_inc_rtn_u32 v40, v10, v20 offset:513
ds_dec_rtn_u32 v40, v10, v20 offset:513
ds_min_rtn_i32 v40, v10, v20 offset:513
ds_max_rtn_i32 v40, v10, v20 offset:513
ds_min_rtn_u32 v40, v10, v20 offset:513
ds_max_rtn_u32 v40, v10, v20 offset:513
ds_and_rtn_b32 v40, v10, v20 offset:513
ds_or_rtn_b32 v40, v10, v20 offset:513
ds_xor_rtn_b32 v40, v10, v20 offset:513
ds_wrxchg_rtn_b32 v40, v10, v20 offset:513
ds_min_rtn_f32 v40, v10, v20 offset:513
ds_max_rtn_f32 v40, v10, v20 offset:513
ds_add_rtn_f32 v40, v10, v20 offset:513
ds_permute_b32 v40, v10, v20 offset:513
ds_bpermute_b32 v40, v10, v20 offset:513
ds_add_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_sub_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_rsub_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_inc_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_dec_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_min_rtn_i64 v[40:41], v10, v[20:21] offset:513
ds_max_rtn_i64 v[40:41], v10, v[20:21] offset:513
ds_min_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_max_rtn_u64 v[40:41], v10, v[20:21] offset:513
ds_and_rtn_b64 v[40:41], v10, v[20:21] offset:513
ds_or_rtn_b64 v[40:41], v10, v[20:21] offset:513
ds_xor_rtn_b64 v[40:41], v10, v[20:21] offset:513
ds_wrxchg_rtn_b64 v[40:41], v10, v[20:21] offset:513
ds_min_rtn_f64 v[40:41], v10, v[20:21] offset:513
ds_max_rtn_f64 v[40:41], v10, v[20:21] offset:513
ds_condxchg32_rtn_b64 v[40:41], v10, v[20:21] offset:513
ds_add_u32 v10, v20 offset:513
ds_sub_u32 v10, v20 offset:513
ds_rsub_u32 v10, v20 offset:513
ds_inc_u32 v10, v20 offset:513
ds_dec_u32 v10, v20 offset:513
ds_min_i32 v10, v20 offset:513
ds_max_i32 v10, v20 offset:513
ds_min_u32 v10, v20 offset:513
ds_max_u32 v10, v20 offset:513
ds_and_b32 v10, v20 offset:513
ds_or_b32 v10, v20 offset:513
ds_xor_b32 v10, v20 offset:513
ds_write_b32 v10, v20 offset:513
ds_min_f32 v10, v20 offset:513
ds_max_f32 v10, v20 offset:513
ds_add_f32 v10, v20 offset:513
ds_write_b8 v10, v20 offset:513
ds_write_b16 v10, v20 offset:513
ds_add_u64 v10, v[20:21] offset:513
ds_sub_u64 v10, v[20:21] offset:513
ds_rsub_u64 v10, v[20:21] offset:513
ds_inc_u64 v10, v[20:21] offset:513
ds_dec_u64 v10, v[20:21] offset:513
ds_min_i64 v10, v[20:21] offset:513
ds_max_i64 v10, v[20:21] offset:513
ds_min_u64 v10, v[20:21] offset:513
ds_max_u64 v10, v[20:21] offset:513
ds_and_b64 v10, v[20:21] offset:513
ds_or_b64 v10, v[20:21] offset:513
ds_xor_b64 v10, v[20:21] offset:513
ds_write_b64 v10, v[20:21] offset:513
ds_min_f64 v10, v[20:21] offset:513
ds_max_f64 v10, v[20:21] offset:513
ds_write_b96 v10, v[20:22] offset:513
ds_write_b128 v10, v[20:23] offset:513
ds_read_b32 v40, v10 offset:513
ds_read2_b32 v[40:41], v10 offset0:1 offset1:2
ds_read2st64_b32 v[40:41], v10 offset0:1 offset1:2
ds_read_i8 v40, v10 offset:513
ds_read_u8 v40, v10 offset:513
ds_read_i16 v40, v10 offset:513
ds_read_u16 v40, v10 offset:513
ds_swizzle_b32 v40, v10 offset:swizzle(BITMASK_PERM,"1000p")
ds_read_b64 v[40:41], v10 offset:513
ds_read2_b64 v[40:43], v10 offset0:1 offset1:2
ds_read2st64_b64 v[40:43], v10 offset0:1 offset1:2
ds_read_b96 v[40:42], v10 offset:513
ds_read_b128 v[40:43], v10 offset:513
ds_add_src2_u32 v10 offset:513
ds_sub_src2_u32 v10 offset:513
ds_rsub_src2_u32 v10 offset:513
ds_inc_src2_u32 v10 offset:513
ds_dec_src2_u32 v10 offset:513
ds_min_src2_i32 v10 offset:513
ds_max_src2_i32 v10 offset:513
ds_min_src2_u32 v10 offset:513
ds_max_src2_u32 v10 offset:513
ds_and_src2_b32 v10 offset:513
ds_or_src2_b32 v10 offset:513
ds_xor_src2_b32 v10 offset:513
ds_write_src2_b32 v10 offset:513
ds_min_src2_f32 v10 offset:513
ds_max_src2_f32 v10 offset:513
ds_add_src2_f32 v10 offset:513
ds_add_src2_u64 v10 offset:513
ds_sub_src2_u64 v10 offset:513
ds_rsub_src2_u64 v10 offset:513
ds_inc_src2_u64 v10 offset:513
ds_dec_src2_u64 v10 offset:513
ds_min_src2_i64 v10 offset:513
ds_max_src2_i64 v10 offset:513
ds_min_src2_u64 v10 offset:513
ds_max_src2_u64 v10 offset:513
ds_and_src2_b64 v10 offset:513
ds_or_src2_b64 v10 offset:513
ds_xor_src2_b64 v10 offset:513
ds_write_src2_b64 v10 offset:513
ds_min_src2_f64 v10 offset:513
ds_max_src2_f64 v10 offset:513
ds_consume v40 offset:513
ds_append v40 offset:513
buffer_load_format_x v20, v10, s[8:11], s30 offen offset:4
buffer_load_format_xy v[20:21], v10, s[8:11], s30 offen offset:4
buffer_load_format_xyz v[20:22], v10, s[8:11], s30 offen offset:4
buffer_load_format_xyzw v[20:23], v10, s[8:11], s30 offen offset:4
buffer_store_format_x v20, v10, s[8:11], s30 offen offset:4
buffer_store_format_xy v[20:21], v10, s[8:11], s30 offen offset:4
buffer_store_format_xyz v[20:22], v10, s[8:11], s30 offen offset:4
buffer_store_format_xyzw v[20:23], v10, s[8:11], s30 offen offset:4
buffer_load_format_d16_x v20, v10, s[8:11], s30 offen offset:4
buffer_load_format_d16_xy v[20:21], v10, s[8:11], s30 offen offset:4
buffer_load_format_d16_xyz v[20:22], v10, s[8:11], s30 offen offset:4
buffer_load_format_d16_xyzw v[20:23], v10, s[8:11], s30 offen offset:4
buffer_store_format_d16_x v20, v10, s[8:11], s30 offen offset:4
buffer_store_format_d16_xy v[20:21], v10, s[8:11], s30 offen offset:4
buffer_store_format_d16_xyz v[20:22], v10, s[8:11], s30 offen offset:4
buffer_store_format_d16_xyzw v[20:23], v10, s[8:11], s30 offen offset:4
buffer_load_ubyte v20, v10, s[8:11], s30 offen offset:4
buffer_load_sbyte v20, v10, s[8:11], s30 offen offset:4
buffer_load_ushort v20, v10, s[8:11], s30 offen offset:4
buffer_load_sshort v20, v10, s[8:11], s30 offen offset:4
buffer_load_dword v20, v10, s[8:11], s30 offen offset:4
buffer_load_dwordx2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_load_dwordx3 v[20:22], v10, s[8:11], s30 offen offset:4
buffer_load_dwordx4 v[20:23], v10, s[8:11], s30 offen offset:4
buffer_store_byte v20, v10, s[8:11], s30 offen offset:4
buffer_store_short v20, v10, s[8:11], s30 offen offset:4
buffer_store_dword v20, v10, s[8:11], s30 offen offset:4
buffer_store_dwordx2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_store_dwordx3 v[20:22], v10, s[8:11], s30 offen offset:4
buffer_store_dwordx4 v[20:23], v10, s[8:11], s30 offen offset:4
buffer_atomic_swap v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_cmpswap v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_add v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_sub v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_smin v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_umin v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_smax v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_umax v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_and v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_or v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_xor v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_inc v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_dec v20, v10, s[8:11], s30 offen offset:4
buffer_atomic_swap_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_cmpswap_x2 v[20:23], v10, s[8:11], s30 offen offset:4
buffer_atomic_add_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_sub_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_smin_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_umin_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_smax_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_umax_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_and_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_or_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_xor_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_inc_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_atomic_dec_x2 v[20:21], v10, s[8:11], s30 offen offset:4
buffer_wbinvl1
buffer_wbinvl1_vol
tbuffer_load_format_x v20, v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_xy v[20:21], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_xyz v[20:22], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_xyzw v[20:23], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_x v20, v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_xy v[20:21], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_xyz v[20:22], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_xyzw v[20:23], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_d16_x v20, v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_d16_xy v[20:21], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_d16_xyz v[20:22], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_load_format_d16_xyzw v[20:23], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_d16_x v20, v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_d16_xy v[20:21], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_d16_xyz v[20:22], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
tbuffer_store_format_d16_xyzw v[20:23], v10, s[8:11], s30 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_USCALED] offen offset:4
flat_load_ubyte v40, v[10:11]
flat_load_sbyte v40, v[10:11]
flat_load_ushort v40, v[10:11]
flat_load_sshort v40, v[10:11]
flat_load_dword v40, v[10:11]
flat_load_dwordx2 v[40:41], v[10:11]
flat_load_dwordx3 v[40:42], v[10:11]
flat_load_dwordx4 v[40:43], v[10:11]
flat_store_byte v[10:11], v20
flat_store_short v[10:11], v20
flat_store_dword v[10:11], v20
flat_store_dwordx2 v[10:11], v[20:21]
flat_store_dwordx3 v[10:11], v[20:22]
flat_store_dwordx4 v[10:11], v[20:23]
flat_atomic_swap v[10:11], v20
flat_atomic_cmpswap v[10:11], v[20:21]
flat_atomic_add v[10:11], v20
flat_atomic_sub v[10:11], v20
flat_atomic_smin v[10:11], v20
flat_atomic_umin v[10:11], v20
flat_atomic_smax v[10:11], v20
flat_atomic_umax v[10:11], v20
flat_atomic_and v[10:11], v20
flat_atomic_or v[10:11], v20
flat_atomic_xor v[10:11], v20
flat_atomic_inc v[10:11], v20
flat_atomic_dec v[10:11], v20
flat_atomic_swap_x2 v[10:11], v[20:21]
flat_atomic_cmpswap_x2 v[10:11], v[20:23]
flat_atomic_add_x2 v[10:11], v[20:21]
flat_atomic_sub_x2 v[10:11], v[20:21]
flat_atomic_smin_x2 v[10:11], v[20:21]
flat_atomic_umin_x2 v[10:11], v[20:21]
flat_atomic_smax_x2 v[10:11], v[20:21]
flat_atomic_umax_x2 v[10:11], v[20:21]
flat_atomic_and_x2 v[10:11], v[20:21]
flat_atomic_or_x2 v[10:11], v[20:21]
flat_atomic_xor_x2 v[10:11], v[20:21]
flat_atomic_inc_x2 v[10:11], v[20:21]
flat_atomic_dec_x2 v[10:11], v[20:21]
image_sample v[20:23], v10, s[8:15], s[4:7] dmask:0xf
image_sample_cl v[20:23], v10, s[8:15], s[4:7] dmask:0xf
image_sample_d v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_d_cl v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_l v[20:23], v10, s[8:15], s[4:7] dmask:0xf
image_sample_b v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_b_cl v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_lz v[20:23], v10, s[8:15], s[4:7] dmask:0xf
image_sample_c v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_c_cl v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_c_d v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_d_cl v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_l v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_c_b v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_b_cl v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_lz v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_o v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_cl_o v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_d_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_d_cl_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_l_o v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_b_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_b_cl_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_lz_o v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_c_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_cl_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_d_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
image_sample_c_d_cl_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
image_sample_c_l_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_b_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
image_sample_c_b_cl_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
image_sample_c_lz_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_get_lod v[20:23], v10, s[8:15], s[4:7] dmask:0xf
image_sample_cd v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_cd_cl v[20:23], v[10:11], s[8:15], s[4:7] dmask:0xf
image_sample_c_cd v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_cd_cl v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_cd_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_cd_cl_o v[20:23], v[10:12], s[8:15], s[4:7] dmask:0xf
image_sample_c_cd_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
image_sample_c_cd_cl_o v[20:23], v[10:13], s[8:15], s[4:7] dmask:0xf
s_nop 0
s_endpgm
s_branch 0
s_wakeup
s_cbranch_scc0 0
s_cbranch_scc1 0
s_cbranch_vccz 0
s_cbranch_vccnz 0
s_cbranch_execz 0
s_cbranch_execnz 0
s_barrier
s_setkill 0
s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
s_sethalt 0
s_sleep 0
s_setprio 0
s_sendmsg sendmsg(0, 0, 0)
s_sendmsghalt sendmsg(0, 0, 0)
s_trap 0
s_icache_inv
s_incperflevel 0
s_decperflevel 0
s_ttracedata
s_cbranch_cdbgsys 0
s_cbranch_cdbguser 0
s_cbranch_cdbgsys_or_user 0
s_cbranch_cdbgsys_and_user 0
s_endpgm_saved
s_set_gpr_idx_off
s_set_gpr_idx_mode gpr_idx()
s_load_dword s20, s[10:11], s0
s_load_dwordx2 s[20:21], s[10:11], s0
s_load_dwordx4 s[20:23], s[10:11], s0
s_load_dwordx8 s[20:27], s[10:11], s0
s_load_dwordx16 s[20:35], s[10:11], s0
s_buffer_load_dword s20, s[8:11], s0
s_buffer_load_dwordx2 s[20:21], s[8:11], s0
s_buffer_load_dwordx4 s[20:23], s[8:11], s0
s_buffer_load_dwordx8 s[20:27], s[8:11], s0
s_buffer_load_dwordx16 s[20:35], s[8:11], s0
s_store_dword s20, s[10:11], s0
s_store_dwordx2 s[20:21], s[10:11], s0
s_store_dwordx4 s[20:23], s[10:11], s0
s_buffer_store_dword s20, s[8:11], s0
s_buffer_store_dwordx2 s[20:21], s[8:11], s0
s_buffer_store_dwordx4 s[20:23], s[8:11], s0
s_dcache_inv
s_dcache_wb
s_dcache_inv_vol
s_dcache_wb_vol
s_memtime s[20:21]
s_memrealtime s[20:21]
s_atc_probe 20, s[10:11], s0
s_atc_probe_buffer 20, s[8:11], s0
s_movk_i32 s10, 0xfff0
s_cmovk_i32 s10, 0xfff0
s_cmpk_eq_i32 s10, 0xfff0
s_cmpk_lg_i32 s10, 0xfff0
s_cmpk_gt_i32 s10, 0xfff0
s_cmpk_ge_i32 s10, 0xfff0
s_cmpk_lt_i32 s10, 0xfff0
s_cmpk_le_i32 s10, 0xfff0
s_cmpk_eq_u32 s10, 0xfff0
s_cmpk_lg_u32 s10, 0xfff0
s_cmpk_gt_u32 s10, 0xfff0
s_cmpk_ge_u32 s10, 0xfff0
s_cmpk_lt_u32 s10, 0xfff0
s_cmpk_le_u32 s10, 0xfff0
s_addk_i32 s10, 0xfff0
s_mulk_i32 s10, 0xfff0
s_cbranch_i_fork s[10:11], 65520
s_getreg_b32 s10, hwreg(48, 31, 32)
s_setreg_b32 hwreg(48, 31, 32), s10
s_setreg_imm32_b32 hwreg(48, 31, 32), 0x5678
s_cmp_lt_u32 0.5, 0x5678
v_movrels_b32_e32 v0, v1
v_movrelsd_b32_e32 v0, v1
v_movrels_b32_e64 v0, v1
v_movrelsd_b32_e64 v2, v3
v_movreld_b32_e32 v0, v1
image_gather4 v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_lz v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x2
image_gather4_c_lz_o v[0:3], v[4:7], s[8:15], s[12:15] dmask:0x4
image_gather4 v[0:3], v4, s[8:15], s[12:15] dmask:0x1
image_gather4_b v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_b_cl v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_b_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_c_b v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:7], s[8:15], s[12:15] dmask:0x1
image_gather4_c_cl v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c_l v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c_lz v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_c_o v[0:3], v[4:6], s[8:15], s[12:15] dmask:0x1
image_gather4_cl v[0:3], v4, s[8:15], s[12:15] dmask:0x1
image_gather4_cl_o v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_l v[0:3], v4, s[8:15], s[12:15] dmask:0x1
image_gather4_l_o v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_lz v[0:3], v4, s[8:15], s[12:15] dmask:0x1
image_gather4_lz_o v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
image_gather4_o v[0:3], v[4:5], s[8:15], s[12:15] dmask:0x1
buffer_store_lds_dword s[4:7], s0 offset:4 lds
// image_gather4_c_b_cl_o (llvm-mc cannot assemble its 5-dword address form):
.long 0xf1780100, 0x00620004
image_load v[0:3], v4, s[8:15] dmask:0xf unorm
image_load_mip v[0:3], v4, s[8:15] dmask:0xf
image_load_pck v[0:1], v4, s[8:15] dmask:0x3
image_load_pck_sgn v[0:1], v4, s[8:15] dmask:0x3
image_load_mip_pck v1, v4, s[8:15] dmask:0x1
image_load_mip_pck_sgn v1, v4, s[8:15] dmask:0x1
image_store v[0:3], v4, s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v4, s[8:15] dmask:0xf
image_store_pck v[0:1], v4, s[8:15] dmask:0x3
image_store_mip_pck v0, v4, s[8:15] dmask:0x1
image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf
image_atomic_swap v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x3 unorm glc
image_atomic_add v0, v4, s[8:15] dmask:0x1 unorm
image_atomic_sub v0, v4, s[8:15] dmask:0x1
image_atomic_smin v0, v4, s[8:15] dmask:0x1
image_atomic_umin v0, v4, s[8:15] dmask:0x1
image_atomic_smax v0, v4, s[8:15] dmask:0x1
image_atomic_umax v0, v4, s[8:15] dmask:0x1
image_atomic_and v0, v4, s[8:15] dmask:0x1
image_atomic_or v0, v4, s[8:15] dmask:0x1
image_atomic_xor v0, v4, s[8:15] dmask:0x1
image_atomic_inc v0, v4, s[8:15] dmask:0x1
image_atomic_dec v0, v4, s[8:15] dmask:0x1
image_load v[0:4], v4, s[8:15] dmask:0xf unorm tfe
image_load v[0:3], v4, s[8:15] dmask:0xf r128 lwe da d16
image_sample v[0:3], v4, s[8:15], s[12:15] dmask:0xf glc slc da
