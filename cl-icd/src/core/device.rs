//! A device: one simulated GPU of the platform.

use crate::api::handle::{Header, ObjectKind};
use sim_core::config::GpuConfig;
use sim_core::driver::Driver;
use sim_core::platform::LaunchPath;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// One simulated GPU, as an OpenCL device.
#[repr(C)]
pub struct Device {
    header: Header,
    /// The GPU's index in the driver.
    pub gpu: usize,
    /// The modelled hardware.
    pub config: GpuConfig,
    /// The driver that owns the GPU.
    pub driver: Arc<Driver>,
    /// The latencies between the host program and the GPU (driver, link, command
    /// processor) that place its commands' profiling times.
    pub launch: LaunchPath,
    /// When the GPU's latest command started or ended, in nanoseconds of simulated time:
    /// a command that starts later than the previous one ended leaves the clock idle in
    /// between.
    clock_ns: AtomicU64,
}
crate::cl_object!(Device, Device, CL_INVALID_DEVICE);

impl Device {
    /// The device for GPU `gpu` of `driver`, modelled by `config`, reached from the host
    /// through `launch`.
    pub fn new(gpu: usize, config: GpuConfig, launch: LaunchPath, driver: Arc<Driver>) -> Device {
        Device {
            header: Header::new(ObjectKind::Device),
            gpu,
            config,
            driver,
            launch,
            clock_ns: AtomicU64::new(0),
        }
    }

    /// The largest single allocation: a quarter of the GPU's memory (the spec's minimum
    /// for a GPU, and what AMD's drivers of the time reported by default).
    pub fn max_alloc_bytes(&self) -> u64 {
        self.config.dram_bytes / 4
    }

    /// The GPU's simulated time now, in nanoseconds: when its running command started, or
    /// when its last command ended.
    pub fn now_ns(&self) -> u64 {
        self.clock_ns.load(Ordering::Acquire)
    }

    /// A command starts at `start_ns` (never before the GPU's time).
    pub fn start_at(&self, start_ns: u64) {
        self.clock_ns.fetch_max(start_ns, Ordering::AcqRel);
    }

    /// A command ends at `end_ns`: the GPU is free from then on.
    pub fn end_at(&self, end_ns: u64) {
        self.clock_ns.fetch_max(end_ns, Ordering::AcqRel);
    }
}
