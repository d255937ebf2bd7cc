//! Shared virtual memory (OpenCL 2.0 SVM): host memory whose address is the same in the
//! host program and on every simulated GPU.
//!
//! Address-space layout: device buffers get ranges from arenas in the bottom of the
//! unified space (4 GiB to 32 TiB; see [`Arena`](super::Arena)). An SVM allocation is a page-aligned anonymous `mmap` of
//! host memory (Linux places these top-down from below the stack, near 2^47, far above
//! where device buffers live); the driver then reserves exactly that range in the unified
//! space, so no
//! device buffer can be placed over it, and maps its pages in every GPU's page table as
//! [`Frame`](super::Frame)s that view the host memory itself. Kernels and the host thus see
//! the same bytes without copies, and pointers stored inside SVM memory are valid on both.
//! Should a host allocation ever fall on a range the driver already gave to a device buffer
//! (the device ranges would have to reach the host's mappings), the allocation fails with
//! [`DriverError::OutOfAddressSpace`] rather than alias.

use super::{Driver, DriverError};
use std::ptr::NonNull;
use std::sync::atomic::AtomicU32;
use std::sync::Arc;

/// Zeroed, page-aligned host memory (an anonymous `mmap`) shared by the host program and
/// the GPUs. Unmapped when the last frame viewing it and the allocation that owns it are
/// gone.
#[derive(Debug)]
pub struct SystemPages {
    start: NonNull<u8>,
    bytes: usize,
    page_bytes: usize,
}

// SAFETY: the memory is only ever accessed through `AtomicU32` words (which are `Sync`) or by
// the host program through the raw address it was given; `SystemPages` owns no other data.
unsafe impl Send for SystemPages {}
// SAFETY: as for `Send`: shared access goes through atomics only.
unsafe impl Sync for SystemPages {}

impl SystemPages {
    /// `bytes` (a non-zero multiple of `page_bytes`) of zeroed host memory aligned to
    /// `align` (a power of two, at least `page_bytes`), or `None` if the host has no memory
    /// for it. `mmap` rather than the heap: its mappings lie far above the device buffers'
    /// ranges in every kind of process, while a heap may start below 4 GiB.
    fn zeroed(bytes: usize, align: usize, page_bytes: usize) -> Option<SystemPages> {
        let span = bytes.checked_add(align)?;
        // SAFETY: an anonymous private mapping of `span` bytes at an address the kernel
        // chooses; it aliases no Rust object.
        let mapped = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                span,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if mapped == libc::MAP_FAILED {
            return None;
        }
        let base = mapped as usize;
        let start = base.next_multiple_of(align);
        // SAFETY: both ranges are page-aligned parts of the mapping just made, outside
        // `start..start + bytes`, and nothing refers to them.
        unsafe {
            if start > base {
                libc::munmap(mapped, start - base);
            }
            let end = start + bytes;
            if base + span > end {
                libc::munmap(end as *mut libc::c_void, base + span - end);
            }
        }
        Some(SystemPages {
            start: NonNull::new(start as *mut u8)?,
            bytes,
            page_bytes,
        })
    }

    /// Number of pages.
    pub(super) fn count(&self) -> usize {
        self.bytes / self.page_bytes
    }

    /// The host address of the first byte.
    fn address(&self) -> u64 {
        self.start.as_ptr() as u64
    }

    /// All the memory as little-endian 32-bit words.
    fn words(&self) -> &[AtomicU32] {
        // SAFETY: `start` points to `bytes` bytes of a page-aligned, zero-filled mapping
        // owned by `self` until it is dropped, which cannot happen while the returned
        // borrow lives. `AtomicU32` has the size and alignment of `u32`, and every access
        // made from Rust goes through these atomics.
        unsafe {
            std::slice::from_raw_parts(self.start.as_ptr().cast::<AtomicU32>(), self.bytes / 4)
        }
    }

    /// The words of page number `page`.
    pub(super) fn page_words(&self, page: usize) -> &[AtomicU32] {
        let per_page = self.page_bytes / 4;
        &self.words()[page * per_page..(page + 1) * per_page]
    }
}

impl Drop for SystemPages {
    fn drop(&mut self) {
        // SAFETY: `start..start + bytes` is the part of the mapping `zeroed` kept; it is
        // unmapped once, when nothing can view it any more.
        unsafe {
            libc::munmap(self.start.as_ptr().cast(), self.bytes);
        }
    }
}

/// A shared-virtual-memory allocation: host memory mapped at its own address on every GPU.
/// Unmapped from the GPUs and returned to the host when dropped (a kernel still running
/// keeps the pages it translated alive until it finishes).
#[derive(Debug)]
pub struct SvmAllocation {
    driver: Arc<Driver>,
    pages: Arc<SystemPages>,
    size: u64,
}

impl SvmAllocation {
    /// The address of the first byte, the same in the host program and on every GPU.
    pub fn address(&self) -> u64 {
        self.pages.address()
    }

    /// Size in bytes as asked for.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Whether `address..address + len` lies inside the allocation.
    pub fn contains(&self, address: u64, len: u64) -> bool {
        address >= self.address()
            && address
                .checked_add(len)
                .is_some_and(|end| end <= self.address() + self.size)
    }

    /// The memory as the host sees it, as little-endian 32-bit words (the size rounded up
    /// to whole pages).
    pub fn host_words(&self) -> &[AtomicU32] {
        self.pages.words()
    }
}

