//! What the links between GPUs carried, as report rows and trace spans: for a unified
//! device's kernels (the fabric's traffic during a launch) and for the copies that move
//! buffers between discrete GPUs (see `platform::moves`) and, on the shared timeline,
//! the transfers between the host and a GPU (see `platform::transfer`) and the host's
//! messages to the GPUs (see `platform::timeline`).

use super::trace::LinkSpan;
use super::Metric;
use crate::engine::PS_PER_NS;
use crate::timing::FabricTraffic;
use std::collections::BTreeMap;

/// The report's rows for what a fabric carried, at `location` (e.g. `fabric`): per
/// directed link (`<location>.gpu0>switch0`) its bytes, messages and busy time; per
/// pair of GPUs with traffic (at `location`) the bytes and messages from one to the
/// other.
pub fn fabric_rows(location: &str, traffic: FabricTraffic) -> Vec<Metric> {
    let row = |location: String, what: String, value: u64, unit: &'static str| Metric {
        location,
        what,
        value: value as f64,
        unit,
    };
    let mut rows = Vec::new();
    for link in traffic.links {
        let at = format!("{location}.{}", link.name);
        rows.push(row(at.clone(), "bytes".into(), link.bytes, "bytes"));
        rows.push(row(at.clone(), "messages".into(), link.messages, "count"));
        rows.push(row(at, "busy".into(), link.busy / PS_PER_NS, "ns"));
    }
    for (a, b, bytes, messages) in traffic.pairs {
        let pair = format!("{a}_to_{b}");
        rows.push(row(
            location.into(),
            format!("bytes_{pair}"),
            bytes,
            "bytes",
        ));
        rows.push(row(
            location.into(),
            format!("messages_{pair}"),
            messages,
            "count",
        ));
    }
    for (a, b, pages, bytes) in traffic.migrations {
        let pair = format!("gpu{a}_to_gpu{b}");
        let at = || location.to_string();
        rows.push(row(at(), format!("migrated_pages_{pair}"), pages, "count"));
        rows.push(row(at(), format!("migrated_bytes_{pair}"), bytes, "bytes"));
    }
    rows
}

/// The times each link of `traffic` was busy (ps from some origin), as trace spans in ns
/// `shift_ns` later.
pub fn link_spans(traffic: &FabricTraffic, shift_ns: u64) -> Vec<LinkSpan> {
    let mut spans = Vec::new();
    for (index, link) in traffic.links.iter().enumerate() {
        spans.extend(link.periods.iter().map(|&(start, end, bytes)| LinkSpan {
            link: index as u32,
            name: link.name.clone(),
            start_ns: shift_ns + start / PS_PER_NS,
            end_ns: shift_ns + end.div_ceil(PS_PER_NS),
            bytes,
        }));
    }
    spans
}

/// Copies of buffers between discrete GPUs (and, on the shared timeline, transfers
/// between the host and a GPU), added up over the run.
#[derive(Debug, Default)]
pub struct GpuCopies {
    /// Per (source GPU, destination GPU): copies, bytes of data, ns.
    pairs: BTreeMap<(usize, usize), (u64, u64, u64)>,
    /// What the links carried (without busy periods: those go to the trace).
    links: FabricTraffic,
}

impl GpuCopies {
    /// Adds a copy of `bytes` from GPU `from` to GPU `to` that took `ns` and put
    /// `traffic` on the links.
    pub fn add(&mut self, (from, to): (usize, usize), bytes: u64, ns: u64, traffic: FabricTraffic) {
        let tally = self.pairs.entry((from, to)).or_default();
        tally.0 += 1;
        tally.1 += bytes;
        tally.2 += ns;
        self.add_links(traffic);
    }

    /// Adds what the links carried for a transfer that is not a copy between GPUs.
    pub fn add_links(&mut self, traffic: FabricTraffic) {
        let mut traffic = traffic;
        for link in &mut traffic.links {
            link.periods.clear();
        }
        self.links.add(traffic);
    }

    /// Copies into GPU `gpu`: how many, their bytes of data and their time (ns).
    pub fn into_gpu(&self, gpu: usize) -> (u64, u64, u64) {
        self.pairs
            .iter()
            .filter(|((_, to), _)| *to == gpu)
            .fold((0, 0, 0), |a, (_, t)| (a.0 + t.0, a.1 + t.1, a.2 + t.2))
    }

    /// The rows for the links and pairs of ends (none if nothing crossed the links): as
    /// [`fabric_rows`] at `transfers.fabric`.
    pub fn rows(&self) -> Vec<Metric> {
        if self.links.links.is_empty() {
            return Vec::new();
        }
        fabric_rows("transfers.fabric", self.links.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{copy_on_idle_links, Node, Topology};

    #[test]
    fn copies_add_up_per_pair_and_link_and_drop_their_periods() {
        let topology = Topology::AllToAll {
            gbytes_per_s: 16.0,
            latency: 100 * PS_PER_NS,
            host_gbytes_per_s: 16.0,
            host_latency: 500 * PS_PER_NS,
            flit_bytes: 0,
        };
        let mut copies = GpuCopies::default();
        assert!(copies.rows().is_empty(), "no rows before any copy");
        for _ in 0..2 {
            let pieces = [(Node::Gpu(0), Node::Gpu(1), 640)];
            let (end, traffic) = copy_on_idle_links(2, &topology, false, &pieces, 64);
            // gpu0>gpu1 carries the answers, from when the first request has arrived
            // (100.75 ns), shifted by 1000 ns.
            assert_eq!(link_spans(&traffic, 1000)[0].start_ns, 1100);
            copies.add((0, 1), 640, end / PS_PER_NS, traffic);
        }
        let (count, bytes, _) = copies.into_gpu(1);
        assert_eq!((count, bytes), (2, 1280));
        assert_eq!(copies.into_gpu(0), (0, 0, 0));
        let rows = copies.rows();
        let value = |location: &str, what: &str| {
            rows.iter()
                .find(|m| m.location == location && m.what == what)
                .map(|m| m.value)
        };
        // 10 lines each way per copy: requests of 12 bytes, answers of 64 + 4.
        assert_eq!(value("transfers.fabric.gpu0>gpu1", "bytes"), Some(1360.0));
        assert_eq!(value("transfers.fabric.gpu1>gpu0", "bytes"), Some(240.0));
        assert_eq!(
            value("transfers.fabric", "messages_gpu1_to_gpu0"),
            Some(20.0)
        );
        assert!(copies.links.links.iter().all(|l| l.periods.is_empty()));
    }
}
