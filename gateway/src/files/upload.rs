//! One multipart upload (field `file`, several allowed): each file streamed into a temporary file of its own
//! while its SHA-256 and size are taken (constant memory), refused as soon as it is too large, would take the
//! record or the user past their allowance (413, 429), or is known not to be accepted (415). Nothing reaches the
//! store here: the staged files go into it only once the whole request is accepted (`records::add`), and a refused
//! request's temporary files are removed when they drop.

use actix_multipart::Multipart;
use futures_util::StreamExt;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::names;
use super::store::FileStore;
use crate::error::ApiError;
use crate::file_limits::human_size;
use crate::ops::config::FileSettings;

/// Files in one upload at most.
pub const MAX_FILES: usize = 20;

/// A file received in full, waiting in a temporary file for the request to be accepted.
#[derive(Debug)]
pub struct Staged {
    pub name: String,
    pub content_type: String,
    pub size: i64,
    pub sha256: String,
    /// Removed when dropped (after it has been copied into the store, or when the request is refused).
    pub temporary: tempfile::NamedTempFile,
}

/// What the record and the user may still take (`records::allowance`).
#[derive(Debug, Clone, Copy)]
pub struct Allowance {
    /// Files the record may still gain.
    pub files: i64,
    /// Bytes the record's files may still grow by.
    pub record_bytes: u64,
    /// Bytes the user may still upload today.
    pub user_bytes: u64,
    /// Seconds until the user's daily allowance starts again.
    pub next_day_in: u64,
}

/// Text fields of one upload at most, and bytes of one text field at most.
pub const MAX_FIELDS: usize = 40;
pub const MAX_FIELD_BYTES: usize = 16 * 1024;

/// Receives every `file` field of `multipart` into temporary files beside the store. Nothing is stored or
/// recorded here: the caller stores and records the files (all of them, or none when one is refused).
pub async fn receive(
    multipart: Multipart,
    store: &FileStore,
    settings: &FileSettings,
    allowance: Allowance,
) -> Result<Vec<Staged>, ApiError> {
    let files = receive_form(multipart, store, settings, allowance, false)
        .await?
        .files;
    if files.is_empty() {
        return Err(ApiError::BadRequest(
            "send the files as multipart/form-data fields named `file`".into(),
        ));
    }
    Ok(files)
}

/// One upload's files and, when `keep_fields`, its text fields (name and value, in order; a file upload with
/// its metadata, such as a document's). Without `keep_fields` text fields are skipped.
pub struct Form {
    pub files: Vec<Staged>,
    pub fields: Vec<(String, String)>,
}

/// [`receive`], keeping the text fields too when `keep_fields` (each at most [`MAX_FIELD_BYTES`], at most
/// [`MAX_FIELDS`] of them: 413 beyond; not UTF-8: 400). No file is not an error here: the caller says what is
/// missing.
pub async fn receive_form(
    mut multipart: Multipart,
    store: &FileStore,
    settings: &FileSettings,
    allowance: Allowance,
    keep_fields: bool,
) -> Result<Form, ApiError> {
    let mut received: Vec<Staged> = Vec::new();
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut total: u64 = 0;
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| {
            ApiError::BadRequest(format!("the upload is not readable multipart: {e}"))
        })?;
        if field.name() != Some("file") {
            let name = field.name().unwrap_or_default().to_owned();
            let mut value: Vec<u8> = Vec::new();
            // Other fields are read only when wanted; otherwise their bytes are skipped.
            while let Some(chunk) = field.next().await {
                let chunk = chunk
                    .map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
                if keep_fields {
                    if value.len() + chunk.len() > MAX_FIELD_BYTES {
                        return Err(ApiError::PayloadTooLarge(format!(
                            "field {name} is longer than {} bytes; nothing was saved",
                            MAX_FIELD_BYTES
                        )));
                    }
                    value.extend_from_slice(&chunk);
                }
            }
            if keep_fields {
                if fields.len() == MAX_FIELDS {
                    return Err(ApiError::PayloadTooLarge(format!(
                        "at most {MAX_FIELDS} fields in one upload; nothing was saved"
                    )));
                }
                let value = String::from_utf8(value)
                    .map_err(|_| ApiError::BadRequest(format!("field {name} is not UTF-8 text")))?;
                fields.push((name, value));
            }
            continue;
        }
        if received.len() == MAX_FILES {
            return Err(ApiError::PayloadTooLarge(format!(
                "at most {MAX_FILES} files in one upload; nothing was attached: send the rest in another"
            )));
        }
        if received.len() as i64 >= allowance.files {
            return Err(ApiError::PayloadTooLarge(format!(
                "this record may keep at most {} files; nothing was attached: remove some first",
                settings.max_files_per_record
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
                "{name}: files of this type are not accepted; nothing was attached; accepted types: {}",
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
            total += chunk.len() as u64;
            check_sizes(&name, size, total, settings, allowance)?;
            if head.len() < 16 {
                let wanted = (16 - head.len()).min(chunk.len());
                head.extend_from_slice(&chunk[..wanted]);
                if head.len() >= 4 && names::looks_executable(&head) {
                    return Err(program(&name));
                }
            }
            hasher.update(&chunk);
            file.write_all(&chunk)
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
        }
        if names::looks_executable(&head) {
            return Err(program(&name));
        }
        file.flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        drop(file);
        received.push(Staged {
            content_type: names::content_type(&extension).to_owned(),
            name,
            size: size as i64,
            sha256: hex(&hasher.finalize()),
            temporary,
        });
    }
    Ok(Form {
        files: received,
        fields,
    })
}

fn program(name: &str) -> ApiError {
    ApiError::UnsupportedMediaType(format!(
        "{name} is a program; programs cannot be attached; nothing was attached"
    ))
}

/// The file, the record's files together and the user's day each within their limit.
fn check_sizes(
    name: &str,
    size: u64,
    total: u64,
    settings: &FileSettings,
    allowance: Allowance,
) -> Result<(), ApiError> {
    if size > settings.max_bytes {
        return Err(ApiError::PayloadTooLarge(format!(
            "{name} is larger than the {} a file may have; nothing was attached",
            human_size(settings.max_bytes)
        )));
    }
    if total > allowance.record_bytes {
        return Err(ApiError::PayloadTooLarge(format!(
            "the files of one record may take {} together; this upload would pass that, so nothing was attached",
            human_size(settings.max_bytes_per_record)
        )));
    }
    if total > allowance.user_bytes {
        return Err(ApiError::RateLimited {
            what: "bytes uploaded today (each person may upload a set amount a day; nothing was attached)",
            retry_after: allowance.next_day_in.max(1),
        });
    }
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
