//! Reminders (docs/console.md §3 reminder payload, §4 alerts, §5 validation): the form's payload checked field by field,
//! and the changes, each in one transaction with its recipients and audit row. Sending is the dispatcher's.

use deadpool_postgres::{GenericClient, Object};
use schema_registry::text::quote;
use serde::Deserialize;
use serde_json::Value;

use crate::auth::{rate_limit, Caller};
use crate::base::audit;
use crate::base::mail;
use crate::error::{ApiError, FieldError};
use crate::ops::config::MailSettings;

/// The create and update payload, as the console sends it. Fields are read as loose JSON so that each problem
/// becomes a message under its input rather than one parse error; fields the console adds beyond these are ignored.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"c_title": "Check pier P112 cube results", "c_url": "/dataentry/pkgactprogress",
    "c_detailed_action_plan": "Compare 28-day strengths with the mix design.", "d_scheduled_date_time": "2026-11-28",
    "n_user_id": 1, "forwarded_alert_ids": [2], "selectedAlerts": [{"id": 2, "name": "Priya Raman", "email": "priya.raman@metrorail.example"}]}))]
pub struct ReminderBody {
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub c_title: Value,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub c_url: Value,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub c_detailed_action_plan: Value,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub d_scheduled_date_time: Value,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub n_user_id: Value,
    /// Recipients: user ids or e-mail addresses, as a list or a comma-separated text.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub forwarded_alert_ids: Value,
    /// Recipients as the form's picker holds them: `{id, name, email}` objects (or plain ids / addresses).
    #[serde(default, rename = "selectedAlerts")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub selected_alerts: Value,
}

