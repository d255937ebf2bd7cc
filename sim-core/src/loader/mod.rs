//! Code-object loader: reads a gfx803 HSA code object (ELF, code object v2–v5) into the
//! kernels, descriptors, argument layouts and memory image that the driver and emulator use.

mod descriptor;
mod error;
mod image;
mod kernel;
mod metadata;
mod note;
mod pgm_rsrc;
mod relocation;
mod symbol;
mod target;

pub use descriptor::{KernelCodeProperties, KernelDescriptor, SgprInit, SgprValue};
pub use error::LoadError;
pub use image::{LoadedImage, MAX_IMAGE_BYTES};
pub use kernel::Kernel;
pub use metadata::{
    AccessQualifier, AddressSpace, ArgKind, KernelArg, KernelMetadata, PrintfFormat,
    ProgramMetadata,
};
pub use pgm_rsrc::{
    ComputePgmRsrc1, ComputePgmRsrc2, ComputePgmRsrc3, FloatDenormMode, FloatRoundMode,
};
pub use relocation::Relocation;
pub use symbol::{Symbol, SymbolKind};
pub use target::{CodeObjectVersion, SUPPORTED_PROCESSOR};

use goblin::elf::program_header::PT_NOTE;
use goblin::elf::section_header::SHT_NOTE;
use goblin::elf::Elf;

use descriptor::{AMD_KERNEL_CODE_SIZE, KERNEL_DESCRIPTOR_SIZE};
use error::{bad_metadata, malformed, Result};
use note::{Note, AMDGPU_METADATA, AMD_HSA_METADATA};

/// A loaded code object: everything needed to launch its kernels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeObject {
    /// Code object version.
    pub version: CodeObjectVersion,
    /// Metadata format version (major, minor).
    pub metadata_version: (u32, u32),
    /// The kernels, in metadata order.
    pub kernels: Vec<Kernel>,
    /// The memory image: code, descriptors and program-scope data at their virtual addresses.
    pub image: LoadedImage,
    /// All named symbols (kernels, functions, descriptors, variables).
    pub symbols: Vec<Symbol>,
    /// Dynamic relocations to apply for a given load address.
    pub relocations: Vec<Relocation>,
    /// printf format strings.
    pub printf_formats: Vec<PrintfFormat>,
}

impl CodeObject {
    /// Loads a code object from its ELF bytes. Never panics; every failure is a [`LoadError`].
    pub fn parse(bytes: &[u8]) -> std::result::Result<Self, LoadError> {
        let elf = Elf::parse(bytes).map_err(|e| malformed(format!("ELF: {e}")))?;
        if !elf.is_64 || !elf.little_endian {
            return Err(LoadError::WrongTarget(
                "not a 64-bit little-endian ELF file".into(),
            ));
        }
        let notes = collect_notes(&elf, bytes)?;
        let (version, named) = target::check_target(&elf.header, &notes)?;
        let metadata = read_metadata(version, &notes)?;
        match &metadata.target {
            Some(target_id) => target::check_target_id(target_id)?,
            None if !named => {
                return Err(LoadError::WrongTarget(format!(
                    "code object names no processor: e_flags {:#x} is not an AMDGCN \
                     EF_AMDGPU_MACH value and the metadata has no amdhsa.target",
                    elf.header.e_flags
                )))
            }
            None => {}
        }
        let image = LoadedImage::from_segments(bytes, &elf.program_headers, &elf.section_headers)?;
        let mut symbols = Vec::new();
        symbol::collect_symbols(elf.syms.iter(), &elf.strtab, &mut symbols);
        symbol::collect_symbols(elf.dynsyms.iter(), &elf.dynstrtab, &mut symbols);
        let relocations = collect_relocations(&elf)?;
        let kernels = metadata
            .kernels
            .into_iter()
            .map(|meta| join_kernel(version, meta, &symbols, &image))
            .collect::<Result<_>>()?;
        Ok(CodeObject {
            version,
            metadata_version: metadata.version,
            kernels,
            image,
            symbols,
            relocations,
            printf_formats: metadata.printf_formats,
        })
    }

    /// The kernel with the given name.
    pub fn kernel(&self, name: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|k| k.name() == name)
    }

    /// Program-scope variables (`__global`/`__constant` data defined at file scope).
    pub fn global_variables(&self) -> impl Iterator<Item = &Symbol> {
        self.symbols.iter().filter(|s| s.is_global_variable())
    }

    /// The memory image with every dynamic relocation applied for a load at `base`.
    pub fn relocated_image(&self, base: u64) -> std::result::Result<Vec<u8>, LoadError> {
        let mut bytes = self.image.bytes.clone();
        for r in &self.relocations {
            r.apply(&mut bytes, base)?;
        }
        Ok(bytes)
    }
}

