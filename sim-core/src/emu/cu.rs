//! The emulator as the work-group executor of the GPU front end's functional compute unit
//! ([`crate::gpu::FunctionalCu`]): each mapped work-group runs to completion with
//! [`run_workgroup`], its wavefronts set up from the dispatcher's description.
//!
//! What the dispatcher's [`WorkGroup`] does not carry — the decoded code and where the
//! launch's scratch memory lies — the launch path registers per dispatch under the address
//! of the AQL packet it wrote ([`DispatchTable::register`]) before starting the kernel.

use super::budget::InstructionBudget;
use super::fault::Fault;
use super::setup::WavefrontSetup;
use super::workgroup::{
    run_workgroup_in_launch, InstructionCounts, KernelCode, LaunchState, RunLimits,
};
use crate::driver::Driver;
use crate::driver::GpuMemory;
use crate::fast_hash::FastHash;
use crate::gpu::{ExecutionError, KernelLaunch, WorkGroup, WorkGroupExecutor};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

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
pub struct DispatchTable {
    resources: RwLock<HashMap<u64, DispatchResources, FastHash>>,
    /// The instructions executed per dispatch, in parts that host threads add to
    /// ([`CountShard::of_this_thread`]): one shared count, added to after every
    /// work-group, would pass its cache line between the threads running a launch.
    counts: Box<[CountShard]>,
}

/// Parts of a [`DispatchTable`]'s counts: more than host threads usually simulate at once.
const COUNT_SHARDS: usize = 8;

/// One part of a [`DispatchTable`]'s counts, alone in its cache lines (128 bytes: x86
/// cores fetch lines in pairs).
#[repr(align(128))]
#[derive(Default)]
struct CountShard(Mutex<HashMap<u64, InstructionCounts, FastHash>>);

