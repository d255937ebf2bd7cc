//! The driver: owns every simulated GPU's memory, hands out buffers in one unified virtual
//! address space, and moves data between the host and the GPUs (and between GPUs).

mod address_space;
mod buffer;
mod memory;
mod svm;

pub use address_space::Arena;
pub use buffer::{Buffer, Pinned};
pub use memory::{Frame, GpuMemory};
pub use svm::{SvmAllocation, SystemPages};

use crate::config::PlatformConfig;
use address_space::AddressSpace;
use std::fmt;
use std::sync::{Arc, Mutex};

/// What went wrong in a driver request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DriverError {
    /// A GPU's DRAM cannot hold the pages asked for.
    OutOfMemory {
        /// The GPU.
        gpu: usize,
        /// Bytes asked for.
        requested_bytes: u64,
        /// Bytes that were free.
        free_bytes: u64,
    },
    /// The host has no memory for a shared (SVM) allocation of this size.
    OutOfHostMemory {
        /// Bytes asked for.
        requested_bytes: u64,
    },
    /// The virtual address space has no free range of this size.
    OutOfAddressSpace {
        /// Bytes asked for.
        requested_bytes: u64,
    },
    /// A range outside a buffer.
    OutOfRange {
        /// Start of the range within the buffer.
        offset: u64,
        /// Length of the range.
        len: u64,
        /// The buffer's size.
        size: u64,
    },
    /// An address that no page of this GPU maps.
    UnmappedAddress {
        /// The GPU.
        gpu: usize,
        /// The virtual address.
        address: u64,
    },
    /// A GPU index beyond the platform.
    NoSuchGpu {
        /// The index asked for.
        gpu: usize,
        /// How many GPUs there are.
        count: usize,
    },
    /// A fill whose length is not a multiple of its (non-empty) pattern.
    BadFillPattern {
        /// Pattern length.
        pattern_bytes: usize,
        /// Fill length.
        len: u64,
    },
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfMemory {
                gpu,
                requested_bytes,
                free_bytes,
            } => write!(
                f,
                "GPU {gpu} is out of memory: {requested_bytes} bytes requested, {free_bytes} free"
            ),
            Self::OutOfHostMemory { requested_bytes } => {
                write!(
                    f,
                    "the host has no memory for {requested_bytes} shared bytes"
                )
            }
            Self::OutOfAddressSpace { requested_bytes } => {
                write!(
                    f,
                    "no free virtual address range of {requested_bytes} bytes"
                )
            }
            Self::OutOfRange { offset, len, size } => write!(
                f,
                "range of {len} bytes at offset {offset} lies outside a buffer of {size} bytes"
            ),
            Self::UnmappedAddress { gpu, address } => {
                write!(f, "address {address:#x} is not mapped on GPU {gpu}")
            }
            Self::NoSuchGpu { gpu, count } => {
                write!(f, "GPU {gpu} does not exist (the platform has {count})")
            }
            Self::BadFillPattern { pattern_bytes, len } => write!(
                f,
                "fill of {len} bytes is not a multiple of its {pattern_bytes}-byte pattern"
            ),
        }
    }
}

impl std::error::Error for DriverError {}

/// The driver of all simulated GPUs of a platform.
#[derive(Debug)]
pub struct Driver {
    /// One memory per OpenCL device: per GPU, or one for a unified device's GPUs.
    gpus: Vec<GpuMemory>,
    /// Number of simulated GPUs (more than `gpus.len()` for a unified device).
    physical_gpus: usize,
    address_space: Mutex<AddressSpace>,
    page_bytes: u64,
}

impl Driver {
    /// A driver for the GPUs `platform` describes, with all memory free: a memory per GPU,
    /// or with `platform.unified_gpus` one memory whose pages are interleaved over them.
    pub fn new(platform: &PlatformConfig) -> Arc<Driver> {
        let gpu = &platform.gpu;
        let gpus = if platform.unified_gpus {
            let n = platform.gpu_count;
            let order = platform.unified_page_order;
            vec![GpuMemory::unified(
                n,
                gpu.dram_bytes,
                gpu.page_bytes,
                1,
                order,
            )]
        } else {
            (0..platform.gpu_count)
                .map(|i| GpuMemory::new(i, gpu.dram_bytes, gpu.page_bytes))
                .collect()
        };
        Arc::new(Driver {
            gpus,
            physical_gpus: platform.gpu_count,
            address_space: Mutex::new(AddressSpace::new(gpu.page_bytes, platform.gpu_count)),
            page_bytes: gpu.page_bytes,
        })
    }

