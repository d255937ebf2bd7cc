//! The vector memory unit's coalescer: the addresses a memory instruction's lanes touched,
//! turned into one request per cache line.

/// One line's worth of an instruction's accesses: the line's address and the byte range
/// within it that the lanes touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineAccess {
    /// Address of the first byte touched.
    pub address: u64,
    /// Bytes from `address` to the end of the last touched dword or quadword.
    pub bytes: u32,
}

/// Groups `accesses` (the start addresses of dword accesses, or of 8-byte atomics when
/// `wide`) by `line_bytes`-byte line (a power of two), in address order, into `lines`
/// (emptied first): one [`LineAccess`] per line touched, covering every touched byte of
/// that line.
///
/// # Panics
/// If `line_bytes` is not a power of two.
pub fn coalesce(accesses: &[u64], line_bytes: u64, wide: bool, lines: &mut Vec<LineAccess>) {
    assert!(line_bytes.is_power_of_two(), "lines of {line_bytes} bytes");
    let width = if wide { 8 } else { 4 };
    // Line numbers by shifting: a division per lane costs more than the rest.
    let shift = line_bytes.trailing_zeros();
    let line_of = |a: &LineAccess| a.address >> shift;
    lines.clear();
    // Lanes mostly touch the line of the lane before them.
    for &address in accesses {
        let start = address & !(width - 1);
        let line = start >> shift;
        let end = (start + width).min((line + 1) << shift);
        match lines.last_mut() {
            Some(last) if line_of(last) == line => merge(last, start, end),
            _ => lines.push(LineAccess {
                address: start,
                bytes: (end - start) as u32,
            }),
        }
    }
    if !lines.is_sorted_by_key(line_of) {
        lines.sort_unstable_by_key(|a| a.address);
        lines.dedup_by(|later, kept| {
            let same = line_of(later) == line_of(kept);
            if same {
                merge(kept, later.address, later.address + u64::from(later.bytes));
            }
            same
        });
    }
}

/// Widens `access` to cover `start..end` too.
fn merge(access: &mut LineAccess, start: u64, end: u64) {
    let last_end = access.address + u64::from(access.bytes);
    access.address = access.address.min(start);
    access.bytes = (last_end.max(end) - access.address) as u32;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(accesses: &[u64], line_bytes: u64, wide: bool) -> Vec<LineAccess> {
        let mut lines = Vec::new();
        coalesce(accesses, line_bytes, wide, &mut lines);
        lines
    }

    #[test]
    fn consecutive_dwords_of_64_lanes_make_four_line_requests() {
        let accesses: Vec<u64> = (0..64).map(|l| 0x1000 + 4 * l).collect();
        let lines = lines_of(&accesses, 64, false);
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[1],
            LineAccess {
                address: 0x1040,
                bytes: 64
            }
        );
    }

    #[test]
    fn a_broadcast_is_one_request_and_a_stride_one_per_lane() {
        assert_eq!(lines_of(&[0x2008; 64], 64, false).len(), 1);
        let strided: Vec<u64> = (0..64).map(|l| 0x1000 + 128 * l).collect();
        assert_eq!(lines_of(&strided, 64, false).len(), 64);
    }

    #[test]
    fn partial_lines_cover_only_touched_bytes() {
        let lines = lines_of(&[0x1010, 0x1018, 0x1006], 64, false);
        assert_eq!(
            lines,
            vec![LineAccess {
                address: 0x1004,
                bytes: 0x18
            }]
        );
        let wide = lines_of(&[0x1038], 64, true);
        assert_eq!(wide[0].bytes, 8);
    }

    /// The definition: per line touched, in line order, the smallest range covering
    /// every touched byte.
    fn reference(accesses: &[u64], line_bytes: u64, width: u64) -> Vec<LineAccess> {
        let mut lines = std::collections::BTreeMap::new();
        for &a in accesses {
            let start = a & !(width - 1);
            let end = (start + width).min((start / line_bytes + 1) * line_bytes);
            let r = lines.entry(start / line_bytes).or_insert((start, end));
            *r = (r.0.min(start), r.1.max(end));
        }
        lines
            .into_values()
            .map(|(s, e)| LineAccess {
                address: s,
                bytes: (e - s) as u32,
            })
            .collect()
    }

    #[test]
    fn lanes_in_any_order_give_the_same_lines() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..200 {
            let lanes: Vec<u64> = (0..64)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    0x10_0000 + x % (64 * (1 + round % 9))
                })
                .collect();
            let wide = round % 3 == 0;
            let width = if wide { 8 } else { 4 };
            assert_eq!(lines_of(&lanes, 64, wide), reference(&lanes, 64, width));
        }
    }
}
