//! XLSX rows: the chosen sheet (or the first) read with calamine's streaming cell reader, cells gathered into
//! rows as the sheet's XML gives them; merged cells in the header row are refused (each column needs its own
//! header). A formula's cached value is taken; a formula without one becomes a cell the import refuses.

use std::fs::File;
use std::io::BufReader;

use calamine::{DataRef, Reader, Xlsx};

use super::model::{Cell, Counting, Format, Sniffed, SourceError, SourceRow};
use crate::pipeline::xlsx::column_letters;

pub fn read(
    file: Counting<File>,
    name: &str,
    sheet: Option<&str>,
    row: &mut impl FnMut(&Sniffed, SourceRow) -> bool,
) -> Result<Sniffed, SourceError> {
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
    let merged = workbook
        .merge_cells_by_sheet_name(&chosen)
        .map_err(|e| SourceError::NotXlsx(name.to_owned(), e.to_string()))?;
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
    let mut current: Option<(u32, Vec<Cell>)> = None;
    let mut header_row: Option<u32> = None;
    let mut any = false;
    let mut emit = |number: u32,
                    cells: Vec<Cell>,
                    header_row: &mut Option<u32>|
     -> Result<bool, SourceError> {
        if cells.iter().all(Cell::is_blank) {
            return Ok(true);
        }
        if header_row.is_none() {
            *header_row = Some(number);
            check_merged_header(number, &merged)?;
        }
        Ok(row(
            &sniffed,
            SourceRow {
                number: u64::from(number) + 1,
                cells,
            },
        ))
    };
    loop {
        let next = cells_reader
            .next_cell_with_formula()
            .map_err(|e| SourceError::NotXlsx(name.to_owned(), e.to_string()))?;
        let Some(record) = next else { break };
        let (r, c) = record.pos;
        let cell = match (record.value, record.formula) {
            (DataRef::Empty, Some(formula)) if !formula.is_empty() => Cell::Formula(formula),
            (value, _) => cell_of(value),
        };
        match &mut current {
            Some((number, cells)) if *number == r => put(cells, c, cell),
            _ => {
                if let Some((number, cells)) = current.take() {
                    any = true;
                    if !emit(number, cells, &mut header_row)? {
                        return Ok(sniffed_clone(&sheets, &chosen));
                    }
                }
                let mut cells = Vec::new();
                put(&mut cells, c, cell);
                current = Some((r, cells));
            }
        }
    }
    if let Some((number, cells)) = current.take() {
        any = true;
        emit(number, cells, &mut header_row)?;
    }
    if !any || header_row.is_none() {
        return Err(SourceError::Empty(name.to_owned()));
    }
    Ok(sniffed_clone(&sheets, &chosen))
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

fn put(cells: &mut Vec<Cell>, column: u32, cell: Cell) {
    let column = column as usize;
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
fn check_merged_header(header: u32, merged: &[calamine::Dimensions]) -> Result<(), SourceError> {
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
