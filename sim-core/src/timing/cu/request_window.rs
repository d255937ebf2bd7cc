//! The compute unit's window of vector memory requests in flight.
//!
//! MGPUSim v3.0.0 puts a reorder buffer of 128 entries (`timing/rob`) between each
//! compute unit and its L1 vector path. It takes a request from the compute unit only
//! while it has a free entry, and frees the entry when it passes the answer up, in
//! request order (see [`answer_order`](super::answer_order)). While it is full, the
//! request at the end of the vector memory unit's request pipeline cannot leave, the
//! pipeline stops behind it, and the unit sends one request a cycle once it may again.
//! [`RequestWindow`] bounds the requests in flight the same way: a request due to leave
//! waits, and those behind it with it, while the window is full; one leaves a cycle.
//! MGPUSim's stalled pipeline also keeps the vector memory unit from executing its next
//! instruction until the requests before it have entered the pipeline; gcnsim lets that
//! instruction's wavefront go on, as its requests wait in order behind the others all
//! the same (the wavefront waits at its `s_waitcnt` instead of at the load).

/// Vector memory requests in flight: at most a limit, leaving one a cycle.
#[derive(Debug)]
pub struct RequestWindow {
    /// The most requests in flight at once (`usize::MAX`: no limit).
    limit: usize,
    /// Requests that left and whose answers are not taken yet.
    in_flight: usize,
    /// The cycle the last request left.
    last_left: Option<u64>,
}

impl RequestWindow {
    /// A window of `limit` requests (`gpu.cu.vector_requests_in_flight`; 0: no limit).
    pub fn new(limit: u32) -> Self {
        RequestWindow {
            limit: match limit {
                0 => usize::MAX,
                n => n as usize,
            },
            in_flight: 0,
            last_left: None,
        }
    }

    /// Whether every place is taken (only an answer taken frees one).
    pub fn is_full(&self) -> bool {
        self.in_flight >= self.limit
    }

    /// Lets a request leave in cycle `cycle` if the window has room and none left in that
    /// cycle yet; whether it did.
    pub fn leave(&mut self, cycle: u64) -> bool {
        if self.is_full() || self.last_left == Some(cycle) {
            return false;
        }
        self.in_flight += 1;
        self.last_left = Some(cycle);
        true
    }

    /// The answer to a request that left was taken.
    pub fn answered(&mut self) {
        self.in_flight -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_leave_one_a_cycle_while_the_window_has_room() {
        let mut w = RequestWindow::new(2);
        assert!(w.leave(10));
        assert!(!w.leave(10));
        assert!(w.leave(11));
        assert!(w.is_full());
        assert!(!w.leave(12));
        w.answered();
        assert!(w.leave(12));
    }

    #[test]
    fn no_limit_still_lets_one_leave_a_cycle() {
        let mut w = RequestWindow::new(0);
        for cycle in 0..1000 {
            assert!(w.leave(cycle));
            assert!(!w.leave(cycle));
        }
        assert!(!w.is_full());
    }
}
