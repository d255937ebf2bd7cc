//! What a run reports to the user: the metrics report (rows of location, what, value,
//! unit per kernel launch, per GPU and in total), the Chrome trace of the simulated
//! timeline, and the one-line summary per kernel.

mod recorder;
mod report;
mod summary;
mod trace;

pub use crate::timing::Metric;
pub use recorder::{KernelLaunchRecord, Recorder};
pub use report::{render as render_report, ReportFormat};
pub use summary::summary_line;
pub use trace::{
    render as render_trace, Lane, TraceEvent, WorkGroupSpan, WorkGroupTracer, MAX_EVENTS,
    WORKGROUPS_PER_KERNEL,
};
