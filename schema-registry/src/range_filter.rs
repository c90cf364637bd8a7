//! The per-column filter of number and date columns: a value, a comparison or a range, as people type them
//! (`20`, `>20`, `<=7.5`, `10..20`, `10..`, `..20`; `2026`, `2026-03`, `2026-03-15`, `>2026-01-15`,
//! `2026-01..2026-03`). A date filter names periods: a year, a month or a day, each covering all of its days,
//! so `2026-01..2026-03` is 1 January to 31 March inclusive.

use sea_query::{Alias, Expr, ExprTrait};

use crate::model::SqlType;
use crate::registry::Column;
use crate::values;

/// What a number filter accepts, for messages and hints.
pub const NUMBER_FORMS: &str = "a number, a comparison such as >20 or a range such as 10..20";
/// What a date filter accepts, for messages and hints.
pub const DATE_FORMS: &str =
    "a date, month or year (2026-03-15, 2026-03, 2026), a comparison such as >2026-01-15 or a range such as 2026-01..2026-03";

/// Whether `column` is filtered by [`condition`] (numbers and dates that are not choices).
pub fn applies_to(column: &Column) -> bool {
    !column.is_choice() && (column.sql_type.is_number() || is_dated(column.sql_type))
}

fn is_dated(ty: SqlType) -> bool {
    matches!(
        ty,
        SqlType::Date | SqlType::Timestamp | SqlType::Timestamptz
    )
}

/// The condition `text` asks of `column`, or what the filter accepts when it is not understood.
pub fn condition(column: &Column, text: &str) -> Result<Expr, &'static str> {
    let text = text.trim();
    let (forms, bound): (&'static str, fn(&str) -> Option<Bounds>) = if is_dated(column.sql_type) {
        (DATE_FORMS, period)
    } else {
        (NUMBER_FORMS, number)
    };
    let target = || Expr::col(Alias::new(column.name.clone()));
    if let Some((low, high)) = text.split_once("..") {
        let (low, high) = (low.trim(), high.trim());
        if low.is_empty() && high.is_empty() {
            return Err(forms);
        }
        let mut parts = Vec::new();
        if !low.is_empty() {
            parts.push(target().gte(bound(low).ok_or(forms)?.start));
        }
        if !high.is_empty() {
            parts.push(bound(high).ok_or(forms)?.after_end(target()));
        }
        return Ok(all(parts));
    }
    let (operator, rest) = [">=", "<=", ">", "<", "="]
        .iter()
        .find_map(|op| text.strip_prefix(op).map(|rest| (*op, rest.trim())))
        .unwrap_or(("=", text));
    let bounds = bound(rest).ok_or(forms)?;
    Ok(match operator {
        ">=" => target().gte(bounds.start),
        "<" => target().lt(bounds.start),
        ">" => bounds.past_end(target()),
        "<=" => bounds.after_end(target()),
        _ => all(vec![
            target().gte(bounds.start.clone()),
            bounds.after_end(target()),
        ]),
    })
}

fn all(parts: Vec<Expr>) -> Expr {
    parts
        .into_iter()
        .reduce(|a, b| a.and(b))
        .unwrap_or_else(|| Expr::cust("TRUE"))
}

/// The values a typed number or period covers: from `start` (inclusive) to its end.
struct Bounds {
    start: Expr,
    /// A period's first day after it (`None` for a number, which ends where it starts).
    next: Option<Expr>,
}

impl Bounds {
    /// `target` is at most the end: `<= number`, or `< the next period`.
    fn after_end(&self, target: Expr) -> Expr {
        match &self.next {
            Some(next) => target.lt(next.clone()),
            None => target.lte(self.start.clone()),
        }
    }

    /// `target` is beyond the end: `> number`, or `>= the next period`.
    fn past_end(&self, target: Expr) -> Expr {
        match &self.next {
            Some(next) => target.gte(next.clone()),
            None => target.gt(self.start.clone()),
        }
    }
}

