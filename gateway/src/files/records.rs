//! The `record_file` rows: which files a record has, added (with their bytes, all or none) and deleted or
//! restored in one transaction with their audit rows (`file-upload`, `file-delete`, `file-restore`). A deleted file
//! stays restorable for the grace period (`FILES_GRACE_HOURS`); the sweep (`files::sweep`) then removes its row and
//! its bytes once no file refers to them.

use deadpool_postgres::{GenericClient, Object};
use serde::Serialize;

use super::store::FileStore;
use super::upload::{Allowance, Staged};
use crate::base::audit;
use crate::error::ApiError;
use crate::ops::config::FileSettings;
use crate::pipeline::idempotency::Once;

/// Taken shared by every upload while it stores and records its files, and exclusively by the sweep while it
/// removes bytes: a sweep never removes content an upload is about to record (docs/operations.md, "Files").
pub const STORE_LOCK: i64 = 0x504d_4953_4649_4c45; // "PMISFILE"

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
    /// For a deleted file (listed with `?deleted=1`): when and by whom, and until when it can be restored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restorable_until: Option<String>,
}

const LIST_SQL: &str = "\
SELECT f.id, f.c_name, f.n_size, f.c_content_type, f.c_sha256, u.c_name, to_json(f.d_uploaded_at)#>>'{}',
       to_json(f.d_deleted_at)#>>'{}', d.c_name,
       to_json(f.d_deleted_at + make_interval(hours => $3::int4))#>>'{}'
FROM record_file f
LEFT JOIN users u ON u.id = f.n_uploaded_by
LEFT JOIN users d ON d.id = f.n_deleted_by
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
        deleted_at: row.try_get(7)?,
        deleted_by: row.try_get(8)?,
        restorable_until: row.try_get(9)?,
    })
}

fn grace(settings: &FileSettings) -> i32 {
    i32::try_from(settings.grace_hours).unwrap_or(i32::MAX)
}

/// The record's files, newest first: the live ones, or (`deleted`) those deleted and still restorable.
pub async fn list(
    client: &impl GenericClient,
    entry: &str,
    key: &str,
    deleted: bool,
    settings: &FileSettings,
) -> Result<Vec<RecordFile>, ApiError> {
    let which = if deleted {
        "AND f.d_deleted_at IS NOT NULL AND f.d_deleted_at + make_interval(hours => $3::int4) > now() \
         ORDER BY f.d_deleted_at DESC, f.id DESC"
    } else {
        "AND f.d_deleted_at IS NULL ORDER BY f.d_uploaded_at DESC, f.id DESC"
    };
    let rows = client
        .query(
            &format!("{LIST_SQL} {which}"),
            &[&entry, &key, &grace(settings)],
        )
        .await?;
    Ok(rows.iter().map(file_of).collect::<Result<_, _>>()?)
}

/// One live file of the record (`deleted`: one deleted and still restorable).
pub async fn one(
    client: &impl GenericClient,
    entry: &str,
    key: &str,
    id: i64,
    deleted: bool,
    settings: &FileSettings,
) -> Result<Option<RecordFile>, ApiError> {
    let which = if deleted {
        "AND f.d_deleted_at IS NOT NULL AND f.d_deleted_at + make_interval(hours => $3::int4) > now()"
    } else {
        "AND f.d_deleted_at IS NULL"
    };
    let row = client
        .query_opt(
            &format!("{LIST_SQL} AND f.id = $4 {which}"),
            &[&entry, &key, &grace(settings), &id],
        )
        .await?;
    Ok(row.as_ref().map(file_of).transpose()?)
}

/// What the record and the user may still take: files and bytes left on the record (its live files), bytes
/// left to the user today (deleted files count: deleting does not give the day's allowance back).
pub async fn allowance(
    client: &impl GenericClient,
    entry: &str,
    key: &str,
    user: i64,
    settings: &FileSettings,
) -> Result<Allowance, ApiError> {
    let row = client
        .query_one(
            "SELECT (SELECT count(*) FROM record_file WHERE c_entry = $1 AND c_key = $2 AND d_deleted_at IS NULL),
                    (SELECT coalesce(sum(n_size), 0)::int8 FROM record_file
                      WHERE c_entry = $1 AND c_key = $2 AND d_deleted_at IS NULL),
                    (SELECT coalesce(sum(n_size), 0)::int8 FROM record_file
                      WHERE n_uploaded_by = $3 AND d_uploaded_at >= date_trunc('day', now())),
                    extract(epoch FROM date_trunc('day', now()) + interval '1 day' - now())::int8",
            &[&entry, &key, &user],
        )
        .await?;
    let count: i64 = row.try_get(0)?;
    let record_bytes: i64 = row.try_get(1)?;
    let user_bytes: i64 = row.try_get(2)?;
    let next_day_in: i64 = row.try_get(3)?;
    let left = |limit: u64, used: i64| limit.saturating_sub(u64::try_from(used).unwrap_or(0));
    Ok(Allowance {
        files: settings.max_files_per_record - count,
        record_bytes: left(settings.max_bytes_per_record, record_bytes),
        user_bytes: left(settings.max_bytes_per_user_day, user_bytes),
        next_day_in: u64::try_from(next_day_in).unwrap_or(1),
    })
}

