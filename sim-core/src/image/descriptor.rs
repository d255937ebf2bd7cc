//! The image descriptor a kernel's image argument points to: the gfx8 image resource
//! (T#, eight dwords) followed by the dwords the ROCm device libraries read for the
//! OpenCL queries (dword 8: channel type, dword 9: channel order, dword 10: width, as HSA
//! codes), twelve dwords in all.
//!
//! T# fields used (GCN3 ISA, "Image Resource"): dword 0 BASE_ADDRESS (address / 256);
//! dword 1 BASE_ADDRESS_HI [7:0], DATA_FORMAT [25:20], NUM_FORMAT [29:26]; dword 2
//! WIDTH−1 [13:0], HEIGHT−1 [27:14]; dword 3 DST_SEL_X/Y/Z/W [11:0], BASE_LEVEL [15:12],
//! LAST_LEVEL [19:16], TYPE [31:28]; dword 4 DEPTH−1 [12:0], PITCH−1 [26:13] (elements);
//! dword 5 BASE_ARRAY [12:0], LAST_ARRAY [25:13]. Images are linear (untiled).
//!
//! A 1D image buffer is read and written with buffer instructions
//! (`buffer_load_format_*`, as the device libraries compile it), so its dwords 0–3 are a
//! buffer resource (V#) instead (GCN3 ISA, "Buffer Resource"): dword 0 BASE_ADDRESS
//! [31:0]; dword 1 BASE_ADDRESS_HI [15:0], STRIDE [29:16]; dword 2 NUM_RECORDS; dword 3
//! DST_SEL_X/Y/Z/W [11:0], NUM_FORMAT [14:12], DATA_FORMAT [18:15].

use super::format::{data_format_layout, ImageFormat, NumFormat};
use super::texel::ChannelCodec;

/// Bytes of the descriptor a kernel argument points to.
pub const DESCRIPTOR_BYTES: u64 = 48;
/// Alignment the resource's base address needs (it holds address / 256).
pub const BASE_ALIGNMENT: u64 = 256;

/// The shape of an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageKind {
    /// One dimension.
    D1,
    /// An array of one-dimensional layers.
    D1Array,
    /// Two dimensions.
    D2,
    /// An array of two-dimensional layers.
    D2Array,
    /// Three dimensions.
    D3,
}

impl ImageKind {
    /// The resource TYPE field.
    fn code(self) -> u32 {
        match self {
            Self::D1 => 8,
            Self::D2 => 9,
            Self::D3 => 10,
            Self::D1Array => 12,
            Self::D2Array => 13,
        }
    }

    fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            8 => Self::D1,
            9 => Self::D2,
            10 => Self::D3,
            12 => Self::D1Array,
            13 => Self::D2Array,
            _ => return None,
        })
    }

    /// Coordinates that address a texel: the spatial ones, then the layer for arrays.
    pub fn coordinates(self) -> usize {
        match self {
            Self::D1 => 1,
            Self::D1Array | Self::D2 => 2,
            Self::D2Array | Self::D3 => 3,
        }
    }

    /// Spatial (filtered) coordinates.
    pub fn spatial(self) -> usize {
        match self {
            Self::D1 | Self::D1Array => 1,
            Self::D2 | Self::D2Array => 2,
            Self::D3 => 3,
        }
    }

    /// Whether the last coordinate picks a layer.
    pub fn is_array(self) -> bool {
        matches!(self, Self::D1Array | Self::D2Array)
    }
}

/// An image's shape and size, in elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageGeometry {
    /// The shape.
    pub kind: ImageKind,
    /// Width.
    pub width: u32,
    /// Height (1 for one-dimensional shapes).
    pub height: u32,
    /// Depth (1 unless three-dimensional).
    pub depth: u32,
    /// Layers (1 unless an array).
    pub layers: u32,
}

impl ImageGeometry {
    /// Slices (depth or layers): the number of `width × height` planes.
    #[inline]
    pub fn slices(&self) -> u32 {
        self.depth * self.layers
    }

    /// Bytes of the whole image with elements of `element_bytes`.
    pub fn bytes(&self, element_bytes: u32) -> u64 {
        u64::from(self.width)
            * u64::from(self.height)
            * u64::from(self.slices())
            * u64::from(element_bytes)
    }

