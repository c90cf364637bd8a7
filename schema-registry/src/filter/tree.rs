//! The `whrc` filter as a closed, typed tree: every form the language allows and nothing else. The parser builds
//! it from text without knowing any entry; the compiler resolves its column names against an entry and turns it
//! into sea-query. Positions are kept for messages.

use crate::model::Direction;

/// Where in the filter text something is (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: u64,
    pub column: u64,
}

/// A column as the client named it: `c_code`, `works.c_code` (the qualifier must be the entry), or `"C_Code"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnName {
    /// Lower-cased unless it was quoted.
    pub name: String,
    /// The relation it was qualified with (`works` in `works.c_code`).
    pub qualifier: Option<Qualifier>,
    pub at: Option<Position>,
}

/// The `works.` of `works.c_code`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualifier {
    /// Lower-cased unless it was quoted.
    pub name: String,
    /// The whole reference as written (`Works.C_Code`), for messages.
    pub written: String,
    pub at: Option<Position>,
}

/// A literal as written by the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Literal {
    Number(String),
    Text(String),
    Boolean(bool),
    Date(String),
    Timestamp(String),
}

impl Literal {
    /// The literal as it was written, for messages.
    pub fn describe(&self) -> String {
        match self {
            Literal::Number(n) => n.clone(),
            Literal::Text(t) => format!("'{t}'"),
            Literal::Boolean(b) => b.to_string(),
            Literal::Date(d) => format!("DATE '{d}'"),
            Literal::Timestamp(t) => format!("TIMESTAMP '{t}'"),
        }
    }

    /// The value as text, the form it is bound in.
    pub fn text(&self) -> String {
        match self {
            Literal::Number(n) | Literal::Text(n) | Literal::Date(n) | Literal::Timestamp(n) => {
                n.clone()
            }
            Literal::Boolean(flag) => flag.to_string(),
        }
    }
}

/// A literal and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    pub literal: Literal,
    pub at: Option<Position>,
}

/// One side of a comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    Column(ColumnName),
    Value(Value),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// A condition. Comparisons have a column on at least one side (two constants are refused when parsing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    And(Box<Condition>, Box<Condition>),
    Or(Box<Condition>, Box<Condition>),
    Not(Box<Condition>),
    Compare {
        left: Operand,
        op: Comparison,
        right: Operand,
        at: Option<Position>,
    },
    IsNull {
        column: ColumnName,
        negated: bool,
    },
    Like {
        column: ColumnName,
        pattern: String,
        case_insensitive: bool,
        negated: bool,
    },
    In {
        column: ColumnName,
        values: Vec<Value>,
        negated: bool,
        at: Option<Position>,
    },
    Between {
        column: ColumnName,
        low: Value,
        high: Value,
        negated: bool,
        at: Option<Position>,
    },
    /// `TRUE` or `FALSE` on its own.
    Constant(bool),
    /// A yes/no column on its own (`b_done`).
    Flag(ColumnName),
}

/// `ORDER BY column [ASC|DESC] [NULLS FIRST|LAST]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderTerm {
    pub column: ColumnName,
    pub direction: Direction,
    pub nulls_first: Option<bool>,
}

/// A whole filter: an optional condition and the trailing clauses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub condition: Option<Condition>,
    pub order: Vec<OrderTerm>,
    pub limit: Option<u64>,
    pub offset: Option<u64>,
}
