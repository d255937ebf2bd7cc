//! The macros that turn a validated Rust body into an `extern "C"` entry point: errors
//! become the returned `cl_int` (or are written to `errcode_ret`), and no panic crosses
//! the FFI boundary.

use cl_sys::{cl_int, CL_OUT_OF_HOST_MEMORY, CL_SUCCESS};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use super::CLResult;

/// Runs one entry point's body; a panic becomes `CL_OUT_OF_HOST_MEMORY` and a message.
pub fn guard<T>(name: &str, body: impl FnOnce() -> CLResult<T>) -> CLResult<T> {
    crate::core::platform::Platform::report_settings_error();
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("unknown panic");
            eprintln!("gcnsim: internal error in {name}: {msg}");
            Err(CL_OUT_OF_HOST_MEMORY)
        }
    }
}

/// The `cl_int` an entry point returns for `result`.
pub fn status(result: CLResult<()>) -> cl_int {
    match result {
        Ok(()) => CL_SUCCESS,
        Err(e) => e,
    }
}

/// The OpenCL name of status code `code` (0 to -19, -30 to -68), for messages.
pub fn status_name(code: cl_int) -> String {
    const SUCCESS_TO_ARG_INFO: [&str; 20] = [
        "CL_SUCCESS",
        "CL_DEVICE_NOT_FOUND",
        "CL_DEVICE_NOT_AVAILABLE",
        "CL_COMPILER_NOT_AVAILABLE",
        "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        "CL_OUT_OF_RESOURCES",
        "CL_OUT_OF_HOST_MEMORY",
        "CL_PROFILING_INFO_NOT_AVAILABLE",
        "CL_MEM_COPY_OVERLAP",
        "CL_IMAGE_FORMAT_MISMATCH",
        "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        "CL_BUILD_PROGRAM_FAILURE",
        "CL_MAP_FAILURE",
        "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        "CL_COMPILE_PROGRAM_FAILURE",
        "CL_LINKER_NOT_AVAILABLE",
        "CL_LINK_PROGRAM_FAILURE",
        "CL_DEVICE_PARTITION_FAILED",
        "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
    ];
    const INVALID_VALUE_TO_PARTITION_COUNT: [&str; 39] = [
        "CL_INVALID_VALUE",
        "CL_INVALID_DEVICE_TYPE",
        "CL_INVALID_PLATFORM",
        "CL_INVALID_DEVICE",
        "CL_INVALID_CONTEXT",
        "CL_INVALID_QUEUE_PROPERTIES",
        "CL_INVALID_COMMAND_QUEUE",
        "CL_INVALID_HOST_PTR",
        "CL_INVALID_MEM_OBJECT",
        "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        "CL_INVALID_IMAGE_SIZE",
        "CL_INVALID_SAMPLER",
        "CL_INVALID_BINARY",
        "CL_INVALID_BUILD_OPTIONS",
        "CL_INVALID_PROGRAM",
        "CL_INVALID_PROGRAM_EXECUTABLE",
        "CL_INVALID_KERNEL_NAME",
        "CL_INVALID_KERNEL_DEFINITION",
        "CL_INVALID_KERNEL",
        "CL_INVALID_ARG_INDEX",
        "CL_INVALID_ARG_VALUE",
        "CL_INVALID_ARG_SIZE",
        "CL_INVALID_KERNEL_ARGS",
        "CL_INVALID_WORK_DIMENSION",
        "CL_INVALID_WORK_GROUP_SIZE",
        "CL_INVALID_WORK_ITEM_SIZE",
        "CL_INVALID_GLOBAL_OFFSET",
        "CL_INVALID_EVENT_WAIT_LIST",
        "CL_INVALID_EVENT",
        "CL_INVALID_OPERATION",
        "CL_INVALID_GL_OBJECT",
        "CL_INVALID_BUFFER_SIZE",
        "CL_INVALID_MIP_LEVEL",
        "CL_INVALID_GLOBAL_WORK_SIZE",
        "CL_INVALID_PROPERTY",
        "CL_INVALID_IMAGE_DESCRIPTOR",
        "CL_INVALID_COMPILER_OPTIONS",
        "CL_INVALID_LINKER_OPTIONS",
        "CL_INVALID_DEVICE_PARTITION_COUNT",
    ];
    let known = match -code {
        n @ 0..=19 => SUCCESS_TO_ARG_INFO.get(n as usize),
        n @ 30..=68 => INVALID_VALUE_TO_PARTITION_COUNT.get(n as usize - 30),
        _ => None,
    };
    known.map_or_else(|| format!("status {code}"), |name| name.to_string())
}

