//! Which GPU and code object version an ELF file is for, from its header and notes.

use goblin::elf::header::{Header, EM_AMDGPU, ET_DYN};

use super::error::{malformed, LoadError, Result};
use super::note::{Note, AMD_HSA_CODE_OBJECT_VERSION, AMD_HSA_ISA_VERSION};

/// `EI_OSABI` of HSA code objects (`ELFOSABI_AMDGPU_HSA`).
const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// `EF_AMDGPU_MACH` mask of `e_flags`.
const EF_AMDGPU_MACH: u32 = 0xff;
/// The one processor gcnsim simulates.
pub const SUPPORTED_PROCESSOR: &str = "gfx803";

/// HSA code object version (AMDGPUUsage "Code Object V2" … "V5").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CodeObjectVersion {
    /// v2: `amd_kernel_code_t` and YAML metadata.
    V2,
    /// v3: kernel descriptors and msgpack metadata.
    V3,
    /// v4: as v3, with target-id feature flags in `e_flags`.
    V4,
    /// v5: as v4, with more hidden kernel arguments (apertures, block counts, …).
    V5,
}

impl CodeObjectVersion {
    /// The version number, 2–5.
    pub fn number(self) -> u32 {
        match self {
            Self::V2 => 2,
            Self::V3 => 3,
            Self::V4 => 4,
            Self::V5 => 5,
        }
    }

    /// The version with the given number.
    pub fn from_number(n: u32) -> Option<Self> {
        Some(match n {
            2 => Self::V2,
            3 => Self::V3,
            4 => Self::V4,
            5 => Self::V5,
            _ => return None,
        })
    }
}

/// Names of `EF_AMDGPU_MACH` values near gfx803, for error messages.
const MACH_NAMES: &[(u32, &str)] = &[
    (0x020, "gfx600"),
    (0x021, "gfx601"),
    (0x022, "gfx700"),
    (0x023, "gfx701"),
    (0x024, "gfx702"),
    (0x025, "gfx703"),
    (0x026, "gfx704"),
    (0x028, "gfx801"),
    (0x029, "gfx802"),
    (0x02a, "gfx803"),
    (0x02b, "gfx810"),
    (0x02c, "gfx900"),
    (0x02d, "gfx902"),
    (0x02e, "gfx904"),
    (0x02f, "gfx906"),
    (0x030, "gfx908"),
];

fn mach_name(mach: u32) -> String {
    MACH_NAMES.iter().find(|(m, _)| *m == mach).map_or_else(
        || format!("EF_AMDGPU_MACH {mach:#x}"),
        |(_, n)| n.to_string(),
    )
}

/// Checks the ELF header and notes describe an executable gfx803 HSA code object and
/// returns its version.
pub fn check_target(header: &Header, notes: &[Note<'_>]) -> Result<CodeObjectVersion> {
    if header.e_machine != EM_AMDGPU {
        return Err(LoadError::WrongTarget(format!(
            "ELF machine {} is not AMDGPU",
            goblin::elf::header::machine_to_str(header.e_machine)
        )));
    }
    let os_abi = header.e_ident[goblin::elf::header::EI_OSABI];
    if os_abi != ELFOSABI_AMDGPU_HSA {
        return Err(LoadError::WrongTarget(format!(
            "OS ABI {os_abi} is not HSA (64); PAL and Mesa code objects are not supported"
        )));
    }
    if header.e_type != ET_DYN {
        return Err(LoadError::Unsupported(format!(
            "ELF type {} is not a linked (ET_DYN) code object",
            header.e_type
        )));
    }
    let version = match header.e_ident[goblin::elf::header::EI_ABIVERSION] {
        0 => CodeObjectVersion::V2,
        1 => CodeObjectVersion::V3,
        2 => CodeObjectVersion::V4,
        3 => CodeObjectVersion::V5,
        v => {
            return Err(LoadError::Unsupported(format!(
                "code object ABI version {v} (v6 and later)"
            )))
        }
    };
    let mach = header.e_flags & EF_AMDGPU_MACH;
    let processor = if mach == 0 && version == CodeObjectVersion::V2 {
        v2_isa_from_notes(notes)?
    } else {
        mach_name(mach)
    };
    if processor != SUPPORTED_PROCESSOR {
        return Err(LoadError::WrongTarget(format!(
            "code object is for {processor}, gcnsim simulates {SUPPORTED_PROCESSOR}"
        )));
    }
    if version == CodeObjectVersion::V2 && !notes.iter().any(|n| n.is(AMD_HSA_CODE_OBJECT_VERSION))
    {
        return Err(malformed(
            "code object v2 without an NT_AMD_HSA_CODE_OBJECT_VERSION note",
        ));
    }
    Ok(version)
}

/// Reads the processor from a v2 `NT_AMD_HSA_ISA_VERSION` note (major, minor, stepping).
fn v2_isa_from_notes(notes: &[Note<'_>]) -> Result<String> {
    let desc = notes
        .iter()
        .find(|n| n.is(AMD_HSA_ISA_VERSION))
        .map(|n| n.desc)
        .ok_or_else(|| malformed("code object v2 has neither EF_AMDGPU_MACH nor an ISA note"))?;
    let word = |at: usize| {
        desc.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| malformed("ISA note is truncated"))
    };
    Ok(format!("gfx{}{}{}", word(4)?, word(8)?, word(12)?))
}

/// Checks a v3+ metadata target id (`amdgcn-amd-amdhsa--gfx803[:feature±…]`).
pub fn check_target_id(target_id: &str) -> Result<()> {
    let processor = target_id
        .strip_prefix("amdgcn-amd-amdhsa--")
        .map(|rest| rest.split(':').next().unwrap_or(rest))
        .ok_or_else(|| {
            LoadError::WrongTarget(format!(
                "metadata target `{target_id}` is not amdgcn-amd-amdhsa"
            ))
        })?;
    if processor != SUPPORTED_PROCESSOR {
        return Err(LoadError::WrongTarget(format!(
            "metadata target is {processor}, gcnsim simulates {SUPPORTED_PROCESSOR}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_ids() {
        assert!(check_target_id("amdgcn-amd-amdhsa--gfx803").is_ok());
        assert!(check_target_id("amdgcn-amd-amdhsa--gfx803:xnack-").is_ok());
        assert!(matches!(
            check_target_id("amdgcn-amd-amdhsa--gfx900"),
            Err(LoadError::WrongTarget(_))
        ));
        assert!(check_target_id("r600--").is_err());
    }
}
