//! Kernel launches (`clEnqueueNDRangeKernel`, `clEnqueueTask`): the NDRange checked as the
//! spec says, then a command that runs the kernel on the queue's simulated GPU.

use super::handle::get;
use super::memory::mirror_to_host;
use super::params::{check, slice};
use super::queue::{enqueue, enqueue_using, no_work};
use super::CLResult;
use crate::core::kernel::{Kernel, KernelArgs};
use crate::core::platform::Platform;
use crate::core::queue::Queue;
use crate::entry;
use cl_sys::*;
use sim_core::config::Mode;
use sim_core::driver::Buffer;
use sim_core::gpu::LaunchError;
use sim_core::metrics::{process_cpu_time, summary_line, KernelLaunchRecord};
use sim_core::platform::{Dispatch, KernelError, NdRange};
use std::sync::Arc;
use std::time::Instant;

/// Largest work-group edge the runtime picks per dimension when the application passes no
/// local size: 256 in 1-D, 16 × 16 in 2-D, 8 × 8 × 4 in 3-D (as AMD's runtime does).
const DEFAULT_LOCAL_EDGES: [[u64; 3]; 3] = [[256, 1, 1], [16, 16, 1], [8, 8, 4]];

/// The NDRange of a launch, checked as `clEnqueueNDRangeKernel` specifies;
/// `non_uniform` says whether the kernel's program allows non-uniform work-groups.
fn nd_range(
    kernel: &Kernel,
    queue: &Queue,
    non_uniform: bool,
    work_dim: cl_uint,
    global_work_offset: *const usize,
    global_work_size: *const usize,
    local_work_size: *const usize,
) -> CLResult<NdRange> {
    // CL_INVALID_WORK_DIMENSION if work_dim is not a valid value (i.e. a value between 1
    // and 3).
    check(!(1..=3).contains(&work_dim), CL_INVALID_WORK_DIMENSION)?;
    let dims = work_dim as usize;
    // CL_INVALID_GLOBAL_WORK_SIZE if global_work_size is NULL or if any of the values
    // specified in global_work_size[0], … global_work_size[work_dim – 1] exceed the
    // maximum value representable by size_t on the device associated with
    // command_queue (the dispatch packet holds 32-bit sizes). (Sizes of 0 are valid
    // since OpenCL 2.1: the command does nothing.)
    let global = slice(global_work_size, dims);
    check(global.len() != dims, CL_INVALID_GLOBAL_WORK_SIZE)?;
    check(
        global.iter().any(|&g| g as u64 > u64::from(u32::MAX)),
        CL_INVALID_GLOBAL_WORK_SIZE,
    )?;
    let offset = slice(global_work_offset, dims);
    // CL_INVALID_GLOBAL_OFFSET if the value specified in global_work_size + the
    // corresponding values in global_work_offset for any dimensions is greater than the
    // sizeof(size_t) for the device on which the kernel execution will be enqueued.
    check(
        offset
            .iter()
            .zip(global)
            .any(|(&o, &g)| (o as u64).checked_add(g as u64).is_none()),
        CL_INVALID_GLOBAL_OFFSET,
    )?;
    let max_group = kernel.max_work_group_size(&queue.device) as u64;
    let required = kernel.loaded().metadata.reqd_workgroup_size;
    let local: Vec<u64> = match slice(local_work_size, dims) {
        [] => {
            // CL_INVALID_WORK_GROUP_SIZE if local_work_size is NULL and the
            // __attribute__((reqd_work_group_size(X, Y, Z))) qualifier is used to declare
            // the work-group size for kernel in the program source.
            check(required.is_some(), CL_INVALID_WORK_GROUP_SIZE)?;
            default_local_size(global, max_group, non_uniform)
        }
        local => {
            let local: Vec<u64> = local.iter().map(|&l| l as u64).collect();
            // (A work-group of 0 work-items in a dimension divides no global size.)
            check(local.contains(&0), CL_INVALID_WORK_GROUP_SIZE)?;
            // CL_INVALID_WORK_GROUP_SIZE if the work-group size must be uniform and the
            // local_work_size is not NULL, [...] or the global_work_size is not evenly
            // divisible by the local_work_size. (It must be uniform unless the program is
            // OpenCL C 2.0 or later, compiled without -cl-uniform-work-group-size.)
            check(
                !non_uniform
                    && local
                        .iter()
                        .zip(global)
                        .any(|(&l, &g)| !(g as u64).is_multiple_of(l)),
                CL_INVALID_WORK_GROUP_SIZE,
            )?;
            // CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and does not
            // match the work-group size specified for kernel using the
            // __attribute__((reqd_work_group_size(X, Y, Z))) qualifier in program source.
            if let Some(required) = required {
                check(
                    (0..3).any(|d| u64::from(required[d]) != local.get(d).copied().unwrap_or(1)),
                    CL_INVALID_WORK_GROUP_SIZE,
                )?;
            }
            // CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and the total
            // number of work-items in the work-group computed as local_work_size[0] * …
            // local_work_size[work_dim – 1] is greater than the value specified by
            // CL_DEVICE_MAX_WORK_GROUP_SIZE (or the kernel's CL_KERNEL_WORK_GROUP_SIZE).
            check(
                local.iter().product::<u64>() > max_group,
                CL_INVALID_WORK_GROUP_SIZE,
            )?;
            // CL_INVALID_WORK_ITEM_SIZE if the number of work-items specified in any of
            // local_work_size[0], … local_work_size[work_dim – 1] is greater than the
            // corresponding values specified by CL_DEVICE_MAX_WORK_ITEM_SIZES[0], ….
            check(
                local
                    .iter()
                    .any(|&l| l > u64::from(queue.device.config.max_workgroup_size)),
                CL_INVALID_WORK_ITEM_SIZE,
            )?;
            local
        }
    };
    Ok(NdRange {
        dimensions: work_dim,
        global_offset: std::array::from_fn(|d| offset.get(d).map_or(0, |&o| o as u64)),
        global_size: std::array::from_fn(|d| global.get(d).map_or(1, |&g| g as u32)),
        local_size: std::array::from_fn(|d| local.get(d).map_or(1, |&l| l as u32)),
    })
}

