//! The programme schedule imported from Primavera P6 (docs/schedule.md): `POST /api/import/xer` imports an XER
//! file; `GET /api/schedule/projects`, `/api/schedule/projects/{id}` and `/api/schedule/imports` read it. The
//! import takes Create on Import P6 (`/dataentry/importp6`); the reads take either that screen or the Timeline.

use actix_multipart::Multipart;
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::middleware::Compress;
use actix_web::{web, HttpResponse};
use futures_util::StreamExt;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::auth::caller::Action;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::file_limits::human_size;
use crate::files::names;
use crate::schedule::store::{self, Summary, Upload};
use crate::schedule::{read, xer};
use crate::state::AppState;

const IMPORT_ROUTE: &str = "/dataentry/importp6";
const TIMELINE_ROUTE: &str = "/dataentry/timeline";
/// The largest XER file read (it is held in memory while parsed), unless `FILES_MAX_BYTES` is smaller.
const MAX_XER_BYTES: u64 = 50 * 1024 * 1024;

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(import_xer, projects, project, imports),
    components(schemas(
        SchedulePlanProject,
        ScheduleProjectDetail,
        ScheduleWbs,
        ScheduleActivity,
        ScheduleRelationship,
        ScheduleImport
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/import/xer").route(web::post().to(import_xer)))
        .service(web::resource("/schedule/projects").route(web::get().to(projects)))
        // A programme of 5,000 activities is a few MB of JSON; gzip makes it a tenth (the rest of the API answers
        // pages small enough to send as they are).
        .service(
            web::resource("/schedule/projects/{id}")
                .wrap(Compress::default())
                .route(web::get().to(project)),
        )
        .service(web::resource("/schedule/imports").route(web::get().to(imports)));
}

/// A project as `GET /api/schedule/projects` lists it (dates ISO without zone, e.g. "2026-10-25T08:00:00").
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct SchedulePlanProject {
    id: i64,
    short_name: String,
    name: String,
    data_date: Option<String>,
    plan_start: Option<String>,
    plan_finish: Option<String>,
    activities: i64,
    milestones: i64,
    wbs: i64,
    relationships: i64,
    /// When the current import was made (with zone).
    imported_at: String,
    imported_by: Option<String>,
    import: i64,
    /// The previous import, whose planned dates are the activities' baseline; null after the first import.
    baseline_import: Option<i64>,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ScheduleWbs {
    id: i64,
    parent: Option<i64>,
    code: String,
    name: String,
    seq: i64,
    package: Option<i64>,
    /// The short names from the project node down, joined by '.'.
    path: String,
    proj_node: bool,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ScheduleActivity {
    id: i64,
    wbs: Option<i64>,
    code: String,
    name: String,
    /// TT_Task, TT_Mile, TT_FinMile, TT_LOE, TT_WBS, TT_Rsrc …
    #[schema(rename = "type")]
    kind: String,
    /// TK_NotStart, TK_Active, TK_Complete.
    status: String,
    planned_start: Option<String>,
    planned_finish: Option<String>,
    actual_start: Option<String>,
    actual_finish: Option<String>,
    early_start: Option<String>,
    early_finish: Option<String>,
    late_start: Option<String>,
    late_finish: Option<String>,
    baseline_start: Option<String>,
    baseline_finish: Option<String>,
    baseline_duration_days: Option<f64>,
    /// Baseline start minus planned start, in calendar days (P6 "Variance - BL Start Date"): negative is late.
    start_variance_days: Option<i64>,
    /// Baseline finish minus planned finish, in calendar days (P6 "Variance - BL Finish Date"): negative is late.
    finish_variance_days: Option<i64>,
    /// Baseline duration minus planned duration, in working days (P6 "Variance - BL Duration"): negative is longer.
    duration_variance_days: Option<f64>,
    /// Planned duration in working days of the activity's calendar.
    duration_days: Option<f64>,
    remaining_days: Option<f64>,
    total_float_days: Option<f64>,
    pct_complete: Option<f64>,
    package: Option<i64>,
    package_code: Option<String>,
    /// Total float ≤ 0 and not complete.
    critical: bool,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ScheduleRelationship {
    id: i64,
    pred: i64,
    succ: i64,
    /// FS, SS, FF or SF.
    #[schema(rename = "type")]
    kind: String,
    lag_days: f64,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ScheduleProjectDetail {
    project: SchedulePlanProject,
    wbs: Vec<ScheduleWbs>,
    activities: Vec<ScheduleActivity>,
    relationships: Vec<ScheduleRelationship>,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ScheduleImport {
    id: i64,
    at: String,
    user: Option<String>,
    file_name: String,
    sha256: String,
    projects: i64,
    activities: i64,
    relationships: i64,
    warning_count: i64,
    warnings: Vec<xer::Warning>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectQuery {
    /// Only this package's activities (a package id), with the WBS nodes on their paths.
    #[serde(default)]
    pub package: Option<i64>,
}

/// Imports a Primavera P6 XER export (`multipart/form-data`, field `file`): its projects (matched on short name:
/// a project already there is updated and its previous import kept as baseline), WBS, activities, relationships,
/// calendars, resources. All or nothing: a file refused (not XER, a `%R` before its `%F`, a row with too many
/// fields, a date that does not parse) stores nothing and its message names the line.
#[utoipa::path(post, path = "/api/import/xer", operation_id = "import_xer", tag = "schedule",
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::XerForm, description = "A field named `file`: the XER file"),
    responses(
        (status = 200, description = "Imported", body = Summary),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::Invalid
    ))]
pub async fn import_xer(
    caller: Caller,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    if !caller.may(IMPORT_ROUTE, Action::Create) {
        return Err(ApiError::ForbiddenAction {
            action: "import",
            title: "Import P6".to_owned(),
        });
    }
    let (name, bytes) =
        receive(multipart, state.file_settings.max_bytes.min(MAX_XER_BYTES)).await?;
    let sha256: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let slot = state.file_readers.take().await?;
    let programme = web::block(move || xer::read(&bytes))
        .await
        .map_err(|e| ApiError::Internal(e.into()))??;
    drop(slot);
    let mut client = state.pool.get().await?;
    let upload = Upload {
        file_name: &name,
        sha256: &sha256,
        user: caller.user_id,
    };
    let summary = store::import(&mut client, &programme, &upload).await?;
    Ok(HttpResponse::Ok().json(summary))
}

/// The `file` field's name and bytes (an XER file is text of a few MB at most; `max_bytes` bounds it).
async fn receive(mut multipart: Multipart, max_bytes: u64) -> Result<(String, Vec<u8>), ApiError> {
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(|e| {
            ApiError::BadRequest(format!("the upload is not readable multipart: {e}"))
        })?;
        let is_file = field.name() == Some("file");
        let given = field
            .content_disposition()
            .and_then(|d| d.get_filename().map(str::to_owned))
            .unwrap_or_default();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::BadRequest(format!("the upload broke off: {e}")))?;
            if !is_file {
                continue;
            }
            if (bytes.len() + chunk.len()) as u64 > max_bytes {
                return Err(ApiError::PayloadTooLarge(format!(
                    "the file is larger than the {} an upload may have; nothing was imported: export fewer projects per file",
                    human_size(max_bytes)
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if bytes.is_empty() {
                return Err(ApiError::BadRequest(
                    "the file is empty: choose a Primavera P6 XER export".into(),
                ));
            }
            return Ok((names::sanitise(&given), bytes));
        }
    }
    Err(ApiError::BadRequest(
        "send the XER file as a multipart/form-data field named `file`".into(),
    ))
}

fn may_read(caller: &Caller) -> Result<(), ApiError> {
    if caller.holds(TIMELINE_ROUTE) || caller.holds(IMPORT_ROUTE) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

fn json(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")))
        .body(body)
}

/// Every imported project with its counts.
#[utoipa::path(get, path = "/api/schedule/projects", operation_id = "schedule_projects", tag = "schedule",
    responses(
        (status = 200, description = "The imported projects", body = Vec<SchedulePlanProject>),
        crate::http::responses::Forbidden
    ))]
pub async fn projects(
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    may_read(&caller)?;
    let client = state.pool.get().await?;
    Ok(json(read::projects(&client).await?))
}

/// One project: its WBS, activities (with baseline dates and whether critical) and relationships; `?package=`
/// keeps one package's activities.
#[utoipa::path(get, path = "/api/schedule/projects/{id}", operation_id = "schedule_project", tag = "schedule",
    params(("id" = i64, Path, description = "The project's id"), ProjectQuery),
    responses(
        (status = 200, description = "The project's schedule", body = ScheduleProjectDetail),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn project(
    caller: Caller,
    path: web::Path<i64>,
    query: web::Query<ProjectQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    may_read(&caller)?;
    let id = path.into_inner();
    let client = state.pool.get().await?;
    let body = read::project(&client, id, query.package)
        .await?
        .ok_or_else(|| ApiError::RecordNotFound(format!("there is no imported P6 project {id}")))?;
    Ok(json(body))
}

/// The last 50 XER imports, newest first.
#[utoipa::path(get, path = "/api/schedule/imports", operation_id = "schedule_imports", tag = "schedule",
    responses(
        (status = 200, description = "The imports", body = Vec<ScheduleImport>),
        crate::http::responses::Forbidden
    ))]
pub async fn imports(caller: Caller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    may_read(&caller)?;
    let client = state.pool.get().await?;
    Ok(json(read::imports(&client).await?))
}
