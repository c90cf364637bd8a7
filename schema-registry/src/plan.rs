//! What the registry declares that the database does not have yet, as statements an administrator reads before
//! they are applied (`gateway registry plan`, then `gateway registry apply`).
//!
//! From a register's file the engine makes: the table (its columns, with the rules the file gives them as CHECKs,
//! look-ups as foreign keys, `generated` formulas as stored generated columns, the `[[rules]]` naming a
//! constraint as table CHECKs), the bookkeeping columns and the `touch_row()` trigger that keeps the row version,
//! the state column's CHECK from the workflow's states, a trigram index for each searchable column, and the menu
//! rows of `[screen.menu]`. A table that exists gains what it lacks; nothing is ever dropped but a state CHECK the
//! workflow replaces. A step that could fail on the rows already stored carries a [`Guard`]: the apply counts the
//! rows it would break and refuses, saying so, instead of losing or rejecting data half-way.

use std::collections::{BTreeMap, BTreeSet};

use crate::dashboard::Dashboard;
use crate::live::{LiveRelation, LiveSchema, RelationKind};
use crate::model::{Bound, MenuDef, SqlType, Stamp};
use crate::registry::{Column, Entry, Problem, Registry, ROW_VERSION};

/// The entry the people columns look up (a view over `users`): their foreign keys reference `users`.
const USERS_VIEW: &str = "v_user_list";
/// The function that raises the row version and the update time on every change.
const TOUCH_FUNCTION: &str = "touch_row";

/// The menu as the navigation master holds it.
#[derive(Debug, Clone, Default)]
pub struct LiveMenu {
    /// Every route with a navigation row.
    pub routes: BTreeSet<String>,
    /// The titles of the top-level groups.
    pub groups: BTreeSet<String>,
}

/// A count of stored rows a step would break; the step is refused when it is not zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guard {
    /// `SELECT count(*), <text naming them or NULL> …`: a bigint and a text.
    pub count_sql: String,
    /// What the refusal says, `{n}` standing for the count and `{which}` for the text.
    pub refusal: String,
}

/// What a step makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    Table,
    Column,
    /// The row-version trigger.
    Trigger,
    /// A CHECK: the workflow's states, a rule's constraint.
    Check,
    /// A search or key index: speed.
    Index,
    /// A navigation row: a way in.
    Menu,
}

impl StepKind {
    /// Whether the gateway may not serve the registry without it: the table, its columns, the row-version trigger
    /// and the CHECKs are the register's rules; an index or a menu row is advice (a warning at start).
    pub fn required(self) -> bool {
        !matches!(self, StepKind::Index | StepKind::Menu)
    }
}

/// One statement of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub entry: String,
    /// What it does and why, in words.
    pub why: String,
    pub sql: String,
    pub guard: Option<Guard>,
}

/// The statements, in the order they must run, and what the engine cannot make (a view, a missing menu group).
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub steps: Vec<Step>,
    pub problems: Vec<Problem>,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.problems.is_empty()
    }

    /// The steps the gateway will not serve without (see [`StepKind::required`]).
    pub fn required(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(|s| s.kind.required())
    }

    /// The steps that are advice: indexes and menu rows.
    pub fn advised(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(|s| !s.kind.required())
    }

    /// The plan as an SQL script: each step after a comment saying why (and what is counted first).
    pub fn script(&self) -> String {
        let mut out = String::new();
        for step in &self.steps {
            out.push_str(&format!("-- {}: {}\n", step.entry, step.why));
            if let Some(guard) = &step.guard {
                out.push_str(&format!(
                    "--   refused unless zero: {}\n",
                    guard.count_sql.replace('\n', " ")
                ));
            }
            out.push_str(&step.sql);
            out.push_str(";\n\n");
        }
        out
    }
}

