//! End-to-end kernel tests of the functional emulator: OpenCL C kernels compiled by
//! clang-15 for gfx803, loaded by the loader, run work-group by work-group with the
//! emulator's runner against driver buffers, and checked against Rust reference results.

use sim_core::compiler::{Compiler, CompilerSettings};
use sim_core::config::PlatformConfig;
use sim_core::driver::{Buffer, Driver};
use sim_core::emu::{
    run_workgroup, scratch_bytes_per_wave, DispatchResources, DispatchTable, FaultKind,
    InstructionBudget, KernelCode, Program, RunLimits, WavefrontSetup, WorkGroupEmulator,
    GROUP_APERTURE_HI_OFFSET, PRIVATE_APERTURE_BASE, PRIVATE_APERTURE_HI_OFFSET,
    SHARED_APERTURE_BASE,
};
use sim_core::gpu::{FunctionalCu, Gpu as FrontEnd, KernelLaunch};
use sim_core::isa::Category;
use sim_core::loader::{ArgKind, CodeObject, CodeObjectVersion};
use std::sync::Arc;

/// A kernel argument as a test sets it.
enum Arg<'a> {
    Buffer(&'a Buffer),
    U32(u32),
}

struct Gpu {
    driver: Arc<Driver>,
    version: CodeObjectVersion,
    options: &'static str,
}

struct Launch {
    counts: sim_core::emu::InstructionCounts,
}

/// A compiled kernel and its launch, with the buffers that back it.
struct Prepared {
    code: KernelCode,
    launch: KernelLaunch,
    _buffers: Vec<Arc<Buffer>>,
}

impl Gpu {
    fn new() -> Gpu {
        Gpu {
            driver: Driver::new(&PlatformConfig::default_platform()),
            version: CodeObjectVersion::V4,
            options: "",
        }
    }

    fn buffer(&self, bytes: &[u8]) -> Arc<Buffer> {
        let b = self
            .driver
            .create_buffer(bytes.len().max(4) as u64)
            .unwrap();
        b.make_resident(0).unwrap();
        b.write(0, 0, bytes).unwrap();
        b
    }

    fn u32s(&self, values: &[u32]) -> Arc<Buffer> {
        self.buffer(
            &values
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<_>>(),
        )
    }

