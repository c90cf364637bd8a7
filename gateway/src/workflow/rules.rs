//! The business-process checks and steps inside record writes, from the entry's `[workflow]`, `[numbering]` and
//! `[[children]]`: a new record's number, initial state and ball-in-court; which fields a plain update may change
//! in the record's state; deletes of drafts only; a child line fixed to its parent and frozen once the parent is
//! closed. Transitions themselves have a module of their own.

use deadpool_postgres::GenericClient;
use schema_registry::process as sql;
use schema_registry::readers::Reader;
use schema_registry::record::RecordInput;
use schema_registry::{Entry, Registry};

use schema_registry::workflow::EditorsDef;

use crate::auth::caller::Action;
use crate::auth::Caller;
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
        // An imported piece of history arrives closed (`[[imports]] arrives_in`), waiting on no one.
        let arrives_in = input.arrives_in.clone();
        if let Some(column) = entry.column(&workflow.state_column) {
            let state = arrives_in
                .clone()
                .unwrap_or_else(|| workflow.initial.clone());
            input.writes.push((column, Some(state)));
        }
        if let Some(column) = workflow
            .ball_in_court
            .as_deref()
            .and_then(|c| entry.column(c))
        {
            // A new record waits on its creator, or at once on the person `initial_with` names.
            let first = match workflow.initial_with.as_deref() {
                _ if arrives_in.is_some() => None,
                Some(with) => input
                    .writes
                    .iter()
                    .find(|(c, _)| c.name == with)
                    .and_then(|(_, value)| value.clone()),
                None => Some(actor.to_string()),
            };
            input.writes.push((column, first));
        }
    }
    if let Some((numbering, parts)) = entry.numbering() {
        if sql::typed_number(entry, &input).is_none() {
            let number = draw_number(client, registry, entry, &input, parts).await?;
            // A typed numbering's column may have come empty; the drawn number takes its place.
            input
                .writes
                .retain(|(column, _)| column.name != numbering.column);
            if let Some(column) = entry.column(&numbering.column) {
                input.writes.push((column, Some(number)));
            }
        }
    }
    Ok(input)
}

/// How many numbers in a row a draw passes over because people gave them (`typed` numbering) before it gives up:
/// far more than a register reserves ahead on paper, and a bound on the work of one create.
const MAX_NUMBERS_PASSED: usize = 1000;

/// The next number of the new record's scope (`doc_sequence`, inside the create's transaction), formatted by the
/// pattern; for a `typed` numbering, the first drawn number no record of the scope already holds.
async fn draw_number(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    input: &RecordInput<'_>,
    parts: &[schema_registry::workflow::NumberPart],
) -> Result<String, ApiError> {
    let scope = sql::number_scope(entry, input);
    let next = sql::next_number_sql(entry, &scope).map_err(internal)?;
    let mut values = Vec::new();
    if let Some(read) = sql::number_values_sql(registry, entry, input).map_err(internal)? {
        let row = query_one(client, &read).await?;
        for index in 0..row.len() {
            values.push(row.try_get::<_, Option<String>>(index)?);
        }
    }
    let year: i32 = client
        .query_one("SELECT extract(year FROM CURRENT_DATE)::int4", &[])
        .await?
        .try_get(0)?;
    let typed = entry.numbering().is_some_and(|(def, _)| def.typed);
    for _ in 0..MAX_NUMBERS_PASSED {
        let sequence: i64 = query_one(client, &next).await?.try_get(0)?;
        let number = sql::format_number(parts, sequence, &values, year);
        if !typed {
            return Ok(number);
        }
        let taken = sql::number_taken_sql(entry, input, &number).map_err(internal)?;
        let held = match taken {
            Some(taken) => query_one(client, &taken).await?.try_get::<_, bool>(0)?,
            None => false,
        };
        if !held {
            return Ok(number);
        }
    }
    Err(ApiError::Conflict(format!(
        "The next {MAX_NUMBERS_PASSED} numbers of this {} are all taken; give the number yourself",
        entry.title()
    )))
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
    caller: &Caller,
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
        (None, Some(key)) => stored_parent_key(client, entry, &link.key, key).await?,
        (None, None) => None,
    };
    let Some(parent_key) = parent_key else {
        return Ok(());
    };
    if let Some(state) = state_of(client, parent, &parent_key).await? {
        if !state.lines_changeable(&entry.name) {
            return Err(ApiError::Conflict(format!(
                "{} {parent_key} is {}: its {} lines cannot be added, changed or deleted",
                parent.title(),
                state.label(),
                entry.title()
            )));
        }
    }
    let groups = parent.line_editors_of(&entry.name);
    if !groups.is_empty() && !among_editors(client, parent, &parent_key, &groups, caller).await? {
        return Err(ApiError::ForbiddenRecord(format!(
            "{} lines of a {} are added and changed by {} only",
            entry.title(),
            parent.title(),
            editors_text(parent, &groups)
        )));
    }
    Ok(())
}

