//! `libgcnsim.so`: the OpenCL installable client driver. Entry points validate their
//! arguments as the specification says, turn handles into Rust objects and forward the
//! work to `sim-core`.

mod api;
mod core;

pub use api::icd::exports::*;
