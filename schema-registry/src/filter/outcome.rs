//! What the filter language gives back, shared by its parser and compiler: the limits it takes, the compiled
//! filter, and the error naming what is wrong and where.

use std::fmt;

use sea_query::Expr;

use super::tree::Position;
use crate::model::Direction;

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

pub(crate) type Result<T> = std::result::Result<T, FilterError>;
