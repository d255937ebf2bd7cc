//! The IOMMU's page-table walker, shared by all GPUs: answers translation questions from
//! the driver's page tables after a walk.

use super::plumbing::{count, take, Outbox, Pipeline};
use super::protocol::{
    Access, CarriesMemory, MemResponse, MemoryMessage, TranslationRequest, TranslationResponse,
};
use crate::driver::Driver;
use crate::engine::{Component, Context, Observation, Port, Time, Wake};
use std::collections::VecDeque;
use std::sync::Arc;

/// The page-table walker. Each top port serves one GPU's L2 TLB.
///
/// Timing: up to `walkers` walks proceed at once, each taking `latency`; further
/// questions queue. A walk reads the page tables when it ends: the page is found in the
/// asking GPU's table first, then in the other GPUs' in order; in none, it is a page
/// fault. A flush (the IOMMU keeps no translations) is answered at once.
pub struct PageWalker {
    driver: Arc<Driver>,
    tops: Vec<Port>,
    latency: Time,
    walkers: usize,
    waiting: VecDeque<(Port, TranslationRequest, u64)>,
    walking: Pipeline<(Port, TranslationRequest, u64)>,
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
            outbox: Outbox::default(),
            next_task: 0,
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
                    memory.home_of(address)
                })
            })
    }
}

impl<M: CarriesMemory> Component<M> for PageWalker {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, M>) {
        while let Some((top, req, task)) = self.walking.pop_due(ctx.now()) {
            let answer = TranslationResponse {
                id: req.id,
                page: req.page,
                gpu: self.walk(req.gpu, req.page),
            };
            ctx.notify(&Observation::TaskEnd { task, kind: "walk" });
            self.outbox.push(top, MemoryMessage::Translation(answer));
        }
        for i in 0..self.tops.len() {
            let top = self.tops[i];
            while let Some(msg) = take(ctx, top) {
                match msg {
                    MemoryMessage::Translate(req) => {
                        let task = self.next_task;
                        self.next_task += 1;
                        ctx.notify(&Observation::TaskStart { task, kind: "walk" });
                        self.waiting.push_back((top, req, task));
                    }
                    MemoryMessage::Request(req) if matches!(req.access, Access::Flush { .. }) => {
                        let answer = MemResponse {
                            id: req.id,
                            result: Ok(Vec::new()),
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
