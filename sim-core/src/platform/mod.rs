//! The simulated platform: the driver and one GPU model per device, built from the
//! settings, and the kernel-launch path from the API down to the compute units.

mod dispatch;
mod launch;
mod moves;
mod printf;
mod program;
mod progress;
mod timeline;
mod timing;
mod transfer;

pub use dispatch::{KernelError, KernelReport, NdRange};
pub use launch::LaunchPath;
pub use program::{DeviceProgram, ProgramLoadError};
pub use timeline::{Timeline, FALLBACK};
pub use transfer::{transfer_ns, TransferKind};

use crate::config::{Mode, Settings};
use crate::driver::{Arena, Buffer, Driver, DriverError};
use crate::emu::{
    scratch_bytes_per_wave, DispatchResources, DispatchTable, InstructionBudget, RunLimits,
    WorkGroupEmulator, MAX_SCRATCH_BYTES_PER_WAVE,
};
use crate::engine::Sharing;
use crate::gpu::{ExecutionError, FunctionalCu, Gpu, KernelLaunch, KernelRun, LaunchError};
use crate::loader::{ArgKind, PrintfFormat};
use crate::metrics::{ProgressBoard, Recorder, WorkGroupTracer};
use dispatch::HiddenValues;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, TryLockError};

/// Why the platform could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformError(pub String);

impl fmt::Display for PlatformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gcnsim: {}", self.0)
    }
}

impl std::error::Error for PlatformError {}

/// One kernel launch as the API hands it to the platform.
pub struct Dispatch<'a> {
    /// The program holding the kernel.
    pub program: &'a DeviceProgram,
    /// The kernel's name.
    pub kernel: &'a str,
    /// The kernarg bytes of the explicit arguments, at their metadata offsets.
    pub explicit_kernarg: &'a [u8],
    /// LDS per work-group: the kernel's fixed size plus its `__local` arguments.
    pub group_segment_size: u32,
    /// The NDRange.
    pub range: NdRange,
    /// Buffers the kernel may access: kept on this GPU for the whole run.
    pub buffers: &'a [Arc<Buffer>],
    /// When the host enqueued the launch and when it starts (its QUEUED and START times,
    /// ns on the platform's timeline).
    pub queued_ns: u64,
    /// See `queued_ns`.
    pub start_ns: u64,
    /// For a unified device: work-groups per GPU, in flattened order (the Locality API's
    /// split); `None`: split as MGPUSim's driver does.
    pub workgroup_split: Option<&'a [u64]>,
    /// The command queue launching it (its number: see [`Timeline`]).
    pub queue: u64,
}

/// The state of one simulated GPU between launches. Its memory (queue object, kernarg
/// segment, dispatch packet, scratch) comes from the GPU's own arena
/// ([`Arena::Gpu`]) and is made while the GPU runs its commands, so its addresses follow
/// from that GPU's command order alone.
struct Device {
    /// Its model, or `None` when it runs on the platform's [`Timeline`].
    gpu: Option<Gpu>,
    dispatches: Arc<DispatchTable>,
    queue_object: Arc<Buffer>,
    /// The kernarg segment, reused by every launch (as a runtime's kernarg pool would);
    /// replaced by a larger one when a kernel needs more.
    kernarg: Arc<Buffer>,
    /// Bytes of `kernarg` the previous launch wrote (cleared by the next).
    kernarg_written: usize,
    /// The AQL dispatch packet's slot, reused by every launch.
    packet: Arc<Buffer>,
    /// With `platform.launch_copies_to_fresh_memory`: every launch's copies of its code,
    /// arguments and packet, kept so that their addresses are never handed out again.
    launch_copies: Vec<Arc<Buffer>>,
    scratch: Option<Arc<Buffer>>,
    /// The printf buffer of kernels that call printf, reused by every launch.
    printf: Option<Arc<Buffer>>,
    next_dispatch_id: u64,
    /// Work-group spans for the trace, when tracing.
    tracer: Option<WorkGroupTracer>,
    /// The memory hierarchy of a timing-mode GPU.
    timing: Option<timing::TimingMemory>,
    /// Pages moved between the GPUs of a unified device since its last kernel: its
    /// caches and TLBs are emptied before the next.
    pages_moved: bool,
}

/// The launch budget (`platform.max_launch_instructions`) counts only what each
/// wavefront executes beyond this share of the per-wavefront limit (1 %: a million
/// instructions by default), so grids of short wavefronts, however many, never spend it
/// and an endless kernel still spends it after that much per wavefront.
const FREE_SHARE: u64 = 100;

