//! Events: waiting, queries, profiling, callbacks and user events.

use super::context::UserData;
use super::handle::{get, get_arc, handle_of, new_handle, reference_count, release, retain};
use super::params::{check, info, slice, write_info, write_out};
use super::CLResult;
use crate::core::context::Context;
use crate::core::event::Event;
use crate::core::host::host_clock;
use crate::core::queue::Queue;
use crate::{create_entry, entry};
use cl_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

/// An event callback as the application gave it.
pub type EventNotify = Option<extern "C" fn(cl_event, cl_int, *mut c_void)>;

/// The events of a command's wait list, checked against the queue's context.
pub fn wait_list(
    queue: &Queue,
    num_events: cl_uint,
    events: *const cl_event,
) -> CLResult<Vec<Arc<Event>>> {
    // CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list >
    // 0, or event_wait_list is not NULL and num_events_in_wait_list is 0, or if event
    // objects in event_wait_list are not valid events.
    check(
        events.is_null() != (num_events == 0),
        CL_INVALID_EVENT_WAIT_LIST,
    )?;
    let list = slice(events, num_events as usize)
        .iter()
        .map(|e| get_arc::<Event>(*e).map_err(|_| CL_INVALID_EVENT_WAIT_LIST))
        .collect::<CLResult<Vec<_>>>()?;
    // CL_INVALID_CONTEXT if context associated with command_queue and events in
    // event_wait_list are not the same.
    check(
        list.iter()
            .any(|e| !Arc::ptr_eq(&e.context, &queue.context)),
        CL_INVALID_CONTEXT,
    )?;
    Ok(list)
}

/// Hands a command's event to the application if it asked for it (`event` not NULL).
pub fn return_event(event_out: *mut cl_event, event: &Arc<Event>) {
    if !event_out.is_null() {
        write_out(event_out, new_handle(event.clone()));
    }
}

/// Waits for a blocking command's event; its failure becomes the entry point's error.
pub fn wait_blocking(event: &Event) -> CLResult<()> {
    match event.wait_as_host() {
        // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the operation is blocking and the
        // execution status of any of the events in event_wait_list is a negative integer
        // value (the command's own failure is returned as its status).
        status if status < CL_COMPLETE => Err(status),
        _ => Ok(()),
    }
}