/// When the reminder is due, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// `yyyy-MM-dd`: due at `REMINDER_HOUR` that day in `TIME_ZONE`.
    Date(String),
    /// A date and time without offset, in `TIME_ZONE`.
    Local(String),
    /// A date and time with `Z` or an offset.
    Zoned(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipient {
    User(i64),
    Email(String),
}

/// A payload that passed the checks that need no database.
#[derive(Debug, Clone)]
pub struct Reminder {
    pub title: String,
    pub url: String,
    pub plan: Option<String>,
    pub schedule: Schedule,
    pub owner: i64,
    /// `None` when the payload names no recipients (an update then keeps the stored ones).
    pub recipients: Option<Vec<Recipient>>,
}

const TITLE_MAX: usize = 200;
const URL_MAX: usize = 2000;
const PLAN_MAX: usize = 4000;
const RECIPIENTS_MAX: usize = 200;

impl ReminderBody {
    /// Checks every field; the caller owns the reminder unless a superadmin names another owner. `public_url` is
    /// where the console is served: the URL must be one of its pages.
    pub fn validate(&self, caller: &Caller, public_url: &str) -> Result<Reminder, ApiError> {
        let mut fields = Vec::new();
        let title = text(
            &self.c_title,
            "c_title",
            "Title",
            TITLE_MAX,
            true,
            &mut fields,
        );
        // The page the reminder was set on (docs/console.md §5: read-only, pre-filled), never a link elsewhere:
        // reminder mail goes out under the company's name.
        let url = text(&self.c_url, "c_url", "URL", URL_MAX, true, &mut fields).and_then(|url| {
            let page = console_page(&url, public_url);
            if page.is_none() {
                fields.push(FieldError::new(
                    "c_url",
                    "URL must be a page of this console (such as /masters/corridor)",
                ));
            }
            page
        });
        let plan = text(
            &self.c_detailed_action_plan,
            "c_detailed_action_plan",
            "Detailed Action Plan",
            PLAN_MAX,
            false,
            &mut fields,
        );
        let schedule = schedule(&self.d_scheduled_date_time, &mut fields);
        let owner = match &self.n_user_id {
            Value::Null => Some(caller.user_id),
            value => match as_id(value) {
                Some(id) if id == caller.user_id || caller.superadmin => Some(id),
                Some(_) => return Err(not_yours()),
                None => {
                    fields.push(FieldError::new("n_user_id", "User must be a user id"));
                    None
                }
            },
        };
        let recipients = recipients(
            &self.forwarded_alert_ids,
            &self.selected_alerts,
            &mut fields,
        );
        match (title, url, schedule, owner) {
            (Some(title), Some(url), Some(schedule), Some(owner)) if fields.is_empty() => {
                Ok(Reminder {
                    title,
                    url,
                    plan,
                    schedule,
                    owner,
                    recipients,
                })
            }
            _ => Err(ApiError::validation(fields)),
        }
    }
}

/// `url` as a path of the console: `/masters/corridor?x=1`, or the same under `public_url`. Anything that could
/// lead elsewhere (another host, `//host`, `/\\host`, a scheme, spaces) is not a console page.
pub fn console_page(url: &str, public_url: &str) -> Option<String> {
    let path = match url.strip_prefix(public_url.trim_end_matches('/')) {
        Some("") => "/",
        Some(rest) if rest.starts_with('/') => rest,
        Some(_) => return None,
        None => url,
    };
    let safe = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.chars().any(|c| c.is_whitespace() || c.is_control());
    safe.then(|| path.to_owned())
}

fn text(
    value: &Value,
    field: &str,
    label: &str,
    max: usize,
    required: bool,
    fields: &mut Vec<FieldError>,
) -> Option<String> {
    match value {
        Value::Null => {}
        Value::String(text) if text.trim().is_empty() => {}
        Value::String(text) => {
            let length = text.chars().count();
            if length > max {
                fields.push(FieldError::new(
                    field,
                    format!("{label} must be at most {max} characters (it has {length})"),
                ));
                return None;
            }
            return Some(text.trim().to_owned());
        }
        _ => {
            fields.push(FieldError::new(field, format!("{label} must be text")));
            return None;
        }
    }
    if required {
        fields.push(FieldError::new(field, format!("{label} is required")));
    }
    None
}

fn schedule(value: &Value, fields: &mut Vec<FieldError>) -> Option<Schedule> {
    let field = "d_scheduled_date_time";
    let Some(text) = value.as_str().map(str::trim).filter(|t| !t.is_empty()) else {
        let message = if value.is_null() || value.as_str().is_some() {
            "Date is required"
        } else {
            "Date must be a date in the form yyyy-MM-dd"
        };
        fields.push(FieldError::new(field, message));
        return None;
    };
    if schema_registry::values::is_iso_date(text) {
        return Some(Schedule::Date(text.to_owned()));
    }
    if schema_registry::values::is_iso_timestamp(text) {
        let zoned = text.len() > 10 && text[10..].contains(['Z', '+', '-']);
        return Some(if zoned {
            Schedule::Zoned(text.to_owned())
        } else {
            Schedule::Local(text.to_owned())
        });
    }
    fields.push(FieldError::new(
        field,
        "Date must be a date in the form yyyy-MM-dd (or yyyy-MM-dd HH:mm)",
    ));
    None
}

fn as_id(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// Recipients from both payload fields. `None` when neither names any.
fn recipients(
    forwarded: &Value,
    selected: &Value,
    fields: &mut Vec<FieldError>,
) -> Option<Vec<Recipient>> {
    let mut items: Vec<Value> = Vec::new();
    for value in [forwarded, selected] {
        match value {
            Value::Null => {}
            Value::Array(list) => items.extend(list.iter().cloned()),
            Value::String(text) => items.extend(
                text.split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(|t| Value::String(t.to_owned())),
            ),
            other => items.push(other.clone()),
        }
    }
    if forwarded.is_null() && selected.is_null() {
        return None;
    }
    if items.len() > RECIPIENTS_MAX {
        fields.push(FieldError::new(
            "forwarded_alert_ids",
            format!("at most {RECIPIENTS_MAX} recipients"),
        ));
        return None;
    }
    let mut recipients = Vec::new();
    for item in items {
        // A picker entry `{id, name, email}`: the user when it has an id, else its address.
        let item = match &item {
            Value::Object(entry) => entry
                .get("id")
                .filter(|id| !id.is_null())
                .or_else(|| entry.get("email"))
                .cloned()
                .unwrap_or(Value::Null),
            _ => item,
        };
        match (&item, as_id(&item)) {
            (_, Some(id)) => recipients.push(Recipient::User(id)),
            (Value::String(text), None) if mail::is_address(text.trim()) => {
                recipients.push(Recipient::Email(text.trim().to_owned()))
            }
            _ => fields.push(FieldError::new(
                "forwarded_alert_ids",
                format!(
                    "recipient {} is neither a user nor an e-mail address",
                    quote(&item.to_string())
                ),
            )),
        }
    }
    Some(recipients)
}

fn not_yours() -> ApiError {
    ApiError::ForbiddenRecord("you can only change your own reminders".into())
}

/// The schedule as SQL over `$1` (the text) giving a `timestamptz`, with `$2` the time zone and `$3` the hour.
fn schedule_sql(schedule: &Schedule) -> (&'static str, &str) {
    match schedule {
        Schedule::Date(text) => (
            "((CAST(CAST($1 AS text) AS date) + make_interval(hours => $3)) AT TIME ZONE $2)",
            text,
        ),
        Schedule::Local(text) => (
            "(CAST(CAST($1 AS text) AS timestamp) AT TIME ZONE $2)",
            text,
        ),
        Schedule::Zoned(text) => ("CAST(CAST($1 AS text) AS timestamptz)", text),
    }
}

/// The moment a schedule means, checked against today: a date not before today in `TIME_ZONE`, a time not more
/// than five minutes ago. `keep` is the stored moment of an update, which may stay as it is even when past.
async fn moment(
    client: &impl GenericClient,
    schedule: &Schedule,
    settings: &MailSettings,
    keep: Option<&str>,
) -> Result<String, ApiError> {
    let (expression, text) = schedule_sql(schedule);
    let hour = settings.reminder_hour as i32;
    let not_past = match schedule {
        Schedule::Date(_) => {
            "CAST(CAST($1 AS text) AS date) >= (now() AT TIME ZONE $2)::date".to_owned()
        }
        _ => format!("{expression} >= now() - interval '5 minutes'"),
    };
    let row = client
        .query_one(
            &format!(
                // Every parameter is typed even where the form of the schedule leaves it unused.
                "SELECT ({expression})::text, ({not_past}) OR ({expression}) = CAST(CAST($4 AS text) AS timestamptz),
                        CAST($2 AS text), CAST($3 AS int4)"
            ),
            &[&text, &settings.time_zone, &hour, &keep],
        )
        .await?;
    let at: String = row.try_get(0)?;
    let allowed: Option<bool> = row.try_get(1)?;
    if allowed != Some(true) {
        return Err(ApiError::validation(vec![FieldError::new(
            "d_scheduled_date_time",
            "Date cannot be in the past",
        )]));
    }
    Ok(at)
}

/// Users among `recipients` that do not exist or are inactive become field problems.
async fn check_recipients(
    client: &impl GenericClient,
    recipients: &[Recipient],
) -> Result<(), ApiError> {
    let ids: Vec<i64> = recipients
        .iter()
        .filter_map(|r| match r {
            Recipient::User(id) => Some(*id),
            Recipient::Email(_) => None,
        })
        .collect();
    if ids.is_empty() {
        return Ok(());
    }
    let rows = client
        .query(
            "SELECT wanted FROM unnest(CAST($1 AS int8[])) AS wanted
             WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = wanted AND u.n_active = 1)",
            &[&ids],
        )
        .await?;
    let unknown: Vec<i64> = rows
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(
            unknown
                .iter()
                .map(|id| {
                    FieldError::new(
                        "forwarded_alert_ids",
                        format!("recipient {id} is not an active user"),
                    )
                })
                .collect(),
        ))
    }
}

