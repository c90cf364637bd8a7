//! `GET /api/dashboard?route=/dashboard/dms[&package=<id>][&corridor=<id>][&project=<id>]`: a dashboard of the registry (docs/registry.md
//! "Dashboards", docs/api.md): its widgets and each widget's rows as the caller may read them. Only for callers
//! who hold the dashboard's route (or superadmins).

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::http::query_params::id_param;
use crate::pipeline::compile::dashboard::{Dashboard, Narrowing};
use crate::pipeline::dashboard;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(dashboard_read))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(dashboard_read);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DashboardQuery {
    /// The dashboard's console route, e.g. `/dashboard/dms`.
    pub route: Option<String>,
    /// Only this package's rows (a package id), in widgets whose view has package scope.
    pub package: Option<String>,
    /// Only the rows of this corridor's packages (a corridor id), in widgets whose view has package scope.
    pub corridor: Option<String>,
    /// Only the rows of this project's (programme's) packages (a project id), in widgets whose view has package
    /// scope.
    pub project: Option<String>,
}

/// A dashboard: its widgets (kind, title, span, axes, series, figures, columns, drill-through link) and each
/// widget's rows, aggregated in SQL views; package scope applies, and widgets whose view the caller may not read
/// are left out.
#[utoipa::path(get, path = "/api/dashboard", operation_id = "dashboard", tag = "data", params(DashboardQuery),
    responses(
        (status = 200, description = "The dashboard and its widgets' rows", body = Dashboard),
        (status = 400, description = "No route, a route that is not a dashboard's, or a package, corridor or project that is not an id", body = crate::error::ErrorBody),
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        (status = 404, description = "No dashboard is registered at this /dashboard/ route", body = crate::error::ErrorBody),
        crate::http::responses::Unavailable
    ))]
#[get("/dashboard")]
pub async fn dashboard_read(
    caller: Caller,
    query: web::Query<DashboardQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let route = query.route.as_deref().map(str::trim).unwrap_or_default();
    if route.is_empty() {
        return Err(ApiError::BadRequest(
            "route: name the dashboard's console route, e.g. route=/dashboard/dms".into(),
        ));
    }
    let narrowing = Narrowing {
        package: id_param("package", "package", query.package.as_deref())?,
        corridor: id_param("corridor", "corridor", query.corridor.as_deref())?,
        project: id_param("project", "project", query.project.as_deref())?,
    };
    let answer = dashboard::read(&state, &caller, route, narrowing).await?;
    Ok(HttpResponse::Ok().json(answer))
}
