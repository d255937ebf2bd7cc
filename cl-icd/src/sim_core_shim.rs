//! TEMPORARY stand-in for `sim-core`'s `config` and `driver` modules with the agreed
//! signatures, until main has them. Removed at the first merge of main.

/// Configuration (stand-in).
pub mod config {
    use std::fmt;
    use std::path::PathBuf;

    /// User settings.
    pub struct Settings {
        /// The platform.
        pub platform: PlatformConfig,
        /// Threads.
        pub threads: usize,
        /// Report path.
        pub report: Option<PathBuf>,
    }
    /// Platform.
    #[derive(Clone)]
    pub struct PlatformConfig {
        /// GPUs.
        pub gpu_count: usize,
        /// One GPU.
        pub gpu: GpuConfig,
    }
    /// GPU.
    #[derive(Clone)]
    pub struct GpuConfig {
        /// Marketing name.
        pub name: String,
        /// ISA.
        pub isa: String,
        /// CUs.
        pub compute_units: u32,
        /// Clock.
        pub clock_mhz: u32,
        /// Wave size.
        pub wavefront_size: u32,
        /// Max WG size.
        pub max_workgroup_size: u32,
        /// LDS.
        pub lds_bytes: u64,
        /// DRAM.
        pub dram_bytes: u64,
        /// Page.
        pub page_bytes: u64,
        /// L1V.
        pub l1v: CacheConfig,
        /// L2 bank.
        pub l2: CacheConfig,
        /// L2 banks.
        pub l2_banks: u32,
    }
    /// Cache.
    #[derive(Clone)]
    pub struct CacheConfig {
        /// Size.
        pub size_bytes: u64,
        /// Ways.
        pub ways: u32,
        /// Line.
        pub line_bytes: u32,
        /// Latency.
        pub latency_cycles: u32,
        /// MSHRs.
        pub mshrs: u32,
    }
    /// Error.
    #[derive(Debug)]
    pub struct ConfigError(String);
    impl fmt::Display for ConfigError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }
    impl Settings {
        /// From env.
        pub fn from_env() -> Result<Settings, ConfigError> {
            let gpus =
                match std::env::var("GCNSIM_GPUS") {
                    Ok(v) => v.parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| {
                        ConfigError(format!("GCNSIM_GPUS={v:?}: not a GPU count"))
                    })?,
                    Err(_) => 4,
                };
            let cache = |size_bytes, ways| CacheConfig {
                size_bytes,
                ways,
                line_bytes: 64,
                latency_cycles: 20,
                mshrs: 64,
            };
            Ok(Settings {
                platform: PlatformConfig {
                    gpu_count: gpus,
                    gpu: GpuConfig {
                        name: "AMD Radeon R9 Nano (simulated)".into(),
                        isa: "gfx803".into(),
                        compute_units: 64,
                        clock_mhz: 1000,
                        wavefront_size: 64,
                        max_workgroup_size: 256,
                        lds_bytes: 65536,
                        dram_bytes: 4 << 30,
                        page_bytes: 4096,
                        l1v: cache(16384, 4),
                        l2: cache(131072, 16),
                        l2_banks: 16,
                    },
                },
                threads: 1,
                report: None,
            })
        }
    }
}

/// Driver (stand-in: host memory).
pub mod driver {
    use super::config::PlatformConfig;
    use std::fmt;
    use std::sync::{Arc, Mutex};

    /// Driver.
    pub struct Driver {
        gpus: usize,
    }
    /// Error.
    #[derive(Debug)]
    pub enum DriverError {
        /// OOM.
        OutOfMemory {
            /// Requested.
            requested: u64,
        },
        /// Range.
        OutOfRange,
    }
    impl fmt::Display for DriverError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{self:?}")
        }
    }
    /// Buffer.
    pub struct Buffer {
        data: Mutex<Vec<u8>>,
    }
    impl Driver {
        /// New.
        pub fn new(platform: &PlatformConfig) -> Arc<Driver> {
            Arc::new(Driver {
                gpus: platform.gpu_count,
            })
        }
        /// GPUs.
        pub fn gpu_count(&self) -> usize {
            self.gpus
        }
        /// Alloc.
        pub fn create_buffer(self: &Arc<Self>, size: u64) -> Result<Arc<Buffer>, DriverError> {
            if size > 1 << 32 {
                return Err(DriverError::OutOfMemory { requested: size });
            }
            Ok(Arc::new(Buffer {
                data: Mutex::new(vec![0; size as usize]),
            }))
        }
    }
    impl Buffer {
        /// Size.
        pub fn size(&self) -> u64 {
            self.data.lock().unwrap().len() as u64
        }
        /// Address.
        pub fn address(&self) -> u64 {
            self.data.lock().unwrap().as_ptr() as u64
        }
        fn range(&self, offset: u64, len: usize) -> Result<std::ops::Range<usize>, DriverError> {
            let end = offset as usize + len;
            if end > self.data.lock().unwrap().len() {
                return Err(DriverError::OutOfRange);
            }
            Ok(offset as usize..end)
        }
        /// Write.
        pub fn write(&self, _gpu: usize, offset: u64, data: &[u8]) -> Result<(), DriverError> {
            let r = self.range(offset, data.len())?;
            self.data.lock().unwrap()[r].copy_from_slice(data);
            Ok(())
        }
        /// Read.
        pub fn read(&self, _gpu: usize, offset: u64, out: &mut [u8]) -> Result<(), DriverError> {
            let r = self.range(offset, out.len())?;
            out.copy_from_slice(&self.data.lock().unwrap()[r]);
            Ok(())
        }
        /// Copy.
        pub fn copy_from(
            &self,
            gpu: usize,
            dst_offset: u64,
            src: &Buffer,
            src_offset: u64,
            len: u64,
        ) -> Result<(), DriverError> {
            let mut tmp = vec![0; len as usize];
            src.read(gpu, src_offset, &mut tmp)?;
            self.write(gpu, dst_offset, &tmp)
        }
        /// Fill.
        pub fn fill(
            &self,
            gpu: usize,
            offset: u64,
            pattern: &[u8],
            len: u64,
        ) -> Result<(), DriverError> {
            let data: Vec<u8> = pattern.iter().copied().cycle().take(len as usize).collect();
            self.write(gpu, offset, &data)
        }
        /// Resident.
        pub fn make_resident(&self, _gpu: usize) -> Result<(), DriverError> {
            Ok(())
        }
    }
}
