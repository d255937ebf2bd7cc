//! The sweep file: which platform settings and commands to run, expanded into points.
//!
//! ```toml
//! config = "base.toml"                 # optional platform file under every point
//! output = "study"                     # optional; default <file stem>-results
//! [parameters]                         # cross product of these values
//! mode = "timing"                      # emu or timing (a value or a list)
//! gpus = 1
//! "gpu.l2.size_bytes" = [65536, 262144] # any key of the platform file
//! [commands]                           # name = program and arguments
//! fir = ["build/fir/fir", "-n", "4096"]
//! ```
//! Instead of `[parameters]`, `[[points]]` lists the points one table each.

use crate::launch::ModeArg;
use crate::platform_file::{settings_of_file, EffectivePlatform, Setting};
use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A parsed, validated sweep.
#[derive(Debug)]
pub struct Sweep {
    /// The sweep file (absolute).
    pub file: PathBuf,
    /// Where the points' results and the merged table go.
    pub output: PathBuf,
    /// The parameter names, in column order (`gpus` and `mode` first when swept).
    pub parameters: Vec<String>,
    /// Every point, in a fixed order.
    pub points: Vec<Point>,
}

/// One run of the sweep: a command on one platform.
#[derive(Debug, Clone)]
pub struct Point {
    /// Stable name (command and a digest of everything the run depends on): its folder.
    pub id: String,
    /// The command's name in the sweep file.
    pub command: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// The parameter values of this point, one per `Sweep::parameters` entry.
    pub values: Vec<String>,
    /// Simulated GPUs, if set.
    pub gpus: Option<usize>,
    /// Simulation mode, if set.
    pub mode: Option<ModeArg>,
    /// The point's platform file.
    pub platform: EffectivePlatform,
}

const TOP_KEYS: [&str; 5] = ["config", "output", "parameters", "points", "commands"];

impl Sweep {
    /// Reads and checks `path`: every point's platform is built, so an unknown key or bad
    /// value is reported (with the point) before anything runs.
    pub fn load(path: &Path) -> Result<Sweep> {
        let file = path
            .canonicalize()
            .with_context(|| format!("cannot read sweep file {}", path.display()))?;
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read sweep file {}", file.display()))?;
        let table: toml::Table = text
            .parse()
            .with_context(|| format!("sweep file {} is not valid TOML", file.display()))?;
        Self::from_table(&file, table).with_context(|| format!("in sweep file {}", file.display()))
    }

    fn from_table(file: &Path, mut table: toml::Table) -> Result<Sweep> {
        if let Some(key) = table.keys().find(|k| !TOP_KEYS.contains(&k.as_str())) {
            bail!(
                "unknown key `{key}`; a sweep file has {}",
                TOP_KEYS.join(", ")
            );
        }
        let folder = file.parent().unwrap_or(Path::new("/")).to_path_buf();
        let base = match table.remove("config") {
            None => Vec::new(),
            Some(toml::Value::String(p)) => settings_of_file(&folder.join(p).to_string_lossy())?,
            Some(other) => bail!("`config` must be a file name, not {other}"),
        };
        let output = match table.remove("output") {
            None => {
                let stem = file.file_stem().unwrap_or_default().to_string_lossy();
                folder.join(format!("{stem}-results"))
            }
            Some(toml::Value::String(p)) => folder.join(p),
            Some(other) => bail!("`output` must be a folder name, not {other}"),
        };
        let commands = commands(table.remove("commands"))?;
        let combos = match (table.remove("parameters"), table.remove("points")) {
            (Some(_), Some(_)) => bail!("give either [parameters] or [[points]], not both"),
            (Some(toml::Value::Table(p)), None) => cross_product(p)?,
            (None, Some(toml::Value::Array(list))) => list_of_points(list)?,
            (None, None) => vec![Vec::new()],
            _ => bail!("[parameters] must be a table and [[points]] an array of tables"),
        };
        let mut parameters: Vec<String> = Vec::new();
        for combo in &combos {
            for (key, _) in combo {
                if !parameters.contains(key) {
                    parameters.push(key.clone());
                }
            }
        }
        parameters.sort_by_key(|k| (k != "gpus", k != "mode", k.clone()));
        let mut points = Vec::new();
        for combo in &combos {
            for (name, argv) in &commands {
                points.push(
                    point(&base, combo, &parameters, name, argv)
                        .with_context(|| format!("point {} with {}", name, describe(combo)))?,
                );
            }
        }
        Ok(Sweep {
            file: file.to_path_buf(),
            output,
            parameters,
            points,
        })
    }

