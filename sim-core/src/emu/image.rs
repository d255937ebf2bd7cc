//! Image instructions (MIMG): loads, stores and samples through an image resource (T#)
//! and a sampler (S#), and resource queries. Supported: `image_load`, `image_load_mip`,
//! `image_store`, `image_store_mip` (level 0 of single-level images), `image_sample`,
//! `image_sample_lz`, `image_sample_l` (single-level images, where the level of detail
//! changes nothing) and `image_get_resinfo`, on 1D, 2D, 3D, 1D-array and 2D-array
//! resources, with 16-bit (`d16`) data. Anything else faults as unsupported.
//!
//! Addresses: the coordinates (then the mip level or LOD) in consecutive VGPRs from
//! VADDR, as many as the resource's shape needs. Data: one VGPR per component enabled in
//! DMASK, in component order. Loads outside the image read zero channels; stores
//! outside it are dropped.

use super::fault::FaultKind;
use super::operands::{active, check_vgprs, vgpr};
use super::program::{Env, Step};
use super::valu::fp::{f16_to_f64, f64_to_f16};
use super::wavefront::{Wavefront, LANES};
use crate::image::filter::sample;
use crate::image::{ImageResource, SamplerResource};
use crate::isa::instruction::image_bits;
use crate::isa::{Extra, Operand};

/// What an image instruction does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ImageOp {
    /// Reads an element at integer coordinates (with a mip level after them).
    Load { mip: bool },
    /// Writes an element at integer coordinates (with a mip level after them).
    Store { mip: bool },
    /// Samples at float coordinates (with a LOD after them).
    Sample { lod: bool },
    /// Width, height, depth or layers, and levels.
    ResInfo,
}

fn image_op(mnemonic: &str) -> Option<ImageOp> {
    Some(match mnemonic {
        "image_load" => ImageOp::Load { mip: false },
        "image_load_mip" => ImageOp::Load { mip: true },
        "image_store" => ImageOp::Store { mip: false },
        "image_store_mip" => ImageOp::Store { mip: true },
        "image_sample" | "image_sample_lz" => ImageOp::Sample { lod: false },
        "image_sample_l" => ImageOp::Sample { lod: true },
        "image_get_resinfo" => ImageOp::ResInfo,
        _ => return None,
    })
}

fn scalar_words<const N: usize>(w: &Wavefront, op: Operand) -> Result<[u32; N], FaultKind> {
    let Operand::Scalar { code, .. } = op else {
        return Err(FaultKind::Unimplemented);
    };
    Ok(std::array::from_fn(|i| w.sgprs[(code as usize + i) & 127]))
}

/// The channel values (register bits, before the swizzle) of the element at (x, y,
/// slice), zero outside the image.
// Inlined into the lane loops, as are the helpers below.
#[inline(always)]
fn read_element(
    e: &mut Env,
    t: &ImageResource,
    x: u32,
    y: u32,
    slice: u32,
) -> Result<[u32; 4], FaultKind> {
    let g = t.geometry;
    let mut raw = [0u32; 4];
    if x >= g.width || y >= g.height || slice >= g.slices() {
        return Ok(raw);
    }
    let at = t.element_address(x, y, slice);
    let bytes = t.channel_bytes;
    if let Some(words) = whole_words(t, at) {
        // One load per dword of the element: the same dwords (so the same cache lines in
        // timing mode) as a load per channel, without a translation per channel.
        let mut data = [0u32; 4];
        for (k, d) in data.iter_mut().enumerate().take(words) {
            *d = e.tlb.load_u32(at + 4 * k as u64)?;
        }
        for (c, v) in raw.iter_mut().enumerate().take(t.channels as usize) {
            let stored = channel_of_words(&data, c as u32, bytes);
            *v = t.codec.decode(stored);
        }
        return Ok(raw);
    }
    for (c, v) in raw.iter_mut().enumerate().take(t.channels as usize) {
        let stored = e.tlb.load(at + u64::from(c as u32 * bytes), bytes)?;
        *v = t.codec.decode(stored);
    }
    Ok(raw)
}

