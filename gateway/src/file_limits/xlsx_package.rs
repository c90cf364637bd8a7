//! A workbook checked before the spreadsheet reader (calamine) opens it, because that reader trusts numbers the
//! file states: it reserves as many shared strings as `uniqueCount` says, pads a row up to the column a cell
//! reference names (wrapping past 2³² in a release build), and grows its shared-formula table to the largest `si`.
//! - [`check_workbook`]: the zip package ([`super::zip_package`]) with the parts the reader keeps whole held to
//!   smaller limits, and the shared strings counted against their declared count and what their part can hold;
//! - [`check_sheet`]: one sheet's part streamed once: every row number, cell reference, range and shared-formula
//!   number within Excel's grid, and the merged regions that span columns (the importer refuses a merged header).

use std::io::{BufReader, Read, Seek};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::zip_package;
use super::{
    LimitError, EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, MAX_MERGED_REGIONS, MAX_SHARED_FORMULAS,
    SHARED_STRINGS_MAX_BYTES, SHARED_STRINGS_MAX_COUNT, SHARED_STRING_MIN_BYTES,
    XML_PART_MAX_BYTES,
};

/// A rectangle of cells, 0-based like the reader's positions (row, column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub start: (u32, u32),
    pub end: (u32, u32),
}

/// What the importer needs of a sheet beyond its cells.
#[derive(Debug, Clone, Default)]
pub struct SheetShape {
    /// Merged regions spanning two columns or more.
    pub merged_across: Vec<Region>,
}

/// How large a part of a workbook may unpack to: sheets are streamed, the shared strings and the other XML parts
/// are kept whole.
pub fn part_limit(name: &str) -> Option<u64> {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with("sharedstrings.xml") {
        Some(SHARED_STRINGS_MAX_BYTES)
    } else if lower.contains("worksheets/") {
        None
    } else if lower.ends_with(".xml") || lower.ends_with(".rels") {
        Some(XML_PART_MAX_BYTES)
    } else {
        None
    }
}

/// The package's limits and its shared strings, before the workbook is opened.
pub fn check_workbook<R: Read + Seek>(mut reader: R, file_name: &str) -> Result<(), LimitError> {
    let parts = zip_package::check(&mut reader, file_name, part_limit)?;
    reader
        .rewind()
        .map_err(|e| LimitError::NotZip(file_name.to_owned(), e.to_string()))?;
    let mut archive = zip::ZipArchive::new(reader)
        .map_err(|e| LimitError::NotZip(file_name.to_owned(), e.to_string()))?;
    for part in parts
        .iter()
        .filter(|p| p.name.to_ascii_lowercase().ends_with("sharedstrings.xml"))
    {
        let file = archive
            .by_name(&part.name)
            .map_err(|e| LimitError::NotZip(file_name.to_owned(), e.to_string()))?;
        count_shared_strings(BufReader::new(file), part.unpacked, file_name)?;
    }
    Ok(())
}

/// The `<si>` items of a shared-strings part, against its `uniqueCount` and what `part_bytes` can hold.
fn count_shared_strings(
    part: impl std::io::BufRead,
    part_bytes: u64,
    file_name: &str,
) -> Result<u64, LimitError> {
    let mut xml = Reader::from_reader(part);
    xml.config_mut().check_end_names = false;
    let mut buffer = Vec::new();
    let mut items: u64 = 0;
    loop {
        match xml.read_event_into(&mut buffer) {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().as_ref() {
                b"sst" => {
                    for name in [&b"uniqueCount"[..], &b"count"[..]] {
                        if let Some(declared) = number_attribute(&e, name) {
                            let declared = declared.unwrap_or(u64::MAX);
                            if declared > part_bytes / SHARED_STRING_MIN_BYTES {
                                return Err(LimitError::SharedStringsDeclared {
                                    declared,
                                    part_bytes,
                                });
                            }
                            if name == b"uniqueCount" && declared > SHARED_STRINGS_MAX_COUNT {
                                return Err(LimitError::SharedStringsCount { count: declared });
                            }
                        }
                    }
                }
                b"si" => {
                    items += 1;
                    if items > SHARED_STRINGS_MAX_COUNT {
                        return Err(LimitError::SharedStringsCount { count: items });
                    }
                }
                _ => {}
            },
            Ok(Event::Eof) => return Ok(items),
            Ok(_) => {}
            Err(e) => {
                return Err(LimitError::NotZip(
                    file_name.to_owned(),
                    format!("its shared strings are damaged: {e}"),
                ))
            }
        }
        buffer.clear();
    }
}

