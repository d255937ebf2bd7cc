//! Code object v2 metadata: the YAML document of the `NT_AMD_HSA_METADATA` note.
//!
//! v2 metadata gives each argument's size and alignment but not its offset; offsets follow
//! from laying the arguments out in order, each aligned to its `Align`, as LLVM does.

use yaml_rust2::{Yaml, YamlLoader};

use super::{
    to_dims, to_u32, to_version, AccessQualifier, AddressSpace, ArgKind, KernelArg, KernelMetadata,
    PrintfFormat, ProgramMetadata,
};
use crate::loader::error::{bad_metadata, Result};

/// Parses the YAML payload of an `NT_AMD_HSA_METADATA` note.
pub fn parse_yaml(text: &str) -> Result<ProgramMetadata> {
    let docs = YamlLoader::load_from_str(text).map_err(|e| bad_metadata(format!("YAML: {e}")))?;
    let root = docs
        .first()
        .ok_or_else(|| bad_metadata("empty YAML metadata"))?;
    let version = to_version(numbers(&root["Version"], "Version")?, "Version")?
        .ok_or_else(|| bad_metadata("YAML metadata has no Version"))?;
    let kernels = match &root["Kernels"] {
        Yaml::BadValue | Yaml::Null => Vec::new(),
        Yaml::Array(list) => list.iter().map(convert_kernel).collect::<Result<_>>()?,
        _ => return Err(bad_metadata("Kernels is not a list")),
    };
    let printf_formats = match &root["Printf"] {
        Yaml::BadValue | Yaml::Null => Vec::new(),
        Yaml::Array(list) => list
            .iter()
            .map(|f| PrintfFormat::parse(&text_of(f, "Printf")?.unwrap_or_default()))
            .collect::<Result<_>>()?,
        _ => return Err(bad_metadata("Printf is not a list")),
    };
    Ok(ProgramMetadata {
        version,
        target: None,
        kernels,
        printf_formats,
    })
}

/// A scalar as text (names like `1` or `true` may come back as numbers or booleans).
fn text_of(y: &Yaml, field: &str) -> Result<Option<String>> {
    Ok(match y {
        Yaml::BadValue | Yaml::Null => None,
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => return Err(bad_metadata(format!("{field} is not a scalar"))),
    })
}

fn number(y: &Yaml, field: &str) -> Result<Option<u64>> {
    match y {
        Yaml::BadValue | Yaml::Null => Ok(None),
        Yaml::Integer(i) => u64::try_from(*i)
            .map(Some)
            .map_err(|_| bad_metadata(format!("{field} is negative"))),
        _ => Err(bad_metadata(format!("{field} is not an integer"))),
    }
}

fn required_u32(y: &Yaml, field: &str) -> Result<u32> {
    let value = number(y, field)?.ok_or_else(|| bad_metadata(format!("{field} is missing")))?;
    to_u32(value, field)
}

fn optional_u32(y: &Yaml, field: &str) -> Result<Option<u32>> {
    number(y, field)?.map(|v| to_u32(v, field)).transpose()
}

fn numbers(y: &Yaml, field: &str) -> Result<Option<Vec<u64>>> {
    match y {
        Yaml::BadValue | Yaml::Null => Ok(None),
        Yaml::Array(list) => list
            .iter()
            .map(|v| {
                number(v, field)?
                    .ok_or_else(|| bad_metadata(format!("{field} has an empty element")))
            })
            .collect::<Result<_>>()
            .map(Some),
        _ => Err(bad_metadata(format!("{field} is not a list"))),
    }
}

fn flag(y: &Yaml, field: &str) -> Result<bool> {
    match y {
        Yaml::BadValue | Yaml::Null => Ok(false),
        Yaml::Boolean(b) => Ok(*b),
        _ => Err(bad_metadata(format!("{field} is not a boolean"))),
    }
}

/// Converts one kernel; LLVM leaves out code properties that are 0, so they default to 0.
fn convert_kernel(k: &Yaml) -> Result<KernelMetadata> {
    let name = text_of(&k["Name"], "Name")?.ok_or_else(|| bad_metadata("kernel without Name"))?;
    let symbol = text_of(&k["SymbolName"], "SymbolName")?.unwrap_or_else(|| format!("{name}@kd"));
    let attrs = &k["Attrs"];
    let props = &k["CodeProps"];
    let args = match &k["Args"] {
        Yaml::BadValue | Yaml::Null => Vec::new(),
        Yaml::Array(list) => lay_out_args(list)?,
        _ => return Err(bad_metadata("Args is not a list")),
    };
    Ok(KernelMetadata {
        language: text_of(&k["Language"], "Language")?,
        language_version: to_version(
            numbers(&k["LanguageVersion"], "LanguageVersion")?,
            "LanguageVersion",
        )?,
        args,
        reqd_workgroup_size: to_dims(
            numbers(&attrs["ReqdWorkGroupSize"], "ReqdWorkGroupSize")?,
            "ReqdWorkGroupSize",
        )?,
        workgroup_size_hint: to_dims(
            numbers(&attrs["WorkGroupSizeHint"], "WorkGroupSizeHint")?,
            "WorkGroupSizeHint",
        )?,
        vec_type_hint: text_of(&attrs["VecTypeHint"], "VecTypeHint")?,
        kernarg_segment_size: optional_u32(&props["KernargSegmentSize"], "KernargSegmentSize")?
            .unwrap_or(0),
        kernarg_segment_align: optional_u32(&props["KernargSegmentAlign"], "KernargSegmentAlign")?
            .unwrap_or(0),
        group_segment_fixed_size: optional_u32(
            &props["GroupSegmentFixedSize"],
            "GroupSegmentFixedSize",
        )?
        .unwrap_or(0),
        private_segment_fixed_size: optional_u32(
            &props["PrivateSegmentFixedSize"],
            "PrivateSegmentFixedSize",
        )?
        .unwrap_or(0),
        wavefront_size: optional_u32(&props["WavefrontSize"], "WavefrontSize")?.unwrap_or(0),
        sgpr_count: optional_u32(&props["NumSGPRs"], "NumSGPRs")?.unwrap_or(0),
        vgpr_count: optional_u32(&props["NumVGPRs"], "NumVGPRs")?.unwrap_or(0),
        sgpr_spill_count: optional_u32(&props["NumSpilledSGPRs"], "NumSpilledSGPRs")?.unwrap_or(0),
        vgpr_spill_count: optional_u32(&props["NumSpilledVGPRs"], "NumSpilledVGPRs")?.unwrap_or(0),
        max_flat_workgroup_size: optional_u32(
            &props["MaxFlatWorkGroupSize"],
            "MaxFlatWorkGroupSize",
        )?,
        uses_dynamic_stack: flag(&props["IsDynamicCallStack"], "IsDynamicCallStack")?,
        name,
        symbol,
    })
}

