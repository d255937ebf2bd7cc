//! Kernel metadata: what the code object's metadata note says about each kernel and its
//! arguments, in one model for the v2 (YAML) and v3+ (msgpack) encodings.

mod msgpack;
mod yaml;

pub use msgpack::parse_msgpack;
pub use yaml::parse_yaml;

use super::error::{bad_metadata, Result};

/// Which value the runtime puts into a kernel argument's kernarg bytes (`.value_kind`).
/// Axis numbers are 0 = X, 1 = Y, 2 = Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// An argument passed by value (scalars, vectors, structs).
    ByValue,
    /// A `__global` or `__constant` buffer pointer.
    GlobalBuffer,
    /// A `__local` pointer whose size the host sets; the kernarg holds its LDS offset.
    DynamicSharedPointer,
    /// An image sampler.
    Sampler,
    /// An image object.
    Image,
    /// A pipe object.
    Pipe,
    /// A device-side enqueue queue.
    Queue,
    /// Global work offset along an axis (`clEnqueueNDRangeKernel`'s `global_work_offset`).
    HiddenGlobalOffset(u8),
    /// Reserved space the runtime must leave zeroed.
    HiddenNone,
    /// Pointer to the printf buffer.
    HiddenPrintfBuffer,
    /// Pointer to the hostcall buffer.
    HiddenHostcallBuffer,
    /// Default device-side queue.
    HiddenDefaultQueue,
    /// Completion action for device-side enqueue.
    HiddenCompletionAction,
    /// Multi-grid synchronisation argument.
    HiddenMultigridSyncArg,
    /// Number of work-groups along an axis (v5).
    HiddenBlockCount(u8),
    /// Work-group size along an axis (v5).
    HiddenGroupSize(u8),
    /// Size of the last, partial work-group along an axis (v5).
    HiddenRemainder(u8),
    /// Number of grid dimensions (v5).
    HiddenGridDims,
    /// Pointer to the device heap (v5).
    HiddenHeapV1,
    /// Dynamically allocated LDS bytes (v5).
    HiddenDynamicLdsSize,
    /// Private aperture base (v5; gfx8 reads it instead of the queue).
    HiddenPrivateBase,
    /// Shared (LDS) aperture base (v5).
    HiddenSharedBase,
    /// Pointer to the `amd_queue_t` (v5).
    HiddenQueuePtr,
}

/// (kind, v3+ name, v2 name) for every argument kind.
const ARG_KINDS: &[(ArgKind, &str, &str)] = &[
    (ArgKind::ByValue, "by_value", "ByValue"),
    (ArgKind::GlobalBuffer, "global_buffer", "GlobalBuffer"),
    (
        ArgKind::DynamicSharedPointer,
        "dynamic_shared_pointer",
        "DynamicSharedPointer",
    ),
    (ArgKind::Sampler, "sampler", "Sampler"),
    (ArgKind::Image, "image", "Image"),
    (ArgKind::Pipe, "pipe", "Pipe"),
    (ArgKind::Queue, "queue", "Queue"),
    (
        ArgKind::HiddenGlobalOffset(0),
        "hidden_global_offset_x",
        "HiddenGlobalOffsetX",
    ),
    (
        ArgKind::HiddenGlobalOffset(1),
        "hidden_global_offset_y",
        "HiddenGlobalOffsetY",
    ),
    (
        ArgKind::HiddenGlobalOffset(2),
        "hidden_global_offset_z",
        "HiddenGlobalOffsetZ",
    ),
    (ArgKind::HiddenNone, "hidden_none", "HiddenNone"),
    (
        ArgKind::HiddenPrintfBuffer,
        "hidden_printf_buffer",
        "HiddenPrintfBuffer",
    ),
    (
        ArgKind::HiddenHostcallBuffer,
        "hidden_hostcall_buffer",
        "HiddenHostcallBuffer",
    ),
    (
        ArgKind::HiddenDefaultQueue,
        "hidden_default_queue",
        "HiddenDefaultQueue",
    ),
    (
        ArgKind::HiddenCompletionAction,
        "hidden_completion_action",
        "HiddenCompletionAction",
    ),
    (
        ArgKind::HiddenMultigridSyncArg,
        "hidden_multigrid_sync_arg",
        "HiddenMultiGridSyncArg",
    ),
    (ArgKind::HiddenBlockCount(0), "hidden_block_count_x", ""),
    (ArgKind::HiddenBlockCount(1), "hidden_block_count_y", ""),
    (ArgKind::HiddenBlockCount(2), "hidden_block_count_z", ""),
    (ArgKind::HiddenGroupSize(0), "hidden_group_size_x", ""),
    (ArgKind::HiddenGroupSize(1), "hidden_group_size_y", ""),
    (ArgKind::HiddenGroupSize(2), "hidden_group_size_z", ""),
    (ArgKind::HiddenRemainder(0), "hidden_remainder_x", ""),
    (ArgKind::HiddenRemainder(1), "hidden_remainder_y", ""),
    (ArgKind::HiddenRemainder(2), "hidden_remainder_z", ""),
    (ArgKind::HiddenGridDims, "hidden_grid_dims", ""),
    (ArgKind::HiddenHeapV1, "hidden_heap_v1", ""),
    (ArgKind::HiddenDynamicLdsSize, "hidden_dynamic_lds_size", ""),
    (ArgKind::HiddenPrivateBase, "hidden_private_base", ""),
    (ArgKind::HiddenSharedBase, "hidden_shared_base", ""),
    (ArgKind::HiddenQueuePtr, "hidden_queue_ptr", ""),
];

