//! PDF: the text layer, with `pdf-extract` (over `lopdf`). A scanned PDF has none (noted by the caller); an
//! encrypted or damaged one is unreadable.

use std::path::Path;

use super::sink::{Extracted, ReadError, TextSink, MAX_PDF_BYTES};

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let size = std::fs::metadata(path)
        .map_err(|e| ReadError::Unreadable(e.to_string()))?
        .len();
    if size > MAX_PDF_BYTES {
        return Ok(Extracted {
            text: String::new(),
            note: Some(format!(
                "The PDF is larger than {} and its text is not read: found by its metadata only",
                crate::file_limits::human_size(MAX_PDF_BYTES)
            )),
        });
    }
    let bytes = std::fs::read(path).map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let text = pdf_extract::extract_text_from_mem(&bytes)
        .map_err(|e| ReadError::Unreadable(format!("not a readable PDF ({e})")))?;
    let mut sink = TextSink::default();
    for line in text.lines() {
        if !sink.push(line) {
            break;
        }
    }
    Ok(sink.finish())
}
