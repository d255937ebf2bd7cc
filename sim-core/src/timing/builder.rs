//! Assembling the memory hierarchy of a platform on an engine: the IOMMU shared by all
//! GPUs, each GPU's TLBs, caches, crossbars and DRAM controllers, its DMA engine and the
//! PCIe links to the host.

use super::fabric::{FabricLinks, Node};
use super::migration::MigrationPolicy;
use super::migration_procedure::DriverProcedure;
use super::page_walker::Migrations;
use super::switches::SwitchNetwork;
use super::{Cache, CacheReset};
use super::{
    CacheGeometry, CarriesMemory, Crossbar, DmaEngine, DramController, DramTiming, Fabric,
    FabricStats, PageWalker, PcieLink, Tlb, TlbGeometry, Topology, WritePolicy,
};
use crate::config::{
    CacheConfig, DiscreteTimeline, GpuConfig, LinkModel, MigrationProcedure, PlatformConfig,
    TlbConfig,
};
use crate::driver::Driver;
use crate::engine::{Clock, ComponentId, Endpoint, Engine, Port, PortRef, PS_PER_NS};
use std::sync::Arc;

/// Messages every memory port buffers.
pub const PORT_CAPACITY: usize = 8;

/// Capacity of the ports at both ends of the link between an L2 TLB and the IOMMU.
/// A port's capacity also bounds the messages in flight towards it, and this link is
/// long (two PCIe switches each way): MGPUSim's MMU takes 4,096 requests at its top port
/// and its L2 TLB as many answers as it looks up per cycle (1,024), so translations are
/// not throttled there. (With 8, at most 8 walks could be on their way at once: a
/// 1,024² matrix transpose, whose 2,051 walks then went 8 at a time over 294 cycles,
/// took twice MGPUSim's time.)
pub const IOMMU_PORT_CAPACITY: usize = 4096;

/// Pieces of a transfer the DMA engine keeps in flight.
const DMA_IN_FLIGHT: usize = 64;

/// Where one GPU's memory hierarchy sits in an engine: the ports a compute unit and the
/// host plug into (each to be linked with [`Engine::connect`], latency 0), and its
/// components.
#[derive(Debug, Clone)]
pub struct GpuMemoryParts {
    /// Per compute unit: its vector memory port (at its L1 TLB, in front of its L1 vector
    /// cache). Takes [`MemRequest`](super::MemRequest)s at virtual addresses.
    pub vector: Vec<PortRef>,
    /// Per compute unit: its scalar memory port (at its shader array's scalar TLB, in
    /// front of the L1 scalar cache).
    pub scalar: Vec<PortRef>,
    /// Per compute unit: its instruction fetch port (at its shader array's L1
    /// instruction cache, whose misses pass the instruction TLB).
    pub instruction: Vec<PortRef>,
    /// The DMA engine's port: transfers of any length at virtual addresses.
    pub dma: PortRef,
    /// Per other GPU: the crossbar's port toward it, to be linked to the fabric.
    pub peers: Vec<(usize, PortRef)>,
    /// Every component of the hierarchy (e.g. to attach a
    /// [`MetricsCollector`](super::MetricsCollector)).
    pub components: Vec<ComponentId>,
    /// Empties all its caches at once (between kernels).
    pub cache_reset: CacheReset,
    /// Empties all its TLBs at once (between kernels, once pages have moved).
    pub tlb_reset: CacheReset,
}

/// Where a platform's memory system sits in an engine.
#[derive(Debug, Clone)]
pub struct PlatformMemoryParts {
    /// Each GPU's hierarchy.
    pub gpus: Vec<GpuMemoryParts>,
    /// The IOMMU (page walker) shared by all GPUs.
    pub iommu: ComponentId,
    /// The host: an [`Endpoint`] whose port number `i` reaches GPU `i`'s DMA engine
    /// through a PCIe link, or on the shared timeline over the fabric's links (send
    /// requests with [`Engine::send`], take the answers with [`Engine::retrieve`]).
    pub host: Vec<PortRef>,
    /// The PCIe links: host ↔ GPU `i` for each GPU (none when the host is on the fabric).
    pub pcie_links: Vec<ComponentId>,
    /// The links between the GPUs (see [`Fabric`]).
    pub fabric: ComponentId,
    /// What the links between the GPUs carry.
    pub fabric_stats: FabricStats,
    /// The links between the GPUs, shared with the fabric component.
    pub links: FabricLinks,
}

