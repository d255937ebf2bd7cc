//! The gcnsim platform: the user's settings, the simulated GPUs' driver, one device per GPU.

use super::device::Device;
use crate::api::handle::{handle_of, Header, ObjectKind};
use once_cell::sync::Lazy;
use sim_core::config::Settings;
use sim_core::driver::Driver;
use std::ffi::c_void;
use std::sync::{Arc, Once};

/// The one OpenCL platform.
#[repr(C)]
pub struct Platform {
    header: Header,
    /// The simulator's driver (None when the settings are invalid).
    pub driver: Option<Arc<Driver>>,
    /// One device per simulated GPU, in GPU order (empty when the settings are invalid).
    pub devices: Vec<Arc<Device>>,
    /// Why there are no devices, if the settings were rejected.
    pub settings_error: Option<String>,
}
crate::cl_object!(Platform, Platform, CL_INVALID_PLATFORM);

static PLATFORM: Lazy<Arc<Platform>> = Lazy::new(Platform::from_env);

impl Platform {
    fn from_env() -> Arc<Platform> {
        let (driver, devices, settings_error) = match Settings::from_env() {
            Ok(settings) => {
                let driver = Driver::new(&settings.platform);
                let devices = (0..driver.gpu_count())
                    .map(|gpu| {
                        Arc::new(Device::new(
                            gpu,
                            settings.platform.gpu.clone(),
                            driver.clone(),
                        ))
                    })
                    .collect();
                (Some(driver), devices, None)
            }
            Err(e) => (None, Vec::new(), Some(e.to_string())),
        };
        let platform = Arc::new(Platform {
            header: Header::new(ObjectKind::Platform),
            driver,
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
