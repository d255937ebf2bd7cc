//! The lane loop shared by the vector memory instructions (flat and buffer): loads of
//! every width and signedness, stores and atomics, once every active lane's address is
//! known. Flat and MUBUF number these operations identically (opcodes 0x10–0x1f, 0x40–0x6c).

use super::atomic::AtomicOp;
use super::fault::FaultKind;
use super::memory::PageCursor;
use super::operands::{active, for_active, vgpr, write_active};
use super::program::{Env, Step};
use super::wavefront::{Wavefront, LANES};
use crate::isa::Operand;
use std::sync::atomic::{AtomicU32, Ordering};

/// Where one lane's access goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A global (virtual) address; consecutive dwords follow each other.
    Global(u64),
    /// A global address of swizzled (scratch) memory: dword `k` lies at `address + k·step`.
    Strided(u64, u64),
    /// A byte offset into the work-group's LDS.
    Lds(u64),
    /// Out of range: loads read 0, stores and atomics are dropped.
    Dropped,
}

/// What a vector memory opcode does per lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VmemOp {
    /// Load `dwords` dwords, or one `bytes`-byte value (sign-extended if `signed`).
    Load {
        /// Bytes of a sub-dword load (4 for dword loads).
        bytes: u32,
        /// Sign-extend a sub-dword value.
        signed: bool,
        /// Dwords loaded.
        dwords: usize,
    },
    /// Store `dwords` dwords, or the low `bytes` bytes of one.
    Store {
        /// Bytes of a sub-dword store (4 for dword stores).
        bytes: u32,
        /// Dwords stored.
        dwords: usize,
    },
    /// An atomic read-modify-write on 32 or 64 (`wide`) bits.
    Atomic {
        /// 64-bit.
        wide: bool,
    },
}

impl VmemOp {
    /// The operation of a flat or MUBUF opcode, if it is one of the shared ones.
    pub fn from_opcode(op: u16) -> Option<VmemOp> {
        Some(match op {
            0x10 => Self::Load {
                bytes: 1,
                signed: false,
                dwords: 1,
            },
            0x11 => Self::Load {
                bytes: 1,
                signed: true,
                dwords: 1,
            },
            0x12 => Self::Load {
                bytes: 2,
                signed: false,
                dwords: 1,
            },
            0x13 => Self::Load {
                bytes: 2,
                signed: true,
                dwords: 1,
            },
            0x14..=0x17 => Self::Load {
                bytes: 4,
                signed: false,
                dwords: (op - 0x13) as usize,
            },
            0x18 => Self::Store {
                bytes: 1,
                dwords: 1,
            },
            0x1a => Self::Store {
                bytes: 2,
                dwords: 1,
            },
            0x1c..=0x1f => Self::Store {
                bytes: 4,
                dwords: (op - 0x1b) as usize,
            },
            0x40..=0x4c => Self::Atomic { wide: false },
            0x60..=0x6c => Self::Atomic { wide: true },
            _ => return None,
        })
    }

    /// Dwords per lane the access moves.
    pub fn dwords(self) -> usize {
        match self {
            Self::Load { dwords, .. } | Self::Store { dwords, .. } => dwords,
            Self::Atomic { wide } => 1 + usize::from(wide),
        }
    }

    fn access_bytes(self) -> u64 {
        match self {
            Self::Load { bytes, dwords, .. } | Self::Store { bytes, dwords } => {
                if dwords > 1 {
                    4 * dwords as u64
                } else {
                    u64::from(bytes)
                }
            }
            Self::Atomic { wide } => {
                if wide {
                    8
                } else {
                    4
                }
            }
        }
    }
}

fn lds_load(lds: &[u8], at: u64, bytes: u64) -> u32 {
    if at + bytes > lds.len() as u64 {
        return 0;
    }
    (0..bytes as usize).fold(0, |v, i| v | u32::from(lds[at as usize + i]) << (8 * i))
}

fn lds_store(lds: &mut [u8], at: u64, v: u32, bytes: u64) {
    if at + bytes > lds.len() as u64 {
        return;
    }
    for i in 0..bytes as usize {
        lds[at as usize + i] = (v >> (8 * i)) as u8;
    }
}

/// A loaded `bytes`-byte value, sign-extended when `signed`.
#[inline(always)]
fn extend(v: u32, bytes: u32, signed: bool) -> u32 {
    match (bytes, signed) {
        (1, true) => v as u8 as i8 as i32 as u32,
        (2, true) => v as u16 as i16 as i32 as u32,
        _ => v,
    }
}