/// The sheet named `sheet` (as the workbook lists it) streamed once and checked.
pub fn check_sheet<R: Read + Seek>(
    reader: R,
    file_name: &str,
    sheet: &str,
) -> Result<SheetShape, LimitError> {
    let not_zip = |why: String| LimitError::NotZip(file_name.to_owned(), why);
    let mut archive = zip::ZipArchive::new(reader).map_err(|e| not_zip(e.to_string()))?;
    let names: Vec<String> = archive
        .file_names()
        .map(|name| name.map(|n| n.into_owned()))
        .collect::<Result<_, _>>()
        .map_err(|e| not_zip(e.to_string()))?;
    let part = sheet_part(&mut archive, &names, sheet).ok_or_else(|| LimitError::NoSheetPart {
        sheet: sheet.to_owned(),
    })?;
    let file = archive.by_name(&part).map_err(|e| not_zip(e.to_string()))?;
    scan_sheet(BufReader::with_capacity(64 * 1024, file), sheet)
        .map_err(|e| e.unwrap_or_else(not_zip))
}

/// A scan's refusal: a limit, or XML that cannot be read (`Err(why)`).
type ScanError = Result<LimitError, String>;

fn scan_sheet(part: impl std::io::BufRead, sheet: &str) -> Result<SheetShape, ScanError> {
    let mut xml = Reader::from_reader(part);
    xml.config_mut().check_end_names = false;
    let mut buffer = Vec::new();
    let mut shape = SheetShape::default();
    let mut merged: u64 = 0;
    loop {
        let event = xml
            .read_event_into(&mut buffer)
            .map_err(|e| Err(format!("the sheet {sheet} is damaged: {e}")))?;
        match event {
            Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                b"row" => {
                    if let Some(r) = text_attribute(&e, b"r") {
                        let row = digits(&r).ok_or_else(|| reference(sheet, &r))?;
                        check_row(sheet, row)?;
                    }
                }
                b"c" => {
                    if let Some(r) = text_attribute(&e, b"r") {
                        cell(sheet, &r)?;
                    }
                }
                b"dimension" => {
                    if let Some(range) = text_attribute(&e, b"ref") {
                        area(sheet, &range)?;
                    }
                }
                b"mergeCell" => {
                    if let Some(range) = text_attribute(&e, b"ref") {
                        let region = area(sheet, &range)?;
                        merged += 1;
                        if merged > MAX_MERGED_REGIONS {
                            return Err(Ok(LimitError::MergedRegions {
                                sheet: sheet.to_owned(),
                            }));
                        }
                        if region.end.1 > region.start.1 {
                            shape.merged_across.push(region);
                        }
                    }
                }
                b"f" => {
                    if let Some(range) = text_attribute(&e, b"ref") {
                        area(sheet, &range)?;
                    }
                    if let Some(si) = number_attribute(&e, b"si") {
                        let index = si.unwrap_or(u64::MAX);
                        if index >= MAX_SHARED_FORMULAS {
                            return Err(Ok(LimitError::SharedFormula {
                                sheet: sheet.to_owned(),
                                index,
                            }));
                        }
                    }
                }
                _ => {}
            },
            Event::Eof => return Ok(shape),
            _ => {}
        }
        buffer.clear();
    }
}

