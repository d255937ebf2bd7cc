//! The shared timeline of discrete GPUs in timing mode (`platform.discrete_timeline =
//! "shared"`): every GPU's compute units and memory hierarchy on one engine of the
//! platform, with one IOMMU shared by all GPUs and the links between them and to the
//! host, so that kernels on different GPUs contend for the IOMMU, and moves between GPUs
//! and transfers to and from the host for the links.
//!
//! Queue threads do not simulate: each hands the timeline a job ("start kernel K on GPU g
//! at START", "copy these buffers over the links from START") and waits for its outcome.
//! Whichever waiting thread finds no other driving the engine drives it, and it may only
//! advance the engine below a *horizon*: a time before which no job can still arrive.
//!
//! Why the results do not depend on how the host threads interleave. Every thread that
//! can hand the timeline a job is a *source*, with a lower bound on the START of any job
//! it may yet hand over:
//!
//! - a host thread of the program that is not blocked in an OpenCL wait: the host's
//!   simulated clock (a command it enqueues has its SUBMIT there: the thread moves the
//!   clock to it before the command's queue and its dispatch reach the timeline, so the
//!   bound must not count the driver's overhead again; every job of the command starts
//!   at its SUBMIT or later, and the upload of a memory object the thread creates from
//!   host memory later still: see [`Timeline::run_for_host`]);
//! - a command queue's thread with commands still to run that is not blocked: the bound
//!   it last declared (the END of its previous command, or the SUBMIT of its next one, or
//!   the END of the event it waited for), all at most the START of its next job;
//! - a host thread blocked on an event, a queue thread blocked on an event or in the
//!   engine, an idle queue thread: no bound. They can only act again once an event
//!   completes, and whoever completes it declares them active, with a bound of at least
//!   the event's END, before the completer itself goes on (see
//!   [`Timeline::wake`]); an event the engine ends completes at the engine's time, when
//!   the engine is stopped there. A host thread waiting for its own upload has no bound
//!   either; when the upload ends (the engine stopped at its END) the thread counts
//!   again with its clock where it was, at most its START, until it moves it on (to the
//!   END: it hands over nothing before).
//!
//! Moves and transfers run on the links ([`SharedLinks`]) with the engine's events, in
//! time order (at one time: jobs, then the links, then messages handed over, then the
//! engine), so a copy ends, like a kernel, at an event below the horizon, and the copies
//! that overlap it in simulated time share the links with it line by line whatever order
//! their threads came in. The host driver's messages, a kernel's dispatch (a job the host
//! thread posts at the command's SUBMIT while it enqueues it, see
//! [`Timeline::post_dispatch`]), the request to flush a GPU's L2 after a kernel and the
//! answer, cross the same links as messages of their own bytes (one each, taking their
//! turn between the lines of the transfers there), handed over to the GPU's command
//! processor or DMA engine, or back to the host, on the next edge of the GPUs' clock
//! after they arrive.
//!
//! The horizon is the least bound. Jobs whose START is below it are all known, and the
//! engine runs them and its own events in time order (a job before the engine's events
//! of the same time; jobs of one time by GPU, then queue), stopping at the horizon and
//! after any event that ends a job, so that the job's owner becomes a source before the
//! engine goes on. What the engine does below the horizon is thus fixed by the jobs, not
//! by when threads reached the timeline, at any `GCNSIM_THREADS`.
//!
//! A unified device of several GPUs in timing mode has a timeline of the links alone
//! ([`Timeline::of_host_links`]): its jobs are the device's host transfers (copies) and
//! its kernels ([`Job::Unified`]), with the same sources, horizon and order, so
//! overlapping transfers share the links line by line whatever order their threads came
//! in. It has no engine of its own: a kernel's job hands it the device's engine, which
//! runs with the links' events in time order while the kernel runs (its time mapped to
//! the platform's by the kernel's START), and comes back in the outcome; the L2
//! write-back after the kernel runs in the device's own time, outside the timeline, as
//! it always has. The device's fabric and these links are coupled (see
//! [`LinkCoupling`] and [`Timeline::couple`]), so the kernel's traffic between the GPUs
//! and the transfers that overlap it share the links they both cross. A copy starts at
//! its START or when the links are, if later (as above). What the links and the kernel
//! do thus depends only on the jobs. (Which START a command of one of the device's
//! queues gets may depend on the order the queues' threads reach the device, as with two
//! queues on one GPU below: all queues of a unified device are on its one device.)
//!
//! Limits: a program whose threads wait for one another outside OpenCL could hold the
//! horizon still forever (a thread that polls an unfinished command's status counts as
//! blocked on it until its next poll, enqueue, wait or user event: see the ICD's
//! `Event::status_polled_by_host`). When the horizon has not moved for [`FALLBACK`] of
//! wall time while jobs wait, the timeline says so once on stderr and runs the engine
//! past it: that run's times may then depend on the host threads' timing. A command whose
//! START lies behind the engine's time (possible only then, when two queues share a GPU,
//! when a thread other than the program's enqueues, or when a program enqueues between
//! polls of an unfinished command) starts at the engine's time (a move or transfer at the
//! links' time if that is later).

