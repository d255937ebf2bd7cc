//! The dispatcher: splits a kernel's grid into work-groups and maps them onto compute
//! units as their resources allow.

use super::refusals::Refusals;
use super::resources::{CuResources, WorkGroupNeeds};
use super::workgroup::WorkGroupGrid;
use super::{
    KernelRun, LaunchError, LaunchOutcome, LaunchRequest, Message, WorkGroup, WorkGroupDone,
};
use crate::config::GpuConfig;
use crate::engine::{Component, Context, Port, Time, Wake};
use std::collections::VecDeque;
use std::sync::Arc;

/// Tag of the timer that resumes dispatching at the next cycle.
const NEXT_CYCLE: u64 = 0;

/// The GPU's work-group dispatcher.
///
/// Port `command_processor` receives [`Message::Launch`] and answers
/// [`Message::LaunchDone`]; port `cus[i]` is linked to compute unit `i` (see the
/// [compute-unit protocol](super::compute_unit)). Work-groups are handed out in dispatch
/// order (x fastest, then y, then z), each to the first compute unit, searching round
/// robin from the one after the last used, whose free wavefront slots, VGPRs and SGPRs
/// (per SIMD) and LDS can take it, as fast as its [`DispatchPace`] allows. A launch
/// whose work-group cannot fit even on an empty compute unit fails at once; after a
/// compute unit reports a failure no further work-groups are mapped, and the launch fails
/// when the mapped ones have answered.
pub struct Dispatcher {
    command_processor: Port,
    cus: Vec<Port>,
    /// `cu_of_port[p]`: the compute unit whose link is the dispatcher's port `p`.
    cu_of_port: Vec<Option<usize>>,
    config: GpuConfig,
    free: Vec<CuResources>,
    pace: DispatchPace,
    /// The first time the next work-group may be mapped ([`DispatchPace::Wait`]).
    next_mapping: Time,
    /// Launches waiting for the current one to finish.
    queue: VecDeque<LaunchRequest>,
    current: Option<Kernel>,
    /// Outcomes ([`Message::LaunchDone`]) the command processor's port has not accepted
    /// yet.
    replies: VecDeque<Message>,
    next_cu: usize,
    /// Compute units that refused a work-group (resources or port) and have freed nothing
    /// since — no need to ask them again for one with the same needs.
    refused: Refusals,
    /// The cycle of the latest mapping and how many were mapped in it.
    cycle: u64,
    mapped_in_cycle: u32,
    timer_set: bool,
    /// The device-wide number of compute unit 0 (see [`Dispatcher::numbering_from`]).
    first_compute_unit: u32,
    /// Boxes of answered work-groups of the current launch, reused for the next ones
    /// instead of allocating one per work-group (emptied when the launch ends, so no box
    /// keeps an old launch alive).
    #[allow(clippy::vec_box)] // Each box travels to a compute unit and back.
    spare: Vec<Box<WorkGroup>>,
}

/// How fast a dispatcher maps work-groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DispatchPace {
    /// Up to this many work-groups in one cycle (functional simulation maps as many as
    /// fit).
    PerCycle(u32),
    /// MGPUSim's dispatcher (`timing/cp/internal/dispatching`): after mapping a
    /// work-group of `n` wavefronts it counts down `max(cycles, n)` cycles and maps the
    /// next one in the cycle after.
    Wait(u32),
}

/// The launch being dispatched.
struct Kernel {
    request: LaunchRequest,
    start: Time,
    grid: WorkGroupGrid,
    in_flight: u64,
    workgroups: u64,
    wavefronts: u64,
    error: Option<LaunchError>,
}

impl Dispatcher {
    /// A dispatcher for a GPU of `config`, linked to the command processor through
    /// `command_processor` and to compute unit `i` through `cus[i]`, mapping work-groups
    /// at `pace`.
    pub fn new(
        config: &GpuConfig,
        command_processor: Port,
        cus: Vec<Port>,
        pace: DispatchPace,
    ) -> Self {
        Dispatcher {
            command_processor,
            free: vec![CuResources::new(config); cus.len()],
            refused: Refusals::new(cus.len()),
            cu_of_port: {
                let ports = cus.iter().map(|p| p.index() + 1).max().unwrap_or(0);
                let mut cu_of_port = vec![None; ports];
                for (cu, p) in cus.iter().enumerate() {
                    cu_of_port[p.index()] = Some(cu);
                }
                cu_of_port
            },
            cus,
            config: config.clone(),
            pace: match pace {
                DispatchPace::PerCycle(n) => DispatchPace::PerCycle(n.max(1)),
                wait => wait,
            },
            next_mapping: 0,
            queue: VecDeque::new(),
            current: None,
            replies: VecDeque::new(),
            next_cu: 0,
            cycle: 0,
            mapped_in_cycle: 0,
            timer_set: false,
            first_compute_unit: 0,
            spare: Vec::new(),
        }
    }

