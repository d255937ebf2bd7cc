//! Device enumeration and queries: every value comes from the modelled hardware's config.

use super::consts::*;
use super::features::feature_info;
use super::handle::{get, handle_of};
use super::params::{check, info, write_info, write_list};
use super::platform::{numeric_version, platform_version};
use super::svm::SVM_CAPABILITIES;
use super::{make_version, name_version, CLResult};
use crate::core::device::Device;
use crate::core::platform::Platform;
use crate::{entry, unsupported};
use cl_sys::*;
use sim_core::compiler::language::{OPENCL_C_EXTENSIONS, OPENCL_C_FEATURES};
use sim_core::loader::MAX_IMAGE_BYTES;
use std::ffi::c_void;

/// The device extensions: what the compiler and the simulated GPU support, 2D images
/// created from buffers, and the buffer flag AMD's runtime offers
/// (`CL_MEM_USE_PERSISTENT_MEM_AMD`, accepted by `clCreateBuffer`).
/// Extensions of the host API only (no OpenCL C macro), listed after the kernel-language
/// ones of [`OPENCL_C_EXTENSIONS`].
const HOST_EXTENSIONS: &[&str] = &[
    "cl_khr_icd",
    "cl_khr_image2d_from_buffer",
    "cl_amd_device_memory_flags",
];

/// `CL_DEVICE_EXTENSIONS`: what kernels can use (also their predefined macros) and the
/// host-API extensions.
pub fn device_extensions() -> Vec<&'static str> {
    OPENCL_C_EXTENSIONS
        .iter()
        .chain(HOST_EXTENSIONS)
        .copied()
        .collect()
}

/// `CL_DEVICE_MEM_BASE_ADDR_ALIGN`, in bits: the size of the largest built-in type
/// (long16), the alignment sub-buffer origins must have.
pub const MEM_BASE_ADDR_ALIGN_BITS: u32 = 1024;

/// PCI vendor ID of the modelled GPU's maker (AMD).
const VENDOR_ID_AMD: u32 = 0x1002;

/// Floating-point capabilities of GCN3's single- and double-precision units.
const FP_ROUNDING_FMA: u64 =
    CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_FMA;

