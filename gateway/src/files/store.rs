//! The store the files live in: `object_store` over a local folder (`FILES_DIR`) or an S3-compatible bucket
//! (`FILES_S3_*`). Objects are named by their content: `sha256/ab/cd/<64 hex digits>`.

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, WriteMultipart};
use tokio::io::AsyncReadExt;

use crate::error::ApiError;
use crate::ops::config::FileSettings;

/// Bytes read from the temporary file per part of a multipart upload (S3 wants 5 MiB at least but the last).
const PART_BYTES: usize = 8 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the files folder {0} cannot be used: {1}")]
    Folder(String, String),
    #[error("the object store cannot be set up: {0}")]
    Setup(String),
}

/// The configured store.
#[derive(Debug, Clone)]
pub struct FileStore {
    inner: Arc<dyn ObjectStore>,
    /// Where uploads in progress are written (always local).
    pub incoming: std::path::PathBuf,
    /// "a local folder" or "S3 bucket …", for logs.
    pub description: String,
}

impl FileStore {
    pub fn from_settings(settings: &FileSettings) -> Result<FileStore, StoreError> {
        let folder_error = |e: std::io::Error| {
            StoreError::Folder(settings.dir.display().to_string(), e.to_string())
        };
        std::fs::create_dir_all(&settings.dir).map_err(folder_error)?;
        let incoming = settings.dir.join(".incoming");
        std::fs::create_dir_all(&incoming).map_err(folder_error)?;
        let (inner, description): (Arc<dyn ObjectStore>, String) = match &settings.s3 {
            None => (
                Arc::new(
                    LocalFileSystem::new_with_prefix(&settings.dir)
                        .map_err(|e| StoreError::Setup(e.to_string()))?,
                ),
                format!("the folder {}", settings.dir.display()),
            ),
            Some(s3) => {
                let mut builder = AmazonS3Builder::from_env()
                    .with_bucket_name(&s3.bucket)
                    .with_region(&s3.region);
                if let Some(endpoint) = &s3.endpoint {
                    builder = builder
                        .with_endpoint(endpoint)
                        .with_allow_http(endpoint.starts_with("http://"))
                        .with_virtual_hosted_style_request(false);
                }
                if let (Some(key), Some(secret)) = (&s3.access_key_id, &s3.secret_access_key) {
                    builder = builder
                        .with_access_key_id(key)
                        .with_secret_access_key(secret);
                }
                (
                    Arc::new(
                        builder
                            .build()
                            .map_err(|e| StoreError::Setup(e.to_string()))?,
                    ),
                    format!("the S3 bucket {}", s3.bucket),
                )
            }
        };
        Ok(FileStore {
            inner,
            incoming,
            description,
        })
    }

    /// The object name of a file with this SHA-256 (lower-case hex).
    pub fn path_of(sha256: &str) -> ObjectPath {
        ObjectPath::from(format!(
            "sha256/{}/{}/{sha256}",
            &sha256[..2],
            &sha256[2..4]
        ))
    }

    /// Whether the store holds this content.
    pub async fn holds(&self, sha256: &str) -> Result<bool, ApiError> {
        match self.inner.head(&Self::path_of(sha256)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// The SHA-256 of every content the store holds (for the sweep: those no file refers to are removed).
    pub async fn contents(&self) -> Result<Vec<String>, ApiError> {
        let mut listing = self.inner.list(Some(&ObjectPath::from("sha256")));
        let mut found = Vec::new();
        while let Some(meta) = listing.next().await {
            let meta = meta.map_err(unavailable)?;
            if let Some(name) = meta.location.filename() {
                if name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit()) {
                    found.push(name.to_owned());
                }
            }
        }
        Ok(found)
    }

    /// Copies a finished upload into the store, part by part (constant memory). Written even when the store
    /// already holds the content (the same name, the same bytes), so a sweep that removed it meanwhile cannot
    /// leave a file without its bytes.
    pub async fn put_file(&self, sha256: &str, file: &Path) -> Result<(), ApiError> {
        let upload = self
            .inner
            .put_multipart(&Self::path_of(sha256))
            .await
            .map_err(unavailable)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        let mut source = tokio::fs::File::open(file)
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        let mut buffer = vec![0u8; 1024 * 1024];
        loop {
            let read = source
                .read(&mut buffer)
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
            if read == 0 {
                break;
            }
            // At most two parts in flight: memory stays bounded whatever the file's size.
            writer.wait_for_capacity(2).await.map_err(unavailable)?;
            writer.write(&buffer[..read]);
        }
        writer.finish().await.map_err(unavailable)?;
        Ok(())
    }

    /// The file's bytes as a stream.
    pub async fn read(
        &self,
        sha256: &str,
    ) -> Result<impl Stream<Item = Result<Bytes, std::io::Error>> + use<>, ApiError> {
        let result = self
            .inner
            .get(&Self::path_of(sha256))
            .await
            .map_err(unavailable)?;
        Ok(result
            .into_stream()
            .map(|chunk| chunk.map_err(std::io::Error::other)))
    }

    /// Removes the content (when no record refers to it any more).
    pub async fn remove(&self, sha256: &str) -> Result<(), ApiError> {
        match self.inner.delete(&Self::path_of(sha256)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(unavailable(e)),
        }
    }
}

fn unavailable(error: object_store::Error) -> ApiError {
    tracing::error!(error = %error, "file store");
    ApiError::FileStoreUnavailable
}