    fn read_u32s(&self, b: &Buffer) -> Vec<u32> {
        let mut out = vec![0u8; b.size() as usize];
        b.read(0, 0, &mut out).unwrap();
        out.chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// Compiles `source`, loads it and writes the kernarg segment, queue and dispatch
    /// packet of a launch of `kernel` over `grid` work-items in work-groups of `local`.
    fn prepare(
        &self,
        source: &str,
        kernel: &str,
        args: &[Arg],
        grid: [u32; 3],
        local: [u32; 3],
    ) -> Prepared {
        let settings = CompilerSettings {
            code_object_version: self.version,
            ..Default::default()
        };
        let compiler = Compiler::new(settings).expect("clang-15 is installed");
        let binary = compiler
            .build(source, self.options)
            .expect("kernel compiles")
            .binary;
        let co = CodeObject::parse(&binary).expect("code object loads");
        let k = co.kernel(kernel).expect("kernel exists").clone();
        // Load the image into GPU memory so that code-relative data is addressable.
        let image = self
            .driver
            .create_buffer(co.image.bytes.len() as u64)
            .unwrap();
        image.make_resident(0).unwrap();
        let base = image.address();
        let bytes = co.relocated_image(base).unwrap();
        image.write(0, 0, &bytes).unwrap();
        let code = &bytes[co.image.code.start as usize..co.image.code.end as usize];
        let program = Arc::new(Program::new(code, base + co.image.code.start));
        let code = KernelCode {
            name: k.name().to_string(),
            program,
            descriptor: k.descriptor,
            entry_pc: base + k.entry_address,
        };
        // Kernel arguments, hidden ones zero except what the kernel needs.
        let mut kernarg = vec![0u8; k.metadata.kernarg_segment_size.max(8) as usize];
        let mut explicit = args.iter();
        for a in k.args() {
            let at = a.offset as usize;
            let value: u64 = match a.kind {
                ArgKind::GlobalBuffer | ArgKind::ByValue => {
                    match explicit.next().expect("enough args") {
                        Arg::Buffer(b) => b.address(),
                        Arg::U32(v) => u64::from(*v),
                    }
                }
                // Code object v5 reads the launch geometry and apertures from hidden
                // arguments instead of the dispatch packet and queue.
                ArgKind::HiddenBlockCount(d) => {
                    u64::from(grid[d as usize].div_ceil(local[d as usize]))
                }
                ArgKind::HiddenGroupSize(d) => u64::from(local[d as usize]),
                ArgKind::HiddenRemainder(d) => u64::from(grid[d as usize] % local[d as usize]),
                ArgKind::HiddenGridDims => 1,
                ArgKind::HiddenPrivateBase => PRIVATE_APERTURE_BASE >> 32,
                ArgKind::HiddenSharedBase => SHARED_APERTURE_BASE >> 32,
                _ => 0,
            };
            let n = (a.size as usize).min(8);
            kernarg[at..at + n].copy_from_slice(&value.to_le_bytes()[..n]);
        }
        let kernarg = self.buffer(&kernarg);
        let mut queue = vec![0u8; 256];
        queue[GROUP_APERTURE_HI_OFFSET as usize..][..4]
            .copy_from_slice(&((SHARED_APERTURE_BASE >> 32) as u32).to_le_bytes());
        queue[PRIVATE_APERTURE_HI_OFFSET as usize..][..4]
            .copy_from_slice(&((PRIVATE_APERTURE_BASE >> 32) as u32).to_le_bytes());
        let queue = self.buffer(&queue);
        let private = k.descriptor.private_segment_fixed_size;
        let lds = k.descriptor.group_segment_fixed_size;
        let mut packet = vec![0u8; 64];
        packet[2..4].copy_from_slice(&3u16.to_le_bytes());
        for d in 0..3 {
            packet[4 + 2 * d..6 + 2 * d].copy_from_slice(&(local[d] as u16).to_le_bytes());
            packet[12 + 4 * d..16 + 4 * d].copy_from_slice(&grid[d].to_le_bytes());
        }
        packet[24..28].copy_from_slice(&private.to_le_bytes());
        packet[28..32].copy_from_slice(&lds.to_le_bytes());
        packet[32..40].copy_from_slice(&(base + k.descriptor_address).to_le_bytes());
        packet[40..48].copy_from_slice(&kernarg.address().to_le_bytes());
        let packet = self.buffer(&packet);
        let mut descriptor = [0u8; 64];
        descriptor.copy_from_slice(&bytes[k.descriptor_address as usize..][..64]);
        let launch = KernelLaunch {
            name: kernel.to_string(),
            dimensions: 1,
            grid_size: grid,
            workgroup_size: local,
            private_segment_size: private,
            group_segment_size: lds,
            kernel_object: base + k.descriptor_address,
            code_entry: code.entry_pc,
            kernel_descriptor: descriptor,
            kernarg_address: kernarg.address(),
            dispatch_packet_address: packet.address(),
            completion_signal: 0,
            queue_address: queue.address(),
            vgprs_per_wavefront: k.descriptor.compute_pgm_rsrc1.allocated_vgprs(),
            sgprs_per_wavefront: k.descriptor.compute_pgm_rsrc1.allocated_sgprs(),
        };
        Prepared {
            code,
            launch,
            _buffers: vec![image, kernarg, queue, packet],
        }
    }

    /// Compiles `source` and runs `kernel` over `grid` work-items in work-groups of `local`,
    /// work-group by work-group with the emulator's runner.
    fn run(
        &self,
        source: &str,
        kernel: &str,
        args: &[Arg],
        grid: [u32; 3],
        local: [u32; 3],
    ) -> Result<Launch, sim_core::emu::Fault> {
        self.execute(&self.prepare(source, kernel, args, grid, local))
    }

    /// Runs a prepared launch work-group by work-group with the emulator's runner.
    fn execute(&self, p: &Prepared) -> Result<Launch, sim_core::emu::Fault> {
        let (code, l) = (&p.code, &p.launch);
        let (grid, local) = (l.grid_size, l.workgroup_size);
        let (private, lds) = (l.private_segment_size, l.group_segment_size);
        let counts_per_dim: [u32; 3] = std::array::from_fn(|d| grid[d].div_ceil(local[d]));
        let waves_per_group = (local.iter().product::<u32>()).div_ceil(64);
        let wave_scratch = (private * 64).div_ceil(256) * 256;
        let scratch = self
            .driver
            .create_buffer(u64::from(wave_scratch * waves_per_group).max(256))
            .unwrap();
        scratch.make_resident(0).unwrap();
        let mut total = sim_core::emu::InstructionCounts::default();
        let memory = self.driver.gpu(0).unwrap();
        for z in 0..counts_per_dim[2] {
            for y in 0..counts_per_dim[1] {
                for x in 0..counts_per_dim[0] {
                    let id = [x, y, z];
                    let size: [u32; 3] =
                        std::array::from_fn(|d| (grid[d] - id[d] * local[d]).min(local[d]));
                    let waves: Vec<WavefrontSetup> = (0..size.iter().product::<u32>().div_ceil(64))
                        .map(|i| WavefrontSetup {
                            dispatch_packet_address: l.dispatch_packet_address,
                            queue_address: l.queue_address,
                            kernarg_address: l.kernarg_address,
                            dispatch_id: 0,
                            scratch_base: scratch.address(),
                            scratch_wave_offset: i * wave_scratch,
                            private_segment_size: private,
                            workgroup_id: id,
                            workgroup_size: size,
                            grid_workgroup_count: counts_per_dim,
                            wave_index: i,
                        })
                        .collect();
                    let run = run_workgroup(
                        code,
                        memory,
                        &waves,
                        lds,
                        RunLimits {
                            max_instructions_per_wavefront: 1 << 24,
                        },
                        &InstructionBudget::new(u64::MAX, 0),
                    )?;
                    total.add(&run.counts);
                }
            }
        }
        Ok(Launch { counts: total })
    }
}

#[test]
fn vector_add_with_partial_work_group() {
    let gpu = Gpu::new();
    let n = 1000u32;
    let a: Vec<u32> = (0..n).map(|i| i * 3 + 1).collect();
    let b: Vec<u32> = (0..n).map(|i| 0xffff_0000 ^ i).collect();
    let (ba, bb, bc) = (
        gpu.u32s(&a),
        gpu.u32s(&b),
        gpu.u32s(&vec![0; n as usize + 64]),
    );
    let src = "__kernel void add(__global const uint* a, __global const uint* b, __global uint* c, uint n) {
        size_t i = get_global_id(0);
        if (i < n) c[i] = a[i] + b[i];
    }";
    let launch = gpu
        .run(
            src,
            "add",
            &[
                Arg::Buffer(&ba),
                Arg::Buffer(&bb),
                Arg::Buffer(&bc),
                Arg::U32(n),
            ],
            [1000, 1, 1],
            [256, 1, 1],
        )
        .unwrap();
    let c = gpu.read_u32s(&bc);
    for i in 0..n as usize {
        assert_eq!(c[i], a[i].wrapping_add(b[i]), "element {i}");
    }
    assert!(
        c[n as usize..].iter().all(|&v| v == 0),
        "nothing written past n"
    );
    assert!(launch.counts.get(Category::VectorMemory) > 0);
}

