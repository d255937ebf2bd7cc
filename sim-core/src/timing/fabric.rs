//! The links between GPUs: a PCIe switch tree (MGPUSim's R9 Nano platform) or direct
//! links between every two GPUs, carrying the requests a GPU's crossbar sends toward
//! another GPU's memory and their answers.
//!
//! What MGPUSim v3.0.0 does (`samples/runner/timingplatform.go`, akita's
//! `noc/networking/pcie`): the host driver and the MMU hang on a root complex, every two
//! GPUs share a switch below it, and a message crosses the flit-level network switch by
//! switch, 140 cycles in each, over links of one bandwidth with 16-flit buffers at each
//! end. A GPU's RDMA engine takes its L1 caches' requests for other GPUs' memory and
//! hands them to the remote GPU's RDMA engine, which passes them to its L2 caches.
//!
//! gcnsim's fabric is one component with a port per (GPU, other GPU): a message taken at
//! GPU a's port toward GPU b is delivered at GPU b's port toward GPU a after crossing the
//! directed links of its path, in one of two ways (`platform.link_model`).
//!
//! **Booked** (the default): on each link a message waits until the link is free,
//! occupies it for its bytes (payload plus MGPUSim's header bytes) at the link's
//! bandwidth, and arrives the link's latency later (store and forward), handed over on
//! the next edge of the fabric's clock (the GPUs'). Each link is booked when the message
//! enters the fabric, so messages sharing a link pass it in the order they entered, and
//! the links bound the bandwidth rather than the buffers (a GPU's L1 MSHRs bound what is
//! in flight). A switch costs its latency on the link that enters it. MGPUSim's switches
//! queue flits at their inputs, one FIFO each, and a crossbar arbiter gives an output to
//! one input a cycle, so a first flit waiting for a taken output holds up those behind
//! it: measured on four unified GPUs, the links into and out of the root complex then
//! carry about 0.8 flits a cycle where the booked links run 95 % busy (ReLU, simple
//! convolution: docs/multigpu.md).
//!
//! **Switches** (`"switches"`, PCIe tree only; configs/mgpusim-links.toml): a cycle-level
//! model of that network (`timing/switches.rs`): per GPU an endpoint that takes
//! one message a cycle (from the GPU's ports toward the others in turn) and sends its
//! flits one a cycle; per switch port a 16-flit incoming buffer, a pipeline of the
//! switch latency in cycles, one-flit route, forward and outgoing buffers, and a
//! rotating crossbar arbiter; 16 flits at the sending end of each link; back-pressure
//! from every full buffer to the sender; a message handed over two cycles after its last
//! flit arrives. A lone one-flit message takes 149 cycles from a GPU to the other GPU of
//! its switch and 437 across the root complex (the booked links: 142 and 424). The
//! fabric is woken each cycle only while flits are in flight. Each flit counts on its
//! link for one cycle of busy time (the link's periods and bytes), the message with its
//! last flit. Where it differs from MGPUSim: a GPU's endpoint takes a message in every
//! cycle it holds none (MGPUSim's RDMA engine, which hands it one, is refused in the cycle
//! after a quarter of its hand-overs, when akita's event heap happens to pop the
//! engine's tick before the endpoint's, which frees the one it holds; measured and
//! imitated, this moves matrix multiplication by 1.5 % or less: docs/multigpu.md, so it
//! is not modelled); the GPUs' translation requests
//! to the IOMMU do not cross it (`gpu.iommu_latency_cycles`); messages handed over wait
//! per port, not in one queue per endpoint. Page migrations
//! ([`FabricLinks::migrate_page`]) need the booked links (the configuration refuses
//! both), and the host's transfers stay on their own model of the links (below): a
//! unified device's are told when the switches last moved a flit on a link they share,
//! but the switches do not see them.
//!
//! The host may hang on the fabric too (discrete GPUs on the shared timeline carry the
//! host's transfers on it): on the PCIe tree it sits on the root complex, as MGPUSim's
//! driver does, behind a link of the tree's bandwidth (`host>root`, entering the root
//! complex costs a switch's latency; `root>host`), so every GPU's host traffic shares
//! that link and its switch's link to the root; with direct links between the GPUs each
//! GPU has a PCIe link of its own to the host (`host>gpu0`, `gpu0>host`). The host's
//! traffic does not pass this component: the shared timeline's moves, host transfers
//! and the host driver's messages to a GPU (a kernel's dispatch, the L2 flush after each
//! kernel and its answer) cross a model of the same links of their own
//! ([`SharedLinks`](super::SharedLinks), which shares them line by line), which this
//! component does not see. (When transfers were booked here whole at their START, a
//! flush booked behind one waited for all of it: FIR split over 4 discrete GPUs took
//! 9.3-15.4 µs a kernel instead of 7.5 µs unbooked.) A unified device's host transfers
//! cross such a model too, coupled to this component's links while a kernel runs (see
//! [`LinkCoupling`]).

use super::link_coupling::LinkCoupling;
use super::plumbing::{take, Outbox, Pipeline};
use super::protocol::{Access, CarriesMemory, MemoryMessage, Payload};
use super::switches::{Moved, SwitchNetwork};
use crate::config::{GpuLinks, PlatformConfig};
use crate::engine::{Component, Context, Port, Time, Wake, PS_PER_NS};
use std::fmt;
use std::sync::{Arc, Mutex};

/// Busy periods of a link closer than this merge into one (the trace's resolution).
const MERGE_GAP: Time = 100 * 1000;
/// Busy periods kept per link between two readings of the stats; later ones are merged
/// into the last.
const PERIODS_PER_LINK: usize = 4096;

