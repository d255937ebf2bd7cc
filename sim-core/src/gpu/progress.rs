//! How far a kernel has come while a [`Gpu`](super::Gpu) simulates it, for a progress
//! display (see [`Gpu::run_kernel_watched`](super::Gpu::run_kernel_watched)).

use super::Message;
use crate::engine::{Hook, HookContext, Observation, Time};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A running kernel's progress.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KernelProgress {
    /// Work-groups the compute units have answered (done or failed).
    pub workgroups_done: u64,
    /// Work-groups of the whole launch.
    pub workgroups: u64,
    /// Simulated time since the launch was submitted, in picoseconds.
    pub simulated: Time,
}

/// Counts the work-groups a dispatcher receives back from its compute units (a hook on
/// the dispatcher; shared with the GPU through an atomic, since hooks may run on any of
/// the engine's threads).
pub(super) struct WorkGroupCounter(pub(super) Arc<AtomicU64>);

impl Hook<Message> for WorkGroupCounter {
    fn observe(&mut self, _at: HookContext, what: &Observation<'_, Message>) {
        if let Observation::Retrieved {
            msg: Message::WorkGroupDone(_),
            ..
        } = what
        {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}
