//! The cl_khr_icd plumbing: the dispatch table every handle points to (Khronos
//! `cl_icd_dispatch` layout through OpenCL 3.0), `clIcdGetPlatformIDsKHR` and the
//! extension-function lookup the ICD loader uses.

use super::params::c_str;
use super::{
    context, device, event, image, kernel, launch, locality, memory, platform, program, queue,
    sub_groups, svm, unsupported,
};
use crate::core::platform::Platform;
use cl_sys::cl_platform_id;
use std::ffi::{c_char, c_void};

/// One slot of the dispatch table: the address of an entry point (never NULL).
#[repr(transparent)]
pub struct Slot(*const c_void);

// SAFETY: a slot is an immutable function address.
unsafe impl Sync for Slot {}

macro_rules! dispatch_table {
    ($($field:ident => $module:ident),* $(,)?) => {
        /// The ICD dispatch table, one slot per OpenCL entry point in Khronos order.
        #[repr(C)]
        #[allow(non_snake_case)]
        pub struct IcdDispatch {
            $(
                #[doc = stringify!($field)]
                pub $field: Slot,
            )*
        }

        /// gcnsim's dispatch table: every slot is filled (the struct literal names them all).
        pub static DISPATCH: IcdDispatch = IcdDispatch {
            $($field: Slot($module::$field as *const c_void),)*
        };

        /// The entry point names of the slots, in table order.
        #[cfg(test)]
        pub const SLOT_NAMES: &[&str] = &[$(stringify!($field)),*];
    };
}

