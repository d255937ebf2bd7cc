//! The timing model of a GCN3 compute unit, after MGPUSim's: a fetch arbiter filling each
//! wavefront's instruction buffer through the L1 instruction cache, an issue arbiter, four
//! SIMD units, the scalar, branch, LDS, scalar-memory and vector-memory units, the
//! texture path image instructions take ([`texture`]), and a coalescer that turns a
//! vector memory instruction into one request per cache line.
//!
//! # Pipeline
//!
//! Each cycle the issue arbiter chooses one SIMD and issues at most one instruction per
//! unit kind from its wavefronts, each from a different wavefront whose next instruction
//! is in its instruction buffer and whose previous one has let it go
//! ([`WaveSlot::ready_at`]), provided the kind's decoder takes it ([`pipeline`]). With
//! MGPUSim's sticky arbiter (`gpu.cu.issue_arbiter = "sticky"`) the SIMD is the one that
//! issued last, or the next one with a ready wavefront, considering wavefronts in
//! arrival order; with `"round_robin"` each SIMD has every fourth cycle, as on GCN3, and
//! its wavefronts take turns. `s_waitcnt` issues only once the wavefront's outstanding
//! vector memory (vmcnt) and LDS/scalar memory (lgkmcnt) instructions have dropped to its
//! limits; `s_barrier` holds a wavefront until every wavefront of its work-group that has
//! not ended arrives. The fetch arbiter sends one instruction fetch (a 64-byte line) per
//! cycle, for the wavefront missing the line at its PC or else prefetching the next line;
//! a branch empties its wavefront's buffer when it ends (as in MGPUSim, taken or not).
//!
//! # Values
//!
//! Values are the functional emulator's: an instruction is executed with
//! [`Program::execute`] (the emulator's per-instruction semantics) when it issues, against
//! the driver's memory, which stays authoritative; wavefronts start from
//! [`initialize`](crate::emu::initialize) with [`wavefront_setups`]. Memory
//! instructions are executed through a recording TLB; the addresses their lanes touched
//! go through the coalescer and leave as timed requests: loads as reads of the bytes
//! touched (their answers only time the instruction), stores as writes carrying the bytes
//! the store left in memory, atomics as reads (the read-modify-write happened at issue;
//! a read leaves the bytes clean in the write-back L2, which writes back only the bytes
//! stores wrote, so no stale copy is written back over an atomic result). Memory
//! therefore ends every kernel as the functional model leaves it, provided the L2 is
//! flushed after the kernel (the platform does) and no two wavefronts race plain stores
//! to the same bytes within a kernel: then the hierarchy could see those writes in
//! another order than they executed. An instruction completes when every
//! one of its requests is answered (requests leave when the vector or scalar memory unit
//! lets them, see [`pipeline`]); with `gpu.cu.vector_answers_in_order` the compute unit
//! takes the vector memory answers in the order their requests left, one a cycle
//! ([`answer_order`], MGPUSim's reorder buffer). LDS instructions complete when the LDS
//! unit has their data.

mod answer_order;
mod coalescer;
mod cpi;
mod instruction_buffer;
mod pipeline;
mod request_window;
mod resident;
mod texture;
mod units;
mod wave_set;
mod wavefront;

pub use coalescer::{coalesce, LineAccess};
pub use cpi::IssueState;
pub use pipeline::{Issued, Pipeline};
use wavefront::Ready;
pub use wavefront::WaveSlot;

use super::protocol::{MemRequest, MemResponse, MemoryMessage};
use super::slot_table::SlotTable;
use crate::config::{CuConfig, IssueArbiter};
use crate::driver::Driver;
use crate::emu::fault::{Fault, FaultKind};
use crate::emu::memory::{Tlb, TlbEntries};
use crate::emu::program::Env;
use crate::emu::{
    initialize, wavefront_setups, DispatchTable, InstructionBudget, InstructionCounts, KernelCode,
    RunLimits, WaveStatus, Wavefront,
};
use crate::engine::{Component, Context, Observation, Port, Task, Time, Wake};
use crate::gpu::{ExecutionError, Message, WorkGroup, WorkGroupDone};
use crate::isa::{Category, Format};
use answer_order::InOrderAnswers;
use cpi::CpiStack;
use request_window::RequestWindow;
use resident::ResidentWaves;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use texture::{TextureCost, TextureOp, TexturePath};
use units::{MemoryKind, OpTiming, Unit};
use wave_set::WaveSet;

/// Bytes of a cache line: what one request and one instruction fetch cover.
pub const LINE_BYTES: u64 = 64;

/// The ports of a compute unit.
#[derive(Debug, Clone, Copy)]
pub struct CuPorts {
    /// Linked to the dispatcher (the compute-unit protocol).
    pub dispatch: Port,
    /// Linked to its L1 TLB, in front of its L1 vector cache.
    pub vector: Port,
    /// Linked to its shader array's scalar TLB and L1 scalar cache.
    pub scalar: Port,
    /// Linked to its shader array's instruction TLB and L1 instruction cache.
    pub instruction: Port,
}

/// What the compute unit needs to know about the GPU it belongs to.
#[derive(Clone)]
pub struct CuSettings {
    /// The driver owning the GPU's memory.
    pub driver: Arc<Driver>,
    /// The GPU's number.
    pub gpu: usize,
    /// Where dispatches register their code and scratch.
    pub dispatches: Arc<DispatchTable>,
    /// SIMDs per compute unit.
    pub simds: u32,
    /// Wavefront slots per SIMD.
    pub slots_per_simd: u32,
    /// Limits that stop runaway wavefronts.
    pub limits: RunLimits,
    /// How instructions pass through the compute unit.
    pub pipeline: CuConfig,
}

