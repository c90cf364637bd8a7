//! Record writes (create, update, delete of one row): a request body checked against the registry before the
//! database sees it, and the parameterised SQL of each step. The gateway runs the steps in one transaction.

use std::collections::HashSet;

use sea_query::{Alias, Expr, ExprTrait, LockType, PostgresQueryBuilder, Query};

use crate::model::{Bound, Follows, SqlType};
use crate::query::{QueryError, Sql};
use crate::registry::{Column, Entry, Registry, ROW_VERSION};
use crate::rules;
use crate::values::{self, Decimal};

/// One value of a request body, as JSON wrote it. Numbers keep their digits (no float in between).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValue {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    /// An array or object, as JSON text.
    Json(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    Create,
    Update,
}

/// What is wrong with one field, in words for the form to show under its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: String,
    pub message: String,
}

impl FieldProblem {
    fn new(field: &str, message: impl Into<String>) -> Self {
        FieldProblem {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// A body that passed every check that needs no database. Values are text (`None` for NULL), sent as bind
/// parameters and cast to the column's type by PostgreSQL.
#[derive(Debug, Clone)]
pub struct RecordInput<'e> {
    /// Writable columns the body sets, in body order.
    pub writes: Vec<(&'e Column, Option<String>)>,
    /// Read-only columns the client carried back from its read (key, timestamps): compared with the stored row,
    /// never written.
    pub carried: Vec<(&'e Column, Option<String>)>,
    /// The row version the client read, when the body carries it.
    pub row_version: Option<i64>,
    /// The workflow state a new record arrives in instead of the initial one (an import of history,
    /// `[[imports]] arrives_in`): it waits on no one.
    pub arrives_in: Option<String>,
}

/// Whether a new record's `column` left empty gets a number drawn by the server: the column of a `typed`
/// numbering (a person may give the number, or leave it to the register).
fn drawn_when_empty(entry: &Entry, column: &Column) -> bool {
    entry
        .numbering()
        .is_some_and(|(def, _)| def.typed && def.column == column.name)
}

/// Checks a body against the entry: registered columns only, each value of its column's type, within its
/// length, range, precision, choices and pattern; on create every required column present; then the entry's
/// rules over several columns. Every problem is reported, one per field.
pub fn validate<'e>(
    entry: &'e Entry,
    fields: &[(String, FieldValue)],
    mode: WriteMode,
) -> Result<RecordInput<'e>, Vec<FieldProblem>> {
    validate_as(entry, fields, mode, false)
}

/// [`validate`] for a row of an import's file, which may also fill the `import_only` columns.
pub fn validate_imported<'e>(
    entry: &'e Entry,
    fields: &[(String, FieldValue)],
    mode: WriteMode,
) -> Result<RecordInput<'e>, Vec<FieldProblem>> {
    validate_as(entry, fields, mode, true)
}

