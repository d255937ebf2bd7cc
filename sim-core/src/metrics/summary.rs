//! The one-line summary per kernel printed on stderr with `GCNSIM_SUMMARY=1`.

use crate::config::Mode;
use crate::engine::EngineLoad;
use std::time::Duration;

/// `gcnsim: <kernel> on gpu<N>: <time> ns simulated, <n> wf-inst, <wall> s wall,
/// <cpu> s CPU, <rate> wf-inst/s` for a kernel of `instructions` wavefront instructions
/// that took `simulated_ns` of simulated time, `wall` of host time and `cpu` of the
/// process's CPU time (all its threads, so it also counts whatever else the process
/// ran meanwhile, e.g. other GPUs' kernels). In emulation mode the time is the front
/// end's estimate and says so: `<time> ns estimated (emu)`.
pub fn summary_line(
    kernel: &str,
    gpu: usize,
    mode: Mode,
    simulated_ns: u64,
    instructions: u64,
    (wall, cpu): (Duration, Duration),
    engine: Option<&EngineLoad>,
) -> String {
    let time = match mode {
        Mode::Timing => "simulated",
        Mode::Emu => "estimated (emu)",
    };
    let seconds = wall.as_secs_f64();
    let cpu = cpu.as_secs_f64();
    let rate = if seconds > 0.0 {
        instructions as f64 / seconds
    } else {
        0.0
    };
    let mut line = format!(
        "gcnsim: {kernel} on gpu{gpu}: {simulated_ns} ns {time}, {instructions} wf-inst, \
         {seconds:.6} s wall, {cpu:.6} s CPU, {rate:.0} wf-inst/s"
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

/// The CPU time the process has used so far, all its threads together (zero if the
/// system cannot tell): read before and after a kernel for its `cpu` in
/// [`summary_line`].
pub fn process_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
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
                (Duration::from_millis(250), Duration::from_millis(480)),
                None
            ),
            "gcnsim: fir on gpu2: 12345 ns simulated, 1000000 wf-inst, 0.250000 s wall, \
             0.480000 s CPU, 4000000 wf-inst/s"
        );
        assert_eq!(
            summary_line(
                "fir",
                0,
                Mode::Emu,
                213,
                6688,
                (Duration::from_millis(1), Duration::from_millis(1)),
                None
            ),
            "gcnsim: fir on gpu0: 213 ns estimated (emu), 6688 wf-inst, 0.001000 s wall, \
             0.001000 s CPU, 6688000 wf-inst/s"
        );
        assert!(summary_line(
            "k",
            0,
            Mode::Emu,
            0,
            5,
            (Duration::ZERO, Duration::ZERO),
            None
        )
        .ends_with(" 0 wf-inst/s"));
        let load = EngineLoad {
            steps: 10,
            events: 25,
            component_runs: 20,
            timed_steps: 2,
            parallel: Duration::from_millis(90),
            total: Duration::from_millis(100),
        };
        let line = summary_line(
            "k",
            0,
            Mode::Timing,
            1,
            5,
            (Duration::ZERO, Duration::ZERO),
            Some(&load),
        );
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
        let line = summary_line(
            "k",
            0,
            Mode::Timing,
            1,
            5,
            (Duration::ZERO, Duration::ZERO),
            Some(&untimed),
        );
        assert!(
            line.ends_with("; 10 steps, 2.5 events/step, 2.0 components/step, serial not timed"),
            "{line}"
        );
    }

    #[test]
    fn process_cpu_time_counts_work_done() {
        let before = process_cpu_time();
        let mut x = 1u64;
        let spin = std::time::Instant::now();
        while spin.elapsed() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let used = process_cpu_time() - before;
        // Busy for 30 ms of wall time: at least a third of it on a CPU, even on a busy host.
        assert!(used >= Duration::from_millis(10), "{used:?}");
    }
}