/// A work-group resident on the compute unit.
struct ResidentWorkGroup {
    workgroup: WorkGroup,
    /// The hooks' task of the work-group.
    task: Task,
    code: Arc<KernelCode>,
    /// How far from its code the work-group fetches instructions (see
    /// [`DispatchResources::fetch_offset`]).
    fetch_offset: u64,
    /// Its launch's instruction budget.
    budget: Arc<InstructionBudget>,
    lds: Vec<u8>,
    /// Its wavefronts (keys of the compute unit's wavefronts).
    waves: Vec<usize>,
    counts: InstructionCounts,
}

/// A memory instruction in flight.
struct MemoryOp {
    wave: usize,
    remaining: usize,
    vm: bool,
    lgkm: bool,
    /// What an image instruction costs the texture path (its data passes the texture
    /// data unit once its requests are answered).
    texture: Option<TextureCost>,
}

/// Which of the compute unit's memory ports a request leaves through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    Vector,
    Scalar,
    Instruction,
}

/// A request the compute unit sent (its id is its key in `sent`).
enum Sent {
    /// Part of a memory instruction (a key of `ops`).
    Op(usize),
    /// An instruction fetch for a wavefront.
    Fetch { wave: usize, line: u64 },
}

/// A GCN3 compute unit's timing model (see the module documentation).
pub struct ComputeUnit {
    // Read at every run, declared first so that a run may touch few cache lines of the
    // compute unit. Rust's default layout does not promise any order (rustc today keeps
    // fields of the same alignment in declaration order); nothing depends on it but speed.
    ports: CuPorts,
    last_issue: Option<Time>,
    wake: Option<Time>,
    /// The SIMD the sticky arbiter issued from last.
    last_simd: usize,
    /// Where the fetch arbiter starts looking next (a wavefront key).
    fetch_from: usize,
    /// SIMDs per compute unit (`settings.simds`, kept with what every run reads).
    simds: usize,
    waves: ResidentWaves,
    /// The wavefronts that may want a line fetched: all that do, and some that no longer
    /// do (the fetch arbiter drops those). A wavefront is added when it arrives, its fetch
    /// fails, or its PC moves or buffer fills and it then wants a line.
    may_fetch: WaveSet,
    /// Reused list of wavefronts found not to want a line.
    satisfied: Vec<usize>,
    /// Reused list of issue candidates, with when they are ready.
    candidates: Vec<(usize, Ready)>,
    /// The instructions issued this cycle that execute when the compute unit runs in
    /// order at the end of the step (see [`ComputeUnit::issue`]): wavefront and occupancy.
    in_order: Vec<(usize, u64)>,
    /// Per SIMD: none of its wavefronts is ready before this time (0: not known), as the
    /// arbiter last found, while the times they are ready have not changed since; it
    /// skips the SIMD until then.
    quiet_until: Vec<Time>,
    /// Per SIMD: where the issue arbiter starts looking next.
    round_robin: Vec<usize>,
    /// The last issue attempt issued nothing and nothing that could change its decision
    /// has arrived or completed since: until some wavefront's or unit's time comes, the
    /// arbiter would decide the same.
    stalled: bool,
    /// Memory instructions that complete at a fixed time (LDS, or no lanes active).
    timed: BTreeMap<(Time, usize), ()>,
    answers: VecDeque<Message>,
    /// Requests the units have not let go yet, with the time they leave (in time order
    /// per path, as each path's unit lets them go in order).
    delayed: [VecDeque<(Time, Message)>; 3],
    /// Requests waiting to leave, by [`Path`] (in the order of its variants).
    outbox: [VecDeque<Message>; 3],
    /// Vector memory requests that left and whose answers are not taken yet, the most
    /// there may be (`gpu.cu.vector_requests_in_flight`), and the time the last left.
    vector_in_flight: RequestWindow,
    /// With `gpu.cu.vector_answers_in_order`: the vector memory answers, taken in
    /// request order, one a cycle.
    vector_answers: Option<InOrderAnswers>,
    /// Cycles by what the issue arbiter did.
    cpi: CpiStack,
    pipeline: Pipeline,
    // Read when instructions execute or requests come and go.
    settings: CuSettings,
    /// The resident work-groups.
    workgroups: SlotTable<ResidentWorkGroup>,
    /// Memory instructions in flight (keys grow in the order they issued).
    ops: SlotTable<MemoryOp>,
    /// Requests in flight, by id.
    sent: SlotTable<Sent>,
    /// The page translations of the memory instructions executed for the resident
    /// work-groups (dropped when a work-group arrives, as pages move only between kernels).
    translations: TlbEntries,
    /// Reused list of the addresses an instruction's lanes accessed.
    accesses: Vec<u64>,
    /// Reused list of the lines an instruction's lanes accessed.
    lines: Vec<LineAccess>,
    /// Per SIMD: VALU instructions issued and cycles they kept it busy, since the last
    /// report (reported to the hooks when a work-group retires, as MGPUSim's
    /// `simd_inst_count` and SIMD busy time).
    simd_tally: Vec<(u64, u64)>,
    /// The texture addresser and data unit image instructions pass through.
    texture: TexturePath,
}

/// Names of the per-SIMD counts a compute unit reports (up to 8 SIMDs).
const SIMD_INSTRUCTIONS: [&str; 8] = [
    "simd0_instructions",
    "simd1_instructions",
    "simd2_instructions",
    "simd3_instructions",
    "simd4_instructions",
    "simd5_instructions",
    "simd6_instructions",
    "simd7_instructions",
];
const SIMD_BUSY: [&str; 8] = [
    "simd0_busy_cycles",
    "simd1_busy_cycles",
    "simd2_busy_cycles",
    "simd3_busy_cycles",
    "simd4_busy_cycles",
    "simd5_busy_cycles",
    "simd6_busy_cycles",
    "simd7_busy_cycles",
];