fn validate_as<'e>(
    entry: &'e Entry,
    fields: &[(String, FieldValue)],
    mode: WriteMode,
    importing: bool,
) -> Result<RecordInput<'e>, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let mut input = RecordInput {
        writes: Vec::new(),
        carried: Vec::new(),
        row_version: None,
        arrives_in: None,
    };
    let mut seen = HashSet::new();
    for (name, value) in fields {
        if !seen.insert(name.as_str()) {
            problems.push(FieldProblem::new(name, format!("`{name}` is given twice")));
            continue;
        }
        let Some(column) = entry.readable_column(name) else {
            problems.push(FieldProblem::new(
                name,
                format!("`{name}` is not a field of {}", entry.title()),
            ));
            continue;
        };
        let text = match value_text(column, value) {
            Ok(text) => text,
            Err(message) => {
                problems.push(FieldProblem::new(name, message));
                continue;
            }
        };
        if column.read_only && !(importing && column.import_only) {
            match mode {
                WriteMode::Create if text.is_some() => problems.push(FieldProblem::new(
                    name,
                    format!("{} is set by the system; leave it out", column.label),
                )),
                WriteMode::Create => {}
                WriteMode::Update if column.name == ROW_VERSION => {
                    match text.as_deref().map(|t| t.trim().parse::<i64>()) {
                        Some(Ok(version)) => input.row_version = Some(version),
                        _ => problems.push(FieldProblem::new(
                            name,
                            format!("{} must be the version you read", column.label),
                        )),
                    }
                }
                WriteMode::Update => input.carried.push((column, text)),
            }
            continue;
        }
        match &text {
            Some(text) => {
                if let Err(message) = check_value(entry, column, text) {
                    problems.push(FieldProblem::new(name, message));
                    continue;
                }
            }
            // An organisation stamp left empty is filled from the session; a typed number left empty on create
            // is drawn.
            None if column.required
                && !organisation_stamped(column)
                && !(mode == WriteMode::Create && drawn_when_empty(entry, column)) =>
            {
                problems.push(FieldProblem::new(
                    name,
                    format!("{} is required", column.label),
                ));
                continue;
            }
            None => {}
        }
        input.writes.push((column, text));
    }
    if mode == WriteMode::Create {
        for column in entry.readable_columns() {
            if column.required
                && !column.read_only
                && !organisation_stamped(column)
                && !drawn_when_empty(entry, column)
                && !seen.contains(column.name.as_str())
            {
                // A required field with a registry default starts with it, as the form does; a default the form
                // works out for the person (`me`, `my_package`) is theirs to send, never a value to store.
                match column.default.as_ref().map(bound_text) {
                    Some(default) if !PERSONAL_DEFAULTS.contains(&default.as_str()) => {
                        input.writes.push((column, Some(default)))
                    }
                    _ => problems.push(FieldProblem::new(
                        &column.name,
                        format!("{} is required", column.label),
                    )),
                }
            }
        }
    }
    // Rules over several fields judge the values that passed their own checks, so one Save reports all.
    for problem in broken_rules(entry, &input, mode) {
        if !problems.iter().any(|known| known.field == problem.field) {
            problems.push(problem);
        }
    }
    if problems.is_empty() {
        Ok(input)
    } else {
        Err(problems)
    }
}

fn organisation_stamped(column: &Column) -> bool {
    column
        .stamp
        .is_some_and(crate::model::Stamp::is_organisation)
}

/// The `[[rules]]` the body's values break, each reported under its fields (once per field). On an update a column
/// the body leaves out keeps its stored value, unknown here, so its rules are not judged; on a create a column a
/// person fills that the body leaves out and nothing else fills (no default, no stamp, not the server's, not
/// generated) is stored empty, and is judged empty.
fn broken_rules(entry: &Entry, input: &RecordInput<'_>, mode: WriteMode) -> Vec<FieldProblem> {
    let mut values: rules::Values = input
        .writes
        .iter()
        .chain(&input.carried)
        .map(|(column, value)| (column.name.as_str(), value.as_deref()))
        .collect();
    if mode == WriteMode::Create {
        for column in entry.columns() {
            let left_empty = !column.read_only
                && !column.hidden
                && column.stamp.is_none()
                && column.default.is_none()
                && column.generated.is_none()
                && column.name != entry.def.primary_key;
            if left_empty {
                values.entry(column.name.as_str()).or_insert(None);
            }
        }
    }
    let mut problems: Vec<FieldProblem> = Vec::new();
    for rule in rules::broken(entry, &values) {
        for field in &rule.fields {
            if !problems.iter().any(|p| &p.field == field) {
                problems.push(FieldProblem::new(field, rule.message.clone()));
            }
        }
    }
    problems
}

/// Adds the stamped columns (`stamp = "creator"` on create, `"editor"` on every write) with the signed-in
/// user's id: who did it comes from the session, never from the body.
pub fn stamp<'e>(entry: &'e Entry, input: &mut RecordInput<'e>, mode: WriteMode, user_id: i64) {
    for column in entry.columns() {
        // Organisation stamps are the write path's (they may be another's for a holder of the right).
        let due = match column.stamp {
            Some(crate::model::Stamp::Creator) => mode == WriteMode::Create,
            Some(crate::model::Stamp::Editor) => true,
            _ => false,
        };
        if due {
            input.writes.push((column, Some(user_id.to_string())));
        }
    }
}

