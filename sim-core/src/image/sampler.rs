//! Samplers: the OpenCL sampler state, the gfx8 sampler resource (S#, four dwords) it
//! becomes, and what the texture unit does with coordinates under each addressing mode.
//!
//! S# fields used (GCN3 ISA, "Image Sampler"): dword 0 CLAMP_X/Y/Z [8:0] (three bits
//! each: 0 wrap, 1 mirror, 2 clamp to last texel, 6 clamp to border), FORCE_UNNORMALIZED
//! [15]; dword 1 MAX_LOD [23:12]; dword 2 XY_MAG_FILTER [21:20], XY_MIN_FILTER [23:22]
//! (0 point, 1 bilinear); dword 3 BORDER_COLOR_TYPE [31:30] (0: transparent black). The
//! words are those the ROCm device libraries use for samplers declared in kernel code,
//! so that both kinds of sampler behave alike.

/// What happens to coordinates outside the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Addressing {
    /// Undefined by OpenCL; the hardware clamps to the border.
    None,
    /// Clamp to the edge texel.
    ClampToEdge,
    /// Read the border colour.
    Clamp,
    /// Wrap around.
    Repeat,
    /// Wrap around, mirrored every other period.
    MirroredRepeat,
}

/// How texels are combined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Filter {
    /// The nearest texel.
    Nearest,
    /// Linear interpolation between the nearest 2, 4 or 8 texels.
    Linear,
}

/// An OpenCL sampler's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SamplerState {
    /// Coordinates in [0, 1] rather than in texels.
    pub normalized: bool,
    /// Addressing mode.
    pub addressing: Addressing,
    /// Filter mode.
    pub filter: Filter,
}

/// CLAMP_* codes.
const WRAP: u32 = 0;
const MIRROR: u32 = 1;
const CLAMP_LAST_TEXEL: u32 = 2;
const CLAMP_BORDER: u32 = 6;

impl SamplerState {
    /// The four S# dwords.
    pub fn words(&self) -> [u32; 4] {
        let clamp = match self.addressing {
            Addressing::None | Addressing::Clamp => CLAMP_BORDER,
            Addressing::ClampToEdge => CLAMP_LAST_TEXEL,
            Addressing::Repeat => WRAP,
            Addressing::MirroredRepeat => MIRROR,
        };
        let unnormalized = u32::from(!self.normalized) << 15;
        // DEPTH_COMPARE_FUNC 3 and DISABLE_CUBE_WRAP, as the device libraries set them.
        let word0 = 0x1000_3000 | unnormalized | (clamp * 0x49);
        let filter = match self.filter {
            Filter::Nearest => 0,
            Filter::Linear => 1 << 20 | 1 << 22,
        };
        [word0, 0xfff << 12, filter, 0]
    }
}

/// A decoded sampler resource (S#), as the texture unit reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamplerResource {
    /// CLAMP_X, CLAMP_Y, CLAMP_Z.
    pub clamp: [u32; 3],
    /// Coordinates are in texels.
    pub unnormalized: bool,
    /// Bilinear magnification (gcnsim's images have one level: always magnified).
    pub linear: bool,
}

/// Why a sampler resource cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnsupportedSampler;

/// A texel index after addressing: a texel, or the border.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Texel {
    /// Index of the texel along the axis.
    At(u32),
    /// Outside, reading the border colour.
    Border,
}

impl SamplerResource {
    /// Decodes the four S# dwords.
    pub fn from_words(s: [u32; 4]) -> Result<Self, UnsupportedSampler> {
        let clamp = [0, 3, 6].map(|b| (s[0] >> b) & 7);
        let known = clamp
            .iter()
            .all(|c| matches!(*c, WRAP | MIRROR | CLAMP_LAST_TEXEL | CLAMP_BORDER));
        // Only transparent-black borders, no anisotropy.
        if !known || s[3] >> 30 != 0 || (s[0] >> 9) & 7 != 0 {
            return Err(UnsupportedSampler);
        }
        let mag = (s[2] >> 20) & 3;
        if mag > 1 {
            return Err(UnsupportedSampler);
        }
        Ok(SamplerResource {
            clamp,
            unnormalized: (s[0] >> 15) & 1 == 1,
            linear: mag == 1,
        })
    }

    /// Texel `i` (any integer) along axis `axis` of `size` texels, after addressing.
    #[inline]
    pub fn address(&self, axis: usize, i: i64, size: u32) -> Texel {
        let n = i64::from(size);
        let at = |v: i64| Texel::At(v as u32);
        match self.clamp[axis] {
            WRAP => at(i.rem_euclid(n)),
            MIRROR => {
                let m = i.rem_euclid(2 * n);
                at(if m < n { m } else { 2 * n - 1 - m })
            }
            CLAMP_LAST_TEXEL => at(i.clamp(0, n - 1)),
            _ if (0..n).contains(&i) => at(i),
            _ => Texel::Border,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_the_device_libraries_samplers() {
        // Entries of the gfx8 table in opencl.bc for CLK_NORMALIZED_COORDS_TRUE with
        // REPEAT/nearest, and CLAMP_TO_EDGE/linear unnormalised.
        let repeat = SamplerState {
            normalized: true,
            addressing: Addressing::Repeat,
            filter: Filter::Nearest,
        };
        assert_eq!(repeat.words(), [0x1000_3000, 0xfff000, 0, 0]);
        let edge = SamplerState {
            normalized: false,
            addressing: Addressing::ClampToEdge,
            filter: Filter::Linear,
        };
        assert_eq!(edge.words(), [0x1000_b092, 0xfff000, 0x500000, 0]);
        let r = SamplerResource::from_words(edge.words()).unwrap();
        assert!(r.unnormalized && r.linear);
        assert_eq!(r.address(0, -3, 5), Texel::At(0));
        assert_eq!(r.address(1, 9, 5), Texel::At(4));
    }

    #[test]
    fn addressing_wraps_mirrors_and_borders() {
        let words = |a| {
            SamplerState {
                normalized: true,
                addressing: a,
                filter: Filter::Nearest,
            }
            .words()
        };
        let wrap = SamplerResource::from_words(words(Addressing::Repeat)).unwrap();
        assert_eq!(wrap.address(0, -1, 4), Texel::At(3));
        assert_eq!(wrap.address(0, 9, 4), Texel::At(1));
        let mirror = SamplerResource::from_words(words(Addressing::MirroredRepeat)).unwrap();
        let seq: Vec<_> = (-5..10).map(|i| mirror.address(0, i, 4)).collect();
        let want = [3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1].map(Texel::At);
        assert_eq!(seq, want);
        let border = SamplerResource::from_words(words(Addressing::Clamp)).unwrap();
        assert_eq!(border.address(0, 4, 4), Texel::Border);
        assert_eq!(border.address(0, -1, 4), Texel::Border);
        assert_eq!(border.address(0, 3, 4), Texel::At(3));
    }
}
