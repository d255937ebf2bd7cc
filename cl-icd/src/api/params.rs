//! Reading the application's arguments and writing its result buffers: the only places
//! where the API layer dereferences application pointers.

use super::CLResult;
use cl_sys::{cl_int, CL_INVALID_VALUE};
use std::ffi::{c_char, c_void, CStr};

/// Writes `value` to `ptr` unless it is NULL.
pub fn write_out<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() {
        // SAFETY: a non-NULL result pointer is the application's promise of a writable T.
        unsafe { ptr.write_unaligned(value) };
    }
}

/// The `len` elements at `ptr` (empty if `ptr` is NULL or `len` is 0).
pub fn slice<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the application promises `len` readable elements at non-NULL `ptr`.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// The `len` writable elements at `ptr` (empty if `ptr` is NULL or `len` is 0).
pub fn slice_mut<'a, T>(ptr: *mut T, len: usize) -> &'a mut [T] {
    if ptr.is_null() || len == 0 {
        return &mut [];
    }
    // SAFETY: the application promises `len` writable elements at non-NULL `ptr`.
    unsafe { std::slice::from_raw_parts_mut(ptr, len) }
}

/// The (name, value) pairs of a property list terminated by a 0 name.
pub fn properties<T: Copy + Default + PartialEq>(ptr: *const T) -> Vec<(T, T)> {
    let mut pairs = Vec::new();
    if ptr.is_null() {
        return pairs;
    }
    loop {
        // SAFETY: a property list is (name, value) pairs up to a 0 name, all readable.
        let name = unsafe { *ptr.add(2 * pairs.len()) };
        if name == T::default() {
            return pairs;
        }
        // SAFETY: as above; a non-zero name is followed by its value.
        let value = unsafe { *ptr.add(2 * pairs.len() + 1) };
        pairs.push((name, value));
    }
}

/// The NUL-terminated string at `ptr`, if any.
pub fn c_str<'a>(ptr: *const c_char) -> Option<&'a CStr> {
    // SAFETY: a non-NULL string argument is NUL-terminated by the API contract.
    (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) })
}

/// A region of application memory handed to a command that runs later on a queue's
/// worker thread (e.g. a non-blocking read's destination).
#[derive(Clone, Copy)]
pub struct HostRegion {
    ptr: usize,
    len: usize,
}

impl HostRegion {
    /// The `len` bytes at `ptr`.
    pub fn new(ptr: *const c_void, len: usize) -> HostRegion {
        HostRegion {
            ptr: ptr as usize,
            len,
        }
    }
    /// The region's bytes.
    pub fn bytes<'a>(self) -> &'a [u8] {
        slice(self.ptr as *const u8, self.len)
    }
    /// The region's bytes, writable.
    pub fn bytes_mut<'a>(self) -> &'a mut [u8] {
        slice_mut(self.ptr as *mut u8, self.len)
    }
}

/// A value a `clGet*Info` query returns, as the bytes the application receives.
pub trait InfoValue {
    /// The value's bytes in host order.
    fn info_bytes(&self) -> Vec<u8>;
}

macro_rules! info_value_ne_bytes {
    ($($t:ty),*) => {$(
        impl InfoValue for $t {
            fn info_bytes(&self) -> Vec<u8> {
                self.to_ne_bytes().to_vec()
            }
        }
    )*};
}
info_value_ne_bytes!(u32, i32, u64, i64, usize, isize);

impl InfoValue for *mut c_void {
    fn info_bytes(&self) -> Vec<u8> {
        (*self as usize).info_bytes()
    }
}

impl InfoValue for str {
    fn info_bytes(&self) -> Vec<u8> {
        let mut bytes = self.as_bytes().to_vec();
        bytes.push(0);
        bytes
    }
}

impl InfoValue for String {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_str().info_bytes()
    }
}

impl<T: InfoValue> InfoValue for [T] {
    fn info_bytes(&self) -> Vec<u8> {
        self.iter().flat_map(InfoValue::info_bytes).collect()
    }
}

impl<T: InfoValue> InfoValue for Vec<T> {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_slice().info_bytes()
    }
}

impl<T: InfoValue, const N: usize> InfoValue for [T; N] {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_slice().info_bytes()
    }
}

/// The bytes of an info value (shorthand for query tables).
pub fn info<T: InfoValue + ?Sized>(value: &T) -> Vec<u8> {
    value.info_bytes()
}

/// The `clGet*Info` tail: copies `value` to `param_value` and its size to
/// `param_value_size_ret`.
pub fn write_info(
    value: CLResult<Vec<u8>>,
    param_value_size: usize,
    param_value: *mut c_void,
    param_value_size_ret: *mut usize,
) -> CLResult<()> {
    let value = value?;
    if !param_value.is_null() {
        // CL_INVALID_VALUE if ... size in bytes specified by param_value_size is < size of
        // return type ... and param_value is not NULL.
        if param_value_size < value.len() {
            return Err(CL_INVALID_VALUE);
        }
        slice_mut(param_value as *mut u8, value.len()).copy_from_slice(&value);
    }
    write_out(param_value_size_ret, value.len());
    Ok(())
}

/// Writes a list of handles to `out` (room for `num_entries`) and its length to
/// `num_ret`, as `clGetPlatformIDs`/`clGetDeviceIDs` do.
pub fn write_list<T: Copy>(items: &[T], num_entries: u32, out: *mut T, num_ret: *mut u32) {
    if !out.is_null() {
        let n = items.len().min(num_entries as usize);
        slice_mut(out, n).copy_from_slice(&items[..n]);
    }
    write_out(num_ret, items.len() as u32);
}

/// `Err(error)` if `condition` holds: one validation rule of the spec.
pub fn check(condition: bool, error: cl_int) -> CLResult<()> {
    if condition {
        Err(error)
    } else {
        Ok(())
    }
}
