//! Kernels: NOT IMPLEMENTED YET. No program can exist, so kernel creation reports the
//! program invalid and every entry point taking a kernel reports it invalid, saying so
//! on stderr.

use crate::unsupported;
use cl_sys::*;
use std::ffi::{c_char, c_void};

unsupported! {
    CL_INVALID_PROGRAM => fn clCreateKernel(program: cl_program, kernel_name: *const c_char; errcode_ret) -> cl_kernel;
    CL_INVALID_PROGRAM => fn clCreateKernelsInProgram(program: cl_program, num_kernels: cl_uint, kernels: *mut cl_kernel, num_kernels_ret: *mut cl_uint) -> cl_int;
    CL_INVALID_KERNEL => fn clRetainKernel(kernel: cl_kernel) -> cl_int;
    CL_INVALID_KERNEL => fn clReleaseKernel(kernel: cl_kernel) -> cl_int;
    CL_INVALID_KERNEL => fn clSetKernelArg(kernel: cl_kernel, arg_index: cl_uint, arg_size: usize, arg_value: *const c_void) -> cl_int;
    CL_INVALID_KERNEL => fn clGetKernelInfo(kernel: cl_kernel, param_name: cl_kernel_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_KERNEL => fn clGetKernelWorkGroupInfo(kernel: cl_kernel, device: cl_device_id, param_name: cl_kernel_work_group_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_KERNEL => fn clEnqueueNDRangeKernel(command_queue: cl_command_queue, kernel: cl_kernel, work_dim: cl_uint, global_work_offset: *const usize, global_work_size: *const usize, local_work_size: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_KERNEL => fn clEnqueueTask(command_queue: cl_command_queue, kernel: cl_kernel, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_KERNEL => fn clGetKernelArgInfo(kernel: cl_kernel, arg_indx: cl_uint, param_name: cl_kernel_arg_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_KERNEL => fn clCloneKernel(source_kernel: cl_kernel; errcode_ret) -> cl_kernel;
}
