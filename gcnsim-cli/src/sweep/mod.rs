//! `gcnsim sweep`: every point of a sweep file run on this machine or as a SLURM job
//! array, resumable, merged into one table (`table.csv`, `table.parquet`).

mod local;
mod point;
mod progress;
mod slurm;
pub mod spec;
pub mod table;

use anyhow::{Context, Result};
use point::recorded;
use spec::Sweep;
use std::path::PathBuf;
use table::Table;

/// Arguments of `gcnsim sweep`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example sweep file (the cross product of [parameters], per command):
  [parameters]
  mode = \"timing\"
  \"gpu.l2.size_bytes\" = [65536, 262144]
  \"gpu.compute_units\" = [16, 64]
  [commands]
  fir = [\"build/fir/fir\", \"-n\", \"4096\"]

  gcnsim sweep study.toml --jobs 2
  gcnsim sweep study.toml --slurm --sbatch-arg=--partition=gpu"
)]
pub struct SweepArgs {
    /// The sweep file (TOML)
    pub file: PathBuf,
    /// Points run at once (on this machine; with --slurm, the array's task limit)
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Submit the points as one SLURM job array (sbatch) and wait for it
    #[arg(long)]
    pub slurm: bool,
    /// An option passed to sbatch (repeatable), e.g. --sbatch-arg=--partition=gpu
    #[arg(
        long = "sbatch-arg",
        value_name = "OPTION",
        allow_hyphen_values = true,
        requires = "slurm"
    )]
    pub sbatch_args: Vec<String>,
    /// Internal: run the point SLURM_ARRAY_TASK_ID names (what each array task does)
    #[arg(long, hide = true, conflicts_with = "slurm")]
    pub slurm_task: bool,
}

/// Runs the sweep; returns the exit code (1 if any point failed).
pub fn run(args: SweepArgs) -> Result<i32> {
    let sweep = Sweep::load(&args.file)?;
    if args.slurm_task {
        return Ok(if slurm::run_task(&sweep)? { 0 } else { 1 });
    }
    std::fs::create_dir_all(&sweep.output)
        .with_context(|| format!("cannot create {}", sweep.output.display()))?;
    let pending: Vec<usize> = (0..sweep.points.len())
        .filter(|&i| !recorded(&sweep.point_folder(&sweep.points[i])).is_some_and(|o| o.is_ok()))
        .collect();
    let skipped = sweep.points.len() - pending.len();
    eprintln!(
        "gcnsim: sweep {}: {} points, {} already done, {} to run{}",
        args.file.display(),
        sweep.points.len(),
        skipped,
        pending.len(),
        if args.slurm {
            " as a SLURM job array"
        } else {
            ""
        }
    );
    if !pending.is_empty() {
        if args.slurm {
            slurm::run(&sweep, &pending, args.jobs, &args.sbatch_args)?;
        } else {
            let points: Vec<_> = pending.iter().map(|&i| &sweep.points[i]).collect();
            let jobs = args
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            local::run(&sweep, &points, jobs);
        }
    }
    let mut failed = 0;
    for point in &sweep.points {
        match recorded(&sweep.point_folder(point)) {
            Some(o) if o.is_ok() => {}
            Some(o) => {
                failed += 1;
                eprintln!(
                    "gcnsim: point {} ({}) failed: {}",
                    point.id,
                    describe(&sweep, point),
                    o.message
                );
            }
            None => {
                failed += 1;
                eprintln!(
                    "gcnsim: point {} ({}) did not run",
                    point.id,
                    describe(&sweep, point)
                );
            }
        }
    }
    if failed > 0 {
        eprintln!(
            "gcnsim: the points' files are in {}",
            sweep.output.join("points").display()
        );
    }
    let table = Table::gather(&sweep)?;
    let csv = sweep.output.join("table.csv");
    std::fs::write(&csv, table.to_csv())
        .with_context(|| format!("cannot write {}", csv.display()))?;
    let parquet = sweep.output.join("table.parquet");
    table.write_parquet(&parquet)?;
    eprintln!(
        "gcnsim: {} of {} points ok; table: {} and {}",
        sweep.points.len() - failed,
        sweep.points.len(),
        csv.display(),
        parquet.display()
    );
    Ok(if failed == 0 { 0 } else { 1 })
}

fn describe(sweep: &Sweep, point: &spec::Point) -> String {
    let mut parts = vec![point.command.clone()];
    for (key, value) in sweep.parameters.iter().zip(&point.values) {
        if !value.is_empty() {
            parts.push(format!("{key}={value}"));
        }
    }
    parts.join(", ")
}
