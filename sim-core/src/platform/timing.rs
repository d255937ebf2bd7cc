//! The timing-mode GPU (`GCNSIM_MODE=timing`): the front end, timing compute units and the
//! memory hierarchy on one engine per GPU (or, for a unified device, all GPUs with the
//! links between them on one engine), and the L2 flush that follows each kernel.
//!
//! Each GPU has its own engine, so the IOMMU cannot be one component shared by all GPUs
//! as in [`add_platform_memory`](crate::timing::add_platform_memory): each GPU gets its
//! own page walker (`gpuN.iommu`) reading the driver's page tables, with the platform's
//! walk latency and walker count. A kernel's buffers are kept resident on its GPU while
//! it runs, so no request needs another GPU's memory (the GPUs' crossbars have no peers).
//! The engine runs the components of a step on the platform's thread pool: timing
//! compute units execute their memory instructions functionally in the step's in-order
//! phase (see [`ComputeUnit`]), so racing stores and atomics of different compute units
//! end in the same order at any thread count.

use crate::config::{GpuConfig, PageMigration, PlatformConfig};
use crate::driver::Driver;
use crate::emu::{DispatchTable, RunLimits};
use crate::engine::{Clock, Endpoint, Engine, PortRef};
use crate::gpu::{Gpu, GpuParts, Message};
use crate::metrics::{fabric_rows, link_spans, LinkSpan};
use crate::timing::cu::{ComputeUnit, CuPorts, CuSettings};
use crate::timing::{
    add_gpu_memory, add_platform_memory, CacheReset, FabricStats, GpuMemoryParts, LinkCoupling,
    MemRequest, MemoryMessage, Metric, MetricsCollector, PageWalker, PlatformMemoryParts,
    IOMMU_PORT_CAPACITY, PORT_CAPACITY,
};
use std::sync::Arc;

/// What the platform keeps of a timing-mode GPU besides its [`Gpu`]: the driver's ports
/// into the memory hierarchy (at each GPU's DMA engine) and the metrics hooks.
pub(super) struct TimingMemory {
    flush_ports: Vec<PortRef>,
    cache_reset: Vec<CacheReset>,
    tlb_reset: Vec<CacheReset>,
    metrics: MetricsCollector,
    /// What the links between the GPUs of a unified device carried.
    fabric: Option<FabricStats>,
    /// A unified device's links between its GPUs, to share with its host transfers.
    coupling: Option<LinkCoupling>,
    next_flush: u64,
    /// Whether caches and TLBs keep their lines and translations from one kernel to the
    /// next (all but a unified device whose pages migrate during kernels).
    keep_warm: bool,
    /// Whether pages move between the GPUs during kernels (a unified device with page
    /// migration): every kernel then starts with empty caches and TLBs.
    pages_migrate: bool,
}

impl TimingMemory {
    /// A unified device's links between its GPUs, to share with its host transfers
    /// (see [`LinkCoupling`]).
    pub(super) fn coupling(&self) -> Option<&LinkCoupling> {
        self.coupling.as_ref()
    }

    /// Empties every cache of the GPU (between kernels, after [`TimingMemory::flush`]).
    pub(super) fn empty_caches(&self) {
        for reset in &self.cache_reset {
            reset.reset();
        }
    }

    /// Writes the GPU's dirty L2 lines back (after a kernel), then returns the
    /// hierarchy's metrics gathered since the last call.
    ///
    /// As in MGPUSim, whose driver flushes caches only around copies of data a kernel
    /// wrote and never drops translations, the next kernel finds the caches (clean) and
    /// TLBs warm. (gcnsim's values come from the functional model, so clean lines never
    /// go stale in a way that matters, and the written-back bytes make memory current
    /// for the host.) A discrete GPU drops them only when a buffer moved onto or off it
    /// ([`TimingMemory::invalidate`] before its next kernel); a unified device's, when
    /// pages migrate during kernels.
    pub(super) fn flush(&mut self, gpu: &mut Gpu) -> Result<(Vec<Metric>, Vec<LinkSpan>), String> {
        let request = if self.keep_warm {
            MemRequest::write_back
        } else {
            MemRequest::flush
        };
        self.send_to_every_gpu(gpu, request)?;
        if self.pages_migrate {
            self.empty_caches();
            self.empty_tlbs();
        }
        gpu.engine_mut().flush_hooks();
        let mut metrics = self.metrics.take_metrics();
        let mut spans = Vec::new();
        if let Some(stats) = &self.fabric {
            let traffic = stats.take();
            spans = link_spans(&traffic, 0);
            metrics.extend(fabric_rows("fabric", traffic));
        }
        Ok((metrics, spans))
    }