    /// The folder of one point's files.
    pub fn point_folder(&self, point: &Point) -> PathBuf {
        self.output.join("points").join(&point.id)
    }

    /// The folder the sweep's commands run in (the sweep file's).
    pub fn working_folder(&self) -> &Path {
        self.file.parent().unwrap_or(Path::new("/"))
    }
}

type Combo = Vec<(String, toml::Value)>;

fn describe(combo: &Combo) -> String {
    if combo.is_empty() {
        return "no parameters".into();
    }
    let parts: Vec<String> = combo
        .iter()
        .map(|(k, v)| format!("{k}={}", value_text(v)))
        .collect();
    parts.join(", ")
}

/// A parameter value as it appears in the table: strings without quotes.
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn commands(value: Option<toml::Value>) -> Result<Vec<(String, Vec<String>)>> {
    let Some(toml::Value::Table(table)) = value else {
        bail!("[commands] is missing: name = [\"program\", \"arg\", ...] for each command");
    };
    if table.is_empty() {
        bail!("[commands] is empty");
    }
    table
        .into_iter()
        .map(|(name, value)| {
            let argv: Option<Vec<String>> = value.as_array().and_then(|a| {
                a.iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
            });
            match argv {
                Some(argv) if !argv.is_empty() => Ok((name, argv)),
                _ => bail!("command `{name}` must be a non-empty list of strings"),
            }
        })
        .collect()
}

fn cross_product(parameters: toml::Table) -> Result<Vec<Combo>> {
    let mut combos: Vec<Combo> = vec![Vec::new()];
    for (key, value) in parameters {
        let values = match value {
            toml::Value::Array(values) if values.is_empty() => {
                bail!("parameter `{key}` has an empty list of values")
            }
            toml::Value::Array(values) => values,
            toml::Value::Table(_) => {
                bail!("parameter `{key}`: quote dotted keys, e.g. \"gpu.l2.size_bytes\" = [...]")
            }
            single => vec![single],
        };
        combos = combos
            .into_iter()
            .flat_map(|combo| {
                let key = &key;
                values.iter().map(move |v| {
                    let mut c = combo.clone();
                    c.push((key.clone(), v.clone()));
                    c
                })
            })
            .collect();
    }
    Ok(combos)
}

fn list_of_points(list: Vec<toml::Value>) -> Result<Vec<Combo>> {
    list.into_iter()
        .enumerate()
        .map(|(i, p)| match p {
            toml::Value::Table(t) => Ok(t.into_iter().collect()),
            _ => bail!("[[points]] entry {} must be a table", i + 1),
        })
        .collect()
}

