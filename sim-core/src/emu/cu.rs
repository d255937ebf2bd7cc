//! The emulator as the work-group executor of the GPU front end's functional compute unit
//! ([`crate::gpu::FunctionalCu`]): each mapped work-group runs to completion with
//! [`run_workgroup`], its wavefronts set up from the dispatcher's description.
//!
//! What the dispatcher's [`WorkGroup`] does not carry — the decoded code and where the
//! launch's scratch memory lies — the launch path registers per dispatch under the address
//! of the AQL packet it wrote ([`DispatchTable::register`]) before starting the kernel.

use super::budget::InstructionBudget;
use super::fault::Fault;
use super::memory::TlbEntries;
use super::setup::WavefrontSetup;
use super::workgroup::{run_workgroup_translated, InstructionCounts, KernelCode, RunLimits};
use crate::driver::Driver;
use crate::driver::GpuMemory;
use crate::gpu::{ExecutionError, WorkGroup, WorkGroupExecutor};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

/// What one dispatch needs besides its [`crate::gpu::KernelLaunch`].
#[derive(Clone)]
pub struct DispatchResources {
    /// The kernel's decoded code.
    pub code: Arc<KernelCode>,
    /// Base of the dispatch's scratch memory: one area of `scratch_bytes_per_wave` per
    /// wavefront slot of the GPU, indexed by [`crate::gpu::Wavefront::resident_index`].
    pub scratch_base: u64,
    /// Scratch bytes per wavefront (private segment size × 64, rounded up to 256).
    pub scratch_bytes_per_wave: u32,
    /// The dispatch id (the kernel's optional dispatch-id SGPRs).
    pub dispatch_id: u64,
    /// Timing mode: how far from the code it executes a wavefront fetches its
    /// instructions (the launch's own copy of the code, see
    /// `platform.launch_copies_to_fresh_memory`; 0 otherwise).
    pub fetch_offset: u64,
    /// The launch's instruction budget, spent by every compute unit running it.
    pub budget: Arc<InstructionBudget>,
}

/// Per-dispatch registrations and counts shared by all compute units of a GPU.
#[derive(Default)]
pub struct DispatchTable {
    resources: RwLock<HashMap<u64, DispatchResources>>,
    counts: Mutex<HashMap<u64, InstructionCounts>>,
}

impl DispatchTable {
    /// Registers the dispatch whose AQL packet lies at `packet_address`.
    pub fn register(&self, packet_address: u64, resources: DispatchResources) {
        self.resources
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(packet_address, resources);
        self.counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&packet_address);
    }

    /// What the dispatch at `packet_address` registered, if it is registered.
    pub fn resources(&self, packet_address: u64) -> Option<DispatchResources> {
        self.resources
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&packet_address)
            .cloned()
    }

    /// Adds `counts` to the instructions the dispatch at `packet_address` executed.
    pub fn add_counts(&self, packet_address: u64, counts: &InstructionCounts) {
        self.counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(packet_address)
            .or_default()
            .add(counts);
    }

    /// The instructions the dispatch at `packet_address` executed so far (e.g. for a
    /// progress display while it runs).
    pub fn counts(&self, packet_address: u64) -> InstructionCounts {
        self.counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&packet_address)
            .copied()
            .unwrap_or_default()
    }

    /// Forgets the dispatch at `packet_address` and returns the instructions its
    /// work-groups executed.
    pub fn finish(&self, packet_address: u64) -> InstructionCounts {
        self.resources
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&packet_address);
        self.counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&packet_address)
            .unwrap_or_default()
    }
}

/// The most scratch one wavefront can have on GCN3: `COMPUTE_TMPRING_SIZE.WAVESIZE` is 13
/// bits of 1 KiB units (so at most 131,056 bytes of private memory per work-item).
pub const MAX_SCRATCH_BYTES_PER_WAVE: u64 = ((1 << 13) - 1) * 1024;

/// Scratch bytes one wavefront needs for `private_segment_size` bytes per work-item, or
/// `None` if that is more than a wavefront can have ([`MAX_SCRATCH_BYTES_PER_WAVE`]).
pub fn scratch_bytes_per_wave(private_segment_size: u32) -> Option<u32> {
    let bytes = (u64::from(private_segment_size) * 64).div_ceil(256) * 256;
    (bytes <= MAX_SCRATCH_BYTES_PER_WAVE).then_some(bytes as u32)
}

