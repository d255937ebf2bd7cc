//! Kernels: creation from built programs, argument setting checked against the code
//! object's metadata, and the kernel, work-group and argument queries.

use super::handle::{get, get_arc, handle_of, new_handle, reference_count, release, retain};
use super::params::{c_str, check, info, slice, write_info, write_list};
use super::CLResult;
use crate::core::device::Device;
use crate::core::kernel::{ArgValue, Kernel};
use crate::core::memory::MemObject;
use crate::core::program::Program;
use crate::core::sampler::Sampler;
use crate::{create_entry, entry};
use cl_sys::*;
use sim_core::loader::{AddressSpace, ArgKind, KernelArg};
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// The value `clSetKernelArg` was given for `arg`, checked as the spec says.
fn checked_arg(
    kernel: &Kernel,
    arg: &KernelArg,
    arg_size: usize,
    arg_value: *const c_void,
) -> CLResult<ArgValue> {
    match arg.kind {
        ArgKind::GlobalBuffer => {
            // CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type for
            // an argument that is a memory object.
            check(
                arg_size != std::mem::size_of::<cl_mem>(),
                CL_INVALID_ARG_SIZE,
            )?;
            // A NULL arg_value, or a NULL cl_mem, sets a NULL buffer.
            let handle = slice(arg_value as *const cl_mem, 1)
                .first()
                .copied()
                .unwrap_or(std::ptr::null_mut());
            if handle.is_null() {
                return Ok(ArgValue::Buffer(None));
            }
            // CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the
            // specified arg_value is not a valid memory object.
            let mem = get_arc::<MemObject>(handle)?;
            check(
                mem.image.is_some() || !Arc::ptr_eq(&mem.context, &kernel.program.context),
                CL_INVALID_MEM_OBJECT,
            )?;
            Ok(ArgValue::Buffer(Some(Arc::downgrade(&mem))))
        }
        ArgKind::DynamicSharedPointer => {
            // CL_INVALID_ARG_VALUE if the argument is declared with the local qualifier and
            // arg_value is not NULL.
            check(!arg_value.is_null(), CL_INVALID_ARG_VALUE)?;
            // CL_INVALID_ARG_SIZE if arg_size is zero and the argument is declared with the
            // local qualifier.
            check(arg_size == 0, CL_INVALID_ARG_SIZE)?;
            Ok(ArgValue::Local(arg_size))
        }
        ArgKind::ByValue => {
            // CL_INVALID_ARG_VALUE if arg_value specified is NULL for an argument that is not
            // declared with the local qualifier.
            check(arg_value.is_null(), CL_INVALID_ARG_VALUE)?;
            // CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type.
            check(arg_size != arg.size as usize, CL_INVALID_ARG_SIZE)?;
            Ok(ArgValue::Bytes(
                slice(arg_value as *const u8, arg_size).to_vec(),
            ))
        }
        ArgKind::Image => {
            // CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type for
            // an argument that is a memory object.
            check(
                arg_size != std::mem::size_of::<cl_mem>(),
                CL_INVALID_ARG_SIZE,
            )?;
            // CL_INVALID_ARG_VALUE if arg_value specified is not a valid value.
            check(arg_value.is_null(), CL_INVALID_ARG_VALUE)?;
            let handle = slice(arg_value as *const cl_mem, 1)[0];
            // CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the
            // specified arg_value is not a valid memory object.
            let mem = get_arc::<MemObject>(handle)?;
            check(
                mem.image.is_none() || !Arc::ptr_eq(&mem.context, &kernel.program.context),
                CL_INVALID_MEM_OBJECT,
            )?;
            Ok(ArgValue::Image(Arc::downgrade(&mem)))
        }
        ArgKind::Sampler => {
            // CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type.
            check(
                arg_size != std::mem::size_of::<cl_sampler>(),
                CL_INVALID_ARG_SIZE,
            )?;
            check(arg_value.is_null(), CL_INVALID_SAMPLER)?;
            // CL_INVALID_SAMPLER for an argument declared to be of type sampler_t when the
            // specified arg_value is not a valid sampler object.
            let sampler = get_arc::<Sampler>(slice(arg_value as *const cl_sampler, 1)[0])?;
            check(
                !Arc::ptr_eq(&sampler.context, &kernel.program.context),
                CL_INVALID_SAMPLER,
            )?;
            Ok(ArgValue::Sampler(sampler))
        }
        // Pipes and device queues are not supported by gcnsim.
        _ => Err(CL_INVALID_ARG_VALUE),
    }
}

