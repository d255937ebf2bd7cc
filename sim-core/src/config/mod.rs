//! What the user sets: the platform file (`GCNSIM_CONFIG`) and the `GCNSIM_*` environment
//! variables, validated into one [`Settings`] value.

mod error;
mod platform;

pub use error::ConfigError;
pub use platform::{
    optional_keys, CacheConfig, CuConfig, DiscreteTimeline, DramConfig, GpuConfig, GpuLinks,
    IssueArbiter, LinkModel, MigrationProcedure, PageMigration, PlatformConfig, TlbConfig,
    UnifiedPageOrder, DEFAULT_PLATFORM_TOML, MAX_INSTRUCTION_BUFFER_LINES,
};

use std::path::PathBuf;

/// Which model executes kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Functional emulation: correct results, instruction counts, no timing.
    Emu,
    /// The detailed timing model of the GPU.
    Timing,
}

/// Whether long kernel simulations show their progress on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Only when stderr is a terminal: one status line, refreshed in place.
    Auto,
    /// Always (stderr is likely a log file): plain lines every few seconds while a
    /// kernel runs, and one line when each kernel ends.
    On,
    /// Never.
    Off,
}

/// Every environment variable gcnsim reads, with its meaning (for messages and docs).
pub const ENVIRONMENT_VARIABLES: &[(&str, &str)] = &[
    (
        "GCNSIM_CONFIG",
        "path of a TOML platform file laid over the embedded R9 Nano x4",
    ),
    (
        "GCNSIM_GPUS",
        "number of simulated GPUs (overrides the file)",
    ),
    (
        "GCNSIM_UNIFIED",
        "1: the GPUs appear as one OpenCL device (unified multi-GPU); 0: one device each (overrides the file)",
    ),
    (
        "GCNSIM_DISCRETE_TIMELINE",
        "shared: discrete GPUs in timing mode on one engine (shared IOMMU and links); per_gpu: an engine each (overrides the file)",
    ),
    (
        "GCNSIM_MODE",
        "emu (functional emulation) or timing (detailed timing model)",
    ),
    ("GCNSIM_THREADS", "host threads the simulator may use"),
    (
        "GCNSIM_REPORT",
        "path of the metrics report (.json or .csv) written at exit",
    ),
    ("GCNSIM_TRACE", "path of a Chrome trace-event JSON file"),
    (
        "GCNSIM_SUMMARY",
        "1 prints a line per kernel on stderr (simulated and wall time, wf-inst/s); 0 or unset: none",
    ),
    (
        "GCNSIM_PROGRESS",
        "progress of long kernels on stderr: auto (only on a terminal), on or 1 (also when \
         stderr is a file: plain lines, and one per kernel at its end), off or 0",
    ),
    ("GCNSIM_CACHE_DIR", "directory of the compiled-kernel cache"),
];

/// Largest number of GPUs a platform may have.
pub const MAX_GPUS: usize = 64;

/// The validated settings of one process: platform, mode, threads and output paths.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The simulated hardware.
    pub platform: PlatformConfig,
    /// Functional or timing simulation.
    pub mode: Mode,
    /// Host threads the simulator may use (at least 1).
    pub threads: usize,
    /// Where to write the metrics report at exit, if anywhere.
    pub report: Option<PathBuf>,
    /// Where to write the Chrome trace, if anywhere.
    pub trace: Option<PathBuf>,
    /// Whether to print a one-line summary per kernel on stderr.
    pub summary: bool,
    /// Whether to show the progress of long kernels on stderr.
    pub progress: Progress,
    /// Directory of the compiled-kernel cache.
    pub cache_dir: PathBuf,
}

impl Settings {
    /// Whether the GPUs run on one engine of the platform as discrete devices
    /// (`platform.discrete_timeline = "shared"` with several discrete GPUs in timing
    /// mode).
    pub fn shared_timeline(&self) -> bool {
        let p = &self.platform;
        self.mode == Mode::Timing
            && !p.unified_gpus
            && p.gpu_count > 1
            && p.discrete_timeline == DiscreteTimeline::Shared
    }

