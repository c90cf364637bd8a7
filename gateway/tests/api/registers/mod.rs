//! Particular registers and their worked examples: `walks` takes every register of `gateway/tests/registers/*.toml`
//! through its rules and its workflow, `calculations` runs the calculation register's examples of
//! `gateway/tests/calculations/*.toml`, and `ncr` walks the NCR register from both sides.

mod calculations;
mod ncr;
mod walks;
