//! A record uploaded with its files in one call, and the next line of files of one (a register's `[upload]`:
//! `POST /api/data/{entry}/upload`, `POST /api/data/{entry}/{id}/upload`). Each is one transaction through the
//! record write path (`write::create_in`: permissions, package scope, validation, numbering, the workflow's
//! initial state, audit) with the files recorded on the line (`files::records::add_in`) and their text kept for
//! search. The bytes arrive through the one upload path (`files::upload`: streamed, hashed, size and type
//! checked) before any connection is held; the text is read in a process of its own before the transaction.

mod form;
mod texts;

use actix_multipart::Multipart;
use schema_registry::record::{FieldValue, RecordInput};
use schema_registry::Entry;
use serde::Serialize;
use serde_json::value::RawValue;

pub use texts::TextOutcome;

use crate::error::ApiError;
use crate::files::records::{self, RecordFile};
use crate::files::upload::{self, Staged};
use crate::pipeline::authorise::Access;
use crate::pipeline::compile::upload::{self as compiled, Spec};
use crate::pipeline::compile::{self, Target};
use crate::pipeline::constraint::Action;
use crate::pipeline::execute::{internal, query_opt};
use crate::pipeline::record::{self as stored, Saved};
use crate::pipeline::run::Run;
use crate::records::write::{self, Failure};
use crate::state::AppState;
use crate::workflow::hand_off::Links;

/// What an upload made: the record and the line holding the files, as the register reads them, the files, and
/// what their text gave for search.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "record": {"id": 51, "c_document_no": "MML3-LNT-C1V01-ZZ-DR-S-0001", "c_revision": "P01.01",
        "c_state": "WIP", "n_current_revision": 137, "n_row_version": 1},
    "line": {"id": 137, "n_document": 51, "c_revision": "P01.01", "c_state": "WIP"},
    "files": [{"id": 9, "name": "P112 bearing.pdf", "size": 48213}],
    "text": [{"file": "P112 bearing.pdf", "chars": 1234, "extracted": true, "note": null}]}))]
pub struct Uploaded {
    /// The record after the upload (a new one, or the one the line was added to), as its register reads it.
    #[schema(value_type = Object)]
    pub record: Box<RawValue>,
    /// The line holding the files (a new record's first line, or the next one), as its register reads it.
    #[schema(value_type = Object)]
    pub line: Box<RawValue>,
    pub files: Vec<RecordFile>,
    pub text: Vec<TextOutcome>,
}

/// `POST /api/data/{entry}/upload`: a new record of `name` with its files on its first line. Answers the new
/// record's key with what was made.
pub async fn create(
    run: &Run<'_>,
    name: &str,
    multipart: Multipart,
) -> Result<(String, Uploaded), ApiError> {
    let (state, caller) = (run.state, run.caller);
    let resolved = run.resolve_writable(name, Access::Create)?;
    let spec = compiled::spec(&state.registry, resolved.entry.name.as_str())?;
    let form = receive(state, &spec, multipart, caller.user_id).await?;
    let body = form::body_of(form.fields, &spec.record_fields())?;
    let input = form::checked_input(
        spec.entry,
        spec.entry,
        &body,
        !form.files.is_empty(),
        caller.user_id,
    )?;
    let texts = texts::read(state, &form.files).await?;
    let files = &form.files;
    let mut client = state.pool.get().await?;
    let outcome = async {
        let transaction = client.transaction().await?;
        let saved = create_in(&transaction, run, spec.entry, &input).await?;
        let line_key = first_line_key(&spec, &saved)?;
        texts.save(&transaction, files).await?;
        let added = add_files(&transaction, state, &spec, &line_key, files, caller.user_id).await?;
        let made = read_back(&transaction, &spec, &saved.key, &line_key).await?;
        transaction.commit().await?;
        Ok::<_, Failure>((saved.key, made, added))
    }
    .await;
    let (key, (record, line), files) = write::settle(
        &client,
        &state.registry,
        spec.entry,
        None,
        Action::Create,
        outcome,
    )
    .await?;
    Ok((
        key,
        Uploaded {
            record,
            line,
            files,
            text: texts.outcomes,
        },
    ))
}

