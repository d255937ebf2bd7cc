//! The instruction budget of one kernel launch: all its wavefronts together may execute
//! at most so many instructions (`platform.max_launch_instructions`) beyond a small
//! allowance each, so that an endless kernel stops in bounded time whatever its grid (the
//! per-wavefront limit alone lets a grid of many wavefronts run for days), while a long
//! grid of short wavefronts (a CTS test launches 2^28 wavefronts of 8 instructions) runs.

use std::sync::atomic::{AtomicU64, Ordering};

use super::fault::FaultKind;

/// Instructions a launch may still execute, shared by all the compute units running it.
#[derive(Debug)]
pub struct InstructionBudget {
    limit: u64,
    free_per_wavefront: u64,
    spent: AtomicU64,
}

impl InstructionBudget {
    /// A budget of `limit` wavefront instructions, counting only those each wavefront
    /// executes beyond its first `free_per_wavefront`.
    pub fn new(limit: u64, free_per_wavefront: u64) -> Self {
        InstructionBudget {
            limit,
            free_per_wavefront,
            spent: AtomicU64::new(0),
        }
    }

    /// Records that a wavefront went from `before` to `after` executed instructions; a
    /// fault once the launch has spent more than its limit. Whether a launch exceeds its
    /// budget depends only on what it executes, not on how its work-groups interleave.
    pub fn spend(&self, before: u64, after: u64) -> Result<(), FaultKind> {
        let n = after.saturating_sub(before.max(self.free_per_wavefront));
        // Spending nothing (a wavefront within its free instructions) only reads the
        // shared count: a write, even of 0, takes its cache line from every other host
        // thread running the launch, once a wavefront.
        let spent = match n {
            0 => self.spent.load(Ordering::Relaxed),
            n => self.spent.fetch_add(n, Ordering::Relaxed) + n,
        };
        if spent > self.limit {
            Err(FaultKind::LaunchInstructionLimit(self.limit))
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_for_all_spenders_together() {
        let budget = InstructionBudget::new(10, 0);
        assert!(budget.spend(0, 4).is_ok());
        assert!(budget.spend(0, 6).is_ok());
        assert_eq!(
            budget.spend(6, 7),
            Err(FaultKind::LaunchInstructionLimit(10))
        );
    }

    #[test]
    fn each_wavefronts_first_instructions_are_free() {
        let budget = InstructionBudget::new(10, 100);
        // Any number of short wavefronts.
        for _ in 0..1000 {
            assert!(budget.spend(0, 100).is_ok());
        }
        // A long one: 95..105 counts 5, then 105..110 counts 5 more.
        assert!(budget.spend(95, 105).is_ok());
        assert!(budget.spend(105, 110).is_ok());
        assert_eq!(
            budget.spend(110, 111),
            Err(FaultKind::LaunchInstructionLimit(10))
        );
    }
}