/// The simulated platform: GPUs, their memory, and the host threads that simulate them.
///
/// Every simulation runs on one pool of `GCNSIM_THREADS` host threads: a kernel launch
/// runs its GPU's model on a pool thread (and, in the functional mode, its work-groups on
/// the same pool), while the command's own host thread waits. With one thread the
/// command's host thread simulates itself, one launch at a time across the platform
/// (what a pool of one allows, without handing every launch to another thread and back:
/// programs making thousands of small launches spent more time in those hand-offs than
/// simulating). With one thread the GPUs' kernels thus run one after another. Nothing they simulate depends on that order: each
/// GPU has an engine, clock and memory hierarchy of its own, a kernel's buffers stay
/// resident on its GPU while it runs, and the addresses of all memory come from arenas
/// that no other host thread's progress moves ([`Arena`]).
pub struct Platform {
    settings: Settings,
    driver: Arc<Driver>,
    pool: Arc<rayon::ThreadPool>,
    /// Held while a launch simulates on its command's thread (one thread: see above).
    one_at_a_time: Mutex<()>,
    devices: Vec<Mutex<Device>>,
    metrics: Recorder,
    /// The progress display on stderr, when shown.
    progress: Option<ProgressBoard>,
    /// Per GPU, what its caches hold since host copies (see [`CacheState`]).
    cache_states: Vec<AtomicU8>,
    /// Per GPU, the START time (ns) of its latest kernel.
    last_starts: Vec<AtomicU64>,
    /// Per discrete GPU, whether a buffer moved onto or off it since its latest kernel:
    /// its translations (and cached lines) are dropped before the next, as a driver's
    /// TLB shoot-down after unmapping pages would.
    buffers_moved: Vec<AtomicBool>,
    /// Per device (a unified one), pages the Locality API moved and the next command
    /// has yet to wait for: (from GPU, to GPU, bytes), in the order placed.
    placements: Vec<Mutex<Vec<(usize, usize, u64)>>>,
    /// The engine all GPUs share, with `platform.discrete_timeline = "shared"`; for a
    /// unified device of several GPUs in timing mode, the links its host transfers share.
    timeline: Option<Timeline>,
}

/// What a timing-mode GPU's caches may hold, as `gpu.host_copies_invalidate_caches`
/// needs to know: a host copy after a kernel empties them before the next kernel.
#[repr(u8)]
enum CacheState {
    /// No kernel has run since the caches were last emptied.
    Cold = 0,
    /// A kernel ran, and no host copy followed it yet.
    Warm,
    /// A host copy followed a kernel: empty the caches before the next kernel.
    Stale,
}

impl Platform {
    /// Builds the GPUs the settings describe.
    pub fn new(settings: Settings) -> Result<Platform, PlatformError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(settings.threads)
            .thread_name(|i| format!("gcnsim-sim-{i}"))
            .build()
            .map(Arc::new)
            .map_err(|e| PlatformError(format!("cannot start simulator threads: {e}")))?;
        let driver = Driver::new(&settings.platform);
        let metrics = Recorder::new(driver.gpu_count(), settings.trace.is_some(), settings.mode);
        let progress = ProgressBoard::for_stderr(settings.progress, driver.gpu_count());
        let mut platform = Platform {
            settings,
            driver,
            pool,
            one_at_a_time: Mutex::new(()),
            devices: Vec::new(),
            metrics,
            progress,
            cache_states: Vec::new(),
            last_starts: Vec::new(),
            buffers_moved: Vec::new(),
            placements: Vec::new(),
            timeline: None,
        };
        platform.placements = (0..platform.driver.gpu_count())
            .map(|_| Mutex::default())
            .collect();
        platform.last_starts = (0..platform.driver.gpu_count())
            .map(|_| AtomicU64::new(0))
            .collect();
        platform.buffers_moved = (0..platform.driver.gpu_count())
            .map(|_| AtomicBool::new(false))
            .collect();
        platform.cache_states = (0..platform.driver.gpu_count())
            .map(|_| AtomicU8::new(CacheState::Cold as u8))
            .collect();
        if platform.settings.unified_host_timeline() {
            // Before the device: its kernels share these links (see `new_device`).
            platform.timeline = Some(Timeline::of_host_links(&platform.settings.platform));
        }
        platform.devices = (0..platform.driver.gpu_count())
            .map(|gpu| platform.new_device(gpu).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        if platform.settings.shared_timeline() {
            let tables: Vec<Arc<DispatchTable>> = (platform.devices.iter())
                .map(|d| {
                    d.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .dispatches
                        .clone()
                })
                .collect();
            platform.timeline = Some(Timeline::new(
                &platform.settings.platform,
                platform.driver.clone(),
                &tables,
                platform.run_limits(),
                platform.model_pool(),
            ));
        }
        Ok(platform)
    }