impl ArgKind {
    /// The kind with the given v3+ (`hidden_global_offset_x`) or v2 (`HiddenGlobalOffsetX`) name.
    pub fn from_name(name: &str) -> Result<Self> {
        ARG_KINDS
            .iter()
            .find(|(_, v3, v2)| *v3 == name || (!v2.is_empty() && *v2 == name))
            .map(|(kind, _, _)| *kind)
            .ok_or_else(|| bad_metadata(format!("unknown argument value kind `{name}`")))
    }

    /// The v3+ metadata name of this kind, e.g. `global_buffer`.
    pub fn name(self) -> &'static str {
        ARG_KINDS
            .iter()
            .find(|(kind, _, _)| *kind == self)
            .map_or("unknown", |(_, v3, _)| v3)
    }

    /// Whether the application sets this argument (`clSetKernelArg`) rather than the runtime.
    pub fn is_explicit(self) -> bool {
        matches!(
            self,
            ArgKind::ByValue
                | ArgKind::GlobalBuffer
                | ArgKind::DynamicSharedPointer
                | ArgKind::Sampler
                | ArgKind::Image
                | ArgKind::Pipe
                | ArgKind::Queue
        )
    }
}

/// Address space a pointer argument points into (`.address_space`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// `__private`.
    Private,
    /// `__global`.
    Global,
    /// `__constant`.
    Constant,
    /// `__local` (LDS).
    Local,
    /// Generic (flat) pointer.
    Generic,
    /// GDS region.
    Region,
}

impl AddressSpace {
    /// Parses a v3+ (`global`) or v2 (`Global`) address space name.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "private" => Self::Private,
            "global" => Self::Global,
            "constant" => Self::Constant,
            "local" => Self::Local,
            "generic" => Self::Generic,
            "region" => Self::Region,
            _ => return Err(bad_metadata(format!("unknown address space `{name}`"))),
        })
    }
}

/// Access qualifier of an image or pipe argument (`.access`, `.actual_access`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccessQualifier {
    /// No qualifier.
    Default,
    /// `read_only`.
    ReadOnly,
    /// `write_only`.
    WriteOnly,
    /// `read_write`.
    ReadWrite,
}

impl AccessQualifier {
    /// Parses a v3+ (`read_only`) or v2 (`ReadOnly`) access qualifier.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name.to_ascii_lowercase().replace('_', "").as_str() {
            "default" => Self::Default,
            "readonly" => Self::ReadOnly,
            "writeonly" => Self::WriteOnly,
            "readwrite" => Self::ReadWrite,
            _ => return Err(bad_metadata(format!("unknown access qualifier `{name}`"))),
        })
    }
}

/// One kernel argument, explicit or hidden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelArg {
    /// Source name (present when compiled with `-cl-kernel-arg-info`).
    pub name: Option<String>,
    /// Source type name, e.g. `float*` or `struct S`.
    pub type_name: Option<String>,
    /// Byte offset in the kernarg segment.
    pub offset: u32,
    /// Byte size in the kernarg segment.
    pub size: u32,
    /// Alignment in the kernarg segment (only v2 metadata records it).
    pub align: Option<u32>,
    /// What the runtime puts there.
    pub kind: ArgKind,
    /// Address space pointed into, for pointer arguments.
    pub address_space: Option<AddressSpace>,
    /// Declared access qualifier.
    pub access: Option<AccessQualifier>,
    /// Access the kernel actually performs, when the compiler determined it.
    pub actual_access: Option<AccessQualifier>,
    /// Alignment of the pointee, for `dynamic_shared_pointer` arguments.
    pub pointee_align: Option<u32>,
    /// `const` qualified pointee.
    pub is_const: bool,
    /// `restrict` qualified.
    pub is_restrict: bool,
    /// `volatile` qualified pointee.
    pub is_volatile: bool,
    /// A pipe argument.
    pub is_pipe: bool,
}

