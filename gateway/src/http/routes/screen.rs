//! `GET /api/screen?route=/masters/corridor`: what the console needs to render a data screen from the registry
//! (docs/architecture.md §3; the description is built by `compile::screen`). Only for callers who hold the route
//! (or superadmins), and for a register whose records wait on people, to anyone (`waiting_only`: the rows
//! they may read are the ones waiting on them).

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::auth::caller::Actions;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise;
use crate::pipeline::compile::screen::{self, ScreenMeta};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(screen_meta))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(screen_meta);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScreenQuery {
    /// A console route, e.g. `/masters/corridor`.
    pub route: String,
}

/// The metadata of the data screen at a console route.
#[utoipa::path(get, path = "/api/screen", operation_id = "screen", tag = "data", params(ScreenQuery),
    responses(
        (status = 200, description = "The screen's entry, list, form and column rules", body = ScreenMeta),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
    ))]
#[get("/screen")]
pub async fn screen_meta(
    caller: Caller,
    query: web::Query<ScreenQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let route = query.route.trim();
    let entry = screen::entry_at(&state.registry, route)?;
    let nothing = Actions {
        create: false,
        update: false,
        delete: false,
        export: false,
    };
    if let Err(refused) = authorise::screen(&caller, route) {
        // Someone a record waits on opens it from the pending list without the register's route.
        if !authorise::waits_on_people(entry) {
            return Err(refused);
        }
        let mut meta = screen::describe(&state.registry, entry, route, nothing);
        meta.waiting_only = true;
        return Ok(HttpResponse::Ok().json(meta));
    }
    let actions = caller.actions(route).unwrap_or(nothing);
    Ok(HttpResponse::Ok().json(screen::describe(&state.registry, entry, route, actions)))
}
