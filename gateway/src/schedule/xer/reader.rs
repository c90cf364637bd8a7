//! The XER text format: decoding (UTF-8 when the bytes are valid UTF-8, else Windows-1252, as P6 writes it) and
//! the markers `ERMHDR` (header), `%T` (table), `%F` (fields), `%R` (row), `%E` (end), tab-separated. Tables come
//! in any order; a table the importer does not read is kept like any other and simply never asked for.

use std::borrow::Cow;
use std::collections::HashMap;

use super::XerError;

/// One `%R` row: its line in the file (1-based) and its values, as many as the table's fields (missing = empty).
#[derive(Debug, Clone)]
pub struct Row {
    pub line: usize,
    pub values: Vec<String>,
}

#[derive(Debug, Default, Clone)]
pub struct Table {
    pub fields: Vec<String>,
    pub rows: Vec<Row>,
}

impl Table {
    /// The position of `field`, if the table has it.
    pub fn column(&self, field: &str) -> Option<usize> {
        self.fields.iter().position(|f| f == field)
    }
}

/// The tables of a file by name.
#[derive(Debug, Default)]
pub struct Tables {
    pub tables: HashMap<String, Table>,
}

impl Tables {
    pub fn get(&self, name: &str) -> Option<&Table> {
        self.tables.get(name)
    }
}

/// The file's text: UTF-8 (without its byte-order mark) when valid, else Windows-1252 (keeps `£`, `€`).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
        }
    }
}

/// Splits the text into tables, refusing (with the line) what is not XER as P6 writes it.
pub fn tokenize(text: &str) -> Result<Tables, XerError> {
    let mut tables = Tables::default();
    let mut current: Option<String> = None;
    let mut seen_header = false;
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let content = raw.strip_suffix('\r').unwrap_or(raw);
        if !seen_header {
            if content.trim().is_empty() {
                continue;
            }
            if !content.starts_with("ERMHDR") {
                return Err(XerError::at(
                    line,
                    "not a Primavera P6 XER file (it must begin with ERMHDR)",
                ));
            }
            seen_header = true;
            continue;
        }
        if content.trim().is_empty() {
            continue;
        }
        let (marker, rest) = match content.split_once('\t') {
            Some((marker, rest)) => (marker, Some(rest)),
            None => (content.trim_end(), None),
        };
        match marker {
            "%T" => {
                let name = rest.unwrap_or("").trim().to_owned();
                if name.is_empty() {
                    return Err(XerError::at(line, "%T without a table name"));
                }
                tables.tables.entry(name.clone()).or_default();
                current = Some(name);
            }
            "%F" => {
                let table = open_table(&mut tables, &current, line, "%F")?;
                table.fields = rest
                    .unwrap_or("")
                    .split('\t')
                    .map(|f| f.trim().to_owned())
                    .collect();
            }
            "%R" => {
                let name = current.clone().unwrap_or_default();
                let table = open_table(&mut tables, &current, line, "%R")?;
                if table.fields.is_empty() {
                    return Err(XerError::at(
                        line,
                        format!("a %R row of table {name} before its %F field list"),
                    ));
                }
                let mut values: Vec<String> = match rest {
                    Some(rest) => rest.split('\t').map(str::to_owned).collect(),
                    None => Vec::new(),
                };
                if values.len() > table.fields.len() {
                    return Err(XerError::at(
                        line,
                        format!(
                            "a %R row of table {name} has {} values but its %F lists {} fields",
                            values.len(),
                            table.fields.len()
                        ),
                    ));
                }
                values.resize(table.fields.len(), String::new());
                table.rows.push(Row { line, values });
            }
            "%E" => {
                current = None;
            }
            other => {
                let shown: String = other.chars().take(20).collect();
                return Err(XerError::at(
                    line,
                    format!(
                        "unknown marker '{shown}' (a line of an XER file starts with %T, %F, %R or %E)"
                    ),
                ));
            }
        }
    }
    if !seen_header {
        return Err(XerError::Empty);
    }
    Ok(tables)
}

fn open_table<'a>(
    tables: &'a mut Tables,
    current: &Option<String>,
    line: usize,
    marker: &str,
) -> Result<&'a mut Table, XerError> {
    current
        .as_ref()
        .and_then(|name| tables.tables.get_mut(name))
        .ok_or_else(|| XerError::at(line, format!("{marker} outside a table (no %T before it)")))
}
