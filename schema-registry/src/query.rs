//! Typed read requests compiled to parameterised PostgreSQL with sea-query. Every identifier comes from the
//! registry; every value is a bind parameter ([`Param`]).

use sea_query::extension::postgres::{PgBinOper, PgExpr, PgFunc};
use sea_query::{
    Alias, Expr, ExprTrait, Func, JoinType, NullOrdering, Order, PostgresQueryBuilder, Query,
    SelectStatement, Value, Values,
};

use crate::bind::bound;
use crate::filter::OrderKey;
use crate::model::{Direction, SqlType};
use crate::readers::Reader;
use crate::registry::{Column, Entry};

/// The first characters that make a spreadsheet read a cell as a formula: tab, carriage return, `+`, `-`, `=`,
/// `@` (OWASP, CSV injection).
const FORMULA_STARTS: [u8; 6] = [b'\t', b'\r', b'+', b'-', b'=', b'@'];

/// Every formula start is below this code (`A`): most texts start with a letter, and one comparison clears them
/// before the list is tried (a tenth of the export's time, measured by `COPY` of the statement).
const FORMULA_STARTS_BELOW: u8 = b'@' + 1;
const _: () = {
    let mut index = 0;
    while index < FORMULA_STARTS.len() {
        assert!(FORMULA_STARTS[index] < FORMULA_STARTS_BELOW);
        index += 1;
    }
};

/// A text cell as a spreadsheet must receive it from a CSV: one that would start a formula gets a leading `'`
/// (the same rule the exports' SQL applies, for files the gateway writes itself: reports, error reports).
pub fn neutralise_formula(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .as_bytes()
        .first()
        .is_some_and(|b| FORMULA_STARTS.contains(b))
    {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// One bind parameter: filter literals travel as text (cast on the server), paging as integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    Text(String),
    Int(i64),
}

/// SQL text with `$n` placeholders and the values for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sql {
    pub text: String,
    pub params: Vec<Param>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error("unknown column `{column}` in `{entry}`")]
    UnknownColumn { entry: String, column: String },
    #[error("the query uses a value sea-query produced that the gateway cannot bind: {0}")]
    UnsupportedValue(String),
    #[error("the read rule of `{entry}` does not compile: {message}")]
    ReadRule { entry: String, message: String },
    #[error("the `where` of look-up `{column}` does not compile: {message}")]
    LookupWhere { column: String, message: String },
    #[error("the filter of `{column}` must be {expected}, not `{value}`")]
    BadFilterValue {
        column: String,
        expected: &'static str,
        value: String,
    },
}

impl Sql {
    /// Ends the statement with `LIMIT n`, the number in the text (see `ReadQuery::finish` for why).
    fn limit_to(&mut self, limit: u64) {
        self.text.push_str(&format!(" LIMIT {limit}"));
    }

