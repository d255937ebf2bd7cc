//! Global memory as a wavefront sees it: a small software TLB in front of the GPU's page
//! table, dword-granular loads and stores on the frames' atomic words, and real atomic
//! read-modify-writes.
//!
//! 64-bit atomics: a frame stores 32-bit atomic words, so a 64-bit read-modify-write takes
//! one of [`STRIPES`] host mutexes chosen by address and then updates both words. This makes
//! 64-bit atomics atomic with respect to each other (the common case: `atom_add` on a
//! `long`); a plain 32-bit store racing with a 64-bit atomic on the same location is not
//! ordered against it.

use super::atomic::AtomicOp;
use super::fault::FaultKind;
use super::operands::active;
use super::wavefront::LANES;
use crate::driver::{Frame, GpuMemory};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// Entries of the software TLB (direct-mapped by a hash of the page number; a power of
/// two).
const TLB_ENTRIES: usize = 256;
/// Number of locks that serialise 64-bit atomics.
pub const STRIPES: usize = 64;

static ATOMIC64_LOCKS: [Mutex<()>; STRIPES] = [const { Mutex::new(()) }; STRIPES];

/// The translations a [`Tlb`] holds, apart from the memory they were made for, so that
/// they can be kept between instructions (the timing model's compute units do, for the
/// life of a work-group).
pub struct TlbEntries {
    /// Virtual page number cached in each entry (`None`: empty).
    tags: [Option<u64>; TLB_ENTRIES],
    frames: [Option<Arc<Frame>>; TLB_ENTRIES],
}

impl Default for TlbEntries {
    fn default() -> Self {
        TlbEntries {
            tags: [None; TLB_ENTRIES],
            frames: [const { None }; TLB_ENTRIES],
        }
    }
}

/// The TLB entry of virtual page `vpn`: a multiplicative hash of it, so that buffers
/// allocated a power-of-two apart (whose pages share their low bits) do not evict each
/// other.
#[inline(always)]
fn slot_of(vpn: u64) -> usize {
    (vpn.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - TLB_ENTRIES.trailing_zeros())) as usize
}

/// A run of consecutive dwords of global memory ([`Tlb::run`]): its words in the first
/// page and, when it crosses into the next, there.
pub struct RunWords<'t> {
    /// The run's words in its first page.
    pub head: &'t [AtomicU32],
    /// The rest of the run, at the start of the next page (empty if none).
    pub tail: &'t [AtomicU32],
    log: Option<&'t mut Vec<u64>>,
    first: u64,
}

impl RunWords<'_> {
    /// Records an access to every dword of the run, in address order (nothing when the
    /// TLB is not recording).
    #[inline]
    pub fn record(self) {
        if let Some(log) = self.log {
            let count = (self.head.len() + self.tail.len()) as u64;
            log.extend((0..count).map(|k| self.first + 4 * k));
        }
    }
}

/// A direct-mapped cache of page translations in front of [`GpuMemory::translate`].
pub struct Tlb<'m> {
    memory: &'m GpuMemory,
    /// log2 of the page size (a power of two, as the configuration requires).
    page_shift: u32,
    /// Dwords per page.
    page_words: usize,
    entries: &'m mut TlbEntries,
    /// Where the addresses of the accesses made go, when recording (for the timing model).
    accesses: Option<&'m mut Vec<u64>>,
}

impl<'m> Tlb<'m> {
    /// A TLB over `memory` holding `entries` (empty, or made for `memory` while its pages
    /// did not move).
    pub fn new(memory: &'m GpuMemory, entries: &'m mut TlbEntries) -> Self {
        let page_shift = memory.page_bytes().trailing_zeros();
        Tlb {
            memory,
            page_shift,
            page_words: 1 << page_shift.saturating_sub(2),
            entries,
            accesses: None,
        }
    }

