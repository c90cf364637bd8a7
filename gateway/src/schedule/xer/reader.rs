//! The XER text format: decoding (UTF-8 when the bytes are valid UTF-8, else Windows-1252, as P6 writes it) and
//! the markers `ERMHDR` (header), `%T` (table), `%F` (fields), `%R` (row), `%E` (end), tab-separated. Tables come
//! in any order. Only the rows of the tables the importer reads are kept, as slices of the file's text; the other
//! tables are checked line by line and let go. Every line is at most `file_limits::MAX_RECORD_BYTES` long, a table
//! has at most [`MAX_FIELDS`] fields, and the rows kept hold at most [`MAX_VALUES`] values (the programme import's
//! memory budget), so what a file of a few MB can make the reader hold is bounded.

use std::borrow::Cow;
use std::collections::HashMap;

use super::XerError;
use crate::file_limits::{group, human_size, MAX_RECORD_BYTES};

/// Fields a table may list (P6's widest, TASK, has about a hundred).
pub const MAX_FIELDS: usize = 1_024;
/// Values the kept rows may hold together (16 bytes each: 128 MiB; a 50,000-activity programme holds about 5
/// million).
pub const MAX_VALUES: usize = 8 * 1024 * 1024;

/// One `%R` row: its line in the file (1-based) and its values, no more than the table's fields (a missing one
/// reads as empty).
#[derive(Debug, Clone)]
pub struct Row<'a> {
    pub line: usize,
    pub values: Vec<&'a str>,
}

#[derive(Debug, Default, Clone)]
pub struct Table<'a> {
    pub fields: Vec<String>,
    pub rows: Vec<Row<'a>>,
}

impl Table<'_> {
    /// The position of `field`, if the table has it.
    pub fn column(&self, field: &str) -> Option<usize> {
        self.fields.iter().position(|f| f == field)
    }
}

/// The tables of a file by name.
#[derive(Debug, Default)]
pub struct Tables<'a> {
    pub tables: HashMap<String, Table<'a>>,
}

impl<'a> Tables<'a> {
    pub fn get(&self, name: &str) -> Option<&Table<'a>> {
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

/// Splits the text into tables, keeping the rows of the tables named in `kept`, refusing (with the line) what is
/// not XER as P6 writes it or goes past the reader's limits.
pub fn tokenize<'a>(text: &'a str, kept: &[&str]) -> Result<Tables<'a>, XerError> {
    let mut tables = Tables::default();
    let mut current: Option<String> = None;
    let mut seen_header = false;
    let mut values_kept: usize = 0;
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let content = raw.strip_suffix('\r').unwrap_or(raw);
        if content.len() > MAX_RECORD_BYTES {
            return Err(XerError::at(
                line,
                format!(
                    "the line is longer than {}; a line of an XER file is read up to that length",
                    human_size(MAX_RECORD_BYTES as u64)
                ),
            ));
        }
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
                let fields = rest.unwrap_or("").split('\t');
                if fields.clone().count() > MAX_FIELDS {
                    return Err(XerError::at(
                        line,
                        format!(
                            "the table lists more than {} fields; P6 writes about a hundred at most",
                            group(MAX_FIELDS as u64)
                        ),
                    ));
                }
                table.fields = fields.map(|f| f.trim().to_owned()).collect();
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
                let values = rest.map_or(0, |rest| rest.split('\t').count());
                if values > table.fields.len() {
                    return Err(XerError::at(
                        line,
                        format!(
                            "a %R row of table {name} has {} values but its %F lists {} fields",
                            values,
                            table.fields.len()
                        ),
                    ));
                }
                if !kept.contains(&name.as_str()) {
                    continue;
                }
                values_kept += values;
                if values_kept > MAX_VALUES {
                    return Err(XerError::at(
                        line,
                        format!(
                            "the file holds more than {} values in the tables a programme import reads; import the projects in separate files",
                            group(MAX_VALUES as u64)
                        ),
                    ));
                }
                let values = match rest {
                    Some(rest) => rest.split('\t').collect(),
                    None => Vec::new(),
                };
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

fn open_table<'t, 'a>(
    tables: &'t mut Tables<'a>,
    current: &Option<String>,
    line: usize,
    marker: &str,
) -> Result<&'t mut Table<'a>, XerError> {
    current
        .as_ref()
        .and_then(|name| tables.tables.get_mut(name))
        .ok_or_else(|| XerError::at(line, format!("{marker} outside a table (no %T before it)")))
}
