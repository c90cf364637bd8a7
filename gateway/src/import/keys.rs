//! The unique keys of an entry's table (from the catalogue), as the columns that can find a record to update.

use deadpool_postgres::GenericClient;
use schema_registry::Entry;

use crate::error::ApiError;

/// Each unique constraint or index of the table (not the primary key, not on expressions) whose columns are all
/// readable columns of the entry, as column names.
pub async fn unique_keys(
    client: &impl GenericClient,
    entry: &Entry,
) -> Result<Vec<Vec<String>>, ApiError> {
    let rows = client
        .query(
            "SELECT array_agg(a.attname::text ORDER BY k.ord)
             FROM pg_index i
             CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
             WHERE i.indrelid = to_regclass($1) AND i.indisunique AND NOT i.indisprimary
               AND i.indexprs IS NULL AND i.indpred IS NULL
             GROUP BY i.indexrelid ORDER BY i.indexrelid",
            &[&format!("public.\"{}\"", entry.table.replace('"', "\"\""))],
        )
        .await?;
    let mut keys = Vec::new();
    for row in rows {
        let columns: Vec<String> = row.try_get(0)?;
        if columns.iter().all(|c| entry.readable_column(c).is_some()) {
            keys.push(columns);
        }
    }
    Ok(keys)
}
