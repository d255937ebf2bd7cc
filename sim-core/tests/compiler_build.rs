//! The compiler driver against clang-15: options, diagnostics, compile/link, headers and
//! the disk cache (with first-build vs cached-build timings printed).

use std::time::Instant;

use sim_core::compiler::{BinaryKind, CompileError, Compiler, CompilerSettings, Header};
use sim_core::loader::{CodeObject, CodeObjectVersion};

const SCALE: &str =
    "__kernel void scale(__global float *x, float f) { x[get_global_id(0)] *= f; }\n";

fn compiler() -> Compiler {
    Compiler::new(CompilerSettings::default()).unwrap()
}

fn cached_compiler(dir: &std::path::Path) -> Compiler {
    Compiler::new(CompilerSettings {
        cache_dir: Some(dir.to_path_buf()),
        ..Default::default()
    })
    .unwrap()
}

fn kernel_names(binary: &[u8]) -> Vec<String> {
    CodeObject::parse(binary)
        .unwrap()
        .kernels
        .iter()
        .map(|k| k.name().to_string())
        .collect()
}

#[test]
fn errors_carry_clang_diagnostics() {
    let err = compiler()
        .build(
            "__kernel void k(__global int *p) {\n  p[0] = missing;\n}\n",
            "",
        )
        .unwrap_err();
    let CompileError::Failed { log } = err else {
        panic!("{err:?}")
    };
    assert!(log.contains("program.cl:2:"), "{log}");
    assert!(
        log.contains("use of undeclared identifier 'missing'"),
        "{log}"
    );
}

#[test]
fn warnings_follow_w_and_werror() {
    let source = format!("#warning \"check me\"\n{SCALE}");
    let out = compiler().build(&source, "").unwrap();
    assert!(
        out.log.contains("program.cl:1:2: warning: \"check me\""),
        "{}",
        out.log
    );
    assert!(compiler().build(&source, "-w").unwrap().log.is_empty());
    assert!(matches!(
        compiler().build(&source, "-Werror"),
        Err(CompileError::Failed { .. })
    ));
}

#[test]
fn defines_and_arg_info() {
    let source = "__kernel void NAME(__global TYPE *data, int n) { data[n] = (TYPE)FACTOR; }";
    let out = compiler()
        .build(
            source,
            "-D NAME=fill -DTYPE=float -D FACTOR=3 -cl-kernel-arg-info",
        )
        .unwrap();
    let co = CodeObject::parse(&out.binary).unwrap();
    let k = co.kernel("fill").unwrap();
    let names: Vec<_> = k.explicit_args().map(|a| a.name.clone()).collect();
    assert_eq!(names, [Some("data".to_string()), Some("n".to_string())]);
    assert_eq!(k.args()[0].type_name.as_deref(), Some("float*"));
    let plain = CodeObject::parse(&compiler().build(SCALE, "").unwrap().binary).unwrap();
    assert!(plain.kernels[0].args().iter().all(|a| a.name.is_none()));
}

#[test]
fn unknown_options_are_rejected() {
    for bad in ["-cl-magic", "-cl-std=CL9.0", "-fno-builtin", "-D"] {
        assert!(
            matches!(
                compiler().build(SCALE, bad),
                Err(CompileError::InvalidOptions(_))
            ),
            "{bad}"
        );
    }
}

#[test]
fn optimisation_and_math_options_change_the_code() {
    let source = "__kernel void k(__global float *x) { float t[8]; for (int i = 0; i < 8; ++i) t[i] = x[i] / x[i + 1]; x[0] = sqrt(t[x[9] > 0.0f ? 1 : 2]); }";
    let code_size = |options: &str| {
        let co = CodeObject::parse(&compiler().build(source, options).unwrap().binary).unwrap();
        co.symbols.iter().find(|s| s.name == "k").unwrap().size
    };
    let optimised = code_size("");
    assert!(code_size("-cl-opt-disable") > optimised);
    // Fast relaxed math drops the correctly rounded division sequence.
    assert!(code_size("-cl-fast-relaxed-math") < optimised);
}

