//! Tests of the memory hierarchy, on a one-GPU platform built by the builder: latencies
//! computed by hand from the configuration, data correctness through eviction and
//! flushes, MSHR merging, back-pressure, determinism, and pointer-chasing
//! microbenchmarks.

mod data;
mod latency;
mod microbenchmarks;

use super::*;
use crate::config::PlatformConfig;
use crate::driver::{Buffer, Driver};
use crate::engine::{Clock, Component, ComponentId, Context, Engine, Port, PortRef, Time, Wake};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// One answered request, as the requester saw it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Record {
    pub address: u64,
    pub sent: Time,
    pub answered: Time,
    /// How many bytes the answer stood for (see [`Payload`]), or why it failed.
    pub result: Result<u64, MemError>,
}

impl Record {
    pub fn latency(&self) -> Time {
        self.answered - self.sent
    }
}

/// What a requester sends.
pub(super) enum Script {
    /// These requests (ids are assigned), at most `window` outstanding at once.
    Fixed {
        requests: VecDeque<MemRequest>,
        window: usize,
    },
    /// A pointer chase: read 4 bytes at `base + offset`, each read sent when the one
    /// before is answered (as if it held the next offset), the next `stride` bytes on,
    /// back to 0 at `span`; `remaining` reads in all.
    Chase {
        base: u64,
        offset: u64,
        stride: u64,
        span: u64,
        remaining: usize,
    },
}

/// Where a requester finds its next script.
type NextScript = Arc<Mutex<Option<Script>>>;

/// A synthetic compute unit: sends its script through one port and records answers; when
/// done, takes the next script from `next` when woken.
struct Requester {
    port: Port,
    script: Script,
    next: NextScript,
    next_id: u64,
    /// Requests sent and not answered: id → (address, send time).
    outstanding: std::collections::BTreeMap<u64, (u64, Time)>,
    /// A request the port refused, to send again.
    refused: Option<MemRequest>,
    log: Arc<Mutex<Vec<Record>>>,
}

impl Requester {
    fn next_request(&mut self) -> Option<MemRequest> {
        if let Some(req) = self.refused.take() {
            return Some(req);
        }
        self.next_id += 1;
        let id = self.next_id;
        match &mut self.script {
            Script::Fixed { requests, window } => {
                if self.outstanding.len() >= *window {
                    return None;
                }
                let mut req = requests.pop_front()?;
                req.id = id;
                Some(req)
            }
            Script::Chase {
                base,
                offset,
                stride,
                span,
                remaining,
            } => {
                if *remaining == 0 || !self.outstanding.is_empty() {
                    return None;
                }
                *remaining -= 1;
                let at = *offset;
                *offset = (at + *stride) % *span;
                Some(MemRequest::read(id, *base + at, 4))
            }
        }
    }
}

impl Component<MemoryMessage> for Requester {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, MemoryMessage>) {
        if self.outstanding.is_empty() && self.refused.is_none() {
            if let Some(script) = self.next.lock().unwrap().take() {
                self.script = script;
            }
        }
        while let Some(msg) = ctx.retrieve(self.port) {
            let MemoryMessage::Response(response) = msg else {
                panic!("the requester got {msg:?}");
            };
            let (address, sent) = self
                .outstanding
                .remove(&response.id)
                .expect("an answer to a request in flight");
            let result = response.result.map(|payload| payload.len());
            self.log.lock().unwrap().push(Record {
                address,
                sent,
                answered: ctx.now(),
                result,
            });
        }
        while let Some(req) = self.next_request() {
            let (id, address) = (req.id, req.address);
            match ctx.send(self.port, MemoryMessage::Request(req)) {
                Ok(()) => {
                    self.outstanding.insert(id, (address, ctx.now()));
                }
                Err(MemoryMessage::Request(req)) => {
                    self.refused = Some(req);
                    break;
                }
                Err(_) => unreachable!(),
            }
        }
    }
}

/// A one-GPU platform's memory system with requesters plugged into compute units'
/// vector ports.
pub(super) struct Rig {
    pub engine: Engine<MemoryMessage>,
    /// The requester of each compute unit used so far, with its next-script slot.
    requesters: std::collections::BTreeMap<PortRef, (Probe, NextScript)>,
    pub platform: PlatformConfig,
    pub driver: Arc<Driver>,
    pub parts: PlatformMemoryParts,
    metrics: MetricsCollector,
}

/// What one requester recorded.
#[derive(Clone)]
pub(super) struct Probe {
    pub log: Arc<Mutex<Vec<Record>>>,
    id: ComponentId,
}

impl Probe {
    pub fn records(&self) -> Vec<Record> {
        self.log.lock().unwrap().clone()
    }
}

