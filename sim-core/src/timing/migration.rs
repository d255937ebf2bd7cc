//! On-demand page migration for a unified device's GPUs: which pages move when a GPU
//! translates a page another GPU holds ([`PageMigration`]), decided by the IOMMU.
//!
//! What MGPUSim v3.0.0 does (akita's MMU and MGPUSim's driver): a page walk that finds a
//! unified page on another GPU, not pinned, queues a migration; migrations run one at a
//! time: the driver drains every GPU's RDMA engine, shoots the page down on the GPUs
//! that accessed it (their compute units' pipelines drain, all their caches are flushed
//! and invalidated, their TLBs drop the page), the destination's page migration
//! controller pulls the page from the source's over the network, the GPUs restart, and
//! the page is pinned: it never moves again, later accesses of other GPUs go over RDMA.
//!
//! gcnsim's rule keeps coherence without a shootdown: a page moves only at its first
//! translation in a kernel (the caches and TLBs of every GPU are emptied between a
//! unified device's kernels when migration is on, so then no cache or TLB holds it),
//! and at most once; a page another GPU has translated in this kernel stays where it is
//! and is reached over the links. While a page travels, translations of it wait for it.
//! The move is timed as the page's lines pulled over the fabric's links (sharing them
//! with the GPUs' remote accesses); with `platform.migration_procedure = "driver"`
//! MGPUSim's procedure around it is paid too, one migration at a time
//! (`migration_procedure.rs`).
//!
//! Progressive page splitting ([`PageMigration::Pasi`], the MGPUSim paper's PASI):
//! pages move in units, first of `pasi_initial_pages` aligned pages. A unit that has
//! not moved yet moves whole to the first GPU that asks for one of its pages (those of
//! its pages already translated in this kernel stay). When another GPU asks for a page
//! of a unit that has moved, the unit is split in two halves and the half holding the
//! page moves to that GPU, and so on down to single pages, which then stay pinned.

use crate::config::PageMigration;
use std::collections::{HashMap, HashSet};

/// The migration state of a unified device's pages.
#[derive(Debug, Default)]
pub struct MigrationPolicy {
    /// log2 of the pages of a unit no page of which has been split off.
    initial_log2: u32,
    /// Per page of a split unit: log2 of the pages of its unit now.
    split: HashMap<u64, u32>,
    /// Per unit (first page, log2 of its pages) that has moved: the GPU it moved to.
    moved: HashMap<(u64, u32), usize>,
    /// Pages translated in this kernel.
    touched: HashSet<u64>,
}

impl MigrationPolicy {
    /// The policy of `mode` with units of `initial_pages` pages for PASI; `None` when
    /// pages do not move.
    pub fn new(mode: PageMigration, initial_pages: u32) -> Option<MigrationPolicy> {
        let initial_log2 = match mode {
            PageMigration::Off => return None,
            PageMigration::OnDemand => 0,
            PageMigration::Pasi => initial_pages.max(1).ilog2(),
        };
        Some(MigrationPolicy {
            initial_log2,
            ..MigrationPolicy::default()
        })
    }

    /// A new kernel: no page has been translated in it yet.
    pub fn start_kernel(&mut self) {
        self.touched.clear();
    }

    /// Marks `page` as translated in this kernel (by the GPU it lives on).
    pub fn touch(&mut self, page: u64) {
        self.touched.insert(page);
    }

    /// The unit holding `page`: its first page and log2 of its pages.
    fn unit_of(&self, page: u64) -> (u64, u32) {
        let log2 = self.split.get(&page).copied().unwrap_or(self.initial_log2);
        (page >> log2 << log2, log2)
    }

    /// Splits `unit` in two halves that keep where it moved.
    fn split_unit(&mut self, (first, log2): (u64, u32)) {
        let half = log2 - 1;
        for page in first..first + (1 << log2) {
            self.split.insert(page, half);
        }
        if let Some(gpu) = self.moved.remove(&(first, log2)) {
            self.moved.insert((first, half), gpu);
            self.moved.insert((first + (1 << half), half), gpu);
        }
    }

