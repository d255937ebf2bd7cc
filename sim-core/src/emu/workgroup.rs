//! Runs all wavefronts of one work-group to completion: round-robin between them, with
//! `s_barrier` releasing once every wavefront that has not ended arrives, and the
//! work-group's LDS shared by all of them. Work-groups share nothing but GPU memory, so
//! several can run on different host threads at once.

use super::budget::InstructionBudget;
use super::fault::{Fault, FaultKind};
use super::memory::{Tlb, TlbEntries};
use super::program::{Env, Program};
use super::setup::{LaunchRegisters, WavefrontSetup};
use super::wavefront::{WaveStatus, Wavefront};
use crate::driver::GpuMemory;
use crate::isa::Category;
use crate::loader::KernelDescriptor;
use std::cell::RefCell;
use std::sync::Arc;

/// Instructions a wavefront executes before the next one gets its turn.
const QUANTUM: u32 = 256;

/// A kernel ready to run: its decoded code, descriptor and entry point.
#[derive(Clone)]
pub struct KernelCode {
    /// The kernel's name (for faults).
    pub name: String,
    /// The decoded code (the whole code object's text, so calls work).
    pub program: Arc<Program>,
    /// Its kernel descriptor.
    pub descriptor: KernelDescriptor,
    /// Address of its first instruction.
    pub entry_pc: u64,
}

/// Limits that stop a runaway kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// Most instructions one wavefront may execute.
    pub max_instructions_per_wavefront: u64,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            max_instructions_per_wavefront: 1 << 32,
        }
    }
}

/// Executed instructions by category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InstructionCounts {
    /// By slot ([`category_slot`]); a power of two long, so that the instruction loop
    /// masks a slot into range instead of checking it (the slots past the categories
    /// stay 0).
    counts: [u64; SLOTS],
}

/// Length of [`InstructionCounts`]' array: the categories' count rounded up to a power
/// of two.
const SLOTS: usize = CATEGORIES.len().next_power_of_two();

/// Every category, in the order [`InstructionCounts`] keeps them.
pub const CATEGORIES: [Category; 12] = [
    Category::Salu,
    Category::Branch,
    Category::Waitcnt,
    Category::Barrier,
    Category::EndProgram,
    Category::Control,
    Category::ScalarMemory,
    Category::Valu,
    Category::Interpolation,
    Category::Lds,
    Category::VectorMemory,
    Category::Image,
];

/// The index of category `c` in [`CATEGORIES`].
pub(super) fn category_slot(c: Category) -> u8 {
    CATEGORIES.iter().position(|&x| x == c).unwrap_or(0) as u8
}

fn slot(c: Category) -> usize {
    usize::from(category_slot(c))
}

impl InstructionCounts {
    /// Instructions of category `c`.
    pub fn get(&self, c: Category) -> u64 {
        self.counts[slot(c)]
    }

    /// Counts one instruction of category `c`.
    pub fn count(&mut self, c: Category) {
        self.counts[slot(c)] += 1;
    }

    /// All instructions.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &InstructionCounts) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }
}

/// What running a work-group produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WorkGroupRun {
    /// Executed instructions by category.
    pub counts: InstructionCounts,
    /// Wavefronts executed.
    pub wavefronts: u32,
}

/// What the work-groups of one launch that a host thread runs share: the wavefronts'
/// launch-wide initial registers, and the address translations made so far (pages do not
/// move while a launch runs).
pub struct LaunchState {
    /// The launch's initial registers.
    pub registers: LaunchRegisters,
    /// Translations made for the launch's memory.
    pub translations: TlbEntries,
}

impl LaunchState {
    /// The state of a launch of `kernel`, `setup` describing any of its wavefronts, before
    /// any translation.
    pub fn new(kernel: &KernelCode, setup: &WavefrontSetup) -> Self {
        LaunchState {
            registers: LaunchRegisters::new(&kernel.descriptor, setup, kernel.entry_pc),
            translations: TlbEntries::default(),
        }
    }
}

/// Runs the wavefronts `waves` (one setup each, in wavefront order) of one work-group of
/// `kernel` with `lds_bytes` of LDS, against `memory`.
pub fn run_workgroup(
    kernel: &KernelCode,
    memory: &GpuMemory,
    waves: &[WavefrontSetup],
    lds_bytes: u32,
    limits: RunLimits,
    budget: &InstructionBudget,
) -> Result<WorkGroupRun, Fault> {
    let first = waves.first().copied().unwrap_or_default();
    let mut launch = LaunchState::new(kernel, &first);
    run_workgroup_in_launch(
        kernel,
        memory,
        waves,
        lds_bytes,
        limits,
        budget,
        &mut launch,
    )
}