    /// Whether the host transfers of a unified device of several GPUs run on a timeline
    /// of the fabric's links (in timing mode), sharing the links with one another in
    /// simulated time.
    pub fn unified_host_timeline(&self) -> bool {
        let p = &self.platform;
        self.mode == Mode::Timing && p.unified_gpus && p.gpu_count > 1
    }

    /// Settings from this process's environment.
    pub fn from_env() -> Result<Settings, ConfigError> {
        Self::from_vars(
            std::env::vars_os()
                .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?))),
        )
    }

    /// Settings from the given environment (name, value) pairs; only `GCNSIM_*` names and
    /// `XDG_CACHE_HOME`/`HOME` (for the default cache directory) are looked at.
    pub fn from_vars(
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Settings, ConfigError> {
        let vars: Vec<(String, String)> = vars.into_iter().collect();
        let get = |name: &str| {
            vars.iter()
                .rev()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        if let Some((name, value)) = vars.iter().find(|(k, _)| {
            k.starts_with("GCNSIM_") && !ENVIRONMENT_VARIABLES.iter().any(|(known, _)| known == k)
        }) {
            let known: Vec<&str> = ENVIRONMENT_VARIABLES.iter().map(|(k, _)| *k).collect();
            return Err(ConfigError::new(
                name.as_str(),
                value.as_str(),
                format!("unknown variable; gcnsim reads {}", known.join(", ")),
            ));
        }

        let mut platform = match get("GCNSIM_CONFIG") {
            None => PlatformConfig::default_platform(),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    ConfigError::new("GCNSIM_CONFIG", path, format!("cannot read the file: {e}"))
                })?;
                PlatformConfig::from_toml(Some(&text), path)?
            }
        };
        if let Some(value) = get("GCNSIM_GPUS") {
            platform.gpu_count = parse_count("GCNSIM_GPUS", value, MAX_GPUS)?;
        }
        match get("GCNSIM_UNIFIED") {
            None => {}
            Some("0") => platform.unified_gpus = false,
            Some("1") => platform.unified_gpus = true,
            Some(other) => {
                return Err(ConfigError::new(
                    "GCNSIM_UNIFIED",
                    other,
                    "must be 1 (the GPUs as one device) or 0 (one device each)",
                ))
            }
        }
        match get("GCNSIM_DISCRETE_TIMELINE") {
            None => {}
            Some("shared") => platform.discrete_timeline = DiscreteTimeline::Shared,
            Some("per_gpu") => platform.discrete_timeline = DiscreteTimeline::PerGpu,
            Some(other) => {
                return Err(ConfigError::new(
                    "GCNSIM_DISCRETE_TIMELINE",
                    other,
                    "must be `shared` (one engine for all GPUs) or `per_gpu`",
                ))
            }
        }
        let mode = match get("GCNSIM_MODE") {
            None | Some("emu") => Mode::Emu,
            Some("timing") => Mode::Timing,
            Some(other) => {
                return Err(ConfigError::new(
                    "GCNSIM_MODE",
                    other,
                    "must be `emu` or `timing`",
                ))
            }
        };
        let threads = match get("GCNSIM_THREADS") {
            Some(value) => parse_count("GCNSIM_THREADS", value, 4096)?,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let report = get("GCNSIM_REPORT").map(|path| {
            if path.ends_with(".json") || path.ends_with(".csv") {
                Ok(PathBuf::from(path))
            } else {
                Err(ConfigError::new(
                    "GCNSIM_REPORT",
                    path,
                    "must end in .json or .csv",
                ))
            }
        });
        let report = report.transpose()?;
        let trace = non_empty_path("GCNSIM_TRACE", get("GCNSIM_TRACE"))?;
        let summary = match get("GCNSIM_SUMMARY") {
            None | Some("0") => false,
            Some("1") => true,
            Some(other) => {
                return Err(ConfigError::new(
                    "GCNSIM_SUMMARY",
                    other,
                    "must be 1 (print a line per kernel) or 0",
                ))
            }
        };
        let progress = match get("GCNSIM_PROGRESS") {
            None | Some("auto") => Progress::Auto,
            Some("1" | "on") => Progress::On,
            Some("0" | "off") => Progress::Off,
            Some(other) => {
                return Err(ConfigError::new(
                    "GCNSIM_PROGRESS",
                    other,
                    "must be auto (only when stderr is a terminal), on or 1, off or 0",
                ))
            }
        };
        let cache_dir = match non_empty_path("GCNSIM_CACHE_DIR", get("GCNSIM_CACHE_DIR"))? {
            Some(dir) => dir,
            None => match (get("XDG_CACHE_HOME"), get("HOME")) {
                (Some(xdg), _) if !xdg.is_empty() => PathBuf::from(xdg).join("gcnsim"),
                (_, Some(home)) if !home.is_empty() => PathBuf::from(home).join(".cache/gcnsim"),
                _ => std::env::temp_dir().join("gcnsim-cache"),
            },
        };
        Ok(Settings {
            platform,
            mode,
            threads,
            report,
            trace,
            summary,
            progress,
            cache_dir,
        })
    }
}

