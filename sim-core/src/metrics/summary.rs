//! The one-line summary per kernel printed on stderr with `GCNSIM_SUMMARY=1`.

use crate::config::Mode;
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
    format!(
        "gcnsim: {kernel} on gpu{gpu}: {simulated_ns} ns {time}, {instructions} wf-inst, \
         {seconds:.6} s wall, {rate:.0} wf-inst/s"
    )
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
                Duration::from_millis(250)
            ),
            "gcnsim: fir on gpu2: 12345 ns simulated, 1000000 wf-inst, 0.250000 s wall, \
             4000000 wf-inst/s"
        );
        assert_eq!(
            summary_line("fir", 0, Mode::Emu, 213, 6688, Duration::from_millis(1)),
            "gcnsim: fir on gpu0: 213 ns estimated (emu), 6688 wf-inst, 0.001000 s wall, \
             6688000 wf-inst/s"
        );
        assert!(summary_line("k", 0, Mode::Emu, 0, 5, Duration::ZERO).ends_with(" 0 wf-inst/s"));
    }
}
