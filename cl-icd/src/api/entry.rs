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

/// Says once, on stderr, that entry point `name` is not supported and what it returns.
pub fn report_unsupported(once: &Once, name: &str, error: cl_int) {
    once.call_once(|| eprintln!("gcnsim: {name} is not supported (returns error {error})"));
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
