//! Front-end tests: a kernel's work-groups reach compute units exactly once, in order,
//! within each compute unit's resources, at the right simulated times, deterministically.

use super::*;
use crate::config::{GpuConfig, PlatformConfig};
use crate::engine::{Component, Context, Engine, Hook, HookContext, Observation, Port, Time, Wake};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

const CYCLE: Time = 1000; // 1 GHz

fn config(compute_units: u32) -> GpuConfig {
    let mut config = PlatformConfig::default_platform().gpu;
    config.compute_units = compute_units;
    config
}

fn kernel(grid: [u32; 3], workgroup: [u32; 3], vgprs: u32, sgprs: u32, lds: u32) -> KernelLaunch {
    KernelLaunch {
        name: "k".into(),
        dimensions: 3,
        grid_size: grid,
        workgroup_size: workgroup,
        private_segment_size: 0,
        group_segment_size: lds,
        kernel_object: 0x1000,
        code_entry: 0x1100,
        kernel_descriptor: [0; 64],
        kernarg_address: 0x2000,
        dispatch_packet_address: 0x3000,
        completion_signal: 0x5000,
        queue_address: 0x4000,
        vgprs_per_wavefront: vgprs,
        sgprs_per_wavefront: sgprs,
    }
}

/// What the compute units saw, by work-group dispatch index (one launch per record).
#[derive(Default)]
struct Record {
    /// (compute unit, work-group) of every execution.
    mapped: BTreeMap<u64, (usize, WorkGroup)>,
    /// (start, end) of every work-group, from the compute units' hooks.
    spans: BTreeMap<u64, (Time, Option<Time>)>,
}

type Shared = Arc<Mutex<Record>>;

/// Test executor: every work-group takes `cycles`; work-group `fail` fails.
struct Fixed {
    cu: usize,
    cycles: u64,
    fail: Option<u64>,
    record: Shared,
}

impl WorkGroupExecutor for Fixed {
    fn execute(&self, wg: &WorkGroup) -> Result<u64, ExecutionError> {
        let previous = self
            .record
            .lock()
            .unwrap()
            .mapped
            .insert(wg.index, (self.cu, wg.clone()));
        assert!(previous.is_none(), "work-group {:?} mapped twice", wg.id);
        if self.fail == Some(wg.index) {
            return Err(ExecutionError {
                workgroup: wg.id,
                wavefront: Some(0),
                pc: Some(0x1104),
                message: "unimplemented instruction".into(),
            });
        }
        Ok(self.cycles)
    }
}

/// Records work-group start and end times from a compute unit's hooks.
struct Spans(Shared);

impl Hook<Message> for Spans {
    fn observe(&mut self, at: HookContext, what: &Observation<'_, Message>) {
        let mut record = self.0.lock().unwrap();
        match what {
            Observation::TaskStart {
                task,
                kind: "work-group",
            } => {
                record.spans.insert(*task, (at.time, None));
            }
            Observation::TaskEnd {
                task,
                kind: "work-group",
                ..
            } => {
                let span = record.spans.get_mut(task).expect("ended after it started");
                span.1 = Some(at.time);
            }
            _ => {}
        }
    }
}

/// A GPU of `cus` functional compute units whose work-groups take `cycles` each.
fn functional_gpu(
    builder: GpuBuilder,
    cycles: u64,
    fail: Option<u64>,
    pool: Option<Arc<rayon::ThreadPool>>,
) -> (Gpu, Shared) {
    let record = Shared::default();
    let mut gpu = builder.build(|site| {
        let executor = Fixed {
            cu: site.index,
            cycles,
            fail,
            record: record.clone(),
        };
        Box::new(FunctionalCu::new(
            executor,
            site.dispatch_port,
            pool.clone(),
        ))
    });
    for id in gpu.compute_units() {
        gpu.engine_mut()
            .add_hook(id, Box::new(Spans(record.clone())));
    }
    (gpu, record)
}

