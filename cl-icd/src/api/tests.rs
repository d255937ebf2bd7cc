//! Unit tests of the API layer through its entry points (as the loader calls them).

use super::context::{clCreateContext, clGetContextInfo, clReleaseContext, clRetainContext};
use super::device::{clGetDeviceIDs, clGetDeviceInfo};
use super::event::{
    clCreateUserEvent, clGetEventInfo, clGetEventProfilingInfo, clReleaseEvent, clSetEventCallback,
    clSetUserEventStatus, clWaitForEvents,
};
use super::handle::{get, get_arc};
use super::icd::{self, IcdDispatch, DISPATCH, SLOT_NAMES};
use super::memory::{
    clCreateBuffer, clCreateSubBuffer, clEnqueueCopyBuffer, clEnqueueReadBuffer,
    clEnqueueWriteBuffer, clGetMemObjectInfo, clReleaseMemObject, clRetainMemObject,
    clSetMemObjectDestructorCallback,
};
use super::platform::{clGetPlatformIDs, clGetPlatformInfo};
use super::queue::{
    clCreateCommandQueue, clEnqueueMarker, clFinish, clReleaseCommandQueue, clRetainCommandQueue,
};
use crate::core::event::Event;
use crate::core::host::host_clock;
use crate::core::queue::Queue;
use cl_sys::*; // (constants and types; the entry points are ours, imported by name)
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn platform() -> cl_platform_id {
    let mut p = null_mut();
    assert_eq!(clGetPlatformIDs(1, &mut p, null_mut()), CL_SUCCESS);
    p
}

fn devices() -> Vec<cl_device_id> {
    let mut n = 0;
    assert_eq!(
        clGetDeviceIDs(platform(), CL_DEVICE_TYPE_GPU, 0, null_mut(), &mut n),
        CL_SUCCESS
    );
    let mut list = vec![null_mut(); n as usize];
    assert_eq!(
        clGetDeviceIDs(
            platform(),
            CL_DEVICE_TYPE_GPU,
            n,
            list.as_mut_ptr(),
            null_mut()
        ),
        CL_SUCCESS
    );
    list
}

fn context() -> cl_context {
    let devs = devices();
    let mut err = 1;
    let ctx = clCreateContext(
        null(),
        devs.len() as u32,
        devs.as_ptr(),
        None,
        null_mut(),
        &mut err,
    );
    assert_eq!(err, CL_SUCCESS);
    ctx
}

fn queue(ctx: cl_context, props: u64) -> cl_command_queue {
    let mut err = 1;
    let q = clCreateCommandQueue(ctx, devices()[0], props, &mut err);
    assert_eq!(err, CL_SUCCESS);
    q
}

fn buffer(ctx: cl_context, flags: u64, size: usize, host: *mut c_void) -> Result<cl_mem, cl_int> {
    let mut err = 1;
    let mem = clCreateBuffer(ctx, flags, size, host, &mut err);
    assert_eq!(mem.is_null(), err != CL_SUCCESS);
    if err == CL_SUCCESS {
        Ok(mem)
    } else {
        Err(err)
    }
}

fn info_u32(f: impl Fn(usize, *mut c_void, *mut usize) -> cl_int) -> u32 {
    let mut v = 0u32;
    assert_eq!(
        f(4, &mut v as *mut u32 as *mut c_void, null_mut()),
        CL_SUCCESS
    );
    v
}

fn mem_refcount(mem: cl_mem) -> u32 {
    info_u32(|s, v, r| clGetMemObjectInfo(mem, CL_MEM_REFERENCE_COUNT, s, v, r))
}

fn status(event: cl_event) -> i32 {
    info_u32(|s, v, r| clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, s, v, r)) as i32
}