/// Says once, on stderr, that entry point `name` is not supported and what it returns.
pub fn report_unsupported(once: &Once, name: &str, status: cl_int) {
    once.call_once(|| {
        eprintln!(
            "gcnsim: {name} is not supported (returns {})",
            status_name(status)
        )
    });
}

/// Defines `extern "C"` entry points from bodies returning `CLResult`.
///
/// `fn name(args) { body }` returns `cl_int` (the body yields `CLResult<()>`);
/// `fn name(args; errcode_ret) -> T { body }` returns `T`, null on error, and writes the
/// status to `errcode_ret` (the body yields `CLResult<T>`).
#[macro_export]
macro_rules! entry {
    ($($(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block)*) => {$(
        $(#[$m])*
        #[allow(non_snake_case)]
        pub extern "C" fn $name($($arg: $ty),*) -> cl_sys::cl_int {
            $crate::api::entry::status($crate::api::entry::guard(stringify!($name), || $body))
        }
    )*};
}

/// Like [`entry!`] for creators: `fn name(args; errcode_ret) -> Handle { body }`.
#[macro_export]
macro_rules! create_entry {
    ($($(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),* ; errcode_ret) -> $ret:ty $body:block)*) => {$(
        $(#[$m])*
        #[allow(non_snake_case)]
        pub extern "C" fn $name($($arg: $ty,)* errcode_ret: *mut cl_sys::cl_int) -> $ret {
            let result = $crate::api::entry::guard(stringify!($name), || $body);
            let (value, status) = match result {
                Ok(v) => (v, cl_sys::CL_SUCCESS),
                Err(e) => (std::ptr::null_mut(), e),
            };
            $crate::api::params::write_out(errcode_ret, status);
            value
        }
    )*};
}

/// Entry points gcnsim does not implement: each returns the spec's error (or NULL with
/// the error in `errcode_ret`) and says so once on stderr.
#[macro_export]
macro_rules! unsupported {
    (@body $name:ident, $err:expr) => {{
        static ONCE: std::sync::Once = std::sync::Once::new();
        $crate::api::entry::report_unsupported(&ONCE, stringify!($name), $err);
    }};
    () => {};
    ($err:ident => fn $name:ident($($arg:ident: $ty:ty),* ; errcode_ret) -> $ret:ty; $($rest:tt)*) => {
        #[allow(non_snake_case)]
        pub extern "C" fn $name($($arg: $ty,)* errcode_ret: *mut cl_sys::cl_int) -> $ret {
            let _ = ($($arg,)*);
            $crate::unsupported!(@body $name, cl_sys::$err);
            $crate::api::params::write_out(errcode_ret, cl_sys::$err);
            std::ptr::null_mut()
        }
        $crate::unsupported!($($rest)*);
    };
    ($err:ident => fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> cl_int; $($rest:tt)*) => {
        #[allow(non_snake_case)]
        pub extern "C" fn $name($($arg: $ty),*) -> cl_sys::cl_int {
            let _ = ($($arg,)*);
            $crate::unsupported!(@body $name, cl_sys::$err);
            cl_sys::$err
        }
        $crate::unsupported!($($rest)*);
    };
}