/// Counts the addresses outside the user directory that `recipients` adds (to reminder `stored`, when it
/// exists) against the caller's daily allowance; beyond it the change is refused (429).
async fn count_outside(
    client: &impl GenericClient,
    caller: &Caller,
    recipients: &[Recipient],
    stored: Option<i64>,
) -> Result<(), ApiError> {
    let addresses: Vec<String> = recipients
        .iter()
        .filter_map(|r| match r {
            Recipient::Email(address) => Some(address.to_lowercase()),
            Recipient::User(_) => None,
        })
        .collect();
    if addresses.is_empty() {
        return Ok(());
    }
    let outside: i64 = client
        .query_one(
            "SELECT count(DISTINCT a) FROM unnest(CAST($1 AS text[])) AS a
             WHERE NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.c_email) = a)
               AND NOT EXISTS (SELECT 1 FROM reminder_recipient rr
                               WHERE rr.n_reminder_id = $2 AND lower(rr.c_email) = a)",
            &[&addresses, &stored],
        )
        .await?
        .try_get(0)?;
    let limit = rate_limit::OUTSIDE_RECIPIENTS_PER_USER;
    rate_limit::take(client, limit, &caller.user_id.to_string(), outside)
        .await?
        .map_err(|retry_after| ApiError::RateLimited {
            what: limit.what,
            retry_after,
        })
}