/// `POST /api/data/{entry}/{id}/upload`: the next line of record `id` with its files, while the record's state
/// takes one (the register's `next_in`; its own advice otherwise, 409).
pub async fn next_line(
    run: &Run<'_>,
    name: &str,
    id: &str,
    multipart: Multipart,
) -> Result<Uploaded, ApiError> {
    let (state, caller) = (run.state, run.caller);
    let resolved = run.resolve_writable(name, Access::Update)?;
    let spec = compiled::spec(&state.registry, resolved.entry.name.as_str())?;
    let key = {
        let client = state.pool.get().await?;
        let key = run.readable_key(&client, &resolved, id).await?;
        spec.check_next_line(&state_of(&client, spec.entry, &key).await?)?;
        key
    };
    let form = receive(state, &spec, multipart, caller.user_id).await?;
    let mut body = form::body_of(form.fields, &spec.line_fields())?;
    let parent = if key.parse::<i64>().is_ok() {
        FieldValue::Number(key.clone())
    } else {
        FieldValue::Text(key.clone())
    };
    body.insert(0, (spec.line_parent.to_owned(), parent));
    let input = form::checked_input(
        spec.lines,
        spec.entry,
        &body,
        !form.files.is_empty(),
        caller.user_id,
    )?;
    let texts = texts::read(state, &form.files).await?;
    let files = &form.files;
    let mut client = state.pool.get().await?;
    let outcome = async {
        let transaction = client.transaction().await?;
        // The record's state again, under its lock: it may have moved while the bytes arrived.
        spec.check_next_line(&state_of(&transaction, spec.entry, &key).await?)?;
        let saved = create_in(&transaction, run, spec.lines, &input).await?;
        texts.save(&transaction, files).await?;
        let added = add_files(
            &transaction,
            state,
            &spec,
            &saved.key,
            files,
            caller.user_id,
        )
        .await?;
        let made = read_back(&transaction, &spec, &key, &saved.key).await?;
        transaction.commit().await?;
        Ok::<_, Failure>((made, added))
    }
    .await;
    let ((record, line), files) = write::settle(
        &client,
        &state.registry,
        spec.lines,
        None,
        Action::Create,
        outcome,
    )
    .await?;
    Ok(Uploaded {
        record,
        line,
        files,
        text: texts.outcomes,
    })
}

/// The multipart's files and text parts, within the caller's allowance of files on the lines.
async fn receive(
    state: &AppState,
    spec: &Spec<'_>,
    multipart: Multipart,
    user: i64,
) -> Result<upload::Form, ApiError> {
    let settings = &state.file_settings;
    let allowance = {
        let client = state.pool.get().await?;
        // A line not made yet holds no files: the caller's own allowance is what counts.
        records::allowance(&client, &spec.lines.name, "", user, settings).await?
    };
    upload::receive_form(multipart, &state.files, settings, allowance, true).await
}

/// A record written through the form's write path (permission, package scope, numbering, workflow, audit).
async fn create_in(
    transaction: &deadpool_postgres::Transaction<'_>,
    run: &Run<'_>,
    entry: &Entry,
    input: &RecordInput<'_>,
) -> Result<Saved, Failure> {
    let state = run.state;
    let links = Links {
        references: &state.references,
        public_url: &state.auth.public_url,
    };
    write::create_in(
        transaction,
        &state.registry,
        entry,
        input,
        write::Writer {
            caller: run.caller,
            scoped: compile::scoped_user(entry, run.caller),
            links: &links,
        },
    )
    .await
}

/// The key of the line the database made with a new record (its `first_line` column).
fn first_line_key(spec: &Spec<'_>, saved: &Saved) -> Result<String, ApiError> {
    let record: serde_json::Value = serde_json::from_str(&saved.record.json).map_err(internal)?;
    match &record[spec.first_line] {
        serde_json::Value::Number(key) => Ok(key.to_string()),
        serde_json::Value::String(key) => Ok(key.clone()),
        _ => Err(ApiError::Internal(anyhow::anyhow!(
            "a new {} has no {} (the line its files go on)",
            spec.entry.name,
            spec.first_line
        ))),
    }
}

/// The files on line `line` of the spec's lines.
async fn add_files(
    transaction: &deadpool_postgres::Transaction<'_>,
    state: &AppState,
    spec: &Spec<'_>,
    line: &str,
    files: &[Staged],
    user: i64,
) -> Result<Vec<RecordFile>, Failure> {
    Ok(records::add_in(
        transaction,
        &state.files,
        &spec.lines.name,
        line,
        files,
        user,
        &state.file_settings,
    )
    .await?)
}

/// The record and the line as their registers read them, after the upload.
async fn read_back(
    transaction: &deadpool_postgres::Transaction<'_>,
    spec: &Spec<'_>,
    key: &str,
    line: &str,
) -> Result<(Box<RawValue>, Box<RawValue>), ApiError> {
    let mut read = Vec::with_capacity(2);
    for (entry, key) in [(spec.entry, key), (spec.lines, line)] {
        let record = stored::fetch(transaction, &Target::whole(entry), key)
            .await?
            .ok_or_else(|| stored::not_found(entry, key))?;
        read.push(RawValue::from_string(record.json).map_err(internal)?);
    }
    let line = read.pop();
    match (read.pop(), line) {
        (Some(record), Some(line)) => Ok((record, line)),
        _ => Err(ApiError::Internal(anyhow::anyhow!(
            "an upload read back less than it made"
        ))),
    }
}

/// The workflow state of record `key`, locked for the rest of a transaction ("": a register without a
/// workflow). The caller may read the record: checked before.
async fn state_of(
    client: &impl deadpool_postgres::GenericClient,
    entry: &Entry,
    key: &str,
) -> Result<String, ApiError> {
    let Some(workflow) = entry.workflow() else {
        return Ok(String::new());
    };
    let (lock, _) =
        schema_registry::process::lock_sql(entry, workflow, None, key).map_err(internal)?;
    let row = query_opt(client, &lock)
        .await?
        .ok_or_else(|| stored::not_found(entry, key))?;
    Ok(row.try_get(1)?)
}
