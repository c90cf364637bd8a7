//! The pending list's reads, from the registry: one query per entry with a `pending_for_user` rule, selecting the
//! key and the document number of the rows waiting on the user.

use schema_registry::{compile_filter, FilterLimits, ReadQuery, Registry};

use crate::error::ApiError;

/// Documents listed per register at most (the modal is a reminder, not a register).
pub const PENDING_LIMIT: u64 = 200;

/// One register's pending read.
pub struct PendingRead<'r> {
    /// The entry (for the opaque references of its documents).
    pub entry: &'r str,
    pub title: &'r str,
    /// The register's screen.
    pub url: Option<&'r str>,
    /// Selects (key as text, document number).
    pub query: ReadQuery<'r>,
}

pub fn pending_reads(registry: &Registry, user_id: i64) -> Result<Vec<PendingRead<'_>>, ApiError> {
    let mut reads = Vec::new();
    for entry in registry.entries() {
        let Some(rule) = &entry.def.pending_for_user else {
            continue;
        };
        let filter = rule.filter.replace(":user_id", &user_id.to_string());
        let compiled = compile_filter(entry, &filter, &FilterLimits::default()).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "pending_for_user of {} does not compile: {e}",
                entry.name
            ))
        })?;
        let doc_no = entry.readable_column(&rule.doc_no_column).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("{}: no doc_no column", entry.name))
        })?;
        let mut query = ReadQuery::new(entry, vec![entry.primary_key(), doc_no]);
        if let Some(condition) = compiled.condition {
            query.and_where(condition);
        }
        query.limit = Some(PENDING_LIMIT);
        reads.push(PendingRead {
            entry: &entry.name,
            title: entry.title(),
            url: entry.def.routes.first().map(String::as_str),
            query,
        });
    }
    Ok(reads)
}
