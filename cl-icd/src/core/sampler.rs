//! Samplers: an OpenCL sampler's state and the sampler descriptor (S#) kernels receive a
//! pointer to.

use super::context::Context;
use crate::api::handle::{Header, ObjectKind};
use crate::core::memory::driver_error;
use cl_sys::CL_OUT_OF_RESOURCES;
use sim_core::driver::Buffer;
use sim_core::image::SamplerState;
use std::sync::Arc;

/// An OpenCL sampler object (`cl_sampler`).
#[repr(C)]
pub struct Sampler {
    header: Header,
    /// The context.
    pub context: Arc<Context>,
    /// The state.
    pub state: SamplerState,
    /// The properties it was created with (`CL_SAMPLER_PROPERTIES`), without the
    /// terminating 0; empty for `clCreateSampler`.
    pub properties: Vec<u64>,
    /// The four S# dwords in device memory.
    pub descriptor: Arc<Buffer>,
}
crate::cl_object!(Sampler, Sampler, CL_INVALID_SAMPLER);

impl Sampler {
    /// A sampler with `state` in `context`.
    pub fn new(
        context: Arc<Context>,
        state: SamplerState,
        properties: Vec<u64>,
    ) -> Result<Arc<Sampler>, i32> {
        let device = context.devices.first().ok_or(CL_OUT_OF_RESOURCES)?;
        let descriptor = device.driver.create_buffer(16).map_err(driver_error)?;
        let bytes: Vec<u8> = state.words().iter().flat_map(|w| w.to_le_bytes()).collect();
        descriptor
            .write(device.gpu, 0, &bytes)
            .map_err(driver_error)?;
        Ok(Arc::new(Sampler {
            header: Header::new(ObjectKind::Sampler),
            context,
            state,
            properties,
            descriptor,
        }))
    }
}