fn reference(sheet: &str, text: &str) -> ScanError {
    Ok(LimitError::Reference {
        sheet: sheet.to_owned(),
        reference: text.chars().take(40).collect(),
    })
}

fn check_row(sheet: &str, row: u64) -> Result<(), ScanError> {
    if row == 0 || row > EXCEL_MAX_ROWS {
        return Err(Ok(LimitError::Row {
            sheet: sheet.to_owned(),
            row,
        }));
    }
    Ok(())
}

/// A cell reference (`B12`) as its 1-based row and column, both within Excel's grid.
fn cell(sheet: &str, text: &str) -> Result<(u64, u64), ScanError> {
    let (column, row) = split_reference(text).ok_or_else(|| reference(sheet, text))?;
    if column == 0 || column > EXCEL_MAX_COLUMNS {
        return Err(Ok(LimitError::Column {
            sheet: sheet.to_owned(),
            column,
        }));
    }
    check_row(sheet, row)?;
    Ok((row, column))
}

/// A range (`A1:C3`) or a single cell, as a 0-based region.
fn area(sheet: &str, text: &str) -> Result<Region, ScanError> {
    let (first, last) = text.split_once(':').unwrap_or((text, text));
    let (top, left) = cell(sheet, first)?;
    let (bottom, right) = cell(sheet, last)?;
    // Within the grid, so each fits a u32.
    let zero = |n: u64| (n - 1) as u32;
    Ok(Region {
        start: (zero(top.min(bottom)), zero(left.min(right))),
        end: (zero(top.max(bottom)), zero(left.max(right))),
    })
}

/// Letters then digits (`AAAAA2` is column 475,255, row 2: Excel counts A as 1); `None` when it is not that shape. Thirteen letters
/// at most: more would overflow the count (and no sheet has them).
fn split_reference(text: &str) -> Option<(u64, u64)> {
    let bytes = text.as_bytes();
    let letters = bytes.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if letters == 0 || letters > 13 {
        return None;
    }
    let column = bytes[..letters].iter().fold(0u64, |column, b| {
        column * 26 + u64::from(b.to_ascii_uppercase() - b'A' + 1)
    });
    let row = digits(&text[letters..])?;
    Some((column, row))
}

/// A run of decimal digits as a number (saturating: a row past `u64` is still past Excel's last).
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// An attribute's text, if present.
fn text_attribute(element: &BytesStart<'_>, name: &[u8]) -> Option<String> {
    element
        .attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
}

/// A numeric attribute: `Some(None)` when present but not a number that fits (too large to be honest).
fn number_attribute(element: &BytesStart<'_>, name: &[u8]) -> Option<Option<u64>> {
    let text = text_attribute(element, name)?;
    let text = text.trim();
    Some(if text.len() > 19 { None } else { digits(text) })
}

/// The part of `sheet`: the workbook found through the package's relationships, the sheet's relationship id in
/// it, and that relationship's target. Names are matched without regard to case, as the reader does.
fn sheet_part<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    names: &[String],
    sheet: &str,
) -> Option<String> {
    let find = |wanted: &str| {
        names
            .iter()
            .find(|n| n.eq_ignore_ascii_case(wanted))
            .cloned()
    };
    let workbook = relationship_targets(archive, &find("_rels/.rels")?, "")
        .into_iter()
        .find(|(_, kind, _)| kind.ends_with("/officeDocument"))
        .map(|(_, _, target)| target)
        .unwrap_or_else(|| "xl/workbook.xml".to_owned());
    let workbook = find(&workbook)?;
    let directory = workbook
        .rfind('/')
        .map_or("", |at| &workbook[..=at])
        .to_owned();
    let file = &workbook[directory.len()..];
    let id = sheet_id(archive, &workbook, sheet)?;
    let rels = find(&format!("{directory}_rels/{file}.rels"))?;
    let target = relationship_targets(archive, &rels, &directory)
        .into_iter()
        .find(|(rel_id, _, _)| *rel_id == id)
        .map(|(_, _, target)| target)?;
    find(&target)
}

