//! What moving data costs in simulated time: host↔device transfers cross PCIe (its
//! latency plus the bytes at `platform.pcie_gbytes_per_s`), copies and fills inside a GPU
//! run at its DRAM bandwidth (`gpu.dram.controllers × gpu.dram.bytes_per_cycle` bytes per
//! cycle of `gpu.clock_mhz`). Every transfer is also counted in the metrics.
//!
//! On the shared timeline (`platform.discrete_timeline = "shared"`, see
//! [`Timeline`](super::Timeline)) host↔device transfers instead cross the host's links
//! of the platform's fabric (see [`crate::timing::SharedLinks`]), with every other
//! transfer and move that overlaps them in simulated time: the receiving side asks for
//! every L1 line (`gpu.l1v.line_bytes`) with a request of akita's header bytes and the
//! sending side answers with the line and a header, as moves between GPUs do (see
//! `platform::moves`). Transfers that overlap on a link share it line by line (it takes
//! them in turn, a message each): on the PCIe tree every GPU's host traffic crosses the
//! host's one link to the root complex. The transfer's latency is then the
//! fabric's (its switches, or each GPU's own host link), not `platform.pcie_latency_ns`
//! added to the bytes.
//!
//! A unified device of several GPUs (`platform.unified_gpus`) has a fabric of its own:
//! its host transfers carry each page's bytes between the host and the GPU holding the
//! page over that fabric's links, line by line in the same way (see
//! [`Platform::transfer`]). In timing mode they run on a timeline of those links
//! ([`Timeline::of_host_links`](super::Timeline::of_host_links)), shared line by line
//! with the other queues' host transfers that overlap them in simulated time, as on the
//! shared timeline, and with the device's kernels' traffic between the GPUs on the links
//! both cross (the kernels run on the same timeline). In the functional mode each is
//! timed on links idle when it starts.

use super::timeline::{Copy, Job, Outcome};
use super::Platform;
use crate::config::PlatformConfig;
use crate::engine::PS_PER_NS;
use crate::timing::{copy_on_idle_links, Node, Topology};

/// Which way data moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TransferKind {
    /// From host memory to a GPU (write buffer, unmap of a written mapping).
    HostToDevice,
    /// From a GPU to host memory (read buffer, map for reading).
    DeviceToHost,
    /// From one place in a GPU's memory to another (copy buffer): every byte is read and
    /// written once.
    DeviceToDevice,
    /// A pattern written into a GPU's memory (fill buffer): every byte is written once.
    Fill,
}

impl TransferKind {
    /// Every kind, in report order.
    pub const ALL: [TransferKind; 4] = [
        TransferKind::HostToDevice,
        TransferKind::DeviceToHost,
        TransferKind::DeviceToDevice,
        TransferKind::Fill,
    ];

    /// The kind's name in the metrics report.
    pub fn name(self) -> &'static str {
        match self {
            TransferKind::HostToDevice => "host_to_device",
            TransferKind::DeviceToHost => "device_to_host",
            TransferKind::DeviceToDevice => "device_to_device",
            TransferKind::Fill => "fill",
        }
    }
}

/// Simulated nanoseconds a transfer of `bytes` of `kind` takes on `config`'s hardware
/// (0 for no bytes).
pub fn transfer_ns(config: &PlatformConfig, kind: TransferKind, bytes: u64) -> u64 {
    if bytes == 0 {
        return 0;
    }
    match kind {
        TransferKind::HostToDevice | TransferKind::DeviceToHost => {
            // GB/s is bytes per ns.
            u64::from(config.pcie_latency_ns)
                + (bytes as f64 / config.pcie_gbytes_per_s).ceil() as u64
        }
        TransferKind::DeviceToDevice | TransferKind::Fill => {
            let gpu = &config.gpu;
            let bytes_per_ns = f64::from(gpu.dram.controllers)
                * f64::from(gpu.dram.bytes_per_cycle)
                * f64::from(gpu.clock_mhz)
                / 1000.0;
            let moved = if kind == TransferKind::DeviceToDevice {
                2 * bytes
            } else {
                bytes
            };
            (moved as f64 / bytes_per_ns).ceil() as u64
        }
    }
}

