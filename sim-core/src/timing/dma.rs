//! The DMA engine: copies between the host and a GPU's memory, as line-sized requests
//! into the GPU's memory hierarchy.

use super::plumbing::{count_by, take, Outbox};
use super::protocol::{
    Access, CarriesMemory, MemError, MemRequest, MemResponse, MemoryMessage, Payload,
};
use crate::engine::{Component, Context, Port, Task, Wake};
use std::collections::{BTreeMap, VecDeque};

/// A transfer being carried out.
#[derive(Debug)]
struct Transfer {
    id: u64,
    /// Pieces not yet sent (address, access).
    unsent: VecDeque<MemRequest>,
    /// Pieces sent and not yet answered.
    outstanding: usize,
    /// What the transfer is answered with: the bytes read (reads), none (writes).
    answer: Payload,
    error: Option<MemError>,
    task: Task,
}

/// The DMA engine of one GPU. At `top` it takes reads and writes of any length at virtual
/// addresses (from the host, through a PCIe link) and answers each when done; it splits
/// them into pieces that stay within one `line_bytes` line and sends up to `max_in_flight`
/// of them at once through `bottom` (an L1 TLB in front of the crossbar to the L2). A
/// flush is passed on as it is.
pub struct DmaEngine {
    top: Port,
    bottom: Port,
    line_bytes: u64,
    max_in_flight: usize,
    transfers: VecDeque<Transfer>,
    /// Pieces in flight: id → transfer id.
    pieces: BTreeMap<u64, u64>,
    /// Flushes passed on: new id → the requester's id.
    flushes: BTreeMap<u64, u64>,
    outbox: Outbox,
    next_id: u64,
}

impl DmaEngine {
    /// A DMA engine taking transfers at `top` and sending pieces through `bottom`.
    pub fn new(top: Port, bottom: Port, line_bytes: u64, max_in_flight: usize) -> Self {
        DmaEngine {
            top,
            bottom,
            line_bytes,
            max_in_flight: max_in_flight.max(1),
            transfers: VecDeque::new(),
            pieces: BTreeMap::new(),
            flushes: BTreeMap::new(),
            outbox: Outbox::default(),
            next_id: 0,
        }
    }

    fn split(&self, req: &MemRequest) -> VecDeque<MemRequest> {
        let mut pieces = VecDeque::new();
        let mut at = req.address;
        let end = req.address + req.len();
        while at < end {
            let next = ((at / self.line_bytes) + 1) * self.line_bytes;
            let piece_end = next.min(end);
            let from = (at - req.address) as usize;
            let to = (piece_end - req.address) as usize;
            let access = match &req.access {
                Access::Read { .. } => Access::Read {
                    bytes: (to - from) as u32,
                },
                Access::Write { data } => Access::Write {
                    data: data[from..to].to_vec(),
                },
                Access::Flush { .. } => unreachable!("flushes are not split"),
            };
            pieces.push_back(MemRequest {
                id: 0,
                address: at,
                access,
            });
            at = piece_end;
        }
        pieces
    }

    /// Sends pieces of the oldest transfers while fewer than `max_in_flight` are out.
    fn issue(&mut self) {
        for transfer in self.transfers.iter_mut() {
            while self.pieces.len() < self.max_in_flight {
                let Some(mut piece) = transfer.unsent.pop_front() else {
                    break;
                };
                self.next_id += 1;
                piece.id = self.next_id;
                self.pieces.insert(piece.id, transfer.id);
                transfer.outstanding += 1;
                self.outbox.push(self.bottom, MemoryMessage::Request(piece));
            }
        }
    }

    fn answered(&mut self, response: MemResponse) {
        if let Some(id) = self.flushes.remove(&response.id) {
            let answer = MemResponse {
                id,
                result: response.result,
            };
            self.outbox.push(self.top, MemoryMessage::Response(answer));
            return;
        }
        let transfer_id = self
            .pieces
            .remove(&response.id)
            .unwrap_or_else(|| panic!("a response to unknown request {}", response.id));
        let transfer = self
            .transfers
            .iter_mut()
            .find(|t| t.id == transfer_id)
            .expect("a transfer in progress");
        transfer.outstanding -= 1;
        if let Err(error) = response.result {
            transfer.error.get_or_insert(error);
        }
    }

    /// Answers the oldest transfers that are complete.
    fn complete<M>(&mut self, ctx: &mut Context<'_, M>) {
        while let Some(done) = self.transfers.front() {
            if done.outstanding > 0 || !done.unsent.is_empty() {
                break;
            }
            let done = self.transfers.pop_front().expect("present");
            ctx.end_task(done.task, "transfer");
            let result = match done.error {
                Some(error) => Err(error),
                None => Ok(done.answer),
            };
            let answer = MemResponse {
                id: done.id,
                result,
            };
            self.outbox.push(self.top, MemoryMessage::Response(answer));
        }
    }
}

impl<M: CarriesMemory> Component<M> for DmaEngine {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, M>) {
        while let Some(msg) = take(ctx, self.bottom) {
            match msg {
                MemoryMessage::Response(response) => self.answered(response),
                other => panic!("the DMA engine received {other:?} from below"),
            }
        }
        while let Some(msg) = take(ctx, self.top) {
            let MemoryMessage::Request(req) = msg else {
                panic!("the DMA engine received {msg:?} from above");
            };
            if matches!(req.access, Access::Flush { .. }) {
                self.next_id += 1;
                self.flushes.insert(self.next_id, req.id);
                let flush = MemRequest {
                    id: self.next_id,
                    ..req
                };
                self.outbox.push(self.bottom, MemoryMessage::Request(flush));
                continue;
            }
            let task = ctx.start_task(self.next_id, "transfer");
            self.next_id += 1;
            let counter = match req.access {
                Access::Read { .. } => "read_bytes",
                _ => "write_bytes",
            };
            count_by(ctx, counter, req.len());
            let answer = match req.access {
                Access::Read { bytes } => Payload::read(bytes),
                _ => Payload::EMPTY,
            };
            self.transfers.push_back(Transfer {
                id: req.id,
                unsent: self.split(&req),
                outstanding: 0,
                answer,
                error: None,
                task,
            });
        }
        self.issue();
        self.complete(ctx);
        self.outbox.send(ctx);
    }
}
