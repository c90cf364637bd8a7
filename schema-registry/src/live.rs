//! What the live database has (read by the gateway from the catalogue with [`CATALOGUE_SQL`]), the checks of
//! the registry against it, and the scaffold of a starter file for a table.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::model::SqlType;
use crate::registry::{Problem, Registry, RegistryError};

/// One row per column of every table and view in schema `public`:
/// `(relation, relation kind 'r'|'v'|'m'|'p', column, udt name, not null, character maximum length,
///   has a trigram index on exactly this column, numeric precision, numeric scale, the expression of a stored
///   generated column)`.
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
       CASE WHEN t.typname = 'numeric' AND a.atttypmod >= 4 THEN (a.atttypmod - 4) & 65535 END,
       CASE WHEN a.attgenerated = 's' THEN pg_get_expr(d.adbin, d.adrelid) END
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')
ORDER BY c.relname, a.attnum
"#;

/// One row per CHECK constraint of a table in schema `public`:
/// `(relation, constraint, definition, the columns it reads in table order)`.
pub const CHECKS_SQL: &str = r#"
SELECT c.relname::text,
       k.conname::text,
       pg_get_constraintdef(k.oid, true),
       ARRAY(SELECT a.attname::text
             FROM pg_attribute a
             WHERE a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
             ORDER BY a.attnum)
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND k.contype = 'c'
ORDER BY c.relname, k.conname
"#;

/// One row per single-column foreign key of a table in schema `public`:
/// `(relation, column, referenced relation, ON DELETE as pg_constraint.confdeltype: a, r, c, n, d)`.
pub const FOREIGN_KEYS_SQL: &str = r#"
SELECT c.relname::text, a.attname::text, r.relname::text, k.confdeltype::text
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_class r ON r.oid = k.confrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
WHERE n.nspname = 'public' AND k.contype = 'f' AND array_length(k.conkey, 1) = 1
ORDER BY 1, 2
"#;

/// One row per relation a view of schema `public` reads directly (from the rewrite rule's dependencies):
/// `(view, relation read)`. Views reading views are followed by [`LiveSchema::reads_of`].
pub const VIEW_READS_SQL: &str = r#"
SELECT DISTINCT v.relname::text, t.relname::text
FROM pg_class v
JOIN pg_namespace n ON n.oid = v.relnamespace
JOIN pg_rewrite r ON r.ev_class = v.oid
JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                AND d.refclassid = 'pg_class'::regclass
JOIN pg_class t ON t.oid = d.refobjid
JOIN pg_namespace tn ON tn.oid = t.relnamespace
WHERE n.nspname = 'public' AND tn.nspname = 'public' AND v.relkind IN ('v', 'm')
  AND t.oid <> v.oid AND t.relkind IN ('r', 'p', 'v', 'm')
ORDER BY 1, 2
"#;

/// One row per trigger of a table in schema `public` (not the constraint triggers PostgreSQL makes itself):
/// `(relation, function name)`.
pub const TRIGGERS_SQL: &str = r#"
SELECT c.relname::text, p.proname::text
FROM pg_trigger t
JOIN pg_class c ON c.oid = t.tgrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_proc p ON p.oid = t.tgfoid
WHERE n.nspname = 'public' AND NOT t.tgisinternal
ORDER BY 1, 2
"#;

/// A single-column foreign key of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveForeignKey {
    pub column: String,
    pub references: String,
    /// `c` cascade, `a` no action, `r` restrict, `n` set null, `d` set default.
    pub on_delete: String,
}

