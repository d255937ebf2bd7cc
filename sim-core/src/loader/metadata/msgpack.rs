//! Code object v3+ metadata: the msgpack map of the `NT_AMDGPU_METADATA` note.

use serde::Deserialize;

use super::{
    to_dims, to_u32, to_version, AccessQualifier, AddressSpace, ArgKind, KernelArg, KernelMetadata,
    PrintfFormat, ProgramMetadata,
};
use crate::loader::error::{bad_metadata, Result};

#[derive(Deserialize)]
struct Root {
    #[serde(rename = "amdhsa.version")]
    version: Vec<u64>,
    #[serde(rename = "amdhsa.target")]
    target: Option<String>,
    #[serde(rename = "amdhsa.printf", default)]
    printf: Vec<String>,
    #[serde(rename = "amdhsa.kernels", default)]
    kernels: Vec<Kernel>,
}

#[derive(Deserialize)]
struct Kernel {
    #[serde(rename = ".name")]
    name: String,
    #[serde(rename = ".symbol")]
    symbol: String,
    #[serde(rename = ".language")]
    language: Option<String>,
    #[serde(rename = ".language_version")]
    language_version: Option<Vec<u64>>,
    #[serde(rename = ".args", default)]
    args: Vec<Arg>,
    #[serde(rename = ".reqd_workgroup_size")]
    reqd_workgroup_size: Option<Vec<u64>>,
    #[serde(rename = ".workgroup_size_hint")]
    workgroup_size_hint: Option<Vec<u64>>,
    #[serde(rename = ".vec_type_hint")]
    vec_type_hint: Option<String>,
    #[serde(rename = ".kernarg_segment_size")]
    kernarg_segment_size: u64,
    #[serde(rename = ".kernarg_segment_align")]
    kernarg_segment_align: u64,
    #[serde(rename = ".group_segment_fixed_size")]
    group_segment_fixed_size: u64,
    #[serde(rename = ".private_segment_fixed_size")]
    private_segment_fixed_size: u64,
    #[serde(rename = ".wavefront_size")]
    wavefront_size: u64,
    #[serde(rename = ".sgpr_count")]
    sgpr_count: u64,
    #[serde(rename = ".vgpr_count")]
    vgpr_count: u64,
    #[serde(rename = ".sgpr_spill_count", default)]
    sgpr_spill_count: u64,
    #[serde(rename = ".vgpr_spill_count", default)]
    vgpr_spill_count: u64,
    #[serde(rename = ".max_flat_workgroup_size")]
    max_flat_workgroup_size: Option<u64>,
    #[serde(rename = ".uses_dynamic_stack", default)]
    uses_dynamic_stack: bool,
}

#[derive(Deserialize)]
struct Arg {
    #[serde(rename = ".name")]
    name: Option<String>,
    #[serde(rename = ".type_name")]
    type_name: Option<String>,
    #[serde(rename = ".size")]
    size: u64,
    #[serde(rename = ".offset")]
    offset: u64,
    #[serde(rename = ".value_kind")]
    value_kind: String,
    #[serde(rename = ".pointee_align")]
    pointee_align: Option<u64>,
    #[serde(rename = ".address_space")]
    address_space: Option<String>,
    #[serde(rename = ".access")]
    access: Option<String>,
    #[serde(rename = ".actual_access")]
    actual_access: Option<String>,
    #[serde(rename = ".is_const", default)]
    is_const: bool,
    #[serde(rename = ".is_restrict", default)]
    is_restrict: bool,
    #[serde(rename = ".is_volatile", default)]
    is_volatile: bool,
    #[serde(rename = ".is_pipe", default)]
    is_pipe: bool,
}

/// Parses the msgpack payload of an `NT_AMDGPU_METADATA` note.
pub fn parse_msgpack(bytes: &[u8]) -> Result<ProgramMetadata> {
    let root: Root =
        rmp_serde::from_slice(bytes).map_err(|e| bad_metadata(format!("msgpack: {e}")))?;
    let version = to_version(Some(root.version), "amdhsa.version")?.unwrap_or_default();
    Ok(ProgramMetadata {
        version,
        target: root.target,
        kernels: root
            .kernels
            .into_iter()
            .map(convert_kernel)
            .collect::<Result<_>>()?,
        printf_formats: root
            .printf
            .iter()
            .map(|f| PrintfFormat::parse(f))
            .collect::<Result<_>>()?,
    })
}

fn convert_kernel(k: Kernel) -> Result<KernelMetadata> {
    Ok(KernelMetadata {
        args: k.args.into_iter().map(convert_arg).collect::<Result<_>>()?,
        language_version: to_version(k.language_version, ".language_version")?,
        reqd_workgroup_size: to_dims(k.reqd_workgroup_size, ".reqd_workgroup_size")?,
        workgroup_size_hint: to_dims(k.workgroup_size_hint, ".workgroup_size_hint")?,
        kernarg_segment_size: to_u32(k.kernarg_segment_size, ".kernarg_segment_size")?,
        kernarg_segment_align: to_u32(k.kernarg_segment_align, ".kernarg_segment_align")?,
        group_segment_fixed_size: to_u32(k.group_segment_fixed_size, ".group_segment_fixed_size")?,
        private_segment_fixed_size: to_u32(
            k.private_segment_fixed_size,
            ".private_segment_fixed_size",
        )?,
        wavefront_size: to_u32(k.wavefront_size, ".wavefront_size")?,
        sgpr_count: to_u32(k.sgpr_count, ".sgpr_count")?,
        vgpr_count: to_u32(k.vgpr_count, ".vgpr_count")?,
        sgpr_spill_count: to_u32(k.sgpr_spill_count, ".sgpr_spill_count")?,
        vgpr_spill_count: to_u32(k.vgpr_spill_count, ".vgpr_spill_count")?,
        max_flat_workgroup_size: k
            .max_flat_workgroup_size
            .map(|v| to_u32(v, ".max_flat_workgroup_size"))
            .transpose()?,
        uses_dynamic_stack: k.uses_dynamic_stack,
        name: k.name,
        symbol: k.symbol,
        language: k.language,
        vec_type_hint: k.vec_type_hint,
    })
}

fn convert_arg(a: Arg) -> Result<KernelArg> {
    Ok(KernelArg {
        kind: ArgKind::from_name(&a.value_kind)?,
        offset: to_u32(a.offset, ".offset")?,
        size: to_u32(a.size, ".size")?,
        align: None,
        address_space: a
            .address_space
            .as_deref()
            .map(AddressSpace::from_name)
            .transpose()?,
        access: a
            .access
            .as_deref()
            .map(AccessQualifier::from_name)
            .transpose()?,
        actual_access: a
            .actual_access
            .as_deref()
            .map(AccessQualifier::from_name)
            .transpose()?,
        pointee_align: a
            .pointee_align
            .map(|v| to_u32(v, ".pointee_align"))
            .transpose()?,
        is_const: a.is_const,
        is_restrict: a.is_restrict,
        is_volatile: a.is_volatile,
        is_pipe: a.is_pipe,
        name: a.name,
        type_name: a.type_name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_garbage_and_missing_fields() {
        assert!(parse_msgpack(b"").is_err());
        assert!(parse_msgpack(&[0xc1]).is_err());
        // An empty map lacks amdhsa.version.
        assert!(parse_msgpack(&[0x80]).is_err());
    }
}