fn device_info(device: &Device, param_name: cl_device_info) -> CLResult<Vec<u8>> {
    let gpu = &device.config;
    let true_ = CL_TRUE;
    let false_ = CL_FALSE;
    let max_wg = gpu.max_workgroup_size as usize;
    Ok(match param_name {
        CL_DEVICE_TYPE => info(&CL_DEVICE_TYPE_GPU),
        CL_DEVICE_VENDOR_ID => info(&VENDOR_ID_AMD),
        CL_DEVICE_MAX_COMPUTE_UNITS => info(&gpu.compute_units),
        CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS => info(&3u32),
        CL_DEVICE_MAX_WORK_ITEM_SIZES => info(&[max_wg; 3]),
        CL_DEVICE_MAX_WORK_GROUP_SIZE => info(&max_wg),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR | CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR => info(&4u32),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT | CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT => info(&2u32),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_INT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE => info(&1u32),
        // No cl_khr_fp16: half vectors are not supported.
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF | CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF => info(&0u32),
        CL_DEVICE_MAX_CLOCK_FREQUENCY => info(&gpu.clock_mhz),
        CL_DEVICE_ADDRESS_BITS => info(&64u32),
        CL_DEVICE_MAX_MEM_ALLOC_SIZE => info(&device.max_alloc_bytes()),
        CL_DEVICE_IMAGE_SUPPORT => info(&true_),
        // The R9 Nano's limits (AMD's runtime): 128 read and 64 write image arguments,
        // 16 samplers.
        CL_DEVICE_MAX_READ_IMAGE_ARGS => info(&128u32),
        CL_DEVICE_MAX_WRITE_IMAGE_ARGS | CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS => info(&64u32),
        CL_DEVICE_MAX_SAMPLERS => info(&16u32),
        CL_DEVICE_IMAGE2D_MAX_WIDTH | CL_DEVICE_IMAGE2D_MAX_HEIGHT => {
            info(&super::image::IMAGE2D_MAX)
        }
        CL_DEVICE_IMAGE3D_MAX_WIDTH
        | CL_DEVICE_IMAGE3D_MAX_HEIGHT
        | CL_DEVICE_IMAGE3D_MAX_DEPTH => info(&super::image::IMAGE3D_MAX),
        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE => info(&super::image::IMAGE_MAX_ARRAY),
        CL_DEVICE_IMAGE_MAX_BUFFER_SIZE => info(&super::image::IMAGE_MAX_BUFFER),
        CL_DEVICE_MAX_PARAMETER_SIZE => info(&1024usize),
        CL_DEVICE_MEM_BASE_ADDR_ALIGN => info(&MEM_BASE_ADDR_ALIGN_BITS),
        CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE => info(&128u32),
        CL_DEVICE_SINGLE_FP_CONFIG => info(&FP_ROUNDING_FMA),
        CL_DEVICE_DOUBLE_FP_CONFIG => info(&(FP_ROUNDING_FMA | CL_FP_DENORM)),
        CL_DEVICE_HALF_FP_CONFIG => return Err(CL_INVALID_VALUE),
        CL_DEVICE_GLOBAL_MEM_CACHE_TYPE => info(&CL_READ_WRITE_CACHE),
        CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE => info(&gpu.l2.line_bytes),
        CL_DEVICE_GLOBAL_MEM_CACHE_SIZE => info(&gpu.l2_total_bytes()),
        CL_DEVICE_GLOBAL_MEM_SIZE => info(&gpu.dram_bytes),
        CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE => info(&(64u64 << 10)),
        CL_DEVICE_MAX_CONSTANT_ARGS => info(&8u32),
        CL_DEVICE_LOCAL_MEM_TYPE => info(&CL_LOCAL),
        CL_DEVICE_LOCAL_MEM_SIZE => info(&gpu.lds_bytes),
        CL_DEVICE_ERROR_CORRECTION_SUPPORT | CL_DEVICE_HOST_UNIFIED_MEMORY => info(&false_),
        CL_DEVICE_PROFILING_TIMER_RESOLUTION => info(&1usize),
        CL_DEVICE_ENDIAN_LITTLE
        | CL_DEVICE_AVAILABLE
        | CL_DEVICE_COMPILER_AVAILABLE
        | CL_DEVICE_LINKER_AVAILABLE => info(&true_),
        CL_DEVICE_PREFERRED_INTEROP_USER_SYNC => info(&true_),
        CL_DEVICE_EXECUTION_CAPABILITIES => info(&CL_EXEC_KERNEL),
        // CL_DEVICE_QUEUE_ON_HOST_PROPERTIES (2.0) has the same value.
        CL_DEVICE_QUEUE_PROPERTIES => {
            info(&(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE))
        }
        // No on-device queues (device-side enqueue is not supported).
        CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES => info(&0u64),
        CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE
        | CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE
        | CL_DEVICE_MAX_ON_DEVICE_QUEUES
        | CL_DEVICE_MAX_ON_DEVICE_EVENTS => info(&0u32),
        CL_DEVICE_SVM_CAPABILITIES => info(&SVM_CAPABILITIES),
        // Program-scope variables live in the code object's image, loaded into each GPU's
        // memory like a buffer (one instance per device), and the loader takes images of
        // up to MAX_IMAGE_BYTES: half of that for variables leaves the rest for code and
        // other data (CTS basic progvar_prog_scope_misc declares a variable of this size).
        CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE | CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE => {
            info(&(device.max_alloc_bytes().min(MAX_IMAGE_BYTES / 2) as usize))
        }
        // No pipes: the honest answer is zero, not the spec's minimum.
        CL_DEVICE_MAX_PIPE_ARGS
        | CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS
        | CL_DEVICE_PIPE_MAX_PACKET_SIZE => info(&0u32),
        // cl_khr_image2d_from_buffer.
        CL_DEVICE_IMAGE_PITCH_ALIGNMENT => info(&super::image::IMAGE_PITCH_ALIGNMENT),
        CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT => info(&super::image::IMAGE_BASE_ADDRESS_ALIGNMENT),
        // 0: atomics are fastest at their natural alignment.
        CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT => info(&0u32),
        CL_DEVICE_NAME => info(&gpu.name),
        CL_DEVICE_VENDOR => info("gcnsim project"),
        CL_DRIVER_VERSION => info(env!("CARGO_PKG_VERSION")),
        CL_DEVICE_PROFILE => info("FULL_PROFILE"),
        CL_DEVICE_VERSION => info(&platform_version()),
        // The highest OpenCL C version the device supports entirely: 1.2, since OpenCL C
        // 2.0 programs get no pipes and no device-side enqueue (CTS compiler
        // opencl_c_versions); CL_DEVICE_OPENCL_C_ALL_VERSIONS also lists 3.0.
        CL_DEVICE_OPENCL_C_VERSION => info("OpenCL C 1.2 "),
        CL_DEVICE_EXTENSIONS => info(&device_extensions().join(" ")),
        CL_DEVICE_PLATFORM => info(&Platform::handle()),
        CL_DEVICE_PRINTF_BUFFER_SIZE => info(&(1usize << 20)),
        CL_DEVICE_BUILT_IN_KERNELS => info(""),
        // No intermediate languages (SPIR-V).
        CL_DEVICE_IL_VERSION => info(""),
        // Sub-groups are wavefronts: as many as the largest work-group has.
        CL_DEVICE_MAX_NUM_SUB_GROUPS => info(&gpu.max_workgroup_size.div_ceil(gpu.wavefront_size)),
        // Sub-groups are wavefronts, and a work-group's wavefronts take turns (emulation:
        // round robin every few hundred instructions; timing: the CU's issue arbiter), so
        // one spinning on another's progress does not stop it, as on GCN hardware. Required
        // by cl_khr_subgroups (CTS subgroups ifp_ext).
        CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS => info(&true_),
        CL_DEVICE_PARENT_DEVICE => info(&std::ptr::null_mut::<c_void>()),
        CL_DEVICE_PARTITION_MAX_SUB_DEVICES => info(&0u32),
        CL_DEVICE_PARTITION_PROPERTIES => info(&[0isize]),
        CL_DEVICE_PARTITION_AFFINITY_DOMAIN => info(&0u64),
        CL_DEVICE_PARTITION_TYPE => Vec::new(),
        CL_DEVICE_REFERENCE_COUNT => info(&1u32),
        CL_DEVICE_NUMERIC_VERSION => info(&numeric_version()),
        CL_DEVICE_EXTENSIONS_WITH_VERSION => device_extensions()
            .into_iter()
            .flat_map(|e| name_version(make_version(1, 0, 0), e))
            .collect(),
        // OpenCL C 3.0 programs compile with exactly the optional features gcnsim has.
        CL_DEVICE_OPENCL_C_FEATURES => OPENCL_C_FEATURES
            .iter()
            .flat_map(|f| name_version(make_version(3, 0, 0), f))
            .collect(),
        // Not 2.0: OpenCL C 2.0 makes pipes and device-side enqueue mandatory (the OpenCL C
        // 3.0 specification lists them as optional only from 3.0), and gcnsim has neither.
        // 3.0 programs name what they get in CL_DEVICE_OPENCL_C_FEATURES. Builds with
        // -cl-std=CL2.0 still compile, so programs written for 2.0 keep working.
        CL_DEVICE_OPENCL_C_ALL_VERSIONS => [(1, 0), (1, 1), (1, 2), (3, 0)]
            .iter()
            .flat_map(|&(major, minor)| name_version(make_version(major, minor, 0), "OpenCL C"))
            .collect(),
        CL_DEVICE_BOARD_NAME_AMD => info(&gpu.name),
        CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD => info(&4u32),
        CL_DEVICE_SIMD_WIDTH_AMD => info(&16u32),
        CL_DEVICE_WAVEFRONT_WIDTH_AMD => info(&gpu.wavefront_size),
        CL_DEVICE_GFXIP_MAJOR_AMD => info(&8u32),
        CL_DEVICE_GFXIP_MINOR_AMD => info(&0u32),
        // The 3.0 optional-feature queries; CL_INVALID_VALUE if param_name is not one of
        // the supported values.
        _ => return feature_info(param_name, gpu.wavefront_size).ok_or(CL_INVALID_VALUE),
    })
}

