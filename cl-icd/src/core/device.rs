//! A device: one simulated GPU of the platform.

use crate::api::handle::{Header, ObjectKind};
use sim_core::config::GpuConfig;
use sim_core::driver::Driver;
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
    /// Simulated time of this GPU, in nanoseconds (the profiling clock).
    clock_ns: AtomicU64,
}
crate::cl_object!(Device, Device, CL_INVALID_DEVICE);

impl Device {
    /// The device for GPU `gpu` of `driver`, modelled by `config`.
    pub fn new(gpu: usize, config: GpuConfig, driver: Arc<Driver>) -> Device {
        Device {
            header: Header::new(ObjectKind::Device),
            gpu,
            config,
            driver,
            clock_ns: AtomicU64::new(0),
        }
    }

    /// The largest single allocation: a quarter of the GPU's memory (the spec's minimum
    /// for a GPU, and what AMD's drivers of the time reported by default).
    pub fn max_alloc_bytes(&self) -> u64 {
        self.config.dram_bytes / 4
    }

    /// The simulated time now, in nanoseconds.
    pub fn now_ns(&self) -> u64 {
        self.clock_ns.load(Ordering::Acquire)
    }

    /// Advances simulated time by `ns` and returns the new time.
    pub fn advance_ns(&self, ns: u64) -> u64 {
        self.clock_ns.fetch_add(ns, Ordering::AcqRel) + ns
    }
}