impl ComputeUnit {
    /// A compute unit with ports `ports` on the GPU `settings` describe.
    pub fn new(ports: CuPorts, settings: CuSettings) -> Self {
        let simds = settings.simds as usize;
        let pipeline = Pipeline::new(&settings.pipeline, simds);
        let vector_answers = settings
            .pipeline
            .vector_answers_in_order
            .then(InOrderAnswers::default);
        let vector_in_flight = RequestWindow::new(settings.pipeline.vector_requests_in_flight);
        ComputeUnit {
            ports,
            simds,
            settings,
            workgroups: SlotTable::default(),
            waves: ResidentWaves::default(),
            ops: SlotTable::default(),
            sent: SlotTable::default(),
            timed: BTreeMap::new(),
            outbox: Default::default(),
            delayed: Default::default(),
            vector_answers,
            vector_in_flight,
            answers: VecDeque::new(),
            pipeline,
            last_simd: 0,
            last_issue: None,
            stalled: false,
            cpi: CpiStack::default(),
            wake: None,
            round_robin: vec![0; simds],
            quiet_until: vec![0; simds],
            fetch_from: 0,
            may_fetch: WaveSet::default(),
            satisfied: Vec::new(),
            candidates: Vec::new(),
            in_order: Vec::new(),
            translations: TlbEntries::default(),
            accesses: Vec::new(),
            lines: Vec::new(),
            simd_tally: vec![(0, 0); simds],
            texture: TexturePath::default(),
        }
    }

    /// Takes the work-groups the dispatcher mapped and sets up their wavefronts; whether
    /// there were any.
    fn accept(&mut self, ctx: &mut Context<'_, Message>) -> bool {
        let mut any = false;
        while let Some(msg) = ctx.retrieve(self.ports.dispatch) {
            any = true;
            let Message::MapWorkGroup(workgroup) = msg else {
                panic!("a compute unit received {msg:?} from the dispatcher");
            };
            let workgroup = *workgroup;
            let task = ctx.start_task(workgroup.index, "work-group");
            self.translations = TlbEntries::default();
            let packet = workgroup.kernel.dispatch_packet_address;
            let Some(resources) = self.settings.dispatches.resources(packet) else {
                let error = ExecutionError {
                    workgroup: workgroup.id,
                    wavefront: None,
                    pc: None,
                    message: "no code registered for this dispatch".into(),
                };
                self.answer(ctx, workgroup, task, Err(Box::new(error)));
                continue;
            };
            let s = &self.settings;
            let setups: Vec<_> =
                wavefront_setups(&workgroup, &resources, s.simds, s.slots_per_simd).collect();
            let code = resources.code.clone();
            let vgprs = code
                .program
                .vgprs_used()
                .max(code.descriptor.compute_pgm_rsrc1.allocated_vgprs() as usize)
                .min(256);
            let program = &code.program;
            let code_end = program
                .steps()
                .last()
                .map_or(program.base(), |s| s.pc + u64::from(s.inst.size));
            let lds = vec![0u8; workgroup.lds_bytes as usize];
            let key = self.workgroups.insert(ResidentWorkGroup {
                workgroup,
                task,
                code: code.clone(),
                fetch_offset: resources.fetch_offset,
                budget: resources.budget.clone(),
                lds,
                waves: Vec::with_capacity(setups.len()),
                counts: InstructionCounts::default(),
            });
            let placed = self.workgroups[key].workgroup.wavefronts();
            let mut waves = Vec::with_capacity(setups.len());
            for (setup, placed) in setups.iter().zip(placed) {
                let mut state = Wavefront::new(vgprs);
                initialize(&mut state, &code.descriptor, setup, code.entry_pc);
                let wave_key = self.waves.insert(WaveSlot::new(
                    state,
                    (key, setup.wave_index),
                    placed.simd,
                    (program.clone(), code_end),
                    self.settings.pipeline.instruction_buffer_lines as usize,
                    ctx.now(),
                ));
                waves.push(wave_key);
                self.may_fetch.insert(wave_key);
            }
            self.workgroups.get_mut(key).expect("inserted above").waves = waves;
        }
        any
    }

    /// Answers the dispatcher for `workgroup` (the hooks' `task`).
    fn answer(
        &mut self,
        ctx: &mut Context<'_, Message>,
        workgroup: WorkGroup,
        task: Task,
        result: Result<(), Box<ExecutionError>>,
    ) {
        ctx.end_task(task, "work-group");
        self.answers
            .push_back(Message::WorkGroupDone(WorkGroupDone {
                workgroup: Box::new(workgroup),
                result,
            }));
    }

    /// Removes work-group `key` and its wavefronts and answers for it.
    fn retire(
        &mut self,
        ctx: &mut Context<'_, Message>,
        key: usize,
        result: Result<(), Box<ExecutionError>>,
    ) {
        let Some(wg) = self.workgroups.remove(key) else {
            return;
        };
        for wave in &wg.waves {
            self.waves.remove(*wave);
        }
        let packet = wg.workgroup.kernel.dispatch_packet_address;
        self.settings.dispatches.add_counts(packet, &wg.counts);
        ctx.notify(&Observation::Count {
            what: "wavefront_instructions",
            amount: wg.counts.total(),
        });
        for (simd, tally) in self.simd_tally.iter_mut().enumerate().take(SIMD_BUSY.len()) {
            let (instructions, busy) = std::mem::take(tally);
            if instructions > 0 {
                ctx.notify(&Observation::Count {
                    what: SIMD_INSTRUCTIONS[simd],
                    amount: instructions,
                });
                ctx.notify(&Observation::Count {
                    what: SIMD_BUSY[simd],
                    amount: busy,
                });
            }
        }
        for (what, amount) in self.texture.take() {
            if amount > 0 {
                ctx.notify(&Observation::Count { what, amount });
            }
        }
        let cycle = ctx.clock().cycle_at(ctx.now());
        for (what, amount) in self.cpi.take(cycle, self.waves.is_empty()) {
            ctx.notify(&Observation::Count { what, amount });
        }
        self.answer(ctx, wg.workgroup, wg.task, result);
    }