async fn store_recipients(
    client: &impl GenericClient,
    reminder: i64,
    recipients: &[Recipient],
) -> Result<(), ApiError> {
    client
        .execute(
            "DELETE FROM reminder_recipient WHERE n_reminder_id = $1",
            &[&reminder],
        )
        .await?;
    for recipient in recipients {
        let (user, email) = match recipient {
            Recipient::User(id) => (Some(*id), None),
            Recipient::Email(address) => (None, Some(address.as_str())),
        };
        client
            .execute(
                "INSERT INTO reminder_recipient (n_reminder_id, n_user_id, c_email) VALUES ($1, $2, $3)",
                &[&reminder, &user, &email],
            )
            .await?;
    }
    Ok(())
}

/// The reminder and its recipients as the audit log keeps them.
const SNAPSHOT: &str = "SELECT (to_jsonb(r) || jsonb_build_object('recipients', coalesce((
        SELECT jsonb_agg(jsonb_build_object('n_user_id', rr.n_user_id, 'c_email', rr.c_email) ORDER BY rr.id)
        FROM reminder_recipient rr WHERE rr.n_reminder_id = r.id), '[]'::jsonb)))::text
    FROM reminder r WHERE r.id = $1";

async fn snapshot(client: &impl GenericClient, id: i64) -> Result<Option<String>, ApiError> {
    Ok(client
        .query_opt(SNAPSHOT, &[&id])
        .await?
        .map(|row| row.try_get(0))
        .transpose()?)
}

pub async fn create(
    client: &mut Object,
    caller: &Caller,
    reminder: &Reminder,
    settings: &MailSettings,
) -> Result<i64, ApiError> {
    let transaction = client.transaction().await?;
    let at = moment(&transaction, &reminder.schedule, settings, None).await?;
    let recipients = reminder.recipients.clone().unwrap_or_default();
    check_recipients(&transaction, &recipients).await?;
    count_outside(&transaction, caller, &recipients, None).await?;
    let id: i64 = transaction
        .query_one(
            "INSERT INTO reminder (n_user_id, c_title, c_url, c_detailed_action_plan, d_scheduled_date_time)
             VALUES ($1, $2, $3, $4, CAST(CAST($5 AS text) AS timestamptz)) RETURNING id",
            &[&reminder.owner, &reminder.title, &reminder.url, &reminder.plan, &at],
        )
        .await?
        .try_get(0)?;
    store_recipients(&transaction, id, &recipients).await?;
    let after = snapshot(&transaction, id).await?;
    audit::record_text(
        &transaction,
        Some(caller.user_id),
        "reminder",
        &id.to_string(),
        "create",
        None,
        after.as_deref(),
    )
    .await?;
    transaction.commit().await?;
    Ok(id)
}