/// `CL_KERNEL_ATTRIBUTES`: the kernel's attributes as OpenCL C spells them.
fn attributes(kernel: &Kernel) -> String {
    let m = &kernel.loaded().metadata;
    let mut out = Vec::new();
    if let Some([x, y, z]) = m.reqd_workgroup_size {
        out.push(format!("reqd_work_group_size({x},{y},{z})"));
    }
    if let Some([x, y, z]) = m.workgroup_size_hint {
        out.push(format!("work_group_size_hint({x},{y},{z})"));
    }
    if let Some(t) = &m.vec_type_hint {
        out.push(format!("vec_type_hint({t})"));
    }
    out.join(" ")
}

fn kernel_info(kernel: &Kernel, param_name: cl_kernel_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_KERNEL_FUNCTION_NAME => info(kernel.loaded().name()),
        CL_KERNEL_NUM_ARGS => info(&(kernel.explicit_args().len() as u32)),
        CL_KERNEL_REFERENCE_COUNT => info(&reference_count(kernel)),
        CL_KERNEL_CONTEXT => info(&handle_of(&kernel.program.context)),
        CL_KERNEL_PROGRAM => info(&handle_of(&kernel.program)),
        CL_KERNEL_ATTRIBUTES => info(&attributes(kernel)),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// The device a per-device kernel query is about: `device`, or the kernel's only one.
pub(super) fn kernel_device(kernel: &Kernel, device: cl_device_id) -> CLResult<&Device> {
    let devices = &kernel.program.devices;
    // CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or
    // if device is NULL but there is more than one device associated with kernel.
    if device.is_null() {
        check(devices.len() != 1, CL_INVALID_DEVICE)?;
        return Ok(devices[0].as_ref());
    }
    let d = get::<Device>(device)?;
    kernel.program.device_index(d).ok_or(CL_INVALID_DEVICE)?;
    Ok(d)
}

fn work_group_info(
    kernel: &Kernel,
    device: &Device,
    param_name: cl_kernel_work_group_info,
) -> CLResult<Vec<u8>> {
    let k = kernel.loaded();
    Ok(match param_name {
        CL_KERNEL_WORK_GROUP_SIZE => info(&kernel.max_work_group_size(device)),
        CL_KERNEL_COMPILE_WORK_GROUP_SIZE => info(
            &k.metadata
                .reqd_workgroup_size
                .unwrap_or([0; 3])
                .map(|n| n as usize),
        ),
        CL_KERNEL_LOCAL_MEM_SIZE => info(&kernel.local_mem_bytes()),
        CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => info(&(k.metadata.wavefront_size as usize)),
        CL_KERNEL_PRIVATE_MEM_SIZE => info(&u64::from(k.descriptor.private_segment_fixed_size)),
        // CL_INVALID_VALUE if param_name is CL_KERNEL_GLOBAL_WORK_SIZE and device is not a
        // custom device and kernel is not a built-in kernel; or if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

fn arg_info(arg: &KernelArg, param_name: cl_kernel_arg_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_KERNEL_ARG_ADDRESS_QUALIFIER => info(&match arg.address_space {
            Some(AddressSpace::Global) => CL_KERNEL_ARG_ADDRESS_GLOBAL,
            Some(AddressSpace::Constant) => CL_KERNEL_ARG_ADDRESS_CONSTANT,
            Some(AddressSpace::Local) => CL_KERNEL_ARG_ADDRESS_LOCAL,
            _ => CL_KERNEL_ARG_ADDRESS_PRIVATE,
        }),
        CL_KERNEL_ARG_ACCESS_QUALIFIER => info(&CL_KERNEL_ARG_ACCESS_NONE),
        // CL_KERNEL_ARG_INFO_NOT_AVAILABLE if the argument information is not available.
        CL_KERNEL_ARG_TYPE_NAME => info(
            arg.type_name
                .as_deref()
                .ok_or(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)?,
        ),
        CL_KERNEL_ARG_NAME => info(
            arg.name
                .as_deref()
                .ok_or(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)?,
        ),
        CL_KERNEL_ARG_TYPE_QUALIFIER => {
            let constant = arg.is_const || arg.address_space == Some(AddressSpace::Constant);
            let bits = [
                (constant, CL_KERNEL_ARG_TYPE_CONST),
                (arg.is_restrict, CL_KERNEL_ARG_TYPE_RESTRICT),
                (arg.is_volatile, CL_KERNEL_ARG_TYPE_VOLATILE),
                (arg.is_pipe, CL_KERNEL_ARG_TYPE_PIPE),
            ];
            info(
                &bits
                    .iter()
                    .filter(|(on, _)| *on)
                    .fold(CL_KERNEL_ARG_TYPE_NONE, |acc, (_, b)| acc | b),
            )
        }
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

create_entry! {
    /// `clCreateKernel`.
    fn clCreateKernel(program: cl_program, kernel_name: *const c_char; errcode_ret) -> cl_kernel {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program = get_arc::<Program>(program)?;
        // CL_INVALID_VALUE if kernel_name is NULL.
        let name = c_str(kernel_name).ok_or(CL_INVALID_VALUE)?;
        Ok(new_handle(Kernel::new(program, &name.to_string_lossy())?))
    }

    /// `clCloneKernel`.
    fn clCloneKernel(source_kernel: cl_kernel; errcode_ret) -> cl_kernel {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        Ok(new_handle(get::<Kernel>(source_kernel)?.duplicate()))
    }
}

entry! {
    /// `clCreateKernelsInProgram`.
    fn clCreateKernelsInProgram(program: cl_program, num_kernels: cl_uint, kernels: *mut cl_kernel, num_kernels_ret: *mut cl_uint) {
        // CL_INVALID_PROGRAM if program is not a valid program object.
        let program = get_arc::<Program>(program)?;
        // CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable.
        let code = program.executable().ok_or(CL_INVALID_PROGRAM_EXECUTABLE)?;
        // CL_INVALID_VALUE if kernels is not NULL and num_kernels is less than the number
        // of kernels in program.
        check(!kernels.is_null() && (num_kernels as usize) < code.kernels.len(), CL_INVALID_VALUE)?;
        let handles: Vec<cl_kernel> = if kernels.is_null() {
            vec![std::ptr::null_mut(); code.kernels.len()]
        } else {
            (0..code.kernels.len()).map(|i| new_handle(Kernel::at(program.clone(), code.clone(), i))).collect()
        };
        write_list(&handles, num_kernels, kernels, num_kernels_ret);
        Ok(())
    }

    /// `clRetainKernel`.
    fn clRetainKernel(kernel: cl_kernel) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        retain::<Kernel>(kernel)
    }

    /// `clReleaseKernel`.
    fn clReleaseKernel(kernel: cl_kernel) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        release::<Kernel>(kernel)
    }

    /// `clSetKernelArg`.
    fn clSetKernelArg(kernel: cl_kernel, arg_index: cl_uint, arg_size: usize, arg_value: *const c_void) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        let kernel = get::<Kernel>(kernel)?;
        let args = kernel.explicit_args();
        // CL_INVALID_ARG_INDEX if arg_index is not a valid argument index.
        let arg = args.get(arg_index as usize).ok_or(CL_INVALID_ARG_INDEX)?;
        let value = checked_arg(kernel, arg, arg_size, arg_value)?;
        kernel.set_arg(arg_index as usize, value);
        Ok(())
    }

    /// `clGetKernelInfo`.
    fn clGetKernelInfo(kernel: cl_kernel, param_name: cl_kernel_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        let kernel = get::<Kernel>(kernel)?;
        write_info(kernel_info(kernel, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clGetKernelWorkGroupInfo`.
    fn clGetKernelWorkGroupInfo(kernel: cl_kernel, device: cl_device_id, param_name: cl_kernel_work_group_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        let kernel = get::<Kernel>(kernel)?;
        let device = kernel_device(kernel, device)?;
        write_info(work_group_info(kernel, device, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clGetKernelArgInfo`.
    fn clGetKernelArgInfo(kernel: cl_kernel, arg_indx: cl_uint, param_name: cl_kernel_arg_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        let kernel = get::<Kernel>(kernel)?;
        let args = kernel.explicit_args();
        // CL_INVALID_ARG_INDEX if arg_indx is not a valid argument index.
        let arg = args.get(arg_indx as usize).ok_or(CL_INVALID_ARG_INDEX)?;
        write_info(arg_info(arg, param_name), param_value_size, param_value, param_value_size_ret)
    }
}
