//! A buffer in device memory: one range of the unified virtual address space whose pages
//! live on the GPU that last used it, and move (a real copy) when another GPU needs them.

use super::{Driver, DriverError, GpuMemory, SvmAllocation};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Bytes moved at a time when copying or filling through host memory.
const CHUNK_BYTES: usize = 1 << 16;

/// A buffer kept resident on one GPU while this guard lives ([`Buffer::pin`]).
pub struct Pinned<'a> {
    _residency: MutexGuard<'a, Option<usize>>,
}

/// A device buffer. Its contents start zeroed; its memory is freed when it is dropped.
/// A buffer on shared virtual memory ([`Driver::create_buffer_on_svm`]) is a window of an
/// SVM allocation instead: its bytes are the allocation's, seen alike by the host and
/// every GPU, and nothing moves between GPUs.
#[derive(Debug)]
pub struct Buffer {
    driver: Arc<Driver>,
    address: u64,
    size: u64,
    /// The GPU whose memory holds the contents; `None` until first used (all zeros).
    resident_on: Mutex<Option<usize>>,
    /// The SVM allocation holding the bytes, for a buffer on SVM memory.
    pub(super) svm: Option<Arc<SvmAllocation>>,
    /// Whether the contents were uploaded from the host and no command has used them
    /// yet ([`Buffer::mark_uploaded`]).
    uploaded: AtomicBool,
}

impl Buffer {
    pub(super) fn new(driver: Arc<Driver>, address: u64, size: u64) -> Self {
        Self {
            driver,
            address,
            size,
            resident_on: Mutex::new(None),
            svm: None,
            uploaded: AtomicBool::new(false),
        }
    }

    /// Whether the bytes are SVM memory (the host's own, mapped on every GPU).
    pub fn is_svm(&self) -> bool {
        self.svm.is_some()
    }

    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The unified virtual address of the first byte, identical on every GPU.
    pub fn address(&self) -> u64 {
        self.address
    }

    /// The GPU whose memory holds the contents now, if any has been used.
    pub fn resident_gpu(&self) -> Option<usize> {
        *self.lock()
    }

    /// Makes the contents live in GPU `gpu`'s memory, moving them from another GPU if needed.
    pub fn make_resident(&self, gpu: usize) -> Result<(), DriverError> {
        self.with_resident(gpu, |_| Ok(()))
    }

    /// Notes that the contents were just written from host memory, an upload whose time
    /// the caller has counted: until a command uses the buffer, the GPU holding them
    /// stands for whichever GPU that command runs on (a runtime uploads to the device
    /// that uses a buffer), so the first [`Buffer::move_to`] copies nothing between GPUs.
    pub fn mark_uploaded(&self) {
        self.uploaded.store(true, Ordering::Release);
    }

    /// [`Buffer::make_resident`] for a command, saying which GPU the contents were
    /// copied from (`None` if none: they were there already, had never been used, are
    /// SVM memory, or were uploaded from the host for this first use).
    pub fn move_to(&self, gpu: usize) -> Result<Option<usize>, DriverError> {
        let mut resident_on = self.lock();
        let first_use_of_upload = self.uploaded.swap(false, Ordering::AcqRel);
        let from = resident_on.filter(|&g| g != gpu && !self.is_svm() && !first_use_of_upload);
        self.migrate(&mut resident_on, gpu)?;
        Ok(from)
    }

