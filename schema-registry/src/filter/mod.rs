//! The `whrc` filter language: the SQL boolean expression the console's legacy calls send to selectall and
//! datatable. Two steps, each testable alone:
//! - [`parse()`]: text → a closed, typed [`tree::Filter`] (sqlparser's PostgreSQL dialect; only the forms below
//!   survive; limits on length, nesting and `IN` lists);
//! - [`compile`](compile::compile): tree + entry → sea-query (columns resolved against the registry entry,
//!   literals checked against the column's type and bound as parameters).
//!
//! The forms: column references of the entry, literals (number, string, boolean, NULL in `IS NULL`,
//! `DATE '…'`/`TIMESTAMP '…'`), comparisons, `[NOT] LIKE/ILIKE`, `[NOT] IN (literals)`, `IS [NOT] NULL`,
//! `[NOT] BETWEEN`, `AND OR NOT`, parentheses, and a trailing
//! `ORDER BY col [ASC|DESC] [NULLS FIRST|LAST], … LIMIT n OFFSET m`. Anything else is an error naming the
//! construct and its position, before any SQL is produced.

pub mod compile;
pub mod outcome;
pub mod parse;
pub mod tree;

use crate::registry::Entry;

pub use outcome::{CompiledFilter, FilterError, FilterLimits, OrderKey};
pub use parse::parse;
pub use tree::Position;

/// Parses and compiles `text` for `entry`. Empty text is "no filter".
pub fn compile(
    entry: &Entry,
    text: &str,
    limits: &FilterLimits,
) -> Result<CompiledFilter, FilterError> {
    let filter = parse(text, limits, &entry.name)?;
    compile::compile(entry, &filter)
}
