//! OpenCL C compiler driver: turns program source into a gfx803 HSA code object with
//! clang-15 and the ROCm device libraries, caching results on disk.
//!
//! `build` is `clBuildProgram` (source → executable code object); `compile` and `link` are
//! `clCompileProgram` (source → LLVM bitcode object) and `clLinkProgram` (bitcode objects →
//! executable, or a bitcode library with `-create-library`).
//!
//! Device libraries are linked the way clang's ROCm toolchain links them for OpenCL:
//! `-mlink-builtin-bitcode` (library functions internalized, unused ones dropped) when
//! building from source; `llvm-link --internalize --only-needed` when linking objects.
//! Known limitation: `printf` is lowered only by `build` (see [`Compiler::build`]).

mod cache;
mod corrections;
mod device_libs;
mod error;
pub mod language;
mod long_blocks;
mod options;
mod toolchain;

pub use cache::{CachedBuild, CompileCache};
pub use device_libs::{DeviceLibraries, DEBIAN_DEVICE_LIB_DIR};
pub use error::CompileError;
pub use options::{BuildOptions, MathOptions, Stage};
pub use toolchain::Toolchain;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use cache::CacheKey;
use error::io_error;

use crate::loader::{CodeObjectVersion, SUPPORTED_PROCESSOR};

/// First bytes of an LLVM bitcode file.
const BITCODE_MAGIC: &[u8] = b"BC\xc0\xde";
/// First bytes of a library (`-create-library`): a marker, then the LLVM bitcode. The
/// marker keeps a library a library when an application saves its binary and loads it
/// again (`CL_PROGRAM_BINARY_TYPE_LIBRARY`), where bare bitcode would be a compiled object.
const LIBRARY_MAGIC: &[u8] = b"gcnsim OpenCL library\0";
/// First bytes of an ELF file.
const ELF_MAGIC: &[u8] = b"\x7fELF";
/// Name of the source file inside the scratch directory (it appears in diagnostics).
const SOURCE_NAME: &str = "program.cl";
/// Name of the optimized LLVM IR module (text) inside the scratch directory, before code
/// generation.
const OPTIMIZED: &str = "program.ll";

/// What a binary is, in `CL_PROGRAM_BINARY_TYPE` terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryKind {
    /// An executable HSA code object (ELF).
    Executable,
    /// A compiled object (LLVM bitcode) from `compile`.
    Object,
    /// A library (LLVM bitcode) from `link` with `-create-library`.
    Library,
}

impl BinaryKind {
    /// What `binary` is by its first bytes: an ELF file is an executable, LLVM bitcode a
    /// compiled object, a library marker a library; `None` for anything else.
    pub fn of(binary: &[u8]) -> Option<BinaryKind> {
        if binary.starts_with(ELF_MAGIC) {
            Some(BinaryKind::Executable)
        } else if binary.starts_with(BITCODE_MAGIC) {
            Some(BinaryKind::Object)
        } else if binary.starts_with(LIBRARY_MAGIC) {
            Some(BinaryKind::Library)
        } else {
            None
        }
    }

    /// The first bytes every binary of this kind starts with.
    fn magic(self) -> &'static [u8] {
        match self {
            BinaryKind::Executable => ELF_MAGIC,
            BinaryKind::Object => BITCODE_MAGIC,
            BinaryKind::Library => LIBRARY_MAGIC,
        }
    }
}

/// The LLVM bitcode of an object or library binary, `None` for anything else.
fn bitcode_of(binary: &[u8]) -> Option<&[u8]> {
    match BinaryKind::of(binary)? {
        BinaryKind::Object => Some(binary),
        BinaryKind::Library => Some(&binary[LIBRARY_MAGIC.len()..]),
        BinaryKind::Executable => None,
    }
}

/// The result of a successful step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileOutput {
    /// The binary.
    pub binary: Vec<u8>,
    /// What the binary is.
    pub kind: BinaryKind,
    /// clang's diagnostics (warnings), for the build log.
    pub log: String,
    /// Whether it came from the disk cache.
    pub from_cache: bool,
}

/// A header given to `compile` by include name (`clCompileProgram`'s `input_headers`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The name `#include` uses, e.g. `inc/defs.h`.
    pub name: String,
    /// The header's text.
    pub source: String,
}