/// Converts the argument list, assigning each argument the next offset aligned to `Align`.
fn lay_out_args(list: &[Yaml]) -> Result<Vec<KernelArg>> {
    let mut offset: u32 = 0;
    list.iter()
        .map(|a| {
            let size = required_u32(&a["Size"], "Args.Size")?;
            let align = required_u32(&a["Align"], "Args.Align")?;
            if !align.is_power_of_two() {
                return Err(bad_metadata(format!(
                    "argument alignment {align} is not a power of two"
                )));
            }
            let start = offset
                .checked_next_multiple_of(align)
                .ok_or_else(|| bad_metadata("kernarg offsets overflow"))?;
            offset = start
                .checked_add(size)
                .ok_or_else(|| bad_metadata("kernarg offsets overflow"))?;
            let kind = text_of(&a["ValueKind"], "ValueKind")?
                .ok_or_else(|| bad_metadata("argument without ValueKind"))?;
            let qualifier = |field: &str| -> Result<Option<AccessQualifier>> {
                text_of(&a[field], field)?
                    .as_deref()
                    .map(AccessQualifier::from_name)
                    .transpose()
            };
            Ok(KernelArg {
                name: text_of(&a["Name"], "Args.Name")?,
                type_name: text_of(&a["TypeName"], "Args.TypeName")?,
                offset: start,
                size,
                align: Some(align),
                kind: ArgKind::from_name(&kind)?,
                address_space: text_of(&a["AddrSpaceQual"], "AddrSpaceQual")?
                    .as_deref()
                    .map(AddressSpace::from_name)
                    .transpose()?,
                access: qualifier("AccQual")?,
                actual_access: qualifier("ActualAccQual")?,
                pointee_align: optional_u32(&a["PointeeAlign"], "PointeeAlign")?,
                is_const: flag(&a["IsConst"], "IsConst")?,
                is_restrict: flag(&a["IsRestrict"], "IsRestrict")?,
                is_volatile: flag(&a["IsVolatile"], "IsVolatile")?,
                is_pipe: flag(&a["IsPipe"], "IsPipe")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lays_out_offsets_by_alignment() {
        let doc = "---\nVersion: [ 1, 0 ]\nKernels:\n  - Name: k\n    SymbolName: 'k@kd'\n    Args:\n      - { Size: 4, Align: 4, ValueKind: ByValue, TypeName: int }\n      - { Size: 8, Align: 8, ValueKind: GlobalBuffer, AddrSpaceQual: Global, TypeName: 'float*' }\n      - { Size: 8, Align: 8, ValueKind: HiddenGlobalOffsetX }\n    CodeProps: { KernargSegmentSize: 24, GroupSegmentFixedSize: 0, PrivateSegmentFixedSize: 0, KernargSegmentAlign: 8, WavefrontSize: 64, NumSGPRs: 8, NumVGPRs: 4 }\n...\n";
        let meta = parse_yaml(doc).unwrap();
        let offsets: Vec<_> = meta.kernels[0]
            .args
            .iter()
            .map(|a| (a.offset, a.kind))
            .collect();
        assert_eq!(
            offsets,
            vec![
                (0, ArgKind::ByValue),
                (8, ArgKind::GlobalBuffer),
                (16, ArgKind::HiddenGlobalOffset(0))
            ]
        );
        assert_eq!(
            meta.kernels[0].args[1].address_space,
            Some(AddressSpace::Global)
        );
    }

    #[test]
    fn rejects_bad_alignment_and_missing_props() {
        let doc = "Version: [ 1, 0 ]\nKernels:\n  - Name: k\n    Args:\n      - { Size: 4, Align: 3, ValueKind: ByValue }\n";
        assert!(parse_yaml(doc).is_err());
        assert!(parse_yaml("Version: [ 1, 0 ]\nKernels:\n  - Args: []\n").is_err());
        assert!(parse_yaml("[[[").is_err());
    }
}