#[test]
fn dispatch_table_matches_khronos_layout_and_has_no_empty_slot() {
    assert_eq!(
        std::mem::size_of::<IcdDispatch>(),
        SLOT_NAMES.len() * std::mem::size_of::<usize>()
    );
    // SAFETY: IcdDispatch is a repr(C) struct of pointer-sized slots only.
    let slots: &[usize] = unsafe {
        std::slice::from_raw_parts(
            &DISPATCH as *const IcdDispatch as *const usize,
            SLOT_NAMES.len(),
        )
    };
    assert!(slots.iter().all(|s| *s != 0));
    // Oracle: the Khronos header's cl_icd_dispatch, where installed.
    if let Ok(header) = std::fs::read_to_string("/usr/include/CL/cl_icd.h") {
        let table = &header[header.find("typedef struct _cl_icd_dispatch").unwrap()..];
        let table = &table[..table.find("} cl_icd_dispatch;").unwrap()];
        let names: Vec<&str> = table
            .split(';')
            .filter_map(|decl| decl.split_whitespace().last())
            .filter(|n| n.starts_with("cl"))
            .collect();
        assert_eq!(names, SLOT_NAMES);
    }
}

#[test]
fn loader_symbols_find_the_platform() {
    let name = c"clIcdGetPlatformIDsKHR";
    let f = icd::exports::clGetExtensionFunctionAddress(name.as_ptr());
    assert!(!f.is_null());
    assert!(icd::exports::clGetExtensionFunctionAddress(c"clNoSuchThing".as_ptr()).is_null());
    let mut n = 0;
    assert_eq!(
        icd::exports::clIcdGetPlatformIDsKHR(0, null_mut(), &mut n),
        CL_SUCCESS
    );
    assert_eq!(n, 1);
    assert_eq!(
        icd::exports::clIcdGetPlatformIDsKHR(0, null_mut(), null_mut()),
        CL_INVALID_VALUE
    );
}

#[test]
fn info_queries_report_size_and_reject_small_buffers() {
    let p = platform();
    let mut size = 0;
    assert_eq!(
        clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, 0, null_mut(), &mut size),
        CL_SUCCESS
    );
    let extensions = b"cl_khr_icd cl_gcnsim_locality\0";
    assert_eq!(size, extensions.len());
    let mut buf = vec![0u8; size];
    assert_eq!(
        clGetPlatformInfo(
            p,
            CL_PLATFORM_EXTENSIONS,
            size - 1,
            buf.as_mut_ptr().cast(),
            null_mut()
        ),
        CL_INVALID_VALUE
    );
    assert_eq!(
        clGetPlatformInfo(
            p,
            CL_PLATFORM_EXTENSIONS,
            size,
            buf.as_mut_ptr().cast(),
            null_mut()
        ),
        CL_SUCCESS
    );
    assert_eq!(&buf, extensions);
    assert_eq!(
        clGetPlatformInfo(p, 0xdead, 0, null_mut(), &mut size),
        CL_INVALID_VALUE
    );
    let dev = devices()[0];
    assert_eq!(
        info_u32(|s, v, r| clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, s, v, r)),
        64
    );
    assert_eq!(
        info_u32(|s, v, r| clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, s, v, r)),
        CL_TRUE
    );
    let mut sizes = [0usize; 3];
    assert_eq!(
        clGetDeviceInfo(
            dev,
            CL_DEVICE_MAX_WORK_ITEM_SIZES,
            24,
            sizes.as_mut_ptr().cast(),
            &mut size
        ),
        CL_SUCCESS
    );
    assert_eq!((sizes, size), ([256; 3], 24));
}

#[test]
fn invalid_handles_are_rejected_with_the_type_error() {
    let ctx = context();
    let q = queue(ctx, 0);
    assert_eq!(clRetainContext(null_mut()), CL_INVALID_CONTEXT);
    assert_eq!(clRetainContext(q), CL_INVALID_CONTEXT);
    assert_eq!(clRetainCommandQueue(ctx), CL_INVALID_COMMAND_QUEUE);
    assert_eq!(
        clGetDeviceInfo(ctx, CL_DEVICE_NAME, 0, null_mut(), null_mut()),
        CL_INVALID_DEVICE
    );
    let mut x = 0u64;
    assert_eq!(
        clRetainMemObject(&mut x as *mut u64 as cl_mem),
        CL_INVALID_MEM_OBJECT
    );
    assert_eq!(clReleaseEvent(q), CL_INVALID_EVENT);
    assert!(get::<crate::core::context::Context>(ctx).is_ok());
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(
        clReleaseCommandQueue(q),
        CL_INVALID_COMMAND_QUEUE,
        "released queue"
    );
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
    assert_eq!(
        clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, 0, null_mut(), null_mut()),
        CL_INVALID_CONTEXT
    );
}

