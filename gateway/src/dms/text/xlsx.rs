//! XLSX: every sheet's cells (text, numbers, dates as written), read with calamine's streaming cell reader.

use std::io::BufReader;
use std::path::Path;

use calamine::{Reader, Xlsx};

use super::sink::{Extracted, ReadError, TextSink};

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let file = std::fs::File::open(path).map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let mut workbook: Xlsx<_> = Xlsx::new(BufReader::with_capacity(64 * 1024, file))
        .map_err(|e| ReadError::Unreadable(format!("not a readable XLSX workbook ({e})")))?;
    let mut sink = TextSink::default();
    'sheets: for sheet in workbook.sheet_names() {
        sink.push(&sheet);
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
