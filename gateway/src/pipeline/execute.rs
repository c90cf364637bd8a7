//! Pipeline stage 4: run compiled SQL on one pooled connection, as cached prepared statements with bind
//! parameters; the session's statement timeout bounds every query. Each call is a `database` tracing span
//! (`RUST_LOG=gateway=debug` shows the statements and their durations).

use deadpool_postgres::{GenericClient, Object};
use schema_registry::{Param, ReadQuery, Sql};
use tokio_postgres::types::ToSql;

use crate::error::ApiError;

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

/// The answer of a `json_array_sql` query: the rows as a JSON array (text) and how many there are.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(statement = %sql.text))]
pub async fn json_array(client: &Object, sql: &Sql) -> Result<(String, i64), ApiError> {
    let row = query_one(client, sql).await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// A row count, and whether it is the planner's estimate rather than a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub rows: i64,
    pub estimated: bool,
}

/// Counts the rows `query` selects. When the planner expects at least `threshold` rows (and `threshold` > 0)
/// its estimate is returned instead: an exact count of a million-row table costs a full scan on every page.
#[tracing::instrument(name = "database", level = "debug", skip_all, fields(entry = %query.entry.name))]
pub async fn count(
    client: &Object,
    query: &ReadQuery<'_>,
    threshold: i64,
) -> Result<Count, ApiError> {
    if threshold > 0 {
        let sql = query.estimate_sql().map_err(internal)?;
        let statement = client.prepare_cached(&sql.text).await?;
        let plan = client.query(&statement, &parameters(&sql)).await?;
        let first_line: String = match plan.first() {
            Some(row) => row.try_get(0)?,
            None => String::new(),
        };
        if let Some(estimate) = planned_rows(&first_line) {
            if estimate >= threshold {
                return Ok(Count {
                    rows: estimate,
                    estimated: true,
                });
            }
        }
    }
    let sql = query.count_sql().map_err(internal)?;
    let statement = client.prepare_cached(&sql.text).await?;
    let row = client.query_one(&statement, &parameters(&sql)).await?;
    Ok(Count {
        rows: row.try_get(0)?,
        estimated: false,
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
