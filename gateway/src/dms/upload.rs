//! A document uploaded with its metadata (`POST /api/dms/documents`) and the next version of one in WIP
//! (`POST /api/dms/documents/{id}/revisions`). Each is one transaction through the record write path
//! (`write::create_in`: permissions, package scope, validation, audit, the workflow's initial state, the number)
//! with the files recorded on the revision line (`files::records::add_in`) and their text kept for search. The bytes
//! arrive through the one upload path (`files::upload`: streamed, hashed, size and type checked) before any
//! connection is held; the text is read on a blocking thread before the transaction starts.

use actix_multipart::Multipart;
use schema_registry::record::{self, FieldValue, WriteMode};
use serde::Serialize;

use super::store::{self, DocumentSummary, RevisionSummary};
use super::text::{self, Extracted};
use super::{DOCUMENT, REVISION};
use crate::auth::Caller;
use crate::error::{ApiError, FieldError};
use crate::files::names;
use crate::files::records::{self, RecordFile};
use crate::files::upload::{self, Staged};
use crate::pipeline::authorise::{authorise, Access};
use crate::pipeline::compile;
use crate::pipeline::constraint::Action;
use crate::records::write::{self, Failure};
use crate::state::AppState;
use crate::workflow::hand_off::Links;

/// What a file gave for search.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"file": "P112 bearing.pdf", "chars": 1234, "extracted": true, "note": null}))]
#[schema(as = DmsTextOutcome)]
pub struct TextOutcome {
    pub file: String,
    pub chars: i64,
    pub extracted: bool,
    pub note: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DmsDocumentCreated)]
pub struct DocumentCreated {
    pub document: DocumentSummary,
    pub files: Vec<RecordFile>,
    pub text: Vec<TextOutcome>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DmsRevisionAdded)]
pub struct RevisionAdded {
    pub revision: RevisionSummary,
    pub document: DocumentSummary,
    pub files: Vec<RecordFile>,
    pub text: Vec<TextOutcome>,
}

fn links(state: &AppState) -> Links<'_> {
    Links {
        references: &state.references,
        public_url: &state.auth.public_url,
    }
}

/// The form's fields as a record body: only `allowed` names (400 for another), blanks left out (the column's
/// default, or "required"), numbers as numbers when they are.
fn body_of(
    fields: Vec<(String, String)>,
    allowed: &[&str],
) -> Result<Vec<(String, FieldValue)>, ApiError> {
    let mut body = Vec::with_capacity(fields.len());
    for (name, value) in fields {
        if !allowed.contains(&name.as_str()) {
            return Err(ApiError::BadRequest(format!(
                "{name} is not a field of this upload; send `file` and any of: {}",
                allowed.join(", ")
            )));
        }
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        let value = if name.starts_with("n_") && value.parse::<i64>().is_ok() {
            FieldValue::Number(value.to_owned())
        } else {
            FieldValue::Text(value.to_owned())
        };
        body.push((name, value));
    }
    Ok(body)
}

fn problems(list: Vec<record::FieldProblem>) -> Vec<FieldError> {
    list.into_iter()
        .map(|p| FieldError::new(&p.field, p.message))
        .collect()
}

fn no_file() -> FieldError {
    FieldError::new("file", "Choose the document's file".to_owned())
}

/// The record's values as the form's rules check them, stamped, with the file required: every problem at once.
fn checked_input<'e>(
    entry: &'e schema_registry::Entry,
    body: &[(String, FieldValue)],
    has_files: bool,
    user_id: i64,
) -> Result<record::RecordInput<'e>, ApiError> {
    let mut input = match record::validate(entry, body, WriteMode::Create) {
        Ok(input) if has_files => input,
        Ok(_) => return Err(ApiError::validation(vec![no_file()])),
        Err(list) => {
            let mut fields = problems(list);
            if !has_files {
                fields.push(no_file());
            }
            return Err(ApiError::validation(fields));
        }
    };
    record::stamp(entry, &mut input, WriteMode::Create, user_id);
    Ok(input)
}

/// What each file gives for search.
type Texts = Vec<(Extracted, TextOutcome)>;

