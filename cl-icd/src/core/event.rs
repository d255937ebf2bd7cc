//! Events: the execution status of a command (or a user event), its simulated profiling
//! times, and the callbacks waiting for a status.

use super::context::Context;
use super::host::{host_clock, register_host_thread};
use super::platform::Platform;
use super::queue::Queue;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::{CL_COMPLETE, CL_QUEUED, CL_RUNNING, CL_SUBMITTED};
use sim_core::platform::Timeline;
use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

thread_local! {
    /// The command this host thread polled last and found unfinished, on the shared
    /// timeline.
    static POLLED: RefCell<Option<Arc<Event>>> = const { RefCell::new(None) };
}

/// The host thread acts again after polling a command that had not ended: it no longer
/// counts as blocked on it (unless the command has ended since, which already counted
/// it as acting again).
pub fn end_host_poll() {
    let Ok(Some(event)) = POLLED.try_with(|polled| polled.borrow_mut().take()) else {
        return;
    };
    let mut state = event.state();
    if state.status > CL_COMPLETE && state.polling_hosts > 0 {
        state.polling_hosts -= 1;
        if let Some(timeline) = Platform::timeline() {
            timeline.wake(1, &[], 0);
        }
    }
}

/// A function called when an event reaches a status: gets the event and the status.
pub type EventCallback = Box<dyn FnOnce(&Event, i32) + Send>;

/// Simulated timestamps (ns) of a command: queued, submitted, started, ended.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct ProfilingTimes {
    /// When the command was enqueued.
    pub queued: u64,
    /// When the command was submitted to the device.
    pub submit: u64,
    /// When the command started running.
    pub start: u64,
    /// When the command ended.
    pub end: u64,
}

struct EventState {
    status: i32,
    times: ProfilingTimes,
    callbacks: Vec<(i32, EventCallback)>,
    /// On the shared timeline: host threads and queues (by number) blocked on the event,
    /// and host threads that polled it last (see [`Event::status_polled_by_host`]).
    sleeping_hosts: usize,
    sleeping_queues: Vec<u64>,
    polling_hosts: usize,
}

/// An OpenCL event.
#[repr(C)]
pub struct Event {
    header: Header,
    /// The context of the event.
    pub context: Arc<Context>,
    /// The queue of the command (None for user events).
    pub queue: Option<Arc<Queue>>,
    /// The `CL_COMMAND_*` type.
    pub command_type: u32,
    state: Mutex<EventState>,
    changed: Condvar,
}
crate::cl_object!(Event, Event, CL_INVALID_EVENT);

impl Event {
    fn new(
        context: Arc<Context>,
        queue: Option<Arc<Queue>>,
        command_type: u32,
        status: i32,
        now: u64,
    ) -> Arc<Event> {
        let times = ProfilingTimes {
            queued: now,
            submit: now,
            ..Default::default()
        };
        Arc::new(Event {
            header: Header::new(ObjectKind::Event),
            context,
            queue,
            command_type,
            state: Mutex::new(EventState {
                status,
                times,
                callbacks: Vec::new(),
                sleeping_hosts: 0,
                sleeping_queues: Vec::new(),
                polling_hosts: 0,
            }),
            changed: Condvar::new(),
        })
    }

    /// The event of a command of `command_type` enqueued on `queue` at the host's
    /// simulated time `queued_ns`.
    pub fn for_command(queue: &Arc<Queue>, command_type: u32, queued_ns: u64) -> Arc<Event> {
        Event::new(
            queue.context.clone(),
            Some(queue.clone()),
            command_type,
            CL_QUEUED,
            queued_ns,
        )
    }

    /// A user event of `context` (status `CL_SUBMITTED` until the application sets it).
    pub fn user(context: Arc<Context>) -> Arc<Event> {
        Event::new(context, None, cl_sys::CL_COMMAND_USER, CL_SUBMITTED, 0)
    }

    fn state(&self) -> MutexGuard<'_, EventState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The profiling times recorded so far.
    pub fn times(&self) -> ProfilingTimes {
        self.state().times
    }

