//! A kernel run shown on the progress display (`GCNSIM_PROGRESS`).

use crate::config::Mode;
use crate::emu::DispatchTable;
use crate::gpu::{Gpu, KernelLaunch, KernelProgress, KernelRun, LaunchError};
use crate::metrics::{PollPacer, ProgressBoard};
use std::time::Instant;

/// Runs `launch` (whose dispatch packet is at `packet` in `dispatches`) on `model`, GPU
/// `gpu` simulated in `mode`, showing its progress on `board` from start to end. The
/// simulation is the same as without a display.
pub(super) fn run_shown(
    board: &ProgressBoard,
    gpu: usize,
    mode: Mode,
    model: &mut Gpu,
    (dispatches, packet): (&DispatchTable, u64),
    launch: KernelLaunch,
) -> Result<KernelRun, LaunchError> {
    shown(
        board,
        (gpu, mode),
        (dispatches, packet),
        launch,
        |launch, started, last| {
            let mut pacer = PollPacer::new(started);
            model.run_kernel_watched(launch, |progress| {
                let now = Instant::now();
                board.update(gpu, progress, dispatches.counts(packet).total(), now);
                *last = *progress;
                pacer.next(now)
            })
        },
    )
}

/// Runs `launch` with `run` as [`run_shown`] does, showing on `board` only its start and
/// its end (a unified device's kernel on the timeline of its host links, which the
/// display does not follow while it runs).
pub(super) fn run_bracketed(
    board: &ProgressBoard,
    (gpu, mode): (usize, Mode),
    (dispatches, packet): (&DispatchTable, u64),
    launch: KernelLaunch,
    run: impl FnOnce(KernelLaunch) -> Result<KernelRun, LaunchError>,
) -> Result<KernelRun, LaunchError> {
    shown(
        board,
        (gpu, mode),
        (dispatches, packet),
        launch,
        |launch, _, _| run(launch),
    )
}

/// Shows `launch` on `board` from its start, runs it with `run` (given when it started
/// and where to keep its progress so far), and shows its end.
fn shown(
    board: &ProgressBoard,
    (gpu, mode): (usize, Mode),
    (dispatches, packet): (&DispatchTable, u64),
    launch: KernelLaunch,
    run: impl FnOnce(KernelLaunch, Instant, &mut KernelProgress) -> Result<KernelRun, LaunchError>,
) -> Result<KernelRun, LaunchError> {
    let started = Instant::now();
    let workgroups = launch.workgroup_count();
    board.begin(gpu, &launch.name, mode, started);
    let mut last = KernelProgress {
        workgroups,
        ..KernelProgress::default()
    };
    let result = run(launch, started, &mut last);
    let finished = match &result {
        Ok(run) => KernelProgress {
            workgroups_done: run.workgroups,
            workgroups,
            simulated: run.end - run.start,
        },
        Err(_) => last,
    };
    let instructions = dispatches.counts(packet).total();
    board.end(gpu, &finished, instructions, result.is_ok(), Instant::now());
    result
}
