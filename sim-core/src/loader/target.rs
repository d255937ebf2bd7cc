//! Which GPU and code object version an ELF file is for, from its header and notes.

use goblin::elf::header::{Header, EM_AMDGPU, ET_DYN};

use super::error::{malformed, LoadError, Result};
use super::note::{Note, AMD_HSA_CODE_OBJECT_VERSION, AMD_HSA_ISA_NAME, AMD_HSA_ISA_VERSION};

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

/// The AMDGCN `EF_AMDGPU_MACH` values (LLVM's `BinaryFormat/ELF.h`, AMDGPUUsage "AMDGPU
/// `EF_AMDGPU_MACH` Values"), for naming the processor a code object was built for.
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
    (0x031, "gfx909"),
    (0x032, "gfx90c"),
    (0x033, "gfx1010"),
    (0x034, "gfx1011"),
    (0x035, "gfx1012"),
    (0x036, "gfx1030"),
    (0x037, "gfx1031"),
    (0x038, "gfx1032"),
    (0x039, "gfx1033"),
    (0x03a, "gfx602"),
    (0x03b, "gfx705"),
    (0x03c, "gfx805"),
    (0x03d, "gfx1035"),
    (0x03e, "gfx1034"),
    (0x03f, "gfx90a"),
    (0x040, "gfx940"),
    (0x041, "gfx1100"),
    (0x042, "gfx1013"),
    (0x043, "gfx1150"),
    (0x044, "gfx1103"),
    (0x045, "gfx1036"),
    (0x046, "gfx1101"),
    (0x047, "gfx1102"),
];

/// The processor an `EF_AMDGPU_MACH` value names, if it is a known AMDGCN processor.
fn mach_name(mach: u32) -> Option<&'static str> {
    MACH_NAMES.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)
}

