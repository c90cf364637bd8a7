//! One import: the file read row by row on a blocking thread (a bounded channel hands rows over, so memory stays
//! flat), each row converted, its look-ups resolved and written through the same write path as the form
//! (`record::validate` + `record::stamp` + `write::create_in` / `write::update_in`) under a savepoint of one
//! transaction. A row the rules or the database refuse is rolled back to its savepoint and reported with the
//! form's messages. A dry run rolls everything back; a commit with refused rows writes nothing unless the caller
//! asked for the valid rows only.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use schema_registry::model::ImportMode;
use schema_registry::record::{self, FieldValue, WriteMode};
use schema_registry::sea_query::{Alias, Expr, ExprTrait};
use schema_registry::{Column, Entry};
use serde::Serialize;

use super::log::{self, RowError, RunEnd, RunStart, ERROR_CAP};
use super::lookup::{self, LookupCache};
use super::mapping::{self, Mapping};
use super::progress::{Phase, Progress};
use super::receive::Upload;
use super::source::{self, Cell, SourceError, SourceRow};
use super::{convert, source_error};
use crate::auth::Caller;
use crate::base::xlsx::column_letters;
use crate::error::{ApiError, FieldError};
use crate::pipeline::authorise::{authorise, Access};
use crate::pipeline::compile;
use crate::pipeline::constraint::{self, Action};
use crate::pipeline::execute::{internal, json_array};
use crate::records::write::{self, Failure, Writer};
use crate::state::AppState;
use crate::workflow::hand_off::Links;

/// Errors the answer carries (the rest are in the report).
pub const ERRORS_SHOWN: usize = 200;

/// Rows written under one savepoint. A savepoint per row would make every 200,000-row import 200,000
/// subtransactions (PostgreSQL's snapshots overflow past 64 and slow down every session); a chunk that fails is
/// rolled back and written again row by row, each under its own savepoint, to find and report the bad rows.
const CHUNK_ROWS: usize = 500;

/// Rows the reader may be ahead of the writer.
const CHANNEL_ROWS: usize = 256;

/// Bytes of rows the reader may be ahead of the writer: with the rows' count above, what waits in the channel
/// stays small whatever the rows' width (a row of 16,384 cells is half a megabyte).
const IN_FLIGHT_BYTES: usize = 16 * 1024 * 1024;

/// A value or message kept in an error report at most (characters): 10,000 errors of a file of long cells must
/// not hold the file many times over.
const REPORTED_CHARS: usize = 300;

/// What the caller asked for.
#[derive(Debug, Clone)]
pub struct Plan {
    pub route: Option<String>,
    pub mapping: Mapping,
    pub preset_mapping: Option<BTreeMap<String, String>>,
    /// The state every record arrives in (a preset's `arrives_in`: imported history).
    pub arrives_in: Option<String>,
    pub saved_mapping: Option<Mapping>,
    /// Column → value (as a cell would give it) for every row.
    pub fixed: BTreeMap<String, String>,
    pub mode: ImportMode,
    pub key: Vec<String>,
    pub dry_run: bool,
    pub valid_only: bool,
    pub sheet: Option<String>,
}

/// The answer to an import.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ImportSummary)]
pub struct Summary {
    pub run: i64,
    pub dry_run: bool,
    /// Whether rows were written (a commit that wrote).
    pub committed: bool,
    pub file_name: String,
    pub sha256: String,
    pub rows_read: u64,
    pub inserted: u64,
    pub updated: u64,
    /// Rows refused.
    pub refused: u64,
    /// The first 200 problems.
    pub errors: Vec<RowError>,
    /// All problems found (the report keeps the first 10,000).
    pub errors_total: u64,
    pub error_report: String,
}

