//! Saved custom reports: the owner's, and those shared with the reader. Only the owner changes, shares, schedules
//! or deletes a report; whoever it is shared with opens, runs and exports it with their own grants.

use deadpool_postgres::GenericClient;
use serde::{Deserialize, Serialize};

use super::ROUTE;
use crate::base::audit;
use crate::error::{ApiError, FieldError};
use crate::pipeline::report_definition::ReportDefinition;

/// A report is shared with at most this many people.
pub const MAX_SHARES: usize = 50;
pub const MAX_TITLE_CHARS: usize = 120;

/// How often a report is mailed: every day, every Monday, on the 1st of each month (from the digest hour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportSchedule {
    Daily,
    Weekly,
    Monthly,
}

impl ReportSchedule {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportSchedule::Daily => "daily",
            ReportSchedule::Weekly => "weekly",
            ReportSchedule::Monthly => "monthly",
        }
    }

    fn parse(text: &str) -> Option<ReportSchedule> {
        match text {
            "daily" => Some(ReportSchedule::Daily),
            "weekly" => Some(ReportSchedule::Weekly),
            "monthly" => Some(ReportSchedule::Monthly),
            _ => None,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SharedPerson {
    pub id: i64,
    pub name: String,
}

/// A saved report as its reader sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedReport {
    pub id: i64,
    pub title: String,
    pub definition: ReportDefinition,
    pub schedule: Option<ReportSchedule>,
    pub owner: i64,
    pub owner_name: String,
    /// The reader made it: they may change, share, schedule and delete it.
    pub mine: bool,
    pub shared_with: Vec<SharedPerson>,
    pub row_version: i32,
    /// `YYYY-MM-DD HH:MM`, the programme's time zone.
    pub updated_at: String,
}

/// What saving a report sends.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportInput {
    pub title: String,
    pub definition: ReportDefinition,
    #[serde(default)]
    pub schedule: Option<ReportSchedule>,
    /// The people (user ids) who may open it besides its owner; each must hold the custom reports screen.
    #[serde(default)]
    pub shared_with: Vec<i64>,
    /// The version read (a change only): a report changed since is not overwritten.
    #[serde(default)]
    pub row_version: Option<i32>,
}

const SELECT_REPORT: &str = "SELECT r.id, r.c_title, r.c_definition::text, r.c_schedule, r.n_owner, o.c_name,
        r.n_owner = $1, r.n_row_version,
        to_char(r.d_updated_at, 'YYYY-MM-DD HH24:MI'),
        coalesce((SELECT jsonb_agg(jsonb_build_object('id', u.id, 'name', u.c_name) ORDER BY u.c_name)
                  FROM custom_report_share s JOIN users u ON u.id = s.n_user
                  WHERE s.n_report = r.id), '[]'::jsonb)::text
     FROM custom_report r JOIN users o ON o.id = r.n_owner
     WHERE (r.n_owner = $1 OR EXISTS (SELECT 1 FROM custom_report_share s
                                      WHERE s.n_report = r.id AND s.n_user = $1))";

/// The reports `user` made or that are shared with them, by title.
pub async fn list(client: &impl GenericClient, user: i64) -> Result<Vec<SavedReport>, ApiError> {
    let rows = client
        .query(
            &format!("{SELECT_REPORT} ORDER BY lower(r.c_title), r.id"),
            &[&user],
        )
        .await?;
    rows.iter().map(saved).collect()
}

/// Report `id` when `user` made it or it is shared with them (404 otherwise: others' reports do not exist for
/// them).
pub async fn get(client: &impl GenericClient, user: i64, id: i64) -> Result<SavedReport, ApiError> {
    let row = client
        .query_opt(&format!("{SELECT_REPORT} AND r.id = $2"), &[&user, &id])
        .await?
        .ok_or_else(|| not_found(id))?;
    saved(&row)
}

fn not_found(id: i64) -> ApiError {
    ApiError::RecordNotFound(format!("custom report {id} does not exist"))
}