/// Performs a load, or a dword store, whose active lanes all address aligned dwords (or
/// aligned bytes and shorts) of one global page, the common case: one
/// translation, and lane loops without per-lane dispatch. Returns `Ok(false)`, having
/// done nothing, when the access is not of that kind or its page is not mapped;
/// [`execute`] then performs it (and reports the fault). `addresses` holds each active
/// lane's global address. Recorded accesses are those [`execute`] records.
pub fn one_page(
    w: &mut Wavefront,
    e: &mut Env,
    op: VmemOp,
    addresses: &[u64; LANES],
    data: Operand,
    dst: Operand,
) -> Result<bool, FaultKind> {
    let (store, bytes, signed, dwords) = match op {
        VmemOp::Load {
            bytes,
            signed,
            dwords,
        } => (false, bytes, signed, dwords),
        VmemOp::Store { bytes: 4, dwords } => (true, 4, false, dwords),
        _ => return Ok(false),
    };
    let exec = w.exec();
    if exec == 0 {
        return Ok(false);
    }
    // Every lane's first and last byte in the page of the first active lane's address,
    // and every address a multiple of the access size.
    let first = addresses[exec.trailing_zeros() as usize];
    let span = 4 * dwords as u64 - 1;
    let (mut spread, mut bits) = (0u64, 0u64);
    for_active(exec, |l| {
        let a = addresses[l];
        bits |= a;
        spread |= (a ^ first) | (a.wrapping_add(span) ^ first);
    });
    let shift = e.tlb.page_shift();
    if bits & (u64::from(bytes) - 1) != 0 || spread >> shift != 0 {
        return Ok(false);
    }
    let Ok(frame) = e.tlb.page(first) else {
        return Ok(false);
    };
    let words = frame.words();
    let page_offset_mask = (1u64 << shift) - 1;
    let index = |a: u64| ((a & page_offset_mask) / 4) as usize;
    let regs = transfer_registers(w, if store { data } else { dst }, dwords)?;
    if bytes == 4 {
        e.tlb.record_lanes(exec, addresses, dwords, 4);
    } else {
        e.tlb.record_lanes(exec, addresses, bytes as usize, 1);
    }
    let value_mask = u32::MAX >> (32 - 8 * bytes);
    for (k, reg) in regs.iter_mut().enumerate() {
        let word = |l: usize| &words[index(addresses[l]) + k];
        if store {
            for_active(exec, |l| word(l).store(reg[l], Ordering::Relaxed));
        } else {
            for_active(exec, |l| {
                let v = word(l).load(Ordering::Relaxed) >> (8 * (addresses[l] % 4));
                reg[l] = extend(v & value_mask, bytes, signed);
            });
        }
    }
    Ok(true)
}

/// The `dwords` VGPRs a load writes or a store reads, starting at `op`'s.
#[inline(always)]
fn transfer_registers(
    w: &mut Wavefront,
    op: Operand,
    dwords: usize,
) -> Result<&mut [[u32; LANES]], FaultKind> {
    match op {
        Operand::Vector { count, .. } => {
            let r = vgpr(w, op, u32::from(count).max(dwords as u32))?;
            Ok(&mut w.vgprs[r..r + dwords])
        }
        _ => Err(FaultKind::Unsupported(
            "a vector operand that is not a VGPR",
        )),
    }
}

