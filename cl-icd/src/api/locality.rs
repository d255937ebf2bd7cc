//! `cl_gcnsim_locality`, gcnsim's Locality API for unified multi-GPU devices (MGPUSim's
//! Locality API; header `include/CL/cl_gcnsim.h`): where a buffer's pages live and which
//! GPU runs which work-groups of a kernel's launches.

use super::handle::get;
use super::params::{check, slice};
use super::CLResult;
use crate::core::kernel::Kernel;
use crate::core::memory::MemObject;
use crate::core::platform::Platform;
use crate::entry;
use cl_sys::*;

/// The number of GPUs of the platform's unified device, or the reason there is none.
fn unified_gpus() -> CLResult<usize> {
    let simulator = Platform::get()
        .simulator
        .as_ref()
        .ok_or(CL_INVALID_OPERATION)?;
    let platform = &simulator.settings().platform;
    if !platform.unified_gpus {
        simulator.print_message(
            "gcnsim: cl_gcnsim_locality needs a unified device (GCNSIM_UNIFIED=1): \
             CL_INVALID_OPERATION",
        );
        return Err(CL_INVALID_OPERATION);
    }
    Ok(platform.gpu_count)
}

entry! {
    /// `clSetMemObjectPlacementGCNSIM`: puts the pages holding bytes `[offset, offset +
    /// size)` of `buffer` on GPU `gpu` of the unified device.
    fn clSetMemObjectPlacementGCNSIM(buffer: cl_mem, offset: usize, size: usize, gpu: cl_uint) {
        let mem = get::<MemObject>(buffer)?;
        check(mem.image.is_some(), CL_INVALID_MEM_OBJECT)?;
        let end = offset.checked_add(size).ok_or(CL_INVALID_VALUE)?;
        check(size == 0 || end as u64 > mem.size, CL_INVALID_VALUE)?;
        check(mem.uses_svm(), CL_INVALID_OPERATION)?;
        let gpus = unified_gpus()?;
        check(gpu as usize >= gpus, CL_INVALID_VALUE)?;
        let (bytes, base) = mem.location();
        let simulator = Platform::get().simulator.as_ref().ok_or(CL_INVALID_OPERATION)?;
        simulator
            .place_pages(0, bytes.address() + base + offset as u64, size as u64, gpu as usize)
            .map_err(|_| CL_INVALID_VALUE)?;
        Ok(())
    }

    /// `clSetKernelWorkGroupSplitGCNSIM`: the work-groups per GPU of `kernel`'s launches
    /// on the unified device (`num_gpus` 0: the default split).
    fn clSetKernelWorkGroupSplitGCNSIM(kernel: cl_kernel, num_gpus: cl_uint, workgroups_per_gpu: *const usize) {
        let kernel = get::<Kernel>(kernel)?;
        if num_gpus == 0 {
            kernel.set_workgroup_split(None);
            return Ok(());
        }
        check(workgroups_per_gpu.is_null(), CL_INVALID_VALUE)?;
        check(num_gpus as usize > unified_gpus()?, CL_INVALID_VALUE)?;
        let counts = slice(workgroups_per_gpu, num_gpus as usize);
        kernel.set_workgroup_split(Some(counts.iter().map(|&n| n as u64).collect()));
        Ok(())
    }
}
