//! Buffers and sub-buffers: creation with the spec's flag rules, queries, destructor
//! callbacks, and the transfer commands (read/write/copy/fill, their rectangular forms,
//! map/unmap, migration). The bytes live in the simulated GPUs' memory.

use super::consts::{CL_MEM_PROPERTIES, CL_MEM_USE_PERSISTENT_MEM_AMD};
use super::context::{DestructorNotify, UserData};
use super::device::MEM_BASE_ADDR_ALIGN_BITS;
use super::event::wait_list;
use super::handle::{get, get_arc, handle_of, new_handle, reference_count, release, retain};
use super::params::{check, info, slice, write_info, HostRegion};
use super::queue::enqueue_using;
use super::CLResult;
use crate::core::context::Context;
use crate::core::memory::MemObject;
use crate::core::platform::Platform;
use crate::core::queue::Queue;
use crate::{create_entry, entry};
use cl_sys::*;
use sim_core::platform::TransferKind;
use std::ffi::c_void;
use std::sync::Arc;

/// `CL_BUFFER_CREATE_TYPE_REGION`'s `cl_buffer_region`.
#[repr(C)]
#[derive(Clone, Copy)]
struct BufferRegion {
    origin: usize,
    size: usize,
}

const ACCESS_FLAGS: u64 = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
const HOST_ACCESS_FLAGS: u64 =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
pub(super) const HOST_PTR_FLAGS: u64 =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
/// The flags that say where a buffer's memory lives: a sub-buffer, a view of its parent's
/// memory, inherits them.
const PLACEMENT_FLAGS: u64 = HOST_PTR_FLAGS | CL_MEM_USE_PERSISTENT_MEM_AMD;

/// Whether more than one of the bits in `group` is set in `flags`.
fn several(flags: u64, group: u64) -> bool {
    (flags & group).count_ones() > 1
}

/// Checks buffer `flags` (the rules shared by buffers and sub-buffers).
pub(super) fn check_flags(flags: u64) -> CLResult<()> {
    // CL_INVALID_VALUE if values specified in flags are not valid: unknown bits, more than
    // one access or host-access qualifier, or CL_MEM_USE_HOST_PTR with
    // CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR.
    check(
        flags & !(ACCESS_FLAGS | HOST_ACCESS_FLAGS | PLACEMENT_FLAGS) != 0,
        CL_INVALID_VALUE,
    )?;
    check(
        several(flags, ACCESS_FLAGS) || several(flags, HOST_ACCESS_FLAGS),
        CL_INVALID_VALUE,
    )?;
    check(
        flags & CL_MEM_USE_HOST_PTR != 0
            && flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0,
        CL_INVALID_VALUE,
    )?;
    // cl_amd_device_memory_flags: CL_MEM_USE_PERSISTENT_MEM_AMD (memory in the device,
    // mapped by the host) is mutually exclusive with CL_MEM_ALLOC_HOST_PTR and
    // CL_MEM_USE_HOST_PTR (memory in the host); AMD's runtime answers CL_INVALID_VALUE.
    // With CL_MEM_COPY_HOST_PTR it is valid: the device memory starts with host_ptr's bytes.
    check(
        flags & CL_MEM_USE_PERSISTENT_MEM_AMD != 0
            && flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR) != 0,
        CL_INVALID_VALUE,
    )
}

fn create_buffer(
    context: cl_context,
    flags: cl_mem_flags,
    size: usize,
    host_ptr: *mut c_void,
) -> CLResult<cl_mem> {
    // CL_INVALID_CONTEXT if context is not a valid context.
    let context = get_arc::<Context>(context)?;
    check_flags(flags)?;
    // CL_INVALID_BUFFER_SIZE if size is 0 or is greater than CL_DEVICE_MAX_MEM_ALLOC_SIZE
    // for all devices in context.
    check(
        size == 0 || size as u64 > context.max_alloc_bytes(),
        CL_INVALID_BUFFER_SIZE,
    )?;
    // CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or
    // CL_MEM_COPY_HOST_PTR are set in flags or if host_ptr is not NULL but
    // CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are not set in flags.
    let wants_host_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
    check(wants_host_ptr == host_ptr.is_null(), CL_INVALID_HOST_PTR)?;
    let initial = wants_host_ptr.then(|| slice(host_ptr as *const u8, size));
    let use_ptr = if flags & CL_MEM_USE_HOST_PTR != 0 {
        host_ptr as usize
    } else {
        0
    };
    // A host pointer into SVM memory of the context: the buffer uses that memory
    // (OpenCL 2.0 §5.2.1, CL_MEM_USES_SVM_POINTER).
    if let Some(on_svm) = (use_ptr != 0)
        .then(|| MemObject::buffer_on_svm(&context, flags, size as u64, use_ptr))
        .flatten()
    {
        return Ok(new_handle(on_svm));
    }
    let buffer = MemObject::buffer(context.clone(), flags, size as u64, use_ptr, initial)
        .inspect_err(|e| {
            context.notify(&format!(
                "gcnsim: clCreateBuffer of {size} bytes failed with error {e}"
            ));
        })?;
    Ok(new_handle(buffer))
}

