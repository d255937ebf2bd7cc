//! A `v_add_u32` and the `v_addc_u32` right after it — the two halves of a 64-bit sum,
//! how every kernel adds an offset to a pointer — executed in one pass over the lanes
//! when every lane is active (the common case), with the results of executing them one
//! after the other.
//!
//! One after the other, the first gathers its 64 carry bits into the carry pair (VCC) and
//! the second reads them back and spreads them over its lanes, besides each being fetched,
//! dispatched and reading its operands: vector add spends about a quarter of its host
//! instructions in four such pairs. In one pass each group of eight lanes is summed low
//! half, then high half, the low half's carries kept in a vector register; only the high
//! half's carries are gathered, into the carry pair, which the second instruction
//! overwrites anyway.
//!
//! Lane `l` of every result depends only on lane `l` of the sources, so the pass goes
//! group by group, each group's low half written before the high half's sources are
//! read: a source of the second instruction that is the first's destination reads the
//! new value, as it would one instruction later. The pair is fused only when the second
//! instruction's other sources do not read the carry pair (the only scalar the first
//! writes) and the carry pair is not EXEC.

use super::fault::FaultKind;
use super::program::{Env, Semantic, Step};
use super::vector_int::{add_lanes, is_plain, source_lanes, Lanes};
use super::wavefront::{Wavefront, LANES};
use crate::isa::{table::flag, Instruction, Operand};

/// The first SGPR of EXEC.
const EXEC_LO: u8 = 126;

/// The semantics of `first` that also executes `second`, the instruction after it, where
/// it can ([`Step::fused_with`]), if they are a `v_add_u32` and a `v_addc_u32` (plain
/// forms) whose carry goes from the first to the second through one SGPR pair that the
/// second also writes, and the host has AVX2.
pub(super) fn fused(first: &Instruction, second: &Instruction) -> Option<Semantic> {
    if first.info.mnemonic != "v_add_u32"
        || second.info.mnemonic != "v_addc_u32"
        || first.info.category != second.info.category
        || !is_plain(first)
        || !is_plain(second)
    {
        return None;
    }
    let Operand::Scalar { code, count: 2 } = first.sdst else {
        return None;
    };
    let carry_in = if second.info.flags & flag::VCC_IN != 0 {
        second.src[2]
    } else {
        first.sdst
    };
    let pair = u16::from(code)..u16::from(code) + 2;
    let reads_pair = |op: &Operand| match *op {
        Operand::Scalar { code: c, count } => {
            let c = u16::from(c);
            c < pair.end && pair.start < c + u16::from(count.max(1))
        }
        _ => false,
    };
    let vgpr_destinations =
        matches!(first.dst, Operand::Vector { .. }) && matches!(second.dst, Operand::Vector { .. });
    if carry_in != first.sdst
        || second.sdst != first.sdst
        || pair.end > u16::from(EXEC_LO)
        || second.src[..2].iter().any(reads_pair)
        || !vgpr_destinations
    {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // The form for where the first source of each lives (a VGPR, or one value for
        // every lane, broadcast in a register rather than written into 64 lanes).
        let vgpr = |op: &Operand| matches!(op, Operand::Vector { .. });
        let form: unsafe fn(&mut Wavefront, &mut Env, &Step) -> Result<(), FaultKind> =
            match (vgpr(&first.src[0]), vgpr(&second.src[0])) {
                (true, true) => sum_or_add_avx2::<false, false>,
                (true, false) => sum_or_add_avx2::<false, true>,
                (false, true) => sum_or_add_avx2::<true, false>,
                (false, false) => sum_or_add_avx2::<true, true>,
            };
        // SAFETY: the host has AVX2, all `sum_or_add_avx2` was compiled for.
        return Some(unsafe { Semantic::for_host(form) });
    }
    None
}

