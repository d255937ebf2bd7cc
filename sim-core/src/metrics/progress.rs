//! The progress display of long kernel simulations on stderr (`GCNSIM_PROGRESS`).
//!
//! One [`ProgressBoard`] serves every GPU of the process. Each running kernel is one
//! segment of a single line, e.g.
//! `gcnsim: gpu0 fir (timing): 12/64 wg (18%), 1.250 us simulated, 3.1k wf-inst, 1.5 s wall | gpu1 …`;
//! a kernel appears once it has run for [`SHOW_AFTER`] of wall time. On a terminal
//! ([`ProgressStyle::Refresh`]) the line is redrawn in place at most every
//! [`REFRESH_EVERY`] and erased when its kernels end; in a log ([`ProgressStyle::Lines`])
//! it is a plain line at most every [`LINE_EVERY`], and every kernel's end writes a `done`
//! (or `failed`) line. Other messages go through [`ProgressBoard::message`] so that they
//! do not land in the middle of the status line.

use crate::config::{Mode, Progress};
use crate::engine::PS_PER_NS;
use crate::gpu::KernelProgress;
use std::io::{IsTerminal, Write};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Wall time a kernel runs before it is shown.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);
/// Least wall time between two redraws of the status line on a terminal.
pub const REFRESH_EVERY: Duration = Duration::from_millis(500);
/// Least wall time between two progress lines in a log.
pub const LINE_EVERY: Duration = Duration::from_secs(2);

/// Erases from the cursor to the end of the terminal's line (ANSI `EL`).
const ERASE_TO_END: &str = "\x1b[K";

/// How a [`ProgressBoard`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressStyle {
    /// One status line redrawn in place with a carriage return (for a terminal).
    Refresh,
    /// Plain newline-terminated lines, and one line per kernel at its end (for a log).
    Lines,
}

/// The progress display shared by all GPUs of a process.
pub struct ProgressBoard {
    style: ProgressStyle,
    state: Mutex<BoardState>,
}

/// What the board has shown and what it knows of each GPU's kernel.
struct BoardState {
    out: Box<dyn Write + Send>,
    columns: fn() -> Option<usize>,
    /// The running kernel of each GPU.
    running: Vec<Option<RunningKernel>>,
    /// When the last progress line was written.
    last_drawn: Option<Instant>,
    /// Whether an unfinished status line is on the terminal.
    on_screen: bool,
}

/// One GPU's running kernel as the board shows it.
struct RunningKernel {
    name: String,
    mode: Mode,
    started: Instant,
    progress: KernelProgress,
    instructions: u64,
    /// Whether it is part of the status line on the terminal.
    shown: bool,
}

impl ProgressBoard {
    /// The board `setting` asks for on stderr for GPUs `0..gpus`: none when it is off, or
    /// when it is `auto` and stderr is not a terminal.
    pub fn for_stderr(setting: Progress, gpus: usize) -> Option<Self> {
        let style = match setting {
            Progress::Off => return None,
            Progress::Auto if !std::io::stderr().is_terminal() => return None,
            Progress::Auto => ProgressStyle::Refresh,
            Progress::On => ProgressStyle::Lines,
        };
        Some(Self::new(
            style,
            gpus,
            Box::new(std::io::stderr()),
            stderr_columns,
        ))
    }

    /// A board for GPUs `0..gpus` writing to `out` in `style`; `columns` tells the width of
    /// the terminal, if known, to which a refreshed line is cut so that it never wraps.
    pub fn new(
        style: ProgressStyle,
        gpus: usize,
        out: Box<dyn Write + Send>,
        columns: fn() -> Option<usize>,
    ) -> Self {
        ProgressBoard {
            style,
            state: Mutex::new(BoardState {
                out,
                columns,
                running: (0..gpus).map(|_| None).collect(),
                last_drawn: None,
                on_screen: false,
            }),
        }
    }

    /// Kernel `name` started on GPU `gpu` in `mode` at wall time `now`.
    pub fn begin(&self, gpu: usize, name: &str, mode: Mode, now: Instant) {
        if let Some(slot) = self.lock().running.get_mut(gpu) {
            *slot = Some(RunningKernel {
                name: name.to_string(),
                mode,
                started: now,
                progress: KernelProgress::default(),
                instructions: 0,
                shown: false,
            });
        }
    }

    /// GPU `gpu`'s kernel has come as far as `progress` and executed `instructions`
    /// wavefront instructions at wall time `now`; redraws the progress when due.
    pub fn update(&self, gpu: usize, progress: &KernelProgress, instructions: u64, now: Instant) {
        let mut state = self.lock();
        let Some(Some(kernel)) = state.running.get_mut(gpu) else {
            return;
        };
        kernel.progress = *progress;
        kernel.instructions = instructions;
        let every = match self.style {
            ProgressStyle::Refresh => REFRESH_EVERY,
            ProgressStyle::Lines => LINE_EVERY,
        };
        if state
            .last_drawn
            .is_none_or(|last| now.saturating_duration_since(last) >= every)
        {
            state.draw(self.style, now);
        }
    }

