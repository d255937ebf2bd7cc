//! The on-disk cache of compiled programs: one file per build, named by a hash of
//! everything that determines the output (source, options, compiler, device libraries).

use std::io::Write;
use std::path::PathBuf;

use sha2::{Digest, Sha256};

use super::device_libs::hex;

/// First bytes of every cache entry (format version included).
const ENTRY_MAGIC: &[u8; 8] = b"GCNSIMC1";

/// Builds a cache key from named, length-prefixed fields.
#[derive(Default)]
pub struct CacheKey(Sha256);

impl CacheKey {
    /// Adds one field.
    pub fn field(mut self, name: &str, value: &[u8]) -> Self {
        for part in [name.as_bytes(), value] {
            self.0.update((part.len() as u64).to_le_bytes());
            self.0.update(part);
        }
        self
    }

    /// The key as a file name.
    pub fn finish(self) -> String {
        hex(&self.0.finalize())
    }
}

/// A cached build: the binary and the diagnostics clang printed for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedBuild {
    /// The binary (code object or bitcode).
    pub binary: Vec<u8>,
    /// The build log.
    pub log: String,
}

/// A cache directory. Failing to read or write it is never an error: the caller compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileCache {
    dir: PathBuf,
}

impl CompileCache {
    /// A cache in `dir` (created on first store).
    pub fn new(dir: PathBuf) -> Self {
        CompileCache { dir }
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.bin"))
    }

    /// The entry stored under `key`, if there is a well-formed one.
    pub fn get(&self, key: &str) -> Option<CachedBuild> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        let rest = bytes.strip_prefix(ENTRY_MAGIC)?;
        let (len, rest) = rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        let log = rest.get(..len)?;
        let binary = rest.get(len..)?;
        Some(CachedBuild {
            binary: binary.to_vec(),
            log: String::from_utf8_lossy(log).into_owned(),
        })
    }

    /// Stores an entry: written to a temporary file in the cache directory and renamed into
    /// place, so that concurrent readers and writers only ever see whole entries.
    /// Returns whether it was stored.
    pub fn put(&self, key: &str, entry: &CachedBuild) -> bool {
        let store = || -> std::io::Result<()> {
            std::fs::create_dir_all(&self.dir)?;
            let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
            file.write_all(ENTRY_MAGIC)?;
            file.write_all(&(entry.log.len() as u64).to_le_bytes())?;
            file.write_all(entry.log.as_bytes())?;
            file.write_all(&entry.binary)?;
            file.as_file().sync_all()?;
            file.persist(self.path(key)).map_err(|e| e.error)?;
            Ok(())
        };
        store().is_ok()
    }

    /// A file `name` in the cache directory holding `bytes`, written (atomically, as
    /// entries are) unless it is there already; its path, or `None` if it cannot be made.
    /// For inputs that must have the same path in every process (paths are part of keys).
    /// A file once there is never replaced: its modification time is part of the keys
    /// of builds that link it, so a second writer would give them a second key.
    pub fn file(&self, name: &str, bytes: &[u8]) -> Option<PathBuf> {
        let path = self.dir.join(name);
        let there = || std::fs::read(&path).is_ok_and(|b| b == bytes);
        if there() {
            return Some(path);
        }
        let store = || -> std::io::Result<()> {
            std::fs::create_dir_all(&self.dir)?;
            let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
            file.write_all(bytes)?;
            file.as_file().sync_all()?;
            file.persist_noclobber(&path).map_err(|e| e.error)?;
            Ok(())
        };
        // Another writer may have made it since it was looked for.
        (store().is_ok() || there()).then_some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corrupt_entries() {
        let dir = tempfile::tempdir().unwrap();
        let cache = CompileCache::new(dir.path().join("sub"));
        let key = CacheKey::default().field("source", b"kernel").finish();
        assert_ne!(
            key,
            CacheKey::default().field("source", b"kernel2").finish()
        );
        assert_eq!(cache.get(&key), None);
        let entry = CachedBuild {
            binary: vec![1, 2, 3],
            log: "warning: x".into(),
        };
        assert!(cache.put(&key, &entry));
        assert_eq!(cache.get(&key), Some(entry));
        std::fs::write(
            cache.path(&key),
            b"GCNSIMC1\xff\xff\xff\xff\xff\xff\xff\x7f",
        )
        .unwrap();
        assert_eq!(cache.get(&key), None);
    }

    #[test]
    fn unwritable_cache_is_not_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-dir");
        std::fs::write(&file, b"").unwrap();
        let cache = CompileCache::new(file.join("cache"));
        assert!(!cache.put(
            "k",
            &CachedBuild {
                binary: vec![],
                log: String::new()
            }
        ));
    }
}
