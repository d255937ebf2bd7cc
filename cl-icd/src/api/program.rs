//! Programs: NOT IMPLEMENTED YET. Creating a program fails with CL_INVALID_OPERATION and
//! every entry point taking a program handle reports it invalid, saying so on stderr.

use super::handle::get;
use crate::core::platform::Platform;
use crate::{entry, unsupported};
use cl_sys::*;
use std::ffi::{c_char, c_void};

unsupported! {
    CL_INVALID_OPERATION => fn clCreateProgramWithSource(context: cl_context, count: cl_uint, strings: *const *mut c_char, lengths: *const usize; errcode_ret) -> cl_program;
    CL_INVALID_OPERATION => fn clCreateProgramWithBinary(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, lengths: *const usize, binaries: *const *mut u8, binary_status: *mut cl_int; errcode_ret) -> cl_program;
    CL_INVALID_PROGRAM => fn clRetainProgram(program: cl_program) -> cl_int;
    CL_INVALID_PROGRAM => fn clReleaseProgram(program: cl_program) -> cl_int;
    CL_INVALID_PROGRAM => fn clBuildProgram(program: cl_program, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, pfn_notify: *mut c_void, user_data: *mut c_void) -> cl_int;
    CL_INVALID_PROGRAM => fn clGetProgramInfo(program: cl_program, param_name: cl_program_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_PROGRAM => fn clGetProgramBuildInfo(program: cl_program, device: cl_device_id, param_name: cl_program_build_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateProgramWithBuiltInKernels(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, kernel_names: *const c_char; errcode_ret) -> cl_program;
    CL_INVALID_PROGRAM => fn clCompileProgram(program: cl_program, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, num_input_headers: cl_uint, input_headers: *const cl_program, header_include_names: *const *mut c_char, pfn_notify: *mut c_void, user_data: *mut c_void) -> cl_int;
    CL_INVALID_PROGRAM => fn clLinkProgram(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, num_input_programs: cl_uint, input_programs: *const cl_program, pfn_notify: *mut c_void, user_data: *mut c_void; errcode_ret) -> cl_program;
    CL_INVALID_OPERATION => fn clCreateProgramWithIL(context: cl_context, il: *const c_void, length: usize; errcode_ret) -> cl_program;
    CL_INVALID_PROGRAM => fn clSetProgramReleaseCallback(program: cl_program, pfn_notify: *mut c_void, user_data: *mut c_void) -> cl_int;
    CL_INVALID_PROGRAM => fn clSetProgramSpecializationConstant(program: cl_program, spec_id: cl_uint, spec_size: usize, spec_value: *const c_void) -> cl_int;
}

entry! {
    /// `clUnloadCompiler`: a hint; nothing to unload.
    fn clUnloadCompiler() {
        Ok(())
    }

    /// `clUnloadPlatformCompiler`: a hint; nothing to unload.
    fn clUnloadPlatformCompiler(platform: cl_platform_id) {
        // CL_INVALID_PLATFORM if platform is not a valid platform.
        get::<Platform>(platform).map(|_| ())
    }
}