/// The text of each staged file: kept already for its content (not read again), or read now; and which were
/// read now (their text is to be kept).
async fn texts_of(state: &AppState, files: &[Staged]) -> Result<(Texts, Vec<bool>), ApiError> {
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let known = {
            let client = state.pool.get().await?;
            store::known_text(&client, &file.sha256).await?
        };
        let (extracted, chars, note) = match known {
            Some((chars, note)) => (Extracted::default(), i64::from(chars), note),
            None => {
                let extension = names::extension(&file.name).unwrap_or_default();
                let extracted = text::extract(
                    state.file_settings.text_reader.as_deref(),
                    &state.file_readers,
                    file.temporary.path(),
                    &extension,
                )
                .await;
                let chars = i64::try_from(extracted.chars()).unwrap_or(i64::MAX);
                let note = extracted.note.clone();
                (extracted, chars, note)
            }
        };
        out.push((
            extracted,
            TextOutcome {
                file: file.name.clone(),
                chars,
                extracted: chars > 0,
                note,
            },
        ));
    }
    let fresh = out
        .iter()
        .map(|(e, _)| e.note.is_some() || !e.text.is_empty())
        .collect();
    Ok((out, fresh))
}

/// Keeps the text read now (a content known already keeps its row).
async fn save_texts(
    transaction: &deadpool_postgres::Transaction<'_>,
    files: &[Staged],
    texts: &[(Extracted, TextOutcome)],
    fresh: &[bool],
) -> Result<(), tokio_postgres::Error> {
    for ((file, (extracted, _)), fresh) in files.iter().zip(texts).zip(fresh) {
        if *fresh {
            store::save_text(transaction, &file.sha256, extracted).await?;
        }
    }
    Ok(())
}

/// `POST /api/dms/documents`.
pub async fn create_document(
    state: &AppState,
    caller: &Caller,
    multipart: Multipart,
) -> Result<DocumentCreated, ApiError> {
    state.ensure_ready()?;
    let registry = &state.registry;
    let entry = compile::writable_entry(registry, DOCUMENT)?;
    authorise(caller, entry, Access::Create)?;
    let settings = &state.file_settings;
    let allowance = {
        let client = state.pool.get().await?;
        records::allowance(&client, REVISION, "", caller.user_id, settings).await?
    };
    let form = upload::receive_form(multipart, &state.files, settings, allowance, true).await?;
    // The register fills what the form leaves out: a number part's default, and the number when none is given
    // (its `[numbering]`, typed: the next free number of the prefix).
    // The fields are the register's own: every column a client may write.
    let fields: Vec<&str> = entry
        .readable_columns()
        .filter(|column| !column.read_only)
        .map(|column| column.name.as_str())
        .collect();
    let body = body_of(form.fields, &fields)?;
    let checked = checked_input(entry, &body, !form.files.is_empty(), caller.user_id)?;
    let (texts, fresh) = texts_of(state, &form.files).await?;
    let files = &form.files;
    let mut client = state.pool.get().await?;
    let outcome = async {
        let transaction = client.transaction().await?;
        let saved = create_record(&transaction, state, entry, &checked, caller).await?;
        let id: i64 = saved
            .key
            .parse()
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("a document key is not a number")))?;
        let document = store::document(&transaction, id).await?;
        let revision = document.n_current_revision.ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("document {id} has no first revision"))
        })?;
        let added = attach_files(
            &transaction,
            state,
            &revision.to_string(),
            files,
            (&texts, &fresh),
            caller,
        )
        .await?;
        transaction.commit().await?;
        Ok::<_, Failure>((document, added))
    }
    .await;
    let (document, added) =
        write::settle(&client, registry, entry, None, Action::Create, outcome).await?;
    Ok(DocumentCreated {
        document,
        files: added,
        text: texts.into_iter().map(|(_, outcome)| outcome).collect(),
    })
}