/// A number, bound as text and compared as `numeric` (exact for every number column).
fn number(text: &str) -> Option<Bounds> {
    values::is_decimal(text).then(|| Bounds {
        start: crate::bind::bound(SqlType::Numeric, text),
        next: None,
    })
}

/// `2026`, `2026-03` or `2026-03-15`: its first day and the first day after it.
fn period(text: &str) -> Option<Bounds> {
    let (first, step) = match text.len() {
        4 if text.chars().all(|c| c.is_ascii_digit()) => (format!("{text}-01-01"), "1 year"),
        7 => (format!("{text}-01"), "1 month"),
        10 => (text.to_owned(), "1 day"),
        _ => return None,
    };
    if !values::is_iso_date(&first) {
        return None;
    }
    let start = crate::bind::bound(SqlType::Date, &first);
    // The step is one of three constants above, never the client's text.
    let next = Expr::cust_with_exprs(format!("$1 + interval '{step}'"), [start.clone()]);
    Some(Bounds {
        start,
        next: Some(next),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ColumnDef;
    use sea_query::{PostgresQueryBuilder, Query};

    fn column(name: &str, ty: &str) -> ColumnDef {
        toml::from_str(&format!(
            "name = \"{name}\"\ntype = \"{ty}\"\nlabel = \"L\""
        ))
        .unwrap()
    }

    fn sql(column: &ColumnDef, text: &str) -> Result<String, &'static str> {
        let condition = condition(column, text)?;
        let (sql, values) = Query::select()
            .expr(Expr::cust("1"))
            .and_where(condition)
            .build(PostgresQueryBuilder);
        let shown: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
        Ok(format!(
            "{} {}",
            sql.trim_start_matches("SELECT 1 WHERE "),
            shown.join(" ")
        ))
    }

    #[test]
    fn numbers_take_values_comparisons_and_ranges() {
        let km = column("n_km", "numeric");
        for (typed, expected_sql) in [
            (
                "20",
                r#""n_km" >= CAST(CAST($1 AS text) AS numeric) AND "n_km" <= CAST(CAST($2 AS text) AS numeric)"#,
            ),
            (">20", r#""n_km" > CAST(CAST($1 AS text) AS numeric)"#),
            (">= 7.5", r#""n_km" >= CAST(CAST($1 AS text) AS numeric)"#),
            ("<3", r#""n_km" < CAST(CAST($1 AS text) AS numeric)"#),
            (
                "10..20",
                r#""n_km" >= CAST(CAST($1 AS text) AS numeric) AND "n_km" <= CAST(CAST($2 AS text) AS numeric)"#,
            ),
            ("..20", r#""n_km" <= CAST(CAST($1 AS text) AS numeric)"#),
        ] {
            let found = sql(&km, typed).unwrap();
            assert!(found.starts_with(expected_sql), "{typed}: {found}");
        }
        for wrong in ["twenty", ">", "..", "1..x", "1; DROP"] {
            assert_eq!(sql(&km, wrong), Err(NUMBER_FORMS), "{wrong}");
        }
    }

    #[test]
    fn dates_take_periods_comparisons_and_ranges() {
        let day = column("d_on", "date");
        let found = sql(&day, "2026-01..2026-03").unwrap();
        assert!(
            found.starts_with(r#""d_on" >= CAST(CAST($1 AS text) AS date) AND "d_on" < (CAST(CAST($2 AS text) AS date) + interval '1 month')"#),
            "{found}"
        );
        assert!(
            found.contains("2026-01-01") && found.contains("2026-03-01"),
            "{found}"
        );
        let found = sql(&day, ">2026-01-15").unwrap();
        assert!(
            found.contains(">= (CAST") && found.contains("interval '1 day'"),
            "{found}"
        );
        let found = sql(&day, "2026").unwrap();
        assert!(
            found.contains("interval '1 year'") && found.contains("2026-01-01"),
            "{found}"
        );
        for wrong in ["2026-13", "2026-02-30", "26-01", "yesterday", "2026-01-15x"] {
            assert_eq!(sql(&day, wrong), Err(DATE_FORMS), "{wrong}");
        }
    }
}
