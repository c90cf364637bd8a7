//! A register's rows as a report (custom reports): the chosen columns, or the rows grouped by columns with
//! counts, sums and averages, ordered by any of them, every value as text. Built on a [`ReadQuery`]'s entry,
//! columns, display joins and condition, so a report reads exactly the rows and columns a list of the register
//! would; identifiers come from the registry, values are bind parameters.

use sea_query::{Alias, Expr, ExprTrait, Func, JoinType, Order, PostgresQueryBuilder, Query};

use crate::model::{Direction, SqlType};
use crate::query::{QueryError, ReadQuery, Sql};
use crate::registry::Column;

/// What a measure computes over each group's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    Count,
    Sum,
    Average,
}

/// One computed column of a grouped report: a count of rows, or the sum or average of a number column.
#[derive(Debug, Clone, Copy)]
pub struct Measure<'e> {
    pub aggregate: Aggregate,
    /// The column summed or averaged (`None` for a count).
    pub column: Option<&'e Column>,
}

/// What a report is ordered by: one of its columns (by index in `read.columns`) or one of its measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryKey {
    Column(usize),
    Measure(usize),
}

/// Averages keep this many decimals.
pub const AVERAGE_DECIMALS: i32 = 2;

pub struct Summary<'e> {
    /// The entry, the columns shown (or grouped by), the look-ups shown by name and the row condition.
    pub read: ReadQuery<'e>,
    /// Group the rows by `read.columns` (with the measures); otherwise one output row per record.
    pub grouped: bool,
    pub measures: Vec<Measure<'e>>,
    pub order: Vec<(SummaryKey, Direction)>,
    /// At most this many rows (a number in the text: the compiler's constant, never the client's).
    pub limit: u64,
}

impl Summary<'_> {
    /// `SELECT value::text … FROM … WHERE … [GROUP BY …] ORDER BY … LIMIT n`.
    pub fn sql(&self) -> Result<Sql, QueryError> {
        let read = &self.read;
        let table = Alias::new(read.entry.table.clone());
        let values: Vec<Expr> = read
            .columns
            .iter()
            .map(|column| {
                read.overrides
                    .get(&column.name)
                    .cloned()
                    .unwrap_or_else(|| Expr::col((table.clone(), Alias::new(column.name.clone()))))
            })
            .collect();
        let measures: Vec<Expr> = self.measures.iter().map(|m| measure(&table, m)).collect();

        let mut select = Query::select();
        for (index, (value, column)) in values.iter().zip(&read.columns).enumerate() {
            // A time to the minute, as people read it (its text would carry seconds and the zone offset).
            let timed = matches!(column.sql_type, SqlType::Timestamp | SqlType::Timestamptz)
                && !read.overrides.contains_key(&column.name);
            let text = if timed {
                Func::cust("to_char")
                    .arg(value.clone())
                    .arg(Expr::cust("'YYYY-MM-DD HH24:MI'"))
                    .into()
            } else {
                value.clone().cast_as("text")
            };
            select.expr_as(text, Alias::new(format!("c{index}")));
        }
        for (index, value) in measures.iter().enumerate() {
            select.expr_as(
                value.clone().cast_as("text"),
                Alias::new(format!("m{index}")),
            );
        }
        select.from(table.clone());
        for join in &read.display_joins {
            select.join_lateral(
                JoinType::LeftJoin,
                join.query.clone(),
                Alias::new(join.alias.clone()),
                Expr::cust("TRUE"),
            );
        }
        if let Some(condition) = &read.condition {
            select.and_where(condition.clone());
        }
        if self.grouped && !values.is_empty() {
            select.add_group_by(values.clone());
        }
        for (key, direction) in &self.order {
            let order = match direction {
                Direction::Asc => Order::Asc,
                Direction::Desc => Order::Desc,
            };
            let value = match *key {
                SummaryKey::Column(index) => {
                    let Some(value) = values.get(index) else {
                        continue;
                    };
                    // Text sorts as people read it, ignoring case; a look-up by the name shown.
                    let column = read.columns[index];
                    let text = column.sql_type.is_text()
                        || (column.lookup.is_some() && read.overrides.contains_key(&column.name));
                    if text {
                        Func::lower(value.clone()).into()
                    } else {
                        value.clone()
                    }
                }
                SummaryKey::Measure(index) => match measures.get(index) {
                    Some(value) => value.clone(),
                    None => continue,
                },
            };
            select.order_by_expr(value, order);
        }
        if !self.grouped {
            // Rows of equal sort values keep one order from run to run.
            let key = Expr::col((
                table.clone(),
                Alias::new(read.entry.primary_key().name.clone()),
            ));
            select.order_by_expr(key, Order::Asc);
        }
        let mut sql = Sql::from_built(select.build(PostgresQueryBuilder))?;
        sql.text.push_str(&format!(" LIMIT {}", self.limit));
        Ok(sql)
    }
}

fn measure(table: &Alias, measure: &Measure<'_>) -> Expr {
    let column =
        |column: &Column| -> Expr { Expr::col((table.clone(), Alias::new(column.name.clone()))) };
    match (measure.aggregate, measure.column) {
        (Aggregate::Count, _) | (_, None) => Expr::cust("count(*)"),
        (Aggregate::Sum, Some(c)) => Func::sum(column(c)).into(),
        // The decimals as a constant in the text: a bound integer would travel as int8, and PostgreSQL has no
        // round(numeric, bigint).
        (Aggregate::Average, Some(c)) => Func::cust("round")
            .arg(Expr::from(Func::avg(column(c))).cast_as("numeric"))
            .arg(Expr::cust(AVERAGE_DECIMALS.to_string()))
            .into(),
    }
}