/// Bytes a request adds to its data on a link (akita's `accessReqByteOverhead`).
pub(super) const REQUEST_OVERHEAD_BYTES: u64 = 12;
/// Bytes an answer adds to its data (akita's `accessRspByteOverhead`).
pub(super) const RESPONSE_OVERHEAD_BYTES: u64 = 4;

/// An end of the fabric's paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// GPU number n.
    Gpu(usize),
    /// The host (its memory, behind the host driver).
    Host,
}

impl Node {
    /// Its number among `gpus` GPUs and the host (numbered `gpus`), as the paths of
    /// [`build_paths`] are indexed.
    pub(crate) fn number(self, gpus: usize) -> usize {
        match self {
            Node::Gpu(n) => n,
            Node::Host => gpus,
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Gpu(n) => write!(f, "gpu{n}"),
            Node::Host => write!(f, "host"),
        }
    }
}

/// How the GPUs are linked (and the host to them).
#[derive(Debug, Clone, PartialEq)]
pub enum Topology {
    /// A PCIe tree: every `gpus_per_switch` GPUs share a switch linked to the root
    /// complex. Every link has `gbytes_per_s` each way; entering a switch costs
    /// `switch_latency`.
    PcieTree {
        /// GPUs below each switch.
        gpus_per_switch: usize,
        /// Bandwidth of every link, each way.
        gbytes_per_s: f64,
        /// Latency of each switch.
        switch_latency: Time,
        /// The unit a link moves (bytes; 0: bytes exactly).
        flit_bytes: u64,
    },
    /// A direct link between every two GPUs, each way `gbytes_per_s` with `latency`, and
    /// a PCIe link between the host and each GPU.
    AllToAll {
        /// Bandwidth of each link, each way.
        gbytes_per_s: f64,
        /// Latency of each link.
        latency: Time,
        /// Bandwidth of each GPU's link to the host, each way.
        host_gbytes_per_s: f64,
        /// Latency of each GPU's link to the host.
        host_latency: Time,
        /// The unit a link moves (bytes; 0: bytes exactly).
        flit_bytes: u64,
    },
}

impl Topology {
    /// The links `platform` sets between its GPUs (`platform.gpu_links`).
    pub fn of_platform(platform: &PlatformConfig) -> Topology {
        match platform.gpu_links {
            GpuLinks::PcieTree => Topology::PcieTree {
                gpus_per_switch: platform.gpus_per_pcie_switch as usize,
                gbytes_per_s: platform.pcie_gbytes_per_s,
                switch_latency: PS_PER_NS * u64::from(platform.pcie_switch_latency_ns),
                flit_bytes: platform.link_flit_bytes.into(),
            },
            GpuLinks::AllToAll => Topology::AllToAll {
                gbytes_per_s: platform.p2p_gbytes_per_s,
                latency: PS_PER_NS * u64::from(platform.p2p_latency_ns),
                host_gbytes_per_s: platform.pcie_gbytes_per_s,
                host_latency: PS_PER_NS * u64::from(platform.pcie_latency_ns),
                flit_bytes: platform.link_flit_bytes.into(),
            },
        }
    }
}

/// One direction of one link.
#[derive(Debug, Clone)]
pub(super) struct Link {
    pub(super) name: String,
    /// Femtoseconds per byte.
    femtoseconds_per_byte: u64,
    /// The unit the link moves (bytes; 0: bytes exactly).
    flit_bytes: u64,
    pub(super) latency: Time,
    /// When the link is free for the next message.
    pub(super) free: Time,
    bytes: u64,
    messages: u64,
    busy: Time,
    /// When it was busy (merged: see [`MERGE_GAP`]), with the bytes carried.
    periods: Vec<(Time, Time, u64)>,
}

impl Link {
    fn new(name: String, (gbytes_per_s, flit_bytes): (f64, u64), latency: Time) -> Link {
        Link {
            name,
            femtoseconds_per_byte: (1_000_000.0 / gbytes_per_s).round() as u64,
            flit_bytes,
            latency,
            free: 0,
            bytes: 0,
            messages: 0,
            busy: 0,
            periods: Vec::new(),
        }
    }

    /// Books the link for `bytes` leaving no earlier than `ready`; returns the arrival
    /// time at its far end.
    fn cross(&mut self, ready: Time, bytes: u64) -> Time {
        let start = ready.max(self.free);
        let occupied = self.occupied(bytes);
        self.free = start + occupied;
        self.bytes += bytes;
        self.messages += 1;
        self.busy += occupied;
        merge_period(&mut self.periods, (start, self.free, bytes));
        self.free + self.latency
    }

    /// Counts a flit of a switch network that occupied the link from `start` to `end`
    /// carrying `bytes` of its message (the message counted with its last flit).
    fn carry_flit(&mut self, (start, end): (Time, Time), bytes: u64, last: bool) {
        self.free = self.free.max(end);
        self.bytes += bytes;
        self.messages += u64::from(last);
        self.busy += end - start;
        merge_period(&mut self.periods, (start, end, bytes));
    }

    /// Books the link for `bytes` from no earlier than `ready`, for a message of another
    /// model of it (a unified device's host transfer: see [`LinkCoupling`]), without
    /// counting them; returns when they start.
    fn reserve(&mut self, ready: Time, bytes: u64) -> Time {
        let start = ready.max(self.free);
        self.free = start + self.occupied(bytes);
        start
    }

