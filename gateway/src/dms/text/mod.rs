//! The text inside an uploaded document, for search: PDF (its text layer), DOCX (the body's runs), XLSX (every
//! sheet's cells), plain text and CSV. Extraction runs on a blocking thread, reads at most [`MAX_TEXT_BYTES`] of
//! text, and never fails an upload: a file without text (a scanned PDF, a drawing) or one a parser cannot read
//! (even one that makes it panic) gives no text and a note saying why; the document is then found by its
//! metadata only.

mod docx;
mod pdf;
mod plain;
mod xlsx;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Text kept per file at most (the rest is cut, with a note).
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;

/// A PDF larger than this is not read for text (its parser holds the whole file in memory).
pub const MAX_PDF_BYTES: u64 = 64 * 1024 * 1024;

/// What a file gave.
#[derive(Debug, Clone, Default)]
pub struct Extracted {
    pub text: String,
    /// Why there is no text, or only part of it.
    pub note: Option<String>,
}

impl Extracted {
    fn note(note: impl Into<String>) -> Self {
        Extracted {
            text: String::new(),
            note: Some(note.into()),
        }
    }

    pub fn chars(&self) -> usize {
        self.text.chars().count()
    }
}

/// Why a reader gave up.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{0}")]
    Unreadable(String),
}

/// Collects text up to [`MAX_TEXT_BYTES`], one piece at a time, separating pieces with a space.
#[derive(Debug, Default)]
pub struct TextSink {
    text: String,
    pub cut: bool,
}

impl TextSink {
    /// Adds `piece`; false once full (the reader may stop).
    pub fn push(&mut self, piece: &str) -> bool {
        let piece = piece.trim();
        if piece.is_empty() {
            return !self.cut;
        }
        if self.cut {
            return false;
        }
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        let room = MAX_TEXT_BYTES.saturating_sub(self.text.len());
        if piece.len() <= room {
            self.text.push_str(piece);
            true
        } else {
            let mut end = room;
            while end > 0 && !piece.is_char_boundary(end) {
                end -= 1;
            }
            self.text.push_str(&piece[..end]);
            self.cut = true;
            false
        }
    }

    pub fn finish(self) -> Extracted {
        let note = self.cut.then(|| {
            format!(
                "Text cut at {}: only the beginning is searchable",
                crate::files::upload::human_size(MAX_TEXT_BYTES as u64)
            )
        });
        Extracted {
            text: self.text,
            note,
        }
    }
}

/// The file's text, read on a blocking thread. `extension` is the file name's (lower case).
pub async fn extract(path: PathBuf, extension: String) -> Extracted {
    match tokio::task::spawn_blocking(move || extract_blocking(&path, &extension)).await {
        Ok(extracted) => extracted,
        Err(_) => Extracted::note("Unreadable: the text could not be read"),
    }
}

/// The file's text (a parser's panic is caught: no text, and a note).
pub fn extract_blocking(path: &Path, extension: &str) -> Extracted {
    let read = catch_unwind(AssertUnwindSafe(|| match extension {
        "pdf" => Some(pdf::read(path)),
        "docx" | "docm" => Some(docx::read(path)),
        "xlsx" | "xlsm" => Some(xlsx::read(path)),
        "txt" | "csv" | "md" | "tsv" | "log" => Some(plain::read(path)),
        _ => None,
    }));
    match read {
        Ok(Some(Ok(extracted))) => finish(extracted, extension),
        Ok(Some(Err(ReadError::Unreadable(why)))) => {
            Extracted::note(format!("Unreadable: {why}; found by its metadata only"))
        }
        Ok(None) => Extracted::note(format!(
            "No text is read from .{extension} files: found by its metadata only"
        )),
        Err(_) => Extracted::note(
            "Unreadable: the file's text could not be read; found by its metadata only",
        ),
    }
}

/// A readable file without any text says so.
fn finish(extracted: Extracted, extension: &str) -> Extracted {
    if extracted.text.trim().is_empty() && extracted.note.is_none() {
        return Extracted::note(if extension == "pdf" {
            "No text layer: a scanned PDF is found by its metadata only"
        } else {
            "The file holds no text: found by its metadata only"
        });
    }
    extracted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sink_cuts_at_the_limit_on_a_character_boundary() {
        let mut sink = TextSink::default();
        let long = "é".repeat(MAX_TEXT_BYTES);
        assert!(!sink.push(&long));
        let extracted = sink.finish();
        assert!(extracted.text.len() <= MAX_TEXT_BYTES);
        assert!(extracted.note.is_some());
    }

    #[test]
    fn plain_text_is_read_and_an_unknown_type_is_noted() {
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        std::io::Write::write_all(&mut file, b"Elastomeric bearings at pier P112").expect("write");
        let text = extract_blocking(file.path(), "txt");
        assert_eq!(text.text, "Elastomeric bearings at pier P112");
        assert!(extract_blocking(file.path(), "dwg").note.is_some());
        assert!(extract_blocking(file.path(), "pdf").note.is_some());
    }
}