    /// GPU `gpu`'s kernel ended at wall time `now` (`completed`: without a fault) having
    /// come as far as `progress` and executed `instructions` wavefront instructions. On a
    /// terminal its segment leaves the status line; in a log it gets its last line.
    pub fn end(
        &self,
        gpu: usize,
        progress: &KernelProgress,
        instructions: u64,
        completed: bool,
        now: Instant,
    ) {
        let mut state = self.lock();
        let Some(mut kernel) = state.running.get_mut(gpu).and_then(Option::take) else {
            return;
        };
        match self.style {
            ProgressStyle::Refresh => {
                if kernel.shown && !state.draw(self.style, now) {
                    state.erase();
                }
            }
            ProgressStyle::Lines => {
                kernel.progress = *progress;
                kernel.instructions = instructions;
                let outcome = if completed { "done" } else { "failed" };
                let line = format!("gcnsim: {}\n", kernel.segment(gpu, outcome, now));
                state.write(&line);
            }
        }
    }

    /// Writes `line` and a newline without garbling the status line (which is redrawn
    /// at the next update).
    pub fn message(&self, line: &str) {
        let mut state = self.lock();
        state.erase();
        state.last_drawn = None;
        state.write(&format!("{line}\n"));
    }

    fn lock(&self) -> MutexGuard<'_, BoardState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl BoardState {
    /// Writes the progress of every kernel that has run for [`SHOW_AFTER`]; `false` when
    /// there is none.
    fn draw(&mut self, style: ProgressStyle, now: Instant) -> bool {
        let mut segments = Vec::new();
        for (gpu, kernel) in self.running.iter_mut().enumerate() {
            if let Some(kernel) = kernel
                .as_mut()
                .filter(|k| now.saturating_duration_since(k.started) >= SHOW_AFTER)
            {
                kernel.shown = true;
                segments.push(kernel.segment(gpu, "", now));
            }
        }
        if segments.is_empty() {
            return false;
        }
        let line = format!("gcnsim: {}", segments.join(" | "));
        let text = match style {
            ProgressStyle::Refresh => {
                self.on_screen = true;
                format!("\r{}{ERASE_TO_END}", cut(&line, (self.columns)()))
            }
            ProgressStyle::Lines => format!("{line}\n"),
        };
        self.write(&text);
        self.last_drawn = Some(now);
        true
    }

    /// Erases the status line, if one is on the terminal.
    fn erase(&mut self) {
        if self.on_screen {
            self.write(&format!("\r{ERASE_TO_END}"));
            self.on_screen = false;
        }
    }

    /// Writes `text` at once; a progress display that cannot be written is not an error
    /// of the simulation, so failures are ignored.
    fn write(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }
}

impl RunningKernel {
    /// `gpu0 fir (timing) <outcome>: 12/64 wg (18%), 1.250 us simulated, 3.1k wf-inst,
    /// 1.5 s wall` (simulated time in timing mode only; no outcome while running).
    fn segment(&self, gpu: usize, outcome: &str, now: Instant) -> String {
        let p = &self.progress;
        let mode = match self.mode {
            Mode::Emu => "emu",
            Mode::Timing => "timing",
        };
        let space = if outcome.is_empty() { "" } else { " " };
        let percent = (p.workgroups_done.saturating_mul(100))
            .checked_div(p.workgroups)
            .unwrap_or(0);
        let mut text = format!(
            "gpu{gpu} {} ({mode}){space}{outcome}: {}/{} wg ({percent}%), ",
            self.name, p.workgroups_done, p.workgroups
        );
        if self.mode == Mode::Timing {
            text += &format!("{} simulated, ", simulated_time(p.simulated / PS_PER_NS));
        }
        let wall = now.saturating_duration_since(self.started).as_secs_f64();
        text += &format!("{} wf-inst, {wall:.1} s wall", count(self.instructions));
        text
    }
}

/// `ns` nanoseconds in the largest unit that keeps at least one whole digit.
fn simulated_time(ns: u64) -> String {
    match ns {
        0..=9_999 => format!("{ns} ns"),
        10_000..=9_999_999 => format!("{:.3} us", ns as f64 / 1e3),
        10_000_000..=9_999_999_999 => format!("{:.3} ms", ns as f64 / 1e6),
        _ => format!("{:.3} s", ns as f64 / 1e9),
    }
}

/// `n` with a k, M or G suffix from 10,000 on.
fn count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}

