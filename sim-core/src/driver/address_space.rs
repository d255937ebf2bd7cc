//! The unified virtual address space shared by the host-side driver and every simulated
//! GPU: page-granular ranges handed out from arenas and returned on free.
//!
//! # Why arenas, and the ordering rule
//!
//! In the timing model a byte's physical address is its virtual address with the GPU's
//! number on top (see [`crate::timing::protocol`]), so *where* a buffer lies decides its
//! cache sets, L2 banks, DRAM channels and TLB sets, and with them simulated times and
//! every memory counter. Addresses must therefore be a function of what the program
//! asked for, never of how far one host thread has got relative to another.
//!
//! Two kinds of host threads allocate: the application's threads (buffers created
//! through the API, in the program's call order) and each GPU's command worker (the
//! driver's own per-GPU memory: queue objects, kernel arguments, dispatch packets, code
//! images, scratch — in that GPU's command order). Each kind draws from an [`Arena`] of
//! its own: [`Arena::Host`] for the first, one [`Arena::Gpu`] per GPU for the second, so
//! allocations in one arena never move those in another, whatever their interleaving.
//!
//! Frees are no better ordered than allocations: a buffer's memory is returned when its
//! last user lets go, which may be a command finishing on any GPU's worker. So an arena
//! hands out ranges *next-fit*: from a cursor that only moves up, never reusing a freed
//! range until the cursor has reached the arena's end and wraps around to its start. Up
//! to then an allocation's address depends only on the sizes of the allocations made
//! before it in the same arena. The arenas are terabytes large (the host's 16 TiB, each
//! GPU's 256 GiB for up to 64 GPUs), so a program has to allocate that much in total
//! before addresses could depend on when frees happened.

use std::collections::BTreeMap;

/// First address handed out: above 4 GiB, so that a pointer truncated to 32 bits by a
/// kernel or a driver bug never lands on a valid allocation.
pub const BASE_ADDRESS: u64 = 1 << 32;
/// End of the space: a 47-bit user address range, as on the real GPUs.
pub const END_ADDRESS: u64 = 1 << 47;
/// End of the host arena ([`BASE_ADDRESS`] upwards) and start of the GPUs' arenas.
pub const GPU_ARENAS_BASE: u64 = 1 << 44;
/// End of the GPUs' arenas. Above it the space is left to shared virtual memory, whose
/// addresses are the host's.
pub const GPU_ARENAS_END: u64 = 1 << 45;
/// Size of each GPU's arena (GPU `g`'s starts at `GPU_ARENAS_BASE + g * GPU_ARENA_BYTES`)
/// when the GPUs fit in `GPU_ARENAS_BASE..GPU_ARENAS_END` (up to 64); with more, the range
/// is divided equally.
pub const GPU_ARENA_BYTES: u64 = 1 << 38;

/// Which host-side actor an allocation is made for, and so which part of the address
/// space it comes from (see the module documentation for the ordering rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arena {
    /// Buffers the application creates through the API, in its call order.
    Host,
    /// Memory the driver keeps for this GPU's own use while running its commands (queue
    /// object, kernel arguments, dispatch packets, code images, scratch), in that GPU's
    /// command order.
    Gpu(usize),
}

/// One arena's bounds and next-fit cursor.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    start: u64,
    end: u64,
    next: u64,
}

impl Cursor {
    fn new(start: u64, end: u64) -> Self {
        Cursor {
            start,
            end,
            next: start,
        }
    }
}

/// Free and used ranges of the virtual address space, and the arenas' cursors.
#[derive(Debug)]
pub struct AddressSpace {
    page_bytes: u64,
    /// Free ranges, start → length, never adjacent (merged on free).
    free: BTreeMap<u64, u64>,
    host: Cursor,
    gpus: Vec<Cursor>,
}

impl AddressSpace {
    /// An empty space whose ranges are multiples of `page_bytes` (a power of two), with
    /// the host's arena and one arena for each of `gpus` GPUs.
    pub fn new(page_bytes: u64, gpus: usize) -> Self {
        let share = (GPU_ARENAS_END - GPU_ARENAS_BASE) / (gpus.max(1) as u64);
        let per_gpu = GPU_ARENA_BYTES.min(share & !(page_bytes - 1));
        Self {
            page_bytes,
            free: BTreeMap::from([(BASE_ADDRESS, END_ADDRESS - BASE_ADDRESS)]),
            host: Cursor::new(BASE_ADDRESS, GPU_ARENAS_BASE),
            gpus: (0..gpus as u64)
                .map(|g| {
                    let start = GPU_ARENAS_BASE + g * per_gpu;
                    Cursor::new(start, start + per_gpu)
                })
                .collect(),
        }
    }