impl PlatformMemoryParts {
    /// Every component: the GPUs' hierarchies, the IOMMU, the PCIe links and the fabric.
    pub fn components(&self) -> Vec<ComponentId> {
        let mut all: Vec<ComponentId> = self
            .gpus
            .iter()
            .flat_map(|g| g.components.clone())
            .collect();
        all.push(self.iommu);
        all.extend(&self.pcie_links);
        all.push(self.fabric);
        all
    }
}

/// Adds the memory system of `platform` to `engine`: an IOMMU reading `driver`'s page
/// tables, each GPU's hierarchy ([`add_gpu_memory`]), a PCIe link from a host endpoint
/// to each GPU's DMA engine and the fabric between the GPUs (`platform.gpu_links`); with
/// `platform.discrete_timeline = "shared"` (discrete GPUs) the host is on the fabric's
/// links instead, and its port to each DMA engine is joined to it directly (the shared
/// timeline carries its messages over the links).
pub fn add_platform_memory<M: CarriesMemory>(
    engine: &mut Engine<M>,
    platform: &PlatformConfig,
    driver: Arc<Driver>,
) -> PlatformMemoryParts {
    let clock = Clock::from_mhz(platform.gpu.clock_mhz);
    let fabric_stats = FabricStats::default();
    let n = platform.gpu_count;
    // Discrete GPUs on one engine (the shared timeline) have the host on the fabric's
    // links: the timeline carries its transfers and its messages to each GPU's DMA engine
    // (the L2 flush after each kernel, and the answer) over its model of those links
    // (`SharedLinks`), so the host's port is joined to the DMA engine directly. Otherwise
    // (a unified device, whose host transfers cross a model of the links of their own, or
    // a rig of tests) a PCIe link of its own joins the host to each GPU's DMA engine.
    let host = !platform.unified_gpus && platform.discrete_timeline == DiscreteTimeline::Shared;
    let topology = Topology::of_platform(platform);
    let links = FabricLinks::new(n, &topology, host, fabric_stats.clone());
    let iommu = engine.add_component("iommu", clock);
    let iommu_ports: Vec<PortRef> = (0..platform.gpu_count)
        .map(|gpu| engine.add_port(iommu, &format!("gpu{gpu}"), IOMMU_PORT_CAPACITY))
        .collect();
    let migrations = MigrationPolicy::new(platform.page_migration, platform.pasi_initial_pages)
        .filter(|_| platform.unified_gpus)
        .map(|policy| {
            let line_bytes = platform.gpu.l2.line_bytes.into();
            let migrations = Migrations::new(policy, links.clone(), line_bytes);
            match platform.migration_procedure {
                MigrationProcedure::LinksOnly => migrations,
                MigrationProcedure::Driver => {
                    let dram = clock.cycles(platform.gpu.dram.latency_cycles.into());
                    migrations.with_driver(driver_procedure(platform, clock), dram)
                }
            }
        });
    engine.install(
        iommu,
        Box::new(
            PageWalker::new(
                driver.clone(),
                iommu_ports.iter().map(|p| p.port).collect(),
                clock.cycles(platform.page_walk_latency_cycles.into()),
                platform.page_walkers as usize,
            )
            .with_migrations(migrations),
        ),
    );
    let host_endpoint = engine.add_component("host", clock);
    engine.install(host_endpoint, Box::new(Endpoint));
    let fabric = engine.add_component("fabric", clock);
    let mut parts = PlatformMemoryParts {
        gpus: Vec::new(),
        iommu,
        host: Vec::new(),
        pcie_links: Vec::new(),
        fabric,
        fabric_stats: fabric_stats.clone(),
        links: links.clone(),
    };
    let gpus: Vec<usize> = (0..platform.gpu_count).collect();
    for (gpu, &iommu_port) in iommu_ports.iter().enumerate() {
        let peers: Vec<usize> = gpus.iter().copied().filter(|&g| g != gpu).collect();
        let memory = add_gpu_memory(
            engine,
            &platform.gpu,
            gpu,
            driver.clone(),
            iommu_port,
            &peers,
        );
        let host_port = engine.add_port(host_endpoint, &format!("gpu{gpu}"), PORT_CAPACITY);
        if host {
            engine.connect(host_port, memory.dma, 0);
        } else {
            let name = format!("pcie{gpu}");
            let link = add_pcie_link(engine, platform, &name, host_port, memory.dma);
            parts.pcie_links.push(link);
        }
        parts.host.push(host_port);
        parts.gpus.push(memory);
    }
    // The fabric's ports, by (from, to) GPU.
    let mut fabric_ports = std::collections::BTreeMap::new();
    let mut fabric_port = |engine: &mut Engine<M>, (a, b): (Node, Node), to: PortRef| {
        let port = engine.add_port(fabric, &format!("{a}>{b}"), PORT_CAPACITY);
        engine.connect(to, port, 0);
        fabric_ports.insert((a, b), port.port);
    };
    for (a, memory) in parts.gpus.iter().enumerate() {
        for &(b, crossbar_port) in &memory.peers {
            fabric_port(engine, (Node::Gpu(a), Node::Gpu(b)), crossbar_port);
        }
    }
    let mut carrier = Fabric::new(n, links, |a, b| fabric_ports[&(a, b)]);
    if platform.link_model == LinkModel::Switches {
        let latency = u64::from(platform.pcie_switch_latency_ns) * PS_PER_NS / clock.period();
        carrier = carrier.with_switches(SwitchNetwork::pcie_tree(
            n,
            platform.gpus_per_pcie_switch as usize,
            latency as u32,
            platform.link_flit_bytes.into(),
        ));
    }
    engine.install(fabric, Box::new(carrier));
    parts
}