/// The work-group size a runtime picks when the application leaves it open: per
/// dimension the default edge (at most the global size) if work-groups may be
/// non-uniform, else the largest divisor of the global size within it, with the
/// work-group no larger than the kernel allows.
fn default_local_size(global: &[usize], max_group: u64, non_uniform: bool) -> Vec<u64> {
    let edges = DEFAULT_LOCAL_EDGES[global.len() - 1];
    let mut budget = max_group.max(1);
    global
        .iter()
        .enumerate()
        .map(|(d, &g)| {
            let cap = edges[d].min(budget).min(g as u64);
            let l = (1..=cap)
                .rev()
                .find(|l| non_uniform || (g as u64).is_multiple_of(*l))
                .unwrap_or(1);
            budget /= l;
            l
        })
        .collect()
}

/// The OpenCL status a failed kernel command ends with.
fn launch_status(error: &KernelError) -> cl_int {
    match error {
        KernelError::Setup(_) => CL_MEM_OBJECT_ALLOCATION_FAILURE,
        KernelError::NoSuchKernel(_) => CL_INVALID_KERNEL,
        KernelError::Launch {
            error: LaunchError::WorkGroupDoesNotFit { .. } | LaunchError::WorkGroupTooLarge { .. },
            ..
        } => CL_OUT_OF_RESOURCES,
        // A fault or hang in the kernel: the command fails as on a GPU that aborts the
        // dispatch.
        KernelError::Launch { .. } => CL_OUT_OF_RESOURCES,
    }
}

