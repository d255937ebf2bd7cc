//! Buffers moving between discrete GPUs, and pages the Locality API moves between a
//! unified device's GPUs, timed over the links between them.
//!
//! A buffer lives on the GPU that last used it (see [`Buffer`]). Before a command on
//! another GPU uses it, the platform copies it there over the platform's links
//! (`platform.gpu_links`: MGPUSim's PCIe tree by default, or direct links), and the
//! command starts when the copy has ended: the copy is the GPU's work before the
//! command, on the same timeline as the GPUs' commands and the host's.
//!
//! What MGPUSim does: its driver never moves a buffer; a GPU reaches another GPU's memory
//! through the RDMA engines, and `EnqueueMemCopyD2D` runs a copy kernel whose loads cross
//! the PCIe network line by line. gcnsim's discrete devices keep OpenCL's model (a buffer
//! moves to the device that uses it, as AMD's runtime migrates it) and time each move as
//! that copy kernel's traffic ([`copy_on_idle_links`]): a request per L1 line from the
//! destination, an answer with the line's data and akita's header bytes from the source.
//!
//! Where gcnsim differs (and why): with each GPU in an engine of its own (the default),
//! each copy is timed on idle links, so copies of different queues that overlap in time
//! do not share the links' bandwidth; only what the commands of one queue do happens one
//! after the other. Booking shared links in the order the host threads reach them would
//! make times depend on that order. On the shared timeline
//! (`platform.discrete_timeline = "shared"`, see [`Timeline`](super::Timeline)) the
//! copies cross the platform's links with every other copy and host transfer that
//! overlaps them in simulated time, sharing each link line by line (see
//! [`SharedLinks`](crate::timing::SharedLinks)). Copies never slow kernels down: discrete
//! GPUs' kernels use only their own memory.