impl Drop for SvmAllocation {
    fn drop(&mut self) {
        let pages = self.pages.count() as u64;
        for gpu in &self.driver.gpus {
            gpu.unmap(self.address(), pages);
        }
        let bytes = pages * self.driver.page_bytes;
        self.driver.release_address_range(self.address(), bytes);
    }
}

impl Driver {
    /// A new zeroed SVM allocation of `size` bytes (at least one) whose address is a
    /// multiple of `alignment` (a power of two) and of the page size, mapped on every GPU.
    pub fn create_svm(
        self: &Arc<Self>,
        size: u64,
        alignment: u64,
    ) -> Result<Arc<SvmAllocation>, DriverError> {
        let out_of_space = DriverError::OutOfAddressSpace {
            requested_bytes: size,
        };
        let bytes = size
            .max(1)
            .checked_next_multiple_of(self.page_bytes)
            .and_then(|b| usize::try_from(b).ok())
            .ok_or(out_of_space.clone())?;
        let align =
            usize::try_from(alignment.max(self.page_bytes)).map_err(|_| out_of_space.clone())?;
        let pages = SystemPages::zeroed(bytes, align, self.page_bytes as usize).ok_or(
            DriverError::OutOfHostMemory {
                requested_bytes: size,
            },
        )?;
        let reserved = self
            .address_space
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .reserve_at(pages.address(), bytes as u64);
        if !reserved {
            return Err(out_of_space);
        }
        let pages = Arc::new(pages);
        for gpu in &self.gpus {
            gpu.map_system(pages.address(), &pages);
        }
        Ok(Arc::new(SvmAllocation {
            driver: self.clone(),
            pages,
            size,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::driver;
    use std::sync::atomic::Ordering;

    #[test]
    fn every_gpu_and_the_host_see_the_same_bytes_at_the_same_address() {
        let d = driver(3);
        let svm = d.create_svm(10_000, 64).unwrap();
        let address = svm.address();
        assert!(address.is_multiple_of(d.page_bytes()));
        svm.host_words()[1].store(0xdead_beef, Ordering::Relaxed);
        for gpu in 0..3 {
            let mut word = [0u8; 4];
            d.gpu(gpu).unwrap().read(address + 4, &mut word).unwrap();
            assert_eq!(u32::from_le_bytes(word), 0xdead_beef, "GPU {gpu}");
            let (frame, offset) = d.gpu(gpu).unwrap().translate(address + 9999).unwrap();
            assert!(frame.is_system_memory());
            assert_eq!(offset as u64, 9999 % d.page_bytes());
        }
        d.gpu(2)
            .unwrap()
            .write(address + 8192, b"from gpu 2")
            .unwrap();
        let mut out = [0u8; 10];
        d.gpu(0).unwrap().read(address + 8192, &mut out).unwrap();
        assert_eq!(&out, b"from gpu 2");
        let host = svm.host_words()[8192 / 4].load(Ordering::Relaxed);
        assert_eq!(host.to_le_bytes(), *b"from");
    }

    #[test]
    fn pointers_stored_in_svm_memory_are_valid_on_the_gpus() {
        let d = driver(2);
        let svm = d.create_svm(4096, 8).unwrap();
        let next = svm.address() + 64;
        svm.host_words()[0].store(next as u32, Ordering::Relaxed);
        svm.host_words()[1].store((next >> 32) as u32, Ordering::Relaxed);
        svm.host_words()[16].store(42, Ordering::Relaxed);
        let gpu = d.gpu(1).unwrap();
        let mut pointer = [0u8; 8];
        gpu.read(svm.address(), &mut pointer).unwrap();
        let mut value = [0u8; 4];
        gpu.read(u64::from_le_bytes(pointer), &mut value).unwrap();
        assert_eq!(u32::from_le_bytes(value), 42);
    }

    #[test]
    fn svm_takes_no_dram_and_its_range_is_kept_from_device_buffers() {
        let d = driver(2);
        let free = d.gpu(0).unwrap().free_bytes();
        let svm = d.create_svm(1 << 20, 4096).unwrap();
        assert_eq!(d.gpu(0).unwrap().free_bytes(), free);
        let (start, end) = (svm.address(), svm.address() + (1 << 20));
        for _ in 0..16 {
            let b = d.create_buffer(1 << 16).unwrap();
            assert!(b.address() + (1 << 16) <= start || b.address() >= end);
            b.make_resident(1).unwrap();
        }
        assert!(svm.contains(start + 10, 100));
        assert!(!svm.contains(end - 1, 2));
        let frame = d.gpu(1).unwrap().translate(start).unwrap().0;
        drop(svm);
        assert!(d.gpu(0).unwrap().translate(start).is_none());
        assert!(d.gpu(1).unwrap().translate(start).is_none());
        assert!(
            frame.words().iter().all(|w| w.load(Ordering::Relaxed) == 0),
            "a frame still held (a running kernel's translation) stays readable"
        );
        assert_eq!(d.gpu(0).unwrap().free_bytes(), free);
    }

    #[test]
    fn alignment_beyond_a_page_is_honoured() {
        let d = driver(1);
        let svm = d.create_svm(100, 1 << 16).unwrap();
        assert!(svm.address().is_multiple_of(1 << 16));
        assert_eq!(svm.size(), 100);
    }
}