pub async fn update(
    client: &mut Object,
    caller: &Caller,
    id: i64,
    reminder: &Reminder,
    settings: &MailSettings,
) -> Result<(), ApiError> {
    let transaction = client.transaction().await?;
    let stored = owned(&transaction, caller, id).await?;
    let at = moment(&transaction, &reminder.schedule, settings, Some(&stored)).await?;
    if let Some(recipients) = &reminder.recipients {
        check_recipients(&transaction, recipients).await?;
        count_outside(&transaction, caller, recipients, Some(id)).await?;
    }
    let before = snapshot(&transaction, id).await?;
    // A new time makes the reminder due again, even if it was sent for the old one.
    transaction
        .execute(
            "UPDATE reminder SET n_user_id = $2, c_title = $3, c_url = $4, c_detailed_action_plan = $5,
                    d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz),
                    n_sent_status = CASE WHEN d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz) THEN n_sent_status ELSE 0 END,
                    d_sent_at = CASE WHEN d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz) THEN d_sent_at END,
                    n_send_attempts = CASE WHEN d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz) THEN n_send_attempts ELSE 0 END,
                    c_last_error = CASE WHEN d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz) THEN c_last_error END,
                    d_next_attempt_at = CASE WHEN d_scheduled_date_time = CAST(CAST($6 AS text) AS timestamptz) THEN d_next_attempt_at END
             WHERE id = $1",
            &[&id, &reminder.owner, &reminder.title, &reminder.url, &reminder.plan, &at],
        )
        .await?;
    if let Some(recipients) = &reminder.recipients {
        store_recipients(&transaction, id, recipients).await?;
    }
    let after = snapshot(&transaction, id).await?;
    audit::record_text(
        &transaction,
        Some(caller.user_id),
        "reminder",
        &id.to_string(),
        "update",
        before.as_deref(),
        after.as_deref(),
    )
    .await?;
    transaction.commit().await?;
    Ok(())
}

pub async fn delete(client: &mut Object, caller: &Caller, id: i64) -> Result<(), ApiError> {
    let transaction = client.transaction().await?;
    owned(&transaction, caller, id).await?;
    let before = snapshot(&transaction, id).await?;
    transaction
        .execute("DELETE FROM reminder WHERE id = $1", &[&id])
        .await?;
    audit::record_text(
        &transaction,
        Some(caller.user_id),
        "reminder",
        &id.to_string(),
        "delete",
        before.as_deref(),
        None,
    )
    .await?;
    transaction.commit().await?;
    Ok(())
}

/// Locks the caller's reminder `id` and returns its stored time; 404 when there is none, 403 when it is someone
/// else's (superadmins may change any).
async fn owned(client: &impl GenericClient, caller: &Caller, id: i64) -> Result<String, ApiError> {
    let row = client
        .query_opt(
            "SELECT n_user_id, d_scheduled_date_time::text FROM reminder WHERE id = $1 FOR UPDATE",
            &[&id],
        )
        .await?
        .ok_or_else(|| ApiError::RecordNotFound(format!("reminder {id} does not exist")))?;
    let owner: i64 = row.try_get(0)?;
    if owner != caller.user_id && !caller.superadmin {
        return Err(not_yours());
    }
    Ok(row.try_get(1)?)
}

/// The reminder id of an update's query string or a delete's body.
pub fn reminder_id(value: &Value) -> Result<i64, ApiError> {
    as_id(value).filter(|id| *id > 0).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "id must be the number of a reminder, not {}",
            quote(&value.to_string())
        ))
    })
}
