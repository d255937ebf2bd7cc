//! Programs: OpenCL C source or binaries, and each device's build of them (status, options,
//! log, binary, loaded code object). Builds run the sim-core compiler and loader.

use super::context::Context;
use super::device::Device;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::*;
use once_cell::sync::Lazy;
use sim_core::compiler::{
    BinaryKind, BuildOptions, CompileError, CompileOutput, Compiler, CompilerSettings, Stage,
};
use sim_core::loader::{CodeObject, LoadError};
use sim_core::platform::DeviceProgram;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub use sim_core::compiler::Header as IncludeHeader;

/// The compiler, set up at the first build (cache directory from the gcnsim settings).
static COMPILER: Lazy<Result<Compiler, CompileError>> = Lazy::new(|| {
    let cache_dir = sim_core::config::Settings::from_env()
        .ok()
        .map(|s| s.cache_dir);
    Compiler::new(CompilerSettings {
        cache_dir,
        ..Default::default()
    })
});

/// Which API call a compiler step serves; it decides the error codes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// `clBuildProgram`.
    Build,
    /// `clCompileProgram`.
    Compile,
    /// `clLinkProgram`.
    Link,
}

impl Step {
    /// The OpenCL error for a failed step.
    fn error(self, e: &CompileError) -> cl_int {
        match (e, self) {
            (CompileError::InvalidOptions(_), Step::Build) => CL_INVALID_BUILD_OPTIONS,
            (CompileError::InvalidOptions(_), Step::Compile) => CL_INVALID_COMPILER_OPTIONS,
            (CompileError::InvalidOptions(_), Step::Link) => CL_INVALID_LINKER_OPTIONS,
            (CompileError::ToolMissing { .. }, Step::Link) => CL_LINKER_NOT_AVAILABLE,
            (CompileError::ToolMissing { .. }, _) => CL_COMPILER_NOT_AVAILABLE,
            (_, Step::Build) => CL_BUILD_PROGRAM_FAILURE,
            (_, Step::Compile) => CL_COMPILE_PROGRAM_FAILURE,
            (_, Step::Link) => CL_LINK_PROGRAM_FAILURE,
        }
    }
}

/// `code` made ready to run on the platform's GPUs (placed on each when first launched).
fn device_program(code: CodeObject) -> Arc<DeviceProgram> {
    Arc::new(DeviceProgram::new(
        super::platform::Platform::get().driver().clone(),
        Arc::new(code),
    ))
}

/// Whether a program compiled with `options` may run kernels in non-uniform work-groups
/// (options that do not parse fail the build anyway).
fn options_allow_non_uniform(options: &str) -> bool {
    BuildOptions::parse(options, Stage::Build, Path::new("/"))
        .is_ok_and(|o| o.non_uniform_work_groups())
}

/// A program binary with what it is, and for executables the loaded code object.
#[derive(Clone)]
pub struct Binary {
    /// The bytes `CL_PROGRAM_BINARIES` returns.
    pub bytes: Arc<Vec<u8>>,
    /// Executable code object, compiled object or library.
    pub kind: BinaryKind,
    /// The loaded code object, ready to be placed on GPUs (executables only).
    pub code: Option<Arc<DeviceProgram>>,
    /// Whether its kernels may run in non-uniform work-groups: compiled as OpenCL C 2.0
    /// or later without `-cl-uniform-work-group-size` (every linked object so compiled).
    /// False for binaries the application supplies: their options are unknown.
    pub non_uniform_work_groups: bool,
}

impl Binary {
    /// Classifies application-supplied bytes: a gfx803 code object is loaded, LLVM bitcode
    /// is a compiled object, a library stays a library. Anything else is refused with the
    /// loader's reason (the caller reports it and returns `CL_INVALID_BINARY`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Binary, LoadError> {
        if let Some(kind @ (BinaryKind::Object | BinaryKind::Library)) = BinaryKind::of(bytes) {
            return Ok(Binary {
                bytes: Arc::new(bytes.to_vec()),
                kind,
                code: None,
                non_uniform_work_groups: false,
            });
        }
        let code = CodeObject::parse(bytes)?;
        Ok(Binary {
            bytes: Arc::new(bytes.to_vec()),
            kind: BinaryKind::Executable,
            code: Some(device_program(code)),
            non_uniform_work_groups: false,
        })
    }

    /// Wraps compiler output, loading executables.
    fn from_output(out: CompileOutput, non_uniform_work_groups: bool) -> Result<Binary, String> {
        let code = match out.kind {
            BinaryKind::Executable => Some(device_program(
                CodeObject::parse(&out.binary).map_err(|e| format!("gcnsim loader: {e}"))?,
            )),
            _ => None,
        };
        Ok(Binary {
            bytes: Arc::new(out.binary),
            kind: out.kind,
            code,
            non_uniform_work_groups,
        })
    }

    /// `CL_PROGRAM_BINARY_TYPE` of this binary.
    pub fn binary_type(&self) -> cl_program_binary_type {
        (match self.kind {
            BinaryKind::Executable => CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
            BinaryKind::Object => CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
            BinaryKind::Library => CL_PROGRAM_BINARY_TYPE_LIBRARY,
        }) as cl_program_binary_type
    }
}

