//! Conversions between stored channels and the register values a texture unit returns or
//! takes: normalised integers as floats, integers as 32-bit integers, half and single
//! floats as single floats (register bits throughout).

use super::format::{ImageFormat, NumFormat};
use crate::emu::valu::fp::{f16_to_f64, f64_to_f16};

/// The register value of a stored channel of `bytes` bytes holding `raw`.
pub fn decode_channel(raw: u32, bytes: u32, num: NumFormat) -> u32 {
    let bits = 8 * bytes;
    let max = if bits == 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    };
    let signed = || ((raw << (32 - bits)) as i32) >> (32 - bits);
    match num {
        NumFormat::Unorm => (raw as f32 / max as f32).to_bits(),
        NumFormat::Snorm => {
            let top = (max >> 1) as f32;
            (signed() as f32 / top).max(-1.0).to_bits()
        }
        NumFormat::Uint => raw,
        NumFormat::Sint => signed() as u32,
        NumFormat::Float if bytes == 2 => (f16_to_f64(raw as u16) as f32).to_bits(),
        NumFormat::Float => raw,
    }
}

/// The stored channel of `bytes` bytes for register value `value`: normalised values are
/// scaled, rounded to nearest even and saturated (OpenCL's `convert_*_sat_rte(v * max)`,
/// so a signed one can reach −max − 1), integers saturate, floats round to nearest even.
pub fn encode_channel(value: u32, bytes: u32, num: NumFormat) -> u32 {
    let bits = 8 * bytes;
    let mask = if bits == 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    };
    let f = f32::from_bits(value);
    // OpenCL's convert_<type>_sat_rte(v * max): NaN gives 0.
    let scaled = |v: f32, lo: f32, hi: f32, scale: f32| {
        if v.is_nan() {
            0
        } else {
            ((v * scale).round_ties_even().clamp(lo, hi) as i32) as u32 & mask
        }
    };
    let max = mask as f32;
    let half = (mask >> 1) as f32;
    match num {
        NumFormat::Unorm => scaled(f, 0.0, max, max),
        NumFormat::Snorm => scaled(f, -half - 1.0, half, half),
        NumFormat::Uint => value.min(mask),
        NumFormat::Sint => {
            let half = (mask >> 1) as i32;
            ((value as i32).clamp(-half - 1, half) as u32) & mask
        }
        NumFormat::Float if bytes == 2 => u32::from(f64_to_f16(f64::from(f), false)),
        NumFormat::Float => value,
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
