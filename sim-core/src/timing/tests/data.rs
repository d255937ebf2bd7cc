//! Data through the hierarchy: write-back and eviction with real bytes, flushes, MSHR
//! merging, back-pressure, DMA over PCIe, and determinism.

use super::*;

fn memory(buffer: &Buffer, offset: u64, len: usize) -> Vec<u8> {
    memory_of(buffer, 0, offset, len)
}

/// What GPU `gpu`'s memory holds, read directly (the driver's view).
fn memory_of(buffer: &Buffer, gpu: usize, offset: u64, len: usize) -> Vec<u8> {
    let mut out = vec![0; len];
    buffer.read(gpu, offset, &mut out).unwrap();
    out
}

#[test]
fn writes_stay_in_the_l2_until_a_flush() {
    let mut rig = Rig::new(platform(|_| {}));
    let buffer = rig.buffer(4096, &[0xaa; 4096]);
    let base = buffer.address();
    let records = rig.run_sequence(
        0,
        vec![
            MemRequest::write(0, base + 100, vec![1, 2, 3, 4, 5, 6, 7, 8]),
            MemRequest::read(0, base + 98, 12),
        ],
    );
    assert_eq!(records[0].result, Ok(0));
    assert_eq!(records[1].result, Ok(12));
    // The write: TLB misses down to a walk (140 cycles to the IOMMU and back), the L1
    // passes it through, the L2 fetches the line from DRAM to merge it (write-allocate)
    // and answers: 1 + 10 + 140 + 100 + 140 + 20 + 1 + 10 + 101 + 1 cycles. The read: the L1 did not allocate on the write, the L2 hits:
    // 1 + 20 + 1 + 10 + 1.
    let cycles: Vec<Time> = records.iter().map(|r| r.latency() / rig.cycle()).collect();
    assert_eq!(cycles, vec![524, 33]);
    // Write-back L2: memory still holds the old bytes.
    assert_eq!(memory(&buffer, 100, 8), vec![0xaa; 8]);
    let other = rig.run_sequence(1, vec![MemRequest::read(0, base + 104, 4)]);
    assert_eq!(other[0].result, Ok(4));
    rig.flush();
    assert_eq!(
        memory(&buffer, 98, 12),
        vec![0xaa, 0xaa, 1, 2, 3, 4, 5, 6, 7, 8, 0xaa, 0xaa]
    );
}

#[test]
fn a_write_back_writes_only_the_bytes_written_in_the_l2() {
    let mut rig = Rig::new(platform(|_| {}));
    let buffer = rig.buffer(4096, &[0xaa; 4096]);
    let base = buffer.address();
    rig.run_sequence(0, vec![MemRequest::write(0, base + 100, vec![1, 2])]);
    // Other bytes of the same line change in memory meanwhile (as an atomic, executed
    // functionally and timed as a read, changes them): the write-back must keep them.
    buffer.write(0, 104, &[7, 7, 7, 7]).unwrap();
    rig.flush();
    assert_eq!(
        memory(&buffer, 98, 10),
        vec![0xaa, 0xaa, 1, 2, 0xaa, 0xaa, 7, 7, 7, 7]
    );
}

#[test]
fn the_least_recently_used_dirty_line_is_written_back_on_eviction() {
    // Each L2 bank: 2 sets × 2 ways. Lines 0, 4 and 8 of the (page-aligned) buffer all
    // fall in bank 0, set 0.
    let mut rig = Rig::new(platform(|p| {
        p.gpu.l2.size_bytes = 256;
        p.gpu.l2.ways = 2;
    }));
    let buffer = rig.buffer(4096, &[0; 4096]);
    let base = buffer.address();
    let line = |n: u64| base + 64 * n;
    let records = rig.run_sequence(
        0,
        vec![
            MemRequest::write(0, line(0), vec![10; 4]),
            MemRequest::write(0, line(4), vec![14; 4]),
            // Touch line 0, so line 4 is the least recently used.
            MemRequest::read(0, line(0), 4),
            MemRequest::write(0, line(8), vec![18; 4]),
        ],
    );
    assert_eq!(records[2].result, Ok(4));
    assert_eq!(rig.metrics().count("gpu0.l2.bank0", "writebacks"), 1);
    assert_eq!(
        memory(&buffer, 64 * 4, 4),
        vec![14; 4],
        "line 4 was written back"
    );
    assert_eq!(
        memory(&buffer, 0, 4),
        vec![0; 4],
        "line 0 is still only in the L2"
    );
    assert_eq!(
        memory(&buffer, 64 * 8, 4),
        vec![0; 4],
        "line 8 is still only in the L2"
    );
    // Line 4 comes back from DRAM (evicting line 0, dirty: a second write-back).
    let again = rig.run_sequence(2, vec![MemRequest::read(0, line(4), 4)]);
    assert_eq!(again[0].result, Ok(4));
    assert_eq!(rig.metrics().count("gpu0.l2.bank0", "writebacks"), 2);
    assert_eq!(memory(&buffer, 0, 4), vec![10; 4]);
    rig.flush();
    assert_eq!(memory(&buffer, 64 * 8, 4), vec![18; 4]);
}