    /// A statement sea-query built, its values as the gateway binds them.
    pub fn from_built((text, values): (String, Values)) -> Result<Sql, QueryError> {
        let params = values
            .into_iter()
            .map(|value| match value {
                Value::String(Some(text)) => Ok(Param::Text(text)),
                Value::BigUnsigned(Some(n)) => i64::try_from(n)
                    .map(Param::Int)
                    .map_err(|_| QueryError::UnsupportedValue(format!("{n} is too large"))),
                Value::BigInt(Some(n)) => Ok(Param::Int(n)),
                Value::Int(Some(n)) => Ok(Param::Int(n.into())),
                other => Err(QueryError::UnsupportedValue(format!("{other:?}"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Sql { text, params })
    }

    /// `(part) UNION ALL (part) …`, each part's `$n` renumbered after the parts before it (each keeps its own
    /// `LIMIT`); `None` for no parts. Placeholders are the only `$` in the crate's SQL (see
    /// [`Sql::with_settings_for_parameters`]).
    pub fn union_all(parts: Vec<Sql>) -> Option<Sql> {
        if parts.is_empty() {
            return None;
        }
        let mut union = Sql {
            text: String::new(),
            params: Vec::new(),
        };
        for (index, part) in parts.into_iter().enumerate() {
            if index > 0 {
                union.text.push_str(" UNION ALL ");
            }
            union.text.push('(');
            union
                .text
                .push_str(&renumbered(&part.text, union.params.len()));
            union.text.push(')');
            union.params.extend(part.params);
        }
        Some(union)
    }

    /// The same statement for places that cannot take bind parameters (`COPY (…) TO STDOUT`): each `$n` becomes
    /// `current_setting('pmis.pn')`, and the values are returned for the caller to set first with
    /// `set_config('pmis.pn', $1, false)`, itself parameterised. Values never enter the SQL text.
    pub fn with_settings_for_parameters(&self) -> (String, Vec<(String, String)>) {
        let mut text = String::with_capacity(self.text.len() + 32 * self.params.len());
        let mut rest = self.text.as_str();
        while let Some(index) = rest.find('$') {
            text.push_str(&rest[..index]);
            let digits: String = rest[index + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let number = digits
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=self.params.len()).contains(n));
            match number {
                Some(n) => {
                    let setting = format!("pmis.p{n}");
                    match &self.params[n - 1] {
                        Param::Text(_) => text.push_str(&format!("current_setting('{setting}')")),
                        Param::Int(_) => {
                            text.push_str(&format!("CAST(current_setting('{setting}') AS int8)"))
                        }
                    }
                    rest = &rest[index + 1 + digits.len()..];
                }
                // Identifiers come from the registry (`[a-z0-9_]`) and values are never inlined, so a `$` that
                // is not a placeholder cannot occur; keep it verbatim rather than guess.
                None => {
                    text.push('$');
                    rest = &rest[index + 1..];
                }
            }
        }
        text.push_str(rest);
        let settings = self
            .params
            .iter()
            .enumerate()
            .map(|(i, param)| {
                let value = match param {
                    Param::Text(text) => text.clone(),
                    Param::Int(n) => n.to_string(),
                };
                (format!("pmis.p{}", i + 1), value)
            })
            .collect();
        (text, settings)
    }
}

impl Sql {
    /// The text with its placeholders moved after `count` parameters of a statement it becomes part of (which
    /// binds this one's parameters after its own).
    pub fn text_after(&self, count: usize) -> String {
        renumbered(&self.text, count)
    }
}

/// The rows of a register a read from elsewhere may reach for `reader` (`None`: a superadmin, every row): the
/// register's whole rule, [`row_condition`](crate::readers::row_condition) with its `readers_see`. A look-up
/// value written, a look-up's names, a search by a look-up's name, an export's display texts, a history's names
/// and the importer's names all AND it into a read of the register's own table, so a row the reader may not read
/// is neither named nor matched, as a key that does not exist. Its columns are the register's table's, some
/// qualified by the table's name: use it where that table is the innermost `FROM` item of that name and is not
/// aliased (wrap an aliased read in a derived table).
pub fn readable_rows(entry: &Entry, reader: Option<Reader>) -> Result<Option<Expr>, QueryError> {
    let Some(reader) = reader else {
        return Ok(None);
    };
    crate::readers::row_condition(entry, reader, true).map_err(|e| QueryError::ReadRule {
        entry: entry.name.clone(),
        message: e.to_string(),
    })
}

/// A condition alone as SQL with its `$n` placeholders and their values, for a statement built elsewhere (which
/// renumbers the placeholders after its own): the text of `SELECT <condition>` after the `SELECT`.
pub fn condition_sql(condition: Expr) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select.expr(condition);
    let mut sql = Sql::from_built(select.build(sea_query::PostgresQueryBuilder))?;
    sql.text = sql
        .text
        .strip_prefix("SELECT ")
        .unwrap_or(&sql.text)
        .to_owned();
    Ok(sql)
}

/// `text` with each placeholder `$n` written `$(n + by)`.
fn renumbered(text: &str, by: usize) -> String {
    if by == 0 {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(index) = rest.find('$') {
        out.push_str(&rest[..=index]);
        let digits = rest[index + 1..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        match rest[index + 1..index + 1 + digits].parse::<usize>() {
            Ok(n) => out.push_str(&(n + by).to_string()),
            Err(_) => out.push_str(&rest[index + 1..index + 1 + digits]),
        }
        rest = &rest[index + 1 + digits..];
    }
    out.push_str(rest);
    out
}

/// A read whose rows become JSON objects in the gateway ([`ReadQuery::json_source`]).
#[derive(Debug, Clone)]
pub struct JsonSource {
    pub sql: Sql,
    /// The output columns' names, in order (the JSON keys).
    pub names: Vec<String>,
    /// Per output column: `Some` when the value arrives as PostgreSQL's text of a type whose JSON is derived
    /// from that text.
    pub text_of: Vec<Option<JsonText>>,
}

/// How a value that arrives as text becomes JSON, as PostgreSQL's `to_json` would write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonText {
    /// A float's text: a JSON number when it is one (`1.5`, `-0`, `1e+300`), else a string (`"NaN"`).
    Number,
    /// A `timestamptz`'s ISO text (`2026-11-21 06:52:00.5+05:30`) in ISO 8601 form
    /// (`2026-11-21T06:52:00.5+05:30`).
    Timestamptz,
}

/// A read of one entry: which columns, which rows, in which order, which page.
#[derive(Debug, Clone)]
pub struct ReadQuery<'e> {
    pub entry: &'e Entry,
    pub columns: Vec<&'e Column>,
    /// Expressions that stand for a column instead of the column itself (a snapshot cut to what the reader may
    /// see), by column name; the output keeps the column's name.
    pub overrides: std::collections::HashMap<String, Expr>,
    /// Look-ups an override reads its display text from (see [`lookup_display`]).
    pub display_joins: Vec<DisplayJoin>,
    pub condition: Option<Expr>,
    pub order: Vec<OrderKey>,
    pub limit: Option<u64>,
    pub offset: Option<u64>,
    /// Page by primary key first: `WHERE key IN (SELECT key … ORDER BY … LIMIT … OFFSET …)`, then the page's
    /// rows. The rows skipped by the offset are then read from an index that holds the key, the order and the
    /// condition's columns (a sort index carrying the entry's `search_text`) without visiting the table.
    pub keys_first: bool,
}

impl<'e> ReadQuery<'e> {
    pub fn new(entry: &'e Entry, columns: Vec<&'e Column>) -> Self {
        ReadQuery {
            entry,
            columns,
            overrides: std::collections::HashMap::new(),
            display_joins: Vec::new(),
            condition: None,
            order: Vec::new(),
            limit: None,
            offset: None,
            keys_first: false,
        }
    }

    /// Adds a condition, AND-ed with what is there.
    pub fn and_where(&mut self, condition: Expr) {
        self.condition = Some(match self.condition.take() {
            Some(existing) => existing.and(condition),
            None => condition,
        });
    }

    /// The ordering actually used: the requested keys (or the entry's default sort), then the primary key so
    /// that pages are stable.
    pub fn effective_order(&self) -> Vec<OrderKey> {
        let mut keys = if self.order.is_empty() {
            self.entry
                .def
                .default_sort
                .iter()
                .map(|key| OrderKey {
                    column: key.column.clone(),
                    direction: key.direction,
                    nulls_first: None,
                })
                .collect()
        } else {
            self.order.clone()
        };
        let pk = &self.entry.primary_key().name;
        if !keys.iter().any(|key| &key.column == pk) {
            let direction = keys.last().map(|key| key.direction).unwrap_or_default();
            keys.push(OrderKey {
                column: pk.clone(),
                direction,
                nulls_first: None,
            });
        }
        keys
    }

    /// The look-ups the overrides read display texts from, joined to `select`.
    fn join_display(&self, select: &mut SelectStatement) {
        for join in &self.display_joins {
            select.join_lateral(
                JoinType::LeftJoin,
                join.query.clone(),
                Alias::new(join.alias.clone()),
                Expr::cust("TRUE"),
            );
        }
    }

    /// The SELECT; `column_expr` turns each column's value (the column, or its override) into the output.
    fn statement(&self, column_expr: impl Fn(&Column, Expr) -> Expr) -> SelectStatement {
        let mut select = Query::select();
        for column in &self.columns {
            let value = self
                .overrides
                .get(&column.name)
                .cloned()
                .unwrap_or_else(|| Expr::col(Alias::new(column.name.clone())));
            select.expr_as(column_expr(column, value), Alias::new(column.name.clone()));
        }
        let table = Alias::new(self.entry.table.clone());
        select.from(table.clone());
        self.join_display(&mut select);
        if self.pages_by_key() {
            let key = Alias::new(self.entry.primary_key().name.clone());
            let mut keys = Query::select();
            keys.column(key.clone()).from(table.clone());
            if let Some(condition) = &self.condition {
                keys.and_where(condition.clone());
            }
            self.order_and_page(&mut keys, &table);
            select.and_where(Expr::col(key).in_subquery(keys));
            self.order(&mut select, &table);
        } else {
            if let Some(condition) = &self.condition {
                select.and_where(condition.clone());
            }
            // The page (limit and offset) is written by `finish`.
            self.order(&mut select, &table);
        }
        select
    }

    /// Builds a [`statement`](Self::statement), its page's `LIMIT` written as a number rather than a parameter.
    /// With `LIMIT $n` PostgreSQL costs the generic plan for an unknown limit (a tenth of the rows), so it never
    /// prefers it and plans every execution again: a 50-row list ran at 70% of the throughput it has with `LIMIT
    /// 50`. The number is the compiler's (at most `MAX_ROWS` + 1), never the client's text, and lists use few
    /// page sizes, so few cached statements differ by it. (A page found keys first keeps its limit and offset as
    /// parameters inside the key subquery: those pages cost milliseconds, and offsets take every value.)
    fn finish(&self, select: SelectStatement) -> Result<Sql, QueryError> {
        let mut sql = Sql::from_built(select.build(PostgresQueryBuilder))?;
        if self.pages_by_key() {
            return Ok(sql);
        }
        if let Some(limit) = self.limit {
            sql.limit_to(limit);
        }
        if let Some(offset) = self.offset {
            let offset = i64::try_from(offset)
                .map_err(|_| QueryError::UnsupportedValue(format!("{offset} is too large")))?;
            sql.params.push(Param::Int(offset));
            sql.text.push_str(&format!(" OFFSET ${}", sql.params.len()));
        }
        Ok(sql)
    }

    /// Whether the page is found by key first (a paged read asked to): its limit and offset then sit in the key
    /// subquery, not at the end of the statement.
    fn pages_by_key(&self) -> bool {
        self.keys_first && (self.limit.is_some() || self.offset.is_some())
    }

    fn order_and_page(&self, select: &mut SelectStatement, table: &Alias) {
        self.order(select, table);
        if let Some(limit) = self.limit {
            select.limit(limit);
        }
        if let Some(offset) = self.offset {
            select.offset(offset);
        }
    }

    /// Ordered by the table's columns, qualified: an output column of the same name (a value cast to text,
    /// a neutralised CSV cell) must not change the order.
    fn order(&self, select: &mut SelectStatement, table: &Alias) {
        for key in self.effective_order() {
            let order = match key.direction {
                Direction::Asc => Order::Asc,
                Direction::Desc => Order::Desc,
            };
            // Text sorts as people read it, ignoring case ("admin" before "SECU3").
            let is_text = self
                .entry
                .column(&key.column)
                .is_some_and(|column| column.sql_type.is_text());
            let column = Expr::col((table.clone(), Alias::new(key.column)));
            let column = if is_text {
                Func::lower(column).into()
            } else {
                column
            };
            match key.nulls_first {
                Some(true) => select.order_by_expr_with_nulls(column, order, NullOrdering::First),
                Some(false) => select.order_by_expr_with_nulls(column, order, NullOrdering::Last),
                None => select.order_by_expr(column, order),
            };
        }
    }

    /// The plain SELECT (what `COPY` exports).
    pub fn select_sql(&self) -> Result<Sql, QueryError> {
        self.finish(self.statement(|_, value| value))
    }

    /// The SELECT a CSV export copies: text that a spreadsheet would read as a formula (a cell starting with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP recommends against CSV
    /// injection; other values are as stored. The test is on the first character's code against constants
    /// written into the statement: a regular expression with bound values (which `COPY` reads back with
    /// `current_setting` on every row) cost the export a third of its rate. PostgreSQL evaluates `AND` left to
    /// right, so a text starting with a letter costs one comparison.
    pub fn select_csv_sql(&self) -> Result<Sql, QueryError> {
        self.finish(self.statement(|c, value| {
            // A look-up shown by its display text is text too (someone's typed name).
            let shown_as_text = c.lookup.is_some() && self.overrides.contains_key(&c.name);
            if c.sql_type.is_text() || shown_as_text {
                let first = || Expr::from(Func::cust("ascii").arg(value.clone()));
                let formula = first()
                    .lt(Expr::Constant(i32::from(FORMULA_STARTS_BELOW).into()))
                    .and(
                        first().is_in(
                            FORMULA_STARTS
                                .iter()
                                .map(|mark| Expr::Constant(i32::from(*mark).into())),
                        ),
                    );
                let quoted = Expr::Constant("'".into())
                    .cast_as("text")
                    .concat(value.clone());
                Expr::case(formula, quoted).finally(value).into()
            } else {
                value
            }
        }))
    }

    /// Every value as text (for spreadsheet writers that take strings and know the types from the registry).
    pub fn select_text_sql(&self) -> Result<Sql, QueryError> {
        self.finish(self.statement(|_, value| value.cast_as("text")))
    }

    /// The SELECT whose rows the gateway renders as JSON objects keyed by column name, exactly as PostgreSQL's
    /// `row_to_json` would: values travel in the binary protocol and are written by the gateway, except the
    /// types whose JSON text depends on PostgreSQL's own formatting (floats: shortest round-trip digits;
    /// `timestamptz`: the session's time zone), which are cast to text here and marked in
    /// [`JsonSource::text_of`]. Rendering rows in the database (`json_agg`) cost it about 2.7× the plain SELECT.
    pub fn json_source(&self) -> Result<JsonSource, QueryError> {
        let text_of: Vec<Option<JsonText>> = self
            .columns
            .iter()
            .map(|column| {
                if self.overrides.contains_key(&column.name) {
                    return None;
                }
                match column.sql_type {
                    SqlType::Real | SqlType::Double => Some(JsonText::Number),
                    SqlType::Timestamptz => Some(JsonText::Timestamptz),
                    _ => None,
                }
            })
            .collect();
        let sql = self.finish(self.statement(|column, value| {
            let cast = !self.overrides.contains_key(&column.name)
                && matches!(
                    column.sql_type,
                    SqlType::Real | SqlType::Double | SqlType::Timestamptz
                );
            if cast {
                value.cast_as("text")
            } else {
                value
            }
        }))?;
        Ok(JsonSource {
            sql,
            names: self.columns.iter().map(|c| c.name.clone()).collect(),
            text_of,
        })
    }

    /// The rows counted, one row per value of `by` (none: one row): `SELECT by, count(*) AS "count" … GROUP BY
    /// by`, in `order` (keys naming `by`'s column or `count_name`), at most `limit` groups. A dashboard widget
    /// with `count = true` reads a register this way.
    pub fn counted_json_source(
        &self,
        by: Option<&Column>,
        count_name: &str,
        order: &[OrderKey],
    ) -> Result<JsonSource, QueryError> {
        let table = Alias::new(self.entry.table.clone());
        let mut select = Query::select();
        let mut names = Vec::new();
        let mut text_of = Vec::new();
        let value = by.map(|column| {
            let value = self
                .overrides
                .get(&column.name)
                .cloned()
                .unwrap_or_else(|| Expr::col((table.clone(), Alias::new(column.name.clone()))));
            let as_text = !self.overrides.contains_key(&column.name);
            let text = match column.sql_type {
                SqlType::Real | SqlType::Double if as_text => Some(JsonText::Number),
                SqlType::Timestamptz if as_text => Some(JsonText::Timestamptz),
                _ => None,
            };
            let shown = if text.is_some() {
                value.clone().cast_as("text")
            } else {
                value.clone()
            };
            select.expr_as(shown, Alias::new(column.name.clone()));
            names.push(column.name.clone());
            text_of.push(text);
            (column, value)
        });
        select.expr_as(Expr::cust("count(*)"), Alias::new(count_name));
        names.push(count_name.to_owned());
        text_of.push(None);
        select.from(table.clone());
        self.join_display(&mut select);
        if let Some(condition) = &self.condition {
            select.and_where(condition.clone());
        }
        if let Some((_, value)) = &value {
            select.add_group_by([value.clone()]);
        }
        for key in order {
            let direction = match key.direction {
                Direction::Asc => Order::Asc,
                Direction::Desc => Order::Desc,
            };
            let expression = match &value {
                Some((column, value)) if key.column == column.name => {
                    if column.sql_type.is_text() {
                        Func::lower(value.clone()).into()
                    } else {
                        value.clone()
                    }
                }
                _ if key.column == count_name => Expr::cust("count(*)"),
                _ => {
                    return Err(QueryError::UnknownColumn {
                        entry: self.entry.name.clone(),
                        column: key.column.clone(),
                    })
                }
            };
            select.order_by_expr(expression, direction);
        }
        let mut sql = Sql::from_built(select.build(PostgresQueryBuilder))?;
        if let Some(limit) = self.limit {
            sql.limit_to(limit);
        }
        Ok(JsonSource {
            sql,
            names,
            text_of,
        })
    }

    /// `SELECT count(*)` of the rows the condition selects (paging and order ignored).
    pub fn count_sql(&self) -> Result<Sql, QueryError> {
        Sql::from_built(self.filtered_select("count(*)").build(PostgresQueryBuilder))
    }

    /// The count of at most `cap` + 1 rows the condition selects: `SELECT count(*) FROM (SELECT 1 … LIMIT cap+1)`,
    /// so a count never reads more than `cap` + 1 rows (more than `cap` means "more than `cap`").
    /// The limit is a number in the text, for the reason [`finish`](Self::finish) gives.
    pub fn capped_count_sql(&self, cap: i64) -> Result<Sql, QueryError> {
        let mut sql = Sql::from_built(self.filtered_select("1").build(PostgresQueryBuilder))?;
        let limit = u64::try_from(cap).unwrap_or(0).saturating_add(1);
        sql.text = format!("SELECT count(*) FROM ({} LIMIT {limit}) AS \"s\"", sql.text);
        Ok(sql)
    }

    /// The planner's estimate of the same count: `EXPLAIN` of it; the top plan line carries `rows=N`.
    pub fn estimate_sql(&self) -> Result<Sql, QueryError> {
        let mut sql = Sql::from_built(self.filtered_select("1").build(PostgresQueryBuilder))?;
        sql.text = format!("EXPLAIN {}", sql.text);
        Ok(sql)
    }
}

impl ReadQuery<'_> {
    /// `SELECT <expression> FROM <table> WHERE <condition>`.
    fn filtered_select(&self, expression: &'static str) -> SelectStatement {
        let mut select = Query::select();
        select
            .expr(Expr::cust(expression))
            .from(Alias::new(self.entry.table.clone()));
        if let Some(condition) = &self.condition {
            select.and_where(condition.clone());
        }
        select
    }
}

/// Escapes `%`, `_` and `\` so that user text matches itself inside a LIKE pattern.
pub fn like_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// `column ILIKE '%word%'` (text columns) or `CAST(column AS text) ILIKE '%word%'` (others): the
/// "contains, any case" match of data-table searches.
pub fn contains(column: &Column, word: &str) -> Expr {
    let pattern = Expr::val(format!("%{}%", like_escape(word))).cast_as("text");
    let target = if column.sql_type.is_text() {
        Expr::col(Alias::new(column.name.clone()))
    } else {
        Expr::col(Alias::new(column.name.clone())).cast_as("text")
    };
    target.binary(PgBinOper::ILike, pattern)
}

/// A data table's per-column filter (`columns[i][search][value]`). The column's registry metadata decides how it
/// matches: a choice (a lookup, fixed values, a boolean or a 0/1 flag) matches exactly, a number or date takes a
/// value, comparison or range ([`crate::range_filter`]), anything else contains the text in any case. A choice value that is not of the column's type is refused.
pub fn column_search(column: &Column, value: &str) -> Result<Expr, QueryError> {
    let value = value.trim();
    let refused = |expected: &'static str| QueryError::BadFilterValue {
        column: column.name.clone(),
        expected,
        value: crate::text::quote(value),
    };
    if crate::range_filter::applies_to(column) {
        return crate::range_filter::condition(column, value).map_err(refused);
    }
    if !column.is_choice() {
        return Ok(contains(column, value));
    }
    // Fixed values match in any case ("not started" is "Not started").
    let value = if column.enum_values.is_empty() {
        value
    } else {
        column
            .enum_values
            .iter()
            .find(|choice| choice.eq_ignore_ascii_case(value))
            .ok_or_else(|| refused("one of the column's values"))?
    };
    if !crate::values::fits(column.sql_type, value) {
        return Err(refused(crate::values::expected(column.sql_type)));
    }
    Ok(Expr::col(Alias::new(column.name.clone())).eq(bound(column.sql_type, value)))
}

