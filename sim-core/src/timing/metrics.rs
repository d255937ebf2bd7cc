//! Metrics of the memory hierarchy, gathered by engine hooks from what the components
//! report (counts and the start and end of their tasks), per component.

use crate::engine::{ComponentId, Engine, Hook, HookContext, Observation, Time, PS_PER_NS};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

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

/// What one component's hook has gathered: a few named counters and, per task kind,
/// (tasks ended, total time they took in ps).
#[derive(Debug, Default, Clone)]
struct Tally {
    counts: Named<u64>,
    latencies: Named<(u64, Time)>,
}

/// Values named by `&'static str`, in the order first named, found by the name's address
/// through a small table (components count with literals, so an observation is mostly
/// a hash of the address and one comparison), else by the name's text.
#[derive(Debug, Default, Clone)]
struct Named<V> {
    list: Vec<(&'static str, V)>,
    /// By a hash of a name's address: its place in `list` + 1 (0: none yet).
    slots: [u8; 16],
}

impl<V: Default> Named<V> {
    /// The value named `name`, added if missing.
    #[inline]
    fn entry(&mut self, name: &'static str) -> &mut V {
        let address = name.as_ptr() as usize;
        let slot = (address ^ address >> 4 ^ address >> 8) % self.slots.len();
        let place = match self.slots[slot].checked_sub(1) {
            Some(place) if std::ptr::eq(self.list[place as usize].0, name) => place as usize,
            _ => self.find(name, slot),
        };
        &mut self.list[place].1
    }

    /// The place of `name` in the list, added if missing, remembered in `slot`.
    #[inline(never)]
    fn find(&mut self, name: &'static str, slot: usize) -> usize {
        let place = self
            .list
            .iter()
            .position(|(n, _)| std::ptr::eq(*n, name))
            .or_else(|| self.list.iter().position(|(n, _)| *n == name))
            .unwrap_or_else(|| {
                self.list.push((name, V::default()));
                self.list.len() - 1
            });
        if let Ok(remembered) = u8::try_from(place + 1) {
            self.slots[slot] = remembered;
        }
        place
    }

