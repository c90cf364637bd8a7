//! [`Filter`] + entry → sea-query. Column names are resolved against the entry's readable columns (the only
//! identifiers that reach SQL), literals are checked against the column's type and bound as parameters (text,
//! cast on the server), and each operator maps to SQL in one exhaustive `match`.

use sea_query::extension::postgres::PgBinOper;
use sea_query::{BinOper, Expr, ExprTrait};

use super::outcome::{CompiledFilter, FilterError, OrderKey, Result};
use super::tree::{ColumnName, Comparison, Condition, Filter, Operand, Value};
use crate::model::SqlType;
use crate::registry::{Column, Entry};
use crate::values;

/// Columns PostgreSQL adds to every table; never registered, named specially in messages.
const SYSTEM_COLUMNS: &[&str] = &["ctid", "xmin", "xmax", "cmin", "cmax", "tableoid", "oid"];

pub fn compile(entry: &Entry, filter: &Filter) -> Result<CompiledFilter> {
    let compiler = Compiler { entry };
    let condition = filter
        .condition
        .as_ref()
        .map(|condition| compiler.condition(condition))
        .transpose()?;
    let mut order = Vec::with_capacity(filter.order.len());
    for term in &filter.order {
        let column = compiler.column(&term.column)?;
        if !column.sortable {
            return Err(FilterError::new(
                format!("`{}` is not sortable", column.name),
                term.column.at,
            ));
        }
        order.push(OrderKey {
            column: column.name.clone(),
            direction: term.direction,
            nulls_first: term.nulls_first,
        });
    }
    Ok(CompiledFilter {
        condition,
        order,
        limit: filter.limit,
        offset: filter.offset,
    })
}

struct Compiler<'e> {
    entry: &'e Entry,
}

impl<'e> Compiler<'e> {
    fn condition(&self, condition: &Condition) -> Result<Expr> {
        Ok(match condition {
            Condition::And(left, right) => self.condition(left)?.and(self.condition(right)?),
            Condition::Or(left, right) => self.condition(left)?.or(self.condition(right)?),
            Condition::Not(inner) => self.condition(inner)?.not(),
            Condition::Compare {
                left,
                op,
                right,
                at,
            } => self.comparison(left, *op, right, *at)?,
            Condition::IsNull { column, negated } => {
                let col = Expr::col(self.column(column)?.name.clone());
                if *negated {
                    col.is_not_null()
                } else {
                    col.is_null()
                }
            }
            Condition::Like {
                column,
                pattern,
                case_insensitive,
                negated,
            } => {
                let resolved = self.column(column)?;
                if !resolved.sql_type.is_text() {
                    let word = if *case_insensitive { "ILIKE" } else { "LIKE" };
                    return Err(FilterError::new(
                        format!(
                            "{word} needs a text column; `{}` is not text",
                            resolved.name
                        ),
                        column.at,
                    ));
                }
                let col = Expr::col(resolved.name.clone());
                let value = Expr::val(pattern.clone()).cast_as("text");
                match (case_insensitive, negated) {
                    (false, false) => col.binary(BinOper::Like, value),
                    (false, true) => col.binary(BinOper::NotLike, value),
                    (true, false) => col.binary(PgBinOper::ILike, value),
                    (true, true) => col.binary(PgBinOper::NotILike, value),
                }
            }
            Condition::In {
                column,
                values,
                negated,
                ..
            } => {
                let column = self.column(column)?;
                let values = values
                    .iter()
                    .map(|value| bind(value, column))
                    .collect::<Result<Vec<_>>>()?;
                let op = if *negated {
                    BinOper::NotIn
                } else {
                    BinOper::In
                };
                Expr::col(column.name.clone()).binary(op, Expr::Tuple(values))
            }
            Condition::Between {
                column,
                low,
                high,
                negated,
                at,
            } => {
                let column = self.column(column)?;
                if !column.sql_type.is_ordered() {
                    return Err(FilterError::new(
                        format!("`{}` cannot be compared with BETWEEN", column.name),
                        *at,
                    ));
                }
                let (low, high) = (bind(low, column)?, bind(high, column)?);
                let col = Expr::col(column.name.clone());
                if *negated {
                    col.not_between(low, high)
                } else {
                    col.between(low, high)
                }
            }
            Condition::Constant(true) => Expr::cust("TRUE"),
            Condition::Constant(false) => Expr::cust("FALSE"),
            Condition::Flag(name) => {
                let column = self.column(name)?;
                if column.sql_type != SqlType::Boolean {
                    return Err(FilterError::new(
                        format!(
                            "`{}` is not a yes/no column; compare it with a value",
                            column.name
                        ),
                        name.at,
                    ));
                }
                Expr::col(column.name.clone())
            }
        })
    }

