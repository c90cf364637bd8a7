//! The XLSX template of an entry's import: a "Data" sheet with the columns' labels and an example row, choices
//! offered as data validation lists (from a hidden "Lists" sheet when a list is longer than Excel's 255
//! characters for an inline list), and a "Notes" sheet saying per column its type, whether it is required, its
//! format, allowed values and how a look-up is given.

use std::io::{Cursor, Write};

use schema_registry::{Column, Entry, Registry, SqlType};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::mapping::importable;
use crate::base::xlsx::{column_letters, escape};

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet3.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/><sheet name="Lists" sheetId="3" state="hidden" r:id="rId3"/></sheets></workbook>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet3.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>"#;

/// The template's bytes.
pub fn template(registry: &Registry, entry: &Entry, skip: &[&str]) -> std::io::Result<Vec<u8>> {
    let columns: Vec<&Column> = importable(entry)
        .filter(|c| !skip.contains(&c.name.as_str()))
        .collect();
    let mut data = Vec::new();
    let mut validations = Vec::new();
    let mut lists: Vec<Vec<String>> = Vec::new();
    let header: Vec<String> = columns.iter().map(|c| c.label.clone()).collect();
    let example: Vec<String> = columns.iter().map(|c| example(registry, c)).collect();
    data.push(row_xml(1, &header, true));
    data.push(row_xml(2, &example, false));
    for (index, column) in columns.iter().enumerate() {
        if column.enum_values.is_empty() {
            continue;
        }
        let letters = column_letters(index);
        let inline = column.enum_values.join(",");
        let formula = if inline.len() <= 250 && !column.enum_values.iter().any(|v| v.contains(','))
        {
            format!("\"{}\"", escape(&inline))
        } else {
            lists.push(column.enum_values.clone());
            let list_column = column_letters(lists.len() - 1);
            format!(
                "Lists!${list_column}$1:${list_column}${}",
                column.enum_values.len()
            )
        };
        validations.push(format!(
            r#"<dataValidation type="list" allowBlank="1" showErrorMessage="1" errorTitle="{title}" error="Choose one of the listed values" sqref="{letters}2:{letters}1048576"><formula1>{formula}</formula1></dataValidation>"#,
            title = escape(&column.label)
        ));
    }
    let mut sheet1 = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    sheet1.push_str(&data.concat());
    sheet1.push_str("</sheetData>");
    if !validations.is_empty() {
        sheet1.push_str(&format!(
            r#"<dataValidations count="{}">{}</dataValidations>"#,
            validations.len(),
            validations.concat()
        ));
    }
    sheet1.push_str("</worksheet>");
    let mut notes = vec![row_xml(
        1,
        &[
            "Column",
            "Field",
            "Type",
            "Required",
            "Format",
            "Allowed values / look-up",
        ]
        .map(String::from),
        true,
    )];
    for (index, column) in columns.iter().enumerate() {
        notes.push(row_xml(index as u32 + 2, &note(registry, column), false));
    }
    let last = columns.len() as u32 + 3;
    notes.push(row_xml(last, &[format!(
        "Row 2 of the Data sheet is an example: replace it with your rows. One row per {}. Dates may be written 2026-11-23, 23-11-2026, 23/11/2026 or 23-Nov-2026; numbers may use grouping (1,23,456.50).",
        entry.title()
    )], false));
    let sheet2 = sheet_xml(&notes.concat());
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let mut list_rows = Vec::new();
    for r in 0..longest {
        let cells: Vec<String> = lists
            .iter()
            .map(|l| l.get(r).cloned().unwrap_or_default())
            .collect();
        list_rows.push(row_xml(r as u32 + 1, &cells, false));
    }
    let sheet3 = sheet_xml(&list_rows.concat());
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, body) in [
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", ROOT_RELS),
        ("xl/workbook.xml", WORKBOOK),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
        ("xl/styles.xml", STYLES),
        ("xl/worksheets/sheet1.xml", sheet1.as_str()),
        ("xl/worksheets/sheet2.xml", sheet2.as_str()),
        ("xl/worksheets/sheet3.xml", sheet3.as_str()),
    ] {
        zip.start_file(name, options)
            .map_err(std::io::Error::other)?;
        zip.write_all(body.as_bytes())?;
    }
    Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
}

fn sheet_xml(rows: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>"#
    )
}

fn row_xml(number: u32, cells: &[String], bold: bool) -> String {
    let mut xml = format!(r#"<row r="{number}">"#);
    for (index, value) in cells.iter().enumerate() {
        if value.is_empty() {
            continue;
        }
        let style = if bold { r#" s="1""# } else { "" };
        xml.push_str(&format!(
            r#"<c r="{}{number}" t="inlineStr"{style}><is><t xml:space="preserve">{}</t></is></c>"#,
            column_letters(index),
            escape(value)
        ));
    }
    xml.push_str("</row>");
    xml
}

fn type_name(column: &Column) -> &'static str {
    match column.sql_type {
        _ if column.lookup.is_some() => "look-up",
        t if t.is_integer() => "whole number",
        t if t.is_number() => "number",
        SqlType::Date => "date",
        SqlType::Timestamp | SqlType::Timestamptz => "date and time",
        SqlType::Boolean => "yes / no",
        _ => "text",
    }
}

fn example(registry: &Registry, column: &Column) -> String {
    if let Some(first) = column.enum_values.first() {
        return first.clone();
    }
    if let Some(lookup) = &column.lookup {
        let title = registry
            .entry(&lookup.entry)
            .map_or("record", |e| e.title());
        return format!("(code or name of a {title})");
    }
    match column.sql_type {
        t if t.is_integer() => "1".into(),
        t if t.is_number() => "1250.50".into(),
        SqlType::Date => "2026-11-23".into(),
        SqlType::Timestamp | SqlType::Timestamptz => "2026-11-23 10:30".into(),
        SqlType::Boolean => "Yes".into(),
        _ => format!("({})", column.label),
    }
}

fn note(registry: &Registry, column: &Column) -> Vec<String> {
    let format = match column.sql_type {
        SqlType::Date => {
            "YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY or DD-Mon-YYYY; Excel dates".to_owned()
        }
        t if t.is_number() => {
            let mut text = "digits, grouping commas allowed".to_owned();
            if let Some(message) = schema_registry::record::range_message(column) {
                text.push_str(&format!("; {message}"));
            }
            text
        }
        _ => column
            .max_length
            .map(|m| format!("at most {m} characters"))
            .unwrap_or_default(),
    };
    let allowed = if !column.enum_values.is_empty() {
        column.enum_values.join(", ")
    } else if let Some(lookup) = &column.lookup {
        let title = registry
            .entry(&lookup.entry)
            .map_or("record", |e| e.title());
        format!(
            "{}, given by its code or name ({})",
            schema_registry::text::a_or_an(title),
            lookup.display
        )
    } else {
        String::new()
    };
    vec![
        column.label.clone(),
        column.name.clone(),
        type_name(column).to_owned(),
        if column.required && column.default.is_none() {
            "yes"
        } else {
            "no"
        }
        .to_owned(),
        format,
        allowed,
    ]
}