/// Runs the import and logs it, whatever its outcome.
pub async fn import(
    state: &AppState,
    caller: &Caller,
    entry: &Entry,
    plan: Plan,
    upload: Upload,
    progress: Option<Arc<Progress>>,
) -> Result<Summary, ApiError> {
    let format = source::format_of(upload.temporary.path(), &upload.name)
        .ok()
        .map(|f| f.as_str());
    let run = {
        let client = state.pool.get().await?;
        log::start(
            &client,
            &RunStart {
                user: caller.user_id,
                entry: &entry.name,
                route: plan.route.as_deref(),
                file_name: &upload.name,
                sha256: &upload.sha256,
                bytes: upload.size as i64,
                format,
                mode: plan.mode.as_str(),
                dry_run: plan.dry_run,
            },
        )
        .await?
    };
    if let Some(progress) = &progress {
        progress.bytes_total.store(upload.size, Ordering::Relaxed);
        progress.bytes_read.store(0, Ordering::Relaxed);
        progress.set_phase(if plan.dry_run {
            Phase::Checking
        } else {
            Phase::Writing
        });
    }
    let mut tally = Tally::default();
    let outcome = execute(
        state,
        caller,
        entry,
        &plan,
        &upload,
        progress.clone(),
        run,
        &mut tally,
    )
    .await;
    if let Some(progress) = &progress {
        progress.set_phase(Phase::Done);
    }
    // Rows refused when their chunk was written are reported among the others, by row.
    tally.errors.sort_by_key(|error| error.row);
    let summary = |committed: bool, tally: &Tally| Summary {
        run,
        dry_run: plan.dry_run,
        committed,
        file_name: upload.name.clone(),
        sha256: upload.sha256.clone(),
        rows_read: tally.rows_read,
        inserted: tally.inserted,
        updated: tally.updated,
        refused: tally.refused,
        errors: tally.errors.iter().take(ERRORS_SHOWN).cloned().collect(),
        errors_total: tally.errors_total,
        error_report: format!("/api/import/runs/{run}/errors.csv"),
    };
    let (status, message, answer) = match outcome {
        Ok(Ending::Checked) => ("checked", None, Ok(summary(false, &tally))),
        Ok(Ending::Committed) => ("committed", None, Ok(summary(true, &tally))),
        Ok(Ending::Refused) => {
            let body = summary(false, &tally);
            let message = format!(
                "{} of {} rows were refused, so nothing was imported; correct them (see the error report) or import the valid rows only",
                tally.refused, tally.rows_read
            );
            let details = serde_json::to_value(&body).map_err(internal)?;
            (
                "refused",
                Some(message.clone()),
                Err(ApiError::ImportRefused { message, details }),
            )
        }
        Err(error) => {
            let status = if error.status_code_is_client() {
                "refused"
            } else {
                "failed"
            };
            // A refusal of the whole file is its one problem in the report.
            if tally.errors.is_empty() {
                tally.errors.push(RowError {
                    row: 0,
                    column: None,
                    label: None,
                    value: None,
                    message: error.to_string(),
                });
            }
            (status, Some(error.to_string()), Err(error))
        }
    };
    let client = state.pool.get().await?;
    log::finish(
        &client,
        run,
        &RunEnd {
            status,
            format,
            rows_read: tally.rows_read,
            inserted: tally.inserted,
            updated: tally.updated,
            refused: tally.refused,
            message: message.as_deref(),
        },
        &tally.errors,
    )
    .await?;
    answer
}

#[derive(Debug, Default)]
struct Tally {
    rows_read: u64,
    inserted: u64,
    updated: u64,
    refused: u64,
    errors: Vec<RowError>,
    errors_total: u64,
}

impl Tally {
    fn error(&mut self, mut error: RowError) {
        self.errors_total += 1;
        if self.errors.len() < ERROR_CAP {
            if let Some(value) = error.value.as_mut() {
                cut(value);
            }
            cut(&mut error.message);
            self.errors.push(error);
        }
    }
}

/// Cuts `text` to [`REPORTED_CHARS`] characters, marking the cut.
fn cut(text: &mut String) {
    if let Some((at, _)) = text.char_indices().nth(REPORTED_CHARS) {
        text.truncate(at);
        text.push('…');
    }
}

