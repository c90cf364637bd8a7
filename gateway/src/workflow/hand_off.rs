//! The hand-off mail: when a record passes to someone else (a transition, or a new record handed on at once with
//! `initial_with`), the person it now waits on is mailed why (the step, the comment, the step's due date) with a
//! link that opens it, and the people in the step's `notify` columns and on the record's distribution
//! (`[workflow] distribution`) get a copy, each once. Queued in the write's transaction (the outbox and dispatcher
//! deliver it), so a rolled-back write sends nothing. Nobody is mailed about a record they cannot open. The mail
//! to the person the record now waits on always goes at once; a copy waits for the daily digest of a person who
//! asked for one.

use deadpool_postgres::GenericClient;
use schema_registry::process as sql;
use schema_registry::workflow::WorkflowDef;
use schema_registry::{Entry, Registry};

use crate::base::mail::{self, Purpose};
use crate::console::digest::{self, Notice};
use crate::error::ApiError;
use crate::pipeline::execute::{internal, query, query_opt};
use crate::pipeline::reference::References;

/// How the mail links to the record.
pub struct Links<'a> {
    pub references: &'a References,
    pub public_url: &'a str,
}

/// The step that moved the record.
pub struct Step<'a> {
    /// The transition's label ("Submit to engineer"), or "Raised" for a new record.
    pub label: &'a str,
    pub comment: Option<&'a str>,
    /// User columns whose people get a copy.
    pub notify: &'a [String],
}

/// Who moved it.
pub struct Mover<'a> {
    pub user: i64,
    pub name: &'a str,
}

/// Mails the person the record `key` now waits on when it came to them from someone else (`before`: who it
/// waited on before), and copies the step's `notify` people and the record's distribution.
#[allow(clippy::too_many_arguments)]
pub async fn hand_off(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    workflow: &WorkflowDef,
    key: &str,
    before: Option<i64>,
    mover: &Mover<'_>,
    step: &Step<'_>,
    links: &Links<'_>,
) -> Result<(), ApiError> {
    let Ok(id) = key.parse::<i64>() else {
        return Ok(());
    };
    let summary_sql = sql::summary_sql(entry, workflow, key).map_err(internal)?;
    let Some(row) = query_opt(client, &summary_sql).await? else {
        return Ok(());
    };
    let now_with: Option<i64> = row.try_get(0)?;
    // Handed to someone new: they are mailed and the step's people copied. Closed (waiting on no one): only the
    // copies, which tell the step's people (the raiser, typically) how it ended. Otherwise nothing changed hands.
    let recipient = match now_with {
        Some(user) if Some(user) != before && user != mover.user => Some(user),
        Some(_) => return Ok(()),
        None => None,
    };
    let number: Option<String> = row.try_get(1)?;
    let title: Option<String> = row.try_get(2)?;
    let due: Option<String> = row.try_get(3)?;
    let number = number.unwrap_or_else(|| format!("{} {key}", entry.singular()));
    let reference = links.references.encode(&entry.name, id)?;
    let route = entry.def.routes.first().map_or("/", String::as_str);
    let link = format!("{}{route}?record={reference}", links.public_url);
    let due_line = due
        .map(|d| format!("Due: {}\n", schema_registry::record::human_date(&d)))
        .unwrap_or_default();
    let comment_line = step
        .comment
        .map(|c| format!("Comment: {c}\n"))
        .unwrap_or_default();
    let title_line = format!("Title: {}\n", title.unwrap_or_default());
    if let Some((email, name)) = match recipient {
        Some(recipient) => person(client, recipient).await?,
        None => None,
    } {
        let subject = format!(
            "{} {number} is waiting on you: {}",
            entry.singular(),
            step.label
        );
        let body = format!(
            "Dear {name},\n\n{by} passed {kind} {number} to you ({step}).\n\n{title_line}{comment_line}{due_line}\n\
             Open it: {link}\n\nThis message was sent by Metro PMIS.\n",
            by = mover.name,
            kind = entry.singular(),
            step = step.label,
        );
        mail::enqueue(client, &email, &subject, &body, Purpose::Workflow).await?;
    }
    // Copies: the step's `notify` people, then the record's distribution; each person once, never the one the
    // record now waits on nor the one who moved it, and only people who can open it.
    let mut copied: Vec<i64> = recipient.into_iter().chain([mover.user]).collect();
    let mut copies: Vec<(i64, String)> = Vec::new();
    // The step's `notify` columns, then those of each `[[workflow.copies]]` rule while the record meets its
    // condition: one read each, the person and whether they can open the record.
    let named = step.notify.iter().map(|column| (column, None, None)).chain(
        workflow.copies.iter().flat_map(|rule| {
            rule.to
                .iter()
                .map(move |column| (column, rule.when.as_deref(), rule.because.as_deref()))
        }),
    );
    for (column, when, because) in named {
        let read = sql::copy_sql(entry, column, when, key).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!("the copies of {}: {e}", entry.name))
        })?;
        let Some(row) = query_opt(client, &read).await? else {
            continue;
        };
        let person: Option<i64> = row.try_get(0)?;
        let reachable: bool = row.try_get(1)?;
        if let Some(person) = person.filter(|p| reachable && !copied.contains(p)) {
            copied.push(person);
            copies.push((
                person,
                because.map_or_else(String::new, |why| format!("{why}\n\n")),
            ));
        }
    }
    if let Some(read) = sql::distribution_sql(registry, entry, workflow, key).map_err(internal)? {
        for row in query(client, &read).await? {
            let person: i64 = row.try_get(0)?;
            if !copied.contains(&person) {
                copied.push(person);
                copies.push((person, "You are on its distribution.\n\n".to_owned()));
            }
        }
    }
    if copies.is_empty() {
        return Ok(());
    }
    let what_happened = match recipient {
        Some(recipient) => {
            let waiting_on = person(client, recipient)
                .await?
                .map(|(_, name)| name)
                .unwrap_or_default();
            format!(
                "{by} passed {kind} {number} to {waiting_on} ({step}).\n\n",
                by = mover.name,
                kind = entry.singular(),
                step = step.label,
            )
        }
        None => format!(
            "{by} took the step \"{step}\" on {kind} {number}: it waits on no one now.\n\n",
            by = mover.name,
            kind = entry.singular(),
            step = step.label,
        ),
    };
    let due_line = if recipient.is_some() {
        due_line
    } else {
        String::new()
    };
    let subject = format!("Copy: {} {number}: {}", entry.singular(), step.label);
    for (person, why) in copies {
        let text = format!(
            "For your information: {what_happened}{why}{title_line}{comment_line}{due_line}\nOpen it: {link}\n"
        );
        digest::deliver(
            client,
            person,
            &Notice {
                subject: &subject,
                text: &text,
                purpose: Purpose::Workflow,
            },
        )
        .await?;
    }
    Ok(())
}

/// An active user's e-mail address and name.
async fn person(
    client: &impl GenericClient,
    user: i64,
) -> Result<Option<(String, String)>, ApiError> {
    let row = client
        .query_opt(
            "SELECT c_email, c_name FROM users WHERE id = $1 AND n_active = 1",
            &[&user],
        )
        .await?;
    Ok(match row {
        Some(row) => Some((row.try_get(0)?, row.try_get(1)?)),
        None => None,
    })
}
