//! Buffers moving between discrete GPUs, timed over the links between them.
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
//! that copy kernel's traffic ([`copy_between_gpus`]): a request per L1 line from the
//! destination, an answer with the line's data and akita's header bytes from the source.
//!
//! Where gcnsim differs (and why): each copy is timed on idle links, so copies of
//! different queues that overlap in time do not share the links' bandwidth, and a copy
//! does not slow down kernels; only what the commands of one queue do happens one after
//! the other. Booking shared links in the order the host threads reach them would make
//! times depend on that order, so a shared booking needs the GPUs' commands simulated on
//! one engine, which discrete devices are not yet.

use super::Platform;
use crate::driver::{Buffer, DriverError};
use crate::engine::PS_PER_NS;
use crate::timing::{copy_between_gpus, Topology};
use std::sync::Arc;

impl Platform {
    /// Makes `buffers` resident on GPU `gpu` for a command whose work may begin at
    /// `start_ns`: each buffer that lives on another GPU is copied over the links, one
    /// after another in address order, counted in the metrics (and the trace); returns
    /// the nanoseconds the copies took (0 if nothing moved).
    pub fn move_buffers(
        &self,
        gpu: usize,
        buffers: &[Arc<Buffer>],
        start_ns: u64,
    ) -> Result<u64, DriverError> {
        let mut sorted: Vec<&Arc<Buffer>> = buffers.iter().collect();
        sorted.sort_by_key(|b| b.address());
        sorted.dedup_by_key(|b| b.address());
        let mut ns = 0;
        for buffer in sorted {
            if let Some(from) = buffer.move_to(gpu)? {
                ns += self.copy_between(from, gpu, buffer.size(), start_ns + ns);
            }
        }
        Ok(ns)
    }

    /// Times a copy of `bytes` from GPU `from` to GPU `to` starting at `start_ns` and
    /// records it; returns its nanoseconds.
    fn copy_between(&self, from: usize, to: usize, bytes: u64, start_ns: u64) -> u64 {
        let platform = &self.settings.platform;
        let (end, traffic) = copy_between_gpus(
            platform.gpu_count,
            &Topology::of_platform(platform),
            (from, to),
            bytes,
            u64::from(platform.gpu.l1v.line_bytes),
        );
        let ns = end.div_ceil(PS_PER_NS);
        self.metrics
            .record_gpu_copy((from, to), bytes, (start_ns, ns), traffic);
        ns
    }
}
