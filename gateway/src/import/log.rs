//! The import log (`import_run`, `import_error`) and saved mappings (`import_mapping`). The log is written on a
//! connection of its own, outside the import's transaction, so a refused, failed or dry run is logged too.

use deadpool_postgres::GenericClient;
use schema_registry::query::neutralise_formula;
use serde::Serialize;

use crate::error::ApiError;

/// Errors kept per run for the report; beyond it they are counted, not kept.
pub const ERROR_CAP: usize = 10_000;

/// One refused cell or row.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RowError {
    /// The row's number in the file (the header is row 1); 0 for the file as a whole.
    pub row: u64,
    /// The column's name, when one column is at fault.
    pub column: Option<String>,
    /// The column's label.
    pub label: Option<String>,
    /// The cell as the file holds it.
    pub value: Option<String>,
    pub message: String,
}

/// What a run is, as it starts.
pub struct RunStart<'a> {
    pub user: i64,
    pub entry: &'a str,
    pub route: Option<&'a str>,
    pub file_name: &'a str,
    pub sha256: &'a str,
    pub bytes: i64,
    pub format: Option<&'a str>,
    pub mode: &'a str,
    pub dry_run: bool,
}

pub async fn start(client: &impl GenericClient, run: &RunStart<'_>) -> Result<i64, ApiError> {
    let row = client
        .query_one(
            "INSERT INTO import_run (n_user, c_entry, c_route, c_file_name, c_sha256, n_bytes, c_format, c_mode,
                                     n_dry_run, c_status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running') RETURNING id",
            &[
                &run.user,
                &run.entry,
                &run.route,
                &run.file_name,
                &run.sha256,
                &run.bytes,
                &run.format,
                &run.mode,
                &i16::from(run.dry_run),
            ],
        )
        .await?;
    Ok(row.try_get(0)?)
}

/// How a run ended.
pub struct RunEnd<'a> {
    pub status: &'a str,
    pub format: Option<&'a str>,
    pub rows_read: u64,
    pub inserted: u64,
    pub updated: u64,
    pub refused: u64,
    pub message: Option<&'a str>,
}

pub async fn finish(
    client: &impl GenericClient,
    run: i64,
    end: &RunEnd<'_>,
    errors: &[RowError],
) -> Result<(), ApiError> {
    client
        .execute(
            "UPDATE import_run SET c_status = $2, c_format = coalesce($3, c_format), n_rows_read = $4,
                    n_inserted = $5, n_updated = $6, n_refused = $7, c_message = $8, d_finished = now()
             WHERE id = $1",
            &[
                &run,
                &end.status,
                &end.format,
                &(end.rows_read as i64),
                &(end.inserted as i64),
                &(end.updated as i64),
                &(end.refused as i64),
                &end.message,
            ],
        )
        .await?;
    for chunk in errors.chunks(1000) {
        let rows: Vec<i64> = chunk.iter().map(|e| e.row as i64).collect();
        let columns: Vec<Option<&str>> = chunk.iter().map(|e| e.column.as_deref()).collect();
        let values: Vec<Option<&str>> = chunk.iter().map(|e| e.value.as_deref()).collect();
        let messages: Vec<&str> = chunk.iter().map(|e| e.message.as_str()).collect();
        client
            .execute(
                "INSERT INTO import_error (n_run, n_row, c_column, c_value, c_message)
                 SELECT $1, r, c, v, m FROM unnest($2::int8[], $3::text[], $4::text[], $5::text[]) AS u(r, c, v, m)",
                &[&run, &rows, &columns, &values, &messages],
            )
            .await?;
    }
    Ok(())
}

/// One run as the list shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RunSummary {
    pub run: i64,
    pub user: Option<i64>,
    pub user_name: Option<String>,
    pub entry: String,
    pub route: Option<String>,
    pub file_name: String,
    pub sha256: Option<String>,
    pub bytes: i64,
    pub format: Option<String>,
    pub mode: String,
    pub dry_run: bool,
    /// `running`, `checked` (a dry run), `committed`, `refused` or `failed`.
    pub status: String,
    pub rows_read: i64,
    pub inserted: i64,
    pub updated: i64,
    pub refused: i64,
    /// ISO 8601.
    pub started: String,
    pub finished: Option<String>,
    pub message: Option<String>,
}

