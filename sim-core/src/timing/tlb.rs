//! A translation lookaside buffer: the L1 TLB in front of a cache (translating requests on
//! their way) and the L2 TLB in front of the IOMMU (answering translation questions).

use super::cache::CacheReset;
use super::plumbing::{count, take, Lookups, Outbox};
use super::protocol::{
    physical_address, Access, CarriesMemory, MemError, MemRequest, MemResponse, MemoryMessage,
    Payload, TranslationRequest, TranslationResponse,
};
use super::set_associative::SetAssociative;
use super::slot_table::SlotTable;
use super::waiting_ports::WaitingPorts;
use crate::config::TlbConfig;
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use crate::fast_hash::FastHash;
use std::collections::{BTreeMap, HashMap};

/// The shape and timing of one TLB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TlbGeometry {
    /// Number of sets (a power of two).
    pub sets: usize,
    /// Entries per set.
    pub ways: usize,
    /// Time from a request's arrival to its lookup.
    pub latency: Time,
    /// Pages it may be waiting for at once.
    pub mshrs: usize,
    /// Requests it looks up at once (`requests_per_cycle` enter per cycle of latency at
    /// full rate); more wait in the top ports.
    pub pipeline_depth: usize,
    /// Page size in bytes.
    pub page_bytes: u64,
}

impl TlbGeometry {
    /// The geometry `config` describes for pages of `page_bytes`, with latency counted
    /// in cycles of `cycle` ps.
    pub fn from_config(config: &TlbConfig, page_bytes: u64, cycle: Time) -> Self {
        TlbGeometry {
            sets: config.sets as usize,
            ways: config.ways as usize,
            latency: cycle * u64::from(config.latency_cycles),
            mshrs: config.mshrs as usize,
            pipeline_depth: (config.latency_cycles.max(1) * config.requests_per_cycle) as usize,
            page_bytes,
        }
    }
}

/// Something waiting for a translation.
#[derive(Debug)]
enum Client {
    /// A memory request (virtual address) to pass below once translated.
    Access {
        top: Port,
        req: MemRequest,
        task: Task,
    },
    /// A translation question from a TLB above.
    Question {
        top: Port,
        req: TranslationRequest,
        task: Task,
    },
}

impl Client {
    fn page(&self, page_bytes: u64) -> u64 {
        match self {
            Client::Access { req, .. } => req.address / page_bytes,
            Client::Question { req, .. } => req.page,
        }
    }
}

/// A request passed on, by the id this TLB gave it.
#[derive(Debug)]
enum Below {
    /// A translated access: answer `id` through `top`.
    Access { top: Port, id: u64, task: Task },
    /// A flush passed on (below or to the next level) for the flush `id` from `top`.
    Flush { top: Port, id: u64 },
}

/// One TLB. At its top ports it takes memory requests with virtual addresses (passed on
/// through `bottom`, translated to physical addresses; their answers come back the same
/// way) and translation questions from TLBs above; it asks the next level (an L2 TLB or
/// the IOMMU) through `next`.
///
/// Timing: a request is looked up `latency` after it is taken; a hit is passed on or
/// answered then; a miss asks the next level and waits in an MSHR (later misses to the
/// same page join it). When all MSHRs are taken, or as many requests wait to be looked up
/// or to leave through the bottom port, the TLB stops taking requests. A flush
/// drops every translation and is passed on below and to the next level.
pub struct Tlb {
    geometry: TlbGeometry,
    gpu: usize,
    tops: WaitingPorts,
    bottom: Option<Port>,
    next: Port,
    entries: SetAssociative<usize>,
    lookups: Lookups<Client>,
    /// Pages asked about, with the flush count when asked and what waits for them.
    mshrs: HashMap<u64, (u64, Vec<Client>), FastHash>,
    /// Emptied waiting lists, for the next misses (no allocation per miss).
    spare_waiting: Vec<Vec<Client>>,
    /// Flushes so far: an answer to a question asked before a flush is not kept.
    flush_count: u64,
    /// Requests passed on, by id.
    below: SlotTable<Below>,
    /// Flushes passed on, by (top, id): answers still awaited.
    flushes: BTreeMap<(Port, u64), (usize, Task)>,
    outbox: Outbox,
    next_task: u64,
    /// The switch that empties it, and the resets it has seen.
    reset: Option<(CacheReset, u64)>,
}

