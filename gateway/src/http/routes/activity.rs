//! `GET /api/activity?before=`: the activity wall (`/dashboard/social-wall`), for the people who hold it.

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::auth::Caller;
use crate::console::activity;
use crate::error::ApiError;
use crate::http::page_cursor;
use crate::pipeline::{authorise, compile};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(activity_wall))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(activity_wall);
}

/// The console route of the wall; holding it lets one read the wall.
const WALL_ROUTE: &str = "/dashboard/social-wall";

#[derive(Debug, Deserialize)]
struct WallQuery {
    #[serde(default)]
    before: Option<String>,
}

/// The latest workflow events (who did what to which record) of the registers the caller reads, newest first,
/// a page at a time; each register's package scope and read rules apply, as on its screen.
#[utoipa::path(get, path = "/api/activity", tag = "console",
    params(("before" = Option<String>, Query, description = "The `next` of the page before: the events after it")),
    responses(
        (status = 200, description = "A page of events", body = crate::console::activity::WallPage),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
#[get("/activity")]
pub async fn activity_wall(
    caller: Caller,
    query: web::Query<WallQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, WALL_ROUTE)?;
    let before = page_cursor::before(query.before.as_deref())?;
    let read = compile::activity::wall_read(&state.registry, &caller, before)?;
    let page = activity::wall_page(&state.pool, &state.references, read).await?;
    Ok(HttpResponse::Ok().json(page))
}
