//! A record's history for its History tab: every audit entry (create, update, transition) newest first, field
//! by field with the labels people read and look-ups by their display text, each transition with its workflow
//! event (from, to, comment). Only the columns the reader may see of the entry are shown.

use std::collections::{BTreeMap, BTreeSet};

use deadpool_postgres::GenericClient;
use schema_registry::process::names_sql;
use schema_registry::readers::Reader;
use schema_registry::{Entry, Registry};
use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::pipeline::execute::{internal, query};

/// Entries shown at most (the newest).
pub const HISTORY_LIMIT: i64 = 500;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"at": "2026-11-20T10:15:00+05:30", "by": "Priya Nair (contractor)", "action": "transition",
    "transition": "Submit to engineer", "from": "Draft", "to": "Open", "comment": null,
    "changes": [{"field": "n_ball_in_court", "label": "Waiting on", "before": "Priya Nair (contractor)", "after": "Arjun Mehta (PMC)"}]}))]
pub struct HistoryEntry {
    /// When (ISO 8601 with offset).
    pub at: String,
    /// Who, by name (empty when the account is gone).
    pub by: Option<String>,
    /// `create`, `update`, `transition`, or another recorded action (`file-upload`, `file-delete`).
    pub action: String,
    /// The transition's label, for transitions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The file's name, for `file-upload` and `file-delete`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// For a change to one of the record's lines (a child register: `create`, `update`, `delete` of a line): the
    /// child register's title ("Manpower", "Corrective actions").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    pub changes: Vec<FieldChange>,
    /// The registry entry the entry is about (the record's, or a child register's), for naming look-ups.
    #[serde(skip)]
    #[schema(ignore)]
    pub about: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FieldChange {
    pub field: String,
    pub label: String,
    /// The value before (look-ups by their display text; any JSON type); null when empty.
    #[schema(schema_with = any_value)]
    pub before: Value,
    #[schema(schema_with = any_value)]
    pub after: Value,
}

/// A value of any JSON type (text, number, boolean, null) in the document.
fn any_value() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
        .build()
}

/// The record's audit rows (each transition's with its event), and the workflow events that have no audit row
/// (records loaded by SQL, such as the demo data), newest first.
const HISTORY_SQL: &str = "\
SELECT at_text, action, before, after, by_name, transition, from_state, to_state, comment, about FROM (
    SELECT a.d_at, a.id AS ord, to_json(a.d_at)#>>'{}' AS at_text, a.c_action AS action, a.c_before::text AS before,
           a.c_after::text AS after, u.c_name AS by_name, e.c_transition AS transition, e.c_from AS from_state,
           e.c_to AS to_state, e.c_comment AS comment, a.c_entry AS about
    FROM audit_log a
    LEFT JOIN users u ON u.id = a.n_user_id
    LEFT JOIN workflow_event e
           ON e.c_entry = a.c_entry AND e.c_key = a.c_key AND e.d_at = a.d_at
          AND a.c_action = 'transition:' || e.c_transition
    WHERE a.c_entry = $1 AND a.c_key = $2
    UNION ALL
    SELECT e.d_at, 0, to_json(e.d_at)#>>'{}', 'transition:' || e.c_transition, NULL, NULL, u.c_name, e.c_transition,
           e.c_from, e.c_to, e.c_comment, e.c_entry
    FROM workflow_event e
    LEFT JOIN users u ON u.id = e.n_by
    WHERE e.c_entry = $1 AND e.c_key = $2
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.c_entry = e.c_entry AND a.c_key = e.c_key
                      AND a.d_at = e.d_at AND a.c_action = 'transition:' || e.c_transition)
    UNION ALL
    SELECT a.d_at, a.id, to_json(a.d_at)#>>'{}', a.c_action, a.c_before::text, a.c_after::text, u.c_name, NULL, NULL,
           NULL, NULL, a.c_entry
    FROM audit_log a
    LEFT JOIN users u ON u.id = a.n_user_id
    WHERE a.c_parent_entry = $1 AND a.c_parent_key = $2
) h
ORDER BY d_at DESC, ord DESC
LIMIT $3";

/// Bookkeeping columns every change moves; the history shows what people changed.
fn is_bookkeeping(column: &schema_registry::Column) -> bool {
    matches!(
        column.name.as_str(),
        schema_registry::ROW_VERSION | "d_updated_at" | "d_created_at"
    ) || column.stamp == Some(schema_registry::model::Stamp::Editor)
}