/// MGPUSim's driver-run migration procedure with the costs `platform` sets, the command
/// processors' work timed by `clock`.
fn driver_procedure(platform: &PlatformConfig, clock: Clock) -> DriverProcedure {
    let ns = |ns: u32| PS_PER_NS * u64::from(ns);
    let cycles = |n: u32| clock.cycles(n.into());
    DriverProcedure::new(
        ns(platform.migration_driver_latency_ns),
        ns(platform.migration_command_latency_ns),
        cycles(platform.migration_rdma_cycles),
        cycles(platform.migration_shootdown_cycles),
        cycles(platform.migration_restart_cycles),
    )
}

/// Adds a PCIe link named `name` between ports `a` and `b` (linking them to it).
fn add_pcie_link<M: CarriesMemory>(
    engine: &mut Engine<M>,
    platform: &PlatformConfig,
    name: &str,
    a: PortRef,
    b: PortRef,
) -> ComponentId {
    let clock = Clock::from_mhz(platform.gpu.clock_mhz);
    let link = engine.add_component(name, clock);
    let a_side = engine.add_port(link, "a", PORT_CAPACITY);
    let b_side = engine.add_port(link, "b", PORT_CAPACITY);
    let latency = PS_PER_NS * u64::from(platform.pcie_latency_ns);
    engine.install(
        link,
        Box::new(PcieLink::new(
            a_side.port,
            b_side.port,
            platform.pcie_gbytes_per_s,
            latency,
        )),
    );
    engine.connect(a, a_side, 0);
    engine.connect(b_side, b, 0);
    link
}

