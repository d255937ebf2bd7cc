//! Memory objects: buffers (stored in the simulated GPUs' memory through the driver),
//! sub-buffers (a window of a buffer) and images (with memory of their own, or a view of
//! a buffer's), with their host mappings.

use super::context::Context;
use super::destructors::{DestructorCallback, Destructors};
use super::host::{host_clock, register_host_thread};
use super::platform::Platform;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::{CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_OUT_OF_RESOURCES};
use sim_core::driver::{Buffer, DriverError};
use sim_core::image::{texel_buffer_descriptor, ImageFormat, ImageGeometry, DESCRIPTOR_BYTES};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Where a memory object's bytes are.
pub enum Storage {
    /// A buffer of its own in device memory.
    Buffer(Arc<Buffer>),
    /// A window starting at `origin` of `parent` (a buffer, or a sub-buffer for an image
    /// created from one).
    SubBuffer {
        /// The buffer the window is in.
        parent: Arc<MemObject>,
        /// Byte offset of the window in the parent.
        origin: u64,
    },
}

/// Alignment of host staging memory for maps: the device's
/// `CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE` (128 bytes).
#[repr(C, align(128))]
#[derive(Clone, Copy)]
struct StagingBlock([u8; 128]);

/// One active mapping of a memory object.
pub struct Mapping {
    /// Offset of the mapped region in the object.
    pub offset: u64,
    /// Size of the mapped region.
    pub size: u64,
    /// Whether the application may have written the region (written back at unmap).
    pub writes: bool,
}

/// An OpenCL memory object (`cl_mem`): a buffer, sub-buffer or image.
#[repr(C)]
pub struct MemObject {
    header: Header,
    /// The `CL_MEM_*` flags (with those inherited from the parent for sub-buffers).
    pub flags: u64,
    /// Size in bytes.
    pub size: u64,
    /// The application's memory for `CL_MEM_USE_HOST_PTR` (address; 0 if none).
    pub host_ptr: usize,
    /// Run when the object is destroyed: before its storage is released, so that a
    /// sub-buffer's callbacks run before those of the parent it keeps alive.
    destructors: Destructors,
    /// Where the bytes are.
    pub storage: Storage,
    /// The property list `clCreateBufferWithProperties` was given, with its terminating 0
    /// (`CL_MEM_PROPERTIES`); unset for a NULL list and for other memory objects.
    pub properties: OnceLock<Vec<u64>>,
    maps: Mutex<HashMap<usize, Vec<Mapping>>>,
    /// Host memory the size of the object that maps point into when it has no host
    /// pointer, made at the first map (as AMD's runtime and PoCL map: a program that
    /// writes past its mapped region, as AMD APP SDK's PrefixSum does, writes into the
    /// copy, not into the host heap). Only the mapped region is read and written back.
    host_copy: Mutex<Option<Box<[StagingBlock]>>>,
    /// The context.
    pub context: Arc<Context>,
    /// What makes it an image, for images.
    pub image: Option<ImageParts>,
}
crate::cl_object!(MemObject, Mem, CL_INVALID_MEM_OBJECT);

/// What `clCreateImage` describes: an image's type, format, shape and row pitch.
#[derive(Debug, Clone, Copy)]
pub struct ImageShape {
    /// The `CL_MEM_OBJECT_IMAGE*` type.
    pub cl_type: u32,
    /// The format as the application gave it (channel order, channel data type).
    pub cl_format: [u32; 2],
    /// The format.
    pub format: ImageFormat,
    /// Shape and size.
    pub geometry: ImageGeometry,
    /// Bytes from one row to the next: the width's elements, or more for a 2D image
    /// created from a buffer with a row pitch.
    pub row_pitch: u64,
}

impl ImageShape {
    /// Bytes of the image's memory: every row at the row pitch, the last one tight.
    pub fn bytes(&self) -> u64 {
        let g = self.geometry;
        let rows = u64::from(g.height) * u64::from(g.slices());
        self.row_pitch * (rows - 1) + u64::from(self.format.element_bytes()) * u64::from(g.width)
    }
}

