//! The first step of a search that matches look-up columns by their display text: the keys of the look-up
//! records whose display contains the word (look-up lists are small), so that the main query can use
//! `column IN (keys)` and the column's index instead of a subquery per row. Every look-up column's keys are read
//! in one statement.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use schema_registry::query::{lookup_keys_union_sql, same_lookup, searches_by_name};
use schema_registry::{Column, Registry};

use crate::error::ApiError;
use crate::pipeline::compile::Target;
use crate::pipeline::execute::{internal, query};

/// Keys found per look-up column at most; beyond it the search falls back to a subquery.
pub const LOOKUP_KEYS_LIMIT: u64 = 200;

/// Per look-up column of the target the caller may read: `Some(keys)` (possibly empty), or `None` when the word
/// matched more than [`LOOKUP_KEYS_LIMIT`] records.
pub type LookupHits = HashMap<String, Option<Vec<String>>>;

/// The keys of every searchable look-up column in one statement (one branch per look-up and display column,
/// shared by the columns that use the same one: an RFI's engineer, responder and ball-in-court all look people
/// up by name). Only records the caller may read are found (each look-up's read rule for the target's reader):
/// a search by name never tells that a record they may not read exists.
pub async fn lookup_hits(
    client: &impl GenericClient,
    registry: &Registry,
    target: &Target<'_>,
    word: &str,
) -> Result<LookupHits, ApiError> {
    let entry = &target.entry;
    let mut hits = LookupHits::new();
    let word = word.trim();
    if word.is_empty() {
        return Ok(hits);
    }
    // One searched look-up per (entry, display column), and which of them each column uses.
    let mut searched: Vec<&Column> = Vec::new();
    let mut uses: Vec<(&Column, usize)> = Vec::new();
    for column in entry
        .readable_columns()
        .filter(|column| searches_by_name(registry, column))
    {
        let index = match searched.iter().position(|known| same_lookup(known, column)) {
            Some(index) => index,
            None => {
                searched.push(column);
                searched.len() - 1
            }
        };
        uses.push((column, index));
    }
    let Some(sql) =
        lookup_keys_union_sql(registry, &searched, word, LOOKUP_KEYS_LIMIT, target.reader)
            .map_err(internal)?
    else {
        return Ok(hits);
    };
    let mut found: Vec<Vec<String>> = vec![Vec::new(); searched.len()];
    for row in query(client, &sql).await? {
        let index: i32 = row.try_get(0)?;
        if let Some(keys) = usize::try_from(index).ok().and_then(|i| found.get_mut(i)) {
            keys.push(row.try_get(1)?);
        }
    }
    for (column, index) in uses {
        let keys = &found[index];
        let within = (keys.len() as u64 <= LOOKUP_KEYS_LIMIT).then(|| keys.clone());
        hits.insert(column.name.clone(), within);
    }
    Ok(hits)
}
