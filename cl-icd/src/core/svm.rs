//! Shared virtual memory allocations (`clSVMAlloc`) of every context, by address: host
//! memory the driver maps at its own address on every simulated GPU.

use super::context::Context;
use sim_core::driver::{DriverError, SvmAllocation};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// One live SVM allocation and the context that made it.
struct SvmBuffer {
    /// The owning context, by identity.
    context: usize,
    allocation: Arc<SvmAllocation>,
}

/// Live allocations by start address.
static ALLOCATIONS: Mutex<BTreeMap<u64, SvmBuffer>> = Mutex::new(BTreeMap::new());

fn allocations() -> MutexGuard<'static, BTreeMap<u64, SvmBuffer>> {
    ALLOCATIONS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A new zeroed SVM allocation of `size` bytes in `context`, aligned to `alignment` (a
/// power of two); returns its address.
pub fn allocate(context: &Arc<Context>, size: u64, alignment: u64) -> Result<u64, DriverError> {
    let driver = &context
        .devices
        .first()
        .ok_or(DriverError::OutOfHostMemory {
            requested_bytes: size,
        })?
        .driver;
    let allocation = driver.create_svm(size, alignment)?;
    let address = allocation.address();
    allocations().insert(
        address,
        SvmBuffer {
            context: Arc::as_ptr(context) as usize,
            allocation,
        },
    );
    Ok(address)
}

/// Frees the allocation of `context` that starts at `address`; `false` if there is none.
pub fn free(context: &Context, address: u64) -> bool {
    let mut all = allocations();
    let owned = all
        .get(&address)
        .is_some_and(|b| b.context == context as *const Context as usize);
    owned && all.remove(&address).is_some()
}

/// Whether `address..address + len` lies inside one SVM allocation of `context`.
pub fn contains(context: &Context, address: u64, len: u64) -> bool {
    allocation_containing(context, address, len).is_some()
}

/// The SVM allocation of `context` that `address..address + len` lies inside, if any.
pub fn allocation_containing(
    context: &Context,
    address: u64,
    len: u64,
) -> Option<Arc<SvmAllocation>> {
    allocations()
        .range(..=address)
        .next_back()
        .filter(|(_, b)| {
            b.context == context as *const Context as usize && b.allocation.contains(address, len)
        })
        .map(|(_, b)| b.allocation.clone())
}
