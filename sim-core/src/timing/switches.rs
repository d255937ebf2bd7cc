//! MGPUSim's PCIe network flit by flit (akita v3's `noc/networking/switching` as
//! `pcie.Connector` and `networkconnector` set it up): the inter-GPU fabric's
//! `platform.link_model = "switches"`.
//!
//! Every GPU has an endpoint; every `gpus_per_switch` GPUs share a switch whose first
//! port leads to the root complex (whose first port is the host's, idle here). Each
//! cycle of the fabric's clock:
//!
//! - an **endpoint** sends the first of its flits waiting to leave if its link takes it;
//!   cuts the message it accepted last cycle (it holds one) into flits of
//!   `flit_bytes`, queued to leave behind those waiting (no limit); hands over the
//!   messages reassembled last cycle; marks those whose last flit came last cycle as
//!   reassembled; and takes one flit from its incoming buffer.
//! - a **switch** (only in cycles it is ticking: it made progress the cycle before, or a
//!   flit reached one of its ports, or a link it could not send on took one) sends each
//!   output's one waiting flit on its link; lets a crossbar arbiter give each output to
//!   one input, trying the inputs from one that turns each tick, and moves each chosen
//!   input's flit (its one-flit forward buffer) into the output's one-flit buffer if it
//!   is free; moves each input's routed flit (one-flit route buffer) into its forward
//!   buffer, choosing its output; moves the flits of each input's pipeline (`latency`
//!   stages of one flit) one stage on where the next is free, the last into the route
//!   buffer; and takes one flit from each input's buffer into the pipeline's first stage.
//! - then every **link** (akita's ideal direct connection) moves as many flits as fit
//!   from the sender's outgoing buffer (16 flits) into the receiver's incoming buffer
//!   (16 flits), which the receiver sees the next cycle.
//!
//! A flit waiting for an output another input took holds up the flits behind it in its
//! input (head-of-line blocking); a full buffer stops the sender. A lone flit from an
//! endpoint's message accepted in cycle t is taken by the first switch in t + 3 and by
//! each next switch or the far endpoint `latency + 4` cycles after the one before; the
//! message is handed over 2 cycles after its last flit is taken.

use std::collections::VecDeque;

/// Flits each buffer of a link holds (akita's `pcie.Connector`: 16 at every end).
pub(super) const BUFFER_FLITS: usize = 16;

/// A part of the network that sends or receives flits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Host,
    Endpoint(usize),
    Switch(usize),
}

/// One flit of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Flit {
    /// The message's number.
    message: u32,
    /// The GPU it goes to.
    to: u16,
    /// Flits of its message.
    of: u16,
    /// The bytes of its message it carries.
    bytes: u16,
    /// Whether it is its message's last.
    last: bool,
}

/// One direction of a link: the sender's outgoing buffer and the receiver's incoming one.
#[derive(Debug)]
struct Wire {
    name: String,
    sender: Unit,
    receiver: Unit,
    outgoing: VecDeque<Flit>,
    incoming: VecDeque<Flit>,
    /// Whether a send was refused since the last move (the sender is told of room).
    refused: bool,
}

/// A flit that left on a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Moved {
    /// The link ([`SwitchNetwork::link_names`] order).
    pub(super) link: usize,
    /// The cycle it left.
    pub(super) cycle: u64,
    /// The bytes of its message it carries.
    pub(super) bytes: u64,
    /// Whether it is its message's last flit.
    pub(super) last: bool,
}

/// One port of a switch: its input's pipeline and buffers, and its output's buffer.
#[derive(Debug, Default)]
struct SwitchPort {
    /// The wire flits arrive on, and the one they leave on.
    input: usize,
    output: usize,
    /// The flits in the pipeline with their stages, the farthest first.
    pipeline: VecDeque<(u32, Flit)>,
    route: Option<Flit>,
    /// A flit and the port it leaves through.
    forward: Option<(Flit, usize)>,
    send_out: Option<Flit>,
}

#[derive(Debug)]
struct Switch {
    ports: Vec<SwitchPort>,
    /// `route[g]`: the port toward GPU g.
    route: Vec<usize>,
    /// The input the arbiter tries first at its next tick.
    arbiter_start: usize,
    /// Whether it ticks in the next cycle.
    ticking: bool,
}