    /// Reserves `bytes` (rounded up to whole pages, at least one) in `arena` and returns
    /// the start: the first free range at or above the arena's cursor, else (once the
    /// cursor has reached the end) the first free range from the arena's start. The
    /// cursor then moves past the range. `None` if the arena has no such range or does
    /// not exist.
    pub fn reserve(&mut self, arena: Arena, bytes: u64) -> Option<u64> {
        let len = bytes.max(1).checked_next_multiple_of(self.page_bytes)?;
        let cursor = *match arena {
            Arena::Host => &self.host,
            Arena::Gpu(gpu) => self.gpus.get(gpu)?,
        };
        let start = self
            .first_fit(cursor.next, cursor.end, len)
            .or_else(|| self.first_fit(cursor.start, cursor.end, len))?;
        if !self.reserve_at(start, len) {
            return None;
        }
        match arena {
            Arena::Host => self.host.next = start + len,
            Arena::Gpu(gpu) => self.gpus[gpu].next = start + len,
        }
        Some(start)
    }

    /// The lowest start of `len` free bytes within `lo..hi`.
    fn first_fit(&self, lo: u64, hi: u64, len: u64) -> Option<u64> {
        if lo >= hi {
            return None;
        }
        let containing = self.free.range(..=lo).next_back();
        let above = self.free.range(lo + 1..hi);
        containing
            .into_iter()
            .chain(above)
            .find_map(|(&start, &free_len)| {
                let from = start.max(lo);
                let to = (start + free_len).min(hi);
                (to >= from && to - from >= len).then_some(from)
            })
    }

    /// Reserves exactly `start..start + bytes` (`start` page-aligned; `bytes` rounded up to
    /// whole pages); `false`, reserving nothing, if any of it is in use or outside the space.
    pub fn reserve_at(&mut self, start: u64, bytes: u64) -> bool {
        let Some(len) = bytes.max(1).checked_next_multiple_of(self.page_bytes) else {
            return false;
        };
        let Some(end) = start.checked_add(len) else {
            return false;
        };
        let Some((&free_start, &free_len)) = self.free.range(..=start).next_back() else {
            return false;
        };
        if !start.is_multiple_of(self.page_bytes) || free_start + free_len < end {
            return false;
        }
        self.free.remove(&free_start);
        if free_start < start {
            self.free.insert(free_start, start - free_start);
        }
        if end < free_start + free_len {
            self.free.insert(end, free_start + free_len - end);
        }
        true
    }

