//! A kernel as the dispatcher and the API see it: metadata joined with its descriptor.

use super::descriptor::KernelDescriptor;
use super::metadata::{KernelArg, KernelMetadata};

/// One kernel of a loaded code object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kernel {
    /// Name, arguments, segment sizes and register counts from the metadata note.
    pub metadata: KernelMetadata,
    /// The kernel descriptor (v2: converted from `amd_kernel_code_t`).
    pub descriptor: KernelDescriptor,
    /// Virtual address of the descriptor (the AQL packet's `kernel_object` minus load base).
    pub descriptor_address: u64,
    /// Virtual address of the first instruction.
    pub entry_address: u64,
}

impl Kernel {
    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.metadata.name
    }

    /// All arguments in kernarg order, hidden ones included.
    pub fn args(&self) -> &[KernelArg] {
        &self.metadata.args
    }

    /// The arguments the application sets with `clSetKernelArg`, in order.
    pub fn explicit_args(&self) -> impl Iterator<Item = &KernelArg> {
        self.metadata.args.iter().filter(|a| a.kind.is_explicit())
    }
}
