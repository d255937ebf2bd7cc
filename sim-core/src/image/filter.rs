//! Sampling: from a sample instruction's coordinates to the value returned, with the
//! sampler's addressing and filtering. Coordinates become fixed point texel positions
//! with 8 fraction bits (so bilinear weights are multiples of 1/256); the array layer is
//! the coordinate rounded to nearest even and clamped; texels outside a clamp-to-border
//! axis read transparent black before the destination swizzle (so a format without
//! alpha reads alpha 1 there, as OpenCL wants).

use super::descriptor::ImageResource;
use super::round::round_ties_even;
use super::sampler::{SamplerResource, Texel};

/// Fraction bits of texel positions.
const FRACTION_BITS: u32 = 8;

/// The fixed point texel position of coordinate `c` along an axis of `size` texels.
#[inline]
fn position(c: f32, size: u32, unnormalized: bool) -> i64 {
    let u = if unnormalized { c } else { c * size as f32 };
    let limit = (1u64 << 40) as f32;
    if u.is_nan() {
        0
    } else {
        round_ties_even(u.clamp(-limit, limit) * (1 << FRACTION_BITS) as f32) as i64
    }
}

/// The element at texel indices `idx` (one per spatial axis) of `image`, in array layer
/// `layer`, through `fetch`; or the border.
#[inline(always)]
fn texel<E>(
    sampler: &SamplerResource,
    image: &ImageResource,
    layer: u32,
    idx: &[i64; 3],
    fetch: &mut impl FnMut(u32, u32, u32) -> Result<[u32; 4], E>,
) -> Result<[u32; 4], E> {
    let g = image.geometry;
    let sizes = [g.width, g.height, g.depth];
    let mut at = [0u32; 3];
    for (a, &i) in idx.iter().enumerate().take(g.kind.spatial()) {
        match sampler.address(a, i, sizes[a]) {
            Texel::At(v) => at[a] = v,
            Texel::Border => return Ok([0; 4]),
        }
    }
    let slice = if g.kind.is_array() { layer } else { at[2] };
    fetch(at[0], at[1], slice)
}