#[derive(Debug)]
struct Endpoint {
    to_switch: usize,
    from_switch: usize,
    /// The message accepted this cycle: number, destination, bytes.
    accepted: Option<(u32, u16, u64)>,
    to_send: VecDeque<Flit>,
    /// Messages with flits arrived: number, flits arrived, flits in all.
    assembling: Vec<(u32, u16, u16)>,
    assembled: VecDeque<u32>,
}

/// The endpoints, switches and links of a PCIe tree (see the module documentation).
#[derive(Debug)]
pub(super) struct SwitchNetwork {
    flit_bytes: u64,
    latency: u32,
    wires: Vec<Wire>,
    endpoints: Vec<Endpoint>,
    switches: Vec<Switch>,
    /// The next cycle to simulate.
    cycle: u64,
    /// Messages accepted and not yet handed over.
    in_flight: usize,
    /// Flits that left on a link, in order, until taken.
    moved: Vec<Moved>,
    /// Messages handed over, in order, until taken.
    delivered: Vec<u32>,
}

impl SwitchNetwork {
    /// A PCIe tree of `gpus` GPUs, `per_switch` below each switch, switches of
    /// `latency` cycles, links moving one flit of `flit_bytes` a cycle.
    pub(super) fn pcie_tree(gpus: usize, per_switch: usize, latency: u32, flit_bytes: u64) -> Self {
        assert!(flit_bytes > 0, "a network of switches moves flits");
        assert!(latency > 0, "a switch's pipeline has a stage at least");
        let per_switch = per_switch.max(1);
        let switches = gpus.div_ceil(per_switch);
        let mut net = SwitchNetwork {
            flit_bytes,
            latency,
            wires: Vec::new(),
            endpoints: Vec::new(),
            switches: Vec::new(),
            cycle: 0,
            in_flight: 0,
            moved: Vec::new(),
            delivered: Vec::new(),
        };
        // Switch 0..switches: the GPUs' switches; switch `switches`: the root complex.
        let root = switches;
        for _ in 0..=switches {
            net.switches.push(Switch {
                ports: Vec::new(),
                route: vec![0; gpus],
                arbiter_start: 0,
                ticking: false,
            });
        }
        // The root's first port: the host's endpoint (no traffic here).
        let host_up = net.wire("host>root", Unit::Host, Unit::Switch(root));
        let host_down = net.wire("root>host", Unit::Switch(root), Unit::Host);
        net.port(root, host_up, host_down);
        // Each switch's first port leads to the root, the root's port s + 1 to switch s.
        for s in 0..switches {
            let up = net.wire(
                &format!("switch{s}>root"),
                Unit::Switch(s),
                Unit::Switch(root),
            );
            let down = net.wire(
                &format!("root>switch{s}"),
                Unit::Switch(root),
                Unit::Switch(s),
            );
            net.port(s, down, up);
            net.port(root, up, down);
        }
        for g in 0..gpus {
            let s = g / per_switch;
            let gpu = Unit::Endpoint(g);
            let up = net.wire(&format!("gpu{g}>switch{s}"), gpu, Unit::Switch(s));
            let down = net.wire(&format!("switch{s}>gpu{g}"), Unit::Switch(s), gpu);
            let port = net.port(s, up, down);
            net.endpoints.push(Endpoint {
                to_switch: up,
                from_switch: down,
                accepted: None,
                to_send: VecDeque::new(),
                assembling: Vec::new(),
                assembled: VecDeque::new(),
            });
            // Other GPUs' switches send toward g through the root (their port 0).
            net.switches[s].route[g] = port;
            net.switches[root].route[g] = 1 + s;
        }
        net
    }

    /// Adds a wire named `name` from `sender` to `receiver`; returns its number.
    fn wire(&mut self, name: &str, sender: Unit, receiver: Unit) -> usize {
        self.wires.push(Wire {
            name: name.to_string(),
            sender,
            receiver,
            outgoing: VecDeque::new(),
            incoming: VecDeque::new(),
            refused: false,
        });
        self.wires.len() - 1
    }