    /// Number of OpenCL devices (GPUs, or one unified device).
    pub fn gpu_count(&self) -> usize {
        self.gpus.len()
    }

    /// Number of simulated GPUs (those of a unified device counted one by one).
    pub fn physical_gpus(&self) -> usize {
        self.physical_gpus
    }

    /// The page size of every GPU's memory.
    pub fn page_bytes(&self) -> u64 {
        self.page_bytes
    }

    /// The memory of GPU `gpu`: of device `gpu`, or for each GPU of a unified device the
    /// device's (whose pages say which GPU holds them: [`GpuMemory::home_of`]).
    pub fn gpu(&self, gpu: usize) -> Result<&GpuMemory, DriverError> {
        let device = if self.gpus.len() == 1 && gpu < self.physical_gpus {
            0
        } else {
            gpu
        };
        self.gpus.get(device).ok_or(DriverError::NoSuchGpu {
            gpu,
            count: self.gpus.len(),
        })
    }

    /// A new zeroed buffer of `size` bytes for the application (in [`Arena::Host`]); it
    /// takes GPU memory only once a GPU uses it.
    pub fn create_buffer(self: &Arc<Self>, size: u64) -> Result<Arc<Buffer>, DriverError> {
        self.create_buffer_in(Arena::Host, size)
    }

    /// A new zeroed buffer of `size` bytes whose address comes from `arena`: the
    /// application's buffers from [`Arena::Host`], memory the driver keeps for GPU `g`'s
    /// own use from `Arena::Gpu(g)`, so that no host thread's progress moves another's
    /// addresses (see [`Arena`]). It takes GPU memory only once a GPU uses it.
    pub fn create_buffer_in(
        self: &Arc<Self>,
        arena: Arena,
        size: u64,
    ) -> Result<Arc<Buffer>, DriverError> {
        if let Arena::Gpu(gpu) = arena {
            self.gpu(gpu)?;
        }
        let capacity = self.gpus.iter().map(|g| g.free_bytes()).max().unwrap_or(0);
        if size > capacity {
            return Err(DriverError::OutOfMemory {
                gpu: 0,
                requested_bytes: size,
                free_bytes: capacity,
            });
        }
        let mut space = self.address_space.lock().unwrap_or_else(|e| e.into_inner());
        let address = space
            .reserve(arena, size)
            .ok_or(DriverError::OutOfAddressSpace {
                requested_bytes: size,
            })?;
        let buffer = Buffer::new(self.clone(), address, size);
        // A unified device in `UnifiedPageOrder::AllocationOrder` gives the application's
        // memory objects' pages their turns (in the order of their addresses, taken
        // under the same lock). MGPUSim v3.0.0 turns every page its unified device
        // allocates (`allocateUnifiedGPUPage`), which are the program's buffers only:
        // before a launch its driver allocates the code object, the arguments and the
        // packet on each GPU's own device (`enqueueLaunchUnifiedKernel` sets the
        // context's GPU to each member in turn), taking no turn of the unified device.
        // gcnsim's driver keeps its own memory (those copies, one kernel-argument
        // segment and code image per device without fresh copies, printf buffers,
        // scratch, which MGPUSim does not allocate) in its GPUs' arenas: none takes a
        // turn either. Image and sampler descriptors, which MGPUSim has no counterpart
        // of, are the program's objects in its arena and take theirs.
        if arena == Arena::Host {
            for memory in &self.gpus {
                memory.take_turns(address, buffer.pages());
            }
        }
        drop(space);
        Ok(Arc::new(buffer))
    }