/// The global search of an entry with a `search_text` column: `word` in that lower-case text of every searchable
/// column, `search_text LIKE lower('%word%')` (one trigram index; a sort index can carry the column).
pub fn search_text_contains(search_text: &str, word: &str) -> Expr {
    let pattern = Func::lower(Expr::val(format!("%{}%", like_escape(word))).cast_as("text"));
    Expr::col(Alias::new(search_text)).binary(sea_query::BinOper::Like, pattern)
}

/// The global search of a data table: `word` in any of `columns` (an empty list matches nothing).
pub fn contains_any(columns: &[&Column], word: &str) -> Expr {
    columns
        .iter()
        .map(|column| contains(column, word))
        .reduce(|a, b| a.or(b))
        .unwrap_or_else(|| Expr::cust("FALSE"))
}

/// The look-up a column's values can be searched by: its entry and display column, when the display is text
/// every signed-in user may read.
fn searchable_lookup<'r>(
    registry: &'r crate::Registry,
    column: &Column,
) -> Option<(&'r Entry, &'r Column)> {
    let lookup = column.lookup.as_ref()?;
    let target = registry.entry(&lookup.entry)?;
    let display = target.readable_column(&lookup.display)?;
    (display.sql_type.is_text() && target.def.lookup && target.display.contains(&display.name))
        .then_some((target, display))
}

