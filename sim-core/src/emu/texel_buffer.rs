//! Formatted buffer loads and stores (`buffer_load_format_*`, `buffer_store_format_*`)
//! through a V# whose DATA_FORMAT packs channels narrower than a dword: what the device
//! libraries compile 1D image buffer reads and writes to. Each channel is converted as
//! the texture unit converts an image's (NUM_FORMAT: normalised, integer, half, float) and
//! the V#'s destination selects apply as an image's do (inverted for stores).

use super::buffer::BufferResource;
use super::fault::FaultKind;
use super::operands::{active, vgpr};
use super::program::Env;
use super::vmem::Target;
use super::wavefront::{Wavefront, LANES};
use crate::image::format::data_format_layout;
use crate::image::texel::{decode_channel, encode_channel};
use crate::image::{apply_dst_sel, invert_dst_sel, NumFormat};
use crate::isa::Operand;

/// How the elements of a formatted buffer are stored and converted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TexelFormat {
    /// Channels per element.
    pub channels: u32,
    /// Bytes per channel.
    pub channel_bytes: u32,
    /// Channel conversion.
    pub num_format: NumFormat,
    /// Destination selects.
    pub dst_sel: [u32; 4],
}

impl TexelFormat {
    /// The format of buffer resource `v`, if gcnsim converts it.
    pub fn of(v: &BufferResource) -> Result<Self, FaultKind> {
        let unsupported = FaultKind::Unsupported("formatted buffer access of this format");
        let (channels, channel_bytes) =
            data_format_layout(u32::from(v.data_format)).ok_or(unsupported.clone())?;
        let num_format = NumFormat::from_code(u32::from(v.num_format)).ok_or(unsupported)?;
        Ok(TexelFormat {
            channels,
            channel_bytes,
            num_format,
            dst_sel: v.dst_sel,
        })
    }
}

/// Loads (or, with `store`, stores) `comps` components per active lane at the lanes'
/// element addresses `targets` (`Target::Global`; dropped lanes read zeros and store
/// nothing); the data VGPRs start at `data`.
pub fn access(
    w: &mut Wavefront,
    e: &mut Env,
    f: &TexelFormat,
    store: bool,
    comps: usize,
    data: Operand,
    targets: &[Target; LANES],
) -> Result<(), FaultKind> {
    let first = vgpr(w, data, comps as u32)?;
    let bytes = f.channel_bytes;
    let channel_at = |at: u64, c: usize| at + u64::from(c as u32 * bytes);
    let exec = w.exec();
    if store {
        if comps < f.channels as usize {
            return Err(FaultKind::Unsupported(
                "formatted buffer store of fewer components than the format has",
            ));
        }
        for l in active(exec) {
            let Target::Global(at) = targets[l] else {
                continue;
            };
            let rgba = std::array::from_fn(|k| if k < comps { w.vgprs[first + k][l] } else { 0 });
            let raw = invert_dst_sel(f.dst_sel, rgba);
            for (c, v) in raw.iter().enumerate().take(f.channels as usize) {
                let stored = encode_channel(*v, bytes, f.num_format);
                e.tlb.store(channel_at(at, c), stored, bytes)?;
            }
        }
        return Ok(());
    }
    for l in active(exec) {
        let mut raw = [0u32; 4];
        if let Target::Global(at) = targets[l] {
            for (c, v) in raw.iter_mut().enumerate().take(f.channels as usize) {
                let stored = e.tlb.load(channel_at(at, c), bytes)?;
                *v = decode_channel(stored, bytes, f.num_format);
            }
        }
        let value = if matches!(targets[l], Target::Global(_)) {
            apply_dst_sel(f.dst_sel, f.num_format.is_integer(), raw)
        } else {
            [0; 4]
        };
        for (k, v) in value.iter().enumerate().take(comps) {
            w.vgprs[first + k][l] = *v;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::{texel_buffer_descriptor, ChannelOrder, ChannelType, ImageFormat};

    #[test]
    fn image_buffer_descriptor_decodes_to_its_format() {
        let f = ImageFormat {
            order: ChannelOrder::Bgra,
            ty: ChannelType::UnormInt8,
        };
        let d = texel_buffer_descriptor(f, 0x12_3456_7890, 1000);
        let v = BufferResource::from_words([d[0], d[1], d[2], d[3]]);
        assert_eq!((v.base, v.stride, v.num_records), (0x12_3456_7890, 4, 1000));
        assert!(!v.swizzle && !v.add_tid);
        let t = TexelFormat::of(&v).unwrap();
        assert_eq!((t.channels, t.channel_bytes), (4, 1));
        assert_eq!(t.num_format, NumFormat::Unorm);
        // BGRA: red comes from memory channel 2.
        assert_eq!(
            apply_dst_sel(t.dst_sel, false, [10, 11, 12, 13]),
            [12, 11, 10, 13]
        );
        assert_eq!((d[8], d[9], d[10]), (2, 9, 1000));
    }
}
