//! `gcnsim plot`: charts of a metrics report (one run) or of a sweep's merged table
//! (measures against a swept parameter), as SVG and PNG, and optionally one HTML page.

pub mod chart;
mod heat_map;
mod measures;
mod timeline;

use crate::sweep::table::{parse_csv, ReportRow, Table};
use anyhow::{bail, Context, Result};
use chart::{Axis, Chart, Series};
use measures::Measures;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Arguments of `gcnsim plot`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  gcnsim plot study-results/table.csv --html --log-x\n  gcnsim plot fir-report.json fir-trace.json --out fir-plots --html"
)]
pub struct PlotArgs {
    /// A sweep's table.csv, a metrics report (.json or .csv) or a trace (.json) of one
    /// run; several inputs (a run's report and trace) give their charts together
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Folder for the charts (default: <first input without extension>-plots)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub table: TableOptions,
    /// Also write index.html showing every chart
    #[arg(long)]
    pub html: bool,
}

/// How a sweep table's charts are drawn.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct TableOptions {
    /// The swept parameter on the x axis (default: the first numeric one that varies)
    #[arg(long, value_name = "KEY")]
    pub x: Option<String>,
    /// A logarithmic x axis (the default when the x values are positive and span two
    /// decades or more)
    #[arg(long, conflicts_with = "linear_x")]
    pub log_x: bool,
    /// A linear x axis even when the x values span two decades or more
    #[arg(long)]
    pub linear_x: bool,
    /// A logarithmic y axis (values at or below zero are not drawn)
    #[arg(long)]
    pub log_y: bool,
}

/// Draws the charts; returns the exit code.
pub fn run(args: PlotArgs) -> Result<i32> {
    let mut charts: Vec<Chart> = Vec::new();
    for input in &args.inputs {
        for c in charts_of(input, &args.table)? {
            if charts.iter().any(|o| o.name == c.name) {
                bail!(
                    "{}: a chart named {} came from an earlier input too; plot them into \
                     separate folders",
                    input.display(),
                    c.name
                );
            }
            charts.push(c);
        }
    }
    let out = args.out.clone().unwrap_or_else(|| {
        let stem = args.inputs[0].with_extension("");
        PathBuf::from(format!("{}-plots", stem.display()))
    });
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    chart::load_font()?;
    for c in &charts {
        c.write(&out)?;
    }
    if args.html {
        std::fs::write(out.join("index.html"), html(&args.inputs, &charts))?;
    }
    let names: Vec<&str> = charts.iter().map(|c| c.name.as_str()).collect();
    eprintln!(
        "gcnsim: {} charts in {} (.svg and .png{}): {}",
        charts.len(),
        out.display(),
        if args.html { ", index.html" } else { "" },
        names.join(", ")
    );
    Ok(0)
}

/// The charts of a report, trace or table file.
pub fn charts_of(input: &Path, table: &TableOptions) -> Result<Vec<Chart>> {
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let is_table = text.starts_with("point,command,");
    if !is_table && (table.x.is_some() || table.log_x || table.linear_x || table.log_y) {
        bail!(
            "{}: --x, --log-x, --linear-x and --log-y apply to sweep tables (table.csv) only",
            input.display()
        );
    }
    let charts = if input.extension().is_some_and(|e| e == "json") {
        let json: serde_json::Value = serde_json::from_str(&text)
            .with_context(|| format!("{} is not valid JSON", input.display()))?;
        if json.get("traceEvents").is_some() {
            let chart = timeline::workgroups_over_time(&json)
                .with_context(|| format!("trace {}", input.display()))?;
            if chart.is_none() {
                bail!(
                    "{}: nothing to plot (no work-groups traced)",
                    input.display()
                );
            }
            chart.into_iter().collect()
        } else {
            let rows: Vec<ReportRow> = serde_json::from_value(json)
                .with_context(|| format!("report {} is not valid", input.display()))?;
            report_charts(&rows)
        }
    } else if text.starts_with("location,what,value,unit") {
        report_charts(&report_from_csv(&text))
    } else if is_table {
        table_charts(&Table::from_csv(&text)?, table)?
    } else {
        bail!(
            "{}: neither a metrics report (.json, or .csv starting `location,what,value,unit`), \
             a trace (.json with traceEvents) nor a sweep table (table.csv)",
            input.display()
        )
    };
    if charts.is_empty() {
        bail!("{}: nothing to plot (no kernel launches)", input.display());
    }
    Ok(charts)
}

