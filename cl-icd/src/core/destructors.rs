//! Destructor callbacks of an object (`clSetMemObjectDestructorCallback`,
//! `clSetContextDestructorCallback`): run when the object is destroyed, last added first.

use std::sync::Mutex;

/// A function called when the object is destroyed.
pub type DestructorCallback = Box<dyn FnOnce() + Send>;

/// The destructor callbacks of one object; they run when this value is dropped, so it is
/// declared as the object's last field (after everything else has been released).
#[derive(Default)]
pub struct Destructors(Mutex<Vec<DestructorCallback>>);

impl Destructors {
    /// Adds a callback.
    pub fn add(&self, callback: DestructorCallback) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(callback);
    }
}

impl Drop for Destructors {
    fn drop(&mut self) {
        let callbacks = std::mem::take(self.0.get_mut().unwrap_or_else(|e| e.into_inner()));
        for callback in callbacks.into_iter().rev() {
            callback();
        }
    }
}
