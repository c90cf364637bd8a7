//! An import request as the importer takes it: the import screen's preset (if the caller holds its route), the
//! entry (writable, and the caller's to create in or update by a key), the `options`, `mapping` and `fixed` fields
//! of the upload turned into a [`Plan`], and the columns a preview offers.

use std::collections::{BTreeMap, HashMap};

use schema_registry::model::{ImportDef, ImportMode};
use schema_registry::{Column, Entry, Registry};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::{ApiError, FieldError};
use crate::import::mapping::{self, Mapping};
use crate::import::run::Plan;
use crate::pipeline::authorise::{authorise, Access};
use crate::pipeline::compile;

/// A look-up column's target.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LookupRef {
    pub entry: String,
    pub display: String,
}

/// A column an import may fill.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportColumn {
    pub name: String,
    pub label: String,
    /// The SQL type (`text`, `bigint`, `numeric`, `date`, …).
    #[serde(rename = "type")]
    pub sql_type: String,
    pub required: bool,
    #[serde(rename = "enum")]
    pub enum_values: Vec<String>,
    pub lookup: Option<LookupRef>,
    /// Part of a unique key (may find the record to update).
    pub key_candidate: bool,
}

/// The `options` field of an import.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ImportOptions {
    pub dry_run: bool,
    /// `insert`, `update` or `upsert` (default: the preset's, else insert).
    pub mode: Option<ImportMode>,
    /// The business key for update and upsert (default: the preset's).
    pub key: Option<Vec<String>>,
    /// Write the valid rows and report the refused ones.
    pub valid_only: bool,
    pub sheet: Option<String>,
    /// A key the console polls `GET /api/import/progress/{key}` with.
    pub progress: Option<String>,
    /// The import screen's route (its preset's mapping, fixed values and the caller's hold on the route).
    pub route: Option<String>,
}

/// `name`, writable, if the caller may create records in it or update them by a key (both are importing).
pub fn importable_entry<'r>(
    registry: &'r Registry,
    caller: &Caller,
    name: &str,
) -> Result<&'r Entry, ApiError> {
    let entry = compile::writable_entry(registry, name)?;
    // Creating records, or updating them by a key (update mode), is importing.
    if let Err(refused) = authorise(caller, entry, Access::Create) {
        authorise(caller, entry, Access::Update).map_err(|_| refused)?;
    }
    Ok(entry)
}

/// The preset at `route`, if the caller holds the route.
pub fn preset<'r>(
    registry: &'r Registry,
    caller: &Caller,
    route: &str,
) -> Result<(&'r Entry, &'r ImportDef), ApiError> {
    let (entry, preset) = registry.import_preset(route.trim()).ok_or_else(|| {
        ApiError::RecordNotFound(format!("no import screen has the route {route}"))
    })?;
    crate::pipeline::authorise::screen(caller, &preset.route)?;
    Ok((entry, preset))
}

/// A look-up column's target, as the screen's pickers read it.
pub fn lookup_ref(column: &Column) -> Option<LookupRef> {
    column.lookup.as_ref().map(|l| LookupRef {
        entry: l.entry.clone(),
        display: l.display.clone(),
    })
}

/// The columns an import may fill, each with whether it is part of a unique key (`unique`, of the table).
pub fn columns(entry: &Entry, unique: &[Vec<String>]) -> Vec<ImportColumn> {
    mapping::importable(entry)
        .map(|column| ImportColumn {
            name: column.name.clone(),
            label: column.label.clone(),
            sql_type: format!("{:?}", column.sql_type).to_lowercase(),
            required: column.required && column.default.is_none(),
            enum_values: column.enum_values.clone(),
            lookup: lookup_ref(column),
            key_candidate: unique.iter().any(|key| key.contains(&column.name)),
        })
        .collect()
}

/// The plan of an import from its upload's fields (`options`, `mapping`, `fixed`, `sheet`): the preset's mode,
/// key, mapping and fixed values unless the fields say otherwise; the permission each mode needs; every column
/// the preset asks for given. The caller's saved mapping is added by whoever reads it.
pub fn plan(
    registry: &Registry,
    caller: &Caller,
    entry: &Entry,
    fields: &HashMap<String, String>,
) -> Result<Plan, ApiError> {
    let options: ImportOptions = json_field(fields, "options")?;
    let mapping: Mapping = json_field(fields, "mapping")?;
    let given_fixed: BTreeMap<String, serde_json::Value> = json_field(fields, "fixed")?;
    let preset = match options.route.as_deref() {
        Some(route) => {
            let (target, preset) = preset(registry, caller, route)?;
            if target.name != entry.name {
                return Err(ApiError::BadRequest(format!(
                    "the import screen {route} fills {}, not {}",
                    target.title(),
                    entry.title()
                )));
            }
            Some(preset)
        }
        None => None,
    };
    let mode = options
        .mode
        .or(preset.map(|p| p.mode))
        .unwrap_or(ImportMode::Insert);
    let arrives_in = preset.and_then(|p| p.arrives_in.clone());
    if arrives_in.is_some() && mode != ImportMode::Insert {
        return Err(ApiError::BadRequest(format!(
            "this screen imports history as new records: mode \"{}\" is not offered",
            mode.as_str()
        )));
    }
    if mode != ImportMode::Update {
        authorise(caller, entry, Access::Create)?;
    }
    if mode != ImportMode::Insert {
        authorise(caller, entry, Access::Update)?;
    }
    let mut fixed: BTreeMap<String, String> = preset.map(|p| p.fixed.clone()).unwrap_or_default();
    for (column, value) in given_fixed {
        let text = match value {
            serde_json::Value::Null => continue,
            serde_json::Value::String(text) => text,
            other => other.to_string(),
        };
        fixed.insert(column, text);
    }
    if let Some(preset) = preset {
        for ask in &preset.ask {
            if !fixed.contains_key(ask) {
                let label = entry.column(ask).map_or(ask.as_str(), |c| c.label.as_str());
                return Err(ApiError::validation(vec![FieldError::new(
                    ask,
                    format!("choose the {label} for every row before importing"),
                )]));
            }
        }
    }
    Ok(Plan {
        route: preset.map(|p| p.route.clone()),
        mapping,
        preset_mapping: preset.map(|p| p.mapping.clone()),
        arrives_in,
        saved_mapping: None,
        fixed,
        mode,
        key: options
            .key
            .filter(|k| !k.is_empty())
            .or(preset.map(|p| p.key.clone()))
            .unwrap_or_default(),
        dry_run: options.dry_run,
        valid_only: options.valid_only,
        sheet: options.sheet.or_else(|| fields.get("sheet").cloned()),
    })
}

/// A multipart field holding JSON of a known shape (its default when absent or blank).
fn json_field<T: serde::de::DeserializeOwned + Default>(
    fields: &HashMap<String, String>,
    name: &str,
) -> Result<T, ApiError> {
    match fields.get(name).map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(text) => serde_json::from_str(text).map_err(|e| {
            ApiError::BadRequest(format!(
                "the field `{name}` is not valid JSON of its shape: {e}"
            ))
        }),
        None => Ok(T::default()),
    }
}
