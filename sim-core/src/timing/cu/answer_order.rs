//! The order in which a compute unit takes the answers to its vector memory requests.
//!
//! MGPUSim v3.0.0 puts a reorder buffer (`timing/rob`) between each compute unit and its
//! L1 vector path: answers go back up in the order the requests came down, and the
//! compute unit takes one vector memory answer a cycle (`processInputFromVectorMem`),
//! the next in its list of requests in flight. So an answer that comes back early waits
//! for every request the compute unit made before it, another wavefront's included, and
//! a burst of answers takes a cycle each. [`InOrderAnswers`] gives each answer the cycle
//! the compute unit takes it under that rule.

use super::super::protocol::MemResponse;
use std::collections::VecDeque;

/// Vector memory answers taken in request order, one a cycle.
#[derive(Debug, Default)]
pub struct InOrderAnswers {
    /// Ids of the requests not yet taken, in the order they left (ascending: the
    /// compute unit's request ids grow in the order requests are made).
    order: VecDeque<u64>,
    /// Beside each id of `order`: its answer, once it came back.
    answers: VecDeque<Option<MemResponse>>,
    /// The cycle the last answer was taken.
    last: Option<u64>,
}

impl InOrderAnswers {
    /// Request `id` left (requests leave in the order this is called, with growing ids).
    pub fn sent(&mut self, id: u64) {
        debug_assert!(self.order.back().is_none_or(|&last| last < id));
        self.order.push_back(id);
        self.answers.push_back(None);
    }

    /// `response` came back (an answer to no request waiting for one is dropped).
    pub fn arrived(&mut self, response: MemResponse) {
        debug_assert!(self.order.binary_search(&response.id).is_ok());
        if let Ok(place) = self.order.binary_search(&response.id) {
            self.answers[place] = Some(response);
        }
    }

    /// The next answer the compute unit takes, arrived by cycle `now`, with the cycle it
    /// takes it (`now` or later: one answer a cycle); `None` while the oldest request is
    /// unanswered.
    pub fn take(&mut self, now: u64) -> Option<(MemResponse, u64)> {
        self.answers.front()?.as_ref()?;
        let response = self.answers.pop_front().flatten()?;
        self.order.pop_front();
        let cycle = self.last.map_or(now, |last| now.max(last + 1));
        self.last = Some(cycle);
        Some((response, cycle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(id: u64) -> MemResponse {
        MemResponse {
            id,
            result: Ok(crate::timing::Payload::EMPTY),
        }
    }

    fn taken(a: &mut InOrderAnswers, now: u64) -> Vec<(u64, u64)> {
        std::iter::from_fn(|| a.take(now))
            .map(|(r, c)| (r.id, c))
            .collect()
    }

    #[test]
    fn an_early_answer_waits_for_the_requests_before_it() {
        let mut a = InOrderAnswers::default();
        for id in [3, 7, 9] {
            a.sent(id);
        }
        a.arrived(answer(7));
        a.arrived(answer(9));
        assert!(taken(&mut a, 10).is_empty());
        a.arrived(answer(3));
        assert_eq!(taken(&mut a, 20), vec![(3, 20), (7, 21), (9, 22)]);
    }

    #[test]
    fn answers_in_order_are_taken_one_a_cycle_and_at_once_when_apart() {
        let mut a = InOrderAnswers::default();
        for id in 0..3 {
            a.sent(id);
        }
        a.arrived(answer(0));
        a.arrived(answer(1));
        assert_eq!(taken(&mut a, 5), vec![(0, 5), (1, 6)]);
        a.arrived(answer(2));
        assert_eq!(taken(&mut a, 40), vec![(2, 40)]);
    }
}
