//! XLSX: every sheet's cells (text, numbers, dates as written), read with calamine's streaming cell reader after
//! the workbook and each sheet pass `file_limits::xlsx_package`.

use std::io::BufReader;
use std::path::Path;

use calamine::{Reader, Xlsx};

use super::sink::{Extracted, ReadError, TextSink};
use crate::file_limits::xlsx_package;

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let open = || std::fs::File::open(path).map_err(|e| ReadError::Unreadable(e.to_string()));
    let limit = |e: crate::file_limits::LimitError| ReadError::Unreadable(e.to_string());
    xlsx_package::check_workbook(open()?, "the workbook").map_err(limit)?;
    let file = open()?;
    let mut workbook: Xlsx<_> = Xlsx::new(BufReader::with_capacity(64 * 1024, file))
        .map_err(|e| ReadError::Unreadable(format!("not a readable XLSX workbook ({e})")))?;
    let mut sink = TextSink::default();
    'sheets: for sheet in workbook.sheet_names() {
        sink.push(&sheet);
        xlsx_package::check_sheet(open()?, "the workbook", &sheet).map_err(limit)?;
        let mut cells = workbook
            .worksheet_cells_reader(&sheet)
            .map_err(|e| ReadError::Unreadable(format!("sheet {sheet} is damaged ({e})")))?;
        while let Some(cell) = cells
            .next_cell()
            .map_err(|e| ReadError::Unreadable(format!("sheet {sheet} is damaged ({e})")))?
        {
            let value = calamine::Data::from(cell.get_value().clone());
            if !sink.push(&value.to_string()) {
                break 'sheets;
            }
        }
    }
    Ok(sink.finish())
}
