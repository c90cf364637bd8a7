//! A printed dashboard as a spreadsheet: one sheet, the heading, then each part under its title (figures as
//! label and value; tables and charts as their rows), numbers as numbers so that they add up in Excel, every row
//! of every table (the PDF cuts long tables).

use std::io;

use super::layout::{Cell, Part, PrintDocument};
use crate::base::xlsx::{SheetCell, SheetWriter};

/// A count or an amount's digits with its decimals (`1578360.00`), for a cell shown with them.
fn digits_of(cell: &Cell) -> Option<String> {
    let (number, decimals) = (cell.number?, cell.decimals?);
    Some(format!("{number:.prec$}", prec = usize::from(decimals)))
}

/// A printed cell as a sheet's: a count or an amount as a number with its decimals and Indian grouping (what the
/// page prints), another number as it is, nothing as an empty cell, text as text.
fn sheet_cell<'a>(cell: &'a Cell, digits: Option<&'a str>) -> SheetCell<'a> {
    match (cell.number, cell.decimals, digits) {
        (Some(_), Some(decimals), Some(digits)) => SheetCell::Decimal(digits, decimals),
        (Some(number), _, _) => SheetCell::Number(number),
        (None, _, _) if cell.text == super::figures::NOTHING => SheetCell::Empty,
        (None, _, _) => SheetCell::Text(&cell.text),
    }
}

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
                    let digits = digits_of(&item.value);
                    let value = sheet_cell(&item.value, digits.as_deref());
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
                    let digits: Vec<Option<String>> = row.iter().map(digits_of).collect();
                    let cells: Vec<SheetCell<'_>> = row
                        .iter()
                        .zip(&digits)
                        .map(|(cell, digits)| sheet_cell(cell, digits.as_deref()))
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

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use schema_registry::dashboard::{Format, Paper};

    use super::super::layout::{table_document, Cell, Heading};
    use super::*;

    /// The sheet's XML of a workbook.
    fn sheet_xml(workbook: &[u8]) -> String {
        let mut archive = zip::ZipArchive::new(io::Cursor::new(workbook)).expect("a zip");
        let mut xml = String::new();
        archive
            .by_name("xl/worksheets/sheet1.xml")
            .expect("the sheet")
            .read_to_string(&mut xml)
            .expect("its XML");
        xml
    }

    /// A printed table's counts and amounts reach the sheet as numbers shown as printed: worked by hand, the
    /// amount 157836000 printed with 2 decimals is the number 157836000.00 under the 2-decimal Indian format (style
    /// 4 + 2), the count 12 under the 0-decimal one (style 4), a figure without a format a plain number.
    #[test]
    fn counts_and_amounts_keep_their_printed_decimals() {
        let document = table_document(
            "Payments".into(),
            String::new(),
            Heading {
                scope: "IPC".into(),
                generated: "30 Nov, 2026".into(),
                by: "Tester".into(),
                paper: Paper::A4,
                landscape: true,
            },
            vec!["Amount".into(), "Count".into(), "Share".into()],
            vec![true, true, true],
            vec![vec![
                Cell::figure(Some(157_836_000.0), Some(Format::Decimal)),
                Cell::figure(Some(12.0), Some(Format::Integer)),
                Cell::figure(Some(0.5), None),
            ]],
        );
        let xml = sheet_xml(&workbook(&document).expect("a workbook"));
        assert!(xml.contains(r#"s="6"><v>157836000.00</v>"#), "{xml}");
        assert!(xml.contains(r#"s="4"><v>12</v>"#), "{xml}");
        assert!(xml.contains("<v>0.5</v>"), "{xml}");
    }
}
