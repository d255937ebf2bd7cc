//! Images and samplers: creation checked as the spec says, queries, and the image
//! commands (read, write, copy between images and to and from buffers, fill, map). An
//! image's elements are its memory object's bytes, rows stored tightly, so the commands
//! are rectangular byte transfers; formats and descriptors come from `sim_core::image`.
//!
//! 1D image buffers and 2D images created from buffers (`cl_khr_image2d_from_buffer`) are
//! views of the buffer's memory, as sub-buffers are; a 2D one has the row pitch it was
//! given.
//!
//! Not supported (an error and one line on stderr): 2D images created from other images,
//! 2D images on a buffer whose memory does not start at a multiple of 256 bytes,
//! mipmapped and multisampled images, `CL_MEM_USE_HOST_PTR` images whose host rows are
//! not tightly packed.

use super::consts::CL_SAMPLER_PROPERTIES;
use super::event::wait_list;
use super::handle::{get, get_arc, handle_of, new_handle, reference_count, release, retain};
use super::memory::{
    check_flags, check_host_access, check_no_properties, enqueue_map, enqueue_rect_layouts,
    mirror_rect_to_host, queue_and_mem, record_properties, rect_spans, rects_overlap, rows,
    same_storage, view_flags, RectLayout, RectTransfer, HOST_PTR_FLAGS,
};
use super::params::{check, info, slice, write_info, write_out};
use super::queue::enqueue_using;
use super::CLResult;
use crate::core::context::Context;
use crate::core::memory::{ImageParts, ImageShape, MemObject};
use crate::core::platform::Platform;
use crate::core::queue::Queue;
use crate::core::sampler::Sampler;
use crate::{create_entry, entry};
use cl_sys::*;
use sim_core::image::texel::encode_element;
use sim_core::image::{
    Addressing, ChannelOrder, ChannelType, Filter, ImageFormat, ImageGeometry, ImageKind,
    SamplerState, BASE_ALIGNMENT,
};
use sim_core::platform::TransferKind;
use std::ffi::c_void;
use std::sync::Arc;

/// Largest width and height of 2D images, and width of 1D images (`CL_DEVICE_IMAGE2D_MAX_*`).
pub const IMAGE2D_MAX: usize = 16384;
/// Largest width, height and depth of 3D images (`CL_DEVICE_IMAGE3D_MAX_*`).
pub const IMAGE3D_MAX: usize = 2048;
/// Most layers of an image array (`CL_DEVICE_IMAGE_MAX_ARRAY_SIZE`).
pub const IMAGE_MAX_ARRAY: usize = 2048;
/// Largest width of 1D image buffers (`CL_DEVICE_IMAGE_MAX_BUFFER_SIZE`), as AMD's
/// runtime reports for GCN GPUs.
pub const IMAGE_MAX_BUFFER: usize = 1 << 27;
/// Row pitches of 2D images created from buffers are multiples of this many elements
/// (`CL_DEVICE_IMAGE_PITCH_ALIGNMENT`), as AMD's runtime reports for GCN GPUs.
pub const IMAGE_PITCH_ALIGNMENT: u32 = 256;
/// The host pointer of a `CL_MEM_USE_HOST_PTR` buffer a 2D image is created from is a
/// multiple of this many elements (`CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT`), as AMD's
/// runtime reports for GCN GPUs; at least [`BASE_ALIGNMENT`] bytes for every format.
pub const IMAGE_BASE_ADDRESS_ALIGNMENT: u32 = 256;

/// The gcnsim channel order of a `cl_channel_order`, if supported.
fn channel_order(cl: u32) -> Option<ChannelOrder> {
    Some(match cl {
        CL_R => ChannelOrder::R,
        CL_RGBA => ChannelOrder::Rgba,
        CL_BGRA => ChannelOrder::Bgra,
        _ => return None,
    })
}

/// The `cl_channel_order` of a gcnsim channel order.
fn cl_order(order: ChannelOrder) -> u32 {
    match order {
        ChannelOrder::R => CL_R,
        ChannelOrder::Rgba => CL_RGBA,
        ChannelOrder::Bgra => CL_BGRA,
    }
}

/// The (`cl_channel_type`, gcnsim channel type) pairs.
const CHANNEL_TYPES: [(u32, ChannelType); 12] = [
    (CL_UNORM_INT8, ChannelType::UnormInt8),
    (CL_UNORM_INT16, ChannelType::UnormInt16),
    (CL_SNORM_INT8, ChannelType::SnormInt8),
    (CL_SNORM_INT16, ChannelType::SnormInt16),
    (CL_SIGNED_INT8, ChannelType::SignedInt8),
    (CL_SIGNED_INT16, ChannelType::SignedInt16),
    (CL_SIGNED_INT32, ChannelType::SignedInt32),
    (CL_UNSIGNED_INT8, ChannelType::UnsignedInt8),
    (CL_UNSIGNED_INT16, ChannelType::UnsignedInt16),
    (CL_UNSIGNED_INT32, ChannelType::UnsignedInt32),
    (CL_HALF_FLOAT, ChannelType::HalfFloat),
    (CL_FLOAT, ChannelType::Float),
];

