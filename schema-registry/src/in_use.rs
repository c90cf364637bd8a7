//! What a refused delete tells the person: the record by its display text ("C1-V01 (Viaduct 1)") and the
//! records still pointing at it, counted, with the first few by name. The gateway reads which tables point at
//! which column from the catalogue; these build the two reads, parameterised like every other statement.

use sea_query::{Alias, Expr, ExprTrait, Order, PostgresQueryBuilder, Query};

use crate::query::{QueryError, Sql};
use crate::record::key_condition;
use crate::registry::{Column, Entry};

/// How many referring records are named in the message; the rest are counted.
pub const NAMED: u64 = 3;

/// The columns that name a row of `entry` to a person: its lookup display columns without the key, else the
/// key.
pub fn naming_columns(entry: &Entry) -> Vec<String> {
    let pk = &entry.def.primary_key;
    let named: Vec<String> = entry
        .display
        .iter()
        .filter(|name| *name != pk)
        .cloned()
        .collect();
    if named.is_empty() {
        vec![pk.clone()]
    } else {
        named
    }
}

/// `SELECT <naming columns as text> FROM <entry> WHERE <key>`.
pub fn naming_sql(entry: &Entry, key: &str) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    for name in naming_columns(entry) {
        select.expr(Expr::col(Alias::new(name)).cast_as("text"));
    }
    select
        .from(Alias::new(entry.table.clone()))
        .and_where(key_condition(entry, key));
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// The rows of `table` whose `column` holds `key` (a value of `referenced`, the key column it points at): the
/// count of all of them in each row, then the `naming` columns as text of the first [`NAMED`], in order.
pub fn referrers_sql(
    table: &str,
    column: &str,
    referenced: &Column,
    key: &str,
    naming: &[String],
) -> Result<Sql, QueryError> {
    let mut select = Query::select();
    select.expr(Expr::cust("count(*) OVER ()"));
    for name in naming {
        select.expr(Expr::col(Alias::new(name.clone())).cast_as("text"));
    }
    let value = crate::bind::bound(referenced.sql_type, key);
    select
        .from(Alias::new(table.to_owned()))
        .and_where(Expr::col(Alias::new(column.to_owned())).eq(value))
        .limit(NAMED);
    if let Some(first) = naming.first() {
        select.order_by(Alias::new(first.clone()), Order::Asc);
    }
    Sql::from_built(select.build(PostgresQueryBuilder))
}

/// A row's naming values as one text: `C1-V01 (Viaduct 1)`; the first value alone when there is one.
pub fn row_text(values: &[Option<String>]) -> String {
    let present: Vec<&str> = values.iter().flatten().map(String::as_str).collect();
    match present.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [first, rest @ ..] => format!("{first} ({})", rest.join(", ")),
    }
}

/// `3 Station records (C1-S01, C1-S02, C1-S03 and 9 more)`.
pub fn referrers_text(title: &str, count: i64, named: &[String]) -> String {
    let noun = if count == 1 { "record" } else { "records" };
    let mut list = named.join(", ");
    let more = count - named.len() as i64;
    if more > 0 && !named.is_empty() {
        list = format!("{list} and {more} more");
    }
    if list.is_empty() {
        format!("{count} {title} {noun}")
    } else {
        format!("{count} {title} {noun} ({list})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_referrers_read_as_people_say_them() {
        assert_eq!(
            row_text(&[Some("C1-V01".into()), Some("Viaduct 1".into())]),
            "C1-V01 (Viaduct 1)"
        );
        assert_eq!(row_text(&[Some("C1".into()), None]), "C1");
        assert_eq!(
            referrers_text("Station", 12, &["A".into(), "B".into(), "C".into()]),
            "12 Station records (A, B, C and 9 more)"
        );
        assert_eq!(
            referrers_text("Site", 1, &["Y1".into()]),
            "1 Site record (Y1)"
        );
        assert_eq!(referrers_text("Reminder", 2, &[]), "2 Reminder records");
    }
}
