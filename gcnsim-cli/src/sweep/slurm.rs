//! Running a sweep's points as one SLURM job array: a task per point
//! (`SLURM_ARRAY_TASK_ID` is the point's index), each task writing its point's files.

use super::point::{self, recorded};
use super::progress::SweepProgress;
use super::spec::Sweep;
use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Submits the points at `indices` (into `sweep.points`) as one job array, at most `jobs`
/// running at once if given, with `sbatch_args` passed to sbatch; waits for the array to end.
pub fn run(
    sweep: &Sweep,
    indices: &[usize],
    jobs: Option<usize>,
    sbatch_args: &[String],
) -> Result<()> {
    let exe = std::env::current_exe().context("cannot find the gcnsim executable's path")?;
    let logs = sweep.output.join("slurm");
    std::fs::create_dir_all(&logs).with_context(|| format!("cannot create {}", logs.display()))?;
    let list: Vec<String> = indices.iter().map(usize::to_string).collect();
    let mut array = list.join(",");
    if let Some(jobs) = jobs {
        array.push_str(&format!("%{jobs}"));
    }
    let task = [
        exe.display().to_string(),
        "sweep".into(),
        sweep.file.display().to_string(),
        "--slurm-task".into(),
    ];
    let wrap: Vec<String> = task.iter().map(|a| shell_quote(a)).collect();
    let mut command = Command::new("sbatch");
    command
        .arg("--parsable")
        .arg("--wait")
        .arg(format!("--array={array}"))
        .arg("--job-name=gcnsim-sweep")
        .arg(format!("--output={}/%A_%a.out", logs.display()))
        .arg(format!("--chdir={}", sweep.working_folder().display()))
        .args(sbatch_args)
        .arg(format!("--wrap={}", wrap.join(" ")))
        .stdout(Stdio::piped());
    let mut child = command
        .spawn()
        .context("cannot run sbatch (is SLURM installed and on PATH?)")?;
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .context("cannot read sbatch's answer")?;
    let job = first.trim().split(';').next().unwrap_or("").to_string();
    if job.is_empty() {
        let status = child.wait()?;
        bail!("sbatch did not submit the job array ({status})");
    }
    eprintln!(
        "gcnsim: submitted SLURM job array {job} ({} tasks); waiting for it to end",
        indices.len()
    );
    let mut progress = SweepProgress::new(indices.len());
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        let (done, failed) = ended(sweep, indices);
        progress.set(done, running_tasks(&job), failed);
        std::thread::sleep(Duration::from_secs(1));
    };
    progress.finish();
    if !status.success() {
        eprintln!("gcnsim: sbatch --wait reports that some tasks of job {job} failed ({status})");
    }
    Ok(())
}

/// How many of the points at `indices` have ended, and how many of those failed.
fn ended(sweep: &Sweep, indices: &[usize]) -> (usize, usize) {
    let outcomes: Vec<_> = indices
        .iter()
        .filter_map(|&i| recorded(&sweep.point_folder(&sweep.points[i])))
        .collect();
    (
        outcomes.len(),
        outcomes.iter().filter(|o| !o.is_ok()).count(),
    )
}

/// Tasks of `job` in the RUNNING state, as squeue reports them (0 if it cannot tell).
fn running_tasks(job: &str) -> usize {
    Command::new("squeue")
        .args(["-h", "-r", "-t", "RUNNING", "-j", job, "-o", "%i"])
        .stderr(Stdio::null())
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().count())
        .unwrap_or(0)
}

/// Inside a task of the array: runs the point `SLURM_ARRAY_TASK_ID` names.
pub fn run_task(sweep: &Sweep) -> Result<bool> {
    let id = std::env::var("SLURM_ARRAY_TASK_ID")
        .context("--slurm-task runs inside a SLURM array task (SLURM_ARRAY_TASK_ID is not set)")?;
    let index: usize = id
        .parse()
        .with_context(|| format!("SLURM_ARRAY_TASK_ID = {id:?} is not a point index"))?;
    let Some(point) = sweep.points.get(index) else {
        bail!(
            "SLURM_ARRAY_TASK_ID = {index}, but the sweep has {} points",
            sweep.points.len()
        );
    };
    let outcome = point::run(sweep, point);
    if !outcome.is_ok() {
        eprintln!("gcnsim: point {} failed: {}", point.id, outcome.message);
    }
    Ok(outcome.is_ok())
}

/// `text` quoted for a POSIX shell.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
