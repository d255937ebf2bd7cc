//! Ports and the links between them: bounded, latency-bearing, credit-controlled channels.

use super::{ComponentId, Time};
use std::collections::VecDeque;

/// One of a component's ports, numbered within that component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Port(pub(crate) u32);

impl Port {
    /// The port's position among its owner's ports (0 for the first added).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A port named from outside its component: used to wire components together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PortRef {
    /// The component owning the port.
    pub component: ComponentId,
    /// The port within that component.
    pub port: Port,
}

/// The far end of a link, as seen from one port.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Link {
    pub(crate) peer: PortRef,
    pub(crate) delay: Delay,
}

/// When a message sent through a link arrives at its peer.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Delay {
    /// This long after it was sent.
    After(Time),
    /// At the first edge, after the time it was sent, of a clock of this period (the
    /// receiver's): it is in the receiver's ports when the receiver's next cycle begins.
    NextEdge(Time),
}

impl Delay {
    /// When a message sent at `now` arrives.
    #[inline]
    pub(crate) fn arrival(self, now: Time) -> Time {
        match self {
            Delay::After(latency) => now + latency,
            Delay::NextEdge(period) => (now / period + 1) * period,
        }
    }
}

/// A port's state, owned by the component's slot in the engine: what sending and
/// receiving touch, in one cache line (the port's name and capacity are kept apart, in
/// [`PortInfo`]).
///
/// Flow control is by credits: `credits` counts the free places in the peer's incoming
/// buffer as this side knows them; sending spends one, and the peer gives one back (an
/// event) when it retrieves the message. No state is shared between the two sides. A
/// message sent ahead spends its credit when it arrives, even when none is left: then
/// `credits` goes below zero, the peer's buffer holding that many more than its
/// capacity until it takes them.
#[repr(C, align(64))]
pub(crate) struct PortState<M> {
    pub(crate) incoming: VecDeque<M>,
    pub(crate) link: Option<Link>,
    pub(crate) credits: i32,
    /// A send was refused; the owner is woken with `Wake::PortFree` when a credit returns.
    pub(crate) blocked: bool,
}

impl<M> PortState<M> {
    pub(crate) fn new(capacity: usize) -> Self {
        PortState {
            incoming: VecDeque::with_capacity(capacity),
            link: None,
            credits: 0,
            blocked: false,
        }
    }
}

/// What a port is besides its state: its full name (for messages about wiring errors)
/// and how many messages its incoming buffer holds.
pub(crate) struct PortInfo {
    pub(crate) name: String,
    pub(crate) capacity: u32,
}
