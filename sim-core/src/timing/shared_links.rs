//! The fabric's links carrying transfers that overlap in time, shared line by line:
//! moves between discrete GPUs and transfers between the host and a GPU on the shared
//! timeline (`platform.discrete_timeline = "shared"`).
//!
//! A transfer moves as [`copy_on_idle_links`](super::copy_on_idle_links) moves a copy:
//! its receiving side asks for every line with a request of akita's header bytes, all
//! requests leaving at its start, and the sending side answers each request as it
//! arrives with the line and a header. Each directed link (a link has one each way, so
//! the two directions never wait for each other) carries one message at a time, for its
//! bytes at the link's bandwidth, and the message reaches the far end the link's latency
//! later (store and forward).
//!
//! When messages of several transfers wait at a link, the link takes the transfers in
//! turn, one message each (round robin, in the order the transfers' streams first
//! reached the link); each stream's own messages pass in their order. So transfers that
//! overlap on a link share its bandwidth line by line: two equal ones started together
//! each take about twice as long as alone and end together; a small one started with a
//! big one ends at about twice its time alone, the big one at the sum of both times; a
//! transfer's 12-byte requests pass between another transfer's lines going the same
//! way instead of waiting for all of them. A transfer alone takes exactly what it takes
//! on idle links. (Taking messages first come, first served would not share: all of a
//! transfer's requests leave at its start, so the earlier transfer would be first at
//! every link until its last line had passed.)
//!
//! A message ([`send`](SharedLinks::send): the host driver's to a GPU and the answer) is
//! a stream of one message of its own bytes from one side to the other, taking its turn
//! at each link as a transfer's stream does: overlapping a transfer on a link, it waits
//! for the line in service there, not for the transfer's other lines.
//!
//! A unified device's kernels book the links between its GPUs in the fabric component;
//! the links both have are coupled to it ([`couple`](SharedLinks::couple)), so that a
//! transfer's line there waits for the kernel's messages and they for it (see
//! [`LinkCoupling`]).
//!
//! Deterministic: events are handled in time order (at one time, transfers' ends before
//! links, links by number), so what happens depends only on the transfers' starts.

use super::fabric::{
    build_paths, merge_period, Link, LinkTraffic, Node, Topology, REQUEST_OVERHEAD_BYTES,
    RESPONSE_OVERHEAD_BYTES,
};
use super::link_coupling::LinkCoupling;
use super::FabricTraffic;
use crate::engine::Time;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, VecDeque};

/// Which of a transfer's two streams of messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    /// From the receiving side to the sending side, one per line.
    Requests,
    /// The lines, from the sending side to the receiving side.
    Answers,
}

/// The messages of one stream of a transfer that have reached a link and not passed it.
#[derive(Debug)]
struct Waiting {
    transfer: u64,
    stream: Stream,
    /// Which link of the stream's path this is (0: the first).
    hop: usize,
    /// When messages reached the link, with how many reached it then, oldest first.
    arrivals: VecDeque<(Time, u64)>,
    /// Messages of the stream that have passed the link.
    passed: u64,
}

/// A directed link and the streams waiting at it.
#[derive(Debug)]
struct SharedLink {
    link: Link,
    waiting: Vec<Waiting>,
    /// Where the round robin looks first.
    next: usize,
    /// When the link next looks for a message (`None`: nothing waits).
    wake: Option<Time>,
}

/// A transfer on the links.
#[derive(Debug)]
struct Transfer {
    from: Node,
    to: Node,
    bytes: u64,
    /// Its pieces: the lines before each and its bytes (a piece's last line may be
    /// short).
    pieces: Vec<(u64, u64)>,
    lines: u64,
    /// A message of `bytes` (its only line, no requests) rather than a transfer.
    message: bool,
    start: Time,
    /// Answers that have arrived.
    answered: u64,
    /// Per link of the fabric, what this transfer put on it (busy periods from its start).
    links: Vec<LinkTraffic>,
    /// Bytes of its requests and of its answers (headers included).
    request_bytes: u64,
    answer_bytes: u64,
}

