//! What carrying out a page migration costs under MGPUSim's driver-run procedure
//! ([`DriverProcedure`], `platform.migration_procedure = "driver"`).
//!
//! MGPUSim v3.0.0 (akita's `mem/vm/mmu`, MGPUSim's `driver/driver.go`, `timing/cp`,
//! `timing/pagemigrationcontroller`): the MMU hands the driver one migration at a time.
//! The driver
//! 1. drains every GPU's RDMA engine (a command to each command processor and back),
//! 2. has the command processor of the GPU the page leaves shoot it down (its compute
//!    units drain, its caches flush and invalidate, its TLBs drop the page) and answer,
//! 3. for each page, has the asking GPU's page migration controller pull it from the
//!    other's in line-sized chunks (a command there and an answer back around the pull),
//! 4. answers the MMU, which answers the walk,
//! 5. restarts the GPU it shot down, then every RDMA engine (two more round trips), and
//!    only then takes the next migration, which the MMU has sent meanwhile.
//!
//! The GPUs' side of steps 2 and 5 is a fixed cost here (caches flushed when clean; the
//! shot-down GPU's compute units are not paused and its caches not emptied).

use crate::engine::Time;

/// The costs of MGPUSim's driver-run migration procedure, and when the driver is free.
#[derive(Debug, Clone, Default)]
pub struct DriverProcedure {
    /// One message between the IOMMU and the driver.
    driver_latency: Time,
    /// One command from the driver to a command processor, or its answer.
    command_latency: Time,
    /// A command processor's drain (or restart) of its RDMA engine.
    rdma: Time,
    /// A command processor's shootdown of a page.
    shootdown: Time,
    /// A command processor's restart of its GPU.
    restart: Time,
    /// When the driver can take the next migration.
    free: Time,
}

impl DriverProcedure {
    /// The procedure with these costs, the driver free from the start.
    pub fn new(
        driver_latency: Time,
        command_latency: Time,
        rdma: Time,
        shootdown: Time,
        restart: Time,
    ) -> DriverProcedure {
        DriverProcedure {
            driver_latency,
            command_latency,
            rdma,
            shootdown,
            restart,
            free: 0,
        }
    }

    /// A round trip from the driver to the command processors that each take `work`.
    fn round_trip(&self, work: Time) -> Time {
        2 * self.command_latency + work
    }

    /// Serves a migration of `pages` pages the IOMMU asks for at `asked`, after those
    /// asked before it: `transfer(i, start)` moves page `i` from `start` and returns when
    /// it has arrived. Returns when the IOMMU has the driver's answer (the pages are
    /// then where they moved to).
    pub fn serve(
        &mut self,
        asked: Time,
        pages: usize,
        mut transfer: impl FnMut(usize, Time) -> Time,
    ) -> Time {
        let start = (asked + self.driver_latency).max(self.free);
        let drained = start + self.round_trip(self.rdma);
        let mut done = drained + self.round_trip(self.shootdown);
        for page in 0..pages {
            let pulled = transfer(page, done + self.command_latency);
            done = pulled + self.command_latency;
        }
        self.free = done + self.round_trip(self.restart) + self.round_trip(self.rdma);
        done + self.driver_latency
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MGPUSim's figures in nanoseconds (`configs/mgpusim-r9nano.toml`), transfers of
    /// 500 ns.
    fn mgpusim() -> DriverProcedure {
        DriverProcedure::new(150, 295, 4, 474, 471)
    }

    #[test]
    fn one_migration_pays_every_step_in_turn() {
        let mut procedure = mgpusim();
        let mut starts = Vec::new();
        let answered = procedure.serve(1000, 1, |_, start| {
            starts.push(start);
            start + 500
        });
        // Driver takes it at 1150; drain 2 x 295 + 4 = 594 (1744); shootdown
        // 2 x 295 + 474 = 1064 (2808); the command to the PMC 295 (3103).
        assert_eq!(starts, [3103]);
        // The pull ends at 3603; its answer reaches the driver at 3898, the MMU at 4048.
        assert_eq!(answered, 4048);
        // Restart 2 x 295 + 471 = 1061 and the RDMA engines' 594: free at 5553.
        assert_eq!(procedure.free, 5553);
    }

    #[test]
    fn two_migrations_asked_at_once_are_served_one_after_the_other() {
        let mut procedure = mgpusim();
        let first = procedure.serve(1000, 1, |_, start| start + 500);
        let second = procedure.serve(1000, 1, |_, start| start + 500);
        assert_eq!(first, 4048);
        // The second starts when the driver is free (5553), not at 1150: 4453 later.
        assert_eq!(second, 5553 + 594 + 1064 + 295 + 500 + 295 + 150);
        assert_eq!(second - first, 5553 - 1150);
    }

    #[test]
    fn a_unit_of_pages_is_pulled_page_after_page_after_one_shootdown() {
        let mut procedure = mgpusim();
        let mut starts = Vec::new();
        let answered = procedure.serve(0, 3, |i, start| {
            starts.push((i, start));
            start + 100
        });
        // Drain and shootdown once (150 + 594 + 1064 = 1808), then per page a command
        // (295), the pull (100) and its answer (295).
        assert_eq!(starts, [(0, 2103), (1, 2793), (2, 3483)]);
        assert_eq!(answered, 3483 + 100 + 295 + 150);
    }

    #[test]
    fn with_costs_of_zero_transfers_still_run_one_at_a_time() {
        let mut procedure = DriverProcedure::default();
        assert_eq!(procedure.serve(7, 1, |_, start| start + 10), 17);
        assert_eq!(procedure.serve(7, 1, |_, start| start + 10), 27);
    }
}
