//! A small registry for the compiler tests: one entry with every kind of column.
#![allow(dead_code)]

pub mod hostile_filters;

use schema_registry::{compile_filter, Entry, FilterLimits, ReadQuery, Registry};

pub const WORKS: &str = r#"
title = "Works"
read_only = true
default_sort = [{ column = "c_code" }]

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "c_code"
type = "text"
label = "Code"
searchable = true

[[columns]]
name = "c_name"
type = "varchar"
label = "Name"
searchable = true

[[columns]]
name = "n_package"
type = "bigint"
label = "Package"

[[columns]]
name = "n_qty"
type = "integer"
label = "Quantity"

[[columns]]
name = "n_amount"
type = "numeric"
label = "Amount"

[[columns]]
name = "d_date"
type = "date"
label = "Date"

[[columns]]
name = "d_at"
type = "timestamptz"
label = "At"

[[columns]]
name = "n_flag"
type = "boolean"
label = "Flag"

[[columns]]
name = "c_secret"
type = "text"
label = "Secret"
hidden = true

[[columns]]
name = "c_meta"
type = "jsonb"
label = "Meta"
sortable = false
"#;

pub fn registry() -> Registry {
    Registry::from_sources(&[("registry/test/works.toml", "works", WORKS)])
        .expect("test registry is valid")
}

/// The SQL and parameters of `SELECT <all readable> FROM works WHERE <whrc> …`.
pub fn compile_select(registry: &Registry, whrc: &str) -> Result<(String, Vec<String>), String> {
    let entry: &Entry = registry.entry("works").expect("works entry");
    let filter =
        compile_filter(entry, whrc, &FilterLimits::default()).map_err(|e| e.to_string())?;
    let mut query = ReadQuery::new(entry, vec![entry.column("id").unwrap()]);
    if let Some(condition) = filter.condition {
        query.and_where(condition);
    }
    query.order = filter.order;
    query.limit = filter.limit;
    query.offset = filter.offset;
    let sql = query.select_sql().map_err(|e| e.to_string())?;
    let params = sql
        .params
        .iter()
        .map(|p| match p {
            schema_registry::Param::Text(t) => t.clone(),
            schema_registry::Param::Int(n) => format!("#{n}"),
        })
        .collect();
    Ok((sql.text, params))
}
