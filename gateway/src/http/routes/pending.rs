//! `GET /api/custom/pendinglist?user_id=` (docs/console.md §2, §7): the documents waiting for the user, grouped by
//! register; `GET /api/reports/pendinglist`: everything waiting on anyone, for the people who hold the report.

use actix_web::{get, web, HttpResponse};
use schema_registry::text::quote;
use serde::Deserialize;

use crate::auth::Caller;
use crate::console::pending;
use crate::error::ApiError;
use crate::pipeline::{authorise, compile};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(pendinglist, pending_report))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(pendinglist).service(pending_report);
}

/// The console route of the pending list report; holding it lets one read the report.
const PENDING_REPORT_ROUTE: &str = "/reports/pendinglist";

#[derive(Debug, Deserialize)]
struct PendingQuery {
    #[serde(default)]
    user_id: Option<String>,
}

/// Documents waiting for the user, one group per register with a pending rule.
#[utoipa::path(get, path = "/api/custom/pendinglist", tag = "console",
    params(("user_id" = Option<i64>, Query, description = "The signed-in user (another user: superadmins only)")),
    responses(
        (status = 200, description = "The groups", body = Vec<crate::console::pending::PendingGroup>),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
#[get("/custom/pendinglist")]
pub async fn pendinglist(
    caller: Caller,
    query: web::Query<PendingQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let user_id = match query
        .user_id
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        None => caller.user_id,
        Some(text) => text.parse::<i64>().map_err(|_| {
            ApiError::BadRequest(format!(
                "user_id must be a user's number, not `{}`",
                quote(text)
            ))
        })?,
    };
    if user_id != caller.user_id && !caller.superadmin {
        return Err(ApiError::ForbiddenRecord(
            "you can only see your own pending documents".into(),
        ));
    }
    // A superadmin's own list is not limited to packages; anyone else's is limited to what they can open.
    let scoped = !(user_id == caller.user_id && caller.superadmin);
    let reads = compile::pending::pending_reads(&state.registry, user_id, scoped)?;
    let groups = pending::pending_list(&state.pool, &state.references, reads).await?;
    Ok(HttpResponse::Ok().json(groups))
}

/// Every open record waiting on someone, in the workflow registers the caller reads (package scope and each
/// register's read rules apply, as on its screen), soonest due first within each register.
#[utoipa::path(get, path = "/api/reports/pendinglist", tag = "console",
    responses(
        (status = 200, description = "The records and who they wait on", body = crate::console::pending::PendingReport),
        crate::http::responses::Forbidden
    ))]
#[get("/reports/pendinglist")]
pub async fn pending_report(
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, PENDING_REPORT_ROUTE)?;
    let reads = compile::pending::pending_report_reads(&state.registry, &caller)?;
    let report = pending::pending_report(&state.pool, &state.references, reads).await?;
    Ok(HttpResponse::Ok().json(report))
}
