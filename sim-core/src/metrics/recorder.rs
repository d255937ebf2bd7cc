//! The run's record: every kernel launch and transfer, and the trace's spans, gathered
//! from whichever threads run commands and turned into report rows in a fixed order.

use super::links::{link_spans, GpuCopies};
use super::report::{self, ReportFormat};
use super::trace::{self, Lane, TraceEvent, MAX_EVENTS, WORKGROUPS_PER_KERNEL};
use super::Metric;
use crate::config::Mode;
use crate::emu::InstructionCounts;
use crate::isa::Category;
use crate::platform::{KernelReport, TransferKind};
use crate::timing::FabricTraffic;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// Report names of the instruction categories, in the order the report lists them.
const CATEGORY_NAMES: [(Category, &str); 12] = [
    (Category::Salu, "salu"),
    (Category::Valu, "valu"),
    (Category::ScalarMemory, "smem"),
    (Category::VectorMemory, "vmem"),
    (Category::Lds, "lds"),
    (Category::Branch, "branch"),
    (Category::Waitcnt, "waitcnt"),
    (Category::Barrier, "barrier"),
    (Category::EndProgram, "end_program"),
    (Category::Control, "control"),
    (Category::Interpolation, "interpolation"),
    (Category::Image, "image"),
];

/// One finished kernel launch, placed on its queue's simulated timeline.
#[derive(Debug, Clone, Copy)]
pub struct KernelLaunchRecord<'a> {
    /// The kernel's name.
    pub kernel: &'a str,
    /// The GPU it ran on.
    pub gpu: usize,
    /// The queue that ran it (for the trace).
    pub queue: u64,
    /// Its start on the GPU's profiling clock, ns.
    pub start_ns: u64,
    /// The GPU's core clock, MHz (to turn time into cycles).
    pub clock_mhz: u32,
    /// What the GPU reported.
    pub report: &'a KernelReport,
    /// The command processor's time after the last work-group (`gpu.cp_completion_cycles`),
    /// ns: part of the launch, which ends this long after the GPU's report ends.
    pub completion_ns: u64,
}

/// One launch as kept for the report.
#[derive(Debug, Clone, Default)]
struct Launch {
    kernel: String,
    start_ns: u64,
    end_ns: u64,
    cycles: u64,
    workgroups: u64,
    wavefronts: u64,
    instructions: InstructionCounts,
    /// The memory hierarchy's metrics (timing mode).
    memory: Vec<Metric>,
}

/// Transfers of one kind on one GPU.
#[derive(Debug, Clone, Copy, Default)]
struct TransferTally {
    commands: u64,
    bytes: u64,
    ns: u64,
}

#[derive(Debug, Default)]
struct State {
    /// Per GPU, its launches in the order they ran.
    launches: Vec<Vec<Launch>>,
    transfers: BTreeMap<(usize, TransferKind), TransferTally>,
    /// Copies of buffers between discrete GPUs.
    copies: GpuCopies,
    trace: Vec<TraceEvent>,
    /// Per GPU, the trace events kept.
    kept_events: Vec<usize>,
    /// Trace events each GPU may keep: its share of [`MAX_EVENTS`].
    events_per_gpu: usize,
    dropped_events: u64,
}

/// Gathers what the run did, for the metrics report and the trace. Shared by all queues;
/// each method takes a lock briefly.
#[derive(Debug)]
pub struct Recorder {
    gpus: usize,
    tracing: bool,
    mode: Mode,
    state: Mutex<State>,
}

impl Recorder {
    /// A recorder for a platform of `gpus` GPUs whose kernels run in `mode` (the trace
    /// says whether its times are simulated or estimated); keeps trace spans only when
    /// `tracing`.
    pub fn new(gpus: usize, tracing: bool, mode: Mode) -> Recorder {
        Recorder {
            gpus,
            tracing,
            mode,
            state: Mutex::new(State {
                launches: vec![Vec::new(); gpus],
                kept_events: vec![0; gpus],
                events_per_gpu: MAX_EVENTS / gpus.max(1),
                ..State::default()
            }),
        }
    }