/// The last 50 runs of `user` (every user's for `None`), newest first, of `entry` when given.
pub async fn runs(
    client: &impl GenericClient,
    user: Option<i64>,
    entry: Option<&str>,
) -> Result<Vec<RunSummary>, ApiError> {
    let rows = client
        .query(
            "SELECT r.id, r.n_user, coalesce(u.c_name, u.c_username)::text, r.c_entry, r.c_route, r.c_file_name,
                    r.c_sha256, r.n_bytes, r.c_format, r.c_mode, r.n_dry_run = 1, r.c_status, r.n_rows_read,
                    r.n_inserted, r.n_updated, r.n_refused,
                    to_char(r.d_started AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    to_char(r.d_finished AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), r.c_message
             FROM import_run r LEFT JOIN users u ON u.id = r.n_user
             WHERE ($1::int8 IS NULL OR r.n_user = $1) AND ($2::text IS NULL OR r.c_entry = $2)
             ORDER BY r.id DESC LIMIT 50",
            &[&user, &entry],
        )
        .await?;
    rows.iter()
        .map(|row| {
            Ok(RunSummary {
                run: row.try_get(0)?,
                user: row.try_get(1)?,
                user_name: row.try_get(2)?,
                entry: row.try_get(3)?,
                route: row.try_get(4)?,
                file_name: row.try_get(5)?,
                sha256: row.try_get(6)?,
                bytes: row.try_get(7)?,
                format: row.try_get(8)?,
                mode: row.try_get(9)?,
                dry_run: row.try_get(10)?,
                status: row.try_get(11)?,
                rows_read: row.try_get(12)?,
                inserted: row.try_get(13)?,
                updated: row.try_get(14)?,
                refused: row.try_get(15)?,
                started: row.try_get(16)?,
                finished: row.try_get(17)?,
                message: row.try_get(18)?,
            })
        })
        .collect::<Result<_, tokio_postgres::Error>>()
        .map_err(ApiError::from)
}

/// The owner of run `run`, if it exists.
pub async fn owner(client: &impl GenericClient, run: i64) -> Result<Option<Option<i64>>, ApiError> {
    let row = client
        .query_opt("SELECT n_user FROM import_run WHERE id = $1", &[&run])
        .await?;
    Ok(match row {
        Some(row) => Some(row.try_get(0)?),
        None => None,
    })
}

/// The run's error report as CSV: `row,column,value,message`; a value or message that a spreadsheet would run
/// as a formula (a cell typed `=HYPERLINK(…)`) is written with a leading `'`, as the exports write it.
pub async fn errors_csv(client: &impl GenericClient, run: i64) -> Result<Vec<u8>, ApiError> {
    let rows = client
        .query(
            "SELECT n_row, c_column, c_value, c_message FROM import_error WHERE n_run = $1 ORDER BY id",
            &[&run],
        )
        .await?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    let internal = |e: csv::Error| ApiError::Internal(e.into());
    writer
        .write_record(["row", "column", "value", "message"])
        .map_err(internal)?;
    for row in &rows {
        let number: i64 = row.try_get(0)?;
        let column: Option<String> = row.try_get(1)?;
        let value: Option<String> = row.try_get(2)?;
        let message: String = row.try_get(3)?;
        writer
            .write_record([
                number.to_string(),
                neutralise_formula(&column.unwrap_or_default()).into_owned(),
                neutralise_formula(&value.unwrap_or_default()).into_owned(),
                neutralise_formula(&message).into_owned(),
            ])
            .map_err(internal)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
}

pub async fn saved_mapping(
    client: &impl GenericClient,
    user: i64,
    entry: &str,
) -> Result<Option<super::mapping::Mapping>, ApiError> {
    let row = client
        .query_opt(
            "SELECT j_mapping::text FROM import_mapping WHERE n_user = $1 AND c_entry = $2",
            &[&user, &entry],
        )
        .await?;
    match row {
        Some(row) => {
            let text: String = row.try_get(0)?;
            Ok(serde_json::from_str(&text).ok())
        }
        None => Ok(None),
    }
}

pub async fn save_mapping(
    client: &impl GenericClient,
    user: i64,
    entry: &str,
    mapping: &super::mapping::Mapping,
) -> Result<(), ApiError> {
    let text = serde_json::to_string(mapping).map_err(|e| ApiError::Internal(e.into()))?;
    client
        .execute(
            "INSERT INTO import_mapping (n_user, c_entry, j_mapping) VALUES ($1, $2, $3::text::jsonb)
             ON CONFLICT (n_user, c_entry) DO UPDATE SET j_mapping = EXCLUDED.j_mapping, d_saved = now()",
            &[&user, &entry, &text],
        )
        .await?;
    Ok(())
}
