//! Kernel descriptors: the 64-byte `<kernel>.kd` record of code object v3+ and the 256-byte
//! `amd_kernel_code_t` of code object v2, both read into one [`KernelDescriptor`].

use super::error::{malformed, Result};
use super::pgm_rsrc::{ComputePgmRsrc1, ComputePgmRsrc2, ComputePgmRsrc3};

/// Size of a code object v3+ kernel descriptor.
pub const KERNEL_DESCRIPTOR_SIZE: usize = 64;
/// Size of a code object v2 `amd_kernel_code_t`.
pub const AMD_KERNEL_CODE_SIZE: usize = 256;

/// The KERNEL_CODE_PROPERTIES bits: which user SGPRs the command processor initialises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KernelCodeProperties {
    /// ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER (4 SGPRs: scratch buffer resource).
    pub private_segment_buffer: bool,
    /// ENABLE_SGPR_DISPATCH_PTR (2 SGPRs: address of the AQL dispatch packet).
    pub dispatch_ptr: bool,
    /// ENABLE_SGPR_QUEUE_PTR (2 SGPRs: address of the `amd_queue_t`).
    pub queue_ptr: bool,
    /// ENABLE_SGPR_KERNARG_SEGMENT_PTR (2 SGPRs: address of the kernel arguments).
    pub kernarg_segment_ptr: bool,
    /// ENABLE_SGPR_DISPATCH_ID (2 SGPRs: 64-bit dispatch id).
    pub dispatch_id: bool,
    /// ENABLE_SGPR_FLAT_SCRATCH_INIT (2 SGPRs: flat scratch offset and size).
    pub flat_scratch_init: bool,
    /// ENABLE_SGPR_PRIVATE_SEGMENT_SIZE (1 SGPR: per-work-item private bytes).
    pub private_segment_size: bool,
    /// ENABLE_SGPR_GRID_WORKGROUP_COUNT_X/Y/Z (1 SGPR each; code object v2 only).
    pub grid_workgroup_count: [bool; 3],
    /// ENABLE_WAVEFRONT_SIZE32 (never set for gfx803).
    pub wavefront_size32: bool,
    /// USES_DYNAMIC_STACK (v3+) / `is_dynamic_callstack` (v2).
    pub uses_dynamic_stack: bool,
}

impl KernelCodeProperties {
    fn from_bits(v: u32, uses_dynamic_stack_bit: u32, wave32_bit: Option<u32>) -> Self {
        let bit = |n: u32| v & (1 << n) != 0;
        KernelCodeProperties {
            private_segment_buffer: bit(0),
            dispatch_ptr: bit(1),
            queue_ptr: bit(2),
            kernarg_segment_ptr: bit(3),
            dispatch_id: bit(4),
            flat_scratch_init: bit(5),
            private_segment_size: bit(6),
            grid_workgroup_count: [bit(7), bit(8), bit(9)],
            wavefront_size32: wave32_bit.is_some_and(bit),
            uses_dynamic_stack: bit(uses_dynamic_stack_bit),
        }
    }
}

/// What the hardware or command processor puts in an SGPR when a wavefront starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SgprValue {
    /// Scratch buffer resource descriptor (user, 4 SGPRs).
    PrivateSegmentBuffer,
    /// Address of the AQL dispatch packet (user, 2).
    DispatchPtr,
    /// Address of the `amd_queue_t` (user, 2).
    QueuePtr,
    /// Address of the kernarg segment (user, 2).
    KernargSegmentPtr,
    /// 64-bit dispatch id (user, 2).
    DispatchId,
    /// Flat scratch offset and size (user, 2).
    FlatScratchInit,
    /// Private segment size per work-item (user, 1).
    PrivateSegmentSize,
    /// Number of work-groups in the grid along X, Y or Z (user, 1; v2 only).
    GridWorkgroupCount(u8),
    /// Work-group id along X, Y or Z (system, 1).
    WorkgroupId(u8),
    /// Work-group info: LDS size etc. (system, 1).
    WorkgroupInfo,
    /// Byte offset of this wavefront's scratch (system, 1).
    PrivateSegmentWaveOffset,
}