/// Defaults a form works out (the signed-in user, their one package, the only row a look-up offers): the console
/// fills them in; a body leaving such a column out must say it.
const PERSONAL_DEFAULTS: [&str; 3] = ["me", "my_package", "only"];

fn bound_text(bound: &Bound) -> String {
    match bound {
        Bound::Number(number) => number.to_string(),
        Bound::Text(text) => text.clone(),
    }
}

/// The value as the text PostgreSQL casts to the column's type; `None` for NULL. Blank text counts as no value.
fn value_text(column: &Column, value: &FieldValue) -> Result<Option<String>, String> {
    let ty = column.sql_type;
    let wrong = || match ty {
        _ if ty.is_integer() => format!("{} must be a whole number", column.label),
        SqlType::Date => format!(
            "{} must be a real date (day, month and year), such as 2026-11-23",
            column.label
        ),
        _ => format!("{} must be {}", column.label, values::expected(ty)),
    };
    if matches!(ty, SqlType::Json | SqlType::Jsonb) {
        return Ok(match value {
            FieldValue::Null => None,
            FieldValue::Bool(flag) => Some(flag.to_string()),
            FieldValue::Number(text) | FieldValue::Json(text) => Some(text.clone()),
            FieldValue::Text(text) => Some(serde_json::to_string(text).map_err(|_| wrong())?),
        });
    }
    if let FieldValue::Text(text) = value {
        if text.contains('\0') {
            return Err(format!(
                "{} contains a NUL character, which cannot be stored",
                column.label
            ));
        }
    }
    let text = match value {
        FieldValue::Null => return Ok(None),
        FieldValue::Text(text) if text.trim().is_empty() => return Ok(None),
        FieldValue::Text(text) if ty.is_text() => return Ok(Some(text.clone())),
        FieldValue::Text(text) => text.trim(),
        FieldValue::Number(number) if ty.is_text() || ty.is_number() => number.as_str(),
        FieldValue::Bool(flag) if ty == SqlType::Boolean => return Ok(Some(flag.to_string())),
        // Check boxes of 0/1 flag columns (`n_active`) may send booleans.
        FieldValue::Bool(flag) if ty.is_integer() => return Ok(Some(u8::from(*flag).to_string())),
        _ => return Err(wrong()),
    };
    if values::fits(ty, text) {
        return Ok(Some(text.to_owned()));
    }
    // A whole number beyond what the column holds: the registry's range says it in words when it has one.
    if ty.is_integer()
        && text
            .trim_start_matches(['-', '+'])
            .chars()
            .all(|c| c.is_ascii_digit())
        && !text.is_empty()
    {
        return Err(range_message(column).unwrap_or_else(|| {
            let (min, max) = match ty {
                SqlType::Smallint => (i64::from(i16::MIN), i64::from(i16::MAX)),
                SqlType::Integer => (i64::from(i32::MIN), i64::from(i32::MAX)),
                _ => (i64::MIN, i64::MAX),
            };
            format!(
                "{} must be a whole number between {min} and {max}",
                column.label
            )
        }));
    }
    Err(wrong())
}

/// The range the registry gives a number column, in words: "between 0 and 120", "0 or more", "120 or less".
pub fn range_message(column: &Column) -> Option<String> {
    let number = |bound: &Option<Bound>| match bound {
        Some(Bound::Number(value)) => Some(shown(*value)),
        _ => None,
    };
    let label = &column.label;
    let whole = if column.sql_type.is_integer() {
        "a whole number "
    } else {
        ""
    };
    match (number(&column.min), number(&column.max)) {
        (Some(min), Some(max)) => Some(format!("{label} must be {whole}between {min} and {max}")),
        (Some(min), None) => Some(format!("{label} must be {whole}{min} or more")),
        (None, Some(max)) => Some(format!("{label} must be {whole}{max} or less")),
        (None, None) => None,
    }
}

/// A bound as people write it: `0`, `120`, `0.5`.
fn shown(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        value.to_string()
    }
}

