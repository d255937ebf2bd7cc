//! `gcnsim run`: one program on the simulated platform, its exit status passed through.

use crate::launch::{absolute, exit_code, Launch, ModeArg};
use crate::platform_file::{settings_of_file, EffectivePlatform, Setting};
use crate::plot::{self, PlotArgs, TableOptions};
use anyhow::{anyhow, Context, Result};
use std::path::PathBuf;

/// The platform options every command that builds a platform takes.
#[derive(Debug, Clone, clap::Args)]
pub struct PlatformArgs {
    /// TOML platform file laid over the default R9 Nano platform (default: $GCNSIM_CONFIG
    /// if set)
    #[arg(long, value_name = "FILE")]
    pub config: Option<String>,
    /// Set one key of the platform file, e.g. `--set gpu.l2.size_bytes=262144` (repeatable;
    /// `gcnsim config` lists the keys)
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = Setting::parse)]
    pub sets: Vec<Setting>,
}

impl PlatformArgs {
    /// The platform these options describe.
    pub fn platform(&self) -> Result<EffectivePlatform> {
        let file = self
            .config
            .clone()
            .or_else(|| std::env::var("GCNSIM_CONFIG").ok());
        let mut settings = match &file {
            Some(path) => settings_of_file(path)?,
            None => Vec::new(),
        };
        settings.extend(self.sets.iter().cloned());
        EffectivePlatform::new(&settings)
    }
}

/// Arguments of `gcnsim run`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  gcnsim run --gpus 2 --mode timing --report fir.json -- ./fir -n 4096\n  gcnsim run --mode timing --plot fir-plots -- ./fir -n 4096"
)]
pub struct RunArgs {
    /// Number of simulated GPUs (default: the platform file's, 4)
    #[arg(long, value_name = "N")]
    pub gpus: Option<usize>,
    /// emu: functional emulation; timing: the detailed timing model (default: emu)
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    #[command(flatten)]
    pub platform: PlatformArgs,
    /// Write the metrics report here (.json or .csv)
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write a Chrome trace-event file here (opens in Perfetto)
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// One line per kernel on stderr: simulated time, instructions, wall time
    #[arg(long)]
    pub summary: bool,
    /// After the run, draw the charts of its report and trace into DIR with index.html
    /// (they are written there, as report.json and trace.json, unless --report and
    /// --trace name other files)
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// The program and its arguments
    #[arg(required = true, last = true, value_name = "PROGRAM ARGS")]
    pub command: Vec<String>,
}

/// Runs the program; returns its exit code.
pub fn run(mut args: RunArgs) -> Result<i32> {
    if let Some(dir) = &args.plot {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        args.report.get_or_insert_with(|| dir.join("report.json"));
        args.trace.get_or_insert_with(|| dir.join("trace.json"));
    }
    args.report = args.report.as_deref().map(absolute).transpose()?;
    args.trace = args.trace.as_deref().map(absolute).transpose()?;
    let launch = Launch {
        platform: args.platform.platform()?,
        gpus: args.gpus,
        mode: args.mode,
        report: args.report.clone(),
        trace: args.trace.clone(),
        summary: args.summary,
    };
    let prepared = launch.prepare()?;
    let before = [modified(&args.report), modified(&args.trace)];
    let (program, program_args) = args.command.split_first().expect("clap requires one");
    let status = prepared
        .command(program, program_args)
        .status()
        .with_context(|| format!("cannot start {program}"))?;
    let outputs = [("report", &args.report), ("trace", &args.trace)];
    let mut written = Vec::new();
    for ((what, path), before) in outputs.into_iter().zip(before) {
        if let Some(path) = path {
            if modified(&Some(path.clone())) != before {
                eprintln!("gcnsim: {what} written to {}", path.display());
                written.push(path.clone());
            } else {
                eprintln!("gcnsim: no {what} was written to {}", path.display());
            }
        }
    }
    let code = exit_code(status);
    let Some(dir) = args.plot else {
        return Ok(code);
    };
    let plotted = match written.is_empty() {
        true => Err(anyhow!("the program wrote no report and no trace")),
        false => plot::run(PlotArgs {
            inputs: written,
            out: Some(dir),
            table: TableOptions::default(),
            html: true,
        }),
    };
    match plotted {
        // The program's own failure is the one to pass on.
        Err(e) if code != 0 => {
            eprintln!("gcnsim: no charts: {e:#}");
            Ok(code)
        }
        Err(e) => Err(e.context("--plot")),
        Ok(_) => Ok(code),
    }
}

/// When the file at `path` was last modified, if it exists.
fn modified(path: &Option<PathBuf>) -> Option<std::time::SystemTime> {
    std::fs::metadata(path.as_ref()?).ok()?.modified().ok()
}
