//! The LLVM 15 programs gcnsim compiles with (Debian `clang-15`, `lld-15`, `llvm-15`).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::error::{io_error, CompileError};

/// Paths of the programs and what identifies the compiler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    /// The OpenCL C compiler driver.
    pub clang: PathBuf,
    /// The bitcode linker (for `clLinkProgram`).
    pub llvm_link: PathBuf,
    /// The LLVM optimizer (to lower printf calls).
    pub opt: PathBuf,
    /// The compiler's real path, size and modification time: part of every cache key, so
    /// that a reinstalled or upgraded clang misses. Found without running anything.
    pub identity: String,
}

/// `path` resolved to the file it names, with that file's size and modification time.
pub fn file_identity(path: &Path) -> Result<String, CompileError> {
    let real = std::fs::canonicalize(path).map_err(|e| io_error(&path.display().to_string(), e))?;
    let meta = std::fs::metadata(&real).map_err(|e| io_error(&real.display().to_string(), e))?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .unwrap_or_default();
    Ok(format!(
        "{} {} {}.{:09}",
        real.display(),
        meta.len(),
        modified.as_secs(),
        modified.subsec_nanos()
    ))
}

/// Finds a program by name on `PATH`, or at a fallback path.
fn find_program(
    name: &str,
    fallback: &str,
    package: &'static str,
) -> Result<PathBuf, CompileError> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|p| p.is_file());
    on_path
        .or_else(|| Some(PathBuf::from(fallback)).filter(|p| p.is_file()))
        .ok_or(CompileError::ToolMissing {
            what: name.to_string(),
            package,
        })
}

impl Toolchain {
    /// Looks the programs up; errors name the Debian package to install.
    pub fn find() -> Result<Self, CompileError> {
        let clang = find_program("clang-15", "/usr/lib/llvm-15/bin/clang", "clang-15")?;
        // clang-15 runs the ld.lld next to its real executable to link code objects.
        if !Path::new("/usr/lib/llvm-15/bin/ld.lld").is_file() {
            find_program("ld.lld-15", "/usr/lib/llvm-15/bin/ld.lld", "lld-15")?;
        }
        let llvm_link = find_program("llvm-link-15", "/usr/lib/llvm-15/bin/llvm-link", "llvm-15")?;
        let opt = find_program("opt-15", "/usr/lib/llvm-15/bin/opt", "llvm-15")?;
        let identity = file_identity(&clang)?;
        Ok(Toolchain {
            clang,
            llvm_link,
            opt,
            identity,
        })
    }

    /// Runs `program` with `args` in `dir`; returns its diagnostics (stderr), or
    /// [`CompileError::Failed`] with them when it fails.
    pub fn run(&self, program: &Path, args: &[String], dir: &Path) -> Result<String, CompileError> {
        let out = Command::new(program)
            .args(args)
            .current_dir(dir)
            .output()
            .map_err(|e| io_error(&program.display().to_string(), e))?;
        let log = String::from_utf8_lossy(&out.stderr).into_owned();
        if out.status.success() {
            Ok(log)
        } else {
            Err(CompileError::Failed { log })
        }
    }
}