/// Notes from the `PT_NOTE` segments, or from `SHT_NOTE` sections when there are none.
fn collect_notes<'a>(elf: &Elf<'_>, bytes: &'a [u8]) -> Result<Vec<Note<'a>>> {
    let ranges: Vec<(u64, u64)> = {
        let segs: Vec<_> = elf
            .program_headers
            .iter()
            .filter(|p| p.p_type == PT_NOTE)
            .map(|p| (p.p_offset, p.p_filesz))
            .collect();
        if segs.is_empty() {
            elf.section_headers
                .iter()
                .filter(|s| s.sh_type == SHT_NOTE)
                .map(|s| (s.sh_offset, s.sh_size))
                .collect()
        } else {
            segs
        }
    };
    let mut notes = Vec::new();
    for (offset, size) in ranges {
        let region = usize::try_from(offset)
            .ok()
            .zip(usize::try_from(size).ok())
            .and_then(|(o, s)| bytes.get(o..o.checked_add(s)?))
            .ok_or_else(|| malformed("note segment lies outside the file"))?;
        notes.extend(note::parse_notes(region)?);
    }
    Ok(notes)
}

/// Parses the metadata note that belongs to `version`.
fn read_metadata(version: CodeObjectVersion, notes: &[Note<'_>]) -> Result<ProgramMetadata> {
    let which = if version == CodeObjectVersion::V2 {
        AMD_HSA_METADATA
    } else {
        AMDGPU_METADATA
    };
    let desc = notes
        .iter()
        .find(|n| n.is(which))
        .map(|n| n.desc)
        .ok_or_else(|| bad_metadata("no metadata note"))?;
    if version == CodeObjectVersion::V2 {
        let text =
            std::str::from_utf8(desc).map_err(|_| bad_metadata("YAML metadata is not UTF-8"))?;
        metadata::parse_yaml(text.trim_end_matches('\0'))
    } else {
        metadata::parse_msgpack(desc)
    }
}

fn collect_relocations(elf: &Elf<'_>) -> Result<Vec<Relocation>> {
    if !elf.dynrels.is_empty() {
        return Err(LoadError::Unsupported(
            "REL (addend-less) dynamic relocations".into(),
        ));
    }
    let mut out = Vec::new();
    for r in elf.dynrelas.iter().chain(elf.pltrelocs.iter()) {
        let symbol = if r.r_sym == 0 {
            None
        } else {
            let sym = elf
                .dynsyms
                .get(r.r_sym)
                .ok_or_else(|| malformed("relocation names a missing symbol"))?;
            let name = elf
                .dynstrtab
                .get_at(sym.st_name)
                .unwrap_or_default()
                .to_string();
            Some((name, sym.st_value))
        };
        out.push(Relocation {
            offset: r.r_offset,
            kind: r.r_type,
            symbol,
            addend: r.r_addend.unwrap_or(0),
        });
    }
    Ok(out)
}

/// Finds a kernel's descriptor through its symbol and checks it against the metadata.
fn join_kernel(
    version: CodeObjectVersion,
    meta: KernelMetadata,
    symbols: &[Symbol],
    image: &LoadedImage,
) -> Result<Kernel> {
    let (symbol_name, size) = if version == CodeObjectVersion::V2 {
        (meta.name.as_str(), AMD_KERNEL_CODE_SIZE)
    } else {
        (meta.symbol.as_str(), KERNEL_DESCRIPTOR_SIZE)
    };
    let symbol = symbols
        .iter()
        .find(|s| s.name == symbol_name && s.defined)
        .ok_or_else(|| {
            bad_metadata(format!("kernel `{}`: no symbol `{symbol_name}`", meta.name))
        })?;
    let bytes = image.read(symbol.address, size).ok_or_else(|| {
        malformed(format!(
            "descriptor of `{}` lies outside the image",
            meta.name
        ))
    })?;
    let descriptor = if version == CodeObjectVersion::V2 {
        KernelDescriptor::from_amd_kernel_code(bytes)?
    } else {
        KernelDescriptor::from_v3(bytes)?
    };
    let entry_address = symbol
        .address
        .checked_add_signed(descriptor.kernel_code_entry_byte_offset)
        .filter(|a| image.code.contains(a))
        .ok_or_else(|| {
            malformed(format!(
                "entry point of `{}` lies outside the code",
                meta.name
            ))
        })?;
    if meta.wavefront_size != 64 || descriptor.kernel_code_properties.wavefront_size32 {
        return Err(LoadError::Unsupported(format!(
            "kernel `{}` uses wavefront size {}, gfx803 runs 64",
            meta.name, meta.wavefront_size
        )));
    }
    // clang-15 gives a kernel these arguments only when it calls enqueue_kernel (the
    // `calls-enqueue-kernel` attribute); gcnsim has no device-side queues to fill them with.
    if meta.args.iter().any(|a| {
        matches!(
            a.kind,
            ArgKind::HiddenDefaultQueue | ArgKind::HiddenCompletionAction
        )
    }) {
        return Err(LoadError::Unsupported(format!(
            "kernel `{}` uses device-side enqueue (enqueue_kernel), which gcnsim does not offer",
            meta.name
        )));
    }
    for arg in &meta.args {
        if arg
            .offset
            .checked_add(arg.size)
            .is_none_or(|end| end > meta.kernarg_segment_size)
        {
            return Err(bad_metadata(format!(
                "kernel `{}`: argument at offset {} size {} exceeds the kernarg segment ({} bytes)",
                meta.name, arg.offset, arg.size, meta.kernarg_segment_size
            )));
        }
    }
    Ok(Kernel {
        descriptor_address: symbol.address,
        entry_address,
        descriptor,
        metadata: meta,
    })
}
