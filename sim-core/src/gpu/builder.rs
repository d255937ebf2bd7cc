//! Assembling a GPU's front end on an engine, and running kernels on it.

use super::progress::WorkGroupCounter;
use super::DispatchPace;
use super::{
    CommandProcessor, Dispatcher, KernelLaunch, KernelProgress, KernelRun, LaunchError,
    LaunchRequest, Message,
};
use crate::config::GpuConfig;
use crate::engine::{
    Clock, Component, ComponentId, Endpoint, Engine, Port, PortRef, Sharing, Time,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Where a compute unit is being built: what its factory gets.
pub struct CuSite<'a> {
    /// The engine, to add further ports (e.g. to caches) to the compute unit.
    pub engine: &'a mut Engine<Message>,
    /// The compute unit's component.
    pub id: ComponentId,
    /// Its position among the GPU's compute units.
    pub index: usize,
    /// Its port linked to the dispatcher (see the compute-unit protocol).
    pub dispatch_port: Port,
    /// The GPU being built.
    pub config: &'a GpuConfig,
}

/// Builds a [`Gpu`]: settings of the front end, then the compute units from a factory.
pub struct GpuBuilder {
    config: GpuConfig,
    name: String,
    pace: DispatchPace,
    link_latency_cycles: u64,
    cu_port_capacity: Option<usize>,
    pool: Option<Arc<rayon::ThreadPool>>,
    sharing: Sharing,
    first_compute_unit: u32,
}

impl GpuBuilder {
    /// Front-end settings for a timing simulation: work-groups mapped at the pace
    /// `config.dispatch_wait_cycles` sets ([`DispatchPace::Wait`]) and 1-cycle links.
    pub fn new(config: &GpuConfig) -> Self {
        GpuBuilder {
            config: config.clone(),
            name: "gpu".into(),
            pace: DispatchPace::Wait(config.dispatch_wait_cycles),
            link_latency_cycles: 1,
            cu_port_capacity: None,
            pool: None,
            sharing: Sharing::Interleaved,
            first_compute_unit: 0,
        }
    }

    /// The device-wide number of its first compute unit, for a GPU of a unified device
    /// (see [`Dispatcher::numbering_from`]).
    pub fn first_compute_unit(mut self, first: u32) -> Self {
        self.first_compute_unit = first;
        self
    }