#[test]
fn local_memory_reduction_with_barriers() {
    let gpu = Gpu::new();
    let n = 4096u32;
    let input: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2654435761) >> 12).collect();
    let (bi, bo) = (gpu.u32s(&input), gpu.u32s(&[0; 16]));
    let src = "__kernel void reduce(__global const uint* in, __global uint* out) {
        __local uint part[256];
        uint l = get_local_id(0);
        part[l] = in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint s = 128; s > 0; s >>= 1) {
            if (l < s) part[l] += part[l + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (l == 0) out[get_group_id(0)] = part[0];
    }";
    let launch = gpu
        .run(
            src,
            "reduce",
            &[Arg::Buffer(&bi), Arg::Buffer(&bo)],
            [n, 1, 1],
            [256, 1, 1],
        )
        .unwrap();
    let out = gpu.read_u32s(&bo);
    for g in 0..16 {
        let want = input[g * 256..(g + 1) * 256]
            .iter()
            .fold(0u32, |s, v| s.wrapping_add(*v));
        assert_eq!(out[g], want, "group {g}");
    }
    assert!(launch.counts.get(Category::Barrier) >= 16 * 4 * 9);
    assert!(launch.counts.get(Category::Lds) > 0);
}

#[test]
fn private_array_in_scratch() {
    let gpu = Gpu::new();
    let n = 256u32;
    let input: Vec<u32> = (0..n).map(|i| i * 7 + 3).collect();
    let (bi, bo) = (gpu.u32s(&input), gpu.u32s(&vec![0; n as usize]));
    // A dynamically indexed private array lives in scratch memory.
    let src = "__kernel void priv(__global const uint* in, __global uint* out) {
        uint g = get_global_id(0);
        uint t[40];
        for (int k = 0; k < 40; k++) t[k] = in[(g + k) % 256] ^ k;
        uint s = 0;
        for (int k = 0; k < 40; k++) s += t[(k * 7 + g) % 40] * (k + 1);
        out[g] = s;
    }";
    gpu.run(
        src,
        "priv",
        &[Arg::Buffer(&bi), Arg::Buffer(&bo)],
        [n, 1, 1],
        [128, 1, 1],
    )
    .unwrap();
    let out = gpu.read_u32s(&bo);
    for g in 0..n as usize {
        let t: Vec<u32> = (0..40).map(|k| input[(g + k) % 256] ^ k as u32).collect();
        let want = (0..40).fold(0u32, |s, k| {
            s.wrapping_add(t[(k * 7 + g) % 40].wrapping_mul(k as u32 + 1))
        });
        assert_eq!(out[g], want, "work-item {g}");
    }
}

