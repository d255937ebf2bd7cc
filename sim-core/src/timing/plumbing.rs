//! What every memory component needs around its ports: taking memory messages out of
//! them, queues of messages waiting for room to leave, and a pipeline of work that
//! becomes due after a latency.

use super::protocol::{CarriesMemory, MemoryMessage};
use crate::engine::{Context, Observation, Port, Time};
use std::collections::VecDeque;

/// Takes the oldest message waiting at `port`.
///
/// # Panics
/// If it is not a memory message (a wiring error: the port is linked to a component that
/// speaks another protocol).
#[inline]
pub(crate) fn take<M: CarriesMemory>(
    ctx: &mut Context<'_, M>,
    port: Port,
) -> Option<MemoryMessage> {
    let msg = ctx.retrieve(port)?;
    match msg.into_memory() {
        Ok(msg) => Some(msg),
        Err(_) => panic!("a memory component received a message of another protocol"),
    }
}

/// Adds 1 to the counter `what` of the component's hooks.
pub(crate) fn count<M>(ctx: &mut Context<'_, M>, what: &'static str) {
    count_by(ctx, what, 1);
}

/// Adds `amount` to the counter `what` of the component's hooks.
pub(crate) fn count_by<M>(ctx: &mut Context<'_, M>, what: &'static str, amount: u64) {
    ctx.notify(&Observation::Count { what, amount });
}

/// Messages waiting to leave through each port, in the order they were queued.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    /// By port index.
    queues: Vec<VecDeque<MemoryMessage>>,
    /// The ports with messages queued, in port order (a few at most).
    waiting: Vec<Port>,
    /// By port, the messages [`send_or_push`](Self::send_or_push) sent at once since the
    /// last [`send`](Self::send): until then they count as queued.
    early: Vec<(Port, u32)>,
}

impl Outbox {
    /// Queues `msg` to leave through `port` after those already queued there.
    pub(crate) fn push(&mut self, port: Port, msg: MemoryMessage) {
        if self.queues.len() <= port.index() {
            self.queues.resize_with(port.index() + 1, VecDeque::new);
        }
        self.queues[port.index()].push_back(msg);
        if let Err(place) = self.waiting.binary_search(&port) {
            self.waiting.insert(place, port);
        }
    }

    /// Sends `msg` through `port` at once if nothing waits there and the port takes it,
    /// and otherwise queues it as [`push`](Self::push) does. The port's messages leave in
    /// the same order, and the same of them, as when all are queued and sent by the next
    /// [`send`](Self::send) (which every user makes at the end of each run; the port's
    /// credits cannot change within a run), and until that `send` one sent at once counts
    /// as queued, so [`queued`](Self::queued) is the same as well. Only its event's place
    /// among the run's other events (through other ports, and the credits the run returns)
    /// changes, which no port's order depends on.
    pub(crate) fn send_or_push<M: CarriesMemory>(
        &mut self,
        ctx: &mut Context<'_, M>,
        port: Port,
        msg: MemoryMessage,
    ) {
        if self.queues.get(port.index()).is_some_and(|q| !q.is_empty()) {
            return self.push(port, msg);
        }
        match ctx.send(port, M::from(msg)) {
            Ok(()) => match self.early.iter_mut().find(|(p, _)| *p == port) {
                Some((_, sent)) => *sent += 1,
                None => self.early.push((port, 1)),
            },
            Err(refused) => {
                let msg = refused
                    .into_memory()
                    .unwrap_or_else(|_| unreachable!("the message was a memory message"));
                self.push(port, msg);
            }
        }
    }

    /// Messages queued for `port` (with those sent at once since the last
    /// [`send`](Self::send)).
    pub(crate) fn queued(&self, port: Port) -> usize {
        let early = self
            .early
            .iter()
            .find(|(p, _)| *p == port)
            .map_or(0, |&(_, sent)| sent as usize);
        self.queues.get(port.index()).map_or(0, VecDeque::len) + early
    }

