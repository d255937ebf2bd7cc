//! Local data share (DS) instructions on the work-group's LDS: reads and writes of 1–16
//! bytes, two-address forms, atomics with and without return, and the lane shuffles that
//! use the LDS crossbar without touching memory (`ds_swizzle`, `ds_permute`, `ds_bpermute`).
//!
//! Addresses are byte offsets into the work-group's LDS; an access whose bytes are not all
//! below the allocation (and below M0, the LDS limit clang sets to -1) reads 0 or is
//! dropped, as the hardware's range check does, dword by dword.

use super::atomic::AtomicOp;
use super::fault::FaultKind;
use super::operands::{active, vgpr, write_active};
use super::program::{Env, Step};
use super::wavefront::{Wavefront, LANES};
use crate::isa::Extra;

/// The LDS bytes one wavefront can reach: the allocation, limited by M0.
struct Lds<'a> {
    bytes: &'a mut [u8],
    limit: u64,
}

impl Lds<'_> {
    fn in_range(&self, addr: u64, bytes: u64) -> bool {
        addr + bytes <= self.limit
    }

    fn load(&self, addr: u64, bytes: u64) -> u32 {
        if !self.in_range(addr, bytes) {
            return 0;
        }
        let a = addr as usize;
        let mut word = [0u8; 4];
        match bytes {
            4 => word.copy_from_slice(&self.bytes[a..a + 4]),
            2 => word[..2].copy_from_slice(&self.bytes[a..a + 2]),
            _ => word[0] = self.bytes[a],
        }
        u32::from_le_bytes(word)
    }

    fn store(&mut self, addr: u64, value: u32, bytes: u64) {
        if !self.in_range(addr, bytes) {
            return;
        }
        let a = addr as usize;
        let word = value.to_le_bytes();
        match bytes {
            4 => self.bytes[a..a + 4].copy_from_slice(&word),
            2 => self.bytes[a..a + 2].copy_from_slice(&word[..2]),
            _ => self.bytes[a] = word[0],
        }
    }

    fn load64(&self, addr: u64) -> u64 {
        u64::from(self.load(addr, 4)) | u64::from(self.load(addr + 4, 4)) << 32
    }

    fn store64(&mut self, addr: u64, v: u64) {
        self.store(addr, v as u32, 4);
        self.store(addr + 4, (v >> 32) as u32, 4);
    }
}

/// The `count` data registers of operand `op`, borrowed: `data[k][lane]`.
fn gather(
    w: &Wavefront,
    op: crate::isa::Operand,
    count: usize,
) -> Result<&[[u32; LANES]], FaultKind> {
    if count == 0 {
        return Ok(&[]);
    }
    let r = vgpr(w, op, count as u32)?;
    Ok(&w.vgprs[r..r + count])
}

/// Dword `k` of lane `l` of gathered data (0 beyond the registers the opcode names).
#[inline]
fn dword(data: &[[u32; LANES]], k: usize, l: usize) -> u32 {
    data.get(k).map_or(0, |r| r[l])
}

/// Where each dword that a plain dword read (`ds_read_b32`…`_b128`, `ds_read2*_b32`,
/// `ds_read2*_b64`) returns comes from, in destination order: a lane's address plus the
/// first number (wrapping at 32 bits, as LDS addresses do) plus the second (not
/// wrapping: beyond 4 GiB is out of range). None for other opcodes.
fn dword_sources(op: u16, offset: u32, offset0: u8, offset1: u8) -> Option<[(u32, u64); 4]> {
    Some(match op {
        0x36 | 0x76 | 0xfe | 0xff => [0, 1, 2, 3].map(|k| (offset, 4 * k)),
        0x37 | 0x38 | 0x77 | 0x78 => {
            let size: u32 = if op >= 0x77 { 8 } else { 4 };
            let scale = if op == 0x38 || op == 0x78 {
                64 * size
            } else {
                size
            };
            let (a, b) = (u32::from(offset0) * scale, u32::from(offset1) * scale);
            if size == 4 {
                [(a, 0), (b, 0), (0, 0), (0, 0)]
            } else {
                [(a, 0), (a, 4), (b, 0), (b, 4)]
            }
        }
        _ => return None,
    })
}

