//! A streaming XLSX (Office Open XML spreadsheet) writer: one sheet, a bold header row, inline strings and
//! numbers, written row by row into a zip stream so that memory stays flat whatever the row count.

use std::io::{self, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// Excel's last row; rows beyond it cannot be opened, so the writer stops there.
pub const MAX_ROWS: u64 = 1_048_576;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    Number,
    Text,
}

/// One cell of `SheetWriter::write_cells`.
#[derive(Debug, Clone, Copy)]
pub enum SheetCell<'a> {
    Empty,
    Text(&'a str),
    Number(f64),
    /// A number already written as digits (a database's decimal text, kept exactly).
    Digits(&'a str),
}

pub struct SheetWriter<W: Write> {
    zip: ZipWriter<zip::write::StreamWriter<W>>,
    kinds: Vec<CellKind>,
    rows: u64,
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>"#;

impl<W: Write> SheetWriter<W> {
    /// Writes the package parts and the header row; `labels` and `kinds` describe the columns.
    pub fn start(
        out: W,
        sheet_name: &str,
        labels: &[&str],
        kinds: Vec<CellKind>,
    ) -> io::Result<Self> {
        let mut zip = ZipWriter::new_stream(out);
        let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        let part = |zip: &mut ZipWriter<_>, name: &str, body: &str| -> io::Result<()> {
            zip.start_file(name, options).map_err(io::Error::other)?;
            zip.write_all(body.as_bytes())
        };
        part(&mut zip, "[Content_Types].xml", CONTENT_TYPES)?;
        part(&mut zip, "_rels/.rels", ROOT_RELS)?;
        let workbook = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="{}" sheetId="1" r:id="rId1"/></sheets></workbook>"#,
            escape(&sheet_title(sheet_name))
        );
        part(&mut zip, "xl/workbook.xml", &workbook)?;
        part(&mut zip, "xl/_rels/workbook.xml.rels", WORKBOOK_RELS)?;
        part(&mut zip, "xl/styles.xml", STYLES)?;
        zip.start_file("xl/worksheets/sheet1.xml", options)
            .map_err(io::Error::other)?;
        zip.write_all(
            br#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
        )?;
        let mut sheet = SheetWriter {
            zip,
            kinds,
            rows: 0,
        };
        let header: Vec<Option<&str>> = labels.iter().map(|label| Some(*label)).collect();
        sheet.write_row_styled(&header, true)?;
        Ok(sheet)
    }

    /// Appends a row (`None` is an empty cell). Returns `false`, writing nothing, once Excel's row limit is reached.
    pub fn write_row(&mut self, cells: &[Option<&str>]) -> io::Result<bool> {
        if self.rows >= MAX_ROWS {
            return Ok(false);
        }
        self.write_row_styled(cells, false)?;
        Ok(true)
    }

    fn write_row_styled(&mut self, cells: &[Option<&str>], header: bool) -> io::Result<()> {
        let typed: Vec<SheetCell<'_>> = cells
            .iter()
            .enumerate()
            .map(|(index, cell)| match cell {
                None => SheetCell::Empty,
                Some(value) => {
                    let number = !header
                        && self.kinds.get(index) == Some(&CellKind::Number)
                        && value.parse::<f64>().is_ok_and(f64::is_finite);
                    if number {
                        SheetCell::Digits(value)
                    } else {
                        SheetCell::Text(value)
                    }
                }
            })
            .collect();
        self.write_typed(&typed, header)
    }

    /// Appends a row of cells each typed by the caller (a report's sections differ in their columns); `bold` for
    /// headings. Returns `false`, writing nothing, once Excel's row limit is reached.
    pub fn write_cells(&mut self, cells: &[SheetCell<'_>], bold: bool) -> io::Result<bool> {
        if self.rows >= MAX_ROWS {
            return Ok(false);
        }
        self.write_typed(cells, bold)?;
        Ok(true)
    }

    fn write_typed(&mut self, cells: &[SheetCell<'_>], bold: bool) -> io::Result<()> {
        self.rows += 1;
        let mut xml = String::with_capacity(64 + cells.len() * 32);
        xml.push_str(&format!(r#"<row r="{}">"#, self.rows));
        for (index, cell) in cells.iter().enumerate() {
            let reference = format!("{}{}", column_letters(index), self.rows);
            match cell {
                SheetCell::Empty => continue,
                SheetCell::Digits(value) => {
                    xml.push_str(&format!(r#"<c r="{reference}"><v>{value}</v></c>"#))
                }
                SheetCell::Number(value) if value.is_finite() => {
                    xml.push_str(&format!(r#"<c r="{reference}"><v>{value}</v></c>"#))
                }
                SheetCell::Number(_) => continue,
                SheetCell::Text(value) => {
                    let style = if bold { r#" s="1""# } else { "" };
                    xml.push_str(&format!(
                        r#"<c r="{reference}" t="inlineStr"{style}><is><t xml:space="preserve">{}</t></is></c>"#,
                        escape(value)
                    ));
                }
            }
        }
        xml.push_str("</row>");
        self.zip.write_all(xml.as_bytes())
    }

    /// Closes the sheet and the package.
    pub fn finish(mut self) -> io::Result<W> {
        self.zip.write_all(b"</sheetData></worksheet>")?;
        let stream = self.zip.finish().map_err(io::Error::other)?;
        Ok(stream.into_inner())
    }
}

/// `0` → `A`, `25` → `Z`, `26` → `AA`.
pub(crate) fn column_letters(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// XML text: the five entities escaped, and characters XML 1.0 cannot carry dropped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Excel sheet names: at most 31 characters, none of `[]:*?/\`.
fn sheet_title(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\'))
        .take(31)
        .collect();
    if cleaned.trim().is_empty() {
        "Sheet1".to_owned()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters_follow_excel() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
    }

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(escape("a<b>&\"c'\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(
            sheet_title("Phase / project: [links]"),
            "Phase  project links"
        );
    }
}
