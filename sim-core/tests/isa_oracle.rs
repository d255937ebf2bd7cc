//! Oracle tests of the GCN3 decoder/disassembler: every instruction of (a) an assembly corpus
//! covering the gfx8 opcodes and operand varieties and (b) OpenCL kernels compiled by
//! clang-15 must disassemble exactly as `llvm-objdump-15 -d --mcpu=gfx803` prints it.

use sim_core::isa::{decode_all, listing::listing, Format, OPCODES};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const BITCODE_DIR: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
const BITCODE: &[&str] = &[
    "opencl",
    "ocml",
    "ockl",
    "oclc_isa_version_803",
    "oclc_correctly_rounded_sqrt_off",
    "oclc_daz_opt_off",
    "oclc_finite_only_off",
    "oclc_unsafe_math_off",
    "oclc_wavefrontsize64_on",
    "oclc_abi_version_400",
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/isa")
}

fn have(tool: &str) -> bool {
    let found = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!(
            "!!!!!!!! SKIPPING: {tool} is not installed; the ISA oracle test cannot run !!!!!!!!"
        );
    }
    found
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gcnsim-isa-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn run(cmd: &mut Command) -> Vec<u8> {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn instruction_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('\t'))
        .map(str::to_string)
        .collect()
}

/// Compares our listing of `object` with llvm-objdump's; returns mismatch descriptions and
/// adds the opcodes seen to `opcodes`.
fn compare_object(object: &Path, opcodes: &mut BTreeSet<(Format, u16)>) -> (usize, Vec<String>) {
    let bytes = std::fs::read(object).expect("read object");
    let reference = String::from_utf8(run(Command::new("llvm-objdump-15")
        .args(["-d", "--mcpu=gfx803"])
        .arg(object)))
    .expect("objdump output is UTF-8");
    let ours = listing(&bytes).expect("our listing");
    let (theirs, ours) = (instruction_lines(&reference), instruction_lines(&ours));
    let by_address = |lines: &[String]| -> BTreeMap<String, String> {
        lines
            .iter()
            .map(|l| {
                (
                    l.split("// ")
                        .nth(1)
                        .unwrap_or("")
                        .chars()
                        .take(12)
                        .collect(),
                    l.clone(),
                )
            })
            .collect()
    };
    let (theirs_at, ours_at) = (by_address(&theirs), by_address(&ours));
    let mut mismatches = Vec::new();
    for (address, t) in &theirs_at {
        match ours_at.get(address) {
            Some(o) if o == t => {}
            Some(o) => mismatches.push(format!("{}:\n  llvm: {t}\n  ours: {o}", object.display())),
            None => mismatches.push(format!(
                "{}:\n  llvm: {t}\n  ours: (nothing at this address)",
                object.display()
            )),
        }
    }
    if theirs.len() != ours.len() {
        mismatches.push(format!(
            "{}: llvm printed {} lines, we printed {}",
            object.display(),
            theirs.len(),
            ours.len()
        ));
    }
    let (base, text, _) = sim_core::isa::listing::text_section(&bytes).expect(".text");
    for d in decode_all(&text, base) {
        if let Ok(i) = d.result {
            opcodes.insert((i.info.format, i.info.opcode));
        }
    }
    (theirs.len(), mismatches)
}

fn report(what: &str, lines: usize, opcodes: &BTreeSet<(Format, u16)>, mismatches: &[String]) {
    println!(
        "{what}: {lines} instructions, {} distinct opcodes of {} in the table, {} mismatches",
        opcodes.len(),
        OPCODES.len(),
        mismatches.len()
    );
    assert!(lines > 0, "{what}: no instructions compared");
    assert!(
        mismatches.is_empty(),
        "{what}: {} mismatches with llvm-objdump-15, first ones:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn assembly_corpus_matches_llvm_objdump() {
    if !have("llvm-mc-15") || !have("llvm-objdump-15") {
        return;
    }
    let dir = scratch_dir("corpus");
    let object = dir.join("gfx8_corpus.o");
    run(Command::new("llvm-mc-15")
        .args(["-arch=amdgcn", "-mcpu=gfx803", "-filetype=obj", "-o"])
        .arg(&object)
        .arg(data_dir().join("gfx8_corpus.s")));
    let mut opcodes = BTreeSet::new();
    let (lines, mismatches) = compare_object(&object, &mut opcodes);
    let _ = std::fs::remove_dir_all(&dir);
    report("assembly corpus", lines, &opcodes, &mismatches);
    assert!(
        opcodes.len() * 10 >= OPCODES.len() * 9,
        "corpus covers too few opcodes"
    );
}

#[test]
fn gcnsim_disasm_prints_what_llvm_objdump_prints() {
    if !have("clang-15") || !have("llvm-objdump-15") {
        return;
    }
    let dir = scratch_dir("command");
    let object = compile(&data_dir().join("basic.cl"), "-O3", &dir);
    let ours = run(Command::new(env!("CARGO_BIN_EXE_gcnsim-disasm")).arg(&object));
    let theirs = run(Command::new("llvm-objdump-15")
        .args(["-d", "--mcpu=gfx803"])
        .arg(&object));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs)
    );
}

#[test]
fn opencl_kernels_match_llvm_objdump() {
    if !have("clang-15") || !have("llvm-objdump-15") {
        return;
    }
    let dir = scratch_dir("kernels");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("test data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cl"))
        .collect();
    sources.sort();
    assert!(
        !sources.is_empty(),
        "no .cl kernels in {}",
        data_dir().display()
    );
    let jobs: Vec<(PathBuf, &str)> = sources
        .iter()
        .flat_map(|s| ["-O3", "-O0"].map(|o| (s.clone(), o)))
        .collect();
    let objects: Vec<PathBuf> = std::thread::scope(|scope| {
        let chunks: Vec<_> = jobs.chunks(jobs.len().div_ceil(2)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let dir = &dir;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|(src, opt)| compile(src, opt, dir))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("compile thread"))
            .collect()
    });
    let mut opcodes = BTreeSet::new();
    let mut lines = 0;
    let mut mismatches = Vec::new();
    for object in &objects {
        let (n, m) = compare_object(object, &mut opcodes);
        lines += n;
        mismatches.extend(m);
    }
    let _ = std::fs::remove_dir_all(&dir);
    report("OpenCL kernels", lines, &opcodes, &mismatches);
}

fn compile(source: &Path, opt: &str, dir: &Path) -> PathBuf {
    let stem = source.file_stem().unwrap().to_string_lossy();
    let object = dir.join(format!("{stem}{opt}.o"));
    let mut cmd = Command::new("clang-15");
    cmd.args([
        "-x",
        "cl",
        "-cl-std=CL1.2",
        "-target",
        "amdgcn-amd-amdhsa",
        "-mcpu=gfx803",
        "-nogpulib",
        opt,
        "-c",
    ]);
    for lib in BITCODE {
        cmd.args(["-Xclang", "-mlink-bitcode-file", "-Xclang"])
            .arg(format!("{BITCODE_DIR}/{lib}.bc"));
    }
    cmd.arg(source).arg("-o").arg(&object);
    run(&mut cmd);
    object
}
