//! Pipeline stage 4: run compiled SQL on one pooled connection, as cached prepared statements with bind
//! parameters; the session's statement timeout bounds every query. Each call is a `database` tracing span
//! (`RUST_LOG=gateway=debug` shows the statements and their durations).

use deadpool_postgres::{GenericClient, Object};
use futures_util::TryStreamExt;
use schema_registry::{JsonSource, Param, ReadQuery, Sql};
use tokio_postgres::types::ToSql;

use crate::error::ApiError;
use crate::pipeline::json_rows::{RenderError, RowWriter};

/// The bind parameters of `sql` in the form tokio-postgres takes.
pub fn parameters(sql: &Sql) -> Vec<&(dyn ToSql + Sync)> {
    sql.params
        .iter()
        .map(|param| match param {
            Param::Text(text) => text as &(dyn ToSql + Sync),
            Param::Int(number) => number as &(dyn ToSql + Sync),
        })
        .collect()
}

/// Runs `sql` as a cached prepared statement; at most one row. The database's own error comes back as it is
/// (record writes explain constraint violations from it).
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %sql.text))]
pub async fn query_opt(
    client: &impl GenericClient,
    sql: &Sql,
) -> Result<Option<tokio_postgres::Row>, tokio_postgres::Error> {
    let statement = client.prepare_cached(&sql.text).await?;
    client.query_opt(&statement, &parameters(sql)).await
}

/// [`query_opt`] for exactly one row.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %sql.text))]
pub async fn query_one(
    client: &impl GenericClient,
    sql: &Sql,
) -> Result<tokio_postgres::Row, tokio_postgres::Error> {
    let statement = client.prepare_cached(&sql.text).await?;
    client.query_one(&statement, &parameters(sql)).await
}

/// [`query_opt`] for any number of rows.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %sql.text))]
pub async fn query(
    client: &impl GenericClient,
    sql: &Sql,
) -> Result<Vec<tokio_postgres::Row>, tokio_postgres::Error> {
    let statement = client.prepare_cached(&sql.text).await?;
    client.query(&statement, &parameters(sql)).await
}

/// [`query_opt`] for a statement without rows; the number of rows it touched.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %sql.text))]
pub async fn run(client: &impl GenericClient, sql: &Sql) -> Result<u64, tokio_postgres::Error> {
    let statement = client.prepare_cached(&sql.text).await?;
    client.execute(&statement, &parameters(sql)).await
}

/// The rows of `source` as one JSON array, written as PostgreSQL's `json_agg` writes it (`[]` for none), and
/// how many there are. Rows are rendered as they stream in; no row list is kept.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %source.sql.text))]
pub async fn json_array(
    client: &impl GenericClient,
    source: &JsonSource,
) -> Result<(String, i64), ApiError> {
    render_array(client, source, |_, _, _| Ok(())).await
}

/// The distinct values of some output columns of a page, as text, each with the row it first appears in (rows
/// from 0), in the order they first appear.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageKeys {
    pub keys: Vec<(String, i64)>,
    seen: std::collections::HashSet<String>,
}

impl PageKeys {
    fn add(&mut self, key: String, row: i64) {
        if !self.seen.contains(&key) {
            self.seen.insert(key.clone());
            self.keys.push((key, row));
        }
    }

    /// The keys of the first `rows` rows.
    pub fn within(&self, rows: i64) -> impl Iterator<Item = &str> {
        self.keys
            .iter()
            .filter(move |(_, first)| *first < rows)
            .map(|(key, _)| key.as_str())
    }
}

/// [`json_array`], also collecting the values of the output columns at `positions` (look-up keys to name),
/// one [`PageKeys`] per position.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %source.sql.text))]
pub async fn json_array_with_keys(
    client: &impl GenericClient,
    source: &JsonSource,
    positions: &[usize],
) -> Result<(String, i64, Vec<PageKeys>), ApiError> {
    let mut keys = vec![PageKeys::default(); positions.len()];
    let (rows, count) = render_array(client, source, |writer, row, index| {
        for (position, found) in positions.iter().zip(keys.iter_mut()) {
            if let Some(key) = writer.key_text(row, *position)? {
                found.add(key, index);
            }
        }
        Ok(())
    })
    .await?;
    Ok((rows, count, keys))
}