/// The semantics of `s`, a `v_add_u32` fused with the `v_addc_u32` after it: both in
/// one pass ([`wide_sum_avx2`]) when the instruction loop has room for two
/// ([`Wavefront::run_end`]), counting the second executed (`executed`, `fused_seconds`)
/// and moving on past it; otherwise `s` alone, as [`super::vector_int`] does.
///
/// # Safety
/// The host has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn sum_or_add_avx2<const X_SAME: bool, const Y_SAME: bool>(
    w: &mut Wavefront,
    e: &mut Env,
    s: &Step,
) -> Result<(), FaultKind> {
    if let Some(second) = s.fused_with() {
        // SAFETY: the host has AVX2.
        if w.executed + 2 <= w.run_end && unsafe { wide_sum_avx2::<X_SAME, Y_SAME>(w, s, second) } {
            w.next_pc = second.pc + u64::from(second.inst.size);
            w.executed += 1;
            w.fused_seconds += 1;
            return Ok(());
        }
    }
    add_lanes(w, e, s)
}

/// Executes `first` and `second` (a pair [`fused`] accepted) on `w` in one pass, if every
/// lane is active and every register they name exists; `false` (nothing changed)
/// otherwise, for them to execute one at a time. `X_SAME` and `Y_SAME`: the first source
/// of `first`, of `second`, is one value for every lane (not a VGPR).
///
/// # Safety
/// The host has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn wide_sum_avx2<const X_SAME: bool, const Y_SAME: bool>(
    w: &mut Wavefront,
    first: &Step,
    second: &Step,
) -> bool {
    use std::mem::MaybeUninit;
    let (Operand::Vector { index: low, .. }, Operand::Vector { index: high, .. }) =
        (first.inst.dst, second.inst.dst)
    else {
        return false;
    };
    let registers = w.vgprs.len();
    if w.exec() != u64::MAX || usize::from(low) >= registers || usize::from(high) >= registers {
        return false;
    }
    // The second's scalar sources do not read the carry pair, the only scalar the first
    // writes: read now, they are what they would be one instruction later.
    let sources = [
        source_lanes(w, first, 0),
        source_lanes(w, first, 1),
        source_lanes(w, second, 0),
        source_lanes(w, second, 1),
    ];
    let [Ok(x), Ok(a), Ok(y), Ok(z)] = sources else {
        return false;
    };
    let mut splats = [MaybeUninit::<[u32; LANES]>::uninit(); 2];
    // Every pointer to a VGPR comes from this one, so writes through one may alias the
    // others' reads.
    let regs = w.vgprs.as_mut_ptr();
    let [sa, sz] = &mut splats;
    let place = |lanes: Lanes, splat: &mut MaybeUninit<[u32; LANES]>| match lanes {
        // SAFETY: `r` was checked to be one of `w`'s VGPRs (by `source_lanes`).
        Lanes::Vgpr(r) => unsafe { regs.add(r) }.cast::<u32>().cast_const(),
        Lanes::Same(v) => splat.write([v; LANES]).as_ptr(),
    };
    // The first sources: a VGPR, or the value of every lane, as the form says.
    let first_source = |lanes: Lanes, same: bool| match (lanes, same) {
        // SAFETY: `r` was checked to be one of `w`'s VGPRs (by `source_lanes`).
        (Lanes::Vgpr(r), false) => Some(Source {
            lanes: unsafe { regs.add(r) }.cast::<u32>().cast_const(),
            value: 0,
        }),
        (Lanes::Same(v), true) => Some(Source {
            lanes: std::ptr::null(),
            value: v,
        }),
        _ => None,
    };
    let (Some(x), Some(y)) = (first_source(x, X_SAME), first_source(y, Y_SAME)) else {
        return false;
    };
    let (a, z) = (place(a, sa), place(z, sz));
    // SAFETY: `low` and `high` were checked to be VGPRs of `w`; the sources are 64 lanes
    // each (VGPRs of `w` or the splats) where the form reads lanes; the host has AVX2.
    let carries = unsafe {
        sum64_into_avx2::<X_SAME, Y_SAME>(
            [x, y],
            [a, z],
            regs.add(usize::from(low)).cast(),
            regs.add(usize::from(high)).cast(),
        )
    };
    // Every lane is active: the carries of all lanes.
    super::operands::write_scalar(w, second.inst.sdst, carries);
    true
}

