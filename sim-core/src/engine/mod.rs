//! The event-driven simulation engine (after MGPUSim's Akita).
//!
//! A simulation is a set of [`Component`]s that own their state and talk only by sending
//! messages through [`Port`]s. Two linked ports form a connection that delivers each
//! message after a latency and applies back-pressure: a port's incoming buffer is bounded,
//! a send that would overfill it is refused, and the sender is woken
//! ([`Wake::PortFree`]) when room frees. Components sleep between wake-ups — there is no
//! ticking. Time is in picoseconds; each component has its own [`Clock`].
//!
//! The order of events is fully determined by the simulation (see the crate-private
//! `EventKey`): time, then zero-delay step, then creating component, then creation count.
//! [`Engine::step`] handles all events of one instant and step together; they are
//! independent, so with a thread pool they run in parallel and the results are identical
//! to the serial run. [`Hook`]s observe components for metrics and tracing.

mod component;
mod context;
mod crew;
mod event;
mod hook;
mod lanes;
mod load;
mod port;
mod simulation;
mod time;

pub use component::{Component, ComponentId, Endpoint, Wake};
pub use context::Context;
pub use hook::{Hook, HookContext, Observation, Task};
pub use load::{EngineLoad, TIMED_EVERY};
pub use port::{Port, PortRef};
pub use simulation::{Engine, Sharing};
pub use time::{Clock, Time, PS_PER_NS};

#[cfg(test)]
mod tests;
