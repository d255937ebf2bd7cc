//! Conversions between stored channels and the register values a texture unit returns or
//! takes: normalised integers as floats, integers as 32-bit integers, half and single
//! floats as single floats (register bits throughout).

use super::format::{ImageFormat, NumFormat};
use super::round::round_ties_even;
use crate::emu::valu::fp::{f16_to_f64, f64_to_f16};

/// The register value of a stored channel of `bytes` bytes holding `raw`.
#[inline]
pub fn decode_channel(raw: u32, bytes: u32, num: NumFormat) -> u32 {
    ChannelCodec::new(bytes, num).decode(raw)
}

/// The stored channel of `bytes` bytes for register value `value` (see
/// [`ChannelCodec::encode`]).
#[inline]
pub fn encode_channel(value: u32, bytes: u32, num: NumFormat) -> u32 {
    ChannelCodec::new(bytes, num).encode(value)
}

/// The conversion of one resource's channels: its constants worked out once (per
/// instruction), then applied to every channel of every lane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChannelCodec {
    /// The conversion.
    num: NumFormat,
    /// Whether a float channel is a half (16 bits).
    half_float: bool,
    /// Ones in the channel's bits: its largest unsigned value.
    mask: u32,
    /// 32 − bits: the shift that sign-extends a channel.
    sign_shift: u32,
    /// The largest unsigned value, as a float (unorm scale).
    max: f32,
    /// The largest signed value, as a float (snorm scale).
    top: f32,
}

impl ChannelCodec {
    /// The conversion of channels of `bytes` bytes (1, 2 or 4) and numeric format `num`.
    #[inline]
    pub fn new(bytes: u32, num: NumFormat) -> Self {
        let bits = 8 * bytes;
        let mask = if bits == 32 {
            u32::MAX
        } else {
            (1 << bits) - 1
        };
        ChannelCodec {
            num,
            half_float: bytes == 2,
            mask,
            sign_shift: 32 - bits,
            max: mask as f32,
            top: (mask >> 1) as f32,
        }
    }

    /// The channel `raw` sign-extended.
    #[inline(always)]
    fn signed(&self, raw: u32) -> i32 {
        ((raw << self.sign_shift) as i32) >> self.sign_shift
    }

    /// The register value of a stored channel holding `raw`.
    // Inlined into the lane loops of image instructions, as are `encode` and `signed`.
    #[inline(always)]
    pub fn decode(&self, raw: u32) -> u32 {
        match self.num {
            NumFormat::Unorm => (raw as f32 / self.max).to_bits(),
            NumFormat::Snorm => (self.signed(raw) as f32 / self.top).max(-1.0).to_bits(),
            NumFormat::Uint => raw,
            NumFormat::Sint => self.signed(raw) as u32,
            NumFormat::Float if self.half_float => (f16_to_f64(raw as u16) as f32).to_bits(),
            NumFormat::Float => raw,
        }
    }

    /// The stored channel for register value `value`: normalised values are scaled,
    /// rounded to nearest even and saturated (OpenCL's `convert_*_sat_rte(v * max)`, so a
    /// signed one can reach −max − 1), integers saturate, floats round to nearest even.
    #[inline(always)]
    pub fn encode(&self, value: u32) -> u32 {
        let f = f32::from_bits(value);
        // OpenCL's convert_<type>_sat_rte(v * max): NaN gives 0.
        let scaled = |lo: f32, hi: f32, scale: f32| {
            if f.is_nan() {
                return 0;
            }
            // (`clamp` without its check that lo <= hi: the rounded value is no NaN.)
            let r = round_ties_even(f * scale);
            let r = if r < lo {
                lo
            } else if r > hi {
                hi
            } else {
                r
            };
            (r as i32) as u32 & self.mask
        };
        match self.num {
            NumFormat::Unorm => scaled(0.0, self.max, self.max),
            NumFormat::Snorm => scaled(-self.top - 1.0, self.top, self.top),
            NumFormat::Uint => value.min(self.mask),
            NumFormat::Sint => {
                let half = (self.mask >> 1) as i32;
                ((value as i32).clamp(-half - 1, half) as u32) & self.mask
            }
            NumFormat::Float if self.half_float => u32::from(f64_to_f16(f64::from(f), false)),
            NumFormat::Float => value,
        }
    }
}

/// The bytes of one element of `format` holding the (r, g, b, a) register values `rgba`
/// (float bits for normalised and float types, integers otherwise), as an image store
/// writes them.
pub fn encode_element(format: ImageFormat, rgba: [u32; 4]) -> Vec<u8> {
    let bytes = format.ty.channel_bytes();
    let num = format.ty.num_format();
    let sel = format.order.dst_sel();
    let mut out = Vec::new();
    for c in 0..format.order.channels() {
        let value = sel.iter().position(|&s| s == 4 + c).map_or(0, |k| rgba[k]);
        let stored = encode_channel(value, bytes, num);
        out.extend_from_slice(&stored.to_le_bytes()[..bytes as usize]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f32) -> u32 {
        v.to_bits()
    }

    #[test]
    fn channels_convert_as_opencl_reads_and_writes_them() {
        assert_eq!(decode_channel(255, 1, NumFormat::Unorm), f(1.0));
        assert_eq!(decode_channel(0x80, 1, NumFormat::Snorm), f(-1.0));
        assert_eq!(decode_channel(0x81, 1, NumFormat::Snorm), f(-1.0));
        assert_eq!(decode_channel(0xff, 1, NumFormat::Snorm), f(-1.0 / 127.0));
        assert_eq!(decode_channel(0xfffe, 2, NumFormat::Sint), -2i32 as u32);
        assert_eq!(decode_channel(0x3c00, 2, NumFormat::Float), f(1.0));
        assert_eq!(encode_channel(f(0.5), 1, NumFormat::Unorm), 128);
        assert_eq!(encode_channel(f(2.0), 2, NumFormat::Unorm), 0xffff);
        assert_eq!(encode_channel(f(-2.0), 1, NumFormat::Snorm), 0x80);
        assert_eq!(encode_channel(f(-1.0), 1, NumFormat::Snorm), 0x81);
        assert_eq!(encode_channel(300, 1, NumFormat::Uint), 255);
        assert_eq!(encode_channel(-300i32 as u32, 1, NumFormat::Sint), 0x80);
        assert_eq!(encode_channel(f(1.0), 2, NumFormat::Float), 0x3c00);
        assert_eq!(encode_channel(f(f32::NAN), 1, NumFormat::Unorm), 0);
        let bgra = ImageFormat {
            order: crate::image::ChannelOrder::Bgra,
            ty: crate::image::ChannelType::UnormInt8,
        };
        assert_eq!(
            encode_element(bgra, [f(1.0), f(0.0), f(0.5), f(0.0)]),
            [128, 0, 255, 0]
        );
    }
}