/// The registry's rules for a present value: length, range, precision, choices, pattern.
fn check_value(entry: &Entry, column: &Column, text: &str) -> Result<(), String> {
    let label = &column.label;
    if let Some(max) = column.max_length {
        let length = text.chars().count();
        if length > max as usize {
            return Err(format!(
                "{label} must be at most {max} characters (it has {length})"
            ));
        }
    }
    if column.sql_type.is_number() {
        // `value_text` checked the form, so this parses.
        let number = Decimal::parse(text).ok_or_else(|| format!("{label} must be a number"))?;
        if let Some(precision) = column.precision {
            let scale = column.scale.unwrap_or(0);
            if number.fraction_digits() > u64::from(scale) {
                return Err(match scale {
                    0 => format!("{label} must be a whole number"),
                    1 => format!("{label} allows at most 1 decimal place"),
                    _ => format!("{label} allows at most {scale} decimal places"),
                });
            }
            let whole = precision.saturating_sub(scale);
            if number.whole_digits() > u64::from(whole) {
                return Err(format!(
                    "{label} is too large: at most {whole} digits before the decimal point"
                ));
            }
        }
        let bound = |bound: &Option<Bound>| match bound {
            Some(Bound::Number(value)) => Decimal::from_f64(*value),
            _ => None,
        };
        let below = bound(&column.min).is_some_and(|min| number < min);
        let above = bound(&column.max).is_some_and(|max| number > max);
        if below || above {
            return Err(range_message(column).unwrap_or_else(|| format!("{label} is out of range")));
        }
    }
    if column.sql_type == SqlType::Date {
        // ISO dates compare as text; `today` is the database's day, judged inside the write (`today_bounds_sql`).
        if let Some(Bound::Text(min)) = column.min.as_ref().filter(|b| !is_today(b)) {
            if text < min.as_str() {
                return Err(format!("{label} must be on or after {}", human_date(min)));
            }
        }
        if let Some(Bound::Text(max)) = column.max.as_ref().filter(|b| !is_today(b)) {
            if text > max.as_str() {
                return Err(format!("{label} must be on or before {}", human_date(max)));
            }
        }
    }
    if !column.enum_values.is_empty() && !column.enum_values.iter().any(|v| v == text) {
        return Err(format!(
            "{label} must be one of: {}",
            column.enum_values.join(", ")
        ));
    }
    if let Some(format) = column.format {
        let (pattern, message) = format.rule();
        if !regex::Regex::new(pattern).is_ok_and(|form| form.is_match(text)) {
            return Err(format!("{label} must be {message}"));
        }
    }
    if let Some(pattern) = entry.pattern(&column.name) {
        if !pattern.is_match(text) {
            return Err(match &column.pattern_message {
                Some(message) => format!("{label}: {message}"),
                None => format!("{label} is not in the expected form"),
            });
        }
    }
    Ok(())
}

/// `2026-01-05` as people read it: `05 Jan, 2026` (the console's DD MMM, YYYY).
pub fn human_date(iso: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut parts = iso.splitn(3, '-');
    match (
        parts.next(),
        parts.next().and_then(|m| m.parse::<usize>().ok()),
        parts.next(),
    ) {
        (Some(year), Some(month @ 1..=12), Some(day)) => {
            format!("{day:0>2} {}, {year}", MONTHS[month - 1])
        }
        _ => iso.to_owned(),
    }
}

/// The record key from a URL path, checked against the primary key's type.
pub fn parse_key(entry: &Entry, id: &str) -> Result<String, String> {
    let pk = entry.primary_key();
    if !id.trim().is_empty() && values::fits(pk.sql_type, id) {
        Ok(id.trim().to_owned())
    } else {
        Err(format!(
            "`{}` is not a valid {} of {}: expected {}",
            crate::text::quote(id),
            pk.label,
            entry.title(),
            values::expected(pk.sql_type)
        ))
    }
}

/// `value` as a bind parameter of `column`'s type: text, cast on the server.
fn typed(column: &Column, value: Option<&str>) -> Expr {
    match value {
        None => Expr::null(),
        Some(text) => crate::bind::bound(column.sql_type, text),
    }
}

fn col(column: &Column) -> Expr {
    Expr::col(Alias::new(column.name.clone()))
}

/// `<primary key> = $n`.
pub fn key_condition(entry: &Entry, key: &str) -> Expr {
    let pk = entry.primary_key();
    col(pk).eq(typed(pk, Some(key)))
}

