//! What the charts measure, computed from the rows of one metrics report: kernel times,
//! hit rates per cache and TLB level, DRAM traffic, instruction mix, work-groups per CU.

use crate::sweep::table::ReportRow;
use std::collections::BTreeMap;

/// A kernel launch's location `gpu<G>.launch<N>.<kernel>`, split: (gpu, launch, kernel).
pub fn launch_of(location: &str) -> Option<(usize, usize, &str)> {
    let mut parts = location.splitn(3, '.');
    let gpu = parts.next()?.strip_prefix("gpu")?.parse().ok()?;
    let launch = parts.next()?.strip_prefix("launch")?.parse().ok()?;
    let rest = parts.next()?;
    Some((gpu, launch, rest))
}

/// The component of a launch's component row (`gpu0.launch0.fir.cu3.l1v` → `cu3.l1v`),
/// given the kernel names the report has.
fn component_of<'a>(location: &'a str, kernels: &[String]) -> Option<&'a str> {
    let (_, _, rest) = launch_of(location)?;
    kernels
        .iter()
        .filter_map(|k| rest.strip_prefix(k.as_str())?.strip_prefix('.'))
        .next()
}

/// The level a component belongs to: `cu3.l1v` → `l1v`, `l2.bank5` → `l2`,
/// `dram.ch2` → `dram`, `sa1.l1k_tlb` → `l1k_tlb`, `cu3` → `cu`, `dma.tlb` → `dma.tlb`;
/// the same for the other GPUs of a unified device (`gpu1.cu3.l1v` → `l1v`).
pub fn level_of(component: &str) -> String {
    let component = match component.split_once('.') {
        Some((gpu, rest)) if numbered(gpu, "gpu") => rest,
        _ => component,
    };
    const INSTANCES: [&str; 4] = ["cu", "sa", "bank", "ch"];
    let instance = |part: &str| INSTANCES.iter().find(|prefix| numbered(part, prefix));
    let kept: Vec<&str> = component
        .split('.')
        .filter(|p| instance(p).is_none())
        .collect();
    match (
        kept.is_empty(),
        instance(component.split('.').next().unwrap_or("")),
    ) {
        (true, Some(prefix)) => prefix.to_string(),
        _ => kept.join("."),
    }
}