    /// Drops every cached line and translation of the GPU(s) (after pages moved between
    /// the GPUs of a unified device: translations name the GPU a page was on). The
    /// caches are clean, as every kernel is followed by a [`TimingMemory::flush`].
    pub(super) fn invalidate(&mut self, gpu: &mut Gpu) -> Result<(), String> {
        self.send_to_every_gpu(gpu, MemRequest::flush)?;
        self.empty_tlbs();
        Ok(())
    }

    /// Drops the translations of every TLB (the compute units' L1 TLBs too, which the
    /// flushes through the DMA engines do not reach).
    fn empty_tlbs(&self) {
        for reset in &self.tlb_reset {
            reset.reset();
        }
    }

    /// Sends `request` (with a fresh id) to each GPU's DMA engine and waits for all
    /// answers.
    fn send_to_every_gpu(
        &mut self,
        gpu: &mut Gpu,
        request: fn(u64) -> MemRequest,
    ) -> Result<(), String> {
        let engine = gpu.engine_mut();
        for &port in &self.flush_ports {
            self.next_flush += 1;
            let request = MemoryMessage::Request(request(self.next_flush));
            if engine.send(port, request.into()).is_err() {
                return Err("the DMA engine's port is full".into());
            }
        }
        for &port in &self.flush_ports {
            if !engine.run_until_arrival(port) {
                return Err("the L2 flush never finished".into());
            }
            match engine.retrieve(port) {
                Some(Message::Memory(MemoryMessage::Response(r))) => {
                    if let Err(e) = r.result {
                        return Err(format!("the L2 flush failed: {e}"));
                    }
                }
                other => return Err(format!("the L2 flush was answered with {other:?}")),
            }
        }
        Ok(())
    }
}

/// GPU `gpu` of `platform` with timing compute units and its memory hierarchy, running
/// the dispatches registered in `dispatches`; the simultaneous events of its engine run
/// on `pool` when there is one.
pub(super) fn timing_gpu(
    platform: &PlatformConfig,
    gpu: usize,
    driver: Arc<Driver>,
    dispatches: Arc<DispatchTable>,
    limits: RunLimits,
    pool: Option<Arc<rayon::ThreadPool>>,
) -> (Gpu, TimingMemory) {
    let config = &platform.gpu;
    let clock = Clock::from_mhz(config.clock_mhz);
    let mut engine = Engine::<Message>::new();
    let iommu = engine.add_component(format!("gpu{gpu}.iommu"), clock);
    let iommu_port = engine.add_port(iommu, "l2tlb", IOMMU_PORT_CAPACITY);
    engine.install(
        iommu,
        Box::new(PageWalker::new(
            driver.clone(),
            vec![iommu_port.port],
            clock.cycles(platform.page_walk_latency_cycles.into()),
            platform.page_walkers as usize,
        )),
    );
    let memory = add_gpu_memory(&mut engine, config, gpu, driver.clone(), iommu_port, &[]);
    let host = engine.add_component(format!("gpu{gpu}.driver"), clock);
    let flush_port = engine.add_port(host, "dma", PORT_CAPACITY);
    engine.install(host, Box::new(Endpoint));
    engine.connect(flush_port, memory.dma, 0);
    let metrics = MetricsCollector::new();
    let observed = memory.components.iter().copied().chain([iommu]);
    metrics.attach(&mut engine, observed);
    let settings = cu_settings(config, gpu, driver, dispatches, limits);
    let parts = add_timing_front_end(&mut engine, config, 0, &memory, settings, &metrics);
    engine.set_thread_pool(pool);
    (
        Gpu::of_members(engine, vec![parts]),
        TimingMemory {
            flush_ports: vec![flush_port],
            cache_reset: vec![memory.cache_reset.clone()],
            tlb_reset: vec![memory.tlb_reset.clone()],
            metrics,
            fabric: None,
            coupling: None,
            next_flush: 0,
            keep_warm: true,
            pages_migrate: false,
        },
    )
}

/// The GPUs of `platform` as one unified device, on one engine: each GPU's timing compute
/// units and memory hierarchy, the IOMMU they share and the PCIe links between the host
/// and each GPU and between every two GPUs (see
/// [`add_platform_memory`](crate::timing::add_platform_memory)). A compute unit's request
/// for a page another GPU holds leaves its GPU's crossbar over the link between the two
/// and is served by that GPU's L2 and DRAM.
pub(super) fn unified_timing_gpu(
    platform: &PlatformConfig,
    driver: Arc<Driver>,
    dispatches: Arc<DispatchTable>,
    limits: RunLimits,
    pool: Option<Arc<rayon::ThreadPool>>,
) -> (Gpu, TimingMemory) {
    let pages_migrate = platform.page_migration != PageMigration::Off;
    let (gpu, memory, metrics) =
        platform_engine(platform, driver, |_| dispatches.clone(), limits, pool);
    let coupling = memory.links.coupling();
    memory.links.couple(coupling.clone());
    (
        gpu,
        TimingMemory {
            flush_ports: memory.host.clone(),
            cache_reset: memory.gpus.iter().map(|g| g.cache_reset.clone()).collect(),
            tlb_reset: memory.gpus.iter().map(|g| g.tlb_reset.clone()).collect(),
            metrics,
            fabric: Some(memory.fabric_stats.clone()),
            coupling: Some(coupling),
            next_flush: 0,
            keep_warm: !pages_migrate,
            pages_migrate,
        },
    )
}