    /// Moves the event to `status` (only forward: never back, never after completion),
    /// records the time `now_ns` for it, wakes the waiters and runs the callbacks that
    /// became due, outside the lock. Returns whether the status changed.
    pub fn set_status(&self, status: i32, now_ns: u64) -> bool {
        let due = {
            let mut state = self.state();
            if state.status <= CL_COMPLETE || status >= state.status {
                return false;
            }
            state.status = status;
            match status {
                CL_SUBMITTED => state.times.submit = now_ns,
                CL_RUNNING => state.times.start = now_ns,
                _ => state.times.end = now_ns,
            }
            let (due, pending) = std::mem::take(&mut state.callbacks)
                .into_iter()
                .partition(|(trigger, _)| status <= *trigger);
            state.callbacks = pending;
            if status <= CL_COMPLETE {
                // Whoever sleeps on the event can act again: the shared timeline learns it
                // before any of them sees the event ended (and before its completer goes
                // on), with the host's clock at the event's end.
                let hosts = std::mem::take(&mut state.sleeping_hosts);
                let queues = std::mem::take(&mut state.sleeping_queues);
                let pollers = std::mem::take(&mut state.polling_hosts);
                if let Some(timeline) = Platform::timeline() {
                    if hosts > 0 {
                        host_clock().observe(now_ns);
                    }
                    let hosts = hosts + pollers;
                    if hosts > 0 || !queues.is_empty() {
                        timeline.wake(hosts, &queues, now_ns);
                    }
                }
            }
            due
        };
        self.changed.notify_all();
        // Called in registration order, outside the lock.
        for (_, callback) in due {
            callback(self, status);
        }
        true
    }

    /// Calls `callback` when the status reaches `trigger` (`CL_SUBMITTED`, `CL_RUNNING` or
    /// `CL_COMPLETE`) or an error; at once if it already has.
    pub fn on_status(&self, trigger: i32, callback: EventCallback) {
        let status = {
            let mut state = self.state();
            if state.status > trigger {
                state.callbacks.push((trigger, callback));
                return;
            }
            state.status
        };
        callback(self, status);
    }

    /// The execution status (`CL_QUEUED`, `CL_SUBMITTED`, `CL_RUNNING`, `CL_COMPLETE` or a
    /// negative error) as the host program sees it: once the command has finished, the
    /// host's simulated clock moves to its end (a program that polls knows it ended).
    pub fn status_seen_by_host(&self) -> i32 {
        let (status, end) = {
            let state = self.state();
            (state.status, state.times.end)
        };
        if status <= CL_COMPLETE {
            host_clock().observe(end);
        }
        status
    }

    /// The execution status a program asks for (`CL_EVENT_COMMAND_EXECUTION_STATUS`), as
    /// [`status_seen_by_host`](Self::status_seen_by_host). On the shared timeline a
    /// program that polls a command that has not ended counts as blocked on it until its
    /// next poll, enqueue, wait or user event (see [`end_host_poll`]): its clock stands
    /// still while it polls, so as a source it would hold the engine before the
    /// command's end forever (see `Timeline`).
    pub fn status_polled_by_host(self: &Arc<Self>) -> i32 {
        end_host_poll();
        let status = self.status_seen_by_host();
        let Some(timeline) = Platform::timeline().filter(|_| self.queue.is_some()) else {
            return status;
        };
        let mut state = self.state();
        if state.status > CL_COMPLETE {
            state.polling_hosts += 1;
            timeline.host_blocks();
            drop(state);
            POLLED.with(|polled| *polled.borrow_mut() = Some(self.clone()));
        }
        status
    }

    /// Blocks until the event is complete or failed, as the host program does when it
    /// waits: the host's simulated clock moves to the command's end. Returns the final
    /// status.
    pub fn wait_as_host(&self) -> i32 {
        end_host_poll();
        register_host_thread();
        let status = self.sleep(|state, timeline| {
            state.sleeping_hosts += 1;
            timeline.host_blocks();
        });
        host_clock().observe(self.times().end);
        status
    }

    /// Blocks the thread of queue number `queue` until the event is complete or failed
    /// (without moving the host's clock); returns the final status.
    pub fn wait_for_queue(&self, queue: u64) -> i32 {
        self.sleep(|state, timeline| {
            state.sleeping_queues.push(queue);
            timeline.queue_blocks(queue);
        })
    }

    /// Blocks until the event is complete or failed; first, if it is not and the GPUs
    /// share a timeline, `asleep` tells the timeline who sleeps. Returns the final status.
    fn sleep(&self, asleep: impl FnOnce(&mut EventState, &Timeline)) -> i32 {
        let mut state = self.state();
        if state.status > CL_COMPLETE {
            if let Some(timeline) = Platform::timeline() {
                asleep(&mut state, timeline);
            }
        }
        while state.status > CL_COMPLETE {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.status
    }
}