/// `visible` is the entry as the reader may see it (hidden columns left out); `reader` the caller (`None`: a
/// superadmin), for the read rules of the registers its look-ups name.
pub async fn read(
    client: &impl GenericClient,
    registry: &Registry,
    visible: &Entry,
    reader: Option<Reader>,
    key: &str,
) -> Result<Vec<HistoryEntry>, ApiError> {
    let rows = client
        .query(HISTORY_SQL, &[&visible.name, &key, &HISTORY_LIMIT])
        .await?;
    let workflow = visible.workflow();
    let columns_of = |entry: &'_ Entry| -> Vec<schema_registry::Column> {
        let parent_key = entry.parent.as_ref().map(|p| p.key.as_str());
        entry
            .readable_columns()
            .filter(|c| !is_bookkeeping(c) && Some(c.name.as_str()) != parent_key)
            .cloned()
            .collect()
    };
    let own_columns = columns_of(visible);
    let mut entries = Vec::with_capacity(rows.len());
    // Look-up keys to name, per entry and column.
    let mut wanted: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for row in &rows {
        let action: String = row.try_get(1)?;
        let before = parse(row.try_get(2)?);
        let after = parse(row.try_get(3)?);
        let about: String = row.try_get(9)?;
        // A line's change is shown with its own register's columns.
        let line = (about != visible.name)
            .then(|| registry.entry(&about))
            .flatten()
            .filter(|child| {
                child
                    .parent
                    .as_ref()
                    .is_some_and(|p| p.entry == visible.name)
            });
        if about != visible.name && line.is_none() {
            continue;
        }
        let line_columns = line.map(columns_of);
        let columns = line_columns.as_ref().unwrap_or(&own_columns);
        let mut changes = Vec::new();
        for column in columns {
            let old = before.get(&column.name).cloned().unwrap_or(Value::Null);
            let new = after.get(&column.name).cloned().unwrap_or(Value::Null);
            if old == new || (action == "delete" && new.is_null()) {
                continue;
            }
            if column.lookup.is_some() {
                for value in [&old, &new] {
                    if let Some(text) = scalar_text(value) {
                        wanted
                            .entry((about.clone(), column.name.clone()))
                            .or_default()
                            .insert(text);
                    }
                }
            }
            changes.push(FieldChange {
                field: column.name.clone(),
                label: column.label.clone(),
                before: old,
                after: new,
            });
        }
        let file = after
            .get("file")
            .or_else(|| before.get("file"))
            .and_then(Value::as_str)
            .filter(|_| action.starts_with("file-"))
            .map(str::to_owned);
        let transition: Option<String> = row.try_get(5)?;
        let label = |state: Option<String>| {
            state.map(|s| {
                workflow
                    .and_then(|w| w.state(&s))
                    .map_or(s.clone(), |state| state.label().to_owned())
            })
        };
        entries.push(HistoryEntry {
            at: row.try_get(0)?,
            by: row.try_get(4)?,
            action: if action.starts_with("transition:") {
                "transition".to_owned()
            } else {
                action
            },
            transition: transition.map(|name| {
                workflow
                    .and_then(|w| w.transition(&name))
                    .map_or(name.clone(), |t| t.label.clone())
            }),
            from: label(row.try_get(6)?),
            to: label(row.try_get(7)?),
            comment: row.try_get(8)?,
            file,
            line: line.map(|child| {
                visible
                    .def
                    .children
                    .iter()
                    .find(|c| c.entry == child.name)
                    .and_then(|c| c.title.clone())
                    .unwrap_or_else(|| child.title().to_owned())
            }),
            changes,
            about,
        });
    }
    name_lookups(client, registry, reader, &wanted, &mut entries).await?;
    Ok(entries)
}

fn parse(text: Option<String>) -> serde_json::Map<String, Value> {
    text.and_then(|t| serde_json::from_str::<serde_json::Map<String, Value>>(&t).ok())
        .unwrap_or_default()
}

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// Replaces each look-up key in the changes by its record's display text (one read per look-up column), for the
/// records `reader` may read (the look-up's read rule); others keep their key, as a key that does not exist.
async fn name_lookups(
    client: &impl GenericClient,
    registry: &Registry,
    reader: Option<Reader>,
    wanted: &BTreeMap<(String, String), BTreeSet<String>>,
    entries: &mut [HistoryEntry],
) -> Result<(), ApiError> {
    for ((about, name), keys) in wanted {
        let Some(lookup) = registry
            .entry(about)
            .and_then(|entry| entry.column(name))
            .and_then(|c| c.lookup.as_ref())
        else {
            continue;
        };
        let Some(target) = registry.entry(&lookup.entry) else {
            continue;
        };
        let keys: Vec<String> = keys.iter().cloned().collect();
        let Some(sql) = names_sql(target, &lookup.display, &keys, reader).map_err(internal)? else {
            continue;
        };
        let names: BTreeMap<String, String> = query(client, &sql)
            .await?
            .iter()
            .filter_map(|row| Some((row.try_get(0).ok()?, row.try_get(1).ok()?)))
            .collect();
        for change in entries
            .iter_mut()
            .filter(|e| &e.about == about)
            .flat_map(|e| e.changes.iter_mut())
            .filter(|c| &c.field == name)
        {
            for value in [&mut change.before, &mut change.after] {
                if let Some(text) = scalar_text(value).and_then(|key| names.get(&key)) {
                    *value = Value::String(text.clone());
                }
            }
        }
    }
    Ok(())
}