#[test]
fn global_and_local_atomics_with_return() {
    let gpu = Gpu::new();
    let n = 2048u32;
    let (counter, slots, hist) = (
        gpu.u32s(&[0, 0]),
        gpu.u32s(&vec![0; n as usize]),
        gpu.u32s(&[0; 8]),
    );
    let src =
        "__kernel void atom(__global uint* counter, __global uint* slots, __global uint* hist) {
        __local uint lh[8];
        uint l = get_local_id(0);
        if (l < 8) lh[l] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        uint ticket = atomic_inc(&counter[0]);
        slots[ticket] = get_global_id(0) + 1;
        atomic_max(&counter[1], (uint)get_global_id(0));
        atomic_add(&lh[get_global_id(0) % 8], 1u);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 8) atomic_add(&hist[l], lh[l]);
    }";
    gpu.run(
        src,
        "atom",
        &[
            Arg::Buffer(&counter),
            Arg::Buffer(&slots),
            Arg::Buffer(&hist),
        ],
        [n, 1, 1],
        [128, 1, 1],
    )
    .unwrap();
    assert_eq!(gpu.read_u32s(&counter), vec![n, n - 1]);
    let mut s = gpu.read_u32s(&slots);
    s.sort_unstable();
    assert_eq!(
        s,
        (1..=n).collect::<Vec<_>>(),
        "every ticket handed out once"
    );
    assert_eq!(gpu.read_u32s(&hist), vec![n / 8; 8]);
}

#[test]
fn loop_calling_a_non_inlined_function() {
    let gpu = Gpu::new();
    let n = 128u32;
    let input: Vec<u32> = (0..n).map(|i| i * 5 + 2).collect();
    let (bi, bo) = (gpu.u32s(&input), gpu.u32s(&vec![0; n as usize]));
    let src = "__attribute__((noinline)) uint mix(uint a, uint b) { return (a << 3) ^ (b >> 1) ^ (a * b); }
    __kernel void calls(__global const uint* in, __global uint* out) {
        uint g = get_global_id(0);
        uint s = in[g];
        for (uint k = 0; k < g % 5 + 3; k++) s = mix(s, k + g);
        out[g] = s;
    }";
    gpu.run(
        src,
        "calls",
        &[Arg::Buffer(&bi), Arg::Buffer(&bo)],
        [n, 1, 1],
        [64, 1, 1],
    )
    .unwrap();
    let out = gpu.read_u32s(&bo);
    for g in 0..n {
        let mut s = input[g as usize];
        for k in 0..g % 5 + 3 {
            let b = k + g;
            s = (s << 3) ^ (b >> 1) ^ s.wrapping_mul(b);
        }
        assert_eq!(out[g as usize], s, "work-item {g}");
    }
}

