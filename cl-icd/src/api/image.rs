//! Images and samplers: the devices have no image support (CL_DEVICE_IMAGE_SUPPORT is
//! CL_FALSE), so no image or sampler can exist. Creators fail with CL_INVALID_OPERATION
//! ("no devices in context support images"), image commands likewise, and queries on
//! image or sampler handles report the handle invalid.

use super::handle::get;
use super::params::{check, write_out};
use crate::core::context::Context;
use crate::{entry, unsupported};
use cl_sys::*;
use std::ffi::c_void;

unsupported! {
    CL_INVALID_OPERATION => fn clCreateImage2D(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_width: usize, image_height: usize, image_row_pitch: usize, host_ptr: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateImage3D(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_width: usize, image_height: usize, image_depth: usize, image_row_pitch: usize, image_slice_pitch: usize, host_ptr: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_MEM_OBJECT => fn clGetImageInfo(image: cl_mem, param_name: cl_image_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateSampler(context: cl_context, normalized_coords: cl_bool, addressing_mode: cl_addressing_mode, filter_mode: cl_filter_mode; errcode_ret) -> cl_sampler;
    CL_INVALID_SAMPLER => fn clRetainSampler(sampler: cl_sampler) -> cl_int;
    CL_INVALID_SAMPLER => fn clReleaseSampler(sampler: cl_sampler) -> cl_int;
    CL_INVALID_SAMPLER => fn clGetSamplerInfo(sampler: cl_sampler, param_name: cl_sampler_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReadImage(command_queue: cl_command_queue, image: cl_mem, blocking_read: cl_bool, origin: *const usize, region: *const usize, row_pitch: usize, slice_pitch: usize, ptr: *mut c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueWriteImage(command_queue: cl_command_queue, image: cl_mem, blocking_write: cl_bool, origin: *const usize, region: *const usize, input_row_pitch: usize, input_slice_pitch: usize, ptr: *const c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueCopyImage(command_queue: cl_command_queue, src_image: cl_mem, dst_image: cl_mem, src_origin: *const usize, dst_origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueCopyImageToBuffer(command_queue: cl_command_queue, src_image: cl_mem, dst_buffer: cl_mem, src_origin: *const usize, region: *const usize, dst_offset: usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueCopyBufferToImage(command_queue: cl_command_queue, src_buffer: cl_mem, dst_image: cl_mem, src_offset: usize, dst_origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueMapImage(command_queue: cl_command_queue, image: cl_mem, blocking_map: cl_bool, map_flags: cl_map_flags, origin: *const usize, region: *const usize, image_row_pitch: *mut usize, image_slice_pitch: *mut usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event; errcode_ret) -> *mut c_void;
    CL_INVALID_OPERATION => fn clCreateImage(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_desc: *const cl_image_desc, host_ptr: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateImageWithProperties(context: cl_context, properties: *const cl_ulong, flags: cl_mem_flags, image_format: *const cl_image_format, image_desc: *const cl_image_desc, host_ptr: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clEnqueueFillImage(command_queue: cl_command_queue, image: cl_mem, fill_color: *const c_void, origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateSamplerWithProperties(context: cl_context, sampler_properties: *const cl_sampler_properties; errcode_ret) -> cl_sampler;
}

entry! {
    /// `clGetSupportedImageFormats`: there are none.
    fn clGetSupportedImageFormats(
        context: cl_context,
        flags: cl_mem_flags,
        image_type: cl_mem_object_type,
        num_entries: cl_uint,
        image_formats: *mut cl_image_format,
        num_image_formats: *mut cl_uint,
    ) {
        // CL_INVALID_CONTEXT if context is not a valid context.
        get::<Context>(context)?;
        // CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0
        // and image_formats is not NULL.
        check(num_entries == 0 && !image_formats.is_null(), CL_INVALID_VALUE)?;
        let _ = (flags, image_type);
        write_out(num_image_formats, 0);
        Ok(())
    }
}