impl TransferKind {
    /// Whether data crosses between the host and a GPU.
    fn crosses_to_host(self) -> bool {
        matches!(
            self,
            TransferKind::HostToDevice | TransferKind::DeviceToHost
        )
    }

    /// Where data of a transfer of this kind between the host and `gpu` comes from and
    /// goes to.
    fn ends(self, gpu: Node) -> (Node, Node) {
        match self {
            TransferKind::HostToDevice => (Node::Host, gpu),
            _ => (gpu, Node::Host),
        }
    }
}

impl Platform {
    /// Counts a transfer of `kind` by a command of queue `queue` starting at `start_ns`
    /// of the bytes of GPU `gpu`'s memory that `spans` ((device address, bytes), in order)
    /// cover in the metrics and returns its simulated duration in nanoseconds. On the
    /// shared timeline a transfer to or from the host crosses the fabric's links, shared
    /// line by line with every queue's transfers that overlap it; on a unified device of
    /// several GPUs each page's bytes cross the fabric's links between the host and the
    /// GPU holding the page, shared in the same way in timing mode (on links idle when
    /// the transfer starts in the functional mode).
    pub fn transfer(
        &self,
        gpu: usize,
        kind: TransferKind,
        spans: &[(u64, u64)],
        queue: u64,
        start_ns: u64,
    ) -> u64 {
        self.timed_transfer(gpu, kind, spans, start_ns, |timeline, job| {
            timeline.run(queue, gpu, start_ns, job)
        })
    }

    /// Counts the upload of host memory into `spans` ((device address, bytes)) of a new
    /// memory object on GPU `gpu` (the host thread waits for it, outside any queue; its
    /// clock reads `now_ns`) and returns how long the host waits (ns). On the shared
    /// timeline the upload is handed over by the host driver
    /// (`platform.driver_submit_ns` after `now_ns`, the host's least bound as a source)
    /// and crosses the fabric's links; the caller moves its clock on by the wait and
    /// then tells the timeline
    /// ([`Timeline::host_clock_moved`](super::Timeline::host_clock_moved)).
    pub fn upload(&self, gpu: usize, spans: &[(u64, u64)], now_ns: u64) -> u64 {
        let bytes: u64 = spans.iter().map(|s| s.1).sum();
        let submit_ns = match &self.timeline {
            Some(timeline) if bytes > 0 && timeline.carries_host_driver() => {
                u64::from(self.settings.platform.driver_submit_ns)
            }
            _ => 0,
        };
        let start_ns = now_ns + submit_ns;
        let kind = TransferKind::HostToDevice;
        let ns = self.timed_transfer(gpu, kind, spans, start_ns, |timeline, job| {
            timeline.run_for_host(gpu, start_ns, job)
        });
        submit_ns + ns
    }

    /// [`transfer`](Self::transfer) with `hand_over` giving the timeline its job.
    fn timed_transfer(
        &self,
        gpu: usize,
        kind: TransferKind,
        spans: &[(u64, u64)],
        start_ns: u64,
        hand_over: impl FnOnce(&super::Timeline, Job) -> Outcome,
    ) -> u64 {
        let bytes = spans.iter().map(|s| s.1).sum();
        if kind.crosses_to_host() {
            self.host_copy(gpu);
        }
        let on_links = kind.crosses_to_host() && bytes > 0;
        let unified = self.unified_host_links();
        let ns = match self.timeline.as_ref() {
            Some(timeline) if on_links => {
                let copy = if unified {
                    by_ends(self.page_pieces(gpu, kind, spans))
                } else {
                    let (from, to) = kind.ends(Node::Gpu(gpu));
                    vec![(from, to, vec![bytes])]
                };
                let Outcome::Copies(timed) = hand_over(timeline, Job::Copies(vec![copy])) else {
                    unreachable!("a copy's job comes to a copy's outcome");
                };
                let (ns, traffic) = timed.into_iter().next().unwrap_or_default();
                self.metrics.record_links(gpu, start_ns, traffic);
                ns
            }
            _ if on_links && unified => self.unified_host_transfer(gpu, kind, spans, start_ns),
            _ => transfer_ns(&self.settings.platform, kind, bytes),
        };
        self.metrics.record_transfer(gpu, kind, bytes, ns);
        ns
    }

