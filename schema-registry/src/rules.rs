//! Rules over several columns of a record (`[[rules]]` of a registry file): parsed once at load with the filter
//! language's parser, evaluated on a record's values before a write (every broken rule reported, under its
//! fields), and sent to the console as a small JSON tree so that forms check the same rules before sending.
//!
//! Evaluation follows a database CHECK: a comparison with an empty value is unknown, and only a rule that is
//! false is broken.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::{json, Value as Json};

use crate::filter::tree::{Comparison, Condition, Operand, Value};
use crate::model::SqlType;
use crate::registry::{Column, Entry};
use crate::values::Decimal;

/// A rule as loaded: its parsed condition and what it says.
#[derive(Debug, Clone)]
pub struct Rule {
    pub condition: Condition,
    pub message: String,
    pub fields: Vec<String>,
    pub constraint: Option<String>,
}

impl Rule {
    /// The columns the rule's condition reads.
    pub fn columns(&self) -> Vec<&str> {
        let mut found = Vec::new();
        collect_columns(&self.condition, &mut found);
        found
    }
}

fn collect_columns<'c>(condition: &'c Condition, found: &mut Vec<&'c str>) {
    let mut add = |name: &'c str| {
        if !found.contains(&name) {
            found.push(name);
        }
    };
    match condition {
        Condition::And(a, b) | Condition::Or(a, b) => {
            collect_columns(a, found);
            collect_columns(b, found);
        }
        Condition::Not(inner) => collect_columns(inner, found),
        Condition::Compare { left, right, .. } => {
            for operand in [left, right] {
                if let Operand::Column(c) = operand {
                    add(&c.name);
                }
            }
        }
        Condition::IsNull { column, .. }
        | Condition::In { column, .. }
        | Condition::Between { column, .. }
        | Condition::Flag(column)
        | Condition::Like { column, .. } => add(&column.name),
        Condition::Constant(_) => {}
    }
}

/// A record's values by column (text as the gateway keeps them; `None` for empty).
pub type Values<'a> = HashMap<&'a str, Option<&'a str>>;

/// The rules `values` break; columns a body leaves out are unknown, so their rules are not judged.
pub fn broken<'e>(entry: &'e Entry, values: &Values<'_>) -> Vec<&'e Rule> {
    entry
        .rules()
        .iter()
        .filter(|rule| evaluate(entry, &rule.condition, values) == Some(false))
        .collect()
}

/// A condition of the filter language over `entry`'s columns (a transition's guard `check`) as the JSON tree the
/// console evaluates ([`to_json`]); `None` when it does not parse (the registry's checks refuse it at load).
pub fn condition_tree(entry: &Entry, text: &str) -> Option<Json> {
    let parsed = crate::filter::parse(text, &crate::FilterLimits::default(), &entry.name).ok()?;
    parsed.condition.as_ref().map(to_json)
}

/// The columns a condition of the filter language over `entry` reads (none when it does not parse).
pub fn condition_columns(entry: &Entry, text: &str) -> Vec<String> {
    let Ok(parsed) = crate::filter::parse(text, &crate::FilterLimits::default(), &entry.name)
    else {
        return Vec::new();
    };
    let mut found = Vec::new();
    if let Some(condition) = &parsed.condition {
        collect_columns(condition, &mut found);
    }
    found.into_iter().map(str::to_owned).collect()
}

/// The rule naming database CHECK `constraint`, if any.
pub fn for_constraint<'e>(entry: &'e Entry, constraint: &str) -> Option<&'e Rule> {
    entry
        .rules()
        .iter()
        .find(|rule| rule.constraint.as_deref() == Some(constraint))
}