/// What a row holds in memory, roughly: its cells and their text.
fn row_bytes(row: &SourceRow) -> usize {
    row.cells
        .iter()
        .map(|cell| {
            std::mem::size_of::<Cell>()
                + match cell {
                    Cell::Text(text) | Cell::Formula(text) | Cell::Error(text) => text.len(),
                    _ => 0,
                }
        })
        .sum()
}

enum Ending {
    Checked,
    Committed,
    Refused,
}

/// A row with its share of the bytes in flight (given back when the row is dropped), or why the file ended.
type RowMessage = Result<(SourceRow, OwnedSemaphorePermit), SourceError>;

#[allow(clippy::too_many_arguments)]
async fn execute(
    state: &AppState,
    caller: &Caller,
    entry: &Entry,
    plan: &Plan,
    upload: &Upload,
    progress: Option<Arc<Progress>>,
    run: i64,
    tally: &mut Tally,
) -> Result<Ending, ApiError> {
    let registry = &state.registry;
    // The file is read in one of the reading slots, held until the import ends.
    let _slot = state.file_readers.take().await?;
    let (sender, mut rows) = tokio::sync::mpsc::channel::<RowMessage>(CHANNEL_ROWS);
    let path = upload.temporary.path().to_path_buf();
    let name = upload.name.clone();
    let sheet = plan.sheet.clone();
    let counter = progress.clone();
    let in_flight = Arc::new(Semaphore::new(IN_FLIGHT_BYTES));
    let reader = tokio::task::spawn_blocking(move || {
        let runtime = tokio::runtime::Handle::current();
        let outcome = source::read_rows(&path, &name, sheet.as_deref(), progress, |_, row| {
            let share = row_bytes(&row).clamp(1, IN_FLIGHT_BYTES) as u32;
            match runtime.block_on(in_flight.clone().acquire_many_owned(share)) {
                Ok(permit) => sender.blocking_send(Ok((row, permit))).is_ok(),
                Err(_) => false,
            }
        });
        if let Err(error) = outcome {
            let _ = sender.blocking_send(Err(error));
        }
    });
    let header = match rows.recv().await {
        Some(Ok((row, _))) => row,
        Some(Err(error)) => return Err(source_error(error)),
        None => return Err(source_error(SourceError::Empty(upload.name.clone()))),
    };
    // The headers are checked and matched off the HTTP worker.
    let (headers, automatic) = {
        let registry = state.registry.clone();
        let entry_name = entry.name.clone();
        let (preset, saved) = (plan.preset_mapping.clone(), plan.saved_mapping.clone());
        tokio::task::spawn_blocking(move || {
            let entry = registry
                .entry(&entry_name)
                .ok_or_else(|| ApiError::UnknownTable(entry_name.clone()))?;
            let headers = mapping::headers(&header.cells).map_err(source_error)?;
            let automatic = mapping::automatic(entry, &headers, preset.as_ref(), saved.as_ref());
            Ok::<_, ApiError>((headers, automatic))
        })
        .await
        .map_err(|e| ApiError::Internal(e.into()))??
    };
    let fixed_names: Vec<&str> = plan.fixed.keys().map(String::as_str).collect();
    let columns = mapping::columns_of(entry, &headers, &plan.mapping, &automatic, &fixed_names)?;
    let mut fixed: Vec<&Column> = Vec::new();
    for name in plan.fixed.keys() {
        match mapping::importable(entry).find(|c| &c.name == name) {
            Some(column) => fixed.push(column),
            None => {
                return Err(ApiError::BadRequest(format!(
                    "fixed: `{name}` is not a field of {} that can be imported",
                    entry.title()
                )))
            }
        }
    }
    for key in &plan.key {
        if entry.readable_column(key).is_none() {
            return Err(ApiError::BadRequest(format!(
                "key: `{key}` is not a field of {}",
                entry.title()
            )));
        }
        let given =
            columns.iter().flatten().any(|c| &c.name == key) || plan.fixed.contains_key(key);
        if !given {
            return Err(ApiError::validation(vec![FieldError::new(
                key,
                format!(
                    "{} finds the record to update, but no header is mapped to it",
                    entry.column(key).map_or(key.as_str(), |c| c.label.as_str())
                ),
            )]));
        }
    }
    if plan.mode != ImportMode::Insert && plan.key.is_empty() {
        return Err(ApiError::BadRequest(format!(
            "{} needs a key: the columns that find the record to update",
            plan.mode.as_str()
        )));
    }
    let grant = authorise(caller, entry, Access::View)?;
    let target = compile::target(registry, entry, &grant, caller)?;
    let plans = lookup::plans(registry, entry, target.reader).map_err(internal)?;
    let mut cache = LookupCache::default();
    let links = Links {
        references: &state.references,
        public_url: &state.auth.public_url,
    };
    let writer = Writer {
        caller,
        scoped: compile::scoped_user(entry, caller),
        links: &links,
    };
    let mut seen_keys: HashMap<Vec<String>, u64> = HashMap::new();
    let mut chunk: Vec<Ready<'_>> = Vec::with_capacity(CHUNK_ROWS);
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    transaction
        .execute(
            "SELECT set_config('pmis.import_run', $1, true)",
            &[&run.to_string()],
        )
        .await?;
    while let Some(message) = rows.recv().await {
        let (row, _share) = message.map_err(source_error)?;
        tally.rows_read += 1;
        if let Some(counter) = &counter {
            counter.rows_read.store(tally.rows_read, Ordering::Relaxed);
        }
        if let Some(beyond) = row.beyond {
            refuse(
                tally,
                vec![row_problem(row.number, format!(
                        "row {} has a value in column {}, right of the last header ({}): put a value that holds the delimiter in quotes, or give the column a header",
                        row.number,
                        column_letters(beyond),
                        column_letters(headers.len().saturating_sub(1))
                    ))],
            );
            continue;
        }
        let mut problems: Vec<RowError> = Vec::new();
        let mut fields: Vec<(String, FieldValue)> = Vec::new();
        let mut shown: HashMap<&str, String> = HashMap::new();
        let mut pending: Vec<(bool, &Column, String)> = Vec::new();
        let cells = columns
            .iter()
            .enumerate()
            .filter_map(|(index, column)| column.map(|c| (index, c)))
            .map(|(index, column)| {
                let cell = row.cells.get(index).cloned().unwrap_or(Cell::Empty);
                (Some(index), column, cell)
            })
            .chain(fixed.iter().map(|column| {
                let text = plan.fixed.get(&column.name).cloned().unwrap_or_default();
                (None, *column, Cell::Text(text))
            }));
        for (index, column, cell) in cells {
            shown.insert(column.name.as_str(), cell.display());
            if let Cell::Formula(_) = cell {
                let at = format!("{}{}", column_letters(index.unwrap_or(0)), row.number);
                problems.push(problem(row.number, column, &cell, format!(
                    "the formula in {at} has no computed value; open the file in Excel and save it, or paste values"
                )));
                continue;
            }
            if column.lookup.is_some() && plans.contains_key(&column.name) {
                let text = cell.display();
                if text.trim().is_empty() {
                    fields.push((column.name.clone(), FieldValue::Null));
                } else {
                    pending.push((index.is_some(), column, text));
                }
                continue;
            }
            match convert::value(column, &cell) {
                Ok(value) => fields.push((column.name.clone(), value)),
                Err(message) => problems.push(problem(row.number, column, &cell, message)),
            }
        }
        // The screen's values first (the IPA chosen), then look-ups narrowed by others' values after those.
        pending.sort_by_key(|(from_row, column, _)| {
            (
                *from_row,
                plans.get(&column.name).map_or(0, |p| p.context.len()),
            )
        });
        for (_, column, text) in pending {
            let Some(plan_of) = plans.get(&column.name) else {
                continue;
            };
            let context: Vec<Option<String>> = plan_of
                .context
                .iter()
                .map(|(name, _)| {
                    fields
                        .iter()
                        .find(|(n, _)| n == name)
                        .and_then(|(_, v)| value_text(v))
                })
                .collect();
            match cache.resolve(&transaction, plan_of, &text, context).await? {
                Ok(key) => fields.push((column.name.clone(), FieldValue::Number(key))),
                Err(message) => {
                    problems.push(problem(row.number, column, &Cell::Text(text), message))
                }
            }
        }
        if !problems.is_empty() {
            refuse(tally, problems);
            continue;
        }
        // The business key: found once in the file, then among the records the caller may see.
        let mut existing: Option<(String, i64)> = None;
        if !plan.key.is_empty() {
            let values: Vec<Option<String>> = plan
                .key
                .iter()
                .map(|name| {
                    fields
                        .iter()
                        .find(|(n, _)| n == name)
                        .and_then(|(_, v)| value_text(v))
                })
                .collect();
            let described = describe_key(entry, &plan.key, &shown);
            if let Some(missing) = plan.key.iter().zip(&values).find(|(_, v)| v.is_none()) {
                let column = entry.column(missing.0);
                refuse(
                    tally,
                    vec![RowError {
                        row: row.number,
                        column: Some(missing.0.clone()),
                        label: column.map(|c| c.label.clone()),
                        value: None,
                        message: format!(
                            "{} is needed to find the record to update",
                            column.map_or(missing.0.as_str(), |c| c.label.as_str())
                        ),
                    }],
                );
                continue;
            }
            let values: Vec<String> = values.into_iter().flatten().collect();
            if let Some(first) = seen_keys.get(&values) {
                refuse(
                    tally,
                    vec![RowError {
                        row: row.number,
                        column: plan.key.last().cloned(),
                        label: plan
                            .key
                            .last()
                            .and_then(|k| entry.column(k))
                            .map(|c| c.label.clone()),
                        value: plan.key.last().and_then(|k| shown.get(k.as_str()).cloned()),
                        message: format!("{described} is also on row {first}"),
                    }],
                );
                continue;
            }
            seen_keys.insert(values.clone(), row.number);
            if plan.mode != ImportMode::Insert {
                let found = find(&transaction, &target, entry, &plan.key, &values).await?;
                match (found.as_slice(), plan.mode) {
                    ([one], _) => existing = Some(one.clone()),
                    ([], ImportMode::Update) => {
                        refuse(
                            tally,
                            vec![row_problem(
                                row.number,
                                format!("no {} with {described}", entry.title()),
                            )],
                        );
                        continue;
                    }
                    ([], _) => {}
                    (many, _) => {
                        refuse(
                            tally,
                            vec![row_problem(
                                row.number,
                                format!(
                                "{} records of {} have {described}; the key must find one record",
                                many.len(),
                                entry.title()
                            ),
                            )],
                        );
                        continue;
                    }
                }
            }
        }
        let mode = if existing.is_some() {
            WriteMode::Update
        } else {
            WriteMode::Create
        };
        if existing.is_some() && authorise(caller, entry, Access::Update).is_err() {
            return Err(ApiError::ForbiddenAction {
                action: "update",
                title: entry.title().to_owned(),
            });
        }
        let mut input = match record::validate_imported(entry, &fields, mode) {
            Ok(input) => input,
            Err(found) => {
                let problems = found
                    .into_iter()
                    .map(|p| field_problem(row.number, entry, &shown, &p.field, p.message))
                    .collect();
                refuse(tally, problems);
                continue;
            }
        };
        record::stamp(entry, &mut input, mode, caller.user_id);
        input.arrives_in.clone_from(&plan.arrives_in);
        chunk.push(Ready {
            number: row.number,
            input,
            existing,
            shown,
        });
        if chunk.len() >= CHUNK_ROWS {
            write_chunk(&transaction, registry, entry, &mut chunk, writer, tally).await?;
        }
    }
    write_chunk(&transaction, registry, entry, &mut chunk, writer, tally).await?;
    // The reader has ended: a file broken part-way reported its error above.
    reader.await.map_err(|e| ApiError::Internal(e.into()))?;
    if plan.dry_run {
        transaction.rollback().await?;
        Ok(Ending::Checked)
    } else if tally.refused > 0 && !plan.valid_only {
        transaction.rollback().await?;
        Ok(Ending::Refused)
    } else {
        transaction.commit().await?;
        Ok(Ending::Committed)
    }
}