/// The image part of an image memory object: its elements are the object's bytes, rows
/// `row_pitch` apart, slices `row_pitch × height` apart.
pub struct ImageParts {
    /// Type, format, shape.
    pub shape: ImageShape,
    /// The descriptor kernels receive a pointer to (T#, or V# for a 1D image buffer, and
    /// the device libraries' dwords).
    pub descriptor: Arc<Buffer>,
}

impl ImageParts {
    /// Bytes of one element.
    pub fn element_bytes(&self) -> u64 {
        u64::from(self.shape.format.element_bytes())
    }

    /// Bytes from one row to the next.
    pub fn row_pitch(&self) -> u64 {
        self.shape.row_pitch
    }

    /// Bytes from one slice (depth or layer) to the next.
    pub fn slice_pitch(&self) -> u64 {
        self.row_pitch() * u64::from(self.shape.geometry.height)
    }
}

/// The OpenCL error for a failed driver operation.
pub fn driver_error(e: DriverError) -> i32 {
    match e {
        DriverError::OutOfMemory { .. } | DriverError::OutOfAddressSpace { .. } => {
            CL_MEM_OBJECT_ALLOCATION_FAILURE
        }
        _ => CL_OUT_OF_RESOURCES,
    }
}

/// Writes `data`, the host memory a memory object is created from
/// (`CL_MEM_COPY_HOST_PTR`, `CL_MEM_USE_HOST_PTR`), into `buffer` on GPU `gpu`: a
/// host-to-device transfer the host waits for (its simulated clock moves on by the
/// transfer's time, so the commands it enqueues next are queued that much later),
/// counted on GPU `gpu` though it stands for an upload to the device that first uses
/// the buffer (see `Buffer::mark_uploaded`). On the shared timeline the upload crosses
/// the fabric's links (see `Platform::upload`).
fn upload(buffer: &Buffer, gpu: usize, data: &[u8]) -> Result<(), i32> {
    buffer.write(gpu, 0, data).map_err(driver_error)?;
    // The bytes are on the context's first device; the upload stands for one to
    // whichever device uses the buffer first.
    buffer.mark_uploaded();
    let Some(simulator) = &Platform::get().simulator else {
        return Ok(());
    };
    let timeline = Platform::timeline();
    if timeline.is_some() {
        // A source of the shared timeline from now on, as when it enqueues.
        super::event::end_host_poll();
        register_host_thread();
    }
    let span = (buffer.address(), data.len() as u64);
    let ns = simulator.upload(gpu, &[span], host_clock().now_ns());
    host_clock().wait(ns);
    if let Some(timeline) = timeline {
        timeline.host_clock_moved();
    }
    Ok(())
}

/// The image part of an image of `shape` whose elements start at device address `base`.
fn image_parts(context: &Context, shape: ImageShape, base: u64) -> Result<ImageParts, i32> {
    let device = context.devices.first().ok_or(CL_OUT_OF_RESOURCES)?;
    let g = shape.geometry;
    let words = if shape.cl_type == CL_MEM_OBJECT_IMAGE1D_BUFFER {
        texel_buffer_descriptor(shape.format, base, g.width)
    } else {
        let pitch = shape.row_pitch / u64::from(shape.format.element_bytes());
        g.descriptor(shape.format, base, pitch as u32)
    };
    let descriptor = device
        .driver
        .create_buffer(DESCRIPTOR_BYTES)
        .map_err(driver_error)?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    descriptor
        .write(device.gpu, 0, &bytes)
        .map_err(driver_error)?;
    Ok(ImageParts { shape, descriptor })
}

/// `mem` (just made, not shared yet) with its image part.
fn with_image(mut mem: Arc<MemObject>, parts: ImageParts) -> Arc<MemObject> {
    Arc::get_mut(&mut mem)
        .expect("a new memory object has no other reference")
        .image = Some(parts);
    mem
}

impl MemObject {
    fn new(
        context: Arc<Context>,
        flags: u64,
        size: u64,
        host_ptr: usize,
        storage: Storage,
    ) -> Arc<MemObject> {
        Arc::new(MemObject {
            header: Header::new(ObjectKind::Mem),
            context,
            flags,
            size,
            host_ptr,
            storage,
            maps: Mutex::new(HashMap::new()),
            properties: OnceLock::new(),
            host_copy: Mutex::new(None),
            destructors: Destructors::default(),
            image: None,
        })
    }