    /// Scratch memory of `size` bytes for GPU `gpu` (from its own arena), resident there
    /// with pages that take DRAM only when first used: room for every wavefront slot is
    /// reserved, memory is taken for the wavefronts that run. A page that finds no DRAM
    /// left faults the wavefront that touches it.
    pub fn create_scratch(
        self: &Arc<Self>,
        gpu: usize,
        size: u64,
    ) -> Result<Arc<Buffer>, DriverError> {
        let memory = self.gpu(gpu)?;
        let address = self
            .address_space
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .reserve(Arena::Gpu(gpu), size)
            .ok_or(DriverError::OutOfAddressSpace {
                requested_bytes: size,
            })?;
        let buffer = Buffer::new(self.clone(), address, size);
        memory.map_on_demand(address, buffer.pages());
        *buffer.lock() = Some(gpu);
        Ok(Arc::new(buffer))
    }

    /// A buffer of `size` bytes at `address` inside SVM allocation `svm`: its bytes are the
    /// allocation's (`CL_MEM_USE_HOST_PTR` on an SVM pointer). `None` if the range is not
    /// inside the allocation.
    pub fn create_buffer_on_svm(
        self: &Arc<Self>,
        svm: &Arc<SvmAllocation>,
        address: u64,
        size: u64,
    ) -> Option<Arc<Buffer>> {
        svm.contains(address, size).then(|| {
            let mut buffer = Buffer::new(self.clone(), address, size);
            buffer.svm = Some(svm.clone());
            Arc::new(buffer)
        })
    }