/// The plan that brings the database at `live` (and its menu) to what `registry` declares.
pub fn plan(registry: &Registry, live: &LiveSchema, menu: &LiveMenu) -> Plan {
    let mut plan = Plan::default();
    let mut creates: Vec<(String, BTreeSet<String>, Vec<Step>)> = Vec::new();
    let mut planned_columns: BTreeSet<(String, String)> = BTreeSet::new();
    let mut seen_tables: BTreeSet<String> = BTreeSet::new();
    let new_tables: BTreeSet<String> = registry
        .entries()
        .filter(|e| !e.def.read_only && !live.relations.contains_key(&e.table))
        .map(|e| e.table.clone())
        .collect();
    for entry in registry.entries() {
        match live.relations.get(&entry.table) {
            None if entry.def.read_only => plan.problems.push(problem(
                entry,
                "table",
                format!(
                    "`{}` does not exist: a read-only entry is a view (or a table the product keeps), written \
                     in SQL in a migration",
                    entry.table
                ),
            )),
            None => {
                if seen_tables.insert(entry.table.clone()) {
                    let (depends_on, steps) = create_table(registry, live, &new_tables, entry);
                    creates.push((entry.table.clone(), depends_on, steps));
                } else {
                    plan.problems.push(problem(
                        entry,
                        "table",
                        format!(
                            "`{}` does not exist and another entry declares it too: declare a new table in one \
                             file",
                            entry.table
                        ),
                    ));
                }
            }
            Some(relation) if relation.kind == RelationKind::Table && !entry.def.read_only => {
                plan.steps.extend(alter_table(
                    registry,
                    live,
                    &new_tables,
                    entry,
                    relation,
                    &mut planned_columns,
                ));
            }
            Some(_) => {}
        }
    }
    // New tables first (each after the new tables it references), then the changes to existing tables (whose new
    // look-ups may reference a new table).
    let alters = std::mem::take(&mut plan.steps);
    let mut done: BTreeSet<String> = BTreeSet::new();
    while !creates.is_empty() {
        let ready = creates
            .iter()
            .position(|(table, depends_on, _)| {
                depends_on
                    .iter()
                    .all(|d| d == table || done.contains(d) || !new_tables.contains(d))
            })
            .unwrap_or(0);
        let (table, _, steps) = creates.remove(ready);
        done.insert(table);
        plan.steps.extend(steps);
    }
    plan.steps.extend(alters);
    for entry in registry.entries() {
        menu_rows(entry, menu, &mut plan);
    }
    for dashboard in registry.dashboard_files() {
        dashboard_menu_row(dashboard, menu, &mut plan);
    }
    plan
}

fn problem(entry: &Entry, field: &str, message: String) -> Problem {
    Problem {
        file: entry.file.clone(),
        line: None,
        field: field.to_owned(),
        message,
    }
}

/// `CREATE TABLE` with every column of the entry, its table CHECKs, then its indexes and its trigger. Returns the
/// tables it references.
fn create_table(
    registry: &Registry,
    live: &LiveSchema,
    new_tables: &BTreeSet<String>,
    entry: &Entry,
) -> (BTreeSet<String>, Vec<Step>) {
    let table = &entry.table;
    let mut references = BTreeSet::new();
    let mut lines: Vec<String> = Vec::new();
    for column in entry.columns() {
        let definition = column_definition(registry, live, new_tables, entry, column);
        if let Some(target) = &definition.references {
            references.insert(target.clone());
        }
        lines.push(format!("    {}", definition.sql));
    }
    for rule in &entry.def.rules {
        if let Some(name) = &rule.constraint {
            lines.push(format!("    CONSTRAINT {name} CHECK ({})", rule.check));
        }
    }
    if let Some(numbering) = &entry.def.numbering {
        if let Some(scope) = numbering
            .scope
            .as_ref()
            .filter(|_| !numbers_unique_alone(entry))
        {
            lines.push(format!(
                "    UNIQUE ({}, {})",
                scope.columns().join(", "),
                numbering.column
            ));
        }
    }
    let mut steps = vec![Step {
        kind: StepKind::Table,
        entry: entry.name.clone(),
        why: format!("create `{table}` from {}", entry.file),
        sql: format!("CREATE TABLE {table} (\n{}\n)", lines.join(",\n")),
        guard: None,
    }];
    if let Some(parent) = &entry.parent {
        steps.push(Step {
            kind: StepKind::Index,
            entry: entry.name.clone(),
            why: format!("index the lines' parent key `{}`", parent.key),
            sql: format!("CREATE INDEX ON {table} ({})", parent.key),
            guard: None,
        });
    }
    if let Some(crate::registry::ScopePath::Column(package)) = &entry.scope {
        steps.push(Step {
            kind: StepKind::Index,
            entry: entry.name.clone(),
            why: format!("index the package `{package}` every scoped read filters by"),
            sql: format!("CREATE INDEX ON {table} ({package})"),
            guard: None,
        });
    }
    for column in entry.columns().iter().filter(|c| wants_trigram(c)) {
        steps.push(trigram_step(entry, &column.name));
    }
    if entry.column(ROW_VERSION).is_some() {
        steps.push(Step {
            kind: StepKind::Trigger,
            entry: entry.name.clone(),
            why: "raise the row version and the update time on every change".into(),
            sql: touch_trigger(table),
            guard: None,
        });
    }
    steps.extend(tree_step(entry));
    (references, steps)
}