/// Records the staged files of one upload and copies their bytes into the store, all or none: the rows are
/// committed only once every file is stored (a store failure rolls them back; bytes already copied are left to
/// the sweep).
/// With `once` (an `Idempotency-Key`), an upload sent again answers the files the first one added (those not
/// deleted since) and adds none; the second value says so.
#[allow(clippy::too_many_arguments)]
pub async fn add(
    client: &mut Object,
    store: &FileStore,
    entry: &str,
    key: &str,
    files: &[Staged],
    actor: i64,
    settings: &FileSettings,
    once: Option<&Once<'_>>,
) -> Result<(Vec<RecordFile>, bool), ApiError> {
    let transaction = client.transaction().await?;
    if let Some(earlier) = match once {
        Some(once) => once.begin(&transaction).await?,
        None => None,
    } {
        let ids: Vec<i64> = earlier
            .answer
            .and_then(|answer| serde_json::from_value(answer).ok())
            .unwrap_or_default();
        let mut answered = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(file) = one(
                &transaction,
                entry,
                &earlier.record_key,
                id,
                false,
                settings,
            )
            .await?
            {
                answered.push(file);
            }
        }
        return Ok((answered, true));
    }
    let added = add_in(&transaction, store, entry, key, files, actor, settings).await?;
    if let Some(once) = once {
        let ids: Vec<i64> = added.iter().map(|file| file.id).collect();
        once.remember(&transaction, key, Some(&serde_json::json!(ids)))
            .await?;
    }
    transaction.commit().await?;
    Ok((added, false))
}

/// [`add`]'s steps inside a transaction the caller commits (a document created with its files in one).
pub async fn add_in(
    transaction: &deadpool_postgres::Transaction<'_>,
    store: &FileStore,
    entry: &str,
    key: &str,
    files: &[Staged],
    actor: i64,
    settings: &FileSettings,
) -> Result<Vec<RecordFile>, ApiError> {
    transaction
        .execute("SELECT pg_advisory_xact_lock_shared($1)", &[&STORE_LOCK])
        .await?;
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
            transaction,
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
    for file in files {
        store.put_file(&file.sha256, file.temporary.path()).await?;
    }
    let mut added = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(file) = one(transaction, entry, key, id, false, settings).await? {
            added.push(file);
        }
    }
    Ok(added)
}

/// Deletes one file of a record: hidden from the record at once, restorable until the grace period ends.
pub async fn remove(
    client: &mut Object,
    entry: &str,
    key: &str,
    file: &RecordFile,
    actor: i64,
) -> Result<(), ApiError> {
    let transaction = client.transaction().await?;
    transaction
        .execute(
            "UPDATE record_file SET d_deleted_at = now(), n_deleted_by = $2 WHERE id = $1 AND d_deleted_at IS NULL",
            &[&file.id, &actor],
        )
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
    transaction.commit().await?;
    Ok(())
}

/// Brings a deleted file back to its record (within the grace period).
pub async fn restore(
    client: &mut Object,
    entry: &str,
    key: &str,
    file: &RecordFile,
    actor: i64,
) -> Result<(), ApiError> {
    let transaction = client.transaction().await?;
    transaction
        .execute(
            "UPDATE record_file SET d_deleted_at = NULL, n_deleted_by = NULL WHERE id = $1",
            &[&file.id],
        )
        .await?;
    let after = serde_json::json!({"file": file.name, "size": file.size, "sha256": file.sha256});
    audit::record(
        &transaction,
        Some(actor),
        entry,
        key,
        "file-restore",
        None,
        Some(&after),
    )
    .await?;
    transaction.commit().await?;
    Ok(())
}
