//! The SQL of the business-process capabilities: a transition's lock and update, the next document number and
//! the values its pattern names, and the records a workflow keeps waiting on a user. Identifiers come from the
//! registry (checked at load); every value is a bind parameter.

use sea_query::{Alias, Expr, ExprTrait, LockType, PostgresQueryBuilder, Query};

use crate::bind::bound;
use crate::query::{QueryError, Sql};
pub use crate::readers::scope_condition;
use crate::record::{key_condition, RecordInput};
use crate::registry::{Column, Entry, Registry};
use crate::workflow::{
    ChildDef, GuardDef, LinesRuleDef, NumberPart, PeopleRule, SetValue, TransitionDef, WorkflowDef,
};
use crate::{compile_filter, FilterLimits};

fn col(name: &str) -> Expr {
    Expr::col(Alias::new(name.to_owned()))
}

/// The column `name` of `entry` cast to `sql_type` (`int8`, `text`), or a NULL of that type when none is named or
/// the entry has no such column: reads across registers select the same columns from every one.
pub(crate) fn column_or_null(entry: &Entry, name: Option<&str>, sql_type: &'static str) -> Expr {
    match name.and_then(|name| entry.column(name)) {
        Some(column) => col(&column.name).cast_as(sql_type),
        None => Expr::cust(format!("NULL::{sql_type}")),
    }
}

/// A workflow record's number and title as text (NULL where the register has none): what every list of waiting
/// records shows of each.
fn number_and_title(entry: &Entry, workflow: &WorkflowDef) -> [Expr; 2] {
    [
        column_or_null(entry, number_column(entry, workflow), "text"),
        column_or_null(entry, workflow.title_column.as_deref(), "text"),
    ]
}

/// What [`lock_sql`] selects, in order.
pub struct LockedColumns {
    /// The `who.columns` of the transition, in order, after the fixed ones (version, state, creator, ball).
    pub who: Vec<String>,
    /// The `requires` of the transition: whether each is filled in the stored row.
    pub requires: Vec<String>,
}

/// Locks the record (`FOR UPDATE`) and reads what a transition decides on: row version, state, creator,
/// ball-in-court, each `who` column (as user ids), and whether each required column is filled.
pub fn lock_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    transition: Option<&TransitionDef>,
    key: &str,
) -> Result<(Sql, LockedColumns), QueryError> {
    let creator = entry
        .columns()
        .iter()
        .find(|c| c.stamp == Some(crate::model::Stamp::Creator))
        .map(|c| c.name.as_str());
    let mut select = Query::select();
    select
        .expr(column_or_null(
            entry,
            entry.row_version().map(|c| c.name.as_str()),
            "int8",
        ))
        .expr(col(&workflow.state_column).cast_as("text"))
        .expr(column_or_null(entry, creator, "int8"))
        .expr(column_or_null(
            entry,
            workflow.ball_in_court.as_deref(),
            "int8",
        ));
    let who: Vec<String> = transition.map_or_else(Vec::new, |t| t.who.columns.clone());
    for name in &who {
        select.expr(column_or_null(entry, Some(name), "int8"));
    }
    let requires: Vec<String> = transition.map_or_else(Vec::new, |t| t.requires.clone());
    for name in &requires {
        select.expr(col(name).is_not_null());
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key))
        .lock(LockType::Update);
    let sql = Sql::from_built(select.build(PostgresQueryBuilder))?;
    Ok((sql, LockedColumns { who, requires }))
}

/// The value a `sets` entry writes.
fn set_expr(entry: &Entry, column: &Column, value: &SetValue, caller: i64) -> Expr {
    match value {
        SetValue::Today => Expr::cust("CURRENT_DATE"),
        SetValue::TodayPlus(days) => {
            Expr::cust_with_values("CURRENT_DATE + ($1::int8)::int4", [i64::from(*days)])
        }
        SetValue::Now => Expr::cust("now()"),
        SetValue::Caller => bound(column.sql_type, &caller.to_string()),
        SetValue::Null => Expr::null(),
        SetValue::Column(other) => match entry.column(other) {
            Some(other) => col(&other.name).cast_as(column.sql_type.sql_name()),
            None => Expr::null(),
        },
        SetValue::Literal(text) => bound(column.sql_type, text),
    }
}

/// `UPDATE … SET <state> = to, <fields sent>, <sets> WHERE <key>`; the fields come from the client (checked
/// against the transition), the sets from the registry.
pub fn transition_update_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    transition: &TransitionDef,
    key: &str,
    fields: &RecordInput<'_>,
    caller: i64,
) -> Result<Sql, QueryError> {
    let mut values: Vec<(Alias, Expr)> = vec![(
        Alias::new(workflow.state_column.clone()),
        Expr::val(transition.to.clone()).cast_as("text"),
    )];
    for (column, value) in &fields.writes {
        if transition.sets.contains_key(&column.name) {
            continue;
        }
        values.push((
            Alias::new(column.name.clone()),
            match value {
                Some(text) => bound(column.sql_type, text),
                None => Expr::null(),
            },
        ));
    }
    for (name, value) in &transition.sets {
        if let Some(column) = entry.column(name) {
            let value = crate::workflow::parse_set_value(value);
            // A column written with this transition is copied as written (an UPDATE's right-hand sides read the
            // row as it was).
            let sent = match &value {
                SetValue::Column(other) => fields.writes.iter().find(|(c, _)| &c.name == other),
                _ => None,
            };
            let expr = match sent {
                Some((_, Some(text))) => bound(column.sql_type, text),
                Some((_, None)) => Expr::null(),
                None => set_expr(entry, column, &value, caller),
            };
            values.push((Alias::new(name.clone()), expr));
        }
    }
    let mut update = Query::update();
    update
        .table(Alias::new(entry.table.clone()))
        .values(values)
        .and_where(key_condition(entry, key));
    Sql::from_built(update.build(PostgresQueryBuilder))
}

