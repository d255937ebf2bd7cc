//! The device memory of one simulated GPU: page frames of its DRAM and the page table that
//! maps the unified virtual address space onto them.

use super::svm::SystemPages;
use super::DriverError;
use crate::config::UnifiedPageOrder;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// One page of memory a GPU's page table maps: a page of the GPU's own DRAM, or a page of
/// host (system) memory shared with the host program (shared virtual memory). Stored as
/// 32-bit words updated atomically, so that wavefronts running on several host threads can
/// load, store and perform atomics on it safely.
#[derive(Debug)]
pub struct Frame {
    storage: FrameStorage,
}

#[derive(Debug)]
enum FrameStorage {
    /// A page of the GPU's DRAM.
    Dram(Box<[AtomicU32]>),
    /// Page `page` of host memory shared with the host program.
    System {
        pages: Arc<SystemPages>,
        page: usize,
    },
}

impl Frame {
    fn zeroed(page_bytes: u64) -> Arc<Frame> {
        Self::dram(Self::zeroed_words(page_bytes))
    }

    /// The zeroed words of a page of `page_bytes` bytes of DRAM.
    fn zeroed_words(page_bytes: u64) -> Box<[AtomicU32]> {
        std::iter::repeat_with(|| AtomicU32::new(0))
            .take((page_bytes / 4) as usize)
            .collect()
    }

    /// The page of DRAM holding `words`.
    fn dram(words: Box<[AtomicU32]>) -> Arc<Frame> {
        Arc::new(Frame {
            storage: FrameStorage::Dram(words),
        })
    }

    /// Page number `page` of the host memory `pages`.
    pub(super) fn system(pages: Arc<SystemPages>, page: usize) -> Arc<Frame> {
        Arc::new(Frame {
            storage: FrameStorage::System { pages, page },
        })
    }

    /// The frame's contents as little-endian 32-bit words.
    #[inline]
    pub fn words(&self) -> &[AtomicU32] {
        match &self.storage {
            FrameStorage::Dram(words) => words,
            FrameStorage::System { pages, page } => pages.page_words(*page),
        }
    }

    /// Whether the frame is host (system) memory, reached over the host link, rather than
    /// the GPU's DRAM.
    pub fn is_system_memory(&self) -> bool {
        matches!(self.storage, FrameStorage::System { .. })
    }

    /// Copies the bytes at `offset..offset + out.len()` into `out`: whole words at once,
    /// the bytes of partial words at the ends one by one.
    pub fn read(&self, offset: usize, out: &mut [u8]) {
        let words = self.words();
        let byte_at = |at: usize| (words[at / 4].load(Ordering::Relaxed) >> (8 * (at % 4))) as u8;
        // Bytes up to the first word boundary, then whole words, then the rest.
        let head = ((4 - offset % 4) % 4).min(out.len());
        let (first, rest) = out.split_at_mut(head);
        for (i, byte) in first.iter_mut().enumerate() {
            *byte = byte_at(offset + i);
        }
        let mut at = offset + head;
        let mut chunks = rest.chunks_exact_mut(4);
        for chunk in &mut chunks {
            chunk.copy_from_slice(&words[at / 4].load(Ordering::Relaxed).to_le_bytes());
            at += 4;
        }
        for byte in chunks.into_remainder() {
            *byte = byte_at(at);
            at += 1;
        }
    }