/// Whether a device of type GPU is selected by `device_type`.
fn selects_gpu(device_type: cl_device_type) -> bool {
    device_type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT) != 0
        || device_type == CL_DEVICE_TYPE_ALL
}

/// The devices of the platform that `device_type` selects (checked).
pub fn devices_of_type(device_type: cl_device_type) -> CLResult<Vec<cl_device_id>> {
    let known = CL_DEVICE_TYPE_DEFAULT
        | CL_DEVICE_TYPE_CPU
        | CL_DEVICE_TYPE_GPU
        | CL_DEVICE_TYPE_ACCELERATOR
        | CL_DEVICE_TYPE_CUSTOM;
    // CL_INVALID_DEVICE_TYPE if device_type is not a valid value.
    check(
        device_type != CL_DEVICE_TYPE_ALL && (device_type & !known != 0 || device_type == 0),
        CL_INVALID_DEVICE_TYPE,
    )?;
    let devices = &Platform::get().devices;
    let selected: Vec<cl_device_id> = if !selects_gpu(device_type) {
        Vec::new()
    } else if device_type == CL_DEVICE_TYPE_DEFAULT {
        devices.iter().take(1).map(handle_of).collect()
    } else {
        devices.iter().map(handle_of).collect()
    };
    // CL_DEVICE_NOT_FOUND if no OpenCL devices that matched device_type were found.
    check(selected.is_empty(), CL_DEVICE_NOT_FOUND)?;
    Ok(selected)
}

