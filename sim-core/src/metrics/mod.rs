//! What a run reports to the user: the metrics report (rows of location, what, value,
//! unit per kernel launch, per GPU and in total), the Chrome trace of the simulated
//! timeline, the one-line summary per kernel, and the progress display of long kernels.

mod links;
mod progress;
mod recorder;
mod report;
mod summary;
mod trace;

pub use crate::timing::Metric;
pub use links::{fabric_rows, link_spans, GpuCopies};
pub use progress::{
    PollPacer, ProgressBoard, ProgressStyle, LINE_EVERY, REFRESH_EVERY, SHOW_AFTER,
};
pub use recorder::{KernelLaunchRecord, Recorder};
pub use report::{render as render_report, ReportFormat};
pub use summary::{process_cpu_time, summary_line};
pub use trace::{
    render as render_trace, Lane, LinkSpan, TraceEvent, WorkGroupSpan, WorkGroupTracer, MAX_EVENTS,
    WORKGROUPS_PER_KERNEL,
};