    /// Sends what the ports accept, port by port; the rest waits for
    /// [`Wake::PortFree`](crate::engine::Wake).
    pub(crate) fn send<M: CarriesMemory>(&mut self, ctx: &mut Context<'_, M>) {
        self.early.clear();
        let queues = &mut self.queues;
        self.waiting.retain(|&port| {
            let queue = &mut queues[port.index()];
            while let Some(msg) = queue.pop_front() {
                if let Err(refused) = ctx.send(port, M::from(msg)) {
                    let msg = refused
                        .into_memory()
                        .unwrap_or_else(|_| unreachable!("the message was a memory message"));
                    queue.push_front(msg);
                    return true;
                }
            }
            false
        });
    }
}

/// Work items that become due at given times; the component is woken then.
#[derive(Debug)]
pub(crate) struct Pipeline<T> {
    /// In order of due time, then of addition; items mostly arrive in that order already.
    items: VecDeque<(Time, T)>,
    /// Times a wake-up is already set for, in order.
    wakes: VecDeque<Time>,
}

impl<T> Default for Pipeline<T> {
    fn default() -> Self {
        Pipeline {
            items: VecDeque::new(),
            wakes: VecDeque::new(),
        }
    }
}

impl<T> Pipeline<T> {
    /// Adds `item`, due at `due` (items due together come out in the order added).
    pub(crate) fn push<M>(&mut self, ctx: &mut Context<'_, M>, due: Time, item: T) {
        // Appending is the common case, and cheaper than inserting at the end.
        if self.items.back().is_none_or(|last| last.0 <= due) {
            self.items.push_back((due, item));
        } else {
            let place = self.items.partition_point(|i| i.0 <= due);
            self.items.insert(place, (due, item));
        }
        match self.wakes.back() {
            Some(&last) if last == due => {}
            Some(&last) if last > due => {
                let wake = self.wakes.partition_point(|&t| t < due);
                if self.wakes.get(wake) != Some(&due) {
                    self.wakes.insert(wake, due);
                    ctx.wake_at(due, 0);
                }
            }
            _ => {
                self.wakes.push_back(due);
                ctx.wake_at(due, 0);
            }
        }
    }

    /// The earliest item due at or before `now`.
    pub(crate) fn pop_due(&mut self, now: Time) -> Option<T> {
        self.forget_wakes(now);
        if self.items.front()?.0 > now {
            return None;
        }
        self.items.pop_front().map(|(_, item)| item)
    }

    /// Forgets the wake-ups due at or before `now` (they have come).
    fn forget_wakes(&mut self, now: Time) {
        while self.wakes.front().is_some_and(|&t| t <= now) {
            self.wakes.pop_front();
        }
    }

    /// Number of items not yet taken.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// Requests on their way to a lookup: in the pipeline until due, then looked up in
/// arrival order; a request whose lookup cannot proceed (e.g. no free MSHR) waits, and so
/// do all after it, until a later attempt succeeds.
#[derive(Debug)]
pub(crate) struct Lookups<T> {
    pipeline: Pipeline<T>,
    stalled: VecDeque<T>,
}

impl<T> Default for Lookups<T> {
    fn default() -> Self {
        Lookups {
            pipeline: Pipeline::default(),
            stalled: VecDeque::new(),
        }
    }
}

impl<T> Lookups<T> {
    /// Adds `item`, to be looked up at `due`.
    pub(crate) fn push<M>(&mut self, ctx: &mut Context<'_, M>, due: Time, item: T) {
        self.pipeline.push(ctx, due, item);
    }

    /// Whether a request is waiting for its lookup to proceed.
    pub(crate) fn is_stalled(&self) -> bool {
        !self.stalled.is_empty()
    }

    /// Requests in the pipeline.
    pub(crate) fn in_pipeline(&self) -> usize {
        self.pipeline.len()
    }

    /// The next request to look up at `now`: the oldest waiting for its lookup to
    /// proceed, or else the earliest now due. A request whose lookup cannot proceed goes
    /// back with [`hold`](Self::hold), and the caller stops for this run.
    pub(crate) fn next(&mut self, now: Time) -> Option<T> {
        self.pipeline.forget_wakes(now);
        self.stalled
            .pop_front()
            .or_else(|| self.pipeline.pop_due(now))
    }

    /// Puts back `item`, just taken with [`next`](Self::next), whose lookup cannot
    /// proceed: it waits, and so do all after it.
    pub(crate) fn hold(&mut self, item: T) {
        self.stalled.push_front(item);
    }
}
