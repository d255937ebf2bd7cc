//! The functional emulator of GCN3 wavefronts.

pub mod valu;