#[test]
fn unmapped_access_faults_with_context() {
    let gpu = Gpu::new();
    let src = "__kernel void bad(__global uint* p, uint n) { p[get_global_id(0) + n] = 1; }";
    let out = gpu.u32s(&[0; 64]);
    let err = match gpu.run(
        src,
        "bad",
        &[Arg::Buffer(&out), Arg::U32(1 << 28)],
        [64, 1, 1],
        [64, 1, 1],
    ) {
        Err(e) => e,
        Ok(_) => panic!("the store must fault"),
    };
    assert!(
        matches!(err.kind, FaultKind::UnmappedAddress(a) if a == out.address() + (1u64 << 30)),
        "{err}"
    );
    assert_eq!(err.kernel, "bad");
    assert!(err.instruction.starts_with("flat_store_dword"), "{err}");
    assert_eq!(gpu.read_u32s(&out), vec![0; 64], "no lane was written");
}

#[test]
fn kernels_run_through_the_gpu_front_end() {
    let gpu = Gpu::new();
    let n = 3000u32;
    let input: Vec<u32> = (0..n).map(|i| i ^ 0x5a5a).collect();
    let (bi, bo) = (gpu.u32s(&input), gpu.u32s(&vec![0; n as usize]));
    // Local memory, a private array and a barrier, on the dispatcher's placement.
    let src = "__kernel void mixk(__global const uint* in, __global uint* out, uint n) {
        __local uint tile[64];
        uint g = get_global_id(0), l = get_local_id(0);
        uint p[24];
        for (int k = 0; k < 24; k++) p[k] = g * k;
        tile[l] = g < n ? in[g] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (g < n) out[g] = tile[63 - l] + p[(g * 5) % 24];
    }";
    let p = gpu.prepare(
        src,
        "mixk",
        &[Arg::Buffer(&bi), Arg::Buffer(&bo), Arg::U32(n)],
        [n, 1, 1],
        [64, 1, 1],
    );
    let config = PlatformConfig::default_platform().gpu;
    let per_wave = scratch_bytes_per_wave(p.launch.private_segment_size).unwrap();
    let slots = config.compute_units * config.simds_per_cu * config.wavefront_slots_per_simd;
    let scratch = gpu
        .driver
        .create_buffer(u64::from(per_wave) * u64::from(slots))
        .unwrap();
    scratch.make_resident(0).unwrap();
    let table = Arc::new(DispatchTable::default());
    table.register(
        p.launch.dispatch_packet_address,
        DispatchResources {
            code: Arc::new(p.code.clone()),
            scratch_base: scratch.address(),
            scratch_bytes_per_wave: per_wave,
            dispatch_id: 1,
            fetch_offset: 0,
            budget: Arc::new(InstructionBudget::new(u64::MAX, 0)),
        },
    );
    let mut front = FrontEnd::builder(&config).build(|site| {
        let emulator = WorkGroupEmulator::new(
            gpu.driver.clone(),
            0,
            table.clone(),
            site.config.simds_per_cu,
            site.config.wavefront_slots_per_simd,
            RunLimits::default(),
        );
        Box::new(FunctionalCu::new(emulator, site.dispatch_port, None))
    });
    let run = front.run_kernel(p.launch.clone()).expect("the kernel runs");
    assert_eq!(run.workgroups, u64::from(n.div_ceil(64)));
    let counts = table.finish(p.launch.dispatch_packet_address);
    assert!(counts.get(Category::Barrier) >= u64::from(n.div_ceil(64)));
    let out = gpu.read_u32s(&bo);
    for (g, &got) in out.iter().enumerate() {
        let base = g - g % 64;
        let mirror = base + 63 - g % 64;
        let t = if mirror < n as usize {
            input[mirror]
        } else {
            0
        };
        assert_eq!(
            got,
            t.wrapping_add((g as u32).wrapping_mul(((g * 5) % 24) as u32)),
            "work-item {g}"
        );
    }
}

