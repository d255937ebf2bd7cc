//! Which of a component's many ports of one kind may hold messages, so that a run reads
//! those only.

use crate::engine::{Port, Wake};

/// A list of ports (a crossbar's inputs, a shared TLB's tops) and which of them may
/// hold messages: those a message arrived at ([`Wake::Arrived`]) and those a run left
/// messages in. A run visits them in the list's order, as a scan of every port would,
/// and skips the ports that are certainly empty.
#[derive(Debug, Clone)]
pub(crate) struct WaitingPorts {
    /// The ports, in the order they are visited.
    ports: Vec<Port>,
    /// Each port's place in `ports`, by port index (`u32::MAX`: not in the list).
    place: Vec<u32>,
    /// A bit per place: the port may hold messages.
    marked: Vec<u64>,
}

impl WaitingPorts {
    /// The list `ports`, none marked.
    pub(crate) fn new(ports: Vec<Port>) -> Self {
        let mut place = vec![u32::MAX; ports.iter().map(|p| p.index() + 1).max().unwrap_or(0)];
        for (i, port) in ports.iter().enumerate() {
            place[port.index()] = i as u32;
        }
        let marked = vec![0; ports.len().div_ceil(64)];
        WaitingPorts {
            ports,
            place,
            marked,
        }
    }

    /// The ports, in order.
    pub(crate) fn ports(&self) -> &[Port] {
        &self.ports
    }

    /// Adds `port` at the end of the list.
    pub(crate) fn push(&mut self, port: Port) {
        if self.place.len() <= port.index() {
            self.place.resize(port.index() + 1, u32::MAX);
        }
        self.place[port.index()] = self.ports.len() as u32;
        self.ports.push(port);
        self.marked.resize(self.ports.len().div_ceil(64), 0);
    }

    /// Marks the port a message arrived at, if `wake` says so and it is in the list.
    #[inline]
    pub(crate) fn note(&mut self, wake: Wake) {
        if let Wake::Arrived(port) = wake {
            if let Some(&place) = self.place.get(port.index()) {
                if place != u32::MAX {
                    self.marked[place as usize / 64] |= 1 << (place % 64);
                }
            }
        }
    }

    /// The first marked place at or after `from`, and its port.
    #[inline]
    pub(crate) fn next(&self, from: usize) -> Option<(usize, Port)> {
        let mut word = from / 64;
        let mut bits = *self.marked.get(word)? & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                let place = word * 64 + bits.trailing_zeros() as usize;
                return Some((place, self.ports[place]));
            }
            word += 1;
            bits = *self.marked.get(word)?;
        }
    }

    /// Unmarks place `place` (its port is empty).
    #[inline]
    pub(crate) fn unmark(&mut self, place: usize) {
        self.marked[place / 64] &= !(1 << (place % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visited(w: &WaitingPorts) -> Vec<usize> {
        let mut seen = Vec::new();
        let mut from = 0;
        while let Some((place, port)) = w.next(from) {
            seen.push(port.index());
            from = place + 1;
        }
        seen
    }

    #[test]
    fn visits_the_marked_ports_in_the_lists_order() {
        // Ports 0, 2, ..., 138 at places 0..70, then port 1 at place 70.
        let mut w = WaitingPorts::new((0..70).map(|i| Port(i * 2)).collect());
        w.push(Port(1));
        for port in [139, 1, 4, 0, 3] {
            w.note(Wake::Arrived(Port(port)));
        }
        w.note(Wake::PortFree(Port(6)));
        w.note(Wake::Timer(8));
        assert_eq!(visited(&w), [0, 4, 1]);
        w.unmark(2);
        assert_eq!(visited(&w), [0, 1]);
        assert_eq!(w.next(1), Some((70, Port(1))));
    }
}