    /// Adds a port to switch `s` taking flits from wire `input` and sending on wire
    /// `output`; returns its number.
    fn port(&mut self, s: usize, input: usize, output: usize) -> usize {
        let ports = &mut self.switches[s].ports;
        assert!(ports.len() < 64, "a switch has at most 64 ports");
        ports.push(SwitchPort {
            input,
            output,
            ..SwitchPort::default()
        });
        ports.len() - 1
    }

    /// The links' names (`gpu0>switch0`, `root>switch1`, …), in the order of
    /// [`Moved::link`].
    pub(super) fn link_names(&self) -> impl Iterator<Item = &str> {
        self.wires.iter().map(|w| w.name.as_str())
    }

    /// Whether anything is in flight (the network needs cycles simulated).
    pub(super) fn busy(&self) -> bool {
        self.in_flight > 0
    }

    /// The next cycle to simulate.
    pub(super) fn next_cycle(&self) -> u64 {
        self.cycle
    }

    /// Whether GPU `gpu`'s endpoint accepts a message this cycle (it holds one until it
    /// cuts it into flits, the next cycle).
    pub(super) fn can_accept(&self, gpu: usize) -> bool {
        self.endpoints[gpu].accepted.is_none()
    }

    /// GPU `from`'s endpoint accepts message `message` of `bytes` for GPU `to` in cycle
    /// `cycle` (the network idle until then, or simulated up to `cycle`).
    ///
    /// # Panics
    /// If the endpoint holds a message already ([`can_accept`](Self::can_accept)).
    pub(super) fn accept(
        &mut self,
        cycle: u64,
        (from, to): (usize, usize),
        message: u32,
        bytes: u64,
    ) {
        if self.busy() {
            assert_eq!(
                self.cycle,
                cycle + 1,
                "accepted in the cycle last simulated"
            );
        } else {
            self.cycle = self.cycle.max(cycle + 1);
        }
        let endpoint = &mut self.endpoints[from];
        assert!(endpoint.accepted.is_none(), "the endpoint holds a message");
        endpoint.accepted = Some((message, to as u16, bytes));
        self.in_flight += 1;
    }

    /// Flits that left on links since the last call.
    pub(super) fn take_moved(&mut self) -> Vec<Moved> {
        std::mem::take(&mut self.moved)
    }

