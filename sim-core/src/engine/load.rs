//! How much work an engine's steps held: what decides how far running a step's
//! components on several threads can speed a simulation up.

use std::ops::Sub;
use std::time::Duration;

/// Counts and host times of an engine's steps since it was made (subtract two readings
/// for a stretch of the run).
///
/// A step's components may run on several threads (each queueing the events its runs
/// create); taking the step's events from the queues, returning the credits and the
/// in-order runs ([`Wake::InOrder`](super::Wake::InOrder)) are serial. So with
/// `n` threads a run takes at least `serial + parallel / n`: [`serial_fraction`]
/// (Self::serial_fraction) bounds the speed-up, and components per step say how much
/// there is to share.
///
/// The host times are those of one step in [`TIMED_EVERY`] (the timed steps), not of
/// every step: reading the clock four times a step cost about 2 % of a one-thread run.
/// Which steps are timed follows from their number alone, spread so that no pattern of
/// steps repeating with a fixed period (a clock's cycle) is always or never timed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineLoad {
    /// Steps handled.
    pub steps: u64,
    /// Events handled.
    pub events: u64,
    /// Component runs for events (one per component with events per step).
    pub component_runs: u64,
    /// Steps whose host time was measured (about one in [`TIMED_EVERY`]).
    pub timed_steps: u64,
    /// Host time the timed steps spent running components for their events (the part
    /// that may run in parallel).
    pub parallel: Duration,
    /// Host time the timed steps spent in all.
    pub total: Duration,
}

/// About one step in this many is timed (see [`EngineLoad`]).
pub const TIMED_EVERY: u64 = 8;

/// Whether the step numbered `step` (from 0) is timed: those whose multiple of the
/// golden ratio has a fractional part below 1 / [`TIMED_EVERY`] (a Weyl sequence: about one
/// in `TIMED_EVERY` over any long stretch, and evenly over every residue of any period).
pub(crate) fn is_timed(step: u64) -> bool {
    const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15; // 2^64 / the golden ratio
    step.wrapping_mul(GOLDEN) < u64::MAX / TIMED_EVERY
}

impl EngineLoad {
    /// The share of the timed steps' host time that ran serially (0 when no step was
    /// timed).
    pub fn serial_fraction(&self) -> f64 {
        if self.total.is_zero() {
            return 0.0;
        }
        1.0 - self.parallel.as_secs_f64() / self.total.as_secs_f64()
    }

    /// Events per step (0 when no step ran).
    pub fn events_per_step(&self) -> f64 {
        ratio(self.events, self.steps)
    }

    /// Components run for events per step (0 when no step ran).
    pub fn components_per_step(&self) -> f64 {
        ratio(self.component_runs, self.steps)
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

impl Sub for EngineLoad {
    type Output = EngineLoad;

    fn sub(self, before: EngineLoad) -> EngineLoad {
        EngineLoad {
            steps: self.steps - before.steps,
            events: self.events - before.events,
            component_runs: self.component_runs - before.component_runs,
            timed_steps: self.timed_steps - before.timed_steps,
            parallel: self.parallel.saturating_sub(before.parallel),
            total: self.total.saturating_sub(before.total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_rates_follow_from_the_counts() {
        let load = EngineLoad {
            steps: 4,
            events: 10,
            component_runs: 6,
            timed_steps: 2,
            parallel: Duration::from_millis(75),
            total: Duration::from_millis(100),
        };
        assert!((load.serial_fraction() - 0.25).abs() < 1e-9);
        assert_eq!(load.events_per_step(), 2.5);
        assert_eq!(load.components_per_step(), 1.5);
        assert_eq!((load - load).steps, 0);
        assert_eq!(EngineLoad::default().serial_fraction(), 0.0);
        assert_eq!(EngineLoad::default().events_per_step(), 0.0);
    }

    #[test]
    fn one_step_in_timed_every_is_timed_at_every_residue() {
        let steps = 80_000;
        let timed = (0..steps).filter(|&n| is_timed(n)).count() as u64;
        assert!(timed.abs_diff(steps / TIMED_EVERY) < 10, "{timed}");
        // Steps repeating with a period (here 2 to 16 steps a cycle) are timed at every
        // phase alike.
        for period in 2..=16 {
            for phase in 0..period {
                let at_phase = (phase..steps).step_by(period as usize);
                let timed = at_phase.clone().filter(|&n| is_timed(n)).count() as f64;
                let expected = at_phase.count() as f64 / TIMED_EVERY as f64;
                assert!((timed / expected - 1.0).abs() < 0.05, "{period} {phase}");
            }
        }
    }
}
