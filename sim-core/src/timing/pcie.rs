//! A PCIe link: carries memory messages between two sides (the host and a GPU's DMA
//! engine, or two GPUs) with a latency and a bandwidth shared by the messages going the
//! same way.

use super::plumbing::{count_by, take, Outbox, Pipeline};
use super::protocol::{Access, CarriesMemory, MemoryMessage, Payload};
use crate::engine::{Component, Context, Port, Time, Wake};

/// Messages a direction holds in transit before the link stops taking more.
const IN_FLIGHT_PER_DIRECTION: usize = 64;

/// Bytes of data a message carries over the link.
fn payload_bytes(msg: &MemoryMessage) -> u64 {
    match msg {
        MemoryMessage::Request(req) => match &req.access {
            Access::Write { data } => data.len() as u64,
            _ => 0,
        },
        MemoryMessage::Response(response) => response.result.as_ref().map_or(0, Payload::len),
        MemoryMessage::Translate(_) | MemoryMessage::Translation(_) => 0,
    }
}

/// One direction of the link.
#[derive(Debug)]
struct Direction {
    from: Port,
    to: Port,
    /// When the wire is free for the next message.
    free: Time,
    in_flight: usize,
}

/// The link. A message taken at one side starts when the wire of its direction is free,
/// occupies it for `payload / bandwidth`, and arrives at the other side `latency` after
/// it has been sent whole. Messages pass in order; the payload bytes are counted
/// (`bytes`) for the hooks.
pub struct PcieLink {
    directions: [Direction; 2],
    /// Picoseconds per byte × 1000 (bandwidth in GB/s gives 1000/bw ps per byte).
    femtoseconds_per_byte: u64,
    latency: Time,
    transit: Pipeline<(usize, MemoryMessage)>,
    outbox: Outbox,
}

impl PcieLink {
    /// A link between ports `a` and `b` (its own) of `gbytes_per_s` bandwidth each way and
    /// `latency`.
    pub fn new(a: Port, b: Port, gbytes_per_s: f64, latency: Time) -> Self {
        let direction = |from, to| Direction {
            from,
            to,
            free: 0,
            in_flight: 0,
        };
        PcieLink {
            directions: [direction(a, b), direction(b, a)],
            femtoseconds_per_byte: (1_000_000.0 / gbytes_per_s).round() as u64,
            latency,
            transit: Pipeline::default(),
            outbox: Outbox::default(),
        }
    }
}

impl<M: CarriesMemory> Component<M> for PcieLink {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, M>) {
        while let Some((d, msg)) = self.transit.pop_due(ctx.now()) {
            self.directions[d].in_flight -= 1;
            self.outbox.push(self.directions[d].to, msg);
        }
        for d in 0..2 {
            while self.directions[d].in_flight < IN_FLIGHT_PER_DIRECTION {
                let Some(msg) = take(ctx, self.directions[d].from) else {
                    break;
                };
                let bytes = payload_bytes(&msg);
                count_by(ctx, "bytes", bytes);
                let direction = &mut self.directions[d];
                let start = ctx.now().max(direction.free);
                direction.free = start + (bytes * self.femtoseconds_per_byte).div_ceil(1000);
                direction.in_flight += 1;
                let due = direction.free + self.latency;
                self.transit.push(ctx, due, (d, msg));
            }
        }
        self.outbox.send(ctx);
    }
}
