//! The simulated platform's hardware description, read from TOML: how many GPUs, and what
//! each GPU is made of (compute units, registers, caches, DRAM, links).

use super::ConfigError;
use serde::Deserialize;

/// The embedded default platform: four R9 Nano GPUs (MGPUSim's Table 1).
pub const DEFAULT_PLATFORM_TOML: &str = include_str!("r9nano.toml");

/// A whole simulated platform: identical GPUs behind PCIe.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlatformConfig {
    /// Number of GPUs, each one OpenCL device.
    #[serde(rename = "gpus")]
    pub gpu_count: usize,
    /// Bandwidth of the PCIe link between the host and each GPU, in GB/s.
    pub pcie_gbytes_per_s: f64,
    /// One-way latency of a PCIe link, in nanoseconds (transfers, and the dispatch of
    /// every kernel).
    pub pcie_latency_ns: u32,
    /// Simulated nanoseconds the host driver spends on each enqueued command before the
    /// GPU can see it (`CL_PROFILING_COMMAND_QUEUED` to `_SUBMIT`).
    pub driver_submit_ns: u32,
    /// Cycles (of the GPU clock) the IOMMU takes to walk the page table once.
    pub page_walk_latency_cycles: u32,
    /// Page walks the IOMMU performs at once.
    pub page_walkers: u32,
    /// Instructions one wavefront may execute before it is stopped as hung.
    pub max_wavefront_instructions: u64,
    /// Whether the driver copies the code object, the kernel arguments and the dispatch
    /// packet into newly allocated GPU memory before every launch (as MGPUSim's driver
    /// does) instead of reusing one copy of each.
    pub launch_copies_to_fresh_memory: bool,
    /// Wavefront instructions one kernel launch (all its wavefronts) may execute before it
    /// is stopped as hung.
    pub max_launch_instructions: u64,
    /// Whether the GPUs appear to OpenCL programs as one device (MGPUSim's unified
    /// multi-GPU): a kernel's work-groups are spread over all their compute units and the
    /// device's memory pages are interleaved over their memories.
    pub unified_gpus: bool,
    /// Whether discrete GPUs in timing mode run on one engine of the platform or on
    /// engines of their own.
    pub discrete_timeline: DiscreteTimeline,
    /// How GPUs reach one another's memory (timing mode).
    pub gpu_links: GpuLinks,
    /// Latency of a PCIe switch, in nanoseconds ([`GpuLinks::PcieTree`]).
    pub pcie_switch_latency_ns: u32,
    /// GPUs below each PCIe switch ([`GpuLinks::PcieTree`]).
    pub gpus_per_pcie_switch: u32,
    /// Bandwidth of each direct GPU-GPU link, each way, in GB/s ([`GpuLinks::AllToAll`]).
    pub p2p_gbytes_per_s: f64,
    /// Latency of each direct GPU-GPU link, in nanoseconds ([`GpuLinks::AllToAll`]).
    pub p2p_latency_ns: u32,
    /// The unit the fabric's links move (bytes): a message occupies its link for its
    /// bytes rounded up to whole units. 0: for its bytes exactly.
    pub link_flit_bytes: u32,
    /// How the fabric carries the GPUs' messages to one another (timing mode).
    pub link_model: LinkModel,
    /// Whether a unified device's pages move to the GPU that uses them (timing mode).
    pub page_migration: PageMigration,
    /// Pages of the first migration unit of [`PageMigration::Pasi`] (a power of two).
    pub pasi_initial_pages: u32,
    /// How a page migration is carried out, and what it costs.
    pub migration_procedure: MigrationProcedure,
    /// One message between the IOMMU and the host driver, in nanoseconds
    /// ([`MigrationProcedure::Driver`]).
    pub migration_driver_latency_ns: u32,
    /// One command of the host driver to a GPU's command processor, or its answer, in
    /// nanoseconds ([`MigrationProcedure::Driver`]).
    pub migration_command_latency_ns: u32,
    /// Cycles a command processor takes to drain or to restart its GPU's RDMA engine
    /// ([`MigrationProcedure::Driver`]).
    pub migration_rdma_cycles: u32,
    /// Cycles a command processor takes to shoot a page down: drain its compute units,
    /// flush and invalidate its caches, invalidate the page in its TLBs
    /// ([`MigrationProcedure::Driver`]).
    pub migration_shootdown_cycles: u32,
    /// Cycles a command processor takes to restart its caches, TLBs and compute units
    /// after a migration ([`MigrationProcedure::Driver`]).
    pub migration_restart_cycles: u32,
    /// Which GPU of a unified device holds each page that nothing has placed.
    pub unified_page_order: UnifiedPageOrder,
    /// The description every GPU is built from.
    #[serde(skip)]
    pub gpu: GpuConfig,
}

/// How the GPUs of a platform are linked to one another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GpuLinks {
    /// A PCIe switch tree: every `gpus_per_pcie_switch` GPUs share a switch below the root
    /// complex, every link of `pcie_gbytes_per_s` (MGPUSim's R9 Nano platform).
    #[default]
    PcieTree,
    /// A direct link between every two GPUs (`p2p_gbytes_per_s`, `p2p_latency_ns`).
    AllToAll,
}

/// How the fabric carries the messages between GPUs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum LinkModel {
    /// A message books each link of its path for its bytes when it enters (store and
    /// forward, in the order messages enter).
    #[default]
    Booked,
    /// MGPUSim's PCIe switches flit by flit: input-queued switches with a crossbar
    /// arbiter, 16-flit buffers at both ends of each link and back-pressure, one flit of
    /// `link_flit_bytes` a cycle on each link ([`GpuLinks::PcieTree`] only; page
    /// migrations and host transfers keep the booked links).
    Switches,
}