/// What an existing table lacks: columns (bookkeeping among them), the touch trigger, the workflow's state CHECK,
/// the `[[rules]]` constraints, trigram indexes.
fn alter_table(
    registry: &Registry,
    live: &LiveSchema,
    new_tables: &BTreeSet<String>,
    entry: &Entry,
    relation: &LiveRelation,
    planned: &mut BTreeSet<(String, String)>,
) -> Vec<Step> {
    let table = &entry.table;
    let mut steps = Vec::new();
    for column in entry.columns() {
        if relation.column(&column.name).is_some()
            || !planned.insert((table.clone(), column.name.clone()))
        {
            continue;
        }
        let definition = column_definition(registry, live, new_tables, entry, column);
        let guard = (definition.not_null_without_default).then(|| Guard {
            count_sql: format!("SELECT count(*), NULL::text FROM {table}"),
            refusal: format!(
                "`{}` is required, but {table} already has {{n}} row(s) that would have no value: give the \
                 column a `default`, or declare it optional, fill it, then make it required",
                column.name
            ),
        });
        steps.push(Step {
            kind: StepKind::Column,
            entry: entry.name.clone(),
            why: format!(
                "column {}: no such column in table {table}: add it ({})",
                column.name, column.label
            ),
            sql: format!("ALTER TABLE {table} ADD COLUMN {}", definition.sql),
            guard,
        });
        if wants_trigram(column) {
            steps.push(trigram_step(entry, &column.name));
        }
    }
    if entry.column(ROW_VERSION).is_some()
        && !relation
            .trigger_functions
            .iter()
            .any(|f| f == TOUCH_FUNCTION)
        && planned.insert((table.clone(), "trigger touch_row".into()))
    {
        steps.push(Step {
            kind: StepKind::Trigger,
            entry: entry.name.clone(),
            why: "raise the row version and the update time on every change".into(),
            sql: touch_trigger(table),
            guard: None,
        });
    }
    if !relation
        .trigger_functions
        .iter()
        .any(|f| f == crate::tree::GUARD_FUNCTION)
        && planned.insert((table.clone(), "trigger tree".into()))
    {
        steps.extend(tree_step(entry));
    }
    if let Some(step) = state_check(entry, relation) {
        if planned.insert((table.clone(), "state check".into())) {
            steps.push(step);
        }
    }
    for rule in &entry.def.rules {
        let Some(name) = &rule.constraint else {
            continue;
        };
        if relation.checks.iter().any(|c| &c.name == name)
            || !planned.insert((table.clone(), format!("constraint {name}")))
        {
            continue;
        }
        steps.push(Step {
            kind: StepKind::Check,
            entry: entry.name.clone(),
            why: format!("the rule \"{}\" as the CHECK `{name}`", rule.message),
            sql: format!(
                "ALTER TABLE {table} ADD CONSTRAINT {name} CHECK ({})",
                rule.check
            ),
            guard: Some(Guard {
                count_sql: format!(
                    "SELECT count(*), string_agg(id::text, ', ' ORDER BY id) FROM {table} WHERE NOT ({})",
                    rule.check
                ),
                refusal: format!(
                    "{{n}} row(s) of {table} break the rule \"{}\" (id {{which}}): correct them first",
                    rule.message
                ),
            }),
        });
    }
    for column in entry.columns().iter().filter(|c| wants_trigram(c)) {
        let indexed = relation
            .column(&column.name)
            .is_some_and(|live| live.trigram_indexed || live.generated.is_some());
        if relation.column(&column.name).is_some()
            && !indexed
            && planned.insert((table.clone(), format!("trigram {}", column.name)))
        {
            steps.push(trigram_step(entry, &column.name));
        }
    }
    steps
}

