//! The implementation objects behind the OpenCL handles; no raw C pointers here.

pub mod context;
pub mod destructors;
pub mod device;
pub mod event;
pub mod exit;
pub mod host;
pub mod kernel;
pub mod memory;
pub mod platform;
pub mod program;
pub mod queue;
pub mod sampler;
pub mod svm;
