//! Platform queries.

use super::consts::*;
use super::handle::get;
use super::params::{check, info, write_info, write_list};
use super::{make_version, name_version, CLResult};
use crate::core::platform::Platform;
use crate::entry;
use cl_sys::*;
use sim_core::compiler::language::DEVICE_OPENCL_VERSION;
use std::ffi::c_void;

/// The platform's version string.
pub fn platform_version() -> String {
    let (major, minor) = DEVICE_OPENCL_VERSION;
    format!(
        "OpenCL {major}.{minor} gcnsim {}",
        env!("CARGO_PKG_VERSION")
    )
}

/// The platform's and devices' version as a `cl_version`.
pub fn numeric_version() -> u32 {
    let (major, minor) = DEVICE_OPENCL_VERSION;
    make_version(major, minor, 0)
}

/// The platform extensions: the ICD's, and gcnsim's Locality API for unified multi-GPU
/// devices (`include/CL/cl_gcnsim.h`).
pub const PLATFORM_EXTENSIONS: &[&str] = &["cl_khr_icd", "cl_gcnsim_locality"];

fn platform_info(param_name: cl_platform_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_PLATFORM_PROFILE => info("FULL_PROFILE"),
        CL_PLATFORM_VERSION => info(&platform_version()),
        CL_PLATFORM_NAME => info("gcnsim"),
        CL_PLATFORM_VENDOR => info("gcnsim project"),
        CL_PLATFORM_EXTENSIONS => info(&PLATFORM_EXTENSIONS.join(" ")),
        CL_PLATFORM_ICD_SUFFIX_KHR => info("GCNSIM"),
        CL_PLATFORM_NUMERIC_VERSION => info(&numeric_version()),
        // 0: no synchronisation of device and host timers (clGetDeviceAndHostTimer and
        // clGetHostTimer return CL_INVALID_OPERATION).
        CL_PLATFORM_HOST_TIMER_RESOLUTION => info(&0u64),
        CL_PLATFORM_EXTENSIONS_WITH_VERSION => PLATFORM_EXTENSIONS
            .iter()
            .flat_map(|e| name_version(make_version(1, 0, 0), e))
            .collect(),
        // CL_INVALID_VALUE if param_name is not one of the supported values.
        _ => return Err(CL_INVALID_VALUE),
    })
}

entry! {
    /// `clGetPlatformIDs` (reached through the loader's dispatch).
    fn clGetPlatformIDs(num_entries: cl_uint, platforms: *mut cl_platform_id, num_platforms: *mut cl_uint) {
        // CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if
        // both num_platforms and platforms are NULL.
        check(num_entries == 0 && !platforms.is_null(), CL_INVALID_VALUE)?;
        check(num_platforms.is_null() && platforms.is_null(), CL_INVALID_VALUE)?;
        write_list(&[Platform::handle()], num_entries, platforms, num_platforms);
        Ok(())
    }

    /// `clGetPlatformInfo`.
    fn clGetPlatformInfo(
        platform: cl_platform_id,
        param_name: cl_platform_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_PLATFORM if platform is not a valid platform (NULL selects ours:
        // the behaviour is implementation-defined).
        if !platform.is_null() {
            get::<Platform>(platform)?;
        }
        write_info(platform_info(param_name), param_value_size, param_value, param_value_size_ret)
    }
}