    /// An image of `shape` in `context` with memory of its own, initialised from
    /// `initial` (at the shape's pitches) if given.
    pub fn image(
        context: Arc<Context>,
        flags: u64,
        host_ptr: usize,
        shape: ImageShape,
        initial: Option<&[u8]>,
    ) -> Result<Arc<MemObject>, i32> {
        let size = shape.bytes();
        let device = context.devices.first().ok_or(CL_OUT_OF_RESOURCES)?;
        let pixels = device.driver.create_buffer(size).map_err(driver_error)?;
        if let Some(data) = initial {
            upload(&pixels, device.gpu, data)?;
        }
        let parts = image_parts(&context, shape, pixels.address())?;
        let mem = MemObject::new(context, flags, size, host_ptr, Storage::Buffer(pixels));
        Ok(with_image(mem, parts))
    }

    /// An image of `shape` whose elements are the bytes of `buffer` from its start (a 1D
    /// image buffer, or a 2D image created from a buffer): the image is a view of the
    /// buffer, as a sub-buffer is, with the buffer's host pointer.
    pub fn image_on_buffer(
        buffer: &Arc<MemObject>,
        flags: u64,
        shape: ImageShape,
    ) -> Result<Arc<MemObject>, i32> {
        let (pixels, offset) = buffer.location();
        let parts = image_parts(&buffer.context, shape, pixels.address() + offset)?;
        let storage = Storage::SubBuffer {
            parent: buffer.clone(),
            origin: 0,
        };
        let mem = MemObject::new(
            buffer.context.clone(),
            flags,
            shape.bytes(),
            buffer.host_ptr,
            storage,
        );
        Ok(with_image(mem, parts))
    }

    /// A buffer of `size` bytes in `context`, initialised from `initial` if given.
    pub fn buffer(
        context: Arc<Context>,
        flags: u64,
        size: u64,
        host_ptr: usize,
        initial: Option<&[u8]>,
    ) -> Result<Arc<MemObject>, i32> {
        let device = context.devices.first().ok_or(CL_OUT_OF_RESOURCES)?;
        let buffer = device.driver.create_buffer(size).map_err(driver_error)?;
        if let Some(data) = initial {
            upload(&buffer, device.gpu, data)?;
        }
        Ok(MemObject::new(
            context,
            flags,
            size,
            host_ptr,
            Storage::Buffer(buffer),
        ))
    }

    /// A `CL_MEM_USE_HOST_PTR` buffer whose host pointer lies in an SVM allocation of
    /// `context`: its bytes are that SVM memory (`CL_MEM_USES_SVM_POINTER`), not a copy.
    /// `None` if `host_ptr` is not SVM memory of the context.
    pub fn buffer_on_svm(
        context: &Arc<Context>,
        flags: u64,
        size: u64,
        host_ptr: usize,
    ) -> Option<Arc<MemObject>> {
        let svm = super::svm::allocation_containing(context, host_ptr as u64, size)?;
        let device = context.devices.first()?;
        let buffer = device
            .driver
            .create_buffer_on_svm(&svm, host_ptr as u64, size)?;
        Some(MemObject::new(
            context.clone(),
            flags,
            size,
            host_ptr,
            Storage::Buffer(buffer),
        ))
    }

    /// Whether the object's bytes are SVM memory, the host's own: no copies between its
    /// host pointer and the device are needed (nor allowed: they are the same bytes).
    pub fn uses_svm(&self) -> bool {
        self.location().0.is_svm()
    }

    /// The sub-buffer of `size` bytes at `origin` of `parent`.
    pub fn sub_buffer(
        parent: &Arc<MemObject>,
        flags: u64,
        origin: u64,
        size: u64,
    ) -> Arc<MemObject> {
        let host_ptr = if parent.host_ptr != 0 {
            parent.host_ptr + origin as usize
        } else {
            0
        };
        let storage = Storage::SubBuffer {
            parent: parent.clone(),
            origin,
        };
        MemObject::new(parent.context.clone(), flags, size, host_ptr, storage)
    }