/// One device's build of a program.
#[derive(Clone)]
pub struct DeviceBuild {
    /// `CL_PROGRAM_BUILD_STATUS`.
    pub status: cl_build_status,
    /// `CL_PROGRAM_BUILD_OPTIONS` of the last build.
    pub options: String,
    /// `CL_PROGRAM_BUILD_LOG`.
    pub log: String,
    /// The binary, if any.
    pub binary: Option<Binary>,
}

impl DeviceBuild {
    fn empty() -> DeviceBuild {
        DeviceBuild {
            status: CL_BUILD_NONE,
            options: String::new(),
            log: String::new(),
            binary: None,
        }
    }

    /// The loaded code object if this build produced an executable.
    pub fn executable(&self) -> Option<&Arc<CodeObject>> {
        self.device_program().map(|p| p.code_object())
    }

    /// The executable as the platform runs it, if this build produced one.
    pub fn device_program(&self) -> Option<&Arc<DeviceProgram>> {
        self.binary
            .as_ref()
            .filter(|_| self.status == CL_BUILD_SUCCESS)
            .and_then(|b| b.code.as_ref())
    }
}

/// An OpenCL program object.
#[repr(C)]
pub struct Program {
    header: Header,
    /// The context.
    pub context: Arc<Context>,
    /// The devices it is for.
    pub devices: Vec<Arc<Device>>,
    /// The OpenCL C source (all strings concatenated), for programs made from source.
    pub source: Option<String>,
    builds: Mutex<Vec<DeviceBuild>>,
    kernels: AtomicUsize,
}
crate::cl_object!(Program, Program, CL_INVALID_PROGRAM);

impl Program {
    fn new(
        context: Arc<Context>,
        devices: Vec<Arc<Device>>,
        source: Option<String>,
        builds: Vec<DeviceBuild>,
    ) -> Arc<Program> {
        Arc::new(Program {
            header: Header::new(ObjectKind::Program),
            context,
            devices,
            source,
            builds: Mutex::new(builds),
            kernels: AtomicUsize::new(0),
        })
    }

    /// A program of OpenCL C `source` for all the context's devices.
    pub fn with_source(context: Arc<Context>, source: String) -> Arc<Program> {
        let devices = context.devices.clone();
        let builds = vec![DeviceBuild::empty(); devices.len()];
        Program::new(context, devices, Some(source), builds)
    }

    /// A program of one binary per device (not built yet).
    pub fn with_binaries(
        context: Arc<Context>,
        devices: Vec<Arc<Device>>,
        binaries: Vec<Binary>,
    ) -> Arc<Program> {
        let builds = binaries
            .into_iter()
            .map(|b| DeviceBuild {
                binary: Some(b),
                ..DeviceBuild::empty()
            })
            .collect();
        Program::new(context, devices, None, builds)
    }

    fn builds(&self) -> MutexGuard<'_, Vec<DeviceBuild>> {
        self.builds.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The index of `device` in the program's devices.
    pub fn device_index(&self, device: &Device) -> Option<usize> {
        self.devices
            .iter()
            .position(|d| std::ptr::eq(d.as_ref(), device))
    }

    /// A copy of device `index`'s build.
    pub fn build_of(&self, index: usize) -> DeviceBuild {
        self.builds()[index].clone()
    }

    /// The first successfully built executable code object.
    pub fn executable(&self) -> Option<Arc<CodeObject>> {
        self.builds().iter().find_map(|b| b.executable().cloned())
    }

    /// Whether kernel objects of this program exist.
    pub fn has_kernels(&self) -> bool {
        self.kernels.load(Ordering::Acquire) > 0
    }