fn report_from_csv(text: &str) -> Vec<ReportRow> {
    parse_csv(text)
        .into_iter()
        .skip(1)
        .filter(|r| r.len() == 4)
        .map(|r| ReportRow {
            location: r[0].clone(),
            what: r[1].clone(),
            value: r[2].parse().ok(),
            unit: r[3].clone(),
        })
        .collect()
}

/// A series over categories: value i belongs to category i.
fn categories(name: &str, values: &[f64]) -> Series {
    Series {
        name: name.to_string(),
        points: values
            .iter()
            .enumerate()
            .map(|(i, v)| (i as f64, *v))
            .collect(),
    }
}

fn report_charts(rows: &[ReportRow]) -> Vec<Chart> {
    let m = Measures::of(rows);
    let mut charts = Vec::new();
    if m.launches.is_empty() {
        return charts;
    }
    let launches: Vec<String> = m.launches.iter().map(|l| l.0.clone()).collect();
    let times: Vec<f64> = m.launches.iter().map(|l| l.1 / 1000.0).collect();
    charts.push(Chart {
        name: "kernel_time".into(),
        title: "Simulated time per kernel launch".into(),
        x_label: "launch".into(),
        y_label: "time (µs)".into(),
        series: vec![categories("kernel time", &times)],
        axis: Axis::Categories(launches.clone()),
    });
    if !m.gpu_traffic.is_empty() {
        let sources: std::collections::BTreeSet<usize> =
            m.gpu_traffic.keys().map(|k| k.0).collect();
        let series = sources
            .iter()
            .map(|&a| Series {
                name: format!("from gpu{a}"),
                points: m
                    .gpu_traffic
                    .iter()
                    .filter(|(k, _)| k.0 == a)
                    .map(|(k, bytes)| (k.1 as f64, bytes / 1e6))
                    .collect(),
            })
            .collect();
        charts.push(Chart {
            name: "gpu_traffic".into(),
            title: "Bytes between GPUs (a unified device's launches, buffers moved between discrete GPUs)".into(),
            x_label: "to GPU".into(),
            y_label: "from GPU".into(),
            series,
            axis: Axis::Lanes {
                bin: 1.0,
                value: "MB".into(),
            },
        });
    }
    let rates = m.hit_rates();
    if !rates.is_empty() {
        let levels: Vec<String> = rates.iter().map(|r| r.0.clone()).collect();
        let values: Vec<f64> = rates.iter().map(|r| r.1 * 100.0).collect();
        charts.push(Chart {
            name: "hit_rates".into(),
            title: "Hit rate per cache and TLB level (all launches)".into(),
            x_label: "level".into(),
            y_label: "hit rate (%)".into(),
            series: vec![categories("hit rate", &values)],
            axis: Axis::Categories(levels),
        });
    }
    if !m.dram_bytes.is_empty() {
        let names: Vec<String> = m.dram_bytes.iter().map(|d| d.0.clone()).collect();
        let values: Vec<f64> = m
            .dram_bytes
            .iter()
            .map(|(l, b)| {
                let t = m.launches.iter().find(|x| &x.0 == l).map_or(0.0, |x| x.1);
                if t > 0.0 {
                    b / t
                } else {
                    0.0
                }
            })
            .collect();
        charts.push(Chart {
            name: "dram_bandwidth".into(),
            title: "DRAM bandwidth per kernel launch".into(),
            x_label: "launch".into(),
            y_label: "GB/s".into(),
            series: vec![categories("DRAM bandwidth", &values)],
            axis: Axis::Categories(names),
        });
    }
    if !m.instructions.is_empty() {
        let names: Vec<String> = m.instructions.iter().map(|i| i.0.clone()).collect();
        let mut kinds: Vec<String> = m
            .instructions
            .iter()
            .flat_map(|i| {
                i.1.iter()
                    .filter(|(_, v)| **v > 0.0)
                    .map(|(k, _)| k.clone())
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        let series = kinds
            .iter()
            .map(|k| {
                let values: Vec<f64> = m
                    .instructions
                    .iter()
                    .map(|i| i.1.get(k).copied().unwrap_or(0.0))
                    .collect();
                categories(k, &values)
            })
            .collect();
        charts.push(Chart {
            name: "instruction_mix".into(),
            title: "Wavefront instructions per category (stacked)".into(),
            x_label: "launch".into(),
            y_label: "wavefront instructions".into(),
            series,
            axis: Axis::Categories(names),
        });
    }
    if !m.workgroups_per_cu.is_empty() {
        let names: Vec<String> = m.workgroups_per_cu.keys().map(|c| c.to_string()).collect();
        let values: Vec<f64> = m.workgroups_per_cu.values().copied().collect();
        charts.push(Chart {
            name: "workgroups_per_cu".into(),
            title: "Work-groups per compute unit (all launches)".into(),
            x_label: "compute unit".into(),
            y_label: "work-groups".into(),
            series: vec![categories("work-groups", &values)],
            axis: Axis::Categories(names),
        });
    }
    if m.cycles > 0.0 && !m.cu_instructions.is_empty() {
        let cpi = m.cycles_per_instruction();
        let names: Vec<String> = cpi.keys().map(|c| c.to_string()).collect();
        let values: Vec<f64> = cpi.values().copied().collect();
        charts.push(Chart {
            name: "cpi_per_cu".into(),
            title: "Cycles per wavefront instruction issued, per compute unit".into(),
            x_label: "compute unit".into(),
            y_label: "cycles / wavefront instruction".into(),
            series: vec![categories("CPI", &values)],
            axis: Axis::Categories(names),
        });
    }
    if !m.cpi_stack.is_empty() {
        let names: Vec<String> = m.cpi_stack.keys().map(|c| c.to_string()).collect();
        let mut states: Vec<String> = m
            .cpi_stack
            .values()
            .flat_map(|s| s.keys().cloned())
            .collect();
        states.sort();
        states.dedup();
        let series = states
            .iter()
            .map(|state| {
                let values: Vec<f64> = m
                    .cpi_stack
                    .iter()
                    .map(|(cu, s)| {
                        let instructions = m.cu_instructions.get(cu).copied().unwrap_or(0.0);
                        let cycles = s.get(state).copied().unwrap_or(0.0);
                        if instructions > 0.0 {
                            cycles / instructions
                        } else {
                            0.0
                        }
                    })
                    .collect();
                categories(&state.replace('_', " "), &values)
            })
            .collect();
        charts.push(Chart {
            name: "cpi_stack_per_cu".into(),
            title: "CPI stack per compute unit (stacked)".into(),
            x_label: "compute unit".into(),
            y_label: "cycles / wavefront instruction".into(),
            series,
            axis: Axis::Categories(names),
        });
    }
    if m.cycles > 0.0 && !m.simd_busy.is_empty() {
        let names: Vec<String> = m.simd_busy.keys().map(|c| c.to_string()).collect();
        let simds: usize = m.simd_busy.values().map(|s| s.len()).max().unwrap_or(0);
        let series = (0..simds)
            .map(|simd| {
                let values: Vec<f64> = m
                    .simd_busy
                    .values()
                    .map(|s| s.get(&simd).copied().unwrap_or(0.0) / m.cycles * 100.0)
                    .collect();
                categories(&format!("SIMD {simd}"), &values)
            })
            .collect();
        charts.push(Chart {
            name: "simd_busy_per_cu".into(),
            title: "VALU busy time of each SIMD, per compute unit (stacked)".into(),
            x_label: "compute unit".into(),
            y_label: "busy (% of kernel cycles, summed over SIMDs)".into(),
            series,
            axis: Axis::Categories(names),
        });
    }
    charts
}

/// One successful point of a table: its command, parameter values and measures.
struct TablePoint {
    command: String,
    values: BTreeMap<String, String>,
    measures: Measures,
}

fn table_charts(table: &Table, options: &TableOptions) -> Result<Vec<Chart>> {
    let col = |name: &str| {
        table
            .column(name)
            .with_context(|| format!("the table has no `{name}` column"))
    };
    let (point, command, status) = (col("point")?, col("command")?, col("status")?);
    let (location, what, value, unit) =
        (col("location")?, col("what")?, col("value")?, col("unit")?);
    let parameters: Vec<String> = table.columns[command + 1..status].to_vec();
    let mut points: Vec<(String, TablePoint, Vec<ReportRow>)> = Vec::new();
    for r in table.rows.iter().filter(|r| r[status] == "ok") {
        if points.last().map(|p| &p.0) != Some(&r[point]) {
            let values = parameters
                .iter()
                .enumerate()
                .map(|(i, p)| (p.clone(), r[command + 1 + i].clone()))
                .collect();
            let p = TablePoint {
                command: r[command].clone(),
                values,
                measures: Measures::default(),
            };
            points.push((r[point].clone(), p, Vec::new()));
        }
        points.last_mut().expect("pushed").2.push(ReportRow {
            location: r[location].clone(),
            what: r[what].clone(),
            value: r[value].parse().ok(),
            unit: r[unit].clone(),
        });
    }
    let mut points: Vec<TablePoint> = points
        .into_iter()
        .map(|(_, mut p, rows)| {
            p.measures = Measures::of(&rows);
            p
        })
        .collect();
    if points.is_empty() {
        bail!("no point of the table succeeded: nothing to plot");
    }
    let varying: Vec<&String> = parameters
        .iter()
        .filter(|p| {
            let mut v: Vec<&String> = points.iter().map(|t| &t.values[*p]).collect();
            v.sort();
            v.dedup();
            v.len() > 1
        })
        .collect();
    let numeric = |p: &String| points.iter().all(|t| t.values[p].parse::<f64>().is_ok());
    let x = match options.x.as_deref() {
        Some(x) if parameters.iter().any(|p| p == x) => x.to_string(),
        Some(x) => bail!(
            "--x {x}: the table's parameters are {}",
            parameters.join(", ")
        ),
        None => match varying.iter().find(|p| numeric(p)) {
            Some(p) => p.to_string(),
            None => bail!(
                "no numeric parameter varies in this table (parameters: {}); plot one point's \
                 report instead",
                parameters.join(", ")
            ),
        },
    };
    if !numeric(&x) {
        bail!("--x {x}: its values are not all numbers");
    }
    points.sort_by(|a, b| {
        let key = |t: &TablePoint| t.values[&x].parse::<f64>().unwrap_or(0.0);
        key(a).total_cmp(&key(b))
    });
    let others: Vec<&String> = varying.into_iter().filter(|p| **p != x).collect();
    let label = |t: &TablePoint, what: &str| {
        let mut parts = vec![t.command.clone()];
        if !what.is_empty() {
            parts.push(what.to_string());
        }
        parts.extend(others.iter().map(|p| format!("{p}={}", t.values[*p])));
        parts.join(" ")
    };
    let mut times: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    let mut rates: BTreeMap<String, BTreeMap<String, Vec<(f64, f64)>>> = BTreeMap::new();
    let mut bandwidth: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for t in &points {
        let xv: f64 = t.values[&x].parse().unwrap_or(0.0);
        for (kernel, ns) in &t.measures.kernel_time {
            let name = if *kernel == t.command {
                String::new()
            } else {
                kernel.clone()
            };
            times
                .entry(label(t, &name))
                .or_default()
                .push((xv, ns / 1000.0));
        }
        for (level, rate) in t.measures.hit_rates() {
            rates
                .entry(level)
                .or_default()
                .entry(label(t, ""))
                .or_default()
                .push((xv, rate * 100.0));
        }
        if let Some(gbs) = t.measures.dram_gbytes_per_s() {
            bandwidth.entry(label(t, "")).or_default().push((xv, gbs));
        }
    }
    let series = |m: BTreeMap<String, Vec<(f64, f64)>>| -> Vec<Series> {
        m.into_iter()
            .map(|(name, points)| Series { name, points })
            .collect()
    };
    let xs: Vec<f64> = points
        .iter()
        .map(|t| t.values[&x].parse().unwrap_or(0.0))
        .collect();
    let (lo, hi) = (xs[0], xs[xs.len() - 1]);
    let decades = lo > 0.0 && hi / lo >= 100.0;
    let log_x = options.log_x || (decades && !options.linear_x);
    let x_label = match (log_x, options.log_x) {
        (false, _) => x.clone(),
        (true, true) => format!("{x} (log scale)"),
        (true, false) => format!("{x} (log scale: the values span 2 decades or more)"),
    };
    let axis = Axis::Numeric {
        log_x,
        log_y: options.log_y,
    };
    let y_label = |label: String| match options.log_y {
        true => format!("{label}, log scale"),
        false => label,
    };
    let mut charts = vec![Chart {
        name: "kernel_time".into(),
        title: format!("Simulated kernel time against {x}"),
        x_label: x_label.clone(),
        y_label: y_label("time (µs)".into()),
        axis: axis.clone(),
        series: series(times),
    }];
    for (level, by_series) in rates {
        charts.push(Chart {
            name: format!("hit_rate_{level}"),
            title: format!("{level} hit rate against {x}"),
            x_label: x_label.clone(),
            y_label: y_label(format!("{level} hit rate (%)")),
            axis: axis.clone(),
            series: series(by_series),
        });
    }
    if !bandwidth.is_empty() {
        charts.push(Chart {
            name: "dram_bandwidth".into(),
            title: format!("DRAM bandwidth against {x}"),
            x_label,
            y_label: y_label("GB/s (DRAM bytes / kernel time)".into()),
            axis,
            series: series(bandwidth),
        });
    }
    Ok(charts)
}

fn html(inputs: &[PathBuf], charts: &[Chart]) -> String {
    let names: Vec<String> = inputs.iter().map(|i| i.display().to_string()).collect();
    let mut page = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gcnsim: {0}</title></head>\n\
         <body style=\"font-family: sans-serif\">\n<h1>gcnsim: {0}</h1>\n",
        escape(&names.join(", "))
    );
    for c in charts {
        page.push_str(&format!(
            "<h2>{}</h2>\n<p><img src=\"{}.svg\" alt=\"{}\"> <a href=\"{1}.png\">PNG</a></p>\n",
            escape(&c.title),
            c.name,
            escape(&c.title)
        ));
    }
    page.push_str("</body></html>\n");
    page
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of fir's kernel time at the L2 sizes given.
    fn table(sizes: &[u64]) -> Table {
        let mut csv = String::from(
            "point,command,gpu.l2.size_bytes,status,exit_code,message,location,what,value,unit\n",
        );
        for (i, size) in sizes.iter().enumerate() {
            csv.push_str(&format!(
                "p{i},fir,{size},ok,0,,gpu0.launch0.fir,duration,{},ns\n",
                1000 + i
            ));
        }
        Table::from_csv(&csv).unwrap()
    }

    fn axis_and_label(sizes: &[u64], options: TableOptions) -> (Axis, String) {
        let charts = table_charts(&table(sizes), &options).unwrap();
        (charts[0].axis.clone(), charts[0].x_label.clone())
    }

    #[test]
    fn the_x_axis_is_logarithmic_when_asked_or_when_it_spans_two_decades() {
        let linear = Axis::Numeric {
            log_x: false,
            log_y: false,
        };
        let log_x = Axis::Numeric {
            log_x: true,
            log_y: false,
        };
        let two_decades = [16384, 262144, 1638400];
        let less = [16384, 262144, 1638399];
        assert_eq!(
            axis_and_label(&less, TableOptions::default()),
            (linear.clone(), "gpu.l2.size_bytes".into())
        );
        assert_eq!(
            axis_and_label(&two_decades, TableOptions::default()),
            (
                log_x.clone(),
                "gpu.l2.size_bytes (log scale: the values span 2 decades or more)".into()
            )
        );
        let linear_x = TableOptions {
            linear_x: true,
            ..TableOptions::default()
        };
        assert_eq!(axis_and_label(&two_decades, linear_x).0, linear);
        let forced = TableOptions {
            log_x: true,
            log_y: true,
            ..TableOptions::default()
        };
        let charts = table_charts(&table(&less), &forced).unwrap();
        assert_eq!(
            charts[0].axis,
            Axis::Numeric {
                log_x: true,
                log_y: true
            }
        );
        assert_eq!(charts[0].x_label, "gpu.l2.size_bytes (log scale)");
        assert_eq!(charts[0].y_label, "time (µs), log scale");
    }
}