/// A small platform: 1 GPU of 4 compute units in one shader array, 2 L2 banks and 2 DRAM
/// controllers, otherwise the R9 Nano defaults, then changed by `change`.
pub(super) fn platform(change: impl FnOnce(&mut PlatformConfig)) -> PlatformConfig {
    // The paper's Table 1 memory system (short L1 latencies, small TLBs): the figures
    // these tests were worked out with.
    let table1 = include_str!("../../../../configs/paper-table1.toml");
    let mut platform = PlatformConfig::from_toml(Some(table1), "paper-table1.toml").unwrap();
    platform.gpu_count = 1;
    platform.gpu.compute_units = 4;
    platform.gpu.shader_arrays = 1;
    platform.gpu.l2_banks = 2;
    platform.gpu.dram.controllers = 2;
    change(&mut platform);
    platform.validate().unwrap();
    platform
}

impl Rig {
    pub fn new(platform: PlatformConfig) -> Rig {
        let driver = Driver::new(&platform);
        let mut engine = Engine::new();
        let parts = add_platform_memory(&mut engine, &platform, driver.clone());
        let metrics = MetricsCollector::new();
        metrics.attach(&mut engine, parts.components());
        Rig {
            engine,
            requesters: Default::default(),
            platform,
            driver,
            parts,
            metrics,
        }
    }

    /// The metrics gathered so far (the hooks flushed).
    pub fn metrics(&mut self) -> &MetricsCollector {
        self.engine.flush_hooks();
        &self.metrics
    }

    /// A buffer of `bytes` resident on GPU 0, filled with `data` from its start.
    pub fn buffer(&self, bytes: u64, data: &[u8]) -> Arc<Buffer> {
        let buffer = self.driver.create_buffer(bytes).unwrap();
        buffer.make_resident(0).unwrap();
        buffer.write(0, 0, data).unwrap();
        buffer
    }

    /// Starts `script` on compute unit `cu`'s vector memory requester.
    pub fn start(&mut self, cu: usize, script: Script) -> (usize, Probe) {
        self.start_at(self.parts.gpus[0].vector[cu], script)
    }

    /// Starts `script` on the requester plugged into `port` (made on first use) at the
    /// current time; returns the number of its records so far and its probe.
    pub fn start_at(&mut self, port: PortRef, script: Script) -> (usize, Probe) {
        if !self.requesters.contains_key(&port) {
            let clock = Clock::from_mhz(self.platform.gpu.clock_mhz);
            let id = self.engine.add_component("requester", clock);
            let own = self.engine.add_port(id, "memory", PORT_CAPACITY);
            self.engine.connect(own, port, 0);
            let probe = Probe {
                log: Arc::default(),
                id,
            };
            let next = Arc::new(Mutex::new(None));
            self.engine.install(
                id,
                Box::new(Requester {
                    port: own.port,
                    script: Script::Fixed {
                        requests: VecDeque::new(),
                        window: 1,
                    },
                    next: next.clone(),
                    next_id: 0,
                    outstanding: Default::default(),
                    refused: None,
                    log: probe.log.clone(),
                }),
            );
            self.requesters.insert(port, (probe, next));
        }
        let (probe, next) = &self.requesters[&port];
        *next.lock().unwrap() = Some(script);
        let now = self.engine.now();
        self.engine.wake_at(probe.id, now, 0);
        (probe.records().len(), probe.clone())
    }

    /// Compute unit `cu`'s vector memory port.
    /// Runs `requests` one after another (each sent when the previous is answered)
    /// through compute unit `cu`'s vector port; returns what came back.
    pub fn run_sequence(&mut self, cu: usize, requests: Vec<MemRequest>) -> Vec<Record> {
        self.run_sequence_at(self.parts.gpus[0].vector[cu], requests)
    }

    /// Runs `requests` one after another through `port`; returns what came back.
    pub fn run_sequence_at(&mut self, port: PortRef, requests: Vec<MemRequest>) -> Vec<Record> {
        let script = Script::Fixed {
            requests: requests.into(),
            window: 1,
        };
        let (before, probe) = self.start_at(port, script);
        self.engine.run();
        probe.records().split_off(before)
    }

    /// Flushes the GPU's caches through compute unit 0's vector port.
    pub fn flush(&mut self) {
        let records = self.run_sequence(0, vec![MemRequest::flush(0)]);
        assert_eq!(records[0].result, Ok(0));
    }

    /// One GPU cycle, in ps.
    pub fn cycle(&self) -> Time {
        Clock::from_mhz(self.platform.gpu.clock_mhz).period()
    }
}