/// The format of a `cl_image_format`, or the spec's error.
fn image_format(format: *const cl_image_format) -> CLResult<(ImageFormat, [u32; 2])> {
    // CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid
    // or if image_format is NULL.
    check(format.is_null(), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)?;
    let f = &slice(format, 1)[0];
    let (order, ty) = (f.image_channel_order, f.image_channel_data_type);
    let known =
        (CL_R..=CL_ABGR).contains(&order) && (CL_SNORM_INT8..=CL_UNORM_INT_101010_2).contains(&ty);
    check(!known, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)?;
    // CL_IMAGE_FORMAT_NOT_SUPPORTED if the image_format is not supported.
    let ty_of = CHANNEL_TYPES
        .iter()
        .find(|(cl, _)| *cl == ty)
        .map(|(_, t)| *t);
    let format = match (channel_order(order), ty_of) {
        (Some(order), Some(ty)) => ImageFormat { order, ty },
        _ => return Err(CL_IMAGE_FORMAT_NOT_SUPPORTED),
    };
    check(!format.is_supported(), CL_IMAGE_FORMAT_NOT_SUPPORTED)?;
    Ok((format, [order, ty]))
}

/// Reports a valid request gcnsim cannot serve.
fn unsupported(what: &str) -> cl_int {
    eprintln!("gcnsim: {what} are not supported");
    CL_INVALID_IMAGE_DESCRIPTOR
}

