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
        self.apply(old, data, cmp)
    }

    /// The new 64-bit memory value.
    pub fn apply64(self, old: u64, data: u64, cmp: u64) -> u64 {
        self.apply(old, data, cmp)
    }

    fn apply<T: Word>(self, old: T, data: T, cmp: T) -> T {
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
            Self::SMin => old.signed_min(data),
            Self::UMin => old.min(data),
            Self::SMax => old.signed_max(data),
            Self::UMax => old.max(data),
            Self::And => old & data,
            Self::Or => old | data,
            Self::Xor => old ^ data,
            Self::Inc => {
                if old >= data {
                    T::ZERO
                } else {
                    old.wrapping_add(T::ONE)
                }
            }
            Self::Dec => {
                if old == T::ZERO || old > data {
                    data
                } else {
                    old.wrapping_sub(T::ONE)
                }
            }
            Self::MaskOr => (old & !cmp) | data,
            Self::FAdd => old.float(data, |a, b| a + b),
            Self::FMin => old.float(data, f64::min),
            Self::FMax => old.float(data, f64::max),
        }
    }
}

/// A 32- or 64-bit memory word as the atomics see it.
trait Word:
    Copy
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    fn signed_min(self, other: Self) -> Self;
    fn signed_max(self, other: Self) -> Self;
    /// Applies `f` to the words as floats of their width (f32 computed exactly in f64
    /// for min/max; addition is rounded back to the width).
    fn float(self, other: Self, f: fn(f64, f64) -> f64) -> Self;
}

impl Word for u32 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn wrapping_add(self, o: Self) -> Self {
        u32::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        u32::wrapping_sub(self, o)
    }
    fn signed_min(self, o: Self) -> Self {
        (self as i32).min(o as i32) as u32
    }
    fn signed_max(self, o: Self) -> Self {
        (self as i32).max(o as i32) as u32
    }
    fn float(self, o: Self, f: fn(f64, f64) -> f64) -> Self {
        (f(
            f64::from(f32::from_bits(self)),
            f64::from(f32::from_bits(o)),
        ) as f32)
            .to_bits()
    }
}

impl Word for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn wrapping_add(self, o: Self) -> Self {
        u64::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        u64::wrapping_sub(self, o)
    }
    fn signed_min(self, o: Self) -> Self {
        (self as i64).min(o as i64) as u64
    }
    fn signed_max(self, o: Self) -> Self {
        (self as i64).max(o as i64) as u64
    }
    fn float(self, o: Self, f: fn(f64, f64) -> f64) -> Self {
        f(f64::from_bits(self), f64::from_bits(o)).to_bits()
    }
}
