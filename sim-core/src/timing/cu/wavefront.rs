//! A wavefront resident on the timing compute unit: its architectural state (the
//! emulator's [`Wavefront`]), its instruction buffer, when it may issue next and the
//! memory instructions it still waits for.

use super::cpi::IssueState;
use super::instruction_buffer::InstructionBuffer;
use super::units::{OpTiming, Timing, Unit};
use super::LINE_BYTES;
use crate::emu::program::Program;
use crate::emu::{WaveStatus, Wavefront};
use crate::engine::Time;
use crate::isa::{Category, Extra};
use std::ops::Range;
use std::sync::Arc;

/// One resident wavefront.
pub struct WaveSlot {
    /// Registers, PC and status, as the emulator keeps them.
    pub state: Wavefront,
    /// Its work-group (a key of the compute unit's work-groups).
    pub workgroup: usize,
    /// Its index within the work-group.
    pub index: u32,
    /// The SIMD it runs on.
    pub simd: u32,
    /// The earliest time it may issue its next instruction.
    pub ready_at: Time,
    /// The decoded code it runs.
    pub program: Arc<Program>,
    /// The lines (line numbers) the code occupies: prefetching stays within them.
    pub code_lines: Range<u64>,
    /// Code lines (line numbers) in its instruction buffer.
    buffer: InstructionBuffer,
    /// No fetch starts before this time (a branch empties the buffer when it ends).
    pub fetch_not_before: Time,
    /// Whether the buffer holds every line of the code (then no fetch is needed while the
    /// PC stays in the code, and no line is ever dropped).
    holds_all_code: bool,
    /// The instruction at the PC, as far as issuing it is concerned.
    next: NextInstruction,
    /// Whether the lines the instruction at the PC occupies are in the buffer.
    buffered: bool,
    /// The line being fetched, if any.
    pub fetching: Option<u64>,
    /// Vector memory instructions issued and not yet complete (vmcnt).
    pub vm_outstanding: u32,
    /// LDS, scalar memory and flat instructions issued and not yet complete (lgkmcnt).
    pub lgkm_outstanding: u32,
}

/// When a wavefront could issue its next instruction and the unit kind it goes to (see
/// [`WaveSlot::ready_for`]).
pub type Ready = Option<(Time, Option<Unit>)>;

/// What the compute unit's per-cycle scans (issue and fetch arbiters, CPI stack, next
/// wake-up) need to know of a wavefront, worked out each time its state changes, so
/// that those scans read a few bytes per wavefront rather than its whole state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaveView {
    /// [`WaveSlot::ready_for`].
    pub ready: Ready,
    /// What it waits for while `ready` is `None`.
    blocked: IssueState,
    /// [`WaveSlot::wanted_line`].
    pub wanted: Option<(u64, bool)>,
    /// [`WaveSlot::fetch_not_before`].
    pub fetch_not_before: Time,
}

impl WaveView {
    /// What it waits for while [`ready`](Self::ready) is `None`.
    pub fn blocked(&self) -> IssueState {
        self.blocked
    }

    /// What keeps the wavefront from issuing at `now` (see [`IssueState`]).
    pub fn waiting_for(&self, now: Time) -> IssueState {
        match self.ready {
            Some((ready, _)) if ready > now => IssueState::Unit,
            Some(_) => IssueState::Arbiter,
            None => self.blocked,
        }
    }
}

/// What the issue arbiter needs to know of a wavefront's next instruction, worked out
/// once each time its PC moves.
#[derive(Debug, Clone, Copy)]
struct NextInstruction {
    /// The code lines it occupies (the same line twice when it does not cross one).
    lines: [u64; 2],
    /// The unit it issues to (`None` when it does not decode, or for an `s_waitcnt`
    /// without its immediate: it issues, and fails or ends, whatever is busy).
    unit: Option<Unit>,
    /// The immediate of an `s_waitcnt`.
    waitcnt: Option<u16>,
    /// How it is timed (`None` when it does not decode).
    timing: Option<Timing>,
}

impl NextInstruction {
    fn at(program: &Program, pc: u64) -> Self {
        let step = program.at(pc).ok();
        let size = step.map_or(4, |s| u64::from(s.inst.size));
        let timing = step.map(|s| OpTiming::of(s.inst.info).timing);
        let (mut unit, mut waitcnt) = (timing.map(|t| t.unit), None);
        if let Some(step) = step.filter(|s| s.inst.info.category == Category::Waitcnt) {
            match step.inst.extra {
                Extra::Simm16(imm) => waitcnt = Some(imm),
                _ => unit = None,
            }
        }
        NextInstruction {
            lines: [pc / LINE_BYTES, (pc + size - 1) / LINE_BYTES],
            unit,
            waitcnt,
            timing,
        }
    }
}

