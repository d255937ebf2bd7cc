//! Images and samplers as a gfx8 GPU sees them: formats, the image descriptor (T# plus
//! the device libraries' extra dwords) and sampler descriptor (S#) the driver writes for
//! kernel arguments, channel conversions, and the texel addressing and filtering the
//! texture unit applies (used by the emulator's image instructions).

pub mod descriptor;
pub mod filter;
pub mod format;
pub mod round;
pub mod sampler;
pub mod texel;

pub use descriptor::{
    apply_dst_sel, invert_dst_sel, texel_buffer_descriptor, ImageGeometry, ImageKind,
    ImageResource, ResourceError, BASE_ALIGNMENT, DESCRIPTOR_BYTES,
};
pub use format::{ChannelOrder, ChannelType, ImageFormat, NumFormat};
pub use sampler::{Addressing, Filter, SamplerResource, SamplerState};
