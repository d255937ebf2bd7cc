//! A DRAM controller: one channel of a GPU's memory, with banks and a bandwidth limit,
//! reading and writing the real bytes of the driver's memory.

use super::dram_bus::Bus;
use super::dram_queue::CommandQueue;
use super::plumbing::{count, count_by, take, Outbox, Pipeline};
use super::protocol::{
    gpu_of, local_address, Access, CarriesMemory, MemError, MemRequest, MemResponse, MemoryMessage,
    Payload,
};
use crate::config::DramConfig;
use crate::driver::Driver;
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use std::sync::Arc;

/// The timing of one DRAM controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DramTiming {
    /// One GPU cycle, in ps.
    pub cycle: Time,
    /// Cycles from the start of an access to its data.
    pub latency_cycles: u64,
    /// Bytes the channel transfers per cycle.
    pub bytes_per_cycle: u64,
    /// Banks of the controller.
    pub banks: u64,
    /// Cycles a bank is busy after an access starts.
    pub bank_busy_cycles: u64,
    /// Bytes of consecutive addresses on one controller before the next takes over.
    pub interleave_bytes: u64,
    /// Controllers of the GPU (to find a bank from an address).
    pub controllers: u64,
    /// Ranks of the controller, each with a command queue.
    pub ranks: u64,
    /// Accesses a rank's command queue holds (0: no limit).
    pub command_queue_per_rank: u32,
    /// Cycles from an access's start to its leaving the command queue.
    pub activate_cycles: u64,
}

impl DramTiming {
    /// The timing `config` describes, for a GPU cycle of `cycle` ps and controllers
    /// interleaved every `interleave_bytes`.
    pub fn from_config(config: &DramConfig, cycle: Time, interleave_bytes: u64) -> Self {
        DramTiming {
            cycle,
            latency_cycles: config.latency_cycles.into(),
            bytes_per_cycle: config.bytes_per_cycle.into(),
            banks: config.banks.into(),
            bank_busy_cycles: config.bank_busy_cycles.into(),
            interleave_bytes,
            controllers: config.controllers.into(),
            ranks: config.ranks.into(),
            command_queue_per_rank: config.command_queue_per_rank,
            activate_cycles: config.activate_cycles.into(),
        }
    }
}

/// One DRAM controller of GPU `gpu`.
///
/// Timing: an access enters its rank's command queue in order of arrival when an entry is
/// free ([`CommandQueue`]; with no limit, as it arrives), starts when its bank is free (an
/// access to a busy bank holds up accesses to other banks only by keeping its entry),
/// leaves the queue `activate_cycles` after it starts, keeps its bank for
/// `bank_busy_cycles`, has its data
/// `latency_cycles` after it starts, then transfers it on the channel's bus in the first
/// gap of `bytes / bytes_per_cycle` cycles (rounded up) from then on, and is answered
/// when the transfer ends. MGPUSim's HBM controller closes the row after every access
/// (akita's `ClosePageCommandCreator`: activate, then read or write with precharge), so
/// a bank takes one access per row cycle (tRCD + tCL + burst + tRP), while its command
/// queue lets accesses to other banks go ahead, within its entries per rank; gcnsim
/// keeps those effects and leaves out the rest of its DRAM protocol (bank-group
/// timings, one command a DRAM cycle, read-write turnarounds; akita's controller never
/// issues a refresh).
///
/// The bytes are read or written in the driver's memory of the GPU when the access is
/// taken, so accesses to one address take effect in the order they arrive; a write, and
/// every access taken after it in the same step, waits for the step's in-order phase
/// ([`Wake::InOrder`]), since compute units read memory while the step's components run
/// in parallel.
pub struct DramController {
    driver: Arc<Driver>,
    gpu: usize,
    timing: DramTiming,
    top: Port,
    /// When the channel's bus is taken.
    bus: Bus,
    bank_free: Vec<Time>,
    /// Each rank's command queue.
    queues: Vec<CommandQueue>,
    pipeline: Pipeline<(MemResponse, Task, &'static str)>,
    outbox: Outbox,
    next_task: u64,
    /// Accesses taken this step that wait for the in-order phase: the request, its task
    /// and when it is answered.
    in_order: Vec<(MemRequest, Task, Time)>,
}

impl DramController {
    /// A controller of GPU `gpu`'s memory in `driver`, taking requests at `top`.
    pub fn new(driver: Arc<Driver>, gpu: usize, timing: DramTiming, top: Port) -> Self {
        DramController {
            driver,
            gpu,
            timing,
            top,
            bus: Bus::default(),
            bank_free: vec![0; timing.banks.max(1) as usize],
            queues: vec![
                CommandQueue::new(timing.command_queue_per_rank);
                timing.ranks.max(1) as usize
            ],
            pipeline: Pipeline::default(),
            outbox: Outbox::default(),
            next_task: 0,
            in_order: Vec::new(),
        }
    }