/// Where the kernels of discrete GPUs are simulated in timing mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DiscreteTimeline {
    /// Each GPU in an engine of its own, with its own page walker: kernels on different
    /// GPUs share nothing, moves between GPUs are timed on idle links.
    #[default]
    PerGpu,
    /// All GPUs on one engine of the platform, with one IOMMU shared by all and the
    /// links between them: kernels on different GPUs contend for the IOMMU, moves
    /// between GPUs for the links, in simulated-time order.
    Shared,
}

/// What a unified device does when a GPU translates a page another GPU holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PageMigration {
    /// The page stays; the GPU reaches it over the links (RDMA).
    #[default]
    Off,
    /// The page moves to the GPU, one page at a time, at most once (MGPUSim's rule).
    OnDemand,
    /// Progressive page splitting: units of `pasi_initial_pages` pages move whole and are
    /// halved each time another GPU asks for a unit that has moved already.
    Pasi,
}

/// How a page migration is carried out ([`PlatformConfig::page_migration`] on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MigrationProcedure {
    /// The page's lines are pulled over the links; migrations overlap, bounded by the
    /// links and the TLBs' misses in flight.
    #[default]
    LinksOnly,
    /// MGPUSim v3.0.0's driver-run procedure: one migration at a time; each drains
    /// every GPU's RDMA engine, shoots the page down on the GPU it leaves, has the asking
    /// GPU's page migration controller pull its pages one after another (reading and
    /// writing the two DRAMs), then restarts the GPUs; every step is a round trip
    /// between the driver and the GPUs' command processors.
    Driver,
}

/// How a unified device spreads its pages over its GPUs' memories (pages the Locality API
/// or a migration has placed excepted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum UnifiedPageOrder {
    /// Page `n` of the virtual address space lives on GPU `n mod N`.
    #[default]
    PageNumber,
    /// The pages of the application's memory objects take the GPUs in turn, in the order
    /// they are allocated, the first on the last GPU, the turn running on over all of the
    /// device's allocations (MGPUSim v3.0.0's `allocateUnifiedGPUPage`); the driver's own
    /// memory (code, arguments, packets, scratch) takes no turn and follows the page
    /// number.
    AllocationOrder,
}

/// One GPU: its compute units, register files, local memory, caches and DRAM.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct GpuConfig {
    /// Device name reported to OpenCL programs.
    pub name: String,
    /// The instruction-set target of its code objects (`gfx803`).
    pub isa: String,
    /// Number of compute units.
    pub compute_units: u32,
    /// Number of shader arrays the compute units are grouped into.
    pub shader_arrays: u32,
    /// Core clock in MHz.
    pub clock_mhz: u32,
    /// Work-items per wavefront.
    pub wavefront_size: u32,
    /// SIMD units per compute unit.
    pub simds_per_cu: u32,
    /// Wavefronts one SIMD can hold at once.
    pub wavefront_slots_per_simd: u32,
    /// Vector registers (each `wavefront_size` lanes wide) per SIMD.
    pub vgprs_per_simd: u32,
    /// Scalar registers per SIMD.
    pub sgprs_per_simd: u32,
    /// Local data share (OpenCL local memory) per compute unit, in bytes.
    pub lds_bytes: u64,
    /// Largest work-group, in work-items.
    pub max_workgroup_size: u32,
    /// Device memory, in bytes.
    pub dram_bytes: u64,
    /// Virtual-memory page size, in bytes.
    pub page_bytes: u64,
    /// Number of L2 banks, each described by `l2`.
    pub l2_banks: u32,
    /// Vector L1 cache of each compute unit.
    pub l1v: CacheConfig,
    /// Instruction L1 cache of each shader array.
    pub l1i: CacheConfig,
    /// Scalar L1 cache of each shader array.
    pub l1k: CacheConfig,
    /// One L2 bank.
    pub l2: CacheConfig,
    /// The DRAM behind the L2.
    pub dram: DramConfig,
    /// Latency of the crossbar between the L1 caches and the L2 banks, in cycles, each
    /// way.
    pub crossbar_latency_cycles: u32,
    /// Cycles a translation request takes each way between the GPU's L2 TLB and the
    /// IOMMU.
    pub iommu_latency_cycles: u32,
    /// Timing mode: after mapping a work-group of `n` wavefronts the dispatcher waits
    /// `max(dispatch_wait_cycles, n)` cycles and maps the next one in the cycle after.
    pub dispatch_wait_cycles: u32,
    /// Timing mode: whether a host copy to or from the GPU after a kernel has run on it
    /// empties its caches (not its TLBs) before the next kernel, as MGPUSim's driver does.
    pub host_copies_invalidate_caches: bool,
    /// Cycles the command processor takes to start a kernel once its dispatch has
    /// arrived and the previous command has ended (before `CL_PROFILING_COMMAND_START`).
    pub cp_launch_cycles: u32,
    /// Cycles from a kernel's last work-group completing to its end
    /// (`CL_PROFILING_COMMAND_END`).
    pub cp_completion_cycles: u32,
    /// The TLB of each compute unit (and of each shader array's scalar cache and of the
    /// DMA engine), in front of its cache.
    pub l1_tlb: TlbConfig,
    /// The TLB of each shader array's instruction cache, behind it: only the cache's
    /// misses are translated.
    pub l1i_tlb: TlbConfig,
    /// The TLB shared by the whole GPU, in front of the IOMMU.
    pub l2_tlb: TlbConfig,
    /// The pipeline of each compute unit (timing mode).
    pub cu: CuConfig,
}

