//! Image formats: the channel orders and data types an image can have, their sizes, and
//! how a gfx8 texture unit sees them (data and numeric formats of the resource, the
//! destination swizzle, and the HSA codes the device libraries read back for
//! `get_image_channel_order`/`get_image_channel_data_type`).

/// The channels an image element holds and in which order they lie in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelOrder {
    /// Red only.
    R,
    /// Red, green, blue, alpha.
    Rgba,
    /// Blue, green, red, alpha (in memory order).
    Bgra,
}

/// How each channel is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelType {
    /// 8-bit unsigned, read as [0, 1].
    UnormInt8,
    /// 16-bit unsigned, read as [0, 1].
    UnormInt16,
    /// 8-bit signed, read as [-1, 1].
    SnormInt8,
    /// 16-bit signed, read as [-1, 1].
    SnormInt16,
    /// 8-bit signed integer.
    SignedInt8,
    /// 16-bit signed integer.
    SignedInt16,
    /// 32-bit signed integer.
    SignedInt32,
    /// 8-bit unsigned integer.
    UnsignedInt8,
    /// 16-bit unsigned integer.
    UnsignedInt16,
    /// 32-bit unsigned integer.
    UnsignedInt32,
    /// IEEE binary16.
    HalfFloat,
    /// IEEE binary32.
    Float,
}

/// How a texture unit converts a channel (the resource's NUM_FORMAT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumFormat {
    /// Unsigned normalised.
    Unorm,
    /// Signed normalised.
    Snorm,
    /// Unsigned integer.
    Uint,
    /// Signed integer.
    Sint,
    /// Floating point.
    Float,
}

impl NumFormat {
    /// The NUM_FORMAT field value.
    pub fn code(self) -> u32 {
        match self {
            Self::Unorm => 0,
            Self::Snorm => 1,
            Self::Uint => 4,
            Self::Sint => 5,
            Self::Float => 7,
        }
    }

    /// The numeric format of NUM_FORMAT `code`, if gcnsim handles it.
    pub fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            0 => Self::Unorm,
            1 => Self::Snorm,
            4 => Self::Uint,
            5 => Self::Sint,
            7 => Self::Float,
            _ => return None,
        })
    }

    /// Whether channels read as integers (no filtering, no normalisation).
    pub fn is_integer(self) -> bool {
        matches!(self, Self::Uint | Self::Sint)
    }
}

/// A channel order with a channel type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageFormat {
    /// The channels.
    pub order: ChannelOrder,
    /// Their storage.
    pub ty: ChannelType,
}

/// Every channel type, in the order `clGetSupportedImageFormats` lists them.
pub const CHANNEL_TYPES: [ChannelType; 12] = [
    ChannelType::UnormInt8,
    ChannelType::UnormInt16,
    ChannelType::SnormInt8,
    ChannelType::SnormInt16,
    ChannelType::SignedInt8,
    ChannelType::SignedInt16,
    ChannelType::SignedInt32,
    ChannelType::UnsignedInt8,
    ChannelType::UnsignedInt16,
    ChannelType::UnsignedInt32,
    ChannelType::HalfFloat,
    ChannelType::Float,
];

/// Destination-select codes of the resource: constant 0, constant 1, or a memory channel.
const SEL_0: u32 = 0;
const SEL_1: u32 = 1;
const SEL_X: u32 = 4;
const SEL_Y: u32 = 5;
const SEL_Z: u32 = 6;
const SEL_W: u32 = 7;

impl ChannelType {
    /// Bytes of one channel.
    pub fn channel_bytes(self) -> u32 {
        use ChannelType::*;
        match self {
            UnormInt8 | SnormInt8 | SignedInt8 | UnsignedInt8 => 1,
            UnormInt16 | SnormInt16 | SignedInt16 | UnsignedInt16 | HalfFloat => 2,
            SignedInt32 | UnsignedInt32 | Float => 4,
        }
    }

    /// The texture unit's conversion.
    pub fn num_format(self) -> NumFormat {
        use ChannelType::*;
        match self {
            UnormInt8 | UnormInt16 => NumFormat::Unorm,
            SnormInt8 | SnormInt16 => NumFormat::Snorm,
            SignedInt8 | SignedInt16 | SignedInt32 => NumFormat::Sint,
            UnsignedInt8 | UnsignedInt16 | UnsignedInt32 => NumFormat::Uint,
            HalfFloat | Float => NumFormat::Float,
        }
    }

