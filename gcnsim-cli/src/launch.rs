//! How a program is started on gcnsim: a private OpenCL vendor file naming this build's
//! `libgcnsim.so` by absolute path, and the `GCNSIM_*` variables of the run.

use crate::platform_file::{config_error, EffectivePlatform};
use anyhow::{bail, Context, Result};
use sim_core::config::Settings;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The simulation mode of a run, as `GCNSIM_MODE` spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Functional emulation (fast; kernel times are the front end's estimate).
    Emu,
    /// The detailed timing model (simulated kernel times).
    Timing,
}

impl ModeArg {
    /// The `GCNSIM_MODE` value.
    pub fn as_str(self) -> &'static str {
        match self {
            ModeArg::Emu => "emu",
            ModeArg::Timing => "timing",
        }
    }
}

/// What one run of a program on gcnsim is given.
#[derive(Debug, Clone)]
pub struct Launch {
    /// The platform file of the run.
    pub platform: EffectivePlatform,
    /// Simulated GPUs (overrides the platform file), if given.
    pub gpus: Option<usize>,
    /// Simulation mode, if given.
    pub mode: Option<ModeArg>,
    /// Metrics report path (`.json` or `.csv`).
    pub report: Option<PathBuf>,
    /// Chrome trace path.
    pub trace: Option<PathBuf>,
    /// One line per kernel on stderr.
    pub summary: bool,
}

/// A launch made ready: the files it needs exist until this value is dropped.
pub struct PreparedLaunch {
    /// Holds the vendor and platform files; removed when the launch is dropped.
    _files: tempfile::TempDir,
    vars: Vec<(String, String)>,
    /// Variables of this process not passed on (unless the run sets them).
    withheld: &'static [&'static str],
}

/// The variables that change a run's results besides its platform file: a sweep point
/// does not take them from the shell that started the sweep (its folder's name does
/// not record them).
pub const RESULT_VARIABLES: &[&str] = &["GCNSIM_MODE", "GCNSIM_GPUS"];

/// The `libgcnsim.so` that belongs to this `gcnsim` executable: beside it (cargo's
/// target folder) or in `../lib` (an installed prefix).
pub fn library_path() -> Result<PathBuf> {
    let exe = std::env::current_exe().context("cannot find the gcnsim executable's path")?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let dir = exe.parent().unwrap_or(Path::new("/"));
    let candidates = [dir.join("libgcnsim.so"), dir.join("../lib/libgcnsim.so")];
    for candidate in &candidates {
        if candidate.is_file() {
            return Ok(candidate.canonicalize().unwrap_or(candidate.clone()));
        }
    }
    bail!(
        "libgcnsim.so not found beside {} (looked for {} and {}); build it with \
         `cargo build --release`",
        exe.display(),
        candidates[0].display(),
        candidates[1].display()
    )
}

/// `path` made absolute against the current directory.
pub fn absolute(path: &Path) -> Result<PathBuf> {
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    Ok(std::env::current_dir()
        .context("cannot read the current directory")?
        .join(path))
}

impl Launch {
    /// Writes the vendor and platform files of the run and checks its settings the way
    /// libgcnsim.so will (an error names the bad variable or key).
    pub fn prepare(&self) -> Result<PreparedLaunch> {
        let library = library_path()?;
        let dir = tempfile::Builder::new()
            .prefix("gcnsim-run-")
            .tempdir()
            .context("cannot create a temporary folder")?;
        let icd = dir.path().join("gcnsim.icd");
        std::fs::write(&icd, format!("{}\n", library.display()))
            .with_context(|| format!("cannot write {}", icd.display()))?;
        let platform = dir.path().join("platform.toml");
        std::fs::write(&platform, &self.platform.text)
            .with_context(|| format!("cannot write {}", platform.display()))?;
        let mut vars = vec![
            ("OCL_ICD_VENDORS".to_string(), icd.display().to_string()),
            ("GCNSIM_CONFIG".to_string(), platform.display().to_string()),
        ];
        if let Some(gpus) = self.gpus {
            vars.push(("GCNSIM_GPUS".into(), gpus.to_string()));
        }
        if let Some(mode) = self.mode {
            vars.push(("GCNSIM_MODE".into(), mode.as_str().into()));
        }
        if let Some(report) = &self.report {
            vars.push((
                "GCNSIM_REPORT".into(),
                absolute(report)?.display().to_string(),
            ));
        }
        if let Some(trace) = &self.trace {
            vars.push((
                "GCNSIM_TRACE".into(),
                absolute(trace)?.display().to_string(),
            ));
        }
        if self.summary {
            vars.push(("GCNSIM_SUMMARY".into(), "1".into()));
        }
        let prepared = PreparedLaunch {
            _files: dir,
            vars,
            withheld: &[],
        };
        Settings::from_vars(prepared.environment()).map_err(config_error)?;
        Ok(prepared)
    }
}

impl PreparedLaunch {
    /// The same launch, not passing on this process's `variables`.
    pub fn withholding(self, variables: &'static [&'static str]) -> Self {
        PreparedLaunch {
            withheld: variables,
            ..self
        }
    }

    /// This process's environment with the run's variables laid over it.
    pub fn environment(&self) -> Vec<(String, String)> {
        let mut env: Vec<(String, String)> = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .filter(|(k, _)| !self.vars.iter().any(|(set, _)| set == k))
            .filter(|(k, _)| !self.withheld.contains(&k.as_str()))
            .collect();
        env.extend(self.vars.iter().cloned());
        env
    }

    /// A command running `program` with `args` in the run's environment.
    pub fn command(&self, program: &str, args: &[String]) -> Command {
        let mut command = Command::new(program);
        command.args(args);
        command.env_clear();
        command.envs(self.environment());
        command
    }
}

/// The exit code a shell would report for a finished child.
pub fn exit_code(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => code,
        (None, Some(signal)) => 128 + signal,
        (None, None) => 1,
    }
}