    /// The descriptor (T# and the device libraries' dwords) of an image with this shape
    /// and `format` whose elements start at `base` (a multiple of [`BASE_ALIGNMENT`]),
    /// rows `pitch` elements apart (at least the width).
    pub fn descriptor(&self, format: ImageFormat, base: u64, pitch: u32) -> [u32; 12] {
        let sel = format.order.dst_sel();
        let mut d = [0u32; 12];
        d[0] = (base >> 8) as u32;
        d[1] = ((base >> 40) as u32 & 0xff)
            | format.data_format() << 20
            | format.ty.num_format().code() << 26;
        d[2] = (self.width - 1) | (self.height - 1) << 14;
        d[3] = sel[0] | sel[1] << 3 | sel[2] << 6 | sel[3] << 9 | self.kind.code() << 28;
        d[4] = (self.depth - 1) | (pitch - 1) << 13;
        d[5] = (self.layers - 1) << 13;
        d[8] = format.ty.hsa_code();
        d[9] = format.order.hsa_code();
        d[10] = self.width;
        d
    }
}

/// The descriptor (V# and the device libraries' dwords) of a 1D image buffer of `width`
/// elements of `format` starting at byte address `base`: a structured buffer of one
/// element per record, so that an index out of the image reads zeros and writes nothing.
pub fn texel_buffer_descriptor(format: ImageFormat, base: u64, width: u32) -> [u32; 12] {
    let sel = format.order.dst_sel();
    let mut d = [0u32; 12];
    d[0] = base as u32;
    d[1] = ((base >> 32) as u32 & 0xffff) | format.element_bytes() << 16;
    d[2] = width;
    d[3] = sel[0]
        | sel[1] << 3
        | sel[2] << 6
        | sel[3] << 9
        | format.ty.num_format().code() << 12
        | format.data_format() << 15;
    d[8] = format.ty.hsa_code();
    d[9] = format.order.hsa_code();
    d[10] = width;
    d
}

/// Register values of the channels `raw` (read from memory, register bits) through the
/// destination selects `dst_sel` of a resource: selects 4–7 pick a channel, 1 gives
/// one (1 for integer formats, else 1.0), 0 gives zero.
#[inline]
pub fn apply_dst_sel(dst_sel: [u32; 4], integer: bool, raw: [u32; 4]) -> [u32; 4] {
    let one = if integer { 1 } else { 1f32.to_bits() };
    let mut rgba = [0u32; 4];
    for (v, s) in rgba.iter_mut().zip(dst_sel) {
        *v = match s {
            4..=7 => raw[(s - 4) as usize],
            1 => one,
            _ => 0,
        };
    }
    rgba
}

/// The memory channel values that make `rgba` read back through `dst_sel`: the inverse
/// of [`apply_dst_sel`], applied by stores.
#[inline]
pub fn invert_dst_sel(dst_sel: [u32; 4], rgba: [u32; 4]) -> [u32; 4] {
    let mut raw = [0u32; 4];
    for (value, s) in rgba.iter().zip(dst_sel) {
        if (4..=7).contains(&s) {
            raw[(s - 4) as usize] = *value;
        }
    }
    raw
}

/// A decoded image resource (T#), as the texture unit reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImageResource {
    /// Address of element (0, 0, 0).
    pub base: u64,
    /// The shape and size.
    pub geometry: ImageGeometry,
    /// Elements per row in memory.
    pub pitch: u32,
    /// Channels per element.
    pub channels: u32,
    /// Bytes per channel.
    pub channel_bytes: u32,
    /// Channel conversion.
    pub num_format: NumFormat,
    /// The channel conversion's constants.
    pub codec: ChannelCodec,
    /// Destination selects (see [`super::format::ChannelOrder::dst_sel`]).
    pub dst_sel: [u32; 4],
    /// Mip levels (LAST_LEVEL − BASE_LEVEL + 1).
    pub levels: u32,
}

/// Why an image resource cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceError {
    /// TYPE is not an image shape gcnsim handles (cube maps, multisampled, buffers).
    Kind,
    /// DATA_FORMAT or NUM_FORMAT is one gcnsim does not convert.
    Format,
}

