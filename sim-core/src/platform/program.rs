//! A code object made ready to run on the platform's GPUs: its memory image loaded (with
//! relocations applied) into each GPU that runs it, and its code decoded once per GPU.

use crate::driver::{Arena, Buffer, Driver, DriverError};
use crate::emu::{KernelCode, Program};
use crate::loader::{CodeObject, LoadError};
use once_cell::sync::OnceCell;
use std::fmt;
use std::sync::Arc;

/// Why a code object could not be placed in a GPU's memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramLoadError {
    /// Device memory for the image could not be had.
    Driver(DriverError),
    /// The image could not be relocated.
    Load(LoadError),
}

impl fmt::Display for ProgramLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Driver(e) => write!(f, "loading the code object: {e}"),
            Self::Load(e) => write!(f, "loading the code object: {e}"),
        }
    }
}

/// The code object as placed in one GPU's memory.
struct Placed {
    /// Holds the relocated image at its address for as long as the program lives.
    image: Arc<Buffer>,
    /// The decoded code section, shared by all kernels.
    program: Arc<Program>,
}

/// A code object and its per-GPU placements (made on first use on each GPU).
pub struct DeviceProgram {
    code_object: Arc<CodeObject>,
    driver: Arc<Driver>,
    placed: Vec<OnceCell<Placed>>,
}

impl DeviceProgram {
    /// A program for `code_object` on the GPUs of `driver`; nothing is loaded yet.
    pub fn new(driver: Arc<Driver>, code_object: Arc<CodeObject>) -> Self {
        let placed = (0..driver.gpu_count()).map(|_| OnceCell::new()).collect();
        Self {
            code_object,
            driver,
            placed,
        }
    }

    /// The code object.
    pub fn code_object(&self) -> &Arc<CodeObject> {
        &self.code_object
    }

    /// Address at which the image starts in GPU `gpu`'s memory, loading it there first.
    pub fn load_base(&self, gpu: usize) -> Result<u64, ProgramLoadError> {
        Ok(self.placed(gpu)?.image.address())
    }

    /// The decoded code of kernel `name` as placed on GPU `gpu`, or `None` if the code
    /// object has no such kernel.
    pub fn kernel_code(
        &self,
        gpu: usize,
        name: &str,
    ) -> Result<Option<KernelCode>, ProgramLoadError> {
        let Some(kernel) = self.code_object.kernel(name) else {
            return Ok(None);
        };
        let placed = self.placed(gpu)?;
        let base = placed.image.address();
        Ok(Some(KernelCode {
            name: kernel.name().to_string(),
            program: placed.program.clone(),
            descriptor: kernel.descriptor,
            entry_pc: base + kernel.entry_address,
        }))
    }

    fn placed(&self, gpu: usize) -> Result<&Placed, ProgramLoadError> {
        let cell =
            self.placed
                .get(gpu)
                .ok_or(ProgramLoadError::Driver(DriverError::NoSuchGpu {
                    gpu,
                    count: self.placed.len(),
                }))?;
        cell.get_or_try_init(|| {
            let co = &self.code_object;
            // Placed when GPU `gpu` first runs one of the kernels: its address comes from
            // that GPU's arena, in its command order.
            let image = self
                .driver
                .create_buffer_in(Arena::Gpu(gpu), co.image.bytes.len().max(1) as u64)
                .map_err(ProgramLoadError::Driver)?;
            let base = image.address();
            let bytes = co.relocated_image(base).map_err(ProgramLoadError::Load)?;
            // Only this GPU ever uses this copy, so it never moves.
            image
                .write(gpu, 0, &bytes)
                .map_err(ProgramLoadError::Driver)?;
            let code = &bytes[co.image.code.start as usize..co.image.code.end as usize];
            let program = Arc::new(Program::new(code, base + co.image.code.start));
            Ok(Placed { image, program })
        })
    }
}
