//! Latencies of single accesses, computed by hand from the configuration.

use super::*;

/// Reads of 4 bytes at these offsets of a fresh buffer, one after another from `cu`.
fn reads(base: u64, offsets: &[u64]) -> Vec<MemRequest> {
    offsets
        .iter()
        .map(|&o| MemRequest::read(0, base + o, 4))
        .collect()
}

#[test]
fn a_miss_leaves_after_the_tag_lookup_and_its_line_is_forwarded_or_written_first() {
    // The L1V finds a miss after 3 of its 20 cycles and forwards lines as they arrive; the
    // L2 writes a fetched line into its bank (7 cycles) before answering.
    let mut rig = Rig::new(platform(|p| {
        p.gpu.l1v.tag_latency_cycles = Some(3);
        p.gpu.l2.fill_latency_cycles = 7;
    }));
    let g = rig.platform.gpu.clone();
    let buffer = rig.buffer(4096, &[7u8; 4096]);
    let base = buffer.address();
    let l1_tlb = u64::from(g.l1_tlb.latency_cycles);
    let xbar = u64::from(g.crossbar_latency_cycles);
    let l2 = u64::from(g.l2.latency_cycles);
    let dram = u64::from(g.dram.latency_cycles + g.l2.line_bytes / g.dram.bytes_per_cycle);
    // Warm the translations, then: a line from DRAM, the same line (an L1 hit).
    rig.run_sequence(0, reads(base, &[2048]));
    let got: Vec<u64> = rig
        .run_sequence(0, reads(base, &[0, 0]))
        .iter()
        .map(|r| r.latency() / rig.cycle())
        .collect();
    assert_eq!(
        got,
        vec![l1_tlb + 3 + xbar + l2 + dram + 7 + xbar, l1_tlb + 20]
    );
}

#[test]
fn each_level_adds_its_configured_latency() {
    let mut rig = Rig::new(platform(|_| {}));
    let g = rig.platform.gpu.clone();
    let data: Vec<u8> = (0..8192u32).map(|i| (i * 13 + 5) as u8).collect();
    let buffer = rig.buffer(8192, &data);
    let base = buffer.address();

    let l1_tlb = u64::from(g.l1_tlb.latency_cycles);
    let l2_tlb = u64::from(g.l2_tlb.latency_cycles);
    // A walk includes the trip to the IOMMU and back.
    let walk =
        u64::from(rig.platform.page_walk_latency_cycles) + 2 * u64::from(g.iommu_latency_cycles);
    let l1v = u64::from(g.l1v.latency_cycles);
    let xbar = u64::from(g.crossbar_latency_cycles);
    let l2 = u64::from(g.l2.latency_cycles);
    let transfer = u64::from(g.l2.line_bytes / g.dram.bytes_per_cycle);
    let dram = u64::from(g.dram.latency_cycles) + transfer;
    assert_eq!(
        (l1_tlb, l2_tlb, walk, l1v, xbar, l2, dram),
        (1, 10, 380, 20, 1, 10, 101)
    );

    // cu0: cold (TLB misses down to a walk, then DRAM); the same line again (TLB and L1
    // hit); another line of the page (TLB hit, L1 and L2 miss).
    let cu0 = rig.run_sequence(0, reads(base, &[8, 8, 64]));
    // cu1: the first line again: its own TLB and L1 are cold, the L2 TLB and L2 are warm.
    let cu1 = rig.run_sequence(1, reads(base, &[8, 8]));
    let cycles = |r: &Record| r.latency() / rig.cycle();
    let got: Vec<u64> = cu0.iter().chain(&cu1).map(cycles).collect();
    let expected = vec![
        l1_tlb + l2_tlb + walk + l1v + xbar + l2 + dram + xbar,
        l1_tlb + l1v,
        l1_tlb + l1v + xbar + l2 + dram + xbar,
        l1_tlb + l2_tlb + l1v + xbar + l2 + xbar,
        l1_tlb + l1v,
    ];
    assert_eq!(got, expected);
    for r in cu0.iter().chain(&cu1) {
        assert_eq!(r.result, Ok(4));
    }

    let m = rig.metrics().clone();
    assert_eq!(m.count("gpu0.cu0.l1v", "read_hits"), 1);
    assert_eq!(m.count("gpu0.cu0.l1v", "read_misses"), 2);
    assert_eq!(m.count("gpu0.cu1.l1v", "read_misses"), 1);
    assert_eq!(m.count("gpu0.cu0.l1tlb", "hits"), 2);
    assert_eq!(m.count("gpu0.cu0.l1tlb", "misses"), 1);
    assert_eq!(m.count("gpu0.l2tlb", "misses"), 1);
    assert_eq!(m.count("gpu0.l2tlb", "hits"), 1);
    assert_eq!(m.count("iommu", "walks"), 1);
    let l2_hits: u64 = (0..2)
        .map(|b| m.count(&format!("gpu0.l2.bank{b}"), "read_hits"))
        .sum();
    assert_eq!(l2_hits, 1);
    let dram_reads: u64 = (0..2)
        .map(|c| m.count(&format!("gpu0.dram.ch{c}"), "read_bytes"))
        .sum();
    assert_eq!(dram_reads, 2 * 64);
    // The L1 saw two misses to DRAM and one hit.
    let miss = l1v + xbar + l2 + dram + xbar;
    let average = (2 * miss + l1v) as f64 / 3.0 * rig.cycle() as f64;
    let measured = m.average_latency("gpu0.cu0.l1v", "read").unwrap();
    assert!((measured - average).abs() < 1e-6, "{measured} vs {average}");
}