    /// The numbers of the messages handed over since the last call.
    pub(super) fn take_delivered(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.delivered)
    }

    /// Simulates cycle [`next_cycle`](Self::next_cycle).
    pub(super) fn step(&mut self) {
        let cycle = self.cycle;
        for e in 0..self.endpoints.len() {
            self.tick_endpoint(e, cycle);
        }
        for s in 0..self.switches.len() {
            let switch = &mut self.switches[s];
            if std::mem::take(&mut switch.ticking) {
                let progress = self.tick_switch(s, cycle);
                self.switches[s].ticking |= progress;
            }
        }
        for wire in &mut self.wires {
            let mut moved = false;
            while wire.incoming.len() < BUFFER_FLITS {
                let Some(flit) = wire.outgoing.pop_front() else {
                    break;
                };
                wire.incoming.push_back(flit);
                moved = true;
            }
            if moved {
                if let Unit::Switch(s) = wire.receiver {
                    self.switches[s].ticking = true;
                }
                // A sender refused room is told of it (a switch ticks again).
                if let (true, Unit::Switch(s)) = (std::mem::take(&mut wire.refused), wire.sender) {
                    self.switches[s].ticking = true;
                }
            }
        }
        self.cycle += 1;
    }

    /// Sends `flit` on `wire` if its outgoing buffer has room.
    fn send(&mut self, wire: usize, flit: Flit, cycle: u64) -> bool {
        let w = &mut self.wires[wire];
        if w.outgoing.len() >= BUFFER_FLITS {
            w.refused = true;
            return false;
        }
        w.outgoing.push_back(flit);
        self.moved.push(Moved {
            link: wire,
            cycle,
            bytes: flit.bytes.into(),
            last: flit.last,
        });
        true
    }

    fn tick_endpoint(&mut self, e: usize, cycle: u64) {
        // Send the first waiting flit.
        if let Some(&flit) = self.endpoints[e].to_send.front() {
            if self.send(self.endpoints[e].to_switch, flit, cycle) {
                self.endpoints[e].to_send.pop_front();
            }
        }
        let flit_bytes = self.flit_bytes;
        let endpoint = &mut self.endpoints[e];
        // Cut the accepted message into flits.
        if let Some((message, to, bytes)) = endpoint.accepted.take() {
            let of = bytes.div_ceil(flit_bytes).max(1);
            for i in 0..of {
                let carried = bytes.saturating_sub(i * flit_bytes).min(flit_bytes);
                endpoint.to_send.push_back(Flit {
                    message,
                    to,
                    of: of as u16,
                    bytes: carried as u16,
                    last: i + 1 == of,
                });
            }
        }
        // Hand over the messages reassembled, then mark those complete.
        for message in endpoint.assembled.drain(..) {
            self.delivered.push(message);
            self.in_flight -= 1;
        }
        endpoint.assembling.retain(|&(message, arrived, of)| {
            let complete = arrived == of;
            if complete {
                endpoint.assembled.push_back(message);
            }
            !complete
        });
        // Take one flit.
        if let Some(flit) = self.wires[endpoint.from_switch].incoming.pop_front() {
            match endpoint.assembling.iter_mut().find(|m| m.0 == flit.message) {
                Some(m) => m.1 += 1,
                None => endpoint.assembling.push((flit.message, 1, flit.of)),
            }
        }
    }

    /// One tick of switch `s`; returns whether it made progress.
    fn tick_switch(&mut self, s: usize, cycle: u64) -> bool {
        let mut progress = false;
        let ports = self.switches[s].ports.len();
        // Send out.
        for p in 0..ports {
            let port = &self.switches[s].ports[p];
            if let Some(flit) = port.send_out {
                if self.send(port.output, flit, cycle) {
                    self.switches[s].ports[p].send_out = None;
                    progress = true;
                }
            }
        }
        let latency = self.latency;
        let switch = &mut self.switches[s];
        // Forward: each output to one input, from the input whose turn it is.
        let start = switch.arbiter_start;
        let mut taken = 0u64;
        for i in 0..ports {
            let p = (start + i) % ports;
            let Some((flit, out)) = switch.ports[p].forward else {
                continue;
            };
            if taken & (1 << out) != 0 {
                continue;
            }
            taken |= 1 << out;
            if switch.ports[out].send_out.is_none() {
                switch.ports[out].send_out = Some(flit);
                switch.ports[p].forward = None;
                progress = true;
            }
        }
        switch.arbiter_start = (start + 1) % ports;
        // Route, then move the pipelines, then take one flit per input.
        for p in 0..ports {
            let port = &mut switch.ports[p];
            if port.forward.is_none() {
                if let Some(flit) = port.route.take() {
                    port.forward = Some((flit, switch.route[usize::from(flit.to)]));
                    progress = true;
                }
            }
            progress |= advance_pipeline(port, latency);
            if port.pipeline.back().is_none_or(|&(stage, _)| stage > 0) {
                if let Some(flit) = self.wires[port.input].incoming.pop_front() {
                    port.pipeline.push_back((0, flit));
                    progress = true;
                }
            }
        }
        progress
    }
}

