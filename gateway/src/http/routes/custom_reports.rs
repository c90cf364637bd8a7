//! Custom reports (docs/reports.md "Custom reports", docs/api.md), for callers who hold `/reports/customreports`:
//! - `GET /api/custom-reports/registers`: the registers they may report on, with their columns;
//! - `POST /api/custom-reports/preview`: a definition run (its first 200 rows);
//! - `POST /api/custom-reports/export?format=csv|xlsx|pdf`: a definition run and written as a file;
//! - `GET|POST /api/custom-reports`, `GET|PUT|DELETE /api/custom-reports/{id}`: saved reports, shared and
//!   scheduled.

use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{delete, get, post, put, web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::base::query_params::id_param;
use crate::custom_report::files::{self, Printed, ReportFormat};
use crate::custom_report::store::{self, ReportInput, SavedReport};
use crate::custom_report::{run, ReportAnswer, Use, EXPORT_ROWS, PREVIEW_ROWS, ROUTE};
use crate::error::ApiError;
use crate::http::json_body::JsonBody;
use crate::pipeline::authorise;
use crate::pipeline::compile::custom_report::{registers, ReportRegister};
use crate::pipeline::report_definition::ReportDefinition;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    report_registers,
    report_preview,
    report_export,
    reports_list,
    report_create,
    report_read,
    report_update,
    report_delete
))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The fixed paths before `/{id}` so that it does not take them.
    cfg.service(report_registers)
        .service(report_preview)
        .service(report_export)
        .service(reports_list)
        .service(report_create)
        .service(report_read)
        .service(report_update)
        .service(report_delete);
}

/// The registers the caller may report on (those whose screen they hold, or whose parent's), by title, with the
/// columns they may read and which of them add up.
#[utoipa::path(get, path = "/api/custom-reports/registers", operation_id = "customReportRegisters", tag = "reports",
    responses(
        (status = 200, description = "The registers", body = Vec<ReportRegister>),
        crate::http::responses::Forbidden
    ))]
#[get("/custom-reports/registers")]
pub async fn report_registers(
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    Ok(HttpResponse::Ok().json(registers(&state.registry, &caller)?))
}

/// A definition run as the caller may read its register: its first 200 rows. Every name is checked against the
/// registry and the caller's grant; the filter is compiled as selectall's `whrc` is.
#[utoipa::path(post, path = "/api/custom-reports/preview", operation_id = "customReportPreview", tag = "reports",
    request_body = ReportDefinition,
    responses(
        (status = 200, description = "The report's columns and rows", body = ReportAnswer),
        (status = 400, description = "A definition the register cannot answer (an unknown or hidden column, a filter that does not compile, a sum of a text)", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType
    ))]
#[post("/custom-reports/preview")]
pub async fn report_preview(
    caller: Caller,
    body: JsonBody<ReportDefinition>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let definition = tidy(body.into_inner())?;
    let answer = state
        .stale_read(async |client| {
            run(
                &state.registry,
                &state.filters,
                &client,
                &caller,
                &definition,
                PREVIEW_ROWS,
                Use::Read,
            )
            .await
        })
        .await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `csv`, `xlsx` or `pdf`.
    pub format: Option<String>,
}

/// What an export sends: the report's title (the file's name and heading) and its definition.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportExportBody {
    pub title: String,
    pub definition: ReportDefinition,
}

/// A definition run and written as CSV (values as stored), XLSX or PDF (A4 landscape, figures as the console
/// writes them): at most 10,000 rows. Needs the register's export right, as the register's own export does, and
/// takes an export slot.
#[utoipa::path(post, path = "/api/custom-reports/export", operation_id = "customReportExport", tag = "reports",
    params(ExportQuery), request_body = ReportExportBody,
    responses(
        (status = 200, description = "The file (Content-Disposition names it)", content_type = "text/csv"),
        (status = 400, description = "A format other than csv, xlsx or pdf, or a definition the register cannot answer", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
#[post("/custom-reports/export")]
pub async fn report_export(
    caller: Caller,
    query: web::Query<ExportQuery>,
    body: JsonBody<ReportExportBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let format = query
        .format
        .as_deref()
        .and_then(ReportFormat::parse)
        .ok_or_else(|| ApiError::BadRequest("format: choose csv, xlsx or pdf".into()))?;
    let body = body.into_inner();
    let title = store::title_of(&body.title)?;
    let definition = tidy(body.definition)?;
    let _slot = state.exports.take(caller.user_id)?;
    let (answer, generated) = state
        .stale_read(async |client| {
            let answer = run(
                &state.registry,
                &state.filters,
                &client,
                &caller,
                &definition,
                EXPORT_ROWS,
                Use::Export,
            )
            .await?;
            let generated: String = client
                .query_one("SELECT to_char(now(), 'DD Mon, YYYY, HH24:MI')", &[])
                .await?
                .try_get(0)?;
            Ok((answer, generated))
        })
        .await?;
    let file = files::write(
        &answer,
        &title,
        Printed {
            generated,
            by: caller.name.clone(),
        },
        format,
    )
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, format.content_type()))
        .insert_header((
            CONTENT_DISPOSITION,
            crate::files::names::disposition("attachment", &file.file_name),
        ))
        .body(file.bytes))
}

