//! The COMPUTE_PGM_RSRC1/2/3 register values a kernel descriptor asks the dispatcher to
//! program (field layout for GFX6–GFX9 from LLVM's AMDGPUUsage).

/// Extracts `width` bits of `value` starting at bit `low`.
fn bits(value: u32, low: u32, width: u32) -> u32 {
    (value >> low) & ((1u32 << width) - 1)
}

/// IEEE rounding mode of a floating-point operand size (FLOAT_ROUND_MODE_*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatRoundMode {
    /// Round to nearest, ties to even.
    NearestEven,
    /// Round towards +infinity.
    PlusInfinity,
    /// Round towards -infinity.
    MinusInfinity,
    /// Round towards zero.
    Zero,
}

impl FloatRoundMode {
    fn from_bits(v: u32) -> Self {
        match v & 3 {
            0 => Self::NearestEven,
            1 => Self::PlusInfinity,
            2 => Self::MinusInfinity,
            _ => Self::Zero,
        }
    }
}

/// Which denormal values are flushed to zero (FLOAT_DENORM_MODE_*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatDenormMode {
    /// Denormal sources and results are flushed.
    FlushSourceAndDestination,
    /// Denormal results are flushed, sources are kept.
    FlushDestination,
    /// Denormal sources are flushed, results are kept.
    FlushSource,
    /// Denormals are kept.
    FlushNone,
}

impl FloatDenormMode {
    fn from_bits(v: u32) -> Self {
        match v & 3 {
            0 => Self::FlushSourceAndDestination,
            1 => Self::FlushDestination,
            2 => Self::FlushSource,
            _ => Self::FlushNone,
        }
    }
}

/// COMPUTE_PGM_RSRC1: register allocation and floating-point modes of a wavefront.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputePgmRsrc1(pub u32);

impl ComputePgmRsrc1 {
    /// GRANULATED_WORKITEM_VGPR_COUNT: VGPR blocks minus one.
    pub fn granulated_workitem_vgpr_count(self) -> u32 {
        bits(self.0, 0, 6)
    }
    /// GRANULATED_WAVEFRONT_SGPR_COUNT: SGPR blocks minus one.
    pub fn granulated_wavefront_sgpr_count(self) -> u32 {
        bits(self.0, 6, 4)
    }
    /// VGPRs a work-item is allocated on GFX8 (blocks of 4).
    pub fn allocated_vgprs(self) -> u32 {
        (self.granulated_workitem_vgpr_count() + 1) * 4
    }
    /// SGPRs a wavefront is allocated on GFX8 (blocks of 8).
    pub fn allocated_sgprs(self) -> u32 {
        (self.granulated_wavefront_sgpr_count() + 1) * 8
    }
    /// PRIORITY: wavefront priority (0–3).
    pub fn priority(self) -> u32 {
        bits(self.0, 10, 2)
    }
    /// FLOAT_ROUND_MODE_32: rounding of single-precision operations.
    pub fn float_round_mode_32(self) -> FloatRoundMode {
        FloatRoundMode::from_bits(bits(self.0, 12, 2))
    }
    /// FLOAT_ROUND_MODE_16_64: rounding of half- and double-precision operations.
    pub fn float_round_mode_16_64(self) -> FloatRoundMode {
        FloatRoundMode::from_bits(bits(self.0, 14, 2))
    }
    /// FLOAT_DENORM_MODE_32: single-precision denormal handling.
    pub fn float_denorm_mode_32(self) -> FloatDenormMode {
        FloatDenormMode::from_bits(bits(self.0, 16, 2))
    }
    /// FLOAT_DENORM_MODE_16_64: half- and double-precision denormal handling.
    pub fn float_denorm_mode_16_64(self) -> FloatDenormMode {
        FloatDenormMode::from_bits(bits(self.0, 18, 2))
    }
    /// PRIV: the wavefront starts in privileged mode.
    pub fn privileged(self) -> bool {
        bits(self.0, 20, 1) != 0
    }
    /// ENABLE_DX10_CLAMP: clamp NaN results of clamping instructions to zero.
    pub fn dx10_clamp(self) -> bool {
        bits(self.0, 21, 1) != 0
    }
    /// DEBUG_MODE: the wavefront starts in debug mode.
    pub fn debug_mode(self) -> bool {
        bits(self.0, 22, 1) != 0
    }
    /// ENABLE_IEEE_MODE: IEEE NaN handling (signalling NaNs quieted) in min/max.
    pub fn ieee_mode(self) -> bool {
        bits(self.0, 23, 1) != 0
    }
    /// BULKY: only one work-group of this kernel per CU.
    pub fn bulky(self) -> bool {
        bits(self.0, 24, 1) != 0
    }
}