fn point(
    base: &[Setting],
    combo: &Combo,
    parameters: &[String],
    command: &str,
    argv: &[String],
) -> Result<Point> {
    let mut settings = base.to_vec();
    let mut gpus = None;
    let mut mode = None;
    for (key, value) in combo {
        match key.as_str() {
            "gpus" => match value.as_integer() {
                Some(n) if (1..=sim_core::config::MAX_GPUS as i64).contains(&n) => {
                    gpus = Some(n as usize)
                }
                _ => bail!(
                    "gpus = {value}: must be a whole number from 1 to {}",
                    sim_core::config::MAX_GPUS
                ),
            },
            "mode" => match value.as_str() {
                Some("emu") => mode = Some(ModeArg::Emu),
                Some("timing") => mode = Some(ModeArg::Timing),
                _ => bail!("mode = {value}: must be \"emu\" or \"timing\""),
            },
            _ => settings.push(Setting {
                key: key.clone(),
                value: value.clone(),
            }),
        }
    }
    let platform = EffectivePlatform::new(&settings)?;
    let values = parameters
        .iter()
        .map(|p| {
            combo
                .iter()
                .find(|(k, _)| k == p)
                .map_or(String::new(), |(_, v)| value_text(v))
        })
        .collect();
    let mut digest = Sha256::new();
    for part in argv {
        digest.update(part.as_bytes());
        digest.update([0]);
    }
    digest.update(format!("{gpus:?} {mode:?}\n").as_bytes());
    digest.update(platform.text.as_bytes());
    let hash: String = digest.finalize()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(Point {
        id: format!("{command}-{hash}"),
        command: command.to_string(),
        argv: argv.to_vec(),
        values,
        gpus,
        mode,
        platform,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep(text: &str) -> Result<Sweep> {
        Sweep::from_table(Path::new("/tmp/study.toml"), text.parse().unwrap())
    }

    #[test]
    fn parameters_expand_to_their_cross_product_per_command() {
        let s = sweep(
            "[parameters]\nmode = \"timing\"\n\"gpu.l2.size_bytes\" = [65536, 262144]\n\
             gpus = [1, 2]\n[commands]\na = [\"./a\"]\nb = [\"./b\", \"-n\", \"4\"]\n",
        )
        .unwrap();
        assert_eq!(s.parameters, ["gpus", "mode", "gpu.l2.size_bytes"]);
        assert_eq!(s.points.len(), 8);
        assert_eq!(s.output, PathBuf::from("/tmp/study-results"));
        let sizes: Vec<u64> = s
            .points
            .iter()
            .map(|p| p.platform.config.gpu.l2.size_bytes)
            .collect();
        assert!(sizes.contains(&65536) && sizes.contains(&262144));
        let mut ids: Vec<&str> = s.points.iter().map(|p| p.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 8, "point ids are distinct");
        let again = sweep(
            "[parameters]\nmode = \"timing\"\n\"gpu.l2.size_bytes\" = [65536, 262144]\n\
             gpus = [1, 2]\n[commands]\na = [\"./a\"]\nb = [\"./b\", \"-n\", \"4\"]\n",
        )
        .unwrap();
        let same: Vec<&str> = again.points.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(
            same,
            s.points.iter().map(|p| p.id.as_str()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_list_of_points_is_taken_as_written() {
        let s = sweep(
            "[[points]]\ngpus = 1\n[[points]]\ngpus = 2\n\"gpu.compute_units\" = 32\n\
             [commands]\na = [\"./a\"]\n",
        )
        .unwrap();
        assert_eq!(s.points.len(), 2);
        assert_eq!(s.points[0].values, ["1", ""]);
        assert_eq!(s.points[1].values, ["2", "32"]);
    }

    #[test]
    fn bad_sweeps_say_what_is_wrong() {
        let cases = [
            ("[commands]\n", "[commands] is empty"),
            ("[parameters]\ngpus = 1\n", "[commands] is missing"),
            ("jobs = 2\n[commands]\na = [\"a\"]\n", "unknown key `jobs`"),
            (
                "[parameters]\n\"gpu.l2.size\" = [1]\n[commands]\na = [\"a\"]\n",
                "unknown platform key `gpu.l2.size`",
            ),
            (
                "[parameters]\nmode = \"fast\"\n[commands]\na = [\"a\"]\n",
                "must be \"emu\" or \"timing\"",
            ),
            (
                "[parameters]\ngpus = []\n[commands]\na = [\"a\"]\n",
                "empty list",
            ),
            ("[commands]\na = []\n", "non-empty list of strings"),
        ];
        for (text, expected) in cases {
            let e = format!("{:#}", sweep(text).unwrap_err());
            assert!(e.contains(expected), "{text}: {e}");
        }
    }
}