/// Checks the ELF header and notes describe an executable gfx803 HSA code object and
/// returns its version, and whether the header or notes named the processor (when they
/// did not, only a v3+ metadata `amdhsa.target` can, and the caller must check it).
///
/// The processor is taken from every place that names one, and each must say gfx803:
///
/// - `e_flags & EF_AMDGPU_MACH` when it is a known AMDGCN value (gfx803 is `0x2a`). Other
///   values name no processor: `0` is `EF_AMDGPU_MACH_NONE`; small values are legacy.
///   LLVM 6 and older wrote `EF_AMDGPU_ARCH` in those bits (`0x2` = `EF_AMDGPU_ARCH_GCN`,
///   "some GCN GPU"), and for code object v2 LLVM later gave bits `0x1` and `0x2` to
///   `EF_AMDGPU_FEATURE_XNACK_V2` and `EF_AMDGPU_FEATURE_TRAP_HANDLER_V2`; read as
///   `EF_AMDGPU_MACH` they would be the R600 processors r600 and r630. Such binaries come
///   from older ROCm releases (MGPUSim's Hetero-Mark AES code object has `e_flags` `0x2`).
/// - v2: the `NT_AMD_HSA_ISA_VERSION` note (type 3: vendor `AMD`, architecture `AMDGPU`,
///   major, minor, stepping; 8.0.3 is gfx803) and the `NT_AMD_HSA_ISA_NAME` note (type
///   11, e.g. `amdgcn-amd-amdhsa-amdgizcl-gfx803`). A v2 object must name its processor
///   in one of the three places.
pub fn check_target(header: &Header, notes: &[Note<'_>]) -> Result<(CodeObjectVersion, bool)> {
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
    let mut named: Vec<(String, String)> = Vec::new();
    if let Some(processor) = mach_name(mach) {
        named.push((format!("e_flags {mach:#x}"), processor.to_string()));
    }
    if version == CodeObjectVersion::V2 {
        if let Some(processor) = v2_isa_version_note(notes)? {
            named.push(("the NT_AMD_HSA_ISA_VERSION note".into(), processor));
        }
        if let Some(processor) = v2_isa_name_note(notes)? {
            named.push(("the NT_AMD_HSA_ISA_NAME note".into(), processor));
        }
    }
    if let Some((source, processor)) = named.iter().find(|(_, p)| p != SUPPORTED_PROCESSOR) {
        return Err(LoadError::WrongTarget(format!(
            "{processor} (named by {source}), gcnsim simulates {SUPPORTED_PROCESSOR}"
        )));
    }
    if version == CodeObjectVersion::V2 {
        if named.is_empty() {
            return Err(LoadError::WrongTarget(format!(
                "code object v2 names no processor: e_flags {:#x} is not an AMDGCN \
                 EF_AMDGPU_MACH value and there is no NT_AMD_HSA_ISA_VERSION note",
                header.e_flags
            )));
        }
        if !notes.iter().any(|n| n.is(AMD_HSA_CODE_OBJECT_VERSION)) {
            return Err(malformed(
                "code object v2 without an NT_AMD_HSA_CODE_OBJECT_VERSION note",
            ));
        }
    }
    Ok((version, !named.is_empty()))
}

/// The processor a v2 `NT_AMD_HSA_ISA_VERSION` note names, if there is one. Its
/// descriptor (AMDGPUUsage `amdgpu_hsa_note_isa_s`): vendor name size u16 @0, architecture
/// name size u16 @2, major u32 @4, minor u32 @8, stepping u32 @12, then the two
/// NUL-terminated names. The processor is `gfx` + major + minor + stepping, minor and
/// stepping as hexadecimal digits (9.0.10 is gfx90a).
fn v2_isa_version_note(notes: &[Note<'_>]) -> Result<Option<String>> {
    let Some(desc) = notes
        .iter()
        .find(|n| n.is(AMD_HSA_ISA_VERSION))
        .map(|n| n.desc)
    else {
        return Ok(None);
    };
    let word = |at: usize| {
        desc.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| malformed("ISA note is truncated"))
    };
    let half = |at: usize| {
        desc.get(at..at + 2)
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
            .ok_or_else(|| malformed("ISA note is truncated"))
    };
    let (vendor_size, arch_size) = (half(0)?, half(2)?);
    let name = |start: usize, size: usize| {
        desc.get(start..start.checked_add(size)?)
            .map(|b| String::from_utf8_lossy(b.strip_suffix(b"\0").unwrap_or(b)).into_owned())
    };
    let vendor = name(16, vendor_size).ok_or_else(|| malformed("ISA note is truncated"))?;
    let arch =
        name(16 + vendor_size, arch_size).ok_or_else(|| malformed("ISA note is truncated"))?;
    if vendor != "AMD" || arch != "AMDGPU" {
        return Err(LoadError::WrongTarget(format!(
            "ISA note names vendor `{vendor}` architecture `{arch}`, not AMD AMDGPU"
        )));
    }
    Ok(Some(format!(
        "gfx{}{:x}{:x}",
        word(4)?,
        word(8)?,
        word(12)?
    )))
}

/// The processor a v2 `NT_AMD_HSA_ISA_NAME` note names (its last `-` field, without
/// feature suffixes), if there is one.
fn v2_isa_name_note(notes: &[Note<'_>]) -> Result<Option<String>> {
    let Some(desc) = notes
        .iter()
        .find(|n| n.is(AMD_HSA_ISA_NAME))
        .map(|n| n.desc)
    else {
        return Ok(None);
    };
    let text = std::str::from_utf8(desc)
        .map_err(|_| malformed("ISA name note is not UTF-8"))?
        .trim_end_matches('\0');
    let last = text.rsplit('-').next().unwrap_or(text);
    let processor = last.split([':', '+']).next().unwrap_or(last);
    if !text.starts_with("amdgcn-") || processor.is_empty() {
        return Err(LoadError::WrongTarget(format!(
            "ISA name note `{text}` is not an amdgcn processor"
        )));
    }
    Ok(Some(processor.to_string()))
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
    use crate::loader::CodeObject;

    /// A clang-15 code object v2 (`-mcode-object-version=2`, e_flags `0x2a`, ISA note
    /// 8.0.3, ISA name note `amdgcn-amd-amdhsa--gfx803`).
    const V2: &[u8] = include_bytes!("../../tests/data/programs/seeds/local_memory-v2.co");
    /// The same program as code object v4 (metadata `amdhsa.target` names gfx803).
    const V4: &[u8] = include_bytes!("../../tests/data/programs/seeds/local_memory-v4.co");
    /// Offset of `e_flags` in an ELF64 header.
    const E_FLAGS: usize = 48;

    fn with_flags(bytes: &[u8], flags: u32) -> Vec<u8> {
        let mut out = bytes.to_vec();
        out[E_FLAGS..E_FLAGS + 4].copy_from_slice(&flags.to_le_bytes());
        out
    }

    /// Offset of the only occurrence of `pattern` in `bytes`.
    fn find(bytes: &[u8], pattern: &[u8]) -> usize {
        let hits: Vec<usize> = (0..=bytes.len() - pattern.len())
            .filter(|&i| &bytes[i..i + pattern.len()] == pattern)
            .collect();
        assert_eq!(hits.len(), 1, "{pattern:?}");
        hits[0]
    }

    /// Note header (name size 4, descriptor size, type) of an `AMD` note.
    fn amd_note_header(desc_size: u32, kind: u32) -> Vec<u8> {
        [4u32, desc_size, kind]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .chain(*b"AMD\0")
            .collect()
    }

    /// Rewrites the v2 ISA notes to name another processor (major, minor, stepping).
    fn with_isa(bytes: &[u8], isa: [u32; 3], name: &[u8; 6]) -> Vec<u8> {
        let mut out = bytes.to_vec();
        let desc = find(&out, &amd_note_header(0x1b, 3)) + 16;
        for (i, v) in isa.iter().enumerate() {
            out[desc + 4 + 4 * i..desc + 8 + 4 * i].copy_from_slice(&v.to_le_bytes());
        }
        let at = find(&out, b"amdhsa--gfx803") + 8;
        out[at..at + 6].copy_from_slice(name);
        out
    }

    /// Turns the note of that type into one of an unknown type (as if it were absent).
    fn without_note(bytes: &[u8], desc_size: u32, kind: u32) -> Vec<u8> {
        let mut out = bytes.to_vec();
        let at = find(&out, &amd_note_header(desc_size, kind)) + 8;
        out[at..at + 4].copy_from_slice(&999u32.to_le_bytes());
        out
    }

    /// What a launch uses of a code object (its image holds the patched ELF header too).
    fn launch_view(co: &CodeObject) -> impl PartialEq + std::fmt::Debug + '_ {
        (
            co.version,
            &co.kernels,
            &co.symbols,
            &co.relocations,
            &co.image.code,
        )
    }

    fn refusal(bytes: &[u8]) -> String {
        match CodeObject::parse(bytes) {
            Err(LoadError::WrongTarget(why)) => why,
            other => panic!("expected WrongTarget, got {other:?}"),
        }
    }

    #[test]
    fn v2_with_legacy_e_flags_takes_the_isa_note() {
        let reference = CodeObject::parse(V2).unwrap();
        assert_eq!(reference.version, CodeObjectVersion::V2);
        // 0x2: LLVM 6's EF_AMDGPU_ARCH_GCN, as in MGPUSim's AES code object; 0x1, 0x3: the
        // v2 XNACK / trap-handler bits; 0: EF_AMDGPU_MACH_NONE; 0x27: a reserved value.
        for flags in [0x2, 0x0, 0x1, 0x3, 0x27] {
            let co = CodeObject::parse(&with_flags(V2, flags))
                .unwrap_or_else(|e| panic!("e_flags {flags:#x}: {e}"));
            assert_eq!(launch_view(&co), launch_view(&reference), "{flags:#x}");
        }
        // Only the ISA version note, only the ISA name note: either is enough.
        let name_only = without_note(&with_flags(V2, 0x2), 0x1b, 3);
        let co = CodeObject::parse(&name_only).unwrap();
        assert_eq!(launch_view(&co), launch_view(&reference));
        let version_only = without_note(&with_flags(V2, 0x2), 0x19, 11);
        let co = CodeObject::parse(&version_only).unwrap();
        assert_eq!(launch_view(&co), launch_view(&reference));
    }

    #[test]
    fn v2_naming_another_gpu_is_refused() {
        let gfx900 = with_isa(&with_flags(V2, 0x2), [9, 0, 0], b"gfx900");
        let why = refusal(&gfx900);
        assert!(
            why.contains("gfx900") && why.contains("NT_AMD_HSA_ISA_VERSION"),
            "{why}"
        );
        // The notes disagree with e_flags: whichever names another GPU wins.
        let why = refusal(&with_isa(V2, [9, 0, 0], b"gfx900"));
        assert!(why.contains("gfx900"), "{why}");
        let why = refusal(&with_flags(V2, 0x2c));
        assert!(
            why.contains("gfx900") && why.contains("named by e_flags 0x2c"),
            "{why}"
        );
        // 9.0.10 is gfx90a (stepping as a hexadecimal digit).
        let gfx90a = without_note(&with_isa(V2, [9, 0, 10], b"gfx803"), 0x19, 11);
        let why = refusal(&with_flags(&gfx90a, 0x2));
        assert!(why.contains("gfx90a"), "{why}");
    }

    #[test]
    fn v2_naming_no_gpu_is_refused() {
        let bare = without_note(&without_note(&with_flags(V2, 0x2), 0x1b, 3), 0x19, 11);
        let why = refusal(&bare);
        assert!(
            why.contains("names no processor") && why.contains("0x2"),
            "{why}"
        );
    }

    #[test]
    fn v4_with_legacy_e_flags_takes_the_metadata_target() {
        let reference = CodeObject::parse(V4).unwrap();
        for flags in [0x0, 0x2] {
            let co = CodeObject::parse(&with_flags(V4, flags)).unwrap();
            assert_eq!(launch_view(&co), launch_view(&reference));
        }
        let mut gfx900 = with_flags(V4, 0x2);
        let at = find(&gfx900, b"amdhsa--gfx803") + 8;
        gfx900[at..at + 6].copy_from_slice(b"gfx900");
        let why = refusal(&gfx900);
        assert!(why.contains("metadata target is gfx900"), "{why}");
    }

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