/// Whether two columns look up the same entry by the same display column (their keys are named and searched
/// alike).
pub fn same_lookup(a: &Column, b: &Column) -> bool {
    match (&a.lookup, &b.lookup) {
        (Some(a), Some(b)) => a.entry == b.entry && a.display == b.display,
        _ => false,
    }
}

/// Whether a data table's search matches `column` by its look-up's display text ([`lookup_keys_sql`]).
pub fn searches_by_name(registry: &crate::Registry, column: &Column) -> bool {
    searchable_lookup(registry, column).is_some()
}

/// The keys of several look-up columns' records whose display text contains `word`, in one statement: per column
/// of `columns` (each one [`searches_by_name`]; others are skipped) `(SELECT <its position> AS c, CAST(<key> AS
/// text) AS k FROM <look-up> WHERE <display> ILIKE '%word%' AND <its read rule for reader> LIMIT <limit + 1>)`,
/// joined by `UNION ALL`: a record the reader may not read is not found, so a search by name never tells that it
/// exists. Each branch keeps its own limit, so a column can still tell "more than `limit`". `None` when no column
/// qualifies.
pub fn lookup_keys_union_sql(
    registry: &crate::Registry,
    columns: &[&Column],
    word: &str,
    limit: u64,
    reader: Option<Reader>,
) -> Result<Option<Sql>, QueryError> {
    let mut parts = Vec::with_capacity(columns.len());
    for (position, column) in columns.iter().enumerate() {
        let Some((target, display)) = searchable_lookup(registry, column) else {
            continue;
        };
        let mut select = Query::select();
        select
            .expr_as(Expr::cust(position.to_string()), Alias::new("c"))
            .expr_as(
                Expr::col(Alias::new(target.def.primary_key.clone())).cast_as("text"),
                Alias::new("k"),
            )
            .from(Alias::new(target.table.clone()))
            .and_where(contains(display, word));
        if let Some(rows) = readable_rows(target, reader)? {
            select.and_where(rows);
        }
        let mut sql = Sql::from_built(select.build(PostgresQueryBuilder))?;
        sql.limit_to(limit + 1);
        parts.push(sql);
    }
    Ok(Sql::union_all(parts))
}