dispatch_table! {
    // OpenCL 1.0
    clGetPlatformIDs => platform,
    clGetPlatformInfo => platform,
    clGetDeviceIDs => device,
    clGetDeviceInfo => device,
    clCreateContext => context,
    clCreateContextFromType => context,
    clRetainContext => context,
    clReleaseContext => context,
    clGetContextInfo => context,
    clCreateCommandQueue => queue,
    clRetainCommandQueue => queue,
    clReleaseCommandQueue => queue,
    clGetCommandQueueInfo => queue,
    clSetCommandQueueProperty => unsupported,
    clCreateBuffer => memory,
    clCreateImage2D => image,
    clCreateImage3D => image,
    clRetainMemObject => memory,
    clReleaseMemObject => memory,
    clGetSupportedImageFormats => image,
    clGetMemObjectInfo => memory,
    clGetImageInfo => image,
    clCreateSampler => image,
    clRetainSampler => image,
    clReleaseSampler => image,
    clGetSamplerInfo => image,
    clCreateProgramWithSource => program,
    clCreateProgramWithBinary => program,
    clRetainProgram => program,
    clReleaseProgram => program,
    clBuildProgram => program,
    clUnloadCompiler => program,
    clGetProgramInfo => program,
    clGetProgramBuildInfo => program,
    clCreateKernel => kernel,
    clCreateKernelsInProgram => kernel,
    clRetainKernel => kernel,
    clReleaseKernel => kernel,
    clSetKernelArg => kernel,
    clGetKernelInfo => kernel,
    clGetKernelWorkGroupInfo => kernel,
    clWaitForEvents => event,
    clGetEventInfo => event,
    clRetainEvent => event,
    clReleaseEvent => event,
    clGetEventProfilingInfo => event,
    clFlush => queue,
    clFinish => queue,
    clEnqueueReadBuffer => memory,
    clEnqueueWriteBuffer => memory,
    clEnqueueCopyBuffer => memory,
    clEnqueueReadImage => image,
    clEnqueueWriteImage => image,
    clEnqueueCopyImage => image,
    clEnqueueCopyImageToBuffer => image,
    clEnqueueCopyBufferToImage => image,
    clEnqueueMapBuffer => memory,
    clEnqueueMapImage => image,
    clEnqueueUnmapMemObject => memory,
    clEnqueueNDRangeKernel => launch,
    clEnqueueTask => launch,
    clEnqueueNativeKernel => unsupported,
    clEnqueueMarker => queue,
    clEnqueueWaitForEvents => queue,
    clEnqueueBarrier => queue,
    clGetExtensionFunctionAddress => self,
    clCreateFromGLBuffer => unsupported,
    clCreateFromGLTexture2D => unsupported,
    clCreateFromGLTexture3D => unsupported,
    clCreateFromGLRenderbuffer => unsupported,
    clGetGLObjectInfo => unsupported,
    clGetGLTextureInfo => unsupported,
    clEnqueueAcquireGLObjects => unsupported,
    clEnqueueReleaseGLObjects => unsupported,
    clGetGLContextInfoKHR => unsupported,
    // cl_khr_d3d10_sharing
    clGetDeviceIDsFromD3D10KHR => unsupported,
    clCreateFromD3D10BufferKHR => unsupported,
    clCreateFromD3D10Texture2DKHR => unsupported,
    clCreateFromD3D10Texture3DKHR => unsupported,
    clEnqueueAcquireD3D10ObjectsKHR => unsupported,
    clEnqueueReleaseD3D10ObjectsKHR => unsupported,
    // OpenCL 1.1
    clSetEventCallback => event,
    clCreateSubBuffer => memory,
    clSetMemObjectDestructorCallback => memory,
    clCreateUserEvent => event,
    clSetUserEventStatus => event,
    clEnqueueReadBufferRect => memory,
    clEnqueueWriteBufferRect => memory,
    clEnqueueCopyBufferRect => memory,
    // cl_ext_device_fission
    clCreateSubDevicesEXT => unsupported,
    clRetainDeviceEXT => device,
    clReleaseDeviceEXT => device,
    // cl_khr_gl_event
    clCreateEventFromGLsyncKHR => unsupported,
    // OpenCL 1.2
    clCreateSubDevices => device,
    clRetainDevice => device,
    clReleaseDevice => device,
    clCreateImage => image,
    clCreateProgramWithBuiltInKernels => program,
    clCompileProgram => program,
    clLinkProgram => program,
    clUnloadPlatformCompiler => program,
    clGetKernelArgInfo => kernel,
    clEnqueueFillBuffer => memory,
    clEnqueueFillImage => image,
    clEnqueueMigrateMemObjects => memory,
    clEnqueueMarkerWithWaitList => queue,
    clEnqueueBarrierWithWaitList => queue,
    clGetExtensionFunctionAddressForPlatform => self,
    clCreateFromGLTexture => unsupported,
    // cl_khr_d3d11_sharing
    clGetDeviceIDsFromD3D11KHR => unsupported,
    clCreateFromD3D11BufferKHR => unsupported,
    clCreateFromD3D11Texture2DKHR => unsupported,
    clCreateFromD3D11Texture3DKHR => unsupported,
    clCreateFromDX9MediaSurfaceKHR => unsupported,
    clEnqueueAcquireD3D11ObjectsKHR => unsupported,
    clEnqueueReleaseD3D11ObjectsKHR => unsupported,
    // cl_khr_dx9_media_sharing
    clGetDeviceIDsFromDX9MediaAdapterKHR => unsupported,
    clEnqueueAcquireDX9MediaSurfacesKHR => unsupported,
    clEnqueueReleaseDX9MediaSurfacesKHR => unsupported,
    // cl_khr_egl_image
    clCreateFromEGLImageKHR => unsupported,
    clEnqueueAcquireEGLObjectsKHR => unsupported,
    clEnqueueReleaseEGLObjectsKHR => unsupported,
    // cl_khr_egl_event
    clCreateEventFromEGLSyncKHR => unsupported,
    // OpenCL 2.0
    clCreateCommandQueueWithProperties => queue,
    clCreatePipe => unsupported,
    clGetPipeInfo => unsupported,
    clSVMAlloc => svm,
    clSVMFree => svm,
    clEnqueueSVMFree => svm,
    clEnqueueSVMMemcpy => svm,
    clEnqueueSVMMemFill => svm,
    clEnqueueSVMMap => svm,
    clEnqueueSVMUnmap => svm,
    clCreateSamplerWithProperties => image,
    clSetKernelArgSVMPointer => svm,
    clSetKernelExecInfo => svm,
    // cl_khr_sub_groups
    clGetKernelSubGroupInfoKHR => sub_groups,
    // OpenCL 2.1
    clCloneKernel => kernel,
    clCreateProgramWithIL => program,
    clEnqueueSVMMigrateMem => unsupported,
    clGetDeviceAndHostTimer => unsupported,
    clGetHostTimer => unsupported,
    clGetKernelSubGroupInfo => sub_groups,
    clSetDefaultDeviceCommandQueue => unsupported,
    // OpenCL 2.2
    clSetProgramReleaseCallback => program,
    clSetProgramSpecializationConstant => program,
    // OpenCL 3.0
    clCreateBufferWithProperties => memory,
    clCreateImageWithProperties => image,
    clSetContextDestructorCallback => context,
}

