//! The Chrome trace-event file (`GCNSIM_TRACE`, opens in Perfetto or chrome://tracing):
//! commands per queue and work-groups per compute unit on the simulated timeline, one
//! process per GPU. Work-group spans come from an engine hook on the compute units.

use super::report::{json_number, json_string};
use crate::engine::{ComponentId, Engine, Hook, HookContext, Observation, Time, PS_PER_NS};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

/// Work-groups traced per kernel launch: those with the lowest indices (a choice that does
/// not depend on the order in which host threads simulate them), so the trace's memory
/// stays bounded however large the NDRange.
pub const WORKGROUPS_PER_KERNEL: u64 = 1024;

/// Events a trace holds at most; later ones are dropped and counted. Each GPU has an
/// equal share (see [`Recorder`](super::Recorder)).
pub const MAX_EVENTS: usize = 1_000_000;

/// Thread ids of queues start here, above any compute unit index.
const QUEUE_TID_BASE: u64 = 1_000_000;
/// Thread ids of links between GPUs start here, above any queue's.
const LINK_TID_BASE: u64 = 2_000_000;

/// Where on its GPU a traced span ran: a row of the trace viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lane {
    /// A command queue (numbered in creation order).
    Queue(u64),
    /// A compute unit.
    ComputeUnit(u32),
    /// A link between GPUs (numbered in the fabric's order; named by its events).
    Link(u32),
}

/// One span of the trace: something that ran on a GPU from `start_ns` to `end_ns`.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceEvent {
    /// What ran, e.g. a kernel's name or `write_buffer`.
    pub name: String,
    /// Its kind: `kernel`, `transfer`, `command` or `work-group`.
    pub category: &'static str,
    /// The GPU.
    pub gpu: usize,
    /// The row it is drawn in.
    pub lane: Lane,
    /// Simulated start, ns.
    pub start_ns: u64,
    /// Simulated end, ns.
    pub end_ns: u64,
    /// Extra facts shown when the span is selected (name, number).
    pub args: Vec<(&'static str, f64)>,
}

/// One work-group's residency on a compute unit, in simulated GPU time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct WorkGroupSpan {
    /// When it was placed, ns.
    pub start_ns: u64,
    /// The compute unit's index in its GPU.
    pub cu: u32,
    /// The work-group's flat index in the NDRange.
    pub workgroup: u64,
    /// When it finished, ns.
    pub end_ns: u64,
}

/// A time a link between GPUs was busy, in simulated GPU time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkSpan {
    /// The link's number in its fabric.
    pub link: u32,
    /// Its name, e.g. `gpu0>switch0`.
    pub name: String,
    /// When it began carrying, ns.
    pub start_ns: u64,
    /// When it stopped, ns.
    pub end_ns: u64,
    /// Bytes carried (headers included).
    pub bytes: u64,
}

#[derive(Debug, Default)]
struct SpanLog {
    started: HashMap<(u32, u64), Time>,
    done: Vec<WorkGroupSpan>,
}

/// Collects work-group spans from hooks on a GPU's compute units (the `work-group` tasks
/// they report), keeping only work-groups below [`WORKGROUPS_PER_KERNEL`].
#[derive(Debug, Clone, Default)]
pub struct WorkGroupTracer {
    log: Arc<Mutex<SpanLog>>,
}

impl WorkGroupTracer {
    /// A tracer attached to each of `compute_units` (in CU order) of `engine`.
    pub fn attach<M: Send + 'static>(
        engine: &mut Engine<M>,
        compute_units: &[ComponentId],
    ) -> Self {
        let tracer = Self::default();
        for (cu, &id) in compute_units.iter().enumerate() {
            engine.add_hook(
                id,
                Box::new(CuHook {
                    cu: cu as u32,
                    log: tracer.log.clone(),
                }),
            );
        }
        tracer
    }

    /// The spans finished since the last call, ordered by start, CU and work-group.
    pub fn take(&self) -> Vec<WorkGroupSpan> {
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        log.started.clear();
        let mut spans = std::mem::take(&mut log.done);
        spans.sort_unstable();
        spans
    }
}

