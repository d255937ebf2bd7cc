//! The OpenCL 3.0 device queries about optional features (OpenCL 3.0 API, table "List of
//! supported param_names by clGetDeviceInfo"), each answered from the OpenCL C features the
//! compiler offers kernels ([`OPENCL_C_FEATURES`]), so the API and the language agree.

use super::params::info;
use cl_sys::*;
use sim_core::compiler::language::OPENCL_C_FEATURES;

/// `CL_DEVICE_ATOMIC_ORDER_RELAXED`.
const ORDER_RELAXED: u64 = 1 << 0;
/// `CL_DEVICE_ATOMIC_ORDER_ACQ_REL`.
const ORDER_ACQ_REL: u64 = 1 << 1;
/// `CL_DEVICE_ATOMIC_ORDER_SEQ_CST`.
const ORDER_SEQ_CST: u64 = 1 << 2;
/// `CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM` (fences only).
const SCOPE_WORK_ITEM: u64 = 1 << 3;
/// `CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP`.
const SCOPE_WORK_GROUP: u64 = 1 << 4;
/// `CL_DEVICE_ATOMIC_SCOPE_DEVICE`.
const SCOPE_DEVICE: u64 = 1 << 5;
/// `CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES`.
const SCOPE_ALL_DEVICES: u64 = 1 << 6;

/// The 3.0 query parameters answered here (cl-sys lacks them).
pub mod params {
    /// `CL_DEVICE_ILS_WITH_VERSION`.
    pub const ILS_WITH_VERSION: u32 = 0x1061;
    /// `CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION`.
    pub const BUILT_IN_KERNELS_WITH_VERSION: u32 = 0x1062;
    /// `CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES`.
    pub const ATOMIC_MEMORY_CAPABILITIES: u32 = 0x1063;
    /// `CL_DEVICE_ATOMIC_FENCE_CAPABILITIES`.
    pub const ATOMIC_FENCE_CAPABILITIES: u32 = 0x1064;
    /// `CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT`.
    pub const NON_UNIFORM_WORK_GROUP_SUPPORT: u32 = 0x1065;
    /// `CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE`.
    pub const PREFERRED_WORK_GROUP_SIZE_MULTIPLE: u32 = 0x1067;
    /// `CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT`.
    pub const WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT: u32 = 0x1068;
    /// `CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT`.
    pub const GENERIC_ADDRESS_SPACE_SUPPORT: u32 = 0x1069;
    /// `CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES`.
    pub const DEVICE_ENQUEUE_CAPABILITIES: u32 = 0x1070;
    /// `CL_DEVICE_PIPE_SUPPORT`.
    pub const PIPE_SUPPORT: u32 = 0x1071;
    /// `CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED`.
    pub const LATEST_CONFORMANCE_VERSION_PASSED: u32 = 0x1072;
}

/// Whether kernels may use the OpenCL C optional feature `name`.
fn has(name: &str) -> bool {
    OPENCL_C_FEATURES.contains(&name)
}

/// The capability bits of the features that are offered, among `(feature, bit)`.
fn bits_of(features: &[(&str, u64)]) -> u64 {
    features
        .iter()
        .filter(|(name, _)| has(name))
        .fold(0, |bits, (_, bit)| bits | bit)
}

/// Orders and scopes of atomic operations and fences beyond the minimum (relaxed order,
/// work-group scope; fences also acquire-release), by the feature macro that enables them.
const ATOMIC_FEATURES: &[(&str, u64)] = &[
    ("__opencl_c_atomic_order_acq_rel", ORDER_ACQ_REL),
    ("__opencl_c_atomic_order_seq_cst", ORDER_SEQ_CST),
    ("__opencl_c_atomic_scope_device", SCOPE_DEVICE),
    ("__opencl_c_atomic_scope_all_devices", SCOPE_ALL_DEVICES),
];

/// The value of a 3.0 optional-feature query, or `None` if `param_name` is not one;
/// `wavefront_size` is the device's.
pub fn feature_info(param_name: cl_device_info, wavefront_size: u32) -> Option<Vec<u8>> {
    use params::*;
    let flag = |on: bool| info(&if on { CL_TRUE } else { CL_FALSE });
    Some(match param_name {
        // Work-groups may be smaller at the grid's edge, for OpenCL C 2.0 and later.
        NON_UNIFORM_WORK_GROUP_SUPPORT => flag(true),
        ATOMIC_MEMORY_CAPABILITIES => {
            info(&(ORDER_RELAXED | SCOPE_WORK_GROUP | bits_of(ATOMIC_FEATURES)))
        }
        ATOMIC_FENCE_CAPABILITIES => info(
            &(ORDER_RELAXED
                | ORDER_ACQ_REL
                | SCOPE_WORK_ITEM
                | SCOPE_WORK_GROUP
                | bits_of(ATOMIC_FEATURES)),
        ),
        WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT => {
            flag(has("__opencl_c_work_group_collective_functions"))
        }
        GENERIC_ADDRESS_SPACE_SUPPORT => flag(has("__opencl_c_generic_address_space")),
        PREFERRED_WORK_GROUP_SIZE_MULTIPLE => info(&(wavefront_size as usize)),
        // No device-side enqueue, no pipes.
        DEVICE_ENQUEUE_CAPABILITIES => info(&0u64),
        PIPE_SUPPORT => flag(has("__opencl_c_pipes")),
        // No intermediate languages (SPIR-V), no built-in kernels: empty arrays.
        ILS_WITH_VERSION | BUILT_IN_KERNELS_WITH_VERSION => Vec::new(),
        // gcnsim has not passed the conformance process: the earliest version string.
        LATEST_CONFORMANCE_VERSION_PASSED => info("v0000-01-01-00"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(param: u32) -> u64 {
        let bytes = feature_info(param, 64).unwrap();
        let mut v = [0u8; 8];
        v[..bytes.len()].copy_from_slice(&bytes);
        u64::from_ne_bytes(v)
    }

    #[test]
    fn atomic_capabilities_follow_the_feature_macros() {
        let memory = value(params::ATOMIC_MEMORY_CAPABILITIES);
        for (feature, bit) in ATOMIC_FEATURES {
            assert_eq!(memory & bit != 0, has(feature), "{feature}");
        }
        // The minimum of OpenCL 3.0, and each scope or order implying the weaker one.
        assert_eq!(
            memory & (ORDER_RELAXED | SCOPE_WORK_GROUP),
            ORDER_RELAXED | SCOPE_WORK_GROUP
        );
        assert!(memory & SCOPE_ALL_DEVICES == 0 || memory & SCOPE_DEVICE != 0);
        assert!(memory & ORDER_SEQ_CST == 0 || memory & ORDER_ACQ_REL != 0);
        let fence = value(params::ATOMIC_FENCE_CAPABILITIES);
        assert_eq!(fence & memory, memory);
    }

    #[test]
    fn unknown_parameters_are_not_answered() {
        assert!(feature_info(CL_DEVICE_NAME, 64).is_none());
    }
}