use super::launch::DISPATCH_BYTES;
use super::timing::platform_engine;
use crate::config::PlatformConfig;
use crate::driver::Driver;
use crate::emu::{DispatchTable, RunLimits};
use crate::engine::{Clock, EngineLoad, PortRef, Time, PS_PER_NS};
use crate::gpu::{Gpu, KernelLaunch, KernelRun, LaunchError, Message};
use crate::timing::{
    link_bytes, EndedTransfer, FabricTraffic, LinkCoupling, MemRequest, MemoryMessage, Metric,
    MetricsCollector, Node, SharedLinks, Topology,
};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// Wall time the horizon may stand still while jobs wait before the engine runs past it.
pub const FALLBACK: Duration = Duration::from_secs(10);

/// A job a queue hands the timeline.
pub(super) enum Job {
    /// Run a kernel on the GPU, then write its L2 back and empty its caches.
    Kernel(KernelLaunch),
    /// Copies over the links, one after another (between GPUs, or between a GPU and
    /// the host).
    Copies(Vec<Copy>),
    /// Send a kernel's dispatch from the host to the GPU over the links.
    Dispatch,
    /// Run a kernel on a unified device's engine, handed over with it (on the timeline
    /// of its host links: see [`Timeline::couple`]); the engine comes back in the
    /// outcome, its L2 not written back.
    Unified(Box<Gpu>, KernelLaunch),
}

/// One copy on the links: transfers `(from, to, pieces)` (the bytes of each piece of
/// memory, in order: see [`SharedLinks::start_pieces`]) that start together; the copy
/// ends when the last has (a unified device's host transfer carries each GPU's pages
/// between the host and that GPU at once).
pub(super) type Copy = Vec<(Node, Node, Vec<u64>)>;

/// What a job came to.
pub(super) enum Outcome {
    /// A kernel: its run (ending when its L2 flush ended), the flush's failure if any, and
    /// the metrics of its GPU's components (and of the shared IOMMU, since the previous
    /// kernel of any GPU ended).
    Kernel {
        run: Result<KernelRun, LaunchError>,
        flush: Result<(), String>,
        metrics: Vec<Metric>,
        /// The engine's work while the kernel ran (all GPUs'; for the summary line).
        engine: EngineLoad,
        /// What the host's messages to and from the GPU that arrived by the kernel's end
        /// (its dispatch and flush, the flush's answer; the next kernel's dispatch if it
        /// came first) put on the links: each one's start (ns) and traffic (busy periods
        /// from that start).
        messages: Vec<(u64, FabricTraffic)>,
    },
    /// Copies: each one's nanoseconds and what the links carried for it (busy periods
    /// from its start).
    Copies(Vec<(u64, FabricTraffic)>),
    /// A dispatch: when (ns) the command processor has it.
    Dispatched(u64),
    /// A unified device's kernel: its engine and its run.
    Unified(Box<Gpu>, Result<KernelRun, LaunchError>),
}

/// Where a job waits: its START (ps), GPU, queue and, for a dispatch, 1 + its ticket (0
/// for other jobs: a queue's job of one START comes before its dispatches of that time,
/// and a queue's dispatches, posted by one host thread in order, come in that order).
type Key = (Time, usize, u64, u64);

/// The queue number of the jobs a host thread of the program hands the timeline itself
/// (the upload of a memory object created from host memory).
const HOST: u64 = u64::MAX;

/// A job that has ended: its ticket, queue, when (ns) and what it came to.
type Ended = (u64, u64, u64, Outcome);

/// What a command queue's thread may still do (see the module documentation).
#[derive(Debug, Default)]
struct QueueSource {
    /// Commands enqueued and not yet finished.
    pending: usize,
    /// Blocked on an event, on a lock or in the engine.
    blocked: bool,
    /// A lower bound on the START of its next job (ns).
    bound_ns: u64,
}

/// The sources, the jobs waiting and the outcomes not yet collected.
#[derive(Default)]
struct Gate {
    host_threads: usize,
    host_blocked: usize,
    queues: BTreeMap<u64, QueueSource>,
    agenda: BTreeMap<Key, (u64, Job)>,
    outcomes: HashMap<u64, Outcome>,
    /// Dispatches a queue's thread waits for: ticket → queue.
    awaiting: HashMap<u64, u64>,
    next_ticket: u64,
    driving: bool,
    /// Run the engine past the horizon once (see [`FALLBACK`]).
    forced: bool,
    /// Counts every change, so that a driver sleeps only while nothing changed.
    generation: u64,
}

/// The shared timeline: its sources and its engine.
pub struct Timeline {
    gate: Mutex<Gate>,
    changed: Condvar,
    engine: Mutex<SharedEngine>,
    host_clock: OnceLock<fn() -> u64>,
    warned: AtomicBool,
    /// See [`carries_host_driver`](Self::carries_host_driver).
    carries_host_driver: bool,
}

impl Timeline {
    /// The GPUs of `platform` on one engine; GPU `g` runs the dispatches of `tables[g]`.
    pub(super) fn new(
        platform: &PlatformConfig,
        driver: Arc<Driver>,
        tables: &[Arc<DispatchTable>],
        limits: RunLimits,
        pool: Option<Arc<rayon::ThreadPool>>,
    ) -> Timeline {
        let (gpu, memory, metrics) =
            platform_engine(platform, driver, |g| tables[g].clone(), limits, pool);
        Timeline::with_engine(platform, Some((gpu, memory.host.clone())), metrics)
    }