    /// The engine all GPUs share, when they do (`platform.discrete_timeline`), or the
    /// links a unified device's host transfers share (see [`Timeline::of_host_links`]).
    pub fn timeline(&self) -> Option<&Timeline> {
        self.timeline.as_ref()
    }

    /// Runs `wait` (which may block) on behalf of queue `queue`, whose next job starts at
    /// `next_ns` or later: on the shared timeline, the queue blocks meanwhile.
    fn blocking<R>(&self, queue: u64, next_ns: u64, wait: impl FnOnce() -> R) -> R {
        let Some(timeline) = &self.timeline else {
            return wait();
        };
        timeline.queue_blocks(queue);
        let result = wait();
        timeline.queue_resumes(queue, next_ns);
        result
    }

    /// What a wavefront may execute.
    fn run_limits(&self) -> RunLimits {
        RunLimits {
            max_instructions_per_wavefront: self.settings.platform.max_wavefront_instructions,
        }
    }

    /// The settings the platform was built from.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The driver that owns the GPUs' memory.
    pub fn driver(&self) -> &Arc<Driver> {
        &self.driver
    }

    /// What the run did so far: the metrics report and the trace.
    pub fn metrics(&self) -> &Recorder {
        &self.metrics
    }

    /// The value of the report's row `what` at `location`, if there is one (for tests).
    #[cfg(test)]
    pub(crate) fn metric(&self, location: &str, what: &str) -> Option<f64> {
        let rows = self.metrics.rows();
        let found = rows
            .iter()
            .find(|m| m.location == location && m.what == what);
        found.map(|m| m.value)
    }

    /// Writes `line` on stderr without garbling the progress display.
    pub fn print_message(&self, line: &str) {
        match &self.progress {
            Some(board) => board.message(line),
            None => eprintln!("{line}"),
        }
    }

    /// Number of GPUs.
    pub fn gpu_count(&self) -> usize {
        self.devices.len()
    }