/// One initialised SGPR range: its value, first SGPR and count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SgprInit {
    /// What goes into the range.
    pub value: SgprValue,
    /// Index of the first SGPR.
    pub first: u32,
    /// Number of SGPRs.
    pub count: u32,
}

/// A kernel descriptor as the dispatcher uses it, whatever the code object version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelDescriptor {
    /// Fixed LDS bytes per work-group (dynamic `__local` arguments come on top).
    pub group_segment_fixed_size: u32,
    /// Fixed private (scratch) bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Kernarg segment bytes (v2: from `kernarg_segment_byte_size`).
    pub kernarg_size: u32,
    /// Byte offset from the descriptor to the kernel's first instruction.
    pub kernel_code_entry_byte_offset: i64,
    /// COMPUTE_PGM_RSRC1.
    pub compute_pgm_rsrc1: ComputePgmRsrc1,
    /// COMPUTE_PGM_RSRC2.
    pub compute_pgm_rsrc2: ComputePgmRsrc2,
    /// COMPUTE_PGM_RSRC3.
    pub compute_pgm_rsrc3: ComputePgmRsrc3,
    /// Which user SGPRs are initialised.
    pub kernel_code_properties: KernelCodeProperties,
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32_at(b, at)) | (u64::from(u32_at(b, at + 4)) << 32)
}

impl KernelDescriptor {
    /// Reads a code object v3+ kernel descriptor (64 bytes, AMDGPUUsage layout).
    pub fn from_v3(bytes: &[u8]) -> Result<Self> {
        let b = bytes
            .get(..KERNEL_DESCRIPTOR_SIZE)
            .ok_or_else(|| malformed("kernel descriptor is truncated"))?;
        Ok(KernelDescriptor {
            group_segment_fixed_size: u32_at(b, 0),
            private_segment_fixed_size: u32_at(b, 4),
            kernarg_size: u32_at(b, 8),
            kernel_code_entry_byte_offset: u64_at(b, 16) as i64,
            compute_pgm_rsrc3: ComputePgmRsrc3(u32_at(b, 44)),
            compute_pgm_rsrc1: ComputePgmRsrc1(u32_at(b, 48)),
            compute_pgm_rsrc2: ComputePgmRsrc2(u32_at(b, 52)),
            kernel_code_properties: KernelCodeProperties::from_bits(
                u32::from(u16::from_le_bytes([b[56], b[57]])),
                11,
                Some(10),
            ),
        })
    }

    /// Reads a code object v2 `amd_kernel_code_t` (256 bytes, ROCm's `amd_kernel_code.h`).
    pub fn from_amd_kernel_code(bytes: &[u8]) -> Result<Self> {
        let b = bytes
            .get(..AMD_KERNEL_CODE_SIZE)
            .ok_or_else(|| malformed("amd_kernel_code_t is truncated"))?;
        let kernarg = u64_at(b, 72);
        Ok(KernelDescriptor {
            group_segment_fixed_size: u32_at(b, 64),
            private_segment_fixed_size: u32_at(b, 60),
            kernarg_size: u32::try_from(kernarg)
                .map_err(|_| malformed("kernarg segment larger than 4 GiB"))?,
            kernel_code_entry_byte_offset: u64_at(b, 16) as i64,
            compute_pgm_rsrc1: ComputePgmRsrc1(u32_at(b, 48)),
            compute_pgm_rsrc2: ComputePgmRsrc2(u32_at(b, 52)),
            compute_pgm_rsrc3: ComputePgmRsrc3(0),
            kernel_code_properties: KernelCodeProperties::from_bits(u32_at(b, 56), 20, None),
        })
    }