    /// Whether the platform's GPUs form a unified device of several GPUs, whose host
    /// transfers cross the fabric's links between the host and its GPUs (so that every
    /// copy the platform times on idle links has the host's links too).
    pub(super) fn unified_host_links(&self) -> bool {
        let platform = &self.settings.platform;
        platform.unified_gpus && platform.gpu_count > 1
    }

    /// Times a transfer of `kind` between the host and the pages of unified device `gpu`
    /// that `spans` cover, starting at `start_ns`, on links idle when it starts, and
    /// records what it put on the links; returns its nanoseconds. (Without a timeline of
    /// the device's host transfers: in the functional mode.)
    fn unified_host_transfer(
        &self,
        gpu: usize,
        kind: TransferKind,
        spans: &[(u64, u64)],
        start_ns: u64,
    ) -> u64 {
        let platform = &self.settings.platform;
        let (end, traffic) = copy_on_idle_links(
            platform.gpu_count,
            &Topology::of_platform(platform),
            true,
            &self.page_pieces(gpu, kind, spans),
            u64::from(platform.gpu.l1v.line_bytes),
        );
        self.metrics.record_links(gpu, start_ns, traffic);
        end.div_ceil(PS_PER_NS)
    }

    /// The pieces `(from, to, bytes)` of a transfer of `kind` between the host and the
    /// pages of unified device `gpu` that `spans` cover, in address order (consecutive
    /// bytes of one GPU joined).
    ///
    /// As MGPUSim's driver does (`processMemCopyH2DCommand` and
    /// `processMemCopyD2HCommand` in `driver/memorycopy.go`: one request per page, to the
    /// GPU whose memory holds the page), each page's bytes travel between the host and the
    /// GPU holding the page, over the fabric's host links (see [`crate::timing::Node`]):
    /// on the PCIe tree every page crosses the host's one link to the root complex, with
    /// direct links each GPU's link to the host carries its pages in parallel with the
    /// others'. The bytes move line by line as a discrete GPU's do on the shared
    /// timeline (a request per line from the receiving side, the line and a header
    /// back, all requests leaving at once).
    fn page_pieces(
        &self,
        gpu: usize,
        kind: TransferKind,
        spans: &[(u64, u64)],
    ) -> Vec<(Node, Node, u64)> {
        let memory = self.driver.gpu(gpu).ok();
        let page = self.driver.page_bytes();
        let mut pieces: Vec<(Node, Node, u64)> = Vec::new();
        for &(address, bytes) in spans {
            let mut at = address;
            while at < address + bytes {
                let chunk = (page - at % page).min(address + bytes - at);
                let (from, to) = kind.ends(Node::Gpu(memory.map_or(0, |m| m.home_of(at))));
                match pieces.last_mut() {
                    Some(last) if (last.0, last.1) == (from, to) => last.2 += chunk,
                    _ => pieces.push((from, to, chunk)),
                }
                at += chunk;
            }
        }
        pieces
    }
}