    /// How long `bytes` occupy the link: the bytes rounded up to whole flits, if the
    /// link moves flits.
    pub(super) fn occupied(&self, bytes: u64) -> Time {
        let moved = match self.flit_bytes {
            0 => bytes,
            flit => bytes.div_ceil(flit) * flit,
        };
        (moved * self.femtoseconds_per_byte).div_ceil(1000)
    }

    /// What the link carried since the last call; its counters restart from zero.
    fn take_traffic(&mut self) -> LinkTraffic {
        LinkTraffic {
            name: self.name.clone(),
            bytes: std::mem::take(&mut self.bytes),
            messages: std::mem::take(&mut self.messages),
            busy: std::mem::take(&mut self.busy),
            periods: std::mem::take(&mut self.periods),
        }
    }
}

/// What one directed link carried.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct LinkTraffic {
    /// E.g. `gpu0>switch0`.
    pub name: String,
    /// Bytes, headers included.
    pub bytes: u64,
    /// Messages.
    pub messages: u64,
    /// Time it was occupied (ps).
    pub busy: Time,
    /// When it was busy (ps, periods less than 100 ns apart merged), with the bytes
    /// carried in each.
    pub periods: Vec<(Time, Time, u64)>,
}

/// What the fabric has carried, per link and per pair of GPUs, since the last
/// [`FabricStats::take`].
#[derive(Debug, Default, Clone, PartialEq)]
pub struct FabricTraffic {
    /// Per directed link, in the fabric's order.
    pub links: Vec<LinkTraffic>,
    /// Per (source, destination) with traffic: bytes (data and headers) and messages.
    pub pairs: Vec<(Node, Node, u64, u64)>,
    /// Per (source GPU, destination GPU) with pages migrated: pages and their bytes.
    pub migrations: Vec<(usize, usize, u64, u64)>,
}

impl FabricTraffic {
    /// Adds `other`'s counts (of a fabric of the same links, or of none yet) to these.
    pub fn add(&mut self, other: FabricTraffic) {
        if self.links.is_empty() {
            self.links = other
                .links
                .iter()
                .map(|l| LinkTraffic {
                    name: l.name.clone(),
                    ..LinkTraffic::default()
                })
                .collect();
        }
        for (total, link) in self.links.iter_mut().zip(other.links) {
            total.bytes += link.bytes;
            total.messages += link.messages;
            total.busy += link.busy;
            for period in link.periods {
                merge_period(&mut total.periods, period);
            }
        }
        add_per_pair(&mut self.pairs, other.pairs);
        add_per_pair(&mut self.migrations, other.migrations);
    }
}

/// Adds counts per pair of `N` (GPUs or nodes) to `totals`, kept in pair order.
fn add_per_pair<N: Ord + Copy>(totals: &mut Vec<(N, N, u64, u64)>, counts: Vec<(N, N, u64, u64)>) {
    for (a, b, x, y) in counts {
        match totals.iter_mut().find(|p| (p.0, p.1) == (a, b)) {
            Some(p) => {
                p.2 += x;
                p.3 += y;
            }
            None => totals.push((a, b, x, y)),
        }
    }
    totals.sort_by_key(|p| (p.0, p.1));
}

/// Copies `pieces` (`(from, to, bytes)`: between two GPUs, or between a GPU and the
/// host) over the idle links of `topology` between `gpus` GPUs, and the host if `host`,
/// started at time 0, as MGPUSim copies between GPUs (its driver's `EnqueueMemCopyD2D`
/// runs a copy kernel on one GPU whose loads of the other GPU's memory go through the
/// RDMA engines): each piece's receiving side asks for every `line_bytes` line with a
/// request (akita's header bytes only), all requests leave at once, in the pieces'
/// order, and the sending side answers each as it arrives, with the line's data and a
/// header. Returns when the last answer has arrived (ps) and what the links carried,
/// with their busy periods from time 0.
///
/// Where gcnsim differs: the copy does not wait for either side's caches or DRAM (an R9
/// Nano's HBM is 30 times faster than a 16 GB/s link) nor for the copy kernel's
/// wavefronts, and the links are idle when it starts (see `platform::moves`).
pub fn copy_on_idle_links(
    gpus: usize,
    topology: &Topology,
    host: bool,
    pieces: &[(Node, Node, u64)],
    line_bytes: u64,
) -> (Time, FabricTraffic) {
    let mut state = LinkState::new(gpus, topology, host);
    let end = state.pull(pieces, line_bytes, 0);
    (end, state.take_traffic())
}

/// How long a message of `bytes` takes from `a` to `b` (two GPUs, or a GPU and the host)
/// over the idle links of `topology` between `gpus` GPUs and the host (ps).
pub fn message_on_idle_links(
    gpus: usize,
    topology: &Topology,
    (a, b): (Node, Node),
    bytes: u64,
) -> Time {
    LinkState::new(gpus, topology, true).unbooked((a, b), bytes, 0)
}

/// Shared view of the fabric's counters (the fabric writes, the platform reads between
/// kernels).
#[derive(Debug, Clone, Default)]
pub struct FabricStats(Arc<Mutex<FabricTraffic>>);