/// A CHECK constraint of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveCheck {
    pub name: String,
    /// As `pg_get_constraintdef` prints it, e.g. `CHECK (d_completion >= d_start)`.
    pub definition: String,
    pub columns: Vec<String>,
}

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
    /// The expression of a stored generated column, as `pg_get_expr` prints it.
    pub generated: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveRelation {
    pub kind: RelationKind,
    /// In table order.
    pub columns: Vec<LiveColumn>,
    /// Its CHECK constraints (tables only).
    pub checks: Vec<LiveCheck>,
    /// Its single-column foreign keys (tables only).
    pub foreign_keys: Vec<LiveForeignKey>,
    /// The tables and views it reads directly (views only).
    pub reads: Vec<String>,
    /// Its triggers' functions (tables only), e.g. `touch_row`.
    pub trigger_functions: Vec<String>,
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
    pub generated: Option<String>,
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
                    checks: Vec::new(),
                    foreign_keys: Vec::new(),
                    reads: Vec::new(),
                    trigger_functions: Vec::new(),
                })
                .columns
                .push(LiveColumn {
                    name: row.column,
                    udt_name: row.udt_name,
                    not_null: row.not_null,
                    max_length: row.max_length,
                    trigram_indexed: row.trigram_indexed,
                    numeric: row.numeric_precision.zip(row.numeric_scale),
                    generated: row.generated,
                });
        }
        LiveSchema { relations }
    }

    /// Adds the rows of [`CHECKS_SQL`]: `(relation, constraint, definition, columns)`.
    pub fn with_checks(
        mut self,
        checks: impl IntoIterator<Item = (String, String, String, Vec<String>)>,
    ) -> LiveSchema {
        for (relation, name, definition, columns) in checks {
            if let Some(relation) = self.relations.get_mut(&relation) {
                relation.checks.push(LiveCheck {
                    name,
                    definition,
                    columns,
                });
            }
        }
        self
    }
}

impl LiveSchema {
    /// Adds the rows of [`FOREIGN_KEYS_SQL`]: `(relation, column, referenced relation, on delete)`.
    pub fn with_foreign_keys(
        mut self,
        keys: impl IntoIterator<Item = (String, String, String, String)>,
    ) -> LiveSchema {
        for (relation, column, references, on_delete) in keys {
            if let Some(relation) = self.relations.get_mut(&relation) {
                relation.foreign_keys.push(LiveForeignKey {
                    column,
                    references,
                    on_delete,
                });
            }
        }
        self
    }
}

impl LiveSchema {
    /// Adds the rows of [`VIEW_READS_SQL`]: `(view, relation read)`.
    pub fn with_view_reads(
        mut self,
        reads: impl IntoIterator<Item = (String, String)>,
    ) -> LiveSchema {
        for (view, read) in reads {
            if let Some(relation) = self.relations.get_mut(&view) {
                relation.reads.push(read);
            }
        }
        self
    }

    /// Adds the rows of [`TRIGGERS_SQL`]: `(relation, function)`.
    pub fn with_triggers(
        mut self,
        triggers: impl IntoIterator<Item = (String, String)>,
    ) -> LiveSchema {
        for (table, function) in triggers {
            if let Some(relation) = self.relations.get_mut(&table) {
                relation.trigger_functions.push(function);
            }
        }
        self
    }

    /// Every relation `relation` reads, through the views it reads too (each once, in the order found).
    pub fn reads_of(&self, relation: &str) -> Vec<&str> {
        let mut found: Vec<&str> = Vec::new();
        let mut pending: Vec<&str> = vec![relation];
        while let Some(next) = pending.pop() {
            for read in self.relations.get(next).map_or(&[][..], |r| &r.reads[..]) {
                if read != relation && !found.contains(&read.as_str()) {
                    found.push(read);
                    pending.push(read);
                }
            }
        }
        found
    }
}

