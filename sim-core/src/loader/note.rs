//! ELF notes: the records that carry an AMDGPU code object's version, ISA and metadata.

use super::error::{malformed, Result};

/// Owner and type of the code object v3+ metadata note (`NT_AMDGPU_METADATA`, msgpack).
pub const AMDGPU_METADATA: (&[u8], u32) = (b"AMDGPU", 32);
/// Owner and type of the code object v2 metadata note (`NT_AMD_HSA_METADATA`, YAML).
pub const AMD_HSA_METADATA: (&[u8], u32) = (b"AMD", 10);
/// Owner and type of the code object v2 version note (`NT_AMD_HSA_CODE_OBJECT_VERSION`).
pub const AMD_HSA_CODE_OBJECT_VERSION: (&[u8], u32) = (b"AMD", 1);
/// Owner and type of the code object v2 ISA note (`NT_AMD_HSA_ISA_VERSION`).
pub const AMD_HSA_ISA_VERSION: (&[u8], u32) = (b"AMD", 3);
/// Owner and type of the code object v2 ISA name note (`NT_AMD_HSA_ISA_NAME`).
pub const AMD_HSA_ISA_NAME: (&[u8], u32) = (b"AMD", 11);

/// One ELF note: owner name (without the terminating NUL), type and descriptor bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note<'a> {
    /// The note's owner, e.g. `AMDGPU`.
    pub owner: &'a [u8],
    /// The owner-specific note type.
    pub kind: u32,
    /// The note's payload.
    pub desc: &'a [u8],
}

impl Note<'_> {
    /// Whether this note has the given (owner, type).
    pub fn is(&self, which: (&[u8], u32)) -> bool {
        self.owner == which.0 && self.kind == which.1
    }
}

/// Splits a note segment or section into notes (4-byte aligned fields, as AMDGPU emits).
pub fn parse_notes(mut bytes: &[u8]) -> Result<Vec<Note<'_>>> {
    let mut notes = Vec::new();
    while bytes.len() >= 12 {
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (name_size, desc_size, kind) = (word(0) as usize, word(4) as usize, word(8));
        let name_end = 12usize
            .checked_add(name_size)
            .ok_or_else(|| malformed("note name size overflows"))?;
        let desc_start = align4(name_end).ok_or_else(|| malformed("note overflows"))?;
        let desc_end = desc_start
            .checked_add(desc_size)
            .ok_or_else(|| malformed("note descriptor size overflows"))?;
        if desc_end > bytes.len() {
            return Err(malformed("note runs past the end of its segment"));
        }
        let name = &bytes[12..name_end];
        let owner = name.strip_suffix(b"\0").unwrap_or(name);
        notes.push(Note {
            owner,
            kind,
            desc: &bytes[desc_start..desc_end],
        });
        let next = align4(desc_end).unwrap_or(usize::MAX).min(bytes.len());
        bytes = &bytes[next..];
    }
    Ok(notes)
}

fn align4(n: usize) -> Option<usize> {
    n.checked_add(3).map(|n| n & !3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_two_notes_with_padding() {
        let mut bytes = Vec::new();
        for (name, kind, desc) in [
            (&b"AMD\0"[..], 1u32, &[2u8, 0, 0, 0, 1, 0, 0, 0][..]),
            (b"AMDGPU\0", 32, b"xyz"),
        ] {
            bytes.extend((name.len() as u32).to_le_bytes());
            bytes.extend((desc.len() as u32).to_le_bytes());
            bytes.extend(kind.to_le_bytes());
            bytes.extend(name);
            bytes.resize(bytes.len().next_multiple_of(4), 0);
            bytes.extend(desc);
            bytes.resize(bytes.len().next_multiple_of(4), 0);
        }
        let notes = parse_notes(&bytes).unwrap();
        assert_eq!(notes.len(), 2);
        assert!(notes[0].is(AMD_HSA_CODE_OBJECT_VERSION));
        assert_eq!(notes[1].owner, b"AMDGPU");
        assert_eq!(notes[1].desc, b"xyz");
    }

    #[test]
    fn rejects_truncated_note() {
        let mut bytes = Vec::new();
        bytes.extend(4u32.to_le_bytes());
        bytes.extend(100u32.to_le_bytes());
        bytes.extend(32u32.to_le_bytes());
        bytes.extend(b"AMD\0");
        assert!(parse_notes(&bytes).is_err());
    }
}