/// The workflow's states as the state column's CHECK, when the table has no CHECK allowing exactly them: added
/// (an old one replaced), refused while a record is in a state the workflow no longer has.
fn state_check(entry: &Entry, relation: &LiveRelation) -> Option<Step> {
    let workflow = entry.def.workflow.as_ref()?;
    let column = &workflow.state_column;
    relation.column(column)?;
    let wanted: BTreeSet<&str> = workflow.states.iter().map(|s| s.name.as_str()).collect();
    let lists: Vec<(&str, BTreeSet<String>)> = relation
        .checks
        .iter()
        .filter(|c| c.columns.len() == 1 && &c.columns[0] == column)
        .filter_map(|c| listed_values(&c.definition).map(|v| (c.name.as_str(), v)))
        .collect();
    if lists.iter().any(|(_, values)| {
        values.len() == wanted.len() && values.iter().all(|v| wanted.contains(v.as_str()))
    }) {
        return None;
    }
    let table = &entry.table;
    let name = format!("{table}_{column}_workflow");
    let values = wanted
        .iter()
        .map(|v| quote(v))
        .collect::<Vec<_>>()
        .join(", ");
    let mut sql = String::new();
    for (old, _) in &lists {
        sql.push_str(&format!("ALTER TABLE {table} DROP CONSTRAINT {old};\n"));
    }
    sql.push_str(&format!(
        "ALTER TABLE {table} ADD CONSTRAINT {name} CHECK ({column} IN ({values}))"
    ));
    Some(Step {
        kind: StepKind::Check,
        entry: entry.name.clone(),
        why: if lists.is_empty() {
            format!("the workflow's states as the CHECK of `{column}`")
        } else {
            format!("the workflow's states replace the CHECK of `{column}`")
        },
        sql,
        guard: Some(Guard {
            count_sql: format!(
                "SELECT count(*), string_agg(DISTINCT {column}, ', ') FROM {table} \
                 WHERE {column} IS NOT NULL AND {column} NOT IN ({values})"
            ),
            refusal: format!(
                "{{n}} record(s) of {table} are in a state the workflow no longer has ({{which}}): move them to \
                 one of its states first, or keep the state"
            ),
        }),
    })
}

/// The values of a one-column CHECK listing them (`col = ANY (ARRAY['a'::text, …])` as PostgreSQL prints
/// `col IN ('a', …)`), or `None` for another kind of CHECK.
fn listed_values(definition: &str) -> Option<BTreeSet<String>> {
    let start = definition.find("ARRAY[")? + "ARRAY[".len();
    let list = &definition[start..definition[start..].find(']')? + start];
    let mut values = BTreeSet::new();
    let mut rest = list;
    while let Some(open) = rest.find('\'') {
        let mut value = String::new();
        let mut chars = rest[open + 1..].char_indices();
        let mut end = None;
        while let Some((i, ch)) = chars.next() {
            if ch == '\'' {
                if rest[open + 1 + i + 1..].starts_with('\'') {
                    value.push('\'');
                    chars.next();
                } else {
                    end = Some(open + 1 + i + 1);
                    break;
                }
            } else {
                value.push(ch);
            }
        }
        values.insert(value);
        rest = &rest[end?..];
    }
    Some(values)
}

fn wants_trigram(column: &Column) -> bool {
    column.searchable && column.sql_type.is_text() && column.generated.is_none()
}

/// A trigram index for the search of `column`.
fn trigram_step(entry: &Entry, column: &str) -> Step {
    Step {
        kind: StepKind::Index,
        entry: entry.name.clone(),
        why: format!("a trigram index for the search of `{column}`"),
        sql: format!(
            "CREATE INDEX ON {} USING gin ({column} gin_trgm_ops)",
            entry.table
        ),
        guard: None,
    }
}

/// A `[tree]`'s guard: the trigger refusing a record put inside itself or one of its own.
fn tree_step(entry: &Entry) -> Option<Step> {
    let tree = entry.def.tree.as_ref()?;
    Some(Step {
        kind: StepKind::Trigger,
        entry: entry.name.clone(),
        why: format!(
            "keep the records a tree: refuse one put inside itself or one of its own (`{}`)",
            tree.parent
        ),
        sql: crate::tree::trigger_sql(&entry.table, tree, &entry.primary_key().name),
        guard: None,
    })
}

