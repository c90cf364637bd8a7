//! The `record_file` rows: which files a record has, added and removed in one transaction with their audit rows
//! (`file-upload`, `file-delete`).

use deadpool_postgres::{GenericClient, Object};
use serde::Serialize;

use super::upload::Received;
use crate::error::ApiError;
use crate::pipeline::audit;

/// A file of a record, as listed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 12, "name": "Pier P112 bearing layout R2.pdf", "size": 482113,
    "content_type": "application/pdf", "sha256": "9f2c…", "uploaded_by": "Rahul Verma",
    "uploaded_at": "2026-11-23T10:15:00+05:30"}))]
pub struct RecordFile {
    pub id: i64,
    pub name: String,
    pub size: i64,
    pub content_type: String,
    pub sha256: String,
    pub uploaded_by: Option<String>,
    pub uploaded_at: String,
}

const LIST_SQL: &str = "\
SELECT f.id, f.c_name, f.n_size, f.c_content_type, f.c_sha256, u.c_name, to_json(f.d_uploaded_at)#>>'{}'
FROM record_file f LEFT JOIN users u ON u.id = f.n_uploaded_by
WHERE f.c_entry = $1 AND f.c_key = $2";

fn file_of(row: &tokio_postgres::Row) -> Result<RecordFile, tokio_postgres::Error> {
    Ok(RecordFile {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        size: row.try_get(2)?,
        content_type: row.try_get(3)?,
        sha256: row.try_get(4)?,
        uploaded_by: row.try_get(5)?,
        uploaded_at: row.try_get(6)?,
    })
}

pub async fn list(
    client: &impl GenericClient,
    entry: &str,
    key: &str,
) -> Result<Vec<RecordFile>, ApiError> {
    let rows = client
        .query(
            &format!("{LIST_SQL} ORDER BY f.d_uploaded_at DESC, f.id DESC"),
            &[&entry, &key],
        )
        .await?;
    Ok(rows.iter().map(file_of).collect::<Result<_, _>>()?)
}

pub async fn one(
    client: &impl GenericClient,
    entry: &str,
    key: &str,
    id: i64,
) -> Result<Option<RecordFile>, ApiError> {
    let row = client
        .query_opt(&format!("{LIST_SQL} AND f.id = $3"), &[&entry, &key, &id])
        .await?;
    Ok(row.as_ref().map(file_of).transpose()?)
}

/// Records the received files of one upload, all or none.
pub async fn add(
    client: &mut Object,
    entry: &str,
    key: &str,
    files: &[Received],
    actor: i64,
) -> Result<Vec<RecordFile>, ApiError> {
    let transaction = client.transaction().await?;
    let mut ids = Vec::with_capacity(files.len());
    for file in files {
        let id: i64 = transaction
            .query_one(
                "INSERT INTO record_file (c_entry, c_key, c_name, c_content_type, n_size, c_sha256, n_uploaded_by)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                &[&entry, &key, &file.name, &file.content_type, &file.size, &file.sha256, &actor],
            )
            .await?
            .try_get(0)?;
        let after =
            serde_json::json!({"file": file.name, "size": file.size, "sha256": file.sha256});
        audit::record(
            &transaction,
            Some(actor),
            entry,
            key,
            "file-upload",
            None,
            Some(&after),
        )
        .await?;
        ids.push(id);
    }
    transaction.commit().await?;
    let mut added = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(file) = one(&*client, entry, key, id).await? {
            added.push(file);
        }
    }
    Ok(added)
}

/// Removes one file of a record; answers whether the content is still used by another record.
pub async fn remove(
    client: &mut Object,
    entry: &str,
    key: &str,
    file: &RecordFile,
    actor: i64,
) -> Result<bool, ApiError> {
    let transaction = client.transaction().await?;
    transaction
        .execute("DELETE FROM record_file WHERE id = $1", &[&file.id])
        .await?;
    let before = serde_json::json!({"file": file.name, "size": file.size, "sha256": file.sha256});
    audit::record(
        &transaction,
        Some(actor),
        entry,
        key,
        "file-delete",
        Some(&before),
        None,
    )
    .await?;
    let still_used: bool = transaction
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM record_file WHERE c_sha256 = $1)",
            &[&file.sha256],
        )
        .await?
        .try_get(0)?;
    transaction.commit().await?;
    Ok(still_used)
}