    /// Stores `data` at `offset..offset + data.len()`; whole words are stored at once and
    /// partial words are merged atomically with their other bytes.
    pub fn write(&self, offset: usize, data: &[u8]) {
        let words = self.words();
        // Merges bytes into a word that keeps its other bytes.
        let merge = |at: usize, bytes: &[u8]| {
            let lane = at % 4;
            let (mut bits, mut mask) = (0u32, 0u32);
            for (k, &b) in bytes.iter().enumerate() {
                bits |= u32::from(b) << (8 * (lane + k));
                mask |= 0xff << (8 * (lane + k));
            }
            // The closure always returns Some, so the update cannot fail.
            let _ = words[at / 4].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                Some((old & !mask) | bits)
            });
        };
        // Bytes up to the first word boundary, then whole words, then the rest.
        let head = ((4 - offset % 4) % 4).min(data.len());
        let (first, rest) = data.split_at(head);
        if !first.is_empty() {
            merge(offset, first);
        }
        let mut at = offset + head;
        let mut chunks = rest.chunks_exact(4);
        for chunk in &mut chunks {
            let word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            words[at / 4].store(word, Ordering::Relaxed);
            at += 4;
        }
        if !chunks.remainder().is_empty() {
            merge(at, chunks.remainder());
        }
    }
}

/// Hashes a virtual page number with one multiplication (page numbers are not chosen by
/// an adversary, and every lookup of a page the emulator's TLB misses goes through it).
#[derive(Default)]
struct PageNumberHasher(u64);

impl Hasher for PageNumberHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        // The page number itself in the low bits, which choose the bucket, so that
        // neighbouring pages' entries share cache lines; mixed bits in the top seven,
        // which the table compares first.
        let key = self.0 ^ n;
        self.0 = key ^ (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) & 0xfe00_0000_0000_0000);
    }
}

/// Page table: virtual page number to frame.
type PageTable = HashMap<u64, Arc<Frame>, BuildHasherDefault<PageNumberHasher>>;

/// Which GPU's DRAM holds each page of a unified multi-GPU device's memory: the GPU it
/// was placed on, else by its turn ([`UnifiedPageOrder`]): page `n` on GPU
/// `(n / interleave) % gpus`, or the page allocated `t`-th on GPU
/// `(t / interleave + gpus - 1) % gpus`; or on every GPU if it is replicated.
#[derive(Debug)]
struct PageHomes {
    gpus: usize,
    interleave: u64,
    order: UnifiedPageOrder,
    placed: RwLock<HashMap<u64, usize, BuildHasherDefault<PageNumberHasher>>>,
    /// Ranges of pages (first, end) with a copy on every GPU.
    replicated: RwLock<Vec<(u64, u64)>>,
    /// The turns of the pages allocated so far ([`UnifiedPageOrder::AllocationOrder`]).
    turns: RwLock<AllocationTurns>,
}

/// The turns a unified device's allocations took ([`UnifiedPageOrder::AllocationOrder`]).
#[derive(Debug, Default)]
struct AllocationTurns {
    /// The turn of the next page allocated (pages allocated so far).
    next: u64,
    /// Per live allocation, by its first page: its end page and its first page's turn.
    allocations: BTreeMap<u64, (u64, u64)>,
}

impl PageHomes {
    /// The GPU whose turn put page `vpn` there: by its allocation's turns, else its number.
    fn by_turn(&self, vpn: u64) -> usize {
        let gpus = self.gpus as u64;
        let turn = match self.order {
            UnifiedPageOrder::PageNumber => None,
            UnifiedPageOrder::AllocationOrder => {
                let turns = self.turns.read().unwrap_or_else(|e| e.into_inner());
                turns
                    .allocations
                    .range(..=vpn)
                    .next_back()
                    .filter(|(_, &(end, _))| vpn < end)
                    .map(|(&first, &(_, turn))| turn + (vpn - first))
            }
        };
        match turn {
            // MGPUSim scans the GPUs from its turn and keeps the last with room: the GPU
            // before the turn's (every GPU has room: a unified device's memory is one).
            Some(turn) => ((turn / self.interleave + gpus - 1) % gpus) as usize,
            None => ((vpn / self.interleave) % gpus) as usize,
        }
    }
}

