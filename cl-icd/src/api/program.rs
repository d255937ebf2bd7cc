//! Programs: creation from source or binaries, build / compile / link through sim-core's
//! compiler, and the program and build queries.

use super::context::UserData;
use super::handle::{
    get, get_arc, get_list, handle_of, new_handle, reference_count, release, retain,
};
use super::params::{c_str, check, info, slice, slice_mut, write_info, write_out};
use super::CLResult;
use crate::core::context::Context;
use crate::core::device::Device;
use crate::core::platform::Platform;
use crate::core::program::{Binary, IncludeHeader, Program};
use crate::{create_entry, entry, unsupported};
use cl_sys::*;
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// `CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT` (OpenCL 2.2; cl-sys lacks it).
const SCOPE_GLOBAL_CTORS_PRESENT: cl_program_info = 0x116A;
/// `CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT` (OpenCL 2.2).
const SCOPE_GLOBAL_DTORS_PRESENT: cl_program_info = 0x116B;

/// A build's `pfn_notify` as the application gave it.
pub type BuildNotify = Option<extern "C" fn(cl_program, *mut c_void)>;

/// The program's devices named in `device_list`, or all of them if it is NULL.
fn device_indices(
    program: &Program,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
) -> CLResult<Vec<usize>> {
    // CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
    // device_list is not NULL and num_devices is zero.
    check(
        device_list.is_null() != (num_devices == 0),
        CL_INVALID_VALUE,
    )?;
    if device_list.is_null() {
        return Ok((0..program.devices.len()).collect());
    }
    // CL_INVALID_DEVICE if any device in device_list is not in the list of devices
    // associated with program.
    get_list::<Device>(slice(device_list, num_devices as usize))?
        .iter()
        .map(|d| program.device_index(d).ok_or(CL_INVALID_DEVICE))
        .collect()
}

/// Checks `pfn_notify`/`user_data` and returns a closure calling the notification.
fn build_notify(
    pfn_notify: BuildNotify,
    user_data: *mut c_void,
) -> CLResult<impl FnOnce(cl_program)> {
    // CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.
    check(
        pfn_notify.is_none() && !user_data.is_null(),
        CL_INVALID_VALUE,
    )?;
    let data = UserData(user_data);
    Ok(move |program: cl_program| {
        if let Some(f) = pfn_notify {
            f(program, data.0);
        }
    })
}

