//! A streaming XLSX (Office Open XML spreadsheet) writer: one sheet, a bold header row, inline strings and
//! numbers, written row by row into a zip stream so that memory stays flat whatever the row count.
//!
//! A table (an export: [`SheetWriter::start_table`]) is typed as its readers expect (checked with openpyxl):
//! dates and timestamps are Excel dates with a date format, decimals carry Indian digit grouping with their
//! scale (`1,23,45,678.50`), the header row is bold and frozen, has an autofilter, and each column a width.
//! A timestamp is written as the wall time the database gave it in the session's time zone (the programme's).

use std::io::{self, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// Excel's last row; rows beyond it cannot be opened, so the writer stops there.
pub const MAX_ROWS: u64 = 1_048_576;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    /// A number in Excel's General format (keys, counts).
    Number,
    /// A decimal with this many digits after the point, grouped the Indian way (amounts, quantities).
    Decimal(u8),
    /// `YYYY-MM-DD`, written as an Excel date.
    Date,
    /// `YYYY-MM-DD HH:MM:SS[.ffffff][+05:30]`, written as an Excel date and time.
    DateTime,
    Text,
}

/// A column of a table: its header, what its cells hold, its width in characters.
#[derive(Debug, Clone, Copy)]
pub struct SheetColumn<'a> {
    pub label: &'a str,
    pub kind: CellKind,
    pub width: f64,
}

/// The most decimals a number format is written for; a finer scale is shown with this many.
const MAX_SCALE: u8 = 6;

/// Cell styles of [`STYLES`]: its `cellXfs` in order.
const STYLE_BOLD: u32 = 1;
const STYLE_DATE: u32 = 2;
const STYLE_DATE_TIME: u32 = 3;
/// `STYLE_DECIMAL + scale` for scales 0 to [`MAX_SCALE`].
const STYLE_DECIMAL: u32 = 4;

/// One cell of `SheetWriter::write_cells`.
#[derive(Debug, Clone, Copy)]
pub enum SheetCell<'a> {
    Empty,
    Text(&'a str),
    Number(f64),
    /// A number already written as digits (a database's decimal text, kept exactly).
    Digits(&'a str),
    /// Digits shown with `scale` decimals, grouped the Indian way.
    Decimal(&'a str, u8),
    /// An Excel serial day (with the time of day as its fraction), shown as a date or a date and time.
    Date(f64, bool),
}

/// A value of a column of `kind` as its cell: text that is not what the kind expects stays text.
fn typed_cell(value: &str, kind: CellKind) -> SheetCell<'_> {
    let number = || value.parse::<f64>().is_ok_and(f64::is_finite);
    match kind {
        CellKind::Number if number() => SheetCell::Digits(value),
        CellKind::Decimal(scale) if number() => SheetCell::Decimal(value, scale.min(MAX_SCALE)),
        CellKind::Date => {
            date_serial(value).map_or(SheetCell::Text(value), |day| SheetCell::Date(day, false))
        }
        CellKind::DateTime => {
            date_time_serial(value).map_or(SheetCell::Text(value), |at| SheetCell::Date(at, true))
        }
        _ => SheetCell::Text(value),
    }
}

/// `YYYY-MM-DD` as Excel's serial day (1900 system), from 1 March 1900 on (before it Excel counts its fictitious
/// 29 February 1900); `None` for anything else.
fn date_serial(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year: i64 = text.get(0..4)?.parse().ok()?;
    let month: u32 = text.get(5..7)?.parse().ok()?;
    let day: u32 = text.get(8..10)?.parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    // Day 25,569 is 1970-01-01.
    let serial = days_from_civil(year, month, day) + 25_569;
    (61..2_958_466).contains(&serial).then_some(serial as f64)
}

/// `YYYY-MM-DD HH:MM[:SS[.ffffff]][±HH[:MM]]` (PostgreSQL's text of a timestamp; `T` also taken) as a serial day
/// with its time of day: the wall time as written, the offset left aside.
fn date_time_serial(text: &str) -> Option<f64> {
    let day = date_serial(text)?;
    let time = text.get(11..)?;
    if !matches!(text.as_bytes().get(10), Some(b' ' | b'T')) {
        return None;
    }
    let clock: String = time
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':' || *c == '.')
        .collect();
    let mut parts = clock.split(':');
    let hours: f64 = parts.next()?.parse().ok()?;
    let minutes: f64 = parts.next()?.parse().ok()?;
    let seconds: f64 = parts.next().unwrap_or("0").parse().ok()?;
    if hours >= 24.0 || minutes >= 60.0 || seconds >= 61.0 {
        return None;
    }
    Some(day + (hours * 3600.0 + minutes * 60.0 + seconds) / 86_400.0)
}

/// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let month = i64::from(month);
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

pub struct SheetWriter<W: Write> {
    zip: ZipWriter<zip::write::StreamWriter<W>>,
    kinds: Vec<CellKind>,
    rows: u64,
    /// A table's column count: its header is frozen and filtered. `None` for a free layout.
    table_width: Option<usize>,
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

/// The style sheet: fonts (plain, bold), the number formats of dates, date-times and decimals, the cell styles
/// numbered as `STYLE_*` say, and the Normal style (without it openpyxl warns that the workbook has no default).
fn styles() -> String {
    let mut formats = String::from(
        r#"<numFmt numFmtId="164" formatCode="dd mmm yyyy"/><numFmt numFmtId="165" formatCode="dd mmm yyyy hh:mm"/>"#,
    );
    let mut decimals = String::new();
    for scale in 0..=MAX_SCALE {
        let id = 166 + u32::from(scale);
        formats.push_str(&format!(
            r#"<numFmt numFmtId="{id}" formatCode="{}"/>"#,
            escape(&indian_format(scale))
        ));
        decimals.push_str(&format!(
            r#"<xf numFmtId="{id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        ));
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="{count}">{formats}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="{xfs}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>{decimals}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#,
        count = 2 + u32::from(MAX_SCALE) + 1,
        xfs = STYLE_DECIMAL + u32::from(MAX_SCALE) + 1,
    )
}

/// Indian digit grouping (lakh and crore: `1,23,45,678.50`) with `scale` decimals. Excel has no such grouping of
/// its own: the format picks the commas by the size of the number (two conditions and the rest, the most a
/// format may have), so below −1,00,000 a number is grouped by thousands.
fn indian_format(scale: u8) -> String {
    let decimals = if scale == 0 {
        String::new()
    } else {
        format!(".{}", "0".repeat(usize::from(scale)))
    };
    format!(
        r#"[>=10000000]##\,##\,##\,##0{decimals};[>=100000]##\,##\,##0{decimals};##,##0{decimals}"#
    )
}

impl<W: Write> SheetWriter<W> {
    /// A table: the header row bold and frozen, with an autofilter, each column its width and its cells typed by
    /// its kind.
    pub fn start_table(out: W, sheet_name: &str, columns: &[SheetColumn<'_>]) -> io::Result<Self> {
        let mut view = String::from(
            r#"<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>"#,
        );
        if !columns.is_empty() {
            view.push_str("<cols>");
            for (index, column) in columns.iter().enumerate() {
                view.push_str(&format!(
                    r#"<col min="{n}" max="{n}" width="{:.1}" customWidth="1"/>"#,
                    column.width.clamp(4.0, 80.0),
                    n = index + 1
                ));
            }
            view.push_str("</cols>");
        }
        let labels: Vec<&str> = columns.iter().map(|column| column.label).collect();
        let kinds = columns.iter().map(|column| column.kind).collect();
        let mut sheet = Self::open(out, sheet_name, &view, &labels, kinds)?;
        sheet.table_width = Some(columns.len());
        Ok(sheet)
    }

    /// A free layout: the first row bold (`labels`), the rest as the caller writes them; `kinds` type the cells
    /// of [`SheetWriter::write_row`].
    pub fn start(
        out: W,
        sheet_name: &str,
        labels: &[&str],
        kinds: Vec<CellKind>,
    ) -> io::Result<Self> {
        Self::open(out, sheet_name, "", labels, kinds)
    }

    /// Writes the package parts, the worksheet's opening with `view` (its views and columns) and the header row.
    fn open(
        out: W,
        sheet_name: &str,
        view: &str,
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
        part(&mut zip, "xl/styles.xml", &styles())?;
        zip.start_file("xl/worksheets/sheet1.xml", options)
            .map_err(io::Error::other)?;
        zip.write_all(
            format!(
                r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{view}<sheetData>"#
            )
            .as_bytes(),
        )?;
        let mut sheet = SheetWriter {
            zip,
            kinds,
            rows: 0,
            table_width: None,
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
            .map(|(index, cell)| match (cell, self.kinds.get(index)) {
                (None, _) => SheetCell::Empty,
                (Some(value), _) if header => SheetCell::Text(value),
                (Some(value), Some(kind)) => typed_cell(value, *kind),
                (Some(value), None) => SheetCell::Text(value),
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
                SheetCell::Decimal(value, scale) => xml.push_str(&format!(
                    r#"<c r="{reference}" s="{}"><v>{value}</v></c>"#,
                    STYLE_DECIMAL + u32::from(*scale)
                )),
                SheetCell::Date(serial, with_time) => xml.push_str(&format!(
                    r#"<c r="{reference}" s="{}"><v>{serial}</v></c>"#,
                    if *with_time {
                        STYLE_DATE_TIME
                    } else {
                        STYLE_DATE
                    }
                )),
                SheetCell::Text(value) => {
                    let style = if bold {
                        format!(r#" s="{STYLE_BOLD}""#)
                    } else {
                        String::new()
                    };
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
        self.zip.write_all(b"</sheetData>")?;
        if let Some(width) = self.table_width.filter(|width| *width > 0) {
            let last = format!("{}{}", column_letters(width - 1), self.rows.max(1));
            self.zip
                .write_all(format!(r#"<autoFilter ref="A1:{last}"/>"#).as_bytes())?;
        }
        self.zip.write_all(b"</worksheet>")?;
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
    fn dates_are_excel_serial_days() {
        // Hand-counted: 1900-03-01 is day 61; 2023-03-15 is day 45,000 (Excel shows it for =DATE(2023,3,15)).
        assert_eq!(date_serial("1900-03-01"), Some(61.0));
        assert_eq!(date_serial("2023-03-15"), Some(45_000.0));
        assert_eq!(date_serial("1970-01-01"), Some(25_569.0));
        assert_eq!(date_serial("1900-02-28"), None);
        assert_eq!(date_serial("2023-13-01"), None);
        assert_eq!(date_serial("15/03/2023"), None);
        // 12:00 is half a day; the offset is the session's zone, left aside.
        assert_eq!(
            date_time_serial("2023-03-15 12:00:00+05:30"),
            Some(45_000.5)
        );
        assert_eq!(date_time_serial("2023-03-15T06:00:00"), Some(45_000.25));
        let at = date_time_serial("2023-03-15 10:30:00.951786+05:30").unwrap();
        assert!(
            (at - (45_000.0 + 37_800.951786 / 86_400.0)).abs() < 1e-9,
            "{at}"
        );
        assert_eq!(date_time_serial("2023-03-15"), None);
    }

    #[test]
    fn decimals_are_grouped_the_indian_way() {
        assert_eq!(
            indian_format(2),
            r#"[>=10000000]##\,##\,##\,##0.00;[>=100000]##\,##\,##0.00;##,##0.00"#
        );
        assert_eq!(
            indian_format(0),
            r#"[>=10000000]##\,##\,##\,##0;[>=100000]##\,##\,##0;##,##0"#
        );
    }

    #[test]
    fn a_table_is_typed_frozen_and_filtered() {
        let columns = [
            SheetColumn {
                label: "Code",
                kind: CellKind::Text,
                width: 12.0,
            },
            SheetColumn {
                label: "Amount",
                kind: CellKind::Decimal(2),
                width: 16.0,
            },
            SheetColumn {
                label: "On",
                kind: CellKind::Date,
                width: 12.0,
            },
        ];
        let mut sheet = SheetWriter::start_table(Vec::new(), "T", &columns).unwrap();
        sheet
            .write_row(&[Some("C1"), Some("12345678.50"), Some("2023-03-15")])
            .unwrap();
        sheet
            .write_row(&[Some("C2"), None, Some("not a date")])
            .unwrap();
        let bytes = sheet.finish().unwrap();
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut xml = String::new();
        std::io::Read::read_to_string(
            &mut archive.by_name("xl/worksheets/sheet1.xml").unwrap(),
            &mut xml,
        )
        .unwrap();
        assert!(xml.contains(r#"state="frozen""#), "{xml}");
        assert!(
            xml.contains(r#"<col min="2" max="2" width="16.0" customWidth="1"/>"#),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<c r="B2" s="6"><v>12345678.50</v></c>"#),
            "{xml}"
        );
        assert!(xml.contains(r#"<c r="C2" s="2"><v>45000</v></c>"#), "{xml}");
        assert!(
            xml.contains(r#"<t xml:space="preserve">not a date</t>"#),
            "{xml}"
        );
        assert!(
            xml.ends_with(r#"</sheetData><autoFilter ref="A1:C3"/></worksheet>"#),
            "{xml}"
        );
    }

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
