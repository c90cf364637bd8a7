//! The business-process checks and steps inside record writes, from the entry's `[workflow]`, `[numbering]` and
//! `[[children]]`: a new record's number, initial state and ball-in-court; which fields a plain update may change
//! in the record's state; deletes of drafts only; a child line fixed to its parent and frozen once the parent is
//! closed. Transitions themselves have a module of their own.

use deadpool_postgres::GenericClient;
use schema_registry::process as sql;
use schema_registry::record::RecordInput;
use schema_registry::{Entry, Registry};

use crate::error::{ApiError, FieldError};
use crate::pipeline::execute::{internal, query_one, query_opt};

/// What a new record gets from its entry's process: the state column set to the initial state, the record
/// waiting on its creator, and its document number (taken inside the create's transaction).
pub async fn prepare_create<'e>(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &'e Entry,
    input: &RecordInput<'e>,
    actor: i64,
) -> Result<RecordInput<'e>, ApiError> {
    let mut input = input.clone();
    if let Some(workflow) = entry.workflow() {
        if let Some(column) = entry.column(&workflow.state_column) {
            input.writes.push((column, Some(workflow.initial.clone())));
        }
        if let Some(column) = workflow
            .ball_in_court
            .as_deref()
            .and_then(|c| entry.column(c))
        {
            input.writes.push((column, Some(actor.to_string())));
        }
    }
    if let Some((numbering, parts)) = entry.numbering() {
        let scope = sql::number_scope(entry, &input);
        let next = sql::next_number_sql(entry, &scope).map_err(internal)?;
        let sequence: i64 = query_one(client, &next).await?.try_get(0)?;
        let mut values = Vec::new();
        if let Some(read) = sql::number_values_sql(registry, entry, &input).map_err(internal)? {
            let row = query_one(client, &read).await?;
            for index in 0..row.len() {
                values.push(row.try_get::<_, Option<String>>(index)?);
            }
        }
        let year: i32 = client
            .query_one("SELECT extract(year FROM CURRENT_DATE)::int4", &[])
            .await?
            .try_get(0)?;
        let number = sql::format_number(parts, sequence, &values, year);
        if let Some(column) = entry.column(&numbering.column) {
            input.writes.push((column, Some(number)));
        }
    }
    Ok(input)
}

/// The workflow state a record of `entry` is in (`None`: no workflow, no such record, or an unknown state).
async fn state_of<'e>(
    client: &impl GenericClient,
    entry: &'e Entry,
    key: &str,
) -> Result<Option<&'e schema_registry::workflow::StateDef>, ApiError> {
    let Some(workflow) = entry.workflow() else {
        return Ok(None);
    };
    let read = sql::column_text_sql(entry, &workflow.state_column, key).map_err(internal)?;
    let Some(row) = query_opt(client, &read).await? else {
        return Ok(None);
    };
    let state: Option<String> = row.try_get(0)?;
    Ok(state.as_deref().and_then(|s| workflow.state(s)))
}

/// A child register's lines change only while their parent may: not once the parent's workflow has closed it or
/// holds it in a state that leaves nothing editable (submitted for review).
/// `parent_key` is the parent's key the line names (sent on create, stored otherwise).
pub async fn check_parent_open(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: Option<&str>,
    sent_parent_key: Option<&str>,
) -> Result<(), ApiError> {
    let Some(link) = &entry.parent else {
        return Ok(());
    };
    let Some(parent) = registry.entry(&link.entry) else {
        return Ok(());
    };
    if parent.workflow().is_none() {
        return Ok(());
    }
    let parent_key = match (sent_parent_key, key) {
        (Some(sent), _) => Some(sent.to_owned()),
        (None, Some(key)) => {
            let read = sql::column_text_sql(entry, &link.key, key).map_err(internal)?;
            match query_opt(client, &read).await? {
                Some(row) => row.try_get::<_, Option<String>>(0)?,
                None => None,
            }
        }
        (None, None) => None,
    };
    let Some(parent_key) = parent_key else {
        return Ok(());
    };
    match state_of(client, parent, &parent_key).await? {
        Some(state) if !state.changeable() => Err(ApiError::Conflict(format!(
            "{} {parent_key} is {}: its {} lines cannot be added, changed or deleted",
            parent.title(),
            state.label(),
            entry.title()
        ))),
        _ => Ok(()),
    }
}

