//! The view a component gets of the simulation while it handles a wake-up.

use super::event::{Event, EventKey, EventKind, EventSink, ReturnedCredit};
use super::hook::{Hook, HookContext, Observation, Task};
use super::port::{PortInfo, PortState};
use super::{Clock, ComponentId, Port, PortRef, Time};
use std::collections::VecDeque;

/// What a component may do while handling a wake-up: read the time, use its own ports,
/// set timers and notify its hooks.
///
/// Everything it causes elsewhere (deliveries, returned credits, timers) becomes events
/// that the engine schedules after the handler returns, so a component never touches
/// another component's state.
pub struct Context<'a, M> {
    pub(crate) now: Time,
    pub(crate) delta: u32,
    pub(crate) me: ComponentId,
    pub(crate) clock: Clock,
    pub(crate) ports: &'a mut [PortState<M>],
    /// Its ports' names and capacities.
    pub(crate) port_info: &'a [PortInfo],
    pub(crate) hooks: &'a mut [Box<dyn Hook<M>>],
    /// Whether a hook wants `Sent` and `Retrieved` observations.
    pub(crate) message_hooks: bool,
    /// Whether a hook wants `TaskStart` observations.
    pub(crate) start_hooks: bool,
    pub(crate) seq: &'a mut u64,
    pub(crate) out: EventSink<'a, M>,
    /// The credits it returned (the engine gives them back after the handler).
    pub(crate) credits: &'a mut Vec<ReturnedCredit>,
    /// Whether the component asked to run in order at the end of the step.
    pub(crate) in_order: &'a mut bool,
    /// Whether other components are handled at the same time, on the engine's threads.
    pub(crate) parallel: bool,
}

