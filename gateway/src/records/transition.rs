//! Workflow transitions (docs/api.md): legal from the record's state, the caller's turn, required fields filled,
//! the row version current; then the update, the workflow event, the audit row and the hand-off mail, all in one
//! transaction.

use deadpool_postgres::{GenericClient, Object};
use schema_registry::process::{self as sql, LockedColumns};
use schema_registry::record::RecordInput;
use schema_registry::workflow::{CommentRule, TransitionDef, WorkflowDef};
use schema_registry::{Entry, Registry};

use crate::auth::caller::Action;
use crate::auth::Caller;
use crate::base::audit;
use crate::error::{ApiError, FieldError};
use crate::pipeline::compile::Target;
use crate::pipeline::execute::{internal, query_one, query_opt, run};
use crate::pipeline::record::{self as stored, Saved};
use crate::pipeline::reference::References;
use crate::records::write;
use crate::workflow::hand_off::{self, Links, Mover, Step};
use crate::workflow::people;

/// A transition as the client asked for it, its fields already checked against the registry.
pub struct TransitionInput<'e> {
    pub name: String,
    pub comment: Option<String>,
    pub version: i64,
    pub fields: RecordInput<'e>,
}

/// What a transition needs besides the database: who asks, what they may read, and how to link the record in
/// the hand-off mail.
pub struct TransitionContext<'a> {
    pub caller: &'a Caller,
    /// The caller holds the register's route (or is a superadmin): any record, not only those waiting on them.
    pub reads_whole: bool,
    pub references: &'a References,
    pub public_url: &'a str,
    /// The caller when the entry's package scope or `readers_see` limits them.
    pub scoped: Option<schema_registry::readers::Reader>,
}

pub async fn transition(
    client: &mut Object,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    input: &TransitionInput<'_>,
    context: &TransitionContext<'_>,
) -> Result<Saved, ApiError> {
    let Some(workflow) = entry.workflow() else {
        return Err(ApiError::RecordNotFound(format!(
            "{} has no workflow: its records have no transitions",
            entry.title()
        )));
    };
    let caller = context.caller;
    let transaction = client.transaction().await?;
    let wanted = workflow.transition(&input.name);
    let (lock, locked) = sql::lock_sql(entry, workflow, wanted, key).map_err(internal)?;
    let Some(row) = query_opt(&transaction, &lock).await? else {
        return Err(stored::not_found(entry, key));
    };
    crate::workflow::rules::ensure_in_scope(&transaction, entry, key, context.scoped).await?;
    let stored_version: Option<i64> = row.try_get(0)?;
    let state: String = row.try_get(1)?;
    let creator: Option<i64> = row.try_get(2)?;
    let ball: Option<i64> = row.try_get(3)?;
    let waiting_on_caller = ball == Some(caller.user_id) && !is_closed(workflow, &state);
    if !context.reads_whole && !waiting_on_caller {
        // Someone without the register who is not the person the record waits on learns nothing about it.
        return Err(stored::not_found(entry, key));
    }
    if let Some(stored) = stored_version.filter(|&stored| stored != input.version) {
        return Err(ApiError::StaleVersion(format!(
            "{} {key} was changed by someone else since you opened it (you have version {}, it is now {stored}). \
             Reload it to see their changes, then try again.",
            entry.title(),
            input.version
        )));
    }
    let allowed = allowed_names(workflow, &state);
    let transition = match wanted {
        Some(t) if t.from.iter().any(|from| from == &state) => t,
        Some(t) => {
            return Err(ApiError::IllegalTransition(format!(
                "{} cannot be done while the {} is {}; {}",
                t.label,
                entry.title(),
                state_label(workflow, &state),
                allowed
            )))
        }
        None => {
            return Err(ApiError::IllegalTransition(format!(
                "{} has no transition `{}`; {}",
                entry.title(),
                input.name,
                allowed
            )))
        }
    };
    if !may_perform(caller, transition, creator, &row, &locked)? {
        return Err(ApiError::NotYourTurn(format!(
            "It is not your turn: {} is for {}",
            transition.label,
            who_text(entry, transition)
        )));
    }
    check_separation(&transaction, entry, transition, key, creator, caller).await?;
    check_fields(entry, transition, input, &row, &locked)?;
    write::check_lookups(&transaction, registry, entry, &input.fields, caller).await?;
    let before = stored::fetch(&transaction, &Target::whole(entry), key)
        .await?
        .ok_or_else(|| stored::not_found(entry, key))?;
    let update = sql::transition_update_sql(
        entry,
        workflow,
        transition,
        key,
        &input.fields,
        caller.user_id,
    )
    .map_err(internal)?;
    if let Err(error) = run(&transaction, &update).await {
        drop(transaction);
        return Err(crate::pipeline::constraint::explain(
            client,
            registry,
            entry,
            Some(key),
            crate::pipeline::constraint::Action::Update,
            error,
        )
        .await);
    }
    check_guards(&transaction, registry, entry, transition, key).await?;
    let written: Vec<&str> = input
        .fields
        .writes
        .iter()
        .map(|(column, _)| column.name.as_str())
        .chain(transition.sets.keys().map(String::as_str))
        .chain(handed_from(workflow, transition))
        .collect();
    people::check_people(&transaction, registry, entry, key, &written).await?;
    crate::records::write::check_offered_lookups(
        &transaction,
        registry,
        entry,
        key,
        &written,
        caller,
    )
    .await?;
    crate::records::write::check_today_bounds(&transaction, entry, key, &written).await?;
    crate::workflow::rules::check_lines_rules(&transaction, registry, entry, key).await?;
    if let Some(ball_column) = workflow.ball_in_court.as_deref() {
        if transition.sets.contains_key(ball_column) {
            let field = handed_from(workflow, transition).unwrap_or(ball_column);
            people::check_reachable(&transaction, entry, key, ball_column, field).await?;
        }
    }
    let after = stored::fetch(&transaction, &Target::whole(entry), key)
        .await?
        .ok_or_else(|| stored::not_found(entry, key))?;
    let comment = input
        .comment
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty() && transition.comment != CommentRule::None);
    transaction
        .execute(
            "INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, c_comment)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &entry.name,
                &key,
                &transition.name,
                &state,
                &transition.to,
                &caller.user_id,
                &comment,
            ],
        )
        .await?;
    audit::record_text(
        &transaction,
        Some(caller.user_id),
        &entry.name,
        key,
        &format!("transition:{}", transition.name),
        Some(&before.json),
        Some(&after.json),
    )
    .await?;
    hand_off::hand_off(
        &transaction,
        registry,
        entry,
        workflow,
        key,
        ball,
        &Mover {
            user: caller.user_id,
            name: &caller.name,
        },
        &Step {
            label: &transition.label,
            comment,
            notify: &transition.notify,
        },
        &Links {
            references: context.references,
            public_url: context.public_url,
        },
    )
    .await?;
    transaction.commit().await?;
    Ok(Saved {
        key: key.to_owned(),
        record: after,
        changed: Vec::new(),
    })
}

