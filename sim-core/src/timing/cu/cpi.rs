//! The compute unit's CPI stack: its cycles with resident wavefronts, each counted under
//! what its issue arbiter did in it — issued, or why nothing could issue.
//!
//! The arbiter decides at most once per cycle and, when nothing issued, sleeps until its
//! decision can change; the cycles from one decision to the next count under the first
//! one's outcome. When nothing issued, the reason is that of the wavefront closest to
//! issuing: one ready but not chosen (its SIMD's decoder or unit busy, or the sticky
//! arbiter on another SIMD) before one whose previous instruction still holds it, before
//! one waiting at `s_waitcnt` for memory, before one waiting for its instructions, before
//! one at a barrier. Cycles without resident wavefronts are not counted.

/// What the issue arbiter did in a cycle, or what the wavefront closest to issuing waited
/// for (in that order of closeness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum IssueState {
    /// At least one instruction issued.
    Issued,
    /// A wavefront was ready but another took its decoder, unit or SIMD turn.
    Arbiter,
    /// Its previous instruction still held the wavefront (in its unit or SIMD).
    Unit,
    /// `s_waitcnt` waited for memory (or an ended wavefront for its last accesses).
    Memory,
    /// The next instruction was not in the instruction buffer yet.
    Fetch,
    /// The wavefront waited at `s_barrier` for its work-group.
    Barrier,
    /// No wavefront was resident (not counted).
    Empty,
}

impl IssueState {
    /// The counted states, in report order.
    pub const COUNTED: [IssueState; 6] = [
        IssueState::Issued,
        IssueState::Arbiter,
        IssueState::Unit,
        IssueState::Memory,
        IssueState::Fetch,
        IssueState::Barrier,
    ];

    /// How many states there are.
    pub const ALL: usize = 7;

    /// The states a wavefront that is not ready waits in, closest to issuing first.
    pub const BLOCKED: [IssueState; 4] = [
        IssueState::Memory,
        IssueState::Fetch,
        IssueState::Barrier,
        IssueState::Empty,
    ];

    /// The report's name for cycles in this state.
    pub fn name(self) -> &'static str {
        match self {
            IssueState::Issued => "issuing_cycles",
            IssueState::Arbiter => "waiting_arbiter_cycles",
            IssueState::Unit => "waiting_unit_cycles",
            IssueState::Memory => "waiting_memory_cycles",
            IssueState::Fetch => "waiting_fetch_cycles",
            IssueState::Barrier => "waiting_barrier_cycles",
            IssueState::Empty => "empty_cycles",
        }
    }
}

/// Cycles counted per state since the last [`CpiStack::take`].
#[derive(Debug, Default)]
pub struct CpiStack {
    cycles: [u64; IssueState::COUNTED.len()],
    /// The latest decision: its cycle and outcome.
    open: Option<(u64, IssueState)>,
}

impl CpiStack {
    /// The arbiter decided `state` in cycle `cycle`: the cycles since its previous
    /// decision count under that one's outcome.
    pub fn record(&mut self, cycle: u64, state: IssueState) {
        self.close(cycle);
        self.open = Some((cycle, state));
    }

    /// Counts the cycles up to `cycle` and returns, for each counted state with cycles,
    /// its name and cycles since the last call; the latest decision stays open from
    /// `cycle` on (as `Empty` when `empty`: nothing resident from then on).
    pub fn take(&mut self, cycle: u64, empty: bool) -> Vec<(&'static str, u64)> {
        self.close(cycle);
        if empty {
            self.open = Some((cycle, IssueState::Empty));
        }
        IssueState::COUNTED
            .iter()
            .zip(std::mem::take(&mut self.cycles))
            .filter(|&(_, n)| n > 0)
            .map(|(s, n)| (s.name(), n))
            .collect()
    }

    fn close(&mut self, cycle: u64) {
        if let Some((from, state)) = self.open.as_mut() {
            if let Some(slot) = IssueState::COUNTED.iter().position(|s| s == state) {
                self.cycles[slot] += cycle.saturating_sub(*from);
            }
            *from = cycle;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_count_under_the_decision_that_began_them() {
        let mut stack = CpiStack::default();
        stack.record(10, IssueState::Issued);
        stack.record(11, IssueState::Memory);
        stack.record(40, IssueState::Issued);
        stack.record(41, IssueState::Unit);
        assert_eq!(
            stack.take(45, true),
            vec![
                ("issuing_cycles", 2),
                ("waiting_unit_cycles", 4),
                ("waiting_memory_cycles", 29)
            ]
        );
        // Nothing resident from 45 on: the next decision's wait is not counted.
        stack.record(100, IssueState::Fetch);
        assert_eq!(stack.take(103, false), vec![("waiting_fetch_cycles", 3)]);
    }
}
