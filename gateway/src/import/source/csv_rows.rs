//! CSV rows: the encoding and delimiter found from the first bytes, then the `csv` crate's reader over the
//! decoded text (quoted fields, embedded delimiters and line breaks), one record at a time, each record at most
//! `file_limits::MAX_RECORD_BYTES` long and `EXCEL_MAX_COLUMNS` wide; a row is cut to the header's width, a value
//! beyond it noted for the importer to refuse.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::model::{Cell, Counting, Format, Sniffed, SourceError, SourceRow};
use super::text::{self, Decoding};
use crate::file_limits::record_guard::{limit_of, RecordGuard};
use crate::file_limits::{LimitError, EXCEL_MAX_COLUMNS};

pub fn read(
    mut file: Counting<File>,
    name: &str,
    row: &mut impl FnMut(&Sniffed, SourceRow) -> bool,
) -> Result<Sniffed, SourceError> {
    let mut head = Vec::with_capacity(text::HEAD);
    (&mut file).take(text::HEAD as u64).read_to_end(&mut head)?;
    if head.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(SourceError::Empty(name.to_owned()));
    }
    let kind = text::detect(&head);
    if kind.binary {
        return Err(SourceError::NotText(name.to_owned()));
    }
    let delimiter = text::delimiter(&text::decode_head(&head, kind.encoding));
    drop(head);
    file.seek(SeekFrom::Start(0))?;
    file.restart_count();
    let sniffed = Sniffed {
        format: Format::Csv,
        encoding: Some(text::name(kind.encoding)),
        delimiter: Some(delimiter),
        sheets: Vec::new(),
        sheet: None,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(RecordGuard::new(Decoding::new(file, kind.encoding)));
    let mut record = csv::StringRecord::new();
    let mut number: u64 = 0;
    let mut width: Option<usize> = None;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(error) => {
                if let csv::ErrorKind::Io(io) = error.kind() {
                    if let Some(limit) = limit_of(io) {
                        return Err(limit.into());
                    }
                }
                return Err(SourceError::Broken {
                    row: number + 1,
                    message: format!("the CSV cannot be read here: {error}"),
                });
            }
        }
        number += 1;
        if record.len() as u64 > EXCEL_MAX_COLUMNS {
            return Err(LimitError::Width {
                row: number,
                columns: record.len() as u64,
            }
            .into());
        }
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cells = record
            .iter()
            .map(|cell| {
                if cell.is_empty() {
                    Cell::Empty
                } else {
                    Cell::Text(cell.to_owned())
                }
            })
            .collect();
        let source = SourceRow::within(number, cells, width);
        if width.is_none() {
            width = Some(source.header_width());
        }
        if !row(&sniffed, source) {
            break;
        }
    }
    let any = width.is_some();
    if !any {
        return Err(SourceError::Empty(name.to_owned()));
    }
    Ok(sniffed)
}