    /// Records that a kernel object was created (or, with `false`, released).
    pub fn count_kernel(&self, created: bool) {
        if created {
            self.kernels.fetch_add(1, Ordering::AcqRel);
        } else {
            self.kernels.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// `clBuildProgram` for the devices at `indices`: compiles the source, or turns the
    /// devices' binaries into executables (linking compiled objects).
    pub fn build(&self, indices: &[usize], options: &str) -> Result<(), cl_int> {
        if let Some(source) = &self.source {
            let non_uniform = options_allow_non_uniform(options);
            return self.record(indices, options, Step::Build, non_uniform, |c| {
                c.build(source, options)
            });
        }
        for &i in indices {
            let binary = self.builds()[i].binary.clone().ok_or(CL_INVALID_BINARY)?;
            if binary.kind == BinaryKind::Executable {
                // An executable binary is already built; options cannot change it.
                let mut builds = self.builds();
                builds[i].status = CL_BUILD_SUCCESS;
                builds[i].options = options.to_string();
            } else {
                let non_uniform = binary.non_uniform_work_groups;
                self.record(&[i], options, Step::Build, non_uniform, |c| {
                    c.link(&[&binary.bytes], "")
                })?;
            }
        }
        Ok(())
    }

    /// `clCompileProgram` for the devices at `indices`.
    pub fn compile(
        &self,
        indices: &[usize],
        options: &str,
        headers: &[IncludeHeader],
    ) -> Result<(), cl_int> {
        // CL_INVALID_OPERATION if program has no source.
        let source = self.source.as_ref().ok_or(CL_INVALID_OPERATION)?;
        let non_uniform = options_allow_non_uniform(options);
        self.record(indices, options, Step::Compile, non_uniform, |c| {
            c.compile(source, options, headers)
        })
    }

    /// `clLinkProgram`: a new program for `devices` linking the inputs' binaries.
    pub fn link(
        context: Arc<Context>,
        devices: Vec<Arc<Device>>,
        inputs: &[Arc<Program>],
        options: &str,
    ) -> Result<Arc<Program>, cl_int> {
        let mut objects = Vec::new();
        // A linked program supports only uniform work-groups if any of its objects does.
        let mut non_uniform = true;
        for input in inputs {
            // CL_INVALID_OPERATION if the compilation or build of a program executable for
            // any of the devices ... has not completed / input is not a compiled object or
            // library.
            let build = input
                .builds()
                .iter()
                .find(|b| b.status == CL_BUILD_SUCCESS || b.binary.is_some())
                .cloned();
            let binary = build.and_then(|b| b.binary).ok_or(CL_INVALID_OPERATION)?;
            if binary.kind == BinaryKind::Executable {
                return Err(CL_INVALID_OPERATION);
            }
            non_uniform &= binary.non_uniform_work_groups;
            objects.push(binary.bytes);
        }
        let builds = vec![DeviceBuild::empty(); devices.len()];
        let program = Program::new(context, devices, None, builds);
        let refs: Vec<&[u8]> = objects.iter().map(|o| o.as_slice()).collect();
        let all: Vec<usize> = (0..program.devices.len()).collect();
        program.record(&all, options, Step::Link, non_uniform, |c| {
            c.link(&refs, options)
        })?;
        Ok(program)
    }

    /// Runs a compiler step once and records its outcome (status, log, binary, and
    /// whether its kernels may run in non-uniform work-groups) as the build of each device
    /// at `indices`.
    fn record(
        &self,
        indices: &[usize],
        options: &str,
        step: Step,
        non_uniform_work_groups: bool,
        run: impl FnOnce(&Compiler) -> Result<CompileOutput, CompileError>,
    ) -> Result<(), cl_int> {
        for &i in indices {
            self.builds()[i] = DeviceBuild {
                status: CL_BUILD_IN_PROGRESS,
                options: options.to_string(),
                ..DeviceBuild::empty()
            };
        }
        let outcome = COMPILER
            .as_ref()
            .map_err(Clone::clone)
            .and_then(run)
            .and_then(|out| {
                let log = out.log.clone();
                Binary::from_output(out, non_uniform_work_groups)
                    .map(|b| (b, log))
                    .map_err(|log| CompileError::Failed { log })
            });
        let (build, result) = match outcome {
            Ok((binary, log)) => (
                DeviceBuild {
                    status: CL_BUILD_SUCCESS,
                    options: options.to_string(),
                    log,
                    binary: Some(binary),
                },
                Ok(()),
            ),
            Err(e) => (
                DeviceBuild {
                    status: CL_BUILD_ERROR,
                    options: options.to_string(),
                    log: e.log(),
                    binary: None,
                },
                Err(step.error(&e)),
            ),
        };
        for &i in indices {
            self.builds()[i] = build.clone();
        }
        result
    }
}
