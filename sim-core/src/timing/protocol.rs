//! The memory protocol: requests for a byte range, translations of pages, and their
//! answers, as travel between compute units, TLBs, caches, the IOMMU and DRAM.
//!
//! # Addresses
//!
//! A request sent to a TLB carries a *virtual* address of the driver's unified address
//! space; a request sent to a cache, the crossbar or a DRAM controller carries a
//! *physical* address. A physical address names the GPU whose DRAM holds the byte in its
//! top [`GPU_SHIFT`].. bits and the byte within that GPU's memory below. The driver's
//! [`GpuMemory`](crate::driver::GpuMemory) keeps each GPU's frames in a page table keyed
//! by virtual page number and has no frame numbers of its own, so a frame is named by the
//! virtual page it backs on that GPU: (gpu, page number) is unique, and the low bits of a
//! physical address equal the virtual address. What translation decides is *which* GPU
//! holds the page (the IOMMU looks it up in the page tables) — or that none does.
//!
//! # Requests and responses
//!
//! Every [`MemRequest`] is answered by exactly one [`MemResponse`] with the same `id`,
//! through the port it came in. Ids are chosen by the sender and only need to be unique
//! among its requests in flight on that port; a component forwarding a request gives it
//! an id of its own. A request covers bytes of one cache line (the compute unit's
//! coalescer splits wider accesses); the [`DmaEngine`](super::DmaEngine) is the one
//! component that takes ranges of any length. Every [`TranslationRequest`] is answered by
//! one [`TranslationResponse`] the same way.

use std::fmt;

/// Bit position of the GPU number in a physical address.
pub const GPU_SHIFT: u32 = 56;

/// The physical address of byte `local` of GPU `gpu`'s memory.
pub fn physical_address(gpu: usize, local: u64) -> u64 {
    ((gpu as u64) << GPU_SHIFT) | (local & local_mask())
}

/// The GPU whose memory holds physical address `address`.
pub fn gpu_of(address: u64) -> usize {
    (address >> GPU_SHIFT) as usize
}

/// The address within its GPU's memory of physical address `address`.
pub fn local_address(address: u64) -> u64 {
    address & local_mask()
}

fn local_mask() -> u64 {
    (1 << GPU_SHIFT) - 1
}

/// What a request asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    /// Read `bytes` bytes. The answer carries only their number, not the bytes: values
    /// come from the functional model, so reads only time the access (and no cache
    /// keeps a clean line's bytes).
    Read {
        /// Number of bytes.
        bytes: u32,
    },
    /// Write these bytes.
    Write {
        /// The bytes, in address order.
        data: Vec<u8>,
    },
    /// Make memory consistent: a cache writes back its dirty lines and, when
    /// `invalidate`, drops all lines (else keeps them, clean); a TLB drops its
    /// translations when `invalidate`; each passes the flush on below, and the answer
    /// comes when everything below has flushed too. The address is ignored.
    Flush {
        /// Whether lines and translations are dropped too.
        invalidate: bool,
    },
}

impl Access {
    /// `"read"`, `"write"` or `"flush"`: the kind of task hooks see.
    pub fn kind(&self) -> &'static str {
        match self {
            Access::Read { .. } => "read",
            Access::Write { .. } => "write",
            Access::Flush { .. } => "flush",
        }
    }
}

/// A read, write or flush of memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemRequest {
    /// Chosen by the sender; the response carries it back.
    pub id: u64,
    /// First byte (virtual or physical, see the module documentation).
    pub address: u64,
    /// What to do.
    pub access: Access,
}

impl MemRequest {
    /// A read of `bytes` bytes at `address` (answered with their number, see
    /// [`Access::Read`]).
    pub fn read(id: u64, address: u64, bytes: u32) -> Self {
        MemRequest {
            id,
            address,
            access: Access::Read { bytes },
        }
    }

    /// A write of `data` at `address`.
    pub fn write(id: u64, address: u64, data: Vec<u8>) -> Self {
        MemRequest {
            id,
            address,
            access: Access::Write { data },
        }
    }

    /// A flush that drops every cached line and translation.
    pub fn flush(id: u64) -> Self {
        MemRequest {
            id,
            address: 0,
            access: Access::Flush { invalidate: true },
        }
    }

