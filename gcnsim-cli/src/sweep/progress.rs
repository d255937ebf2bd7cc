//! The progress line of a sweep on a terminal: points done, running, failed, time left.

use indicatif::{ProgressBar, ProgressStyle};

/// Counts of a sweep's points, shown while it runs (nothing when stderr is no terminal).
pub struct SweepProgress {
    bar: ProgressBar,
    running: usize,
    failed: usize,
}

impl SweepProgress {
    /// A display for `total` points to run.
    pub fn new(total: usize) -> SweepProgress {
        let bar = ProgressBar::new(total as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} points done, {msg}, {elapsed} elapsed, ~{eta} left",
            )
            .expect("valid template"),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(500));
        let progress = SweepProgress {
            bar,
            running: 0,
            failed: 0,
        };
        progress.show();
        progress
    }

    /// A point started.
    pub fn started(&mut self) {
        self.running += 1;
        self.show();
    }

    /// A point ended, successfully or not.
    pub fn ended(&mut self, ok: bool) {
        self.running = self.running.saturating_sub(1);
        self.failed += usize::from(!ok);
        self.bar.inc(1);
        self.show();
    }

    /// Sets the counts at once (a SLURM sweep learns them by looking at the files).
    pub fn set(&mut self, done: usize, running: usize, failed: usize) {
        self.running = running;
        self.failed = failed;
        self.bar.set_position(done as u64);
        self.show();
    }

    fn show(&self) {
        self.bar
            .set_message(format!("{} running, {} failed", self.running, self.failed));
    }

    /// Removes the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