/// Everything the metadata says about one kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelMetadata {
    /// Kernel name as in the source.
    pub name: String,
    /// Symbol of its descriptor (`name.kd`; v2: the kernel symbol itself).
    pub symbol: String,
    /// Source language, e.g. `OpenCL C`.
    pub language: Option<String>,
    /// Source language version, e.g. (1, 2).
    pub language_version: Option<(u32, u32)>,
    /// Arguments in kernarg order, hidden ones included.
    pub args: Vec<KernelArg>,
    /// `reqd_work_group_size` attribute.
    pub reqd_workgroup_size: Option<[u32; 3]>,
    /// `work_group_size_hint` attribute.
    pub workgroup_size_hint: Option<[u32; 3]>,
    /// `vec_type_hint` attribute.
    pub vec_type_hint: Option<String>,
    /// Kernarg segment size in bytes.
    pub kernarg_segment_size: u32,
    /// Kernarg segment alignment in bytes.
    pub kernarg_segment_align: u32,
    /// Fixed LDS bytes per work-group.
    pub group_segment_fixed_size: u32,
    /// Fixed private bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Work-items per wavefront.
    pub wavefront_size: u32,
    /// SGPRs used (including VCC, flat scratch etc.).
    pub sgpr_count: u32,
    /// VGPRs used.
    pub vgpr_count: u32,
    /// SGPRs spilled to memory.
    pub sgpr_spill_count: u32,
    /// VGPRs spilled to scratch.
    pub vgpr_spill_count: u32,
    /// Largest work-group size the kernel was compiled for.
    pub max_flat_workgroup_size: Option<u32>,
    /// The kernel's stack size is not known at compile time (recursion, indirect calls).
    pub uses_dynamic_stack: bool,
}

/// A printf format string the kernel may write to the printf buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintfFormat {
    /// Id written in front of each record.
    pub id: u32,
    /// Byte size of each argument.
    pub arg_sizes: Vec<u32>,
    /// The format string.
    pub format: String,
}

impl PrintfFormat {
    /// Parses `id:argcount:size0:…:format`, as both metadata encodings store it.
    pub fn parse(text: &str) -> Result<Self> {
        let bad = || bad_metadata(format!("malformed printf format `{text}`"));
        let mut parts = text.splitn(3, ':');
        let id = parts
            .next()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(bad)?;
        let count: usize = parts
            .next()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(bad)?;
        let mut rest = parts.next().ok_or_else(bad)?;
        let mut arg_sizes = Vec::new();
        // clang-15 lists fewer sizes than arguments when its printf lowering does not
        // know a conversion (`%A`) and stores no value for it: the record holds only the
        // listed ones, so the sizes end at the first field that is not a number.
        for _ in 0..count {
            let Some((size, tail)) = rest.split_once(':') else {
                break;
            };
            let Ok(size) = size.trim().parse() else {
                break;
            };
            arg_sizes.push(size);
            rest = tail;
        }
        Ok(PrintfFormat {
            id,
            arg_sizes,
            format: rest.to_string(),
        })
    }
}

/// The whole metadata note.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgramMetadata {
    /// Metadata format version (major, minor).
    pub version: (u32, u32),
    /// Target id (`amdgcn-amd-amdhsa--gfx803`), in v3+ only.
    pub target: Option<String>,
    /// The kernels.
    pub kernels: Vec<KernelMetadata>,
    /// printf format strings.
    pub printf_formats: Vec<PrintfFormat>,
}

/// Converts a metadata number to `u32`, naming the field when it does not fit.
fn to_u32(value: u64, field: &str) -> Result<u32> {
    u32::try_from(value)
        .map_err(|_| bad_metadata(format!("{field} = {value} does not fit 32 bits")))
}

/// Converts an optional 3-element list (work-group sizes) to an array.
fn to_dims(list: Option<Vec<u64>>, field: &str) -> Result<Option<[u32; 3]>> {
    list.map(|v| match v.as_slice() {
        [x, y, z] => Ok([to_u32(*x, field)?, to_u32(*y, field)?, to_u32(*z, field)?]),
        _ => Err(bad_metadata(format!("{field} does not have 3 elements"))),
    })
    .transpose()
}

/// Converts an optional (major, minor) list.
fn to_version(list: Option<Vec<u64>>, field: &str) -> Result<Option<(u32, u32)>> {
    list.map(|v| match v.as_slice() {
        [major, minor] => Ok((to_u32(*major, field)?, to_u32(*minor, field)?)),
        _ => Err(bad_metadata(format!("{field} does not have 2 elements"))),
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arg_kind_names_round_trip() {
        for (kind, v3, v2) in ARG_KINDS {
            assert_eq!(ArgKind::from_name(v3).unwrap(), *kind);
            assert_eq!(kind.name(), *v3);
            if !v2.is_empty() {
                assert_eq!(ArgKind::from_name(v2).unwrap(), *kind);
            }
        }
        assert!(ArgKind::from_name("hidden_magic").is_err());
        assert!(ArgKind::from_name("").is_err());
    }

    #[test]
    fn printf_format_with_colons_in_text() {
        let f = PrintfFormat::parse("2:2:4:8:a=%d: b=%f\n").unwrap();
        assert_eq!(
            f,
            PrintfFormat {
                id: 2,
                arg_sizes: vec![4, 8],
                format: "a=%d: b=%f\n".into()
            }
        );
        // Fewer sizes than arguments (clang-15 stores nothing for `%A`): as listed.
        let short = PrintfFormat::parse("1:3:4:8:%f %a %A").unwrap();
        assert_eq!(
            (short.arg_sizes, short.format.as_str()),
            (vec![4, 8], "%f %a %A")
        );
        assert!(PrintfFormat::parse("x:1:4:%d").is_err());
        assert!(PrintfFormat::parse("1").is_err());
    }
}
