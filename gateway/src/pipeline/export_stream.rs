//! Pipeline stage 5 for exports: rows stream from PostgreSQL to the client without being held in memory.
//! CSV passes `COPY … TO STDOUT` through in 64 KiB chunks; XLSX reads rows as text and zips them as it goes.
//! A client that goes away mid-stream closes the database connection, so the server stops working for it.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use deadpool_postgres::Object;
use futures_util::{Stream, StreamExt};
use schema_registry::{Column, Sql};
use tokio::sync::mpsc;

use crate::base::xlsx::{CellKind, SheetColumn, SheetWriter};
use crate::error::ApiError;
use crate::pipeline::compile::reads::TableSelection;
use crate::pipeline::execute::{self, parameters};
use crate::pipeline::export_slots::ExportSlot;
use crate::pipeline::request::ExportFormat;

const CHUNK: usize = 64 * 1024;
/// Chunks in flight between the database task and the HTTP body; bounds the gateway's memory per export.
const CHANNEL_CHUNKS: usize = 4;

pub type Chunk = Result<Bytes, std::io::Error>;

/// A started export: the chunks as they come, and what the file is.
pub struct ExportStream {
    pub receiver: mpsc::Receiver<Chunk>,
    pub content_type: &'static str,
    pub extension: &'static str,
}

/// Starts the export of `selection` in `format` on `client`: the statement runs before this returns, so a
/// failure to start is an error answer, not a cut download.
pub async fn start(
    client: Object,
    format: ExportFormat,
    selection: &TableSelection<'_>,
    title: &str,
    limits: ExportLimits,
) -> Result<ExportStream, ApiError> {
    match format {
        ExportFormat::Csv => {
            let labels: Vec<String> = selection.columns.iter().map(|c| c.label.clone()).collect();
            let sql = selection
                .filtered
                .select_csv_sql()
                .map_err(execute::internal)?;
            Ok(ExportStream {
                receiver: csv(client, &sql, labels, limits).await?,
                content_type: "text/csv; charset=utf-8",
                extension: "csv",
            })
        }
        ExportFormat::Xlsx => {
            let sql = selection
                .filtered
                .select_text_sql()
                .map_err(execute::internal)?;
            Ok(ExportStream {
                receiver: xlsx(
                    client,
                    sql,
                    title.to_owned(),
                    selection.columns.clone(),
                    limits,
                )
                .await?,
                content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                extension: "xlsx",
            })
        }
    }
}

/// What bounds one export: its statement's time, how long its client may read nothing, and its slot (held until
/// the export ends, however it ends; shared with the request, which may start the export again elsewhere).
pub struct ExportLimits {
    pub statement_timeout: Duration,
    pub idle_timeout: Duration,
    pub slot: Arc<ExportSlot>,
}

/// The channel to the HTTP body. A client that reads nothing for the idle timeout ends the export, which frees
/// its connection and its slot.
struct Feed {
    sender: mpsc::Sender<Chunk>,
    idle: Duration,
    _slot: Arc<ExportSlot>,
}

impl Feed {
    async fn send(&self, chunk: Bytes) -> std::io::Result<()> {
        match tokio::time::timeout(self.idle, self.sender.send(Ok(chunk))).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(std::io::Error::other("the client went away")),
            Err(_) => Err(std::io::Error::other(format!(
                "the client read nothing for {} ms",
                self.idle.as_millis()
            ))),
        }
    }

    /// Tells the body the export failed, without waiting for a client that may not read.
    fn fail(&self, error: std::io::Error) {
        let _ = self.sender.try_send(Err(error));
    }
}

/// The body of an HTTP response fed by a background task.
pub fn body(mut receiver: mpsc::Receiver<Chunk>) -> impl Stream<Item = Chunk> {
    futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx))
}