fn touch_trigger(table: &str) -> String {
    format!(
        "CREATE TRIGGER {table}_touch BEFORE UPDATE ON {table} FOR EACH ROW EXECUTE FUNCTION {TOUCH_FUNCTION}()"
    )
}

/// A column's definition in `CREATE TABLE` / `ADD COLUMN`.
struct ColumnSql {
    sql: String,
    /// The table it references, if any.
    references: Option<String>,
    /// NOT NULL with no DEFAULT: adding it to a table with rows fails.
    not_null_without_default: bool,
}

fn column_definition(
    registry: &Registry,
    live: &LiveSchema,
    new_tables: &BTreeSet<String>,
    entry: &Entry,
    column: &Column,
) -> ColumnSql {
    let name = &column.name;
    let ty = type_sql(column);
    if let Some(formula) = &column.generated {
        return ColumnSql {
            sql: format!("{name} {ty} GENERATED ALWAYS AS ({formula}) STORED"),
            references: None,
            not_null_without_default: false,
        };
    }
    if name == &entry.def.primary_key && name == "id" {
        return ColumnSql {
            sql: format!("{name} {ty} GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
            references: None,
            not_null_without_default: false,
        };
    }
    let workflow = entry.def.workflow.as_ref();
    let mut not_null = column.required;
    let mut default: Option<String> = None;
    let mut extra: Vec<String> = Vec::new();
    match name.as_str() {
        ROW_VERSION => {
            not_null = true;
            default = Some("1".into());
        }
        "d_created_at" | "d_updated_at" => {
            not_null = true;
            default = Some("now()".into());
        }
        _ => {}
    }
    if let Some(workflow) = workflow {
        if &workflow.state_column == name {
            not_null = true;
            default = Some(quote(&workflow.initial));
        }
    }
    if entry
        .def
        .numbering
        .as_ref()
        .is_some_and(|n| &n.column == name)
    {
        not_null = true;
        if numbers_unique_alone(entry) {
            extra.push("UNIQUE".into());
        }
    }
    if default.is_none() {
        default = match (&column.default, column.sql_type) {
            (Some(Bound::Number(n)), ty) if ty.is_number() => Some(number(*n)),
            (Some(Bound::Text(t)), SqlType::Date) if t == "today" => Some("current_date".into()),
            (Some(Bound::Text(t)), SqlType::Timestamptz) if t == "now" => Some("now()".into()),
            (Some(Bound::Text(t)), SqlType::Timestamp) if t == "now" => {
                Some("localtimestamp".into())
            }
            (Some(Bound::Text(t)), ty) if ty.is_text() => Some(quote(t)),
            _ => None,
        };
    }
    // Foreign keys: a look-up's table (the people view's is `users`); a child's key to its parent goes with it.
    let target = column
        .lookup
        .as_ref()
        .map(|l| l.entry.as_str())
        .or(matches!(column.stamp, Some(Stamp::Creator | Stamp::Editor)).then_some(USERS_VIEW))
        .and_then(|target| {
            if target == USERS_VIEW {
                return Some(("users".to_owned(), "id".to_owned()));
            }
            let target = registry.entry(target)?;
            let is_table = live
                .relations
                .get(&target.table)
                .map(|r| r.kind == RelationKind::Table)
                .unwrap_or_else(|| new_tables.contains(&target.table));
            is_table.then(|| (target.table.clone(), target.def.primary_key.clone()))
        });
    let mut sql = format!("{name} {ty}");
    if not_null {
        sql.push_str(" NOT NULL");
    }
    if let Some(default) = &default {
        sql.push_str(&format!(" DEFAULT {default}"));
    }
    for word in &extra {
        sql.push(' ');
        sql.push_str(word);
    }
    if let Some((table, key)) = &target {
        sql.push_str(&format!(" REFERENCES {table} ({key})"));
        if entry.parent.as_ref().is_some_and(|p| &p.key == name) {
            sql.push_str(" ON DELETE CASCADE");
        }
    }
    for check in column_checks(column) {
        sql.push_str(&format!(" CHECK ({check})"));
    }
    ColumnSql {
        sql,
        references: target.map(|(table, _)| table),
        not_null_without_default: not_null && default.is_none(),
    }
}

/// Whether a register's numbers are unique on their own: its numbering has no scope, or its pattern writes every
/// scope column's value (`{package.c_code}-SO-{seq:04}` scoped by `n_package`). A number counted within a scope
/// its pattern does not write (an ISO 19650 number part, `{seq:04}` within its prefix) is unique only with the
/// scope's columns.
fn numbers_unique_alone(entry: &Entry) -> bool {
    let Some((numbering, parts)) = entry.numbering() else {
        return false;
    };
    let Some(scope) = &numbering.scope else {
        return true;
    };
    scope.columns().iter().all(|column| {
        parts.iter().any(|part| match part {
            crate::workflow::NumberPart::Column(name) => name == column,
            crate::workflow::NumberPart::Looked { via, .. } => via == column,
            _ => false,
        })
    })
}

fn type_sql(column: &Column) -> String {
    match (column.sql_type, column.precision, column.scale) {
        (SqlType::Numeric, Some(p), Some(s)) => format!("numeric({p}, {s})"),
        (SqlType::Numeric, Some(p), None) => format!("numeric({p})"),
        (ty, _, _) => match ty {
            SqlType::Smallint => "smallint",
            SqlType::Integer => "integer",
            SqlType::Bigint => "bigint",
            SqlType::Numeric => "numeric",
            SqlType::Real => "real",
            SqlType::Double => "double precision",
            SqlType::Text | SqlType::Varchar | SqlType::Char => "text",
            SqlType::Boolean => "boolean",
            SqlType::Date => "date",
            SqlType::Timestamp => "timestamp",
            SqlType::Timestamptz => "timestamptz",
            SqlType::Time => "time",
            SqlType::Uuid => "uuid",
            SqlType::Json => "json",
            SqlType::Jsonb => "jsonb",
        }
        .to_owned(),
    }
}

/// The CHECKs a column's rules make, in the forms `check-registry` reads back as those rules.
fn column_checks(column: &Column) -> Vec<String> {
    let name = &column.name;
    let mut checks = Vec::new();
    if let Some(max) = column.max_length {
        checks.push(if column.required {
            format!("length({name}) BETWEEN 1 AND {max}")
        } else {
            format!("length({name}) <= {max}")
        });
    }
    if !column.enum_values.is_empty() {
        let values = column
            .enum_values
            .iter()
            .map(|v| quote(v))
            .collect::<Vec<_>>()
            .join(", ");
        checks.push(format!("{name} IN ({values})"));
    }
    let pattern = column
        .pattern
        .clone()
        .or_else(|| column.format.map(|f| f.rule().0.to_owned()));
    if let Some(pattern) = pattern {
        checks.push(format!("{name} ~ {}", quote(&pattern)));
    }
    let bound = |bound: &Bound| match (bound, column.sql_type) {
        (Bound::Number(n), _) => number(*n),
        (Bound::Text(t), SqlType::Date) => format!("DATE {}", quote(t)),
        (Bound::Text(t), _) => quote(t),
    };
    // `today` moves: the gateway judges it inside each write, and a CHECK may not depend on the day.
    let fixed = |bound: &Option<Bound>| bound.clone().filter(|b| !crate::record::is_today(b));
    match (&fixed(&column.min), &fixed(&column.max)) {
        (Some(min), Some(max)) => {
            checks.push(format!("{name} BETWEEN {} AND {}", bound(min), bound(max)))
        }
        (Some(min), None) => checks.push(format!("{name} >= {}", bound(min))),
        (None, Some(max)) => checks.push(format!("{name} <= {}", bound(max))),
        (None, None) => {}
    }
    checks
}

fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// An SQL string literal.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The navigation rows `[screen.menu]` asks for that the menu lacks: the entry's routes and its imports' routes
/// (the console derives what draws each from the registry: no kind is written).
fn menu_rows(entry: &Entry, live: &LiveMenu, plan: &mut Plan) {
    let Some(menu) = entry.def.screen.as_ref().and_then(|s| s.menu.as_ref()) else {
        return;
    };
    let title = menu
        .title
        .clone()
        .unwrap_or_else(|| entry.def.title.clone());
    let mut rows: BTreeMap<&str, String> = BTreeMap::new();
    for route in &entry.def.routes {
        rows.insert(route, title.clone());
    }
    for import in &entry.def.imports {
        rows.insert(&import.route, import.title.clone());
    }
    let owner = Owner {
        name: &entry.name,
        file: &entry.file,
        field: "screen.menu.group",
    };
    menu_items(&owner, menu, rows, live, plan);
}

/// The navigation row a dashboard's `[menu]` asks for when the menu lacks its route.
fn dashboard_menu_row(dashboard: &Dashboard, live: &LiveMenu, plan: &mut Plan) {
    let Some(menu) = &dashboard.def.menu else {
        return;
    };
    let title = menu
        .title
        .clone()
        .unwrap_or_else(|| dashboard.def.title.clone());
    let rows = BTreeMap::from([(dashboard.def.route.as_str(), title)]);
    let owner = Owner {
        name: &dashboard.def.route,
        file: &dashboard.file,
        field: "menu.group",
    };
    menu_items(&owner, menu, rows, live, plan);
}

/// Whose menu rows: an entry (by name) or a dashboard (by route), its file, and the field naming the group.
struct Owner<'a> {
    name: &'a str,
    file: &'a str,
    field: &'a str,
}