    /// Runs one kernel to completion on GPU `gpu`.
    pub fn run_kernel(&self, gpu: usize, d: &Dispatch<'_>) -> Result<KernelReport, KernelError> {
        let setup = |e: &dyn fmt::Display| KernelError::Setup(format!("kernel {}: {e}", d.kernel));
        let kernel = d
            .program
            .code_object()
            .kernel(d.kernel)
            .ok_or_else(|| KernelError::NoSuchKernel(d.kernel.to_string()))?;
        let code = d
            .program
            .kernel_code(gpu, d.kernel)
            .map_err(|e| setup(&e))?
            .ok_or_else(|| KernelError::NoSuchKernel(d.kernel.to_string()))?;
        let device = self.devices.get(gpu).ok_or_else(|| setup(&"no such GPU"))?;
        let workgroups = (0..3)
            .map(|i| u64::from(d.range.global_size[i].div_ceil(d.range.local_size[i].max(1))))
            .product();
        let split = match d.workgroup_split {
            Some(split) => Some(self.check_split(split, workgroups)?),
            None => None,
        };
        let _pinned = self.pin(gpu, d.buffers).map_err(|e| setup(&e))?;
        // Another queue's kernel on this GPU may hold it while it runs on the timeline.
        let mut device = match device.try_lock() {
            Ok(device) => device,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => self.blocking(d.queue, d.start_ns, || {
                device.lock().unwrap_or_else(|e| e.into_inner())
            }),
        };
        let fresh_copies = self.settings.platform.launch_copies_to_fresh_memory;
        let previous_start = self.last_starts[gpu].swap(d.start_ns, Ordering::Relaxed);
        if fresh_copies && d.queued_ns < previous_start {
            // MGPUSim's driver allocates a launch's copies when the host enqueues it and
            // counts every buffer as written by kernels once it has started one: the
            // copies of a launch enqueued before the previous one started are copies of
            // such buffers, and flush the caches (a launch enqueued after the host
            // waited for the previous one is not).
            self.host_copy(gpu);
        }
        let state = self.cache_states[gpu].swap(CacheState::Warm as u8, Ordering::Relaxed);
        if state == CacheState::Stale as u8
            && self.settings.platform.gpu.host_copies_invalidate_caches
        {
            if let Some(memory) = &device.timing {
                memory.empty_caches();
            }
        }

        let calls_printf = kernel
            .args()
            .iter()
            .any(|a| a.kind == ArgKind::HiddenPrintfBuffer);
        let printf_buffer = if calls_printf {
            self.printf_buffer(&mut device, gpu)
                .map_err(|e| setup(&e))?
        } else {
            0
        };
        let hidden = HiddenValues {
            printf_buffer,
            queue_address: device.queue_object.address(),
            dynamic_lds_bytes: d.group_segment_size
                - kernel
                    .descriptor
                    .group_segment_fixed_size
                    .min(d.group_segment_size),
        };
        let kernarg = dispatch::kernarg_segment(kernel, d.explicit_kernarg, &d.range, hidden);
        let base = d.program.load_base(gpu).map_err(|e| setup(&e))?;
        let image = &d.program.code_object().image.bytes;
        // In MGPUSim's order: the code, then the arguments (the packet follows).
        let (fetch_offset, kernarg_address) = if fresh_copies {
            let code_copy = self.fresh_copy(&mut device, gpu, image);
            let kernarg_copy = self.fresh_copy(&mut device, gpu, &kernarg);
            let code_copy = code_copy.map_err(|e| setup(&e))?;
            (
                code_copy.wrapping_sub(base),
                kernarg_copy.map_err(|e| setup(&e))?,
            )
        } else {
            let address = self
                .write_kernarg(&mut device, gpu, &kernarg)
                .map_err(|e| setup(&e))?;
            (0, address)
        };
        let private = kernel.descriptor.private_segment_fixed_size;
        let per_wave = scratch_bytes_per_wave(private).ok_or_else(|| KernelError::Launch {
            kernel: d.kernel.to_string(),
            error: LaunchError::PrivateSegmentTooLarge {
                bytes_per_work_item: u64::from(private),
                max_bytes_per_wavefront: MAX_SCRATCH_BYTES_PER_WAVE,
            },
        })?;
        let scratch_base = self
            .scratch(&mut device, gpu, per_wave)
            .map_err(|e| setup(&e))?;
        let mut descriptor = [0u8; 64];
        if let Some(bytes) = image
            .get(kernel.descriptor_address as usize..)
            .and_then(|b| b.get(..64))
        {
            descriptor.copy_from_slice(bytes);
        }
        let rsrc1 = kernel.descriptor.compute_pgm_rsrc1;
        let mut launch = KernelLaunch {
            name: d.kernel.to_string(),
            dimensions: d.range.dimensions,
            grid_size: d.range.global_size,
            workgroup_size: d.range.local_size,
            private_segment_size: private,
            group_segment_size: d.group_segment_size,
            kernel_object: base + kernel.descriptor_address,
            code_entry: code.entry_pc,
            kernel_descriptor: descriptor,
            kernarg_address,
            dispatch_packet_address: 0,
            completion_signal: 0,
            queue_address: device.queue_object.address(),
            vgprs_per_wavefront: rsrc1.allocated_vgprs(),
            sgprs_per_wavefront: rsrc1.allocated_sgprs(),
        };
        let packet = if fresh_copies {
            self.fresh_copy(&mut device, gpu, &launch.dispatch_packet())
                .map_err(|e| setup(&e))?
        } else {
            device
                .packet
                .write(gpu, 0, &launch.dispatch_packet())
                .map_err(|e| setup(&e))?;
            device.packet.address()
        };
        launch.dispatch_packet_address = packet;
        device.next_dispatch_id += 1;
        device.dispatches.register(
            packet,
            DispatchResources {
                code: Arc::new(code),
                scratch_base,
                scratch_bytes_per_wave: per_wave,
                dispatch_id: device.next_dispatch_id,
                fetch_offset,
                budget: Arc::new(InstructionBudget::new(
                    self.settings.platform.max_launch_instructions,
                    self.settings.platform.max_wavefront_instructions / FREE_SHARE,
                )),
            },
        );
        let device = &mut *device;
        let Some(model) = device.gpu.as_mut() else {
            let timeline = self
                .timeline
                .as_ref()
                .ok_or_else(|| setup(&"no GPU model"))?;
            let job = (launch, packet, calls_printf);
            return self.run_on_timeline(timeline, gpu, d, device, job);
        };
        model.split_work_groups(split);
        let buffers_moved = self.buffers_moved[gpu].swap(false, Ordering::Relaxed);
        if std::mem::take(&mut device.pages_moved) || buffers_moved {
            if let Some(memory) = &mut device.timing {
                memory.invalidate(model).map_err(|e| setup(&e))?;
            }
        }
        let load_before = model.engine().load();
        // The simulation proper runs where `simulate` says: GCNSIM_THREADS bounds
        // the host threads simulating, whatever the number of GPUs and queues.
        let (result, counts, (metrics, link_spans), engine) = self.simulate(|| {
            let shown = (&*device.dispatches, packet);
            let mut result = match (&self.timeline, &self.progress) {
                // A unified device's kernel shares the links with its host transfers.
                (Some(timeline), progress) => {
                    let slot = &mut device.gpu;
                    let mut run =
                        |launch| run_unified(timeline, (d.queue, gpu, d.start_ns), slot, launch);
                    match progress {
                        None => run(launch),
                        Some(board) => {
                            let at = (gpu, self.settings.mode);
                            progress::run_bracketed(board, at, shown, launch, run)
                        }
                    }
                }
                (None, progress) => {
                    let model = device.gpu.as_mut().expect("a GPU model");
                    match progress {
                        None => model.run_kernel(launch),
                        Some(board) => progress::run_shown(
                            board,
                            gpu,
                            self.settings.mode,
                            model,
                            shown,
                            launch,
                        ),
                    }
                }
            };
            let model = device.gpu.as_mut().expect("a GPU model, handed back");
            let counts = device.dispatches.finish(packet);
            let metrics = match (&mut device.timing, &result) {
                (Some(memory), Ok(_) | Err(LaunchError::Execution(_))) => {
                    match memory.flush(model) {
                        Ok(outputs) => outputs,
                        Err(e) => {
                            result = Err(LaunchError::Execution(Box::new(ExecutionError {
                                workgroup: [0; 3],
                                wavefront: None,
                                pc: None,
                                message: format!("kernel {}: {e}", d.kernel),
                            })));
                            Default::default()
                        }
                    }
                }
                _ => Default::default(),
            };
            let engine = model.engine().load() - load_before;
            (result, counts, metrics, engine)
        });
        match result {
            Ok(run) => {
                let spans = device.tracer.as_ref().map(|t| t.take());
                let printf_output = self.printf_of(device, gpu, d, calls_printf)?;
                // Only traced runs keep the links' busy times.
                let link_spans = if self.metrics.tracing() {
                    link_spans
                } else {
                    Vec::new()
                };
                Ok(KernelReport {
                    metrics,
                    link_spans,
                    printf_output,
                    engine,
                    ..KernelReport::new(&run, counts, spans.unwrap_or_default())
                })
            }
            Err(error) => {
                if error == LaunchError::Stalled {
                    // The front end's state is undefined after a stall: start afresh.
                    *device = self.new_device(gpu).map_err(|e| setup(&e))?;
                }
                Err(KernelError::Launch {
                    kernel: d.kernel.to_string(),
                    error,
                })
            }
        }
    }

