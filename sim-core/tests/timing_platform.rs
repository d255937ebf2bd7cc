//! The timing mode end to end: kernels compiled by clang-15 run on a platform built with
//! `GCNSIM_MODE=timing` (timing compute units and the memory hierarchy) and give the same
//! values as the functional mode, with deterministic simulated times and metrics.

use sim_core::compiler::{Compiler, CompilerSettings};
use sim_core::config::Settings;
use sim_core::driver::Buffer;
use sim_core::loader::CodeObject;
use sim_core::platform::{DeviceProgram, Dispatch, KernelReport, NdRange, Platform};
use std::sync::Arc;

/// Work-items per work-group and work-groups of the test kernel's launch.
const LOCAL: u32 = 128;
const GROUPS: u32 = 6;

/// LDS with a barrier, divergent branches, a global atomic and a reduction: the
/// instruction kinds whose timing the compute unit models differently.
const SOURCE: &str = r#"
kernel void mix(global uint *out, global const uint *in, global uint *counter) {
    local uint tile[128];
    uint l = get_local_id(0), g = get_global_id(0);
    tile[l] = in[g] * 3u + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = tile[(l + 1) % 128];
    if (v & 1) v = v * 7u; else v ^= 0x55u;
    for (uint i = 0; i < (g & 7); i++) v = v * 31u + in[(g + i * 64) % 768];
    out[g] = v;
    atomic_add(counter, v & 0xff);
}
"#;

struct Run {
    out: Vec<u8>,
    counter: [u8; 4],
    report: KernelReport,
}

fn run(mode: &str) -> Run {
    let vars = [
        ("GCNSIM_MODE", mode),
        ("GCNSIM_GPUS", "1"),
        ("GCNSIM_THREADS", "1"),
        ("GCNSIM_CACHE_DIR", "/tmp/gcnsim-timing-test"),
    ];
    let settings =
        Settings::from_vars(vars.iter().map(|(k, v)| (k.to_string(), v.to_string()))).unwrap();
    let platform = Platform::new(settings).unwrap();
    let compiler = Compiler::new(CompilerSettings {
        cache_dir: None,
        ..Default::default()
    })
    .expect("clang-15 is installed");
    let binary = compiler.build(SOURCE, "").expect("kernel compiles").binary;
    let code = Arc::new(CodeObject::parse(&binary).expect("code object loads"));
    let program = DeviceProgram::new(platform.driver().clone(), code.clone());
    let n = (LOCAL * GROUPS) as usize;
    let buffer = |bytes: &[u8]| -> Arc<Buffer> {
        let b = platform.driver().create_buffer(bytes.len() as u64).unwrap();
        b.make_resident(0).unwrap();
        b.write(0, 0, bytes).unwrap();
        b
    };
    let input: Vec<u8> = (0..n as u32)
        .flat_map(|i| (i.wrapping_mul(2654435761) >> 7).to_le_bytes())
        .collect();
    let out = buffer(&vec![0u8; 4 * n]);
    let inp = buffer(&input);
    let counter = buffer(&[0u8; 4]);
    let kernel = code.kernel("mix").unwrap();
    let mut kernarg = vec![0u8; kernel.metadata.kernarg_segment_size as usize];
    for (i, b) in [&out, &inp, &counter].iter().enumerate() {
        let at = kernel.args()[i].offset as usize;
        kernarg[at..at + 8].copy_from_slice(&b.address().to_le_bytes());
    }
    let dispatch = Dispatch {
        program: &program,
        kernel: "mix",
        explicit_kernarg: &kernarg,
        group_segment_size: kernel.descriptor.group_segment_fixed_size,
        range: NdRange {
            dimensions: 1,
            global_offset: [0; 3],
            global_size: [n as u32, 1, 1],
            local_size: [LOCAL, 1, 1],
        },
        buffers: &[out.clone(), inp.clone(), counter.clone()],
    };
    let report = platform.run_kernel(0, &dispatch).expect("the kernel runs");
    let mut result = Run {
        out: vec![0u8; 4 * n],
        counter: [0; 4],
        report,
    };
    out.read(0, 0, &mut result.out).unwrap();
    counter.read(0, 0, &mut result.counter).unwrap();
    result
}

#[test]
fn timing_mode_computes_what_the_functional_mode_does() {
    let functional = run("emu");
    let timing = run("timing");
    assert_eq!(timing.out, functional.out);
    assert_eq!(timing.counter, functional.counter);
    assert_eq!(timing.report.instructions, functional.report.instructions);
    assert!(functional.report.metrics.is_empty());
}

#[test]
fn timing_mode_is_deterministic_and_reports_memory_metrics() {
    let first = run("timing");
    let second = run("timing");
    let r = &first.report;
    assert!(r.end_ns > r.start_ns, "{} .. {}", r.start_ns, r.end_ns);
    assert_eq!(
        (r.start_ns, r.end_ns),
        (second.report.start_ns, second.report.end_ns)
    );
    assert_eq!(r.metrics, second.report.metrics);
    let value = |location: &str, what: &str| {
        r.metrics
            .iter()
            .find(|m| m.location == location && m.what == what)
            .map_or(0.0, |m| m.value)
    };
    // Six work-groups on six compute units: each reads `in` and writes `out`.
    assert!(value("gpu0.cu0.l1v", "read_misses") > 0.0);
    assert!(value("gpu0.cu0.l1v", "write_misses") > 0.0);
    // The flush after the kernel wrote `out` and the counter back to DRAM.
    let written: f64 = (0..8)
        .map(|c| value(&format!("gpu0.dram.ch{c}"), "write_bytes"))
        .sum();
    assert!(written >= f64::from(4 * LOCAL * GROUPS), "{written}");
}