/// The DRAM and page table of one GPU, or of the GPUs of a unified multi-GPU device
/// together ([`GpuMemory::unified`]).
#[derive(Debug)]
pub struct GpuMemory {
    gpu: usize,
    /// For a unified device: which GPU holds each page.
    homes: Option<PageHomes>,
    page_bytes: u64,
    capacity_frames: u64,
    used_frames: AtomicU64,
    page_table: RwLock<PageTable>,
    /// Page ranges (first, end) mapped on demand: a page gets its zeroed frame when first
    /// translated.
    on_demand: RwLock<Vec<(u64, u64)>>,
}

impl GpuMemory {
    /// The memory of GPU number `gpu`: `dram_bytes` of frames of `page_bytes` each.
    pub fn new(gpu: usize, dram_bytes: u64, page_bytes: u64) -> Self {
        Self {
            gpu,
            homes: None,
            page_bytes,
            capacity_frames: dram_bytes / page_bytes,
            used_frames: AtomicU64::new(0),
            page_table: RwLock::new(PageTable::default()),
            on_demand: RwLock::new(Vec::new()),
        }
    }

    /// The memory of a unified device of `gpus` GPUs with `dram_bytes` each, whose pages
    /// are spread over the GPUs `interleave_pages` at a time in `order` (see
    /// [`home_of`](Self::home_of)).
    pub fn unified(
        gpus: usize,
        dram_bytes: u64,
        page_bytes: u64,
        interleave_pages: u64,
        order: UnifiedPageOrder,
    ) -> Self {
        Self {
            homes: Some(PageHomes {
                gpus,
                interleave: interleave_pages.max(1),
                order,
                placed: RwLock::default(),
                replicated: RwLock::default(),
                turns: RwLock::default(),
            }),
            ..Self::new(0, dram_bytes * gpus as u64, page_bytes)
        }
    }

    /// The page size in bytes.
    pub fn page_bytes(&self) -> u64 {
        self.page_bytes
    }

    /// The GPU whose DRAM holds the page of `address`: this memory's GPU, or for a unified
    /// device the GPU the page was placed on or its turn put it on.
    pub fn home_of(&self, address: u64) -> usize {
        let Some(homes) = &self.homes else {
            return self.gpu;
        };
        let vpn = address / self.page_bytes;
        let placed = homes.placed.read().unwrap_or_else(|e| e.into_inner());
        placed
            .get(&vpn)
            .copied()
            .unwrap_or_else(|| homes.by_turn(vpn))
    }

    /// Gives the `pages` pages from `start`, a memory object of the application just
    /// allocated, their turns ([`UnifiedPageOrder::AllocationOrder`]): the next `pages`
    /// turns of the device. Without effect in the other order and on the memory of a
    /// single GPU.
    pub(super) fn take_turns(&self, start: u64, pages: u64) {
        let Some(homes) = &self.homes else {
            return;
        };
        if homes.order != UnifiedPageOrder::AllocationOrder {
            return;
        }
        let first = start / self.page_bytes;
        let mut turns = homes.turns.write().unwrap_or_else(|e| e.into_inner());
        let turn = turns.next;
        turns.allocations.insert(first, (first + pages, turn));
        turns.next += pages;
    }

    /// The GPU whose DRAM GPU `gpu` reads the page of `address` from: `gpu` itself if the
    /// page is replicated (see [`replicate`](Self::replicate)), else
    /// [`home_of`](Self::home_of).
    pub fn home_for(&self, address: u64, gpu: usize) -> usize {
        if let Some(homes) = &self.homes {
            let vpn = address / self.page_bytes;
            let replicated = homes.replicated.read().unwrap_or_else(|e| e.into_inner());
            if replicated
                .iter()
                .any(|&(first, end)| (first..end).contains(&vpn))
            {
                return gpu;
            }
        }
        self.home_of(address)
    }

