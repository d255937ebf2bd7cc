//! The command processor: takes kernel launches from the driver, runs them one after
//! another through the dispatcher, and reports each one's simulated start and end.

use super::{KernelRun, LaunchOutcome, LaunchRequest, Message};
use crate::engine::{Component, Context, Port, Task, Wake};
use std::collections::VecDeque;

/// The GPU's command processor.
///
/// Port `host` receives [`Message::Launch`] and answers each with [`Message::LaunchDone`]
/// in submission order; port `dispatcher` forwards one launch at a time to the
/// [`Dispatcher`](super::Dispatcher) and receives its outcome. A kernel's
/// [`KernelRun::start`] is when the command processor begins it, its `end` when the
/// command processor learns that its last work-group completed.
pub struct CommandProcessor {
    host: Port,
    dispatcher: Port,
    queue: VecDeque<LaunchRequest>,
    /// The launch being run: its id and start, as the hooks' task.
    running: Option<Task>,
    /// The running launch ([`Message::Launch`]), until the dispatcher's port accepts it.
    unsent: VecDeque<Message>,
    /// Outcomes ([`Message::LaunchDone`]) the host's port has not accepted yet.
    replies: VecDeque<Message>,
}

impl CommandProcessor {
    /// A command processor with the given ports.
    pub fn new(host: Port, dispatcher: Port) -> Self {
        CommandProcessor {
            host,
            dispatcher,
            queue: VecDeque::new(),
            running: None,
            unsent: VecDeque::new(),
            replies: VecDeque::new(),
        }
    }

    fn start_next(&mut self, ctx: &mut Context<'_, Message>) {
        if self.running.is_none() {
            if let Some(request) = self.queue.pop_front() {
                let task = ctx.start_task(request.id, "kernel");
                self.running = Some(task);
                self.unsent.push_back(Message::Launch(request));
            }
        }
        ctx.send_queued(self.dispatcher, &mut self.unsent);
    }

    fn finish(&mut self, outcome: LaunchOutcome, ctx: &mut Context<'_, Message>) {
        let task = self
            .running
            .take()
            .expect("the dispatcher answers only launches it was given");
        let id = task.id;
        assert_eq!(id, outcome.id, "the dispatcher answered another launch");
        ctx.end_task(task, "kernel");
        let result = outcome.result.map(|run| KernelRun {
            start: task.started,
            end: ctx.now(),
            ..run
        });
        self.replies
            .push_back(Message::LaunchDone(LaunchOutcome { id, result }));
    }
}

impl Component<Message> for CommandProcessor {
    fn handle(&mut self, _wake: Wake, ctx: &mut Context<'_, Message>) {
        while let Some(msg) = ctx.retrieve(self.host) {
            match msg {
                Message::Launch(request) => self.queue.push_back(request),
                other => panic!("the command processor got {other:?} from the host"),
            }
        }
        while let Some(msg) = ctx.retrieve(self.dispatcher) {
            match msg {
                Message::LaunchDone(outcome) => self.finish(outcome, ctx),
                other => panic!("the command processor got {other:?} from the dispatcher"),
            }
        }
        self.start_next(ctx);
        ctx.send_queued(self.host, &mut self.replies);
    }
}
