//! XLSX rows: the workbook and the chosen sheet (or the first) checked against the readers' limits first
//! (`file_limits::xlsx_package`: the package, its shared strings, every cell reference within Excel's grid), then
//! read with calamine's streaming cell reader, cells gathered into rows as the sheet's XML gives them, no row wider
//! than the header's; merged cells in the header row are refused (each column needs its own header). A formula's
//! cached value is taken; a formula without one becomes a cell the import refuses.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use calamine::{DataRef, Reader, Xlsx};

use super::model::{Cell, Counting, Format, Sniffed, SourceError, SourceRow};
use crate::base::xlsx::column_letters;
use crate::file_limits::xlsx_package::{self, Region};
use crate::file_limits::{LimitError, EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS};

/// The row being gathered: its 0-based number, its cells, and the first column beyond the header with a value.
struct Gathering {
    row: u32,
    cells: Vec<Cell>,
    beyond: Option<usize>,
}

pub fn read(
    path: &Path,
    file: Counting<File>,
    name: &str,
    sheet: Option<&str>,
    row: &mut impl FnMut(&Sniffed, SourceRow) -> bool,
) -> Result<Sniffed, SourceError> {
    xlsx_package::check_workbook(File::open(path)?, name).map_err(not_a_workbook)?;
    let mut workbook: Xlsx<_> = Xlsx::new(BufReader::with_capacity(64 * 1024, file))
        .map_err(|e| SourceError::NotXlsx(name.to_owned(), e.to_string()))?;
    let sheets = workbook.sheet_names();
    let chosen = match sheet.map(str::trim).filter(|s| !s.is_empty()) {
        Some(wanted) => sheets
            .iter()
            .find(|s| s.as_str() == wanted || s.eq_ignore_ascii_case(wanted))
            .cloned()
            .ok_or_else(|| SourceError::NoSheet {
                wanted: wanted.to_owned(),
                sheets: sheets.join(", "),
            })?,
        None => sheets
            .first()
            .cloned()
            .ok_or_else(|| SourceError::Empty(name.to_owned()))?,
    };
    let shape =
        xlsx_package::check_sheet(File::open(path)?, name, &chosen).map_err(not_a_workbook)?;
    let sniffed = Sniffed {
        format: Format::Xlsx,
        encoding: None,
        delimiter: None,
        sheets: sheets.clone(),
        sheet: Some(chosen.clone()),
    };
    let mut cells_reader = workbook
        .worksheet_cells_reader(&chosen)
        .map_err(|e| SourceError::NotXlsx(name.to_owned(), e.to_string()))?;
    let mut current: Option<Gathering> = None;
    // The header's width, once the header row is read.
    let mut width: Option<usize> = None;
    let mut emit = |gathered: Gathering, width: &mut Option<usize>| -> Result<bool, SourceError> {
        if gathered.cells.iter().all(Cell::is_blank) && gathered.beyond.is_none() {
            return Ok(true);
        }
        let number = u64::from(gathered.row) + 1;
        let source = match width {
            None => {
                check_merged_header(gathered.row, &shape.merged_across)?;
                let header = SourceRow::within(number, gathered.cells, None);
                *width = Some(header.header_width());
                header
            }
            Some(_) => SourceRow {
                number,
                cells: gathered.cells,
                beyond: gathered.beyond,
            },
        };
        Ok(row(&sniffed, source))
    };
    loop {
        let next = cells_reader
            .next_cell_with_formula()
            .map_err(|e| SourceError::NotXlsx(name.to_owned(), e.to_string()))?;
        let Some(record) = next else { break };
        let (r, c) = record.pos;
        // Checked with the sheet already; kept so that no position reaches a row unchecked.
        if u64::from(c) >= EXCEL_MAX_COLUMNS {
            return Err(LimitError::Column {
                sheet: chosen.clone(),
                column: u64::from(c) + 1,
            }
            .into());
        }
        if u64::from(r) >= EXCEL_MAX_ROWS {
            return Err(LimitError::Row {
                sheet: chosen.clone(),
                row: u64::from(r) + 1,
            }
            .into());
        }
        let cell = match (record.value, record.formula) {
            (DataRef::Empty, Some(formula)) if !formula.is_empty() => Cell::Formula(formula),
            (value, _) => cell_of(value),
        };
        if current.as_ref().is_some_and(|g| g.row != r) {
            if let Some(gathered) = current.take() {
                if !emit(gathered, &mut width)? {
                    return Ok(sniffed_clone(&sheets, &chosen));
                }
            }
        }
        let gathering = current.get_or_insert_with(|| Gathering {
            row: r,
            cells: Vec::new(),
            beyond: None,
        });
        put(gathering, c as usize, cell, width);
    }
    if let Some(gathered) = current.take() {
        emit(gathered, &mut width)?;
    }
    if width.is_none() {
        return Err(SourceError::Empty(name.to_owned()));
    }
    Ok(sniffed_clone(&sheets, &chosen))
}

/// A file that is no zip package at all is no workbook (415), as the reader would say; the other limits stand.
fn not_a_workbook(error: LimitError) -> SourceError {
    match error {
        LimitError::NotZip(name, why) => SourceError::NotXlsx(name, why),
        other => other.into(),
    }
}

fn sniffed_clone(sheets: &[String], chosen: &str) -> Sniffed {
    Sniffed {
        format: Format::Xlsx,
        encoding: None,
        delimiter: None,
        sheets: sheets.to_vec(),
        sheet: Some(chosen.to_owned()),
    }
}

/// Puts `cell` in its column, unless that is right of the header's last (then only noted when it holds a value).
fn put(gathering: &mut Gathering, column: usize, cell: Cell, width: Option<usize>) {
    if width.is_some_and(|width| column >= width) {
        if !cell.is_blank() && gathering.beyond.is_none_or(|b| column < b) {
            gathering.beyond = Some(column);
        }
        return;
    }
    let cells = &mut gathering.cells;
    if cells.len() <= column {
        cells.resize(column + 1, Cell::Empty);
    }
    cells[column] = cell;
}

fn cell_of(value: DataRef<'_>) -> Cell {
    match value {
        DataRef::Empty => Cell::Empty,
        DataRef::String(text) => Cell::Text(text),
        DataRef::SharedString(text) => Cell::Text(text.to_owned()),
        DataRef::Int(number) => Cell::Number(number as f64),
        DataRef::Float(number) => Cell::Number(number),
        DataRef::Bool(flag) => Cell::Bool(flag),
        DataRef::DateTime(date) => Cell::Date(date.as_f64()),
        DataRef::DateTimeIso(text) | DataRef::DurationIso(text) => Cell::Text(text),
        DataRef::Error(error) => Cell::Error(format!("{error}")),
    }
}

/// A merged region covering two or more columns of the header row.
fn check_merged_header(header: u32, merged: &[Region]) -> Result<(), SourceError> {
    for region in merged {
        let (top, left) = region.start;
        let (bottom, right) = region.end;
        if top <= header && header <= bottom && right > left {
            return Err(SourceError::Headers(format!(
                "row {}: the headers of columns {}–{} are merged; give each column its own header",
                header + 1,
                column_letters(left as usize),
                column_letters(right as usize)
            )));
        }
    }
    Ok(())
}
