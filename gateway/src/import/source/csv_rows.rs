//! CSV rows: the encoding and delimiter found from the first bytes, then the `csv` crate's reader over the
//! decoded text (quoted fields, embedded delimiters and line breaks), one record at a time.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::model::{Cell, Counting, Format, Sniffed, SourceError, SourceRow};
use super::text::{self, Decoding};

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
        .from_reader(Decoding::new(file, kind.encoding));
    let mut record = csv::StringRecord::new();
    let mut number: u64 = 0;
    let mut any = false;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(error) => {
                return Err(SourceError::Broken {
                    row: number + 1,
                    message: format!("the CSV cannot be read here: {error}"),
                })
            }
        }
        number += 1;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        any = true;
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
        if !row(&sniffed, SourceRow { number, cells }) {
            break;
        }
    }
    if !any {
        return Err(SourceError::Empty(name.to_owned()));
    }
    Ok(sniffed)
}
