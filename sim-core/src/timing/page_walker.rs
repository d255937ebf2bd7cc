//! The IOMMU's page-table walker, shared by all GPUs: answers translation questions from
//! the driver's page tables after a walk, and on a unified device with page migration
//! moves pages to the GPUs that ask for them.

use super::fabric::FabricLinks;
use super::migration::MigrationPolicy;
use super::migration_procedure::DriverProcedure;
use super::plumbing::{count, count_by, take, Outbox, Pipeline};
use super::protocol::{
    Access, CarriesMemory, MemResponse, MemoryMessage, Payload, TranslationRequest,
    TranslationResponse,
};
use crate::driver::Driver;
use crate::engine::{Component, Context, Port, Task, Time, Wake};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// What the IOMMU needs to move pages between a unified device's GPUs.
pub struct Migrations {
    /// Which pages move.
    policy: MigrationPolicy,
    /// The links the pages cross.
    links: FabricLinks,
    /// Bytes pulled per request (the L2 line).
    line_bytes: u64,
    /// Walks whose page must move, waiting for the step's in-order phase.
    waiting: Vec<(Port, TranslationRequest, Task)>,
    /// Pages on their way to another GPU: when they arrive.
    arriving: HashMap<u64, Time>,
    /// MGPUSim's driver-run procedure around each migration (`None`: the pages' lines
    /// cross the links and nothing else is paid).
    procedure: Option<DriverProcedure>,
    /// The DRAM access the procedure's page migration controllers wait for at each end
    /// of a pull.
    dram_latency: Time,
}

impl Migrations {
    /// Moves pages by `policy` over `links`, `line_bytes` per request.
    pub fn new(policy: MigrationPolicy, links: FabricLinks, line_bytes: u64) -> Migrations {
        Migrations {
            policy,
            links,
            line_bytes,
            waiting: Vec::new(),
            arriving: HashMap::new(),
            procedure: None,
            dram_latency: 0,
        }
    }

    /// Carries each migration out by MGPUSim's driver-run `procedure`, whose page
    /// migration controllers read a page's first line from the source's DRAM and write
    /// its last line to the destination's DRAM, `dram_latency` each.
    pub fn with_driver(mut self, procedure: DriverProcedure, dram_latency: Time) -> Migrations {
        self.procedure = Some(procedure);
        self.dram_latency = dram_latency;
        self
    }

    /// Moves `moves` (pages and the GPUs they leave) to GPU `to` from `now`, booking the
    /// links, and records when each page arrives.
    fn carry_out(&mut self, moves: &[(u64, usize)], to: usize, page_bytes: u64, now: Time) {
        let (links, line_bytes) = (&self.links, self.line_bytes);
        let arriving = &mut self.arriving;
        match self.procedure.as_mut() {
            None => {
                for &(page, from) in moves {
                    let start = arriving.get(&page).map_or(now, |&t| t.max(now));
                    let end = links.migrate_page((from, to), page_bytes, line_bytes, start);
                    arriving.insert(page, end);
                }
            }
            Some(procedure) => {
                let dram = self.dram_latency;
                let answered = procedure.serve(now, moves.len(), |i, start| {
                    let (_, from) = moves[i];
                    let pull = links.migrate_page((from, to), page_bytes, line_bytes, start + dram);
                    pull + dram
                });
                for &(page, _) in moves {
                    arriving.insert(page, answered);
                }
            }
        }
    }
}

/// The page-table walker. Each top port serves one GPU's L2 TLB.
///
/// Timing: up to `walkers` walks proceed at once, each taking `latency`; further
/// questions queue. A walk reads the page tables when it ends: the page is found in the
/// asking GPU's table first, then in the other GPUs' in order; in none, it is a page
/// fault. A flush (the IOMMU keeps no translations) is answered at once.
///
/// With [`Migrations`] ([`with_migrations`](Self::with_migrations)), a walk whose page
/// the policy moves to the asking GPU is answered once the page has arrived
/// (see [`MigrationPolicy`]); an invalidating flush starts a new kernel for the policy.
pub struct PageWalker {
    driver: Arc<Driver>,
    tops: Vec<Port>,
    latency: Time,
    walkers: usize,
    waiting: VecDeque<(Port, TranslationRequest, Task)>,
    walking: Pipeline<(Port, TranslationRequest, Task)>,
    /// Answers held back until a page has arrived, with the walk's task.
    held: Pipeline<(Port, TranslationResponse, Task)>,
    migrations: Option<Migrations>,
    outbox: Outbox,
    next_task: u64,
}