/// The look-up a column's keys are named by in lists and exports: its entry and display column, when that entry is
/// a look-up list whose display every signed-in user may read.
pub fn nameable_lookup<'r>(
    registry: &'r crate::Registry,
    column: &Column,
) -> Option<(&'r Entry, &'r Column)> {
    let lookup = column.lookup.as_ref()?;
    let target = registry.entry(&lookup.entry)?;
    if !target.def.lookup || !target.display.contains(&lookup.display) {
        return None;
    }
    Some((target, target.readable_column(&lookup.display)?))
}

/// One look-up to name keys of: the look-up column (its look-up decides the entry and display column) and the
/// keys, as text.
pub struct NameRead<'a> {
    pub column: &'a Column,
    pub keys: Vec<String>,
}

/// The display texts of the keys of several look-ups, in one statement: per read `SELECT <its position> AS c,
/// CAST(<key> AS text) AS k, CAST(<display> AS text) AS n FROM <look-up> WHERE <key> = ANY(CAST($n AS <key
/// type>[])) AND <display> IS NOT NULL AND <the look-up's read rule for reader>`, joined by `UNION ALL`: a key
/// whose record the reader may not read gets no name, as a key that does not exist. The keys travel as one array
/// parameter, so the statement's text depends only on the look-ups, never on how many keys a page holds (one
/// cached statement per list and kind of reader). Reads whose column is not [`nameable_lookup`], and keys not of
/// the look-up key's type, are skipped; `None` when nothing is left to read.
pub fn lookup_names_sql(
    registry: &crate::Registry,
    reads: &[NameRead<'_>],
    reader: Option<Reader>,
) -> Result<Option<Sql>, QueryError> {
    let mut parts = Vec::with_capacity(reads.len());
    for (position, read) in reads.iter().enumerate() {
        let Some((target, display)) = nameable_lookup(registry, read.column) else {
            continue;
        };
        let pk = target.primary_key();
        let keys: Vec<&str> = read
            .keys
            .iter()
            .map(String::as_str)
            .filter(|key| crate::values::fits(pk.sql_type, key))
            .collect();
        if keys.is_empty() {
            continue;
        }
        let array = Expr::val(array_literal(&keys))
            .cast_as("text")
            .cast_as(format!("{}[]", pk.sql_type.sql_name()));
        let mut select = Query::select();
        select
            .expr_as(Expr::cust(position.to_string()), Alias::new("c"))
            .expr_as(
                Expr::col(Alias::new(pk.name.clone())).cast_as("text"),
                Alias::new("k"),
            )
            .expr_as(
                Expr::col(Alias::new(display.name.clone())).cast_as("text"),
                Alias::new("n"),
            )
            .from(Alias::new(target.table.clone()))
            .and_where(Expr::col(Alias::new(pk.name.clone())).eq(PgFunc::any(array)))
            .and_where(Expr::col(Alias::new(display.name.clone())).is_not_null());
        if let Some(rows) = readable_rows(target, reader)? {
            select.and_where(rows);
        }
        parts.push(Sql::from_built(select.build(PostgresQueryBuilder))?);
    }
    Ok(Sql::union_all(parts))
}

/// PostgreSQL's array input text of `items`, each quoted (`{"1","a \"b\""}`): a value's own quotes and
/// backslashes escaped, so any text survives the cast.
fn array_literal(items: &[&str]) -> String {
    let mut text =
        String::with_capacity(items.iter().map(|item| item.len() + 3).sum::<usize>() + 2);
    text.push('{');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            text.push(',');
        }
        text.push('"');
        for c in item.chars() {
            if matches!(c, '"' | '\\') {
                text.push('\\');
            }
            text.push(c);
        }
        text.push('"');
    }
    text.push('}');
    text
}

