//! The links a unified device's kernels share with its host transfers: the fabric
//! component ([`Fabric`](super::Fabric)) books a kernel's messages on the links between
//! the GPUs in the device's engine time, and [`SharedLinks`](super::SharedLinks) carries
//! the host transfers line by line over a model of the same links in the platform's
//! time. While a kernel runs on the timeline of the device's host links, an engine time
//! `e` is the platform time `start + (e - engine_start)` (the kernel's START and the
//! engine's time when it was submitted), and each of those links is one link for both:
//!
//! - the fabric books a message no earlier than the end of the transfer line last put on
//!   the link, and a transfer line takes the link no earlier than the end of the last
//!   message the fabric booked there;
//! - the fabric books the link for a message when the message enters (all its hops at
//!   once), so a link a kernel keeps busy is booked ahead of time: a transfer line that
//!   waited for the end of those bookings would wait behind every message that entered
//!   meanwhile. So while transfer lines wait at a link, each message the fabric books
//!   there first reserves a slot (of the largest waiting message's bytes) for the next
//!   of them, and the lines take the slots in order: a kernel's messages and the
//!   transfers' lines alternate on the link.
//!
//! With no kernel running the fabric books nothing, and a lone kernel or a lone transfer
//! finds the other's last bookings in its past: both take what they take alone.
//! Deterministic: the fabric books in its runs (one component) and the IOMMU in the
//! engine's in-order phase, and the shared links change between the engine's steps.

use crate::engine::Time;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// What one link of the fabric shares (platform times, ps).
#[derive(Debug, Default)]
struct CoupledLink {
    /// When the last message the fabric booked leaves the link.
    fabric_free: Time,
    /// When the last transfer line put on the link leaves it.
    transfer_busy: Time,
    /// Transfer messages that have reached the link and not taken it.
    waiting: u64,
    /// The largest of those messages (bytes).
    slot_bytes: u64,
    /// Slots the fabric reserved for them: their starts, in order.
    slots: VecDeque<Time>,
}

#[derive(Debug)]
struct Coupling {
    /// The fabric's links between the GPUs, by name, in the fabric's order.
    names: Vec<String>,
    links: Vec<CoupledLink>,
    /// While a kernel runs: its START (platform) and the engine's time then.
    running: Option<(Time, Time)>,
}

impl Coupling {
    /// Engine time of platform time `at` (while a kernel runs from `(start, engine)`).
    fn engine_time((start, engine): (Time, Time), at: Time) -> Time {
        (at + engine).saturating_sub(start)
    }

    /// Platform time of engine time `at`.
    fn platform_time((start, engine): (Time, Time), at: Time) -> Time {
        (at + start).saturating_sub(engine)
    }
}

/// The shared view of the fabric's links between a unified device's kernels and its
/// host transfers (see the module documentation); clones share it.
#[derive(Debug, Clone)]
pub struct LinkCoupling(Arc<Mutex<Coupling>>);

impl LinkCoupling {
    /// For a fabric whose links are named `names`, in its order.
    pub fn new(names: Vec<String>) -> LinkCoupling {
        let links = names.iter().map(|_| CoupledLink::default()).collect();
        LinkCoupling(Arc::new(Mutex::new(Coupling {
            names,
            links,
            running: None,
        })))
    }

    fn lock(&self) -> MutexGuard<'_, Coupling> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The fabric's number of the link named `name`, if the fabric has it.
    pub fn link_named(&self, name: &str) -> Option<usize> {
        self.lock().names.iter().position(|n| n == name)
    }

    /// A kernel starts at platform time `start`, the engine's time being `engine`.
    pub fn kernel_started(&self, start: Time, engine: Time) {
        self.lock().running = Some((start, engine));
    }

    /// The running kernel has ended: slots reserved and not taken are given up.
    pub fn kernel_ended(&self) {
        let mut coupling = self.lock();
        coupling.running = None;
        for link in &mut coupling.links {
            link.slots.clear();
        }
    }

