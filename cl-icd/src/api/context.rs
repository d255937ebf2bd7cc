//! Contexts.

use super::consts::CL_CONTEXT_INTEROP_USER_SYNC;
use super::device::devices_of_type;
use super::handle::{get, get_list, handle_of, new_handle, reference_count, release, retain};
use super::params::{check, info, properties, slice, write_info};
use super::CLResult;
use crate::core::context::{Context, ErrorNotify};
use crate::core::device::Device;
use crate::core::platform::Platform;
use crate::{create_entry, entry};
use cl_sys::*;
use std::ffi::{c_char, c_void, CString};
use std::sync::Arc;

/// A context's `pfn_notify` as the application gave it.
pub type ContextNotify = Option<extern "C" fn(*const c_char, *const c_void, usize, *mut c_void)>;
/// A destructor callback of a context or memory object.
pub type DestructorNotify = Option<extern "C" fn(*mut c_void, *mut c_void)>;

/// An application pointer handed back to a callback (`user_data`).
#[derive(Clone, Copy)]
pub struct UserData(pub *mut c_void);
// SAFETY: the application owns what user_data points to and declares, by registering a
// callback, that it may be called from any thread.
unsafe impl Send for UserData {}
// SAFETY: as above.
unsafe impl Sync for UserData {}

fn error_notify(pfn_notify: ContextNotify, user_data: *mut c_void) -> Option<ErrorNotify> {
    let user_data = UserData(user_data);
    pfn_notify.map(|f| {
        Box::new(move |message: &str| {
            let data = user_data;
            let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
            f(text.as_ptr(), std::ptr::null(), 0, data.0);
        }) as ErrorNotify
    })
}

/// Checks a context property list; returns it as given, with its terminator.
fn context_properties(props: *const cl_context_properties) -> CLResult<Vec<isize>> {
    let pairs = properties(props);
    let mut seen = Vec::new();
    for (name, value) in &pairs {
        // CL_INVALID_PROPERTY if context property name in properties is not a supported
        // property name, or if the same property name is specified more than once.
        check(seen.contains(name), CL_INVALID_PROPERTY)?;
        seen.push(*name);
        match *name as u32 {
            // CL_INVALID_PLATFORM if platform value specified in properties is not a valid
            // platform.
            CL_CONTEXT_PLATFORM => check(
                *value as *mut c_void != Platform::handle(),
                CL_INVALID_PLATFORM,
            )?,
            _ if *name == CL_CONTEXT_INTEROP_USER_SYNC => {}
            _ => return Err(CL_INVALID_PROPERTY),
        }
    }
    let mut list: Vec<isize> = pairs.iter().flat_map(|(n, v)| [*n, *v]).collect();
    if !props.is_null() {
        list.push(0);
    }
    Ok(list)
}

fn create_context(
    props: *const cl_context_properties,
    devices: Vec<Arc<Device>>,
    pfn_notify: ContextNotify,
    user_data: *mut c_void,
) -> CLResult<cl_context> {
    // CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.
    check(
        pfn_notify.is_none() && !user_data.is_null(),
        CL_INVALID_VALUE,
    )?;
    let properties = context_properties(props)?;
    Ok(new_handle(Context::new(
        devices,
        properties,
        error_notify(pfn_notify, user_data),
    )))
}

fn context_info(context: &Context, param_name: cl_context_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_CONTEXT_REFERENCE_COUNT => info(&reference_count(context)),
        CL_CONTEXT_NUM_DEVICES => info(&(context.devices.len() as u32)),
        CL_CONTEXT_DEVICES => info(&context.devices.iter().map(handle_of).collect::<Vec<_>>()),
        CL_CONTEXT_PROPERTIES => info(&context.properties),
        // CL_INVALID_VALUE if param_name is not one of the supported values.
        _ => return Err(CL_INVALID_VALUE),
    })
}

create_entry! {
    /// `clCreateContext`.
    fn clCreateContext(
        properties: *const cl_context_properties,
        num_devices: cl_uint,
        devices: *const cl_device_id,
        pfn_notify: ContextNotify,
        user_data: *mut c_void;
        errcode_ret
    ) -> cl_context {
        // CL_INVALID_VALUE if devices is NULL; if num_devices is equal to zero.
        check(devices.is_null() || num_devices == 0, CL_INVALID_VALUE)?;
        // CL_INVALID_DEVICE if devices contains an invalid device.
        let listed = get_list::<Device>(slice(devices, num_devices as usize))?;
        // Duplicate devices specified in devices are ignored.
        let mut unique: Vec<Arc<Device>> = Vec::new();
        for device in listed {
            if !unique.iter().any(|d| Arc::ptr_eq(d, &device)) {
                unique.push(device);
            }
        }
        create_context(properties, unique, pfn_notify, user_data)
    }

    /// `clCreateContextFromType`.
    fn clCreateContextFromType(
        properties: *const cl_context_properties,
        device_type: cl_device_type,
        pfn_notify: ContextNotify,
        user_data: *mut c_void;
        errcode_ret
    ) -> cl_context {
        // CL_INVALID_DEVICE_TYPE if device_type is not a valid value; CL_DEVICE_NOT_FOUND if
        // no devices that match device_type and property values specified in properties
        // are currently available.
        let handles = devices_of_type(device_type)?;
        create_context(properties, get_list::<Device>(&handles)?, pfn_notify, user_data)
    }
}

entry! {
    /// `clRetainContext`.
    fn clRetainContext(context: cl_context) {
        // CL_INVALID_CONTEXT if context is not a valid OpenCL context.
        retain::<Context>(context)
    }

    /// `clReleaseContext`.
    fn clReleaseContext(context: cl_context) {
        // CL_INVALID_CONTEXT if context is not a valid OpenCL context.
        release::<Context>(context)
    }

    /// `clGetContextInfo`.
    fn clGetContextInfo(
        context: cl_context,
        param_name: cl_context_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get::<Context>(context)?;
        write_info(context_info(context, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clSetContextDestructorCallback` (OpenCL 3.0).
    fn clSetContextDestructorCallback(context: cl_context, pfn_notify: DestructorNotify, user_data: *mut c_void) {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context_ref = get::<Context>(context)?;
        // CL_INVALID_VALUE if pfn_notify is NULL.
        let f = pfn_notify.ok_or(CL_INVALID_VALUE)?;
        let (handle, data) = (UserData(context), UserData(user_data));
        context_ref.on_destroy(Box::new(move || {
            let (handle, data) = (handle, data);
            f(handle.0, data.0)
        }));
        Ok(())
    }
}