/// [`run_workgroup`] with what the launch's work-groups share in `launch` (made for this
/// launch on `memory`, e.g. by its earlier work-groups).
pub fn run_workgroup_in_launch(
    kernel: &KernelCode,
    memory: &GpuMemory,
    waves: &[WavefrontSetup],
    lds_bytes: u32,
    limits: RunLimits,
    budget: &InstructionBudget,
    launch: &mut LaunchState,
) -> Result<WorkGroupRun, Fault> {
    let vgprs = kernel
        .program
        .vgprs_used()
        .max(kernel.descriptor.compute_pgm_rsrc1.allocated_vgprs() as usize)
        .min(256);
    let mut spare = SpareWavefronts::take();
    let wavefronts = &mut spare.0;
    wavefronts.resize_with(waves.len(), || Wavefront::new(0));
    for (w, setup) in wavefronts.iter_mut().zip(waves) {
        launch.registers.start(w, vgprs, setup);
    }
    let mut lds = vec![0u8; lds_bytes as usize];
    let mut env = Env {
        tlb: Tlb::new(memory, &mut launch.translations),
        lds: &mut lds,
    };
    let mut counts = InstructionCounts::default();
    loop {
        let mut progressed = false;
        for (i, w) in wavefronts.iter_mut().enumerate() {
            if w.status != WaveStatus::Running {
                continue;
            }
            progressed = true;
            let slice = run_slice(w, &mut env, &kernel.program, limits, budget, &mut counts);
            if let Err(kind) = slice {
                let instruction = kernel
                    .program
                    .instruction(w.pc)
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                let setup = &waves[i];
                return Err(Fault {
                    kernel: kernel.name.clone(),
                    workgroup: setup.workgroup_id,
                    wavefront: setup.wave_index,
                    pc: w.pc,
                    instruction,
                    kind,
                });
            }
        }
        if progressed {
            continue;
        }
        let waiting = wavefronts
            .iter()
            .filter(|w| w.status == WaveStatus::AtBarrier)
            .count();
        if waiting == 0 {
            break;
        }
        for w in wavefronts
            .iter_mut()
            .filter(|w| w.status == WaveStatus::AtBarrier)
        {
            w.status = WaveStatus::Running;
        }
    }
    Ok(WorkGroupRun {
        counts,
        wavefronts: wavefronts.len() as u32,
    })
}

thread_local! {
    /// Each host thread's wavefronts of the last work-group it ran, whose registers the
    /// next work-group reuses.
    static SPARE_WAVEFRONTS: RefCell<Vec<Wavefront>> = const { RefCell::new(Vec::new()) };
}

/// This thread's spare wavefronts, taken for one work-group and given back when dropped.
struct SpareWavefronts(Vec<Wavefront>);

impl SpareWavefronts {
    fn take() -> Self {
        SpareWavefronts(SPARE_WAVEFRONTS.with(|spare| std::mem::take(&mut *spare.borrow_mut())))
    }
}

impl Drop for SpareWavefronts {
    fn drop(&mut self) {
        let wavefronts = std::mem::take(&mut self.0);
        SPARE_WAVEFRONTS.with(|spare| *spare.borrow_mut() = wavefronts);
    }
}

/// Executes up to [`QUANTUM`] instructions of `w`, stopping early when it leaves the
/// running state.
fn run_slice(
    w: &mut Wavefront,
    env: &mut Env,
    program: &Program,
    limits: RunLimits,
    budget: &InstructionBudget,
    counts: &mut InstructionCounts,
) -> Result<(), FaultKind> {
    let start = w.executed;
    let result = run_quantum(w, env, program, limits, counts);
    // The second instructions of fused pairs (vector ALU ones) the loop did not see.
    counts.counts[usize::from(category_slot(Category::Valu))] +=
        std::mem::take(&mut w.fused_seconds);
    let within_budget = budget.spend(start, w.executed);
    result.and(within_budget)
}

/// [`run_slice`] without the launch's budget. Not inlined: alone, its loop keeps its
/// state in registers across the instructions' calls.
#[inline(never)]
fn run_quantum(
    w: &mut Wavefront,
    env: &mut Env,
    program: &Program,
    limits: RunLimits,
    counts: &mut InstructionCounts,
) -> Result<(), FaultKind> {
    let max = limits.max_instructions_per_wavefront;
    // The instructions this quantum may execute before the wavefront reaches its limit.
    let allowed = max.saturating_sub(w.executed).min(u64::from(QUANTUM));
    let mut next = usize::MAX;
    // A fused pair may run as one only within this quantum (and the limit).
    let end = w.executed + allowed;
    w.run_end = end;
    while w.executed < end {
        let step = program.execute_next(w, env, &mut next)?;
        counts.counts[usize::from(step.category_slot) & (SLOTS - 1)] += 1;
        if w.status != WaveStatus::Running {
            return Ok(());
        }
    }
    if allowed < u64::from(QUANTUM) {
        w.status = WaveStatus::Faulted;
        return Err(FaultKind::InstructionLimit(max));
    }
    Ok(())
}
