//! A register's `[full_text]` read from the registry once per search: every name the search's SQL writes (the
//! table, its search copy, the columns of the facets, the hit and the snippet, the look-ups that label them) and
//! what each facet's values may be. The statements themselves are `pipeline::full_text`'s; nothing there reads
//! the registry.

use schema_registry::full_text::FullTextDef;
use schema_registry::regex::Regex;
use schema_registry::{Entry, Registry};

use crate::error::ApiError;

/// What a facet's values may be, checked when the search is parsed.
#[derive(Debug, Clone)]
pub enum Values {
    /// Keys of a look-up (whole numbers).
    Keys,
    /// One of these (the column's `enum`, or the workflow's states for its state column).
    OneOf(Vec<String>),
    /// Text matching the column's `pattern` (with its message), or any text of at most `max` characters.
    Text {
        pattern: Option<(Regex, String)>,
        max: usize,
    },
}

/// A look-up that labels a column's keys: the looked-up table, its key and its display column.
#[derive(Debug, Clone)]
pub struct Label {
    pub table: String,
    pub key: String,
    pub display: String,
}

/// A facet or a hit field, resolved.
#[derive(Debug, Clone)]
pub struct Field {
    /// Its name in the API.
    pub name: String,
    pub column: String,
    /// Its column's label in the registry (the facet's heading).
    pub title: String,
    pub label: Option<Label>,
    pub values: Values,
}

/// The latest file of a child register's lines.
#[derive(Debug, Clone)]
pub struct FilesIn {
    pub entry: String,
    pub table: String,
    pub key: String,
    pub parent_column: String,
}

/// Everything the search of one register writes.
#[derive(Debug, Clone)]
pub struct Spec {
    pub entry: String,
    pub table: String,
    pub key: String,
    pub copy: String,
    pub copy_key: String,
    pub words: String,
    pub title_words: String,
    pub file_chars: Option<String>,
    pub file_text: Option<String>,
    pub snippet: Vec<String>,
    pub updated: String,
    /// The column a hit is numbered by (the workflow's number column, else the key): the sort `number`.
    pub number: String,
    pub facets: Vec<Field>,
    pub hit: Vec<Field>,
    pub files_in: Option<FilesIn>,
}

/// The register's search (404 for a name the registry lacks, 400 for a register without `[full_text]`).
pub fn spec(registry: &Registry, name: &str) -> Result<Spec, ApiError> {
    let entry = super::entry(registry, name)?;
    let Some(def) = &entry.def.full_text else {
        return Err(ApiError::BadRequest(format!(
            "{} has no full-text search (its registry file declares no [full_text])",
            entry.name
        )));
    };
    spec_of(registry, entry, def)
}

fn spec_of(registry: &Registry, entry: &Entry, def: &FullTextDef) -> Result<Spec, ApiError> {
    let workflow = entry.workflow();
    let field = |name: &str, column: &str| -> Result<Field, ApiError> {
        let found = entry.readable_column(column).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "[full_text] of {} names `{column}`, which it cannot read",
                entry.name
            ))
        })?;
        let label = found.lookup.as_ref().and_then(|lookup| {
            let target = registry.entry(&lookup.entry)?;
            Some(Label {
                table: target.table.clone(),
                key: target.def.primary_key.clone(),
                display: lookup.display.clone(),
            })
        });
        let values = if label.is_some() || found.sql_type.is_integer() {
            Values::Keys
        } else if workflow.is_some_and(|w| w.state_column == column) {
            Values::OneOf(
                workflow
                    .map(|w| w.states.iter().map(|s| s.name.clone()).collect())
                    .unwrap_or_default(),
            )
        } else if !found.enum_values.is_empty() {
            Values::OneOf(found.enum_values.clone())
        } else {
            Values::Text {
                pattern: entry.pattern(column).map(|regex| {
                    (
                        regex.clone(),
                        found
                            .pattern_message
                            .clone()
                            .unwrap_or_else(|| format!("does not match {}", regex.as_str())),
                    )
                }),
                max: found.max_length.map_or(200, |max| max as usize),
            }
        };
        Ok(Field {
            name: name.to_owned(),
            column: column.to_owned(),
            title: found.label.clone(),
            label,
            values,
        })
    };
    let facets = def
        .facets
        .iter()
        .map(|facet| field(&facet.name, &facet.column))
        .collect::<Result<Vec<_>, _>>()?;
    let hit = def
        .hit
        .iter()
        .map(|facet| field(&facet.name, &facet.column))
        .collect::<Result<Vec<_>, _>>()?;
    let files_in = match &def.files_in {
        Some(lines) => {
            let child = registry.entry(lines).ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!(
                    "[full_text] files_in `{lines}` is not registered"
                ))
            })?;
            let parent = child.parent.as_ref().ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!(
                    "[full_text] files_in `{lines}` has no parent"
                ))
            })?;
            Some(FilesIn {
                entry: child.name.clone(),
                table: child.table.clone(),
                key: child.def.primary_key.clone(),
                parent_column: parent.key.clone(),
            })
        }
        None => None,
    };
    Ok(Spec {
        entry: entry.name.clone(),
        table: entry.table.clone(),
        key: entry.def.primary_key.clone(),
        copy: def.copy.clone(),
        copy_key: def.key.clone(),
        words: def.words.clone(),
        title_words: def.title_words.clone(),
        file_chars: def.file_chars.clone(),
        file_text: def.file_text.clone(),
        snippet: def.snippet.clone(),
        updated: def.updated.clone(),
        number: workflow
            .and_then(|w| w.number_column.clone())
            .unwrap_or_else(|| entry.def.primary_key.clone()),
        facets,
        hit,
        files_in,
    })
}
