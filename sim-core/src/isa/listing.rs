//! An llvm-objdump-style listing of the code in an AMDGPU ELF code object (relocatable or
//! linked): for each function symbol in `.text`, every instruction with its address and
//! encoding. Finding `.text` is deliberately minimal; `sim_core::loader` owns real loading.

use super::decode::decode_all;
use goblin::elf::{sym::STT_FUNC, Elf};
use std::fmt::Write;

/// A function symbol of `.text`: name, start address and size in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeSymbol {
    /// Symbol name.
    pub name: String,
    /// Start address.
    pub address: u64,
    /// Bytes up to the next symbol or the end of `.text`.
    pub size: u64,
}

/// The bytes and address of `.text`, and its function symbols sorted by address.
pub fn text_section(elf_bytes: &[u8]) -> Result<(u64, Vec<u8>, Vec<CodeSymbol>), String> {
    let elf = Elf::parse(elf_bytes).map_err(|e| format!("not an ELF file: {e}"))?;
    let (index, sh) = elf
        .section_headers
        .iter()
        .enumerate()
        .find(|(_, sh)| elf.shdr_strtab.get_at(sh.sh_name) == Some(".text"))
        .ok_or("no .text section")?;
    let start = sh.sh_offset as usize;
    let bytes = elf_bytes
        .get(start..start + sh.sh_size as usize)
        .ok_or(".text lies outside the file")?
        .to_vec();
    let mut syms: Vec<CodeSymbol> = elf
        .syms
        .iter()
        .filter(|s| s.st_shndx == index && s.st_type() == STT_FUNC)
        .map(|s| CodeSymbol {
            name: elf.strtab.get_at(s.st_name).unwrap_or("").to_string(),
            address: s.st_value,
            size: s.st_size,
        })
        .collect();
    syms.sort_by_key(|s| s.address);
    if syms.is_empty() {
        syms.push(CodeSymbol {
            name: ".text".into(),
            address: sh.sh_addr,
            size: sh.sh_size,
        });
    }
    let end = sh.sh_addr + sh.sh_size;
    for i in 0..syms.len() {
        let next = syms.get(i + 1).map_or(end, |n| n.address);
        // Like llvm-objdump, a symbol's listing runs up to the next symbol (padding included).
        syms[i].size = next.saturating_sub(syms[i].address);
    }
    Ok((sh.sh_addr, bytes, syms))
}

/// The objdump-style listing of every function in `.text`.
pub fn listing(elf_bytes: &[u8]) -> Result<String, String> {
    let (base, text, syms) = text_section(elf_bytes)?;
    let mut out = String::new();
    for (n, sym) in syms.iter().enumerate() {
        let from = (sym.address - base) as usize;
        let to = (from + sym.size as usize).min(text.len());
        if n > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{:016x} <{}>:", sym.address, sym.name);
        for d in decode_all(text.get(from..to).unwrap_or(&[]), sym.address) {
            let offset = (d.pc - base) as usize;
            let (text_part, size) = match &d.result {
                Ok(inst) => (inst.to_string(), inst.size as usize),
                Err(e) => (format!("; {e}"), 4),
            };
            let words: Vec<String> = text[offset..offset + size]
                .chunks(4)
                .map(|c| format!("{:08X}", u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                .collect();
            let mut line = format!("\t{text_part:<59}// {:012X}: {}", d.pc, words.join(" "));
            if let Ok(inst) = &d.result {
                if let Some(target) = super::branch_target(inst, d.pc) {
                    if let Some(s) = syms.iter().rev().find(|s| target >= s.address) {
                        let off = target - s.address;
                        if off == 0 {
                            let _ = write!(line, " <{}>", s.name);
                        } else {
                            let _ = write!(line, " <{}+{:#x}>", s.name, off);
                        }
                    }
                }
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out)
}
