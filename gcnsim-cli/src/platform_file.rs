//! The effective platform file of a run: the embedded default with a user's file and
//! `--set KEY=VALUE` settings laid over it, comments kept, validated by sim-core.

use anyhow::{bail, Context, Result};
use sim_core::config::{optional_keys, ConfigError, PlatformConfig, DEFAULT_PLATFORM_TOML};
use toml_edit::{DocumentMut, Item};

/// One setting of the platform file: a dotted key (`gpu.l2.size_bytes`) and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// Dotted key naming a value of the platform file.
    pub key: String,
    /// The value, as TOML.
    pub value: toml::Value,
}

impl Setting {
    /// Parses `KEY=VALUE`; VALUE is read as TOML (`65536`, `2.5`, `true`, `"text"`) and
    /// taken as a string when it is not valid TOML (`round_robin`).
    pub fn parse(text: &str) -> Result<Setting> {
        let Some((key, value)) = text.split_once('=') else {
            bail!("--set {text:?}: expected KEY=VALUE, e.g. gpu.l2.size_bytes=262144");
        };
        let key = key.trim();
        if key.is_empty() {
            bail!("--set {text:?}: the key is empty");
        }
        Ok(Setting {
            key: key.to_string(),
            value: parse_value(value.trim()),
        })
    }
}