/// How the issue arbiter of a compute unit chooses the SIMD whose wavefronts issue in
/// a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum IssueArbiter {
    /// MGPUSim v3.0.0's arbiter: the SIMD that issued last keeps issuing as long as one
    /// of its wavefronts is ready, and the four SIMDs share one VALU decoder.
    #[default]
    Sticky,
    /// GCN3's documented arbiter: each SIMD has every fourth cycle, with its own VALU
    /// issue.
    RoundRobin,
}

/// The most lines `gpu.cu.instruction_buffer_lines` may give an instruction buffer.
pub const MAX_INSTRUCTION_BUFFER_LINES: u32 = 16;

/// The pipeline of a timing compute unit: how instructions pass from issue through the
/// decoders into the execution units (cycles of the GPU clock).
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CuConfig {
    /// How the SIMD that issues in a cycle is chosen.
    pub issue_arbiter: IssueArbiter,
    /// Cycles an issued instruction spends in its unit kind's decoder before the unit
    /// takes it (branches go to their unit directly).
    pub decode_cycles: u32,
    /// Stages (read, execute, write) of the scalar, branch and LDS units: a wavefront
    /// may issue again this many cycles after its instruction entered the unit.
    pub unit_stages: u32,
    /// Cycles from an LDS instruction entering the LDS unit to its data.
    pub lds_latency_cycles: u32,
    /// Cycles a vector memory instruction spends in the vector memory unit before its
    /// wavefront may issue again and its requests start to be made, one per cycle.
    pub vector_memory_instruction_cycles: u32,
    /// Cycles each vector memory request then spends in the unit before it leaves.
    pub vector_memory_request_cycles: u32,
    /// Whether the compute unit takes the answers to its vector memory requests in the
    /// order the requests left, one a cycle (MGPUSim's reorder buffer), rather than each
    /// as it arrives.
    pub vector_answers_in_order: bool,
    /// Vector memory requests the compute unit has in flight at most, from leaving its
    /// request pipeline to the compute unit taking their answers (MGPUSim's reorder
    /// buffer entries); a request due to leave waits, holding up those behind it, while
    /// that many are. 0: no limit.
    pub vector_requests_in_flight: u32,
    /// Cache lines of code each wavefront's instruction buffer holds (1 to
    /// [`MAX_INSTRUCTION_BUFFER_LINES`]).
    pub instruction_buffer_lines: u32,
    /// Whether a branch instruction empties its wavefront's instruction buffer (taken or
    /// not), so that the code after it is fetched again.
    pub branch_flushes_instruction_buffer: bool,
    /// Cycles a quarter-rate VALU instruction (double precision, transcendentals) keeps
    /// its SIMD.
    pub quarter_rate_valu_cycles: u32,
    /// Lanes of an image instruction the texture addresser turns into addresses a cycle.
    pub texture_addresses_per_cycle: u32,
    /// Texels of loads and point samples the texture data unit returns a cycle.
    pub texture_texels_per_cycle: u32,
    /// Channels (32 bits each) of filtered samples the texture data unit returns a cycle.
    pub texture_filtered_dwords_per_cycle: u32,
}

/// One set-associative translation lookaside buffer.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TlbConfig {
    /// Number of sets.
    pub sets: u32,
    /// Associativity.
    pub ways: u32,
    /// Lookup latency in GPU cycles.
    pub latency_cycles: u32,
    /// Translations it may be waiting for at once.
    pub mshrs: u32,
    /// Requests it takes per cycle into its lookup pipeline.
    pub requests_per_cycle: u32,
}

/// One set-associative cache.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CacheConfig {
    /// Capacity in bytes.
    pub size_bytes: u64,
    /// Associativity.
    pub ways: u32,
    /// Line size in bytes.
    pub line_bytes: u32,
    /// Hit latency in GPU cycles.
    pub latency_cycles: u32,
    /// Cycles from a request's arrival to its tag lookup, where a miss is found and sent
    /// below; a hit then reads the data array for the rest of `latency_cycles`. Absent:
    /// `latency_cycles` (a miss is found when a hit would be answered).
    #[serde(default)]
    pub tag_latency_cycles: Option<u32>,
    /// Cycles from a fetched line's arrival to the answers of the requests waiting for it:
    /// 0 forwards the line as it arrives, more writes it into the data array first.
    #[serde(default)]
    pub fill_latency_cycles: u32,
    /// Miss-status holding registers (outstanding misses).
    pub mshrs: u32,
    /// Requests it takes per cycle into its lookup pipeline.
    pub requests_per_cycle: u32,
    /// Requests it holds at once, from taking one at a top port to answering it, hits
    /// and MSHR hits included (akita's `maxNumConcurrentTrans`); more wait in the top
    /// ports. 0: no limit beyond the MSHRs and the lookup pipeline.
    pub requests_in_flight: u32,
    /// When a miss takes the way its line will live in: `false` when the line arrives
    /// (the line it replaces stays and can still hit until then); `true` when the miss
    /// is sent below, as akita's caches do (the least recently used line not being
    /// fetched is dropped at once and its way held for the line; a miss whose set has
    /// every way held waits).
    pub allocate_on_miss: bool,
}

/// The DRAM of one GPU.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DramConfig {
    /// Number of memory controllers (channels).
    pub controllers: u32,
    /// Access latency in GPU cycles.
    pub latency_cycles: u32,
    /// Bytes one controller transfers per GPU cycle (its channel's bandwidth).
    pub bytes_per_cycle: u32,
    /// Banks per controller; accesses to different banks overlap.
    pub banks: u32,
    /// Cycles a bank stays busy after an access starts.
    pub bank_busy_cycles: u32,
    /// Bytes of consecutive addresses on one controller before the next takes over (a
    /// power of two, at least an L2 line); a controller's bank is the address's next
    /// bits above the controller's.
    pub interleave_bytes: u32,
    /// Ranks per controller, dividing `banks`: a bank's rank is the top part of its
    /// number. Each rank has its own command queue.
    pub ranks: u32,
    /// Accesses each rank's command queue holds, from entering it (in order of arrival)
    /// to their read or write command; an access starts there when its bank is free.
    /// 0: no limit.
    pub command_queue_per_rank: u32,
    /// Cycles from an access's start (its row activation) to its read or write command,
    /// when it leaves the command queue.
    pub activate_cycles: u32,
}

