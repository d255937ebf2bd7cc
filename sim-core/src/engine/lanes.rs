//! The pending events kept in one queue per thread of the engine, so that the
//! components run in parallel queue what they create as they run, each thread into its
//! own queue, instead of leaving it for the engine's thread to queue after the step.
//!
//! A step is taken from all queues at once: the earliest (time, delta) of their heads,
//! and from every queue holding it, its events. Which queue an event waits in never
//! matters for the results, as long as the events of one creating component reach each
//! target in the order it created them (a port's messages all come from its peer):
//! within a queue they keep the order they were pushed in; when a step's events for one
//! target come from several queues (its senders ran on several threads, now or when
//! they created them), they are put in key order first (see [`Origins::spans`]).

use super::event::{Event, EventQueue, ReturnedCredit, Step};
use super::{ComponentId, Time};

/// What one thread writes while the components of a parallel step run on it, alone in
/// its cache lines (128 bytes: x86 cores fetch lines in pairs).
#[repr(align(128))]
pub(crate) struct Lane<M> {
    /// The events created by components run on this thread (and, lane 0, by everything
    /// run on the engine's thread alone).
    pub(crate) queue: EventQueue<M>,
    /// The credits returned by components run on this thread in the step being handled.
    pub(crate) credits: Vec<ReturnedCredit>,
    /// The components run on this thread in the step being handled that asked to run in
    /// order.
    pub(crate) in_order: Vec<ComponentId>,
    /// Reused space for the places of a component's events put in key order.
    pub(crate) places: Vec<u32>,
}

impl<M> Lane<M> {
    fn new() -> Self {
        Lane {
            queue: EventQueue::new(),
            credits: Vec::new(),
            in_order: Vec::new(),
            places: Vec::new(),
        }
    }
}

/// One [`Lane`] per thread of the engine (lane 0: the engine's own thread).
pub(crate) struct Lanes<M> {
    lanes: Vec<Lane<M>>,
    /// Which lanes the events of the step last taken came from.
    origins: Origins,
}

/// Which lanes the events of a step came from (its events in lane order).
#[derive(Default)]
pub(crate) struct Origins {
    /// Where the events of each lane end.
    ends: Vec<usize>,
    /// Whether they came from more than one lane.
    mixed: bool,
}

impl Origins {
    /// Whether they came from more than one lane.
    pub(crate) fn mixed(&self) -> bool {
        self.mixed
    }

    /// Whether the events at places `first` and `last` came from different lanes.
    pub(crate) fn spans(&self, first: usize, last: usize) -> bool {
        let lane = |place: usize| self.ends.partition_point(|&end| end <= place);
        self.mixed && lane(first) != lane(last)
    }
}

impl<M> Lanes<M> {
    /// One lane, for an engine running serially.
    pub(crate) fn new() -> Self {
        Lanes {
            lanes: vec![Lane::new()],
            origins: Origins::default(),
        }
    }

    /// Makes room for `threads` threads (lanes are never removed: events may wait in
    /// them).
    pub(crate) fn grow(&mut self, threads: usize) {
        while self.lanes.len() < threads {
            self.lanes.push(Lane::new());
        }
    }

    /// Lane `thread`.
    pub(crate) fn lane(&mut self, thread: usize) -> &mut Lane<M> {
        &mut self.lanes[thread]
    }

    /// The number of lanes.
    pub(crate) fn len(&self) -> usize {
        self.lanes.len()
    }

    /// The queue of the engine's own thread.
    pub(crate) fn serial(&mut self) -> &mut EventQueue<M> {
        &mut self.lanes[0].queue
    }

    /// Removes and returns the earliest step and its events: each lane's in the order
    /// they were pushed, lane after lane.
    pub(crate) fn pop_step(&mut self) -> Option<(Step, Vec<Event<M>>)> {
        let step = self
            .lanes
            .iter()
            .filter_map(|l| l.queue.next_step())
            .min()?;
        let mut batch: Option<Vec<Event<M>>> = None;
        let origins = &mut self.origins;
        origins.ends.clear();
        origins.mixed = false;
        for lane in &mut self.lanes {
            if let Some(mut events) = lane.queue.take_step(step) {
                match &mut batch {
                    None => batch = Some(events),
                    Some(batch) => {
                        origins.mixed = true;
                        batch.append(&mut events);
                        lane.queue.recycle(events);
                    }
                }
            }
            origins.ends.push(batch.as_ref().map_or(0, Vec::len));
        }
        Some((step, batch.expect("the earliest step has events")))
    }

    /// Takes back an emptied list from [`pop_step`](Self::pop_step) for reuse.
    pub(crate) fn recycle(&mut self, list: Vec<Event<M>>) {
        self.lanes[0].queue.recycle(list);
    }

    /// Which lanes the events of the step last taken came from.
    pub(crate) fn origins(&self) -> &Origins {
        &self.origins
    }

    /// The time of the earliest pending event, if any.
    pub(crate) fn next_time(&self) -> Option<Time> {
        self.lanes.iter().filter_map(|l| l.queue.next_time()).min()
    }

    /// Whether no event is pending.
    pub(crate) fn is_empty(&self) -> bool {
        self.lanes.iter().all(|l| l.queue.is_empty())
    }

    /// The lanes, for the threads of a parallel step to use one each.
    pub(crate) fn shared(&mut self) -> LanesPtr<M> {
        LanesPtr(self.lanes.as_mut_ptr())
    }
}

/// The lanes, for the threads of a parallel step to use distinct ones at once.
pub(crate) struct LanesPtr<M>(*mut Lane<M>);

impl<M> LanesPtr<M> {
    /// Lane `thread`.
    ///
    /// # Safety
    /// `thread` is a lane's index and no other reference to that lane is alive.
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn get(&self, thread: usize) -> &mut Lane<M> {
        &mut *self.0.add(thread)
    }
}

// SAFETY: shared only while a step's components run, each thread using its own lane (see
// `Engine::handle_parallel`); a lane's contents are `Send`.
unsafe impl<M: Send> Sync for LanesPtr<M> {}
