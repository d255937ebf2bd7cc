//! Why a program could not be compiled.

use std::fmt;

/// A failed compile, compile-only or link step. The OpenCL layer maps the variants to
/// `CL_INVALID_BUILD_OPTIONS` / `CL_INVALID_COMPILER_OPTIONS` / `CL_INVALID_LINKER_OPTIONS`,
/// `CL_BUILD_PROGRAM_FAILURE` / `CL_COMPILE_PROGRAM_FAILURE` / `CL_LINK_PROGRAM_FAILURE`
/// (with [`CompileError::log`] as the build log), and `CL_COMPILER_NOT_AVAILABLE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// An option that is not an OpenCL build option (or has a bad value).
    InvalidOptions(String),
    /// clang or the linker rejected the program; the text is their diagnostics.
    Failed {
        /// The diagnostics, for the build log.
        log: String,
    },
    /// A tool or device library is not installed.
    ToolMissing {
        /// What is missing (a program name or a file path).
        what: String,
        /// The Debian package that provides it.
        package: &'static str,
    },
    /// The compiler could not be run (temporary files, process start).
    Io(String),
}

impl CompileError {
    /// The text for the program's build log.
    pub fn log(&self) -> String {
        match self {
            CompileError::Failed { log } => log.clone(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::InvalidOptions(why) => write!(f, "invalid build options: {why}"),
            CompileError::Failed { log } => write!(f, "compilation failed:\n{log}"),
            CompileError::ToolMissing { what, package } => {
                write!(
                    f,
                    "{what} is not installed; install the Debian package `{package}`"
                )
            }
            CompileError::Io(why) => write!(f, "cannot run the compiler: {why}"),
        }
    }
}

impl std::error::Error for CompileError {}

/// Builds a [`CompileError::Io`] from anything printable.
pub(crate) fn io_error(context: &str, err: impl fmt::Display) -> CompileError {
    CompileError::Io(format!("{context}: {err}"))
}