/// How to set up a [`Compiler`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompilerSettings {
    /// Cache directory (`config::Settings::cache_dir`); `None` disables caching.
    pub cache_dir: Option<PathBuf>,
    /// Code object version to produce (clang-15 supports 2–5; its default is 4).
    pub code_object_version: CodeObjectVersion,
    /// Directory of the ROCm device-library bitcode.
    pub device_lib_dir: PathBuf,
}

impl Default for CompilerSettings {
    fn default() -> Self {
        CompilerSettings {
            cache_dir: None,
            code_object_version: CodeObjectVersion::V4,
            device_lib_dir: PathBuf::from(DEBIAN_DEVICE_LIB_DIR),
        }
    }
}

/// The compiler driver. Safe to share between threads.
#[derive(Debug)]
pub struct Compiler {
    toolchain: Toolchain,
    libs: DeviceLibraries,
    cache: Option<CompileCache>,
    version: CodeObjectVersion,
    lib_fingerprints: Mutex<HashMap<Vec<PathBuf>, String>>,
    corrections: OnceLock<Result<corrections::Corrections, CompileError>>,
}

impl Compiler {
    /// Finds the toolchain; errors name the Debian package to install.
    pub fn new(settings: CompilerSettings) -> Result<Self, CompileError> {
        Ok(Compiler {
            toolchain: Toolchain::find()?,
            libs: DeviceLibraries::new(settings.device_lib_dir),
            cache: settings.cache_dir.map(CompileCache::new),
            version: settings.code_object_version,
            lib_fingerprints: Mutex::new(HashMap::new()),
            corrections: OnceLock::new(),
        })
    }

    /// `clBuildProgram`: compiles `source` (all the program's strings, concatenated) with
    /// OpenCL build `options` into an executable code object.
    ///
    /// A program that may call `printf` is built in three steps, so that its calls write
    /// to the printf buffer: LLVM 15's printf lowering (`AMDGPUPrintfRuntimeBinding`)
    /// drops the calls of modules with opaque pointers, and the device libraries (opaque
    /// pointers) cannot be linked into a module without; so the source is compiled to
    /// bitcode with typed pointers, `opt` lowers its printf calls and converts it to
    /// opaque pointers, `llvm-link` adds the device libraries (as for `clLinkProgram`;
    /// clang's `-mlink-builtin-bitcode` leaves an IR input's hidden declarations
    /// unresolved) and clang optimizes the result.
    ///
    /// Either way the optimized module is then compiled to machine code by a clang of its
    /// own (see [`Self::codegen`]).
    pub fn build(&self, source: &str, options: &str) -> Result<CompileOutput, CompileError> {
        let opts = BuildOptions::parse(options, Stage::Build, &current_dir()?)?;
        let libs = self.device_libraries(&opts.math)?;
        let mut front = self.target_args("cl", opts.opt_level);
        front.extend(language::predefined_macro_args(&opts.clang_args));
        front.extend(opts.clang_args.iter().cloned());
        let steps = if may_call_printf(source) {
            front.extend(["-Xclang", "-no-opaque-pointers", "-c", "-emit-llvm"].map(String::from));
            front.extend([SOURCE_NAME, "-o", "source.bc"].map(String::from));
            let lower = [
                "-mtriple=amdgcn-amd-amdhsa",
                &format!("-mcpu={SUPPORTED_PROCESSOR}"),
                "-passes=amdgpu-printf-runtime-binding",
                "source.bc",
                "-o",
                "printf.bc",
            ]
            .map(String::from)
            .to_vec();
            let opaque = ["-opaque-pointers", "printf.bc", "-o", "opaque.bc"]
                .map(String::from)
                .to_vec();
            let mut with_libs = ["opaque.bc", "--internalize", "--only-needed"]
                .map(String::from)
                .to_vec();
            with_libs.extend(libs.iter().map(|l| l.display().to_string()));
            with_libs.extend(["-o", "linked.bc"].map(String::from));
            let mut back = self.target_args("ir", opts.opt_level);
            back.extend(["-S", "-emit-llvm", "linked.bc", "-o", OPTIMIZED].map(String::from));
            vec![
                (&self.toolchain.clang, front),
                (&self.toolchain.opt, lower),
                (&self.toolchain.opt, opaque),
                (&self.toolchain.llvm_link, with_libs),
                (&self.toolchain.clang, back),
            ]
        } else {
            for lib in &libs {
                front.extend(["-Xclang", "-mlink-builtin-bitcode", "-Xclang"].map(String::from));
                front.push(lib.display().to_string());
            }
            front.extend(["-S", "-emit-llvm", SOURCE_NAME, "-o", OPTIMIZED].map(String::from));
            vec![(&self.toolchain.clang, front)]
        };
        let all_args: Vec<String> = steps.iter().flat_map(|(_, a)| a.clone()).collect();
        let key = (!has_include(source)).then(|| -> Result<String, CompileError> {
            Ok(self
                .key("build", &all_args)?
                .field("libs", self.fingerprint(&libs)?.as_bytes())
                .field("source", source.as_bytes())
                .finish())
        });
        let key = key.transpose()?;
        self.cached(key, BinaryKind::Executable, |dir| {
            std::fs::write(dir.join(SOURCE_NAME), source)
                .map_err(|e| io_error("writing the source", e))?;
            let mut log = String::new();
            for (program, args) in &steps {
                log += &self.toolchain.run(program, args, dir)?;
            }
            let (binary, codegen_log) = self.codegen(dir, opts.opt_level)?;
            Ok((binary, log + &codegen_log))
        })
    }