    /// What the wavefront closest to issuing waits for at `now` (see [`cpi`]), from
    /// every wavefront's view.
    fn waiting_for(&self, now: Time) -> IssueState {
        self.waves
            .views()
            .map(|w| w.waiting_for(now))
            .min()
            .unwrap_or(IssueState::Empty)
    }

    /// Retires work-group `key` if all its wavefronts ended and nothing is outstanding.
    fn retire_if_done(&mut self, ctx: &mut Context<'_, Message>, key: usize) {
        let Some(wg) = self.workgroups.get(key) else {
            return;
        };
        let done = wg.waves.iter().all(|w| {
            self.waves.get(*w).is_some_and(|w| {
                w.state.status == WaveStatus::Ended
                    && w.vm_outstanding == 0
                    && w.lgkm_outstanding == 0
            })
        });
        if done {
            self.retire(ctx, key, Ok(()));
        }
    }

    /// Fails the work-group of wavefront `wave` with `kind` at its PC.
    fn fault(&mut self, ctx: &mut Context<'_, Message>, wave: usize, kind: FaultKind) {
        let Some(w) = self.waves.get(wave) else {
            return;
        };
        let key = w.workgroup;
        let wg = &self.workgroups[key];
        let fault = Fault {
            kernel: wg.code.name.clone(),
            workgroup: wg.workgroup.id,
            wavefront: w.index,
            pc: w.state.pc,
            instruction: wg
                .code
                .program
                .instruction(w.state.pc)
                .map(|i| i.to_string())
                .unwrap_or_default(),
            kind,
        };
        let error = ExecutionError {
            workgroup: fault.workgroup,
            wavefront: Some(fault.wavefront),
            pc: Some(fault.pc),
            message: fault.to_string(),
        };
        self.retire(ctx, key, Err(Box::new(error)));
    }

    /// Fails the work-group of wavefront `wave` because the memory system refused
    /// something the functional model accepted.
    fn memory_error(&mut self, ctx: &mut Context<'_, Message>, wave: usize, message: String) {
        let Some(w) = self.waves.get(wave) else {
            return;
        };
        let key = w.workgroup;
        let error = ExecutionError {
            workgroup: self.workgroups[key].workgroup.id,
            wavefront: Some(w.index),
            pc: Some(w.state.pc),
            message: format!("timing model: {message}"),
        };
        self.retire(ctx, key, Err(Box::new(error)));
    }

    /// Takes the memory system's answers as of cycle `now`.
    fn receive(&mut self, ctx: &mut Context<'_, Message>, now: u64) {
        for port in [self.ports.vector, self.ports.scalar, self.ports.instruction] {
            while let Some(msg) = ctx.retrieve(port) {
                let Message::Memory(MemoryMessage::Response(response)) = msg else {
                    panic!("a compute unit received {msg:?} from memory");
                };
                match &mut self.vector_answers {
                    Some(order) if port == self.ports.vector => order.arrived(response),
                    _ => {
                        if port == self.ports.vector {
                            self.vector_in_flight.answered();
                        }
                        self.answered(ctx, response, now);
                    }
                }
            }
        }
        while let Some((response, cycle)) = self.vector_answers.as_mut().and_then(|o| o.take(now)) {
            self.vector_in_flight.answered();
            self.answered(ctx, response, cycle);
        }
    }

    /// Takes `response` in cycle `cycle` (the cycle before the current one or, for an
    /// answer that waits its turn, later): what it completes, the arbiter sees from the
    /// cycle after.
    fn answered(&mut self, ctx: &mut Context<'_, Message>, response: MemResponse, cycle: u64) {
        // Answers for a work-group that already failed find nothing.
        match self.sent.remove(response.id as usize) {
            Some(Sent::Fetch { wave, line }) => match response.result {
                Ok(_) => {
                    if let Some(mut w) = self.waves.get_mut(wave) {
                        w.fill(line);
                    }
                    self.note_wanted_line(wave);
                }
                Err(e) => self.fetch_failed(ctx, wave, line, e.to_string()),
            },
            Some(Sent::Op(op)) => {
                if let Err(e) = response.result {
                    if let Some(wave) = self.ops.remove(op).map(|o| o.wave) {
                        self.memory_error(ctx, wave, e.to_string());
                    }
                    return;
                }
                let finished = self.ops.get_mut(op).and_then(|o| {
                    o.remaining -= 1;
                    (o.remaining == 0).then_some(o.texture)
                });
                let clock = ctx.clock();
                match finished {
                    Some(Some(cost)) => {
                        let done = self.texture.deliver(cycle, cost);
                        self.timed.insert((clock.cycles(done), op), ());
                    }
                    Some(None) if clock.cycles(cycle + 1) <= ctx.now() => self.complete(ctx, op),
                    // Taken later: it completes the cycle after, when the arbiter sees it.
                    Some(None) => {
                        self.timed.insert((clock.cycles(cycle + 1), op), ());
                    }
                    None => {}
                }
            }
            None => {}
        }
    }

    /// Adds wavefront `wave` to those that may want a line fetched if its view says it
    /// wants one.
    fn note_wanted_line(&mut self, wave: usize) {
        if self.waves.view(wave).is_some_and(|v| v.wanted.is_some()) {
            self.may_fetch.insert(wave);
        }
    }