impl PageWalker {
    /// A walker reading `driver`'s page tables, taking questions at `tops`, performing up
    /// to `walkers` walks of `latency` at once.
    pub fn new(driver: Arc<Driver>, tops: Vec<Port>, latency: Time, walkers: usize) -> Self {
        PageWalker {
            driver,
            tops,
            latency,
            walkers: walkers.max(1),
            waiting: VecDeque::new(),
            walking: Pipeline::default(),
            held: Pipeline::default(),
            migrations: None,
            outbox: Outbox::default(),
            next_task: 0,
        }
    }

    /// Moves pages between the GPUs of a unified device as `migrations` says.
    pub fn with_migrations(mut self, migrations: Option<Migrations>) -> Self {
        self.migrations = migrations;
        self
    }

    /// Answers walk `task` of `top` for `req` with `gpu` now, or when the page arrives if
    /// it is on its way.
    fn answer<M>(
        &mut self,
        ctx: &mut Context<'_, M>,
        (top, req, task): (Port, TranslationRequest, Task),
        gpu: Option<usize>,
    ) {
        let answer = TranslationResponse {
            id: req.id,
            page: req.page,
            gpu,
        };
        let arrives = (self.migrations.as_ref())
            .and_then(|m| m.arriving.get(&req.page).copied())
            .filter(|&t| t > ctx.now());
        match arrives {
            Some(due) => self.held.push(ctx, due, (top, answer, task)),
            None => {
                ctx.end_task(task, "walk");
                self.outbox.push(top, MemoryMessage::Translation(answer));
            }
        }
    }

    /// Moves the pages the policy says the walks waiting for the in-order phase need,
    /// booking the links in the order the walks ended, and answers the walks.
    fn migrate<M>(&mut self, ctx: &mut Context<'_, M>) {
        let Some(m) = self.migrations.as_mut() else {
            return;
        };
        let walks = std::mem::take(&mut m.waiting);
        let driver = self.driver.clone();
        let memory = driver.gpu(0).ok();
        let page_bytes = self.driver.page_bytes();
        for (top, req, task) in walks {
            let m = self.migrations.as_mut().expect("present");
            let home = |page: u64| {
                let memory = memory?;
                let address = page * page_bytes;
                memory
                    .is_mapped(address)
                    .then(|| memory.home_for(address, req.gpu))
            };
            let mut moves = m.policy.on_translation(req.gpu, req.page, home);
            // The page asked for crosses first.
            moves.sort_by_key(|&(page, _)| page != req.page);
            if !moves.is_empty() {
                m.carry_out(&moves, req.gpu, page_bytes, ctx.now());
                if let Some(memory) = memory {
                    for &(page, _) in &moves {
                        // A page of the device's memory, so on a GPU of the device.
                        let _ = memory.place(page * page_bytes, 1, req.gpu);
                    }
                }
                m.links.publish();
                count_by(ctx, "page_migrations", moves.len() as u64);
                count_by(ctx, "migrated_bytes", moves.len() as u64 * page_bytes);
            }
            let gpu = self.walk(req.gpu, req.page);
            self.answer(ctx, (top, req, task), gpu);
        }
    }

    /// The GPU whose memory holds virtual page `page`, asking GPU `gpu`: the first GPU
    /// whose page table maps it, `gpu`'s first (for a unified device's GPUs, which share
    /// one page table, the GPU the page lives on). Pages of host memory (SVM) are reached
    /// through the asking GPU.
    fn walk(&self, gpu: usize, page: u64) -> Option<usize> {
        let address = page * self.driver.page_bytes();
        let count = self.driver.physical_gpus();
        std::iter::once(gpu)
            .chain((0..count).filter(|&g| g != gpu))
            .find_map(|g| {
                let memory = self.driver.gpu(g).ok()?;
                let (frame, _) = memory.translate(address)?;
                Some(if frame.is_system_memory() {
                    gpu
                } else {
                    memory.home_for(address, gpu)
                })
            })
    }
}

