//! Copying a record as a new one (`[copy]` of a registry file: "copy yesterday's daily report"): the record's
//! writable fields, but those the server gives a new record and the ones `reset` names, with the values `set`
//! gives, created as any new record is (number, initial state, who may be picked, package scope, audit), and the
//! lines of the child registers `lines` names, created as lines of the copy. One transaction: all or nothing.

use deadpool_postgres::{GenericClient, Object};
use schema_registry::record::{self, FieldValue, RecordInput, WriteMode};
use schema_registry::sea_query::{Alias, Expr, ExprTrait};
use schema_registry::workflow::{parse_set_value, CopyDef, SetValue};
use schema_registry::{Entry, Registry};

use crate::error::{ApiError, FieldError};
use crate::pipeline::compile::Target;
use crate::pipeline::constraint::Action;
use crate::pipeline::execute::{internal, json_array};
use crate::pipeline::record::{self as stored, Saved};
use crate::pipeline::request::RecordBody;
use crate::records::write::{create_in, settle, Failure, Writer};

/// Copies the record `key` of `entry` (one the caller may read: `source` is the entry as their grant shows it).
pub async fn copy(
    client: &mut Object,
    registry: &Registry,
    entry: &Entry,
    source: &Target<'_>,
    key: &str,
    writer: Writer<'_>,
) -> Result<Saved, ApiError> {
    let Some(plan) = entry.def.copy.as_ref() else {
        return Err(ApiError::RecordNotFound(format!(
            "{} records cannot be copied",
            entry.title()
        )));
    };
    let outcome = async {
        let transaction = client.transaction().await?;
        let original = stored::fetch(&transaction, source, key)
            .await?
            .ok_or_else(|| stored::not_found(entry, key))?;
        let mut dates = std::collections::BTreeMap::new();
        for value in plan.set.values() {
            let days = match parse_set_value(value) {
                SetValue::Today => 0,
                SetValue::TodayPlus(days) => days,
                _ => continue,
            };
            let date: String = transaction
                .query_one("SELECT (CURRENT_DATE + $1::int4)::text", &[&days])
                .await?
                .try_get(0)?;
            dates.insert(days, date);
        }
        let body = copied_fields(entry, plan, &original.json, &dates, writer.caller.user_id)?;
        let input = validated(entry, &body, writer.caller.user_id)?;
        let saved = create_in(&transaction, registry, entry, &input, writer).await?;
        for child in &plan.lines {
            let (Some(link), Some(child_entry)) = (
                entry.def.children.iter().find(|c| &c.entry == child),
                registry.entry(child),
            ) else {
                continue;
            };
            for line in lines_of(&transaction, child_entry, &link.key, key).await? {
                let mut fields = line_fields(child_entry, &link.key, &line)?;
                fields.push((link.key.clone(), FieldValue::Number(saved.key.clone())));
                let input = validated(child_entry, &fields, writer.caller.user_id)?;
                create_in(&transaction, registry, child_entry, &input, writer).await?;
            }
        }
        transaction.commit().await?;
        Ok::<_, Failure>(saved)
    }
    .await;
    settle(client, registry, entry, None, Action::Create, outcome).await
}

/// The fields of the copy: every writable, visible column of the record but those `reset` names (the server
/// fills in its number, state and stamps), then `set`.
fn copied_fields(
    entry: &Entry,
    plan: &CopyDef,
    json: &str,
    dates: &std::collections::BTreeMap<i32, String>,
    caller: i64,
) -> Result<Vec<(String, FieldValue)>, ApiError> {
    let RecordBody(stored) = serde_json::from_str(json).map_err(internal)?;
    let mut fields: Vec<(String, FieldValue)> = stored
        .into_iter()
        .filter(|(name, _)| {
            entry
                .column(name)
                .is_some_and(|c| !c.read_only && !c.hidden && c.stamp.is_none())
                && !plan.reset.contains(name)
                && !plan.set.contains_key(name)
        })
        .collect();
    for (name, value) in &plan.set {
        let value = match parse_set_value(value) {
            SetValue::Today => FieldValue::Text(dates.get(&0).cloned().unwrap_or_default()),
            SetValue::TodayPlus(days) => {
                FieldValue::Text(dates.get(&days).cloned().unwrap_or_default())
            }
            SetValue::Caller => FieldValue::Number(caller.to_string()),
            SetValue::Literal(text) => FieldValue::Text(text),
            SetValue::Null | SetValue::Now | SetValue::Column(_) => FieldValue::Null,
        };
        fields.push((name.clone(), value));
    }
    Ok(fields)
}

/// A line's fields for the copy: its writable, visible columns but the key to its record.
fn line_fields(
    child: &Entry,
    key_column: &str,
    line: &serde_json::value::RawValue,
) -> Result<Vec<(String, FieldValue)>, ApiError> {
    let RecordBody(stored) = serde_json::from_str(line.get()).map_err(internal)?;
    Ok(stored
        .into_iter()
        .filter(|(name, _)| {
            name != key_column
                && child
                    .column(name)
                    .is_some_and(|c| !c.read_only && !c.hidden && c.stamp.is_none())
        })
        .collect())
}

/// The lines of the record `key` in the child register `child`, as JSON objects.
async fn lines_of(
    client: &impl GenericClient,
    child: &Entry,
    key_column: &str,
    key: &str,
) -> Result<Vec<Box<serde_json::value::RawValue>>, ApiError> {
    let target = Target::whole(child);
    let mut query = target.read(child.readable_columns().collect());
    let Some(column) = child.column(key_column) else {
        return Ok(Vec::new());
    };
    query.and_where(
        Expr::col(Alias::new(column.name.clone()))
            .eq(schema_registry::bind::bound(column.sql_type, key)),
    );
    let source = query.json_source().map_err(internal)?;
    let (text, _) = json_array(client, &source).await?;
    serde_json::from_str(&text).map_err(internal)
}

/// The copy's fields as a create takes them: checked by the registry's rules (a copied record is refused in words
/// when its values no longer pass, e.g. a date now before a minimum), stamped with the caller.
fn validated<'e>(
    entry: &'e Entry,
    fields: &[(String, FieldValue)],
    caller: i64,
) -> Result<RecordInput<'e>, ApiError> {
    let mut input = record::validate(entry, fields, WriteMode::Create).map_err(|problems| {
        ApiError::validation(
            problems
                .into_iter()
                .map(|p| FieldError::new(&p.field, p.message))
                .collect(),
        )
    })?;
    record::stamp(entry, &mut input, WriteMode::Create, caller);
    Ok(input)
}