    fn comparison(
        &self,
        left: &Operand,
        op: Comparison,
        right: &Operand,
        at: Option<super::tree::Position>,
    ) -> Result<Expr> {
        let (lhs, rhs) = match (left, right) {
            (Operand::Column(name), Operand::Value(value)) => {
                let column = self.comparable(name, at)?;
                (Expr::col(column.name.clone()), bind(value, column)?)
            }
            (Operand::Value(value), Operand::Column(name)) => {
                let column = self.comparable(name, at)?;
                (bind(value, column)?, Expr::col(column.name.clone()))
            }
            (Operand::Column(a), Operand::Column(b)) => {
                let a = self.comparable(a, at)?;
                let b = self.column(b)?;
                let same_kind = a.sql_type.compatible_with(b.sql_type)
                    || (a.sql_type.is_number() && b.sql_type.is_number());
                if !same_kind {
                    return Err(FilterError::new(
                        format!(
                            "`{}` and `{}` hold different kinds of values and cannot be compared",
                            a.name, b.name
                        ),
                        at,
                    ));
                }
                (Expr::col(a.name.clone()), Expr::col(b.name.clone()))
            }
            // The parser refuses two constants; a tree built by hand gets the same answer.
            (Operand::Value(a), Operand::Value(b)) => {
                return Err(FilterError::new(
                    format!(
                        "{} and {} are both constants; a condition compares a column (leave whrc empty for every row)",
                        a.literal.describe(),
                        b.literal.describe()
                    ),
                    a.at,
                ))
            }
        };
        let op = match op {
            Comparison::Equal => BinOper::Equal,
            Comparison::NotEqual => BinOper::NotEqual,
            Comparison::Less => BinOper::SmallerThan,
            Comparison::LessOrEqual => BinOper::SmallerThanOrEqual,
            Comparison::Greater => BinOper::GreaterThan,
            Comparison::GreaterOrEqual => BinOper::GreaterThanOrEqual,
        };
        Ok(lhs.binary(op, rhs))
    }

    /// The column of a comparison: anything but JSON, which only `IS [NOT] NULL` can test.
    fn comparable(
        &self,
        name: &ColumnName,
        at: Option<super::tree::Position>,
    ) -> Result<&'e Column> {
        let column = self.column(name)?;
        if matches!(column.sql_type, SqlType::Json | SqlType::Jsonb) {
            return Err(FilterError::new(
                format!(
                    "`{}` holds JSON; only IS [NOT] NULL can test it",
                    column.name
                ),
                at,
            ));
        }
        Ok(column)
    }

    /// The entry's readable column `name`; a qualifier must name the entry (or its table).
    fn column(&self, name: &ColumnName) -> Result<&'e Column> {
        if let Some(qualifier) = &name.qualifier {
            if ![self.entry.name.as_str(), self.entry.table.as_str()]
                .contains(&qualifier.name.as_str())
            {
                return Err(FilterError::new(
                    format!(
                        "`{}` refers to another table; a filter may use only columns of `{}`",
                        qualifier.written, self.entry.name
                    ),
                    qualifier.at,
                ));
            }
        }
        self.entry.readable_column(&name.name).ok_or_else(|| {
            let reason = if SYSTEM_COLUMNS.contains(&name.name.as_str()) {
                format!(
                    "`{}` is a system column; a filter may use only registered columns",
                    name.name
                )
            } else {
                format!("unknown column `{}` in `{}`", name.name, self.entry.name)
            };
            FilterError::new(reason, name.at)
        })
    }
}

