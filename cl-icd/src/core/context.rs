//! A context: a set of devices sharing memory objects and events.

use super::destructors::{DestructorCallback, Destructors};
use super::device::Device;
use crate::api::handle::{Header, ObjectKind};
use std::sync::Arc;

/// A function the application gave to be called with an error message (`pfn_notify`).
pub type ErrorNotify = Box<dyn Fn(&str) + Send + Sync>;

/// An OpenCL context.
#[repr(C)]
pub struct Context {
    header: Header,
    /// The devices, in the order the application listed them.
    pub devices: Vec<Arc<Device>>,
    /// The properties as given, with their 0 terminator (empty if none were given).
    pub properties: Vec<isize>,
    notify: Option<ErrorNotify>,
    destructors: Destructors,
}
crate::cl_object!(Context, Context, CL_INVALID_CONTEXT);

impl Context {
    /// A context for `devices`.
    pub fn new(
        devices: Vec<Arc<Device>>,
        properties: Vec<isize>,
        notify: Option<ErrorNotify>,
    ) -> Arc<Context> {
        Arc::new(Context {
            header: Header::new(ObjectKind::Context),
            devices,
            properties,
            notify,
            destructors: Destructors::default(),
        })
    }

    /// Whether `device` belongs to this context.
    pub fn has_device(&self, device: &Device) -> bool {
        self.devices
            .iter()
            .any(|d| std::ptr::eq(d.as_ref(), device))
    }

    /// The largest allocation every device of the context allows.
    pub fn max_alloc_bytes(&self) -> u64 {
        self.devices
            .iter()
            .map(|d| d.max_alloc_bytes())
            .min()
            .unwrap_or(0)
    }

    /// Reports an error to the application's `pfn_notify`, if it gave one.
    pub fn notify(&self, message: &str) {
        if let Some(notify) = &self.notify {
            notify(message);
        }
    }

    /// Registers a callback run when the context is destroyed (last registered runs first).
    pub fn on_destroy(&self, callback: DestructorCallback) {
        self.destructors.add(callback);
    }
}
