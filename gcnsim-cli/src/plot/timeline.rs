//! Work-groups per compute unit over simulated time, from a Chrome trace file
//! (`GCNSIM_TRACE`): how many work-groups each compute unit held, on average, in each of
//! a fixed number of time bins.

use super::chart::{Axis, Chart, Series};
use anyhow::{bail, Result};
use serde_json::Value;
use sim_core::metrics::WORKGROUPS_PER_KERNEL;
use std::collections::BTreeMap;

/// Time bins the traced interval is cut into (fewer when it is shorter in ns).
pub const BINS: u64 = 200;

/// What a trace says about work-groups: their spans per (gpu, compute unit), how many
/// the traced kernels launched, how many events the trace dropped, and whether its times
/// are estimates (emulation mode) rather than simulated.
#[derive(Debug, Default, PartialEq)]
struct TracedWorkGroups {
    spans: BTreeMap<(u64, u64), Vec<(u64, u64)>>,
    launched: u64,
    dropped: u64,
    estimated: bool,
}

/// Nanoseconds from one of the trace's microsecond numbers.
fn ns(v: &Value) -> Option<u64> {
    Some((v.as_f64()? * 1000.0).round() as u64)
}

impl TracedWorkGroups {
    fn of(trace: &Value) -> Result<Self> {
        let Some(events) = trace.get("traceEvents").and_then(Value::as_array) else {
            bail!("no traceEvents array");
        };
        let mut t = TracedWorkGroups::default();
        for e in events.iter().filter(|e| e["ph"] == "X") {
            if e["cat"] == "kernel" {
                t.launched += e["args"]["workgroups"].as_u64().unwrap_or(0);
            } else if e["cat"] == "work-group" {
                let (Some(gpu), Some(cu), Some(start), Some(dur)) = (
                    e["pid"].as_u64(),
                    e["tid"].as_u64(),
                    ns(&e["ts"]),
                    ns(&e["dur"]),
                ) else {
                    bail!("a work-group event without pid, tid, ts or dur: {e}");
                };
                t.spans
                    .entry((gpu, cu))
                    .or_default()
                    .push((start, start + dur));
            }
        }
        t.dropped = trace["otherData"]["dropped_events"]
            .as_str()
            .and_then(|d| d.parse().ok())
            .unwrap_or(0);
        t.estimated = trace["otherData"]["time"]
            .as_str()
            .is_some_and(|time| time.starts_with("estimated"));
        Ok(t)
    }

    fn traced(&self) -> u64 {
        self.spans.values().map(|s| s.len() as u64).sum()
    }
}