/// Performs a dword load, or a dword store, of all 64 lanes when lane `l` addresses
/// `first + l·4·dwords` of global memory (one contiguous run, the commonest access):
/// one translation per page the run touches (at most two) and slices of the pages, no
/// address per lane. Returns `Ok(false)`, having done nothing, when the access is not of
/// that kind or a page of the run is not mapped; the effects and recorded accesses are
/// those of [`one_page`] and [`execute`]. Inlined, so that it is compiled for the
/// host features of the FLAT semantics calling it.
#[inline(always)]
pub fn contiguous(
    w: &mut Wavefront,
    e: &mut Env,
    op: VmemOp,
    first: u64,
    data: Operand,
    dst: Operand,
) -> Result<bool, FaultKind> {
    let (store, dwords) = match op {
        VmemOp::Load {
            bytes: 4, dwords, ..
        } => (false, dwords),
        VmemOp::Store { bytes: 4, dwords } => (true, dwords),
        _ => return Ok(false),
    };
    if !first.is_multiple_of(4) || first.checked_add(4 * (LANES * dwords) as u64).is_none() {
        return Ok(false);
    }
    // A run of one dword per lane in one page (the commonest case): one slice.
    if dwords == 1 {
        if let Some(words) = e.tlb.in_page(first, LANES) {
            let regs = transfer_registers(w, if store { data } else { dst }, 1)?;
            if store {
                store_words(words, &regs[0]);
            } else {
                load_words(words, &mut regs[0]);
            }
            e.tlb.record_run(first, LANES);
            return Ok(true);
        }
    }
    let Some(run) = e.tlb.run(first, LANES * dwords) else {
        return Ok(false);
    };
    let regs = transfer_registers(w, if store { data } else { dst }, dwords)?;
    let (head, tail) = (run.head, run.tail);
    let split = head.len();
    if dwords == 1 {
        let (reg_head, reg_tail) = regs[0].split_at_mut(split);
        for (words, reg) in [(head, reg_head), (tail, reg_tail)] {
            if store {
                store_words(words, reg);
            } else {
                load_words(words, reg);
            }
        }
        run.record();
        return Ok(true);
    }
    for (k, reg) in regs.iter_mut().enumerate() {
        let lane_words = head.iter().chain(tail).skip(k).step_by(dwords);
        if store {
            for (word, v) in lane_words.zip(reg.iter()) {
                word.store(*v, Ordering::Relaxed);
            }
        } else {
            for (word, v) in lane_words.zip(reg.iter_mut()) {
                *v = word.load(Ordering::Relaxed);
            }
        }
    }
    run.record();
    Ok(true)
}

/// Copies `words` into `reg` (as many as the shorter holds): 32 bytes per host
/// instruction when the host has AVX2 ([`copy_dwords_avx2`]), else eight words at a
/// time by relaxed atomic loads (which are not vectorised; in groups of eight the loop's
/// own count and test come once per group instead of once per word).
#[inline(always)]
fn load_words(words: &[AtomicU32], reg: &mut [u32]) {
    let n = words.len().min(reg.len());
    let (words, reg) = (&words[..n], &mut reg[..n]);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        let whole = n - n % 8;
        // SAFETY: the host has AVX2; `words` and `reg` hold `whole` dwords each and do
        // not overlap (one is a frame of GPU memory, the other a register).
        unsafe { copy_dwords_avx2(words.as_ptr().cast(), reg.as_mut_ptr(), whole) };
        for (word, v) in words[whole..].iter().zip(&mut reg[whole..]) {
            *v = word.load(Ordering::Relaxed);
        }
        return;
    }
    let (mut from, mut to) = (words.chunks_exact(8), reg.chunks_exact_mut(8));
    for (from, to) in (&mut from).zip(&mut to) {
        for (word, v) in from.iter().zip(to.iter_mut()) {
            *v = word.load(Ordering::Relaxed);
        }
    }
    for (word, v) in from.remainder().iter().zip(to.into_remainder()) {
        *v = word.load(Ordering::Relaxed);
    }
}

/// Copies `reg` into `words` (as many as the shorter holds), as [`load_words`] does the
/// other way.
#[inline(always)]
fn store_words(words: &[AtomicU32], reg: &[u32]) {
    let n = words.len().min(reg.len());
    let (words, reg) = (&words[..n], &reg[..n]);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        let whole = n - n % 8;
        // SAFETY: the host has AVX2; `reg` and `words` hold `whole` dwords each and do
        // not overlap (one is a register, the other a frame of GPU memory). Writing
        // through the shared slice is allowed: its words are atomics (`UnsafeCell`s).
        unsafe { copy_dwords_avx2(reg.as_ptr(), words.as_ptr() as *mut u32, whole) };
        for (word, v) in words[whole..].iter().zip(&reg[whole..]) {
            word.store(*v, Ordering::Relaxed);
        }
        return;
    }
    let (mut to, mut from) = (words.chunks_exact(8), reg.chunks_exact(8));
    for (to, from) in (&mut to).zip(&mut from) {
        for (word, v) in to.iter().zip(from) {
            word.store(*v, Ordering::Relaxed);
        }
    }
    for (word, v) in to.remainder().iter().zip(from.remainder()) {
        word.store(*v, Ordering::Relaxed);
    }
}