/// Largest number of wavefronts ever resident at once on one SIMD, and of work-groups and
/// LDS bytes on one compute unit; checks that no two resident wavefronts share a slot.
fn peak_occupancy(record: &Record) -> (u32, u32, u64) {
    // (time, 0 = end before 1 = start, work-group)
    let mut changes: Vec<(Time, u8, u64)> = Vec::new();
    for (&index, &(start, end)) in &record.spans {
        changes.push((start, 1, index));
        changes.push((end.expect("every work-group ended"), 0, index));
    }
    changes.sort();
    let mut waves: BTreeMap<(usize, u8), u32> = BTreeMap::new();
    let mut groups: BTreeMap<usize, (u32, u64)> = BTreeMap::new();
    let mut occupied = BTreeSet::new();
    let (mut peak_waves, mut peak_groups, mut peak_lds) = (0, 0, 0);
    for (_, start, index) in changes {
        let (cu, wg) = &record.mapped[&index];
        let group = groups.entry(*cu).or_default();
        if start == 1 {
            group.0 += 1;
            group.1 += u64::from(wg.lds_bytes);
        } else {
            group.0 -= 1;
            group.1 -= u64::from(wg.lds_bytes);
        }
        peak_groups = peak_groups.max(group.0);
        peak_lds = peak_lds.max(group.1);
        for wave in wg.wavefronts() {
            assert_eq!(wave.compute_unit as usize, *cu);
            assert!(wave.slot < 10, "GCN3 has 10 slots per SIMD");
            let w = waves.entry((*cu, wave.simd as u8)).or_default();
            let resident = wave.resident_index(4, 10);
            if start == 1 {
                *w += 1;
                assert!(occupied.insert(resident), "slot {resident} taken twice");
            } else {
                *w -= 1;
                occupied.remove(&resident);
            }
            peak_waves = peak_waves.max(*w);
        }
    }
    (peak_waves, peak_groups, peak_lds)
}

#[test]
fn every_workgroup_is_dispatched_once_in_row_major_order() {
    let config = config(4);
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 50, None, None);
    // 100 = 6×16 + 4 and 3 = 2 + 1: the last column and the last row are partial.
    let run = gpu
        .run_kernel(kernel([100, 3, 2], [16, 2, 1], 16, 16, 0))
        .unwrap();
    let record = record.lock().unwrap();
    assert_eq!(run.workgroups, 7 * 2 * 2);
    assert_eq!(
        run.wavefronts, 28,
        "up to 32 work-items each: one wavefront"
    );
    let mut expected = BTreeSet::new();
    for z in 0..2 {
        for y in 0..2 {
            for x in 0..7 {
                expected.insert([x, y, z]);
            }
        }
    }
    let seen: BTreeSet<[u32; 3]> = record.mapped.values().map(|(_, wg)| wg.id).collect();
    assert_eq!(seen, expected);
    assert_eq!(record.mapped.len(), 28);
    for (&index, (_, wg)) in &record.mapped {
        let [x, y, z] = wg.id;
        assert_eq!(
            index,
            u64::from(x + 7 * (y + 2 * z)),
            "x fastest, then y, then z"
        );
        let width = if x == 6 { 4 } else { 16 };
        let height = if y == 1 { 1 } else { 2 };
        assert_eq!(wg.size, [width, height, 1], "{:?}", wg.id);
    }
    // Dispatch order is start order.
    let starts: Vec<Time> = record.spans.values().map(|s| s.0).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
}

