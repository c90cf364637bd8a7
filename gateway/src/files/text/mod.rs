//! The text inside an uploaded file, for a register's full-text search: PDF (its text layer), DOCX (the body's runs), XLSX (every
//! sheet's cells), plain text and CSV. Extraction runs in a process of its own under memory and time limits
//! (`file_limits::isolated`), in one of the gateway's file-reading slots, after the zip packages pass `file_limits`; it reads at
//! most [`MAX_TEXT_BYTES`] of text and never fails an upload: a file without text (a scanned PDF, a drawing) or one
//! a parser cannot read (even one that makes it panic, loop or run out of memory) gives no text and a note saying
//! why; the document is then found by its metadata only.

mod docx;
mod pdf;
mod plain;
mod sink;
pub mod store;
mod xlsx;

pub use sink::{Extracted, ReadError, TextSink, MAX_PDF_BYTES, MAX_TEXT_BYTES};

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use crate::file_limits::isolated::{self, Answer, Reading};
use crate::file_limits::slots::ReadingSlots;

/// The extensions whose text is read.
pub const READ_TYPES: [&str; 9] = [
    "pdf", "docx", "docm", "xlsx", "xlsm", "txt", "csv", "md", "tsv",
];

/// The file's text, read by `program` (the gateway binary: `TEXT_READER`) in a process of its own, in one of
/// `slots`. `extension` is the file name's (lower case).
pub async fn extract(
    program: Option<&Path>,
    slots: &ReadingSlots,
    path: &Path,
    extension: &str,
) -> Extracted {
    if !READ_TYPES.contains(&extension) && extension != "log" {
        return unread_type(extension);
    }
    let Some(program) = program else {
        return Extracted::note(
            "No text reader is set up (TEXT_READER): found by its metadata only",
        );
    };
    let Ok(_slot) = slots.take().await else {
        return Extracted::note(
            "Not read: the gateway was busy reading other files; found by its metadata only",
        );
    };
    match isolated::run::<Answer>(
        program,
        Reading::Text,
        extension,
        path,
        isolated::MEMORY_LIMIT,
        isolated::WALL_LIMIT,
    )
    .await
    {
        Ok(answer) => Extracted {
            text: answer.text.unwrap_or_default(),
            note: answer.note,
        },
        Err(stopped) => {
            Extracted::note(format!("Unreadable: {stopped}; found by its metadata only"))
        }
    }
}

fn unread_type(extension: &str) -> Extracted {
    Extracted::note(format!(
        "No text is read from .{extension} files: found by its metadata only"
    ))
}

/// The file's text, in this process (a parser's panic is caught: no text, and a note). The gateway reads through
/// [`extract`]; this is the reading process's own work.
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
        Ok(None) => unread_type(extension),
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
