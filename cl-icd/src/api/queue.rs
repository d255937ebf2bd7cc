//! Command queues, flush/finish, markers and barriers.

use super::consts::CL_QUEUE_PROPERTIES_ARRAY;
use super::event::{return_event, wait_list};
use super::handle::{get, get_arc, handle_of, new_handle, reference_count, release, retain};
use super::params::{check, info, properties, slice, write_info};
use super::CLResult;
use crate::core::context::Context;
use crate::core::device::Device;
use crate::core::event::Event;
use crate::core::queue::{Queue, Work};
use crate::{create_entry, entry};
use cl_sys::*;
use sim_core::driver::Buffer;
use std::ffi::c_void;
use std::sync::Arc;

/// Enqueues `work` as a command of `command_type` on `queue` after `wait_for`; waits for
/// it if `blocking`; hands its event to the application through `event_out`.
pub fn enqueue(
    queue: &Arc<Queue>,
    command_type: cl_command_type,
    wait_for: Vec<Arc<Event>>,
    blocking: bool,
    event_out: *mut cl_event,
    work: Work,
) -> CLResult<()> {
    enqueue_using(
        queue,
        command_type,
        wait_for,
        Vec::new(),
        blocking,
        event_out,
        work,
    )
}

/// [`enqueue`] for a command that uses the memory objects `uses` on the queue's GPU:
/// their buffers move there (in simulated time) before it starts.
pub fn enqueue_using(
    queue: &Arc<Queue>,
    command_type: cl_command_type,
    wait_for: Vec<Arc<Event>>,
    uses: Vec<Arc<Buffer>>,
    blocking: bool,
    event_out: *mut cl_event,
    work: Work,
) -> CLResult<()> {
    let event = queue.enqueue(command_type, wait_for, uses, work);
    return_event(event_out, &event);
    if blocking {
        super::event::wait_blocking(&event)?;
    }
    Ok(())
}

fn create_queue(
    context: cl_context,
    device: cl_device_id,
    properties: u64,
    property_list: Vec<u64>,
) -> CLResult<cl_command_queue> {
    // CL_INVALID_CONTEXT if context is not a valid context.
    let context = get_arc::<Context>(context)?;
    // CL_INVALID_DEVICE if device is not a valid device or is not associated with context.
    let device = get_arc::<Device>(device)?;
    check(!context.has_device(&device), CL_INVALID_DEVICE)?;
    // CL_INVALID_VALUE if values specified in properties are not valid.
    let host_queue = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    check(
        properties & !(host_queue | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT) != 0,
        CL_INVALID_VALUE,
    )?;
    // CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
    // supported by the device (on-device queues).
    check(properties & !host_queue != 0, CL_INVALID_QUEUE_PROPERTIES)?;
    Ok(new_handle(Queue::new(
        context,
        device,
        properties,
        property_list,
    )?))
}