fn is_closed(workflow: &WorkflowDef, state: &str) -> bool {
    workflow
        .state(state)
        .is_some_and(|s| s.category == schema_registry::workflow::StateCategory::Closed)
}

fn state_label<'w>(workflow: &'w WorkflowDef, state: &'w str) -> &'w str {
    workflow.state(state).map_or(state, |s| s.label())
}

/// "allowed now: Close (close), Reopen (reopen)", or that nothing can be done.
fn allowed_names(workflow: &WorkflowDef, state: &str) -> String {
    let names: Vec<String> = workflow
        .leaving(state)
        .map(|t| format!("{} (`{}`)", t.label, t.name))
        .collect();
    if names.is_empty() {
        format!("nothing can be done from {}", state_label(workflow, state))
    } else {
        format!("allowed now: {}", names.join(", "))
    }
}

fn may_perform(
    caller: &Caller,
    transition: &TransitionDef,
    creator: Option<i64>,
    row: &tokio_postgres::Row,
    locked: &LockedColumns,
) -> Result<bool, ApiError> {
    if caller.superadmin {
        return Ok(true);
    }
    let who = &transition.who;
    if who.creator && creator == Some(caller.user_id) {
        return Ok(true);
    }
    for index in 0..locked.who.len() {
        if row.try_get::<_, Option<i64>>(4 + index)? == Some(caller.user_id) {
            return Ok(true);
        }
    }
    Ok(who
        .routes
        .iter()
        .any(|route| caller.may(route, Action::Update)))
}

/// "the user in Assigned to (engineer) or the record's creator".
fn who_text(entry: &Entry, transition: &TransitionDef) -> String {
    let mut parts = Vec::new();
    for name in &transition.who.columns {
        let label = entry
            .column(name)
            .map_or(name.as_str(), |c| c.label.as_str());
        parts.push(format!("the user in {label}"));
    }
    if transition.who.creator {
        parts.push(format!("the person who raised the {}", entry.title()));
    }
    for route in &transition.who.routes {
        parts.push(format!("holders of {route} with Update"));
    }
    parts.join(" or ")
}

