//! Command queues: each has a worker thread that runs its commands in submission order
//! as soon as their wait lists are satisfied, so commands progress without `clFinish`.

use super::context::Context;
use super::device::Device;
use super::event::Event;
use super::host::{host_clock, mark_queue_thread, register_host_thread};
use super::memory::driver_error;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::{
    CL_COMPLETE, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, CL_OUT_OF_RESOURCES, CL_RUNNING,
    CL_SUBMITTED,
};
use sim_core::driver::Buffer;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// Queues created so far in this process (their numbers in the trace).
static QUEUES_CREATED: AtomicU64 = AtomicU64::new(0);

/// What a command does on the device: gets the GPU index, returns the simulated
/// duration in nanoseconds (from its START to its END) or an OpenCL error.
pub type Work = Box<dyn FnOnce(usize) -> Result<u64, i32> + Send>;

/// One enqueued command: its event, the events it waits for, the buffers it uses and
/// its work; on the shared timeline a kernel's dispatch, sent at its SUBMIT (its ticket).
struct Command {
    event: Arc<Event>,
    wait_for: Vec<Arc<Event>>,
    uses: Vec<Arc<Buffer>>,
    work: Work,
    dispatch: Option<u64>,
}

struct Submission {
    sender: Sender<Command>,
    /// The command enqueued last, while anyone holds its event.
    last: Weak<Event>,
    /// The END of the command the queue's thread ran last, noted before the thread lets
    /// go of its event.
    ended_ns: u64,
}

/// An OpenCL command queue.
#[repr(C)]
pub struct Queue {
    header: Header,
    /// The context.
    pub context: Arc<Context>,
    /// The device the commands run on.
    pub device: Arc<Device>,
    /// The `CL_QUEUE_*` property bits.
    pub properties: u64,
    /// The property list given to `clCreateCommandQueueWithProperties`, with terminator.
    pub property_list: Vec<u64>,
    /// The queue's number in creation order (names its row in the trace).
    pub index: u64,
    submission: Mutex<Submission>,
}
crate::cl_object!(Queue, Queue, CL_INVALID_COMMAND_QUEUE);

impl Queue {
    /// A queue on `device` of `context` with its worker thread.
    pub fn new(
        context: Arc<Context>,
        device: Arc<Device>,
        properties: u64,
        property_list: Vec<u64>,
    ) -> Result<Arc<Queue>, i32> {
        let (sender, receiver) = channel();
        std::thread::Builder::new()
            .name(format!("gcnsim-queue-gpu{}", device.gpu))
            .spawn(move || run(receiver))
            .map_err(|_| CL_OUT_OF_RESOURCES)?;
        Ok(Arc::new(Queue {
            header: Header::new(ObjectKind::Queue),
            context,
            device,
            properties,
            property_list,
            index: QUEUES_CREATED.fetch_add(1, Ordering::Relaxed),
            submission: Mutex::new(Submission {
                sender,
                last: Weak::new(),
                ended_ns: 0,
            }),
        }))
    }

    /// Whether the queue records profiling information.
    pub fn profiling(&self) -> bool {
        self.properties & cl_sys::CL_QUEUE_PROFILING_ENABLE != 0
    }

    /// Enqueues a command of `command_type` that runs `work` after `wait_for` completed
    /// (and after every command enqueued before it); returns its event. The buffers in
    /// `uses` are moved to the queue's GPU first, if they live on another (the command
    /// starts when they have arrived).
    pub fn enqueue(
        self: &Arc<Self>,
        command_type: u32,
        wait_for: Vec<Arc<Event>>,
        uses: Vec<Arc<Buffer>>,
        work: Work,
    ) -> Arc<Event> {
        let mut submission = self.submission();
        // Queued at the host's simulated time; the host driver's work takes it to SUBMIT
        // (under the lock, so that the queue's commands are queued in submission order).
        let launch = &self.device.launch;
        let queued = host_clock().enqueue(launch.driver_submit_ns);
        let event = Event::for_command(self, command_type, queued);
        submission.last = Arc::downgrade(&event);
        event.set_status(CL_SUBMITTED, launch.submit_ns(queued));
        let mut dispatch = None;
        if let Some(timeline) = crate::core::platform::Platform::timeline() {
            // Before the command reaches the queue's thread (see `Timeline`).
            super::event::end_host_poll();
            register_host_thread();
            let submit = launch.submit_ns(queued);
            timeline.queue_enqueued(self.index, submit);
            if command_type == cl_sys::CL_COMMAND_NDRANGE_KERNEL && timeline.carries_host_driver() {
                // The host driver sends a kernel's dispatch over the links at its SUBMIT.
                dispatch = Some(timeline.post_dispatch(self.index, self.device.gpu, submit));
            }
        }
        let command = Command {
            event: event.clone(),
            wait_for,
            uses,
            work,
            dispatch,
        };
        if let Err(lost) = submission.sender.send(command) {
            // The worker thread is gone (it never exits while the queue lives).
            let submit = lost.0.event.times().submit;
            lost.0.event.set_status(CL_OUT_OF_RESOURCES, submit);
        }
        event
    }

    /// Blocks until every command enqueued so far has finished (the host program waits:
    /// its simulated clock moves to the last one's end, whether or not the queue's
    /// thread has already run it).
    pub fn finish(&self) {
        let (last, ended_ns) = {
            let submission = self.submission();
            (submission.last.upgrade(), submission.ended_ns)
        };
        match last {
            Some(event) => {
                event.wait_as_host();
            }
            // The last command has run and its event is gone: the host sees at once that
            // it ended.
            None => {
                super::event::end_host_poll();
                host_clock().observe(ended_ns);
            }
        }
    }