/// COMPUTE_PGM_RSRC2: which system SGPRs/VGPRs the hardware initialises, LDS and exceptions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputePgmRsrc2(pub u32);

impl ComputePgmRsrc2 {
    /// ENABLE_PRIVATE_SEGMENT: set up the private segment wavefront offset SGPR.
    pub fn private_segment_wave_offset(self) -> bool {
        bits(self.0, 0, 1) != 0
    }
    /// USER_SGPR_COUNT: SGPRs loaded by the command processor before the system SGPRs.
    pub fn user_sgpr_count(self) -> u32 {
        bits(self.0, 1, 5)
    }
    /// ENABLE_TRAP_HANDLER.
    pub fn trap_handler(self) -> bool {
        bits(self.0, 6, 1) != 0
    }
    /// ENABLE_SGPR_WORKGROUP_ID_X/Y/Z.
    pub fn workgroup_id(self) -> [bool; 3] {
        [
            bits(self.0, 7, 1) != 0,
            bits(self.0, 8, 1) != 0,
            bits(self.0, 9, 1) != 0,
        ]
    }
    /// ENABLE_SGPR_WORKGROUP_INFO.
    pub fn workgroup_info(self) -> bool {
        bits(self.0, 10, 1) != 0
    }
    /// ENABLE_VGPR_WORKITEM_ID: 0 = only X in v0, 1 = X,Y in v0,v1, 2 = X,Y,Z in v0–v2.
    pub fn vgpr_workitem_id(self) -> u32 {
        bits(self.0, 11, 2)
    }
    /// ENABLE_EXCEPTION_ADDRESS_WATCH.
    pub fn exception_address_watch(self) -> bool {
        bits(self.0, 13, 1) != 0
    }
    /// ENABLE_EXCEPTION_MEMORY.
    pub fn exception_memory(self) -> bool {
        bits(self.0, 14, 1) != 0
    }
    /// GRANULATED_LDS_SIZE (set by the dispatcher, 0 in code objects).
    pub fn granulated_lds_size(self) -> u32 {
        bits(self.0, 15, 9)
    }
    /// ENABLE_EXCEPTION_IEEE_754_FP_* and INT_DIVIDE_BY_ZERO, bits 24–30 as a 7-bit mask.
    pub fn exception_mask(self) -> u32 {
        bits(self.0, 24, 7)
    }
}

/// COMPUTE_PGM_RSRC3 (GFX90A and later; always 0 for gfx803, kept as read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputePgmRsrc3(pub u32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_fields_at_their_bit_positions() {
        // vgpr granule 2, sgpr granule 1, round 32 = zero, denorm 16/64 = none, dx10, ieee.
        let r1 = ComputePgmRsrc1(2 | (1 << 6) | (3 << 12) | (3 << 18) | (1 << 21) | (1 << 23));
        assert_eq!(r1.allocated_vgprs(), 12);
        assert_eq!(r1.allocated_sgprs(), 16);
        assert_eq!(r1.float_round_mode_32(), FloatRoundMode::Zero);
        assert_eq!(
            r1.float_denorm_mode_32(),
            FloatDenormMode::FlushSourceAndDestination
        );
        assert_eq!(r1.float_denorm_mode_16_64(), FloatDenormMode::FlushNone);
        assert!(r1.dx10_clamp() && r1.ieee_mode() && !r1.debug_mode());
        let r2 = ComputePgmRsrc2(1 | (6 << 1) | (1 << 7) | (1 << 9) | (2 << 11));
        assert!(r2.private_segment_wave_offset());
        assert_eq!(r2.user_sgpr_count(), 6);
        assert_eq!(r2.workgroup_id(), [true, false, true]);
        assert_eq!(r2.vgpr_workitem_id(), 2);
        assert!(!r2.workgroup_info());
    }
}
