//! Segregation of duties inside record writes and transitions (docs/registry.md, "Who may be picked"): the people
//! a record is handed to must be ones its registry file allows for that column (`[workflow.people]`: holders of a
//! route, a side of the contract, members of the record's package, never its creator), and a record is never
//! handed to someone who cannot open it. Both are judged on the stored row inside the write's transaction, so the
//! record's package and creator are the ones being saved; a refusal is 422 under the field, in words, and the
//! transaction is rolled back.

use deadpool_postgres::GenericClient;
use schema_registry::process as sql;
use schema_registry::workflow::PeopleRule;
use schema_registry::{Entry, Registry};

use crate::error::{ApiError, FieldError};
use crate::pipeline::execute::{internal, query_opt};

/// Checks the people now in `written` columns of the record `key` against their `[workflow.people]` rules.
pub async fn check_people(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    written: &[&str],
) -> Result<(), ApiError> {
    let Some(workflow) = entry.workflow() else {
        return Ok(());
    };
    let Some((read, checked)) =
        sql::people_check_sql(entry, workflow, written, key).map_err(internal)?
    else {
        return Ok(());
    };
    let Some(row) = query_opt(client, &read).await? else {
        return Ok(());
    };
    let mut problems = Vec::new();
    for (index, (name, rule)) in checked.columns.iter().enumerate() {
        let allowed: bool = row.try_get(index * 2)?;
        if allowed {
            continue;
        }
        let person: Option<String> = row.try_get(index * 2 + 1)?;
        let label = entry.column(name).map_or(*name, |c| c.label.as_str());
        problems.push(FieldError::new(
            name,
            format!(
                "{label}: {} cannot be chosen here; {}",
                person.as_deref().unwrap_or("this person"),
                describe(registry, entry, rule)
            ),
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

/// Who a rule allows, in words: "choose an active user of the engineer's staff who holds RFI with update, not
/// the person who raised it".
pub fn describe(registry: &Registry, entry: &Entry, rule: &PeopleRule) -> String {
    let mut parts = vec!["choose an active user".to_owned()];
    if !rule.sides.is_empty() {
        let sides: Vec<&str> = rule.sides.iter().map(|side| side.people()).collect();
        parts.push(format!("of {}", or_list(&sides)));
    }
    if !rule.routes.is_empty() {
        let screens: Vec<&str> = rule
            .routes
            .iter()
            .map(|route| {
                registry
                    .entry_for_route(route)
                    .map_or(route.as_str(), |e| e.title())
            })
            .collect();
        parts.push(format!(
            "who may {} on {}",
            rule.action.verb(),
            or_list(&screens)
        ));
    }
    if rule.package_members {
        parts.push(format!("linked to the {}'s package", entry.title()));
    }
    let mut text = parts.join(" ");
    if rule.not_creator {
        text.push_str(&format!(
            ", not the person who raised the {}",
            entry.title()
        ));
    }
    text.push_str(" (never the system administrator's account)");
    text
}

fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The record `key` may be handed to the person now in its `column` (the ball-in-court) only if they can open
/// it: an active user within its package scope. `field` names the field the person was chosen in (422 under it).
/// Returns the person's id.
pub async fn check_reachable(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    column: &str,
    field: &str,
) -> Result<Option<i64>, ApiError> {
    let read = sql::reachable_sql(entry, column, key).map_err(internal)?;
    let Some(row) = query_opt(client, &read).await? else {
        return Ok(None);
    };
    let user: Option<i64> = row.try_get(0)?;
    let reachable: bool = row.try_get(1)?;
    if user.is_none() || reachable {
        return Ok(user);
    }
    let name: Option<String> = row.try_get(2)?;
    let label = entry.column(field).map_or(field, |c| c.label.as_str());
    Err(ApiError::validation(vec![FieldError::new(
        field,
        format!(
            "{label}: {} cannot open this {} (not an active user of its package), so it cannot be handed to them; \
             choose someone who can",
            name.as_deref().unwrap_or("this person"),
            entry.title()
        ),
    )]))
}

/// One person who may be picked, as the form's look-up shows them (`v_user_list`'s columns).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Candidate {
    pub id: i64,
    pub name: String,
    pub organization: Option<String>,
    pub email: String,
}

/// Whom the people are picked for: a stored record (its package and creator), or a new one of `package`
/// created by the caller.
pub struct PickContext {
    pub record: Option<String>,
    pub package: Option<i64>,
    pub caller: i64,
}

/// The people who may be picked for `column` of `entry` (a column with a `[workflow.people]` rule), matching
/// `search` or being `key`, by name, at most `limit`, and how many match in all. `None`: the column has no rule.
pub async fn candidates(
    client: &impl GenericClient,
    entry: &Entry,
    column: &str,
    context: &PickContext,
    search: Option<&str>,
    key: Option<i64>,
    limit: u64,
) -> Result<Option<(Vec<Candidate>, i64)>, ApiError> {
    let Some(rule) = entry.workflow().and_then(|w| w.people.get(column)) else {
        return Ok(None);
    };
    let (package, creator) = match &context.record {
        Some(record) => {
            let read = sql::record_context_sql(entry, record).map_err(internal)?;
            match query_opt(client, &read).await? {
                Some(row) => (row.try_get(0)?, row.try_get(1)?),
                None => return Err(ApiError::no_record(entry.title(), record)),
            }
        }
        None => (context.package, Some(context.caller)),
    };
    let (rows, count) =
        sql::people_list_sql(rule, package, creator, search, key, limit).map_err(internal)?;
    let found = crate::pipeline::execute::query(client, &rows).await?;
    let people = found
        .iter()
        .map(|row| {
            Ok(Candidate {
                id: row.try_get(0)?,
                name: row.try_get(1)?,
                organization: row.try_get(2)?,
                email: row.try_get(3)?,
            })
        })
        .collect::<Result<Vec<_>, tokio_postgres::Error>>()?;
    let total: i64 = crate::pipeline::execute::query_one(client, &count)
        .await?
        .try_get(0)?;
    Ok(Some((people, total)))
}