#[test]
fn unmapped_pages_fault_and_wide_accesses_are_refused() {
    let mut rig = Rig::new(platform(|_| {}));
    let buffer = rig.buffer(4096, &[1; 4096]);
    let base = buffer.address();
    let records = rig.run_sequence(
        0,
        vec![
            MemRequest::read(0, base + 2 * 4096, 4),
            MemRequest::read(0, base + 60, 8),
            MemRequest::read(0, base + 4092, 8),
            MemRequest::read(0, base + 56, 8),
        ],
    );
    assert_eq!(
        records[0].result,
        Err(MemError::PageFault {
            address: base + 8192
        })
    );
    assert!(matches!(
        records[1].result,
        Err(MemError::CrossesBoundary { boundary: 64, .. })
    ));
    assert!(matches!(
        records[2].result,
        Err(MemError::CrossesBoundary { boundary: 4096, .. })
    ));
    assert_eq!(records[3].result, Ok(8));
}

#[test]
fn compute_units_of_a_shader_array_share_its_scalar_and_instruction_caches() {
    let mut rig = Rig::new(platform(|_| {}));
    let g = rig.platform.gpu.clone();
    let data: Vec<u8> = (0..4096u32).map(|i| (i % 241) as u8).collect();
    let buffer = rig.buffer(4096, &data);
    let base = buffer.address();
    let gpu = rig.parts.gpus[0].clone();
    let cold = rig.run_sequence_at(gpu.scalar[0], vec![MemRequest::read(0, base + 16, 8)]);
    let shared = rig.run_sequence_at(gpu.scalar[3], vec![MemRequest::read(0, base + 16, 8)]);
    assert_eq!(cold[0].result, Ok(8));
    assert_eq!(shared[0].result, Ok(8));
    let cycle = rig.cycle();
    let cycles = |r: &Record| r.latency() / cycle;
    // The shader array's scalar TLB and L1 scalar cache are warm for the fourth CU.
    assert_eq!(
        cycles(&shared[0]),
        u64::from(g.l1_tlb.latency_cycles + g.l1k.latency_cycles)
    );
    assert!(cycles(&cold[0]) > 200);
    // Instruction fetches look up the L1 instruction cache first; its miss is translated
    // behind it by the instruction TLB (which walks no more: the L2 TLB knows the page),
    // and the L2 has the line. A second fetch of the line, from another CU of the shader
    // array, hits and passes no TLB.
    let fetch = rig.run_sequence_at(gpu.instruction[1], vec![MemRequest::read(0, base + 16, 8)]);
    assert_eq!(fetch[0].result, Ok(8));
    let expected = g.l1i.tag_cycles()
        + g.l1i_tlb.latency_cycles
        + g.l2_tlb.latency_cycles
        + 2 * g.crossbar_latency_cycles
        + g.l2.latency_cycles
        + g.l1i.fill_latency_cycles;
    assert_eq!(cycles(&fetch[0]), u64::from(expected));
    let hit = rig.run_sequence_at(gpu.instruction[2], vec![MemRequest::read(0, base + 32, 8)]);
    assert_eq!(hit[0].result, Ok(8));
    assert_eq!(cycles(&hit[0]), u64::from(g.l1i.latency_cycles));
    let m = rig.metrics().clone();
    assert_eq!(m.count("gpu0.sa0.l1k", "read_hits"), 1);
    assert_eq!(m.count("gpu0.sa0.l1k", "read_misses"), 1);
    assert_eq!(m.count("gpu0.sa0.l1i", "read_misses"), 1);
    assert_eq!(m.count("gpu0.sa0.l1i", "read_hits"), 1);
    assert_eq!(m.count("gpu0.sa0.l1i_tlb", "misses"), 1);
    assert_eq!(m.count("gpu0.sa0.l1i_tlb", "hits"), 0);
    assert_eq!(m.count("iommu", "walks"), 1);
}