    /// A TLB as [`new`](Self::new) that appends the address of every access (each access
    /// is to the dword, or the 8 aligned bytes of a 64-bit atomic, at the address) to
    /// `log`.
    pub fn recording(
        memory: &'m GpuMemory,
        entries: &'m mut TlbEntries,
        log: &'m mut Vec<u64>,
    ) -> Self {
        Tlb {
            accesses: Some(log),
            ..Tlb::new(memory, entries)
        }
    }

    /// The frame holding `address` and the word index of `address` within it.
    #[inline(always)]
    fn frame(&mut self, address: u64) -> Result<(&Frame, usize), FaultKind> {
        if let Some(log) = self.accesses.as_deref_mut() {
            log.push(address);
        }
        let vpn = address >> self.page_shift;
        let slot = slot_of(vpn);
        if self.entries.tags[slot] != Some(vpn) {
            self.fill(slot, vpn, address)?;
        }
        let word = ((address & ((1 << self.page_shift) - 1)) / 4) as usize;
        match &self.entries.frames[slot] {
            Some(frame) => Ok((frame, word)),
            None => Err(FaultKind::UnmappedAddress(address)),
        }
    }

    /// Loads the translation of page `vpn` (holding `address`) into entry `slot`.
    #[cold]
    fn fill(&mut self, slot: usize, vpn: u64, address: u64) -> Result<(), FaultKind> {
        let (frame, _) = self
            .memory
            .translate(address)
            .ok_or(FaultKind::UnmappedAddress(address))?;
        self.entries.tags[slot] = Some(vpn);
        self.entries.frames[slot] = Some(frame);
        Ok(())
    }

    /// Records an access at `address`, as a load or store through this TLB would, for
    /// lane loops that read a page's frame directly (nothing when not recording).
    #[inline]
    pub fn record(&mut self, address: u64) {
        if let Some(log) = self.accesses.as_deref_mut() {
            log.push(address);
        }
    }

    /// Records, lane by lane for the lanes of `exec`, `count` accesses `step` bytes apart
    /// from each lane's address in `addresses` (nothing when not recording).
    #[inline]
    pub fn record_lanes(&mut self, exec: u64, addresses: &[u64; LANES], count: usize, step: u64) {
        if let Some(log) = self.accesses.as_deref_mut() {
            for l in active(exec) {
                log.extend((0..count as u64).map(|k| addresses[l] + step * k));
            }
        }
    }

    /// log2 of the page size.
    pub fn page_shift(&self) -> u32 {
        self.page_shift
    }

    /// The frame of the page holding `address`, for lane loops that keep it while their
    /// lanes stay in the page (the access is not recorded).
    #[inline]
    pub fn page(&mut self, address: u64) -> Result<Arc<Frame>, FaultKind> {
        let vpn = address >> self.page_shift;
        let slot = slot_of(vpn);
        if self.entries.tags[slot] != Some(vpn) {
            self.fill(slot, vpn, address)?;
        }
        self.entries.frames[slot]
            .clone()
            .ok_or(FaultKind::UnmappedAddress(address))
    }