/// The chart of resident work-groups per compute unit against simulated time (a heat
/// map, a lane per compute unit that ran a traced work-group), or `None` if the trace
/// has no work-groups.
pub fn workgroups_over_time(trace: &Value) -> Result<Option<Chart>> {
    let t = TracedWorkGroups::of(trace)?;
    let all = t.spans.values().flatten();
    let Some(first) = all.clone().map(|s| s.0).min() else {
        return Ok(None);
    };
    let last = all.map(|s| s.1).max().unwrap_or(first);
    let bins = BINS.min(last - first).max(1);
    let width = (last - first).max(1) as f64 / bins as f64;
    let gpus: Vec<u64> = t.spans.keys().map(|k| k.0).collect();
    let one_gpu = gpus.iter().all(|g| *g == gpus[0]);
    let series = t
        .spans
        .iter()
        .map(|(&(gpu, cu), spans)| {
            let mut resident = vec![0.0; bins as usize];
            for &(start, end) in spans {
                let (s, e) = ((start - first) as f64, (end - first) as f64);
                let from = ((s / width) as usize).min(bins as usize - 1);
                let to = ((e / width).ceil() as usize).clamp(from + 1, bins as usize);
                for (b, r) in resident.iter_mut().enumerate().take(to).skip(from) {
                    let (b0, b1) = (b as f64 * width, (b + 1) as f64 * width);
                    *r += (e.min(b1) - s.max(b0)).max(0.0) / width;
                }
            }
            Series {
                name: if one_gpu {
                    format!("cu{cu}")
                } else {
                    format!("gpu{gpu} cu{cu}")
                },
                points: resident
                    .into_iter()
                    .enumerate()
                    .map(|(b, r)| ((first as f64 + b as f64 * width) / 1000.0, r))
                    .collect(),
            }
        })
        .collect();
    let mut x_label = match t.estimated {
        true => "estimated time (µs; emu mode, not simulated)",
        false => "simulated time (µs)",
    }
    .to_string();
    if t.traced() < t.launched {
        x_label.push_str(&format!(
            "; {} of {} work-groups traced (0 to {} of each launch)",
            t.traced(),
            t.launched,
            WORKGROUPS_PER_KERNEL - 1
        ));
    }
    if t.dropped > 0 {
        x_label.push_str(&format!("; {} trace events dropped", t.dropped));
    }
    Ok(Some(Chart {
        name: "workgroups_over_time".into(),
        title: "Resident work-groups per compute unit over time".into(),
        x_label,
        y_label: if one_gpu {
            format!("compute unit (gpu{})", gpus[0])
        } else {
            "compute unit".into()
        },
        axis: Axis::Lanes {
            bin: width / 1000.0,
            value: "resident work-groups (mean per bin)".into(),
        },
        series,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(events: &str) -> Value {
        let text = format!(
            "{{\"traceEvents\": [{events}], \"otherData\": {{\"dropped_events\": \"0\", \
             \"time\": \"simulated\"}}}}"
        );
        serde_json::from_str(&text).unwrap()
    }

    fn workgroup(cu: u32, start_ns: u64, end_ns: u64) -> String {
        workgroup_on(0, cu, start_ns, end_ns)
    }

    fn workgroup_on(gpu: u32, cu: u32, start_ns: u64, end_ns: u64) -> String {
        format!(
            "{{\"ph\": \"X\", \"name\": \"k wg0\", \"cat\": \"work-group\", \"pid\": {gpu}, \
             \"tid\": {cu}, \"ts\": {}, \"dur\": {}, \"args\": {{}}}}",
            start_ns as f64 / 1000.0,
            (end_ns - start_ns) as f64 / 1000.0
        )
    }

    #[test]
    fn resident_workgroups_are_averaged_per_time_bin_and_cu() {
        let events = [
            "{\"ph\": \"X\", \"name\": \"k\", \"cat\": \"kernel\", \"pid\": 0, \"tid\": 1000000, \
             \"ts\": 0, \"dur\": 1, \"args\": {\"workgroups\": 5}}"
                .to_string(),
            workgroup(0, 1000, 2000),
            workgroup(0, 1500, 2000),
            workgroup(1, 1000, 1500),
            workgroup(1, 1502, 1507),
        ];
        let chart = workgroups_over_time(&trace(&events.join(", ")))
            .unwrap()
            .unwrap();
        assert_eq!(
            chart.axis,
            Axis::Lanes {
                bin: 0.005,
                value: "resident work-groups (mean per bin)".into()
            }
        );
        assert!(
            chart.x_label.contains("4 of 5 work-groups traced"),
            "{}",
            chart.x_label
        );
        assert_eq!(chart.y_label, "compute unit (gpu0)");
        let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["cu0", "cu1"]);
        let (cu0, cu1) = (&chart.series[0].points, &chart.series[1].points);
        assert_eq!(cu0.len(), BINS as usize);
        assert_eq!(cu0[0], (1.0, 1.0));
        assert_eq!(cu0[99].1, 1.0);
        assert_eq!(cu0[100].1, 2.0);
        assert_eq!(cu0[199], (1.995, 2.0));
        // cu1: 1000 to 1500 ns fills bins 0 to 99; 1502 to 1507 ns is 3/5 of bin 100
        // and 2/5 of bin 101.
        assert_eq!(cu1[99].1, 1.0);
        assert!((cu1[100].1 - 0.6).abs() < 1e-9 && (cu1[101].1 - 0.4).abs() < 1e-9);
        assert_eq!(cu1[102].1, 0.0);
    }

    #[test]
    fn lanes_of_several_gpus_name_their_gpu() {
        let events = [workgroup_on(1, 3, 0, 10), workgroup_on(0, 5, 5, 10)];
        let chart = workgroups_over_time(&trace(&events.join(", ")))
            .unwrap()
            .unwrap();
        let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["gpu0 cu5", "gpu1 cu3"]);
        assert_eq!(chart.y_label, "compute unit");
        assert_eq!(
            chart.series[0].points.len(),
            10,
            "a bin per ns when shorter than 200 ns"
        );
        assert_eq!(chart.x_label, "simulated time (µs)", "nothing missing");
    }

    #[test]
    fn a_trace_without_workgroups_has_no_chart() {
        assert_eq!(workgroups_over_time(&trace("")).unwrap(), None);
        assert!(workgroups_over_time(&serde_json::json!({"x": 1})).is_err());
    }
}
