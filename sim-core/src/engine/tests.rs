//! Engine tests: event order, determinism (serial = parallel), latency, back-pressure,
//! wake-ups and hooks.

use super::*;
use std::sync::{Arc, Mutex};

const NS: Time = PS_PER_NS;

type Log = Arc<Mutex<Vec<(Time, String)>>>;

fn log() -> Log {
    Arc::new(Mutex::new(Vec::new()))
}

fn entries(log: &Log) -> Vec<(Time, String)> {
    log.lock().unwrap().clone()
}

/// Sends its messages at the given times (timers), retrying when refused.
struct Source {
    port: Port,
    plan: Vec<(Time, u32)>,
    pending: std::collections::VecDeque<u32>,
    wakes: Log,
}

impl Component<u32> for Source {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        self.wakes
            .lock()
            .unwrap()
            .push((ctx.now(), format!("{wake:?}")));
        if let Wake::Timer(i) = wake {
            self.pending.push_back(self.plan[i as usize].1);
        }
        ctx.send_queued(self.port, &mut self.pending);
    }
}

/// Records every message; takes one per `service` time (all at once if 0).
struct Sink {
    port: Port,
    service: Time,
    busy: bool,
    got: Log,
    max_waiting: usize,
}

impl Component<u32> for Sink {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        self.max_waiting = self.max_waiting.max(ctx.waiting(self.port));
        let ready = match wake {
            Wake::Timer(_) => {
                self.busy = false;
                true
            }
            _ => !self.busy,
        };
        if !ready {
            return;
        }
        if self.service == 0 {
            while let Some(m) = ctx.retrieve(self.port) {
                self.got.lock().unwrap().push((ctx.now(), m.to_string()));
            }
        } else if let Some(m) = ctx.retrieve(self.port) {
            self.got.lock().unwrap().push((ctx.now(), m.to_string()));
            self.busy = true;
            ctx.wake_after(self.service, 0);
        }
        assert!(self.max_waiting <= 2, "a capacity-2 buffer held more");
    }
}

/// Adds a source that sends `plan` (time, message) and sets its timers.
fn source(engine: &mut Engine<u32>, name: &str, plan: Vec<(Time, u32)>, wakes: &Log) -> PortRef {
    let id = engine.add_component(name, Clock::from_mhz(1000));
    let port = engine.add_port(id, "out", 1);
    for (i, (time, _)) in plan.iter().enumerate() {
        engine.wake_at(id, *time, i as u64);
    }
    engine.install(
        id,
        Box::new(Source {
            port: port.port,
            plan,
            pending: Default::default(),
            wakes: wakes.clone(),
        }),
    );
    port
}

/// Adds a sink with a capacity-2 input.
fn sink(engine: &mut Engine<u32>, service: Time, got: &Log) -> PortRef {
    let id = engine.add_component("sink", Clock::from_mhz(1000));
    let port = engine.add_port(id, "in", 2);
    engine.install(
        id,
        Box::new(Sink {
            port: port.port,
            service,
            busy: false,
            got: got.clone(),
            max_waiting: 0,
        }),
    );
    port
}

/// Funnels several inputs into one output, preserving arrival order.
struct Merge {
    inputs: Vec<Port>,
    output: Port,
    queue: std::collections::VecDeque<u32>,
}

impl Component<u32> for Merge {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, u32>) {
        for &input in &self.inputs {
            while let Some(m) = ctx.retrieve(input) {
                self.queue.push_back(m);
            }
        }
        while let Some(&m) = self.queue.front() {
            if ctx.send(self.output, m).is_err() {
                break;
            }
            self.queue.pop_front();
        }
    }
}

#[test]
fn message_arrives_after_the_link_latency() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    let src = source(&mut engine, "src", vec![(3 * NS, 7)], &wakes);
    let dst = sink(&mut engine, 0, &got);
    engine.connect(src, dst, 5 * NS);
    engine.run();
    assert_eq!(entries(&got), vec![(8 * NS, "7".to_string())]);
    assert_eq!(engine.now(), 8 * NS);
}