/// Raises the session's statement timeout for the export and sets the filter values as session settings
/// (`COPY` takes no bind parameters; the query reads them with `current_setting`). One parameterised statement.
async fn prepare_session(
    client: &Object,
    timeout: Duration,
    settings: &[(String, String)],
) -> Result<(), ApiError> {
    let mut text = String::from("SELECT set_config('statement_timeout', $1, false)");
    let timeout_ms = timeout.as_millis().to_string();
    let mut values: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = vec![&timeout_ms];
    for (i, (name, value)) in settings.iter().enumerate() {
        text.push_str(&format!(
            ", set_config(${}, ${}, false)",
            2 * i + 2,
            2 * i + 3
        ));
        values.push(name);
        values.push(value);
    }
    client.query(text.as_str(), &values).await?;
    Ok(())
}

/// Returns the connection to the pool in its usual state, or drops it when the export did not finish (a
/// half-read COPY must not be handed to the next request).
async fn release(client: Object, finished: bool) {
    if finished && client.batch_execute("RESET ALL").await.is_ok() {
        return;
    }
    drop(Object::take(client));
}

/// Starts `COPY (sql) TO STDOUT (FORMAT csv)` and streams: UTF-8 BOM, the header row of labels, then the rows.
/// Errors before the first row (timeout, lost connection) are returned as such.
pub async fn csv(
    client: Object,
    sql: &Sql,
    labels: Vec<String>,
    limits: ExportLimits,
) -> Result<mpsc::Receiver<Chunk>, ApiError> {
    let (query, settings) = sql.with_settings_for_parameters();
    prepare_session(&client, limits.statement_timeout, &settings).await?;
    let copy = client
        .copy_out(format!("COPY ({query}) TO STDOUT WITH (FORMAT csv)").as_str())
        .await?;
    let mut copy = Box::pin(copy);
    // The first rows are read before the answer is committed to 200: a statement that fails as it runs (a bad
    // value, a timeout) is an error answer, not a download cut after its headers.
    let first_data = copy.next().await.transpose()?;
    let (sender, receiver) = mpsc::channel(CHANNEL_CHUNKS);
    let feed = Feed {
        sender,
        idle: limits.idle_timeout,
        _slot: limits.slot,
    };
    let mut first = BytesMut::with_capacity(CHUNK);
    first.extend_from_slice("\u{feff}".as_bytes());
    first.extend_from_slice(csv_line(&labels).as_bytes());
    let exhausted = first_data.is_none();
    if let Some(data) = first_data {
        first.extend_from_slice(&data);
    }
    tokio::spawn(async move {
        let mut buffer = first;
        let mut finished = false;
        loop {
            let next = if exhausted { None } else { copy.next().await };
            match next {
                Some(Ok(data)) => {
                    buffer.extend_from_slice(&data);
                    if buffer.len() >= CHUNK {
                        if let Err(error) = feed.send(buffer.split().freeze()).await {
                            tracing::warn!(%error, "CSV export ended early");
                            break;
                        }
                    }
                }
                Some(Err(error)) => {
                    tracing::warn!(error = %crate::ops::database::describe_pg_error(&error), "CSV export failed mid-stream");
                    feed.fail(std::io::Error::other("the export failed"));
                    break;
                }
                None => {
                    finished = feed.send(buffer.split().freeze()).await.is_ok();
                    break;
                }
            }
        }
        drop(copy);
        release(client, finished).await;
    });
    Ok(receiver)
}

/// One CSV record, quoted where needed (RFC 4180).
pub fn csv_line(fields: &[String]) -> String {
    let mut line = String::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        if field.contains([',', '"', '\n', '\r']) {
            line.push('"');
            line.push_str(&field.replace('"', "\"\""));
            line.push('"');
        } else {
            line.push_str(field);
        }
    }
    line.push_str("\r\n");
    line
}

