//! Hooks: observers (metrics, tracing) that components notify without knowing who listens.

use super::{ComponentId, Port, Time};

/// Where and when an observation was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HookContext {
    /// The simulated time.
    pub time: Time,
    /// The component that made it.
    pub component: ComponentId,
}

/// Something a component reports to its hooks.
#[derive(Debug)]
pub enum Observation<'a, M> {
    /// A message left through a port (fired by the engine).
    Sent {
        /// The sending port.
        port: Port,
        /// The message.
        msg: &'a M,
    },
    /// A message was taken from a port's incoming buffer (fired by the engine).
    Retrieved {
        /// The receiving port.
        port: Port,
        /// The message.
        msg: &'a M,
    },
    /// A piece of work began (a kernel, a work-group, a memory request…).
    TaskStart {
        /// Identifies the task until its `TaskEnd`; unique within the component.
        task: u64,
        /// What kind of work it is, e.g. `"kernel"`, `"work-group"`.
        kind: &'static str,
    },
    /// A piece of work ended.
    TaskEnd {
        /// The `task` of its `TaskStart`.
        task: u64,
        /// The `kind` of its `TaskStart`.
        kind: &'static str,
        /// When its `TaskStart` was reported (the component keeps it with the work, so
        /// that a hook need not look it up).
        started: Time,
    },
    /// A quantity to add to a counter, e.g. instructions executed.
    Count {
        /// What is counted.
        what: &'static str,
        /// How much to add.
        amount: u64,
    },
}

/// A task a component reported the start of ([`Context::start_task`]): its number and
/// when it started, kept with the work until [`Context::end_task`].
///
/// [`Context::start_task`]: crate::engine::Context::start_task
/// [`Context::end_task`]: crate::engine::Context::end_task
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    /// Its number, unique within the component.
    pub id: u64,
    /// When it started.
    pub started: Time,
}

/// An observer attached to one component.
///
/// Hooks are owned by the component's slot and run on whichever thread handles that
/// component, so a hook that gathers from many components must combine its findings
/// itself (and, to be reproducible, order them by time and component, not by arrival).
pub trait Hook<M>: Send {
    /// Called for every observation of the component it is attached to.
    fn observe(&mut self, at: HookContext, what: &Observation<'_, M>);

    /// Whether it wants `Sent` and `Retrieved` observations (a component whose hooks
    /// all say no skips them, as they come with every message).
    fn observes_messages(&self) -> bool {
        true
    }

    /// Whether it wants `TaskStart` observations (a component whose hooks all say no
    /// skips them: a task's `TaskEnd` carries its start).
    fn observes_task_starts(&self) -> bool {
        true
    }

    /// Publishes what it gathered but kept to itself, so that its readers see it (the
    /// engine calls it from [`Engine::flush_hooks`](super::Engine::flush_hooks)).
    fn flush(&mut self) {}
}