/// Generic (flat) pointers into LDS, private memory and global memory, passed to a
/// non-inlined function, in every code object version clang-15 emits for gfx803.
#[test]
fn generic_pointers_reach_lds_private_and_global_memory_in_code_object_v2_v4_v5() {
    let src = "__attribute__((noinline)) void bump(uint* p, uint v) { *p += v; }
    __kernel void gen(__global uint* out) {
        __local uint l[64];
        uint priv[4];
        uint i = get_local_id(0);
        l[i] = i;
        priv[i & 3] = 5;
        priv[(i + 1) & 3] = 7;
        bump(&l[i], 100);
        bump(&priv[i & 3], 1000);
        barrier(CLK_LOCAL_MEM_FENCE);
        bump(&out[get_global_id(0)], l[63 - i] + priv[i & 3]);
    }";
    for version in [
        CodeObjectVersion::V2,
        CodeObjectVersion::V4,
        CodeObjectVersion::V5,
    ] {
        let mut gpu = Gpu::new();
        gpu.version = version;
        gpu.options = "-cl-std=CL2.0";
        let n = 256u32;
        let out = gpu.u32s(&vec![1; n as usize]);
        gpu.run(src, "gen", &[Arg::Buffer(&out)], [n, 1, 1], [64, 1, 1])
            .unwrap_or_else(|f| panic!("{version:?}: {f}"));
        let got = gpu.read_u32s(&out);
        for (g, &v) in got.iter().enumerate() {
            let mirror = 63 - (g % 64) as u32;
            assert_eq!(v, 1 + mirror + 100 + 1005, "{version:?} work-item {g}");
        }
    }
}

#[test]
fn runaway_kernels_stop_at_the_instruction_limit() {
    let gpu = Gpu::new();
    let out = gpu.u32s(&[0; 64]);
    let src = "__kernel void spin(__global volatile uint* p) { while (p[0] == 0) p[1]++; }";
    let p = gpu.prepare(src, "spin", &[Arg::Buffer(&out)], [64, 1, 1], [64, 1, 1]);
    let setup = WavefrontSetup {
        kernarg_address: p.launch.kernarg_address,
        dispatch_packet_address: p.launch.dispatch_packet_address,
        queue_address: p.launch.queue_address,
        workgroup_size: [64, 1, 1],
        grid_workgroup_count: [1, 1, 1],
        ..Default::default()
    };
    let limits = RunLimits {
        max_instructions_per_wavefront: 5000,
    };
    let memory = gpu.driver.gpu(0).unwrap();
    let unlimited = InstructionBudget::new(u64::MAX, 0);
    let fault = run_workgroup(&p.code, memory, &[setup], 0, limits, &unlimited)
        .expect_err("the loop never ends");
    assert_eq!(fault.kind, FaultKind::InstructionLimit(5000));
    // The launch's budget stops it too, counted over all its work-groups: the first
    // spends 3,000 of 5,000 and the second runs out.
    let budget = InstructionBudget::new(5000, 0);
    let per_wave = RunLimits {
        max_instructions_per_wavefront: 3000,
    };
    let first = run_workgroup(&p.code, memory, &[setup], 0, per_wave, &budget);
    assert_eq!(first.unwrap_err().kind, FaultKind::InstructionLimit(3000));
    let second = run_workgroup(&p.code, memory, &[setup], 0, limits, &budget);
    assert_eq!(
        second.unwrap_err().kind,
        FaultKind::LaunchInstructionLimit(5000)
    );
    assert_eq!(
        (fault.kernel.as_str(), fault.wavefront, fault.workgroup),
        ("spin", 0, [0, 0, 0])
    );
    assert!(!fault.instruction.is_empty());
}

