//! The gfx8 flat address apertures: which 64-bit generic addresses reach LDS or private
//! (scratch) memory instead of global memory.
//!
//! gcnsim places them where the Linux KFD places them for gfx8 (64-bit processes): each
//! aperture is 4 GiB, selected by the address's upper 32 bits, which the launch path
//! writes into the queue's `amd_queue_t` (`group_segment_aperture_base_hi` at byte offset
//! [`GROUP_APERTURE_HI_OFFSET`], `private_segment_aperture_base_hi` at
//! [`PRIVATE_APERTURE_HI_OFFSET`]); code object v4 kernels load them from there through
//! the queue pointer to build generic pointers.

/// Base address of the LDS (group segment) aperture.
pub const SHARED_APERTURE_BASE: u64 = 0x1000_0000_0000_0000 << 1;
/// Base address of the private (scratch) aperture.
pub const PRIVATE_APERTURE_BASE: u64 = SHARED_APERTURE_BASE + 0x1_0000_0000;
/// Size of each aperture.
pub const APERTURE_BYTES: u64 = 0x1_0000_0000;
/// Byte offset of `group_segment_aperture_base_hi` in `amd_queue_t`.
pub const GROUP_APERTURE_HI_OFFSET: u64 = 0x40;
/// Byte offset of `private_segment_aperture_base_hi` in `amd_queue_t`.
pub const PRIVATE_APERTURE_HI_OFFSET: u64 = 0x44;

/// Which memory a generic address reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aperture {
    /// Global memory at this address.
    Global(u64),
    /// The work-group's LDS at this byte offset.
    Shared(u64),
    /// The work-item's private memory at this byte offset.
    Private(u64),
}

/// Classifies a flat address.
pub fn classify(address: u64) -> Aperture {
    match address >> 32 {
        hi if hi == SHARED_APERTURE_BASE >> 32 => Aperture::Shared(address & 0xffff_ffff),
        hi if hi == PRIVATE_APERTURE_BASE >> 32 => Aperture::Private(address & 0xffff_ffff),
        _ => Aperture::Global(address),
    }
}
