//! Sub-group queries (`clGetKernelSubGroupInfo`, and `clGetKernelSubGroupInfoKHR` of
//! `cl_khr_subgroups`): a sub-group is a wavefront of 64 work-items, numbered by local
//! linear id, so a work-group of n work-items has ⌈n / 64⌉ sub-groups.

use super::handle::get;
use super::kernel::kernel_device;
use super::params::{check, info, slice, write_info};
use super::CLResult;
use crate::core::device::Device;
use crate::core::kernel::Kernel;
use crate::entry;
use cl_sys::*;
use std::ffi::c_void;

/// The answer to `param_name` for `kernel` on `device`, given `input` (the query's input
/// value as `size_t`s) and the `param_value_size` the application passed.
fn sub_group_info(
    kernel: &Kernel,
    device: &Device,
    param_name: cl_kernel_sub_group_info,
    input: &[usize],
    param_value_size: usize,
) -> CLResult<Vec<u8>> {
    let wave = device.config.wavefront_size as usize;
    let max_group = kernel.max_work_group_size(device);
    // The work-group size of a local size given as input (1 to 3 dimensions).
    let local_items = || -> CLResult<usize> {
        // CL_INVALID_VALUE if param_name is CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE
        // [or CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE] and the size in bytes specified by
        // input_value_size is not valid or if input_value is NULL.
        check(!(1..=3).contains(&input.len()), CL_INVALID_VALUE)?;
        Ok(input.iter().product())
    };
    Ok(match param_name {
        CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE => info(&local_items()?.min(wave)),
        CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE => info(&local_items()?.div_ceil(wave)),
        CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT => {
            // CL_INVALID_VALUE if ... input_value is NULL (one size_t: the count).
            let &[count] = input else {
                return Err(CL_INVALID_VALUE);
            };
            // A local size of as many dimensions as the output has room for; all zeros
            // if no work-group size gives exactly `count` sub-groups.
            let dims = (param_value_size / std::mem::size_of::<usize>()).clamp(1, 3);
            let items = count.saturating_mul(wave);
            let mut local = vec![0usize; dims];
            if count > 0 && items <= max_group {
                local.fill(1);
                local[0] = items;
            }
            info(local.as_slice())
        }
        CL_KERNEL_MAX_NUM_SUB_GROUPS => info(&max_group.div_ceil(wave)),
        // No kernel attribute fixes the number of sub-groups.
        CL_KERNEL_COMPILE_NUM_SUB_GROUPS => info(&0usize),
        // CL_INVALID_VALUE if param_name is not one of the supported values.
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// The shared body of both entry points.
#[allow(clippy::too_many_arguments)]
fn get_sub_group_info(
    kernel: cl_kernel,
    device: cl_device_id,
    param_name: cl_kernel_sub_group_info,
    input_value_size: usize,
    input_value: *const c_void,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> CLResult<()> {
    // CL_INVALID_KERNEL if kernel is not a valid kernel object.
    let kernel = get::<Kernel>(kernel)?;
    let device = kernel_device(kernel, device)?;
    let word = std::mem::size_of::<usize>();
    // CL_INVALID_VALUE if ... the size in bytes specified by input_value_size is not
    // valid (not whole size_t values).
    check(!input_value_size.is_multiple_of(word), CL_INVALID_VALUE)?;
    let input = slice(input_value.cast::<usize>(), input_value_size / word);
    write_info(
        sub_group_info(kernel, device, param_name, input, param_value_size),
        param_value_size,
        param_value,
        param_value_size_ret,
    )
}

entry! {
    /// `clGetKernelSubGroupInfo` (OpenCL 2.1).
    fn clGetKernelSubGroupInfo(kernel: cl_kernel, device: cl_device_id, param_name: cl_kernel_sub_group_info, input_value_size: usize, input_value: *const c_void, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        get_sub_group_info(kernel, device, param_name, input_value_size, input_value, param_value_size, param_value, param_value_size_ret)
    }

    /// `clGetKernelSubGroupInfoKHR` (`cl_khr_subgroups`): as `clGetKernelSubGroupInfo`.
    fn clGetKernelSubGroupInfoKHR(kernel: cl_kernel, device: cl_device_id, param_name: cl_kernel_sub_group_info, input_value_size: usize, input_value: *const c_void, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        get_sub_group_info(kernel, device, param_name, input_value_size, input_value, param_value_size, param_value, param_value_size_ret)
    }
}
