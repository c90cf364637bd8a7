//! The SQL of the upload: a document's summary, its state as the caller may see it, and the extracted text of
//! each content (the number is the register's `[numbering]`).

use deadpool_postgres::GenericClient;
use serde::Serialize;

use super::text::Extracted;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::binds::Binds;
use crate::pipeline::row_reader;

/// A document as the upload answers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 51, "c_document_no": "MML3-LNT-C1V01-ZZ-DR-S-0001",
    "c_title": "Pier P112 bearing layout", "c_revision": "P01.01", "c_state": "WIP", "c_status_code": "S0",
    "n_current_revision": 137, "n_row_version": 1}))]
#[schema(as = DmsDocumentSummary)]
pub struct DocumentSummary {
    pub id: i64,
    pub c_document_no: String,
    pub c_title: String,
    pub c_revision: String,
    pub c_state: String,
    pub c_status_code: String,
    pub n_current_revision: Option<i64>,
    pub n_row_version: i32,
}

/// A revision as the revision upload answers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 138, "c_revision": "P01.02", "c_state": "WIP", "c_status_code": "S0"}))]
#[schema(as = DmsRevisionSummary)]
pub struct RevisionSummary {
    pub id: i64,
    pub c_revision: String,
    pub c_state: String,
    pub c_status_code: String,
}

pub async fn document(client: &impl GenericClient, id: i64) -> Result<DocumentSummary, ApiError> {
    let row = client
        .query_opt(
            "SELECT id, c_document_no, c_title, c_revision, c_state, c_status_code, n_current_revision, n_row_version
             FROM dms_document WHERE id = $1",
            &[&id],
        )
        .await?
        .ok_or_else(|| ApiError::no_record("Document", &id.to_string()))?;
    Ok(DocumentSummary {
        id: row.try_get(0)?,
        c_document_no: row.try_get(1)?,
        c_title: row.try_get(2)?,
        c_revision: row.try_get(3)?,
        c_state: row.try_get(4)?,
        c_status_code: row.try_get(5)?,
        n_current_revision: row.try_get(6)?,
        n_row_version: row.try_get(7)?,
    })
}

pub async fn revision(client: &impl GenericClient, id: i64) -> Result<RevisionSummary, ApiError> {
    let row = client
        .query_opt(
            "SELECT id, c_revision, c_state, c_status_code FROM dms_revision WHERE id = $1",
            &[&id],
        )
        .await?
        .ok_or_else(|| ApiError::no_record("Revision", &id.to_string()))?;
    Ok(RevisionSummary {
        id: row.try_get(0)?,
        c_revision: row.try_get(1)?,
        c_state: row.try_get(2)?,
        c_status_code: row.try_get(3)?,
    })
}

/// The document's state, when the caller may read it (`None`: not there, or not theirs to see: the register's
/// read rule from the registry). `lock` takes the row for the rest of the transaction.
pub async fn visible_state(
    client: &impl GenericClient,
    registry: &schema_registry::Registry,
    caller: &Caller,
    id: i64,
    lock: bool,
) -> Result<Option<String>, ApiError> {
    let entry = crate::pipeline::compile::entry(registry, super::DOCUMENT)?;
    let reader = row_reader::reader(client, entry, caller).await?;
    let mut binds = Binds::default();
    let key = binds.bind(id);
    let sql = format!(
        "SELECT d.c_state FROM dms_document d WHERE d.id = {key} AND {} {}",
        row_reader::readable(&reader, &mut binds),
        if lock { "FOR UPDATE OF d" } else { "" }
    );
    let row = client.query_opt(&sql, &binds.refs()).await?;
    Ok(row.map(|row| row.try_get(0)).transpose()?)
}

/// Keeps each content's text once (a content already read keeps its first reading).
pub async fn save_text(
    transaction: &deadpool_postgres::Transaction<'_>,
    sha256: &str,
    extracted: &Extracted,
) -> Result<(), tokio_postgres::Error> {
    let chars = i32::try_from(extracted.chars()).unwrap_or(i32::MAX);
    transaction
        .execute(
            "INSERT INTO dms_file_text (c_sha256, c_text, n_chars, c_note) VALUES ($1, $2, $3, left($4, 500))
             ON CONFLICT (c_sha256) DO NOTHING",
            &[&sha256, &extracted.text, &chars, &extracted.note],
        )
        .await?;
    Ok(())
}

/// The text already kept for a content (an upload of a file read before is not read again).
pub async fn known_text(
    client: &impl GenericClient,
    sha256: &str,
) -> Result<Option<(i32, Option<String>)>, ApiError> {
    Ok(client
        .query_opt(
            "SELECT n_chars, c_note FROM dms_file_text WHERE c_sha256 = $1",
            &[&sha256],
        )
        .await?
        .map(|row| Ok::<_, tokio_postgres::Error>((row.try_get(0)?, row.try_get(1)?)))
        .transpose()?)
}
