//! Plain text and CSV: read as UTF-8 (invalid bytes replaced), up to the text limit.

use std::io::Read;
use std::path::Path;

use super::sink::{Extracted, ReadError, TextSink, MAX_TEXT_BYTES};

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let file = std::fs::File::open(path).map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_TEXT_BYTES as u64 + 4)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let mut sink = TextSink::default();
    sink.push(&String::from_utf8_lossy(&bytes));
    Ok(sink.finish())
}