/// Takes the next number of `(entry, scope)`: the increment locks the sequence row until the create commits,
/// so parallel creates in one scope get consecutive numbers and a rolled-back create gives its number back.
pub fn next_number_sql(entry: &Entry, scope: &str) -> Result<Sql, QueryError> {
    let text = "INSERT INTO doc_sequence (c_entry, c_scope, n_last) VALUES ($1, $2, 1) \
                ON CONFLICT (c_entry, c_scope) DO UPDATE SET n_last = doc_sequence.n_last + 1 RETURNING n_last";
    Sql::from_built((
        text.to_owned(),
        sea_query::Values(vec![entry.name.clone().into(), scope.to_owned().into()]),
    ))
}

/// The value of a column in the record being created (as the client sent it, text).
fn written<'a>(input: &'a RecordInput<'_>, name: &str) -> Option<&'a str> {
    input
        .writes
        .iter()
        .find(|(column, _)| column.name == name)
        .and_then(|(_, value)| value.as_deref())
}

/// Separates the values of a scope of several columns in `doc_sequence.c_scope` (U+001F, the unit separator: no
/// value a person types holds it, so two scopes never share a text).
pub const SCOPE_SEPARATOR: char = '\u{1f}';

/// The scope of a new record's number: the scope column's value; the values of several scope columns joined by
/// [`SCOPE_SEPARATOR`] (an empty one as `""`); or `""` when the register shares one sequence.
pub fn number_scope(entry: &Entry, input: &RecordInput<'_>) -> String {
    let Some(scope) = entry.numbering().and_then(|(def, _)| def.scope.as_ref()) else {
        return String::new();
    };
    let values: Vec<&str> = scope
        .columns()
        .iter()
        .map(|column| written(input, column).unwrap_or_default())
        .collect();
    values.join(&SCOPE_SEPARATOR.to_string())
}

/// The number a person gave a new record of a register whose numbering is `typed` (`None`: none given, so one
/// is drawn; always `None` when the numbering is not typed).
pub fn typed_number<'a>(entry: &Entry, input: &'a RecordInput<'_>) -> Option<&'a str> {
    let (def, _) = entry.numbering()?;
    if !def.typed {
        return None;
    }
    written(input, &def.column).filter(|number| !number.trim().is_empty())
}