/// `INSERT … RETURNING <primary key>::text`.
pub fn insert_sql(entry: &Entry, input: &RecordInput<'_>) -> Result<Sql, QueryError> {
    let mut insert = Query::insert();
    insert.into_table(Alias::new(entry.table.clone()));
    if input.writes.is_empty() {
        insert.or_default_values();
    } else {
        insert.columns(
            input
                .writes
                .iter()
                .map(|(column, _)| Alias::new(column.name.clone())),
        );
        insert
            .values(
                input
                    .writes
                    .iter()
                    .map(|(column, value)| typed(column, value.as_deref())),
            )
            .map_err(|e| QueryError::UnsupportedValue(e.to_string()))?;
    }
    insert.returning(Query::returning().expr(col(entry.primary_key()).cast_as("text")));
    Sql::from_built(insert.build(PostgresQueryBuilder))
}

/// Locks the stored row (`FOR UPDATE`: a concurrent writer waits, then sees the new version) and answers, in
/// order: its row version (or NULL), whether each carried-back column still holds what the client sent, and
/// whether each written column changes.
pub fn lock_sql(entry: &Entry, key: &str, input: &RecordInput<'_>) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select.expr(match entry.row_version() {
        Some(version) => col(version).cast_as("int8"),
        None => Expr::null(),
    });
    for (column, value) in &input.carried {
        select.expr(Expr::cust_with_exprs(
            "$1 IS NOT DISTINCT FROM $2",
            [col(column), typed(column, value.as_deref())],
        ));
    }
    for (column, value) in &input.writes {
        select.expr(Expr::cust_with_exprs(
            "$1 IS DISTINCT FROM $2",
            [col(column), typed(column, value.as_deref())],
        ));
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key))
        .lock(LockType::Update);
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// `UPDATE … SET <the given columns> WHERE <key>`.
pub fn update_sql(
    entry: &Entry,
    key: &str,
    writes: &[(&Column, Option<String>)],
) -> Result<Sql, QueryError> {
    let mut update = Query::update();
    update
        .table(Alias::new(entry.table.clone()))
        .values(writes.iter().map(|(column, value)| {
            (
                Alias::new(column.name.clone()),
                typed(column, value.as_deref()),
            )
        }))
        .and_where(key_condition(entry, key));
    Sql::from_built(update.build(PostgresQueryBuilder))
}

/// `DELETE … WHERE <key>`.
pub fn delete_sql(entry: &Entry, key: &str) -> Result<Sql, QueryError> {
    let mut delete = Query::delete();
    delete
        .from_table(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(delete.build(PostgresQueryBuilder))
}

/// Whether each lookup value names an existing row of its entry that `reader` may read (that entry's package
/// scope, `readers_see` and `reads_through` applied for them; `None`: a superadmin, every row): one `EXISTS` per
/// lookup column with a value, returned with those columns in the same order. `None` when the body sets no
/// lookup column.
pub fn lookups_sql<'e>(
    registry: &Registry,
    input: &RecordInput<'e>,
    reader: Option<crate::readers::Reader>,
) -> Result<Option<(Sql, Vec<&'e Column>)>, QueryError> {
    let mut select = Query::select();
    let mut checked = Vec::new();
    for (column, value) in &input.writes {
        let (Some(lookup), Some(value)) = (&column.lookup, value) else {
            continue;
        };
        let Some(target) = registry.entry(&lookup.entry) else {
            continue;
        };
        let mut exists = Query::select();
        exists
            .expr(Expr::cust("1"))
            .from(Alias::new(target.table.clone()))
            .and_where(key_condition(target, value));
        if let Some(rows) = crate::query::readable_rows(target, reader)? {
            exists.and_where(rows);
        }
        select.expr(Expr::exists(exists));
        checked.push(*column);
    }
    if checked.is_empty() {
        return Ok(None);
    }
    Ok(Some((
        Sql::from_built(select.build(PostgresQueryBuilder))?,
        checked,
    )))
}

