//! The whitelisted registry of the tables and views the Metro PMIS gateway may reach, and the compiler that
//! turns client read and write requests into parameterised SQL.
//!
//! - [`model`]: the TOML file format (one file per entry), its JSON Schema and its OpenAPI schemas.
//! - [`registry`]: loading a folder of files ([`registry::entry`], the checks that need no database, problems).
//! - [`live`]: checks against the live database's catalogue, and the scaffold of a starter file.
//! - [`filter`]: the `whrc` filter language: text → typed tree (`filter::parse`) → sea-query
//!   (`filter::compile`).
//! - [`query`]: typed reads compiled to SQL text and bind parameters, and the data table's searches.
//! - [`range_filter`]: number and date column filters (`>20`, `10..20`, `2026-01..2026-03`).
//! - [`record`]: validating record writes against the registry's rules and the write statements.
//! - [`rules`]: rules over several columns (`[[rules]]`), evaluated before writes and sent to forms.
//! - [`dashboard`]: dashboard files (`registry/dashboards/`): widgets over registered views.
//! - [`in_use`]: naming a record and the records that still point at it, for a refused delete.
//! - [`values`]: the text forms of values each column type accepts.
//! - [`text`]: clipping client text for messages.

pub mod bind;
pub mod calendar;
pub mod dashboard;
pub mod filter;
pub mod full_text;
pub mod gallery;
pub mod in_use;
pub mod languages;
pub mod levels;
pub mod live;
pub mod model;
pub mod plan;
pub mod prefill;
pub mod process;
pub mod query;
pub mod range_filter;
pub mod readers;
pub mod record;
pub mod registry;
pub mod rules;
pub mod summary;
pub mod text;
pub mod tree;
pub mod upload;
pub mod values;
pub mod workflow;

pub use filter::{compile as compile_filter, CompiledFilter, FilterError, FilterLimits, OrderKey};
pub use model::{Direction, SqlType};
pub use query::{JsonSource, JsonText, Param, QueryError, ReadQuery, Sql};
pub use record::{FieldProblem, FieldValue, RecordInput, WriteMode};
pub use regex;
pub use registry::{Column, Entry, Problem, Registry, RegistryError, ROW_VERSION};
pub use sea_query;

/// The JSON Schema of a registry file, as committed in `registry.schema.json`.
pub fn json_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(model::EntryDef)).unwrap_or_default()
}