#[test]
fn a_port_delivered_at_edges_receives_at_its_owners_next_cycle() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    // Sent on an edge and between two: both arrive at the next edge (1 ns cycles).
    let src = source(
        &mut engine,
        "src",
        vec![(3 * NS, 7), (5 * NS + 400, 8)],
        &wakes,
    );
    let dst = sink(&mut engine, 0, &got);
    engine.connect(src, dst, 0);
    engine.deliver_at_edges(dst);
    engine.run();
    assert_eq!(
        entries(&got),
        vec![(4 * NS, "7".to_string()), (6 * NS, "8".to_string())]
    );
}

#[test]
#[should_panic(expected = "has a latency")]
fn only_links_without_latency_deliver_at_edges() {
    let mut engine = Engine::new();
    let wakes = log();
    let src = source(&mut engine, "src", vec![], &wakes);
    let dst = sink(&mut engine, 0, &log());
    engine.connect(src, dst, NS);
    engine.deliver_at_edges(dst);
}

/// At its timer, sends message 1 ahead by 10 ns, then messages 2 and 3 at once, and
/// notes whether it could send each.
struct AheadSender {
    port: Port,
    log: Log,
}

impl Component<u32> for AheadSender {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        if wake == Wake::Timer(0) {
            ctx.send_ahead(self.port, 1, 10 * NS);
            for m in [2, 3] {
                let sent = ctx.send(self.port, m).is_ok();
                self.log
                    .lock()
                    .unwrap()
                    .push((ctx.now(), format!("{m} {sent}")));
            }
        }
    }
}

#[test]
fn a_message_sent_ahead_takes_its_place_in_the_buffer_when_it_arrives() {
    let mut engine = Engine::new();
    let (sent, got) = (log(), log());
    let id = engine.add_component("ahead", Clock::from_mhz(1000));
    let out = engine.add_port(id, "out", 1);
    engine.install(
        id,
        Box::new(AheadSender {
            port: out.port,
            log: sent.clone(),
        }),
    );
    engine.wake_at(id, NS, 0);
    // The sink takes one message per 20 ns; its buffer holds 2.
    let dst = sink(&mut engine, 20 * NS, &got);
    engine.connect(out, dst, 0);
    engine.run();
    // Sent at 1 ns, message 1 holds no place until 11 ns: 2 and 3 both fit (the
    // sender's port counts 2 places, the sink's capacity).
    assert_eq!(
        entries(&sent),
        vec![(NS, "2 true".to_string()), (NS, "3 true".to_string())]
    );
    assert_eq!(
        entries(&got),
        vec![
            (NS, "2".to_string()),
            (21 * NS, "3".to_string()),
            (41 * NS, "1".to_string())
        ]
    );
}

#[test]
fn events_are_handled_in_time_order_whatever_the_order_of_scheduling() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    let plan = vec![(9 * NS, 3), (NS, 1), (5 * NS, 2)];
    let src = source(&mut engine, "src", plan, &wakes);
    let dst = sink(&mut engine, 0, &got);
    engine.connect(src, dst, 0);
    engine.run();
    let got: Vec<(Time, String)> = entries(&got);
    assert_eq!(
        got,
        vec![
            (NS, "1".to_string()),
            (5 * NS, "2".to_string()),
            (9 * NS, "3".to_string())
        ]
    );
}

