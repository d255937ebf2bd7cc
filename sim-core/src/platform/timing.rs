//! The timing-mode GPU (`GCNSIM_MODE=timing`): the front end, timing compute units and the
//! memory hierarchy on one engine per GPU, and the L2 flush that follows each kernel.
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

use crate::config::PlatformConfig;
use crate::driver::Driver;
use crate::emu::{DispatchTable, RunLimits};
use crate::engine::{Clock, Endpoint, Engine, PortRef};
use crate::gpu::{Gpu, Message};
use crate::timing::cu::{ComputeUnit, CuPorts, CuSettings};
use crate::timing::{
    add_gpu_memory, CacheReset, MemRequest, MemoryMessage, Metric, MetricsCollector, PageWalker,
    IOMMU_PORT_CAPACITY, PORT_CAPACITY,
};
use std::sync::Arc;

/// What the platform keeps of a timing-mode GPU besides its [`Gpu`]: the driver's port
/// into the memory hierarchy (at the DMA engine) and the metrics hooks.
pub(super) struct TimingMemory {
    flush_port: PortRef,
    cache_reset: CacheReset,
    metrics: MetricsCollector,
    next_flush: u64,
    /// Whether caches and TLBs keep their lines and translations from one kernel to the
    /// next (one GPU: pages never move).
    keep_warm: bool,
}

impl TimingMemory {
    /// Empties every cache of the GPU (between kernels, after [`TimingMemory::flush`]).
    pub(super) fn empty_caches(&self) {
        self.cache_reset.reset();
    }

    /// Writes the GPU's dirty L2 lines back (after a kernel), then returns the
    /// hierarchy's metrics gathered since the last call.
    ///
    /// As in MGPUSim, whose driver flushes caches only around copies of data a kernel
    /// wrote and never drops translations, the next kernel finds the caches (clean) and
    /// TLBs warm on a platform of one GPU. (gcnsim's values come from the functional
    /// model, so clean lines never go stale in a way that matters, and the written-back
    /// bytes make memory current for the host.) With several GPUs a buffer's pages can
    /// move to another GPU between kernels, so the lines and translations are dropped.
    pub(super) fn flush(&mut self, gpu: &mut Gpu) -> Result<Vec<Metric>, String> {
        self.next_flush += 1;
        let request = if self.keep_warm {
            MemRequest::write_back(self.next_flush)
        } else {
            MemRequest::flush(self.next_flush)
        };
        let request = MemoryMessage::Request(request);
        let engine = gpu.engine_mut();
        if engine.send(self.flush_port, request.into()).is_err() {
            return Err("the DMA engine's port is full".into());
        }
        if !engine.run_until_arrival(self.flush_port) {
            return Err("the L2 flush never finished".into());
        }
        match engine.retrieve(self.flush_port) {
            Some(Message::Memory(MemoryMessage::Response(r))) => match r.result {
                Ok(_) => Ok(self.metrics.take_metrics()),
                Err(e) => Err(format!("the L2 flush failed: {e}")),
            },
            other => Err(format!("the L2 flush was answered with {other:?}")),
        }
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
    let settings = CuSettings {
        driver,
        gpu,
        dispatches,
        simds: config.simds_per_cu,
        slots_per_simd: config.wavefront_slots_per_simd,
        limits,
        pipeline: config.cu.clone(),
    };
    let gpu_model = Gpu::builder(config)
        .name(format!("gpu{gpu}"))
        .thread_pool(pool)
        .build_on(engine, |site| {
            let i = site.index;
            let mut link = |name: &str, to: PortRef| {
                let port = site.engine.add_port(site.id, name, PORT_CAPACITY);
                site.engine.connect(port, to, 0);
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
        });
    (
        gpu_model,
        TimingMemory {
            flush_port,
            cache_reset: memory.cache_reset.clone(),
            metrics,
            next_flush: 0,
            keep_warm: platform.gpu_count == 1,
        },
    )
}