/// `text` as a TOML value, or as a string when it is not one.
pub fn parse_value(text: &str) -> toml::Value {
    format!("v = {text}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// The settings a platform file makes, as dotted keys in the file's order.
pub fn settings_of_file(path: &str) -> Result<Vec<Setting>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read platform file {path}"))?;
    let table: toml::Table = text
        .parse()
        .with_context(|| format!("platform file {path} is not valid TOML"))?;
    let mut out = Vec::new();
    flatten("", toml::Value::Table(table), &mut out);
    Ok(out)
}

fn flatten(prefix: &str, value: toml::Value, out: &mut Vec<Setting>) {
    match value {
        toml::Value::Table(table) => {
            for (k, v) in table {
                let key = if prefix.is_empty() {
                    k
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        value => out.push(Setting {
            key: prefix.to_string(),
            value,
        }),
    }
}

/// Every dotted key of the platform file: the default file's, in its order, then the
/// optional keys it leaves out.
pub fn platform_keys() -> Vec<String> {
    let table: toml::Table = DEFAULT_PLATFORM_TOML.parse().expect("valid embedded file");
    let mut out = Vec::new();
    flatten("", toml::Value::Table(table), &mut out);
    let mut keys: Vec<String> = out.into_iter().map(|s| s.key).collect();
    for key in optional_keys() {
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys
}

/// The platform file that results from laying `settings` (later ones win) over the
/// embedded default: its text with the default's comments, and the validated platform.
#[derive(Debug, Clone)]
pub struct EffectivePlatform {
    /// The whole file, comments included.
    pub text: String,
    /// What sim-core makes of it.
    pub config: PlatformConfig,
}

impl EffectivePlatform {
    /// Lays `settings` over the default platform; unknown keys, wrong types and bad values
    /// are errors naming the key.
    pub fn new(settings: &[Setting]) -> Result<EffectivePlatform> {
        let keys = platform_keys();
        let mut doc: DocumentMut = DEFAULT_PLATFORM_TOML.parse().expect("valid embedded file");
        for setting in settings {
            if !keys.contains(&setting.key) {
                bail!("{}", unknown_key_message(&setting.key, &keys));
            }
            let mut value = edit_value(&setting.value);
            match lookup_mut(&mut doc, &setting.key) {
                Some(item) => {
                    if let Some(decor) = item.as_value().map(|v| v.decor().clone()) {
                        *value.decor_mut() = decor;
                    }
                    *item = Item::Value(value);
                }
                // An optional key the default file leaves out: added to its table.
                None => {
                    let (table, leaf) = setting.key.rsplit_once('.').expect("a table's key");
                    lookup_mut(&mut doc, table)
                        .and_then(Item::as_table_mut)
                        .expect("the optional keys' tables exist")
                        .insert(leaf, Item::Value(value));
                }
            }
        }
        let text = doc.to_string();
        let config = PlatformConfig::from_toml(Some(&text), "the platform settings")
            .map_err(config_error)?;
        Ok(EffectivePlatform { text, config })
    }
}

/// sim-core's configuration error as this command's error (without its `gcnsim: ` prefix).
pub fn config_error(e: ConfigError) -> anyhow::Error {
    let text = e.to_string();
    anyhow::anyhow!("{}", text.strip_prefix("gcnsim: ").unwrap_or(&text))
}

fn unknown_key_message(key: &str, keys: &[String]) -> String {
    let (table, _) = key.rsplit_once('.').unwrap_or(("", key));
    let siblings: Vec<&str> = keys
        .iter()
        .filter_map(|k| {
            let (t, leaf) = k.rsplit_once('.')?;
            (t == table).then_some(leaf)
        })
        .collect();
    if siblings.is_empty() {
        format!(
            "unknown platform key `{key}`: keys are in the tables platform, gpu, gpu.l1v, \
             gpu.l1i, gpu.l1k, gpu.l2, gpu.dram, gpu.l1_tlb, gpu.l2_tlb, gpu.cu \
             (`gcnsim config` prints them all)"
        )
    } else {
        format!(
            "unknown platform key `{key}`: [{table}] has {} (`gcnsim config` prints them all)",
            siblings.join(", ")
        )
    }
}

fn lookup_mut<'a>(doc: &'a mut DocumentMut, key: &str) -> Option<&'a mut Item> {
    let mut item = doc.as_item_mut();
    for part in key.split('.') {
        item = item.get_mut(part)?;
    }
    Some(item)
}

fn edit_value(value: &toml::Value) -> toml_edit::Value {
    match value {
        toml::Value::String(s) => s.as_str().into(),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Float(f) => (*f).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Datetime(d) => d.to_string().into(),
        toml::Value::Array(a) => a
            .iter()
            .map(edit_value)
            .collect::<toml_edit::Array>()
            .into(),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| (k.clone(), edit_value(v)))
            .collect::<toml_edit::InlineTable>()
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_as_toml_or_as_strings() {
        let s = Setting::parse("gpu.l2.size_bytes=262144").unwrap();
        assert_eq!(s.key, "gpu.l2.size_bytes");
        assert_eq!(s.value, toml::Value::Integer(262144));
        let s = Setting::parse("gpu.cu.issue_arbiter=round_robin").unwrap();
        assert_eq!(s.value, toml::Value::String("round_robin".into()));
        assert!(Setting::parse("gpu.l2.size_bytes").is_err());
        assert!(Setting::parse("=3").is_err());
    }

    #[test]
    fn settings_change_the_platform_and_keep_comments() {
        let p = EffectivePlatform::new(&[
            Setting::parse("gpu.l2.size_bytes=262144").unwrap(),
            Setting::parse("gpu.compute_units=16").unwrap(),
            Setting::parse("gpu.shader_arrays=4").unwrap(),
            Setting::parse("platform.pcie_gbytes_per_s=32").unwrap(),
        ])
        .unwrap();
        assert_eq!(p.config.gpu.l2.size_bytes, 262144);
        assert_eq!(p.config.gpu.compute_units, 16);
        assert_eq!(p.config.pcie_gbytes_per_s, 32.0);
        assert!(p.text.contains("# Vector L1 cache, one per CU"));
        assert!(p.text.contains("size_bytes = 262144"));
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let e = EffectivePlatform::new(&[Setting::parse("gpu.l2.size=1").unwrap()]).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("gpu.l2.size`") && text.contains("size_bytes"),
            "{text}"
        );
        let e = EffectivePlatform::new(&[Setting::parse("gpu.l2.ways=many").unwrap()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("gpu.l2.ways"), "{e}");
        let e = EffectivePlatform::new(&[Setting::parse("gpu.compute_units=0").unwrap()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("gpu.compute_units"), "{e}");
    }

    #[test]
    fn the_default_has_no_changes() {
        let p = EffectivePlatform::new(&[]).unwrap();
        assert_eq!(p.text, DEFAULT_PLATFORM_TOML);
        assert_eq!(p.config, PlatformConfig::default_platform());
    }
}