/// Whether `part` is `prefix` followed by a number (`cu3`, `gpu1`).
fn numbered(part: &str, prefix: &str) -> bool {
    part.strip_prefix(prefix)
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The (source, destination) GPUs of a fabric measure `bytes_gpu<A>_to_gpu<B>`.
fn gpu_pair(what: &str) -> Option<(usize, usize)> {
    let (a, b) = what.strip_prefix("bytes_gpu")?.split_once("_to_gpu")?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

const HITS: [&str; 3] = ["hits", "read_hits", "write_hits"];
const MISSES: [&str; 6] = [
    "misses",
    "read_misses",
    "write_misses",
    "mshr_hits",
    "read_mshr_hits",
    "write_mshr_hits",
];

/// What one report says, summed the ways the charts need.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Measures {
    /// Per launch (`gpu0.launch0.fir`), in report order: its duration in ns.
    pub launches: Vec<(String, f64)>,
    /// Per kernel name: the sum of its launches' durations, in ns.
    pub kernel_time: BTreeMap<String, f64>,
    /// Per level (`l1v`, `l2`, `l1tlb`, ...): (hits, accesses), over all launches.
    pub hits: BTreeMap<String, (f64, f64)>,
    /// Per launch: bytes DRAM read and wrote, over all channels.
    pub dram_bytes: Vec<(String, f64)>,
    /// Per launch: wavefront instructions per category (`valu`, `salu`, ...).
    pub instructions: Vec<(String, BTreeMap<String, f64>)>,
    /// Per compute unit index: work-groups it ran, over all launches.
    pub workgroups_per_cu: BTreeMap<usize, f64>,
    /// GPU cycles of all launches together.
    pub cycles: f64,
    /// Per compute unit index: wavefront instructions it issued, over all launches.
    pub cu_instructions: BTreeMap<usize, f64>,
    /// Per compute unit index, per SIMD: cycles VALU instructions kept it busy.
    pub simd_busy: BTreeMap<usize, BTreeMap<usize, f64>>,
    /// Per compute unit index: its CPI stack, cycles per issue state (`issuing`,
    /// `waiting_memory`, ...), over all launches.
    pub cpi_stack: BTreeMap<usize, BTreeMap<String, f64>>,
    /// Per (source GPU, destination GPU) of a unified device: bytes the fabric carried
    /// from one to the other, over all launches.
    pub gpu_traffic: BTreeMap<(usize, usize), f64>,
}

impl Measures {
    /// Sums `rows` of one report.
    pub fn of(rows: &[ReportRow]) -> Measures {
        let mut m = Measures::default();
        let mut kernels: Vec<String> = Vec::new();
        for r in rows {
            let Some((_, _, kernel)) = launch_of(&r.location) else {
                continue;
            };
            let value = r.value.unwrap_or(0.0);
            if r.what == "cycles" && !kernel.contains('.') {
                m.cycles += value;
            }
            if r.what == "duration" && !kernel.contains('.') {
                m.launches.push((r.location.clone(), value));
                *m.kernel_time.entry(kernel.to_string()).or_default() += value;
                kernels.push(kernel.to_string());
            }
            if let Some(category) = r.what.strip_prefix("instructions.") {
                if !kernel.contains('.') {
                    if m.instructions.last().map(|l| &l.0) != Some(&r.location) {
                        m.instructions.push((r.location.clone(), BTreeMap::new()));
                    }
                    let last = m.instructions.last_mut().expect("pushed");
                    last.1.insert(category.to_string(), value);
                }
            }
        }
        kernels.sort_by_key(|k| std::cmp::Reverse(k.len()));
        kernels.dedup();
        for r in rows {
            let value = r.value.unwrap_or(0.0);
            // Buffers moved between discrete GPUs (no launch's rows).
            let moves = r.location == "transfers.fabric";
            let Some(component) = component_of(&r.location, &kernels).or(moves.then_some("fabric"))
            else {
                continue;
            };
            if component == "fabric" {
                if let Some(pair) = gpu_pair(&r.what) {
                    *m.gpu_traffic.entry(pair).or_default() += value;
                }
                continue;
            }
            let level = level_of(component);
            if HITS.contains(&r.what.as_str()) || MISSES.contains(&r.what.as_str()) {
                let entry = m.hits.entry(level.clone()).or_default();
                entry.1 += value;
                if HITS.contains(&r.what.as_str()) {
                    entry.0 += value;
                }
            }
            if level == "dram" && (r.what == "read_bytes" || r.what == "write_bytes") {
                let launch = &r.location[..r.location.len() - component.len() - 1];
                match m.dram_bytes.last_mut() {
                    Some((l, b)) if l == launch => *b += value,
                    _ => m.dram_bytes.push((launch.to_string(), value)),
                }
            }
            let Some(cu) = component.strip_prefix("cu").and_then(|c| c.parse().ok()) else {
                continue;
            };
            if r.what == "work-group_tasks" {
                *m.workgroups_per_cu.entry(cu).or_default() += value;
            } else if r.what == "wavefront_instructions" {
                *m.cu_instructions.entry(cu).or_default() += value;
            } else if let Some(simd) = r
                .what
                .strip_prefix("simd")
                .and_then(|w| w.strip_suffix("_busy_cycles"))
                .and_then(|n| n.parse().ok())
            {
                *m.simd_busy.entry(cu).or_default().entry(simd).or_default() += value;
            } else if let Some(state) = r
                .what
                .strip_suffix("_cycles")
                .filter(|s| *s == "issuing" || s.starts_with("waiting_"))
            {
                let states = m.cpi_stack.entry(cu).or_default();
                *states.entry(state.to_string()).or_default() += value;
            }
        }
        m
    }

    /// Hit rate (hits / accesses, MSHR hits counted as misses) per level with accesses.
    pub fn hit_rates(&self) -> Vec<(String, f64)> {
        self.hits
            .iter()
            .filter(|(_, (_, n))| *n > 0.0)
            .map(|(level, (h, n))| (level.clone(), h / n))
            .collect()
    }

    /// Per compute unit: cycles per wavefront instruction it issued (CUs that issued
    /// none are left out).
    pub fn cycles_per_instruction(&self) -> BTreeMap<usize, f64> {
        self.cu_instructions
            .iter()
            .filter(|(_, n)| **n > 0.0)
            .map(|(cu, n)| (*cu, self.cycles / n))
            .collect()
    }

    /// DRAM bandwidth over all launches: bytes / summed kernel time, in GB/s.
    pub fn dram_gbytes_per_s(&self) -> Option<f64> {
        let bytes: f64 = self.dram_bytes.iter().map(|d| d.1).sum();
        let time: f64 = self.launches.iter().map(|l| l.1).sum();
        (time > 0.0 && !self.dram_bytes.is_empty()).then(|| bytes / time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(location: &str, what: &str, value: f64) -> ReportRow {
        ReportRow {
            location: location.into(),
            what: what.into(),
            value: Some(value),
            unit: String::new(),
        }
    }

    #[test]
    fn levels_and_launches_are_recognised() {
        assert_eq!(launch_of("gpu1.launch12.fir"), Some((1, 12, "fir")));
        assert_eq!(launch_of("gpu1"), None);
        assert_eq!(level_of("cu13.l1v"), "l1v");
        assert_eq!(level_of("sa2.l1k_tlb"), "l1k_tlb");
        assert_eq!(level_of("l2.bank15"), "l2");
        assert_eq!(level_of("dram.ch3"), "dram");
        assert_eq!(level_of("cu7"), "cu");
        assert_eq!(level_of("l2tlb"), "l2tlb");
        assert_eq!(level_of("dma.tlb"), "dma.tlb");
        assert_eq!(level_of("gpu1.cu13.l1v"), "l1v");
        assert_eq!(level_of("gpu3.l2.bank15"), "l2");
        assert_eq!(level_of("gpu2.cu7"), "cu");
    }

    #[test]
    fn bytes_between_gpus_are_summed_per_pair_over_launches() {
        let rows = [
            row("gpu0.launch0.fir", "duration", 1000.0),
            row("gpu0.launch0.fir.fabric", "bytes_gpu0_to_gpu1", 300.0),
            row("gpu0.launch0.fir.fabric", "messages_gpu0_to_gpu1", 5.0),
            row("gpu0.launch0.fir.fabric", "bytes_gpu1_to_gpu0", 100.0),
            row("gpu0.launch0.fir.fabric.gpu0>switch0", "bytes", 300.0),
            row("gpu0.launch1.fir", "duration", 1000.0),
            row("gpu0.launch1.fir.fabric", "bytes_gpu0_to_gpu1", 200.0),
            row("transfers.fabric", "bytes_gpu2_to_gpu1", 50.0),
            row("transfers.fabric.gpu2>switch1", "bytes", 50.0),
        ];
        let m = Measures::of(&rows);
        assert_eq!(
            m.gpu_traffic,
            BTreeMap::from([((0, 1), 500.0), ((1, 0), 100.0), ((2, 1), 50.0)])
        );
        assert!(m.hits.is_empty(), "fabric rows are no cache level");
    }

    #[test]
    fn rows_are_summed_per_kernel_level_and_cu() {
        let rows = [
            row("gpu0.launch0.fir", "duration", 1000.0),
            row("gpu0.launch0.fir", "instructions.valu", 40.0),
            row("gpu0.launch0.fir", "instructions.salu", 10.0),
            row("gpu0.launch0.fir.cu0.l1v", "read_hits", 30.0),
            row("gpu0.launch0.fir.cu1.l1v", "read_misses", 10.0),
            row("gpu0.launch0.fir.cu1.l1v", "read_mshr_hits", 0.0),
            row("gpu0.launch0.fir.cu1", "work-group_tasks", 3.0),
            row("gpu0.launch0.fir.dram.ch0", "read_bytes", 2000.0),
            row("gpu0.launch0.fir.dram.ch1", "write_bytes", 1000.0),
            row("gpu0.launch1.fir", "duration", 500.0),
            row("gpu0.launch1.fir.cu1", "work-group_tasks", 2.0),
            row("gpu0.launch0.fir", "cycles", 900.0),
            row("gpu0.launch1.fir", "cycles", 300.0),
            row("gpu0.launch0.fir.cu1", "wavefront_instructions", 100.0),
            row("gpu0.launch1.fir.cu1", "wavefront_instructions", 200.0),
            row("gpu0.launch0.fir.cu1", "simd2_busy_cycles", 50.0),
            row("gpu0.launch1.fir.cu1", "simd2_busy_cycles", 70.0),
            row("gpu0.launch0.fir.cu1", "waiting_memory_cycles", 60.0),
            row("gpu0.launch1.fir.cu1", "waiting_memory_cycles", 40.0),
            row("gpu0.launch1.fir.cu1", "issuing_cycles", 300.0),
        ];
        let m = Measures::of(&rows);
        assert_eq!(m.kernel_time["fir"], 1500.0);
        assert_eq!(m.launches.len(), 2);
        assert_eq!(m.hit_rates(), vec![("l1v".to_string(), 0.75)]);
        assert_eq!(m.dram_bytes, vec![("gpu0.launch0.fir".to_string(), 3000.0)]);
        assert_eq!(m.dram_gbytes_per_s(), Some(2.0));
        assert_eq!(m.workgroups_per_cu[&1], 5.0);
        assert_eq!(m.instructions[0].1["valu"], 40.0);
        assert_eq!(m.cycles, 1200.0);
        assert_eq!(m.cycles_per_instruction()[&1], 4.0);
        assert_eq!(m.simd_busy[&1][&2], 120.0);
        assert_eq!(m.cpi_stack[&1]["waiting_memory"], 100.0);
        assert_eq!(m.cpi_stack[&1]["issuing"], 300.0);
        assert_eq!(m.cpi_stack[&1].len(), 2);
    }
}
