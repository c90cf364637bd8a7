//! Primavera P6 XER files: [`reader`] decodes and splits the text into tables, [`model`] reads the tables the
//! importer uses into typed values (dates checked, hours turned into days of the activity's calendar).

pub mod model;
pub mod reader;
pub mod values;

pub use model::{read, Programme};

/// A file refused: nothing of it is stored. The message names the line (1-based) where it can.
#[derive(Debug, thiserror::Error)]
pub enum XerError {
    #[error("the file is empty: choose a Primavera P6 XER export (File > Export > Primavera PM - (XER))")]
    Empty,
    #[error("{message}")]
    Line { line: usize, message: String },
}

impl XerError {
    /// "line 1: not a Primavera P6 XER file …"
    pub fn at(line: usize, message: impl std::fmt::Display) -> Self {
        XerError::Line {
            line,
            message: format!("line {line}: {message}"),
        }
    }

    /// "line 57, TASK.target_start_date: '2015-13-01' is not a date"
    pub fn field(line: usize, table: &str, field: &str, message: impl std::fmt::Display) -> Self {
        XerError::Line {
            line,
            message: format!("line {line}, {table}.{field}: {message}"),
        }
    }

    /// The line the refusal names, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            XerError::Empty => None,
            XerError::Line { line, .. } => Some(*line),
        }
    }
}

/// Something the importer skipped or assumed, reported in the summary; the import goes on.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = XerWarning)]
pub struct Warning {
    /// The line of the file it is about (0 when it is about the file as a whole).
    pub line: usize,
    pub message: String,
}
