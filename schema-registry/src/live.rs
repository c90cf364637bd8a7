//! What the live database has (read by the gateway from the catalogue with [`CATALOGUE_SQL`]), the checks of
//! the registry against it, and the scaffold of a starter file for a table.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::model::SqlType;
use crate::registry::{Problem, Registry, RegistryError};

/// One row per column of every table and view in schema `public`:
/// `(relation, relation kind 'r'|'v'|'m'|'p', column, udt name, not null, character maximum length,
///   has a trigram index on exactly this column, numeric precision, numeric scale)`.
pub const CATALOGUE_SQL: &str = r#"
SELECT c.relname::text,
       c.relkind::text,
       a.attname::text,
       t.typname::text,
       a.attnotnull,
       CASE WHEN a.atttypmod > 4 AND t.typname IN ('varchar', 'bpchar') THEN a.atttypmod - 4 END,
       EXISTS (
           SELECT 1
           FROM pg_index i
           JOIN pg_class ic ON ic.oid = i.indexrelid
           JOIN pg_am am ON am.oid = ic.relam
           JOIN pg_opclass oc ON oc.oid = i.indclass[0]
           WHERE i.indrelid = c.oid
             AND i.indkey[0] = a.attnum
             AND am.amname IN ('gin', 'gist')
             AND oc.opcname IN ('gin_trgm_ops', 'gist_trgm_ops')
       ),
       CASE WHEN t.typname = 'numeric' AND a.atttypmod >= 4 THEN ((a.atttypmod - 4) >> 16) & 65535 END,
       CASE WHEN t.typname = 'numeric' AND a.atttypmod >= 4 THEN (a.atttypmod - 4) & 65535 END
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')
ORDER BY c.relname, a.attnum
"#;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelationKind {
    Table,
    View,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveColumn {
    pub name: String,
    /// `pg_type.typname`, e.g. `int8`, `text`, `numeric`, `timestamptz`.
    pub udt_name: String,
    pub not_null: bool,
    pub max_length: Option<i32>,
    pub trigram_indexed: bool,
    /// `numeric(precision, scale)`; `None` for other types and unconstrained numeric.
    pub numeric: Option<(i32, i32)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveRelation {
    pub kind: RelationKind,
    /// In table order.
    pub columns: Vec<LiveColumn>,
}

impl LiveRelation {
    pub fn column(&self, name: &str) -> Option<&LiveColumn> {
        self.columns.iter().find(|column| column.name == name)
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LiveSchema {
    pub relations: BTreeMap<String, LiveRelation>,
}

/// One row of [`CATALOGUE_SQL`].
pub struct CatalogueRow {
    pub relation: String,
    pub relkind: String,
    pub column: String,
    pub udt_name: String,
    pub not_null: bool,
    pub max_length: Option<i32>,
    pub trigram_indexed: bool,
    pub numeric_precision: Option<i32>,
    pub numeric_scale: Option<i32>,
}

impl LiveSchema {
    pub fn from_rows(rows: impl IntoIterator<Item = CatalogueRow>) -> LiveSchema {
        let mut relations: BTreeMap<String, LiveRelation> = BTreeMap::new();
        for row in rows {
            let kind = if matches!(row.relkind.as_str(), "r" | "p") {
                RelationKind::Table
            } else {
                RelationKind::View
            };
            relations
                .entry(row.relation)
                .or_insert_with(|| LiveRelation {
                    kind,
                    columns: Vec::new(),
                })
                .columns
                .push(LiveColumn {
                    name: row.column,
                    udt_name: row.udt_name,
                    not_null: row.not_null,
                    max_length: row.max_length,
                    trigram_indexed: row.trigram_indexed,
                    numeric: row.numeric_precision.zip(row.numeric_scale),
                });
        }
        LiveSchema { relations }
    }
}

/// Advice that does not stop the gateway (e.g. a searchable column without a trigram index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning(pub Problem);

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Checks every entry against the live catalogue: the relation exists, every column exists with a compatible
/// type, views are read-only. Returns warnings when all is well.
pub fn validate(registry: &Registry, live: &LiveSchema) -> Result<Vec<Warning>, RegistryError> {
    let mut problems = Vec::new();
    let mut warnings = Vec::new();
    for entry in registry.entries() {
        let problem = |field: String, message: String| Problem {
            file: entry.file.clone(),
            line: None,
            field,
            message,
        };
        let Some(relation) = live.relations.get(&entry.table) else {
            problems.push(problem(
                "table".into(),
                format!("no table or view named `{}` in the database", entry.table),
            ));
            continue;
        };
        if relation.kind == RelationKind::View && !entry.def.read_only {
            problems.push(problem(
                "read_only".into(),
                format!("`{}` is a view; set read_only = true", entry.table),
            ));
        }
        for column in entry.columns() {
            let field = format!("column {}", column.name);
            let Some(live_column) = relation.column(&column.name) else {
                problems.push(problem(
                    field,
                    format!("no such column in table {}", entry.table),
                ));
                continue;
            };
            match SqlType::from_udt_name(&live_column.udt_name) {
                Some(live_type) if column.sql_type.compatible_with(live_type) => {}
                Some(live_type) => problems.push(problem(
                    field.clone(),
                    format!(
                        "declared {} but the database column is {}",
                        type_word(column.sql_type),
                        type_word(live_type)
                    ),
                )),
                None => problems.push(problem(
                    field.clone(),
                    format!(
                        "the database type `{}` is not supported by the registry",
                        live_column.udt_name
                    ),
                )),
            }
            if let (Some(declared), Some(live_max)) = (column.max_length, live_column.max_length) {
                if i64::from(declared) > i64::from(live_max) {
                    problems.push(problem(
                        field.clone(),
                        format!("max_length {declared} exceeds the column's length {live_max}"),
                    ));
                }
            }
            let declared = column
                .precision
                .map(|p| (p as i32, column.scale.unwrap_or(0) as i32));
            if column.sql_type == SqlType::Numeric && declared != live_column.numeric {
                let message = match live_column.numeric {
                    Some((precision, scale)) => format!(
                        "the database keeps numeric({precision}, {scale}); declare precision = {precision} \
                         and scale = {scale} so that forms and the gateway refuse what it would round"
                    ),
                    None => "the database column is numeric without precision; remove precision and scale"
                        .to_owned(),
                };
                problems.push(problem(field.clone(), message));
            }
            if relation.kind == RelationKind::Table
                && !entry.def.read_only
                && live_column.not_null
                && !column.required
                && !column.read_only
                && column.name != entry.def.primary_key
            {
                warnings.push(Warning(problem(
                    field.clone(),
                    "NOT NULL in the database but not required in the registry".into(),
                )));
            }
            if relation.kind == RelationKind::Table
                && column.searchable
                && !live_column.trigram_indexed
            {
                warnings.push(Warning(problem(
                    field,
                    format!(
                        "searchable but without a trigram index; searches scan the table \
                         (CREATE INDEX ON {} USING gin ({} gin_trgm_ops))",
                        entry.table, column.name
                    ),
                )));
            }
        }
    }
    if problems.is_empty() {
        Ok(warnings)
    } else {
        Err(RegistryError { problems })
    }
}

fn type_word(ty: SqlType) -> String {
    serde_json::to_value(ty)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("{ty:?}"))
}

/// Columns an administrator never wants on a form: maintained by the database.
const BOOKKEEPING: &[&str] = &["n_row_version", "d_created_at", "d_updated_at"];

/// A starter registry file for `table`, from its live columns: types, required flags, lengths, read-only keys
/// and bookkeeping columns, labels from the names, text columns searchable, and a screen with every input.
pub fn scaffold(table: &str, relation: &LiveRelation) -> String {
    let title = label_from_name(table);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Registry entry for `{table}`, scaffolded from the live database."
    );
    let _ = writeln!(
        out,
        "# Review labels, lookups, enums and the screen before use."
    );
    let _ = writeln!(out, "#:schema ../../registry.schema.json");
    let _ = writeln!(out, "title = {}", toml_string(&title));
    let pk = relation
        .columns
        .iter()
        .find(|c| c.name == "id")
        .or_else(|| relation.columns.first())
        .map(|c| c.name.clone())
        .unwrap_or_else(|| "id".into());
    if pk != "id" {
        let _ = writeln!(out, "primary_key = {}", toml_string(&pk));
    }
    if relation.kind == RelationKind::View {
        let _ = writeln!(out, "read_only = true");
    }
    let _ = writeln!(out, "routes = []");
    let first_text = relation
        .columns
        .iter()
        .find(|c| SqlType::from_udt_name(&c.udt_name).is_some_and(SqlType::is_text))
        .map(|c| c.name.clone());
    if let Some(sort) = &first_text {
        let _ = writeln!(out, "default_sort = [{{ column = {} }}]", toml_string(sort));
    }
    let mut inputs = Vec::new();
    for column in &relation.columns {
        let _ = writeln!(out);
        let Some(ty) = SqlType::from_udt_name(&column.udt_name) else {
            let _ = writeln!(
                out,
                "# column `{}` has type `{}`, which the registry does not support; left out.",
                column.name, column.udt_name
            );
            continue;
        };
        let _ = writeln!(out, "[[columns]]");
        let _ = writeln!(out, "name = {}", toml_string(&column.name));
        let _ = writeln!(out, "type = \"{}\"", type_word(ty));
        let _ = writeln!(
            out,
            "label = {}",
            toml_string(&label_from_name(&column.name))
        );
        let bookkeeping = BOOKKEEPING.contains(&column.name.as_str());
        let read_only = column.name == pk || bookkeeping || relation.kind == RelationKind::View;
        if column.not_null && !read_only {
            let _ = writeln!(out, "required = true");
        }
        if let Some((precision, scale)) = column.numeric {
            let _ = writeln!(out, "precision = {precision}\nscale = {scale}");
        }
        if let Some(max) = column.max_length {
            let _ = writeln!(out, "max_length = {max}");
        }
        if read_only {
            let _ = writeln!(out, "read_only = true");
        }
        if ty.is_text() && column.name.starts_with("c_") {
            let _ = writeln!(out, "searchable = true");
        }
        if matches!(ty, SqlType::Json | SqlType::Jsonb) {
            let _ = writeln!(out, "sortable = false");
        }
        if !read_only {
            inputs.push(column.name.clone());
        }
    }
    if relation.kind == RelationKind::Table && !inputs.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "[screen]");
        let list = relation
            .columns
            .iter()
            .filter(|c| {
                !BOOKKEEPING.contains(&c.name.as_str())
                    && SqlType::from_udt_name(&c.udt_name).is_some()
            })
            .map(|c| toml_string(&c.name))
            .collect::<Vec<_>>();
        let _ = writeln!(out, "list_columns = [{}]", list.join(", "));
        let _ = writeln!(out);
        let _ = writeln!(out, "[[screen.sections]]");
        let _ = writeln!(out, "title = {}", toml_string(&title));
        let inputs = inputs
            .iter()
            .map(|name| toml_string(name))
            .collect::<Vec<_>>();
        let _ = writeln!(out, "columns = [{}]", inputs.join(", "));
    }
    out
}

/// `n_chainage_from_km` → `Chainage from km`; `c_name` → `Name`.
pub fn label_from_name(name: &str) -> String {
    let trimmed = ["n_", "c_", "d_"]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .unwrap_or(name);
    let words = trimmed.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => name.to_owned(),
    }
}

fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// Names of relations in the catalogue that no registry entry covers (for `check-registry`'s summary).
pub fn unregistered(registry: &Registry, live: &LiveSchema) -> BTreeSet<String> {
    let registered: BTreeSet<&str> = registry
        .entries()
        .map(|entry| entry.table.as_str())
        .collect();
    live.relations
        .keys()
        .filter(|name| !registered.contains(name.as_str()))
        .cloned()
        .collect()
}
