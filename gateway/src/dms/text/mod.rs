//! The text inside an uploaded document, for search: PDF (its text layer), DOCX (the body's runs), XLSX (every
//! sheet's cells), plain text and CSV. Extraction runs on a blocking thread, reads at most [`MAX_TEXT_BYTES`] of
//! text, and never fails an upload: a file without text (a scanned PDF, a drawing) or one a parser cannot read
//! (even one that makes it panic) gives no text and a note saying why; the document is then found by its
//! metadata only.

mod docx;
mod pdf;
mod plain;
mod sink;
mod xlsx;

pub use sink::{Extracted, ReadError, TextSink, MAX_PDF_BYTES, MAX_TEXT_BYTES};

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

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