/// The file's two tables, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlatformFile {
    platform: PlatformConfig,
    gpu: GpuConfig,
}

impl GpuConfig {
    /// Total L2 capacity over all banks, in bytes.
    pub fn l2_total_bytes(&self) -> u64 {
        self.l2.size_bytes * u64::from(self.l2_banks)
    }

    /// Wavefronts one compute unit can hold at once.
    pub fn wavefront_slots_per_cu(&self) -> u32 {
        self.simds_per_cu * self.wavefront_slots_per_simd
    }
}

impl PlatformConfig {
    /// Number of OpenCL devices: one per GPU, or one for all with
    /// [`unified_gpus`](Self::unified_gpus).
    pub fn device_count(&self) -> usize {
        if self.unified_gpus {
            1
        } else {
            self.gpu_count
        }
    }

    /// The hardware one OpenCL device has: a GPU, or with
    /// [`unified_gpus`](Self::unified_gpus) all GPUs' compute units and memory.
    pub fn device_config(&self) -> GpuConfig {
        let mut device = self.gpu.clone();
        if self.unified_gpus && self.gpu_count > 1 {
            let n = self.gpu_count as u32;
            device.name = format!("{} x{n} unified", device.name);
            device.compute_units *= n;
            device.shader_arrays *= n;
            device.dram_bytes *= u64::from(n);
        }
        device
    }

    /// The embedded default platform (4 × R9 Nano).
    pub fn default_platform() -> PlatformConfig {
        Self::from_toml(None, "embedded default").expect("the embedded platform file is valid")
    }

