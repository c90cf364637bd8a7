//! An import's preview: the file's first rows and its headers mapped to columns, read on a blocking thread in one
//! of the file-reading slots (`file_limits::slots`), so that neither the file nor the mapping of its headers holds
//! an HTTP worker.

use std::collections::BTreeMap;

use super::mapping::{self, Mapping};
use super::receive::Upload;
use super::source::{self, Cell, Sniffed};
use super::source_error;
use crate::error::ApiError;
use crate::state::AppState;

/// Data rows a preview shows.
pub const PREVIEW_ROWS: usize = 20;

/// What the file showed.
#[derive(Debug)]
pub struct FilePreview {
    pub sniffed: Sniffed,
    pub headers: Vec<String>,
    /// The first data rows as text, as wide as the headers.
    pub rows: Vec<Vec<String>>,
    /// Header → column, as offered.
    pub mapping: Mapping,
}

/// Reads the first rows of `upload` (its `sheet`) and maps its headers for `entry`, after the preset's and the
/// caller's saved mapping.
pub async fn read(
    state: &AppState,
    entry_name: &str,
    upload: Upload,
    sheet: Option<String>,
    preset: Option<BTreeMap<String, String>>,
    saved: Option<Mapping>,
) -> Result<FilePreview, ApiError> {
    let _slot = state.file_readers.take().await?;
    let registry = state.registry.clone();
    let entry_name = entry_name.to_owned();
    tokio::task::spawn_blocking(move || {
        let entry = registry
            .entry(&entry_name)
            .ok_or_else(|| ApiError::UnknownTable(entry_name.clone()))?;
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        let sniffed = source::read_rows(
            upload.temporary.path(),
            &upload.name,
            sheet.as_deref(),
            None,
            |_, row| {
                rows.push(row.cells);
                rows.len() <= PREVIEW_ROWS
            },
        )
        .map_err(source_error)?;
        drop(upload);
        let mut rows = rows.into_iter();
        let header = rows.next().unwrap_or_default();
        let headers = mapping::headers(&header).map_err(source_error)?;
        let mapping = mapping::automatic(entry, &headers, preset.as_ref(), saved.as_ref());
        let width = headers.len();
        let rows = rows
            .take(PREVIEW_ROWS)
            .map(|cells| {
                let mut shown: Vec<String> = cells.iter().map(Cell::display).collect();
                shown.resize(width.max(shown.len()), String::new());
                shown
            })
            .collect();
        Ok(FilePreview {
            sniffed,
            headers,
            rows,
            mapping,
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
}