    /// Performs `req` on memory, returning the answer.
    fn access<M>(&self, ctx: &mut Context<'_, M>, req: &MemRequest) -> Result<Payload, MemError> {
        let not_here = MemError::NotInMemory {
            address: req.address,
        };
        if gpu_of(req.address) != self.gpu {
            return Err(not_here);
        }
        let memory = self.driver.gpu(self.gpu).map_err(|_| not_here.clone())?;
        let address = local_address(req.address);
        match &req.access {
            Access::Read { bytes } => {
                memory
                    .check_mapped(address, u64::from(*bytes))
                    .map_err(|_| not_here)?;
                count(ctx, "reads");
                count_by(ctx, "read_bytes", u64::from(*bytes));
                Ok(Payload::read(*bytes))
            }
            Access::Write { data } => {
                memory.write(address, data).map_err(|_| not_here)?;
                count(ctx, "writes");
                count_by(ctx, "write_bytes", data.len() as u64);
                Ok(Payload::EMPTY)
            }
            Access::Flush { .. } => Ok(Payload::EMPTY),
        }
    }

    /// When an access of `bytes` at local address `address` arriving now is answered.
    fn schedule(&mut self, now: Time, address: u64, bytes: u64) -> Time {
        let t = self.timing;
        let bank = ((address / t.interleave_bytes / t.controllers) % t.banks) as usize;
        let queue = &mut self.queues[bank / (t.banks / t.ranks.max(1)).max(1) as usize];
        let start = queue.enter(now).max(self.bank_free[bank]);
        queue.leaves(start + t.cycle * t.activate_cycles);
        self.bank_free[bank] = start + t.cycle * t.bank_busy_cycles;
        let transfer = t.cycle * bytes.div_ceil(t.bytes_per_cycle);
        let on_bus = self
            .bus
            .take(now, start + t.cycle * t.latency_cycles, transfer);
        on_bus + transfer
    }
}

impl<M: CarriesMemory> Component<M> for DramController {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, M>) {
        if wake == Wake::InOrder {
            for (req, task, due) in std::mem::take(&mut self.in_order) {
                self.perform(ctx, req, task, due);
            }
            return;
        }
        while let Some((response, task, kind)) = self.pipeline.pop_due(ctx.now()) {
            ctx.end_task(task, kind);
            self.outbox
                .send_or_push(ctx, self.top, MemoryMessage::Response(response));
        }
        while let Some(msg) = take(ctx, self.top) {
            let MemoryMessage::Request(req) = msg else {
                panic!("a DRAM controller received {msg:?}");
            };
            let task = ctx.start_task(self.next_task, req.access.kind());
            self.next_task += 1;
            let due = if matches!(req.access, Access::Flush { .. }) {
                ctx.now()
            } else {
                self.schedule(ctx.now(), local_address(req.address), req.len())
            };
            if matches!(req.access, Access::Write { .. }) || !self.in_order.is_empty() {
                self.in_order.push((req, task, due));
                ctx.run_in_order();
            } else {
                self.perform(ctx, req, task, due);
            }
        }
        self.outbox.send(ctx);
    }
}

impl DramController {
    /// Reads or writes memory for `req` (task `task`) and answers it at `due`.
    fn perform<M>(&mut self, ctx: &mut Context<'_, M>, req: MemRequest, task: Task, due: Time) {
        let kind = req.access.kind();
        let result = self.access(ctx, &req);
        let response = MemResponse { id: req.id, result };
        self.pipeline.push(ctx, due, (response, task, kind));
    }
}