    /// Whether trace spans are kept.
    pub fn tracing(&self) -> bool {
        self.tracing
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records a finished kernel launch (and, when tracing, its span on the queue and
    /// its traced work-groups on their compute units).
    pub fn record_kernel(&self, launch: KernelLaunchRecord<'_>) {
        let report = launch.report;
        let duration = report.end_ns - report.start_ns + launch.completion_ns;
        let end_ns = launch.start_ns + duration;
        let mut state = self.lock();
        let Some(launches) = state.launches.get_mut(launch.gpu) else {
            return;
        };
        let index = launches.len();
        launches.push(Launch {
            kernel: launch.kernel.to_string(),
            start_ns: launch.start_ns,
            end_ns,
            cycles: duration * u64::from(launch.clock_mhz) / 1000,
            workgroups: report.workgroups,
            wavefronts: report.wavefronts,
            instructions: report.instructions,
            memory: report.metrics.clone(),
        });
        if !self.tracing {
            return;
        }
        let mut events = vec![TraceEvent {
            name: launch.kernel.to_string(),
            category: "kernel",
            gpu: launch.gpu,
            lane: Lane::Queue(launch.queue),
            start_ns: launch.start_ns,
            end_ns,
            args: vec![
                ("launch", index as f64),
                ("workgroups", report.workgroups as f64),
                ("wavefronts", report.wavefronts as f64),
                ("wavefront_instructions", report.instructions.total() as f64),
            ],
        }];
        // Work-group times are on the GPU's own clock: shift them onto the queue's.
        let shift = |t: u64| (t + launch.start_ns).saturating_sub(report.start_ns);
        events.extend(report.workgroup_spans.iter().map(|s| TraceEvent {
            name: format!("{} wg{}", launch.kernel, s.workgroup),
            category: "work-group",
            gpu: launch.gpu,
            lane: Lane::ComputeUnit(s.cu),
            start_ns: shift(s.start_ns),
            end_ns: shift(s.end_ns),
            args: vec![("launch", index as f64), ("workgroup", s.workgroup as f64)],
        }));
        events.extend(report.link_spans.iter().map(|s| TraceEvent {
            name: s.name.clone(),
            category: "link",
            gpu: launch.gpu,
            lane: Lane::Link(s.link),
            start_ns: shift(s.start_ns),
            end_ns: shift(s.end_ns),
            args: vec![("launch", index as f64), ("bytes", s.bytes as f64)],
        }));
        push_events(&mut state, events);
    }

    /// Counts a transfer of `bytes` of `kind` on GPU `gpu` taking `ns`.
    pub fn record_transfer(&self, gpu: usize, kind: TransferKind, bytes: u64, ns: u64) {
        let mut state = self.lock();
        let tally = state.transfers.entry((gpu, kind)).or_default();
        tally.commands += 1;
        tally.bytes += bytes;
        tally.ns += ns;
    }

    /// Records a copy of a buffer's `bytes` from GPU `from` to GPU `to` that started at
    /// `start_ns` and took `ns`, with what it put on the links (busy periods from its
    /// start): counted per GPU pair and per link, and, when tracing, drawn on the links'
    /// rows of GPU `to`.
    pub fn record_gpu_copy(
        &self,
        (from, to): (usize, usize),
        bytes: u64,
        (start_ns, ns): (u64, u64),
        traffic: FabricTraffic,
    ) {
        let events = self.link_events(to, start_ns, &traffic);
        let mut state = self.lock();
        state.copies.add((from, to), bytes, ns, traffic);
        push_events(&mut state, events);
    }

    /// Records what a transfer (or message) between the host and GPU `gpu` that started at
    /// `start_ns` put on the fabric's links (busy periods from its start): counted per
    /// link and per pair of ends and, when tracing, drawn on the links' rows of GPU `gpu`.
    pub fn record_links(&self, gpu: usize, start_ns: u64, traffic: FabricTraffic) {
        let events = self.link_events(gpu, start_ns, &traffic);
        let mut state = self.lock();
        state.copies.add_links(traffic);
        push_events(&mut state, events);
    }

    /// The trace events of the links' busy periods in `traffic` (from `start_ns`), on
    /// the links' rows of GPU `gpu` (none when not tracing).
    fn link_events(&self, gpu: usize, start_ns: u64, traffic: &FabricTraffic) -> Vec<TraceEvent> {
        if !self.tracing {
            return Vec::new();
        }
        link_spans(traffic, start_ns)
            .into_iter()
            .map(|s| TraceEvent {
                name: s.name,
                category: "link",
                gpu,
                lane: Lane::Link(s.link),
                start_ns: s.start_ns,
                end_ns: s.end_ns,
                args: vec![("bytes", s.bytes as f64)],
            })
            .collect()
    }

    /// Records, when tracing, a command other than a kernel (a transfer, marker, …) that
    /// ran on `queue` of GPU `gpu` from `start_ns` to `end_ns`.
    pub fn record_command(&self, gpu: usize, queue: u64, name: &str, start_ns: u64, end_ns: u64) {
        if !self.tracing {
            return;
        }
        let event = TraceEvent {
            name: name.to_string(),
            category: "command",
            gpu,
            lane: Lane::Queue(queue),
            start_ns,
            end_ns,
            args: Vec::new(),
        };
        push_events(&mut self.lock(), vec![event]);
    }

    /// The report's rows: per launch (GPU by GPU, in launch order), then per GPU, then
    /// the totals.
    pub fn rows(&self) -> Vec<Metric> {
        let state = self.lock();
        let mut rows = Vec::new();
        let mut total = Totals::default();
        for (gpu, launches) in state.launches.iter().enumerate() {
            for (index, launch) in launches.iter().enumerate() {
                let location = format!("gpu{gpu}.launch{index}.{}", launch.kernel);
                let mut row = |what: &str, value: u64, unit: &'static str| {
                    rows.push(metric(&location, what, value, unit))
                };
                row("gpu", gpu as u64, "index");
                row("launch", index as u64, "index");
                row("start", launch.start_ns, "ns");
                row("end", launch.end_ns, "ns");
                launch_rows(launch, &mut row);
                // Memory components by their place in the GPU, under the launch.
                let prefix = format!("gpu{gpu}.");
                rows.extend(launch.memory.iter().map(|m| Metric {
                    location: format!(
                        "{location}.{}",
                        m.location.strip_prefix(&prefix).unwrap_or(&m.location)
                    ),
                    ..m.clone()
                }));
                total.add(launch);
            }
        }
        for gpu in 0..self.gpus {
            let location = format!("gpu{gpu}");
            let launches = &state.launches[gpu];
            rows.push(metric(
                &location,
                "kernel_launches",
                launches.len() as u64,
                "count",
            ));
            let busy: u64 = launches.iter().map(|l| l.end_ns - l.start_ns).sum();
            rows.push(metric(&location, "kernel_time", busy, "ns"));
            for kind in TransferKind::ALL {
                let t = state
                    .transfers
                    .get(&(gpu, kind))
                    .copied()
                    .unwrap_or_default();
                let name = kind.name();
                rows.push(metric(
                    &location,
                    &format!("{name}_commands"),
                    t.commands,
                    "count",
                ));
                rows.push(metric(
                    &location,
                    &format!("{name}_bytes"),
                    t.bytes,
                    "bytes",
                ));
                rows.push(metric(&location, &format!("{name}_time"), t.ns, "ns"));
            }
            if self.gpus > 1 {
                let (copies, bytes, ns) = state.copies.into_gpu(gpu);
                rows.push(metric(&location, "gpu_to_gpu_commands", copies, "count"));
                rows.push(metric(&location, "gpu_to_gpu_bytes", bytes, "bytes"));
                rows.push(metric(&location, "gpu_to_gpu_time", ns, "ns"));
            }
        }
        rows.extend(state.copies.rows());
        rows.push(metric("total", "kernel_launches", total.launches, "count"));
        launch_rows(
            &total.sum,
            &mut |what: &str, value: u64, unit: &'static str| {
                rows.push(metric("total", what, value, unit))
            },
        );
        rows
    }