    /// The links of `platform`'s fabric alone, for the host transfers of a unified
    /// device of its GPUs (whose kernels run on the device's own engine): jobs are
    /// copies only, and the host driver's messages do not cross these links.
    pub(super) fn of_host_links(platform: &PlatformConfig) -> Timeline {
        Timeline::with_engine(platform, None, MetricsCollector::new())
    }

    /// A timeline of `platform`'s links and, if given, the GPUs' engine with the host's
    /// ports to their DMA engines and their metrics hooks.
    fn with_engine(
        platform: &PlatformConfig,
        gpu: Option<(Gpu, Vec<PortRef>)>,
        metrics: MetricsCollector,
    ) -> Timeline {
        let gpus = platform.gpu_count;
        let (gpu, flush_ports) = gpu.unzip();
        Timeline {
            carries_host_driver: gpu.is_some(),
            gate: Mutex::default(),
            changed: Condvar::new(),
            engine: Mutex::new(SharedEngine {
                gpu,
                flush_ports: flush_ports.unwrap_or_default(),
                metrics,
                links: SharedLinks::new(
                    gpus,
                    &Topology::of_platform(platform),
                    platform.gpu.l1v.line_bytes.into(),
                ),
                copy_jobs: BTreeMap::new(),
                copying: BTreeMap::new(),
                messages: BTreeMap::new(),
                message_traffic: vec![Vec::new(); gpus],
                handoffs: BTreeMap::new(),
                clock: Clock::from_mhz(platform.gpu.clock_mhz),
                running: (0..gpus).map(|_| None).collect(),
                held: (0..gpus).map(|_| VecDeque::new()).collect(),
                next_flush: 0,
                coupling: None,
                unified: None,
            }),
            host_clock: OnceLock::new(),
            warned: AtomicBool::new(false),
        }
    }

    /// Whether the host driver's work is on the timeline: its messages to the GPUs (a
    /// kernel's dispatch) cross the links, and it hands over the uploads of memory
    /// objects created from host memory (`platform.driver_submit_ns`). Not on a unified
    /// device's timeline of host transfers ([`of_host_links`](Self::of_host_links)),
    /// whose dispatches and uploads are timed as with an engine per device.
    pub fn carries_host_driver(&self) -> bool {
        self.carries_host_driver
    }

    /// Shares the links with the kernels of the unified device whose fabric is coupled
    /// by `coupling` (its kernels then run on this timeline: [`Job::Unified`]).
    pub(super) fn couple(&self, coupling: LinkCoupling) {
        let mut engine = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        engine.links.couple(coupling.clone());
        engine.coupling = Some(coupling);
    }

    fn lock(&self) -> MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Applies `change` to the sources and wakes the driver.
    fn change(&self, change: impl FnOnce(&mut Gate)) {
        let mut gate = self.lock();
        change(&mut gate);
        gate.generation += 1;
        self.changed.notify_all();
    }

    /// Where the host program's simulated clock (ns) is read from.
    pub fn set_host_clock(&self, now_ns: fn() -> u64) {
        let _ = self.host_clock.set(now_ns);
    }

    /// A host thread of the program may enqueue commands from now on.
    pub fn host_thread_started(&self) {
        self.change(|g| g.host_threads += 1);
    }

    /// A host thread has ended.
    pub fn host_thread_ended(&self) {
        self.change(|g| g.host_threads = g.host_threads.saturating_sub(1));
    }

    /// A host thread blocks on an event that has not completed.
    pub fn host_blocks(&self) {
        self.change(|g| g.host_blocked += 1);
    }

    /// The host's clock has moved on (to the end of a job of its own, see
    /// [`run_for_host`](Self::run_for_host)).
    pub fn host_clock_moved(&self) {
        self.change(|_| {});
    }

    /// An event ended at `end_ns`: `hosts` host threads and the threads of `queues` that
    /// were blocked on it can act again (the host's clock is at least `end_ns` already).
    /// Called by whoever completes the event, before it goes on.
    pub fn wake(&self, hosts: usize, queues: &[u64], end_ns: u64) {
        self.change(|g| {
            g.host_blocked = g.host_blocked.saturating_sub(hosts);
            for q in queues {
                let source = g.queues.entry(*q).or_default();
                source.blocked = false;
                source.bound_ns = end_ns;
            }
        });
    }

    /// The host enqueued a command on `queue`, submitted at `submit_ns`.
    pub fn queue_enqueued(&self, queue: u64, submit_ns: u64) {
        self.change(|g| {
            let source = g.queues.entry(queue).or_default();
            if source.pending == 0 {
                source.bound_ns = submit_ns;
            }
            source.pending += 1;
        });
    }

    /// The thread of `queue` blocks (on an event or a lock).
    pub fn queue_blocks(&self, queue: u64) {
        self.change(|g| g.queues.entry(queue).or_default().blocked = true);
    }