/// A view that lists rows of a register limiting its readers must limit its own rows alike: for a register with
/// `readers_see` (its own or its parent's), the view declares `reads_through` that register (or the register
/// its rule comes from) or a `readers_see` of its own (package scope alone does not keep an organisation's work in
/// progress to it); for a register with package `scope` only, `reads_through`, a `scope` or a `readers_see` of
/// its own. A view reading other views is judged by every table beneath them.
fn check_view_rules(registry: &Registry, live: &LiveSchema, problems: &mut Vec<Problem>) {
    use crate::registry::ReadersPath;
    for entry in registry.entries() {
        let Some(relation) = live.relations.get(&entry.table) else {
            continue;
        };
        if relation.kind != RelationKind::View {
            continue;
        }
        let through: Vec<&str> = entry
            .through
            .iter()
            .map(|t| t.source.name.as_str())
            .collect();
        for read in live.reads_of(&entry.table) {
            for register in registry
                .entries()
                .filter(|r| r.table == read && r.name != entry.name)
            {
                // The register whose rule this one's is: its own, or a child's parent's.
                let origin = match &register.readers {
                    Some(ReadersPath::Parent { parent, .. }) => parent.name.as_str(),
                    _ => register.name.as_str(),
                };
                let inherited =
                    through.contains(&register.name.as_str()) || through.contains(&origin);
                let problem = if register.readers.is_some() {
                    (!inherited && entry.def.readers_see.is_none()).then(|| {
                        format!(
                            "lists rows of `{}` ({}), whose readers are limited by readers_see: declare reads_through = [{{ entry = \"{origin}\", column = \"…\" }}] (the view's column holding its key) so each row follows that rule, or a readers_see of its own",
                            register.name,
                            register.title()
                        )
                    })
                } else if register.scope.is_some() {
                    (!inherited && entry.scope.is_none() && entry.def.readers_see.is_none()).then(|| {
                        format!(
                            "lists rows of `{}` ({}), which is scoped by package: declare scope = \"package\" (with a column looking up `package`), a readers_see of its own, or reads_through = [{{ entry = \"{}\", column = \"…\" }}]",
                            register.name,
                            register.title(),
                            register.name
                        )
                    })
                } else {
                    None
                };
                if let Some(message) = problem {
                    let at = |key: &str| {
                        entry
                            .source
                            .lines()
                            .position(|line| line.starts_with(key))
                            .map(|index| index + 1)
                    };
                    let line = at("reads_through").or_else(|| at("read_only"));
                    problems.push(Problem {
                        file: entry.file.clone(),
                        line,
                        field: "reads_through".into(),
                        message,
                    });
                }
            }
        }
    }
}

/// A child register's key must be a foreign key to its parent whose ON DELETE says what the registry says:
/// CASCADE for `delete = "cascade"`, NO ACTION or RESTRICT for `refuse`.
/// An entry's `search_text` column: a stored generated text column of its table, computed from every searchable
/// column (a search must not miss one, nor match a column the screen does not search) and trigram indexed.
fn check_search_texts(registry: &Registry, live: &LiveSchema, problems: &mut Vec<Problem>) {
    for entry in registry.entries() {
        let Some(name) = &entry.def.search_text else {
            continue;
        };
        let problem = |field: String, message: String| Problem {
            file: entry.file.clone(),
            line: None,
            field,
            message,
        };
        let field = "search_text".to_owned();
        let Some(column) = live
            .relations
            .get(&entry.table)
            .and_then(|relation| relation.column(name))
        else {
            problems.push(problem(
                field,
                format!("`{name}` is not a column of table `{}`", entry.table),
            ));
            continue;
        };
        let Some(expression) = column
            .generated
            .as_deref()
            .filter(|_| column.udt_name == "text")
        else {
            problems.push(problem(
                field,
                format!("`{name}` must be a text column GENERATED ALWAYS AS (lower(…)) STORED"),
            ));
            continue;
        };
        let mentions = |column: &str| {
            expression
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|word| word == column)
        };
        let missing: Vec<&str> = entry
            .searchable_columns()
            .map(|c| c.name.as_str())
            .filter(|c| !mentions(c))
            .collect();
        if !missing.is_empty() {
            problems.push(problem(
                field.clone(),
                format!(
                    "`{name}` is not computed from the searchable column(s) {}",
                    missing.join(", ")
                ),
            ));
        }
        let extra: Vec<&str> = entry
            .columns()
            .iter()
            .filter(|c| !c.searchable && c.name != *name && mentions(&c.name))
            .map(|c| c.name.as_str())
            .collect();
        if !extra.is_empty() {
            problems.push(problem(
                field.clone(),
                format!(
                    "`{name}` reads column(s) {} that are not searchable: mark them searchable or leave them out",
                    extra.join(", ")
                ),
            ));
        }
        if !expression.contains("lower(") {
            problems.push(problem(
                field.clone(),
                format!("`{name}` must hold lower-case text (lower(…)): the search matches it with LIKE"),
            ));
        }
        if !column.trigram_indexed {
            problems.push(problem(
                field,
                format!(
                    "`{name}` has no trigram index (CREATE INDEX ON {} USING gin ({name} gin_trgm_ops))",
                    entry.table
                ),
            ));
        }
    }
}