    /// Makes the contents live in GPU `gpu`'s memory and keeps them there until the guard
    /// is dropped (e.g. while a kernel runs): other requests for this buffer wait.
    pub fn pin(&self, gpu: usize) -> Result<Pinned<'_>, DriverError> {
        let mut resident_on = self.lock();
        self.migrate(&mut resident_on, gpu)?;
        Ok(Pinned {
            _residency: resident_on,
        })
    }

    /// Runs `access` on GPU `gpu`'s memory while the contents are resident there; another
    /// GPU's request cannot move them away in the meantime.
    fn with_resident<R>(
        &self,
        gpu: usize,
        access: impl FnOnce(&GpuMemory) -> Result<R, DriverError>,
    ) -> Result<R, DriverError> {
        let mut resident_on = self.lock();
        self.migrate(&mut resident_on, gpu)?;
        access(self.driver.gpu(gpu)?)
    }

    /// Moves the contents to GPU `gpu` (mapping zeroed pages on first use).
    fn migrate(&self, resident_on: &mut Option<usize>, gpu: usize) -> Result<(), DriverError> {
        let target = self.driver.gpu(gpu)?;
        match *resident_on {
            Some(current) if current == gpu => {}
            // SVM pages are mapped on every GPU already.
            _ if self.is_svm() => {}
            None => target.map_zeroed(self.address, self.pages())?,
            Some(current) => {
                let source = self.driver.gpu(current)?;
                target.map_zeroed(self.address, self.pages())?;
                let mut chunk = vec![0u8; CHUNK_BYTES];
                let mut offset = 0;
                while offset < self.size {
                    let take = (self.size - offset).min(CHUNK_BYTES as u64) as usize;
                    source.read(self.address + offset, &mut chunk[..take])?;
                    target.write(self.address + offset, &chunk[..take])?;
                    offset += take as u64;
                }
                source.unmap(self.address, self.pages());
            }
        }
        *resident_on = Some(gpu);
        Ok(())
    }

    /// Writes `data` at `offset`, for a command running on GPU `gpu`.
    pub fn write(&self, gpu: usize, offset: u64, data: &[u8]) -> Result<(), DriverError> {
        self.check_range(offset, data.len() as u64)?;
        self.with_resident(gpu, |memory| memory.write(self.address + offset, data))
    }

    /// Reads `out.len()` bytes at `offset`, for a command running on GPU `gpu`.
    pub fn read(&self, gpu: usize, offset: u64, out: &mut [u8]) -> Result<(), DriverError> {
        self.check_range(offset, out.len() as u64)?;
        self.with_resident(gpu, |memory| memory.read(self.address + offset, out))
    }

    /// Copies `len` bytes from `src` at `src_offset` to this buffer at `dst_offset`, for a
    /// command running on GPU `gpu`. `src` may be this buffer if the ranges do not overlap.
    pub fn copy_from(
        &self,
        gpu: usize,
        dst_offset: u64,
        src: &Buffer,
        src_offset: u64,
        len: u64,
    ) -> Result<(), DriverError> {
        self.check_range(dst_offset, len)?;
        src.check_range(src_offset, len)?;
        let mut chunk = vec![0u8; CHUNK_BYTES.min(len as usize)];
        let mut done = 0;
        while done < len {
            let take = (len - done).min(CHUNK_BYTES as u64) as usize;
            src.read(gpu, src_offset + done, &mut chunk[..take])?;
            self.write(gpu, dst_offset + done, &chunk[..take])?;
            done += take as u64;
        }
        Ok(())
    }

    /// Fills `len` bytes at `offset` with repetitions of `pattern` (`len` is a multiple of
    /// the pattern's length), for a command running on GPU `gpu`.
    pub fn fill(
        &self,
        gpu: usize,
        offset: u64,
        pattern: &[u8],
        len: u64,
    ) -> Result<(), DriverError> {
        self.check_range(offset, len)?;
        if pattern.is_empty() || !len.is_multiple_of(pattern.len() as u64) {
            return Err(DriverError::BadFillPattern {
                pattern_bytes: pattern.len(),
                len,
            });
        }
        let per_chunk = (CHUNK_BYTES / pattern.len()).max(1) * pattern.len();
        let chunk: Vec<u8> = pattern.iter().copied().cycle().take(per_chunk).collect();
        let mut done = 0;
        while done < len {
            let take = (len - done).min(per_chunk as u64) as usize;
            self.write(gpu, offset + done, &chunk[..take])?;
            done += take as u64;
        }
        Ok(())
    }

    pub(super) fn pages(&self) -> u64 {
        self.size.max(1).div_ceil(self.driver.page_bytes())
    }

    fn check_range(&self, offset: u64, len: u64) -> Result<(), DriverError> {
        match offset.checked_add(len) {
            Some(end) if end <= self.size => Ok(()),
            _ => Err(DriverError::OutOfRange {
                offset,
                len,
                size: self.size,
            }),
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Option<usize>> {
        self.resident_on.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if self.is_svm() {
            return; // The allocation keeps its pages and address range.
        }
        let resident_on = *self.lock();
        if let Some(gpu) = resident_on.and_then(|g| self.driver.gpu(g).ok()) {
            gpu.unmap(self.address, self.pages());
        }
        self.driver.release_address_range(self.address, self.size);
    }
}