    /// The `hsa_ext_image_channel_type_t` code the device libraries translate back.
    pub fn hsa_code(self) -> u32 {
        use ChannelType::*;
        match self {
            SnormInt8 => 0,
            SnormInt16 => 1,
            UnormInt8 => 2,
            UnormInt16 => 3,
            SignedInt8 => 8,
            SignedInt16 => 9,
            SignedInt32 => 10,
            UnsignedInt8 => 11,
            UnsignedInt16 => 12,
            UnsignedInt32 => 13,
            HalfFloat => 14,
            Float => 15,
        }
    }
}

impl ChannelOrder {
    /// Channels per element.
    pub fn channels(self) -> u32 {
        match self {
            Self::R => 1,
            Self::Rgba | Self::Bgra => 4,
        }
    }

    /// The `hsa_ext_image_channel_order_t` code the device libraries translate back.
    pub fn hsa_code(self) -> u32 {
        match self {
            Self::R => 1,
            Self::Rgba => 8,
            Self::Bgra => 9,
        }
    }

    /// Destination selects (x, y, z, w) putting memory channels in (r, g, b, a) order:
    /// missing colour channels read 0, a missing alpha 1.
    pub fn dst_sel(self) -> [u32; 4] {
        match self {
            Self::R => [SEL_X, SEL_0, SEL_0, SEL_1],
            Self::Rgba => [SEL_X, SEL_Y, SEL_Z, SEL_W],
            Self::Bgra => [SEL_Z, SEL_Y, SEL_X, SEL_W],
        }
    }
}

impl ImageFormat {
    /// Every format gcnsim supports, in the order `clGetSupportedImageFormats` lists them:
    /// R and RGBA with every channel type, BGRA with the 8-bit ones (the formats checked
    /// against PoCL; two-channel orders are not offered).
    pub fn supported() -> Vec<ImageFormat> {
        let mut all = Vec::new();
        for order in [ChannelOrder::R, ChannelOrder::Rgba] {
            all.extend(CHANNEL_TYPES.iter().map(|&ty| ImageFormat { order, ty }));
        }
        all.extend(
            CHANNEL_TYPES
                .iter()
                .filter(|t| t.channel_bytes() == 1)
                .map(|&ty| ImageFormat {
                    order: ChannelOrder::Bgra,
                    ty,
                }),
        );
        all
    }

    /// Whether gcnsim supports the format.
    pub fn is_supported(self) -> bool {
        self.order != ChannelOrder::Bgra || self.ty.channel_bytes() == 1
    }

    /// Bytes of one element.
    pub fn element_bytes(self) -> u32 {
        self.order.channels() * self.ty.channel_bytes()
    }

    /// The resource's DATA_FORMAT: channel count and width.
    pub fn data_format(self) -> u32 {
        match (self.order.channels(), self.ty.channel_bytes()) {
            (1, 1) => 1,
            (1, 2) => 2,
            (2, 1) => 3,
            (1, _) => 4,
            (2, 2) => 5,
            (4, 1) => 10,
            (2, _) => 11,
            (4, 2) => 12,
            _ => 14,
        }
    }
}

/// Channel count and bytes per channel of DATA_FORMAT `code`, for the formats gcnsim
/// handles.
pub fn data_format_layout(code: u32) -> Option<(u32, u32)> {
    Some(match code {
        1 => (1, 1),
        2 => (1, 2),
        3 => (2, 1),
        4 => (1, 4),
        5 => (2, 2),
        10 => (4, 1),
        11 => (2, 4),
        12 => (4, 2),
        14 => (4, 4),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_formats_round_trip_through_their_layout() {
        for f in ImageFormat::supported() {
            let (channels, bytes) = data_format_layout(f.data_format()).unwrap();
            assert_eq!(channels, f.order.channels(), "{f:?}");
            assert_eq!(bytes, f.ty.channel_bytes(), "{f:?}");
            assert!(f.is_supported());
        }
        assert_eq!(ImageFormat::supported().len(), 2 * 12 + 4);
    }
}
