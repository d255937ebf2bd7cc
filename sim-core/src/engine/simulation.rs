//! The engine: components, their ports and links, the event queue, and the schedulers
//! that run them (serial, or parallel over simultaneous events with identical results).

use super::crew::{Crew, MOST_ITEMS};
use super::event::{Event, EventKey, EventKind, EventQueue, EventSink, ReturnedCredit};
use super::hook::Hook;
use super::lanes::{lane_of, Batch, Lane, Lanes};
use super::port::{Delay, Link, PortInfo, PortState};
use super::{Clock, Component, ComponentId, Context, EngineLoad, Port, PortRef, Time, Wake};

/// The fewest components with events in a step for it to be shared with the crew;
/// below, publishing the step costs more than the helper saves. Measured on 2 cores
/// (timing mode, FIR 1,048,576 samples, sum of the 4 kernels' wall times, 5.85 s on one
/// thread): at 2 threads 4.28 s with 2, 4.20 s with 8 and 4.37 s with 32 (with a rayon
/// fork and join per step, 4.84 s at 32, its best).
const PARALLEL_STEP_COMPONENTS: usize = 8;
use std::sync::Arc;
use std::time::Instant;

/// A discrete-event simulation of components exchanging messages of type `M`.
///
/// Build it by adding components ([`add_component`](Self::add_component)), their ports
/// ([`add_port`](Self::add_port)), links between ports ([`connect`](Self::connect)) and
/// the components' behaviour ([`install`](Self::install)); then run it. Events are
/// handled in the order of (time, delta, creating component, creation count), so a
/// simulation is reproducible, and with a thread pool
/// ([`set_thread_pool`](Self::set_thread_pool)) simultaneous events of different
/// components run in parallel with exactly the results of the serial order.
pub struct Engine<M> {
    slots: Vec<Slot<M>>,
    /// The pending events, in one queue per thread.
    lanes: Lanes<M>,
    now: Time,
    delta: u32,
    load: EngineLoad,
    /// The helpers that run a step's components with this thread (none: serially).
    crew: Option<Crew>,
    /// How a step's components are split between the crew's threads.
    sharing: Sharing,
    /// The events of the step being handled (reused space).
    batch: Batch<M>,
    /// Reused space for a parallel step's events grouped by component.
    deliveries: Deliveries,
    /// The components with events in the step being handled, in order.
    touched: Vec<ComponentId>,
    /// The credits returned by the components run serially in the step being handled.
    credits: Vec<ReturnedCredit>,
    /// Per component (a bit each, by index): whether it has events in the step being
    /// gathered; this orders `touched` without sorting it.
    marks: Vec<u64>,
}

/// A component with everything it owns.
struct Slot<M> {
    name: String,
    clock: Clock,
    component: Option<Box<dyn Component<M>>>,
    ports: Vec<PortState<M>>,
    /// Its ports' names and capacities, by port index.
    port_info: Vec<PortInfo>,
    hooks: Vec<Box<dyn Hook<M>>>,
    /// Whether a hook wants to see every message sent and retrieved.
    message_hooks: bool,
    /// Whether a hook wants to see tasks start.
    start_hooks: bool,
    /// Events this component has created so far (its part of the event order).
    seq: u64,
    /// The wake-ups of its events in the step being handled, with their keys' creating
    /// component and creation count, in the order the events were delivered.
    arrivals: Vec<(u32, u64, Wake)>,
    /// Its distinct wake-ups in the step being handled, in the order of the events that
    /// brought them (reused space).
    wakes: Vec<Wake>,
    /// Whether it asked to run in order at the end of the step being handled.
    in_order: bool,
}

