//! Shared virtual memory (OpenCL 2.0): `clSVMAlloc`/`clSVMFree`, SVM kernel arguments and
//! the SVM commands. Coarse- and fine-grained SVM buffers are both host memory mapped at the
//! same address on every simulated GPU, so the memory is always coherent: map and unmap
//! are synchronisation points that move no data. Fine-grained system SVM (any host
//! pointer) and SVM atomics are not supported.

use super::context::UserData;
use super::entry::guard;
use super::event::wait_list;
use super::handle::{get, get_arc, handle_of};
use super::params::{check, slice, HostRegion};
use super::queue::enqueue;
use super::CLResult;
use crate::core::context::Context;
use crate::core::kernel::{ArgValue, Kernel};
use crate::core::queue::{Queue, Work};
use crate::core::svm;
use crate::entry;
use cl_sys::*;
use sim_core::loader::ArgKind;
use std::ffi::c_void;

/// `CL_DEVICE_SVM_CAPABILITIES`: coarse- and fine-grained buffers; no system SVM, no SVM
/// atomics (64-bit device atomics are not atomic with respect to host atomics).
pub const SVM_CAPABILITIES: u64 =
    CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER;

/// Largest alignment `clSVMAlloc` accepts.
const MAX_SVM_ALIGNMENT: u64 = 1 << 20;

/// Alignment of an allocation made with alignment 0: the largest OpenCL C type (long16).
const DEFAULT_SVM_ALIGNMENT: u64 = 128;

/// A `pfn_free_func` of `clEnqueueSVMFree`.
type SvmFreeNotify =
    Option<extern "C" fn(cl_command_queue, cl_uint, *mut *mut c_void, *mut c_void)>;

/// The checked body of `clSVMAlloc`: the address of the new allocation.
fn svm_alloc(
    context: cl_context,
    flags: cl_svm_mem_flags,
    size: usize,
    alignment: cl_uint,
) -> CLResult<u64> {
    // NULL if context is not a valid context.
    let context = get_arc::<Context>(context)?;
    // NULL if flags does not contain valid values: at most one access flag, and
    // CL_MEM_SVM_ATOMICS only with CL_MEM_SVM_FINE_GRAIN_BUFFER.
    let access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
    check(
        flags & !(access | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS) != 0,
        CL_INVALID_VALUE,
    )?;
    check((flags & access).count_ones() > 1, CL_INVALID_VALUE)?;
    check(
        flags & CL_MEM_SVM_ATOMICS != 0 && flags & CL_MEM_SVM_FINE_GRAIN_BUFFER == 0,
        CL_INVALID_VALUE,
    )?;
    // NULL if CL_MEM_SVM_ATOMICS is specified and no device in context supports SVM
    // atomics.
    check(flags & CL_MEM_SVM_ATOMICS != 0, CL_INVALID_OPERATION)?;
    // NULL if size is 0 or > CL_DEVICE_MAX_MEM_ALLOC_SIZE value for any device in context.
    check(
        size == 0 || size as u64 > context.max_alloc_bytes(),
        CL_INVALID_VALUE,
    )?;
    // NULL if alignment is not a power of two or the OpenCL implementation cannot support
    // the specified alignment for at least one device in context.
    let alignment = match u64::from(alignment) {
        0 => DEFAULT_SVM_ALIGNMENT,
        a => a,
    };
    check(
        !alignment.is_power_of_two() || alignment > MAX_SVM_ALIGNMENT,
        CL_INVALID_VALUE,
    )?;
    svm::allocate(&context, size as u64, alignment).map_err(|e| {
        eprintln!("gcnsim: clSVMAlloc: {e}");
        CL_OUT_OF_HOST_MEMORY
    })
}

/// `clSVMAlloc`: host memory mapped at its own address on every GPU, or NULL.
#[allow(non_snake_case)]
pub extern "C" fn clSVMAlloc(
    context: cl_context,
    flags: cl_svm_mem_flags,
    size: usize,
    alignment: cl_uint,
) -> *mut c_void {
    guard("clSVMAlloc", || svm_alloc(context, flags, size, alignment))
        .map_or(std::ptr::null_mut(), |address| address as *mut c_void)
}

/// `clSVMFree`: frees an allocation of `clSVMAlloc` at once (the application waits for the
/// commands that use it). NULL, or a pointer this context did not allocate, does nothing.
#[allow(non_snake_case)]
pub extern "C" fn clSVMFree(context: cl_context, svm_pointer: *mut c_void) {
    let _ = guard("clSVMFree", || {
        let context = get::<Context>(context)?;
        svm::free(context, svm_pointer as u64);
        Ok(())
    });
}