/// A look-up column matched by the text people see (a contractor's name finds its contracts): `column IN
/// (<the keys found>)` (found by [`lookup_keys_union_sql`] with the look-up's read rule), which an index on the
/// column serves; or, when the word matched too many records, the same as a subquery, the look-up's read rule for
/// `reader` in it. `None` when the column is not searched by name or nothing was found.
pub fn lookup_match(
    registry: &crate::Registry,
    column: &Column,
    word: &str,
    keys: Option<&[String]>,
    reader: Option<Reader>,
) -> Result<Option<Expr>, QueryError> {
    let Some((target, display)) = searchable_lookup(registry, column) else {
        return Ok(None);
    };
    let own = Expr::col(Alias::new(column.name.clone()));
    Ok(Some(match keys {
        Some([]) => return Ok(None),
        Some(keys) => {
            let pk = target.primary_key();
            own.is_in(keys.iter().map(|key| crate::bind::bound(pk.sql_type, key)))
        }
        None => {
            // The look-up's own table, unaliased and innermost: its rule's columns are its own, also when it is
            // the table searched.
            let mut inner = Query::select();
            inner
                .expr(Expr::col(Alias::new(target.def.primary_key.clone())))
                .from(Alias::new(target.table.clone()))
                .and_where(contains(display, word));
            if let Some(rows) = readable_rows(target, reader)? {
                inner.and_where(rows);
            }
            own.in_subquery(inner)
        }
    }))
}