impl<M: Send> Default for Engine<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Send> Engine<M> {
    /// An empty engine at time 0, running serially.
    pub fn new() -> Self {
        Engine {
            slots: Vec::new(),
            lanes: Lanes::new(),
            now: 0,
            delta: 0,
            load: EngineLoad::default(),
            crew: None,
            sharing: Sharing::Interleaved,
            batch: Batch::default(),
            deliveries: Deliveries::default(),
            touched: Vec::new(),
            credits: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Runs simultaneous events of different components on `pool` (`None`: serially).
    /// Results are the same either way.
    pub fn set_thread_pool(&mut self, pool: Option<Arc<rayon::ThreadPool>>) {
        self.crew = pool
            .filter(|pool| pool.current_num_threads() > 1)
            .map(Crew::new);
        if let Some(crew) = &self.crew {
            self.lanes.grow(crew.threads());
        }
    }

    /// Splits each parallel step's components between the threads as `sharing` says
    /// (default [`Sharing::Interleaved`]). Results are the same either way.
    pub fn set_sharing(&mut self, sharing: Sharing) {
        self.sharing = sharing;
    }

    /// Adds a component named `name` ticking with `clock`; its behaviour is given later
    /// with [`install`](Self::install), once its ports exist.
    pub fn add_component(&mut self, name: impl Into<String>, clock: Clock) -> ComponentId {
        let id = ComponentId(u32::try_from(self.slots.len()).expect("fewer than 2^32 components"));
        self.slots.push(Slot {
            name: name.into(),
            clock,
            component: None,
            ports: Vec::new(),
            port_info: Vec::new(),
            hooks: Vec::new(),
            message_hooks: false,
            start_hooks: false,
            seq: 0,
            arrivals: Vec::new(),
            wakes: Vec::new(),
            in_order: false,
        });
        id
    }

    /// Adds a port to `owner` whose incoming buffer holds `capacity` messages.
    ///
    /// # Panics
    /// If `capacity` is 0.
    pub fn add_port(&mut self, owner: ComponentId, name: &str, capacity: usize) -> PortRef {
        assert!(capacity > 0, "port `{name}` needs room for a message");
        let slot = &mut self.slots[owner.index()];
        let port = Port(u32::try_from(slot.ports.len()).expect("fewer than 2^32 ports"));
        slot.ports.push(PortState::new(capacity));
        slot.port_info.push(PortInfo {
            name: format!("{}.{name}", slot.name),
            capacity: u32::try_from(capacity).expect("a port holds fewer than 2^32 messages"),
        });
        PortRef {
            component: owner,
            port,
        }
    }

    /// Links ports `a` and `b` both ways: a message sent through one arrives at the other
    /// `latency` later.
    ///
    /// # Panics
    /// If either port is already linked.
    pub fn connect(&mut self, a: PortRef, b: PortRef, latency: Time) {
        for (from, to) in [(a, b), (b, a)] {
            let capacity = self.slots[to.component.index()].port_info[to.port.index()].capacity;
            let name = &self.slots[from.component.index()].port_info[from.port.index()].name;
            assert!(
                self.port(from).link.is_none(),
                "port `{name}` is already linked"
            );
            let state = self.port_mut(from);
            state.link = Some(Link {
                peer: to,
                delay: Delay::After(latency),
            });
            state.credits = i32::try_from(capacity).expect("a port holds fewer than 2^31 messages");
        }
    }

    /// Makes the messages that arrive at `port` (linked, without latency) arrive at the
    /// first edge of its owner's clock after they are sent, instead of at once: the owner
    /// finds them in the port when its next cycle begins, and is not run for them in
    /// the cycle they were sent in. (Akita's components likewise take a message at
    /// their next tick.) Back-pressure works as on any link: the sender's credit comes
    /// back when the owner takes the message, so the port's capacity bounds what may
    /// arrive for it in one cycle.
    ///
    /// # Panics
    /// If `port` is not linked, or its link has a latency.
    pub fn deliver_at_edges(&mut self, port: PortRef) {
        let slot = &self.slots[port.component.index()];
        let name = &slot.port_info[port.port.index()].name;
        let Some(link) = slot.ports[port.port.index()].link else {
            panic!("port `{name}` is not linked");
        };
        let period = slot.clock.period();
        let Some(Link { delay, .. }) = &self.port(link.peer).link else {
            unreachable!("links go both ways");
        };
        assert!(
            matches!(delay, Delay::After(0)),
            "the link into port `{name}` has a latency"
        );
        if let Some(Link { delay, .. }) = &mut self.port_mut(link.peer).link {
            *delay = Delay::NextEdge(period);
        }
    }

    /// Gives component `id` its behaviour.
    pub fn install(&mut self, id: ComponentId, component: Box<dyn Component<M>>) {
        self.slots[id.index()].component = Some(component);
    }

    /// Attaches an observer to component `id`.
    pub fn add_hook(&mut self, id: ComponentId, hook: Box<dyn Hook<M>>) {
        let slot = &mut self.slots[id.index()];
        slot.message_hooks |= hook.observes_messages();
        slot.start_hooks |= hook.observes_task_starts();
        slot.hooks.push(hook);
    }

    /// Has every hook publish what it gathered ([`Hook::flush`]): call it before reading
    /// what hooks collect.
    pub fn flush_hooks(&mut self) {
        for slot in &mut self.slots {
            for hook in &mut slot.hooks {
                hook.flush();
            }
        }
    }

    /// The name component `id` was added with.
    pub fn name(&self, id: ComponentId) -> &str {
        &self.slots[id.index()].name
    }

    /// The time of the latest event handled (0 before any).
    pub fn now(&self) -> Time {
        self.now
    }

    /// Number of events handled so far.
    pub fn events_handled(&self) -> u64 {
        self.load.events
    }

    /// The work its steps have held so far.
    pub fn load(&self) -> EngineLoad {
        self.load
    }

    /// Whether no event is pending.
    pub fn is_idle(&self) -> bool {
        self.lanes.is_empty()
    }

    /// Sends `msg` through `from` at the current time, on behalf of code outside the
    /// simulation (normally `from` belongs to an [`Endpoint`](super::Endpoint)). Like
    /// [`Context::send`], hands the message back when the peer has no room.
    pub fn send(&mut self, from: PortRef, msg: M) -> Result<(), M> {
        let (mut out, mut credits) = (Vec::new(), Vec::new());
        let result = self.with_context(from.component, &mut out, &mut credits, |ctx| {
            ctx.send(from.port, msg)
        });
        self.schedule(&mut out, &mut credits);
        result
    }

    /// Takes the oldest message waiting at `port`, on behalf of code outside the
    /// simulation.
    pub fn retrieve(&mut self, port: PortRef) -> Option<M> {
        let (mut out, mut credits) = (Vec::new(), Vec::new());
        let msg = self.with_context(port.component, &mut out, &mut credits, |ctx| {
            ctx.retrieve(port.port)
        });
        self.schedule(&mut out, &mut credits);
        msg
    }

    /// Wakes component `id` with `Wake::Timer(tag)` at `time` (at least the current
    /// time), on behalf of code outside the simulation — e.g. to start a component.
    pub fn wake_at(&mut self, id: ComponentId, time: Time, tag: u64) {
        let (mut out, mut credits) = (Vec::new(), Vec::new());
        self.with_context(id, &mut out, &mut credits, |ctx| ctx.wake_at(time, tag));
        self.schedule(&mut out, &mut credits);
    }

    /// Number of messages waiting at `port`.
    pub fn waiting(&self, port: PortRef) -> usize {
        self.port(port).incoming.len()
    }

    /// The time of the earliest pending event, if any.
    pub fn next_event_time(&self) -> Option<Time> {
        self.lanes.next_time()
    }

    /// Moves the current time forward to `time`, so that code outside the simulation
    /// sends its messages then; no pending event may be earlier.
    pub fn advance_to(&mut self, time: Time) {
        assert!(
            self.next_event_time().is_none_or(|next| next >= time),
            "the engine cannot skip pending events"
        );
        if time > self.now {
            self.now = time;
            self.delta = 0;
        }
    }

    /// Runs until no event is left.
    pub fn run(&mut self) {
        while self.step() {}
    }

    /// Runs until a message waits at `port`; `false` if the events ran out first.
    pub fn run_until_arrival(&mut self, port: PortRef) -> bool {
        while self.waiting(port) == 0 {
            if !self.step() {
                return false;
            }
        }
        true
    }

    /// Handles every event of the earliest pending (time, delta); `false` if there was
    /// none. These events are independent of one another: whatever they cause happens at
    /// a later (time, delta). Each component involved first receives all of its events
    /// (messages land in its ports, credits return) and is then run once per distinct
    /// wake-up, so it sees at once everything that arrived in this step; with a thread
    /// pool, different components on different threads. Last, the components that asked
    /// for it run again, one at a time in id order ([`Wake::InOrder`]).
    pub fn step(&mut self) -> bool {
        let timed = super::load::is_timed(self.load.steps);
        let started = timed.then(Instant::now);
        let mut batch = std::mem::take(&mut self.batch);
        let Some((time, delta)) = self.lanes.pop_step(&mut batch) else {
            self.batch = batch;
            return false;
        };
        self.now = time;
        self.delta = delta;
        self.load.steps += 1;
        self.load.events += batch.len() as u64;
        self.marks.resize(self.slots.len().div_ceil(64), 0);
        // Delivered in the order they were queued: a port's messages all come from its
        // peer, one component, whose events are queued in the order it created them,
        // so every port receives in key order. The order of a component's wake-ups
        // is put right before it runs (`run_woken`). With a crew, each component's
        // events are delivered where it runs (see `handle_parallel`), unless the step
        // has too few events to be shared.
        let grouped = self.crew.is_some() && batch.len() >= PARALLEL_STEP_COMPONENTS;
        if grouped {
            // Each event read once here: its target noted and counted for the grouping
            // by target (`Deliveries::sort`), which then reads only these notes.
            let mut deliveries = std::mem::take(&mut self.deliveries);
            deliveries.begin(self.slots.len());
            for event in batch.iter() {
                let index = event.target.index();
                self.marks[index / 64] |= 1 << (index % 64);
                deliveries.note(index);
                if let EventKind::DeliverAhead { port, .. } = event.kind {
                    self.spend_credit_ahead(event.target, port);
                }
            }
            self.deliveries = deliveries;
        } else {
            // Each creator's events in the order it created them (see `Lanes`).
            batch.merge();
            for part in &mut batch.parts {
                for event in part.drain(..) {
                    let index = event.target.index();
                    self.marks[index / 64] |= 1 << (index % 64);
                    if let EventKind::DeliverAhead { port, .. } = event.kind {
                        self.spend_credit_ahead(event.target, port);
                    }
                    deliver(&mut self.slots[index], event);
                }
            }
        }
        self.touched.clear();
        for (word, marks) in self.marks.iter_mut().enumerate() {
            let mut bits = std::mem::take(marks);
            while bits != 0 {
                let index = word * 64 + bits.trailing_zeros() as usize;
                self.touched.push(ComponentId(index as u32));
                bits &= bits - 1;
            }
        }
        let mut touched = std::mem::take(&mut self.touched);
        self.load.component_runs += touched.len() as u64;
        let handling = timed.then(Instant::now);
        let parallel = match self.crew {
            Some(_)
                if grouped && (PARALLEL_STEP_COMPONENTS..=MOST_ITEMS).contains(&touched.len()) =>
            {
                self.handle_parallel(&touched, &mut batch);
                true
            }
            _ => {
                if grouped {
                    self.deliveries.forget(&touched);
                }
                // Each creator's events in the order it created them (see `Lanes`).
                batch.merge();
                for part in &mut batch.parts {
                    for event in part.drain(..) {
                        deliver(&mut self.slots[event.target.index()], event);
                    }
                }
                let mut in_order = 0;
                for i in 0..touched.len() {
                    let target = touched[i];
                    let slot = &mut self.slots[target.index()];
                    let sink = Sink::serial(self.lanes.serial(), &mut self.credits);
                    run_woken(slot, target, time, delta, sink);
                    // Those that asked to run in order, kept at the front (in order).
                    if slot.in_order {
                        touched[in_order] = target;
                        in_order += 1;
                    }
                }
                touched.truncate(in_order);
                false
            }
        };
        self.batch = batch;
        if let Some(handling) = handling {
            self.load.parallel += handling.elapsed();
        }
        // The components queued their events as they ran (in parallel, each thread into
        // its own lane). The credits they returned go back now; those run in parallel
        // noted in their lanes which of them asked to run in order.
        if parallel {
            touched.clear();
            for thread in 0..self.lanes.len() {
                let Lane {
                    queue,
                    credits,
                    in_order,
                    ..
                } = self.lanes.lane(thread);
                return_credits(&mut self.slots, queue, credits);
                touched.append(in_order);
            }
            touched.sort_unstable();
        }
        self.return_serial_credits();
        for &target in &touched {
            let slot = &mut self.slots[target.index()];
            let sink = Sink::serial(self.lanes.serial(), &mut self.credits);
            run_component(slot, target, time, delta, &[Wake::InOrder], sink);
            // Asking again while running in order has no effect.
            slot.in_order = false;
            self.return_serial_credits();
        }
        self.touched = touched;
        if let Some(started) = started {
            self.load.timed_steps += 1;
            self.load.total += started.elapsed();
        }
        true
    }

    /// Delivers `batch`, the step's events, to the components in `touched` (sorted, the
    /// targets of the events) and handles them, on this thread and the crew's; each
    /// thread queues the events its runs create in its own lane. Empties `batch`.
    fn handle_parallel(&mut self, touched: &[ComponentId], batch: &mut Batch<M>) {
        let (time, delta) = (self.now, self.delta);
        // Each component's events, in queue order: `order[starts[i]..starts[i + 1]]` are
        // the places in `batch` of those of `touched[i]` (a counting sort by target).
        let mut deliveries = std::mem::take(&mut self.deliveries);
        deliveries.sort(touched);
        let threads = self
            .crew
            .as_ref()
            .expect("a parallel step has a crew")
            .threads();
        deliveries.share(touched, threads, self.sharing);
        deliveries.parts.clear();
        for part in &mut batch.parts {
            deliveries.parts.push(part.as_ptr() as usize);
            // SAFETY: every event is moved out below exactly once (each place is listed
            // for one component, run once); should a run panic, those not moved yet leak.
            unsafe { part.set_len(0) };
        }
        let events = EventsPtr {
            parts: &deliveries.parts,
            ends: batch.ends(),
            mixed: batch.mixed(),
            events: std::marker::PhantomData,
        };
        let slots = SlotsPtr(self.slots.as_mut_ptr());
        let shared_lanes = self.lanes.shared();
        let crew = self.crew.as_mut().expect("a parallel step has a crew");
        crew.for_each(&deliveries.bounds, &|thread, item| {
            let i = deliveries.shares[item] as usize;
            let target = touched[i];
            // SAFETY: the crew runs each index once, and the targets are distinct
            // components of `self.slots`, which is not otherwise touched until the
            // crew returns: each run has its slot to itself.
            let slot = unsafe { slots.get(target.index()) };
            // SAFETY: the crew's threads have distinct numbers, each below the number
            // of lanes (`set_thread_pool`), and the lanes are not otherwise touched
            // until the crew returns.
            let lane = unsafe { shared_lanes.get(thread) };
            let places = deliveries.of(i);
            let places = match places {
                [first, .., last] if events.spans(*first as usize, *last as usize) => {
                    // SAFETY: the places are in `batch`'s lists, events not taken yet.
                    let key = |place: &u32| unsafe { events.key(*place as usize) };
                    lane.places.clear();
                    lane.places.extend_from_slice(places);
                    lane.places.sort_unstable_by_key(key);
                    &lane.places[..]
                }
                _ => places,
            };
            for &place in places {
                // SAFETY: `place` is in `batch`'s lists, listed once (see above).
                deliver(slot, unsafe { events.take(place as usize) });
            }
            let sink = Sink {
                queue: &mut lane.queue,
                credits: &mut lane.credits,
                parallel: true,
            };
            run_woken(slot, target, time, delta, sink);
            if slot.in_order {
                lane.in_order.push(target);
            }
        });
        self.deliveries = deliveries;
    }

    /// A message sent ahead arrives at port `port` of `target`: its sender spends the
    /// credit for it now (see [`Context::send_ahead`]).
    fn spend_credit_ahead(&mut self, target: ComponentId, port: Port) {
        if let Some(link) = self.slots[target.index()].ports[port.index()].link {
            self.port_mut(link.peer).credits -= 1;
        }
    }

    /// Gives back the credits the components run serially returned.
    fn return_serial_credits(&mut self) {
        return_credits(&mut self.slots, self.lanes.serial(), &mut self.credits);
    }

    /// Queues the events code outside the simulation created, and gives back the
    /// credits it returned.
    fn schedule(&mut self, events: &mut Vec<Event<M>>, credits: &mut Vec<ReturnedCredit>) {
        let queue = self.lanes.serial();
        for event in events.drain(..) {
            queue.push(event);
        }
        return_credits(&mut self.slots, queue, credits);
    }

    fn with_context<R>(
        &mut self,
        id: ComponentId,
        out: &mut Vec<Event<M>>,
        credits: &mut Vec<ReturnedCredit>,
        f: impl FnOnce(&mut Context<'_, M>) -> R,
    ) -> R {
        let slot = &mut self.slots[id.index()];
        // Code outside the simulation runs no component, so it cannot ask for an in-order run.
        let mut in_order = false;
        let mut ctx = Context {
            now: self.now,
            delta: self.delta,
            me: id,
            clock: slot.clock,
            ports: &mut slot.ports,
            port_info: &slot.port_info,
            hooks: &mut slot.hooks,
            message_hooks: slot.message_hooks,
            start_hooks: slot.start_hooks,
            seq: &mut slot.seq,
            out: EventSink::Buffer(out),
            credits,
            in_order: &mut in_order,
            parallel: false,
        };
        f(&mut ctx)
    }

    fn port(&self, port: PortRef) -> &PortState<M> {
        &self.slots[port.component.index()].ports[port.port.index()]
    }

    fn port_mut(&mut self, port: PortRef) -> &mut PortState<M> {
        &mut self.slots[port.component.index()].ports[port.port.index()]
    }
}

/// How a parallel step's components are split between the threads: each thread runs
/// its own group first and then helps with the others'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// Component `c` is thread `c mod threads`'s every step, so it mostly runs on the
    /// same core (whose caches keep its state) whichever components the step holds.
    Interleaved,
    /// The step's components, in index order, in one run of about equal length per
    /// thread: neighbouring components run on the same thread (compute units that were
    /// handed neighbouring work-groups, and so touch the same memory pages).
    Blocks,
}

/// A step's events grouped by the component they are for, each group in queue order.
#[derive(Default)]
struct Deliveries {
    /// The target of each of the step's events, by place (noted as they are read).
    targets: Vec<u32>,
    /// Per component slot: while the step's events are read, how many are for it (0
    /// between steps); while grouping, where its next event goes in `order`.
    place: Vec<u32>,
    /// `order[starts[i]..starts[i + 1]]`: the places in the step's events of those for
    /// its `i`th component.
    starts: Vec<u32>,
    order: Vec<u32>,
    /// The step's components (their places in its list) grouped by the thread whose
    /// they are, `shares[bounds[t]..bounds[t + 1]]` thread `t`'s (see [`Sharing`]).
    shares: Vec<u32>,
    bounds: Vec<usize>,
    /// Where each thread's next component goes in `shares` while grouping.
    cursor: Vec<usize>,
    /// The addresses of the step's lanes' lists of events, by lane.
    parts: Vec<usize>,
}

impl Deliveries {
    /// Starts reading a step's events, for an engine of `components` components.
    fn begin(&mut self, components: usize) {
        self.place.resize(components, 0);
        self.targets.clear();
    }

    /// Notes that the step's next event is for component `index`.
    #[inline]
    fn note(&mut self, index: usize) {
        self.targets.push(index as u32);
        self.place[index] += 1;
    }

    /// Forgets the counts of a step not grouped (its targets `touched`).
    fn forget(&mut self, touched: &[ComponentId]) {
        for target in touched {
            self.place[target.index()] = 0;
        }
    }

    /// Groups the step's events, as noted, by target; `touched` (sorted) are the
    /// targets. Leaves the counts at 0 for the next step.
    fn sort(&mut self, touched: &[ComponentId]) {
        self.starts.clear();
        self.starts.push(0);
        let mut start = 0;
        // Filled through `place`, moved to each group's end as it fills.
        for target in touched {
            let count = std::mem::replace(&mut self.place[target.index()], start);
            start += count;
            self.starts.push(start);
        }
        self.order.resize(self.targets.len(), 0);
        for (k, &target) in self.targets.iter().enumerate() {
            let next = &mut self.place[target as usize];
            self.order[*next as usize] = k as u32;
            *next += 1;
        }
        for target in touched {
            self.place[target.index()] = 0;
        }
    }

    /// Groups the components `touched` by thread as `sharing` says (see `shares`).
    fn share(&mut self, touched: &[ComponentId], threads: usize, sharing: Sharing) {
        self.bounds.clear();
        if sharing == Sharing::Blocks {
            let n = touched.len();
            self.bounds.extend((0..=threads).map(|t| n * t / threads));
            self.shares.clear();
            self.shares.extend(0..n as u32);
            return;
        }
        self.bounds.resize(threads + 1, 0);
        // Component `c`'s thread is `c mod threads`: a mask for a power of two (the
        // division per component, twice a step, was measurable; see docs/speed.md).
        let group = |target: &ComponentId| {
            if threads.is_power_of_two() {
                target.index() & (threads - 1)
            } else {
                target.index() % threads
            }
        };
        for target in touched {
            self.bounds[group(target) + 1] += 1;
        }
        for t in 1..=threads {
            self.bounds[t] += self.bounds[t - 1];
        }
        self.shares.resize(touched.len(), 0);
        self.cursor.clear();
        self.cursor.extend_from_slice(&self.bounds[..threads]);
        for (i, target) in touched.iter().enumerate() {
            let place = &mut self.cursor[group(target)];
            self.shares[*place] = i as u32;
            *place += 1;
        }
    }

    /// The places of the events of the `i`th component.
    fn of(&self, i: usize) -> &[u32] {
        &self.order[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// A step's events, for the crew's threads to take distinct ones at once.
struct EventsPtr<'a, M> {
    /// The addresses of the lanes' lists of events (see [`Batch`]).
    parts: &'a [usize],
    /// Per lane, where its events end in the places.
    ends: &'a [usize],
    /// Whether the events came from more than one lane.
    mixed: bool,
    events: std::marker::PhantomData<Event<M>>,
}

impl<M> EventsPtr<'_, M> {
    /// The event at `place`.
    fn at(&self, place: usize) -> *const Event<M> {
        let (lane, first) = lane_of(self.ends, place);
        (self.parts[lane] as *const Event<M>).wrapping_add(place - first)
    }

    /// Moves event `place` out.
    ///
    /// # Safety
    /// `place` holds an event, and is taken only once.
    unsafe fn take(&self, place: usize) -> Event<M> {
        std::ptr::read(self.at(place))
    }

    /// The creating component and creation count of event `place`.
    ///
    /// # Safety
    /// `place` holds an event not taken yet.
    unsafe fn key(&self, place: usize) -> (u32, u64) {
        let EventKey { source, seq, .. } = (*self.at(place)).key;
        (source, seq)
    }

    /// Whether the events at places `first` and `last` came from different lanes.
    fn spans(&self, first: usize, last: usize) -> bool {
        self.mixed && lane_of(self.ends, first).0 != lane_of(self.ends, last).0
    }
}

// SAFETY: shared only while a step's components take their own, distinct events (see
// `Engine::handle_parallel`); events are `Send`.
unsafe impl<M: Send> Sync for EventsPtr<'_, M> {}

/// The engine's slots, for the crew's threads to run distinct ones at once.
struct SlotsPtr<M>(*mut Slot<M>);

impl<M> SlotsPtr<M> {
    /// Slot `index`.
    ///
    /// # Safety
    /// `index` is in bounds and no other reference to that slot is alive.
    #[allow(clippy::mut_from_ref)]
    unsafe fn get(&self, index: usize) -> &mut Slot<M> {
        &mut *self.0.add(index)
    }
}

// SAFETY: shared only while a step's distinct components run, each on one thread (see
// `Engine::handle_parallel`); a slot's contents are `Send`.
unsafe impl<M: Send> Sync for SlotsPtr<M> {}

/// Gives back `credits` (emptied), returned by components in a step (or by code outside
/// the simulation). A credit goes straight back to its port — no component runs before
/// the next step, so this is the state a credit event would have made — and becomes an
/// event, queued in `queue`, only to wake a component that is blocked on that port. A
/// port's credits all come from its peer, in the order it returned them.
fn return_credits<M>(
    slots: &mut [Slot<M>],
    queue: &mut EventQueue<M>,
    credits: &mut Vec<ReturnedCredit>,
) {
    for credit in credits.drain(..) {
        let state = &mut slots[credit.target.index()].ports[credit.port.index()];
        state.credits += 1;
        if state.credits > 0 && std::mem::take(&mut state.blocked) {
            queue.push(Event {
                key: credit.key,
                target: credit.target,
                kind: EventKind::Credit { port: credit.port },
            });
        }
    }
}

/// Hands `event` to its target (`slot`): a message lands in its port; the wake-up it
/// brings is noted with the event's place in the key order.
#[inline]
fn deliver<M>(slot: &mut Slot<M>, event: Event<M>) {
    let key = (event.key.source, event.key.seq);
    let wake = match event.kind {
        EventKind::Deliver { port, msg } | EventKind::DeliverAhead { port, msg } => {
            slot.ports[port.index()].incoming.push_back(msg);
            Wake::Arrived(port)
        }
        // The engine returned the credit already; the event wakes a blocked sender.
        EventKind::Credit { port } => Wake::PortFree(port),
        EventKind::Timer { tag } => Wake::Timer(tag),
    };
    slot.arrivals.push((key.0, key.1, wake));
}

/// Where the events and credits of a component run go: the queue and the credit list
/// of the thread it runs on.
struct Sink<'a, M> {
    queue: &'a mut EventQueue<M>,
    credits: &'a mut Vec<ReturnedCredit>,
    /// Whether other components run at the same time, on other threads.
    parallel: bool,
}

impl<'a, M> Sink<'a, M> {
    /// The engine thread's, for a component run alone.
    fn serial(queue: &'a mut EventQueue<M>, credits: &'a mut Vec<ReturnedCredit>) -> Self {
        Sink {
            queue,
            credits,
            parallel: false,
        }
    }
}

/// Runs component `target` (its `slot`) with the wake-ups its events of this step
/// brought; what it creates goes to `sink`.
fn run_woken<M>(slot: &mut Slot<M>, target: ComponentId, now: Time, delta: u32, sink: Sink<'_, M>) {
    // The wake-ups in the order of the events' keys (the order they were created in),
    // each once (every timer, as each carries its own tag). Events from one component
    // arrive in key order already; only those of several may need sorting.
    if let [(_, _, wake)] = slot.arrivals[..] {
        slot.arrivals.clear();
        return run_component(slot, target, now, delta, &[wake], sink);
    }
    let mut arrivals = std::mem::take(&mut slot.arrivals);
    if !arrivals.is_sorted_by_key(|&(source, seq, _)| (source, seq)) {
        arrivals.sort_unstable_by_key(|&(source, seq, _)| (source, seq));
    }
    let mut wakes = std::mem::take(&mut slot.wakes);
    for (_, _, wake) in arrivals.drain(..) {
        if matches!(wake, Wake::Timer(_)) || !wakes.contains(&wake) {
            wakes.push(wake);
        }
    }
    slot.arrivals = arrivals;
    run_component(slot, target, now, delta, &wakes, sink);
    wakes.clear();
    slot.wakes = wakes;
}

/// Runs component `target` (its `slot`) once per wake-up of `wakes`, in order; the events
/// and credits it creates go to `sink`.
fn run_component<M>(
    slot: &mut Slot<M>,
    target: ComponentId,
    now: Time,
    delta: u32,
    wakes: &[Wake],
    sink: Sink<'_, M>,
) {
    let component = slot
        .component
        .as_mut()
        .unwrap_or_else(|| panic!("component `{}` was never installed", slot.name));
    let Sink {
        queue,
        credits,
        parallel,
    } = sink;
    let mut ctx = Context {
        now,
        delta,
        me: target,
        clock: slot.clock,
        ports: &mut slot.ports,
        port_info: &slot.port_info,
        hooks: &mut slot.hooks,
        message_hooks: slot.message_hooks,
        start_hooks: slot.start_hooks,
        seq: &mut slot.seq,
        out: EventSink::Queue(queue),
        credits,
        in_order: &mut slot.in_order,
        parallel,
    };
    component.handle_step(wakes, &mut ctx);
}
