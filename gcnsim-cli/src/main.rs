//! `gcnsim`: runs unmodified OpenCL programs on simulated GCN3 GPUs, sweeps platform
//! designs on this machine or a SLURM cluster, and plots the results.

mod info;
mod launch;
mod platform_file;
mod plot;
mod run;
mod sweep;

use clap::{Parser, Subcommand};
use run::{PlatformArgs, RunArgs};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "gcnsim",
    version,
    about = "Run OpenCL programs on simulated AMD GCN3 GPUs, sweep designs, plot results"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Run a program on the simulated GPUs (no environment to set by hand)
    Run(RunArgs),
    /// Run every point of a sweep file (here or on SLURM) and merge their reports
    Sweep(sweep::SweepArgs),
    /// Charts of a sweep's table or of one run's report (SVG, PNG, --html)
    Plot(plot::PlotArgs),
    /// The simulated platform in a few lines: GPUs, CUs, caches, memory, links
    #[command(after_help = "Example:\n  gcnsim info --gpus 2 --set gpu.compute_units=32")]
    Info {
        /// Number of simulated GPUs (default: the platform file's)
        #[arg(long, value_name = "N")]
        gpus: Option<usize>,
        #[command(flatten)]
        platform: PlatformArgs,
    },
    /// Print the effective platform file, with its comments
    #[command(
        after_help = "Example:\n  gcnsim config --set gpu.l2.size_bytes=262144 > big-l2.toml"
    )]
    Config {
        #[command(flatten)]
        platform: PlatformArgs,
    },
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Info { gpus, platform } => platform.platform().map(|p| {
            let gpus = gpus.unwrap_or(p.config.gpu_count);
            print!("{}", info::describe(&p.config, gpus));
            0
        }),
        Command::Config { platform } => platform.platform().map(|p| {
            print!("{}", p.text);
            0
        }),
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("gcnsim: error: {e:#}");
            std::process::exit(2);
        }
    }
}