    /// GPU `gpu` translates `page`, which lives on GPU `home(page)`: returns the pages
    /// that move to `gpu` now, each with the GPU it leaves (`home` of a page that is not
    /// mapped is `None`: such pages do not move). Marks `page` as translated in this
    /// kernel.
    pub fn on_translation(
        &mut self,
        gpu: usize,
        page: u64,
        home: impl Fn(u64) -> Option<usize>,
    ) -> Vec<(u64, usize)> {
        let first_touch = self.touched.insert(page);
        if !first_touch || home(page).is_none_or(|h| h == gpu) {
            return Vec::new();
        }
        loop {
            let unit = self.unit_of(page);
            match self.moved.get(&unit) {
                Some(_) if unit.1 == 0 => return Vec::new(),
                Some(_) => {
                    self.split_unit(unit);
                    let half = self.unit_of(page);
                    self.moved.remove(&half);
                }
                None => {
                    self.moved.insert(unit, gpu);
                    let (first, log2) = unit;
                    return (first..first + (1 << log2))
                        .filter(|&p| p == page || !self.touched.contains(&p))
                        .filter_map(|p| home(p).filter(|&h| h != gpu).map(|h| (p, h)))
                        .collect();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pages interleaved over `gpus` GPUs, as a unified device's are.
    fn interleaved(gpus: usize) -> impl Fn(u64) -> Option<usize> {
        move |page| Some(page as usize % gpus)
    }

    #[test]
    fn on_demand_moves_a_page_once_at_its_first_translation() {
        let mut policy = MigrationPolicy::new(PageMigration::OnDemand, 16).unwrap();
        // Page 1 lives on GPU 1; GPU 0 asks first: it moves.
        assert_eq!(policy.on_translation(0, 1, interleaved(2)), [(1, 1)]);
        // GPU 1 asks for it in the same kernel: no second move.
        assert_eq!(policy.on_translation(1, 1, |_| Some(0)), []);
        // Next kernel: it moved once already, so it stays (pinned).
        policy.start_kernel();
        assert_eq!(policy.on_translation(1, 1, |_| Some(0)), []);
        // A page on the asking GPU does not move.
        assert_eq!(policy.on_translation(0, 2, interleaved(2)), []);
        // Nor does an unmapped one.
        assert_eq!(policy.on_translation(0, 3, |_| None), []);
        assert!(MigrationPolicy::new(PageMigration::Off, 16).is_none());
    }

    #[test]
    fn pasi_moves_units_whole_and_halves_them_when_another_gpu_asks() {
        let mut policy = MigrationPolicy::new(PageMigration::Pasi, 8).unwrap();
        // GPU 0 asks for page 1 of unit 0..8 (pages alternate between GPUs 0 and 1):
        // its four pages on GPU 1 move.
        let moved = policy.on_translation(0, 1, interleaved(2));
        assert_eq!(moved, [(1, 1), (3, 1), (5, 1), (7, 1)]);
        // GPU 1 asks for page 6 (now all of 0..8 is on GPU 0): the unit splits, 4..8
        // moves to GPU 1 (no page of it was translated yet).
        let moved = policy.on_translation(1, 6, |_| Some(0));
        assert_eq!(moved, [(4, 0), (5, 0), (6, 0), (7, 0)]);
        // GPU 0 asks for page 5 after that: 4..8 moved already, so it splits into 4..6
        // and 6..8; 4..6 moves back to GPU 0.
        let home = |p: u64| Some(if (4..8).contains(&p) { 1 } else { 0 });
        assert_eq!(policy.on_translation(0, 5, home), [(4, 1), (5, 1)]);
        // GPU 0 asks for page 7 next kernel: 6..8 splits, page 6 was translated, but
        // only in the last kernel; 7's half (7..8) moves.
        policy.start_kernel();
        let home = |p: u64| Some(if (6..8).contains(&p) { 1 } else { 0 });
        assert_eq!(policy.on_translation(0, 7, home), [(7, 1)]);
        // A single page that moved is pinned.
        policy.start_kernel();
        assert_eq!(policy.on_translation(1, 7, |_| Some(0)), []);
    }

    #[test]
    fn pages_translated_in_this_kernel_stay_when_their_unit_moves() {
        let mut policy = MigrationPolicy::new(PageMigration::Pasi, 4).unwrap();
        // GPU 1 translates its own page 1 first; then GPU 0 asks for page 3 (on GPU 1):
        // the unit moves, except page 1, which GPU 1 may hold in its caches.
        assert_eq!(policy.on_translation(1, 1, interleaved(2)), []);
        assert_eq!(policy.on_translation(0, 3, interleaved(2)), [(3, 1)]);
    }
}