/// Three-valued: `None` when a value it needs is empty or absent.
fn evaluate(entry: &Entry, condition: &Condition, values: &Values<'_>) -> Option<bool> {
    let value_of = |name: &str| values.get(name).copied().flatten();
    match condition {
        Condition::And(left, right) => {
            match (
                evaluate(entry, left, values),
                evaluate(entry, right, values),
            ) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            }
        }
        Condition::Or(left, right) => {
            match (
                evaluate(entry, left, values),
                evaluate(entry, right, values),
            ) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            }
        }
        Condition::Not(inner) => evaluate(entry, inner, values).map(|b| !b),
        Condition::Compare {
            left, op, right, ..
        } => {
            let column = match (left, right) {
                (Operand::Column(c), _) | (_, Operand::Column(c)) => entry.column(&c.name)?,
                _ => return None,
            };
            let side = |operand: &Operand| match operand {
                Operand::Column(c) => value_of(&c.name).map(str::to_owned),
                Operand::Value(v) => Some(v.literal.text()),
            };
            let ordering = compare(column, &side(left)?, &side(right)?)?;
            Some(match op {
                Comparison::Equal => ordering == Ordering::Equal,
                Comparison::NotEqual => ordering != Ordering::Equal,
                Comparison::Less => ordering == Ordering::Less,
                Comparison::LessOrEqual => ordering != Ordering::Greater,
                Comparison::Greater => ordering == Ordering::Greater,
                Comparison::GreaterOrEqual => ordering != Ordering::Less,
            })
        }
        Condition::IsNull { column, negated } => {
            if !values.contains_key(column.name.as_str()) {
                return None;
            }
            Some(value_of(&column.name).is_none() != *negated)
        }
        Condition::In {
            column,
            values: list,
            negated,
            ..
        } => {
            let definition = entry.column(&column.name)?;
            let value = value_of(&column.name)?;
            let found = list.iter().any(|item: &Value| {
                compare(definition, value, &item.literal.text()) == Some(Ordering::Equal)
            });
            Some(found != *negated)
        }
        Condition::Between {
            column,
            low,
            high,
            negated,
            ..
        } => {
            let definition = entry.column(&column.name)?;
            let value = value_of(&column.name)?;
            let inside = compare(definition, value, &low.literal.text())? != Ordering::Less
                && compare(definition, value, &high.literal.text())? != Ordering::Greater;
            Some(inside != *negated)
        }
        Condition::Constant(flag) => Some(*flag),
        Condition::Flag(column) => value_of(&column.name).map(|v| matches!(v, "true" | "t" | "1")),
        // Patterns are the field rules' business; a rule with LIKE is left to the database.
        Condition::Like { .. } => None,
    }
}

/// Two values of `column`'s type, compared as that type.
fn compare(column: &Column, a: &str, b: &str) -> Option<Ordering> {
    if column.sql_type.is_number() {
        return Some(Decimal::parse(a.trim())?.cmp(&Decimal::parse(b.trim())?));
    }
    match column.sql_type {
        // ISO dates and times order as text. A default of "today" is the database's day, not known here: the
        // rule is left to the database's CHECK.
        SqlType::Date | SqlType::Time | SqlType::Timestamp | SqlType::Timestamptz => {
            let iso = |v: &str| v.trim().starts_with(|c: char| c.is_ascii_digit());
            (iso(a) && iso(b)).then(|| a.trim().cmp(b.trim()))
        }
        SqlType::Boolean => {
            let truth = |v: &str| matches!(v.trim(), "true" | "t" | "1" | "yes");
            Some(truth(a).cmp(&truth(b)))
        }
        _ => Some(a.cmp(b)),
    }
}