    /// Numbers its compute units from `first` in the work-groups it maps (the GPU's place
    /// among the GPUs of a unified device), so that their wavefront slots, and with them
    /// the wavefronts' scratch areas, are distinct across the device.
    pub fn numbering_from(mut self, first: u32) -> Self {
        self.first_compute_unit = first;
        self
    }

    /// Starts the next queued launch if none is running; a launch that cannot run fails
    /// at once.
    fn start_next(&mut self, now: Time) {
        while self.current.is_none() {
            let Some(request) = self.queue.pop_front() else {
                return;
            };
            match self.check(&request) {
                Ok(()) => {
                    self.current = Some(Kernel {
                        grid: WorkGroupGrid::new(&request.kernel, request.workgroups.clone()),
                        request,
                        start: now,
                        in_flight: 0,
                        workgroups: 0,
                        wavefronts: 0,
                        error: None,
                    })
                }
                Err(e) => self.replies.push_back(Message::LaunchDone(LaunchOutcome {
                    id: request.id,
                    result: Err(e),
                })),
            }
        }
    }

    /// Whether the launch's geometry is sane and its work-group fits on an empty compute
    /// unit.
    fn check(&self, request: &LaunchRequest) -> Result<(), LaunchError> {
        let kernel = &request.kernel;
        if kernel.grid_size.contains(&0) || kernel.workgroup_size.contains(&0) {
            return Err(LaunchError::EmptyGeometry {
                grid_size: kernel.grid_size,
                workgroup_size: kernel.workgroup_size,
            });
        }
        let work_items = kernel
            .workgroup_size
            .iter()
            .try_fold(1u32, |n, &d| n.checked_mul(d))
            .unwrap_or(u32::MAX);
        if work_items > self.config.max_workgroup_size {
            return Err(LaunchError::WorkGroupTooLarge {
                work_items,
                max: self.config.max_workgroup_size,
            });
        }
        CuResources::check_fits_empty(&self.config, &WorkGroupNeeds::new(kernel, work_items))
    }

    /// Maps as many work-groups as resources, ports and the per-cycle limit allow.
    fn dispatch(&mut self, ctx: &mut Context<'_, Message>) {
        let cycle = ctx.clock().cycle_at(ctx.now());
        if cycle != self.cycle {
            self.cycle = cycle;
            self.mapped_in_cycle = 0;
        }
        loop {
            let Some(kernel) = &mut self.current else {
                return;
            };
            if kernel.error.is_some() || kernel.grid.is_done() {
                if kernel.in_flight == 0 {
                    self.finish(ctx.now());
                    self.start_next(ctx.now());
                    continue;
                }
                return;
            }
            let resume = match self.pace {
                DispatchPace::PerCycle(n) if self.mapped_in_cycle >= n => {
                    Some(ctx.clock().next_edge(ctx.now() + 1))
                }
                DispatchPace::Wait(_) if ctx.now() < self.next_mapping => Some(self.next_mapping),
                _ => None,
            };
            if let Some(at) = resume {
                if !self.timer_set {
                    self.timer_set = true;
                    ctx.wake_at(at, NEXT_CYCLE);
                }
                return;
            }
            let (index, id, size) = kernel
                .grid
                .peek(&kernel.request.kernel)
                .expect("the grid is not done");
            let needs = WorkGroupNeeds::new(&kernel.request.kernel, size.iter().product());
            let n = self.cus.len();
            // From the compute unit after the last one used, round the ring.
            let mut placed = None;
            for (from, to) in [(self.next_cu, n), (0, self.next_cu)] {
                let mut next = from;
                while let Some(cu) = self.refused.first_willing(needs, next, to) {
                    let placement = if ctx.can_send(self.cus[cu]) {
                        self.free[cu].reserve(&needs)
                    } else {
                        None
                    };
                    match placement {
                        Some(placement) => {
                            placed = Some((cu, placement));
                            break;
                        }
                        None => self.refused.record(cu, needs),
                    }
                    next = cu + 1;
                }
                if placed.is_some() {
                    break;
                }
            }
            let Some((cu, placement)) = placed else {
                // Woken again by a completion or a freed port.
                return;
            };
            let (launch, shared) = (kernel.request.id, &kernel.request.kernel);
            let workgroup = |kernel| WorkGroup {
                launch,
                kernel,
                index,
                id,
                size,
                lds_bytes: needs.lds_bytes,
                compute_unit: self.first_compute_unit + cu as u32,
                placement,
            };
            let workgroup = match self.spare.pop() {
                Some(mut spare) => {
                    // A box of this launch holds its kernel already: no reference count
                    // to change.
                    let held = spare.kernel;
                    let held = if Arc::ptr_eq(&held, shared) {
                        held
                    } else {
                        shared.clone()
                    };
                    *spare = workgroup(held);
                    spare
                }
                None => Box::new(workgroup(shared.clone())),
            };
            if ctx
                .send(self.cus[cu], Message::MapWorkGroup(workgroup))
                .is_err()
            {
                unreachable!("the port had room");
            }
            kernel.grid.advance();
            kernel.in_flight += 1;
            kernel.workgroups += 1;
            kernel.wavefronts += u64::from(needs.wavefronts);
            self.mapped_in_cycle += 1;
            if let DispatchPace::Wait(cycles) = self.pace {
                let wait = u64::from(cycles.max(needs.wavefronts));
                self.next_mapping = ctx.clock().cycles(cycle + 1 + wait);
            }
            self.next_cu = if cu + 1 == n { 0 } else { cu + 1 };
        }
    }

