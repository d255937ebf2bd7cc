//! A set-associative cache with MSHRs and LRU replacement: the L1 vector, scalar and
//! instruction caches (write-through, no allocation on writes) and the L2 banks
//! (write-back, allocating on writes).

use super::plumbing::{count, take, Lookups, Outbox, Pipeline};
use super::protocol::{
    Access, CarriesMemory, MemError, MemRequest, MemResponse, MemoryMessage, Payload,
};
use super::set_associative::SetAssociative;
use super::slot_table::SlotTable;
use crate::config::CacheConfig;
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use crate::fast_hash::FastHash;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What a cache does with writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WritePolicy {
    /// Every write goes on to the level below at once (and updates a line present here);
    /// a write miss does not bring the line in. The L1 caches.
    WriteThrough,
    /// Writes stay in the line (brought in on a miss) until it is evicted or flushed.
    /// The L2 banks.
    WriteBack,
}

/// The shape and timing of one cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheGeometry {
    /// Bytes per line (a power of two).
    pub line_bytes: u64,
    /// Number of sets (a power of two).
    pub sets: usize,
    /// Lines per set.
    pub ways: usize,
    /// Time from a request's arrival to its tag lookup, where a miss is found and sent
    /// below.
    pub tag_latency: Time,
    /// Time from the tag lookup of a hit to its answer (reading the data array).
    pub data_latency: Time,
    /// Time from a fetched line's arrival to the answers of the requests waiting for it.
    pub fill_latency: Time,
    /// Misses (lines being fetched) and write-throughs outstanding at once.
    pub mshrs: usize,
    /// The write policy.
    pub policy: WritePolicy,
    /// Requests it looks up at once (`requests_per_cycle` enter per cycle of tag latency
    /// at full rate); more wait in the top ports.
    pub pipeline_depth: usize,
    /// Requests it holds at once, taken and not yet answered; more wait in the top ports.
    pub requests_in_flight: usize,
    /// Banks the cache is one of, interleaved by line: this one sees every `banks`-th
    /// line, and indexes its sets by line number / `banks`.
    pub banks: u64,
    /// A miss takes its line's way when it is sent below (the victim is dropped then),
    /// not when the line arrives.
    pub allocate_on_miss: bool,
}

impl CacheGeometry {
    /// The geometry `config` describes, with latency counted in cycles of `cycle` ps, for
    /// one of `banks` line-interleaved banks.
    pub fn from_config(config: &CacheConfig, cycle: Time, policy: WritePolicy, banks: u64) -> Self {
        CacheGeometry {
            line_bytes: config.line_bytes.into(),
            sets: config.sets() as usize,
            ways: config.ways as usize,
            tag_latency: cycle * u64::from(config.tag_cycles()),
            data_latency: cycle * u64::from(config.latency_cycles - config.tag_cycles()),
            fill_latency: cycle * u64::from(config.fill_latency_cycles),
            mshrs: config.mshrs as usize,
            policy,
            pipeline_depth: (config.tag_cycles().max(1) * config.requests_per_cycle) as usize,
            requests_in_flight: match config.requests_in_flight {
                0 => usize::MAX,
                n => n as usize,
            },
            banks,
            allocate_on_miss: config.allocate_on_miss,
        }
    }
}

/// A switch that empties all caches of a GPU at once: each cache built with it drops its
/// lines before it next handles anything after [`CacheReset::reset`] (as MGPUSim's command
/// processor resets its caches' directories when it flushes them). Use it only while the
/// hierarchy is idle and its dirty lines are written back.
#[derive(Debug, Clone, Default)]
pub struct CacheReset(Arc<AtomicU64>);