#[test]
fn work_groups_run_on_several_host_threads() {
    let gpu = Gpu::new();
    let n = 64 * 64u32;
    let (counter, hist) = (gpu.u32s(&[0]), gpu.u32s(&[0; 16]));
    let src = "__kernel void count(__global uint* c, __global uint* h) {
        atomic_inc(c);
        atomic_add(&h[get_group_id(0) % 16], get_local_id(0));
    }";
    let p = gpu.prepare(
        src,
        "count",
        &[Arg::Buffer(&counter), Arg::Buffer(&hist)],
        [n, 1, 1],
        [64, 1, 1],
    );
    // One compute unit: the work-groups that arrive together run together on the pool.
    let mut config = PlatformConfig::default_platform().gpu;
    config.compute_units = 1;
    config.shader_arrays = 1;
    let table = Arc::new(DispatchTable::default());
    table.register(
        p.launch.dispatch_packet_address,
        DispatchResources {
            code: Arc::new(p.code.clone()),
            scratch_base: 0,
            scratch_bytes_per_wave: 0,
            dispatch_id: 0,
            fetch_offset: 0,
            budget: Arc::new(InstructionBudget::new(u64::MAX, 0)),
        },
    );
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap(),
    );
    let mut front = FrontEnd::builder(&config)
        .workgroups_per_cycle(64)
        .build(|site| {
            let emulator = WorkGroupEmulator::new(
                gpu.driver.clone(),
                0,
                table.clone(),
                site.config.simds_per_cu,
                site.config.wavefront_slots_per_simd,
                RunLimits::default(),
            );
            Box::new(FunctionalCu::new(
                emulator,
                site.dispatch_port,
                Some(pool.clone()),
            ))
        });
    front.run_kernel(p.launch.clone()).expect("the kernel runs");
    assert_eq!(gpu.read_u32s(&counter), vec![n]);
    assert_eq!(gpu.read_u32s(&hist), vec![4 * (0..64).sum::<u32>(); 16]);
}

/// Integer division and remainder (32- and 64-bit expansions), sub-dword loads and stores,
/// vector loads, 64-bit and compare-exchange atomics, and float arithmetic.
#[test]
fn mixed_integer_float_and_sub_dword_kernel() {
    let gpu = Gpu::new();
    let n = 256u32;
    let a: Vec<u32> = (0..n)
        .map(|i| i.wrapping_mul(0x9e37_79b9) ^ 0x1234_5678)
        .collect();
    let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
    let (ba, bb) = (gpu.u32s(&a), gpu.buffer(&bytes));
    let (q, l, f) = (
        gpu.u32s(&vec![0; 4 * n as usize]),
        gpu.u32s(&vec![0; 2 * n as usize]),
        gpu.u32s(&vec![0; n as usize]),
    );
    let (sb, acc) = (
        gpu.buffer(&vec![0u8; 2 * n as usize]),
        gpu.u32s(&[0, 0, 0, 0]),
    );
    let src = "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
    __kernel void mixed(__global const uint* a, __global const char* b, __global uint4* q,
                        __global ulong* l, __global float* f, __global short* s, __global ulong* acc) {
        uint i = get_global_id(0);
        uint x = a[i], d = (i % 13) + 1;
        int sb = b[i];
        q[i] = (uint4)(x / d, x % d, (uint)((int)x / -(int)d), (uint)sb);
        ulong big = ((ulong)x << 29) + i;
        l[i] = big / (ulong)(d * 1000003u) + big % 77;
        f[i] = (float)x * 0.5f + (float)sb / 4.0f;
        s[i] = (short)(sb * 300);
        atom_add(&acc[0], big);
        atomic_cmpxchg((__global uint*)&acc[1], 0u, i + 1);
    }";
    gpu.run(
        src,
        "mixed",
        &[
            Arg::Buffer(&ba),
            Arg::Buffer(&bb),
            Arg::Buffer(&q),
            Arg::Buffer(&l),
            Arg::Buffer(&f),
            Arg::Buffer(&sb),
            Arg::Buffer(&acc),
        ],
        [n, 1, 1],
        [64, 1, 1],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (qv, lv, fv, acc_v) = (
        gpu.read_u32s(&q),
        gpu.read_u32s(&l),
        gpu.read_u32s(&f),
        gpu.read_u32s(&acc),
    );
    let mut sv = vec![0u8; 2 * n as usize];
    sb.read(0, 0, &mut sv).unwrap();
    let mut sum = 0u64;
    for i in 0..n as usize {
        let (x, d, sbv) = (a[i], (i as u32 % 13) + 1, bytes[i] as i8 as i32);
        assert_eq!(
            &qv[4 * i..4 * i + 4],
            &[x / d, x % d, ((x as i32) / -(d as i32)) as u32, sbv as u32],
            "q {i}"
        );
        let big = ((x as u64) << 29) + i as u64;
        let want = big / u64::from(d * 1_000_003) + big % 77;
        assert_eq!(
            u64::from(lv[2 * i]) | u64::from(lv[2 * i + 1]) << 32,
            want,
            "l {i}"
        );
        assert_eq!(
            f32::from_bits(fv[i]),
            x as f32 * 0.5 + sbv as f32 / 4.0,
            "f {i}"
        );
        assert_eq!(
            i16::from_le_bytes([sv[2 * i], sv[2 * i + 1]]),
            (sbv * 300) as i16,
            "s {i}"
        );
        sum = sum.wrapping_add(big);
    }
    assert_eq!(
        u64::from(acc_v[0]) | u64::from(acc_v[1]) << 32,
        sum,
        "64-bit atomic sum"
    );
    assert_eq!(
        acc_v[2], 1,
        "only the first compare-exchange (work-item 0, run first) succeeds"
    );
}

/// Program-scope constant data reached through relocated PC-relative addresses, and
/// device-library math.
#[test]
fn constant_tables_and_math_library_calls() {
    let gpu = Gpu::new();
    let n = 128u32;
    let out = gpu.u32s(&vec![0; 2 * n as usize]);
    let src = "__constant uint table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    __kernel void lut(__global float* out) {
        uint i = get_global_id(0);
        float x = (float)i / 16.0f;
        out[2 * i] = (float)table[i % 8] + sqrt(x);
        out[2 * i + 1] = exp(-x) * cos(x);
    }";
    gpu.run(src, "lut", &[Arg::Buffer(&out)], [n, 1, 1], [64, 1, 1])
        .unwrap_or_else(|e| panic!("{e}"));
    let v = gpu.read_u32s(&out);
    let table = [3, 1, 4, 1, 5, 9, 2, 6];
    for i in 0..n as usize {
        let x = i as f32 / 16.0;
        let (a, b) = (f32::from_bits(v[2 * i]), f32::from_bits(v[2 * i + 1]));
        assert_eq!(a, table[i % 8] as f32 + x.sqrt(), "table and sqrt {i}");
        let want = (-f64::from(x)).exp() * f64::from(x).cos();
        assert!(
            (f64::from(b) - want).abs() <= 1e-6 + want.abs() * 4e-7 * 4.0,
            "exp·cos {i}: {b} vs {want}"
        );
    }
}