/// A row checked and ready to write.
struct Ready<'e> {
    number: u64,
    input: record::RecordInput<'e>,
    existing: Option<(String, i64)>,
    shown: HashMap<&'e str, String>,
}

async fn write_row(
    transaction: &deadpool_postgres::Transaction<'_>,
    registry: &schema_registry::Registry,
    entry: &Entry,
    ready: &Ready<'_>,
    writer: Writer<'_>,
) -> Result<(), Failure> {
    match &ready.existing {
        Some((key, version)) => {
            write::update_in(
                transaction,
                registry,
                entry,
                key,
                &ready.input,
                *version,
                writer,
            )
            .await?
        }
        None => write::create_in(transaction, registry, entry, &ready.input, writer).await?,
    };
    Ok(())
}

/// Writes the chunk's rows under one savepoint; when one fails, rolls the chunk back and writes it again row by
/// row, each under its own savepoint, reporting the refused ones.
async fn write_chunk(
    transaction: &deadpool_postgres::Transaction<'_>,
    registry: &schema_registry::Registry,
    entry: &Entry,
    chunk: &mut Vec<Ready<'_>>,
    writer: Writer<'_>,
    tally: &mut Tally,
) -> Result<(), ApiError> {
    if chunk.is_empty() {
        return Ok(());
    }
    transaction.batch_execute("SAVEPOINT import_chunk").await?;
    let mut whole = true;
    for ready in chunk.iter() {
        if write_row(transaction, registry, entry, ready, writer)
            .await
            .is_err()
        {
            whole = false;
            break;
        }
    }
    if whole {
        transaction
            .batch_execute("RELEASE SAVEPOINT import_chunk")
            .await?;
        for ready in chunk.iter() {
            if ready.existing.is_some() {
                tally.updated += 1;
            } else {
                tally.inserted += 1;
            }
        }
        chunk.clear();
        return Ok(());
    }
    transaction
        .batch_execute("ROLLBACK TO SAVEPOINT import_chunk")
        .await?;
    for ready in chunk.iter() {
        transaction.batch_execute("SAVEPOINT import_row").await?;
        match write_row(transaction, registry, entry, ready, writer).await {
            Ok(()) => {
                transaction
                    .batch_execute("RELEASE SAVEPOINT import_row")
                    .await?;
                if ready.existing.is_some() {
                    tally.updated += 1;
                } else {
                    tally.inserted += 1;
                }
            }
            Err(failure) => {
                transaction
                    .batch_execute("ROLLBACK TO SAVEPOINT import_row")
                    .await?;
                let action = if ready.existing.is_some() {
                    Action::Update
                } else {
                    Action::Create
                };
                let error = match failure {
                    Failure::Answer(error) => error,
                    Failure::Database(error) => {
                        let key = ready.existing.as_ref().map(|(k, _)| k.as_str());
                        constraint::explain(transaction, registry, entry, key, action, error).await
                    }
                };
                refuse(tally, row_errors(ready.number, entry, &ready.shown, error)?);
            }
        }
    }
    transaction
        .batch_execute("RELEASE SAVEPOINT import_chunk")
        .await?;
    chunk.clear();
    Ok(())
}