    /// Runs `launch` (its packet at `packet`; `calls_printf`) of `d` on GPU `gpu` of the
    /// shared timeline, `device` being the GPU's state.
    fn run_on_timeline(
        &self,
        timeline: &Timeline,
        gpu: usize,
        d: &Dispatch<'_>,
        device: &mut Device,
        (launch, packet, calls_printf): (KernelLaunch, u64, bool),
    ) -> Result<KernelReport, KernelError> {
        let outcome = timeline.run(d.queue, gpu, d.start_ns, timeline::Job::Kernel(launch));
        let timeline::Outcome::Kernel {
            run,
            flush,
            metrics,
            engine,
            messages,
        } = outcome
        else {
            unreachable!("a kernel's job comes to a kernel's outcome");
        };
        for (start_ns, traffic) in messages {
            self.metrics.record_links(gpu, start_ns, traffic);
        }
        let counts = device.dispatches.finish(packet);
        let run = match (run, flush) {
            (Ok(_) | Err(LaunchError::Execution(_)), Err(e)) => {
                Err(LaunchError::Execution(Box::new(ExecutionError {
                    workgroup: [0; 3],
                    wavefront: None,
                    pc: None,
                    message: format!("kernel {}: {e}", d.kernel),
                })))
            }
            (run, _) => run,
        };
        let run = run.map_err(|error| KernelError::Launch {
            kernel: d.kernel.to_string(),
            error,
        })?;
        let printf_output = self.printf_of(device, gpu, d, calls_printf)?;
        Ok(KernelReport {
            metrics,
            printf_output,
            engine,
            ..KernelReport::new(&run, counts, Vec::new())
        })
    }