    fn release_address_range(&self, address: u64, size: u64) {
        for memory in &self.gpus {
            memory.forget_range(address);
        }
        self.address_space
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .release(address, size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::UnifiedPageOrder;

    /// A driver for `gpus` R9 Nanos (shared with the other driver tests).
    pub(super) fn driver(gpus: usize) -> Arc<Driver> {
        let mut platform = PlatformConfig::default_platform();
        platform.gpu_count = gpus;
        Driver::new(&platform)
    }

    /// The driver of a unified device of `gpus` GPUs.
    fn unified_driver(gpus: usize) -> Arc<Driver> {
        unified_driver_in(gpus, UnifiedPageOrder::PageNumber)
    }

    /// The driver of a unified device of `gpus` GPUs whose pages are spread in `order`.
    fn unified_driver_in(gpus: usize, order: UnifiedPageOrder) -> Arc<Driver> {
        let mut platform = PlatformConfig::default_platform();
        platform.gpu_count = gpus;
        platform.unified_gpus = true;
        platform.unified_page_order = order;
        Driver::new(&platform)
    }

    /// The GPUs holding `buffer`'s pages, in order.
    fn homes(d: &Driver, buffer: &Buffer) -> Vec<usize> {
        let memory = d.gpu(0).unwrap();
        (0..buffer.pages())
            .map(|p| memory.home_of(buffer.address() + p * d.page_bytes()))
            .collect()
    }

    #[test]
    fn in_allocation_order_the_pages_take_the_gpus_in_turn_from_the_last() {
        // MGPUSim's rule: the j-th page the unified device allocates lives on GPU
        // (j + N - 1) mod N, the turn running on from one buffer into the next.
        let d = unified_driver_in(4, UnifiedPageOrder::AllocationOrder);
        let first = d.create_buffer(3 * 4096).unwrap();
        // The driver's own memory (code, arguments, scratch) takes no turn.
        let own = d.create_buffer_in(Arena::Gpu(0), 2 * 4096).unwrap();
        let second = d.create_buffer(5 * 4096 - 100).unwrap();
        assert_eq!(homes(&d, &first), [3, 0, 1]);
        assert_eq!(homes(&d, &second), [2, 3, 0, 1, 2]);
        let by_number = |address: u64| ((address / 4096) % 4) as usize;
        let memory = d.gpu(0).unwrap();
        assert_eq!(memory.home_of(own.address()), by_number(own.address()));
        // A freed buffer's pages lose their turns; the turn runs on regardless.
        let freed = first.address();
        drop(first);
        assert_eq!(memory.home_of(freed), by_number(freed));
        let third = d.create_buffer(2 * 4096).unwrap();
        assert_eq!(homes(&d, &third), [3, 0]);
        // The Locality API's placement comes first.
        assert_eq!(memory.place(second.address(), 1, 0), Ok(1));
        assert_eq!(homes(&d, &second), [0, 3, 0, 1, 2]);
        // The same allocations by page number: page n on GPU n mod 4.
        let d = unified_driver(4);
        let buffers = [3 * 4096, 5 * 4096 - 100].map(|size| d.create_buffer(size).unwrap());
        for buffer in &buffers {
            let expected: Vec<usize> = (0..buffer.pages())
                .map(|p| by_number(buffer.address() + p * 4096))
                .collect();
            assert_eq!(homes(&d, buffer), expected);
        }
        // On one GPU every page is on it, in either order.
        for order in [
            UnifiedPageOrder::PageNumber,
            UnifiedPageOrder::AllocationOrder,
        ] {
            let d = unified_driver_in(1, order);
            let buffers = [3, 5].map(|pages| d.create_buffer(pages * 4096).unwrap());
            assert!(buffers.iter().all(|b| homes(&d, b).iter().all(|&h| h == 0)));
        }
    }

    #[test]
    fn buffers_start_zeroed_and_keep_what_is_written() {
        let d = driver(1);
        let b = d.create_buffer(10_000).unwrap();
        let mut out = vec![0xffu8; 10_000];
        b.read(0, 0, &mut out).unwrap();
        assert!(out.iter().all(|&x| x == 0));
        b.write(0, 4093, b"hello, gpu").unwrap();
        let mut word = [0u8; 10];
        b.read(0, 4093, &mut word).unwrap();
        assert_eq!(&word, b"hello, gpu");
    }

    #[test]
    fn data_follows_the_gpu_that_uses_it() {
        let d = driver(4);
        let b = d.create_buffer(5000).unwrap();
        let data: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
        b.write(0, 0, &data).unwrap();
        assert_eq!(b.resident_gpu(), Some(0));
        let mut out = vec![0u8; 5000];
        b.read(3, 0, &mut out).unwrap();
        assert_eq!(out, data);
        assert_eq!(b.resident_gpu(), Some(3));
        assert!(
            d.gpu(0).unwrap().translate(b.address()).is_none(),
            "pages left GPU 0"
        );
        assert!(d.gpu(3).unwrap().translate(b.address() + 4999).is_some());
    }

    #[test]
    fn copy_and_fill() {
        let d = driver(2);
        let a = d.create_buffer(100_000).unwrap();
        let b = d.create_buffer(100_000).unwrap();
        a.fill(0, 8, &[1, 2, 3], 99_990).unwrap();
        b.copy_from(1, 0, &a, 8, 300).unwrap();
        let mut out = vec![0u8; 300];
        b.read(1, 0, &mut out).unwrap();
        assert!(out.chunks(3).all(|c| c == [1, 2, 3]));
        a.copy_from(1, 0, &a, 9, 6).unwrap();
        let mut head = [0u8; 9];
        a.read(1, 0, &mut head).unwrap();
        assert_eq!(head, [2, 3, 1, 2, 3, 1, 0, 0, 1]);
        assert!(matches!(
            a.fill(0, 0, &[1, 2], 3),
            Err(DriverError::BadFillPattern { .. })
        ));
    }

    #[test]
    fn concurrent_writes_from_several_gpus_all_land() {
        let d = driver(4);
        let b = d.create_buffer(4 * 64 * 1024).unwrap();
        std::thread::scope(|scope| {
            for gpu in 0..4u8 {
                let b = &b;
                scope.spawn(move || {
                    for slice in 0..64u64 {
                        let offset = (u64::from(gpu) * 64 + slice) * 1024;
                        b.write(gpu.into(), offset, &[gpu + 1; 1024]).unwrap();
                    }
                });
            }
        });
        let mut out = vec![0u8; 4 * 64 * 1024];
        b.read(2, 0, &mut out).unwrap();
        for (i, chunk) in out.chunks(64 * 1024).enumerate() {
            assert!(
                chunk.iter().all(|&x| x == i as u8 + 1),
                "slice of GPU {i} lost"
            );
        }
    }

    #[test]
    fn a_unified_device_interleaves_its_pages_over_its_gpus() {
        let d = unified_driver(3);
        assert_eq!((d.gpu_count(), d.physical_gpus()), (1, 3));
        let b = d.create_buffer(8 * 4096).unwrap();
        let data: Vec<u8> = (0..8 * 4096u32).map(|i| (i % 253) as u8).collect();
        b.write(0, 0, &data).unwrap();
        // Every GPU of the device sees the same memory.
        let memory = d.gpu(2).unwrap();
        let mut out = vec![0u8; data.len()];
        memory.read(b.address(), &mut out).unwrap();
        assert_eq!(out, data);
        let homes: Vec<usize> = (0..8)
            .map(|p| memory.home_of(b.address() + p * 4096))
            .collect();
        let first = homes[0];
        assert!(homes.iter().enumerate().all(|(p, &h)| h == (first + p) % 3));
        // Placing pages moves them (the count says how many changed GPU).
        assert_eq!(memory.place(b.address(), 3, first), Ok(2));
        assert_eq!(memory.home_of(b.address() + 2 * 4096), first);
        assert!(memory.place(b.address(), 1, 3).is_err(), "no GPU 3");
        assert!(d.gpu(3).is_err());
    }

    #[test]
    fn every_gpu_of_a_unified_device_reads_a_replicated_page_from_its_own_memory() {
        let d = unified_driver(3);
        let memory = d.gpu(0).unwrap();
        let code = d.create_buffer(5000).unwrap();
        let data = d.create_buffer(4096).unwrap();
        memory.replicate(code.address(), code.size());
        for gpu in 0..3 {
            for page in 0..2 {
                assert_eq!(memory.home_for(code.address() + page * 4096, gpu), gpu);
            }
            let home = memory.home_of(data.address());
            assert_eq!(memory.home_for(data.address(), gpu), home, "not replicated");
        }
        // Freed, its pages are no longer replicated (a later buffer may take them).
        let (address, home) = (code.address(), memory.home_of(code.address()));
        drop(code);
        assert_eq!(memory.home_for(address, (home + 1) % 3), home);
        // On a single GPU there is nothing to replicate.
        let single = driver(1);
        let b = single.create_buffer(16).unwrap();
        single.gpu(0).unwrap().replicate(b.address(), 16);
        assert_eq!(single.gpu(0).unwrap().home_for(b.address(), 0), 0);
    }

    #[test]
    fn ranges_are_checked() {
        let d = driver(1);
        let b = d.create_buffer(16).unwrap();
        assert!(matches!(
            b.write(0, 10, &[0; 7]),
            Err(DriverError::OutOfRange { .. })
        ));
        assert!(matches!(
            b.read(0, u64::MAX, &mut [0; 2]),
            Err(DriverError::OutOfRange { .. })
        ));
        assert!(matches!(
            b.write(5, 0, &[0]),
            Err(DriverError::NoSuchGpu { gpu: 5, count: 1 })
        ));
    }

    #[test]
    fn memory_and_addresses_are_returned_on_drop() {
        let d = driver(1);
        let before = d.gpu(0).unwrap().free_bytes();
        let b = d.create_buffer(1 << 20).unwrap();
        let address = b.address();
        b.make_resident(0).unwrap();
        assert_eq!(d.gpu(0).unwrap().free_bytes(), before - (1 << 20));
        drop(b);
        assert_eq!(d.gpu(0).unwrap().free_bytes(), before);
        let space = &mut d.address_space.lock().unwrap();
        assert!(
            space.reserve_at(address, 1 << 20),
            "the range is free again"
        );
    }

    #[test]
    fn the_driver_s_own_buffers_do_not_move_the_application_s() {
        let d = driver(2);
        let first = d.create_buffer(5000).unwrap().address();
        let own = d.create_buffer_in(Arena::Gpu(1), 64).unwrap();
        assert_ne!(own.address(), first + 8192);
        let second = d.create_buffer(5000).unwrap().address();
        assert_eq!(
            second,
            first + 8192,
            "next in the host's arena, as if alone"
        );
        assert!(matches!(
            d.create_buffer_in(Arena::Gpu(2), 64),
            Err(DriverError::NoSuchGpu { gpu: 2, count: 2 })
        ));
    }

    #[test]
    fn oversized_buffers_are_refused() {
        let d = driver(1);
        assert!(matches!(
            d.create_buffer(5 << 30),
            Err(DriverError::OutOfMemory { .. })
        ));
    }
}