impl CountShard {
    /// The part of `shards` this host thread adds to (threads take parts in turn as they
    /// first add).
    fn of_this_thread(shards: &[CountShard]) -> &CountShard {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        thread_local! {
            static SHARD: usize = NEXT.fetch_add(1, Ordering::Relaxed);
        }
        &shards[SHARD.with(|&s| s) % shards.len()]
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<u64, InstructionCounts, FastHash>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for DispatchTable {
    fn default() -> Self {
        DispatchTable {
            resources: RwLock::default(),
            counts: (0..COUNT_SHARDS).map(|_| CountShard::default()).collect(),
        }
    }
}

impl DispatchTable {
    /// Registers the dispatch whose AQL packet lies at `packet_address`.
    pub fn register(&self, packet_address: u64, resources: DispatchResources) {
        self.resources
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(packet_address, resources);
        for shard in self.counts.iter() {
            shard.lock().remove(&packet_address);
        }
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
        CountShard::of_this_thread(&self.counts)
            .lock()
            .entry(packet_address)
            .or_default()
            .add(counts);
    }

    /// The instructions the dispatch at `packet_address` executed so far (e.g. for a
    /// progress display while it runs).
    pub fn counts(&self, packet_address: u64) -> InstructionCounts {
        let mut sum = InstructionCounts::default();
        for shard in self.counts.iter() {
            if let Some(counts) = shard.lock().get(&packet_address) {
                sum.add(counts);
            }
        }
        sum
    }

    /// Forgets the dispatch at `packet_address` and returns the instructions its
    /// work-groups executed.
    pub fn finish(&self, packet_address: u64) -> InstructionCounts {
        self.resources
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&packet_address);
        let mut sum = InstructionCounts::default();
        for shard in self.counts.iter() {
            if let Some(counts) = shard.lock().remove(&packet_address) {
                sum.add(&counts);
            }
        }
        sum
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
pub fn wavefront_setups<'a>(
    wg: &'a WorkGroup,
    resources: &'a DispatchResources,
    simds_per_cu: u32,
    slots_per_simd: u32,
) -> impl Iterator<Item = WavefrontSetup> + 'a {
    let launch = &wg.kernel;
    let counts_per_dim = launch.workgroup_counts();
    wg.wavefronts().map(move |wf| WavefrontSetup {
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
}

/// What a host thread keeps of the launch whose work-groups it ran last: its registered
/// resources and what its work-groups share ([`LaunchState`]), so that its later
/// work-groups on the thread neither look the dispatch up nor work out its set-up again
/// (the first work-group of a launch on a thread does).
struct CachedLaunch {
    /// The launch (held, so that no other launch can take its address), the GPU, the
    /// memory and the dispatch table it was looked up for.
    launch: Arc<KernelLaunch>,
    gpu: usize,
    memory: *const GpuMemory,
    table: *const DispatchTable,
    resources: DispatchResources,
    state: LaunchState,
}

/// A host thread's launch cache, and its buffer of wavefront set-ups.
#[derive(Default)]
struct ThreadLaunch {
    cached: Option<CachedLaunch>,
    setups: Vec<WavefrontSetup>,
}

thread_local! {
    /// Each host thread's cache of the launch it ran last.
    static THREAD_LAUNCH: RefCell<ThreadLaunch> = RefCell::new(ThreadLaunch::default());
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

impl WorkGroupEmulator {
    /// The cached launch of `wg` in `cache`: the one held if it is `wg`'s on this
    /// executor's GPU and memory, else looked up afresh.
    fn launch_of<'c>(
        &self,
        wg: &WorkGroup,
        memory: &GpuMemory,
        cache: &'c mut Option<CachedLaunch>,
    ) -> Result<&'c mut CachedLaunch, ExecutionError> {
        let table: *const DispatchTable = &*self.dispatches;
        let same = cache.as_ref().is_some_and(|c| {
            Arc::ptr_eq(&c.launch, &wg.kernel)
                && c.gpu == self.gpu
                && std::ptr::eq(c.memory, memory)
                && std::ptr::eq(c.table, table)
        });
        if !same {
            let resources = self
                .dispatches
                .resources(wg.kernel.dispatch_packet_address)
                .ok_or_else(|| {
                    execution_error(wg, "no code registered for this dispatch".into())
                })?;
            let first = wavefront_setups(wg, &resources, self.simds_per_cu, self.slots_per_simd)
                .next()
                .unwrap_or_default();
            *cache = Some(CachedLaunch {
                launch: wg.kernel.clone(),
                gpu: self.gpu,
                memory,
                table,
                state: LaunchState::new(&resources.code, &first),
                resources,
            });
        }
        Ok(cache.as_mut().expect("just filled"))
    }
}

impl WorkGroupExecutor for WorkGroupEmulator {
    fn execute(&self, wg: &WorkGroup) -> Result<u64, ExecutionError> {
        let launch = &wg.kernel;
        let memory = self
            .driver
            .gpu(self.gpu)
            .map_err(|e| execution_error(wg, e.to_string()))?;
        let run = THREAD_LAUNCH.with(|thread| {
            let ThreadLaunch { cached, setups } = &mut *thread.borrow_mut();
            let cached = self.launch_of(wg, memory, cached)?;
            let resources = &cached.resources;
            setups.clear();
            setups.extend(wavefront_setups(
                wg,
                resources,
                self.simds_per_cu,
                self.slots_per_simd,
            ));
            run_workgroup_in_launch(
                &resources.code,
                memory,
                setups,
                wg.lds_bytes,
                self.limits,
                &resources.budget,
                &mut cached.state,
            )
            .map_err(|f: Fault| ExecutionError {
                workgroup: f.workgroup,
                wavefront: Some(f.wavefront),
                pc: Some(f.pc),
                message: f.to_string(),
            })
        })?;
        self.dispatches
            .add_counts(launch.dispatch_packet_address, &run.counts);
        // A rough functional cost: the instructions of the busiest wavefront's share.
        Ok((run.counts.total() / u64::from(run.wavefronts.max(1))).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::Category;

    #[test]
    fn counts_added_on_several_threads_sum_per_dispatch() {
        let table = DispatchTable::default();
        let mut one = InstructionCounts::default();
        one.count(Category::Valu);
        std::thread::scope(|s| {
            for _ in 0..2 * COUNT_SHARDS {
                s.spawn(|| {
                    for _ in 0..10 {
                        table.add_counts(0x1000, &one);
                    }
                    table.add_counts(0x2000, &one);
                });
            }
        });
        let threads = 2 * COUNT_SHARDS as u64;
        assert_eq!(table.counts(0x1000).get(Category::Valu), 10 * threads);
        assert_eq!(table.finish(0x1000).total(), 10 * threads);
        assert_eq!(table.counts(0x1000).total(), 0, "finished");
        assert_eq!(table.finish(0x2000).total(), threads);
    }
}