impl<M> Context<'_, M> {
    /// Whether this step handles other components at the same time as this one, on the
    /// engine's threads (so that work the component could hand to those threads would
    /// only compete with them).
    pub fn in_parallel_step(&self) -> bool {
        self.parallel
    }

    /// The current simulated time.
    pub fn now(&self) -> Time {
        self.now
    }

    /// The component's clock.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The component being run.
    pub fn id(&self) -> ComponentId {
        self.me
    }

    /// Wakes this component with `Wake::Timer(tag)` at `time`.
    ///
    /// # Panics
    /// If `time` is in the past.
    pub fn wake_at(&mut self, time: Time, tag: u64) {
        assert!(time >= self.now, "a timer cannot be set in the past");
        let target = self.me;
        self.schedule(time, target, EventKind::Timer { tag });
    }

    /// Wakes this component with `Wake::Timer(tag)` after `delay`.
    pub fn wake_after(&mut self, delay: Time, tag: u64) {
        self.wake_at(self.now + delay, tag);
    }

    /// Asks to be woken with [`Wake::InOrder`] at the end of this step, once every
    /// component of the step has run, one component at a time in the order of their
    /// ids: the place for work on state shared with other components. Asking while
    /// handling `Wake::InOrder` has no effect.
    pub fn run_in_order(&mut self) {
        *self.in_order = true;
    }

    /// Whether a send through `port` would be accepted now. When not, the component will
    /// be woken with `Wake::PortFree(port)` once it would be, as after a refused send.
    pub fn can_send(&mut self, port: Port) -> bool {
        let state = &mut self.ports[port.index()];
        if state.credits <= 0 {
            state.blocked = true;
        }
        state.credits > 0
    }

    /// Sends `msg` through `port`; it reaches the peer port after the link's latency.
    ///
    /// When the peer's incoming buffer has no room (counting messages still in flight),
    /// the message is handed back and the component will be woken with
    /// `Wake::PortFree(port)` once room frees.
    ///
    /// # Panics
    /// If the port is not connected (a wiring error).
    pub fn send(&mut self, port: Port, msg: M) -> Result<(), M> {
        let state = &mut self.ports[port.index()];
        let Some(link) = state.link else {
            panic!(
                "port `{}` is not connected",
                self.port_info[port.index()].name
            );
        };
        if state.credits <= 0 {
            state.blocked = true;
            return Err(msg);
        }
        state.credits -= 1;
        if self.message_hooks {
            self.notify(&Observation::Sent { port, msg: &msg });
        }
        let PortRef { component, port } = link.peer;
        self.schedule(
            link.delay.arrival(self.now),
            component,
            EventKind::Deliver { port, msg },
        );
        Ok(())
    }

    /// Sends `msg` through `port` to arrive `delay` later than a message sent now:
    /// what sending it at that later time would do, without running the component
    /// then. It takes its place in the peer's buffer (spends this port's credit) when it
    /// arrives, so until then it holds back nothing; should the buffer be full then, it
    /// holds one more than its capacity until the peer takes a message (sent then, it
    /// would have waited at the sender). The hooks see it sent when it arrives.
    ///
    /// # Panics
    /// If the port is not connected (a wiring error).
    pub fn send_ahead(&mut self, port: Port, msg: M, delay: Time) {
        let Some(link) = self.ports[port.index()].link else {
            panic!(
                "port `{}` is not connected",
                self.port_info[port.index()].name
            );
        };
        let arrival = link.delay.arrival(self.now + delay);
        if self.message_hooks {
            let sent = Observation::Sent { port, msg: &msg };
            self.notify_at(self.now + delay, &sent);
        }
        let PortRef { component, port } = link.peer;
        self.schedule(arrival, component, EventKind::DeliverAhead { port, msg });
    }

    /// Sends messages from the front of `queue` through `port` until the queue is empty
    /// (`true`) or the port refuses one (`false`; it stays at the front, and the
    /// component will be woken with `Wake::PortFree(port)`).
    pub fn send_queued(&mut self, port: Port, queue: &mut VecDeque<M>) -> bool {
        while let Some(msg) = queue.pop_front() {
            if let Err(msg) = self.send(port, msg) {
                queue.push_front(msg);
                return false;
            }
        }
        true
    }

    /// The oldest message waiting at `port`, without taking it.
    pub fn peek(&self, port: Port) -> Option<&M> {
        self.ports[port.index()].incoming.front()
    }

    /// Number of messages waiting at `port`.
    pub fn waiting(&self, port: Port) -> usize {
        self.ports[port.index()].incoming.len()
    }

    /// Takes the oldest message waiting at `port`, freeing its place for the sender.
    // Inlined: components mostly call it until a port is empty.
    #[inline]
    pub fn retrieve(&mut self, port: Port) -> Option<M> {
        let msg = self.ports[port.index()].incoming.pop_front()?;
        Some(self.retrieved(port, msg))
    }

    /// Returns the credit for `msg`, just taken from `port`, and reports it to the hooks.
    fn retrieved(&mut self, port: Port, msg: M) -> M {
        let peer = self.ports[port.index()].link.map(|link| link.peer);
        if self.message_hooks {
            self.notify(&Observation::Retrieved { port, msg: &msg });
        }
        if let Some(PortRef { component, port }) = peer {
            let key = self.next_key(self.now);
            self.credits.push(ReturnedCredit {
                key,
                target: component,
                port,
            });
        }
        msg
    }

    /// Reports the start of task `id` of `kind` to the hooks; returns the task, to end
    /// with [`Context::end_task`].
    pub fn start_task(&mut self, id: u64, kind: &'static str) -> Task {
        if self.start_hooks {
            self.notify(&Observation::TaskStart { task: id, kind });
        }
        Task {
            id,
            started: self.now,
        }
    }

    /// Reports the end of `task` of `kind` (the kind it started with) to the hooks.
    pub fn end_task(&mut self, task: Task, kind: &'static str) {
        self.end_task_at(task, kind, self.now);
    }

    /// Reports to the hooks that `task` of `kind` (the kind it started with) ends at
    /// `time` (now or later: its end is already decided).
    pub fn end_task_at(&mut self, task: Task, kind: &'static str, time: Time) {
        let end = Observation::TaskEnd {
            task: task.id,
            kind,
            started: task.started,
        };
        self.notify_at(time, &end);
    }

    /// Reports `what` to the hooks attached to this component (cheap when there are none).
    pub fn notify(&mut self, what: &Observation<'_, M>) {
        self.notify_at(self.now, what);
    }

    /// Reports `what`, which happens at `time`, to the hooks.
    fn notify_at(&mut self, time: Time, what: &Observation<'_, M>) {
        let at = HookContext {
            time,
            component: self.me,
        };
        for hook in self.hooks.iter_mut() {
            hook.observe(at, what);
        }
    }

    // Always inlined: a call here (made or not by the compiler's choice as the code
    // around moves) costs every message a copy of the event.
    #[inline(always)]
    fn schedule(&mut self, time: Time, target: ComponentId, kind: EventKind<M>) {
        let key = self.next_key(time);
        self.out.push(Event { key, target, kind });
    }

    /// The key of the next event this component creates, for `time`.
    fn next_key(&mut self, time: Time) -> EventKey {
        let delta = if time == self.now { self.delta + 1 } else { 0 };
        let key = EventKey {
            time,
            delta,
            source: self.me.0,
            seq: *self.seq,
        };
        *self.seq += 1;
        key
    }
}