    /// Prefix of the components' names (e.g. `gpu0`).
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Work-groups the dispatcher may map per cycle (functional simulation wants as many
    /// as fit, so that compute units receive them together).
    pub fn workgroups_per_cycle(mut self, n: u32) -> Self {
        self.pace = DispatchPace::PerCycle(n);
        self
    }

    /// Latency of every front-end link, in cycles.
    pub fn link_latency_cycles(mut self, cycles: u64) -> Self {
        self.link_latency_cycles = cycles;
        self
    }

    /// Work-groups a compute unit's dispatch port buffers (default: its wavefront slots,
    /// so the dispatcher is never held back by a compute unit that takes work promptly).
    pub fn cu_port_capacity(mut self, capacity: usize) -> Self {
        self.cu_port_capacity = Some(capacity);
        self
    }

    /// Host threads for simultaneous events (see [`Engine::set_thread_pool`]).
    pub fn thread_pool(mut self, pool: Option<Arc<rayon::ThreadPool>>) -> Self {
        self.pool = pool;
        self
    }

    /// How the engine splits a step's components between the threads (see
    /// [`Engine::set_sharing`]).
    pub fn sharing(mut self, sharing: Sharing) -> Self {
        self.sharing = sharing;
        self
    }

    /// Assembles the GPU on an engine of its own (see [`add_to`](Self::add_to)).
    pub fn build(self, make_cu: impl FnMut(CuSite<'_>) -> Box<dyn Component<Message>>) -> Gpu {
        self.build_on(Engine::new(), make_cu)
    }

    /// Assembles the GPU on `engine`, which may already hold components the compute
    /// units link to (e.g. the GPU's memory hierarchy); the engine becomes the GPU's.
    pub fn build_on(
        self,
        mut engine: Engine<Message>,
        make_cu: impl FnMut(CuSite<'_>) -> Box<dyn Component<Message>>,
    ) -> Gpu {
        engine.set_thread_pool(self.pool.clone());
        engine.set_sharing(self.sharing);
        let parts = self.add_to(&mut engine, make_cu);
        Gpu::of_members(engine, vec![parts])
    }

    /// Adds the GPU's components to `engine` (which may hold other GPUs): a host
    /// endpoint, the command processor, the dispatcher and `config.compute_units`
    /// compute units, each made by `make_cu`. The thread pool setting is not used here;
    /// it belongs to the engine.
    pub fn add_to(
        self,
        engine: &mut Engine<Message>,
        mut make_cu: impl FnMut(CuSite<'_>) -> Box<dyn Component<Message>>,
    ) -> GpuParts {
        let config = &self.config;
        let clock = Clock::from_mhz(config.clock_mhz);
        let latency = clock.cycles(self.link_latency_cycles);
        let name = |part: &str| format!("{}.{part}", self.name);

        let host = engine.add_component(name("host"), clock);
        let host_port = engine.add_port(host, "cp", 16);
        engine.install(host, Box::new(Endpoint));

        let cp = engine.add_component(name("cp"), clock);
        let cp_host = engine.add_port(cp, "host", 16);
        let cp_dispatcher = engine.add_port(cp, "dispatcher", 1);
        engine.install(
            cp,
            Box::new(CommandProcessor::new(cp_host.port, cp_dispatcher.port)),
        );
        engine.connect(host_port, cp_host, latency);

        let dispatcher = engine.add_component(name("dispatcher"), clock);
        let to_cp = engine.add_port(dispatcher, "cp", 1);
        engine.connect(cp_dispatcher, to_cp, latency);
        let cu_buffer = self
            .cu_port_capacity
            .unwrap_or(config.wavefront_slots_per_cu() as usize);
        let mut to_cus = Vec::with_capacity(config.compute_units as usize);
        let mut compute_units = Vec::with_capacity(config.compute_units as usize);
        for index in 0..config.compute_units as usize {
            let to_cu = engine.add_port(dispatcher, &format!("cu{index}"), cu_buffer);
            let cu = engine.add_component(name(&format!("cu{index}")), clock);
            let dispatch_port = engine.add_port(cu, "dispatch", cu_buffer);
            engine.connect(to_cu, dispatch_port, latency);
            let component = make_cu(CuSite {
                engine,
                id: cu,
                index,
                dispatch_port: dispatch_port.port,
                config,
            });
            engine.install(cu, component);
            to_cus.push(to_cu.port);
            compute_units.push(cu);
        }
        engine.install(
            dispatcher,
            Box::new(
                Dispatcher::new(config, to_cp.port, to_cus, self.pace)
                    .numbering_from(self.first_compute_unit),
            ),
        );
        GpuParts {
            host: host_port,
            command_processor: cp,
            dispatcher,
            compute_units,
        }
    }
}

/// Where one GPU's components sit in an engine.
#[derive(Debug, Clone)]
pub struct GpuParts {
    /// The driver's port, linked to the command processor: send [`Message::Launch`],
    /// receive [`Message::LaunchDone`].
    pub host: PortRef,
    /// The command processor.
    pub command_processor: ComponentId,
    /// The dispatcher.
    pub dispatcher: ComponentId,
    /// The compute units, in order.
    pub compute_units: Vec<ComponentId>,
}

/// One simulated GPU's front end and compute units, driven by the driver; or the GPUs of
/// a unified device on one engine, each running its share of every launch.
pub struct Gpu {
    engine: Engine<Message>,
    /// The GPUs (one, or a unified device's).
    members: Vec<GpuParts>,
    /// Work-groups per GPU the next launches are split into (see
    /// [`Gpu::split_work_groups`]); `None`: MGPUSim's split.
    split: Option<Vec<u64>>,
    next_launch: u64,
    /// Work-groups the dispatchers got back so far, counted by hooks attached on the
    /// first watched run (unwatched runs pay nothing for them).
    workgroups_answered: Option<Arc<AtomicU64>>,
}

impl Gpu {
    /// Starts building a GPU of `config`.
    pub fn builder(config: &GpuConfig) -> GpuBuilder {
        GpuBuilder::new(config)
    }

    /// The GPUs `members`, assembled on `engine` (with [`GpuBuilder::add_to`], numbered
    /// one after another with [`GpuBuilder::first_compute_unit`]), as one device.
    pub fn of_members(engine: Engine<Message>, members: Vec<GpuParts>) -> Gpu {
        assert!(!members.is_empty(), "a device has at least one GPU");
        Gpu {
            engine,
            members,
            split: None,
            next_launch: 0,
            workgroups_answered: None,
        }
    }

    /// Runs one kernel to completion: submits it to the command processor(s) at the
    /// current simulated time and simulates until every one has reported its share.
    ///
    /// After [`LaunchError::Stalled`] (a compute unit that never answered) the GPU's
    /// state is undefined and it should not be used again.
    pub fn run_kernel(&mut self, launch: KernelLaunch) -> Result<KernelRun, LaunchError> {
        let shares = self.submit(launch);
        for &(member, _) in &shares {
            if !self.engine.run_until_arrival(self.members[member].host) {
                return Err(LaunchError::Stalled);
            }
        }
        self.answer(&shares)
    }

    /// Runs one kernel as [`run_kernel`](Self::run_kernel) does, with the same results,
    /// showing `watch` how far it has come: after the first engine step, then each time
    /// after as many steps as `watch` last returned (at least 1).
    pub fn run_kernel_watched(
        &mut self,
        launch: KernelLaunch,
        mut watch: impl FnMut(&KernelProgress) -> u32,
    ) -> Result<KernelRun, LaunchError> {
        let answered = self.workgroups_answered_counter();
        let answered_before = answered.load(Ordering::Relaxed);
        let workgroups = launch.workgroup_count();
        let submitted = self.engine.now();
        let shares = self.submit(launch);
        let mut steps_left = 1u32;
        while shares
            .iter()
            .any(|&(member, _)| self.engine.waiting(self.members[member].host) == 0)
        {
            if !self.engine.step() {
                return Err(LaunchError::Stalled);
            }
            steps_left -= 1;
            if steps_left == 0 {
                let progress = KernelProgress {
                    workgroups_done: answered
                        .load(Ordering::Relaxed)
                        .saturating_sub(answered_before),
                    workgroups,
                    simulated: self.engine.now() - submitted,
                };
                steps_left = watch(&progress).max(1);
            }
        }
        self.answer(&shares)
    }

    /// Sends each GPU its share of `launch`'s work-groups (see [`Gpu::shares`]) at the
    /// current simulated time, without running the engine; returns the GPUs given a
    /// share, with their requests' ids (for [`Gpu::answered_all`] and
    /// [`Gpu::answer`]).
    pub fn submit(&mut self, launch: KernelLaunch) -> Vec<(usize, u64)> {
        let kernel = Arc::new(launch);
        let mut sent = Vec::new();
        for (member, workgroups) in self.shares(&kernel).into_iter().enumerate() {
            if workgroups.is_empty() && !(member == 0 && kernel.workgroup_count() == 0) {
                continue;
            }
            let id = self.next_launch;
            self.next_launch += 1;
            let request = LaunchRequest {
                id,
                kernel: kernel.clone(),
                workgroups,
            };
            // The host sends only while no launch is outstanding, so the port has room.
            if self
                .engine
                .send(self.members[member].host, Message::Launch(request))
                .is_err()
            {
                unreachable!("the command processor's buffer is empty between launches");
            }
            sent.push((member, id));
        }
        sent
    }

    /// Sends all of `launch`'s work-groups to GPU `member` of the engine at the current
    /// simulated time, without running the engine (GPUs that are discrete devices on one
    /// engine); returns the request's id. At most one launch per GPU may be outstanding;
    /// [`Gpu::answered`] says when it has completed.
    pub fn submit_to(&mut self, member: usize, launch: KernelLaunch) -> u64 {
        let id = self.next_launch;
        self.next_launch += 1;
        let request = LaunchRequest::whole(id, Arc::new(launch));
        if self
            .engine
            .send(self.members[member].host, Message::Launch(request))
            .is_err()
        {
            unreachable!("the command processor's buffer is empty between launches");
        }
        id
    }

    /// Whether GPU `member`'s command processor has answered its launch.
    pub fn answered(&self, member: usize) -> bool {
        self.engine.waiting(self.members[member].host) > 0
    }

    /// Takes GPU `member`'s answer to its launch `id` (once [`Gpu::answered`]).
    pub fn answer_of(&mut self, member: usize, id: u64) -> Result<KernelRun, LaunchError> {
        self.answer(&[(member, id)])
    }

    /// From now on, gives GPU `i` the next `split[i]` work-groups of each launch (in
    /// flattened order), or with `None` splits launches as MGPUSim does (see
    /// [`Gpu::shares`]). Work-groups beyond the split's sum go to the last GPU named.
    pub fn split_work_groups(&mut self, split: Option<Vec<u64>>) {
        self.split = split;
    }

    /// Each GPU's work-groups of `kernel`: as set by [`Gpu::split_work_groups`], else as
    /// MGPUSim's driver splits a launch on a unified device: contiguous ranges of
    /// flattened ids, `ceil(work-groups / compute units)` per compute unit, so the last
    /// GPUs may get fewer or none.
    fn shares(&self, kernel: &KernelLaunch) -> Vec<std::ops::Range<u64>> {
        let total = kernel.workgroup_count();
        if let Some(split) = self.split.as_ref().filter(|s| !s.is_empty()) {
            let last = split.len().min(self.members.len()) - 1;
            let mut first = 0;
            return (0..self.members.len())
                .map(|member| {
                    let count = split.get(member).copied().unwrap_or(0);
                    let end = if member == last {
                        total
                    } else {
                        (first + count).min(total)
                    };
                    let range = first..end.max(first);
                    first = range.end;
                    range
                })
                .collect();
        }
        let cus: Vec<u64> = self
            .members
            .iter()
            .map(|m| m.compute_units.len() as u64)
            .collect();
        let per_cu = total.div_ceil(cus.iter().sum::<u64>().max(1));
        let mut first = 0;
        cus.iter()
            .map(|&n| {
                let end = (first + n * per_cu).min(total);
                let range = first..end;
                first = end;
                range
            })
            .collect()
    }

    /// Whether every GPU of `shares` (of [`Gpu::submit`]) has answered its request.
    pub fn answered_all(&self, shares: &[(usize, u64)]) -> bool {
        shares.iter().all(|&(member, _)| self.answered(member))
    }

    /// Takes the command processors' reports of the requests `shares`, which have
    /// arrived, as one run: from the first start to the last end, the first failure if
    /// any.
    pub fn answer(&mut self, shares: &[(usize, u64)]) -> Result<KernelRun, LaunchError> {
        let mut whole: Option<Result<KernelRun, LaunchError>> = None;
        for &(member, id) in shares {
            let result = match self.engine.retrieve(self.members[member].host) {
                Some(Message::LaunchDone(outcome)) if outcome.id == id => outcome.result,
                other => panic!("the command processor answered {other:?} to launch {id}"),
            };
            whole = Some(match (whole, result) {
                (None, result) | (Some(Ok(_)), result @ Err(_)) => result,
                (Some(Err(e)), _) => Err(e),
                (Some(Ok(a)), Ok(b)) => Ok(KernelRun {
                    start: a.start.min(b.start),
                    end: a.end.max(b.end),
                    workgroups: a.workgroups + b.workgroups,
                    wavefronts: a.wavefronts + b.wavefronts,
                }),
            });
        }
        whole.expect("every launch goes to at least one GPU")
    }

    /// The count of work-groups the dispatcher got back, attaching its hook if needed.
    fn workgroups_answered_counter(&mut self) -> Arc<AtomicU64> {
        if let Some(counter) = &self.workgroups_answered {
            return counter.clone();
        }
        let counter = Arc::new(AtomicU64::new(0));
        for member in &self.members {
            self.engine.add_hook(
                member.dispatcher,
                Box::new(WorkGroupCounter(counter.clone())),
            );
        }
        self.workgroups_answered = Some(counter.clone());
        counter
    }

    /// The current simulated time.
    pub fn now(&self) -> Time {
        self.engine.now()
    }

    /// Where its GPUs' components sit in the engine (one GPU, or a unified device's).
    pub fn members(&self) -> &[GpuParts] {
        &self.members
    }

    /// Every compute unit, in device-wide order (GPU by GPU).
    pub fn compute_units(&self) -> Vec<ComponentId> {
        self.members
            .iter()
            .flat_map(|m| m.compute_units.iter().copied())
            .collect()
    }

    /// The engine, e.g. to attach hooks to components.
    pub fn engine_mut(&mut self) -> &mut Engine<Message> {
        &mut self.engine
    }

    /// The engine, e.g. for statistics.
    pub fn engine(&self) -> &Engine<Message> {
        &self.engine
    }
}