    /// The `count` consecutive dwords from `first` (a multiple of 4, the run no longer than
    /// a page) as slices of the one or two pages they lie in, translated here; `None` if a
    /// page of the run is not mapped or the two pages' translations share an entry. The
    /// accesses are not recorded until [`RunWords::record`].
    #[inline(always)]
    pub fn run(&mut self, first: u64, count: usize) -> Option<RunWords<'_>> {
        let page_words = self.page_words;
        if count > page_words {
            return None;
        }
        let base = ((first >> 2) as usize) & (page_words - 1);
        let split = (page_words - base).min(count);
        let vpn = first >> self.page_shift;
        if split == count {
            let slot = slot_of(vpn);
            if self.entries.tags[slot] != Some(vpn) {
                self.fill(slot, vpn, first).ok()?;
            }
            let words = self.entries.frames[slot].as_deref()?.words();
            return Some(RunWords {
                head: words.get(base..base + count)?,
                tail: &[],
                log: self.accesses.as_deref_mut(),
                first,
            });
        }
        let slots = [slot_of(vpn), slot_of(vpn + 1)];
        for (k, &slot) in slots
            .iter()
            .enumerate()
            .take(1 + usize::from(split < count))
        {
            let page = vpn + k as u64;
            if self.entries.tags[slot] != Some(page) {
                self.fill(slot, page, page << self.page_shift).ok()?;
            }
        }
        if split < count && slots[0] == slots[1] {
            return None;
        }
        let frames = &self.entries.frames;
        let head = &frames[slots[0]].as_deref()?.words()[base..base + split];
        let tail = match split < count {
            true => &frames[slots[1]].as_deref()?.words()[..count - split],
            false => &[],
        };
        Some(RunWords {
            head,
            tail,
            log: self.accesses.as_deref_mut(),
            first,
        })
    }

    /// The `count` consecutive dwords from `first` (a multiple of 4) when they lie in one
    /// page, translated here; `None` if they do not or the page is not mapped. The
    /// accesses are not recorded until [`record_run`](Self::record_run).
    #[inline(always)]
    pub fn in_page(&mut self, first: u64, count: usize) -> Option<&[AtomicU32]> {
        let base = ((first >> 2) as usize) & (self.page_words - 1);
        if base + count > self.page_words {
            return None;
        }
        let vpn = first >> self.page_shift;
        let slot = slot_of(vpn);
        if self.entries.tags[slot] != Some(vpn) {
            self.fill(slot, vpn, first).ok()?;
        }
        self.entries.frames[slot]
            .as_deref()?
            .words()
            .get(base..base + count)
    }

    /// Records an access to each of the `count` consecutive dwords from `first`, in
    /// address order (nothing when not recording), as [`RunWords::record`] does.
    #[inline]
    pub fn record_run(&mut self, first: u64, count: usize) {
        if let Some(log) = self.accesses.as_deref_mut() {
            log.extend((0..count as u64).map(|k| first + 4 * k));
        }
    }

    /// Checks that every byte of `address..address + bytes` is mapped.
    pub fn check(&mut self, address: u64, bytes: u64) -> Result<(), FaultKind> {
        self.frame(address)?;
        if bytes > 1 {
            self.frame(address.wrapping_add(bytes - 1))?;
        }
        Ok(())
    }

    /// Loads the dword at `address` (any alignment).
    #[inline(always)]
    pub fn load_u32(&mut self, address: u64) -> Result<u32, FaultKind> {
        if address.is_multiple_of(4) {
            let (frame, w) = self.frame(address)?;
            return Ok(frame.words()[w].load(Ordering::Relaxed));
        }
        self.load_bytes(address, 4)
    }

    /// Loads the byte at `address`.
    pub fn load_u8(&mut self, address: u64) -> Result<u8, FaultKind> {
        let (frame, w) = self.frame(address)?;
        Ok((frame.words()[w].load(Ordering::Relaxed) >> (8 * (address % 4))) as u8)
    }

    /// Loads `bytes` (1, 2 or 4) little-endian bytes at `address`, zero-extended.
    // Inlined into the lane loops of vector memory instructions: the call and its
    // `Result` in memory cost as much as the load itself.
    #[inline(always)]
    pub fn load(&mut self, address: u64, bytes: u32) -> Result<u32, FaultKind> {
        match bytes {
            4 => self.load_u32(address),
            _ => self.load_bytes(address, bytes),
        }
    }

    /// Loads `bytes` little-endian bytes at `address` one by one.
    #[cold]
    fn load_bytes(&mut self, address: u64, bytes: u32) -> Result<u32, FaultKind> {
        let mut v = 0u32;
        for i in 0..bytes {
            v |= u32::from(self.load_u8(address.wrapping_add(u64::from(i)))?) << (8 * i);
        }
        Ok(v)
    }

    /// Stores the low `bytes` (1, 2 or 4) bytes of `value` at `address`.
    // Inlined into lane loops, as `load` is; narrower or unaligned stores take a call.
    #[inline(always)]
    pub fn store(&mut self, address: u64, value: u32, bytes: u32) -> Result<(), FaultKind> {
        if bytes == 4 && address.is_multiple_of(4) {
            let (frame, w) = self.frame(address)?;
            frame.words()[w].store(value, Ordering::Relaxed);
            return Ok(());
        }
        self.store_bytes(address, value, bytes)
    }

    /// Stores the low `bytes` bytes of `value` at `address` one by one.
    #[inline(never)]
    fn store_bytes(&mut self, address: u64, value: u32, bytes: u32) -> Result<(), FaultKind> {
        for i in 0..bytes {
            let at = address.wrapping_add(u64::from(i));
            let (frame, w) = self.frame(at)?;
            let shift = 8 * (at % 4);
            let byte = (value >> (8 * i)) & 0xff;
            let _ = frame.words()[w].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                Some((old & !(0xff << shift)) | byte << shift)
            });
        }
        Ok(())
    }

    /// A 32-bit atomic read-modify-write at the dword-aligned `address`; returns the old
    /// value.
    pub fn atomic32(
        &mut self,
        address: u64,
        op: AtomicOp,
        data: u32,
        cmp: u32,
    ) -> Result<u32, FaultKind> {
        let (frame, w) = self.frame(address & !3)?;
        let word = &frame.words()[w];
        let old = word
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |old| {
                Some(op.apply32(old, data, cmp))
            })
            .unwrap_or_else(|v| v);
        Ok(old)
    }

    /// A 64-bit atomic read-modify-write at the 8-byte-aligned `address`; returns the old
    /// value.
    pub fn atomic64(
        &mut self,
        address: u64,
        op: AtomicOp,
        data: u64,
        cmp: u64,
    ) -> Result<u64, FaultKind> {
        let address = address & !7;
        let (frame, w) = self.frame(address)?;
        let words = &frame.words()[w..w + 2];
        let _guard = ATOMIC64_LOCKS[(address / 8) as usize % STRIPES]
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let old = u64::from(words[0].load(Ordering::Acquire))
            | u64::from(words[1].load(Ordering::Acquire)) << 32;
        let new = op.apply64(old, data, cmp);
        words[0].store(new as u32, Ordering::Release);
        words[1].store((new >> 32) as u32, Ordering::Release);
        Ok(old)
    }
}