/// A `Write` whose bytes the export task drains into the HTTP body.
#[derive(Clone, Default)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    fn take_if_at_least(&self, size: usize) -> Option<Bytes> {
        let mut buffer = self.0.lock().ok()?;
        (buffer.len() >= size).then(|| Bytes::from(std::mem::take(&mut *buffer)))
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("export buffer poisoned"))?
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A column as the sheet shows it: a look-up by its display text, a decimal with its scale (an amount to the
/// paisa), a date or timestamp as an Excel date; wide enough for its header and its values' usual length.
fn sheet_column(column: &Column) -> SheetColumn<'_> {
    use schema_registry::SqlType;
    let kind = match column.sql_type {
        _ if column.lookup.is_some() => CellKind::Text,
        SqlType::Numeric => match column.scale {
            Some(scale) => CellKind::Decimal(u8::try_from(scale).unwrap_or(u8::MAX)),
            None => CellKind::Number,
        },
        SqlType::Date => CellKind::Date,
        SqlType::Timestamp | SqlType::Timestamptz => CellKind::DateTime,
        ty if ty.is_number() => CellKind::Number,
        _ => CellKind::Text,
    };
    let values = match kind {
        CellKind::Number => 10.0,
        CellKind::Decimal(_) => 16.0,
        CellKind::Date => 12.0,
        CellKind::DateTime => 17.0,
        CellKind::Text => column
            .max_length
            .map_or(24.0, |length| f64::from(length.clamp(8, 40))),
    };
    let header = column.label.chars().count() as f64 + 2.0;
    SheetColumn {
        label: &column.label,
        kind,
        width: values.max(header.min(40.0)),
    }
}

/// Streams the rows of `sql` (a `select_text_sql`: every column as text) as an XLSX workbook.
pub async fn xlsx(
    client: Object,
    sql: Sql,
    sheet_name: String,
    columns: Vec<&Column>,
    limits: ExportLimits,
) -> Result<mpsc::Receiver<Chunk>, ApiError> {
    prepare_session(&client, limits.statement_timeout, &[]).await?;
    let sheet_columns: Vec<SheetColumn<'_>> = columns.iter().map(|c| sheet_column(c)).collect();
    let width = columns.len();
    let statement = client.prepare_cached(&sql.text).await?;
    let (sender, receiver) = mpsc::channel(CHANNEL_CHUNKS);
    let buffer = SharedBuffer::default();
    let mut sheet = SheetWriter::start_table(buffer.clone(), &sheet_name, &sheet_columns)
        .map_err(execute::internal)?;
    // As for CSV: the statement runs and its first row is read before the answer is committed to 200.
    let rows = client.query_raw(&statement, parameters(&sql)).await?;
    let mut rows = Box::pin(rows);
    let first_row = rows.next().await.transpose()?;
    let feed = Feed {
        sender,
        idle: limits.idle_timeout,
        _slot: limits.slot,
    };
    tokio::spawn(async move {
        let finished = async {
            let mut cells: Vec<Option<String>> = Vec::with_capacity(width);
            let mut next = first_row;
            while let Some(row) = next {
                cells.clear();
                for index in 0..width {
                    cells.push(
                        row.try_get::<_, Option<String>>(index)
                            .map_err(std::io::Error::other)?,
                    );
                }
                let refs: Vec<Option<&str>> = cells.iter().map(Option::as_deref).collect();
                if !sheet.write_row(&refs)? {
                    tracing::warn!("XLSX export stopped at Excel's row limit");
                    break;
                }
                if let Some(chunk) = buffer.take_if_at_least(CHUNK) {
                    feed.send(chunk).await?;
                }
                next = rows.next().await.transpose().map_err(|e| {
                    std::io::Error::other(crate::ops::database::describe_pg_error(&e))
                })?;
            }
            sheet.finish()?;
            if let Some(chunk) = buffer.take_if_at_least(0) {
                feed.send(chunk).await?;
            }
            Ok::<_, std::io::Error>(())
        }
        .await;
        let ok = match finished {
            Ok(()) => true,
            Err(error) => {
                tracing::warn!(error = %error, "XLSX export did not finish");
                feed.fail(error);
                false
            }
        };
        release(client, ok).await;
    });
    Ok(receiver)
}