/// `SELECT EXISTS (…)`: whether a record of the entry in the new record's numbering scope already holds `number`
/// (a drawn number passes over one a person gave: `typed` numbering).
pub fn number_taken_sql(
    entry: &Entry,
    input: &RecordInput<'_>,
    number: &str,
) -> Result<Option<Sql>, QueryError> {
    let Some((def, _)) = entry.numbering() else {
        return Ok(None);
    };
    let mut inner = Query::select();
    inner
        .expr(Expr::cust("1"))
        .from(Alias::new(entry.table.clone()))
        .and_where(col(&def.column).eq(number.to_owned()));
    for column in def.scope.iter().flat_map(|scope| scope.columns()) {
        let Some(registered) = entry.column(column) else {
            continue;
        };
        inner.and_where(match written(input, column) {
            Some(value) => col(column).eq(bound(registered.sql_type, value)),
            None => col(column).is_null(),
        });
    }
    let mut select = Query::select();
    select.expr(Expr::exists(inner));
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// One row with the text of each `{column}` and `{lookup.column}` of the pattern, in pattern order (lookups read
/// from their tables), or `None` when the pattern names none.
pub fn number_values_sql(
    registry: &Registry,
    entry: &Entry,
    input: &RecordInput<'_>,
) -> Result<Option<Sql>, QueryError> {
    let Some((_, parts)) = entry.numbering() else {
        return Ok(None);
    };
    let mut select = Query::select();
    let mut any = false;
    for part in parts {
        match part {
            NumberPart::Column(name) => {
                any = true;
                select.expr(match written(input, name) {
                    Some(text) => Expr::val(text.to_owned()).cast_as("text"),
                    None => Expr::cust("NULL::text"),
                });
            }
            NumberPart::Looked { via, display } => {
                any = true;
                let target = entry
                    .column(via)
                    .and_then(|c| c.lookup.as_ref())
                    .and_then(|lookup| registry.entry(&lookup.entry));
                let (Some(target), Some(value)) = (target, written(input, via)) else {
                    select.expr(Expr::cust("NULL::text"));
                    continue;
                };
                let mut inner = Query::select();
                inner
                    .expr(col(display).cast_as("text"))
                    .from(Alias::new(target.table.clone()))
                    .and_where(key_condition(target, value));
                select.expr(Expr::SubQuery(None, Box::new(inner.into())));
            }
            _ => {}
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// The number: the pattern with the sequence and the values of [`number_values_sql`] (in order) put in.
pub fn format_number(
    parts: &[NumberPart],
    sequence: i64,
    values: &[Option<String>],
    year: i32,
) -> String {
    let mut values = values.iter();
    let mut number = String::new();
    for part in parts {
        match part {
            NumberPart::Text(text) => number.push_str(text),
            NumberPart::Sequence(width) => number.push_str(&format!("{sequence:0width$}")),
            NumberPart::Year => number.push_str(&year.to_string()),
            NumberPart::Column(_) | NumberPart::Looked { .. } => {
                if let Some(Some(value)) = values.next() {
                    number.push_str(value);
                }
            }
        }
    }
    number
}

/// `(key as text, display as text)` of the records of `target` with these keys (text as the client or an audit
/// row wrote them; those not of the key's type are skipped) that `reader` may read (the look-up's read rule: a
/// record they may not read is not named, as a key that does not exist), or `None` when no key is usable.
pub fn names_sql(
    target: &Entry,
    display: &str,
    keys: &[String],
    reader: Option<crate::readers::Reader>,
) -> Result<Option<Sql>, QueryError> {
    let pk = target.primary_key();
    let usable: Vec<Expr> = keys
        .iter()
        .filter(|key| crate::values::fits(pk.sql_type, key))
        .map(|key| bound(pk.sql_type, key))
        .collect();
    if usable.is_empty() || target.readable_column(display).is_none() {
        return Ok(None);
    }
    let mut select = Query::select();
    select
        .expr(col(&pk.name).cast_as("text"))
        .expr(col(display).cast_as("text"))
        .from(Alias::new(target.table.clone()))
        .and_where(col(&pk.name).is_in(usable));
    if let Some(rows) = crate::query::readable_rows(target, reader)? {
        select.and_where(rows);
    }
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// The number column a workflow shows: `number_column`, else the numbering column, else `c_doc_no`.
pub fn number_column<'e>(entry: &'e Entry, workflow: &'e WorkflowDef) -> Option<&'e str> {
    workflow
        .number_column
        .as_deref()
        .or(entry.numbering().map(|(def, _)| def.column.as_str()))
        .or(entry.column("c_doc_no").map(|c| c.name.as_str()))
}

/// The date the person in court should act by, as an SQL expression over the record's row: the due column of
/// the record's state (`[[workflow.states]] due`), else the workflow's `due`; `None` when the workflow names no
/// due date at all. Registry identifiers only (state names are checked at load).
pub fn due_expr(entry: &Entry, workflow: &WorkflowDef) -> Option<String> {
    let fallback = workflow.due.as_deref().map(|due| qualified(entry, due));
    let by_state: Vec<String> = workflow
        .states
        .iter()
        .filter_map(|state| {
            let due = state.due.as_deref()?;
            Some(format!(
                "WHEN '{}' THEN {}",
                state.name.replace('\'', "''"),
                qualified(entry, due)
            ))
        })
        .collect();
    if by_state.is_empty() {
        return fallback;
    }
    Some(format!(
        "CASE {} {} ELSE {} END",
        qualified(entry, &workflow.state_column),
        by_state.join(" "),
        fallback.unwrap_or_else(|| "NULL::date".to_owned())
    ))
}

/// One record's ball-in-court (user id), number, title and due date of its step (text), for the hand-off mail.
pub fn summary_sql(entry: &Entry, workflow: &WorkflowDef, key: &str) -> Result<Sql, QueryError> {
    let due = match due_expr(entry, workflow) {
        Some(due) => Expr::cust(format!("({due})::text")),
        None => Expr::cust("NULL::text"),
    };
    let mut select = Query::select();
    select
        .expr(column_or_null(
            entry,
            workflow.ball_in_court.as_deref(),
            "int8",
        ))
        .exprs(number_and_title(entry, workflow))
        .expr(due)
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// Whose waiting records a read lists.
pub enum WaitingOn {
    /// The records waiting on `user`; only those of the user's packages when `scoped` (not a superadmin).
    User { user: i64, scoped: bool },
    /// The records waiting on anyone, limited by `rows` (a reader's row condition over the entry's table, as a
    /// data read of it would be), with the person in court (id and name) after the other columns.
    Anyone { rows: Option<Expr> },
}

/// The records of `entry` waiting on someone (see [`WaitingOn`]): key, number, title, due date of the step and
/// days waiting (since the last transition, or since creation), soonest due first.
pub fn waiting_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    on: &WaitingOn,
    limit: u64,
) -> Result<Option<Sql>, QueryError> {
    let Some(ball) = workflow.ball_in_court.as_deref() else {
        return Ok(None);
    };
    let pk = entry.primary_key();
    let since = match entry.column("d_created_at") {
        Some(_) => format!("\"{}\".\"d_created_at\"", entry.table),
        None => "now()".to_owned(),
    };
    // Registry identifiers only (checked at load); the outer row's columns are qualified, as workflow_event has
    // an `id` of its own.
    let days = Expr::cust(format!(
        "(CURRENT_DATE - (coalesce((SELECT max(e.d_at) FROM workflow_event e WHERE e.c_entry = '{}' \
         AND e.c_key = \"{}\".\"{}\"::text), {since}))::date)::int4",
        entry.name, entry.table, pk.name
    ));
    let due = due_expr(entry, workflow);
    let mut select = Query::select();
    select
        .expr(col(&pk.name).cast_as("text"))
        .exprs(number_and_title(entry, workflow))
        .expr(match &due {
            Some(due) => Expr::cust(format!("({due})::text")),
            None => Expr::cust("NULL::text"),
        })
        .expr(days)
        .from(Alias::new(entry.table.clone()))
        .and_where(col(&workflow.state_column).is_in(workflow.unfinished_states()))
        .limit(limit);
    match on {
        WaitingOn::User { user, scoped } => {
            select.and_where(col(ball).eq(Expr::val(*user)));
            // Only records the user can open: a record of a package they are not linked to is not theirs to see.
            if let Some(scope) = scoped.then(|| scope_condition(entry, *user)).flatten() {
                select.and_where(scope);
            }
        }
        WaitingOn::Anyone { rows } => {
            select
                .expr(col(ball))
                .expr(Expr::cust(format!(
                    "(SELECT u.c_name FROM users u WHERE u.id = \"{}\".\"{ball}\")",
                    entry.table
                )))
                .and_where(col(ball).is_not_null());
            if let Some(rows) = rows {
                select.and_where(rows.clone());
            }
        }
    }
    if let Some(due) = &due {
        select.order_by_expr_with_nulls(
            Expr::cust(due.clone()),
            sea_query::Order::Asc,
            sea_query::NullOrdering::Last,
        );
    }
    select.order_by(Alias::new(pk.name.clone()), sea_query::Order::Asc);
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// `SELECT <column>::text FROM <entry> WHERE <key>`: one column of one record as text (a child's parent key, a
/// parent's state).
pub fn column_text_sql(entry: &Entry, column: &str, key: &str) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select
        .expr(col(column).cast_as("text"))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// `SELECT <the scope condition>` for a new row's values: whether `user` may write a row with these values
/// (`None` when the entry is unscoped or the row names no package).
pub fn scope_allows_sql(
    entry: &Entry,
    input: &RecordInput<'_>,
    user: i64,
) -> Result<Option<Sql>, QueryError> {
    let (column, value) = match entry.scope.as_ref() {
        Some(crate::registry::ScopePath::Column(column)) => {
            (column.as_str(), written(input, column))
        }
        Some(crate::registry::ScopePath::Parent { key, .. }) => (key.as_str(), written(input, key)),
        None => return Ok(None),
    };
    let Some(value) = value else {
        return Ok(None);
    };
    let Some(column_def) = entry.column(column) else {
        return Ok(None);
    };
    let mut probe = entry.clone();
    probe.table = "probe".to_owned();
    let condition = scope_condition(&probe, user).unwrap_or_else(|| Expr::cust("TRUE"));
    let mut select = Query::select();
    select.expr(condition).from_subquery(
        Query::select()
            .expr_as(
                bound(column_def.sql_type, value),
                Alias::new(column.to_owned()),
            )
            .to_owned(),
        Alias::new("probe"),
    );
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// `SELECT 1 FROM <entry> WHERE <key> AND <condition>`: whether the record is among the rows a caller may reach
/// (their package scope and the entry's `readers_see`).
pub fn in_scope_sql(entry: &Entry, key: &str, condition: Expr) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select
        .expr(Expr::cust("1"))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key))
        .and_where(condition);
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// `"table"."column"`: a column of the record being written, qualified so that it stays the record's inside
/// subqueries over other tables. Registry identifiers only.
pub fn qualified(entry: &Entry, column: &str) -> String {
    format!("\"{}\".\"{column}\"", entry.table)
}

/// The record's package, as an SQL expression over its row (`None`: the entry is not scoped by package).
pub fn package_of(entry: &Entry) -> Option<String> {
    match entry.scope.as_ref()? {
        crate::registry::ScopePath::Column(column) => Some(qualified(entry, column)),
        crate::registry::ScopePath::Parent {
            key,
            parent_table,
            parent_key,
            column,
        } => Some(format!(
            "(SELECT sp.\"{column}\" FROM \"{parent_table}\" sp WHERE sp.\"{parent_key}\" = {})",
            qualified(entry, key)
        )),
    }
}

/// The column recording who created the record (`stamp = "creator"`).
pub fn creator_column(entry: &Entry) -> Option<&str> {
    entry
        .columns()
        .iter()
        .find(|c| c.stamp == Some(crate::model::Stamp::Creator))
        .map(|c| c.name.as_str())
}

/// Whether the user `user` (an SQL expression) may be picked under `rule` for a record of `package` created by
/// `creator` (SQL expressions, or `None` when unknown): an active user meeting every condition of the rule.
/// Registry identifiers only; routes and sides are bind parameters.
pub fn eligible(
    rule: &PeopleRule,
    user: &str,
    package: Option<&str>,
    creator: Option<&str>,
) -> Expr {
    // The system administrator's account holds every route but is no person of the project: it is never handed a
    // record to answer, approve or fix (issue 50).
    let mut conditions = vec![
        format!("pe_u.id = {user}"),
        "pe_u.n_active = 1".to_owned(),
        "pe_u.n_superadmin = 0".to_owned(),
    ];
    let mut values: Vec<sea_query::Value> = Vec::new();
    if !rule.routes.is_empty() {
        let start = values.len();
        values.extend(rule.routes.iter().map(|r| r.clone().into()));
        let list: Vec<String> = (start + 1..=values.len())
            .map(|i| format!("${i}"))
            .collect();
        conditions.push(format!(
            "(pe_u.n_superadmin = 1 OR EXISTS (SELECT 1 FROM user_permission_nav pe_p \
             JOIN navigation pe_n ON pe_n.id = pe_p.n_nav_id \
             WHERE pe_p.n_user_id = pe_u.id AND pe_p.n_view = 1 AND pe_p.{} = 1 AND pe_n.c_route IN ({})))",
            rule.action.permission_column(),
            list.join(", ")
        ));
    }
    if !rule.sides.is_empty() {
        let start = values.len();
        values.extend(rule.sides.iter().map(|s| s.name().to_owned().into()));
        let list: Vec<String> = (start + 1..=values.len())
            .map(|i| format!("${i}"))
            .collect();
        conditions.push(format!(
            "EXISTS (SELECT 1 FROM organization pe_o WHERE pe_o.id = pe_u.n_organization \
             AND pe_o.c_side IN ({}))",
            list.join(", ")
        ));
    }
    if rule.package_members {
        conditions.push(match package {
            Some(package) => format!(
                "EXISTS (SELECT 1 FROM package_user pe_l WHERE pe_l.n_user = pe_u.id AND pe_l.n_package = {package} \
                 AND pe_l.d_from <= CURRENT_DATE AND (pe_l.d_to IS NULL OR pe_l.d_to >= CURRENT_DATE))"
            ),
            None => "FALSE".to_owned(),
        });
    }
    if rule.not_creator {
        if let Some(creator) = creator {
            conditions.push(format!("pe_u.id IS DISTINCT FROM {creator}"));
        }
    }
    let text = format!(
        "EXISTS (SELECT 1 FROM users pe_u WHERE {})",
        conditions.join(" AND ")
    );
    Expr::cust_with_values(text, values)
}

/// What [`people_check_sql`] reads for each column, in order: whether its person may be picked (true when
/// empty), and their name.
pub struct PeopleChecked<'e> {
    pub columns: Vec<(&'e str, &'e PeopleRule)>,
}

/// `SELECT <eligible(c1)>, <name of c1>, … FROM <entry> WHERE <key>`: whether the people now in `columns` of
/// the stored record may be there (`None` when none of them has a rule).
pub fn people_check_sql<'e>(
    entry: &'e Entry,
    workflow: &'e WorkflowDef,
    columns: &[&str],
    key: &str,
) -> Result<Option<(Sql, PeopleChecked<'e>)>, QueryError> {
    let ruled: Vec<(&'e str, &'e PeopleRule)> = workflow
        .people
        .iter()
        .filter(|(name, _)| columns.contains(&name.as_str()))
        .map(|(name, rule)| (name.as_str(), rule))
        .collect();
    if ruled.is_empty() {
        return Ok(None);
    }
    let package = package_of(entry);
    let creator = creator_column(entry).map(|c| qualified(entry, c));
    let mut select = Query::select();
    for (name, rule) in &ruled {
        let user = qualified(entry, name);
        select.expr(Expr::cust(format!("{user} IS NULL")).or(eligible(
            rule,
            &user,
            package.as_deref(),
            creator.as_deref(),
        )));
        select.expr(Expr::cust(format!(
            "(SELECT pn.c_name FROM users pn WHERE pn.id = {user})"
        )));
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Ok(Some((
        Sql::from_built(select.build(PostgresQueryBuilder))?,
        PeopleChecked { columns: ruled },
    )))
}

/// The people who may be picked for `column` under `rule`: `id`, `name`, `organization`, `email` of
/// `v_user_list`, for a record of `package` created by `creator`, matching `search` (any case, in the name,
/// organisation or e-mail) or being `key`, by name, at most `limit`; and how many match in all.
pub fn people_list_sql(
    rule: &PeopleRule,
    package: Option<i64>,
    creator: Option<i64>,
    search: Option<&str>,
    key: Option<i64>,
    limit: u64,
) -> Result<(Sql, Sql), QueryError> {
    let package = package.map(|p| p.to_string());
    let creator = creator.map(|c| c.to_string());
    let condition = eligible(rule, "v.id", package.as_deref(), creator.as_deref());
    let mut base = Query::select();
    base.from_as(Alias::new("v_user_list"), Alias::new("v"))
        .and_where(condition);
    if let Some(text) = search.map(str::trim).filter(|t| !t.is_empty()) {
        let pattern = format!(
            "%{}%",
            text.replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        base.and_where(Expr::cust_with_values(
            "(v.name ILIKE $1 OR v.organization ILIKE $1 OR v.email ILIKE $1)",
            [pattern],
        ));
    }
    if let Some(key) = key {
        base.and_where(Expr::cust_with_values("v.id = $1", [key]));
    }
    let mut rows = base.clone();
    rows.expr(Expr::cust("v.id"))
        .expr(Expr::cust("v.name"))
        .expr(Expr::cust("v.organization"))
        .expr(Expr::cust("v.email"))
        .order_by_expr(Expr::cust("lower(v.name)"), sea_query::Order::Asc)
        .order_by_expr(Expr::cust("v.id"), sea_query::Order::Asc)
        .limit(limit);
    let mut count = base;
    count.expr(Expr::cust("count(*)"));
    Ok((
        Sql::from_built(rows.build(PostgresQueryBuilder))?,
        Sql::from_built(count.build(PostgresQueryBuilder))?,
    ))
}

/// `SELECT <user>, <whether they can open the record>, <their name> FROM <entry> WHERE <key>` for the person
/// in `column` of the stored record: an active user, within the record's package scope (a superadmin, someone
/// linked to its package, or someone linked to no package).
pub fn reachable_sql(entry: &Entry, column: &str, key: &str) -> Result<Sql, QueryError> {
    let user = qualified(entry, column);
    let mut select = Query::select();
    select
        .expr(Expr::cust(format!("{user}::int8")))
        .expr(Expr::cust(reachable(&user, package_of(entry).as_deref())))
        .expr(Expr::cust(format!(
            "(SELECT rn.c_name FROM users rn WHERE rn.id = {user})"
        )))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// [`reachable_sql`] for a `[[workflow.copies]]` column: no row unless the stored record `key` meets `when`.
pub fn copy_sql(entry: &Entry, column: &str, when: Option<&str>, key: &str) -> Result<Sql, String> {
    let user = qualified(entry, column);
    let mut select = Query::select();
    select
        .expr(Expr::cust(format!("{user}::int8")))
        .expr(Expr::cust(reachable(&user, package_of(entry).as_deref())))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    if let Some(when) = when {
        let condition = compile_filter(entry, when, &FilterLimits::default())
            .map_err(|e| e.to_string())?
            .condition
            .unwrap_or_else(|| Expr::cust("TRUE"));
        select.and_where(Expr::cust_with_expr("($1) IS TRUE", condition));
    }
    Sql::from_built(select.build(PostgresQueryBuilder)).map_err(|e| e.to_string())
}

/// Whether the user `user` (an SQL expression) can open a record of `package` (an SQL expression; `None`: the
/// entry has no package scope): an active user who is a superadmin, linked to that package today, or linked to no
/// package. Identifiers and expressions of the registry only.
fn reachable(user: &str, package: Option<&str>) -> String {
    let in_scope = match package {
        Some(package) => format!(
            "(ru.n_superadmin = 1 OR {package} IN (SELECT rl.n_package FROM package_user rl WHERE rl.n_user = ru.id \
             AND rl.d_from <= CURRENT_DATE AND (rl.d_to IS NULL OR rl.d_to >= CURRENT_DATE)) \
             OR NOT EXISTS (SELECT 1 FROM package_user rl WHERE rl.n_user = ru.id \
             AND rl.d_from <= CURRENT_DATE AND (rl.d_to IS NULL OR rl.d_to >= CURRENT_DATE)))"
        ),
        None => "TRUE".to_owned(),
    };
    format!(
        "EXISTS (SELECT 1 FROM users ru WHERE ru.id = {user} AND ru.n_active = 1 AND {in_scope})"
    )
}

/// What [`due_reminders_sql`] reads per record, in order.
pub struct DueReminderColumns;

impl DueReminderColumns {
    /// The record's key (text).
    pub const KEY: usize = 0;
    /// Its state (text).
    pub const STATE: usize = 1;
    /// The user it waits on (int8).
    pub const USER: usize = 2;
    /// Its number (text, or NULL).
    pub const NUMBER: usize = 3;
    /// Its title (text, or NULL).
    pub const TITLE: usize = 4;
    /// The step's due date (text, ISO).
    pub const DUE: usize = 5;
    /// Days from `today` to the due date (int4): `before` ahead of it, negative once overdue.
    pub const DAYS: usize = 6;
}

/// The records of `entry` whose step is to be reminded of on `today` (`yyyy-mm-dd`, the programme's date) under
/// `[workflow.reminders]`: waiting on someone in a reminded state, its step due in exactly `before` days, or overdue
/// by 1 to `overdue_days` days; only those whose person can open the record (active, within its package scope).
/// Columns as [`DueReminderColumns`] says; `None` when the workflow reminds of nothing.
pub fn due_reminders_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    today: &str,
) -> Result<Option<Sql>, QueryError> {
    let (Some(rule), Some(ball), Some(due)) = (
        workflow.reminders.as_ref(),
        workflow.ball_in_court.as_deref(),
        due_expr(entry, workflow),
    ) else {
        return Ok(None);
    };
    let mut when = Vec::new();
    let mut values: Vec<sea_query::Value> = vec![today.to_owned().into()];
    if let Some(before) = rule.before {
        values.push(i64::from(before).into());
        when.push(format!(
            "({due}) = ($1::text)::date + (${}::int8)::int4",
            values.len()
        ));
    }
    if let Some(limit) = rule.overdue_limit() {
        values.push(i64::from(limit).into());
        when.push(format!(
            "(({due}) < ($1::text)::date AND ({due}) >= ($1::text)::date - (${}::int8)::int4)",
            values.len()
        ));
    }
    if when.is_empty() {
        return Ok(None);
    }
    let states = workflow.reminded_states();
    if states.is_empty() {
        return Ok(None);
    }
    let user = qualified(entry, ball);
    let pk = entry.primary_key();
    let mut select = Query::select();
    select
        .expr(col(&pk.name).cast_as("text"))
        .expr(col(&workflow.state_column).cast_as("text"))
        .expr(Expr::cust(format!("{user}::int8")))
        .exprs(number_and_title(entry, workflow))
        .expr(Expr::cust(format!("({due})::text")))
        .expr(Expr::cust_with_values(
            format!("(({due}) - ($1::text)::date)::int4"),
            [today.to_owned()],
        ))
        .from(Alias::new(entry.table.clone()))
        .and_where(col(ball).is_not_null())
        .and_where(col(&workflow.state_column).is_in(states))
        .and_where(Expr::cust_with_values(
            format!("({})", when.join(" OR ")),
            values,
        ))
        .and_where(Expr::cust(reachable(&user, package_of(entry).as_deref())))
        .order_by(Alias::new(pk.name.clone()), sea_query::Order::Asc);
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// The people on record `key`'s distribution (`[workflow] distribution`) who can open it, each once: active users
/// within its package scope who hold one of the register's routes (superadmins hold every route). `None` when the
/// workflow has no distribution.
pub fn distribution_sql(
    registry: &Registry,
    entry: &Entry,
    workflow: &WorkflowDef,
    key: &str,
) -> Result<Option<Sql>, QueryError> {
    let Some(distribution) = &workflow.distribution else {
        return Ok(None);
    };
    let Some(link) = entry
        .def
        .children
        .iter()
        .find(|c| c.entry == distribution.lines)
    else {
        return Ok(None);
    };
    let (Some(child), Some(key_column)) = (
        registry.entry(&link.entry),
        registry
            .entry(&link.entry)
            .and_then(|child| child.column(&link.key)),
    ) else {
        return Ok(None);
    };
    if child.column(&distribution.user).is_none() {
        return Ok(None);
    }
    let pk = entry.primary_key();
    let user = format!("dl.\"{}\"", distribution.user);
    // The record's package, read from the record the line belongs to.
    let package = package_of(entry).map(|package| {
        format!(
            "(SELECT {package} FROM \"{table}\" WHERE \"{table}\".\"{pk}\" = dl.\"{key}\")",
            table = entry.table,
            pk = pk.name,
            key = link.key
        )
    });
    let routes: Vec<sea_query::Value> = entry
        .access_routes()
        .map(|route| route.clone().into())
        .collect();
    let held = if routes.is_empty() {
        "ru.n_superadmin = 1".to_owned()
    } else {
        let list: Vec<String> = (1..=routes.len()).map(|i| format!("${i}")).collect();
        format!(
            "(ru.n_superadmin = 1 OR EXISTS (SELECT 1 FROM user_permission_nav rp \
             JOIN navigation rn ON rn.id = rp.n_nav_id \
             WHERE rp.n_user_id = ru.id AND rp.n_view = 1 AND rn.c_route IN ({})))",
            list.join(", ")
        )
    };
    let mut select = Query::select();
    select
        .distinct()
        .expr(Expr::cust(format!("{user}::int8")))
        .from_as(Alias::new(child.table.clone()), Alias::new("dl"))
        .and_where(
            Expr::col((Alias::new("dl"), Alias::new(key_column.name.clone())))
                .eq(bound(key_column.sql_type, key)),
        )
        .and_where(Expr::cust(format!("{user} IS NOT NULL")))
        .and_where(Expr::cust(reachable(&user, package.as_deref())))
        .and_where(Expr::cust_with_values(
            format!("EXISTS (SELECT 1 FROM users ru WHERE ru.id = {user} AND {held})"),
            routes,
        ))
        .order_by_expr(Expr::cust("1"), sea_query::Order::Asc);
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

/// `SELECT <whether the record meets guard>` for the stored record `key` of `entry`: its `check` over the
/// record, or its condition over every (`all`) or some (`any`) line of its child register. A condition that is
/// unknown (an empty value compared) does not pass.
pub fn guard_sql(
    registry: &Registry,
    entry: &Entry,
    guard: &GuardDef,
    key: &str,
) -> Result<Sql, String> {
    let limits = FilterLimits::default();
    let mut select = Query::select();
    if let Some(check) = &guard.check {
        let condition = compile_filter(entry, check, &limits)
            .map_err(|e| e.to_string())?
            .condition
            .unwrap_or_else(|| Expr::cust("TRUE"));
        select
            .expr(Expr::cust_with_expr("($1) IS TRUE", condition))
            .from(Alias::new(entry.table.clone()))
            .and_where(key_condition(entry, key));
    } else {
        let lines = guard.lines.as_deref().unwrap_or_default();
        let child_def = entry
            .def
            .children
            .iter()
            .find(|c| c.entry == lines)
            .ok_or_else(|| format!("`{lines}` is not a child register of {}", entry.name))?;
        let child = registry
            .entry(lines)
            .ok_or_else(|| format!("no registry entry `{lines}`"))?;
        let (text, every) = match (&guard.all, &guard.any) {
            (Some(all), _) => (all, true),
            (None, Some(any)) => (any, false),
            (None, None) => return Err("a lines guard needs `all` or `any`".into()),
        };
        let condition = compile_filter(child, text, &limits)
            .map_err(|e| e.to_string())?
            .condition
            .unwrap_or_else(|| Expr::cust("TRUE"));
        let key_column = child
            .column(&child_def.key)
            .ok_or_else(|| format!("`{}` has no column `{}`", child.name, child_def.key))?;
        let mut lines_query = Query::select();
        lines_query
            .expr(Expr::cust("1"))
            .from(Alias::new(child.table.clone()))
            .and_where(col(&key_column.name).eq(bound(key_column.sql_type, key)))
            .and_where(if every {
                Expr::cust_with_expr("($1) IS NOT TRUE", condition)
            } else {
                Expr::cust_with_expr("($1) IS TRUE", condition)
            });
        let exists = Expr::exists(lines_query);
        select.expr(if every { exists.not() } else { exists });
    }
    Sql::from_built(select.build(PostgresQueryBuilder)).map_err(|e| e.to_string())
}

/// `SELECT NOT (EXISTS (record breaking check) AND EXISTS (a line meeting when_any))` for the record `key` of
/// `entry` and its lines of `child` (`[[children.rules]]`): true when the rule holds. The two conditions stand
/// in their own tables' selects, so a column both tables have (`c_result`) means each table's own.
pub fn lines_rule_sql(
    registry: &Registry,
    entry: &Entry,
    child: &ChildDef,
    rule: &LinesRuleDef,
    key: &str,
) -> Result<Sql, String> {
    let limits = FilterLimits::default();
    let lines = registry
        .entry(&child.entry)
        .ok_or_else(|| format!("no registry entry `{}`", child.entry))?;
    let condition = |of: &Entry, text: &str| -> Result<Expr, String> {
        Ok(compile_filter(of, text, &limits)
            .map_err(|e| e.to_string())?
            .condition
            .unwrap_or_else(|| Expr::cust("TRUE")))
    };
    let mut broken = Query::select();
    broken
        .expr(Expr::cust("1"))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key))
        .and_where(Expr::cust_with_expr(
            "($1) IS FALSE",
            condition(entry, &rule.check)?,
        ));
    let key_column = lines
        .column(&child.key)
        .ok_or_else(|| format!("`{}` has no column `{}`", lines.name, child.key))?;
    let mut meeting = Query::select();
    meeting
        .expr(Expr::cust("1"))
        .from(Alias::new(lines.table.clone()))
        .and_where(col(&key_column.name).eq(bound(key_column.sql_type, key)))
        .and_where(Expr::cust_with_expr(
            "($1) IS TRUE",
            condition(lines, &rule.when_any)?,
        ));
    let mut select = Query::select();
    select.expr(Expr::exists(broken).and(Expr::exists(meeting)).not());
    Sql::from_built(select.build(PostgresQueryBuilder)).map_err(|e| e.to_string())
}

/// `SELECT <creator>::int8, <c1>::int8, … FROM <entry> WHERE <key>`: the record's creator and the users in
/// `columns` (who may edit what, `[[workflow.editors]]`). NULL for a column the entry does not have.
pub fn people_of_sql(entry: &Entry, columns: &[&str], key: &str) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select.expr(column_or_null(entry, creator_column(entry), "int8"));
    for name in columns {
        select.expr(column_or_null(entry, Some(name), "int8"));
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// `SELECT <package>::int8, <creator>::int8 FROM <entry> WHERE <key>`: what a people rule is judged against for
/// a stored record.
pub fn record_context_sql(entry: &Entry, key: &str) -> Result<Sql, QueryError> {
    let package = match package_of(entry) {
        Some(package) => Expr::cust(format!("({package})::int8")),
        None => Expr::cust("NULL::int8"),
    };
    let mut select = Query::select();
    select
        .expr(package)
        .expr(column_or_null(entry, creator_column(entry), "int8"))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// The latest transitions of `entry`'s records (its workflow's events), newest first, of the records `rows` lets
/// a reader read (their condition over the entry's table, as a data read of it would carry), before `before` (an
/// event's time in microseconds since 1970 and its id: the events after it in that order) when given. Selects the event's id, its time (ISO, UTC) and cursor (microseconds),
/// transition, from and to states, comment, who (id, name), the record's key, number and title (text), and the
/// entry's name.
pub fn events_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    rows: Option<Expr>,
    before: Option<(i64, i64)>,
    limit: u64,
) -> Result<Sql, QueryError> {
    let pk = entry.primary_key();
    let mut record = Query::select();
    record
        .expr_as(col(&pk.name), Alias::new("k"))
        .expr_as(
            column_or_null(entry, number_column(entry, workflow), "text"),
            Alias::new("c_number"),
        )
        .expr_as(
            column_or_null(entry, workflow.title_column.as_deref(), "text"),
            Alias::new("c_title"),
        )
        .from(Alias::new(entry.table.clone()));
    if let Some(rows) = rows {
        record.and_where(rows);
    }
    let mut select = Query::select();
    select
        .expr(Expr::cust("e.id"))
        .expr(Expr::cust(
            "to_char(e.d_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
        ))
        .expr(Expr::cust("(extract(epoch FROM e.d_at) * 1000000)::int8"))
        .expr(Expr::cust("e.c_transition"))
        .expr(Expr::cust("e.c_from"))
        .expr(Expr::cust("e.c_to"))
        .expr(Expr::cust("e.c_comment"))
        .expr(Expr::cust("e.n_by"))
        .expr(Expr::cust(
            "(SELECT u.c_name FROM users u WHERE u.id = e.n_by)",
        ))
        .expr(Expr::cust("r.k::text"))
        .expr(Expr::cust("r.c_number"))
        .expr(Expr::cust("r.c_title"))
        .expr(Expr::cust("e.c_entry"))
        .from_as(Alias::new("workflow_event"), Alias::new("e"))
        // The record's key compared as a number: its primary key index finds it.
        .join_subquery(
            sea_query::JoinType::InnerJoin,
            record,
            Alias::new("r"),
            Expr::cust("r.k = e.c_key::int8"),
        )
        .and_where(Expr::cust("e.c_entry").eq(Expr::val(entry.name.clone())))
        .order_by_expr(Expr::cust("e.d_at"), sea_query::Order::Desc)
        .order_by_expr(Expr::cust("e.id"), sea_query::Order::Desc)
        .limit(limit);
    if let Some((micros, id)) = before {
        // Integer microseconds from the epoch: exact, where a float of seconds may not be.
        select.and_where(Expr::cust_with_values(
            "(e.d_at, e.id) < (TIMESTAMPTZ 'epoch' + $1::int8 * INTERVAL '1 microsecond', $2::int8)",
            [micros, id],
        ));
    }
    Sql::from_built(select.build(PostgresQueryBuilder))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn numbers_are_formatted_from_their_parts() {
        let parts = crate::workflow::parse_pattern("{package.c_code}-RFI-{seq:05}").unwrap();
        assert_eq!(
            format_number(&parts, 42, &[Some("C1-V01".into())], 2026),
            "C1-V01-RFI-00042"
        );
        let parts = crate::workflow::parse_pattern("DR/{yyyy}/{seq:3}").unwrap();
        assert_eq!(format_number(&parts, 7, &[], 2026), "DR/2026/007");
        // A number past its width keeps every digit (an ISO 19650 document's 10,000th number of a prefix).
        let parts = crate::workflow::parse_pattern("{seq:04}").unwrap();
        assert_eq!(format_number(&parts, 10_000, &[], 2026), "10000");
    }

    /// A register numbering its documents within a two-column prefix, typed (also the plan's test register).
    pub(crate) const TYPED_DOCUMENT: &str = r#"
title = "Document"
[numbering]
column = "c_number"
pattern = "{seq:04}"
scope = ["c_originator", "c_type"]
typed = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "c_originator"
type = "text"
label = "Originator"
required = true
[[columns]]
name = "c_type"
type = "text"
label = "Type"
required = true
[[columns]]
name = "c_number"
type = "text"
label = "Number"
required = true
[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#;

    fn field(name: &str, text: &str) -> (String, crate::record::FieldValue) {
        (name.into(), crate::record::FieldValue::Text(text.into()))
    }

    /// A typed number left out of a new record is drawn in the scope of its prefix; one given is kept, and a drawn
    /// number is looked for among those given in the same scope only. An update may not clear it.
    #[test]
    fn typed_numbers_are_kept_and_empty_ones_drawn_in_their_scope() {
        use crate::record::{validate, WriteMode};
        let registry = Registry::from_sources(&[("document.toml", "document", TYPED_DOCUMENT)])
            .expect("valid");
        let entry = registry.entry("document").unwrap();

        let drawn = validate(
            entry,
            &[field("c_originator", "LNT"), field("c_type", "DR")],
            WriteMode::Create,
        )
        .expect("a number left out is drawn");
        assert_eq!(typed_number(entry, &drawn), None);
        assert_eq!(number_scope(entry, &drawn), "LNT\u{1f}DR");
        let taken = number_taken_sql(entry, &drawn, "0007").unwrap().unwrap();
        assert_eq!(
            taken.text,
            r#"SELECT EXISTS(SELECT 1 FROM "document" WHERE "c_number" = $1 AND "c_originator" = CAST($2 AS text) AND "c_type" = CAST($3 AS text))"#
        );

        let given = validate(
            entry,
            &[
                field("c_originator", "LNT"),
                field("c_type", "DR"),
                field("c_number", "0042"),
            ],
            WriteMode::Create,
        )
        .expect("a given number");
        assert_eq!(typed_number(entry, &given), Some("0042"));

        let cleared = validate(entry, &[field("c_number", "")], WriteMode::Update).unwrap_err();
        assert_eq!(cleared[0].message, "Number is required");
    }
}
