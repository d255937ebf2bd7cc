//! Spelling of the packed immediate fields llvm prints symbolically: wait counts, hardware
//! registers, messages, GPR-index modes, DS swizzles, DPP controls and buffer formats.

/// The three counters of an `s_waitcnt` immediate (gfx8 layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitCounts {
    /// Outstanding vector memory operations allowed (max 15 = don't wait).
    pub vmcnt: u8,
    /// Outstanding exports/GDS operations allowed (max 7).
    pub expcnt: u8,
    /// Outstanding LDS/GDS/scalar memory/message operations allowed (max 15).
    pub lgkmcnt: u8,
}

impl WaitCounts {
    /// Unpacks an `s_waitcnt` immediate.
    pub fn from_simm16(simm: u16) -> WaitCounts {
        WaitCounts {
            vmcnt: (simm & 0xf) as u8,
            expcnt: ((simm >> 4) & 7) as u8,
            lgkmcnt: ((simm >> 8) & 0xf) as u8,
        }
    }
}

/// `vmcnt(..) expcnt(..) lgkmcnt(..)`, leaving out counters that do not wait.
pub fn waitcnt(simm: u16) -> String {
    let w = WaitCounts::from_simm16(simm);
    let mut parts = Vec::new();
    if w.vmcnt != 15 {
        parts.push(format!("vmcnt({})", w.vmcnt));
    }
    if w.expcnt != 7 {
        parts.push(format!("expcnt({})", w.expcnt));
    }
    if w.lgkmcnt != 15 {
        parts.push(format!("lgkmcnt({})", w.lgkmcnt));
    }
    if parts.is_empty() {
        return format!(
            "vmcnt({}) expcnt({}) lgkmcnt({})",
            w.vmcnt, w.expcnt, w.lgkmcnt
        );
    }
    parts.join(" ")
}

/// `hwreg(NAME, offset, size)` for `s_getreg`/`s_setreg`.
pub fn hwreg(simm: u16) -> String {
    let id = simm & 0x3f;
    let offset = (simm >> 6) & 0x1f;
    let size = ((simm >> 11) & 0x1f) + 1;
    const NAMES: [&str; 8] = [
        "",
        "HW_REG_MODE",
        "HW_REG_STATUS",
        "HW_REG_TRAPSTS",
        "HW_REG_HW_ID",
        "HW_REG_GPR_ALLOC",
        "HW_REG_LDS_ALLOC",
        "HW_REG_IB_STS",
    ];
    let name = match NAMES.get(id as usize) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => id.to_string(),
    };
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

/// `sendmsg(...)` for `s_sendmsg`.
pub fn sendmsg(simm: u16) -> String {
    let id = simm & 0xf;
    let op = (simm >> 4) & 7;
    let stream = (simm >> 8) & 3;
    let rest = simm >> 10;
    const GS_OPS: [&str; 4] = ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
    const SYS_OPS: [&str; 5] = [
        "",
        "SYSMSG_OP_ECC_ERR_INTERRUPT",
        "SYSMSG_OP_REG_RD",
        "SYSMSG_OP_HOST_TRAP_ACK",
        "SYSMSG_OP_TTRACE_PC",
    ];
    match (id, rest) {
        (1, 0) if op == 0 && stream == 0 => "sendmsg(MSG_INTERRUPT)".into(),
        (2 | 3, 0) if op != 0 || (id == 3 && stream == 0) => {
            let name = if id == 2 { "MSG_GS" } else { "MSG_GS_DONE" };
            if op == 0 || op > 3 {
                format!(
                    "sendmsg({name}, {})",
                    if op == 0 {
                        GS_OPS[0].to_string()
                    } else {
                        op.to_string()
                    }
                )
            } else {
                format!("sendmsg({name}, {}, {stream})", GS_OPS[op as usize])
            }
        }
        (15, 0) if (1..=4).contains(&op) && stream == 0 => {
            format!("sendmsg(MSG_SYSMSG, {})", SYS_OPS[op as usize])
        }
        _ => format!("sendmsg({id}, {op}, {stream})"),
    }
}

