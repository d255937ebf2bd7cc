//! A small ordered set of wavefront keys (a compute unit holds tens of wavefronts): a
//! sorted vector, cheaper to walk every cycle than a tree.

/// Wavefront keys in increasing order, each once.
#[derive(Debug, Default)]
pub(crate) struct WaveSet {
    keys: Vec<usize>,
}

impl WaveSet {
    /// Adds `key` (nothing if present).
    pub(crate) fn insert(&mut self, key: usize) {
        if let Err(place) = self.keys.binary_search(&key) {
            self.keys.insert(place, key);
        }
    }

    /// Removes `key` (nothing if absent).
    pub(crate) fn remove(&mut self, key: usize) {
        if let Ok(place) = self.keys.binary_search(&key) {
            self.keys.remove(place);
        }
    }

    /// The keys in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.keys.iter().copied()
    }

    /// The keys from `start` on, then those before it: each once, in round-robin order.
    pub(crate) fn from(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        let split = self.keys.partition_point(|&k| k < start);
        self.keys[split..]
            .iter()
            .chain(&self.keys[..split])
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_stay_sorted_and_rotate_from_a_start() {
        let mut set = WaveSet::default();
        for key in [5, 1, 9, 5, 3] {
            set.insert(key);
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), [1, 3, 5, 9]);
        assert_eq!(set.from(4).collect::<Vec<_>>(), [5, 9, 1, 3]);
        assert_eq!(set.from(10).collect::<Vec<_>>(), [1, 3, 5, 9]);
        set.remove(3);
        set.remove(4);
        assert_eq!(set.from(0).collect::<Vec<_>>(), [1, 5, 9]);
    }
}