/// `(Id, Type, Target)` of a relationships part, targets resolved against `directory`.
fn relationship_targets<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    part: &str,
    directory: &str,
) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    let Ok(file) = archive.by_name(part) else {
        return found;
    };
    let mut xml = Reader::from_reader(BufReader::new(file));
    let mut buffer = Vec::new();
    while let Ok(event) = xml.read_event_into(&mut buffer) {
        match event {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"Relationship" => {
                let id = text_attribute(&e, b"Id").unwrap_or_default();
                let kind = text_attribute(&e, b"Type").unwrap_or_default();
                let target = text_attribute(&e, b"Target").unwrap_or_default();
                found.push((id, kind, resolve(directory, &target)));
            }
            Event::Eof => break,
            _ => {}
        }
        buffer.clear();
    }
    found
}

/// The relationship id (`r:id`) of the sheet named `sheet` in the workbook part.
fn sheet_id<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    workbook: &str,
    sheet: &str,
) -> Option<String> {
    let file = archive.by_name(workbook).ok()?;
    let mut xml = Reader::from_reader(BufReader::new(file));
    let mut buffer = Vec::new();
    while let Ok(event) = xml.read_event_into(&mut buffer) {
        match event {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"sheet" => {
                let named = e
                    .attributes()
                    .flatten()
                    .find(|a| a.key.as_ref() == b"name")
                    .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()));
                if named.as_deref() == Some(sheet) {
                    return e
                        .attributes()
                        .flatten()
                        .find(|a| a.key.local_name().as_ref() == b"id" && a.key.prefix().is_some())
                        .map(|a| String::from_utf8_lossy(&a.value).into_owned());
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buffer.clear();
    }
    None
}

/// A relationship target as a part name: absolute (`/xl/…`) or relative to `directory`, `..` followed.
fn resolve(directory: &str, target: &str) -> String {
    let joined = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("{directory}{target}"),
    };
    let mut parts: Vec<&str> = Vec::new();
    for piece in joined.split('/') {
        match piece {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            other => parts.push(other),
        }
    }
    parts.join("/")
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Cursor;

    use super::*;
    use crate::file_limits::zip_package::tests::zip_of;

    /// A one-sheet workbook with `sheet_data` inside `<sheetData>` and `shared` as its shared strings part.
    pub fn workbook(sheet_xml: &str, shared: Option<&str>) -> Vec<u8> {
        let mut parts: Vec<(&str, Vec<u8>)> = vec![
            ("[Content_Types].xml", br#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#.to_vec()),
            ("_rels/.rels", br#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_vec()),
            ("xl/workbook.xml", br#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_vec()),
            ("xl/_rels/workbook.xml.rels", br#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#.to_vec()),
            ("xl/worksheets/sheet1.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{sheet_xml}</worksheet>"#).into_bytes()),
        ];
        if let Some(shared) = shared {
            parts.push((
                "xl/sharedStrings.xml",
                format!(r#"<?xml version="1.0" encoding="UTF-8"?>{shared}"#).into_bytes(),
            ));
        }
        let borrowed: Vec<(&str, &[u8])> = parts.iter().map(|(n, b)| (*n, b.as_slice())).collect();
        zip_of(&borrowed)
    }

    const SST: &str = r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Code</t></si><si><t>Name</t></si></sst>"#;

    fn sheet_of(rows: &str) -> String {
        format!("<sheetData>{rows}</sheetData>")
    }

    #[test]
    fn an_ordinary_workbook_passes() {
        let book = workbook(
            &format!(
                "{}<mergeCells count=\"1\"><mergeCell ref=\"A5:C5\"/></mergeCells>",
                sheet_of(
                    r#"<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>"#
                )
            ),
            Some(SST),
        );
        check_workbook(Cursor::new(&book), "book.xlsx").expect("workbook passes");
        let shape = check_sheet(Cursor::new(&book), "book.xlsx", "Data").expect("sheet passes");
        assert_eq!(
            shape.merged_across,
            vec![Region {
                start: (4, 0),
                end: (4, 2)
            }]
        );
    }

    #[test]
    fn a_declared_count_the_part_cannot_hold_is_refused() {
        let sst = SST.replace(r#"uniqueCount="2""#, r#"uniqueCount="100000000000""#);
        let error = check_workbook(Cursor::new(workbook(&sheet_of(""), Some(&sst))), "b.xlsx")
            .expect_err("refused");
        assert!(
            matches!(
                error,
                LimitError::SharedStringsDeclared {
                    declared: 100_000_000_000,
                    ..
                }
            ),
            "{error}"
        );
        let sst = SST.replace(
            r#"uniqueCount="2""#,
            r#"uniqueCount="99999999999999999999999""#,
        );
        let error = check_workbook(Cursor::new(workbook(&sheet_of(""), Some(&sst))), "b.xlsx")
            .expect_err("refused");
        assert!(
            matches!(error, LimitError::SharedStringsDeclared { .. }),
            "{error}"
        );
    }

    #[test]
    fn cells_past_excels_grid_are_refused_with_their_column() {
        for (reference, column) in [
            ("AAAAA2", 475_255u64),
            ("ZZZZZZZ2", 8_353_082_582),
            ("XFE1", 16_385),
        ] {
            let book = workbook(
                &sheet_of(&format!(
                    r#"<row r="2"><c r="{reference}"><v>1</v></c></row>"#
                )),
                None,
            );
            let error = check_sheet(Cursor::new(book), "b.xlsx", "Data").expect_err("refused");
            assert_eq!(
                error,
                LimitError::Column {
                    sheet: "Data".into(),
                    column
                }
            );
        }
        let error = check_sheet(
            Cursor::new(workbook(
                &sheet_of(r#"<row r="1048577"><c r="A1048577"/></row>"#),
                None,
            )),
            "b.xlsx",
            "Data",
        )
        .expect_err("refused");
        assert!(
            matches!(error, LimitError::Row { row: 1_048_577, .. }),
            "{error}"
        );
        let error = check_sheet(
            Cursor::new(workbook(
                &sheet_of(r#"<row r="1"><c r="AAAAAAAAAAAAAAAAAAAA1"/></row>"#),
                None,
            )),
            "b.xlsx",
            "Data",
        )
        .expect_err("refused");
        assert!(matches!(error, LimitError::Reference { .. }), "{error}");
        let book = workbook(
            &sheet_of(r#"<row r="1"><c r="XFD1048576"><v>1</v></c></row>"#),
            None,
        );
        check_sheet(Cursor::new(book), "b.xlsx", "Data").expect("the last cell is a cell");
    }

    #[test]
    fn a_shared_formula_numbered_past_the_limit_is_refused() {
        let book = workbook(
            &sheet_of(
                r#"<row r="1"><c r="A1"><f t="shared" si="4000000000" ref="A1:A2">1+1</f><v>2</v></c></row>"#,
            ),
            None,
        );
        let error = check_sheet(Cursor::new(book), "b.xlsx", "Data").expect_err("refused");
        assert!(
            matches!(
                error,
                LimitError::SharedFormula {
                    index: 4_000_000_000,
                    ..
                }
            ),
            "{error}"
        );
    }

    #[test]
    fn relationship_targets_resolve_like_part_names() {
        assert_eq!(
            resolve("xl/", "worksheets/sheet1.xml"),
            "xl/worksheets/sheet1.xml"
        );
        assert_eq!(
            resolve("xl/", "/xl/worksheets/s.xml"),
            "xl/worksheets/s.xml"
        );
        assert_eq!(
            resolve("xl/sub/", "../worksheets/s.xml"),
            "xl/worksheets/s.xml"
        );
    }
}