    /// Gives every GPU of a unified device a copy of the `bytes` bytes at `start` (pages
    /// that only the host writes, between kernels: a program's code, a launch's
    /// arguments), as MGPUSim's driver copies them into each GPU's memory before a
    /// launch: each GPU then reads them from its own DRAM. The bytes stay one functional
    /// copy. Without effect on the memory of a single GPU.
    pub fn replicate(&self, start: u64, bytes: u64) {
        if let Some(homes) = &self.homes {
            let first = start / self.page_bytes;
            let end = (start + bytes.max(1)).div_ceil(self.page_bytes);
            let mut replicated = homes.replicated.write().unwrap_or_else(|e| e.into_inner());
            replicated.push((first, end));
        }
    }

    /// Puts the `pages` pages from `start` of a unified device's memory on GPU `gpu` (from
    /// then on [`home_of`](Self::home_of) says so); returns how many pages changed GPU.
    /// Without effect on the memory of a single GPU.
    pub fn place(&self, start: u64, pages: u64, gpu: usize) -> Result<u64, DriverError> {
        let Some(homes) = &self.homes else {
            return Ok(0);
        };
        if gpu >= homes.gpus {
            return Err(DriverError::NoSuchGpu {
                gpu,
                count: homes.gpus,
            });
        }
        let first = start / self.page_bytes;
        let mut moved = 0;
        for vpn in first..first + pages {
            if self.home_of(vpn * self.page_bytes) != gpu {
                moved += 1;
            }
            let mut placed = homes.placed.write().unwrap_or_else(|e| e.into_inner());
            placed.insert(vpn, gpu);
        }
        Ok(moved)
    }

    /// Whether the page of `address` has a frame of DRAM now (pages mapped on demand
    /// that were never used have none; pages of host memory are not DRAM).
    pub fn is_mapped(&self, address: u64) -> bool {
        let table = self.page_table.read().unwrap_or_else(|e| e.into_inner());
        table
            .get(&(address / self.page_bytes))
            .is_some_and(|frame| !frame.is_system_memory())
    }

    /// Bytes of DRAM not yet backing any page.
    pub fn free_bytes(&self) -> u64 {
        (self.capacity_frames - self.used_frames.load(Ordering::Relaxed)) * self.page_bytes
    }

    /// The frame holding virtual address `address` and the byte offset within it, or
    /// `None` when the page is not mapped on this GPU.
    pub fn translate(&self, address: u64) -> Option<(Arc<Frame>, usize)> {
        let vpn = address / self.page_bytes;
        let offset = (address % self.page_bytes) as usize;
        let table = self.page_table.read().unwrap_or_else(|e| e.into_inner());
        if let Some(frame) = table.get(&vpn) {
            return Some((frame.clone(), offset));
        }
        drop(table);
        Some((self.frame_on_demand(vpn)?, offset))
    }