/// Copies `count` dwords (a multiple of 8) from `from` to `to`, 32 bytes per move.
///
/// The moves are inline assembly, opaque to the compiler: to Rust they are reads of
/// `from` and writes of `to` that may be atomic, so other host threads accessing the
/// same words of GPU memory at the same time (with atomics) is not a data race in Rust's
/// sense. Each dword is read and written once; x86 hosts do not tear a naturally aligned
/// dword inside a vector move in practice (not guaranteed by the architecture), and
/// OpenCL leaves two work-items' plain accesses to one location at once undefined.
///
/// # Safety
/// The host has AVX2; `from` is valid for reads and `to` for writes of `count` dwords,
/// and the two do not overlap.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn copy_dwords_avx2(from: *const u32, to: *mut u32, count: usize) {
    let mut k = 0;
    while k < count {
        // SAFETY: `k + 8 <= count` dwords: within both ranges (see the function's).
        unsafe {
            std::arch::asm!(
                "vmovdqu {t}, ymmword ptr [{from}]",
                "vmovdqu ymmword ptr [{to}], {t}",
                from = in(reg) from.add(k),
                to = in(reg) to.add(k),
                t = out(ymm_reg) _,
                options(nostack, preserves_flags),
            );
        }
        k += 8;
    }
}

/// Performs `op` for every active lane at `targets`, with data from the VGPRs of `data`
/// and results into `dst` (when it names registers).
///
/// Whole aligned dwords of global memory are moved through a [`PageCursor`], which
/// translates once per page the lanes touch; other accesses go through the TLB dword by
/// dword (or byte by byte).
pub fn execute(
    w: &mut Wavefront,
    e: &mut Env,
    s: &Step,
    op: VmemOp,
    targets: &[Target; LANES],
    data: Operand,
    dst: Operand,
) -> Result<(), FaultKind> {
    let exec = w.exec();
    let size = op.access_bytes();
    // Check every global address first, so that a fault leaves memory untouched.
    let mut cursor = PageCursor::default();
    if !matches!(op, VmemOp::Load { .. }) {
        let store = matches!(op, VmemOp::Store { .. });
        for l in active(exec) {
            match targets[l] {
                Target::Global(a) if store => cursor.check(&mut e.tlb, a, size)?,
                Target::Global(a) => e.tlb.check(a, size)?,
                Target::Strided(a, _) => e.tlb.check(a, size.min(4))?,
                _ => {}
            }
        }
    }
    let data_count = match data {
        Operand::Vector { count, .. } => count as usize,
        _ => 0,
    };
    let data_reg = if data_count > 0 {
        vgpr(w, data, data_count as u32)?
    } else {
        0
    };
    let datum = |w: &Wavefront, k: usize, l: usize| -> u32 {
        if k < data_count {
            w.vgprs[data_reg + k][l]
        } else {
            0
        }
    };
    // The destination's first VGPR, checked to hold what the operation returns.
    let returned = match op {
        VmemOp::Load { dwords, .. } => dwords,
        VmemOp::Atomic { wide } => 1 + usize::from(wide),
        VmemOp::Store { .. } => 0,
    };
    let dst_reg = match dst {
        Operand::Vector { count, .. } if returned > 0 => {
            Some(vgpr(w, dst, (count as usize).max(returned) as u32)?)
        }
        _ => None,
    };
    let page_offset_mask = (1u64 << e.tlb.page_shift()) - 1;
    match op {
        VmemOp::Load {
            bytes,
            signed,
            dwords,
        } => {
            // When the accesses are recorded, each is recorded as the TLB's loads would:
            // every dword, or every byte of a narrower load, in order; a fault after its
            // first address.
            for l in active(exec) {
                let mut values = [0u32; 4];
                let mut fast = false;
                if let Target::Global(a) = targets[l] {
                    let words = match cursor.words(&mut e.tlb, a) {
                        Ok(words) => words,
                        Err(fault) => {
                            e.tlb.record(a);
                            return Err(fault);
                        }
                    };
                    let first = ((a & page_offset_mask) / 4) as usize;
                    if bytes == 4 && a.is_multiple_of(4) {
                        // Whole aligned dwords inside the page.
                        if let Some(ws) = words.get(first..first + dwords) {
                            for (k, (v, word)) in values.iter_mut().zip(ws).enumerate() {
                                e.tlb.record(a + 4 * k as u64);
                                *v = word.load(Ordering::Relaxed);
                            }
                            fast = true;
                        }
                    } else if bytes < 4 && a % 4 + u64::from(bytes) <= 4 {
                        // A byte or short inside one dword.
                        for i in 0..u64::from(bytes) {
                            e.tlb.record(a + i);
                        }
                        let v = words[first].load(Ordering::Relaxed) >> (8 * (a % 4));
                        values[0] = extend(v & (u32::MAX >> (32 - 8 * bytes)), bytes, signed);
                        fast = true;
                    }
                }
                if !fast {
                    for (k, v) in values.iter_mut().enumerate().take(dwords) {
                        let b = u64::from(bytes);
                        let loaded = match targets[l] {
                            Target::Global(a) => e.tlb.load(a.wrapping_add(4 * k as u64), bytes)?,
                            Target::Strided(a, step) => {
                                e.tlb.load(a.wrapping_add(step * k as u64), bytes)?
                            }
                            Target::Lds(a) => lds_load(e.lds, a + 4 * k as u64, b),
                            Target::Dropped => 0,
                        };
                        *v = extend(loaded, bytes, signed);
                    }
                }
                if let Some(r) = dst_reg {
                    for (k, &v) in values.iter().enumerate().take(dwords) {
                        w.vgprs[r + k][l] = v;
                    }
                }
            }
        }
        VmemOp::Store { bytes, dwords } => {
            for l in active(exec) {
                if let Target::Global(a) = targets[l] {
                    if bytes == 4 && a.is_multiple_of(4) {
                        let first = ((a & page_offset_mask) / 4) as usize;
                        let words = cursor.words(&mut e.tlb, a)?;
                        if let Some(ws) = words.get(first..first + dwords) {
                            // Whole aligned dwords inside the page, recorded as the TLB's
                            // stores would record them.
                            for (k, word) in ws.iter().enumerate() {
                                e.tlb.record(a + 4 * k as u64);
                                word.store(datum(w, k, l), Ordering::Relaxed);
                            }
                            continue;
                        }
                    }
                }
                for k in 0..dwords {
                    let v = datum(w, k, l);
                    match targets[l] {
                        Target::Global(a) => e.tlb.store(a.wrapping_add(4 * k as u64), v, bytes)?,
                        Target::Strided(a, step) => {
                            e.tlb.store(a.wrapping_add(step * k as u64), v, bytes)?
                        }
                        Target::Lds(a) => lds_store(e.lds, a + 4 * k as u64, v, u64::from(bytes)),
                        Target::Dropped => {}
                    }
                }
            }
        }
        VmemOp::Atomic { wide } => {
            let rmw = s.atomic.ok_or(FaultKind::Unimplemented)?;
            let cmpswap = rmw == AtomicOp::CmpSwap;
            let mut out = [[0u32; LANES]; 2];
            for l in active(exec) {
                if wide {
                    let pair =
                        |k: usize| u64::from(datum(w, k, l)) | u64::from(datum(w, k + 1, l)) << 32;
                    let (d, c) = (pair(0), if cmpswap { pair(2) } else { 0 });
                    let old = match targets[l] {
                        Target::Global(a) | Target::Strided(a, _) => {
                            e.tlb.atomic64(a, rmw, d, c)?
                        }
                        Target::Lds(a) => {
                            let old = u64::from(lds_load(e.lds, a, 4))
                                | u64::from(lds_load(e.lds, a + 4, 4)) << 32;
                            let new = rmw.apply64(old, d, c);
                            lds_store(e.lds, a, new as u32, 4);
                            lds_store(e.lds, a + 4, (new >> 32) as u32, 4);
                            old
                        }
                        Target::Dropped => 0,
                    };
                    out[0][l] = old as u32;
                    out[1][l] = (old >> 32) as u32;
                } else {
                    let (d, c) = (datum(w, 0, l), if cmpswap { datum(w, 1, l) } else { 0 });
                    out[0][l] = match targets[l] {
                        Target::Global(a) | Target::Strided(a, _) => {
                            e.tlb.atomic32(a, rmw, d, c)?
                        }
                        Target::Lds(a) => {
                            let old = lds_load(e.lds, a, 4);
                            lds_store(e.lds, a, rmw.apply32(old, d, c), 4);
                            old
                        }
                        Target::Dropped => 0,
                    };
                }
            }
            if let Some(r) = dst_reg {
                for (k, o) in out.iter().enumerate().take(returned) {
                    write_active(&mut w.vgprs[r + k], o, exec);
                }
            }
        }
    }
    Ok(())
}
