//! The dispatcher's memory of which compute units refused a work-group and have freed
//! nothing since, so that it does not ask them again for one with the same needs.

use super::resources::WorkGroupNeeds;

/// For each compute unit, the needs of the work-group it last refused (resources or a
/// full port) if it has freed nothing since; and, for the needs asked about last, the
/// same as a bit set, so that the next compute unit worth asking is found a word at a
/// time instead of one comparison per compute unit.
pub(crate) struct Refusals {
    by_cu: Vec<Option<WorkGroupNeeds>>,
    /// The needs `mask` describes.
    mask_for: Option<WorkGroupNeeds>,
    /// Bit `i % 64` of word `i / 64`: `by_cu[i] == mask_for`.
    mask: Vec<u64>,
}

impl Refusals {
    /// No refusals among `cus` compute units.
    pub(crate) fn new(cus: usize) -> Self {
        Refusals {
            by_cu: vec![None; cus],
            mask_for: None,
            mask: vec![0; cus.div_ceil(64)],
        }
    }

    /// Compute unit `cu` refused a work-group with `needs`.
    pub(crate) fn record(&mut self, cu: usize, needs: WorkGroupNeeds) {
        self.by_cu[cu] = Some(needs);
        self.set_bit(cu, self.mask_for == Some(needs));
    }

    /// Compute unit `cu` freed something (or its port did): it may take anything again.
    pub(crate) fn forget(&mut self, cu: usize) {
        self.by_cu[cu] = None;
        self.set_bit(cu, false);
    }

    /// The first compute unit in `from..to` that has not refused a work-group with
    /// `needs` since it last freed something.
    pub(crate) fn first_willing(
        &mut self,
        needs: WorkGroupNeeds,
        from: usize,
        to: usize,
    ) -> Option<usize> {
        if self.mask_for != Some(needs) {
            self.mask_for = Some(needs);
            for (cu, refused) in self.by_cu.iter().enumerate() {
                let bit = 1u64 << (cu % 64);
                if *refused == Some(needs) {
                    self.mask[cu / 64] |= bit;
                } else {
                    self.mask[cu / 64] &= !bit;
                }
            }
        }
        let mut cu = from;
        while cu < to {
            let willing = !self.mask[cu / 64] >> (cu % 64);
            if willing == 0 {
                cu = (cu / 64 + 1) * 64;
                continue;
            }
            cu += willing.trailing_zeros() as usize;
            return (cu < to).then_some(cu);
        }
        None
    }

    fn set_bit(&mut self, cu: usize, on: bool) {
        let bit = 1u64 << (cu % 64);
        if on {
            self.mask[cu / 64] |= bit;
        } else {
            self.mask[cu / 64] &= !bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(wavefronts: u32) -> WorkGroupNeeds {
        WorkGroupNeeds {
            wavefronts,
            vgprs: 8,
            sgprs: 16,
            lds_bytes: 0,
        }
    }

    /// The first compute unit in `from..to` whose last refusal was not of `needs`: what
    /// the bit set stands for.
    fn by_comparison(r: &Refusals, needs: WorkGroupNeeds, from: usize, to: usize) -> Option<usize> {
        (from..to).find(|&cu| r.by_cu[cu] != Some(needs))
    }

    #[test]
    fn finds_what_comparing_every_compute_unit_finds() {
        let cus = 150;
        let mut r = Refusals::new(cus);
        let mut state = 12345u64;
        for step in 0..5000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cu = (state >> 33) as usize % cus;
            let n = needs(1 + (state >> 20) as u32 % 3);
            match step % 3 {
                0 | 1 => r.record(cu, n),
                _ => r.forget(cu),
            }
            let from = (state >> 40) as usize % cus;
            let to = from + (state >> 50) as usize % (cus - from + 1);
            let asked = needs(1 + (state >> 10) as u32 % 3);
            let want = by_comparison(&r, asked, from, to);
            assert_eq!(r.first_willing(asked, from, to), want, "step {step}");
        }
    }
}