    /// The frame of page `vpn` if it lies in a range mapped on demand, made (zeroed) now
    /// if this is its first use and DRAM has room for it.
    fn frame_on_demand(&self, vpn: u64) -> Option<Arc<Frame>> {
        let ranges = self.on_demand.read().unwrap_or_else(|e| e.into_inner());
        if !ranges
            .iter()
            .any(|&(first, end)| (first..end).contains(&vpn))
        {
            return None;
        }
        let mut table = self.page_table.write().unwrap_or_else(|e| e.into_inner());
        if let Some(frame) = table.get(&vpn) {
            return Some(frame.clone());
        }
        self.used_frames
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                (used < self.capacity_frames).then_some(used + 1)
            })
            .ok()?;
        Some(
            table
                .entry(vpn)
                .or_insert_with(|| Frame::zeroed(self.page_bytes))
                .clone(),
        )
    }

    /// Maps `pages` pages from `start` on demand: each takes a zeroed frame of DRAM only
    /// when first used (memory that is reserved for many users of which few may run, such
    /// as every wavefront slot's scratch).
    pub(super) fn map_on_demand(&self, start: u64, pages: u64) {
        let first = start / self.page_bytes;
        self.on_demand
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .push((first, first + pages));
    }

    /// Copies device memory at `address` into `out`.
    pub fn read(&self, address: u64, out: &mut [u8]) -> Result<(), DriverError> {
        let mut done = 0;
        while done < out.len() {
            let at = address + done as u64;
            let (frame, offset) = self.frame_at(at)?;
            let take = (self.page_bytes as usize - offset).min(out.len() - done);
            frame.read(offset, &mut out[done..done + take]);
            done += take;
        }
        Ok(())
    }

    /// Checks that every byte of the `len` bytes at `address` has a frame (making those of
    /// pages mapped on demand, zeroed, as a read would), without reading them.
    pub fn check_mapped(&self, address: u64, len: u64) -> Result<(), DriverError> {
        let mut done = 0;
        while done < len {
            let (_, offset) = self.frame_at(address + done)?;
            done += (self.page_bytes - offset as u64).min(len - done);
        }
        Ok(())
    }

    /// Copies `data` into device memory at `address`.
    pub fn write(&self, address: u64, data: &[u8]) -> Result<(), DriverError> {
        let mut done = 0;
        while done < data.len() {
            let at = address + done as u64;
            let (frame, offset) = self.frame_at(at)?;
            let take = (self.page_bytes as usize - offset).min(data.len() - done);
            frame.write(offset, &data[done..done + take]);
            done += take;
        }
        Ok(())
    }

    fn frame_at(&self, address: u64) -> Result<(Arc<Frame>, usize), DriverError> {
        self.translate(address).ok_or(DriverError::UnmappedAddress {
            gpu: self.gpu,
            address,
        })
    }

    /// Backs `pages` pages starting at virtual address `start` with fresh zeroed frames.
    pub(crate) fn map_zeroed(&self, start: u64, pages: u64) -> Result<(), DriverError> {
        self.used_frames
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                (used + pages <= self.capacity_frames).then_some(used + pages)
            })
            .map_err(|used| DriverError::OutOfMemory {
                gpu: self.gpu,
                requested_bytes: pages * self.page_bytes,
                free_bytes: (self.capacity_frames - used) * self.page_bytes,
            })?;
        // The pages' words first, then their frames: so the frames (whose reference
        // counts a TLB fill updates) lie side by side instead of a page apart, and
        // filling the translations of neighbouring pages touches a few cache lines and
        // host pages, not one each.
        let words: Vec<Box<[AtomicU32]>> = (0..pages)
            .map(|_| Frame::zeroed_words(self.page_bytes))
            .collect();
        let mut table = self.page_table.write().unwrap_or_else(|e| e.into_inner());
        let first = start / self.page_bytes;
        for (vpn, words) in (first..).zip(words) {
            table.insert(vpn, Frame::dram(words));
        }
        Ok(())
    }

    /// Maps the pages of host memory `pages` at virtual address `start`; they take no DRAM.
    pub(super) fn map_system(&self, start: u64, pages: &Arc<SystemPages>) {
        let mut table = self.page_table.write().unwrap_or_else(|e| e.into_inner());
        let first = start / self.page_bytes;
        for page in 0..pages.count() {
            table.insert(first + page as u64, Frame::system(pages.clone(), page));
        }
    }

    /// Ends the replication (see [`replicate`](Self::replicate)) and the turns (see
    /// [`take_turns`](Self::take_turns)) of the pages from `start`, whose address range is
    /// given back.
    pub(super) fn forget_range(&self, start: u64) {
        if let Some(homes) = &self.homes {
            let first = start / self.page_bytes;
            homes
                .replicated
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .retain(|&(f, _)| f != first);
            homes
                .turns
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .allocations
                .remove(&first);
        }
    }

    /// Removes the mapping of `pages` pages from `start` and returns their DRAM frames.
    pub(super) fn unmap(&self, start: u64, pages: u64) {
        let first = start / self.page_bytes;
        self.on_demand
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&(f, _)| f != first);
        let mut table = self.page_table.write().unwrap_or_else(|e| e.into_inner());
        let removed = (first..first + pages)
            .filter(|vpn| table.remove(vpn).is_some_and(|f| !f.is_system_memory()))
            .count();
        self.used_frames
            .fetch_sub(removed as u64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unaligned_reads_and_writes_cross_pages() {
        let mem = GpuMemory::new(0, 1 << 20, 4096);
        mem.map_zeroed(0x10000, 2).unwrap();
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 1) as u8).collect();
        mem.write(0x10000 + 4096 - 150, &data).unwrap();
        let mut back = vec![0u8; 304];
        mem.read(0x10000 + 4096 - 152, &mut back).unwrap();
        assert_eq!(&back[..2], &[0, 0]);
        assert_eq!(&back[2..302], &data[..]);
        assert_eq!(&back[302..], &[0, 0]);
    }

    #[test]
    fn reads_and_writes_of_every_alignment_and_length_touch_exactly_their_bytes() {
        let mem = GpuMemory::new(0, 1 << 20, 4096);
        mem.map_zeroed(0x10000, 1).unwrap();
        let data: Vec<u8> = (0..64u32).map(|i| (i * 13 + 5) as u8).collect();
        mem.write(0x10000, &data).unwrap();
        for start in 0..12 {
            for len in 0..20 {
                let mut back = vec![0xaa; len];
                mem.read(0x10000 + start as u64, &mut back).unwrap();
                assert_eq!(back, &data[start..start + len], "{start} + {len}");
            }
        }
        // Writes of every alignment and length change exactly their bytes.
        let mut model = data.clone();
        for start in 0..12 {
            for len in 0..20 {
                let bytes: Vec<u8> = (0..len).map(|i| (start * 31 + len * 7 + i) as u8).collect();
                mem.write(0x10000 + start as u64, &bytes).unwrap();
                model[start..start + len].copy_from_slice(&bytes);
                let mut back = vec![0u8; 64];
                mem.read(0x10000, &mut back).unwrap();
                assert_eq!(back, model, "write {start} + {len}");
            }
        }
    }

    #[test]
    fn unmapped_access_names_the_address() {
        let mem = GpuMemory::new(1, 1 << 20, 4096);
        mem.map_zeroed(0x10000, 1).unwrap();
        let err = mem.write(0x10ffe, &[1, 2, 3, 4]).unwrap_err();
        assert_eq!(
            err,
            DriverError::UnmappedAddress {
                gpu: 1,
                address: 0x11000
            }
        );
    }

    #[test]
    fn pages_mapped_on_demand_take_memory_when_first_used() {
        let mem = GpuMemory::new(0, 4 * 4096, 4096);
        mem.map_on_demand(0x100000, 1000);
        assert_eq!(mem.free_bytes(), 4 * 4096, "nothing taken before use");
        mem.write(0x100000 + 5 * 4096 + 8, &[7]).unwrap();
        let mut back = [0u8; 2];
        mem.read(0x100000 + 5 * 4096 + 8, &mut back).unwrap();
        assert_eq!(back, [7, 0]);
        assert_eq!(mem.free_bytes(), 3 * 4096, "one page used, one frame taken");
        assert!(
            mem.translate(0x100000 + 1000 * 4096).is_none(),
            "outside the range"
        );
        mem.unmap(0x100000, 1000);
        assert_eq!(mem.free_bytes(), 4 * 4096);
        assert!(mem.translate(0x100000).is_none(), "the range is gone");
    }

    #[test]
    fn capacity_is_enforced_and_returned() {
        let mem = GpuMemory::new(0, 4 * 4096, 4096);
        mem.map_zeroed(0, 3).unwrap();
        assert!(matches!(
            mem.map_zeroed(0x100000, 2),
            Err(DriverError::OutOfMemory {
                free_bytes: 4096,
                ..
            })
        ));
        mem.unmap(0, 3);
        assert_eq!(mem.free_bytes(), 4 * 4096);
        mem.map_zeroed(0x100000, 4).unwrap();
    }
}