/// A first source of [`sum64_into_avx2`]: 64 lanes at `lanes`, or `value` in every lane,
/// as its form says.
#[derive(Clone, Copy)]
struct Source {
    lanes: *const u32,
    value: u32,
}

/// `low = x + a` and `high = y + z + carry(x + a)` per lane, eight lanes at a time (`x`
/// the value of every lane when `X_SAME`, `y` when `Y_SAME`); returns the carry-out bits
/// of `high`. Group `i` of `low` is written after group `i` of `x` and `a` is read and
/// before group `i` of `y` and `z` is, and group `i` of `high` after all four: so `low`
/// and `high` may be any of the sources, or each other (`high` wins).
///
/// # Safety
/// The sources read as lanes are 64 readable lanes, `low` and `high` 64 writable ones,
/// all pointers into one allocation or distinct ones; the host has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn sum64_into_avx2<const X_SAME: bool, const Y_SAME: bool>(
    [x, y]: [Source; 2],
    [a, z]: [*const u32; 2],
    low: *mut u32,
    high: *mut u32,
) -> u64 {
    use super::operands::lane_bits_avx2;
    use std::arch::x86_64::*;
    // SAFETY (loads and stores): group `i` is eight u32s of each, the 32 bytes an
    // unaligned load or store of a 256-bit vector touches.
    let load = |p: *const u32, i: usize| unsafe { _mm256_loadu_si256(p.add(8 * i).cast()) };
    let first = |s: Source, same: bool, i: usize| {
        if same {
            _mm256_set1_epi32(s.value as i32)
        } else {
            load(s.lanes, i)
        }
    };
    let one = _mm256_set1_epi32(1);
    let mut carries = 0u64;
    // Half `h` of the lanes, so that only four groups' results are live at once; group
    // `i` of all.
    for h in 0..2 {
        let mut kept = [_mm256_setzero_si256(); 4];
        for (g, kept) in kept.iter_mut().enumerate() {
            let i = 4 * h + g;
            let (xv, av) = (first(x, X_SAME, i), load(a, i));
            let sum = _mm256_add_epi32(xv, av);
            // -1 where the low half does not carry (sum >= x, unsigned), else 0: the
            // carry is this plus one.
            let no_carry = _mm256_cmpeq_epi32(_mm256_max_epu32(sum, xv), sum);
            unsafe { _mm256_storeu_si256(low.add(8 * i).cast(), sum) };
            let (yv, zv) = (first(y, Y_SAME, i), load(z, i));
            let partial = _mm256_add_epi32(yv, zv);
            let total = _mm256_add_epi32(partial, _mm256_add_epi32(no_carry, one));
            // No carry out of a lane: partial >= y and total >= partial (unsigned).
            *kept = _mm256_and_si256(
                _mm256_cmpeq_epi32(_mm256_max_epu32(partial, yv), partial),
                _mm256_cmpeq_epi32(_mm256_max_epu32(total, partial), total),
            );
            unsafe { _mm256_storeu_si256(high.add(8 * i).cast(), total) };
        }
        carries |= u64::from(!lane_bits_avx2(kept)) << (32 * h);
    }
    carries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::memory::{Tlb, TlbEntries};
    use crate::emu::program::{Env, Program};
    use crate::emu::vector::fast_form_tests::{carry_wavefront, xorshift};
    use crate::emu::vector::valu;

    /// Pairs (their words) that are fused: the forms vector add's kernel has, sources
    /// and destinations that are each other, constants, a literal, VOP3 forms.
    const FUSED: [&[u32]; 10] = [
        // v_add_u32_e32 v2, vcc, s2, v0; v_addc_u32_e32 v3, vcc, v3, v1, vcc
        &[0x3204_0002, 0x3806_0303],
        // v_add_u32_e32 v0, vcc, s2, v0; v_addc_u32_e32 v1, vcc, 0, v1, vcc
        &[0x3200_0002, 0x3802_0280],
        // v_add_u32_e32 v2, vcc, v1, v3; v_addc_u32_e32 v4, vcc, v2, v5, vcc (low read)
        &[0x3204_0701, 0x3808_0b02],
        // v_add_u32_e32 v2, vcc, v1, v3; v_addc_u32_e32 v4, vcc, v5, v2, vcc (low read)
        &[0x3204_0701, 0x3808_0505],
        // v_add_u32_e32 v2, vcc, v4, v3; v_addc_u32_e32 v4, vcc, v5, v6, vcc (x written)
        &[0x3204_0704, 0x3808_0d05],
        // v_add_u32_e32 v2, vcc, s4, v3; v_addc_u32_e32 v3, vcc, v5, v3, vcc (a written)
        &[0x3204_0604, 0x3806_0705],
        // v_add_u32_e32 v2, vcc, v1, v3; v_addc_u32_e32 v2, vcc, v2, v5, vcc (low = high)
        &[0x3204_0701, 0x3804_0b02],
        // v_add_u32_e32 v4, vcc, 0x12345678, v5; v_addc_u32_e32 v5, vcc, -16, v5, vcc
        &[0x3208_0aff, 0x1234_5678, 0x380a_0ad0],
        // v_add_u32_e64 v2, s[10:11], v1, v3; v_addc_u32_e64 v3, s[10:11], v4, v5, s[10:11]
        &[0xd119_0a02, 0x0002_0701, 0xd11c_0a03, 0x002a_0b04],
        // v_add_u32_e32 v2, vcc, v1, v3; v_addc_u32_e32 v3, vcc, s3, v5, vcc
        &[0x3204_0701, 0x3806_0a03],
    ];

    /// Pairs that are not: the carry out of another pair than the one the second reads
    /// or writes, a second source reading the carry pair, EXEC as the carry pair, two sums
    /// without a carry.
    const NOT_FUSED: [&[u32]; 4] = [
        // v_add_u32_e64 v2, s[10:11], v1, v3; v_addc_u32_e64 v3, s[12:13], v4, v5, s[10:11]
        &[0xd119_0a02, 0x0002_0701, 0xd11c_0c03, 0x002a_0b04],
        // v_add_u32_e64 v2, s[10:11], v1, v3; v_addc_u32_e64 v3, s[10:11], s10, v5, s[10:11]
        &[0xd119_0a02, 0x0002_0701, 0xd11c_0a03, 0x002a_0a0a],
        // v_add_u32_e64 v2, exec, v1, v3; v_addc_u32_e64 v3, exec, v4, v5, exec
        &[0xd119_7e02, 0x0002_0701, 0xd11c_7e03, 0x01fa_0b04],
        // v_add_u32_e32 v2, vcc, s2, v0; v_add_u32_e32 v3, vcc, v3, v1
        &[0x3204_0002, 0x3206_0303],
    ];

    fn program(words: &[u32]) -> Program {
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Program::new(&code, 0)
    }

    /// A wavefront with random registers (see `carry_wavefront`); every lane active
    /// unless `exec` says otherwise.
    fn wavefront(seed: u64, exec: Option<u64>) -> Wavefront {
        carry_wavefront(seed, exec.unwrap_or(u64::MAX))
    }

    fn env<'m>(memory: &'m crate::driver::GpuMemory, entries: &'m mut TlbEntries) -> Env<'m> {
        Env {
            tlb: Tlb::new(memory, entries),
            lds: &mut [],
        }
    }

    /// `w` after the first `count` of `program`'s instructions, each by the general vector
    /// ALU path.
    fn one_at_a_time(program: &Program, w: &Wavefront, count: usize) -> Wavefront {
        let memory = crate::driver::GpuMemory::new(0, 1 << 20, 4096);
        let mut entries = TlbEntries::default();
        let mut env = env(&memory, &mut entries);
        let mut general = w.clone();
        for step in &program.steps()[..count] {
            valu(&mut general, &mut env, step).unwrap();
        }
        general
    }

    /// Runs the first step of `program` by its own semantics on a copy of `w` whose
    /// instruction loop has room for `room` more instructions.
    fn run_first(program: &Program, w: &Wavefront, room: u64) -> Wavefront {
        let memory = crate::driver::GpuMemory::new(0, 1 << 20, 4096);
        let mut entries = TlbEntries::default();
        let mut env = env(&memory, &mut entries);
        let mut fast = w.clone();
        fast.run_end = fast.executed + room;
        let first = &program.steps()[0];
        first.exec.call(&mut fast, &mut env, first).unwrap();
        fast
    }

    fn avx2() -> bool {
        #[cfg(target_arch = "x86_64")]
        return std::arch::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    #[test]
    fn fused_pairs_leave_the_registers_of_one_at_a_time() {
        if !avx2() {
            return;
        }
        for words in FUSED {
            let program = program(words);
            let [first, second] = &program.steps()[..2] else {
                unreachable!("two instructions")
            };
            assert!(first.fused_with().is_some(), "{} is fused", first.inst);
            for seed in 1..100 {
                let w = wavefront(seed, None);
                let fast = run_first(&program, &w, 2);
                let general = one_at_a_time(&program, &w, 2);
                assert_eq!(fast.vgprs, general.vgprs, "{} seed {seed}", first.inst);
                assert_eq!(fast.sgprs, general.sgprs, "{} seed {seed}", first.inst);
                // The second counted, and the next instruction is the one after it.
                assert_eq!((fast.executed, fast.fused_seconds), (1, 1));
                assert_eq!(fast.next_pc, second.pc + u64::from(second.inst.size));
            }
        }
    }

    #[test]
    fn without_room_all_lanes_or_registers_the_first_runs_alone() {
        if !avx2() {
            return;
        }
        let program = program(FUSED[2]);
        for seed in 1..20 {
            // Some lanes inactive.
            let w = wavefront(seed, Some(xorshift(seed + 7)() | 1));
            let alone = run_first(&program, &w, 2);
            let general = one_at_a_time(&program, &w, 1);
            assert_eq!((alone.vgprs, alone.sgprs), (general.vgprs, general.sgprs));
            assert_eq!((alone.executed, alone.fused_seconds), (0, 0));
            // No room for two.
            let w = wavefront(seed, None);
            let alone = run_first(&program, &w, 1);
            let general = one_at_a_time(&program, &w, 1);
            assert_eq!((alone.vgprs, alone.sgprs), (general.vgprs, general.sgprs));
            assert_eq!(alone.fused_seconds, 0);
        }
        // v4 and v5 missing: the first alone, which has its registers.
        let mut small = Wavefront::new(4);
        small.set_exec(u64::MAX);
        let alone = run_first(&program, &small, 2);
        assert_eq!(alone.fused_seconds, 0);
    }

    #[test]
    fn other_pairs_are_not_fused() {
        for words in NOT_FUSED {
            let program = program(words);
            let first = &program.steps()[0];
            assert!(first.fused_with().is_none(), "{}", first.inst);
        }
        // The second of a pair is fused with nothing after it.
        let program = program(FUSED[0]);
        assert!(program.steps()[1].fused_with().is_none());
    }

    #[test]
    fn a_fused_pair_moves_the_pc_past_both_in_the_instruction_stream() {
        if !avx2() {
            return;
        }
        // The literal pair (12 bytes), then s_endpgm.
        let mut words = FUSED[7].to_vec();
        words.push(0xbf81_0000);
        let program = program(&words);
        let memory = crate::driver::GpuMemory::new(0, 1 << 20, 4096);
        let mut entries = TlbEntries::default();
        let mut env = env(&memory, &mut entries);
        for (room, pc, executed) in [(1, 8, 1), (2, 12, 2)] {
            let mut w = wavefront(3, None);
            w.run_end = room;
            let mut next = usize::MAX;
            program.execute_next(&mut w, &mut env, &mut next).unwrap();
            assert_eq!((w.pc, w.executed), (pc, executed), "room {room}");
            assert_eq!(w.fused_seconds, executed - 1);
        }
    }
}