    /// The fetch of `line` for wavefront `wave` failed: an error if the wavefront needs
    /// the line, and forgotten if it was only prefetched.
    fn fetch_failed(&mut self, ctx: &mut Context<'_, Message>, wave: usize, line: u64, e: String) {
        let Some(mut w) = self.waves.get_mut(wave) else {
            return;
        };
        w.fetching = None;
        let needed = w.needed_lines().contains(&line);
        drop(w);
        self.may_fetch.insert(wave);
        if needed {
            self.memory_error(ctx, wave, e);
        }
    }

    /// Memory instruction `op` completed: its wavefront's counters drop.
    fn complete(&mut self, ctx: &mut Context<'_, Message>, op: usize) {
        let Some(op) = self.ops.remove(op) else {
            return;
        };
        let Some(mut w) = self.waves.get_mut(op.wave) else {
            return;
        };
        w.vm_outstanding -= u32::from(op.vm);
        w.lgkm_outstanding -= u32::from(op.lgkm);
        let (key, ended) = (w.workgroup, w.state.status == WaveStatus::Ended);
        drop(w);
        if ended {
            self.retire_if_done(ctx, key);
        }
    }

    /// Completes the memory instructions whose time has come; whether there were any.
    fn complete_timed(&mut self, ctx: &mut Context<'_, Message>) -> bool {
        let mut any = false;
        while let Some(entry) = self.timed.first_entry() {
            if entry.key().0 > ctx.now() {
                break;
            }
            let (_, op) = entry.remove_entry().0;
            self.complete(ctx, op);
            any = true;
        }
        any
    }

    /// Sends the request `request` makes of its id through `path` at time `at` (not
    /// before the current time), for `what`.
    fn send(&mut self, path: Path, at: Time, what: Sent, request: impl FnOnce(u64) -> MemRequest) {
        let id = self.sent.insert(what) as u64;
        if let (Path::Vector, Some(order)) = (path, &mut self.vector_answers) {
            order.sent(id);
        }
        let message = Message::Memory(MemoryMessage::Request(request(id)));
        self.delayed[path as usize].push_back((at, message));
    }

    /// The fetch arbiter: one instruction fetch per cycle, for the first wavefront (in
    /// round-robin order) that misses a line it needs, or else one prefetching its next
    /// line.
    fn fetch(&mut self, now: Time) {
        let mut prefetch = None;
        let mut demand = None;
        let mut satisfied = std::mem::take(&mut self.satisfied);
        let order = self.may_fetch.from(self.fetch_from);
        for key in order {
            let Some(w) = self.waves.view(key) else {
                satisfied.push(key);
                continue;
            };
            if w.fetch_not_before > now {
                continue;
            }
            match w.wanted {
                Some((line, true)) => {
                    demand = Some((key, line));
                    break;
                }
                Some((line, false)) if prefetch.is_none() => prefetch = Some((key, line)),
                Some(_) => {}
                None => satisfied.push(key),
            }
        }
        for key in satisfied.drain(..) {
            self.may_fetch.remove(key);
        }
        self.satisfied = satisfied;
        if let Some((wave, line)) = demand.or(prefetch) {
            self.fetch_from = wave + 1;
            let offset = self
                .waves
                .get(wave)
                .and_then(|w| self.workgroups.get(w.workgroup))
                .map_or(0, |wg| wg.fetch_offset);
            let address = (line * LINE_BYTES).wrapping_add(offset) / LINE_BYTES * LINE_BYTES;
            if let Some(mut w) = self.waves.get_mut(wave) {
                w.fetching = Some(line);
            }
            self.send(Path::Instruction, now, Sent::Fetch { wave, line }, |id| {
                MemRequest::read(id, address, LINE_BYTES as u32)
            });
        }
    }

    /// The SIMDs the issue arbiter may choose from in cycle `cycle`, in the order it
    /// tries them: MGPUSim's sticky arbiter starts at the SIMD that issued last and takes
    /// the first with a ready wavefront; GCN3's gives the cycle to one SIMD.
    fn simd_order(&self, cycle: u64) -> (usize, usize) {
        let simds = self.simds;
        match self.pipeline.arbiter() {
            IssueArbiter::Sticky => (self.last_simd, simds),
            IssueArbiter::RoundRobin => ((cycle % simds as u64) as usize, 1),
        }
    }