/// One boolean per check, read from the record at `key` (the checks' select completed); `None` without checks.
fn checks_of_record<T>(
    mut select: sea_query::SelectStatement,
    entry: &Entry,
    key: &str,
    checked: Vec<T>,
) -> Result<Option<(Sql, Vec<T>)>, QueryError> {
    if checked.is_empty() {
        return Ok(None);
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Ok(Some((
        Sql::from_built(select.build(PostgresQueryBuilder))?,
        checked,
    )))
}

/// The bound `today` of a date column (`min = "today"`: not before; `max = "today"`: not after): the programme's
/// day, which only the database knows (its session time zone).
pub const TODAY: &str = "today";

pub fn is_today(bound: &Bound) -> bool {
    matches!(bound, Bound::Text(text) if text == TODAY)
}

/// A date column bounded by today, and which side.
#[derive(Debug, Clone, Copy)]
pub struct TodayBound<'e> {
    pub column: &'e Column,
    /// `max = "today"` (not after) rather than `min` (not before).
    pub not_after: bool,
}

impl TodayBound<'_> {
    /// What the person is told: "Inspected on cannot be after today".
    pub fn message(&self) -> String {
        let side = if self.not_after { "after" } else { "before" };
        format!("{} cannot be {side} today", self.column.label)
    }
}

/// For each written date column bounded by `today`: whether the stored value keeps to it (`true` when empty),
/// read from the record at `key` inside the write's transaction. `None` when no such column was written.
pub fn today_bounds_sql<'e>(
    entry: &'e Entry,
    key: &str,
    written: &[&str],
) -> Result<Option<(Sql, Vec<TodayBound<'e>>)>, QueryError> {
    let mut select = Query::select();
    let mut checked = Vec::new();
    for column in entry.columns() {
        if column.sql_type != SqlType::Date || !written.contains(&column.name.as_str()) {
            continue;
        }
        for (bound, not_after) in [(&column.min, false), (&column.max, true)] {
            if !bound.as_ref().is_some_and(is_today) {
                continue;
            }
            let op = if not_after { "<=" } else { ">=" };
            select.expr(Expr::cust(format!(
                "(\"{}\" {op} current_date) IS NOT FALSE",
                column.name
            )));
            checked.push(TodayBound { column, not_after });
        }
    }
    checks_of_record(select, entry, key, checked)
}

/// What a look-up of a written record must keep to: agree with the record (`same`), or meet its `where`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupRule {
    Same,
    Where,
}

/// A look-up column and the rule of it a check reads.
#[derive(Debug, Clone, Copy)]
pub struct LookupCheck<'e> {
    pub column: &'e Column,
    pub rule: LookupRule,
}

/// For each look-up with `same` whose column (or one of the columns it must agree with) was written: whether the
/// stored record's choice agrees; and for each written look-up with `where`: whether the chosen row meets it
/// (`true` when the look-up is blank), read from the record at `key` inside the write's transaction. `None` when
/// no such look-up was written.
pub fn offered_lookups_sql<'e>(
    registry: &Registry,
    entry: &'e Entry,
    key: &str,
    written: &[&str],
    caller: crate::readers::Reader,
) -> Result<Option<(Sql, Vec<LookupCheck<'e>>)>, QueryError> {
    let mut select = Query::select();
    let mut checked = Vec::new();
    let own = |name: &str| format!("\"{}\".\"{name}\"", entry.table);
    for column in entry.columns() {
        let Some(lookup) = column.lookup.as_ref() else {
            continue;
        };
        let Some(target) = registry.entry(&lookup.entry) else {
            continue;
        };
        let chosen = |agrees: &str| {
            format!(
                "{value} IS NULL OR EXISTS (SELECT 1 FROM \"{table}\" t WHERE t.\"{pk}\" = {value} AND {agrees})",
                value = own(&column.name),
                table = target.table,
                pk = target.primary_key().name,
            )
        };
        let touched = written.contains(&column.name.as_str())
            || lookup
                .same
                .values()
                .any(|ours| written.contains(&Follows::parse(ours).column()));
        if !lookup.same.is_empty() && touched {
            let mut agrees: Vec<String> = Vec::new();
            for (theirs, ours) in &lookup.same {
                let value = match Follows::parse(ours) {
                    Follows::Own(name) => own(name),
                    Follows::Through { column: name, of } => through_sql(registry, entry, name, of)
                        .ok_or_else(|| QueryError::UnknownColumn {
                            entry: entry.name.clone(),
                            column: ours.clone(),
                        })?,
                };
                agrees.push(format!("t.\"{theirs}\" IS NOT DISTINCT FROM {value}"));
            }
            select.expr(Expr::cust(chosen(&agrees.join(" AND "))));
            checked.push(LookupCheck {
                column,
                rule: LookupRule::Same,
            });
        }
        if let Some(condition) = lookup
            .condition
            .as_deref()
            .filter(|_| written.contains(&column.name.as_str()))
        {
            // Checked at load; an unqualified column resolves to the looked-up row (`t`), which has it.
            // `:user_id` is the person writing (a look-up that leaves them out: not their own approver).
            let condition = crate::readers::rule_text(condition, caller);
            let compiled =
                crate::compile_filter(target, &condition, &crate::FilterLimits::default())
                    .map_err(|error| QueryError::LookupWhere {
                        column: column.name.clone(),
                        message: error.to_string(),
                    })?;
            let meets = compiled.condition.unwrap_or_else(|| Expr::cust("TRUE"));
            select.expr(Expr::cust_with_expr(chosen("($1) IS TRUE"), meets));
            checked.push(LookupCheck {
                column,
                rule: LookupRule::Where,
            });
        }
    }
    checks_of_record(select, entry, key, checked)
}