    /// The default platform with the TOML text `overlay` laid over it (keys it does not
    /// name keep their defaults). `origin` names the overlay in error messages.
    pub fn from_toml(overlay: Option<&str>, origin: &str) -> Result<PlatformConfig, ConfigError> {
        let mut merged: toml::Table = DEFAULT_PLATFORM_TOML
            .parse()
            .expect("the embedded platform file is valid TOML");
        if let Some(text) = overlay {
            let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
                ConfigError::new(origin, "", format!("not valid TOML: {}", e.message()))
            })?;
            overlay_table(&mut merged, table, "", origin)?;
        }
        let file: PlatformFile = toml::Value::Table(merged)
            .try_into()
            .map_err(|e: toml::de::Error| ConfigError::new(origin, "", e.message().to_string()))?;
        let mut platform = file.platform;
        platform.gpu = file.gpu;
        platform.validate()?;
        Ok(platform)
    }

    /// Checks every value for sense: counts positive, sizes powers of two where the
    /// hardware needs them, caches divisible into sets.
    pub fn validate(&self) -> Result<(), ConfigError> {
        positive("platform.gpus", self.gpu_count as u64)?;
        positive(
            "platform.max_wavefront_instructions",
            self.max_wavefront_instructions,
        )?;
        positive(
            "platform.max_launch_instructions",
            self.max_launch_instructions,
        )?;
        if !(self.pcie_gbytes_per_s.is_finite() && self.pcie_gbytes_per_s > 0.0) {
            return Err(ConfigError::new(
                "platform.pcie_gbytes_per_s",
                self.pcie_gbytes_per_s.to_string(),
                "must be a positive number",
            ));
        }
        positive("platform.pcie_latency_ns", self.pcie_latency_ns.into())?;
        positive(
            "platform.page_walk_latency_cycles",
            self.page_walk_latency_cycles.into(),
        )?;
        positive("platform.page_walkers", self.page_walkers.into())?;
        positive(
            "platform.gpus_per_pcie_switch",
            self.gpus_per_pcie_switch.into(),
        )?;
        if !(self.p2p_gbytes_per_s.is_finite() && self.p2p_gbytes_per_s > 0.0) {
            return Err(ConfigError::new(
                "platform.p2p_gbytes_per_s",
                self.p2p_gbytes_per_s.to_string(),
                "must be a positive number",
            ));
        }
        power_of_two(
            "platform.pasi_initial_pages",
            self.pasi_initial_pages.into(),
        )?;
        self.validate_link_model()?;
        let g = &self.gpu;
        positive(
            "gpu.cu.texture_addresses_per_cycle",
            g.cu.texture_addresses_per_cycle.into(),
        )?;
        positive(
            "gpu.cu.texture_texels_per_cycle",
            g.cu.texture_texels_per_cycle.into(),
        )?;
        positive(
            "gpu.cu.texture_filtered_dwords_per_cycle",
            g.cu.texture_filtered_dwords_per_cycle.into(),
        )?;
        if g.isa != "gfx803" {
            return Err(ConfigError::new(
                "gpu.isa",
                &g.isa,
                "only gfx803 (GCN3) is simulated",
            ));
        }
        if g.wavefront_size != 64 {
            return Err(ConfigError::new(
                "gpu.wavefront_size",
                g.wavefront_size.to_string(),
                "GCN3 wavefronts are 64 work-items wide",
            ));
        }
        positive("gpu.compute_units", g.compute_units.into())?;
        positive("gpu.shader_arrays", g.shader_arrays.into())?;
        if !g.compute_units.is_multiple_of(g.shader_arrays) {
            return Err(ConfigError::new(
                "gpu.shader_arrays",
                g.shader_arrays.to_string(),
                format!("must divide gpu.compute_units ({})", g.compute_units),
            ));
        }
        positive("gpu.clock_mhz", g.clock_mhz.into())?;
        positive("gpu.simds_per_cu", g.simds_per_cu.into())?;
        if !(1..=64).contains(&g.wavefront_slots_per_simd) {
            return Err(ConfigError::new(
                "gpu.wavefront_slots_per_simd",
                g.wavefront_slots_per_simd.to_string(),
                "must be from 1 to 64",
            ));
        }
        positive("gpu.vgprs_per_simd", g.vgprs_per_simd.into())?;
        positive("gpu.sgprs_per_simd", g.sgprs_per_simd.into())?;
        positive("gpu.lds_bytes", g.lds_bytes)?;
        power_of_two("gpu.max_workgroup_size", g.max_workgroup_size.into())?;
        if g.max_workgroup_size < g.wavefront_size || g.max_workgroup_size > 1024 {
            return Err(ConfigError::new(
                "gpu.max_workgroup_size",
                g.max_workgroup_size.to_string(),
                "must be between the wavefront size and 1024",
            ));
        }
        power_of_two("gpu.page_bytes", g.page_bytes)?;
        if g.page_bytes < 4096 {
            return Err(ConfigError::new(
                "gpu.page_bytes",
                g.page_bytes.to_string(),
                "must be at least 4096",
            ));
        }
        positive("gpu.dram_bytes", g.dram_bytes)?;
        if !g.dram_bytes.is_multiple_of(g.page_bytes) {
            return Err(ConfigError::new(
                "gpu.dram_bytes",
                g.dram_bytes.to_string(),
                "must be a whole number of pages",
            ));
        }
        positive("gpu.l2_banks", g.l2_banks.into())?;
        for (name, cache) in [
            ("l1v", &g.l1v),
            ("l1i", &g.l1i),
            ("l1k", &g.l1k),
            ("l2", &g.l2),
        ] {
            cache.validate(&format!("gpu.{name}"))?;
            // An L1 line is fetched from one L2 bank in one request.
            if name != "l2" && cache.line_bytes > g.l2.line_bytes {
                return Err(ConfigError::new(
                    format!("gpu.{name}.line_bytes"),
                    cache.line_bytes.to_string(),
                    format!("must not exceed gpu.l2.line_bytes ({})", g.l2.line_bytes),
                ));
            }
        }
        positive("gpu.dram.controllers", g.dram.controllers.into())?;
        positive("gpu.dram.latency_cycles", g.dram.latency_cycles.into())?;
        positive("gpu.dram.bytes_per_cycle", g.dram.bytes_per_cycle.into())?;
        positive("gpu.dram.banks", g.dram.banks.into())?;
        positive("gpu.dram.bank_busy_cycles", g.dram.bank_busy_cycles.into())?;
        power_of_two("gpu.dram.interleave_bytes", g.dram.interleave_bytes.into())?;
        positive("gpu.dram.ranks", g.dram.ranks.into())?;
        if !g.dram.banks.is_multiple_of(g.dram.ranks) {
            return Err(ConfigError::new(
                "gpu.dram.ranks",
                g.dram.ranks.to_string(),
                format!("must divide gpu.dram.banks ({})", g.dram.banks),
            ));
        }
        if g.dram.interleave_bytes < g.l2.line_bytes {
            return Err(ConfigError::new(
                "gpu.dram.interleave_bytes",
                g.dram.interleave_bytes.to_string(),
                format!("must be at least gpu.l2.line_bytes ({})", g.l2.line_bytes),
            ));
        }
        for (name, tlb) in [
            ("l1_tlb", &g.l1_tlb),
            ("l1i_tlb", &g.l1i_tlb),
            ("l2_tlb", &g.l2_tlb),
        ] {
            tlb.validate(&format!("gpu.{name}"))?;
        }
        positive("gpu.cu.unit_stages", g.cu.unit_stages.into())?;
        positive("gpu.cu.lds_latency_cycles", g.cu.lds_latency_cycles.into())?;
        let lines = g.cu.instruction_buffer_lines;
        if !(1..=MAX_INSTRUCTION_BUFFER_LINES).contains(&lines) {
            return Err(ConfigError::new(
                "gpu.cu.instruction_buffer_lines",
                lines.to_string(),
                format!("must be 1 to {MAX_INSTRUCTION_BUFFER_LINES}"),
            ));
        }
        Ok(())
    }
}

impl CacheConfig {
    /// Number of sets (size / (ways × line)).
    pub fn sets(&self) -> u64 {
        self.size_bytes / (u64::from(self.ways) * u64::from(self.line_bytes))
    }

    /// Cycles to the tag lookup (see [`CacheConfig::tag_latency_cycles`]).
    pub fn tag_cycles(&self) -> u32 {
        self.tag_latency_cycles.unwrap_or(self.latency_cycles)
    }

    fn validate(&self, key: &str) -> Result<(), ConfigError> {
        power_of_two(&format!("{key}.line_bytes"), self.line_bytes.into())?;
        positive(&format!("{key}.ways"), self.ways.into())?;
        positive(&format!("{key}.latency_cycles"), self.latency_cycles.into())?;
        if self.tag_cycles() > self.latency_cycles {
            return Err(ConfigError::new(
                format!("{key}.tag_latency_cycles"),
                self.tag_cycles().to_string(),
                format!(
                    "must not exceed latency_cycles ({}): a hit is answered after its tag lookup",
                    self.latency_cycles
                ),
            ));
        }
        positive(&format!("{key}.mshrs"), self.mshrs.into())?;
        positive(
            &format!("{key}.requests_per_cycle"),
            self.requests_per_cycle.into(),
        )?;
        let way_bytes = u64::from(self.ways) * u64::from(self.line_bytes);
        if self.size_bytes == 0 || !self.size_bytes.is_multiple_of(way_bytes) {
            return Err(ConfigError::new(
                format!("{key}.size_bytes"),
                self.size_bytes.to_string(),
                format!("must be a positive multiple of ways × line_bytes ({way_bytes})"),
            ));
        }
        power_of_two(
            &format!("{key}.size_bytes / (ways × line_bytes)"),
            self.sets(),
        )
    }
}