/// A look-up read beside the rows: `LEFT JOIN LATERAL (SELECT CAST(lk.<display> AS text) AS "<column>:display"
/// FROM <look-up> AS lk WHERE lk.<key> = <table>.<column>) AS "<column>:display" ON TRUE`. PostgreSQL turns it
/// into a join that reads each distinct key once (Memoize), where a subquery in the select list ran an index
/// scan per row and per use. The names hold a `:`, which no registry name may, so they clash with nothing.
#[derive(Debug, Clone)]
pub struct DisplayJoin {
    pub alias: String,
    pub query: SelectStatement,
}

/// A look-up column's display text, for exports: the expression that stands for the column and the join it
/// reads from. `None` when the column is not a look-up whose display every user may read. A record of the
/// look-up that `reader` may not read (its read rule) shows blank, as a key that does not exist: the join then
/// reads `(SELECT <key>, <display> FROM <look-up> WHERE <its rule>) AS lk`, so that the rule's columns are the
/// look-up's own (PostgreSQL flattens the derived table into the join), even when the look-up is the table
/// exported.
pub fn lookup_display(
    registry: &crate::Registry,
    table: &str,
    column: &Column,
    reader: Option<Reader>,
) -> Result<Option<(Expr, DisplayJoin)>, QueryError> {
    let Some((target, display)) = nameable_lookup(registry, column) else {
        return Ok(None);
    };
    let alias = format!("{}:display", column.name);
    let mut inner = Query::select();
    inner.expr_as(
        Expr::col((Alias::new("lk"), Alias::new(display.name.clone()))).cast_as("text"),
        Alias::new(alias.clone()),
    );
    match readable_rows(target, reader)? {
        Some(rows) => {
            let mut readable = Query::select();
            readable.column(Alias::new(target.def.primary_key.clone()));
            if display.name != target.def.primary_key {
                readable.column(Alias::new(display.name.clone()));
            }
            readable
                .from(Alias::new(target.table.clone()))
                .and_where(rows);
            inner.from_subquery(readable, Alias::new("lk"));
        }
        None => {
            inner.from_as(Alias::new(target.table.clone()), Alias::new("lk"));
        }
    }
    inner.and_where(
        Expr::col((Alias::new("lk"), Alias::new(target.def.primary_key.clone()))).eq(Expr::col((
            Alias::new(table.to_owned()),
            Alias::new(column.name.clone()),
        ))),
    );
    let value = Expr::col((Alias::new(alias.clone()), Alias::new(alias.clone())));
    Ok(Some((
        value,
        DisplayJoin {
            alias,
            query: inner,
        },
    )))
}