/// The column `of` of the record `entry`'s look-up column `name` names, as a scalar subquery over that column's
/// value (registry names, checked at load).
fn through_sql(registry: &Registry, entry: &Entry, name: &str, of: &str) -> Option<String> {
    let middle = entry
        .column(name)
        .and_then(|c| c.lookup.as_ref())
        .and_then(|l| registry.entry(&l.entry))?;
    Some(format!(
        "(SELECT m.\"{of}\" FROM \"{table}\" m WHERE m.\"{pk}\" = \"{own}\".\"{name}\")",
        table = middle.table,
        pk = middle.primary_key().name,
        own = entry.table,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORRIDOR: &str = r#"
title = "Corridor"
routes = ["/masters/corridor"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "c_code"
type = "text"
label = "Code"
required = true
max_length = 20
pattern = "^[A-Z0-9][A-Z0-9-]*$"
pattern_message = "use capital letters, digits and hyphens"
[[columns]]
name = "n_length_km"
type = "numeric"
label = "Length (km)"
precision = 9
scale = 3
min = 0
max = 500
[[columns]]
name = "d_opened"
type = "date"
label = "Opened"
min = "2000-01-01"
[[columns]]
name = "c_status"
type = "text"
label = "Status"
enum = ["Planned", "Open"]
[[columns]]
name = "n_active"
type = "smallint"
label = "Active"
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#;

    fn registry() -> Registry {
        Registry::from_sources(&[("corridor.toml", "corridor", CORRIDOR)]).expect("valid")
    }

    fn body(fields: &[(&str, FieldValue)]) -> Vec<(String, FieldValue)> {
        fields
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn text(value: &str) -> FieldValue {
        FieldValue::Text(value.to_owned())
    }

    fn number(value: &str) -> FieldValue {
        FieldValue::Number(value.to_owned())
    }

    fn problems(fields: &[(&str, FieldValue)], mode: WriteMode) -> Vec<(String, String)> {
        let registry = registry();
        let entry = registry.entry("corridor").expect("entry");
        match validate(entry, &body(fields), mode) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.into_iter().map(|p| (p.field, p.message)).collect(),
        }
    }

    fn one(field: &str, value: FieldValue) -> String {
        let found = problems(
            &[("c_code", text("N-S")), (field, value)],
            WriteMode::Create,
        );
        assert_eq!(found.len(), 1, "{found:?}");
        found[0].1.clone()
    }

    #[test]
    fn each_rule_has_its_message() {
        assert_eq!(
            one("n_length_km", number("-1")),
            "Length (km) must be between 0 and 500"
        );
        assert_eq!(
            one("n_length_km", number("500.001")),
            "Length (km) must be between 0 and 500"
        );
        assert_eq!(
            one("n_length_km", number("1.2345")),
            "Length (km) allows at most 3 decimal places"
        );
        assert_eq!(
            one("n_length_km", text("12 km")),
            "Length (km) must be a number"
        );
        assert_eq!(
            one("d_opened", text("1999-12-31")),
            "Opened must be on or after 01 Jan, 2000"
        );
        assert_eq!(
            one("d_opened", text("31/12/2020")),
            "Opened must be a real date (day, month and year), such as 2026-11-23"
        );
        assert_eq!(
            one("c_status", text("Closed")),
            "Status must be one of: Planned, Open"
        );
        assert_eq!(
            one("n_active", number("70000")),
            "Active must be a whole number between -32768 and 32767"
        );
        assert_eq!(
            one("id", number("5")),
            "ID is set by the system; leave it out"
        );
        assert_eq!(
            one("c_secret", text("x")),
            "`c_secret` is not a field of Corridor"
        );
        let code = problems(&[("c_code", text("n s"))], WriteMode::Create);
        assert_eq!(
            code,
            vec![(
                "c_code".to_owned(),
                "Code: use capital letters, digits and hyphens".to_owned()
            )]
        );
        let long = problems(&[("c_code", text(&"A".repeat(21)))], WriteMode::Create);
        assert_eq!(long[0].1, "Code must be at most 20 characters (it has 21)");
    }

    #[test]
    fn required_on_create_and_when_cleared() {
        assert_eq!(
            problems(&[], WriteMode::Create),
            vec![("c_code".to_owned(), "Code is required".to_owned())]
        );
        assert!(problems(&[], WriteMode::Update).is_empty());
        assert_eq!(
            problems(&[("c_code", text("  "))], WriteMode::Update),
            vec![("c_code".to_owned(), "Code is required".to_owned())]
        );
    }

    #[test]
    fn update_separates_carried_columns_and_version() {
        let registry = registry();
        let entry = registry.entry("corridor").expect("entry");
        let fields = body(&[
            ("id", number("7")),
            ("n_row_version", number("3")),
            ("c_code", text("N-S")),
            ("n_length_km", number("12.500")),
            ("n_active", FieldValue::Bool(true)),
        ]);
        let input = validate(entry, &fields, WriteMode::Update).expect("valid");
        assert_eq!(input.row_version, Some(3));
        assert_eq!(input.carried.len(), 1);
        let written: Vec<_> = input
            .writes
            .iter()
            .map(|(c, v)| (c.name.as_str(), v.as_deref()))
            .collect();
        assert_eq!(
            written,
            vec![
                ("c_code", Some("N-S")),
                ("n_length_km", Some("12.500")),
                ("n_active", Some("1"))
            ]
        );
        let lock = lock_sql(entry, "7", &input).expect("sql");
        assert!(lock.text.ends_with("FOR UPDATE"), "{}", lock.text);
        assert!(lock.text.contains("IS NOT DISTINCT FROM"), "{}", lock.text);
    }

    #[test]
    fn values_never_enter_the_sql_text() {
        let registry = registry();
        let entry = registry.entry("corridor").expect("entry");
        let hostile = "X'); DROP TABLE corridor; --";
        let fields = body(&[("c_code", text("N-S")), ("c_status", text("Open"))]);
        let input = validate(entry, &fields, WriteMode::Create).expect("valid");
        for sql in [
            insert_sql(entry, &input).expect("insert"),
            update_sql(entry, hostile, &input.writes).expect("update"),
            delete_sql(entry, hostile).expect("delete"),
        ] {
            assert!(!sql.text.contains("DROP"), "{}", sql.text);
            assert!(!sql.text.contains("N-S"), "{}", sql.text);
        }
        assert!(parse_key(entry, hostile).is_err());
        assert_eq!(parse_key(entry, "42"), Ok("42".to_owned()));
    }

    #[test]
    fn duplicate_fields_are_refused() {
        let found = problems(
            &[("c_code", text("A")), ("c_code", text("B"))],
            WriteMode::Create,
        );
        assert_eq!(
            found,
            vec![("c_code".to_owned(), "`c_code` is given twice".to_owned())]
        );
    }
}
