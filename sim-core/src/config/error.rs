//! The one error type of configuration: a message naming the offending key and value.

use std::fmt;

/// A configuration problem, reported once to the user: names the key (environment variable
/// or config-file key) and the value that was rejected, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The environment variable or the dotted config-file key, e.g. `gpu.l2.ways`.
    pub key: String,
    /// The rejected value as the user wrote it (empty when the key itself is the problem).
    pub value: String,
    /// Why it was rejected, and what would be accepted.
    pub reason: String,
}

impl ConfigError {
    /// A rejected `value` for `key`, with the reason.
    pub fn new(
        key: impl Into<String>,
        value: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            key: key.into(),
            value: value.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_empty() {
            write!(
                f,
                "gcnsim: configuration error: {}: {}",
                self.key, self.reason
            )
        } else {
            write!(
                f,
                "gcnsim: configuration error: {} = {:?}: {}",
                self.key, self.value, self.reason
            )
        }
    }
}

impl std::error::Error for ConfigError {}