/// The extension functions gcnsim provides, by name.
fn extension_function(name: &[u8]) -> *mut c_void {
    match name {
        b"clIcdGetPlatformIDsKHR" => platform::clGetPlatformIDs as *mut c_void,
        b"clGetKernelSubGroupInfoKHR" => sub_groups::clGetKernelSubGroupInfoKHR as *mut c_void,
        b"clSetMemObjectPlacementGCNSIM" => locality::clSetMemObjectPlacementGCNSIM as *mut c_void,
        b"clSetKernelWorkGroupSplitGCNSIM" => {
            locality::clSetKernelWorkGroupSplitGCNSIM as *mut c_void
        }
        _ => std::ptr::null_mut(),
    }
}

/// `clGetExtensionFunctionAddress`: the address of an extension function, or NULL.
#[allow(non_snake_case)]
extern "C" fn clGetExtensionFunctionAddress(func_name: *const c_char) -> *mut c_void {
    c_str(func_name).map_or(std::ptr::null_mut(), |n| extension_function(n.to_bytes()))
}

/// `clGetExtensionFunctionAddressForPlatform`: as above, for gcnsim's platform.
#[allow(non_snake_case)]
extern "C" fn clGetExtensionFunctionAddressForPlatform(
    platform: cl_platform_id,
    func_name: *const c_char,
) -> *mut c_void {
    if platform != Platform::handle() {
        return std::ptr::null_mut();
    }
    clGetExtensionFunctionAddress(func_name)
}

/// The symbols the ICD loader looks up by name (`dlsym`). Each forwards to the internal
/// entry point the dispatch table holds: the table must never point at an exported
/// symbol, which the application's own `libOpenCL` (the loader) would interpose.
pub mod exports {
    use super::super::platform;
    use cl_sys::{cl_int, cl_platform_id, cl_platform_info, cl_uint};
    use std::ffi::{c_char, c_void};

    /// `clIcdGetPlatformIDsKHR`: the platforms this ICD provides (exactly one).
    #[no_mangle]
    pub extern "C" fn clIcdGetPlatformIDsKHR(
        num_entries: cl_uint,
        platforms: *mut cl_platform_id,
        num_platforms: *mut cl_uint,
    ) -> cl_int {
        platform::clGetPlatformIDs(num_entries, platforms, num_platforms)
    }

    /// `clGetExtensionFunctionAddress`.
    #[no_mangle]
    pub extern "C" fn clGetExtensionFunctionAddress(func_name: *const c_char) -> *mut c_void {
        super::clGetExtensionFunctionAddress(func_name)
    }

    /// `clGetExtensionFunctionAddressForPlatform`.
    #[no_mangle]
    pub extern "C" fn clGetExtensionFunctionAddressForPlatform(
        platform: cl_platform_id,
        func_name: *const c_char,
    ) -> *mut c_void {
        super::clGetExtensionFunctionAddressForPlatform(platform, func_name)
    }

    /// `clGetPlatformInfo`: the ocl-icd loader checks the platform's extensions with it.
    #[no_mangle]
    pub extern "C" fn clGetPlatformInfo(
        platform: cl_platform_id,
        param_name: cl_platform_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) -> cl_int {
        platform::clGetPlatformInfo(
            platform,
            param_name,
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    }
}