impl FabricStats {
    /// The traffic since the previous call, then zero.
    pub fn take(&self) -> FabricTraffic {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The links of a fabric, the paths over them and what they carried since it was last
/// published.
#[derive(Debug)]
struct LinkState {
    gpus: usize,
    /// The GPUs, and the host if it is on the fabric (numbered `gpus`).
    nodes: usize,
    links: Vec<Link>,
    /// `paths[a * nodes + b]`: the links from node a to node b, in order.
    paths: Vec<Vec<usize>>,
    /// Per (a, b) of nodes: bytes and messages.
    pairs: Vec<(u64, u64)>,
    /// Per (a, b) of GPUs: pages migrated from a to b, and their bytes.
    migrations: Vec<(u64, u64)>,
    /// The links shared with a unified device's host transfers, if coupled.
    coupling: Option<LinkCoupling>,
}

impl LinkState {
    /// The links of `topology` between `gpus` GPUs, and to the host if `host`.
    fn new(gpus: usize, topology: &Topology, host: bool) -> LinkState {
        let (links, paths) = build_paths(gpus, topology, host);
        let nodes = gpus + usize::from(host);
        LinkState {
            gpus,
            nodes,
            links,
            paths,
            pairs: vec![(0, 0); nodes * nodes],
            migrations: vec![(0, 0); gpus * gpus],
            coupling: None,
        }
    }

    /// The number of `node` in [`paths`](Self::paths) and [`pairs`](Self::pairs).
    fn index(&self, node: Node) -> usize {
        let index = node.number(self.gpus);
        assert!(index < self.nodes, "{node} is not on the fabric");
        index
    }

    /// Books the links from `a` to `b` for a message of `bytes` ready at `ready`; returns
    /// when it arrives.
    fn send(&mut self, (a, b): (Node, Node), bytes: u64, ready: Time) -> Time {
        let pair = self.index(a) * self.nodes + self.index(b);
        let mut at = ready;
        for &link in &self.paths[pair] {
            let crossed = &mut self.links[link];
            if let Some(coupling) = &self.coupling {
                at = coupling.book(link, at, |from, bytes| crossed.reserve(from, bytes));
            }
            at = crossed.cross(at, bytes);
            if let Some(coupling) = &self.coupling {
                coupling.fabric_free(link, crossed.free);
            }
        }
        self.count_pair((a, b), bytes);
        at
    }

    /// Counts a message of `bytes` from `a` to `b`.
    fn count_pair(&mut self, (a, b): (Node, Node), bytes: u64) {
        let pair = self.index(a) * self.nodes + self.index(b);
        let count = &mut self.pairs[pair];
        count.0 += bytes;
        count.1 += 1;
    }

    /// The number of the link named `name`.
    fn link_named(&self, name: &str) -> Option<usize> {
        self.links.iter().position(|l| l.name == name)
    }

    /// Counts `moved`, flits that left at cycles of `period` on links of a switch
    /// network (link `l` of it is link `link_of[l]` here); tells the coupling, if any,
    /// when each link is next free.
    ///
    /// # Panics
    /// If a flit left on a link the fabric does not have.
    fn count_flits(&mut self, link_of: &[Option<usize>], moved: &[Moved], period: Time) {
        let link = |m: &Moved| link_of[m.link].expect("flits cross the fabric's links");
        for m in moved {
            let start = m.cycle * period;
            self.links[link(m)].carry_flit((start, start + period), m.bytes, m.last);
        }
        if let Some(coupling) = &self.coupling {
            let mut told = Vec::new();
            for m in moved.iter().rev() {
                if !told.contains(&m.link) {
                    told.push(m.link);
                    coupling.fabric_free(link(m), (m.cycle + 1) * period);
                }
            }
        }
    }

    /// When a message of `bytes` ready at `ready` would arrive from `a` at `b` over the
    /// links of its path were they idle (without booking them).
    fn unbooked(&self, (a, b): (Node, Node), bytes: u64, ready: Time) -> Time {
        let pair = self.index(a) * self.nodes + self.index(b);
        (self.paths[pair].iter())
            .map(|&link| &self.links[link])
            .fold(ready, |at, link| at + link.occupied(bytes) + link.latency)
    }

    /// Pulls `pieces` as [`copy_on_idle_links`] does, the requests leaving at `start`;
    /// returns when the last answer arrives.
    fn pull(&mut self, pieces: &[(Node, Node, u64)], line_bytes: u64, start: Time) -> Time {
        let line_bytes = line_bytes.max(1);
        let mut end = start;
        for &(from, to, bytes) in pieces {
            let mut at = 0;
            while at < bytes {
                let data = line_bytes.min(bytes - at);
                at += data;
                let asked = self.send((to, from), REQUEST_OVERHEAD_BYTES, start);
                let answered = self.send((from, to), data + RESPONSE_OVERHEAD_BYTES, asked);
                end = end.max(answered);
            }
        }
        end
    }

    /// What the links carried since the last call; the counters restart from zero.
    fn take_traffic(&mut self) -> FabricTraffic {
        let links = self.links.iter_mut().map(Link::take_traffic).collect();
        let gpus = self.gpus;
        let node = |n| node_numbered(n, gpus);
        let pairs = take_nonzero(&mut self.pairs, self.nodes)
            .map(|(a, b, x, y)| (node(a), node(b), x, y))
            .collect();
        let migrations = take_nonzero(&mut self.migrations, gpus).collect();
        FabricTraffic {
            links,
            pairs,
            migrations,
        }
    }
}

/// Node number `n` of a fabric of `gpus` GPUs: GPU n, or the host (numbered `gpus`).
fn node_numbered(n: usize, gpus: usize) -> Node {
    if n < gpus {
        Node::Gpu(n)
    } else {
        Node::Host
    }
}

/// The counts of `counts` (per `a * n + b`) that are not zero, as (a, b, count), each
/// reset to zero.
fn take_nonzero(
    counts: &mut [(u64, u64)],
    n: usize,
) -> impl Iterator<Item = (usize, usize, u64, u64)> + '_ {
    (counts.iter_mut().enumerate())
        .filter(|(_, c)| c.1 > 0)
        .map(move |(index, c)| {
            let (x, y) = std::mem::take(c);
            (index / n, index % n, x, y)
        })
}

/// The links of a fabric, shared by the [`Fabric`] component, which carries the GPUs'
/// requests and answers, and the IOMMU, which books page migrations on them. The fabric
/// books links in its runs and the IOMMU in the step's in-order phase
/// ([`Wake::InOrder`]), so messages and migrations of one step share the links in the
/// same order at any thread count.
#[derive(Debug, Clone)]
pub struct FabricLinks {
    state: Arc<Mutex<LinkState>>,
    stats: FabricStats,
}

impl FabricLinks {
    /// The links of `topology` between `gpus` GPUs, and between them and the host if
    /// `host`, whose traffic is published to `stats`.
    pub fn new(gpus: usize, topology: &Topology, host: bool, stats: FabricStats) -> FabricLinks {
        FabricLinks {
            state: Arc::new(Mutex::new(LinkState::new(gpus, topology, host))),
            stats,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LinkState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Moves a page of `bytes` from GPU `from`'s memory to GPU `to`'s, its lines of
    /// `line_bytes` pulled as [`copy_on_idle_links`] pulls them, the requests leaving at
    /// `start`, behind what the links already carry; returns when the page has arrived.
    /// Counted as a migration from `from` to `to`.
    pub fn migrate_page(
        &self,
        (from, to): (usize, usize),
        bytes: u64,
        line_bytes: u64,
        start: Time,
    ) -> Time {
        let mut state = self.lock();
        let end = state.pull(
            &[(Node::Gpu(from), Node::Gpu(to), bytes)],
            line_bytes,
            start,
        );
        let gpus = state.gpus;
        let count = &mut state.migrations[from * gpus + to];
        count.0 += 1;
        count.1 += bytes;
        end
    }

    /// Shares the links with a unified device's host transfers through `coupling` (made
    /// by [`coupling`](Self::coupling)).
    pub fn couple(&self, coupling: LinkCoupling) {
        self.lock().coupling = Some(coupling);
    }

    /// A coupling of these links, to share with a unified device's host transfers.
    pub fn coupling(&self) -> LinkCoupling {
        let names = self.lock().links.iter().map(|l| l.name.clone()).collect();
        LinkCoupling::new(names)
    }

    /// Adds the counters gathered since the last publication to the shared stats.
    pub fn publish(&self) {
        let traffic = self.lock().take_traffic();
        let mut shared = self.stats.0.lock().unwrap_or_else(|e| e.into_inner());
        shared.add(traffic);
    }
}

/// The fabric component (see the module documentation).
pub struct Fabric {
    gpus: usize,
    /// `ports[a * gpus + b]`: GPU a's port toward GPU b (unused for a == b).
    ports: Vec<Option<Port>>,
    links: FabricLinks,
    carrier: Carrier,
    outbox: Outbox,
}

/// How the fabric carries messages ([`LinkModel`](crate::config::LinkModel)).
enum Carrier {
    /// Each message books its path's links when it enters and waits here until it has
    /// crossed them (to leave through its port).
    Booked(Pipeline<(Port, MemoryMessage)>),
    /// A network of MGPUSim's switches carries the messages flit by flit.
    Switches(Box<SwitchFabric>),
}

/// The messages in a switch network and what the fabric needs to run it.
struct SwitchFabric {
    network: SwitchNetwork,
    /// By message number: the port it leaves through and the message, while carried.
    carried: Vec<Option<(Port, MemoryMessage)>>,
    /// Message numbers free for reuse.
    free: Vec<u32>,
    /// `link_of[l]`: the fabric's link of the network's link l (none for the host's,
    /// which carry nothing here).
    link_of: Vec<Option<usize>>,
    /// Per GPU: the first GPU whose port it takes a message from next.
    next_peer: Vec<usize>,
    /// The latest cycle a wake-up is set for.
    woken_at: Option<u64>,
}

impl Fabric {
    /// A fabric over `links` between `gpus` GPUs, whose ports are `port(a, b)` (a ≠ b): a
    /// message taken at `port(a, b)` crosses the links from GPU a to GPU b and is
    /// delivered at `port(b, a)`.
    pub fn new(gpus: usize, links: FabricLinks, port: impl Fn(Node, Node) -> Port) -> Fabric {
        let mut ports = vec![None; gpus * gpus];
        for a in 0..gpus {
            for b in (0..gpus).filter(|&b| b != a) {
                ports[a * gpus + b] = Some(port(Node::Gpu(a), Node::Gpu(b)));
            }
        }
        Fabric {
            gpus,
            ports,
            links,
            carrier: Carrier::Booked(Pipeline::default()),
            outbox: Outbox::default(),
        }
    }

    /// The same fabric with `network` carrying its messages instead of the booked links
    /// (whose links of the same names count the flits).
    pub(super) fn with_switches(mut self, network: SwitchNetwork) -> Fabric {
        let state = self.links.lock();
        let link_of = network.link_names().map(|n| state.link_named(n)).collect();
        drop(state);
        self.carrier = Carrier::Switches(Box::new(SwitchFabric {
            network,
            carried: Vec::new(),
            free: Vec::new(),
            link_of,
            next_peer: vec![0; self.gpus],
            woken_at: None,
        }));
        self
    }

    /// Books the links for every message waiting at the ports and queues it to leave
    /// when it has crossed them; sends what has.
    fn carry_booked<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        let Carrier::Booked(transit) = &mut self.carrier else {
            unreachable!("the booked carrier");
        };
        while let Some((port, msg)) = transit.pop_due(ctx.now()) {
            self.outbox.push(port, msg);
        }
        let mut carried = false;
        let mut state = self.links.lock();
        let gpus = self.gpus;
        for a in 0..gpus {
            for b in (0..gpus).filter(|&b| b != a) {
                let Some(from) = self.ports[a * gpus + b] else {
                    continue;
                };
                let to = self.ports[b * gpus + a].expect("every pair has both ports");
                while let Some(msg) = take(ctx, from) {
                    carried = true;
                    let at = state.send((Node::Gpu(a), Node::Gpu(b)), link_bytes(&msg), ctx.now());
                    // Handed over on the fabric's clock edge, as a clocked port does (and
                    // so arrivals share the engine's steps with the GPUs' cycles).
                    let due = ctx.clock().next_edge(at.max(ctx.now() + 1));
                    transit.push(ctx, due, (to, msg));
                }
            }
        }
        drop(state);
        if carried {
            self.links.publish();
        }
    }

    /// Runs the switch network up to the current cycle, queues the messages it handed
    /// over to leave, gives each GPU's endpoint a message if it takes one (one a cycle,
    /// from its ports in turn), and wakes the fabric for the next cycle while anything
    /// is in flight.
    fn carry_switched<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        let Carrier::Switches(switched) = &mut self.carrier else {
            unreachable!("the switches carrier");
        };
        let period = ctx.clock().period();
        let cycle = ctx.now() / period;
        let net = &mut switched.network;
        while net.busy() && net.next_cycle() <= cycle {
            net.step();
        }
        for message in net.take_delivered() {
            let (port, msg) = switched.carried[message as usize]
                .take()
                .expect("a delivered message is carried");
            switched.free.push(message);
            self.outbox.push(port, msg);
        }
        let moved = net.take_moved();
        let mut entered = Vec::new();
        let gpus = self.gpus;
        for a in 0..gpus {
            let first = switched.next_peer[a];
            for b in (0..gpus).map(|i| (first + i) % gpus).filter(|&b| b != a) {
                if !switched.network.can_accept(a) {
                    break;
                }
                let Some(from) = self.ports[a * gpus + b] else {
                    continue;
                };
                let Some(msg) = take(ctx, from) else {
                    continue;
                };
                let to = self.ports[b * gpus + a].expect("every pair has both ports");
                let bytes = link_bytes(&msg);
                let message = match switched.free.pop() {
                    Some(n) => {
                        switched.carried[n as usize] = Some((to, msg));
                        n
                    }
                    None => {
                        switched.carried.push(Some((to, msg)));
                        (switched.carried.len() - 1) as u32
                    }
                };
                switched.network.accept(cycle, (a, b), message, bytes);
                switched.next_peer[a] = (b + 1) % gpus;
                entered.push(((Node::Gpu(a), Node::Gpu(b)), bytes));
            }
        }
        if !moved.is_empty() || !entered.is_empty() {
            let mut state = self.links.lock();
            state.count_flits(&switched.link_of, &moved, period);
            for (pair, bytes) in entered {
                state.count_pair(pair, bytes);
            }
            drop(state);
            self.links.publish();
        }
        let net = &switched.network;
        if net.busy() && switched.woken_at.is_none_or(|c| c < net.next_cycle()) {
            switched.woken_at = Some(net.next_cycle());
            ctx.wake_at(net.next_cycle() * period, 0);
        }
    }
}

/// Adds busy period `period` (start, end, bytes) to `periods`: into the last one if it
/// starts less than [`MERGE_GAP`] after it ends, or once [`PERIODS_PER_LINK`] are kept.
pub(super) fn merge_period(periods: &mut Vec<(Time, Time, u64)>, period: (Time, Time, u64)) {
    let full = periods.len() >= PERIODS_PER_LINK;
    match periods.last_mut() {
        Some(last) if period.0 <= last.1 + MERGE_GAP || full => {
            last.1 = last.1.max(period.1);
            last.2 += period.2;
        }
        _ => periods.push(period),
    }
}

/// Bytes a message occupies a link for: its data and its header.
pub fn link_bytes(msg: &MemoryMessage) -> u64 {
    match msg {
        MemoryMessage::Request(req) => match &req.access {
            Access::Write { data } => data.len() as u64 + REQUEST_OVERHEAD_BYTES,
            _ => REQUEST_OVERHEAD_BYTES,
        },
        MemoryMessage::Response(response) => {
            response.result.as_ref().map_or(0, Payload::len) + RESPONSE_OVERHEAD_BYTES
        }
        MemoryMessage::Translate(_) => REQUEST_OVERHEAD_BYTES,
        MemoryMessage::Translation(_) => RESPONSE_OVERHEAD_BYTES,
    }
}

/// The directed links of `topology` between `gpus` GPUs, and the host if `host`
/// (numbered `gpus`), and the path from each to each other (by `a * nodes + b`). The
/// host's links come after the GPUs'.
pub(super) fn build_paths(
    gpus: usize,
    topology: &Topology,
    host: bool,
) -> (Vec<Link>, Vec<Vec<usize>>) {
    let nodes = gpus + usize::from(host);
    let mut links = Vec::new();
    let mut paths = vec![Vec::new(); nodes * nodes];
    match *topology {
        Topology::AllToAll {
            gbytes_per_s,
            latency,
            host_gbytes_per_s,
            host_latency,
            flit_bytes,
        } => {
            for a in 0..gpus {
                for b in (0..gpus).filter(|&b| b != a) {
                    paths[a * nodes + b] = vec![links.len()];
                    let name = format!("gpu{a}>gpu{b}");
                    links.push(Link::new(name, (gbytes_per_s, flit_bytes), latency));
                }
            }
            if host {
                let rate = (host_gbytes_per_s, flit_bytes);
                for g in 0..gpus {
                    paths[gpus * nodes + g] = vec![links.len()];
                    let down = format!("host>gpu{g}");
                    links.push(Link::new(down, rate, host_latency));
                    paths[g * nodes + gpus] = vec![links.len()];
                    let up = format!("gpu{g}>host");
                    links.push(Link::new(up, rate, host_latency));
                }
            }
        }
        Topology::PcieTree {
            gpus_per_switch,
            gbytes_per_s,
            switch_latency,
            flit_bytes,
        } => {
            let per_switch = gpus_per_switch.max(1);
            let switches = gpus.div_ceil(per_switch);
            let mut link = |name: String, latency: Time| {
                links.push(Link::new(name, (gbytes_per_s, flit_bytes), latency));
                links.len() - 1
            };
            // Per GPU: up to its switch, down from it; per switch: up to the root, down.
            let up: Vec<usize> = (0..gpus)
                .map(|g| link(format!("gpu{g}>switch{}", g / per_switch), switch_latency))
                .collect();
            let down: Vec<usize> = (0..gpus)
                .map(|g| link(format!("switch{}>gpu{g}", g / per_switch), 0))
                .collect();
            let to_root: Vec<usize> = (0..switches)
                .map(|s| link(format!("switch{s}>root"), switch_latency))
                .collect();
            let from_root: Vec<usize> = (0..switches)
                .map(|s| link(format!("root>switch{s}"), switch_latency))
                .collect();
            for a in 0..gpus {
                for b in (0..gpus).filter(|&b| b != a) {
                    let (sa, sb) = (a / per_switch, b / per_switch);
                    paths[a * nodes + b] = if sa == sb {
                        vec![up[a], down[b]]
                    } else {
                        vec![up[a], to_root[sa], from_root[sb], down[b]]
                    };
                }
            }
            if host {
                // The host on the root complex: entering the root costs a switch.
                let host_up = link("host>root".into(), switch_latency);
                let host_down = link("root>host".into(), 0);
                for g in 0..gpus {
                    let s = g / per_switch;
                    paths[gpus * nodes + g] = vec![host_up, from_root[s], down[g]];
                    paths[g * nodes + gpus] = vec![up[g], to_root[s], host_down];
                }
            }
        }
    }
    (links, paths)
}

impl<M: CarriesMemory> Component<M> for Fabric {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, M>) {
        match self.carrier {
            Carrier::Booked(_) => self.carry_booked(ctx),
            Carrier::Switches(_) => self.carry_switched(ctx),
        }
        self.outbox.send(ctx);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::PS_PER_NS;