fn parse_count(key: &str, value: &str, max: usize) -> Result<usize, ConfigError> {
    match value.trim().parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(ConfigError::new(
            key,
            value,
            format!("must be a whole number from 1 to {max}"),
        )),
    }
}

fn non_empty_path(key: &str, value: Option<&str>) -> Result<Option<PathBuf>, ConfigError> {
    match value {
        Some("") => Err(ConfigError::new(key, "", "must be a path, not empty")),
        other => Ok(other.map(PathBuf::from)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        Settings::from_vars(vars.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    #[test]
    fn defaults() {
        let s = settings(&[("HOME", "/home/r")]).unwrap();
        assert_eq!(s.platform.gpu_count, 4);
        assert_eq!(s.mode, Mode::Emu);
        assert!(s.threads >= 1);
        assert_eq!(s.report, None);
        assert!(!s.summary);
        assert_eq!(s.progress, Progress::Auto);
        assert_eq!(s.cache_dir, PathBuf::from("/home/r/.cache/gcnsim"));
    }

    #[test]
    fn variables_are_applied() {
        let s = settings(&[
            ("GCNSIM_GPUS", "1"),
            ("GCNSIM_UNIFIED", "1"),
            ("GCNSIM_MODE", "timing"),
            ("GCNSIM_THREADS", "2"),
            ("GCNSIM_REPORT", "/tmp/r.csv"),
            ("GCNSIM_TRACE", "/tmp/t.json"),
            ("GCNSIM_SUMMARY", "1"),
            ("GCNSIM_PROGRESS", "on"),
            ("GCNSIM_CACHE_DIR", "/tmp/c"),
            ("XDG_CACHE_HOME", "/x"),
        ])
        .unwrap();
        assert_eq!(s.platform.gpu_count, 1);
        assert!(s.platform.unified_gpus);
        assert_eq!(s.mode, Mode::Timing);
        assert_eq!(s.threads, 2);
        assert_eq!(s.report, Some(PathBuf::from("/tmp/r.csv")));
        assert_eq!(s.trace, Some(PathBuf::from("/tmp/t.json")));
        assert!(s.summary);
        assert_eq!(s.progress, Progress::On);
        assert_eq!(s.cache_dir, PathBuf::from("/tmp/c"));
    }

    #[test]
    fn the_shared_timeline_is_for_several_discrete_gpus_in_timing_mode() {
        let with = |extra: &[(&str, &str)]| {
            let mut vars = vec![
                ("GCNSIM_GPUS", "2"),
                ("GCNSIM_MODE", "timing"),
                ("GCNSIM_DISCRETE_TIMELINE", "shared"),
            ];
            vars.extend_from_slice(extra);
            settings(&vars).unwrap()
        };
        assert!(with(&[]).shared_timeline());
        assert!(!with(&[("GCNSIM_DISCRETE_TIMELINE", "per_gpu")]).shared_timeline());
        assert!(!with(&[("GCNSIM_GPUS", "1")]).shared_timeline());
        assert!(!with(&[("GCNSIM_MODE", "emu")]).shared_timeline());
        assert!(!with(&[("GCNSIM_UNIFIED", "1")]).shared_timeline());
        assert!(with(&[("GCNSIM_UNIFIED", "1")]).unified_host_timeline());
        assert!(!with(&[]).unified_host_timeline());
        assert!(!with(&[("GCNSIM_UNIFIED", "1"), ("GCNSIM_MODE", "emu")]).unified_host_timeline());
        assert!(!settings(&[("GCNSIM_MODE", "timing")])
            .unwrap()
            .shared_timeline());
        let bad = settings(&[("GCNSIM_DISCRETE_TIMELINE", "one")]).unwrap_err();
        assert_eq!(bad.key, "GCNSIM_DISCRETE_TIMELINE");
    }

    #[test]
    fn bad_values_name_key_and_value() {
        let cases = [
            ("GCNSIM_GPUS", "zero"),
            ("GCNSIM_GPUS", "0"),
            ("GCNSIM_GPUS", "65"),
            ("GCNSIM_MODE", "fast"),
            ("GCNSIM_UNIFIED", "yes"),
            ("GCNSIM_THREADS", "-1"),
            ("GCNSIM_REPORT", "/tmp/r.txt"),
            ("GCNSIM_SUMMARY", "yes"),
            ("GCNSIM_PROGRESS", "yes"),
            ("GCNSIM_PROGRESS", "ON"),
            ("GCNSIM_CACHE_DIR", ""),
            ("GCNSIM_CONFIG", "/nonexistent/gcnsim.toml"),
            ("GCNSIM_TYPO", "1"),
        ];
        for (key, value) in cases {
            let e = settings(&[(key, value)]).unwrap_err();
            assert_eq!((e.key.as_str(), e.value.as_str()), (key, value), "{e}");
            assert!(e.to_string().contains(key), "{e}");
        }
    }

    #[test]
    fn progress_accepts_its_spellings() {
        for (value, progress) in [
            ("auto", Progress::Auto),
            ("1", Progress::On),
            ("on", Progress::On),
            ("0", Progress::Off),
            ("off", Progress::Off),
        ] {
            let s = settings(&[("GCNSIM_PROGRESS", value)]).unwrap();
            assert_eq!(s.progress, progress, "{value}");
        }
        let e = settings(&[("GCNSIM_PROGRESS", "sometimes")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "gcnsim: configuration error: GCNSIM_PROGRESS = \"sometimes\": must be auto \
             (only when stderr is a terminal), on or 1, off or 0"
        );
    }

    #[test]
    fn config_file_is_read_and_gpus_variable_overrides_it() {
        let dir = std::env::temp_dir().join(format!("gcnsim-config-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.toml");
        std::fs::write(
            &path,
            "[platform]\ngpus = 2\n[gpu]\ncompute_units = 16\nshader_arrays = 4\n",
        )
        .unwrap();
        let path_text = path.to_str().unwrap();
        let s = settings(&[("GCNSIM_CONFIG", path_text)]).unwrap();
        assert_eq!(
            (s.platform.gpu_count, s.platform.gpu.compute_units),
            (2, 16)
        );
        let s = settings(&[("GCNSIM_CONFIG", path_text), ("GCNSIM_GPUS", "3")]).unwrap();
        assert_eq!(s.platform.gpu_count, 3);
        std::fs::write(&path, "[gpu]\nwarp_size = 32\n").unwrap();
        let e = settings(&[("GCNSIM_CONFIG", path_text)]).unwrap_err();
        assert_eq!(e.key, "gpu.warp_size");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
