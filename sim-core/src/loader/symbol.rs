//! Symbols of a code object: kernels, functions and program-scope variables.

use std::collections::HashSet;

use goblin::elf::sym::{Sym, STB_GLOBAL, STB_WEAK, STT_FUNC, STT_OBJECT};
use goblin::strtab::Strtab;

/// `STT_AMDGPU_HSA_KERNEL`: a code object v2 kernel symbol (points at `amd_kernel_code_t`).
const STT_AMDGPU_HSA_KERNEL: u8 = 10;

/// What a symbol names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A function (`STT_FUNC`): kernel entry points and called functions.
    Function,
    /// A data object (`STT_OBJECT`): kernel descriptors and program-scope variables.
    Object,
    /// A code object v2 kernel (`STT_AMDGPU_HSA_KERNEL`).
    HsaKernel,
    /// Anything else (sections, files, untyped).
    Other,
}

/// One symbol with its virtual address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// Symbol name.
    pub name: String,
    /// Virtual address (0 for undefined symbols).
    pub address: u64,
    /// Size in bytes.
    pub size: u64,
    /// What it names.
    pub kind: SymbolKind,
    /// Visible outside the code object (global or weak binding).
    pub exported: bool,
    /// Defined in this code object.
    pub defined: bool,
}

impl Symbol {
    /// Whether this is a program-scope variable (a data object that is not a kernel descriptor).
    pub fn is_global_variable(&self) -> bool {
        self.kind == SymbolKind::Object && self.defined && !self.name.ends_with(".kd")
    }
}

/// Converts an ELF symbol table, skipping nameless entries and symbols already in `out`
/// (the dynamic table repeats the exported symbols of the static one).
pub fn collect_symbols(
    table: impl Iterator<Item = Sym>,
    names: &Strtab<'_>,
    out: &mut Vec<Symbol>,
) {
    let mut seen: HashSet<(String, u64)> =
        out.iter().map(|s| (s.name.clone(), s.address)).collect();
    for sym in table {
        let Some(name) = names.get_at(sym.st_name).filter(|n| !n.is_empty()) else {
            continue;
        };
        let kind = match sym.st_type() {
            STT_FUNC => SymbolKind::Function,
            STT_OBJECT => SymbolKind::Object,
            STT_AMDGPU_HSA_KERNEL => SymbolKind::HsaKernel,
            _ => SymbolKind::Other,
        };
        let bind = sym.st_bind();
        let symbol = Symbol {
            name: name.to_string(),
            address: sym.st_value,
            size: sym.st_size,
            kind,
            exported: bind == STB_GLOBAL || bind == STB_WEAK,
            defined: sym.st_shndx != 0,
        };
        if seen.insert((symbol.name.clone(), symbol.address)) {
            out.push(symbol);
        }
    }
}