impl CacheReset {
    /// Empties every cache built with this switch (or a clone of it).
    pub fn reset(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn generation(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A request in the cache, with the port it came from.
#[derive(Debug)]
struct Arrival {
    top: Port,
    req: MemRequest,
    /// The hooks' task.
    task: Task,
}

/// The bytes of a write access.
fn data_of(access: &mut Access) -> &mut Vec<u8> {
    match access {
        Access::Write { data } => data,
        _ => unreachable!("a write"),
    }
}

/// One cached line: which of its bytes were written since it was fetched (write-back
/// caches), and their values. Reads only time the access (see [`Access::Read`]), so a
/// cache keeps no clean bytes: a line nobody wrote takes no memory beyond its tag. Only
/// the written bytes are written back, so bytes changed below meanwhile — e.g. by
/// atomics, which travel as reads — are not overwritten with stale values.
#[derive(Debug, Default, Clone)]
struct Line {
    /// The line's bytes (first half, `line_bytes`) and whether each was written (second
    /// half, 0 or 1); `None` until a write.
    written: Option<Box<[u8]>>,
}

impl Line {
    /// A line fetched from below, nothing written yet.
    fn clean() -> Line {
        Line::default()
    }

    /// A line whose every byte was written, with `data` (a whole line's bytes).
    fn all_written(data: &[u8]) -> Line {
        let mut line = Line::clean();
        line.write(data.len(), 0, data);
        line
    }

    /// Stores `bytes` at `offset` of a line of `line_bytes` bytes and marks them written.
    fn write(&mut self, line_bytes: usize, offset: usize, bytes: &[u8]) {
        let written = self
            .written
            .get_or_insert_with(|| vec![0; 2 * line_bytes].into_boxed_slice());
        let (data, marks) = written.split_at_mut(line_bytes);
        let range = offset..offset + bytes.len();
        data[range.clone()].copy_from_slice(bytes);
        marks[range].fill(1);
    }

    /// Whether a byte was written since the line was fetched.
    fn is_dirty(&self) -> bool {
        self.written.is_some()
    }

    /// The runs of written bytes: (offset, bytes).
    fn dirty_runs(&self) -> Vec<(usize, Vec<u8>)> {
        let mut runs = Vec::new();
        let Some(written) = &self.written else {
            return runs;
        };
        let (data, marks) = written.split_at(written.len() / 2);
        // Mostly the whole line: its marks compared eight at a time.
        const EIGHT_WRITTEN: u64 = u64::from_ne_bytes([1; 8]);
        let (eights, rest) = marks.as_chunks::<8>();
        if rest.iter().all(|&m| m != 0)
            && eights
                .iter()
                .all(|&e| u64::from_ne_bytes(e) == EIGHT_WRITTEN)
        {
            runs.push((0, data.to_vec()));
            return runs;
        }
        let mut from = 0;
        while let Some(start) = marks[from..].iter().position(|&m| m != 0) {
            let start = from + start;
            let end = marks[start..]
                .iter()
                .position(|&m| m == 0)
                .map_or(marks.len(), |n| start + n);
            runs.push((start, data[start..end].to_vec()));
            from = end;
        }
        runs
    }
}

/// What waits for a line being fetched, in arrival order.
#[derive(Debug)]
enum Waiter {
    /// A read to answer from the line.
    Read(Arrival),
    /// A write (write-back cache) to apply to the line and answer.
    Write(Arrival),
}

/// An answer waiting for its data: a hit reading the data array, or the waiters of a
/// fetched line being written into it.
#[derive(Debug)]
struct Answer {
    arrival: Arrival,
    result: Result<Payload, MemError>,
}

/// A request this cache sent below, by the id it gave it.
#[derive(Debug)]
enum Below {
    /// Fetching the line of this number.
    Fill(u64),
    /// A write passed through for this arrival.
    WriteThrough(Arrival),
    /// An evicted or flushed dirty line.
    WriteBack,
    /// A flush passed on.
    Flush,
}

/// One cache: its ports, tag array (with the bytes written to each line), MSHRs and the
/// requests waiting for them. Requests from several top ports (e.g. the four compute
/// units sharing a scalar cache) are answered through the port they came from.
///
/// Timing: a request's tags are looked up `tag_latency` after it is taken from its port;
/// a hit is answered `data_latency` later (reading the data array). A miss sends a read
/// of the whole line below at once and is answered `fill_latency` after the line arrives
/// (0: the line is forwarded as it arrives, as MGPUSim's write-around L1V does; its
/// write-back L2 writes the line into a bank first); later misses to that line wait in
/// its MSHR (an MSHR hit). The line takes the way of the least recently used line when
/// it arrives, or (`allocate_on_miss`) when the miss is sent below: the victim is dropped
/// then, and the way stays held until the line arrives. When every MSHR is taken, or
/// every way of a miss's set is held, the request waits, and the cache takes no more
/// requests from its top ports until one frees — their buffers fill and hold back the
/// senders. At most
/// `pipeline_depth` requests are being looked up at once, and at most
/// `requests_in_flight` are held from being taken to being answered (MGPUSim's
/// write-around L1V holds 16: a 62-cycle hit keeps its place all along).
pub struct Cache {
    geometry: CacheGeometry,
    tops: Vec<Port>,
    bottom: Port,
    lines: SetAssociative<Line>,
    /// Requests being looked up, or waiting for an MSHR.
    lookups: Lookups<Arrival>,
    /// Lines being fetched, with what waits for them.
    mshrs: HashMap<u64, Vec<Waiter>, FastHash>,
    /// Emptied waiter lists, for the next misses (no allocation per miss).
    spare_waiters: Vec<Vec<Waiter>>,
    /// Answers due after the data array's latency, in order, that could not be sent
    /// ahead (see [`Cache::answer_after`]).
    answers: Pipeline<Answer>,
    /// The times the answers sent ahead are due, in order: each request counts as held
    /// until then.
    releases: VecDeque<Time>,
    /// Requests sent below, by id.
    below: SlotTable<Below>,
    write_throughs: usize,
    /// Requests taken from the top ports and not answered yet.
    held: usize,
    /// A flush waiting for outstanding requests to finish (false) or for the level below
    /// (true).
    flush: Option<(Arrival, bool)>,
    outbox: Outbox,
    next_task: u64,
    /// The switch that empties it, and the resets it has seen.
    reset: CacheReset,
    resets_seen: u64,
}

impl Cache {
    /// A cache of `geometry`, taking requests at `tops` and sending to the level below
    /// through `bottom`, emptied by `reset`.
    pub fn new(geometry: CacheGeometry, tops: Vec<Port>, bottom: Port, reset: CacheReset) -> Self {
        Cache {
            resets_seen: reset.generation(),
            reset,
            geometry,
            tops,
            bottom,
            lines: SetAssociative::new(geometry.sets, geometry.ways, geometry.banks),
            lookups: Lookups::default(),
            mshrs: HashMap::default(),
            spare_waiters: Vec::new(),
            answers: Pipeline::default(),
            releases: VecDeque::new(),
            below: SlotTable::default(),
            write_throughs: 0,
            held: 0,
            flush: None,
            outbox: Outbox::default(),
            next_task: 0,
        }
    }

    fn send_below<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        access: Access,
        address: u64,
        what: Below,
    ) {
        let id = self.below.insert(what) as u64;
        self.outbox.send_or_push(
            ctx,
            self.bottom,
            MemoryMessage::Request(MemRequest {
                id,
                address,
                access,
            }),
        );
    }

    /// Answers `arrival` with `result` after `delay` (at once when it is zero).
    ///
    /// A later answer is sent ahead ([`Context::send_ahead`]): it leaves, as far as the
    /// component it goes to can tell, when it is due, and the cache need not run then
    /// to send it. akita's caches answer a hit from their bank pipeline's end (v3
    /// `writearound`/`writeback` bank stages), when the answer is due and the top port
    /// has room; an answer sent ahead likewise takes its place in the receiver's buffer
    /// only when it arrives, and the request counts as held until then. Only while
    /// answers to the same port wait for room in the outbox is it kept here and sent
    /// when due, after them.
    fn answer_after<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        delay: Time,
        arrival: Arrival,
        result: Result<Payload, MemError>,
    ) {
        let due = ctx.now() + delay;
        if delay == 0 {
            self.answer(ctx, arrival, result);
        } else if self.outbox.queued(arrival.top) > 0 {
            self.answers.push(ctx, due, Answer { arrival, result });
        } else {
            let kind = arrival.req.access.kind();
            ctx.end_task_at(arrival.task, kind, due);
            // Mostly in order already (answers of one latency).
            if self.releases.back().is_none_or(|&last| last <= due) {
                self.releases.push_back(due);
            } else {
                let place = self.releases.partition_point(|&t| t <= due);
                self.releases.insert(place, due);
            }
            let response = MemResponse {
                id: arrival.req.id,
                result,
            };
            ctx.send_ahead(
                arrival.top,
                M::from(MemoryMessage::Response(response)),
                delay,
            );
        }
    }

    fn answer<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        arrival: Arrival,
        result: Result<Payload, MemError>,
    ) {
        self.held -= 1;
        let kind = arrival.req.access.kind();
        ctx.end_task(arrival.task, kind);
        let response = MemResponse {
            id: arrival.req.id,
            result,
        };
        self.outbox
            .send_or_push(ctx, arrival.top, MemoryMessage::Response(response));
    }

