//! The dashboard service (`GET /api/dashboard`): runs the reads the compile stage planned (one per distinct read of
//! a view, shared by the widgets that read it the same way) on one pooled connection, pipelined, and fills in each
//! widget's rows with its own columns; `sum = true` widgets are summed here (their view keeps one row per package,
//! so a reader of several packages sees them together).

use futures_util::future::try_join_all;
use serde_json::{Map, Number, Value};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::dashboard::{self, Dashboard, Narrowing, Summing};
use crate::pipeline::execute;
use crate::state::AppState;

/// The dashboard at `route` as the caller may read it, narrowed as `query` asks (a package, programme levels).
pub async fn read(
    state: &AppState,
    caller: &Caller,
    route: &str,
    query: &[(String, String)],
) -> Result<Dashboard, ApiError> {
    let narrowing = dashboard::narrowing(&state.registry, query)?;
    read_narrowed(state, caller, route, &narrowing).await
}

/// The dashboard at `route` as the caller may read it, narrowed to `narrowing`.
pub async fn read_narrowed(
    state: &AppState,
    caller: &Caller,
    route: &str,
    narrowing: &Narrowing,
) -> Result<Dashboard, ApiError> {
    let file = dashboard::find(&state.registry, route)?;
    // A dashboard listed inside another screen is read with that screen's grant.
    crate::pipeline::authorise::screen(caller, file.def.within.as_deref().unwrap_or(route))?;
    let reads = dashboard::reads(&state.registry, file, caller, narrowing)?;
    let answers = state
        .stale_read(async |client| {
            try_join_all(
                reads
                    .sources
                    .iter()
                    .map(|source| execute::json_array(&client, source)),
            )
            .await
        })
        .await?;
    let mut shared = Vec::with_capacity(answers.len());
    for (rows, _count) in answers {
        let rows: Vec<Value> = serde_json::from_str(&rows).map_err(execute::internal)?;
        shared.push(rows);
    }
    let mut widgets = Vec::with_capacity(reads.widgets.len());
    for read in reads.widgets {
        let rows = shared
            .get(read.source)
            .map(|rows| own_columns(rows, &read.columns))
            .unwrap_or_default();
        let mut widget = read.widget;
        widget.rows = match &read.sum {
            Some(summing) => summed(rows, summing),
            None => rows,
        };
        widgets.push(widget);
    }
    Ok(Dashboard {
        route: route.to_owned(),
        title: file.def.title.clone(),
        filters: dashboard::filters(&state.registry)?,
        widgets,
    })
}

/// A widget's copy of shared rows: only its own columns.
fn own_columns(rows: &[Value], columns: &[String]) -> Vec<Value> {
    rows.iter()
        .map(|row| {
            let kept: Map<String, Value> = columns
                .iter()
                .filter_map(|name| row.get(name).map(|value| (name.clone(), value.clone())))
                .collect();
            Value::Object(kept)
        })
        .collect()
}

/// Rows summed by `summing.by` (none: into one row), first-seen order kept. The summed columns are added up (an
/// empty value adds nothing); another column stays only where the group's rows that have a value agree on it (a
/// row without one, such as a view's row of counts alone, neither changes nor removes it).
fn summed(rows: Vec<Value>, summing: &Summing) -> Vec<Value> {
    // Each group: its key, its row so far, and the columns its rows disagreed on.
    let mut groups: Vec<(Value, Map<String, Value>, Vec<String>)> = Vec::new();
    for row in rows {
        let Value::Object(row) = row else { continue };
        let key = summing
            .by
            .as_ref()
            .and_then(|by| row.get(by).cloned())
            .unwrap_or(Value::Null);
        match groups.iter_mut().find(|(k, _, _)| *k == key) {
            None => groups.push((key, row, Vec::new())),
            Some((_, total, differing)) => {
                for (name, value) in row {
                    if summing.columns.contains(&name) {
                        let sum = add(total.get(&name).unwrap_or(&Value::Null), &value);
                        total.insert(name, sum);
                    } else if value.is_null() || differing.contains(&name) {
                        continue;
                    } else {
                        match total.get(&name) {
                            None | Some(Value::Null) => {
                                total.insert(name, value);
                            }
                            Some(kept) if *kept != value => {
                                total.remove(&name);
                                differing.push(name);
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
        }
    }
    if summing.by.is_none() && groups.is_empty() {
        // One figure even with no rows: nothing counted is zero.
        let zero: Map<String, Value> = summing
            .columns
            .iter()
            .map(|name| (name.clone(), Value::from(0)))
            .collect();
        return vec![Value::Object(zero)];
    }
    groups
        .into_iter()
        .map(|(_, row, _)| Value::Object(row))
        .collect()
}

/// `a + b` for JSON numbers (integers stay integers); an empty value adds nothing.
fn add(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x
                .checked_add(y)
                .map(Value::from)
                .unwrap_or_else(|| float(x as f64 + y as f64)),
            _ => float(x.as_f64().unwrap_or(0.0) + y.as_f64().unwrap_or(0.0)),
        },
        (Value::Null, other) | (other, Value::Null) => other.clone(),
        (kept, _) => kept.clone(),
    }
}

fn float(value: f64) -> Value {
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rows_are_summed_by_x_keeping_agreeing_columns() {
        let rows = vec![
            json!({"n_package": 1, "c_status_code": "S0", "n_count": 2}),
            json!({"n_package": 2, "c_status_code": "A", "n_count": 3}),
            json!({"n_package": 2, "c_status_code": "S0", "n_count": 5}),
        ];
        let summing = Summing {
            by: Some("c_status_code".into()),
            columns: vec!["n_count".into()],
        };
        assert_eq!(
            summed(rows, &summing),
            vec![
                json!({"c_status_code": "S0", "n_count": 7}),
                json!({"n_package": 2, "c_status_code": "A", "n_count": 3}),
            ]
        );
    }

    #[test]
    fn a_stat_is_one_row_and_zero_without_rows() {
        let summing = Summing {
            by: None,
            columns: vec!["n_wip".into()],
        };
        let rows = vec![
            json!({"n_wip": 2}),
            json!({"n_wip": null}),
            json!({"n_wip": 1.5}),
        ];
        assert_eq!(summed(rows, &summing), vec![json!({"n_wip": 3.5})]);
        assert_eq!(summed(Vec::new(), &summing), vec![json!({"n_wip": 0})]);
    }

    #[test]
    fn an_empty_value_neither_changes_nor_removes_a_kept_column() {
        // A package's row and its organisations' WIP rows (no turnaround of their own), as v_dms_package_summary.
        let rows = vec![
            json!({"c_package": "C1", "n_wip": 2, "n_turnaround_avg": null}),
            json!({"c_package": "C1", "n_wip": 0, "n_turnaround_avg": 2.5}),
            json!({"c_package": "C1", "n_wip": 1, "n_turnaround_avg": null}),
            json!({"c_package": "C2", "n_wip": 0, "n_turnaround_avg": 4}),
            json!({"c_package": "C2", "n_wip": 0, "n_turnaround_avg": 5}),
            json!({"c_package": "C2", "n_wip": 0, "n_turnaround_avg": 4}),
        ];
        let summing = Summing {
            by: Some("c_package".into()),
            columns: vec!["n_wip".into()],
        };
        assert_eq!(
            summed(rows, &summing),
            vec![
                json!({"c_package": "C1", "n_wip": 3, "n_turnaround_avg": 2.5}),
                json!({"c_package": "C2", "n_wip": 0}),
            ]
        );
    }
}
