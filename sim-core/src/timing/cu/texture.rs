//! The texture path of a compute unit, which image instructions pass through after the
//! vector memory unit: the texture addresser turns an instruction's active lanes into
//! addresses before its requests leave for the L1 TLB and vector cache, and the texture
//! data unit converts (and, for filtered samples, filters) the texels before the
//! instruction completes. Each is one instruction at a time, at the rates of
//! [`CuConfig`]: `texture_addresses_per_cycle` lanes addressed a cycle,
//! `texture_texels_per_cycle` texels returned a cycle for loads and point samples, and
//! `texture_filtered_dwords_per_cycle` channels of filtered results a cycle (the figures
//! and their source are in the platform file). Stores use the addresser only.

use crate::config::CuConfig;

/// What an image instruction asks of the texture path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureOp {
    /// A load, a resource query or a point-sampled (nearest) sample.
    Texels,
    /// A sample through a linear-filtering sampler returning `components` channels.
    Filtered {
        /// Channels returned per lane (the instruction's DMASK).
        components: u32,
    },
    /// A store.
    Store,
}

/// Cycles an image instruction keeps each unit of the texture path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureCost {
    /// Cycles in the texture addresser.
    pub address_cycles: u64,
    /// Cycles in the texture data unit.
    pub data_cycles: u64,
}

impl TextureCost {
    /// The cost of `op` with `lanes` active lanes on a compute unit built as `config`.
    pub fn of(op: TextureOp, lanes: u32, config: &CuConfig) -> Self {
        let per = |rate: u32, work: u32| u64::from(work.div_ceil(rate.max(1)));
        let data_cycles = match op {
            TextureOp::Texels => per(config.texture_texels_per_cycle, lanes),
            TextureOp::Filtered { components } => {
                per(config.texture_filtered_dwords_per_cycle, lanes * components)
            }
            TextureOp::Store => 0,
        };
        TextureCost {
            address_cycles: per(config.texture_addresses_per_cycle, lanes),
            data_cycles,
        }
    }
}

/// The texture addresser and data unit of one compute unit, as the cycles from which
/// each takes its next instruction, with what they did since the last report.
#[derive(Debug, Clone, Default)]
pub struct TexturePath {
    address_free: u64,
    data_free: u64,
    instructions: u64,
    address_busy: u64,
    data_busy: u64,
}

impl TexturePath {
    /// Addresses an instruction of `cost` the vector memory unit executed in cycle
    /// `executed`; returns the cycle its addresses are ready (its requests may leave).
    pub fn address(&mut self, executed: u64, cost: TextureCost) -> u64 {
        let start = executed.max(self.address_free);
        self.address_free = start + cost.address_cycles;
        self.instructions += 1;
        self.address_busy += cost.address_cycles;
        self.address_free
    }

    /// Passes the data of an instruction of `cost` whose last request was answered in
    /// cycle `answered` through the data unit; returns the cycle the instruction completes.
    pub fn deliver(&mut self, answered: u64, cost: TextureCost) -> u64 {
        let start = answered.max(self.data_free);
        self.data_free = start + cost.data_cycles;
        self.data_busy += cost.data_cycles;
        self.data_free
    }

    /// The report's counts since the last call (image instructions, cycles the addresser
    /// and the data unit were busy), then starts counting again.
    pub fn take(&mut self) -> [(&'static str, u64); 3] {
        let counts = [
            ("texture_instructions", self.instructions),
            ("texture_address_busy_cycles", self.address_busy),
            ("texture_data_busy_cycles", self.data_busy),
        ];
        (self.instructions, self.address_busy, self.data_busy) = (0, 0, 0);
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> CuConfig {
        CuConfig {
            texture_addresses_per_cycle: 4,
            texture_texels_per_cycle: 4,
            texture_filtered_dwords_per_cycle: 4,
            ..CuConfig::default()
        }
    }

    #[test]
    fn a_full_wavefront_takes_sixteen_cycles_a_unit_and_filtering_one_per_channel() {
        let c = config();
        let load = TextureCost::of(TextureOp::Texels, 64, &c);
        assert_eq!((load.address_cycles, load.data_cycles), (16, 16));
        let filtered = TextureCost::of(TextureOp::Filtered { components: 4 }, 64, &c);
        assert_eq!((filtered.address_cycles, filtered.data_cycles), (16, 64));
        let store = TextureCost::of(TextureOp::Store, 5, &c);
        assert_eq!((store.address_cycles, store.data_cycles), (2, 0));
    }

    #[test]
    fn each_unit_takes_one_instruction_at_a_time() {
        let c = config();
        let mut t = TexturePath::default();
        let cost = TextureCost::of(TextureOp::Texels, 64, &c);
        assert_eq!(t.address(100, cost), 116);
        // The next waits for the addresser.
        assert_eq!(t.address(105, cost), 132);
        assert_eq!(t.deliver(300, cost), 316);
        assert_eq!(t.deliver(301, cost), 332);
        assert_eq!(
            t.take(),
            [
                ("texture_instructions", 2),
                ("texture_address_busy_cycles", 32),
                ("texture_data_busy_cycles", 32)
            ]
        );
        assert_eq!(t.take()[0].1, 0);
    }
}
