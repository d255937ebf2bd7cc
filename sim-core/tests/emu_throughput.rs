//! Throughput of the functional emulator (issue 5's floor: ≥ 5 M wavefront instructions per
//! second on one host core, ≥ 1.7× that on two): the FIR kernel of `test-apps` over 1 M
//! work-items through the platform API, once with one simulator thread and once with two.
//! Prints wavefront instructions per second of kernel wall time and checks that both runs
//! count the same instructions and write the same samples, which match a host reference.
//!
//! Ignored by default (it measures, and takes seconds); run it with
//! `cargo test --release -p sim-core --test emu_throughput -- --ignored --nocapture`.

use sim_core::compiler::{Compiler, CompilerSettings};
use sim_core::config::Settings;
use sim_core::loader::{ArgKind, CodeObject};
use sim_core::platform::{DeviceProgram, Dispatch, KernelReport, NdRange, Platform};
use std::sync::Arc;
use std::time::Instant;

const FIR: &str = include_str!("../../test-apps/fir/fir.cl");
const SAMPLES: u32 = 1 << 20;
const TAPS: u32 = 16;

fn input() -> (Vec<f32>, Vec<f32>) {
    let signal = (0..SAMPLES + TAPS - 1)
        .map(|i| ((i * 7919) % 1000) as f32 / 250.0 - 2.0)
        .collect();
    let coeff = (0..TAPS).map(|j| 1.0 / (j + 2) as f32).collect();
    (signal, coeff)
}

/// Runs FIR on a fresh platform with `threads` simulator threads; returns the report, the
/// kernel's wall time in seconds and the output samples.
fn run_fir(binary: &[u8], threads: usize) -> (KernelReport, f64, Vec<f32>) {
    let vars = [
        ("GCNSIM_GPUS", "1".to_string()),
        ("GCNSIM_THREADS", threads.to_string()),
        (
            "HOME",
            std::env::var("HOME").unwrap_or_else(|_| "/tmp".into()),
        ),
    ];
    let settings = Settings::from_vars(vars.map(|(k, v)| (k.to_string(), v))).expect("settings");
    let platform = Platform::new(settings).expect("platform");
    let driver = platform.driver().clone();
    let code = Arc::new(CodeObject::parse(binary).expect("code object loads"));
    let program = DeviceProgram::new(driver.clone(), code.clone());
    let (signal, coeff) = input();
    let buffer = |bytes: Vec<u8>| {
        let b = driver.create_buffer(bytes.len() as u64).expect("buffer");
        b.make_resident(0).expect("resident");
        b.write(0, 0, &bytes).expect("write");
        b
    };
    let floats = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let buffers = [
        buffer(floats(&signal)),
        buffer(floats(&coeff)),
        buffer(vec![0; SAMPLES as usize * 4]),
    ];
    let kernel = code.kernel("fir").expect("kernel fir");
    let mut kernarg = Vec::new();
    let mut buffer_args = buffers.iter();
    for a in kernel.args() {
        let value = match a.kind {
            ArgKind::GlobalBuffer => buffer_args.next().expect("three buffers").address(),
            ArgKind::ByValue => u64::from(TAPS),
            _ => continue,
        };
        let end = (a.offset + a.size) as usize;
        kernarg.resize(kernarg.len().max(end), 0);
        kernarg[a.offset as usize..end].copy_from_slice(&value.to_le_bytes()[..a.size as usize]);
    }
    let dispatch = Dispatch {
        program: &program,
        kernel: "fir",
        explicit_kernarg: &kernarg,
        group_segment_size: kernel.descriptor.group_segment_fixed_size,
        range: NdRange {
            dimensions: 1,
            global_offset: [0; 3],
            global_size: [SAMPLES, 1, 1],
            local_size: [256, 1, 1],
        },
        buffers: &buffers,
        queued_ns: 0,
        start_ns: 0,
        workgroup_split: None,
        queue: 0,
    };
    let start = Instant::now();
    let report = platform.run_kernel(0, &dispatch).expect("FIR runs");
    let seconds = start.elapsed().as_secs_f64();
    let mut out = vec![0u8; SAMPLES as usize * 4];
    buffers[2].read(0, 0, &mut out).expect("read");
    let out = out
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    (report, seconds, out)
}

#[test]
#[ignore = "measures throughput; run with --release -- --ignored --nocapture"]
fn fir_throughput_on_one_and_two_threads() {
    let compiler = Compiler::new(CompilerSettings::default()).expect("clang-15 is installed");
    let binary = compiler.build(FIR, "").expect("FIR compiles").binary;
    let (one, one_s, one_out) = run_fir(&binary, 1);
    let (two, two_s, two_out) = run_fir(&binary, 2);
    let total = one.instructions.total() as f64;
    println!(
        "FIR {SAMPLES} work-items: {total} wavefront instructions; 1 thread {:.3} s = {:.2} M/s; \
         2 threads {:.3} s = {:.2} M/s; scaling {:.2}x",
        one_s,
        total / one_s / 1e6,
        two_s,
        total / two_s / 1e6,
        one_s / two_s
    );
    assert_eq!(one, two, "reports differ between 1 and 2 threads");
    assert!(one_out == two_out, "outputs differ between 1 and 2 threads");
    // The host reference: v_mac_f32 rounds the product, then the sum, like f32 code without
    // contraction.
    let (signal, coeff) = input();
    for i in (0..SAMPLES as usize).step_by(4099) {
        let mut sum = 0.0f32;
        for (j, c) in coeff.iter().enumerate() {
            sum += c * signal[i + TAPS as usize - 1 - j];
        }
        assert_eq!(one_out[i], sum, "sample {i}");
    }
}
