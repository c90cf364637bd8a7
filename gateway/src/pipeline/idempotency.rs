//! Writes sent with an `Idempotency-Key` header happen once (docs/api.md "Sending a write again"). A phone on a
//! flaky network sends its queued inspection, loses the answer and sends it again: the second request answers what
//! the first did instead of creating a second record.
//!
//! Inside the write's transaction: [`Once::begin`] takes a lock on the caller's key (a second request with the same
//! key waits for the first to commit or roll back) and returns the earlier outcome when there is one; otherwise the
//! write runs and [`Once::remember`] stores its outcome in `idempotent_request` in the same transaction. So either
//! both the write and its key are committed, or neither is.

use deadpool_postgres::GenericClient;
use schema_registry::FieldValue;
use sha2::{Digest, Sha256};

use crate::error::{ApiError, FieldError};

/// The request header carrying the key.
pub const HEADER: &str = "Idempotency-Key";

/// A key as sent: 8 to 100 letters, digits, `:`, `.`, `_` or `-` (a UUID fits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    /// The key of a request's header, if it sent one; a malformed key is refused (422), never ignored, since the
    /// client relies on it.
    pub fn of(request: &actix_web::HttpRequest) -> Result<Option<Key>, ApiError> {
        let Some(value) = request.headers().get(HEADER) else {
            return Ok(None);
        };
        let text = value.to_str().unwrap_or_default().trim();
        let well_formed = (8..=100).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'.' | b'_' | b'-'));
        if !well_formed {
            return Err(ApiError::Validation {
                message: format!(
                    "The {HEADER} header must be 8 to 100 letters, digits, ':', '.', '_' or '-'"
                ),
                fields: vec![FieldError::new(HEADER, "Not a valid key")],
            });
        }
        Ok(Some(Key(text.to_owned())))
    }
}

/// What an earlier request with the same key did.
#[derive(Debug, Clone)]
pub struct Earlier {
    /// The record it created or changed.
    pub record_key: String,
    /// Its answer's data, when that is not the record itself.
    pub answer: Option<serde_json::Value>,
}

/// One keyed request of one user: `request` says what it does (`create inspection`, `files inspection 42`) and
/// `fingerprint` what it carries ([`fingerprint_fields`], [`fingerprint_files`]).
pub struct Once<'a> {
    pub user: i64,
    pub key: &'a Key,
    pub request: &'a str,
    pub fingerprint: String,
}

/// The fingerprint of a record's fields as sent: each name, kind and value, in name order.
pub fn fingerprint_fields(fields: &[(String, FieldValue)]) -> String {
    let mut sorted: Vec<&(String, FieldValue)> = fields.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut hasher = Sha256::new();
    for (name, value) in sorted {
        let (kind, text) = match value {
            FieldValue::Null => ("null", ""),
            FieldValue::Bool(true) => ("bool", "true"),
            FieldValue::Bool(false) => ("bool", "false"),
            FieldValue::Number(text) => ("number", text.as_str()),
            FieldValue::Text(text) => ("text", text.as_str()),
            FieldValue::Json(text) => ("json", text.as_str()),
        };
        for part in [name.as_str(), kind, text] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part.as_bytes());
        }
    }
    hex(&hasher.finalize())
}

/// The fingerprint of uploaded files: each file's name and content hash, in name order.
pub fn fingerprint_files<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut sorted: Vec<(&str, &str)> = files.collect();
    sorted.sort();
    let mut hasher = Sha256::new();
    for (name, sha256) in sorted {
        for part in [name, sha256] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part.as_bytes());
        }
    }
    hex(&hasher.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Once<'_> {
    /// Locks the key until the transaction ends and returns what an earlier request with it did. The same key used
    /// for another request, or for the same request with other fields or files, is refused (422).
    pub async fn begin(
        &self,
        transaction: &impl GenericClient,
    ) -> Result<Option<Earlier>, ApiError> {
        transaction
            .execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1::text || ' ' || $2, 7))",
                &[&self.user.to_string(), &self.key.0],
            )
            .await?;
        let row = transaction
            .query_opt(
                "SELECT c_request, c_record_key, j_answer::text, c_fingerprint FROM idempotent_request WHERE n_user = $1 AND c_key = $2",
                &[&self.user, &self.key.0],
            )
            .await?;
        let Some(row) = row else { return Ok(None) };
        let request: String = row.try_get(0)?;
        if request != self.request {
            return Err(ApiError::Validation {
                message: format!(
                    "This {HEADER} was already used for another request ({request}); send a new key"
                ),
                fields: vec![FieldError::new(HEADER, "Already used for another request")],
            });
        }
        let fingerprint: Option<String> = row.try_get(3)?;
        if fingerprint.is_some_and(|earlier| earlier != self.fingerprint) {
            return Err(ApiError::Validation {
                message: format!(
                    "This {HEADER} was already used for this request with other values; a retry sends the same values, a new request a new key"
                ),
                fields: vec![FieldError::new(HEADER, "Already used with other values")],
            });
        }
        let answer: Option<String> = row.try_get(2)?;
        Ok(Some(Earlier {
            record_key: row.try_get(1)?,
            answer: answer.and_then(|text| serde_json::from_str(&text).ok()),
        }))
    }

    /// Stores what this request did, in the transaction that did it.
    pub async fn remember(
        &self,
        transaction: &impl GenericClient,
        record_key: &str,
        answer: Option<&serde_json::Value>,
    ) -> Result<(), ApiError> {
        transaction
            .execute(
                "INSERT INTO idempotent_request (n_user, c_key, c_request, c_record_key, j_answer, c_fingerprint)
                 VALUES ($1, $2, $3, $4, $5::text::jsonb, $6)",
                &[
                    &self.user,
                    &self.key.0,
                    &self.request,
                    &record_key,
                    &answer.map(|answer| answer.to_string()),
                    &self.fingerprint,
                ],
            )
            .await?;
        Ok(())
    }
}