/// `gpr_idx(SRC0,...)` for `s_set_gpr_idx_mode`.
pub fn gpr_idx(simm: u16) -> String {
    let names = ["SRC0", "SRC1", "SRC2", "DST"];
    let on: Vec<&str> = (0..4)
        .filter(|b| simm & (1 << b) != 0)
        .map(|b| names[b])
        .collect();
    format!("gpr_idx({})", on.join(","))
}

/// `swizzle(...)` for `ds_swizzle_b32`'s offset.
pub fn swizzle(offset: u16) -> String {
    if offset & 0x8000 != 0 {
        let l = |i: u16| (offset >> (2 * i)) & 3;
        return format!("swizzle(QUAD_PERM,{},{},{},{})", l(0), l(1), l(2), l(3));
    }
    let and = offset & 0x1f;
    let or = (offset >> 5) & 0x1f;
    let xor = (offset >> 10) & 0x1f;
    if and == 0x1f && or == 0 && xor.is_power_of_two() {
        return format!("swizzle(SWAP,{xor})");
    }
    if and == 0x1f && or == 0 && (xor + 1).is_power_of_two() && xor > 0 {
        return format!("swizzle(REVERSE,{})", xor + 1);
    }
    if xor == 0 {
        let group = (!and & 0x1f) + 1;
        if group.is_power_of_two() && group >= 2 && or < group && and == (0x1f & !(group - 1)) {
            return format!("swizzle(BROADCAST,{group},{or})");
        }
    }
    let mask: String = (0..5)
        .rev()
        .map(|b| match ((and >> b) & 1, (or >> b) & 1, (xor >> b) & 1) {
            (0, 0, _) => '0',
            (0, 1, _) => '1',
            (1, _, 0) => 'p',
            _ => 'i',
        })
        .collect();
    format!("swizzle(BITMASK_PERM,\"{mask}\")")
}

/// The DPP control spelling (`quad_perm:[..]`, `row_shr:n`, …).
pub fn dpp_ctrl(ctrl: u16) -> String {
    match ctrl {
        0..=0xff => format!(
            "quad_perm:[{},{},{},{}]",
            ctrl & 3,
            (ctrl >> 2) & 3,
            (ctrl >> 4) & 3,
            (ctrl >> 6) & 3
        ),
        0x101..=0x10f => format!("row_shl:{}", ctrl & 0xf),
        0x111..=0x11f => format!("row_shr:{}", ctrl & 0xf),
        0x121..=0x12f => format!("row_ror:{}", ctrl & 0xf),
        0x130 => "wave_shl:1".into(),
        0x134 => "wave_rol:1".into(),
        0x138 => "wave_shr:1".into(),
        0x13c => "wave_ror:1".into(),
        0x140 => "row_mirror".into(),
        0x141 => "row_half_mirror".into(),
        0x142 => "row_bcast:15".into(),
        0x143 => "row_bcast:31".into(),
        _ => format!("dpp_ctrl:{ctrl:#x}"),
    }
}

/// `format:[BUF_DATA_FORMAT_..,BUF_NUM_FORMAT_..]` of an MTBUF instruction.
pub fn buffer_format(dfmt: u8, nfmt: u8) -> String {
    const DFMT: [&str; 16] = [
        "INVALID",
        "8",
        "16",
        "8_8",
        "32",
        "16_16",
        "10_11_11",
        "11_11_10",
        "10_10_10_2",
        "2_10_10_10",
        "8_8_8_8",
        "32_32",
        "16_16_16_16",
        "32_32_32",
        "32_32_32_32",
        "RESERVED_15",
    ];
    const NFMT: [&str; 8] = [
        "UNORM",
        "SNORM",
        "USCALED",
        "SSCALED",
        "UINT",
        "SINT",
        "RESERVED_6",
        "FLOAT",
    ];
    format!(
        "format:[BUF_DATA_FORMAT_{},BUF_NUM_FORMAT_{}]",
        DFMT[dfmt as usize & 15],
        NFMT[nfmt as usize & 7]
    )
}
