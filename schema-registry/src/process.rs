//! The SQL of the business-process capabilities: a transition's lock and update, the next document number and
//! the values its pattern names, and the records a workflow keeps waiting on a user. Identifiers come from the
//! registry (checked at load); every value is a bind parameter.

use sea_query::{Alias, Expr, ExprTrait, LockType, PostgresQueryBuilder, Query};

use crate::bind::bound;
use crate::query::{QueryError, Sql};
use crate::record::{key_condition, RecordInput};
use crate::registry::{Column, Entry, Registry};
use crate::workflow::{NumberPart, SetValue, TransitionDef, WorkflowDef};

fn col(name: &str) -> Expr {
    Expr::col(Alias::new(name.to_owned()))
}

fn int8_or_null(entry: &Entry, name: Option<&str>) -> Expr {
    match name.and_then(|name| entry.column(name)) {
        Some(column) => col(&column.name).cast_as("int8"),
        None => Expr::cust("NULL::int8"),
    }
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
        .expr(int8_or_null(
            entry,
            entry.row_version().map(|c| c.name.as_str()),
        ))
        .expr(col(&workflow.state_column).cast_as("text"))
        .expr(int8_or_null(entry, creator))
        .expr(int8_or_null(entry, workflow.ball_in_court.as_deref()));
    let who: Vec<String> = transition.map_or_else(Vec::new, |t| t.who.columns.clone());
    for name in &who {
        select.expr(int8_or_null(entry, Some(name)));
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
        SetValue::TodayPlus(days) => Expr::cust_with_values("CURRENT_DATE + $1::int4", [*days]),
        SetValue::Now => Expr::cust("now()"),
        SetValue::Caller => bound(column.sql_type, &caller.to_string()),
        SetValue::Null => Expr::null(),
        SetValue::Column(other) => match entry.column(other) {
            Some(other) => col(&other.name).cast_as(column.sql_type.sql_name()),
            None => Expr::null(),
        },
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
            values.push((
                Alias::new(name.clone()),
                set_expr(entry, column, &value, caller),
            ));
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

/// The scope of a new record's number: the scope column's value, or `""` when the register shares one sequence.
pub fn number_scope(entry: &Entry, input: &RecordInput<'_>) -> String {
    entry
        .numbering()
        .and_then(|(def, _)| def.scope.as_deref())
        .and_then(|scope| written(input, scope))
        .unwrap_or_default()
        .to_owned()
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
/// row wrote them; those not of the key's type are skipped), or `None` when no key is usable.
pub fn names_sql(
    target: &Entry,
    display: &str,
    keys: &[String],
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

fn text_or_null(name: Option<&str>) -> Expr {
    match name {
        Some(name) => col(name).cast_as("text"),
        None => Expr::cust("NULL::text"),
    }
}

/// One record's ball-in-court (user id), number, title and due date (text), for the hand-off mail.
pub fn summary_sql(entry: &Entry, workflow: &WorkflowDef, key: &str) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select
        .expr(int8_or_null(entry, workflow.ball_in_court.as_deref()))
        .expr(text_or_null(number_column(entry, workflow)))
        .expr(text_or_null(workflow.title_column.as_deref()))
        .expr(text_or_null(workflow.due.as_deref()))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// The records of `entry` waiting on `user`: key, number, title, due date and days waiting (since the last
/// transition, or since creation), soonest due first.
pub fn waiting_sql(
    entry: &Entry,
    workflow: &WorkflowDef,
    user: i64,
    limit: u64,
) -> Result<Option<Sql>, QueryError> {
    let Some(ball) = workflow.ball_in_court.as_deref() else {
        return Ok(None);
    };
    let pk = entry.primary_key();
    let number = number_column(entry, workflow);
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
    let mut select = Query::select();
    select
        .expr(col(&pk.name).cast_as("text"))
        .expr(text_or_null(number))
        .expr(text_or_null(workflow.title_column.as_deref()))
        .expr(text_or_null(workflow.due.as_deref()))
        .expr(days)
        .from(Alias::new(entry.table.clone()))
        .and_where(col(ball).eq(Expr::val(user)))
        .and_where(col(&workflow.state_column).is_in(workflow.unfinished_states()))
        .limit(limit);
    if let Some(due) = workflow.due.as_deref() {
        select.order_by_with_nulls(
            Alias::new(due.to_owned()),
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

/// The packages `user` is linked to today, as a subquery (`package_user`, active between its dates).
const LINKED: &str = "SELECT pu.n_package FROM package_user pu WHERE pu.n_user = $1 \
     AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE)";

/// Whether `package` (an expression) is one `user` may reach: one of their packages, or any when they have none.
fn package_allowed(package: &str, user: i64) -> Expr {
    Expr::cust_with_values(
        format!(
            "({package} IN ({LINKED}) OR NOT EXISTS ({}))",
            LINKED.replace("$1", "$2")
        ),
        [user, user],
    )
}

/// The row condition of a scoped entry for `user` (`None` for an unscoped entry). Registry identifiers only.
pub fn scope_condition(entry: &Entry, user: i64) -> Option<Expr> {
    match entry.scope.as_ref()? {
        crate::registry::ScopePath::Column(column) => Some(package_allowed(
            &format!("\"{}\".\"{column}\"", entry.table),
            user,
        )),
        crate::registry::ScopePath::Parent {
            key,
            parent_table,
            parent_key,
            column,
        } => {
            let inner = package_allowed(&format!("sp.\"{column}\""), user);
            let mut select = Query::select();
            select
                .expr(Expr::cust(format!("sp.\"{parent_key}\"")))
                .from_as(Alias::new(parent_table.clone()), Alias::new("sp"))
                .and_where(inner);
            Some(
                Expr::col((Alias::new(entry.table.clone()), Alias::new(key.clone())))
                    .in_subquery(select),
            )
        }
    }
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

/// `SELECT 1 FROM <entry> WHERE <key> AND <scope>`: whether `user` may reach the record (`None`: unscoped).
pub fn in_scope_sql(entry: &Entry, key: &str, user: i64) -> Result<Option<Sql>, QueryError> {
    let Some(condition) = scope_condition(entry, user) else {
        return Ok(None);
    };
    let mut select = Query::select();
    select
        .expr(Expr::cust("1"))
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key))
        .and_where(condition);
    Ok(Some(Sql::from_built(select.build(PostgresQueryBuilder))?))
}

#[cfg(test)]
mod tests {
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
    }
}
