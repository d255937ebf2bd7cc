//! Entry points of features gcnsim does not provide (GL/D3D/DX9/EGL sharing, device
//! fission, native kernels, system SVM, pipes, OpenCL 2.x device queues and timers): each
//! returns the spec's error and says so once on stderr.

use crate::unsupported;
use cl_sys::*;
use std::ffi::c_void;

unsupported! {
    CL_INVALID_OPERATION => fn clSetCommandQueueProperty(command_queue: cl_command_queue, properties: cl_command_queue_properties, enable: cl_bool, old_properties: *mut cl_command_queue_properties) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueNativeKernel(command_queue: cl_command_queue, user_func: *mut c_void, args: *mut c_void, cb_args: usize, num_mem_objects: cl_uint, mem_list: *const cl_mem, args_mem_loc: *const *mut c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateFromGLBuffer(context: cl_context, flags: cl_mem_flags, bufobj: cl_GLuint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromGLTexture2D(context: cl_context, flags: cl_mem_flags, target: cl_GLenum, miplevel: cl_GLint, texture: cl_GLuint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromGLTexture3D(context: cl_context, flags: cl_mem_flags, target: cl_GLenum, miplevel: cl_GLint, texture: cl_GLuint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromGLRenderbuffer(context: cl_context, flags: cl_mem_flags, renderbuffer: cl_GLuint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clGetGLObjectInfo(memobj: cl_mem, gl_object_type: *mut cl_gl_object_type, gl_object_name: *mut cl_GLuint) -> cl_int;
    CL_INVALID_OPERATION => fn clGetGLTextureInfo(memobj: cl_mem, param_name: cl_gl_texture_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueAcquireGLObjects(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReleaseGLObjects(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clGetGLContextInfoKHR(properties: *const cl_context_properties, param_name: cl_gl_context_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) -> cl_int;
    CL_DEVICE_NOT_FOUND => fn clGetDeviceIDsFromD3D10KHR(platform: cl_platform_id, d3d_device_source: cl_uint, d3d_object: *mut c_void, d3d_device_set: cl_uint, num_entries: cl_uint, devices: *mut cl_device_id, num_devices: *mut cl_uint) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateFromD3D10BufferKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromD3D10Texture2DKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void, subresource: cl_uint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromD3D10Texture3DKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void, subresource: cl_uint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clEnqueueAcquireD3D10ObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReleaseD3D10ObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_VALUE => fn clCreateSubDevicesEXT(in_device: cl_device_id, partition_properties: *const cl_ulong, num_entries: cl_uint, out_devices: *mut cl_device_id, num_devices: *mut cl_uint) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateEventFromGLsyncKHR(context: cl_context, sync: *mut c_void; errcode_ret) -> cl_event;
    CL_INVALID_OPERATION => fn clCreateFromGLTexture(context: cl_context, flags: cl_mem_flags, target: cl_GLenum, miplevel: cl_GLint, texture: cl_GLuint; errcode_ret) -> cl_mem;
    CL_DEVICE_NOT_FOUND => fn clGetDeviceIDsFromD3D11KHR(platform: cl_platform_id, d3d_device_source: cl_uint, d3d_object: *mut c_void, d3d_device_set: cl_uint, num_entries: cl_uint, devices: *mut cl_device_id, num_devices: *mut cl_uint) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateFromD3D11BufferKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromD3D11Texture2DKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void, subresource: cl_uint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromD3D11Texture3DKHR(context: cl_context, flags: cl_mem_flags, resource: *mut c_void, subresource: cl_uint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clCreateFromDX9MediaSurfaceKHR(context: cl_context, flags: cl_mem_flags, adapter_type: cl_uint, surface_info: *mut c_void, plane: cl_uint; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clEnqueueAcquireD3D11ObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReleaseD3D11ObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_DEVICE_NOT_FOUND => fn clGetDeviceIDsFromDX9MediaAdapterKHR(platform: cl_platform_id, num_media_adapters: cl_uint, media_adapters_type: *mut cl_uint, media_adapters: *mut c_void, media_adapter_set: cl_uint, num_entries: cl_uint, devices: *mut cl_device_id, num_devices: *mut cl_uint) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueAcquireDX9MediaSurfacesKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReleaseDX9MediaSurfacesKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateFromEGLImageKHR(context: cl_context, display: c_void, image: c_void, flags: cl_mem_flags, properties: *const isize; errcode_ret) -> cl_mem;
    CL_INVALID_OPERATION => fn clEnqueueAcquireEGLObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueReleaseEGLObjectsKHR(command_queue: cl_command_queue, num_objects: cl_uint, mem_objects: *const cl_mem, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clCreateEventFromEGLSyncKHR(context: cl_context, sync: c_void, display: c_void; errcode_ret) -> cl_event;
    CL_INVALID_OPERATION => fn clCreatePipe(context: cl_context, flags: cl_mem_flags, pipe_packet_size: cl_uint, pipe_max_packets: cl_uint, properties: *const cl_pipe_properties; errcode_ret) -> cl_mem;
    // CL_INVALID_MEM_OBJECT if pipe is not a valid pipe object (there are none).
    CL_INVALID_MEM_OBJECT => fn clGetPipeInfo(arg0: cl_mem, arg1: cl_pipe_info, arg2: usize, arg3: *mut c_void, arg4: *mut usize) -> cl_int;
    CL_INVALID_OPERATION => fn clEnqueueSVMMigrateMem(command_queue: cl_command_queue, num_svm_pointers: cl_uint, svm_pointers: *const *mut c_void, sizes: *const usize, flags: cl_mem_migration_flags, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) -> cl_int;
    CL_INVALID_OPERATION => fn clGetDeviceAndHostTimer(device: cl_device_id, device_timestamp: *mut cl_ulong, host_timestamp: *mut cl_ulong) -> cl_int;
    CL_INVALID_OPERATION => fn clGetHostTimer(device: cl_device_id, host_timestamp: *mut cl_ulong) -> cl_int;
    CL_INVALID_OPERATION => fn clSetDefaultDeviceCommandQueue(context: cl_context, device: cl_device_id, command_queue: cl_command_queue) -> cl_int;
}