/// Three sources send at the same instant; the merge sees them in the order of the
/// components that created the deliveries (lower id first), not of insertion.
#[test]
fn simultaneous_events_are_ordered_by_creating_component() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    // Sources created with ids 0, 1, 2 but timers set in the reverse order.
    let sources: Vec<PortRef> = (0..3)
        .map(|i| {
            source(
                &mut engine,
                &format!("src{i}"),
                vec![(2 * NS, 10 + i)],
                &wakes,
            )
        })
        .collect();
    let merge = engine.add_component("merge", Clock::from_mhz(1000));
    let inputs: Vec<PortRef> = (0..3)
        .map(|i| engine.add_port(merge, &format!("in{i}"), 1))
        .collect();
    let output = engine.add_port(merge, "out", 1);
    // Link in reverse order too.
    for i in (0..3).rev() {
        engine.connect(sources[i], inputs[i], NS);
    }
    let dst = sink(&mut engine, 0, &got);
    engine.connect(output, dst, NS);
    engine.install(
        merge,
        Box::new(Merge {
            inputs: inputs.iter().map(|p| p.port).collect(),
            output: output.port,
            queue: Default::default(),
        }),
    );
    engine.run();
    let order: Vec<String> = entries(&got).into_iter().map(|(_, m)| m).collect();
    assert_eq!(order, ["10", "11", "12"]);
}

/// A fast producer against a slow consumer: the consumer's buffer never exceeds its
/// capacity, nothing is lost or reordered, and the producer is woken only when room
/// frees (no polling).
#[test]
fn back_pressure_blocks_the_sender_and_wakes_it_when_room_frees() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    let plan: Vec<(Time, u32)> = (0..10u32).map(|i| (0, i)).collect();
    let src = source(&mut engine, "src", plan, &wakes);
    let dst = sink(&mut engine, 10 * NS, &got);
    engine.connect(src, dst, NS);
    engine.run();
    let got = entries(&got);
    let messages: Vec<String> = got.iter().map(|(_, m)| m.clone()).collect();
    let expected: Vec<String> = (0..10).map(|i| i.to_string()).collect();
    assert_eq!(messages, expected);
    // One message every 10 ns, the first on arrival at 1 ns.
    let times: Vec<Time> = got.iter().map(|(t, _)| *t).collect();
    let expected_times: Vec<Time> = (0..10).map(|i| NS + i * 10 * NS).collect();
    assert_eq!(times, expected_times);
    // The source ran for its 10 timers (sending 0 and 1, which fill the sink's two
    // places, and being refused for 2) and then once per freed place while it still had
    // something to send (messages 2..=9): no polling.
    let wakes = entries(&wakes);
    let port_free: Vec<Time> = wakes
        .iter()
        .filter(|(_, w)| w.starts_with("PortFree"))
        .map(|(t, _)| *t)
        .collect();
    let timers = wakes.iter().filter(|(_, w)| w.starts_with("Timer")).count();
    assert_eq!(timers, 10);
    // Place k frees when the sink takes message k, at 1 + 10k ns.
    let expected_free: Vec<Time> = (0..8).map(|k| NS + k * 10 * NS).collect();
    assert_eq!(port_free, expected_free);
}

#[test]
fn idle_components_are_never_run() {
    let mut engine: Engine<u32> = Engine::new();
    let got = log();
    sink(&mut engine, 0, &got);
    engine.run();
    assert_eq!(engine.events_handled(), 0);
    assert!(engine.is_idle());
}

#[test]
fn endpoints_let_outside_code_send_and_receive() {
    let mut engine = Engine::new();
    let host = engine.add_component("host", Clock::from_mhz(1000));
    let out = engine.add_port(host, "out", 1);
    let back = engine.add_port(host, "in", 4);
    engine.install(host, Box::new(Endpoint));
    let merge = engine.add_component("echo", Clock::from_mhz(1000));
    let input = engine.add_port(merge, "in", 1);
    let output = engine.add_port(merge, "out", 1);
    engine.install(
        merge,
        Box::new(Merge {
            inputs: vec![input.port],
            output: output.port,
            queue: Default::default(),
        }),
    );
    engine.connect(out, input, 2 * NS);
    engine.connect(output, back, 3 * NS);
    assert_eq!(engine.send(out, 42), Ok(()));
    assert_eq!(
        engine.send(out, 43),
        Err(43),
        "one place, already spoken for"
    );
    assert!(engine.run_until_arrival(back));
    assert_eq!(engine.now(), 5 * NS);
    assert_eq!(engine.retrieve(back), Some(42));
    assert!(!engine.run_until_arrival(back), "nothing else is coming");
}