fn refuse(tally: &mut Tally, problems: Vec<RowError>) {
    tally.refused += 1;
    for problem in problems {
        tally.error(problem);
    }
}

/// An error of a whole row, no one column's.
fn row_problem(row: u64, message: String) -> RowError {
    RowError {
        row,
        column: None,
        label: None,
        value: None,
        message,
    }
}

fn problem(row: u64, column: &Column, cell: &Cell, message: String) -> RowError {
    RowError {
        row,
        column: Some(column.name.clone()),
        label: Some(column.label.clone()),
        value: Some(cell.display()),
        message,
    }
}

fn field_problem(
    row: u64,
    entry: &Entry,
    shown: &HashMap<&str, String>,
    field: &str,
    message: String,
) -> RowError {
    RowError {
        row,
        column: Some(field.to_owned()),
        label: entry.column(field).map(|c| c.label.clone()),
        value: shown.get(field).cloned(),
        message,
    }
}

/// A refused write as row errors; errors that are no row's fault (the database gone) end the import.
fn row_errors(
    row: u64,
    entry: &Entry,
    shown: &HashMap<&str, String>,
    error: ApiError,
) -> Result<Vec<RowError>, ApiError> {
    match error {
        ApiError::Validation { message, fields } | ApiError::Duplicate { message, fields } => {
            if fields.is_empty() {
                Ok(vec![row_problem(row, message)])
            } else {
                Ok(fields
                    .into_iter()
                    .map(|f| field_problem(row, entry, shown, &f.field, f.message))
                    .collect())
            }
        }
        ApiError::Internal(_)
        | ApiError::DatabaseUnavailable
        | ApiError::Busy
        | ApiError::QueryTimeout
        | ApiError::FileStoreUnavailable
        | ApiError::Starting(_) => Err(error),
        other => Ok(vec![row_problem(row, other.to_string())]),
    }
}

