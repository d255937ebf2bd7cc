//! The code object as it lies in GPU memory: its loadable segments at their virtual
//! addresses, so that kernel descriptors, instructions and data are read by address.

use std::ops::Range;

use goblin::elf::program_header::{ProgramHeader, PF_X, PT_LOAD};
use goblin::elf::section_header::{SectionHeader, SHF_EXECINSTR};

use super::error::{malformed, LoadError, Result};

/// Largest memory image gcnsim loads (code plus program-scope data).
pub const MAX_IMAGE_BYTES: u64 = 256 << 20;

/// Loadable segments laid out from virtual address 0; the emulator places the image at
/// some base address B, and reads address `B + vaddr`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedImage {
    /// Image bytes; index = virtual address. Zero-filled between segments and for `.bss`.
    pub bytes: Vec<u8>,
    /// Virtual address range of the executable code (`.text`).
    pub code: Range<u64>,
}

impl LoadedImage {
    /// Lays out every `PT_LOAD` segment of `file`.
    pub fn from_segments(
        file: &[u8],
        segments: &[ProgramHeader],
        sections: &[SectionHeader],
    ) -> Result<Self> {
        let loads: Vec<_> = segments.iter().filter(|p| p.p_type == PT_LOAD).collect();
        if loads.is_empty() {
            return Err(malformed("no loadable segments"));
        }
        let mut end: u64 = 0;
        for p in &loads {
            let seg_end = p
                .p_vaddr
                .checked_add(p.p_memsz)
                .ok_or_else(|| malformed("segment address overflows"))?;
            if p.p_filesz > p.p_memsz {
                return Err(malformed("segment file size exceeds its memory size"));
            }
            end = end.max(seg_end);
        }
        if end > MAX_IMAGE_BYTES {
            return Err(LoadError::Unsupported(format!(
                "code object image of {end} bytes exceeds {MAX_IMAGE_BYTES}"
            )));
        }
        let mut bytes = vec![0u8; end as usize];
        for p in &loads {
            let src = usize::try_from(p.p_offset)
                .ok()
                .zip(usize::try_from(p.p_filesz).ok())
                .and_then(|(off, len)| file.get(off..off.checked_add(len)?))
                .ok_or_else(|| malformed("segment lies outside the file"))?;
            let at = p.p_vaddr as usize;
            bytes[at..at + src.len()].copy_from_slice(src);
        }
        let code = code_range(&loads, sections)?;
        Ok(LoadedImage { bytes, code })
    }

    /// `len` bytes at virtual address `addr`, if they lie inside the image.
    pub fn read(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let start = usize::try_from(addr).ok()?;
        self.bytes.get(start..start.checked_add(len)?)
    }
}

/// The `.text`-like executable range: executable sections if present, else the executable
/// segment.
fn code_range(loads: &[&ProgramHeader], sections: &[SectionHeader]) -> Result<Range<u64>> {
    let exec: Vec<Range<u64>> = sections
        .iter()
        .filter(|s| s.sh_flags & u64::from(SHF_EXECINSTR) != 0 && s.sh_size > 0)
        .filter_map(|s| Some(s.sh_addr..s.sh_addr.checked_add(s.sh_size)?))
        .collect();
    let ranges = if exec.is_empty() {
        loads
            .iter()
            .filter(|p| p.p_flags & PF_X != 0)
            .map(|p| p.p_vaddr..p.p_vaddr + p.p_memsz)
            .collect()
    } else {
        exec
    };
    let start = ranges.iter().map(|r| r.start).min();
    let end = ranges.iter().map(|r| r.end).max();
    match (start, end) {
        (Some(start), Some(end)) => Ok(start..end),
        _ => Err(malformed("no executable code")),
    }
}
