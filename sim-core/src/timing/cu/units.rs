//! The execution units of a GCN3 compute unit, which one each instruction goes to, and
//! how long a VALU instruction keeps its SIMD.
//!
//! The kinds are MGPUSim's (and GCN3's issue types): VALU, scalar (ALU and memory),
//! vector memory, branch, LDS, and the instructions the scheduler executes itself
//! (`s_waitcnt`, `s_barrier`, `s_endpgm`, `s_nop`, …). A SIMD is 16 lanes wide, so a
//! 64-lane VALU instruction occupies it for 4 cycles; double-precision and
//! transcendental operations run at a quarter of that rate on the R9 Nano (Fiji: 1/16-rate
//! f64 is 1/4 of the 4-cycle quarter-rate path), so they take
//! `gpu.cu.quarter_rate_valu_cycles` (16; MGPUSim gives every VALU instruction 4 cycles,
//! and configs/mgpusim-r9nano.toml does so too). How the other
//! units pass instructions along is in [`super::pipeline`].

use crate::isa::{Category, Format, OpInfo, OPCODES};
use std::sync::OnceLock;

/// The unit kinds an instruction may be issued to; at most one instruction per kind and
/// cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// The SIMD of the wavefront (vector ALU).
    Simd,
    /// The scalar unit: scalar ALU and scalar memory instructions.
    Scalar,
    /// The branch unit.
    Branch,
    /// The local data share.
    Lds,
    /// The vector memory unit (through the L1 TLB and vector cache).
    VectorMemory,
    /// The scheduler itself: `s_waitcnt`, `s_barrier`, `s_endpgm` and other control.
    Special,
}

impl Unit {
    /// Index among the [`Unit::COUNT`] kinds.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Number of unit kinds.
    pub const COUNT: usize = 6;
}

/// How an instruction is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// The unit it is issued to.
    pub unit: Unit,
    /// Cycles a full-rate VALU instruction keeps its SIMD (1 for the other units, whose
    /// timing is the pipeline's).
    pub occupancy: u64,
    /// Whether it is a quarter-rate VALU instruction (its occupancy is then the
    /// configuration's).
    pub quarter_rate: bool,
    /// Whether executing it writes global memory (stores and atomics of the scalar,
    /// vector and image memory instructions; flat ones may reach the LDS instead).
    pub writes_memory: bool,
}

/// Whether a VALU mnemonic runs at quarter rate (f64 arithmetic, transcendentals).
fn quarter_rate(mnemonic: &str) -> bool {
    const SLOW: [&str; 9] = [
        "v_rcp_", "v_rsq_", "v_sqrt_", "v_log_", "v_exp_", "v_sin_", "v_cos_", "v_div_", "_f64",
    ];
    SLOW.iter()
        .any(|s| mnemonic.starts_with(s) || mnemonic.ends_with(s))
        || mnemonic.contains("_f64_")
}

/// The unit and occupancy of opcode `info`.
fn timing(info: &OpInfo) -> Timing {
    let slow = info.category == Category::Valu && quarter_rate(info.mnemonic);
    let (unit, occupancy) = match info.category {
        Category::Valu => (Unit::Simd, 4),
        Category::Branch => (Unit::Branch, 1),
        Category::Salu | Category::ScalarMemory => (Unit::Scalar, 1),
        Category::Lds => (Unit::Lds, 1),
        Category::VectorMemory | Category::Image => (Unit::VectorMemory, 1),
        Category::Interpolation => (Unit::Simd, 4),
        Category::Waitcnt | Category::Barrier | Category::EndProgram | Category::Control => {
            (Unit::Special, 1)
        }
    };
    Timing {
        unit,
        occupancy,
        quarter_rate: slow,
        writes_memory: matches!(
            info.category,
            Category::ScalarMemory | Category::VectorMemory | Category::Image
        ) && memory_kind(info.mnemonic) != MemoryKind::Load,
    }
}

/// The waiting counters an instruction's completion decrements: (vmcnt, lgkmcnt).
/// Flat instructions count in both, as on GCN3, since they may reach the LDS.
fn counters(info: &OpInfo) -> (bool, bool) {
    match info.category {
        Category::VectorMemory | Category::Image => (true, info.format == Format::Flat),
        Category::ScalarMemory | Category::Lds => (false, true),
        _ => (false, false),
    }
}

/// What a memory instruction does to the bytes it touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryKind {
    /// Reads them.
    Load,
    /// Writes them.
    Store,
    /// Reads and writes them atomically.
    Atomic,
}

/// Whether a memory mnemonic loads, stores or is atomic.
fn memory_kind(mnemonic: &str) -> MemoryKind {
    if mnemonic.contains("atomic") {
        MemoryKind::Atomic
    } else if mnemonic.contains("store") || mnemonic.contains("write") {
        MemoryKind::Store
    } else {
        MemoryKind::Load
    }
}

/// Everything the compute unit needs to know about an opcode to time it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpTiming {
    /// Unit and occupancy.
    pub timing: Timing,
    /// The waiting counters it counts in: (vmcnt, lgkmcnt).
    pub counters: (bool, bool),
    /// What a memory opcode does to memory.
    pub kind: MemoryKind,
    /// An atomic on 8 bytes.
    pub wide_atomic: bool,
}

impl OpTiming {
    fn new(info: &OpInfo) -> Self {
        let kind = memory_kind(info.mnemonic);
        OpTiming {
            timing: timing(info),
            counters: counters(info),
            kind,
            wide_atomic: kind == MemoryKind::Atomic && info.mnemonic.contains("_x2"),
        }
    }

    /// The timing of opcode `info`, from a table made once for the opcode table.
    pub fn of(info: &'static OpInfo) -> OpTiming {
        static TABLE: OnceLock<Vec<OpTiming>> = OnceLock::new();
        let table = TABLE.get_or_init(|| OPCODES.iter().map(OpTiming::new).collect());
        let offset = (info as *const OpInfo as usize).wrapping_sub(OPCODES.as_ptr() as usize);
        let index = offset / std::mem::size_of::<OpInfo>();
        match OPCODES.get(index) {
            Some(row) if std::ptr::eq(row, info) => table[index],
            _ => OpTiming::new(info),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_rate_operations() {
        assert!(quarter_rate("v_add_f64"));
        assert!(quarter_rate("v_rcp_f32"));
        assert!(quarter_rate("v_cvt_f64_f32"));
        assert!(!quarter_rate("v_add_f32"));
        assert!(!quarter_rate("v_mad_u32_u24"));
    }

    #[test]
    fn the_table_agrees_with_the_rules() {
        for info in OPCODES.iter().step_by(7) {
            assert_eq!(OpTiming::of(info), OpTiming::new(info), "{}", info.mnemonic);
        }
    }

    #[test]
    fn memory_kinds() {
        assert_eq!(memory_kind("flat_store_dword"), MemoryKind::Store);
        assert_eq!(memory_kind("buffer_atomic_add"), MemoryKind::Atomic);
        assert_eq!(memory_kind("s_load_dwordx4"), MemoryKind::Load);
        assert_eq!(memory_kind("ds_write_b32"), MemoryKind::Store);
    }
}
