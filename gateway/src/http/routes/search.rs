//! `GET /api/data/{entry}/search`: full-text search with facets over a register that declares `[full_text]`
//! (docs/registry.md "Full-text search"). Thin: parse, authorise, run the engine's search, respond.

use actix_web::{web, HttpResponse};

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::ApiError;
use crate::pipeline::compile::full_text;
use crate::pipeline::full_text::{self as search, Search, SearchAnswer};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(search_register))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/data/{entry}/search").route(web::get().to(search_register)));
}

/// Finds records of a register by words in their fields and in the text of their files, with facets (the
/// register's `[full_text]`). Parameters: `q` (words, websearch syntax: `"exact phrase"`, `-not`, `or`; empty =
/// browse), each facet of the register by its name (may repeat or be comma-separated; ids for a look-up; the
/// document register's: `project`, `package`, `discipline`, `doc_type`, `state`, `status_code`), `from`, `to`
/// (YYYY-MM-DD, the last change), `sort` (`relevance` by default with words, `updated` without, or `number`),
/// `page` (from 1), `size` (1–100, 20). Only the records the caller may read: holders of the register's routes,
/// within their packages, under its `readers_see` (the document register: WIP only for the originator's
/// organisation). An unknown register, or one without `[full_text]`, answers 400.
#[utoipa::path(get, path = "/api/data/{entry}/search", operation_id = "search_register", tag = "data",
    params(
        ("entry" = String, Path, description = "A register with `[full_text]`", example = "dms_document"),
        ("q" = Option<String>, Query, description = "Words", example = "elastomeric bearing"),
        ("from" = Option<String>, Query, description = "Changed on or after (YYYY-MM-DD)"),
        ("to" = Option<String>, Query, description = "Changed on or before (YYYY-MM-DD)"),
        ("sort" = Option<String>, Query, description = "relevance, updated or number"),
        ("page" = Option<i64>, Query, description = "Page, from 1"),
        ("size" = Option<i64>, Query, description = "Hits per page, 1–100 (20)")
    ),
    responses(
        (status = 200, description = "The hits of the page, the total and the facet counts", body = SearchAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
pub async fn search_register(
    caller: Caller,
    timing: Timing,
    path: web::Path<String>,
    query: web::Query<Vec<(String, String)>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let spec = timing.time(Stage::Compile, || full_text::spec(&state.registry, &path))?;
    let parameters = timing.time(Stage::Parse, || Search::parse(&query, &spec))?;
    let answer = timing
        .time_async(
            Stage::Database,
            search::run(&state.pool, &state.registry, &spec, &caller, &parameters),
        )
        .await?;
    Ok(timing.time(Stage::Render, || HttpResponse::Ok().json(answer)))
}
