//! The OpenCL API layer: validates arguments as the specification says, converts handles
//! to objects and forwards to [`crate::core`]. One module per API area.
//!
//! How to extend it:
//! - An entry point: write it in its area's module inside `entry! { fn clFoo(args) {..} }`
//!   (returns `cl_int`; the body yields `CLResult<()>`) or `create_entry! { fn
//!   clCreateFoo(args; errcode_ret) -> cl_foo {..} }` (the body yields `CLResult<handle>`),
//!   precede each check with the spec sentence it implements, and name the module in its
//!   slot of `icd::dispatch_table!` (which replaces the `unsupported!` stub there).
//! - A handle type: a `#[repr(C)]` struct in `core/` whose first field is a
//!   `handle::Header`, plus `cl_object!(Type, Kind, CL_INVALID_FOO)`. Then
//!   `handle::new_handle(Arc)` hands one out, `get`/`get_arc` check and convert handles,
//!   `retain`/`release`/`reference_count` implement the refcount entry points.
//! - An info query: a `fn foo_info(obj, param_name) -> CLResult<Vec<u8>>` that matches
//!   `param_name` and returns `params::info(&value)` (integers, handles, strings, arrays),
//!   and `params::write_info(foo_info(..), size, value, size_ret)` in the entry point.
//! - A command: build a `core::queue::Work` closure and pass it to `queue::enqueue` with
//!   the checked `event::wait_list`; the queue's worker thread runs it in order.

pub mod entry;
pub mod handle;
pub mod icd;
pub mod params;

pub mod context;
pub mod device;
pub mod event;
pub mod features;
pub mod image;
pub mod kernel;
pub mod launch;
pub mod locality;
pub mod memory;
pub mod platform;
pub mod program;
pub mod queue;
pub mod stdout;
pub mod sub_groups;
pub mod svm;
pub mod unsupported;

#[cfg(test)]
mod tests;

/// The result of validating or running an entry point: a value or an OpenCL error code.
pub type CLResult<T> = Result<T, cl_sys::cl_int>;

/// Constants of newer headers or extensions that cl-sys lacks.
pub mod consts {
    /// `CL_PLATFORM_ICD_SUFFIX_KHR` (cl_khr_icd).
    pub const CL_PLATFORM_ICD_SUFFIX_KHR: u32 = 0x0920;
    /// `CL_PLATFORM_NUMERIC_VERSION` (3.0).
    pub const CL_PLATFORM_NUMERIC_VERSION: u32 = 0x0906;
    /// `CL_PLATFORM_EXTENSIONS_WITH_VERSION` (3.0).
    pub const CL_PLATFORM_EXTENSIONS_WITH_VERSION: u32 = 0x0907;
    /// `CL_DEVICE_NUMERIC_VERSION` (3.0).
    pub const CL_DEVICE_NUMERIC_VERSION: u32 = 0x105E;
    /// `CL_DEVICE_EXTENSIONS_WITH_VERSION` (3.0).
    pub const CL_DEVICE_EXTENSIONS_WITH_VERSION: u32 = 0x1060;
    /// `CL_DEVICE_OPENCL_C_ALL_VERSIONS` (3.0).
    pub const CL_DEVICE_OPENCL_C_ALL_VERSIONS: u32 = 0x1066;
    /// `CL_DEVICE_OPENCL_C_FEATURES` (3.0).
    pub const CL_DEVICE_OPENCL_C_FEATURES: u32 = 0x106F;
    /// `CL_DEVICE_BOARD_NAME_AMD` (cl_amd_device_attribute_query).
    pub const CL_DEVICE_BOARD_NAME_AMD: u32 = 0x4038;
    /// `CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD`.
    pub const CL_DEVICE_SIMD_PER_COMPUTE_UNIT_AMD: u32 = 0x4040;
    /// `CL_DEVICE_SIMD_WIDTH_AMD`.
    pub const CL_DEVICE_SIMD_WIDTH_AMD: u32 = 0x4041;
    /// `CL_DEVICE_WAVEFRONT_WIDTH_AMD`.
    pub const CL_DEVICE_WAVEFRONT_WIDTH_AMD: u32 = 0x4043;
    /// `CL_DEVICE_GFXIP_MAJOR_AMD`.
    pub const CL_DEVICE_GFXIP_MAJOR_AMD: u32 = 0x404A;
    /// `CL_DEVICE_GFXIP_MINOR_AMD`.
    pub const CL_DEVICE_GFXIP_MINOR_AMD: u32 = 0x404B;
    /// `CL_QUEUE_PROPERTIES_ARRAY` (3.0).
    pub const CL_QUEUE_PROPERTIES_ARRAY: u32 = 0x1098;
    /// `CL_MEM_USE_PERSISTENT_MEM_AMD` (cl_amd_device_memory_flags, AMD's `cl_ext.h`): a
    /// buffer flag asking for device memory the host can map without a copy.
    pub const CL_MEM_USE_PERSISTENT_MEM_AMD: u64 = 1 << 6;
    /// `CL_MEM_PROPERTIES` (3.0).
    pub const CL_MEM_PROPERTIES: u32 = 0x110A;
    /// `CL_SAMPLER_PROPERTIES` (3.0).
    pub const CL_SAMPLER_PROPERTIES: u32 = 0x1158;
    /// `CL_CONTEXT_INTEROP_USER_SYNC`.
    pub const CL_CONTEXT_INTEROP_USER_SYNC: isize = 0x1085;
}

/// An OpenCL version number as `CL_MAKE_VERSION` builds it.
pub const fn make_version(major: u32, minor: u32, patch: u32) -> u32 {
    (major << 22) | (minor << 12) | patch
}

/// A `cl_name_version`: a version and a 64-byte NUL-padded name.
pub fn name_version(version: u32, name: &str) -> Vec<u8> {
    let mut bytes = version.to_ne_bytes().to_vec();
    let mut field = [0u8; 64];
    field[..name.len().min(63)].copy_from_slice(&name.as_bytes()[..name.len().min(63)]);
    bytes.extend_from_slice(&field);
    bytes
}