/// The rules over a record and its lines (`[[children.rules]]`), after a write of `key` of `entry` inside its
/// transaction: as the record (its own children's rules) and as a line (its parent's rules on that parent). Each
/// broken rule is a 422 under the record's fields, or under the line's columns it reads when a line was written.
pub async fn check_lines_rules(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: &str,
) -> Result<(), ApiError> {
    let mut problems: Vec<FieldError> = Vec::new();
    for child in &entry.def.children {
        for rule in &child.rules {
            if !lines_rule_holds(client, registry, entry, child, rule, key).await? {
                for field in &rule.fields {
                    problems.push(FieldError::new(field, rule.message.clone()));
                }
            }
        }
    }
    if let Some(link) = &entry.parent {
        let parent = registry.entry(&link.entry);
        let child = parent.and_then(|p| p.def.children.iter().find(|c| c.entry == entry.name));
        if let (Some(parent), Some(child)) = (parent, child) {
            if !child.rules.is_empty() {
                if let Some(parent_key) = stored_parent_key(client, entry, &link.key, key).await? {
                    for rule in &child.rules {
                        if !lines_rule_holds(client, registry, parent, child, rule, &parent_key)
                            .await?
                        {
                            for field in
                                schema_registry::rules::condition_columns(entry, &rule.when_any)
                            {
                                problems.push(FieldError::new(&field, rule.message.clone()));
                            }
                        }
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

async fn lines_rule_holds(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    child: &schema_registry::workflow::ChildDef,
    rule: &schema_registry::workflow::LinesRuleDef,
    key: &str,
) -> Result<bool, ApiError> {
    let read = sql::lines_rule_sql(registry, entry, child, rule, key)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("a lines rule of {}: {e}", entry.name)))?;
    Ok(query_one(client, &read).await?.try_get(0)?)
}

/// The parent's key a stored line names in its key column `column`.
async fn stored_parent_key(
    client: &impl GenericClient,
    entry: &Entry,
    column: &str,
    key: &str,
) -> Result<Option<String>, ApiError> {
    let read = sql::column_text_sql(entry, column, key).map_err(internal)?;
    Ok(match query_opt(client, &read).await? {
        Some(row) => row.try_get::<_, Option<String>>(0)?,
        None => None,
    })
}

/// Whether `caller` is one of the people `groups` allow on the stored record `key` of `entry` (superadmins
/// always are): its creator, a user named in one of its columns, or a holder of one of the routes with Update.
pub async fn among_editors(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    groups: &[&EditorsDef],
    caller: &Caller,
) -> Result<bool, ApiError> {
    if caller.superadmin || holds_route(groups, caller) {
        return Ok(true);
    }
    let columns: Vec<&str> = groups
        .iter()
        .flat_map(|g| g.who.columns.iter().map(String::as_str))
        .collect();
    let read = sql::people_of_sql(entry, &columns, key).map_err(internal)?;
    let Some(row) = query_opt(client, &read).await? else {
        return Ok(false);
    };
    let creator: Option<i64> = row.try_get(0)?;
    let mut index = 1;
    for group in groups {
        if group.who.creator && creator == Some(caller.user_id) {
            return Ok(true);
        }
        for _ in &group.who.columns {
            if row.try_get::<_, Option<i64>>(index)? == Some(caller.user_id) {
                return Ok(true);
            }
            index += 1;
        }
    }
    Ok(false)
}

fn holds_route(groups: &[&EditorsDef], caller: &Caller) -> bool {
    groups.iter().any(|group| {
        group
            .who
            .routes
            .iter()
            .any(|route| caller.may(route, Action::Update))
    })
}

/// "the person who raised the NCR or the user in Responder (contractor)".
fn editors_text(entry: &Entry, groups: &[&EditorsDef]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for group in groups {
        if group.who.creator {
            parts.push(format!("the person who raised the {}", entry.title()));
        }
        for name in &group.who.columns {
            let label = entry
                .column(name)
                .map_or(name.as_str(), |c| c.label.as_str());
            parts.push(format!("the user in {label}"));
        }
        for route in &group.who.routes {
            parts.push(format!("holders of {route} with Update"));
        }
    }
    parts.dedup();
    parts.join(" or ")
}

/// On create, fields that only some people may fill (`[[workflow.editors]]`) may be filled by them only: the
/// creator is the caller, and the people in the record's columns are those being written.
pub fn check_editors_on_create(
    entry: &Entry,
    input: &RecordInput<'_>,
    caller: &Caller,
) -> Result<(), ApiError> {
    if caller.superadmin || entry.workflow().is_none() {
        return Ok(());
    }
    let value_of = |name: &str| {
        input
            .writes
            .iter()
            .find(|(c, _)| c.name == name)
            .and_then(|(_, v)| v.as_deref())
    };
    let me = caller.user_id.to_string();
    let mut problems = Vec::new();
    for (column, value) in &input.writes {
        if value.is_none() || column.stamp.is_some() {
            continue;
        }
        let groups = entry.editors_of(&column.name);
        if groups.is_empty() {
            continue;
        }
        let allowed = holds_route(&groups, caller)
            || groups.iter().any(|group| {
                group.who.creator
                    || group
                        .who
                        .columns
                        .iter()
                        .any(|name| value_of(name) == Some(me.as_str()))
            });
        if !allowed {
            problems.push(FieldError::new(
                &column.name,
                format!(
                    "{} is filled in by {}: leave it empty",
                    column.label,
                    editors_text(entry, &groups)
                ),
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

/// On create, what a plain update may change in the workflow's initial state (the rule [`check_editable`]
/// applies), and the fields given only when a record is made (no state lists them, no transition fills them: an
/// IPA's contract). A field a later step fills (the engineer's answer, the status code a share sets) is refused
/// unless left empty or at its registry default (which the form starts with). Stamps and a line's parent key are
/// the server's and the tab's.
pub fn check_creatable(entry: &Entry, input: &RecordInput<'_>) -> Result<(), ApiError> {
    let Some(workflow) = entry.workflow() else {
        return Ok(());
    };
    let Some(state) = workflow.state(&workflow.initial) else {
        return Ok(());
    };
    let parent_key = entry.parent.as_ref().map(|link| link.key.as_str());
    let frozen: Vec<FieldError> = input
        .writes
        .iter()
        .filter(|(column, value)| {
            value.is_some()
                && !column.server_set()
                && Some(column.name.as_str()) != parent_key
                && !column.import_only
                && !workflow.writable_on_create(&column.name)
                && !is_default(column, value.as_deref())
        })
        .map(|(column, _)| {
            FieldError::new(
                &column.name,
                format!(
                    "{} cannot be filled in while the {} is {}: a later step of its workflow fills it",
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

/// Whether `value` is the column's registry default (a new record's form starts with it).
fn is_default(column: &schema_registry::Column, value: Option<&str>) -> bool {
    use schema_registry::model::Bound;
    match (&column.default, value) {
        (Some(Bound::Text(default)), Some(value)) => default == value,
        (Some(Bound::Number(default)), Some(value)) => {
            value.trim().parse::<f64>().is_ok_and(|v| v == *default)
        }
        _ => false,
    }
}

/// The organisation stamps (`stamp = "organisation"`: the organisation's key; `"organisation_code"`: its code)
/// of a create or of an update's changes. On create, one left empty takes the caller's organisation. A value other
/// than the caller's own is refused (422 under the field), on create and update alike, unless the caller may file
/// for other organisations (the route `/rights/file-for-others`; superadmins). What a record says it is from is
/// the session's, as its creator is: a read rule over the column (ISO 19650 work in progress) can trust it.
pub async fn stamp_organisations<'e>(
    client: &impl GenericClient,
    entry: &'e Entry,
    input: &RecordInput<'e>,
    caller: &Caller,
    create: bool,
) -> Result<RecordInput<'e>, ApiError> {
    use schema_registry::model::{Stamp, FILE_FOR_OTHERS};
    let stamped: Vec<&'e schema_registry::Column> = entry
        .columns()
        .iter()
        .filter(|c| c.stamp.is_some_and(Stamp::is_organisation))
        .collect();
    let mut input = input.clone();
    if stamped.is_empty() {
        return Ok(input);
    }
    let for_others = caller.superadmin || caller.holds(FILE_FOR_OTHERS);
    let code = crate::auth::session::organisation_code(client, caller).await?;
    let named = code.clone().unwrap_or_else(|| "none".to_owned());
    let mut problems = Vec::new();
    for column in stamped {
        let own = match column.stamp {
            Some(Stamp::Organisation) => caller.organization.map(|id| id.to_string()),
            _ => code.clone(),
        };
        let sent = input.writes.iter().position(|(c, _)| c.name == column.name);
        let value = sent.and_then(|at| input.writes[at].1.clone());
        match (value, sent) {
            (Some(value), _) if for_others || own.as_deref() == Some(value.as_str()) => {}
            (Some(_), _) => problems.push(FieldError::new(
                &column.name,
                format!(
                    "{}: you file for your own organisation ({named}) only; filing for another needs the right to file for other organisations",
                    column.label
                ),
            )),
            (None, Some(_)) if !create && !for_others => problems.push(FieldError::new(
                &column.name,
                format!(
                    "{}: you file for your own organisation ({named}) only",
                    column.label
                ),
            )),
            (None, _) if !create => {}
            (None, at) => match (own, at) {
                (Some(own), Some(at)) => input.writes[at].1 = Some(own),
                (Some(own), None) => input.writes.push((column, Some(own))),
                (None, _) if column.required => problems.push(FieldError::new(
                    &column.name,
                    format!(
                        "{}: your account belongs to no organisation (an administrator sets it on Manage users)",
                        column.label
                    ),
                )),
                (None, _) => {}
            },
        }
    }
    if problems.is_empty() {
        Ok(input)
    } else {
        Err(ApiError::validation(problems))
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
    caller: &Caller,
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
    let frozen: Vec<FieldError> = changes
        .iter()
        .filter(|(column, _)| !column.server_set() && !state.editable_column(&column.name))
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
    if !frozen.is_empty() {
        return Err(ApiError::validation(frozen));
    }
    // Fields some people own (the contractor's response, the engineer's verification): theirs to change.
    let mut owned = Vec::new();
    for (column, _) in changes.iter().filter(|(c, _)| !c.server_set()) {
        let groups = entry.editors_of(&column.name);
        if !groups.is_empty() && !among_editors(client, entry, key, &groups, caller).await? {
            owned.push(FieldError::new(
                &column.name,
                format!(
                    "{} is changed by {} only",
                    column.label,
                    editors_text(entry, &groups)
                ),
            ));
        }
    }
    if owned.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(owned))
    }
}

/// A record outside the caller's packages (a scoped entry) or outside the entry's `readers_see` does not exist
/// for them (404, its existence not revealed). `reader` is `None` when the caller is not limited (superadmins).
pub async fn ensure_in_scope(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    reader: Option<Reader>,
) -> Result<(), ApiError> {
    let Some(reader) = reader else {
        return Ok(());
    };
    let Some(condition) = crate::pipeline::compile::row_limits(entry, reader, true)? else {
        return Ok(());
    };
    let read = sql::in_scope_sql(entry, key, condition).map_err(internal)?;
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
    reader: Option<Reader>,
) -> Result<(), ApiError> {
    let Some(user) = reader.map(|reader| reader.user_id) else {
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
/// leaves nothing editable. A child register's line is part of its parent: its files change only while its
/// lines may (the parent not closed, and the parent's state listing the child in `lines` when it lists any).
pub async fn check_record_changeable(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: &str,
) -> Result<(), ApiError> {
    if let Some(state) = state_of(client, entry, key).await? {
        if !state.changeable() {
            return Err(ApiError::Conflict(format!(
                "{} {key} is {}: its files cannot be added or removed",
                entry.title(),
                state.label()
            )));
        }
    }
    let Some(link) = &entry.parent else {
        return Ok(());
    };
    let Some(parent) = registry.entry(&link.entry) else {
        return Ok(());
    };
    if parent.workflow().is_none() {
        return Ok(());
    }
    let Some(parent_key) = stored_parent_key(client, entry, &link.key, key).await? else {
        return Ok(());
    };
    match state_of(client, parent, &parent_key).await? {
        Some(state) if !state.lines_changeable(&entry.name) => Err(ApiError::Conflict(format!(
            "{} {key} belongs to {} {parent_key}, which is {}: its files cannot be added or removed",
            entry.title(),
            parent.title(),
            state.label()
        ))),
        _ => Ok(()),
    }
}

/// Marks every file of a deleted record deleted (in its transaction): the housekeeping sweep removes the rows and
/// their unused bytes once the grace period has passed.
pub async fn retire_files(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    actor: i64,
) -> Result<(), ApiError> {
    if entry.def.attachments {
        client
            .execute(
                "UPDATE record_file SET d_deleted_at = now(), n_deleted_by = $3
                 WHERE c_entry = $1 AND c_key = $2 AND d_deleted_at IS NULL",
                &[&entry.name, &key, &actor],
            )
            .await?;
    }
    Ok(())
}
