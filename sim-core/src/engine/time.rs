//! Simulated time and the clocks that tick it.

/// Simulated time: picoseconds since the simulation began.
pub type Time = u64;

/// Picoseconds in one nanosecond (OpenCL profiling times are in nanoseconds).
pub const PS_PER_NS: Time = 1_000;

/// A component's clock: the period of one cycle, in picoseconds.
///
/// Clock edges fall on whole multiples of the period, so components with the same clock
/// agree on cycle boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    period: Time,
}

impl Clock {
    /// A clock of `mhz` megahertz; the period is rounded to the nearest picosecond
    /// (exact for every frequency that divides 1 THz, e.g. 1000 MHz → 1000 ps).
    ///
    /// # Panics
    /// If `mhz` is 0 (configurations are validated to be positive before this).
    pub fn from_mhz(mhz: u32) -> Clock {
        assert!(mhz > 0, "a clock frequency must be positive");
        let mhz = Time::from(mhz);
        Clock::from_period((1_000_000 + mhz / 2) / mhz)
    }

    /// A clock whose cycle lasts `period` picoseconds.
    ///
    /// # Panics
    /// If `period` is 0.
    pub fn from_period(period: Time) -> Clock {
        assert!(period > 0, "a clock period must be positive");
        Clock { period }
    }

    /// Length of one cycle, in picoseconds.
    pub fn period(self) -> Time {
        self.period
    }

    /// Duration of `n` cycles.
    pub fn cycles(self, n: u64) -> Time {
        n * self.period
    }

    /// The cycle (counted from 0) that time `t` falls in.
    pub fn cycle_at(self, t: Time) -> u64 {
        t / self.period
    }

    /// The first clock edge at or after `t`.
    pub fn next_edge(self, t: Time) -> Time {
        t.div_ceil(self.period) * self.period
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_and_edges() {
        let gpu = Clock::from_mhz(1000);
        assert_eq!(gpu.period(), 1000);
        assert_eq!(gpu.cycles(3), 3000);
        assert_eq!(gpu.cycle_at(2999), 2);
        assert_eq!(gpu.next_edge(2000), 2000);
        assert_eq!(gpu.next_edge(2001), 3000);
        // 1100 MHz = 909.09 ps, rounded to 909.
        assert_eq!(Clock::from_mhz(1100).period(), 909);
        assert_eq!(Clock::from_mhz(3).period(), 333_333);
    }
}
