//! The command processor: takes kernel launches from the driver, runs them one after
//! another through the dispatcher, and reports each one's simulated start and end.

use super::{KernelRun, LaunchOutcome, LaunchRequest, Message};
use crate::engine::{Component, Context, Observation, Port, Time, Wake};
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
    /// The launch being run: (id, start).
    running: Option<(u64, Time)>,
    /// The running launch, until the dispatcher's port accepts it.
    unsent: Option<LaunchRequest>,
    /// Outcomes the host's port has not accepted yet.
    replies: VecDeque<LaunchOutcome>,
}

impl CommandProcessor {
    /// A command processor with the given ports.
    pub fn new(host: Port, dispatcher: Port) -> Self {
        CommandProcessor {
            host,
            dispatcher,
            queue: VecDeque::new(),
            running: None,
            unsent: None,
            replies: VecDeque::new(),
        }
    }

    fn start_next(&mut self, ctx: &mut Context<'_, Message>) {
        if self.running.is_none() {
            if let Some(request) = self.queue.pop_front() {
                ctx.notify(&Observation::TaskStart {
                    task: request.id,
                    kind: "kernel",
                });
                self.running = Some((request.id, ctx.now()));
                self.unsent = Some(request);
            }
        }
        if let Some(request) = self.unsent.take() {
            match ctx.send(self.dispatcher, Message::Launch(request)) {
                Ok(()) => {}
                Err(Message::Launch(request)) => self.unsent = Some(request),
                Err(_) => unreachable!("send hands back the message it was given"),
            }
        }
    }

    fn finish(&mut self, outcome: LaunchOutcome, ctx: &mut Context<'_, Message>) {
        let (id, start) = self
            .running
            .take()
            .expect("the dispatcher answers only launches it was given");
        assert_eq!(id, outcome.id, "the dispatcher answered another launch");
        ctx.notify(&Observation::TaskEnd {
            task: id,
            kind: "kernel",
        });
        let result = outcome.result.map(|run| KernelRun {
            start,
            end: ctx.now(),
            ..run
        });
        self.replies.push_back(LaunchOutcome { id, result });
    }

    fn reply(&mut self, ctx: &mut Context<'_, Message>) {
        while let Some(outcome) = self.replies.pop_front() {
            match ctx.send(self.host, Message::LaunchDone(outcome)) {
                Ok(()) => {}
                Err(Message::LaunchDone(outcome)) => {
                    self.replies.push_front(outcome);
                    break;
                }
                Err(_) => unreachable!("send hands back the message it was given"),
            }
        }
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
        self.reply(ctx);
    }
}
