//! The gcnsim platform: the user's settings, the simulated GPUs' driver, one device per GPU.

use super::device::Device;
use super::memory::MemObject;
use super::queue::Queue;
use crate::api::handle::{handle_of, Header, ObjectKind};
use once_cell::sync::Lazy;
use sim_core::config::Settings;
use sim_core::driver::Driver;
use sim_core::platform::{LaunchPath, Platform as Simulator, Timeline, TransferKind};
use std::ffi::c_void;
use std::sync::{Arc, Once};

/// The one OpenCL platform.
#[repr(C)]
pub struct Platform {
    header: Header,
    /// The simulated GPUs (None when the settings are invalid).
    pub simulator: Option<Simulator>,
    /// One device per simulated GPU, in GPU order (empty when the settings are invalid).
    pub devices: Vec<Arc<Device>>,
    /// Why there are no devices, if the settings were rejected.
    pub settings_error: Option<String>,
}
crate::cl_object!(Platform, Platform, CL_INVALID_PLATFORM);

static PLATFORM: Lazy<Arc<Platform>> = Lazy::new(Platform::from_env);

impl Platform {
    fn from_env() -> Arc<Platform> {
        let simulator = Settings::from_env()
            .map_err(|e| e.to_string())
            .and_then(|settings| Simulator::new(settings).map_err(|e| e.to_string()));
        let (simulator, devices, settings_error) = match simulator {
            Ok(simulator) => {
                if let Some(timeline) = simulator.timeline() {
                    timeline.set_host_clock(|| super::host::host_clock().now_ns());
                }
                let devices = (0..simulator.gpu_count())
                    .map(|gpu| {
                        let settings = simulator.settings();
                        Arc::new(Device::new(
                            gpu,
                            settings.platform.device_config(),
                            LaunchPath::of_device(settings, gpu),
                            simulator.driver().clone(),
                        ))
                    })
                    .collect();
                (Some(simulator), devices, None)
            }
            Err(e) => (None, Vec::new(), Some(e)),
        };
        let platform = Arc::new(Platform {
            header: Header::new(ObjectKind::Platform),
            simulator,
            devices,
            settings_error,
        });
        handle_of(&platform);
        for device in &platform.devices {
            handle_of(device);
        }
        platform
    }

    /// The platform (built from the environment at the first call).
    pub fn get() -> &'static Arc<Platform> {
        &PLATFORM
    }

    /// The platform if the program has already made it (without making it).
    pub fn get_if_built() -> Option<&'static Arc<Platform>> {
        Lazy::get(&PLATFORM)
    }

    /// The engine all GPUs share, if they do (`platform.discrete_timeline = "shared"`),
    /// once the platform is built.
    pub fn timeline() -> Option<&'static Timeline> {
        Platform::get_if_built()?.simulator.as_ref()?.timeline()
    }

    /// The driver of the simulated GPUs. Only called once a device exists, which implies
    /// a simulator.
    pub fn driver(&self) -> &Arc<Driver> {
        self.simulator
            .as_ref()
            .expect("objects that need the driver exist only on a platform with devices")
            .driver()
    }

    /// Counts a transfer of `kind` by the command `queue` is running (on its GPU, from the
    /// GPU's time now: the command's START) of the bytes `spans` ((offset, bytes) in
    /// order) cover in `mem` in the metrics and returns its simulated duration in ns (0
    /// on a platform without a simulator).
    pub fn transfer_ns(
        queue: &Queue,
        kind: TransferKind,
        mem: &MemObject,
        spans: impl IntoIterator<Item = (u64, u64)>,
    ) -> u64 {
        let device = &queue.device;
        Platform::get().simulator.as_ref().map_or(0, |s| {
            let (buffer, base) = mem.location();
            let at = buffer.address() + base;
            let spans: Vec<(u64, u64)> = (spans.into_iter())
                .map(|(offset, bytes)| (at + offset, bytes))
                .collect();
            s.transfer(device.gpu, kind, &spans, queue.index, device.now_ns())
        })
    }

    /// The platform's handle.
    pub fn handle() -> *mut c_void {
        Arc::as_ptr(Platform::get()) as *mut c_void
    }

    /// Prints, once, why the settings were rejected (at the first API call).
    pub fn report_settings_error() {
        static REPORTED: Once = Once::new();
        REPORTED.call_once(|| {
            if let Some(e) = &Platform::get().settings_error {
                eprintln!("{e}; the platform has no devices");
            }
        });
    }
}