/// Counts what a component reports.
struct Counter(Arc<Mutex<(u64, u64, u64)>>);

/// A [`Counter`] that does not want message observations.
struct QuietCounter(Counter);

impl Hook<u32> for QuietCounter {
    fn observe(&mut self, at: HookContext, what: &Observation<'_, u32>) {
        self.0.observe(at, what);
    }

    fn observes_messages(&self) -> bool {
        false
    }
}

impl Hook<u32> for Counter {
    fn observe(&mut self, _at: HookContext, what: &Observation<'_, u32>) {
        let mut c = self.0.lock().unwrap();
        match what {
            Observation::Sent { .. } => c.0 += 1,
            Observation::Retrieved { .. } => c.1 += 1,
            Observation::Count { amount, .. } => c.2 += amount,
            _ => {}
        }
    }
}

#[test]
fn hooks_see_port_traffic() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    let plan: Vec<(Time, u32)> = (0..4u32).map(|i| (Time::from(i) * NS, i)).collect();
    let src = source(&mut engine, "src", plan, &wakes);
    let dst = sink(&mut engine, 0, &got);
    engine.connect(src, dst, NS);
    let (at_src, at_dst) = (Arc::default(), Arc::default());
    engine.add_hook(src.component, Box::new(Counter(Arc::clone(&at_src))));
    engine.add_hook(dst.component, Box::new(Counter(Arc::clone(&at_dst))));
    engine.run();
    assert_eq!(*at_src.lock().unwrap(), (4, 0, 0));
    assert_eq!(*at_dst.lock().unwrap(), (0, 4, 0));
}

#[test]
fn hooks_that_do_not_watch_messages_are_not_told_of_them() {
    let mut engine = Engine::new();
    let (wakes, got) = (log(), log());
    let plan: Vec<(Time, u32)> = (0..4u32).map(|i| (Time::from(i) * NS, i)).collect();
    let src = source(&mut engine, "src", plan, &wakes);
    let dst = sink(&mut engine, 0, &got);
    engine.connect(src, dst, NS);
    let (quiet, loud) = (Arc::default(), Arc::default());
    let quiet_hook = QuietCounter(Counter(Arc::clone(&quiet)));
    engine.add_hook(dst.component, Box::new(quiet_hook));
    engine.add_hook(
        src.component,
        Box::new(QuietCounter(Counter(Arc::default()))),
    );
    engine.add_hook(src.component, Box::new(Counter(Arc::clone(&loud))));
    engine.run();
    assert_eq!(got.lock().unwrap().len(), 4, "the messages still arrive");
    assert_eq!(*quiet.lock().unwrap(), (0, 0, 0));
    // A component with one hook that watches messages tells it of them.
    assert_eq!(*loud.lock().unwrap(), (4, 0, 0));
}

/// A node of a pseudo-random message network: forwards each message it gets to a
/// neighbour chosen from the message, after a delay chosen from the message, and logs
/// everything it sees.
struct Node {
    ports: Vec<Port>,
    backlog: std::collections::VecDeque<(u32, usize)>,
    log: Log,
    /// Where nodes that also send ahead and run in order note their in-order runs
    /// (none: they do neither).
    in_order: Option<Log>,
}