entry! {
    /// `clGetDeviceIDs`.
    fn clGetDeviceIDs(
        platform: cl_platform_id,
        device_type: cl_device_type,
        num_entries: cl_uint,
        devices: *mut cl_device_id,
        num_devices: *mut cl_uint,
    ) {
        // CL_INVALID_PLATFORM if platform is not a valid platform.
        if !platform.is_null() {
            get::<Platform>(platform)?;
        }
        // CL_INVALID_VALUE if num_entries is equal to zero and devices is not NULL or if
        // both num_devices and devices are NULL.
        check(num_entries == 0 && !devices.is_null(), CL_INVALID_VALUE)?;
        check(num_devices.is_null() && devices.is_null(), CL_INVALID_VALUE)?;
        let selected = devices_of_type(device_type)?;
        write_list(&selected, num_entries, devices, num_devices);
        Ok(())
    }

    /// `clGetDeviceInfo`.
    fn clGetDeviceInfo(
        device: cl_device_id,
        param_name: cl_device_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_DEVICE if device is not valid.
        let device = get::<Device>(device)?;
        write_info(device_info(device, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clRetainDevice`: root devices are not reference counted.
    fn clRetainDevice(device: cl_device_id) {
        // CL_INVALID_DEVICE if device is not a valid device.
        get::<Device>(device).map(|_| ())
    }

    /// `clReleaseDevice`: root devices are not reference counted.
    fn clReleaseDevice(device: cl_device_id) {
        // CL_INVALID_DEVICE if device is not a valid device.
        get::<Device>(device).map(|_| ())
    }

    /// `clRetainDeviceEXT` (cl_ext_device_fission): as `clRetainDevice`.
    fn clRetainDeviceEXT(device: cl_device_id) {
        get::<Device>(device).map(|_| ())
    }

    /// `clReleaseDeviceEXT` (cl_ext_device_fission): as `clReleaseDevice`.
    fn clReleaseDeviceEXT(device: cl_device_id) {
        get::<Device>(device).map(|_| ())
    }
}

unsupported! {
    // CL_INVALID_VALUE if values specified in properties are not valid or if values
    // specified in properties are valid but not supported by the device (the device
    // reports no partition types).
    CL_INVALID_VALUE => fn clCreateSubDevices(in_device: cl_device_id, properties: *const cl_device_partition_property, num_devices: cl_uint, out_devices: *mut cl_device_id, num_devices_ret: *mut cl_uint) -> cl_int;
}
