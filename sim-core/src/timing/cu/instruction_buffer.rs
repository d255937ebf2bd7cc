//! A wavefront's instruction buffer: the code lines it holds, oldest first, kept in the
//! wavefront's slot itself, so that looking a line up touches no memory of its own (the
//! compute unit looks lines up several times per instruction, for tens of wavefronts).

use crate::config::MAX_INSTRUCTION_BUFFER_LINES;

/// The most lines an instruction buffer may hold (`gpu.cu.instruction_buffer_lines`).
const MAX_LINES: usize = MAX_INSTRUCTION_BUFFER_LINES as usize;

/// Up to a fixed number of code lines (line numbers), oldest first.
#[derive(Debug, Clone)]
pub struct InstructionBuffer {
    lines: [u64; MAX_LINES],
    len: usize,
    capacity: usize,
}

impl InstructionBuffer {
    /// An empty buffer of `capacity` lines (1 to [`MAX_LINES`]).
    pub fn new(capacity: usize) -> Self {
        assert!(
            (1..=MAX_LINES).contains(&capacity),
            "an instruction buffer of {capacity} lines"
        );
        InstructionBuffer {
            lines: [0; MAX_LINES],
            len: 0,
            capacity,
        }
    }

    /// How many lines it holds at most.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Whether it holds `line`.
    pub fn contains(&self, line: u64) -> bool {
        self.lines[..self.len].contains(&line)
    }

    /// Adds `line` as the newest, dropping the oldest when full.
    pub fn push(&mut self, line: u64) {
        if self.len == self.capacity {
            self.lines.copy_within(1..self.len, 0);
            self.len -= 1;
        }
        self.lines[self.len] = line;
        self.len += 1;
    }

    /// Drops every line.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_buffer_drops_its_oldest_line() {
        let mut b = InstructionBuffer::new(3);
        for line in [7, 8, 9, 10] {
            b.push(line);
        }
        assert!(!b.contains(7));
        assert!(b.contains(8) && b.contains(9) && b.contains(10));
        b.push(11);
        assert!(!b.contains(8) && b.contains(11));
        b.clear();
        assert!(!b.contains(11));
    }
}