    /// The device buffer holding the bytes and the object's offset in it.
    pub fn location(&self) -> (&Arc<Buffer>, u64) {
        match &self.storage {
            Storage::Buffer(buffer) => (buffer, 0),
            Storage::SubBuffer { parent, origin } => {
                let (buffer, offset) = parent.location();
                (buffer, offset + origin)
            }
        }
    }

    /// The device buffer holding the object's bytes (its parent's, for a sub-buffer).
    pub fn device_buffer(&self) -> Arc<Buffer> {
        self.location().0.clone()
    }

    /// The parent buffer and origin, for sub-buffers.
    pub fn parent(&self) -> Option<(&Arc<MemObject>, u64)> {
        match &self.storage {
            Storage::Buffer(_) => None,
            Storage::SubBuffer { parent, origin } => Some((parent, *origin)),
        }
    }

    /// Reads `out.len()` bytes at `offset` as GPU `gpu` sees them.
    pub fn read(&self, gpu: usize, offset: u64, out: &mut [u8]) -> Result<(), i32> {
        let (buffer, base) = self.location();
        buffer.read(gpu, base + offset, out).map_err(driver_error)
    }

    /// Writes `data` at `offset` from GPU `gpu`.
    pub fn write(&self, gpu: usize, offset: u64, data: &[u8]) -> Result<(), i32> {
        let (buffer, base) = self.location();
        buffer.write(gpu, base + offset, data).map_err(driver_error)
    }

    /// Copies `len` bytes from `src` at `src_offset` to `dst_offset` of this object.
    pub fn copy_from(
        &self,
        gpu: usize,
        dst_offset: u64,
        src: &MemObject,
        src_offset: u64,
        len: u64,
    ) -> Result<(), i32> {
        let (dst_buffer, dst_base) = self.location();
        let (src_buffer, src_base) = src.location();
        dst_buffer
            .copy_from(
                gpu,
                dst_base + dst_offset,
                src_buffer,
                src_base + src_offset,
                len,
            )
            .map_err(driver_error)
    }

    /// Fills `len` bytes at `offset` with copies of `pattern`.
    pub fn fill(&self, gpu: usize, offset: u64, pattern: &[u8], len: u64) -> Result<(), i32> {
        let (buffer, base) = self.location();
        buffer
            .fill(gpu, base + offset, pattern, len)
            .map_err(driver_error)
    }

    /// Moves the object's bytes to GPU `gpu`.
    pub fn migrate_to(&self, gpu: usize) -> Result<(), i32> {
        self.location().0.make_resident(gpu).map_err(driver_error)
    }

    fn maps(&self) -> MutexGuard<'_, HashMap<usize, Vec<Mapping>>> {
        self.maps.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Maps `size` bytes at `offset`: returns the host address of the region (inside the
    /// application's host pointer if the object has one, else inside its host copy).
    pub fn map(&self, offset: u64, size: u64, writes: bool) -> usize {
        let base = if self.host_ptr != 0 {
            self.host_ptr
        } else {
            let mut copy = self.host_copy.lock().unwrap_or_else(|e| e.into_inner());
            let blocks = (self.size as usize).div_ceil(128).max(1);
            copy.get_or_insert_with(|| vec![StagingBlock([0; 128]); blocks].into_boxed_slice())
                .as_ptr() as usize
        };
        let address = base + offset as usize;
        self.maps().entry(address).or_default().push(Mapping {
            offset,
            size,
            writes,
        });
        address
    }

    /// Ends the most recent mapping at host address `address`, if there is one.
    pub fn unmap(&self, address: usize) -> Option<Mapping> {
        let mut maps = self.maps();
        let list = maps.get_mut(&address)?;
        let mapping = list.pop();
        if list.is_empty() {
            maps.remove(&address);
        }
        mapping
    }

    /// The number of active mappings.
    pub fn map_count(&self) -> u32 {
        self.maps().values().map(|l| l.len() as u32).sum()
    }

    /// Registers a callback run when the object is destroyed (last registered runs first).
    pub fn on_destroy(&self, callback: DestructorCallback) {
        self.destructors.add(callback);
    }
}