    /// The SGPRs a wavefront starts with, in hardware order: the enabled user SGPRs from
    /// SGPR 0, then the enabled system SGPRs from `USER_SGPR_COUNT` on.
    pub fn initial_sgprs(&self) -> Vec<SgprInit> {
        let p = &self.kernel_code_properties;
        let user = [
            (p.private_segment_buffer, SgprValue::PrivateSegmentBuffer, 4),
            (p.dispatch_ptr, SgprValue::DispatchPtr, 2),
            (p.queue_ptr, SgprValue::QueuePtr, 2),
            (p.kernarg_segment_ptr, SgprValue::KernargSegmentPtr, 2),
            (p.dispatch_id, SgprValue::DispatchId, 2),
            (p.flat_scratch_init, SgprValue::FlatScratchInit, 2),
            (p.private_segment_size, SgprValue::PrivateSegmentSize, 1),
            (
                p.grid_workgroup_count[0],
                SgprValue::GridWorkgroupCount(0),
                1,
            ),
            (
                p.grid_workgroup_count[1],
                SgprValue::GridWorkgroupCount(1),
                1,
            ),
            (
                p.grid_workgroup_count[2],
                SgprValue::GridWorkgroupCount(2),
                1,
            ),
        ];
        let r2 = self.compute_pgm_rsrc2;
        let [x, y, z] = r2.workgroup_id();
        let system = [
            (x, SgprValue::WorkgroupId(0), 1),
            (y, SgprValue::WorkgroupId(1), 1),
            (z, SgprValue::WorkgroupId(2), 1),
            (r2.workgroup_info(), SgprValue::WorkgroupInfo, 1),
            (
                r2.private_segment_wave_offset(),
                SgprValue::PrivateSegmentWaveOffset,
                1,
            ),
        ];
        let mut out = Vec::new();
        place_sgprs(&user, 0, &mut out);
        place_sgprs(&system, r2.user_sgpr_count(), &mut out);
        out
    }

    /// Number of user SGPRs that [`Self::initial_sgprs`] fills from the code properties
    /// (equals `USER_SGPR_COUNT` in a consistent descriptor).
    pub fn enabled_user_sgprs(&self) -> u32 {
        self.initial_sgprs()
            .iter()
            .filter(|s| {
                !matches!(
                    s.value,
                    SgprValue::WorkgroupId(_)
                        | SgprValue::WorkgroupInfo
                        | SgprValue::PrivateSegmentWaveOffset
                )
            })
            .map(|s| s.count)
            .sum()
    }

    /// Work-item id VGPRs the hardware initialises: 1 (v0 = X), 2 (v0, v1) or 3 (v0–v2).
    pub fn workitem_id_vgprs(&self) -> u32 {
        self.compute_pgm_rsrc2.vgpr_workitem_id().min(2) + 1
    }
}

/// Appends the enabled (enabled, value, count) ranges to `out`, packed from SGPR `first`.
fn place_sgprs(ranges: &[(bool, SgprValue, u32)], first: u32, out: &mut Vec<SgprInit>) {
    let mut next = first;
    for &(enabled, value, count) in ranges {
        if enabled {
            out.push(SgprInit {
                value,
                first: next,
                count,
            });
            next += count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v3_descriptor_fields_and_sgpr_layout() {
        let mut kd = [0u8; 64];
        kd[0..4].copy_from_slice(&256u32.to_le_bytes());
        kd[8..12].copy_from_slice(&104u32.to_le_bytes());
        kd[16..24].copy_from_slice(&4288i64.to_le_bytes());
        // user sgpr count 6, workgroup id x, private segment wave offset.
        kd[52..56].copy_from_slice(&(1u32 | (6 << 1) | (1 << 7)).to_le_bytes());
        // private segment buffer + kernarg segment ptr.
        kd[56..58].copy_from_slice(&0b1001u16.to_le_bytes());
        let d = KernelDescriptor::from_v3(&kd).unwrap();
        assert_eq!((d.group_segment_fixed_size, d.kernarg_size), (256, 104));
        assert_eq!(d.kernel_code_entry_byte_offset, 4288);
        assert_eq!(d.enabled_user_sgprs(), 6);
        let layout: Vec<_> = d
            .initial_sgprs()
            .iter()
            .map(|s| (s.value, s.first, s.count))
            .collect();
        assert_eq!(
            layout,
            vec![
                (SgprValue::PrivateSegmentBuffer, 0, 4),
                (SgprValue::KernargSegmentPtr, 4, 2),
                (SgprValue::WorkgroupId(0), 6, 1),
                (SgprValue::PrivateSegmentWaveOffset, 7, 1),
            ]
        );
        assert!(KernelDescriptor::from_v3(&kd[..63]).is_err());
    }
}