#[test]
fn metrics_are_named_by_place_in_the_hardware() {
    let mut rig = Rig::new(platform(|_| {}));
    let buffer = rig.buffer(4096, &[0; 4096]);
    rig.run_sequence(2, reads(buffer.address(), &[0, 0]));
    let rows = rig.metrics().metrics();
    let find = |location: &str, what: &str| {
        rows.iter()
            .find(|m| m.location == location && m.what == what)
            .unwrap_or_else(|| panic!("no {location} {what} in {rows:?}"))
            .clone()
    };
    let hits = find("gpu0.cu2.l1v", "read_hits");
    assert_eq!((hits.value, hits.unit), (1.0, "count"));
    let latency = find("gpu0.cu2.l1v", "average_read_latency");
    assert_eq!(latency.unit, "ns");
    assert_eq!(latency.value, (133.0 + 20.0) / 2.0);
    assert_eq!(find("gpu0.cu2.l1tlb", "misses").value, 1.0);
    let bytes = find("gpu0.dram.ch0", "read_bytes");
    assert_eq!((bytes.value, bytes.unit), (64.0, "bytes"));
    // Rows come sorted by location, then by name.
    let keys: Vec<(String, String)> = rows
        .iter()
        .map(|m| (m.location.clone(), m.what.clone()))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn the_default_platform_serves_every_gpu() {
    let mut rig = Rig::new(PlatformConfig::default_platform());
    assert_eq!(rig.parts.gpus.len(), 4);
    assert_eq!(rig.parts.gpus[0].vector.len(), 64);
    assert_eq!(rig.parts.pcie_links.len(), 4);
    let buffer = rig.driver.create_buffer(4096).unwrap();
    for gpu in 0..4 {
        buffer.write(gpu, 0, &[gpu as u8 + 1; 4096]).unwrap();
        let parts = rig.parts.gpus[gpu].clone();
        for port in [parts.vector[63], parts.scalar[62], parts.instruction[1]] {
            let records = rig.run_sequence_at(port, reads(buffer.address(), &[64]));
            assert_eq!(records[0].result, Ok(4));
        }
        rig.run_sequence_at(parts.vector[63], vec![MemRequest::flush(0)]);
        rig.run_sequence_at(parts.scalar[62], vec![MemRequest::flush(0)]);
        rig.run_sequence_at(parts.instruction[1], vec![MemRequest::flush(0)]);
    }
    assert_eq!(rig.metrics().count("gpu3.sa15.l1k", "read_misses"), 1);
    assert_eq!(rig.metrics().count("gpu3.sa0.l1i", "read_misses"), 1);
}
