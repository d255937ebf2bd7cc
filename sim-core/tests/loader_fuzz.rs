//! The loader never panics: real code objects (tests/data/programs/seeds), mutated and
//! truncated, must load or fail with a `LoadError`; so must the regression corpus.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sim_core::loader::{CodeObject, LoadError};

fn files(dir: &str, ext: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/programs")
        .join(dir);
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    out.sort();
    out
}

fn seeds() -> Vec<Vec<u8>> {
    files("seeds", "co").into_iter().map(|(_, b)| b).collect()
}

/// Loads `bytes` and, when that works, uses everything a launch would use.
fn exercise(bytes: &[u8]) -> Result<(), LoadError> {
    let co = CodeObject::parse(bytes)?;
    co.relocated_image(0x1_0000_0000)?;
    for k in &co.kernels {
        k.descriptor.initial_sgprs();
        k.explicit_args().count();
        co.image.read(k.entry_address, 4);
    }
    Ok(())
}

#[test]
fn seeds_load() {
    let seeds = files("seeds", "co");
    assert!(seeds.len() >= 6);
    for (path, bytes) in &seeds {
        exercise(bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn program_scope_pointer_needs_a_relocation() {
    let (_, bytes) = files("seeds", "co")
        .into_iter()
        .find(|(p, _)| p.ends_with("globals_cl20-v4.co"))
        .unwrap();
    let co = CodeObject::parse(&bytes).unwrap();
    let table = co
        .global_variables()
        .find(|s| s.name == "table")
        .unwrap()
        .address;
    let pointer = co
        .global_variables()
        .find(|s| s.name == "global_ptr")
        .unwrap()
        .address;
    let image = co.relocated_image(0x7000_0000).unwrap();
    let at = pointer as usize;
    let value = u64::from_le_bytes(image[at..at + 8].try_into().unwrap());
    // global_ptr = &table[2] once the code object lies at 0x7000_0000.
    assert_eq!(value, 0x7000_0000 + table + 8);
}

#[test]
fn every_truncation_fails_cleanly() {
    for seed in seeds() {
        for len in 0..seed.len() {
            let _ = exercise(&seed[..len]);
        }
    }
}

#[test]
fn regression_corpus_fails_cleanly() {
    let corpus = files("regressions", "bin");
    assert!(corpus.len() >= 7);
    for (path, bytes) in corpus {
        let outcome = std::panic::catch_unwind(|| exercise(&bytes));
        let result = outcome.unwrap_or_else(|_| panic!("{} panics", path.display()));
        let err = result.expect_err(&path.display().to_string());
        if path.ends_with("wrong-mach-gfx900.bin") {
            assert!(
                matches!(err, LoadError::WrongTarget(ref why) if why.contains("gfx900")),
                "{err}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn mutated_code_objects_fail_cleanly(
        seed in 0usize..6,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
        keep in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut bytes = seeds().swap_remove(seed);
        for (at, value) in edits {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if truncate {
            bytes.truncate(keep.index(bytes.len()));
        }
        let _ = exercise(&bytes);
    }

    #[test]
    fn mutated_headers_fail_cleanly(
        seed in 0usize..6,
        edits in proptest::collection::vec((0usize..1024, any::<u32>()), 1..6),
    ) {
        // Word-sized edits in the ELF header, program headers and notes.
        let mut bytes = seeds().swap_remove(seed);
        for (at, value) in edits {
            let i = (at & !3).min(bytes.len() - 4);
            bytes[i..i + 4].copy_from_slice(&value.to_le_bytes());
        }
        let _ = exercise(&bytes);
    }
}
