//! The read-modify-write operations shared by LDS, flat and buffer atomics.

/// One atomic operation: how the new memory value follows from the old one and the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomicOp {
    /// Store the data (`swap`, `wrxchg`).
    Swap,
    /// Store `data` if the old value equals `cmp` (`cmpswap`, `cmpst`).
    CmpSwap,
    /// Old + data.
    Add,
    /// Old − data.
    Sub,
    /// Data − old.
    Rsub,
    /// Signed minimum.
    SMin,
    /// Unsigned minimum.
    UMin,
    /// Signed maximum.
    SMax,
    /// Unsigned maximum.
    UMax,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// Old ≥ data ? 0 : old + 1.
    Inc,
    /// Old = 0 or old > data ? data : old − 1.
    Dec,
    /// (old & ~cmp) | data (`mskor`: `cmp` holds the mask).
    MaskOr,
    /// Float addition.
    FAdd,
    /// Float minimum.
    FMin,
    /// Float maximum.
    FMax,
}

impl AtomicOp {
    /// The operation an atomic mnemonic names by its stem (`add`, `smin`, `cmpswap`, …),
    /// after the `ds_`/`flat_atomic_`/`buffer_atomic_` prefix and without `_rtn`/width.
    pub fn from_stem(stem: &str) -> Option<AtomicOp> {
        Some(match stem {
            "swap" | "wrxchg" => Self::Swap,
            "cmpswap" | "cmpst" => Self::CmpSwap,
            "add" => Self::Add,
            "sub" => Self::Sub,
            "rsub" => Self::Rsub,
            "smin" | "min_i" => Self::SMin,
            "umin" | "min_u" => Self::UMin,
            "smax" | "max_i" => Self::SMax,
            "umax" | "max_u" => Self::UMax,
            "and" => Self::And,
            "or" => Self::Or,
            "xor" => Self::Xor,
            "inc" => Self::Inc,
            "dec" => Self::Dec,
            "mskor" => Self::MaskOr,
            "add_f" => Self::FAdd,
            "min_f" => Self::FMin,
            "max_f" => Self::FMax,
            _ => return None,
        })
    }

    /// The new 32-bit memory value.
    pub fn apply32(self, old: u32, data: u32, cmp: u32) -> u32 {
        match self {
            Self::Swap => data,
            Self::CmpSwap => {
                if old == cmp {
                    data
                } else {
                    old
                }
            }
            Self::Add => old.wrapping_add(data),
            Self::Sub => old.wrapping_sub(data),
            Self::Rsub => data.wrapping_sub(old),
            Self::SMin => (old as i32).min(data as i32) as u32,
            Self::UMin => old.min(data),
            Self::SMax => (old as i32).max(data as i32) as u32,
            Self::UMax => old.max(data),
            Self::And => old & data,
            Self::Or => old | data,
            Self::Xor => old ^ data,
            Self::Inc => {
                if old >= data {
                    0
                } else {
                    old + 1
                }
            }
            Self::Dec => {
                if old == 0 || old > data {
                    data
                } else {
                    old - 1
                }
            }
            Self::MaskOr => (old & !cmp) | data,
            Self::FAdd => (f32::from_bits(old) + f32::from_bits(data)).to_bits(),
            Self::FMin => f32::from_bits(old).min(f32::from_bits(data)).to_bits(),
            Self::FMax => f32::from_bits(old).max(f32::from_bits(data)).to_bits(),
        }
    }

    /// The new 64-bit memory value.
    pub fn apply64(self, old: u64, data: u64, cmp: u64) -> u64 {
        match self {
            Self::Swap => data,
            Self::CmpSwap => {
                if old == cmp {
                    data
                } else {
                    old
                }
            }
            Self::Add => old.wrapping_add(data),
            Self::Sub => old.wrapping_sub(data),
            Self::Rsub => data.wrapping_sub(old),
            Self::SMin => (old as i64).min(data as i64) as u64,
            Self::UMin => old.min(data),
            Self::SMax => (old as i64).max(data as i64) as u64,
            Self::UMax => old.max(data),
            Self::And => old & data,
            Self::Or => old | data,
            Self::Xor => old ^ data,
            Self::Inc => {
                if old >= data {
                    0
                } else {
                    old + 1
                }
            }
            Self::Dec => {
                if old == 0 || old > data {
                    data
                } else {
                    old - 1
                }
            }
            Self::MaskOr => (old & !cmp) | data,
            Self::FAdd => (f64::from_bits(old) + f64::from_bits(data)).to_bits(),
            Self::FMin => f64::from_bits(old).min(f64::from_bits(data)).to_bits(),
            Self::FMax => f64::from_bits(old).max(f64::from_bits(data)).to_bits(),
        }
    }
}