/// Options string (NULL means none).
fn options_of(options: *const c_char) -> String {
    c_str(options)
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The devices of the context named in `device_list` (all of them if it is NULL).
fn context_devices(
    context: &Context,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
) -> CLResult<Vec<Arc<Device>>> {
    check(
        device_list.is_null() != (num_devices == 0),
        CL_INVALID_VALUE,
    )?;
    if device_list.is_null() {
        return Ok(context.devices.clone());
    }
    let devices = get_list::<Device>(slice(device_list, num_devices as usize))?;
    // CL_INVALID_DEVICE if any device in device_list is not in the list of devices
    // associated with context.
    check(
        devices.iter().any(|d| !context.has_device(d)),
        CL_INVALID_DEVICE,
    )?;
    Ok(devices)
}

fn program_info(program: &Program, param_name: cl_program_info) -> CLResult<Vec<u8>> {
    let builds: Vec<_> = (0..program.devices.len())
        .map(|i| program.build_of(i))
        .collect();
    let executable = || program.executable().ok_or(CL_INVALID_PROGRAM_EXECUTABLE);
    Ok(match param_name {
        CL_PROGRAM_REFERENCE_COUNT => info(&reference_count(program)),
        CL_PROGRAM_CONTEXT => info(&handle_of(&program.context)),
        CL_PROGRAM_NUM_DEVICES => info(&(program.devices.len() as u32)),
        CL_PROGRAM_DEVICES => info(&program.devices.iter().map(handle_of).collect::<Vec<_>>()),
        CL_PROGRAM_SOURCE => info(program.source.as_deref().unwrap_or("")),
        CL_PROGRAM_BINARY_SIZES => info(
            &builds
                .iter()
                .map(|b| b.binary.as_ref().map_or(0, |x| x.bytes.len()))
                .collect::<Vec<usize>>(),
        ),
        // CL_PROGRAM_BINARIES is written by clGetProgramInfo itself (an array of pointers).
        // CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS or
        // CL_PROGRAM_KERNEL_NAMES and a successful program executable has not been built.
        CL_PROGRAM_NUM_KERNELS => info(&executable()?.kernels.len()),
        CL_PROGRAM_KERNEL_NAMES => info(
            &executable()?
                .kernels
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(";"),
        ),
        CL_PROGRAM_IL => Vec::new(),
        // OpenCL C has no global constructors or destructors.
        SCOPE_GLOBAL_CTORS_PRESENT | SCOPE_GLOBAL_DTORS_PRESENT => info(&CL_FALSE),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

fn build_info(
    program: &Program,
    index: usize,
    param_name: cl_program_build_info,
) -> CLResult<Vec<u8>> {
    let build = program.build_of(index);
    Ok(match param_name {
        CL_PROGRAM_BUILD_STATUS => info(&build.status),
        CL_PROGRAM_BUILD_OPTIONS => info(&build.options),
        CL_PROGRAM_BUILD_LOG => info(&build.log),
        CL_PROGRAM_BINARY_TYPE => info(&build.binary.as_ref().map_or(
            CL_PROGRAM_BINARY_TYPE_NONE as cl_program_binary_type,
            Binary::binary_type,
        )),
        CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE => {
            let code = build.executable().cloned();
            info(&code.map_or(0, |c| {
                c.global_variables().map(|v| v.size as usize).sum::<usize>()
            }))
        }
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

create_entry! {
    /// `clCreateProgramWithSource`.
    fn clCreateProgramWithSource(context: cl_context, count: cl_uint, strings: *const *const c_char, lengths: *const usize; errcode_ret) -> cl_program {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        let strings = slice(strings, count as usize);
        // CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL.
        check(strings.is_empty() || strings.iter().any(|s| s.is_null()), CL_INVALID_VALUE)?;
        let lengths = slice(lengths, strings.len());
        let mut source = Vec::new();
        for (i, s) in strings.iter().enumerate() {
            // An entry of lengths that is zero (or lengths NULL) means a NUL-terminated string.
            match lengths.get(i).copied().filter(|n| *n > 0) {
                Some(n) => source.extend_from_slice(slice(*s as *const u8, n)),
                None => source.extend_from_slice(c_str(*s).map_or(&[][..], |c| c.to_bytes())),
            }
        }
        Ok(new_handle(Program::with_source(context, String::from_utf8_lossy(&source).into_owned())))
    }

    /// `clCreateProgramWithBinary`: gfx803 code objects (or compiled bitcode objects).
    fn clCreateProgramWithBinary(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, lengths: *const usize, binaries: *const *const u8, binary_status: *mut cl_int; errcode_ret) -> cl_program {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        // CL_INVALID_VALUE if device_list is NULL or num_devices is zero.
        check(device_list.is_null() || num_devices == 0, CL_INVALID_VALUE)?;
        let devices = context_devices(&context, num_devices, device_list)?;
        let n = devices.len();
        let (lengths, binaries) = (slice(lengths, n), slice(binaries, n));
        let status = slice_mut(binary_status, n);
        // CL_INVALID_VALUE if lengths or binaries is NULL or if any entry in lengths[i] is
        // zero or binaries[i] is NULL.
        let missing = |i: usize| lengths.get(i).is_none_or(|l| *l == 0) || binaries.get(i).is_none_or(|b| b.is_null());
        if (0..n).any(missing) {
            for (i, s) in status.iter_mut().enumerate() {
                *s = if missing(i) { CL_INVALID_VALUE } else { CL_SUCCESS };
            }
            return Err(CL_INVALID_VALUE);
        }
        let loaded: Vec<_> = (0..n)
            .map(|i| {
                Binary::from_bytes(slice(binaries[i], lengths[i])).map_err(|e| {
                    // The reason goes to the context's callback and to stderr: a status code
                    // alone does not say which GPU a refused code object was built for.
                    let message = format!("gcnsim: clCreateProgramWithBinary: binary {i}: {e}");
                    context.notify(&message);
                    match &Platform::get().simulator {
                        Some(simulator) => simulator.print_message(&message),
                        None => eprintln!("{message}"),
                    }
                    CL_INVALID_BINARY
                })
            })
            .collect();
        for (s, l) in status.iter_mut().zip(&loaded) {
            *s = l.as_ref().map_or_else(|e| *e, |_| CL_SUCCESS);
        }
        // CL_INVALID_BINARY if an invalid program binary was encountered for any device.
        let binaries = loaded.into_iter().collect::<CLResult<Vec<_>>>()?;
        Ok(new_handle(Program::with_binaries(context, devices, binaries)))
    }

    /// `clLinkProgram`: links compiled objects and libraries into a new program.
    fn clLinkProgram(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, num_input_programs: cl_uint, input_programs: *const cl_program, pfn_notify: BuildNotify, user_data: *mut c_void; errcode_ret) -> cl_program {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        let devices = context_devices(&context, num_devices, device_list)?;
        // CL_INVALID_VALUE if num_input_programs is zero or input_programs is NULL.
        check(num_input_programs == 0 || input_programs.is_null(), CL_INVALID_VALUE)?;
        // CL_INVALID_PROGRAM if programs specified in input_programs are not valid.
        let inputs = get_list::<Program>(slice(input_programs, num_input_programs as usize))?;
        let notify = build_notify(pfn_notify, user_data)?;
        let program = Program::link(context, devices, &inputs, &options_of(options))?;
        let handle = new_handle(program);
        notify(handle);
        Ok(handle)
    }
}

entry! {
    /// `clRetainProgram`.
    fn clRetainProgram(program: cl_program) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        retain::<Program>(program)
    }

    /// `clReleaseProgram`.
    fn clReleaseProgram(program: cl_program) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        release::<Program>(program)
    }

    /// `clBuildProgram` (completes before returning; `pfn_notify` is called at the end).
    fn clBuildProgram(program: cl_program, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, pfn_notify: BuildNotify, user_data: *mut c_void) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program_ref = get::<Program>(program)?;
        let indices = device_indices(program_ref, num_devices, device_list)?;
        let notify = build_notify(pfn_notify, user_data)?;
        // CL_INVALID_OPERATION if there are kernel objects attached to program.
        check(program_ref.has_kernels(), CL_INVALID_OPERATION)?;
        let result = program_ref.build(&indices, &options_of(options));
        notify(program);
        result
    }

    /// `clCompileProgram`.
    fn clCompileProgram(program: cl_program, num_devices: cl_uint, device_list: *const cl_device_id, options: *const c_char, num_input_headers: cl_uint, input_headers: *const cl_program, header_include_names: *const *const c_char, pfn_notify: BuildNotify, user_data: *mut c_void) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program_ref = get::<Program>(program)?;
        let indices = device_indices(program_ref, num_devices, device_list)?;
        // CL_INVALID_VALUE if num_input_headers is zero and header_include_names or
        // input_headers are not NULL or if num_input_headers is not zero and
        // header_include_names or input_headers are NULL.
        let none = input_headers.is_null() && header_include_names.is_null();
        let all = !input_headers.is_null() && !header_include_names.is_null();
        check(if num_input_headers == 0 { !none } else { !all }, CL_INVALID_VALUE)?;
        let notify = build_notify(pfn_notify, user_data)?;
        // CL_INVALID_OPERATION if there are kernel objects attached to program.
        check(program_ref.has_kernels(), CL_INVALID_OPERATION)?;
        let n = num_input_headers as usize;
        let names = slice(header_include_names, n);
        let mut headers = Vec::new();
        for (h, name) in get_list::<Program>(slice(input_headers, n))?.iter().zip(names) {
            let name = c_str(*name).ok_or(CL_INVALID_VALUE)?.to_string_lossy().into_owned();
            // A header program must have source.
            let source = h.source.clone().ok_or(CL_INVALID_OPERATION)?;
            headers.push(IncludeHeader { name, source });
        }
        let result = program_ref.compile(&indices, &options_of(options), &headers);
        notify(program);
        result
    }

    /// `clGetProgramInfo`.
    fn clGetProgramInfo(program: cl_program, param_name: cl_program_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program = get::<Program>(program)?;
        if param_name != CL_PROGRAM_BINARIES {
            return write_info(program_info(program, param_name), param_value_size, param_value, param_value_size_ret);
        }
        // CL_PROGRAM_BINARIES: param_value is an array of one pointer per device, each to
        // memory of CL_PROGRAM_BINARY_SIZES bytes; NULL entries are skipped.
        let n = program.devices.len();
        let size = n * std::mem::size_of::<*mut u8>();
        if !param_value.is_null() {
            // CL_INVALID_VALUE if param_value_size is smaller than the return type's size.
            check(param_value_size < size, CL_INVALID_VALUE)?;
            for (i, dest) in slice(param_value as *const *mut u8, n).iter().enumerate() {
                if let Some(binary) = program.build_of(i).binary {
                    slice_mut(*dest, binary.bytes.len()).copy_from_slice(&binary.bytes);
                }
            }
        }
        write_out(param_value_size_ret, size);
        Ok(())
    }

    /// `clGetProgramBuildInfo`.
    fn clGetProgramBuildInfo(program: cl_program, device: cl_device_id, param_name: cl_program_build_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program = get::<Program>(program)?;
        // CL_INVALID_DEVICE if device is not in the list of devices associated with program.
        let device = get::<Device>(device)?;
        let index = program.device_index(device).ok_or(CL_INVALID_DEVICE)?;
        write_info(build_info(program, index, param_name), param_value_size, param_value, param_value_size_ret)
    }

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

unsupported! {
    CL_INVALID_VALUE => fn clCreateProgramWithBuiltInKernels(context: cl_context, num_devices: cl_uint, device_list: *const cl_device_id, kernel_names: *const c_char; errcode_ret) -> cl_program;
    CL_INVALID_OPERATION => fn clCreateProgramWithIL(context: cl_context, il: *const c_void, length: usize; errcode_ret) -> cl_program;
    CL_INVALID_OPERATION => fn clSetProgramReleaseCallback(program: cl_program, pfn_notify: *mut c_void, user_data: *mut c_void) -> cl_int;
    CL_INVALID_OPERATION => fn clSetProgramSpecializationConstant(program: cl_program, spec_id: cl_uint, spec_size: usize, spec_value: *const c_void) -> cl_int;
}

#[cfg(test)]
mod tests {
    use super::super::context::clCreateContext;
    use super::super::device::clGetDeviceIDs;
    use super::super::kernel::{
        clCreateKernel, clCreateKernelsInProgram, clGetKernelArgInfo, clGetKernelInfo,
        clGetKernelWorkGroupInfo, clReleaseKernel, clSetKernelArg,
    };
    use super::super::memory::{
        clCreateBuffer, clReleaseMemObject, clSetMemObjectDestructorCallback,
    };
    use super::*;
    use super::{
        clBuildProgram, clCompileProgram, clCreateProgramWithBinary, clCreateProgramWithSource,
        clGetProgramBuildInfo, clGetProgramInfo, clLinkProgram, clReleaseProgram,
    };
    use std::ptr::{null, null_mut};

    const SOURCE: &str = "typedef struct { int a; float b; } Pair;\n\
        __kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n\
        void scale(__global float *restrict data, __constant int *lut, const Pair p, __local float4 *tmp) {\n\
            float priv[40];\n\
            for (int i = 0; i < 40; ++i) priv[i] = data[i * lut[0]];\n\
            tmp[get_local_id(0)] = (float4)(priv[lut[1] % 40] * p.b);\n\
            barrier(CLK_LOCAL_MEM_FENCE);\n\
            data[get_global_id(0)] = tmp[0].x + p.a;\n\
        }\n\
        __kernel void second(__global int *x) { x[0] = 1; }\n";

    fn context() -> (cl_context, cl_device_id) {
        let mut device = null_mut();
        assert_eq!(
            clGetDeviceIDs(
                Platform::handle(),
                CL_DEVICE_TYPE_GPU,
                1,
                &mut device,
                null_mut()
            ),
            CL_SUCCESS
        );
        let mut err = 0;
        let ctx = clCreateContext(null(), 1, &device, None, null_mut(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        (ctx, device)
    }

    fn from_source(ctx: cl_context, sources: &[&str]) -> cl_program {
        let ptrs: Vec<*const c_char> = sources
            .iter()
            .map(|s| s.as_ptr() as *const c_char)
            .collect();
        let lens: Vec<usize> = sources.iter().map(|s| s.len()).collect();
        let mut err = 0;
        let p = clCreateProgramWithSource(
            ctx,
            ptrs.len() as u32,
            ptrs.as_ptr(),
            lens.as_ptr(),
            &mut err,
        );
        assert_eq!(err, CL_SUCCESS);
        p
    }

    fn build(p: cl_program, options: &str) -> cl_int {
        let opts = std::ffi::CString::new(options).unwrap();
        clBuildProgram(p, 0, null(), opts.as_ptr(), None, null_mut())
    }

    fn query(f: impl Fn(usize, *mut c_void, *mut usize) -> cl_int) -> Vec<u8> {
        let mut size = 0;
        assert_eq!(f(0, null_mut(), &mut size), CL_SUCCESS);
        let mut buf = vec![0u8; size];
        assert_eq!(
            f(size, buf.as_mut_ptr() as *mut c_void, null_mut()),
            CL_SUCCESS
        );
        buf
    }

    /// `CL_PROGRAM_BINARY_TYPE` of `p` on `device`.
    fn binary_type(p: cl_program, device: cl_device_id) -> u64 {
        let kind =
            query(|s, v, r| clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, s, v, r));
        u64::from(u32::from_ne_bytes(kind.try_into().unwrap()))
    }

    /// The program's binary, saved the way applications do.
    fn saved_binary(p: cl_program) -> Vec<u8> {
        let sizes = query(|s, v, r| clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, s, v, r));
        let size = usize::from_ne_bytes(sizes.try_into().unwrap());
        let mut binary = vec![0u8; size];
        let mut ptrs = [binary.as_mut_ptr()];
        assert_eq!(
            clGetProgramInfo(
                p,
                CL_PROGRAM_BINARIES,
                8,
                ptrs.as_mut_ptr() as *mut c_void,
                null_mut()
            ),
            CL_SUCCESS
        );
        binary
    }

    /// A program created from a saved binary.
    fn reloaded(ctx: cl_context, device: cl_device_id, binary: &[u8]) -> cl_program {
        let (mut err, mut status) = (0, 0);
        let lens = [binary.len()];
        let bins = [binary.as_ptr()];
        let q = clCreateProgramWithBinary(
            ctx,
            1,
            &device,
            lens.as_ptr(),
            bins.as_ptr(),
            &mut status,
            &mut err,
        );
        assert_eq!((err, status), (CL_SUCCESS, CL_SUCCESS));
        q
    }

    fn text(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes)
            .unwrap()
            .trim_end_matches('\0')
            .to_string()
    }

    fn kernel(p: cl_program, name: &str) -> Result<cl_kernel, cl_int> {
        let name = std::ffi::CString::new(name).unwrap();
        let mut err = 0;
        let k = clCreateKernel(p, name.as_ptr(), &mut err);
        if err == CL_SUCCESS {
            Ok(k)
        } else {
            Err(err)
        }
    }

    /// Everything clGetKernelArgInfo says about every argument of `k`.
    fn arg_infos(k: cl_kernel) -> Vec<(Vec<u8>, Vec<u8>, String, String)> {
        let n = u32::from_ne_bytes(
            query(|s, v, r| clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, s, v, r))
                .try_into()
                .unwrap(),
        );
        (0..n)
            .map(|i| {
                let q = |param| query(|s, v, r| clGetKernelArgInfo(k, i, param, s, v, r));
                (
                    q(CL_KERNEL_ARG_ADDRESS_QUALIFIER),
                    q(CL_KERNEL_ARG_TYPE_QUALIFIER),
                    text(q(CL_KERNEL_ARG_TYPE_NAME)),
                    text(q(CL_KERNEL_ARG_NAME)),
                )
            })
            .collect()
    }

    #[test]
    fn binaries_reload_with_the_same_kernels_and_arguments() {
        let (ctx, device) = context();
        let (first, rest) = SOURCE.split_at(40);
        let p = from_source(ctx, &[first, rest]);
        assert_eq!(build(p, "-cl-kernel-arg-info"), CL_SUCCESS);
        let status =
            query(|s, v, r| clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, s, v, r));
        assert_eq!(
            i32::from_ne_bytes(status.try_into().unwrap()),
            CL_BUILD_SUCCESS
        );
        assert_eq!(
            text(query(|s, v, r| clGetProgramInfo(
                p,
                CL_PROGRAM_SOURCE,
                s,
                v,
                r
            ))),
            SOURCE
        );
        let names = text(query(|s, v, r| {
            clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, s, v, r)
        }));
        let binary = saved_binary(p);
        assert!(binary.starts_with(b"\x7fELF"));
        let q = reloaded(ctx, device, &binary);
        assert_eq!(
            kernel(q, "scale").unwrap_err(),
            CL_INVALID_PROGRAM_EXECUTABLE
        );
        assert_eq!(build(q, ""), CL_SUCCESS);
        assert_eq!(
            text(query(|s, v, r| clGetProgramInfo(
                q,
                CL_PROGRAM_KERNEL_NAMES,
                s,
                v,
                r
            ))),
            names
        );
        let (a, b) = (kernel(p, "scale").unwrap(), kernel(q, "scale").unwrap());
        let infos = arg_infos(a);
        assert_eq!(infos, arg_infos(b));
        assert_eq!(infos[0].2, "float*");
        assert_eq!(infos[0].3, "data");
        assert_eq!(
            u64::from_ne_bytes(infos[0].1.clone().try_into().unwrap()),
            CL_KERNEL_ARG_TYPE_RESTRICT
        );
        assert_eq!(
            u32::from_ne_bytes(infos[1].0.clone().try_into().unwrap()),
            CL_KERNEL_ARG_ADDRESS_CONSTANT
        );
        assert_eq!(infos[2].2, "Pair");
        assert_eq!(
            u32::from_ne_bytes(infos[3].0.clone().try_into().unwrap()),
            CL_KERNEL_ARG_ADDRESS_LOCAL
        );
        // The binary type of the reloaded program.
        assert_eq!(binary_type(q, device), CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
        // A program with kernels attached cannot be rebuilt.
        assert_eq!(build(p, ""), CL_INVALID_OPERATION);
        for k in [a, b] {
            assert_eq!(clReleaseKernel(k), CL_SUCCESS);
        }
        assert_eq!(build(p, ""), CL_SUCCESS);
        assert_eq!(clReleaseProgram(p), CL_SUCCESS);
        assert_eq!(clReleaseProgram(q), CL_SUCCESS);
    }

    #[test]
    fn build_errors_and_invalid_binaries() {
        let (ctx, device) = context();
        let p = from_source(ctx, &["__kernel void k(__global int *x) { x[0] = nope; }"]);
        assert_eq!(build(p, ""), CL_BUILD_PROGRAM_FAILURE);
        let log = text(query(|s, v, r| {
            clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, s, v, r)
        }));
        assert!(log.contains("undeclared identifier 'nope'"), "{log}");
        assert_eq!(build(p, "-cl-no-such-option"), CL_INVALID_BUILD_OPTIONS);
        assert_eq!(kernel(p, "k").unwrap_err(), CL_INVALID_PROGRAM_EXECUTABLE);
        let garbage = [0x7fu8, b'E', b'L', b'F', 2, 1, 1, 64];
        let (mut err, mut status) = (0, 0);
        let q = clCreateProgramWithBinary(
            ctx,
            1,
            &device,
            [garbage.len()].as_ptr(),
            [garbage.as_ptr()].as_ptr(),
            &mut status,
            &mut err,
        );
        assert!(q.is_null());
        assert_eq!((err, status), (CL_INVALID_BINARY, CL_INVALID_BINARY));
        let q = clCreateProgramWithBinary(
            ctx,
            1,
            &device,
            [0usize].as_ptr(),
            [garbage.as_ptr()].as_ptr(),
            &mut status,
            &mut err,
        );
        assert!(q.is_null());
        assert_eq!((err, status), (CL_INVALID_VALUE, CL_INVALID_VALUE));
    }

    #[test]
    fn kernel_arguments_and_work_group_info() {
        let (ctx, device) = context();
        let p = from_source(ctx, &[SOURCE]);
        assert_eq!(build(p, ""), CL_SUCCESS);
        assert_eq!(kernel(p, "missing").unwrap_err(), CL_INVALID_KERNEL_NAME);
        let k = kernel(p, "scale").unwrap();
        let mut err = 0;
        let buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, null_mut(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        let pair = [7i32.to_ne_bytes(), 2.5f32.to_ne_bytes()].concat();
        let set = |i: u32, size: usize, value: *const c_void| clSetKernelArg(k, i, size, value);
        assert_eq!(
            set(4, 8, &buffer as *const _ as *const c_void),
            CL_INVALID_ARG_INDEX
        );
        assert_eq!(
            set(0, 4, &buffer as *const _ as *const c_void),
            CL_INVALID_ARG_SIZE
        );
        assert_eq!(
            set(2, 12, pair.as_ptr() as *const c_void),
            CL_INVALID_ARG_SIZE
        );
        assert_eq!(set(2, 8, null()), CL_INVALID_ARG_VALUE);
        assert_eq!(
            set(3, 64, pair.as_ptr() as *const c_void),
            CL_INVALID_ARG_VALUE
        );
        assert_eq!(set(3, 0, null()), CL_INVALID_ARG_SIZE);
        let bogus = 12345usize as cl_mem;
        assert_eq!(
            set(1, 8, &bogus as *const _ as *const c_void),
            CL_INVALID_MEM_OBJECT
        );
        assert_eq!(set(0, 8, &buffer as *const _ as *const c_void), CL_SUCCESS);
        assert_eq!(set(1, 8, null()), CL_SUCCESS);
        assert_eq!(set(2, 8, pair.as_ptr() as *const c_void), CL_SUCCESS);
        let kern = get::<crate::core::kernel::Kernel>(k).unwrap();
        assert_eq!(kern.kernargs().err(), Some(CL_INVALID_KERNEL_ARGS));
        assert_eq!(set(3, 64 * 16, null()), CL_SUCCESS);
        // The kernarg image: buffer address, NULL, the struct, the LDS offset.
        let args = kern.kernargs().unwrap();
        let (bytes, lds) = (&args.bytes, args.group_segment_size);
        let mem = get::<crate::core::memory::MemObject>(buffer).unwrap();
        let offsets: Vec<usize> = kern
            .explicit_args()
            .iter()
            .map(|a| a.offset as usize)
            .collect();
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        assert_eq!(word(offsets[0]), mem.location().0.address());
        assert_eq!(word(offsets[1]), 0);
        assert_eq!(&bytes[offsets[2]..offsets[2] + 8], pair.as_slice());
        let fixed = u64::from(kern.loaded().descriptor.group_segment_fixed_size);
        assert_eq!(
            u32::from_le_bytes(bytes[offsets[3]..offsets[3] + 4].try_into().unwrap()) as u64,
            fixed.next_multiple_of(16)
        );
        assert_eq!(lds, fixed.next_multiple_of(16) + 1024);
        // Work-group info with the kernel's true values.
        let wg = |param| query(|s, v, r| clGetKernelWorkGroupInfo(k, device, param, s, v, r));
        let compile: Vec<usize> = wg(CL_KERNEL_COMPILE_WORK_GROUP_SIZE)
            .chunks(8)
            .map(|c| usize::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(compile, [64, 1, 1]);
        assert_eq!(
            usize::from_ne_bytes(
                wg(CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE)
                    .try_into()
                    .unwrap()
            ),
            64
        );
        let private = u64::from_ne_bytes(wg(CL_KERNEL_PRIVATE_MEM_SIZE).try_into().unwrap());
        assert_eq!(
            private,
            u64::from(kern.loaded().metadata.private_segment_fixed_size)
        );
        assert!(private >= 160, "40 floats of private memory");
        assert_eq!(
            u64::from_ne_bytes(wg(CL_KERNEL_LOCAL_MEM_SIZE).try_into().unwrap()),
            fixed + 1024
        );
        let size = usize::from_ne_bytes(wg(CL_KERNEL_WORK_GROUP_SIZE).try_into().unwrap());
        assert!((64..=256).contains(&size) && size % 64 == 0, "{size}");
        // clCreateKernelsInProgram.
        let mut count = 0;
        assert_eq!(
            clCreateKernelsInProgram(p, 0, null_mut(), &mut count),
            CL_SUCCESS
        );
        assert_eq!(count, 2);
        let mut ks = [null_mut(); 2];
        assert_eq!(
            clCreateKernelsInProgram(p, 1, ks.as_mut_ptr(), null_mut()),
            CL_INVALID_VALUE
        );
        assert_eq!(
            clCreateKernelsInProgram(p, 2, ks.as_mut_ptr(), null_mut()),
            CL_SUCCESS
        );
        let name = text(query(|s, v, r| {
            clGetKernelInfo(ks[1], CL_KERNEL_FUNCTION_NAME, s, v, r)
        }));
        assert_eq!(name, "second");
        let attrs = text(query(|s, v, r| {
            clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, s, v, r)
        }));
        assert_eq!(attrs, "reqd_work_group_size(64,1,1)");
        // The kernel does not keep its buffer argument alive: releasing the buffer destroys
        // it (its destructor callback runs) and a launch then finds the argument invalid.
        drop(args);
        assert_eq!(
            clSetMemObjectDestructorCallback(buffer, Some(note_destroyed), null_mut()),
            CL_SUCCESS
        );
        assert_eq!(clReleaseMemObject(buffer), CL_SUCCESS);
        assert!(BUFFER_DESTROYED.load(std::sync::atomic::Ordering::SeqCst));
        assert_eq!(kern.kernargs().err(), Some(CL_INVALID_KERNEL_ARGS));
    }

    static BUFFER_DESTROYED: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(false);
    extern "C" fn note_destroyed(_mem: cl_mem, _user_data: *mut c_void) {
        BUFFER_DESTROYED.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    #[test]
    fn compile_and_link() {
        let (ctx, device) = context();
        let header = from_source(ctx, &["float twice(float x);"]);
        let main = from_source(
            ctx,
            &["#include \"twice.h\"\n__kernel void k(__global float *x) { x[0] = twice(x[1]); }"],
        );
        let helper = from_source(ctx, &["float twice(float x) { return 2.0f * x; }"]);
        let name = std::ffi::CString::new("twice.h").unwrap();
        let names = [name.as_ptr()];
        assert_eq!(
            clCompileProgram(
                main,
                0,
                null(),
                null(),
                1,
                &header,
                names.as_ptr(),
                None,
                null_mut()
            ),
            CL_SUCCESS
        );
        assert_eq!(
            clCompileProgram(
                helper,
                0,
                null(),
                null(),
                0,
                null(),
                null(),
                None,
                null_mut()
            ),
            CL_SUCCESS
        );
        assert_eq!(
            binary_type(main, device),
            CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
        );
        let mut err = 0;
        let inputs = [main, helper];
        let linked = clLinkProgram(
            ctx,
            0,
            null(),
            null(),
            2,
            inputs.as_ptr(),
            None,
            null_mut(),
            &mut err,
        );
        assert_eq!(err, CL_SUCCESS);
        assert!(kernel(linked, "k").is_ok());
        // A library stays a library when its binary is saved and reloaded, and links.
        let options = std::ffi::CString::new("-create-library").unwrap();
        let library = clLinkProgram(
            ctx,
            0,
            null(),
            options.as_ptr(),
            1,
            [helper].as_ptr(),
            None,
            null_mut(),
            &mut err,
        );
        assert_eq!(err, CL_SUCCESS);
        assert_eq!(binary_type(library, device), CL_PROGRAM_BINARY_TYPE_LIBRARY);
        let library = reloaded(ctx, device, &saved_binary(library));
        assert_eq!(binary_type(library, device), CL_PROGRAM_BINARY_TYPE_LIBRARY);
        let object = reloaded(ctx, device, &saved_binary(main));
        assert_eq!(
            binary_type(object, device),
            CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
        );
        let relinked = clLinkProgram(
            ctx,
            0,
            null(),
            null(),
            2,
            [object, library].as_ptr(),
            None,
            null_mut(),
            &mut err,
        );
        assert_eq!(err, CL_SUCCESS);
        assert!(kernel(relinked, "k").is_ok());
        let lonely = clLinkProgram(
            ctx,
            0,
            null(),
            null(),
            1,
            [main].as_ptr(),
            None,
            null_mut(),
            &mut err,
        );
        assert!(lonely.is_null());
        assert_eq!(err, CL_LINK_PROGRAM_FAILURE);
    }
}
