//! A register's `[upload]` read from the registry once per upload: the register and its file lines, which of the
//! register's columns the upload form may fill, the line column the files of a new record go on, and when a next
//! line may be uploaded. The upload service (in the record service's folder) writes through the record write
//! path and reads nothing of the registry itself.

use schema_registry::upload::UploadDef;
use schema_registry::{Entry, Registry};

use super::writable_entry;
use crate::error::ApiError;

/// Everything an upload to one register needs.
#[derive(Debug, Clone, Copy)]
pub struct Spec<'r> {
    pub entry: &'r Entry,
    /// The child register whose line keeps the files.
    pub lines: &'r Entry,
    /// The register's column naming the line the database makes with a new record.
    pub first_line: &'r str,
    /// The lines' column holding the record's key.
    pub line_parent: &'r str,
    def: &'r UploadDef,
}

impl<'r> Spec<'r> {
    /// The register's columns a new record's form may fill (every column a client may write).
    pub fn record_fields(&self) -> Vec<&'r str> {
        self.entry
            .readable_columns()
            .filter(|column| !column.read_only)
            .map(|column| column.name.as_str())
            .collect()
    }

    /// The line's columns a next line's form may fill.
    pub fn line_fields(&self) -> Vec<&'r str> {
        self.def.next_fields.iter().map(String::as_str).collect()
    }

    /// `Err` with the register's own advice when a record in `state` takes no next line.
    pub fn check_next_line(&self, state: &str) -> Result<(), ApiError> {
        if self.def.next_in.iter().any(|s| s == state) {
            Ok(())
        } else {
            Err(ApiError::Conflict(self.def.refusal(state).to_owned()))
        }
    }
}

/// The register's upload (400 for a register without `[upload]`; 405 for a read-only one).
pub fn spec<'r>(registry: &'r Registry, name: &str) -> Result<Spec<'r>, ApiError> {
    let entry = writable_entry(registry, name)?;
    let Some(def) = &entry.def.upload else {
        return Err(ApiError::BadRequest(format!(
            "{} takes no upload with files (its registry file declares no [upload]); add files to a record with \
             POST /api/data/{}/{{id}}/files",
            entry.title(),
            entry.name
        )));
    };
    // Checked at load: the lines are a writable child register and `first_line` looks them up.
    let lines = writable_entry(registry, &def.lines)?;
    let line_parent = lines
        .parent
        .as_ref()
        .map(|p| p.key.as_str())
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "[upload] of {} names {}, which is not its child register",
                entry.name,
                lines.name
            ))
        })?;
    Ok(Spec {
        entry,
        lines,
        first_line: def.first_line.as_str(),
        line_parent,
        def,
    })
}