impl WaveSlot {
    /// A wavefront with state `state`, index `index` in work-group `workgroup`, on SIMD
    /// `simd`, running `program` (whose code ends before byte `code_end`), ready at
    /// `ready_at`, with an empty instruction buffer of `buffer_lines` lines and nothing
    /// outstanding.
    pub fn new(
        state: Wavefront,
        (workgroup, index): (usize, u32),
        simd: u32,
        (program, code_end): (Arc<Program>, u64),
        buffer_lines: usize,
        ready_at: Time,
    ) -> Self {
        let code_lines = program.base() / LINE_BYTES..code_end.div_ceil(LINE_BYTES);
        let next = NextInstruction::at(&program, state.pc);
        WaveSlot {
            state,
            workgroup,
            index,
            simd,
            ready_at,
            program,
            code_lines,
            buffer: InstructionBuffer::new(buffer_lines),
            fetch_not_before: 0,
            holds_all_code: false,
            next,
            buffered: false,
            fetching: None,
            vm_outstanding: 0,
            lgkm_outstanding: 0,
        }
    }

    /// Takes note that the PC moved (the wavefront executed an instruction).
    pub fn pc_moved(&mut self) {
        let lines = self.next.lines;
        self.next = NextInstruction::at(&self.program, self.state.pc);
        // `buffered` is kept current whenever the buffer or the lines change: the
        // buffer is read again only when the next instruction lies in other lines.
        if self.next.lines != lines {
            self.buffered = self.lines_buffered();
        }
    }

    /// How its next instruction is timed (`None` when it does not decode).
    pub fn next_timing(&self) -> Option<Timing> {
        self.next.timing
    }

    /// Whether the lines its next instruction occupies are in its buffer.
    fn lines_buffered(&self) -> bool {
        let [a, b] = self.next.lines;
        self.holds_all_code && a >= self.code_lines.start && b < self.code_lines.end
            || self.has_line(a) && self.has_line(b)
    }

    /// The lines it needs in its buffer to issue its next instruction (the same line
    /// twice when the instruction does not cross a line).
    pub fn needed_lines(&self) -> [u64; 2] {
        self.next.lines
    }

    /// When it could issue its next instruction as far as it is concerned, and the unit
    /// kind that instruction goes to (`None`: it issues whatever is busy, and fails or
    /// ends); `None` while it waits for something other than time (a fetch, memory, a
    /// barrier, or its end).
    pub fn ready_for(&self) -> Ready {
        // The slot's own fields first: the state's status lies in another cache line.
        let next = &self.next;
        if !self.buffered
            || next.waitcnt.is_some_and(|imm| !self.waitcnt_satisfied(imm))
            || self.state.status != WaveStatus::Running
        {
            return None;
        }
        Some((self.ready_at, next.unit))
    }

    /// How the compute unit's per-cycle scans see it until its state next changes.
    pub fn view(&self) -> WaveView {
        let ready = self.ready_for();
        let outstanding = self.vm_outstanding + self.lgkm_outstanding > 0;
        // What it waits for when not ready (a ready one waits for its unit or the arbiter,
        // which depends on the time: see `WaveView::waiting_for`).
        let blocked = match self.state.status {
            WaveStatus::Ended | WaveStatus::Faulted if outstanding => IssueState::Memory,
            WaveStatus::Ended | WaveStatus::Faulted => IssueState::Empty,
            WaveStatus::AtBarrier => IssueState::Barrier,
            WaveStatus::Running if !self.buffered => IssueState::Fetch,
            WaveStatus::Running => IssueState::Memory,
        };
        WaveView {
            ready,
            blocked,
            wanted: self.wanted_line(),
            fetch_not_before: self.fetch_not_before,
        }
    }

    /// Empties the instruction buffer; no fetch starts before `not_before`.
    pub fn flush_buffer(&mut self, not_before: Time) {
        self.buffer.clear();
        self.holds_all_code = false;
        self.buffered = false;
        self.fetch_not_before = not_before;
    }

