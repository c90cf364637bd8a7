//! One multipart upload (field `file`, several allowed): each file streamed into a temporary file while its
//! SHA-256 and size are taken (constant memory), refused as soon as it is too large (413) or once its type is
//! known not to be accepted (415), then copied into the store unless the store already holds the same content.

use actix_multipart::Multipart;
use futures_util::StreamExt;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::names;
use super::store::FileStore;
use crate::error::ApiError;
use crate::ops::config::FileSettings;

/// Files in one upload at most.
pub const MAX_FILES: usize = 20;

/// A file received and stored.
#[derive(Debug, Clone)]
pub struct Received {
    pub name: String,
    pub content_type: String,
    pub size: i64,
    pub sha256: String,
}

/// Receives every `file` field of `multipart` into the store. Nothing is recorded here: the caller records
/// the files (all of them, or none when one is refused).
pub async fn receive(
    mut multipart: Multipart,
    store: &FileStore,
    settings: &FileSettings,
) -> Result<Vec<Received>, ApiError> {
    let mut received = Vec::new();
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| {
            ApiError::BadRequest(format!("the upload is not readable multipart: {e}"))
        })?;
        if field.name() != Some("file") {
            // Other fields are not ours to read; skip their bytes.
            while let Some(chunk) = field.next().await {
                chunk.map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
            }
            continue;
        }
        if received.len() == MAX_FILES {
            return Err(ApiError::BadRequest(format!(
                "at most {MAX_FILES} files in one upload; send the rest in another"
            )));
        }
        let given = field
            .content_disposition()
            .and_then(|d| d.get_filename().map(str::to_owned))
            .unwrap_or_default();
        let name = names::sanitise(&given);
        let extension = names::extension(&name).unwrap_or_default();
        if !settings.allowed_types.iter().any(|t| t == &extension) {
            return Err(ApiError::UnsupportedMediaType(format!(
                "{name}: files of this type are not accepted; accepted types: {}",
                settings.allowed_types.join(", ")
            )));
        }
        let temporary = tempfile::NamedTempFile::new_in(&store.incoming)
            .map_err(|e| ApiError::Internal(e.into()))?;
        let mut file = tokio::fs::File::from_std(
            temporary
                .reopen()
                .map_err(|e| ApiError::Internal(e.into()))?,
        );
        let mut hasher = Sha256::new();
        let mut size: u64 = 0;
        let mut head: Vec<u8> = Vec::with_capacity(16);
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
            size += chunk.len() as u64;
            if size > settings.max_bytes {
                return Err(ApiError::PayloadTooLarge(format!(
                    "{name} is larger than the {} a file may have",
                    human_size(settings.max_bytes)
                )));
            }
            if head.len() < 16 {
                let wanted = (16 - head.len()).min(chunk.len());
                head.extend_from_slice(&chunk[..wanted]);
                if head.len() >= 4 && names::looks_executable(&head) {
                    return Err(ApiError::UnsupportedMediaType(format!(
                        "{name} is a program; programs cannot be attached"
                    )));
                }
            }
            hasher.update(&chunk);
            file.write_all(&chunk)
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
        }
        if names::looks_executable(&head) {
            return Err(ApiError::UnsupportedMediaType(format!(
                "{name} is a program; programs cannot be attached"
            )));
        }
        file.flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        drop(file);
        let sha256 = hex(&hasher.finalize());
        if !store.holds(&sha256).await? {
            store.put_file(&sha256, temporary.path()).await?;
        }
        received.push(Received {
            content_type: names::content_type(&extension).to_owned(),
            name,
            size: size as i64,
            sha256,
        });
        // The temporary file is removed when `temporary` drops here.
    }
    if received.is_empty() {
        return Err(ApiError::BadRequest(
            "send the files as multipart/form-data fields named `file`".into(),
        ));
    }
    Ok(received)
}

/// "100 MB", "97.7 KB", "512 bytes" (binary units, as file managers show them).
fn human_size(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * 1024;
    let (value, unit) = match bytes {
        b if b >= MB => (b as f64 / MB as f64, "MB"),
        b if b >= KB => (b as f64 / KB as f64, "KB"),
        b => return format!("{b} bytes"),
    };
    let text = format!("{value:.1}");
    format!("{} {unit}", text.trim_end_matches(".0"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
