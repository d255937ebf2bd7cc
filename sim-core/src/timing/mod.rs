//! The timing model's memory hierarchy: the [protocol] its requests speak, and
//! the components they travel through — TLBs and the IOMMU's page walker, L1 and L2
//! caches, crossbars, DRAM controllers, the DMA engine and PCIe links — assembled per GPU
//! by [`add_gpu_memory`] (and for a platform by [`add_platform_memory`]), with metrics
//! gathered by hooks ([`MetricsCollector`]).
//!
//! # How a compute unit plugs in
//!
//! Build the memory system first ([`add_platform_memory`], or [`add_gpu_memory`] for one
//! GPU), then the compute units; each gives itself three ports and links them, with
//! latency 0, to its GPU's [`GpuMemoryParts::vector`], [`GpuMemoryParts::scalar`] and
//! [`GpuMemoryParts::instruction`] entries at its index. Through each it sends
//! [`MemoryMessage::Request`]s at virtual addresses, each within one 64-byte line, and
//! receives one [`MemoryMessage::Response`] per request with the same id (carrying the
//! bytes read). A refused send is retried on [`Wake::PortFree`](crate::engine::Wake).
//! The components are generic over the engine's message type through [`CarriesMemory`],
//! so they can share an engine with the command processor and dispatcher once the GPU's
//! message type carries a [`MemoryMessage`].
//!
//! # How data stays right
//!
//! Values come from the functional model, so reads only time their accesses: their
//! answers carry the number of bytes, not the bytes, and a cache keeps of a line only
//! the bytes written to it (to write back). Writes carry their bytes: DRAM controllers
//! write them into the driver's memory. The L1 caches are write-through (they never
//! hold written bytes the L2 lacks); the L2 banks are write-back, so memory as the
//! driver sees it is current only after a flush: a [`Access::Flush`] sent to any L1
//! port (or the DMA port) drops that L1's lines and makes every L2 bank of the GPU write
//! back its dirty lines and drop all lines (through the crossbar's broadcast); TLBs on
//! the way drop their translations. The driver should flush after a kernel and before it
//! touches device memory directly, and before a kernel that follows direct writes.
//! L1s of different compute units are not kept coherent with each other within a kernel
//! (as on GCN3, where that takes explicit cache-control bits).
//!
//! A page resident on another GPU is reached through the crossbars and the [`Fabric`]
//! between the GPUs (a PCIe switch tree or direct links, [`add_platform_memory`]): the
//! request is served by the other GPU's L2 banks, so a flush of that GPU makes its writes
//! visible.

mod builder;
mod cache;
mod crossbar;
pub mod cu;
mod dma;
mod dram;
mod dram_bus;
mod dram_queue;
mod fabric;
mod link_coupling;
mod metrics;
mod migration;
mod migration_procedure;
mod page_walker;
mod pcie;
mod plumbing;
pub mod protocol;
mod set_associative;
mod shared_links;
mod slot_table;
mod switches;
mod tlb;
mod waiting_ports;

pub use builder::{
    add_gpu_memory, add_platform_memory, GpuMemoryParts, PlatformMemoryParts, IOMMU_PORT_CAPACITY,
    PORT_CAPACITY,
};
pub use cache::{Cache, CacheGeometry, CacheReset, WritePolicy};
pub use crossbar::Crossbar;
pub use dma::DmaEngine;
pub use dram::{DramController, DramTiming};
pub use fabric::{
    copy_on_idle_links, link_bytes, message_on_idle_links, Fabric, FabricLinks, FabricStats,
    FabricTraffic, LinkTraffic, Node, Topology,
};
pub use link_coupling::LinkCoupling;
pub use metrics::{Metric, MetricsCollector};
pub use page_walker::PageWalker;
pub use pcie::PcieLink;
pub use protocol::{
    Access, CarriesMemory, MemError, MemRequest, MemResponse, MemoryMessage, Payload,
    TranslationRequest, TranslationResponse,
};
pub use shared_links::{EndedTransfer, SharedLinks};
pub use tlb::{Tlb, TlbGeometry};

#[cfg(test)]
mod tests;