/// The SVM command of `command_type` running `work` on `command_queue` after its wait list.
fn enqueue_svm(
    command_queue: cl_command_queue,
    command_type: cl_command_type,
    blocking: bool,
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
    work: Work,
) -> CLResult<()> {
    // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.
    let queue = get_arc::<Queue>(command_queue)?;
    // CL_INVALID_EVENT_WAIT_LIST / CL_INVALID_CONTEXT for a bad wait list.
    let wait_for = wait_list(&queue, wait.0, wait.1)?;
    enqueue(&queue, command_type, wait_for, blocking, event, work)
}

/// Checks that `ptr..ptr + size` lies in one SVM allocation of `command_queue`'s context.
fn check_svm_region(
    command_queue: cl_command_queue,
    ptr: *const c_void,
    size: usize,
) -> CLResult<()> {
    let queue = get::<Queue>(command_queue)?;
    // CL_INVALID_VALUE if svm_ptr is NULL, or (gcnsim has no system SVM) the region is not
    // inside an SVM allocation of the queue's context.
    check(
        ptr.is_null() || !svm::contains(&queue.context, ptr as u64, size as u64),
        CL_INVALID_VALUE,
    )
}

/// Whether the byte ranges `a..a + len` and `b..b + len` overlap.
fn overlap(a: usize, b: usize, len: usize) -> bool {
    a < b.saturating_add(len) && b < a.saturating_add(len)
}