    /// The thread of `queue` goes on, its next job starting at `bound_ns` or later.
    pub fn queue_resumes(&self, queue: u64, bound_ns: u64) {
        self.change(|g| {
            let source = g.queues.entry(queue).or_default();
            source.blocked = false;
            source.bound_ns = bound_ns;
        });
    }

    /// The thread of `queue` finished a command; its GPU is free from `now_ns`.
    pub fn queue_done(&self, queue: u64, now_ns: u64) {
        self.change(|g| {
            let source = g.queues.entry(queue).or_default();
            source.pending = source.pending.saturating_sub(1);
            source.blocked = false;
            source.bound_ns = now_ns;
        });
    }

    /// The least bound of the sources (ns; `u64::MAX`: none).
    fn horizon_ns(&self, gate: &Gate) -> u64 {
        let mut horizon = u64::MAX;
        if gate.host_threads > gate.host_blocked {
            horizon = self.host_clock.get().map_or(0, |now| now());
        }
        for source in gate.queues.values() {
            if source.pending > 0 && !source.blocked {
                horizon = horizon.min(source.bound_ns);
            }
        }
        horizon
    }

    /// Hands the timeline `job` of `queue` for GPU `gpu`, starting at `start_ns`, and
    /// waits for its outcome (driving the engine while no other thread does).
    pub(super) fn run(&self, queue: u64, gpu: usize, start_ns: u64, job: Job) -> Outcome {
        self.hand_over(queue, gpu, start_ns, job)
    }

    /// Hands the timeline `job` of the calling host thread of the program for GPU `gpu`,
    /// starting at `start_ns` (at least the host's clock plus the host driver's overhead:
    /// no earlier than the horizon), and waits for its outcome. The thread counts as
    /// blocked until the job ends; then it is a source again, its clock still where it
    /// was (a lower bound) until it moves its clock to the job's end.
    pub(super) fn run_for_host(&self, gpu: usize, start_ns: u64, job: Job) -> Outcome {
        self.hand_over(HOST, gpu, start_ns, job)
    }

    /// The host driver sends the dispatch of a kernel of `queue` to GPU `gpu` at
    /// `submit_ns` (its SUBMIT, no earlier than the horizon: called while the host thread
    /// enqueues it); returns its ticket for [`dispatched`](Self::dispatched). The host
    /// thread does not wait.
    pub fn post_dispatch(&self, queue: u64, gpu: usize, submit_ns: u64) -> u64 {
        let mut gate = self.lock();
        let ticket = gate.next_ticket;
        gate.next_ticket += 1;
        let key = (submit_ns * PS_PER_NS, gpu, queue, ticket + 1);
        gate.agenda.insert(key, (ticket, Job::Dispatch));
        gate.generation += 1;
        self.changed.notify_all();
        ticket
    }

    /// Waits (as the thread of `queue`) until the dispatch `ticket` of
    /// [`post_dispatch`](Self::post_dispatch) has reached the GPU's command processor;
    /// returns when (ns). The thread counts as blocked meanwhile; when the dispatch
    /// arrives it counts again, bounded by that time.
    pub fn dispatched(&self, queue: u64, ticket: u64) -> u64 {
        let gate = {
            let mut gate = self.lock();
            if let Some(Outcome::Dispatched(at_ns)) = gate.outcomes.remove(&ticket) {
                return at_ns;
            }
            gate.awaiting.insert(ticket, queue);
            gate.queues.entry(queue).or_default().blocked = true;
            gate.generation += 1;
            self.changed.notify_all();
            gate
        };
        match self.outcome_of(ticket, gate) {
            Outcome::Dispatched(at_ns) => at_ns,
            _ => unreachable!("a dispatch comes to a dispatch's outcome"),
        }
    }

    /// [`run`](Self::run) for queue `queue`, or [`run_for_host`](Self::run_for_host) if
    /// `queue` is [`HOST`].
    fn hand_over(&self, queue: u64, gpu: usize, start_ns: u64, job: Job) -> Outcome {
        let ticket = {
            let mut gate = self.lock();
            let ticket = gate.next_ticket;
            gate.next_ticket += 1;
            gate.agenda
                .insert((start_ns * PS_PER_NS, gpu, queue, 0), (ticket, job));
            if queue == HOST {
                gate.host_blocked += 1;
            } else {
                gate.queues.entry(queue).or_default().blocked = true;
            }
            gate.generation += 1;
            self.changed.notify_all();
            ticket
        };
        self.outcome_of(ticket, self.lock())
    }

