//! Running one point of a sweep and the files it leaves: `stdout.txt`, `stderr.txt`,
//! `report.json` and, written last, `result.json` (its status).

use super::spec::{Point, Sweep};
use crate::launch::{exit_code, Launch, RESULT_VARIABLES};
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::path::Path;

/// How a point ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// `ok` (exit status 0 and a report) or `failed`.
    pub status: String,
    /// The program's exit status, if it ran.
    pub exit_code: Option<i32>,
    /// Why it failed, for people.
    pub message: String,
}

impl Outcome {
    /// Whether the point finished successfully.
    pub fn is_ok(&self) -> bool {
        self.status == "ok"
    }
}

const RESULT: &str = "result.json";
/// The point's metrics report file name.
pub const REPORT: &str = "report.json";

/// The outcome recorded in `folder`, if the point has ended there.
pub fn recorded(folder: &Path) -> Option<Outcome> {
    let text = std::fs::read_to_string(folder.join(RESULT)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Runs `point` unless it already finished successfully; records and returns its outcome.
pub fn run(sweep: &Sweep, point: &Point) -> Outcome {
    let folder = sweep.point_folder(point);
    if let Some(done) = recorded(&folder).filter(Outcome::is_ok) {
        return done;
    }
    let outcome = execute(sweep, point, &folder).unwrap_or_else(|e| Outcome {
        status: "failed".into(),
        exit_code: None,
        message: format!("{e:#}"),
    });
    if let Err(e) = record(&folder, &outcome) {
        eprintln!("gcnsim: error: point {}: {e:#}", point.id);
    }
    outcome
}

fn execute(sweep: &Sweep, point: &Point, folder: &Path) -> Result<Outcome> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    let report = folder.join(REPORT);
    let _ = std::fs::remove_file(&report);
    let _ = std::fs::remove_file(folder.join(RESULT));
    std::fs::write(folder.join("platform.toml"), &point.platform.text)?;
    let launch = Launch {
        platform: point.platform.clone(),
        gpus: point.gpus,
        mode: point.mode,
        report: Some(report.clone()),
        trace: None,
        summary: false,
    };
    // The point's mode and GPU count come from the sweep file alone, as its folder's
    // name does, not from the shell that started the sweep.
    let prepared = launch.prepare()?.withholding(RESULT_VARIABLES);
    let workdir = sweep.working_folder();
    let program = if point.argv[0].contains('/') {
        workdir.join(&point.argv[0]).display().to_string()
    } else {
        point.argv[0].clone()
    };
    let stdout = File::create(folder.join("stdout.txt"))?;
    let stderr = File::create(folder.join("stderr.txt"))?;
    let status = prepared
        .command(&program, &point.argv[1..])
        .current_dir(workdir)
        .stdin(std::process::Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .status()
        .with_context(|| format!("cannot start {program}"))?;
    let code = exit_code(status);
    let stderr_path = format!("points/{}/stderr.txt", point.id);
    let said = last_line(&folder.join("stderr.txt"));
    Ok(if code != 0 {
        Outcome {
            status: "failed".into(),
            exit_code: Some(code),
            message: format!("exit status {code}{said} (see {stderr_path})"),
        }
    } else if !report.is_file() {
        Outcome {
            status: "failed".into(),
            exit_code: Some(code),
            message: format!("no report written (see {stderr_path})"),
        }
    } else {
        Outcome {
            status: "ok".into(),
            exit_code: Some(code),
            message: String::new(),
        }
    })
}

/// `: <the last non-empty line>` of a program's stderr, if any (at most 200 characters).
fn last_line(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    match text.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!(": {}", line.trim().chars().take(200).collect::<String>()),
        None => String::new(),
    }
}

/// Writes `result.json` atomically (a rename), so a point is either ended or not.
fn record(folder: &Path, outcome: &Outcome) -> Result<()> {
    std::fs::create_dir_all(folder)?;
    let temporary = folder.join("result.json.part");
    std::fs::write(&temporary, serde_json::to_string_pretty(outcome)?)?;
    std::fs::rename(&temporary, folder.join(RESULT))?;
    Ok(())
}
