//! Why a code object could not be loaded.

use std::fmt;

/// A code object that is malformed, for another target, or uses a feature gcnsim does not
/// support. The OpenCL layer reports every variant as `CL_INVALID_BINARY`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The bytes are not a well-formed ELF file (or a structure inside it is truncated).
    Malformed(String),
    /// A well-formed ELF file for another machine, OS ABI or GPU.
    WrongTarget(String),
    /// The code object uses something gcnsim cannot model (and says what).
    Unsupported(String),
    /// The metadata note is missing or does not describe the kernels consistently.
    Metadata(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Malformed(why) => write!(f, "malformed code object: {why}"),
            LoadError::WrongTarget(why) => write!(f, "code object for another target: {why}"),
            LoadError::Unsupported(why) => write!(f, "unsupported code object: {why}"),
            LoadError::Metadata(why) => write!(f, "bad code object metadata: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Shorthand for loader results.
pub type Result<T> = std::result::Result<T, LoadError>;

/// Builds a [`LoadError::Malformed`] from anything printable.
pub(crate) fn malformed(why: impl fmt::Display) -> LoadError {
    LoadError::Malformed(why.to_string())
}

/// Builds a [`LoadError::Metadata`] from anything printable.
pub(crate) fn bad_metadata(why: impl fmt::Display) -> LoadError {
    LoadError::Metadata(why.to_string())
}