fn saved(row: &tokio_postgres::Row) -> Result<SavedReport, ApiError> {
    let definition: String = row.try_get(2)?;
    let schedule: Option<String> = row.try_get(3)?;
    let shared: String = row.try_get(9)?;
    let shared: serde_json::Value =
        serde_json::from_str(&shared).map_err(crate::pipeline::execute::internal)?;
    Ok(SavedReport {
        id: row.try_get(0)?,
        title: row.try_get(1)?,
        definition: serde_json::from_str(&definition)
            .map_err(crate::pipeline::execute::internal)?,
        schedule: schedule.as_deref().and_then(ReportSchedule::parse),
        owner: row.try_get(4)?,
        owner_name: row.try_get(5)?,
        mine: row.try_get(6)?,
        row_version: row.try_get(7)?,
        updated_at: row.try_get(8)?,
        shared_with: shared
            .as_array()
            .map(|people| {
                people
                    .iter()
                    .filter_map(|p| {
                        Some(SharedPerson {
                            id: p.get("id")?.as_i64()?,
                            name: p.get("name")?.as_str()?.to_owned(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// The title trimmed, or the form's error for it.
pub fn title_of(title: &str) -> Result<String, ApiError> {
    let title = title.trim();
    let problem = if title.is_empty() {
        Some("Give the report a title".to_owned())
    } else if title.chars().count() > MAX_TITLE_CHARS {
        Some(format!("At most {MAX_TITLE_CHARS} characters"))
    } else {
        None
    };
    match problem {
        Some(message) => Err(ApiError::Validation {
            message: format!("title: {message}"),
            fields: vec![FieldError::new("title", message)],
        }),
        None => Ok(title.to_owned()),
    }
}

/// The people a report may be shared with: active, holding the custom reports screen (or superadmins), not the
/// owner; each once.
pub async fn check_shares(
    client: &impl GenericClient,
    owner: i64,
    shared_with: &[i64],
) -> Result<Vec<i64>, ApiError> {
    let mut people: Vec<i64> = shared_with
        .iter()
        .copied()
        .filter(|id| *id != owner)
        .collect();
    people.sort_unstable();
    people.dedup();
    let field = |message: String| ApiError::Validation {
        message: format!("shared_with: {message}"),
        fields: vec![FieldError::new("shared_with", message)],
    };
    if people.len() > MAX_SHARES {
        return Err(field(format!(
            "A report is shared with at most {MAX_SHARES} people"
        )));
    }
    let rows = client
        .query(
            "SELECT p.id, u.c_name, u.n_active = 1,
                    u.n_superadmin = 1 OR EXISTS (
                        SELECT 1 FROM user_permission_nav n JOIN navigation v ON v.id = n.n_nav_id
                        WHERE n.n_user_id = u.id AND n.n_view = 1 AND v.c_route = $2)
             FROM unnest($1::int8[]) AS p(id) LEFT JOIN users u ON u.id = p.id ORDER BY p.id",
            &[&people, &ROUTE],
        )
        .await?;
    for row in &rows {
        let id: i64 = row.try_get(0)?;
        let name: Option<String> = row.try_get(1)?;
        let active: Option<bool> = row.try_get(2)?;
        let holds: Option<bool> = row.try_get(3)?;
        match (name, active, holds) {
            (Some(_), Some(true), Some(true)) => {}
            (Some(name), Some(true), _) => {
                return Err(field(format!(
                    "{name} cannot open Custom Reports: ask an administrator to give them the screen first"
                )))
            }
            _ => return Err(field(format!("user {id} does not exist or is inactive"))),
        }
    }
    Ok(people)
}

/// A new report of `owner`; its id.
pub async fn create(
    client: &impl GenericClient,
    owner: i64,
    input: &ReportInput,
    people: &[i64],
) -> Result<i64, ApiError> {
    let definition =
        serde_json::to_string(&input.definition).map_err(crate::pipeline::execute::internal)?;
    let schedule = input.schedule.map(ReportSchedule::as_str);
    let id: i64 = client
        .query_one(
            "INSERT INTO custom_report (c_title, c_entry, c_definition, n_owner, c_schedule)
             VALUES ($1, $2, $3::text::jsonb, $4, $5) RETURNING id",
            &[
                &input.title,
                &input.definition.entry,
                &definition,
                &owner,
                &schedule,
            ],
        )
        .await?
        .try_get(0)?;
    share(client, id, people).await?;
    let after = snapshot(client, id).await?;
    audit::record_text(
        client,
        Some(owner),
        AUDITED_AS,
        &id.to_string(),
        "create",
        None,
        after.as_deref(),
    )
    .await?;
    Ok(id)
}

/// Changes report `id` of `owner` at the version they read.
pub async fn update(
    client: &impl GenericClient,
    owner: i64,
    id: i64,
    input: &ReportInput,
    people: &[i64],
) -> Result<(), ApiError> {
    let stored = owned_version(client, owner, id).await?;
    match input.row_version {
        None => {
            return Err(ApiError::PreconditionRequired(
                "send the report's row_version: it says which version you changed".into(),
            ))
        }
        Some(sent) if sent != stored => {
            return Err(ApiError::StaleVersion(format!(
                "the report was changed (version {stored}) since you opened it (version {sent}); reload it"
            )))
        }
        Some(_) => {}
    }
    let before = snapshot(client, id).await?;
    let definition =
        serde_json::to_string(&input.definition).map_err(crate::pipeline::execute::internal)?;
    let schedule = input.schedule.map(ReportSchedule::as_str);
    client
        .execute(
            "UPDATE custom_report SET c_title = $2, c_entry = $3, c_definition = $4::text::jsonb, c_schedule = $5
             WHERE id = $1",
            &[&id, &input.title, &input.definition.entry, &definition, &schedule],
        )
        .await?;
    client
        .execute(
            "DELETE FROM custom_report_share WHERE n_report = $1",
            &[&id],
        )
        .await?;
    share(client, id, people).await?;
    let after = snapshot(client, id).await?;
    audit::record_text(
        client,
        Some(owner),
        AUDITED_AS,
        &id.to_string(),
        "update",
        before.as_deref(),
        after.as_deref(),
    )
    .await?;
    Ok(())
}

/// Deletes report `id` of `owner`.
pub async fn delete(client: &impl GenericClient, owner: i64, id: i64) -> Result<(), ApiError> {
    owned_version(client, owner, id).await?;
    let before = snapshot(client, id).await?;
    client
        .execute("DELETE FROM custom_report WHERE id = $1", &[&id])
        .await?;
    audit::record_text(
        client,
        Some(owner),
        AUDITED_AS,
        &id.to_string(),
        "delete",
        before.as_deref(),
        None,
    )
    .await?;
    Ok(())
}

/// What the audit log names a custom report's changes by.
const AUDITED_AS: &str = "custom_report";

/// The report as the audit log keeps it: its row and the people it is shared with.
async fn snapshot(client: &impl GenericClient, id: i64) -> Result<Option<String>, ApiError> {
    Ok(client
        .query_one(
            "SELECT (SELECT (to_jsonb(r) || jsonb_build_object('shared_with',
                        ARRAY(SELECT n_user FROM custom_report_share WHERE n_report = r.id ORDER BY n_user)))::text
                     FROM custom_report r WHERE r.id = $1)",
            &[&id],
        )
        .await?
        .try_get(0)?)
}

/// The stored version of report `id`, locked, when `owner` made it; 404 when the reader cannot see it, 403 when
/// it is shared with them but not theirs.
async fn owned_version(client: &impl GenericClient, owner: i64, id: i64) -> Result<i32, ApiError> {
    let row = client
        .query_opt(
            "SELECT n_owner, n_row_version,
                    EXISTS (SELECT 1 FROM custom_report_share s WHERE s.n_report = r.id AND s.n_user = $2)
             FROM custom_report r WHERE id = $1 FOR UPDATE",
            &[&id, &owner],
        )
        .await?
        .ok_or_else(|| not_found(id))?;
    let made_by: i64 = row.try_get(0)?;
    let shared: bool = row.try_get(2)?;
    if made_by == owner {
        return Ok(row.try_get(1)?);
    }
    if shared {
        return Err(ApiError::ForbiddenRecord(
            "only the person who made this report may change, share or delete it; save a copy of your own".into(),
        ));
    }
    Err(not_found(id))
}

async fn share(client: &impl GenericClient, id: i64, people: &[i64]) -> Result<(), ApiError> {
    client
        .execute(
            "INSERT INTO custom_report_share (n_report, n_user) SELECT $1, unnest($2::int8[])",
            &[&id, &people],
        )
        .await?;
    Ok(())
}
