//! Dashboards of the registry (docs/registry.md "Dashboards", docs/api.md), only for callers who hold the
//! dashboard's route (or, for one listed inside another screen, that screen's; superadmins hold all):
//! - `GET /api/dashboard?route=/dashboard/dms[&package=<id>][&<level>=<id>…]`: its widgets and each widget's rows
//!   as the caller may read them, narrowed to a package and to the programme levels the package register declares
//!   (`[[levels]]`: `project`, `corridor`);
//! - `GET /api/dashboard/print?route=…&format=pdf|xlsx[&paper=a4|a3]` and the same filters: printed;
//! - `GET /api/dashboards?within=/reports/predefined`: the dashboards listed inside a screen.

use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::dashboard::{listed_within, Dashboard, ListedDashboard};
use crate::pipeline::dashboard;
use crate::print::{self, PrintFormat};
use crate::state::AppState;
use schema_registry::dashboard::Paper;

#[derive(utoipa::OpenApi)]
#[openapi(paths(dashboard_read, dashboard_print, dashboards_listed))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The fixed path before `/dashboard` so that neither shadows the other.
    cfg.service(dashboard_print)
        .service(dashboard_read)
        .service(dashboards_listed);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DashboardQuery {
    /// The dashboard's console route, e.g. `/dashboard/dms`.
    pub route: Option<String>,
    /// Only this package's rows (a package id), in widgets whose view has package scope. Likewise
    /// `<level>=<id>` for each programme level the package register declares (`[[levels]]`, read by the compile
    /// stage): `corridor=2` keeps to the corridor's packages, `project=1` to the programme's.
    pub package: Option<String>,
}

/// The query's parameters in order, for the compile stage to take the filter bar's from (the levels are the
/// registry's, so the route does not list them).
type QueryPairs = web::Query<Vec<(String, String)>>;

/// A dashboard: its widgets (kind, title, span, axes, series, figures, columns, drill-through link) and each
/// widget's rows, aggregated in SQL views; package scope applies, and widgets whose view the caller may not read
/// are left out.
#[utoipa::path(get, path = "/api/dashboard", operation_id = "dashboard", tag = "data", params(DashboardQuery),
    responses(
        (status = 200, description = "The dashboard and its widgets' rows", body = Dashboard),
        (status = 400, description = "No route, a route that is not a dashboard's, or a package, corridor or project that is not an id", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        (status = 404, description = "No dashboard is registered at this /dashboard/ route", body = crate::error::ErrorBody)
    ))]
#[get("/dashboard")]
pub async fn dashboard_read(
    caller: Caller,
    query: web::Query<DashboardQuery>,
    pairs: QueryPairs,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let route = required_route(query.route.as_deref())?;
    let answer = dashboard::read(&state, &caller, route, &pairs).await?;
    Ok(HttpResponse::Ok().json(answer))
}

fn required_route(route: Option<&str>) -> Result<&str, ApiError> {
    let route = route.map(str::trim).unwrap_or_default();
    if route.is_empty() {
        return Err(ApiError::BadRequest(
            "route: name the dashboard's console route, e.g. route=/dashboard/dms".into(),
        ));
    }
    Ok(route)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PrintQuery {
    /// `pdf` or `xlsx`.
    pub format: Option<String>,
    /// `a4` or `a3` (default: the dashboard's own, `[print]` of its file).
    pub paper: Option<String>,
}

/// A dashboard printed: a PDF laid out for A4 or A3 (typeset on the server, fonts embedded) or an XLSX sheet with
/// every row, of the same figures `GET /api/dashboard` answers for the same filters. The predefined reports are
/// the dashboards listed inside `/reports/predefined`.
#[utoipa::path(get, path = "/api/dashboard/print", operation_id = "dashboardPrint", tag = "data",
    params(DashboardQuery, PrintQuery),
    responses(
        (status = 200, description = "The file (Content-Disposition names it)", content_type = "application/pdf"),
        (status = 400, description = "No route, a route that is not a dashboard's, a format other than pdf or xlsx, a paper other than a4 or a3, or a package, corridor or project that is not an id", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden,
        (status = 404, description = "No dashboard is registered at this route", body = crate::error::ErrorBody),
        crate::http::responses::TooManyRequests
    ))]
#[get("/dashboard/print")]
pub async fn dashboard_print(
    caller: Caller,
    query: web::Query<DashboardQuery>,
    print_query: web::Query<PrintQuery>,
    pairs: QueryPairs,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let route = required_route(query.route.as_deref())?;
    let format = print_query
        .format
        .as_deref()
        .and_then(PrintFormat::parse)
        .ok_or_else(|| ApiError::BadRequest("format: choose pdf or xlsx".into()))?;
    let paper = match print_query.paper.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(
            Paper::parse(text)
                .ok_or_else(|| ApiError::BadRequest("paper: choose a4 or a3".into()))?,
        ),
    };
    let file = print::print(&state, &caller, route, &pairs, paper, format).await?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, format.content_type()))
        .insert_header((
            CONTENT_DISPOSITION,
            crate::files::names::disposition("attachment", &file.file_name),
        ))
        .body(file.bytes))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListedQuery {
    /// The console route of the screen that lists them, e.g. `/reports/predefined`.
    pub within: Option<String>,
}

/// The dashboards listed inside a screen (their files' `within`): the predefined reports of `/reports/predefined`,
/// with their titles, descriptions and paper. Only for callers who hold that screen.
#[utoipa::path(get, path = "/api/dashboards", operation_id = "dashboardsListed", tag = "data",
    params(ListedQuery),
    responses(
        (status = 200, description = "The dashboards, by title", body = Vec<ListedDashboard>),
        (status = 400, description = "No `within` route", body = crate::error::ErrorBody),
        crate::http::responses::Forbidden
    ))]
#[get("/dashboards")]
pub async fn dashboards_listed(
    caller: Caller,
    query: web::Query<ListedQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let within = query.within.as_deref().map(str::trim).unwrap_or_default();
    if within.is_empty() {
        return Err(ApiError::BadRequest(
            "within: name the screen's console route, e.g. within=/reports/predefined".into(),
        ));
    }
    Ok(HttpResponse::Ok().json(listed_within(&state.registry, &caller, within)?))
}
