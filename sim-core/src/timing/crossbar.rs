//! A single-stage crossbar: routes requests from many senders to address-interleaved
//! receivers (L1 caches to L2 banks, L2 banks to DRAM controllers) and the answers back;
//! requests for another GPU's memory leave through a link to that GPU.

use super::plumbing::{take, Outbox, Pipeline};
use super::protocol::{
    gpu_of, local_address, Access, CarriesMemory, MemRequest, MemResponse, MemoryMessage, Payload,
};
use super::slot_table::SlotTable;
use super::waiting_ports::WaitingPorts;
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use std::collections::BTreeMap;

/// Messages the crossbar queues per output before it stops taking requests for it.
const QUEUE_PER_OUTPUT: usize = 4;

/// Where an answer goes back to.
#[derive(Debug)]
enum Route {
    /// Answer `id` through `input`; `remote`: when the request left for another GPU (a
    /// `remote` task, whose latency the metrics report), if it did.
    Back {
        input: Port,
        id: u64,
        remote: Option<Time>,
    },
    /// One part of the broadcast flush `group`.
    FlushPart { group: u64 },
}

/// The crossbar. A request taken at an input goes to output number
/// `(local address / interleave_bytes) % outputs`, `latency` later; its answer goes back
/// to the input after `latency` too. A flush goes to every output and is answered once
/// all have answered. When an output's queue is full, requests for it wait in their
/// input's buffer (holding back that input's later requests: head-of-line blocking).
///
/// A request whose physical address belongs to a GPU with a remote port
/// ([`with_remote`](Self::with_remote)) leaves through that port instead; a remote port
/// also takes requests from that GPU (routed like an input's) and answers to its own.
pub struct Crossbar {
    /// The inputs, then the remote ports.
    inputs: WaitingPorts,
    outputs: WaitingPorts,
    /// Links to other GPUs, by GPU.
    remotes: BTreeMap<usize, Port>,
    /// log2 of the interleaving granule (line sizes are powers of two).
    interleave_shift: u32,
    latency: Time,
    /// Requests passed on, by id.
    routes: SlotTable<Route>,
    /// Broadcast flushes: (input, id, answers awaited).
    flushes: BTreeMap<u64, (Port, u64, usize)>,
    /// Messages on their way through, to leave through a port when due.
    transit: Pipeline<(Port, MemoryMessage)>,
    /// Messages in transit to each port, by port index.
    in_transit: Vec<usize>,
    outbox: Outbox,
    next_id: u64,
}

impl Crossbar {
    /// A crossbar from `inputs` to `outputs` interleaved every `interleave_bytes`, with
    /// `latency` each way.
    pub fn new(
        inputs: Vec<Port>,
        outputs: Vec<Port>,
        interleave_bytes: u64,
        latency: Time,
    ) -> Self {
        assert!(
            interleave_bytes.is_power_of_two(),
            "validated configuration: line sizes are powers of two"
        );
        Crossbar {
            inputs: WaitingPorts::new(inputs),
            outputs: WaitingPorts::new(outputs),
            remotes: BTreeMap::new(),
            interleave_shift: interleave_bytes.trailing_zeros(),
            latency,
            routes: SlotTable::default(),
            flushes: BTreeMap::new(),
            transit: Pipeline::default(),
            in_transit: Vec::new(),
            outbox: Outbox::default(),
            next_id: 0,
        }
    }

    /// Sends requests for GPU `gpu`'s memory through `port` (linked to that GPU's
    /// crossbar), and takes that GPU's requests for this one's memory there.
    pub fn with_remote(mut self, gpu: usize, port: Port) -> Self {
        self.remotes.insert(gpu, port);
        self.inputs.push(port);
        self
    }

    fn output_for(&self, req: &MemRequest) -> Port {
        if !self.remotes.is_empty() {
            if let Some(&remote) = self.remotes.get(&gpu_of(req.address)) {
                return remote;
            }
        }
        let block = local_address(req.address) >> self.interleave_shift;
        let outputs = self.outputs.ports().len() as u64;
        // Usually a power of two: a mask instead of a division (this runs for every
        // request waiting at an input, each time the crossbar wakes).
        let index = if outputs.is_power_of_two() {
            block & (outputs - 1)
        } else {
            block % outputs
        };
        self.outputs.ports()[index as usize]
    }

    fn forward<M>(&mut self, ctx: &mut Context<'_, M>, port: Port, msg: MemoryMessage) {
        if self.in_transit.len() <= port.index() {
            self.in_transit.resize(port.index() + 1, 0);
        }
        self.in_transit[port.index()] += 1;
        let due = ctx.now() + self.latency;
        self.transit.push(ctx, due, (port, msg));
    }

    fn room_for(&self, port: Port) -> bool {
        self.outbox.queued(port) + self.in_transit.get(port.index()).copied().unwrap_or(0)
            < QUEUE_PER_OUTPUT
    }

