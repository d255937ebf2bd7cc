//! A kernel's code decoded once: every instruction with its pre-resolved semantic function,
//! and a PC → instruction map for branches and calls.

use super::atomic::AtomicOp;
use super::fault::FaultKind;
use super::memory::Tlb;
use super::valu::{self, ValuFn};
use super::wavefront::{WaveStatus, Wavefront};
use super::workgroup::category_slot;
use super::{
    buffer, control, flat, image, lds, scalar, smem, vector, vector_compare, vector_f32,
    vector_int, wide_sum,
};
use crate::isa::{decode_all, DecodeError, Format, Instruction, Operand, OPCODES};

/// What an instruction may touch besides its wavefront: global memory (through a TLB) and
/// its work-group's LDS.
pub struct Env<'a> {
    /// Global memory.
    pub tlb: Tlb<'a>,
    /// The work-group's LDS.
    pub lds: &'a mut [u8],
}

/// A function applying the semantics of one instruction to a wavefront.
pub type SemanticFn = fn(&mut Wavefront, &mut Env, &Step) -> Result<(), FaultKind>;

/// The semantics of one instruction: a [`SemanticFn`], or a function compiled for a host
/// feature (AVX2) that the host was checked to have, called directly rather than
/// through a safe function calling it.
#[derive(Clone, Copy)]
pub struct Semantic(unsafe fn(&mut Wavefront, &mut Env, &Step) -> Result<(), FaultKind>);

impl Semantic {
    /// The semantics `f`.
    pub fn new(f: SemanticFn) -> Self {
        Semantic(f)
    }

    /// The semantics `f`, a function compiled for host features.
    ///
    /// # Safety
    /// This host has every feature `f` was compiled for (so that calling it is safe).
    pub(super) unsafe fn for_host(
        f: unsafe fn(&mut Wavefront, &mut Env, &Step) -> Result<(), FaultKind>,
    ) -> Self {
        Semantic(f)
    }

    /// Applies the semantics to `w` (the step `s`'s instruction).
    #[inline(always)]
    pub fn call(self, w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
        // SAFETY: the function is safe, or one made by `for_host`, whose callers checked
        // that the host has the features it was compiled for.
        unsafe { (self.0)(w, e, s) }
    }
}

/// One decoded instruction, ready to execute.
#[derive(Clone)]
pub struct Step {
    /// Its address.
    pub pc: u64,
    /// The instruction (a placeholder row when the words did not decode).
    pub inst: Instruction,
    /// Its semantics.
    pub exec: Semantic,
    /// The vector ALU semantics, for VALU opcodes the `valu` table implements.
    pub valu: Option<ValuFn>,
    /// The read-modify-write of atomic memory instructions.
    pub atomic: Option<AtomicOp>,
    /// What a few steps carry besides (boxed, so that every step stays small: the
    /// instruction loop indexes them).
    pub attached: Option<Box<Attached>>,
    /// The vector ALU opcode also reads its destination (`v_mac_*`, `v_cvt_pkaccum_u8_f32`);
    /// the old value is passed as source 2.
    pub reads_dst: bool,
    /// The value of each source that is a constant (inline or literal), for vector ALU
    /// opcodes.
    pub constants: [Option<u64>; 3],
    /// A `v_cmpx_*` compare: its result also becomes EXEC.
    pub writes_exec: bool,
    /// Its category's index in [`super::workgroup::CATEGORIES`] (where it is counted).
    pub category_slot: u8,
}

/// What a [`Step`] may carry besides its instruction.
#[derive(Clone)]
pub enum Attached {
    /// Why the words at its PC did not decode.
    DecodeError(DecodeError),
    /// The step after it, which its semantics runs with it where it can (the halves of a
    /// 64-bit sum, [`wide_sum`]).
    FusedWith(Step),
}

impl Step {
    /// Why the words at its PC did not decode, if they did not.
    pub fn error(&self) -> Option<&DecodeError> {
        match self.attached.as_deref() {
            Some(Attached::DecodeError(e)) => Some(e),
            _ => None,
        }
    }

    /// The step its semantics runs with it where it can, if any ([`wide_sum`]).
    #[inline(always)]
    pub fn fused_with(&self) -> Option<&Step> {
        match self.attached.as_deref() {
            Some(Attached::FusedWith(second)) => Some(second),
            _ => None,
        }
    }
}

/// A code range decoded into [`Step`]s.
pub struct Program {
    base: u64,
    steps: Vec<Step>,
    /// Step index of each dword of the code (`u32::MAX` inside an instruction).
    index: Vec<u32>,
    vgprs: usize,
}

fn undecodable(_: &mut Wavefront, _: &mut Env, s: &Step) -> Result<(), FaultKind> {
    Err(s.error().map_or(FaultKind::Unimplemented, |e| {
        FaultKind::Undecodable(e.clone())
    }))
}

fn unimplemented(_: &mut Wavefront, _: &mut Env, _: &Step) -> Result<(), FaultKind> {
    Err(FaultKind::Unimplemented)
}