impl Transfer {
    /// The data bytes of line `line` of the transfer, of lines of `line_bytes`.
    fn line_bytes(&self, line: u64, line_bytes: u64) -> u64 {
        let piece = self.pieces.partition_point(|p| p.0 <= line) - 1;
        let (first, bytes) = self.pieces[piece];
        line_bytes.min(bytes - (line - first) * line_bytes)
    }
}

/// Something due on the links: a transfer's last answer arriving (by the transfer's
/// number) or a link looking for a message (by the link's number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    Ended(u64),
    Link(usize),
}

/// A transfer that has ended: its number, when its last answer arrived and what it put
/// on the links (busy periods from its start).
pub type EndedTransfer = (u64, Time, FabricTraffic);

/// The links of a fabric with the host on it, carrying transfers line by line (see the
/// module documentation).
#[derive(Debug)]
pub struct SharedLinks {
    gpus: usize,
    links: Vec<SharedLink>,
    /// `paths[a * nodes + b]`: the links from node a to node b (the host is node `gpus`).
    paths: Vec<Vec<usize>>,
    line_bytes: u64,
    transfers: BTreeMap<u64, Transfer>,
    next_transfer: u64,
    events: BinaryHeap<Reverse<(Time, Event)>>,
    /// When the last event handled was due.
    now: Time,
    /// The fabric's links these share with a unified device's kernels, and per link
    /// here its number in the coupling (see [`couple`](Self::couple)).
    coupling: Option<(LinkCoupling, Vec<Option<usize>>)>,
}

impl SharedLinks {
    /// The links of `topology` between `gpus` GPUs and between them and the host,
    /// carrying lines of `line_bytes`.
    pub fn new(gpus: usize, topology: &Topology, line_bytes: u64) -> SharedLinks {
        let (links, paths) = build_paths(gpus, topology, true);
        SharedLinks {
            gpus,
            links: (links.into_iter())
                .map(|link| SharedLink {
                    link,
                    waiting: Vec::new(),
                    next: 0,
                    wake: None,
                })
                .collect(),
            paths,
            line_bytes: line_bytes.max(1),
            transfers: BTreeMap::new(),
            next_transfer: 0,
            events: BinaryHeap::new(),
            now: 0,
            coupling: None,
        }
    }

    /// Shares the links that `coupling`'s fabric has too (by name) with the kernels that
    /// fabric carries (see [`LinkCoupling`]).
    pub fn couple(&mut self, coupling: LinkCoupling) {
        let numbers = (self.links.iter())
            .map(|l| coupling.link_named(&l.link.name))
            .collect();
        self.coupling = Some((coupling, numbers));
    }

    /// The coupling's number of link `link`, if it is coupled.
    fn coupled(&self, link: usize) -> Option<(&LinkCoupling, usize)> {
        let (coupling, numbers) = self.coupling.as_ref()?;
        Some((coupling, numbers[link]?))
    }

    /// When the last event handled was due (0 before the first).
    pub fn now(&self) -> Time {
        self.now
    }

    /// Starts a transfer of `bytes` from `from`'s memory to `to`'s (two GPUs, or a GPU
    /// and the host), its requests leaving at `start`, which must not lie before
    /// [`now`](Self::now); returns its number.
    pub fn start(&mut self, (from, to): (Node, Node), bytes: u64, start: Time) -> u64 {
        self.start_pieces((from, to), &[bytes], start)
    }

    /// Starts a transfer from `from` to `to` as [`start`](Self::start) does, of the
    /// bytes of `pieces` (ranges of memory, in order), each piece's lines counted on
    /// their own (its last line may be short), as [`copy_on_idle_links`] counts the
    /// lines of its pieces; returns its number.
    ///
    /// [`copy_on_idle_links`]: super::copy_on_idle_links
    pub fn start_pieces(&mut self, (from, to): (Node, Node), pieces: &[u64], start: Time) -> u64 {
        self.add((from, to), pieces, false, start)
    }