/// The hook on one compute unit.
struct CuHook {
    cu: u32,
    log: Arc<Mutex<SpanLog>>,
}

impl<M> Hook<M> for CuHook {
    fn observe(&mut self, at: HookContext, what: &Observation<'_, M>) {
        match *what {
            Observation::TaskStart {
                task,
                kind: "work-group",
            } if task < WORKGROUPS_PER_KERNEL => {
                let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
                log.started.insert((self.cu, task), at.time);
            }
            Observation::TaskEnd {
                task,
                kind: "work-group",
                ..
            } if task < WORKGROUPS_PER_KERNEL => {
                let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(start) = log.started.remove(&(self.cu, task)) {
                    log.done.push(WorkGroupSpan {
                        start_ns: start / PS_PER_NS,
                        cu: self.cu,
                        workgroup: task,
                        end_ns: at.time / PS_PER_NS,
                    });
                }
            }
            _ => {}
        }
    }
}

/// Nanoseconds as the trace format's microseconds.
fn micros(ns: u64) -> String {
    json_number(ns as f64 / 1000.0)
}

/// The trace file's text: metadata naming each GPU and lane, then `events` as complete
/// ("X") events, then `notes` (e.g. the caps and how many events were dropped) under
/// `otherData`.
pub fn render(events: &[TraceEvent], notes: &[(&str, String)]) -> String {
    let mut out = String::from("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n");
    let mut lanes: Vec<(usize, Lane)> = events.iter().map(|e| (e.gpu, e.lane)).collect();
    lanes.sort_unstable();
    lanes.dedup();
    let mut lines = Vec::new();
    let mut gpus: Vec<usize> = lanes.iter().map(|l| l.0).collect();
    gpus.dedup();
    for gpu in gpus {
        lines.push(format!(
            "{{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": {gpu}, \"args\": {{\"name\": \"gpu{gpu}\"}}}}"
        ));
    }
    for (gpu, lane) in lanes {
        let (tid, mut name) = lane_id(lane);
        if let Lane::Link(_) = lane {
            // A link's row is named as its spans are.
            if let Some(e) = events.iter().find(|e| (e.gpu, e.lane) == (gpu, lane)) {
                name = format!("link {}", e.name);
            }
        }
        lines.push(format!(
            "{{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": {gpu}, \"tid\": {tid}, \"args\": {{\"name\": {}}}}}",
            json_string(&name)
        ));
    }
    for e in events {
        let (tid, _) = lane_id(e.lane);
        let mut args = String::new();
        for (i, (k, v)) in e.args.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(args, "{sep}{}: {}", json_string(k), json_number(*v));
        }
        lines.push(format!(
            "{{\"ph\": \"X\", \"name\": {}, \"cat\": \"{}\", \"pid\": {}, \"tid\": {tid}, \"ts\": {}, \"dur\": {}, \"args\": {{{args}}}}}",
            json_string(&e.name),
            e.category,
            e.gpu,
            micros(e.start_ns),
            micros(e.end_ns.saturating_sub(e.start_ns)),
        ));
    }
    out.push_str(&lines.join(",\n"));
    out.push_str("\n], \"otherData\": {");
    let notes: Vec<String> = notes
        .iter()
        .map(|(k, v)| format!("{}: {}", json_string(k), json_string(v)))
        .collect();
    out.push_str(&notes.join(", "));
    out.push_str("}}\n");
    out
}

