//! The instruction budget of one kernel launch: all its wavefronts together may execute
//! at most so many instructions (`platform.max_launch_instructions`), so that an endless
//! kernel stops in bounded time whatever its grid (the per-wavefront limit alone lets a
//! grid of many wavefronts run for days).

use std::sync::atomic::{AtomicU64, Ordering};

use super::fault::FaultKind;

/// Instructions a launch may still execute, shared by all the compute units running it.
#[derive(Debug)]
pub struct InstructionBudget {
    limit: u64,
    spent: AtomicU64,
}

impl InstructionBudget {
    /// A budget of `limit` wavefront instructions.
    pub fn new(limit: u64) -> Self {
        InstructionBudget {
            limit,
            spent: AtomicU64::new(0),
        }
    }

    /// Records `n` more executed instructions; a fault once the launch has executed more
    /// than its limit. Whether a launch exceeds its budget depends only on what it
    /// executes, not on how its work-groups interleave.
    pub fn spend(&self, n: u64) -> Result<(), FaultKind> {
        let spent = self.spent.fetch_add(n, Ordering::Relaxed) + n;
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
        let budget = InstructionBudget::new(10);
        assert!(budget.spend(4).is_ok());
        assert!(budget.spend(6).is_ok());
        assert_eq!(budget.spend(1), Err(FaultKind::LaunchInstructionLimit(10)));
    }
}
