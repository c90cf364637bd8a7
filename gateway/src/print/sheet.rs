//! A printed dashboard as a spreadsheet: one sheet, the heading, then each part under its title (figures as
//! label and value; tables and charts as their rows), numbers as numbers so that they add up in Excel, every row
//! of every table (the PDF cuts long tables).

use std::io;

use super::layout::{Part, PrintDocument};
use crate::pipeline::xlsx::{SheetCell, SheetWriter};

pub fn workbook(document: &PrintDocument) -> io::Result<Vec<u8>> {
    let mut sheet = SheetWriter::start(
        Vec::new(),
        &document.title,
        &[document.title.as_str()],
        Vec::new(),
    )?;
    sheet.write_cells(&[SheetCell::Text(&document.scope)], false)?;
    let generated = format!("Generated {} by {}", document.generated, document.by);
    sheet.write_cells(&[SheetCell::Text(&generated)], false)?;
    sheet.write_cells(&[SheetCell::Text(&document.note)], false)?;
    for part in document.rows.iter().flatten() {
        sheet.write_cells(&[], false)?;
        if let Some(title) = part.title() {
            sheet.write_cells(&[SheetCell::Text(title)], true)?;
        }
        match part {
            Part::Stats { items, .. } => {
                for item in items {
                    let value = match item.value.number {
                        Some(number) => SheetCell::Number(number),
                        None => SheetCell::Text(&item.value.text),
                    };
                    sheet.write_cells(
                        &[
                            SheetCell::Text(&item.title),
                            value,
                            SheetCell::Text(&item.value.text),
                        ],
                        false,
                    )?;
                }
            }
            Part::Table(table) => {
                let headers: Vec<SheetCell<'_>> =
                    table.headers.iter().map(|h| SheetCell::Text(h)).collect();
                sheet.write_cells(&headers, true)?;
                for row in &table.rows {
                    let cells: Vec<SheetCell<'_>> = row
                        .iter()
                        .map(|cell| match cell.number {
                            Some(number) => SheetCell::Number(number),
                            None if cell.text == super::figures::NOTHING => SheetCell::Empty,
                            None => SheetCell::Text(&cell.text),
                        })
                        .collect();
                    if !sheet.write_cells(&cells, false)? {
                        break;
                    }
                }
            }
            Part::Chart(chart) => {
                let headers: Vec<SheetCell<'_>> = std::iter::once(SheetCell::Text(&chart.x_label))
                    .chain(chart.series.iter().map(|s| SheetCell::Text(&s.label)))
                    .collect();
                sheet.write_cells(&headers, true)?;
                for (index, label) in chart.x.iter().enumerate() {
                    let cells: Vec<SheetCell<'_>> = std::iter::once(SheetCell::Text(label))
                        .chain(chart.series.iter().map(|s| {
                            s.values
                                .get(index)
                                .copied()
                                .flatten()
                                .map_or(SheetCell::Empty, SheetCell::Number)
                        }))
                        .collect();
                    sheet.write_cells(&cells, false)?;
                }
            }
        }
    }
    sheet.finish()
}
