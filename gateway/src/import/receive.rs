//! An import's multipart request: small text fields (`mapping`, `fixed`, `options`, `sheet`) and the `file`,
//! streamed into a temporary file while its SHA-256 and size are taken, refused (413) as soon as it passes the
//! limit. The upload's bytes count as the progress of the `reading` phase when the options (sent before the
//! file) name a progress key.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use actix_multipart::Multipart;
use futures_util::StreamExt;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::progress::{Progress, ProgressBoard};
use crate::error::ApiError;
use crate::files::names;

/// A text field's bytes at most.
const FIELD_LIMIT: usize = 1024 * 1024;

/// The uploaded file, in a temporary file removed when dropped.
#[derive(Debug)]
pub struct Upload {
    pub name: String,
    pub size: u64,
    pub sha256: String,
    pub temporary: tempfile::NamedTempFile,
}

/// The request's fields and file.
#[derive(Debug, Default)]
pub struct Received {
    pub fields: HashMap<String, String>,
    pub file: Option<Upload>,
    pub progress: Option<Arc<Progress>>,
}

/// Reads the request; `progress_of` finds the progress key in the `options` field read so far.
pub async fn receive(
    mut multipart: Multipart,
    max_bytes: u64,
    board: &ProgressBoard,
    user: i64,
) -> Result<Received, ApiError> {
    let mut received = Received::default();
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| {
            ApiError::BadRequest(format!("the upload is not readable multipart: {e}"))
        })?;
        let name = field.name().unwrap_or_default().to_owned();
        if name != "file" {
            let mut bytes = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk
                    .map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
                if bytes.len() + chunk.len() > FIELD_LIMIT {
                    return Err(ApiError::PayloadTooLarge(format!(
                        "the field `{name}` is longer than 1 MB"
                    )));
                }
                bytes.extend_from_slice(&chunk);
            }
            let text = String::from_utf8(bytes).map_err(|_| {
                ApiError::BadRequest(format!("the field `{name}` is not UTF-8 text"))
            })?;
            if name == "options" && received.progress.is_none() {
                if let Some(key) = progress_key(&text) {
                    received.progress = Some(board.start(&key, user));
                }
            }
            received.fields.insert(name, text);
            continue;
        }
        if received.file.is_some() {
            return Err(ApiError::BadRequest(
                "send one file per import (one field named `file`)".into(),
            ));
        }
        let given = field
            .content_disposition()
            .and_then(|d| d.get_filename().map(str::to_owned))
            .unwrap_or_default();
        let file_name = names::sanitise(&given);
        let temporary = tempfile::NamedTempFile::new().map_err(|e| ApiError::Internal(e.into()))?;
        let mut file = tokio::fs::File::from_std(
            temporary
                .reopen()
                .map_err(|e| ApiError::Internal(e.into()))?,
        );
        let mut hasher = Sha256::new();
        let mut size: u64 = 0;
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
            size += chunk.len() as u64;
            if size > max_bytes {
                return Err(ApiError::PayloadTooLarge(format!(
                    "{file_name} is larger than the {} an import may take; split the file and import the parts",
                    crate::file_limits::human_size(max_bytes)
                )));
            }
            if let Some(progress) = &received.progress {
                progress.bytes_read.store(size, Ordering::Relaxed);
            }
            hasher.update(&chunk);
            file.write_all(&chunk)
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
        }
        file.flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        received.file = Some(Upload {
            name: if file_name.is_empty() {
                "upload".into()
            } else {
                file_name
            },
            size,
            sha256: hasher
                .finalize()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
            temporary,
        });
    }
    Ok(received)
}

fn progress_key(options: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(options).ok()?;
    let key = value.get("progress")?.as_str()?.trim();
    (!key.is_empty() && key.len() <= 100).then(|| key.to_owned())
}