impl TlbConfig {
    fn validate(&self, key: &str) -> Result<(), ConfigError> {
        power_of_two(&format!("{key}.sets"), self.sets.into())?;
        positive(&format!("{key}.ways"), self.ways.into())?;
        positive(&format!("{key}.latency_cycles"), self.latency_cycles.into())?;
        positive(&format!("{key}.mshrs"), self.mshrs.into())?;
        positive(
            &format!("{key}.requests_per_cycle"),
            self.requests_per_cycle.into(),
        )
    }
}

impl PlatformConfig {
    /// Checks that `link_model = "switches"` has what the switches need: a PCIe tree,
    /// flits, links of one flit a GPU cycle (the host's transfers use the same rate),
    /// a switch latency of a cycle at least, and no page migration (booked only).
    fn validate_link_model(&self) -> Result<(), ConfigError> {
        if self.link_model != LinkModel::Switches {
            return Ok(());
        }
        let needs = |what: &str| {
            ConfigError::new("platform.link_model", "switches", format!("needs {what}"))
        };
        if self.gpu_links != GpuLinks::PcieTree {
            return Err(needs("gpu_links = \"pcie_tree\""));
        }
        if self.link_flit_bytes == 0 {
            return Err(needs("link_flit_bytes above 0"));
        }
        let flit_rate = f64::from(self.link_flit_bytes) * f64::from(self.gpu.clock_mhz) / 1000.0;
        if (self.pcie_gbytes_per_s - flit_rate).abs() > 1e-9 * flit_rate {
            return Err(needs(&format!(
                "pcie_gbytes_per_s = {flit_rate} (one flit of link_flit_bytes a cycle of \
                 gpu.clock_mhz), not {}",
                self.pcie_gbytes_per_s
            )));
        }
        if u64::from(self.pcie_switch_latency_ns) * u64::from(self.gpu.clock_mhz) < 1000 {
            return Err(needs("pcie_switch_latency_ns of one GPU cycle at least"));
        }
        if self.page_migration != PageMigration::Off {
            return Err(needs(
                "page_migration = \"off\" (migrations are booked on the links)",
            ));
        }
        Ok(())
    }
}

fn positive(key: &str, value: u64) -> Result<(), ConfigError> {
    if value == 0 {
        return Err(ConfigError::new(key, "0", "must be positive"));
    }
    Ok(())
}

fn power_of_two(key: &str, value: u64) -> Result<(), ConfigError> {
    if !value.is_power_of_two() {
        return Err(ConfigError::new(
            key,
            value.to_string(),
            "must be a power of two",
        ));
    }
    Ok(())
}

/// The tables of a platform file that describe a cache ([`CacheConfig`]).
const CACHE_TABLES: [&str; 4] = ["gpu.l1v", "gpu.l1i", "gpu.l1k", "gpu.l2"];

/// The keys of a cache's table that may be left out (see [`CacheConfig`]), all integers.
const OPTIONAL_CACHE_KEYS: [&str; 2] = ["tag_latency_cycles", "fill_latency_cycles"];

/// The dotted keys a platform file may set although the embedded file leaves them out
/// (each cache's optional keys: left out, they follow its other keys), so that a file
/// setting only a cache's `latency_cycles` keeps meaning what it says.
pub fn optional_keys() -> Vec<String> {
    CACHE_TABLES
        .iter()
        .flat_map(|table| OPTIONAL_CACHE_KEYS.map(|key| format!("{table}.{key}")))
        .collect()
}

