//! Scheduled events and their deterministic order.

use super::{ComponentId, Port, Time};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

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
    /// The peer of the target's port retrieved a message: one place freed. The engine
    /// returns the credit as soon as the step that created this event ends; only when
    /// the target was blocked on the port does the event stay, to wake it.
    Credit { port: Port },
    /// A timer the target set is due.
    Timer { tag: u64 },
}

/// An event scheduled for one component.
pub(crate) struct Event<M> {
    pub(crate) key: EventKey,
    pub(crate) target: ComponentId,
    pub(crate) kind: EventKind<M>,
}

/// The pending events, earliest first.
///
/// The heap orders only (key, place) pairs; the events themselves stay put in a slab
/// whose places are reused, so that sifting moves a few words instead of whole messages.
pub(crate) struct EventQueue<M> {
    heap: BinaryHeap<Reverse<(EventKey, u32)>>,
    slab: Vec<Option<Event<M>>>,
    free: Vec<u32>,
}

impl<M> EventQueue<M> {
    pub(crate) fn new() -> Self {
        EventQueue {
            heap: BinaryHeap::new(),
            slab: Vec::new(),
            free: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, event: Event<M>) {
        let key = event.key;
        let place = match self.free.pop() {
            Some(place) => {
                self.slab[place as usize] = Some(event);
                place
            }
            None => {
                self.slab.push(Some(event));
                u32::try_from(self.slab.len() - 1).expect("fewer than 2^32 pending events")
            }
        };
        self.heap.push(Reverse((key, place)));
    }

    /// Removes and returns the earliest event.
    pub(crate) fn pop(&mut self) -> Option<Event<M>> {
        let Reverse((_, place)) = self.heap.pop()?;
        self.free.push(place);
        self.slab[place as usize].take()
    }

    /// The key of the earliest event.
    pub(crate) fn peek_key(&self) -> Option<EventKey> {
        self.heap.peek().map(|Reverse((key, _))| *key)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}
