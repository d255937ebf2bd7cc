//! What moving data costs in simulated time: host↔device transfers cross PCIe (its
//! latency plus the bytes at `platform.pcie_gbytes_per_s`), copies and fills inside a GPU
//! run at its DRAM bandwidth (`gpu.dram.controllers × gpu.dram.bytes_per_cycle` bytes per
//! cycle of `gpu.clock_mhz`). Every transfer is also counted in the metrics.

use super::Platform;
use crate::config::PlatformConfig;

/// Which way data moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TransferKind {
    /// From host memory to a GPU (write buffer, unmap of a written mapping).
    HostToDevice,
    /// From a GPU to host memory (read buffer, map for reading).
    DeviceToHost,
    /// From one place in a GPU's memory to another (copy buffer): every byte is read and
    /// written once.
    DeviceToDevice,
    /// A pattern written into a GPU's memory (fill buffer): every byte is written once.
    Fill,
}

impl TransferKind {
    /// Every kind, in report order.
    pub const ALL: [TransferKind; 4] = [
        TransferKind::HostToDevice,
        TransferKind::DeviceToHost,
        TransferKind::DeviceToDevice,
        TransferKind::Fill,
    ];

    /// The kind's name in the metrics report.
    pub fn name(self) -> &'static str {
        match self {
            TransferKind::HostToDevice => "host_to_device",
            TransferKind::DeviceToHost => "device_to_host",
            TransferKind::DeviceToDevice => "device_to_device",
            TransferKind::Fill => "fill",
        }
    }
}

/// Simulated nanoseconds a transfer of `bytes` of `kind` takes on `config`'s hardware
/// (0 for no bytes).
pub fn transfer_ns(config: &PlatformConfig, kind: TransferKind, bytes: u64) -> u64 {
    if bytes == 0 {
        return 0;
    }
    match kind {
        TransferKind::HostToDevice | TransferKind::DeviceToHost => {
            // GB/s is bytes per ns.
            u64::from(config.pcie_latency_ns)
                + (bytes as f64 / config.pcie_gbytes_per_s).ceil() as u64
        }
        TransferKind::DeviceToDevice | TransferKind::Fill => {
            let gpu = &config.gpu;
            let bytes_per_ns = f64::from(gpu.dram.controllers)
                * f64::from(gpu.dram.bytes_per_cycle)
                * f64::from(gpu.clock_mhz)
                / 1000.0;
            let moved = if kind == TransferKind::DeviceToDevice {
                2 * bytes
            } else {
                bytes
            };
            (moved as f64 / bytes_per_ns).ceil() as u64
        }
    }
}

impl Platform {
    /// Counts a transfer of `bytes` of `kind` on GPU `gpu` in the metrics and returns its
    /// simulated duration in nanoseconds.
    pub fn transfer(&self, gpu: usize, kind: TransferKind, bytes: u64) -> u64 {
        if matches!(
            kind,
            TransferKind::HostToDevice | TransferKind::DeviceToHost
        ) {
            self.host_copy(gpu);
        }
        let ns = transfer_ns(&self.settings.platform, kind, bytes);
        self.metrics.record_transfer(gpu, kind, bytes, ns);
        ns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pcie_costs_latency_plus_bytes_over_bandwidth() {
        let mut config = PlatformConfig::default_platform();
        config.pcie_gbytes_per_s = 16.0;
        config.pcie_latency_ns = 500;
        assert_eq!(transfer_ns(&config, TransferKind::HostToDevice, 0), 0);
        assert_eq!(
            transfer_ns(&config, TransferKind::HostToDevice, 16 << 20),
            500 + (1 << 20)
        );
        assert_eq!(transfer_ns(&config, TransferKind::DeviceToHost, 1), 501);
    }

    #[test]
    fn copies_inside_a_gpu_read_and_write_at_dram_bandwidth() {
        let mut config = PlatformConfig::default_platform();
        config.gpu.clock_mhz = 1000;
        config.gpu.dram.controllers = 8;
        config.gpu.dram.bytes_per_cycle = 16;
        // 128 bytes per ns.
        assert_eq!(transfer_ns(&config, TransferKind::Fill, 128 * 1000), 1000);
        assert_eq!(
            transfer_ns(&config, TransferKind::DeviceToDevice, 128 * 1000),
            2000
        );
    }
}