    /// The line it should fetch next: the first line its next instruction needs that is
    /// not in its buffer (`true`: a demand fetch), or else the line after it, if that
    /// holds code (`false`: a prefetch). `None` while a fetch is under way or after it
    /// ended.
    pub fn wanted_line(&self) -> Option<(u64, bool)> {
        if self.fetching.is_some() || self.state.status == WaveStatus::Ended {
            return None;
        }
        let [a, b] = self.next.lines;
        if self.holds_all_code && a >= self.code_lines.start && b < self.code_lines.end {
            return None;
        }
        if let Some(&line) = [a, b].iter().find(|&&l| !self.has_line(l)) {
            return Some((line, true));
        }
        (b + 1 < self.code_lines.end && !self.has_line(b + 1)).then_some((b + 1, false))
    }

    /// Whether line `line` is in the instruction buffer.
    pub fn has_line(&self, line: u64) -> bool {
        self.buffer.contains(line)
    }

    /// Puts `line` into the instruction buffer, dropping the oldest line when full.
    pub fn fill(&mut self, line: u64) {
        if self.fetching == Some(line) {
            self.fetching = None;
        }
        if !self.has_line(line) {
            self.buffer.push(line);
            self.holds_all_code = self.code_lines.end - self.code_lines.start
                <= self.buffer.capacity() as u64
                && self.code_lines.clone().all(|l| self.has_line(l));
            self.buffered = self.lines_buffered();
        }
    }

    /// Whether `s_waitcnt` with immediate `imm` lets it go on: its outstanding counts are
    /// at most vmcnt (bits 3:0) and lgkmcnt (bits 11:8). Export counts are always 0.
    pub fn waitcnt_satisfied(&self, imm: u16) -> bool {
        let vmcnt = u32::from(imm & 0xf);
        let lgkmcnt = u32::from((imm >> 8) & 0xf);
        self.vm_outstanding <= vmcnt && self.lgkm_outstanding <= lgkmcnt
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUFFER_LINES: usize = 16;

    fn slot() -> WaveSlot {
        let program = Arc::new(Program::new(&[], 0));
        WaveSlot::new(Wavefront::new(3), (0, 0), 0, (program, 0), BUFFER_LINES, 0)
    }

    #[test]
    fn waitcnt_reads_vmcnt_and_lgkmcnt_fields() {
        let mut w = slot();
        w.vm_outstanding = 2;
        w.lgkm_outstanding = 1;
        // s_waitcnt vmcnt(0) lgkmcnt(0) = 0x0070; vmcnt(2) = 0x0f72; lgkmcnt(1) = 0x017f.
        assert!(!w.waitcnt_satisfied(0x0070));
        assert!(w.waitcnt_satisfied(0x0f72));
        assert!(!w.waitcnt_satisfied(0x0f71));
        assert!(w.waitcnt_satisfied(0x017f));
        assert!(!w.waitcnt_satisfied(0x007f));
    }

    #[test]
    fn whether_the_next_instruction_is_buffered_follows_the_pc_and_the_buffer() {
        let mut w = slot();
        let check = |w: &mut WaveSlot, pc: Option<u64>, fill: Option<u64>, expected: bool| {
            if let Some(pc) = pc {
                w.state.pc = pc;
                w.pc_moved();
            }
            if let Some(line) = fill {
                w.fill(line);
            }
            assert_eq!(w.buffered, expected, "at pc {:#x}", w.state.pc);
            assert_eq!(w.buffered, w.lines_buffered());
        };
        check(&mut w, Some(0), None, false);
        check(&mut w, Some(4), Some(0), true);
        // Within the line, then into one not buffered, then back.
        check(&mut w, Some(60), None, true);
        check(&mut w, Some(64), None, false);
        check(&mut w, Some(68), Some(1), true);
        check(&mut w, Some(8), None, true);
        w.flush_buffer(0);
        check(&mut w, None, None, false);
        check(&mut w, Some(12), None, false);
        check(&mut w, Some(16), Some(0), true);
    }

    #[test]
    fn the_instruction_buffer_drops_its_oldest_line() {
        let mut w = slot();
        w.fetching = Some(0);
        for line in 0..=BUFFER_LINES as u64 {
            w.fill(line);
        }
        assert_eq!(w.fetching, None);
        assert!(!w.has_line(0));
        assert!(w.has_line(1) && w.has_line(BUFFER_LINES as u64));
    }
}
