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
//! they created them), they are put in key order first (see `Engine::handle_parallel`). A
//! step's events stay in their lanes' lists, each read where it is delivered rather
//! than first gathered into one list on the engine's thread.

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
}

/// The events of a step, as taken from the lanes: numbered lane after lane (their
/// places), each lane's in the order they were pushed.
pub(crate) struct Batch<M> {
    /// Per lane, its events of the step.
    pub(crate) parts: Vec<Vec<Event<M>>>,
    /// Per lane, where its events end in the places.
    ends: Vec<usize>,
    /// Whether they came from more than one lane.
    mixed: bool,
}

impl<M> Default for Batch<M> {
    fn default() -> Self {
        Batch {
            parts: Vec::new(),
            ends: Vec::new(),
            mixed: false,
        }
    }
}

impl<M> Batch<M> {
    /// The number of events.
    pub(crate) fn len(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// The events, in the order of their places.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Event<M>> {
        self.parts.iter().flatten()
    }

    /// Whether they came from more than one lane.
    pub(crate) fn mixed(&self) -> bool {
        self.mixed
    }

    /// Per lane, where its events end in the places.
    pub(crate) fn ends(&self) -> &[usize] {
        &self.ends
    }

    /// When they came from more than one lane, moves them all into the first lane's list
    /// in key order, which keeps each creator's in the order it created them.
    pub(crate) fn merge(&mut self) {
        if !self.mixed {
            return;
        }
        let (all, others) = self.parts.split_first_mut().expect("a lane");
        for part in others {
            all.append(part);
        }
        all.sort_unstable_by_key(|event| (event.key.source, event.key.seq));
    }
}

/// The lane of the event at `place` of a batch whose lanes' events end at `ends`, and
/// the place of that lane's first event.
pub(crate) fn lane_of(ends: &[usize], place: usize) -> (usize, usize) {
    let lane = ends.partition_point(|&end| end <= place);
    (lane, if lane == 0 { 0 } else { ends[lane - 1] })
}

impl<M> Lanes<M> {
    /// One lane, for an engine running serially.
    pub(crate) fn new() -> Self {
        Lanes {
            lanes: vec![Lane::new()],
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

    /// Removes the earliest step, its events put in `batch` (whose lists, emptied, are
    /// given back); returns the step, or `None` when no event is pending.
    pub(crate) fn pop_step(&mut self, batch: &mut Batch<M>) -> Option<Step> {
        if let [lane] = &mut self.lanes[..] {
            // One lane (an engine without a crew): its step, no merging to prepare.
            let (step, events) = lane.queue.pop_step()?;
            batch.ends.clear();
            batch.ends.push(events.len());
            batch.mixed = false;
            match batch.parts.first_mut() {
                Some(part) => lane.queue.recycle(std::mem::replace(part, events)),
                None => batch.parts.push(events),
            }
            return Some(step);
        }
        let step = self
            .lanes
            .iter()
            .filter_map(|l| l.queue.next_step())
            .min()?;
        let mut sources = 0;
        for (lane, part) in self.lanes.iter_mut().zip(batch.parts.iter_mut()) {
            debug_assert!(part.is_empty());
            if let Some(events) = lane.queue.take_step(step) {
                lane.queue.recycle(std::mem::replace(part, events));
                sources += 1;
            }
        }
        for lane in batch.parts.len()..self.lanes.len() {
            let events = self.lanes[lane].queue.take_step(step).unwrap_or_default();
            sources += usize::from(!events.is_empty());
            batch.parts.push(events);
        }
        batch.ends.clear();
        let mut end = 0;
        for part in &batch.parts {
            end += part.len();
            batch.ends.push(end);
        }
        batch.mixed = sources > 1;
        Some(step)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::{EventKey, EventKind};

    fn timer(time: Time, delta: u32, source: u32, seq: u64) -> Event<()> {
        Event {
            key: EventKey {
                time,
                delta,
                source,
                seq,
            },
            target: ComponentId(source),
            kind: EventKind::Timer { tag: seq },
        }
    }

    fn keys(batch: &Batch<()>) -> Vec<(u32, u64)> {
        batch.iter().map(|e| (e.key.source, e.key.seq)).collect()
    }

    #[test]
    fn a_step_is_taken_from_every_lane_holding_it() {
        let mut lanes = Lanes::new();
        lanes.grow(3);
        lanes.lane(1).queue.push(timer(5, 0, 1, 0));
        lanes.lane(2).queue.push(timer(5, 0, 2, 0));
        lanes.lane(0).queue.push(timer(9, 0, 0, 0));
        lanes.lane(2).queue.push(timer(5, 0, 2, 1));
        assert_eq!(lanes.next_time(), Some(5));
        let mut batch = Batch::default();
        assert_eq!(lanes.pop_step(&mut batch), Some((5, 0)));
        assert_eq!(keys(&batch), [(1, 0), (2, 0), (2, 1)]);
        assert!(batch.mixed());
        assert_eq!(batch.ends(), [0, 1, 3]);
        assert_eq!(lane_of(batch.ends(), 0), (1, 0));
        assert_eq!(lane_of(batch.ends(), 2), (2, 1));
        batch.parts.iter_mut().for_each(Vec::clear);
        // The step right after the one taken, pushed in a lane that held none of it,
        // comes before later steps of other lanes.
        lanes.lane(0).queue.push(timer(5, 1, 0, 1));
        assert_eq!(lanes.pop_step(&mut batch), Some((5, 1)));
        assert_eq!(keys(&batch), [(0, 1)]);
        assert!(!batch.mixed());
        batch.parts.iter_mut().for_each(Vec::clear);
        assert_eq!(lanes.pop_step(&mut batch), Some((9, 0)));
        batch.parts.iter_mut().for_each(Vec::clear);
        assert!(lanes.is_empty());
        assert_eq!(lanes.pop_step(&mut batch), None);
    }
}