impl Tlb {
    /// A TLB of GPU `gpu` with `geometry`, taking requests at `tops`, passing translated
    /// accesses through `bottom` (none for an L2 TLB, which only answers questions) and
    /// asking the next level through `next`.
    pub fn new(
        geometry: TlbGeometry,
        gpu: usize,
        tops: Vec<Port>,
        bottom: Option<Port>,
        next: Port,
    ) -> Self {
        Tlb {
            geometry,
            gpu,
            tops: WaitingPorts::new(tops),
            bottom,
            next,
            entries: SetAssociative::new(geometry.sets, geometry.ways, 1),
            lookups: Lookups::default(),
            mshrs: HashMap::default(),
            spare_waiting: Vec::new(),
            flush_count: 0,
            below: SlotTable::default(),
            flushes: BTreeMap::new(),
            outbox: Outbox::default(),
            next_task: 0,
            reset: None,
        }
    }

    /// Drops every translation before it next handles anything after `reset` is
    /// [reset](CacheReset::reset) (the platform's, once pages moved between kernels).
    pub fn with_reset(mut self, reset: CacheReset) -> Self {
        self.reset = Some((reset.clone(), reset.generation()));
        self
    }

    /// Whether it may take another request: fewer than its pipeline depth are being
    /// looked up or wait to leave through the bottom port (so a cache below that holds
    /// back holds this TLB back too). Misses are limited by the MSHRs, in the lookup.
    fn has_room(&self) -> bool {
        let queued = self.bottom.map_or(0, |b| self.outbox.queued(b));
        self.lookups.in_pipeline() + queued < self.geometry.pipeline_depth
    }

    /// Serves `client` with the translation of its page (`None`: a page fault).
    fn serve<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        client: Client,
        gpu: Option<usize>,
    ) {
        match client {
            Client::Question { top, req, task } => {
                let answer = TranslationResponse {
                    id: req.id,
                    page: req.page,
                    gpu,
                };
                ctx.end_task(task, "translation");
                self.outbox
                    .send_or_push(ctx, top, MemoryMessage::Translation(answer));
            }
            Client::Access { top, req, task } => {
                let (Some(gpu), Some(bottom)) = (gpu, self.bottom) else {
                    let response = MemResponse {
                        id: req.id,
                        result: Err(MemError::PageFault {
                            address: req.address,
                        }),
                    };
                    ctx.end_task(task, "access");
                    self.outbox
                        .send_or_push(ctx, top, MemoryMessage::Response(response));
                    return;
                };
                let id = self.below.insert(Below::Access {
                    top,
                    id: req.id,
                    task,
                }) as u64;
                let forwarded = MemRequest {
                    id,
                    address: physical_address(gpu, req.address),
                    access: req.access,
                };
                self.outbox
                    .send_or_push(ctx, bottom, MemoryMessage::Request(forwarded));
            }
        }
    }

    /// Looks `client` up; hands it back when it must wait for an MSHR.
    fn lookup<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        client: Client,
    ) -> Result<(), Client> {
        let page = client.page(self.geometry.page_bytes);
        if let Client::Access { top, req, task } = &client {
            let offset = req.address % self.geometry.page_bytes;
            if offset + req.len() > self.geometry.page_bytes {
                let response = MemResponse {
                    id: req.id,
                    result: Err(MemError::CrossesBoundary {
                        address: req.address,
                        bytes: req.len(),
                        boundary: self.geometry.page_bytes,
                    }),
                };
                ctx.end_task(*task, "access");
                self.outbox
                    .send_or_push(ctx, *top, MemoryMessage::Response(response));
                return Ok(());
            }
        }
        if let Some((_, waiting)) = self.mshrs.get_mut(&page) {
            count(ctx, "mshr_hits");
            waiting.push(client);
        } else if let Some(&mut gpu) = self.entries.get(page) {
            count(ctx, "hits");
            self.serve(ctx, client, Some(gpu));
        } else if self.mshrs.len() >= self.geometry.mshrs {
            return Err(client);
        } else {
            count(ctx, "misses");
            let mut waiting = self.spare_waiting.pop().unwrap_or_default();
            waiting.push(client);
            self.mshrs.insert(page, (self.flush_count, waiting));
            let question = TranslationRequest {
                id: page,
                gpu: self.gpu,
                page,
            };
            self.outbox
                .send_or_push(ctx, self.next, MemoryMessage::Translate(question));
        }
        Ok(())
    }

    fn translated<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        answer: TranslationResponse,
    ) {
        let (asked_at, mut waiting) = self.mshrs.remove(&answer.page).unwrap_or_default();
        if let (Some(gpu), true) = (answer.gpu, asked_at == self.flush_count) {
            self.entries.insert(answer.page, gpu);
        }
        for client in waiting.drain(..) {
            self.serve(ctx, client, answer.gpu);
        }
        self.spare_waiting.push(waiting);
    }

    /// Drops every translation (if the flush invalidates) and passes the flush below and
    /// to the next level.
    fn flush<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        top: Port,
        req: MemRequest,
        task: Task,
    ) {
        let invalidate = matches!(req.access, Access::Flush { invalidate: true });
        if invalidate {
            self.entries.drain();
            self.flush_count += 1;
        }
        let targets: Vec<Port> = self.bottom.into_iter().chain([self.next]).collect();
        self.flushes.insert((top, req.id), (targets.len(), task));
        for target in targets {
            let id = self.below.insert(Below::Flush { top, id: req.id }) as u64;
            let forwarded = MemRequest {
                id,
                address: 0,
                access: req.access.clone(),
            };
            self.outbox
                .send_or_push(ctx, target, MemoryMessage::Request(forwarded));
        }
    }

    fn answer_from_below<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        response: MemResponse,
    ) {
        let what = self
            .below
            .remove(response.id as usize)
            .unwrap_or_else(|| panic!("a response to unknown request {}", response.id));
        match what {
            Below::Access { top, id, task } => {
                ctx.end_task(task, "access");
                let answer = MemResponse {
                    id,
                    result: response.result,
                };
                self.outbox
                    .send_or_push(ctx, top, MemoryMessage::Response(answer));
            }
            Below::Flush { top, id } => {
                let (remaining, task) = self
                    .flushes
                    .get_mut(&(top, id))
                    .expect("a flush in progress");
                *remaining -= 1;
                if *remaining == 0 {
                    let task = *task;
                    self.flushes.remove(&(top, id));
                    ctx.end_task(task, "flush");
                    let answer = MemResponse {
                        id,
                        result: Ok(Payload::EMPTY),
                    };
                    self.outbox
                        .send_or_push(ctx, top, MemoryMessage::Response(answer));
                }
            }
        }
    }
}