#[test]
fn misses_to_one_line_share_an_mshr() {
    let mut rig = Rig::new(platform(|_| {}));
    let data: Vec<u8> = (0..64u8).collect();
    let buffer = rig.buffer(4096, &data);
    let base = buffer.address();
    let script = Script::Fixed {
        requests: (0..4)
            .map(|i| MemRequest::read(0, base + 4 * i, 4))
            .collect(),
        window: 4,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    let records = probe.records().split_off(before);
    assert_eq!(records.len(), 4);
    for r in &records {
        assert_eq!(r.result, Ok(4));
        assert_eq!(r.answered, records[0].answered, "answered together");
    }
    let m = rig.metrics().clone();
    assert_eq!(m.count("gpu0.cu0.l1v", "read_misses"), 1);
    assert_eq!(m.count("gpu0.cu0.l1v", "read_mshr_hits"), 3);
    assert_eq!(m.count("gpu0.cu0.l1tlb", "misses"), 1);
    assert_eq!(m.count("gpu0.cu0.l1tlb", "mshr_hits"), 3);
    let dram: u64 = (0..2)
        .map(|c| m.count(&format!("gpu0.dram.ch{c}"), "reads"))
        .sum();
    assert_eq!(dram, 1);
}

/// An L1 vector cache that allocates on misses (`allocate_on_miss`) or on fills, with its
/// set 0 filled by lines A, B, C, D (in that order) of a buffer whose pages its TLB knows;
/// with the buffer's address. Lines 4096 bytes apart share a set (64 sets of 64 bytes).
fn set_zero_filled(allocate_on_miss: bool) -> (Rig, u64) {
    let mut rig = Rig::new(platform(|p| p.gpu.l1v.allocate_on_miss = allocate_on_miss));
    let buffer = rig.buffer(9 * 4096, &[0; 9 * 4096]);
    let base = buffer.address();
    // Lines A to D, then a line of set 1 in every other page the tests touch (TLB warm).
    let warm = (0..4)
        .map(|k| MemRequest::read(0, base + 4096 * k, 4))
        .chain((4..9).map(|k| MemRequest::read(0, base + 4096 * k + 64, 4)))
        .collect();
    rig.run_sequence(0, warm);
    (rig, base)
}

/// Reads line E of set 0 and, a cycle later while E is being fetched, line A again;
/// returns the L1's read hits and misses, counted from the start.
fn reread_while_a_miss_is_outstanding(allocate_on_miss: bool) -> (u64, u64) {
    let (mut rig, base) = set_zero_filled(allocate_on_miss);
    let script = Script::Fixed {
        requests: [4, 0]
            .map(|k| MemRequest::read(0, base + 4096 * k, 4))
            .into(),
        window: 2,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    assert_eq!(probe.records().len() - before, 2);
    let m = rig.metrics();
    (
        m.count("gpu0.cu0.l1v", "read_hits"),
        m.count("gpu0.cu0.l1v", "read_misses"),
    )
}

#[test]
fn a_miss_that_allocates_drops_its_victim_when_it_is_sent() {
    // The 9 warming reads all miss. E's miss picks A, the least recently used line of the
    // full set, as its victim. Allocating on the fill, A stays until E arrives, and the
    // second read of A hits.
    assert_eq!(reread_while_a_miss_is_outstanding(false), (1, 9 + 1));
    // Allocating on the miss (as akita's caches do), A is gone at once: the second read
    // misses too (and takes B's way, E's being held).
    assert_eq!(reread_while_a_miss_is_outstanding(true), (0, 9 + 2));
}

/// Reads lines E, F, G, H and I of set 0 at once; returns the cycles from the first
/// answer to the last.
fn five_misses_to_one_set(allocate_on_miss: bool) -> u64 {
    let (mut rig, base) = set_zero_filled(allocate_on_miss);
    let script = Script::Fixed {
        requests: (4..9)
            .map(|k| MemRequest::read(0, base + 4096 * k, 4))
            .collect(),
        window: 5,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    let records = probe.records().split_off(before);
    assert_eq!(records.len(), 5);
    let first = records.iter().map(|r| r.answered).min().unwrap();
    let last = records.iter().map(|r| r.answered).max().unwrap();
    (last - first) / rig.cycle()
}

#[test]
fn a_miss_waits_while_every_way_of_its_set_is_held() {
    // Allocating on fills, the five misses overlap.
    let overlapped = five_misses_to_one_set(false);
    // Allocating on misses, the first four hold the set's four ways: the fifth is sent
    // below only once the first line has arrived, and then takes a whole trip below the L1
    // (crossbar 1 + L2 10 + DRAM 100 + transfer 1 + crossbar 1 cycles) at least.
    let held = five_misses_to_one_set(true);
    assert!(overlapped < 113, "{overlapped}");
    assert!(held >= 113, "{held}");
}

/// Reads of 63 different lines, sent as fast as the L1 TLB's port takes them; returns the
/// records, when the last was sent and when the last was answered (from the start).
fn burst(mshrs: u32) -> (Vec<Record>, Time, Time) {
    let mut rig = Rig::new(platform(|p| p.gpu.l1v.mshrs = mshrs));
    let data: Vec<u8> = (0..4096u32).map(|i| (i / 64) as u8).collect();
    let buffer = rig.buffer(4096, &data);
    let base = buffer.address();
    // Warm the TLBs so only the cache limits the burst.
    rig.run_sequence(0, vec![MemRequest::read(0, base + 4095, 1)]);
    let start = rig.engine.now();
    let script = Script::Fixed {
        requests: (0..63)
            .map(|i| MemRequest::read(0, base + 64 * i, 4))
            .collect(),
        window: 63,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    let records = probe.records().split_off(before);
    for r in &records {
        assert_eq!(r.result, Ok(4));
    }
    let last_sent = records.iter().map(|r| r.sent).max().unwrap();
    (records, last_sent - start, rig.engine.now() - start)
}

#[test]
fn full_mshrs_hold_back_the_sender() {
    let (records, serial_last_sent, serial_time) = burst(1);
    assert_eq!(records.len(), 63);
    // One miss at a time: after the first lookup (TLB 1 + L1 20 cycles), the misses
    // follow one another, each taking the trip below the L1 (crossbar 1 + L2 10 + DRAM
    // 100 + transfer 1 + crossbar 1 cycles); the later lookups overlap with them.
    assert_eq!(serial_time, (1 + 20 + 63 * (1 + 10 + 101 + 1)) * 1000);
    // The stalled L1 holds 20 in its pipeline and fills its port (8); the TLB holds 16
    // and fills its port (8): the sender is held back until misses complete.
    assert!(serial_last_sent > 10 * 113 * 1000, "{serial_last_sent}");
    let (records, parallel_last_sent, parallel_time) = burst(128);
    assert_eq!(records.len(), 63);
    // With MSHRs to spare the sender waits only for lookups (20 at a time).
    assert!(parallel_last_sent <= 2 * 20 * 1000, "{parallel_last_sent}");
    assert!(
        parallel_time * 4 < serial_time,
        "{parallel_time} vs {serial_time}"
    );
}

/// Eight L1 hits sent at once to a cache holding at most `in_flight` requests (0: no
/// limit); returns when the last was answered, in cycles from the start.
fn hits_in_flight(in_flight: u32) -> u64 {
    let mut rig = Rig::new(platform(|p| p.gpu.l1v.requests_in_flight = in_flight));
    let buffer = rig.buffer(4096, &[0; 4096]);
    let base = buffer.address();
    let lines = || -> Vec<MemRequest> {
        (0..8)
            .map(|i| MemRequest::read(0, base + 64 * i, 4))
            .collect()
    };
    rig.run_sequence(0, lines());
    let start = rig.engine.now();
    let (before, probe) = rig.start(
        0,
        Script::Fixed {
            requests: lines().into(),
            window: 8,
        },
    );
    rig.engine.run();
    assert_eq!(probe.records().len() - before, 8);
    (rig.engine.now() - start) / rig.cycle()
}

#[test]
fn a_cache_holds_at_most_its_requests_in_flight_hits_included() {
    // Table 1's L1: a hit takes 20 cycles, up to 20 lookups at once, after the L1 TLB's
    // 1 cycle. Unlimited, the 8 hits overlap.
    assert_eq!(hits_in_flight(0), 1 + 20);
    // Two at a time: four rounds of a whole hit latency each, an answer's place taken
    // again in the cycle it leaves (as in akita's caches).
    assert_eq!(hits_in_flight(2), 1 + 4 * 20);
}

#[test]
fn dma_copies_over_pcie_with_its_bandwidth() {
    let mut rig = Rig::new(platform(|_| {}));
    let buffer = rig.buffer(16384, &[0; 16384]);
    let data: Vec<u8> = (0..10_000u32).map(|i| (i % 253) as u8).collect();
    let host = rig.parts.host[0];
    let start = rig.engine.now();
    rig.engine
        .send(
            host,
            MemoryMessage::Request(MemRequest::write(1, buffer.address() + 3, data.clone())),
        )
        .unwrap();
    rig.engine.run();
    let written = rig.engine.now() - start;
    let Some(MemoryMessage::Response(r)) = rig.engine.retrieve(host) else {
        panic!("no answer");
    };
    assert_eq!((r.id, r.result), (1, Ok(Payload::EMPTY)));
    rig.engine
        .send(
            host,
            MemoryMessage::Request(MemRequest::read(2, buffer.address() + 3, 10_000)),
        )
        .unwrap();
    rig.engine.run();
    let Some(MemoryMessage::Response(r)) = rig.engine.retrieve(host) else {
        panic!("no answer");
    };
    assert_eq!((r.id, r.result), (2, Ok(Payload::read(10_000))));
    // 10,000 bytes at 16 GB/s take 625 ns on the wire, plus a latency each way.
    let wire = 625_000 + 2 * 1000 * u64::from(rig.platform.pcie_latency_ns);
    assert!(written >= wire, "{written} < {wire}");
    assert_eq!(rig.metrics().count("pcie0", "bytes"), 20_000);
    assert_eq!(rig.metrics().count("gpu0.dma", "write_bytes"), 10_000);
    rig.flush();
    assert_eq!(memory(&buffer, 3, 10_000), data);
}

/// A mixed workload on 4 compute units: returns every metric and every answer.
fn workload(pool: Option<Arc<rayon::ThreadPool>>) -> (Vec<Metric>, Vec<Vec<Record>>) {
    let mut rig = Rig::new(platform(|p| p.gpu.l1v.size_bytes = 1024));
    rig.engine.set_thread_pool(pool);
    let buffer = rig.buffer(65536, &[7; 65536]);
    let base = buffer.address();
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let probes: Vec<Probe> = (0..4)
        .map(|cu| {
            let requests = (0..300)
                .map(|_| {
                    let address = base + (next() % 16384) * 4;
                    if next() % 3 == 0 {
                        MemRequest::write(0, address, (next() as u32).to_le_bytes().to_vec())
                    } else {
                        MemRequest::read(0, address, 4)
                    }
                })
                .collect();
            rig.start(
                cu,
                Script::Fixed {
                    requests,
                    window: 8,
                },
            )
            .1
        })
        .collect();
    rig.engine.run();
    (
        rig.metrics().metrics(),
        probes.iter().map(Probe::records).collect(),
    )
}

#[test]
fn runs_are_identical_twice_and_with_a_thread_pool() {
    let first = workload(None);
    assert!(first
        .0
        .iter()
        .any(|m| m.what == "writebacks" || m.what == "write_hits"));
    assert_eq!(first.1.iter().map(Vec::len).sum::<usize>(), 1200);
    assert_eq!(workload(None), first);
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap(),
    );
    assert_eq!(workload(Some(pool)), first);
}

#[test]
fn a_gpu_reaches_another_gpus_memory_over_pcie() {
    let mut rig = Rig::new(platform(|p| p.gpu_count = 2));
    let buffer = rig.driver.create_buffer(4096).unwrap();
    buffer.write(1, 0, &[9; 4096]).unwrap();
    assert_eq!(rig.parts.gpus.len(), 2);
    let gpu1 = rig.parts.gpus[1].vector[0];
    let local = rig.run_sequence_at(gpu1, vec![MemRequest::read(0, buffer.address(), 4)]);
    assert_eq!(local[0].result, Ok(4));
    assert_eq!(rig.metrics().count("gpu1.dram.ch0", "reads"), 1);
    // GPU 0's walk finds the page on GPU 1; the read crosses the GPU-GPU link to GPU 1's
    // L2 (a hit now) and back.
    let remote = rig.run_sequence(
        0,
        vec![
            MemRequest::read(0, buffer.address(), 4),
            MemRequest::write(0, buffer.address() + 8, vec![1, 2]),
            MemRequest::read(0, buffer.address() + 6, 6),
        ],
    );
    assert_eq!(remote[0].result, Ok(4));
    assert_eq!(remote[2].result, Ok(6));
    // The two GPUs share a PCIe switch: the request (12 bytes of header) and the answer
    // (64 bytes and 4 of header) each enter the switch (140 ns) and cross two links at
    // 16 GB/s: 2 × 140 ns + 2 × (12 + 68) / 16 ns.
    let fabric_ps = 2 * 140_000 + 2 * (12 + 68) * 1000 / 16;
    let cycles = remote_hit_outside_the_fabric(&rig);
    let latency = remote[0].latency();
    // Arrivals from the fabric are seen on the receiver's next clock edge.
    assert!(
        (cycles + fabric_ps..=cycles + fabric_ps + 2 * rig.cycle()).contains(&latency),
        "{latency} ps"
    );
    assert_eq!(rig.metrics().count("iommu", "walks"), 2);
    assert_eq!(rig.metrics().count("gpu1.l2.bank0", "read_hits"), 1);
    // The line read (64 bytes) and the write (2); the second read hit GPU 0's L1 (which
    // keeps the line, not its bytes: the write passed through).
    let traffic = rig.parts.fabric_stats.take();
    let pair = |a, b| {
        traffic
            .pairs
            .iter()
            .find(|p| (p.0, p.1) == (Node::Gpu(a), Node::Gpu(b)))
            .unwrap()
            .2
    };
    // GPU 0 sent the first read and the write (2 bytes; the second read hits its L1), GPU 1
    // answered with the line and the write's acknowledgement.
    assert_eq!(pair(0, 1), 12 + 12 + 2);
    assert_eq!(pair(1, 0), 4 + 64 + 4);
    assert_eq!(rig.metrics().count("gpu0.cu0.l1v", "read_hits"), 1);
    // The write sits in GPU 1's L2 until GPU 1 flushes it.
    assert_eq!(memory_of(&buffer, 1, 8, 2), vec![9, 9]);
    let flush = rig.run_sequence_at(gpu1, vec![MemRequest::flush(0)]);
    assert_eq!(flush[0].result, Ok(0));
    assert_eq!(memory_of(&buffer, 1, 8, 2), vec![1, 2]);
}

/// The time (ps) GPU 0's first read of a line another GPU's L2 holds spends outside the
/// fabric: its translation (a walk through the IOMMU), its L1 and the crossbars on both
/// GPUs, the remote L2's hit.
fn remote_hit_outside_the_fabric(rig: &Rig) -> Time {
    let g = &rig.platform.gpu;
    let cycles = g.l1_tlb.latency_cycles
        + g.l2_tlb.latency_cycles
        + rig.platform.page_walk_latency_cycles
        + 2 * g.iommu_latency_cycles
        + g.l1v.latency_cycles
        + 4 * g.crossbar_latency_cycles
        + g.l2.latency_cycles;
    u64::from(cycles) * rig.cycle()
}

#[test]
fn a_remote_read_crosses_mgpusims_switches_in_their_cycles() {
    let mut rig = Rig::new(platform(|p| {
        p.gpu_count = 2;
        p.link_model = crate::config::LinkModel::Switches;
        p.pcie_gbytes_per_s = 64.0;
        p.link_flit_bytes = 64;
    }));
    let buffer = rig.driver.create_buffer(4096).unwrap();
    buffer.write(1, 0, &[9; 4096]).unwrap();
    let gpu1 = rig.parts.gpus[1].vector[0];
    rig.run_sequence_at(gpu1, vec![MemRequest::read(0, buffer.address(), 4)]);
    let remote = rig.run_sequence(0, vec![MemRequest::read(0, buffer.address(), 4)]);
    assert_eq!(remote[0].result, Ok(4));
    // The request's one flit reaches GPU 1 149 cycles after GPU 0's endpoint took it (3
    // to the switch, 144 through it, 2 to reassemble and hand over); the answer's two
    // flits, one a cycle behind the other, 150.
    // (The fabric takes and hands over messages on the GPUs' clock edges.)
    let fabric_ps = (149 + 150) * rig.cycle();
    let cycles = remote_hit_outside_the_fabric(&rig);
    assert_eq!(remote[0].latency(), cycles + fabric_ps);
    // Every flit counts a cycle of busy time on each link it crossed.
    let traffic = rig.parts.fabric_stats.take();
    let busy = |name: &str| traffic.links.iter().find(|l| l.name == name).unwrap().busy;
    assert_eq!(busy("gpu0>switch0"), rig.cycle());
    assert_eq!(busy("switch0>gpu0"), 2 * rig.cycle());
}

/// Reads of the 32 even lines of a page (all on DRAM channel 0: controllers interleaved
/// by line), sent at once in the order of `order` (indices of those lines); returns the
/// answer times, in cycles, in order of time.
fn answer_times(change: impl FnOnce(&mut PlatformConfig), order: &[u64]) -> Vec<Time> {
    let mut rig = Rig::new(platform(|p| {
        p.gpu.dram.interleave_bytes = p.gpu.l2.line_bytes;
        change(p);
    }));
    let buffer = rig.buffer(4096, &[3; 4096]);
    let base = buffer.address();
    rig.run_sequence(0, vec![MemRequest::read(0, base + 4095, 1)]);
    let script = Script::Fixed {
        requests: order
            .iter()
            .map(|&i| MemRequest::read(0, base + 128 * i, 4))
            .collect(),
        window: 32,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    let records = probe.records().split_off(before);
    assert!(records.iter().all(|r| r.result == Ok(4)));
    assert_eq!(
        rig.metrics().count("gpu0.dram.ch1", "reads"),
        1,
        "only the warm-up"
    );
    let mut times: Vec<Time> = records.iter().map(|r| r.answered / rig.cycle()).collect();
    times.sort_unstable();
    times
}

/// [`answer_times`] of the 32 lines in address order: the times between successive
/// answers, in cycles.
fn answer_spacing(change: impl FnOnce(&mut PlatformConfig)) -> Vec<Time> {
    let order: Vec<u64> = (0..32).collect();
    let times = answer_times(change, &order);
    times.windows(2).map(|w| w[1] - w[0]).collect()
}

#[test]
fn a_busy_dram_bank_does_not_hold_up_the_other_banks() {
    // Two banks busy 50 cycles per access (the channel's lines alternate between them),
    // the 16 lines of bank 0 asked before the 16 of bank 1: bank 1 works beside bank 0,
    // so the 32 answers come in 16 rounds of 50 cycles, not 32.
    let order: Vec<u64> = (0..32).step_by(2).chain((1..32).step_by(2)).collect();
    let times = answer_times(
        |p| {
            p.gpu.dram.banks = 2;
            p.gpu.dram.bank_busy_cycles = 50;
        },
        &order,
    );
    let span = times[31] - times[0];
    assert!((15 * 50..16 * 50).contains(&span), "{times:?}");
}

#[test]
fn accesses_waiting_in_a_full_command_queue_hold_up_the_idle_banks() {
    // As above, but one rank whose command queue holds one access until its column
    // command, 10 cycles after it starts: bank 1's first access enters when bank 0's
    // last leaves the queue, so the answers span bank 0's 15 rounds of 50 cycles, those
    // 10 cycles and bank 1's 15 rounds, not 16 rounds side by side.
    let order: Vec<u64> = (0..32).step_by(2).chain((1..32).step_by(2)).collect();
    let times = answer_times(
        |p| {
            p.gpu.dram.banks = 2;
            p.gpu.dram.ranks = 1;
            p.gpu.dram.bank_busy_cycles = 50;
            p.gpu.dram.command_queue_per_rank = 1;
            p.gpu.dram.activate_cycles = 10;
        },
        &order,
    );
    let span = times[31] - times[0];
    assert_eq!(span, 30 * 50 + 10, "{times:?}");
}

#[test]
fn a_dram_channel_serves_lines_at_its_bandwidth_and_banks_at_their_pace() {
    // 8 bytes a cycle: a 64-byte line every 8 cycles.
    let spacing = answer_spacing(|p| p.gpu.dram.bytes_per_cycle = 8);
    assert!(spacing.iter().all(|&s| s == 8), "{spacing:?}");
    // One bank busy 50 cycles per access: one line every 50 cycles.
    let spacing = answer_spacing(|p| {
        p.gpu.dram.banks = 1;
        p.gpu.dram.ranks = 1;
        p.gpu.dram.bank_busy_cycles = 50;
    });
    assert!(spacing.iter().all(|&s| s == 50), "{spacing:?}");
    // 16 banks and 64 bytes a cycle: the L1 lookups (one a cycle) set the pace.
    let spacing = answer_spacing(|_| {});
    assert!(spacing.iter().all(|&s| s <= 2), "{spacing:?}");
}