/// The flags of a view of `parent`'s memory (a sub-buffer, or an image created from a
/// buffer) asked for with `flags`: checked against the parent's, with the access,
/// host-access and placement flags not given inherited from it.
pub(super) fn view_flags(parent: &MemObject, flags: u64) -> CLResult<u64> {
    // CL_INVALID_VALUE if the parent was created with CL_MEM_WRITE_ONLY and flags specifies
    // CL_MEM_READ_WRITE or CL_MEM_READ_ONLY, or if the parent was created with
    // CL_MEM_READ_ONLY and flags specifies CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY.
    let access = flags & ACCESS_FLAGS;
    check(
        parent.flags & CL_MEM_WRITE_ONLY != 0
            && access & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY) != 0,
        CL_INVALID_VALUE,
    )?;
    check(
        parent.flags & CL_MEM_READ_ONLY != 0
            && access & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY) != 0,
        CL_INVALID_VALUE,
    )?;
    // CL_INVALID_VALUE if the parent was created with CL_MEM_HOST_WRITE_ONLY and flags specify
    // CL_MEM_HOST_READ_ONLY, or if the parent was created with CL_MEM_HOST_READ_ONLY and flags
    // specify CL_MEM_HOST_WRITE_ONLY, or if the parent was created with CL_MEM_HOST_NO_ACCESS
    // and flags specify CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_WRITE_ONLY.
    let host = flags & HOST_ACCESS_FLAGS;
    check(
        parent.flags & CL_MEM_HOST_WRITE_ONLY != 0 && host & CL_MEM_HOST_READ_ONLY != 0,
        CL_INVALID_VALUE,
    )?;
    check(
        parent.flags & CL_MEM_HOST_READ_ONLY != 0 && host & CL_MEM_HOST_WRITE_ONLY != 0,
        CL_INVALID_VALUE,
    )?;
    check(
        parent.flags & CL_MEM_HOST_NO_ACCESS != 0
            && host & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY) != 0,
        CL_INVALID_VALUE,
    )?;
    let mut inherited = flags | (parent.flags & PLACEMENT_FLAGS);
    if access == 0 {
        inherited |= parent.flags & ACCESS_FLAGS;
    }
    if host == 0 {
        inherited |= parent.flags & HOST_ACCESS_FLAGS;
    }
    Ok(inherited)
}

fn create_sub_buffer(
    buffer: cl_mem,
    flags: cl_mem_flags,
    create_type: cl_buffer_create_type,
    create_info: *const c_void,
) -> CLResult<cl_mem> {
    // CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer
    // object.
    let parent = get_arc::<MemObject>(buffer)?;
    check(parent.parent().is_some(), CL_INVALID_MEM_OBJECT)?;
    check_flags(flags)?;
    // CL_INVALID_VALUE if flags specify CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR or
    // CL_MEM_COPY_HOST_PTR.
    check(flags & HOST_PTR_FLAGS != 0, CL_INVALID_VALUE)?;
    // cl_amd_device_memory_flags says nothing of sub-buffers. A sub-buffer's memory is its
    // parent's, so CL_MEM_USE_PERSISTENT_MEM_AMD is valid in flags only if the parent was
    // created with it (it is inherited either way).
    check(
        flags & CL_MEM_USE_PERSISTENT_MEM_AMD != 0
            && parent.flags & CL_MEM_USE_PERSISTENT_MEM_AMD == 0,
        CL_INVALID_VALUE,
    )?;
    let inherited = view_flags(&parent, flags)?;
    // CL_INVALID_VALUE if value specified in buffer_create_type is not valid, or if value(s)
    // specified in buffer_create_info (for a given buffer_create_type) is not valid or if
    // buffer_create_info is NULL.
    check(
        create_type != CL_BUFFER_CREATE_TYPE_REGION || create_info.is_null(),
        CL_INVALID_VALUE,
    )?;
    let region = slice(create_info as *const BufferRegion, 1)[0];
    // CL_INVALID_BUFFER_SIZE if the size field of the cl_buffer_region structure passed in
    // buffer_create_info is 0.
    check(region.size == 0, CL_INVALID_BUFFER_SIZE)?;
    // CL_INVALID_VALUE if the region specified by the cl_buffer_region structure passed
    // in buffer_create_info is out of bounds in buffer.
    check(
        out_of_bounds(region.origin, region.size, parent.size),
        CL_INVALID_VALUE,
    )?;
    // CL_MISALIGNED_SUB_BUFFER_OFFSET if there are no devices in context associated with
    // buffer for which the origin field of the cl_buffer_region structure passed in
    // buffer_create_info is aligned to the CL_DEVICE_MEM_BASE_ADDR_ALIGN value.
    check(
        !region
            .origin
            .is_multiple_of(MEM_BASE_ADDR_ALIGN_BITS as usize / 8),
        CL_MISALIGNED_SUB_BUFFER_OFFSET,
    )?;
    Ok(new_handle(MemObject::sub_buffer(
        &parent,
        inherited,
        region.origin as u64,
        region.size as u64,
    )))
}

/// Whether `offset + size` lies beyond `limit` (or overflows).
fn out_of_bounds(offset: usize, size: usize, limit: u64) -> bool {
    offset
        .checked_add(size)
        .is_none_or(|end| end as u64 > limit)
}