/// The shape of an image description, or the spec's error.
fn image_geometry(desc: &cl_image_desc) -> CLResult<ImageGeometry> {
    let (w, h, d, a) = (
        desc.image_width,
        desc.image_height,
        desc.image_depth,
        desc.image_array_size,
    );
    let (kind, sizes, limits) = match desc.image_type {
        CL_MEM_OBJECT_IMAGE1D => (ImageKind::D1, [w, 1, 1, 1], [IMAGE2D_MAX, 1, 1, 1]),
        CL_MEM_OBJECT_IMAGE1D_ARRAY => (
            ImageKind::D1Array,
            [w, 1, 1, a],
            [IMAGE2D_MAX, 1, 1, IMAGE_MAX_ARRAY],
        ),
        CL_MEM_OBJECT_IMAGE2D => (
            ImageKind::D2,
            [w, h, 1, 1],
            [IMAGE2D_MAX, IMAGE2D_MAX, 1, 1],
        ),
        CL_MEM_OBJECT_IMAGE2D_ARRAY => (
            ImageKind::D2Array,
            [w, h, 1, a],
            [IMAGE2D_MAX, IMAGE2D_MAX, 1, IMAGE_MAX_ARRAY],
        ),
        CL_MEM_OBJECT_IMAGE3D => (
            ImageKind::D3,
            [w, h, d, 1],
            [IMAGE3D_MAX, IMAGE3D_MAX, IMAGE3D_MAX, 1],
        ),
        CL_MEM_OBJECT_IMAGE1D_BUFFER => (ImageKind::D1, [w, 1, 1, 1], [IMAGE_MAX_BUFFER, 1, 1, 1]),
        // CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid.
        _ => return Err(CL_INVALID_IMAGE_DESCRIPTOR),
    };
    check(sizes.contains(&0), CL_INVALID_IMAGE_DESCRIPTOR)?;
    check(
        desc.num_mip_levels != 0 || desc.num_samples != 0,
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    // CL_INVALID_IMAGE_SIZE if image dimensions exceed the maximum values for the device.
    check(
        sizes.iter().zip(limits).any(|(s, l)| *s > l),
        CL_INVALID_IMAGE_SIZE,
    )?;
    Ok(ImageGeometry {
        kind,
        width: sizes[0] as u32,
        height: sizes[1] as u32,
        depth: sizes[2] as u32,
        layers: sizes[3] as u32,
    })
}

/// Flags an image may have besides a buffer's.
const IMAGE_ONLY_FLAGS: u64 = CL_MEM_KERNEL_READ_AND_WRITE;

fn create_image(
    context: cl_context,
    flags: cl_mem_flags,
    image_format_ptr: *const cl_image_format,
    image_desc: *const cl_image_desc,
    host_ptr: *mut c_void,
) -> CLResult<cl_mem> {
    // CL_INVALID_CONTEXT if context is not a valid context.
    let context = get_arc::<Context>(context)?;
    // CL_INVALID_VALUE if values specified in flags are not valid.
    check_flags(flags & !IMAGE_ONLY_FLAGS)?;
    let (format, cl_format) = image_format(image_format_ptr)?;
    // CL_INVALID_IMAGE_DESCRIPTOR if image_desc is NULL.
    check(image_desc.is_null(), CL_INVALID_IMAGE_DESCRIPTOR)?;
    let desc = &slice(image_desc, 1)[0];
    let geometry = image_geometry(desc)?;
    let shape = |row_pitch: usize| ImageShape {
        cl_type: desc.image_type,
        cl_format,
        format,
        geometry,
        row_pitch: row_pitch as u64,
    };
    if !desc.buffer.is_null() {
        return create_image_on_buffer(flags, desc, shape, host_ptr);
    }
    // CL_INVALID_IMAGE_DESCRIPTOR if image_type is CL_MEM_OBJECT_IMAGE1D_BUFFER and
    // buffer is NULL.
    check(
        desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER,
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    let element = format.element_bytes() as usize;
    let tight_row = element * geometry.width as usize;
    // CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or
    // CL_MEM_COPY_HOST_PTR are set in flags or if host_ptr is not NULL but
    // CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are not set in flags.
    let wants_host_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
    check(wants_host_ptr == host_ptr.is_null(), CL_INVALID_HOST_PTR)?;
    // CL_INVALID_IMAGE_DESCRIPTOR if image_row_pitch or image_slice_pitch is not 0 and
    // host_ptr is NULL, or is smaller than a row (a slice) or not a multiple of the
    // element size (of the row pitch).
    let pitched = desc.image_row_pitch != 0 || desc.image_slice_pitch != 0;
    check(host_ptr.is_null() && pitched, CL_INVALID_IMAGE_DESCRIPTOR)?;
    let row_pitch = if desc.image_row_pitch == 0 {
        tight_row
    } else {
        desc.image_row_pitch
    };
    check(
        row_pitch < tight_row || row_pitch % element != 0,
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    // Rows per slice: layers of a 1D array are its "slices" of one row.
    let rows_per_slice = geometry.height as usize;
    let has_slices = geometry.slices() > 1
        || matches!(
            geometry.kind,
            ImageKind::D3 | ImageKind::D1Array | ImageKind::D2Array
        );
    let slice_pitch = if desc.image_slice_pitch == 0 || !has_slices {
        row_pitch * rows_per_slice
    } else {
        desc.image_slice_pitch
    };
    check(
        slice_pitch < row_pitch * rows_per_slice || slice_pitch % row_pitch != 0,
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    let size = shape(tight_row).bytes();
    // CL_INVALID_IMAGE_SIZE if the image is larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE.
    check(size > context.max_alloc_bytes(), CL_INVALID_IMAGE_SIZE)?;
    let tight = row_pitch == tight_row && slice_pitch == tight_row * rows_per_slice;
    if flags & CL_MEM_USE_HOST_PTR != 0 && !tight {
        return Err(unsupported(
            "CL_MEM_USE_HOST_PTR images with padded rows or slices",
        ));
    }
    let initial = (!host_ptr.is_null()).then(|| {
        let slices = geometry.slices() as usize;
        let host = slice(
            host_ptr as *const u8,
            slice_pitch * (slices - 1) + row_pitch * (rows_per_slice - 1) + tight_row,
        );
        let mut packed = Vec::with_capacity(size as usize);
        for z in 0..slices {
            for y in 0..rows_per_slice {
                let at = z * slice_pitch + y * row_pitch;
                packed.extend_from_slice(&host[at..at + tight_row]);
            }
        }
        packed
    });
    let use_ptr = if flags & CL_MEM_USE_HOST_PTR != 0 {
        host_ptr as usize
    } else {
        0
    };
    let image = MemObject::image(
        context,
        flags,
        use_ptr,
        shape(tight_row),
        initial.as_deref(),
    )?;
    Ok(new_handle(image))
}

/// A 1D image buffer or a 2D image on the memory of `desc.buffer` (the checks of
/// `clCreateImage` for them); `shape` gives the image's shape for a row pitch in bytes.
fn create_image_on_buffer(
    flags: cl_mem_flags,
    desc: &cl_image_desc,
    shape: impl Fn(usize) -> ImageShape,
    host_ptr: *mut c_void,
) -> CLResult<cl_mem> {
    let one_d = desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
    // CL_INVALID_IMAGE_DESCRIPTOR if buffer is given for a type other than
    // CL_MEM_OBJECT_IMAGE1D_BUFFER or CL_MEM_OBJECT_IMAGE2D, or is not a valid buffer.
    check(
        !one_d && desc.image_type != CL_MEM_OBJECT_IMAGE2D,
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    let buffer = get_arc::<MemObject>(desc.buffer).map_err(|_| CL_INVALID_IMAGE_DESCRIPTOR)?;
    if buffer.image.is_some() {
        check(one_d, CL_INVALID_IMAGE_DESCRIPTOR)?;
        return Err(unsupported("2D images created from images"));
    }
    // CL_INVALID_VALUE if an image is being created from another memory object and flags
    // specify CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR, or
    // access or host access the memory object does not allow.
    check(flags & HOST_PTR_FLAGS != 0, CL_INVALID_VALUE)?;
    // CL_INVALID_HOST_PTR if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or
    // CL_MEM_USE_HOST_PTR are not set in flags.
    check(!host_ptr.is_null(), CL_INVALID_HOST_PTR)?;
    let flags = view_flags(&buffer, flags)?;
    let probe = shape(0);
    let element = probe.format.element_bytes() as usize;
    let tight_row = element * probe.geometry.width as usize;
    let row_pitch = match desc.image_row_pitch {
        0 => tight_row,
        pitch => pitch,
    };
    // CL_INVALID_IMAGE_DESCRIPTOR if image_row_pitch is smaller than a row or not a
    // multiple of the element size, or a pitch is given for a 1D image buffer.
    check(
        row_pitch < tight_row || row_pitch % element != 0 || (one_d && row_pitch != tight_row),
        CL_INVALID_IMAGE_DESCRIPTOR,
    )?;
    let shape = shape(row_pitch);
    if !one_d {
        // CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a buffer and
        // the row pitch and base address alignment do not follow the rules for it: the
        // pitch a multiple of CL_DEVICE_IMAGE_PITCH_ALIGNMENT elements, the host pointer
        // of a CL_MEM_USE_HOST_PTR buffer one of CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT.
        let pitch_unit = IMAGE_PITCH_ALIGNMENT as usize * element;
        let base_unit = IMAGE_BASE_ADDRESS_ALIGNMENT as usize * element;
        let uses_host = buffer.flags & CL_MEM_USE_HOST_PTR != 0;
        check(
            row_pitch % pitch_unit != 0 || (uses_host && buffer.host_ptr % base_unit != 0),
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
        )?;
        let (memory, offset) = buffer.location();
        if !(memory.address() + offset).is_multiple_of(BASE_ALIGNMENT) {
            return Err(unsupported(
                "2D images on buffer memory not aligned to 256 bytes",
            ));
        }
    }
    // CL_INVALID_IMAGE_SIZE if the buffer is smaller than the image.
    check(shape.bytes() > buffer.size, CL_INVALID_IMAGE_SIZE)?;
    Ok(new_handle(MemObject::image_on_buffer(
        &buffer, flags, shape,
    )?))
}

fn image_info(mem: &MemObject, param_name: cl_image_info) -> CLResult<Vec<u8>> {
    // CL_INVALID_MEM_OBJECT if image is not a valid image object.
    let parts = mem.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
    let g = parts.shape.geometry;
    let slice_pitch = match g.kind {
        ImageKind::D1 | ImageKind::D2 => 0,
        _ => parts.slice_pitch(),
    };
    let dims = |kinds: &[ImageKind], v: u32| {
        if kinds.contains(&g.kind) {
            v as usize
        } else {
            0
        }
    };
    Ok(match param_name {
        CL_IMAGE_FORMAT => info(&parts.shape.cl_format),
        CL_IMAGE_ELEMENT_SIZE => info(&(parts.element_bytes() as usize)),
        CL_IMAGE_ROW_PITCH => info(&(parts.row_pitch() as usize)),
        CL_IMAGE_SLICE_PITCH => info(&(slice_pitch as usize)),
        CL_IMAGE_WIDTH => info(&(g.width as usize)),
        CL_IMAGE_HEIGHT => info(&dims(
            &[ImageKind::D2, ImageKind::D2Array, ImageKind::D3],
            g.height,
        )),
        CL_IMAGE_DEPTH => info(&dims(&[ImageKind::D3], g.depth)),
        CL_IMAGE_ARRAY_SIZE => info(&dims(&[ImageKind::D1Array, ImageKind::D2Array], g.layers)),
        CL_IMAGE_BUFFER => info(
            &mem.parent()
                .map_or(std::ptr::null_mut(), |(b, _)| handle_of(b)),
        ),
        CL_IMAGE_NUM_MIP_LEVELS | CL_IMAGE_NUM_SAMPLES => info(&0u32),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// The queue and image of an image command.
fn queue_and_image(
    command_queue: cl_command_queue,
    image: cl_mem,
) -> CLResult<(Arc<Queue>, Arc<MemObject>)> {
    let (queue, mem) = queue_and_mem(command_queue, image)?;
    // CL_INVALID_MEM_OBJECT if image is not a valid image object.
    check(mem.image.is_none(), CL_INVALID_MEM_OBJECT)?;
    Ok((queue, mem))
}

fn parts(mem: &MemObject) -> &ImageParts {
    mem.image.as_ref().expect("checked to be an image")
}

/// A region of an image checked against it: its layout in the image's bytes and the
/// region in bytes, rows, slices (a 1D array's layers are its rows).
fn image_region(
    image: &ImageParts,
    origin: *const usize,
    region: *const usize,
) -> CLResult<(RectLayout, [usize; 3])> {
    // CL_INVALID_VALUE if origin or region is NULL, or the region is out of bounds, or
    // the unused coordinates of lower-dimensional images are not 0 (origin) or 1 (region).
    check(origin.is_null() || region.is_null(), CL_INVALID_VALUE)?;
    let o: [usize; 3] = slice(origin, 3).try_into().map_err(|_| CL_INVALID_VALUE)?;
    let r: [usize; 3] = slice(region, 3).try_into().map_err(|_| CL_INVALID_VALUE)?;
    check(r.contains(&0), CL_INVALID_VALUE)?;
    let g = image.shape.geometry;
    let extent = match g.kind {
        ImageKind::D1 => [g.width, 1, 1],
        ImageKind::D1Array => [g.width, g.layers, 1],
        ImageKind::D2 => [g.width, g.height, 1],
        ImageKind::D2Array => [g.width, g.height, g.layers],
        ImageKind::D3 => [g.width, g.height, g.depth],
    };
    let outside = (0..3).any(|d| {
        o[d].checked_add(r[d])
            .is_none_or(|end| end > extent[d] as usize)
    });
    check(outside, CL_INVALID_VALUE)?;
    let element = image.element_bytes() as usize;
    let layout = RectLayout {
        origin: [o[0] * element, o[1], o[2]],
        row_pitch: image.row_pitch() as usize,
        slice_pitch: image.slice_pitch() as usize,
    };
    Ok((layout, [r[0] * element, r[1], r[2]]))
}

/// The layout of a region in host memory with the given pitches (0: tightly packed); for
/// a 1D image array the slice pitch is that of its layers, its rows.
fn host_layout(
    image: &ImageParts,
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> CLResult<RectLayout> {
    let (row_pitch, slice_pitch) = if image.shape.geometry.kind == ImageKind::D1Array {
        (slice_pitch, 0)
    } else {
        (row_pitch, slice_pitch)
    };
    let row = if row_pitch == 0 { region[0] } else { row_pitch };
    let plane = if slice_pitch == 0 {
        row * region[1]
    } else {
        slice_pitch
    };
    // CL_INVALID_VALUE if row_pitch is smaller than a row, slice_pitch smaller than a slice.
    check(row < region[0] || plane < row * region[1], CL_INVALID_VALUE)?;
    Ok(RectLayout {
        origin: [0; 3],
        row_pitch: row,
        slice_pitch: plane,
    })
}

/// The shared body of `clEnqueueReadImage` (`read`) and `clEnqueueWriteImage`.
#[allow(clippy::too_many_arguments)]
fn enqueue_image_transfer(
    read: bool,
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking: cl_bool,
    origin: *const usize,
    region: *const usize,
    pitches: (usize, usize),
    ptr: *mut c_void,
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
) -> CLResult<()> {
    let (queue, mem) = queue_and_image(command_queue, image)?;
    let (object, bytes) = image_region(parts(&mem), origin, region)?;
    let host = host_layout(parts(&mem), bytes, pitches.0, pitches.1)?;
    // CL_INVALID_VALUE if ptr is NULL.
    check(ptr.is_null(), CL_INVALID_VALUE)?;
    check_host_access(&mem, read)?;
    let wait_for = wait_list(&queue, wait.0, wait.1)?;
    let command = if read {
        CL_COMMAND_READ_IMAGE
    } else {
        CL_COMMAND_WRITE_IMAGE
    };
    let transfer = RectTransfer {
        read,
        mem,
        object,
        host,
        region: bytes,
        ptr,
    };
    enqueue_rect_layouts(&queue, transfer, blocking, wait_for, event, command)
}

/// Copies `region` (bytes, rows, slices) from layout `from` of `src` to layout `to` of
/// `dst` as command `command`.
#[allow(clippy::too_many_arguments)]
fn enqueue_copy(
    queue: &Arc<Queue>,
    src: Arc<MemObject>,
    from: RectLayout,
    dst: Arc<MemObject>,
    to: RectLayout,
    region: [usize; 3],
    wait: (cl_uint, *const cl_event),
    event: *mut cl_event,
    command: cl_command_type,
) -> CLResult<()> {
    let wait_for = wait_list(queue, wait.0, wait.1)?;
    let uses = vec![src.device_buffer(), dst.device_buffer()];
    let on = queue.clone();
    let work = Box::new(move |gpu| {
        for (y, z) in rows(region) {
            dst.copy_from(
                gpu,
                to.row_offset(y, z) as u64,
                &src,
                from.row_offset(y, z) as u64,
                region[0] as u64,
            )?;
        }
        mirror_rect_to_host(&dst, gpu, &to, region)?;
        let spans = rect_spans(&to, region);
        Ok(Platform::transfer_ns(
            &on,
            TransferKind::DeviceToDevice,
            &dst,
            spans,
        ))
    });
    enqueue_using(queue, command, wait_for, uses, false, event, work)
}

/// The tightly packed layout of `region` at byte `offset` of a buffer, checked to fit.
fn buffer_layout(buffer: &MemObject, offset: usize, region: [usize; 3]) -> CLResult<RectLayout> {
    // CL_INVALID_MEM_OBJECT if the buffer is not a valid buffer object.
    check(buffer.image.is_some(), CL_INVALID_MEM_OBJECT)?;
    let layout = RectLayout {
        origin: [offset, 0, 0],
        row_pitch: region[0],
        slice_pitch: region[0] * region[1],
    };
    // CL_INVALID_VALUE if the region in the buffer is out of bounds.
    check(layout.end(region) as u64 > buffer.size, CL_INVALID_VALUE)?;
    Ok(layout)
}

/// The state of a sampler, or CL_INVALID_VALUE.
fn sampler_state(normalized: cl_bool, addressing: u32, filter: u32) -> CLResult<SamplerState> {
    // CL_INVALID_VALUE if addressing_mode, filter_mode, normalized_coords or a combination
    // of these arguments are not valid.
    check(
        normalized != CL_TRUE && normalized != CL_FALSE,
        CL_INVALID_VALUE,
    )?;
    let addressing = match addressing {
        CL_ADDRESS_NONE => Addressing::None,
        CL_ADDRESS_CLAMP_TO_EDGE => Addressing::ClampToEdge,
        CL_ADDRESS_CLAMP => Addressing::Clamp,
        CL_ADDRESS_REPEAT => Addressing::Repeat,
        CL_ADDRESS_MIRRORED_REPEAT => Addressing::MirroredRepeat,
        _ => return Err(CL_INVALID_VALUE),
    };
    let filter = match filter {
        CL_FILTER_NEAREST => Filter::Nearest,
        CL_FILTER_LINEAR => Filter::Linear,
        _ => return Err(CL_INVALID_VALUE),
    };
    Ok(SamplerState {
        normalized: normalized == CL_TRUE,
        addressing,
        filter,
    })
}

fn sampler_info(sampler: &Sampler, param_name: cl_sampler_info) -> CLResult<Vec<u8>> {
    let s = sampler.state;
    Ok(match param_name {
        CL_SAMPLER_REFERENCE_COUNT => info(&reference_count(sampler)),
        CL_SAMPLER_CONTEXT => info(&handle_of(&sampler.context)),
        CL_SAMPLER_NORMALIZED_COORDS => info(&if s.normalized { CL_TRUE } else { CL_FALSE }),
        CL_SAMPLER_ADDRESSING_MODE => info(&match s.addressing {
            Addressing::None => CL_ADDRESS_NONE,
            Addressing::ClampToEdge => CL_ADDRESS_CLAMP_TO_EDGE,
            Addressing::Clamp => CL_ADDRESS_CLAMP,
            Addressing::Repeat => CL_ADDRESS_REPEAT,
            Addressing::MirroredRepeat => CL_ADDRESS_MIRRORED_REPEAT,
        }),
        CL_SAMPLER_FILTER_MODE => info(&match s.filter {
            Filter::Nearest => CL_FILTER_NEAREST,
            Filter::Linear => CL_FILTER_LINEAR,
        }),
        CL_SAMPLER_PROPERTIES => {
            if sampler.properties.is_empty() {
                Vec::new()
            } else {
                let mut props = sampler.properties.clone();
                props.push(0);
                info(&props)
            }
        }
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

create_entry! {
    /// `clCreateImage`.
    fn clCreateImage(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_desc: *const cl_image_desc, host_ptr: *mut c_void; errcode_ret) -> cl_mem {
        create_image(context, flags, image_format, image_desc, host_ptr)
    }

    /// `clCreateImageWithProperties` (no properties are defined for images).
    fn clCreateImageWithProperties(context: cl_context, properties: *const cl_ulong, flags: cl_mem_flags, image_format: *const cl_image_format, image_desc: *const cl_image_desc, host_ptr: *mut c_void; errcode_ret) -> cl_mem {
        check_no_properties(properties)?;
        let image = create_image(context, flags, image_format, image_desc, host_ptr)?;
        record_properties(image, properties)?;
        Ok(image)
    }

    /// `clCreateImage2D` (OpenCL 1.1).
    fn clCreateImage2D(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_width: usize, image_height: usize, image_row_pitch: usize, host_ptr: *mut c_void; errcode_ret) -> cl_mem {
        let desc = cl_image_desc {
            image_type: CL_MEM_OBJECT_IMAGE2D,
            image_width,
            image_height,
            image_depth: 1,
            image_array_size: 1,
            image_row_pitch,
            image_slice_pitch: 0,
            num_mip_levels: 0,
            num_samples: 0,
            buffer: std::ptr::null_mut(),
        };
        create_image(context, flags, image_format, &desc, host_ptr)
    }

    /// `clCreateImage3D` (OpenCL 1.1).
    fn clCreateImage3D(context: cl_context, flags: cl_mem_flags, image_format: *const cl_image_format, image_width: usize, image_height: usize, image_depth: usize, image_row_pitch: usize, image_slice_pitch: usize, host_ptr: *mut c_void; errcode_ret) -> cl_mem {
        let desc = cl_image_desc {
            image_type: CL_MEM_OBJECT_IMAGE3D,
            image_width,
            image_height,
            image_depth,
            image_array_size: 1,
            image_row_pitch,
            image_slice_pitch,
            num_mip_levels: 0,
            num_samples: 0,
            buffer: std::ptr::null_mut(),
        };
        create_image(context, flags, image_format, &desc, host_ptr)
    }

    /// `clCreateSampler`.
    fn clCreateSampler(context: cl_context, normalized_coords: cl_bool, addressing_mode: cl_addressing_mode, filter_mode: cl_filter_mode; errcode_ret) -> cl_sampler {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        let state = sampler_state(normalized_coords, addressing_mode, filter_mode)?;
        Ok(new_handle(Sampler::new(context, state, Vec::new())?))
    }

    /// `clCreateSamplerWithProperties`.
    fn clCreateSamplerWithProperties(context: cl_context, sampler_properties: *const cl_sampler_properties; errcode_ret) -> cl_sampler {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        let (mut normalized, mut addressing, mut filter) = (CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
        let mut properties = Vec::new();
        for (name, value) in super::params::properties(sampler_properties) {
            // CL_INVALID_VALUE if the property name in sampler_properties is not a
            // supported property name, or is specified more than once.
            let seen = properties.chunks(2).any(|p: &[u64]| p[0] == name);
            check(seen, CL_INVALID_VALUE)?;
            match name as u32 {
                CL_SAMPLER_NORMALIZED_COORDS => normalized = value as cl_bool,
                CL_SAMPLER_ADDRESSING_MODE => addressing = value as u32,
                CL_SAMPLER_FILTER_MODE => filter = value as u32,
                _ => return Err(CL_INVALID_VALUE),
            }
            properties.extend([name, value]);
        }
        let state = sampler_state(normalized, addressing, filter)?;
        Ok(new_handle(Sampler::new(context, state, properties)?))
    }

    /// `clEnqueueMapImage`: maps the bytes from the region's first element to its last
    /// (inside the image's host pointer for CL_MEM_USE_HOST_PTR images), with the
    /// image's own pitches.
    fn clEnqueueMapImage(command_queue: cl_command_queue, image: cl_mem, blocking_map: cl_bool, map_flags: cl_map_flags, origin: *const usize, region: *const usize, image_row_pitch: *mut usize, image_slice_pitch: *mut usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event; errcode_ret) -> *mut c_void {
        let (queue, mem) = queue_and_image(command_queue, image)?;
        let (layout, bytes) = image_region(parts(&mem), origin, region)?;
        // CL_INVALID_VALUE if image_row_pitch is NULL.
        check(image_row_pitch.is_null(), CL_INVALID_VALUE)?;
        let g = parts(&mem).shape.geometry;
        // CL_INVALID_VALUE if image is a 3D image, 1D or 2D image array object and
        // image_slice_pitch is NULL.
        let sliced = matches!(g.kind, ImageKind::D3 | ImageKind::D1Array | ImageKind::D2Array);
        check(sliced && image_slice_pitch.is_null(), CL_INVALID_VALUE)?;
        let start = layout.row_offset(0, 0);
        let span = (start as u64, (layout.end(bytes) - start) as u64);
        let wait = (num_events_in_wait_list, event_wait_list);
        let address = enqueue_map(&queue, mem, map_flags, span, blocking_map, wait, event, CL_COMMAND_MAP_IMAGE)?;
        write_out(image_row_pitch, layout.row_pitch);
        let slice_pitch = match g.kind {
            ImageKind::D1 | ImageKind::D2 => 0,
            ImageKind::D1Array => layout.row_pitch,
            _ => layout.slice_pitch,
        };
        if !image_slice_pitch.is_null() {
            write_out(image_slice_pitch, slice_pitch);
        }
        Ok(address as *mut c_void)
    }
}

entry! {
    /// `clGetSupportedImageFormats`: the same formats for every image type and access.
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
        check_flags(flags & !IMAGE_ONLY_FLAGS)?;
        let types = [CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D, CL_MEM_OBJECT_IMAGE1D_BUFFER];
        check(!types.contains(&image_type), CL_INVALID_VALUE)?;
        let formats = ImageFormat::supported();
        let out = super::params::slice_mut(image_formats, (num_entries as usize).min(formats.len()));
        for (slot, f) in out.iter_mut().zip(&formats) {
            let ty = CHANNEL_TYPES.iter().find(|(_, t)| *t == f.ty).map_or(0, |(cl, _)| *cl);
            *slot = cl_image_format { image_channel_order: cl_order(f.order), image_channel_data_type: ty };
        }
        write_out(num_image_formats, formats.len() as cl_uint);
        Ok(())
    }

    /// `clGetImageInfo`.
    fn clGetImageInfo(image: cl_mem, param_name: cl_image_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_MEM_OBJECT if image is a not a valid image object.
        let mem = get::<MemObject>(image)?;
        write_info(image_info(mem, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clRetainSampler`.
    fn clRetainSampler(sampler: cl_sampler) {
        // CL_INVALID_SAMPLER if sampler is not a valid sampler object.
        retain::<Sampler>(sampler)
    }

    /// `clReleaseSampler`.
    fn clReleaseSampler(sampler: cl_sampler) {
        // CL_INVALID_SAMPLER if sampler is not a valid sampler object.
        release::<Sampler>(sampler)
    }

    /// `clGetSamplerInfo`.
    fn clGetSamplerInfo(sampler: cl_sampler, param_name: cl_sampler_info, param_value_size: usize, param_value: *mut c_void, param_value_size_ret: *mut usize) {
        // CL_INVALID_SAMPLER if sampler is a not a valid sampler object.
        let sampler = get::<Sampler>(sampler)?;
        write_info(sampler_info(sampler, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clEnqueueReadImage`.
    fn clEnqueueReadImage(command_queue: cl_command_queue, image: cl_mem, blocking_read: cl_bool, origin: *const usize, region: *const usize, row_pitch: usize, slice_pitch: usize, ptr: *mut c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        enqueue_image_transfer(true, command_queue, image, blocking_read, origin, region, (row_pitch, slice_pitch), ptr, (num_events_in_wait_list, event_wait_list), event)
    }

    /// `clEnqueueWriteImage`.
    fn clEnqueueWriteImage(command_queue: cl_command_queue, image: cl_mem, blocking_write: cl_bool, origin: *const usize, region: *const usize, input_row_pitch: usize, input_slice_pitch: usize, ptr: *const c_void, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        enqueue_image_transfer(false, command_queue, image, blocking_write, origin, region, (input_row_pitch, input_slice_pitch), ptr as *mut c_void, (num_events_in_wait_list, event_wait_list), event)
    }

    /// `clEnqueueCopyImage`.
    fn clEnqueueCopyImage(command_queue: cl_command_queue, src_image: cl_mem, dst_image: cl_mem, src_origin: *const usize, dst_origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        let (queue, src) = queue_and_image(command_queue, src_image)?;
        let (_, dst) = queue_and_image(command_queue, dst_image)?;
        // CL_IMAGE_FORMAT_MISMATCH if src_image and dst_image do not use the same image
        // format.
        check(parts(&src).shape.cl_format != parts(&dst).shape.cl_format, CL_IMAGE_FORMAT_MISMATCH)?;
        let (from, bytes) = image_region(parts(&src), src_origin, region)?;
        let (to, _) = image_region(parts(&dst), dst_origin, region)?;
        // CL_MEM_COPY_OVERLAP if src_image and dst_image are the same image object and the
        // source and destination regions overlap.
        check(same_storage(&src, &dst) && rects_overlap(0, from, 0, to, bytes), CL_MEM_COPY_OVERLAP)?;
        enqueue_copy(&queue, src, from, dst, to, bytes, (num_events_in_wait_list, event_wait_list), event, CL_COMMAND_COPY_IMAGE)
    }

    /// `clEnqueueCopyImageToBuffer`.
    fn clEnqueueCopyImageToBuffer(command_queue: cl_command_queue, src_image: cl_mem, dst_buffer: cl_mem, src_origin: *const usize, region: *const usize, dst_offset: usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        let (queue, src) = queue_and_image(command_queue, src_image)?;
        let (_, dst) = queue_and_mem(command_queue, dst_buffer)?;
        let (from, bytes) = image_region(parts(&src), src_origin, region)?;
        let to = buffer_layout(&dst, dst_offset, bytes)?;
        enqueue_copy(&queue, src, from, dst, to, bytes, (num_events_in_wait_list, event_wait_list), event, CL_COMMAND_COPY_IMAGE_TO_BUFFER)
    }

    /// `clEnqueueCopyBufferToImage`.
    fn clEnqueueCopyBufferToImage(command_queue: cl_command_queue, src_buffer: cl_mem, dst_image: cl_mem, src_offset: usize, dst_origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        let (queue, dst) = queue_and_image(command_queue, dst_image)?;
        let (_, src) = queue_and_mem(command_queue, src_buffer)?;
        let (to, bytes) = image_region(parts(&dst), dst_origin, region)?;
        let from = buffer_layout(&src, src_offset, bytes)?;
        enqueue_copy(&queue, src, from, dst, to, bytes, (num_events_in_wait_list, event_wait_list), event, CL_COMMAND_COPY_BUFFER_TO_IMAGE)
    }

    /// `clEnqueueFillImage`: the colour is converted to the image's format as a kernel's
    /// write would convert it.
    fn clEnqueueFillImage(command_queue: cl_command_queue, image: cl_mem, fill_color: *const c_void, origin: *const usize, region: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        let (queue, mem) = queue_and_image(command_queue, image)?;
        // CL_INVALID_VALUE if fill_color is NULL.
        check(fill_color.is_null(), CL_INVALID_VALUE)?;
        let (layout, bytes) = image_region(parts(&mem), origin, region)?;
        let rgba: [u32; 4] = slice(fill_color as *const u32, 4).try_into().map_err(|_| CL_INVALID_VALUE)?;
        let pattern = encode_element(parts(&mem).shape.format, rgba);
        let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
        let uses = vec![mem.device_buffer()];
        let on = queue.clone();
        let work = Box::new(move |gpu| {
            for (y, z) in rows(bytes) {
                mem.fill(gpu, layout.row_offset(y, z) as u64, &pattern, bytes[0] as u64)?;
            }
            mirror_rect_to_host(&mem, gpu, &layout, bytes)?;
            let spans = rect_spans(&layout, bytes);
            Ok(Platform::transfer_ns(&on, TransferKind::Fill, &mem, spans))
        });
        enqueue_using(&queue, CL_COMMAND_FILL_IMAGE, wait_for, uses, false, event, work)
    }
}
