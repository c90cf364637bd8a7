//! The names of the look-up keys on a data-table page (`names: true`): a list shows a station's corridor by its
//! name without reading every corridor. The page's keys are collected while its rows are rendered
//! ([`json_array_with_keys`](crate::pipeline::execute::json_array_with_keys)); their display texts are read in one statement for every look-up column
//! ([`lookup_names_sql`]) and answered as `{"<column>": {"<key>": "<display text>", …}, …}`.

use std::collections::{HashMap, HashSet};

use deadpool_postgres::GenericClient;
use schema_registry::query::{lookup_names_sql, nameable_lookup, same_lookup, NameRead};
use schema_registry::readers::Reader;
use schema_registry::{Column, ReadQuery, Registry};

use crate::error::ApiError;
use crate::pipeline::execute::{internal, query, PageKeys};
use crate::pipeline::json_rows::escape_into;

/// A look-up column of the page whose keys are named: its position among the page's output columns.
pub struct NamedColumn<'r> {
    pub position: usize,
    pub column: &'r Column,
}

/// The page's columns whose keys can be named: look-up columns (the caller may read them, or the page would not
/// hold them) whose look-up is a list every signed-in user may read the display of, as exports name them.
/// Columns standing for something else (a snapshot cut to the reader) are not keys.
pub fn named_columns<'r>(registry: &Registry, page: &ReadQuery<'r>) -> Vec<NamedColumn<'r>> {
    page.columns
        .iter()
        .enumerate()
        .filter(|(_, column)| {
            !page.overrides.contains_key(&column.name)
                && nameable_lookup(registry, column).is_some()
        })
        .map(|(position, column)| NamedColumn { position, column })
        .collect()
}

/// The output positions of `columns`, for [`json_array_with_keys`](crate::pipeline::execute::json_array_with_keys).
pub fn positions(columns: &[NamedColumn<'_>]) -> Vec<usize> {
    columns.iter().map(|named| named.position).collect()
}

/// The `names` member of the answer: per named column, the display text of each of its keys among the first
/// `rows` rows of the page (the rows the answer keeps), read in one statement. A key the look-up cannot name (no
/// such record, one `reader` may not read under the look-up's read rule, or no text) is left out, so the client
/// shows the key itself. Columns sharing a look-up and its
/// display column share one read of their keys.
pub async fn read_names(
    client: &impl GenericClient,
    registry: &Registry,
    reader: Option<Reader>,
    columns: &[NamedColumn<'_>],
    keys: &[PageKeys],
    rows: i64,
) -> Result<String, ApiError> {
    // One read per (look-up, display column), of the keys of every column using it.
    let mut reads: Vec<NameRead<'_>> = Vec::new();
    let mut wanted: Vec<HashSet<&str>> = Vec::new();
    let mut read_of: Vec<usize> = Vec::with_capacity(columns.len());
    for (named, found) in columns.iter().zip(keys) {
        let index = match reads
            .iter()
            .position(|read| same_lookup(read.column, named.column))
        {
            Some(index) => index,
            None => {
                reads.push(NameRead {
                    column: named.column,
                    keys: Vec::new(),
                });
                wanted.push(HashSet::new());
                reads.len() - 1
            }
        };
        for key in found.within(rows) {
            if wanted[index].insert(key) {
                reads[index].keys.push(key.to_owned());
            }
        }
        read_of.push(index);
    }
    let mut names: Vec<HashMap<String, String>> = vec![HashMap::new(); reads.len()];
    if let Some(sql) = lookup_names_sql(registry, &reads, reader).map_err(internal)? {
        for row in query(client, &sql).await? {
            let read: i32 = row.try_get(0)?;
            let key: String = row.try_get(1)?;
            let name: String = row.try_get(2)?;
            if let Some(found) = usize::try_from(read).ok().and_then(|i| names.get_mut(i)) {
                found.insert(key, name);
            }
        }
    }
    let mut out =
        String::with_capacity(64 + 32 * reads.iter().map(|r| r.keys.len()).sum::<usize>());
    out.push('{');
    for (index, ((named, found), read)) in columns.iter().zip(keys).zip(&read_of).enumerate() {
        if index > 0 {
            out.push(',');
        }
        escape_into(&named.column.name, &mut out);
        out.push_str(":{");
        let mut first = true;
        for key in found.within(rows) {
            let Some(name) = names[*read].get(key) else {
                continue;
            };
            if !first {
                out.push(',');
            }
            first = false;
            escape_into(key, &mut out);
            out.push(':');
            escape_into(name, &mut out);
        }
        out.push('}');
    }
    out.push('}');
    Ok(out)
}

/// Rows the answer keeps of a page read: all of them, or `max_rows` when the read found more (it asks for one
/// more to know).
pub fn kept_rows(count: i64, max_rows: Option<u64>) -> i64 {
    match max_rows.and_then(|limit| i64::try_from(limit).ok()) {
        Some(limit) if count > limit => limit,
        _ => count,
    }
}
