//! The one-line summary per kernel printed on stderr with `GCNSIM_SUMMARY=1`.

use crate::config::Mode;
use crate::engine::EngineLoad;
use std::time::Duration;

/// `gcnsim: <kernel> on gpu<N>: <time> ns simulated, <n> wf-inst, <wall> s wall,
/// <rate> wf-inst/s` for a kernel of `instructions` wavefront instructions that took
/// `simulated_ns` of simulated time and `wall` of host time. In emulation mode the
/// time is the front end's estimate and says so: `<time> ns estimated (emu)`.
pub fn summary_line(
    kernel: &str,
    gpu: usize,
    mode: Mode,
    simulated_ns: u64,
    instructions: u64,
    wall: Duration,
    engine: Option<&EngineLoad>,
) -> String {
    let time = match mode {
        Mode::Timing => "simulated",
        Mode::Emu => "estimated (emu)",
    };
    let seconds = wall.as_secs_f64();
    let rate = if seconds > 0.0 {
        instructions as f64 / seconds
    } else {
        0.0
    };
    let mut line = format!(
        "gcnsim: {kernel} on gpu{gpu}: {simulated_ns} ns {time}, {instructions} wf-inst, \
         {seconds:.6} s wall, {rate:.0} wf-inst/s"
    );
    if let Some(load) = engine {
        // Only one step in 8 is timed: a launch of a few steps may have none.
        let serial = if load.timed_steps == 0 {
            "serial not timed".to_string()
        } else {
            format!("{:.1}% serial", 100.0 * load.serial_fraction())
        };
        line += &format!(
            "; {} steps, {:.1} events/step, {:.1} components/step, {serial}",
            load.steps,
            load.events_per_step(),
            load.components_per_step(),
        );
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_kernel_gpu_times_and_rate() {
        assert_eq!(
            summary_line(
                "fir",
                2,
                Mode::Timing,
                12_345,
                1_000_000,
                Duration::from_millis(250),
                None
            ),
            "gcnsim: fir on gpu2: 12345 ns simulated, 1000000 wf-inst, 0.250000 s wall, \
             4000000 wf-inst/s"
        );
        assert_eq!(
            summary_line(
                "fir",
                0,
                Mode::Emu,
                213,
                6688,
                Duration::from_millis(1),
                None
            ),
            "gcnsim: fir on gpu0: 213 ns estimated (emu), 6688 wf-inst, 0.001000 s wall, \
             6688000 wf-inst/s"
        );
        assert!(
            summary_line("k", 0, Mode::Emu, 0, 5, Duration::ZERO, None).ends_with(" 0 wf-inst/s")
        );
        let load = EngineLoad {
            steps: 10,
            events: 25,
            component_runs: 20,
            timed_steps: 2,
            parallel: Duration::from_millis(90),
            total: Duration::from_millis(100),
        };
        let line = summary_line("k", 0, Mode::Timing, 1, 5, Duration::ZERO, Some(&load));
        assert!(
            line.ends_with("; 10 steps, 2.5 events/step, 2.0 components/step, 10.0% serial"),
            "{line}"
        );
        let untimed = EngineLoad {
            timed_steps: 0,
            parallel: Duration::ZERO,
            total: Duration::ZERO,
            ..load
        };
        let line = summary_line("k", 0, Mode::Timing, 1, 5, Duration::ZERO, Some(&untimed));
        assert!(
            line.ends_with("; 10 steps, 2.5 events/step, 2.0 components/step, serial not timed"),
            "{line}"
        );
    }
}