impl<M: CarriesMemory> Component<M> for PageWalker {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, M>) {
        if wake == Wake::InOrder {
            self.migrate(ctx);
            self.outbox.send(ctx);
            return;
        }
        while let Some((top, answer, task)) = self.held.pop_due(ctx.now()) {
            ctx.end_task(task, "walk");
            self.outbox.push(top, MemoryMessage::Translation(answer));
        }
        while let Some((top, req, task)) = self.walking.pop_due(ctx.now()) {
            let gpu = self.walk(req.gpu, req.page);
            match self.migrations.as_mut() {
                Some(m) if gpu.is_some_and(|g| g != req.gpu) => {
                    m.waiting.push((top, req, task));
                    ctx.run_in_order();
                }
                Some(m) => {
                    m.policy.touch(req.page);
                    self.answer(ctx, (top, req, task), gpu);
                }
                None => self.answer(ctx, (top, req, task), gpu),
            }
        }
        for i in 0..self.tops.len() {
            let top = self.tops[i];
            while let Some(msg) = take(ctx, top) {
                match msg {
                    MemoryMessage::Translate(req) => {
                        let task = ctx.start_task(self.next_task, "walk");
                        self.next_task += 1;
                        self.waiting.push_back((top, req, task));
                    }
                    MemoryMessage::Request(req) if matches!(req.access, Access::Flush { .. }) => {
                        let invalidate = matches!(req.access, Access::Flush { invalidate: true });
                        if let (true, Some(m)) = (invalidate, self.migrations.as_mut()) {
                            m.policy.start_kernel();
                        }
                        let answer = MemResponse {
                            id: req.id,
                            result: Ok(Payload::EMPTY),
                        };
                        self.outbox.push(top, MemoryMessage::Response(answer));
                    }
                    other => panic!("the page walker received {other:?}"),
                }
            }
        }
        while self.walking.len() < self.walkers {
            let Some(walk) = self.waiting.pop_front() else {
                break;
            };
            count(ctx, "walks");
            let due = ctx.now() + self.latency;
            self.walking.push(ctx, due, walk);
        }
        self.outbox.send(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PageMigration;
    use crate::engine::PS_PER_NS;
    use crate::timing::fabric::{FabricStats, Topology};

    const PAGE: u64 = 4096;

    /// Two GPUs under one switch of MGPUSim's links (64-byte flits at 64 GB/s).
    fn links() -> FabricLinks {
        let topology = Topology::PcieTree {
            gpus_per_switch: 2,
            gbytes_per_s: 64.0,
            switch_latency: 140 * PS_PER_NS,
            flit_bytes: 64,
        };
        FabricLinks::new(2, &topology, false, FabricStats::default())
    }

    fn migrations() -> Migrations {
        let policy = MigrationPolicy::new(PageMigration::OnDemand, 1).unwrap();
        Migrations::new(policy, links(), 64)
    }

    /// MGPUSim's costs in picoseconds (configs/mgpusim-r9nano.toml at 1 GHz), DRAM 50 ns.
    fn by_driver() -> Migrations {
        let ns = |n: u64| n * PS_PER_NS;
        let procedure = DriverProcedure::new(ns(150), ns(295), ns(4), ns(474), ns(471));
        migrations().with_driver(procedure, ns(50))
    }

    #[test]
    fn the_driver_adds_its_steps_and_the_drams_to_the_pull_over_the_links() {
        // The pull alone, as links_only times it, on links of its own.
        let mut alone = migrations();
        alone.carry_out(&[(5, 0)], 1, PAGE, 0);
        let pull = alone.arriving[&5];
        assert!(pull > 0);
        let mut m = by_driver();
        m.carry_out(&[(5, 0)], 1, PAGE, 0);
        // To the driver 150, drain 594, shootdown 1,064, to the controller 295, its
        // DRAM read 50, the pull, its DRAM write 50, back 295, to the IOMMU 150.
        let ns = 150 + 594 + 1064 + 295 + 50 + 50 + 295 + 150;
        assert_eq!(m.arriving[&5], pull + ns * PS_PER_NS);
    }

    #[test]
    fn two_migrations_asked_at_once_are_carried_out_one_after_the_other() {
        let mut m = by_driver();
        m.carry_out(&[(5, 0)], 1, PAGE, 0);
        m.carry_out(&[(6, 0)], 1, PAGE, 0);
        let (first, second) = (m.arriving[&5], m.arriving[&6]);
        // The first's answer left the driver 150 before the IOMMU had it; the driver
        // then restarted the GPU (1,061) and the RDMA engines (594), and only then took
        // the second (asked long before: no 150 to wait), which took as long from there
        // as the first from when the driver took it (at 150; the links idle again).
        let ns = |n: u64| n * PS_PER_NS;
        let taken = first - ns(150) + ns(1061 + 594);
        assert_eq!(second, taken + (first - ns(150)));
    }
}