    fn busy(&self) -> bool {
        self.mshrs.len() + self.write_throughs >= self.geometry.mshrs
    }

    /// Looks `arrival` up; hands it back when it must wait for an MSHR.
    fn lookup<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        arrival: Arrival,
    ) -> Result<(), Arrival> {
        if self.flush.is_some() {
            return Err(arrival);
        }
        let line_bytes = self.geometry.line_bytes;
        let address = arrival.req.address;
        // Line sizes are powers of two.
        let offset = (address & (line_bytes - 1)) as usize;
        let line = address >> line_bytes.trailing_zeros();
        if offset as u64 + arrival.req.len() > line_bytes {
            let error = MemError::CrossesBoundary {
                address,
                bytes: arrival.req.len(),
                boundary: line_bytes,
            };
            self.answer(ctx, arrival, Err(error));
            return Ok(());
        }
        let bytes = match &arrival.req.access {
            Access::Flush { .. } => {
                self.flush = Some((arrival, false));
                return Ok(());
            }
            Access::Read { bytes } => *bytes,
            Access::Write { .. } => return self.lookup_write(ctx, arrival, line, offset),
        };
        if let Some(waiters) = self.mshrs.get_mut(&line) {
            waiters.push(Waiter::Read(arrival));
            count(ctx, "read_mshr_hits");
        } else if self.lines.get(line).is_some() {
            count(ctx, "read_hits");
            let data = Payload::read(bytes);
            self.answer_after(ctx, self.geometry.data_latency, arrival, Ok(data));
        } else if self.busy() || !self.reserve(ctx, line) {
            return Err(arrival);
        } else {
            count(ctx, "read_misses");
            self.fetch(ctx, line, Waiter::Read(arrival));
        }
        Ok(())
    }

    /// Looks up the write `arrival` to line `line` at `offset`; hands it back when it
    /// must wait for an MSHR.
    fn lookup_write<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        mut arrival: Arrival,
        line: u64,
        offset: usize,
    ) -> Result<(), Arrival> {
        let Access::Write { data } = &arrival.req.access else {
            unreachable!("a write");
        };
        match self.geometry.policy {
            WritePolicy::WriteThrough => {
                if self.busy() {
                    return Err(arrival);
                }
                // A line here keeps no bytes (see `Line`): the write only goes below.
                if self.mshrs.contains_key(&line) {
                    count(ctx, "write_mshr_hits");
                } else if self.lines.get(line).is_some() {
                    count(ctx, "write_hits");
                } else {
                    count(ctx, "write_misses");
                }
                self.write_throughs += 1;
                // The data goes below; the arrival stays, to be answered, as a write.
                let data = std::mem::take(data_of(&mut arrival.req.access));
                let address = arrival.req.address;
                self.send_below(
                    ctx,
                    Access::Write { data },
                    address,
                    Below::WriteThrough(arrival),
                );
            }
            WritePolicy::WriteBack => {
                let line_bytes = self.geometry.line_bytes;
                if let Some(waiters) = self.mshrs.get_mut(&line) {
                    waiters.push(Waiter::Write(arrival));
                    count(ctx, "write_mshr_hits");
                } else if let Some(cached) = self.lines.get(line) {
                    cached.write(line_bytes as usize, offset, data);
                    self.lines.note(line);
                    count(ctx, "write_hits");
                    self.answer_after(ctx, self.geometry.data_latency, arrival, Ok(Payload::EMPTY));
                } else if data.len() as u64 == line_bytes {
                    let written = Line::all_written(data);
                    if !self.place(ctx, line, written) {
                        return Err(arrival);
                    }
                    count(ctx, "write_misses");
                    self.answer(ctx, arrival, Ok(Payload::EMPTY));
                } else if self.busy() || !self.reserve(ctx, line) {
                    return Err(arrival);
                } else {
                    count(ctx, "write_misses");
                    self.fetch(ctx, line, Waiter::Write(arrival));
                }
            }
        }
        Ok(())
    }

    fn fetch<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>, line: u64, first: Waiter) {
        let mut waiters = self.spare_waiters.pop().unwrap_or_default();
        waiters.push(first);
        self.mshrs.insert(line, waiters);
        let bytes = self.geometry.line_bytes as u32;
        self.send_below(
            ctx,
            Access::Read { bytes },
            line * self.geometry.line_bytes,
            Below::Fill(line),
        );
    }

    /// Holds a way for `line`, about to be fetched, when misses allocate (dropping the
    /// line there); false when every way of its set is held.
    fn reserve<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>, line: u64) -> bool {
        !self.geometry.allocate_on_miss || self.place(ctx, line, Line::clean())
    }

    /// Stores a line, writing back the dirty line it replaces, which is never one being
    /// fetched into a way it holds; false when every way of its set is so held.
    fn place<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        line: u64,
        value: Line,
    ) -> bool {
        if value.is_dirty() {
            self.lines.note(line);
        }
        let (mshrs, holds) = (&self.mshrs, self.geometry.allocate_on_miss);
        let held = |key| holds && mshrs.contains_key(&key);
        match self.lines.insert_unless_held(line, value, held) {
            Ok(Some((victim, old))) => {
                self.write_back(ctx, victim, &old);
                true
            }
            Ok(None) => true,
            Err(_) => false,
        }
    }

    /// Writes the dirty bytes of `cached`, line number `line`, to the level below.
    fn write_back<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>, line: u64, cached: &Line) {
        let runs = cached.dirty_runs();
        if runs.is_empty() {
            return;
        }
        count(ctx, "writebacks");
        let address = line * self.geometry.line_bytes;
        for (offset, data) in runs {
            self.send_below(
                ctx,
                Access::Write { data },
                address + offset as u64,
                Below::WriteBack,
            );
        }
    }

    /// The line `line` arrived (or could not be read): serve its waiters in order.
    fn fill<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        line: u64,
        result: Result<Payload, MemError>,
    ) {
        let mut waiters = self.mshrs.remove(&line).unwrap_or_default();
        let line_bytes = self.geometry.line_bytes;
        if let Err(error) = result {
            // A way held for the line is free again.
            self.lines.remove(line);
            for waiter in waiters.drain(..) {
                let (Waiter::Read(arrival) | Waiter::Write(arrival)) = waiter;
                self.answer(ctx, arrival, Err(error.clone()));
            }
            self.spare_waiters.push(waiters);
            return;
        }
        let mut filled = Line::clean();
        for waiter in waiters.drain(..) {
            match waiter {
                Waiter::Read(arrival) => {
                    let part = Payload::read(arrival.req.len() as u32);
                    self.answer_after(ctx, self.geometry.fill_latency, arrival, Ok(part));
                }
                Waiter::Write(arrival) => {
                    let offset = (arrival.req.address % line_bytes) as usize;
                    if let Access::Write { data: bytes } = &arrival.req.access {
                        filled.write(line_bytes as usize, offset, bytes);
                    }
                    self.answer_after(ctx, self.geometry.fill_latency, arrival, Ok(Payload::EMPTY));
                }
            }
        }
        self.spare_waiters.push(waiters);
        if filled.is_dirty() {
            self.lines.note(line);
        }
        // A held way keeps the place in the replacement order its miss gave it.
        if let Some(held) = self.lines.peek(line) {
            *held = filled;
        } else if !self.place(ctx, line, filled) {
            unreachable!("only a cache that allocates on misses holds ways, and it held this one");
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
            Below::Fill(line) => self.fill(ctx, line, response.result),
            Below::WriteThrough(arrival) => {
                self.write_throughs -= 1;
                self.answer(ctx, arrival, response.result);
            }
            Below::WriteBack | Below::Flush => {}
        }
    }

    /// Moves a flush on: once nothing is outstanding, writes back dirty lines, drops all
    /// lines (or keeps them clean, for a flush that does not invalidate) and passes the
    /// flush below; once that is answered, answers the flush.
    // Inlined: it runs for every lookup, and there is mostly no flush.
    #[inline]
    fn advance_flush<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        if self.flush.is_some() {
            self.advance_pending_flush(ctx);
        }
    }

    /// [`advance_flush`](Self::advance_flush) with a flush under way.
    fn advance_pending_flush<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        if !self.below.is_empty()
            || !self.mshrs.is_empty()
            || self.answers.len() > 0
            || !self.releases.is_empty()
        {
            return;
        }
        match self.flush.take() {
            Some((arrival, false)) => {
                let access = arrival.req.access.clone();
                if matches!(access, Access::Flush { invalidate: true }) {
                    for (line, cached) in self.lines.drain() {
                        self.write_back(ctx, line, &cached);
                    }
                } else {
                    let mut dirty: Vec<(u64, Line)> = Vec::new();
                    self.lines.take_noted(|line, cached| {
                        if cached.is_dirty() {
                            dirty.push((line, std::mem::take(cached)));
                        }
                    });
                    for (line, cached) in dirty {
                        self.write_back(ctx, line, &cached);
                    }
                }
                self.send_below(ctx, access, 0, Below::Flush);
                self.flush = Some((arrival, true));
            }
            Some((arrival, true)) => self.answer(ctx, arrival, Ok(Payload::EMPTY)),
            None => {}
        }
    }
}