/// `pieces` as one copy on the timeline's links: a transfer per pair of ends (in the
/// order each pair first comes), of its pieces in order, all starting together.
fn by_ends(pieces: Vec<(Node, Node, u64)>) -> Copy {
    let mut copy: Copy = Vec::new();
    for (from, to, bytes) in pieces {
        match copy.iter_mut().find(|c| (c.0, c.1) == (from, to)) {
            Some(transfer) => transfer.2.push(bytes),
            None => copy.push((from, to, vec![bytes])),
        }
    }
    copy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    /// Four GPUs linked by `gpu_links`, on the shared timeline or (`unified`) as one
    /// device.
    fn four_gpus(gpu_links: &str, unified: bool) -> Platform {
        let vars = [
            ("GCNSIM_GPUS", "4"),
            ("GCNSIM_THREADS", "1"),
            ("GCNSIM_MODE", "timing"),
            ("GCNSIM_DISCRETE_TIMELINE", "shared"),
            ("GCNSIM_UNIFIED", if unified { "1" } else { "0" }),
        ];
        let mut settings = Settings::from_vars(vars.map(|(k, v)| (k.to_string(), v.to_string())))
            .expect("settings");
        settings.platform.gpu_links = match gpu_links {
            "all_to_all" => crate::config::GpuLinks::AllToAll,
            _ => crate::config::GpuLinks::PcieTree,
        };
        Platform::new(settings).expect("platform")
    }

    fn shared_timeline(gpu_links: &str) -> Platform {
        four_gpus(gpu_links, false)
    }

    /// Queues 1 and 2 write 1 MiB from the host into GPUs 1 and 3 (under different
    /// switches), from T and T + 1 ns, whichever thread gets there first; returns each
    /// write's ns, in queue order.
    fn two_writes(platform: &Platform, t: u64) -> Vec<u64> {
        let timeline = platform.timeline().expect("a shared timeline");
        timeline.queue_enqueued(1, t);
        timeline.queue_enqueued(2, t + 1);
        std::thread::scope(|scope| {
            let writes: Vec<_> = [(1, 1), (2, 3)]
                .into_iter()
                .map(|(queue, gpu)| {
                    scope.spawn(move || {
                        let start = t + queue - 1;
                        let kind = TransferKind::HostToDevice;
                        let ns = platform.transfer(gpu, kind, &[(0, 1 << 20)], queue, start);
                        timeline.queue_done(queue, start + ns);
                        ns
                    })
                })
                .collect();
            writes.into_iter().map(|w| w.join().unwrap()).collect()
        })
    }

    #[test]
    fn on_the_shared_timeline_host_transfers_share_the_host_link_line_by_line() {
        let platform = shared_timeline("pcie_tree");
        // 1 MiB in 64-byte lines answered with 4 bytes of header at 16 GB/s, plus two
        // switches each way (the root complex's and the GPU's).
        let link = (1u64 << 20) * 68 / 64 / 16;
        // The two writes share the host's link line by line: each takes both writes'
        // lines there, and they end together.
        let ns = two_writes(&platform, 1000);
        for write in &ns {
            assert!(
                *write > 2 * link + 560 && *write < 2 * link + 600,
                "{ns:?}, {link} ns"
            );
        }
        let rows = |what| platform.metric("transfers.fabric.host>root", what);
        assert_eq!(rows("bytes"), Some((2 << 20) as f64 * 68.0 / 64.0));
        assert_eq!(
            platform.metric("transfers.fabric", "bytes_gpu3_to_host"),
            Some((1 << 20) as f64 * 12.0 / 64.0)
        );
        assert_eq!(
            platform.metric("gpu1", "host_to_device_time"),
            Some(ns[0] as f64)
        );
        // A read back from GPU 1 later crosses the links the other way, alone.
        let timeline = platform.timeline().unwrap();
        let t = 1000 + 4 * link;
        timeline.queue_enqueued(1, t);
        let read = platform.transfer(1, TransferKind::DeviceToHost, &[(0, 1 << 20)], 1, t);
        timeline.queue_done(1, t + read);
        assert!(read > link + 560 && read < link + 600, "{read} ns");
    }

    #[test]
    fn with_direct_links_each_gpu_reaches_the_host_over_its_own_link() {
        let platform = shared_timeline("all_to_all");
        // A request up and the answers down, each link 500 ns (platform.pcie_latency_ns).
        let link = (1u64 << 20) * 68 / 64 / 16;
        let ns = two_writes(&platform, 1000);
        assert_eq!(ns[0], ns[1]);
        assert!(
            ns[0] > link + 1000 && ns[0] < link + 1010,
            "{ns:?}, {link} ns"
        );
        assert!(platform
            .metric("transfers.fabric.host>gpu3", "bytes")
            .is_some());
    }

    #[test]
    fn an_upload_at_creation_waits_for_the_links_after_the_host_driver() {
        let platform = shared_timeline("pcie_tree");
        let timeline = platform.timeline().unwrap();
        timeline.set_host_clock(|| 5000);
        timeline.host_thread_started();
        let link = (1u64 << 20) * 68 / 64 / 16;
        let wait = platform.upload(2, &[(0, 1 << 20)], 5000);
        // The host driver's 1 ns, then the links.
        assert!(wait > link + 560 && wait < link + 600, "{wait} ns");
        assert_eq!(
            platform.metric("gpu2", "host_to_device_commands"),
            Some(1.0)
        );
        assert_eq!(platform.upload(2, &[], 5000 + wait), 0);
    }

    #[test]
    fn a_unified_devices_host_transfers_carry_each_page_to_the_gpu_holding_it() {
        let link = (1u64 << 20) * 68 / 64 / 16;
        let (write, read) = (TransferKind::HostToDevice, TransferKind::DeviceToHost);
        // On the PCIe tree every GPU's pages cross the host's one link into the root
        // complex: the whole megabyte's time there, plus two switches each way.
        let platform = four_gpus("pcie_tree", true);
        let timeline = platform.timeline().expect("a timeline of the host's links");
        assert!(!timeline.carries_host_driver());
        let buffer = platform.driver().create_buffer(1 << 20).unwrap();
        let spans = [(buffer.address(), 1 << 20)];
        let ns = platform.transfer(0, write, &spans, 0, 1000);
        assert!(ns > link + 560 && ns < link + 600, "{ns} ns, {link} ns");
        let quarter = Some((1 << 18) as f64 * 68.0 / 64.0);
        let pairs = |what| platform.metric("transfers.fabric", what);
        assert_eq!(pairs("bytes_host_to_gpu3"), quarter);
        assert_eq!(
            pairs("bytes_gpu0_to_host"),
            Some((1 << 18) as f64 * 12.0 / 64.0)
        );
        let host_link = platform.metric("transfers.fabric.host>root", "bytes");
        assert_eq!(host_link, Some((1 << 20) as f64 * 68.0 / 64.0));
        // With direct links each GPU's own link to the host carries its quarter, all four
        // at once, with the link's latency each way.
        let platform = four_gpus("all_to_all", true);
        let buffer = platform.driver().create_buffer(1 << 20).unwrap();
        let spans = [(buffer.address(), 1 << 20)];
        let ns = platform.transfer(0, read, &spans, 0, 1000);
        assert!(ns > link / 4 + 1000 && ns < link / 4 + 1010, "{ns} ns");
        let own_link = platform.metric("transfers.fabric.gpu2>host", "bytes");
        assert_eq!(own_link, quarter);
        // Pages placed on GPU 1 (the Locality API) all cross its link; a sub-range (two
        // rows of a rectangle) only its pages'.
        platform
            .place_pages(0, buffer.address(), 1 << 20, 1)
            .unwrap();
        let ns = platform.transfer(0, read, &spans, 0, 1000);
        assert!(ns > link + 1000 && ns < link + 1010, "{ns} ns");
        let rows = [(buffer.address(), 4096), (buffer.address() + 8192, 4096)];
        let ns = platform.transfer(0, write, &rows, 0, 1000);
        assert!(ns > link / 128 + 1000 && ns < link / 128 + 1010, "{ns} ns");
        assert_eq!(
            platform.metric("gpu0", "host_to_device_bytes"),
            Some(8192.0)
        );
    }

    #[test]
    fn a_unified_devices_host_transfers_that_overlap_share_the_links_line_by_line() {
        let platform = four_gpus("pcie_tree", true);
        let timeline = platform.timeline().expect("a timeline of the host's links");
        let link = (1u64 << 20) * 68 / 64 / 16;
        let buffers = [(); 2].map(|_| platform.driver().create_buffer(1 << 20).unwrap());
        timeline.queue_enqueued(1, 1000);
        timeline.queue_enqueued(2, 1001);
        // Queue 1 writes, queue 2 reads, from T and T + 1 ns: on the host's one link into
        // the root complex the read's requests pass between the write's lines, and on the
        // link out of it the write's requests between the read's (0.75 ns of every 5 ns),
        // so each takes 5 ns a line instead of 4.25, whichever thread comes first.
        let ns: Vec<u64> = std::thread::scope(|scope| {
            let kinds = [TransferKind::HostToDevice, TransferKind::DeviceToHost];
            let runs: Vec<_> = (kinds.into_iter().zip(&buffers).enumerate())
                .map(|(i, (kind, buffer))| {
                    let platform = &platform;
                    scope.spawn(move || {
                        let (queue, start) = (i as u64 + 1, 1000 + i as u64);
                        let spans = [(buffer.address(), 1 << 20)];
                        let ns = platform.transfer(0, kind, &spans, queue, start);
                        platform.timeline().unwrap().queue_done(queue, start + ns);
                        ns
                    })
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let shared = (1u64 << 14) * 5 + 560;
        for transfer in &ns {
            assert!(
                *transfer > link + 560 && transfer.abs_diff(shared) < shared / 200,
                "{ns:?}, {shared} ns"
            );
        }
        // Two writes at once share the host's link: each takes both megabytes' lines.
        timeline.queue_enqueued(1, 200_000);
        timeline.queue_enqueued(2, 200_000);
        let ns: Vec<u64> = std::thread::scope(|scope| {
            let runs: Vec<_> = (buffers.iter().enumerate())
                .map(|(i, buffer)| {
                    let platform = &platform;
                    scope.spawn(move || {
                        let queue = i as u64 + 1;
                        let spans = [(buffer.address(), 1 << 20)];
                        let write = TransferKind::HostToDevice;
                        let ns = platform.transfer(0, write, &spans, queue, 200_000);
                        platform.timeline().unwrap().queue_done(queue, 200_000 + ns);
                        ns
                    })
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for write in &ns {
            assert!(write.abs_diff(2 * link + 560) < 20, "{ns:?}, {link} ns");
        }
        // The upload of a memory object created from host memory shares them too (handed
        // over at the host's clock: no host driver's time on a unified device).
        timeline.set_host_clock(|| 400_000);
        timeline.host_thread_started();
        timeline.queue_enqueued(1, 400_000);
        let (write, upload) = std::thread::scope(|scope| {
            let (platform, buffers) = (&platform, &buffers);
            let write = scope.spawn(move || {
                let spans = [(buffers[0].address(), 1 << 20)];
                let write = TransferKind::HostToDevice;
                let ns = platform.transfer(0, write, &spans, 1, 400_000);
                platform.timeline().unwrap().queue_done(1, 400_000 + ns);
                ns
            });
            let upload = platform.upload(0, &[(buffers[1].address(), 1 << 20)], 400_000);
            (write.join().unwrap(), upload)
        });
        for ns in [write, upload] {
            assert!(ns.abs_diff(2 * link + 560) < 20, "{write} and {upload} ns");
        }
    }

    #[test]
    fn pcie_costs_latency_plus_bytes_over_bandwidth() {
        let mut config = PlatformConfig::default_platform();
        config.pcie_gbytes_per_s = 16.0;
        config.pcie_latency_ns = 500;
        assert_eq!(transfer_ns(&config, TransferKind::HostToDevice, 0), 0);
        assert_eq!(
            transfer_ns(&config, TransferKind::HostToDevice, 16 << 20),
            500 + (1 << 20)
        );
        assert_eq!(transfer_ns(&config, TransferKind::DeviceToHost, 1), 501);
    }

    #[test]
    fn copies_inside_a_gpu_read_and_write_at_dram_bandwidth() {
        let mut config = PlatformConfig::default_platform();
        config.gpu.clock_mhz = 1000;
        config.gpu.dram.controllers = 8;
        config.gpu.dram.bytes_per_cycle = 16;
        // 128 bytes per ns.
        assert_eq!(transfer_ns(&config, TransferKind::Fill, 128 * 1000), 1000);
        assert_eq!(
            transfer_ns(&config, TransferKind::DeviceToDevice, 128 * 1000),
            2000
        );
    }
}