/// The record written through the form's write path (permission, package scope, numbering, workflow, audit).
async fn create_record(
    transaction: &deadpool_postgres::Transaction<'_>,
    state: &AppState,
    entry: &schema_registry::Entry,
    input: &record::RecordInput<'_>,
    caller: &Caller,
) -> Result<crate::pipeline::record::Saved, Failure> {
    write::create_in(
        transaction,
        &state.registry,
        entry,
        input,
        write::Writer {
            caller,
            scoped: compile::scoped_user(entry, caller),
            links: &links(state),
        },
    )
    .await
}

/// The files on the revision line `revision`, with the text read now kept for search.
async fn attach_files(
    transaction: &deadpool_postgres::Transaction<'_>,
    state: &AppState,
    revision: &str,
    files: &[Staged],
    (texts, fresh): (&Texts, &[bool]),
    caller: &Caller,
) -> Result<Vec<RecordFile>, Failure> {
    save_texts(transaction, files, texts, fresh).await?;
    Ok(records::add_in(
        transaction,
        &state.files,
        REVISION,
        revision,
        files,
        caller.user_id,
        &state.file_settings,
    )
    .await?)
}

/// The 409 of a document that takes no new revision in its state.
fn not_in_wip(state: &str) -> ApiError {
    ApiError::Conflict(match state {
        "Archived" => "Only a document in WIP takes a new revision: archived documents are read-only".into(),
        "Shared" => "Only a document in WIP takes a new revision: withdraw it to WIP (or wait for its review) first".into(),
        _ => "Only a document in WIP takes a new revision: start the next revision first".into(),
    })
}

/// `POST /api/dms/documents/{id}/revisions`.
pub async fn add_revision(
    state: &AppState,
    caller: &Caller,
    id: &str,
    multipart: Multipart,
) -> Result<RevisionAdded, ApiError> {
    state.ensure_ready()?;
    let registry = &state.registry;
    let document_entry = compile::writable_entry(registry, DOCUMENT)?;
    authorise(caller, document_entry, Access::Update)?;
    let entry = compile::writable_entry(registry, REVISION)?;
    let id: i64 = id
        .parse()
        .map_err(|_| ApiError::BadRequest(format!("{id} is not a document id (a whole number)")))?;
    let settings = &state.file_settings;
    let allowance = {
        let client = state.pool.get().await?;
        match store::visible_state(&client, registry, caller, id, false).await? {
            None => return Err(ApiError::no_record("Document", &id.to_string())),
            Some(current) if current != "WIP" => return Err(not_in_wip(&current)),
            Some(_) => {}
        }
        records::allowance(&client, REVISION, "", caller.user_id, settings).await?
    };
    let form = upload::receive_form(multipart, &state.files, settings, allowance, true).await?;
    let mut body = body_of(form.fields, &["c_description"])?;
    body.insert(0, ("n_document".into(), FieldValue::Number(id.to_string())));
    let input = checked_input(entry, &body, !form.files.is_empty(), caller.user_id)?;
    let (texts, fresh) = texts_of(state, &form.files).await?;
    let files = &form.files;
    let mut client = state.pool.get().await?;
    let outcome = async {
        let transaction = client.transaction().await?;
        // The document's state again, under its lock: it may have moved while the bytes arrived.
        match store::visible_state(&transaction, registry, caller, id, true).await? {
            None => return Err(ApiError::no_record("Document", &id.to_string()).into()),
            Some(current) if current != "WIP" => return Err(not_in_wip(&current).into()),
            Some(_) => {}
        }
        let saved = create_record(&transaction, state, entry, &input, caller).await?;
        let revision_id: i64 = saved
            .key
            .parse()
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("a revision key is not a number")))?;
        let added = attach_files(
            &transaction,
            state,
            &saved.key,
            files,
            (&texts, &fresh),
            caller,
        )
        .await?;
        let revision = store::revision(&transaction, revision_id).await?;
        let document = store::document(&transaction, id).await?;
        transaction.commit().await?;
        Ok::<_, Failure>((revision, document, added))
    }
    .await;
    let (revision, document, added) =
        write::settle(&client, registry, entry, None, Action::Create, outcome).await?;
    Ok(RevisionAdded {
        revision,
        document,
        files: added,
        text: texts.into_iter().map(|(_, outcome)| outcome).collect(),
    })
}