/// What a sample of `image` through `sampler` at `coords` (one per coordinate of the
/// image's kind, as floats) returns, in (r, g, b, a) order as register bits. `fetch`
/// reads the channel values (register bits, before the swizzle) of the element at
/// (x, y, slice). Integer formats are never filtered.
// Inlined into the lane loop of sample instructions, with `fetch` and `texel`.
#[inline(always)]
pub fn sample<E>(
    image: &ImageResource,
    sampler: &SamplerResource,
    unnormalized: bool,
    coords: &[f32],
    mut fetch: impl FnMut(u32, u32, u32) -> Result<[u32; 4], E>,
) -> Result<[u32; 4], E> {
    let g = image.geometry;
    let kind = g.kind;
    let spatial = kind.spatial();
    let sizes = [g.width, g.height, g.depth];
    let layer = if kind.is_array() {
        let l = round_ties_even(coords[spatial]);
        if l.is_nan() {
            0
        } else {
            l.clamp(0.0, (g.layers - 1) as f32) as u32
        }
    } else {
        0
    };
    // Fixed-size arrays (only the first `spatial` entries count): no allocation per lane.
    let mut positions = [0i64; 3];
    for (a, p) in positions.iter_mut().enumerate().take(spatial) {
        *p = position(coords[a], sizes[a], unnormalized);
    }
    let mut texel = |idx: &[i64; 3]| texel(sampler, image, layer, idx, &mut fetch);
    let raw = if !sampler.linear || image.num_format.is_integer() {
        let mut idx = [0i64; 3];
        for (i, p) in idx.iter_mut().zip(positions) {
            *i = p >> FRACTION_BITS;
        }
        texel(&idx)?
    } else {
        let half = 1i64 << (FRACTION_BITS - 1);
        let one = (1i64 << FRACTION_BITS) as f32;
        let base = positions.map(|p| (p - half) >> FRACTION_BITS);
        let frac = positions.map(|p| ((p - half) & ((1 << FRACTION_BITS) - 1)) as f32 / one);
        let mut sum = [0f32; 4];
        for corner in 0..(1usize << spatial) {
            let mut weight = 1f32;
            let mut idx = [0i64; 3];
            for (a, i) in idx.iter_mut().enumerate().take(spatial) {
                let high = (corner >> a) & 1 == 1;
                weight *= if high { frac[a] } else { 1.0 - frac[a] };
                *i = base[a] + i64::from(high);
            }
            if weight == 0.0 {
                continue;
            }
            let t = texel(&idx)?;
            for (s, v) in sum.iter_mut().zip(t) {
                *s += weight * f32::from_bits(v);
            }
        }
        sum.map(f32::to_bits)
    };
    Ok(image.swizzle(raw))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::descriptor::{ImageGeometry, ImageKind};
    use crate::image::format::{ChannelOrder, ChannelType, ImageFormat};
    use crate::image::sampler::{Addressing, Filter, SamplerState};

    fn image(kind: ImageKind, order: ChannelOrder) -> ImageResource {
        let g = ImageGeometry {
            kind,
            width: 4,
            height: 2,
            depth: 1,
            layers: if kind.is_array() { 3 } else { 1 },
        };
        let f = ImageFormat {
            order,
            ty: ChannelType::Float,
        };
        ImageResource::from_words(g.descriptor(f, 0, g.width)[..8].try_into().unwrap()).unwrap()
    }

    fn sampler(normalized: bool, addressing: Addressing, filter: Filter) -> SamplerResource {
        let s = SamplerState {
            normalized,
            addressing,
            filter,
        };
        SamplerResource::from_words(s.words()).unwrap()
    }

    /// Element (x, y, slice) holds x + 10 y + 100 slice in every channel.
    fn value(x: u32, y: u32, slice: u32) -> Result<[u32; 4], ()> {
        Ok([(x + 10 * y + 100 * slice) as f32; 4].map(f32::to_bits))
    }

    fn red(v: [u32; 4]) -> f32 {
        f32::from_bits(v[0])
    }

    #[test]
    fn nearest_linear_and_border_follow_opencl() {
        let img = image(ImageKind::D2, ChannelOrder::Rgba);
        let near = sampler(false, Addressing::ClampToEdge, Filter::Nearest);
        assert_eq!(
            red(sample(&img, &near, true, &[2.7, 1.2], value).unwrap()),
            12.0
        );
        let lin = sampler(false, Addressing::ClampToEdge, Filter::Linear);
        // Halfway between texels 1 and 2 along x, on row 0's centre.
        assert_eq!(
            red(sample(&img, &lin, true, &[2.0, 0.5], value).unwrap()),
            1.5
        );
        // A quarter of the way into row 1.
        assert_eq!(
            red(sample(&img, &lin, true, &[0.5, 0.75], value).unwrap()),
            2.5
        );
        let border = sampler(true, Addressing::Clamp, Filter::Nearest);
        let out = sample(&img, &border, false, &[1.5, 0.5], value).unwrap();
        assert_eq!(out, [0; 4]);
        // Without alpha in the format, the border reads alpha 1.
        let r = image(ImageKind::D2, ChannelOrder::R);
        let out = sample(&r, &border, false, &[-0.5, 0.5], value).unwrap();
        assert_eq!(out.map(f32::from_bits), [0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn array_layers_round_and_clamp() {
        let img = image(ImageKind::D2Array, ChannelOrder::Rgba);
        let s = sampler(false, Addressing::ClampToEdge, Filter::Nearest);
        assert_eq!(
            red(sample(&img, &s, true, &[1.0, 0.0, 1.5], value).unwrap()),
            201.0
        );
        assert_eq!(
            red(sample(&img, &s, true, &[1.0, 0.0, 9.0], value).unwrap()),
            201.0
        );
        assert_eq!(
            red(sample(&img, &s, true, &[1.0, 0.0, -3.0], value).unwrap()),
            1.0
        );
    }
}
