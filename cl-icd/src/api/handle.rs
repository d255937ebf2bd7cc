//! OpenCL handles: every object starts with a [`Header`] (the ICD dispatch-table pointer
//! and a type tag), lives in an `Arc`, and its handle is the `Arc`'s raw pointer, so
//! `clRetain*`/`clRelease*` change the strong count. One generic mechanism for all types.

use super::icd::{IcdDispatch, DISPATCH};
use super::CLResult;
use once_cell::sync::Lazy;
use std::collections::HashMap;
use std::ffi::c_void;
use std::mem::ManuallyDrop;
use std::sync::{Arc, Mutex};

/// The OpenCL object types, as tagged in every [`Header`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ObjectKind {
    /// `cl_platform_id`
    Platform,
    /// `cl_device_id`
    Device,
    /// `cl_context`
    Context,
    /// `cl_command_queue`
    Queue,
    /// `cl_mem`
    Mem,
    /// `cl_program` (objects come with the program implementation).
    #[allow(dead_code)]
    Program,
    /// `cl_kernel` (objects come with the kernel implementation).
    #[allow(dead_code)]
    Kernel,
    /// `cl_event`
    Event,
    /// `cl_sampler`
    Sampler,
}

/// Addresses of the objects that currently have a valid handle, with their type, so that
/// NULL, foreign, wrong-typed and destroyed handles are all recognised.
static LIVE: Lazy<Mutex<HashMap<usize, ObjectKind>>> = Lazy::new(Default::default);

fn live() -> std::sync::MutexGuard<'static, HashMap<usize, ObjectKind>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The first field of every OpenCL object: what the ICD loader and the handle checks read.
#[repr(C)]
pub struct Header {
    dispatch: &'static IcdDispatch,
    kind: ObjectKind,
}

impl Header {
    /// A header for a new object of type `kind`.
    pub fn new(kind: ObjectKind) -> Header {
        Header {
            dispatch: &DISPATCH,
            kind,
        }
    }
}

impl Drop for Header {
    fn drop(&mut self) {
        // The header is the object's first field, so its address is the handle.
        live().remove(&(self as *const Header as usize));
    }
}

/// An OpenCL object type: `#[repr(C)]` with a [`Header`] as its first field.
pub trait ClObject: Send + Sync + Sized + 'static {
    /// The type tag.
    const KIND: ObjectKind;
    /// The error an invalid handle of this type yields (e.g. `CL_INVALID_CONTEXT`).
    const INVALID: i32;
    /// The object's header (must be its first field).
    fn header(&self) -> &Header;
}

/// The handle (`cl_context`, `cl_mem`, ...) of `obj`; the object becomes valid as a handle
/// from now on. Does not change the reference count.
pub fn handle_of<T: ClObject>(obj: &Arc<T>) -> *mut c_void {
    let ptr = Arc::as_ptr(obj);
    debug_assert_eq!(obj.header() as *const Header as usize, ptr as usize);
    debug_assert_eq!(obj.header().kind, T::KIND);
    live().insert(ptr as usize, T::KIND);
    ptr as *mut c_void
}

/// Hands a new object to the application: the handle owns one strong count.
pub fn new_handle<T: ClObject>(obj: Arc<T>) -> *mut c_void {
    let handle = handle_of(&obj);
    let _ = Arc::into_raw(obj);
    handle
}

fn check<T: ClObject>(
    handle: *mut c_void,
    table: &HashMap<usize, ObjectKind>,
) -> CLResult<*const T> {
    match table.get(&(handle as usize)) {
        Some(kind) if *kind == T::KIND => Ok(handle as *const T),
        _ => Err(T::INVALID),
    }
}

/// The object behind `handle`, or `T::INVALID` if it is NULL, foreign, of another type
/// or already destroyed.
pub fn get<'a, T: ClObject>(handle: *mut c_void) -> CLResult<&'a T> {
    let ptr = check::<T>(handle, &live())?;
    // SAFETY: `ptr` is registered, so it is the live `Arc<T>` allocation made by
    // `handle_of`; it stays alive while the application holds the handle.
    Ok(unsafe { &*ptr })
}

/// Like [`get`], but a new strong reference (for commands that keep the object alive).
pub fn get_arc<T: ClObject>(handle: *mut c_void) -> CLResult<Arc<T>> {
    let table = live();
    let ptr = check::<T>(handle, &table)?;
    // SAFETY: `ptr` came from an `Arc<T>` that is still alive (it is registered and the
    // registry lock is held, so it cannot be unregistered by its drop meanwhile).
    unsafe {
        Arc::increment_strong_count(ptr);
        Ok(Arc::from_raw(ptr))
    }
}

/// `clRetain*`: one more strong reference owned by the application.
pub fn retain<T: ClObject>(handle: *mut c_void) -> CLResult<()> {
    std::mem::forget(get_arc::<T>(handle)?);
    Ok(())
}

/// `clRelease*`: drops one strong reference owned by the application.
pub fn release<T: ClObject>(handle: *mut c_void) -> CLResult<()> {
    let ptr = check::<T>(handle, &live())?;
    // SAFETY: `ptr` is a live `Arc<T>` pointer and the application gives up one of the
    // strong counts it owns (from `new_handle` or `retain`).
    unsafe { Arc::decrement_strong_count(ptr) };
    Ok(())
}

/// The reference count of the object behind `handle` (for `CL_*_REFERENCE_COUNT`).
pub fn reference_count<T: ClObject>(obj: &T) -> u32 {
    // SAFETY: `obj` lives in an `Arc<T>` (all handle objects do); the ManuallyDrop keeps
    // the count unchanged.
    let arc = ManuallyDrop::new(unsafe { Arc::from_raw(obj as *const T) });
    Arc::strong_count(&arc) as u32
}

/// Converts a list of handles (`num` entries at `list`) into objects.
pub fn get_list<T: ClObject>(list: &[*mut c_void]) -> CLResult<Vec<Arc<T>>> {
    list.iter().map(|h| get_arc::<T>(*h)).collect()
}

/// Declares the [`ClObject`] impl of a `#[repr(C)]` type whose first field is `header`.
#[macro_export]
macro_rules! cl_object {
    ($ty:ty, $kind:ident, $invalid:ident) => {
        impl $crate::api::handle::ClObject for $ty {
            const KIND: $crate::api::handle::ObjectKind = $crate::api::handle::ObjectKind::$kind;
            const INVALID: i32 = cl_sys::$invalid;
            fn header(&self) -> &$crate::api::handle::Header {
                &self.header
            }
        }
    };
}