/// The fields sent must be ones the transition takes; each required one must be filled (sent, or stored);
/// a required comment must be there.
fn check_fields(
    entry: &Entry,
    transition: &TransitionDef,
    input: &TransitionInput<'_>,
    row: &tokio_postgres::Row,
    locked: &LockedColumns,
) -> Result<(), ApiError> {
    let mut problems = Vec::new();
    // Columns the system sets (read-only ones, and those the transition sets itself) are never taken from the
    // client: naming one is a mistake worth saying, not something to ignore silently.
    for (column, _) in &input.fields.carried {
        problems.push(FieldError::new(
            &column.name,
            format!(
                "{} is set by the system, not sent with {}: leave it out",
                column.label, transition.label
            ),
        ));
    }
    for (column, _) in &input.fields.writes {
        if column.stamp.is_none() && transition.sets.contains_key(&column.name) {
            problems.push(FieldError::new(
                &column.name,
                format!(
                    "{} is set by {} itself: leave it out",
                    column.label, transition.label
                ),
            ));
            continue;
        }
        let taken =
            transition.requires.contains(&column.name) || transition.fields.contains(&column.name);
        if column.stamp.is_none() && !taken {
            problems.push(FieldError::new(
                &column.name,
                format!("{} is not changed by {}", column.label, transition.label),
            ));
        }
    }
    let offset = 4 + locked.who.len();
    for (index, name) in locked.requires.iter().enumerate() {
        let stored: bool = row.try_get(offset + index)?;
        let sent = input.fields.writes.iter().find(|(c, _)| &c.name == name);
        let filled = match sent {
            Some((_, value)) => value.is_some(),
            None => stored,
        };
        if !filled {
            let label = entry
                .column(name)
                .map_or(name.as_str(), |c| c.label.as_str());
            problems.push(FieldError::new(
                name,
                format!("{label} is required to {}", transition.label),
            ));
        }
    }
    if transition.comment == CommentRule::Required
        && input.comment.as_deref().is_none_or(|c| c.trim().is_empty())
    {
        problems.push(FieldError::new(
            "comment",
            format!("A comment is required to {}", transition.label),
        ));
    }
    if input
        .comment
        .as_deref()
        .is_some_and(|c| c.chars().count() > 2000)
    {
        problems.push(FieldError::new(
            "comment",
            "The comment must be at most 2,000 characters",
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

/// The column whose person a transition hands the record to (`sets = { n_ball_in_court = "n_assigned_to" }`),
/// if it copies one into the ball-in-court.
fn handed_from<'w>(workflow: &'w WorkflowDef, transition: &'w TransitionDef) -> Option<&'w str> {
    let value = transition.sets.get(workflow.ball_in_court.as_deref()?)?;
    match schema_registry::workflow::parse_set_value(value) {
        schema_registry::workflow::SetValue::Column(_) => Some(value.as_str()),
        _ => None,
    }
}

/// Segregation of duties, for everyone (superadmins too): a transition marked `not_creator` is never performed
/// by the record's creator, one marked `not_previous` never by whoever performed the record's previous step.
async fn check_separation(
    client: &impl GenericClient,
    entry: &Entry,
    transition: &TransitionDef,
    key: &str,
    creator: Option<i64>,
    caller: &Caller,
) -> Result<(), ApiError> {
    if transition.who.not_creator && creator == Some(caller.user_id) {
        return Err(ApiError::NotYourTurn(format!(
            "You raised this {}: {} must be done by someone else",
            entry.title(),
            transition.label
        )));
    }
    if transition.who.not_previous {
        let previous: Option<i64> = client
            .query_opt(
                "SELECT n_by FROM workflow_event WHERE c_entry = $1 AND c_key = $2 ORDER BY d_at DESC, id DESC LIMIT 1",
                &[&entry.name, &key],
            )
            .await?
            .map(|row| row.try_get(0))
            .transpose()?
            .flatten();
        if previous == Some(caller.user_id) {
            return Err(ApiError::NotYourTurn(format!(
                "You did the {}'s previous step: {} must be done by someone else",
                entry.title(),
                transition.label
            )));
        }
    }
    Ok(())
}

/// Every guard of the transition must hold on the record as the transition leaves it (its fields applied);
/// each one that does not is a 422 with its message.
async fn check_guards(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    transition: &TransitionDef,
    key: &str,
) -> Result<(), ApiError> {
    let mut problems = Vec::new();
    for guard in &transition.guards {
        let read = sql::guard_sql(registry, entry, guard, key)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("a guard of {}: {e}", entry.name)))?;
        let met: bool = query_one(client, &read).await?.try_get(0)?;
        if !met {
            let field = guard
                .lines
                .clone()
                .unwrap_or_else(|| "transition".to_owned());
            problems.push(FieldError::new(&field, guard.message.clone()));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let message = problems
        .iter()
        .map(|p| p.message.clone())
        .collect::<Vec<_>>()
        .join("; ");
    Err(ApiError::Validation {
        message: format!("{} cannot be done yet: {message}", transition.label),
        fields: problems,
    })
}