    /// The value named `name`, if any.
    fn get(&self, name: &str) -> Option<&V> {
        self.list.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Takes every value, in the order first named, and starts afresh.
    fn drain(&mut self) -> std::vec::Drain<'_, (&'static str, V)> {
        self.slots = [0; 16];
        self.list.drain(..)
    }
}

/// One component's tally, shared by its hook (which adds what it gathered when flushed)
/// and the collector (which reads).
type SharedTally = Arc<Mutex<Tally>>;

fn lock(tally: &SharedTally) -> MutexGuard<'_, Tally> {
    tally.lock().unwrap_or_else(|e| e.into_inner())
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
///
/// A hook gathers in its own tally, without locking, and adds it to the collector's when
/// the engine flushes its hooks: call [`Engine::flush_hooks`] before reading.
#[derive(Debug, Clone, Default)]
pub struct MetricsCollector {
    tallies: Arc<Mutex<BTreeMap<String, SharedTally>>>,
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
            let tally = self.lock().entry(location).or_default().clone();
            engine.add_hook(
                id,
                Box::new(MetricsHook {
                    tally,
                    own: Tally::default(),
                }),
            );
        }
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<String, SharedTally>> {
        self.tallies.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The counter `what` of the component named `location` (0 if never counted).
    pub fn count(&self, location: &str, what: &str) -> u64 {
        let tallies = self.lock();
        let Some(tally) = tallies.get(location) else {
            return 0;
        };
        let tally = lock(tally);
        tally.counts.get(what).copied().unwrap_or(0)
    }

    /// The average time, in ps, that tasks of `kind` took at `location`, if any ended.
    pub fn average_latency(&self, location: &str, kind: &str) -> Option<f64> {
        let tallies = self.lock();
        let tally = lock(tallies.get(location)?);
        let &(n, total) = tally.latencies.get(kind)?;
        (n > 0).then(|| total as f64 / n as f64)
    }

    /// Every metric (as [`metrics`](Self::metrics)), and starts counting afresh: what a
    /// run reports about itself alone.
    pub fn take_metrics(&self) -> Vec<Metric> {
        self.take_metrics_where(|_| true)
    }

    /// The metrics of the locations `wanted` accepts (as [`metrics`](Self::metrics)), and
    /// starts counting afresh for them: what a run reports about those components alone.
    pub fn take_metrics_where(&self, wanted: impl Fn(&str) -> bool) -> Vec<Metric> {
        let rows = self.metrics_where(&wanted);
        for (location, tally) in self.lock().iter() {
            if wanted(location) {
                *lock(tally) = Tally::default();
            }
        }
        rows
    }

    /// Every metric, ordered by location and then by name: counters, and for each task
    /// kind `<kind>_tasks` and `average_<kind>_latency` (ns).
    pub fn metrics(&self) -> Vec<Metric> {
        self.metrics_where(|_| true)
    }

    /// The metrics of the locations `wanted` accepts, ordered as [`metrics`](Self::metrics).
    fn metrics_where(&self, wanted: impl Fn(&str) -> bool) -> Vec<Metric> {
        let mut rows = Vec::new();
        for (location, tally) in self.lock().iter() {
            if !wanted(location) {
                continue;
            }
            let tally = lock(tally);
            for &(what, value) in &tally.counts.list {
                rows.push(Metric {
                    location: location.clone(),
                    what: what.to_string(),
                    value: value as f64,
                    unit: if what.ends_with("bytes") {
                        "bytes"
                    } else if what.ends_with("cycles") {
                        "cycles"
                    } else {
                        "count"
                    },
                });
            }
            for &(kind, (n, total)) in &tally.latencies.list {
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
    tally: SharedTally,
    /// What it gathered since it was last flushed.
    own: Tally,
}

impl<M> Hook<M> for MetricsHook {
    fn observe(&mut self, at: HookContext, what: &Observation<'_, M>) {
        match *what {
            Observation::Count { what, amount } => *self.own.counts.entry(what) += amount,
            Observation::TaskEnd { kind, started, .. } => {
                let (n, total) = self.own.latencies.entry(kind);
                *n += 1;
                *total += at.time - started;
            }
            Observation::TaskStart { .. }
            | Observation::Sent { .. }
            | Observation::Retrieved { .. } => {}
        }
    }

    fn observes_messages(&self) -> bool {
        false
    }

    fn observes_task_starts(&self) -> bool {
        false
    }

    fn flush(&mut self) {
        if self.own.counts.is_empty() && self.own.latencies.is_empty() {
            return;
        }
        let mut tally = lock(&self.tally);
        for (what, amount) in self.own.counts.drain() {
            *tally.counts.entry(what) += amount;
        }
        for (kind, (n, time)) in self.own.latencies.drain() {
            let (total_n, total_time) = tally.latencies.entry(kind);
            *total_n += n;
            *total_time += time;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ComponentId;

    fn at(time: Time) -> HookContext {
        HookContext {
            time,
            component: ComponentId(0),
        }
    }

    fn observe(hook: &mut MetricsHook, time: Time, what: Observation<'_, ()>) {
        hook.observe(at(time), &what);
    }

    #[test]
    fn tasks_ending_in_any_order_are_timed_from_their_own_start() {
        let collector = MetricsCollector::new();
        let tally = SharedTally::default();
        collector.lock().insert("c".into(), tally.clone());
        let mut hook = MetricsHook {
            tally,
            own: Tally::default(),
        };
        // Tasks started at 10, 20, 30, 35 and 40 ps end out of order.
        for (task, started, time) in [(2, 20, 120), (1, 10, 130), (7, 35, 150), (3, 30, 160)] {
            let end = Observation::TaskEnd {
                task,
                kind: "read",
                started,
            };
            observe(&mut hook, time, end);
        }
        observe(
            &mut hook,
            170,
            Observation::TaskEnd {
                task: 5,
                kind: "read",
                started: 40,
            },
        );
        observe(
            &mut hook,
            0,
            Observation::Count {
                what: "hits",
                amount: 3,
            },
        );
        // More names than the table's slots, each counted by two literals of one
        // text at different addresses: every count lands on its name.
        let names: Vec<(&'static str, &'static str)> = (0..40)
            .map(|i| {
                let name: &'static str = Box::leak(format!("n{i}").into_boxed_str());
                (
                    name,
                    Box::leak(name.to_string().into_boxed_str()) as &'static str,
                )
            })
            .collect();
        for round in 0..3 {
            for (i, &(a, b)) in names.iter().enumerate() {
                let what = if (i + round) % 2 == 0 { a } else { b };
                observe(
                    &mut hook,
                    0,
                    Observation::Count {
                        what,
                        amount: i as u64,
                    },
                );
            }
        }
        Hook::<()>::flush(&mut hook);
        for (i, &(name, _)) in names.iter().enumerate() {
            assert_eq!(collector.count("c", name), 3 * i as u64);
        }
        let durations = [130 - 10, 120 - 20, 160 - 30, 150 - 35, 170 - 40];
        let mean = durations.iter().sum::<u64>() as f64 / 5.0;
        assert_eq!(collector.average_latency("c", "read"), Some(mean));
        assert_eq!(collector.count("c", "hits"), 3);
    }
}
