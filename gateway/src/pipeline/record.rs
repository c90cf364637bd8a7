//! One stored record as the pipeline reads it for a caller (`fetch`: the entry as they may see it, within the rows
//! they may read), and the shape of a saved one, which the record service (the `records/` folder) returns and
//! the respond stage answers with.

use deadpool_postgres::GenericClient;
use schema_registry::record;
use schema_registry::Entry;

use crate::error::ApiError;
use crate::pipeline::compile::Target;
use crate::pipeline::execute::{internal, json_object};

/// A stored record as the client reads it: one JSON object (PostgreSQL's rendering) and its row version.
#[derive(Debug, Clone)]
pub struct Record {
    pub json: String,
    pub version: Option<i64>,
}

/// The outcome of a create or update.
#[derive(Debug, Clone)]
pub struct Saved {
    pub key: String,
    pub record: Record,
    /// Columns whose stored value changed (every written column on create).
    pub changed: Vec<String>,
}

/// Reads one record of `view` (the entry as the caller may see it), within `rows` when the caller is limited to
/// some rows.
pub async fn fetch(
    client: &impl GenericClient,
    target: &Target<'_>,
    key: &str,
) -> Result<Option<Record>, ApiError> {
    let view: &Entry = &target.entry;
    let mut query = target.read(view.readable_columns().collect());
    query.and_where(record::key_condition(view, key));
    let source = query.json_source().map_err(internal)?;
    let found = json_object(client, &source, schema_registry::ROW_VERSION).await?;
    Ok(found.map(|(json, version)| Record { json, version }))
}

/// The 404 of a record the caller cannot see, named as the entry's title and key.
pub fn not_found(entry: &Entry, key: &str) -> ApiError {
    ApiError::no_record(entry.title(), key)
}
