//! The vector memory unit's coalescer: the addresses a memory instruction's lanes touched,
//! turned into one request per cache line.

use std::collections::BTreeMap;

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
/// `wide`) by `line_bytes`-byte line, in address order: one [`LineAccess`] per line
/// touched, covering every touched byte of that line.
pub fn coalesce(accesses: &[u64], line_bytes: u64, wide: bool) -> Vec<LineAccess> {
    let width = if wide { 8 } else { 4 };
    let mut lines: BTreeMap<u64, (u64, u64)> = BTreeMap::new();
    for &address in accesses {
        let start = address & !(width - 1);
        let line = start / line_bytes;
        let end = (start + width).min((line + 1) * line_bytes);
        let range = lines.entry(line).or_insert((start, end));
        range.0 = range.0.min(start);
        range.1 = range.1.max(end);
    }
    lines
        .into_values()
        .map(|(start, end)| LineAccess {
            address: start,
            bytes: (end - start) as u32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_dwords_of_64_lanes_make_four_line_requests() {
        let accesses: Vec<u64> = (0..64).map(|l| 0x1000 + 4 * l).collect();
        let lines = coalesce(&accesses, 64, false);
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
        assert_eq!(coalesce(&[0x2008; 64], 64, false).len(), 1);
        let strided: Vec<u64> = (0..64).map(|l| 0x1000 + 128 * l).collect();
        assert_eq!(coalesce(&strided, 64, false).len(), 64);
    }

    #[test]
    fn partial_lines_cover_only_touched_bytes() {
        let lines = coalesce(&[0x1010, 0x1018, 0x1006], 64, false);
        assert_eq!(
            lines,
            vec![LineAccess {
                address: 0x1004,
                bytes: 0x18
            }]
        );
        let wide = coalesce(&[0x1038], 64, true);
        assert_eq!(wide[0].bytes, 8);
    }
}