entry! {
    /// `clSetKernelArgSVMPointer`: a global or constant pointer argument set to an SVM
    /// address (or any address inside an allocation, or NULL).
    fn clSetKernelArgSVMPointer(kernel: cl_kernel, arg_index: cl_uint, arg_value: *const c_void) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        let kernel = get::<Kernel>(kernel)?;
        let args = kernel.explicit_args();
        // CL_INVALID_ARG_INDEX if arg_index is not a valid argument index.
        let arg = args.get(arg_index as usize).ok_or(CL_INVALID_ARG_INDEX)?;
        // CL_INVALID_ARG_VALUE if arg_value specified is not a valid value (the argument is
        // not a pointer to global or constant memory).
        check(arg.kind != ArgKind::GlobalBuffer, CL_INVALID_ARG_VALUE)?;
        let address = arg_value as u64;
        kernel.set_arg(arg_index as usize, ArgValue::Bytes(address.to_le_bytes().to_vec()));
        Ok(())
    }

    /// `clSetKernelExecInfo`: every SVM allocation is mapped on every GPU, so the list of
    /// indirectly used SVM pointers needs no action; fine-grained system SVM is refused.
    fn clSetKernelExecInfo(kernel: cl_kernel, param_name: cl_kernel_exec_info, param_value_size: usize, param_value: *const c_void) {
        // CL_INVALID_KERNEL if kernel is not a valid kernel object.
        get::<Kernel>(kernel)?;
        // CL_INVALID_VALUE if param_value is NULL.
        check(param_value.is_null(), CL_INVALID_VALUE)?;
        match param_name {
            CL_KERNEL_EXEC_INFO_SVM_PTRS => {
                // CL_INVALID_VALUE if param_value_size is not valid (a whole number of
                // pointers).
                check(!param_value_size.is_multiple_of(std::mem::size_of::<*mut c_void>()), CL_INVALID_VALUE)
            }
            CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM => {
                // CL_INVALID_VALUE if param_value_size is not valid.
                check(param_value_size != std::mem::size_of::<cl_bool>(), CL_INVALID_VALUE)?;
                // CL_INVALID_OPERATION if param_name is CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM
                // and param_value is CL_TRUE but no devices in the context associated with
                // kernel support fine-grain system SVM allocations.
                let enable = slice(param_value as *const cl_bool, 1)[0];
                check(enable != CL_FALSE, CL_INVALID_OPERATION)
            }
            // CL_INVALID_VALUE if param_name is not valid.
            _ => Err(CL_INVALID_VALUE),
        }
    }

    /// `clEnqueueSVMMemcpy`: a copy between host and SVM memory, in either direction.
    fn clEnqueueSVMMemcpy(command_queue: cl_command_queue, blocking_copy: cl_bool, dst_ptr: *mut c_void, src_ptr: *const c_void, size: usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        // CL_INVALID_VALUE if dst_ptr or src_ptr is NULL.
        check(dst_ptr.is_null() || src_ptr.is_null(), CL_INVALID_VALUE)?;
        // CL_MEM_COPY_OVERLAP if the values specified for dst_ptr, src_ptr and size result
        // in an overlapping copy.
        check(overlap(dst_ptr as usize, src_ptr as usize, size), CL_MEM_COPY_OVERLAP)?;
        let (dst, src) = (HostRegion::new(dst_ptr, size), HostRegion::new(src_ptr, size));
        let work: Work = Box::new(move |_gpu| {
            dst.bytes_mut().copy_from_slice(src.bytes());
            Ok(0)
        });
        enqueue_svm(command_queue, CL_COMMAND_SVM_MEMCPY, blocking_copy != CL_FALSE, (num_events_in_wait_list, event_wait_list), event, work)
    }

    /// `clEnqueueSVMMemFill`: fills SVM memory with a repeated pattern.
    fn clEnqueueSVMMemFill(command_queue: cl_command_queue, svm_ptr: *mut c_void, pattern: *const c_void, pattern_size: usize, size: usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        check_svm_region(command_queue, svm_ptr, size)?;
        // CL_INVALID_VALUE if pattern is NULL or if pattern_size is 0 or if pattern_size
        // is not one of {1, 2, 4, 8, 16, 32, 64, 128}.
        check(pattern.is_null() || !pattern_size.is_power_of_two() || pattern_size > 128, CL_INVALID_VALUE)?;
        // CL_INVALID_VALUE if svm_ptr is not aligned to pattern_size bytes, or if size is
        // not a multiple of pattern_size.
        check(!(svm_ptr as usize).is_multiple_of(pattern_size) || !size.is_multiple_of(pattern_size), CL_INVALID_VALUE)?;
        let pattern = slice(pattern as *const u8, pattern_size).to_vec();
        let target = HostRegion::new(svm_ptr, size);
        let work: Work = Box::new(move |_gpu| {
            for chunk in target.bytes_mut().chunks_mut(pattern.len()) {
                chunk.copy_from_slice(&pattern);
            }
            Ok(0)
        });
        enqueue_svm(command_queue, CL_COMMAND_SVM_MEMFILL, false, (num_events_in_wait_list, event_wait_list), event, work)
    }

    /// `clEnqueueSVMMap`: the memory is coherent, so the command only orders the host's
    /// access after earlier commands.
    fn clEnqueueSVMMap(command_queue: cl_command_queue, blocking_map: cl_bool, flags: cl_map_flags, svm_ptr: *mut c_void, size: usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        // CL_INVALID_VALUE if size is 0 or if values specified in map_flags are not valid.
        check(size == 0, CL_INVALID_VALUE)?;
        check(flags & !(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0, CL_INVALID_VALUE)?;
        check(flags & CL_MAP_WRITE_INVALIDATE_REGION != 0 && flags & (CL_MAP_READ | CL_MAP_WRITE) != 0, CL_INVALID_VALUE)?;
        check_svm_region(command_queue, svm_ptr, size)?;
        enqueue_svm(command_queue, CL_COMMAND_SVM_MAP, blocking_map != CL_FALSE, (num_events_in_wait_list, event_wait_list), event, Box::new(|_| Ok(0)))
    }

    /// `clEnqueueSVMUnmap`: orders later commands after the host's access.
    fn clEnqueueSVMUnmap(command_queue: cl_command_queue, svm_ptr: *mut c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        check_svm_region(command_queue, svm_ptr, 1)?;
        enqueue_svm(command_queue, CL_COMMAND_SVM_UNMAP, false, (num_events_in_wait_list, event_wait_list), event, Box::new(|_| Ok(0)))
    }

    /// `clEnqueueSVMFree`: frees SVM allocations (or calls the application's function to)
    /// once earlier commands are done.
    fn clEnqueueSVMFree(command_queue: cl_command_queue, num_svm_pointers: cl_uint, svm_pointers: *mut *mut c_void, pfn_free_func: SvmFreeNotify, user_data: *mut c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        // CL_INVALID_VALUE if num_svm_pointers is 0 and svm_pointers is non-NULL, or if
        // svm_pointers is NULL and num_svm_pointers is not 0.
        check((num_svm_pointers == 0) != svm_pointers.is_null(), CL_INVALID_VALUE)?;
        let queue = get_arc::<Queue>(command_queue)?;
        let mut pointers: Vec<usize> = slice(svm_pointers as *const usize, num_svm_pointers as usize).to_vec();
        let user_data = UserData(user_data);
        let owner = queue.clone();
        let work: Work = Box::new(move |_gpu| {
            let data = user_data;
            match pfn_free_func {
                Some(f) => f(handle_of(&owner), pointers.len() as cl_uint, pointers.as_mut_ptr().cast(), data.0),
                None => {
                    for &p in &pointers {
                        svm::free(&owner.context, p as u64);
                    }
                }
            }
            Ok(0)
        });
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        enqueue(&queue, CL_COMMAND_SVM_FREE, wait_for, false, event, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::context::{clCreateContextFromType, clReleaseContext};
    use crate::api::queue::{clCreateCommandQueue, clFinish, clReleaseCommandQueue};
    use std::ptr::{null, null_mut};

    #[test]
    fn overlapping_copies_are_detected() {
        assert!(overlap(100, 100, 1));
        assert!(overlap(100, 150, 51));
        assert!(!overlap(100, 150, 50));
        assert!(!overlap(100, 100, 0));
        assert!(overlap(usize::MAX - 4, usize::MAX - 8, 8));
    }

    #[test]
    fn svm_memory_is_allocated_checked_filled_copied_and_freed() {
        let mut err = 1;
        let ctx = clCreateContextFromType(null(), CL_DEVICE_TYPE_GPU, None, null_mut(), &mut err);
        assert_eq!(err, CL_SUCCESS);
        let device = handle_of(&get::<Context>(ctx).unwrap().devices[0]);
        let q = clCreateCommandQueue(ctx, device, 0, &mut err);
        assert_eq!(err, CL_SUCCESS);
        let fine = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER;
        assert!(
            clSVMAlloc(ctx, fine | CL_MEM_SVM_ATOMICS, 64, 0).is_null(),
            "no SVM atomics"
        );
        assert!(clSVMAlloc(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0).is_null());
        assert!(
            clSVMAlloc(ctx, fine, 64, 48).is_null(),
            "alignment not a power of two"
        );
        assert!(clSVMAlloc(ctx, fine, 0, 0).is_null());
        assert!(clSVMAlloc(null_mut(), fine, 64, 0).is_null());
        let p = clSVMAlloc(ctx, fine, 10_000, 0);
        assert!(!p.is_null() && (p as usize).is_multiple_of(128));
        let context = get::<Context>(ctx).unwrap();
        assert!(svm::contains(context, p as u64 + 9_990, 10));
        assert!(!svm::contains(context, p as u64 + 9_990, 11));

        let pattern = [1u8, 2, 3, 4];
        let fill = |ptr: *mut c_void, size| {
            clEnqueueSVMMemFill(
                q,
                ptr,
                pattern.as_ptr().cast(),
                4,
                size,
                0,
                null(),
                null_mut(),
            )
        };
        assert_eq!(fill(p, 8_000), CL_SUCCESS);
        assert_eq!(
            fill(p.wrapping_add(2), 8),
            CL_INVALID_VALUE,
            "not aligned to the pattern"
        );
        assert_eq!(
            fill(p.wrapping_add(9_996), 8),
            CL_INVALID_VALUE,
            "beyond the allocation"
        );
        let mut out = vec![0u8; 8_004];
        assert_eq!(
            clEnqueueSVMMemcpy(
                q,
                CL_TRUE,
                out.as_mut_ptr().cast(),
                p,
                out.len(),
                0,
                null(),
                null_mut()
            ),
            CL_SUCCESS
        );
        assert!(out[..8_000].chunks(4).all(|c| c == pattern) && out[8_000..] == [0; 4]);
        assert_eq!(
            clEnqueueSVMMemcpy(q, CL_TRUE, p.wrapping_add(4), p, 8, 0, null(), null_mut()),
            CL_MEM_COPY_OVERLAP
        );
        assert_eq!(
            clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, p, 0, 0, null(), null_mut()),
            CL_INVALID_VALUE
        );
        assert_eq!(
            clEnqueueSVMMap(
                q,
                CL_TRUE,
                CL_MAP_READ,
                out.as_mut_ptr().cast(),
                4,
                0,
                null(),
                null_mut()
            ),
            CL_INVALID_VALUE,
            "not SVM"
        );
        assert_eq!(
            clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, p, 4, 0, null(), null_mut()),
            CL_SUCCESS
        );
        assert_eq!(clEnqueueSVMUnmap(q, p, 0, null(), null_mut()), CL_SUCCESS);

        let mut pointers = [p];
        assert_eq!(
            clEnqueueSVMFree(
                q,
                1,
                pointers.as_mut_ptr(),
                None,
                null_mut(),
                0,
                null(),
                null_mut()
            ),
            CL_SUCCESS
        );
        assert_eq!(clFinish(q), CL_SUCCESS);
        assert!(!svm::contains(context, p as u64, 1), "freed by the command");
        clSVMFree(ctx, p);
        assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
        assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
    }
}