    /// The issue arbiter for the current cycle (see the module documentation): whether it
    /// issued anything or else what the wavefront closest to issuing waits for.
    fn issue(&mut self, ctx: &mut Context<'_, Message>) -> IssueState {
        let mut issued = false;
        // Whether a wavefront was found ready now, and whether one failed.
        let (mut seen_ready, mut faulted) = (false, false);
        let now = ctx.now();
        let clock = ctx.clock();
        let cycle = clock.cycle_at(now);
        let (first, tries) = self.simd_order(cycle);
        let simds = self.simds;
        let mut candidates = std::mem::take(&mut self.candidates);
        for simd in (0..tries).map(|i| (first + i) % simds) {
            candidates.clear();
            let list = self.waves.on_simd(simd);
            let n = list.len();
            if n == 0 {
                continue;
            }
            // Sticky: arrival order, as MGPUSim's wavefront pool; round robin: the SIMD's
            // wavefronts take turns.
            let start = match self.pipeline.arbiter() {
                IssueArbiter::Sticky => 0,
                IssueArbiter::RoundRobin => {
                    let start = self.round_robin[simd] % n;
                    self.round_robin[simd] = (start + 1) % n;
                    start
                }
            };
            if self.waves.take_changed(simd) {
                self.quiet_until[simd] = 0;
            }
            if now < self.quiet_until[simd] {
                continue;
            }
            let list = self.waves.on_simd(simd);
            candidates.extend_from_slice(&list[start..]);
            candidates.extend_from_slice(&list[..start]);
            let mut used = [false; Unit::COUNT];
            let mut any_ready = false;
            let mut quiet_until = Time::MAX;
            // Whether a wavefront executed or failed since the candidates were copied:
            // then when the rest are ready is looked up again.
            let mut stale = false;
            for (i, &(key, ready)) in candidates.iter().enumerate() {
                let ready = if stale {
                    // Where it is unless a wavefront left during this scan.
                    let at = if start + i < n {
                        start + i
                    } else {
                        start + i - n
                    };
                    match self.waves.ready_on_simd(simd, key, at) {
                        Some(ready) => ready,
                        None => continue,
                    }
                } else {
                    ready
                };
                let Some((ready, unit)) = ready else {
                    continue;
                };
                if ready > now {
                    quiet_until = quiet_until.min(ready);
                    continue;
                }
                any_ready = true;
                // A unit the list names is its next instruction's: whether that unit is
                // taken this cycle or busy is known without reading the wavefront's slot.
                if let Some(u) = unit {
                    if used[u.index()] {
                        continue;
                    }
                    used[u.index()] = true;
                    if self.pipeline.accepts_from(u, simd) > cycle {
                        continue;
                    }
                }
                let w = &self.waves[key];
                let Some(timing) = w.next_timing() else {
                    let kind = w.program.at(w.state.pc).err();
                    self.fault(ctx, key, kind.expect("no timing: it does not decode"));
                    (faulted, stale) = (true, true);
                    continue;
                };
                if unit.is_none() {
                    // An `s_waitcnt` without its immediate: it goes to its unit whatever
                    // is busy, once that unit is not taken this cycle.
                    let slot = timing.unit.index();
                    if used[slot] {
                        continue;
                    }
                    used[slot] = true;
                }
                let occupancy = if timing.quarter_rate {
                    self.settings.pipeline.quarter_rate_valu_cycles.into()
                } else {
                    timing.occupancy
                };
                // Stores and atomics change memory other compute units use: they
                // execute in the step's in-order phase, compute unit after compute unit,
                // while loads run in parallel and see memory as the earlier steps left
                // it (DRAM controllers write in order too), so a race between compute
                // units ends the same way at any thread count. The instructions issued
                // after one in the same cycle wait with it: the compute unit executes
                // its own instructions in issue order.
                if timing.writes_memory || !self.in_order.is_empty() {
                    self.in_order.push((key, occupancy));
                } else {
                    self.execute(ctx, key, occupancy);
                    stale = true;
                }
                issued = true;
            }
            if any_ready {
                self.last_simd = simd;
                seen_ready = true;
                break;
            }
            self.quiet_until[simd] = quiet_until;
        }
        self.candidates = candidates;
        if issued {
            return IssueState::Issued;
        }
        if faulted || self.pipeline.arbiter() != IssueArbiter::Sticky {
            return self.waiting_for(now);
        }
        // The sticky arbiter tried every SIMD: each it passed over has no wavefront ready
        // before its `quiet_until`, which lies after now.
        if seen_ready {
            IssueState::Arbiter
        } else if self.waves.any_ready() {
            IssueState::Unit
        } else {
            self.waves.closest_blocked()
        }
    }

    /// Executes wavefront `key`'s next instruction functionally and times it through the
    /// pipeline (a VALU instruction keeps its SIMD `occupancy` cycles).
    fn execute(&mut self, ctx: &mut Context<'_, Message>, key: usize, occupancy: u64) {
        let now = ctx.now();
        let clock = ctx.clock();
        let limit = self.settings.limits.max_instructions_per_wavefront;
        let memory = match self.settings.driver.gpu(self.settings.gpu) {
            Ok(m) => m,
            Err(e) => return self.memory_error(ctx, key, e.to_string()),
        };
        // Its view is worked out again when `w` is dropped, once it has changed.
        let mut w = self.waves.get_mut(key).expect("an issued wavefront");
        if w.state.executed >= limit {
            drop(w);
            return self.fault(ctx, key, FaultKind::InstructionLimit(limit));
        }
        let simd = w.simd as usize;
        let wg = self
            .workgroups
            .get_mut(w.workgroup)
            .expect("its work-group");
        let executed = w.state.executed;
        if let Err(kind) = wg.budget.spend(executed, executed + 1) {
            drop(w);
            return self.fault(ctx, key, kind);
        }
        self.accesses.clear();
        let mut env = Env {
            tlb: Tlb::recording(memory, &mut self.translations, &mut self.accesses),
            lds: &mut wg.lds,
        };
        let slot = &mut *w;
        let (info, image) = match slot.program.execute(&mut slot.state, &mut env) {
            // What an image instruction asks of the texture path, and for how many lanes.
            Ok(step) => (
                step.inst.info,
                (step.inst.info.category == Category::Image).then(|| {
                    let lanes = slot.state.exec().count_ones();
                    (texture_op(&step.inst, &slot.state), lanes)
                }),
            ),
            Err(kind) => {
                drop(w);
                return self.fault(ctx, key, kind);
            }
        };
        w.pc_moved();
        wg.counts.count(info.category);
        let wg_key = w.workgroup;
        let op_timing = OpTiming::of(info);
        let (vm, lgkm) = op_timing.counters;
        let category = info.category;
        let mut lines = std::mem::take(&mut self.lines);
        lines.clear();
        if (vm || lgkm) && category != Category::Lds {
            coalesce(
                &self.accesses,
                LINE_BYTES,
                op_timing.wide_atomic,
                &mut lines,
            );
        }
        let issued = self.pipeline.issue(
            op_timing.timing.unit,
            simd,
            clock.cycle_at(now),
            occupancy,
            category == Category::ScalarMemory,
            lines.len(),
        );
        w.ready_at = clock.cycles(issued.ready);
        let mut first_request = issued.first_request;
        let texture = image.map(|(op, lanes)| {
            let cost = TextureCost::of(op, lanes, &self.settings.pipeline);
            let addressed = self.texture.address(issued.executed, cost);
            first_request = addressed + first_request - issued.executed;
            cost
        });
        if op_timing.timing.unit == Unit::Simd {
            let tally = &mut self.simd_tally[simd];
            tally.0 += 1;
            tally.1 += occupancy;
        }
        if category == Category::Branch && self.settings.pipeline.branch_flushes_instruction_buffer
        {
            let ready_at = w.ready_at;
            w.flush_buffer(ready_at);
        }
        w.vm_outstanding += u32::from(vm);
        w.lgkm_outstanding += u32::from(lgkm);
        drop(w);
        self.note_wanted_line(key);
        if vm || lgkm {
            let kind = op_timing.kind;
            let path = if category == Category::ScalarMemory {
                Path::Scalar
            } else {
                Path::Vector
            };
            let op = self.ops.insert(MemoryOp {
                wave: key,
                remaining: lines.len(),
                vm,
                lgkm,
                texture,
            });
            if lines.is_empty() {
                // LDS (or a flat access that reached it), or no lane active.
                let done = if category == Category::Lds || info.format == Format::Flat {
                    clock.cycles(issued.lds_done)
                } else {
                    now + clock.period()
                };
                self.timed.insert((done, op), ());
            }
            for (k, line) in lines.drain(..).enumerate() {
                let at = clock.cycles(first_request + k as u64);
                match kind {
                    MemoryKind::Store => {
                        let mut data = vec![0u8; line.bytes as usize];
                        let memory = self.settings.driver.gpu(self.settings.gpu);
                        let memory = memory.expect("looked up before the instruction executed");
                        if let Err(e) = memory.read(line.address, &mut data) {
                            return self.memory_error(ctx, key, e.to_string());
                        }
                        self.send(path, at, Sent::Op(op), |id| {
                            MemRequest::write(id, line.address, data)
                        });
                    }
                    MemoryKind::Load | MemoryKind::Atomic => {
                        self.send(path, at, Sent::Op(op), |id| {
                            MemRequest::read(id, line.address, line.bytes)
                        });
                    }
                }
            }
        }
        self.lines = lines;
        let status = self.waves[key].state.status;
        match status {
            WaveStatus::AtBarrier => self.release_barrier(wg_key, now + ctx.clock().period()),
            WaveStatus::Ended => self.retire_if_done(ctx, wg_key),
            // A fault retired the work-group already.
            WaveStatus::Running | WaveStatus::Faulted => {}
        }
    }

