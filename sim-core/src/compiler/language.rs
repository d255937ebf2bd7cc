//! What the simulated device offers an OpenCL C program: the OpenCL version it reports,
//! its kernel-language extensions, and the predefined macros that say so (OpenCL C 3.0
//! §6.12, "Preprocessor Directives and Macros").
//!
//! clang-15 defines the language's own macros (`__OPENCL_C_VERSION__`, `CL_VERSION_*`,
//! `__ENDIAN_LITTLE__`, `__FAST_RELAXED_MATH__`) but not `__OPENCL_VERSION__`, and for
//! amdgcn it enables extensions gcnsim does not have (`cl_khr_fp16`, the mipmap and
//! depth image ones, …). The arguments here make the macros name exactly what the device
//! has.

/// The OpenCL version the device reports (`CL_DEVICE_VERSION`), as (major, minor).
pub const DEVICE_OPENCL_VERSION: (u32, u32) = (3, 0);

/// The OpenCL C extensions kernels can use (each also a predefined macro), in the order
/// `CL_DEVICE_EXTENSIONS` lists them.
pub const OPENCL_C_EXTENSIONS: &[&str] = &[
    "cl_khr_byte_addressable_store",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_fp64",
    "cl_khr_3d_image_writes",
    "cl_khr_subgroups",
];

/// The optional OpenCL C 3.0 features the device supports (`CL_DEVICE_OPENCL_C_FEATURES`,
/// and the macros a `-cl-std=CL3.0` program sees). Pipes and device-side enqueue
/// are not among them.
pub const OPENCL_C_FEATURES: &[&str] = &[
    "__opencl_c_int64",
    "__opencl_c_fp64",
    "__opencl_c_generic_address_space",
    "__opencl_c_program_scope_global_variables",
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_work_group_collective_functions",
    "__opencl_c_images",
    "__opencl_c_read_write_images",
    "__opencl_c_3d_image_writes",
    "__opencl_c_subgroups",
];

/// Features clang-15 cannot switch with `-cl-ext` for amdgcn: its `opencl-c-base.h`
/// defines them itself only for SPIR targets, so they are defined on the command line.
const HEADER_ONLY_FEATURES: &[&str] = &[
    "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_work_group_collective_functions",
];

/// clang arguments that predefine the device's macros for a program compiled with
/// `clang_args` (the build options): `__OPENCL_VERSION__`, `__IMAGE_SUPPORT__`, exactly
/// the device's extensions,
/// and for OpenCL C 3.0 exactly its optional features (OpenCL C 2.0 keeps the features
/// clang's header gives it; OpenCL C 1.x has none).
pub fn predefined_macro_args(clang_args: &[String]) -> Vec<String> {
    let opencl_c_3 = clang_args.iter().any(|a| a == "-cl-std=CL3.0");
    let (major, minor) = DEVICE_OPENCL_VERSION;
    let enabled = OPENCL_C_EXTENSIONS
        .iter()
        .chain(
            OPENCL_C_FEATURES
                .iter()
                .filter(|f| !HEADER_ONLY_FEATURES.contains(f)),
        )
        .map(|name| format!(",+{name}"))
        .collect::<String>();
    let mut args = vec![
        format!("-D__OPENCL_VERSION__={}", major * 100 + minor * 10),
        // The device supports images; clang-15 does not say so for amdgcn.
        "-D__IMAGE_SUPPORT__=1".into(),
        "-Xclang".into(),
        format!("-cl-ext=-all{enabled}"),
    ];
    if opencl_c_3 {
        args.extend(HEADER_ONLY_FEATURES.iter().map(|f| format!("-D{f}=1")));
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_only_features_are_defined_for_opencl_c_3_only() {
        let std3 = predefined_macro_args(&["-cl-std=CL3.0".to_string()]);
        let std2 = predefined_macro_args(&["-cl-std=CL2.0".to_string()]);
        let define = "-D__opencl_c_work_group_collective_functions=1".to_string();
        assert!(std3.contains(&define));
        assert!(!std2.contains(&define));
        assert!(std2.contains(&"-D__OPENCL_VERSION__=300".to_string()));
    }
}
