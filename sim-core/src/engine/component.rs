//! Components: the simulated hardware blocks, each owning its state and woken by events.

use super::{Context, Port};

/// Names one component of an [`Engine`](super::Engine); also its rank in the order of
/// simultaneous events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ComponentId(pub(crate) u32);

impl ComponentId {
    /// The component's position in its engine (0 for the first added).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a component is being run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// A timer the component set with [`Context::wake_at`]/[`Context::wake_after`] is due;
    /// the value is the tag it chose.
    Timer(u64),
    /// A message arrived in the port's incoming buffer (take it with
    /// [`Context::retrieve`]; until then it occupies space and holds back the sender).
    Arrived(Port),
    /// The port had refused a send because the peer's buffer was full, and space has
    /// freed: the component may send again.
    PortFree(Port),
    /// The component asked ([`Context::run_in_order`]) to be run again at the end of the
    /// step it was handling, after every component of that step has run: components are
    /// run so one at a time, in the order of their ids, so what they do then may touch
    /// state shared with other components (e.g. functional memory) with the same results
    /// at any number of threads.
    InOrder,
}

/// A simulated hardware block.
///
/// A component owns all of its state and talks to other components only by sending
/// messages of type `M` through its ports. It sleeps between wake-ups: it is run only when
/// a message arrives, a timer it set is due, or a port that refused a send frees up.
/// Components must not share mutable state, so that simultaneous events of different
/// components may be handled on different threads with the same results; what must
/// touch shared state waits for [`Wake::InOrder`].
pub trait Component<M>: Send {
    /// Reacts to `wake` at time `ctx.now()`: reads and sends messages, sets timers.
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, M>);

    /// Reacts to `wakes`, the distinct wake-ups of one step (never empty), in order. By
    /// default [`handle`](Self::handle) once for each. A component whose handler does
    /// all there is to do whatever woke it (takes everything waiting at its ports, sends
    /// what its ports accept, sets its next timer) would find nothing left to do on a
    /// second run in the same step: it overrides this to run once, and saves the engine
    /// the runs that change nothing.
    fn handle_step(&mut self, wakes: &[Wake], ctx: &mut Context<'_, M>) {
        for &wake in wakes {
            self.handle(wake, ctx);
        }
    }
}

/// A passive endpoint: a component that does nothing, so messages arriving at its ports
/// wait there until code outside the simulation takes them with
/// [`Engine::retrieve`](super::Engine::retrieve) (and sends through them with
/// [`Engine::send`](super::Engine::send)). The driver talks to a GPU through one.
#[derive(Debug, Default, Clone, Copy)]
pub struct Endpoint;

impl<M> Component<M> for Endpoint {
    fn handle(&mut self, _wake: Wake, _ctx: &mut Context<'_, M>) {}
}