    fn ns(ns: u32) -> Time {
        PS_PER_NS * u64::from(ns)
    }

    /// The PCIe tree the fabric's tests use: two GPUs a switch, 16 GB/s, 140 ns a switch.
    pub(in crate::timing) fn tree() -> Topology {
        Topology::PcieTree {
            gpus_per_switch: 2,
            gbytes_per_s: 16.0,
            switch_latency: ns(140),
            flit_bytes: 0,
        }
    }

    fn all_to_all(gbytes_per_s: f64, latency: Time) -> Topology {
        Topology::AllToAll {
            gbytes_per_s,
            latency,
            host_gbytes_per_s: 16.0,
            host_latency: ns(500),
            flit_bytes: 0,
        }
    }

    #[test]
    fn pcie_tree_paths_cross_one_switch_or_three() {
        let (links, paths) = build_paths(4, &tree(), false);
        let names = |a: usize, b: usize| -> Vec<&str> {
            paths[a * 4 + b]
                .iter()
                .map(|&l| links[l].name.as_str())
                .collect()
        };
        assert_eq!(names(0, 1), ["gpu0>switch0", "switch0>gpu1"]);
        assert_eq!(
            names(1, 2),
            [
                "gpu1>switch0",
                "switch0>root",
                "root>switch1",
                "switch1>gpu2"
            ]
        );
        let latency = |a: usize, b: usize| -> Time {
            paths[a * 4 + b].iter().map(|&l| links[l].latency).sum()
        };
        assert_eq!(latency(0, 1), ns(140));
        assert_eq!(latency(3, 0), ns(420));
    }