/// Adds GPU `gpu`'s memory hierarchy, built from `config`, to `engine`. Its L2 TLB asks
/// the IOMMU through `iommu_port` (unlinked; this links it); the DRAM controllers read
/// and write `driver`'s memory of the GPU; its crossbar gets a port toward each GPU of
/// `peers` (returned in [`GpuMemoryParts::peers`], to be linked), through which requests
/// for that GPU's memory go to that GPU's L2 banks.
///
/// Components and names (`gpuN.` prefix): per compute unit `cuI.l1tlb` and `cuI.l1v`;
/// per shader array `saS.l1k_tlb`, `saS.l1k`, `saS.l1i_tlb`, `saS.l1i`; `dma` and
/// `dma.tlb`; `l2tlb`; `xbar` (L1s to L2 banks); `l2.bankB`; `dram.xbar` (L2 banks to
/// controllers, no latency); `dram.chC`. L2 banks are interleaved by L2 line, DRAM
/// controllers by `gpu.dram.interleave_bytes`.
pub fn add_gpu_memory<M: CarriesMemory>(
    engine: &mut Engine<M>,
    config: &GpuConfig,
    gpu: usize,
    driver: Arc<Driver>,
    iommu_port: PortRef,
    peers: &[usize],
) -> GpuMemoryParts {
    let clock = Clock::from_mhz(config.clock_mhz);
    let mut site = Site {
        engine,
        config,
        gpu,
        clock,
        prefix: format!("gpu{gpu}"),
        components: Vec::new(),
        l2tlb_tops: Vec::new(),
        xbar_inputs: Vec::new(),
        l2tlb: None,
        xbar: None,
        cache_reset: CacheReset::default(),
        tlb_reset: CacheReset::default(),
    };
    let l2tlb = site.add("l2tlb");
    let xbar = site.add("xbar");
    site.l2tlb = Some(l2tlb);
    site.xbar = Some(xbar);

    let cus = config.compute_units as usize;
    let cus_per_array = cus / config.shader_arrays as usize;
    let mut vector = Vec::with_capacity(cus);
    for cu in 0..cus {
        let l1v = site.add_l1(&format!("cu{cu}.l1v"), &config.l1v);
        vector.extend(site.add_l1_tlb(&format!("cu{cu}.l1tlb"), 1, l1v, &config.l1_tlb));
    }
    let mut scalar = Vec::with_capacity(cus);
    let mut instruction = Vec::with_capacity(cus);
    for sa in 0..config.shader_arrays {
        let l1k = site.add_l1(&format!("sa{sa}.l1k"), &config.l1k);
        scalar.extend(site.add_l1_tlb(
            &format!("sa{sa}.l1k_tlb"),
            cus_per_array,
            l1k,
            &config.l1_tlb,
        ));
        // MGPUSim's instruction path: the L1I cache is looked up by virtual address and
        // only its misses pass the translator and the instruction TLB on their way to the
        // L2 (its vector and scalar caches sit behind their TLBs instead).
        let name = format!("sa{sa}.l1i_tlb");
        let to_l2 = site.xbar_input(&name);
        let l1i_tlb = site.add_l1_tlb(&name, 1, to_l2, &config.l1i_tlb);
        instruction.extend(site.add_cache(
            &format!("sa{sa}.l1i"),
            &config.l1i,
            cus_per_array,
            l1i_tlb[0],
        ));
    }
    let dma_input = site.xbar_input("dma");
    let dma_tlb = site.add_l1_tlb("dma.tlb", 1, dma_input, &config.l1_tlb);
    let dma = site.add("dma");
    let dma_top = site.port(dma, "host");
    let dma_bottom = site.port(dma, "tlb");
    let l2_line = u64::from(config.l2.line_bytes);
    site.engine.connect(dma_bottom, dma_tlb[0], 0);
    site.engine.install(
        dma,
        Box::new(DmaEngine::new(
            dma_top.port,
            dma_bottom.port,
            l2_line,
            DMA_IN_FLIGHT,
        )),
    );

    // The L2 TLB, asking the IOMMU.
    let cycle = clock.period();
    let l2tlb_next = site.engine.add_port(l2tlb, "iommu", IOMMU_PORT_CAPACITY);
    let iommu_latency = site.clock.cycles(config.iommu_latency_cycles.into());
    site.engine.connect(l2tlb_next, iommu_port, iommu_latency);
    let l2tlb_tops = std::mem::take(&mut site.l2tlb_tops);
    site.engine.install(
        l2tlb,
        Box::new(Tlb::new(
            TlbGeometry::from_config(&config.l2_tlb, config.page_bytes, cycle),
            gpu,
            l2tlb_tops,
            None,
            l2tlb_next.port,
        )),
    );

    // L2 banks between the two crossbars, DRAM controllers at the bottom.
    let dram_xbar = site.add("dram.xbar");
    let mut xbar_outputs = Vec::new();
    let mut dram_inputs = Vec::new();
    for bank in 0..config.l2_banks {
        let id = site.add(&format!("l2.bank{bank}"));
        let top = site.port(id, "top");
        let bottom = site.port(id, "bottom");
        let output = site.port(xbar, &format!("bank{bank}"));
        site.engine.connect(output, top, 0);
        xbar_outputs.push(output.port);
        let input = site.port(dram_xbar, &format!("bank{bank}"));
        site.engine.connect(bottom, input, 0);
        dram_inputs.push(input.port);
        let geometry = CacheGeometry::from_config(
            &config.l2,
            cycle,
            WritePolicy::WriteBack,
            config.l2_banks.into(),
        );
        site.engine.install(
            id,
            Box::new(Cache::new(
                geometry,
                vec![top.port],
                bottom.port,
                site.cache_reset.clone(),
            )),
        );
    }
    let mut dram_outputs = Vec::new();
    let dram_interleave = u64::from(config.dram.interleave_bytes);
    let timing = DramTiming::from_config(&config.dram, cycle, dram_interleave);
    for channel in 0..config.dram.controllers {
        let id = site.add(&format!("dram.ch{channel}"));
        let top = site.port(id, "top");
        let output = site.port(dram_xbar, &format!("ch{channel}"));
        site.engine.connect(output, top, 0);
        dram_outputs.push(output.port);
        site.engine.install(
            id,
            Box::new(DramController::new(driver.clone(), gpu, timing, top.port)),
        );
    }
    let xbar_latency = clock.cycles(config.crossbar_latency_cycles.into());
    let xbar_inputs = std::mem::take(&mut site.xbar_inputs);
    let mut crossbar = Crossbar::new(xbar_inputs, xbar_outputs, l2_line, xbar_latency);
    let mut peer_ports = Vec::with_capacity(peers.len());
    for &peer in peers {
        let port = site.port(xbar, &format!("gpu{peer}"));
        crossbar = crossbar.with_remote(peer, port.port);
        peer_ports.push((peer, port));
    }
    site.engine.install(xbar, Box::new(crossbar));
    site.engine.install(
        dram_xbar,
        Box::new(Crossbar::new(dram_inputs, dram_outputs, dram_interleave, 0)),
    );

    GpuMemoryParts {
        vector,
        scalar,
        instruction,
        dma: dma_top,
        peers: peer_ports,
        components: site.components,
        cache_reset: site.cache_reset,
        tlb_reset: site.tlb_reset,
    }
}

