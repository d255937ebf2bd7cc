//! The protocol between the dispatcher and the compute units, and a functional compute
//! unit built on it.
//!
//! # The compute-unit protocol
//!
//! A compute unit is any [`Component<Message>`](crate::engine::Component) with a dispatch
//! port linked to the dispatcher (the [`Gpu`](super::Gpu) builder makes the port and hands
//! it over in a [`CuSite`](super::CuSite)). Through it:
//!
//! - it receives [`Message::MapWorkGroup`]: a [`WorkGroup`] whose resources (wavefront
//!   slots and registers on the SIMDs in [`WorkGroup::simds`], `lds_bytes` of LDS) the
//!   dispatcher has already reserved on this compute unit. Each of its
//!   [`WorkGroup::wavefronts`] describes a wavefront's identity for register set-up;
//! - it answers every work-group exactly once with [`Message::WorkGroupDone`] when all its
//!   wavefronts have ended, or failed; the dispatcher then frees the resources.
//!
//! The dispatcher never maps more than the compute unit's resources hold, and by default
//! the port buffers as many work-groups as the compute unit has wavefront slots, so the
//! dispatcher is held back only by a compute unit that leaves work-groups waiting in its
//! port. Work-groups that arrive at the same instant are all in the port at the first
//! [`Wake::Arrived`]. An answer refused because the dispatcher's buffer is full is sent
//! again on [`Wake::PortFree`].
//!
//! The resources of a work-group are described by [`WorkGroup::wavefronts`]: each
//! [`Wavefront`](super::Wavefront) names its SIMD and slot, its work-item ids and its
//! initial EXEC mask; the kernel's register needs and the kernel descriptor are in
//! [`WorkGroup::kernel`].

use super::{ExecutionError, Message, WorkGroup};
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

/// A compute unit's answer to one [`Message::MapWorkGroup`].
#[derive(Debug, Clone)]
pub struct WorkGroupDone {
    /// The work-group, as it was mapped (in the box it came in, so that answering
    /// allocates nothing).
    pub workgroup: Box<WorkGroup>,
    /// `Ok` when all its wavefronts ended normally.
    pub result: Result<(), Box<ExecutionError>>,
}

/// Runs all wavefronts of a work-group to completion, functionally (what the emulator
/// implements for [`FunctionalCu`]).
pub trait WorkGroupExecutor: Send + Sync {
    /// Executes every wavefront of `workgroup`; returns how many cycles the compute unit
    /// is taken to have spent on it (at least 1 is used).
    fn execute(&self, workgroup: &WorkGroup) -> Result<u64, ExecutionError>;
}

/// A compute unit that executes each work-group in one step when it arrives and reports
/// it done after the cycles the executor states.
///
/// Work-groups arriving at the same instant are executed together, on the thread pool if
/// one is given and the engine is not running other components in the same step; their answers are ordered by completion time and then by dispatch order,
/// so results do not depend on the threads.
pub struct FunctionalCu<X> {
    executor: X,
    port: Port,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Executed work-groups (with the hooks' task) waiting for their completion time, in
    /// order of (time, launch, dispatch index): mostly each is due no earlier than the
    /// last, so it joins at the back.
    running: VecDeque<((Time, u64, u64), Task, WorkGroupDone)>,
    /// Work-groups taken from the port, to be executed (kept for its storage).
    #[allow(clippy::vec_box)] // Each box goes back to the dispatcher in its answer.
    arrived: Vec<Box<WorkGroup>>,
    /// Answers ([`Message::WorkGroupDone`]) due but refused by a full port.
    outbox: VecDeque<Message>,
}

impl<X: WorkGroupExecutor> FunctionalCu<X> {
    /// A compute unit whose dispatch port is `port`, running work-groups with `executor`
    /// (several at once on `pool`, if given).
    pub fn new(executor: X, port: Port, pool: Option<Arc<rayon::ThreadPool>>) -> Self {
        FunctionalCu {
            executor,
            port,
            pool,
            running: VecDeque::new(),
            arrived: Vec::new(),
            outbox: VecDeque::new(),
        }
    }

    fn accept(&mut self, ctx: &mut Context<'_, Message>) {
        let mut arrived = std::mem::take(&mut self.arrived);
        while let Some(msg) = ctx.retrieve(self.port) {
            match msg {
                Message::MapWorkGroup(wg) => arrived.push(wg),
                other => panic!("a compute unit received {other:?}"),
            }
        }
        let results: Vec<Result<u64, ExecutionError>> = match &self.pool {
            // In a parallel step the engine's threads are busy with the other compute
            // units: handing work-groups to them too only adds overhead.
            Some(pool) if arrived.len() > 1 && !ctx.in_parallel_step() => pool.install(|| {
                arrived
                    .par_iter()
                    .map(|wg| self.executor.execute(wg))
                    .collect()
            }),
            _ => arrived.iter().map(|wg| self.executor.execute(wg)).collect(),
        };
        for (workgroup, result) in arrived.drain(..).zip(results) {
            let task = ctx.start_task(workgroup.index, "work-group");
            let (cycles, result) = match result {
                Ok(cycles) => (cycles, Ok(())),
                Err(e) => (1, Err(Box::new(e))),
            };
            let done = ctx.now() + ctx.clock().cycles(cycles.max(1));
            let key = (done, workgroup.launch, workgroup.index);
            let at = self.running.partition_point(|(k, ..)| *k < key);
            // One timer serves all work-groups finishing at the same time.
            let same_time = |i: usize| self.running.get(i).is_some_and(|(k, ..)| k.0 == done);
            let timer_set = same_time(at) || (at > 0 && same_time(at - 1));
            if !timer_set {
                ctx.wake_at(done, 0);
            }
            self.running
                .insert(at, (key, task, WorkGroupDone { workgroup, result }));
        }
        self.arrived = arrived;
    }

    fn finish_due(&mut self, ctx: &mut Context<'_, Message>) {
        while let Some(((time, _, _), ..)) = self.running.front() {
            if *time > ctx.now() {
                break;
            }
            let (_, task, done) = self.running.pop_front().expect("not empty");
            ctx.end_task(task, "work-group");
            self.outbox.push_back(Message::WorkGroupDone(done));
        }
        ctx.send_queued(self.port, &mut self.outbox);
    }
}

impl<X: WorkGroupExecutor> Component<Message> for FunctionalCu<X> {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, Message>) {
        if let Wake::Arrived(_) = wake {
            self.accept(ctx);
        }
        self.finish_due(ctx);
    }
}
