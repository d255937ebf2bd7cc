//! `gcnsim-disasm <code-object>`: prints the disassembly of every function in the code
//! object's `.text`, in llvm-objdump's layout.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: gcnsim-disasm <code-object.hsaco>");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gcnsim-disasm: cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match sim_core::isa::listing::listing(&bytes) {
        Ok(text) => {
            print!(
                "\n{path}:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n\n{text}"
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gcnsim-disasm: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
