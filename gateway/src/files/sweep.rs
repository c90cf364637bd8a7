//! The file store's sweep: every blob in the store belongs to a live file or to one deleted within the grace
//! period. One pass removes the rows of files deleted longer ago than `FILES_GRACE_HOURS` (and of records
//! deleted as long ago), then every stored content no row refers to any more (the bytes of those files, and those
//! of an upload whose recording failed), then uploads abandoned half-way in the incoming folder.
//!
//! Safe with several gateways and with S3: the pass holds the store lock exclusively (`pg_try_advisory_lock`: a
//! gateway that does not get it leaves the pass to the one that has it) while it decides and removes, and every
//! upload holds it shared while it writes its bytes and records them, so content an upload is recording is never
//! removed (an upload writes its bytes even when the store already holds them).

use std::time::{Duration, SystemTime};

use deadpool_postgres::Pool;

use super::records::STORE_LOCK;
use super::store::FileStore;
use crate::error::ApiError;

/// How often the sweep runs.
pub const INTERVAL: Duration = Duration::from_secs(15 * 60);

/// Temporary files older than this in the incoming folder belong to uploads that will never finish.
const ABANDONED_AFTER: Duration = Duration::from_secs(24 * 3600);

/// What one pass removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Rows of deleted files whose grace period had passed.
    pub rows: u64,
    /// Contents removed from the store.
    pub blobs: u64,
    /// Abandoned temporary files.
    pub incoming: u64,
    /// Another gateway held the store lock: this pass did nothing.
    pub skipped: bool,
}

pub async fn run_once(pool: &Pool, store: &FileStore, grace_hours: u64) -> Result<Swept, ApiError> {
    let client = pool.get().await?;
    let grace = i32::try_from(grace_hours).unwrap_or(i32::MAX);
    let rows = client
        .execute(
            "DELETE FROM record_file WHERE d_deleted_at IS NOT NULL
               AND d_deleted_at + make_interval(hours => $1::int4) <= now()",
            &[&grace],
        )
        .await?;
    // Listed before the lock (a large bucket takes a while); content stored after the listing is not looked at.
    let stored = store.contents().await?;
    let locked: bool = client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&STORE_LOCK])
        .await?
        .try_get(0)?;
    if !locked {
        return Ok(Swept {
            rows,
            skipped: true,
            ..Swept::default()
        });
    }
    let outcome = remove_unused(&client, store, &stored).await;
    // Released whatever happened (the connection goes back to the pool and may be reused).
    client
        .execute("SELECT pg_advisory_unlock($1)", &[&STORE_LOCK])
        .await?;
    Ok(Swept {
        rows,
        blobs: outcome?,
        incoming: remove_abandoned(&store.incoming),
        skipped: false,
    })
}

/// Removes each of `stored` that no file row refers to; answers how many.
async fn remove_unused(
    client: &deadpool_postgres::Object,
    store: &FileStore,
    stored: &[String],
) -> Result<u64, ApiError> {
    let mut removed = 0;
    for chunk in stored.chunks(1000) {
        let unused = client
            .query(
                "SELECT s FROM unnest($1::text[]) AS s
                 WHERE NOT EXISTS (SELECT 1 FROM record_file f WHERE f.c_sha256 = s)",
                &[&chunk],
            )
            .await?;
        for row in unused {
            let sha256: String = row.try_get(0)?;
            store.remove(&sha256).await?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Removes temporary files of uploads that stopped long ago (a gateway killed mid-upload); answers how many.
fn remove_abandoned(folder: &std::path::Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > ABANDONED_AFTER);
        if old && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Runs [`run_once`] every [`INTERVAL`], logging what it removed and any failure; runs for ever.
pub async fn run_periodically(pool: Pool, store: FileStore, grace_hours: u64) {
    let mut ticker = tokio::time::interval(INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match run_once(&pool, &store, grace_hours).await {
            Ok(swept) if swept.rows + swept.blobs + swept.incoming > 0 => {
                tracing::info!(
                    ?swept,
                    "file sweep removed deleted files and unused content"
                )
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(error = %error, "file sweep failed; it runs again later"),
        }
    }
}