/// The condition as the console evaluates it: `{"and": [..]}`, `{"or": [..]}`, `{"not": ..}`,
/// `{"op": ">=", "left": {"column": "d_end"}, "right": {"value": "2026-01-01"}}`, `{"is_null": "c", "negated": b}`,
/// `{"in": "c", "values": [..], "negated": b}`, `{"between": "c", "low": "1", "high": "9", "negated": b}`,
/// `{"constant": b}`, `{"flag": "c"}`; values are text, compared as their column's type; anything else
/// (`{"unknown": true}`) is left to the server.
pub fn to_json(condition: &Condition) -> Json {
    let operand = |operand: &Operand| match operand {
        Operand::Column(c) => json!({"column": c.name}),
        Operand::Value(v) => json!({"value": v.literal.text()}),
    };
    match condition {
        Condition::And(a, b) => json!({"and": [to_json(a), to_json(b)]}),
        Condition::Or(a, b) => json!({"or": [to_json(a), to_json(b)]}),
        Condition::Not(inner) => json!({"not": to_json(inner)}),
        Condition::Compare {
            left, op, right, ..
        } => {
            let op = match op {
                Comparison::Equal => "=",
                Comparison::NotEqual => "<>",
                Comparison::Less => "<",
                Comparison::LessOrEqual => "<=",
                Comparison::Greater => ">",
                Comparison::GreaterOrEqual => ">=",
            };
            json!({"op": op, "left": operand(left), "right": operand(right)})
        }
        Condition::IsNull { column, negated } => {
            json!({"is_null": column.name, "negated": negated})
        }
        Condition::In {
            column,
            values,
            negated,
            ..
        } => json!({
            "in": column.name,
            "values": values.iter().map(|v| v.literal.text()).collect::<Vec<_>>(),
            "negated": negated
        }),
        Condition::Between {
            column,
            low,
            high,
            negated,
            ..
        } => json!({
            "between": column.name,
            "low": low.literal.text(),
            "high": high.literal.text(),
            "negated": negated
        }),
        Condition::Constant(flag) => json!({ "constant": flag }),
        Condition::Flag(column) => json!({ "flag": column.name }),
        Condition::Like { .. } => json!({"unknown": true}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    const CONTRACT: &str = r#"
title = "Contract"
read_only = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "d_start"
type = "date"
label = "Start date"
[[columns]]
name = "d_completion"
type = "date"
label = "Scheduled completion"
[[columns]]
name = "n_from"
type = "numeric"
label = "From"
[[columns]]
name = "n_to"
type = "numeric"
label = "To"

[[rules]]
check = "d_completion >= d_start"
message = "Scheduled completion must be on or after the start date"
fields = ["d_completion"]
constraint = "contract_check"

[[rules]]
check = "n_to >= n_from"
message = "To must not be less than From"
fields = ["n_to"]
"#;

    #[test]
    fn rules_break_only_when_false_and_compare_as_their_column_type() {
        let registry = Registry::from_sources(&[("c.toml", "contract", CONTRACT)]).expect("valid");
        let entry = registry.entry("contract").unwrap();
        let judge = |pairs: &[(&'static str, Option<&'static str>)]| -> Vec<String> {
            let values: Values = pairs.iter().copied().collect();
            broken(entry, &values)
                .iter()
                .map(|r| r.message.clone())
                .collect()
        };
        assert_eq!(
            judge(&[
                ("d_start", Some("2026-05-01")),
                ("d_completion", Some("2026-04-30"))
            ]),
            ["Scheduled completion must be on or after the start date"]
        );
        assert!(judge(&[("d_start", Some("2026-05-01")), ("d_completion", None)]).is_empty());
        assert!(
            judge(&[("d_completion", Some("2020-01-01"))]).is_empty(),
            "the start is unknown"
        );
        // 9 < 10 as numbers, though "9" > "10" as text.
        assert_eq!(
            judge(&[("n_from", Some("10")), ("n_to", Some("9"))]),
            ["To must not be less than From"]
        );
        assert!(judge(&[("n_from", Some("9")), ("n_to", Some("10.5"))]).is_empty());
        // A date defaulted to "today" (the database's day) is left to the database's CHECK.
        assert!(judge(&[
            ("d_start", Some("today")),
            ("d_completion", Some("2026-04-30"))
        ])
        .is_empty());
        assert_eq!(
            for_constraint(entry, "contract_check").map(|r| r.fields.clone()),
            Some(vec!["d_completion".to_owned()])
        );
        assert_eq!(
            to_json(&entry.rules()[0].condition),
            json!({"op": ">=", "left": {"column": "d_completion"}, "right": {"column": "d_start"}})
        );
    }
}