    /// Sends a message of `bytes` (header included) from `from` to `to` (a GPU and the
    /// host, or two GPUs) at `start`, which must not lie before [`now`](Self::now);
    /// returns its number (it ends, as a transfer does, when it has arrived).
    pub fn send(&mut self, (from, to): (Node, Node), bytes: u64, start: Time) -> u64 {
        self.add((from, to), &[bytes], true, start)
    }

    /// Adds a transfer of the bytes of `pieces` (or a `message` of their bytes) from
    /// `from` to `to`, starting at `start`.
    fn add(&mut self, (from, to): (Node, Node), pieces: &[u64], message: bool, start: Time) -> u64 {
        assert!(start >= self.now, "a transfer starts in the links' past");
        let number = self.next_transfer;
        self.next_transfer += 1;
        let bytes = pieces.iter().sum();
        let mut lines = 0;
        let pieces = (pieces.iter())
            .map(|&piece| {
                let before = lines;
                lines += piece.div_ceil(self.line_bytes);
                (before, piece)
            })
            .collect();
        if message {
            lines = 1;
        }
        let links = (self.links.iter())
            .map(|l| LinkTraffic {
                name: l.link.name.clone(),
                ..LinkTraffic::default()
            })
            .collect();
        self.transfers.insert(
            number,
            Transfer {
                from,
                to,
                bytes,
                pieces,
                lines,
                message,
                start,
                answered: 0,
                links,
                request_bytes: 0,
                answer_bytes: 0,
            },
        );
        if message {
            self.arrive(number, Stream::Answers, 0, start, 1);
        } else if lines == 0 {
            self.events.push(Reverse((start, Event::Ended(number))));
        } else {
            self.arrive(number, Stream::Requests, 0, start, lines);
        }
        number
    }

    /// When the next event is due (`None`: nothing is on the links).
    pub fn next_event(&self) -> Option<Time> {
        self.events.peek().map(|Reverse((at, _))| *at)
    }

    /// Handles the next event; returns the transfer it ended, if it ended one.
    pub fn step(&mut self) -> Option<EndedTransfer> {
        let Reverse((now, event)) = self.events.pop()?;
        self.now = now;
        let ended = match event {
            Event::Ended(number) => self.end(number, now),
            Event::Link(link) => {
                self.serve(link, now);
                None
            }
        };
        self.drop_stale_events();
        ended
    }

    /// `count` messages of `stream` of transfer `number` reach hop `hop` of its path at
    /// `at`.
    fn arrive(&mut self, number: u64, stream: Stream, hop: usize, at: Time, count: u64) {
        let transfer = &self.transfers[&number];
        let link = path(&self.paths, self.gpus, transfer, stream)[hop];
        if let Some((coupling, coupled)) = self.coupled(link) {
            let bytes = match stream {
                Stream::Requests => REQUEST_OVERHEAD_BYTES,
                Stream::Answers if transfer.message => transfer.bytes,
                Stream::Answers => self.line_bytes + RESPONSE_OVERHEAD_BYTES,
            };
            coupling.arrived(coupled, count, bytes);
        }
        let shared = &mut self.links[link];
        let found =
            (shared.waiting.iter_mut()).position(|w| w.transfer == number && w.stream == stream);
        let waiting = match found {
            Some(i) => &mut shared.waiting[i],
            None => {
                shared.waiting.push(Waiting {
                    transfer: number,
                    stream,
                    hop,
                    arrivals: VecDeque::new(),
                    passed: 0,
                });
                shared.waiting.last_mut().expect("just pushed")
            }
        };
        match waiting.arrivals.back_mut() {
            Some(last) if last.0 == at => last.1 += count,
            _ => waiting.arrivals.push_back((at, count)),
        }
        let due = at.max(shared.link.free);
        if shared.wake.is_none_or(|w| due < w) {
            shared.wake = Some(due);
            self.events.push(Reverse((due, Event::Link(link))));
        }
    }