    /// What the launch `d` on GPU `gpu` printed, if it `calls_printf`.
    fn printf_of(
        &self,
        device: &Device,
        gpu: usize,
        d: &Dispatch<'_>,
        calls_printf: bool,
    ) -> Result<Vec<u8>, KernelError> {
        if !calls_printf {
            return Ok(Vec::new());
        }
        let formats = &d.program.code_object().printf_formats;
        self.printf_output(device, gpu, formats)
            .map_err(|e| KernelError::Setup(format!("kernel {}: {e}", d.kernel)))
    }

    /// `split` (work-groups per GPU) checked against a launch of `workgroups` on a device
    /// of the platform: one count per GPU of the device at most, adding up to the launch.
    fn check_split(&self, split: &[u64], workgroups: u64) -> Result<Vec<u64>, KernelError> {
        let platform = &self.settings.platform;
        let gpus = if platform.unified_gpus {
            platform.gpu_count
        } else {
            1
        };
        if split.len() > gpus {
            return Err(KernelError::Setup(format!(
                "the work-group split names {} GPUs; the device has {gpus}",
                split.len()
            )));
        }
        let sum = split.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        if sum != Some(workgroups) {
            return Err(KernelError::Setup(format!(
                "the work-group split adds up to {}, the launch has {workgroups} work-groups",
                sum.map_or("more than 2^64".to_string(), |s| s.to_string())
            )));
        }
        Ok(split.to_vec())
    }

    /// Puts the pages of `bytes` bytes at `address` of device `gpu` (a unified device) on
    /// its GPU number `member` (the Locality API); returns how many pages changed GPU.
    /// The data stays as it is; the device's caches and TLBs are emptied before its next
    /// kernel if any page moved. The next command of the device starts once the pages
    /// that hold data have crossed the links (see [`Platform::move_buffers`]).
    pub fn place_pages(
        &self,
        gpu: usize,
        address: u64,
        bytes: u64,
        member: usize,
    ) -> Result<u64, DriverError> {
        let memory = self.driver.gpu(gpu)?;
        let page = self.driver.page_bytes();
        let first = address / page * page;
        let pages = (address + bytes.max(1)).div_ceil(page) - first / page;
        // Not while a kernel of the device runs.
        let mut device = self
            .devices
            .get(gpu)
            .map(|d| d.lock().unwrap_or_else(|e| e.into_inner()));
        let mut crossing: Vec<(usize, usize, u64)> = Vec::new();
        for vpn in first / page..first / page + pages {
            let from = memory.home_of(vpn * page);
            if from == member || !memory.is_mapped(vpn * page) {
                continue;
            }
            match crossing.iter_mut().find(|c| c.0 == from) {
                Some(c) => c.2 += page,
                None => crossing.push((from, member, page)),
            }
        }
        let moved = memory.place(first, pages, member)?;
        if let Some(placements) = self.placements.get(gpu) {
            placements
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(crossing);
        }
        if let Some(device) = device.as_mut() {
            device.pages_moved |= moved > 0;
        }
        Ok(moved)
    }