use super::timeline::{Job, Outcome};
use super::Platform;
use crate::driver::{Buffer, DriverError};
use crate::engine::PS_PER_NS;
use crate::timing::{copy_on_idle_links, Node, Topology};
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Platform {
    /// Makes `buffers` resident on GPU `gpu` for a command whose work may begin at
    /// `start_ns`: each buffer that lives on another GPU is copied over the links, one
    /// after another in address order, counted in the metrics (and the trace); returns
    /// the nanoseconds the copies took (0 if nothing moved). On a unified device, the
    /// pages the Locality API placed since its last command cross the links first,
    /// GPU pair by GPU pair in the order placed.
    ///
    /// On the shared timeline, the copies of queue `queue` share the links line by line
    /// with every other queue's that overlap them in simulated time.
    pub fn move_buffers(
        &self,
        gpu: usize,
        queue: u64,
        buffers: &[Arc<Buffer>],
        start_ns: u64,
    ) -> Result<u64, DriverError> {
        let placed = match self.placements.get(gpu) {
            Some(p) => std::mem::take(&mut *p.lock().unwrap_or_else(|e| e.into_inner())),
            None => Vec::new(),
        };
        let mut ns = 0;
        for (from, to, bytes) in placed {
            ns += self.copy_between(from, to, bytes, start_ns + ns);
        }
        let mut sorted: Vec<&Arc<Buffer>> = buffers.iter().collect();
        sorted.sort_by_key(|b| b.address());
        sorted.dedup_by_key(|b| b.address());
        if let Some(timeline) = &self.timeline {
            let mut copies = Vec::new();
            for buffer in sorted {
                if let Some(from) = buffer.move_to(gpu)? {
                    copies.push((from, gpu, buffer.size()));
                }
            }
            if copies.is_empty() {
                return Ok(0);
            }
            let job = (copies.iter())
                .map(|&(from, to, bytes)| vec![(Node::Gpu(from), Node::Gpu(to), vec![bytes])])
                .collect();
            let outcome = timeline.run(queue, gpu, start_ns, Job::Copies(job));
            let Outcome::Copies(timed) = outcome else {
                unreachable!("a copy's job comes to a copy's outcome");
            };
            for ((from, to, bytes), (copy_ns, traffic)) in copies.into_iter().zip(timed) {
                let times = (start_ns + ns, copy_ns);
                self.metrics
                    .record_gpu_copy((from, to), bytes, times, traffic);
                ns += copy_ns;
            }
            return Ok(ns);
        }
        for buffer in sorted {
            if let Some(from) = buffer.move_to(gpu)? {
                for end in [from, gpu] {
                    self.buffers_moved[end].store(true, Ordering::Relaxed);
                }
                ns += self.copy_between(from, gpu, buffer.size(), start_ns + ns);
            }
        }
        Ok(ns)
    }

    /// Times a copy of `bytes` from GPU `from` to GPU `to` starting at `start_ns` and
    /// records it; returns its nanoseconds.
    fn copy_between(&self, from: usize, to: usize, bytes: u64, start_ns: u64) -> u64 {
        let platform = &self.settings.platform;
        // (A unified device's copies list the host's links too, as its host transfers do.)
        let (end, traffic) = copy_on_idle_links(
            platform.gpu_count,
            &Topology::of_platform(platform),
            self.unified_host_links(),
            &[(Node::Gpu(from), Node::Gpu(to), bytes)],
            u64::from(platform.gpu.l1v.line_bytes),
        );
        let ns = end.div_ceil(PS_PER_NS);
        self.metrics
            .record_gpu_copy((from, to), bytes, (start_ns, ns), traffic);
        ns
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    fn two_gpus() -> Platform {
        let vars = [("GCNSIM_GPUS", "2"), ("GCNSIM_THREADS", "1")];
        let settings = Settings::from_vars(vars.map(|(k, v)| (k.to_string(), v.to_string())));
        Platform::new(settings.expect("settings")).expect("platform")
    }

    #[test]
    fn a_buffer_used_on_another_gpu_crosses_the_links_once() {
        let platform = two_gpus();
        let buffer = platform.driver().create_buffer(1 << 20).unwrap();
        buffer.write(0, 0, &[7; 16]).unwrap();
        let twice = [buffer.clone(), buffer.clone()];
        let ns = platform.move_buffers(1, 0, &twice, 1000).unwrap();
        // 1 MiB in 64-byte lines answered with 4 bytes of header at 16 GB/s, plus the
        // requests' and answers' way through the switch.
        let link = (1u64 << 20) * 68 / 64 / 16;
        assert!(
            ns > link && ns < link + 1000,
            "{ns} ns, the link's {link} ns"
        );
        assert_eq!(buffer.resident_gpu(), Some(1));
        let mut back = [0; 16];
        buffer.read(1, 0, &mut back).unwrap();
        assert_eq!(back, [7; 16], "the bytes moved");
        assert_eq!(platform.move_buffers(1, 0, &twice, 1000 + ns).unwrap(), 0);
        assert_eq!(platform.metric("gpu1", "gpu_to_gpu_bytes"), Some(1048576.0));
        assert_eq!(platform.metric("gpu1", "gpu_to_gpu_time"), Some(ns as f64));
        assert_eq!(platform.metric("gpu0", "gpu_to_gpu_commands"), Some(0.0));
        let answers = platform.metric("transfers.fabric", "bytes_gpu0_to_gpu1");
        assert_eq!(answers, Some((1 << 20) as f64 * 68.0 / 64.0));
    }

    #[test]
    fn pages_the_locality_api_places_cross_the_links_before_the_next_command() {
        let vars = [
            ("GCNSIM_GPUS", "2"),
            ("GCNSIM_THREADS", "1"),
            ("GCNSIM_UNIFIED", "1"),
        ];
        let settings = Settings::from_vars(vars.map(|(k, v)| (k.to_string(), v.to_string())));
        let platform = Platform::new(settings.expect("settings")).expect("platform");
        let buffer = platform.driver().create_buffer(1 << 20).unwrap();
        buffer.write(0, 0, &[7; 16]).unwrap();
        // Pages alternate between the GPUs: half of the 1 MiB is on GPU 0 and moves.
        assert_eq!(
            platform.place_pages(0, buffer.address(), 1 << 20, 1),
            Ok(128)
        );
        let ns = platform.move_buffers(0, 0, &[], 1000).unwrap();
        let link = (1u64 << 19) * 68 / 64 / 16;
        assert!(
            ns > link && ns < link + 1000,
            "{ns} ns, the link's {link} ns"
        );
        assert_eq!(platform.move_buffers(0, 0, &[], 1000 + ns).unwrap(), 0);
        let answers = platform.metric("transfers.fabric", "bytes_gpu0_to_gpu1");
        assert_eq!(answers, Some((1 << 19) as f64 * 68.0 / 64.0));
        // Placing them there again moves nothing.
        assert_eq!(platform.place_pages(0, buffer.address(), 1 << 20, 1), Ok(0));
        assert_eq!(platform.move_buffers(0, 0, &[], 0).unwrap(), 0);
    }

    #[test]
    fn on_the_shared_timeline_moves_share_the_links_line_by_line() {
        let vars = [
            ("GCNSIM_GPUS", "3"),
            ("GCNSIM_THREADS", "1"),
            ("GCNSIM_MODE", "timing"),
            ("GCNSIM_DISCRETE_TIMELINE", "shared"),
        ];
        let settings = Settings::from_vars(vars.map(|(k, v)| (k.to_string(), v.to_string())));
        let platform = Platform::new(settings.expect("settings")).expect("platform");
        let timeline = platform.timeline().expect("a shared timeline");
        let buffers: Vec<Arc<Buffer>> = (0..2)
            .map(|_| {
                let buffer = platform.driver().create_buffer(1 << 20).unwrap();
                buffer.write(0, 0, &[7; 16]).unwrap();
                buffer
            })
            .collect();
        // Queue 1 (GPU 1) moves its buffer from T, queue 2 (GPU 2) from T + 1 ns: both
        // answers leave GPU 0 over its one link. Whichever thread gets there first, the
        // two moves share that link line by line.
        let link = (1u64 << 20) * 68 / 64 / 16;
        for (round, order) in [[0, 1], [1, 0]].into_iter().enumerate() {
            let t = 1000 + round as u64 * 10 * link;
            timeline.queue_enqueued(1, t);
            timeline.queue_enqueued(2, t + 1);
            let mut ns: Vec<(usize, u64)> = std::thread::scope(|scope| {
                let moves: Vec<_> = order
                    .iter()
                    .map(|&b| {
                        let (platform, buffer) = (&platform, &buffers[b]);
                        scope.spawn(move || {
                            let (queue, start) = (1 + b as u64, t + b as u64);
                            let ns = platform.move_buffers(
                                1 + b,
                                queue,
                                std::slice::from_ref(buffer),
                                start,
                            );
                            let ns = ns.unwrap();
                            // As a queue's thread does after each command.
                            platform.timeline().unwrap().queue_done(queue, start + ns);
                            (b, ns)
                        })
                    })
                    .collect();
                moves.into_iter().map(|m| m.join().unwrap()).collect()
            });
            ns.sort();
            // They share the link line by line: each takes both moves' lines there, the
            // move to GPU 1 (one switch) a little less than the one to GPU 2 (three).
            assert!(
                ns[0].1 > 2 * link - 1000 && ns[0].1 < ns[1].1,
                "{ns:?}, the link's {link} ns"
            );
            assert!(ns[1].1 > 2 * link && ns[1].1 < 2 * link + 1000, "{ns:?}");
            for buffer in &buffers {
                buffer.move_to(0).unwrap();
            }
        }
    }

    #[test]
    fn the_first_use_of_an_upload_moves_nothing() {
        let platform = two_gpus();
        let buffer = platform.driver().create_buffer(4096).unwrap();
        buffer.write(0, 0, &[1; 4096]).unwrap();
        buffer.mark_uploaded();
        assert_eq!(
            platform
                .move_buffers(1, 0, std::slice::from_ref(&buffer), 0)
                .unwrap(),
            0
        );
        assert!(platform.move_buffers(0, 0, &[buffer], 0).unwrap() > 0);
        assert_eq!(platform.metric("gpu0", "gpu_to_gpu_commands"), Some(1.0));
        assert_eq!(platform.metric("gpu1", "gpu_to_gpu_commands"), Some(0.0));
    }
}