fn event_info(event: &Event, param_name: cl_event_info) -> CLResult<Vec<u8>> {
    Ok(match param_name {
        CL_EVENT_COMMAND_QUEUE => {
            info(&event.queue.as_ref().map_or(std::ptr::null_mut(), handle_of))
        }
        CL_EVENT_CONTEXT => info(&handle_of(&event.context)),
        CL_EVENT_COMMAND_TYPE => info(&event.command_type),
        // (Answered by `clGetEventInfo` itself: a poll needs the event's Arc.)
        CL_EVENT_COMMAND_EXECUTION_STATUS => info(&event.status_seen_by_host()),
        CL_EVENT_REFERENCE_COUNT => info(&reference_count(event)),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

fn profiling_info(event: &Event, param_name: cl_profiling_info) -> CLResult<Vec<u8>> {
    // CL_PROFILING_INFO_NOT_AVAILABLE if the CL_QUEUE_PROFILING_ENABLE flag is not set for
    // the command-queue, if the execution status of the command identified by event is
    // not CL_COMPLETE or if event is a user event object.
    let profiled = event.queue.as_ref().is_some_and(|q| q.profiling());
    check(
        !profiled || event.status_seen_by_host() != CL_COMPLETE,
        CL_PROFILING_INFO_NOT_AVAILABLE,
    )?;
    let times = event.times();
    Ok(match param_name {
        CL_PROFILING_COMMAND_QUEUED => info(&times.queued),
        CL_PROFILING_COMMAND_SUBMIT => info(&times.submit),
        CL_PROFILING_COMMAND_START => info(&times.start),
        CL_PROFILING_COMMAND_END | CL_PROFILING_COMMAND_COMPLETE => info(&times.end),
        // CL_INVALID_VALUE if param_name is not valid.
        _ => return Err(CL_INVALID_VALUE),
    })
}

entry! {
    /// `clWaitForEvents`.
    fn clWaitForEvents(num_events: cl_uint, event_list: *const cl_event) {
        // CL_INVALID_VALUE if num_events is zero or event_list is NULL.
        check(num_events == 0 || event_list.is_null(), CL_INVALID_VALUE)?;
        // CL_INVALID_EVENT if event objects specified in event_list are not valid event
        // objects.
        let events = slice(event_list, num_events as usize).iter().map(|e| get_arc::<Event>(*e)).collect::<CLResult<Vec<_>>>()?;
        // CL_INVALID_CONTEXT if events specified in event_list do not belong to the same
        // context.
        check(events.iter().any(|e| !Arc::ptr_eq(&e.context, &events[0].context)), CL_INVALID_CONTEXT)?;
        // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of
        // the events in event_list is a negative integer value.
        let statuses: Vec<i32> = events.iter().map(|e| e.wait_as_host()).collect();
        let failed = statuses.iter().any(|status| *status < CL_COMPLETE);
        check(failed, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    }

    /// `clGetEventInfo`.
    fn clGetEventInfo(
        event: cl_event,
        param_name: cl_event_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_EVENT if event is a not a valid event object.
        let event_ref = get::<Event>(event)?;
        let answer = if param_name == CL_EVENT_COMMAND_EXECUTION_STATUS {
            Ok(info(&get_arc::<Event>(event)?.status_polled_by_host()))
        } else {
            event_info(event_ref, param_name)
        };
        write_info(answer, param_value_size, param_value, param_value_size_ret)
    }

    /// `clGetEventProfilingInfo`.
    fn clGetEventProfilingInfo(
        event: cl_event,
        param_name: cl_profiling_info,
        param_value_size: usize,
        param_value: *mut c_void,
        param_value_size_ret: *mut usize,
    ) {
        // CL_INVALID_EVENT if event is a not a valid event object.
        let event = get::<Event>(event)?;
        write_info(profiling_info(event, param_name), param_value_size, param_value, param_value_size_ret)
    }

    /// `clRetainEvent`.
    fn clRetainEvent(event: cl_event) {
        // CL_INVALID_EVENT if event is not a valid event object.
        retain::<Event>(event)
    }

    /// `clReleaseEvent`.
    fn clReleaseEvent(event: cl_event) {
        // CL_INVALID_EVENT if event is not a valid event object.
        release::<Event>(event)
    }

    /// `clSetEventCallback`.
    fn clSetEventCallback(event: cl_event, command_exec_callback_type: cl_int, pfn_notify: EventNotify, user_data: *mut c_void) {
        // CL_INVALID_EVENT if event is not a valid event object. (A strong reference: a
        // callback run at once may release the application's last one.)
        let event_ref = get_arc::<Event>(event)?;
        // CL_INVALID_VALUE if pfn_event_notify is NULL or if command_exec_callback_type is
        // not CL_SUBMITTED, CL_RUNNING or CL_COMPLETE.
        let f = pfn_notify.ok_or(CL_INVALID_VALUE)?;
        check(![CL_SUBMITTED, CL_RUNNING, CL_COMPLETE].contains(&command_exec_callback_type), CL_INVALID_VALUE)?;
        let data = UserData(user_data);
        event_ref.on_status(command_exec_callback_type, Box::new(move |e: &Event, status| {
            let data = data;
            f(e as *const Event as cl_event, status, data.0)
        }));
        Ok(())
    }

    /// `clSetUserEventStatus`.
    fn clSetUserEventStatus(event: cl_event, execution_status: cl_int) {
        // CL_INVALID_EVENT if event is not a valid user event object. (A strong reference:
        // a callback may release the application's last one while the status is set.)
        let event = get_arc::<Event>(event)?;
        check(event.queue.is_some(), CL_INVALID_EVENT)?;
        crate::core::event::end_host_poll();
        // CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative
        // integer value.
        check(execution_status > CL_COMPLETE, CL_INVALID_VALUE)?;
        // CL_INVALID_OPERATION if the execution_status for event has already been changed
        // by a previous call to clSetUserEventStatus.
        // (It completes or fails at the host's simulated time: commands waiting for it
        // start no earlier.)
        check(!event.set_status(execution_status, host_clock().now_ns()), CL_INVALID_OPERATION)
    }
}

create_entry! {
    /// `clCreateUserEvent`.
    fn clCreateUserEvent(context: cl_context; errcode_ret) -> cl_event {
        // CL_INVALID_CONTEXT if context is not a valid context.
        let context = get_arc::<Context>(context)?;
        Ok(new_handle(Event::user(context)))
    }
}