/// `cols` of selectall: a comma list of readable columns, or `*`/empty for all of them.
pub fn resolve_columns<'e>(entry: &'e Entry, cols: &str) -> Result<Vec<&'e Column>, QueryError> {
    let cols = cols.trim();
    if cols.is_empty() || cols == "*" {
        return Ok(entry.readable_columns().collect());
    }
    let mut chosen: Vec<&Column> = Vec::new();
    for name in cols
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
    {
        let column = entry
            .readable_column(name)
            .ok_or_else(|| QueryError::UnknownColumn {
                entry: entry.name.clone(),
                column: name.to_owned(),
            })?;
        if !chosen.iter().any(|c| c.name == column.name) {
            chosen.push(column);
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_union_renumbers_each_parts_placeholders() {
        let part = |text: &str, params: &[&str]| Sql {
            text: text.to_owned(),
            params: params
                .iter()
                .map(|p| Param::Text((*p).to_owned()))
                .collect(),
        };
        assert_eq!(Sql::union_all(Vec::new()), None);
        let union = Sql::union_all(vec![
            part("SELECT 0 WHERE a = $1 LIMIT 3", &["x"]),
            part("SELECT 1 WHERE b = $1 OR c = $2", &["y", "z"]),
            part("SELECT 2 WHERE d = $1 AND e = $10", &["p"; 10]),
        ])
        .expect("parts");
        assert_eq!(
            union.text,
            "(SELECT 0 WHERE a = $1 LIMIT 3) UNION ALL (SELECT 1 WHERE b = $2 OR c = $3) \
             UNION ALL (SELECT 2 WHERE d = $4 AND e = $13)"
        );
        assert_eq!(union.params.len(), 13);
        assert_eq!(union.params[1], Param::Text("y".into()));
    }

    #[test]
    fn array_literals_quote_every_key() {
        assert_eq!(array_literal(&["1", "22"]), r#"{"1","22"}"#);
        assert_eq!(
            array_literal(&[r#"a"b\c"#, "{x,y}", ""]),
            r#"{"a\"b\\c","{x,y}",""}"#
        );
    }
}