    /// Waits for the outcome of job `ticket`, driving the engine while no other thread
    /// does (`gate` locked).
    fn outcome_of<'a>(&'a self, ticket: u64, mut gate: MutexGuard<'a, Gate>) -> Outcome {
        loop {
            if let Some(outcome) = gate.outcomes.remove(&ticket) {
                return outcome;
            }
            if gate.driving {
                gate = self.changed.wait(gate).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            let horizon = if std::mem::take(&mut gate.forced) {
                Time::MAX
            } else {
                self.horizon_ns(&gate).saturating_mul(PS_PER_NS)
            };
            let mut due = gate.agenda.split_off(&(horizon, 0, 0, 0));
            std::mem::swap(&mut due, &mut gate.agenda);
            gate.driving = true;
            let generation = gate.generation;
            drop(gate);
            let ended = {
                let mut engine = self.engine.lock().unwrap_or_else(|e| e.into_inner());
                engine.advance(&mut due, horizon)
            };
            gate = self.lock();
            gate.driving = false;
            gate.agenda.append(&mut due);
            let progressed = !ended.is_empty();
            for (ticket, queue, at_ns, outcome) in ended {
                if let Outcome::Dispatched(_) = outcome {
                    // The queue's thread counts again only if it waits for the dispatch.
                    if let Some(queue) = gate.awaiting.remove(&ticket) {
                        let source = gate.queues.entry(queue).or_default();
                        source.blocked = false;
                        source.bound_ns = at_ns;
                    }
                } else if queue == HOST {
                    gate.host_blocked = gate.host_blocked.saturating_sub(1);
                } else {
                    let source = gate.queues.entry(queue).or_default();
                    source.blocked = false;
                    source.bound_ns = at_ns;
                }
                gate.outcomes.insert(ticket, outcome);
            }
            gate.generation += 1;
            self.changed.notify_all();
            if progressed || gate.generation != generation + 1 {
                continue;
            }
            let (next, waited) = self
                .changed
                .wait_timeout(gate, FALLBACK)
                .unwrap_or_else(|e| e.into_inner());
            gate = next;
            if waited.timed_out() && gate.generation == generation + 1 {
                if !self.warned.swap(true, Ordering::Relaxed) {
                    eprintln!(
                        "gcnsim: the shared timeline waited {} s for the program's threads; \
                         it runs on without them, so this run's times may vary",
                        FALLBACK.as_secs()
                    );
                }
                gate.forced = true;
            }
        }
    }
}

/// The engine of the shared timeline and the jobs it is running.
struct SharedEngine {
    /// The GPUs (none on a unified device's timeline of host transfers).
    gpu: Option<Gpu>,
    /// Per GPU, the host's port to its DMA engine (over the fabric's path between the
    /// two), for the flush after each kernel.
    flush_ports: Vec<PortRef>,
    metrics: MetricsCollector,
    /// The fabric's links, carrying the copies and the host's messages to the GPUs (not
    /// the GPUs' messages to each other: see [`crate::timing::Fabric`]).
    links: SharedLinks,
    /// The copy jobs on the links, by ticket.
    copy_jobs: BTreeMap<u64, CopyJob>,
    /// The tickets of the copy jobs of the transfers on the links, by the transfers'
    /// numbers.
    copying: BTreeMap<u64, u64>,
    /// The host's messages on the links, by their number: the GPU, what it comes to and
    /// when it started.
    messages: BTreeMap<u64, (usize, Handoff, Time)>,
    /// Per GPU, what its messages that have arrived put on the links (start, traffic),
    /// until its running kernel ends.
    message_traffic: Vec<Vec<(Time, FabricTraffic)>>,
    /// The messages that have arrived, by when they are handed over and their number:
    /// the GPU and what they come to.
    handoffs: BTreeMap<(Time, u64), (usize, Handoff)>,
    /// The GPUs' clock, on whose edges arriving messages are handed over.
    clock: Clock,
    /// Per GPU, its running kernel.
    running: Vec<Option<Running>>,
    /// Per GPU, kernels whose START came while it was busy, in order.
    held: Vec<VecDeque<(u64, u64, KernelLaunch)>>,
    next_flush: u64,
    /// The links shared with a unified device's kernels (see [`Timeline::couple`]).
    coupling: Option<LinkCoupling>,
    /// A unified device's kernel running (one at a time: its queue's thread holds the
    /// device meanwhile).
    unified: Option<UnifiedRun>,
}

/// A unified device's kernel on the timeline, on the device's engine: engine time `e`
/// is the platform's `start + (e - engine_start)` (the kernel is submitted at its START;
/// its command processor takes it a cycle later, from when its profiling times count,
/// so its traffic lies up to a cycle later on the platform's time than they say).
struct UnifiedRun {
    gpu: Box<Gpu>,
    ticket: u64,
    queue: u64,
    shares: Vec<(usize, u64)>,
    start: Time,
    engine_start: Time,
}

impl UnifiedRun {
    /// The platform time of the engine's next event.
    fn next_event(&self) -> Option<Time> {
        let next = self.gpu.engine().next_event_time()?;
        Some(next + self.start - self.engine_start)
    }
}

/// A job of copies on the links: one copy on them, the others waiting their turn.
struct CopyJob {
    ticket: u64,
    queue: u64,
    /// When the copy on the links started (or the next one starts).
    start: Time,
    /// The copy on the links: its transfers still on them, when the last one that ended
    /// did and what they put on the links.
    on_links: usize,
    end: Time,
    traffic: FabricTraffic,
    /// The copies still to start, in order.
    rest: VecDeque<Copy>,
    /// The copies that have ended: their nanoseconds and what they put on the links.
    done: Vec<(u64, FabricTraffic)>,
}

/// What a message between the host and a GPU does when it has arrived.
enum Handoff {
    /// A kernel's dispatch (job `ticket` of `queue`), reaching the command processor.
    Dispatch { ticket: u64, queue: u64 },
    /// The request to flush the GPU's L2, handed to its DMA engine.
    Flush(MemoryMessage),
    /// The flush's answer, ending the GPU's kernel.
    Flushed(Result<(), String>),
}