impl Component<u32> for Node {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        self.log
            .lock()
            .unwrap()
            .push((ctx.now(), format!("{wake:?}")));
        if wake == Wake::InOrder {
            let journal = self.in_order.as_ref().expect("asked only with a journal");
            journal
                .lock()
                .unwrap()
                .push((ctx.now(), format!("{:?}", ctx.id())));
            return;
        }
        if let Wake::Timer(m) = wake {
            let m = m as u32;
            self.backlog.push_back((m, (m as usize) % self.ports.len()));
        }
        for &p in &self.ports {
            while let Some(m) = ctx.retrieve(p) {
                self.log
                    .lock()
                    .unwrap()
                    .push((ctx.now(), format!("got {m}")));
                if self.in_order.is_some() && m % 11 == 0 {
                    ctx.run_in_order();
                }
                if m > 3 {
                    let next = m.wrapping_mul(1_103_515_245).wrapping_add(12_345) >> 8;
                    let port = self.ports[next as usize % self.ports.len()];
                    // Some messages take a detour through a timer, some are sent ahead,
                    // some go straight on.
                    if self.in_order.is_some() && m % 7 == 0 {
                        ctx.send_ahead(port, m / 2, Time::from(m % 4) * NS);
                    } else if m % 3 == 0 {
                        ctx.wake_after(Time::from(m % 5) * NS, u64::from(m / 2));
                    } else {
                        self.backlog
                            .push_back((m / 2, next as usize % self.ports.len()));
                    }
                }
            }
        }
        while let Some(&(m, p)) = self.backlog.front() {
            if ctx.send(self.ports[p], m).is_err() {
                break;
            }
            self.backlog.pop_front();
        }
    }
}

/// What a run of a network of nodes did: every node's log, the in-order runs, the time
/// it ended and its steps, events and component runs.
type NetworkRun = (
    Vec<Vec<(Time, String)>>,
    Vec<(Time, String)>,
    Time,
    (u64, u64, u64),
);

/// Builds a fully connected network of `n` nodes and runs it; `extras`: the nodes also
/// send ahead and run in order.
fn run_network(
    n: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    sharing: Sharing,
    extras: bool,
) -> NetworkRun {
    run_network_with(n, pool, sharing, extras, |_| {})
}

/// [`run_network`], with `first` done to the engine before it runs to the end.
fn run_network_with(
    n: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    sharing: Sharing,
    extras: bool,
    first: impl FnOnce(&mut Engine<u32>),
) -> NetworkRun {
    let mut engine = Engine::new();
    engine.set_thread_pool(pool);
    engine.set_sharing(sharing);
    let ids: Vec<ComponentId> = (0..n)
        .map(|i| engine.add_component(format!("node{i}"), Clock::from_mhz(1000)))
        .collect();
    let mut ports = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            let pa = engine.add_port(ids[a], &format!("to{b}"), 1 + (a + b) % 3);
            let pb = engine.add_port(ids[b], &format!("to{a}"), 1 + (a * b) % 2);
            engine.connect(pa, pb, ((a + b) % 3) as Time * NS);
            ports[a].push(pa.port);
            ports[b].push(pb.port);
        }
    }
    let logs: Vec<Log> = (0..n).map(|_| log()).collect();
    let in_order = log();
    for (i, id) in ids.iter().enumerate() {
        engine.install(
            *id,
            Box::new(Node {
                ports: ports[i].clone(),
                backlog: Default::default(),
                log: logs[i].clone(),
                in_order: extras.then(|| in_order.clone()),
            }),
        );
        for k in 0..4 {
            engine.wake_at(
                *id,
                (k % 2) * NS,
                1_000_000 + (i as u64) * 7919 + k * 104_729,
            );
        }
    }
    first(&mut engine);
    engine.run();
    let load = engine.load();
    (
        logs.iter().map(entries).collect(),
        entries(&in_order),
        engine.now(),
        (load.steps, load.events, load.component_runs),
    )
}

/// Runs a network of 40 nodes (steps of more components than a parallel step needs)
/// serially and on 2, 3 and 4 threads, both ways of sharing, and checks every run
/// against the serial one.
fn check_network_at_any_thread_count(extras: bool) -> NetworkRun {
    let serial = run_network(40, None, Sharing::Interleaved, extras);
    let events = serial.3 .1;
    assert!(events > 100, "the network should do real work: {events}");
    assert_eq!(
        serial,
        run_network(40, None, Sharing::Interleaved, extras),
        "serial runs are reproducible"
    );
    for threads in [2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let pool = Arc::new(pool);
        // Which thread runs which component varies from run to run (a thread helps
        // with the others' components once done with its own): several runs.
        for (sharing, _) in [Sharing::Interleaved, Sharing::Blocks]
            .iter()
            .zip(0..4)
            .cycle()
            .take(8)
        {
            assert_eq!(
                run_network(40, Some(pool.clone()), *sharing, extras),
                serial,
                "{threads} threads, {sharing:?}"
            );
        }
    }
    serial
}