/// All GPUs of `platform` on one engine, with the memory system of
/// [`add_platform_memory`](crate::timing::add_platform_memory) (one IOMMU, the PCIe links
/// to the host, the fabric between the GPUs): GPU `g`'s compute units run the dispatches
/// of `dispatches(g)`. Returns the GPUs, where the memory system sits and the metrics
/// hooks attached to every component.
pub(super) fn platform_engine(
    platform: &PlatformConfig,
    driver: Arc<Driver>,
    dispatches: impl Fn(usize) -> Arc<DispatchTable>,
    limits: RunLimits,
    pool: Option<Arc<rayon::ThreadPool>>,
) -> (Gpu, PlatformMemoryParts, MetricsCollector) {
    let config = &platform.gpu;
    let mut engine = Engine::<Message>::new();
    let memory = add_platform_memory(&mut engine, platform, driver.clone());
    let metrics = MetricsCollector::new();
    metrics.attach(&mut engine, memory.components());
    let members = memory
        .gpus
        .iter()
        .enumerate()
        .map(|(gpu, parts)| {
            let settings = cu_settings(config, gpu, driver.clone(), dispatches(gpu), limits);
            let first_cu = gpu as u32 * config.compute_units;
            add_timing_front_end(&mut engine, config, first_cu, parts, settings, &metrics)
        })
        .collect();
    engine.set_thread_pool(pool);
    (Gpu::of_members(engine, members), memory, metrics)
}

/// What the timing compute units of GPU `gpu` (of `config`) run by.
fn cu_settings(
    config: &GpuConfig,
    gpu: usize,
    driver: Arc<Driver>,
    dispatches: Arc<DispatchTable>,
    limits: RunLimits,
) -> CuSettings {
    CuSettings {
        driver,
        gpu,
        dispatches,
        simds: config.simds_per_cu,
        slots_per_simd: config.wavefront_slots_per_simd,
        limits,
        pipeline: config.cu.clone(),
    }
}

/// Answers each memory port of a timing compute unit holds. They arrive at the unit's
/// cycle edges and wait there until it takes them all at the start of its cycle, so this
/// bounds the answers it can take in one cycle. MGPUSim's compute units take theirs
/// through reorder buffers of 128 (`samples/runner/shaderarray.go`,
/// `WithBufferSize(128)`, one per compute unit's vector path, one per shader array's
/// scalar and instruction paths), which absorb a burst of answers without holding back
/// the caches; so do these.
const CU_ANSWER_BUFFER: usize = 128;

/// Adds the front end and timing compute units of GPU `settings.gpu` to `engine`, linked
/// to its memory hierarchy `memory`, with the metrics hooks of `metrics`; its compute
/// units are numbered from `first_cu` across the device.
fn add_timing_front_end(
    engine: &mut Engine<Message>,
    config: &GpuConfig,
    first_cu: u32,
    memory: &GpuMemoryParts,
    settings: CuSettings,
    metrics: &MetricsCollector,
) -> GpuParts {
    Gpu::builder(config)
        .name(format!("gpu{}", settings.gpu))
        .first_compute_unit(first_cu)
        .add_to(engine, |site| {
            let i = site.index;
            let mut link = |name: &str, to: PortRef| {
                let port = site.engine.add_port(site.id, name, CU_ANSWER_BUFFER);
                site.engine.connect(port, to, 0);
                // The unit takes the memory system's answers at its next cycle.
                site.engine.deliver_at_edges(port);
                port.port
            };
            let ports = CuPorts {
                dispatch: site.dispatch_port,
                vector: link("vector", memory.vector[i]),
                scalar: link("scalar", memory.scalar[i]),
                instruction: link("instruction", memory.instruction[i]),
            };
            // The compute unit's own counts (wavefront instructions, per-SIMD
            // instructions and busy cycles) and its work-groups' latencies.
            metrics.attach(site.engine, [site.id]);
            Box::new(ComputeUnit::new(ports, settings.clone()))
        })
}