    /// The queue's thread has run the command of `event`: notes its END for
    /// [`finish`](Self::finish), under the lock that `finish` reads the last event under.
    fn ran(&self, event: &Event) {
        let end = event.times().end;
        let mut submission = self.submission();
        submission.ended_ns = submission.ended_ns.max(end);
    }

    fn submission(&self) -> MutexGuard<'_, Submission> {
        self.submission.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The worker: runs commands in order until the queue is destroyed.
fn run(commands: Receiver<Command>) {
    mark_queue_thread();
    for command in commands {
        // Held until the command's END is noted, so that `finish` either finds the event
        // or sees that END.
        let event = command.event.clone();
        let queue = event.queue.clone().expect("commands belong to a queue");
        execute(command);
        queue.ran(&event);
        drop(event);
        if let Some(timeline) = crate::core::platform::Platform::timeline() {
            timeline.queue_done(queue.index, queue.device.now_ns());
        }
    }
}

/// Runs one command once the events it waits for have ended.
fn execute(
    Command {
        event,
        wait_for,
        uses,
        work,
        dispatch,
    }: Command,
) {
    let queue = event.queue.as_ref().expect("commands belong to a queue");
    // When a kernel's dispatch, sent over the shared timeline's links, reached the GPU.
    let dispatched = || {
        let timeline = crate::core::platform::Platform::timeline()?;
        Some(timeline.dispatched(queue.index, dispatch?))
    };
    let device = &queue.device;
    let failed = wait_for
        .iter()
        .any(|e| e.wait_for_queue(queue.index) < CL_COMPLETE);
    // The command can start once the GPU's previous command and every command it
    // waits for (on any GPU, or a user event) have ended; a kernel's dispatch also
    // crosses the link and passes the command processor (see `LaunchPath`).
    let ready = wait_for
        .iter()
        .map(|e| e.times().end)
        .fold(device.now_ns(), u64::max);
    let submit = event.times().submit;
    if failed {
        dispatched();
        event.set_status(
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
            submit.max(ready),
        );
        return;
    }
    let ready = match move_buffers(queue, &uses, submit.max(ready)) {
        Ok(0) => ready,
        Ok(ns) => submit.max(ready) + ns,
        Err(code) => {
            dispatched();
            event.set_status(code, submit.max(ready));
            return;
        }
    };
    let kernel = event.command_type == cl_sys::CL_COMMAND_NDRANGE_KERNEL;
    let start = match dispatched() {
        Some(arrived) => arrived.max(ready) + device.launch.cp_launch_ns,
        None => device.launch.start_ns(kernel, submit, ready),
    };
    device.start_at(start);
    event.set_status(CL_RUNNING, start);
    let result = catch_unwind(AssertUnwindSafe(|| work(device.gpu))).unwrap_or_else(|_| {
        eprintln!("gcnsim: internal error in a queued command; it fails with CL_OUT_OF_RESOURCES");
        Err(CL_OUT_OF_RESOURCES)
    });
    match result {
        Ok(duration) => {
            let end = start + duration;
            device.end_at(end);
            trace_command(queue, event.command_type, start, end);
            event.set_status(CL_COMPLETE, end)
        }
        Err(code) => event.set_status(code, start),
    };
}

/// Moves the buffers a command of `queue` uses to its GPU, starting at `start_ns` (see
/// `Platform::move_buffers`), with a span on the queue's row of the trace; returns the
/// nanoseconds the moves took.
fn move_buffers(queue: &Queue, uses: &[Arc<Buffer>], start_ns: u64) -> Result<u64, i32> {
    let Some(simulator) = &crate::core::platform::Platform::get().simulator else {
        return Ok(0);
    };
    let gpu = queue.device.gpu;
    let ns = simulator
        .move_buffers(gpu, queue.index, uses, start_ns)
        .map_err(driver_error)?;
    if ns > 0 {
        let metrics = simulator.metrics();
        metrics.record_command(gpu, queue.index, "move_buffers", start_ns, start_ns + ns);
    }
    Ok(ns)
}

/// Puts a finished command other than a kernel (kernels trace themselves, with their
/// name) on its queue's row of the trace.
fn trace_command(queue: &Queue, command_type: u32, start: u64, end: u64) {
    if command_type == cl_sys::CL_COMMAND_NDRANGE_KERNEL {
        return;
    }
    if let Some(simulator) = &crate::core::platform::Platform::get().simulator {
        simulator.metrics().record_command(
            queue.device.gpu,
            queue.index,
            command_name(command_type),
            start,
            end,
        );
    }
}

/// A command type's name in the trace.
fn command_name(command_type: u32) -> &'static str {
    use cl_sys::*;
    match command_type {
        CL_COMMAND_READ_BUFFER => "read_buffer",
        CL_COMMAND_WRITE_BUFFER => "write_buffer",
        CL_COMMAND_COPY_BUFFER => "copy_buffer",
        CL_COMMAND_FILL_BUFFER => "fill_buffer",
        CL_COMMAND_READ_BUFFER_RECT => "read_buffer_rect",
        CL_COMMAND_WRITE_BUFFER_RECT => "write_buffer_rect",
        CL_COMMAND_COPY_BUFFER_RECT => "copy_buffer_rect",
        CL_COMMAND_MAP_BUFFER => "map_buffer",
        CL_COMMAND_UNMAP_MEM_OBJECT => "unmap",
        CL_COMMAND_MIGRATE_MEM_OBJECTS => "migrate",
        CL_COMMAND_MARKER => "marker",
        CL_COMMAND_BARRIER => "barrier",
        _ => "command",
    }
}