impl<M: CarriesMemory> Component<M> for Cache {
    /// Once per step: a run takes everything waiting and does what the cache's state allows,
    /// whatever woke it, so a second run in the same step would find nothing to do.
    fn handle_step(&mut self, wakes: &[Wake], ctx: &mut Context<'_, M>) {
        self.handle(wakes[0], ctx);
    }

    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, M>) {
        let resets = self.reset.generation();
        if resets != self.resets_seen {
            self.resets_seen = resets;
            for (line, cached) in self.lines.drain() {
                self.write_back(ctx, line, &cached);
            }
        }
        while self.releases.front().is_some_and(|&t| t <= ctx.now()) {
            self.releases.pop_front();
            self.held -= 1;
        }
        while let Some(Answer { arrival, result }) = self.answers.pop_due(ctx.now()) {
            self.answer(ctx, arrival, result);
        }
        while let Some(msg) = take(ctx, self.bottom) {
            match msg {
                MemoryMessage::Response(response) => self.answer_from_below(ctx, response),
                other => panic!("a cache received {other:?} from below"),
            }
        }
        while let Some(arrival) = self.lookups.next(ctx.now()) {
            self.advance_flush(ctx);
            if let Err(arrival) = self.lookup(ctx, arrival) {
                self.lookups.hold(arrival);
                break;
            }
        }
        self.advance_flush(ctx);
        if self.flush.is_some() {
            // It waits for the answers sent ahead to leave.
            if let Some(&last) = self.releases.back() {
                ctx.wake_at(last, 0);
            }
        }
        if !self.lookups.is_stalled() && self.flush.is_none() {
            let due = ctx.now() + self.geometry.tag_latency;
            for i in 0..self.tops.len() {
                let top = self.tops[i];
                while self.lookups.in_pipeline() < self.geometry.pipeline_depth
                    && self.held < self.geometry.requests_in_flight
                {
                    let Some(msg) = take(ctx, top) else { break };
                    let MemoryMessage::Request(req) = msg else {
                        panic!("a cache received {msg:?} from above");
                    };
                    let task = ctx.start_task(self.next_task, req.access.kind());
                    self.next_task += 1;
                    self.held += 1;
                    self.lookups.push(ctx, due, Arrival { top, req, task });
                }
            }
            // Requests wait for one held to be answered: the next answer sent ahead
            // lets one go.
            if self.held >= self.geometry.requests_in_flight
                && self.tops.iter().any(|&top| ctx.waiting(top) > 0)
            {
                if let Some(&next) = self.releases.front() {
                    ctx.wake_at(next, 0);
                }
            }
        }
        self.outbox.send(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_writes_back_its_runs_of_written_bytes() {
        assert!(Line::clean().dirty_runs().is_empty());
        let full: Vec<u8> = (0..64).collect();
        assert_eq!(Line::all_written(&full).dirty_runs(), [(0, full.clone())]);
        let mut line = Line::clean();
        line.write(64, 4, &[1, 2, 3]);
        line.write(64, 7, &[4]);
        line.write(64, 60, &[5, 6, 7, 8]);
        line.write(64, 0, &[9]);
        assert_eq!(
            line.dirty_runs(),
            [(0, vec![9]), (4, vec![1, 2, 3, 4]), (60, vec![5, 6, 7, 8])]
        );
        // Every byte but the last.
        let mut line = Line::clean();
        line.write(64, 0, &full[..63]);
        assert_eq!(line.dirty_runs(), [(0, full[..63].to_vec())]);
    }
}