/// Lays `overlay` over `base` key by key; a key the base does not have is an error naming
/// its dotted path (unless it is one of the [`optional_keys`]: it is added), and so is a
/// table given where a value belongs or the reverse.
fn overlay_table(
    base: &mut toml::Table,
    overlay: toml::Table,
    prefix: &str,
    origin: &str,
) -> Result<(), ConfigError> {
    for (key, value) in overlay {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match (base.get_mut(&key), value) {
            // The optional keys are all counts of cycles.
            (None, value) if optional_keys().contains(&path) => {
                if !value.is_integer() {
                    return Err(ConfigError::new(
                        path,
                        value.to_string(),
                        "must be of type integer",
                    ));
                }
                base.insert(key, value);
            }
            (None, value) => {
                return Err(ConfigError::new(
                    path,
                    value.to_string(),
                    format!("unknown key in {origin}"),
                ))
            }
            (Some(toml::Value::Table(base_sub)), toml::Value::Table(sub)) => {
                overlay_table(base_sub, sub, &path, origin)?
            }
            (Some(toml::Value::Table(_)), value) => {
                return Err(ConfigError::new(path, value.to_string(), "must be a table"))
            }
            (Some(_), toml::Value::Table(_)) => {
                return Err(ConfigError::new(path, "", "must be a value, not a table"))
            }
            (Some(slot), value) => {
                if std::mem::discriminant(slot) != std::mem::discriminant(&value)
                    && !matches!(
                        (&*slot, &value),
                        (toml::Value::Float(_), toml::Value::Integer(_))
                    )
                {
                    return Err(ConfigError::new(
                        path,
                        value.to_string(),
                        format!("must be of type {}", slot.type_str()),
                    ));
                }
                *slot = match (&*slot, value) {
                    (toml::Value::Float(_), toml::Value::Integer(i)) => {
                        toml::Value::Float(i as f64)
                    }
                    (_, value) => value,
                };
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_platform_is_four_r9_nanos() {
        let p = PlatformConfig::default_platform();
        assert_eq!(p.gpu_count, 4);
        assert_eq!(p.gpu.compute_units, 64);
        assert_eq!(p.gpu.clock_mhz, 1000);
        assert_eq!(p.gpu.dram_bytes, 4 << 30);
        assert_eq!(p.gpu.lds_bytes, 64 << 10);
        assert_eq!(p.gpu.l2_total_bytes(), 2 << 20);
        assert_eq!(p.gpu.l1v.sets(), 64);
        assert_eq!(p.gpu.wavefront_slots_per_cu(), 40);
        assert_eq!((p.gpu.l1_tlb.sets, p.gpu.l1_tlb.ways), (1, 64));
        assert_eq!((p.gpu.l2_tlb.sets, p.gpu.l2_tlb.ways), (16384, 64));
        assert_eq!((p.gpu.l2_banks, p.gpu.dram.controllers), (16, 16));
        assert_eq!(p.page_walk_latency_cycles, 100);
        assert_eq!(p.driver_submit_ns, 1);
        assert_eq!((p.gpu.cp_launch_cycles, p.gpu.cp_completion_cycles), (0, 0));
    }

    #[test]
    fn the_named_configurations_are_valid_overlays() {
        let table1 = include_str!("../../../configs/paper-table1.toml");
        let p = PlatformConfig::from_toml(Some(table1), "paper-table1.toml").unwrap();
        assert_eq!((p.gpu.l2_tlb.sets, p.gpu.l2_tlb.ways), (32, 32));
        assert_eq!(p.gpu.l2_total_bytes(), 2 << 20);
        let mgpusim = include_str!("../../../configs/mgpusim-r9nano.toml");
        let mut m = PlatformConfig::from_toml(Some(mgpusim), "mgpusim-r9nano.toml").unwrap();
        // The hardware is the default's but for MGPUSim's one VALU rate, its L1 caches'
        // 16 requests in flight, its caches' allocation on misses, its reorder buffer's
        // 128 vector requests and its DRAM command queues of 8, and the driver copies and
        // hands out a unified device's pages as MGPUSim's does.
        assert!(m.launch_copies_to_fresh_memory);
        assert_eq!(m.unified_page_order, UnifiedPageOrder::AllocationOrder);
        m.unified_page_order = UnifiedPageOrder::PageNumber;
        assert_eq!(m.migration_procedure, MigrationProcedure::Driver);
        m.migration_procedure = MigrationProcedure::LinksOnly;
        assert_eq!(m.gpu.cu.quarter_rate_valu_cycles, 4);
        assert_eq!(m.gpu.cu.vector_requests_in_flight, 128);
        assert_eq!(m.gpu.dram.command_queue_per_rank, 8);
        m.launch_copies_to_fresh_memory = false;
        m.gpu.cu.quarter_rate_valu_cycles = 16;
        m.gpu.cu.vector_requests_in_flight = 0;
        m.gpu.dram.command_queue_per_rank = 0;
        for cache in [&mut m.gpu.l1v, &mut m.gpu.l1i, &mut m.gpu.l1k] {
            assert_eq!(cache.requests_in_flight, 16);
            cache.requests_in_flight = 0;
        }
        for cache in [
            &mut m.gpu.l1v,
            &mut m.gpu.l1i,
            &mut m.gpu.l1k,
            &mut m.gpu.l2,
        ] {
            assert!(cache.allocate_on_miss);
            cache.allocate_on_miss = false;
        }
        assert_eq!(m, PlatformConfig::default_platform());
        let migration = include_str!("../../../configs/page-migration.toml");
        let p = PlatformConfig::from_toml(Some(migration), "page-migration.toml").unwrap();
        assert_eq!(p.page_migration, PageMigration::OnDemand);
        let pasi = include_str!("../../../configs/pasi.toml");
        let p = PlatformConfig::from_toml(Some(pasi), "pasi.toml").unwrap();
        assert_eq!(
            (p.page_migration, p.pasi_initial_pages),
            (PageMigration::Pasi, 16)
        );
        assert_eq!(
            PlatformConfig::default_platform().page_migration,
            PageMigration::Off
        );
        assert_eq!(
            PlatformConfig::default_platform().migration_procedure,
            MigrationProcedure::LinksOnly
        );
        assert_eq!(
            PlatformConfig::default_platform().unified_page_order,
            UnifiedPageOrder::PageNumber
        );
        let order = "[platform]\nunified_page_order = \"random\"\n";
        assert!(PlatformConfig::from_toml(Some(order), "t").is_err());
        let odd = "[platform]\npasi_initial_pages = 12\n";
        let e = PlatformConfig::from_toml(Some(odd), "t").unwrap_err();
        assert_eq!(e.key, "platform.pasi_initial_pages");
    }

    #[test]
    fn the_switches_need_a_pcie_tree_of_flits_a_cycle_and_no_migration() {
        assert_eq!(
            PlatformConfig::default_platform().link_model,
            LinkModel::Booked
        );
        let links = include_str!("../../../configs/mgpusim-links.toml");
        let p = PlatformConfig::from_toml(Some(links), "mgpusim-links.toml").unwrap();
        assert_eq!(p.link_model, LinkModel::Switches);
        let switches = "[platform]\nlink_model = \"switches\"\n";
        for (extra, why) in [
            ("", "link_flit_bytes above 0"),
            ("link_flit_bytes = 64\n", "pcie_gbytes_per_s = 64"),
            (
                "pcie_gbytes_per_s = 64.0\nlink_flit_bytes = 64\ngpu_links = \"all_to_all\"\n",
                "pcie_tree",
            ),
            (
                "pcie_gbytes_per_s = 32.0\nlink_flit_bytes = 64\n",
                "one flit of link_flit_bytes a cycle",
            ),
            (
                "pcie_gbytes_per_s = 64.0\nlink_flit_bytes = 64\npage_migration = \"pasi\"\n",
                "page_migration",
            ),
        ] {
            let toml = format!("{switches}{extra}");
            let e = PlatformConfig::from_toml(Some(&toml), "t").unwrap_err();
            assert_eq!(e.key, "platform.link_model", "{extra}");
            assert!(e.to_string().contains(why), "{extra}: {e}");
        }
        let fine = format!("{switches}pcie_gbytes_per_s = 64.0\nlink_flit_bytes = 64\n");
        assert!(PlatformConfig::from_toml(Some(&fine), "t").is_ok());
    }

    #[test]
    fn overlay_changes_only_named_keys() {
        let p = PlatformConfig::from_toml(
            Some(
                "[platform]\ngpus = 2\n[gpu]\ncompute_units = 32\n[gpu.l2]\nlatency_cycles = 12\n",
            ),
            "test.toml",
        )
        .unwrap();
        assert_eq!(p.gpu_count, 2);
        assert_eq!(p.gpu.compute_units, 32);
        assert_eq!(p.gpu.l2.latency_cycles, 12);
        assert_eq!(p.gpu.l2.ways, 16);
        assert_eq!(p.gpu.clock_mhz, 1000);
    }

    #[test]
    fn integer_is_accepted_for_float_key() {
        let p =
            PlatformConfig::from_toml(Some("[platform]\npcie_gbytes_per_s = 32\n"), "t").unwrap();
        assert_eq!(p.pcie_gbytes_per_s, 32.0);
    }

    #[test]
    fn optional_cache_keys_may_be_set_though_the_embedded_file_leaves_them_out() {
        let p = PlatformConfig::from_toml(
            Some("[gpu.l2]\ntag_latency_cycles = 4\nfill_latency_cycles = 3\n"),
            "t",
        )
        .unwrap();
        assert_eq!(p.gpu.l2.tag_latency_cycles, Some(4));
        assert_eq!(p.gpu.l2.fill_latency_cycles, 3);
        // Left out, the L2's tag lookup still follows its latency.
        let p = PlatformConfig::from_toml(Some("[gpu.l2]\nlatency_cycles = 30\n"), "t").unwrap();
        assert_eq!(p.gpu.l2.tag_cycles(), 30);
        let e = PlatformConfig::from_toml(Some("[gpu.l2]\ntag_latency_cycles = \"x\"\n"), "t")
            .unwrap_err();
        assert!(e.to_string().contains("tag_latency_cycles"), "{e}");
        // Only caches have them.
        let e = PlatformConfig::from_toml(Some("[gpu.l2_tlb]\ntag_latency_cycles = 4\n"), "t")
            .unwrap_err();
        assert_eq!(e.key, "gpu.l2_tlb.tag_latency_cycles");
    }

    #[test]
    fn unknown_key_is_named() {
        let e = PlatformConfig::from_toml(Some("[gpu.l2]\nassociativity = 8\n"), "my.toml")
            .unwrap_err();
        assert_eq!(e.key, "gpu.l2.associativity");
        assert_eq!(e.value, "8");
        assert!(e.to_string().contains("gpu.l2.associativity"), "{e}");
    }

    #[test]
    fn wrong_type_is_named() {
        let e = PlatformConfig::from_toml(Some("[gpu]\nclock_mhz = \"fast\"\n"), "t").unwrap_err();
        assert_eq!(e.key, "gpu.clock_mhz");
        assert!(e.reason.contains("integer"), "{e}");
    }

    #[test]
    fn bad_values_are_rejected_with_key_and_value() {
        let cases = [
            ("[platform]\ngpus = 0\n", "platform.gpus"),
            ("[gpu]\nisa = \"gfx900\"\n", "gpu.isa"),
            ("[gpu]\nshader_arrays = 5\n", "gpu.shader_arrays"),
            ("[gpu]\npage_bytes = 3000\n", "gpu.page_bytes"),
            (
                "[gpu]\nwavefront_slots_per_simd = 65\n",
                "gpu.wavefront_slots_per_simd",
            ),
            ("[gpu.l1v]\nline_bytes = 48\n", "gpu.l1v.line_bytes"),
            ("[gpu.l1k]\nline_bytes = 128\n", "gpu.l1k.line_bytes"),
            ("[gpu.l1v]\nsize_bytes = 1000\n", "gpu.l1v.size_bytes"),
            (
                "[platform]\npcie_gbytes_per_s = -1.0\n",
                "platform.pcie_gbytes_per_s",
            ),
            ("[platform]\npage_walkers = 0\n", "platform.page_walkers"),
            ("[gpu.l1_tlb]\nsets = 3\n", "gpu.l1_tlb.sets"),
            ("[gpu.l2_tlb]\nways = 0\n", "gpu.l2_tlb.ways"),
            (
                "[gpu.dram]\nbytes_per_cycle = 0\n",
                "gpu.dram.bytes_per_cycle",
            ),
        ];
        for (text, key) in cases {
            let e = PlatformConfig::from_toml(Some(text), "t").unwrap_err();
            assert_eq!(e.key, key, "{text}: {e}");
        }
    }

    #[test]
    fn malformed_toml_is_an_error() {
        let e = PlatformConfig::from_toml(Some("[gpu\n"), "broken.toml").unwrap_err();
        assert_eq!(e.key, "broken.toml");
        assert!(e.reason.contains("TOML"));
    }
}
