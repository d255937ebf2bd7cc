//! Metrics of the memory hierarchy, gathered by engine hooks from what the components
//! report (counts and the start and end of their tasks), per component.

use crate::engine::{ComponentId, Engine, Hook, HookContext, Observation, Time, PS_PER_NS};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// One value of the report: what was measured where.
#[derive(Debug, Clone, PartialEq)]
pub struct Metric {
    /// The component, named by its place in the hardware, e.g. `gpu0.cu3.l1v`.
    pub location: String,
    /// What was measured, e.g. `read_hits` or `average_read_latency`.
    pub what: String,
    /// The value.
    pub value: f64,
    /// Its unit: `count`, `bytes` or `ns`.
    pub unit: &'static str,
}

/// What one component's hook has gathered.
#[derive(Debug, Default, Clone)]
struct Tally {
    counts: BTreeMap<&'static str, u64>,
    /// Per task kind: (tasks ended, total time they took in ps).
    latencies: BTreeMap<&'static str, (u64, Time)>,
}

/// Gathers the metrics of the components it is attached to, under their engine names.
///
/// Components report counts (`Observation::Count`, e.g. a cache's `read_hits`,
/// `read_misses`, `read_mshr_hits`, `write_hits`, `write_misses`, `write_mshr_hits`,
/// `writebacks`; a TLB's `hits`, `misses`, `mshr_hits`; a DRAM controller's `reads`,
/// `writes`, `read_bytes`, `write_bytes`; a PCIe link's `bytes`; the page walker's
/// `walks`) and tasks (`TaskStart`/`TaskEnd`, e.g. each request a cache handles, by
/// kind `read`, `write`, `flush`), from which the average latency per kind follows.
/// Totals are sums, so they are the same whatever the order in which threads report.
#[derive(Debug, Clone, Default)]
pub struct MetricsCollector {
    tallies: Arc<Mutex<BTreeMap<String, Tally>>>,
}

impl MetricsCollector {
    /// A collector attached to nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Attaches a hook to each component of `ids`; its metrics are kept under the
    /// component's engine name.
    pub fn attach<M: Send + 'static>(
        &self,
        engine: &mut Engine<M>,
        ids: impl IntoIterator<Item = ComponentId>,
    ) {
        for id in ids {
            let location = engine.name(id).to_string();
            self.lock().entry(location.clone()).or_default();
            engine.add_hook(
                id,
                Box::new(MetricsHook {
                    location,
                    tallies: self.tallies.clone(),
                    started: HashMap::new(),
                }),
            );
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Tally>> {
        self.tallies.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The counter `what` of the component named `location` (0 if never counted).
    pub fn count(&self, location: &str, what: &str) -> u64 {
        self.lock()
            .get(location)
            .and_then(|t| t.counts.get(what).copied())
            .unwrap_or(0)
    }

    /// The average time, in ps, that tasks of `kind` took at `location`, if any ended.
    pub fn average_latency(&self, location: &str, kind: &str) -> Option<f64> {
        let tallies = self.lock();
        let &(n, total) = tallies.get(location)?.latencies.get(kind)?;
        (n > 0).then(|| total as f64 / n as f64)
    }

    /// Every metric (as [`metrics`](Self::metrics)), and starts counting afresh: what a
    /// run reports about itself alone.
    pub fn take_metrics(&self) -> Vec<Metric> {
        let rows = self.metrics();
        for tally in self.lock().values_mut() {
            *tally = Tally::default();
        }
        rows
    }

    /// Every metric, ordered by location and then by name: counters, and for each task
    /// kind `<kind>_tasks` and `average_<kind>_latency` (ns).
    pub fn metrics(&self) -> Vec<Metric> {
        let mut rows = Vec::new();
        for (location, tally) in self.lock().iter() {
            for (&what, &value) in &tally.counts {
                rows.push(Metric {
                    location: location.clone(),
                    what: what.to_string(),
                    value: value as f64,
                    unit: if what.ends_with("bytes") {
                        "bytes"
                    } else {
                        "count"
                    },
                });
            }
            for (&kind, &(n, total)) in &tally.latencies {
                rows.push(Metric {
                    location: location.clone(),
                    what: format!("{kind}_tasks"),
                    value: n as f64,
                    unit: "count",
                });
                rows.push(Metric {
                    location: location.clone(),
                    what: format!("average_{kind}_latency"),
                    value: total as f64 / n as f64 / PS_PER_NS as f64,
                    unit: "ns",
                });
            }
        }
        rows.sort_by(|a, b| (&a.location, &a.what).cmp(&(&b.location, &b.what)));
        rows
    }
}

/// The hook on one component.
struct MetricsHook {
    location: String,
    tallies: Arc<Mutex<BTreeMap<String, Tally>>>,
    /// Start times of the tasks in progress.
    started: HashMap<(u64, &'static str), Time>,
}

impl MetricsHook {
    fn update(&self, f: impl FnOnce(&mut Tally)) {
        let mut tallies = self.tallies.lock().unwrap_or_else(|e| e.into_inner());
        // The entry exists from `attach` on; the name is cloned only if it was dropped.
        match tallies.get_mut(&self.location) {
            Some(tally) => f(tally),
            None => f(tallies.entry(self.location.clone()).or_default()),
        }
    }
}

impl<M> Hook<M> for MetricsHook {
    fn observe(&mut self, at: HookContext, what: &Observation<'_, M>) {
        match *what {
            Observation::Count { what, amount } => {
                self.update(|t| *t.counts.entry(what).or_default() += amount)
            }
            Observation::TaskStart { task, kind } => {
                self.started.insert((task, kind), at.time);
            }
            Observation::TaskEnd { task, kind } => {
                if let Some(start) = self.started.remove(&(task, kind)) {
                    self.update(|t| {
                        let entry = t.latencies.entry(kind).or_default();
                        entry.0 += 1;
                        entry.1 += at.time - start;
                    });
                }
            }
            Observation::Sent { .. } | Observation::Retrieved { .. } => {}
        }
    }
}