    /// Link `link` looks for a message at `now`: the next stream in turn with one waiting
    /// sends it over the link.
    fn serve(&mut self, link: usize, now: Time) {
        let coupled = self.coupled(link).map(|(c, n)| (c.clone(), n));
        let shared = &mut self.links[link];
        shared.wake = None;
        let count = shared.waiting.len();
        let ready = (0..count).map(|i| (shared.next + i) % count).find(|&i| {
            shared.waiting[i]
                .arrivals
                .front()
                .is_some_and(|a| a.0 <= now)
        });
        let Some(i) = ready else {
            let first = (shared.waiting.iter()).filter_map(|w| w.arrivals.front().map(|a| a.0));
            if let Some(at) = first.min() {
                shared.wake = Some(at);
                self.events.push(Reverse((at, Event::Link(link))));
            }
            return;
        };
        let waiting = &mut shared.waiting[i];
        let front = waiting.arrivals.front_mut().expect("a message waits");
        front.1 -= 1;
        if front.1 == 0 {
            waiting.arrivals.pop_front();
        }
        let (number, stream, hop, line) = (
            waiting.transfer,
            waiting.stream,
            waiting.hop,
            waiting.passed,
        );
        waiting.passed += 1;
        let transfer = self
            .transfers
            .get_mut(&number)
            .expect("a transfer on the links");
        let last_hop = hop + 1 == path(&self.paths, self.gpus, transfer, stream).len();
        if line + 1 == transfer.lines {
            shared.waiting.remove(i);
            shared.next = i;
        } else {
            shared.next = i + 1;
        }
        let bytes = match stream {
            Stream::Requests => REQUEST_OVERHEAD_BYTES,
            Stream::Answers if transfer.message => transfer.bytes,
            Stream::Answers => transfer.line_bytes(line, self.line_bytes) + RESPONSE_OVERHEAD_BYTES,
        };
        let occupied = shared.link.occupied(bytes);
        // On a link a unified device's kernel shares, the line may have to wait for it.
        let now = match &coupled {
            Some((coupling, number)) => coupling.take(*number, now, occupied),
            None => now,
        };
        shared.link.free = now + occupied;
        shared.wake = Some(shared.link.free);
        self.events
            .push(Reverse((shared.link.free, Event::Link(link))));
        let arrival = shared.link.free + shared.link.latency;
        let traffic = &mut transfer.links[link];
        traffic.bytes += bytes;
        traffic.messages += 1;
        traffic.busy += occupied;
        let period = (now - transfer.start, now + occupied - transfer.start, bytes);
        merge_period(&mut traffic.periods, period);
        if hop == 0 {
            match stream {
                Stream::Requests => transfer.request_bytes += bytes,
                Stream::Answers => transfer.answer_bytes += bytes,
            }
        }
        match (stream, last_hop) {
            (_, false) => self.arrive(number, stream, hop + 1, arrival, 1),
            (Stream::Requests, true) => self.arrive(number, Stream::Answers, 0, arrival, 1),
            (Stream::Answers, true) => {
                transfer.answered += 1;
                if transfer.answered == transfer.lines {
                    self.events.push(Reverse((arrival, Event::Ended(number))));
                }
            }
        }
    }

    /// Transfer `number` has ended at `now`: what it put on the links.
    fn end(&mut self, number: u64, now: Time) -> Option<EndedTransfer> {
        let transfer = self.transfers.remove(&number)?;
        let mut pairs = Vec::new();
        if transfer.message {
            pairs.push((transfer.from, transfer.to, transfer.answer_bytes, 1));
        } else if transfer.lines > 0 {
            let lines = transfer.lines;
            pairs.push((transfer.to, transfer.from, transfer.request_bytes, lines));
            pairs.push((transfer.from, transfer.to, transfer.answer_bytes, lines));
            pairs.sort_by_key(|p| (p.0, p.1));
        }
        let traffic = FabricTraffic {
            links: transfer.links,
            pairs,
            migrations: Vec::new(),
        };
        Some((number, now, traffic))
    }

    /// Drops the links' events that a sooner one has replaced, so that
    /// [`next_event`](Self::next_event) is one that will be handled.
    fn drop_stale_events(&mut self) {
        while let Some(&Reverse((at, Event::Link(link)))) = self.events.peek() {
            if self.links[link].wake == Some(at) {
                break;
            }
            self.events.pop();
        }
    }
}