/// One GPU's hierarchy while it is being assembled.
struct Site<'e, M> {
    engine: &'e mut Engine<M>,
    config: &'e GpuConfig,
    gpu: usize,
    clock: Clock,
    prefix: String,
    components: Vec<ComponentId>,
    /// The L2 TLB's top ports so far (one per L1 TLB).
    l2tlb_tops: Vec<Port>,
    /// The crossbar's inputs so far (one per L1 cache, and the DMA engine's).
    xbar_inputs: Vec<Port>,
    l2tlb: Option<ComponentId>,
    xbar: Option<ComponentId>,
    cache_reset: CacheReset,
    tlb_reset: CacheReset,
}

impl<M: CarriesMemory> Site<'_, M> {
    fn add(&mut self, name: &str) -> ComponentId {
        let id = self
            .engine
            .add_component(format!("{}.{name}", self.prefix), self.clock);
        self.components.push(id);
        id
    }

    fn port(&mut self, owner: ComponentId, name: &str) -> PortRef {
        self.engine.add_port(owner, name, PORT_CAPACITY)
    }

    /// An L1 TLB of `config` named `name` with `tops` top ports, in front of `below` (an
    /// L1 cache's top port, or the crossbar for the instruction cache's misses and the
    /// DMA engine), asking the L2 TLB. Returns its top ports.
    fn add_l1_tlb(
        &mut self,
        name: &str,
        tops: usize,
        below: PortRef,
        config: &TlbConfig,
    ) -> Vec<PortRef> {
        let l2tlb = self.l2tlb.expect("the L2 TLB is added first");
        let tlb = self.add(name);
        let top_ports: Vec<PortRef> = (0..tops)
            .map(|i| self.port(tlb, &format!("top{i}")))
            .collect();
        let bottom = self.port(tlb, "bottom");
        let next = self.port(tlb, "l2tlb");
        self.engine.connect(bottom, below, 0);
        let l2_top = self.port(l2tlb, name);
        self.engine.connect(next, l2_top, 0);
        self.l2tlb_tops.push(l2_top.port);
        let geometry =
            TlbGeometry::from_config(config, self.config.page_bytes, self.clock.period());
        self.engine.install(
            tlb,
            Box::new(
                Tlb::new(
                    geometry,
                    self.gpu,
                    top_ports.iter().map(|p| p.port).collect(),
                    Some(bottom.port),
                    next.port,
                )
                .with_reset(self.tlb_reset.clone()),
            ),
        );
        top_ports
    }

    /// A new input port of the crossbar named `name` (toward the L2 banks).
    fn xbar_input(&mut self, name: &str) -> PortRef {
        let xbar = self.xbar.expect("the crossbar is added first");
        let input = self.port(xbar, name);
        self.xbar_inputs.push(input.port);
        input
    }

    /// A write-through L1 cache named `name` sending to the crossbar; returns its top
    /// port.
    fn add_l1(&mut self, name: &str, cache: &CacheConfig) -> PortRef {
        let input = self.xbar_input(name);
        self.add_cache(name, cache, 1, input)[0]
    }

    /// A write-through L1 cache named `name` with `tops` top ports, sending its misses and
    /// writes to `below`; returns its top ports.
    fn add_cache(
        &mut self,
        name: &str,
        cache: &CacheConfig,
        tops: usize,
        below: PortRef,
    ) -> Vec<PortRef> {
        let id = self.add(name);
        let top_ports: Vec<PortRef> = (0..tops)
            .map(|i| self.port(id, &format!("top{i}")))
            .collect();
        let bottom = self.port(id, "bottom");
        self.engine.connect(bottom, below, 0);
        let geometry =
            CacheGeometry::from_config(cache, self.clock.period(), WritePolicy::WriteThrough, 1);
        self.engine.install(
            id,
            Box::new(Cache::new(
                geometry,
                top_ports.iter().map(|p| p.port).collect(),
                bottom.port,
                self.cache_reset.clone(),
            )),
        );
        top_ports
    }
}