    /// The compute unit linked to the dispatcher's port `port`, if any.
    fn compute_unit_of(&self, port: Port) -> Option<usize> {
        self.cu_of_port.get(port.index()).copied().flatten()
    }

    fn complete(&mut self, cu: usize, done: WorkGroupDone) {
        let needs = WorkGroupNeeds::of(&done.workgroup);
        let wavefronts = needs.wavefronts as usize;
        self.free[cu].release(&needs, &done.workgroup.placement, wavefronts);
        self.refused.forget(cu);
        let kernel = self
            .current
            .as_mut()
            .expect("compute units answer only mapped work-groups");
        kernel.in_flight -= 1;
        if let Err(e) = done.result {
            kernel.error.get_or_insert(LaunchError::Execution(e));
        }
        self.spare.push(done.workgroup);
    }

    /// Reports the current launch; its times are the dispatcher's: from when it took the
    /// launch to when the last work-group answered.
    fn finish(&mut self, now: Time) {
        let kernel = self.current.take().expect("a launch is running");
        self.spare.clear();
        let result = match kernel.error {
            Some(e) => Err(e),
            None => Ok(KernelRun {
                start: kernel.start,
                end: now,
                workgroups: kernel.workgroups,
                wavefronts: kernel.wavefronts,
            }),
        };
        self.replies.push_back(Message::LaunchDone(LaunchOutcome {
            id: kernel.request.id,
            result,
        }));
    }
}

impl Component<Message> for Dispatcher {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, Message>) {
        match wake {
            Wake::Timer(NEXT_CYCLE) => self.timer_set = false,
            Wake::Arrived(port) if port == self.command_processor => {
                while let Some(msg) = ctx.retrieve(port) {
                    match msg {
                        Message::Launch(request) => self.queue.push_back(request),
                        other => panic!("the dispatcher got {other:?} from the command processor"),
                    }
                }
                self.start_next(ctx.now());
            }
            Wake::Arrived(port) => {
                let cu = self.compute_unit_of(port).expect(
                    "the dispatcher's ports are its command processor's and its compute units'",
                );
                while let Some(msg) = ctx.retrieve(port) {
                    match msg {
                        Message::WorkGroupDone(done) => self.complete(cu, done),
                        other => panic!("the dispatcher got {other:?} from compute unit {cu}"),
                    }
                }
            }
            Wake::PortFree(port) => {
                if let Some(cu) = self.compute_unit_of(port) {
                    self.refused.forget(cu);
                }
            }
            Wake::Timer(_) | Wake::InOrder => {}
        }
        self.dispatch(ctx);
        ctx.send_queued(self.command_processor, &mut self.replies);
    }
}