/// The stem naming the read-modify-write of an atomic memory mnemonic.
fn atomic_of(inst: &Instruction) -> Option<AtomicOp> {
    let m = inst.info.mnemonic;
    let stem = m
        .strip_prefix("flat_atomic_")
        .or_else(|| m.strip_prefix("buffer_atomic_"))
        .or_else(|| m.strip_prefix("ds_"))?;
    let stem = stem.trim_end_matches("_x2");
    let stem = stem.replace("_rtn", "");
    let stem = stem.as_str();
    let stem = match stem {
        s if s.starts_with("min_f") || s.starts_with("max_f") || s.starts_with("add_f") => &s[..5],
        s if s.starts_with("min_i") || s.starts_with("max_i") => &s[..5],
        s if s.starts_with("min_u") || s.starts_with("max_u") => &s[..5],
        s => s.split('_').next().unwrap_or(s),
    };
    AtomicOp::from_stem(stem)
}

fn semantic(inst: &Instruction) -> (Semantic, Option<ValuFn>) {
    match inst.info.format {
        Format::Sop2 => (scalar::sop2_semantic(inst), None),
        Format::Sop1 => (scalar::sop1_semantic(inst), None),
        Format::Sopk => (Semantic::new(scalar::sopk), None),
        Format::Sopc => (Semantic::new(scalar::sopc), None),
        Format::Sopp => (Semantic::new(control::sopp), None),
        Format::Smem => (smem::semantic(inst), None),
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 => {
            if let Some(f) = vector::cross_lane(inst.info) {
                return (f, None);
            }
            match valu::semantics(inst.info) {
                Some(f) => (
                    vector_int::semantic(inst)
                        .or_else(|| vector_compare::semantic(inst))
                        .or_else(|| vector_f32::semantic(inst))
                        .unwrap_or(Semantic::new(vector::valu)),
                    Some(f),
                ),
                None => (Semantic::new(unimplemented), None),
            }
        }
        Format::Ds => (Semantic::new(lds::ds), None),
        Format::Flat => (flat::flat(inst), None),
        Format::Mubuf | Format::Mtbuf => (Semantic::new(buffer::buffer), None),
        Format::Mimg => (Semantic::new(image::image), None),
        Format::Vintrp => (Semantic::new(unimplemented), None),
    }
}

/// Highest VGPR (exclusive) an operand names.
fn vgpr_end(op: &Operand) -> usize {
    match *op {
        Operand::Vector { index, count } => index as usize + count as usize,
        _ => 0,
    }
}

impl Program {
    /// Decodes `code`, which lies at address `base`.
    pub fn new(code: &[u8], base: u64) -> Program {
        let decoded = decode_all(code, base);
        let mut steps = Vec::with_capacity(decoded.len());
        let mut index = vec![u32::MAX; code.len().div_ceil(4)];
        let mut vgprs = 3;
        for d in decoded {
            index[((d.pc - base) / 4) as usize] = steps.len() as u32;
            let step = match d.result {
                Ok(inst) => {
                    let (exec, valu) = semantic(&inst);
                    let ops = [inst.dst, inst.sdst, inst.src[0], inst.src[1], inst.src[2]];
                    vgprs = ops.iter().map(vgpr_end).fold(vgprs, usize::max);
                    let reads_dst = matches!(
                        inst.info.mnemonic,
                        "v_mac_f32" | "v_mac_f16" | "v_cvt_pkaccum_u8_f32"
                    );
                    let constants = if valu.is_some() {
                        [0, 1, 2].map(|i| vector::source_constant(&inst, i))
                    } else {
                        [None; 3]
                    };
                    Step {
                        pc: d.pc,
                        inst,
                        exec,
                        valu,
                        atomic: atomic_of(&inst),
                        attached: None,
                        reads_dst,
                        constants,
                        writes_exec: inst.info.format == Format::Vopc
                            && inst.info.mnemonic.starts_with("v_cmpx"),
                        category_slot: category_slot(inst.info.category),
                    }
                }
                Err(e) => Step {
                    pc: d.pc,
                    inst: Instruction {
                        info: &OPCODES[0],
                        encoding: Format::Sop2,
                        size: 4,
                        dst: Operand::None,
                        sdst: Operand::None,
                        src: [Operand::None; 3],
                        extra: crate::isa::Extra::None,
                    },
                    exec: Semantic::new(undecodable),
                    valu: None,
                    atomic: None,
                    attached: Some(Box::new(Attached::DecodeError(e))),
                    reads_dst: false,
                    constants: [None; 3],
                    writes_exec: false,
                    category_slot: category_slot(OPCODES[0].category),
                },
            };
            steps.push(step);
        }
        for i in 1..steps.len() {
            let (first, second) = (&steps[i - 1], &steps[i]);
            if first.error().is_none()
                && second.error().is_none()
                && second.pc == first.pc + u64::from(first.inst.size)
            {
                if let Some(exec) = wide_sum::fused(&first.inst, &second.inst) {
                    let second = Box::new(Attached::FusedWith(second.clone()));
                    steps[i - 1].exec = exec;
                    steps[i - 1].attached = Some(second);
                }
            }
        }
        Program {
            base,
            steps,
            index,
            vgprs,
        }
    }

