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
pub mod parse;
pub mod tree;

use std::fmt;

use sea_query::Expr;

use crate::model::Direction;
use crate::registry::Entry;

pub use parse::parse;
pub use tree::Position;

/// Bounds on what a client may send.
#[derive(Debug, Clone, Copy)]
pub struct FilterLimits {
    /// Bytes of filter text.
    pub max_length: usize,
    /// Nesting of expressions (parentheses, NOT, AND/OR chains).
    pub max_depth: usize,
    /// Items in one `IN (…)` list.
    pub max_in_list: usize,
}

impl Default for FilterLimits {
    fn default() -> Self {
        FilterLimits {
            max_length: 4096,
            max_depth: 32,
            max_in_list: 1000,
        }
    }
}

/// A filter after checking: the condition, and the ordering and paging it asked for.
#[derive(Debug, Clone, Default)]
pub struct CompiledFilter {
    pub condition: Option<Expr>,
    pub order: Vec<OrderKey>,
    pub limit: Option<u64>,
    pub offset: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderKey {
    pub column: String,
    pub direction: Direction,
    pub nulls_first: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FilterError {
    pub reason: String,
    pub position: Option<Position>,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason)?;
        match self.position {
            Some(Position { line: 1, column }) => write!(f, " (at position {column})"),
            Some(Position { line, column }) => write!(f, " (at line {line}, column {column})"),
            None => Ok(()),
        }
    }
}

impl FilterError {
    pub fn new(reason: impl Into<String>, position: Option<Position>) -> Self {
        FilterError {
            reason: reason.into(),
            position,
        }
    }
}

type Result<T> = std::result::Result<T, FilterError>;

/// Parses and compiles `text` for `entry`. Empty text is "no filter".
pub fn compile(entry: &Entry, text: &str, limits: &FilterLimits) -> Result<CompiledFilter> {
    let filter = parse(text, limits, &entry.name)?;
    compile::compile(entry, &filter)
}