/// The number of dwords of an element at `at` when it is made of whole, aligned dwords
/// (RGBA8, R32, RGBA16, RGBA32, ...), else None (R8, R16).
#[inline]
fn whole_words(t: &ImageResource, at: u64) -> Option<usize> {
    let size = t.element_bytes();
    (size.is_multiple_of(4) && at.is_multiple_of(4)).then_some(size as usize / 4)
}

/// Channel `c` (of `bytes` bytes) of an element held in little-endian dwords.
#[inline]
fn channel_of_words(words: &[u32; 4], c: u32, bytes: u32) -> u32 {
    let bit = c * bytes * 8;
    let word = words[(bit / 32) as usize] >> (bit % 32);
    if bytes == 4 {
        word
    } else {
        word & ((1 << (bytes * 8)) - 1)
    }
}

/// Writes the stored channels `raw` of the element at `at`.
#[inline(always)]
fn write_element(e: &mut Env, t: &ImageResource, at: u64, raw: [u32; 4]) -> Result<(), FaultKind> {
    let bytes = t.channel_bytes;
    let mut stored = [0u32; 4];
    for (s, r) in stored.iter_mut().zip(raw).take(t.channels as usize) {
        *s = t.codec.encode(r);
    }
    if let Some(words) = whole_words(t, at) {
        // One store per dword, as `read_element` loads.
        let mut data = [0u32; 4];
        for (c, v) in stored.iter().enumerate().take(t.channels as usize) {
            let bit = c as u32 * bytes * 8;
            data[(bit / 32) as usize] |= v << (bit % 32);
        }
        for (k, d) in data.iter().enumerate().take(words) {
            e.tlb.store(at + 4 * k as u64, *d, 4)?;
        }
        return Ok(());
    }
    for (c, v) in stored.iter().enumerate().take(t.channels as usize) {
        e.tlb.store(at + u64::from(c as u32 * bytes), *v, bytes)?;
    }
    Ok(())
}

/// The element coordinates (x, y, slice) of integer address `c`.
#[inline]
fn element_of(t: &ImageResource, c: &[u32]) -> (u32, u32, u32) {
    use crate::image::ImageKind::*;
    match t.geometry.kind {
        D1 => (c[0], 0, 0),
        D1Array => (c[0], 0, c[1]),
        D2 => (c[0], c[1], 0),
        D2Array | D3 => (c[0], c[1], c[2]),
    }
}

/// Lane `l` of the `coords` address registers from VGPR `addr`, then 0 (coordinates an
/// image's shape does not have).
#[inline]
fn lane_coords(w: &Wavefront, addr: usize, coords: usize, l: usize) -> [u32; 3] {
    let mut c = [0u32; 3];
    for (k, v) in c.iter_mut().enumerate().take(coords) {
        *v = w.vgprs[addr + k][l];
    }
    c
}

