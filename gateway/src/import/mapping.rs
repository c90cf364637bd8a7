//! File headers to columns: the header row checked (no empty or repeated headers), then each header matched to
//! a writable column by its label or name (case, spaces and punctuation aside), after what the caller sent, the
//! preset's mapping and the caller's saved mapping.

use std::collections::{BTreeMap, HashMap, HashSet};

use schema_registry::{Column, Entry};

use super::source::{Cell, SourceError};
use crate::base::xlsx::column_letters;
use crate::error::{ApiError, FieldError};

/// A header → column mapping (`None`: the header's column is not imported).
pub type Mapping = BTreeMap<String, Option<String>>;

/// The columns an import may fill: writable or `import_only`, visible, not stamped by the server alone (an
/// organisation stamp is judged by the write path: the importer's own organisation, or another's with the right to
/// file for others).
pub fn importable(entry: &Entry) -> impl Iterator<Item = &Column> {
    entry.readable_columns().filter(|c| c.importable())
}

/// The header row's texts; an empty header between others, or one given twice, is refused (trailing empty
/// headers are dropped).
pub fn headers(row: &[Cell]) -> Result<Vec<String>, SourceError> {
    let mut texts: Vec<String> = row
        .iter()
        .map(|cell| cell.display().trim().to_owned())
        .collect();
    while texts.last().is_some_and(String::is_empty) {
        texts.pop();
    }
    if texts.is_empty() {
        return Err(SourceError::Headers(
            "row 1 has no headers: the first row must name each column".into(),
        ));
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (index, text) in texts.iter().enumerate() {
        if text.is_empty() {
            return Err(SourceError::Headers(format!(
                "row 1: column {} has no header; give every column a header (or delete the column)",
                column_letters(index)
            )));
        }
        if let Some(first) = seen.insert(normalise(text), index) {
            return Err(SourceError::Headers(format!(
                "row 1: the header \"{text}\" is in columns {} and {}; give each column its own header",
                column_letters(first),
                column_letters(index)
            )));
        }
    }
    Ok(texts)
}

/// Lower-case letters and digits only: "Element ID" and "element_id" agree.
pub fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The mapping offered for `headers`: per header the first of the preset's mapping, the saved mapping, then the
/// column whose label or name (also without its `c_`/`n_`/`d_` prefix) matches.
pub fn automatic(
    entry: &Entry,
    headers: &[String],
    preset: Option<&BTreeMap<String, String>>,
    saved: Option<&Mapping>,
) -> Mapping {
    // Each source indexed once by its normalised header (the first of equals wins, as a search in order would), so
    // the work grows with the headers, not with headers × mappings.
    let preset: HashMap<String, &String> = first_by_key(preset.into_iter().flatten());
    let saved: HashMap<String, &Option<String>> = first_by_key(saved.into_iter().flatten());
    let columns: Vec<&Column> = importable(entry).collect();
    let by_label = first_by_key(columns.iter().map(|c| (&c.label, &c.name)));
    let by_name = first_by_key(columns.iter().map(|c| (&c.name, &c.name)));
    let by_bare = first_by_key(
        columns
            .iter()
            .filter_map(|c| c.name.split_once('_').map(|(_, bare)| (bare, &c.name))),
    );
    let mut taken: HashSet<String> = HashSet::new();
    let mut mapping = Mapping::new();
    for header in headers {
        let key = normalise(header);
        let chosen = match (preset.get(&key), saved.get(&key)) {
            (Some(column), _) => Some((*column).clone()),
            (None, Some(column)) => (*column).clone(),
            (None, None) => by_label
                .get(&key)
                .or_else(|| by_name.get(&key))
                .or_else(|| by_bare.get(&key))
                .map(|name| (*name).clone()),
        };
        let chosen = chosen.filter(|c| entry.column(c).is_some() && taken.insert(c.clone()));
        mapping.insert(header.clone(), chosen);
    }
    mapping
}

/// `(text, value)` pairs indexed by the normalised text, the first of equal texts kept.
fn first_by_key<'a, K: AsRef<str> + 'a, V: 'a>(
    pairs: impl Iterator<Item = (K, V)>,
) -> HashMap<String, V> {
    let mut index = HashMap::new();
    for (text, value) in pairs {
        index.entry(normalise(text.as_ref())).or_insert(value);
    }
    index
}

/// The column of each header under `mapping` (headers it leaves out are matched automatically); refuses a
/// column that cannot be imported, one given to two headers or also fixed, and a required column neither
/// mapped nor fixed (before any row is read).
pub fn columns_of<'e>(
    entry: &'e Entry,
    headers: &[String],
    mapping: &Mapping,
    automatic: &Mapping,
    fixed: &[&str],
) -> Result<Vec<Option<&'e Column>>, ApiError> {
    let mut problems = Vec::new();
    let mut used: HashMap<&str, &str> = HashMap::new();
    let mut out = Vec::with_capacity(headers.len());
    let mut given: HashMap<&str, &Option<String>> = HashMap::new();
    for (header, chosen) in mapping {
        given.entry(header.trim()).or_insert(chosen);
    }
    for header in headers {
        let chosen = match given.get(header.as_str()) {
            Some(chosen) => (*chosen).clone(),
            None => automatic.get(header).cloned().flatten(),
        };
        let Some(name) = chosen.filter(|n| !n.is_empty()) else {
            out.push(None);
            continue;
        };
        let Some(column) = importable(entry).find(|c| c.name == name) else {
            problems.push(FieldError::new(
                &name,
                format!(
                    "\"{header}\": `{name}` is not a field of {} that can be imported",
                    entry.title()
                ),
            ));
            out.push(None);
            continue;
        };
        if let Some(other) = used.insert(column.name.as_str(), header.as_str()) {
            problems.push(FieldError::new(
                &column.name,
                format!(
                    "{} is mapped from two headers, \"{other}\" and \"{header}\"; map one of them",
                    column.label
                ),
            ));
        }
        if fixed.contains(&column.name.as_str()) {
            problems.push(FieldError::new(
                &column.name,
                format!("{} is chosen on the screen for every row; do not map the header \"{header}\" to it", column.label),
            ));
        }
        out.push(Some(column));
    }
    for column in importable(entry) {
        if column.required
            && column.default.is_none()
            && !used.contains_key(column.name.as_str())
            && !fixed.contains(&column.name.as_str())
        {
            problems.push(FieldError::new(
                &column.name,
                format!(
                    "{} is required, but no header of the file is mapped to it; add a column \"{}\" or map one",
                    column.label, column.label
                ),
            ));
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(ApiError::validation(problems))
    }
}