#[test]
fn a_single_workgroup_takes_the_link_and_execution_times() {
    let config = config(1);
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 100, None, None);
    let run = gpu
        .run_kernel(kernel([64, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    // host →1→ CP (start) →1→ dispatcher →1→ CU, 100 cycles, →1→ dispatcher →1→ CP (end).
    assert_eq!((run.start, run.end), (CYCLE, 105 * CYCLE));
    assert_eq!(
        record.lock().unwrap().spans[&0],
        (3 * CYCLE, Some(103 * CYCLE))
    );
    assert_eq!((run.start_ns(), run.end_ns()), (1, 105));
    // The host sees the answer one link later; the next launch starts from there.
    assert_eq!(gpu.now(), 106 * CYCLE);
    *record.lock().unwrap() = Record::default();
    let second = gpu
        .run_kernel(kernel([64, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    assert_eq!((second.start, second.end), (107 * CYCLE, 211 * CYCLE));
}

#[test]
fn the_dispatcher_maps_at_most_its_width_per_cycle() {
    let config = config(1);
    let builder = GpuBuilder::new(&config).workgroups_per_cycle(2);
    let (mut gpu, record) = functional_gpu(builder, 100, None, None);
    let run = gpu
        .run_kernel(kernel([64 * 8, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    let starts: Vec<Time> = record.lock().unwrap().spans.values().map(|s| s.0).collect();
    // Dispatched from 2 cycles on, two per cycle, arriving a cycle later.
    let expected: Vec<Time> = (0..8).map(|i| (3 + i / 2) * CYCLE).collect();
    assert_eq!(starts, expected);
    assert_eq!(run.end, (3 + 3 + 100 + 2) * CYCLE);
}

#[test]
fn vgprs_limit_wavefronts_per_simd() {
    // 200 VGPRs: one wavefront per SIMD (256 per SIMD); 4-wavefront work-groups, so one
    // work-group per compute unit at a time.
    let config = config(2);
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 100, None, None);
    let run = gpu
        .run_kernel(kernel([256 * 8, 1, 1], [256, 1, 1], 200, 16, 0))
        .unwrap();
    let record = record.lock().unwrap();
    assert_eq!(peak_occupancy(&record), (1, 1, 0));
    // Four rounds of two work-groups, each round ~100 cycles.
    let cycles = (run.end - run.start) / CYCLE;
    assert!((400..440).contains(&cycles), "{cycles} cycles");
    // Each work-group's four wavefronts sit on the four SIMDs.
    for (_, wg) in record.mapped.values() {
        let simds: BTreeSet<u8> = wg.simds().iter().copied().collect();
        assert_eq!(simds.len(), 4);
    }
}

#[test]
fn slots_sgprs_and_lds_limit_occupancy() {
    let config = config(1);
    // 8 VGPRs, 16 SGPRs: the 10 slots per SIMD limit, 40 one-wave work-groups per CU.
    let (mut gpu, record) = functional_gpu(
        GpuBuilder::new(&config).workgroups_per_cycle(64),
        100,
        None,
        None,
    );
    gpu.run_kernel(kernel([64 * 100, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    assert_eq!(peak_occupancy(&record.lock().unwrap()), (10, 40, 0));
    // 100 SGPRs (112 allocated): 7 per SIMD (800 / 112).
    let (mut gpu, record) = functional_gpu(
        GpuBuilder::new(&config).workgroups_per_cycle(64),
        100,
        None,
        None,
    );
    gpu.run_kernel(kernel([64 * 100, 1, 1], [64, 1, 1], 8, 100, 0))
        .unwrap();
    assert_eq!(peak_occupancy(&record.lock().unwrap()), (7, 28, 0));
    // 20,000 bytes of LDS (20,480 allocated): 3 work-groups per CU (65,536 / 20,480).
    let (mut gpu, record) = functional_gpu(
        GpuBuilder::new(&config).workgroups_per_cycle(64),
        100,
        None,
        None,
    );
    gpu.run_kernel(kernel([64 * 100, 1, 1], [64, 1, 1], 8, 16, 20_000))
        .unwrap();
    let record = record.lock().unwrap();
    assert_eq!(peak_occupancy(&record), (1, 3, 3 * 20_480));
    assert_eq!(record.mapped[&0].1.lds_bytes, 20_480);
}

#[test]
fn launches_that_cannot_run_fail_and_the_next_one_runs() {
    let config = config(2);
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 10, None, None);
    let cases = [
        (kernel([64, 1, 1], [64, 1, 1], 300, 16, 0), "VGPRs per SIMD"),
        (kernel([64, 1, 1], [64, 1, 1], 8, 900, 0), "SGPRs per SIMD"),
        (
            kernel([64, 1, 1], [64, 1, 1], 8, 16, 70_000),
            "bytes of LDS",
        ),
        // 16 wavefronts of 168 VGPRs: one per SIMD fits, so only 4 at a time.
        (
            kernel([1024, 1, 1], [1024, 1, 1], 168, 16, 0),
            "wavefronts the SIMDs' registers can hold",
        ),
    ];
    let mut config_big = config.clone();
    config_big.max_workgroup_size = 1024;
    for (launch, resource) in cases.iter().take(3) {
        match gpu.run_kernel(launch.clone()) {
            Err(LaunchError::WorkGroupDoesNotFit { resource: r, .. }) => assert_eq!(r, *resource),
            other => panic!("{resource}: {other:?}"),
        }
    }
    let (mut big, _) = functional_gpu(GpuBuilder::new(&config_big), 10, None, None);
    match big.run_kernel(cases[3].0.clone()) {
        Err(LaunchError::WorkGroupDoesNotFit {
            resource,
            needed,
            available,
        }) => {
            assert_eq!((resource, needed, available), (cases[3].1, 16, 4))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        gpu.run_kernel(kernel([1024, 1, 1], [512, 1, 1], 8, 16, 0)),
        Err(LaunchError::WorkGroupTooLarge {
            work_items: 512,
            max: 256
        })
    );
    assert!(matches!(
        gpu.run_kernel(kernel([0, 1, 1], [64, 1, 1], 8, 16, 0)),
        Err(LaunchError::EmptyGeometry { .. })
    ));
    assert!(record.lock().unwrap().mapped.is_empty());
    let run = gpu
        .run_kernel(kernel([128, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    assert_eq!(run.workgroups, 2);
}

#[test]
fn a_failing_workgroup_fails_the_launch_and_stops_dispatch() {
    let config = config(1);
    // One work-group at a time (200 VGPRs × 4 wavefronts), so nothing is mapped after
    // work-group 2 fails.
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 10, Some(2), None);
    let result = gpu.run_kernel(kernel([256 * 6, 1, 1], [256, 1, 1], 200, 16, 0));
    let Err(LaunchError::Execution(e)) = result else {
        panic!("{result:?}");
    };
    assert_eq!((e.workgroup, e.pc), ([2, 0, 0], Some(0x1104)));
    let text = LaunchError::Execution(e).to_string();
    assert!(
        text.contains("unimplemented instruction") && text.contains("0x1104"),
        "{text}"
    );
    let mapped: Vec<u64> = record.lock().unwrap().mapped.keys().copied().collect();
    assert_eq!(mapped, [0, 1, 2]);
}

/// Runs a 3-D kernel on 4 compute units; returns every work-group's (cu, start, end) and
/// the kernel's times.
fn placement_and_times(
    pool: Option<Arc<rayon::ThreadPool>>,
) -> (Vec<(usize, Time, Time)>, KernelRun) {
    let config = config(4);
    let builder = GpuBuilder::new(&config).thread_pool(pool.clone());
    let (mut gpu, record) = functional_gpu(builder, 37, None, pool);
    let run = gpu
        .run_kernel(kernel([96, 40, 3], [32, 4, 2], 64, 40, 4096))
        .unwrap();
    let record = record.lock().unwrap();
    let placement = record
        .mapped
        .iter()
        .map(|(index, (cu, _))| {
            let (start, end) = record.spans[index];
            (*cu, start, end.unwrap())
        })
        .collect();
    (placement, run)
}

#[test]
fn dispatch_is_deterministic_serial_or_parallel() {
    let serial = placement_and_times(None);
    assert_eq!(serial.0.len(), 3 * 10 * 2);
    assert_eq!(placement_and_times(None), serial);
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap(),
    );
    assert_eq!(placement_and_times(Some(pool)), serial);
}

/// A compute unit that runs one work-group at a time for a fixed time, and takes the next
/// from its port only when idle — so work-groups queue in the port and hold back the
/// dispatcher.
struct OneAtATime {
    port: Port,
    cycles: u64,
    busy: Option<WorkGroup>,
    log: Arc<Mutex<Vec<(Time, usize, u64)>>>,
    most_waiting: Arc<Mutex<usize>>,
    cu: usize,
}

impl Component<Message> for OneAtATime {
    fn handle(&mut self, wake: Wake, ctx: &mut Context<'_, Message>) {
        {
            let mut most = self.most_waiting.lock().unwrap();
            *most = (*most).max(ctx.waiting(self.port));
        }
        if let Wake::Timer(_) = wake {
            let workgroup = self
                .busy
                .take()
                .expect("a timer ends the running work-group");
            let done = Message::WorkGroupDone(WorkGroupDone {
                workgroup: Box::new(workgroup),
                result: Ok(()),
            });
            assert!(
                ctx.send(self.port, done).is_ok(),
                "the dispatcher takes answers at once"
            );
        }
        if self.busy.is_none() {
            if let Some(Message::MapWorkGroup(wg)) = ctx.retrieve(self.port) {
                self.log
                    .lock()
                    .unwrap()
                    .push((ctx.now(), self.cu, wg.index));
                self.busy = Some(*wg);
                ctx.wake_after(ctx.clock().cycles(self.cycles), 0);
            }
        }
    }
}

#[test]
fn back_pressure_from_a_slow_compute_unit_holds_the_dispatcher() {
    let config = config(2);
    let log = Arc::new(Mutex::new(Vec::new()));
    let most_waiting = Arc::new(Mutex::new(0));
    let mut gpu = GpuBuilder::new(&config).cu_port_capacity(1).build(|site| {
        Box::new(OneAtATime {
            port: site.dispatch_port,
            cycles: 50,
            busy: None,
            log: log.clone(),
            most_waiting: most_waiting.clone(),
            cu: site.index,
        })
    });
    let run = gpu
        .run_kernel(kernel([64 * 20, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    let log = log.lock().unwrap();
    let indices: BTreeSet<u64> = log.iter().map(|e| e.2).collect();
    assert_eq!(indices, (0..20).collect());
    assert_eq!(log.len(), 20);
    assert_eq!(
        *most_waiting.lock().unwrap(),
        1,
        "the port held at most its capacity"
    );
    // Ten work-groups per compute unit, one after another.
    for cu in 0..2 {
        let starts: Vec<Time> = log.iter().filter(|e| e.1 == cu).map(|e| e.0).collect();
        assert_eq!(starts.len(), 10);
        assert!(
            starts.windows(2).all(|w| w[1] - w[0] == 50 * CYCLE),
            "{starts:?}"
        );
    }
    let cycles = (run.end - run.start) / CYCLE;
    assert!((500..510).contains(&cycles), "{cycles}");
}

#[test]
fn wavefront_identity_covers_the_workgroup() {
    let config = config(1);
    let (mut gpu, record) = functional_gpu(GpuBuilder::new(&config), 1, None, None);
    // 70 = 7 × 10: the second 10-wide... work-group (1, 1, 0) is partial in y: 10 × 3.
    gpu.run_kernel(kernel([20, 10, 1], [10, 7, 1], 8, 16, 0))
        .unwrap();
    let record = record.lock().unwrap();
    let full = &record.mapped[&0].1;
    let waves: Vec<Wavefront> = full.wavefronts().collect();
    assert_eq!(waves.len(), 2);
    assert_eq!(waves[0].exec_mask(), u64::MAX);
    assert_eq!((waves[1].first_work_item, waves[1].work_items), (64, 6));
    assert_eq!(waves[1].exec_mask(), 0x3f);
    assert_eq!(waves[1].work_item_id(0), [4, 6, 0]);
    assert_eq!(waves[1].work_item_id(5), [9, 6, 0]);
    assert_eq!(waves[0].work_item_id(13), [3, 1, 0]);
    let partial = &record.mapped[&3].1;
    assert_eq!((partial.id, partial.size), ([1, 1, 0], [10, 3, 1]));
    let waves: Vec<Wavefront> = partial.wavefronts().collect();
    assert_eq!(waves.len(), 1);
    assert_eq!(
        (waves[0].work_items, waves[0].exec_mask()),
        (30, (1 << 30) - 1)
    );
    assert_eq!(waves[0].work_item_id(29), [9, 2, 0]);
    assert_eq!(waves[0].workgroup_id, [1, 1, 0]);
}

#[test]
fn many_workgroups_cost_few_events_each() {
    let config = config(64);
    let builder = GpuBuilder::new(&config).workgroups_per_cycle(u32::MAX);
    let (mut gpu, _) = functional_gpu(builder, 1, None, None);
    let run = gpu
        .run_kernel(kernel([64 * 5000, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    assert_eq!(run.workgroups, 5000);
    let per_workgroup = gpu.engine().events_handled() as f64 / 5000.0;
    // A delivery and a returned credit each way; completions at the same time share a
    // timer.
    assert!(per_workgroup < 4.5, "{per_workgroup} events per work-group");
}

#[test]
fn a_watched_run_is_the_same_run_and_sees_its_workgroups_answered() {
    let config = config(4);
    let launch = || kernel([100, 3, 2], [16, 2, 1], 16, 16, 0);
    let (mut plain, plain_record) = functional_gpu(GpuBuilder::new(&config), 50, None, None);
    let (mut watched, record) = functional_gpu(GpuBuilder::new(&config), 50, None, None);
    for _ in 0..2 {
        *plain_record.lock().unwrap() = Record::default();
        *record.lock().unwrap() = Record::default();
        let expected = plain.run_kernel(launch()).unwrap();
        let mut seen: Vec<KernelProgress> = Vec::new();
        let run = watched
            .run_kernel_watched(launch(), |p| {
                seen.push(*p);
                1
            })
            .unwrap();
        assert_eq!(
            (run.start, run.end, run.workgroups, run.wavefronts),
            (
                expected.start,
                expected.end,
                expected.workgroups,
                expected.wavefronts
            )
        );
        assert_eq!(watched.now(), plain.now());
        assert_eq!(
            watched.engine().events_handled(),
            plain.engine().events_handled()
        );
        // Every launch counts its own work-groups, from none to all 28, in step order.
        assert!(seen.iter().all(|p| p.workgroups == 28));
        assert_eq!(seen.first().map(|p| p.workgroups_done), Some(0));
        assert_eq!(seen.last().map(|p| p.workgroups_done), Some(28));
        assert!(seen
            .windows(2)
            .all(|w| w[0].workgroups_done <= w[1].workgroups_done
                && w[0].simulated <= w[1].simulated));
        assert_eq!(
            seen.last().map(|p| p.simulated),
            Some(run.end - run.start + 2 * CYCLE),
            "from the host's send to the host's receipt: one link each way"
        );
    }
    // The watcher says how many steps to run before it is asked again.
    let mut calls = 0;
    *record.lock().unwrap() = Record::default();
    watched
        .run_kernel_watched(launch(), |_| {
            calls += 1;
            u32::MAX
        })
        .unwrap();
    assert_eq!(calls, 1);
}

/// Every work-group takes the same number of cycles.
struct Cycles(u64);

impl WorkGroupExecutor for Cycles {
    fn execute(&self, _: &WorkGroup) -> Result<u64, ExecutionError> {
        Ok(self.0)
    }
}

#[test]
fn gpus_share_an_engine_and_queue_launches_in_order() {
    let config = config(2);
    let mut engine = Engine::new();
    let gpus: Vec<GpuParts> = (0..2)
        .map(|g| {
            GpuBuilder::new(&config)
                .name(format!("gpu{g}"))
                .add_to(&mut engine, |site| {
                    let executor = Cycles(100 * (g + 1));
                    Box::new(FunctionalCu::new(executor, site.dispatch_port, None))
                })
        })
        .collect();
    assert_eq!(engine.name(gpus[1].compute_units[1]), "gpu1.cu1");
    // Two launches to each GPU at once; the command processors run them one by one.
    for parts in &gpus {
        for id in 0..2 {
            let launch =
                LaunchRequest::whole(id, Arc::new(kernel([64, 1, 1], [64, 1, 1], 8, 16, 0)));
            assert!(engine.send(parts.host, Message::Launch(launch)).is_ok());
        }
    }
    engine.run();
    for (g, parts) in gpus.iter().enumerate() {
        let runs: Vec<KernelRun> = (0..2)
            .map(|id| match engine.retrieve(parts.host) {
                Some(Message::LaunchDone(LaunchOutcome { id: got, result })) => {
                    assert_eq!(got, id);
                    result.unwrap()
                }
                other => panic!("{other:?}"),
            })
            .collect();
        let cycles = 100 * (g as u64 + 1);
        // Each launch: 2 links to the CU, the work, 2 links back.
        assert_eq!(runs[0].start, CYCLE);
        assert_eq!(runs[0].end, runs[0].start + (cycles + 4) * CYCLE);
        assert_eq!(
            runs[1].start, runs[0].end,
            "the second starts when the first ends"
        );
        assert_eq!(runs[1].end - runs[1].start, runs[0].end - runs[0].start);
    }
}

#[test]
fn a_unified_device_splits_a_launch_over_its_gpus_as_mgpusim_does() {
    // Two GPUs of 2 compute units; 10 work-groups: ceil(10 / 4) = 3 per compute unit, so
    // GPU 0 runs work-groups 0-5 and GPU 1 work-groups 6-9.
    let config = config(2);
    let record = Shared::default();
    let mut engine = Engine::new();
    let members: Vec<GpuParts> = (0..2)
        .map(|g| {
            let record = record.clone();
            GpuBuilder::new(&config)
                .name(format!("gpu{g}"))
                .first_compute_unit(2 * g as u32)
                .add_to(&mut engine, |site| {
                    let executor = Fixed {
                        cu: 2 * g + site.index,
                        cycles: 100,
                        fail: None,
                        record: record.clone(),
                    };
                    Box::new(FunctionalCu::new(executor, site.dispatch_port, None))
                })
        })
        .collect();
    let mut gpu = Gpu::of_members(engine, members);
    assert_eq!(gpu.compute_units().len(), 4);
    let run = gpu
        .run_kernel(kernel([640, 1, 1], [64, 1, 1], 8, 16, 0))
        .unwrap();
    assert_eq!((run.workgroups, run.wavefronts), (10, 10));
    let record = record.lock().unwrap();
    for (&index, (cu, wg)) in &record.mapped {
        let gpu = if index < 6 { 0 } else { 1 };
        assert_eq!(cu / 2, gpu, "work-group {index} ran on GPU {}", cu / 2);
        // Device-wide compute unit numbers: scratch slots stay distinct.
        assert_eq!(wg.compute_unit as usize, *cu);
    }
    assert_eq!(record.mapped.len(), 10);
}

#[test]
fn dispatch_packet_has_the_aql_layout() {
    let mut launch = kernel([1920, 1080, 1], [16, 16, 1], 8, 16, 2048);
    launch.dimensions = 2;
    launch.private_segment_size = 48;
    launch.kernel_object = 0x1122_3344_5566_7788;
    launch.kernarg_address = 0x99aa_bbcc_ddee_ff00;
    let p = launch.dispatch_packet();
    let u16_at = |o: usize| u16::from_le_bytes([p[o], p[o + 1]]);
    let u32_at = |o: usize| u32::from_le_bytes(p[o..o + 4].try_into().unwrap());
    let u64_at = |o: usize| u64::from_le_bytes(p[o..o + 8].try_into().unwrap());
    // hsa_kernel_dispatch_packet_t: header, setup, workgroup_size_x/y/z, reserved0,
    // grid_size_x/y/z, private and group segment sizes, kernel_object, kernarg_address,
    // reserved2, completion_signal.
    assert_eq!(u16_at(0) & 0xff, 2, "HSA_PACKET_TYPE_KERNEL_DISPATCH");
    assert_eq!(u16_at(0), 0x1502);
    assert_eq!(u16_at(2), 2);
    assert_eq!(
        [u16_at(4), u16_at(6), u16_at(8), u16_at(10)],
        [16, 16, 1, 0]
    );
    assert_eq!([u32_at(12), u32_at(16), u32_at(20)], [1920, 1080, 1]);
    assert_eq!((u32_at(24), u32_at(28)), (48, 2048));
    assert_eq!(u64_at(32), 0x1122_3344_5566_7788);
    assert_eq!(u64_at(40), 0x99aa_bbcc_ddee_ff00);
    assert_eq!(u64_at(48), 0);
    assert_eq!(u64_at(56), 0x5000);
}

/// Walking a part of a 3-D grid gives each work-group the id its index unflattens to
/// (`x + nx·(y + ny·z)`) and the size that ends at the grid's edge.
#[test]
fn grid_walk_unflattens_each_index() {
    let k = kernel([70, 9, 5], [16, 4, 2], 8, 16, 0);
    let [nx, ny, nz] = k.workgroup_counts();
    assert_eq!([nx, ny, nz], [5, 3, 3]);
    let mut grid = workgroup::WorkGroupGrid::new(&k, 7..40);
    for index in 7..45u64 {
        let i = index as u32;
        let id = [i % nx, (i / nx) % ny, i / (nx * ny)];
        let size = [0, 1, 2]
            .map(|d| (k.grid_size[d] - id[d] * k.workgroup_size[d]).min(k.workgroup_size[d]));
        match grid.peek(&k) {
            Some(got) => assert_eq!(got, (index, id, size)),
            None => {
                assert_eq!(index, 40);
                assert!(grid.is_done());
                return;
            }
        }
        grid.advance();
    }
    panic!("the walk did not stop at its range's end");
}