    #[test]
    fn all_to_all_links_join_every_two_gpus_directly() {
        let topology = all_to_all(32.0, ns(100));
        let (links, paths) = build_paths(3, &topology, false);
        assert_eq!(links.len(), 6, "one per ordered pair");
        for a in 0..3 {
            for b in (0..3).filter(|&b| b != a) {
                let path = &paths[a * 3 + b];
                assert_eq!(path.len(), 1);
                assert_eq!(links[path[0]].name, format!("gpu{a}>gpu{b}"));
                assert_eq!(links[path[0]].latency, ns(100));
            }
        }
        // 32 GB/s: 64 bytes in 2 ns, then the link's 100 ns.
        let mut link = links[0].clone();
        assert_eq!(link.cross(0, 64), ns(102));
    }

    #[test]
    fn a_copy_between_gpus_pulls_every_line_with_a_request_and_an_answer() {
        let topology = all_to_all(16.0, ns(100));
        // Ten requests of 12 bytes (0.75 ns each at 16 B/ns) leave back to back; each
        // answer (64 + 4 bytes: 4.25 ns) leaves when its request has arrived, 100.75 ns
        // for the first, then one after another: the last arrives 100.75 + 10 × 4.25 +
        // 100 ns after the start.
        let (g0, g1) = (Node::Gpu(0), Node::Gpu(1));
        let (end, traffic) = copy_on_idle_links(2, &topology, false, &[(g0, g1, 640)], 64);
        assert_eq!(end, 243_250);
        assert_eq!(traffic.pairs, [(g0, g1, 680, 10), (g1, g0, 120, 10)]);
        // Over the PCIe tree from GPU 2 to GPU 0 the answers take four links.
        let (_, traffic) = copy_on_idle_links(4, &tree(), false, &[(Node::Gpu(2), g0, 64)], 64);
        let used: Vec<&str> = (traffic.links.iter())
            .filter(|l| l.bytes == 68)
            .map(|l| l.name.as_str())
            .collect();
        assert_eq!(
            used,
            [
                "gpu2>switch1",
                "switch0>gpu0",
                "switch1>root",
                "root>switch0"
            ]
        );
    }