/// The rows rendered as they stream in (no row list is kept); `each` sees every row after it is written.
async fn render_array(
    client: &impl GenericClient,
    source: &JsonSource,
    mut each: impl FnMut(&RowWriter, &tokio_postgres::Row, i64) -> Result<(), RenderError>,
) -> Result<(String, i64), ApiError> {
    let statement = client.prepare_cached(&source.sql.text).await?;
    let writer = RowWriter::new(statement.columns(), source).map_err(rendering)?;
    let rows = client
        .query_raw(&statement, parameters(&source.sql))
        .await?;
    futures_util::pin_mut!(rows);
    let mut out = String::with_capacity(1024);
    out.push('[');
    let mut count: i64 = 0;
    while let Some(row) = rows.try_next().await? {
        if count > 0 {
            out.push_str(", \n ");
        }
        writer.write_row(&row, &mut out).map_err(rendering)?;
        each(&writer, &row, count).map_err(rendering)?;
        count += 1;
    }
    if count == 0 {
        return Ok((String::from("[]"), 0));
    }
    out.push(']');
    Ok((out, count))
}

/// The first row of `source` as one JSON object (as `row_to_json` writes it) and the integer in its column
/// `version_column`, when it selects that column.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %source.sql.text))]
pub async fn json_object(
    client: &impl GenericClient,
    source: &JsonSource,
    version_column: &str,
) -> Result<Option<(String, Option<i64>)>, ApiError> {
    let statement = client.prepare_cached(&source.sql.text).await?;
    let writer = RowWriter::new(statement.columns(), source).map_err(rendering)?;
    let Some(row) = client
        .query_opt(&statement, &parameters(&source.sql))
        .await?
    else {
        return Ok(None);
    };
    let mut out = String::with_capacity(256);
    writer.write_row(&row, &mut out).map_err(rendering)?;
    let version = writer.integer(&row, version_column).map_err(rendering)?;
    Ok(Some((out, version)))
}

/// A database failure while rows stream keeps its own answer (a timeout is 503); anything else is a defect.
fn rendering(error: RenderError) -> ApiError {
    match error {
        RenderError::Database(error) => error.into(),
        other => internal(other),
    }
}

/// A row count, and whether it is the planner's estimate rather than a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub rows: i64,
    pub estimated: bool,
}

/// Counts the rows `query` selects, reading at most `threshold` rows (`threshold` > 0): when the planner expects
/// at least that many, its estimate is the answer (an exact count of a million-row table costs a full scan on
/// every page); otherwise the rows are counted up to `threshold`, and more than that is reported as the larger
/// of the estimate and `threshold` + 1, marked as an estimate. `threshold` 0 always counts exactly.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(entry = %query.entry.name))]
pub async fn count(
    client: &Object,
    query: &ReadQuery<'_>,
    threshold: i64,
) -> Result<Count, ApiError> {
    if threshold <= 0 {
        let sql = query.count_sql().map_err(internal)?;
        let statement = client.prepare_cached(&sql.text).await?;
        let row = client.query_one(&statement, &parameters(&sql)).await?;
        return Ok(Count {
            rows: row.try_get(0)?,
            estimated: false,
        });
    }
    let sql = query.estimate_sql().map_err(internal)?;
    let statement = client.prepare_cached(&sql.text).await?;
    let plan = client.query(&statement, &parameters(&sql)).await?;
    let first_line: String = match plan.first() {
        Some(row) => row.try_get(0)?,
        None => String::new(),
    };
    let estimate = planned_rows(&first_line).unwrap_or(0);
    if estimate >= threshold {
        return Ok(Count {
            rows: estimate,
            estimated: true,
        });
    }
    let sql = query.capped_count_sql(threshold).map_err(internal)?;
    let statement = client.prepare_cached(&sql.text).await?;
    let row = client.query_one(&statement, &parameters(&sql)).await?;
    let counted: i64 = row.try_get(0)?;
    Ok(if counted > threshold {
        Count {
            rows: estimate.max(counted),
            estimated: true,
        }
    } else {
        Count {
            rows: counted,
            estimated: false,
        }
    })
}

/// `Seq Scan on t  (cost=0.00..18334.00 rows=1000000 width=4)` → 1000000.
fn planned_rows(plan_line: &str) -> Option<i64> {
    let start = plan_line.find("rows=")? + "rows=".len();
    let digits: String = plan_line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

pub fn internal(error: impl std::error::Error + Send + Sync + 'static) -> ApiError {
    ApiError::Internal(anyhow::Error::new(error))
}

#[cfg(test)]
mod tests {
    use super::planned_rows;

    #[test]
    fn reads_the_row_estimate_of_the_top_plan_node() {
        assert_eq!(
            planned_rows(
                "Seq Scan on activity_progress  (cost=0.00..18334.00 rows=1000000 width=4)"
            ),
            Some(1_000_000)
        );
        assert_eq!(
            planned_rows("Result  (cost=0.00..0.01 rows=1 width=4)"),
            Some(1)
        );
        assert_eq!(planned_rows("nothing here"), None);
    }
}