    /// The step at `pc`, or why there is none.
    #[inline]
    pub fn at(&self, pc: u64) -> Result<&Step, FaultKind> {
        self.index_at(pc).map(|i| &self.steps[i])
    }

    /// The index of the step at `pc`, or why there is none.
    #[inline]
    fn index_at(&self, pc: u64) -> Result<usize, FaultKind> {
        let i = pc.wrapping_sub(self.base);
        if !i.is_multiple_of(4) {
            return Err(FaultKind::PcOutOfCode);
        }
        // `u32::MAX` (inside an instruction) is never a step's index.
        match self.index.get((i / 4) as usize) {
            Some(&s) if (s as usize) < self.steps.len() => Ok(s as usize),
            _ => Err(FaultKind::PcOutOfCode),
        }
    }

    /// Executes the instruction at `w`'s PC and moves the PC on (to the next instruction
    /// or a branch target); returns the executed step. On a fault the PC stays at the
    /// faulting instruction. The timing model drives wavefronts through this too.
    #[inline]
    pub fn execute(&self, w: &mut Wavefront, env: &mut Env) -> Result<&Step, FaultKind> {
        let step = self
            .at(w.pc)
            .inspect_err(|_| w.status = WaveStatus::Faulted)?;
        Self::run(w, env, step)
    }

    /// [`execute`](Self::execute) in a stream of instructions of one wavefront:
    /// `*next` is the index of the step after the one executed last through it (any
    /// value before the first), taken without a look-up when it is the one at `w`'s PC
    /// (unless the last instruction branched); afterwards, the index after the
    /// executed step.
    #[inline]
    pub fn execute_next(
        &self,
        w: &mut Wavefront,
        env: &mut Env,
        next: &mut usize,
    ) -> Result<&Step, FaultKind> {
        let i = match self.steps.get(*next) {
            Some(step) if step.pc == w.pc => *next,
            _ => self
                .index_at(w.pc)
                .inspect_err(|_| w.status = WaveStatus::Faulted)?,
        };
        *next = i + 1;
        Self::run(w, env, &self.steps[i])
    }

    /// Executes `step`, the instruction at `w`'s PC (see [`execute`](Self::execute)).
    #[inline(always)]
    fn run<'s>(w: &mut Wavefront, env: &mut Env, step: &'s Step) -> Result<&'s Step, FaultKind> {
        w.next_pc = w.pc + u64::from(step.inst.size);
        step.exec
            .call(w, env, step)
            .inspect_err(|_| w.status = WaveStatus::Faulted)?;
        w.executed += 1;
        w.pc = w.next_pc;
        Ok(step)
    }

    /// The instruction at `pc`, if it decoded.
    pub fn instruction(&self, pc: u64) -> Option<&Instruction> {
        self.at(pc).ok().map(|s| &s.inst)
    }

    /// Number of VGPRs the code names (at least 3, for the work-item ids).
    pub fn vgprs_used(&self) -> usize {
        self.vgprs
    }

    /// Address of the first instruction.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The decoded instructions in address order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{Category, OPCODES};

    fn op(mnemonic: &str) -> Option<AtomicOp> {
        let info = OPCODES
            .iter()
            .find(|r| r.mnemonic == mnemonic)
            .expect("known mnemonic");
        let inst = Instruction {
            info,
            encoding: info.format,
            size: 8,
            dst: Operand::None,
            sdst: Operand::None,
            src: [Operand::None; 3],
            extra: crate::isa::Extra::None,
        };
        atomic_of(&inst)
    }

    #[test]
    fn atomic_mnemonics_name_their_operation() {
        use AtomicOp::*;
        let cases = [
            ("ds_add_u32", Some(Add)),
            ("ds_add_rtn_u32", Some(Add)),
            ("ds_min_rtn_i32", Some(SMin)),
            ("ds_max_rtn_u64", Some(UMax)),
            ("ds_add_rtn_f32", Some(FAdd)),
            ("ds_min_f64", Some(FMin)),
            ("ds_cmpst_rtn_b32", Some(CmpSwap)),
            ("ds_mskor_b32", Some(MaskOr)),
            ("ds_wrxchg_rtn_b64", Some(Swap)),
            ("ds_write_b32", None),
            ("ds_read2_b32", None),
            ("flat_atomic_smin_x2", Some(SMin)),
            ("flat_atomic_cmpswap", Some(CmpSwap)),
            ("flat_atomic_dec", Some(Dec)),
            ("buffer_atomic_umax", Some(UMax)),
            ("buffer_atomic_inc_x2", Some(Inc)),
            ("flat_load_dword", None),
        ];
        for (m, want) in cases {
            assert_eq!(op(m), want, "{m}");
        }
        // Every flat/buffer atomic row names an operation.
        for r in OPCODES
            .iter()
            .filter(|r| r.category == Category::VectorMemory)
        {
            if r.flags & crate::isa::table::flag::ATOMIC != 0 {
                assert!(op(r.mnemonic).is_some(), "{}", r.mnemonic);
            }
        }
    }
}
