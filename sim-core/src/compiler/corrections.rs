//! Corrections of the ROCm device libraries: OpenCL C builtins whose library versions give
//! answers the specification forbids, written again in OpenCL C (`corrections/*.cl`) and
//! linked before the device libraries, so that their definitions are the ones a program
//! gets. Compiled once per process (and kept in the compile cache).

use std::path::PathBuf;

use sha2::{Digest, Sha256};
use tempfile::TempDir;

use super::cache::CompileCache;
use super::device_libs::hex;
use super::error::io_error;
use super::CompileError;

/// The corrections' OpenCL C source.
pub const SOURCE: &str = concat!(
    include_str!("corrections/sat_conversions.cl"),
    include_str!("corrections/work_items.cl")
);

/// The compiled corrections: a bitcode file for the lifetime of the compiler.
#[derive(Debug)]
pub struct Corrections {
    _dir: Option<TempDir>,
    /// The bitcode file, linked before the device libraries.
    pub path: PathBuf,
}

impl Corrections {
    /// Writes `bitcode` (the compiled [`SOURCE`]) to a file: in the cache directory, named
    /// by its contents, so that every process links the same path (paths are part of the
    /// cache keys of builds), else in a directory of its own.
    pub fn new(bitcode: &[u8], cache: Option<&CompileCache>) -> Result<Self, CompileError> {
        let name = format!("corrections-{}.bc", hex(&Sha256::digest(bitcode)));
        if let Some(path) = cache.and_then(|c| c.file(&name, bitcode)) {
            return Ok(Corrections { _dir: None, path });
        }
        let dir = tempfile::Builder::new()
            .prefix("gcnsim-corrections")
            .tempdir()
            .map_err(|e| io_error("creating a scratch directory", e))?;
        let path = dir.path().join("gcnsim_corrections.bc");
        std::fs::write(&path, bitcode).map_err(|e| io_error("writing the corrections", e))?;
        Ok(Corrections {
            _dir: Some(dir),
            path,
        })
    }
}
