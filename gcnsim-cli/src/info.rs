//! `gcnsim info`: the simulated platform in a few lines.

use sim_core::config::{CacheConfig, PlatformConfig, TlbConfig};
use std::fmt::Write;

/// The platform described for people: GPUs, compute units, caches, memory, links.
pub fn describe(p: &PlatformConfig, gpus: usize) -> String {
    let g = &p.gpu;
    let mut out = String::new();
    let dram_gbs =
        f64::from(g.dram.controllers * g.dram.bytes_per_cycle) * f64::from(g.clock_mhz) / 1000.0;
    let _ = writeln!(
        out,
        "platform: {gpus} × {} ({}), PCIe links of {} GB/s and {} ns",
        g.name, g.isa, p.pcie_gbytes_per_s, p.pcie_latency_ns
    );
    let _ = writeln!(
        out,
        "per GPU:  {} compute units in {} shader arrays at {} MHz, {} SIMDs × {} wavefront slots per CU, {} KiB LDS per CU",
        g.compute_units, g.shader_arrays, g.clock_mhz, g.simds_per_cu, g.wavefront_slots_per_simd, g.lds_bytes / 1024
    );
    let _ = writeln!(out, "caches:   L1 vector {} per CU; L1 instruction {} and L1 scalar {} per shader array; L2 {} banks × {}", cache(&g.l1v), cache(&g.l1i), cache(&g.l1k), g.l2_banks, cache(&g.l2));
    let _ = writeln!(
        out,
        "TLBs:     L1 {} per CU; L2 {} per GPU; IOMMU {} walkers, {} cycles a walk",
        tlb(&g.l1_tlb),
        tlb(&g.l2_tlb),
        p.page_walkers,
        p.page_walk_latency_cycles
    );
    let _ =
        writeln!(
        out,
        "memory:   {} MiB DRAM in {} channels, {dram_gbs:.0} GB/s, {} cycles latency; {} KiB pages",
        g.dram_bytes >> 20, g.dram.controllers, g.dram.latency_cycles, g.page_bytes / 1024
    );
    out
}

fn cache(c: &CacheConfig) -> String {
    format!(
        "{} KiB {}-way {} B lines, {} cycles",
        c.size_bytes / 1024,
        c.ways,
        c.line_bytes,
        c.latency_cycles
    )
}

fn tlb(t: &TlbConfig) -> String {
    format!(
        "{} entries ({} sets × {} ways), {} cycles",
        u64::from(t.sets) * u64::from(t.ways),
        t.sets,
        t.ways,
        t.latency_cycles
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_platform_is_described() {
        let p = PlatformConfig::default_platform();
        let text = describe(&p, 4);
        assert!(
            text.contains("4 × AMD Radeon R9 Nano (gcnsim) (gfx803)"),
            "{text}"
        );
        assert!(
            text.contains("64 compute units in 16 shader arrays at 1000 MHz"),
            "{text}"
        );
        assert!(text.contains("L2 16 banks × 128 KiB 16-way"), "{text}");
        assert!(
            text.contains("4096 MiB DRAM in 16 channels, 256 GB/s"),
            "{text}"
        );
    }
}