fn mem_info(mem: &MemObject, param_name: cl_mem_info) -> CLResult<Vec<u8>> {
    let (parent, origin) = match mem.parent() {
        Some((parent, origin)) => (handle_of(parent), origin as usize),
        None => (std::ptr::null_mut(), 0),
    };
    Ok(match param_name {
        CL_MEM_TYPE => info(
            &mem.image
                .as_ref()
                .map_or(CL_MEM_OBJECT_BUFFER, |i| i.shape.cl_type),
        ),
        CL_MEM_FLAGS => info(&mem.flags),
        CL_MEM_SIZE => info(&(mem.size as usize)),
        CL_MEM_HOST_PTR => info(&(mem.host_ptr as *mut c_void)),
        CL_MEM_MAP_COUNT => info(&mem.map_count()),
        CL_MEM_REFERENCE_COUNT => info(&reference_count(mem)),
        CL_MEM_CONTEXT => info(&handle_of(&mem.context)),
        CL_MEM_ASSOCIATED_MEMOBJECT => info(&parent),
        CL_MEM_OFFSET => info(&origin),
        CL_MEM_USES_SVM_POINTER => info(&if mem.uses_svm() { CL_TRUE } else { CL_FALSE }),
        CL_MEM_PROPERTIES => mem.properties.get().map_or_else(Vec::new, info),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// The queue and memory object of a transfer command, checked to share a context.
/// `CL_INVALID_PROPERTY` unless `properties` (of `clCreateBufferWithProperties` or
/// `clCreateImageWithProperties`) is NULL or empty: no memory object properties are
/// supported.
pub(super) fn check_no_properties(properties: *const cl_ulong) -> CLResult<()> {
    // CL_INVALID_PROPERTY if a property name in properties is not a supported property
    // name.
    check(
        !super::params::properties(properties).is_empty(),
        CL_INVALID_PROPERTY,
    )
}

/// Keeps the (empty) `properties` list a memory object was created with, for
/// `CL_MEM_PROPERTIES`: the terminating 0 when a list was given, nothing for NULL.
pub(super) fn record_properties(mem: cl_mem, properties: *const cl_ulong) -> CLResult<()> {
    if !properties.is_null() {
        // A new object: its properties are not set yet.
        let _ = get::<MemObject>(mem)?.properties.set(vec![0]);
    }
    Ok(())
}

pub(super) fn queue_and_mem(
    command_queue: cl_command_queue,
    mem: cl_mem,
) -> CLResult<(Arc<Queue>, Arc<MemObject>)> {
    // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.
    let queue = get_arc::<Queue>(command_queue)?;
    // CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.
    let mem = get_arc::<MemObject>(mem)?;
    // CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not
    // the same.
    check(
        !Arc::ptr_eq(&queue.context, &mem.context),
        CL_INVALID_CONTEXT,
    )?;
    Ok((queue, mem))
}

/// [`queue_and_mem`] for the buffer commands.
fn queue_and_buffer(
    command_queue: cl_command_queue,
    mem: cl_mem,
) -> CLResult<(Arc<Queue>, Arc<MemObject>)> {
    let (queue, mem) = queue_and_mem(command_queue, mem)?;
    // CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.
    check(mem.image.is_some(), CL_INVALID_MEM_OBJECT)?;
    Ok((queue, mem))
}

/// Checks that the host may read (`read`) or write the buffer.
pub(super) fn check_host_access(mem: &MemObject, read: bool) -> CLResult<()> {
    // CL_INVALID_OPERATION if a read is called on buffer created with
    // CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS, or a write on buffer created with
    // CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS.
    let forbidden = if read {
        CL_MEM_HOST_WRITE_ONLY
    } else {
        CL_MEM_HOST_READ_ONLY
    };
    check(
        mem.flags & (forbidden | CL_MEM_HOST_NO_ACCESS) != 0,
        CL_INVALID_OPERATION,
    )
}

/// The shared body of `clEnqueueReadBuffer` (`read`) and `clEnqueueWriteBuffer`.
#[allow(clippy::too_many_arguments)]
fn enqueue_transfer(
    read: bool,
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking: cl_bool,
    offset: usize,
    size: usize,
    ptr: *const c_void,
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
) -> CLResult<()> {
    let (queue, mem) = queue_and_buffer(command_queue, buffer)?;
    // CL_INVALID_VALUE if the region being read or written specified by (offset, size) is
    // out of bounds or if ptr is a NULL value or if size is 0.
    check(
        size == 0 || ptr.is_null() || out_of_bounds(offset, size, mem.size),
        CL_INVALID_VALUE,
    )?;
    check_host_access(&mem, read)?;
    let wait_for = wait_list(&queue, wait.0, wait.1)?;
    let host = HostRegion::new(ptr, size);
    let uses = vec![mem.device_buffer()];
    let on = queue.clone();
    let work = Box::new(move |gpu| {
        let offset = offset as u64;
        if read {
            mem.read(gpu, offset, host.bytes_mut())?;
        } else {
            mem.write(gpu, offset, host.bytes())?;
            mirror_to_host(&mem, gpu, offset, size as u64)?;
        }
        let span = (offset, size as u64);
        Ok(Platform::transfer_ns(
            &on,
            host_transfer(read),
            &mem,
            [span],
        ))
    });
    let command = if read {
        CL_COMMAND_READ_BUFFER
    } else {
        CL_COMMAND_WRITE_BUFFER
    };
    enqueue_using(
        &queue,
        command,
        wait_for,
        uses,
        blocking != CL_FALSE,
        event,
        work,
    )
}

/// The kind of a read (`read`) or write between the host and a buffer.
fn host_transfer(read: bool) -> TransferKind {
    if read {
        TransferKind::DeviceToHost
    } else {
        TransferKind::HostToDevice
    }
}

/// The rows of `region` (bytes, rows, slices) at `layout` in an object: (offset, bytes)
/// of each, in order.
pub(super) fn rect_spans(layout: &RectLayout, region: [usize; 3]) -> Vec<(u64, u64)> {
    (rows(region))
        .map(|(y, z)| (layout.row_offset(y, z) as u64, region[0] as u64))
        .collect()
}

/// Makes the host memory of a `CL_MEM_USE_HOST_PTR` object show what a command just wrote
/// to `len` bytes at `offset` of it (a no-op for other objects). The spec leaves host_ptr
/// undefined until mapped, but programs read it directly, as AMD's and CPU runtimes allow.
pub fn mirror_to_host(mem: &MemObject, gpu: usize, offset: u64, len: u64) -> Result<(), cl_int> {
    if mem.host_ptr == 0 || mem.uses_svm() {
        return Ok(());
    }
    let host = HostRegion::new(
        (mem.host_ptr + offset as usize) as *const c_void,
        len as usize,
    );
    mem.read(gpu, offset, host.bytes_mut())
}

/// [`mirror_to_host`] for the span of a rectangular region.
pub(super) fn mirror_rect_to_host(
    mem: &MemObject,
    gpu: usize,
    layout: &RectLayout,
    region: [usize; 3],
) -> Result<(), cl_int> {
    let start = layout.row_offset(0, 0);
    mirror_to_host(mem, gpu, start as u64, (layout.end(region) - start) as u64)
}

/// A rectangular region of a buffer or of host memory: origin (bytes, rows, slices) and
/// pitches, with the spec's defaults applied.
#[derive(Clone, Copy)]
pub(super) struct RectLayout {
    /// Origin: byte in the row, row, slice.
    pub origin: [usize; 3],
    /// Bytes from one row to the next.
    pub row_pitch: usize,
    /// Bytes from one slice to the next.
    pub slice_pitch: usize,
}

impl RectLayout {
    /// Applies the defaults (0 means tightly packed) and checks the pitches for `region`.
    fn new(
        origin: *const usize,
        row_pitch: usize,
        slice_pitch: usize,
        region: [usize; 3],
    ) -> CLResult<RectLayout> {
        // CL_INVALID_VALUE if origin is NULL.
        check(origin.is_null(), CL_INVALID_VALUE)?;
        let origin: [usize; 3] = slice(origin, 3).try_into().map_err(|_| CL_INVALID_VALUE)?;
        let row_pitch = if row_pitch == 0 { region[0] } else { row_pitch };
        let slice_pitch = if slice_pitch == 0 {
            region[1] * row_pitch
        } else {
            slice_pitch
        };
        // CL_INVALID_VALUE if row_pitch is not 0 and is less than region[0]; if slice_pitch
        // is not 0 and is less than region[1] * row_pitch or is not a multiple of
        // row_pitch.
        check(row_pitch < region[0], CL_INVALID_VALUE)?;
        check(
            slice_pitch < region[1] * row_pitch || !slice_pitch.is_multiple_of(row_pitch),
            CL_INVALID_VALUE,
        )?;
        Ok(RectLayout {
            origin,
            row_pitch,
            slice_pitch,
        })
    }

    /// The byte offset of row `y` of slice `z` of the region.
    pub(super) fn row_offset(&self, y: usize, z: usize) -> usize {
        self.origin[0]
            + (self.origin[1] + y) * self.row_pitch
            + (self.origin[2] + z) * self.slice_pitch
    }

    /// One past the last byte the region touches.
    pub(super) fn end(&self, region: [usize; 3]) -> usize {
        self.row_offset(region[1] - 1, region[2] - 1) + region[0]
    }
}

/// The region argument of the rectangular commands.
fn rect_region(region: *const usize) -> CLResult<[usize; 3]> {
    // CL_INVALID_VALUE if region is NULL or if any region array element is 0.
    check(region.is_null(), CL_INVALID_VALUE)?;
    let region: [usize; 3] = slice(region, 3).try_into().map_err(|_| CL_INVALID_VALUE)?;
    check(region.contains(&0), CL_INVALID_VALUE)?;
    Ok(region)
}

/// The rows (y, z) of a region.
pub(super) fn rows(region: [usize; 3]) -> impl Iterator<Item = (usize, usize)> {
    (0..region[2]).flat_map(move |z| (0..region[1]).map(move |y| (y, z)))
}

/// Whether two byte ranges of one buffer overlap.
fn ranges_overlap(a: u64, b: u64, len: u64) -> bool {
    a < b + len && b < a + len
}

/// Whether two rectangular regions of one buffer overlap; `base` is each view's offset in
/// the buffer. With equal pitches the regions are compared per dimension; otherwise
/// (conservatively) by the byte spans they cover.
pub(super) fn rects_overlap(
    src_base: u64,
    src: RectLayout,
    dst_base: u64,
    dst: RectLayout,
    region: [usize; 3],
) -> bool {
    let start = |base: u64, r: &RectLayout| base as usize + r.row_offset(0, 0);
    let (a, b) = (start(src_base, &src), start(dst_base, &dst));
    if src.row_pitch != dst.row_pitch || src.slice_pitch != dst.slice_pitch {
        let (a_len, b_len) = (
            src.end(region) - src.row_offset(0, 0),
            dst.end(region) - dst.row_offset(0, 0),
        );
        return a < b + b_len && b < a + a_len;
    }
    let coords = |at: usize| {
        [
            at % src.slice_pitch % src.row_pitch,
            at % src.slice_pitch / src.row_pitch,
            at / src.slice_pitch,
        ]
    };
    let (p, q) = (coords(a), coords(b));
    (0..3).all(|d| p[d] < q[d] + region[d] && q[d] < p[d] + region[d])
}

/// Whether `a` and `b` view the same device memory (same buffer or sub-buffers of it).
pub(super) fn same_storage(a: &MemObject, b: &MemObject) -> bool {
    Arc::ptr_eq(a.location().0, b.location().0)
}

/// The shared body of `clEnqueueReadBufferRect` and `clEnqueueWriteBufferRect`.
#[allow(clippy::too_many_arguments)]
fn enqueue_rect_transfer(
    read: bool,
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking: cl_bool,
    buffer_origin: *const usize,
    host_origin: *const usize,
    region: *const usize,
    buffer_pitches: (usize, usize),
    host_pitches: (usize, usize),
    ptr: *mut c_void,
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
) -> CLResult<()> {
    let (queue, mem) = queue_and_buffer(command_queue, buffer)?;
    let region = rect_region(region)?;
    let buf = RectLayout::new(buffer_origin, buffer_pitches.0, buffer_pitches.1, region)?;
    let host = RectLayout::new(host_origin, host_pitches.0, host_pitches.1, region)?;
    // CL_INVALID_VALUE if the region being read or written specified by (buffer_origin,
    // region, buffer_row_pitch, buffer_slice_pitch) is out of bounds; if ptr is NULL.
    check(buf.end(region) as u64 > mem.size, CL_INVALID_VALUE)?;
    check(ptr.is_null(), CL_INVALID_VALUE)?;
    check_host_access(&mem, read)?;
    let wait_for = wait_list(&queue, wait.0, wait.1)?;
    let command = if read {
        CL_COMMAND_READ_BUFFER_RECT
    } else {
        CL_COMMAND_WRITE_BUFFER_RECT
    };
    let transfer = RectTransfer {
        read,
        mem,
        object: buf,
        host,
        region,
        ptr,
    };
    enqueue_rect_layouts(&queue, transfer, blocking, wait_for, event, command)
}

/// A transfer between a rectangular region of a memory object and of host memory.
pub(super) struct RectTransfer {
    /// Host reads the object (else writes it).
    pub read: bool,
    /// The object.
    pub mem: Arc<MemObject>,
    /// The region's layout in the object (bytes).
    pub object: RectLayout,
    /// The region's layout in host memory (bytes).
    pub host: RectLayout,
    /// Bytes per row, rows, slices.
    pub region: [usize; 3],
    /// The host memory.
    pub ptr: *mut c_void,
}

/// Enqueues a rectangular transfer as command `command`.
pub(super) fn enqueue_rect_layouts(
    queue: &Arc<Queue>,
    t: RectTransfer,
    blocking: cl_bool,
    wait_for: Vec<Arc<crate::core::event::Event>>,
    event: *mut cl_event,
    command: cl_command_type,
) -> CLResult<()> {
    let RectTransfer {
        read,
        mem,
        object: buf,
        host,
        region,
        ptr,
    } = t;
    let host_bytes = HostRegion::new(ptr, host.end(region));
    let uses = vec![mem.device_buffer()];
    let on = queue.clone();
    let work = Box::new(move |gpu| {
        for (y, z) in rows(region) {
            let (b, h) = (buf.row_offset(y, z) as u64, host.row_offset(y, z));
            if read {
                mem.read(gpu, b, &mut host_bytes.bytes_mut()[h..h + region[0]])?;
            } else {
                mem.write(gpu, b, &host_bytes.bytes()[h..h + region[0]])?;
            }
        }
        if !read {
            mirror_rect_to_host(&mem, gpu, &buf, region)?;
        }
        let spans = rect_spans(&buf, region);
        Ok(Platform::transfer_ns(&on, host_transfer(read), &mem, spans))
    });
    enqueue_using(
        queue,
        command,
        wait_for,
        uses,
        blocking != CL_FALSE,
        event,
        work,
    )
}

/// Maps `span` (offset, size) of `mem` as command `command` with `map_flags` checked as
/// the spec says; returns the host address of the region (inside the object's host
/// pointer if it has one, else inside its host copy), holding the data once the command
/// completes.
#[allow(clippy::too_many_arguments)]
pub(super) fn enqueue_map(
    queue: &Arc<Queue>,
    mem: Arc<MemObject>,
    map_flags: cl_map_flags,
    (offset, size): (u64, u64),
    blocking: cl_bool,
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
    command: cl_command_type,
) -> CLResult<usize> {
    // CL_INVALID_VALUE if values specified in map_flags are not valid.
    let known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    check(map_flags & !known != 0, CL_INVALID_VALUE)?;
    check(
        map_flags & CL_MAP_WRITE_INVALIDATE_REGION != 0
            && map_flags & (CL_MAP_READ | CL_MAP_WRITE) != 0,
        CL_INVALID_VALUE,
    )?;
    // CL_INVALID_OPERATION if the object has been created with CL_MEM_HOST_WRITE_ONLY or
    // CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags, or with
    // CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or
    // CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags.
    let reads = map_flags & CL_MAP_READ != 0;
    let writes = map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0;
    if reads {
        check_host_access(&mem, true)?;
    }
    if writes {
        check_host_access(&mem, false)?;
    }
    let wait_for = wait_list(queue, wait.0, wait.1)?;
    let address = mem.map(offset, size, writes);
    // (An object on SVM memory maps to that memory itself: nothing to fetch.)
    let fetch = map_flags & CL_MAP_WRITE_INVALIDATE_REGION == 0 && !mem.uses_svm();
    let host = HostRegion::new(address as *const c_void, size as usize);
    let target = mem.clone();
    let uses = if fetch {
        vec![mem.device_buffer()]
    } else {
        Vec::new()
    };
    let on = queue.clone();
    let work = Box::new(move |gpu| {
        if !fetch {
            return Ok(0);
        }
        target.read(gpu, offset, host.bytes_mut())?;
        let span = (offset, size);
        Ok(Platform::transfer_ns(
            &on,
            TransferKind::DeviceToHost,
            &target,
            [span],
        ))
    });
    let blocking = blocking != CL_FALSE;
    if let Err(e) = enqueue_using(queue, command, wait_for, uses, blocking, event, work) {
        mem.unmap(address);
        return Err(e);
    }
    Ok(address)
}

/// The valid fill pattern sizes.
const FILL_PATTERN_SIZES: [usize; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

create_entry! {
    /// `clCreateBuffer`.
    fn clCreateBuffer(context: cl_context, flags: cl_mem_flags, size: usize, host_ptr: *mut c_void; errcode_ret) -> cl_mem {
        create_buffer(context, flags, size, host_ptr)
    }

    /// `clCreateBufferWithProperties` (OpenCL 3.0): no buffer properties are supported.
    fn clCreateBufferWithProperties(
        context: cl_context,
        properties: *const cl_ulong,
        flags: cl_mem_flags,
        size: usize,
        host_ptr: *mut c_void;
        errcode_ret
    ) -> cl_mem {
        check_no_properties(properties)?;
        let buffer = create_buffer(context, flags, size, host_ptr)?;
        record_properties(buffer, properties)?;
        Ok(buffer)
    }

    /// `clCreateSubBuffer`.
    fn clCreateSubBuffer(
        buffer: cl_mem,
        flags: cl_mem_flags,
        buffer_create_type: cl_buffer_create_type,
        buffer_create_info: *const c_void;
        errcode_ret
    ) -> cl_mem {
        create_sub_buffer(buffer, flags, buffer_create_type, buffer_create_info)
    }

    /// `clEnqueueMapBuffer`: returns the host pointer (inside the buffer's host_ptr for
    /// CL_MEM_USE_HOST_PTR buffers); the data is there once the command completes.
    fn clEnqueueMapBuffer(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        blocking_map: cl_bool,
        map_flags: cl_map_flags,
        offset: usize,
        size: usize,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event;
        errcode_ret
    ) -> *mut c_void {
        let (queue, mem) = queue_and_buffer(command_queue, buffer)?;
        // CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds
        // or if size is 0.
        check(size == 0 || out_of_bounds(offset, size, mem.size), CL_INVALID_VALUE)?;
        let wait = (num_events_in_wait_list, event_wait_list);
        let span = (offset as u64, size as u64);
        let address = enqueue_map(&queue, mem, map_flags, span, blocking_map, wait, event, CL_COMMAND_MAP_BUFFER)?;
        Ok(address as *mut c_void)
    }
}

entry! {
    /// `clRetainMemObject`.
    fn clRetainMemObject(memobj: cl_mem) {
        // CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.
        retain::<MemObject>(memobj)
    }

    /// `clReleaseMemObject`: the memory is freed once no command uses it any more.
    fn clReleaseMemObject(memobj: cl_mem) {
        // CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.
        release::<MemObject>(memobj)
    }

    /// `clGetMemObjectInfo`.
    fn clGetMemObjectInfo(
        memobj: cl_mem,
        param_name: cl_mem_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_MEM_OBJECT if memobj is a not a valid memory object.
        let mem = get::<MemObject>(memobj)?;
        write_info(mem_info(mem, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clSetMemObjectDestructorCallback`.
    fn clSetMemObjectDestructorCallback(memobj: cl_mem, pfn_notify: DestructorNotify, user_data: *mut c_void) {
        // CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.
        let mem = get::<MemObject>(memobj)?;
        // CL_INVALID_VALUE if pfn_notify is NULL.
        let f = pfn_notify.ok_or(CL_INVALID_VALUE)?;
        let (handle, data) = (UserData(memobj), UserData(user_data));
        mem.on_destroy(Box::new(move || {
            let (handle, data) = (handle, data);
            f(handle.0, data.0)
        }));
        Ok(())
    }

    /// `clEnqueueReadBuffer`.
    fn clEnqueueReadBuffer(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        blocking_read: cl_bool,
        offset: usize,
        size: usize,
        ptr: *mut c_void,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_transfer(
            true,
            command_queue,
            buffer,
            blocking_read,
            offset,
            size,
            ptr,
            (num_events_in_wait_list, event_wait_list),
            event,
        )
    }

    /// `clEnqueueWriteBuffer`.
    fn clEnqueueWriteBuffer(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        blocking_write: cl_bool,
        offset: usize,
        size: usize,
        ptr: *const c_void,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_transfer(
            false,
            command_queue,
            buffer,
            blocking_write,
            offset,
            size,
            ptr,
            (num_events_in_wait_list, event_wait_list),
            event,
        )
    }

    /// `clEnqueueCopyBuffer`.
    fn clEnqueueCopyBuffer(
        command_queue: cl_command_queue,
        src_buffer: cl_mem,
        dst_buffer: cl_mem,
        src_offset: usize,
        dst_offset: usize,
        size: usize,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        let (queue, src) = queue_and_buffer(command_queue, src_buffer)?;
        let (_, dst) = queue_and_buffer(command_queue, dst_buffer)?;
        // CL_INVALID_VALUE if src_offset, dst_offset, size, src_offset + size or dst_offset
        // + size require accessing elements outside the src_buffer and dst_buffer buffer
        // objects respectively; if size is 0.
        check(size == 0 || out_of_bounds(src_offset, size, src.size) || out_of_bounds(dst_offset, size, dst.size), CL_INVALID_VALUE)?;
        // CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer
        // object and the source and destination regions overlap or if src_buffer and
        // dst_buffer are different sub-buffers of the same associated buffer object and they
        // overlap.
        let (src_at, dst_at) = (src.location().1 + src_offset as u64, dst.location().1 + dst_offset as u64);
        check(same_storage(&src, &dst) && ranges_overlap(src_at, dst_at, size as u64), CL_MEM_COPY_OVERLAP)?;
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        let uses = vec![src.device_buffer(), dst.device_buffer()];
        let on = queue.clone();
        let work = Box::new(move |gpu| {
            dst.copy_from(gpu, dst_offset as u64, &src, src_offset as u64, size as u64)?;
            mirror_to_host(&dst, gpu, dst_offset as u64, size as u64)?;
            let span = (dst_offset as u64, size as u64);
            Ok(Platform::transfer_ns(&on, TransferKind::DeviceToDevice, &dst, [span]))
        });
        enqueue_using(&queue, CL_COMMAND_COPY_BUFFER, wait_for, uses, false, event, work)
    }

    /// `clEnqueueFillBuffer`.
    fn clEnqueueFillBuffer(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        pattern: *const c_void,
        pattern_size: usize,
        offset: usize,
        size: usize,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        let (queue, mem) = queue_and_buffer(command_queue, buffer)?;
        // CL_INVALID_VALUE if offset or offset + size require accessing elements outside the
        // buffer object; if pattern is NULL or if pattern_size is 0 or if pattern_size is not
        // one of {1, 2, 4, 8, 16, 32, 64, 128}; if offset and size are not a multiple of
        // pattern_size.
        check(out_of_bounds(offset, size, mem.size), CL_INVALID_VALUE)?;
        check(pattern.is_null() || !FILL_PATTERN_SIZES.contains(&pattern_size), CL_INVALID_VALUE)?;
        check(!offset.is_multiple_of(pattern_size) || !size.is_multiple_of(pattern_size), CL_INVALID_VALUE)?;
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        // The pattern is copied now: the application may reuse its memory at once.
        let pattern = slice(pattern as *const u8, pattern_size).to_vec();
        let uses = vec![mem.device_buffer()];
        let on = queue.clone();
        let work = Box::new(move |gpu| {
            mem.fill(gpu, offset as u64, &pattern, size as u64)?;
            mirror_to_host(&mem, gpu, offset as u64, size as u64)?;
            let span = (offset as u64, size as u64);
            Ok(Platform::transfer_ns(&on, TransferKind::Fill, &mem, [span]))
        });
        enqueue_using(&queue, CL_COMMAND_FILL_BUFFER, wait_for, uses, false, event, work)
    }

    /// `clEnqueueReadBufferRect`.
    fn clEnqueueReadBufferRect(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        blocking_read: cl_bool,
        buffer_origin: *const usize,
        host_origin: *const usize,
        region: *const usize,
        buffer_row_pitch: usize,
        buffer_slice_pitch: usize,
        host_row_pitch: usize,
        host_slice_pitch: usize,
        ptr: *mut c_void,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_rect_transfer(
            true,
            command_queue,
            buffer,
            blocking_read,
            buffer_origin,
            host_origin,
            region,
            (buffer_row_pitch, buffer_slice_pitch),
            (host_row_pitch, host_slice_pitch),
            ptr,
            (num_events_in_wait_list, event_wait_list),
            event,
        )
    }

    /// `clEnqueueWriteBufferRect`.
    fn clEnqueueWriteBufferRect(
        command_queue: cl_command_queue,
        buffer: cl_mem,
        blocking_write: cl_bool,
        buffer_origin: *const usize,
        host_origin: *const usize,
        region: *const usize,
        buffer_row_pitch: usize,
        buffer_slice_pitch: usize,
        host_row_pitch: usize,
        host_slice_pitch: usize,
        ptr: *const c_void,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_rect_transfer(
            false,
            command_queue,
            buffer,
            blocking_write,
            buffer_origin,
            host_origin,
            region,
            (buffer_row_pitch, buffer_slice_pitch),
            (host_row_pitch, host_slice_pitch),
            ptr as *mut c_void,
            (num_events_in_wait_list, event_wait_list),
            event,
        )
    }

    /// `clEnqueueCopyBufferRect`.
    fn clEnqueueCopyBufferRect(
        command_queue: cl_command_queue,
        src_buffer: cl_mem,
        dst_buffer: cl_mem,
        src_origin: *const usize,
        dst_origin: *const usize,
        region: *const usize,
        src_row_pitch: usize,
        src_slice_pitch: usize,
        dst_row_pitch: usize,
        dst_slice_pitch: usize,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        let (queue, src) = queue_and_buffer(command_queue, src_buffer)?;
        let (_, dst) = queue_and_buffer(command_queue, dst_buffer)?;
        let region = rect_region(region)?;
        let from = RectLayout::new(src_origin, src_row_pitch, src_slice_pitch, region)?;
        let to = RectLayout::new(dst_origin, dst_row_pitch, dst_slice_pitch, region)?;
        // CL_INVALID_VALUE if (src_origin, region, src_row_pitch, src_slice_pitch) or
        // (dst_origin, region, dst_row_pitch, dst_slice_pitch) require accessing elements
        // outside the src_buffer and dst_buffer buffer objects respectively.
        check(from.end(region) as u64 > src.size || to.end(region) as u64 > dst.size, CL_INVALID_VALUE)?;
        if same_storage(&src, &dst) {
            // CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and
            // src_slice_pitch is not equal to dst_slice_pitch and src_row_pitch is not
            // equal to dst_row_pitch.
            check(from.slice_pitch != to.slice_pitch && from.row_pitch != to.row_pitch, CL_INVALID_VALUE)?;
            // CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or
            // sub-buffer object and the source and destination regions overlap.
            let rows_overlap = rects_overlap(src.location().1, from, dst.location().1, to, region);
            check(rows_overlap, CL_MEM_COPY_OVERLAP)?;
        }
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        let uses = vec![src.device_buffer(), dst.device_buffer()];
        let on = queue.clone();
        let work = Box::new(move |gpu| {
            for (y, z) in rows(region) {
                dst.copy_from(gpu, to.row_offset(y, z) as u64, &src, from.row_offset(y, z) as u64, region[0] as u64)?;
            }
            mirror_rect_to_host(&dst, gpu, &to, region)?;
            let spans = rect_spans(&to, region);
            Ok(Platform::transfer_ns(&on, TransferKind::DeviceToDevice, &dst, spans))
        });
        enqueue_using(&queue, CL_COMMAND_COPY_BUFFER_RECT, wait_for, uses, false, event, work)
    }

    /// `clEnqueueUnmapMemObject`: writes a written mapping back to the device.
    fn clEnqueueUnmapMemObject(
        command_queue: cl_command_queue,
        memobj: cl_mem,
        mapped_ptr: *mut c_void,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        let (queue, mem) = queue_and_mem(command_queue, memobj)?;
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        // CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by
        // clEnqueueMapBuffer or clEnqueueMapImage for memobj.
        let mapping = mem.unmap(mapped_ptr as usize).ok_or(CL_INVALID_VALUE)?;
        let host = HostRegion::new(mapped_ptr, mapping.size as usize);
        let uses = if mapping.writes { vec![mem.device_buffer()] } else { Vec::new() };
        let on = queue.clone();
        let work = Box::new(move |gpu| {
            if !mapping.writes || mem.uses_svm() {
                return Ok(0);
            }
            mem.write(gpu, mapping.offset, host.bytes())?;
            let span = (mapping.offset, mapping.size);
            Ok(Platform::transfer_ns(&on, TransferKind::HostToDevice, &mem, [span]))
        });
        enqueue_using(&queue, CL_COMMAND_UNMAP_MEM_OBJECT, wait_for, uses, false, event, work)
    }

    /// `clEnqueueMigrateMemObjects`: moves the objects to the queue's GPU (the driver
    /// migrates on use anyway; to the host is a no-op).
    fn clEnqueueMigrateMemObjects(
        command_queue: cl_command_queue,
        num_mem_objects: cl_uint,
        mem_objects: *const cl_mem,
        flags: cl_mem_migration_flags,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        let queue = get_arc::<Queue>(command_queue)?;
        // CL_INVALID_VALUE if num_mem_objects is zero or if mem_objects is NULL; if flags
        // is not 0 or any of the values described in the table.
        check(num_mem_objects == 0 || mem_objects.is_null(), CL_INVALID_VALUE)?;
        check(flags & !(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0, CL_INVALID_VALUE)?;
        let objects = slice(mem_objects, num_mem_objects as usize)
            .iter()
            .map(|m| queue_and_mem(command_queue, *m).map(|(_, m)| m))
            .collect::<CLResult<Vec<_>>>()?;
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        let to_host = flags & CL_MIGRATE_MEM_OBJECT_HOST != 0;
        // Contents the program has declared undefined move without a copy.
        let copies = !to_host && flags & CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED == 0;
        let uses = if copies { objects.iter().map(|m| m.device_buffer()).collect() } else { Vec::new() };
        let work = Box::new(move |gpu| {
            if !to_host {
                objects.iter().try_for_each(|m| m.migrate_to(gpu))?;
            }
            Ok(0)
        });
        enqueue_using(&queue, CL_COMMAND_MIGRATE_MEM_OBJECTS, wait_for, uses, false, event, work)
    }
}
