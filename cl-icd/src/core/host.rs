//! The host program's simulated clock: where QUEUED times come from.
//!
//! Host code takes no simulated time of its own. The clock moves only when the program
//! enqueues a command (by the host driver's overhead: the command is queued at the
//! clock's time and submitted that much later, when the program continues) and when the
//! program waits for a command or sees it finished (to that command's END, if later), or
//! for its own blocking copy of host memory into a new memory object. So
//! a single-threaded program's times do not depend on how fast the simulator runs: the
//! clock never reads how far a GPU has got.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The host's simulated time in nanoseconds, on the timeline the GPUs' profiling times
/// share.
#[derive(Debug, Default)]
pub struct HostClock(AtomicU64);

static HOST: HostClock = HostClock(AtomicU64::new(0));

/// The process's host clock.
pub fn host_clock() -> &'static HostClock {
    &HOST
}

impl HostClock {
    /// The host's simulated time now.
    pub fn now_ns(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    /// The host enqueues a command whose driver work takes `driver_ns`: returns its QUEUED
    /// time (now); the clock moves on to its SUBMIT time.
    pub fn enqueue(&self, driver_ns: u64) -> u64 {
        self.0.fetch_add(driver_ns, Ordering::AcqRel)
    }

    /// The host waits `ns` for work of its own (a blocking copy outside any queue).
    pub fn wait(&self, ns: u64) {
        self.0.fetch_add(ns, Ordering::AcqRel);
    }

    /// The host has seen a command end at `end_ns`: its clock is at least that late.
    pub fn observe(&self, end_ns: u64) {
        self.0.fetch_max(end_ns, Ordering::AcqRel);
    }
}

/// Counts the calling thread as a host thread of the program on the shared timeline (see
/// [`Timeline`](sim_core::platform::Timeline)), once, until it ends; queue threads are
/// never counted.
pub fn register_host_thread() {
    let Some(timeline) = super::platform::Platform::timeline() else {
        return;
    };
    HOST_THREAD.with(|registration| {
        if registration.get() == Registration::Unseen {
            registration.set(Registration::Host);
            timeline.host_thread_started();
            ENDS.with(|_| {});
        }
    });
}

/// Marks the calling thread as a command queue's thread (never a host thread).
pub fn mark_queue_thread() {
    HOST_THREAD.with(|registration| registration.set(Registration::Queue));
}

/// What a thread is to the shared timeline.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Registration {
    Unseen,
    Host,
    Queue,
}

/// Tells the shared timeline when a registered host thread ends.
struct HostThreadEnd;

impl Drop for HostThreadEnd {
    fn drop(&mut self) {
        super::event::end_host_poll();
        if let Some(timeline) = super::platform::Platform::timeline() {
            timeline.host_thread_ended();
        }
    }
}

thread_local! {
    static HOST_THREAD: Cell<Registration> = const { Cell::new(Registration::Unseen) };
    static ENDS: HostThreadEnd = const { HostThreadEnd };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enqueues_take_driver_time_and_waits_catch_up() {
        let clock = HostClock::default();
        assert_eq!(clock.enqueue(5), 0);
        assert_eq!(clock.enqueue(5), 5);
        clock.observe(100);
        assert_eq!(clock.now_ns(), 100);
        // A command that ended earlier than the host's time changes nothing.
        clock.observe(40);
        assert_eq!(clock.enqueue(5), 100);
        assert_eq!(clock.now_ns(), 105);
        clock.wait(20);
        assert_eq!(clock.now_ns(), 125);
    }
}
