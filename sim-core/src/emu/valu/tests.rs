//! Tests of the vector ALU semantics against IEEE oracles (Rust's correctly rounded f32/f64
//! arithmetic), the GCN3 ISA manual's definitions and values computed with clang.
