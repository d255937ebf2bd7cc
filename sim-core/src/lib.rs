//! gcnsim's simulator: a plain Rust library, with no OpenCL types in its API, that models
//! AMD GCN3 GPUs (R9 Nano class, gfx803) and the driver that feeds them.

pub mod compiler;
pub mod config;
pub mod driver;
pub mod emu;
pub mod engine;
mod fast_hash;
pub mod gpu;
pub mod image;
pub mod isa;
pub mod loader;
pub mod metrics;
pub mod platform;
pub mod timing;