    /// `clCompileProgram`: compiles `source` with `headers` available by include name into
    /// an LLVM bitcode object for [`Self::link`].
    pub fn compile(
        &self,
        source: &str,
        options: &str,
        headers: &[Header],
    ) -> Result<CompileOutput, CompileError> {
        let opts = BuildOptions::parse(options, Stage::Compile, &current_dir()?)?;
        let mut args = self.target_args("cl", opts.opt_level);
        args.extend(["-c", "-emit-llvm", "-I."].map(String::from));
        args.extend(language::predefined_macro_args(&opts.clang_args));
        args.extend(opts.clang_args.iter().cloned());
        args.extend([SOURCE_NAME, "-o", "program.bc"].map(String::from));
        for h in headers {
            check_header_name(&h.name)?;
        }
        let cacheable = !has_include(source) && headers.iter().all(|h| !has_include(&h.source));
        let key = cacheable.then(|| {
            let mut key = self
                .key("compile", &args)?
                .field("source", source.as_bytes());
            for h in headers {
                key = key
                    .field("header-name", h.name.as_bytes())
                    .field("header", h.source.as_bytes());
            }
            Ok::<_, CompileError>(key.finish())
        });
        self.cached(key.transpose()?, BinaryKind::Object, |dir| {
            for h in headers {
                let path = dir.join(&h.name);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| io_error("writing a header", e))?;
                }
                std::fs::write(&path, &h.source).map_err(|e| io_error("writing a header", e))?;
            }
            std::fs::write(dir.join(SOURCE_NAME), source)
                .map_err(|e| io_error("writing the source", e))?;
            let log = self.toolchain.run(&self.toolchain.clang, &args, dir)?;
            Ok((read(&dir.join("program.bc"))?, log + printf_warning(source)))
        })
    }

    /// `clLinkProgram`: links bitcode objects or libraries (from [`Self::compile`] or
    /// `-create-library`) into an executable code object, or into a library.
    pub fn link(&self, objects: &[&[u8]], options: &str) -> Result<CompileOutput, CompileError> {
        let opts = BuildOptions::parse(options, Stage::Link, &current_dir()?)?;
        let objects = objects
            .iter()
            .enumerate()
            .map(|(i, obj)| {
                bitcode_of(obj).ok_or_else(|| CompileError::Failed {
                    log: format!("input {i} is not a compiled OpenCL object or library"),
                })
            })
            .collect::<Result<Vec<&[u8]>, CompileError>>()?;
        let kind = if opts.create_library {
            BinaryKind::Library
        } else {
            BinaryKind::Executable
        };
        let libs = if opts.create_library {
            Vec::new()
        } else {
            self.device_libraries(&opts.math)?
        };
        let inputs: Vec<String> = (0..objects.len()).map(|i| format!("input{i}.bc")).collect();
        let mut merge = inputs.clone();
        merge.extend(["-o", "merged.bc"].map(String::from));
        let mut with_libs = vec![
            "merged.bc".to_string(),
            "--internalize".into(),
            "--only-needed".into(),
        ];
        with_libs.extend(libs.iter().map(|l| l.display().to_string()));
        with_libs.extend(["-o", "linked.bc"].map(String::from));
        let mut optimize = self.target_args("ir", 3);
        optimize.extend(["-S", "-emit-llvm", "linked.bc", "-o", OPTIMIZED].map(String::from));
        let mut key = self
            .key("link", &optimize)?
            .field("options", format!("{opts:?}").as_bytes());
        key = key.field("libs", self.fingerprint(&libs)?.as_bytes());
        for obj in &objects {
            key = key.field("object", obj);
        }
        self.cached(Some(key.finish()), kind, |dir| {
            for (name, obj) in inputs.iter().zip(&objects) {
                std::fs::write(dir.join(name), obj)
                    .map_err(|e| io_error("writing an object", e))?;
            }
            let mut log = self.toolchain.run(&self.toolchain.llvm_link, &merge, dir)?;
            if opts.create_library {
                let library = [LIBRARY_MAGIC, &read(&dir.join("merged.bc"))?].concat();
                return Ok((library, log));
            }
            log += &self
                .toolchain
                .run(&self.toolchain.llvm_link, &with_libs, dir)?;
            log += &self.toolchain.run(&self.toolchain.clang, &optimize, dir)?;
            let (binary, codegen_log) = self.codegen(dir, 3)?;
            Ok((binary, log + &codegen_log))
        })
    }

    /// Compiles the optimized module [`OPTIMIZED`] in `dir` to an executable code object
    /// (code generation only, no further optimization: the same code as one clang run from
    /// source, which tests compare); returns it and the diagnostics. Modules with very
    /// long basic blocks skip the post-RA scheduler (see `long_blocks.rs`).
    fn codegen(&self, dir: &Path, opt_level: u8) -> Result<(Vec<u8>, String), CompileError> {
        let ir = std::fs::read_to_string(dir.join(OPTIMIZED))
            .map_err(|e| io_error("reading the optimized module", e))?;
        let (scheduler, note) = long_blocks::scheduler_args(long_blocks::longest_block(&ir));
        let mut args = self.target_args("ir", opt_level);
        args.extend(["-Xclang", "-disable-llvm-passes"].map(String::from));
        args.extend(scheduler);
        args.extend([OPTIMIZED, "-o", "program.co"].map(String::from));
        let log = self.toolchain.run(&self.toolchain.clang, &args, dir)?;
        Ok((read(&dir.join("program.co"))?, note + &log))
    }

    /// The bitcode an executable links, in order: gcnsim's corrections of the device
    /// libraries (see `corrections.rs`), then the device libraries for `math`.
    fn device_libraries(&self, math: &MathOptions) -> Result<Vec<PathBuf>, CompileError> {
        let corrections = self
            .corrections
            .get_or_init(|| self.compile_corrections())
            .as_ref()
            .map_err(Clone::clone)?;
        let mut libs = vec![corrections.path.clone()];
        libs.extend(self.libs.select(math, self.version)?);
        Ok(libs)
    }

    /// Compiles the corrections' source to bitcode (through the cache).
    fn compile_corrections(&self) -> Result<corrections::Corrections, CompileError> {
        let mut args = self.target_args("cl", 3);
        args.extend(["-cl-std=CL1.2", "-c", "-emit-llvm"].map(String::from));
        args.extend([SOURCE_NAME, "-o", "corrections.bc"].map(String::from));
        let key = self
            .key("corrections", &args)?
            .field("source", corrections::SOURCE.as_bytes())
            .finish();
        let out = self.cached(Some(key), BinaryKind::Object, |dir| {
            std::fs::write(dir.join(SOURCE_NAME), corrections::SOURCE)
                .map_err(|e| io_error("writing the corrections", e))?;
            let log = self.toolchain.run(&self.toolchain.clang, &args, dir)?;
            Ok((read(&dir.join("corrections.bc"))?, log))
        })?;
        corrections::Corrections::new(&out.binary, self.cache.as_ref())
    }

    /// clang arguments common to every step: language, target, code object version.
    fn target_args(&self, language: &str, opt_level: u8) -> Vec<String> {
        vec![
            "-x".into(),
            language.into(),
            "-target".into(),
            "amdgcn-amd-amdhsa".into(),
            format!("-mcpu={SUPPORTED_PROCESSOR}"),
            "-nogpulib".into(),
            "-fno-color-diagnostics".into(),
            format!("-mcode-object-version={}", self.version.number()),
            format!("-O{opt_level}"),
        ]
    }

    /// A cache key over the step, the compiler version and the arguments.
    fn key(&self, step: &str, args: &[String]) -> Result<CacheKey, CompileError> {
        Ok(CacheKey::default()
            .field("step", step.as_bytes())
            .field("clang", self.toolchain.identity.as_bytes())
            .field("args", args.join("\0").as_bytes()))
    }

    /// Identity of the device libraries (see [`device_libs::fingerprint`]), computed once
    /// per set.
    fn fingerprint(&self, libs: &[PathBuf]) -> Result<String, CompileError> {
        let mut known = self
            .lib_fingerprints
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(f) = known.get(libs) {
            return Ok(f.clone());
        }
        let f = device_libs::fingerprint(libs)?;
        known.insert(libs.to_vec(), f.clone());
        Ok(f)
    }

    /// Returns the cache entry for `key` if there is a valid one, else runs `step` in a
    /// scratch directory and stores its result.
    fn cached(
        &self,
        key: Option<String>,
        kind: BinaryKind,
        step: impl FnOnce(&Path) -> Result<(Vec<u8>, String), CompileError>,
    ) -> Result<CompileOutput, CompileError> {
        let magic = kind.magic();
        let cache = self.cache.as_ref().zip(key);
        if let Some(hit) = cache
            .as_ref()
            .and_then(|(c, k)| c.get(k))
            .filter(|h| h.binary.starts_with(magic))
        {
            return Ok(CompileOutput {
                binary: hit.binary,
                kind,
                log: hit.log,
                from_cache: true,
            });
        }
        let dir = tempfile::Builder::new()
            .prefix("gcnsim-build")
            .tempdir()
            .map_err(|e| io_error("creating a scratch directory", e))?;
        let (binary, log) = step(dir.path())?;
        if let Some((c, k)) = &cache {
            c.put(
                k,
                &CachedBuild {
                    binary: binary.clone(),
                    log: log.clone(),
                },
            );
        }
        Ok(CompileOutput {
            binary,
            kind,
            log,
            from_cache: false,
        })
    }
}

