//! The data bus of one DRAM controller: the times it is taken, and the first gap that
//! fits a transfer.

use crate::engine::Time;
use std::collections::VecDeque;

/// The times a DRAM channel's bus is taken.
///
/// A transfer takes the bus in the first gap long enough for it from the time its data
/// is ready, so transfers may take the bus out of their order of arrival. The bus keeps
/// its reservations as disjoint spans in order of time, a reservation that touches the
/// span before or after it joined to it: a transfer of at least one picosecond never
/// fits between two spans that touch, so only the gaps matter. Spans that ended are
/// dropped.
#[derive(Debug, Clone, Default)]
pub struct Bus {
    /// The spans taken, as (start, end), in order, neither overlapping nor touching.
    spans: VecDeque<(Time, Time)>,
}

impl Bus {
    /// Reserves the bus for `transfer` in its first gap from `ready` on, forgetting the
    /// reservations that ended by `now` (no later than `ready`); returns when the
    /// transfer starts. A transfer of no time starts at `ready` and takes nothing.
    pub fn take(&mut self, now: Time, ready: Time, transfer: Time) -> Time {
        while self.spans.front().is_some_and(|&(_, end)| end <= now) {
            self.spans.pop_front();
        }
        if transfer == 0 {
            return ready;
        }
        let mut at = ready;
        let mut place = self.spans.partition_point(|&(_, end)| end <= at);
        while let Some(&(start, end)) = self.spans.get(place) {
            if start >= at + transfer {
                break;
            }
            at = at.max(end);
            place += 1;
        }
        let end = at + transfer;
        let joins_before = place > 0 && self.spans[place - 1].1 == at;
        let joins_after = self
            .spans
            .get(place)
            .is_some_and(|&(start, _)| start == end);
        match (joins_before, joins_after) {
            (true, true) => {
                let (_, after_end) = self.spans.remove(place).expect("a span after");
                self.spans[place - 1].1 = after_end;
            }
            (true, false) => self.spans[place - 1].1 = end,
            (false, true) => self.spans[place].0 = at,
            (false, false) => self.spans.insert(place, (at, end)),
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bus as a list of every reservation, searched from the start: what [`Bus`]
    /// must give for transfers of at least one picosecond.
    #[derive(Default)]
    struct EveryReservation(Vec<(Time, Time)>);

    impl EveryReservation {
        fn take(&mut self, now: Time, ready: Time, transfer: Time) -> Time {
            self.0.retain(|&(_, end)| end > now);
            let mut at = ready;
            let mut place = self.0.len();
            for (i, &(start, end)) in self.0.iter().enumerate() {
                if end <= at {
                    continue;
                }
                if start >= at + transfer {
                    place = i;
                    break;
                }
                at = end;
            }
            self.0.insert(place, (at, at + transfer));
            at
        }
    }

    #[test]
    fn a_transfer_takes_the_first_gap_that_fits() {
        let mut bus = Bus::default();
        assert_eq!(bus.take(0, 100, 10), 100);
        assert_eq!(bus.take(0, 120, 10), 120);
        // 110..120 fits exactly; the spans join into one.
        assert_eq!(bus.take(0, 105, 10), 110);
        assert_eq!(bus.spans, [(100, 130)]);
        // Too long for any gap before 130.
        assert_eq!(bus.take(0, 90, 20), 130);
        // Ready before the bus was taken, and short enough to go first.
        assert_eq!(bus.take(0, 80, 20), 80);
        assert_eq!(bus.spans, [(80, 150)]);
        // Spans ended by now are forgotten.
        assert_eq!(bus.take(150, 150, 5), 150);
        assert_eq!(bus.spans, [(150, 155)]);
    }

    #[test]
    fn gives_the_times_of_a_list_of_every_reservation() {
        let (mut bus, mut every) = (Bus::default(), EveryReservation::default());
        // A fixed pseudo-random walk of arrivals, latencies and transfer lengths.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut now = 0;
        for _ in 0..20_000 {
            now += next(3) * 1000;
            let ready = now + next(60) * 1000;
            let transfer = (1 + next(4)) * 1000 - next(2) * 500;
            assert_eq!(
                bus.take(now, ready, transfer),
                every.take(now, ready, transfer)
            );
        }
    }
}