#[test]
fn reference_counts_follow_retain_and_release() {
    let ctx = context();
    let refs = |c| info_u32(|s, v, r| clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, s, v, r));
    assert_eq!(refs(ctx), 1);
    assert_eq!(clRetainContext(ctx), CL_SUCCESS);
    assert_eq!(refs(ctx), 2);
    let mem = buffer(ctx, 0, 64, null_mut()).unwrap();
    assert_eq!(refs(ctx), 3, "the buffer keeps its context");
    assert_eq!(clReleaseMemObject(mem), CL_SUCCESS);
    assert_eq!(refs(ctx), 2);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_INVALID_CONTEXT);
}

static DESTROYED: AtomicUsize = AtomicUsize::new(0);
extern "C" fn count_destruction(_mem: cl_mem, user_data: *mut c_void) {
    DESTROYED.fetch_add(user_data as usize, Ordering::SeqCst);
}

#[test]
fn objects_outlive_their_release_while_commands_use_them() {
    let ctx = context();
    let q = queue(ctx, 0);
    let mut err = 1;
    let gate = clCreateUserEvent(ctx, &mut err);
    assert_eq!(err, CL_SUCCESS);
    let mem = buffer(ctx, 0, 16, null_mut()).unwrap();
    assert_eq!(
        clSetMemObjectDestructorCallback(mem, Some(count_destruction), 1000 as *mut c_void),
        CL_SUCCESS
    );
    let data = [5u8; 16];
    let mut out = [0u8; 16];
    let mut done = null_mut();
    assert_eq!(
        clEnqueueWriteBuffer(
            q,
            mem,
            CL_FALSE,
            0,
            16,
            data.as_ptr().cast(),
            1,
            &gate,
            null_mut()
        ),
        CL_SUCCESS
    );
    assert_eq!(
        clEnqueueReadBuffer(
            q,
            mem,
            CL_FALSE,
            0,
            16,
            out.as_mut_ptr().cast(),
            0,
            null(),
            &mut done
        ),
        CL_SUCCESS
    );
    assert!(mem_refcount(mem) >= 3, "commands hold the buffer");
    assert_eq!(clReleaseMemObject(mem), CL_SUCCESS);
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
    assert!(status(done) > CL_COMPLETE);
    assert_eq!(DESTROYED.load(Ordering::SeqCst) / 1000, 0);
    assert_eq!(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    assert_eq!(clWaitForEvents(1, &done), CL_SUCCESS);
    assert_eq!(out, data);
    assert_eq!(clReleaseEvent(done), CL_SUCCESS);
    assert_eq!(clReleaseEvent(gate), CL_SUCCESS);
    assert_eq!(
        DESTROYED.load(Ordering::SeqCst) / 1000,
        1,
        "destroyed once nothing uses it"
    );
}

#[test]
fn failed_wait_list_fails_dependents_and_blocking_calls() {
    let ctx = context();
    let q = queue(ctx, CL_QUEUE_PROFILING_ENABLE);
    let mut err = 1;
    let gate = clCreateUserEvent(ctx, &mut err);
    let mem = buffer(ctx, 0, 16, null_mut()).unwrap();
    let mut out = [0u8; 16];
    let mut dependent = null_mut();
    assert_eq!(
        clEnqueueReadBuffer(
            q,
            mem,
            CL_FALSE,
            0,
            16,
            out.as_mut_ptr().cast(),
            1,
            &gate,
            &mut dependent
        ),
        CL_SUCCESS
    );
    assert_eq!(clSetUserEventStatus(gate, 1), CL_INVALID_VALUE);
    assert_eq!(clSetUserEventStatus(gate, -42), CL_SUCCESS);
    assert_eq!(
        clSetUserEventStatus(gate, CL_COMPLETE),
        CL_INVALID_OPERATION
    );
    assert_eq!(
        clWaitForEvents(1, &dependent),
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
    );
    assert_eq!(
        status(dependent),
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
    );
    let blocking = clEnqueueReadBuffer(
        q,
        mem,
        CL_TRUE,
        0,
        16,
        out.as_mut_ptr().cast(),
        1,
        &gate,
        null_mut(),
    );
    assert_eq!(blocking, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    let mut t = 0u64;
    assert_eq!(
        clGetEventProfilingInfo(
            gate,
            CL_PROFILING_COMMAND_END,
            8,
            (&mut t as *mut u64).cast(),
            null_mut()
        ),
        CL_PROFILING_INFO_NOT_AVAILABLE
    );
    for e in [dependent, gate] {
        assert_eq!(clReleaseEvent(e), CL_SUCCESS);
    }
    assert_eq!(clReleaseMemObject(mem), CL_SUCCESS);
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn commands_progress_without_finish() {
    let ctx = context();
    let q = queue(ctx, CL_QUEUE_PROFILING_ENABLE);
    let mem = buffer(ctx, 0, 4096, null_mut()).unwrap();
    let data = vec![3u8; 4096];
    let mut event = null_mut();
    assert_eq!(
        clEnqueueWriteBuffer(
            q,
            mem,
            CL_FALSE,
            0,
            4096,
            data.as_ptr().cast(),
            0,
            null(),
            &mut event
        ),
        CL_SUCCESS
    );
    let start = std::time::Instant::now();
    while status(event) != CL_COMPLETE {
        assert!(start.elapsed().as_secs() < 10, "the write never completed");
    }
    let mut times = [0u64; 4];
    for (i, name) in [
        CL_PROFILING_COMMAND_QUEUED,
        CL_PROFILING_COMMAND_SUBMIT,
        CL_PROFILING_COMMAND_START,
        CL_PROFILING_COMMAND_END,
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            clGetEventProfilingInfo(
                event,
                *name,
                8,
                (&mut times[i] as *mut u64).cast(),
                null_mut()
            ),
            CL_SUCCESS
        );
    }
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert_eq!(clReleaseEvent(event), CL_SUCCESS);
    assert_eq!(clReleaseMemObject(mem), CL_SUCCESS);
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn finish_sees_the_end_of_a_command_whose_event_is_gone() {
    // clFinish after the queue's thread has run the last command and let go of its event
    // (the program kept none): the host's clock still moves to that command's END, as it
    // does when clFinish comes first and waits.
    const DURATION_NS: u64 = 1 << 30;
    let ctx = context();
    let q = queue(ctx, 0);
    let queue = get_arc::<Queue>(q).unwrap();
    let before = host_clock().now_ns();
    let work = Box::new(|_gpu: usize| Ok(DURATION_NS));
    let event = Arc::downgrade(&queue.enqueue(CL_COMMAND_MARKER, Vec::new(), Vec::new(), work));
    let start = std::time::Instant::now();
    while event.upgrade().is_some() {
        assert!(start.elapsed().as_secs() < 10, "the command never ran");
        std::thread::yield_now();
    }
    assert_eq!(clFinish(q), CL_SUCCESS);
    assert!(host_clock().now_ns() >= before + DURATION_NS);
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn buffer_flags_and_sub_buffer_rules() {
    let ctx = context();
    let mut host = [0u8; 256];
    let hp = host.as_mut_ptr().cast();
    assert_eq!(
        buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, null_mut()),
        Err(CL_INVALID_VALUE)
    );
    assert_eq!(
        buffer(
            ctx,
            CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS,
            16,
            null_mut()
        ),
        Err(CL_INVALID_VALUE)
    );
    assert_eq!(
        buffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 16, hp),
        Err(CL_INVALID_VALUE)
    );
    assert_eq!(buffer(ctx, 1 << 40, 16, null_mut()), Err(CL_INVALID_VALUE));
    assert_eq!(
        buffer(ctx, CL_MEM_COPY_HOST_PTR, 16, null_mut()),
        Err(CL_INVALID_HOST_PTR)
    );
    assert_eq!(
        buffer(ctx, CL_MEM_READ_WRITE, 16, hp),
        Err(CL_INVALID_HOST_PTR)
    );
    assert_eq!(buffer(ctx, 0, 0, null_mut()), Err(CL_INVALID_BUFFER_SIZE));
    let parent = buffer(
        ctx,
        CL_MEM_WRITE_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_NO_ACCESS,
        256,
        hp,
    )
    .unwrap();
    let sub = |flags, origin: usize, size: usize| {
        let region = [origin, size];
        let mut err = 1;
        let m = clCreateSubBuffer(
            parent,
            flags,
            CL_BUFFER_CREATE_TYPE_REGION,
            region.as_ptr().cast(),
            &mut err,
        );
        if err == CL_SUCCESS {
            Ok(m)
        } else {
            Err(err)
        }
    };
    assert_eq!(sub(CL_MEM_READ_ONLY, 0, 16), Err(CL_INVALID_VALUE));
    assert_eq!(sub(CL_MEM_HOST_READ_ONLY, 0, 16), Err(CL_INVALID_VALUE));
    assert_eq!(sub(CL_MEM_COPY_HOST_PTR, 0, 16), Err(CL_INVALID_VALUE));
    assert_eq!(sub(0, 64, 16), Err(CL_MISALIGNED_SUB_BUFFER_OFFSET));
    assert_eq!(sub(0, 128, 256), Err(CL_INVALID_VALUE));
    assert_eq!(sub(0, 128, 0), Err(CL_INVALID_BUFFER_SIZE));
    let s = sub(0, 128, 64).unwrap();
    let mut flags = 0u64;
    assert_eq!(
        clGetMemObjectInfo(
            s,
            CL_MEM_FLAGS,
            8,
            (&mut flags as *mut u64).cast(),
            null_mut()
        ),
        CL_SUCCESS
    );
    assert_eq!(
        flags,
        CL_MEM_WRITE_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_NO_ACCESS,
        "inherited"
    );
    let mut ptr: *mut c_void = null_mut();
    assert_eq!(
        clGetMemObjectInfo(
            s,
            CL_MEM_HOST_PTR,
            8,
            (&mut ptr as *mut *mut c_void).cast(),
            null_mut()
        ),
        CL_SUCCESS
    );
    assert_eq!(ptr as usize, host.as_ptr() as usize + 128);
    let mut err = 1;
    clCreateSubBuffer(
        s,
        0,
        CL_BUFFER_CREATE_TYPE_REGION,
        [0usize, 16].as_ptr().cast(),
        &mut err,
    );
    assert_eq!(err, CL_INVALID_MEM_OBJECT, "sub-buffer of a sub-buffer");
    assert_eq!(clReleaseMemObject(s), CL_SUCCESS);
    assert_eq!(clReleaseMemObject(parent), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

/// `CL_MEM_FLAGS` of a memory object.
fn mem_flags(mem: cl_mem) -> u64 {
    let mut flags = 0u64;
    assert_eq!(
        clGetMemObjectInfo(
            mem,
            CL_MEM_FLAGS,
            8,
            (&mut flags as *mut u64).cast(),
            null_mut()
        ),
        CL_SUCCESS
    );
    flags
}

#[test]
fn persistent_memory_flag_follows_amds_rules() {
    // Oracle: AMD's cl_ext.h (the value) and the cl_amd_device_memory_flags rules AMD's
    // runtime applies (exclusive with USE_HOST_PTR and ALLOC_HOST_PTR).
    const PERSISTENT: u64 = 1 << 6;
    let dev = devices()[0];
    let mut size = 0;
    assert_eq!(
        clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, null_mut(), &mut size),
        CL_SUCCESS
    );
    let mut ext = vec![0u8; size];
    assert_eq!(
        clGetDeviceInfo(
            dev,
            CL_DEVICE_EXTENSIONS,
            size,
            ext.as_mut_ptr().cast(),
            null_mut()
        ),
        CL_SUCCESS
    );
    let ext = String::from_utf8(ext).unwrap();
    assert!(ext
        .trim_end_matches('\0')
        .split(' ')
        .any(|e| e == "cl_amd_device_memory_flags"));

    let ctx = context();
    let q = queue(ctx, 0);
    let mut host: Vec<u8> = (0..=255).collect();
    let hp = host.as_mut_ptr().cast();
    for flags in [
        PERSISTENT,
        PERSISTENT | CL_MEM_READ_ONLY,
        PERSISTENT | CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS,
    ] {
        let m = buffer(ctx, flags, 256, null_mut()).unwrap();
        assert_eq!(mem_flags(m), flags);
        assert_eq!(clReleaseMemObject(m), CL_SUCCESS);
    }
    for invalid in [
        CL_MEM_USE_HOST_PTR,
        CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR,
    ] {
        assert_eq!(
            buffer(ctx, PERSISTENT | invalid, 256, hp),
            Err(CL_INVALID_VALUE)
        );
    }
    assert_eq!(
        buffer(ctx, PERSISTENT | CL_MEM_ALLOC_HOST_PTR, 256, null_mut()),
        Err(CL_INVALID_VALUE)
    );

    let flags = PERSISTENT | CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR;
    let m = buffer(ctx, flags, 256, hp).unwrap();
    let mut back = [0u8; 256];
    assert_eq!(
        clEnqueueReadBuffer(
            q,
            m,
            CL_TRUE,
            0,
            256,
            back.as_mut_ptr().cast(),
            0,
            null(),
            null_mut()
        ),
        CL_SUCCESS
    );
    assert_eq!(back[..], host[..], "initialised from host_ptr");
    let sub = |parent, flags| {
        let mut err = 1;
        let s = clCreateSubBuffer(
            parent,
            flags,
            CL_BUFFER_CREATE_TYPE_REGION,
            [128usize, 128].as_ptr().cast(),
            &mut err,
        );
        (s, err)
    };
    let (s, err) = sub(m, CL_MEM_READ_ONLY);
    assert_eq!(err, CL_SUCCESS);
    assert_eq!(
        mem_flags(s),
        CL_MEM_READ_ONLY | PERSISTENT | CL_MEM_COPY_HOST_PTR,
        "inherited"
    );
    assert_eq!(clReleaseMemObject(s), CL_SUCCESS);
    let (s, err) = sub(m, PERSISTENT);
    assert_eq!(err, CL_SUCCESS, "as the parent was created");
    assert_eq!(clReleaseMemObject(s), CL_SUCCESS);
    let plain = buffer(ctx, CL_MEM_READ_WRITE, 256, null_mut()).unwrap();
    assert_eq!(
        sub(plain, PERSISTENT).1,
        CL_INVALID_VALUE,
        "not as the parent"
    );
    assert_eq!(clReleaseMemObject(plain), CL_SUCCESS);
    assert_eq!(clReleaseMemObject(m), CL_SUCCESS);
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn transfers_validate_ranges_contexts_and_wait_lists() {
    let (ctx, other) = (context(), context());
    let q = queue(ctx, 0);
    let mem = buffer(ctx, 0, 64, null_mut()).unwrap();
    let foreign = buffer(other, 0, 64, null_mut()).unwrap();
    let mut out = [0u8; 64];
    let o = out.as_mut_ptr().cast();
    assert_eq!(
        clEnqueueReadBuffer(q, mem, CL_TRUE, 60, 8, o, 0, null(), null_mut()),
        CL_INVALID_VALUE
    );
    assert_eq!(
        clEnqueueReadBuffer(q, mem, CL_TRUE, 0, 8, null_mut(), 0, null(), null_mut()),
        CL_INVALID_VALUE
    );
    assert_eq!(
        clEnqueueReadBuffer(q, foreign, CL_TRUE, 0, 8, o, 0, null(), null_mut()),
        CL_INVALID_CONTEXT
    );
    assert_eq!(
        clEnqueueReadBuffer(q, mem, CL_TRUE, 0, 8, o, 1, null(), null_mut()),
        CL_INVALID_EVENT_WAIT_LIST
    );
    let bogus = [mem];
    assert_eq!(
        clEnqueueReadBuffer(q, mem, CL_TRUE, 0, 8, o, 1, bogus.as_ptr(), null_mut()),
        CL_INVALID_EVENT_WAIT_LIST
    );
    let mut err = 1;
    let foreign_event = clCreateUserEvent(other, &mut err);
    assert_eq!(
        clEnqueueReadBuffer(q, mem, CL_TRUE, 0, 8, o, 1, &foreign_event, null_mut()),
        CL_INVALID_CONTEXT
    );
    assert_eq!(
        clEnqueueCopyBuffer(q, mem, mem, 0, 8, 16, 0, null(), null_mut()),
        CL_MEM_COPY_OVERLAP
    );
    assert_eq!(
        clEnqueueCopyBuffer(q, mem, mem, 0, 16, 16, 0, null(), null_mut()),
        CL_SUCCESS
    );
    assert_eq!(clEnqueueMarker(q, null_mut()), CL_INVALID_VALUE);
    assert_eq!(clFinish(q), CL_SUCCESS);
    assert_eq!(clReleaseEvent(foreign_event), CL_SUCCESS);
    for m in [mem, foreign] {
        assert_eq!(clReleaseMemObject(m), CL_SUCCESS);
    }
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    for c in [ctx, other] {
        assert_eq!(clReleaseContext(c), CL_SUCCESS);
    }
}

#[test]
fn event_callbacks_run_once_with_the_final_status() {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    extern "C" fn on_complete(_e: cl_event, status: cl_int, _data: *mut c_void) {
        assert_eq!(status, CL_COMPLETE);
        CALLS.fetch_add(1, Ordering::SeqCst);
    }
    let ctx = context();
    let mut err = 1;
    let gate = clCreateUserEvent(ctx, &mut err);
    assert_eq!(
        clSetEventCallback(gate, CL_COMPLETE, None, null_mut()),
        CL_INVALID_VALUE
    );
    assert_eq!(
        clSetEventCallback(gate, CL_QUEUED, Some(on_complete), null_mut()),
        CL_INVALID_VALUE
    );
    assert_eq!(
        clSetEventCallback(gate, CL_COMPLETE, Some(on_complete), null_mut()),
        CL_SUCCESS
    );
    assert_eq!(CALLS.load(Ordering::SeqCst), 0);
    assert_eq!(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    assert_eq!(CALLS.load(Ordering::SeqCst), 1);
    assert_eq!(
        clSetEventCallback(gate, CL_COMPLETE, Some(on_complete), null_mut()),
        CL_SUCCESS
    );
    assert_eq!(
        CALLS.load(Ordering::SeqCst),
        2,
        "registered after completion: called at once"
    );
    assert!(get::<Event>(gate).is_ok());
    assert_eq!(clReleaseEvent(gate), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn a_panic_becomes_an_error_code() {
    let result: super::CLResult<()> = super::entry::guard("clTestPanic", || panic!("deliberate"));
    assert_eq!(result, Err(CL_OUT_OF_HOST_MEMORY));
}

#[test]
fn duplicate_devices_are_ignored() {
    let dev = devices()[0];
    let list = [dev, dev];
    let mut err = 1;
    let ctx = clCreateContext(null(), 2, list.as_ptr(), None, null_mut(), &mut err);
    assert_eq!(err, CL_SUCCESS);
    assert_eq!(
        info_u32(|s, v, r| clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, s, v, r)),
        1
    );
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn entry_points_are_thread_safe() {
    let ctx = context();
    let shared = buffer(ctx, 0, 4096, null_mut()).unwrap();
    let (ctx_addr, shared_addr) = (ctx as usize, shared as usize);
    let threads: Vec<_> = (0..4u8)
        .map(|t| {
            std::thread::spawn(move || {
                let (ctx, shared) = (ctx_addr as cl_context, shared_addr as cl_mem);
                let q = queue(ctx, 0);
                for i in 0..50u8 {
                    let data = [t.wrapping_mul(50).wrapping_add(i); 64];
                    let mut out = [0u8; 64];
                    let offset = usize::from(t) * 1024;
                    let w = clEnqueueWriteBuffer(
                        q,
                        shared,
                        CL_FALSE,
                        offset,
                        64,
                        data.as_ptr().cast(),
                        0,
                        null(),
                        null_mut(),
                    );
                    assert_eq!(w, CL_SUCCESS);
                    let r = clEnqueueReadBuffer(
                        q,
                        shared,
                        CL_TRUE,
                        offset,
                        64,
                        out.as_mut_ptr().cast(),
                        0,
                        null(),
                        null_mut(),
                    );
                    assert_eq!(r, CL_SUCCESS);
                    assert_eq!(out, data);
                    assert_eq!(clRetainMemObject(shared), CL_SUCCESS);
                    assert_eq!(clReleaseMemObject(shared), CL_SUCCESS);
                }
                assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(mem_refcount(shared), 1);
    assert_eq!(clReleaseMemObject(shared), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn status_names_match_the_header_values() {
    use super::entry::status_name;
    assert_eq!(status_name(CL_SUCCESS), "CL_SUCCESS");
    assert_eq!(
        status_name(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
        "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"
    );
    assert_eq!(status_name(CL_INVALID_VALUE), "CL_INVALID_VALUE");
    assert_eq!(status_name(CL_INVALID_OPERATION), "CL_INVALID_OPERATION");
    assert_eq!(
        status_name(CL_INVALID_DEVICE_PARTITION_COUNT),
        "CL_INVALID_DEVICE_PARTITION_COUNT"
    );
    assert_eq!(
        status_name(CL_MISALIGNED_SUB_BUFFER_OFFSET),
        "CL_MISALIGNED_SUB_BUFFER_OFFSET"
    );
    assert_eq!(
        status_name(CL_INVALID_KERNEL_ARGS),
        "CL_INVALID_KERNEL_ARGS"
    );
    assert_eq!(
        status_name(CL_INVALID_EVENT_WAIT_LIST),
        "CL_INVALID_EVENT_WAIT_LIST"
    );
    assert_eq!(status_name(-1000), "status -1000");
}

#[test]
fn use_host_ptr_memory_shows_what_commands_wrote() {
    use super::memory::clEnqueueFillBuffer;
    let ctx = context();
    let q = queue(ctx, 0);
    let mut host = vec![0u8; 256];
    let mem = buffer(ctx, CL_MEM_USE_HOST_PTR, 256, host.as_mut_ptr().cast()).unwrap();
    let source = buffer(
        ctx,
        CL_MEM_COPY_HOST_PTR,
        256,
        [9u8; 256].as_mut_ptr().cast(),
    )
    .unwrap();
    let pattern = 0x0102u16;
    let fill = clEnqueueFillBuffer(
        q,
        mem,
        (&pattern as *const u16).cast(),
        2,
        16,
        32,
        0,
        null(),
        null_mut(),
    );
    assert_eq!(fill, CL_SUCCESS);
    assert_eq!(
        clEnqueueCopyBuffer(q, source, mem, 0, 128, 64, 0, null(), null_mut()),
        CL_SUCCESS
    );
    assert_eq!(clFinish(q), CL_SUCCESS);
    assert_eq!(&host[14..18], &[0, 0, 2, 1]);
    assert_eq!(&host[46..50], &[2, 1, 0, 0]);
    assert!(host[128..192].iter().all(|b| *b == 9) && host[192] == 0);
    for m in [mem, source] {
        assert_eq!(clReleaseMemObject(m), CL_SUCCESS);
    }
    assert_eq!(clReleaseCommandQueue(q), CL_SUCCESS);
    assert_eq!(clReleaseContext(ctx), CL_SUCCESS);
}

#[test]
fn lists_can_be_counted_without_an_output_array() {
    let mut n = 0;
    assert_eq!(
        clGetDeviceIDs(platform(), CL_DEVICE_TYPE_ALL, 8, null_mut(), &mut n),
        CL_SUCCESS
    );
    assert_eq!(n as usize, devices().len());
    assert_eq!(clGetPlatformIDs(4, null_mut(), &mut n), CL_SUCCESS);
    assert_eq!(n, 1);
}