    /// Lets the wavefronts of work-group `key` past their barrier at `at` once every one
    /// that has not ended has arrived.
    fn release_barrier(&mut self, key: usize, at: Time) {
        let wg = &self.workgroups[key];
        let all = wg.waves.iter().all(|w| {
            matches!(
                self.waves[*w].state.status,
                WaveStatus::AtBarrier | WaveStatus::Ended
            )
        });
        if !all {
            return;
        }
        for w in &wg.waves {
            let mut w = self.waves.get_mut(*w).expect("resident");
            if w.state.status == WaveStatus::AtBarrier {
                w.state.status = WaveStatus::Running;
                w.ready_at = at;
            }
        }
    }

    /// The next time something can happen without a message arriving.
    fn next_event(&self, now: Time, clock: crate::engine::Clock) -> Option<Time> {
        let simds = self.simds as u64;
        let soonest = clock.next_edge(now + 1);
        if !self.stalled && !self.waves.is_empty() {
            // Something issued (or arrived): the arbiter decides again next cycle.
            return Some(soonest);
        }
        // Timed completions are taken when the arbiter next decides, so one due now (an
        // answer taken in this cycle after the decision) is taken next cycle.
        let mut next = self.timed.keys().next().map(|&(t, _)| t.max(soonest));
        fn earliest(next: &mut Option<Time>, t: Time) {
            *next = Some(next.map_or(t, |n| n.min(t)));
        }
        for (path, queue) in self.delayed.iter().enumerate() {
            // A full window opens only when an answer arrives, which wakes the unit.
            if path == Path::Vector as usize && self.vector_in_flight.is_full() {
                continue;
            }
            if let Some(&(t, _)) = queue.front() {
                earliest(&mut next, t.max(soonest));
            }
        }
        for k in self.may_fetch.iter() {
            if let Some(w) = self.waves.view(k).filter(|w| w.wanted.is_some()) {
                earliest(&mut next, w.fetch_not_before.max(soonest));
            }
        }
        let sticky = self.pipeline.arbiter() == IssueArbiter::Sticky;
        for simd in 0..simds {
            let quiet_until = self.quiet_until[simd as usize];
            if sticky && quiet_until > now && !self.waves.changed(simd as usize) {
                // No wavefront of the SIMD is ready before `quiet_until`, and one is then
                // (see `issue`): the sticky arbiter decides again then.
                if quiet_until != Time::MAX {
                    let cycle = clock.cycle_at(clock.next_edge(quiet_until));
                    earliest(&mut next, clock.cycles(cycle));
                }
                continue;
            }
            self.next_issue_on(simd, now, clock, &mut next);
        }
        next
    }

