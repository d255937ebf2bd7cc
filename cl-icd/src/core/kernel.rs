//! Kernels: one kernel of a built program with the argument values the application set.

use super::device::Device;
use super::memory::MemObject;
use super::program::Program;
use super::sampler::Sampler;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::*;
use sim_core::loader::{CodeObject, KernelArg};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// The value of one explicit kernel argument.
#[derive(Clone)]
pub enum ArgValue {
    /// Bytes of a by-value argument (scalar, vector, struct).
    Bytes(Vec<u8>),
    /// A buffer, or NULL. The kernel does not keep the buffer alive (a buffer released
    /// by the application is destroyed, and its destructor callbacks run, even while it
    /// is still some kernel's argument); a launch takes a strong reference.
    Buffer(Option<Weak<MemObject>>),
    /// Bytes of dynamically allocated local memory for a `__local` pointer.
    Local(usize),
    /// An image (held like a buffer); the kernarg holds its descriptor's address.
    Image(Weak<MemObject>),
    /// A sampler; the kernarg holds its descriptor's address.
    Sampler(Arc<Sampler>),
}

/// What a launch takes from a kernel's argument values.
pub struct KernelArgs {
    /// The explicit part of the kernarg segment.
    pub bytes: Vec<u8>,
    /// LDS bytes per work-group: fixed plus the `__local` arguments.
    pub group_segment_size: u64,
    /// The buffers passed, held for the launch.
    pub buffers: Vec<Arc<MemObject>>,
}

/// An OpenCL kernel object.
#[repr(C)]
pub struct Kernel {
    header: Header,
    /// The program it belongs to.
    pub program: Arc<Program>,
    /// The code object holding it.
    pub code: Arc<CodeObject>,
    index: usize,
    args: Mutex<Vec<Option<ArgValue>>>,
    /// Work-groups per GPU of a unified device for its launches (`cl_gcnsim_locality`).
    workgroup_split: Mutex<Option<Vec<u64>>>,
}
crate::cl_object!(Kernel, Kernel, CL_INVALID_KERNEL);

impl Kernel {
    /// The kernel `name` of `program`'s executable, or the spec's error.
    pub fn new(program: Arc<Program>, name: &str) -> Result<Arc<Kernel>, cl_int> {
        // CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable.
        let code = program.executable().ok_or(CL_INVALID_PROGRAM_EXECUTABLE)?;
        // CL_INVALID_KERNEL_NAME if kernel_name is not found in program.
        let index = code
            .kernels
            .iter()
            .position(|k| k.name() == name)
            .ok_or(CL_INVALID_KERNEL_NAME)?;
        Ok(Kernel::at(program, code, index))
    }

    /// Kernel number `index` of `code`, an executable of `program`.
    pub fn at(program: Arc<Program>, code: Arc<CodeObject>, index: usize) -> Arc<Kernel> {
        let explicit = code.kernels[index].explicit_args().count();
        program.count_kernel(true);
        Arc::new(Kernel {
            header: Header::new(ObjectKind::Kernel),
            program,
            code,
            index,
            args: Mutex::new(vec![None; explicit]),
            workgroup_split: Mutex::new(None),
        })
    }

    /// The loader's description of the kernel.
    pub fn loaded(&self) -> &sim_core::loader::Kernel {
        &self.code.kernels[self.index]
    }

    /// The explicit arguments, in `clSetKernelArg` index order.
    pub fn explicit_args(&self) -> Vec<&KernelArg> {
        self.loaded().explicit_args().collect()
    }

    fn args(&self) -> MutexGuard<'_, Vec<Option<ArgValue>>> {
        self.args.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new kernel object for the same kernel with the same argument values.
    pub fn duplicate(&self) -> Arc<Kernel> {
        let copy = Kernel::at(self.program.clone(), self.code.clone(), self.index);
        *copy.args() = self.arg_values();
        copy.set_workgroup_split(self.workgroup_split());
        copy
    }

    /// Sets how its launches split their work-groups over a unified device's GPUs
    /// (`None`: the default split).
    pub fn set_workgroup_split(&self, split: Option<Vec<u64>>) {
        *self
            .workgroup_split
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = split;
    }

