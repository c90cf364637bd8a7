//! The generic CSV/XLSX importer (docs/import.md): any writable registry entry, filled from a file through the
//! same write path as its form.
//! - [`source`]: the file read row by row (CSV in any common encoding and delimiter, or an XLSX sheet);
//! - [`mapping`]: headers to columns; [`convert`]: cells to the values the validator takes; [`lookup`]: codes
//!   and names to keys;
//! - [`run`]: the import in one transaction, row by row under savepoints; [`log`]: the import log and report;
//! - [`preview`]: the first rows and the offered mapping;
//! - [`receive`]: the multipart upload; [`request`]: the preset, options and mapping of an upload as a plan; [`progress`]: server-reported progress; [`template`]: the XLSX template.

pub mod convert;
pub mod keys;
pub mod log;
pub mod lookup;
pub mod mapping;
pub mod preview;
pub mod progress;
pub mod receive;
pub mod request;
pub mod run;
pub mod source;
pub mod template;

use crate::error::ApiError;
use source::SourceError;

/// `IMPORT_MAX_BYTES` unset: 100 MB.
pub const DEFAULT_MAX_BYTES: u64 = 100 * 1024 * 1024;

/// What imports share across requests.
#[derive(Debug)]
pub struct Imports {
    pub progress: progress::ProgressBoard,
    /// The largest file an import takes (`IMPORT_MAX_BYTES`).
    pub max_bytes: u64,
}

impl Imports {
    /// From the environment: `IMPORT_MAX_BYTES` (bytes; default 100 MB).
    pub fn from_env() -> Imports {
        let max_bytes = std::env::var("IMPORT_MAX_BYTES")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|&v| v > 0)
            .unwrap_or(DEFAULT_MAX_BYTES);
        Imports {
            progress: progress::ProgressBoard::default(),
            max_bytes,
        }
    }
}

/// A file that cannot be read, as the client's answer: 415 for what is not a CSV or XLSX at all, 422 for a
/// header row that cannot be used, 400 otherwise.
pub fn source_error(error: SourceError) -> ApiError {
    match error {
        SourceError::NotText(_) | SourceError::NotXlsx(..) => {
            ApiError::UnsupportedMediaType(error.to_string())
        }
        SourceError::Headers(message) => ApiError::Validation {
            message,
            fields: Vec::new(),
        },
        SourceError::Io(io) => ApiError::Internal(io.into()),
        SourceError::Limit(limit) => limit.into(),
        SourceError::Unreadable(message) => ApiError::Validation {
            message,
            fields: Vec::new(),
        },
        other => ApiError::BadRequest(other.to_string()),
    }
}