/// A kernel on a GPU of the shared engine.
struct Running {
    ticket: u64,
    queue: u64,
    launch: u64,
    /// Once the command processor has answered: its run (the flush follows).
    run: Option<Result<KernelRun, LaunchError>>,
    /// The engine's work when the kernel started.
    load_before: EngineLoad,
}

impl SharedEngine {
    /// Runs the jobs `due` (all below `horizon`) and the engine's events below `horizon`
    /// in time order, until the horizon or until jobs end; returns the jobs that ended
    /// (`due` keeps the jobs not started).
    fn advance(&mut self, due: &mut BTreeMap<Key, (u64, Job)>, horizon: Time) -> Vec<Ended> {
        let mut ended = Vec::new();
        while ended.is_empty() {
            let next_job = due.keys().next().map(|k| k.0);
            let on_links = self.links.next_event();
            let handing = self.handoffs.keys().next().map(|k| k.0);
            let in_engine = self.gpu.as_ref().and_then(|g| g.engine().next_event_time());
            let unified = self.unified.as_ref().and_then(UnifiedRun::next_event);
            let next_event = [in_engine, on_links, handing, unified]
                .into_iter()
                .flatten()
                .min();
            match (next_job, next_event) {
                (Some(at), event) if event.is_none_or(|e| at <= e) => {
                    let Some(((_, gpu, queue, _), (ticket, job))) = due.pop_first() else {
                        break;
                    };
                    self.advance_engine(at);
                    match job {
                        Job::Kernel(launch) => self.start_kernel(gpu, ticket, queue, launch),
                        Job::Unified(model, launch) => {
                            self.start_unified(at, (ticket, queue), model, launch, &mut ended);
                        }
                        Job::Dispatch => {
                            let pair = (Node::Host, Node::Gpu(gpu));
                            let handoff = Handoff::Dispatch { ticket, queue };
                            self.send(gpu, pair, DISPATCH_BYTES, handoff);
                        }
                        Job::Copies(copies) => {
                            // (Later than `at` only if the engine or the links have passed
                            // it: see the module documentation.)
                            let start = at.max(self.engine_now()).max(self.links.now());
                            let job = CopyJob {
                                ticket,
                                queue,
                                start,
                                on_links: 0,
                                end: start,
                                traffic: FabricTraffic::default(),
                                rest: copies.into(),
                                done: Vec::new(),
                            };
                            self.next_copy(job, &mut ended);
                        }
                    }
                }
                (_, Some(event)) if event < horizon && on_links == Some(event) => {
                    match self.links.step() {
                        Some(arrived) if self.messages.contains_key(&arrived.0) => {
                            self.message_arrived(arrived);
                        }
                        Some(copy) => self.copy_ended(copy, &mut ended),
                        None => {}
                    }
                }
                (_, Some(event)) if event < horizon && handing == Some(event) => {
                    self.hand_over(&mut ended);
                }
                (_, Some(event)) if event < horizon && unified == Some(event) => {
                    self.step_unified(&mut ended);
                }
                (_, Some(event)) if event < horizon => {
                    if let Some(gpu) = self.gpu.as_mut() {
                        gpu.engine_mut().step();
                    }
                    self.collect(&mut ended);
                }
                (_, Some(_)) => break,
                // No job and no event left (a job with no event is taken above): any
                // kernel still running has stalled.
                (Some(_), None) | (None, None) => {
                    self.fail_stalled(&mut ended);
                    break;
                }
            }
        }
        ended
    }

    /// The engine's time (0 without GPUs).
    fn engine_now(&self) -> Time {
        self.gpu.as_ref().map_or(0, Gpu::now)
    }

    /// Moves the engine's time on to `at` (without GPUs, nothing to move).
    fn advance_engine(&mut self, at: Time) {
        if let Some(gpu) = self.gpu.as_mut() {
            gpu.engine_mut().advance_to(at);
        }
    }

    /// Starts `launch` on GPU `gpu` now, or holds it until the GPU is free.
    fn start_kernel(&mut self, gpu: usize, ticket: u64, queue: u64, launch: KernelLaunch) {
        let Some(model) = self.gpu.as_mut() else {
            return;
        };
        if self.running[gpu].is_some() {
            self.held[gpu].push_back((ticket, queue, launch));
            return;
        }
        let load_before = model.engine().load();
        let launch = model.submit_to(gpu, launch);
        self.running[gpu] = Some(Running {
            ticket,
            queue,
            launch,
            run: None,
            load_before,
        });
    }