#[test]
fn an_engine_whose_threads_are_taken_away_mid_run_ends_as_the_serial_run() {
    // The events its threads queued stay pending in their queues. Which thread ran what
    // in the first steps varies from run to run: several runs.
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap(),
    );
    let serial = run_network(40, None, Sharing::Interleaved, true);
    for _ in 0..6 {
        let mut steps = 0;
        let split = run_network_with(
            40,
            Some(pool.clone()),
            Sharing::Interleaved,
            true,
            |engine| {
                while steps < 50 && engine.step() {
                    steps += 1;
                }
                engine.set_thread_pool(None);
            },
        );
        assert_eq!(steps, 50);
        assert_eq!(split, serial);
    }
}

#[test]
fn parallel_runs_match_the_serial_run_exactly() {
    check_network_at_any_thread_count(false);
}

#[test]
fn parallel_runs_with_sends_ahead_and_in_order_runs_match_the_serial_run_exactly() {
    // Messages cross between threads both ways, with their credits; sent ahead, they
    // spend their sender's credit on arrival, whichever thread the sender runs on.
    let serial = check_network_at_any_thread_count(true);
    let (logs, in_order, ..) = &serial;
    assert!(in_order.len() > 4, "some nodes ran in order: {in_order:?}");
    let blocked: usize = logs
        .iter()
        .flatten()
        .filter(|(_, what)| what.starts_with("PortFree"))
        .count();
    assert!(blocked > 0, "some senders found no room");
}

/// Sends one message when its timer fires, but only after asking `can_send`.
struct Polite {
    port: Port,
    wakes: Log,
}

impl Component<u32> for Polite {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        self.wakes
            .lock()
            .unwrap()
            .push((ctx.now(), format!("{wake:?}")));
        if ctx.can_send(self.port) {
            assert_eq!(ctx.send(self.port, 1), Ok(()));
        }
    }
}

#[test]
fn a_sender_that_finds_no_room_is_woken_when_room_frees() {
    let mut engine = Engine::new();
    let polite_wakes = log();
    let id = engine.add_component("polite", Clock::from_mhz(1000));
    let port = engine.add_port(id, "out", 1);
    engine.install(
        id,
        Box::new(Polite {
            port: port.port,
            wakes: polite_wakes.clone(),
        }),
    );
    let receiver = engine.add_component("receiver", Clock::from_mhz(1000));
    let input = engine.add_port(receiver, "in", 1);
    engine.install(receiver, Box::new(Endpoint));
    engine.connect(port, input, 0);
    engine.send(port, 0).unwrap(); // fills the endpoint's only place
    engine.wake_at(id, NS, 0);
    engine.run();
    assert_eq!(
        entries(&polite_wakes),
        vec![(NS, "Timer(0)".to_string())],
        "nobody frees the endpoint's place, so no further wake"
    );
    assert_eq!(engine.retrieve(input), Some(0));
    engine.run();
    let wakes = entries(&polite_wakes);
    assert_eq!(wakes.len(), 2);
    assert!(wakes[1].1.starts_with("PortFree"), "{wakes:?}");
    assert_eq!(engine.waiting(input), 1, "the second message went through");
}

/// Records, at each wake-up, how many messages wait at each port.
struct Counting {
    ports: Vec<Port>,
    seen: Log,
}

impl Component<u32> for Counting {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        let waiting: Vec<usize> = self.ports.iter().map(|&p| ctx.waiting(p)).collect();
        self.seen
            .lock()
            .unwrap()
            .push((ctx.now(), format!("{wake:?} {waiting:?}")));
        for &p in &self.ports {
            while ctx.retrieve(p).is_some() {}
        }
    }
}