/// The reports the caller made and those shared with them, by title.
#[utoipa::path(get, path = "/api/custom-reports", operation_id = "customReports", tag = "reports",
    responses(
        (status = 200, description = "The reports", body = Vec<SavedReport>),
        crate::http::responses::Forbidden
    ))]
#[get("/custom-reports")]
pub async fn reports_list(
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let client = state.pool.get().await?;
    Ok(HttpResponse::Ok().json(store::list(&client, caller.user_id).await?))
}

/// Saves a new report of the caller's: its definition must run for them (and, scheduled, be exportable by them);
/// the people it is shared with must hold the custom reports screen.
#[utoipa::path(post, path = "/api/custom-reports", operation_id = "customReportCreate", tag = "reports",
    request_body = ReportInput,
    responses(
        (status = 201, description = "The report as saved", body = SavedReport),
        (status = 400, description = "A definition the register cannot answer", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/custom-reports")]
pub async fn report_create(
    caller: Caller,
    body: JsonBody<ReportInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let input = checked(body.into_inner())?;
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let people = runs_for_owner(&state, &transaction, &caller, &input).await?;
    let id = store::create(&transaction, caller.user_id, &input, &people).await?;
    let saved = store::get(&transaction, caller.user_id, id).await?;
    transaction.commit().await?;
    Ok(HttpResponse::Created().json(saved))
}

#[derive(Debug, Deserialize)]
pub struct ReportPath {
    id: String,
}

fn report_id(path: &ReportPath) -> Result<i64, ApiError> {
    id_param("id", "custom report", Some(&path.id))?
        .ok_or_else(|| ApiError::BadRequest("id: name the report".into()))
}

/// A report the caller made or that is shared with them (404 for anyone else's).
#[utoipa::path(get, path = "/api/custom-reports/{id}", operation_id = "customReport", tag = "reports",
    params(("id" = i64, Path, description = "The report")),
    responses(
        (status = 200, description = "The report", body = SavedReport),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[get("/custom-reports/{id}")]
pub async fn report_read(
    caller: Caller,
    path: web::Path<ReportPath>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let id = report_id(&path)?;
    let client = state.pool.get().await?;
    Ok(HttpResponse::Ok().json(store::get(&client, caller.user_id, id).await?))
}

/// Changes one's own report at the version read (409 when it changed since; 403 for a report shared with one).
#[utoipa::path(put, path = "/api/custom-reports/{id}", operation_id = "customReportUpdate", tag = "reports",
    params(("id" = i64, Path, description = "The report")),
    request_body = ReportInput,
    responses(
        (status = 200, description = "The report as saved", body = SavedReport),
        (status = 400, description = "A definition the register cannot answer", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::PreconditionRequired
    ))]
#[put("/custom-reports/{id}")]
pub async fn report_update(
    caller: Caller,
    path: web::Path<ReportPath>,
    body: JsonBody<ReportInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let id = report_id(&path)?;
    let input = checked(body.into_inner())?;
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let people = runs_for_owner(&state, &transaction, &caller, &input).await?;
    store::update(&transaction, caller.user_id, id, &input, &people).await?;
    let saved = store::get(&transaction, caller.user_id, id).await?;
    transaction.commit().await?;
    Ok(HttpResponse::Ok().json(saved))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub id: i64,
}

/// Deletes one's own report (its shares and schedule with it).
#[utoipa::path(delete, path = "/api/custom-reports/{id}", operation_id = "customReportDelete", tag = "reports",
    params(("id" = i64, Path, description = "The report")),
    responses(
        (status = 200, description = "Deleted", body = Deleted),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[delete("/custom-reports/{id}")]
pub async fn report_delete(
    caller: Caller,
    path: web::Path<ReportPath>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, ROUTE)?;
    let id = report_id(&path)?;
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    store::delete(&transaction, caller.user_id, id).await?;
    transaction.commit().await?;
    Ok(HttpResponse::Ok().json(Deleted { id }))
}

fn tidy(definition: ReportDefinition) -> Result<ReportDefinition, ApiError> {
    definition.tidy().map_err(ApiError::BadRequest)
}

/// The input with its title trimmed and its definition's shape checked.
fn checked(mut input: ReportInput) -> Result<ReportInput, ApiError> {
    input.title = store::title_of(&input.title)?;
    input.definition = tidy(input.definition)?;
    Ok(input)
}

/// A saved report must run for its owner (and, mailed on a schedule, be exportable by them); the people it is
/// shared with, checked.
async fn runs_for_owner(
    state: &AppState,
    client: &deadpool_postgres::Transaction<'_>,
    caller: &Caller,
    input: &ReportInput,
) -> Result<Vec<i64>, ApiError> {
    let purpose = if input.schedule.is_some() {
        Use::Export
    } else {
        Use::Read
    };
    run(
        &state.registry,
        &state.filters,
        client,
        caller,
        &input.definition,
        0,
        purpose,
    )
    .await?;
    store::check_shares(client, caller.user_id, &input.shared_with).await
}