/// `value` as a bind parameter of `column`'s type: sent as text and cast on the server, after a check here that
/// gives a clear message instead of a database error.
fn bind(value: &Value, column: &Column) -> Result<Expr> {
    let text = value.literal.text();
    if !values::fits(column.sql_type, &text) {
        return Err(FilterError::new(
            format!(
                "{} is not {} for column `{}`",
                value.literal.describe(),
                values::expected(column.sql_type),
                column.name
            ),
            value.at,
        ));
    }
    Ok(crate::bind::bound(column.sql_type, &text))
}

#[cfg(test)]
mod tests {
    use sea_query::{Alias, PostgresQueryBuilder, Query};

    use super::*;
    use crate::filter::tree::{Literal, Position};
    use crate::registry::Registry;

    const WORKS: &str = r#"
title = "Works"
read_only = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "n_qty"
type = "numeric"
label = "Quantity"
[[columns]]
name = "c_meta"
type = "jsonb"
label = "Meta"
sortable = false
"#;

    fn name(name: &str) -> ColumnName {
        ColumnName {
            name: name.into(),
            qualifier: None,
            at: Some(Position { line: 1, column: 1 }),
        }
    }

    fn number(text: &str) -> Value {
        Value {
            literal: Literal::Number(text.into()),
            at: Some(Position { line: 1, column: 9 }),
        }
    }

    fn sql(entry: &Entry, condition: Condition) -> Result<String> {
        let filter = Filter {
            condition: Some(condition),
            ..Filter::default()
        };
        let compiled = compile(entry, &filter)?;
        let mut select = Query::select();
        select.column(Alias::new("id")).from(Alias::new("works"));
        if let Some(condition) = compiled.condition {
            select.and_where(condition);
        }
        Ok(select.to_string(PostgresQueryBuilder))
    }

    #[test]
    fn a_tree_built_by_hand_compiles_against_the_entry() {
        let registry = Registry::from_sources(&[("works.toml", "works", WORKS)]).expect("valid");
        let entry = registry.entry("works").expect("works");
        let between = Condition::Between {
            column: name("n_qty"),
            low: number("1.5"),
            high: number("10"),
            negated: false,
            at: None,
        };
        assert_eq!(
            sql(entry, between).expect("compiles"),
            r#"SELECT "id" FROM "works" WHERE "n_qty" BETWEEN CAST(CAST('1.5' AS text) AS numeric) AND CAST(CAST('10' AS text) AS numeric)"#
        );
        let unknown = Condition::IsNull {
            column: name("nosuch"),
            negated: false,
        };
        assert_eq!(
            sql(entry, unknown).expect_err("unknown").to_string(),
            "unknown column `nosuch` in `works` (at position 1)"
        );
        let json = Condition::Compare {
            left: Operand::Column(name("c_meta")),
            op: Comparison::Equal,
            right: Operand::Value(number("1")),
            at: Some(Position { line: 1, column: 1 }),
        };
        assert_eq!(
            sql(entry, json).expect_err("json").to_string(),
            "`c_meta` holds JSON; only IS [NOT] NULL can test it (at position 1)"
        );
        let text_for_number = Condition::In {
            column: name("n_qty"),
            values: vec![Value {
                literal: Literal::Text("many".into()),
                at: Some(Position {
                    line: 1,
                    column: 12,
                }),
            }],
            negated: false,
            at: None,
        };
        assert_eq!(
            sql(entry, text_for_number).expect_err("type").to_string(),
            "'many' is not a number for column `n_qty` (at position 12)"
        );
    }
}
