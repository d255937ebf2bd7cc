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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineLoad {
    /// Steps handled.
    pub steps: u64,
    /// Events handled.
    pub events: u64,
    /// Component runs for events (one per component with events per step).
    pub component_runs: u64,
    /// Host time spent running components for their events (the part that may run in
    /// parallel).
    pub parallel: Duration,
    /// Host time spent in steps in all.
    pub total: Duration,
}

impl EngineLoad {
    /// The share of the steps' host time that ran serially (0 when nothing ran).
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
}