    #[test]
    fn the_host_hangs_on_the_root_complex_or_has_a_link_to_each_gpu() {
        // Five nodes: GPUs 0-3, the host 4; its links come after the GPUs'.
        let (links, paths) = build_paths(4, &tree(), true);
        assert_eq!(links.len(), 12 + 2);
        let names = |a: usize, b: usize| -> Vec<&str> {
            paths[a * 5 + b]
                .iter()
                .map(|&l| links[l].name.as_str())
                .collect()
        };
        assert_eq!(names(4, 3), ["host>root", "root>switch1", "switch1>gpu3"]);
        assert_eq!(names(0, 4), ["gpu0>switch0", "switch0>root", "root>host"]);
        assert_eq!(names(0, 1), ["gpu0>switch0", "switch0>gpu1"]);
        // Two switches each way: the root complex and the GPU's.
        let latency = |a: usize, b: usize| -> Time {
            paths[a * 5 + b].iter().map(|&l| links[l].latency).sum()
        };
        assert_eq!((latency(4, 2), latency(2, 4)), (ns(280), ns(280)));
        let (links, paths) = build_paths(2, &all_to_all(32.0, ns(100)), true);
        assert_eq!(links[paths[2 * 3 + 1][0]].name, "host>gpu1");
        assert_eq!(links[paths[3 + 2][0]].name, "gpu1>host");
        assert_eq!(links[paths[3 + 2][0]].latency, ns(500));
        // Without the host, the links are the GPUs' only.
        assert_eq!(build_paths(4, &tree(), false).0.len(), 12);
    }

