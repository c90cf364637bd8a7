//! The text read from each file content, kept once per content (`file_text`, by SHA-256): a register's
//! `[full_text]` searches it through its `file_text` function, and an upload of a content read before is not
//! read again.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;

use super::Extracted;
use crate::error::ApiError;

/// Keeps each content's text once (a content already read keeps its first reading).
pub async fn save_text(
    transaction: &deadpool_postgres::Transaction<'_>,
    sha256: &str,
    extracted: &Extracted,
) -> Result<(), tokio_postgres::Error> {
    let chars = i32::try_from(extracted.chars()).unwrap_or(i32::MAX);
    transaction
        .execute(
            "INSERT INTO file_text (c_sha256, c_text, n_chars, c_note) VALUES ($1, $2, $3, left($4, 500))
             ON CONFLICT (c_sha256) DO NOTHING",
            &[&sha256, &extracted.text, &chars, &extracted.note],
        )
        .await?;
    Ok(())
}

/// The texts already kept for these contents, by SHA-256: each one's count of characters and the note of its
/// reading (one statement for an upload's files).
pub async fn known_texts(
    client: &impl GenericClient,
    sha256: &[String],
) -> Result<HashMap<String, (i32, Option<String>)>, ApiError> {
    let rows = client
        .query(
            "SELECT c_sha256, n_chars, c_note FROM file_text WHERE c_sha256 = ANY($1)",
            &[&sha256],
        )
        .await?;
    let mut known = HashMap::with_capacity(rows.len());
    for row in rows {
        known.insert(row.try_get(0)?, (row.try_get(1)?, row.try_get(2)?));
    }
    Ok(known)
}