fn check_children(registry: &Registry, live: &LiveSchema, problems: &mut Vec<Problem>) {
    use crate::workflow::ChildDelete;
    for parent in registry.entries() {
        for child in &parent.def.children {
            let Some(entry) = registry.entry(&child.entry) else {
                continue;
            };
            let Some(relation) = live.relations.get(&entry.table) else {
                continue;
            };
            let field = format!("children {}", child.entry);
            // A view's lines of a view (both read-only: nothing is written or deleted, so no foreign key can or
            // need say what a delete does): the key is a column of the child of the parent's key type.
            let parent_view = live
                .relations
                .get(&parent.table)
                .filter(|p| p.kind == RelationKind::View);
            if let (Some(parent_relation), RelationKind::View) = (parent_view, relation.kind) {
                let parent_key = parent_relation
                    .column(&parent.def.primary_key)
                    .map(|c| c.udt_name.clone());
                let key_type = relation.column(&child.key).map(|c| c.udt_name.clone());
                if !(parent.def.read_only && entry.def.read_only) {
                    problems.push(Problem {
                        file: parent.file.clone(),
                        line: None,
                        field,
                        message: format!(
                            "a view's lines in a view ({}) are read-only: both entries need read_only = true",
                            entry.table
                        ),
                    });
                } else if key_type.is_none() || key_type != parent_key {
                    problems.push(Problem {
                        file: parent.file.clone(),
                        line: None,
                        field,
                        message: format!(
                            "{}.{} must be a column of the type of {}.{}",
                            entry.table, child.key, parent.table, parent.def.primary_key
                        ),
                    });
                }
                continue;
            }
            let key = relation
                .foreign_keys
                .iter()
                .find(|fk| fk.column == child.key && fk.references == parent.table);
            match (key, child.delete) {
                (None, _) => problems.push(Problem {
                    file: parent.file.clone(),
                    line: None,
                    field,
                    message: format!(
                        "{}.{} must be a foreign key to {} (REFERENCES {} (id))",
                        entry.table, child.key, parent.table, parent.table
                    ),
                }),
                (Some(fk), ChildDelete::Cascade) if fk.on_delete != "c" => problems.push(Problem {
                    file: parent.file.clone(),
                    line: None,
                    field,
                    message: format!(
                        "delete = \"cascade\" but the foreign key {}.{} is not ON DELETE CASCADE",
                        entry.table, child.key
                    ),
                }),
                (Some(fk), ChildDelete::Refuse) if !matches!(fk.on_delete.as_str(), "a" | "r") => {
                    problems.push(Problem {
                        file: parent.file.clone(),
                        line: None,
                        field,
                        message: format!(
                            "delete = \"refuse\" (the default) but the foreign key {}.{} does not refuse \
                             (make it ON DELETE NO ACTION, or say delete = \"cascade\")",
                            entry.table, child.key
                        ),
                    })
                }
                _ => {}
            }
        }
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
/// type, views are read-only, and every CHECK of a written table is described by the registry (see
/// [`undescribed_checks`]). Returns warnings when all is well.
/// The labels of the record form's own buttons (docs/console.md): a transition labelled like one of them would sit
/// beside it, and a person leaving the form could perform the step instead.
pub const FORM_BUTTONS: [&str; 6] = [
    "Save",
    "Update",
    "Delete",
    "Cancel",
    "Done",
    "Reload the record",
];

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
        for transition in entry.workflow().map_or(&[][..], |w| &w.transitions[..]) {
            let label = transition.label.trim();
            if FORM_BUTTONS
                .iter()
                .any(|button| button.eq_ignore_ascii_case(label))
            {
                warnings.push(Warning(problem(
                    format!("workflow transition {}", transition.name),
                    format!(
                        "labelled `{label}` like a button of the record form ({}): people may press one meaning \
                         the other; name the step, e.g. \"{label} {}\"",
                        FORM_BUTTONS.join(", "),
                        entry.title()
                    ),
                )));
            }
        }
        let Some(relation) = live.relations.get(&entry.table) else {
            problems.push(problem(
                "table".into(),
                format!("no table or view named `{}` in the database", entry.table),
            ));
            continue;
        };
        undescribed_checks(entry, relation, &mut problems);
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
    check_children(registry, live, &mut problems);
    check_search_texts(registry, live, &mut problems);
    check_view_rules(registry, live, &mut problems);
    if problems.is_empty() {
        Ok(warnings)
    } else {
        Err(RegistryError { problems })
    }
}

/// So that no rule is enforced only by the database with a vague answer: a CHECK over one registered column
/// must be matched by that column's rules (`required`, `max_length`, `min`/`max`, `enum`, `pattern`, `format`),
/// a CHECK over several by a `[[rules]]` naming it (`constraint = "…"`), which gives the form the same rule
/// and its message. A rule naming a constraint the table lacks is a mistake too. Read-only entries write
/// nothing and are not judged.
pub fn undescribed_checks(
    entry: &crate::registry::Entry,
    relation: &LiveRelation,
    problems: &mut Vec<Problem>,
) {
    let problem = |field: String, message: String| Problem {
        file: entry.file.clone(),
        line: None,
        field,
        message,
    };
    if entry.def.read_only || relation.kind != RelationKind::Table {
        return;
    }
    for check in &relation.checks {
        if entry
            .rules()
            .iter()
            .any(|rule| rule.constraint.as_deref() == Some(check.name.as_str()))
        {
            continue;
        }
        let registered: Vec<_> = check
            .columns
            .iter()
            .filter_map(|name| entry.column(name))
            .collect();
        let described = match registered.as_slice() {
            // The registry never writes these columns.
            [] => true,
            [column] if check.columns.len() == 1 => column_describes(column, &check.definition),
            _ => false,
        };
        if !described {
            problems.push(problem(
                "rules".into(),
                format!(
                    "the database enforces `{}` on {} ({}) but the registry does not describe it: give {} \
                     the matching rule, or add [[rules]] with check, message, fields and constraint = \"{}\"",
                    check.name,
                    entry.table,
                    check.definition,
                    check.columns.join(", "),
                    check.name
                ),
            ));
        }
    }
    for (i, rule) in entry.def.rules.iter().enumerate() {
        if let Some(name) = &rule.constraint {
            if !relation.checks.iter().any(|check| &check.name == name) {
                problems.push(problem(
                    format!("rules[{i}].constraint"),
                    format!("`{name}` is not a CHECK constraint of {}", entry.table),
                ));
            }
        }
    }
}

/// Whether a column's rules say what a one-column CHECK enforces, judged by the kind of test it makes: a
/// pattern (`~`) needs `pattern` or `format`, a length needs `max_length`, a list of values `enum` (or a 0/1
/// flag's range), a comparison `min` or `max` on the side it bounds.
fn column_describes(column: &crate::registry::Column, definition: &str) -> bool {
    let mut described = true;
    if definition.contains(" ~ ") {
        described &= column.pattern.is_some() || column.format.is_some();
    }
    if definition.contains("length(") {
        described &= column.max_length.is_some() || column.pattern.is_some();
    }
    if definition.contains("= ANY (ARRAY[") {
        described &=
            !column.enum_values.is_empty() || (column.min.is_some() && column.max.is_some());
    }
    if !definition.contains("length(") {
        if definition.contains(" >= ") || definition.contains(" > ") {
            described &= column.min.is_some();
        }
        if definition.contains(" <= ") || definition.contains(" < ") {
            described &= column.max.is_some();
        }
    }
    described
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
    } else if relation.column(crate::ROW_VERSION).is_none() {
        let _ = writeln!(
            out,
            "# The table has no n_row_version for optimistic concurrency, so it is listed only."
        );
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
        let mut described = check_lines(relation, &column.name);
        if let Some(max) = column.max_length {
            if !described.iter().any(|line| line.starts_with("max_length")) {
                described.insert(0, format!("max_length = {max}"));
            }
        }
        for line in described {
            let _ = writeln!(out, "{line}");
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
    for check in relation.checks.iter().filter(|c| c.columns.len() > 1) {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "# Review: say in words what `{}` requires.",
            check.name
        );
        let _ = writeln!(out, "[[rules]]");
        let _ = writeln!(
            out,
            "check = {}",
            toml_string(&check_condition(&check.definition))
        );
        let _ = writeln!(
            out,
            "message = {}",
            toml_string(&format!(
                "{} are not allowed together",
                check
                    .columns
                    .iter()
                    .map(|c| label_from_name(c))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))
        );
        let fields = check
            .columns
            .iter()
            .map(|c| toml_string(c))
            .collect::<Vec<_>>();
        let _ = writeln!(out, "fields = [{}]", fields.join(", "));
        let _ = writeln!(out, "constraint = {}", toml_string(&check.name));
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

/// The column rules a starter file gives `column` so that its one-column CHECKs are described: `max_length`
/// from `length(c) <= n`, `enum` (text) or `min`/`max` (numbers) from `c = ANY (ARRAY[…])`, `min`/`max` from
/// comparisons with a number, `pattern` from `c ~ '…'`.
fn check_lines(relation: &LiveRelation, column: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let name = regex::escape(column);
    let number = r"'?(-?[0-9]+(?:\.[0-9]+)?)'?(?:::[a-z]+)*";
    let patterns = [
        ("max_length", format!(r"length\({name}\) <= ([0-9]+)")),
        ("min", format!(r"\b{name} >= {number}")),
        ("max", format!(r"\b{name} <= {number}")),
        ("pattern", format!(r"\b{name} ~ '((?:[^']|'')*)'::text")),
        ("any", format!(r"\b{name} = ANY \(ARRAY\[(.*)\]\)")),
    ];
    for check in relation.checks.iter().filter(|c| c.columns == [column]) {
        for (key, pattern) in &patterns {
            let Some(found) = regex::Regex::new(pattern)
                .ok()
                .and_then(|re| re.captures(&check.definition))
                .and_then(|c| c.get(1))
                .map(|m| m.as_str().to_owned())
            else {
                continue;
            };
            if lines.iter().any(|line| line.starts_with(key)) {
                continue;
            }
            match *key {
                "pattern" => lines.push(format!(
                    "pattern = {}",
                    toml_string(&found.replace("''", "'"))
                )),
                "any" => {
                    let items: Vec<&str> = found.split(", ").collect();
                    let texts: Vec<String> = items
                        .iter()
                        .filter_map(|item| item.strip_suffix("::text"))
                        .map(|item| item.trim_matches('\'').replace("''", "'"))
                        .collect();
                    if texts.len() == items.len() {
                        let texts: Vec<String> = texts.iter().map(|t| toml_string(t)).collect();
                        lines.push(format!("enum = [{}]", texts.join(", ")));
                    } else if let (Some(low), Some(high)) = (
                        items.iter().filter_map(|i| i.parse::<i64>().ok()).min(),
                        items.iter().filter_map(|i| i.parse::<i64>().ok()).max(),
                    ) {
                        lines.push(format!("min = {low}\nmax = {high}"));
                    }
                }
                _ => lines.push(format!("{key} = {found}")),
            }
        }
    }
    lines
}

/// A CHECK's definition as a `whrc` condition to start from: `CHECK (a >= b)` → `a >= b`, casts dropped.
fn check_condition(definition: &str) -> String {
    let inner = definition
        .strip_prefix("CHECK (")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(definition);
    regex::Regex::new(r"::[a-z ]+")
        .map(|casts| casts.replace_all(inner, "").into_owned())
        .unwrap_or_else(|_| inner.to_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn column(name: &str, udt: &str, not_null: bool) -> LiveColumn {
        LiveColumn {
            name: name.to_owned(),
            udt_name: udt.to_owned(),
            not_null,
            max_length: None,
            trigram_indexed: false,
            numeric: None,
            generated: None,
        }
    }

    fn check(name: &str, definition: &str, columns: &[&str]) -> LiveCheck {
        LiveCheck {
            name: name.to_owned(),
            definition: definition.to_owned(),
            columns: columns.iter().map(|c| (*c).to_owned()).collect(),
        }
    }

    fn works() -> LiveRelation {
        LiveRelation {
            kind: RelationKind::Table,
            columns: vec![
                column("id", "int8", true),
                column("c_code", "text", true),
                column("c_status", "text", false),
                column("n_active", "int2", true),
                column("n_weight", "int4", false),
                column("d_start", "date", false),
                column("d_end", "date", false),
                column("n_row_version", "int4", true),
            ],
            checks: vec![
                check(
                    "works_c_code_check",
                    "CHECK (c_code ~ '^[A-Z]{2}$'::text)",
                    &["c_code"],
                ),
                check(
                    "works_c_status_check",
                    "CHECK (c_status = ANY (ARRAY['Open'::text, 'Shut'::text]))",
                    &["c_status"],
                ),
                check(
                    "works_n_active_check",
                    "CHECK (n_active = ANY (ARRAY[0, 1]))",
                    &["n_active"],
                ),
                check(
                    "works_n_weight_check",
                    "CHECK (n_weight >= '-5'::integer AND n_weight <= 120)",
                    &["n_weight"],
                ),
                check(
                    "works_check",
                    "CHECK (d_end >= d_start)",
                    &["d_start", "d_end"],
                ),
            ],
            foreign_keys: Vec::new(),
            reads: Vec::new(),
            trigger_functions: Vec::new(),
        }
    }

    fn live(relation: LiveRelation) -> LiveSchema {
        LiveSchema {
            relations: [("works".to_owned(), relation)].into_iter().collect(),
        }
    }

    #[test]
    fn a_scaffold_describes_every_check_of_its_table() {
        let text = scaffold("works", &works());
        assert!(text.contains("pattern = \"^[A-Z]{2}$\""), "{text}");
        assert!(text.contains("enum = [\"Open\", \"Shut\"]"), "{text}");
        assert!(text.contains("min = -5\nmax = 120"), "{text}");
        assert!(text.contains("check = \"d_end >= d_start\""), "{text}");
        let registry =
            Registry::from_sources(&[("works.toml", "works", &text)]).expect("the scaffold loads");
        assert!(validate(&registry, &live(works())).is_ok());
    }

    #[test]
    fn a_check_the_registry_does_not_describe_is_a_problem() {
        let text = scaffold("works", &works())
            .replace("min = -5\nmax = 120", "max = 120")
            .replace("constraint = \"works_check\"", "");
        let registry = Registry::from_sources(&[("works.toml", "works", &text)]).expect("loads");
        let problems = validate(&registry, &live(works()))
            .expect_err("refused")
            .problems;
        let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        for named in ["`works_check`", "`works_n_weight_check`"] {
            assert!(messages.iter().any(|m| m.contains(named)), "{messages:?}");
        }

        // A rule naming a constraint the table lacks is a mistake too.
        let wrong = scaffold("works", &works()).replace("\"works_check\"", "\"works_chek\"");
        let registry = Registry::from_sources(&[("works.toml", "works", &wrong)]).expect("loads");
        let problems = validate(&registry, &live(works()))
            .expect_err("refused")
            .problems;
        assert!(problems
            .iter()
            .any(|p| p.message == "`works_chek` is not a CHECK constraint of works"));
    }

    #[test]
    fn a_search_text_must_be_generated_from_every_searchable_column_and_indexed() {
        let text = scaffold("works", &works());
        assert!(text.contains("searchable = true"), "{text}");
        let text = text.replacen(
            "\n[[columns]]",
            "\nsearch_text = \"c_search\"\n\n[[columns]]",
            1,
        );
        let registry = Registry::from_sources(&[("works.toml", "works", &text)]).expect("loads");
        let searchable: Vec<String> = registry
            .entry("works")
            .expect("works")
            .searchable_columns()
            .map(|c| c.name.clone())
            .collect();
        let with_search = |expression: Option<String>, indexed: bool| {
            let mut relation = works();
            let mut search = column("c_search", "text", false);
            search.generated = expression;
            search.trigram_indexed = indexed;
            relation.columns.push(search);
            validate(&registry, &live(relation))
        };
        let of = |columns: &[String]| {
            let parts: Vec<String> = columns
                .iter()
                .map(|c| format!("COALESCE({c}, ''::text)"))
                .collect();
            format!("lower({})", parts.join(" || ' '::text || "))
        };
        assert!(with_search(Some(of(&searchable)), true).is_ok());

        let messages = |result: Result<Vec<Warning>, RegistryError>| -> Vec<String> {
            result
                .expect_err("refused")
                .problems
                .into_iter()
                .map(|p| p.message)
                .collect()
        };
        let missing = messages(with_search(Some(of(&searchable[..1])), true));
        assert!(
            missing
                .iter()
                .any(|m| m.contains("not computed from the searchable column(s)")),
            "{missing:?}"
        );
        let unindexed = messages(with_search(Some(of(&searchable)), false));
        assert!(
            unindexed.iter().any(|m| m.contains("no trigram index")),
            "{unindexed:?}"
        );
        let plain = messages(with_search(None, true));
        assert!(
            plain.iter().any(|m| m.contains("GENERATED ALWAYS")),
            "{plain:?}"
        );
        let mut extra = searchable.clone();
        extra.push("d_start".to_owned());
        let wider = messages(with_search(Some(of(&extra)), true));
        assert!(
            wider.iter().any(|m| m.contains("not searchable")),
            "{wider:?}"
        );
    }

    const DOCUMENT: &str = r#"
title = "Document"
read_only = true
scope = "package"
readers_see = "c_state <> 'WIP' OR n_from_org = :org_id"
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "n_package"
type = "bigint"
label = "Package"
lookup = { entry = "package", display = "c_code" }
[[columns]]
name = "c_state"
type = "text"
label = "State"
[[columns]]
name = "n_from_org"
type = "bigint"
label = "From"
"#;

    const PACKAGE: &str = r#"
title = "Package"
read_only = true
lookup = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "c_code"
type = "text"
label = "Code"
"#;

    fn feed(extra: &str) -> String {
        format!(
            "title = \"Feed\"\nread_only = true\n{extra}\n[[columns]]\nname = \"id\"\ntype = \"bigint\"\n\
             label = \"ID\"\n[[columns]]\nname = \"n_document\"\ntype = \"bigint\"\nlabel = \"Document\"\n\
             [[columns]]\nname = \"n_package\"\ntype = \"bigint\"\nlabel = \"Package\"\n\
             lookup = {{ entry = \"package\", display = \"c_code\" }}\n"
        )
    }

    fn relation(kind: RelationKind, columns: &[&str], reads: &[&str]) -> LiveRelation {
        LiveRelation {
            kind,
            columns: columns.iter().map(|c| column(c, "int8", false)).collect(),
            checks: Vec::new(),
            foreign_keys: Vec::new(),
            reads: reads.iter().map(|r| (*r).to_owned()).collect(),
            trigger_functions: Vec::new(),
        }
    }

    fn feed_problems(extra: &str) -> Vec<String> {
        let feed = feed(extra);
        let registry = Registry::from_sources(&[
            ("dms/document.toml", "document", DOCUMENT),
            ("masters/package.toml", "package", PACKAGE),
            ("dms/feed.toml", "feed", &feed),
        ])
        .expect("loads");
        let mut package = relation(RelationKind::Table, &["id"], &[]);
        package.columns.push(column("c_code", "text", false));
        let mut document = relation(RelationKind::Table, &["id", "n_package", "n_from_org"], &[]);
        document.columns.push(column("c_state", "text", false));
        // The feed reads a view that reads the documents: judged by the table beneath.
        let live = LiveSchema {
            relations: [
                ("package".to_owned(), package),
                ("document".to_owned(), document),
                (
                    "events".to_owned(),
                    relation(RelationKind::View, &["id"], &["document"]),
                ),
                (
                    "feed".to_owned(),
                    relation(
                        RelationKind::View,
                        &["id", "n_document", "n_package"],
                        &["events"],
                    ),
                ),
            ]
            .into_iter()
            .collect(),
        };
        match validate(&registry, &live) {
            Ok(_) => Vec::new(),
            Err(error) => error.problems.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn a_view_over_a_register_with_a_read_rule_inherits_it_or_has_its_own() {
        // Package scope alone does not keep the documents' work in progress to its organisation.
        let scoped = feed_problems("scope = \"package\"");
        assert_eq!(scoped.len(), 1, "{scoped:?}");
        assert!(
            scoped[0]
                .starts_with("dms/feed.toml:2: reads_through: lists rows of `document` (Document)"),
            "{scoped:?}"
        );
        assert!(feed_problems("").len() == 1);
        // Declaring the inherited rule, or a rule of its own, passes.
        assert!(feed_problems(
            "reads_through = [{ entry = \"document\", column = \"n_document\" }]"
        )
        .is_empty());
        assert!(
            feed_problems("readers_see = \"n_document = :user_id\"\nscope = \"package\"")
                .is_empty()
        );
        // A register without a rule has none to give.
        let registry = Registry::from_sources(&[
            ("masters/package.toml", "package", PACKAGE),
            (
                "dms/feed.toml",
                "feed",
                &feed("reads_through = [{ entry = \"package\", column = \"n_package\" }]"),
            ),
        ])
        .expect_err("refused");
        assert!(
            registry.problems[0].message.contains("limits no reader"),
            "{registry}"
        );
    }
}