    /// The trace file's text.
    pub fn trace_text(&self) -> String {
        let state = self.lock();
        let mut events = state.trace.clone();
        // Queues run on their own threads: order the spans for a reproducible file.
        events.sort_by(|a, b| {
            (a.gpu, a.lane, a.start_ns, &a.name).cmp(&(b.gpu, b.lane, b.start_ns, &b.name))
        });
        let notes = [
            (
                "workgroups_per_kernel",
                format!(
                    "work-groups 0 to {} of each launch are traced",
                    WORKGROUPS_PER_KERNEL - 1
                ),
            ),
            ("max_events", MAX_EVENTS.to_string()),
            ("max_events_per_gpu", state.events_per_gpu.to_string()),
            ("dropped_events", state.dropped_events.to_string()),
            (
                "time",
                match self.mode {
                    Mode::Timing => "simulated",
                    Mode::Emu => "estimated (emu mode: kernels and work-groups take the front end's rough estimate)",
                }
                .to_string(),
            ),
        ];
        trace::render(&events, &notes)
    }

    /// Writes the report to `report` (format by extension) and the trace to `trace`, as
    /// far as they are given; on failure, says which file could not be written and why.
    pub fn write_files(&self, report: Option<&Path>, trace: Option<&Path>) -> Result<(), String> {
        if let Some(path) = report {
            let format = ReportFormat::of_path(path).ok_or_else(|| {
                format!(
                    "report {}: the name must end in .json or .csv",
                    path.display()
                )
            })?;
            std::fs::write(path, report::render(&self.rows(), format))
                .map_err(|e| format!("cannot write the report {}: {e}", path.display()))?;
        }
        if let Some(path) = trace {
            std::fs::write(path, self.trace_text())
                .map_err(|e| format!("cannot write the trace {}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// Appends `events` to the trace, dropping (and counting) those beyond their GPU's share
/// of [`MAX_EVENTS`]. A share per GPU, because GPUs' commands finish on different host
/// threads: with one budget for all, which GPU's events were dropped would depend on
/// which thread got there first, and so would the file.
fn push_events(state: &mut State, events: Vec<TraceEvent>) {
    for event in events {
        match state.kept_events.get_mut(event.gpu) {
            Some(kept) if *kept < state.events_per_gpu => {
                *kept += 1;
                state.trace.push(event);
            }
            _ => state.dropped_events += 1,
        }
    }
}

/// The sums over all launches.
#[derive(Default)]
struct Totals {
    launches: u64,
    sum: Launch,
}

impl Totals {
    fn add(&mut self, launch: &Launch) {
        self.launches += 1;
        self.sum.end_ns += launch.end_ns - launch.start_ns;
        self.sum.cycles += launch.cycles;
        self.sum.workgroups += launch.workgroups;
        self.sum.wavefronts += launch.wavefronts;
        self.sum.instructions.add(&launch.instructions);
    }
}

/// The rows a launch and the totals share: duration, cycles, work-groups, wavefronts and
/// wavefront instructions in total and by category.
fn launch_rows(launch: &Launch, row: &mut dyn FnMut(&str, u64, &'static str)) {
    row("duration", launch.end_ns - launch.start_ns, "ns");
    row("cycles", launch.cycles, "cycles");
    row("workgroups", launch.workgroups, "count");
    row("wavefronts", launch.wavefronts, "count");
    row(
        "wavefront_instructions",
        launch.instructions.total(),
        "count",
    );
    for (category, name) in CATEGORY_NAMES {
        row(
            &format!("instructions.{name}"),
            launch.instructions.get(category),
            "count",
        );
    }
}

fn metric(location: &str, what: &str, value: u64, unit: &'static str) -> Metric {
    Metric {
        location: location.to_string(),
        what: what.to_string(),
        value: value as f64,
        unit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::{LinkSpan, WorkGroupSpan};

    fn report(start_ns: u64, end_ns: u64, workgroups: u64) -> KernelReport {
        KernelReport {
            start_ns,
            end_ns,
            workgroups,
            wavefronts: 4 * workgroups,
            instructions: InstructionCounts::default(),
            workgroup_spans: vec![WorkGroupSpan {
                start_ns: start_ns + 10,
                cu: 3,
                workgroup: 0,
                end_ns: start_ns + 30,
            }],
            link_spans: vec![LinkSpan {
                link: 2,
                name: "gpu1>switch0".into(),
                start_ns: start_ns + 40,
                end_ns: start_ns + 90,
                bytes: 680,
            }],
            metrics: Vec::new(),
            printf_output: Vec::new(),
            engine: Default::default(),
        }
    }

    fn record(r: &Recorder, kernel: &str, gpu: usize, start_ns: u64, report: &KernelReport) {
        r.record_kernel(KernelLaunchRecord {
            kernel,
            gpu,
            queue: gpu as u64,
            start_ns,
            clock_mhz: 500,
            report,
            completion_ns: 0,
        });
    }

    fn value(rows: &[Metric], location: &str, what: &str) -> f64 {
        rows.iter()
            .find(|m| m.location == location && m.what == what)
            .unwrap_or_else(|| panic!("no row {location} {what}"))
            .value
    }

    #[test]
    fn memory_metrics_of_a_timing_launch_follow_its_rows() {
        let r = Recorder::new(2, false, Mode::Timing);
        let mut b = report(0, 1000, 8);
        b.metrics = vec![Metric {
            location: "gpu1.cu3.l1v".into(),
            what: "read_hits".into(),
            value: 7.0,
            unit: "count",
        }];
        record(&r, "b_kernel", 1, 50, &b);
        let rows = r.rows();
        assert_eq!(
            value(&rows, "gpu1.launch0.b_kernel.cu3.l1v", "read_hits"),
            7.0
        );
    }

    #[test]
    fn rows_are_per_launch_by_gpu_then_per_gpu_then_total() {
        let r = Recorder::new(2, false, Mode::Timing);
        let (a, b) = (report(100, 300, 2), report(0, 1000, 8));
        record(&r, "b_kernel", 1, 50, &b);
        record(&r, "a_kernel", 0, 7, &a);
        record(&r, "a_kernel", 1, 2000, &a);
        r.record_transfer(0, TransferKind::HostToDevice, 4096, 756);
        r.record_transfer(0, TransferKind::HostToDevice, 4, 501);
        let rows = r.rows();
        let mut locations: Vec<&str> = rows.iter().map(|m| m.location.as_str()).collect();
        locations.dedup();
        assert_eq!(
            locations,
            [
                "gpu0.launch0.a_kernel",
                "gpu1.launch0.b_kernel",
                "gpu1.launch1.a_kernel",
                "gpu0",
                "gpu1",
                "total"
            ]
        );
        // Times are on the queue's clock; the duration is the GPU's.
        assert_eq!(value(&rows, "gpu1.launch0.b_kernel", "start"), 50.0);
        assert_eq!(value(&rows, "gpu1.launch0.b_kernel", "end"), 1050.0);
        assert_eq!(value(&rows, "gpu1.launch0.b_kernel", "duration"), 1000.0);
        assert_eq!(value(&rows, "gpu1.launch0.b_kernel", "cycles"), 500.0);
        assert_eq!(value(&rows, "gpu1.launch1.a_kernel", "launch"), 1.0);
        assert_eq!(value(&rows, "gpu1.launch1.a_kernel", "gpu"), 1.0);
        assert_eq!(value(&rows, "gpu1", "kernel_time"), 1200.0);
        assert_eq!(value(&rows, "gpu0", "host_to_device_bytes"), 4100.0);
        assert_eq!(value(&rows, "gpu0", "host_to_device_commands"), 2.0);
        assert_eq!(value(&rows, "gpu0", "host_to_device_time"), 1257.0);
        assert_eq!(value(&rows, "gpu1", "device_to_host_bytes"), 0.0);
        assert_eq!(value(&rows, "total", "kernel_launches"), 3.0);
        assert_eq!(value(&rows, "total", "duration"), 1400.0);
        assert_eq!(value(&rows, "total", "workgroups"), 12.0);
        assert_eq!(value(&rows, "total", "wavefronts"), 48.0);
        let per_launch: Vec<&str> = rows
            .iter()
            .filter(|m| m.location == "gpu0.launch0.a_kernel")
            .map(|m| m.what.as_str())
            .collect();
        assert_eq!(per_launch.len(), 4 + 5 + CATEGORY_NAMES.len());
        assert!(per_launch.contains(&"instructions.valu"));
        assert!(r.trace_text().contains("\"traceEvents\": [\n\n]"));
    }

    #[test]
    fn trace_puts_workgroups_on_the_queue_clock() {
        let r = Recorder::new(1, true, Mode::Timing);
        let k = report(100, 300, 1);
        record(&r, "k", 0, 1000, &k);
        r.record_command(0, 0, "read_buffer", 1200, 1700);
        let text = r.trace_text();
        assert!(text.contains(
            "\"name\": \"k\", \"cat\": \"kernel\", \"pid\": 0, \"tid\": 1000000, \"ts\": 1, \"dur\": 0.2"
        ));
        // The span was 110..130 on the GPU's clock, where the kernel began at 100.
        assert!(text.contains(
            "\"name\": \"k wg0\", \"cat\": \"work-group\", \"pid\": 0, \"tid\": 3, \"ts\": 1.01, \"dur\": 0.02"
        ));
        assert!(text.contains("\"name\": \"read_buffer\", \"cat\": \"command\""));
        // A link between GPUs: a row named after it, its busy time on the same clock.
        assert!(text.contains("\"tid\": 2000002, \"args\": {\"name\": \"link gpu1>switch0\"}"));
        assert!(text.contains(
            "\"name\": \"gpu1>switch0\", \"cat\": \"link\", \"pid\": 0, \"tid\": 2000002, \"ts\": 1.04, \"dur\": 0.05, \"args\": {\"launch\": 0, \"bytes\": 680}"
        ));
    }

    #[test]
    fn each_gpu_keeps_its_share_of_trace_events_whatever_order_they_come_in() {
        let trace = |order: &[usize]| {
            let r = Recorder::new(2, true, Mode::Timing);
            r.lock().events_per_gpu = 2;
            let mut next = [0u64; 2];
            for &gpu in order {
                let t = next[gpu];
                next[gpu] += 100;
                r.record_command(gpu, gpu as u64, "write_buffer", t, t + 50);
            }
            r.trace_text()
        };
        let text = trace(&[0, 0, 0, 1, 1, 1, 0]);
        assert_eq!(trace(&[1, 0, 1, 0, 1, 0, 0]), text);
        assert_eq!(text.matches("write_buffer").count(), 4);
        assert!(text.contains("\"dropped_events\": \"3\""), "{text}");
    }

    #[test]
    fn write_failures_name_the_file() {
        let r = Recorder::new(1, false, Mode::Timing);
        let e = r
            .write_files(Some(Path::new("/nonexistent/dir/r.json")), None)
            .unwrap_err();
        assert!(e.contains("/nonexistent/dir/r.json"), "{e}");
        let dir = std::env::temp_dir().join(format!("gcnsim-recorder-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (csv, trace) = (dir.join("r.csv"), dir.join("t.json"));
        r.write_files(Some(&csv), Some(&trace)).unwrap();
        let text = std::fs::read_to_string(&csv).unwrap();
        assert!(text.starts_with("location,what,value,unit\ngpu0,kernel_launches,0,count\n"));
        assert!(std::fs::read_to_string(&trace).unwrap().starts_with('{'));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