/// The `INSERT`s of the rows (route → title) the menu lacks, under the menu's group.
fn menu_items(
    owner: &Owner<'_>,
    menu: &MenuDef,
    rows: BTreeMap<&str, String>,
    live: &LiveMenu,
    plan: &mut Plan,
) {
    let rows: Vec<_> = rows
        .into_iter()
        .filter(|(route, _)| !live.routes.contains(*route))
        .collect();
    if rows.is_empty() {
        return;
    }
    if !live.groups.contains(&menu.group) {
        plan.problems.push(Problem {
            file: owner.file.to_owned(),
            line: None,
            field: owner.field.to_owned(),
            message: format!(
                "no top-level menu group is titled \"{}\"; the groups are: {}",
                menu.group,
                live.groups.iter().cloned().collect::<Vec<_>>().join(", ")
            ),
        });
        return;
    }
    for (route, title) in rows {
        let order = menu.order.map_or_else(
            || {
                "(SELECT coalesce(max(n_sort_order), 0) + 10 FROM navigation WHERE n_parent_id = \
                 (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = "
                    .to_owned()
                    + &quote(&menu.group)
                    + " ORDER BY id LIMIT 1))"
            },
            |o| o.to_string(),
        );
        let icon = menu.icon.as_deref().map_or("NULL".to_owned(), quote);
        plan.steps.push(Step {
            kind: StepKind::Menu,
            entry: owner.name.to_owned(),
            why: format!("the menu item \"{title}\" ({route}) under {}", menu.group),
            sql: format!(
                "INSERT INTO navigation (n_parent_id, c_title, c_route, c_icon, n_sort_order)\n\
                 SELECT id, {}, {}, {icon}, {order} FROM navigation\n\
                 WHERE n_parent_id IS NULL AND c_title = {} ORDER BY id LIMIT 1",
                quote(&title),
                quote(route),
                quote(&menu.group)
            ),
            guard: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::tests::TYPED_DOCUMENT;

    #[test]
    fn the_listed_values_of_a_check_are_read_back() {
        let values = listed_values(
            "CHECK (c_state = ANY (ARRAY['Draft'::text, 'It''s open'::text, 'Closed'::text]))",
        )
        .unwrap();
        assert_eq!(
            values.into_iter().collect::<Vec<_>>(),
            vec!["Closed", "Draft", "It's open"]
        );
        assert_eq!(listed_values("CHECK (length(c_name) <= 20)"), None);
    }

    fn created_table(file: &str) -> String {
        let registry = Registry::from_sources(&[("registry/x/document.toml", "document", file)])
            .unwrap_or_else(|e| panic!("{e}"));
        let plan = plan(&registry, &LiveSchema::default(), &LiveMenu::default());
        plan.steps
            .iter()
            .find(|step| step.kind == StepKind::Table && step.entry == "document")
            .map(|step| step.sql.clone())
            .expect("a CREATE TABLE")
    }

    const FOLDER: &str = r#"
title = "Folder"

[tree]
parent = "n_parent"
order = "n_sort"

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "c_name"
type = "text"
label = "Name"
required = true

[[columns]]
name = "n_parent"
type = "bigint"
label = "Inside"
lookup = { entry = "folder", display = "c_name" }

[[columns]]
name = "n_sort"
type = "integer"
label = "Order"

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#;

    /// A `[tree]` register's table gets the guard that keeps it a tree, on changes of its parent; a tree whose
    /// parent is not a look-up of the register itself is refused at load.
    #[test]
    fn a_tree_is_guarded_by_the_database() {
        let registry = Registry::from_sources(&[("registry/x/folder.toml", "folder", FOLDER)])
            .unwrap_or_else(|e| panic!("{e}"));
        let plan = plan(&registry, &LiveSchema::default(), &LiveMenu::default());
        let guard: Vec<&str> = plan
            .steps
            .iter()
            .filter(|step| step.kind == StepKind::Trigger && step.sql.contains("tree_guard"))
            .map(|step| step.sql.as_str())
            .collect();
        assert_eq!(
            guard,
            ["CREATE TRIGGER folder_tree BEFORE UPDATE OF n_parent ON folder FOR EACH ROW EXECUTE FUNCTION \
              tree_guard('n_parent', 'id')"]
        );
        let elsewhere = FOLDER.replace("entry = \"folder\"", "entry = \"package\"");
        let refused =
            Registry::from_sources(&[("registry/x/folder.toml", "folder", elsewhere.as_str())])
                .map(|_| ())
                .expect_err("a parent looking up another register");
        assert!(
            refused.to_string().contains(
                "`n_parent` must be a readable column of this entry that looks up `folder` itself"
            ),
            "{refused}"
        );
    }

    /// A date bounded by `today` gets no CHECK for that side (the day moves; the gateway judges it in each write),
    /// while a fixed bound keeps its CHECK.
    #[test]
    fn a_date_bounded_by_today_keeps_only_its_fixed_bound_as_a_check() {
        let dated = FOLDER.replace(
            "[[columns]]\nname = \"n_sort\"",
            "[[columns]]\nname = \"d_seen\"\ntype = \"date\"\nlabel = \"Seen\"\nmin = \"2000-01-01\"\nmax = \"today\"\n\n[[columns]]\nname = \"n_sort\"",
        );
        let registry =
            Registry::from_sources(&[("registry/x/folder.toml", "folder", dated.as_str())])
                .unwrap_or_else(|e| panic!("{e}"));
        let plan = plan(&registry, &LiveSchema::default(), &LiveMenu::default());
        let table = plan
            .steps
            .iter()
            .find(|step| step.kind == StepKind::Table && step.entry == "folder")
            .map(|step| step.sql.clone())
            .expect("a CREATE TABLE");
        assert!(table.contains("d_seen >= DATE '2000-01-01'"), "{table}");
        assert!(!table.contains("today"), "{table}");
    }

    /// A number counted within a scope its pattern does not write (an ISO 19650 number part within its prefix)
    /// is unique with the scope; one whose pattern writes the scope (or that has none) is unique on its own.
    #[test]
    fn a_number_is_unique_within_its_scope_unless_it_writes_the_scope() {
        let table = created_table(TYPED_DOCUMENT);
        assert!(table.contains("    c_number text NOT NULL,"), "{table}");
        assert!(
            table.contains("    UNIQUE (c_originator, c_type, c_number)"),
            "{table}"
        );

        let written = TYPED_DOCUMENT.replace(
            "pattern = \"{seq:04}\"",
            "pattern = \"{c_originator}-{c_type}-{seq:04}\"",
        );
        let table = created_table(&written);
        assert!(
            table.contains("    c_number text NOT NULL UNIQUE,"),
            "{table}"
        );
        assert!(!table.contains("UNIQUE ("), "{table}");

        let unscoped = TYPED_DOCUMENT.replace("scope = [\"c_originator\", \"c_type\"]\n", "");
        let table = created_table(&unscoped);
        assert!(
            table.contains("    c_number text NOT NULL UNIQUE,"),
            "{table}"
        );
    }

    #[test]
    fn numbers_print_as_sql_literals() {
        assert_eq!(number(1.0), "1");
        assert_eq!(number(-100.0), "-100");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(quote("O'Brien"), "'O''Brien'");
    }
}
