//! Pointer-chasing microbenchmarks: average latencies of L1 hits, L2 hits and DRAM
//! accesses match the configuration within 5 %, and follow its changes.

use super::*;

/// Which level a chase is meant to hit.
#[derive(Clone, Copy)]
enum Level {
    L1,
    L2,
    Dram,
}

/// The average latency, in cycles, of a pointer chase through `lines` lines (64 bytes
/// apart) on `platform`, measured on the pass that hits `level`.
fn chase(platform: PlatformConfig, level: Level) -> f64 {
    let lines: u64 = match level {
        Level::L1 => 16,
        Level::L2 => 1024,
        Level::Dram => 2048,
    };
    let mut rig = Rig::new(platform);
    let stride = 64;
    let buffer = rig.buffer(lines * stride, &vec![0u8; (lines * stride) as usize]);
    // The first pass is cold (DRAM); the second hits the L1 (small) or the L2.
    let passes = match level {
        Level::Dram => 1,
        _ => 2,
    };
    let script = Script::Chase {
        base: buffer.address(),
        offset: 0,
        stride,
        span: lines * stride,
        remaining: (passes * lines) as usize,
    };
    let (before, probe) = rig.start(0, script);
    rig.engine.run();
    let records = probe.records().split_off(before);
    assert_eq!(records.len() as u64, passes * lines);
    let measured = &records[((passes - 1) * lines) as usize..];
    for (i, r) in measured.iter().enumerate() {
        assert_eq!(r.address, buffer.address() + i as u64 * stride);
        assert_eq!(r.result, Ok(4));
    }
    let total: Time = measured.iter().map(Record::latency).sum();
    total as f64 / measured.len() as f64 / rig.cycle() as f64
}

/// The latency the configuration gives each level (TLB hits included).
fn configured(p: &PlatformConfig, level: Level) -> f64 {
    let g = &p.gpu;
    let l1 = g.l1_tlb.latency_cycles + g.l1v.latency_cycles;
    let l2 = l1 + 2 * g.crossbar_latency_cycles + g.l2.latency_cycles;
    let dram = l2 + g.dram.latency_cycles + g.l2.line_bytes / g.dram.bytes_per_cycle;
    f64::from(match level {
        Level::L1 => l1,
        Level::L2 => l2,
        Level::Dram => dram,
    })
}

fn within_5_percent(p: PlatformConfig, level: Level) -> f64 {
    let expected = configured(&p, level);
    let measured = chase(p, level);
    assert!(
        (measured - expected).abs() <= 0.05 * expected,
        "measured {measured} cycles, configured {expected}"
    );
    measured
}

#[test]
fn l1_hits_take_the_l1_latency() {
    let base = within_5_percent(platform(|_| {}), Level::L1);
    let slower = within_5_percent(platform(|p| p.gpu.l1v.latency_cycles = 40), Level::L1);
    assert!(slower > base + 15.0, "{base} → {slower}");
}

#[test]
fn l2_hits_take_the_l2_latency() {
    let base = within_5_percent(platform(|_| {}), Level::L2);
    let slower = within_5_percent(platform(|p| p.gpu.l2.latency_cycles = 30), Level::L2);
    assert!(slower > base + 15.0, "{base} → {slower}");
}

#[test]
fn dram_accesses_take_the_dram_latency() {
    let base = within_5_percent(platform(|_| {}), Level::Dram);
    let slower = within_5_percent(platform(|p| p.gpu.dram.latency_cycles = 200), Level::Dram);
    assert!(slower > base + 90.0, "{base} → {slower}");
}