    /// Notes a host copy to or from GPU `gpu`: after a kernel, its caches are to be
    /// emptied before the next one.
    fn host_copy(&self, gpu: usize) {
        if let Some(state) = self.cache_states.get(gpu) {
            let _ = state.compare_exchange(
                CacheState::Warm as u8,
                CacheState::Stale as u8,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    /// Keeps `buffers` resident on `gpu` until the returned guards are dropped; locked in
    /// address order so that two launches on different GPUs cannot deadlock.
    fn pin<'b>(
        &self,
        gpu: usize,
        buffers: &'b [Arc<Buffer>],
    ) -> Result<Vec<crate::driver::Pinned<'b>>, crate::driver::DriverError> {
        let mut sorted: Vec<&Arc<Buffer>> = buffers.iter().collect();
        sorted.sort_by_key(|b| b.address());
        sorted.dedup_by_key(|b| b.address());
        sorted.into_iter().map(|b| b.pin(gpu)).collect()
    }

    /// A new buffer in GPU `gpu`'s arena, resident on it, holding `bytes`.
    fn gpu_buffer_with(&self, gpu: usize, bytes: &[u8]) -> Result<Arc<Buffer>, DriverError> {
        let buffer = self
            .driver
            .create_buffer_in(Arena::Gpu(gpu), bytes.len().max(1) as u64)?;
        buffer.write(gpu, 0, bytes)?;
        Ok(buffer)
    }

    /// Copies `bytes` into GPU memory of their own (whole pages, as MGPUSim's driver
    /// allocates), kept for the device's life; returns their address. On a unified device
    /// every GPU gets the copy in its own memory
    /// ([`GpuMemory::replicate`](crate::driver::GpuMemory::replicate)), as MGPUSim's
    /// driver copies the code, the arguments and the packet into each GPU's memory before
    /// a launch (`enqueueLaunchUnifiedKernel`, `driver/kernel.go`).
    fn fresh_copy(
        &self,
        device: &mut Device,
        gpu: usize,
        bytes: &[u8],
    ) -> Result<u64, DriverError> {
        let pages = (bytes.len().max(1) as u64).next_multiple_of(self.driver.page_bytes());
        let mut padded = bytes.to_vec();
        padded.resize(pages as usize, 0);
        let copy = self.gpu_buffer_with(gpu, &padded)?;
        let address = copy.address();
        self.driver.gpu(gpu)?.replicate(address, copy.size());
        device.launch_copies.push(copy);
        Ok(address)
    }

    /// Writes `kernarg` into the device's kernarg segment (zeroing what the previous
    /// launch left beyond it) and returns its address; the segment is replaced by a
    /// larger one first if it is too small.
    fn write_kernarg(
        &self,
        device: &mut Device,
        gpu: usize,
        kernarg: &[u8],
    ) -> Result<u64, DriverError> {
        if (device.kernarg.size() as usize) < kernarg.len() {
            let bytes = (kernarg.len() as u64).next_multiple_of(self.driver.page_bytes());
            device.kernarg = self.gpu_buffer_with(gpu, &vec![0; bytes as usize])?;
            device.kernarg_written = 0;
        }
        let mut bytes = kernarg.to_vec();
        bytes.resize(kernarg.len().max(device.kernarg_written), 0);
        device.kernarg.write(gpu, 0, &bytes)?;
        device.kernarg_written = kernarg.len();
        Ok(device.kernarg.address())
    }

    /// The printf buffer of GPU `gpu`, emptied for a launch: its address.
    fn printf_buffer(&self, device: &mut Device, gpu: usize) -> Result<u64, DriverError> {
        if device.printf.is_none() {
            let buffer = self
                .driver
                .create_buffer_in(Arena::Gpu(gpu), printf::PRINTF_BUFFER_BYTES)?;
            device.printf = Some(buffer);
        }
        let buffer = device.printf.as_ref().expect("made above");
        buffer.write(gpu, 0, &printf::buffer_header())?;
        Ok(buffer.address())
    }

    /// The text the launch's printf calls wrote to GPU `gpu`'s printf buffer.
    fn printf_output(
        &self,
        device: &Device,
        gpu: usize,
        formats: &[PrintfFormat],
    ) -> Result<Vec<u8>, DriverError> {
        let Some(buffer) = device.printf.as_ref() else {
            return Ok(Vec::new());
        };
        let mut header = printf::buffer_header();
        buffer.read(gpu, 0, &mut header)?;
        let end = printf::used_bytes(&header).min(printf::PRINTF_BUFFER_BYTES as usize - 8);
        let mut records = vec![0u8; end];
        buffer.read(gpu, 8, &mut records)?;
        Ok(printf::format_records(&records, formats))
    }

    /// Base of a scratch area with `per_wave` bytes for every wavefront slot of the GPU
    /// (0 when the kernel needs none), reusing the previous launch's when large enough.
    /// Its pages take memory only when first touched: only the wavefronts that run use
    /// theirs, so a large private segment costs what the launch's wavefronts use.
    fn scratch(&self, device: &mut Device, gpu: usize, per_wave: u32) -> Result<u64, DriverError> {
        if per_wave == 0 {
            return Ok(0);
        }
        let g = self.settings.platform.device_config();
        let slots = u64::from(g.compute_units * g.simds_per_cu * g.wavefront_slots_per_simd);
        let needed = u64::from(per_wave) * slots;
        if let Some(scratch) = device.scratch.as_ref().filter(|s| s.size() >= needed) {
            return Ok(scratch.address());
        }
        device.scratch = None;
        let scratch = self.driver.create_scratch(gpu, needed)?;
        let address = scratch.address();
        device.scratch = Some(scratch);
        Ok(address)
    }

    /// A fresh front end and queue object for GPU `gpu`: functional compute units, or
    /// in timing mode the timing model with its memory hierarchy.
    fn new_device(&self, gpu: usize) -> Result<Device, PlatformError> {
        let dispatches = Arc::new(DispatchTable::default());
        let limits = self.run_limits();
        let (mut gpu_model, timing) = if self.settings.shared_timeline() {
            (None, None)
        } else if self.settings.mode == Mode::Timing {
            let pool = self.model_pool();
            let platform = &self.settings.platform;
            let (gpu_model, memory) = if platform.unified_gpus {
                timing::unified_timing_gpu(
                    platform,
                    self.driver.clone(),
                    dispatches.clone(),
                    limits,
                    pool,
                )
            } else {
                timing::timing_gpu(
                    platform,
                    gpu,
                    self.driver.clone(),
                    dispatches.clone(),
                    limits,
                    pool,
                )
            };
            if let (Some(timeline), Some(coupling)) = (&self.timeline, memory.coupling()) {
                timeline.couple(coupling.clone());
            }
            (Some(gpu_model), Some(memory))
        } else {
            (Some(self.functional_gpu(gpu, &dispatches, limits)), None)
        };
        // (Work-groups on the shared timeline are not traced.)
        let tracer = gpu_model
            .as_mut()
            .filter(|_| self.metrics.tracing())
            .map(|model| {
                let compute_units = model.compute_units();
                WorkGroupTracer::attach(model.engine_mut(), &compute_units)
            });
        let memory = |what: &str, bytes: &[u8]| {
            self.gpu_buffer_with(gpu, bytes)
                .map_err(|e| PlatformError(format!("GPU {gpu}: cannot create its {what}: {e}")))
        };
        let queue_object = memory("queue", &dispatch::queue_object())?;
        let page = vec![0; self.driver.page_bytes() as usize];
        let kernarg = memory("kernarg segment", &page)?;
        let packet = memory("dispatch packet", &[0; 64])?;
        Ok(Device {
            gpu: gpu_model,
            tracer,
            dispatches,
            queue_object,
            kernarg,
            kernarg_written: 0,
            packet,
            launch_copies: Vec::new(),
            scratch: None,
            printf: None,
            next_dispatch_id: 0,
            timing,
            pages_moved: false,
        })
    }

    /// Runs `simulation` where simulations run (see [`Platform`]): on the pool, or with
    /// one thread on the calling thread, one at a time.
    fn simulate<R: Send>(&self, simulation: impl FnOnce() -> R + Send) -> R {
        if self.pool.current_num_threads() > 1 {
            return self.pool.install(simulation);
        }
        let _turn = self.one_at_a_time.lock().unwrap_or_else(|e| e.into_inner());
        simulation()
    }

    /// The pool a GPU's model hands simultaneous work to: none with one thread, which
    /// gains nothing from handing it out.
    fn model_pool(&self) -> Option<Arc<rayon::ThreadPool>> {
        (self.pool.current_num_threads() > 1).then(|| self.pool.clone())
    }

    /// GPU `gpu`'s front end with functional compute units (their work-groups on the
    /// thread pool, with more than one thread).
    fn functional_gpu(&self, gpu: usize, table: &Arc<DispatchTable>, limits: RunLimits) -> Gpu {
        let config = &self.settings.platform.device_config();
        let pool = self.model_pool();
        let driver = self.driver.clone();
        Gpu::builder(config)
            .name(format!("gpu{gpu}"))
            .workgroups_per_cycle(u32::MAX)
            .thread_pool(pool.clone())
            // The dispatcher hands neighbouring work-groups (which mostly touch the same
            // pages) to neighbouring compute units: on one thread, each thread
            // translates and touches pages the other mostly does not.
            .sharing(Sharing::Blocks)
            .build(|site| {
                let emulator = WorkGroupEmulator::new(
                    driver.clone(),
                    gpu,
                    table.clone(),
                    site.config.simds_per_cu,
                    site.config.wavefront_slots_per_simd,
                    limits,
                );
                Box::new(FunctionalCu::new(
                    emulator,
                    site.dispatch_port,
                    pool.clone(),
                ))
            })
    }
}

/// Runs a unified device's kernel `launch` of queue `queue` on device `gpu` from
/// `start_ns` on `timeline`, the timeline of the device's host links, handing it the
/// device's engine (from `model`, where it is put back): the kernel's traffic between the
/// GPUs shares the links with the host transfers that overlap it.
fn run_unified(
    timeline: &Timeline,
    (queue, gpu, start_ns): (u64, usize, u64),
    model: &mut Option<Gpu>,
    launch: KernelLaunch,
) -> Result<KernelRun, LaunchError> {
    let Some(engine) = model.take() else {
        return Err(LaunchError::Stalled);
    };
    let job = timeline::Job::Unified(Box::new(engine), launch);
    let timeline::Outcome::Unified(engine, run) = timeline.run(queue, gpu, start_ns, job) else {
        unreachable!("a unified device's kernel comes to its outcome");
    };
    *model = Some(*engine);
    run
}
