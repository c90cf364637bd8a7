//! The first step of a search that matches look-up columns by their display text: the keys of the look-up
//! records whose display contains the word (look-up lists are small), so that the main query can use
//! `column IN (keys)` and the column's index instead of a subquery per row.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use schema_registry::query::lookup_keys_sql;
use schema_registry::{Entry, Registry};

use crate::error::ApiError;
use crate::pipeline::execute::{internal, query};

/// Keys found per look-up column at most; beyond it the search falls back to a subquery.
pub const LOOKUP_KEYS_LIMIT: u64 = 200;

/// Per look-up column of `entry` the caller may read: `Some(keys)` (possibly empty), or `None` when the word
/// matched more than [`LOOKUP_KEYS_LIMIT`] records.
pub type LookupHits = HashMap<String, Option<Vec<String>>>;

pub async fn lookup_hits(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    word: &str,
) -> Result<LookupHits, ApiError> {
    let mut hits = LookupHits::new();
    let word = word.trim();
    if word.is_empty() {
        return Ok(hits);
    }
    for column in entry.readable_columns() {
        let Some(sql) =
            lookup_keys_sql(registry, column, word, LOOKUP_KEYS_LIMIT).map_err(internal)?
        else {
            continue;
        };
        let keys: Vec<String> = query(client, &sql)
            .await?
            .iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, _>>()?;
        let found = (keys.len() as u64 <= LOOKUP_KEYS_LIMIT).then_some(keys);
        hits.insert(column.name.clone(), found);
    }
    Ok(hits)
}