#[test]
fn code_object_versions() {
    for v in [
        CodeObjectVersion::V2,
        CodeObjectVersion::V3,
        CodeObjectVersion::V4,
        CodeObjectVersion::V5,
    ] {
        let c = Compiler::new(CompilerSettings {
            code_object_version: v,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            CodeObject::parse(&c.build(SCALE, "").unwrap().binary)
                .unwrap()
                .version,
            v
        );
    }
}

#[test]
fn compile_with_headers_then_link() {
    let c = compiler();
    let headers = [Header {
        name: "inc/helper.h".into(),
        source: "float helper(float x);\n#define GAIN 2.0f\n".into(),
    }];
    let main = c
        .compile(
            "#include \"inc/helper.h\"\n__kernel void ka(__global float *p) { p[get_global_id(0)] = helper(p[0]) * GAIN; }",
            "-cl-std=CL1.2",
            &headers,
        )
        .unwrap();
    assert_eq!(main.kind, BinaryKind::Object);
    let helper = c
        .compile("float helper(float x) { return sqrt(x) + 1.0f; }", "", &[])
        .unwrap();
    let exe = c.link(&[&main.binary, &helper.binary], "").unwrap();
    assert_eq!(exe.kind, BinaryKind::Executable);
    assert_eq!(kernel_names(&exe.binary), ["ka"]);
    // The same through a library.
    let lib = c.link(&[&helper.binary], "-create-library").unwrap();
    assert_eq!(lib.kind, BinaryKind::Library);
    let exe = c
        .link(&[&main.binary, &lib.binary], "-cl-fast-relaxed-math")
        .unwrap();
    assert_eq!(kernel_names(&exe.binary), ["ka"]);
    // Linking with an undefined function fails with the linker's diagnostics.
    let err = c.link(&[&main.binary], "").unwrap_err();
    assert!(err.log().contains("helper"), "{}", err.log());
    assert!(matches!(
        c.link(&[b"not bitcode"], ""),
        Err(CompileError::Failed { .. })
    ));
    assert!(matches!(
        c.link(&[&helper.binary], "-DX"),
        Err(CompileError::InvalidOptions(_))
    ));
    assert!(c
        .compile(
            SCALE,
            "",
            &[Header {
                name: "../x.h".into(),
                source: String::new()
            }]
        )
        .is_err());
}

#[test]
fn missing_device_libraries_name_the_package() {
    let empty = tempfile::tempdir().unwrap();
    let c = Compiler::new(CompilerSettings {
        device_lib_dir: empty.path().to_path_buf(),
        ..Default::default()
    })
    .unwrap();
    let err = c.build(SCALE, "").unwrap_err();
    assert!(
        matches!(
            err,
            CompileError::ToolMissing {
                package: "rocm-device-libs",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn cache_hits_are_identical_and_faster() {
    let dir = tempfile::tempdir().unwrap();
    let c = cached_compiler(dir.path());
    let source = format!("#warning \"cached warning\"\n{SCALE}");
    let t0 = Instant::now();
    let first = c.build(&source, "-cl-mad-enable").unwrap();
    let first_time = t0.elapsed();
    let t1 = Instant::now();
    let second = c.build(&source, "-cl-mad-enable").unwrap();
    let cached_time = t1.elapsed();
    println!("first build {first_time:?}, cached build {cached_time:?}");
    eprintln!("first build {first_time:?}, cached build {cached_time:?}");
    assert!(!first.from_cache && second.from_cache);
    assert_eq!(first.binary, second.binary);
    assert_eq!(first.log, second.log);
    assert!(cached_time < first_time);
    // A fresh compiler (another process) finds the entry too.
    assert!(
        cached_compiler(dir.path())
            .build(&source, "-cl-mad-enable")
            .unwrap()
            .from_cache
    );
    // Other options or source miss.
    assert!(!c.build(&source, "").unwrap().from_cache);
    assert!(!c.build(SCALE, "-cl-mad-enable").unwrap().from_cache);
    // Programs with #include are never cached: the included file may change.
    let including = c
        .compile(
            "#include \"h.h\"\n",
            "",
            &[Header {
                name: "h.h".into(),
                source: SCALE.into(),
            }],
        )
        .unwrap();
    assert!(!including.from_cache);
    assert!(
        !c.compile(
            "#include \"h.h\"\n",
            "",
            &[Header {
                name: "h.h".into(),
                source: SCALE.into()
            }]
        )
        .unwrap()
        .from_cache
    );
}

#[test]
fn concurrent_builds_share_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let source = "__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; }";
    let outputs: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|_| s.spawn(|| cached_compiler(dir.path()).build(source, "").unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(outputs[0].binary, outputs[1].binary);
    assert!(
        cached_compiler(dir.path())
            .build(source, "")
            .unwrap()
            .from_cache
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    // Only finished files stay: the build's entry, the compiled device-library
    // corrections' entry and their bitcode file (linked by every build).
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        names.iter().any(|n| n.starts_with("corrections-")),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.starts_with(".tmp")), "{names:?}");
}

#[test]
fn unwritable_cache_still_builds() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, b"").unwrap();
    let c = cached_compiler(&file.join("cache"));
    assert!(!c.build(SCALE, "").unwrap().from_cache);
    assert!(!c.build(SCALE, "").unwrap().from_cache);
}

/// Set in the child process of `a_cache_hit_runs_no_program`: the cache directory to build
/// from.
const CACHE_HIT_CHILD: &str = "CACHE_HIT_CHILD_DIR";

#[test]
fn a_cache_hit_runs_no_program() {
    if let Some(dir) = std::env::var_os(CACHE_HIT_CHILD) {
        // The child: a fresh process that finds the compiler and builds from the cache.
        let t0 = Instant::now();
        let hit = cached_compiler(std::path::Path::new(&dir))
            .build(SCALE, "")
            .unwrap();
        let elapsed = t0.elapsed();
        eprintln!("cached build in a fresh process: {elapsed:?}");
        assert!(hit.from_cache);
        // SAFETY: getrusage fills the struct it is given.
        let children = unsafe {
            let mut usage: libc::rusage = std::mem::zeroed();
            assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
            usage.ru_maxrss
        };
        assert_eq!(children, 0, "a cache hit ran a program");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    assert!(
        !cached_compiler(dir.path())
            .build(SCALE, "")
            .unwrap()
            .from_cache
    );
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_cache_hit_runs_no_program", "--nocapture"])
        .env(CACHE_HIT_CHILD, dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&child.stderr);
    eprintln!("{stderr}");
    assert!(child.status.success(), "{stderr}");
    assert!(
        stderr.contains("cached build in a fresh process"),
        "{stderr}"
    );
}