#[test]
fn simultaneous_arrivals_wake_a_component_once_per_port() {
    let mut engine = Engine::new();
    let wakes = log();
    let sources: Vec<PortRef> = (0..3)
        .map(|i| {
            source(
                &mut engine,
                &format!("src{i}"),
                vec![(0, i), (0, 10 + i)],
                &wakes,
            )
        })
        .collect();
    let receiver = engine.add_component("receiver", Clock::from_mhz(1000));
    let a = engine.add_port(receiver, "a", 4);
    let b = engine.add_port(receiver, "b", 4);
    let c = engine.add_port(receiver, "c", 4);
    let seen = log();
    engine.install(
        receiver,
        Box::new(Counting {
            ports: vec![a.port, b.port, c.port],
            seen: seen.clone(),
        }),
    );
    // Each source sends two messages at 0; those of sources 0 and 1 arrive together at
    // 1 ns, those of source 2 at 2 ns.
    engine.connect(sources[0], a, NS);
    engine.connect(sources[1], b, NS);
    engine.connect(sources[2], c, 2 * NS);
    engine.run();
    assert_eq!(
        entries(&seen),
        vec![
            (NS, "Arrived(Port(0)) [2, 2, 0]".to_string()),
            (NS, "Arrived(Port(1)) [0, 0, 0]".to_string()),
            (2 * NS, "Arrived(Port(2)) [0, 0, 2]".to_string()),
        ]
    );
}

/// Who ran in order when.
type Journal = Vec<(Time, u32)>;

/// Appends its name to a journal shared with the others, only when run in order; when
/// woken otherwise it notes how long the journal is then.
struct Journaling {
    name: u32,
    journal: Arc<Mutex<Journal>>,
    seen: Log,
}

impl Component<u32> for Journaling {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, u32>) {
        if wake == Wake::InOrder {
            self.journal.lock().unwrap().push((ctx.now(), self.name));
            // Asking again while run in order has no effect.
            ctx.run_in_order();
            return;
        }
        let len = self.journal.lock().unwrap().len();
        self.seen.lock().unwrap().push((ctx.now(), len.to_string()));
        if let Wake::Timer(t) = wake {
            if t % 2 == 0 {
                ctx.run_in_order();
            }
            if t < 12 {
                ctx.wake_after(NS * (1 + t % 3), t + 1 + u64::from(self.name) % 2);
            }
        }
    }
}

fn run_journals(pool: Option<Arc<rayon::ThreadPool>>) -> (Journal, Vec<(Time, String)>) {
    let mut engine = Engine::new();
    engine.set_thread_pool(pool);
    let journal = Arc::new(Mutex::new(Vec::new()));
    let seen = log();
    for name in 0..8 {
        let id = engine.add_component(format!("j{name}"), Clock::from_mhz(1000));
        engine.install(
            id,
            Box::new(Journaling {
                name,
                journal: journal.clone(),
                seen: seen.clone(),
            }),
        );
        engine.wake_at(id, 0, u64::from(name % 3));
    }
    engine.run();
    let mut seen = entries(&seen);
    seen.sort();
    let journal = journal.lock().unwrap().clone();
    (journal, seen)
}

#[test]
fn in_order_runs_follow_the_step_in_component_order_at_any_thread_count() {
    let (journal, seen) = run_journals(None);
    assert!(journal.len() > 16, "{journal:?}");
    // Within an instant, in component order; every component asked once per step.
    assert!(journal.windows(2).all(|w| w[0] < w[1]), "{journal:?}");
    // Components woken at a time saw the journal as the earlier times left it: the
    // in-order runs come after every component of the step has run.
    for (time, len) in &seen {
        let before = journal.iter().filter(|(t, _)| t < time).count();
        assert_eq!(len, &before.to_string(), "at {time}");
    }
    for threads in [2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        assert_eq!(
            run_journals(Some(Arc::new(pool))),
            (journal.clone(), seen.clone())
        );
    }
}