#[test]
fn straight_line_kernel_longer_than_the_post_ra_schedule_limit() {
    // One basic block of about 4,600 LLVM instructions on 64-bit values (the shape of CTS
    // basic `vector_creation`): built without the post-RA scheduler, it must still compute
    // every result.
    const LINES: u64 = 760;
    let mut src =
        String::from("__kernel void wide(__global const ulong* s, __global ulong* o) {\n");
    for k in 0..LINES {
        src += &format!(
            "  o[{k}] = s[{}] * {}UL + s[{}];\n",
            (k * 7) % 64,
            k + 1,
            (k * 13) % 64
        );
    }
    src += "}\n";
    let compiler = Compiler::new(CompilerSettings::default()).expect("clang-15 is installed");
    let log = compiler.build(&src, "").expect("kernel compiles").log;
    assert!(
        log.contains("compiled without LLVM 15's post-RA scheduler"),
        "{log}"
    );
    let gpu = Gpu::new();
    let input: Vec<u64> = (0..64u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    let words: Vec<u32> = input
        .iter()
        .flat_map(|v| [*v as u32, (v >> 32) as u32])
        .collect();
    let (s, o) = (gpu.u32s(&words), gpu.u32s(&vec![0; 2 * LINES as usize]));
    gpu.run(
        &src,
        "wide",
        &[Arg::Buffer(&s), Arg::Buffer(&o)],
        [1, 1, 1],
        [1, 1, 1],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = gpu.read_u32s(&o);
    for k in 0..LINES {
        let want = input[((k * 7) % 64) as usize]
            .wrapping_mul(k + 1)
            .wrapping_add(input[((k * 13) % 64) as usize]);
        let got = u64::from(out[2 * k as usize]) | u64::from(out[2 * k as usize + 1]) << 32;
        assert_eq!(got, want, "o[{k}]");
    }
}