    /// Starts a unified device's kernel `launch` on its engine `model` at `at` (job
    /// `ticket` of `queue`), its engine's time then being the platform's `at`.
    fn start_unified(
        &mut self,
        at: Time,
        (ticket, queue): (u64, u64),
        mut model: Box<Gpu>,
        launch: KernelLaunch,
        ended: &mut Vec<Ended>,
    ) {
        if self.unified.is_some() {
            // (Not possible: the kernel's queue holds the device while it runs.)
            let at_ns = at / PS_PER_NS;
            ended.push((
                ticket,
                queue,
                at_ns,
                Outcome::Unified(model, Err(LaunchError::Stalled)),
            ));
            return;
        }
        let engine_start = model.now();
        if let Some(coupling) = &self.coupling {
            coupling.kernel_started(at, engine_start);
        }
        let shares = model.submit(launch);
        self.unified = Some(UnifiedRun {
            gpu: model,
            ticket,
            queue,
            shares,
            start: at,
            engine_start,
        });
        self.end_unified_if_answered(ended);
    }

    /// Runs the unified device's engine one step; ends its kernel once every GPU has
    /// answered.
    fn step_unified(&mut self, ended: &mut Vec<Ended>) {
        if let Some(run) = self.unified.as_mut() {
            run.gpu.engine_mut().step();
        }
        self.end_unified_if_answered(ended);
    }

    /// Ends the unified device's kernel if every GPU has answered. The outcome's time is
    /// the kernel's START, a lower bound of its END (which the queue's thread declares
    /// once it has written the L2 back, in the device's own time).
    fn end_unified_if_answered(&mut self, ended: &mut Vec<Ended>) {
        let answered = (self.unified.as_ref()).is_some_and(|run| run.gpu.answered_all(&run.shares));
        if answered {
            self.end_unified(None, ended);
        }
    }

    /// Ends the unified device's kernel with its answers, or with `failure`.
    fn end_unified(&mut self, failure: Option<LaunchError>, ended: &mut Vec<Ended>) {
        let Some(mut run) = self.unified.take() else {
            return;
        };
        if let Some(coupling) = &self.coupling {
            coupling.kernel_ended();
        }
        let result = match failure {
            Some(error) => Err(error),
            None => run.gpu.answer(&run.shares),
        };
        let at_ns = run.start / PS_PER_NS;
        ended.push((
            run.ticket,
            run.queue,
            at_ns,
            Outcome::Unified(run.gpu, result),
        ));
    }

    /// Puts the next copy of `job` on the links at `job.start` (its transfers all
    /// then), or ends the job then if none is left.
    fn next_copy(&mut self, mut job: CopyJob, ended: &mut Vec<Ended>) {
        while let Some(copy) = job.rest.pop_front() {
            if copy.is_empty() {
                job.done.push((0, FabricTraffic::default()));
                continue;
            }
            job.on_links = copy.len();
            job.end = job.start;
            for (from, to, pieces) in copy {
                let transfer = self.links.start_pieces((from, to), &pieces, job.start);
                self.copying.insert(transfer, job.ticket);
            }
            self.copy_jobs.insert(job.ticket, job);
            return;
        }
        let at_ns = job.start / PS_PER_NS;
        ended.push((job.ticket, job.queue, at_ns, Outcome::Copies(job.done)));
    }

    /// Transfer `transfer` on the links has ended: when it was its copy's last, the
    /// job's next copy starts on the next nanosecond (the copy's time is counted in
    /// whole nanoseconds).
    fn copy_ended(&mut self, (transfer, end, traffic): EndedTransfer, ended: &mut Vec<Ended>) {
        let Some(ticket) = self.copying.remove(&transfer) else {
            return;
        };
        let Some(job) = self.copy_jobs.get_mut(&ticket) else {
            return;
        };
        job.on_links -= 1;
        job.end = job.end.max(end);
        job.traffic.add(traffic);
        if job.on_links > 0 {
            return;
        }
        let Some(mut job) = self.copy_jobs.remove(&ticket) else {
            return;
        };
        let ns = (job.end - job.start).div_ceil(PS_PER_NS);
        job.start += ns * PS_PER_NS;
        job.done.push((ns, std::mem::take(&mut job.traffic)));
        self.next_copy(job, ended);
    }

    /// Message `number` arrived at `end`: it is handed over on the next clock edge, and
    /// what it put on the links goes with its GPU's kernel.
    fn message_arrived(&mut self, (number, end, traffic): EndedTransfer) {
        if let Some((gpu, handoff, start)) = self.messages.remove(&number) {
            self.message_traffic[gpu].push((start, traffic));
            self.handoffs
                .insert((self.clock.next_edge(end), number), (gpu, handoff));
        }
    }

    /// Hands the first message that has arrived over, now: a dispatch to its GPU's
    /// command processor (ending its job), a flush to the GPU's DMA engine, or its answer
    /// to the host (ending the GPU's kernel).
    fn hand_over(&mut self, ended: &mut Vec<Ended>) {
        let Some(((at, _), (gpu, handoff))) = self.handoffs.pop_first() else {
            return;
        };
        self.advance_engine(at);
        match handoff {
            Handoff::Dispatch { ticket, queue } => {
                let at_ns = at.div_ceil(PS_PER_NS);
                ended.push((ticket, queue, at_ns, Outcome::Dispatched(at_ns)));
            }
            Handoff::Flush(request) => {
                let port = self.flush_ports[gpu];
                let sent = (self.gpu.as_mut()).map(|g| g.engine_mut().send(port, request.into()));
                if !matches!(sent, Some(Ok(_))) {
                    self.end_kernel(gpu, Err("the DMA engine's port is full".into()), ended);
                }
            }
            Handoff::Flushed(flush) => self.end_kernel(gpu, flush, ended),
        }
    }

