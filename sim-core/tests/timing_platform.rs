//! The timing mode end to end: kernels compiled by clang-15 run on a platform built with
//! `GCNSIM_MODE=timing` (timing compute units and the memory hierarchy) and give the same
//! values as the functional mode, with deterministic simulated times and metrics.

use sim_core::compiler::{Compiler, CompilerSettings};
use sim_core::config::{PlatformConfig, Settings};
use sim_core::driver::Buffer;
use sim_core::isa::Category;
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
        queued_ns: 0,
        start_ns: 0,
        workgroup_split: None,
        queue: 0,
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
    // Each compute unit counts its wavefront instructions and, per SIMD, its VALU
    // instructions and their busy cycles (4 each: no quarter-rate operation here).
    let sum = |suffix: &str| -> f64 {
        r.metrics
            .iter()
            .filter(|m| m.location.contains(".cu") && !m.location.contains(".l1"))
            .filter(|m| m.what.starts_with("simd") && m.what.ends_with(suffix))
            .map(|m| m.value)
            .sum()
    };
    let valu = r.instructions.get(Category::Valu) as f64;
    assert!(valu > 0.0);
    assert_eq!(sum("_instructions"), valu);
    assert_eq!(sum("_busy_cycles"), 4.0 * valu);
    let per_cu: f64 = r
        .metrics
        .iter()
        .filter(|m| m.what == "wavefront_instructions" && m.location.contains(".cu"))
        .map(|m| m.value)
        .sum();
    assert_eq!(per_cu, r.instructions.total() as f64);
    let channels = PlatformConfig::default_platform().gpu.dram.controllers;
    let written: f64 = (0..channels)
        .map(|c| value(&format!("gpu0.dram.ch{c}"), "write_bytes"))
        .sum();
    assert!(written >= f64::from(4 * LOCAL * GROUPS), "{written}");
}