/// The trace thread id and name of a lane.
fn lane_id(lane: Lane) -> (u64, String) {
    match lane {
        Lane::ComputeUnit(cu) => (u64::from(cu), format!("cu{cu}")),
        Lane::Queue(q) => (QUEUE_TID_BASE + q, format!("queue{q}")),
        Lane::Link(l) => (LINK_TID_BASE + u64::from(l), format!("link{l}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PlatformConfig;
    use crate::gpu::{
        ExecutionError, FunctionalCu, Gpu, KernelLaunch, WorkGroup, WorkGroupExecutor,
    };

    /// Every work-group takes 50 cycles.
    struct FiftyCycles;

    impl WorkGroupExecutor for FiftyCycles {
        fn execute(&self, _: &WorkGroup) -> Result<u64, ExecutionError> {
            Ok(50)
        }
    }

    #[test]
    fn tracer_keeps_the_lowest_workgroups_of_each_launch_with_their_cu() {
        let mut config = PlatformConfig::default_platform().gpu;
        config.compute_units = 4;
        let mut gpu = Gpu::builder(&config)
            .build(|site| Box::new(FunctionalCu::new(FiftyCycles, site.dispatch_port, None)));
        let cus = gpu.compute_units();
        let tracer = WorkGroupTracer::attach(gpu.engine_mut(), &cus);
        let groups = WORKGROUPS_PER_KERNEL as u32 + 76;
        let launch = KernelLaunch {
            name: "k".into(),
            dimensions: 1,
            grid_size: [64 * groups, 1, 1],
            workgroup_size: [64, 1, 1],
            private_segment_size: 0,
            group_segment_size: 0,
            kernel_object: 0x1000,
            code_entry: 0x1100,
            kernel_descriptor: [0; 64],
            kernarg_address: 0x2000,
            dispatch_packet_address: 0x3000,
            completion_signal: 0,
            queue_address: 0x4000,
            vgprs_per_wavefront: 16,
            sgprs_per_wavefront: 16,
        };
        let run = gpu.run_kernel(launch.clone()).unwrap();
        assert_eq!(run.workgroups, u64::from(groups));
        let spans = tracer.take();
        let mut indices: Vec<u64> = spans.iter().map(|s| s.workgroup).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..WORKGROUPS_PER_KERNEL).collect::<Vec<_>>());
        assert!(spans.windows(2).all(|w| w[0] <= w[1]), "ordered by start");
        for s in &spans {
            assert!(s.cu < 4);
            assert_eq!(s.end_ns - s.start_ns, 50, "50 cycles at 1 GHz");
            assert!(s.start_ns >= run.start / PS_PER_NS && s.end_ns <= run.end / PS_PER_NS);
        }
        assert!(tracer.take().is_empty(), "taken spans are gone");
        gpu.run_kernel(launch).unwrap();
        assert_eq!(tracer.take().len(), WORKGROUPS_PER_KERNEL as usize);
    }

    #[test]
    fn events_become_complete_events_in_microseconds_with_named_lanes() {
        let events = [
            TraceEvent {
                name: "fir".into(),
                category: "kernel",
                gpu: 1,
                lane: Lane::Queue(0),
                start_ns: 1500,
                end_ns: 4000,
                args: vec![("wavefronts", 64.0)],
            },
            TraceEvent {
                name: "work-group 3".into(),
                category: "work-group",
                gpu: 1,
                lane: Lane::ComputeUnit(7),
                start_ns: 1500,
                end_ns: 1750,
                args: vec![],
            },
        ];
        let text = render(&events, &[("workgroups_per_kernel", "first 1024".into())]);
        assert_eq!(
            text,
            "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n\
             {\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"gpu1\"}},\n\
             {\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 1000000, \"args\": {\"name\": \"queue0\"}},\n\
             {\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"cu7\"}},\n\
             {\"ph\": \"X\", \"name\": \"fir\", \"cat\": \"kernel\", \"pid\": 1, \"tid\": 1000000, \"ts\": 1.5, \"dur\": 2.5, \"args\": {\"wavefronts\": 64}},\n\
             {\"ph\": \"X\", \"name\": \"work-group 3\", \"cat\": \"work-group\", \"pid\": 1, \"tid\": 7, \"ts\": 1.5, \"dur\": 0.25, \"args\": {}}\n\
             ], \"otherData\": {\"workgroups_per_kernel\": \"first 1024\"}}\n"
        );
    }

    #[test]
    fn empty_trace_is_still_valid() {
        assert_eq!(
            render(&[], &[]),
            "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n\n], \"otherData\": {}}\n"
        );
    }
}