    #[test]
    fn a_message_on_idle_links_takes_its_bytes_and_latency_on_each_link_of_its_path() {
        // Host to GPU 3 over the tree: three links of 16 GB/s (0.75 ns for 12 bytes
        // each), entering the root complex and the GPU's switch 140 ns each.
        let pair = (Node::Host, Node::Gpu(3));
        assert_eq!(message_on_idle_links(4, &tree(), pair, 12), 282_250);
        // With direct links: the GPU's own link to the host, 500 ns.
        let direct = all_to_all(32.0, ns(100));
        assert_eq!(message_on_idle_links(4, &direct, pair, 12), 500_750);
        assert_eq!(
            message_on_idle_links(4, &direct, (Node::Gpu(0), Node::Gpu(1)), 64),
            ns(102)
        );
    }

    #[test]
    fn busy_periods_closer_than_the_gap_merge() {
        let mut periods = Vec::new();
        merge_period(&mut periods, (0, ns(10), 100));
        merge_period(&mut periods, (ns(60), ns(70), 100));
        merge_period(&mut periods, (ns(500), ns(510), 100));
        assert_eq!(periods, [(0, ns(70), 200), (ns(500), ns(510), 100)]);
        // Past the cap, everything joins the last period.
        let mut many: Vec<(Time, Time, u64)> = (0..PERIODS_PER_LINK as u64)
            .map(|i| (ns(1000) * i, ns(1000) * i + 1, 1))
            .collect();
        merge_period(&mut many, (ns(1_000_000_000), ns(1_000_000_001), 1));
        assert_eq!(many.len(), PERIODS_PER_LINK);
        assert_eq!(many.last().unwrap().1, ns(1_000_000_001));
    }

    #[test]
    fn a_link_carries_bytes_at_its_bandwidth_one_message_after_another() {
        // 16 GB/s: 16 bytes per ns.
        let mut link = Link::new("l".into(), (16.0, 0), ns(100));
        assert_eq!(link.cross(0, 1600), ns(200));
        // Ready at 50 ns, but the link is busy until 100 ns.
        assert_eq!(link.cross(ns(50), 160), ns(210));
        assert_eq!(link.busy, ns(110));
        assert_eq!((link.bytes, link.messages), (1760, 2));
    }

    #[test]
    fn a_link_of_flits_moves_whole_flits_and_counts_the_bytes() {
        // MGPUSim's links: one 64-byte flit a ns. A request's 12 bytes take a flit, a
        // line's answer (64 + 4 bytes) two, a whole flit's 64 bytes one.
        let mut link = Link::new("l".into(), (64.0, 64), ns(10));
        assert_eq!(link.cross(0, 12), ns(11));
        assert_eq!(link.cross(0, 68), ns(13));
        assert_eq!(link.cross(0, 64), ns(14));
        assert_eq!((link.bytes, link.busy), (144, ns(4)));
    }
}
