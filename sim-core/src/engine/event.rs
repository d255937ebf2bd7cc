//! Scheduled events and their deterministic order.

use super::{ComponentId, Port, Time};
use crate::fast_hash::FastHash;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The position of an event in simulated time, and its rank among simultaneous events.
///
/// Events are ordered by time, then by `delta` (the number of zero-delay steps that led to
/// the event within the same instant), then by the component that created it, then by that
/// component's own running count. Every part is decided by the simulation itself, never
/// by hash order or thread timing, so a run is reproducible; and every event a handler
/// creates for the same instant has a larger `delta`, so all events of one
/// (time, delta) are independent and may be handled in parallel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct EventKey {
    pub(crate) time: Time,
    pub(crate) delta: u32,
    pub(crate) source: u32,
    pub(crate) seq: u64,
}

/// What happens when an event is handled.
pub(crate) enum EventKind<M> {
    /// A message reaches the target's port.
    Deliver { port: Port, msg: M },
    /// A message sent ahead ([`Context::send_ahead`](super::Context::send_ahead))
    /// reaches the target's port, and takes its place there: the engine spends the
    /// sender's credit for it now.
    DeliverAhead { port: Port, msg: M },
    /// The peer of the target's port retrieved a message: one place freed. The engine
    /// returns the credit as soon as the step that created this event ends; only when
    /// the target was blocked on the port does the event stay, to wake it.
    Credit { port: Port },
    /// A timer the target set is due.
    Timer { tag: u64 },
}

/// A place freed in the incoming buffer of port `port` of component `target` (the peer
/// of the port a message was taken from), with the key its [`EventKind::Credit`] event
/// has if the peer is blocked on the port. Kept apart from the events, and small, as
/// nearly every one is applied without becoming an event.
pub(crate) struct ReturnedCredit {
    pub(crate) key: EventKey,
    pub(crate) target: ComponentId,
    pub(crate) port: Port,
}

/// An event scheduled for one component.
pub(crate) struct Event<M> {
    pub(crate) key: EventKey,
    pub(crate) target: ComponentId,
    pub(crate) kind: EventKind<M>,
}

/// Where new events go: straight into the queue of the thread running the component,
/// or, for code outside the simulation, into a list the engine queues afterwards.
pub(crate) enum EventSink<'a, M> {
    /// A list, queued afterwards.
    Buffer(&'a mut Vec<Event<M>>),
    /// The queue of the thread running the component (see `Lanes`).
    Queue(&'a mut EventQueue<M>),
}

impl<M> EventSink<'_, M> {
    #[inline]
    pub(crate) fn push(&mut self, event: Event<M>) {
        match self {
            EventSink::Buffer(list) => list.push(event),
            EventSink::Queue(queue) => queue.push(event),
        }
    }
}

/// A point of simulated time and zero-delay step: the events sharing one are handled
/// together.
pub(crate) type Step = (Time, u32);

/// The pending events, grouped by step, earliest step first.
///
/// Many events share a step (every compute unit's clock edge, every message of a
/// cycle), so the queue orders steps, not events: a heap of the distinct steps pending
/// and, per step, its events in the order they were scheduled, in a list of a slab.
/// Events come in runs for the same step (a component's messages of one cycle), so the
/// step last added to is remembered. Emptied event lists are kept for reuse.
///
/// Events for the zero-delay step right after the one last taken (messages over links
/// without latency, most of them) skip the heap: that step is the earliest any new event
/// can have, so they wait in a list of their own, taken before the heap's.
pub(crate) struct EventQueue<M> {
    /// The step last taken ((0, 0) before any).
    current: Step,
    /// The events of step (current time, current delta + 1).
    immediate: Vec<Event<M>>,
    steps: BinaryHeap<Reverse<Step>>,
    /// The slab entry of each pending step.
    index: HashMap<Step, usize, FastHash>,
    /// Event lists of the pending steps (and empty ones, free, listed in `free`).
    lists: Vec<Vec<Event<M>>>,
    free: Vec<usize>,
    /// The step last added to and its slab entry.
    last: Option<(Step, usize)>,
    spare: Vec<Vec<Event<M>>>,
}