impl ImageResource {
    /// Decodes the eight T# dwords.
    pub fn from_words(t: [u32; 8]) -> Result<Self, ResourceError> {
        let kind = ImageKind::from_code(t[3] >> 28).ok_or(ResourceError::Kind)?;
        let (channels, channel_bytes) =
            data_format_layout((t[1] >> 20) & 0x3f).ok_or(ResourceError::Format)?;
        let num_format = NumFormat::from_code((t[1] >> 26) & 0xf).ok_or(ResourceError::Format)?;
        let float_ok = num_format != NumFormat::Float || channel_bytes != 1;
        if !float_ok {
            return Err(ResourceError::Format);
        }
        let field = |w: usize, lo: u32, n: u32| (t[w] >> lo) & ((1 << n) - 1);
        let geometry = ImageGeometry {
            kind,
            width: field(2, 0, 14) + 1,
            height: field(2, 14, 14) + 1,
            depth: if kind == ImageKind::D3 {
                field(4, 0, 13) + 1
            } else {
                1
            },
            layers: if kind.is_array() {
                field(5, 13, 13) - field(5, 0, 13) + 1
            } else {
                1
            },
        };
        Ok(ImageResource {
            base: (u64::from(t[0]) | u64::from(t[1] & 0xff) << 32) << 8,
            geometry,
            pitch: field(4, 13, 14) + 1,
            channels,
            channel_bytes,
            num_format,
            codec: ChannelCodec::new(channel_bytes, num_format),
            dst_sel: [0, 3, 6, 9].map(|s| field(3, s, 3)),
            levels: field(3, 16, 4).saturating_sub(field(3, 12, 4)) + 1,
        })
    }

    /// Bytes of one element.
    #[inline]
    pub fn element_bytes(&self) -> u32 {
        self.channels * self.channel_bytes
    }

    /// Address of the element at (`x`, `y`, `slice`), where `slice` is the depth or layer.
    #[inline]
    pub fn element_address(&self, x: u32, y: u32, slice: u32) -> u64 {
        let row = u64::from(slice) * u64::from(self.geometry.height) + u64::from(y);
        self.base + (row * u64::from(self.pitch) + u64::from(x)) * u64::from(self.element_bytes())
    }

    /// Applies the destination selects to `raw` channel values (register bits).
    #[inline]
    pub fn swizzle(&self, raw: [u32; 4]) -> [u32; 4] {
        apply_dst_sel(self.dst_sel, self.num_format.is_integer(), raw)
    }

    /// The memory channel values (register bits) that make `rgba` read back through the
    /// destination selects: the inverse swizzle of a store.
    #[inline]
    pub fn unswizzle(&self, rgba: [u32; 4]) -> [u32; 4] {
        invert_dst_sel(self.dst_sel, rgba)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::format::{ChannelOrder, ChannelType};

    #[test]
    fn descriptor_decodes_to_what_was_built() {
        let g = ImageGeometry {
            kind: ImageKind::D2Array,
            width: 640,
            height: 480,
            depth: 1,
            layers: 7,
        };
        let f = ImageFormat {
            order: ChannelOrder::Bgra,
            ty: ChannelType::UnormInt8,
        };
        let d = g.descriptor(f, 0x12_3456_7800, 640);
        let r = ImageResource::from_words(d[..8].try_into().unwrap()).unwrap();
        assert_eq!(r.base, 0x12_3456_7800);
        assert_eq!(r.geometry, g);
        assert_eq!((r.pitch, r.channels, r.channel_bytes), (640, 4, 1));
        assert_eq!(r.num_format, NumFormat::Unorm);
        assert_eq!(r.levels, 1);
        // BGRA: red comes from memory channel 2.
        assert_eq!(r.swizzle([10, 11, 12, 13]), [12, 11, 10, 13]);
        assert_eq!(r.unswizzle([12, 11, 10, 13]), [10, 11, 12, 13]);
        assert_eq!(
            r.element_address(3, 2, 1),
            0x12_3456_7800 + ((480 + 2) * 640 + 3) * 4
        );
        // What the device libraries read: height in dword 2, layers in dword 5, width in 10.
        assert_eq!(((d[2] >> 14) & 0x3fff) + 1, 480);
        assert_eq!(((d[5] >> 13) & 0x1fff) + 1, 7);
        assert_eq!((d[8], d[9], d[10]), (2, 9, 640));
    }
}
