//! The way of a command from the host program to the GPU in simulated time: the four
//! OpenCL profiling times of a command (QUEUED, SUBMIT, START, END) around the time the
//! GPU model or the transfer model gives its work.
//!
//! - QUEUED: the host program's simulated time when it enqueues the command. Host code
//!   takes no simulated time of its own: the host's clock moves only by the driver's
//!   overhead on each command and, when the program waits for a command (or sees it
//!   complete), to that command's END.
//! - SUBMIT = QUEUED + `platform.driver_submit_ns`: the host driver has prepared the
//!   command (for a kernel: written its kernel arguments and AQL packet) and hands it to
//!   the GPU. The host program continues from here.
//! - START: a kernel's dispatch crosses the host link (`platform.pcie_latency_ns`); the
//!   command processor takes it once it has arrived, the previous command on the GPU has
//!   ended and the commands it waits for have ended, and starts it
//!   `gpu.cp_launch_cycles` later. Other commands (transfers, markers) start as soon as
//!   they are submitted and those conditions hold; a transfer's own time already includes
//!   the link's latency.
//! - END = START + the work's time; for a kernel, what the GPU model measured (from the
//!   command processor taking the launch to it learning that the last work-group
//!   completed) plus `gpu.cp_completion_cycles`.
//!
//! What MGPUSim v3.0.0 does (its `driver/driver.go`, `timing/cp/commandprocessor.go`,
//! `timing/cp/internal/dispatching/`), and where gcnsim differs:
//!
//! - Its driver is a component ticking at 1 GHz. A queued command is taken on its next
//!   tick and the launch request leaves on the following one (1 ns, gcnsim's default
//!   `driver_submit_ns`). Before each kernel its `EnqueueLaunchKernel` queues three
//!   host-to-device copies (code object, kernel arguments, AQL packet) through the
//!   command processor's DMA engine, about 650 ns each for its empty-kernel test
//!   (`total_time` 3,308 ns against `kernel_time` 1,357 ns). gcnsim writes the kernel
//!   arguments and the packet in zero time, as a runtime writing host-coherent memory
//!   would, and loads code once per program.
//! - The launch request crosses PCIe (akita's PCIe v3 x16 network: the root complex and
//!   a switch per two GPUs, 140 cycles of latency in each), about 294 ns each way: its
//!   empty-kernel test (one wavefront, `s_endpgm`; `tests/deterministic/empty_kernel`
//!   run with `-timing -report-all`) reports a `kernel_time` of 1,357 ns at the driver
//!   and 768 ns at the command processor, 589 ns apart for the two crossings and a
//!   driver tick. gcnsim charges `platform.pcie_latency_ns` (500 ns by default, the
//!   figure its transfers use) between SUBMIT and START. On the shared timeline
//!   (`platform.discrete_timeline = "shared"`), whose fabric has the host on it, the
//!   dispatch takes instead the fabric's path from the host to the GPU with a request's
//!   12 header bytes (MGPUSim's `LaunchKernelReq` is one flit), on the links it shares
//!   with transfers, as the L2 flush's messages do (see `Timeline`): alone, on the PCIe
//!   tree two switches, 282.25 ns, handed over on the next edge of the GPU's clock,
//!   283 ns (MGPUSim's 294 ns includes its flit-level network's cycles); with
//!   `all_to_all` links the GPU's own link to the host, `pcie_latency_ns` + 0.75 ns.
//! - Its command processor hands a launch to a free dispatcher on the cycle it arrives;
//!   the dispatcher maps the first work-group on its next tick, and after mapping a
//!   work-group of n wavefronts waits `latencyTable[n]` cycles (4 for 1 to 4
//!   wavefronts, n for more) before the next. After the last work-group completes it
//!   waits `constantKernelOverhead` cycles (0) and answers on the next tick. gcnsim's
//!   front end has the same one-cycle hand-offs inside the GPU model (part of END −
//!   START); `gpu.cp_launch_cycles` and `gpu.cp_completion_cycles` (0 by default, as in
//!   MGPUSim) add latency beyond them.
//! - Its driver sends a queue's next command only after the previous one's answer came
//!   back over PCIe, so every kernel pays the round trip; gcnsim's command processor
//!   holds dispatches that arrived while the GPU was busy and starts the next one
//!   `cp_launch_cycles` after the previous command ends, as an AQL queue does.

use crate::config::{PlatformConfig, Settings};
use crate::engine::PS_PER_NS;
use crate::timing::{message_on_idle_links, Node, Topology};

/// Bytes of a kernel's dispatch on the fabric: a request's header (akita's
/// `accessReqByteOverhead`).
pub(super) const DISPATCH_BYTES: u64 = 12;

/// The launch-path latencies of one platform, in nanoseconds of simulated time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LaunchPath {
    /// QUEUED → SUBMIT of every command: the host driver's overhead.
    pub driver_submit_ns: u64,
    /// SUBMIT → arrival at the command processor of a kernel's dispatch: one crossing of
    /// the host link.
    pub dispatch_ns: u64,
    /// Arrival (or the end of what it waits for) → START of a kernel: the command
    /// processor's launch latency.
    pub cp_launch_ns: u64,
    /// Last work-group done → END of a kernel: the command processor's completion
    /// latency.
    pub cp_completion_ns: u64,
}

