//! The unified virtual address space shared by the host-side driver and every simulated
//! GPU: page-granular ranges handed out first-fit and returned on free.

use std::collections::BTreeMap;

/// First address handed out: above 4 GiB, so that a pointer truncated to 32 bits by a
/// kernel or a driver bug never lands on a valid allocation.
pub const BASE_ADDRESS: u64 = 1 << 32;
/// End of the space: a 47-bit user address range, as on the real GPUs.
pub const END_ADDRESS: u64 = 1 << 47;

/// Free and used ranges of the virtual address space.
#[derive(Debug)]
pub struct AddressSpace {
    page_bytes: u64,
    /// Free ranges, start → length, never adjacent (merged on free).
    free: BTreeMap<u64, u64>,
}

impl AddressSpace {
    /// An empty space whose ranges are multiples of `page_bytes` (a power of two).
    pub fn new(page_bytes: u64) -> Self {
        Self {
            page_bytes,
            free: BTreeMap::from([(BASE_ADDRESS, END_ADDRESS - BASE_ADDRESS)]),
        }
    }

    /// Reserves `bytes` (rounded up to whole pages, at least one) and returns the start.
    pub fn reserve(&mut self, bytes: u64) -> Option<u64> {
        let len = bytes.max(1).checked_next_multiple_of(self.page_bytes)?;
        let (&start, &free_len) = self.free.iter().find(|(_, &l)| l >= len)?;
        self.free.remove(&start);
        if free_len > len {
            self.free.insert(start + len, free_len - len);
        }
        Some(start)
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

    /// Returns a range reserved by [`reserve`](Self::reserve) with the same `bytes`.
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

    #[test]
    fn ranges_are_page_aligned_disjoint_and_reused() {
        let mut space = AddressSpace::new(4096);
        let a = space.reserve(1).unwrap();
        let b = space.reserve(5000).unwrap();
        let c = space.reserve(4096).unwrap();
        assert_eq!(a, BASE_ADDRESS);
        assert_eq!(b, a + 4096);
        assert_eq!(c, b + 8192);
        space.release(b, 5000);
        assert_eq!(space.reserve(8192), Some(b));
        space.release(a, 1);
        space.release(b, 8192);
        space.release(c, 4096);
        assert_eq!(space.free.len(), 1, "freed ranges merge back into one");
        assert_eq!(space.reserve(3 * 4096), Some(BASE_ADDRESS));
    }

    #[test]
    fn exact_ranges_are_reserved_only_when_free() {
        let mut space = AddressSpace::new(4096);
        let a = space.reserve(4096).unwrap();
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
            space.reserve(8192),
            Some(a + 4096),
            "the hole before it is free"
        );
        assert_eq!(
            space.reserve(4096),
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
        let mut space = AddressSpace::new(4096);
        assert_eq!(space.reserve(END_ADDRESS), None);
        assert_eq!(space.reserve(u64::MAX), None);
    }
}