    /// Returns a range reserved by [`reserve`](Self::reserve) or
    /// [`reserve_at`](Self::reserve_at) with the same `bytes`.
    pub fn release(&mut self, start: u64, bytes: u64) {
        let mut start = start;
        let mut len = bytes.max(1).next_multiple_of(self.page_bytes);
        if let Some((&next, &next_len)) = self.free.range(start + len..).next() {
            if next == start + len {
                self.free.remove(&next);
                len += next_len;
            }
        }
        if let Some((&prev, &prev_len)) = self.free.range(..start).next_back() {
            if prev + prev_len == start {
                self.free.remove(&prev);
                start = prev;
                len += prev_len;
            }
        }
        self.free.insert(start, len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: u64 = 4096;

    #[test]
    fn ranges_are_page_aligned_disjoint_and_not_reused_before_the_arena_wraps() {
        let mut space = AddressSpace::new(PAGE, 1);
        let a = space.reserve(Arena::Host, 1).unwrap();
        let b = space.reserve(Arena::Host, 5000).unwrap();
        let c = space.reserve(Arena::Host, 4096).unwrap();
        assert_eq!(a, BASE_ADDRESS);
        assert_eq!(b, a + PAGE);
        assert_eq!(c, b + 2 * PAGE);
        space.release(b, 5000);
        assert_eq!(
            space.reserve(Arena::Host, 8192),
            Some(c + PAGE),
            "a freed range is not reused while the arena has room above its cursor"
        );
        space.release(a, 1);
        space.release(c, 4096);
        space.release(c + PAGE, 8192);
        assert_eq!(space.free.len(), 1, "freed ranges merge back into one");
    }

    #[test]
    fn an_arena_wraps_around_to_freed_ranges_when_it_reaches_its_end() {
        let mut space = AddressSpace::new(PAGE, 1);
        space.host = Cursor::new(BASE_ADDRESS, BASE_ADDRESS + 4 * PAGE);
        let a = space.reserve(Arena::Host, 2 * PAGE).unwrap();
        let b = space.reserve(Arena::Host, PAGE).unwrap();
        assert_eq!(space.reserve(Arena::Host, 2 * PAGE), None, "one page left");
        space.release(a, 2 * PAGE);
        assert_eq!(space.reserve(Arena::Host, PAGE), Some(b + PAGE));
        assert_eq!(space.reserve(Arena::Host, 2 * PAGE), Some(a), "wrapped");
        assert_eq!(space.reserve(Arena::Host, PAGE), None, "full");
    }

    #[test]
    fn each_arena_s_addresses_depend_only_on_its_own_allocations() {
        // The same allocations per arena, interleaved in two orders and with frees at
        // different moments, as the host threads of a run might make them.
        let script = |order: &[(Arena, u64)], free_early: bool| {
            let mut space = AddressSpace::new(PAGE, 3);
            let mut got: Vec<(Arena, u64)> = Vec::new();
            for &(arena, bytes) in order {
                let start = space.reserve(arena, bytes).unwrap();
                got.push((arena, start));
                if free_early {
                    space.release(start, bytes);
                }
            }
            let mut per_arena: Vec<(Arena, Vec<u64>)> = Vec::new();
            for arena in [Arena::Host, Arena::Gpu(0), Arena::Gpu(1), Arena::Gpu(2)] {
                let starts = got.iter().filter(|g| g.0 == arena).map(|g| g.1).collect();
                per_arena.push((arena, starts));
            }
            per_arena
        };
        let one = [
            (Arena::Host, 10_000),
            (Arena::Gpu(0), 300),
            (Arena::Host, 1 << 20),
            (Arena::Gpu(1), 64),
            (Arena::Gpu(0), 8192),
            (Arena::Gpu(2), 5),
            (Arena::Host, 4096),
        ];
        let two = [
            (Arena::Gpu(2), 5),
            (Arena::Gpu(0), 300),
            (Arena::Gpu(0), 8192),
            (Arena::Host, 10_000),
            (Arena::Gpu(1), 64),
            (Arena::Host, 1 << 20),
            (Arena::Host, 4096),
        ];
        let reference = script(&one, false);
        assert_eq!(script(&one, true), reference);
        assert_eq!(script(&two, false), reference);
        assert_eq!(script(&two, true), reference);
        assert_eq!(reference[1].1[0], GPU_ARENAS_BASE);
        assert_eq!(reference[2].1[0], GPU_ARENAS_BASE + GPU_ARENA_BYTES);
    }

    #[test]
    fn gpu_arenas_share_their_range_when_there_are_many_gpus() {
        let mut space = AddressSpace::new(PAGE, 1000);
        let last = space.reserve(Arena::Gpu(999), 1).unwrap();
        assert!((GPU_ARENAS_BASE..GPU_ARENAS_END).contains(&last));
        assert!(last.is_multiple_of(PAGE));
        assert_eq!(space.reserve(Arena::Gpu(1000), 1), None, "no such arena");
    }

    #[test]
    fn exact_ranges_are_reserved_only_when_free() {
        let mut space = AddressSpace::new(PAGE, 1);
        let a = space.reserve(Arena::Host, 4096).unwrap();
        assert!(!space.reserve_at(a, 1), "already in use");
        assert!(!space.reserve_at(a + 4096 + 1, 1), "not page-aligned");
        assert!(
            !space.reserve_at(BASE_ADDRESS - 4096, 4096),
            "below the space"
        );
        assert!(
            !space.reserve_at(END_ADDRESS - 4096, 8192),
            "beyond the space"
        );
        assert!(space.reserve_at(a + 3 * 4096, 5000));
        assert_eq!(
            space.reserve(Arena::Host, 8192),
            Some(a + 4096),
            "the hole before it is free"
        );
        assert_eq!(
            space.reserve(Arena::Host, 4096),
            Some(a + 5 * 4096),
            "the range after it too"
        );
        space.release(a + 3 * 4096, 5000);
        assert!(
            space.reserve_at(a + 3 * 4096, 8192),
            "released ranges can be reserved again"
        );
    }

    #[test]
    fn exhaustion_is_none() {
        let mut space = AddressSpace::new(PAGE, 1);
        assert_eq!(space.reserve(Arena::Host, END_ADDRESS), None);
        assert_eq!(space.reserve(Arena::Gpu(0), GPU_ARENA_BYTES + 1), None);
        assert_eq!(space.reserve(Arena::Host, u64::MAX), None);
    }
}
