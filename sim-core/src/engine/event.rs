//! Scheduled events and their deterministic order.

use super::{ComponentId, Port, Time};
use std::cmp::Ordering;

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
    /// The peer of the target's port retrieved a message: one place freed.
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

// Events are compared by key alone, reversed so that `BinaryHeap` (a max-heap) pops the
// earliest first. Keys are unique (source, seq), so the order is total.
impl<M> PartialEq for Event<M> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<M> Eq for Event<M> {}

impl<M> PartialOrd for Event<M> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<M> Ord for Event<M> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}
