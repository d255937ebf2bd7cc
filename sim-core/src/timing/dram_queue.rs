//! The command queue of one rank of a DRAM controller.
//!
//! MGPUSim v3.0.0's HBM controllers (akita's `mem/dram`, built by its R9 Nano builder
//! with `WithCommandQueueSize(8)`) move the accesses from their first-come
//! first-served transaction queue into a command queue per rank of 8 entries, taking
//! the oldest access whose rank's queue has room. Each DRAM cycle the controller issues
//! the first command of a queue (ranks in turn) whose bank is ready: the row activation
//! of an access, then, tRCD later, its read or write with auto-precharge, which frees
//! the entry. An access whose bank is busy with an earlier one keeps its entry all the
//! while, so a few accesses queued on busy banks hold up the accesses to idle banks
//! behind them (matrix transpose 1024²: 40.7 µs in MGPUSim, 34.7 µs with queues of 64).
//! [`CommandQueue`] gives each access, in its rank's order of arrival, the time it
//! enters the queue; the controller starts it there when its bank is free, and it keeps
//! its entry until its column command.

/// When the accesses of one rank enter its command queue.
#[derive(Debug, Clone, Default)]
pub struct CommandQueue {
    /// Entries (0: no limit).
    capacity: usize,
    /// When the entries taken leave the queue, in no order; those gone by `last_entered`
    /// are dropped.
    leaving: Vec<u64>,
    /// When the last access entered.
    last_entered: u64,
}

impl CommandQueue {
    /// A queue of `capacity` entries (0: no limit).
    pub fn new(capacity: u32) -> Self {
        CommandQueue {
            capacity: capacity as usize,
            ..CommandQueue::default()
        }
    }

    /// When an access arriving at `arrival`, after every access of the rank that arrived
    /// before it, enters the queue: once those entered and an entry is free.
    pub fn enter(&mut self, arrival: u64) -> u64 {
        let mut at = arrival.max(self.last_entered);
        if self.capacity > 0 {
            self.leaving.retain(|&t| t > at);
            if self.leaving.len() >= self.capacity {
                let (first, &soonest) = self
                    .leaving
                    .iter()
                    .enumerate()
                    .min_by_key(|&(_, t)| *t)
                    .expect("a full queue has entries");
                self.leaving.swap_remove(first);
                at = soonest;
            }
        }
        self.last_entered = at;
        at
    }

    /// The access that entered last leaves the queue at `at`.
    pub fn leaves(&mut self, at: u64) {
        if self.capacity > 0 {
            self.leaving.push(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_access_waits_for_a_free_entry_in_arrival_order() {
        let mut q = CommandQueue::new(2);
        assert_eq!(q.enter(10), 10);
        q.leaves(100);
        assert_eq!(q.enter(11), 11);
        q.leaves(50);
        // Full: the third enters when the second leaves.
        assert_eq!(q.enter(12), 50);
        q.leaves(60);
        // Not before the one that arrived before it.
        assert_eq!(q.enter(20), 60);
        q.leaves(70);
        assert_eq!(q.enter(200), 200);
    }

    #[test]
    fn no_limit_takes_every_access_at_once() {
        let mut q = CommandQueue::new(0);
        for t in [5, 6, 7, 8] {
            assert_eq!(q.enter(t), t);
            q.leaves(1000);
        }
    }
}