/// Only a record still in a draft state can be deleted: one that has been submitted has a history others rely
/// on (withdraw it through its workflow instead).
pub async fn check_deletable(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
) -> Result<(), ApiError> {
    match state_of(client, entry, key).await? {
        Some(state) if state.category != schema_registry::workflow::StateCategory::Draft => {
            Err(ApiError::Conflict(format!(
                "{} {key} is {}: only a record in draft can be deleted",
                entry.title(),
                state.label()
            )))
        }
        _ => Ok(()),
    }
}

/// A plain update may change only the columns the record's state leaves editable (the state itself changes
/// through transitions only; it is read-only to updates), and a child line stays with its parent.
pub async fn check_editable(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    changes: &[(&schema_registry::Column, Option<String>)],
) -> Result<(), ApiError> {
    if let Some(link) = &entry.parent {
        if let Some((column, _)) = changes.iter().find(|(c, _)| c.name == link.key) {
            return Err(ApiError::validation(vec![FieldError::new(
                &column.name,
                format!(
                    "{} is fixed: a line stays with the record it belongs to",
                    column.label
                ),
            )]));
        }
    }
    let Some(workflow) = entry.workflow() else {
        return Ok(());
    };
    let (lock, _) = sql::lock_sql(entry, workflow, None, key).map_err(internal)?;
    let Some(row) = query_opt(client, &lock).await? else {
        return Err(ApiError::no_record(entry.title(), key));
    };
    let state_name: String = row.try_get(1)?;
    let Some(state) = workflow.state(&state_name) else {
        return Ok(());
    };
    let editable = |name: &str| match &state.editable {
        Some(names) => names.iter().any(|n| n == name),
        None => state.category != schema_registry::workflow::StateCategory::Closed,
    };
    let frozen: Vec<FieldError> = changes
        .iter()
        .filter(|(column, _)| column.stamp.is_none() && !editable(&column.name))
        .map(|(column, _)| {
            FieldError::new(
                &column.name,
                format!(
                    "{} cannot be changed while the {} is {}",
                    column.label,
                    entry.title(),
                    state.label()
                ),
            )
        })
        .collect();
    if frozen.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(frozen))
    }
}

/// A scoped entry's record outside the caller's packages does not exist for them (404, its existence not
/// revealed). `user` is `None` when the caller is not limited (superadmins).
pub async fn ensure_in_scope(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    user: Option<i64>,
) -> Result<(), ApiError> {
    let Some(user) = user else {
        return Ok(());
    };
    let Some(read) = sql::in_scope_sql(entry, key, user).map_err(internal)? else {
        return Ok(());
    };
    match query_opt(client, &read).await? {
        Some(_) => Ok(()),
        None => Err(ApiError::no_record(entry.title(), key)),
    }
}

/// The package a scoped row is written with must be one of the caller's (422 under the field).
pub async fn check_scope_allows(
    client: &impl GenericClient,
    entry: &Entry,
    input: &RecordInput<'_>,
    user: Option<i64>,
) -> Result<(), ApiError> {
    let Some(user) = user else {
        return Ok(());
    };
    let Some(read) = sql::scope_allows_sql(entry, input, user).map_err(internal)? else {
        return Ok(());
    };
    if query_one(client, &read).await?.try_get::<_, bool>(0)? {
        return Ok(());
    }
    let column = match entry.scope.as_ref() {
        Some(schema_registry::registry::ScopePath::Column(column)) => column.as_str(),
        Some(schema_registry::registry::ScopePath::Parent { key, .. }) => key.as_str(),
        None => return Ok(()),
    };
    let label = entry.column(column).map_or(column, |c| c.label.as_str());
    Err(ApiError::validation(vec![FieldError::new(
        column,
        format!("{label}: choose one of the packages you are linked to"),
    )]))
}

/// Files of a record change only while the record may: not once closed, nor while it is held in a state that
/// leaves nothing editable.
pub async fn check_record_changeable(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
) -> Result<(), ApiError> {
    match state_of(client, entry, key).await? {
        Some(state) if !state.changeable() => Err(ApiError::Conflict(format!(
            "{} {key} is {}: its files cannot be added or removed",
            entry.title(),
            state.label()
        ))),
        _ => Ok(()),
    }
}