    /// Lowers `next` to the next time the issue arbiter could issue from SIMD `simd`
    /// (of `simds`), or decide otherwise, as far as its wavefronts are concerned.
    fn next_issue_on(
        &self,
        simd: u64,
        now: Time,
        clock: crate::engine::Clock,
        next: &mut Option<Time>,
    ) {
        let simds = self.simds as u64;
        let soonest = clock.next_edge(now + 1);
        for &(_, ready) in self.waves.on_simd(simd as usize) {
            if *next == Some(soonest) {
                break;
            }
            let Some((ready, unit)) = ready else {
                continue;
            };
            let accepts = unit.map_or(0, |u| self.pipeline.accepts_from(u, simd as usize));
            let issuable = ready.max(clock.cycles(accepts));
            let t = match self.pipeline.arbiter() {
                // The sticky arbiter's choice of SIMD changes when a wavefront becomes
                // ready, even if its decoder is busy.
                IssueArbiter::Sticky if ready > now => ready,
                _ if issuable > now => issuable,
                // Held back by the sticky arbiter: it decides again when a time above
                // comes. (Round robin: held back until its SIMD's turn, below.)
                IssueArbiter::Sticky if self.stalled => continue,
                _ => issuable,
            };
            let mut cycle = clock.cycle_at(clock.next_edge(t.max(now + 1)));
            if self.pipeline.arbiter() == IssueArbiter::RoundRobin {
                // The first cycle at or after t (and after now) that is this SIMD's turn.
                cycle += (simd + simds - cycle % simds) % simds;
            }
            let t = clock.cycles(cycle);
            *next = Some(next.map_or(t, |n| n.min(t)));
        }
    }

    /// Sends what is due and the ports accept: answers to the dispatcher, and the
    /// requests the units have let go, path by path (vector memory requests as the
    /// window of requests in flight lets them, in order).
    fn flush_outboxes(&mut self, ctx: &mut Context<'_, Message>) {
        let now = ctx.now();
        // Most runs have nothing to send.
        let due = |delayed: &VecDeque<(Time, Message)>| delayed.front().is_some_and(|m| m.0 <= now);
        if self.answers.is_empty()
            && self.outbox.iter().all(VecDeque::is_empty)
            && !self.delayed.iter().any(due)
        {
            return;
        }
        let cycle = ctx.clock().cycle_at(now);
        if !self.answers.is_empty() {
            ctx.send_queued(self.ports.dispatch, &mut self.answers);
        }
        let ports = [self.ports.vector, self.ports.scalar, self.ports.instruction];
        for (path, ((port, queue), delayed)) in ports
            .into_iter()
            .zip(&mut self.outbox)
            .zip(&mut self.delayed)
            .enumerate()
        {
            while let Some(&(t, _)) = delayed.front() {
                if t > now || (path == Path::Vector as usize && !self.vector_in_flight.leave(cycle))
                {
                    break;
                }
                if let Some((_, msg)) = delayed.pop_front() {
                    queue.push_back(msg);
                }
            }
            if !queue.is_empty() {
                ctx.send_queued(port, queue);
            }
        }
    }
}

impl Component<Message> for ComputeUnit {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, Message>) {
        self.handle_step(&[wake], ctx);
    }

    /// Once per step: a run takes every answer and work-group waiting, issues at most
    /// once per cycle and sets the next timer, whatever woke it, so a second run in the
    /// same step would find nothing to do; only the timer a wake-up brings must be seen.
    fn handle_step(&mut self, wakes: &[Wake], ctx: &mut Context<'_, Message>) {
        let now = ctx.now();
        for &wake in wakes {
            match wake {
                Wake::InOrder => {
                    for (key, occupancy) in std::mem::take(&mut self.in_order) {
                        // A memory error reported since the issue may have ended it.
                        if self.waves.get(key).is_some() {
                            self.execute(ctx, key, occupancy);
                        }
                    }
                }
                Wake::Timer(_) if self.wake == Some(now) => self.wake = None,
                _ => {}
            }
        }
        // Once per cycle, first: the memory answers that arrived in the cycle before
        // (they arrive at cycle edges, see `deliver_at_edges` where the compute unit is
        // linked), taken as of that cycle, as if the unit had taken them after its issue
        // then; then the arbiter, which so sees what arrived in earlier cycles (as in
        // MGPUSim, whose compute unit takes its inputs after its pipeline has run, in
        // its next tick), so the order of this cycle's wake-ups does not matter.
        if self.last_issue != Some(now) {
            self.last_issue = Some(now);
            let cycle = ctx.clock().cycle_at(now);
            self.receive(ctx, cycle.saturating_sub(1));
            self.complete_timed(ctx);
            self.fetch(now);
            let state = self.issue(ctx);
            self.stalled = state != IssueState::Issued;
            self.cpi.record(ctx.clock().cycle_at(now), state);
        }
        // A work-group that arrived after the arbiter decided: it decides again next
        // cycle.
        if self.accept(ctx) {
            self.stalled = false;
        }
        if !self.in_order.is_empty() {
            // What leaves and when it next runs depend on the instructions still to
            // execute.
            ctx.run_in_order();
            return;
        }
        self.flush_outboxes(ctx);
        if let Some(t) = self.next_event(now, ctx.clock()) {
            if self.wake.is_none_or(|w| t < w) {
                ctx.wake_at(t, 0);
                self.wake = Some(t);
            }
        }
    }
}

/// What image instruction `inst`, just executed by wavefront `w`, asks of the texture
/// path: samples through a linear-filtering sampler (its S# in `w`'s SGPRs) are
/// filtered, stores only addressed, the rest return texels.
fn texture_op(inst: &crate::isa::Instruction, w: &Wavefront) -> TextureOp {
    use crate::isa::{Extra, Operand};
    let m = inst.info.mnemonic;
    if m.starts_with("image_store") {
        return TextureOp::Store;
    }
    let sampler = match inst.src[2] {
        Operand::Scalar { code, .. }
            if m.starts_with("image_sample") || m.starts_with("image_gather") =>
        {
            let c = code as usize;
            crate::image::SamplerResource::from_words(std::array::from_fn(|i| {
                w.sgprs[(c + i) & 127]
            }))
            .ok()
        }
        _ => None,
    };
    match (sampler, inst.extra) {
        (Some(s), Extra::Image { dmask, .. }) if s.linear => TextureOp::Filtered {
            components: dmask.count_ones(),
        },
        _ => TextureOp::Texels,
    }
}
