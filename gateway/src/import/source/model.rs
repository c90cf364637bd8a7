//! What every reader hands over: cells, rows, the format and what sniffing found, the readers' errors, and the byte
//! counter behind the progress bar. Below the readers and `mod.rs`, which both use it.

use std::io::{self, Read, Seek, SeekFrom};
use std::sync::Arc;

use super::excel_dates;
use crate::import::progress::Progress;

/// One cell as the file holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Number(f64),
    /// An XLSX date cell: Excel's serial day number (fractions are the time of day).
    Date(f64),
    Bool(bool),
    /// A formula whose computed value the file does not keep.
    Formula(String),
    /// An error value (`#DIV/0!`).
    Error(String),
}

impl Cell {
    /// The cell as the preview and the error report show it.
    pub fn display(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(text) => text.clone(),
            Cell::Number(number) => number_text(*number),
            Cell::Date(serial) => {
                excel_dates::serial_date(*serial).unwrap_or_else(|| number_text(*serial))
            }
            Cell::Bool(true) => "TRUE".into(),
            Cell::Bool(false) => "FALSE".into(),
            Cell::Formula(formula) => format!("={formula}"),
            Cell::Error(error) => error.clone(),
        }
    }

    pub fn is_blank(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(text) => text.trim().is_empty(),
            _ => false,
        }
    }
}

/// A number as a person writes it: no exponent for ordinary values, no trailing `.0`.
pub fn number_text(number: f64) -> String {
    if number.fract() == 0.0 && number.abs() < 1e15 {
        format!("{}", number as i64)
    } else {
        let text = format!("{number}");
        text
    }
}

/// One row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells, no wider than
/// the header row (a row is never padded past it, whatever column a cell names).
#[derive(Debug, Clone)]
pub struct SourceRow {
    pub number: u64,
    pub cells: Vec<Cell>,
    /// The first column (0-based) right of the header's last that holds a value: such a row is refused, as COPY
    /// refuses "extra data after last expected column".
    pub beyond: Option<usize>,
}

impl SourceRow {
    /// A row of `cells` cut to `width` (the header's), noting a value beyond it. `width` `None`: the header row.
    pub fn within(number: u64, mut cells: Vec<Cell>, width: Option<usize>) -> SourceRow {
        let mut beyond = None;
        if let Some(width) = width {
            beyond = cells
                .iter()
                .enumerate()
                .skip(width)
                .find(|(_, cell)| !cell.is_blank())
                .map(|(index, _)| index);
            cells.truncate(width);
        }
        SourceRow {
            number,
            cells,
            beyond,
        }
    }

    /// The header row's width: up to its last cell that is not blank.
    pub fn header_width(&self) -> usize {
        self.cells
            .iter()
            .rposition(|cell| !cell.is_blank())
            .map_or(0, |last| last + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Xlsx => "xlsx",
        }
    }
}

/// What the file is, found before reading its rows.
#[derive(Debug, Clone)]
pub struct Sniffed {
    pub format: Format,
    /// CSV: the encoding read (`UTF-8`, `UTF-16LE`, `windows-1252`, …).
    pub encoding: Option<&'static str>,
    /// CSV: the delimiter found.
    pub delimiter: Option<u8>,
    /// XLSX: the workbook's sheets, and the one read.
    pub sheets: Vec<String>,
    pub sheet: Option<String>,
}

/// Why a file cannot be read; nothing is written for it.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("{0} is empty: it has no header row and no rows; choose the file with your data")]
    Empty(String),
    #[error("{0} is not a text (CSV) file: it holds binary data; save the sheet as CSV or XLSX and upload that")]
    NotText(String),
    #[error("{0} is not an XLSX workbook that can be read ({1}); open it in Excel, save it as .xlsx and upload it again")]
    NotXlsx(String, String),
    #[error("the workbook has no sheet named \"{wanted}\"; its sheets are {sheets}")]
    NoSheet { wanted: String, sheets: String },
    #[error("{0}")]
    Headers(String),
    #[error("the file could not be read: {0}")]
    Io(#[from] io::Error),
    #[error("row {row}: {message}")]
    Broken { row: u64, message: String },
    #[error("{0}")]
    Unreadable(String),
    /// Over one of the readers' limits (file_limits).
    #[error("{0}")]
    Limit(#[from] crate::file_limits::LimitError),
}

/// Counts the bytes read from the file into the import's progress.
pub struct Counting<R> {
    pub(super) inner: R,
    pub(super) progress: Option<Arc<Progress>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        if let Some(progress) = &self.progress {
            progress
                .bytes_read
                .fetch_add(read as u64, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(read)
    }
}

impl<R> Counting<R> {
    /// Starts the count again (after the first bytes were read to find the format and encoding).
    pub fn restart_count(&self) {
        if let Some(progress) = &self.progress {
            progress
                .bytes_read
                .store(0, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

impl<R: Seek> Seek for Counting<R> {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}