/// MIMG semantics.
pub fn image(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let inst = &s.inst;
    let Extra::Image { dmask, bits, .. } = inst.extra else {
        return Err(FaultKind::Unimplemented);
    };
    let op =
        image_op(inst.info.mnemonic).ok_or(FaultKind::Unsupported("this image instruction"))?;
    if bits & (image_bits::R128 | image_bits::TFE | image_bits::LWE) != 0 {
        return Err(FaultKind::Unsupported("image access with r128, tfe or lwe"));
    }
    let d16 = bits & image_bits::D16 != 0;
    let t = ImageResource::from_words(scalar_words::<8>(w, inst.src[1])?)
        .map_err(|_| FaultKind::Unsupported("image resource of this type or format"))?;
    if t.levels != 1 {
        return Err(FaultKind::Unsupported("mipmapped image"));
    }
    let Operand::Vector { index: addr, .. } = inst.src[0] else {
        return Err(FaultKind::Unimplemented);
    };
    let coords = t.geometry.kind.coordinates();
    let address_regs = match op {
        ImageOp::Load { mip: true } | ImageOp::Store { mip: true } => coords + 1,
        ImageOp::Sample { lod: true } => coords + 1,
        ImageOp::ResInfo => 1,
        _ => coords,
    };
    check_vgprs(w, u32::from(addr), address_regs as u32)?;
    let addr = addr as usize;
    let components = dmask.count_ones();
    let exec = w.exec();
    if let ImageOp::Store { mip } = op {
        if dmask != 0xf {
            return Err(FaultKind::Unsupported(
                "image store of fewer than 4 components",
            ));
        }
        let data = vgpr(w, inst.dst, 4)?;
        let convert_half = d16 && !t.num_format.is_integer();
        for l in active(exec) {
            let c = lane_coords(w, addr, coords, l);
            if mip && w.vgprs[addr + coords][l] != 0 {
                continue;
            }
            let (x, y, slice) = element_of(&t, &c);
            let g = t.geometry;
            if x >= g.width || y >= g.height || slice >= g.slices() {
                continue;
            }
            let mut rgba = [0u32; 4];
            for (k, v) in rgba.iter_mut().enumerate() {
                *v = w.vgprs[data + k][l];
                if convert_half {
                    *v = (f16_to_f64(*v as u16) as f32).to_bits();
                }
            }
            let at = t.element_address(x, y, slice);
            write_element(e, &t, at, t.unswizzle(rgba))?;
        }
        return Ok(());
    }
    let sampler = match op {
        ImageOp::Sample { .. } => Some(
            SamplerResource::from_words(scalar_words::<4>(w, inst.src[2])?)
                .map_err(|_| FaultKind::Unsupported("sampler with these settings"))?,
        ),
        _ => None,
    };
    let dst = vgpr(w, inst.dst, components)?;
    let mut out = [[0u32; LANES]; 4];
    for l in active(exec) {
        let value = match op {
            ImageOp::Load { mip } => {
                let c = lane_coords(w, addr, coords, l);
                let (x, y, slice) = element_of(&t, &c);
                let level_ok = !mip || w.vgprs[addr + coords][l] == 0;
                let raw = if level_ok {
                    read_element(e, &t, x, y, slice)?
                } else {
                    [0; 4]
                };
                t.swizzle(raw)
            }
            ImageOp::Sample { .. } => {
                let c = lane_coords(w, addr, coords, l).map(f32::from_bits);
                let unnormalized = bits & image_bits::UNORM != 0;
                let smp = sampler.as_ref().ok_or(FaultKind::Unimplemented)?;
                let unnormalized = unnormalized || smp.unnormalized;
                sample(&t, smp, unnormalized, &c[..coords], |x, y, z| {
                    read_element(e, &t, x, y, z)
                })?
            }
            ImageOp::ResInfo => {
                let g = t.geometry;
                let third = if g.kind.is_array() { g.layers } else { g.depth };
                let second = if g.kind == crate::image::ImageKind::D1Array {
                    g.layers
                } else {
                    g.height
                };
                [g.width, second, third, t.levels]
            }
            ImageOp::Store { .. } => unreachable!("stores returned above"),
        };
        let float = !t.num_format.is_integer() && op != ImageOp::ResInfo;
        for (n, k) in (0..4).filter(|k| dmask & (1 << k) != 0).enumerate() {
            out[n][l] = if d16 && float {
                u32::from(f64_to_f16(f64::from(f32::from_bits(value[k])), false))
            } else {
                value[k]
            };
        }
    }
    for (n, o) in out.iter().enumerate().take(components as usize) {
        for l in active(exec) {
            w.vgprs[dst + n][l] = o[l];
        }
    }
    Ok(())
}