/// Nanoseconds of `cycles` cycles at `clock_mhz`, rounded up.
fn cycles_ns(cycles: u32, clock_mhz: u32) -> u64 {
    (u64::from(cycles) * 1000).div_ceil(u64::from(clock_mhz.max(1)))
}

impl LaunchPath {
    /// The latencies `config` describes.
    pub fn new(config: &PlatformConfig) -> LaunchPath {
        let clock = config.gpu.clock_mhz;
        LaunchPath {
            driver_submit_ns: config.driver_submit_ns.into(),
            dispatch_ns: config.pcie_latency_ns.into(),
            cp_launch_ns: cycles_ns(config.gpu.cp_launch_cycles, clock),
            cp_completion_ns: cycles_ns(config.gpu.cp_completion_cycles, clock),
        }
    }

    /// The latencies of device `gpu` of the platform `settings` describe: those of
    /// [`new`](Self::new), but on the shared timeline the dispatch crosses the fabric's
    /// path from the host to the GPU (its time on idle links: the timeline books it on
    /// the links, where it may wait for transfers).
    pub fn of_device(settings: &Settings, gpu: usize) -> LaunchPath {
        let platform = &settings.platform;
        let mut path = LaunchPath::new(platform);
        if settings.shared_timeline() {
            let topology = Topology::of_platform(platform);
            let pair = (Node::Host, Node::Gpu(gpu));
            let ps = message_on_idle_links(platform.gpu_count, &topology, pair, DISPATCH_BYTES);
            path.dispatch_ns = ps.div_ceil(PS_PER_NS);
        }
        path
    }

    /// SUBMIT of a command queued at `queued`.
    pub fn submit_ns(&self, queued: u64) -> u64 {
        queued + self.driver_submit_ns
    }

    /// START of a command submitted at `submit` on a GPU (or behind commands it waits
    /// for) that is busy until `ready`: a kernel's dispatch must first cross the link and
    /// then be started by the command processor; any other command starts at once.
    pub fn start_ns(&self, kernel: bool, submit: u64, ready: u64) -> u64 {
        if kernel {
            (submit + self.dispatch_ns).max(ready) + self.cp_launch_ns
        } else {
            submit.max(ready)
        }
    }

    /// QUEUED → START of a kernel on an idle GPU with nothing to wait for (what clpeak
    /// reports as the kernel launch latency).
    pub fn idle_kernel_latency_ns(&self) -> u64 {
        self.start_ns(true, self.submit_ns(0), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_platform_has_mgpusim_driver_and_command_processor() {
        let path = LaunchPath::new(&PlatformConfig::default_platform());
        assert_eq!(
            path,
            LaunchPath {
                driver_submit_ns: 1,
                dispatch_ns: 500,
                cp_launch_ns: 0,
                cp_completion_ns: 0,
            }
        );
        assert_eq!(path.idle_kernel_latency_ns(), 501);
    }

    #[test]
    fn on_the_shared_timeline_a_dispatch_crosses_the_fabric_from_the_host() {
        let settings = |timeline: &str, links: &str| {
            let vars = [
                ("GCNSIM_GPUS", "4"),
                ("GCNSIM_MODE", "timing"),
                ("GCNSIM_DISCRETE_TIMELINE", timeline),
            ];
            let vars = vars.map(|(k, v)| (k.to_string(), v.to_string()));
            let mut settings = Settings::from_vars(vars).unwrap();
            if links == "all_to_all" {
                settings.platform.gpu_links = crate::config::GpuLinks::AllToAll;
            }
            settings
        };
        // Two switches of 140 ns, 12 bytes at 16 GB/s on each of three links.
        let tree = LaunchPath::of_device(&settings("shared", "pcie_tree"), 3);
        assert_eq!(tree.dispatch_ns, 283);
        let direct = LaunchPath::of_device(&settings("shared", "all_to_all"), 1);
        assert_eq!(direct.dispatch_ns, 501);
        let per_gpu = LaunchPath::of_device(&settings("per_gpu", "pcie_tree"), 3);
        assert_eq!(
            per_gpu,
            LaunchPath::new(&PlatformConfig::default_platform())
        );
    }

    #[test]
    fn command_processor_cycles_follow_the_gpu_clock() {
        let config = PlatformConfig::from_toml(
            Some("[gpu]\nclock_mhz = 300\ncp_launch_cycles = 10\ncp_completion_cycles = 3\n"),
            "t",
        )
        .unwrap();
        let path = LaunchPath::new(&config);
        // 10 cycles of 3.33 ns = 33.3 ns, rounded up; 3 cycles = 10 ns exactly.
        assert_eq!((path.cp_launch_ns, path.cp_completion_ns), (34, 10));
    }

    #[test]
    fn a_busy_gpu_holds_a_dispatch_that_has_arrived() {
        let path = LaunchPath {
            driver_submit_ns: 5,
            dispatch_ns: 100,
            cp_launch_ns: 7,
            cp_completion_ns: 0,
        };
        assert_eq!(path.submit_ns(20), 25);
        // Idle GPU: the dispatch arrives at 125, the command processor starts it at 132.
        assert_eq!(path.start_ns(true, 25, 0), 132);
        // Busy until 400: started 7 ns after the GPU is free.
        assert_eq!(path.start_ns(true, 25, 400), 407);
        // A transfer starts when submitted, or when the GPU is free.
        assert_eq!(path.start_ns(false, 25, 0), 25);
        assert_eq!(path.start_ns(false, 25, 400), 400);
    }
}