fn value_text(value: &FieldValue) -> Option<String> {
    match value {
        FieldValue::Null => None,
        FieldValue::Bool(flag) => Some(flag.to_string()),
        FieldValue::Number(text) | FieldValue::Text(text) | FieldValue::Json(text) => {
            let text = text.trim();
            (!text.is_empty()).then(|| text.to_owned())
        }
    }
}

/// "Package C1-V01 and Element ID P104", as the file wrote the key.
fn describe_key(entry: &Entry, key: &[String], shown: &HashMap<&str, String>) -> String {
    key.iter()
        .map(|name| {
            let label = entry
                .column(name)
                .map_or(name.as_str(), |c| c.label.as_str());
            format!(
                "{label} {}",
                shown.get(name.as_str()).map_or("", String::as_str)
            )
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The records with the key's values among those the caller may see: (key, row version) of each (at most 3).
async fn find(
    client: &impl deadpool_postgres::GenericClient,
    target: &compile::Target<'_>,
    entry: &Entry,
    key: &[String],
    values: &[String],
) -> Result<Vec<(String, i64)>, ApiError> {
    let pk = entry.primary_key();
    let mut wanted = vec![pk];
    if let Some(version) = entry.column(schema_registry::ROW_VERSION) {
        wanted.push(version);
    }
    let mut query = target.read(wanted);
    for (name, value) in key.iter().zip(values) {
        let Some(column) = entry.column(name) else {
            continue;
        };
        query.and_where(
            Expr::col(Alias::new(column.name.clone()))
                .eq(schema_registry::bind::bound(column.sql_type, value)),
        );
    }
    let source = query.json_source().map_err(internal)?;
    let (text, _) = json_array(client, &source).await?;
    let rows: Vec<serde_json::Map<String, serde_json::Value>> =
        serde_json::from_str(&text).map_err(internal)?;
    Ok(rows
        .into_iter()
        .take(3)
        .map(|row| {
            let key = match row.get(&pk.name) {
                Some(serde_json::Value::String(text)) => text.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            let version = row
                .get(schema_registry::ROW_VERSION)
                .and_then(serde_json::Value::as_i64)
                .unwrap_or(0);
            (key, version)
        })
        .collect())
}