/// Lanes in a group whose addresses [`read_dwords`] checks for a common pattern: a
/// quarter wavefront, as a 16-wide work-group row lies in one.
const GROUP: usize = 16;

/// The dword at `lds[address + wrap (32-bit wrapping) + plus]` of each lane active in
/// `exec`, into `reg` (0 where the dword is not all in `lds`). A group of lanes that
/// reads consecutive dwords, or one dword, in range is copied at once (tiled kernels'
/// rows and broadcasts); the others lane by lane.
fn read_dwords(
    lds: &[u8],
    addrs: &[u32; LANES],
    (wrap, plus): (u32, u64),
    exec: u64,
    reg: &mut [u32; LANES],
) {
    let dword = |at: usize| {
        lds.get(at..at + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    for (g, (addrs, reg)) in addrs
        .chunks_exact(GROUP)
        .zip(reg.chunks_exact_mut(GROUP))
        .enumerate()
    {
        let lanes = (exec >> (g * GROUP)) & 0xffff;
        if lanes == 0 {
            continue;
        }
        let first = addrs[0].wrapping_add(wrap);
        if lanes == 0xffff && first <= u32::MAX - 4 * GROUP as u32 {
            let start = (u64::from(first) + plus) as usize;
            // Each lane's distance from the first, folded without branches (so that it
            // vectorises): a run when the distances are 0, 4, 8, ..., one dword when all 0.
            let (mut off_run, mut off_one) = (0u32, 0u32);
            for (i, &a) in addrs.iter().enumerate() {
                let distance = a.wrapping_sub(addrs[0]);
                off_run |= distance ^ (4 * i as u32);
                off_one |= distance;
            }
            if off_run == 0 {
                if let Some(bytes) = lds
                    .get(start..start + 4 * GROUP)
                    .and_then(|b| <&[u8; 4 * GROUP]>::try_from(b).ok())
                {
                    for (i, r) in reg.iter_mut().enumerate() {
                        let b = &bytes[4 * i..4 * i + 4];
                        *r = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                    }
                    continue;
                }
            }
            if off_one == 0 {
                reg.fill(dword(start));
                continue;
            }
        }
        for l in active(lanes) {
            reg[l] = dword((u64::from(addrs[l].wrapping_add(wrap)) + plus) as usize);
        }
    }
}

/// DS semantics.
pub fn ds(w: &mut Wavefront, e: &mut Env, s: &Step) -> Result<(), FaultKind> {
    let inst = &s.inst;
    let info = inst.info;
    let op = info.opcode;
    let Extra::Ds {
        offset0,
        offset1,
        gds,
    } = inst.extra
    else {
        return Err(FaultKind::Unimplemented);
    };
    if gds {
        return Err(FaultKind::Unsupported("GDS access"));
    }
    let offset = u64::from(offset1) << 8 | u64::from(offset0);
    let exec = w.exec();
    if (0x3d..=0x3f).contains(&op) {
        return shuffle(w, s, op, offset, exec);
    }
    let [dst_n, _, d0_n, d1_n] = info.widths.map(usize::from);
    let addr_reg = vgpr(w, inst.src[0], 1)?;
    let limit = (e.lds.len() as u64).min(u64::from(w.m0()));
    if let Some(sources) = dword_sources(op, offset as u32, offset0, offset1) {
        // Plain dword reads, straight into the destination registers (the addresses are
        // copied first: the destination may be the address register).
        let addrs = w.vgprs[addr_reg];
        let r = vgpr(w, inst.dst, dst_n as u32)?;
        // The reachable bytes: a dword out of them reads 0.
        let lds = &e.lds[..limit as usize];
        for (reg, (wrap, plus)) in w.vgprs[r..r + dst_n].iter_mut().zip(sources) {
            read_dwords(lds, &addrs, (wrap, plus), exec, reg);
        }
        return Ok(());
    }
    let addrs = &w.vgprs[addr_reg];
    let d0 = gather(w, inst.src[1], d0_n)?;
    let d1 = gather(w, inst.src[2], d1_n)?;
    let mut lds = Lds {
        bytes: e.lds,
        limit,
    };
    let mut out = [[0u32; LANES]; 4];
    // LDS addresses are 32-bit: a negative VGPR address plus the offset wraps.
    let addr = |l: usize| u64::from(addrs[l].wrapping_add(offset as u32));
    // The two addresses of the two-address forms.
    let at2 =
        |l: usize, off: u8, scale: u32| u64::from(addrs[l].wrapping_add(u32::from(off) * scale));
    // The opcode is matched once per instruction, each arm looping over the lanes.
    let lanes = active(exec);
    match op {
        // Plain writes.
        0x0d => lanes.for_each(|l| lds.store(addr(l), dword(d0, 0, l), 4)),
        0x1e => lanes.for_each(|l| lds.store(addr(l), dword(d0, 0, l), 1)),
        0x1f => lanes.for_each(|l| lds.store(addr(l), dword(d0, 0, l), 2)),
        0x4d | 0xde | 0xdf => {
            for l in lanes {
                for (k, d) in d0.iter().enumerate().take(d0_n) {
                    lds.store(addr(l) + 4 * k as u64, d[l], 4);
                }
            }
        }
        0x0e | 0x0f | 0x4e | 0x4f => {
            let size: u32 = if op >= 0x4e { 8 } else { 4 };
            let scale = if op & 1 == 1 { 64 * size } else { size };
            for l in lanes {
                for (k, off) in [offset0, offset1].into_iter().enumerate() {
                    let at = at2(l, off, scale);
                    let data = if k == 0 { d0 } else { d1 };
                    for j in 0..(size / 4) as usize {
                        lds.store(at + 4 * j as u64, dword(data, j, l), 4);
                    }
                }
            }
        }
        // Reads.
        0x39 => lanes.for_each(|l| out[0][l] = lds.load(addr(l), 1) as u8 as i8 as i32 as u32),
        0x3a => lanes.for_each(|l| out[0][l] = lds.load(addr(l), 1)),
        0x3b => lanes.for_each(|l| out[0][l] = lds.load(addr(l), 2) as u16 as i16 as i32 as u32),
        0x3c => lanes.for_each(|l| out[0][l] = lds.load(addr(l), 2)),
        // Exchange of two locations with return.
        0x2e | 0x2f | 0x6e | 0x6f => {
            let size: u32 = if op >= 0x6e { 8 } else { 4 };
            let scale = if op & 1 == 1 { 64 * size } else { size };
            let per = (size / 4) as usize;
            for l in lanes {
                for (k, off) in [offset0, offset1].into_iter().enumerate() {
                    let at = at2(l, off, scale);
                    let data = if k == 0 { d0 } else { d1 };
                    for j in 0..per {
                        out[k * per + j][l] = lds.load(at + 4 * j as u64, 4);
                        lds.store(at + 4 * j as u64, dword(data, j, l), 4);
                    }
                }
            }
        }
        // Atomics.
        0x00..=0x13 | 0x15 | 0x20..=0x33 | 0x35 | 0x40..=0x53 | 0x60..=0x73 => {
            let rmw = s.atomic.ok_or(FaultKind::Unimplemented)?;
            let two = matches!(rmw, AtomicOp::CmpSwap | AtomicOp::MaskOr);
            for l in lanes {
                let a = addr(l);
                if d0_n == 2 || dst_n == 2 {
                    let data0 = u64::from(dword(d0, 0, l)) | u64::from(dword(d0, 1, l)) << 32;
                    let data1 = u64::from(dword(d1, 0, l)) | u64::from(dword(d1, 1, l)) << 32;
                    let (data, cmp) = if two { (data1, data0) } else { (data0, 0) };
                    if !lds.in_range(a, 8) {
                        continue;
                    }
                    let old = lds.load64(a);
                    lds.store64(a, rmw.apply64(old, data, cmp));
                    out[0][l] = old as u32;
                    out[1][l] = (old >> 32) as u32;
                } else {
                    let (data, cmp) = if two {
                        (dword(d1, 0, l), dword(d0, 0, l))
                    } else {
                        (dword(d0, 0, l), 0)
                    };
                    if !lds.in_range(a, 4) {
                        continue;
                    }
                    let old = lds.load(a, 4);
                    lds.store(a, rmw.apply32(old, data, cmp), 4);
                    out[0][l] = old;
                }
            }
        }
        _ => return Err(FaultKind::Unimplemented),
    }
    if dst_n > 0 {
        let r = vgpr(w, inst.dst, dst_n as u32)?;
        for (k, o) in out.iter().enumerate().take(dst_n) {
            write_active(&mut w.vgprs[r + k], o, exec);
        }
    }
    Ok(())
}

/// `ds_swizzle_b32`, `ds_permute_b32` and `ds_bpermute_b32`.
fn shuffle(w: &mut Wavefront, s: &Step, op: u16, offset: u64, exec: u64) -> Result<(), FaultKind> {
    let inst = &s.inst;
    let src = vgpr(w, inst.src[if op == 0x3d { 0 } else { 1 }], 1)?;
    let data = w.vgprs[src];
    let mut out = [0u32; LANES];
    match op {
        0x3d => {
            let pattern = offset as usize;
            for l in active(exec) {
                let from = if pattern & 0x8000 != 0 {
                    (l & !3) + ((pattern >> (2 * (l & 3))) & 3)
                } else {
                    let (and, or, xor) = (
                        pattern & 0x1f,
                        (pattern >> 5) & 0x1f,
                        (pattern >> 10) & 0x1f,
                    );
                    (l & 32) | (((l & 31 & and) | or) ^ xor)
                };
                out[l] = if exec >> from & 1 == 1 { data[from] } else { 0 };
            }
        }
        _ => {
            let addr = vgpr(w, inst.src[0], 1)?;
            let addrs = w.vgprs[addr];
            for l in active(exec) {
                let other = ((u64::from(addrs[l]) + offset) / 4 % 64) as usize;
                if op == 0x3e {
                    out[other] = data[l];
                } else {
                    out[l] = data[other];
                }
            }
        }
    }
    let r = vgpr(w, inst.dst, 1)?;
    for l in active(exec) {
        w.vgprs[r][l] = out[l];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dwords lane by lane, as the general path reads them.
    fn lane_by_lane(
        lds: &[u8],
        addrs: &[u32; LANES],
        (wrap, plus): (u32, u64),
        exec: u64,
        reg: &mut [u32; LANES],
    ) {
        for l in active(exec) {
            let at = (u64::from(addrs[l].wrapping_add(wrap)) + plus) as usize;
            reg[l] = lds
                .get(at..at + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        }
    }

    #[test]
    fn grouped_reads_match_lane_by_lane_reads() {
        let lds: Vec<u8> = (0..1024u32).map(|i| (i * 7 + 3) as u8).collect();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for case in 0..2000 {
            // Runs, broadcasts, runs that leave the LDS or wrap at 4 GiB, and scattered
            // addresses, per quarter wavefront; full and partial EXEC masks.
            let mut addrs = [0u32; LANES];
            for group in addrs.chunks_exact_mut(GROUP) {
                let base = match next() % 4 {
                    0 => (next() % 1100) as u32,
                    1 => u32::MAX - (next() % 80) as u32,
                    _ => (next() % 1000) as u32 & !3,
                };
                let kind = next() % 3;
                for (i, a) in group.iter_mut().enumerate() {
                    *a = match kind {
                        0 => base.wrapping_add(4 * i as u32),
                        1 => base,
                        _ => (next() % 1100) as u32,
                    };
                }
            }
            let exec = if case % 2 == 0 { u64::MAX } else { next() };
            let wrap = [0, 4, 64, u32::MAX - 3][case % 4];
            let plus = [0, 4, 8, 12][(case / 4) % 4];
            let (mut fast, mut slow) = ([0x5a5a_5a5a; LANES], [0x5a5a_5a5a; LANES]);
            read_dwords(&lds, &addrs, (wrap, plus), exec, &mut fast);
            lane_by_lane(&lds, &addrs, (wrap, plus), exec, &mut slow);
            assert_eq!(
                fast, slow,
                "case {case}: addresses {addrs:?}, exec {exec:#x}"
            );
        }
    }
}