fn queue_info(queue: &Queue, param_name: cl_command_queue_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_QUEUE_CONTEXT => info(&handle_of(&queue.context)),
        CL_QUEUE_DEVICE => info(&handle_of(&queue.device)),
        CL_QUEUE_REFERENCE_COUNT => info(&reference_count(queue)),
        CL_QUEUE_PROPERTIES => info(&queue.properties),
        CL_QUEUE_PROPERTIES_ARRAY => info(&queue.property_list),
        // No on-device queues, so no default one.
        CL_QUEUE_DEVICE_DEFAULT => info(&std::ptr::null_mut::<std::ffi::c_void>()),
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue for
        // param_name (CL_QUEUE_SIZE is for on-device queues).
        CL_QUEUE_SIZE => return Err(CL_INVALID_COMMAND_QUEUE),
        // CL_INVALID_VALUE if param_name is not one of the supported values.
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// A command that only orders others (markers, barriers, empty NDRanges): no device work.
pub(super) fn no_work() -> Work {
    Box::new(|_| Ok(0))
}

/// The shared body of `clEnqueueMarkerWithWaitList` and `clEnqueueBarrierWithWaitList`:
/// commands run in submission order, so either completes after all earlier commands and
/// its wait list, and later commands start after it.
fn enqueue_synchronization(
    command_type: cl_command_type,
    command_queue: cl_command_queue,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> CLResult<()> {
    // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.
    let queue = get_arc::<Queue>(command_queue)?;
    let wait_for = wait_list(&queue, num_events_in_wait_list, event_wait_list)?;
    enqueue(&queue, command_type, wait_for, false, event, no_work())
}

create_entry! {
    /// `clCreateCommandQueue`.
    fn clCreateCommandQueue(
        context: cl_context,
        device: cl_device_id,
        properties: cl_command_queue_properties;
        errcode_ret
    ) -> cl_command_queue {
        create_queue(context, device, properties, Vec::new())
    }

    /// `clCreateCommandQueueWithProperties` (OpenCL 2.0; used by programs built with 2.0
    /// headers).
    fn clCreateCommandQueueWithProperties(
        context: cl_context,
        device: cl_device_id,
        properties: *const cl_queue_properties;
        errcode_ret
    ) -> cl_command_queue {
        let pairs = properties_list(properties)?;
        let bits = pairs.iter().find(|(n, _)| *n == u64::from(CL_QUEUE_PROPERTIES)).map_or(0, |(_, v)| *v);
        let mut list: Vec<u64> = pairs.iter().flat_map(|(n, v)| [*n, *v]).collect();
        if !properties.is_null() {
            list.push(0);
        }
        create_queue(context, device, bits, list)
    }
}

/// Checks the property list of `clCreateCommandQueueWithProperties`.
fn properties_list(list: *const cl_queue_properties) -> CLResult<Vec<(u64, u64)>> {
    let pairs = properties(list);
    for (i, (name, _)) in pairs.iter().enumerate() {
        match *name as u32 {
            CL_QUEUE_PROPERTIES => {}
            // CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but
            // are not supported by the device (CL_QUEUE_SIZE is for on-device queues).
            CL_QUEUE_SIZE => return Err(CL_INVALID_QUEUE_PROPERTIES),
            // CL_INVALID_VALUE if values specified in properties are not valid.
            _ => return Err(CL_INVALID_VALUE),
        }
        check(pairs[..i].iter().any(|(n, _)| n == name), CL_INVALID_VALUE)?;
    }
    Ok(pairs)
}

entry! {
    /// `clRetainCommandQueue`.
    fn clRetainCommandQueue(command_queue: cl_command_queue) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        retain::<Queue>(command_queue)
    }

    /// `clReleaseCommandQueue`: commands already enqueued still run (the queue is flushed).
    fn clReleaseCommandQueue(command_queue: cl_command_queue) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        release::<Queue>(command_queue)
    }

    /// `clGetCommandQueueInfo`.
    fn clGetCommandQueueInfo(
        command_queue: cl_command_queue,
        param_name: cl_command_queue_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        let queue = get::<Queue>(command_queue)?;
        write_info(queue_info(queue, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clFlush`: commands are submitted when enqueued, so there is nothing left to do.
    fn clFlush(command_queue: cl_command_queue) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.
        get::<Queue>(command_queue).map(|_| ())
    }

    /// `clFinish`.
    fn clFinish(command_queue: cl_command_queue) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.
        get::<Queue>(command_queue)?.finish();
        Ok(())
    }

    /// `clEnqueueMarker` (1.1): an event that completes after all earlier commands.
    fn clEnqueueMarker(command_queue: cl_command_queue, event: *mut cl_event) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        let queue = get_arc::<Queue>(command_queue)?;
        // CL_INVALID_VALUE if event is a NULL value.
        check(event.is_null(), CL_INVALID_VALUE)?;
        enqueue(&queue, CL_COMMAND_MARKER, Vec::new(), false, event, no_work())
    }

    /// `clEnqueueMarkerWithWaitList`.
    fn clEnqueueMarkerWithWaitList(
        command_queue: cl_command_queue,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_synchronization(CL_COMMAND_MARKER, command_queue, num_events_in_wait_list, event_wait_list, event)
    }

    /// `clEnqueueBarrierWithWaitList`.
    fn clEnqueueBarrierWithWaitList(
        command_queue: cl_command_queue,
        num_events_in_wait_list: cl_uint,
        event_wait_list: *const cl_event,
        event: *mut cl_event,
    ) {
        enqueue_synchronization(CL_COMMAND_BARRIER, command_queue, num_events_in_wait_list, event_wait_list, event)
    }

    /// `clEnqueueBarrier` (1.1).
    fn clEnqueueBarrier(command_queue: cl_command_queue) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        let queue = get_arc::<Queue>(command_queue)?;
        enqueue(&queue, CL_COMMAND_BARRIER, Vec::new(), false, std::ptr::null_mut(), no_work())
    }

    /// `clEnqueueWaitForEvents` (1.1): later commands wait for `event_list`.
    fn clEnqueueWaitForEvents(command_queue: cl_command_queue, num_events: cl_uint, event_list: *const cl_event) {
        // CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
        let queue = get_arc::<Queue>(command_queue)?;
        // CL_INVALID_VALUE if num_events is zero or event_list is NULL.
        check(num_events == 0 || event_list.is_null(), CL_INVALID_VALUE)?;
        // CL_INVALID_EVENT if event objects specified in event_list are not valid events.
        let events = slice(event_list, num_events as usize).iter().map(|e| get_arc::<Event>(*e)).collect::<CLResult<Vec<_>>>()?;
        // CL_INVALID_CONTEXT if the context associated with command_queue and events in
        // event_list are not the same.
        check(events.iter().any(|e| !Arc::ptr_eq(&e.context, &queue.context)), CL_INVALID_CONTEXT)?;
        enqueue(&queue, CL_COMMAND_BARRIER, events, false, std::ptr::null_mut(), no_work())
    }
}
