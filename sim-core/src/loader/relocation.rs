//! Dynamic relocations: addresses the loader must patch once it knows where the code
//! object lies in GPU memory (pointers in program-scope data, mostly).

use super::error::{malformed, LoadError, Result};

/// `R_AMDGPU_ABS32_LO`: low 32 bits of S + A.
const R_AMDGPU_ABS32_LO: u32 = 1;
/// `R_AMDGPU_ABS32_HI`: high 32 bits of S + A.
const R_AMDGPU_ABS32_HI: u32 = 2;
/// `R_AMDGPU_ABS64`: S + A.
const R_AMDGPU_ABS64: u32 = 3;
/// `R_AMDGPU_ABS32`: S + A, 32 bits.
const R_AMDGPU_ABS32: u32 = 6;
/// `R_AMDGPU_RELATIVE64`: B + A.
const R_AMDGPU_RELATIVE64: u32 = 13;

/// One dynamic relocation (`.rela.dyn`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relocation {
    /// Virtual address of the patched bytes.
    pub offset: u64,
    /// `R_AMDGPU_*` type number.
    pub kind: u32,
    /// Symbol the value refers to, with its virtual address, if any.
    pub symbol: Option<(String, u64)>,
    /// Addend.
    pub addend: i64,
}

impl Relocation {
    /// Patches `image` (the code object laid out from address 0) for a load at `base`.
    pub fn apply(&self, image: &mut [u8], base: u64) -> Result<()> {
        let symbol_value = || match &self.symbol {
            Some((_, address)) if *address != 0 => Ok(base.wrapping_add(*address)),
            Some((name, _)) => Err(LoadError::Unsupported(format!(
                "relocation against undefined symbol `{name}`"
            ))),
            None => Ok(0),
        };
        let (value, width) = match self.kind {
            R_AMDGPU_RELATIVE64 => (base.wrapping_add_signed(self.addend), 8),
            R_AMDGPU_ABS64 => (symbol_value()?.wrapping_add_signed(self.addend), 8),
            R_AMDGPU_ABS32 | R_AMDGPU_ABS32_LO => (
                symbol_value()?.wrapping_add_signed(self.addend) & 0xffff_ffff,
                4,
            ),
            R_AMDGPU_ABS32_HI => (symbol_value()?.wrapping_add_signed(self.addend) >> 32, 4),
            other => {
                return Err(LoadError::Unsupported(format!(
                    "dynamic relocation type {other}"
                )))
            }
        };
        let at =
            usize::try_from(self.offset).map_err(|_| malformed("relocation offset overflows"))?;
        let target = at
            .checked_add(width)
            .and_then(|end| image.get_mut(at..end))
            .ok_or_else(|| malformed("relocation outside the loaded image"))?;
        target.copy_from_slice(&value.to_le_bytes()[..width]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_absolute_relocations() {
        let mut image = vec![0u8; 16];
        let rel = Relocation {
            offset: 0,
            kind: R_AMDGPU_RELATIVE64,
            symbol: None,
            addend: 0x40,
        };
        rel.apply(&mut image, 0x1000_0000).unwrap();
        assert_eq!(
            u64::from_le_bytes(image[0..8].try_into().unwrap()),
            0x1000_0040
        );
        let abs = Relocation {
            offset: 8,
            kind: R_AMDGPU_ABS64,
            symbol: Some(("x".into(), 0x200)),
            addend: 4,
        };
        abs.apply(&mut image, 0x1000_0000).unwrap();
        assert_eq!(
            u64::from_le_bytes(image[8..16].try_into().unwrap()),
            0x1000_0204
        );
        let outside = Relocation {
            offset: 12,
            ..rel.clone()
        };
        assert!(outside.apply(&mut image, 0).is_err());
        let unknown = Relocation { kind: 99, ..rel };
        assert!(matches!(
            unknown.apply(&mut image, 0),
            Err(LoadError::Unsupported(_))
        ));
    }
}