/// The links `stream` of `transfer` crosses, of `paths` between `gpus` GPUs and the host.
fn path<'a>(
    paths: &'a [Vec<usize>],
    gpus: usize,
    transfer: &Transfer,
    stream: Stream,
) -> &'a [usize] {
    let (a, b) = match stream {
        Stream::Requests => (transfer.to, transfer.from),
        Stream::Answers => (transfer.from, transfer.to),
    };
    &paths[a.number(gpus) * (gpus + 1) + b.number(gpus)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PS_PER_NS;
    use crate::timing::fabric::tests::tree;
    use crate::timing::{copy_on_idle_links, message_on_idle_links};

    fn ns(ns: u64) -> Time {
        PS_PER_NS * ns
    }

    /// Runs the links until nothing is left; returns every transfer's end, by number.
    fn run(links: &mut SharedLinks) -> BTreeMap<u64, (Time, FabricTraffic)> {
        let mut ended = BTreeMap::new();
        let mut last = 0;
        while let Some(at) = links.next_event() {
            assert!(at >= last, "events in time order");
            last = at;
            if let Some((number, end, traffic)) = links.step() {
                ended.insert(number, (end, traffic));
            }
        }
        ended
    }

    #[test]
    fn a_transfer_alone_takes_what_it_takes_on_idle_links() {
        // The oracle: the links booked message after message, as the fabric books them.
        for (from, to, bytes) in [
            (Node::Host, Node::Gpu(3), 100_000),
            (Node::Gpu(1), Node::Host, 64 * 1000),
            (Node::Gpu(0), Node::Gpu(2), 4096 + 10),
        ] {
            let (idle, expected) = copy_on_idle_links(4, &tree(), true, &[(from, to, bytes)], 64);
            let mut links = SharedLinks::new(4, &tree(), 64);
            let start = ns(1000);
            links.start((from, to), bytes, start);
            let (end, traffic) = run(&mut links).remove(&0).expect("ended");
            assert_eq!(end - start, idle);
            assert_eq!(traffic, expected);
        }
    }

    #[test]
    fn a_transfer_of_pieces_counts_each_pieces_lines_as_on_idle_links() {
        let (from, to) = (Node::Host, Node::Gpu(1));
        let pieces = [100, 4096, 30];
        let idle_pieces: Vec<_> = pieces.iter().map(|&bytes| (from, to, bytes)).collect();
        let (idle, expected) = copy_on_idle_links(4, &tree(), true, &idle_pieces, 64);
        let mut links = SharedLinks::new(4, &tree(), 64);
        links.start_pieces((from, to), &pieces, ns(3));
        let (end, traffic) = run(&mut links).remove(&0).expect("ended");
        assert_eq!(end - ns(3), idle);
        assert_eq!(traffic, expected);
    }

    #[test]
    fn two_equal_transfers_started_together_share_the_host_link_and_end_together() {
        // Both cross host>root: 1,024 lines of 68 bytes each, 4.25 ns a line at 16 GB/s.
        let mut links = SharedLinks::new(4, &tree(), 64);
        let bytes = 64 * 1024;
        let line = 4250;
        links.start((Node::Host, Node::Gpu(0)), bytes, 0);
        links.start((Node::Host, Node::Gpu(2)), bytes, 0);
        let ended = run(&mut links);
        let (first, second) = (ended[&0].0, ended[&1].0);
        assert!(first.abs_diff(second) <= line, "{first} and {second}");
        // Both lines' time on the host's link, plus two switches each way.
        let both = 2 * 1024 * line + ns(560);
        assert!(second > both && second < both + ns(20), "{second}");
        let host = |n: u64| {
            (ended[&n].1.links.iter())
                .find(|l| l.name == "host>root")
                .cloned()
        };
        assert_eq!(host(0).map(|l| l.bytes), Some(1024 * 68));
        assert_eq!(host(1).map(|l| l.messages), Some(1024));
    }

    #[test]
    fn a_small_transfer_with_a_big_one_ends_at_twice_its_time_the_big_one_at_the_sum() {
        let mut links = SharedLinks::new(4, &tree(), 64);
        let line = 4250;
        links.start((Node::Host, Node::Gpu(1)), 64 * 256, 0);
        links.start((Node::Host, Node::Gpu(3)), 64 * 1024, ns(1));
        let ended = run(&mut links);
        let small = 2 * 256 * line + ns(560);
        let big = (256 + 1024) * line + ns(560);
        assert!(
            ended[&0].0 > small && ended[&0].0 < small + ns(20),
            "{:?}",
            ended[&0].0
        );
        assert!(
            ended[&1].0 > big && ended[&1].0 < big + ns(20),
            "{:?}",
            ended[&1].0
        );
    }

    #[test]
    fn requests_pass_between_the_lines_of_a_transfer_going_their_way() {
        // A write from the host to GPU 0 fills host>root with its lines; a read from GPU 2
        // started in the middle sends its requests down host>root too, between those
        // lines, and its lines come up root>host, where the write's requests pass between
        // them: each gives up a request's time per line, 0.75 ns of 5 ns.
        let mut links = SharedLinks::new(4, &tree(), 64);
        let bytes = 64 * 4096;
        let alone = {
            let mut idle = SharedLinks::new(4, &tree(), 64);
            idle.start((Node::Gpu(2), Node::Host), bytes, 0);
            run(&mut idle)[&0].0
        };
        links.start((Node::Host, Node::Gpu(0)), bytes, 0);
        let read_start = ns(5000);
        links.start((Node::Gpu(2), Node::Host), bytes, read_start);
        let ended = run(&mut links);
        let read = ended[&1].0 - read_start;
        // Not 17.4 us behind the write's lines, but 5 ns a line instead of 4.25.
        assert!(
            read > alone && read < alone * 5 / 4 + ns(10),
            "{read} vs {alone}"
        );
    }

    #[test]
    fn a_message_alone_takes_its_bytes_and_latency_on_each_link() {
        // The host driver's 12-byte request to GPU 3: three links, two switches.
        let mut links = SharedLinks::new(4, &tree(), 64);
        let bytes = 12;
        links.send((Node::Host, Node::Gpu(3)), bytes, ns(5));
        let (end, traffic) = run(&mut links).remove(&0).expect("ended");
        let idle = message_on_idle_links(4, &tree(), (Node::Host, Node::Gpu(3)), bytes);
        assert_eq!(end - ns(5), idle);
        assert_eq!(traffic.pairs, vec![(Node::Host, Node::Gpu(3), bytes, 1)]);
    }

    #[test]
    fn a_message_waits_for_the_line_in_service_on_each_link_not_for_the_transfer() {
        // A write from the host to GPU 1 keeps host>root and root>switch0 busy with its
        // 68-byte lines (4.25 ns each); a 12-byte message from the host to GPU 0 sent in
        // the middle takes its turn after the line in service on each of the two links
        // (switch0>gpu0 is idle): at most 2 x 4.25 ns later than alone.
        let mut links = SharedLinks::new(4, &tree(), 64);
        links.start((Node::Host, Node::Gpu(1)), 64 * 4096, 0);
        let sent = ns(5000) + 300;
        let message = links.send((Node::Host, Node::Gpu(0)), 12, sent);
        let ended = run(&mut links);
        let idle = message_on_idle_links(4, &tree(), (Node::Host, Node::Gpu(0)), 12);
        let took = ended[&message].0 - sent;
        assert!(took > idle && took <= idle + 2 * 4250, "{took} vs {idle}");
    }

    #[test]
    fn an_empty_transfer_ends_at_its_start() {
        let mut links = SharedLinks::new(2, &tree(), 64);
        links.start((Node::Gpu(0), Node::Gpu(1)), 0, ns(7));
        let ended = run(&mut links);
        assert_eq!(ended[&0].0, ns(7));
        assert!(ended[&0].1.pairs.is_empty());
    }
}