/// `line` cut to one character less than `columns` (so the cursor stays on the line).
fn cut(line: &str, columns: Option<usize>) -> &str {
    match columns.and_then(|c| line.char_indices().nth(c.saturating_sub(1))) {
        Some((end, _)) => &line[..end],
        None => line,
    }
}

/// The width of the terminal on stderr, if it is one.
fn stderr_columns() -> Option<usize> {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` through the pointer, which points to a
    // live, writable local of that type.
    let status = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, &mut size) };
    (status == 0 && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

/// Least wall time between two polls a [`PollPacer`] aims at.
const POLL_GAP_MIN: Duration = Duration::from_millis(10);
/// Most wall time between two polls a [`PollPacer`] aims at.
const POLL_GAP_MAX: Duration = Duration::from_millis(50);
/// Most engine steps between two polls.
const MAX_STEPS_PER_POLL: u32 = 1 << 16;

/// Spaces the progress polls of a running kernel, counted in engine steps, so that they
/// come every 10 to 50 ms of wall time whatever a step costs (a step of the timing model
/// takes well under a microsecond, one of the functional model may execute many
/// work-groups) and the clock is read rarely.
#[derive(Debug, Clone)]
pub struct PollPacer {
    steps: u32,
    last: Instant,
}

impl PollPacer {
    /// A pacer for a kernel started at wall time `now`: it first polls after one step.
    pub fn new(now: Instant) -> Self {
        PollPacer {
            steps: 1,
            last: now,
        }
    }

    /// Engine steps to run before the next poll, after a poll at wall time `now`: twice
    /// as many as last time when polls came too close, half as many when too far apart.
    pub fn next(&mut self, now: Instant) -> u32 {
        let gap = now.saturating_duration_since(self.last);
        self.last = now;
        if gap < POLL_GAP_MIN {
            self.steps = (self.steps * 2).min(MAX_STEPS_PER_POLL);
        } else if gap > POLL_GAP_MAX {
            self.steps = (self.steps / 2).max(1);
        }
        self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A writer whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        /// What was written since the last call.
        fn take(&self) -> String {
            String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
        }
    }

    fn board(style: ProgressStyle, columns: fn() -> Option<usize>) -> (ProgressBoard, Captured) {
        let out = Captured::default();
        (
            ProgressBoard::new(style, 2, Box::new(out.clone()), columns),
            out,
        )
    }

    fn wide() -> Option<usize> {
        None
    }

    fn progress(done: u64, total: u64, simulated_ns: u64) -> KernelProgress {
        KernelProgress {
            workgroups_done: done,
            workgroups: total,
            simulated: simulated_ns * PS_PER_NS,
        }
    }

    fn ms(t0: Instant, ms: u64) -> Instant {
        t0 + Duration::from_millis(ms)
    }

    #[test]
    fn units_of_time_and_counts() {
        assert_eq!(simulated_time(850), "850 ns");
        assert_eq!(simulated_time(12_345), "12.345 us");
        assert_eq!(simulated_time(12_345_678), "12.346 ms");
        assert_eq!(simulated_time(12_345_678_901), "12.346 s");
        assert_eq!(count(9_999), "9999");
        assert_eq!(count(31_400), "31.4k");
        assert_eq!(count(1_234_567), "1.23M");
        assert_eq!(count(5_000_000_000), "5.00G");
    }

    #[test]
    fn terminal_line_appears_after_a_second_and_refreshes_twice_a_second() {
        let (board, out) = board(ProgressStyle::Refresh, wide);
        let t0 = Instant::now();
        board.begin(0, "fir", Mode::Timing, t0);
        board.update(0, &progress(1, 64, 500), 100, ms(t0, 900));
        assert_eq!(out.take(), "", "nothing before a second");
        board.update(0, &progress(12, 64, 1_250), 31_400, ms(t0, 1_000));
        assert_eq!(
            out.take(),
            "\rgcnsim: gpu0 fir (timing): 12/64 wg (18%), 1250 ns simulated, 31.4k wf-inst, \
             1.0 s wall\x1b[K"
        );
        board.update(0, &progress(13, 64, 1_300), 32_000, ms(t0, 1_400));
        assert_eq!(out.take(), "", "not again within half a second");
        board.update(0, &progress(20, 64, 2_000), 40_000, ms(t0, 1_500));
        assert!(out
            .take()
            .starts_with("\rgcnsim: gpu0 fir (timing): 20/64 wg (31%)"));
        board.end(0, &progress(64, 64, 9_000), 90_000, true, ms(t0, 1_600));
        assert_eq!(out.take(), "\r\x1b[K", "the line is erased at the end");
    }

    #[test]
    fn short_kernels_leave_no_trace_on_a_terminal() {
        let (board, out) = board(ProgressStyle::Refresh, wide);
        let t0 = Instant::now();
        board.begin(1, "k", Mode::Emu, t0);
        board.update(1, &progress(2, 4, 0), 10, ms(t0, 300));
        board.end(1, &progress(4, 4, 0), 20, true, ms(t0, 600));
        assert_eq!(out.take(), "");
    }

    #[test]
    fn gpus_share_one_line_and_an_ending_kernel_leaves_it() {
        let (board, out) = board(ProgressStyle::Refresh, wide);
        let t0 = Instant::now();
        board.begin(0, "a", Mode::Emu, t0);
        board.begin(1, "b", Mode::Emu, t0);
        board.update(0, &progress(3, 8, 0), 7, ms(t0, 999));
        assert_eq!(out.take(), "");
        board.update(1, &progress(1, 2, 0), 5, ms(t0, 1_000));
        assert_eq!(
            out.take(),
            "\rgcnsim: gpu0 a (emu): 3/8 wg (37%), 7 wf-inst, 1.0 s wall | \
             gpu1 b (emu): 1/2 wg (50%), 5 wf-inst, 1.0 s wall\x1b[K"
        );
        board.end(0, &progress(8, 8, 0), 9, true, ms(t0, 1_100));
        assert_eq!(
            out.take(),
            "\rgcnsim: gpu1 b (emu): 1/2 wg (50%), 5 wf-inst, 1.1 s wall\x1b[K"
        );
    }

    #[test]
    fn messages_do_not_land_in_the_status_line() {
        let (board, out) = board(ProgressStyle::Refresh, wide);
        let t0 = Instant::now();
        board.message("before");
        board.begin(0, "k", Mode::Emu, t0);
        board.update(0, &progress(1, 2, 0), 5, ms(t0, 1_000));
        out.take();
        board.message("gcnsim: summary");
        assert_eq!(out.take(), "\r\x1b[Kgcnsim: summary\n");
        board.update(0, &progress(1, 2, 0), 5, ms(t0, 1_100));
        assert!(
            out.take().starts_with("\rgcnsim: gpu0 k"),
            "redrawn at once"
        );
    }

    #[test]
    fn the_terminal_line_is_cut_to_its_width() {
        let (board, out) = board(ProgressStyle::Refresh, || Some(20));
        let t0 = Instant::now();
        board.begin(0, "kernel", Mode::Emu, t0);
        board.update(0, &progress(1, 2, 0), 5, ms(t0, 1_000));
        assert_eq!(out.take(), "\rgcnsim: gpu0 kernel\x1b[K");
    }

    #[test]
    fn a_log_gets_a_line_every_two_seconds_and_one_per_kernel_end() {
        let (board, out) = board(ProgressStyle::Lines, wide);
        let t0 = Instant::now();
        board.begin(0, "short", Mode::Timing, t0);
        board.end(0, &progress(4, 4, 20_000), 80, true, ms(t0, 10));
        assert_eq!(
            out.take(),
            "gcnsim: gpu0 short (timing) done: 4/4 wg (100%), 20.000 us simulated, 80 wf-inst, \
             0.0 s wall\n"
        );
        board.begin(0, "long", Mode::Emu, t0);
        board.update(0, &progress(1, 10, 0), 5, ms(t0, 1_000));
        assert_eq!(
            out.take(),
            "gcnsim: gpu0 long (emu): 1/10 wg (10%), 5 wf-inst, 1.0 s wall\n"
        );
        board.update(0, &progress(2, 10, 0), 6, ms(t0, 2_500));
        assert_eq!(out.take(), "", "not again within two seconds");
        board.update(0, &progress(3, 10, 0), 7, ms(t0, 3_000));
        assert!(out.take().starts_with("gcnsim: gpu0 long (emu): 3/10 wg"));
        board.end(0, &progress(9, 10, 0), 8, false, ms(t0, 3_200));
        assert_eq!(
            out.take(),
            "gcnsim: gpu0 long (emu) failed: 9/10 wg (90%), 8 wf-inst, 3.2 s wall\n"
        );
    }

    #[test]
    fn pacer_spaces_polls_between_10_and_50_ms() {
        let t0 = Instant::now();
        let mut pacer = PollPacer::new(t0);
        assert_eq!(pacer.next(ms(t0, 1)), 2, "fast steps: twice as many");
        assert_eq!(pacer.next(ms(t0, 2)), 4);
        assert_eq!(pacer.next(ms(t0, 30)), 4, "in range: kept");
        assert_eq!(pacer.next(ms(t0, 130)), 2, "slow steps: half as many");
        assert_eq!(pacer.next(ms(t0, 230)), 1);
        assert_eq!(pacer.next(ms(t0, 330)), 1, "never fewer than one");
        for _ in 0..40 {
            pacer.next(ms(t0, 330));
        }
        assert_eq!(pacer.next(ms(t0, 330)), MAX_STEPS_PER_POLL);
    }
}