/// The frame of the page an instruction's lanes last touched, kept while consecutive
/// lanes stay in that page: one translation per page an instruction touches instead of
/// one per lane and dword.
#[derive(Default)]
pub struct PageCursor {
    /// Virtual page number of `frame`.
    vpn: u64,
    frame: Option<Arc<Frame>>,
}

impl PageCursor {
    /// The words of the page holding `address`, translated through `tlb` when the page
    /// is not the one held (the access is not recorded).
    #[inline(always)]
    pub fn words<'c>(
        &'c mut self,
        tlb: &mut Tlb,
        address: u64,
    ) -> Result<&'c [AtomicU32], FaultKind> {
        let vpn = address >> tlb.page_shift;
        if self.vpn != vpn || self.frame.is_none() {
            self.frame = Some(tlb.page(address)?);
            self.vpn = vpn;
        }
        Ok(self.frame.as_deref().map_or(&[], Frame::words))
    }

    /// Checks that every byte of `address..address + bytes` is mapped (not recorded).
    #[inline(always)]
    pub fn check(&mut self, tlb: &mut Tlb, address: u64, bytes: u64) -> Result<(), FaultKind> {
        self.words(tlb, address)?;
        let last = address.wrapping_add(bytes.max(1) - 1);
        if last >> tlb.page_shift != self.vpn {
            tlb.page(last)?;
        }
        Ok(())
    }
}