/// Checks a launch and enqueues the command that runs it.
#[allow(clippy::too_many_arguments)]
fn launch(
    command_queue: cl_command_queue,
    kernel: cl_kernel,
    work_dim: cl_uint,
    global_work_offset: *const usize,
    global_work_size: *const usize,
    local_work_size: *const usize,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> CLResult<()> {
    // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
    let queue = super::handle::get_arc::<Queue>(command_queue)?;
    // CL_INVALID_KERNEL if kernel is not a valid kernel object.
    let kernel = get::<Kernel>(kernel)?;
    // CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the
    // same.
    check(
        !Arc::ptr_eq(&queue.context, &kernel.program.context),
        CL_INVALID_CONTEXT,
    )?;
    // CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built program executable
    // available for device associated with command_queue.
    let index = kernel
        .program
        .device_index(&queue.device)
        .ok_or(CL_INVALID_PROGRAM_EXECUTABLE)?;
    let build = kernel.program.build_of(index);
    let program = build
        .device_program()
        .cloned()
        .ok_or(CL_INVALID_PROGRAM_EXECUTABLE)?;
    let non_uniform = build
        .binary
        .as_ref()
        .is_some_and(|b| b.non_uniform_work_groups);
    let range = nd_range(
        kernel,
        &queue,
        non_uniform,
        work_dim,
        global_work_offset,
        global_work_size,
        local_work_size,
    )?;
    // CL_INVALID_KERNEL_ARGS if the kernel argument values have not been specified.
    // (Also for a buffer argument the application has released since: gcnsim's kernels do
    // not keep their buffers alive.)
    let KernelArgs {
        bytes: kernarg,
        group_segment_size,
        buffers: memory,
    } = kernel.kernargs()?;
    // CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel
    // on the command-queue because of insufficient resources needed to execute the kernel
    // (here: more local memory than a compute unit has).
    check(
        group_segment_size > queue.device.config.lds_bytes,
        CL_OUT_OF_RESOURCES,
    )?;
    let wait_for = super::event::wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
    // If global_work_size[i] is 0, the kernel command will trivially succeed after its
    // event dependencies are satisfied and subsequently update its completion event.
    if range.global_size.contains(&0) {
        return enqueue(
            &queue,
            CL_COMMAND_NDRANGE_KERNEL,
            wait_for,
            false,
            event,
            no_work(),
        );
    }
    let name = kernel.loaded().name().to_string();
    let workgroup_split = kernel.workgroup_split();
    let (device, queue_index) = (queue.device.clone(), queue.index);
    // The host clock's time now is this launch's QUEUED time (see `enqueue`).
    let queued_ns = crate::core::host::host_clock().now_ns();
    let buffers: Vec<Arc<Buffer>> = memory.iter().map(|m| m.device_buffer()).collect();
    let uses = buffers.clone();
    let work = Box::new(move |gpu: usize| -> Result<u64, cl_int> {
        let simulator = Platform::get()
            .simulator
            .as_ref()
            .ok_or(CL_DEVICE_NOT_AVAILABLE)?;
        let start_ns = device.now_ns();
        let dispatch = Dispatch {
            program: &program,
            kernel: &name,
            explicit_kernarg: &kernarg,
            group_segment_size: group_segment_size as u32,
            range,
            buffers: &buffers,
            queued_ns,
            start_ns,
            workgroup_split: workgroup_split.as_deref(),
            queue: queue_index,
        };
        let completion_ns = device.launch.cp_completion_ns;
        let (wall, cpu) = (Instant::now(), process_cpu_time());
        let report = simulator.run_kernel(gpu, &dispatch).map_err(|e| {
            simulator.print_message(&format!("gcnsim: {e}"));
            launch_status(&e)
        })?;
        let (wall, cpu) = (wall.elapsed(), process_cpu_time().saturating_sub(cpu));
        simulator.metrics().record_kernel(KernelLaunchRecord {
            kernel: &name,
            gpu,
            queue: queue_index,
            start_ns,
            clock_mhz: device.config.clock_mhz,
            report: &report,
            completion_ns,
        });
        if simulator.settings().summary {
            let simulated = report.end_ns - report.start_ns;
            let instructions = report.instructions.total();
            let mode = simulator.settings().mode;
            simulator.print_message(&summary_line(
                &name,
                gpu,
                mode,
                simulated,
                instructions,
                (wall, cpu),
                (mode == Mode::Timing).then_some(&report.engine),
            ));
        }
        for mem in memory.iter().filter(|m| m.flags & CL_MEM_READ_ONLY == 0) {
            mirror_to_host(mem, gpu, 0, mem.size)?;
        }
        // printf output appears on the host's stdout once the kernel has completed.
        super::stdout::print_kernel_output(&report.printf_output);
        // The kernel ends when the command processor has also done its work after the last
        // work-group.
        Ok(report.end_ns - report.start_ns + completion_ns)
    });
    enqueue_using(
        &queue,
        CL_COMMAND_NDRANGE_KERNEL,
        wait_for,
        uses,
        false,
        event,
        work,
    )
}

entry! {
    /// `clEnqueueNDRangeKernel`.
    fn clEnqueueNDRangeKernel(command_queue: cl_command_queue, kernel: cl_kernel, work_dim: cl_uint, global_work_offset: *const usize, global_work_size: *const usize, local_work_size: *const usize, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        launch(command_queue, kernel, work_dim, global_work_offset, global_work_size, local_work_size, num_events_in_wait_list, event_wait_list, event)
    }

    /// `clEnqueueTask`: a launch of one work-item in one work-group.
    fn clEnqueueTask(command_queue: cl_command_queue, kernel: cl_kernel, num_events_in_wait_list: cl_uint, event_wait_list: *const cl_event, event: *mut cl_event) {
        let one = [1usize];
        launch(command_queue, kernel, 1, std::ptr::null(), one.as_ptr(), one.as_ptr(), num_events_in_wait_list, event_wait_list, event)
    }
}