    /// A flush that writes dirty lines back and keeps lines and translations.
    pub fn write_back(id: u64) -> Self {
        MemRequest {
            id,
            address: 0,
            access: Access::Flush { invalidate: false },
        }
    }

    /// Number of bytes read or written (0 for a flush).
    pub fn len(&self) -> u64 {
        match &self.access {
            Access::Read { bytes, .. } => u64::from(*bytes),
            Access::Write { data } => data.len() as u64,
            Access::Flush { .. } => 0,
        }
    }

    /// Whether the request reads or writes nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Why a request failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemError {
    /// No GPU's page table maps the page of this virtual address.
    PageFault {
        /// The virtual address.
        address: u64,
    },
    /// The physical address is not backed by the DRAM it reached (the page moved after
    /// it was translated, or it belongs to a GPU with no link to this one).
    NotInMemory {
        /// The physical address.
        address: u64,
    },
    /// The range crosses a cache line or page: the sender must split it.
    CrossesBoundary {
        /// First byte.
        address: u64,
        /// Length.
        bytes: u64,
        /// The line or page size it must stay within.
        boundary: u64,
    },
}

impl fmt::Display for MemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::PageFault { address } => write!(f, "page fault at virtual address {address:#x}"),
            Self::NotInMemory { address } => write!(
                f,
                "physical address {address:#x} (GPU {}) is not in this GPU's memory",
                gpu_of(*address)
            ),
            Self::CrossesBoundary {
                address,
                bytes,
                boundary,
            } => write!(
                f,
                "access of {bytes} bytes at {address:#x} crosses a {boundary}-byte boundary"
            ),
        }
    }
}

impl std::error::Error for MemError {}

/// What a successful answer to a [`MemRequest`] carries: how many bytes it stands for
/// (what links carry): those read, or none for a write or flush. No answer carries the
/// bytes themselves (see [`Access::Read`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payload(u32);

impl Payload {
    /// What a write or flush is answered with.
    pub const EMPTY: Payload = Payload(0);

    /// The answer to a read of `bytes` bytes.
    pub fn read(bytes: u32) -> Payload {
        Payload(bytes)
    }

    /// Number of bytes it stands for.
    pub fn len(&self) -> u64 {
        u64::from(self.0)
    }

    /// Whether it stands for no bytes.
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

/// The answer to a [`MemRequest`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemResponse {
    /// The request's id.
    pub id: u64,
    /// How many bytes were read (none for a write or flush), or why it failed.
    pub result: Result<Payload, MemError>,
}

/// A question to the next translation level: which physical page backs a virtual page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TranslationRequest {
    /// Chosen by the sender; the response carries it back.
    pub id: u64,
    /// The GPU asking (its own memory is looked at first).
    pub gpu: usize,
    /// The virtual page number.
    pub page: u64,
}

/// The answer to a [`TranslationRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TranslationResponse {
    /// The request's id.
    pub id: u64,
    /// The virtual page number asked about.
    pub page: u64,
    /// The GPU whose memory holds the page, or `None` for a page fault.
    pub gpu: Option<usize>,
}

/// Everything the memory hierarchy's components say to one another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoryMessage {
    /// A read, write or flush, travelling down.
    Request(MemRequest),
    /// Its answer, travelling up.
    Response(MemResponse),
    /// A translation question, travelling down the TLBs to the IOMMU.
    Translate(TranslationRequest),
    /// Its answer.
    Translation(TranslationResponse),
}

/// A message type of an [`Engine`](crate::engine::Engine) that can carry
/// [`MemoryMessage`]s, so the memory components can share an engine with components that
/// speak other protocols (e.g. the GPU's `Message` with a variant holding a
/// `MemoryMessage`).
pub trait CarriesMemory: From<MemoryMessage> + Send + 'static {
    /// The memory message inside, or the message itself when it is something else.
    fn into_memory(self) -> Result<MemoryMessage, Self>;

    /// The memory message inside, if any (for hooks).
    fn as_memory(&self) -> Option<&MemoryMessage>;
}

impl CarriesMemory for MemoryMessage {
    fn into_memory(self) -> Result<MemoryMessage, Self> {
        Ok(self)
    }

    fn as_memory(&self) -> Option<&MemoryMessage> {
        Some(self)
    }
}