    /// Sends `handoff`, a message of `bytes` from `from` to `to` for GPU `gpu`, over the
    /// links now (or when the links are, if later: see the module documentation).
    fn send(&mut self, gpu: usize, (from, to): (Node, Node), bytes: u64, handoff: Handoff) {
        let start = self.engine_now().max(self.links.now());
        let number = self.links.send((from, to), bytes, start);
        self.messages.insert(number, (gpu, handoff, start));
    }

    /// Moves the running kernels on: a kernel the command processor has answered sends
    /// the host's request to flush its GPU's L2 over the links; a flush's answer goes back
    /// over them (the kernel ends when it has arrived, and its GPU takes the next kernel
    /// held for it).
    fn collect(&mut self, ended: &mut Vec<Ended>) {
        for gpu in 0..self.running.len() {
            let (launch, flushing) = match &self.running[gpu] {
                None => continue,
                Some(running) => (running.launch, running.run.is_some()),
            };
            let port = self.flush_ports[gpu];
            let Some(model) = self.gpu.as_mut() else {
                return;
            };
            if flushing {
                if model.engine().waiting(port) == 0 {
                    continue;
                }
                let answer = model.engine_mut().retrieve(port);
                let bytes = match &answer {
                    Some(Message::Memory(message)) => link_bytes(message),
                    _ => 0,
                };
                let flush = match answer {
                    Some(Message::Memory(MemoryMessage::Response(r))) => r
                        .result
                        .map(|_| ())
                        .map_err(|e| format!("the L2 flush failed: {e}")),
                    other => Err(format!("the L2 flush was answered with {other:?}")),
                };
                let pair = (Node::Gpu(gpu), Node::Host);
                self.send(gpu, pair, bytes, Handoff::Flushed(flush));
                continue;
            }
            if !model.answered(gpu) {
                continue;
            }
            let run = model.answer_of(gpu, launch);
            let flushes = matches!(run, Ok(_) | Err(LaunchError::Execution(_)));
            if let Some(running) = self.running[gpu].as_mut() {
                running.run = Some(run);
            }
            if !flushes {
                self.end_kernel(gpu, Ok(()), ended);
                continue;
            }
            self.next_flush += 1;
            let flush = MemoryMessage::Request(MemRequest::flush(self.next_flush));
            let bytes = link_bytes(&flush);
            self.send(
                gpu,
                (Node::Host, Node::Gpu(gpu)),
                bytes,
                Handoff::Flush(flush),
            );
        }
    }

    /// Ends GPU `gpu`'s kernel now (its run ends with the flush) and starts the next one
    /// held for the GPU.
    fn end_kernel(&mut self, gpu: usize, flush: Result<(), String>, ended: &mut Vec<Ended>) {
        let (Some(running), Some(model)) = (self.running[gpu].take(), self.gpu.as_mut()) else {
            return;
        };
        let now = model.now();
        let run = match running.run {
            Some(Ok(run)) => Ok(KernelRun { end: now, ..run }),
            Some(other) => other,
            None => Err(LaunchError::Stalled),
        };
        model.engine_mut().flush_hooks();
        let engine = model.engine().load() - running.load_before;
        let metrics = self
            .metrics
            .take_metrics_where(|location| belongs_to(location, gpu));
        let outcome = Outcome::Kernel {
            run,
            flush,
            metrics,
            engine,
            messages: std::mem::take(&mut self.message_traffic[gpu])
                .into_iter()
                .map(|(start, traffic)| (start / PS_PER_NS, traffic))
                .collect(),
        };
        ended.push((running.ticket, running.queue, now / PS_PER_NS, outcome));
        if let Some((ticket, queue, launch)) = self.held[gpu].pop_front() {
            self.start_kernel(gpu, ticket, queue, launch);
        }
    }

    /// The engine ran out of events with kernels running: they stalled.
    fn fail_stalled(&mut self, ended: &mut Vec<Ended>) {
        if self.unified.is_some() {
            self.end_unified(Some(LaunchError::Stalled), ended);
        }
        for gpu in 0..self.running.len() {
            if let Some(running) = self.running[gpu].as_mut() {
                running.run = Some(Err(LaunchError::Stalled));
                self.end_kernel(gpu, Ok(()), ended);
            }
        }
    }
}

/// Whether the component named `location` counts for a kernel of GPU `gpu`: its own
/// components (`gpuN.…`) and those all GPUs share (the IOMMU).
fn belongs_to(location: &str, gpu: usize) -> bool {
    let owner = location
        .strip_prefix("gpu")
        .and_then(|rest| rest.split('.').next())
        .and_then(|n| n.parse::<usize>().ok());
    match owner {
        Some(n) => n == gpu,
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::belongs_to;

    #[test]
    fn a_gpus_kernel_counts_its_components_and_the_shared_ones() {
        assert!(belongs_to("gpu1.l2.bank0", 1));
        assert!(!belongs_to("gpu1.l2.bank0", 0));
        assert!(!belongs_to("gpu10.xbar", 1));
        assert!(belongs_to("iommu", 3));
    }
}