    /// Sends request `req` from `input` through `output` under a new id.
    fn pass_on<M>(
        &mut self,
        ctx: &mut Context<'_, M>,
        output: Port,
        mut req: MemRequest,
        route: Route,
    ) {
        let remote = matches!(
            route,
            Route::Back {
                remote: Some(_),
                ..
            }
        );
        req.id = self.routes.insert(route) as u64;
        if remote {
            ctx.start_task(req.id, "remote");
        }
        self.forward(ctx, output, MemoryMessage::Request(req));
    }

    fn answer_from_output<M>(&mut self, ctx: &mut Context<'_, M>, response: MemResponse) {
        let route = self
            .routes
            .remove(response.id as usize)
            .unwrap_or_else(|| panic!("a response to unknown request {}", response.id));
        match route {
            Route::Back { input, id, remote } => {
                if let Some(started) = remote {
                    let task = Task {
                        id: response.id,
                        started,
                    };
                    ctx.end_task(task, "remote");
                }
                let answer = MemResponse {
                    id,
                    result: response.result,
                };
                self.forward(ctx, input, MemoryMessage::Response(answer));
            }
            Route::FlushPart { group } => {
                let flush = self.flushes.get_mut(&group).expect("a flush in progress");
                flush.2 -= 1;
                if flush.2 == 0 {
                    let (input, id, _) = self.flushes.remove(&group).expect("present");
                    let answer = MemResponse {
                        id,
                        result: Ok(Payload::EMPTY),
                    };
                    self.forward(ctx, input, MemoryMessage::Response(answer));
                }
            }
        }
    }
}

impl<M: CarriesMemory> Component<M> for Crossbar {
    /// Once per step: a run takes everything waiting and forwards what the outputs accept,
    /// whatever woke it, so a second run in the same step would find nothing to do.
    fn handle_step(&mut self, wakes: &[Wake], ctx: &mut Context<'_, M>) {
        for &wake in wakes {
            self.note(wake);
        }
        self.run(ctx);
    }

    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, M>) {
        self.note(wake);
        self.run(ctx);
    }
}

impl Crossbar {
    /// Marks the input or output a message arrived at, if `wake` says so.
    fn note(&mut self, wake: Wake) {
        self.inputs.note(wake);
        self.outputs.note(wake);
    }

    /// Takes everything waiting and forwards what the outputs accept.
    fn run<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        while let Some((port, msg)) = self.transit.pop_due(ctx.now()) {
            self.in_transit[port.index()] -= 1;
            self.outbox.send_or_push(ctx, port, msg);
        }
        // Room freed at the outputs counts before deciding whether to take requests.
        self.outbox.send(ctx);
        let mut from = 0;
        while let Some((place, output)) = self.outputs.next(from) {
            while let Some(msg) = take(ctx, output) {
                match msg {
                    MemoryMessage::Response(response) => self.answer_from_output(ctx, response),
                    other => panic!("the crossbar received {other:?} from an output"),
                }
            }
            self.outputs.unmark(place);
            from = place + 1;
        }
        let mut from = 0;
        while let Some((place, input)) = self.inputs.next(from) {
            from = place + 1;
            while let Some(msg) = ctx.peek(input) {
                let req = match msg.as_memory() {
                    Some(MemoryMessage::Request(req)) => req,
                    Some(MemoryMessage::Response(_)) => {
                        let Some(MemoryMessage::Response(response)) = take(ctx, input) else {
                            unreachable!("peeked a response");
                        };
                        self.answer_from_output(ctx, response);
                        continue;
                    }
                    _ => panic!("the crossbar received a translation message"),
                };
                let flush = matches!(req.access, Access::Flush { .. });
                let output = self.output_for(req);
                if flush && !self.outputs.ports().iter().all(|&o| self.room_for(o))
                    || !self.room_for(output)
                {
                    break;
                }
                let Some(MemoryMessage::Request(req)) = take(ctx, input) else {
                    unreachable!("peeked a request");
                };
                if flush {
                    self.next_id += 1;
                    let group = self.next_id;
                    self.flushes
                        .insert(group, (input, req.id, self.outputs.ports().len()));
                    for o in 0..self.outputs.ports().len() {
                        let output = self.outputs.ports()[o];
                        let part = MemRequest {
                            id: 0,
                            address: 0,
                            access: req.access.clone(),
                        };
                        self.pass_on(ctx, output, part, Route::FlushPart { group });
                    }
                } else {
                    let id = req.id;
                    let remote = (self.remotes.values().any(|&p| p == output)).then(|| ctx.now());
                    self.pass_on(ctx, output, req, Route::Back { input, id, remote });
                }
            }
            if ctx.waiting(input) == 0 {
                self.inputs.unmark(place);
            }
        }
        self.outbox.send(ctx);
    }
}