    /// The fabric books link `link` for a message ready at engine time `ready`: returns
    /// when it may leave at the earliest (after the last transfer line on the link),
    /// having `reserve`d first a slot for a waiting transfer line if one has none
    /// (`reserve(at, bytes)` books the link for `bytes` from `at` and returns when the
    /// slot starts). Outside a kernel, `ready` as it is.
    pub(super) fn book(
        &self,
        link: usize,
        ready: Time,
        reserve: impl FnOnce(Time, u64) -> Time,
    ) -> Time {
        let mut coupling = self.lock();
        let Some(running) = coupling.running else {
            return ready;
        };
        let Some(shared) = coupling.links.get_mut(link) else {
            return ready;
        };
        let ready = ready.max(Coupling::engine_time(running, shared.transfer_busy));
        if shared.waiting > shared.slots.len() as u64 {
            let slot = reserve(ready, shared.slot_bytes);
            shared
                .slots
                .push_back(Coupling::platform_time(running, slot));
        }
        ready
    }

    /// The fabric's link `link` is next free at engine time `free`.
    pub(super) fn fabric_free(&self, link: usize, free: Time) {
        let mut coupling = self.lock();
        if let Some(running) = coupling.running {
            if let Some(shared) = coupling.links.get_mut(link) {
                shared.fabric_free = Coupling::platform_time(running, free);
            }
        }
    }

    /// `count` transfer messages of `bytes` each reach the fabric's link `link`.
    pub(super) fn arrived(&self, link: usize, count: u64, bytes: u64) {
        if let Some(shared) = self.lock().links.get_mut(link) {
            shared.waiting += count;
            shared.slot_bytes = shared.slot_bytes.max(bytes);
        }
    }

    /// A transfer message ready at platform time `now` takes the fabric's link `link`
    /// for `occupied`: returns when it starts (its reserved slot, or after the fabric's
    /// last booking).
    pub(super) fn take(&self, link: usize, now: Time, occupied: Time) -> Time {
        let mut coupling = self.lock();
        let Some(shared) = coupling.links.get_mut(link) else {
            return now;
        };
        shared.waiting = shared.waiting.saturating_sub(1);
        let start = loop {
            match shared.slots.pop_front() {
                Some(slot) if slot >= now => break slot,
                Some(_) => continue,
                None => break now.max(shared.fabric_free),
            }
        };
        if shared.waiting == 0 {
            shared.slots.clear();
            shared.slot_bytes = 0;
        }
        shared.transfer_busy = shared.transfer_busy.max(start + occupied);
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_kernel_the_fabric_books_as_alone() {
        let coupling = LinkCoupling::new(vec!["a".into()]);
        coupling.arrived(0, 1, 68);
        assert_eq!(coupling.take(0, 1000, 50), 1000);
        assert_eq!(coupling.book(0, 10, |_, _| unreachable!()), 10);
    }

    #[test]
    fn a_waiting_line_gets_a_slot_before_the_kernels_next_message() {
        let coupling = LinkCoupling::new(vec!["a".into()]);
        // Engine time 500 is platform time 10,500.
        coupling.kernel_started(10_000, 500);
        coupling.fabric_free(0, 2_500);
        coupling.arrived(0, 2, 68);
        let mut reserved = Vec::new();
        let ready = coupling.book(0, 600, |at, bytes| {
            reserved.push((at, bytes));
            2_500
        });
        assert_eq!(ready, 600);
        assert_eq!(reserved, [(600, 68)]);
        // The first line takes the slot; the second, with none, waits for the fabric.
        assert_eq!(coupling.take(0, 10_700, 40), 12_000);
        coupling.fabric_free(0, 3_000);
        assert_eq!(coupling.take(0, 10_700, 40), 12_500);
        // The fabric's next message leaves after that line.
        assert_eq!(coupling.book(0, 0, |_, _| unreachable!()), 3_040);
    }
}