/// A sum of two vectors, one element per work-item.
const VECTOR_ADD: &str = r#"
kernel void vector_add(global const float *a, global const float *b, global float *c, uint n) {
    uint i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
"#;

/// Elements per GPU in the multi-GPU runs.
const ELEMENTS: u32 = 1 << 15;

/// One GPU's share: its three buffers.
struct Slice {
    buffers: [Arc<Buffer>; 3],
}

/// The order in which the host creates the GPUs' buffers and launches their kernels.
#[derive(Clone, Copy)]
enum Order {
    /// Buffers of GPU 0, GPU 1's first buffer, GPU 0's launch, GPU 1's other buffers,
    /// GPU 1's launch.
    Interleaved,
    /// Every buffer first, then GPU 1's launch, then GPU 0's.
    BuffersFirstBackwards,
    /// Every buffer first, then both launches at once from two host threads.
    Concurrent,
}

/// Runs a vector sum on each of two timing-mode GPUs in `order` with `threads` simulator
/// threads; returns each GPU's kernel report (simulated times and memory metrics).
fn two_gpu_reports(order: Order, threads: &str, binary: &[u8]) -> Vec<KernelReport> {
    let vars = [
        ("GCNSIM_MODE", "timing"),
        ("GCNSIM_GPUS", "2"),
        ("GCNSIM_THREADS", threads),
    ];
    let settings =
        Settings::from_vars(vars.iter().map(|(k, v)| (k.to_string(), v.to_string()))).unwrap();
    let platform = Platform::new(settings).unwrap();
    let code = Arc::new(CodeObject::parse(binary).expect("code object loads"));
    let program = DeviceProgram::new(platform.driver().clone(), code.clone());
    let kernel = code.kernel("vector_add").unwrap();
    // As an OpenCL program's buffers: created (and filled) from the host thread.
    let buffer = |gpu: u32, seed: u32| {
        let bytes: Vec<u8> = (0..ELEMENTS)
            .flat_map(|i| ((i ^ seed ^ gpu) as f32).to_le_bytes())
            .collect();
        let b = platform.driver().create_buffer(bytes.len() as u64).unwrap();
        b.write(0, 0, &bytes).unwrap();
        b
    };
    let slice = |gpu: u32| Slice {
        buffers: [buffer(gpu, 1), buffer(gpu, 2), buffer(gpu, 3)],
    };
    let launch = |gpu: usize, s: &Slice| -> KernelReport {
        let mut kernarg = vec![0u8; kernel.metadata.kernarg_segment_size as usize];
        for (i, b) in s.buffers.iter().enumerate() {
            let at = kernel.args()[i].offset as usize;
            kernarg[at..at + 8].copy_from_slice(&b.address().to_le_bytes());
        }
        let at = kernel.args()[3].offset as usize;
        kernarg[at..at + 4].copy_from_slice(&ELEMENTS.to_le_bytes());
        let dispatch = Dispatch {
            program: &program,
            kernel: "vector_add",
            explicit_kernarg: &kernarg,
            group_segment_size: kernel.descriptor.group_segment_fixed_size,
            range: NdRange {
                dimensions: 1,
                global_offset: [0; 3],
                global_size: [ELEMENTS, 1, 1],
                local_size: [256, 1, 1],
            },
            buffers: &s.buffers,
            queued_ns: 0,
            start_ns: 0,
            workgroup_split: None,
            queue: 0,
        };
        platform
            .run_kernel(gpu, &dispatch)
            .expect("the kernel runs")
    };
    match order {
        Order::Interleaved => {
            let s0 = slice(0);
            let a1 = buffer(1, 1);
            let r0 = launch(0, &s0);
            let s1 = Slice {
                buffers: [a1, buffer(1, 2), buffer(1, 3)],
            };
            vec![r0, launch(1, &s1)]
        }
        Order::BuffersFirstBackwards => {
            let (s0, s1) = (slice(0), slice(1));
            let r1 = launch(1, &s1);
            vec![launch(0, &s0), r1]
        }
        Order::Concurrent => {
            let (s0, s1) = (slice(0), slice(1));
            std::thread::scope(|scope| {
                let r1 = scope.spawn(|| launch(1, &s1));
                let r0 = launch(0, &s0);
                vec![r0, r1.join().unwrap()]
            })
        }
    }
}

/// Several GPUs' simulations do not depend on the order in which the host's threads
/// create buffers and launch kernels on them, nor on the simulator's thread count: the
/// driver's own memory for each GPU (code image, kernarg segment, dispatch packet) must
/// not take addresses that the application's buffers would otherwise get, or the other
/// way round (in the timing model addresses decide cache sets, banks and channels).
#[test]
fn several_gpus_simulate_the_same_whatever_the_host_order_and_thread_count() {
    let compiler = Compiler::new(CompilerSettings {
        cache_dir: None,
        ..Default::default()
    })
    .expect("clang-15 is installed");
    let binary = compiler
        .build(VECTOR_ADD, "")
        .expect("kernel compiles")
        .binary;
    let reference = two_gpu_reports(Order::Interleaved, "1", &binary);
    for r in &reference {
        assert!(r.end_ns > r.start_ns);
        assert!(!r.metrics.is_empty());
    }
    for (order, threads) in [
        (Order::BuffersFirstBackwards, "1"),
        (Order::Concurrent, "1"),
        (Order::Concurrent, "2"),
    ] {
        let reports = two_gpu_reports(order, threads, &binary);
        for (gpu, (got, want)) in reports.iter().zip(&reference).enumerate() {
            assert_eq!(
                (got.start_ns, got.end_ns),
                (want.start_ns, want.end_ns),
                "GPU {gpu}'s kernel time"
            );
            for (g, w) in got.metrics.iter().zip(&want.metrics) {
                assert_eq!(g, w, "GPU {gpu}'s metrics");
            }
            assert_eq!(got.metrics.len(), want.metrics.len(), "GPU {gpu}'s metrics");
        }
    }
}