impl<M> EventQueue<M> {
    pub(crate) fn new() -> Self {
        EventQueue {
            current: (0, 0),
            immediate: Vec::new(),
            steps: BinaryHeap::new(),
            index: HashMap::default(),
            lists: Vec::new(),
            free: Vec::new(),
            last: None,
            spare: Vec::new(),
        }
    }

    // Inlined where events are made: most go to the immediate list or the step last
    // added to, a few instructions each; the rest take the call.
    #[inline]
    pub(crate) fn push(&mut self, event: Event<M>) {
        let step = (event.key.time, event.key.delta);
        if step == (self.current.0, self.current.1 + 1) {
            self.immediate.push(event);
            return;
        }
        match self.last {
            Some((last, entry)) if last == step => self.lists[entry].push(event),
            _ => self.push_to_other_step(step, event),
        }
    }

    /// [`push`](Self::push) for a step other than the immediate one or the one last
    /// added to.
    #[inline(never)]
    fn push_to_other_step(&mut self, step: Step, event: Event<M>) {
        let entry = match self.index.get(&step) {
            Some(&entry) => entry,
            None => self.open(step),
        };
        self.last = Some((step, entry));
        self.lists[entry].push(event);
    }

    /// Gives `step` an empty list in the slab; returns its entry.
    fn open(&mut self, step: Step) -> usize {
        let list = self.spare.pop().unwrap_or_default();
        let entry = match self.free.pop() {
            Some(entry) => {
                self.lists[entry] = list;
                entry
            }
            None => {
                self.lists.push(list);
                self.lists.len() - 1
            }
        };
        self.index.insert(step, entry);
        self.steps.push(Reverse(step));
        entry
    }

    /// Removes and returns the earliest step and its events, in the order they were
    /// scheduled.
    pub(crate) fn pop_step(&mut self) -> Option<(Step, Vec<Event<M>>)> {
        if !self.immediate.is_empty() {
            let step = (self.current.0, self.current.1 + 1);
            self.current = step;
            let list = self.spare.pop().unwrap_or_default();
            return Some((step, std::mem::replace(&mut self.immediate, list)));
        }
        let Reverse(step) = self.steps.pop()?;
        self.current = step;
        let entry = self.index.remove(&step).expect("a listed step has events");
        if self.last.is_some_and(|(last, _)| last == step) {
            self.last = None;
        }
        self.free.push(entry);
        Some((step, std::mem::take(&mut self.lists[entry])))
    }

    /// The earliest pending step, if any.
    pub(crate) fn next_step(&self) -> Option<Step> {
        if !self.immediate.is_empty() {
            return Some((self.current.0, self.current.1 + 1));
        }
        self.steps.peek().map(|Reverse(step)| *step)
    }

    /// Removes and returns the events of `step` if it is the earliest pending one;
    /// otherwise notes that `step`, earlier than any pending here, is being handled
    /// elsewhere (so that events for the step right after it go to the fast list).
    pub(crate) fn take_step(&mut self, step: Step) -> Option<Vec<Event<M>>> {
        if self.next_step() == Some(step) {
            return self.pop_step().map(|(_, events)| events);
        }
        // No event of the step after `step` can be pending yet (only a step's own
        // handling creates them), so the fast list is empty here.
        debug_assert!(self.immediate.is_empty());
        self.current = step;
        None
    }

    /// Takes back an emptied list from [`pop_step`](Self::pop_step) for reuse.
    pub(crate) fn recycle(&mut self, list: Vec<Event<M>>) {
        debug_assert!(list.is_empty());
        self.spare.push(list);
    }

    /// The time of the earliest pending event, if any.
    pub(crate) fn next_time(&self) -> Option<Time> {
        if !self.immediate.is_empty() {
            return Some(self.current.0);
        }
        self.steps.peek().map(|Reverse(step)| step.0)
    }

    /// Whether no event is pending (every listed step has events).
    pub(crate) fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.immediate.is_empty()
    }
}