    /// How its launches split their work-groups, if set.
    pub fn workgroup_split(&self) -> Option<Vec<u64>> {
        self.workgroup_split
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Sets explicit argument `index` (already validated against the metadata).
    pub fn set_arg(&self, index: usize, value: ArgValue) {
        self.args()[index] = Some(value);
    }

    /// The argument values, `None` for those not set yet.
    pub fn arg_values(&self) -> Vec<Option<ArgValue>> {
        self.args().clone()
    }

    /// The explicit part of a launch's kernarg segment (`kernarg_segment_size` bytes:
    /// by-value bytes and buffer addresses at their offsets, each `__local` argument's LDS
    /// offset, hidden arguments left zero for the launch), the group segment size per
    /// work-group (fixed LDS plus the `__local` arguments, each aligned to its pointee) and
    /// the buffers passed (strong references for the launch). Unset arguments, and buffers
    /// the application has destroyed since, are `CL_INVALID_KERNEL_ARGS`.
    pub fn kernargs(&self) -> Result<KernelArgs, cl_int> {
        let k = self.loaded();
        let mut bytes = vec![0u8; k.metadata.kernarg_segment_size as usize];
        let mut lds = u64::from(k.descriptor.group_segment_fixed_size);
        let mut buffers = Vec::new();
        for (arg, value) in self.explicit_args().iter().zip(self.arg_values()) {
            let field: Vec<u8> = match value.ok_or(CL_INVALID_KERNEL_ARGS)? {
                ArgValue::Bytes(b) => b,
                ArgValue::Buffer(None) => 0u64.to_le_bytes().to_vec(),
                ArgValue::Buffer(Some(weak)) => {
                    let mem = weak.upgrade().ok_or(CL_INVALID_KERNEL_ARGS)?;
                    let (buffer, offset) = mem.location();
                    let address = buffer.address() + offset;
                    buffers.push(mem);
                    address.to_le_bytes().to_vec()
                }
                ArgValue::Image(weak) => {
                    let mem = weak.upgrade().ok_or(CL_INVALID_KERNEL_ARGS)?;
                    let parts = mem.image.as_ref().ok_or(CL_INVALID_KERNEL_ARGS)?;
                    let address = parts.descriptor.address();
                    buffers.push(mem.clone());
                    address.to_le_bytes().to_vec()
                }
                ArgValue::Sampler(sampler) => sampler.descriptor.address().to_le_bytes().to_vec(),
                ArgValue::Local(size) => {
                    let start =
                        lds.next_multiple_of(u64::from(arg.pointee_align.unwrap_or(4).max(1)));
                    lds = start + size as u64;
                    (start as u32).to_le_bytes().to_vec()
                }
            };
            let at = arg.offset as usize;
            let len = field.len().min(arg.size as usize);
            bytes[at..at + len].copy_from_slice(&field[..len]);
        }
        Ok(KernelArgs {
            bytes,
            group_segment_size: lds,
            buffers,
        })
    }

    /// Local memory the kernel uses: its fixed LDS plus the `__local` arguments set so far.
    pub fn local_mem_bytes(&self) -> u64 {
        let dynamic: usize = self
            .args()
            .iter()
            .map(|a| match a {
                Some(ArgValue::Local(n)) => *n,
                _ => 0,
            })
            .sum();
        u64::from(self.loaded().descriptor.group_segment_fixed_size) + dynamic as u64
    }

    /// The largest work-group the kernel can run with on `device`: limited by the device,
    /// the kernel's compiled maximum, and the wavefronts whose registers fit on one CU.
    pub fn max_work_group_size(&self, device: &Device) -> usize {
        let gpu = &device.config;
        let k = self.loaded();
        let rsrc1 = k.descriptor.compute_pgm_rsrc1;
        let by_vgprs = gpu.vgprs_per_simd / rsrc1.allocated_vgprs().max(1);
        let by_sgprs = gpu.sgprs_per_simd / rsrc1.allocated_sgprs().max(1);
        let waves_per_simd = gpu.wavefront_slots_per_simd.min(by_vgprs).min(by_sgprs);
        let by_registers = waves_per_simd * gpu.simds_per_cu * gpu.wavefront_size;
        let compiled = k
            .metadata
            .max_flat_workgroup_size
            .unwrap_or(gpu.max_workgroup_size);
        gpu.max_workgroup_size.min(compiled).min(by_registers) as usize
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        self.program.count_kernel(false);
    }
}