fn current_dir() -> Result<PathBuf, CompileError> {
    std::env::current_dir().map_err(|e| io_error("current directory", e))
}

fn read(path: &Path) -> Result<Vec<u8>, CompileError> {
    std::fs::read(path).map_err(|e| io_error("reading the compiler output", e))
}

/// Whether `source` has an `#include` directive, whose file contents the cache key would
/// not cover (such programs are compiled every time).
fn has_include(source: &str) -> bool {
    source.lines().any(|line| {
        line.trim_start()
            .strip_prefix('#')
            .is_some_and(|rest| rest.trim_start().starts_with("include"))
    })
}

/// Whether `source` may call `printf`: it names it, or includes files that may.
fn may_call_printf(source: &str) -> bool {
    source.contains("printf") || has_include(source)
}

/// Build-log warning for objects of `clCompileProgram` that call `printf`: their calls
/// are not lowered (see [`Compiler::build`]), so they print nothing.
fn printf_warning(source: &str) -> &'static str {
    if source.contains("printf") {
        "gcnsim: warning: printf in a program made with clCompileProgram and \
         clLinkProgram prints nothing (only clBuildProgram lowers printf calls)\n"
    } else {
        ""
    }
}

/// Include names must stay inside the scratch directory.
fn check_header_name(name: &str) -> Result<(), CompileError> {
    let path = Path::new(name);
    let ok = !name.is_empty() && path.components().all(|c| matches!(c, Component::Normal(_)));
    if ok {
        Ok(())
    } else {
        Err(CompileError::InvalidOptions(format!(
            "header name `{name}` must be a relative path without `..`"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_detection() {
        assert!(has_include("#include \"a.h\"\nkernel void k() {}"));
        assert!(has_include("  #  include <b.h>"));
        assert!(!has_include("// include nothing\nkernel void k() {}"));
    }

    #[test]
    fn printf_calls_are_flagged() {
        assert!(!printf_warning("printf (\"x\");").is_empty());
        assert!(printf_warning("int f(int x);").is_empty());
        assert!(may_call_printf("#include \"x.h\"") && !may_call_printf("int f();"));
    }

    #[test]
    fn header_names_stay_inside() {
        assert!(check_header_name("inc/defs.h").is_ok());
        for bad in ["", "/etc/passwd", "../x.h", "a/../../x.h"] {
            assert!(check_header_name(bad).is_err(), "{bad}");
        }
    }
}
