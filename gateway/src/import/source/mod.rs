//! Reading an uploaded file row by row, whatever its format: a CSV in any common encoding and delimiter
//! ([`text`], [`csv_rows`]) or a sheet of an XLSX workbook ([`xlsx_rows`]). Rows are handed to a callback one at
//! a time; nothing keeps the whole file or its rows. Every reader checks the file against `crate::file_limits`
//! before it trusts what the file says of itself.

pub mod csv_rows;
pub mod excel_dates;
pub mod text;
pub mod xlsx_rows;

use std::fs::File;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Arc;

use super::progress::Progress;

mod model;
pub use model::{number_text, Cell, Counting, Format, Sniffed, SourceError, SourceRow};

/// The file's format: an XLSX workbook starts as a zip does (`PK`); anything else is read as CSV text.
pub fn format_of(path: &Path, name: &str) -> Result<Format, SourceError> {
    let mut head = [0u8; 4];
    let mut file = File::open(path)?;
    let read = file.read(&mut head)?;
    if read == 0 {
        return Err(SourceError::Empty(name.to_owned()));
    }
    let lower = name.to_ascii_lowercase();
    if head.starts_with(b"PK") || lower.ends_with(".xlsx") || lower.ends_with(".xlsm") {
        Ok(Format::Xlsx)
    } else {
        Ok(Format::Csv)
    }
}

/// Reads the file's rows, the header row first, handing each to `row` until it answers `false` or the file
/// ends. Returns what the file is.
pub fn read_rows(
    path: &Path,
    name: &str,
    sheet: Option<&str>,
    progress: Option<Arc<Progress>>,
    mut row: impl FnMut(&Sniffed, SourceRow) -> bool,
) -> Result<Sniffed, SourceError> {
    let file = File::open(path)?;
    let counting = Counting {
        inner: file,
        progress,
    };
    // A reader's panic (a parser's bug on a hostile file) is the file's error, not the end of its rows: the
    // importer must never take a file cut short for a whole one.
    catch_unwind(AssertUnwindSafe(|| match format_of(path, name)? {
        Format::Csv => csv_rows::read(counting, name, &mut row),
        Format::Xlsx => xlsx_rows::read(path, counting, name, sheet, &mut row),
    }))
    .unwrap_or_else(|_| {
        Err(SourceError::Unreadable(format!(
            "{name} could not be read to its end; open it in its program, save it again and upload that"
        )))
    })
}