impl<M: CarriesMemory> Component<M> for Tlb {
    /// Once per step: a run takes everything waiting and does what the TLB's state allows,
    /// whatever woke it, so a second run in the same step would find nothing to do.
    fn handle_step(&mut self, wakes: &[Wake], ctx: &mut Context<'_, M>) {
        for &wake in wakes {
            self.tops.note(wake);
        }
        self.run(ctx);
    }

    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, M>) {
        self.tops.note(wake);
        self.run(ctx);
    }
}

impl Tlb {
    /// Takes everything waiting and does what the TLB's state allows.
    fn run<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        if let Some((reset, seen)) = &mut self.reset {
            let generation = reset.generation();
            if generation != *seen {
                *seen = generation;
                self.entries.drain();
                self.flush_count += 1;
            }
        }
        // Room freed below counts before deciding whether to take requests.
        self.outbox.send(ctx);
        for port in self.bottom.into_iter().chain([self.next]) {
            while let Some(msg) = take(ctx, port) {
                match msg {
                    MemoryMessage::Response(response) => self.answer_from_below(ctx, response),
                    MemoryMessage::Translation(answer) => self.translated(ctx, answer),
                    other => panic!("a TLB received {other:?} from below"),
                }
            }
        }
        while let Some(client) = self.lookups.next(ctx.now()) {
            if let Err(client) = self.lookup(ctx, client) {
                self.lookups.hold(client);
                break;
            }
        }
        if !self.lookups.is_stalled() {
            let due = ctx.now() + self.geometry.latency;
            let mut from = 0;
            while let Some((place, top)) = self.tops.next(from) {
                from = place + 1;
                while self.has_room() {
                    let Some(msg) = take(ctx, top) else { break };
                    let task = self.next_task;
                    self.next_task += 1;
                    let client = match msg {
                        MemoryMessage::Request(req)
                            if matches!(req.access, Access::Flush { .. }) =>
                        {
                            let task = ctx.start_task(task, "flush");
                            self.flush(ctx, top, req, task);
                            continue;
                        }
                        MemoryMessage::Request(req) => {
                            let task = ctx.start_task(task, "access");
                            Client::Access { top, req, task }
                        }
                        MemoryMessage::Translate(req) => {
                            let task = ctx.start_task(task, "translation");
                            Client::Question { top, req, task }
                        }
                        other => panic!("a TLB received {other:?} from above"),
                    };
                    self.lookups.push(ctx, due, client);
                }
                if ctx.waiting(top) == 0 {
                    self.tops.unmark(place);
                }
            }
        }
        self.outbox.send(ctx);
    }
}