/// Moves the flits of `port`'s pipeline of `latency` stages one stage on where the next
/// is free (the last stage's into the route buffer, if free); returns whether one moved.
fn advance_pipeline(port: &mut SwitchPort, latency: u32) -> bool {
    let mut progress = false;
    // The stage the flit ahead occupies (after its move), or `latency` if none.
    let mut ahead = latency;
    if let Some(&(stage, flit)) = port.pipeline.front() {
        if stage + 1 == latency && port.route.is_none() {
            port.route = Some(flit);
            port.pipeline.pop_front();
            progress = true;
        }
    }
    for (stage, _) in port.pipeline.iter_mut() {
        if *stage + 1 < ahead {
            *stage += 1;
            progress = true;
        }
        ahead = *stage;
    }
    progress
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MGPUSim's tree of four GPUs: two a switch, 140 cycles a switch, 64-byte flits.
    fn four_gpus() -> SwitchNetwork {
        SwitchNetwork::pcie_tree(4, 2, 140, 64)
    }

    /// Messages by number with the cycle each was handed over, and flits by the link
    /// they left on and the cycle.
    type Run = (Vec<(u32, u64)>, Vec<(String, u64)>);

    /// Runs `net` while busy; returns what it handed over and what left on its links.
    fn run(net: &mut SwitchNetwork) -> Run {
        let (mut delivered, mut moved) = (Vec::new(), Vec::new());
        while net.busy() {
            let cycle = net.next_cycle();
            net.step();
            delivered.extend(net.take_delivered().into_iter().map(|m| (m, cycle)));
            moved.extend(net.take_moved());
        }
        let names: Vec<String> = net.link_names().map(String::from).collect();
        let moved = moved.iter().map(|m| (names[m.link].clone(), m.cycle));
        (delivered, moved.collect())
    }

    #[test]
    fn a_lone_flit_takes_three_cycles_to_its_switch_and_144_a_switch() {
        // Accepted in cycle 10: cut into its flit in 11, sent in 12, taken by switch 0 in
        // 13; 140 stages (in the last at 152), the route buffer in 153, the forward
        // buffer in 154, the output's in 155, sent in 156; taken by GPU 1's endpoint in
        // 157, reassembled in 158, handed over in 159.
        let mut net = four_gpus();
        net.accept(10, (0, 1), 7, 12);
        let (delivered, moved) = run(&mut net);
        assert_eq!(delivered, [(7, 159)]);
        assert_eq!(
            moved,
            [
                ("gpu0>switch0".to_string(), 12),
                ("switch0>gpu1".into(), 156)
            ]
        );
        // To a GPU under the other switch: three switches of 144 cycles.
        let mut net = four_gpus();
        net.accept(10, (0, 2), 3, 68);
        let (delivered, moved) = run(&mut net);
        // Two flits, one a cycle behind the other; the message when the second is in.
        assert_eq!(delivered, [(3, 10 + 3 + 3 * 144 + 2 + 1)]);
        let path: Vec<(&str, u64)> = moved.iter().map(|(l, c)| (l.as_str(), *c)).collect();
        assert_eq!(
            path,
            [
                ("gpu0>switch0", 12),
                ("gpu0>switch0", 13),
                ("switch0>root", 156),
                ("switch0>root", 157),
                ("root>switch1", 300),
                ("root>switch1", 301),
                ("switch1>gpu2", 444),
                ("switch1>gpu2", 445),
            ]
        );
    }

    #[test]
    fn an_endpoint_takes_one_message_a_cycle() {
        let mut net = four_gpus();
        assert!(net.can_accept(0));
        net.accept(0, (0, 1), 0, 12);
        assert!(
            !net.can_accept(0),
            "it holds the message until the next cycle"
        );
        assert!(net.can_accept(1));
        net.step();
        assert!(net.can_accept(0));
    }

    /// The messages whose flits switch `s`'s input `p` holds, in order (pipeline and
    /// buffers, the oldest first).
    fn input_order(net: &SwitchNetwork, s: usize, p: usize) -> Vec<u32> {
        let port = &net.switches[s].ports[p];
        let mut order: Vec<u32> = port.forward.iter().map(|f| f.0.message).collect();
        order.extend(port.route.iter().map(|f| f.message));
        order.extend(port.pipeline.iter().map(|f| f.1.message));
        order
    }

    #[test]
    fn two_inputs_take_a_taken_output_by_the_arbiters_turn() {
        // GPUs 0 and 1 each send 8 flits to GPU 2 at once: both flits reach switch 0's
        // forward buffers in cycle 155 (switch 0 ticked since 13: 142 ticks, so the
        // arbiter starts at port 142 mod 3 = 1, GPU 0's). Its ports: 0 the root's (idle),
        // 1 GPU 0's, 2 GPU 1's; the start turns each tick, so starts 0 and 1 find GPU 0
        // first and start 2 GPU 1: GPU 0, GPU 1, GPU 0, GPU 0, GPU 1, … until GPU 0's 8
        // flits are out, then GPU 1's last ones.
        let mut net = four_gpus();
        net.accept(0, (0, 2), 0, 8 * 64);
        net.accept(0, (1, 2), 1, 8 * 64);
        // The last of them leaves switch 0 in 171 and enters the root's pipeline in 172.
        while net.next_cycle() <= 172 {
            net.step();
        }
        // The root's input from switch 0 holds them in the order they took the output.
        let order = input_order(&net, 2, 1);
        assert_eq!(
            order,
            [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1],
            "switch0>root's flits by message"
        );
        let (delivered, _) = run(&mut net);
        // One flit a cycle into GPU 2: GPU 0's message complete with its 12th flit, GPU
        // 1's with the 16th.
        assert_eq!(delivered[1].1 - delivered[0].1, 4);
    }

    #[test]
    fn a_flit_behind_a_blocked_first_flit_waits_for_it() {
        // GPU 1 streams to GPU 0, so switch 0's output toward GPU 0 is contended; a flit
        // for GPU 0 (from GPU 2) comes in from the root with a flit for GPU 1 (from GPU
        // 3) right behind it, whose output is idle. The second waits for the first to
        // leave the input: its extra wait is the first one's, whatever the turn.
        let alone = |from: usize, to: usize, at: u64| {
            let mut net = four_gpus();
            net.accept(at, (from, to), 0, 12);
            run(&mut net).0[0].1
        };
        let mut waited = Vec::new();
        for offset in 0..6 {
            let mut net = four_gpus();
            net.accept(0, (1, 0), 9, 1000 * 64);
            let (a, b) = (10 + offset, 11 + offset);
            while net.next_cycle() <= a {
                net.step();
            }
            net.accept(a, (2, 0), 1, 12);
            // Simulate up to cycle b, then accept the second.
            while net.next_cycle() <= b {
                net.step();
            }
            net.accept(b, (3, 1), 2, 12);
            let (delivered, _) = run(&mut net);
            let at = |m: u32| delivered.iter().find(|d| d.0 == m).unwrap().1;
            let first = at(1) - alone(2, 0, a);
            let second = at(2) - alone(3, 1, b);
            assert_eq!(
                second, first,
                "offset {offset}: the second waits as the first"
            );
            waited.push(first);
        }
        assert!(
            waited.iter().any(|&w| w > 0),
            "the first waited: {waited:?}"
        );
    }

    #[test]
    fn full_buffers_stop_the_sender() {
        // GPUs 1 and 2 each send 1,000 flits to GPU 0. Switch 0's output toward GPU 0
        // takes one a cycle, two turns of three for GPU 1's input (ports: root, GPU 0
        // (idle), GPU 1), one for the root's: the flits from GPU 2 back up through the
        // root complex and switch 1 to the buffers of GPU 2's link, 16 flits at each end,
        // and then wait in GPU 2's endpoint.
        let mut net = four_gpus();
        net.accept(0, (1, 0), 0, 1000 * 64);
        net.accept(0, (2, 0), 1, 1000 * 64);
        let mut most = 0;
        let mut stopped = false;
        let mut last = 0;
        while net.busy() {
            net.step();
            for wire in &net.wires {
                most = most.max(wire.outgoing.len()).max(wire.incoming.len());
            }
            let gpu2 = &net.wires[net.endpoints[2].to_switch];
            stopped |= gpu2.outgoing.len() == BUFFER_FLITS
                && gpu2.incoming.len() == BUFFER_FLITS
                && !net.endpoints[2].to_send.is_empty();
            if !net.take_delivered().is_empty() {
                last = net.next_cycle() - 1;
            }
        }
        assert_eq!(most, BUFFER_FLITS, "no buffer holds more than 16 flits");
        assert!(stopped, "GPU 2's flits waited behind its full link");
        // GPU 0 takes one flit a cycle: 2,000 cycles after the first arrives at least.
        assert!(last >= 3 + 144 + 2000, "last message at {last}");
    }
}
