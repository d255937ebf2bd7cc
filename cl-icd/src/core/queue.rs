//! Command queues: each has a worker thread that runs its commands in submission order
//! as soon as their wait lists are satisfied, so commands progress without `clFinish`.

use super::context::Context;
use super::device::Device;
use super::event::Event;
use crate::api::handle::{Header, ObjectKind};
use cl_sys::{
    CL_COMPLETE, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, CL_OUT_OF_RESOURCES, CL_RUNNING,
    CL_SUBMITTED,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, Weak};

/// What a command does on the device: gets the GPU index, returns the simulated
/// duration in nanoseconds or an OpenCL error.
pub type Work = Box<dyn FnOnce(usize) -> Result<u64, i32> + Send>;

/// One enqueued command: its event, the events it waits for, and its work.
struct Command {
    event: Arc<Event>,
    wait_for: Vec<Arc<Event>>,
    work: Work,
}

struct Submission {
    sender: Sender<Command>,
    last: Weak<Event>,
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
            submission: Mutex::new(Submission {
                sender,
                last: Weak::new(),
            }),
        }))
    }

    /// Whether the queue records profiling information.
    pub fn profiling(&self) -> bool {
        self.properties & cl_sys::CL_QUEUE_PROFILING_ENABLE != 0
    }

    /// Enqueues a command of `command_type` that runs `work` after `wait_for` completed
    /// (and after every command enqueued before it); returns its event.
    pub fn enqueue(
        self: &Arc<Self>,
        command_type: u32,
        wait_for: Vec<Arc<Event>>,
        work: Work,
    ) -> Arc<Event> {
        let event = Event::for_command(self, command_type);
        let mut submission = self.submission.lock().unwrap_or_else(|e| e.into_inner());
        submission.last = Arc::downgrade(&event);
        event.set_status(CL_SUBMITTED, self.device.now_ns());
        let command = Command {
            event: event.clone(),
            wait_for,
            work,
        };
        if let Err(lost) = submission.sender.send(command) {
            // The worker thread is gone (it never exits while the queue lives).
            lost.0
                .event
                .set_status(CL_OUT_OF_RESOURCES, self.device.now_ns());
        }
        event
    }

    /// Blocks until every command enqueued so far has finished.
    pub fn finish(&self) {
        let last = self
            .submission
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .last
            .upgrade();
        if let Some(event) = last {
            event.wait();
        }
    }
}

/// The worker: runs commands in order until the queue is destroyed.
fn run(commands: Receiver<Command>) {
    for Command {
        event,
        wait_for,
        work,
    } in commands
    {
        let device = &event
            .queue
            .as_ref()
            .expect("commands belong to a queue")
            .device;
        if wait_for.iter().any(|e| e.wait() < CL_COMPLETE) {
            event.set_status(
                CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                device.now_ns(),
            );
            continue;
        }
        let start = device.now_ns();
        event.set_status(CL_RUNNING, start);
        let result = catch_unwind(AssertUnwindSafe(|| work(device.gpu))).unwrap_or_else(|_| {
            eprintln!(
                "gcnsim: internal error in a queued command; it fails with CL_OUT_OF_RESOURCES"
            );
            Err(CL_OUT_OF_RESOURCES)
        });
        match result {
            Ok(duration) => event.set_status(CL_COMPLETE, device.advance_ns(duration)),
            Err(code) => event.set_status(code, device.now_ns()),
        };
    }
}