/// The register set-up of each wavefront of `wg` (in wavefront order), for compute units
/// of `simds_per_cu` SIMDs with `slots_per_simd` wavefront slots: what both the functional
/// and the timing compute units pass to [`initialize`](super::initialize).
pub fn wavefront_setups(
    wg: &WorkGroup,
    resources: &DispatchResources,
    simds_per_cu: u32,
    slots_per_simd: u32,
) -> Vec<WavefrontSetup> {
    let launch = &wg.kernel;
    let counts_per_dim = launch.workgroup_counts();
    wg.wavefronts()
        .map(|wf| WavefrontSetup {
            dispatch_packet_address: launch.dispatch_packet_address,
            queue_address: launch.queue_address,
            kernarg_address: launch.kernarg_address,
            dispatch_id: resources.dispatch_id,
            scratch_base: resources.scratch_base,
            scratch_wave_offset: wf.resident_index(simds_per_cu, slots_per_simd)
                * resources.scratch_bytes_per_wave,
            private_segment_size: launch.private_segment_size,
            workgroup_id: wf.workgroup_id,
            workgroup_size: wf.workgroup_size,
            grid_workgroup_count: counts_per_dim,
            wave_index: wf.index,
        })
        .collect()
}

/// The address translations a host thread made for the work-groups of one launch it ran
/// last: pages do not move while a launch runs, so its later work-groups on the thread
/// start with them (the first work-groups of a launch start empty).
#[derive(Default)]
struct LaunchTranslations {
    /// The launch (its budget, held so that no other launch's can take its address), the
    /// GPU and the memory the translations were made for.
    launch: Option<(Arc<InstructionBudget>, usize, *const GpuMemory)>,
    entries: TlbEntries,
}

impl LaunchTranslations {
    /// The translations for the launch of `budget` on GPU `gpu`'s `memory`: those held if
    /// they were made for it, else none.
    fn for_launch(
        &mut self,
        budget: &Arc<InstructionBudget>,
        gpu: usize,
        memory: &GpuMemory,
    ) -> &mut TlbEntries {
        let same = self.launch.as_ref().is_some_and(|(b, g, m)| {
            Arc::ptr_eq(b, budget) && *g == gpu && std::ptr::eq(*m, memory)
        });
        if !same {
            self.launch = Some((budget.clone(), gpu, memory));
            self.entries = TlbEntries::default();
        }
        &mut self.entries
    }
}

thread_local! {
    /// Each host thread's translations of the launch it ran last.
    static LAUNCH_TRANSLATIONS: RefCell<LaunchTranslations> =
        RefCell::new(LaunchTranslations::default());
}

/// Runs work-groups for [`crate::gpu::FunctionalCu`] on one GPU's memory.
pub struct WorkGroupEmulator {
    driver: Arc<Driver>,
    gpu: usize,
    dispatches: Arc<DispatchTable>,
    simds_per_cu: u32,
    slots_per_simd: u32,
    limits: RunLimits,
}

impl WorkGroupEmulator {
    /// An executor for GPU `gpu` of `driver`, with dispatches looked up in `dispatches`,
    /// for compute units of `simds_per_cu` SIMDs with `slots_per_simd` wavefront slots.
    pub fn new(
        driver: Arc<Driver>,
        gpu: usize,
        dispatches: Arc<DispatchTable>,
        simds_per_cu: u32,
        slots_per_simd: u32,
        limits: RunLimits,
    ) -> Self {
        WorkGroupEmulator {
            driver,
            gpu,
            dispatches,
            simds_per_cu,
            slots_per_simd,
            limits,
        }
    }
}

fn execution_error(wg: &WorkGroup, message: String) -> ExecutionError {
    ExecutionError {
        workgroup: wg.id,
        wavefront: None,
        pc: None,
        message,
    }
}

impl WorkGroupExecutor for WorkGroupEmulator {
    fn execute(&self, wg: &WorkGroup) -> Result<u64, ExecutionError> {
        let launch = &wg.kernel;
        let resources = self
            .dispatches
            .resources(launch.dispatch_packet_address)
            .ok_or_else(|| execution_error(wg, "no code registered for this dispatch".into()))?;
        let memory = self
            .driver
            .gpu(self.gpu)
            .map_err(|e| execution_error(wg, e.to_string()))?;
        let waves = wavefront_setups(wg, &resources, self.simds_per_cu, self.slots_per_simd);
        let run = LAUNCH_TRANSLATIONS
            .with(|cached| {
                let mut cached = cached.borrow_mut();
                let cached = cached.for_launch(&resources.budget, self.gpu, memory);
                run_workgroup_translated(
                    &resources.code,
                    memory,
                    &waves,
                    wg.lds_bytes,
                    self.limits,
                    &resources.budget,
                    cached,
                )
            })
            .map_err(|f: Fault| ExecutionError {
                workgroup: f.workgroup,
                wavefront: Some(f.wavefront),
                pc: Some(f.pc),
                message: f.to_string(),
            })?;
        self.dispatches
            .add_counts(launch.dispatch_packet_address, &run.counts);
        // A rough functional cost: the instructions of the busiest wavefront's share.
        Ok((run.counts.total() / u64::from(run.wavefronts.max(1))).max(1))
    }
}
