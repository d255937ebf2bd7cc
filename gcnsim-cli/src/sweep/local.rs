//! Running a sweep's points on this machine, at most `jobs` at a time.

use super::point::{self, Outcome};
use super::progress::SweepProgress;
use super::spec::{Point, Sweep};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Runs `points` with `jobs` worker threads; returns their outcomes in `points`' order.
pub fn run(sweep: &Sweep, points: &[&Point], jobs: usize) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let progress = Mutex::new(SweepProgress::new(points.len()));
    let outcomes: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; points.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, points.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(point) = points.get(index) else {
                    break;
                };
                progress.lock().expect("progress lock").started();
                let outcome = point::run(sweep, point);
                progress
                    .lock()
                    .expect("progress lock")
                    .ended(outcome.is_ok());
                outcomes.lock().expect("outcomes lock")[index] = Some(outcome);
            });
        }
    });
    progress.into_inner().expect("progress lock").finish();
    outcomes
        .into_inner()
        .expect("outcomes lock")
        .into_iter()
        .map(|o| o.expect("every point ran"))
        .collect()
}
